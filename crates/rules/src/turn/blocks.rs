//! 500.3–500.4: the legality of a declaration of blockers as a whole.
//!
//! Blockers are declared one at a time (`Action::Block`, then `Done`), but
//! some restrictions and requirements concern the whole set: "can't be
//! blocked except by two or more creatures" (Viashino Runner) and "All
//! creatures able to block enchanted creature do so" (Lure), whose
//! requirements must be obeyed as far as possible without breaking a
//! restriction (500.4). So while either is in effect:
//! - `Done` is legal only if the blocks declared follow every restriction
//!   and obey the maximum number of requirements any legal set obeys;
//! - a block is offered only if some legal set with that maximum still
//!   contains the blocks declared so far and it, so a declaration can
//!   always be finished.
//!
//! The search looks only at additions that can matter: blocks of attackers
//! with a requirement, and second blockers for an attacker blocked by
//! exactly one creature that needs two or more. Dropping any other block
//! from a legal set leaves it legal with as many requirements obeyed.

use crate::{Game, ObjId};
use tolaria_cards::{BlockRule, StaticAbility};

/// The blocking problem of the current combat.
struct Problem {
    blockers: Vec<ObjId>,
    attackers: Vec<ObjId>,
    /// `pair[b * attackers.len() + a]`: blocker b may block attacker a (the
    /// restrictions on the pair alone, 500.1).
    pair: Vec<bool>,
    /// How many attackers each blocker may block.
    cap: Vec<usize>,
    /// The least number of blockers of each attacker ("can't be blocked
    /// except by two or more creatures"; 0 when none is asked).
    least: Vec<usize>,
    /// Attackers that can't be blocked by more than one creature.
    max_one: Vec<bool>,
    /// 500.1: "No more than two creatures can block each combat": how many
    /// more blockers may be declared (`usize::MAX`: no limit); the
    /// blockers other players declared (602.4) already count.
    max_blockers: usize,
    /// Attackers every creature able to block must block (Lure).
    lured: Vec<bool>,
    /// `required[b * attackers.len() + a]`: blocker b must block attacker a
    /// if able (502.29a provoke).
    required: Vec<bool>,
    /// Blockers that block each combat if able, any attacker (Watchdog,
    /// Provoke): one requirement, obeyed by the blocker's first block.
    must_any: Vec<bool>,
    /// Attackers that must be blocked if able (Goblin Fire Fiend): one
    /// requirement, obeyed by the attacker's first blocker.
    must_be_blocked: Vec<bool>,
}

/// A set of blocks as counts and membership.
#[derive(Clone)]
struct State {
    /// `has[b * na + a]`.
    has: Vec<bool>,
    per_blocker: Vec<usize>,
    per_attacker: Vec<usize>,
    /// Requirements obeyed: blocks of a lured attacker.
    obeyed: usize,
}

impl Problem {
    fn na(&self) -> usize {
        self.attackers.len()
    }

    /// Requirements a block of attacker a by blocker b obeys.
    fn obeys(&self, b: usize, a: usize) -> usize {
        usize::from(self.lured[a]) + usize::from(self.required[b * self.na() + a])
    }

    /// The requirement a first block of blocker b obeys ("blocks each
    /// combat if able"), given the blocks of `s`.
    fn first_block_obeys(&self, s: &State, b: usize) -> usize {
        usize::from(self.must_any[b] && s.per_blocker[b] == 0)
    }

    /// The requirement a first blocker of attacker a obeys ("must be
    /// blocked if able"), given the blocks of `s`.
    fn first_blocker_obeys(&self, s: &State, a: usize) -> usize {
        usize::from(self.must_be_blocked[a] && s.per_attacker[a] == 0)
    }

    fn add(&self, s: &mut State, b: usize, a: usize) {
        s.obeyed += self.first_block_obeys(s, b) + self.first_blocker_obeys(s, a);
        s.has[b * self.na() + a] = true;
        s.per_blocker[b] += 1;
        s.per_attacker[a] += 1;
        s.obeyed += self.obeys(b, a);
    }

