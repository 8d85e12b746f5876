//! Moving objects between zones (217): an object that changes zones becomes
//! a new object (217.1c) with a new id; leaving play records its last known
//! information (413.2a, 420.5); coming into play applies what it comes into
//! play with (counters, choices, a copy effect fixed as it enters, 503.4).

use crate::LastKnown;
use crate::{Event, Game, MoveReason, ObjId, Object, PlayerId, Zone};

impl Game {
    /// Removes an object id from whatever zone list holds it.
    fn unlist(&mut self, id: ObjId, zone: Zone) {
        // An object is listed once in its zone; searched from the end,
        // where a library's top card is (a draw finds it at once).
        let remove = |v: &mut Vec<ObjId>| {
            if let Some(i) = v.iter().rposition(|&x| x == id) {
                v.remove(i);
            }
        };
        match zone {
            Zone::Library(p) => remove(&mut self.players[p.index()].library),
            Zone::Hand(p) => remove(&mut self.players[p.index()].hand),
            Zone::Graveyard(p) => remove(&mut self.players[p.index()].graveyard),
            Zone::InPlay => remove(&mut self.in_play),
            Zone::RemovedFromGame => remove(&mut self.removed),
            Zone::Ante => remove(&mut self.ante),
            Zone::Stack => {
                if let Some(i) = self
                    .stack
                    .iter()
                    .position(|s| matches!(s.kind, crate::StackKind::Spell { obj } if obj == id))
                {
                    self.stack.remove(i);
                }
            }
            Zone::PhasedOut => self.phased_out.retain(|p| p.id != id),
            Zone::Nowhere => {}
        }
    }

    /// Moves an object to another zone, making it a new object (217.1c).
    /// Cards go to their owner's library, hand or graveyard (217.1d).
    /// Returns the new id. The stack zone is listed by the caller (a
    /// `StackItem` has more than the id).
    pub fn move_to(&mut self, id: ObjId, to: Zone, reason: MoveReason) -> Option<ObjId> {
        self.move_to_pos(id, to, reason, false)
    }

    /// The card whose characteristics an object shows (504.2): the
    /// face-down definition for a face-down spell or permanent, else its card.
    #[inline]
    pub fn shown_card(&self, id: ObjId) -> tolaria_cards::CardId {
        let o = &self.objects[id.slot as usize];
        if o.is_face_down() {
            tolaria_cards::db().face_down
        } else {
            o.card
        }
    }

    /// 502.26b: a card played face down is turned face down before it is
    /// put onto the stack, so no event names it.
    pub(crate) fn move_face_down(
        &mut self,
        id: ObjId,
        to: Zone,
        reason: MoveReason,
    ) -> Option<ObjId> {
        self.relocate(
            id,
            to,
            reason,
            MoveOpts {
                face_down: true,
                ..MoveOpts::default()
            },
        )
    }

    /// As [`Game::move_to`]; `bottom` puts a library card at the bottom.
    pub fn move_to_pos(
        &mut self,
        id: ObjId,
        to: Zone,
        reason: MoveReason,
        bottom: bool,
    ) -> Option<ObjId> {
        self.relocate(
            id,
            to,
            reason,
            MoveOpts {
                bottom,
                ..MoveOpts::default()
            },
        )
    }

    /// Puts an object into play under `controller`'s control (413.2i: a
    /// resolving permanent spell comes into play under its controller's).
    pub fn put_into_play(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        reason: MoveReason,
    ) -> Option<ObjId> {
        self.enter_play(id, controller, reason, MoveOpts::default())
    }

    /// As [`Game::put_into_play`], flipped (510.3: "return it to play
    /// flipped", Homura, Human Ascendant; 508.2: its alternative
    /// characteristics apply as it comes into play).
    pub fn put_into_play_flipped(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        reason: MoveReason,
    ) -> Option<ObjId> {
        let opts = MoveOpts {
            flipped: true,
            ..MoveOpts::default()
        };
        self.enter_play(id, controller, reason, opts)
    }

