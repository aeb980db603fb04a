use super::file::Weights;
use super::*;
use crate::node::Node;
use proptest::prelude::*;
use std::sync::Arc;
use xiangqi::Position;

/// Small deterministic numbers.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// The weights of a network of `hidden` neurons and one output drawn from `seed`.
pub(super) fn weights(hidden: usize, seed: u64) -> Weights {
    bucketed(hidden, 1, seed)
}

/// The weights of a network of `hidden` neurons and `outputs` outputs drawn from `seed`, the
/// output biases 1234, 1235, ...
pub(super) fn bucketed(hidden: usize, outputs: usize, seed: u64) -> Weights {
    let mut s = seed;
    let mut small = |range: u64| (next(&mut s) % (2 * range + 1)) as i16 - range as i16;
    Weights {
        hidden,
        outputs,
        w1: (0..INPUTS * hidden).map(|_| small(20)).collect(),
        b1: (0..hidden).map(|_| small(60) + 100).collect(),
        w2: (0..outputs * 2 * hidden).map(|_| small(90)).collect(),
        b2: (0..outputs as i32).map(|k| 1234 + k).collect(),
    }
}

/// The file of a network of `hidden` neurons with weights drawn from `seed`.
fn network_bytes(hidden: usize, seed: u64) -> Vec<u8> {
    file::write(&weights(hidden, seed))
}

#[test]
fn the_start_position_scores_the_same_for_either_side_to_move() {
    // The board turned for Black is the same start: both sides see the same inputs.
    let net = Network::from_bytes(&network_bytes(16, 3)).unwrap();
    let start = Position::start();
    let (mut red, mut black) = (vec![0; 16], vec![0; 16]);
    net.refresh(&start, 0, &mut red);
    net.refresh(&start, 1, &mut black);
    assert_eq!(red, black);
    let black_to_move = Position::from_fen(&start.to_fen().replace(" w ", " b ")).unwrap();
    assert_eq!(
        net.evaluate_position(&start),
        net.evaluate_position(&black_to_move)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// The search's accumulators, stepped up on every move and down on every take-back,
    /// give what a fresh sum gives: after each move of a random playout, after trying and
    /// taking back every legal move there, and back at the start when the playout is
    /// taken back whole.
    #[test]
    fn the_search_accumulators_equal_a_fresh_sum_along_random_playouts(
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 1..160),
    ) {
        // One output, or buckets (which a capture can change).
        let outputs = 1 + (seed % 8) as usize;
        let net = Arc::new(Network::from_bytes(&file::write(&bucketed(24, outputs, seed))).unwrap());
        let mut node = Node::with_network(Position::start(), Some(net.clone()));
        let first = node.network_eval();
        prop_assert_eq!(first, Some(net.evaluate_position(&Position::start())));
        let mut played = Vec::new();
        for choice in choices {
            let moves = node.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let here = node.network_eval();
            for &m in &moves {
                let undo = node.make_move(m);
                prop_assert_eq!(node.network_eval(), Some(net.evaluate_position(node.position())));
                node.unmake_move(m, undo);
                prop_assert_eq!(node.network_eval(), here);
            }
            let m = moves[usize::from(choice) % moves.len()];
            played.push((m, node.make_move(m)));
            let null = node.make_null();
            prop_assert_eq!(node.network_eval(), Some(net.evaluate_position(node.position())));
            node.unmake_null(null);
        }
        while let Some((m, undo)) = played.pop() {
            node.unmake_move(m, undo);
        }
        prop_assert_eq!(node.network_eval(), first);
    }
}

#[test]
fn the_output_buckets_split_the_major_pieces_as_the_notes_say() {
    let of = |outputs| {
        (0..=12)
            .map(|m| output_bucket(m, outputs))
            .collect::<Vec<_>>()
    };
    assert_eq!(of(1), [0; 13]);
    assert_eq!(of(8), [0, 0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7]);
    // Every output reads some count, in order, up to the most outputs a file may have.
    for outputs in 1..=MAX_OUTPUTS {
        let buckets = of(outputs);
        assert!(buckets.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        assert_eq!(
            (buckets[0], buckets[12]),
            (0, outputs - 1),
            "{outputs} outputs"
        );
    }
    // More than a board holds reads as a full board.
    assert_eq!(output_bucket(30, 8), 7);
}

#[test]
fn a_position_is_read_by_the_output_of_its_major_pieces() {
    // Every weight 0 but the output biases: output k says 10 × k centipawns.
    let hidden = 8;
    let net = Network::from_bytes(&file::write(&Weights {
        hidden,
        outputs: 8,
        w1: vec![0; INPUTS * hidden],
        b1: vec![0; hidden],
        w2: vec![0; 8 * 2 * hidden],
        b2: (0..8).map(|k| 10 * k * QA * QB / SCALE).collect(),
    }))
    .unwrap();
    let cases = [
        // The start: 12 chariots, horses and cannons.
        (Position::start().to_fen(), 70),
        // A chariot and a horse against a cannon: 3.
        ("3k5/9/9/9/9/9/9/2c6/R8/3HK4 w - - 0 1".to_string(), 10),
        // Kings and soldiers only: 0.
        ("4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1".to_string(), 0),
    ];
    for (fen, cp) in cases {
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(net.evaluate_position(&pos), cp, "{fen}");
        let node = Node::with_network(pos, Some(Arc::new(net.clone())));
        assert_eq!(node.network_eval(), Some(cp), "{fen}");
    }
}
