//! Banding (502.10): attacking bands, blocking a band, and who assigns the
//! combat damage dealt by creatures blocking or blocked by a creature with
//! banding.
//!
//! - 502.10b–c: as attackers are declared, the attacking player may put any
//!   number of attackers with banding and up to one without into a band
//!   (`Action::Band`, one creature at a time, while declaring attackers);
//!   each creature is in at most one band. The band is `Attacker::band`.
//! - 502.10d: a band lasts for the rest of combat; a creature removed from
//!   combat leaves it (its `Attacker` entry goes).
//! - 502.10e: a creature blocking one member of a band blocks every other
//!   member too (`band_blocks`, as the blockers are declared; the block's
//!   legality was judged for the member it was declared against).
//! - 502.10h: the controller of an attacking creature with banding chooses
//!   how the creatures blocking it assign their combat damage; the
//!   controller of a blocking creature with banding chooses how the
//!   creatures it blocks assign theirs (`damage_assigner`). The creature
//!   must still have banding as damage is assigned.
//! - 502.11: "bands with other [quality]": creatures that each have banding
//!   or the same such ability may form a band, however many lack banding
//!   (`band_join_ok`); two or more with the same one blocking a creature,
//!   or blocked by it, let their controller divide its damage (502.11c).
//!   Losing banding loses them too (502.11a, `layers`).

use crate::state::event::Event;
use crate::state::game::Game;
use crate::{Action, ObjId, PlayerId};
use tolaria_cards::Keyword;