    fn remove(&self, s: &mut State, b: usize, a: usize) {
        s.has[b * self.na() + a] = false;
        s.per_blocker[b] -= 1;
        s.per_attacker[a] -= 1;
        s.obeyed -= self.obeys(b, a);
        s.obeyed -= self.first_block_obeys(s, b) + self.first_blocker_obeys(s, a);
    }

    /// Every restriction on the whole set followed (500.3)?
    fn legal(&self, s: &State) -> bool {
        (0..self.na()).all(|a| {
            let n = s.per_attacker[a];
            let lone = n > 0 && n < self.least[a];
            let crowded = self.max_one[a] && n > 1;
            !(lone || crowded)
        }) && (0..self.blockers.len()).all(|b| s.per_blocker[b] <= self.cap[b])
            && (self.max_blockers == usize::MAX
                || s.per_blocker.iter().filter(|&&n| n > 0).count() <= self.max_blockers)
    }

    /// The most requirements a legal superset of `s` can obey, looking at
    /// blockers `b..`; `None` if no legal superset exists. Stops early once
    /// `goal` is reached.
    fn best(&self, s: &mut State, b: usize, goal: usize) -> Option<usize> {
        if b == self.blockers.len() {
            return self.legal(s).then_some(s.obeyed);
        }
        // Upper bound: every remaining blocker fills its capacity with
        // blocks that obey requirements (at most two each).
        let bound = s.obeyed
            + (0..self.na())
                .map(|a| self.first_blocker_obeys(s, a))
                .sum::<usize>()
            + (b..self.blockers.len())
                .map(|x| {
                    let free = self.cap[x].saturating_sub(s.per_blocker[x]);
                    let mut gains: Vec<usize> = (0..self.na())
                        .filter(|&a| self.pair[x * self.na() + a] && !s.has[x * self.na() + a])
                        .map(|a| self.obeys(x, a))
                        .filter(|&g| g > 0)
                        .collect();
                    gains.sort_unstable_by(|p, q| q.cmp(p));
                    let first = if free > 0 {
                        self.first_block_obeys(s, x)
                    } else {
                        0
                    };
                    gains.iter().take(free).sum::<usize>() + first
                })
                .sum::<usize>();
        let mut best: Option<usize> = None;
        // Options for blocker b: nothing more, or one more useful block
        // (then blocker b is considered again for its remaining capacity).
        if let Some(v) = self.best(s, b + 1, goal) {
            best = Some(v);
            if v >= goal || v >= bound {
                return best;
            }
        }
        if s.per_blocker[b] >= self.cap[b] {
            return best;
        }
        for a in 0..self.na() {
            let i = b * self.na() + a;
            if !self.pair[i] || s.has[i] {
                continue;
            }
            let useful = self.obeys(b, a) > 0
                || self.first_block_obeys(s, b) > 0
                || self.first_blocker_obeys(s, a) > 0
                || (s.per_attacker[a] > 0 && s.per_attacker[a] < self.least[a]);
            if !useful || (self.max_one[a] && s.per_attacker[a] >= 1) {
                continue;
            }
            self.add(s, b, a);
            let v = self.best(s, b, goal);
            self.remove(s, b, a);
            if let Some(v) = v {
                if best.is_none_or(|x| v > x) {
                    best = Some(v);
                }
                if v >= goal || v >= bound {
                    return best;
                }
            }
        }
        best
    }
}

impl Game {
    /// Does a restriction or requirement on the whole set of blocks apply
    /// to an attacking creature now?
    pub(crate) fn whole_block_rules(&self) -> bool {
        !self.combat.provoked.is_empty()
            // 500.1: creatures that block each combat if able.
            || !self.blocks_if_able.is_empty()
            || self.any_static_in_play(|s, _, _| matches!(s, StaticAbility::MustBlock(_)))
            // 500.1: a limit on the number of blockers (`combat_limits.rs`).
            || self.block_limit().is_some()
            || self
                .must_block
                .iter()
                .any(|&(_, a)| self.combat.is_attacking(a))
            || self.combat.attackers.iter().any(|att| {
                // "All creatures able to block target creature this turn
                // do so." (Alluring Scent).
                self.objects[att.obj.slot as usize].this_turn
                    & (crate::state::object::this_turn::LURE
                        | crate::state::object::this_turn::MENACE)
                    != 0
                    || !self.own_lure_filters(att.obj).is_empty()
                    || self.must_be_blocked(att.obj)
                    || self.any_static_on(att.obj, |s, _| {
                        matches!(
                            s,
                            StaticAbility::MustBeBlockedByAll(_)
                                | StaticAbility::BlockRestriction {
                                    rule: BlockRule::AtLeast(_),
                                    ..
                                }
                        )
                    })
            })
    }

