//! See xiangqi_web::fuzzing::practice_record for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_web::fuzzing::practice_record(data));
