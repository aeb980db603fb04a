//! What the page reads and writes to keep and share games: the records players keep, in any
//! form, made PGN in a worker of their own ([`convert`]; its channel, built for the browser
//! only, is `reader`), links to a position or game ([`link`]), the game kept between visits
//! and the recent games ([`saved`]), PGN and the Chinese text record ([`pgn`]), the code that
//! embeds the board in another page ([`embed`]), diagrams of a position ([`diagram`]), and the
//! sides' names as these write them ([`side`]). Pure but for the channel, tested natively.

pub mod convert;
pub mod diagram;
pub mod embed;
pub mod link;
pub mod pgn;
#[cfg(target_arch = "wasm32")]
pub mod reader;
pub mod saved;
pub mod side;
