//! Every UCI option, in one table: its name, which engines offer it, its `option` line, how a
//! `setoption` value is read into [`Options`], and what the engine must do then. A new option
//! is a field of [`Options`] and a row of [`TABLE`], both here; [`Options::task`] turns the
//! values into the search a `go` runs.

use crate::option::{spin, OptionError};
use xiangqi_ai::{alphabeta, Level, Limits, Player, Task, DEFAULT_HASH_MB, MAX_LEVEL};

/// The options' values. An engine announces and accepts only the rows of [`TABLE`] it offers;
/// the others keep their defaults, which are what that engine does anyway.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `Hash`: transposition table megabytes.
    pub hash_mb: usize,
    /// `Threads`: threads (natively) or workers (the page's engine) of the strong search.
    pub threads: usize,
    /// `Shared Table` (the page's engine): with `Threads` above one, the workers share one
    /// table (Lazy SMP), as in a cross-origin isolated page; else they deal out the root
    /// moves, each with its own table, as in a page that is not isolated.
    pub shared_table: bool,
    /// `Algorithm` (native): which player answers `go`.
    pub algorithm: Algorithm,
    /// `Depth` (native): plies for the alpha-beta player when `go` gives no depth.
    pub depth: u32,
    /// `Seed` (native): for the randomized players; 0 draws a new seed for every search.
    pub seed: u64,
    /// `MultiPV` (native): lines the strong search reports.
    pub multipv: u32,
    /// `EvalFile`: the network's file, `<built-in>` for the one built into the native
    /// engine, empty or `<empty>` for the hand-set evaluation.
    pub eval_file: String,
    /// `Level`: 0 follows `Algorithm` and the `go` limits; 1..=8 plays as the app's level,
    /// whose budget the `go` limits can only shorten.
    pub level: u8,
    /// `Ponder` (native): the GUI says whether it will send `go ponder`. The engine answers
    /// `bestmove M ponder P` whenever it has a reply to expect, and ponders when told to.
    pub ponder: bool,
    /// `OwnBook` (native): answer from the built-in opening book while it knows the position
    /// (with a `Level`, only the levels that use the book do).
    pub own_book: bool,
}

/// The players `Algorithm` chooses among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// v1: one ply, greedy.
    Greedy,
    /// v2: fixed-depth alpha-beta, random among near-equal moves.
    AlphaBeta,
    /// v3: the strong search.
    Pvs,
}

/// Largest `Depth` for the alpha-beta player.
pub const MAX_AB_DEPTH: u32 = 12;

/// What setting an option asks of the engine besides keeping its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the next `go` reads the value.
    Kept,
    /// The table's size or the threads may have changed: [`crate::Searcher::configure`].
    Configure,
    /// Forget what the table holds: [`crate::Searcher::new_game`].
    ClearHash,
    /// Evaluate with another network: [`crate::Searcher::load_network`].
    Network,
}

/// A `setoption` as sent: the name as the GUI wrote it, and the value trimmed.
pub struct Sent<'a> {
    /// The option's name, as sent.
    pub name: &'a str,
    /// The value, trimmed (empty without one).
    pub value: &'a str,
}

impl Sent<'_> {
    fn spin(&self, min: u64, max: u64) -> Result<u64, OptionError> {
        spin(self.name, self.value, min, max)
    }

    fn check(&self, name: &'static str) -> Result<bool, OptionError> {
        self.choice(name, "true or false", &[("true", true), ("false", false)])
    }

    fn choice<T: Copy>(
        &self,
        name: &'static str,
        choices: &'static str,
        values: &[(&str, T)],
    ) -> Result<T, OptionError> {
        let found = values
            .iter()
            .find(|(v, _)| v.eq_ignore_ascii_case(self.value));
        found.map(|&(_, v)| v).ok_or_else(|| OptionError::Choice {
            name,
            choices,
            value: self.value.to_string(),
        })
    }
}

/// Which engine speaks: they offer different options ([`TABLE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Front {
    /// The native `xiangqi uci`.
    Native,
    /// The page's search engine under node (`scripts/wasm-uci`).
    Page,
}

/// What an engine can do, and its options' bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Which engine it is.
    pub front: Front,
    /// The name after `id name`.
    pub name: String,
    /// Largest `Hash` in megabytes.
    pub max_hash_mb: usize,
    /// Largest `Threads`.
    pub max_threads: usize,
    /// `EvalFile`'s default.
    pub eval_file: &'static str,
    /// Whether `go perft` counts (the page's engine only searches).
    pub counts: bool,
    /// Whether `go ponder` ponders (the page's engine searches at once instead).
    pub ponders: bool,
    /// Whether `position` plays moves past an ending the rules judged, as a GUI may (the
    /// native engine), or refuses them as the page's worker does when it rebuilds a game.
    pub plays_on: bool,
}

/// One option: a row of [`TABLE`].
pub struct Row {
    /// Its name as announced (`setoption` reads it in any case).
    pub name: &'static str,
    /// The engines that offer it.
    pub offered: &'static [Front],
    /// Its `option` line from `type` on, for an engine with these bounds.
    pub declare: fn(&Caps) -> String,
    /// Reads a value into the options; the error says why it cannot be used.
    pub set: fn(&mut Options, &Caps, &Sent) -> Result<(), OptionError>,
    /// What the engine must do once the value is set.
    pub effect: Effect,
}

const BOTH: &[Front] = &[Front::Native, Front::Page];
const NATIVE: &[Front] = &[Front::Native];
const PAGE: &[Front] = &[Front::Page];

