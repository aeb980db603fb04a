//! The options the UCI engine announces, their values, and the task they make of a `go`.

use crate::worker::pool::MAX_WORKERS;
use xiangqi_ai::{Level, Limits, Player, Task, DEFAULT_HASH_MB, MAX_LEVEL};
use xiangqi_uci::option::spin;
pub use xiangqi_uci::option::OptionError;

/// Largest `Hash` in megabytes: the table lives in the wasm's memory, which is 4 GiB at most.
pub const MAX_HASH_MB: usize = 1024;

/// The options announced after `uci`, with their current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOptions {
    /// `Hash`: transposition table megabytes.
    pub hash_mb: usize,
    /// `Level`: 0 is the strong search within the `go` limits; 1..=8 plays as the page's
    /// level, within the `go` limits too.
    pub level: u8,
    /// `Threads`: the workers a strong search runs on, as the page's pool runs it.
    pub threads: usize,
    /// `Shared Table`: with `Threads` above one, the workers share one table, one answering
    /// and the others helping (Lazy SMP), as in a cross-origin isolated page; else the root
    /// moves are dealt out among them, each with its own table (`worker/pool.rs`), as in a
    /// page that is not isolated.
    pub shared_table: bool,
}

impl Default for UciOptions {
    fn default() -> Self {
        UciOptions {
            hash_mb: DEFAULT_HASH_MB,
            level: 0,
            threads: 1,
            shared_table: true,
        }
    }
}

impl UciOptions {
    /// The `option` lines `uci` lists.
    pub fn announce(&self) -> Vec<String> {
        vec![
            format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
            "option name Clear Hash type button".to_string(),
            format!("option name Threads type spin default 1 min 1 max {MAX_WORKERS}"),
            "option name Shared Table type check default true".to_string(),
            "option name EvalFile type string default <empty>".to_string(),
            format!("option name Level type spin default 0 min 0 max {MAX_LEVEL}"),
        ]
    }

    /// Applies `setoption` (but `Clear Hash`, which the engine carries out); the error says
    /// what is wrong and nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let value = value.map(str::trim).unwrap_or("");
        let spin = |min: u64, max: u64| spin(name, value, min, max);
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.hash_mb = spin(1, MAX_HASH_MB as u64)? as usize,
            "threads" => self.threads = spin(1, MAX_WORKERS as u64)? as usize,
            "level" => self.level = spin(0, u64::from(MAX_LEVEL))? as u8,
            "shared table" => {
                self.shared_table = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(OptionError::Choice {
                            name: "Shared Table",
                            choices: "true or false",
                            value: value.to_string(),
                        })
                    }
                }
            }
            _ => {
                return Err(OptionError::Unknown {
                    name: name.to_string(),
                })
            }
        }
        Ok(())
    }

    /// The task for `go` with `limits`: the strong search within them at `Level 0`, else the
    /// level's player and budget, which the limits can only shorten
    /// ([`Level::task_within`]). The seed is left 0: the worker's engine draws one.
    pub fn task(&self, mut limits: Limits) -> Task {
        limits.multipv = 1;
        if self.level > 0 {
            return Level::new(self.level).task_within(limits, 0);
        }
        Task {
            player: Player::Strong,
            limits,
        }
    }
}
