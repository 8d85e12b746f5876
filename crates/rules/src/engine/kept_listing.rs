//! The priority listing kept between decisions (issue 22; ARCHITECTURE.md
//! "Derived data kept for speed"): the legal actions of a player with
//! priority (408.1d, 408.2d), computed as `apply` stops at the decision and
//! reused at a later priority of the same player while nothing the listing
//! reads has changed: most priorities of a game follow only passes and the
//! start of a new step (304: the step's own priority).
//!
//! The rule that keeps it true: `KeptListing::epoch` counts the changes of
//! the game. It moves on with every event but the start of a step
//! (`Game::emit`), every action other than a pass at priority
//! (`Game::apply_as`), every change of status or combat without an event of
//! its own (`Game::status_changed`), every recomputation of the kept board
//! (`Game::settle`), every set-up change (`Game::touched`) and every
//! determinized copy. A kept listing is used only at the same epoch, for
//! the same player, with the same sorcery timing (the active player's main
//! phase with an empty stack, 212.3a), the same mana pool, and, unless no
//! card of the game has a timing restriction, ninjutsu or a static ability
//! (`KeptListing::step_free`), the same step. Debug builds compute the
//! listing again at each use and check that it is the same.

use crate::engine::action::Action;
use crate::state::player::ManaPool;
use crate::{DecisionKind, Game, PlayerId};
use tolaria_cards::Step;

/// What a priority listing was computed for, besides the epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    player: PlayerId,
    sorcery_timing: bool,
    pool: ManaPool,
    /// The step and whether blockers were declared, when the listing may
    /// depend on them (not `step_free`).
    step: Option<(Step, bool)>,
}

#[derive(Clone, Debug)]
pub(crate) struct Kept {
    epoch: u64,
    key: Key,
    actions: Vec<Action>,
}

/// The kept priority listings, one per player (see the module header).
#[derive(Clone, Debug, Default)]
pub struct KeptListing {
    /// Moves on with every change of the game a listing may read.
    epoch: u64,
    /// No card of the game has a spell or activated ability with a timing
    /// restriction, ninjutsu or a static ability (which may grant one):
    /// the step is read only through sorcery timing. `false` (the step is
    /// part of the key) in a default value, so a loaded game is safe.
    step_free: bool,
    kept: Vec<Option<Kept>>,
}

impl KeptListing {
    /// A new game's (no card yet).
    pub(crate) fn new_game() -> KeptListing {
        KeptListing {
            step_free: true,
            ..KeptListing::default()
        }
    }

    /// The game changed: no kept listing is valid any more.
    #[inline]
    pub(crate) fn changed(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
    }

    /// The kept listings, taken out (a rewind point copies the game
    /// without them); the epoch and `step_free` stay.
    pub(crate) fn take_kept(&mut self) -> Vec<Option<Kept>> {
        std::mem::take(&mut self.kept)
    }

    /// Puts back what [`KeptListing::take_kept`] took.
    pub(crate) fn restore_kept(&mut self, kept: Vec<Option<Kept>>) {
        self.kept = kept;
    }

    /// A card of the game: does a listing with it read the step?
    pub(crate) fn add_card(&mut self, def: &tolaria_cards::CardDef) {
        if !self.step_free {
            return;
        }
        let reads_step = def.faces.iter().any(|f| {
            f.has_statics
                || f.spell.timing.is_some()
                || f.abilities.iter().any(|a| {
                    matches!(a, tolaria_cards::Ability::Activated(x)
                        if x.timing.is_some() || x.ninjutsu)
                })
        });
        self.step_free = !reads_step;
    }
}

impl Game {
    /// The key of a listing for `p` now.
    #[inline]
    fn listing_key(&self, p: PlayerId) -> Key {
        Key {
            player: p,
            sorcery_timing: self.is_active(p) && self.step.is_main() && self.stack.is_empty(),
            pool: self.player(p).pool,
            step: (!self.listing.step_free).then_some((self.step, self.combat.blockers_step)),
        }
    }

    /// The kept listing of the pending priority decision, if it is valid.
    #[inline]
    pub(crate) fn kept_priority_listing(&self) -> Option<&[Action]> {
        let d = self.decision.as_ref()?;
        if d.kind != DecisionKind::Priority || self.mana_choice.is_some() {
            return None;
        }
        let k = self.listing.kept.get(d.player.index())?.as_ref()?;
        (k.epoch == self.listing.epoch && k.key == self.listing_key(d.player))
            .then_some(&k.actions[..])
    }

    /// After an action: at a priority decision, the listing is kept (or
    /// the kept one is still valid).
    pub(crate) fn keep_priority_listing(&mut self) {
        let Some(d) = self.decision.as_ref() else {
            return;
        };
        if d.kind != DecisionKind::Priority || self.mana_choice.is_some() {
            return;
        }
        let p = d.player;
        if self.kept_priority_listing().is_some() {
            return;
        }
        let key = self.listing_key(p);
        let i = p.index();
        if self.listing.kept.len() <= i {
            self.listing.kept.resize(i + 1, None);
        }
        let mut actions = self.listing.kept[i]
            .take()
            .map(|k| k.actions)
            .unwrap_or_default();
        actions.clear();
        self.priority_actions(p, &mut actions);
        self.listing.kept[i] = Some(Kept {
            epoch: self.listing.epoch,
            key,
            actions,
        });
    }

    /// Debug builds: a kept listing equals the listing computed now.
    #[cfg(debug_assertions)]
    pub(crate) fn check_kept_listing(&self, kept: &[Action]) {
        let Some(d) = self.decision.as_ref() else {
            return;
        };
        let mut fresh = Vec::new();
        self.priority_actions(d.player, &mut fresh);
        debug_assert_eq!(
            fresh, kept,
            "a kept priority listing differs from the listing now (see engine/kept_listing.rs)"
        );
    }
}
