//! Fuzz target: see `checks::engine_vs_referee`.

#![no_main]

#[path = "../checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::engine_vs_referee(data, usize::MAX));
