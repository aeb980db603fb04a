//! The training data: one position and its game's result per line, `FEN;RESULT`.

use std::fmt;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use xiangqi::{FenError, Position};

/// Why a line of training data cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SampleError {
    /// The line has no `;RESULT`.
    NoResult {
        /// The line, trimmed.
        line: String,
    },
    /// The result is not 1, 0.5 or 0.
    BadResult {
        /// The text after the last `;`, trimmed.
        text: String,
    },
    /// The FEN is not a position.
    Fen {
        /// The text before the last `;`.
        fen: String,
        /// Why.
        error: FenError,
    },
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::NoResult { line } => write!(f, "\"{line}\": expected FEN;RESULT"),
            SampleError::BadResult { text } => {
                write!(f, "\"{text}\" is not a result: use 1, 0.5 or 0")
            }
            SampleError::Fen { fen, error } => write!(f, "\"{fen}\": {error}"),
        }
    }
}

impl std::error::Error for SampleError {}

/// Why the training data cannot be read.
#[derive(Debug)]
pub enum DataError {
    /// A file cannot be opened or read.
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        error: io::Error,
    },
    /// A line is not `FEN;RESULT`.
    Line {
        /// The file.
        path: PathBuf,
        /// The line's number, from 1.
        number: usize,
        /// Why.
        error: SampleError,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Read { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            DataError::Line {
                path,
                number,
                error,
            } => write!(f, "{}:{number}: {error}", path.display()),
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Read { error, .. } => Some(error),
            DataError::Line { error, .. } => Some(error),
        }
    }
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
pub fn parse_line(line: &str) -> Result<Option<Sample>, SampleError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen, result) = line.rsplit_once(';').ok_or_else(|| SampleError::NoResult {
        line: line.to_string(),
    })?;
    let result = match result.trim() {
        "1" | "1.0" | "1-0" => 1.0,
        "0.5" | "1/2-1/2" => 0.5,
        "0" | "0.0" | "0-1" => 0.0,
        other => {
            return Err(SampleError::BadResult {
                text: other.to_string(),
            })
        }
    };
    let position = Position::from_fen(fen.trim()).map_err(|error| SampleError::Fen {
        fen: fen.to_string(),
        error,
    })?;
    Ok(Some(Sample { position, result }))
}

/// The line for a sample.
pub fn format_line(position: &Position, result: f64) -> String {
    format!("{};{}", position.to_fen(), result)
}

/// Reads the data files; an unreadable file or a bad line is an error naming it.
pub fn read_samples(paths: &[PathBuf]) -> Result<Vec<Sample>, DataError> {
    let read = |path: &Path| {
        let path = path.to_path_buf();
        move |error| DataError::Read { path, error }
    };
    let mut samples = Vec::new();
    for path in paths {
        let file = std::fs::File::open(path).map_err(read(path))?;
        for (i, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(read(path))?;
            let sample = parse_line(&line).map_err(|error| DataError::Line {
                path: path.clone(),
                number: i + 1,
                error,
            })?;
            samples.extend(sample);
        }
    }
    Ok(samples)
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
        assert!(parse_line("no result")
            .unwrap_err()
            .to_string()
            .contains("FEN;RESULT"));
        let bad = format!("{};2", start.to_fen());
        assert!(parse_line(&bad)
            .unwrap_err()
            .to_string()
            .contains("is not a result"));
        assert!(parse_line("9/9 w;1").is_err());
    }
}
