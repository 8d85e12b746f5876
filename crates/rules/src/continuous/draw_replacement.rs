//! Replacement effects on drawing a card (419.1a): "if [player] would draw
//! a card, instead …" (Plagiarize). A draw that is replaced is not drawn;
//! the draw that replaces it is a modified event, to which each effect
//! that already applied can't apply again (419.6a), so two Plagiarizes
//! aimed at each other end with a draw rather than a loop.
//!
//! Static abilities "If you would draw a card, [you may] instead …"
//! (Abundance, Obstinate Familiar; `StaticAbility::DrawReplacement`) apply
//! to their controller's draws. Whether an optional one applies is the
//! affected player's choice as the draw would happen (419.9a), and what
//! replaces the draw may ask more (land or nonland, the order of cards put
//! on the bottom): those choices come up in the middle of an effect or of
//! the draw step's turn-based action, so they are replayed choices
//! (`Game::replay_choice`, `ReplayUnit::DrawStep`), asked with a
//! `ChooseOption` decision.
//!
//! Dredge (502.47a) is such a replacement too, of a card in the drawing
//! player's graveyard rather than a permanent: it is offered with the
//! others in the same decision, so the player picks one of the dredge
//! cards (or Abundance) or draws normally.

use crate::state::event::DrawReason;
use crate::{DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, CardType, DrawInstead, DrawWhen, StaticAbility};

/// One "until end of turn, if `player` would draw a card, instead that
/// player skips that draw and `controller` draws a card" effect; these
/// end in the cleanup step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawRule {
    /// The card whose effect this is.
    pub card: CardId,
    /// Who draws instead.
    pub controller: PlayerId,
    /// Whose draws are replaced.
    pub player: PlayerId,
    /// "The next time you would draw a card this turn, instead put a card
    /// you own from outside the game into your hand" (Ring of Ma'rûf):
    /// used once, and `player` chooses a card from outside the game
    /// rather than anyone drawing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_outside: bool,
    /// "The next time you would draw a card this turn, instead put the top
    /// card of the removed pile into its owner's hand" (Mangara's Tome):
    /// used once; the pile is the cards this object removed (217.7d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_removed: Option<ObjId>,
    /// "The next time you would draw a card this turn, [instructions]
    /// instead." (the Words of Onslaught): used once; the instructions run
    /// with the context of the ability that made the rule (its controller,
    /// source and targets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instead: Option<(crate::state::stack::ResolveCtx, Vec<tolaria_cards::Effect>)>,
    /// "The next time you would draw a card this turn, instead look at the
    /// top X cards of your library, put all but one of them on the bottom
    /// of your library in a random order, then draw a card." (Aladdin's
    /// Lamp): used once, with X.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look_at_top: Option<u32>,
}

impl Game {
    /// 423.1 with 419.1a: `p` draws a card, unless replacement effects
    /// replace the draw.
    pub fn draw_for(&mut self, p: PlayerId, why: DrawReason) {
        if self.draw_rules.is_empty() && !self.may_have_statics() && !self.dredge_in_graveyard(p) {
            self.draw_card(p, why);
            return;
        }
        let mut used = DrawUsed::default();
        self.draw_replaced(p, why, &mut used);
    }

