//! 409.1f: the total cost of a spell (its mana cost plus cost increases,
//! minus reductions), and the static abilities that forbid playing a spell
//! ("You can't play creature spells", "can't play more than one spell each
//! turn").

use crate::{Game, ObjId, PlayerId, Unpaid};
use tolaria_cards::{CardType, StaticAbility, Whose};

/// Adds (or, negative, removes) generic mana to an unpaid cost. 409.1f: a
/// reduction lowers only the generic part, never below zero.
pub(crate) fn apply_change(u: &mut Unpaid, change: i32) {
    if change >= 0 {
        u.generic += change as u32;
    } else {
        u.generic = u.generic.saturating_sub(change.unsigned_abs());
    }
}

/// 409.1f: adds the coloured mana of cost increases ("cost {W} more",
/// Alabaster Leech) to an unpaid cost.
pub(crate) fn apply_colored(u: &mut Unpaid, more: [u8; 5]) {
    for (c, n) in u.colored.iter_mut().zip(more) {
        *c += u32::from(n);
    }
}

/// Does a static ability controlled by `controller` apply to a spell played
/// by `player` ("your opponents play", "you play", every player)?
fn whose_applies(game: &Game, whose: Whose, controller: PlayerId, player: PlayerId) -> bool {
    match whose {
        Whose::You => controller == player,
        Whose::Opponent => game.is_opponent(controller, player),
        Whose::Each => true,
        // Only a trigger's (`Trigger::BeginningOf`).
        Whose::Chosen => false,
    }
}

impl Game {
    /// 409.1f: the generic mana the total cost of `card` (a card being
    /// played as a spell by `p`, in hand or on the stack) differs from its
    /// mana cost by: increases from permanents in play (Aura of Silence)
    /// and the card's own reduction (Avatar of Might).
    pub(crate) fn spell_cost_change(&self, p: PlayerId, card: ObjId) -> i32 {
        self.spell_cost_change_as(p, card, None)
    }

    /// 409.1f: the coloured mana cost increases add to the total cost of
    /// `card` played by `p` ("White spells you play cost {W} more to
    /// play.", Alabaster Leech), one count per colour.
    pub(crate) fn spell_cost_colored_more(&self, p: PlayerId, card: ObjId) -> [u8; 5] {
        let mut more = [0u8; 5];
        self.any_static_in_play(|s, src, controller| {
            if let StaticAbility::SpellCostChange {
                filter,
                whose,
                colored: Some(color),
                ..
            } = s
            {
                if whose_applies(self, *whose, controller, p)
                    && self.spell_matches(filter, card, None, src, controller)
                {
                    more[*color as usize] = more[*color as usize].saturating_add(1);
                }
            }
            false
        });
        more
    }

    /// [`Game::spell_cost_change`] for `card` judged as the spell it would
    /// be: `as_face_down` gives the characteristics of a card about to be
    /// played face down from the hand (504.2, 502.26b: only what applies to
    /// a nameless, colourless 2/2 creature spell with no mana cost).
    pub(crate) fn spell_cost_change_as(
        &self,
        p: PlayerId,
        card: ObjId,
        as_face_down: Option<&crate::continuous::characteristics::Characteristics>,
    ) -> i32 {
        let mut change = 0i32;
        // 504.2: a face-down spell has only the face-down characteristics.
        let shown = if as_face_down.is_some() {
            tolaria_cards::db().face_down
        } else {
            self.shown_card(card)
        };
        let face = tolaria_cards::db().get(shown).front();
        if face.has_statics {
            for a in &face.abilities {
                // 502.31a: {1} less for each [filter] the player controls.
                if let tolaria_cards::Ability::Static(StaticAbility::AffinityFor(f)) = a {
                    let n = self
                        .controlled_by(p)
                        .filter(|&o| crate::continuous::filter::matches(self, f, o, Some(card), p))
                        .count();
                    change -= n as i32;
                }
                // "You may play CARDNAME as though it had flash if you pay
                // {2} more to play it." (Rout): only when that permission
                // is what lets it be played (on the stack: the mark
                // `begin_casting_full` left).
                if let tolaria_cards::Ability::Static(StaticAbility::FlashForMore(n)) = a {
                    let o = &self.objects[card.slot as usize];
                    let flashed = if o.zone == crate::Zone::Stack {
                        o.control_marks & crate::state::object::marks::FLASH_SACRIFICED != 0
                    } else {
                        let sorcery_time =
                            self.is_active(p) && self.step.is_main() && self.stack.is_empty();
                        !(sorcery_time || self.flash_granted(p, card))
                    };
                    if flashed {
                        change += i32::from(*n);
                    }
                }
                if let tolaria_cards::Ability::Static(StaticAbility::CostsLessIf {
                    condition,
                    generic,
                }) = a
                {
                    if crate::continuous::condition::holds_for(self, card, p, condition) {
                        change -= *generic as i32;
                    }
                }
                if let tolaria_cards::Ability::Static(
                    StaticAbility::CostsLessIfOpponentHasMoreCreatures { more, generic },
                ) = a
                {
                    let creatures = |q: PlayerId| {
                        self.controlled_by(q)
                            .filter(|&o| self.chars(o).is(CardType::Creature))
                            .count()
                    };
                    let mine = creatures(p);
                    if self
                        .opponents(p)
                        .any(|q| creatures(q) >= mine + *more as usize)
                    {
                        change -= *generic as i32;
                    }
                }
            }
        }
        self.any_static_in_play(|s, src, controller| {
            if let StaticAbility::SpellCostChange {
                filter,
                whose,
                generic,
                off_turn_only,
                ..
            } = s
            {
                if whose_applies(self, *whose, controller, p)
                    && !(*off_turn_only && self.is_active(p))
                    && self.spell_matches(filter, card, as_face_down, src, controller)
                {
                    change += generic;
                }
            }
            false
        });
        change
    }

