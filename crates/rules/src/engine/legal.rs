//! The legal actions of every decision: what agents and the terminal choose
//! from, and what `apply` checks an action against.

use crate::continuous::characteristics::compute;
use crate::continuous::source::SourceInfo;
use crate::playing::targeting::targets_available;
use crate::state::progress::Unpaid;
use crate::{Action, DecisionKind, Game, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{Ability, CardType, Keyword};

impl Game {
    /// Every legal action for the pending decision (empty if none).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    /// As [`Game::legal_actions`], into a reusable buffer (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(d) = &self.decision else { return };
        let p = d.player;
        // 411.1: the cost of a mana ability being played (never abandoned).
        if self.mana_choice.is_some() {
            return self.mana_choice_options(out);
        }
        match &d.kind {
            DecisionKind::Mulligan => {
                out.push(Action::Keep);
                if !self.player(p).hand.is_empty() {
                    out.push(Action::Mulligan);
                }
            }
            DecisionKind::OpeningHand => {
                out.extend(self.opening_hand_cards(p).map(Action::ChooseObject));
                out.push(Action::Done);
            }
            DecisionKind::Priority => self.priority_actions(p, out),
            DecisionKind::ChooseTarget { .. } => {
                if let Some(c) = self.casting.as_deref() {
                    let specs = self.casting_specs(c);
                    out.extend(
                        self.legal_targets_for(p)
                            .into_iter()
                            .map(Action::ChooseTarget),
                    );
                    // 409.1c: "up to N": the player may stop choosing.
                    let slot = c.targets.len() - self.casting_part(c).0;
                    if crate::playing::targeting::may_stop(specs, slot) {
                        out.push(Action::Done);
                    }
                    // 502.59a: a suspended card is played "if able"; only
                    // its player abandons it, not an opponent choosing a
                    // target (601.5a).
                    if !matches!(c.what, crate::state::progress::Playing::Trigger(_))
                        && !c.suspend
                        && c.player == p
                    {
                        out.push(Action::CancelPlay);
                    }
                }
            }
            DecisionKind::ChooseMode => {
                if let Some(c) = self.casting.as_deref() {
                    out.extend(self.announceable_modes(c).map(Action::ChooseMode));
                }
                // Only the spell's player may abandon it, not the opponent
                // choosing its mode (601.5b); a triggered ability can't be
                // abandoned (410.4).
                if !self.casting.as_deref().is_some_and(|c| {
                    c.suspend
                        || c.player != p
                        || matches!(c.what, crate::state::progress::Playing::Trigger(_))
                }) {
                    out.push(Action::CancelPlay);
                }
            }
            // 419.1b: the opponent chosen as a permanent comes into play
            // (Black Vise), asked while its spell resolves.
            DecisionKind::ChooseOpponent if self.casting.is_none() => {
                out.extend(
                    self.opponents(p)
                        .map(|q| Action::ChooseTarget(Target::Player(q))),
                );
            }
            DecisionKind::ChooseOpponent => {
                out.extend(
                    self.opponent_choosers(p)
                        .into_iter()
                        .map(|q| Action::ChooseTarget(Target::Player(q))),
                );
                // A triggered ability can't be abandoned (410.4).
                if !self.casting.as_deref().is_some_and(|c| {
                    c.suspend || matches!(c.what, crate::state::progress::Playing::Trigger(_))
                }) {
                    out.push(Action::CancelPlay);
                }
            }
            DecisionKind::ChooseX { max } => {
                out.extend((0..=*max).map(Action::ChooseX));
                // Not while an ability resolves ("you may pay {X}").
                if self.casting.is_some() {
                    out.push(Action::CancelPlay);
                }
            }
            DecisionKind::PayMana => {
                if let Some(c) = self.casting.as_deref() {
                    let exclude = match &c.what {
                        crate::state::progress::Playing::Ability { source, .. } => Some(*source),
                        _ => None,
                    };
                    self.mana_options(c.player, exclude, c.unpaid.as_ref(), out);
                }
                self.convoke_options(out);
                self.delve_options(out);
                out.push(Action::CancelPlay);
            }
            DecisionKind::AnnounceCost { cost } => {
                if let Some(c) = self.casting.as_deref() {
                    if self.can_announce(c, *cost) {
                        out.push(Action::Yes);
                    }
                }
                out.push(Action::No);
                if !self.casting.as_deref().is_some_and(|c| c.suspend) {
                    out.push(Action::CancelPlay);
                }
            }
            // 502.40a: the cards that may be spliced, or no more.
            DecisionKind::AnnounceSplice => {
                if let Some(c) = self.casting.as_deref() {
                    out.extend(self.splice_options(c).map(Action::ChooseObject));
                }
                out.push(Action::Done);
                if !self.casting.as_deref().is_some_and(|c| c.suspend) {
                    out.push(Action::CancelPlay);
                }
            }
            DecisionKind::SacrificeCost => {
                if let Some(c) = self.casting.as_deref() {
                    let source = match &c.what {
                        crate::state::progress::Playing::Ability { source, .. } => Some(*source),
                        crate::state::progress::Playing::Spell { obj }
                        | crate::state::progress::Playing::TurnFaceUp { obj } => Some(*obj),
                        _ => None,
                    };
                    if let (Some(cost), Some(source)) = (self.casting_cost(c), source) {
                        if let Some(f) = &cost.sacrifice {
                            out.extend(
                                self.controlled_by(c.player)
                                    .filter(|&o| {
                                        crate::continuous::filter::matches(
                                            self,
                                            f,
                                            o,
                                            Some(source),
                                            c.player,
                                        )
                                    })
                                    .map(Action::ChooseObject),
                            );
                        }
                    }
                }
                out.push(Action::CancelPlay);
            }
            // 409.1h: a card in the hand matching the cost ("a red card"),
            // or an untapped permanent of the player's ("an untapped creature").
            DecisionKind::ExileCost { .. } | DecisionKind::TapCost { .. } => {
                if let Some(cost) = self.casting.as_deref().and_then(|c| self.casting_cost(c)) {
                    match (&d.kind, &cost.exile_cards, &cost.tap_untapped) {
                        (DecisionKind::ExileCost { .. }, Some((f, _)), _) => out.extend(
                            if cost.exile_from_graveyard {
                                &self.player(p).graveyard
                            } else {
                                &self.player(p).hand
                            }
                            .iter()
                            .filter(|&&c| {
                                crate::continuous::filter::matches_card(
                                    f,
                                    self.objects[c.slot as usize].card,
                                )
                            })
                            .map(|&c| Action::ChooseObject(c)),
                        ),
                        (DecisionKind::TapCost { .. }, _, Some((f, _))) => {
                            // An ability's own {T} taps its source: it can't
                            // be one of the others tapped too.
                            let own = match self.casting.as_deref().map(|c| &c.what) {
                                Some(crate::state::progress::Playing::Ability {
                                    source, ..
                                }) if cost.tap => Some(*source),
                                _ => None,
                            };
                            out.extend(
                                self.controlled_by(p)
                                    .filter(|&o| {
                                        Some(o) != own
                                            && !self.objects[o.slot as usize].is_tapped()
                                            && crate::continuous::filter::matches(
                                                self, f, o, None, p,
                                            )
                                    })
                                    .map(Action::ChooseObject),
                            )
                        }
                        _ => {}
                    }
                }
                out.push(Action::CancelPlay);
            }
            // 217.7d: a card removed with the source (Jester's Scepter).
            DecisionKind::RemovedCardCost => {
                if let Some(crate::state::progress::Playing::Ability { source, .. }) =
                    self.casting.as_deref().map(|c| &c.what)
                {
                    out.extend(self.linked_removed(*source).map(Action::ChooseObject));
                }
                out.push(Action::CancelPlay);
            }
            // 409.1h: a permanent of the player's matching the cost ("an Island").
            DecisionKind::ReturnCost { .. } => {
                if let Some((f, _)) = self
                    .casting
                    .as_deref()
                    .and_then(|c| self.casting_cost(c))
                    .and_then(|k| k.return_to_hand.as_ref())
                {
                    out.extend(
                        self.controlled_by(p)
                            .filter(|&o| crate::continuous::filter::matches(self, f, o, None, p))
                            .map(Action::ChooseObject),
                    );
                }
                out.push(Action::CancelPlay);
            }
            DecisionKind::DiscardCost { .. } => {
                // "Discard a land card": only such cards (Seismic Assault).
                let filter = self
                    .casting
                    .as_deref()
                    .and_then(|c| self.casting_cost(c))
                    .and_then(|k| k.discard_filter.as_ref());
                out.extend(
                    self.player(p)
                        .hand
                        .iter()
                        .filter(|&&c| {
                            filter.is_none_or(|f| match self.casting_object() {
                                Some((source, _)) => self.discardable_for(f, c, source),
                                None => crate::continuous::filter::matches_card(
                                    f,
                                    self.objects[c.slot as usize].card,
                                ),
                            })
                        })
                        .map(|&c| Action::ChooseObject(c)),
                );
                out.push(Action::CancelPlay);
            }
            DecisionKind::DeclareAttackers => self.attack_options(out),
            DecisionKind::PayAttackCost { remaining } => self.attack_cost_options(*remaining, out),
            DecisionKind::DeclareBlockers => self.block_options(out),
            DecisionKind::DividePiles { .. } => self.pile_options(out),
            DecisionKind::AssignCombatDamage { min, max, .. } => {
                out.extend((*min..=*max).map(Action::AssignDamage))
            }
            DecisionKind::ChooseSource { props } => out.extend(
                self.damage_sources(p, *props)
                    .into_iter()
                    .map(Action::ChooseObject),
            ),
            DecisionKind::AnnounceDivision { min, max, .. } => {
                out.extend((*min..=*max).map(Action::AssignDamage));
                if let Some(c) = self.casting.as_deref() {
                    if !matches!(c.what, crate::state::progress::Playing::Trigger(_)) && !c.suspend
                    {
                        out.push(Action::CancelPlay);
                    }
                }
            }
            DecisionKind::OrderTriggers => {
                let n = self
                    .pending_triggers
                    .iter()
                    .filter(|t| self.same_side(p, t.controller))
                    .count();
                out.extend((0..n as u8).map(Action::ChooseTrigger));
            }
            // Balance: a permanent of the kind, or a card in the hand.
            DecisionKind::Sacrifice | DecisionKind::Discard { .. }
                if matches!(
                    self.current_effect(),
                    Some(tolaria_cards::Effect::DownToFewest(_))
                ) =>
            {
                if let Some(tolaria_cards::Effect::DownToFewest(what)) = self.current_effect() {
                    out.extend(
                        self.down_to_fewest_options(p, what)
                            .into_iter()
                            .map(Action::ChooseObject),
                    );
                }
            }
            DecisionKind::Discard { .. } => {
                out.extend(self.player(p).hand.iter().map(|&c| Action::ChooseObject(c)))
            }
            // 413.2d: one permanent of the player's matching the effect's
            // filter ("sacrifice this"/"another" name the source).
            DecisionKind::Sacrifice | DecisionKind::ReturnToHand
                if matches!(
                    self.current_effect(),
                    Some(tolaria_cards::Effect::UnlessPays { .. })
                ) =>
            {
                self.unless_sacrifice_options(p, out)
            }
            DecisionKind::Sacrifice | DecisionKind::ReturnToHand => {
                if let Some(r) = self.resolving.as_deref() {
                    if let Some(
                        tolaria_cards::Effect::Sacrifice { filter, .. }
                        | tolaria_cards::Effect::ReturnChosen { filter, .. },
                    ) = self.current_effect()
                    {
                        out.extend(
                            self.controlled_by(p)
                                .filter(|&o| {
                                    crate::continuous::filter::matches(
                                        self,
                                        filter,
                                        o,
                                        Some(r.ctx.source),
                                        p,
                                    )
                                })
                                .map(Action::ChooseObject),
                        );
                    }
                }
            }
            // 502.15: a permanent not yet chosen (Equipoise).
            DecisionKind::ChooseToPhaseOut { .. } => {
                out.extend(self.phase_out_excess_options().map(Action::ChooseObject))
            }
            DecisionKind::SacrificeAnyNumber => {
                out.extend(
                    self.sacrifice_any_options(p)
                        .into_iter()
                        .map(Action::ChooseObject),
                );
                out.push(Action::Done);
            }
            DecisionKind::AsItEnters { card, chosen } => self.entry_options(p, *card, chosen, out),
            DecisionKind::ChooseToUntap { .. } => {
                out.extend(self.untap_up_to_options().map(Action::ChooseObject));
                out.push(Action::Done);
            }
            DecisionKind::MayAbility | DecisionKind::AssignAsThoughUnblocked { .. } => {
                out.push(Action::Yes);
                out.push(Action::No);
            }
            // 606.7d: one of the defending players.
            DecisionKind::ChooseDefendingPlayer { .. } => {
                if let Some(def) = self.combat.defending {
                    out.extend(
                        self.defending_side(def)
                            .map(|q| Action::ChooseTarget(crate::Target::Player(q))),
                    );
                }
            }
            DecisionKind::DiscardUnless => {
                if let Some(tolaria_cards::Effect::UnlessDiscard {
                    at_random: true, ..
                }) = self.current_effect()
                {
                    // "… unless you discard a card at random": whether to.
                    out.push(Action::Yes);
                } else if let Some(tolaria_cards::Effect::UnlessDiscard { filter, .. }) =
                    self.current_effect()
                {
                    out.extend(
                        self.hand_cards_matching(p, filter)
                            .map(Action::ChooseObject),
                    );
                }
                // Once a card of several is discarded the rest must be too
                // (a cost is paid all or not at all).
                if self.resolving.as_ref().is_none_or(|r| r.sub == 0) {
                    out.push(Action::No);
                }
            }
            DecisionKind::PayUnless { generic, colored } => {
                let pool = &self.player(p).pool.0;
                let colored_ok = (0..5).all(|i| pool[i] as u32 >= colored[i] as u32);
                let total = pool.iter().map(|&n| n as u32).sum::<u32>();
                let need = *generic + colored.iter().map(|&n| n as u32).sum::<u32>();
                if colored_ok && total >= need {
                    out.push(Action::Yes);
                }
                self.mana_options(p, None, None, out);
                out.push(Action::No);
            }
            DecisionKind::PayOrElse => self.pay_or_else_options(p, out),
            DecisionKind::ChooseKind { n } => {
                out.extend((0..*n).map(Action::ChooseMode));
            }
            DecisionKind::TapOrUntap => {
                out.push(Action::ChooseMode(0));
                out.push(Action::ChooseMode(1));
                out.push(Action::No);
            }
            DecisionKind::CallCoin => {
                out.push(Action::CallHeads);
                out.push(Action::CallTails);
            }
            DecisionKind::ChooseWord {
                replacing,
                colors,
                land_types,
            } => {
                use tolaria_cards::{BasicLandType, Color, TextWord};
                let colors = *colors && !matches!(replacing, Some(TextWord::LandType(_)));
                let lands = *land_types && !matches!(replacing, Some(TextWord::Color(_)));
                let words = Color::ALL
                    .into_iter()
                    .map(TextWord::Color)
                    .filter(|_| colors)
                    .chain(
                        BasicLandType::ALL
                            .into_iter()
                            .map(TextWord::LandType)
                            .filter(|_| lands),
                    );
                out.extend(
                    words
                        .filter(|&w| Some(w) != *replacing)
                        .map(Action::ChooseWord),
                );
            }
            DecisionKind::ChooseReplacement { options, .. }
            | DecisionKind::ChooseOption { options, .. } => {
                out.extend((0..options.len() as u8).map(Action::ChooseReplacement));
            }
            DecisionKind::ChooseNewTarget { index } => self.new_target_options(*index, out),
            DecisionKind::ChooseUntap => self.untap_choice_options(out),
            DecisionKind::ChooseWhatUntaps => self.limited_untap_options(out),
            DecisionKind::ChooseColor => {
                out.extend(
                    tolaria_cards::Color::ALL
                        .into_iter()
                        .map(Action::ChooseColor),
                );
            }
            DecisionKind::ChooseCreatureType => {
                // "Choose a creature type other than Wall" (Mistform Mutant).
                let wall = matches!(
                    self.current_effect(),
                    Some(tolaria_cards::Effect::ContinuousChosen {
                        choice: tolaria_cards::ChosenFor::CreatureTypeOtherThanWall,
                        ..
                    })
                )
                .then(|| tolaria_cards::Subtype::lookup("Wall"))
                .flatten();
                out.extend(
                    tolaria_cards::Subtype::creature_types()
                        .into_iter()
                        .filter(|&t| Some(t) != wall)
                        .map(Action::ChooseCreatureType),
                );
            }
            DecisionKind::ChooseLandType { basic } => {
                let types = tolaria_cards::Subtype::land_types();
                out.extend(
                    types
                        .into_iter()
                        .filter(|t| !basic || t.basic_land_type().is_some())
                        .map(Action::ChooseLandType),
                );
            }
            DecisionKind::NameCard { nonland } => self.name_options(p, *nonland, out),
            DecisionKind::ChooseCopy if self.face_up_choice.is_some() => {
                self.face_up_copy_options(out)
            }
            DecisionKind::ChooseCopy => {
                if let Some(r) = self.resolving.as_deref() {
                    if let Some(f) = crate::resolution::copiable::copy_filter(self, &r.item) {
                        out.extend(
                            self.in_play
                                .iter()
                                .copied()
                                .filter(|&o| {
                                    self.is_present(o)
                                        && crate::continuous::filter::matches(self, f, o, None, p)
                                })
                                .map(Action::ChooseObject),
                        );
                    }
                }
                out.push(Action::No);
            }
            DecisionKind::FlipAgain => {
                out.push(Action::Yes);
                out.push(Action::No);
            }
            DecisionKind::KeepCoin => {
                out.push(Action::KeepCoin(true));
                out.push(Action::KeepCoin(false));
            }
            DecisionKind::ChooseOutside => {
                match self.current_effect() {
                    Some(tolaria_cards::Effect::WishFromOutside { filter }) => {
                        self.wish_options(p, filter, out)
                    }
                    Some(tolaria_cards::Effect::ShuffleFromOutside { .. }) => {
                        self.wish_options(p, &tolaria_cards::ObjectFilter::any(), out)
                    }
                    _ => {}
                }
                out.push(Action::No);
            }
            DecisionKind::ChooseCard { choice, optional } => {
                out.extend(
                    self.card_choice_options(p, *choice)
                        .into_iter()
                        .map(Action::ChooseObject),
                );
                if *optional {
                    out.push(Action::No);
                }
            }
        }
    }

    /// Is this one action legal now? Cheaper than listing every action for
    /// the common priority answers; same predicates as `legal_actions`.
    pub(crate) fn is_legal_action(&self, action: &Action) -> bool {
        let Some(d) = &self.decision else {
            return false;
        };
        if self.mana_choice.is_some() {
            let mut v = Vec::new();
            self.mana_choice_options(&mut v);
            return v.contains(action);
        }
        if matches!(d.kind, DecisionKind::Priority) {
            let p = d.player;
            // 502.58a: under split second only passing and mana abilities.
            if matches!(
                action,
                Action::PlayLand(_) | Action::PlaySpell(_) | Action::Activate { .. }
            ) && self.split_second_on_stack()
            {
                return false;
            }
            match action {
                Action::Pass => return true,
                Action::PlayLand(c) | Action::PlaySpell(c) | Action::PlaySplit { card: c, .. }
                    if self.zone_of(*c) == Some(Zone::RemovedFromGame) =>
                {
                    let mut v = Vec::new();
                    self.removed_plays(p, &self.available_mana(p, None), &mut v);
                    return v.contains(action);
                }
                Action::PlayLand(c) if !self.in_hand(p, *c) => {
                    let mut v = Vec::new();
                    self.graveyard_land_plays(p, &mut v);
                    return v.contains(action);
                }
                Action::PlaySpell(c) if !self.in_hand(p, *c) => {
                    let mut v = Vec::new();
                    self.flashback_plays(p, &self.available_mana(p, None), &mut v);
                    return v.contains(action);
                }
                Action::PlayLand(c) | Action::PlaySpell(c) | Action::PlaySplit { card: c, .. } => {
                    if !self.in_hand(p, *c) {
                        return false;
                    }
                    let avail = self.available_mana(p, None);
                    let mut v = Vec::new();
                    self.hand_card_actions(p, *c, &avail, &mut v);
                    return v.contains(action);
                }
                Action::Activate { source, .. }
                    if self.in_hand(p, *source) || self.player(p).graveyard.contains(source) =>
                {
                    // 502.18a: an ability that functions in the hand (402.8h:
                    // or in the graveyard).
                    let mut v = Vec::new();
                    let avail = self.available_mana(p, None);
                    self.hand_ability_actions(p, *source, &avail, &mut v);
                    return v.contains(action);
                }
                Action::Activate { source, .. } => {
                    if !self.in_play.contains(source) {
                        return false;
                    }
                    let sorcery_timing =
                        self.is_active(p) && self.step.is_main() && self.stack.is_empty();
                    let mut v = Vec::new();
                    let avail = self.available_mana(p, None);
                    self.activated_actions_of(p, *source, sorcery_timing, &avail, &mut v);
                    return v.contains(action);
                }
                Action::ActivateMana { .. } => {
                    return self.mana_option_legal(p, None, None, action);
                }
                _ => {}
            }
        }
        match (&d.kind, action) {
            // 308.2a: one more attacker (`attack_options`).
            // With a cost to attack (308.2d) the list judges what can be paid.
            (DecisionKind::DeclareAttackers, Action::Attack(id)) if !self.attack_costs_exist() => {
                return !self.attacks_multiple()
                    && self.in_play.contains(id)
                    && !self.combat.is_attacking(*id)
                    && self.can_attack(*id);
            }
            // 500.2: finishing the declaration (`attack_options`).
            (DecisionKind::DeclareAttackers, Action::Done) => return self.attackers_done_legal(),
            // 502.10b: a band declaration (`band_options`).
            (DecisionKind::DeclareAttackers, Action::Band { creature, with }) => {
                return self.band_legal(*creature, *with);
            }
            // 309.2a: one more block (`block_options`); "done" once the
            // blocks are legal as a whole (500.3).
            (DecisionKind::DeclareBlockers, Action::Block { blocker, attacker }) => {
                return self.combat.defending.is_some_and(|def| {
                    self.defending_side(def)
                        .any(|d| self.controlled_by(d).any(|b| b == *blocker))
                        && self.combat.attackers.iter().any(|a| a.obj == *attacker)
                        && self.can_block(*blocker, *attacker)
                        && self.block_keeps_declaration_legal(*blocker, *attacker)
                });
            }
            (DecisionKind::DeclareBlockers, Action::Done) => return self.blocks_done_legal(),
            _ => {}
        }
        // 419.1b: any card name of the pool, not only those listed.
        if let (DecisionKind::NameCard { nonland }, Action::NameCard(n)) = (&d.kind, action) {
            return crate::resolution::naming::may_name(*n, *nonland);
        }
        if matches!(d.kind, DecisionKind::PayMana) {
            // 409.1g: a mana ability of one source, or cancelling.
            match action {
                Action::CancelPlay => return true,
                Action::ActivateMana { .. } => {
                    let Some(c) = self.casting.as_deref() else {
                        return false;
                    };
                    let exclude = match &c.what {
                        crate::state::progress::Playing::Ability { source, .. } => Some(*source),
                        _ => None,
                    };
                    return self.mana_option_legal(c.player, exclude, c.unpaid.as_ref(), action);
                }
                _ => {}
            }
        }
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v.contains(action)
    }

    /// A timing restriction of a spell or ability ("Play this spell only
    /// during combat", "… only during your turn, before attackers are
    /// declared"): does it allow `p` to play it now?
    pub(crate) fn timing_allows(&self, p: PlayerId, t: tolaria_cards::Timing) -> bool {
        use tolaria_cards::{TurnOf, Window};
        let turn_ok = match t.turn {
            TurnOf::Any => true,
            TurnOf::You => self.is_active(p),
            TurnOf::Opponent => self.is_opponent(p, self.active),
        };
        // "… and only if you've been attacked this step": `p` is the
        // defending player (306.3) and creatures are attacking.
        let attacked = t.window != Window::AttackedThisStep
            || (self.is_defending(p) && !self.combat.attackers.is_empty());
        turn_ok && attacked && t.window_has(self.step, self.combat.blockers_step)
    }

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
        (instant_speed || sorcery_timing || self.flash_granted(p, card))
            && !self.hand_spell_unaffordable(card, face, avail)
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
    fn priority_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
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
        let (avail, mana_listed) = match self.priority_mana(p, out) {
            Some((avail, n)) => (avail, Some(n)),
            None => (self.available_mana(p, None), None),
        };
        for &card in &self.player(p).hand {
            // Outside `p`'s sorcery timing (most priorities) a card that
            // can't be played at instant speed offers nothing: skipped here
            // without a call (`hand_card_actions` would find no action).
            if sorcery_timing
                || may_play_at_instant_speed(self.objects[card.slot as usize].def())
                || self.flash_grants
            {
                self.hand_card_actions(p, card, &avail, out);
            }
            if !self.hand_actions {
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
        if !self.removals.is_empty() {
            self.removed_plays(p, &avail, out);
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
            Some(n) => out[1..].rotate_left(n),
            None => self.mana_options(p, None, None, out),
        }
    }

    /// 502.58a: a spell with split second is on the stack.
    pub(crate) fn split_second_on_stack(&self) -> bool {
        self.stack.iter().any(|s| match s.kind {
            crate::state::stack::StackKind::Spell { obj } => {
                crate::continuous::characteristics::compute(self, obj).has(Keyword::SplitSecond)
            }
            _ => false,
        })
    }

    /// The activated abilities of permanent `id` that `p` may play now
    /// (408.1d: priority, 409.1: targets and costs available).
    fn activated_actions_of(
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
        let ch = compute(self, id);
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
                if act.sorcery_speed && !sorcery_timing {
                    continue;
                }
                if act.once_per_turn && o.activated_this_turn & (1 << i.min(15)) != 0 {
                    continue;
                }
                if act.twice_per_turn && o.activated_twice_this_turn & (1 << i.min(15)) != 0 {
                    continue;
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
                let mut need = Unpaid::from_cost(&act.cost.mana, 0);
                need.generic += self.ability_cost_increase(id);
                let payable = if act.cost.tap {
                    self.can_pay(p, &need, Some(id))
                } else {
                    crate::playing::mana::can_match(&need, avail)
                };
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
                if !targets_available(self, &act.targets, &src) {
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
        if change == 0 {
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

    /// A Wish's choices (217.1e): the player's cards outside the game, and
    /// the face-up cards they own in the removed-from-the-game zone, that
    /// match the filter.
    pub(crate) fn wish_options(
        &self,
        p: PlayerId,
        filter: &tolaria_cards::ObjectFilter,
        out: &mut Vec<Action>,
    ) {
        for (i, &c) in self.player(p).outside.iter().enumerate() {
            if crate::continuous::filter::matches_card(filter, c) {
                out.push(Action::ChooseOutside(i as u16));
            }
        }
        for &o in &self.removed {
            let obj = &self.objects[o.slot as usize];
            if obj.owner == p
                && !obj.is_face_down()
                && crate::continuous::filter::matches_card(filter, obj.card)
            {
                out.push(Action::ChooseObject(o));
            }
        }
        self.main_game_wish_options(p, filter, out);
    }

    /// True if the player's hand holds this object (for the terminal).
    pub fn in_hand(&self, p: PlayerId, o: ObjId) -> bool {
        self.objects
            .get(o.slot as usize)
            .is_some_and(|x| x.zone == Zone::Hand(p) && x.gen == o.gen)
    }

    /// Describes an action for people (the terminal and logs).
    pub fn describe(&self, a: &Action) -> String {
        // 504.3: a face-down object is described as such (its controller's
        // terminal adds the name it may look at).
        let name = |o: &ObjId| {
            self.objects
                .get(o.slot as usize)
                .map_or("?".to_string(), |x| {
                    if x.is_face_down() && x.gen == o.gen && x.zone == Zone::RemovedFromGame {
                        // 217.7b: a card removed from the game face down.
                        "face-down card".to_string()
                    } else if x.is_face_down() && x.gen == o.gen {
                        "face-down creature".to_string()
                    } else if let Some(spec) = x.token_src.and_then(|t| t.spec()) {
                        // 216.2: a token's name is the one its creating
                        // effect gave it ("Wolves of the Hunt").
                        spec.name.clone()
                    } else {
                        x.def().name.clone()
                    }
                })
        };
        let tgt = |t: &Target| match t {
            Target::Player(p) => format!("{} ({})", self.player(*p).name, p),
            Target::Object(o) => format!("{} {}", name(o), o),
            Target::Ability(id) => match self.stack_ability(*id).and_then(|s| s.card(self)) {
                Some(c) => format!("the ability of {} (#{id})", tolaria_cards::db().get(c).name),
                None => format!("ability #{id}"),
            },
        };
        match a {
            Action::Keep => "keep hand".into(),
            Action::Mulligan => "mulligan".into(),
            Action::Pass => "pass priority".into(),
            Action::PlayLand(o) => format!("play land {}", name(o)),
            Action::PlaySpell(o)
                if matches!(
                    self.objects.get(o.slot as usize).map(|x| x.zone),
                    Some(Zone::Graveyard(_))
                ) =>
            {
                format!("play {} with flashback", name(o))
            }
            Action::PlaySpell(o) => format!("play {}", name(o)),
            Action::PlayFaceDown(o) => format!("play {} face down", name(o)),
            Action::TurnFaceUp(o) => format!("turn {} {} face up", name(o), o),
            Action::Suspend(o) => format!("suspend {}", name(o)),
            Action::PlaySplit { card, half } => format!(
                "play {} ({} of {})",
                self.objects
                    .get(card.slot as usize)
                    .map_or("?", |x| x.def().faces[*half as usize].name.as_str()),
                if *half == 0 {
                    "left half"
                } else {
                    "right half"
                },
                name(card)
            ),
            Action::Activate { source, index } => {
                // 603.2: the deploy ability the rules give every creature
                // is named, as it is printed on no card.
                let deploy = self.obj(*source).is_some_and(|_| {
                    crate::continuous::characteristics::compute(self, *source)
                        .ability_at(*index)
                        .is_some_and(|(_, r)| r == tolaria_cards::AbilityRef::Deploy)
                });
                if deploy {
                    format!(
                        "activate {} ability {}: deploy (603.2: {{T}}: target teammate gains control of it)",
                        name(source),
                        index
                    )
                } else {
                    format!("activate {} ability {}", name(source), index)
                }
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                let doubles = self.obj(*source).is_some_and(|_| {
                    matches!(
                        crate::continuous::characteristics::compute(self, *source)
                            .ability_at(*index),
                        Some((
                            Ability::Mana(tolaria_cards::ManaAbility {
                                produce: tolaria_cards::ManaProduce::DoublePool,
                                ..
                            }),
                            _
                        ))
                    )
                });
                if doubles {
                    format!(
                        "play {} {}: double the mana in the pool",
                        name(source),
                        source
                    )
                } else if self.obj(*source).is_some_and(|_| {
                    matches!(
                        crate::continuous::characteristics::compute(self, *source)
                            .ability_at(*index),
                        Some((Ability::Mana(m), _)) if m.cost.sacrifice_self
                    )
                }) {
                    // "{T}, Sacrifice Dwarven Ruins: Add {R}{R}": told apart
                    // from the land's other ability making the same colour.
                    format!(
                        "tap and sacrifice {} {} for {{{}}}",
                        name(source),
                        source,
                        kind.symbol()
                    )
                } else {
                    format!("tap {} {} for {{{}}}", name(source), source, kind.symbol())
                }
            }
            Action::ChooseTarget(t) => format!("target {}", tgt(t)),
            Action::ChooseMode(m) => format!("mode {}", m + 1),
            Action::ChooseX(x) => format!("X = {x}"),
            Action::CancelPlay => "cancel".into(),
            Action::Attack(o) => format!("attack with {} {}", name(o), o),
            Action::AttackPlayer { attacker, player } => {
                format!("attack {player} with {} {}", name(attacker), attacker)
            }
            Action::Ninjutsu { card, attacker } => format!(
                "ninjutsu {} {} returning {} {}",
                name(card),
                card,
                name(attacker),
                attacker
            ),
            Action::Band { creature, with } => format!(
                "band {} {} with {} {}",
                name(creature),
                creature,
                name(with),
                with
            ),
            Action::PutInPile { creature, pile } => {
                format!("put {} {} into pile {}", name(creature), creature, pile + 1)
            }
            Action::Block { blocker, attacker } => format!(
                "block {} {} with {} {}",
                name(attacker),
                attacker,
                name(blocker),
                blocker
            ),
            Action::Done => "done".into(),
            Action::AssignDamage(n) => format!("assign {n} damage"),
            Action::ChooseObject(o)
                if self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::PayMana) =>
            {
                if matches!(self.zone_of(*o), Some(Zone::Graveyard(_))) {
                    format!("remove {} {} from the game for delve", name(o), o)
                } else {
                    format!("tap {} {} for convoke", name(o), o)
                }
            }
            // 502.40a: a card revealed to splice, with its splice cost.
            Action::ChooseObject(o)
                if self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::AnnounceSplice) =>
            {
                let cost = self
                    .obj(*o)
                    .and_then(|x| x.def().faces[0].spell.splice.as_deref())
                    .map_or(String::new(), |s| cost_text(&s.cost));
                format!("splice {} {} (pay {cost})", name(o), o)
            }
            Action::ChooseObject(o) => format!("choose {} {}", name(o), o),
            Action::ChooseTrigger(i) => format!("put trigger {i} on the stack next"),
            Action::CallHeads => "call heads".into(),
            Action::CallTails => "call tails".into(),
            Action::ChooseWord(w) => format!("choose {}", w.name()),
            Action::ChooseColor(c) => format!("choose {}", c.name()),
            Action::ChooseCreatureType(t) | Action::ChooseLandType(t) => {
                format!("choose {}", t.name())
            }
            Action::NameCard(n) => format!("name {}", n.as_str()),
            Action::ChooseReplacement(i) => match self.decision.as_ref().map(|d| &d.kind) {
                Some(DecisionKind::ChooseReplacement { options, .. }) => format!(
                    "apply {} first",
                    options.get(*i as usize).map_or("?", String::as_str)
                ),
                Some(DecisionKind::ChooseOption { options, .. }) => format!(
                    "choose {}",
                    options.get(*i as usize).map_or("?", String::as_str)
                ),
                _ => format!("apply replacement effect {i} first"),
            },
            Action::KeepCoin(true) => "keep heads".into(),
            Action::KeepCoin(false) => "keep tails".into(),
            Action::ChooseFromMainGame(o) => format!(
                "choose {} from the main game",
                self.main
                    .as_deref()
                    .and_then(|m| m.objects.get(o.slot as usize))
                    .map_or("?", |x| x.def().name.as_str())
            ),
            Action::ChooseOutside(i) => {
                let who = self.decision.as_ref().map_or(self.active, |d| d.player);
                match self.player(who).outside.get(*i as usize) {
                    Some(&c) => format!(
                        "choose {} from outside the game",
                        tolaria_cards::db().get(c).name
                    ),
                    None => "choose ? from outside the game".into(),
                }
            }
            Action::Yes | Action::No => match self.decision.as_ref().map(|d| &d.kind) {
                // 409.1b: the optional cost asked, in words.
                Some(DecisionKind::AnnounceCost { cost }) => {
                    let what = self
                        .casting
                        .as_deref()
                        .and_then(|c| self.optional_cost(c, *cost))
                        .map_or(String::new(), |k| format!(" {}", cost_text(k)));
                    if *a == Action::Yes {
                        format!("pay the {}{what}", cost.name())
                    } else {
                        format!("don't pay the {}", cost.name())
                    }
                }
                _ if *a == Action::Yes => "yes".into(),
                _ => "no".into(),
            },
            Action::Concede(p) => format!("{p} concedes"),
        }
    }
}

/// A cost in words for people ("{2}{R}", "sacrifice 2 permanents, pay 3 life").
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

pub(crate) fn cost_text(k: &tolaria_cards::Cost) -> String {
    let mut parts = Vec::new();
    if !k.mana.is_zero() {
        parts.push(k.mana.to_string());
    }
    if k.sacrifice.is_some() {
        parts.push(format!("sacrifice {}", k.sacrifices()));
    }
    if k.discard > 0 {
        parts.push(format!("discard {}", k.discard));
    }
    if k.pay_life > 0 {
        parts.push(format!("pay {} life", k.pay_life));
    }
    if let Some((_, n)) = &k.return_to_hand {
        parts.push(format!("return {n} to hand"));
    }
    parts.join(", ")
}

/// `Unpaid::from_cost(cost, 0).total()`: how many mana the cost asks for.
fn cost_symbols(cost: &tolaria_cards::ManaCost) -> u64 {
    let hybrid: u64 = cost
        .hybrid
        .iter()
        .map(|h| match *h {
            tolaria_cards::Hybrid::TwoColors(..) => 1,
            tolaria_cards::Hybrid::GenericOr(n, _) => n as u64,
        })
        .sum();
    cost.generic as u64
        + cost.colored.iter().map(|&c| c as u64).sum::<u64>()
        + hybrid
        + cost.snow as u64
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
