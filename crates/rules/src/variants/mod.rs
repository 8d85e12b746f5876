//! Multiplayer and game variants (600–609): the multiplayer options, the
//! set-up with teams and seating (`teams.rs`), leaving the game (600.4),
//! Two-Headed Giant (`two_headed.rs`, 606), Grand Melee's turn markers
//! (`grand_melee.rs`, 608), subgames (506) and playing for ante
//! (`ante.rs`, 217.9).

pub mod ante;
pub(crate) mod deploy;
pub mod grand_melee;
pub(crate) mod leave_game;
pub mod multiplayer;
pub mod range;
pub(crate) mod subgame;
pub mod teams;
pub mod two_headed;
