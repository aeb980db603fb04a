//! The games format: self-play games as their moves from the start position, the search's
//! score of every move it chose, and the result, in a few bytes a position.
//!
//! A file is a sequence of records, one per game, with nothing before or between them, so a
//! file can be appended to and files can be joined with `cat`. A record, little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 4 | `XQG1` |
//! | 1 | the result for Red: 0 a loss, 1 a draw, 2 a win |
//! | 2 | `n`, the plies played |
//! | 2 | `f`, the first ply the search chose (those before: the opening line and random moves) |
//! | 2 `n` | the moves, each [`Move::raw`] |
//! | 2 (`n` − `f`) | the score of each move from ply `f`: centipawns for the side to move, or a mate in `k` moves as ±([`MATE_SCORE`] − `k`) |
//!
//! Every position is the start position followed by the moves, so replaying a game gives each
//! position with its score, the move chosen there, and the result ([`GameRecord::positions`]).
//! A game of 150 plies takes 11 + 300 + about 290 bytes: 4 bytes a position.

use std::fmt;
use std::io::{self, Read};
use xiangqi::{Color, Game, Move, Position};
use xiangqi_ai::Score;

/// The first bytes of every record.
pub const MAGIC: [u8; 4] = *b"XQG1";
/// A mate in `k` moves is stored as ±(`MATE_SCORE` − `k`); centipawn scores stay below
/// [`MATE_SCORE`] − 1000 in magnitude.
pub const MATE_SCORE: i16 = 32_000;

/// How a game ended, for Red.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black won.
    Loss,
    /// Nobody won.
    Draw,
    /// Red won.
    Win,
}

impl Outcome {
    /// 0, 0.5 or 1.
    pub fn for_red(self) -> f64 {
        match self {
            Outcome::Loss => 0.0,
            Outcome::Draw => 0.5,
            Outcome::Win => 1.0,
        }
    }

    /// The outcome in which `winner` (if any) won.
    pub fn won_by(winner: Option<Color>) -> Outcome {
        match winner {
            Some(Color::Red) => Outcome::Win,
            Some(Color::Black) => Outcome::Loss,
            None => Outcome::Draw,
        }
    }
}

/// One game: the moves from the start position, the scores of the searched ones, the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Every move, from the start position.
    pub moves: Vec<Move>,
    /// The first ply the search chose; the moves before it were not searched.
    pub first_scored: usize,
    /// The score of each move from `first_scored` on, for the side to move (see [`score`]).
    pub scores: Vec<i16>,
    /// The result.
    pub outcome: Outcome,
}

/// A search's score as the format stores it.
pub fn score(s: Score) -> i16 {
    match s {
        Score::Cp(cp) => {
            cp.clamp(-i32::from(MATE_SCORE) + 1000, i32::from(MATE_SCORE) - 1000) as i16
        }
        Score::Mate(k) if k > 0 => MATE_SCORE - k.min(999) as i16,
        Score::Mate(k) => -MATE_SCORE + k.unsigned_abs().min(999) as i16,
    }
}

/// Whether a stored score is a mate.
pub fn is_mate(stored: i16) -> bool {
    stored.unsigned_abs() > (MATE_SCORE - 1000) as u16
}

/// Why games cannot be read.
#[derive(Debug)]
pub enum GamesError {
    /// The data cannot be read.
    Read(io::Error),
    /// A record does not start with [`MAGIC`].
    NotARecord {
        /// The record's number, from 0.
        game: usize,
    },
    /// The data ends inside a record.
    Truncated {
        /// The record's number, from 0.
        game: usize,
    },
    /// A record's fields disagree or hold no move.
    Malformed {
        /// The record's number, from 0.
        game: usize,
        /// What is wrong.
        what: String,
    },
}

impl fmt::Display for GamesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesError::Read(e) => write!(f, "cannot read the games: {e}"),
            GamesError::NotARecord { game } => {
                write!(f, "game {game}: not a game record (no XQG1)")
            }
            GamesError::Truncated { game } => write!(f, "game {game}: the data ends inside it"),
            GamesError::Malformed { game, what } => write!(f, "game {game}: {what}"),
        }
    }
}

impl std::error::Error for GamesError {}

