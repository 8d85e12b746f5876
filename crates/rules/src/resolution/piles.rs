//! Two piles (`Effect::Piles`): "Reveal the top five cards of your library.
//! An opponent separates those cards into two piles. Put one pile into your
//! hand and the other into your graveyard." (Fact or Fiction), "Separate
//! all creatures target player controls into two piles. Destroy all
//! creatures in the pile of that player's choice. They can't be
//! regenerated." (Do or Die), "Separate all creature cards in your
//! graveyard into two piles. Exile the pile of an opponent's choice and
//! return the other to the battlefield." (Death or Glory).
//!
//! The effect is one unit whose choices are replayed
//! (`Game::replay_choice`, `ChooseOption` decisions): the separating player
//! puts each object into pile 1 or pile 2 in turn (a pile may stay empty,
//! Fact or Fiction's ruling), then the choosing player chooses a pile by
//! its contents. The cards separated are public (revealed, or permanents),
//! so the options name them. "An opponent" with several opponents is one
//! the controller chooses first.

use crate::state::stack::ResolveCtx;
use crate::{DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{ObjectRef, PileDest, PileSource, PlayerRef};

impl Game {
    pub(crate) fn piles(
        &mut self,
        ctx: &ResolveCtx,
        what: &PileSource,
        separator: &PlayerRef,
        chooser: &PlayerRef,
        dests: [PileDest; 2],
    ) {
        let objs: Vec<ObjId> = match what {
            PileSource::LibraryTop(n) => {
                let n = usize::from(*n);
                let p = ctx.controller;
                let cards: Vec<ObjId> = self
                    .player(p)
                    .library
                    .iter()
                    .rev()
                    .take(n)
                    .copied()
                    .collect();
                let names = cards
                    .iter()
                    .map(|&o| self.objects[o.slot as usize].card)
                    .collect();
                self.emit(Event::Revealed {
                    player: p,
                    cards: names,
                });
                cards
            }
            PileSource::Permanents(f) => self.objects_of(ctx, &ObjectRef::Each(f.clone())),
            PileSource::Graveyard(f) => self
                .player(ctx.controller)
                .graveyard
                .iter()
                .copied()
                .filter(|&o| {
                    crate::continuous::filter::matches_card(f, self.objects[o.slot as usize].card)
                })
                .collect(),
        };
        let (Some(sep), Some(cho)) = (
            self.one_player(ctx, separator),
            self.one_player(ctx, chooser),
        ) else {
            return;
        };
        let mut piles: [Vec<ObjId>; 2] = [Vec::new(), Vec::new()];
        for &o in &objs {
            let name = self.objects[o.slot as usize].def().name.clone();
            let i = self.replay_choice(
                sep,
                DecisionKind::ChooseOption {
                    prompt: format!("{sep} puts {name} into a pile"),
                    options: vec!["pile 1".into(), "pile 2".into()],
                },
                2,
            );
            piles[i.min(1)].push(o);
        }
        let label = |g: &Game, k: usize| {
            let names: Vec<String> = piles[k]
                .iter()
                .map(|&o| g.objects[o.slot as usize].def().name.clone())
                .collect();
            if names.is_empty() {
                format!("pile {}: (empty)", k + 1)
            } else {
                format!("pile {}: {}", k + 1, names.join(", "))
            }
        };
        let options = vec![label(self, 0), label(self, 1)];
        let pick = self
            .replay_choice(
                cho,
                DecisionKind::ChooseOption {
                    prompt: format!("{cho} chooses a pile"),
                    options,
                },
                2,
            )
            .min(1);
        let [chosen, other] = dests;
        let chosen_pile = std::mem::take(&mut piles[pick]);
        let other_pile = std::mem::take(&mut piles[1 - pick]);
        self.pile_to(ctx.controller, chosen_pile, chosen);
        self.pile_to(ctx.controller, other_pile, other);
    }

    /// One player for "an opponent" / "that player": the first, or with
    /// several opponents the one the controller chooses.
    fn one_player(&mut self, ctx: &ResolveCtx, who: &PlayerRef) -> Option<PlayerId> {
        let ps = self.players_of(ctx, who);
        if ps.len() <= 1 || *who != PlayerRef::EachOpponent {
            return ps.first().copied();
        }
        let names = ps.iter().map(|p| p.to_string()).collect();
        let i = self.replay_choice(
            ctx.controller,
            DecisionKind::ChooseOption {
                prompt: format!("{} chooses an opponent", ctx.controller),
                options: names,
            },
            ps.len(),
        );
        ps.get(i).copied()
    }

    fn pile_to(&mut self, p: PlayerId, pile: Vec<ObjId>, dest: PileDest) {
        for o in pile {
            if self.obj(o).is_none() {
                continue;
            }
            let owner = self.objects[o.slot as usize].owner;
            match dest {
                PileDest::Stays => {}
                PileDest::Hand => {
                    self.move_to(o, Zone::Hand(p), MoveReason::Effect);
                }
                PileDest::Graveyard => {
                    self.move_to(o, Zone::Graveyard(owner), MoveReason::Effect);
                }
                PileDest::DestroyNoRegen => {
                    if self.is_present(o) {
                        self.destroy(o, true, MoveReason::Destroy);
                    }
                }
                PileDest::RemoveFromGame => {
                    self.move_to(o, Zone::RemovedFromGame, MoveReason::RemoveFromGame);
                }
                PileDest::InPlay => {
                    self.put_in_play(o, owner, false);
                }
            }
        }
    }
}
