//! The move list's notation switch: the engine's four notations, with the stable keys and the
//! labels the switch shows, Chinese first as the default.

pub use crate::model::settings::{notation_from_key as from_key, NOTATIONS as CHOICES};
pub use xiangqi::notation::{format, Notation};

/// The label shown on the switch.
pub fn label(n: Notation) -> &'static str {
    match n {
        Notation::Chinese => "中文",
        other => other.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;
    use xiangqi::Position;

    #[test]
    fn every_choice_has_a_key_that_reads_back() {
        for n in CHOICES {
            assert_eq!(from_key(n.key()), Some(n));
        }
        assert_eq!(from_key("nonsense"), None);
    }

    #[test]
    fn the_move_list_writes_the_central_cannon_in_each_notation() {
        let pos = Position::start();
        let m = parse_uci("h2e2").unwrap();
        let texts: Vec<String> = CHOICES.iter().map(|&n| format(&pos, m, n)).collect();
        assert_eq!(texts, ["炮二平五", "C2.5", "H2-E2", "h2e2"]);
    }
}
