//! The game state (DEVELOPERS.md, decision 1): plain data, `Clone`, serialisable.
//! The game and its players (102), objects in an arena with their status (510),
//! ids, zones (217), the stack (217.6, 401), events (decision 8) and the seeded RNG.

pub mod event;
pub mod game;
pub mod ids;
pub mod limits;
pub mod object;
pub mod player;
pub mod progress;
pub mod rewind;
pub mod rng;
pub mod stack;
pub mod zone;
pub(crate) mod zone_change;
