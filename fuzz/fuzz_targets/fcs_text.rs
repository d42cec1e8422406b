//! Fuzz target: see `checks::fcs_text`.

#![no_main]

#[path = "../checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fcs_text(data));
