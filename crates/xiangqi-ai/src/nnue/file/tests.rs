//! The network file: what is written reads back, the header says what the module notes say,
//! the shipped version-0 file reads as before, and each kind of file this engine cannot use
//! is refused with what it is and what the engine reads.

use super::super::tests::{bucketed, weights};
use super::*;
use crate::nnue::Network;

/// The shipped network, a file of version 0.
const XQ_R1: &[u8] = include_bytes!("../../../nets/xq-r1.nnue");

/// What this engine reads, as the messages end.
const READS: &str =
    "this engine reads version 2 (1260 inputs, 1 to 4096 hidden, 1 to 13 outputs, scales 255 \
     and 64, 400 cp a unit) and the versions before it";

/// `bytes` with the header's u32 field `index` (0: the version, 1: the inputs, ...) set to
/// `value`.
fn with_field(bytes: &[u8], index: usize, value: u32) -> Vec<u8> {
    let mut out = bytes.to_vec();
    out[4 + 4 * index..][..4].copy_from_slice(&value.to_le_bytes());
    out
}

fn message(bytes: &[u8]) -> String {
    read(bytes).unwrap_err().to_string()
}

#[test]
fn a_network_written_reads_back_the_same() {
    for (hidden, outputs, seed) in [(1, 1, 7), (8, 1, 1), (32, 1, 2), (8, 8, 3), (4, 13, 4)] {
        let weights = bucketed(hidden, outputs, seed);
        let bytes = write(&weights);
        assert_eq!(
            bytes.len(),
            HEADER + 2 * (INPUTS + 1) * hidden + outputs * (2 * 2 * hidden + 4)
        );
        assert_eq!(read(&bytes), Ok(weights.clone()));
        let net = Network::from_bytes(&bytes).unwrap();
        assert_eq!(net.weights(), &weights);
        assert_eq!(write(net.weights()), bytes);
    }
}

#[test]
fn the_header_holds_the_fields_the_module_notes_give() {
    let bytes = write(&weights(8, 1));
    assert_eq!(&bytes[..4], b"XQNN");
    let fields: Vec<u32> = (0..7).map(|i| u32_at(&bytes, 4 + 4 * i)).collect();
    assert_eq!(fields, [2, 1260, 8, 1, 255, 64, 400]);
    // Then the first input weight, and the output bias last.
    assert_eq!(
        i16::from_le_bytes([bytes[32], bytes[33]]),
        weights(8, 1).w1[0]
    );
    assert_eq!(bytes[bytes.len() - 4..], 1234i32.to_le_bytes());
    // With outputs: each output's weights in turn, then the biases.
    let net = bucketed(8, 3, 5);
    let bytes = write(&net);
    assert_eq!(u32_at(&bytes, 16), 3);
    // The second output's first weight: 2 × 8 weights (2 bytes each) into the output weights.
    let second = HEADER + 2 * (INPUTS + 1) * 8 + 2 * 16;
    assert_eq!(
        i16::from_le_bytes([bytes[second], bytes[second + 1]]),
        net.w2[16]
    );
    let biases: Vec<u32> = (0..3)
        .map(|k| u32_at(&bytes, bytes.len() - 12 + 4 * k))
        .collect();
    assert_eq!(biases, [1234, 1235, 1236]);
}

#[test]
fn a_file_of_version_1_reads_as_the_network_of_one_output_it_is() {
    let weights = weights(8, 1);
    let version_1 = with_field(&write(&weights), 0, 1);
    assert_eq!(read(&version_1), Ok(weights));
    // Version 1 had one output.
    let two = with_field(&write(&bucketed(8, 2, 1)), 0, 1);
    assert_eq!(
        message(&two),
        format!(
            "the network file is version 1 (1260 inputs, 8 hidden, 2 outputs, scales 255 and 64, \
             400 cp a unit), {READS}"
        )
    );
}

