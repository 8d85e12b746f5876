//! Tolaria's rules engine: a complete game of Magic under the
//! Comprehensive Rules of 2007-05-01, driven by decisions and actions.
//!
//! A [`Game`] is plain data. The engine stops at a [`Decision`]; an agent
//! picks one of [`Game::legal_actions`] and calls [`Game::apply`]. Every
//! change emits an [`Event`], rendered with its rule number.

pub mod action;
mod amplify;
mod banding;
mod blocks;
pub mod characteristics;
pub mod combat;
mod combat_flow;
mod copy_effect;
mod cost;
mod cycling;
pub mod damage_source;
pub mod decision;
pub mod delayed;
mod determinize;
pub mod draw_replacement;
pub mod effects;
pub(crate) mod engine;
pub mod event;
pub mod filter;
mod flip;
pub mod game;
pub mod game_rules;
pub mod ids;
pub mod layers;
mod leave_game;
mod legal;
pub mod library;
mod madness;
mod mana_ability_cost;
mod morph;
pub mod multiplayer;
mod naming;
mod ninjutsu;
pub mod object;
pub mod phasing;
pub mod play;
pub mod player;
mod redeal;
pub mod replacement;
pub mod resolve;
mod ripple;
pub mod rng;
pub mod sba;
mod setup;
pub mod spell_copy;
pub mod stack;
mod statics;
mod subgame;
mod suspend;
pub mod targeting;
pub mod triggers;
mod turn;
mod unless_pay;
mod untap_choice;
pub mod view;
pub mod zone;

pub use action::{Action, ActionError};
pub use decision::{Decision, DecisionKind, OptionalCost};
pub use engine::{CastingView, Unpaid};
pub use event::{DrawReason, Event, LossReason, MoveReason, NamedTarget};
pub use game::{Game, GameResult, LastKnown};
pub use ids::{ObjId, PlayerId, Target};
pub use object::Object;
pub use player::{ManaPool, Player};
pub use rng::Rng;
pub use stack::{DamageAssignment, StackItem, StackKind};
pub use view::PlayerView;
pub use zone::Zone;
