//! Multiplayer and game variants (600–609): the multiplayer options, leaving the
//! game (600.4), and subgames (506).

pub(crate) mod leave_game;
pub mod multiplayer;
pub(crate) mod subgame;