    /// 419.1a, 419.9a: the draw of `drawer`, with the replacement effects
    /// that apply to it. 419.6a: each effect applies at most once to the
    /// event and the events that replace it (`used`), so the draw a
    /// replacement makes ("… Otherwise, draw a card", Chains of
    /// Mephistopheles's "they draw a card") is a draw the other effects may
    /// still replace, but not that one. 419.9a: of several that apply, the
    /// affected player (the drawing player) chooses one; it applies, and
    /// the event it gives is checked again.
    pub(crate) fn draw_replaced(&mut self, p: PlayerId, why: DrawReason, used: &mut DrawUsed) {
        let mut drawer = p;
        loop {
            // 600.4a: a player who has left the game (lost it during this
            // draw's replacement: Forbidden Crypt) draws no more and is
            // asked nothing.
            if self.player(drawer).lost || self.player(drawer).left_game {
                return;
            }
            let mut found: Vec<DrawCandidate> = Vec::new();
            self.static_draw_candidates(drawer, why, used, &mut found);
            if !used.dredge {
                self.dredge_candidates(drawer, &mut found);
            }
            for (i, r) in self.draw_rules.iter().enumerate() {
                // Two equal rules (two activations of Mangara's Tome) are
                // one choice: the first of them is offered.
                let same = found
                    .iter()
                    .any(|c| matches!(c, DrawCandidate::Rule(j) if self.draw_rules[*j] == *r));
                if r.player == drawer && used.rules & (1 << i.min(63)) == 0 && !same {
                    found.push(DrawCandidate::Rule(i));
                }
            }
            if found.is_empty() {
                self.draw_card(drawer, why);
                return;
            }
            let Some(pick) = self.choose_draw_replacement(drawer, &found) else {
                self.draw_card(drawer, why);
                return;
            };
            match found[pick] {
                DrawCandidate::Static(src, _, instead) => {
                    used.statics.push(src);
                    let card = self.objects[src.slot as usize].card;
                    self.emit(Event::DrawReplacedByStatic {
                        player: drawer,
                        card,
                    });
                    self.draw_instead(drawer, src, instead, why, used);
                    return;
                }
                DrawCandidate::Dredge(o, n) => {
                    self.dredge(drawer, o, n);
                    return;
                }
                DrawCandidate::Rule(i) => {
                    used.rules |= 1 << i.min(63);
                    let rule = self.draw_rules[i].clone();
                    if rule.from_outside
                        || rule.from_removed.is_some()
                        || rule.instead.is_some()
                        || rule.look_at_top.is_some()
                    {
                        // "The next time": the rule is used up (419.1a).
                        self.draw_rules.remove(i);
                        self.emit(Event::DrawReplacedByStatic {
                            player: drawer,
                            card: rule.card,
                        });
                        if let Some(x) = rule.look_at_top {
                            self.lamp_instead(drawer, x, why, used);
                        } else if let Some((ctx, effects)) = rule.instead {
                            self.rule_effects_instead(&ctx, &effects);
                        } else {
                            match rule.from_removed {
                                Some(source) => self.top_of_removed_pile_to_hand(source),
                                None => self.card_from_outside_instead(drawer),
                            }
                        }
                        return;
                    }
                    self.emit(Event::DrawReplaced {
                        player: drawer,
                        by_card: rule.card,
                        instead: rule.controller,
                    });
                    drawer = rule.controller;
                }
            }
        }
    }

    /// 419.1a: the static "If you would draw a card, [you may] instead …"
    /// of the permanents in play that apply to `p`'s draw (`why`) and
    /// haven't applied to it yet (419.6a).
    fn static_draw_candidates(
        &self,
        p: PlayerId,
        why: DrawReason,
        used: &DrawUsed,
        found: &mut Vec<DrawCandidate>,
    ) {
        self.any_static_in_play(|s, src, controller| {
            if let StaticAbility::DrawReplacement {
                optional,
                instead,
                each_player,
                when,
            } = s
            {
                let applies = match when {
                    DrawWhen::Any => true,
                    // "during your draw step": the draw step's draw is the
                    // active player's (304.1).
                    DrawWhen::DrawStep => self.step == tolaria_cards::Step::Draw,
                    // "except the first one they draw in each of their draw
                    // steps": the turn-based draw (304.1) is that one.
                    DrawWhen::ExceptFirstInDrawStep => why != DrawReason::DrawStep,
                };
                let whose = if *when == DrawWhen::DrawStep {
                    controller == p && self.active == p
                } else {
                    controller == p || *each_player
                };
                // Two permanents with the same replacement that doesn't
                // involve its source (two Chains of Mephistopheles) are one
                // choice: the order among them changes nothing.
                let same = !matches!(
                    instead,
                    DrawInstead::RemoveOpponentsTop
                        | DrawInstead::TopOfRemovedPile
                        | DrawInstead::CounterOnThis(_)
                ) && found.iter().any(|c| {
                    matches!(c, DrawCandidate::Static(o, opt, i)
                        if *opt == *optional && *i == *instead
                            && self.objects[o.slot as usize].card == self.objects[src.slot as usize].card)
                });
                if applies && whose && !same && !used.statics.contains(&src) {
                    found.push(DrawCandidate::Static(src, *optional, *instead));
                }
            }
            false
        });
    }

