//! How a game in the terminal starts: the options, their defaults, and the level in words.

use xiangqi::{Color, Position};
use xiangqi_ai::{Level, Player, RATING_FLOOR};

/// The level played unless `--level` says otherwise.
pub const DEFAULT_LEVEL: u8 = 3;
/// How long `hint` thinks, in milliseconds.
pub const DEFAULT_HINT_MS: u64 = 500;

/// How a session starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// The computer's level, 1..=[`xiangqi_ai::MAX_LEVEL`].
    pub level: u8,
    /// The side the person plays.
    pub human: Color,
    /// The position games start from (`new` goes back to it).
    pub start: Position,
    /// Draw with ANSI colours.
    pub color: bool,
    /// Seed of the computer's random choices (the randomized levels); each move gets its own.
    pub seed: u64,
    /// Milliseconds the `hint` search takes.
    pub hint_ms: u64,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            level: DEFAULT_LEVEL,
            human: Color::Red,
            start: Position::start(),
            color: false,
            seed: 1,
            hint_ms: DEFAULT_HINT_MS,
        }
    }
}

/// Whether to draw in colour by default: on a terminal, unless the `NO_COLOR` variable is
/// set to anything but the empty string.
pub fn want_color(no_color: Option<&std::ffi::OsStr>, terminal: bool) -> bool {
    terminal && !no_color.is_some_and(|v| !v.is_empty())
}

/// What a level plays, in words, with its approximate rating as this native binary plays it
/// (the page's, in its wasm build, differ: docs/levels.md): "v2 alpha-beta, depth 4 (about 920
/// Elo natively)".
pub fn describe_level(level: u8) -> String {
    let level = Level::new(level);
    let task = level.task(0);
    let player = match (task.player, task.limits.movetime_ms, task.limits.nodes) {
        (Player::Greedy { .. }, ..) => "v1 greedy, one ply".to_string(),
        (Player::AlphaBeta { depth, .. }, ..) => format!("v2 alpha-beta, depth {depth}"),
        (
            Player::Skill {
                depth, temperature, ..
            },
            ..,
        ) => format!("alpha-beta, depth {depth}, softmax at {temperature} cp"),
        (Player::Strong, Some(ms), _) if ms < 1000 => format!("v3 search, {ms} ms a move"),
        (Player::Strong, Some(ms), _) => {
            format!("v3 search, {} s a move", ms as f64 / 1000.0)
        }
        (Player::Strong, None, Some(nodes)) => format!("v3 search, {nodes} nodes a move"),
        (Player::Strong, None, None) => "v3 search".to_string(),
    };
    let rating = match level.shown_rating() {
        Some(r) => format!("about {r}"),
        None => format!("below {RATING_FLOOR}"),
    };
    format!("{player} ({rating} Elo natively)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_described_with_its_rating() {
        let eight = Level::new(8).rating();
        assert_eq!(
            describe_level(8),
            format!("v3 search, 8 s a move (about {eight} Elo natively)")
        );
        assert_eq!(
            describe_level(4),
            format!(
                "v3 search, 20000 nodes a move (about {} Elo natively)",
                Level::new(4).rating()
            )
        );
        assert!(describe_level(1).ends_with(&format!("(below {RATING_FLOOR} Elo natively)")));
    }
}
