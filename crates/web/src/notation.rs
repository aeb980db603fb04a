//! Moves as text for the move list: Chinese (`炮二平五`), WXF (`C2.5`), ICCS (`H2-E2`) and UCI.
//!
//! This follows the contract of the engine's `xiangqi::notation::format`, which is being written
//! on the main branch; once it lands, this module shrinks to a re-export. Until then the page
//! needs the notations the issue asks for, so they are written here against the same signature.

use xiangqi::{Color, Kind, Move, Position, Square};

/// The notations the move list can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates as engines speak them: `h2e2`.
    Uci,
    /// ICCS coordinates: `H2-E2`.
    Iccs,
    /// The World Xiangqi Federation's letters and file numbers: `C2.5`.
    Wxf,
    /// Traditional Chinese: `炮二平五`.
    Chinese,
}

impl Notation {
    /// Every notation, in the order the switch offers them.
    pub const ALL: [Notation; 4] = [
        Notation::Chinese,
        Notation::Wxf,
        Notation::Iccs,
        Notation::Uci,
    ];

    /// A short stable name, used as the value of the switch.
    pub fn key(self) -> &'static str {
        match self {
            Notation::Uci => "uci",
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Chinese => "chinese",
        }
    }

    /// The notation for [`Notation::key`].
    pub fn from_key(key: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.key() == key)
    }

    /// The label shown on the switch.
    pub fn label(self) -> &'static str {
        match self {
            Notation::Uci => "UCI",
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "中文",
        }
    }
}

/// Writes `m`, a legal move in `pos`, in `notation`.
pub fn format(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Uci => m.to_string(),
        Notation::Iccs => {
            let sq = |s: Square| format!("{}{}", (b'A' + s.file()) as char, s.rank());
            format!("{}-{}", sq(m.from()), sq(m.to()))
        }
        Notation::Wxf => wxf(pos, m),
        Notation::Chinese => chinese(pos, m),
    }
}

/// The file number as the mover counts it, 1..=9 from the mover's right.
fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    }
}

/// Where the move goes, as the mover sees it: the direction and the number that follows it.
fn direction(color: Color, kind: Kind, m: Move) -> (Direction, u8) {
    let (from, to) = (m.from(), m.to());
    let forward = (to.rank() as i8 - from.rank() as i8) * color.forward();
    let dir = match forward {
        0 => Direction::Across,
        f if f > 0 => Direction::Forward,
        _ => Direction::Back,
    };
    // Pieces moving along a file count ranks; pieces moving diagonally, and every sideways
    // move, name the destination file.
    let straight = matches!(
        kind,
        Kind::Chariot | Kind::Cannon | Kind::Soldier | Kind::General
    );
    let n = if dir != Direction::Across && straight {
        forward.unsigned_abs()
    } else {
        file_number(color, to.file())
    };
    (dir, n)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Forward,
    Back,
    Across,
}

/// The same pieces on the moving piece's file, front first as the mover sees them, and the
/// moving piece's place among them.
fn tandem(pos: &Position, m: Move) -> (usize, usize) {
    let piece = pos.piece_at(m.from()).expect("a move starts on a piece");
    let mut ranks: Vec<u8> = (0..10)
        .filter(|&r| Square::new(m.from().file(), r).and_then(|s| pos.piece_at(s)) == Some(piece))
        .collect();
    // Front first: for Red the highest rank, for Black the lowest.
    if piece.color == Color::Red {
        ranks.reverse();
    }
    let place = ranks
        .iter()
        .position(|&r| r == m.from().rank())
        .unwrap_or(0);
    (ranks.len(), place)
}

/// Advisors and elephants never need the front/rear mark: their move from a shared file is
/// told apart by the destination.
fn needs_tandem(kind: Kind) -> bool {
    !matches!(kind, Kind::Advisor | Kind::Elephant | Kind::General)
}