    /// 419.9a: the affected player chooses which of the effects `found`
    /// applies, or, all of them being optional, to draw the card (`None`):
    /// one decision, asked only if there is a choice.
    fn choose_draw_replacement(&mut self, p: PlayerId, found: &[DrawCandidate]) -> Option<usize> {
        let all_optional = found.iter().all(|c| match c {
            DrawCandidate::Static(_, optional, _) => *optional,
            DrawCandidate::Dredge(..) => true,
            DrawCandidate::Rule(_) => false,
        });
        if found.len() == 1 && !all_optional {
            return Some(0);
        }
        let describe = |g: &Game, c: &DrawCandidate| match *c {
            DrawCandidate::Static(src, ..) => crate::continuous::characteristics::compute(g, src)
                .name()
                .to_string(),
            DrawCandidate::Dredge(o, n) => {
                format!("dredge {n}: {}", g.objects[o.slot as usize].def().name)
            }
            DrawCandidate::Rule(i) => tolaria_cards::db().get(g.draw_rules[i].card).name.clone(),
        };
        let prompt = match found {
            [DrawCandidate::Static(..)] => format!(
                "{p} would draw a card: apply {}'s effect instead?",
                describe(self, &found[0])
            ),
            _ => format!("{p} would draw a card: choose a replacement effect to apply (419.9a)"),
        };
        let mut options: Vec<String> = Vec::with_capacity(found.len() + 1);
        if all_optional {
            options.push("draw the card".into());
        }
        options.extend(
            found
                .iter()
                .map(|c| format!("{} instead", describe(self, c))),
        );
        let n = options.len();
        let pick = self.replay_choice(p, DecisionKind::ChooseOption { prompt, options }, n);
        if all_optional {
            if pick == 0 {
                return None;
            }
            Some((pick - 1).min(found.len() - 1))
        } else {
            Some(pick.min(found.len() - 1))
        }
    }

    /// What a static draw replacement of `src` does instead of `p`'s draw.
    fn draw_instead(
        &mut self,
        p: PlayerId,
        src: ObjId,
        instead: DrawInstead,
        why: DrawReason,
        used: &mut DrawUsed,
    ) {
        match instead {
            DrawInstead::Skip => {}
            DrawInstead::RevealUntilLandOrNonland => self.reveal_until_land_or_nonland(p),
            DrawInstead::RemoveOpponentsTop => self.remove_opponents_top(p, src),
            DrawInstead::TopOfRemovedPile => self.top_of_removed_pile_to_hand(src),
            DrawInstead::LookAtTopPutOneInHand(n) => self.look_at_top_one_to_hand(p, n),
            DrawInstead::ReturnFromGraveyardOrLose => self.graveyard_card_or_lose(p),
            DrawInstead::RevealTopCreatureToGraveyard => {
                self.reveal_top_creature_to_graveyard(p, why, used)
            }
            DrawInstead::CounterOnThis(kind) => {
                let ctx = crate::state::stack::ResolveCtx::for_source(self, p, src);
                self.change_counters(&ctx, &tolaria_cards::ObjectRef::This, kind, 1);
            }
            DrawInstead::RevealOthersMayPayLife(n) => self.reveal_others_may_pay(p, n, why, used),
            DrawInstead::DrawRevealCreatureDiscardUnlessLife(n) => {
                self.draw_reveal_creature_discard(p, n, why, used)
            }
            DrawInstead::DiscardThenDrawOrMill => self.discard_then_draw_or_mill(p, why, used),
            DrawInstead::SkipSanctuary => self.sanctuary(p),
        }
    }

