//! The grammar of activated abilities (403) and mana abilities (406):
//! "[cost]: [effect]", the mana an ability produces (406.1), the timing
//! restrictions on playing it (408.1), and the intrinsic mana ability of a
//! basic land type (212.6).

use super::*;
use crate::DelayedEffect;
use crate::{
    Ability, ActivatedAbility, BasicLandType, Color, ColorSet, Cost, Effect, ManaAbility, ManaKind,
    ManaProduce, Step, Timing, TurnOf, Window,
};

/// The intrinsic "{T}: Add [mana]" of a basic land type (212.6c).
pub fn basic_mana_ability(b: BasicLandType) -> Ability {
    Ability::Mana(ManaAbility {
        cost: Cost {
            tap: true,
            ..Default::default()
        },
        produce: ManaProduce::Fixed(vec![ManaKind::Color(b.color())]),
        spend_only: None,
        also: Vec::new(),
        once_per_turn: false,
        only_if: None,
    })
}

/// What "Add …" produces (406.1).
pub(super) fn produce(p: &mut P) -> Option<ManaProduce> {
    // "one mana of any color that a land an opponent controls could
    // produce" (Fellwar Stone), "… that a basic land you control could
    // produce" (Star Compass).
    if p.eat_all("one mana of any color that a") {
        let basic = p.eat("basic");
        p.eat("land").then_some(())?;
        let opponents = if p.eat_all("an opponent controls") {
            true
        } else if p.eat_all("you control") {
            false
        } else {
            return None;
        };
        p.eat_all("could produce").then_some(())?;
        return Some(ManaProduce::LandColors { opponents, basic });
    }
    if p.eat_all("one mana of any color") {
        return Some(ManaProduce::AnyColor(1));
    }
    if p.eat_all("one mana of the chosen color") {
        return Some(ManaProduce::ChosenColor);
    }
    // "X mana of any one color", "X mana in any combination of {W} and/or
    // {U}": X is the number of counters removed (checked by the caller).
    if p.at_all("x mana") {
        p.eat_all("x mana");
        if p.eat_all("of any one color") {
            return Some(ManaProduce::AnyColorPerRemoved);
        }
        let colors = combination(p)?;
        return Some(ManaProduce::Combination {
            colors,
            amount: None,
        });
    }
    if let Some(n) = number_word(p.peek()) {
        if p.peek_at(1) == "mana" && n > 0 && n < 256 {
            p.bump();
            p.bump();
            if p.at_all("in any combination of") {
                let colors = combination(p)?;
                return Some(ManaProduce::Combination {
                    colors,
                    amount: Some(n as u8),
                });
            }
            return p
                .eat_all("of any one color")
                .then_some(ManaProduce::AnyColor(n as u8));
        }
    }
    let mut kinds = Vec::new();
    let sym = |w: &str| -> Option<Vec<ManaKind>> {
        let inner = w.strip_prefix('{')?.strip_suffix('}')?;
        if inner == "c" {
            return Some(vec![ManaKind::Colorless]);
        }
        if let Ok(n) = inner.parse::<usize>() {
            return Some(vec![ManaKind::Colorless; n]);
        }
        let c = Color::from_symbol(inner.to_ascii_uppercase().chars().next()?)
            .filter(|_| inner.len() == 1)?;
        Some(vec![ManaKind::Color(c)])
    };
    while let Some(k) = sym(p.peek()) {
        p.bump();
        kinds.extend(k);
    }
    if kinds.is_empty() {
        return None;
    }
    // "{B}{B}, {B}{R}, or {R}{R}" (Graven Cairns): each of the two mana
    // of either colour, any combination of them.
    if let [ManaKind::Color(a), ManaKind::Color(b)] = kinds[..] {
        if a == b && p.at(",") {
            let i = p.i;
            let mut pairs = vec![(a, b)];
            while p.eat(",") | p.eat("or") {
                match (sym(p.peek()).as_deref(), sym(p.peek_at(1)).as_deref()) {
                    (Some([ManaKind::Color(x)]), Some([ManaKind::Color(y)])) => {
                        pairs.push((*x, *y));
                        p.bump();
                        p.bump();
                    }
                    _ => break,
                }
            }
            let other = pairs
                .iter()
                .map(|&(x, y)| if x != a { x } else { y })
                .find(|&c| c != a);
            let all = other.is_some_and(|o| {
                pairs.len() == 3
                    && pairs.contains(&(a, o))
                    && pairs.contains(&(o, o))
                    && pairs
                        .iter()
                        .all(|&(x, y)| [a, o].contains(&x) && [a, o].contains(&y))
            });
            match other {
                Some(o) if all => {
                    let mut colors = ColorSet::single(a);
                    colors.insert(o);
                    return Some(ManaProduce::Combination {
                        colors,
                        amount: Some(2),
                    });
                }
                _ => p.i = i,
            }
        }
    }
    // "{B}{B} or {G}{G}" (Cadaverous Bloom): n of one colour or n of another.
    if let (true, [ManaKind::Color(c), ..]) = (kinds.len() > 1 && p.at("or"), &kinds[..]) {
        let n = kinds.len();
        if kinds.iter().all(|k| *k == kinds[0]) {
            let mut set = ColorSet::single(*c);
            let i = p.i;
            p.eat("or");
            let mut other = Vec::new();
            while let Some(k) = sym(p.peek()) {
                p.bump();
                other.extend(k);
            }
            match other[..] {
                [ManaKind::Color(d), ..]
                    if other.len() == n && other.iter().all(|k| *k == other[0]) =>
                {
                    set.insert(d);
                    return Some(ManaProduce::OneOfTimes(set, n as u8));
                }
                _ => p.i = i,
            }
        }
    }
    // "{R} or {G}", "{W}, {U}, or {B}"
    if kinds.len() == 1 && (p.at("or") || p.at(",")) {
        let mut set = ColorSet::EMPTY;
        let ManaKind::Color(c) = kinds[0] else {
            return None;
        };
        set.insert(c);
        loop {
            let i = p.i;
            let sep = p.eat(",") | p.eat("or");
            match sym(p.peek()).as_deref() {
                Some([ManaKind::Color(c)]) if sep => {
                    p.bump();
                    set.insert(*c);
                }
                _ => {
                    p.i = i;
                    break;
                }
            }
        }
        return Some(ManaProduce::OneOf(set));
    }
    Some(ManaProduce::Fixed(kinds))
}

