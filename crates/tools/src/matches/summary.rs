//! The lines `xiangqi match` prints after the games.

use super::config::MatchConfig;
use super::elo::Tally;
use super::record::{count, pairs_of, MatchResult};
use super::thinking::Thinking;
use std::io::{self, Write};

/// The lines after the games: totals, score, Elo, and how the games ended.
pub fn write_summary(
    cfg: &MatchConfig,
    result: &MatchResult,
    seconds: f64,
    out: &mut dyn Write,
) -> io::Result<()> {
    let t = result.tally;
    let n = t.games();
    writeln!(out)?;
    writeln!(
        out,
        "Result of {} vs {}: {n} games in {seconds:.0} s",
        cfg.a, cfg.b
    )?;
    writeln!(
        out,
        "W/D/L: {}/{}/{} (for {})",
        t.wins, t.draws, t.losses, cfg.a
    )?;
    let mut red = Tally::default();
    let mut black = Tally::default();
    let (mut a_time, mut b_time) = (Thinking::default(), Thinking::default());
    for g in &result.records {
        count(if g.a_is_red { &mut red } else { &mut black }, g.for_a());
        let (a, b) = if g.a_is_red { (0, 1) } else { (1, 0) };
        a_time.add(g.thinking[a]);
        b_time.add(g.thinking[b]);
    }
    writeln!(
        out,
        "As Red: {}/{}/{}, as Black: {}/{}/{}",
        red.wins, red.draws, red.losses, black.wins, black.draws, black.losses
    )?;
    writeln!(
        out,
        "Score: {:.1}/{n} = {:.1}%",
        t.points(),
        t.score() * 100.0
    )?;
    let pairs = pairs_of(&result.records);
    if pairs.is_empty() {
        writeln!(
            out,
            "Elo difference: {}, LOS {:.1}%",
            t.elo(),
            t.los() * 100.0
        )?;
    } else {
        writeln!(
            out,
            "Elo difference: {}, LOS {:.1}% (interval over {} colour-swapped pairs; \
             pair scores 0/0.5/1/1.5/2: {:?})",
            pairs.elo(),
            t.los() * 100.0,
            pairs.len(),
            pairs.counts
        )?;
    }
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for g in &result.records {
        match kinds.iter_mut().find(|(k, _)| *k == g.ending.kind()) {
            Some((_, c)) => *c += 1,
            None => kinds.push((g.ending.kind(), 1)),
        }
    }
    kinds.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(y.0)));
    let kinds: Vec<String> = kinds.iter().map(|(k, c)| format!("{c} {k}")).collect();
    writeln!(out, "Endings: {}", kinds.join(", "))?;
    let plies: usize = result.records.iter().map(|g| g.moves.len()).sum();
    if n > 0 {
        writeln!(out, "Average length: {:.0} plies", plies as f64 / n as f64)?;
    }
    writeln!(
        out,
        "Per move: {} {}; {} {}",
        cfg.a,
        a_time.describe(),
        cfg.b,
        b_time.describe()
    )?;
    out.flush()
}
