//! cargo-fuzz target `game_json`: see `tolaria_ai::fuzz::inputs::game_json`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tolaria_ai::fuzz::inputs::game_json(data));
