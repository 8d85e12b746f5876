//! The limited range of influence option (601).
//!
//! A player's range (`Player::range`, given before play: 601.2a, 605.2a;
//! 607.3a in the Emperor variant) is a number of seats. The players within
//! it are determined as each turn begins (601.2c: `determine_ranges`,
//! kept in `Player::in_range`, one bit per seat), counting only players
//! still in the game (600.4: a player who left no longer sits at the
//! table, but the ranges change only at the next turn). A player is always
//! within their own range (601.2b); an object is within it if its
//! controller is (601.2d; a card in a hand, library or graveyard by its
//! owner, whose zone it is in).
//!
//! The rest of 601 reads these questions where the rule applies:
//! attacking (601.3, `may_attack`), targets (601.4, `is_legal_target`),
//! choices (601.5a–c, `opponent_choosers`), activated abilities (601.6),
//! triggers (601.7, `trigger_within_range`), Auras and Equipment (601.8–9,
//! state-based effects), what effects affect and see (601.10–11: the
//! players and objects of a resolving effect's references, the objects a
//! continuous effect applies to, the counts of layer 6), the legend and
//! world rules (601.12–13) and replacement and prevention (601.14). With
//! the option off every question answers "within" on its first branch.

use crate::state::event::Event;
use crate::state::stack::PendingTrigger;
use crate::{Game, ObjId, PlayerId, Target, Zone};

impl Game {
    /// 601.1: the limited range of influence option is in use.
    #[inline]
    pub fn limited_range(&self) -> bool {
        self.options.range.is_some()
    }

    /// 601.2a, 605.2a, 607.3a–b: sets each player's range of influence
    /// before play begins from `given` (per seat: the player's own range,
    /// or `None` for the option's). In the Emperor variant the option is
    /// always used (607.3a) with the deploy creatures option (607.3b): an
    /// emperor's range is 2 and a general's 1 unless given. *Decision*
    /// (607.6 says only "should be adjusted"): with teams of more than
    /// three, an emperor reaches one seat past the farther side of their
    /// own team (half the team's size, plus one); generals keep 1. A
    /// range given to some players turns the option on, with no limit for
    /// the others unless the option names one. Then the ranges are
    /// determined (601.2c).
    pub fn set_ranges(&mut self, given: &[Option<u8>]) {
        let emperor = self.options.variant == crate::variants::multiplayer::Variant::Emperor;
        if emperor {
            self.options.range = self.options.range.or(Some(1));
            self.options.deploy = true;
        }
        if given.iter().any(Option::is_some) && self.options.range.is_none() {
            self.options.range = Some(u8::MAX);
        }
        let team_size = |g: &Game, p: usize| {
            let t = g.players[p].team;
            g.players.iter().filter(|q| q.team == t).count()
        };
        for p in 0..self.players.len() {
            let r = match given.get(p).copied().flatten() {
                Some(r) => Some(r),
                None if emperor && self.players[p].emperor => {
                    Some((team_size(self, p) / 2) as u8 + 1)
                }
                None if emperor => Some(1),
                None => None,
            };
            self.players[p].range = r;
        }
        self.determine_ranges();
    }

    /// 601.2a: `p`'s range of influence in seats (`None`: unlimited).
    pub fn range_of(&self, p: PlayerId) -> Option<u8> {
        self.options.range?;
        self.players[p.index()].range.or(self.options.range)
    }

    /// 601.2, 601.2b: is player `q` within `p`'s range of influence?
    #[inline]
    pub fn within_range(&self, p: PlayerId, q: PlayerId) -> bool {
        !self.limited_range() || p == q || self.players[p.index()].in_range & (1 << q.0) != 0
    }

    /// 601.2d: is object `o` within `p`'s range of influence? A permanent
    /// or an object on the stack by its controller; a card in a player's
    /// hand, library or graveyard by that player; an object that left its
    /// zone by its last known controller.
    pub fn object_within_range(&self, p: PlayerId, o: ObjId) -> bool {
        if !self.limited_range() {
            return true;
        }
        let x = &self.objects[o.slot as usize];
        let whose = match self.obj(o) {
            Some(_) => match x.zone {
                Zone::Hand(q) | Zone::Library(q) | Zone::Graveyard(q) => q,
                Zone::InPlay | Zone::Stack => x.controller,
                _ => x.owner,
            },
            None => self.last_known(o).map_or(x.owner, |l| l.controller),
        };
        self.within_range(p, whose)
    }

