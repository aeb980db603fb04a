//! The board drawn in the terminal with the traditional characters, the river, both sides'
//! file numbers and the last move marked, in ANSI colours or without.

use xiangqi::{Color, Move, Position, Square};

const RESET: &str = "\x1b[0m";
const RED_PIECE: &str = "\x1b[1;31m";
const BLACK_PIECE: &str = "\x1b[1m";
const GRID: &str = "\x1b[90m";
const MARK: &str = "\x1b[1;33m";

const RED_FILES: [&str; 9] = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];

/// A line of the drawing being built: text, with a colour escape only where the style changes.
struct Line {
    text: String,
    color: bool,
    current: Option<&'static str>,
}

impl Line {
    fn new(color: bool) -> Line {
        Line {
            text: String::new(),
            color,
            current: None,
        }
    }

    fn put(&mut self, style: Option<&'static str>, s: &str) {
        if self.color && style != self.current {
            if self.current.is_some() {
                self.text.push_str(RESET);
            }
            if let Some(st) = style {
                self.text.push_str(st);
            }
            self.current = style;
        }
        self.text.push_str(s);
    }

    fn finish(mut self) -> String {
        if self.color && self.current.is_some() {
            self.text.push_str(RESET);
        }
        self.text.trim_end().to_string()
    }
}