    /// Ring of Ma'rûf: `p` puts a card they own from outside the game
    /// (217.1e) into their hand instead of drawing: a choice in the middle
    /// of the draw, so a replayed `ChooseOption` of the cards' names (with
    /// none outside, nothing happens).
    fn card_from_outside_instead(&mut self, p: PlayerId) {
        let outside = self.player(p).outside.clone();
        if outside.is_empty() {
            return;
        }
        let options: Vec<String> = outside
            .iter()
            .map(|&c| tolaria_cards::db().get(c).name.clone())
            .collect();
        let n = options.len();
        let i = self.replay_choice(
            p,
            DecisionKind::ChooseOption {
                prompt: format!("{p} chooses a card from outside the game to put into their hand"),
                options,
            },
            n,
        );
        let card = self.players[p.index()].outside.remove(i.min(n - 1));
        let id = self.create_card(card, p, Zone::Hand(p));
        self.note_brought_from_outside(id);
        self.emit(Event::FromOutsideTheGame {
            player: p,
            card,
            removed: false,
            into_library: false,
        });
    }

    /// Mangara's Tome, Parallel Thoughts: the top card of the pile `source` removed face down
    /// (the last of its linked cards still removed, `Game::removals` order)
    /// goes to its owner's hand; with none left the draw is replaced by
    /// nothing (its ruling).
    fn top_of_removed_pile_to_hand(&mut self, source: ObjId) {
        let top = self
            .removals
            .iter()
            .rev()
            .find(|(c, m)| m.by == source && self.zone_of(*c) == Some(Zone::RemovedFromGame))
            .map(|(c, _)| *c);
        if let Some(c) = top {
            let owner = self.objects[c.slot as usize].owner;
            self.move_to(c, Zone::Hand(owner), MoveReason::Effect);
        }
    }

    /// Shared Fate: instead of drawing, `p` removes the top card of an
    /// opponent's library from the game face down (217.7b), linked to
    /// `src` (217.7d) with `p` as its remover, whom `src`'s other ability
    /// lets look at it and play it. Of several opponents `p` chooses one
    /// (a replayed choice); an empty library gives nothing, and `p` still
    /// doesn't draw (its ruling: the replacement isn't optional).
    fn remove_opponents_top(&mut self, p: PlayerId, src: ObjId) {
        let opponents: Vec<PlayerId> = self.opponents(p).collect();
        let q = match opponents.len() {
            0 => return,
            1 => opponents[0],
            n => {
                let options = opponents
                    .iter()
                    .map(|&q| format!("{} ({q})", self.player(q).name))
                    .collect();
                let i = self.replay_choice(
                    p,
                    DecisionKind::ChooseOption {
                        prompt: format!("{p} removes the top card of an opponent's library"),
                        options,
                    },
                    n,
                );
                opponents[i.min(n - 1)]
            }
        };
        let Some(&top) = self.player(q).library.last() else {
            return;
        };
        let batch = self.stamp();
        if let Some(new) =
            self.move_face_down(top, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
        {
            self.removals.push((
                new,
                crate::state::object::Removal {
                    remover: Some(p),
                    ..crate::state::object::Removal::new(src, batch, 0)
                },
            ));
        }
    }

    /// Abundance: "choose land or nonland and reveal cards from the top of
    /// your library until you reveal a card of the chosen kind. Put that
    /// card into your hand and put all other cards revealed this way on the
    /// bottom of your library in any order." Revealing moves nothing (the
    /// cards stay in the library, 217.1b); with no card of the kind, every
    /// card is revealed and goes to the bottom. The order is chosen from the
    /// bottom up (217.2d), as for cards looked at.
    fn reveal_until_land_or_nonland(&mut self, p: PlayerId) {
        let land = self.replay_choice(
            p,
            DecisionKind::ChooseOption {
                prompt: format!("{p} chooses land or nonland"),
                options: vec!["land".into(), "nonland".into()],
            },
            2,
        ) == 0;
        self.emit(Event::ChoseLandOrNonland { player: p, land });
        let mut revealed = Vec::new();
        let mut found = None;
        for &o in self.player(p).library.iter().rev() {
            revealed.push(o);
            let is_land = self.objects[o.slot as usize]
                .def()
                .front()
                .types
                .contains(CardType::Land);
            if is_land == land {
                found = Some(o);
                break;
            }
        }
        let cards = revealed
            .iter()
            .map(|o| self.objects[o.slot as usize].card)
            .collect();
        self.emit(Event::Revealed { player: p, cards });
        if let Some(o) = found {
            self.move_to(o, Zone::Hand(p), MoveReason::Effect);
        }
        let rest: Vec<ObjId> = revealed.into_iter().filter(|&o| Some(o) != found).collect();
        self.revealed_to_bottom(p, rest);
    }
}

/// A replacement effect that may replace a draw (419.1a).
#[derive(Clone, Copy)]
enum DrawCandidate {
    /// A permanent's static ability: its source, whether it is optional,
    /// and what it does instead.
    Static(ObjId, bool, DrawInstead),
    /// 502.47a: a card with dredge N in the drawing player's graveyard.
    Dredge(ObjId, u8),
    /// A resolved spell's or ability's effect (`Game::draw_rules`), by index.
    Rule(usize),
}

/// The replacement effects that already applied to a draw and the draws
/// that replaced it (419.6a).
#[derive(Default)]
pub(crate) struct DrawUsed {
    /// The permanents whose static draw replacement applied.
    pub(crate) statics: Vec<ObjId>,
    /// Bit i: `Game::draw_rules[i]` applied.
    pub(crate) rules: u64,
    /// A dredge ability applied (the draw it replaced is gone).
    pub(crate) dredge: bool,
}

impl Game {
    /// 502.47a: whether `p`'s graveyard holds a card with dredge (whatever
    /// the size of the library); a quick test before the full search.
    pub(crate) fn dredge_in_graveyard(&self, p: PlayerId) -> bool {
        self.player(p)
            .graveyard
            .iter()
            .any(|o| self.objects[o.slot as usize].def().front().dredge > 0)
    }

