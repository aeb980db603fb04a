//! Training data as shards: files of self-play games, each made by one `xiangqi datagen`
//! run (or runs that went on with it) on any machine, described by a sidecar and listed in a
//! round's manifest, so that rounds of data can be made piece by piece and joined.
//!
//! - **The sidecar** (`SHARD.meta`, beside the shard, [`Settings`]): the settings every game
//!   of the shard was made with — the format, nodes a move, random plies, seed, the network
//!   (its file's sha256) and the search (its bench signature with that network) — and the
//!   command that began it. `xiangqi datagen` writes it before the first game and refuses to
//!   add to a shard made with other settings, or to data with no sidecar, so a shard never
//!   mixes games of two kinds.
//! - **The manifest** ([`manifest`]): one line per shard, its name, counts, bytes, sha256
//!   and settings, kept in the repository while the data stays out of it; `xiangqi shards`
//!   writes and checks it ([`command`]).

pub mod command;
pub mod manifest;

use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xiangqi_ai::nnue::{built_in, Network};

/// How a shard's games were made: what its sidecar says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// `games` or `text` (`xiangqi datagen --format`).
    pub format: String,
    /// Nodes searched a move.
    pub nodes: u64,
    /// Random moves after each opening line.
    pub random_plies: usize,
    /// The seed of the random moves.
    pub seed: u64,
    /// The network the search evaluated with: `hand-set`, or `built-in NAME SHA256` or
    /// `file NAME SHA256` (the network file's sha256).
    pub network: String,
    /// The bench signature of the search with that network
    /// ([`xiangqi_ai::bench::signature`]): which search made the games.
    pub search: u64,
}

/// The keys of a sidecar, in the order written.
const KEYS: [&str; 6] = [
    "format",
    "nodes",
    "random-plies",
    "seed",
    "network",
    "search",
];

impl Settings {
    /// The sidecar's text: a comment, the settings one `key: value` line each, then the
    /// command that began the shard (not compared).
    pub fn to_meta(&self, command: &str) -> String {
        let mut out = String::from(
            "# The settings of every game in this shard of `xiangqi datagen` data (docs/tuning.md).\n",
        );
        for (key, value) in KEYS.iter().zip(self.values()) {
            let _ = writeln!(out, "{key}: {value}");
        }
        let _ = writeln!(out, "command: {command}");
        out
    }

    /// The settings' values, in the order of [`KEYS`] (a sidecar's lines, a manifest's last
    /// columns).
    pub(super) fn values(&self) -> [String; 6] {
        [
            self.format.clone(),
            self.nodes.to_string(),
            self.random_plies.to_string(),
            self.seed.to_string(),
            self.network.clone(),
            self.search.to_string(),
        ]
    }

    /// The settings of `values`, in the order of [`KEYS`]; the error names the key whose
    /// value is not a number.
    pub(super) fn from_values(values: [&str; 6]) -> Result<Settings, String> {
        let number = |i: usize| {
            values[i]
                .parse::<u64>()
                .map_err(|_| format!("`{}` is not a number: {}", KEYS[i], values[i]))
        };
        Ok(Settings {
            format: values[0].to_string(),
            nodes: number(1)?,
            random_plies: number(2)? as usize,
            seed: number(3)?,
            network: values[4].to_string(),
            search: number(5)?,
        })
    }

    /// The settings a sidecar's text gives; the error names the line or key that is wrong.
    pub fn from_meta(text: &str) -> Result<Settings, String> {
        let mut values: [Option<&str>; 6] = Default::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!("line {}: not `key: value`", n + 1));
            };
            match KEYS.iter().position(|&k| k == key.trim()) {
                Some(i) => values[i] = Some(value.trim()),
                None if key.trim() == "command" => {}
                None => return Err(format!("line {}: unknown key `{}`", n + 1, key.trim())),
            }
        }
        let mut given = [""; 6];
        for (i, value) in values.into_iter().enumerate() {
            given[i] = value.ok_or_else(|| format!("no `{}` line", KEYS[i]))?;
        }
        Settings::from_values(given)
    }

    /// The settings that differ between `self` (a shard's) and `other` (a run's), as
    /// `key: ours, not theirs` phrases; empty when they agree.
    pub fn differences(&self, other: &Settings) -> Vec<String> {
        KEYS.iter()
            .zip(self.values().into_iter().zip(other.values()))
            .filter(|(_, (a, b))| a != b)
            .map(|(key, (a, b))| format!("{key} {a}, not {b}"))
            .collect()
    }
}

/// The sidecar of the shard at `path`: the same name with `.meta` added.
pub fn meta_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".meta");
    PathBuf::from(name)
}

/// The sha256 of `bytes`, in hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// The `network` setting for a search with `net`, read from `eval_file` when one was given
/// (else the built-in network, or none: the hand-set evaluation).
pub fn network_setting(net: Option<&Arc<Network>>, eval_file: Option<&Path>) -> String {
    match (net, eval_file) {
        (None, _) => "hand-set".to_string(),
        (Some(_), Some(path)) => {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let sha =
                std::fs::read(path).map_or_else(|e| format!("unread ({e})"), |b| sha256_hex(&b));
            format!("file {name} {sha}")
        }
        (Some(_), None) => {
            let sha = built_in::bytes().map_or_else(|| "none".to_string(), sha256_hex);
            format!("built-in {} {sha}", built_in::NAME)
        }
    }
}

/// Makes sure the data at `out` may take games made with `settings`: a shard whose sidecar
/// says the same settings, or a new or empty file, for which the sidecar is written now
/// (with `command`). Refuses, saying why, a shard of other settings and data without a
/// sidecar.
pub fn claim(out: &Path, settings: &Settings, command: &str) -> Result<(), String> {
    let meta = meta_path(out);
    match std::fs::read_to_string(&meta) {
        Ok(text) => {
            let theirs =
                Settings::from_meta(&text).map_err(|e| format!("{}: {e}", meta.display()))?;
            let differ = theirs.differences(settings);
            if differ.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "its games were made with other settings ({}, says {}): give another --out",
                    differ.join("; "),
                    meta.display()
                ))
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let has_data = std::fs::metadata(out).is_ok_and(|m| m.len() > 0);
            if has_data {
                return Err(format!(
                    "it has data but no {} saying how it was made: give another --out",
                    meta.display()
                ));
            }
            std::fs::write(&meta, settings.to_meta(command))
                .map_err(|e| format!("cannot write {}: {e}", meta.display()))
        }
        Err(e) => Err(format!("cannot read {}: {e}", meta.display())),
    }
}

#[cfg(test)]
mod tests;
