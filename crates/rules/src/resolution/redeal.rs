//! Warp World (`Effect::ShufflePermanentsAndRedeal`): "Each player shuffles
//! all permanents he or she owns into his or her library, then reveals that
//! many cards from the top of his or her library. Each player puts all
//! artifact, creature, and land cards revealed this way into play, then does
//! the same for enchantment cards, then puts all cards revealed this way
//! that weren't put into play on the bottom of his or her library."
//!
//! The effect is one unit whose choices are replayed (`Game::replay_choice`,
//! a `ChooseOption` decision; the shuffles come from the game's generator,
//! restored with the snapshot, so each run deals the same cards):
//! - 212.4j: an Aura put into play this way is attached to a permanent its
//!   owner (the player putting it into play) chooses among those in play as
//!   the enchantments come in, as its enchant ability allows; with no legal
//!   choice it stays in the library and goes to the bottom with the rest.
//!   Auras come into play at the same time as the other enchantments, so
//!   none enchants another one coming in.
//! - 217.2d: each owner arranges the cards put on the bottom (chosen from
//!   the bottom up).
//!
//! Tokens shuffled into a library count among "that many" but are not
//! cards: they are never revealed, and cease to exist afterwards (420.5f).

use crate::state::stack::ResolveCtx;
use crate::{DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::CardType;

impl Game {
    pub(crate) fn shuffle_permanents_and_redeal(&mut self, _ctx: &ResolveCtx) {
        let players: Vec<PlayerId> = self.apnap_from(self.active).collect();
        // Each player shuffles the permanents they own into their library.
        let mut counts = Vec::with_capacity(players.len());
        for &p in &players {
            let owned: Vec<ObjId> = self
                .in_play
                .iter()
                .copied()
                .filter(|&o| self.is_present(o) && self.objects[o.slot as usize].owner == p)
                .collect();
            counts.push(owned.len());
            for o in owned {
                self.move_to(o, Zone::Library(p), MoveReason::Effect);
            }
            self.shuffle_library(p);
        }
        // ... then reveals that many cards from the top.
        let mut revealed: Vec<(PlayerId, Vec<ObjId>)> = Vec::with_capacity(players.len());
        for (&p, &n) in players.iter().zip(&counts) {
            let cards: Vec<ObjId> = self
                .player(p)
                .library
                .iter()
                .rev()
                .copied()
                .filter(|&o| !self.objects[o.slot as usize].token)
                .take(n)
                .collect();
            let names = cards
                .iter()
                .map(|o| self.objects[o.slot as usize].card)
                .collect();
            self.emit(Event::Revealed {
                player: p,
                cards: names,
            });
            revealed.push((p, cards));
        }
        let types_of = |g: &Game, o: ObjId| {
            let f = g.objects[o.slot as usize].def().front();
            (
                f.types,
                crate::playing::targeting::is_aura(f.types, &f.subtypes),
            )
        };
        // Artifact, creature and land cards into play.
        for (p, cards) in &mut revealed {
            let p = *p;
            cards.retain(|&o| {
                let (types, aura) = types_of(self, o);
                let put = !aura
                    && (types.contains(CardType::Artifact)
                        || types.contains(CardType::Creature)
                        || types.contains(CardType::Land));
                if put {
                    self.put_in_play(o, p, false);
                }
                !put
            });
        }
        // Then the enchantment cards: each Aura's owner chooses what it
        // enchants among the permanents in play now (212.4j).
        let before: Vec<ObjId> = self.in_play.clone();
        let mut entering: Vec<(PlayerId, ObjId, Option<ObjId>)> = Vec::new();
        for (p, cards) in &mut revealed {
            let p = *p;
            let mut keep = Vec::new();
            for &o in cards.iter() {
                let (types, aura) = types_of(self, o);
                if !types.contains(CardType::Enchantment) {
                    keep.push(o);
                    continue;
                }
                if !aura {
                    entering.push((p, o, None));
                    continue;
                }
                let options = self.aura_choices(o, &before, p);
                if options.is_empty() {
                    keep.push(o);
                    continue;
                }
                let names = options
                    .iter()
                    .map(|&t| {
                        let ch = crate::continuous::characteristics::compute(self, t);
                        format!("{} ({})", ch.name(), ch.controller)
                    })
                    .collect();
                let aura_name = self.objects[o.slot as usize].def().name.clone();
                let i = if options.len() == 1 {
                    0
                } else {
                    self.replay_choice(
                        p,
                        DecisionKind::ChooseOption {
                            prompt: format!("{p} chooses what {aura_name} enchants (212.4j)"),
                            options: names,
                        },
                        options.len(),
                    )
                };
                entering.push((p, o, Some(options[i.min(options.len() - 1)])));
            }
            *cards = keep;
        }
        for (p, o, to) in entering {
            if let Some(new) = self.put_in_play(o, p, false) {
                if let Some(t) = to {
                    // 212.4j: attached as it comes into play, not targeted.
                    self.attach(new, crate::Target::Object(t));
                }
            }
        }
        // The rest on the bottom, in the order each owner chooses (217.2d).
        for (p, rest) in revealed {
            self.revealed_to_bottom(p, rest);
        }
    }

    /// The permanents among `among` (present in play) that the Aura card
    /// `aura` could enchant (its enchant ability, 212.4j), from `p`'s point
    /// of view.
    fn aura_choices(&self, aura: ObjId, among: &[ObjId], p: PlayerId) -> Vec<ObjId> {
        among
            .iter()
            .copied()
            // 601.5a, 601.8: within the chooser's range of influence.
            .filter(|&o| self.object_within_range(p, o) && self.aura_could_enchant(aura, o, p))
            .collect()
    }
}
