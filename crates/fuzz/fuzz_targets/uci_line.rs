//! See xiangqi_cli::fuzzing::uci_lines for the property checked: the input's lines go
//! through the command parser and the protocol loop of a fresh engine.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_cli::fuzzing::uci_lines(data));
