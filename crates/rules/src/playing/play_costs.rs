//! The costs of the play being made (409.1b, 409.1f–h): the cost of the
//! spell or ability, the optional costs announced in order (kicker,
//! buyback, replicate, entwine, splice) and the alternative cost, and
//! whether what the player has chosen so far can be paid as a whole.

use crate::state::progress::{Casting, Playing, Unpaid};
use crate::state::stack::StackKind;
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{db, Ability, Cost};

impl Game {
    pub(crate) fn casting_cost(&self, c: &Casting) -> Option<&'static Cost> {
        match &c.what {
            Playing::Ability { .. } => match self.stack.last().map(|s| &s.kind) {
                Some(StackKind::Ability { ability, .. }) => match ability.get() {
                    Ability::Activated(a) => Some(&a.cost),
                    _ => None,
                },
                _ => None,
            },
            // 502.26d: the morph cost's non-mana parts ("Morph—Discard a
            // card"), paid like an ability's.
            Playing::TurnFaceUp { obj } => self.morph_cost(*obj),
            // 409.1h: the spell's non-mana cost being paid now.
            Playing::Spell { .. } => self.spell_costs(c).nth(c.cost_at as usize),
            _ => None,
        }
    }

    /// 409.1f: the additional costs in the total cost of the spell being
    /// played: its additional cost (Waste Away's discard, Carrion's
    /// sacrifice), the kicker costs announced (502.21a) and the buyback
    /// cost if announced (502.16a).
    pub(crate) fn spell_costs<'a>(
        &self,
        c: &'a Casting,
    ) -> impl Iterator<Item = &'static Cost> + 'a {
        self.own_spell_costs(c)
            .into_iter()
            .flatten()
            .chain(self.splice_costs(c))
    }

    /// [`Game::spell_costs`] printed on the spell itself (502.40a: the
    /// splice costs come after them).
    pub(super) fn own_spell_costs(&self, c: &Casting) -> [Option<&'static Cost>; 7] {
        let Playing::Spell { obj } = c.what else {
            return [None; 7];
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        [
            // 409.1b: the alternative cost, if announced.
            spell
                .alternative
                .as_ref()
                .map(|a| &a.cost)
                .filter(|_| c.optional & 16 != 0),
            // 502.22a: the flashback cost, rather than the mana cost.
            // 502.24b: the madness cost, rather than the mana cost.
            spell
                .flashback
                .as_ref()
                .filter(|_| c.flashback)
                .or(spell.madness.as_ref().filter(|_| c.madness.is_some())),
            spell.additional_cost.as_ref(),
            spell.kicker.first().filter(|_| c.optional & 1 != 0),
            spell.kicker.get(1).filter(|_| c.optional & 2 != 0),
            spell.buyback.as_ref().filter(|_| c.optional & 4 != 0),
            // 502.32a: the entwine cost, if every mode was chosen.
            spell
                .entwine
                .as_ref()
                .map(|e| &e.cost)
                .filter(|_| spell.is_entwined(c.mode)),
        ]
    }

    /// 409.1b: the optional cost the player announces next, if any: each
    /// kicker cost in the order listed, then buyback, then replicate again
    /// as long as every earlier answer for it was yes (502.52a).
    pub(super) fn next_optional_cost(&self, c: &Casting) -> Option<crate::OptionalCost> {
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        // 502.22a: with Yawgmoth's Will, whether to pay the flashback
        // cost is asked first.
        let fb = usize::from(c.flashback_optional);
        if (c.announced as usize) < fb {
            return Some(crate::OptionalCost::Flashback);
        }
        // 409.1b: an alternative cost is announced first; not with
        // flashback (two alternative costs can't apply to one spell).
        let alt = usize::from(
            spell.alternative.is_some()
                && !c.flashback
                && !c.suspend
                && !c.free
                && c.madness.is_none(),
        );
        if (c.announced as usize) < fb + alt {
            return Some(crate::OptionalCost::Alternative);
        }
        let i = c.announced as usize - fb - alt;
        if i < spell.kicker.len() {
            Some(crate::OptionalCost::Kicker(i as u8))
        } else if i == spell.kicker.len() && spell.buyback.is_some() {
            Some(crate::OptionalCost::Buyback)
        } else {
            let asked = i - spell.kicker.len() - usize::from(spell.buyback.is_some());
            (spell.replicate.is_some() && asked == c.replicate as usize)
                .then_some(crate::OptionalCost::Replicate)
        }
    }

    /// The cost an optional cost names (`None` if the spell has no such cost).
    pub(crate) fn optional_cost(
        &self,
        c: &Casting,
        cost: crate::OptionalCost,
    ) -> Option<&'static Cost> {
        let Playing::Spell { obj } = c.what else {
            return None;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        match cost {
            crate::OptionalCost::Kicker(i) => spell.kicker.get(i as usize),
            crate::OptionalCost::Buyback => spell.buyback.as_ref(),
            crate::OptionalCost::Alternative => spell.alternative.as_ref().map(|a| &a.cost),
            crate::OptionalCost::Entwine => spell.entwine.as_ref().map(|e| &e.cost),
            crate::OptionalCost::Replicate => spell.replicate.as_ref(),
            crate::OptionalCost::Flashback => spell.flashback.as_ref(),
        }
    }

    /// 409.1b: the condition of the spell's alternative cost ("If you
    /// control a Plains,") holds for `p`.
    pub(super) fn alternative_allowed(&self, c: &Casting, p: PlayerId) -> bool {
        let Playing::Spell { obj } = c.what else {
            return false;
        };
        // 505.2: a split card's spell is the half being played.
        let spell = &self.objects[obj.slot as usize].spell_face().spell;
        self.alternative_condition(p, obj, spell)
    }

    /// "If you control a [filter]," of an alternative cost; "If an
    /// opponent controls a [filter] and you control a [filter]," (the
    /// Mercadian Legates).
    pub(crate) fn alternative_condition(
        &self,
        p: PlayerId,
        card: ObjId,
        spell: &tolaria_cards::SpellAbility,
    ) -> bool {
        if let Some(f) = spell
            .alternative
            .as_ref()
            .and_then(|a| a.if_opponent_controls.as_ref())
        {
            let opponent_has = self.in_play.iter().any(|&o| {
                self.is_present(o)
                    && self.is_opponent(p, self.objects[o.slot as usize].controller)
                    && crate::continuous::filter::matches(self, f, o, Some(card), p)
            });
            if !opponent_has {
                return false;
            }
        }
        match spell
            .alternative
            .as_ref()
            .and_then(|a| a.if_you_control.as_ref())
        {
            None => spell.alternative.is_some(),
            Some(f) => self
                .controlled_by(p)
                .any(|o| crate::continuous::filter::matches(self, f, o, Some(card), p)),
        }
    }

    /// 409.1h: could `p` pay the non-mana parts of a cost of a spell
    /// (permanents to sacrifice or tap, cards to discard or remove from the
    /// hand, life)? "Unpayable costs can't be paid."
    pub(crate) fn cost_parts_payable(&self, p: PlayerId, k: &Cost) -> bool {
        let hand = &self.player(p).hand;
        let in_hand = |f: Option<&tolaria_cards::ObjectFilter>| {
            hand.iter()
                .filter(|&&o| {
                    f.is_none_or(|f| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                })
                .count()
        };
        let controlled =
            |f: &tolaria_cards::ObjectFilter, untapped: bool| self.count_controlled(p, f, untapped);
        if let Some(f) = &k.sacrifice {
            if controlled(f, false) < k.sacrifices() as usize {
                return false;
            }
        }
        if let Some((f, n)) = &k.tap_untapped {
            if controlled(f, true) < *n as usize {
                return false;
            }
        }
        if let Some((f, n)) = &k.return_to_hand {
            if controlled(f, false) < *n as usize {
                return false;
            }
        }
        if k.discard > 0 && in_hand(k.discard_filter.as_ref()) < k.discard as usize {
            return false;
        }
        if let Some((f, n)) = &k.exile_cards {
            let have = if k.exile_from_graveyard {
                self.player(p)
                    .graveyard
                    .iter()
                    .filter(|&&o| {
                        crate::continuous::filter::matches_card(
                            f,
                            self.objects[o.slot as usize].card,
                        )
                    })
                    .count()
            } else {
                in_hand(Some(f))
            };
            if have < *n as usize {
                return false;
            }
        }
        self.life(p) >= k.pay_life as i32
    }

    /// The permanents `p` controls matching `f` (only the untapped ones if
    /// `untapped`), for the costs that sacrifice or tap them and the
    /// comparisons "you control more lands than defending player" (500.1).
    pub(crate) fn count_controlled(
        &self,
        p: PlayerId,
        f: &tolaria_cards::ObjectFilter,
        untapped: bool,
    ) -> usize {
        self.controlled_by(p)
            .filter(|&o| {
                (!untapped || !self.objects[o.slot as usize].is_tapped())
                    && crate::continuous::filter::matches(self, f, o, None, p)
            })
            .count()
    }

    /// 409.1h: the permanents the spell's costs together sacrifice or tap,
    /// counted over the costs with the same filter (two Hundred-Talon
    /// Strikes spliced onto one spell tap two untapped white creatures,
    /// 502.40a).
    pub(super) fn costs_together_payable(&self, with: &Casting) -> bool {
        let p = with.player;
        let costs: Vec<&Cost> = self.spell_costs(with).collect();
        costs.iter().all(|k| {
            let sacrificed = k.sacrifice.as_ref().is_none_or(|f| {
                let need: usize = costs
                    .iter()
                    .filter(|c| c.sacrifice.as_ref() == Some(f))
                    .map(|c| c.sacrifices() as usize)
                    .sum();
                self.count_controlled(p, f, false) >= need
            });
            let tapped = k.tap_untapped.as_ref().is_none_or(|(f, _)| {
                let need: usize = costs
                    .iter()
                    .filter_map(|c| c.tap_untapped.as_ref())
                    .filter(|(g, _)| g == f)
                    .map(|(_, n)| *n as usize)
                    .sum();
                self.count_controlled(p, f, true) >= need
            });
            sacrificed && tapped
        })
    }

    /// 409.1f: the mana part of the total cost of the spell or ability
    /// being played, with X announced, increases and reductions, and the
    /// mana of the additional costs announced.
    pub(super) fn total_mana(&self, c: &Casting, mana_cost: &tolaria_cards::ManaCost) -> Unpaid {
        let x = c.x.unwrap_or(0);
        let mut u =
            if c.flashback || c.suspend || c.free || c.madness.is_some() || c.optional & 16 != 0 {
                // 502.22a: the flashback cost, 409.1b: an alternative cost, is
                // paid rather than the mana cost; 502.59c: a suspended card is
                // played without paying it.
                Unpaid::default()
            } else {
                Unpaid::from_cost(mana_cost, x).x_in_color(mana_cost, x, self.spell_x_color(c))
            };
        if let Playing::Spell { obj } = c.what {
            for k in self.spell_costs(c) {
                u.add(&Unpaid::from_cost(&k.mana, 0));
            }
            // 502.52a: the replicate cost (mana only), once per payment.
            if c.replicate > 0 {
                let spell = &self.objects[obj.slot as usize].spell_face().spell;
                if let Some(k) = &spell.replicate {
                    for _ in 0..c.replicate {
                        u.add(&Unpaid::from_cost(&k.mana, 0));
                    }
                }
            }
            crate::playing::cost::apply_change(&mut u, self.spell_cost_change(c.player, obj));
            crate::playing::cost::apply_colored(
                &mut u,
                self.spell_cost_colored_more(c.player, obj),
            );
            crate::playing::cost::apply_change(&mut u, self.per_target_cost(obj, c.targets.len()));
        }
        u
    }

    /// 409.1f: "This spell costs {1} more to play for each target beyond
    /// the first." (Fireball), for the targets chosen (409.1c).
    fn per_target_cost(&self, obj: ObjId, targets: usize) -> i32 {
        let face = self.objects[obj.slot as usize].spell_face();
        let Some(generic) = face.abilities.iter().find_map(|a| match a {
            tolaria_cards::Ability::Static(
                tolaria_cards::StaticAbility::CostsMorePerTargetBeyondFirst { generic },
            ) => Some(*generic),
            _ => None,
        }) else {
            return 0;
        };
        (generic as usize * targets.saturating_sub(1)) as i32
    }

    /// 409.1b: could the player pay the spell's total cost with `cost`
    /// announced too? The options offered are those that can be paid
    /// (sacrifices, discards and life available; the mana, counted with
    /// the mana abilities the player could play).
    pub(crate) fn can_announce(&self, c: &Casting, cost: crate::OptionalCost) -> bool {
        let Some(k) = self.optional_cost(c, cost) else {
            return false;
        };
        let mut with = c.clone();
        with.optional |= cost.bit();
        with.flashback |= cost == crate::OptionalCost::Flashback;
        if cost == crate::OptionalCost::Replicate {
            // Bounded so the count of answers (`announced`, a u8) can't
            // overflow; far beyond any mana a game produces.
            if with.replicate >= 200 {
                return false;
            }
            with.replicate += 1;
        }
        // "If you control a Plains, you may …" (Mercadian Masques).
        if cost == crate::OptionalCost::Alternative && !self.alternative_allowed(c, c.player) {
            return false;
        }
        self.total_cost_payable(&with, k)
    }

    /// 409.1h: could the player pay the total cost of the spell being
    /// played as announced in `with`, `k` being the cost just announced?
    pub(crate) fn total_cost_payable(&self, with: &Casting, k: &Cost) -> bool {
        let p = with.player;
        if !self.cost_parts_payable(p, k) {
            return false;
        }
        // The additional costs together: life and cards in hand.
        let discards: u8 = self.spell_costs(with).map(|k| k.discard).sum();
        let life: u32 = self.spell_costs(with).map(|k| k.pay_life).sum();
        if self.player(p).hand.len() < discards as usize
            || self.life(p) < life as i32
            || !self.costs_together_payable(with)
        {
            return false;
        }
        let Playing::Spell { obj } = with.what else {
            return false;
        };
        let face = &db().get(self.shown_card(obj)).faces[0];
        let mana_cost = face.mana_cost.clone().unwrap_or_default();
        let need = self.total_mana(with, &mana_cost);
        // The restricted mana the spell may use pays its additional costs
        // too (Mishra's Workshop's ruling: kicker), `mana_restricted.rs`.
        self.can_pay(p, &need, None)
            || self.can_pay_restricted(
                p,
                Self::spend_for_face(face),
                &need,
                &self.available_mana(p, None),
                None,
            )
    }
}
