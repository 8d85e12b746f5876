//! Tolaria's rules engine: a complete game of Magic under the
//! Comprehensive Rules of 2007-05-01, driven by decisions and actions.
//!
//! A [`Game`] is plain data. The engine stops at a [`Decision`]; an agent
//! picks one of [`Game::legal_actions`] and calls [`Game::apply`]. Every
//! change emits an [`Event`], rendered with its rule number.
//!
//! The folders name the engine's concepts (ARCHITECTURE.md has the map):
//! [`state`] the game state, [`engine`] the loop and its interface,
//! [`turn`] the turn structure and combat, [`playing`] playing spells and
//! abilities, [`resolution`] resolving them and triggered abilities,
//! [`continuous`] characteristics, layers, statics and replacement,
//! [`mechanics`] keyword and card mechanics, [`variants`] multiplayer and
//! subgames.

pub mod continuous;
pub mod engine;
pub mod mechanics;
pub mod playing;
pub mod resolution;
pub mod state;
pub mod turn;
pub mod variants;

pub use engine::action::{Action, ActionError};
pub use engine::decision::{Decision, DecisionKind};
pub use engine::view::PlayerView;
pub use state::event::{DrawReason, Event, LossReason, MoveReason, NamedTarget};
pub use state::game::{Game, GameResult, LastKnown};
pub use state::ids::{ObjId, PlayerId, Target};
pub use state::object::Object;
pub use state::player::{ManaPool, Player};
pub use state::progress::{CastingView, OptionalCost, Unpaid};
pub use state::rng::Rng;
pub use state::stack::{DamageAssignment, StackItem, StackKind};
pub use state::zone::Zone;
