//! Determinization: a copy of the game that a player could believe in,
//! for search agents that must not read hidden information.
//!
//! What a player may not see (`Game::view`): every library's order and
//! contents (217.2), the hands of the other players (217.4) unless 507.2
//! lets the viewer see them, and the game's random generator (future
//! shuffles and coin flips, 511.3). A determinized copy keeps everything
//! visible and re-deals the unseen cards of each owner at random among that
//! owner's unseen places (library positions and hidden hand slots), so the
//! zone sizes are unchanged, and reseeds the generator.
//!
//! The unseen cards of an owner are the cards in those places: a searcher
//! is assumed to know each deck list (open deck lists), not where the cards
//! are. A face-down spell or permanent the viewer may not look at (504.3)
//! is only known to be a card with morph (502.26c): those are re-dealt among
//! themselves and the owner's unseen cards with morph (one played face down
//! by Illusionary Mask, 504.1, among the unseen creature cards). A card removed from
//! the game face down that the viewer may not look at (217.7b) is one of
//! its owner's unseen cards, re-dealt with them.

use crate::{Game, PlayerId, Rng};

impl Game {
    /// A copy of the game consistent with what `viewer` sees, the unseen
    /// cards re-dealt and the random generator reseeded from `rng`. The
    /// rewind point of a spell being played (422) is re-dealt the same way
    /// so that backing out of a play does not restore the real cards.
    pub fn determinized(&self, viewer: PlayerId, rng: &mut Rng) -> Game {
        let mut g = self.clone();
        // For each owner, the arena slots whose card viewer cannot identify.
        let mut slots: Vec<usize> = Vec::new();
        let mut cards = Vec::new();
        // (slot, new card) for every re-dealt slot, to repeat in the rewind copy.
        let mut dealt: Vec<(usize, tolaria_cards::CardId)> = Vec::new();
        let shown: Vec<usize> = match &self.decision {
            Some(d)
                if matches!(d.kind, crate::DecisionKind::ChooseCard { .. })
                    && self.decider() == Some(viewer) =>
            {
                self.legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        crate::Action::ChooseObject(id) => Some(id.slot as usize),
                        _ => None,
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        for p in self.player_ids() {
            slots.clear();
            let pl = self.player(p);
            // A revealed top card (Future Sight) is seen by everyone; the
            // top is the last of the list (217.2).
            let top_seen = usize::from(!pl.library.is_empty() && self.top_card_revealed(p));
            slots.extend(
                pl.library[..pl.library.len() - top_seen]
                    .iter()
                    .map(|id| id.slot as usize),
            );
            if !self.sees_hand_of(viewer, p) && !self.hand_revealed_to(viewer, p) {
                // 502.27a: a card revealed from the hand is known to all.
                slots.extend(
                    pl.hand
                        .iter()
                        .filter(|id| {
                            self.objects[id.slot as usize].flags
                                & crate::state::object::flags::REVEALED
                                == 0
                        })
                        .map(|id| id.slot as usize),
                );
            }
            // 217.7b: a card removed from the game face down that the
            // viewer may not look at could be any of the owner's unseen
            // cards.
            slots.extend(
                self.removed
                    .iter()
                    .filter(|id| {
                        self.objects[id.slot as usize].owner == p
                            && !self.may_look_at_removed(viewer, **id)
                    })
                    .map(|id| id.slot as usize),
            );
            // The cards a pending card choice of the viewer offers are seen
            // by the viewer (`PlayerView::choice_cards`): kept.
            slots.retain(|&s| !shown.contains(&s));
            if slots.len() < 2 {
                continue;
            }
            cards.clear();
            cards.extend(slots.iter().map(|&s| self.objects[s].card));
            // From a canonical order, so the deal depends only on which
            // cards are unseen, not on where they really are.
            cards.sort_unstable();
            rng.shuffle(&mut cards);
            for (&s, &c) in slots.iter().zip(cards.iter()) {
                g.objects[s].card = c;
                g.objects[s].mark_board_input();
                dealt.push((s, c));
            }
        }
        // 504.3, 502.26c: face-down objects the viewer can't look at; 504.1:
        // those played by Illusionary Mask are known only to be creature
        // cards, re-dealt among themselves and the unseen creature cards.
        let masked_of =
            |o: &crate::state::object::Object| o.flags & crate::state::object::flags::MASKED != 0;
        for (p, masked) in self.player_ids().flat_map(|p| [(p, false), (p, true)]) {
            slots.clear();
            slots.extend(self.objects.iter().enumerate().filter_map(|(s, o)| {
                (o.owner == p
                    && masked_of(o) == masked
                    && o.is_face_down()
                    && matches!(
                        o.zone,
                        crate::Zone::InPlay | crate::Zone::Stack | crate::Zone::PhasedOut
                    )
                    && !self.sees_hand_of(viewer, o.controller))
                .then_some(s)
            }));
            if slots.is_empty() {
                continue;
            }
            let pl = self.player(p);
            // The same unseen places as above: a hand the viewer sees
            // (507.2, 607.7, a hand played revealed) and a revealed top
            // card of the library are not re-dealt (a fuzz run found a
            // revealed hand's morph card swapped with a face-down one).
            let hidden_hand = !self.sees_hand_of(viewer, p) && !self.hand_revealed_to(viewer, p);
            let top_seen = usize::from(!pl.library.is_empty() && self.top_card_revealed(p));
            slots.extend(
                pl.library[..pl.library.len() - top_seen]
                    .iter()
                    .chain(pl.hand.iter().filter(|id| {
                        hidden_hand
                            && g.objects[id.slot as usize].flags
                                & crate::state::object::flags::REVEALED
                                == 0
                    }))
                    .map(|id| id.slot as usize)
                    .filter(|&s| {
                        if masked {
                            tolaria_cards::db()
                                .get(g.objects[s].card)
                                .front()
                                .types
                                .contains(tolaria_cards::CardType::Creature)
                        } else {
                            crate::mechanics::morph::morph_cost_of(g.objects[s].card, 0).is_some()
                        }
                    }),
            );
            slots.retain(|&s| !shown.contains(&s));
            cards.clear();
            cards.extend(slots.iter().map(|&s| g.objects[s].card));
            cards.sort_unstable();
            rng.shuffle(&mut cards);
            for (&s, &c) in slots.iter().zip(cards.iter()) {
                g.objects[s].card = c;
                g.objects[s].mark_board_input();
                dealt.push((s, c));
            }
        }
        g.rng = Rng::new(rng.next_u64());
        if let Some(rewind) = g.rewind.as_mut() {
            // The library cards are shared with the game (`RewindPoint`);
            // the rewind point's own copies are re-dealt the same way.
            for &(s, c) in &dealt {
                rewind.set_card(s, c);
            }
            rewind.game.rng = g.rng.clone();
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, PlayerId, Rng, Zone};
    use tolaria_cards::db;

    fn deck(names: &[&str]) -> Vec<tolaria_cards::CardId> {
        names
            .iter()
            .cycle()
            .take(40)
            .map(|n| db().by_name(n).unwrap_or_else(|| panic!("{n}")).id)
            .collect()
    }

    /// 217.2, 217.4: the viewer's hand and everything in view stay; the
    /// opponent's hand and both libraries are re-dealt with the same
    /// sizes and, per owner, the same cards.
    #[test]
    fn r217_determinized_copy_keeps_what_the_viewer_sees() {
        let a = deck(&["Forest", "Grizzly Bears", "Giant Growth", "Mountain"]);
        let b = deck(&["Island", "Plains", "Wind Drake", "Serra Angel", "Pacifism"]);
        let game = Game::new_game(&[("A", a), ("B", b)], 11);
        let me = PlayerId(0);
        let mut rng = Rng::new(5);
        let mut changed_hidden = false;
        for _ in 0..8 {
            let d = game.determinized(me, &mut rng);
            for p in game.player_ids() {
                let (real, det) = (game.player(p), d.player(p));
                assert_eq!(real.library, det.library);
                assert_eq!(real.hand, det.hand);
                let mut rc: Vec<_> = real
                    .library
                    .iter()
                    .chain(&real.hand)
                    .map(|id| game.objects[id.slot as usize].card)
                    .collect();
                let mut dc: Vec<_> = det
                    .library
                    .iter()
                    .chain(&det.hand)
                    .map(|id| d.objects[id.slot as usize].card)
                    .collect();
                rc.sort();
                dc.sort();
                assert_eq!(rc, dc, "an owner's unseen cards are the same multiset");
            }
            for id in &game.player(me).hand {
                assert_eq!(
                    game.objects[id.slot as usize].card, d.objects[id.slot as usize].card,
                    "the viewer's own hand is known"
                );
            }
            let opp = PlayerId(1);
            changed_hidden |= game
                .player(opp)
                .hand
                .iter()
                .chain(&game.player(opp).library)
                .any(|id| game.objects[id.slot as usize].card != d.objects[id.slot as usize].card);
            assert_ne!(d.rng, game.rng, "511.3: future randomness is unknown");
        }
        assert!(changed_hidden, "hidden cards are re-dealt");

        // Two games that differ only in what `me` cannot see (where the
        // opponent's unseen cards are, the generator) give the same copy.
        let mut other = game.clone();
        let opp = PlayerId(1);
        let hand0 = game.player(opp).hand[0].slot as usize;
        let lib0 = game.player(opp).library[0].slot as usize;
        let (a, b) = (other.objects[hand0].card, other.objects[lib0].card);
        other.objects[hand0].card = b;
        other.objects[lib0].card = a;
        other.rng = Rng::new(99);
        let one = game.determinized(me, &mut Rng::new(3));
        let two = other.determinized(me, &mut Rng::new(3));
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&two).unwrap()
        );
        assert!(game
            .player(me)
            .hand
            .iter()
            .all(|id| game.zone_of(*id) == Some(Zone::Hand(me))));
    }

    /// 502.27a: a card revealed from the opponent's hand (amplify) is
    /// known: it is never re-dealt, and `view` shows it.
    #[test]
    fn r502_27a_revealed_hand_card_is_kept() {
        let a = deck(&["Forest", "Grizzly Bears", "Giant Growth", "Mountain"]);
        let b = deck(&["Island", "Plains", "Wind Drake", "Serra Angel", "Pacifism"]);
        let mut game = Game::new_game(&[("A", a), ("B", b)], 11);
        let (me, opp) = (PlayerId(0), PlayerId(1));
        let shown = game.player(opp).hand[0];
        game.objects[shown.slot as usize].flags |= crate::state::object::flags::REVEALED;
        let card = game.objects[shown.slot as usize].card;
        let view = game.view(me);
        assert!(view.players[opp.index()].hand.is_none());
        assert_eq!(view.players[opp.index()].revealed.len(), 1);
        assert_eq!(view.players[opp.index()].revealed[0].card, Some(card));
        let mut rng = Rng::new(5);
        for _ in 0..16 {
            let d = game.determinized(me, &mut rng);
            assert_eq!(d.objects[shown.slot as usize].card, card);
        }
    }

    /// 504.3, 502.26c, 217.4: a hand the viewer sees (Telepathy: "Your
    /// opponents play with their hands revealed") is never re-dealt, also
    /// not among the cards a face-down permanent could be (a fuzz run found
    /// a seen hand's morph card swapped with a face-down one).
    #[test]
    fn r504_3_seen_hand_morph_cards_are_not_face_down_candidates() {
        let a = deck(&["Telepathy", "Island", "Island", "Island"]);
        let b = deck(&[
            "Ascending Aven",
            "Treespring Lorian",
            "Ascending Aven",
            "Treespring Lorian",
            "Forest",
            "Forest",
            "Forest",
            "Forest",
            "Forest",
            "Forest",
            "Forest",
        ]);
        let mut game = Game::new_game(&[("A", a), ("B", b)], 11);
        let (me, opp) = (PlayerId(0), PlayerId(1));
        let telepathy = game
            .player(me)
            .hand
            .iter()
            .copied()
            .find(|&id| game.objects[id.slot as usize].def().name == "Telepathy")
            .or_else(|| {
                game.player(me)
                    .library
                    .iter()
                    .copied()
                    .find(|&id| game.objects[id.slot as usize].def().name == "Telepathy")
            })
            .expect("Telepathy is in the game");
        game.put_into_play(telepathy, me, crate::MoveReason::Resolve);
        // One of the opponent's morph cards face down in play.
        let morph = |g: &Game, zone: &[crate::ObjId]| {
            zone.iter().copied().find(|&id| {
                crate::mechanics::morph::morph_cost_of(g.objects[id.slot as usize].card, 0)
                    .is_some()
            })
        };
        let pl = game.player(opp).clone();
        let down = morph(&game, &pl.library)
            .or_else(|| morph(&game, &pl.hand))
            .expect("a morph card");
        game.move_face_down(down, Zone::InPlay, crate::MoveReason::Resolve);
        assert!(game.hand_revealed_to(me, opp), "Telepathy reveals the hand");
        let hand: Vec<_> = game
            .player(opp)
            .hand
            .iter()
            .map(|id| (id.slot, game.objects[id.slot as usize].card))
            .collect();
        assert!(
            hand.iter()
                .any(|&(_, c)| crate::mechanics::morph::morph_cost_of(c, 0).is_some()),
            "a morph card in the seen hand"
        );
        let mut rng = Rng::new(5);
        for _ in 0..32 {
            let d = game.determinized(me, &mut rng);
            for &(slot, card) in &hand {
                assert_eq!(
                    d.objects[slot as usize].card, card,
                    "a seen hand card changed"
                );
            }
        }
    }
}
