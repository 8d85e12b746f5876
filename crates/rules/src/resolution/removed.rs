//! Cards removed from the game face down (217.7b) and the abilities linked
//! to them (217.7d): removing a hand or the top of a library face down,
//! who may look at such a card, and the cards "those cards" and "cards
//! removed from the game with [this]" name.
//!
//! Each removal records for the card (`object::Removal`, in
//! `Game::removals`) the object that
//! removed it (the spell, or the ability's source: 217.7d's link), the
//! resolution that did (a batch number, so a delayed ability returns
//! exactly "those cards", 404.4) and the players allowed to look at it.
//! Everything is cleared as the card leaves the zone (217.1c: a new
//! object).

use crate::state::object::Removal;
use crate::state::stack::ResolveCtx;
use crate::{Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Effect, FaceDownFrom, RemovedCards, RemovedPlayWindow};

impl Game {
    /// Runs the effects of this file; false if `e` is not one of them.
    pub(crate) fn exec_removed_effect(&mut self, ctx: &ResolveCtx, e: &Effect) -> bool {
        match e {
            Effect::RemoveFaceDown { who, from, look } => {
                let batch = self.removal_batch();
                let lookers = if *look {
                    1u64 << ctx.controller.index()
                } else {
                    0
                };
                for p in self.players_of(ctx, who) {
                    let cards: Vec<ObjId> = match from {
                        FaceDownFrom::Hand => self.player(p).hand.clone(),
                        FaceDownFrom::LibraryTop(n) => {
                            let n = usize::from(*n);
                            // 217.2: the top card is the last of the list.
                            self.player(p)
                                .library
                                .iter()
                                .rev()
                                .take(n)
                                .copied()
                                .collect()
                        }
                    };
                    for c in cards {
                        self.remove_face_down_as(ctx, c, batch, lookers);
                    }
                }
            }
            // 217.7d: "Turn the exiled card face up. If it's a creature
            // card, put it into play under your control." (Summoner's Egg)
            Effect::TurnRemovedFaceUp {
                what,
                creature_into_play,
            } => {
                for o in self.objects_of(ctx, what) {
                    let Some(obj) = self.obj_mut(o) else { continue };
                    obj.flags &= !crate::state::object::flags::FACE_DOWN;
                    obj.mark_board_input();
                    let (owner, card) = (obj.owner, obj.card);
                    self.emit(crate::Event::FaceDownRevealed {
                        player: owner,
                        card,
                    });
                    let creature = tolaria_cards::db()
                        .get(card)
                        .front()
                        .types
                        .contains(tolaria_cards::CardType::Creature);
                    if *creature_into_play && creature {
                        self.put_in_play(o, ctx.controller, false);
                    }
                }
            }
            // "Until your next turn, you may play those cards."
            // "You may play that card without paying its mana cost as long
            // as CARDNAME remains in play." (Intet, the Dreamer)
            Effect::MayPlayRemoved { what, window, free } => {
                for o in self.objects_of(ctx, what) {
                    if let Some(m) = self.removal_mut(o) {
                        m.players |= 1u64 << ctx.controller.index();
                        m.window = *window;
                        m.free = *free;
                    }
                }
            }
            // Elkin Bottle: the top card, removed face up and linked to
            // the source (217.7d), playable by the controller until their
            // next turn (`RemovedPlayWindow::UntilYourNextTurn`).
            Effect::RemoveTopMayPlay => {
                let p = ctx.controller;
                let Some(top) = self.player(p).library.last().copied() else {
                    return true;
                };
                let batch = self.removal_batch();
                if let Some(card) =
                    self.move_to(top, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
                {
                    let mut m = Removal::new(ctx.source, batch, 0);
                    m.players = 1u64 << p.index();
                    m.window = RemovedPlayWindow::UntilYourNextTurn;
                    self.removals.push((card, m));
                }
            }
            Effect::PutIntoGraveyard { what } => {
                for o in self.objects_of(ctx, what) {
                    if let Some(owner) = self.obj(o).map(|x| x.owner) {
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// 217.7b: removes `card` from the game face down for the resolving
    /// spell or ability (a card chosen from a hand), the controller allowed
    /// to look at it with `look`.
    pub(crate) fn remove_face_down(&mut self, ctx: &ResolveCtx, card: ObjId, look: bool) {
        let batch = self.removal_batch();
        let lookers = if look {
            1u64 << ctx.controller.index()
        } else {
            0
        };
        self.remove_face_down_as(ctx, card, batch, lookers);
    }

    /// "… and shuffle that pile" (Mangara's Tome): the cards this
    /// resolution removed change places among themselves in
    /// `Game::removals`, whose order is the pile's (the last is on top).
    pub(crate) fn shuffle_removed_pile(&mut self, ctx: &ResolveCtx) {
        let batch = self.resolving.as_deref().map_or(0, |r| r.ctx.removal);
        if batch == 0 {
            return;
        }
        let at: Vec<usize> = self
            .removals
            .iter()
            .enumerate()
            .filter(|(_, (_, m))| m.batch == batch && m.by == ctx.source)
            .map(|(i, _)| i)
            .collect();
        let mut pile: Vec<(ObjId, Removal)> = at.iter().map(|&i| self.removals[i]).collect();
        self.rng.shuffle(&mut pile);
        for (&i, e) in at.iter().zip(pile) {
            self.removals[i] = e;
        }
    }

    /// 217.7b: "look at the removed cards" (Scroll Rack): from now on
    /// `player` may look at them.
    pub(crate) fn let_look_at_removed(&mut self, player: PlayerId, cards: &[ObjId]) {
        for (id, r) in self.removals.iter_mut() {
            if cards.contains(id) {
                r.lookers |= 1u64 << player.index();
            }
        }
    }

    /// Every card removed by one resolution shares its batch.
    fn remove_face_down_as(&mut self, ctx: &ResolveCtx, card: ObjId, batch: u32, lookers: u64) {
        let Some(new) =
            self.move_face_down(card, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
        else {
            return;
        };
        self.removals
            .push((new, Removal::new(ctx.source, batch, lookers)));
    }

    /// The batch number of the resolving spell or ability's removals,
    /// taken from the timestamp sequence the first time it removes a card.
    fn removal_batch(&mut self) -> u32 {
        match self.resolving.as_deref().map(|r| r.ctx.removal) {
            Some(b) if b != 0 => b,
            _ => {
                let b = self.stamp();
                if let Some(r) = self.resolving.as_mut() {
                    r.ctx.removal = b;
                }
                b
            }
        }
    }

    /// 217.7d: the removed cards an `ObjectRef::Removed` names, in the
    /// order they were removed.
    pub(crate) fn removed_cards(&self, ctx: &ResolveCtx, r: &RemovedCards) -> Vec<ObjId> {
        let batch = if ctx.removal != 0 {
            ctx.removal
        } else {
            ctx.trigger.removal
        };
        self.removed
            .iter()
            .copied()
            .filter(|&id| {
                let o = &self.objects[id.slot as usize];
                let Some(m) = self.removal(id) else {
                    return false;
                };
                let linked = if r.linked {
                    m.by == ctx.source && !(r.other && m.batch == batch)
                } else {
                    batch != 0 && m.batch == batch
                };
                linked && (!r.yours || o.owner == ctx.controller)
            })
            .collect()
    }

    /// 217.7d: the cards in the removed-from-the-game zone that `source`'s
    /// linked ability removed ("a card removed from the game with
    /// CARDNAME", Jester's Scepter's cost), in the order they were removed.
    pub(crate) fn linked_removed(&self, source: ObjId) -> impl Iterator<Item = ObjId> + '_ {
        self.removals
            .iter()
            .filter(move |(c, m)| m.by == source && self.zone_of(*c) == Some(Zone::RemovedFromGame))
            .map(|(c, _)| *c)
    }

    /// 217.7d: a card removed face up by an ability of a permanent whose
    /// other ability returns "the removed card" (Faceless Butcher) is
    /// recorded as removed with that permanent, so the linked ability
    /// finds it and no other.
    pub(crate) fn link_removal(&mut self, ctx: &ResolveCtx, card: ObjId) {
        let links = self
            .obj(ctx.source)
            .is_some_and(|o| o.def().front().links_removals);
        if links {
            let batch = self.removal_batch();
            self.removals
                .push((card, Removal::new(ctx.source, batch, 0)));
        }
    }

    /// 217.7b: how this card was removed face down, if by an effect.
    pub fn removal(&self, id: ObjId) -> Option<&Removal> {
        self.removals.iter().find(|(r, _)| *r == id).map(|(_, m)| m)
    }

    fn removal_mut(&mut self, id: ObjId) -> Option<&mut Removal> {
        self.removals
            .iter_mut()
            .find(|(r, _)| *r == id)
            .map(|(_, m)| m)
    }

    /// The cards in the removed-from-the-game zone `p` may play as though
    /// they were in their hand now (Three Wishes, Intet, the Dreamer):
    /// lands with the land rules (305.2), spells with their timing,
    /// prohibitions and costs (none for Intet's, `plays_free`).
    pub(crate) fn removed_plays(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<crate::Action>,
    ) {
        for &(c, m) in &self.removals {
            if (self.may_play_removed(p, &m) || self.remover_may_use(p, &m))
                && self.zone_of(c) == Some(Zone::RemovedFromGame)
            {
                self.hand_card_actions(p, c, avail, out);
            }
        }
    }

    /// 217.7d: "Each player may look at and play cards he or she removed
    /// from the game with CARDNAME" (Shared Fate): `p` removed it, and the
    /// object that removed it is in play with that ability now.
    fn remover_may_use(&self, p: PlayerId, m: &Removal) -> bool {
        m.remover == Some(p)
            && self.zone_of(m.by) == Some(Zone::InPlay)
            && crate::continuous::characteristics::compute(self, m.by)
                .abilities()
                .iter()
                .any(|a| {
                    matches!(
                        a,
                        tolaria_cards::Ability::Static(
                            tolaria_cards::StaticAbility::RemoversMayLookAndPlay
                        )
                    )
                })
    }

    /// Whether the removal lets `p` play the card now: `p`'s permission
    /// and its window (`WhileSourceInPlay`: the object that removed it is
    /// still in play, 217.7d).
    fn may_play_removed(&self, p: PlayerId, m: &Removal) -> bool {
        m.players & (1u64 << p.index()) != 0
            && match m.window {
                RemovedPlayWindow::UntilYourNextTurn => true,
                RemovedPlayWindow::WhileSourceInPlay => self.zone_of(m.by) == Some(Zone::InPlay),
            }
    }

    /// Whether `card` in the removed-from-the-game zone is played without
    /// paying its mana cost ("You may play that card without paying its
    /// mana cost", Intet, the Dreamer).
    pub(crate) fn plays_free(&self, card: ObjId) -> bool {
        self.zone_of(card) == Some(Zone::RemovedFromGame)
            && self.removal(card).is_some_and(|m| m.free)
    }

    /// As `p`'s turn begins, the cards `p` could play "until your next
    /// turn" no longer can be.
    pub(crate) fn end_removed_plays(&mut self, p: PlayerId) {
        for (_, m) in &mut self.removals {
            if m.window == RemovedPlayWindow::UntilYourNextTurn {
                m.players &= !(1u64 << p.index());
            }
        }
    }

    /// 217.7b: whether `viewer` may look at this card in the
    /// removed-from-the-game zone: a face-up card, or a face-down one an
    /// effect lets the viewer (or the player whose turn the viewer
    /// controls, 507.2) look at.
    pub fn may_look_at_removed(&self, viewer: PlayerId, id: ObjId) -> bool {
        let Some(o) = self.obj(id) else { return false };
        if !o.is_face_down() {
            return true;
        }
        let Some(m) = self.removal(id) else {
            return false;
        };
        self.player_ids().any(|p| {
            (m.lookers & (1u64 << p.index()) != 0 || self.remover_may_use(p, m))
                && self.sees_hand_of(viewer, p)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::state::object::Removal;
    use crate::{Game, MoveReason, ObjId, PlayerId, Rng, Zone};
    use tolaria_cards::db;

    fn game() -> Game {
        let deck = |names: &[&str]| -> Vec<tolaria_cards::CardId> {
            names
                .iter()
                .cycle()
                .take(40)
                .map(|n| db().by_name(n).unwrap_or_else(|| panic!("{n}")).id)
                .collect()
        };
        let a = deck(&["Forest", "Grizzly Bears", "Giant Growth", "Mountain"]);
        let b = deck(&["Island", "Plains", "Wind Drake", "Serra Angel"]);
        Game::new_game(&[("A", a), ("B", b)], 7)
    }

    /// Removes the first card of `p`'s hand face down, `lookers` allowed to
    /// look at it.
    fn remove_face_down(g: &mut Game, p: PlayerId, lookers: u64) -> ObjId {
        let c = g.player(p).hand[0];
        let new = g
            .move_face_down(c, Zone::RemovedFromGame, MoveReason::RemoveFromGame)
            .expect("moved");
        g.removals.push((new, Removal::new(new, 1, lookers)));
        new
    }

    /// 217.7b: a card removed face down can't be examined by any player,
    /// its owner included, unless an effect lets a player look at it
    /// (Gustha's Scepter, Jester's Scepter: "You may look at it …").
    #[test]
    fn r217_7b_view_shows_a_face_down_removed_card_only_to_its_lookers() {
        let mut g = game();
        let (a, b) = (PlayerId(0), PlayerId(1));
        let hidden = remove_face_down(&mut g, a, 0);
        let seen_by_b = remove_face_down(&mut g, a, 1 << b.index());
        let shown = |g: &Game, viewer: PlayerId, id: ObjId| {
            g.view(viewer)
                .removed
                .iter()
                .find(|c| c.id == id)
                .expect("listed")
                .card
                .is_some()
        };
        assert!(!shown(&g, a, hidden), "its owner may not look at it");
        assert!(!shown(&g, b, hidden));
        assert!(!shown(&g, a, seen_by_b));
        assert!(shown(&g, b, seen_by_b), "the player the effect lets look");
    }

    /// 217.7b: for a search agent, a face-down removed card the viewer may
    /// not look at is one of its owner's unseen cards, re-dealt with them;
    /// one the viewer may look at is kept.
    #[test]
    fn r217_7b_determinized_copy_redeals_face_down_removed_cards() {
        let mut g = game();
        let (a, b) = (PlayerId(0), PlayerId(1));
        let hidden = remove_face_down(&mut g, b, 0);
        let looked = remove_face_down(&mut g, b, 1 << a.index());
        let card = |g: &Game, id: ObjId| g.objects[id.slot as usize].card;
        let mut rng = Rng::new(3);
        let mut redealt = false;
        for _ in 0..16 {
            let d = g.determinized(a, &mut rng);
            assert_eq!(card(&d, looked), card(&g, looked), "seen by the viewer");
            redealt |= card(&d, hidden) != card(&g, hidden);
            // b's own view knows neither (217.7b) but b's hand is b's.
            let d = g.determinized(b, &mut rng);
            for id in &g.player(b).hand {
                assert_eq!(card(&d, *id), card(&g, *id));
            }
        }
        assert!(redealt, "the hidden card is re-dealt");
    }
}
