//! The FEN counters accept any u32, so playing moves from the largest values must neither
//! overflow nor fail to be undone exactly.

use xiangqi::{perft, Position};

#[test]
fn moves_from_the_largest_counters_are_made_and_undone() {
    for side in ["w", "b"] {
        let plain = format!("3k5/9/9/9/9/9/9/9/9/4K4 {side}");
        let fen = format!("{plain} - - 4294967295 4294967295");
        let pos = Position::from_fen(&fen).unwrap();
        let mut p = pos.clone();
        let expected = perft(&mut Position::from_fen(&plain).unwrap(), 3);
        assert_eq!(perft(&mut p, 3), expected);
        assert_eq!(p, pos);
        for &m in pos.legal_moves().iter() {
            let undo = p.make_move(m);
            assert_eq!(p.halfmoves(), u32::MAX);
            p.unmake_move(m, undo);
            assert_eq!(p, pos, "{m} from {fen}");
        }
    }
}