/// "in any combination of {R} and/or {G}", "in any combination of
/// colors": the colours each mana may be (406.1).
fn combination(p: &mut P) -> Option<ColorSet> {
    p.eat_all("in any combination of").then_some(())?;
    if p.eat("colors") {
        return Some(ColorSet(0x1f));
    }
    let mut set = ColorSet::EMPTY;
    loop {
        let w = p.peek();
        let inner = w.strip_prefix('{')?.strip_suffix('}')?;
        let c = Color::from_symbol(inner.to_ascii_uppercase().chars().next()?)
            .filter(|_| inner.len() == 1)?;
        p.bump();
        set.insert(c);
        let symbol_next = p.peek_at(1).starts_with('{');
        if !(p.eat_all("and/or") || p.eat_all("and / or") || (symbol_next && p.eat(","))) {
            break;
        }
    }
    (set.iter().count() > 1).then_some(set)
}

/// `prefix` and the timing restriction after it; nothing eaten if not.
pub(super) fn timing_sentence(p: &mut P, prefix: &str) -> Option<Timing> {
    let i = p.i;
    if p.eat_all(prefix) {
        if let Some(t) = timing(p) {
            return Some(t);
        }
    }
    p.i = i;
    None
}

/// The timing restriction after "Play this spell only" / "Play this ability
/// only" (408.1 still applies besides it).
pub(super) fn timing(p: &mut P) -> Option<Timing> {
    let (mut turn, mut window) = (TurnOf::Any, Window::Any);
    if p.eat("during") {
        if p.eat_all("your turn") {
            turn = TurnOf::You;
        } else if p.eat_all("an opponent's turn after their upkeep step") {
            // Reset.
            turn = TurnOf::Opponent;
            window = Window::AfterUpkeep;
        } else if p.eat_all("an opponent's turn") {
            turn = TurnOf::Opponent;
        } else if p.eat_all("an opponent's upkeep") {
            // Festival.
            turn = TurnOf::Opponent;
            window = Window::Step(Step::Upkeep);
        } else if p.eat_all("your end step") {
            // Necrologia.
            turn = TurnOf::You;
            window = Window::Step(Step::EndOfTurn);
        } else if p.eat_all("your declare attackers step") {
            turn = TurnOf::You;
            window = Window::Step(Step::DeclareAttackers);
        } else if p.eat_all("your upkeep") {
            turn = TurnOf::You;
            window = Window::Step(Step::Upkeep);
        } else if p.eat_all("any upkeep step") {
            window = Window::Step(Step::Upkeep);
        } else if p.eat_all("combat before blockers are declared") {
            window = Window::CombatBeforeBlockers;
        } else if p.eat_all("combat after blockers are declared") {
            window = Window::CombatAfterBlockers;
        } else if p.eat("combat") {
            window = Window::Combat;
        } else if p.eat_all("the declare attackers step") {
            window = if p.eat_all("and only if you've been attacked this step") {
                Window::AttackedThisStep
            } else {
                Window::Step(Step::DeclareAttackers)
            };
        } else if p.eat_all("the declare blockers step") {
            window = Window::Step(Step::DeclareBlockers);
        } else if p.eat_all("the end of combat step") {
            window = Window::Step(Step::EndOfCombat);
        } else {
            return None;
        }
        // "during your turn and only during combat [before blockers are
        // declared]" (Savage Beating, Melee).
        if turn == TurnOf::You && window == Window::Any && p.at_all("and only during combat") {
            p.eat_all("and only");
            let t = timing(p)?;
            return (t.turn == TurnOf::Any).then_some(Timing {
                turn,
                window: t.window,
            });
        }
        if window != Window::Any || !p.eat(",") {
            return Some(Timing { turn, window });
        }
    }
    window = if p.eat_all("after combat") {
        Window::AfterCombat
    } else if p.eat_all("before blockers are declared") {
        Window::BeforeBlockers
    } else if p.eat_all("before attackers are declared") {
        Window::BeforeAttackers
    } else if p.eat_all("before the combat damage step") {
        Window::BeforeCombatDamage
    } else if turn != TurnOf::Any {
        return Some(Timing { turn, window });
    } else {
        return None;
    };
    Some(Timing { turn, window })
}

