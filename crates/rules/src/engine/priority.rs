//! The legal actions at priority (408.1d, 408.2d, 411): the cards in hand
//! and graveyard that may be played now (timing, cost, targets), the
//! activated abilities of the permanents in play; split from `legal.rs`.

use crate::continuous::source::SourceInfo;
use crate::playing::targeting::targets_available;
use crate::state::progress::Unpaid;
use crate::{Action, Game, ObjId, PlayerId, Zone};
use tolaria_cards::{Ability, CardType, Keyword};

impl Game {
    /// The priority actions for one card in hand (408.1d, 408.2d): a split
    /// card offers each half that could be played now (505.2).
    pub(crate) fn hand_card_actions(
        &self,
        p: PlayerId,
        card: ObjId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        let def = self.objects[card.slot as usize].def();
        if def.layout == tolaria_cards::Layout::Split {
            if !def.is_supported() {
                return;
            }
            for half in 0..2u8 {
                if self.can_play_spell_face(p, card, &def.faces[half as usize], avail) {
                    out.push(Action::PlaySplit { card, half });
                }
            }
            return;
        }
        let face = def.front();
        if face.support.is_err() {
            return;
        }
        if face.types.contains(CardType::Land) {
            // 305.2: one land per turn, in a main phase of your turn, stack empty.
            let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
            if sorcery_timing && self.may_play_another_land(p) {
                out.push(Action::PlayLand(card));
            }
            return;
        }
        if self.can_play_spell_face(p, card, face, avail) {
            out.push(Action::PlaySpell(card));
        }
    }

    /// 502.22a: the cards in `p`'s graveyard with flashback that `p` could
    /// play now (paying the flashback cost rather than the mana cost).
    #[inline]
    pub(crate) fn flashback_plays(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        if !self.graveyard_plays {
            return;
        }
        for &card in &self.player(p).graveyard {
            let face = self.objects[card.slot as usize].def().front();
            if face.spell.flashback.is_some()
                && face.support.is_ok()
                && self.can_play_spell_face(p, card, face, avail)
            {
                out.push(Action::PlaySpell(card));
            }
        }
    }

    /// Could `p` play this face of a card as a spell now: timing (instant
    /// speed or sorcery timing, 308.4), prohibitions, cost and targets?
    /// The first test is inlined into the listing so that a card the
    /// timing rules out (most cards at most priorities) costs no call.
    #[inline(always)]
    fn can_play_spell_face(
        &self,
        p: PlayerId,
        card: ObjId,
        face: &tolaria_cards::CardFace,
        avail: &crate::playing::mana::Avail,
    ) -> bool {
        let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
        // "You may play CARDNAME as though it had flash" (Armor of Thorns).
        let instant_speed = face.types.contains(CardType::Instant)
            || face.keywords.has(Keyword::Flash)
            || face.spell.as_though_flash;
        if !(instant_speed || sorcery_timing || self.flash_granted(p, card)) {
            return false;
        }
        // "Spend this mana only to play artifact spells" (Mishra's
        // Workshop): the restricted mana this spell may use counts too.
        let with_restricted;
        let avail = match self.restricted_avail(p, Self::spend_for_face(face), avail, None) {
            Some(v) => {
                with_restricted = v;
                &with_restricted
            }
            None => avail,
        };
        !self.hand_spell_unaffordable(card, face, avail)
            && self.can_play_spell_face_in_time(p, card, face, avail)
    }

