//! A round's manifest: a text file in the repository with one tab-separated line per shard
//! of its data — the shard's file name, games, positions, bytes, sha256 and the settings its
//! sidecar gives ([`Settings`]) — under comment lines (`#`) that are kept as written.

use super::{meta_path, sha256_hex, Settings};
use crate::train::{read_games, GamesError};
use std::path::Path;

/// The manifest's column names, written as its first comment line when it is new.
pub const COLUMNS: &str =
    "# shard\tgames\tpositions\tbytes\tsha256\tformat\tnodes\trandom-plies\tseed\tnetwork\tsearch";

/// One shard as the manifest lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The shard's file name (without its folder: shards move between machines).
    pub name: String,
    /// Games in the shard.
    pub games: u64,
    /// Searched positions in them (a training position each, before mirroring).
    pub positions: u64,
    /// The shard's size.
    pub bytes: u64,
    /// The shard's sha256, in hex.
    pub sha256: String,
    /// How its games were made.
    pub settings: Settings,
}

impl Entry {
    /// The shard at `path` described from its bytes and its sidecar; the error says what is
    /// missing or cannot be read.
    pub fn of_shard(path: &Path) -> Result<Entry, String> {
        let meta = meta_path(path);
        let text = std::fs::read_to_string(&meta)
            .map_err(|e| format!("{}: {e} (every shard has one)", meta.display()))?;
        let settings =
            Settings::from_meta(&text).map_err(|e| format!("{}: {e}", meta.display()))?;
        if settings.format != "games" {
            return Err(format!(
                "{}: a shard is a games file (`--format games`), not {}",
                path.display(),
                settings.format
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (mut games, mut positions) = (0, 0);
        for record in read_games(&mut &bytes[..]) {
            let record = record.map_err(|e| match e {
                // What a run stopped while writing a game leaves: its own command mends it.
                GamesError::Truncated { .. } => format!(
                    "{}: {e}: run the datagen command that made it again (its sidecar has it), \
                     which drops the unfinished game and goes on",
                    path.display()
                ),
                e => format!("{}: {e}", path.display()),
            })?;
            games += 1;
            positions += record.scores.len() as u64;
        }
        Ok(Entry {
            name: path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            games,
            positions,
            bytes: bytes.len() as u64,
            sha256: sha256_hex(&bytes),
            settings,
        })
    }

    /// The manifest's line for this shard (no newline).
    pub fn to_line(&self) -> String {
        let head = [
            self.name.clone(),
            self.games.to_string(),
            self.positions.to_string(),
            self.bytes.to_string(),
            self.sha256.clone(),
        ];
        head.into_iter()
            .chain(self.settings.values())
            .collect::<Vec<_>>()
            .join("\t")
    }

    /// The entry a manifest's line gives; the error says which field is wrong.
    pub fn from_line(line: &str) -> Result<Entry, String> {
        let f: Vec<&str> = line.split('\t').collect();
        let Ok([name, games, positions, bytes, sha256, settings @ ..]) =
            <[&str; 11]>::try_from(f.as_slice())
        else {
            return Err(format!("{} fields, not 11", f.len()));
        };
        let number = |text: &str, what: &str| {
            text.parse::<u64>()
                .map_err(|_| format!("{what} is not a number: {text}"))
        };
        Ok(Entry {
            name: name.to_string(),
            games: number(games, "games")?,
            positions: number(positions, "positions")?,
            bytes: number(bytes, "bytes")?,
            sha256: sha256.to_string(),
            settings: Settings::from_values(settings)?,
        })
    }
}

/// A manifest: its comment lines and its shards, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// The comment lines at its head.
    pub comments: Vec<String>,
    /// The shards.
    pub entries: Vec<Entry>,
}

impl Manifest {
    /// The manifest in `text`; the error names the line that is no shard's.
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let mut manifest = Manifest::default();
        for (n, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                manifest.comments.push(line.to_string());
            } else if !line.trim().is_empty() {
                let entry = Entry::from_line(line).map_err(|e| format!("line {}: {e}", n + 1))?;
                manifest.entries.push(entry);
            }
        }
        Ok(manifest)
    }

    /// The manifest's text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for line in &self.comments {
            out.push_str(line);
            out.push('\n');
        }
        for entry in &self.entries {
            out.push_str(&entry.to_line());
            out.push('\n');
        }
        out
    }

    /// The entry of the shard named `name`.
    pub fn get(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// Lists `entry`, in place of the line of a shard of the same name if there is one;
    /// true when that changed anything.
    pub fn put(&mut self, entry: Entry) -> bool {
        match self.entries.iter_mut().find(|e| e.name == entry.name) {
            Some(old) if *old == entry => false,
            Some(old) => {
                *old = entry;
                true
            }
            None => {
                self.entries.push(entry);
                true
            }
        }
    }

    /// Games and positions over every shard.
    pub fn totals(&self) -> (u64, u64) {
        self.entries
            .iter()
            .fold((0, 0), |(g, p), e| (g + e.games, p + e.positions))
    }
}