/// 411.1, 409.1h: a mana ability's cost is paid like any other, so the
/// player chooses what to tap ("Tap two untapped Elves you control":
/// Birchlore Rangers), sacrifice ("Sacrifice a creature": Ashnod's Altar)
/// or discard ("Discard a card": Skirge Familiar); the engine asks for each
/// (`playing/mana_choice_cost.rs`). Costs that choose other things are not
/// built for mana abilities: all of several permanents, cards removed from
/// the hand, an amount of X; such a card is refused with the ability's
/// phrase rather than compiled into free mana or an ability never offered.
fn mana_cost_chooses(cost: &Cost) -> Option<&'static str> {
    if cost.discard_x {
        return Some("a mana ability whose cost discards X cards");
    }
    if cost.sacrifice_all.is_some() {
        return Some("a mana ability whose cost sacrifices several permanents");
    }
    // "Exile a card from your hand" is chosen (Cadaverous Bloom).
    if cost
        .exile_cards
        .as_ref()
        .is_some_and(|_| cost.exile_from_graveyard)
        || cost.pay_life_x
        || cost.remove_counters_x.is_some()
        || cost.removed_to_graveyard
        || cost.exile_x
        || cost.reveal_x.is_some()
        || cost.remove_counters_all.is_some()
        || cost.hand_to_library_top > 0
    {
        return Some("a mana ability whose cost chooses cards or an amount");
    }
    if cost.remove_top_of_library > 0 || cost.remove_top_of_graveyard > 0 {
        return Some("a mana ability whose cost removes cards from a library or graveyard");
    }
    if cost.pay_half_life || cost.sacrifice_attached {
        return Some("a mana ability whose cost pays half a life total or sacrifices its host");
    }
    None
}

