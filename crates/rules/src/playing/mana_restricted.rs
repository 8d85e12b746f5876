//! Restricted mana: "Spend this mana only to play artifact spells"
//! (Mishra's Workshop), "… legendary spells" (Untaidake, the Cloud
//! Keeper), "… a multicolored spell" (Pillar of the Paruns), "… to
//! activate abilities of artifacts" (Soldevi Machinist), "… to play
//! artifact spells or activate abilities of artifacts" (Vedalken Engineer).
//!
//! The 2007 rules say only (glossary, "Mana") that "the spell or ability
//! that adds mana to a mana pool may restrict how it can be used".
//! Decisions: such mana is kept apart from the rest of the pool
//! (`Player::restricted`, one entry per mana with its restriction); it is
//! lost as a phase ends like any mana, and burns (300.3). When a spell or
//! an activated ability is paid (409.1h), the restricted mana it may use
//! is spent first (it can't pay for anything else), then the rest of the
//! pool. It is never spent on the mana cost of a mana ability, an "unless
//! pays" or a cost to attack (none of the restrictions supported allows
//! those: Soldevi Machinist's "abilities of artifacts" is read for the
//! activated abilities that use the stack).
//!
//! Legal actions: the mana a player could make (`available_mana`) leaves
//! out the restricted mana and the abilities that make it; a spell or an
//! artifact's ability is judged payable with them added when its
//! restriction allows it (`restricted_avail`), so Mishra's Workshop helps
//! play an artifact and nothing else.

use crate::playing::mana::Avail;
use crate::state::player::{ManaPool, Player};
use crate::state::progress::{Casting, Playing, Unpaid};
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{Ability, CardType, ManaKind, ManaProduce, SpendOnly, Supertype};

/// What a payment is for, as a restriction reads it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SpendFor {
    /// A spell (else an activated ability).
    pub spell: bool,
    /// The spell is an artifact, or the ability's source is one.
    pub artifact: bool,
    pub legendary: bool,
    pub multicolored: bool,
}

/// May mana restricted to `only` pay for `f`?
pub(crate) fn allows(only: SpendOnly, f: SpendFor) -> bool {
    match only {
        SpendOnly::ArtifactSpells => f.spell && f.artifact,
        SpendOnly::LegendarySpells => f.spell && f.legendary,
        SpendOnly::MulticoloredSpells => f.spell && f.multicolored,
        SpendOnly::ArtifactAbilities => !f.spell && f.artifact,
        SpendOnly::ArtifactSpellsOrAbilities => f.artifact,
    }
}

/// The pool as shown: the restricted mana after the rest.
pub(crate) fn pool_text(pl: &Player) -> String {
    if pl.restricted.is_empty() {
        return pl.pool.to_string();
    }
    let rest: String = pl
        .restricted
        .iter()
        .map(|(k, _)| format!("{{{}}}", k.symbol()))
        .collect();
    if pl.pool.is_empty() {
        format!("{rest} (restricted)")
    } else {
        format!("{} and {rest} (restricted)", pl.pool)
    }
}

impl Game {
    /// A spell face as a restriction reads it.
    pub(crate) fn spend_for_face(face: &tolaria_cards::CardFace) -> SpendFor {
        SpendFor {
            spell: true,
            artifact: face.types.contains(CardType::Artifact),
            legendary: face.supertypes.contains(Supertype::Legendary),
            multicolored: face.colors.iter().count() > 1,
        }
    }

    /// What the casting `c` pays for, as a restriction reads it.
    pub(crate) fn spend_for(&self, c: &Casting) -> Option<SpendFor> {
        match c.what {
            Playing::Spell { obj } => {
                let ch = crate::continuous::characteristics::compute(self, obj);
                Some(SpendFor {
                    spell: true,
                    artifact: ch.is(CardType::Artifact),
                    legendary: ch.supertypes.contains(Supertype::Legendary),
                    multicolored: ch.colors.iter().count() > 1,
                })
            }
            Playing::Ability { source, .. } => Some(self.spend_for_ability(source)),
            _ => None,
        }
    }

    /// An activated ability of `source`, as a restriction reads it.
    pub(crate) fn spend_for_ability(&self, source: ObjId) -> SpendFor {
        SpendFor {
            spell: false,
            artifact: self.is_in_play(source)
                && crate::continuous::characteristics::compute(self, source).is(CardType::Artifact),
            ..SpendFor::default()
        }
    }

    /// A mana ability with a restriction added this mana to `p`'s pool:
    /// it moves to the restricted mana.
    pub(crate) fn restrict_added(&mut self, p: PlayerId, only: SpendOnly, added: &[ManaKind]) {
        let pl = &mut self.players[p.index()];
        for &k in added {
            if pl.pool.0[k.index()] > 0 {
                pl.pool.0[k.index()] -= 1;
                pl.restricted.push((k, only));
            }
        }
    }

