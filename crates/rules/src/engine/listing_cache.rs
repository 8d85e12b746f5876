//! The listing at priority kept between decisions (issue 22): derived data,
//! never game state. A player's legal actions at priority are computed,
//! kept with a key of what they were computed from (one list per player
//! with sorcery timing and one without), and given again while the key is
//! unchanged, without a copy (`keep_listing`, `kept_listing`, `apply_kept`;
//! ARCHITECTURE.md, "Derived data kept for speed", `Game::listing`).
//!
//! The key: `Game::listing_gen`, counted by `emit` for every event but a
//! step's beginning (every change to the game emits an event, decision 8:
//! a new event may change anything the listing reads) and, in a game of the
//! plainest cards, but the events no listing of theirs reads (combat
//! declarations, damage to a permanent, a permanent other than a mana
//! source becoming tapped, a card drawn: `trigger_gate::listing_neutral`),
//! the player's hand size, the player, the
//! stack's size, sorcery timing (308.4: the active player's main phase with
//! the stack empty), the continuous effects' number (an "until end of
//! combat" effect ends with its phase without an event of its own, 300.4),
//! and the step itself in a game where the listing may read the step
//! otherwise (`Game::listing_step_bound`). Only the simplest listings are
//! kept: none while a permanent in play has an activated or a static
//! ability, or while any of the game's card flags that add work to the
//! listing is set (morph, flashback, flash grants, split second, restricted
//! mana, abilities of other players' permanents), or while actions are
//! granted, cards are linked to a removal or a player is banned from
//! playing spells.

use crate::{Action, DecisionKind, Game};
use tolaria_cards::{Ability, CardDef, ObjectFilter, TargetKind, TargetSpec};

/// What a kept listing was computed from (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListingKey {
    gen: u64,
    effects: u32,
    stack: u16,
    /// The player's hand size: a card drawn isn't counted in `gen` in a
    /// game of the plainest cards (`trigger_gate::listing_neutral`).
    hand: u16,
    /// 0 in a game whose listing reads no step but through sorcery timing.
    step: u16,
    player: u8,
    sorcery: bool,
}

/// The kept listings, two per player (with and without sorcery timing:
/// a main phase's listing is found again after the combat steps), and the
/// listing of the present decision when it isn't kept (`Game::listing`).
/// Scratch storage as far as copies go: a copy of the game starts without
/// them (its `Clone` gives none) and a save doesn't hold them.
#[derive(Default)]
pub struct ListingCache {
    kept: Vec<KeptList>,
    /// The listing of a decision whose listing isn't kept.
    other: Vec<Action>,
    /// Which list `keep_listing` made current: an index of `kept`, or
    /// `usize::MAX` for `other`.
    current: usize,
}

/// One kept list and the key it was computed at (`None`: none yet; its
/// allocation is kept for the next one).
#[derive(Default)]
struct KeptList {
    key: Option<ListingKey>,
    list: Vec<Action>,
}

impl ListingCache {
    /// The list `keep_listing` made current.
    #[inline]
    fn current(&self) -> &[Action] {
        match self.kept.get(self.current) {
            Some(k) => &k.list,
            None => &self.other,
        }
    }
}

impl Clone for ListingCache {
    fn clone(&self) -> Self {
        ListingCache::default()
    }
}

impl std::fmt::Debug for ListingCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ListingCache")
    }
}

impl Game {
    /// Makes the legal actions of the pending decision current for
    /// [`Game::kept_listing`]: the listing kept for this player and timing
    /// when nothing it was computed from has changed since (see the
    /// module's comment), computed and kept otherwise (issue 22). No list
    /// is copied.
    pub fn keep_listing(&mut self) {
        let Some(key) = self.listing_key() else {
            let mut v = std::mem::take(&mut self.listing.other);
            self.legal_actions_into(&mut v);
            self.listing.other = v;
            self.listing.current = usize::MAX;
            return;
        };
        let slot = 2 * key.player as usize + usize::from(key.sorcery);
        self.listing.current = slot;
        if self.listing.kept.len() <= slot {
            self.listing.kept.resize_with(slot + 1, KeptList::default);
        }
        if self.listing.kept[slot].key == Some(key) {
            return;
        }
        let mut v = std::mem::take(&mut self.listing.kept[slot].list);
        self.legal_actions_into(&mut v);
        let kept = &mut self.listing.kept[slot];
        kept.key = Some(key);
        kept.list = v;
    }

    /// The legal actions [`Game::keep_listing`] made current: those of the
    /// pending decision as long as the game hasn't changed since (debug
    /// builds check it against the full computation).
    pub fn kept_listing(&self) -> &[Action] {
        let list = self.listing.current();
        debug_assert_eq!(
            list,
            self.legal_actions().as_slice(),
            "the kept listing differs from the legal actions now"
        );
        list
    }

    /// [`Game::apply_listed`] with the list [`Game::kept_listing`] gives,
    /// looked up where it is kept (no list moved out and back).
    pub fn apply_kept(&mut self, action: Action) -> Result<(), crate::ActionError> {
        if self.apply_unlisted(&action) {
            return self.apply(action);
        }
        let list = self.listing.current();
        debug_assert_eq!(
            list,
            self.legal_actions().as_slice(),
            "apply_kept: the kept list isn't the game's legal actions now"
        );
        if !list.contains(&action) {
            return Err(self.not_listed(action));
        }
        self.apply_decided(action)
    }

