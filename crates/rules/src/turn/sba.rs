//! State-based effects (420): checked whenever a player would receive
//! priority (420.3); all that apply happen as one event, and the check
//! repeats until none apply.

use crate::continuous::characteristics::compute;
use crate::{Event, Game, LossReason, MoveReason, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{Ability, StaticAbility, Subtype, Supertype};

/// One state-based effect to perform.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sba {
    /// 420.5a
    LifeZero(PlayerId),
    /// 420.5b
    ZeroToughness(ObjId),
    /// 420.5c
    LethalDamage(ObjId),
    /// 420.5d
    AuraIllegal(ObjId),
    /// 420.5e
    Legend(ObjId),
    /// 420.5f
    TokenOutOfPlay(ObjId),
    /// 420.5j: a copy of a spell outside the stack.
    SpellCopyOffStack(ObjId),
    /// 420.5g
    DrewFromEmpty(PlayerId),
    /// 420.5h
    Poison(PlayerId),
    /// 420.5i
    World(ObjId),
    /// 420.5k / 420.5m
    Unattach(ObjId),
    /// 420.5n
    CountersAnnihilate(ObjId),
}

impl Game {
    /// Every state-based effect that applies now (pure; 420.5).
    pub fn state_based_effects(&self) -> Vec<Sba> {
        let mut v = Vec::new();
        for p in self.player_ids() {
            let pl = self.player(p);
            if pl.lost {
                continue;
            }
            // 418.5j: a player who can't lose isn't made to (Platinum
            // Angel); the attempted draw is forgotten all the same.
            let life = self.life(p);
            let cant_lose = (life <= 0 || pl.poison >= 10) && self.cant_lose(p);
            if life <= 0 && !cant_lose && !self.no_loss_for_zero_life(p) {
                v.push(Sba::LifeZero(p));
            }
            if pl.drew_from_empty {
                v.push(Sba::DrewFromEmpty(p));
            }
            if pl.poison >= 10 && !cant_lose {
                v.push(Sba::Poison(p));
            }
        }
        let mut legends: Vec<(ObjId, &str, PlayerId)> = Vec::new();
        let mut worlds: Vec<(ObjId, PlayerId)> = Vec::new();
        let board = crate::continuous::characteristics::board_now(self);
        for (i, &id) in self.in_play.iter().enumerate() {
            let o = &self.objects[id.slot as usize];
            if o.is_phased_out() {
                continue;
            }
            let ch = &board[i];
            if ch.is_creature() {
                if ch.toughness <= 0 {
                    v.push(Sba::ZeroToughness(id));
                } else if o.damage as i32 >= ch.toughness
                    // Indestructible permanents ignore 420.5c.
                    && !ch.has(tolaria_cards::Keyword::Indestructible)
                {
                    v.push(Sba::LethalDamage(id));
                }
            }
            let is_aura = crate::playing::targeting::is_aura(ch.types, &ch.subtypes);
            if is_aura {
                if !self.aura_attachment_legal(id, ch) {
                    v.push(Sba::AuraIllegal(id));
                }
            } else if let Some(Target::Object(host)) = o.attached_to {
                // 420.5k: Equipment/Fortification on an illegal permanent; 420.5m: others.
                let equip = ch.subtypes.contains(Subtype::EQUIPMENT)
                    || ch.subtypes.contains(Subtype::FORTIFICATION);
                // 212.2m: a Fortification only on a land.
                let fortification = ch.subtypes.contains(Subtype::FORTIFICATION);
                let host_ok = self.is_present(host)
                    && (!equip || {
                        let h = compute(self, host);
                        if fortification {
                            h.is(tolaria_cards::CardType::Land)
                        } else {
                            h.is_creature()
                        }
                    })
                    // 601.9: only within the controller's range of influence.
                    && self.object_within_range(ch.controller, host);
                if !equip || !host_ok {
                    v.push(Sba::Unattach(id));
                }
            }
            if ch.supertypes.contains(Supertype::Legendary) {
                legends.push((id, ch.name(), ch.controller));
            }
            if ch.supertypes.contains(Supertype::World) {
                worlds.push((id, ch.controller));
            }
            if o.plus_counters > 0 && o.minus_counters > 0 {
                v.push(Sba::CountersAnnihilate(id));
            }
        }
        // 420.5e: the 2007 legend rule: all legendary permanents sharing a
        // name go; 601.12: only those with another within their
        // controller's range of influence.
        for (i, &(id, name, c)) in legends.iter().enumerate() {
            if legends
                .iter()
                .enumerate()
                .any(|(j, &(_, n, d))| j != i && n == name && self.within_range(c, d))
            {
                v.push(Sba::Legend(id));
            }
        }
        // 420.5i: keep only the newest world permanent (ties: none stay);
        // 601.13: judged among the world permanents within each one's
        // controller's range of influence.
        if worlds.len() > 1 {
            let stamp = |w: ObjId| self.objects[w.slot as usize].timestamp;
            for &(w, c) in &worlds {
                let seen = || worlds.iter().filter(|&&(_, d)| self.within_range(c, d));
                if seen().count() < 2 {
                    continue;
                }
                let newest = seen().map(|&(x, _)| stamp(x)).max().unwrap_or(0);
                let tie = seen().filter(|&&(x, _)| stamp(x) == newest).count() > 1;
                if tie || stamp(w) != newest {
                    v.push(Sba::World(w));
                }
            }
        }
        // 420.5f: tokens outside play (none among the first `token_free`).
        let first = self.board.token_free.min(self.objects.len());
        for (slot, o) in self.objects.iter().enumerate().skip(first) {
            if o.token && o.zone != Zone::InPlay && o.zone != Zone::Nowhere {
                v.push(Sba::TokenOutOfPlay(o.id(slot)));
            }
            // 420.5j / 503.10a.
            if o.spell_copy.is_some() && o.zone != Zone::Stack && o.zone != Zone::Nowhere {
                v.push(Sba::SpellCopyOffStack(o.id(slot)));
            }
        }
        v
    }