    /// 601.2: a player or an object within `p`'s range.
    pub fn target_within_range(&self, p: PlayerId, t: Target) -> bool {
        match t {
            Target::Player(q) => self.within_range(p, q),
            Target::Object(o) => self.object_within_range(p, o),
            // An ability on the stack: its controller's.
            Target::Ability(id) => self
                .stack_ability(id)
                .is_some_and(|s| self.within_range(p, s.controller)),
        }
    }

    /// 601.2c: the players within each player's range of influence are
    /// determined as each turn begins (and as the game begins): those at
    /// most `range` seats away on either side, counting only the players
    /// still in the game.
    pub fn determine_ranges(&mut self) {
        if !self.limited_range() {
            return;
        }
        for p in self.player_ids().collect::<Vec<_>>() {
            let r = self.range_of(p).unwrap_or(u8::MAX) as usize;
            let mut mask: u16 = 1 << p.0;
            let (mut left, mut right) = (p, p);
            for _ in 0..r.min(self.players.len()) {
                left = self.next_player(left);
                right = self.previous_player(right);
                mask |= (1 << left.0) | (1 << right.0);
            }
            self.players[p.index()].in_range = mask;
        }
    }

    /// 601.5a, 601.5c: the opponents of `controller` (still in the game,
    /// in turn order from the controller's left) who may be asked to make
    /// a choice "an opponent" makes for an effect `controller` controls:
    /// those within the controller's range; if none is, the closest to
    /// the controller's left. Without the option, every opponent.
    pub fn opponent_choosers(&self, controller: PlayerId) -> Vec<PlayerId> {
        let mut opponents: Vec<PlayerId> = self
            .apnap_from(controller)
            .skip(1)
            .filter(|&q| self.is_opponent(controller, q))
            .collect();
        if opponents.iter().any(|&q| self.within_range(controller, q)) {
            opponents.retain(|&q| self.within_range(controller, q));
        } else {
            opponents.truncate(1);
        }
        opponents
    }

    /// 601.7: does the event happen entirely within the range of influence
    /// of the trigger's controller? The event's players and objects (and
    /// the object or player the trigger's context names: the blocker of
    /// "becomes blocked by a creature") must all be within it. 601.7a: an
    /// object leaving play is judged by its controller before the event
    /// (last known information), one coming into play by its controller
    /// after; the zone it goes to is not part of the event.
    pub(crate) fn trigger_within_range(&self, e: &Event, t: &PendingTrigger) -> bool {
        let p = t.controller;
        if let Event::ZoneChange { old, new, from, .. } = e {
            return self.object_within_range(p, if *from == Zone::InPlay { *old } else { *new });
        }
        if t.ctx.player.is_some_and(|q| !self.within_range(p, q)) {
            return false;
        }
        if t.ctx
            .object
            .is_some_and(|o| !self.object_within_range(p, o))
        {
            return false;
        }
        let obj_ok = |o: ObjId| self.object_within_range(p, o);
        let player_ok = |q: PlayerId| self.within_range(p, q);
        match e {
            Event::Damage { source, to, .. } => obj_ok(*source) && self.target_within_range(p, *to),
            Event::AttackerDeclared { obj, .. }
            | Event::Tapped { obj, .. }
            | Event::Untapped { obj, .. } => obj_ok(*obj),
            Event::BlockerDeclared { attacker, .. } | Event::BandBlocked { attacker, .. } => {
                obj_ok(*attacker)
            }
            Event::SpellPlayed { player, .. }
            | Event::AbilityPlayed { player, .. }
            | Event::LandPlayed { player, .. }
            | Event::Cycled { player, .. }
            | Event::Drew { player, .. }
            | Event::LifeGained { player, .. }
            | Event::LifeLost { player, .. }
            | Event::PoisonCountersGiven { player, .. } => player_ok(*player),
            _ => true,
        }
    }

    /// 601.7: drops the triggers an event just made (from `from` on) that
    /// it doesn't make under the range of influence option.
    pub(crate) fn drop_out_of_range_triggers(&mut self, e: &Event, from: usize) {
        if !self.limited_range() || self.pending_triggers.len() <= from {
            return;
        }
        let mut k = from;
        while k < self.pending_triggers.len() {
            if self.trigger_within_range(e, &self.pending_triggers[k]) {
                k += 1;
            } else {
                self.pending_triggers.remove(k);
            }
        }
    }
}
