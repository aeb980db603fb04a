//! See xiangqi_web::fuzzing::link_params for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_web::fuzzing::link_params(data));