/// Every option, in the order `uci` announces them.
pub const TABLE: &[Row] = &[
    Row {
        name: "Hash",
        offered: BOTH,
        declare: |c| format!("spin default {DEFAULT_HASH_MB} min 1 max {}", c.max_hash_mb),
        set: |o, c, s| {
            s.spin(1, c.max_hash_mb as u64)
                .map(|v| o.hash_mb = v as usize)
        },
        effect: Effect::Configure,
    },
    Row {
        name: "Clear Hash",
        offered: BOTH,
        declare: |_| "button".to_string(),
        set: |_, _, _| Ok(()),
        effect: Effect::ClearHash,
    },
    Row {
        name: "Threads",
        offered: BOTH,
        declare: |c| format!("spin default 1 min 1 max {}", c.max_threads),
        set: |o, c, s| {
            s.spin(1, c.max_threads as u64)
                .map(|v| o.threads = v as usize)
        },
        effect: Effect::Configure,
    },
    Row {
        name: "Shared Table",
        offered: PAGE,
        declare: |_| "check default true".to_string(),
        set: |o, _, s| s.check("Shared Table").map(|v| o.shared_table = v),
        effect: Effect::Configure,
    },
    Row {
        name: "Algorithm",
        offered: NATIVE,
        declare: |_| "combo default pvs var greedy var alphabeta var pvs".to_string(),
        set: |o, _, s| {
            let players = [
                ("greedy", Algorithm::Greedy),
                ("alphabeta", Algorithm::AlphaBeta),
                ("pvs", Algorithm::Pvs),
            ];
            s.choice("Algorithm", "greedy, alphabeta or pvs", &players)
                .map(|v| o.algorithm = v)
        },
        effect: Effect::Configure,
    },
    Row {
        name: "Depth",
        offered: NATIVE,
        declare: |_| format!("spin default 4 min 1 max {MAX_AB_DEPTH}"),
        set: |o, _, s| s.spin(1, MAX_AB_DEPTH.into()).map(|v| o.depth = v as u32),
        effect: Effect::Configure,
    },
    Row {
        name: "Seed",
        offered: NATIVE,
        declare: |_| "spin default 0 min 0 max 2147483647".to_string(),
        set: |o, _, s| s.spin(0, 2_147_483_647).map(|v| o.seed = v),
        effect: Effect::Configure,
    },
    Row {
        name: "MultiPV",
        offered: NATIVE,
        declare: |_| "spin default 1 min 1 max 16".to_string(),
        set: |o, _, s| s.spin(1, 16).map(|v| o.multipv = v as u32),
        effect: Effect::Configure,
    },
    Row {
        name: "EvalFile",
        offered: BOTH,
        declare: |c| format!("string default {}", c.eval_file),
        set: |o, _, s| {
            o.eval_file = s.value.to_string();
            Ok(())
        },
        effect: Effect::Network,
    },
    Row {
        name: "Level",
        offered: BOTH,
        declare: |_| format!("spin default 0 min 0 max {MAX_LEVEL}"),
        set: |o, _, s| s.spin(0, MAX_LEVEL.into()).map(|v| o.level = v as u8),
        effect: Effect::Configure,
    },
    Row {
        name: "OwnBook",
        offered: NATIVE,
        declare: |_| "check default false".to_string(),
        set: |o, _, s| s.check("OwnBook").map(|v| o.own_book = v),
        effect: Effect::Kept,
    },
    Row {
        name: "Ponder",
        offered: NATIVE,
        declare: |_| "check default false".to_string(),
        set: |o, _, s| s.check("Ponder").map(|v| o.ponder = v),
        effect: Effect::Kept,
    },
];

impl Options {
    /// The defaults of an engine with these bounds.
    pub fn new(caps: &Caps) -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            shared_table: true,
            algorithm: Algorithm::Pvs,
            depth: 4,
            seed: 0,
            multipv: 1,
            eval_file: caps.eval_file.to_string(),
            level: 0,
            ponder: false,
            own_book: false,
        }
    }

    /// The rows an engine offers, in the order `uci` lists them.
    pub fn offered(caps: &Caps) -> impl Iterator<Item = &'static Row> + '_ {
        TABLE.iter().filter(|row| row.offered.contains(&caps.front))
    }

    /// The `option` lines `uci` lists.
    pub fn announce(caps: &Caps) -> impl Iterator<Item = String> + '_ {
        Options::offered(caps)
            .map(|row| format!("option name {} type {}", row.name, (row.declare)(caps)))
    }

    /// Reads `setoption name NAME value VALUE` into the options, and says what the engine must
    /// do; the error says what is wrong, and nothing changes then.
    pub fn set(
        &mut self,
        caps: &Caps,
        name: &str,
        value: Option<&str>,
    ) -> Result<Effect, OptionError> {
        let Some(row) = Options::offered(caps).find(|row| row.name.eq_ignore_ascii_case(name))
        else {
            return Err(OptionError::Unknown {
                name: name.to_string(),
            });
        };
        let sent = Sent {
            name,
            value: value.map_or("", str::trim),
        };
        (row.set)(self, caps, &sent)?;
        Ok(row.effect)
    }

    /// The task for `go` with `limits`: the player the options choose, drawing with `seed`.
    /// With a `Level`, the level's player and budget, which the GUI's limits (a clock
    /// included) can only shorten: [`Level::task_within`].
    pub fn task(&self, mut limits: Limits, seed: u64) -> Task {
        limits.multipv = self.multipv;
        limits.book = self.own_book.then_some(seed);
        if self.level > 0 {
            return Level::new(self.level).task_within(limits, seed);
        }
        let player = match self.algorithm {
            Algorithm::Greedy => Player::Greedy { seed },
            Algorithm::AlphaBeta => Player::AlphaBeta {
                depth: self.depth,
                margin: alphabeta::DEFAULT_MARGIN,
                seed,
            },
            Algorithm::Pvs => Player::Strong,
        };
        Task { player, limits }
    }
}
