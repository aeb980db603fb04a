//! One side's pattern in the ECCO table and how it matches that side's moves.
//!
//! A pattern is a list of elements matched against the side's own moves in order (Red's
//! first, second, … move), each move in WXF text (`C2.5`, `H8+7`). The pattern must match a
//! prefix: moves after it are free. The elements:
//!
//! | text | meaning |
//! | --- | --- |
//! | `C2.5` | the next move is this one |
//! | `H2+3\|H8+9` | the next move is one of these |
//! | `*` | any one move (or none yet, once the moves played run out) |
//! | `~` | any number of any moves (a gap) |
//! | `{P3+1 P7+1}` | any number of these moves, each at most once, in any order |
//! | `[H2+3 R1.2 ? P3+1]` | every move before `?`, once each in any order, with any of those after it interleaved |

use core::fmt;

/// One move of a pattern: the WXF texts it accepts.
type Choice = Vec<String>;

/// One element of a side's pattern (the module doc's table).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Element {
    /// The next move is one of these.
    One(Choice),
    /// Any one move.
    Any,
    /// Any number of any moves.
    Gap,
    /// Any number of these, each at most once.
    Optional(Vec<Choice>),
    /// All the required ones in any order, the optional ones interleaved.
    Set {
        required: Vec<Choice>,
        optional: Vec<Choice>,
    },
}

/// A side's pattern: its elements in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct SidePattern {
    elements: Vec<Element>,
}

/// What is wrong with a pattern's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError(pub String);

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A move's text: four characters of WXF, alternatives joined by `|`.
fn choice(word: &str) -> Result<Choice, PatternError> {
    let alts: Vec<String> = word.split('|').map(str::to_string).collect();
    for alt in &alts {
        let ok = alt.len() == 4
            && alt.starts_with(['K', 'A', 'E', 'H', 'R', 'C', 'P'])
            && alt[2..3].chars().all(|c| "+-.".contains(c));
        if !ok {
            return Err(PatternError(format!("\"{alt}\" is not a move in WXF")));
        }
    }
    Ok(alts)
}

impl SidePattern {
    /// Reads one alternative of a side's field; `-` is the empty pattern.
    pub(super) fn parse(text: &str) -> Result<SidePattern, PatternError> {
        let text = text.trim();
        if text == "-" {
            return Ok(SidePattern::default());
        }
        let spaced = text
            .replace('{', " { ")
            .replace('}', " } ")
            .replace('[', " [ ")
            .replace(']', " ] ");
        let mut words = spaced.split_whitespace();
        let mut elements = Vec::new();
        while let Some(word) = words.next() {
            elements.push(match word {
                "*" => Element::Any,
                "~" => Element::Gap,
                "{" => {
                    let mut set = Vec::new();
                    loop {
                        match words.next() {
                            Some("}") => break,
                            Some(w) => set.push(choice(w)?),
                            None => return Err(PatternError(format!("no `}}` in \"{text}\""))),
                        }
                    }
                    Element::Optional(set)
                }
                "[" => {
                    let (mut required, mut optional, mut after) = (Vec::new(), Vec::new(), false);
                    loop {
                        match words.next() {
                            Some("]") => break,
                            Some("?") if !after => after = true,
                            Some(w) if after => optional.push(choice(w)?),
                            Some(w) => required.push(choice(w)?),
                            None => return Err(PatternError(format!("no `]` in \"{text}\""))),
                        }
                    }
                    Element::Set { required, optional }
                }
                w => Element::One(choice(w)?),
            });
        }
        Ok(SidePattern { elements })
    }

    /// How many moves the pattern requires (its weight when patterns compete): one for each
    /// single move, one for each required member of a set.
    pub(super) fn required(&self) -> usize {
        self.elements
            .iter()
            .map(|e| match e {
                Element::One(_) => 1,
                Element::Set { required, .. } => required.len(),
                _ => 0,
            })
            .sum()
    }

    /// How many gaps it has (a pattern with gaps loses ties).
    pub(super) fn gaps(&self) -> usize {
        self.elements
            .iter()
            .filter(|e| matches!(e, Element::Gap))
            .count()
    }

    /// Whether the pattern matches a prefix of `moves`.
    pub(super) fn matches(&self, moves: &[&str]) -> bool {
        match_from(&self.elements, moves)
    }

    /// The shortest run of moves the pattern asks for, taking the first of each choice and
    /// `filler` for any move: how a test builds a game that reaches a code.
    #[cfg(test)]
    pub(super) fn example(&self, filler: &mut dyn FnMut() -> String) -> Vec<String> {
        let mut out = Vec::new();
        for e in &self.elements {
            match e {
                Element::One(c) => out.push(c[0].clone()),
                Element::Any => out.push(filler()),
                Element::Gap | Element::Optional(_) => {}
                Element::Set { required, .. } => out.extend(required.iter().map(|c| c[0].clone())),
            }
        }
        out
    }
}

fn accepts(choice: &Choice, mv: &str) -> bool {
    choice.iter().any(|c| c == mv)
}