#[test]
fn the_shipped_network_is_version_0_and_reads_as_its_weights_written_again() {
    assert_eq!(&XQ_R1[..4], b"XQNQ");
    assert_eq!(XQ_R1.len(), 323_344, "the size docs/tuning.md records");
    let weights = read(XQ_R1).unwrap();
    assert_eq!(weights.hidden, 128);
    // The same weights in the same order: only the header differs.
    let again = write(&weights);
    assert_eq!(again[HEADER..], XQ_R1[12..]);
    assert_eq!(read(&again), Ok(weights));
}

#[test]
fn bytes_without_the_magic_are_no_network() {
    for bytes in [&b""[..], b"XQN", b"hello", b"XQNF\x08\0\0\0\xff\0@\0"] {
        assert_eq!(read(bytes), Err(FileError::NotANetwork));
    }
    assert_eq!(
        message(b"hello"),
        "not an evaluation network (no XQNN header)"
    );
}

#[test]
fn another_version_is_refused_with_both_versions_named() {
    let bytes = write(&weights(8, 1));
    let later = with_field(&with_field(&bytes, 0, 3), 2, 256);
    assert_eq!(
        message(&later),
        format!(
            "the network file is version 3 (1260 inputs, 256 hidden, 1 output, scales 255 and \
             64, 400 cp a unit), {READS}"
        )
    );
    // Version 0 has no header of this kind: a header that says 0 is no version this reads.
    assert!(matches!(
        read(&with_field(&bytes, 0, 0)),
        Err(FileError::Version { version: 0, .. })
    ));
    // A later header too short for the shape is still named by its version.
    assert_eq!(
        message(&later[..12]),
        format!("the network file is version 3, {READS}")
    );
}

#[test]
fn another_shape_is_refused_with_both_shapes_named() {
    let bytes = write(&weights(8, 1));
    let wider = with_field(&bytes, 1, 2520);
    assert_eq!(
        message(&wider),
        format!(
            "the network file is version 2 (2520 inputs, 8 hidden, 1 output, scales 255 and 64, \
             400 cp a unit), {READS}"
        )
    );
    // Each field of the shape is checked: inputs, hidden (none, too many), outputs (none,
    // too many), scales.
    let unlike = [
        (1, 1261),
        (2, 0),
        (2, 4097),
        (3, 0),
        (3, 14),
        (4, 256),
        (5, 32),
        (6, 100),
    ];
    for (index, value) in unlike {
        let changed = with_field(&bytes, index, value);
        assert!(
            matches!(read(&changed), Err(FileError::Shape { version: 2, .. })),
            "field {index} at {value}: {:?}",
            read(&changed)
        );
    }
    // Version 0's scales are checked too.
    let mut old = XQ_R1.to_vec();
    old[8..10].copy_from_slice(&127u16.to_le_bytes());
    assert_eq!(
        message(&old),
        format!(
            "the network file is version 0 (1260 inputs, 128 hidden, 1 output, scales 127 and \
             64, 400 cp a unit), {READS}"
        )
    );
}

#[test]
fn a_file_cut_short_or_too_long_is_refused() {
    let bytes = write(&weights(8, 1));
    assert_eq!(
        message(&bytes[..20]),
        "the network file ends in its header: 20 bytes of 32"
    );
    assert_eq!(
        message(&XQ_R1[..6]),
        "the network file ends in its header: 6 bytes of 12"
    );
    for cut in [HEADER, bytes.len() / 2, bytes.len() - 1] {
        assert_eq!(
            message(&bytes[..cut]),
            format!(
                "a network of 8 hidden neurons and 1 output takes {} bytes, not {cut}",
                bytes.len()
            )
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(read(&longer), Err(FileError::Length { .. })));
    assert!(matches!(
        read(&XQ_R1[..XQ_R1.len() - 2]),
        Err(FileError::Length { hidden: 128, .. })
    ));
}

#[test]
fn output_weights_the_engine_cannot_sum_are_named() {
    let mut weights = weights(8, 1);
    weights.w2[15] = 200;
    assert_eq!(
        message(&write(&weights)),
        "an output weight of 200, beyond the ±127 this engine reads"
    );
}

#[test]
#[should_panic(expected = "no network of 8 hidden neurons")]
fn weights_of_the_wrong_lengths_are_not_written() {
    let mut weights = weights(8, 1);
    weights.b1.pop();
    write(&weights);
}
