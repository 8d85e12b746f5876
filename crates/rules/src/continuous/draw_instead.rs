//! What replaces a draw (419.1a), for the draw replacements whose
//! instructions are more than a skip (`continuous/draw_replacement.rs`
//! finds which effect applies): Tomorrow, Azami's Familiar, Forbidden
//! Crypt, Enduring Renewal, Pursuit of Knowledge, Zur's Weirding,
//! Breathstealer's Crypt, Chains of Mephistopheles, Island Sanctuary, the
//! Words of Onslaught and Aladdin's Lamp.
//!
//! Their choices come up in the middle of a draw (an effect's, or the draw
//! step's turn-based action), so each is a replayed choice
//! (`Game::replay_choice`, a `ChooseOption`). A draw an instruction makes
//! ("Otherwise, draw a card", "they draw a card") goes back through
//! `Game::draw_replaced` with the effects already applied (419.6a): the
//! other replacement effects may apply to it, that one not.

use crate::continuous::draw_replacement::DrawUsed;
use crate::state::event::DrawReason;
use crate::state::stack::ResolveCtx;
use crate::{DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::DelayedEffect;
use tolaria_cards::{CardType, Effect};

impl Game {
    /// `p` chooses one of `cards` (named in the options) with `prompt`.
    fn choose_card_named(&mut self, p: PlayerId, prompt: String, cards: &[ObjId]) -> ObjId {
        if cards.len() == 1 {
            return cards[0];
        }
        let options = cards
            .iter()
            .map(|o| self.objects[o.slot as usize].def().name.clone())
            .collect();
        let n = cards.len();
        let i = self.replay_choice(p, DecisionKind::ChooseOption { prompt, options }, n);
        cards[i.min(n - 1)]
    }

    /// "look at the top N cards of your library instead. Put one of those
    /// cards into your hand and the rest on the bottom of your library in
    /// any order." (Tomorrow, Azami's Familiar; 217.2b, 217.2d)
    pub(crate) fn look_at_top_one_to_hand(&mut self, p: PlayerId, n: u8) {
        let lib = &self.player(p).library;
        let top: Vec<ObjId> = lib.iter().rev().take(usize::from(n)).copied().collect();
        if top.is_empty() {
            return;
        }
        let pick = self.choose_card_named(
            p,
            format!("{p} puts one of the cards looked at into their hand"),
            &top,
        );
        self.move_to(pick, Zone::Hand(p), MoveReason::Effect);
        let rest: Vec<ObjId> = top.into_iter().filter(|&o| o != pick).collect();
        self.revealed_to_bottom(p, rest);
    }

    /// "return a card from your graveyard to your hand instead. If you
    /// can't, you lose the game." (Forbidden Crypt)
    pub(crate) fn graveyard_card_or_lose(&mut self, p: PlayerId) {
        let yard = self.player(p).graveyard.clone();
        if yard.is_empty() {
            self.player_loses(p, crate::LossReason::Effect);
            self.check_game_over();
            return;
        }
        let pick = self.choose_card_named(
            p,
            format!("{p} returns a card from their graveyard to their hand"),
            &yard,
        );
        self.move_to(pick, Zone::Hand(p), MoveReason::Effect);
    }

    /// The top card of `p`'s library, revealed (217.2d: it stays there).
    fn reveal_top(&mut self, p: PlayerId) -> Option<ObjId> {
        let top = self.player(p).library.last().copied()?;
        let card = self.objects[top.slot as usize].card;
        self.emit(Event::Revealed {
            player: p,
            cards: vec![card],
        });
        Some(top)
    }

    fn is_creature_card(&self, o: ObjId) -> bool {
        self.objects[o.slot as usize]
            .def()
            .front()
            .types
            .contains(CardType::Creature)
    }

    /// "reveal the top card of your library instead. If it's a creature
    /// card, put it into your graveyard. Otherwise, draw a card."
    /// (Enduring Renewal) With an empty library nothing is revealed, which
    /// is not a creature card: the player draws (from the empty library).
    pub(crate) fn reveal_top_creature_to_graveyard(
        &mut self,
        p: PlayerId,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        match self.reveal_top(p) {
            Some(top) if self.is_creature_card(top) => {
                self.move_to(top, Zone::Graveyard(p), MoveReason::Effect);
            }
            _ => self.draw_replaced(p, why, used),
        }
    }

    /// "they reveal it instead. Then any other player may pay N life. If a
    /// player does, put that card into its owner's graveyard. Otherwise,
    /// that player draws a card." (Zur's Weirding) The other players are
    /// asked in turn order from the drawing player's left; the first who
    /// pays ends the asking (a player with less life than N can't pay,
    /// 409.1f … as for any life payment). With an empty library nothing is
    /// revealed and the player draws (from the empty library).
    pub(crate) fn reveal_others_may_pay(
        &mut self,
        p: PlayerId,
        n: u32,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        let Some(top) = self.reveal_top(p) else {
            self.draw_replaced(p, why, used);
            return;
        };
        let name = self.objects[top.slot as usize].def().name.clone();
        let count = self.players.len();
        for k in 1..count {
            let q = PlayerId(((p.index() + k) % count) as u8);
            if self.player(q).lost || self.player(q).left_game || self.life(q) < n as i32 {
                continue;
            }
            let pays = self.replay_choice(
                q,
                DecisionKind::ChooseOption {
                    prompt: format!(
                        "{q} may pay {n} life to put {name} into its owner's graveyard"
                    ),
                    options: vec!["don't pay".into(), format!("pay {n} life")],
                },
                2,
            ) == 1;
            if pays {
                self.lose_life(q, n);
                let owner = self.objects[top.slot as usize].owner;
                self.move_to(top, Zone::Graveyard(owner), MoveReason::Effect);
                return;
            }
        }
        self.draw_replaced(p, why, used);
    }

    /// "instead they draw a card and reveal it. If it's a creature card,
    /// that player discards it unless they pay N life." (Breathstealer's
    /// Crypt)
    pub(crate) fn draw_reveal_creature_discard(
        &mut self,
        p: PlayerId,
        n: u32,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        let before = self.player(p).last_drawn;
        self.draw_replaced(p, why, used);
        let drawn = self.player(p).last_drawn;
        let Some(card) = drawn.filter(|&c| Some(c) != before && self.obj(c).is_some()) else {
            return;
        };
        if self.zone_of(card) != Some(Zone::Hand(p)) {
            return;
        }
        let c = self.objects[card.slot as usize].card;
        self.emit(Event::Revealed {
            player: p,
            cards: vec![c],
        });
        if !self.is_creature_card(card) {
            return;
        }
        let pays = self.life(p) >= n as i32
            && self.replay_choice(
                p,
                DecisionKind::ChooseOption {
                    prompt: format!(
                        "{p} discards the creature card drawn unless they pay {n} life"
                    ),
                    options: vec!["discard it".into(), format!("pay {n} life")],
                },
                2,
            ) == 1;
        if pays {
            self.lose_life(p, n);
        } else {
            self.discard_card(card);
        }
    }

    /// "that player discards a card instead. If the player discards a card
    /// this way, they draw a card. If the player doesn't discard a card
    /// this way, they mill a card." (Chains of Mephistopheles) The card
    /// drawn is a draw Chains has already replaced (419.6a); another
    /// Chains may replace it.
    pub(crate) fn discard_then_draw_or_mill(
        &mut self,
        p: PlayerId,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        let hand = self.player(p).hand.clone();
        if hand.is_empty() {
            if let Some(top) = self.player(p).library.last().copied() {
                self.move_to(top, Zone::Graveyard(p), MoveReason::Effect);
            }
            return;
        }
        let card = self.choose_card_named(p, format!("{p} discards a card"), &hand);
        self.discard_card(card);
        self.draw_replaced(p, why, used);
    }

    /// "If you do, until your next turn, you can't be attacked except by
    /// creatures with flying and/or islandwalk." (Island Sanctuary): kept
    /// on the player until their next turn begins (`Game::sanctuaries`,
    /// read by `can_attack_player`).
    pub(crate) fn sanctuary(&mut self, p: PlayerId) {
        if !self.sanctuaries.contains(&p) {
            self.sanctuaries.push(p);
        }
    }

    /// "instead look at the top X cards of your library, put all but one of
    /// them on the bottom of your library in a random order, then draw a
    /// card." (Aladdin's Lamp) The card kept stays on top; the draw is one
    /// the Lamp's effect has replaced (419.6a).
    pub(crate) fn lamp_instead(
        &mut self,
        p: PlayerId,
        x: u32,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        let top: Vec<ObjId> = self
            .player(p)
            .library
            .iter()
            .rev()
            .take(x as usize)
            .copied()
            .collect();
        if top.len() > 1 {
            let keep = self.choose_card_named(
                p,
                format!("{p} keeps one of the cards looked at on top of their library"),
                &top,
            );
            let mut rest: Vec<ObjId> = top.into_iter().filter(|&o| o != keep).collect();
            // "in a random order".
            for i in (1..rest.len()).rev() {
                let j = self.rng.below(i + 1);
                rest.swap(i, j);
            }
            let n = rest.len() as u32;
            for (below, o) in rest.into_iter().enumerate() {
                self.put_at_bottom(p, o, below);
            }
            self.emit(Event::LibraryArranged {
                player: p,
                top: 0,
                bottom: n,
            });
        }
        self.draw_replaced(p, why, used);
    }

    /// "The next time you would draw a card this turn, [instructions]
    /// instead." (the Words): the instructions of the ability that made the
    /// rule, with its context. A discard or a return of a permanent asks
    /// each player in turn order (a replayed choice, 413.2d); the others
    /// need no choice.
    pub(crate) fn rule_effects_instead(&mut self, ctx: &ResolveCtx, effects: &[Effect]) {
        // The card's own instructions (tokens are found by identity in
        // the card's definition, `TokenSource::find`).
        let def = tolaria_cards::db().get(ctx.source_card);
        let mut own: Option<&'static [Effect]> = None;
        // The printed faces, and those a text change rewrote (418.6).
        let bent = tolaria_cards::text_change::bent_faces(ctx.source_card);
        for face in def.faces.iter().chain(bent.into_iter().map(|(_, f)| f)) {
            for a in &face.abilities {
                if let tolaria_cards::Ability::Activated(a) = a {
                    for e in &a.effects {
                        if let Effect::Delayed(DelayedEffect::NextDrawInstead { effects: list }) = e
                        {
                            if list.as_slice() == effects {
                                own = Some(list.as_slice());
                            }
                        }
                    }
                }
            }
        }
        let Some(effects) = own else {
            return;
        };
        for e in effects {
            match e {
                Effect::Discard {
                    who,
                    amount,
                    random: false,
                } => {
                    let n = self.amount(ctx, amount).max(0);
                    for q in self.players_of(ctx, who) {
                        // 600.4a: a player who has left the game does nothing.
                        if self.player(q).lost || self.player(q).left_game {
                            continue;
                        }
                        for _ in 0..n {
                            let hand = self.player(q).hand.clone();
                            if hand.is_empty() {
                                break;
                            }
                            let card =
                                self.choose_card_named(q, format!("{q} discards a card"), &hand);
                            self.discard_card(card);
                        }
                    }
                }
                Effect::ReturnChosen { who, filter } => {
                    for q in self.players_of(ctx, who) {
                        // 600.4a: a player who has left the game does nothing.
                        if self.player(q).lost || self.player(q).left_game {
                            continue;
                        }
                        let mine: Vec<ObjId> = self
                            .controlled_by(q)
                            .filter(|&o| {
                                crate::continuous::filter::matches(self, filter, o, None, q)
                            })
                            .collect();
                        if mine.is_empty() {
                            continue;
                        }
                        let o = self.choose_card_named(
                            q,
                            format!("{q} returns a permanent they control to its owner's hand"),
                            &mine,
                        );
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Hand(owner), MoveReason::Effect);
                    }
                }
                _ => self.exec_effect(ctx, e),
            }
        }
    }
}
