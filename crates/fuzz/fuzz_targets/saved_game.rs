//! See xiangqi_web::fuzzing::saved_game for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_web::fuzzing::saved_game(data));
