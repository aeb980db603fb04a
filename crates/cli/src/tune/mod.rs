//! The evaluation's tuning pipeline: `xiangqi datagen` plays games and writes positions
//! with the games' results; `xiangqi tune` fits the evaluation's weights to them
//! (Texel's method) and writes `crates/xiangqi-ai/src/eval/weights.rs`.
//!
//! The data format is one position per line: a FEN, a semicolon, and the game's result
//! from Red's side, `1`, `0.5` or `0` (for example
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1;0.5`). Blank lines
//! and lines starting with `#` are skipped.

pub mod datagen;
pub mod texel;

use crate::args::{DatagenArgs, TuneArgs};
use std::io::{BufRead, BufReader, Write};
use xiangqi::Position;

/// Runs `xiangqi datagen`; returns the exit code.
pub fn run_datagen(args: &DatagenArgs, log: &mut (dyn Write + Send)) -> u8 {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out);
    let mut file = match file {
        Ok(f) => std::io::BufWriter::new(f),
        Err(e) => {
            let _ = writeln!(log, "cannot write {}: {e}", args.out.display());
            return 1;
        }
    };
    let cfg = datagen::DatagenConfig {
        games: args.games,
        nodes: args.nodes.max(1),
        random_plies: args.random_plies,
        threads: args.threads.max(1),
        seed: args.seed,
    };
    match datagen::run(&cfg, &mut file, log) {
        Ok(n) => {
            let _ = writeln!(log, "{n} positions appended to {}", args.out.display());
            0
        }
        Err(e) => {
            let _ = writeln!(log, "{e}");
            1
        }
    }
}

/// Reads the data files; an unreadable file or a bad line is an error naming it.
pub fn read_samples(paths: &[std::path::PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (i, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            if let Some(s) =
                parse_line(&line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?
            {
                samples.push(s);
            }
        }
    }
    Ok(samples)
}

/// Runs `xiangqi tune`; returns the exit code.
pub fn run_tune(args: &TuneArgs, out: &mut dyn Write) -> u8 {
    let samples = match read_samples(&args.data) {
        Ok(s) if s.is_empty() => {
            let _ = writeln!(out, "no positions in the data");
            return 1;
        }
        Ok(s) => s,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return 1;
        }
    };
    // Every tenth position is held out, to see over-fitting.
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for (i, s) in samples.iter().enumerate() {
        let e = texel::Entry::new(s);
        if i % 10 == 9 {
            held_out.push(e);
        } else {
            train.push(e);
        }
    }
    drop(samples);
    let _ = writeln!(
        out,
        "{} positions for training, {} held out",
        train.len(),
        held_out.len()
    );
    let cfg = texel::TuneConfig {
        epochs: args.epochs,
        rate: args.rate,
        l2: args.l2,
        threads: args.threads.max(1),
    };
    let start = xiangqi_ai::eval::layout::current();
    let t = texel::tune(&train, &held_out, &start, &cfg, &mut |epoch, loss, held| {
        let _ = writeln!(out, "epoch {epoch}: loss {loss:.6}, held out {held:.6}");
    });
    let _ = writeln!(
        out,
        "K {:.3}; loss {:.6} -> {:.6}; held out {:.6} -> {:.6}",
        t.k, t.loss_before, t.loss_after, t.validation_before, t.validation_after
    );
    let mut changes: Vec<(f64, usize)> = t
        .weights
        .iter()
        .zip(&start)
        .enumerate()
        .map(|(i, (a, b))| ((a - b).abs(), i))
        .filter(|(d, _)| *d > 0.0)
        .collect();
    changes.sort_by(|a, b| b.0.total_cmp(&a.0));
    let _ = writeln!(out, "largest changes:");
    for &(_, i) in changes.iter().take(20) {
        let _ = writeln!(
            out,
            "  {}: {} -> {}",
            xiangqi_ai::eval::layout::name(i),
            start[i],
            t.weights[i]
        );
    }
    if let Some(path) = &args.out {
        let source = xiangqi_ai::eval::layout::to_source(&t.weights);
        if let Err(e) = std::fs::write(path, source) {
            let _ = writeln!(out, "cannot write {}: {e}", path.display());
            return 1;
        }
        let _ = writeln!(out, "weights written to {}", path.display());
    }
    0
}

/// One training position: the position and the result of its game for Red.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// 1 (Red won), 0.5 (draw) or 0 (Black won).
    pub result: f64,
}

/// Reads one line of the data format; `Ok(None)` for a blank or comment line.
pub fn parse_line(line: &str) -> Result<Option<Sample>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen, result) = line
        .rsplit_once(';')
        .ok_or_else(|| format!("\"{line}\": expected FEN;RESULT"))?;
    let result = match result.trim() {
        "1" | "1.0" | "1-0" => 1.0,
        "0.5" | "1/2-1/2" => 0.5,
        "0" | "0.0" | "0-1" => 0.0,
        other => return Err(format!("\"{other}\" is not a result: use 1, 0.5 or 0")),
    };
    let position = Position::from_fen(fen.trim()).map_err(|e| format!("\"{fen}\": {e}"))?;
    Ok(Some(Sample { position, result }))
}

/// The line for a sample.
pub fn format_line(position: &Position, result: f64) -> String {
    format!("{};{}", position.to_fen(), result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_ones_say_why() {
        let start = Position::start();
        let line = format_line(&start, 0.5);
        let s = parse_line(&line).unwrap().unwrap();
        assert_eq!(s.position, start);
        assert_eq!(s.result, 0.5);
        assert!(parse_line("  ").unwrap().is_none());
        assert!(parse_line("# comment").unwrap().is_none());
        assert!(parse_line("no result").unwrap_err().contains("FEN;RESULT"));
        let bad = format!("{};2", start.to_fen());
        assert!(parse_line(&bad).unwrap_err().contains("is not a result"));
        assert!(parse_line("9/9 w;1").is_err());
    }
}
