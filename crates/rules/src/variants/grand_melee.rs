//! 608 Grand Melee: turn markers and several turns in progress at once.
//!
//! 608.1–608.3 (set-up) are in `teams.rs` (`Game::new_multiplayer`): ten or
//! more players as a rule, each with a range of influence of 1 (608.2a),
//! attack left (608.2b), no attack multiple players nor deploy (608.2c),
//! seated at random (608.3).
//!
//! 608.4: there is one turn marker per full four players (608.4a), handed
//! out four seats apart from the starting player (608.4b); when a turn
//! ends its marker passes to the left, or waits while a marker is in the
//! three seats to the left of the player it would go to (608.4c); a marker
//! is removed between turns when players leave (608.4d); an extra turn is
//! taken just before the player's next turn (608.4e).
//!
//! **How simultaneous turns interleave** (the 2007 text is silent; see
//! ARCHITECTURE.md, "Grand Melee"). The game keeps one turn *served* at a
//! time: its state is the game's usual turn fields (`Game::turn`,
//! `active`, `turn_controller`, `step`, `combat`, `extra_phases`,
//! `cleanup_again`, `creatures_died_this_turn`), so every rule reads "the
//! active player", "this turn", "your turn" for the turn being served, and
//! the step loop is the two-player one. The other markers' turns are kept
//! suspended in their markers ([`TurnState`]). The turns are served in
//! turn marker number order, one step each: when a step of the served turn
//! ends (its stack empty, all players having passed, 300.2), the next
//! marker's turn (by number, cyclically) is loaded and its next step
//! begins. There is one stack (217.6), always empty when the served turn
//! changes, and one decision at a time (design decision 2); every player
//! still in the game receives priority in every step (408.1), as in any
//! multiplayer game. Range of influence 1 (608.2a) and markers at least
//! four seats apart (608.4b–c) keep the active players' ranges apart, so
//! turns interact only through players seated between them.

use serde::{Deserialize, Serialize};
use tolaria_cards::Step;

use crate::state::game::ExtraPhases;
use crate::turn::combat::Combat;
use crate::{Event, Game, PlayerId};

/// The state of one turn in progress that the game isn't serving now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub turn: u32,
    pub active: PlayerId,
    pub turn_controller: PlayerId,
    /// The step about to begin when the turn is served again.
    pub step: Step,
    pub combat: Combat,
    pub extra_phases: ExtraPhases,
    pub cleanup_again: bool,
    pub creatures_died_this_turn: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub died_this_turn: Vec<tolaria_cards::SubtypeSet>,
}

/// 608.4: a turn marker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMarker {
    /// 608.4b: its number (1 for the starting player's).
    pub number: u8,
    /// The player taking the turn it represents, or, while it waits, the
    /// player who passed it (608.4d: where it sits at the table).
    pub seat: PlayerId,
    /// 608.4c: it waits to go to this player.
    pub waiting_for: Option<PlayerId>,
    /// 608.4d: it is to be removed when its turn ends.
    pub removing: bool,
    /// Its turn while another is served (`None` for the served one).
    pub suspended: Option<Box<TurnState>>,
}

impl TurnMarker {
    /// A player has it and takes the turn it represents.
    pub fn held(&self) -> bool {
        self.waiting_for.is_none()
    }
}

/// 608.4: the turn markers of a Grand Melee game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnMarkers {
    /// In number order.
    pub markers: Vec<TurnMarker>,
    /// The number of the marker whose turn the game serves (or served
    /// last, if that marker was just removed or waits: then the game's
    /// turn fields hold a turn that has ended).
    pub serving: u8,
    /// The number the next turn to begin gets.
    pub next_turn: u32,
    /// 608.4d: players who left the game since the markers were counted.
    pub departed: Vec<PlayerId>,
}

impl TurnMarkers {
    fn get_mut(&mut self, number: u8) -> Option<&mut TurnMarker> {
        self.markers.iter_mut().find(|m| m.number == number)
    }
}

impl Game {
    /// 608: is this a Grand Melee game?
    #[inline]
    pub fn grand_melee(&self) -> bool {
        self.turn_markers.is_some()
    }

    /// The number of the latest turn begun: the current turn's, or in a
    /// Grand Melee game the highest of the turns in progress (608.4), so
    /// that a later number is a turn that began afterwards.
    pub fn latest_turn(&self) -> u32 {
        match self.turn_markers.as_deref() {
            Some(tm) => tm.next_turn.saturating_sub(1).max(self.turn),
            None => self.turn,
        }
    }

    /// 608.4: the turn markers (a Grand Melee game only).
    pub fn turn_markers(&self) -> &[TurnMarker] {
        self.turn_markers
            .as_deref()
            .map_or(&[], |t| t.markers.as_slice())
    }