/// Does this cost choose other objects (tap, sacrifice, discard, remove)?
fn chooses_objects(cost: &Cost) -> bool {
    cost.tap_untapped.is_some()
        || cost.sacrifice.is_some()
        || cost.discard > 0
        || cost.exile_cards.is_some()
        || cost.remove_counters_any.is_some()
}

/// "[cost]: [effect]": an activated ability or a mana ability (403, 406).
pub(super) fn activated(p: &mut P) -> R<Ability> {
    let mut cost = cost(p)?;
    let mut cx = Cx {
        cost_sacrifices: cost.sacrifices() + u8::from(cost.sacrifice_attached),
        cost_discards_one: cost.discard == 1 && !cost.discard_x,
        cost_exiles_one: matches!(cost.exile_cards, Some((_, 1))) && !cost.exile_x,
        cost_removes_all: cost.remove_counters_all,
        ..Cx::default()
    };
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    // 406.1: "Double the amount of each type of mana in your mana pool"
    // (Doubling Cube) could add mana: a mana ability.
    if p.eat_all("double the amount of each type of unspent mana you have")
        || p.eat_all("double the amount of each type of mana in your mana pool")
    {
        if !(p.eat_end() && p.at_end()) {
            return Err(no_rule(p));
        }
        if cost.discard_self
            || cost.tap_untapped.is_some()
            || cost.return_to_hand.is_some()
            || cost.discard_random
        {
            return Err("a mana ability whose cost chooses other objects".into());
        }
        if let Some(why) = mana_cost_chooses(&cost) {
            return Err(why.into());
        }
        return Ok(Ability::Mana(ManaAbility {
            cost,
            produce: ManaProduce::DoublePool,
            spend_only: None,
            also: Vec::new(),
            once_per_turn: false,
            only_if: None,
        }));
    }
    if p.eat("add") {
        if cost.discard_self {
            return Err("a mana ability played from the hand".into());
        }
        // 409.1h choices a mana ability's cost doesn't ask for.
        if cost.return_to_hand.is_some() || cost.discard_random {
            return Err(
                "a mana ability whose cost returns permanents or discards at random".into(),
            );
        }
        // "Remove X storage counters from CARDNAME: Add X mana …" (the
        // storage lands, the Bakus, Kyren Toy): in a mana ability X is
        // the number of counters removed, chosen as the cost is paid
        // (409.1b, 411.1), as "remove any number of" counters is.
        let remove_x = cost.remove_counters_x.take();
        if let Some(why) = mana_cost_chooses(&cost) {
            return Err(why.into());
        }
        if let Some(kind) = remove_x {
            if cost.remove_counters_any.is_some() || cost.remove_counters.is_some() {
                return Err("a mana ability whose cost chooses cards or an amount".into());
            }
            cost.remove_counters_any = Some(kind);
            // "Add an amount of {C} equal to X plus one." (Kyren Toy)
            let produce = if p.eat_all("an amount of {c} equal to x plus one") {
                ManaProduce::PlusPerRemoved(ManaKind::Colorless)
            } else {
                match produce(p) {
                    Some(
                        m @ (ManaProduce::AnyColorPerRemoved
                        | ManaProduce::Combination { amount: None, .. }),
                    ) => m,
                    _ => return Err(no_rule(p)),
                }
            };
            if !(p.eat_end() && p.at_end()) {
                return Err(no_rule(p));
            }
            return Ok(Ability::Mana(ManaAbility {
                cost,
                produce,
                spend_only: None,
                also: Vec::new(),
                once_per_turn: false,
                only_if: None,
            }));
        }
        let mut produce = produce(p).ok_or_else(|| no_rule(p))?;
        // "Add X mana of any one color, where X is …" (Lotus Blossom).
        if produce == ManaProduce::AnyColorPerRemoved && p.eat_all(", where x is") {
            let amount = super::equal_amount(p, &mut cx).ok_or_else(|| no_rule(p))?;
            produce = ManaProduce::AnyColorCount(Box::new(amount));
        }
        // X without counters removed to count it.
        if matches!(
            produce,
            ManaProduce::AnyColorPerRemoved | ManaProduce::Combination { amount: None, .. }
        ) {
            return Err(no_rule(p));
        }
        // "Add {G} for each creature you control." (Gaea's Cradle)
        if let (ManaProduce::Fixed(v), true) = (&produce, p.at_all("for each")) {
            if let ([kind], None) = (&v[..], cost.remove_counters_any) {
                let kind = *kind;
                let amount = super::amounts::for_each(p, &mut cx, crate::Amount::Fixed(1))
                    .filter(|a| *a != crate::Amount::Fixed(1))
                    .ok_or_else(|| no_rule(p))?;
                produce = ManaProduce::Count {
                    kind,
                    amount: Box::new(amount),
                };
            }
        }
        // "Add {B}, then add an additional {B} for each charge counter
        // removed this way." after "Remove any number of charge counters".
        if let Some(kind) = cost.remove_counters_any {
            // "{B}" before the comma reads as a one-colour "{B} or …" list.
            let k = match &produce {
                ManaProduce::Fixed(v) if v.len() == 1 => v[0],
                ManaProduce::OneOf(set) if set.iter().count() == 1 => {
                    ManaKind::Color(set.iter().next().ok_or_else(|| no_rule(p))?)
                }
                _ => return Err(no_rule(p)),
            };
            let k = &k;
            // "Add {B} for each storage counter removed this way."
            let per = p.at_all("for each")
                && counter_kind(p.peek_at(2)) == Some(kind)
                && p.at_all_from(3, "counter removed this way");
            if per {
                p.eat_all("for each");
                p.bump();
                p.eat_all("counter removed this way");
            }
            let again = format!("{{{}}}", k.symbol().to_ascii_lowercase());
            let tail = per
                || p.eat_all(", then add an additional")
                    && p.eat(&again)
                    && p.eat_all("for each")
                    && counter_kind(p.bump()) == Some(kind)
                    && p.eat_all("counter removed this way");
            if !tail {
                return Err(no_rule(p));
            }
            produce = if per {
                ManaProduce::PerRemoved(*k)
            } else {
                ManaProduce::PlusPerRemoved(*k)
            };
        }
        if !p.eat_end() {
            return Err(no_rule(p));
        }
        if let Some((conditions, then)) = attempt(p, &mut cx, |p, _| produce_instead(p)) {
            produce = ManaProduce::IfAll {
                conditions,
                then: Box::new(then),
                otherwise: Box::new(produce),
            };
        }
        let mut once_per_turn = false;
        let mut only_if = None;
        let mut spend_only = None;
        while !p.at_end() {
            // "Spend this mana only to play artifact spells." (Mishra's
            // Workshop): only for an ability that adds mana of fixed
            // kinds, or of one colour, and pays no mana for it.
            if spend_only.is_none() && p.at_all("spend this mana only") {
                let i = p.i;
                p.eat_all("spend this mana only");
                let only =
                    if p.eat_all("to play artifact spells or activate abilities of artifacts") {
                        Some(crate::SpendOnly::ArtifactSpellsOrAbilities)
                    } else if p.eat_all("to play artifact spells") {
                        Some(crate::SpendOnly::ArtifactSpells)
                    } else if p.eat_all("to play legendary spells") {
                        Some(crate::SpendOnly::LegendarySpells)
                    } else if p.eat_all("to play a multicolored spell") {
                        Some(crate::SpendOnly::MulticoloredSpells)
                    } else if p.eat_all("to activate abilities of artifacts") {
                        Some(crate::SpendOnly::ArtifactAbilities)
                    } else {
                        None
                    };
                let plain = matches!(produce, ManaProduce::Fixed(_) | ManaProduce::AnyColor(_))
                    && cost.mana.is_zero()
                    && !chooses_objects(&cost);
                match only {
                    Some(o) if plain && p.eat_end() => {
                        spend_only = Some(o);
                        continue;
                    }
                    _ => {
                        p.i = i;
                        return Err(no_rule(p));
                    }
                }
            }
            // 408.1: "Play this ability only once each turn." (Wall of Roots)
            if p.eat_all("play this ability only once each turn") && p.eat_end() {
                once_per_turn = true;
                continue;
            }
            // "Play this ability only if you control a Swamp." (Tainted Field)
            if only_if.is_none() && p.eat_all("play this ability only if") {
                only_if = Some(condition(p, &mut cx).ok_or_else(|| no_rule(p))?);
                if !p.eat_end() {
                    return Err(no_rule(p));
                }
                continue;
            }
            sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
        }
        if !cx.targets.is_empty() {
            return Err("a mana ability with a target".into());
        }
        if cx.effects.iter().any(|e| {
            matches!(
                e,
                Effect::Delayed(DelayedEffect::AtNextEndStep { .. })
                    | Effect::Delayed(DelayedEffect::AtNextCleanup { .. })
            )
        }) {
            return Err("a mana ability with a delayed ability at the next end step".into());
        }
        return Ok(Ability::Mana(ManaAbility {
            cost,
            produce,
            spend_only,
            also: cx.effects,
            once_per_turn,
            only_if,
        }));
    }
    if cost.remove_counters_any.is_some() {
        return Err("an activated ability removing any number of counters".into());
    }
    let (mut sorcery_speed, mut once_per_turn) = (false, false);
    let (mut twice_per_turn, mut timing_restriction) = (false, None);
    let mut max_per_turn = 0u8;
    let mut max_per_turn_count = None;
    let mut only_if = None;
    let mut activator = crate::Activator::Controller;
    // The Licids: "CARDNAME loses this ability and becomes an Aura
    // enchantment with enchant creature. Attach it to target creature. You
    // may pay {W} to end this effect." (408.2i).
    if p.eat_all(
        "cardname loses this ability and becomes an aura enchantment with enchant creature",
    ) && p.eat_end()
    {
        sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
        if !p.eat_all("you may pay") {
            return Err(no_rule(p));
        }
        let mut mana = String::new();
        while p.peek().starts_with('{') {
            mana.push_str(p.raw());
            p.bump();
        }
        if !(p.eat_all("to end this effect") && p.eat_end()) {
            return Err(no_rule(p));
        }
        let end_cost = crate::ManaCost::parse(&mana).map_err(|e| e.to_string())?;
        let attach = matches!(
            cx.effects.as_slice(),
            [Effect::Attach {
                what: crate::ObjectRef::This,
                ..
            }]
        );
        if !attach || end_cost.x > 0 {
            return Err(no_rule(p));
        }
        cx.effects.insert(
            0,
            Effect::BecomeAuraUntilPaid {
                enchant: crate::ObjectFilter::creature(),
                end_cost,
            },
        );
    }
    while !p.at_end() {
        // 403.2: "Any player may activate this ability [but only as a
        // sorcery / during their turn / during their draw step / during
        // any upkeep step]." (the restriction is the activating player's).
        if activator == crate::Activator::Controller
            && p.eat_all("any player may activate this ability")
        {
            activator = crate::Activator::AnyPlayer;
            if p.eat_all("but only") {
                if p.eat_all("as a sorcery") {
                    sorcery_speed = true;
                } else if p.eat_all("during their turn") {
                    timing_restriction = Some(Timing {
                        turn: TurnOf::You,
                        window: Window::Any,
                    });
                } else if p.eat_all("during their draw step") {
                    timing_restriction = Some(Timing {
                        turn: TurnOf::You,
                        window: Window::Step(Step::Draw),
                    });
                } else {
                    timing_restriction = Some(timing(p).ok_or_else(|| no_rule(p))?);
                }
            }
            if !p.eat_end() {
                return Err(no_rule(p));
            }
            continue;
        }
        if p.eat_all("play this ability only") {
            // "… only once each turn and only if seven or more cards are
            // in your graveyard": restrictions joined by "and only".
            loop {
                if p.eat_all("any time you could play a sorcery") {
                    sorcery_speed = true;
                } else if p.eat_all("once each turn") {
                    once_per_turn = true;
                } else if let Some(c) = super::graveyard_function::graveyard_restriction(p) {
                    // 402.8h: "only if CARDNAME is in your graveyard"
                    // (Glory), "only if three or more creature cards are
                    // above CARDNAME" (Ashen Ghoul).
                    only_if = Some(c);
                    cx.in_graveyard = true;
                } else if cost.tap_attached
                    && (p.eat_all("if enchanted creature is untapped")
                        || p.eat_all("if enchanted land is untapped"))
                {
                    // Already a requirement of "Tap enchanted creature"
                    // (Krovikan Plague): nothing more to check.
                } else if p.eat("if") {
                    only_if = Some(condition(p, &mut cx).ok_or_else(|| no_rule(p))?);
                } else if let Some(t) = timing_restriction.is_none().then(|| timing(p)).flatten() {
                    // "during your upkeep", "during your turn, before
                    // attackers are declared", "during combat", …
                    timing_restriction = Some(t);
                } else {
                    return Err(no_rule(p));
                }
                if !p.eat_all("and only") {
                    break;
                }
            }
        } else if p.eat_all("play this ability no more than twice each turn") {
            twice_per_turn = true;
        } else if max_per_turn_count.is_none()
            && p.eat_all("play this ability no more times each turn than")
        {
            // "… than the number of snow Swamps you control." (Withering Wisps)
            max_per_turn_count =
                Some(super::amounts::amount_term(p, &mut cx).ok_or_else(|| no_rule(p))?);
        } else if max_per_turn == 0
            && p.at_all("play this ability no more than")
            && number_word(p.peek_at(6)).is_some_and(|n| (3..=9).contains(&n))
            && p.at_all_from(7, "times each turn")
        {
            // "Play this ability no more than three times each turn."
            // (Sewer Rats, Soul Kiss).
            p.eat_all("play this ability no more than");
            max_per_turn = number_word(p.bump()).unwrap_or(0) as u8;
            p.eat_all("times each turn");
        } else if p.eat_all("only cardname's owner may activate this ability") {
            activator = crate::Activator::Owner;
        } else if p.eat_all("only your opponents may activate this ability") {
            activator = crate::Activator::Opponents;
        } else if cost.mana.x > 0 && !cost.x_not_zero && p.eat_all("x can't be 0") {
            // 409.1b: "X can't be 0." (Aladdin's Lamp)
            cost.x_not_zero = true;
        } else if cost.mana.x > 0 && cost.x_color.is_none() && p.at_all("spend only") {
            // "Spend only black mana on X." (Crypt Rats)
            cost.x_color = Some(super::costs::x_color_sentence(p).ok_or_else(|| no_rule(p))?);
            continue;
        } else {
            sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
            continue;
        }
        if !p.eat_end() {
            return Err(no_rule(p));
        }
    }
    if cx.effects.is_empty() {
        return Err("an ability without effects".into());
    }
    // 404.4: "Destroy target blocking creature at end of combat." (Silent
    // Assassin): found by its place, as a spell's (one per ability).
    if super::spell_clauses::delays_twice(&cx.effects) {
        return Err("two delayed triggered abilities from an activated ability".into());
    }
    let from_hand = cost.discard_self;
    // 402.8h: an effect that moves its card out of the graveyard.
    let from_graveyard =
        cx.in_graveyard || cx.effects.iter().any(Effect::returns_self_from_graveyard);
    if from_graveyard && (from_hand || cost.tap || cost.untap || cost.sacrifice_self) {
        return Err("an ability of a card in the graveyard with a cost in play".into());
    }
    Ok(Ability::Activated(ActivatedAbility {
        cost,
        targets: cx.targets,
        effects: cx.effects,
        sorcery_speed,
        once_per_turn,
        twice_per_turn,
        max_per_turn,
        max_per_turn_count,
        modes: Vec::new(),
        timing: timing_restriction,
        ninjutsu: false,
        // Its cost discards the card itself (channel): it functions only
        // in the hand, like cycling (502.18b).
        from_hand,
        from_graveyard,
        cycling: false,
        only_if,
        activator,
    }))
}

