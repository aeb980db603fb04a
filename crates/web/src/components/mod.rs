//! The page's components, one per file, each with its `Props`. They draw what they are given and
//! report what the person did; the state changes only through actions, which `app.rs` hands
//! them a way to dispatch. The game's page is laid out by [`board_area`] and [`panel`],
//! which share the [`play::Play`] they are drawn from; the diagram page is [`diagram_page`].
//!
//! The smallest pieces that keep no state (the top bar, the notice, the browsing buttons,
//! "copy embed code", the clocks, the pieces' legend, the recent games) are plain functions
//! returning `Html` rather than Yew components: each component costs the page's wasm some 5 KB
//! before compression in Yew's machinery, which the first-load budget has no room for, and
//! these gain nothing from props comparison.

pub mod analysis;
pub mod announcer;
pub mod board;
pub mod board_area;
pub mod browse;
pub mod clocks;
pub mod correspondence;
pub mod diagram_page;
pub mod editor_panel;
pub mod embed_code;
pub mod fen_box;
pub mod game_tools;
pub mod legend;
pub mod move_list;
pub mod notice;
pub mod panel;
pub mod play;
pub mod point;
pub mod records_panel;
pub mod replay;
pub mod result;
pub mod review_panel;
pub mod saved_games;
pub mod selectors;
pub mod status;
pub mod toolbar;
pub mod top_bar;
