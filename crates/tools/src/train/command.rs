//! What `xiangqi train` does with its arguments: read the games, train, write the files.

use super::args::TrainArgs;
use super::files::{net_bytes, net_from_bytes};
use super::games::read_games;
use super::net::Net;
use super::quant::quantize;
use super::trainer::{hand_set_loss, samples, train, Sample, TrainConfig};
use crate::checks::writable;
use crate::seed::mix;
use std::io::Write;
use std::time::Instant;
use xiangqi_ai::nnue::{file, MAX_HIDDEN};

/// Runs `xiangqi train`, reporting on `out`; returns the exit code, having said why on `err`
/// if it is not 0.
pub fn run_train(args: &TrainArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    match train_with(args, out) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "xiangqi train: {e}");
            1
        }
    }
}

fn train_with(args: &TrainArgs, out: &mut dyn Write) -> Result<(), String> {
    // The ranges are clap's; these hold for arguments built otherwise too.
    let lambda = args.lambda as f32;
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda is from 0 to 1, not {}", args.lambda));
    }
    if !(args.rate > 0.0 && args.rate.is_finite() && args.decay > 0.0 && args.decay.is_finite()) {
        return Err("--rate and --decay must be finite numbers above 0".to_string());
    }
    if !(1..=MAX_HIDDEN).contains(&args.hidden) {
        return Err(format!(
            "--hidden is from 1 to {MAX_HIDDEN}, not {}",
            args.hidden
        ));
    }
    // Hours of training must not end in a file that cannot be written.
    for path in std::iter::once(&args.out).chain(&args.checkpoint) {
        writable(path)?;
    }
    // Every tenth game is held out: positions of one game are too alike to test each other.
    // The others are trained on with their mirror images (unless --no-mirror).
    let mut train_set: Vec<Sample> = Vec::new();
    let mut held_out: Vec<Sample> = Vec::new();
    let mut games = 0;
    for path in &args.data {
        let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut input = std::io::BufReader::new(file);
        for record in read_games(&mut input) {
            let record = record.map_err(|e| format!("{}: {e}", path.display()))?;
            let found = samples(&record, lambda);
            if games % 10 != 9 && !args.no_mirror {
                train_set.extend(found.iter().map(Sample::mirrored));
            }
            let part = if games % 10 == 9 {
                &mut held_out
            } else {
                &mut train_set
            };
            part.extend(found);
            games += 1;
        }
    }
    if train_set.len() < 10 || held_out.is_empty() {
        return Err(format!(
            "{} positions in {games} games: too few to train on",
            train_set.len() + held_out.len()
        ));
    }
    let mut net = match &args.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            net_from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Net::new(args.hidden, args.outputs, args.seed),
    };
    // The training positions are shuffled.
    let mut rng = args.seed;
    for i in (1..train_set.len()).rev() {
        rng = mix(rng, i as u64);
        train_set.swap(i, (rng % (i as u64 + 1)) as usize);
    }
    let _ = writeln!(
        out,
        "{games} games: {} positions for training, {} held out; {} hidden neurons a side, {} \
         output{}",
        train_set.len(),
        held_out.len(),
        net.hidden,
        net.outputs,
        if net.outputs == 1 {
            ""
        } else {
            "s (buckets by the chariots, horses and cannons)"
        }
    );
    let _ = writeln!(
        out,
        "held out: the hand-set evaluation's loss is {:.6}",
        hand_set_loss(&held_out)
    );
    let cfg = TrainConfig {
        epochs: args.epochs,
        batch: args.batch.max(1),
        rate: args.rate as f32,
        decay: args.decay as f32,
        threads: args.threads.max(1),
    };
    let started = Instant::now();
    let mut failed = None;
    train(
        &mut net,
        &train_set,
        &held_out,
        &cfg,
        &mut |epoch, net, loss, held| {
            let _ = writeln!(
                out,
                "epoch {epoch}: loss {loss:.6}, held out {held:.6}, {:.0} s",
                started.elapsed().as_secs_f64()
            );
            if !net.is_finite() {
                failed = Some(format!(
                    "the weights are no longer finite after epoch {epoch} (try a smaller --rate); nothing more written"
                ));
                return false;
            }
            if let Some(path) = &args.checkpoint {
                if let Err(e) = std::fs::write(path, net_bytes(net)) {
                    failed = Some(format!("{}: {e}", path.display()));
                    return false;
                }
            }
            true
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    std::fs::write(&args.out, file::write(&quantize(&net)))
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let _ = writeln!(out, "network written to {}", args.out.display());
    Ok(())
}
