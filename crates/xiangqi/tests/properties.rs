//! Properties of `Position` checked along random playouts and on random placements.
//!
//! A playout starts from the initial position or one of the perft positions
//! (`data/perft.txt`) and, at every ply, plays the legal move that the next random number
//! picks. At every position reached it checks that
//!
//! - (a) make then unmake restores the position exactly, hash and counters included, for every
//!   legal move, and unmaking a whole playout returns to its start;
//! - (b) the incremental hash equals `compute_hash()` after every move;
//! - (c) the FEN round trip (`to_fen` then `from_fen`) gives back an equal position: nothing
//!   reached by legal moves is rejected;
//! - (d) `is_legal` accepts every generated legal move and nothing else, over all 90 x 90
//!   from/to pairs, `is_pseudo_legal` likewise matches `generate_pseudo`, and of the
//!   pseudo-legal moves `is_legal_pseudo` accepts exactly the legal ones;
//! - (e) `generate_legal_captures` yields exactly the captures among the legal moves;
//! - (f) `gives_check(m)` agrees with making `m` and asking `in_check()`;
//! - (g) `make_null`/`unmake_null` restore the position;
//!
//! and that `legal_moves()` equals, as a set, the moves of a deliberately simple reference
//! generator written below: every from/to pair, each piece's rule applied geometrically, the
//! move made on a copy and rejected if any enemy piece could then take the mover's general
//! (the flying general included). It shares no code or table with the engine's generator, so
//! it can catch what the perft counts happen not to.
//!
//! The random numbers come from a fixed seed, so every run checks the same cases; set
//! `PROPTEST_RNG_SEED` to explore others and `PROPTEST_CASES` to run more.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::RngSeed;
use std::collections::BTreeSet;
use xiangqi::{Board, Color, Kind, Move, MoveList, Piece, Position, Setup, Square};

// ---------------------------------------------------------------------------------------------
// Configuration and positions to start from

fn config(cases: u32) -> ProptestConfig {
    // `default()` reads the PROPTEST_* variables; keep theirs when they are set.
    let env = ProptestConfig::default();
    ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            env.cases
        } else {
            cases
        },
        rng_seed: if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
            env.rng_seed
        } else {
            RngSeed::Fixed(0x5869_616e_6771_6921)
        },
        ..env
    }
}

/// The initial position followed by the perft positions.
fn start_positions() -> Vec<Position> {
    let mut v = vec![Position::start()];
    for line in include_str!("data/perft.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split('|').nth(1).expect("name|FEN|counts");
        v.push(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
    }
    v
}

/// How many plies a playout may have.
const MAX_PLIES: usize = 150;

/// A start position (an index into `start_positions()`) and one random number per ply.
fn playout_strategy() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (
        0..start_positions().len(),
        prop::collection::vec(any::<u16>(), 1..=MAX_PLIES),
    )
}

