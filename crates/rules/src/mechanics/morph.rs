//! Morph and face-down permanents (502.26, 504).
//!
//! Face down is a status (510.1), kept as `object::flags::FACE_DOWN`. While
//! it is set on a spell or permanent, layer 1 starts from the synthetic
//! face-down definition (`CardDb::face_down`: a 2/2 creature with no name,
//! text, subtypes, colour or mana cost, 504.2, 502.26a) instead of the
//! object's copiable values, so every other effect still applies on top
//! (Glorious Anthem makes it 3/3), and a copy of it copies those values
//! (503.2's Clone example). What it would be face up (its own card, or the
//! latest copy effect on it, 504.7) stays in `underlying_copiable_values`,
//! which also says what its morph cost is (503.3's Branchsnap Lorian).
//!
//! - Playing a card face down (502.26b): `Action::PlayFaceDown` moves it to
//!   the stack already face down (`Game::move_face_down`), so no event
//!   names it; it costs {3} rather than its mana cost, and the spell
//!   resolves into a face-down permanent (`relocate` keeps the status from
//!   the stack into play).
//! - Turning face up (502.26d): `Action::TurnFaceUp`, any time its
//!   controller has priority; the morph cost is paid through the ordinary
//!   payment decisions, nothing goes on the stack, and the player keeps
//!   priority. No comes-into-play ability triggers (504.5); "When [this] is
//!   turned face up" does.
//! - Hidden information (504.3): events about a face-down object name the
//!   face-down definition (`Event::hide_face_down`); `view` shows the card
//!   only to its controller; a face-down object leaving play or the stack
//!   for another zone is revealed (504.6, `Event::FaceDownRevealed`), and
//!   so is every face-down object when the game ends.

use crate::state::progress::Playing;
use crate::{Event, Game, ObjId, PlayerId, Zone};
use tolaria_cards::{db, Ability, Cost, ManaCost, StaticAbility};

/// 504.8: a permanent whose morph cost was paid by `player`, waiting for
/// the choice its "As [this] is turned face up" ability makes (X was `x`);
/// `then` gets priority afterward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FaceUpChoice {
    pub player: PlayerId,
    pub obj: ObjId,
    pub x: u32,
    pub then: PlayerId,
    /// The creature chosen to copy (`Some(None)`: none; `None`: not asked).
    #[serde(default)]
    pub copy: Option<Option<ObjId>>,
    /// The index of the power and toughness chosen.
    #[serde(default)]
    pub pt: Option<u8>,
}

/// 504.8: the filter of a card's "As [this] … is turned face up, you may
/// choose another creature in play … it becomes a copy of that creature"
/// (Vesuvan Shapeshifter), if it has one.
pub(crate) fn face_up_copy_filter(
    card: tolaria_cards::CardId,
) -> Option<&'static tolaria_cards::ObjectFilter> {
    db().get(card).faces[0]
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(StaticAbility::CopyAsTurnedFaceUp(f)) => Some(f),
            _ => None,
        })
}

/// 502.26a: the {3} paid rather than the mana cost of a face-down spell.
pub(crate) fn face_down_cost() -> ManaCost {
    ManaCost {
        generic: 3,
        ..ManaCost::default()
    }
}

/// 502.26a: the morph cost printed on this face of a card, if any.
pub fn morph_cost_of(card: tolaria_cards::CardId, face: u8) -> Option<&'static Cost> {
    db().get(card)
        .faces
        .get(face as usize)?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(StaticAbility::Morph(c)) => Some(&**c),
            _ => None,
        })
}

