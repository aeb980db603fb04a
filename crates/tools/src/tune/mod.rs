//! The evaluation's tuning pipeline: `xiangqi datagen` plays games and writes positions
//! with the games' results; `xiangqi tune` fits the evaluation's weights to them
//! (Texel's method) and writes `crates/xiangqi-ai/src/eval/weights.rs`.
//!
//! The data format is one position per line: a FEN, a semicolon, and the game's result
//! from Red's side, `1`, `0.5` or `0` (for example
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5`). Blank lines
//! and lines starting with `#` are skipped.
//!
//! The parts: [`args`] (the command lines), [`commands`] (what each runs), [`sample`] (the
//! data format), [`datagen`] (the self-play) and [`texel`] (the fit).

pub mod args;
pub mod commands;
pub mod datagen;
pub mod sample;
pub mod texel;

pub use args::{DatagenArgs, TuneArgs};
pub use commands::{run_datagen, run_tune};
pub use sample::{format_line, parse_line, read_samples, DataError, Sample, SampleError};
