//! The scenario format (docs/scenarios.md): set up a game mid-way, run a
//! list of actions by named players, and check what the rules did. Users
//! and the rules tests share it.

mod actions;
mod expect;
mod parse;
mod run;

pub use parse::{Scenario, ScenarioError};
pub use run::{run_files, Report, PANICKED};
