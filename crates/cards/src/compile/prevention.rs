//! The grammar of prevention and redirection shields (419.6c, 419.7b,
//! 419.8a) made by spells and abilities, composed from parts
//! (`ShieldSpec`): how much ("all", "the next N", "the next time"), which
//! damage ("combat"), from what ("dealt by target creature", "a source of
//! your choice", "by attacking creatures"), to what ("to you", "to
//! CARDNAME", "to and dealt by that creature") and what instead ("prevent
//! that damage", "prevent all but 1 of that damage", "… is dealt to its
//! owner instead"); and the rider "You gain life equal to the damage
//! prevented this way". The forms `effects.rs` reads first (Remedy's
//! division, Holy Day, Luminesce's rules) keep their own effects.
//! Static replacements of damage are composed the same way
//! (`damage_shape_static`, 419.1a, 419.1d: "If a source would deal 3 or
//! less damage to CARDNAME, prevent that damage").

use super::*;
use crate::{
    Amount, Effect, ObjectFilter, ObjectRef, PlayerRef, Recipient, ShieldAmount, ShieldFrom,
    ShieldSpec, ShieldThen,
};

/// A shield clause: "Prevent …", "The next time … would deal damage …",
/// "The next N damage that would be dealt to … is dealt to … instead",
/// "All damage that would be dealt to … is dealt to … instead".
pub(super) fn clause(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    if p.at("prevent") {
        return attempt(p, cx, prevent);
    }
    if p.at_all("the next time") {
        return attempt(p, cx, next_time);
    }
    if p.at_all("the next") || p.at("all") {
        return attempt(p, cx, redirect);
    }
    None
}

fn shield(
    from: ShieldFrom,
    to: Option<Recipient>,
    combat_only: bool,
    amount: ShieldAmount,
) -> Effect {
    Effect::DamageShield(Box::new(ShieldSpec {
        from,
        to,
        combat_only,
        amount,
        then: ShieldThen::Prevent,
        gain_life: false,
        to_each: None,
        counters: false,
    }))
}

/// "Prevent all [combat] damage that would be dealt [this turn] to R [by
/// S] [this turn]", "… to and dealt by X …", "Prevent all [combat] damage
/// X would deal this turn", "Prevent the next N damage that would be dealt
/// to R this turn", "… dealt by CARDNAME this turn".
fn prevent(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("prevent").then_some(())?;
    let amount = if p.eat("all") {
        ShieldAmount::All
    } else if p.eat_all("the next") {
        ShieldAmount::Next(amount(p)?)
    } else {
        return None;
    };
    let combat = p.eat("combat");
    p.eat("damage").then_some(())?;
    if p.eat_all("that would be dealt") {
        let mut this_turn = p.eat_all("this turn");
        let mut to = None;
        let mut from = ShieldFrom::Any;
        if p.eat_all("to and dealt by") {
            // Two shields: one for what it is dealt, one for what it deals.
            let o = shield_object(p, cx)?;
            (p.eat_all("this turn") || this_turn).then_some(())?;
            return Some(vec![
                shield(
                    ShieldFrom::Any,
                    Some(Recipient::Object(o.clone())),
                    combat,
                    amount.clone(),
                ),
                shield(ShieldFrom::Object(o), None, combat, amount),
            ]);
        }
        // "to creatures you control" (Divine Light): a group judged as
        // the damage would be dealt (418.3b), not a shield for each.
        let mut to_each = None;
        if p.eat("to") {
            let i = p.i;
            match super::targets::group(p) {
                Some(f)
                    if amount == ShieldAmount::All
                        && !f.this
                        && f.types_any.contains(crate::CardType::Creature)
                        && p.at_any_of(&[".", "this", "by"]) =>
                {
                    to_each = Some(f)
                }
                _ => {
                    p.i = i;
                    to = Some(shield_recipient(p, cx)?);
                }
            }
        }
        this_turn |= p.eat_all("this turn");
        if p.eat("by") {
            from = shield_source(p, cx)?;
        }
        this_turn |= p.eat_all("this turn");
        (this_turn && (to.is_some() || to_each.is_some() || from != ShieldFrom::Any))
            .then_some(())?;
        let mut s = shield(from, to, combat, amount);
        if let Effect::DamageShield(spec) = &mut s {
            spec.to_each = to_each;
        }
        return Some(vec![s]);
    }
    // "… [that] target creature would deal this turn".
    p.eat("that");
    let from = shield_source(p, cx)?;
    p.eat_all("would deal").then_some(())?;
    let to = if p.eat("to") {
        Some(shield_recipient(p, cx)?)
    } else {
        None
    };
    p.eat_all("this turn").then_some(())?;
    Some(vec![shield(from, to, combat, amount)])
}

