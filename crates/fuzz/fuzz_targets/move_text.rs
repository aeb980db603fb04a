//! See xiangqi_cli::fuzzing::move_text for the property checked: every notation's parser.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_cli::fuzzing::move_text(data));