    /// 409.1h: pays what it can of `u` with `p`'s restricted mana that may
    /// pay for `f`; returns the colours spent (`ColorSet` bits) and the
    /// mana spent, by kind.
    pub(crate) fn pay_from_restricted(
        &mut self,
        p: PlayerId,
        f: SpendFor,
        u: &mut Unpaid,
    ) -> (u8, ManaPool) {
        let pl = &mut self.players[p.index()];
        let mut usable = ManaPool::default();
        for &(k, only) in &pl.restricted {
            if allows(only, f) {
                usable.add(k, 1);
            }
        }
        let before = usable;
        let spent = crate::playing::mana::take_from_pool(&mut usable, u);
        let mut used = ManaPool::default();
        for i in 0..6 {
            used.0[i] = before.0[i] - usable.0[i];
        }
        let mut left = used;
        pl.restricted.retain(|&(k, only)| {
            if allows(only, f) && left.0[k.index()] > 0 {
                left.0[k.index()] -= 1;
                false
            } else {
                true
            }
        });
        (spent, used)
    }

    /// `avail` with the restricted mana that may pay for `f` added: the
    /// restricted mana in `p`'s pool, and what `p`'s untapped permanents'
    /// restricted mana abilities could make (not `exclude`); `None` when
    /// there is none. The usual answer (no restricted mana in the pool, no
    /// card of the game with such an ability) is found inline, without a
    /// call or a copy of `avail` (issue 22: asked for every card in hand
    /// the priority listing judges).
    #[inline(always)]
    pub(crate) fn restricted_avail(
        &self,
        p: PlayerId,
        f: SpendFor,
        avail: &Avail,
        exclude: Option<ObjId>,
    ) -> Option<Avail> {
        if self.player(p).restricted.is_empty() && !self.restricted_mana {
            return None;
        }
        self.restricted_avail_scan(p, f, avail, exclude)
    }

    /// [`Game::restricted_avail`] with some restricted mana possible.
    #[inline(never)]
    fn restricted_avail_scan(
        &self,
        p: PlayerId,
        f: SpendFor,
        avail: &Avail,
        exclude: Option<ObjId>,
    ) -> Option<Avail> {
        let mut v = *avail;
        let mut any = false;
        for &(k, only) in &self.player(p).restricted {
            if allows(only, f) {
                v.push(1u8 << k.index());
                any = true;
            }
        }
        if self.may_have_restricted_sources() {
            for &id in &self.in_play {
                let o = &self.objects[id.slot as usize];
                if o.controller != p || o.is_phased_out() || Some(id) == exclude {
                    continue;
                }
                let ch = crate::continuous::layers::ability_chars(self, id);
                let abilities = ch.ability_list();
                // What its unrestricted {T} abilities were counted for
                // already (`source_mana`): the restricted one adds the rest.
                let mut tap_counted = 0usize;
                let mut best: Option<(u8, usize)> = None;
                for (i, a) in abilities.iter().enumerate() {
                    let Ability::Mana(m) = a else { continue };
                    if !self.mana_ability_usable_now(id, i, m) {
                        continue;
                    }
                    let (mask, n) = match &m.produce {
                        ManaProduce::Fixed(ks) => {
                            (ks.iter().fold(0u8, |acc, k| acc | 1 << k.index()), ks.len())
                        }
                        ManaProduce::AnyColor(n) => (0x1f, *n as usize),
                        ManaProduce::OneOf(set) => (set.0, 1),
                        _ => (0, 1),
                    };
                    match m.spend_only {
                        None if m.cost.tap => tap_counted = tap_counted.max(n),
                        Some(only)
                            if m.cost.tap && allows(only, f) && best.is_none_or(|(_, b)| n > b) =>
                        {
                            best = Some((mask, n));
                        }
                        _ => {}
                    }
                }
                if let Some((mask, n)) = best {
                    if n > tap_counted {
                        v.push_n(mask, n - tap_counted);
                        any = true;
                    }
                }
            }
        }
        any.then_some(v)
    }

    /// Does any permanent in play have a mana ability with a restriction?
    fn may_have_restricted_sources(&self) -> bool {
        // No card of the game has such an ability (`Game::restricted_mana`).
        if !self.restricted_mana {
            return false;
        }
        self.in_play.iter().any(|&id| {
            self.objects[id.slot as usize].flags & crate::state::object::flags::MANA != 0
                && crate::continuous::layers::ability_chars(self, id)
                    .ability_list()
                    .iter()
                    .any(|a| matches!(a, Ability::Mana(m) if m.spend_only.is_some()))
        })
    }

    /// Could `p` pay `need` for `f`, with the restricted mana it may use?
    /// (`avail`: the rest of the mana `p` could make.)
    pub(crate) fn can_pay_restricted(
        &self,
        p: PlayerId,
        f: SpendFor,
        need: &Unpaid,
        avail: &Avail,
        exclude: Option<ObjId>,
    ) -> bool {
        self.restricted_avail(p, f, avail, exclude)
            .is_some_and(|v| crate::playing::mana::can_match(need, &v))
    }
}
