//! Reading a `setoption` value, and the error both engines answer with as `info string` when
//! a value cannot be used (nothing changes then).

use core::fmt;

/// Why a `setoption` changes nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// A spin option's value is not a whole number within its bounds.
    OutOfRange {
        /// The option's name, as sent.
        name: String,
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
        /// The value sent, trimmed.
        value: String,
    },
    /// A combo option's value is none of its choices.
    Choice {
        /// The option's name, as the engine announces it.
        name: &'static str,
        /// Its choices, as a reader would list them ("greedy, alphabeta or pvs").
        choices: &'static str,
        /// The value sent, trimmed.
        value: String,
    },
    /// A file option's file cannot be read or used.
    File {
        /// The option's name, as the engine announces it.
        name: &'static str,
        /// The path sent, trimmed.
        path: String,
        /// Why it cannot be used.
        reason: String,
    },
    /// No option has that name.
    Unknown {
        /// The name sent.
        name: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::OutOfRange {
                name,
                min,
                max,
                value,
            } => write!(
                f,
                "{name} must be a whole number from {min} to {max}, not \"{value}\""
            ),
            OptionError::Choice {
                name,
                choices,
                value,
            } => write!(f, "{name} is {choices}, not \"{value}\""),
            OptionError::File { name, path, reason } => {
                write!(f, "{name} cannot use \"{path}\": {reason}")
            }
            OptionError::Unknown { name } => write!(f, "no such option: {name}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The value of the spin option `name`: `value` (trimmed) as a whole number in `min..=max`.
pub fn spin(name: &str, value: &str, min: u64, max: u64) -> Result<u64, OptionError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| OptionError::OutOfRange {
            name: name.to_string(),
            min,
            max,
            value: value.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spin_value_must_be_a_whole_number_within_its_bounds() {
        assert_eq!(spin("Hash", "64", 1, 4096), Ok(64));
        let err = spin("Hash", "0", 1, 4096).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Hash must be a whole number from 1 to 4096, not \"0\""
        );
        assert!(spin("Hash", "x", 1, 4096).is_err());
    }

    #[test]
    fn a_combo_value_names_its_choices() {
        let err = OptionError::Choice {
            name: "Algorithm",
            choices: "greedy, alphabeta or pvs",
            value: "mcts".into(),
        };
        assert_eq!(
            err.to_string(),
            "Algorithm is greedy, alphabeta or pvs, not \"mcts\""
        );
    }
}
