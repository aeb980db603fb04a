//! The opening lines a match starts its games from: short, common, and varied enough that
//! deterministic players do not repeat one game. Each line is played twice, once with each
//! engine as Red. The Chinese names are the usual ones; the comment gives the moves in
//! Chinese notation (checked in the tests).

use xiangqi::notation::parse_uci;
use xiangqi::Move;

/// A named opening line, moves in UCI from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The usual Chinese name.
    pub name: &'static str,
    /// UCI moves separated by spaces.
    pub moves: &'static str,
}

impl Opening {
    /// The moves of the line.
    ///
    /// # Panics
    /// If a move is not UCI text (the tests check every line).
    pub fn moves(&self) -> Vec<Move> {
        self.moves
            .split_whitespace()
            .map(|t| parse_uci(t).unwrap_or_else(|_| panic!("bad move {t} in {}", self.name)))
            .collect()
    }
}

const fn line(name: &'static str, moves: &'static str) -> Opening {
    Opening { name, moves }
}

/// The openings, in the order a match uses them.
pub const OPENINGS: &[Opening] = &[
    // 炮二平五 马8进7 马二进三 马2进3
    line("中炮对屏风马", "h2e2 h9g7 h0g2 b9c7"),
    // 炮二平五 马2进3 马二进三 炮8平6 车一平二 马8进7
    line("中炮对反宫马", "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7"),
    // 炮二平五 炮8平5 马二进三 马8进7 车一平二 车9平8
    line("顺炮直车", "h2e2 h7e7 h0g2 h9g7 i0h0 i9h9"),
    // 炮二平五 炮2平5 马二进三 马2进3
    line("列炮", "h2e2 b7e7 h0g2 b9c7"),
    // 仙人指路: 兵七进一 卒7进1
    line("仙人指路对兵局", "c3c4 g6g5"),
    // 兵七进一 炮2平3 炮二平五 象3进5
    line("仙人指路对卒底炮", "c3c4 b7c7 h2e2 c9e7"),
    // 相三进五 炮2平5
    line("飞相对左中炮", "g0e2 b7e7"),
    // 马八进七 卒7进1
    line("起马对挺卒", "b0c2 g6g5"),
    // 炮二平六 马8进7 马二进三 车9平8
    line("过宫炮", "h2d2 h9g7 h0g2 i9h9"),
    // 炮二平四 马2进3 马二进三 马8进7
    line("士角炮", "h2f2 b9c7 h0g2 h9g7"),
    // 炮二平五 马8进7 马二进三 车9平8 车一平二 马2进3
    line("中炮直车对屏风马", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"),
    // 炮二平五 马8进7 马二进三 炮8平9
    line("中炮对左三步虎", "h2e2 h9g7 h0g2 h7i7"),
    // 兵三进一 卒3进1
    line("仙人指路(右)对挺卒", "g3g4 c6c5"),
    // 相七进五 炮8平5
    line("飞相对右中炮", "c0e2 h7e7"),
    // 马二进三 卒3进1
    line("起右马对挺卒", "h0g2 c6c5"),
    // 炮二平五 马8进7 马二进三 卒7进1 兵七进一 马2进3
    line("中炮七兵对屏风马", "h2e2 h9g7 h0g2 g6g5 c3c4 b9c7"),
    // 炮二平五 马8进7 马二进三 车9平8 兵五进一
    line("中炮急进中兵", "h2e2 h9g7 h0g2 i9h9 e3e4"),
    // 炮二平五 马2进3 马二进三 马8进7 炮八平六
    line("五六炮对屏风马", "h2e2 b9c7 h0g2 h9g7 b2d2"),
    // 炮二平五 马2进3 马二进三 马8进7 马八进七 卒7进1
    line("五七路对屏风马", "h2e2 b9c7 h0g2 h9g7 b0c2 g6g5"),
    // 兵七进一 炮8平5
    line("仙人指路对中炮", "c3c4 h7e7"),
    // 相三进五 马8进7 兵七进一 卒7进1
    line("飞相对进马", "g0e2 h9g7 c3c4 g6g5"),
    // 相三进五 炮8平4
    line("飞相对过宫炮", "g0e2 h7d7"),
    // 马八进七 马2进3 兵七进一 卒7进1
    line("起马对进马", "b0c2 b9c7 c3c4 g6g5"),
    // 炮八平五 马2进3 马八进七 马8进7 车九平八 车1平2
    line("左中炮对屏风马", "b2e2 b9c7 b0c2 h9g7 a0b0 a9b9"),
    // 炮二平五 炮8平5 马二进三 马8进7 车一进一 车9平8
    line("顺炮横车对直车", "h2e2 h7e7 h0g2 h9g7 i0i1 i9h9"),
    // 兵三进一 炮8平7 马二进三 马8进9
    line("仙人指路对卒底炮(右)", "g3g4 h7g7 h0g2 h9i7"),
    // 马二进三 马8进7 兵三进一 车9进1
    line("起马对横车", "h0g2 h9g7 g3g4 i9i8"),
    // 炮二平五 象3进5
    line("中炮对飞象", "h2e2 c9e7"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use xiangqi::notation::{format, Notation};
    use xiangqi::Game;

    /// The Chinese notation of each line, as the comments above give it.
    fn chinese(o: &Opening) -> String {
        let mut game = Game::new();
        let mut words = Vec::new();
        for m in o.moves() {
            words.push(format(game.position(), m, Notation::Chinese));
            assert!(
                game.play(m)
                    .unwrap_or_else(|e| panic!("{}: {e}", o.name))
                    .is_none(),
                "{} ends the game",
                o.name
            );
        }
        words.join(" ")
    }

    #[test]
    fn every_line_is_legal_short_and_open() {
        assert!(OPENINGS.len() >= 20);
        for o in OPENINGS {
            let n = o.moves().len();
            assert!((2..=6).contains(&n), "{}: {n} plies", o.name);
            chinese(o);
        }
    }

    #[test]
    fn lines_and_names_are_distinct() {
        let names: HashSet<_> = OPENINGS.iter().map(|o| o.name).collect();
        let lines: HashSet<_> = OPENINGS.iter().map(|o| o.moves).collect();
        assert_eq!(names.len(), OPENINGS.len());
        assert_eq!(lines.len(), OPENINGS.len());
    }

    #[test]
    fn the_comments_match_the_moves() {
        let source = include_str!("openings.rs");
        for o in OPENINGS {
            let text = chinese(o);
            assert!(source.contains(&text), "{}: {text}", o.name);
        }
    }
}
