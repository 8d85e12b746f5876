//! The legal actions of every decision: what agents and the terminal choose
//! from, and what `apply` checks an action against.

use crate::{Action, DecisionKind, Game, ObjId, PlayerId, Target, Zone};

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
            DecisionKind::ChooseX { max, min } => {
                out.extend((*min..=*max).map(Action::ChooseX));
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
                    // Channel: any time a mana ability could be played (411.1).
                    if !self.granted_actions.is_empty() {
                        self.granted_mana_actions(c.player, out);
                    }
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
            // 409.1h: any card in the hand (Leashling).
            DecisionKind::LibraryTopCost { .. } => {
                out.extend(self.player(p).hand.iter().map(|&o| Action::ChooseObject(o)));
                out.push(Action::CancelPlay);
            }
            // 409.1h: a card in the hand matching "Reveal X red cards from
            // your hand", not yet revealed for it (the Martyrs).
            DecisionKind::RevealCost { .. } => {
                if let Some(c) = self.casting.as_deref() {
                    if let Some(f) = self.casting_cost(c).and_then(|k| k.reveal_x.as_ref()) {
                        out.extend(
                            self.player(p)
                                .hand
                                .iter()
                                .filter(|&&o| {
                                    !c.revealed.contains(&o)
                                        && crate::continuous::filter::matches_card(
                                            f,
                                            self.objects[o.slot as usize].card,
                                        )
                                })
                                .map(|&o| Action::ChooseObject(o)),
                        );
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
            DecisionKind::SacrificeAnyNumber | DecisionKind::ReturnAnyNumber => {
                out.extend(
                    self.sacrifice_any_options(p)
                        .into_iter()
                        .map(Action::ChooseObject),
                );
                // Lich's "that many" is exactly that many: no stopping.
                if !matches!(
                    self.current_effect(),
                    Some(tolaria_cards::Effect::SacrificeOrLose { .. })
                ) {
                    out.push(Action::Done);
                }
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
            // 406.1: one of the colours allowed (in a mana ability, listed
            // by `mana_choice_options`, above).
            DecisionKind::ChooseManaColor { colors, .. } => {
                out.extend(colors.iter().map(Action::ChooseColor));
            }
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
                Action::PlayLand(c) | Action::PlaySpell(c) | Action::PlaySplit { card: c, .. }
                    if self.zone_of(*c) == Some(Zone::Graveyard(p)) =>
                {
                    return self.graveyard_play_legal(p, action);
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
                    && self.can_attack(*id)
                    && self.attack_limit_allows(*id, None);
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
}
