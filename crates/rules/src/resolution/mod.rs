//! Resolution (413–417): resolving spells and abilities and their one-shot effects,
//! triggered (404, 410) and delayed (404.4) abilities, library actions, naming a card
//! (419.1b), choosing a source of damage (419.8a), cards removed from the game face
//! down (217.7b, 217.7d), Warp World's redeal, and "untap up to N lands".

pub(crate) mod aura_placement;
pub(crate) mod balance;
pub(crate) mod card_choice;
pub(crate) mod choices;
pub(crate) mod coin;
pub(crate) mod combat_triggers;
pub(crate) mod copiable;
pub mod damage_source;
pub(crate) mod damage_triggers;
pub mod delayed;
pub(crate) mod drawn;
pub(crate) mod each_player;
pub(crate) mod effect;
pub(crate) mod enters_instead;
pub(crate) mod graveyard_triggers;
pub(crate) mod hand_cards;
pub(crate) mod lasting;
pub mod library;
pub(crate) mod library_search;
pub(crate) mod look_at_top;
pub(crate) mod mana_triggers;
pub(crate) mod naming;
pub(crate) mod pausable;
pub(crate) mod piles;
pub(crate) mod redeal;
pub(crate) mod refs;
pub(crate) mod removed;
pub mod resolve;
pub(crate) mod reveal;
pub(crate) mod state_triggers;
pub(crate) mod target_triggers;
pub(crate) mod top_card;
pub(crate) mod trigger_gate;
pub(crate) mod trigger_stack;
pub mod triggers;
pub(crate) mod untap_up_to;
