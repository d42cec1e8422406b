//! Fuzz target: see `checks::lean_vs_engine`.

#![no_main]

#[path = "../checks.rs"]
#[allow(dead_code)]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::lean_vs_engine(data, usize::MAX));
