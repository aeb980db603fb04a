//! Engine specifications, as given to `xiangqi match --a SPEC --b SPEC`, and the players they
//! start.
//!
//! | spec | player |
//! |---|---|
//! | `greedy` | v1 |
//! | `alphabeta[:depth=N][:margin=CP]` | v2 (default depth 4, margin 20) |
//! | `skill[:depth=N][:temperature=CP]` | v2's search with a softmax choice (default depth 2, temperature 100; temperature 0 to 10,000) |
//! | `level=N` | the UI's level N (see `xiangqi_ai::level`) |
//! | `pvs[:movetime=MS][:depth=N][:nodes=N][:tc=BASE+INC][:hash=MB][:threads=N]` | v3 within those limits (default 100 ms, 16 MB, one thread; depth 1 to 92, hash 1 to 4096, threads 1 to 256) |
//! | `uci:COMMAND[:opt=NAME=VALUE]...[:ranks=1][:movetime=MS][:depth=N][:nodes=N][:tc=BASE+INC][:timeout=MS][:dir=DIR][:name=NAME]` | an external UCI engine |
//! | `ucci:COMMAND[...the same keys]` | an external engine that speaks UCCI (ElephantEye) |
//!
//! For `uci:`, the parts after the command that start with one of the keys above are options;
//! the rest (colons included) is the command line, split into words as a shell would (quotes
//! group words, a backslash escapes a character). `opt=` may be given several times, each
//! sent as `setoption name NAME value VALUE`. `ranks=1` is for engines that number ranks 1-10
//! (Fairy-Stockfish writes `h3e3` for `h2e2`): moves are converted both ways. The default
//! search is `go movetime 100`; `timeout` is how long to wait for `bestmove` before the
//! engine is killed and loses the game (default: three times the move time plus 5 s, the time
//! left on its clock plus 5 s, or 60 s for searches by depth or nodes). `name=` is the
//! engine's name in the results (the whole spec otherwise); `hash=MB` is short for
//! `opt=Hash=MB`, `threads=N` for `opt=Threads=N`.
//!
//! `tc=BASE+INC` (seconds, like `tc=10+0.1`), for `pvs` and the external engines, puts the
//! engine on a game clock ([`clock`](super::clock)) instead of the default move time: it is
//! sent the time left on both clocks with each move and loses the game on time. Other limits
//! given with it (a move time, nodes, a depth) are sent too.
//!
//! `ucci:` takes the same keys for an engine that speaks UCCI, the older Chinese protocol:
//! options are sent as `setoption NAME VALUE` (`opt=usebook=false`), a move time as
//! `go time MS` (the whole time for this one move), and a clock as `go time ... increment
//! ... opptime ...`.

use super::builtin::Builtin;
use super::clock::TimeControl;
use super::command_line::split_command;
use super::error::{PlayerError, SpecError, SpecProblem};
use super::external::ExternalEngine;
use super::player::Player;
use super::uci_spec::{Protocol, UciSpec};
use crate::checks::{MAX_HASH_MB, MAX_SEARCH_DEPTH, MAX_THREADS};
use std::fmt;
use xiangqi_ai::{Level, Limits, Player as Who, Task, DEFAULT_HASH_MB, MAX_LEVEL};

/// Move time of `pvs` and `uci:` when no limit is given.
pub const DEFAULT_MOVETIME_MS: u64 = 100;

/// `limits`, or the default move time when they bound nothing and no clock `tc` does.
fn or_default_movetime(limits: Limits, tc: Option<TimeControl>) -> Limits {
    let bounded = limits.depth.is_some() || limits.nodes.is_some() || limits.movetime_ms.is_some();
    if !bounded && tc.is_none() {
        Limits::movetime(DEFAULT_MOVETIME_MS)
    } else {
        limits
    }
}

/// What plays one side of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A built-in player: its task (the seed is replaced for every move) and the size of its
    /// session's table.
    Builtin {
        /// Who thinks, within what.
        task: Task,
        /// Transposition table in megabytes.
        hash_mb: usize,
        /// Threads of the strong search.
        threads: usize,
    },
    /// An external engine.
    Uci(UciSpec),
}

impl Kind {
    fn builtin(task: Task) -> Kind {
        Kind::Builtin {
            task,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
        }
    }
}

