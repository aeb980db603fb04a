//! The move generator against a deliberately simple reference generator (`props/reference.rs`)
//! along seeded random playouts: `legal_moves()` must equal the reference's moves as a set.
//! The reference shares no code or table with the engine's generator, so it can catch what
//! the perft counts happen not to.

mod props;

use props::playout::*;
use props::reference::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(config(500))]

    /// The generator against the reference along playouts.
    #[test]
    fn playouts_match_the_reference_generator((start, choices) in playout_strategy()) {
        playout(start, &choices, check_against_reference);
    }
}