    /// 502.47a–b: the dredge abilities that can replace `p`'s draw now:
    /// those of the cards in `p`'s graveyard whose N is at most the number
    /// of cards in `p`'s library, unless abilities of cards in graveyards
    /// don't function (Yixlid Jailer, 402.8h).
    fn dredge_candidates(&self, p: PlayerId, found: &mut Vec<DrawCandidate>) {
        if !self.dredge_in_graveyard(p) || !self.graveyard_abilities_function() {
            return;
        }
        let library = self.player(p).library.len();
        for &o in &self.player(p).graveyard {
            let n = self.objects[o.slot as usize].def().front().dredge;
            if n > 0 && usize::from(n) <= library {
                found.push(DrawCandidate::Dredge(o, n));
            }
        }
    }

    /// 502.47a: instead of drawing, `p` puts the top `n` cards of their
    /// library into their graveyard and returns `card` from their
    /// graveyard to their hand.
    fn dredge(&mut self, p: PlayerId, card: ObjId, n: u8) {
        let c = self.objects[card.slot as usize].card;
        self.emit(Event::Dredged {
            player: p,
            card: c,
            n,
        });
        for _ in 0..n {
            let Some(top) = self.player(p).library.last().copied() else {
                break;
            };
            self.move_to(top, Zone::Graveyard(p), MoveReason::Effect);
        }
        self.move_to(card, Zone::Hand(p), MoveReason::Effect);
    }

    /// 217.2d: revealed cards go to the bottom of `p`'s library in the
    /// order `p` chooses, from the bottom up (a replayed choice, so it can
    /// be asked in the middle of an effect or a turn-based action).
    pub(crate) fn revealed_to_bottom(&mut self, p: PlayerId, mut rest: Vec<ObjId>) {
        let n = rest.len() as u32;
        let mut below = 0;
        while !rest.is_empty() {
            let i = if rest.len() == 1 {
                0
            } else {
                let options = rest
                    .iter()
                    .map(|o| self.objects[o.slot as usize].def().name.clone())
                    .collect();
                self.replay_choice(
                    p,
                    DecisionKind::ChooseOption {
                        prompt: format!(
                            "{p} puts a revealed card on the bottom of their library (from the bottom up)"
                        ),
                        options,
                    },
                    rest.len(),
                )
            };
            let o = rest.remove(i.min(rest.len() - 1));
            self.put_at_bottom(p, o, below);
            below += 1;
        }
        if n > 0 {
            self.emit(Event::LibraryArranged {
                player: p,
                top: 0,
                bottom: n,
            });
        }
    }
}