/// An engine specification: what it is and the text it was given as (its name in results).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The text of the spec.
    pub text: String,
    /// What it stands for.
    pub kind: Kind,
    /// The game clock it plays on (`tc=`), if any.
    pub tc: Option<TimeControl>,
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn number<T: std::str::FromStr>(spec: &str, key: &str, value: &str) -> Result<T, SpecError> {
    value.parse().map_err(|_| {
        SpecError::new(
            spec,
            SpecProblem::NotANumber {
                key: key.to_string(),
                value: value.to_string(),
            },
        )
    })
}

/// A number from `min` to `max`: checked here, before a player sized by it is started.
fn ranged<T>(spec: &str, key: &str, value: &str, min: u64, max: u64) -> Result<T, SpecError>
where
    T: TryFrom<u64>,
{
    let n: u64 = number(spec, key, value)?;
    (min..=max)
        .contains(&n)
        .then(|| T::try_from(n).ok())
        .flatten()
        .ok_or_else(|| {
            SpecError::new(
                spec,
                SpecProblem::OutOfRange {
                    key: key.to_string(),
                    value: value.to_string(),
                    min,
                    max,
                },
            )
        })
}

fn time_control(spec: &str, value: &str) -> Result<TimeControl, SpecError> {
    value
        .parse()
        .map_err(|e| SpecError::new(spec, SpecProblem::TimeControl(e)))
}

fn key_value<'a>(spec: &str, part: &'a str) -> Result<(&'a str, &'a str), SpecError> {
    part.split_once('=')
        .ok_or_else(|| SpecError::new(spec, SpecProblem::NotKeyValue(part.to_string())))
}

impl std::str::FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        let text = text.trim();
        let spec = |kind| {
            Ok(EngineSpec {
                text: text.to_string(),
                kind,
                tc: None,
            })
        };
        let external = [("uci:", Protocol::Uci), ("ucci:", Protocol::Ucci)]
            .into_iter()
            .find_map(|(prefix, protocol)| Some((text.strip_prefix(prefix)?, protocol)));
        if let Some((rest, protocol)) = external {
            let (mut uci, name, tc) = parse_uci_spec(text, rest)?;
            uci.protocol = protocol;
            return Ok(EngineSpec {
                text: name.unwrap_or_else(|| text.to_string()),
                kind: Kind::Uci(uci),
                tc,
            });
        }
        let (head, rest) = text.split_once(':').unwrap_or((text, ""));
        let parts: Vec<&str> = rest.split(':').filter(|p| !p.is_empty()).collect();
        let unknown = |part: &str| {
            SpecError::new(
                text,
                SpecProblem::Unexpected {
                    part: part.to_string(),
                    engine: head.to_string(),
                },
            )
        };
        match head {
            "greedy" | "v1" => match parts.first() {
                None => spec(Kind::builtin(Task {
                    player: Who::Greedy { seed: 0 },
                    limits: Limits::default(),
                })),
                Some(p) => Err(unknown(p)),
            },
            "alphabeta" | "v2" => {
                let (mut depth, mut margin) = (4, 20);
                for p in parts {
                    match key_value(text, p)? {
                        ("depth", v) => depth = number(text, "depth", v)?,
                        ("margin", v) => margin = number(text, "margin", v)?,
                        _ => return Err(unknown(p)),
                    }
                }
                if !(1..=20).contains(&depth) {
                    return Err(SpecError::new(text, SpecProblem::Depth));
                }
                spec(Kind::builtin(Task {
                    player: Who::AlphaBeta {
                        depth,
                        margin,
                        seed: 0,
                    },
                    limits: Limits::default(),
                }))
            }
            "skill" => {
                let (mut depth, mut temperature) = (2, 100);
                for p in parts {
                    match key_value(text, p)? {
                        ("depth", v) => depth = number(text, "depth", v)?,
                        ("temperature", v) => {
                            temperature = ranged(text, "temperature", v, 0, 10_000)?
                        }
                        _ => return Err(unknown(p)),
                    }
                }
                if !(1..=20).contains(&depth) {
                    return Err(SpecError::new(text, SpecProblem::Depth));
                }
                spec(Kind::builtin(Task {
                    player: Who::Skill {
                        depth,
                        temperature,
                        seed: 0,
                    },
                    limits: Limits::default(),
                }))
            }
            "pvs" | "v3" => {
                let mut limits = Limits::default();
                let mut hash_mb = DEFAULT_HASH_MB;
                let mut threads = 1;
                let mut tc = None;
                for p in parts {
                    match key_value(text, p)? {
                        ("movetime", v) => limits.movetime_ms = Some(number(text, "movetime", v)?),
                        ("depth", v) => {
                            limits.depth = Some(ranged(text, "depth", v, 1, MAX_SEARCH_DEPTH)?)
                        }
                        ("nodes", v) => limits.nodes = Some(number(text, "nodes", v)?),
                        ("hash", v) => hash_mb = ranged(text, "hash", v, 1, MAX_HASH_MB)?,
                        ("threads", v) => threads = ranged(text, "threads", v, 1, MAX_THREADS)?,
                        ("tc", v) => tc = Some(time_control(text, v)?),
                        _ => return Err(unknown(p)),
                    }
                }
                Ok(EngineSpec {
                    text: text.to_string(),
                    kind: Kind::Builtin {
                        task: Task {
                            player: Who::Strong,
                            limits: or_default_movetime(limits, tc),
                        },
                        hash_mb,
                        threads,
                    },
                    tc,
                })
            }
            _ => {
                let level = text
                    .strip_prefix("level=")
                    .or_else(|| text.strip_prefix("level:"));
                match level.map(str::parse::<u8>) {
                    Some(Ok(n)) if (1..=MAX_LEVEL).contains(&n) => {
                        spec(Kind::builtin(Level::new(n).task(0)))
                    }
                    Some(_) => Err(SpecError::new(text, SpecProblem::Level)),
                    None => Err(SpecError::new(text, SpecProblem::UnknownEngine)),
                }
            }
        }
    }
}

