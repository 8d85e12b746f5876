//! Matching objects against the ability model's filters.

use crate::continuous::characteristics::{compute, Characteristics};
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{ControllerFilter, ObjectFilter};

/// Whether a card's printed characteristics match a filter (cards outside
/// the game, which aren't objects: 217.1e, and cards in a library or hand).
/// Only the characteristics of the card count; no object state (tapped,
/// attacking, controller) applies. A split card has both halves'
/// characteristics (505.2): a positive comparison is true if either half's
/// is, a negative one if neither half's positive one is (505.6).
pub fn matches_card(f: &ObjectFilter, card: tolaria_cards::CardId) -> bool {
    matches_card_naming(f, card, None)
}

/// As [`matches_card`], for an effect whose text names its own card: "a
/// card named CARDNAME" (Llanowar Sentinel's search) means the name of the
/// object with the ability, its copiable values while it is in play (a
/// Clone copying the Sentinel finds Sentinels, 503.2), else its printed
/// card's (last known information, 413.2f).
pub fn matches_card_for(
    game: &Game,
    f: &ObjectFilter,
    card: tolaria_cards::CardId,
    source: ObjId,
    source_card: tolaria_cards::CardId,
) -> bool {
    if f.named.as_deref() != Some(tolaria_cards::compile::SELF) {
        return matches_card_naming(f, card, None);
    }
    let own = match game.obj(source) {
        Some(_) => game.copiable_values(source).card,
        None => source_card,
    };
    matches_card_naming(f, card, Some(tolaria_cards::db().get(own).name.as_str()))
}

/// `self_name` is what "named CARDNAME" means; with `None` such a filter
/// matches nothing (the caller doesn't know the ability's object).
fn matches_card_naming(
    f: &ObjectFilter,
    card: tolaria_cards::CardId,
    self_name: Option<&str>,
) -> bool {
    let def = tolaria_cards::db().get(card);
    let ch = if def.layout == tolaria_cards::Layout::Split {
        crate::continuous::characteristics::of_split_card(card, PlayerId(0))
    } else {
        crate::continuous::characteristics::of_face(card, 0, PlayerId(0))
    };
    types_and_subtypes_match(f, &ch)
        && !f.types_none.intersects(ch.types)
        && f.types_all.iter().all(|t| ch.types.contains(t))
        && cmc_matches(f, &ch, 0)
        && f.supertypes_all.iter().all(|s| ch.supertypes.contains(*s))
        && !f.supertypes_none.iter().any(|s| ch.supertypes.contains(s))
        && (f.colors_any.is_empty() || ch.colors.intersects(f.colors_any))
        && !ch.colors.intersects(f.colors_none)
        && (!f.multicolored || ch.colors.0.count_ones() >= 2)
        && f.named.as_ref().is_none_or(|n| {
            if n == tolaria_cards::compile::SELF {
                self_name.is_some_and(|own| ch.has_name(own))
            } else {
                ch.has_name(n)
            }
        })
        // A card has no choice made for it; "of the chosen color/type"
        // names the choice of the object with the ability, which these
        // callers don't know: nothing matches rather than everything.
        && !f.chosen_color
        && !f.chosen_type
        && !f.chosen_name
        // The X of a spell: no spell here.
        && !f.cmc_is_x
        && !f.cmc_at_most_x
        // Counters are on permanents, not cards.
        && f.with_counter.is_none()
        // A card has no targets: only a spell on the stack does.
        && f.spell_targets.is_none()
        // 502.26: "a creature card with a morph ability".
        && (!f.with_morph
            || ch.abilities().iter().any(|a| {
                matches!(
                    a,
                    tolaria_cards::Ability::Static(tolaria_cards::StaticAbility::Morph(_))
                )
            }))
}

/// A filter's "at least one of these types" and "at least one of these
/// subtypes": both, or either for "instant or Aura" (`types_or_subtypes`).
fn types_and_subtypes_match(f: &ObjectFilter, ch: &Characteristics) -> bool {
    let types = f.types_any.is_empty() || ch.types.intersects(f.types_any);
    let subtypes =
        f.subtypes_any.is_empty() || f.subtypes_any.iter().any(|s| ch.subtypes.contains(*s));
    if f.types_or_subtypes {
        types || subtypes
    } else {
        types && subtypes
    }
}