    /// 420.5d with 502.7c: is this Aura attached to something it can enchant?
    fn aura_attachment_legal(
        &self,
        aura: ObjId,
        ch: &crate::continuous::characteristics::Characteristics,
    ) -> bool {
        let Some(Target::Object(host)) = self.objects[aura.slot as usize].attached_to else {
            return false;
        };
        if !self.is_present(host) || host == aura {
            return false;
        }
        let filter = ch.abilities().iter().find_map(|a| match a {
            Ability::Enchant(f) => Some(f),
            _ => None,
        });
        // A Licid that became an Aura: "enchant creature" (mechanics/licid.rs).
        let Some(f) = filter.or_else(|| Game::licid_enchant(ch)) else {
            return false;
        };
        let mut hch = compute(self, host);
        // 502.7c, "This effect doesn't remove [this]." (White Ward): the
        // protection from the colours the Aura's own effect grants doesn't
        // count against it. Decision: protection from the same colour from
        // another source can't be told apart in the computed
        // characteristics, so it doesn't remove the Aura either.
        if ch
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::NotRemovedByItsProtection)))
        {
            for a in ch.abilities() {
                if let Ability::Static(StaticAbility::Continuous {
                    affected: tolaria_cards::Affected::Attached,
                    effect,
                }) = a
                {
                    hch.protection_colors.0 &= !effect.add_protection.0;
                    hch.protection_types.0 &= !effect.add_protection_types.0;
                    // "… protection from the chosen color" (Cho-Manno's
                    // Blessing): the colour the Aura chose.
                    if effect.add_protection_chosen {
                        if let Some(c) = self.objects[aura.slot as usize].chosen_color {
                            hch.protection_colors.0 &= !tolaria_cards::ColorSet::single(c).0;
                        }
                    }
                }
            }
        }
        // 601.8: not outside its controller's range of influence.
        self.object_within_range(ch.controller, host)
            && crate::continuous::filter::matches_with(
                self,
                f,
                host,
                &hch,
                Some(aura),
                ch.controller,
            )
            && !hch.protected_from_object(ch)
            && !self.cant_be_enchanted_by(host, aura)
    }

    pub(crate) fn sba_pending(&self) -> bool {
        !self.state_based_effects().is_empty()
    }

    /// 420.3: perform all applicable state-based effects as one event; repeat.
    #[inline]
    pub(crate) fn check_state_based_effects(&mut self) {
        // A static ability that began or stopped applying marks the check
        // as needed (`settle`).
        self.settle();
        if self.sba_dirty {
            self.perform_state_based_effects();
        } else {
            // The rule that keeps `sba_dirty` true (`Event::may_cause_sba`):
            // a clear flag means none applies (issue 22).
            debug_assert!(
                self.is_over() || self.state_based_effects().is_empty(),
                "a state-based effect applies while sba_dirty is clear: {:?}",
                self.state_based_effects()
            );
        }
    }

    /// [`Game::check_state_based_effects`] when something may have
    /// brought one about.
    #[inline(never)]
    fn perform_state_based_effects(&mut self) {
        loop {
            self.settle();
            let list = self.state_based_effects();
            if list.is_empty() {
                self.sba_dirty = false;
                break;
            }
            for sba in list {
                match sba {
                    Sba::LifeZero(p) => self.player_loses(p, LossReason::LifeZero),
                    Sba::DrewFromEmpty(p) => {
                        self.players[p.index()].drew_from_empty = false;
                        self.player_loses(p, LossReason::EmptyLibrary)
                    }
                    Sba::Poison(p) => self.player_loses(p, LossReason::Poison),
                    Sba::ZeroToughness(o) => {
                        // 420.5b: regeneration can't replace this.
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::ZeroToughness);
                    }
                    Sba::LethalDamage(o) => {
                        self.destroy(o, false, MoveReason::LethalDamage);
                    }
                    Sba::AuraIllegal(o) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::AuraIllegal);
                    }
                    Sba::Legend(o) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::Legend);
                    }
                    Sba::World(o) => {
                        let owner = self.objects[o.slot as usize].owner;
                        self.move_to(o, Zone::Graveyard(owner), MoveReason::World);
                    }
                    Sba::SpellCopyOffStack(o) => {
                        self.move_to(o, Zone::Nowhere, MoveReason::CopyCeasesToExist);
                    }
                    Sba::TokenOutOfPlay(o) => {
                        let from = self.objects[o.slot as usize].zone;
                        self.move_to(o, Zone::Nowhere, MoveReason::CeaseToExist);
                        let _ = from;
                    }
                    Sba::Unattach(o) => {
                        if let Some(obj) = self.obj_mut(o) {
                            obj.attached_to = None;
                            let card = obj.card;
                            self.emit(Event::Unattached {
                                obj: o,
                                card,
                                cost: false,
                            });
                        }
                    }
                    Sba::CountersAnnihilate(o) => {
                        if let Some(obj) = self.obj_mut(o) {
                            let n = obj.plus_counters.min(obj.minus_counters);
                            obj.plus_counters -= n;
                            obj.minus_counters -= n;
                            obj.mark_board_input();
                            let card = obj.card;
                            self.emit(Event::CountersAnnihilated { obj: o, card, n });
                        }
                    }
                }
            }
            self.check_game_over();
            if self.is_over() {
                return;
            }
        }
    }
}
