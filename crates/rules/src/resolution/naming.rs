//! Naming a card (419.1b "As [this] comes into play, name a card"; 505.7,
//! 508.2) and the restrictions that read the name: "Activated abilities of
//! sources with the chosen name can't be played" (Pithing Needle, Voidstone
//! Gargoyle). "Spells with the chosen name can't be played" (Meddling Mage)
//! is a `CantPlaySpells` whose filter reads the name (`playing/cost.rs`).
//! The same restriction reaches a group of permanents ("Activated abilities
//! of creatures can't be played", Cursed Totem, Null Rod) or the enchanted
//! permanent ("its activated abilities can't be played", Arrest).
//!
//! The name is a [`CardName`] (a card of the pool and which of its names),
//! remembered by the permanent like a chosen colour (503.6–503.8: a copy
//! names anew; a permanent that becomes a copy in play has none, and a
//! filter "with the chosen name" then matches nothing, 503.7).
//!
//! Any card of the pool may be named, so `apply` accepts every valid name
//! while `legal_actions` lists only a sensible few: the names of the cards
//! the deciding player can see (public zones, the stack, their own hand and
//! library) — listing 8,854 answers would swamp agents and search.

use crate::{Action, Game, ObjId, PlayerId};
use tolaria_cards::{db, CardName, CardType, Layout, StaticAbility};

/// May this name be named for a "name a [nonland] card" choice? A card of
/// the pool (a flip card's alternative name only for a flip card); for
/// "nonland", the named card (that face) isn't a land card.
pub(crate) fn may_name(n: CardName, nonland: bool) -> bool {
    if !db().is_valid_name(n) {
        return false;
    }
    !nonland || !is_land_name(n)
}

/// Is the card with this name a land card (its face of that name)?
fn is_land_name(n: CardName) -> bool {
    let def = db().get(n.card);
    let face = match def.layout {
        Layout::Flip if n.alt => def.faces.get(1),
        _ => def.faces.first(),
    };
    face.is_some_and(|f| f.types.contains(CardType::Land))
}

impl Game {
    /// 419.1b: the names offered to `p` for a "name a card" choice: those of
    /// the cards `p` can see now (permanents face up, the stack, graveyards,
    /// cards removed from the game, `p`'s own hand and library), a flip
    /// card by both of its names, in database order. Any other valid name
    /// may be sent too (`may_name`).
    pub(crate) fn name_options(&self, p: PlayerId, nonland: bool, out: &mut Vec<Action>) {
        let mut names: Vec<CardName> = Vec::new();
        let mut add = |game: &Game, o: ObjId| {
            let obj = &game.objects[o.slot as usize];
            if obj.is_face_down() || obj.spell_copy.is_some() || obj.token_src.is_some() {
                return;
            }
            names.push(CardName {
                card: obj.card,
                alt: false,
            });
            if obj.def().layout == Layout::Flip {
                names.push(CardName {
                    card: obj.card,
                    alt: true,
                });
            }
        };
        for &o in &self.in_play {
            add(self, o);
        }
        for s in &self.stack {
            if let crate::state::stack::StackKind::Spell { obj } = s.kind {
                add(self, obj);
            }
        }
        for &o in &self.removed {
            add(self, o);
        }
        for pl in &self.players {
            for &o in &pl.graveyard {
                add(self, o);
            }
        }
        for &o in self.player(p).hand.iter().chain(&self.player(p).library) {
            add(self, o);
        }
        names.sort();
        names.dedup();
        out.extend(
            names
                .into_iter()
                .filter(|&n| may_name(n, nonland))
                .map(Action::NameCard),
        );
    }

    /// `ability_forbidden` for a source's mana abilities, judged together:
    /// with {T} in their costs if any of them has (Katabatic Winds stops
    /// Birds of Paradise, not a "Discard a card: Add {B}" like Skirge
    /// Familiar's). No card of the pool has mana abilities both with and without
    /// {T} on a creature with flying.
    pub(crate) fn mana_abilities_forbidden(&self, source: ObjId) -> bool {
        if !self.ability_forbidden(source, true, true) {
            return false;
        }
        self.ability_forbidden(source, true, false)
            || crate::continuous::layers::ability_chars(self, source)
                .ability_list()
                .iter()
                .any(|a| matches!(a, tolaria_cards::Ability::Mana(m) if m.cost.tap))
    }

    /// "Activated abilities of sources with the chosen name (of
    /// creatures, of the enchanted creature) can't be played [unless
    /// they're mana abilities]": is playing an activated
    /// ability of `source` (in any zone: the Needle stops cycling from the
    /// hand too) forbidden now? `mana`: the ability is a mana ability (406);
    /// `tap`: {T} is in its cost (Katabatic Winds forbids only those).
    pub(crate) fn ability_forbidden(&self, source: ObjId, mana: bool, tap: bool) -> bool {
        self.any_static_in_play(|s, src, controller| match s {
            StaticAbility::CantPlayAbilities {
                affected,
                except_mana,
                tap_only,
            } => {
                // "Activated abilities of creatures (artifacts)" means
                // permanents (Null Rod's ruling: only artifacts in play);
                // "sources with the chosen name" reaches every zone.
                let anywhere =
                    matches!(affected, tolaria_cards::Affected::Each(f) if f.chosen_name);
                !(mana && *except_mana)
                    && (tap || !*tap_only)
                    && (anywhere || self.is_in_play(source))
                    && self.static_reaches(affected, src, controller, source)
            }
            _ => false,
        })
    }
}
