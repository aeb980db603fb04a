//! Plays a whole match: games on several threads, a line per game as it ends, the PGN file,
//! and the summary.

use super::config::MatchConfig;
use super::elo::Tally;
use super::error::MatchError;
use super::game::{play_game, Conditions};
use super::pgn::pgn;
use super::player::Player;
use super::record::{count, GameRecord, MatchResult};
use super::resume::{earlier_games, Earlier};
use super::sequential::Sequential;
use super::spec::EngineSpec;
use super::summary::write_summary;
use crate::seed::mix;
use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

enum Event {
    Done(GameRecord),
    Failed(MatchError),
}

fn game_line(cfg: &MatchConfig, g: &GameRecord, total: usize, t: &Tally) -> String {
    let (red, black) = if g.a_is_red {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    format!(
        "Game {}/{total} ({}): {red} - {black} {} {{{}}} {} plies; A +{} ={} -{}",
        g.number,
        cfg.openings.label(g.opening),
        g.ending.result_tag(),
        g.ending,
        g.moves.len(),
        t.wins,
        t.draws,
        t.losses,
    )
}

/// Plays the match, writing a line per game as it finishes and the summary at the end.
/// Fails if an engine cannot be started or the output cannot be written.
pub fn run_match(cfg: &MatchConfig, out: &mut dyn Write) -> Result<MatchResult, MatchError> {
    let total = cfg.pairs * 2;
    let concurrency = cfg.concurrency.clamp(1, total.max(1));
    // With --resume, the games of the earlier parts first (refused before anything is
    // written if the file is not this match's), then the file opened to append.
    let earlier = match (&cfg.pgn, cfg.resume) {
        (Some(path), true) => earlier_games(cfg, path)?,
        _ => Earlier::default(),
    };
    let mut pgn_file = match &cfg.pgn {
        Some(path) => {
            let opened = if cfg.resume {
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .and_then(|f| match earlier.cut_to {
                        // A game cut off while it was written goes; it is played again.
                        Some(len) => f.set_len(len).map(|_| f),
                        None => Ok(f),
                    })
            } else {
                File::create(path)
            };
            Some(opened.map_err(|error| MatchError::Pgn {
                path: path.clone(),
                error,
            })?)
        }
        None => None,
    };
    let io = MatchError::Output;
    let most = if cfg.sprt.is_some() { "at most " } else { "" };
    writeln!(
        out,
        "Match: A = {} vs B = {}, {most}{total} games ({} pairs, each opening with both colours), \
         openings {}, draw at {} plies, adjudication {}, seed {}, concurrency {concurrency}",
        cfg.a, cfg.b, cfg.pairs, cfg.openings, cfg.max_plies, cfg.adjudication, cfg.seed
    )
    .map_err(io)?;
    if let Some(sprt) = &cfg.sprt {
        let (lower, upper) = sprt.bounds();
        writeln!(
            out,
            "SPRT: {sprt}; bounds {lower:.2} and {upper:.2}; stops at a bound or after {} pairs",
            cfg.pairs
        )
        .map_err(io)?;
    }
    if cfg.pairs > cfg.openings.len() {
        writeln!(
            out,
            "Note: {} pairs asked, {} openings: the openings are used again in turn.",
            cfg.pairs,
            cfg.openings.len()
        )
        .map_err(io)?;
    }
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Event>();
    let mut records = Vec::with_capacity(total);
    let mut tally = Tally::default();
    let mut test = cfg.sprt.map(Sequential::new);
    let mut failure = None;
    let done: HashSet<usize> = earlier.games.iter().map(|g| g.number).collect();
    if let Some(path) = cfg.pgn.as_ref().filter(|_| cfg.resume) {
        let mut line = None;
        for g in earlier.games {
            count(&mut tally, g.for_a());
            if let Some(l) = test.as_mut().and_then(|t| t.add(&g)) {
                line = Some(l);
            }
            records.push(g);
        }
        let t = tally;
        writeln!(
            out,
            "Resumed: {} games from {}, W/D/L {}/{}/{} for A; the other {} to play",
            records.len(),
            path.display(),
            t.wins,
            t.draws,
            t.losses,
            total - records.len()
        )
        .map_err(io)?;
        if let Some(line) = line {
            writeln!(out, "{line}").map_err(io)?;
        }
        if test.as_ref().is_some_and(|t| t.verdict.is_some()) {
            abort.store(true, Ordering::Relaxed);
        }
    }
    out.flush().map_err(io)?;
    // No engine is started when the earlier parts played every game, or decided the test.
    let workers = if abort.load(Ordering::Relaxed) {
        0
    } else {
        concurrency.min(total - done.len())
    };
    std::thread::scope(|scope| -> Result<(), MatchError> {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, abort, done) = (&next, &abort, &done);
            scope.spawn(move || {
                let start = |spec: &EngineSpec, which: &'static str| {
                    spec.start().map_err(|error| {
                        abort.store(true, Ordering::Relaxed);
                        let _ = tx.send(Event::Failed(MatchError::Start {
                            which,
                            spec: spec.to_string(),
                            error,
                        }));
                    })
                };
                let Ok(mut a) = start(&cfg.a, "A") else {
                    return;
                };
                let Ok(mut b) = start(&cfg.b, "B") else {
                    return;
                };
                while !abort.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total {
                        break;
                    }
                    if done.contains(&(k + 1)) {
                        continue;
                    }
                    let opening = k / 2;
                    let a_is_red = k % 2 == 0;
                    let (red, black): (&mut dyn Player, &mut dyn Player) = if a_is_red {
                        (a.as_mut(), b.as_mut())
                    } else {
                        (b.as_mut(), a.as_mut())
                    };
                    let line = &cfg.openings.get(opening).moves;
                    let seed = mix(cfg.seed, k as u64);
                    let (red_tc, black_tc) = if a_is_red {
                        (cfg.a.tc, cfg.b.tc)
                    } else {
                        (cfg.b.tc, cfg.a.tc)
                    };
                    let conditions = Conditions {
                        max_plies: cfg.max_plies,
                        adjudication: cfg.adjudication,
                        clocks: [red_tc, black_tc],
                        seed,
                    };
                    let game = play_game(red, black, line, conditions);
                    let record = GameRecord {
                        number: k + 1,
                        opening,
                        a_is_red,
                        moves: game.moves,
                        ending: game.ending,
                        thinking: game.thinking,
                    };
                    if tx.send(Event::Done(record)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for event in rx {
            match event {
                Event::Done(g) => {
                    // Games still being played when the test decided are not counted.
                    if test.as_ref().is_some_and(|t| t.verdict.is_some()) {
                        continue;
                    }
                    count(&mut tally, g.for_a());
                    writeln!(out, "{}", game_line(cfg, &g, total, &tally)).map_err(io)?;
                    if let Some(line) = test.as_mut().and_then(|t| t.add(&g)) {
                        writeln!(out, "{line}").map_err(io)?;
                    }
                    if test.as_ref().is_some_and(|t| t.verdict.is_some()) {
                        abort.store(true, Ordering::Relaxed);
                    }
                    out.flush().map_err(io)?;
                    if let Some(f) = &mut pgn_file {
                        f.write_all(pgn(cfg, &g).as_bytes()).map_err(io)?;
                    }
                    records.push(g);
                }
                Event::Failed(e) => failure = Some(e),
            }
        }
        Ok(())
    })?;
    if let Some(e) = failure {
        return Err(e);
    }
    records.sort_by_key(|g| g.number);
    let result = MatchResult { records, tally };
    write_summary(cfg, &result, started.elapsed().as_secs_f64(), out).map_err(io)?;
    if let Some(t) = &test {
        writeln!(out, "{}", t.summary()).map_err(io)?;
        out.flush().map_err(io)?;
    }
    Ok(result)
}

/// Runs `xiangqi match`. Returns the exit code: 0, or 1 if an engine failed to start or the
/// output could not be written.
pub fn run<W: Write, E: Write>(cfg: &MatchConfig, out: &mut W, err: &mut E) -> u8 {
    match run_match(cfg, out) {
        Ok(_) => 0,
        Err(e) => {
            let _ = writeln!(err, "xiangqi match: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests;
