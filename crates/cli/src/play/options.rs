//! How a game in the terminal starts: the options, their defaults, and the level in words.

use xiangqi::{Color, Position};
use xiangqi_ai::{Level, Player};

/// The level played unless `--level` says otherwise: v2 at depth 4.
pub const DEFAULT_LEVEL: u8 = 15;
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

/// What a level plays, in words, with its rating (measured as the page plays it; the timed
/// levels play somewhat stronger natively, docs/levels.md): "v2 alpha-beta, depth 4 (about
/// 920 Elo)".
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
        ) => format!("some skill, depth {depth}, softmax at {temperature} cp"),
        (Player::Strong, Some(ms), _) if ms < 1000 => format!("v3 search, {ms} ms a move"),
        (Player::Strong, Some(ms), _) => {
            format!("v3 search, {} s a move", ms as f64 / 1000.0)
        }
        (Player::Strong, None, Some(nodes)) => format!("v3 search, {nodes} nodes a move"),
        (Player::Strong, None, None) => "v3 search".to_string(),
    };
    let rating = level.rating_label().replace('≈', "about ");
    format!("{player} ({rating} Elo)")
}

/// Every level, one line each, tab-separated: number, rating, move time in milliseconds (`-`
/// for a level with a fixed depth or node budget, which plays the same moves on every
/// device), and what it plays (`xiangqi levels`; `scripts/rate-levels` reads it).
pub fn level_list() -> String {
    (1..=xiangqi_ai::MAX_LEVEL)
        .map(|n| {
            let level = Level::new(n);
            let ms = level
                .task(0)
                .limits
                .movetime_ms
                .map_or("-".to_string(), |ms| ms.to_string());
            let words = describe_level(n);
            let words = words.split(" (").next().unwrap_or_default();
            format!("{n}\t{}\t{ms}\t{words}\n", level.rating())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_list_has_every_level_and_its_time() {
        let list = level_list();
        let lines: Vec<Vec<&str>> = list.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), usize::from(xiangqi_ai::MAX_LEVEL));
        assert_eq!(lines[0][0], "1");
        assert_eq!(lines[1][3], "v1 greedy, one ply");
        let top = lines.last().unwrap();
        assert_eq!(&top[2..], ["8000", "v3 search, 8 s a move"]);
        assert_eq!(
            top[1],
            Level::new(xiangqi_ai::MAX_LEVEL).rating().to_string()
        );
    }

    #[test]
    fn a_level_is_described_with_its_rating() {
        let top = Level::new(26).rating();
        assert_eq!(
            describe_level(26),
            format!("v3 search, 8 s a move (about {top} Elo)")
        );
        assert_eq!(
            describe_level(19),
            format!(
                "v3 search, 20000 nodes a move (about {} Elo)",
                Level::new(19).rating()
            )
        );
        let weakest = -Level::new(1).rating();
        assert!(describe_level(1).ends_with(&format!("(about −{weakest} Elo)")));
    }
}