/// Plays a playout, calling `visit` on every position reached (the first included) with its
/// legal moves. Stops early at a position without legal moves. Returns the start position,
/// the final one, and the moves played with their undo records.
fn playout(
    start: usize,
    choices: &[u16],
    mut visit: impl FnMut(&Position, &MoveList),
) -> (Position, Position, Vec<(Move, xiangqi::Undo)>) {
    let first = start_positions().swap_remove(start);
    let mut pos = first.clone();
    let mut played = Vec::with_capacity(choices.len());
    for &c in choices {
        let legal = pos.legal_moves();
        visit(&pos, &legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        let undo = pos.make_move(m);
        played.push((m, undo));
    }
    let legal = pos.legal_moves();
    visit(&pos, &legal);
    (first, pos, played)
}

fn all_pairs() -> impl Iterator<Item = Move> {
    Square::all().flat_map(|from| Square::all().map(move |to| Move::new(from, to)))
}

fn move_set(moves: &[Move]) -> BTreeSet<(Square, Square)> {
    let set: BTreeSet<_> = moves.iter().map(|m| (m.from(), m.to())).collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice: {moves:?}");
    set
}

// ---------------------------------------------------------------------------------------------
// The properties, each for one position

/// (a), (b), (g): make/unmake and null moves restore everything; the hash stays exact.
fn check_make_unmake(pos: &Position, legal: &MoveList) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}: incremental hash");
    let mut p = pos.clone();
    for &m in legal {
        let mover = pos.piece_at(m.from()).expect("a piece moves");
        let target = pos.piece_at(m.to());
        let undo = p.make_move(m);
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "{pos:?} {m}: hash after the move"
        );
        assert_ne!(p.hash(), pos.hash(), "{pos:?} {m}: the hash changes");
        assert_eq!(p.turn(), !pos.turn(), "{pos:?} {m}: the turn passes");
        assert_eq!(
            p.piece_at(m.to()),
            Some(mover),
            "{pos:?} {m}: the piece arrives"
        );
        assert_eq!(p.piece_at(m.from()), None, "{pos:?} {m}: and leaves");
        assert_eq!(undo.captured(), target, "{pos:?} {m}: the captured piece");
        let clock = if target.is_some() {
            0
        } else {
            pos.halfmoves().saturating_add(1)
        };
        assert_eq!(p.halfmoves(), clock, "{pos:?} {m}: the clock");
        let number = pos
            .fullmoves()
            .saturating_add(u32::from(pos.turn() == Color::Black));
        assert_eq!(p.fullmoves(), number, "{pos:?} {m}: the move number");
        if mover.kind == Kind::General {
            assert_eq!(
                p.general(mover.color),
                m.to(),
                "{pos:?} {m}: the general's point"
            );
        }
        p.unmake_move(m, undo);
        assert_eq!(&p, pos, "{pos:?} {m}: unmake restores the position");
        assert_eq!(p.hash(), pos.hash(), "{pos:?} {m}: and the hash");
    }
    if !pos.in_check() {
        let undo = p.make_null();
        assert_eq!(
            p.turn(),
            !pos.turn(),
            "{pos:?}: a null move passes the turn"
        );
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "{pos:?}: hash after a null move"
        );
        assert_eq!(p.board(), pos.board(), "{pos:?}: a null move moves nothing");
        p.unmake_null(undo);
        assert_eq!(&p, pos, "{pos:?}: unmake_null restores the position");
    }
}

/// (c): the FEN round trip.
fn check_fen(pos: &Position) {
    let fen = pos.to_fen();
    match Position::from_fen(&fen) {
        Ok(back) => {
            assert_eq!(&back, pos, "{fen}: reads back equal");
            assert_eq!(back.to_fen(), fen, "{fen}: and writes the same text");
        }
        Err(e) => panic!("{fen}: a legally reached position is rejected: {e}"),
    }
}

/// (d): `is_legal` and `is_pseudo_legal` agree with the generators on all 8100 pairs.
fn check_single_move_tests(pos: &Position, legal: &MoveList) {
    let mut pseudo = MoveList::new();
    pos.generate_pseudo::<false>(&mut pseudo);
    move_set(legal);
    move_set(&pseudo);
    // Indexed by from * 90 + to.
    let table = |moves: &[Move]| {
        let mut t = vec![false; 90 * 90];
        for m in moves {
            t[m.from().index() * 90 + m.to().index()] = true;
        }
        t
    };
    let (is_legal, is_pseudo) = (table(legal), table(&pseudo));
    for m in all_pairs() {
        let i = m.from().index() * 90 + m.to().index();
        assert_eq!(
            pos.is_pseudo_legal(m),
            is_pseudo[i],
            "{pos:?}: is_pseudo_legal({m})"
        );
        assert_eq!(pos.is_legal(m), is_legal[i], "{pos:?}: is_legal({m})");
        if is_pseudo[i] {
            assert_eq!(
                pos.leaves_general_safe(m),
                is_legal[i],
                "{pos:?}: leaves_general_safe({m})"
            );
            assert_eq!(
                pos.is_legal_pseudo(m, pos.in_check()),
                is_legal[i],
                "{pos:?}: is_legal_pseudo({m})"
            );
        } else {
            assert!(
                !is_legal[i],
                "{pos:?}: the legal move {m} is not pseudo-legal"
            );
        }
    }
    assert!(
        !pos.is_legal(Move::NONE),
        "{pos:?}: the null move is never legal"
    );
}