    /// 608.4: the number of the turn marker `p` holds, if any.
    pub fn marker_of(&self, p: PlayerId) -> Option<u8> {
        self.turn_markers()
            .iter()
            .find(|m| m.held() && m.seat == p)
            .map(|m| m.number)
    }

    /// 608.4: the number of the marker whose turn is being served (the
    /// turn every decision now belongs to).
    pub fn serving_marker(&self) -> Option<u8> {
        self.turn_markers.as_ref().map(|t| t.serving)
    }

    /// The turns in progress: (marker, turn number, active player, step),
    /// the served one with the game's own fields.
    pub fn turns_in_progress(&self) -> Vec<(u8, u32, PlayerId, Step)> {
        let Some(tm) = self.turn_markers.as_deref() else {
            return Vec::new();
        };
        tm.markers
            .iter()
            .filter(|m| m.held())
            .map(|m| match &m.suspended {
                Some(t) => (m.number, t.turn, t.active, t.step),
                None => (m.number, self.turn, self.active, self.step),
            })
            .collect()
    }

    /// 608.4a: one turn marker for each full four players still in the
    /// game. *Decision*: at least one, so that the game goes on with fewer
    /// than four players left (normal turns).
    pub fn markers_wanted(&self) -> usize {
        (self.apnap_from(self.active).count() / 4).max(1)
    }

    /// 608.4b: the starting player gets the first turn marker, the player
    /// four seats to the left the second, and so on; all start their turns
    /// at once. The starting player's turn is served first.
    pub(crate) fn deal_turn_markers(&mut self) {
        let first = self.active;
        let k = self.markers_wanted();
        let mut tm = TurnMarkers {
            markers: Vec::with_capacity(k),
            serving: 1,
            next_turn: self.turn + 1,
            departed: Vec::new(),
        };
        let mut seat = first;
        for i in 0..k {
            let number = i as u8 + 1;
            let suspended = (i > 0).then(|| {
                let turn = tm.next_turn;
                tm.next_turn += 1;
                Box::new(self.fresh_turn(turn, seat))
            });
            tm.markers.push(TurnMarker {
                number,
                seat,
                waiting_for: None,
                removing: false,
                suspended,
            });
            self.emit(Event::TurnMarkerTaken {
                marker: number,
                player: seat,
            });
            for _ in 0..4 {
                seat = self.next_player(seat);
            }
        }
        self.turn_markers = Some(Box::new(tm));
    }

    /// For a game set up mid-way (scenarios): turn markers 1, 2, … held by
    /// `holders`, each turn at its step (608.4b's dealing from `active`,
    /// all at `step`, when empty); `active`'s turn, numbered `turn`, is
    /// the one served (its step is `begin_at`'s), the other holders' turns
    /// are numbered after it.
    pub fn place_turn_markers(
        &mut self,
        holders: &[(PlayerId, Step)],
        turn: u32,
        active: PlayerId,
        step: Step,
    ) -> Result<(), String> {
        let mut holders = holders.to_vec();
        if holders.is_empty() {
            let mut seat = active;
            for _ in 0..self.markers_wanted() {
                holders.push((seat, step));
                for _ in 0..4 {
                    seat = self.next_player(seat);
                }
            }
        }
        let serving = holders
            .iter()
            .position(|&(p, _)| p == active)
            .ok_or_else(|| format!("608.4: the active player {active} holds no turn marker"))?;
        let mut tm = TurnMarkers {
            markers: Vec::with_capacity(holders.len()),
            serving: serving as u8 + 1,
            next_turn: turn + 1,
            departed: Vec::new(),
        };
        for (i, &(seat, step)) in holders.iter().enumerate() {
            let suspended = (i != serving).then(|| {
                let t = tm.next_turn;
                tm.next_turn += 1;
                let mut s = self.fresh_turn(t, seat);
                s.step = step;
                Box::new(s)
            });
            tm.markers.push(TurnMarker {
                number: i as u8 + 1,
                seat,
                waiting_for: None,
                removing: false,
                suspended,
            });
        }
        self.turn_markers = Some(Box::new(tm));
        Ok(())
    }

    /// A turn of `p`'s about to begin (507.1: a turn-controlling effect
    /// waiting for `p`'s next turn applies to it).
    fn fresh_turn(&mut self, turn: u32, p: PlayerId) -> TurnState {
        let turn_controller = match self.turn_control_next.iter().position(|e| e.0 == p) {
            Some(i) => self.turn_control_next.remove(i).1,
            None => p,
        };
        TurnState {
            turn,
            active: p,
            turn_controller,
            step: Step::Untap,
            combat: Combat::default(),
            extra_phases: ExtraPhases::default(),
            cleanup_again: false,
            creatures_died_this_turn: 0,
            died_this_turn: Vec::new(),
        }
    }

