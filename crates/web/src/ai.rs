//! The computer players as the page knows them: the levels it offers, and the score and
//! progress types the worker reports (see `agent.rs`).

pub use xiangqi_ai::{Level, Player, Score, Task, MAX_LEVEL};