/// 419.8a: "The next time [a source of your choice | an unblocked creature
/// of your choice | target creature | CARDNAME] would deal [combat] damage
/// to R this turn, [prevent that damage | prevent all but N of that
/// damage | that damage is dealt to R2 instead | that source deals that
/// damage to R2 instead | instead that source deals that much damage to
/// you and CARDNAME deals that much damage to that source's controller]";
/// "The next time damage would be dealt to R this turn, that damage is
/// dealt to R2 instead".
fn next_time(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat_all("the next time").then_some(())?;
    let (from, combat) = if p.eat_all("damage would be dealt") {
        (ShieldFrom::Any, false)
    } else {
        let from = shield_source(p, cx)?;
        p.eat("would").then_some(())?;
        p.eat("deal").then_some(())?;
        let combat = p.eat("combat");
        p.eat("damage").then_some(())?;
        (from, combat)
    };
    // "that damage" is all the source deals at once, perhaps to several
    // recipients; a shield is used up by one damage event, so a recipient
    // is required (Pilgrim of Justice stays refused).
    p.eat("to").then_some(())?;
    let to = shield_recipient(p, cx)?;
    // Not "enchanted creature": Kithkin Armor is sacrificed as the cost,
    // and what it enchanted would need its last known information.
    (to != Recipient::Object(ObjectRef::Attached)).then_some(())?;
    p.eat_all("this turn ,").then_some(())?;
    let then = if p.eat_all("prevent that damage") {
        ShieldThen::Prevent
    } else if p.eat_all("prevent all but") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("of that damage").then_some(())?;
        ShieldThen::PreventAllBut(u32::try_from(n).ok()?)
    } else if p.eat_all("instead that source deals that much damage to you and cardname deals that much damage to that source's controller") {
        (to == Recipient::Player(PlayerRef::You)).then_some(())?;
        ShieldThen::AlsoToSourceController
    } else if p.eat_all("that damage is dealt to that source's controller instead") {
        ShieldThen::ToSourceController
    } else {
        (p.eat_all("that damage is dealt to")
            || p.eat_all("that source deals that damage to"))
        .then_some(())?;
        let r = redirect_recipient(p, cx)?;
        p.eat("instead").then_some(())?;
        ShieldThen::Redirect(r)
    };
    Some(vec![Effect::DamageShield(Box::new(ShieldSpec {
        from,
        to: Some(to),
        combat_only: combat,
        amount: ShieldAmount::NextTime,
        then,
        gain_life: false,
        to_each: None,
        counters: false,
    }))])
}

/// 419.6c: "The next N damage that would be dealt to R this turn is dealt
/// to R2 instead" (Personal Incarnation, the en-Kor), "All [combat] damage
/// that would be dealt to R this turn [by S] is dealt to R2 instead"
/// (Sivvi's Valor, Shimian Night Stalker).
fn redirect(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let amount = if p.eat("all") {
        ShieldAmount::All
    } else {
        p.eat_all("the next").then_some(())?;
        ShieldAmount::Next(amount(p)?)
    };
    let combat = p.eat("combat");
    p.eat_all("damage that would be dealt").then_some(())?;
    let mut this_turn = p.eat_all("this turn");
    p.eat("to").then_some(())?;
    let to = shield_recipient(p, cx)?;
    this_turn |= p.eat_all("this turn");
    let from = if p.eat("by") {
        shield_source(p, cx)?
    } else {
        ShieldFrom::Any
    };
    this_turn |= p.eat_all("this turn");
    this_turn.then_some(())?;
    p.eat_all("is dealt to").then_some(())?;
    let r = redirect_recipient(p, cx)?;
    p.eat("instead").then_some(())?;
    Some(vec![Effect::DamageShield(Box::new(ShieldSpec {
        from,
        to: Some(to),
        combat_only: combat,
        amount,
        then: ShieldThen::Redirect(r),
        gain_life: false,
        to_each: None,
        counters: false,
    }))])
}