    /// The served turn's state, taken out of the game's fields.
    fn take_turn_state(&mut self) -> TurnState {
        TurnState {
            turn: self.turn,
            active: self.active,
            turn_controller: self.turn_controller,
            step: self.step,
            combat: std::mem::take(&mut self.combat),
            extra_phases: std::mem::take(&mut self.extra_phases),
            cleanup_again: self.cleanup_again,
            creatures_died_this_turn: self.creatures_died_this_turn,
            died_this_turn: std::mem::take(&mut self.died_this_turn),
        }
    }

    /// Makes `t` the served turn (its next step begins).
    fn load_turn_state(&mut self, t: TurnState) {
        self.turn = t.turn;
        self.active = t.active;
        self.turn_controller = t.turn_controller;
        self.step = t.step;
        self.combat = t.combat;
        self.extra_phases = t.extra_phases;
        self.cleanup_again = t.cleanup_again;
        self.creatures_died_this_turn = t.creatures_died_this_turn;
        self.died_this_turn = t.died_this_turn;
        // Whose turn it is and who is in combat change what the board reads.
        self.touched();
    }

    /// After a step of the served turn ended (`end_step`): the next turn
    /// in progress, by marker number, cyclically, is served; its step
    /// begins (the flow is `BeginStep`).
    pub(crate) fn serve_next_turn(&mut self) {
        let Some(tm) = self.turn_markers.as_deref() else {
            return;
        };
        let from = tm.serving;
        // The game's turn fields hold that marker's turn, unless it was
        // removed or waits.
        let live = tm.markers.iter().any(|m| m.number == from && m.held());
        let held: Vec<u8> = tm
            .markers
            .iter()
            .filter(|m| m.held())
            .map(|m| m.number)
            .collect();
        let Some(&next) = held.iter().find(|&&n| n > from).or_else(|| held.first()) else {
            return;
        };
        if next == from && live {
            return;
        }
        if live {
            let t = self.take_turn_state();
            if let Some(m) = self.tm_mut().get_mut(from) {
                m.suspended = Some(Box::new(t));
            }
        }
        let Some(t) = self.tm_mut().get_mut(next).and_then(|m| m.suspended.take()) else {
            return;
        };
        self.tm_mut().serving = next;
        self.load_turn_state(*t);
        self.emit(Event::TurnServed {
            marker: next,
            turn: self.turn,
            player: self.active,
            step: self.step,
        });
    }

    fn tm_mut(&mut self) -> &mut TurnMarkers {
        self.turn_markers
            .as_deref_mut()
            .expect("a Grand Melee game has turn markers")
    }

    /// 608.4c–e: the served turn has ended. Its marker is removed (608.4d),
    /// or stays with the player for an extra turn (608.4e), or passes to
    /// the left (608.4c); then the waiting markers that may move do.
    pub(crate) fn grand_melee_turn_ended(&mut self) {
        self.count_turn_markers();
        let Some(number) = self.serving_marker() else {
            return;
        };
        let p = self.active;
        let removing = self
            .turn_markers()
            .iter()
            .any(|m| m.number == number && m.removing);
        if removing {
            self.remove_marker(number);
        } else if let Some(i) = self
            .extra_turns
            .iter()
            .rposition(|&q| q == p && !self.players[q.index()].lost)
        {
            // 608.4e: an extra turn (after this one, or waiting for the
            // player's next turn) is taken before the marker moves on.
            self.extra_turns.remove(i);
            self.start_marker_turn(number, p);
        } else {
            let q = self.next_player(p);
            self.give_marker(number, q, false);
        }
        self.release_waiting_markers();
    }

    /// 608.4d: the players who left since the last count: if the markers
    /// outnumber the full fours left, the marker immediately to a departed
    /// player's right is removed (the lower numbers first when several
    /// could be), at the end of its turn (only between turns).
    fn count_turn_markers(&mut self) {
        let departed = std::mem::take(&mut self.tm_mut().departed);
        if departed.is_empty() {
            return;
        }
        let want = self.markers_wanted();
        let kept = self.turn_markers().iter().filter(|m| !m.removing).count();
        let need = kept.saturating_sub(want);
        if need == 0 {
            return;
        }
        let n = self.players.len();
        let mut candidates: Vec<u8> = Vec::new();
        for d in departed {
            // The nearest marker to the right (seats counted as sat at
            // the start: a marker may sit at a departed player's seat).
            let found = (1..n).find_map(|k| {
                let s = PlayerId(((d.index() + n - k) % n) as u8);
                self.turn_markers()
                    .iter()
                    .find(|m| !m.removing && m.seat == s)
                    .map(|m| m.number)
            });
            if let Some(m) = found {
                if !candidates.contains(&m) {
                    candidates.push(m);
                }
            }
        }
        candidates.sort_unstable();
        for number in candidates.into_iter().take(need) {
            let waiting = match self.tm_mut().get_mut(number) {
                Some(m) => {
                    m.removing = true;
                    !m.held()
                }
                None => false,
            };
            // A waiting marker is between turns: removed at once.
            if waiting {
                self.remove_marker(number);
            }
        }
    }