fn wxf(pos: &Position, m: Move) -> String {
    let piece = pos.piece_at(m.from()).expect("a move starts on a piece");
    let letter = match piece.kind {
        Kind::General => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Soldier => 'P',
    };
    let (count, place) = tandem(pos, m);
    let (dir, n) = direction(piece.color, piece.kind, m);
    let op = match dir {
        Direction::Forward => '+',
        Direction::Back => '-',
        Direction::Across => '.',
    };
    if count >= 2 && needs_tandem(piece.kind) {
        let mark = match (count, place) {
            (2, 0) | (3, 0) => "+".to_string(),
            (2, _) | (3, 2) => "-".to_string(),
            (3, _) => ".".to_string(),
            (_, p) => (p + 1).to_string(),
        };
        format!("{letter}{mark}{op}{n}")
    } else {
        let file = file_number(piece.color, m.from().file());
        format!("{letter}{file}{op}{n}")
    }
}

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn chinese_number(color: Color, n: u8) -> char {
    match color {
        Color::Red => RED_NUMERALS[usize::from(n - 1)],
        Color::Black => char::from(b'0' + n),
    }
}

fn chinese(pos: &Position, m: Move) -> String {
    let piece = pos.piece_at(m.from()).expect("a move starts on a piece");
    let name = piece.chinese_char();
    let (count, place) = tandem(pos, m);
    let (dir, n) = direction(piece.color, piece.kind, m);
    let verb = match dir {
        Direction::Forward => '进',
        Direction::Back => '退',
        Direction::Across => '平',
    };
    let head = if count >= 2 && needs_tandem(piece.kind) {
        let mark = match (count, place) {
            (2, 0) | (3, 0) => '前',
            (2, _) | (3, 2) => '后',
            (3, _) => '中',
            (_, p) => RED_NUMERALS[p],
        };
        format!("{mark}{name}")
    } else {
        format!(
            "{name}{}",
            chinese_number(piece.color, file_number(piece.color, m.from().file()))
        )
    };
    format!("{head}{verb}{}", chinese_number(piece.color, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::notation::parse_uci;

    fn say(fen: Option<&str>, uci: &str, notation: Notation) -> String {
        let pos = fen.map_or_else(Position::start, |f| Position::from_fen(f).unwrap());
        let m = parse_uci(uci).unwrap();
        assert!(pos.is_legal(m), "{uci} is legal");
        format(&pos, m, notation)
    }

    #[test]
    fn central_cannon_opening_in_every_notation() {
        assert_eq!(say(None, "h2e2", Notation::Chinese), "炮二平五");
        assert_eq!(say(None, "h2e2", Notation::Wxf), "C2.5");
        assert_eq!(say(None, "h2e2", Notation::Iccs), "H2-E2");
        assert_eq!(say(None, "h2e2", Notation::Uci), "h2e2");
    }

    #[test]
    fn black_counts_files_from_its_own_right_in_arabic_digits() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        assert_eq!(say(Some(fen), "h9g7", Notation::Chinese), "馬8进7");
        assert_eq!(say(Some(fen), "h9g7", Notation::Wxf), "H8+7");
    }

    #[test]
    fn chariot_advance_counts_ranks() {
        assert_eq!(say(None, "a0a2", Notation::Chinese), "俥九进二");
        assert_eq!(say(None, "a0a2", Notation::Wxf), "R9+2");
    }

    #[test]
    fn elephant_and_advisor_name_the_destination_file() {
        assert_eq!(say(None, "c0e2", Notation::Chinese), "相七进五");
        assert_eq!(say(None, "f0e1", Notation::Wxf), "A4+5");
    }

    #[test]
    fn two_chariots_on_a_file_are_front_and_rear() {
        let fen = "3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1";
        assert_eq!(say(Some(fen), "e3d3", Notation::Chinese), "前俥平六");
        assert_eq!(say(Some(fen), "e1f1", Notation::Chinese), "后俥平四");
        assert_eq!(say(Some(fen), "e3e5", Notation::Wxf), "R++2");
    }
}