impl Game {
    /// The declared attackers in band `band` (none for 0).
    pub fn band_members(&self, band: u8) -> impl Iterator<Item = ObjId> + '_ {
        self.combat
            .attackers
            .iter()
            .filter(move |a| band != 0 && a.band == band)
            .map(|a| a.obj)
    }

    /// 502.10b, 502.11b: may `creature` (an attacker in no band) join
    /// `with`'s band (or form one with it)? Any number with banding and at
    /// most one without; or (502.11b) creatures that each have banding or
    /// one same "bands with other" ability, however many lack banding.
    fn band_join_ok(&self, creature: ObjId, with: ObjId) -> bool {
        if creature == with {
            return false;
        }
        let (Some(a), Some(b)) = (
            self.combat.attackers.iter().find(|a| a.obj == creature),
            self.combat.attackers.iter().find(|a| a.obj == with),
        ) else {
            return false;
        };
        // 602.3b: creatures in a band can't attack different players.
        if a.band != 0 || a.defender != b.defender {
            return false;
        }
        let mut members: Vec<ObjId> = if b.band == 0 {
            vec![with]
        } else {
            self.band_members(b.band).collect()
        };
        members.push(creature);
        let chars: Vec<_> = members
            .iter()
            .map(|&m| crate::continuous::characteristics::compute(self, m))
            .collect();
        let without = chars.iter().filter(|c| !c.has(Keyword::Banding)).count();
        without <= 1
            || chars.iter().flat_map(|c| c.bands_with_other()).any(|q| {
                chars
                    .iter()
                    .all(|c| c.has(Keyword::Banding) || c.bands_with_other().any(|x| x == q))
            })
    }

    /// Has `id` banding or a "bands with other" ability (502.10, 502.11)?
    fn may_band(&self, id: ObjId) -> bool {
        // An attacker is in play: its values from the board when it is up
        // to date (`Game::chars`), not computed again at each listing.
        let ch = self.chars(id);
        ch.has(Keyword::Banding) || ch.bands_with_other().next().is_some()
    }

    /// 502.10b: the band declarations open while declaring attackers (only
    /// when some declared attacker has banding). A band of two not yet in
    /// any band is offered once, the later-declared creature joining.
    pub(crate) fn band_options(&self, out: &mut Vec<Action>) {
        let list = &self.combat.attackers;
        if list.len() < 2 || !list.iter().any(|a| self.may_band(a.obj)) {
            return;
        }
        for (i, a) in list.iter().enumerate() {
            for (j, b) in list.iter().enumerate() {
                if a.band == 0 && b.band == 0 && j >= i {
                    continue;
                }
                if self.band_join_ok(a.obj, b.obj) {
                    out.push(Action::Band {
                        creature: a.obj,
                        with: b.obj,
                    });
                }
            }
        }
    }

    /// Is `Band { creature, with }` a legal declaration now?
    pub(crate) fn band_legal(&self, creature: ObjId, with: ObjId) -> bool {
        let mut v = Vec::new();
        self.band_options(&mut v);
        v.contains(&Action::Band { creature, with })
    }

    /// 502.10b: `creature` joins `with`'s band, or the two form a new one.
    pub(crate) fn join_band(&mut self, creature: ObjId, with: ObjId) {
        self.status_changed();
        let band = match self.combat.attackers.iter().find(|a| a.obj == with) {
            Some(b) if b.band != 0 => b.band,
            Some(_) => {
                let n = self
                    .combat
                    .attackers
                    .iter()
                    .map(|a| a.band)
                    .max()
                    .unwrap_or(0)
                    + 1;
                if let Some(b) = self.combat.attackers.iter_mut().find(|a| a.obj == with) {
                    b.band = n;
                }
                n
            }
            None => return,
        };
        if let Some(a) = self.combat.attackers.iter_mut().find(|a| a.obj == creature) {
            a.band = band;
        }
    }

    /// 502.10b: the bands announced with the attackers, one line each.
    pub(crate) fn emit_bands(&mut self) {
        let top = self
            .combat
            .attackers
            .iter()
            .map(|a| a.band)
            .max()
            .unwrap_or(0);
        for band in 1..=top {
            let members: Vec<_> = self
                .band_members(band)
                .map(|o| self.objects[o.slot as usize].card)
                .collect();
            if !members.is_empty() {
                self.emit(Event::BandDeclared { members });
            }
        }
    }

    /// 502.10e: each creature blocking a member of a band blocks the other
    /// members too. Returns the added (blocker, attacker) pairs.
    pub(crate) fn band_blocks(&mut self) -> Vec<(ObjId, ObjId)> {
        let mut added = Vec::new();
        if self.combat.attackers.iter().all(|a| a.band == 0) {
            return added;
        }
        let declared = self.combat.blocks.clone();
        for (b, a) in declared {
            let band = self
                .combat
                .attackers
                .iter()
                .find(|x| x.obj == a)
                .map_or(0, |x| x.band);
            let others: Vec<ObjId> = self.band_members(band).filter(|&m| m != a).collect();
            for m in others {
                if !self.combat.blocks.contains(&(b, m)) {
                    self.combat.blocks.push((b, m));
                    added.push((b, m));
                }
            }
        }
        added
    }

    /// 502.10h: who divides `src`'s combat damage: the controller of an
    /// attacking creature with banding that `src` blocks, or of a blocking
    /// creature with banding that blocks `src`; 502.11c: the controller of
    /// two or more creatures with one same "bands with other" ability that
    /// block `src` or that `src` blocks; else `src`'s controller.
    pub(crate) fn damage_assigner(&self, src: ObjId) -> PlayerId {
        let own = self.objects[src.slot as usize].controller;
        let blocked: Vec<ObjId> = if self.combat.is_attacking(src) {
            self.combat.blockers_of(src).collect()
        } else {
            self.combat.blocked_by(src).collect()
        };
        // 502.11c: those with a "bands with other" ability, to find two
        // that share one (kept only when some opposing creature has one).
        let mut banders = Vec::new();
        for o in blocked {
            if !self.is_present(o) || self.objects[o.slot as usize].controller == own {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, o);
            if ch.has(Keyword::Banding) {
                return self.objects[o.slot as usize].controller;
            }
            if ch.bands_with_other().next().is_some() {
                banders.push((o, ch));
            }
        }
        for (i, (o, c)) in banders.iter().enumerate() {
            let shared = c.bands_with_other().any(|q| {
                banders[i + 1..]
                    .iter()
                    .any(|(_, d)| d.bands_with_other().any(|x| x == q))
            });
            if shared {
                return self.objects[o.slot as usize].controller;
            }
        }
        own
    }
}