    fn remove_marker(&mut self, number: u8) {
        let tm = self.tm_mut();
        tm.markers.retain(|m| m.number != number);
        self.emit(Event::TurnMarkerRemoved { marker: number });
    }

    /// 608.4c: can `q` receive marker `number` now? Not if `q` or any
    /// player in the three seats to `q`'s left (players still in the game)
    /// has another marker. A marker waiting to move is still with the
    /// player who passed it ("waits until the player four seats to his or
    /// her left *takes* the other turn marker"), unless `held_only`.
    fn may_receive_marker(&self, number: u8, q: PlayerId, held_only: bool) -> bool {
        let mut s = q;
        for k in 0..4 {
            if k > 0 {
                s = self.next_player(s);
                if s == q {
                    break;
                }
            }
            if self
                .turn_markers()
                .iter()
                .any(|m| m.number != number && m.seat == s && (m.held() || !held_only))
            {
                return false;
            }
        }
        true
    }

    /// 608.4c: marker `number` goes to `q`, or waits for `q`. A player who
    /// skips their turn (419.6e) passes it on to the left.
    fn give_marker(&mut self, number: u8, mut q: PlayerId, held_only: bool) {
        for _ in 0..self.players.len() * 4 {
            if !self.may_receive_marker(number, q, held_only) {
                self.emit(Event::TurnMarkerWaits {
                    marker: number,
                    player: q,
                });
                if let Some(m) = self.tm_mut().get_mut(number) {
                    m.waiting_for = Some(q);
                }
                return;
            }
            if self.players[q.index()].turns_to_skip > 0 {
                self.players[q.index()].turns_to_skip -= 1;
                self.emit(Event::TurnSkipped { player: q });
                q = self.next_player(q);
                continue;
            }
            break;
        }
        self.start_marker_turn(number, q);
    }

    /// `q` takes marker `number` and begins the turn it represents.
    fn start_marker_turn(&mut self, number: u8, q: PlayerId) {
        let turn = self.tm_mut().next_turn;
        self.tm_mut().next_turn += 1;
        let t = self.fresh_turn(turn, q);
        let serving = self.serving_marker() == Some(number);
        if let Some(m) = self.tm_mut().get_mut(number) {
            m.seat = q;
            m.waiting_for = None;
        }
        self.emit(Event::TurnMarkerTaken {
            marker: number,
            player: q,
        });
        if serving {
            self.load_turn_state(t);
        } else if let Some(m) = self.tm_mut().get_mut(number) {
            m.suspended = Some(Box::new(t));
        }
    }

    /// 608.4c: each waiting marker (lowest number first) goes to its
    /// player once no other marker is within the three seats to that
    /// player's left; repeated while one moves. *Decision*: when every
    /// marker waits (each for the one ahead to be taken: sixteen players
    /// with markers exactly four seats apart, all turns ended), none could
    /// ever move; they all move on together, in number order.
    fn release_waiting_markers(&mut self) {
        // A player who left no longer sits at the table: the marker goes
        // to the next player still in the game.
        let target = |g: &Game, q: PlayerId| {
            if g.players[q.index()].lost {
                g.next_player(q)
            } else {
                q
            }
        };
        loop {
            let waiting: Vec<(u8, PlayerId)> = self
                .turn_markers()
                .iter()
                .filter_map(|m| m.waiting_for.map(|q| (m.number, q)))
                .collect();
            if waiting.is_empty() {
                return;
            }
            if let Some(&(number, q)) = waiting
                .iter()
                .find(|&&(number, q)| self.may_receive_marker(number, target(self, q), false))
            {
                let q = target(self, q);
                self.give_marker(number, q, false);
                continue;
            }
            if self.turn_markers().iter().any(|m| m.held()) {
                return;
            }
            for (number, q) in waiting {
                let q = target(self, q);
                self.give_marker(number, q, true);
            }
            return;
        }
    }

    /// 608.4d: `p` left the game (counted at the end of the next turn).
    pub(crate) fn grand_melee_player_left(&mut self, p: PlayerId) {
        if let Some(tm) = self.turn_markers.as_deref_mut() {
            tm.departed.push(p);
        }
    }
}
