//! The kept board (418.5, ARCHITECTURE.md "Derived data kept for speed"):
//! `Game::settle` brings the computed characteristics, controllers and
//! abilities up to date after a change, recomputing only the permanents
//! whose inputs changed where it can (the per-permanent local board,
//! updated in place when permanents only left or were added at the end),
//! else the whole board; a creature whose controller changes or that stops
//! being a creature leaves combat (306.2).

use super::*;

impl Game {
    /// Whether an Aura in play is attached to `id`.
    pub(crate) fn is_enchanted(&self, id: ObjId) -> bool {
        self.attached_of_kind(id, tolaria_cards::Subtype::AURA)
    }

    /// Whether a permanent whose printed subtypes include `kind` (Aura,
    /// Equipment) is attached to `id`.
    pub(crate) fn attached_of_kind(&self, id: ObjId, kind: tolaria_cards::Subtype) -> bool {
        self.in_play.iter().any(|&a| {
            let o = &self.objects[a.slot as usize];
            o.attached_to == Some(Target::Object(id))
                && crate::continuous::characteristics::printed(self, a)
                    .subtypes
                    .contains(kind)
        })
    }

    /// Brings the cached board up to date (`Game::board`), and carries out
    /// what a change of controller brings with it: 212.3f, the permanent
    /// is "sick" again; 306.2, it is removed from combat.
    #[inline]
    /// A change of status or combat that emits no event of its own (the
    /// defending player named, combat cleared, 311.2): the kept board is
    /// stale if some effect reads status (`Board::status_sensitive`).
    pub(crate) fn status_changed(&mut self) {
        if self.board.status_sensitive {
            self.board.valid = false;
        }
    }

    pub fn settle(&mut self) {
        if !self.board.valid {
            self.settle_board();
        }
    }

    /// Could the board computed now be local (`Board::local`): no effect of
    /// a resolved spell or ability (nor copy effect) and no deploy option?
    /// (Static abilities are looked at per permanent.)
    #[inline]
    pub(crate) fn may_be_local(&self) -> bool {
        self.effects.is_empty() && !self.options.deploy && !self.graveyard_statics
    }

    /// The keys of a board just computed whole, when it is local (no
    /// permanent with a static ability, and `may_be_local`).
    fn local_keys(
        &self,
        chars: &[Characteristics],
    ) -> Option<Vec<crate::continuous::characteristics::LocalKey>> {
        if !self.may_be_local() || chars.iter().any(|c| c.face_def().has_statics) {
            return None;
        }
        let keys = self
            .in_play
            .iter()
            .map(|&id| crate::continuous::characteristics::LocalKey {
                inputs: crate::continuous::characteristics::LocalInputs::of(self, id),
                abil: u32::MAX,
            })
            .collect();
        Some(keys)
    }

    /// The board recomputed from the kept local board (`Board::local`): with
    /// no continuous effect, a permanent's characteristics are its layer-1
    /// values and counters (what `compute_board` gives when it lists no
    /// effect), read from its own object; an entry whose inputs
    /// (`LocalInputs`) are unchanged is kept, the others are computed.
    /// `None` when the board can't be local (an effect exists, or a
    /// permanent computed now has static abilities): it is computed whole.
    fn local_board(
        &self,
    ) -> Option<(
        Vec<Characteristics>,
        Vec<crate::continuous::characteristics::LocalKey>,
    )> {
        use crate::continuous::characteristics::{LocalInputs, LocalKey};
        if !self.board.local || !self.may_be_local() {
            return None;
        }
        let old = &self.board;
        let mut chars = Vec::with_capacity(self.in_play.len());
        let mut keys = Vec::with_capacity(self.in_play.len());
        let mut next_old = 0;
        for &id in &self.in_play {
            let inputs = LocalInputs::of(self, id);
            let found = old.keys[next_old..]
                .iter()
                .position(|k| k.inputs.id == id)
                .map(|k| next_old + k);
            if let Some(k) = found {
                next_old = k + 1;
                if old.keys[k].inputs == inputs {
                    chars.push(old.chars[k]);
                    keys.push(old.keys[k]);
                    continue;
                }
            }
            let mut ch = layer1(self, id);
            if ch.face_def().has_statics {
                return None;
            }
            apply_counters(self, id, &mut ch);
            chars.push(ch);
            keys.push(LocalKey {
                inputs,
                abil: u32::MAX,
            });
        }
        Some((chars, keys))
    }

