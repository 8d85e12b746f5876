//! cargo-fuzz target `deck_file`: see `tolaria_ai::fuzz::inputs::deck_file`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tolaria_ai::fuzz::inputs::deck_file(data));
