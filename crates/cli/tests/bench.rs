//! The bench signature: the total node count of `xiangqi bench` at its default depths, with
//! the built-in network (`xq-r1`) and with the hand-set evaluation.
//!
//! The searches are deterministic at fixed depths, so this number changes exactly when the
//! search or evaluation changes. A change meant to leave them alone must keep it; a change
//! meant to alter them updates it here, with the new strength measured by `xiangqi match`.

use clap::Parser;
use xiangqi_ai::nnue::built_in::built_in;
use xiangqi_cli::args::Cli;
use xiangqi_cli::bench::{run_suite, AB_DEPTH, POSITIONS, PVS_DEPTH};

const SIGNATURE: u64 = 1_078_171;
const HAND_SET_SIGNATURE: u64 = 1_093_695;

#[test]
fn bench_node_count_is_the_signature() {
    for (net, signature) in [(built_in(), SIGNATURE), (None, HAND_SET_SIGNATURE)] {
        let with_net = net.is_some();
        let rows = run_suite(AB_DEPTH, PVS_DEPTH, 1, net, |_| {});
        assert_eq!(
            rows.len(),
            2 * POSITIONS.len(),
            "one alpha-beta and one pvs row per position"
        );
        let total: u64 = rows.iter().map(|r| r.nodes).sum();
        assert_eq!(
            total, signature,
            "bench signature changed (network: {with_net}): {rows:#?}"
        );
    }
}

#[test]
fn the_bench_command_prints_a_table_and_the_totals_last() {
    let mut out = Vec::new();
    assert_eq!(xiangqi_cli::bench::run(2, 4, 1, None, &mut out), 0);
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("Total: ") && last.ends_with(" nodes/second"),
        "{last}"
    );
    assert_eq!(text.lines().count(), 2 + 2 * POSITIONS.len());
    // Bad depths are refused with a message.
    let err = Cli::try_parse_from(["xiangqi", "bench", "x"]).unwrap_err();
    assert!(err.to_string().contains("AB_DEPTH"), "{err}");
    let err = Cli::try_parse_from(["xiangqi", "bench", "5", "31"]).unwrap_err();
    assert!(err.to_string().contains("31 is not in 1..=30"), "{err}");
}