/// "For each 1 damage prevented this way, put a +1/+1 counter on that
/// creature." after a shield that prevents damage to one target creature
/// (Test of Faith, Temper, Brace for Impact).
pub(super) fn counters_rider(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("for each 1 damage prevented this way , put a +1/+1 counter on that creature")
        .then_some(())?;
    p.eat_end().then_some(())?;
    // The simple forms `effects.rs` reads ("Prevent the next 3 damage that
    // would be dealt to target creature this turn", "Prevent all damage
    // …") become the shield they describe.
    let last = cx.effects.last_mut()?;
    let simple = match last {
        Effect::PreventNextDamage {
            to: to @ Recipient::Target(_),
            amount,
        } => Some((to.clone(), ShieldAmount::Next(amount.clone()))),
        Effect::PreventAllDamageThisTurn {
            to: to @ Recipient::Target(_),
        } => Some((to.clone(), ShieldAmount::All)),
        _ => None,
    };
    if let Some((to, amount)) = simple {
        *last = shield(ShieldFrom::Any, Some(to), false, amount);
    }
    let Some(Effect::DamageShield(s)) = cx.effects.last_mut() else {
        return None;
    };
    let Some(Recipient::Target(i)) = s.to else {
        return None;
    };
    let creature = cx.targets.get(i as usize).is_some_and(|t| {
        matches!(&t.kind, crate::TargetKind::Permanent(f)
            if f.types_any.contains(crate::CardType::Creature))
    });
    (creature && s.then == ShieldThen::Prevent && !s.counters).then_some(())?;
    s.counters = true;
    Some(())
}

/// "You gain life equal to the damage prevented this way." after a shield
/// that prevents (Reverse Damage, Candles' Glow, Awe Strike).
pub(super) fn gain_life_rider(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("you gain life equal to the damage prevented this way")
        .then_some(())?;
    p.eat_end().then_some(())?;
    let Some(Effect::DamageShield(s)) = cx.effects.last_mut() else {
        return None;
    };
    (s.then == ShieldThen::Prevent && !s.gain_life).then_some(())?;
    s.gain_life = true;
    Some(())
}

/// The object a shield is about: "CARDNAME", "enchanted creature", "that
/// creature", "it", "target creature".
fn shield_object(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    let o = object_phrase(p, cx)?;
    matches!(
        o,
        ObjectRef::This | ObjectRef::Attached | ObjectRef::Target(_) | ObjectRef::Triggering
    )
    .then_some(o)
}

/// What a shield protects: a target, "you", an object.
fn shield_recipient(p: &mut P, cx: &mut Cx) -> Option<Recipient> {
    if p.eat("you") {
        return Some(Recipient::Player(PlayerRef::You));
    }
    // "to each creature you control" (Samite Censer-Bearer), "to each
    // creature and each player" (Kitsune Palliator): a shield for each
    // (419.7d).
    if p.at("each") {
        return match super::targets::recipient(p, cx)? {
            r @ (Recipient::EachCreatureAndPlayer(_) | Recipient::Object(ObjectRef::Each(_))) => {
                Some(r)
            }
            _ => None,
        };
    }
    if let Some((i, _)) = attempt(p, cx, target) {
        if !matches!(cx.targets[i as usize].kind, crate::TargetKind::Player(_)) {
            cx.last_obj = Some(ObjectRef::Target(i));
        }
        return Some(Recipient::Target(i));
    }
    Some(Recipient::Object(shield_object(p, cx)?))
}

/// Where redirected damage goes: a target ("another target creature"),
/// "you", "its owner", "CARDNAME".
fn redirect_recipient(p: &mut P, cx: &mut Cx) -> Option<Recipient> {
    if p.eat_all("its owner") {
        return Some(Recipient::Player(PlayerRef::OwnerOf(cx.it())));
    }
    match recipient(p, cx)? {
        r @ (Recipient::Target(_)
        | Recipient::Player(PlayerRef::You)
        | Recipient::Object(ObjectRef::This)) => Some(r),
        _ => None,
    }
}

/// The source a shield watches: "a [red] source of your choice", "an
/// unblocked creature of your choice", "target creature", "CARDNAME",
/// "attacking creatures".
fn shield_source(p: &mut P, cx: &mut Cx) -> Option<ShieldFrom> {
    if let Some(f) = attempt(p, cx, |p, _| {
        p.eat_any(&["a", "an"])?;
        let mut f = ObjectFilter::default();
        if p.eat("unblocked") {
            f.blocked = Some(false);
            f.attacking = Some(true);
        }
        while let Some((c, false)) = color_adjective(p.peek()) {
            p.bump();
            f.colors_any.insert(c);
            if !p.eat("or") {
                break;
            }
        }
        if let Some(t) = ["artifact", "creature", "land"]
            .into_iter()
            .find(|w| p.at(w))
            .and_then(type_noun)
        {
            p.bump();
            f.types_any.insert(t);
            p.eat("source");
        } else {
            p.eat("source").then_some(())?;
        }
        (f.blocked.is_none() || !f.types_any.is_empty()).then_some(())?;
        p.eat_all("of your choice").then_some(())?;
        // "a source of your choice of the chosen color" (Story Circle):
        // the colour chosen for the object with the ability (419.1b).
        if p.eat_all("of the chosen color") {
            f.colors_any.is_empty().then_some(())?;
            f.chosen_color = true;
        }
        Some(f)
    }) {
        return Some(ShieldFrom::Chosen(f));
    }
    if let Some(o) = attempt(p, cx, shield_object) {
        return Some(ShieldFrom::Object(o));
    }
    // "attacking creatures", "creatures with flying", "artifact sources".
    let start = p.i;
    let (f, noun) = filter(p)?;
    let plain = ObjectFilter {
        types_any: f.types_any,
        colors_any: f.colors_any,
        attacking: f.attacking,
        blocked: f.blocked,
        with_keyword: f.with_keyword,
        without_keyword: f.without_keyword,
        ..ObjectFilter::default()
    };
    if noun != Noun::Permanent || f != plain {
        return fail_at(p, start);
    }
    Some(ShieldFrom::Each(f))
}