    /// 409.1f: the generic mana added to the cost of activating an ability
    /// of `source` by static abilities in play ("Activated abilities of
    /// white enchantments cost {3} more to play.", Gloom).
    pub(crate) fn ability_cost_increase(&self, source: ObjId) -> u32 {
        let mut more = 0;
        self.any_static_in_play(|s, src, controller| {
            if let StaticAbility::AbilitiesCostMore { filter, generic } = s {
                if self.is_present(source)
                    && crate::continuous::filter::matches(
                        self,
                        filter,
                        source,
                        Some(src),
                        controller,
                    )
                {
                    more += generic;
                }
            }
            false
        });
        more
    }

    /// 502.26d: the generic mana added to every morph cost by static
    /// abilities in play ("All morph costs cost {2} more.", Exiled
    /// Doomsayer).
    pub(crate) fn morph_cost_increase(&self) -> u32 {
        let mut more = 0;
        self.any_static_in_play(|s, _, _| {
            if let StaticAbility::MorphCostsMore(n) = s {
                more += n;
            }
            false
        });
        more
    }

    /// May `p` not play `card` as a spell now because of a static ability
    /// ("You can't play creature spells", Steel Golem; "Each player can't
    /// play more than one spell each turn", Rule of Law)?
    pub(crate) fn spell_forbidden(&self, p: PlayerId, card: ObjId) -> bool {
        self.spell_forbidden_as(p, card, None)
    }

    /// [`Game::spell_forbidden`] for `card` judged as the spell it would be
    /// (`as_face_down`: see [`Game::spell_cost_change_as`]; 504.2: Meddling
    /// Mage naming the card doesn't stop it face down).
    pub(crate) fn spell_forbidden_as(
        &self,
        p: PlayerId,
        card: ObjId,
        as_face_down: Option<&crate::continuous::characteristics::Characteristics>,
    ) -> bool {
        let played = self.player(p).spells_this_turn;
        // "Target player can't play creature spells this turn." (Cease-Fire)
        let banned = self.play_bans.iter().any(|b| {
            b.player == p
                && b.spells.as_ref().is_some_and(|f| match as_face_down {
                    Some(ch) => crate::continuous::filter::matches_with(self, f, card, ch, None, p),
                    None => crate::continuous::filter::matches(self, f, card, None, p),
                })
        });
        banned
            || self.any_static_in_play(|s, src, controller| match s {
                StaticAbility::OneSpellEachTurn => played >= 1,
                // Dosan the Falling Leaf (606.4b: a team's turn is each
                // teammate's own).
                StaticAbility::SpellsOnlyDuringOwnTurn => !self.is_active(p),
                StaticAbility::CantPlaySpells { whose, filter } => {
                    whose_applies(self, *whose, controller, p)
                        && self.spell_matches(filter, card, as_face_down, src, controller)
                }
                _ => false,
            })
    }

    /// "You may play [filter] spells as though they had flash." (Vedalken
    /// Orrery, Quick Sliver; `StaticAbility::PlayAsThoughFlash`): may `p`
    /// play the card `card` as a spell any time they could play an
    /// instant? Only looked at while such a card is in the game
    /// (`Game::flash_grants`).
    pub(crate) fn flash_granted(&self, p: PlayerId, card: ObjId) -> bool {
        self.flash_grants
            && self.any_static_in_play(|s, src, controller| match s {
                StaticAbility::PlayAsThoughFlash { whose, filter } => {
                    whose_applies(self, *whose, controller, p)
                        && self.spell_matches(filter, card, None, src, controller)
                }
                _ => false,
            })
    }

    /// Does the spell `card` (or, `as_face_down`, the face-down spell it
    /// would be) match a static ability's filter?
    fn spell_matches(
        &self,
        filter: &tolaria_cards::ObjectFilter,
        card: ObjId,
        as_face_down: Option<&crate::continuous::characteristics::Characteristics>,
        src: ObjId,
        controller: PlayerId,
    ) -> bool {
        match as_face_down {
            Some(ch) => crate::continuous::filter::matches_with(
                self,
                filter,
                card,
                ch,
                Some(src),
                controller,
            ),
            None => crate::continuous::filter::matches(self, filter, card, Some(src), controller),
        }
    }
}
