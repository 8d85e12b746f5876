//! The grammar of the verbs of effects (416, 417): what a player does
//! (draws, discards, loses life, …), what happens to an object (is
//! destroyed, tapped, returned, …), damage ("deals N damage to …") and
//! tokens; the continuous effects of verbs ("gets +P/+T", "gains",
//! animation) are in `pump.rs`.

use super::*;
use crate::{
    Amount, CardType, Color, ColorSet, Duration, Effect, KeywordSet, LayerEffect, ManaProduce,
    ObjectFilter, ObjectRef, PlayerRef, Recipient, Subtype, TokenSpec, TypeSet,
};
use crate::{CombatEffect, TurnEffect};

/// "N damage to R[, and M damage to R']" after "deals".
pub(super) fn damage(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let mut v = Vec::new();
    loop {
        if p.eat_all("damage to") {
            let to = recipient(p, cx)?;
            if !p.eat_all("equal to") {
                return None;
            }
            let amount = match each_players_count(p, &to) {
                Some(a) => a,
                None => equal_amount(p, cx)?,
            };
            v.push(Effect::DealDamage { amount, to });
        } else if p.eat_all("damage equal to") {
            // "deals damage equal to the sacrificed creature's power to …"
            let amount = equal_amount(p, cx)?;
            if !p.eat("to") {
                return None;
            }
            let to = recipient(p, cx)?;
            v.push(Effect::DealDamage { amount, to });
        } else {
            // "deals that much damage to …": the trigger event's amount
            // (Jackal Pup, Backfire).
            let amount = if cx.trig_amount && p.eat_all("that much") {
                Amount::Triggered
            } else if super::amounts::sacrificed_before(cx) && p.eat_all("that much") {
                // "Sacrifice any number of Mountains. Landslide deals that
                // much damage …"
                Amount::SacrificedThisWay
            } else {
                amount(p)?
            };
            // 409.1e: "N damage divided as you choose among any number of
            // target creatures" / "… among one, two, or three targets".
            if p.eat_all("damage divided as you choose among") {
                let (from, player) = target_n(p, cx, true)?;
                if player || !is_multi(&cx.targets[from as usize]) {
                    return None;
                }
                v.push(Effect::DealDamageDivided { amount, from });
                return Some(v);
            }
            // "X damage divided evenly, rounded down, among any number of
            // targets" (Fireball).
            if p.eat_all("damage divided evenly , rounded down , among") {
                let (from, player) = target_n(p, cx, true)?;
                if player || !is_multi(&cx.targets[from as usize]) {
                    return None;
                }
                v.push(Effect::DealDamageEvenly { amount, from });
                return Some(v);
            }
            if !p.eat_all("damage to") {
                return None;
            }
            // "CARDNAME deals 1 damage to it": "it" is never the source
            // itself (that would be "itself") but the triggering object
            // (Caltrops: "Whenever a creature attacks, …").
            let it_word = p.at("it");
            // "… and 3 damage to itself" (Psionic Entity): the source, which
            // is always the object with the ability here.
            let mut to = if p.eat("itself") {
                Recipient::Object(ObjectRef::This)
            } else {
                recipient(p, cx)?
            };
            if it_word && to == Recipient::Object(ObjectRef::This) {
                if !cx.trig_obj {
                    return None;
                }
                to = Recipient::Object(ObjectRef::Triggering);
            }
            // "1 damage to you and each creature you control" (Hail
            // Storm): the same damage to both, dealt at once.
            if to == Recipient::Player(PlayerRef::You) && p.at_all("and each") {
                let i = p.i;
                p.eat("and");
                match recipient(p, cx) {
                    Some(each @ Recipient::Object(ObjectRef::Each(_))) => {
                        v.push(Effect::DealDamage {
                            amount: amount.clone(),
                            to: each,
                        });
                    }
                    _ => p.i = i,
                }
            }
            v.push(Effect::DealDamage { amount, to });
        }
        // "and 3 damage to you", ", 2 damage to another target"
        let i = p.i;
        let comma = p.eat(",");
        if (p.eat("and") || comma)
            && (number_word(p.peek()).is_some() || p.at("x"))
            && p.peek_at(1) == "damage"
        {
            continue;
        }
        p.i = i;
        return Some(v);
    }
}