/// Does object `id` match `f`, from the point of view of `source` controlled by `you`?
pub fn matches(
    game: &Game,
    f: &ObjectFilter,
    id: ObjId,
    source: Option<ObjId>,
    you: PlayerId,
) -> bool {
    let ch = compute(game, id);
    matches_with(game, f, id, &ch, source, you)
}

/// As [`matches`], with characteristics supplied by the caller.
pub fn matches_with(
    game: &Game,
    f: &ObjectFilter,
    id: ObjId,
    ch: &Characteristics,
    source: Option<ObjId>,
    you: PlayerId,
) -> bool {
    if f.this && source != Some(id) {
        return false;
    }
    if f.other && source == Some(id) {
        return false;
    }
    if !types_and_subtypes_match(f, ch) {
        return false;
    }
    if ch.types.intersects(f.types_none) {
        return false;
    }
    if !f.types_all.iter().all(|t| ch.types.contains(t)) {
        return false;
    }
    if f.subtypes_none.iter().any(|s| ch.subtypes.contains(*s)) {
        return false;
    }
    if !f.supertypes_all.iter().all(|s| ch.supertypes.contains(*s)) {
        return false;
    }
    if f.supertypes_none.iter().any(|s| ch.supertypes.contains(s)) {
        return false;
    }
    if !f.colors_any.is_empty() && !ch.colors.intersects(f.colors_any) {
        return false;
    }
    if ch.colors.intersects(f.colors_none) {
        return false;
    }
    // "of the chosen color" / "of the chosen type": the choice made for the
    // object with the ability as it came into play; an undefined choice
    // matches nothing (503.7, 503.8).
    if f.chosen_color || f.chosen_type {
        let chosen = source.and_then(|s| game.obj(s));
        if f.chosen_color
            && !chosen
                .and_then(|o| o.chosen_color)
                .is_some_and(|c| ch.colors.contains(c))
        {
            return false;
        }
        if f.chosen_type
            && !chosen
                .and_then(|o| o.chosen_type)
                .is_some_and(|t| ch.subtypes.contains(t))
        {
            return false;
        }
    }
    // "with the chosen name": the card named for the object with the
    // ability as it came into play (419.1b); undefined matches nothing (503.7).
    if f.chosen_name
        && !source
            .and_then(|s| game.obj(s))
            .and_then(|o| o.chosen_name)
            .is_some_and(|n| ch.has_name(n.as_str()))
    {
        return false;
    }
    // 502.26: "with a morph ability".
    if f.with_morph
        && !ch.abilities().iter().any(|a| {
            matches!(
                a,
                tolaria_cards::Ability::Static(tolaria_cards::StaticAbility::Morph(_))
            )
        })
    {
        return false;
    }
    // 203.2 "multicolored"; 505.3: a split card whose halves differ in
    // colour is multicoloured outside the stack.
    if f.multicolored && ch.colors.0.count_ones() < 2 {
        return false;
    }
    // "lands with mana abilities" (Power Sink, 406).
    if f.with_mana_ability
        && !ch
            .all_abilities()
            .any(|(_, a)| matches!(a, tolaria_cards::Ability::Mana(_)))
    {
        return false;
    }
    if f.nontoken && game.objects[id.slot as usize].token {
        return false;
    }
    if f.token && !game.objects[id.slot as usize].token {
        return false;
    }
    if f.enchanted.is_some_and(|e| e != game.is_enchanted(id)) {
        return false;
    }
    // "Equipment attached to it" (Loxodon Punisher).
    if f.attached_to_source
        && (source.is_none()
            || game.objects[id.slot as usize].attached_to != source.map(crate::Target::Object))
    {
        return false;
    }
    if f.attached_to_creature || f.attached_to_land {
        // 212.4: what the Aura or Equipment is attached to, as it is now.
        let host_fits = match game.objects[id.slot as usize].attached_to {
            Some(crate::Target::Object(t)) if game.is_in_play(t) => {
                let host = game.chars(t);
                (!f.attached_to_creature || host.is(tolaria_cards::CardType::Creature))
                    && (!f.attached_to_land || host.is(tolaria_cards::CardType::Land))
                    && (!f.attached_host_yours || host.controller == you)
            }
            _ => false,
        };
        if !host_fits {
            return false;
        }
    }
    match f.controller {
        ControllerFilter::Any => {}
        ControllerFilter::You => {
            if ch.controller != you {
                return false;
            }
        }
        ControllerFilter::Opponent => {
            if !game.is_opponent(you, ch.controller) {
                return false;
            }
        }
        ControllerFilter::Defending => {
            // 602.2a: with several defending players, "defending player"
            // is the one the creature with the ability is attacking.
            let def = if game.attacks_multiple() {
                source.and_then(|s| game.defender_of(s))
            } else {
                game.combat.defending
            };
            // 606.7a: "defending player" in a static or a comparison is
            // both defending players of a Two-Headed Giant team.
            if def != Some(ch.controller)
                && !(game.two_headed() && def.is_some() && game.is_defending(ch.controller))
            {
                return false;
            }
        }
        // Only in a target requirement: `targeting::is_legal_target` judges
        // it with the trigger's player.
        ControllerFilter::TriggeringPlayer => {}
        // Only in a group an effect resolves: `Game::objects_of` keeps the
        // target player's permanents.
        ControllerFilter::TargetPlayer(_) => {}
        ControllerFilter::Active => {
            if ch.controller != game.active {
                return false;
            }
        }
    }
    let o = &game.objects[id.slot as usize];
    if f.owned_by_you && o.owner != you {
        return false;
    }
    if f.face_down.is_some_and(|d| o.is_face_down() != d) {
        return false;
    }
    if let Some(t) = f.tapped {
        if o.is_tapped() != t {
            return false;
        }
    }
    if let Some(a) = f.attacking {
        if game.combat.is_attacking(id) != a {
            return false;
        }
    }
    // "that's attacking you" (606.7a: the defending player's team).
    if f.attacking_you
        && !(game.combat.is_attacking(id)
            && game
                .defender_of(id)
                .is_some_and(|d| game.defending_side(d).any(|q| q == you)))
    {
        return false;
    }
    if f.attached_to_permanent && !matches!(o.attached_to, Some(crate::Target::Object(_))) {
        return false;
    }
    if f.dealt_damage_this_turn && !o.dealt_damage_this_turn {
        return false;
    }
    if f.attacked_this_turn && o.flags & crate::state::object::flags::ATTACKED_THIS_TURN == 0 {
        return false;
    }
    if f.didnt_attack_this_turn && o.flags & crate::state::object::flags::ATTACKED_THIS_TURN != 0 {
        return false;
    }
    // 212.3f: controlled continuously since its controller's most recent
    // turn began.
    if f.controlled_since_turn_began && o.flags & crate::state::object::flags::SICK != 0 {
        return false;
    }
    if let Some(b) = f.blocked {
        let blocked = game
            .combat
            .attackers
            .iter()
            .any(|a| a.obj == id && a.blocked);
        if blocked != b {
            return false;
        }
        // 309.2f: an unblocked creature exists only once blockers are
        // declared.
        if !b
            && !matches!(
                game.step,
                tolaria_cards::Step::DeclareBlockers
                    | tolaria_cards::Step::CombatDamage
                    | tolaria_cards::Step::EndOfCombat
            )
        {
            return false;
        }
    }
    if let Some(b) = f.blocking {
        if game.combat.is_blocking(id) != b {
            return false;
        }
    }
    // 306: "attacking or blocking creature".
    if let Some(c) = f.in_combat {
        if (game.combat.is_attacking(id) || game.combat.is_blocking(id)) != c {
            return false;
        }
    }
    // 309: "creature blocking [this]".
    // 404.4c: a blocker gone from play is judged by what it was blocking.
    if f.blocked_by_this
        && !source.is_some_and(|s| {
            game.combat.blocks.contains(&(s, id))
                || (!game.is_present(s) && game.combat.left_play_blocking.contains(&(s, id)))
        })
    {
        return false;
    }
    if f.blocking_this && !source.is_some_and(|s| game.combat.blocks.contains(&(id, s))) {
        return false;
    }
    // 309: "creature blocking or blocked by [this]"; 404.4c: with the
    // object with the ability gone from play, as it last was in combat.
    if f.blocking_or_blocked_by_this
        && !source.is_some_and(|s| {
            game.combat.blocks.contains(&(id, s))
                || game.combat.blocks.contains(&(s, id))
                || (!game.is_present(s)
                    && (game.combat.left_play_blocking.contains(&(s, id))
                        || game.combat.left_play_blocking.contains(&(id, s))))
        })
    {
        return false;
    }
    // "other than enchanted creature" (Kjeldoran Pride, 212.4h).
    if f.not_attached_host
        && source.is_some_and(|s| {
            game.objects[s.slot as usize].attached_to == Some(crate::Target::Object(id))
        })
    {
        return false;
    }
    if let Some(k) = f.with_keyword {
        if !ch.has(k) {
            return false;
        }
    }
    if let Some(k) = f.without_keyword {
        if ch.has(k) {
            return false;
        }
    }
    if let Some(p) = f.power_at_most {
        if ch.power > p {
            return false;
        }
    }
    if f.toughness_at_most
        .is_some_and(|t| ch.toughness > i32::from(t))
    {
        return false;
    }
    if f.pt_exactly
        .is_some_and(|pt| (ch.power, ch.toughness) != pt)
    {
        return false;
    }
    if let Some(n) = &f.named {
        // "named CARDNAME" (Relentless Rats): the name in the text of the
        // object with the ability (its copiable values, so a copy's is the
        // copied card's; read without computing the board, which may be
        // what is being computed).
        let wanted = if n == tolaria_cards::compile::SELF {
            match source {
                Some(s) => tolaria_cards::db()
                    .get(game.copiable_values(s).card)
                    .name
                    .as_str(),
                None => return false,
            }
        } else {
            n.as_str()
        };
        if !ch.has_name(wanted) {
            return false;
        }
    }
    if let Some(p) = f.power_at_least {
        if ch.power < p {
            return false;
        }
    }
    // "with toughness less than CARDNAME's power" (Stone Giant).
    if f.toughness_below_source_power
        && !source.is_some_and(|s| game.is_in_play(s) && ch.toughness < game.chars(s).power)
    {
        return false;
    }
    // "with power less than CARDNAME's power" (Battering Wurm).
    if f.power_below_source_power
        && !source.is_some_and(|s| game.is_in_play(s) && ch.power < game.chars(s).power)
    {
        return false;
    }
    // 202.3: "with converted mana cost N or less".
    if (f.cmc_at_most.is_some() || f.cmc_at_least.is_some() || f.cmc_exactly.is_some())
        && !cmc_matches(f, ch, x_on_stack(game, id, ch))
    {
        return false;
    }
    // "with converted mana cost X": the X of the spell or ability with the
    // filter. Before it is played, X could be anything: whether a target
    // could exist (to offer it) doesn't depend on X.
    // "with converted mana cost X or less" (Forced March): as above.
    if f.cmc_at_most_x {
        if let Some(x) = source.and_then(|s| spell_x(game, s)) {
            let extra = x_on_stack(game, id, ch);
            let (a, b) = ch.converted_mana_costs();
            let le = |c: u32| c as i32 + extra <= x as i32;
            if !(le(a) || b.is_some_and(le)) {
                return false;
            }
        }
    }
    // "with a +1/+1 counter on it" (Sporeback Troll).
    if let Some(k) = f.with_counter {
        if game.obj(id).is_none_or(|o| o.counters_of(k) == 0) {
            return false;
        }
    }
    if f.cmc_is_x {
        let Some(x) = source.and_then(|s| spell_x(game, s)) else {
            return true;
        };
        let extra = x_on_stack(game, id, ch);
        let (a, b) = ch.converted_mana_costs();
        let is = |c: u32| c as i32 + extra == x as i32;
        if !(is(a) || b.is_some_and(is)) {
            return false;
        }
    }
    if let Some(st) = &f.spell_targets {
        if !spell_targets_match(game, st, id, source, you) {
            return false;
        }
    }
    true
}