    /// Into play under `controller`'s control, with the status or copy
    /// effect it comes into play with (`opts`).
    fn enter_play(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        reason: MoveReason,
        opts: MoveOpts,
    ) -> Option<ObjId> {
        let mut opts = MoveOpts {
            controller: Some(controller),
            ..opts
        };
        // 419.1b: a Primal Clay put into play by an effect, whose choice of
        // form no one was asked: the first form (decision in
        // ARCHITECTURE.md).
        if opts.copy.is_none() {
            let card = self.objects[id.slot as usize].card;
            if let Some(f) =
                crate::resolution::choices::form_choice_of(card).and_then(|f| f.first())
            {
                let mut c = crate::continuous::effects::Copiable::printed(card, None);
                c.pt = Some((f.power, f.toughness));
                c.keywords = f.keywords;
                for &s in &f.subtypes {
                    c.subtypes.insert(s);
                }
                opts.copy = Some(c);
            }
        }
        self.relocate(id, Zone::InPlay, reason, opts)
    }

    /// As [`Game::put_into_play`], as a copy of `copy` (503; Clone): the
    /// copy effect applies as it comes into play (418.2), so its
    /// comes-into-play abilities are the copied ones.
    pub fn put_into_play_as(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        reason: MoveReason,
        copy: Option<crate::continuous::effects::Copiable>,
    ) -> Option<ObjId> {
        let opts = MoveOpts {
            copy,
            ..MoveOpts::default()
        };
        self.enter_play(id, controller, reason, opts)
    }

    /// A resolving permanent spell comes into play (413.2i), as a copy of
    /// `copy`, with the opponent chosen as it resolved (419.1b: "As [this]
    /// comes into play, choose an opponent"), the spell's X (409.1b), and
    /// the choices of how it comes into play made (`tapped`: it comes into
    /// play tapped, 419.1b).
    pub(crate) fn put_into_play_choosing(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        copy: Option<crate::continuous::effects::Copiable>,
        chosen_player: Option<PlayerId>,
        x: u32,
        // Comes into play tapped; attached to this (an Aura spell, 212.4).
        (tapped, attached): (bool, Option<crate::Target>),
    ) -> Option<ObjId> {
        let opts = MoveOpts {
            copy,
            chosen_player,
            x,
            entered: Some(tapped),
            attached,
            ..MoveOpts::default()
        };
        self.enter_play(id, controller, MoveReason::Resolve, opts)
    }

    /// 408.2d, 419.6: a land played comes into play once the choices of
    /// how it does are made (`tapped`: it comes into play tapped).
    pub(crate) fn put_land_played_into_play(
        &mut self,
        id: ObjId,
        controller: PlayerId,
        tapped: bool,
    ) -> Option<ObjId> {
        let opts = MoveOpts {
            entered: Some(tapped),
            ..MoveOpts::default()
        };
        self.enter_play(id, controller, MoveReason::PlayLand, opts)
    }

