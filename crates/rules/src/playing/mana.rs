//! Mana abilities (406, 411) and paying mana costs: activating a mana
//! ability, the mana a player could make available, and whether a cost can
//! be paid from it.

use crate::playing::convoke_delve::with_delve;
use crate::state::progress::{Casting, Playing, Unpaid};
use crate::{Action, Event, Game, ObjId, PlayerId};
use tolaria_cards::DelayedEffect;
use tolaria_cards::{Ability, Color, ColorSet, Cost, Keyword, ManaKind, ManaProduce};

/// Pays as much of `u` as the pool can: coloured symbols with their colour,
/// hybrid ones with either, generic with colourless first, then white,
/// blue, black, red, green (the engine's choice of which pool mana pays
/// generic: a known simplification). Returns the colours spent
/// (`ColorSet` bits, 502.37a).
pub(crate) fn take_from_pool(pool: &mut crate::state::player::ManaPool, u: &mut Unpaid) -> u8 {
    let mut spent = 0u8;
    for (i, need) in u.colored.iter_mut().enumerate() {
        let take = (*need).min(pool.0[i] as u32);
        *need -= take;
        pool.0[i] -= take as u16;
        if take > 0 {
            spent |= 1 << i;
        }
    }
    u.hybrid.retain(|&(a, b)| {
        for col in [a, b] {
            if pool.0[col as usize] > 0 {
                pool.0[col as usize] -= 1;
                spent |= 1 << col as usize;
                return false;
            }
        }
        true
    });
    for i in [5usize, 0, 1, 2, 3, 4] {
        let take = u.generic.min(pool.0[i] as u32);
        u.generic -= take;
        pool.0[i] -= take as u16;
        if take > 0 && i < 5 {
            spent |= 1 << i;
        }
    }
    spent
}

fn mana_useful(u: &Unpaid, k: ManaKind) -> bool {
    if u.generic > 0 {
        return true;
    }
    match k {
        ManaKind::Color(c) => {
            u.colored[c as usize] > 0 || u.hybrid.iter().any(|&(a, b)| a == c || b == c)
        }
        ManaKind::Colorless => false,
    }
}

/// The mana a player could make available (`Game::available_mana`), in
/// order, without a heap allocation: the kinds of the first 64 (all that
/// `can_match` matches against) and how many there are in all.
#[derive(Clone, Copy)]
pub(crate) struct Avail {
    masks: [u8; 64],
    len: usize,
}

impl Avail {
    fn new() -> Avail {
        Avail {
            masks: [0; 64],
            len: 0,
        }
    }
    #[inline]
    pub(crate) fn push(&mut self, mask: u8) {
        if self.len < 64 {
            self.masks[self.len] = mask;
        }
        self.len += 1;
    }
    #[inline]
    pub(crate) fn push_n(&mut self, mask: u8, n: usize) {
        if n == 0 {
            return;
        }
        let room = 64usize.saturating_sub(self.len).min(n);
        if room > 0 {
            self.masks[self.len..self.len + room].fill(mask);
        }
        self.len += n;
    }
    /// The mana of a pool (or of mana spent, by kind): each is of its kind.
    pub(crate) fn of_pool(pool: &crate::state::player::ManaPool) -> Avail {
        let mut v = Avail::new();
        v.add_pool(pool);
        v
    }
    /// No mana (for [`Game::priority_mana`] to fill in place).
    #[inline]
    pub(crate) fn empty() -> Avail {
        Avail::new()
    }
    /// [`Avail::of_pool`] added to this mana.
    #[inline]
    pub(crate) fn add_pool(&mut self, pool: &crate::state::player::ManaPool) {
        // Usually empty (mana is made while paying).
        if pool.0.iter().all(|&n| n == 0) {
            return;
        }
        for (i, &n) in pool.0.iter().enumerate() {
            self.push_n(1u8 << i, n as usize);
        }
    }
    /// How many mana in all.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// How many of the mana are of each kind, if each is of one kind only.
#[inline]
fn single_kind_counts(masks: &[u8]) -> Option<[u32; 8]> {
    let mut counts = [0u32; 8];
    for &m in masks {
        if m.count_ones() != 1 {
            return None;
        }
        counts[m.trailing_zeros() as usize] += 1;
    }
    Some(counts)
}

/// Matches each mana symbol to a distinct available mana (augmenting paths).
pub(crate) fn can_match(u: &Unpaid, avail: &Avail) -> bool {
    let total = u.total() as usize;
    if total > avail.len {
        return false;
    }
    const MAX: usize = 64;
    // Issue 22: without hybrid symbols, mana that is each of one kind
    // (lands, a pool) matches iff there is enough of each colour asked
    // for (the generic part takes the rest, counted above): counted
    // without the search for augmenting paths.
    if u.hybrid.is_empty() && avail.len <= MAX {
        if let Some(counts) = single_kind_counts(&avail.masks[..avail.len]) {
            let ok = (0..5).all(|i| counts[i] >= u.colored[i]);
            debug_assert_eq!(ok, can_match_search(u, avail), "can_match's count");
            return ok;
        }
    }
    can_match_search(u, avail)
}

/// [`can_match`]'s search for augmenting paths.
fn can_match_search(u: &Unpaid, avail: &Avail) -> bool {
    const MAX: usize = 64;
    if u.total() as usize > avail.len {
        return false;
    }
    let mut needs = [0u8; MAX];
    let mut k = 0;
    for (i, &n) in u.colored.iter().enumerate() {
        for _ in 0..n {
            if k == MAX {
                return false;
            }
            needs[k] = 1 << i;
            k += 1;
        }
    }
    for &(a, b) in &u.hybrid {
        if k == MAX {
            return false;
        }
        needs[k] = 1 << a as usize | 1 << b as usize;
        k += 1;
    }
    if k == 0 {
        return avail.len as u32 >= u.generic;
    }
    let avail = &avail.masks[..avail.len.min(MAX)];
    let mut owner = [u8::MAX; MAX];
    fn try_assign(
        n: usize,
        needs: &[u8],
        avail: &[u8],
        owner: &mut [u8; 64],
        seen: &mut u64,
    ) -> bool {
        for j in 0..avail.len() {
            if avail[j] & needs[n] != 0 && *seen & (1 << j) == 0 {
                *seen |= 1 << j;
                if owner[j] == u8::MAX || try_assign(owner[j] as usize, needs, avail, owner, seen) {
                    owner[j] = n as u8;
                    return true;
                }
            }
        }
        false
    }
    for n in 0..k {
        let mut seen = 0u64;
        if !try_assign(n, &needs[..k], avail, &mut owner, &mut seen) {
            return false;
        }
    }
    let free = avail.len() - k;
    free as u32 >= u.generic
}

impl Game {
    /// 406 / 411: a mana ability resolves immediately, its cost paid with
    /// the objects `chosen` for it (to tap, to sacrifice, to discard). With
    /// none chosen yet and a cost that chooses some, it asks for them first
    /// (`mana_choice_cost.rs`) and returns false: the mana comes later.
    /// It also returns false when the colours of some mana are still to be
    /// chosen ("in any combination of colors", `mana_split.rs`).
    pub(crate) fn activate_mana_with(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        kind: ManaKind,
        chosen: Option<[&[ObjId]; 4]>,
        removed: u32,
    ) -> bool {
        self.activate_mana_inner(p, source, index, kind, chosen, removed)
            && !self.mana_split_pending()
    }