    /// [`Game::legal_actions_into`] through the kept listing
    /// ([`Game::keep_listing`]), copied into `out`.
    pub fn legal_actions_kept(&mut self, out: &mut Vec<Action>) {
        self.keep_listing();
        out.clear();
        out.extend_from_slice(self.kept_listing());
    }

    /// The key of the listing at this decision, or `None` when it isn't
    /// kept (not a priority decision, or a game whose listing may read
    /// what the key doesn't record: see the module's comment).
    #[inline]
    fn listing_key(&self) -> Option<ListingKey> {
        let d = self.decision.as_ref()?;
        if !matches!(d.kind, DecisionKind::Priority)
            || self.mana_choice.is_some()
            || !self.board.valid
            || self.board.activated != 0
            || self.board.statics != 0
            || self.hand_actions
            || self.graveyard_plays
            || self.flash_grants
            || self.split_second_cards
            || self.restricted_mana
            || self.any_player_abilities
            || self.graveyard_statics
            || !self.granted_actions.is_empty()
            || !self.removals.is_empty()
            || !self.play_bans.is_empty()
        {
            return None;
        }
        let p = d.player;
        if self.player(p).graveyard_plays.is_some() {
            return None;
        }
        let step = if self.listing_step_bound {
            1 + self.step as u16 + (u16::from(self.combat.blockers_step) << 8)
        } else {
            0
        };
        Some(ListingKey {
            gen: self.listing_gen,
            effects: self.effects.len() as u32,
            stack: self.stack.len() as u16,
            hand: self.player(p).hand.len() as u16,
            step,
            player: p.0,
            sorcery: self.is_active(p) && self.step.is_main() && self.stack.is_empty(),
        })
    }
}

/// Could this card make the listing at priority read the step (or
/// combat) other than through sorcery timing (`Game::listing_step_bound`)?
/// Only the plainest cards are taken as not: no timing restriction or
/// condition on the spell, no alternative or additional cost, no activated
/// or static ability (printed or granted in quotes, which a token it makes
/// may have), mana abilities with no condition or restriction, and targets
/// described by what can change only with an event the kept listings
/// count (types, colours, controller, keywords, power and toughness), never
/// by combat, damage, tapped status or the turn (combat declarations,
/// damage to a permanent and a permanent without mana abilities becoming
/// tapped aren't counted in such a game: `trigger_gate::listing_neutral`).
pub(crate) fn card_step_bound(def: &CardDef) -> bool {
    def.faces.iter().any(|f| {
        let s = &f.spell;
        s.timing.is_some()
            || s.only_if.is_some()
            || s.alternative.is_some()
            || s.additional_cost.is_some()
            || !s.modes.is_empty()
            || !s.kicker.is_empty()
            || s.buyback.is_some()
            || s.flashback.is_some()
            || s.convoke
            || s.delve
            || s.suspend.is_some()
            || s.madness.is_some()
            || s.entwine.is_some()
            || s.replicate.is_some()
            || s.splice.is_some()
            || !s.targets.iter().all(target_step_free)
            || !f.abilities.iter().chain(&f.granted).all(ability_step_free)
    })
}

fn ability_step_free(a: &Ability) -> bool {
    match a {
        Ability::Keyword(_)
        | Ability::Protection(_)
        | Ability::Landwalk(_)
        | Ability::BandsWithOther(_)
        | Ability::Triggered(_) => true,
        Ability::Enchant(f) => filter_step_free(f),
        Ability::Mana(m) => m.only_if.is_none() && m.spend_only.is_none(),
        Ability::Activated(_) | Ability::Static(_) => false,
    }
}

fn target_step_free(t: &TargetSpec) -> bool {
    let kind = match &t.kind {
        TargetKind::CreatureOrPlayer => true,
        TargetKind::Player(p) => matches!(
            p,
            tolaria_cards::PlayerFilter::Any
                | tolaria_cards::PlayerFilter::Opponent
                | tolaria_cards::PlayerFilter::You
        ),
        TargetKind::Permanent(f) => filter_step_free(f),
        _ => false,
    };
    kind && t.count_by.is_none() && !t.opponent_chooses && t.more_than_you.is_none()
}

/// A filter that reads only what changes with an event: the fields named
/// here are cleared and the rest must be the default (a new field of
/// `ObjectFilter` counts as reading the step until it is named here). Its
/// tapped status is not among them: a permanent other than a mana source
/// becoming tapped isn't counted for the kept listings
/// (`trigger_gate::listing_neutral`).
fn filter_step_free(f: &ObjectFilter) -> bool {
    use tolaria_cards::ControllerFilter;
    if !matches!(
        f.controller,
        ControllerFilter::Any | ControllerFilter::You | ControllerFilter::Opponent
    ) {
        return false;
    }
    let rest = ObjectFilter {
        types_any: Default::default(),
        types_all: Default::default(),
        types_none: Default::default(),
        subtypes_none: Vec::new(),
        subtypes_any: Vec::new(),
        types_or_subtypes: false,
        supertypes_all: Vec::new(),
        supertypes_none: Default::default(),
        colors_any: Default::default(),
        colors_none: Default::default(),
        controller: Default::default(),
        with_keyword: None,
        without_keyword: None,
        other: false,
        power_at_most: None,
        toughness_at_most: None,
        power_at_least: None,
        multicolored: false,
        nontoken: false,
        token: false,
        ..f.clone()
    };
    rest == ObjectFilter::default()
}