    /// Can [`Game::settle_local_in_place`] update the kept local board in
    /// place: is every entry it keeps (found as `local_board` finds it:
    /// the next entry of the same id past the last one kept) read before
    /// its slot is written, i.e. at an old index no lower than its new one?
    /// (Permanents leaving play and new ones at the end of `in_play`, the
    /// usual changes, allow it.)
    fn local_in_place_possible(&self, prefix: usize) -> bool {
        let keys = &self.board.keys;
        let mut next_old = prefix;
        for (i, &id) in self.in_play.iter().enumerate().skip(prefix) {
            if let Some(k) = keys[next_old..].iter().position(|k| k.inputs.id == id) {
                let k = next_old + k;
                if k < i {
                    return false;
                }
                next_old = k + 1;
            }
        }
        true
    }

    /// How many of the first permanents of `in_play` are those of the kept
    /// local board's first entries, at the same indices, with none of
    /// their inputs written since (`flags::BOARD_INPUTS` clear): entries
    /// kept as they are, with their objects' index, controller and ability
    /// bits, and their mana sources (issue 22: a permanent entering play
    /// comes at the end of `in_play`, so the usual change leaves all the
    /// others in this prefix).
    fn local_prefix(&self) -> usize {
        use crate::state::object::flags;
        let keys = &self.board.keys;
        let mut m = 0;
        for (&id, k) in self.in_play.iter().zip(keys) {
            if k.inputs.id != id || self.objects[id.slot as usize].flags & flags::BOARD_INPUTS != 0
            {
                break;
            }
            debug_assert_eq!(
                k.inputs,
                crate::continuous::characteristics::LocalInputs::of(self, id),
                "a local board input written without flags::BOARD_INPUTS"
            );
            m += 1;
        }
        m
    }

    /// Is the kept local board still the board, with nothing to compute:
    /// the board can be local, it lists the permanents of `in_play` in the
    /// same order, no input of theirs was written since their entries were
    /// computed (`flags::BOARD_INPUTS`), and no creature in combat stopped
    /// being one (the entries are those the last settle judged combat by)?
    /// Debug builds compare each entry's inputs with its object's.
    fn local_board_untouched(&self) -> bool {
        use crate::state::object::flags;
        let n = self.in_play.len();
        if !self.board.local
            || !self.may_be_local()
            || self.board.ids.len() != n
            || self.board.keys.len() != n
        {
            return false;
        }
        let mut written = 0;
        for (a, b) in self.in_play.iter().zip(&self.board.ids) {
            if a != b {
                return false;
            }
            written |= self.objects[a.slot as usize].flags;
        }
        if written & flags::BOARD_INPUTS != 0 {
            return false;
        }
        #[cfg(debug_assertions)]
        for (i, &id) in self.in_play.iter().enumerate() {
            let o = &self.objects[id.slot as usize];
            debug_assert_eq!(
                self.board.keys[i].inputs,
                crate::continuous::characteristics::LocalInputs::of(self, id),
                "a local board input written without flags::BOARD_INPUTS"
            );
            debug_assert_eq!(usize::from(o.board_index), i);
            debug_assert_eq!(o.controller, self.board.chars[i].controller);
            debug_assert_eq!(o.flags & flags::ABILITY_BITS, self.board.keys[i].abil);
        }
        // 306.2: a permanent in combat that is no creature leaves it; the
        // full update judges that.
        let noncreature = |o: ObjId| {
            let x = &self.objects[o.slot as usize];
            x.gen == o.gen
                && x.zone == crate::Zone::InPlay
                && self.board.ids.get(usize::from(x.board_index)) == Some(&o)
                && !self.board.chars[usize::from(x.board_index)].is_creature()
        };
        !self.combat.attackers.iter().any(|a| noncreature(a.obj))
            && !self.combat.blocks.iter().any(|b| noncreature(b.0))
    }

