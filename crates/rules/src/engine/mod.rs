//! The engine loop and its interface (DEVELOPERS.md, decision 2): `apply` an
//! action, `advance` to the next decision; decisions, actions, the legal actions of
//! each decision, per-player views (decision 6) and determinization for search.

pub mod action;
pub mod decision;
mod describe;
pub(crate) mod determinize;
pub(crate) mod game_loop;
pub(crate) mod legal;
pub(crate) mod listing_cache;
mod priority;
pub mod saved;
pub mod view;
