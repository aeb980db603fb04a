//! `xiangqi shards`: describe shards of training data, list them in a round's manifest, or
//! check them against it.

use super::manifest::{Entry, Manifest, COLUMNS};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `xiangqi shards SHARD... [--manifest FILE [--check]]`.
#[derive(Debug, Args)]
#[command(after_help = "\
Describes each shard (a games file of `xiangqi datagen`, with the sidecar SHARD.meta that
datagen writes beside it): its games, positions, bytes, sha256 and the settings its games
were made with, one tab-separated line each.
  --manifest FILE          lists the shards in FILE (a round's manifest, kept in the
                           repository), each in place of its old line, and prints the totals
  --manifest FILE --check  changes nothing: fails unless every shard is listed in FILE
                           as it is (the data a round was trained on, before training again)
Examples:
  xiangqi shards data/r2/*.bin --manifest crates/tools/data/shards/round-2.tsv
  xiangqi shards data/r2/*.bin --manifest crates/tools/data/shards/round-2.tsv --check")]
pub struct ShardsArgs {
    /// The shards
    #[arg(value_name = "SHARD", required = true)]
    pub shards: Vec<PathBuf>,
    /// The round's manifest to write the shards into (or check them against)
    #[arg(long, value_name = "FILE")]
    pub manifest: Option<PathBuf>,
    /// Check the shards against the manifest instead of writing it
    #[arg(long, requires = "manifest")]
    pub check: bool,
}

/// Runs `xiangqi shards`: lines or totals on `out`, what is wrong on `err`; the exit code.
pub fn run_shards(args: &ShardsArgs, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut entries = Vec::new();
    for path in &args.shards {
        match Entry::of_shard(path) {
            Ok(e) => entries.push(e),
            Err(e) => {
                let _ = writeln!(err, "xiangqi shards: {e}; nothing written");
                return 1;
            }
        }
    }
    let Some(path) = &args.manifest else {
        for e in &entries {
            let _ = writeln!(out, "{}", e.to_line());
        }
        return 0;
    };
    let mut manifest = match read_manifest(path, args.check) {
        Ok(m) => m,
        Err(e) => {
            let _ = writeln!(
                err,
                "xiangqi shards: {}: {e}; nothing written",
                path.display()
            );
            return 1;
        }
    };
    if args.check {
        return check(&manifest, &entries, path, out, err);
    }
    let mut changed = 0;
    for e in entries {
        changed += usize::from(manifest.put(e));
    }
    if let Err(e) = std::fs::write(path, manifest.to_text()) {
        let _ = writeln!(err, "xiangqi shards: cannot write {}: {e}", path.display());
        return 1;
    }
    let (games, positions) = manifest.totals();
    let _ = writeln!(
        out,
        "{}: {changed} of {} lines written; {} shards, {games} games, {positions} positions",
        path.display(),
        args.shards.len(),
        manifest.entries.len()
    );
    0
}

/// The manifest at `path`: a new one (with its column names) when there is none and it is to
/// be written.
fn read_manifest(path: &Path, check: bool) -> Result<Manifest, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Manifest::parse(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !check => Ok(Manifest {
            comments: vec![COLUMNS.to_string()],
            entries: Vec::new(),
        }),
        Err(e) => Err(e.to_string()),
    }
}

/// `--check`: every shard listed in `manifest` as it is.
fn check(
    manifest: &Manifest,
    entries: &[Entry],
    path: &Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let mut wrong = 0;
    for e in entries {
        match manifest.get(&e.name) {
            None => {
                wrong += 1;
                let _ = writeln!(err, "{}: not in {}", e.name, path.display());
            }
            Some(listed) if listed != e => {
                wrong += 1;
                let _ = writeln!(
                    err,
                    "{}: differs from {}\n  listed: {}\n  is:     {}",
                    e.name,
                    path.display(),
                    listed.to_line(),
                    e.to_line()
                );
            }
            Some(_) => {}
        }
    }
    if wrong > 0 {
        let _ = writeln!(
            err,
            "xiangqi shards: {wrong} of {} shards differ",
            entries.len()
        );
        return 1;
    }
    let games: u64 = entries.iter().map(|e| e.games).sum();
    let positions: u64 = entries.iter().map(|e| e.positions).sum();
    let _ = writeln!(
        out,
        "{} shards as {} lists them: {games} games, {positions} positions",
        entries.len(),
        path.display()
    );
    0
}
