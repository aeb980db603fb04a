//! See xiangqi_cli::fuzzing::fen for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_cli::fuzzing::fen(data));
