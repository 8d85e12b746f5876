//! Mana abilities with a mana cost (406.1, 411.1): "{1}, {T}: Add {B}{R}"
//! (Shadowblood Ridge), "{3}, {T}: Double the amount of each type of mana in
//! your mana pool" (Doubling Cube).
//!
//! 411.1: playing a mana ability follows 409.1b–i, so its cost is paid like
//! any other, but it resolves at once and doesn't use the stack. The
//! player plays mana abilities before paying (409.1g), so the mana that pays
//! is what the pool holds: such an ability is offered only while the
//! controller's pool can pay its mana cost, and activating it takes that
//! mana from the pool (`play::take_from_pool`: the engine chooses which
//! pool mana pays generic, colourless first, then W, U, B, R, G). The mana
//! it makes is never counted in `available_mana` (a known limit, as for
//! triggered mana abilities: make the mana first, then play the spell).
//!
//! No loops: an ability offered needs pool mana it takes, so only an
//! ability that adds at least its cost of the same types could be played
//! forever, and each mana ability of the pool with a mana cost also taps or
//! sacrifices its source, or converts one type into another.

use crate::state::progress::Unpaid;
use crate::{Event, Game, ObjId, PlayerId};
use tolaria_cards::{CardId, ManaCost, ManaKind};

impl Game {
    /// Could the pool of `source`'s controller pay this mana cost now (an
    /// empty cost always can)?
    pub(crate) fn pool_pays(&self, source: ObjId, cost: &ManaCost) -> bool {
        (cost.is_zero() && self.ability_cost_increase(source) == 0)
            || self.pool_after_cost(source, cost).is_some()
    }

    /// The mana left in the pool of `source`'s controller once `cost` is
    /// paid from it, if it can be.
    pub(crate) fn pool_after_cost(&self, source: ObjId, cost: &ManaCost) -> Option<u32> {
        let p = self.objects[source.slot as usize].controller;
        let mut pool = self.player(p).pool;
        let mut u = Unpaid::from_cost(cost, 0);
        // 409.1f: with the cost increases (Gloom).
        u.generic += self.ability_cost_increase(source);
        crate::playing::mana::take_from_pool(&mut pool, &mut u);
        u.is_paid().then(|| pool.total())
    }

    /// 411.1, 409.1h: pays a mana ability's mana cost from `p`'s pool.
    pub(crate) fn pay_mana_ability_cost(&mut self, p: PlayerId, source: ObjId, cost: &ManaCost) {
        let mut u = Unpaid::from_cost(cost, 0);
        // 409.1f: with the cost increases (Gloom).
        u.generic += self.ability_cost_increase(source);
        crate::playing::mana::take_from_pool(&mut self.players[p.index()].pool, &mut u);
    }

    /// "Double the amount of each type of mana in your mana pool" (Doubling
    /// Cube): each type (a colour, or colourless) the pool holds is added
    /// again (its rulings: "the type of mana is its color, or lack thereof").
    pub(crate) fn double_pool(&mut self, p: PlayerId, source: ObjId, card: CardId) {
        for i in 0..6 {
            let n = self.players[p.index()].pool.0[i];
            if n == 0 {
                continue;
            }
            let kind = ManaKind::from_index(i);
            let pool = &mut self.players[p.index()].pool;
            pool.0[i] = n.saturating_add(n);
            let amount = u32::from(pool.0[i] - n);
            self.emit(Event::ManaAdded {
                player: p,
                source,
                card,
                kind,
                amount,
            });
        }
    }
}