/// 419.1a, 419.1d: a static replacement or prevention effect on damage,
/// composed from its parts (`DamageShape`): "If [source] would deal [N or
/// less / N or more] [combat] damage to [recipient], [instead]" and "If
/// [combat] damage would be dealt to [recipient], [instead]".
pub(super) fn damage_shape_static(p: &mut P) -> Option<crate::DamageShape> {
    use crate::{DamageParty, DamageShape};
    p.eat("if").then_some(())?;
    let (mut at_least, mut at_most) = (0, None);
    let (from, combat, to);
    if p.at("damage") || p.at_all("combat damage") {
        from = DamageParty::Any;
        combat = p.eat("combat");
        p.eat_all("damage would be dealt to").then_some(())?;
        to = damage_party(p)?;
    } else {
        from = damage_party(p)?;
        matches!(
            from,
            DamageParty::Any
                | DamageParty::This
                | DamageParty::Permanents(_)
                | DamageParty::Spells(_)
        )
        .then_some(())?;
        p.eat_all("would deal").then_some(())?;
        // "3 or less damage", "4 or more damage".
        if let Some(n) = p
            .peek()
            .parse::<u32>()
            .ok()
            .filter(|_| p.peek_at(1) == "or")
        {
            match p.peek_at(2) {
                "less" => at_most = Some(n),
                "more" => at_least = n,
                _ => return None,
            }
            p.i += 3;
        }
        combat = p.eat("combat");
        p.eat_all("damage to").then_some(())?;
        to = damage_party(p)?;
    }
    p.eat(",").then_some(())?;
    let instead = damage_instead(p, &to)?;
    Some(DamageShape {
        from,
        to,
        at_least,
        at_most,
        combat,
        instead,
    })
}

/// A source or recipient of damage in a static replacement.
fn damage_party(p: &mut P) -> Option<crate::DamageParty> {
    use crate::DamageParty;
    // "a green source" (Sphere of Duty), "an artifact source": a source of
    // that colour or type, spell or permanent (419.8c).
    if let Some(f) = source_noun(p) {
        return Some(DamageParty::Permanents(f));
    }
    if p.eat_all("a source") {
        return Some(DamageParty::Any);
    }
    if p.eat_all("a permanent or player") || p.eat_all("a creature or player") {
        return Some(DamageParty::Any);
    }
    if p.eat("cardname") {
        return Some(DamageParty::This);
    }
    if p.eat("you") {
        return Some(DamageParty::You);
    }
    if p.eat_all("a player") {
        return Some(DamageParty::APlayer);
    }
    // "an instant or sorcery source you control" (Pyromancer's Swath): a
    // source with either type, the ability's controller's.
    if p.eat_all("an instant or sorcery source you control") {
        return Some(DamageParty::Permanents(ObjectFilter {
            types_any: crate::TypeSet(
                crate::TypeSet::single(crate::CardType::Instant).0
                    | crate::TypeSet::single(crate::CardType::Sorcery).0,
            ),
            controller: crate::ControllerFilter::You,
            ..ObjectFilter::default()
        }));
    }
    // "a spell", "a red spell" (Benevolent Unicorn, Sulfuric Vapors).
    let start = p.i;
    if p.eat("a") || p.eat("an") {
        if let Some((f, Noun::Spell)) = filter(p) {
            let plain = ObjectFilter {
                colors_any: f.colors_any,
                ..ObjectFilter::default()
            };
            if f == plain {
                return Some(DamageParty::Spells(f));
            }
        }
        p.i = start;
    }
    (p.eat("a") || p.eat("an")).then_some(())?;
    Some(DamageParty::Permanents(group(p)?))
}

