//! The turn (300–314): steps and their turn-based actions, starting a game (101),
//! untap choices and restrictions (302.2), state-based effects (420), and combat (306–311, 500).

pub(crate) mod attack_sacrifice;
pub(crate) mod blocks;
pub mod combat;
pub(crate) mod combat_damage;
pub(crate) mod combat_flow;
pub(crate) mod combat_limits;
pub mod sba;
pub(crate) mod setup;
pub(crate) mod steps;
pub(crate) mod untap_choice;
pub mod untap_rules;