const UCI_KEYS: [&str; 11] = [
    "opt", "ranks", "movetime", "depth", "nodes", "tc", "timeout", "dir", "hash", "threads", "name",
];

/// What follows `uci:`, read: the spec, the `name=` and the `tc=` given, if any.
type ReadUciSpec = (UciSpec, Option<String>, Option<TimeControl>);

/// Reads what follows `uci:`.
fn parse_uci_spec(text: &str, rest: &str) -> Result<ReadUciSpec, SpecError> {
    let mut name = None;
    let mut tc = None;
    let mut command_parts = Vec::new();
    let mut spec = UciSpec {
        protocol: Protocol::Uci,
        command: Vec::new(),
        dir: None,
        options: Vec::new(),
        rank_offset: 0,
        limits: Limits::default(),
        timeout_ms: None,
    };
    for part in rest.split(':') {
        let key = part.split_once('=').map(|(k, _)| k.trim());
        if !key.is_some_and(|k| UCI_KEYS.contains(&k)) {
            command_parts.push(part);
            continue;
        }
        let (key, value) = key_value(text, part)?;
        match key.trim() {
            "opt" => {
                let (name, value) = value.split_once('=').ok_or_else(|| {
                    SpecError::new(text, SpecProblem::OptionForm(part.to_string()))
                })?;
                spec.options.push((name.to_string(), value.to_string()));
            }
            // Hash is common enough to deserve a shortcut.
            "hash" => spec.options.push(("Hash".to_string(), value.to_string())),
            "threads" => spec
                .options
                .push(("Threads".to_string(), value.to_string())),
            "ranks" => match value {
                "0" => spec.rank_offset = 0,
                "1" => spec.rank_offset = 1,
                _ => return Err(SpecError::new(text, SpecProblem::Ranks)),
            },
            "movetime" => spec.limits.movetime_ms = Some(number(text, "movetime", value)?),
            "depth" => spec.limits.depth = Some(number(text, "depth", value)?),
            "nodes" => spec.limits.nodes = Some(number(text, "nodes", value)?),
            "tc" => tc = Some(time_control(text, value)?),
            "timeout" => spec.timeout_ms = Some(number(text, "timeout", value)?),
            "dir" => spec.dir = Some(value.to_string()),
            "name" => name = Some(value.to_string()),
            _ => unreachable!("every key of UCI_KEYS is handled"),
        }
    }
    spec.limits = or_default_movetime(spec.limits, tc);
    spec.command = split_command(&command_parts.join(":"))
        .map_err(|e| SpecError::new(text, SpecProblem::Command(e)))?;
    if spec.command.is_empty() {
        return Err(SpecError::new(text, SpecProblem::NoCommand));
    }
    Ok((spec, name, tc))
}

impl EngineSpec {
    /// Starts a player for this spec: a built-in one, or the external engine's process (an
    /// error if it cannot be started or does not answer the UCI handshake).
    pub fn start(&self) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match &self.kind {
            Kind::Uci(spec) => Box::new(ExternalEngine::start(spec.clone(), self.text.clone())?),
            Kind::Builtin {
                task,
                hash_mb,
                threads,
            } => Box::new(Builtin::new(task.clone(), *hash_mb, *threads)),
        })
    }
}

#[cfg(test)]
mod tests;