    fn block_problem(&self) -> Option<(Problem, State)> {
        let def = self.combat.defending?;
        // 602.4b: a defending player's blocks are judged ignoring the
        // creatures attacking other players (and, as `controlled_by(def)`
        // already does, the other players' blockers).
        let multiple = self.attacks_multiple();
        let attackers: Vec<ObjId> = self
            .combat
            .attackers
            .iter()
            .filter(|a| !multiple || a.defender == Some(def))
            .map(|a| a.obj)
            .collect();
        // 606.7c: the defending team's one combined block, legal as a whole.
        let side: Vec<crate::PlayerId> = self.defending_side(def).collect();
        let blockers: Vec<ObjId> = side
            .into_iter()
            .flat_map(|d| self.controlled_by(d))
            .filter(|&b| attackers.iter().any(|&a| self.can_block_pair(b, a)))
            .collect();
        let na = attackers.len();
        let mut pair = vec![false; blockers.len() * na];
        for (bi, &b) in blockers.iter().enumerate() {
            for (ai, &a) in attackers.iter().enumerate() {
                pair[bi * na + ai] = self.can_block_pair(b, a);
            }
        }
        let lured = |a: ObjId| {
            self.objects[a.slot as usize].this_turn & crate::state::object::this_turn::LURE != 0
                || self.any_static_on(a, |s, _| matches!(s, StaticAbility::MustBeBlockedByAll(_)))
        };
        // The most "… except by N or more creatures" asks of attacker `a`.
        let least = |a: ObjId| {
            // "Gains menace until end of turn" (Gorilla War Cry).
            let mut n = if self.objects[a.slot as usize].this_turn
                & crate::state::object::this_turn::MENACE
                != 0
            {
                2
            } else {
                0
            };
            self.any_static_on(a, |s, _| {
                if let StaticAbility::BlockRestriction {
                    rule: BlockRule::AtLeast(k),
                    ..
                } = s
                {
                    n = n.max(usize::from(*k));
                }
                false
            });
            n
        };
        let mut required = vec![false; blockers.len() * na];
        // "All Walls able to block CARDNAME do so" (Marble Priest): a
        // requirement for each blocker the filter matches.
        for (ai, &a) in attackers.iter().enumerate() {
            for f in self.own_lure_filters(a) {
                let you = self.objects[a.slot as usize].controller;
                for (bi, &b) in blockers.iter().enumerate() {
                    if crate::continuous::filter::matches(self, f, b, Some(a), you) {
                        required[bi * na + ai] = true;
                    }
                }
            }
        }
        // "It blocks each attacking creature this turn if able" (Blaze of
        // Glory): a requirement for each pair.
        for &(b, each) in &self.blocks_if_able {
            if let (true, Some(bi)) = (each, blockers.iter().position(|&x| x == b)) {
                for ai in 0..na {
                    required[bi * na + ai] = true;
                }
            }
        }
        for &(b, a) in self.combat.provoked.iter().chain(&self.must_block) {
            let bi = blockers.iter().position(|&x| x == b);
            let ai = attackers.iter().position(|&x| x == a);
            if let (Some(bi), Some(ai)) = (bi, ai) {
                required[bi * na + ai] = true;
            }
        }
        // 500.1: the blockers declared by the other defending players
        // (602.4) take their places under a block limit first.
        let max_blockers = self.block_limit().map_or(usize::MAX, |m| {
            let mut others: Vec<ObjId> = self
                .combat
                .blocks
                .iter()
                .map(|&(b, _)| b)
                .filter(|b| !blockers.contains(b))
                .collect();
            others.sort_unstable();
            others.dedup();
            m.saturating_sub(others.len())
        });
        let must_any = blockers.iter().map(|&b| self.must_block_any(b)).collect();
        let must_be_blocked = attackers.iter().map(|&a| self.must_be_blocked(a)).collect();
        let p = Problem {
            max_blockers,
            required,
            must_any,
            must_be_blocked,
            cap: blockers.iter().map(|&b| self.block_capacity(b)).collect(),
            least: attackers.iter().map(|&a| least(a)).collect(),
            max_one: attackers.iter().map(|&a| self.max_one_blocker(a)).collect(),
            lured: attackers.iter().map(|&a| lured(a)).collect(),
            blockers,
            attackers,
            pair,
        };
        let mut s = State {
            has: vec![false; p.blockers.len() * na],
            per_blocker: vec![0; p.blockers.len()],
            per_attacker: vec![0; na],
            obeyed: 0,
        };
        for &(b, a) in &self.combat.blocks {
            let ai = p.attackers.iter().position(|&x| x == a);
            match (p.blockers.iter().position(|&x| x == b), ai) {
                (Some(bi), Some(ai)) => p.add(&mut s, bi, ai),
                // A declared blocker that can no longer block counts for
                // its attacker all the same.
                (None, Some(ai)) => s.per_attacker[ai] += 1,
                _ => {}
            }
        }
        Some((p, s))
    }

