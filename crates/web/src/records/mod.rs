//! What the page reads and writes to keep and share games: links to a position or game
//! ([`link`]), the game kept between visits and the recent games ([`saved`]), PGN and the
//! Chinese text record ([`pgn`]), the code that embeds the board in another page ([`embed`]),
//! diagrams of a position ([`diagram`]), and the sides' names as these write them
//! ([`side`]). Pure, tested natively.

pub mod diagram;
pub mod embed;
pub mod link;
pub mod pgn;
pub mod saved;
pub mod side;