    fn relocate(
        &mut self,
        id: ObjId,
        to: Zone,
        reason: MoveReason,
        opts: MoveOpts,
    ) -> Option<ObjId> {
        let MoveOpts {
            bottom,
            controller,
            copy,
            face_down: enter_face_down,
            flipped,
            chosen_player,
            x,
            entered,
            attached,
        } = opts;
        // 503.1: a token copy comes into play from outside every zone.
        let obj = if reason == MoveReason::TokenCopy {
            self.objects
                .get(id.slot as usize)
                .filter(|o| o.gen == id.gen && o.token)?
        } else {
            self.obj(id)?
        };
        let from = obj.zone;
        let owner = obj.owner;
        let card = obj.card;
        let token = obj.token;
        let spell_copy = obj.spell_copy.is_some();
        // 504.2, 502.26b, 510.6: a face-down spell resolves into a
        // face-down permanent; a card played face down enters the stack
        // face down; everywhere else it is face up again (and revealed,
        // 504.6).
        let was_face_down = obj.is_face_down();
        // 419.6, 419.1b: the choices of how it comes into play ("sacrifice
        // a Forest instead", "you may pay 2 life"), made here when no land
        // play or resolution made them (put into play by an effect).
        let mut enters_tapped = entered == Some(true);
        if to == Zone::InPlay
            && entered.is_none()
            && !enter_face_down
            && !matches!(from, Zone::InPlay | Zone::PhasedOut)
        {
            let entering = copy.map_or(card, |c| c.card);
            let p = controller.unwrap_or(owner);
            match self.enter_without_asking(id, entering, p) {
                crate::resolution::enters_instead::Entry::Normal => {}
                crate::resolution::enters_instead::Entry::Tapped => enters_tapped = true,
                crate::resolution::enters_instead::Entry::Graveyard => {
                    // "If you don't, put it into its owner's graveyard."
                    self.relocate(
                        id,
                        Zone::Graveyard(owner),
                        MoveReason::InsteadOfPlay,
                        MoveOpts::default(),
                    );
                    return None;
                }
            }
        }
        // 422: a library card is saved for the rewind point before it changes.
        if matches!(from, Zone::Library(_)) && self.rewind.is_some() {
            self.note_rewind_library_move(id.slot);
        }
        let face_down =
            enter_face_down || (was_face_down && matches!((from, to), (Zone::Stack, Zone::InPlay)));
        // 217.1d: owner's zones.
        let to = match to {
            Zone::Library(_) => Zone::Library(owner),
            Zone::Hand(_) => Zone::Hand(owner),
            Zone::Graveyard(_) => Zone::Graveyard(owner),
            z => z,
        };
        // 419.1a: "If [it] would be put into a graveyard, … instead."
        let mut entered_with: Vec<(tolaria_cards::CounterKind, u32)> = Vec::new();
        let mut to = to;
        // 502.22a: a spell played with flashback is removed from the game
        // instead of going anywhere else as it leaves the stack.
        if from == Zone::Stack
            && to != Zone::RemovedFromGame
            && self.objects[id.slot as usize].flags & crate::state::object::flags::FLASHBACK != 0
        {
            to = Zone::RemovedFromGame;
            self.emit(Event::FlashbackRemoved { card });
        }
        let mut shuffle = None;
        if let Zone::Graveyard(_) = to {
            if let Some((instead, by_card)) = self.graveyard_replacement(id, from) {
                to = match instead {
                    tolaria_cards::GraveyardInstead::ShuffleIntoLibrary => {
                        shuffle = Some(owner);
                        Zone::Library(owner)
                    }
                    tolaria_cards::GraveyardInstead::RemoveFromGame => Zone::RemovedFromGame,
                    tolaria_cards::GraveyardInstead::TopOfLibrary => Zone::Library(owner),
                };
                self.emit(Event::MoveReplaced { card, by_card, to });
            }
        }
        // 420.5j: a spell copy leaving the stack is to cease to exist.
        if from == Zone::Stack && spell_copy {
            self.sba_dirty = true;
        }
        // 419.1b, 504.1: "As [this] comes into play, turn all other
        // creatures in play face down" (Ixidron) is done before it comes
        // into play, however it does.
        if to == Zone::InPlay && !face_down {
            let entering = copy.map_or(card, |c| c.card);
            self.turn_face_down_as_it_enters(entering, id, controller.unwrap_or(owner));
        }
        if from == Zone::InPlay {
            self.record_lki(id);
            if matches!(to, Zone::Graveyard(_))
                && self
                    .lki
                    .last()
                    .is_some_and(|l| l.id == id && l.was_creature)
            {
                self.creatures_died_this_turn += 1;
                if self.counts_deaths_by_type {
                    let subtypes = crate::continuous::characteristics::compute(self, id).subtypes;
                    self.died_this_turn.push(subtypes);
                }
            }
            self.leave_play_cleanup(id);
        }
        // "If [this] leaves play, this effect continues until end of turn."
        let lingering = if from == Zone::InPlay {
            self.lingering_effects(id)
        } else {
            None
        };
        self.unlist(id, from);
        if let Some(l) = lingering {
            self.continue_after_leaving(l);
        }
        // 217.1c: a removal record is about the object that was there.
        if !self.removals.is_empty() {
            self.removals.retain(|(r, _)| r.slot != id.slot);
        }
        let ts = self.stamp();
        let slot = id.slot as usize;
        let from_hand = self.objects[slot].flags & crate::state::object::flags::FROM_HAND != 0;
        // 406: the colours spent to play it follow it like its kicker.
        let kicked = self.objects[slot].flags
            & (crate::state::object::flags::KICKED | crate::state::object::flags::SPENT);
        let masked = self.objects[slot].flags & crate::state::object::flags::MASKED;
        self.objects[slot].reset_for_new_zone(to, ts);
        if flipped && to == Zone::InPlay {
            // 510.3: a spell or ability says it comes into play flipped.
            self.objects[slot].flags |= crate::state::object::flags::FLIPPED;
            self.objects[slot].mark_board_input();
        }
        // 217.7b: a card removed face down that goes to a hand or a
        // library stays unseen by the other players.
        let stays_hidden = was_face_down && from == Zone::RemovedFromGame && to.is_hidden();
        if face_down {
            self.objects[slot].flags |= crate::state::object::flags::FACE_DOWN;
            self.objects[slot].mark_board_input();
            self.face_down_seen = true;
        } else if was_face_down && !stays_hidden {
            // 504.6: its owner reveals it as it moves.
            self.emit(Event::FaceDownRevealed {
                player: owner,
                card,
            });
        }
        // 502.21b: a kicked spell's permanent "was kicked" while in play and
        // as last known information once it leaves.
        if kicked != 0
            && (from == Zone::InPlay
                || (from == Zone::Stack && to == Zone::InPlay && reason == MoveReason::Resolve))
        {
            self.objects[slot].flags |= kicked;
        }
        // 504.1: the creature a spell played face down by Illusionary Mask
        // becomes as it resolves.
        if masked != 0 && face_down && from == Zone::Stack && to == Zone::InPlay {
            self.objects[slot].flags |= masked;
        }
        // Played from the hand (409.1a), then resolved into play (413.2i);
        // kept as it leaves play, as last known information for an
        // intervening "if" checked on resolution (404.3).
        if matches!((from, to), (Zone::Hand(_), Zone::Stack))
            || (from_hand
                && (from == Zone::InPlay
                    || (from == Zone::Stack
                        && to == Zone::InPlay
                        && reason == MoveReason::Resolve)))
        {
            self.objects[slot].flags |= crate::state::object::flags::FROM_HAND;
        }
        let new = self.objects[slot].id(slot);
        // 217.1c exception (1), 213.5: an effect that changed the
        // characteristics of an artifact, creature or enchantment spell
        // goes on applying to the permanent it becomes (Chaoslace on a
        // creature spell); on a spell going anywhere else it has nothing
        // left to affect.
        if from == Zone::Stack && self.effects.iter().any(|e| e.affected == id) {
            if to == Zone::InPlay {
                for e in self.effects.iter_mut().filter(|e| e.affected == id) {
                    e.affected = new;
                }
            } else {
                self.effects.retain(|e| e.affected != id);
            }
            self.board.valid = false;
        }
        match to {
            Zone::Library(p) => {
                if bottom {
                    self.players[p.index()].library.insert(0, new)
                } else {
                    self.players[p.index()].library.push(new)
                }
            }
            Zone::Hand(p) => self.players[p.index()].hand.push(new),
            Zone::Graveyard(p) => {
                self.players[p.index()].graveyard.push(new);
                if from == Zone::InPlay {
                    self.objects[slot].flags |= crate::state::object::flags::FROM_PLAY_THIS_TURN;
                }
            }
            Zone::InPlay => {
                // 212.3f: a permanent that just came under a player's control is "sick".
                // 502.19a: echo looks at when it came under this control.
                self.objects[slot].flags |= crate::state::object::flags::SICK;
                self.objects[slot].control_marks =
                    crate::state::object::marks::CONTROL_SINCE_UPKEEP;
                // 503.5: a copy comes into play with the copied abilities;
                // 504.2: a face-down one with none.
                let entering = if face_down {
                    tolaria_cards::db().face_down
                } else {
                    copy.map_or(card, |c| c.card)
                };
                self.objects[slot].flags |=
                    Object::ability_flags(tolaria_cards::db().get(entering))
                        | Object::gained_ability_flags(copy.and_then(|c| c.gains));
                if let Some(c) = copy {
                    let ts = self.stamp();
                    self.effects
                        .push(crate::continuous::effects::ContinuousEffect {
                            timestamp: ts,
                            source_card: card,
                            controller: controller.unwrap_or(owner),
                            affected: new,
                            effect: Default::default(),
                            copy: Some(c),
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
                // 419: "comes into play tapped" modifies how it comes into
                // play (judged once it is in play, below).
                let taps_itself = front_has_static(entering, |s| {
                    matches!(s, tolaria_cards::StaticAbility::ComesIntoPlayTapped)
                });
                if let Some(c) = controller {
                    self.objects[slot].set_base_controller(c);
                }
                // 419.1b: "If you don't [pay 2 life], it comes into play tapped."
                if enters_tapped {
                    self.objects[slot].set_tapped(true);
                }
                // 419.1b: "comes into play with N counters on it".
                for a in &tolaria_cards::db().get(entering).front().abilities {
                    if let tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::ComesIntoPlayWithCounters {
                            kind,
                            amount,
                            from_hand: played,
                        },
                    ) = a
                    {
                        // "if you [didn't] play it from your hand": a spell
                        // played from the hand resolving (409.1a, 413.2i).
                        let resolved_from_hand =
                            from_hand && from == Zone::Stack && reason == MoveReason::Resolve;
                        if played.is_some_and(|p| p != resolved_from_hand) {
                            continue;
                        }
                        self.objects[slot].add_counters(*kind, i32::from(*amount));
                        entered_with.push((*kind, u32::from(*amount)));
                    }
                    // "… a +1/+1 counter on it for each creature card in
                    // your graveyard" (Golgari Grave-Troll): counted as it
                    // comes into play, by its controller.
                    if let tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::ComesIntoPlayWithCountersFor { kind, amount },
                    ) = a
                    {
                        let ctx = crate::state::stack::ResolveCtx::for_source(
                            self,
                            controller.unwrap_or(owner),
                            new,
                        );
                        let n = self.amount(&ctx, amount);
                        if n > 0 {
                            self.objects[slot].add_counters(*kind, n);
                            entered_with.push((*kind, n as u32));
                        }
                    }
                    // "… with X +1/+1 counters on it" (Rock Hydra).
                    if let tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::ComesIntoPlayWithXCounters(kind),
                    ) = a
                    {
                        if x > 0 {
                            let n = x.min(i32::MAX as u32) as i32;
                            self.objects[slot].add_counters(*kind, n);
                            entered_with.push((*kind, x));
                        }
                    }
                    // 502.50a: "If an opponent was dealt damage this turn,
                    // this permanent comes into play with N +1/+1 counters."
                    if let tolaria_cards::Ability::Static(
                        tolaria_cards::StaticAbility::Bloodthirst(n),
                    ) = a
                    {
                        let you = controller.unwrap_or(owner);
                        let bled = self
                            .players
                            .iter()
                            .enumerate()
                            .any(|(i, pl)| i != you.index() && pl.damaged_this_turn);
                        if bled {
                            let kind = tolaria_cards::CounterKind::PlusOnePlusOne;
                            self.objects[slot].add_counters(kind, i32::from(*n));
                            entered_with.push((kind, u32::from(*n)));
                        }
                    }
                }
                // 502.21b, 419.1b: "If [this] was kicked, it comes into play
                // with N +1/+1 counters on it and with [keyword]."
                if kicked != 0 {
                    for a in &tolaria_cards::db().get(entering).front().abilities {
                        if let tolaria_cards::Ability::Static(
                            tolaria_cards::StaticAbility::KickedComesIntoPlayWith {
                                which,
                                counters,
                                keywords,
                                grant,
                            },
                        ) = a
                        {
                            if !crate::state::object::kicked_with(kicked, *which) {
                                continue;
                            }
                            if *counters > 0 {
                                let kind = tolaria_cards::CounterKind::PlusOnePlusOne;
                                self.objects[slot].add_counters(kind, i32::from(*counters));
                                entered_with.push((kind, u32::from(*counters)));
                            }
                            if !keywords.is_empty() || grant.is_some() {
                                let ts = self.stamp();
                                self.effects
                                    .push(crate::continuous::effects::ContinuousEffect {
                                        timestamp: ts,
                                        source_card: card,
                                        controller: controller.unwrap_or(owner),
                                        affected: new,
                                        effect: tolaria_cards::LayerEffect {
                                            grant: *grant,
                                            ..tolaria_cards::LayerEffect::pump(0, 0, *keywords)
                                        },
                                        copy: None,
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
                        }
                    }
                }
                // 419.1c, 419.6i: "[Permanents] come into play tapped" of the
                // permanents already in play (not of itself or of others
                // coming in with it), judged on its copiable values.
                if !self.objects[slot].is_tapped() && self.others_make_it_enter_tapped(new) {
                    self.objects[slot].set_tapped(true);
                }
                if attached.is_some() {
                    self.objects[slot].attached_to = attached;
                }
                self.in_play.push(new);
                // 418.2: effects that change its characteristics apply as
                // it comes into play, so an effect that removes its rules
                // text (Blood Moon, 212.6e; Humility) removes "comes into
                // play tapped" before it applies (Blood Moon's ruling).
                if taps_itself
                    && !(self.may_have_statics() && {
                        let ch = crate::continuous::characteristics::compute(self, new);
                        ch.text_lost || ch.lost_abilities
                    })
                {
                    self.objects[slot].set_tapped(true);
                }
            }
            Zone::RemovedFromGame => self.removed.push(new),
            Zone::Ante => self.ante.push(new),
            Zone::Stack | Zone::Nowhere | Zone::PhasedOut => {}
        }
        let _ = token;
        self.emit(Event::ZoneChange {
            card: if face_down || stays_hidden {
                tolaria_cards::db().face_down
            } else {
                card
            },
            old: id,
            new,
            from,
            to,
            reason,
        });
        if let Some(p) = shuffle {
            self.shuffle_library(p);
        }
        // Oubliette: what phased out "until [this] leaves play" phases in
        // as it leaves.
        if from == Zone::InPlay && self.phased_out.iter().any(|p| p.held_by == Some(id)) {
            self.release_held(id);
        }
        for (kind, amount) in entered_with {
            self.emit(Event::CountersPut {
                obj: new,
                card,
                kind,
                amount,
            });
        }
        if to == Zone::InPlay && !face_down {
            let entering = copy.map_or(card, |c| c.card);
            self.choose_opponent_as_it_enters(new, entering, chosen_player);
            // 419.1b: "As Lich comes into play, you lose life equal to your
            // life total" (the ruling: only as it comes into play under
            // that player's control; a change of control later doesn't).
            if tolaria_cards::db()
                .get(entering)
                .front()
                .has_static(&tolaria_cards::StaticAbility::AsComesIntoPlayLoseAllLife)
            {
                let p = self.objects[new.slot as usize].controller;
                let n = u32::try_from(self.life(p)).unwrap_or(0);
                self.lose_life(p, n);
            }
        }
        Some(new)
    }

    /// 419.1b: "As [this] comes into play, choose an opponent" (Black
    /// Vise): the opponent chosen as it resolved (`chosen`), else, when it
    /// comes into play another way, the next opponent in turn order (the
    /// only one in a two-player game; see ARCHITECTURE.md).
    fn choose_opponent_as_it_enters(
        &mut self,
        new: ObjId,
        entering: tolaria_cards::CardId,
        chosen: Option<PlayerId>,
    ) {
        let chooses = front_has_static(entering, |s| {
            matches!(
                s,
                tolaria_cards::StaticAbility::AsComesIntoPlayChooseOpponent
            )
        });
        if !chooses {
            return;
        }
        let you = self.objects[new.slot as usize].controller;
        let next = self
            .apnap_from(you)
            .find(|&q| self.is_opponent(you, q) && !self.players[q.index()].lost);
        if let Some(q) = chosen.or(next) {
            self.objects[new.slot as usize].chosen_player = Some(q);
            self.emit(Event::OpponentChosen {
                obj: new,
                card: self.objects[new.slot as usize].card,
                player: q,
            });
        }
    }

    /// 217.1c / 306.2: what leaving play ends: combat, attachments to it, its
    /// effects on a locked set of objects.
    fn leave_play_cleanup(&mut self, id: ObjId) {
        if self.combat.is_attacking(id) || self.combat.is_blocking(id) {
            // 404.4c: what it was blocking as it left (Tinder Wall).
            let combat = &mut self.combat;
            // An attacker keeps its blockers the same way (Abu Ja'far's
            // "creatures blocking or blocked by it" as it dies).
            let was = combat
                .blocks
                .iter()
                .filter(|b| b.0 == id || b.1 == id)
                .copied();
            combat.left_play_blocking.extend(was);
            self.combat.remove(id);
        }
        self.effects.retain(|e| {
            e.affected != id && e.until_leaves != Some(id) && e.while_controls != Some(id)
        });
        self.end_while_tapped_effects(id);
    }

    pub fn record_lki(&mut self, id: ObjId) {
        if let Some(o) = self.obj(id) {
            let card = o.card;
            let plus_counters = o.counters_of(tolaria_cards::CounterKind::PlusOnePlusOne) as u16;
            let counters = o.counters;
            let chosen_player = o.chosen_player;
            let attached_to = o.attached_to;
            let ch = crate::continuous::characteristics::compute(self, id);
            self.lki.retain(|l| l.id != id);
            self.lki.push(LastKnown {
                id,
                card,
                controller: ch.controller,
                power: ch.power,
                toughness: ch.toughness,
                ability_card: ch.card,
                ability_face: ch.face,
                was_creature: ch.is_creature(),
                // A token has no printed abilities of the card that made
                // it (its abilities are its keywords, `abilities()`): its
                // leaves-play triggers are none (404.4c).
                lost_abilities: ch.lost_abilities || ch.text_lost || ch.token.is_some(),
                plus_counters,
                converted_mana_cost: ch.converted_mana_cost() as u16,
                colors: ch.colors.0,
                counters,
                chosen_player,
                attached_to,
            });
        }
    }

    /// 413.2f: last known information must outlive the resolution that
    /// recorded it (Angelic Chorus's trigger reads the toughness of a
    /// creature that died while the trigger waited on the stack). Once the
    /// stack is empty and no trigger is pending, nothing can refer to it.
    pub(crate) fn forget_lki_if_idle(&mut self) {
        if self.stack.is_empty() && self.pending_triggers.is_empty() {
            self.lki.clear();
        }
    }

    pub fn last_known(&self, id: ObjId) -> Option<&LastKnown> {
        self.lki.iter().rev().find(|l| l.id == id)
    }

    /// 413.2f: for a card that left play (a new object, 217.1c), the last
    /// known information of the permanent it was just before: the object
    /// of the previous generation of its slot, if that left play.
    pub fn last_known_previous(&self, id: ObjId) -> Option<&LastKnown> {
        let gen = id.gen.checked_sub(1)?;
        self.last_known(ObjId { slot: id.slot, gen })
    }
}

/// How an object moves (`Game::relocate`).
#[derive(Clone, Copy, Default)]
pub(crate) struct MoveOpts {
    /// To the bottom of a library.
    bottom: bool,
    /// Comes into play under this player's control (413.2i).
    controller: Option<PlayerId>,
    /// Comes into play as a copy (503, Clone).
    copy: Option<crate::continuous::effects::Copiable>,
    /// 502.26b: turned face down as it moves (a card played face down).
    face_down: bool,
    /// 510.3: comes into play flipped ("return it to play flipped").
    flipped: bool,
    /// 419.1b: the opponent chosen for "As [this] comes into play, choose
    /// an opponent" (`None`: the next opponent in turn order).
    chosen_player: Option<PlayerId>,
    /// 409.1b: the X announced for the spell that resolved into it ("comes
    /// into play with X +1/+1 counters"); 0 otherwise (202.3).
    x: u32,
    /// 419.6, 419.1b: the choices of how it comes into play ("sacrifice a
    /// Forest instead", "you may pay 2 life") were made already, by the
    /// land play or the resolution that puts it into play; `Some(true)`:
    /// it comes into play tapped (the life wasn't paid).
    entered: Option<bool>,
    /// 212.4: an Aura spell resolving comes into play attached to what it
    /// targets, so its comes-into-play abilities see what it enchants
    /// (Earthbind's "if enchanted creature has flying", 404.3).
    attached: Option<crate::Target>,
}

/// Whether the front face of the card entering play has a static ability
/// `f` accepts (how it comes into play, 419.1b, 419.6).
fn front_has_static(
    entering: tolaria_cards::CardId,
    f: impl Fn(&tolaria_cards::StaticAbility) -> bool,
) -> bool {
    tolaria_cards::db()
        .get(entering)
        .front()
        .abilities
        .iter()
        .any(|a| matches!(a, tolaria_cards::Ability::Static(s) if f(s)))
}
