//! The computer players the worker runs: the engine's `xiangqi::ai` (levels 1..=8, progress
//! reports, and the caller's clock so the same code runs in a web worker).

pub use xiangqi_ai::{think, Info, Request, Score, Thought, MAX_LEVEL};