    /// [`Game::local_board`] written into the kept board itself (when
    /// `local_in_place_possible`): the same entries are kept and computed,
    /// without building new lists. Returns whether the board's permanents
    /// or entries changed (for `sba_dirty`). `None` when the board can't be
    /// local: an entry computed now has static abilities (the board is
    /// then left half-updated, which doesn't matter as it is computed whole
    /// next, and it differs from the old one in that entry).
    fn settle_local_in_place(&mut self, prefix: usize) -> Option<bool> {
        use crate::continuous::characteristics::{LocalInputs, LocalKey};
        use crate::state::object::flags;
        let n = self.in_play.len();
        let mut changed = n != self.board.keys.len() || n != self.board.ids.len();
        // The entries of the unchanged prefix are kept where they are.
        let mut next_old = prefix;
        for i in prefix..n {
            let id = self.in_play[i];
            let found = self.board.keys[next_old..]
                .iter()
                .position(|k| k.inputs.id == id)
                .map(|k| next_old + k);
            let slot = id.slot as usize;
            let touched = self.objects[slot].flags & flags::BOARD_INPUTS != 0;
            // An entry whose object's inputs weren't written since it was
            // computed (`flags::BOARD_INPUTS` clear) is kept without
            // reading them (issue 22); debug builds compare them.
            if let (Some(k), false) = (found, touched) {
                debug_assert_eq!(
                    self.board.keys[k].inputs,
                    LocalInputs::of(self, id),
                    "a local board input written without flags::BOARD_INPUTS"
                );
                next_old = k + 1;
                if k != i {
                    // An earlier permanent left: the entry moves up.
                    changed = true;
                    self.board.chars[i] = self.board.chars[k];
                    self.board.keys[i] = self.board.keys[k];
                }
                continue;
            }
            self.objects[slot].flags &= !flags::BOARD_INPUTS;
            let inputs = LocalInputs::of(self, id);
            if let Some(k) = found {
                next_old = k + 1;
                if self.board.keys[k].inputs == inputs {
                    if k != i {
                        // An earlier permanent left: the entry moves up.
                        changed = true;
                        self.board.chars[i] = self.board.chars[k];
                        self.board.keys[i] = self.board.keys[k];
                    }
                    continue;
                }
            }
            let mut ch = layer1(self, id);
            if ch.face_def().has_statics {
                return None;
            }
            apply_counters(self, id, &mut ch);
            let key = LocalKey {
                inputs,
                abil: u32::MAX,
            };
            if i < self.board.chars.len() {
                changed |= found != Some(i) || self.board.chars[i] != ch;
                self.board.chars[i] = ch;
                self.board.keys[i] = key;
            } else {
                changed = true;
                self.board.chars.push(ch);
                self.board.keys.push(key);
            }
        }
        self.board.chars.truncate(n);
        self.board.keys.truncate(n);
        Some(changed)
    }

    /// The board computed whole through the layers and stored, with its
    /// keys when it is local.
    fn store_whole_board(&mut self) {
        let (chars, status_sensitive) = compute_board(self);
        let keys = self.local_keys(&chars);
        self.board.chars = chars;
        self.board.local = keys.is_some();
        self.board.keys = keys.unwrap_or_default();
        self.board.status_sensitive = status_sensitive;
    }

    /// The board's permanents (`Board::ids`), its list of mana sources and
    /// its counts of permanents with each kind of ability, from `in_play`,
    /// the entries and the objects' ability flags just set.
    /// The first `prefix` permanents are the kept board's first entries,
    /// unchanged with their flags (`local_prefix`): their mana sources are
    /// the old list's first ones, copied at once.
    fn rebuild_board_lists(&mut self, prefix: usize) {
        self.board.ids.clear();
        self.board.ids.extend_from_slice(&self.in_play);
        // The entries of permanents still there with the same card and
        // face are kept (both lists are in `in_play` order). The new list
        // is built in the previous rebuild's allocation (`Board::mana_spare`),
        // so a rebuild allocates nothing in the usual case (issue 22).
        let old = std::mem::replace(
            &mut self.board.mana,
            std::mem::take(&mut self.board.mana_spare.0),
        );
        self.board.mana.clear();
        self.board.mana.reserve(old.len() + 1);
        self.board.statics = 0;
        self.board.activated = 0;
        self.board.triggers = 0;
        let mut kept = 0;
        for &id in &self.in_play[..prefix] {
            let flags = self.objects[id.slot as usize].flags;
            self.board.triggers += u32::from(flags & crate::state::object::flags::TRIGGERS != 0);
            self.board.statics += u32::from(flags & crate::state::object::flags::STATICS != 0);
            self.board.activated += u32::from(flags & crate::state::object::flags::ACTIVATED != 0);
            if flags & crate::state::object::flags::MANA != 0 {
                debug_assert_eq!(old.get(kept).map(|m| m.id), Some(id));
                kept += 1;
            }
        }
        self.board.mana.extend_from_slice(&old[..kept]);
        let mut next_old = kept;
        for (i, &id) in self.in_play.iter().enumerate().skip(prefix) {
            let flags = self.objects[id.slot as usize].flags;
            self.board.triggers += u32::from(flags & crate::state::object::flags::TRIGGERS != 0);
            self.board.statics += u32::from(flags & crate::state::object::flags::STATICS != 0);
            self.board.activated += u32::from(flags & crate::state::object::flags::ACTIVATED != 0);
            if flags & crate::state::object::flags::MANA != 0 {
                let ch = &self.board.chars[i];
                let kept = old[next_old..]
                    .iter()
                    .position(|m| m.id == id)
                    .map(|k| next_old + k)
                    .filter(|&k| {
                        old[k].card == ch.card
                            && old[k].face == ch.face
                            && old[k].granted == ch.granted
                            && old[k].land == (ch.text_lost, ch.land_mana)
                            && old[k].text == ch.text
                    });
                let entry = match kept {
                    Some(k) => {
                        next_old = k + 1;
                        old[k]
                    }
                    None => crate::continuous::characteristics::ManaSource::of(id, ch),
                };
                self.board.mana.push(entry);
            }
        }
        self.board.mana_spare.0 = old;
    }