    /// A card in hand whose mana cost is surely paid as printed (no
    /// alternative cost, convoke or delve; 409.1f: no static ability of its
    /// own or in play to change its total cost) with more mana symbols
    /// than the mana available: `can_play_face` would refuse it at its
    /// cost test, and every test before that one only refuses; found here
    /// first, inline, without computing the rest (the usual card that
    /// can't be afforded yet).
    #[inline(always)]
    fn hand_spell_unaffordable(
        &self,
        card: ObjId,
        face: &tolaria_cards::CardFace,
        avail: &crate::playing::mana::Avail,
    ) -> bool {
        let o = &self.objects[card.slot as usize];
        matches!(o.zone, Zone::Hand(_))
            && !o.is_face_down()
            && face.spell.alternative.is_none()
            && !face.spell.convoke
            && !face.spell.delve
            && face
                .mana_cost
                .as_ref()
                .is_some_and(|c| cost_symbols(c) > avail.len() as u64)
            && !o.def().front().has_statics
            && !self.may_have_statics()
    }

    /// [`Game::can_play_spell_face`] once the card's speed allows it now.
    #[inline(never)]
    fn can_play_spell_face_in_time(
        &self,
        p: PlayerId,
        card: ObjId,
        face: &tolaria_cards::CardFace,
        avail: &crate::playing::mana::Avail,
    ) -> bool {
        // "Play this spell only during combat after blockers are declared".
        if face.spell.timing.is_some_and(|t| !self.timing_allows(p, t)) {
            return false;
        }
        // "Cast this spell only if you control a snow land." (Blizzard).
        if face
            .spell
            .only_if
            .as_ref()
            .is_some_and(|c| !crate::continuous::condition::holds_for(self, card, p, c))
        {
            return false;
        }
        if self.spell_forbidden(p, card) {
            return false;
        }
        self.can_play_face(p, card, face, avail)
    }

    /// 409.1h: could `p` pay the non-mana parts of a cost of playing
    /// `card`: cards to discard from the other cards in hand, life (no
    /// more than `p` has), permanents to sacrifice?
    fn can_pay_non_mana(&self, p: PlayerId, card: ObjId, cost: &tolaria_cards::Cost) -> bool {
        let others = self.player(p).hand.iter().filter(|&&c| c != card).count();
        if others < cost.discard as usize || self.life(p) < cost.pay_life as i32 {
            return false;
        }
        cost.sacrifice.as_ref().is_none_or(|f| {
            self.controlled_by(p)
                .filter(|&o| crate::continuous::filter::matches(self, f, o, Some(card), p))
                .count()
                >= cost.sacrifices() as usize
        })
    }