/// "spell that targets a creature / you / only CARDNAME" (415.1): the
/// targets of spell `id` on the stack now (413.2a: judged again as the
/// spell with the filter resolves). A targeted permanent counts only while
/// it is in play and matches (Confound's and Rebuff the Wicked's rulings:
/// whether it is still a legal target for that spell doesn't matter).
fn spell_targets_match(
    game: &Game,
    st: &tolaria_cards::SpellTargets,
    id: ObjId,
    source: Option<ObjId>,
    you: PlayerId,
) -> bool {
    let Some(item) = game
        .stack
        .iter()
        .find(|s| matches!(s.kind, crate::StackKind::Spell { obj } if obj == id))
    else {
        return false;
    };
    let is = |t: &crate::Target| match (&st.what, *t) {
        (tolaria_cards::Targeted::Permanent(f), crate::Target::Object(o)) => {
            game.is_present(o) && matches(game, f, o, source, you)
        }
        (tolaria_cards::Targeted::Player(pf), crate::Target::Player(p)) => match pf {
            tolaria_cards::PlayerFilter::Any => true,
            tolaria_cards::PlayerFilter::You => p == you,
            tolaria_cards::PlayerFilter::Opponent => game.is_opponent(you, p),
            tolaria_cards::PlayerFilter::Teammate => game.is_teammate(you, p),
            // Only a graveyard card's owner is judged by the event's player.
            tolaria_cards::PlayerFilter::TriggeringPlayer
            | tolaria_cards::PlayerFilter::TargetedPlayer => false,
        },
        _ => false,
    };
    match item.targets.first() {
        None => false,
        // "only": one object or player, however many times it is targeted.
        Some(first) if st.only => is(first) && item.targets.iter().all(|t| t == first),
        Some(_) => item.targets.iter().any(is),
    }
}

