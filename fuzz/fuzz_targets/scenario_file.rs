//! cargo-fuzz target `scenario_file`: see `tolaria_ai::fuzz::inputs::scenario_file`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tolaria_ai::fuzz::inputs::scenario_file(data));
