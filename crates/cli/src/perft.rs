//! The `perft` command and the output that `go perft` shares with it.
//!
//! The format follows Stockfish's, so the usual perft comparison scripts read it unchanged:
//! one line per root move, sorted by the move text, a blank line, then the total.
//!
//! ```text
//! a0a1: 1290
//! a0a2: 1290
//! ...
//! i3i4: 1290
//!
//! Nodes searched: 79666
//! ```

use std::fmt;
use std::io::{self, Write};
use std::time::Instant;
use xiangqi::{FenError, Move, Position};

/// The deepest perft accepted. Depth 7 from the start position already takes minutes; the
/// cap only keeps a typo such as `go perft 99` from hanging the program for ever.
pub const MAX_DEPTH: u32 = 10;

/// A perft depth that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepthError(pub String);

impl fmt::Display for DepthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "perft depth \"{}\" is not a whole number from 1 to {MAX_DEPTH}",
            self.0
        )
    }
}

impl std::error::Error for DepthError {}

/// Reads a perft depth, from 1 to [`MAX_DEPTH`].
pub fn parse_depth(s: &str) -> Result<u32, DepthError> {
    match s.parse::<u32>() {
        Ok(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
        _ => Err(DepthError(s.to_string())),
    }
}

/// The legal moves of `pos` in the order the output lists them (by their text).
pub fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<(String, Move)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m.to_string(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves.into_iter().map(|(_, m)| m).collect()
}

/// Counts the leaves `depth` plies below `pos` (depth 1 or more), writing one line per root
/// move as soon as it is known, then the blank line and `Nodes searched: N`. Returns N.
/// `pos` is left as it was.
pub fn write_divide<W: Write>(out: &mut W, pos: &mut Position, depth: u32) -> io::Result<u64> {
    let mut total = 0;
    for m in sorted_moves(pos) {
        let undo = pos.make_move(m);
        let n = xiangqi::perft(pos, depth.saturating_sub(1));
        pos.unmake_move(m, undo);
        total += n;
        writeln!(out, "{m}: {n}")?;
        out.flush()?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {total}")?;
    out.flush()?;
    Ok(total)
}

/// What `xiangqi perft` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftArgs {
    /// Plies to count, 1 to [`MAX_DEPTH`].
    pub depth: u32,
    /// The root position (the start position unless `--fen` was given).
    pub position: Position,
}

/// Why the arguments of `xiangqi perft` cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// `-h` or `--help`: not an error, the caller prints the usage.
    Help,
    /// No depth was given.
    MissingDepth,
    /// The depth cannot be used.
    Depth(DepthError),
    /// `--fen` was the last argument.
    MissingFen,
    /// The FEN cannot be used.
    Fen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// An argument that means nothing here.
    Unexpected(String),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::Help => write!(f, "help requested"),
            ArgsError::MissingDepth => write!(f, "perft needs a depth, like `xiangqi perft 4`"),
            ArgsError::Depth(e) => fmt::Display::fmt(e, f),
            ArgsError::MissingFen => write!(f, "--fen needs a FEN after it"),
            ArgsError::Fen { fen, error } => write!(f, "bad FEN \"{fen}\": {error}"),
            ArgsError::Unexpected(a) => write!(f, "unexpected argument \"{a}\""),
        }
    }
}

impl std::error::Error for ArgsError {}

/// The usage of the perft command.
pub const USAGE: &str = "\
usage: xiangqi perft <depth> [--fen FEN]

Counts the leaf nodes of the legal move tree, one line per root move, then
`Nodes searched: N`; time and speed go to stderr. The depth is 1 to 10.
The FEN may be one quoted argument or the remaining arguments:
  xiangqi perft 3 --fen 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'
  xiangqi perft 3 --fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
";

/// Reads the arguments that follow `perft`: a depth, then optionally `--fen` and the FEN,
/// which takes every remaining argument (so it may be quoted as one or not). `--fen=FEN`
/// works too.
pub fn parse_args<S: AsRef<str>>(args: &[S]) -> Result<PerftArgs, ArgsError> {
    let mut depth = None;
    let mut fen: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_ref();
        if a == "-h" || a == "--help" {
            return Err(ArgsError::Help);
        } else if a == "--fen" {
            let rest: Vec<&str> = args[i + 1..].iter().map(AsRef::as_ref).collect();
            let text = rest.join(" ");
            if text.trim().is_empty() {
                return Err(ArgsError::MissingFen);
            }
            fen = Some(text);
            break;
        } else if let Some(text) = a.strip_prefix("--fen=") {
            fen = Some(text.to_string());
        } else if depth.is_none() && !a.starts_with('-') {
            depth = Some(parse_depth(a).map_err(ArgsError::Depth)?);
        } else {
            return Err(ArgsError::Unexpected(a.to_string()));
        }
        i += 1;
    }
    let depth = depth.ok_or(ArgsError::MissingDepth)?;
    let position = match fen {
        None => Position::start(),
        Some(fen) => {
            let fen = fen.trim().to_string();
            Position::from_fen(&fen).map_err(|error| ArgsError::Fen { fen, error })?
        }
    };
    Ok(PerftArgs { depth, position })
}

/// Runs `xiangqi perft` with the arguments after `perft`: the counts on `out`, timing or
/// errors on `err`. Returns the process exit code: 0, or 2 for bad arguments.
pub fn run<S: AsRef<str>, W: Write, E: Write>(args: &[S], out: &mut W, err: &mut E) -> u8 {
    let mut args = match parse_args(args) {
        Ok(a) => a,
        Err(ArgsError::Help) => {
            let _ = write!(out, "{USAGE}");
            return 0;
        }
        Err(e) => {
            let _ = writeln!(err, "xiangqi perft: {e}");
            let _ = writeln!(err, "{}", USAGE.lines().next().unwrap_or_default());
            return 2;
        }
    };
    let start = Instant::now();
    let nodes = match write_divide(out, &mut args.position, args.depth) {
        Ok(n) => n,
        // The reader went away (a closed pipe): nothing more to say.
        Err(_) => return 1,
    };
    let secs = start.elapsed().as_secs_f64();
    let mnps = if secs > 0.0 {
        nodes as f64 / secs / 1e6
    } else {
        0.0
    };
    let _ = writeln!(err, "Time: {secs:.3} s, speed: {mnps:.2} Mnps");
    0
}
