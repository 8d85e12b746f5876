//! Copiable values (503.2): what a copy effect copies of an object, and
//! the exceptions a copy effect makes ("except it's an artifact"); tokens
//! put into play as copies (503.1, 503.5, 419.6i).

use crate::continuous::effects::Copiable;
use crate::resolution::choices::{
    chooses_color_as_it_enters, enters_with_choice, names_card_as_it_enters,
};
use crate::state::object::Object;
use crate::state::stack::{ResolveCtx, StackKind};
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, StackItem, Zone};
use tolaria_cards::{db, Ability, Amount, KeywordSet, ObjectRef, PlayerRef};

/// 503: the filter of a permanent spell's "as [this] comes into play, you
/// may choose a [filter] … to copy" ability, if it has one.
pub(crate) fn copy_filter(
    game: &Game,
    item: &StackItem,
) -> Option<&'static tolaria_cards::ObjectFilter> {
    let StackKind::Spell { obj } = item.kind else {
        return None;
    };
    game.objects[obj.slot as usize]
        .spell_face()
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Static(tolaria_cards::StaticAbility::ComesIntoPlayAsCopy(f)) => Some(f),
            _ => None,
        })
}

/// 503.9: the copiable values a permanent coming into play as a copy of
/// `values` gets, with its own copy exceptions (Vesuvan Doppelganger: it
/// keeps its colour and has the ability in quotes).
pub(crate) fn copy_with_exceptions(
    card: tolaria_cards::CardId,
    mut values: crate::continuous::effects::Copiable,
) -> crate::continuous::effects::Copiable {
    let face = &db().get(card).faces[0];
    for a in &face.abilities {
        if let Ability::Static(tolaria_cards::StaticAbility::CopyExceptions {
            keeps_color,
            has,
            also_types,
        }) = a
        {
            // 503.9: "except it's an enchantment in addition to its other
            // types" (Copy Artifact).
            values.types = tolaria_cards::TypeSet(values.types.0 | also_types.0);
            if *keeps_color {
                values.colors = Some(face.colors);
            }
            if let Some(index) = *has {
                values.gains = Some(tolaria_cards::AbilityRef::Granted {
                    card,
                    face: 0,
                    index,
                });
            }
        }
    }
    values
}

impl Game {
    /// 503.2: the copiable values of a permanent: its own printed values,
    /// or those of the latest copy effect on it (a later copy effect
    /// overwrites an earlier one; a copy of a copy copies the original).
    pub fn copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        // 504.2, 503.2: a face-down object's copiable values are those the
        // rules that turned it face down list (Clone copying a face-down
        // creature is a nameless 2/2, 503.2's example).
        if self.objects[o.slot as usize].is_face_down() {
            return crate::continuous::effects::Copiable::printed(db().face_down, None);
        }
        self.underlying_copiable_values(o)
    }

    /// 504.7: the copiable values a face-down permanent would have if it
    /// were face up (its own, or those of the latest copy effect on it).
    pub fn underlying_copiable_values(&self, o: ObjId) -> crate::continuous::effects::Copiable {
        let latest = self
            .effects
            .iter()
            .filter(|e| e.affected == o)
            .filter_map(|e| e.copy.map(|c| (e.timestamp, c)))
            .max_by_key(|&(ts, _)| ts)
            .map(|(_, c)| c);
        latest.unwrap_or_else(|| {
            let obj = &self.objects[o.slot as usize];
            crate::continuous::effects::Copiable::printed(obj.card, obj.token_src)
        })
    }

    /// 503.1, 503.5: "put N tokens into play that are copies of [what]":
    /// each token comes into play as a copy of the copiable values (503.2)
    /// with the effect's exceptions (503.9: `keywords`, "except it has
    /// haste"), so it comes into play with the copied "comes into play
    /// tapped / with counters" and its comes-into-play abilities trigger.
    /// 419.6i, 503.6: its controller makes the "as [this] comes into play"
    /// choices of the copied card anew (Voice of All's colour), asked
    /// before any token is created; several tokens of one effect share
    /// them (no card of the pool makes several copies of such a card).
    pub(crate) fn create_token_copies(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        amount: &Amount,
        what: &ObjectRef,
        keywords: KeywordSet,
    ) -> Option<Decision> {
        let mut values = self.copied_values(ctx, what)?;
        values.keywords = values.keywords.union(keywords);
        let n = self.amount(ctx, amount).max(0);
        let players: Vec<_> = self
            .players_of(ctx, who)
            .into_iter()
            // 600.4b: no token is created for a player who left the game.
            .filter(|&p| !self.player(p).left_game)
            .collect();
        let first = *players.first()?;
        if n == 0 {
            return None;
        }
        let card = values.card;
        let r = self.resolving.as_deref()?;
        let ask = if chooses_color_as_it_enters(card) && r.color_choice.is_none() {
            Some(DecisionKind::ChooseColor)
        } else if r.type_choice.is_none()
            && enters_with_choice(
                card,
                tolaria_cards::StaticAbility::AsComesIntoPlayChooseCreatureType,
            )
        {
            Some(DecisionKind::ChooseCreatureType)
        } else if r.name_choice.is_none() {
            names_card_as_it_enters(card).map(|nonland| DecisionKind::NameCard { nonland })
        } else {
            None
        };
        if let Some(kind) = ask {
            return Some(Decision {
                player: first,
                kind,
            });
        }
        let (color, subtype, name) = (r.color_choice, r.type_choice, r.name_choice);
        let mut created: Option<crate::state::stack::Created> = None;
        for p in players {
            for _ in 0..n {
                // The arena's limit (state/limits.rs).
                if self.objects.len() >= crate::state::limits::MAX_OBJECTS {
                    break;
                }
                let Some(id) = self.put_token_copy(ctx, p, values) else {
                    continue;
                };
                self.record_entering_choice(id, color, subtype, name);
                crate::state::stack::Created::note(&mut created, id);
                self.emit(Event::TokenCreated {
                    obj: id,
                    player: p,
                    copy_of: Some(card),
                });
            }
        }
        // `ObjectRef::Created`: "sacrifice it at the beginning of the next
        // end step" (Kiki-Jiki, Mirror Breaker).
        if let (Some(c), Some(r)) = (created, self.resolving.as_mut()) {
            r.ctx.created = Some(c);
            r.color_choice = None;
            r.type_choice = None;
            r.name_choice = None;
        }
        None
    }

    /// One token copy: an object outside every zone (its card the copied
    /// one, 216.1: owned by the effect's controller) put into play under
    /// `p`'s control as a copy (the same zone change as Clone's, 503.5).
    fn put_token_copy(
        &mut self,
        ctx: &ResolveCtx,
        p: crate::PlayerId,
        values: Copiable,
    ) -> Option<ObjId> {
        self.touched();
        let slot = self.objects.len();
        let mut o = Object::new(values.card, ctx.controller, Zone::Nowhere);
        o.token = true;
        o.token_src = values.token;
        o.mark_board_input();
        self.objects.push(o);
        let id = self.objects[slot].id(slot);
        self.put_into_play_as(id, p, MoveReason::TokenCopy, Some(values))
    }
}