    /// 408.1d / 408.2d / 411: what a player with priority may do.
    pub(super) fn priority_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        // 502.58a: "As long as this spell is on the stack, players can't
        // play other spells or abilities that aren't mana abilities."
        if self.split_second_on_stack() {
            self.mana_options(p, None, None, out);
            return;
        }
        let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
        // The mana abilities come last in the list; with an up-to-date board
        // they are found in the same pass as the available mana, put right
        // after `Pass`, and moved to the end once the rest is listed.
        let mut avail = crate::playing::mana::Avail::empty();
        let mana_listed = self.priority_mana(p, out, &mut avail);
        if mana_listed.is_none() {
            avail = self.available_mana(p, None);
        }
        // Outside `p`'s sorcery timing (most priorities) a card that can't
        // be played at instant speed offers nothing: skipped here without a
        // call (`hand_card_actions` would find no action). The tests that
        // don't depend on the card are made once.
        let every_card = sorcery_timing || self.flash_grants;
        let hand_actions = self.hand_actions;
        for &card in &self.player(p).hand {
            if every_card || may_play_at_instant_speed(self.objects[card.slot as usize].def()) {
                self.hand_card_actions(p, card, &avail, out);
            }
            if !hand_actions {
                continue;
            }
            // 502.26a: a card with morph may also be played face down.
            if self.face_down_play_legal(p, card, &avail) {
                out.push(Action::PlayFaceDown(card));
            }
            self.hand_ability_actions(p, card, &avail, out);
            // 408.2k: a card with suspend may be removed from the game.
            self.suspend_actions(p, card, &avail, out);
        }
        self.ninjutsu_actions(p, &avail, out);
        // 502.26d: turning a face-down permanent face up (only a card
        // with morph has a morph cost, 503.3: `Game::hand_actions`).
        if self.hand_actions {
            self.turn_face_up_options(p, &avail, out);
        }
        // Both look at once for what rules them out at most priorities
        // (a land is played only with sorcery timing, 305.2; flashback
        // only with such a card in the game): tested here without a call.
        if sorcery_timing {
            self.graveyard_land_plays(p, out);
        }
        if self.graveyard_plays {
            self.flashback_plays(p, &avail, out);
            // 402.8h: abilities that function in the graveyard.
            for &card in &self.player(p).graveyard {
                self.hand_ability_actions(p, card, &avail, out);
            }
        }
        // Yawgmoth's Will: the graveyard's cards as from the hand.
        if self.player(p).graveyard_plays.is_some() {
            self.graveyard_permission_plays(p, &avail, out);
        }
        if !self.removals.is_empty() {
            self.removed_plays(p, &avail, out);
        }
        // 408.2i: ending a Licid's effect by paying its cost.
        if !self.effects.is_empty() {
            self.end_effect_actions(p, &avail, out);
        }
        // Channel, Guardian Angel: actions granted until end of turn.
        if !self.granted_actions.is_empty() {
            self.granted_priority_actions(p, &avail, out);
        }
        if self.may_have_activated() {
            for &id in &self.in_play {
                if self.objects[id.slot as usize].flags & crate::state::object::flags::ACTIVATED
                    != 0
                {
                    self.activated_actions_of(p, id, sorcery_timing, &avail, out);
                }
            }
        }
        match mana_listed {
            // (Nothing listed after them, or none listed: already in place.)
            Some(n) if n > 0 && out.len() > n + 1 => out[1..].rotate_left(n),
            Some(_) => {}
            None => self.mana_options(p, None, None, out),
        }
    }

    /// 502.58a: a spell with split second is on the stack. Tested inline
    /// first: no card of the game has split second (`Game::split_second_cards`)
    /// or the stack is empty (most priorities).
    #[inline(always)]
    pub(crate) fn split_second_on_stack(&self) -> bool {
        let found = self.split_second_cards && !self.stack.is_empty() && self.split_second_spell();
        debug_assert!(found || self.stack.is_empty() || !self.split_second_spell());
        found
    }

    /// [`Game::split_second_on_stack`]'s search of the stack.
    #[inline(never)]
    fn split_second_spell(&self) -> bool {
        self.stack.iter().any(|s| match s.kind {
            crate::state::stack::StackKind::Spell { obj } => {
                crate::continuous::characteristics::compute(self, obj).has(Keyword::SplitSecond)
            }
            _ => false,
        })
    }

    /// The activated abilities of permanent `id` that `p` may play now
    /// (408.1d: priority, 409.1: targets and costs available).
    pub(super) fn activated_actions_of(
        &self,
        p: PlayerId,
        id: ObjId,
        sorcery_timing: bool,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        let o = &self.objects[id.slot as usize];
        // 403.1: only its controller plays an ability, unless it says who
        // may ("Only [this]'s owner may …", "Any player may …"): other
        // players' permanents are looked at only in a game with such a card
        // (`Game::any_player_abilities`).
        if o.flags & crate::state::object::flags::ACTIVATED == 0
            || o.is_phased_out()
            || (o.controller != p && !self.any_player_abilities)
        {
            return;
        }
        // Its values from the board when it is up to date (`Game::chars`).
        let ch = self.chars(id);
        // 503.9: a gained ability comes after the face's own, then those
        // granted in quotes (layer 5).
        for (i, (_, a)) in ch.all_abilities().enumerate() {
            if let Ability::Activated(act) = a {
                let may = match act.activator {
                    tolaria_cards::Activator::Controller => o.controller == p,
                    tolaria_cards::Activator::Owner => o.owner == p,
                    tolaria_cards::Activator::AnyPlayer => true,
                    tolaria_cards::Activator::Opponents => self.is_opponent(o.controller, p),
                };
                if !may {
                    continue;
                }
                // 502.43a ninjutsu and 502.18b cycling function only in the
                // hand: they exist in play but can't be played there.
                if act.ninjutsu || act.from_hand || act.from_graveyard {
                    continue;
                }
                // Leonin Shikari: equip abilities at instant speed.
                if act.sorcery_speed
                    && !sorcery_timing
                    && !(act.is_equip() && self.equips_at_instant_speed(p))
                {
                    continue;
                }
                if act.once_per_turn && o.activated_this_turn & (1 << i.min(15)) != 0 {
                    continue;
                }
                if act.twice_per_turn && o.activated_twice_this_turn & (1 << i.min(15)) != 0 {
                    continue;
                }
                // "… no more than three times each turn" (activation_count.rs).
                if act.max_per_turn > 0
                    && self.activations_this_turn(id, i as u8) >= u32::from(act.max_per_turn)
                {
                    continue;
                }
                if let Some(n) = &act.max_per_turn_count {
                    if !self.activation_count_allows(p, id, i as u8, n) {
                        continue;
                    }
                }
                // "Play this ability only during your upkeep" (Colossus of Sardia).
                if act.timing.is_some_and(|t| !self.timing_allows(p, t)) {
                    continue;
                }
                if !self.only_if_and_sacrifice_allow(p, id, act) {
                    continue;
                }
                if !self.can_pay_tap_part(&act.cost, id) {
                    continue;
                }
                // 409.1h: permanents to tap or return for the cost (other
                // than the source, when the cost taps it too), cards to
                // remove from the game.
                if (act.cost.tap_untapped.is_some()
                    || act.cost.return_to_hand.is_some()
                    || act.cost.exile_cards.is_some())
                    && !self.cost_parts_payable(p, &act.cost)
                {
                    continue;
                }
                // 217.7d: a card the linked ability removed, to put into
                // its owner's graveyard (Jester's Scepter).
                if act.cost.removed_to_graveyard && self.linked_removed(id).next().is_none() {
                    continue;
                }
                // "Discard the last card you drew this turn" (Jandor's
                // Ring): still in the hand.
                if act.cost.discard_last_drawn && self.last_drawn_in_hand(p).is_none() {
                    continue;
                }
                // "Put a card from your hand on top of your library": a
                // card in hand (Leashling).
                if self.player(p).hand.len() < usize::from(act.cost.hand_to_library_top) {
                    continue;
                }
                if let (true, Some((f, n))) = (act.cost.tap, &act.cost.tap_untapped) {
                    let others = self
                        .controlled_by(p)
                        .filter(|&o| {
                            o != id
                                && !self.objects[o.slot as usize].is_tapped()
                                && crate::continuous::filter::matches(self, f, o, None, p)
                        })
                        .take(*n as usize)
                        .count();
                    if others < *n as usize {
                        continue;
                    }
                }
                // 409.1f: cost increases (Gloom).
                // "X can't be 0": X is at least 1 (409.1b).
                let mut need = Unpaid::from_cost(&act.cost.mana, u32::from(act.cost.x_not_zero));
                need.generic += self.ability_cost_increase(id);
                let mut payable = if act.cost.tap {
                    self.can_pay(p, &need, Some(id))
                } else {
                    crate::playing::mana::can_match(&need, avail)
                };
                // "Spend this mana only to activate abilities of
                // artifacts" (`mana_restricted.rs`).
                if !payable && ch.is(CardType::Artifact) {
                    let f = self.spend_for_ability(id);
                    payable = if act.cost.tap {
                        let avail = self.available_mana(p, Some(id));
                        self.can_pay_restricted(p, f, &need, &avail, Some(id))
                    } else {
                        self.can_pay_restricted(p, f, &need, avail, None)
                    };
                }
                if !payable {
                    continue;
                }
                let src = SourceInfo {
                    obj: Some(id),
                    colors: ch.colors,
                    types: ch.types,
                    subtypes: ch.subtypes,
                    controller: p,
                    trigger_player: None,
                    ability: None,
                };
                // 409.1b: a modal ability needs one mode whose targets can be chosen.
                let targets_ok = if act.modes.is_empty() {
                    targets_available(self, &act.targets, &src)
                } else {
                    act.modes
                        .iter()
                        .any(|m| targets_available(self, &m.targets, &src))
                };
                if !targets_ok {
                    continue;
                }
                // Pithing Needle: abilities of sources with the chosen name.
                if self.ability_forbidden(id, false, act.cost.tap) {
                    continue;
                }
                // 409.1h: "Unattach [the granting Equipment]" needs it attached.
                if act.cost.unattach_grantor && self.grantor_of(id, i as u8).is_none() {
                    continue;
                }
                out.push(Action::Activate {
                    source: id,
                    index: i as u8,
                });
            }
        }
    }

    /// Could `p` play this card (its front `face`) now, targets and cost, timing aside?
    fn can_play_face(
        &self,
        p: PlayerId,
        card: ObjId,
        face: &tolaria_cards::CardFace,
        avail: &crate::playing::mana::Avail,
    ) -> bool {
        // 502.22a: a card in a graveyard is played with flashback: its
        // flashback cost is paid rather than its mana cost.
        let flashback = match self.objects[card.slot as usize].zone {
            Zone::Graveyard(_) => face.spell.flashback.as_ref(),
            _ => None,
        };
        if let Some(fb) = flashback {
            let mut u = Unpaid::from_cost(&fb.mana, 0);
            crate::playing::cost::apply_change(&mut u, self.spell_cost_change(p, card));
            crate::playing::cost::apply_colored(&mut u, self.spell_cost_colored_more(p, card));
            if !crate::playing::mana::can_match(&u, avail)
                || !self.can_pay_non_mana(p, card, fb)
                || !self.cost_parts_payable(p, fb)
            {
                return false;
            }
        }
        // 409.1b: a spell with an alternative cost may be played by paying
        // it instead (Bringer of the Red Dawn, Fireblast, Gush).
        let alternative = flashback.is_none()
            && face.spell.alternative.as_ref().is_some_and(|a| {
                self.alternative_condition(p, card, &face.spell)
                    && self.cost_parts_payable(p, &a.cost)
                    && crate::playing::mana::can_match(&Unpaid::from_cost(&a.cost.mana, 0), avail)
            });
        // 502.46a: creatures to tap for convoke count as mana; 502.64a:
        // cards to remove from the graveyard for delve, as {1} each.
        let convoke;
        let avail = if face.spell.convoke {
            convoke = crate::playing::convoke_delve::with_convoke(self, p, avail);
            &convoke
        } else if face.spell.delve {
            convoke = crate::playing::convoke_delve::with_delve(self, p, avail);
            &convoke
        } else {
            avail
        };
        // Intet, the Dreamer: a removed card played without paying its
        // mana cost.
        let free = self.plays_free(card);
        let Some(cost) = face
            .mana_cost
            .as_ref()
            .filter(|_| flashback.is_none() && !alternative && !free)
        else {
            return (flashback.is_some() || alternative || free)
                && self.spell_targets_available(p, card, face);
        };
        // 409.1f: cost increases and reductions (Aura of Silence, Avatar
        // of Might) change the total cost.
        let change = self.spell_cost_change(p, card);
        let more = self.spell_cost_colored_more(p, card);
        if change == 0 && more == [0; 5] {
            // More mana symbols than mana available: `can_match`'s first
            // test, without building the `Unpaid`.
            if cost_symbols(cost) > avail.len() as u64 {
                return false;
            }
            if !crate::playing::mana::can_match(&Unpaid::from_cost(cost, 0), avail) {
                return false;
            }
        } else {
            let mut u = Unpaid::from_cost(cost, 0);
            crate::playing::cost::apply_change(&mut u, change);
            crate::playing::cost::apply_colored(&mut u, more);
            if !crate::playing::mana::can_match(&u, avail) {
                return false;
            }
        }
        // 409.1f: an additional cost of discarding cards needs other cards
        // in hand; one of sacrificing, permanents to sacrifice; paying
        // life, that much life (409.1h: unpayable costs can't be paid).
        if let Some(extra) = &face.spell.additional_cost {
            if !self.can_pay_non_mana(p, card, extra) {
                return false;
            }
        }
        self.spell_targets_available(p, card, face)
    }

    /// 409.1c: could the spell's targets (of some mode) be chosen now?
    fn spell_targets_available(
        &self,
        p: PlayerId,
        card: ObjId,
        face: &tolaria_cards::CardFace,
    ) -> bool {
        if !face.spell.modes.is_empty() {
            return self.playable_modes(card, p).next().is_some();
        }
        if face.spell.targets.is_empty() {
            return true;
        }
        let src = SourceInfo {
            obj: Some(card),
            colors: face.colors,
            types: face.types,
            subtypes: face.subtypes,
            controller: p,
            trigger_player: None,
            ability: None,
        };
        targets_available(self, &face.spell.targets, &src)
    }
}

