//! cargo-fuzz target `action_json`: see `tolaria_ai::fuzz::inputs::action_json`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tolaria_ai::fuzz::inputs::action_json(data));