    fn activate_mana_inner(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        kind: ManaKind,
        chosen: Option<[&[ObjId]; 4]>,
        removed: u32,
    ) -> bool {
        let ch = crate::continuous::characteristics::compute(self, source);
        let Some((Ability::Mana(m), _)) = ch.ability_at(index) else {
            return true;
        };
        if chosen.is_none() && crate::playing::mana_choice_cost::chooses(&m.cost) {
            self.begin_mana_choice(p, source, index, kind, &m.cost);
            return false;
        }
        // "X mana of any one color, where X is the number of petal counters
        // on CARDNAME" (Lotus Blossom, which sacrifices itself): counted
        // before the costs are paid, as the ability is played.
        let counted = match &m.produce {
            ManaProduce::AnyColorCount(amount) => self.mana_count(p, source, amount),
            _ => 0,
        };
        // 411.1, 409.1h: a mana ability's mana cost is paid from the pool
        // (offered only when the pool can pay it, `pool_pays`).
        if !m.cost.mana.is_zero() || self.ability_cost_increase(source) > 0 {
            self.pay_mana_ability_cost(p, source, &m.cost.mana);
        }
        self.pay_other_costs(&m.cost, source, false);
        if m.once_per_turn {
            if let Some(o) = self.obj_mut(source) {
                o.activated_this_turn |= 1 << index.min(15);
            }
        }
        if crate::playing::activation_count::reads_count(&m.also) {
            self.count_activation(source, ch.card, index);
        }
        if let Some(chosen) = chosen {
            self.pay_mana_choices(chosen);
        }
        // "Remove any number of charge counters" (the Mana Batteries).
        if let Some(k) = m.cost.remove_counters_any {
            self.remove_counters_for_cost(source, k, removed);
        }
        // 406: "Whenever a player taps a land for mana" (Manabarbs).
        if m.cost.tap && ch.is(tolaria_cards::CardType::Land) {
            crate::resolution::triggers::land_tapped_for_mana(self, p);
        }
        let amount = match self.produce_now(source, &m.produce) {
            ManaProduce::Fixed(v) => {
                for k in v {
                    self.players[p.index()].pool.add(*k, 1);
                }
                // "Spend this mana only to …" (`mana_restricted.rs`).
                if let Some(only) = m.spend_only {
                    self.restrict_added(p, only, v);
                }
                for k in v.iter().skip(1) {
                    self.emit(Event::ManaAdded {
                        player: p,
                        source,
                        card: ch.card,
                        kind: *k,
                        amount: 1,
                    });
                }
                if let Some(k) = v.first() {
                    self.emit(Event::ManaAdded {
                        player: p,
                        source,
                        card: ch.card,
                        kind: *k,
                        amount: 1,
                    });
                }
                self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (v, kind));
                return true;
            }
            ManaProduce::DoublePool => {
                self.double_pool(p, source, ch.card);
                self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (&[], kind));
                return true;
            }
            ManaProduce::AnyColor(n) => *n as u16,
            ManaProduce::OneOf(_) => 1,
            ManaProduce::OneOfTimes(_, n) => u16::from(*n),
            ManaProduce::AnyColorPerRemoved => removed as u16,
            ManaProduce::AnyColorCount(_) => counted,
            // 406.1: the colour of each is chosen now (`mana_split.rs`);
            // the land's triggered mana abilities follow its mana.
            ManaProduce::Combination { colors, amount } => {
                let n = amount.map_or(removed, u32::from);
                self.add_mana_combination(p, source, ch.card, *colors, n, m.cost.tap, p);
                self.mana_side_effects(p, source, index, &m.also, false, (&[], kind));
                if m.cost.tap && n == 0 {
                    crate::resolution::triggers::triggered_mana_abilities(self, source, &[], kind);
                }
                return true;
            }
            ManaProduce::PlusPerRemoved(_) => 1 + removed as u16,
            ManaProduce::PerRemoved(_) => removed as u16,
            ManaProduce::Count { amount, .. } => self.mana_count(p, source, amount),
            ManaProduce::LandColors { opponents, basic } => match kind {
                ManaKind::Color(c) if self.land_colors(p, *opponents, *basic).contains(c) => 1,
                _ => 0,
            },
            // 503.7–503.8: an undefined choice adds nothing (and the action
            // names the chosen colour, so `kind` is it when there is one).
            ManaProduce::ChosenColor => match self.objects[source.slot as usize].chosen_color {
                Some(c) if kind == ManaKind::Color(c) => 1,
                _ => 0,
            },
            // `produce_now` chose a branch.
            ManaProduce::IfAll { .. } => 0,
        };
        self.players[p.index()].pool.add(kind, amount);
        if let Some(only) = m.spend_only {
            self.restrict_added(p, only, &vec![kind; usize::from(amount)]);
        }
        self.emit(Event::ManaAdded {
            player: p,
            source,
            card: ch.card,
            kind,
            amount: amount as u32,
        });
        let produced: &[ManaKind] = if amount > 0 { &[kind] } else { &[] };
        self.mana_side_effects(p, source, index, &m.also, m.cost.tap, (produced, kind));
        true
    }

    fn mana_side_effects(
        &mut self,
        p: PlayerId,
        source: ObjId,
        index: u8,
        also: &'static [tolaria_cards::Effect],
        tapped: bool,
        // What the ability added, and the type the player named (406.1b).
        (produced, chosen): (&[ManaKind], ManaKind),
    ) {
        if !also.is_empty() {
            let ctx = crate::state::stack::ResolveCtx::for_source(self, p, source);
            use tolaria_cards::{Condition, Effect};
            for e in also {
                let delayed = |game: &Game| {
                    let ch = crate::continuous::layers::ability_chars(game, source);
                    crate::state::stack::PendingTrigger {
                        controller: p,
                        source,
                        card: ch.card,
                        ability: tolaria_cards::AbilityRef::Printed {
                            card: ch.card,
                            face: ch.face,
                            index,
                        },
                        ctx: crate::state::stack::TriggerContext {
                            delayed: true,
                            ..Default::default()
                        },
                    }
                };
                match e {
                    // 404.4: "Draw a card at the beginning of the next
                    // turn's upkeep" (Barbed Sextant): the mana ability
                    // creates the delayed triggered ability.
                    Effect::Delayed(DelayedEffect::AtNextUpkeep { .. }) => {
                        let t = delayed(self);
                        self.delayed_next_upkeep.push(t);
                    }
                    // "If this ability has been played four or more times
                    // this turn, sacrifice CARDNAME at the beginning of the
                    // next end step." (Farrelite Priest): this activation
                    // is counted already.
                    Effect::IfElse {
                        condition: Condition::ThisAbilityActivated { at_least },
                        then,
                        ..
                    } => {
                        if self.activations_this_turn(source, index) >= *at_least
                            && matches!(
                                then[..],
                                [Effect::Delayed(DelayedEffect::AtNextEndStep { .. })]
                            )
                        {
                            let t = delayed(self);
                            self.delayed_end_step.push(t);
                        }
                    }
                    _ => self.exec_effect(&ctx, e),
                }
            }
        }
        // 406.1b, 406.4: triggered mana abilities ("Whenever enchanted land
        // is tapped for mana, …") resolve at once, without the stack.
        if tapped {
            crate::resolution::triggers::triggered_mana_abilities(self, source, produced, chosen);
        }
    }

    /// Mana abilities `p` could activate now, with each kind they can produce.
    pub(crate) fn mana_options(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        useful: Option<&Unpaid>,
        out: &mut Vec<Action>,
    ) {
        if let Some(list) = self.board_mana_sources() {
            let life_ok = self.life(p) >= 0;
            let bans = self.mana_bans();
            for src in list {
                if !self.mana_source_usable(p, exclude, src.id, bans) {
                    continue;
                }
                match src.simple {
                    // The same predicates as `mana_options_of`, for a
                    // plain "{T}: Add one mana".
                    Some((i, k)) => {
                        if self.plain_tap_payable(src.id, life_ok)
                            && useful.is_none_or(|u| mana_useful(u, k))
                        {
                            out.push(Action::ActivateMana {
                                source: src.id,
                                index: i,
                                kind: k,
                            });
                        }
                    }
                    None => self.mana_options_of(src.id, src.abilities, None, useful, out),
                }
            }
            return;
        }
        for (id, abilities) in self.mana_sources(p, exclude) {
            self.mana_options_of(id, abilities, None, useful, out);
        }
    }

    /// [`Game::mana_options`] for one source (only its ability `only`, if
    /// given), so that one `ActivateMana` can be checked without listing
    /// every source's.
    fn mana_options_of(
        &self,
        id: ObjId,
        abilities: crate::continuous::characteristics::AbilityList,
        only: Option<u8>,
        useful: Option<&Unpaid>,
        out: &mut Vec<Action>,
    ) {
        for (i, a) in abilities.iter().enumerate() {
            let Ability::Mana(m) = a else { continue };
            if only.is_some_and(|o| o as usize != i) {
                continue;
            }
            if self.mana_once_used(id, i, m)
                || !self.can_pay_tap_part(&m.cost, id)
                || !self.pool_pays(id, &m.cost.mana)
                || !self.mana_choice_payable(&m.cost, id)
            {
                continue;
            }
            let mut push = |k: ManaKind| {
                if useful.is_none_or(|u| mana_useful(u, k)) {
                    out.push(Action::ActivateMana {
                        source: id,
                        index: i as u8,
                        kind: k,
                    });
                }
            };
            match self.produce_now(id, &m.produce) {
                ManaProduce::Fixed(v) => {
                    if let Some(k) = v.first() {
                        if useful.is_none_or(|u| v.iter().any(|k| mana_useful(u, *k))) {
                            out.push(Action::ActivateMana {
                                source: id,
                                index: i as u8,
                                kind: *k,
                            });
                            // 406.1b: with Sasaya's Essence in play, the
                            // player names which of the types produced
                            // its additional mana will be.
                            if m.cost.tap
                                && v.iter().any(|x| x != k)
                                && crate::resolution::triggers::produced_type_matters(self)
                            {
                                for (j, x) in v.iter().enumerate() {
                                    if !v[..j].contains(x) && x != k {
                                        out.push(Action::ActivateMana {
                                            source: id,
                                            index: i as u8,
                                            kind: *x,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                // Offered only when it would add mana (the pool holds more
                // than its cost takes), whatever is being paid for.
                ManaProduce::DoublePool => {
                    if self
                        .pool_after_cost(id, &m.cost.mana)
                        .is_some_and(|t| t > 0)
                    {
                        out.push(Action::ActivateMana {
                            source: id,
                            index: i as u8,
                            kind: ManaKind::Colorless,
                        });
                    }
                }
                ManaProduce::AnyColor(_) => Color::ALL
                    .into_iter()
                    .for_each(|c| push(ManaKind::Color(c))),
                ManaProduce::OneOf(set) | ManaProduce::OneOfTimes(set, _) => {
                    set.iter().for_each(|c| push(ManaKind::Color(c)))
                }
                ManaProduce::AnyColorPerRemoved | ManaProduce::AnyColorCount(_) => Color::ALL
                    .into_iter()
                    .for_each(|c| push(ManaKind::Color(c))),
                // One action: the colours are chosen as it resolves.
                ManaProduce::Combination { colors, .. } => {
                    if let Some(first) = colors.iter().next() {
                        if useful.is_none_or(|u| {
                            colors.iter().any(|c| mana_useful(u, ManaKind::Color(c)))
                        }) {
                            out.push(Action::ActivateMana {
                                source: id,
                                index: i as u8,
                                kind: ManaKind::Color(first),
                            });
                        }
                    }
                }
                // 503.7: with no colour chosen the ability would add no
                // mana; it isn't offered as a way to make mana.
                ManaProduce::ChosenColor => {
                    if let Some(c) = self.objects[id.slot as usize].chosen_color {
                        push(ManaKind::Color(c));
                    }
                }
                ManaProduce::IfAll { .. } => {}
                ManaProduce::LandColors { opponents, basic } => self
                    .land_colors(
                        self.objects[id.slot as usize].controller,
                        *opponents,
                        *basic,
                    )
                    .iter()
                    .for_each(|c| push(ManaKind::Color(c))),
                ManaProduce::PlusPerRemoved(k)
                | ManaProduce::PerRemoved(k)
                | ManaProduce::Count { kind: k, .. } => push(*k),
            }
        }
    }

    /// Is this `ActivateMana` among [`Game::mana_options`]'s? The same
    /// predicates, for its one source and ability.
    pub(crate) fn mana_option_legal(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        useful: Option<&Unpaid>,
        action: &Action,
    ) -> bool {
        let Action::ActivateMana {
            source,
            index,
            kind,
        } = *action
        else {
            return false;
        };
        // With an up-to-date board, a plain "{T}: Add one mana" source is
        // judged as `mana_options` lists it, without listing.
        if let Some(src) = self
            .board_mana_sources()
            .and_then(|list| list.iter().find(|m| m.id == source))
        {
            if let Some((i, k)) = src.simple {
                return index == i
                    && kind == k
                    && self.mana_source_usable(p, exclude, source, self.mana_bans())
                    && self.plain_tap_payable(source, self.life(p) >= 0)
                    && useful.is_none_or(|u| mana_useful(u, k));
            }
        }
        if !self.is_in_play(source) || !self.in_play.contains(&source) {
            return false;
        }
        let Some(abilities) = self.mana_source(p, exclude, source) else {
            return false;
        };
        let mut v = Vec::new();
        self.mana_options_of(source, abilities, Some(index), useful, &mut v);
        v.contains(action)
    }

    /// `p`'s permanents with mana abilities (other than `exclude`), with the
    /// abilities they have now (a copy's, none after Humility: layers 1, 5).
    fn mana_sources(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
    ) -> impl Iterator<Item = (ObjId, crate::continuous::characteristics::AbilityList)> + '_ {
        self.in_play
            .iter()
            .filter_map(move |&id| Some((id, self.mana_source(p, exclude, id)?)))
    }

    /// At priority, with an up-to-date board: `available_mana(p, None)`
    /// written in `v` (empty when called), and `mana_options(p, None,
    /// None)` appended to `out`, in one pass over the mana sources; returns
    /// how many actions were added. Each source's object is read once (its
    /// controller, phasing, tapped status and sickness from its flags), and
    /// the mana is written in place, not returned (issue 22).
    pub(crate) fn priority_mana(
        &self,
        p: PlayerId,
        out: &mut Vec<Action>,
        v: &mut Avail,
    ) -> Option<usize> {
        use crate::state::object::flags;
        let list = self.board_mana_sources()?;
        let before = out.len();
        v.add_pool(&self.player(p).pool);
        // Channel: 1 life for each {1} (mechanics/granted.rs).
        self.granted_mana(p, v);
        let life_ok = self.life(p) >= 0;
        let bans = self.mana_bans();
        let objects = &self.objects[..];
        for src in list {
            // `mana_source_usable`, with the object read once.
            let o = &objects[src.id.slot as usize];
            if o.controller != p
                || o.flags & flags::PHASED_OUT != 0
                || (bans && self.mana_abilities_forbidden(src.id))
            {
                continue;
            }
            match src.simple {
                Some((i, k)) => {
                    // `plain_tap_payable`, with the object read once.
                    if life_ok
                        && o.flags & flags::TAPPED == 0
                        && (o.flags & flags::SICK == 0 || !self.sick_creature_without_haste(src.id))
                    {
                        v.push(1u8 << k.index());
                        out.push(Action::ActivateMana {
                            source: src.id,
                            index: i,
                            kind: k,
                        });
                    }
                }
                None => {
                    self.source_mana(src.id, src.abilities, v);
                    self.mana_options_of(src.id, src.abilities, None, None, out);
                }
            }
        }
        debug_assert!({
            let (mut w, mut o) = (Vec::new(), Vec::new());
            self.mana_options(p, None, None, &mut o);
            let a = self.available_mana(p, None);
            w.extend_from_slice(&out[before..]);
            w == o && a.len == v.len && a.masks[..a.len.min(64)] == v.masks[..v.len.min(64)]
        });
        Some(out.len() - before)
    }

    /// The board's list of permanents with mana abilities, in `in_play`
    /// order, when the board is up to date: the same permanents and
    /// abilities `mana_sources` finds (before its controller, phasing and
    /// `exclude` tests, `mana_source_usable`).
    #[inline]
    fn board_mana_sources(&self) -> Option<&[crate::continuous::characteristics::ManaSource]> {
        (self.board.valid && self.board.ids.len() == self.in_play.len())
            .then_some(&self.board.mana[..])
    }

    #[inline]
    fn mana_source_usable(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        id: ObjId,
        bans: bool,
    ) -> bool {
        let o = &self.objects[id.slot as usize];
        o.controller == p
            && !o.is_phased_out()
            && Some(id) != exclude
            && !(bans && self.mana_abilities_forbidden(id))
    }

    /// Does a static ability forbid some mana abilities ("Activated
    /// abilities of sources with the chosen name can't be played",
    /// Voidstone Gargoyle)? Asked once per listing, so that the sources
    /// are checked one by one only then.
    fn mana_bans(&self) -> bool {
        self.any_static_in_play(|s, _, _| {
            matches!(
                s,
                tolaria_cards::StaticAbility::CantPlayAbilities {
                    except_mana: false,
                    ..
                }
            )
        })
    }

    /// One permanent in play as [`Game::mana_sources`] sees it.
    #[inline]
    fn mana_source(
        &self,
        p: PlayerId,
        exclude: Option<ObjId>,
        id: ObjId,
    ) -> Option<crate::continuous::characteristics::AbilityList> {
        let o = &self.objects[id.slot as usize];
        if o.flags & crate::state::object::flags::MANA == 0
            || o.controller != p
            || o.is_phased_out()
            || Some(id) == exclude
            || self.mana_abilities_forbidden(id)
        {
            return None;
        }
        Some(crate::continuous::layers::ability_chars(self, id).ability_list())
    }

    /// `can_pay_tap_part` for a cost of {T} alone, by a permanent whose
    /// controller's life total is not negative (`life_ok`; the pay-life
    /// test fails below 0 even for no life).
    #[inline]
    fn plain_tap_payable(&self, source: ObjId, life_ok: bool) -> bool {
        let o = &self.objects[source.slot as usize];
        if !life_ok || o.is_tapped() {
            return false;
        }
        !self.sick_creature_cant_tap(source)
    }

    /// 212.3f / 502.5: a creature's {T} abilities need it to have been
    /// controlled since the start of its controller's most recent turn, or
    /// haste.
    #[inline]
    fn sick_creature_cant_tap(&self, source: ObjId) -> bool {
        self.objects[source.slot as usize].is_sick() && self.sick_creature_without_haste(source)
    }

    /// The rest of [`Game::sick_creature_cant_tap`] for a permanent with
    /// summoning sickness: a creature without haste (kept out of line so
    /// that the test of the flag costs no call).
    #[inline(never)]
    fn sick_creature_without_haste(&self, source: ObjId) -> bool {
        let creature_without_haste = |ch: &crate::continuous::characteristics::Characteristics| {
            ch.is_creature() && !ch.has(Keyword::Haste)
        };
        match self.board_chars(source) {
            Some(ch) => creature_without_haste(ch),
            None => {
                creature_without_haste(&crate::continuous::characteristics::compute(self, source))
            }
        }
    }

    /// Could this mana ability (with no mana cost and no choice in it) be
    /// played now for its mana?
    pub(crate) fn mana_ability_usable_now(
        &self,
        source: ObjId,
        index: usize,
        m: &tolaria_cards::ManaAbility,
    ) -> bool {
        !self.mana_once_used(source, index, m)
            && m.cost.mana.is_zero()
            && !crate::playing::mana_choice_cost::chooses(&m.cost)
            && self.can_pay_tap_part(&m.cost, source)
            && !self.mana_abilities_forbidden(source)
    }

    /// 408.1: a mana ability that may be played "only once each turn"
    /// (Wall of Roots) and was already played this turn, or "only if you
    /// control a Swamp" (Tainted Field) when its controller doesn't.
    #[inline]
    fn mana_once_used(&self, source: ObjId, index: usize, m: &tolaria_cards::ManaAbility) -> bool {
        let o = &self.objects[source.slot as usize];
        (m.once_per_turn && o.activated_this_turn & (1 << index.min(15)) != 0)
            || m.only_if.as_ref().is_some_and(|c| {
                !crate::continuous::condition::holds_for(self, source, o.controller, c)
            })
    }

    /// May the card `card` in a hand be discarded for a cost of `source`
    /// that discards a card matching `f`? "Another card named CARDNAME"
    /// (grandeur) reads the name of `source` (its copiable values in play,
    /// 503.2); the source is in play, so never the card discarded.
    pub(crate) fn discardable_for(
        &self,
        f: &tolaria_cards::ObjectFilter,
        card: ObjId,
        source: ObjId,
    ) -> bool {
        crate::continuous::filter::matches_card_for(
            self,
            f,
            self.objects[card.slot as usize].card,
            source,
            self.objects[source.slot as usize].card,
        )
    }

    /// Can the {T}/{Q}/sacrifice part of a cost be paid by `source`?
    #[inline]
    pub(crate) fn can_pay_tap_part(&self, cost: &Cost, source: ObjId) -> bool {
        let o = &self.objects[source.slot as usize];
        // "Tap enchanted creature": the permanent it enchants, untapped.
        if cost.tap_attached
            && !matches!(o.attached_to, Some(crate::Target::Object(h))
                if self.is_in_play(h) && !self.objects[h.slot as usize].is_tapped())
        {
            return false;
        }
        // "Sacrifice enchanted creature": the creature it is attached to,
        // controlled by the Aura's controller (Betrothed of Fire's ruling).
        if cost.sacrifice_attached
            && !matches!(o.attached_to, Some(crate::Target::Object(h))
                if self.is_in_play(h) && self.objects[h.slot as usize].controller == o.controller)
        {
            return false;
        }
        if cost.tap || cost.untap {
            if cost.tap && o.is_tapped() || cost.untap && !o.is_tapped() {
                return false;
            }
            if self.sick_creature_cant_tap(source) {
                return false;
            }
        }
        let discardable = match &cost.discard_filter {
            None => self.player(o.controller).hand.len(),
            Some(f) => self
                .player(o.controller)
                .hand
                .iter()
                .filter(|&&c| self.discardable_for(f, c, source))
                .count(),
        };
        if cost.discard as usize > discardable {
            return false;
        }
        if cost.pay_life as i32 > self.life(o.controller) {
            return false;
        }
        // 409.1h: cards to remove from the top of the library or graveyard.
        let pl = self.player(o.controller);
        if pl.library.len() < cost.remove_top_of_library as usize
            || pl.graveyard.len() < cost.remove_top_of_graveyard as usize
        {
            return false;
        }
        if let Some((kind, n)) = cost.remove_counters {
            if o.counters_of(kind) < n as u32 {
                return false;
            }
        }
        true
    }

    /// The mana `p` could make available: each entry is the set of kinds one
    /// mana could be (pool mana is fixed; a source may offer a choice).
    pub(crate) fn available_mana(&self, p: PlayerId, exclude: Option<ObjId>) -> Avail {
        let mut v = Avail::of_pool(&self.player(p).pool);
        // Channel: 1 life for each {1} (mechanics/granted.rs).
        self.granted_mana(p, &mut v);
        if let Some(list) = self.board_mana_sources() {
            let life_ok = self.life(p) >= 0;
            let bans = self.mana_bans();
            for src in list {
                if !self.mana_source_usable(p, exclude, src.id, bans) {
                    continue;
                }
                match src.simple {
                    // What `source_mana` finds for a plain "{T}: Add one mana".
                    Some((_, k)) => {
                        if self.plain_tap_payable(src.id, life_ok) {
                            v.push(1u8 << k.index());
                        }
                    }
                    None => self.source_mana(src.id, src.abilities, &mut v),
                }
            }
            return v;
        }
        for (id, abilities) in self.mana_sources(p, exclude) {
            self.source_mana(id, abilities, &mut v);
        }
        v
    }

    /// What a mana ability of `source` adds now: the Urza's lands' "add
    /// {C}{C} instead" if its controller controls the other two (406.1).
    pub(crate) fn produce_now<'a>(&self, source: ObjId, m: &'a ManaProduce) -> &'a ManaProduce {
        if !matches!(m, ManaProduce::IfAll { .. }) {
            return m;
        }
        let you = self.objects[source.slot as usize].controller;
        m.now(&|c| crate::continuous::condition::holds(self, source, you, &|_| Vec::new(), c))
    }

    /// The mana one source could make (see `available_mana`).
    fn source_mana(
        &self,
        id: ObjId,
        abilities: crate::continuous::characteristics::AbilityList,
        v: &mut Avail,
    ) {
        // Abilities that share the {T} can't all be used: count the {T}
        // abilities as one choice (the union of their kinds, or the
        // largest multi-mana one).
        let mut tap_mask = 0u8;
        let mut tap_multi: Option<&ManaProduce> = None;
        for (i, a) in abilities.iter().enumerate() {
            let Ability::Mana(m) = a else { continue };
            // Restricted mana is counted only for what it may pay for
            // (`mana_restricted.rs`).
            if self.mana_once_used(id, i, m)
                || m.spend_only.is_some()
                || !m.cost.mana.is_zero()
                || crate::playing::mana_choice_cost::chooses(&m.cost)
                || !self.can_pay_tap_part(&m.cost, id)
            {
                continue;
            }
            let produce = self.produce_now(id, &m.produce);
            let (mask, count) = match produce {
                ManaProduce::Fixed(ks) => {
                    (ks.iter().fold(0u8, |acc, k| acc | 1 << k.index()), ks.len())
                }
                ManaProduce::AnyColor(n) => (0x1f, *n as usize),
                ManaProduce::OneOf(set) => (set.0, 1),
                // Each mana of any of the colours, chosen one by one.
                ManaProduce::Combination {
                    colors,
                    amount: Some(n),
                } => (colors.0, usize::from(*n)),
                ManaProduce::ChosenColor => match self.objects[id.slot as usize].chosen_color {
                    Some(c) => (1u8 << ManaKind::Color(c).index(), 1),
                    None => continue,
                },
                ManaProduce::LandColors { opponents, basic } => {
                    let you = self.objects[id.slot as usize].controller;
                    match self.land_colors(you, *opponents, *basic) {
                        set if set.is_empty() => continue,
                        set => (set.0, 1),
                    }
                }
                ManaProduce::Count { kind, amount } => {
                    let you = self.objects[id.slot as usize].controller;
                    match self.mana_count(you, id, amount) {
                        0 => continue,
                        n => (1u8 << kind.index(), usize::from(n)),
                    }
                }
                // Mana made from the pool adds nothing to what the pool
                // already counts for (and its cost is skipped above).
                // The Mana Batteries choose their counters (`chooses` is
                // true): skipped above.
                // "{B}{B} or {G}{G}" is all of one colour: not counted
                // (the mana of several masks could pay {B}{G}).
                ManaProduce::DoublePool
                | ManaProduce::IfAll { .. }
                | ManaProduce::PlusPerRemoved(_)
                | ManaProduce::PerRemoved(_)
                | ManaProduce::AnyColorPerRemoved
                | ManaProduce::AnyColorCount(_)
                | ManaProduce::Combination { amount: None, .. }
                | ManaProduce::OneOfTimes(..) => continue,
            };
            if m.cost.tap {
                if count > 1 {
                    tap_multi = Some(produce);
                } else {
                    tap_mask |= mask;
                }
                continue;
            }
            match produce {
                ManaProduce::Fixed(ks) => ks.iter().for_each(|k| v.push(1u8 << k.index())),
                _ => v.push_n(mask, count),
            }
        }
        match tap_multi {
            Some(ManaProduce::Fixed(ks)) => ks.iter().for_each(|k| v.push(1u8 << k.index())),
            Some(ManaProduce::AnyColor(n)) => v.push_n(0x1f, *n as usize),
            Some(ManaProduce::Combination {
                colors,
                amount: Some(n),
            }) => v.push_n(colors.0, usize::from(*n)),
            Some(ManaProduce::Count { kind, amount }) => {
                let you = self.objects[id.slot as usize].controller;
                v.push_n(
                    1u8 << kind.index(),
                    usize::from(self.mana_count(you, id, amount)),
                );
            }
            _ if tap_mask != 0 => v.push(tap_mask),
            _ => {}
        }
    }

    /// "Add {G} for each creature you control" (`ManaProduce::Count`): the
    /// count for `p` playing `source`'s ability now.
    fn mana_count(&self, p: PlayerId, source: ObjId, amount: &tolaria_cards::Amount) -> u16 {
        let ctx = crate::state::stack::ResolveCtx::for_source(self, p, source);
        self.amount(&ctx, amount).clamp(0, i32::from(u16::MAX)) as u16
    }

    /// The colours the mana abilities of the lands `p` (or, with
    /// `opponents`, `p`'s opponents) control could produce now
    /// (`ManaProduce::LandColors`, Fellwar Stone). A land whose ability
    /// itself reads other lands' colours (a Fellwar-like land) adds none,
    /// so the look never loops.
    pub(crate) fn land_colors(&self, p: PlayerId, opponents: bool, basic: bool) -> ColorSet {
        let mut set = ColorSet::default();
        for &id in &self.in_play {
            let o = &self.objects[id.slot as usize];
            if (o.controller == p) == opponents || !self.is_present(id) {
                continue;
            }
            if opponents && !self.is_opponent(p, o.controller) {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, id);
            if !ch.is(tolaria_cards::CardType::Land)
                || (basic && !ch.supertypes.contains(tolaria_cards::Supertype::Basic))
            {
                continue;
            }
            for a in ch.ability_list().iter() {
                if let Ability::Mana(m) = a {
                    set = ColorSet(set.0 | produce_colors(self, id, &m.produce).0);
                }
            }
        }
        set
    }

    /// Could `p` pay this much mana (409.1g–h)? A bipartite matching of
    /// symbols to available mana.
    pub(crate) fn can_pay(&self, p: PlayerId, u: &Unpaid, exclude: Option<ObjId>) -> bool {
        let avail = self.available_mana(p, exclude);
        can_match(u, &avail)
    }

    /// The largest X `p` can pay for (409.1b).
    pub(crate) fn max_x(
        &self,
        p: PlayerId,
        cost: &tolaria_cards::ManaCost,
        exclude: Option<ObjId>,
        x_color: Option<Color>,
    ) -> u32 {
        let mut avail = self.available_mana(p, exclude);
        // 502.64a: the graveyard cards a delve spell may remove pay {1} each.
        if self.casting.as_deref().is_some_and(|c| self.delving(c)) {
            avail = with_delve(self, p, &avail);
        }
        let per = cost.x.max(1) as u32;
        let mut x = (avail.len() as u32) / per;
        while x > 0
            && !can_match(
                &Unpaid::from_cost(cost, x).x_in_color(cost, x, x_color),
                &avail,
            )
        {
            x -= 1;
        }
        x
    }

    /// "Spend only black mana on X": the colour X of the spell or ability
    /// being played must be paid in, if any.
    pub(crate) fn spell_x_color(&self, c: &Casting) -> Option<Color> {
        match c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize].spell_face().spell.x_color,
            Playing::Ability { .. } => self.casting_cost(c).and_then(|k| k.x_color),
            _ => None,
        }
    }
}

/// The colours a mana ability could add (`Game::land_colors`): every
/// branch of an "instead", the chosen colour of a permanent that chose one.
fn produce_colors(game: &Game, source: ObjId, m: &ManaProduce) -> ColorSet {
    let of = |k: &ManaKind| match k {
        ManaKind::Color(c) => ColorSet::single(*c),
        ManaKind::Colorless => ColorSet::default(),
    };
    match m {
        ManaProduce::Fixed(v) => v
            .iter()
            .fold(ColorSet::default(), |s, k| ColorSet(s.0 | of(k).0)),
        ManaProduce::AnyColor(_) => ColorSet(0x1f),
        ManaProduce::OneOf(set)
        | ManaProduce::OneOfTimes(set, _)
        | ManaProduce::Combination { colors: set, .. } => *set,
        ManaProduce::AnyColorPerRemoved | ManaProduce::AnyColorCount(_) => ColorSet(0x1f),
        ManaProduce::ChosenColor => game.objects[source.slot as usize]
            .chosen_color
            .map_or(ColorSet::default(), ColorSet::single),
        ManaProduce::IfAll {
            then, otherwise, ..
        } => ColorSet(
            produce_colors(game, source, then).0 | produce_colors(game, source, otherwise).0,
        ),
        ManaProduce::PlusPerRemoved(k)
        | ManaProduce::PerRemoved(k)
        | ManaProduce::Count { kind: k, .. } => of(k),
        ManaProduce::DoublePool | ManaProduce::LandColors { .. } => ColorSet::default(),
    }
}
