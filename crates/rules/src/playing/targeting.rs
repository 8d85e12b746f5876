//! Targets (115, 409.1c, 413.2a, 415): which objects and players a target
//! requirement accepts, including shroud (502.36) and protection (502.7b).

use crate::continuous::characteristics::{compute, player_has_shroud};
use crate::continuous::source::SourceInfo;
use crate::{continuous::filter, Game, ObjId, Target, Zone};
use tolaria_cards::{Ability, CardType, Keyword, PlayerFilter, TargetKind, TargetSpec, TypeSet};

/// Flattens target specs into one slot per target (409.1c).
/// Slots past the fixed counts belong to a last spec with a variable number
/// (`TargetSpec::count_by`).
pub fn slot_spec(specs: &[TargetSpec], slot: usize) -> Option<(usize, &TargetSpec)> {
    let mut k = 0;
    for (i, s) in specs.iter().enumerate() {
        if slot < k + s.count as usize {
            return Some((i, s));
        }
        k += s.count as usize;
    }
    match specs.last() {
        Some(s) if s.count_by.is_some() => Some((specs.len() - 1, s)),
        _ => None,
    }
}

/// 409.1c: may the player choose no more targets at `slot`? Only for an
/// "up to N" or "any number of" requirement, once its minimum is chosen
/// ("one, two, or three target creatures": at least one).
pub fn may_stop(specs: &[TargetSpec], slot: usize) -> bool {
    match slot_spec(specs, slot) {
        Some((i, s)) if s.up_to => {
            let first: usize = specs[..i].iter().map(|s| s.count as usize).sum();
            slot.saturating_sub(first) >= s.min as usize
        }
        _ => false,
    }
}

pub fn slot_count(specs: &[TargetSpec]) -> usize {
    specs.iter().map(|s| s.count as usize).sum()
}