/// "If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}
/// instead." after a mana ability's "Add {C}." (the Urza's lands): the
/// conditions and what is added then. Each land is named by its second
/// subtype: Mine, Power-Plant and Tower are land types only Urza's lands
/// have (212.6c, the glossary's "Land Types"), so "a Power-Plant" is "an Urza's Power-Plant".
fn produce_instead(p: &mut P) -> Option<(Vec<crate::Condition>, ManaProduce)> {
    p.eat_all("if you control").then_some(())?;
    let mut conditions = Vec::new();
    loop {
        p.eat_any(&["a", "an"])?;
        p.eat("urza's").then_some(())?;
        let st = crate::Subtype::lookup(p.raw())?;
        p.bump();
        let mut filter = crate::ObjectFilter::any();
        filter.subtypes_any.push(st);
        conditions.push(crate::Condition::ControlsAtLeast {
            filter,
            at_least: 1,
        });
        if !p.eat("and") {
            break;
        }
    }
    (p.eat(",") && p.eat("add")).then_some(())?;
    let then = produce(p)?;
    (p.eat("instead") && p.eat_end()).then_some((conditions, then))
}

/// 409.1b: the head of a modal activated ability, "[cost]: Choose one —"
/// (the modes follow, one "•" line each), as a template with `{}` where a
/// mode's text goes; "[cost]: Choose one. [Restriction]." (Triassic Egg)
/// keeps the restriction after it.
pub(super) fn modal_activated_head(line: &str) -> Option<String> {
    let low = line.to_ascii_lowercase();
    if low.starts_with("when ") || low.starts_with("whenever ") || low.starts_with("at ") {
        return None;
    }
    if let Some(head) = ["choose one —", "choose one -"]
        .iter()
        .find_map(|tail| {
            low.ends_with(tail)
                .then(|| &line[..line.len() - tail.len()])
        })
        .map(str::trim_end)
        .filter(|head| head.ends_with(':'))
    {
        return Some(format!("{head} {{}}"));
    }
    // "Sacrifice CARDNAME: Choose one. Play this ability only if …"
    let at = low.find(": choose one. ")?;
    let trailer = &line[at + ": choose one. ".len()..];
    trailer
        .to_ascii_lowercase()
        .starts_with("play this ability only")
        .then(|| format!("{}: {{}} {trailer}", &line[..at]))
}