/// Whether `elements` match a prefix of `moves`.
fn match_from(elements: &[Element], moves: &[&str]) -> bool {
    let Some((first, rest)) = elements.split_first() else {
        return true;
    };
    match first {
        Element::One(c) => {
            moves.first().is_some_and(|m| accepts(c, m)) && match_from(rest, &moves[1..])
        }
        // A `*` after the last move played waits for it: 1. 炮二平五 is already 中炮局 (B00,
        // "1. 炮二平五，……") before Black replies.
        Element::Any => match_from(rest, moves.get(1..).unwrap_or(moves)),
        Element::Gap => (0..=moves.len()).any(|k| match_from(rest, &moves[k..])),
        Element::Optional(set) => optional(set, &mut vec![false; set.len()], rest, moves),
        Element::Set { required, optional } => set(
            required,
            &mut vec![false; required.len()],
            optional,
            &mut vec![false; optional.len()],
            rest,
            moves,
        ),
    }
}

/// `{…}`: stop here and match the rest, or take one more unused member.
fn optional(set: &[Choice], used: &mut Vec<bool>, rest: &[Element], moves: &[&str]) -> bool {
    if match_from(rest, moves) {
        return true;
    }
    let Some(mv) = moves.first() else {
        return false;
    };
    for k in 0..set.len() {
        if !used[k] && accepts(&set[k], mv) {
            used[k] = true;
            let found = optional(set, used, rest, &moves[1..]);
            used[k] = false;
            if found {
                return true;
            }
        }
    }
    false
}

/// `[…]`: once every required member is taken the rest must match; until then each move is
/// an unused required or optional member.
fn set(
    required: &[Choice],
    taken: &mut Vec<bool>,
    optional: &[Choice],
    used: &mut Vec<bool>,
    rest: &[Element],
    moves: &[&str],
) -> bool {
    if taken.iter().all(|&t| t) {
        return match_from(rest, moves);
    }
    let Some(mv) = moves.first() else {
        return false;
    };
    for k in 0..required.len() {
        if !taken[k] && accepts(&required[k], mv) {
            taken[k] = true;
            let found = set(required, taken, optional, used, rest, &moves[1..]);
            taken[k] = false;
            if found {
                return true;
            }
        }
    }
    for k in 0..optional.len() {
        if !used[k] && accepts(&optional[k], mv) {
            used[k] = true;
            let found = set(required, taken, optional, used, rest, &moves[1..]);
            used[k] = false;
            if found {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, moves: &str) -> bool {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        SidePattern::parse(pattern).unwrap().matches(&moves)
    }

    #[test]
    fn each_element_matches_as_the_table_says() {
        assert!(m("C2.5", "C2.5 H2+3"));
        assert!(!m("C2.5", "C8.5"));
        assert!(!m("C2.5 H2+3", "C2.5"), "a pattern longer than the moves");
        assert!(m("C2.5 H2+3|H2+1", "C2.5 H2+1"));
        assert!(m("C2.5 * R1.2", "C2.5 P7+1 R1.2"));
        assert!(m("C2.5 *", "C2.5"), "a move still to come");
        assert!(!m("C2.5 * R1.2", "C2.5"));
        assert!(m("C2.5 ~ R1.2", "C2.5 P7+1 P3+1 R1.2"));
        assert!(m("C2.5 ~ R1.2", "C2.5 R1.2"));
        assert!(m("C2.5 {P3+1 P7+1} R1.2", "C2.5 P7+1 P3+1 R1.2"));
        assert!(m("C2.5 {P3+1 P7+1} R1.2", "C2.5 R1.2"));
        assert!(
            !m("C2.5 {P3+1 P7+1} R1.2", "C2.5 H2+3 R1.2"),
            "a move off the list"
        );
        assert!(!m("{P3+1} R1.2", "P3+1 P3+1 R1.2"), "each member once");
        assert!(m("[H2+3 R1.2 ? P3+1]", "R1.2 P3+1 H2+3"));
        assert!(!m("[H2+3 R1.2 ? P3+1]", "R1.2 P7+1 H2+3"));
        assert!(!m("[H2+3 R1.2]", "R1.2 C8.6"));
        assert!(m("-", ""));
    }

    #[test]
    fn weights_count_required_moves_and_gaps() {
        let p = SidePattern::parse("C2.5 * ~ {P3+1} [H2+3 R1.2 ? P7+1] R2+6|R2+4").unwrap();
        assert_eq!(p.required(), 4);
        assert_eq!(p.gaps(), 1);
        let mut n = 0;
        let example = p.example(&mut || {
            n += 1;
            format!("P{n}+1")
        });
        assert_eq!(example, ["C2.5", "P1+1", "H2+3", "R1.2", "R2+6"]);
    }

    #[test]
    fn bad_patterns_are_named() {
        let err = |t: &str| SidePattern::parse(t).unwrap_err().0;
        assert_eq!(err("C2.5 X"), "\"X\" is not a move in WXF");
        assert_eq!(err("C2.5 {P3+1"), "no `}` in \"C2.5 {P3+1\"");
        assert_eq!(err("[P3+1"), "no `]` in \"[P3+1\"");
        assert_eq!(err("C2x5"), "\"C2x5\" is not a move in WXF");
    }
}
