//! `xiangqi convert IN OUT`: reads a game record in any form the rules crate reads (XQF,
//! DhtmlXQ, a WXF file, PGN in any notation, UTF-8 or GBK) and writes it as PGN (WXF or
//! Chinese moves) or DhtmlXQ, variations and comments included. PGN gains the `ECCO`,
//! `Opening` and `Variation` tags of the main line's opening, unless the record names its
//! own code.
//!
//! A record that cannot be read gives one line on stderr and exit status 1; moves that
//! could not be played are named on stderr, and what was legal before them is written.

use clap::{Args, ValueEnum};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use xiangqi::notation::Notation;
use xiangqi::records::{read_records, write_dhtml, write_pgn};

/// The forms `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// PGN with WXF moves (C2.5)
    Pgn,
    /// PGN with Chinese moves (炮二平五)
    PgnChinese,
    /// DhtmlXQ, as web pages and forums embed it
    Dhtmlxq,
}

/// `xiangqi convert IN OUT [--to FORM] [--game N]`.
#[derive(Debug, Args)]
#[command(after_help = "\
The form of IN is told by its content, not its name: XQF (every version), DhtmlXQ,
a WXF file, or PGN (also a bare list of moves) in Chinese, WXF, ICCS or UCI, UTF-8 or
GBK. OUT is DhtmlXQ when it ends in .txt or .dhtml, else PGN with WXF moves; --to
chooses. `-` reads stdin or writes stdout:
  xiangqi convert game.xqf game.pgn
  xiangqi convert --to pgn-chinese game.pgn -
  cat page.html | xiangqi convert - game.dhtml")]
pub struct ConvertArgs {
    /// The record to read, `-` for stdin
    #[arg(value_name = "IN")]
    pub input: PathBuf,
    /// Where to write, `-` for stdout
    #[arg(value_name = "OUT")]
    pub output: PathBuf,
    /// The form to write (default: from OUT's extension)
    #[arg(long, value_enum, value_name = "FORM")]
    pub to: Option<Target>,
    /// Which game of a file that holds several, from 1
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub game: u64,
}

impl ConvertArgs {
    /// The form to write: `--to`, else DhtmlXQ for a `.txt` or `.dhtml` OUT, else PGN.
    pub fn target(&self) -> Target {
        self.to.unwrap_or_else(|| {
            let ext = self.output.extension().and_then(|e| e.to_str());
            match ext.map(str::to_ascii_lowercase).as_deref() {
                Some("txt" | "dhtml") => Target::Dhtmlxq,
                _ => Target::Pgn,
            }
        })
    }
}

/// The record `bytes` converted: the text of game `game` (from 1) in `target`, and the
/// notes for stderr (moves that could not be played, other games left out).
pub fn convert(bytes: &[u8], game: usize, target: Target) -> Result<(String, Vec<String>), String> {
    let records = read_records(bytes).map_err(|e| e.to_string())?;
    let count = records.len();
    let Some(record) = records.into_iter().nth(game.saturating_sub(1)) else {
        return Err(format!("there is no game {game}: the record holds {count}"));
    };
    let mut notes: Vec<String> = record.faults.iter().map(|f| f.to_string()).collect();
    if count > 1 {
        notes.push(format!(
            "the {} record holds {count} games; this is game {game} (--game N picks another)",
            record.format
        ));
    }
    let mut named = record.tree.clone();
    xiangqi::records::ecco::name_tree(&mut named);
    let text = match target {
        Target::Pgn => write_pgn(&named, Notation::Wxf),
        Target::PgnChinese => write_pgn(&named, Notation::Chinese),
        Target::Dhtmlxq => write_dhtml(&record.tree),
    };
    Ok((text, notes))
}

fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Runs the command; returns the exit status.
pub fn run(
    args: &ConvertArgs,
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let name = args.input.display();
    let mut bytes = Vec::new();
    let read = if is_stdio(&args.input) {
        stdin.read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(&args.input).map(|b| bytes = b)
    };
    if let Err(e) = read {
        let _ = writeln!(stderr, "xiangqi convert: cannot read {name}: {e}");
        return 1;
    }
    let game = usize::try_from(args.game).unwrap_or(usize::MAX);
    let (text, notes) = match convert(&bytes, game, args.target()) {
        Ok(done) => done,
        Err(e) => {
            let _ = writeln!(stderr, "xiangqi convert: {name}: {e}");
            return 1;
        }
    };
    for note in notes {
        let _ = writeln!(stderr, "xiangqi convert: {name}: {note}");
    }
    let written = if is_stdio(&args.output) {
        stdout.write_all(text.as_bytes())
    } else {
        std::fs::write(&args.output, text)
    };
    match written {
        Ok(()) => 0,
        Err(e) => {
            let out = args.output.display();
            let _ = writeln!(stderr, "xiangqi convert: cannot write {out}: {e}");
            1
        }
    }
}