impl Game {
    /// 502.26d, 503.3: the cost to turn this face-down permanent face up:
    /// the morph cost of the values it would have face up (a face-down
    /// permanent that copied a card without morph can't be turned face up
    /// this way).
    pub fn morph_cost(&self, id: ObjId) -> Option<&'static Cost> {
        let o = self.obj(id)?;
        if !o.is_face_down() || o.zone != Zone::InPlay {
            return None;
        }
        let c = self.underlying_copiable_values(id);
        if c.token.is_some() {
            return None;
        }
        let face = crate::continuous::characteristics::face_in_force(c.card, o.is_flipped(), true);
        morph_cost_of(c.card, face)
    }

    /// 502.26a: may `p` play this card from their hand face down now? It is
    /// played as a 2/2 colourless creature spell (so at sorcery timing,
    /// 212.3a) for {3}.
    pub(crate) fn face_down_play_legal(
        &self,
        p: PlayerId,
        card: ObjId,
        avail: &crate::playing::mana::Avail,
    ) -> bool {
        let o = &self.objects[card.slot as usize];
        if o.zone != Zone::Hand(p) || o.def().unsupported().is_some() {
            return false;
        }
        // 502.26c: only a card with morph.
        if morph_cost_of(o.card, 0).is_none() {
            return false;
        }
        let sorcery_timing = self.is_active(p) && self.step.is_main() && self.stack.is_empty();
        // 504.2, 502.26b: the spell is judged as the face-down spell it will
        // be (a nameless, colourless 2/2 creature with no mana cost), not as
        // the card in the hand: prohibitions and cost changes see only that.
        let ch = crate::continuous::characteristics::of_face(tolaria_cards::db().face_down, 0, p);
        if !sorcery_timing || self.spell_forbidden_as(p, card, Some(&ch)) {
            return false;
        }
        let mut u = crate::state::progress::Unpaid::from_cost(&face_down_cost(), 0);
        crate::playing::cost::apply_change(&mut u, self.spell_cost_change_as(p, card, Some(&ch)));
        crate::playing::mana::can_match(&u, avail)
    }

    /// 502.26d: the face-down permanents `p` may turn face up now.
    pub(crate) fn turn_face_up_options(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<crate::Action>,
    ) {
        for &id in &self.in_play {
            let o = &self.objects[id.slot as usize];
            if !o.is_face_down() || o.controller != p || o.is_phased_out() {
                continue;
            }
            if let Some(cost) = self.morph_cost(id) {
                // 409.1h: a cost that can't be paid can't be (sacrifices,
                // discards, life: "Morph—Pay 5 life").
                let mut u = crate::state::progress::Unpaid::from_cost(&cost.mana, 0);
                u.generic += self.morph_cost_increase();
                if self.cost_parts_payable(p, cost) && crate::playing::mana::can_match(&u, avail) {
                    out.push(crate::Action::TurnFaceUp(id));
                }
            }
        }
    }

    /// 502.26d: show the morph cost and start paying it; the game can
    /// rewind to here if the payment is abandoned (422).
    pub(crate) fn begin_turning_face_up(&mut self, p: PlayerId, obj: ObjId) {
        self.begin_special_payment(p, Playing::TurnFaceUp { obj });
    }

    /// 502.26d, 504.5: the cost is paid: the permanent turns face up. Its
    /// copiable values revert to its own (or those it copied, 504.7);
    /// effects already applied to it still apply; it doesn't come into play
    /// again, so nothing triggers on that, but "When [this] is turned face
    /// up" does.
    pub(crate) fn turn_face_up(&mut self, p: PlayerId, obj: ObjId) {
        self.turn_face_up_with_x(p, obj, 0);
    }

    /// 502.26d, 504.8: the morph cost is paid: a permanent with "As [this]
    /// is turned face up" choices makes them first (while it is turned face
    /// up, not afterward); then it turns face up. `then` gets priority once
    /// it has.
    pub(crate) fn finish_turning_face_up(
        &mut self,
        p: PlayerId,
        obj: ObjId,
        x: u32,
        then: PlayerId,
    ) {
        self.continue_turning_face_up(FaceUpChoice {
            player: p,
            obj,
            x,
            then,
            copy: None,
            pt: None,
        });
    }

    /// 504.8: asks the next choice of `c`, or turns the permanent face up
    /// with the choices made; `c.then` gets priority once it has.
    fn continue_turning_face_up(&mut self, c: FaceUpChoice) {
        match self.face_up_question(&c) {
            Some(kind) => self.ask_face_up(c, kind),
            None => {
                self.apply_face_up(c);
                self.flow = crate::state::progress::Flow::Priority(c.then);
            }
        }
    }

    /// 504.8: the next choice `c` still needs: Vesuvan Shapeshifter's
    /// creature to copy (503.9: with the ability in quotes), then the
    /// copied values' own "as … is turned face up" power and toughness
    /// (Aquamorph Entity, whose ruling lets the Shapeshifter's controller
    /// choose); `None` when every choice is made.
    pub(crate) fn face_up_question(&self, c: &FaceUpChoice) -> Option<crate::DecisionKind> {
        let own = self.underlying_copiable_values(c.obj);
        if c.copy.is_none() && face_up_copy_filter(own.card).is_some() {
            return Some(crate::DecisionKind::ChooseCopy);
        }
        let (values, _) = self.face_up_values(c);
        match crate::resolution::choices::pt_choice_of(values.card) {
            Some((options, true)) if c.pt.is_none() => {
                Some(crate::resolution::choices::pt_decision(c.player, values.card, options).kind)
            }
            _ => None,
        }
    }

    /// 504.7, 504.8: the copiable values the permanent turns face up with
    /// (its own, or those of the creature chosen to copy) and whether they
    /// are copied.
    fn face_up_values(&self, c: &FaceUpChoice) -> (crate::continuous::effects::Copiable, bool) {
        let own = self.underlying_copiable_values(c.obj);
        let copied = c
            .copy
            .flatten()
            .filter(|&o| self.is_present(o) && self.objects[o.slot as usize].zone == Zone::InPlay)
            .map(|o| {
                crate::resolution::copiable::copy_with_exceptions(own.card, self.copiable_values(o))
            });
        match copied {
            Some(v) => (v, true),
            None => (own, false),
        }
    }

    /// 504.5, 504.8: turns the permanent face up with the choices of `c`
    /// made.
    pub(crate) fn apply_face_up(&mut self, c: FaceUpChoice) {
        let own = self.underlying_copiable_values(c.obj);
        let (values, copied) = self.face_up_values(&c);
        let pt = match crate::resolution::choices::pt_choice_of(values.card) {
            Some((options, true)) => c.pt.and_then(|i| options.get(i as usize).copied()),
            _ => None,
        };
        let obj = c.obj;
        self.unhide(obj);
        if copied || pt.is_some() {
            // 503.2: the values set as it is turned face up are copiable
            // values; a copy effect of the Shapeshifter's is marked with its
            // card, so that it ends as it is turned face down.
            let ts = self.stamp();
            self.effects
                .push(crate::continuous::effects::ContinuousEffect {
                    timestamp: ts,
                    source_card: own.card,
                    controller: c.player,
                    affected: obj,
                    effect: Default::default(),
                    copy: Some(crate::continuous::effects::Copiable {
                        pt: pt.or(values.pt),
                        ..values
                    }),
                    until_end_of_turn: false,
                    until_end_of_combat: false,
                    while_tapped: None,
                    until_leaves: None,
                    while_enchanted: false,
                    while_controlled: false,
                    while_controls: None,
                    until_upkeep_of: None,
                    to_attached: false,
                });
        }
        if copied {
            self.emit(Event::BecameCopy {
                obj,
                card: own.card,
                of: values.card,
            });
        }
        if let Some((power, toughness)) = pt {
            self.emit(Event::PowerToughnessChosen {
                obj,
                card: own.card,
                power,
                toughness,
                face_up: true,
            });
        }
        self.turn_face_up_with_x(c.player, obj, c.x);
    }

    /// 504.8: the permanent waits, face down, for its controller's choice.
    fn ask_face_up(&mut self, c: FaceUpChoice, kind: crate::DecisionKind) {
        self.decision = Some(crate::Decision {
            player: c.player,
            kind,
        });
        self.face_up_choice = Some(c);
        self.flow = crate::state::progress::Flow::Resolving;
    }

    /// 504.8: the power and toughness chosen as the permanent turns face
    /// up (option `i`).
    pub(crate) fn on_face_up_pt_choice(&mut self, i: u8) {
        if let Some(mut c) = self.face_up_choice.take() {
            c.pt = Some(i);
            self.continue_turning_face_up(c);
        }
    }

    /// 504.8: the creature chosen to copy as the permanent turns face up
    /// (`No`: none).
    pub(crate) fn on_face_up_copy_choice(&mut self, action: crate::Action) {
        if let Some(mut c) = self.face_up_choice.take() {
            c.copy = Some(match action {
                crate::Action::ChooseObject(o) => Some(o),
                _ => None,
            });
            self.continue_turning_face_up(c);
        }
    }

    /// 504.8: the creatures a permanent being turned face up may copy
    /// (Vesuvan Shapeshifter: "another creature in play").
    pub(crate) fn face_up_copy_options(&self, out: &mut Vec<crate::Action>) {
        let Some(c) = self.face_up_choice else { return };
        out.extend(
            self.face_up_copy_candidates(c.obj, c.player)
                .into_iter()
                .map(crate::Action::ChooseObject),
        );
        out.push(crate::Action::No);
    }

    /// 504.8: the creatures `obj`, being turned face up by `player`, may
    /// copy (none if it has no such ability).
    pub(crate) fn face_up_copy_candidates(&self, obj: ObjId, player: PlayerId) -> Vec<ObjId> {
        let card = self.underlying_copiable_values(obj).card;
        let Some(f) = face_up_copy_filter(card) else {
            return Vec::new();
        };
        self.in_play
            .iter()
            .copied()
            .filter(|&o| {
                self.is_present(o)
                    && crate::continuous::filter::matches(self, f, o, Some(obj), player)
            })
            .collect()
    }

    /// 504.5: the permanent is face up from now on (its copiable values are
    /// its own again).
    fn unhide(&mut self, obj: ObjId) {
        if let Some(o) = self.obj_mut(obj) {
            // 504.1: Illusionary Mask's replacement ends once it is face up.
            o.flags &=
                !(crate::state::object::flags::FACE_DOWN | crate::state::object::flags::MASKED);
            o.mark_board_input();
        }
        self.board.valid = false;
    }

    /// 502.26d: as `turn_face_up`, X having been `x` in the morph cost paid
    /// (Bane of the Living's "-X/-X" is that X).
    pub(crate) fn turn_face_up_with_x(&mut self, p: PlayerId, obj: ObjId, x: u32) {
        if self.obj(obj).is_none() {
            return;
        }
        self.unhide(obj);
        // The abilities it has now (the scan for its "turned face up"
        // trigger reads these bits before the board is settled).
        let ch = crate::continuous::characteristics::compute(self, obj);
        let o = &mut self.objects[obj.slot as usize];
        o.flags = (o.flags & !crate::state::object::flags::ABILITY_BITS)
            | crate::state::object::Object::ability_flags_of(&ch);
        let card = self.objects[obj.slot as usize].card;
        self.emit(Event::TurnedFaceUp {
            player: p,
            obj,
            card,
            x,
        });
    }

    /// 502.26e: a permanent turned face down by a spell or ability becomes
    /// a 2/2 face-down creature; the rules for face-down permanents apply
    /// to it (504.5 when it is turned face up again).
    pub(crate) fn turn_face_down(&mut self, obj: ObjId) {
        let Some(o) = self.obj_mut(obj) else { return };
        if o.zone != Zone::InPlay || o.is_face_down() {
            return;
        }
        let card = o.card;
        let player = o.controller;
        // Named as it was, face up, then hidden from now on.
        self.emit(Event::TurnedFaceDown { player, obj, card });
        // "until [this] is turned face down, it becomes a copy" (Vesuvan
        // Shapeshifter): its copy effects on itself end now.
        self.effects.retain(|e| {
            !(e.affected == obj && e.copy.is_some() && face_up_copy_filter(e.source_card).is_some())
        });
        self.face_down_seen = true;
        let o = &mut self.objects[obj.slot as usize];
        o.flags &= !crate::state::object::flags::ABILITY_BITS;
        o.flags |= crate::state::object::flags::FACE_DOWN;
        o.mark_board_input();
        self.board.valid = false;
    }

    /// 419.1b, 504.1: "As [this] comes into play, turn all other [filter]
    /// in play face down." (Ixidron): `card` is what `entering` comes into
    /// play as; the others turn face down before it comes into play (its
    /// ruling: there is never a moment when it is in play and they are face
    /// up, so their "whenever another creature comes into play" abilities
    /// are gone by then).
    pub(crate) fn turn_face_down_as_it_enters(
        &mut self,
        card: tolaria_cards::CardId,
        entering: ObjId,
        controller: PlayerId,
    ) {
        let Some(f) = db().get(card).faces[0]
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::Static(StaticAbility::AsComesIntoPlayTurnFaceDown(f)) => Some(f),
                _ => None,
            })
        else {
            return;
        };
        let turned: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| {
                o != entering
                    && crate::continuous::filter::matches(self, f, o, Some(entering), controller)
            })
            .collect();
        for o in turned {
            self.turn_face_down(o);
        }
    }

    /// 504.6: at the end of the game every face-down object in play or on
    /// the stack is revealed to all players.
    pub(crate) fn reveal_face_down_at_game_end(&mut self) {
        let ids: Vec<ObjId> = self
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| {
                o.is_face_down() && matches!(o.zone, Zone::InPlay | Zone::Stack | Zone::PhasedOut)
            })
            .map(|(i, o)| o.id(i))
            .collect();
        for id in ids {
            let o = &self.objects[id.slot as usize];
            let (player, card) = (o.owner, o.card);
            self.emit(Event::FaceDownRevealed { player, card });
        }
    }
}