impl GameRecord {
    /// The record's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let n = self.moves.len();
        let mut out = Vec::with_capacity(9 + 2 * n + 2 * self.scores.len());
        out.extend_from_slice(&MAGIC);
        out.push(match self.outcome {
            Outcome::Loss => 0,
            Outcome::Draw => 1,
            Outcome::Win => 2,
        });
        out.extend_from_slice(&(n as u16).to_le_bytes());
        out.extend_from_slice(&(self.first_scored as u16).to_le_bytes());
        for m in &self.moves {
            out.extend_from_slice(&m.raw().to_le_bytes());
        }
        for s in &self.scores {
            out.extend_from_slice(&s.to_le_bytes());
        }
        out
    }

    /// Reads record number `game` from `input`: `None` at the end of the data.
    pub fn read(input: &mut dyn Read, game: usize) -> Result<Option<GameRecord>, GamesError> {
        let mut head = [0u8; 9];
        match read_full(input, &mut head).map_err(GamesError::Read)? {
            0 => return Ok(None),
            9 => {}
            _ => return Err(GamesError::Truncated { game }),
        }
        if head[..4] != MAGIC {
            return Err(GamesError::NotARecord { game });
        }
        let malformed = |what: String| GamesError::Malformed { game, what };
        let outcome = match head[4] {
            0 => Outcome::Loss,
            1 => Outcome::Draw,
            2 => Outcome::Win,
            r => return Err(malformed(format!("the result is {r}, not 0, 1 or 2"))),
        };
        let n = u16::from_le_bytes([head[5], head[6]]) as usize;
        let first_scored = u16::from_le_bytes([head[7], head[8]]) as usize;
        if first_scored > n {
            return Err(malformed(format!(
                "the first searched ply {first_scored} is past the last ({n})"
            )));
        }
        let mut body = vec![0u8; 2 * n + 2 * (n - first_scored)];
        if read_full(input, &mut body).map_err(GamesError::Read)? < body.len() {
            return Err(GamesError::Truncated { game });
        }
        let words: Vec<u16> = body
            .chunks_exact(2)
            .map(|w| u16::from_le_bytes([w[0], w[1]]))
            .collect();
        let moves = words[..n]
            .iter()
            .enumerate()
            .map(|(ply, &raw)| {
                Move::from_raw(raw)
                    .filter(|m| !m.is_none())
                    .ok_or_else(|| malformed(format!("ply {}: {raw:#06x} is no move", ply + 1)))
            })
            .collect::<Result<Vec<Move>, GamesError>>()?;
        let scores = words[n..].iter().map(|&w| w as i16).collect();
        Ok(Some(GameRecord {
            moves,
            first_scored,
            scores,
            outcome,
        }))
    }

    /// Replays the game: each searched position with the move chosen there and its score.
    /// The error names the first move that is not legal.
    pub fn positions(&self) -> Result<Vec<(Position, Move, i16)>, String> {
        let mut game = Game::new();
        let mut out = Vec::with_capacity(self.scores.len());
        for (ply, &m) in self.moves.iter().enumerate() {
            if ply >= self.first_scored {
                let s = self.scores[ply - self.first_scored];
                out.push((game.position().clone(), m, s));
            }
            if !game.position().is_legal(m) {
                return Err(format!("ply {}: {m} is not legal", ply + 1));
            }
            game.play(m).map_err(|e| format!("ply {}: {e}", ply + 1))?;
        }
        Ok(out)
    }
}

/// Reads as many bytes as `buf` holds, fewer only at the end of the data.
fn read_full(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Every record of `input`, in order; an error ends the reading.
pub fn read_games(
    input: &mut dyn Read,
) -> impl Iterator<Item = Result<GameRecord, GamesError>> + '_ {
    let mut game = 0;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let record = GameRecord::read(input, game).transpose()?;
        failed = record.is_err();
        game += 1;
        Some(record)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn record() -> GameRecord {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
            .map(|m| parse_uci(m).unwrap())
            .to_vec();
        GameRecord {
            moves,
            first_scored: 2,
            scores: vec![25, -30, score(Score::Mate(3)), score(Score::Mate(-2))],
            outcome: Outcome::Win,
        }
    }

    #[test]
    fn a_record_reads_back_as_written_and_takes_four_bytes_a_searched_position() {
        let r = record();
        let bytes = r.encode();
        assert_eq!(bytes.len(), 9 + 2 * 6 + 2 * 4);
        assert_eq!(&bytes[..4], b"XQG1");
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes);
        let read: Vec<GameRecord> = read_games(&mut &two[..]).map(Result::unwrap).collect();
        assert_eq!(read, vec![r.clone(), r]);
        assert!(read_games(&mut &[][..]).next().is_none());
    }

    #[test]
    fn scores_keep_centipawns_and_mates() {
        assert_eq!(score(Score::Cp(-123)), -123);
        assert_eq!(score(Score::Cp(90_000)), MATE_SCORE - 1000);
        assert_eq!(score(Score::Mate(3)), 31_997);
        assert_eq!(score(Score::Mate(-2)), -31_998);
        assert!(is_mate(31_997) && is_mate(-31_998) && !is_mate(31_000) && !is_mate(-400));
    }

    #[test]
    fn replaying_gives_each_searched_position_its_move_and_score() {
        let positions = record().positions().unwrap();
        assert_eq!(positions.len(), 4);
        let (pos, m, s) = &positions[0];
        let after_two = Game::replay(Position::start(), &record().moves[..2]).unwrap();
        assert_eq!(pos, after_two.position());
        assert_eq!((m.to_string().as_str(), *s), ("h0g2", 25));
        assert_eq!(positions[3].2, -31_998);
        let mut bad = record();
        bad.moves[3] = parse_uci("a0a5").unwrap();
        assert!(bad.positions().unwrap_err().starts_with("ply 4"));
    }

    #[test]
    fn bad_data_is_named_with_its_game() {
        let bytes = record().encode();
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes[..bytes.len() - 1]);
        let read: Vec<_> = read_games(&mut &two[..]).collect();
        assert!(read[0].is_ok());
        assert!(matches!(read[1], Err(GamesError::Truncated { game: 1 })));
        assert_eq!(read.len(), 2, "an error ends the reading");
        let mut wrong = bytes.clone();
        wrong[0] = b'Y';
        let err = read_games(&mut &wrong[..]).next().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "game 0: not a game record (no XQG1)");
        let mut result = bytes.clone();
        result[4] = 7;
        let err = read_games(&mut &result[..]).next().unwrap().unwrap_err();
        assert_eq!(err.to_string(), "game 0: the result is 7, not 0, 1 or 2");
        let mut first = bytes;
        first[7] = 9;
        assert!(matches!(
            read_games(&mut &first[..]).next(),
            Some(Err(GamesError::Malformed { game: 0, .. }))
        ));
    }
}