/// (e): the capture generators give the captures among the full lists.
fn check_captures(pos: &Position, legal: &MoveList) {
    let is_capture = |m: &&Move| pos.piece_at(m.to()).is_some();
    let mut caps = MoveList::new();
    pos.generate_legal_captures(&mut caps);
    let expected: Vec<Move> = legal.iter().filter(is_capture).copied().collect();
    assert_eq!(
        move_set(&caps),
        move_set(&expected),
        "{pos:?}: legal captures"
    );

    let (mut pseudo, mut pseudo_caps) = (MoveList::new(), MoveList::new());
    pos.generate_pseudo::<false>(&mut pseudo);
    pos.generate_pseudo::<true>(&mut pseudo_caps);
    let expected: Vec<Move> = pseudo.iter().filter(is_capture).copied().collect();
    assert_eq!(
        move_set(&pseudo_caps),
        move_set(&expected),
        "{pos:?}: pseudo-legal captures"
    );

    // Appending to a list that already holds moves keeps them and adds the same moves (when
    // the pseudo-legal moves, generated before filtering, fit in the list).
    let mut list = MoveList::new();
    pos.generate_legal_captures(&mut list);
    let n = list.len();
    if n + pseudo.len() <= 128 {
        pos.generate_legal(&mut list);
        assert_eq!(&list[..n], &caps[..], "{pos:?}: earlier moves are kept");
        assert_eq!(&list[n..], &legal[..], "{pos:?}: appended moves");
    }
}