/// Is `t` a legal target for `spec` now?
pub fn is_legal_target(game: &Game, spec: &TargetSpec, t: Target, src: &SourceInfo) -> bool {
    if spec.other && Some(t) == src.obj.map(Target::Object) {
        return false;
    }
    // 601.4: nothing outside the controller's range of influence.
    if game.limited_range() && !game.target_within_range(src.controller, t) {
        return false;
    }
    match (&spec.kind, t) {
        (TargetKind::CreatureOrPlayer, Target::Player(p))
        | (TargetKind::Player(_), Target::Player(p)) => {
            if game.player(p).lost || player_has_shroud(game, p) {
                return false;
            }
            match &spec.kind {
                TargetKind::Player(PlayerFilter::Opponent) => game.is_opponent(src.controller, p),
                // 603.2: "target teammate".
                TargetKind::Player(PlayerFilter::Teammate) => game.is_teammate(src.controller, p),
                TargetKind::Player(PlayerFilter::You) => p == src.controller,
                _ => true,
            }
        }
        (TargetKind::CreatureOrPlayer, Target::Object(o)) => {
            game.is_present(o) && {
                let ch = compute(game, o);
                ch.is_creature()
                    && targetable(game, &ch, src)
                    && !untargetable_by(game, o, &ch, src)
            }
        }
        (TargetKind::Permanent(f), Target::Object(o)) => {
            game.is_present(o) && {
                let ch = compute(game, o);
                targetable(game, &ch, src)
                    && (f.controller != tolaria_cards::ControllerFilter::TriggeringPlayer
                        || src.trigger_player == Some(ch.controller))
                    && filter::matches_with(game, f, o, &ch, src.obj, src.controller)
                    && !untargetable_by(game, o, &ch, src)
            }
        }
        (TargetKind::SpellOrPermanent, Target::Object(o)) => {
            // A spell on the stack, else a permanent in play.
            let kind = if game.obj(o).is_some_and(|x| x.zone == Zone::Stack) {
                TargetKind::Spell(tolaria_cards::ObjectFilter::any())
            } else {
                TargetKind::Permanent(tolaria_cards::ObjectFilter::any())
            };
            let as_kind = TargetSpec {
                kind,
                ..spec.clone()
            };
            is_legal_target(game, &as_kind, t, src)
        }
        // 502.59b: a suspended card, else a permanent in play.
        (
            TargetKind::PermanentOrSuspended {
                filter: f,
                with_counter,
            },
            Target::Object(o),
        ) => {
            let Some(x) = game.obj(o) else { return false };
            if x.zone == Zone::RemovedFromGame {
                return game.is_suspended(o);
            }
            if with_counter.is_some_and(|k| x.counters_of(k) == 0) {
                return false;
            }
            let as_permanent = TargetSpec {
                kind: TargetKind::Permanent(f.clone()),
                ..spec.clone()
            };
            is_legal_target(game, &as_permanent, t, src)
        }
        (TargetKind::SpellOrAbility(f), Target::Object(_)) => {
            let as_spell = TargetSpec {
                kind: TargetKind::Spell(f.clone()),
                ..spec.clone()
            };
            is_legal_target(game, &as_spell, t, src)
        }
        // An activated or triggered ability on the stack (415.6: not the
        // ability itself); an ability has no characteristics a filter could
        // ask for but its number of targets.
        (TargetKind::SpellOrAbility(f), Target::Ability(id)) => {
            src.ability != Some(id)
                && game
                    .stack_ability(id)
                    .is_some_and(|s| !f.single_target || s.targets.len() == 1)
        }
        // An activated ability on the stack (406.1: mana abilities never
        // are), whose source has one of the filter's types: judged from
        // the source in play, else from its card (413.2f: the ability
        // exists independently of its source).
        (TargetKind::ActivatedAbility(f), Target::Ability(id)) => {
            src.ability != Some(id)
                && game.stack_ability(id).is_some_and(|s| match s.kind {
                    crate::StackKind::Ability {
                        source,
                        card,
                        triggered: false,
                        ..
                    } => {
                        let types = if game.is_in_play(source) {
                            compute(game, source).types
                        } else {
                            tolaria_cards::db().get(card).front().types
                        };
                        (f.types_any.is_empty() || f.types_any.0 & types.0 != 0)
                            && (!f.single_target || s.targets.len() == 1)
                    }
                    _ => false,
                })
        }
        (TargetKind::Spell(f), Target::Object(o)) => {
            // 415.6: a spell on the stack is an illegal target for itself
            // (the spell being played, a spell whose target is changed,
            // 415.7). An ability's source is never the spell it targets
            // in the card pool (ARCHITECTURE.md).
            src.obj != Some(o)
                && game.obj(o).is_some_and(|x| x.zone == Zone::Stack)
                // "with a single target" (415.7, Shunt).
                && (!f.single_target
                    || game.stack.iter().any(|s| {
                        matches!(s.kind, crate::StackKind::Spell { obj } if obj == o)
                            && s.targets.len() == 1
                    }))
                && {
                    let ch = compute(game, o);
                    filter::matches_with(game, f, o, &ch, src.obj, src.controller)
                }
        }
        (
            TargetKind::CardInGraveyard {
                filter: f, whose, ..
            },
            Target::Object(o),
        ) => {
            game.obj(o).is_some_and(|x| match x.zone {
                Zone::Graveyard(owner) => match whose {
                    tolaria_cards::PlayerFilter::Any => true,
                    tolaria_cards::PlayerFilter::You => owner == src.controller,
                    tolaria_cards::PlayerFilter::Opponent => {
                        game.is_opponent(src.controller, owner)
                    }
                    tolaria_cards::PlayerFilter::Teammate => {
                        game.is_teammate(src.controller, owner)
                    }
                    // "from that player's graveyard" (Ink-Eyes).
                    tolaria_cards::PlayerFilter::TriggeringPlayer => {
                        src.trigger_player == Some(owner)
                    }
                    // "… from their graveyard" after "target player": the
                    // player chosen earlier (`legal_targets` holds the
                    // card to that graveyard; a card never changes
                    // graveyards and stays the same object, 217.1c).
                    tolaria_cards::PlayerFilter::TargetedPlayer => true,
                },
                _ => false,
            }) && filter::matches(game, f, o, src.obj, src.controller)
        }
        _ => false,
    }
}

/// "target opponent who had more life than you did as you activated this
/// ability" (Keeper of the Flame, `TargetSpec::more_than_you`): judged as
/// the target is chosen, not again as the ability resolves (the wording
/// fixes the moment; ARCHITECTURE.md).
fn more_than_you(game: &Game, spec: &TargetSpec, t: Target, src: &SourceInfo) -> bool {
    let (Some(m), Target::Player(p), Some(obj)) = (spec.more_than_you.as_deref(), t, src.obj)
    else {
        return spec.more_than_you.is_none();
    };
    let q = |who| {
        crate::continuous::condition::player_quantity(game, who, &m.quantity, obj, src.controller)
    };
    q(p) >= q(src.controller) + i64::from(m.by)
}

/// 502.36 shroud and 502.7b protection.
fn targetable(
    game: &Game,
    ch: &crate::continuous::characteristics::Characteristics,
    src: &SourceInfo,
) -> bool {
    !ch.has(Keyword::Shroud) && !ch.protected_from_source(game, src)
}

