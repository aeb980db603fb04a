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

/// The bytes of a network of `hidden` neurons with weights drawn from `seed`.
fn network_bytes(hidden: usize, seed: u64) -> Vec<u8> {
    let mut s = seed;
    let mut small = |range: u64| (next(&mut s) % (2 * range + 1)) as i16 - range as i16;
    let mut out = b"XQNQ".to_vec();
    out.extend_from_slice(&(hidden as u32).to_le_bytes());
    out.extend_from_slice(&(QA as u16).to_le_bytes());
    out.extend_from_slice(&(QB as u16).to_le_bytes());
    for _ in 0..INPUTS * hidden {
        out.extend_from_slice(&small(20).to_le_bytes());
    }
    for _ in 0..hidden {
        out.extend_from_slice(&(small(60) + 100).to_le_bytes());
    }
    for _ in 0..2 * hidden {
        out.extend_from_slice(&small(90).to_le_bytes());
    }
    out.extend_from_slice(&1234i32.to_le_bytes());
    out
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

#[test]
fn bytes_that_are_no_network_are_named() {
    let bytes = network_bytes(8, 1);
    assert_eq!(Network::from_bytes(&bytes).unwrap().hidden(), 8);
    assert_eq!(
        Network::from_bytes(b"XQNF....").unwrap_err(),
        NetError::NotANetwork
    );
    let short = &bytes[..bytes.len() - 2];
    assert_eq!(
        Network::from_bytes(short).unwrap_err().to_string(),
        format!(
            "a network of 8 hidden neurons takes {} bytes, not {}",
            bytes.len(),
            short.len()
        )
    );
    let mut scales = bytes.clone();
    scales[8] = 0;
    assert!(matches!(
        Network::from_bytes(&scales),
        Err(NetError::Scales { .. })
    ));
    let mut huge = bytes;
    huge[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&huge),
        Err(NetError::Length { .. })
    ));
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
        let net = Arc::new(Network::from_bytes(&network_bytes(24, seed)).unwrap());
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
fn output_weights_the_engine_cannot_sum_are_named() {
    let mut bytes = network_bytes(8, 1);
    let at = bytes.len() - 4 - 2;
    bytes[at..at + 2].copy_from_slice(&200i16.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&bytes).unwrap_err().to_string(),
        "an output weight of 200, beyond the ±127 this engine reads"
    );
}
