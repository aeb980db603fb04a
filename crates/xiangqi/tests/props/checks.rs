//! The properties, each checked on one position: make/unmake, the hash, the FEN round trip,
//! the single-move legality tests, the capture generator and `gives_check`.

use std::collections::BTreeSet;
use xiangqi::{Color, Kind, Move, MoveList, Position, Square};

pub fn all_pairs() -> impl Iterator<Item = Move> {
    Square::all().flat_map(|from| Square::all().map(move |to| Move::new(from, to)))
}

pub fn move_set(moves: &[Move]) -> BTreeSet<(Square, Square)> {
    let set: BTreeSet<_> = moves.iter().map(|m| (m.from(), m.to())).collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice: {moves:?}");
    set
}

/// (a), (b), (g): make/unmake and null moves restore everything; the hash stays exact.
pub fn check_make_unmake(pos: &Position, legal: &MoveList) {
    assert_eq!(pos.hash(), pos.compute_hash(), "{pos:?}: incremental hash");
    let mut p = pos.clone();
    for &m in legal {
        let mover = pos.piece_at(m.from()).expect("a piece moves");
        let target = pos.piece_at(m.to());
        let after = p.hash_after(m);
        let undo = p.make_move(m);
        assert_eq!(
            p.hash(),
            p.compute_hash(),
            "{pos:?} {m}: hash after the move"
        );
        assert_eq!(after, p.hash(), "{pos:?} {m}: hash_after foretells it");
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
pub fn check_fen(pos: &Position) {
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
pub fn check_single_move_tests(pos: &Position, legal: &MoveList) {
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
pub fn check_captures(pos: &Position, legal: &MoveList) {
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
pub fn check_gives_check(pos: &Position, legal: &MoveList) {
    for &m in legal {
        let after = pos.after(m);
        assert_eq!(
            pos.gives_check(m),
            after.in_check(),
            "{pos:?}: gives_check({m})"
        );
    }
}