/// Verbs whose subject is a player.
pub(super) fn player_verb(p: &mut P, cx: &mut Cx, who: PlayerRef) -> Option<Vec<Effect>> {
    let w = p.bump();
    // "… and you decide whether to flip again" (Game of Chaos).
    if matches!(w, "decide" | "decides") {
        p.eat_all("whether to flip again").then_some(())?;
        return Some(vec![Effect::OfferFlipAgain { who }]);
    }
    let e = match w {
        // "Target player can't play lands this turn." (Solfatara), "… can't
        // play creature spells this turn" (Cease-Fire).
        "can't" if p.at("play") => {
            p.eat("play");
            if p.eat_all("lands this turn") {
                Effect::CantPlayThisTurn {
                    who,
                    lands: true,
                    spells: None,
                }
            } else {
                let spells = if p.eat("spells") {
                    crate::ObjectFilter::any()
                } else {
                    match filter(p)? {
                        (f, Noun::Spell) => f,
                        _ => return None,
                    }
                };
                p.eat_all("this turn").then_some(())?;
                Effect::CantPlayThisTurn {
                    who,
                    lands: false,
                    spells: Some(spells),
                }
            }
        }
        // 419.6e: "that player skips their next combat phase" (Blinding
        // Angel).
        "skip" | "skips" if p.at_all("their next combat phase .") => {
            p.eat_all("their next combat phase");
            Effect::Turn(TurnEffect::SkipNextCombatPhase { who })
        }
        // 419.6e: "Target player skips all combat phases of their next
        // turn." (False Peace, Empty City Ruse).
        "skip" | "skips" if p.at_all("all combat phases of their next turn") => {
            p.eat_all("all combat phases of their next turn");
            Effect::Turn(TurnEffect::SkipCombatPhasesNextTurn { who })
        }
        // 419.6e: "each opponent skips their next untap step" (Brine Elemental).
        "skip" | "skips"
            if p.at_all("their next untap step") || p.at_all("your next untap step") =>
        {
            p.eat_all("their next untap step");
            p.eat_all("your next untap step");
            Effect::Turn(TurnEffect::SkipNextUntapStep { who })
        }
        // "Target player untaps all basic lands they control." (Early
        // Harvest): every permanent of the group that player controls.
        // "You untap up to six lands." (Time Spiral)
        "untap" | "untaps" if who == PlayerRef::You && p.at_all("up to") => untap_up_to(p)?,
        "lose" | "loses" if p.eat_all("all unspent mana") => Effect::EmptyManaPool { who },
        "untap" | "untaps" if p.at("all") => {
            p.eat("all");
            let mut f = group(p)?;
            (f.controller == crate::ControllerFilter::Any).then_some(())?;
            f.controller = match who {
                PlayerRef::You if p.eat_all("you control") => crate::ControllerFilter::You,
                PlayerRef::Target(i) if p.eat_all("they control") => {
                    crate::ControllerFilter::TargetPlayer(i)
                }
                _ => return None,
            };
            Effect::Untap {
                what: ObjectRef::Each(f),
            }
        }
        // "[Player] loses the game." (Phage the Untouchable)
        "lose" | "loses" if p.at_all("the game") => {
            p.eat_all("the game");
            Effect::LoseGame { who }
        }
        // Layer 2: "you gain control of target creature" (the imperative's
        // effect).
        "gain" if who == PlayerRef::You && p.at_all("control of") => gain_control(p, cx)?,
        // Layer 2: "target opponent gains control of it".
        "gain" | "gains" if who != PlayerRef::You && p.at_all("control of") => {
            p.eat_all("control of");
            let what = object_phrase(p, cx)?;
            let duration = if p.eat_all("until end of turn") {
                Duration::EndOfTurn
            } else {
                Duration::Permanent
            };
            Effect::GiveControl {
                who,
                what,
                duration,
            }
        }
        "gain" | "gains" => Effect::GainLife {
            who,
            amount: life_amount(p, cx)?,
        },
        // "that player loses half their life, rounded up" (Ebonblade
        // Reaper): half of that player's life total.
        "lose" | "loses"
            if p.at_all("half their life , rounded up")
                || p.at_all("half your life , rounded up") =>
        {
            p.eat_all("half");
            p.bump();
            p.eat_all("life , rounded up");
            Effect::LoseLife {
                amount: Amount::HalfLifeRoundedUp(who.clone()),
                who,
            }
        }
        "lose" | "loses" => Effect::LoseLife {
            who,
            amount: life_amount(p, cx)?,
        },
        // "then draws as many cards as they discarded this way" (Forget).
        "draw" | "draws"
            if p.at_all("as many cards as they discarded this way")
                || p.at_all("as many cards as you discarded this way") =>
        {
            for _ in 0..8 {
                p.bump();
            }
            Effect::DrawCards {
                who,
                amount: Amount::DiscardedThisWay(crate::ObjectFilter::default()),
            }
        }
        // "draw cards equal to the number of cards named CARDNAME in all
        // graveyards" (Accumulated Knowledge), "… equal to that creature's
        // power" (Twisted Justice).
        "draw" | "draws" if p.at_all("cards equal to") => {
            p.eat_all("cards equal to");
            Effect::DrawCards {
                who,
                amount: super::equal_amount(p, cx)?,
            }
        }
        "draw" | "draws" => {
            let amount = amount(p)?;
            // "draws an additional card" (Howling Mine).
            p.eat("additional");
            p.eat_any(&["card", "cards"])?;
            let amount = for_each(p, cx, amount)?;
            Effect::DrawCards { who, amount }
        }
        // 102.3d: "that player gets two poison counters" / "a poison counter".
        "get" | "gets" if p.at_all_from(1, "poison") => {
            let amount = if p.eat("a") {
                Amount::Fixed(1)
            } else {
                amount(p)?
            };
            p.eat("poison").then_some(())?;
            p.eat_any(&["counter", "counters"])?;
            Effect::GivePoison { who, amount }
        }
        "discard" | "discards" if p.at_all("their hand") || p.at_all("your hand") => {
            p.bump();
            p.bump();
            Effect::DiscardHand { who }
        }
        "discard" | "discards" => {
            let amount = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            // "discards a card for each Swamp you control" (Mind Sludge).
            let amount = for_each(p, cx, amount)?;
            let random = p.eat_all("at random");
            Effect::Discard {
                who,
                amount,
                random,
            }
        }
        "return" | "returns" if matches!(p.peek(), "a" | "an") => {
            // "that player returns a creature they control to its owner's
            // hand" (Sunken Hope): the player chooses on resolution.
            p.bump();
            let mut filter = group(p)?;
            if p.eat_all("they control") {
                filter.controller = crate::ControllerFilter::You;
            }
            p.eat_all("to its owner's hand").then_some(())?;
            Effect::ReturnChosen { who, filter }
        }
        "add" | "adds" => {
            // "its controller adds an additional {G}{G}" (Overgrowth).
            let _ = p.eat_all("an additional") || p.eat("additional");
            // 406.1b: "its controller adds an additional one mana of any
            // color" (Fertile Ground), "… two mana in any combination of
            // colors" (Dawn's Reflection): a triggered mana ability's
            // choice; "add one mana of any color" (Quirion Sentinel), "…
            // for each charge counter removed this way" (Coalition Relic),
            // "Add X mana in any combination of {B} and/or {R}, where X is
            // …" (Burnt Offering): chosen as it resolves.
            {
                let i = p.i;
                let all = crate::ColorSet(0x1f);
                let found = match produce(p) {
                    Some(ManaProduce::AnyColor(1)) if p.at_all("for each") => {
                        super::amounts::for_each(p, cx, Amount::Fixed(1))
                            .filter(|a| *a != Amount::Fixed(1))
                            .map(|a| (a, all))
                    }
                    Some(ManaProduce::AnyColor(1)) => Some((Amount::Fixed(1), all)),
                    Some(ManaProduce::Combination {
                        colors,
                        amount: Some(n),
                    }) => Some((Amount::Fixed(i32::from(n)), colors)),
                    // X defined by the sentence's ", where X is …"
                    // (`define_x`), or the spell's X.
                    Some(ManaProduce::Combination {
                        colors,
                        amount: None,
                    }) => Some((Amount::X, colors)),
                    _ => None,
                };
                match found {
                    Some((amount, colors)) => {
                        return Some(vec![Effect::AddManaCombination {
                            who,
                            amount,
                            colors,
                        }]);
                    }
                    None => p.i = i,
                }
            }
            // 406.1b: "… one mana of any type that land produced for each
            // other land you control with the same name as it" (Sasaya's
            // Essence), in a "tapped for mana" triggered mana ability.
            if cx.trig_obj && p.eat_all("one mana of any type that land produced") {
                // "that player adds one mana of any type that land
                // produced" (Mana Flare, Heartbeat of Spring): one more.
                if who == PlayerRef::Triggering && !p.at_all("for each") {
                    return Some(vec![Effect::AddManaProduced {
                        amount: Amount::Fixed(1),
                        who,
                    }]);
                }
                p.eat_all("for each other").then_some(())?;
                let filter = group(p)?;
                p.eat_all("with the same name as it").then_some(())?;
                if who != PlayerRef::You {
                    return None;
                }
                return Some(vec![Effect::AddManaProduced {
                    amount: Amount::OthersWithSameName {
                        what: ObjectRef::Triggering,
                        filter,
                    },
                    who,
                }]);
            }
            // "Sacrifice any number of lands, then add that much {C}."
            // (Mana Seism)
            if super::amounts::sacrificed_before(cx) && p.eat_all("that much") {
                let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                    return None;
                };
                let [kind] = mana[..] else {
                    return None;
                };
                return Some(vec![Effect::AddManaAmount {
                    who,
                    kind,
                    amount: Amount::SacrificedThisWay,
                }]);
            }
            // "Add an amount of {B} equal to the sacrificed creature's
            // converted mana cost." (Sacrifice)
            if p.eat_all("an amount of") {
                let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                    return None;
                };
                let [kind] = mana[..] else {
                    return None;
                };
                p.eat_all("equal to").then_some(())?;
                let amount = super::equal_amount(p, cx)?;
                return Some(vec![Effect::AddManaAmount { who, kind, amount }]);
            }
            let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                return None;
            };
            // "Add {R} for each Goblin in play." (Brightstone Ritual)
            if let ([kind], true) = (&mana[..], p.at_all("for each")) {
                let amount = super::amounts::for_each(p, cx, Amount::Fixed(1))?;
                return Some(vec![Effect::AddManaAmount {
                    who,
                    kind: *kind,
                    amount,
                }]);
            }
            Effect::AddMana { who, mana }
        }
        // "Then they create X 1/1 black Minion creature tokens" (Infernal
        // Genesis): the tokens come into play under that player's control.
        "create" | "creates" if who != PlayerRef::You => {
            if let Some(e) = attempt(p, cx, |p, cx| token_copies(p, cx, who.clone())) {
                return Some(vec![e]);
            }
            let (amount, token) = token(p)?;
            cx.last_obj = Some(ObjectRef::Created);
            Effect::CreateTokens { who, amount, token }
        }
        "sacrifice" | "sacrifices" => {
            if p.eat("cardname") || (p.at("it") && cx.it() == ObjectRef::This && p.eat("it")) {
                if who != PlayerRef::You {
                    return None;
                }
                Effect::Sacrifice {
                    who,
                    filter: ObjectFilter::this(),
                }
            } else if who == PlayerRef::You
                && cx.it() == ObjectRef::Created
                && (p.eat("it") || p.eat("them"))
            {
                // "Create a … token. Sacrifice it at the beginning of the
                // next end step" (Tidal Wave): no choice is made.
                Effect::SacrificeThese {
                    what: ObjectRef::Created,
                }
            } else if who == PlayerRef::You
                && matches!(cx.it(), ObjectRef::Target(0))
                && cx.targets.len() == 1
                && (p.at("it") && p.peek_at(1) == "at"
                    || p.at_all("that creature at the beginning of the next end step"))
            {
                // "Target creature you control gains flying until end of
                // turn. Sacrifice it at the beginning of the next end step."
                // (Krovikan Elementalist), "Return target creature card from
                // your graveyard to play. Sacrifice that creature at the
                // beginning of the next end step." (Footsteps of the Goryo):
                // the target (the permanent it became), if you still
                // control it then (404.4: the delayed ability remembers it).
                if !p.eat("it") {
                    p.eat_all("that creature");
                }
                Effect::SacrificeThese {
                    what: ObjectRef::Target(0),
                }
            } else if who == PlayerRef::You
                && cx.it() == ObjectRef::Chosen
                && cx
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::PutFromHand { .. }))
                && (p.at("it") || p.at_all("that creature") || p.at_all("the creature"))
            {
                // "You may put a creature card from your hand into play.
                // That creature gains haste. Sacrifice the creature at the
                // beginning of the next end step." (Sneak Attack): the
                // permanent put, if you still control it then.
                if !p.eat("it") {
                    p.bump();
                    p.bump();
                }
                Effect::SacrificeThese {
                    what: ObjectRef::Chosen,
                }
            } else if let Some(n) = number_word(p.peek()).filter(|n| (2..=9).contains(n)) {
                // "Target player sacrifices two attacking creatures." (Ends),
                // "Each player sacrifices four lands." (Wildfire): one
                // chosen, then another, as "each player sacrifices" chooses
                // in turn (a known simplification: not one event).
                p.bump();
                let f = group(p)?;
                let one = Effect::Sacrifice { who, filter: f };
                return Some(vec![one; n as usize]);
            } else {
                // "another land" (Feast of Worms): one other than the
                // source (the filter's `other`).
                if !p.at("another") {
                    p.eat_any(&["a", "an"])?;
                }
                let f = group(p)?;
                Effect::Sacrifice { who, filter: f }
            }
        }
        _ => return None,
    };
    Some(vec![e])
}