/// 409.1b: a modal activated ability: each mode compiled as the cost
/// followed by that mode's text; the cost and the restrictions on playing
/// it must read the same in every mode. The ability keeps the modes
/// (`ActivatedAbility::modes`), its own targets and effects empty.
pub(super) fn modal_activated(head: &str, bodies: &[&str]) -> R<ActivatedAbility> {
    if bodies.len() < 2 {
        return Err("a modal activated ability without modes".into());
    }
    let mut merged: Option<ActivatedAbility> = None;
    for body in bodies {
        let toks = tokenize(&head.replacen("{}", body.trim(), 1));
        let mut p = P::new(&toks);
        let Ability::Activated(a) = activated(&mut p)? else {
            return Err("a modal mana ability".into());
        };
        if !p.granted.is_empty() {
            return Err("a mode granting an ability in quotes".into());
        }
        if !super::multi_targets_supported(&a.targets, &a.effects) {
            return Err("an effect on several targets that isn't the same for each".into());
        }
        let mode = crate::SpellMode {
            targets: a.targets.clone(),
            effects: a.effects.clone(),
        };
        match merged.as_mut() {
            Some(m) => {
                let same = ActivatedAbility {
                    targets: Vec::new(),
                    effects: Vec::new(),
                    modes: m.modes.clone(),
                    ..a
                };
                if same != *m {
                    return Err("modes whose costs or restrictions read otherwise".into());
                }
                m.modes.push(mode);
            }
            None => {
                merged = Some(ActivatedAbility {
                    targets: Vec::new(),
                    effects: Vec::new(),
                    modes: vec![mode],
                    ..a
                });
            }
        }
    }
    merged.ok_or_else(|| "a modal activated ability without modes".into())
}
