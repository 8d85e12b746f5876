//! Playing spells and abilities (409, 406, 411): announcing, targets (415),
//! total cost (409.1f) and paying, rewinding an illegal play (422), "unless" payments
//! (413.2c), splice (502.40), and copies of spells (503.10).

pub(crate) mod activation_count;
pub(crate) mod convoke_delve;
pub(crate) mod cost;
pub(crate) mod grantor;
pub(crate) mod graveyard_plays;
pub(crate) mod land_plays;
pub(crate) mod mana;
pub(crate) mod mana_ability_cost;
pub(crate) mod mana_choice_cost;
pub(crate) mod mana_restricted;
pub(crate) mod mana_split;
pub(crate) mod opponent_choice;
pub mod play;
pub(crate) mod play_costs;
pub(crate) mod play_modes;
pub mod spell_copy;
pub(crate) mod splice;
pub mod targeting;
pub(crate) mod unless_pay;