/// Verbs whose subject is an object.
pub(super) fn object_verb(p: &mut P, cx: &mut Cx, what: ObjectRef) -> Option<Vec<Effect>> {
    // "Target creature you control fights target creature an opponent
    // controls. (Each deals damage equal to its power to the other.)"
    // (Contested Cliffs, Triangle of War; the 2007 rules have no "fight"
    // rule, the reminder text defines it): each target deals damage equal
    // to its power to the other (419.8: each is the source of its damage;
    // damage changes no power, so reading the second power after the
    // first damage is the same as reading both at once). An illegal target
    // neither deals nor is dealt damage (413.2a), so with either illegal
    // no damage is dealt (the cards' rulings).
    if let ObjectRef::Target(a) = what {
        if p.at("fights") {
            let start = p.i;
            p.bump();
            if let Some(Recipient::Target(b)) = super::targets::recipient(p, cx) {
                if b != a && matches!(p.peek(), "." | "") {
                    return Some(fight(a, b));
                }
            }
            p.i = start;
            return None;
        }
    }
    // "Target creature can't be regenerated this turn." (Hurr Jackal).
    if p.eat_all("can't be regenerated this turn") {
        // 419.1a: "… , and if it would die this turn, exile it instead."
        // (Disintegrate, Carbonize; kicked Scorching Lava): both effects
        // of the spell, not of its damage (the rulings).
        let i = p.i;
        p.eat(",");
        if p.eat_all("and if it would die this turn , exile it instead") {
            return Some(vec![
                Effect::ObjectCantBeRegeneratedThisTurn { what: what.clone() },
                Effect::ExileIfDiesThisTurn(Some(what)),
            ]);
        }
        p.i = i;
        return Some(vec![Effect::ObjectCantBeRegeneratedThisTurn { what }]);
    }
    // "gains trample and gets +X/+0 until end of turn, where X is its
    // power" (Berserk): the keywords granted until end of turn (layer 6)
    // and the pump with X fixed as it resolves (413.2f); "where X is"
    // is read by the sentence after.
    if p.at_any_of(&["gain", "gains"]) {
        let i = p.i;
        p.bump();
        if let Some(kw) = keyword_list(p) {
            if p.eat("and") && p.at_any_of(&["get", "gets"]) {
                if let Some((power, toughness)) = pt_mod_x(p.peek_at(1)) {
                    p.bump();
                    p.bump();
                    if cx.until_eot || p.eat_all("until end of turn") {
                        return Some(vec![
                            Effect::Continuous {
                                what: what.clone(),
                                effect: LayerEffect {
                                    add_keywords: kw,
                                    ..LayerEffect::default()
                                },
                                duration: Duration::EndOfTurn,
                            },
                            Effect::PumpX {
                                what,
                                power,
                                toughness,
                                x: Amount::X,
                            },
                        ]);
                    }
                }
            }
        }
        p.i = i;
    }
    // "get +X/-X until end of turn" (413.2f: X fixed as it resolves).
    if p.at_any_of(&["get", "gets"]) {
        if let Some((power, toughness)) = pt_mod_x(p.peek_at(1)) {
            p.bump();
            p.bump();
            return (cx.until_eot || p.eat_all("until end of turn")).then(|| {
                vec![Effect::PumpX {
                    what,
                    power,
                    toughness,
                    x: Amount::X,
                }]
            });
        }
    }
    if p.eat_any(&["deal", "deals"]).is_some() {
        // "That creature deals damage equal to its power to its
        // controller" (Backlash): a target of the spell or ability deals
        // the damage.
        if matches!(what, ObjectRef::Target(_)) && p.eat_all("damage equal to its power to") {
            cx.last_obj = Some(what.clone());
            let another = p.at("another");
            let to = super::targets::recipient(p, cx)?;
            // "… to another target creature" (Deadshot): not the first.
            if another {
                if let Recipient::Target(i) = to {
                    cx.targets[i as usize].distinct = true;
                }
            }
            return Some(vec![Effect::DealsDamageFrom {
                source: what.clone(),
                amount: Amount::PowerOf(what),
                to,
            }]);
        }
        // "Target creature deals damage to itself equal to its power"
        // (Repentance), "Each creature deals …" (Wave of Reckoning): each
        // object is the source of the damage to itself (419.8).
        if p.eat_all("damage to itself equal to its power") {
            return Some(vec![Effect::DealsDamageToItself { what }]);
        }
        // "Enchanted creature deals 1 damage to target creature with
        // flying" (Dizzying Gaze), "… to its owner" (Enslave): the
        // enchanted creature is the source of a fixed amount (419.8).
        if what == ObjectRef::Attached {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            if n <= 0 || !p.eat_all("damage to") {
                return None;
            }
            let to = if p.eat_all("its owner") {
                Recipient::Player(PlayerRef::OwnerOf(ObjectRef::Attached))
            } else {
                super::targets::recipient(p, cx)?
            };
            return Some(vec![Effect::DealsDamageFrom {
                source: what,
                amount: Amount::Fixed(n),
                to,
            }]);
        }
        // Otherwise the source of the damage is the spell or the ability's
        // source.
        if what != ObjectRef::This {
            return None;
        }
        return damage(p, cx);
    }
    if p.eat_all("can't block this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBlockThisTurn {
            what,
        })]);
    }
    // "that creature can't attack during its controller's next turn"
    // (Wall of Dust).
    if p.eat_all("can't attack during its controller's next turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantAttackNextTurn {
            what,
        })]);
    }
    // 500.1: "Target creature can't attack this turn." (Change of Heart),
    // "… can't attack or block this turn." (Off Balance).
    if p.eat_all("can't attack this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantAttackThisTurn {
            what,
        })]);
    }
    if p.eat_all("can't attack or block this turn") {
        return Some(vec![
            Effect::Combat(CombatEffect::CantAttackThisTurn { what: what.clone() }),
            Effect::Combat(CombatEffect::CantBlockThisTurn { what }),
        ]);
    }
    // "CARDNAME can block an additional creature this turn." (Mounted
    // Archers), "Target creature can block any number of creatures this
    // turn." (Valor Made Real).
    if p.eat_all("can block an additional creature this turn") {
        return Some(vec![Effect::Combat(
            CombatEffect::CanBlockAdditionalThisTurn {
                what,
                any_number: false,
            },
        )]);
    }
    if p.eat_all("can block any number of creatures this turn") {
        return Some(vec![Effect::Combat(
            CombatEffect::CanBlockAdditionalThisTurn {
                what,
                any_number: true,
            },
        )]);
    }
    // 309.4, 410.9c: "Target unblocked attacking creature becomes
    // blocked." (Curtain of Light, Trap Runner).
    if p.eat_all("becomes blocked") {
        return Some(vec![Effect::Combat(CombatEffect::BecomesBlocked { what })]);
    }
    // 310.1: "… assigns no combat damage this turn" (Ophidian).
    if p.eat_all("assigns no combat damage this turn") {
        return Some(vec![Effect::Combat(CombatEffect::AssignsNoCombatDamage {
            what,
        })]);
    }
    // 302.2, 418.3d: "… doesn't untap during its controller's untap step
    // for as long as CARDNAME remains tapped" (Mole Worms, Kill Switch).
    if p.eat_all(
        "doesn't untap during its controller's untap step for as long as cardname remains tapped",
    ) || p.eat_all(
        "don't untap during their controllers' untap steps for as long as cardname remains tapped",
    ) {
        return Some(vec![Effect::Turn(
            TurnEffect::DoesntUntapWhileSourceTapped { what },
        )]);
    }
    // 302.2: "… doesn't untap during its controller's next untap step"
    // (Barl's Cage, Tangle); "… during your next untap step" (Reveka).
    if p.eat_all("doesn't untap during its controller's next untap step")
        || p.eat_all("don't untap during their controller's next untap step")
        || p.eat_all("don't untap during their controllers' next untap steps")
    {
        return Some(vec![Effect::Turn(TurnEffect::DoesntUntapNext {
            what,
            yours: false,
        })]);
    }
    if p.eat_all("doesn't untap during your next untap step") {
        return Some(vec![Effect::Turn(TurnEffect::DoesntUntapNext {
            what,
            yours: true,
        })]);
    }
    // "Lands target player controls don't untap during their next untap
    // step." (Mana Vapors): that player's permanents at that step.
    if let ObjectRef::Each(f) = &what {
        if let crate::ControllerFilter::TargetPlayer(i) = f.controller {
            if p.eat_all("don't untap during their next untap step") {
                let mut filter = f.clone();
                filter.controller = crate::ControllerFilter::Any;
                return Some(vec![Effect::Turn(TurnEffect::PermanentsDontUntapNext {
                    who: PlayerRef::Target(i),
                    filter,
                })]);
            }
        }
    }
    // 502.40: Mirror Wall, Wakestone Gargoyle.
    if p.eat_all("can attack this turn as though it didn't have defender")
        || p.eat_all("can attack this turn as though they didn't have defender")
    {
        return Some(vec![Effect::Combat(
            CombatEffect::AttacksDespiteDefenderThisTurn { what },
        )]);
    }
    // 500.1: an attack requirement for the turn (Boiling Blood).
    // "Creatures the active player controls attack this turn if able."
    // (Siren's Call): each of them, as the effect resolves.
    if p.eat_all("attacks this turn if able") || p.eat_all("attack this turn if able") {
        return Some(vec![Effect::Combat(CombatEffect::AttacksThisTurnIfAble {
            what,
        })]);
    }
    // 500.1: "target creature blocks CARDNAME this turn if able" (Rampant
    // Elephant).
    if p.eat_all("blocks cardname this turn if able") {
        return Some(vec![Effect::Combat(CombatEffect::BlocksThisTurnIfAble {
            blocker: what,
            attacker: ObjectRef::This,
        })]);
    }
    // "Target creature blocks target creature this turn if able."
    // (Rimehorn Aurochs)
    if p.at_all("blocks target") {
        p.eat("blocks");
        let attacker = object_phrase(p, cx)?;
        p.eat_all("this turn if able").then_some(())?;
        return Some(vec![Effect::Combat(CombatEffect::BlocksThisTurnIfAble {
            blocker: what,
            attacker,
        })]);
    }
    // "That creature blocks this turn if able." (Provoke)
    if p.eat_all("blocks this turn if able") {
        return Some(vec![Effect::Combat(
            CombatEffect::BlocksAnyThisTurnIfAble { what, each: false },
        )]);
    }
    // "It blocks each attacking creature this turn if able." (Blaze of
    // Glory)
    if p.eat_all("blocks each attacking creature this turn if able") {
        return Some(vec![Effect::Combat(
            CombatEffect::BlocksAnyThisTurnIfAble { what, each: true },
        )]);
    }
    // 502.15: "target creature phases out until CARDNAME leaves play" (Oubliette).
    if p.eat_all("phases out until cardname leaves play") {
        return Some(vec![Effect::PhaseOutUntilSourceLeaves { what, tap: false }]);
    }
    // 502.15: "[It] phases out."
    if p.eat_all("phases out") || p.eat_all("phase out") {
        return Some(vec![Effect::PhaseOut { what }]);
    }
    // 503.4: "CARDNAME becomes a copy of that card, except it has this
    // ability." (Dimir Doppelganger; 503.9). "you may have CARDNAME become
    // a copy of target creature, …" (Vesuvan Doppelganger's ability in
    // quotes) is the same effect under the trigger's "you may".
    if what == ObjectRef::This && (p.eat_all("becomes a copy of") || p.eat_all("become a copy of"))
    {
        // "that card": the card the ability targets.
        let copied = if p.eat_all("that card") {
            ObjectRef::Target((cx.targets.len() as u8).checked_sub(1)?)
        } else {
            object_phrase(p, cx)?
        };
        return copy_exceptions(p, copied);
    }
    // 500.1: "can't be blocked this turn except by Walls" (Varchild's
    // Crusader), "can't be blocked by Walls this turn" (Tower of Coireall).
    if p.at_all("can't be blocked this turn except by") {
        let start = p.i;
        p.eat_all("can't be blocked this turn except by");
        if let Some(f) = group(p) {
            return Some(vec![Effect::Combat(CombatEffect::BlockRuleThisTurn {
                what,
                rule: crate::BlockRule::OnlyBy(f),
            })]);
        }
        p.i = start;
    }
    if p.at_all("can't be blocked by") {
        let start = p.i;
        p.eat_all("can't be blocked by");
        if let Some(f) = group(p).filter(|_| p.eat_all("this turn")) {
            return Some(vec![Effect::Combat(CombatEffect::BlockRuleThisTurn {
                what,
                rule: crate::BlockRule::NotBy(f),
            })]);
        }
        p.i = start;
    }
    if p.eat_all("can't be blocked this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBeBlockedThisTurn {
            what,
        })]);
    }
    if p.eat_all("can't be blocked this combat") {
        return Some(vec![Effect::Combat(
            CombatEffect::CantBeBlockedThisCombat { what },
        )]);
    }
    // "[what] gain(s) menace until end of turn" (not a 2007 keyword: "can't
    // be blocked except by two or more creatures", 500.1), for the turn.
    if p.at_any_of(&["gain", "gains"]) && p.peek_at(1) == "menace" {
        let start = p.i;
        p.bump();
        p.bump();
        if cx.until_eot || p.eat_all("until end of turn") {
            return Some(vec![Effect::Combat(CombatEffect::MenaceThisTurn { what })]);
        }
        p.i = start;
    }
    if p.eat_all("can't block cardname this turn") {
        return Some(vec![Effect::Combat(CombatEffect::CantBlockThisThisTurn {
            what,
        })]);
    }
    // "… becomes a 3/3 green Ape creature with trample until end of turn"
    // (layers 4, 5, 6b).
    if p.at_any_of(&["become", "becomes"])
        && p.peek_at(1) != "the"
        && !(cx.type_chosen.is_some() && p.at_all_from(1, "that type"))
        && color_adjective(p.peek_at(1)).is_none()
        && p.peek_at(1) != "colorless"
        && super::statics_clauses::basic_land_noun(p.peek_at(1)).is_none()
        && super::statics_clauses::basic_land_noun(p.peek_at(2)).is_none()
        && !p.at_all_from(1, "an artifact in addition")
    {
        p.bump();
        let effect = animation(p)?;
        // "it becomes a 3/2 Hound creature" with no duration (Lurking
        // Jackals, the Opals): for as long as it is in play.
        let duration = if cx.until_eot || p.eat_all("until end of turn") {
            Duration::EndOfTurn
        } else if cx.until_upkeep {
            Duration::UntilYourNextUpkeep
        } else if p.eat_all("until end of combat") {
            // 300.4: "becomes a 3/6 Golem artifact creature until end of
            // combat" (Jade Statue).
            Duration::EndOfCombat
        } else {
            // "Target land becomes a 2/2 creature that's still a land."
            // (Verdant Touch): for as long as the object stays in play
            // (217.1c, 418.3b: the objects are locked in as it resolves).
            Duration::Permanent
        };
        return Some(vec![Effect::Continuous {
            what,
            effect,
            duration,
        }]);
    }
    // 501.3: "Each blocking creature is sacrificed by its controller."
    if matches!(what, ObjectRef::Each(_)) && p.eat_all("is sacrificed by its controller") {
        return Some(vec![Effect::SacrificeThese { what }]);
    }
    let e = pump(p, what, cx.until_eot, cx.color_chosen, cx.type_chosen)?;
    // An effect on a spell applies while it is on the stack and goes on
    // applying to the permanent it becomes (217.1c exception 1, 213.5:
    // Chaoslace, Vodalian Mystic, Ersatz Gnomes).
    // "it gets +1/+1 until end of turn for each creature blocking it"
    // (Elvish Berserker); "… for each artifact you control" (Hunger of the
    // Nim): counted as it resolves (413.2f).
    if p.at_all("for each") {
        let Effect::Continuous { what, effect, .. } = e else {
            return None;
        };
        let only_pt = LayerEffect {
            power: effect.power,
            toughness: effect.toughness,
            ..Default::default()
        };
        if effect != only_pt {
            return None;
        }
        // 502.12a: "… for each creature blocking it beyond the first"
        // (Jungle Wurm), the count of rampage.
        let count = if p.eat_all("for each creature blocking it beyond the first") {
            Amount::BlockersBeyondFirst(what.clone())
        } else if p.eat_all("for each creature blocking it") {
            Amount::CreaturesBlocking(what.clone())
        } else {
            for_each(p, cx, Amount::Fixed(1))?
        };
        return Some(vec![Effect::PumpPerCount {
            what,
            power: effect.power,
            toughness: effect.toughness,
            count,
        }]);
    }
    Some(vec![e])
}