/// 203.3b: on the stack, each {X} in a spell's mana cost counts as the
/// number chosen for it (elsewhere X is 0).
/// The value of X of the spell or ability of `s`: announced while it is
/// being played (409.1b, before its targets), then kept on the stack and
/// read as it resolves. `None` before it is played.
fn spell_x(game: &Game, s: ObjId) -> Option<u32> {
    if let Some(r) = game.resolving.as_deref() {
        if r.ctx.source == s {
            return Some(r.ctx.x);
        }
    }
    if game.casting_object() == Some((s, false)) {
        return game.casting.as_deref().and_then(|c| c.x);
    }
    game.stack
        .iter()
        .rev()
        .find(|it| match it.kind {
            crate::StackKind::Spell { obj } => obj == s,
            crate::StackKind::Ability { source, .. } => source == s,
            _ => false,
        })
        .map(|it| it.x)
}

fn x_on_stack(game: &Game, id: ObjId, ch: &Characteristics) -> i32 {
    let xs = ch.face_def().mana_cost.as_ref().map_or(0, |c| c.x);
    if xs == 0 || ch.token.is_some() {
        return 0;
    }
    game.stack
        .iter()
        .find(|s| matches!(s.kind, crate::StackKind::Spell { obj } if obj == id))
        .map_or(0, |s| i32::from(xs) * s.x as i32)
}

/// 203.3: the filter's converted-mana-cost test; 505.6: a split card
/// outside the stack passes if either half does. `extra` is the value of
/// X on the stack (203.3b).
fn cmc_matches(f: &ObjectFilter, ch: &Characteristics, extra: i32) -> bool {
    let ok = |c: u32| {
        let c = c as i32 + extra;
        f.cmc_at_most.is_none_or(|n| c <= i32::from(n))
            && f.cmc_at_least.is_none_or(|n| c >= i32::from(n))
            && f.cmc_exactly.is_none_or(|n| c == n)
    };
    let (a, b) = ch.converted_mana_costs();
    ok(a) || b.is_some_and(ok)
}

/// 203.3: an object's converted mana cost, X counted on the stack (203.3b).
pub(crate) fn converted_mana_cost(game: &Game, id: ObjId) -> u32 {
    let ch = compute(game, id);
    (ch.converted_mana_cost() as i32 + x_on_stack(game, id, &ch)).max(0) as u32
}
