//! Going on with a match that stopped: `--resume` reads the games already in the match's own
//! PGN file (`--pgn`), counts them, plays only the games it lacks, and appends those to the
//! file. A long match (a slow level, a sequential test) can so be played in parts, on days or
//! machines apart, and nothing played is lost when one part is stopped.
//!
//! The file must be this match's: each game's `Round` is its number in the match, its `Red`
//! and `Black` are the match's two engines as given, with A as Red in the odd games, its
//! `Opening` is the match's opening for that pair, and its moves begin with that opening and
//! are legal. Anything else is refused with the game and the reason, and nothing is played.
//! A last game the file ends in the middle of (the match stopped while writing it: it does not
//! read, or has fewer moves than its `PlyCount`) is cut from the file and played again.

use super::config::MatchConfig;
use super::ending::Ending;
use super::error::MatchError;
use super::pgn::time_control_tags;
use super::record::GameRecord;
use super::thinking::Thinking;
use std::collections::HashSet;
use std::path::Path;
use xiangqi::records::{read_records, GameResult};
use xiangqi::Color;

/// What an earlier part of a match left in its PGN file.
#[derive(Debug, Default)]
pub struct Earlier {
    /// Its complete games, in the order of their numbers.
    pub games: Vec<GameRecord>,
    /// When the file ends in a game cut off while it was written: the length, in bytes, of
    /// the file before that game, to which it is cut before more games are appended.
    pub cut_to: Option<u64>,
}

/// The games of an earlier part of the match `cfg`, read from its PGN at `path` (none if the
/// file does not exist).
pub fn earlier_games(cfg: &MatchConfig, path: &Path) -> Result<Earlier, MatchError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Earlier::default()),
        Err(error) => {
            return Err(MatchError::Pgn {
                path: path.to_path_buf(),
                error,
            })
        }
    };
    let refuse = |why: String| MatchError::Resume {
        path: path.to_path_buf(),
        why,
    };
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| refuse("it is not the UTF-8 text a match writes".into()))?;
    // Each game begins with its Game tag, as the match writes it.
    let starts: Vec<usize> = text
        .match_indices("[Game ")
        .map(|(i, _)| i)
        .filter(|&i| i == 0 || text.as_bytes()[i - 1] == b'\n')
        .collect();
    if !text[..starts.first().copied().unwrap_or(text.len())]
        .trim()
        .is_empty()
    {
        return Err(refuse("it does not begin with a game's Game tag".into()));
    }
    let total = cfg.pairs * 2;
    let mut seen = HashSet::new();
    let mut earlier = Earlier::default();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let last = i + 1 == starts.len();
        let at = |why: String| refuse(format!("game {} of the file: {why}", i + 1));
        let read = read_records(&bytes[start..end])
            .ok()
            .and_then(|mut r| (r.len() == 1).then(|| r.swap_remove(0)));
        // Whole: it reads, every move plays, and it has as many moves as it says.
        let whole = read.filter(|r| {
            r.faults.is_empty()
                && r.tree.tag("PlyCount").and_then(|n| n.parse().ok())
                    == Some(r.tree.main_line().len())
                && matches!(
                    r.tree.result,
                    Some(GameResult::RedWins | GameResult::BlackWins | GameResult::Draw)
                )
        });
        let Some(r) = whole else {
            if last {
                earlier.cut_to = Some(start as u64);
                break;
            }
            return Err(at("it does not read as a whole game".into()));
        };
        let tree = &r.tree;
        let tag = |name: &str| tree.tag(name).unwrap_or("").to_string();
        let number: usize = tag("Round")
            .parse()
            .ok()
            .filter(|n| (1..=total).contains(n))
            .ok_or_else(|| at(format!("its Round is not a game of 1 to {total}")))?;
        if !seen.insert(number) {
            return Err(at(format!("game {number} is in the file twice")));
        }
        let a_is_red = number % 2 == 1;
        let (red_spec, black_spec) = if a_is_red {
            (&cfg.a, &cfg.b)
        } else {
            (&cfg.b, &cfg.a)
        };
        let (red, black) = (&red_spec.text, &black_spec.text);
        if tag("Red") != *red || tag("Black") != *black {
            return Err(at(format!(
                "game {number} was played by {} (Red) and {} (Black), not by this match's {red} and {black}",
                tag("Red"),
                tag("Black")
            )));
        }
        // The clocks too, which a name= can hide.
        let clocks = time_control_tags(red_spec.tc, black_spec.tc);
        let written = ["TimeControl", "RedTimeControl", "BlackTimeControl"]
            .map(|name| (name, tag(name)))
            .into_iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| (k.to_string(), v))
            .collect::<Vec<_>>();
        if written != clocks {
            let said = |tags: &[(String, String)]| match tags {
                [] => "no clock".to_string(),
                tags => tags
                    .iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            return Err(at(format!(
                "game {number} was played with {}, not with this match's {}",
                said(&written),
                said(&clocks)
            )));
        }
        let opening = (number - 1) / 2;
        let line = &cfg.openings.get(opening).moves;
        if tag("Opening") != cfg.openings.tag(opening) {
            return Err(at(format!(
                "game {number} opened with {}, not with this match's {}",
                tag("Opening"),
                cfg.openings.tag(opening)
            )));
        }
        let moves = tree.main_line().moves();
        if !moves.starts_with(line) {
            return Err(at(format!(
                "game {number} does not begin with its opening's moves"
            )));
        }
        let winner = match tree.result {
            Some(GameResult::RedWins) => Some(Color::Red),
            Some(GameResult::BlackWins) => Some(Color::Black),
            _ => None,
        };
        earlier.games.push(GameRecord {
            number,
            opening,
            a_is_red,
            moves,
            ending: Ending::Earlier {
                winner,
                termination: tag("Termination"),
            },
            thinking: [Thinking::default(); 2],
        });
    }
    earlier.games.sort_by_key(|g| g.number);
    Ok(earlier)
}

#[cfg(test)]
mod tests;
