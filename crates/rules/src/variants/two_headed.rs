//! The Two-Headed Giant variant (606): the set-up of its teams, their
//! turns and their mulligans.
//!
//! 606.1, 606.10: two teams of equal size (two players each, or more);
//! 606.2: no other multiplayer option. 606.3: each team sits together, its
//! primary player on the right and the secondary player on the left; turn
//! order goes to the left (101.3), so the primary player's seat comes
//! first and the team's seats follow one another. 606.4a, 606.10: the team
//! shares a life total of 15 per player (kept in each player's
//! `Player::life`, see `Game::team_life_follows`; 606.9a
//! `Game::individual_life`). 606.4b: the team takes turns; `Game::active`
//! is the active team's primary player and `Game::is_active` reads the
//! whole team (606.6d: the active team). 606.6a: team mulligans
//! (`on_team_mulligan`).
//!
//! *Who decides* (design decision 3): a team's choice that is the team's
//! (its priority, 606.6c) is offered to its players in seat order, the
//! primary player first (606.6e: the primary player settles a conflict by
//! acting or by passing the team's priority on to the secondary player).
//! A teammate's own choice (a mulligan, a discard) stays that player's.

use crate::state::progress::Flow;
use crate::{
    Action, Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Target, Zone,
};

/// 606.6a: where a player stands in the current round of team mulligans
/// (`Player::team_mulligan`).
pub mod mulligan {
    /// Not decided in this round yet.
    pub const UNDECIDED: u8 = 0;
    /// Chose to mulligan in this round (it happens when the whole team has
    /// decided).
    pub const WILL_MULLIGAN: u8 = 1;
    /// Kept an opening hand: no more mulligans.
    pub const KEPT: u8 = 2;
}

impl Game {
    /// 606.3: the primary player of `p`'s team (the team's first seat in
    /// turn order); `p` outside a Two-Headed Giant game. The player who
    /// takes the team's turns (606.4b) and first receives its priority.
    pub fn turn_taker(&self, p: PlayerId) -> PlayerId {
        if !self.two_headed() {
            return p;
        }
        let mut q = p;
        for _ in 0..self.players.len() {
            let prev = self.previous_player(q);
            if prev == p || !self.is_teammate(prev, q) {
                return q;
            }
            q = prev;
        }
        q
    }

    /// 606.3: is `p` a primary player (in a Two-Headed Giant game)?
    pub fn is_primary(&self, p: PlayerId) -> bool {
        self.two_headed() && self.turn_taker(p) == p
    }

    /// The player whose turn comes after `p`'s: the next player in turn
    /// order; 606.4b: the next team's primary player.
    pub(crate) fn next_turn_taker(&self, p: PlayerId) -> PlayerId {
        let mut q = self.next_player(p);
        if self.two_headed() {
            for _ in 0..self.players.len() {
                if self.is_opponent(p, q) {
                    break;
                }
                q = self.next_player(q);
            }
        }
        q
    }

    /// 606.6a: `p` chose to mulligan (`take`) or keep in a Two-Headed
    /// Giant game. Each player of the team decides in seat order; when all
    /// who still may have decided, those who chose to mulligan take their
    /// mulligans at the same time (no one sees a teammate's new hand before
    /// deciding, as the new hands are drawn only then), and the team
    /// repeats with them; once each player of the team has kept, the next
    /// team takes its mulligans.
    pub(crate) fn on_team_mulligan(&mut self, p: PlayerId, take: bool) {
        let pl = &mut self.players[p.index()];
        if take {
            pl.team_mulligan = mulligan::WILL_MULLIGAN;
        } else {
            pl.team_mulligan = mulligan::KEPT;
            let n = pl.hand.len() as u32;
            self.emit(Event::Kept {
                player: p,
                hand_size: n,
            });
        }
        let head = self.turn_taker(p);
        let team: Vec<PlayerId> = self
            .apnap_from(head)
            .filter(|&q| q == head || self.is_teammate(q, head))
            .collect();
        let undecided = |g: &Game| {
            team.iter()
                .copied()
                .find(|&q| g.player(q).team_mulligan == mulligan::UNDECIDED)
        };
        if let Some(q) = undecided(self) {
            self.ask_mulligan(q);
            return;
        }
        // Everyone has decided: the mulligans happen at once.
        for &q in &team {
            if self.player(q).team_mulligan != mulligan::WILL_MULLIGAN {
                continue;
            }
            let new_size = self.mulligan_hand(q);
            self.players[q.index()].team_mulligan = if new_size == 0 {
                self.emit(Event::Kept {
                    player: q,
                    hand_size: 0,
                });
                mulligan::KEPT
            } else {
                mulligan::UNDECIDED
            };
        }
        if let Some(q) = undecided(self) {
            self.ask_mulligan(q);
            return;
        }
        // The team has kept: the next team, or the first turn.
        self.next_mulligan(head);
    }

