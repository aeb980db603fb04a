//! See xiangqi_cli::fuzzing::record_read for the property checked: game records in any form.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| xiangqi_cli::fuzzing::record_read(data));