/// "Can't be the target of [blue or black] spells" (Karplusan Strider) /
/// "… of spells or abilities your opponents control" (Troll Ascetic): a
/// static ability that affects the permanent `o`.
fn untargetable_by(
    game: &Game,
    o: ObjId,
    ch: &crate::continuous::characteristics::Characteristics,
    src: &SourceInfo,
) -> bool {
    // A spell is an object on the stack, or a card in hand checked before
    // it is played; an ability's source is elsewhere (409.1a).
    let is_spell = src
        .obj
        .and_then(|s| game.obj(s))
        .is_some_and(|s| matches!(s.zone, Zone::Stack | Zone::Hand(_)));
    game.any_static_on(o, |s, _| match s {
        tolaria_cards::StaticAbility::CantBeTargetedBy {
            spells_only,
            colors,
            opponents,
            auras,
            ..
        } => {
            (!*spells_only || is_spell)
                && (colors.is_empty() || colors.intersects(src.colors))
                && (!*opponents || game.is_opponent(ch.controller, src.controller))
                // 212.4a: an Aura spell (its printed subtype: an Aura spell
                // on the stack or a card about to be played).
                && (!*auras
                    || src.obj.is_some_and(|s| {
                        crate::continuous::characteristics::compute(game, s)
                            .subtypes
                            .contains(tolaria_cards::Subtype::AURA)
                    }))
        }
        _ => false,
    })
}

/// Every legal target for a slot, excluding targets already chosen for the
/// same instance of "target" (409.1c).
pub fn legal_targets(
    game: &Game,
    specs: &[TargetSpec],
    slot: usize,
    chosen: &[Target],
    src: &SourceInfo,
    out: &mut Vec<Target>,
) {
    let Some((spec_i, spec)) = slot_spec(specs, slot) else {
        return;
    };
    let first_slot_of_spec: usize = specs[..spec_i].iter().map(|s| s.count as usize).sum();
    // 409.1c: one object per instance of "target"; a distinct target
    // ("another target", "a third target") differs from every earlier one.
    let same_instance = if spec.distinct {
        chosen
    } else {
        &chosen[first_slot_of_spec.min(chosen.len())..]
    };
    // "… from a single graveyard": the graveyard of the first target
    // chosen for this instance.
    let graveyard = match &spec.kind {
        TargetKind::CardInGraveyard { single: true, .. } => {
            same_instance.iter().find_map(|t| match t {
                Target::Object(o) => game.obj(*o).map(|x| x.zone),
                _ => None,
            })
        }
        _ => None,
    };
    // "target player … target cards from their graveyard" (Gaea's
    // Blessing): the graveyard of the player chosen as an earlier target.
    let graveyard = match &spec.kind {
        TargetKind::CardInGraveyard {
            whose: PlayerFilter::TargetedPlayer,
            ..
        } => match chosen[..first_slot_of_spec.min(chosen.len())]
            .iter()
            .find_map(|t| match t {
                Target::Player(p) => Some(*p),
                _ => None,
            }) {
            Some(p) => Some(Zone::Graveyard(p)),
            None => return,
        },
        _ => graveyard,
    };
    let consider = |t: Target, out: &mut Vec<Target>| {
        if !same_instance.contains(&t)
            && is_legal_target(game, spec, t, src)
            && more_than_you(game, spec, t, src)
            && graveyard.is_none_or(
                |z| matches!(t, Target::Object(o) if game.obj(o).is_some_and(|x| x.zone == z)),
            )
        {
            out.push(t);
        }
    };
    match &spec.kind {
        TargetKind::CreatureOrPlayer | TargetKind::Player(_) => {
            for p in game.player_ids() {
                consider(Target::Player(p), out);
            }
        }
        _ => {}
    }
    match &spec.kind {
        TargetKind::CreatureOrPlayer | TargetKind::Permanent(_) => {
            for &o in &game.in_play {
                consider(Target::Object(o), out);
            }
        }
        TargetKind::Spell(_) => {
            for s in &game.stack {
                if let crate::StackKind::Spell { obj } = s.kind {
                    consider(Target::Object(obj), out);
                }
            }
        }
        TargetKind::ActivatedAbility(_) => {
            for s in &game.stack {
                if let crate::StackKind::Ability { .. } = s.kind {
                    consider(Target::Ability(s.id), out);
                }
            }
        }
        TargetKind::SpellOrAbility(_) => {
            for s in &game.stack {
                match s.kind {
                    crate::StackKind::Spell { obj } => consider(Target::Object(obj), out),
                    crate::StackKind::Ability { .. } => consider(Target::Ability(s.id), out),
                    crate::StackKind::CombatDamage(_) => {}
                }
            }
        }
        TargetKind::SpellOrPermanent => {
            for &o in &game.in_play {
                consider(Target::Object(o), out);
            }
            for s in &game.stack {
                if let crate::StackKind::Spell { obj } = s.kind {
                    consider(Target::Object(obj), out);
                }
            }
        }
        TargetKind::CardInGraveyard { .. } => {
            for p in game.player_ids() {
                for &o in &game.player(p).graveyard {
                    consider(Target::Object(o), out);
                }
            }
        }
        TargetKind::PermanentOrSuspended { .. } => {
            for &o in game.in_play.iter().chain(&game.removed) {
                consider(Target::Object(o), out);
            }
        }
        TargetKind::Player(_) => {}
    }
}

