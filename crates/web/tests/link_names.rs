//! The registry of the address's parameters (`records::link::names`) is the only place their
//! names are written: the docs' table says what the registry says, and no other source file of
//! the web crate spells a parameter's name where a link is read or written.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};
use xiangqi_web::records::link::names::PARAMS;

/// The rows of the table under "Link parameters" in docs/embedding.md: name, page, values,
/// meaning.
fn docs_table() -> Vec<[String; 4]> {
    let docs = include_str!("../../../docs/embedding.md");
    let section = docs
        .split("## Link parameters")
        .nth(1)
        .expect("docs/embedding.md has a section \"Link parameters\"");
    section
        .lines()
        .skip_while(|l| !l.starts_with("| parameter |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<String> = row
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect();
            assert_eq!(cells.len(), 4, "a row of four cells: {row}");
            [0, 1, 2, 3].map(|i| cells[i].clone())
        })
        .collect()
}

#[test]
fn the_docs_table_is_the_registry() {
    let registry: Vec<[String; 4]> = PARAMS
        .iter()
        .map(|p| {
            [
                format!("`{}`", p.name),
                p.page.label().to_string(),
                p.values.to_string(),
                p.meaning.to_string(),
            ]
        })
        .collect();
    assert_eq!(
        docs_table(),
        registry,
        "docs/embedding.md's table and PARAMS"
    );
}

/// Every Rust source file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where a source file writes a parameter's name as a link's: in a query (`?view=`, `&view=`),
/// compared with a parameter's key (`k == "ply"`), or in a list of names to read
/// (`url_params(&["view"...`). Tests are left out (they may spell links out), and so are the
/// saved game's fields and the UCI options, other formats that share some words.
fn literal_names(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or(text);
    let mut found = Vec::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let named = PARAMS.iter().any(|p| {
            let n = p.name;
            [
                format!("?{n}="),
                format!("&{n}="),
                format!("== \"{n}\""),
                format!("\"{n}\" =>"),
            ]
            .iter()
            .any(|pattern| line.contains(pattern.as_str()))
        });
        if named || line.contains("url_params(&[\"") {
            found.push(line.trim().to_string());
        }
    }
    found
}

#[test]
fn no_parameter_name_is_written_outside_the_registry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let other_formats = [
        "records/saved/",
        "uci/",
        "records/link/names.rs",
        "tests.rs",
    ];
    let mut offenders = Vec::new();
    for file in files {
        let rel = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if other_formats
            .iter()
            .any(|o| rel.starts_with(o) || rel.ends_with(o))
        {
            continue;
        }
        for line in literal_names(&fs::read_to_string(&file).unwrap()) {
            offenders.push(format!("{rel}: {line}"));
        }
    }
    assert!(
        offenders.is_empty(),
        "parameter names outside names.rs:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_check_finds_a_literal_name() {
    assert_eq!(
        literal_names("let q = format!(\"?view=puzzle&puzzle={id}\");").len(),
        1
    );
    assert_eq!(literal_names(".find(|(k, _)| k == \"ply\")").len(), 1);
    assert_eq!(
        literal_names("browser::url_params(&[\"endgame\"])").len(),
        1
    );
    assert_eq!(
        literal_names("    \"lang\" => Lang::from_key(v).is_none(),").len(),
        1
    );
    assert!(literal_names(".find(|(k, _)| k == PLY)").is_empty());
}