/// What a static replacement does instead: "prevent that damage",
/// "prevent N of that damage", "[it / that source] deals [double that
/// damage / half that damage, rounded down, / N damage / that much damage
/// minus N] to that [recipient] instead", "put that many [kind] counters
/// on [this] instead", "that player removes that many cards from the top
/// of their library from the game instead", "instead put that many
/// [kind] counters on CARDNAME and that player mills that many cards".
fn damage_instead(p: &mut P, to: &crate::DamageParty) -> Option<crate::DamageInstead> {
    use crate::{DamageAction, DamageInstead, DamageParty};
    if p.eat_all("prevent that damage") {
        return Some(DamageInstead::Prevent);
    }
    if p.eat("prevent") {
        let n = p.bump().parse().ok()?;
        // "prevent 1 damage that spell would deal to that permanent or
        // player" (Plated Pegasus).
        (p.eat_all("of that damage")
            || matches!(to, DamageParty::Any)
                && p.eat_all("damage that spell would deal to that permanent or player"))
        .then_some(())?;
        return Some(DamageInstead::PreventN(n));
    }
    if p.eat_all("it deals") || p.eat_all("that source deals") {
        let how = if p.eat_all("double that damage") {
            DamageInstead::Double
        } else if p.eat_all("half that damage , rounded down ,") {
            DamageInstead::HalfRoundedDown
        } else if p.eat_all("that much damage minus") {
            DamageInstead::Minus(p.bump().parse().ok()?)
        } else if p.eat_all("that much damage plus") {
            DamageInstead::Plus(p.bump().parse().ok()?)
        } else {
            let n = p.bump().parse().ok()?;
            p.eat("damage").then_some(())?;
            DamageInstead::Exactly(n)
        };
        p.eat("to").then_some(())?;
        let named = match to {
            DamageParty::Any => {
                p.eat_all("that permanent or player") || p.eat_all("that creature or player")
            }
            DamageParty::APlayer | DamageParty::You => p.eat_all("that player"),
            DamageParty::Permanents(_) => p.eat_all("that creature") || p.eat_all("that permanent"),
            DamageParty::Spells(_) => false,
            DamageParty::This => p.eat("it") || p.eat("cardname"),
        };
        named.then_some(())?;
        p.eat("instead").then_some(())?;
        return Some(how);
    }
    // The damage isn't dealt: something else happens instead.
    let leading = p.eat("instead");
    let mut actions = Vec::new();
    loop {
        if p.eat_all("put that many") {
            let kind = counter_kind(p.bump())?;
            p.eat("counters").then_some(())?;
            p.eat("on").then_some(())?;
            // "on it": the recipient, which must be this permanent.
            (p.eat("cardname") || (matches!(to, DamageParty::This) && p.eat("it"))).then_some(())?;
            actions.push(DamageAction::CountersOnThis(kind));
        } else if matches!(to, DamageParty::APlayer | DamageParty::You)
            && p.eat_all("that player mills that many cards")
        {
            actions.push(DamageAction::RecipientMills);
        } else if matches!(to, DamageParty::APlayer | DamageParty::You)
            && p.eat_all("that player exiles that many cards from the top of their library")
        {
            actions.push(DamageAction::RecipientRemovesTop);
        } else {
            return None;
        }
        if !p.eat("and") {
            break;
        }
    }
    (leading || p.eat("instead")).then_some(())?;
    Some(DamageInstead::Actions(actions))
}

/// 419.8c: a source of damage named by its colour or card type: "artifact
/// sources", "a green source", "an artifact source", "sources you don't
/// control", "sources you control". A source is any object, a spell as
/// well as a permanent; the filter is judged as the damage would be dealt
/// (`Game::source_matches`, from last known information for a source no
/// longer in play).
pub(super) fn source_noun(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    let article = p.eat_any(&["a", "an"]).is_some();
    let mut f = ObjectFilter::default();
    loop {
        if let Some(c) = crate::Color::from_name(p.peek()) {
            p.bump();
            f.colors_any.insert(c);
        } else if p.at("artifact") {
            p.bump();
            f.types_any.insert(crate::CardType::Artifact);
        } else {
            break;
        }
    }
    let noun = if article {
        p.eat("source")
    } else {
        p.eat("sources")
    };
    if !noun {
        return fail_at(p, start);
    }
    if p.eat_all("you don't control") {
        f.controller = crate::ControllerFilter::Opponent;
    } else if p.eat_all("you control") {
        f.controller = crate::ControllerFilter::You;
    }
    if f == ObjectFilter::default() {
        return fail_at(p, start);
    }
    Some(f)
}
