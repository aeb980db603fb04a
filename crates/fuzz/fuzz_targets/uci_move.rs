//! See xiangqi_cli::fuzzing::uci_move for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_cli::fuzzing::uci_move(data));