/// Can every slot be filled with distinct legal targets? (409.1c) A greedy
/// check: enough candidates for each instance.
pub fn targets_available(game: &Game, specs: &[TargetSpec], src: &SourceInfo) -> bool {
    let mut before = 0;
    for s in specs {
        // "Up to N" is satisfied by none; otherwise N candidates are
        // enough, so the count stops there. A distinct target needs one
        // more candidate than the earlier targets take (Cone of Flame).
        let own = if s.up_to { s.min } else { s.count } as usize;
        let need = own + if s.distinct { before } else { 0 };
        if own > 0 && count_legal_targets(game, s, src, need) < need {
            return false;
        }
        before += s.count as usize;
    }
    true
}

/// How many legal targets `spec` has with none chosen yet (as
/// `legal_targets` lists them), counting no further than `limit`.
pub(crate) fn count_legal_targets(
    game: &Game,
    spec: &TargetSpec,
    src: &SourceInfo,
    limit: usize,
) -> usize {
    let mut n = 0;
    if limit == 0 {
        return 0;
    }
    let mut consider = |t: Target| {
        if is_legal_target(game, spec, t, src) && more_than_you(game, spec, t, src) {
            n += 1;
        }
        n >= limit
    };
    let players = matches!(
        spec.kind,
        TargetKind::CreatureOrPlayer | TargetKind::Player(_)
    );
    if players && game.player_ids().any(|p| consider(Target::Player(p))) {
        return n;
    }
    match &spec.kind {
        TargetKind::CreatureOrPlayer | TargetKind::Permanent(_) => {
            game.in_play.iter().any(|&o| consider(Target::Object(o)));
        }
        TargetKind::Spell(_) => {
            game.stack.iter().any(|s| match s.kind {
                crate::StackKind::Spell { obj } => consider(Target::Object(obj)),
                _ => false,
            });
        }
        TargetKind::ActivatedAbility(_) => {
            game.stack.iter().any(|s| match s.kind {
                crate::StackKind::Ability { .. } => consider(Target::Ability(s.id)),
                _ => false,
            });
        }
        TargetKind::SpellOrAbility(_) => {
            game.stack.iter().any(|s| match s.kind {
                crate::StackKind::Spell { obj } => consider(Target::Object(obj)),
                crate::StackKind::Ability { .. } => consider(Target::Ability(s.id)),
                crate::StackKind::CombatDamage(_) => false,
            });
        }
        TargetKind::SpellOrPermanent => {
            let _ = game.in_play.iter().any(|&o| consider(Target::Object(o)))
                || game.stack.iter().any(|s| match s.kind {
                    crate::StackKind::Spell { obj } => consider(Target::Object(obj)),
                    _ => false,
                });
        }
        TargetKind::PermanentOrSuspended { .. } => {
            game.in_play
                .iter()
                .chain(&game.removed)
                .any(|&o| consider(Target::Object(o)));
        }
        // "… from a single graveyard": the most any one graveyard offers.
        TargetKind::CardInGraveyard { single: true, .. } => {
            let best = game
                .player_ids()
                .map(|p| {
                    game.player(p)
                        .graveyard
                        .iter()
                        .filter(|&&o| is_legal_target(game, spec, Target::Object(o), src))
                        .count()
                })
                .max()
                .unwrap_or(0);
            n += best;
        }
        TargetKind::CardInGraveyard { .. } => {
            game.player_ids().any(|p| {
                game.player(p)
                    .graveyard
                    .iter()
                    .any(|&o| consider(Target::Object(o)))
            });
        }
        TargetKind::Player(_) => {}
    }
    n
}

/// The target requirements of an Aura spell come from its enchant ability (212.4 / 502.45).
pub fn aura_spec(abilities: &[Ability]) -> Option<TargetSpec> {
    abilities.iter().find_map(|a| match a {
        Ability::Enchant(f) => Some(TargetSpec::one(TargetKind::Permanent(f.clone()))),
        _ => None,
    })
}

/// Is the card an Aura?
pub fn is_aura(types: TypeSet, subtypes: &tolaria_cards::SubtypeSet) -> bool {
    types.contains(CardType::Enchantment) && subtypes.contains(tolaria_cards::Subtype::AURA)
}
