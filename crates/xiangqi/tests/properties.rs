//! Properties of `Position` checked along random playouts and on random placements.
//!
//! A playout starts from the initial position or one of the perft positions
//! (`data/perft.txt`) and, at every ply, plays the legal move that the next random number
//! picks. At every position reached it checks that
//!
//! - (a) make then unmake restores the position exactly, hash and counters included, for every
//!   legal move, and unmaking a whole playout returns to its start;
//! - (b) the incremental hash equals `compute_hash()` after every move, and `hash_after(m)`
//!   gives it before the move;
//! - (c) the FEN round trip (`to_fen` then `from_fen`) gives back an equal position: nothing
//!   reached by legal moves is rejected;
//! - (d) `is_legal` accepts every generated legal move and nothing else, over all 90 x 90
//!   from/to pairs, `is_pseudo_legal` likewise matches `generate_pseudo`, and of the
//!   pseudo-legal moves `is_legal_pseudo` accepts exactly the legal ones;
//! - (e) `generate_legal_captures` yields exactly the captures among the legal moves;
//! - (f) `gives_check(m)` agrees with making `m` and asking `in_check()`;
//! - (g) `make_null`/`unmake_null` restore the position;
//!
//! The checks are in `props/checks.rs`. `properties_reference.rs` compares `legal_moves()`
//! with a deliberately simple reference generator along the same playouts, and
//! `properties_placements.rs` checks everything on random placements.
//!
//! The random numbers come from a fixed seed, so every run checks the same cases; set
//! `PROPTEST_RNG_SEED` to explore others and `PROPTEST_CASES` to run more.

mod props;

use props::checks::*;
use props::playout::*;
use proptest::prelude::*;

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
