//! A command line split into words as a shell would, for the `uci:` specs.

use std::fmt;

/// Why a command line cannot be split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitError {
    /// A single quote is not closed.
    SingleQuote,
    /// A double quote is not closed.
    DoubleQuote,
    /// The line ends with a backslash, which escapes nothing.
    TrailingBackslash,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SplitError::SingleQuote => "a single quote is not closed",
            SplitError::DoubleQuote => "a double quote is not closed",
            SplitError::TrailingBackslash => "the command ends with a backslash",
        })
    }
}

impl std::error::Error for SplitError {}

/// Splits a command line into words as a POSIX shell would for plain words, single and
/// double quotes and backslashes (no variables, globs or redirections).
pub fn split_command(line: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::SingleQuote),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(SplitError::DoubleQuote),
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::DoubleQuote),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(SplitError::TrailingBackslash),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(split_command("  a  b\tc ").unwrap(), ["a", "b", "c"]);
        assert_eq!(
            split_command(r#"a "b c" 'd e' f\ g "h\"i" ''"#).unwrap(),
            ["a", "b c", "d e", "f g", "h\"i", ""]
        );
        assert!(split_command("a \"b").is_err());
    }
}
