//! cargo-fuzz target `replay_file`: see `tolaria_ai::fuzz::inputs::replay_file`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tolaria_ai::fuzz::inputs::replay_file(data));
