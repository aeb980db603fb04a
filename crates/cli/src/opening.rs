//! `xiangqi opening`: names the ECCO opening of moves from the start position, or of each game
//! of a record file.
//!
//! One line per game: the code, the Chinese name, then the English name after ` — `. For a
//! record that carries an `ECCO` tag that differs, the tag follows in brackets.

use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use xiangqi::notation::parse_uci;
use xiangqi::records::ecco::{classify, Opening};
use xiangqi::records::read_records;
use xiangqi::{Game, Position};

/// `xiangqi opening MOVE... | --pgn FILE`.
#[derive(Debug, Args)]
#[command(after_help = "\
Prints the ECCO code and the Chinese and English names of the opening (only the first
ten moves of each side count):
  xiangqi opening h2e2 h9g7 h0g2 i9h9 i0h0 b9c7
  xiangqi opening --pgn games.pgn
A record file may be XQF, DhtmlXQ, WXF or PGN; each game gets a line.")]
pub struct OpeningArgs {
    /// Moves from the start position, in UCI (h2e2)
    #[arg(value_name = "MOVE", conflicts_with = "pgn")]
    pub moves: Vec<String>,
    /// Classify each game of this record file instead
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
}

/// The line printed for an opening.
pub fn line(opening: &Opening) -> String {
    format!("{} {} — {}", opening.code, opening.chinese, opening.english)
}

/// The line for `moves` (UCI words), or why there is none.
pub fn of_moves(words: &[String]) -> Result<String, String> {
    if words.is_empty() {
        return Err("give moves in UCI from the start position (h2e2 h9g7 …) or --pgn FILE".into());
    }
    let mut game = Game::new();
    for (i, word) in words.iter().enumerate() {
        let m =
            parse_uci(word).map_err(|_| format!("\"{word}\" is not a move in UCI (like h2e2)"))?;
        game.play(m)
            .map_err(|e| format!("move {} ({word}) cannot be played: {e}", i + 1))?;
    }
    classify(&game.moves())
        .map(line)
        .ok_or_else(|| "no opening for these moves".to_string())
}

/// The lines for each game of a record file's `bytes`.
pub fn of_record(bytes: &[u8]) -> Result<Vec<String>, String> {
    let records = read_records(bytes).map_err(|e| e.to_string())?;
    Ok(records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let tree = &record.tree;
            let name = match classify(&tree.main_line().moves()) {
                _ if tree.start != Position::start() => {
                    "no opening: the game starts from a set-up position".to_string()
                }
                Some(opening) => {
                    let mut text = line(opening);
                    if let Some(tag) = tree
                        .tag("ECCO")
                        .filter(|t| !t.eq_ignore_ascii_case(opening.code))
                    {
                        text.push_str(&format!(" [the record says {tag}]"));
                    }
                    text
                }
                None => "no opening: no moves".to_string(),
            };
            if records.len() > 1 {
                format!("game {}: {name}", i + 1)
            } else {
                name
            }
        })
        .collect())
}

/// Runs the command; returns the exit status (1 for input that cannot be read).
pub fn run(args: &OpeningArgs, stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let lines = match &args.pgn {
        Some(path) => std::fs::read(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|bytes| of_record(&bytes).map_err(|e| format!("{}: {e}", path.display()))),
        None => of_moves(&args.moves).map(|l| vec![l]),
    };
    match lines {
        Ok(lines) => {
            for l in lines {
                let _ = writeln!(stdout, "{l}");
            }
            0
        }
        Err(e) => {
            let _ = writeln!(stderr, "xiangqi opening: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(t: &str) -> Vec<String> {
        t.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn moves_are_named_and_bad_ones_refused() {
        let l = of_moves(&words("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")).unwrap();
        assert!(l.starts_with("C00 中炮(其他)对屏风马 — "), "{l}");
        assert_eq!(
            of_moves(&words("h2e2 x")).unwrap_err(),
            "\"x\" is not a move in UCI (like h2e2)"
        );
        assert!(of_moves(&words("h2e2 h2e3"))
            .unwrap_err()
            .starts_with("move 2 (h2e3) cannot be played: "));
        assert!(of_moves(&[]).is_err());
    }

    #[test]
    fn a_record_tag_that_disagrees_is_shown_beside_the_answer() {
        let pgn = "[ECCO \"A00\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n";
        let lines = of_record(pgn.as_bytes()).unwrap();
        assert_eq!(lines.len(), 1);
        assert!(
            lines[0].starts_with("C00 ") && lines[0].ends_with(" [the record says A00]"),
            "{}",
            lines[0]
        );
        assert!(of_record(b"\x00\x01garbage").is_err());
    }
}