/// 503.1: "a token that's a copy of [object][, except it has haste]",
/// "two tokens that are copies of [object]" (2007: "put a token into play
/// that's a copy of …"), after "create". "It" / "them" then name the
/// tokens (404.4: "Sacrifice it at the beginning of the next end step").
pub(super) fn token_copies(p: &mut P, cx: &mut Cx, who: PlayerRef) -> Option<Effect> {
    let amount = if p.eat_all("a token that's a copy of") {
        Amount::Fixed(1)
    } else {
        let a = amount(p)?;
        p.eat_all("tokens that are copies of").then_some(())?;
        a
    };
    let of = object_phrase(p, cx)?;
    // 503.9: the exceptions the effect states.
    let keywords = if p.eat_all(", except it has") || p.eat_all(", except they have") {
        keyword_list(p)?
    } else {
        KeywordSet::EMPTY
    };
    cx.last_obj = Some(ObjectRef::Created);
    Some(Effect::CreateTokenCopies {
        who,
        amount,
        of,
        keywords,
    })
}

/// "N 2/2 green Bear creature token(s) [with flying]".
pub(super) fn token(p: &mut P) -> Option<(Amount, TokenSpec)> {
    // "that many 1/1 green Insect creature tokens" (Broodhatch Nantuko):
    // the amount of the trigger event, like "that much life".
    let amount = if p.eat_all("that many") {
        Amount::Triggered
    } else {
        amount(p)?
    };
    // "an X/X green Elemental creature token, where X is …" (Dokai): the
    // amount is defined by the sentence's "where X is" clause (`define_x`).
    let (power, toughness, pt_x) = if p.peek() == "x/x" {
        (0, 0, Some(Box::new(Amount::X)))
    } else {
        let (a, b) = p.peek().split_once('/')?;
        (a.parse().ok()?, b.parse().ok()?, None)
    };
    p.bump();
    let mut colors = ColorSet::EMPTY;
    loop {
        if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            colors.insert(c);
        } else if p.eat("colorless") || p.eat("and") {
        } else {
            break;
        }
    }
    let mut subtypes = Vec::new();
    let mut names = Vec::new();
    // Any capitalised word before "creature" is a creature type of the token.
    while p.raw().chars().next().is_some_and(char::is_uppercase) && p.raw() != SELF {
        let st = subtype_word(p.raw()).map_or_else(|| p.raw().to_string(), str::to_string);
        p.bump();
        subtypes.push(Subtype::intern(&st));
        names.push(st);
    }
    let mut types = TypeSet::EMPTY;
    if p.eat("artifact") {
        types.insert(CardType::Artifact);
    }
    if !p.eat("creature") || p.eat_any(&["token", "tokens"]).is_none() || subtypes.is_empty() {
        return None;
    }
    types.insert(CardType::Creature);
    let mut keywords = KeywordSet::EMPTY;
    if p.eat("with") {
        keywords = keyword_list(p)?;
    }
    let mut name = names.join(" ");
    // "named Metallic Sliver", "named Wolves of the Hunt": the words up to
    // the end of the phrase.
    if p.eat("named") {
        // Capitalised words, joined by "of" / "the" ("Wolves of the Hunt").
        let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
        let mut words = Vec::new();
        loop {
            let w = p.raw();
            let joins = matches!(w, "of" | "the")
                && !words.is_empty()
                && (capital(p.t.get(p.i + 1).map_or("", |t| t.raw.as_str()))
                    || (p.peek_at(1) == "the"
                        && capital(p.t.get(p.i + 2).map_or("", |t| t.raw.as_str()))));
            if !(capital(w) || joins) {
                break;
            }
            words.push(w.to_string());
            p.bump();
        }
        // A name holding the card's own ("Kobolds of Kher Keep") would need
        // the self-reference undone: not read.
        if words.is_empty() || words.iter().any(|w| w == SELF) {
            return None;
        }
        name = words.join(" ");
    }
    // 216.2: "… token. It has \"…\"" (Goldmeadow Lookout): the token's
    // own ability, compiled like an ability in quotes.
    let mut granted = None;
    if p.at_all(". it has \"") {
        let start = p.i;
        p.eat_all(". it has");
        granted = p.quoted_ability();
        if granted.is_none() {
            p.i = start;
        }
    } else if p.at_all(". it has") && name != names.join(" ") {
        // "… named Spark Elemental. It has trample, haste, and \"At the
        // beginning of the end step, sacrifice Spark Elemental.\""
        // (Sparkspitter): keywords, then an ability in quotes whose own
        // name is the token's (the token itself, 201.4).
        let (start, before) = (p.i, keywords);
        p.eat_all(". it has");
        let ok = keyword_list(p).and_then(|k| {
            keywords = keywords.union(k);
            p.eat(",");
            p.eat("and").then_some(())?;
            p.at("\"").then_some(())?;
            let close = p.i + 1 + p.t[p.i + 1..].iter().position(|t| t.low == "\"")?;
            let words: Vec<&str> = name.split(' ').collect();
            let mut toks = Vec::new();
            let mut k = p.i;
            while k <= close {
                let here = p.t[k..].iter().take(words.len()).map(|t| t.raw.as_str());
                if here.eq(words.iter().copied()) {
                    toks.push(super::lex::Tok {
                        raw: SELF.into(),
                        low: SELF.to_lowercase(),
                    });
                    k += words.len();
                } else {
                    toks.push(p.t[k].clone());
                    k += 1;
                }
            }
            let mut q = P::new(&toks);
            q.grant_base = p.grant_base + p.granted.len();
            let g = q.quoted_ability()?;
            q.at_end().then_some(())?;
            p.granted.append(&mut q.granted);
            p.i = close + 1;
            Some(g)
        });
        match ok {
            Some(g) => granted = Some(g),
            None => (p.i, keywords) = (start, before),
        }
    }
    Some((
        amount,
        TokenSpec {
            name,
            colors,
            types,
            subtypes,
            power,
            toughness,
            keywords,
            pt_x,
            granted,
        },
    ))
}