/// Draws the board. `flipped` puts Black at the bottom; `last` is marked.
pub fn render_board(pos: &Position, last: Option<Move>, flipped: bool, color: bool) -> String {
    // Display column c and row r (row 0 at the top) to a square.
    let square = |c: usize, r: usize| -> Square {
        let (file, rank) = if flipped { (8 - c, r) } else { (c, 9 - r) };
        Square::new(file as u8, rank as u8).expect("on the board")
    };
    let file_of = |c: usize| if flipped { 8 - c } else { c };
    let mut lines = Vec::new();

    let red_labels = |line: &mut Line| {
        line.put(None, "   ");
        for c in 0..9 {
            line.put(None, RED_FILES[file_of(c)]);
            line.put(None, "  ");
        }
    };
    let black_labels = |line: &mut Line| {
        line.put(None, "   ");
        for c in 0..9 {
            line.put(None, &format!("{:<2}  ", file_of(c) + 1));
        }
    };
    let mut top = Line::new(color);
    if flipped {
        red_labels(&mut top);
    } else {
        black_labels(&mut top);
    }
    lines.push(top.finish());

    for r in 0..10 {
        let rank = square(0, r).rank();
        let mut line = Line::new(color);
        line.put(None, &format!("{rank} "));
        for c in 0..9 {
            let sq = square(c, r);
            let is_to = last.is_some_and(|m| m.to() == sq);
            let is_from = last.is_some_and(|m| m.from() == sq);
            // A slot on each side of the point: a bracket around the last move's piece,
            // else the line to the neighbour, or a space at the edge.
            let slot = |line: &mut Line, edge: bool, bracket: &str| {
                if is_to {
                    line.put(Some(MARK), bracket);
                } else if edge {
                    line.put(None, " ");
                } else {
                    line.put(Some(GRID), "─");
                }
            };
            slot(&mut line, c == 0, "[");
            match pos.piece_at(sq) {
                Some(p) => {
                    let style = match p.color {
                        Color::Red => RED_PIECE,
                        Color::Black => BLACK_PIECE,
                    };
                    line.put(Some(style), &p.chinese_char().to_string());
                }
                None if is_from => line.put(Some(MARK), "〇"),
                None => {
                    // The inner files stop at the river; the outer ones cross it.
                    let cross = match (r, c) {
                        (0, 0) => "┌",
                        (0, 8) => "┐",
                        (9, 0) => "└",
                        (9, 8) => "┘",
                        (_, 0) => "├",
                        (_, 8) => "┤",
                        (0 | 5, _) => "┬",
                        (4 | 9, _) => "┴",
                        _ => "┼",
                    };
                    line.put(Some(GRID), cross);
                    if c == 8 {
                        line.put(None, " ");
                    } else {
                        line.put(Some(GRID), "─");
                    }
                }
            }
            slot(&mut line, c == 8, "]");
        }
        lines.push(line.finish());

        if r == 9 {
            break;
        }
        // Between two rows: the file lines, the palace diagonals, or the river.
        let mut line = Line::new(color);
        line.put(None, "  ");
        if r == 4 {
            line.put(Some(GRID), " │");
            line.put(None, "   楚   河           漢   界   ");
            line.put(Some(GRID), "│");
        } else {
            let diagonals = match r {
                0 | 7 => Some(("╲", "╱")),
                1 | 8 => Some(("╱", "╲")),
                _ => None,
            };
            // Each bar under its point, four columns apart.
            for c in 0..9 {
                line.put(Some(GRID), " │");
                match (diagonals, c) {
                    (_, 8) => {}
                    (Some((d, _)), 3) | (Some((_, d)), 4) => {
                        line.put(None, " ");
                        line.put(Some(GRID), d);
                    }
                    _ => line.put(None, "  "),
                }
            }
        }
        lines.push(line.finish());
    }

    let mut bottom = Line::new(color);
    if flipped {
        black_labels(&mut bottom);
    } else {
        red_labels(&mut bottom);
    }
    lines.push(bottom.finish());
    let mut letters = String::from("   ");
    for c in 0..9 {
        letters.push((b'a' + file_of(c) as u8) as char);
        letters.push_str("   ");
    }
    lines.push(letters.trim_end().to_string());
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_drawn_without_colour() {
        let board = render_board(&Position::start(), None, false, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines.len(), 1 + 19 + 2);
        assert_eq!(lines[0], "   1   2   3   4   5   6   7   8   9");
        assert_eq!(lines[1], "9  車──馬──象──士──將──士──象──馬──車");
        assert_eq!(lines[2], "   │   │   │   │ ╲ │ ╱ │   │   │   │");
        assert_eq!(lines[5], "7  ├───砲──┼───┼───┼───┼───┼───砲──┤");
        assert_eq!(lines[7], "6  卒──┼───卒──┼───卒──┼───卒──┼───卒");
        assert_eq!(lines[9], "5  ├───┴───┴───┴───┴───┴───┴───┴───┤");
        assert_eq!(lines[10], "   │   楚   河           漢   界   │");
        assert_eq!(lines[11], "4  ├───┬───┬───┬───┬───┬───┬───┬───┤");
        assert_eq!(lines[18], "   │   │   │   │ ╱ │ ╲ │   │   │   │");
        assert_eq!(lines[19], "0  俥──傌──相──仕──帥──仕──相──傌──俥");
        assert_eq!(lines[20], "   九  八  七  六  五  四  三  二  一");
        assert_eq!(lines[21], "   a   b   c   d   e   f   g   h   i");
        assert!(!board.contains('\x1b'));
    }

    #[test]
    fn flipped_board_and_last_move() {
        let mut pos = Position::start();
        let m = xiangqi::notation::parse_uci("h2e2").unwrap();
        pos.make_move(m);
        let board = render_board(&pos, Some(m), true, false);
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "   一  二  三  四  五  六  七  八  九");
        assert_eq!(lines[1], "0  俥──傌──相──仕──帥──仕──相──傌──俥");
        // Seen from Black, Red's h2 cannon is the second point from the left.
        assert_eq!(lines[5], "2  ├───〇──┼───┼──[炮]─┼───┼───炮──┤");
        assert_eq!(lines[19], "9  車──馬──象──士──將──士──象──馬──車");
        assert_eq!(lines[20], "   9   8   7   6   5   4   3   2   1");
        assert_eq!(lines[21], "   i   h   g   f   e   d   c   b   a");
        let plain = render_board(&pos, Some(m), false, false);
        assert_eq!(
            plain.lines().nth(15).unwrap(),
            "2  ├───炮──┼───┼──[炮]─┼───┼───〇──┤"
        );
        let colored = render_board(&pos, Some(m), false, true);
        assert!(colored.contains("\x1b[1;31m炮"));
        assert!(colored.contains("\x1b[1m車"));
    }
}
