//! The search worker and the page's side of it: the request and reply types they exchange
//! ([`protocol`]), the engine that answers in the worker ([`engine`]), the game a request
//! describes ([`rebuild`]), the pool that deals a search out among several workers
//! ([`pool`]), the watchdog's patience ([`watchdog`]), a search run one iteration at a time
//! ([`steps`]), and, built for the browser only, the message channel's two ends (`bridge` for
//! the page, `serve` for the worker), the table the workers share (`shared_table`) and the
//! evaluation network they fetch (`network`). (The records' worker uses the same channel:
//! `records/reader.rs`.)
//!
//! All but the channel are pure and tested natively.

#[cfg(target_arch = "wasm32")]
pub mod bridge;
pub mod engine;
#[cfg(target_arch = "wasm32")]
pub mod network;
pub mod pool;
pub mod protocol;
pub mod rebuild;
#[cfg(target_arch = "wasm32")]
pub mod serve;
#[cfg(target_arch = "wasm32")]
pub mod shared_table;
pub mod steps;
pub mod watchdog;

pub use engine::Engine;
pub use protocol::{Line, Progress, SearchReply, SearchRequest};