    /// 500.1: the filters of the attacker's own "All [filter] able to
    /// block [this] do so" (Marble Priest, Talruum Piper).
    fn own_lure_filters(&self, a: ObjId) -> Vec<&'static tolaria_cards::ObjectFilter> {
        if self.objects[a.slot as usize].flags & crate::state::object::flags::STATICS == 0 {
            return Vec::new();
        }
        super::combat_flow::statics(&self.chars(a))
            .filter_map(|s| match s {
                StaticAbility::MustBeBlockedByAllOf(f) => Some(f),
                _ => None,
            })
            .collect()
    }

    /// 500.1: "[This] must be blocked if able." (Goblin Fire Fiend)
    fn must_be_blocked(&self, a: ObjId) -> bool {
        self.objects[a.slot as usize].flags & crate::state::object::flags::STATICS != 0
            && super::combat_flow::statics(&self.chars(a))
                .any(|s| matches!(s, StaticAbility::MustBeBlocked))
    }

    /// 500.1: must this creature block an attacking creature if able
    /// ("[This] blocks each combat if able", "That creature blocks this
    /// turn if able")?
    fn must_block_any(&self, b: ObjId) -> bool {
        self.blocks_if_able.contains(&(b, false))
            || self.any_static_on(b, |s, _| matches!(s, StaticAbility::MustBlock(_)))
    }

    /// The most requirements a legal set of blocks obeys (500.4).
    fn max_obeyed(p: &Problem) -> Option<usize> {
        let mut empty = State {
            has: vec![false; p.blockers.len() * p.na()],
            per_blocker: vec![0; p.blockers.len()],
            per_attacker: vec![0; p.na()],
            obeyed: 0,
        };
        p.best(&mut empty, 0, usize::MAX)
    }

    /// 500.3–500.4: may the defending player finish declaring blockers now?
    pub(crate) fn blocks_done_legal(&self) -> bool {
        if !self.whole_block_rules() {
            return true;
        }
        let Some((p, s)) = self.block_problem() else {
            return true;
        };
        p.legal(&s) && Self::max_obeyed(&p).is_none_or(|m| s.obeyed >= m)
    }

    /// 500.3–500.4: does declaring this block (already allowed by
    /// `can_block`) still leave a legal declaration to finish?
    pub(crate) fn block_keeps_declaration_legal(&self, blocker: ObjId, attacker: ObjId) -> bool {
        if !self.whole_block_rules() {
            return true;
        }
        let Some((p, mut s)) = self.block_problem() else {
            return true;
        };
        let (Some(bi), Some(ai)) = (
            p.blockers.iter().position(|&x| x == blocker),
            p.attackers.iter().position(|&x| x == attacker),
        ) else {
            return false;
        };
        let Some(m) = Self::max_obeyed(&p) else {
            return true;
        };
        p.add(&mut s, bi, ai);
        if s.per_blocker[bi] > p.cap[bi] {
            return false;
        }
        p.best(&mut s, 0, m).is_some_and(|v| v >= m)
    }
}
