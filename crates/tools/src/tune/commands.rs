//! What `xiangqi datagen` and `xiangqi tune` do with their arguments: open the files, run
//! the self-play or the fit, and report.

use super::args::{DataFormat, DatagenArgs, TuneArgs};
use super::datagen;
use super::sample::read_samples;
use super::texel;
use crate::checks::writable;
use crate::shards;
use crate::train::{chosen_network_or_say, GameRecord, GamesError};
use std::io::Write;
use std::path::Path;

/// Runs `xiangqi datagen`; returns the exit code. Games go on from those already in the
/// file; a file that is not a games file is left as it is.
pub fn run_datagen(args: &DatagenArgs, log: &mut (dyn Write + Send)) -> u8 {
    let Some(network) = chosen_network_or_say(args.eval_file.as_deref(), args.hand_set, log) else {
        return 1;
    };
    let first_game = match args.format {
        DataFormat::Text => 0,
        DataFormat::Games => match existing_games(&args.out, log) {
            Ok(n) => n,
            Err(e) => {
                let _ = writeln!(log, "{}: {e}; nothing written", args.out.display());
                return 1;
            }
        },
    };
    // A games file is a shard: its sidecar says how its games were made, and a run that
    // would add games of another kind is refused.
    if args.format == DataFormat::Games {
        let settings = shards::Settings {
            format: "games".to_string(),
            nodes: args.nodes.max(1),
            random_plies: args.random_plies,
            seed: args.seed,
            network: shards::network_setting(network.as_ref(), args.eval_file.as_deref()),
            search: xiangqi_ai::bench::signature(network.clone()),
        };
        if let Err(e) = shards::claim(&args.out, &settings, &command_line(args)) {
            let _ = writeln!(log, "{}: {e}; nothing written", args.out.display());
            return 1;
        }
    }
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
        first_game,
        nodes: args.nodes.max(1),
        random_plies: args.random_plies,
        threads: args.threads.max(1),
        seed: args.seed,
        format: match args.format {
            DataFormat::Text => datagen::Format::Text,
            DataFormat::Games => datagen::Format::Games,
        },
        progress: true,
        network,
    };
    if first_game > 0 {
        let _ = writeln!(
            log,
            "{first_game} games already in {}: going on from there",
            args.out.display()
        );
    }
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

/// The command that makes the same data as `args` (for a shard's sidecar).
fn command_line(args: &DatagenArgs) -> String {
    let mut line = format!(
        "xiangqi datagen --format games --out {} --games {} --nodes {} --random-plies {} --threads {} --seed {}",
        args.out.display(),
        args.games,
        args.nodes,
        args.random_plies,
        args.threads,
        args.seed
    );
    match (&args.eval_file, args.hand_set) {
        (Some(path), _) => line.push_str(&format!(" --eval-file {}", path.display())),
        (None, true) => line.push_str(" --hand-set"),
        (None, false) => {}
    }
    line
}

/// The number of whole games in the games file at `path` (0 when there is none). A file that
/// ends inside a game, as a run stopped while writing it leaves one, is cut back to the last
/// whole game, and `log` says so: the next run writes that game again. Any other fault in
/// the file is an error, and the file is left as it is.
fn existing_games(path: &Path, log: &mut (dyn Write + Send)) -> Result<usize, String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e.to_string()),
    };
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let mut input = Counted {
        inner: std::io::BufReader::new(file),
        read: 0,
    };
    let (mut n, mut whole) = (0, 0);
    let torn = loop {
        match GameRecord::read(&mut input, n) {
            Ok(None) => break false,
            Ok(Some(_)) => {
                n += 1;
                whole = input.read;
            }
            Err(GamesError::Truncated { .. }) => break true,
            Err(e) => return Err(e.to_string()),
        }
    };
    if torn {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(whole));
        file.map_err(|e| format!("cannot cut back the unfinished game {n}: {e}"))?;
        let _ = writeln!(
            log,
            "{}: game {n} ends {} bytes in (the run that wrote it stopped): dropped",
            path.display(),
            size - whole
        );
    }
    Ok(n)
}

/// A reader that counts the bytes read through it.
struct Counted<R> {
    inner: R,
    read: u64,
}

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// Runs `xiangqi tune`, reporting on `out`; returns the exit code, having said why on `err`
/// if it is not 0.
pub fn run_tune(args: &TuneArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut fail = |e: &str| {
        let _ = writeln!(err, "xiangqi tune: {e}");
        1
    };
    if !(args.rate > 0.0 && args.rate.is_finite() && args.l2 >= 0.0 && args.l2.is_finite()) {
        return fail("--rate must be a finite number above 0 and --l2 one of 0 or more");
    }
    // The fit must not end in a file that cannot be written.
    if let Some(path) = &args.out {
        if let Err(e) = writable(path) {
            return fail(&e);
        }
    }
    let samples = match read_samples(&args.data) {
        Ok(s) if s.is_empty() => return fail("no positions in the data; nothing written"),
        Ok(s) => s,
        Err(e) => return fail(&format!("{e}; nothing written")),
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
            return fail(&format!("cannot write {}: {e}", path.display()));
        }
        let _ = writeln!(out, "weights written to {}", path.display());
    }
    0
}