    /// 606.6h: if a single effect causes both players on the same team to
    /// take or skip the same turn, the team takes or skips only that turn:
    /// of `players`, the first of each Two-Headed Giant team.
    pub(crate) fn one_per_team(&self, mut players: Vec<PlayerId>) -> Vec<PlayerId> {
        if self.two_headed() {
            let mut heads: Vec<PlayerId> = Vec::new();
            players.retain(|&p| {
                let head = self.turn_taker(p);
                let first = !heads.contains(&head);
                heads.push(head);
                first
            });
        }
        players
    }

    /// 606.7d: as the combat damage step begins, the active team announces
    /// how each attacking creature assigns its combat damage: for one that
    /// would assign damage to the defending team (unblocked, trample, or
    /// "as though it weren't blocked"), the team chooses one defending
    /// player. Asks the active team's primary player for the next attacker
    /// in `queue` not yet given one (true: a decision is pending).
    pub(crate) fn ask_defending_player(&mut self, queue: &[ObjId]) -> bool {
        let Some(def) = self.combat.defending else {
            return false;
        };
        if self.defending_side(def).nth(1).is_none() {
            return false;
        }
        for &c in queue {
            let Some(a) = self.combat.attackers.iter().find(|a| a.obj == c) else {
                continue;
            };
            if a.defender.is_some() {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, c);
            let to_team = !a.blocked
                || ch.has(tolaria_cards::Keyword::Trample)
                || ch.abilities().iter().any(|x| {
                    matches!(
                        x,
                        tolaria_cards::Ability::Static(
                            tolaria_cards::StaticAbility::MayAssignAsThoughUnblocked
                        )
                    )
                });
            if ch.power <= 0 || !to_team {
                continue;
            }
            self.decision = Some(Decision {
                player: self.active,
                kind: DecisionKind::ChooseDefendingPlayer { attacker: c },
            });
            self.flow = Flow::Declaring;
            return true;
        }
        false
    }

    /// 606.7d: `attacker`'s damage to the defending team goes to the
    /// chosen player; the combat damage step goes on.
    pub(crate) fn on_defending_player_chosen(&mut self, attacker: ObjId, action: Action) {
        if let Action::ChooseTarget(Target::Player(p)) = action {
            if let Some(a) = self.combat.attackers.iter_mut().find(|a| a.obj == attacker) {
                a.defender = Some(p);
            }
            let card = self.objects[attacker.slot as usize].card;
            self.emit(Event::DefendingPlayerChosen {
                obj: attacker,
                card,
                player: p,
            });
        }
        self.start_combat_damage();
    }

    fn ask_mulligan(&mut self, p: PlayerId) {
        self.decision = Some(Decision {
            player: p,
            kind: DecisionKind::Mulligan,
        });
        self.flow = Flow::Mulligans;
    }

    /// 101.4: `p` shuffles their hand into their library and draws one
    /// card fewer; the new hand's size.
    pub(crate) fn mulligan_hand(&mut self, p: PlayerId) -> u32 {
        let size = self.player(p).hand.len() as u32;
        let hand = self.player(p).hand.clone();
        for c in hand {
            self.move_to(c, Zone::Library(p), MoveReason::Mulligan);
        }
        self.shuffle_library(p);
        let new_size = size.saturating_sub(1);
        for _ in 0..new_size {
            self.draw_for(p, crate::state::event::DrawReason::OpeningHand);
        }
        self.players[p.index()].mulligans += 1;
        self.emit(Event::Mulliganed {
            player: p,
            hand_size: new_size,
        });
        new_size
    }

    /// 606.3, 606.4a, 606.10: seats `teams` (each the entrants' indices,
    /// its primary player first) together, team after team, the primary
    /// player of each on the right (the team's first seat in turn order);
    /// each player's life becomes the team's shared total, 15 per player.
    pub(crate) fn seat_two_headed(&mut self, teams: &mut [Vec<usize>], random: bool) -> Vec<usize> {
        if random {
            self.rng.shuffle(teams);
            for t in teams.iter_mut() {
                // 606.3: the team decides its order; here at random.
                self.rng.shuffle(t);
            }
        }
        teams.iter().flatten().copied().collect()
    }

    /// 606.4a, 606.10: every player's life is the team's starting total.
    pub fn start_team_life(&mut self) {
        for p in 0..self.players.len() {
            let n = 1 + self.teammates(PlayerId(p as u8)).count() as i32;
            self.players[p].life = 15 * n;
        }
    }
}