/// Could some face of this card be played as a spell at instant speed
/// (an instant, a card with flash, 308.4; a split card's halves are judged
/// one by one, 505.2)? Otherwise it is played only with sorcery timing
/// (the test of `Game::can_play_spell_face`), and a land only then (305.2).
#[inline(always)]
fn may_play_at_instant_speed(def: &tolaria_cards::CardDef) -> bool {
    let face = def.front();
    def.layout == tolaria_cards::Layout::Split
        || face.types.contains(CardType::Instant)
        || face.keywords.has(Keyword::Flash)
        || face.spell.as_though_flash
}

/// `Unpaid::from_cost(cost, 0).total()`: how many mana the cost asks for.
/// A cost without hybrid symbols (nearly all) is counted inline.
#[inline(always)]
fn cost_symbols(cost: &tolaria_cards::ManaCost) -> u64 {
    let plain = cost.generic as u64
        + cost.colored.iter().map(|&c| c as u64).sum::<u64>()
        + cost.snow as u64;
    if cost.hybrid.is_empty() {
        plain
    } else {
        plain + hybrid_symbols(cost)
    }
}

/// The hybrid part of [`cost_symbols`].
#[inline(never)]
fn hybrid_symbols(cost: &tolaria_cards::ManaCost) -> u64 {
    cost.hybrid
        .iter()
        .map(|h| match *h {
            tolaria_cards::Hybrid::TwoColors(..) => 1,
            tolaria_cards::Hybrid::GenericOr(n, _) => n as u64,
        })
        .sum()
}

impl Game {
    /// Two restrictions on playing an activated ability, in play or from
    /// a hand or graveyard: "Play this ability only if …" (threshold;
    /// 402.8h "only if three or more creature cards are above [this]"),
    /// judged for the player who would play it, and "Sacrifice two
    /// Goblins": that many to sacrifice.
    pub(crate) fn only_if_and_sacrifice_allow(
        &self,
        p: PlayerId,
        id: ObjId,
        act: &tolaria_cards::ActivatedAbility,
    ) -> bool {
        if act
            .only_if
            .as_ref()
            .is_some_and(|c| !crate::continuous::condition::holds_for(self, id, p, c))
        {
            return false;
        }
        let Some(f) = &act.cost.sacrifice else {
            return true;
        };
        let need = act.cost.sacrifices() as usize;
        self.controlled_by(p)
            .filter(|&o| crate::continuous::filter::matches(self, f, o, Some(id), p))
            .take(need)
            .count()
            >= need
    }
}