/// (f): `gives_check` agrees with making the move.
fn check_gives_check(pos: &Position, legal: &MoveList) {
    for &m in legal {
        let after = pos.after(m);
        assert_eq!(
            pos.gives_check(m),
            after.in_check(),
            "{pos:?}: gives_check({m})"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The reference move generator: slow and plain on purpose

/// The board as `grid[file][rank]`.
type Grid = [[Option<Piece>; 10]; 9];

fn grid(pos: &Position) -> Grid {
    let mut g = [[None; 10]; 9];
    for (f, column) in g.iter_mut().enumerate() {
        for (r, point) in column.iter_mut().enumerate() {
            *point = pos.piece_at(Square::new(f as u8, r as u8).unwrap());
        }
    }
    g
}

fn at(g: &Grid, f: i32, r: i32) -> Option<Piece> {
    g[f as usize][r as usize]
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match color {
            Color::Red => (0..=2).contains(&r),
            Color::Black => (7..=9).contains(&r),
        }
}

fn on_own_half(color: Color, r: i32) -> bool {
    match color {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

/// How many pieces stand strictly between two points on one file or rank.
fn pieces_between(g: &Grid, (f0, r0): (i32, i32), (f1, r1): (i32, i32)) -> usize {
    assert!(f0 == f1 || r0 == r1);
    let (sf, sr) = ((f1 - f0).signum(), (r1 - r0).signum());
    let (mut f, mut r) = (f0 + sf, r0 + sr);
    let mut n = 0;
    while (f, r) != (f1, r1) {
        n += usize::from(at(g, f, r).is_some());
        f += sf;
        r += sr;
    }
    n
}

/// True if the piece on `from` may go to `to` by its own rule: the palace, the river, the
/// horse's leg, the elephant's eye, the cannon's screen. The general's safety is not looked at.
fn follows_rule(g: &Grid, (f0, r0): (i32, i32), (f1, r1): (i32, i32)) -> bool {
    let Some(p) = at(g, f0, r0) else { return false };
    if (f0, r0) == (f1, r1) {
        return false;
    }
    let target = at(g, f1, r1);
    if target.is_some_and(|t| t.color == p.color) {
        return false;
    }
    let (df, dr) = (f1 - f0, r1 - r0);
    let straight = df == 0 || dr == 0;
    match p.kind {
        Kind::General => df.abs() + dr.abs() == 1 && in_palace(p.color, f1, r1),
        Kind::Advisor => df.abs() == 1 && dr.abs() == 1 && in_palace(p.color, f1, r1),
        Kind::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && on_own_half(p.color, r1)
                && at(g, f0 + df / 2, r0 + dr / 2).is_none()
        }
        Kind::Horse => match (df.abs(), dr.abs()) {
            (1, 2) => at(g, f0, r0 + dr / 2).is_none(),
            (2, 1) => at(g, f0 + df / 2, r0).is_none(),
            _ => false,
        },
        Kind::Chariot => straight && pieces_between(g, (f0, r0), (f1, r1)) == 0,
        Kind::Cannon => {
            let screens = if target.is_some() { 1 } else { 0 };
            straight && pieces_between(g, (f0, r0), (f1, r1)) == screens
        }
        Kind::Soldier => {
            let forward = if p.color == Color::Red { 1 } else { -1 };
            (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !on_own_half(p.color, r0))
        }
    }
}

fn find_general(g: &Grid, color: Color) -> (i32, i32) {
    for f in 0..9 {
        for r in 0..10 {
            if at(g, f, r) == Some(Piece::new(color, Kind::General)) {
                return (f, r);
            }
        }
    }
    panic!("no {color} general")
}

/// True if any piece of the other side could take `color`'s general, or the two generals see
/// each other along an open file.
fn general_attacked(g: &Grid, color: Color) -> bool {
    let king = find_general(g, color);
    for f in 0..9 {
        for r in 0..10 {
            if at(g, f, r).is_some_and(|p| p.color != color) && follows_rule(g, (f, r), king) {
                return true;
            }
        }
    }
    let other = find_general(g, !color);
    other.0 == king.0 && pieces_between(g, king, other) == 0
}

/// Every legal move, found by trying every pair of points.
fn reference_moves(pos: &Position) -> BTreeSet<(Square, Square)> {
    let g = grid(pos);
    let us = pos.turn();
    let mut moves = BTreeSet::new();
    for f0 in 0..9 {
        for r0 in 0..10 {
            if !at(&g, f0, r0).is_some_and(|p| p.color == us) {
                continue;
            }
            for f1 in 0..9 {
                for r1 in 0..10 {
                    if !follows_rule(&g, (f0, r0), (f1, r1)) {
                        continue;
                    }
                    let mut after = g;
                    after[f1 as usize][r1 as usize] = after[f0 as usize][r0 as usize].take();
                    if !general_attacked(&after, us) {
                        let sq = |f: i32, r: i32| Square::new(f as u8, r as u8).unwrap();
                        moves.insert((sq(f0, r0), sq(f1, r1)));
                    }
                }
            }
        }
    }
    moves
}

/// The engine's generator and check test agree with the reference.
fn check_against_reference(pos: &Position, legal: &MoveList) {
    let expected = reference_moves(pos);
    let got = move_set(legal);
    if got != expected {
        let missing: Vec<_> = expected
            .difference(&got)
            .map(|(f, t)| format!("{f}{t}"))
            .collect();
        let extra: Vec<_> = got
            .difference(&expected)
            .map(|(f, t)| format!("{f}{t}"))
            .collect();
        panic!(
            "{pos:?}\n{}\nmissing {missing:?}, extra {extra:?}",
            pos.board()
        );
    }
    let g = grid(pos);
    assert_eq!(
        pos.in_check(),
        general_attacked(&g, pos.turn()),
        "{pos:?}: in_check"
    );
    assert!(
        !general_attacked(&g, !pos.turn()),
        "{pos:?}: the side that moved is safe"
    );
    assert!(
        !pos.generals_facing(),
        "{pos:?}: the generals never face each other"
    );
    assert_eq!(
        pos.has_legal_move(),
        !legal.is_empty(),
        "{pos:?}: has_legal_move"
    );

    // `is_attacked_by`: could a piece of `by` capture on the point, were an enemy piece there?
    for by in Color::ALL {
        let enemy_general = find_general(&g, !by);
        for f in 0..9 {
            for r in 0..10 {
                if at(&g, f, r).is_some_and(|p| p.color == by) {
                    continue;
                }
                let mut with_target = g;
                if with_target[f as usize][r as usize].is_none() {
                    with_target[f as usize][r as usize] = Some(Piece::new(!by, Kind::Soldier));
                }
                let mut expected = (0..9).any(|f0| {
                    (0..10).any(|r0| {
                        at(&g, f0, r0).is_some_and(|p| p.color == by)
                            && follows_rule(&with_target, (f0, r0), (f, r))
                    })
                });
                if (f, r) == enemy_general {
                    let own = find_general(&g, by);
                    expected |= own.0 == f && pieces_between(&g, own, (f, r)) == 0;
                }
                let sq = Square::new(f as u8, r as u8).unwrap();
                assert_eq!(
                    pos.is_attacked_by(sq, by),
                    expected,
                    "{pos:?}: is_attacked_by({sq}, {by})"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random placements: positions that playouts rarely reach (bare boards, advanced soldiers,
// generals off their back ranks, the side to move in check from several pieces)

/// The points where a piece of `color` and `kind` may stand, from the rules alone.
fn allowed_points(color: Color, kind: Kind) -> Vec<Square> {
    let red: Vec<(u8, u8)> = match kind {
        Kind::General => (3..=5).flat_map(|f| (0..=2).map(move |r| (f, r))).collect(),
        Kind::Advisor => vec![(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
        Kind::Elephant => vec![(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
        Kind::Soldier => (0..9)
            .flat_map(|f| (3..10).map(move |r| (f, r)))
            .filter(|&(f, r)| r >= 5 || f % 2 == 0)
            .collect(),
        _ => (0..9).flat_map(|f| (0..10).map(move |r| (f, r))).collect(),
    };
    red.into_iter()
        .map(|(f, r)| match color {
            Color::Red => Square::new(f, r).unwrap(),
            // Black's points mirror Red's across the river (files mirror too, which the
            // symmetric sets above do not mind).
            Color::Black => Square::new(8 - f, 9 - r).unwrap(),
        })
        .collect()
}

/// Generals' points, up to 16 other pieces (colour, kind, point pick) and the side to move.
type Placement = ((u8, u8), Vec<(bool, u8, u8)>, bool);

fn placement_strategy() -> impl Strategy<Value = Placement> {
    (
        (any::<u8>(), any::<u8>()),
        prop::collection::vec((any::<bool>(), 0..6u8, any::<u8>()), 0..=16),
        any::<bool>(),
    )
}

/// Builds the position a placement describes, if the rules allow it: a piece whose point is
/// taken or beyond its kind's count is left out, and the side to move is swapped if the
/// other side would be in check.
fn placement_position(((rg, bg), pieces, black): &Placement) -> Option<Position> {
    let mut board = Board::empty();
    for (color, pick) in [(Color::Red, *rg), (Color::Black, *bg)] {
        let points = allowed_points(color, Kind::General);
        board.set(
            points[pick as usize % points.len()],
            Some(Piece::new(color, Kind::General)),
        );
    }
    // Every kind but the general, placed above.
    let kinds = &Kind::ALL[1..];
    for &(red, kind, pick) in pieces {
        let color = if red { Color::Red } else { Color::Black };
        let kind = kinds[kind as usize];
        let points = allowed_points(color, kind);
        let sq = points[pick as usize % points.len()];
        if board.get(sq).is_none() && board.count(color, kind) < kind.max_count() as usize {
            board.set(sq, Some(Piece::new(color, kind)));
        }
    }
    let turn = if *black { Color::Black } else { Color::Red };
    let setup = |turn| Setup {
        board: board.clone(),
        turn,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(&setup(turn))
        .or_else(|_| Position::from_setup(&setup(!turn)))
        .ok()
}

#[test]
fn most_random_placements_are_legal() {
    // The placement test is only as good as the share of placements it can use.
    let mut runner = proptest::test_runner::TestRunner::new(config(1));
    let strategy = placement_strategy();
    let n = 400;
    let legal = (0..n)
        .filter(|_| {
            let p = strategy.new_tree(&mut runner).unwrap().current();
            placement_position(&p).is_some()
        })
        .count();
    assert!(
        legal * 2 > n,
        "only {legal} of {n} random placements are legal"
    );
}

// ---------------------------------------------------------------------------------------------
// The tests

proptest! {
    #![proptest_config(config(600))]

    /// (a), (b), (c), (g) along playouts, and unmaking a whole playout returns to its start.
    #[test]
    fn playouts_keep_make_unmake_hash_and_fen_exact((start, choices) in playout_strategy()) {
        let (first, mut pos, played) = playout(start, &choices, |pos, legal| {
            check_make_unmake(pos, legal);
            check_fen(pos);
        });
        for &(m, undo) in played.iter().rev() {
            pos.unmake_move(m, undo);
            prop_assert_eq!(pos.hash(), pos.compute_hash());
        }
        prop_assert_eq!(pos, first);
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// (d), (e), (f) along playouts.
    #[test]
    fn playouts_agree_on_legality_captures_and_checks((start, choices) in playout_strategy()) {
        playout(start, &choices, |pos, legal| {
            check_single_move_tests(pos, legal);
            check_captures(pos, legal);
            check_gives_check(pos, legal);
        });
    }
}

proptest! {
    #![proptest_config(config(500))]

    /// The generator against the reference along playouts.
    #[test]
    fn playouts_match_the_reference_generator((start, choices) in playout_strategy()) {
        playout(start, &choices, check_against_reference);
    }
}

proptest! {
    #![proptest_config(config(4000))]

    /// Every property on random legal placements.
    #[test]
    fn random_placements_satisfy_every_property(placement in placement_strategy()) {
        if let Some(pos) = placement_position(&placement) {
            let legal = pos.legal_moves();
            check_against_reference(&pos, &legal);
            check_make_unmake(&pos, &legal);
            check_fen(&pos);
            check_single_move_tests(&pos, &legal);
            check_captures(&pos, &legal);
            check_gives_check(&pos, &legal);
        }
    }
}
