//! See xiangqi_web::fuzzing::game_list for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_web::fuzzing::game_list(data));