    /// [`Game::settle`] when the board is stale.
    #[inline(never)]
    fn settle_board(&mut self) {
        // "For as long as that creature is enchanted": the effect ends
        // for good once no Aura is attached to it.
        if self.effects.iter().any(|e| e.while_enchanted) {
            let ended: Vec<usize> = (0..self.effects.len())
                .filter(|&k| {
                    self.effects[k].while_enchanted && !self.is_enchanted(self.effects[k].affected)
                })
                .collect();
            for k in ended.into_iter().rev() {
                self.effects.remove(k);
            }
        }
        let mut t = self.board.token_free.min(self.objects.len());
        // Spell copies (420.5j) cease to exist the same way.
        while t < self.objects.len()
            && !self.objects[t].token
            && self.objects[t].spell_copy.is_none()
        {
            t += 1;
        }
        self.board.token_free = t;
        for _ in 0..8 {
            if self.board.valid {
                return;
            }
            if self.local_board_untouched() {
                // The same permanents, none of whose inputs was written:
                // every entry, controller and ability bit is as the last
                // settle left it (issue 22).
                self.board.status_sensitive = false;
                self.board.rewound = false;
                self.board.valid = true;
                return;
            }
            // The kept local board updated in place when it can be (no
            // new lists), else as `local_board` computes it, else whole
            // through the layers. `same`: the permanents and their entries
            // are those of the kept board.
            let local_kept = self.board.local && self.may_be_local();
            // The entries kept as they are, at their indices (`local_prefix`).
            let prefix = if local_kept { self.local_prefix() } else { 0 };
            let in_place = local_kept && self.local_in_place_possible(prefix);
            // Updated in place and local: an entry kept at its index
            // (inputs unchanged, `abil` kept) is the one the last settle
            // wrote its object's index, controller and ability bits from.
            let mut kept_in_place = in_place;
            let same = match in_place.then(|| self.settle_local_in_place(prefix)) {
                Some(Some(changed)) => {
                    // A characteristic changed without a zone change (a
                    // static ability began or stopped applying): state-based
                    // effects must be checked again (420.3). (A local board
                    // is never a rewound one.)
                    self.sba_dirty |= changed;
                    self.board.status_sensitive = false;
                    !changed
                }
                Some(None) => {
                    // An entry computed now has static abilities: the
                    // board differs from the kept one in that entry.
                    kept_in_place = false;
                    self.sba_dirty = true;
                    self.store_whole_board();
                    false
                }
                None => {
                    let (chars, keys, status_sensitive) = match self.local_board() {
                        Some((chars, keys)) => (chars, Some(keys), false),
                        None => {
                            let (chars, sensitive) = compute_board(self);
                            let keys = self.local_keys(&chars);
                            (chars, keys, sensitive)
                        }
                    };
                    // (Compared only while the flag is clear: setting it
                    // again changes nothing.)
                    if !self.sba_dirty
                        && !self.board.rewound
                        && (self.board.ids != self.in_play || self.board.chars != chars)
                    {
                        self.sba_dirty = true;
                    }
                    self.board.chars = chars;
                    self.board.local = keys.is_some();
                    self.board.keys = keys.unwrap_or_default();
                    self.board.status_sensitive = status_sensitive;
                    false
                }
            };
            let mut changed = Vec::new();
            let mut leave_combat = Vec::new();
            let mut flags_changed = false;
            let local = self.board.local;
            let chars = &self.board.chars;
            let keys = &mut self.board.keys;
            let in_combat = !self.combat.attackers.is_empty() || !self.combat.blocks.is_empty();
            // The unchanged prefix kept in place (`local_prefix`): its
            // objects already hold their index, controller and ability
            // bits; only a noncreature in combat would be removed (306.2).
            let skip = if kept_in_place { prefix } else { 0 };
            for (i, &id) in self.in_play[..skip].iter().enumerate() {
                debug_assert_eq!(usize::from(self.objects[id.slot as usize].board_index), i);
                debug_assert_eq!(
                    self.objects[id.slot as usize].flags
                        & crate::state::object::flags::ABILITY_BITS,
                    keys[i].abil
                );
                if in_combat
                    && !chars[i].is_creature()
                    && (self.combat.is_attacking(id) || self.combat.is_blocking(id))
                {
                    leave_combat.push(id);
                }
            }
            for (i, &id) in self.in_play.iter().enumerate().skip(skip) {
                let o = &mut self.objects[id.slot as usize];
                // An entry kept at its index by the in-place update: its
                // object already holds what this loop would write (the
                // same entry, controller and ability bits as the last
                // settle wrote; `check_board` verifies it in the tests).
                // Only a noncreature in combat would be removed (306.2).
                if kept_in_place
                    && usize::from(o.board_index) == i
                    && keys.get(i).is_some_and(|k| k.abil != u32::MAX)
                {
                    debug_assert_eq!(
                        o.flags & crate::state::object::flags::ABILITY_BITS,
                        keys[i].abil
                    );
                    debug_assert_eq!(o.controller, chars[i].controller);
                    if in_combat
                        && !chars[i].is_creature()
                        && (self.combat.is_attacking(id) || self.combat.is_blocking(id))
                    {
                        leave_combat.push(id);
                    }
                    continue;
                }
                o.board_index = i as u16;
                // A kept entry of a local board keeps its ability bits.
                let abil = match keys.get_mut(i).filter(|_| local) {
                    Some(k) if k.abil != u32::MAX => k.abil,
                    Some(k) => {
                        k.abil = crate::state::object::Object::ability_flags_of(&chars[i]);
                        k.abil
                    }
                    None => crate::state::object::Object::ability_flags_of(&chars[i]),
                };
                let flags = (o.flags & !crate::state::object::flags::ABILITY_BITS) | abil;
                flags_changed |= flags != o.flags;
                // Its entry was computed from its inputs now (a whole or
                // local board; kept only if unchanged): `BOARD_INPUTS`
                // clear again.
                o.flags = flags & !crate::state::object::flags::BOARD_INPUTS;
                let new_controller = o.controller != chars[i].controller;
                if new_controller {
                    changed.push((id, o.controller, chars[i].controller));
                    o.controller = chars[i].controller;
                    // 212.3f; 502.19a: echo counts from this change of control.
                    o.flags |= crate::state::object::flags::SICK;
                    o.control_marks = crate::state::object::marks::CONTROL_SINCE_UPKEEP;
                }
                // 306.2: a creature whose controller changes or that stops
                // being a creature is removed from combat.
                if (new_controller || !chars[i].is_creature())
                    && (self.combat.is_attacking(id) || self.combat.is_blocking(id))
                {
                    leave_combat.push(id);
                }
            }
            // The same permanents with the same entries and flags: the
            // list of mana sources and the counts are those of the kept board.
            if !same || flags_changed {
                self.rebuild_board_lists(skip);
            }
            self.board.rewound = false;
            // The computation reads the ability flags it has just reset
            // (which permanents have static abilities): when they changed
            // (abilities regained as "until end of turn" effects end), it
            // runs again with them, so the board is a fixed point.
            self.board.valid = !flags_changed;
            // 502.59a: "until you lose control of … the permanent": an
            // effect that lasts while its controller controls the
            // permanent ends with the change; the board is computed again.
            // "for as long as you control CARDNAME" (Aladdin): an effect
            // that lasts while its controller controls its source ends as
            // the source changes control.
            if !changed.is_empty()
                && self
                    .effects
                    .iter()
                    .any(|e| e.while_controlled || e.while_controls.is_some())
            {
                let before = self.effects.len();
                let objects = &self.objects;
                self.effects.retain(|e| {
                    (!e.while_controlled
                        || objects[e.affected.slot as usize].controller == e.controller)
                        && e.while_controls
                            .is_none_or(|s| objects[s.slot as usize].controller == e.controller)
                });
                if self.effects.len() != before {
                    self.board.valid = false;
                }
            }
            for (obj, from, to) in changed {
                let card = self.objects[obj.slot as usize].card;
                self.emit(crate::Event::ControlChanged {
                    obj,
                    card,
                    from,
                    to,
                });
            }
            for obj in leave_combat {
                let card = self.objects[obj.slot as usize].card;
                self.combat.remove(obj);
                self.emit(crate::Event::RemovedFromCombat { obj, card });
            }
        }
    }
}