/// "up to N lands" after "untap" (Rewind): chosen as it resolves.
pub(super) fn untap_up_to(p: &mut P) -> Option<Effect> {
    p.eat_all("up to").then_some(())?;
    let count = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
    p.bump();
    let filter = group(p)?;
    (count > 0 && filter.controller == crate::ControllerFilter::Any).then_some(Effect::UntapUpTo {
        count: count as u32,
        filter,
    })
}

/// "damage to each player equal to [twice] the number of nonbasic lands
/// that player controls" (Price of Progress, Typhoon, Wing Storm): "that
/// player" is each recipient in turn, so the count is each one's own
/// (`Amount::CountTheyControl`, read for each player as the damage is
/// dealt, all before any is dealt).
fn each_players_count(p: &mut P, to: &Recipient) -> Option<Amount> {
    if !matches!(
        to,
        Recipient::Player(PlayerRef::EachPlayer | PlayerRef::EachOpponent)
    ) {
        return None;
    }
    let start = p.i;
    let got = (|| {
        let twice = p.eat("twice");
        p.eat_all("the number of").then_some(())?;
        let f = super::targets::group(p)?;
        (f.controller == crate::ControllerFilter::Any).then_some(())?;
        p.eat_all("that player controls").then_some(())?;
        let a = Amount::CountTheyControl(f);
        Some(if twice {
            Amount::Times(2, Box::new(a))
        } else {
            a
        })
    })();
    if got.is_none() {
        p.i = start;
    }
    got
}

/// Two targets fight: each deals damage equal to its power to the other
/// (the cards' reminder text; see `object_verb`).
fn fight(a: u8, b: u8) -> Vec<Effect> {
    vec![
        Effect::DealsDamageFrom {
            source: ObjectRef::Target(a),
            amount: Amount::PowerOf(ObjectRef::Target(a)),
            to: Recipient::Target(b),
        },
        Effect::DealsDamageFrom {
            source: ObjectRef::Target(b),
            amount: Amount::PowerOf(ObjectRef::Target(b)),
            to: Recipient::Target(a),
        },
    ]
}
