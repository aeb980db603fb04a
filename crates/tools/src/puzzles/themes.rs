//! What a puzzle teaches and how hard it is, read from its position and solution: the
//! attacks the first move makes (who checks, what the moved piece hits, what can no longer
//! move), the pieces the line wins, and how deep the search had to look.

use xiangqi::records::puzzle::Theme;
use xiangqi::{Color, Kind, Move, MoveList, Position, Square};

/// A piece's worth for telling tactics apart (not the evaluation's): chariot 9, cannon 4.5,
/// horse 4, advisor and elephant 2, soldier 1; the general is beyond price.
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::General => 10_000,
        Kind::Chariot => 900,
        Kind::Cannon => 450,
        Kind::Horse => 400,
        Kind::Advisor | Kind::Elephant => 200,
        Kind::Soldier => 100,
    }
}

/// `side`'s material less the other side's, the generals left out.
pub fn balance(pos: &Position, side: Color) -> i32 {
    Square::all()
        .filter_map(|sq| pos.piece_at(sq))
        .filter(|p| p.kind != Kind::General)
        .map(|p| {
            if p.color == side {
                value(p.kind)
            } else {
                -value(p.kind)
            }
        })
        .sum()
}

/// Every capture `side` could make in `pos` if it were to move, legal or not: (from, to).
fn hits(pos: &Position, side: Color) -> Vec<(Square, Square)> {
    let mut pos = pos.clone();
    let undo = (pos.turn() != side).then(|| pos.make_null());
    let mut list = MoveList::new();
    pos.generate_pseudo::<true>(&mut list);
    let out = list.as_slice().iter().map(|m| (m.from(), m.to())).collect();
    if let Some(u) = undo {
        pos.unmake_null(u);
    }
    out
}

/// Whether `sq` lies strictly between `a` and `b` on a file or a rank.
fn between(a: Square, b: Square, sq: Square) -> bool {
    let inside = |x: u8, y: u8, z: u8| x.min(y) < z && z < x.max(y);
    (a.file() == b.file() && sq.file() == a.file() && inside(a.rank(), b.rank(), sq.rank()))
        || (a.rank() == b.rank() && sq.rank() == a.rank() && inside(a.file(), b.file(), sq.file()))
}

/// The squares of the other side's pieces (not the general) that have moves by the rules of
/// movement but no legal one in `pos` (the other side to move).
fn frozen(pos: &Position) -> Vec<Square> {
    let mut pseudo = MoveList::new();
    pos.generate_pseudo::<false>(&mut pseudo);
    let legal = pos.legal_moves();
    let mut out: Vec<Square> = pseudo
        .as_slice()
        .iter()
        .map(|m| m.from())
        .filter(|&from| pos.piece_at(from).is_some_and(|p| p.kind != Kind::General))
        .filter(|&from| !legal.as_slice().iter().any(|m| m.from() == from))
        .collect();
    out.sort_by_key(|s| s.index());
    out.dedup();
    out
}

/// The themes of the puzzle at `start` whose solution is `line`; `mate` if the line ends in
/// mate.
pub fn themes(start: &Position, line: &[Move], mate: bool) -> Vec<Theme> {
    let solver = start.turn();
    let mut out = Vec::new();
    if mate {
        out.push(Theme::Mate(line.len().div_ceil(2) as u8));
    }
    let Some(&first) = line.first() else {
        return out;
    };
    let after = start.after(first);
    let after_hits = hits(&after, solver);
    let general = after.general(!solver);
    // The solver's pieces that attack the general.
    let checks: Vec<Square> = after_hits
        .iter()
        .filter(|&&(_, to)| to == general)
        .map(|&(from, _)| from)
        .collect();
    if checks.len() >= 2 {
        out.push(Theme::DoubleCheck);
    }
    // Another piece now attacks the general or a piece worth more than a horse, through the
    // point the moved piece left or with it as a cannon's screen.
    let before_hits = hits(start, solver);
    let discovered = after_hits.iter().any(|&(from, to)| {
        from != first.to()
            && !before_hits.contains(&(from, to))
            && after
                .piece_at(to)
                .is_some_and(|p| p.kind == Kind::General || value(p.kind) > 450)
            && (between(from, to, first.from()) || between(from, to, first.to()))
    }) || checks
        .iter()
        .any(|&c| c != first.to() && between(c, general, first.from()));
    if discovered {
        out.push(Theme::Discovered);
    }
    // The moved piece attacks two things worth attacking.
    let mover = after.piece_at(first.to()).map_or(0, |p| value(p.kind));
    let targets = after_hits
        .iter()
        .filter(|&&(from, _)| from == first.to())
        .filter(|&&(_, to)| {
            after.piece_at(to).is_some_and(|p| {
                p.kind == Kind::General
                    || value(p.kind) > mover
                    || (value(p.kind) >= 400 && !after.is_attacked_by(to, !solver))
            })
        })
        .count();
    if targets >= 2 {
        out.push(Theme::Fork);
    }
    // A piece that could move before now cannot: it stands between its general and the attack.
    if !after.in_check() {
        let mut idle = start.clone();
        let u = idle.make_null();
        let was = frozen(&idle);
        idle.unmake_null(u);
        let pinned = frozen(&after).into_iter().any(|sq| {
            !was.contains(&sq) && after.piece_at(sq).is_some_and(|p| value(p.kind) >= 400)
        });
        if pinned {
            out.push(Theme::Pin);
        }
    }
    if !mate {
        // What the solver's captures take, and whether the big one had nowhere to go.
        let mut pos = start.clone();
        let mut won_chariot = false;
        let mut trapped = false;
        for (i, &m) in line.iter().enumerate() {
            let taken = pos.piece_at(m.to());
            if i % 2 == 0 {
                if let Some(p) = taken {
                    won_chariot |= p.kind == Kind::Chariot;
                    if i >= 2 && value(p.kind) >= 400 && !trapped {
                        // The position before the defender's last move: could the piece
                        // have fled to a point the solver does not attack?
                        let mut prev = start.clone();
                        for &pm in &line[..i - 1] {
                            prev = prev.after(pm);
                        }
                        let fled = line[i - 1];
                        let origin = if fled.to() == m.to() {
                            fled.from()
                        } else {
                            m.to()
                        };
                        let escapes = prev
                            .legal_moves()
                            .as_slice()
                            .iter()
                            .filter(|e| e.from() == origin)
                            .any(|&e| !prev.after(e).is_attacked_by(e.to(), solver));
                        trapped = !escapes;
                    }
                }
            }
            pos = pos.after(m);
        }
        if won_chariot && balance(&pos, solver) - balance(start, solver) >= 500 {
            out.push(Theme::Chariot);
        }
        if trapped {
            out.push(Theme::Trapped);
        }
    }
    if out.is_empty() {
        out.push(Theme::Advantage);
    }
    out
}

/// How hard the puzzle is, as a rating: from how deep the search had to look to find the
/// first move (`found_at`), how long the solution is, and whether the first move is quiet
/// (neither a capture nor a check), which people find harder to see.
pub fn difficulty(start: &Position, line: &[Move], found_at: u32) -> u16 {
    let first = line[0];
    let capture = start.piece_at(first.to()).is_some();
    let check = start.gives_check(first);
    let quiet = !capture && !check;
    let rating = 500
        + 110 * found_at as i32
        + 160 * (line.len().div_ceil(2) as i32 - 1)
        + if quiet { 250 } else { 0 }
        - if check { 80 } else { 0 };
    rating.clamp(400, 2800) as u16
}
