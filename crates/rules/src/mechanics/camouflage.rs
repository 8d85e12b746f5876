//! Camouflage (its 2007 Oracle wording): "Play Camouflage only during your
//! declare attackers step. This turn, instead of declaring blockers, each
//! defending player chooses any number of creatures he or she controls and
//! divides them into a number of piles equal to the number of attacking
//! creatures for whom that player is the defending player. Creatures he or
//! she controls that can block additional creatures may likewise be put
//! into additional piles. Assign each pile to a different one of those
//! attacking creatures at random. Each creature in a pile that can block
//! the creature that pile is assigned to does so. (Piles can be empty.)"
//!
//! - The effect is a rule of the turn (`Game::camouflage`, cleared in the
//!   cleanup step like Holy Day's, 314.2): the declare blockers step's
//!   turn-based action (309.1) becomes the piles.
//! - Each defending player in turn (APNAP order, 602.4; each player of a
//!   defending Two-Headed Giant team, 606.7c, as "each defending player")
//!   divides creatures with `Action::PutInPile { creature, pile }`, one at
//!   a time, then `Done` (decision `DividePiles`). A creature goes into one
//!   pile, or into as many as it can block creatures (502: High Ground,
//!   "can block any number"). *Decision*: piles are interchangeable (their
//!   assignment is random), so the legal piles are those used so far and
//!   the first empty one, and only creatures that could block one of those
//!   attackers are offered (one that can't block any would never block).
//! - As the player is done, the piles are assigned to those attackers by a
//!   random permutation from the game's seeded generator (`Game::rng`: the
//!   same seed and actions give the same game; `view` doesn't show the
//!   generator and `determinized` reseeds it, so no player can foresee it).
//!   Then each creature of a pile that can block the attacker its pile is
//!   assigned to blocks it (`can_block`, the blocks made so far counted);
//!   the blocks are then declared as any other (309.2–309.4).

use crate::state::progress::Flow;
use crate::{Action, Decision, DecisionKind, Game, ObjId, PlayerId};

impl Game {
    /// 309.1 with Camouflage: the defending players who divide piles, in
    /// APNAP order.
    fn pile_players(&self) -> Vec<PlayerId> {
        let order: Vec<PlayerId> = self.apnap_from(self.active).collect();
        if self.attacks_multiple() {
            order
                .into_iter()
                .filter(|&q| self.combat.attackers.iter().any(|a| a.defender == Some(q)))
                .collect()
        } else {
            match self.combat.defending {
                Some(def) => order
                    .into_iter()
                    .filter(|&q| self.defending_side(def).any(|d| d == q))
                    .collect(),
                None => Vec::new(),
            }
        }
    }

    /// The attacking creatures for whom `d` is the defending player.
    fn pile_attackers(&self, d: PlayerId) -> Vec<ObjId> {
        self.combat
            .attackers
            .iter()
            .filter(|a| !self.attacks_multiple() || a.defender == Some(d))
            .map(|a| a.obj)
            .collect()
    }

    /// Camouflage: the declare blockers step begins with piles; asks the
    /// next defending player after `after` who has something to divide, or
    /// declares the blocks made (the active player then gets priority).
    pub(crate) fn ask_next_pile_player(&mut self, after: Option<PlayerId>) {
        let players = self.pile_players();
        let start = match after {
            Some(p) => players
                .iter()
                .position(|&q| q == p)
                .map_or(players.len(), |i| i + 1),
            None => 0,
        };
        for &d in &players[start..] {
            if self.attacks_multiple() {
                self.combat.defending = Some(d);
                self.status_changed();
            }
            self.combat.pile_player = Some(d);
            self.combat.piles.clear();
            if !self.pile_creatures(d).is_empty() {
                self.decision = Some(Decision {
                    player: d,
                    kind: DecisionKind::DividePiles {
                        piles: self.pile_attackers(d).len() as u8,
                    },
                });
                self.flow = Flow::Declaring;
                return;
            }
        }
        self.combat.pile_player = None;
        self.blockers_declared();
    }

    /// The creatures `d` controls that could block one of the attackers
    /// for whom `d` is the defending player (the blocks of the piles
    /// assigned so far counted).
    fn pile_creatures(&self, d: PlayerId) -> Vec<ObjId> {
        let attackers = self.pile_attackers(d);
        self.controlled_by(d)
            .filter(|&c| attackers.iter().any(|&a| self.can_block(c, a)))
            .collect()
    }

    /// The legal `PutInPile` actions and `Done`.
    pub(crate) fn pile_options(&self, out: &mut Vec<Action>) {
        let Some(d) = self.combat.pile_player else {
            return;
        };
        let n = self.pile_attackers(d).len() as u8;
        // Piles are interchangeable: those used so far and the next one.
        let used = self
            .combat
            .piles
            .iter()
            .map(|&(_, i)| i + 1)
            .max()
            .unwrap_or(0);
        for c in self.pile_creatures(d) {
            let mine = self.combat.piles.iter().filter(|&&(o, _)| o == c).count();
            if mine >= self.block_capacity(c) {
                continue;
            }
            for pile in 0..n.min(used + 1) {
                if !self.combat.piles.contains(&(c, pile)) {
                    out.push(Action::PutInPile { creature: c, pile });
                }
            }
        }
        out.push(Action::Done);
    }

    /// A creature put into a pile, or `Done`: the piles are assigned at
    /// random and their creatures block; the next defending player divides.
    pub(crate) fn on_divide_piles(&mut self, action: Action) {
        let Some(d) = self.combat.pile_player else {
            return;
        };
        match action {
            Action::PutInPile { creature, pile } => {
                self.combat.piles.push((creature, pile));
                self.decision = Some(Decision {
                    player: d,
                    kind: DecisionKind::DividePiles {
                        piles: self.pile_attackers(d).len() as u8,
                    },
                });
                self.flow = Flow::Declaring;
            }
            Action::Done => {
                let mut order = self.pile_attackers(d);
                if !self.combat.piles.is_empty() {
                    self.rng.shuffle(&mut order);
                }
                let piles = std::mem::take(&mut self.combat.piles);
                for (c, pile) in piles {
                    let Some(&a) = order.get(pile as usize) else {
                        continue;
                    };
                    if self.is_present(c) && self.can_block(c, a) {
                        self.combat.blocks.push((c, a));
                        self.status_changed();
                    }
                }
                self.ask_next_pile_player(Some(d));
            }
            _ => {}
        }
    }
}
