//! Continuous effects (418, 419): computed characteristics through the layers
//! (418.5), static abilities (405), effects on players and the rules of the game
//! (418.5j–k), replacement and prevention (419), copy effects (503.4) and filters.

pub mod board_check;
pub mod characteristics;
pub(crate) mod condition;
pub(crate) mod copy_effect;
pub(crate) mod damage_shape;
pub(crate) mod draw_instead;
pub mod draw_replacement;
pub mod effects;
pub(crate) mod exile_if_dies;
pub mod filter;
pub mod game_rules;
pub mod layers;
pub(crate) mod lingering;
pub mod replacement;
pub mod shield;
pub mod source;
pub(crate) mod statics;
