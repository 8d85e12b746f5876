//! The grammar of objects, players and targets (415): type, subtype and
//! colour words, object filters ("nonblack creature you control"), the
//! target phrases of a spell or ability (415.1) and the subjects and
//! recipients that effects name ("it", "that player", "each opponent").

use super::*;
use crate::CombatEffect;
use crate::{
    CardType, Color, ControllerFilter, Effect, ObjectFilter, ObjectRef, PlayerFilter, PlayerRef,
    Recipient, Subtype, Supertype, TargetCount, TargetKind, TargetSpec,
};

pub(super) fn type_noun(w: &str) -> Option<CardType> {
    Some(match w {
        "creature" | "creatures" => CardType::Creature,
        "artifact" | "artifacts" => CardType::Artifact,
        "enchantment" | "enchantments" => CardType::Enchantment,
        "land" | "lands" => CardType::Land,
        "instant" | "instants" => CardType::Instant,
        "sorcery" | "sorceries" => CardType::Sorcery,
        _ => return None,
    })
}

/// A capitalised word naming a subtype, singular or plural ("Goblins", "Elves").
pub(super) fn subtype_word(raw: &str) -> Option<&'static str> {
    if !raw.chars().next().is_some_and(char::is_uppercase) || raw == SELF {
        return None;
    }
    let raw = raw.replace('\'', "’");
    let mut cands = vec![raw.clone()];
    if let Some(s) = raw.strip_suffix("ves") {
        cands.push(format!("{s}f"));
    }
    if let Some(s) = raw.strip_suffix("ies") {
        cands.push(format!("{s}y"));
    }
    if let Some(s) = raw.strip_suffix("es") {
        cands.push(s.to_string());
    }
    if let Some(s) = raw.strip_suffix('s') {
        cands.push(s.to_string());
    }
    cands.iter().find_map(|c| {
        subtypes::SUBTYPES
            .iter()
            .find(|s| **s == c.as_str())
            .copied()
    })
}

/// What a filter's noun names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Noun {
    Permanent,
    Spell,
    Card,
}

pub(super) fn color_adjective(w: &str) -> Option<(Color, bool)> {
    if let Some(c) = Color::from_name(w) {
        return Some((c, false));
    }
    let rest = w.strip_prefix("non")?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    Color::from_name(rest).map(|c| (c, true))
}

/// A description of objects: "[other] [adjectives] noun [or noun] [you control] [with flying]".
pub(super) fn filter(p: &mut P) -> Option<(ObjectFilter, Noun)> {
    let start = p.i;
    let mut f = ObjectFilter::default();
    if p.eat("other") || p.eat("another") {
        f.other = true;
    }
    // Adjectives.
    loop {
        let w = p.peek();
        if let Some((c, non)) = color_adjective(w) {
            p.bump();
            if non {
                f.colors_none.insert(c);
            } else {
                f.colors_any.insert(c);
                // "Green creatures and white creatures" (Flash of
                // Defiance, Magistrate's Veto): either colour.
                if p.peek() == "creatures"
                    && p.peek_at(1) == "and"
                    && color_adjective(p.peek_at(2)).is_some_and(|(_, non)| !non)
                    && p.peek_at(3) == "creatures"
                {
                    p.bump();
                    p.bump();
                    let (c2, _) = color_adjective(p.bump())?;
                    f.colors_any.insert(c2);
                }
                // "red or green", "white, blue, or black", "blue and/or
                // black creatures" (Amphibious Kavu: either colour).
                loop {
                    let i = p.i;
                    p.eat(",");
                    if !p.eat("or") {
                        p.eat("and/or");
                    }
                    match Color::from_name(p.peek()) {
                        Some(c2) if p.i > i => {
                            p.bump();
                            f.colors_any.insert(c2);
                        }
                        _ => {
                            p.i = i;
                            break;
                        }
                    }
                }
            }
        } else if let Some(t) = w
            .strip_prefix("non")
            .map(|r| r.strip_prefix('-').unwrap_or(r))
            .and_then(type_noun)
        {
            p.bump();
            f.types_none.insert(t);
        } else if let Some(st) = p
            .raw()
            .strip_prefix("non-")
            // "Non-Eye creatures you control" (Evil Eye of Orms-by-Gore):
            // the sentence's first word.
            .or_else(|| p.raw().strip_prefix("Non-"))
            .and_then(|r| subtype_word(r).and_then(Subtype::lookup))
        {
            p.bump();
            f.subtypes_none.push(st);
        } else if w == "multicolored" {
            p.bump();
            f.multicolored = true;
        } else if w == "nontoken" {
            p.bump();
            f.nontoken = true;
        } else if let Some(pt) = pt_set(w)
            .filter(|_| f.pt_exactly.is_none() && matches!(p.peek_at(1), "creature" | "creatures"))
        {
            // "Target 1/1 creature" (Pendelhaven).
            p.bump();
            f.pt_exactly = Some(pt);
        } else if w == "tapped" || w == "untapped" {
            p.bump();
            f.tapped = Some(w == "tapped");
        } else if w == "face-down" || w == "face-up" {
            p.bump();
            f.face_down = Some(w == "face-down");
        } else if w == "blocked" {
            p.bump();
            f.blocked = Some(true);
        } else if w == "unblocked" && p.peek_at(1) == "attacking" {
            // 309.2f: "unblocked attacking creature" (Curtain of Light):
            // an attacking creature no creature was declared to block.
            p.bump();
            f.blocked = Some(false);
        } else if w == "attacking" && p.peek_at(1) == "or" && p.peek_at(2) == "blocking" {
            // 306: "attacking or blocking creature".
            p.bump();
            p.bump();
            p.bump();
            f.in_combat = Some(true);
        } else if w == "attacking" || w == "blocking" {
            if p.peek_at(1) == "or" {
                return fail_at(p, start);
            }
            p.bump();
            if w == "attacking" {
                f.attacking = Some(true);
            } else {
                f.blocking = Some(true);
            }
        } else if w == "nonattacking" || w == "nonblocking" {
            // "Target nonattacking, nonblocking creature" (Unlikely
            // Alliance): its combat status (306).
            p.bump();
            if w == "nonattacking" {
                f.attacking = Some(false);
            } else {
                f.blocking = Some(false);
            }
        } else if w == "nonbasic" || w == "nonlegendary" || w == "nonsnow" {
            // 205.4: "nonbasic land" (Dwarven Blastminer), "nonsnow
            // creature" (Chill to the Bone).
            p.bump();
            f.supertypes_none.insert(match w {
                "nonbasic" => Supertype::Basic,
                "nonlegendary" => Supertype::Legendary,
                _ => Supertype::Snow,
            });
        } else if w == "legendary" || w == "basic" || w == "snow" {
            p.bump();
            f.supertypes_all.push(if w == "legendary" {
                Supertype::Legendary
            } else if w == "basic" {
                Supertype::Basic
            } else {
                Supertype::Snow
            });
        } else if w == ","
            && (color_adjective(p.peek_at(1)).is_some() || p.peek_at(1).starts_with("non"))
        {
            p.bump();
        } else {
            break;
        }
    }
    // Nouns.
    let mut had_noun = false;
    let mut creature_subtype = false;
    let mut other_subtype = false;
    // "instant or Aura": a type and a non-creature subtype as alternatives.
    let (mut type_alone, mut subtype_alone) = (false, false);
    let mut noun = Noun::Permanent;
    loop {
        let w = p.peek();
        if let Some(t) = type_noun(w) {
            p.bump();
            // "artifact creature": both types.
            if !had_noun && type_noun(p.peek()).is_some() {
                f.types_all.insert(t);
                continue;
            }
            f.types_any.insert(t);
            type_alone = true;
        } else if w == "permanent" || w == "permanents" {
            p.bump();
            // "a Rebel permanent card": a card of a permanent type (212.1).
            if matches!(p.peek(), "card" | "cards") && f.types_any.is_empty() {
                for t in [
                    CardType::Artifact,
                    CardType::Creature,
                    CardType::Enchantment,
                    CardType::Land,
                ] {
                    f.types_any.insert(t);
                }
            }
        } else if let Some(st) = subtype_word(p.raw()) {
            p.bump();
            f.subtypes_any.push(Subtype::intern(st));
            if !crate::subtype::NON_CREATURE_SUBTYPES.contains(&st) {
                creature_subtype = true;
            } else {
                other_subtype = true;
            }
            // "Elf creatures": the subtype is an adjective of the next noun
            // ("Rebel permanent card" too).
            if type_noun(p.peek()).is_some()
                || (p.at("permanent") && matches!(p.peek_at(1), "card" | "cards"))
            {
                continue;
            }
            subtype_alone |= crate::subtype::NON_CREATURE_SUBTYPES.contains(&st);
        } else if !had_noun && (w == "spell" || w == "spells" || w == "card" || w == "cards") {
            // "target spell", "a card"
        } else if (w == "token" || w == "tokens") && !f.nontoken {
            // 216.1: "all Serf tokens" (Sengir Autocrat), "all tokens".
            p.bump();
            f.token = true;
        } else {
            break;
        }
        // "Serf tokens", "creature tokens" (216.1).
        if !f.token && !f.nontoken && matches!(p.peek(), "token" | "tokens") {
            p.bump();
            f.token = true;
        }
        had_noun = true;
        // "artifact or enchantment", "artifact, enchantment, or land"
        let i = p.i;
        let sep = p.eat(",") | p.eat("or") | p.eat("and/or") | p.eat("and");
        let next = p.peek();
        if sep
            && (type_noun(next).is_some() || subtype_word(p.raw()).is_some() || next == "permanent")
        {
            continue;
        }
        p.i = i;
        break;
    }
    if p.eat("spell") || p.eat("spells") {
        noun = Noun::Spell;
        had_noun = true;
    } else if p.eat("card") || p.eat("cards") {
        noun = Noun::Card;
        had_noun = true;
    }
    if !had_noun {
        return fail_at(p, start);
    }
    // "Goblin" alone means a Goblin creature; "Spirit or Arcane spell"
    // (Hisoka's Defiance) mixes a creature type with an instant/sorcery
    // subtype, and each subtype already implies its types (205.3).
    if creature_subtype && !other_subtype && f.types_any.is_empty() {
        f.types_any.insert(CardType::Creature);
    }
    f.types_or_subtypes = type_alone && subtype_alone && !creature_subtype;
    // Post-modifiers.
    loop {
        if p.eat_all("other than cardname") {
            f.other = true;
        } else if noun == Noun::Spell && f.spell_targets.is_none() && p.at_all("that targets") {
            f.spell_targets = Some(Box::new(spell_targets(p)?));
        } else if noun == Noun::Permanent && p.eat_all("other than enchanted creature") {
            f.not_attached_host = true;
        } else if noun == Noun::Permanent && p.eat_all("that's attached to a permanent") {
            f.attached_to_permanent = true;
        } else if noun == Noun::Permanent
            && (p.eat_all("that's attacking you") || p.eat_all("attacking you"))
        {
            // "all creatures attacking you" (Watchdog).
            // "target creature without flying that's attacking you" (Ice Floe).
            f.attacking_you = true;
        } else if noun == Noun::Permanent && p.eat_all("that isn't enchanted") {
            f.enchanted = Some(false);
        } else if noun == Noun::Permanent
            && (p.eat_all("that are enchanted") || p.eat_all("that's enchanted"))
        {
            // "Creatures you control that are enchanted" (the Magemarks).
            f.enchanted = Some(true);
        } else if noun == Noun::Permanent && p.eat_all("that attacked this turn") {
            f.attacked_this_turn = true;
        } else if noun == Noun::Permanent && p.eat_all("that didn't attack this turn") {
            // "… creatures that player controls that didn't attack this
            // turn" (Siren's Call).
            f.didnt_attack_this_turn = true;
        } else if noun == Noun::Permanent
            && f.controller == ControllerFilter::Any
            && p.eat_all("the active player controls")
        {
            // "Creatures the active player controls" (Siren's Call).
            f.controller = ControllerFilter::Active;
        } else if noun == Noun::Permanent
            && f.controller == ControllerFilter::Any
            && p.eat_all(
                "the active player has controlled continuously since the beginning of the turn",
            )
        {
            // "target non-Wall creature the active player has controlled
            // continuously since the beginning of the turn" (Nettling Imp;
            // 212.3f).
            f.controller = ControllerFilter::Active;
            f.controlled_since_turn_began = true;
        } else if noun == Noun::Permanent
            && (p.eat_all("that was dealt damage this turn")
                || (p.at_all("dealt damage this turn") && !p.at_all_from(4, "by"))
                    && p.eat_all("dealt damage this turn"))
        {
            // "each creature dealt damage this turn" (Inflame).
            f.dealt_damage_this_turn = true;
        } else if p.eat_all("it's blocking") || p.eat_all("cardname is blocking") {
            // 309: "target creature it's blocking" (Goblin Snowman).
            f.blocked_by_this = true;
        } else if noun == Noun::Permanent && p.eat_all("blocking or blocked by cardname") {
            // 309: "creature blocking or blocked by [this]" (Cromat,
            // Abu Ja'far's "it": the creature with the ability).
            f.blocking_or_blocked_by_this = true;
        } else if noun == Noun::Permanent
            && f.controller == ControllerFilter::Any
            && p.eat_all("defending player controls")
        {
            // 306.3: "target creature defending player controls" (Sidar
            // Jabari): the defending player of this combat.
            f.controller = ControllerFilter::Defending;
        } else if noun == Noun::Permanent && p.eat_all("blocked by cardname") {
            // 309: "all creatures blocked by CARDNAME" (Wall of Nets).
            f.blocked_by_this = true;
        } else if p.eat_all("blocking cardname") {
            // 309: "creature blocking [this]" (Knight of Dusk).
            f.blocking_this = true;
        } else if p.at("that's") && Color::from_name(p.peek_at(1)).is_some() {
            // "a spell that's white, blue, black, or red" (Quirion Dryad).
            p.bump();
            loop {
                let i = p.i;
                p.eat(",");
                p.eat("or");
                match Color::from_name(p.peek()) {
                    Some(c) => {
                        p.bump();
                        f.colors_any.insert(c);
                    }
                    None => {
                        p.i = i;
                        break;
                    }
                }
            }
        } else if p.at_all("attached to a creature") {
            // "Aura attached to a creature" (Autumn-Tail, Kitsune Sage), "…
            // to a creature you control" (Miracle Worker: the creature's
            // controller).
            p.eat_all("attached to a creature");
            if p.eat_all("you control") {
                f.attached_host_yours = true;
            } else if p.at_all("an opponent controls") {
                return fail_at(p, start);
            }
            f.attached_to_creature = true;
        } else if p.eat_all("attached to a land") {
            // "Destroy target Aura attached to a land." (Savaen Elves)
            f.attached_to_land = true;
        } else if p.eat_all("with a single target") {
            f.single_target = true;
        } else if p.at("named") && !p.peek_at(1).is_empty() && p.peek_at(1) != "." {
            // "permanents named Wirefly": one capitalised word.
            p.bump();
            let name = p.raw().to_string();
            // "named CARDNAME": the object's own name (Relentless Rats).
            if !name.chars().next().is_some_and(char::is_uppercase) && p.peek() != "cardname" {
                return fail_at(p, start);
            }
            let name = if p.peek() == "cardname" {
                SELF.to_string()
            } else {
                name
            };
            p.bump();
            f.named = Some(name);
        } else if p.eat_all("of the chosen color") || p.eat_all("of that color") {
            f.chosen_color = true;
        } else if p.eat_all("of the chosen type") {
            f.chosen_type = true;
        } else if p.eat_all("with the chosen name") {
            f.chosen_name = true;
        } else if p.eat_all("you control") {
            f.controller = ControllerFilter::You;
        } else if p.eat_all("you both own and control") {
            f.controller = ControllerFilter::You;
            f.owned_by_you = true;
        } else if p.at_all("you own") && !p.at_all("you own from outside the game") {
            // ("a card you own from outside the game" is the Wishes' phrase.)
            p.eat_all("you own");
            f.owned_by_you = true;
        } else if p.eat_all("you don't control")
            || p.eat_all("an opponent controls")
            || p.eat_all("your opponents control")
            || p.eat_all("your opponent controls")
            || p.eat_all("each opponent controls")
        {
            f.controller = ControllerFilter::Opponent;
        } else if p.at("with") || p.at("without") {
            let without = p.peek() == "without";
            let i = p.i;
            p.bump();
            if !without && (p.eat_all("a morph ability") || p.eat_all("morph abilities")) {
                f.with_morph = true;
            } else if !without && p.eat_all("toughness less than cardname's power") {
                f.toughness_below_source_power = true;
            } else if !without && p.eat_all("power less than cardname's power") {
                // "with power less than CARDNAME's power" (Battering Wurm,
                // Unliving Psychopath).
                f.power_below_source_power = true;
            } else if !without && p.eat("toughness") {
                // "with toughness 2 or less" (Errant Doomsayers).
                let n = number_word(p.peek())?;
                p.bump();
                if !p.eat_all("or less") {
                    return fail_at(p, start);
                }
                f.toughness_at_most = Some(i8::try_from(n).ok()?);
            } else if p.eat("power") {
                let n = number_word(p.peek())?;
                p.bump();
                if without {
                    return fail_at(p, start);
                }
                if p.eat_all("or less") {
                    f.power_at_most = Some(n);
                } else if p.eat_all("or greater") {
                    f.power_at_least = Some(n);
                } else {
                    return fail_at(p, start);
                }
            } else if !without
                && (p.at_all("converted mana cost equal to that number")
                    || p.at_all("converted mana cost equal to the number"))
            {
                // "with converted mana cost equal to that number" (Void):
                // the number chosen as the spell resolves, its X
                // (`Effect::ChooseNumber`; `compile_face` refuses the phrase
                // without that choice).
                p.eat_all("converted mana cost equal to");
                p.bump();
                p.bump();
                f.cmc_is_x = true;
            } else if !without && p.at_all("converted mana cost x or less") {
                // "with converted mana cost X or less" (Forced March).
                p.eat_all("converted mana cost x or less");
                f.cmc_at_most_x = true;
            } else if !without
                && p.at("a")
                && p.peek_at(2) == "counter"
                && p.at_all_from(3, "on it")
                && counter_kind(p.peek_at(1)).is_some()
            {
                // "with a +1/+1 counter on it" (Sporeback Troll).
                f.with_counter = counter_kind(p.peek_at(1));
                p.eat_all("a");
                p.bump();
                p.eat_all("counter on it");
            } else if !without && p.at_all("converted mana cost x") && p.peek_at(4) != "or" {
                // "with converted mana cost X" (Spell Blast, Punishment).
                p.eat_all("converted mana cost x");
                f.cmc_is_x = true;
            } else if !without
                && p.at_all("converted mana cost")
                && number_word(p.peek_at(3)).is_some()
            {
                // 203.3: "with converted mana cost 4 or less" (Thoughtbind),
                // "with converted mana cost 2" (Spell Snare).
                p.eat_all("converted mana cost");
                let n = number_word(p.bump())?;
                if p.eat_all("or less") {
                    f.cmc_at_most = Some(i8::try_from(n).ok()?);
                } else if p.eat_all("or greater") || p.eat_all("or more") {
                    f.cmc_at_least = Some(i8::try_from(n).ok()?);
                } else {
                    f.cmc_exactly = Some(n);
                }
            } else if let Some(k) = keyword(p) {
                if without {
                    f.without_keyword = Some(k);
                } else {
                    f.with_keyword = Some(k);
                }
            } else {
                p.i = i;
                break;
            }
        } else {
            break;
        }
    }
    Some((f, noun))
}

/// A target spec with several targets (`ObjectRef::Targets` names them).
pub(super) fn is_multi(t: &TargetSpec) -> bool {
    t.count_by.is_some() || t.count > 1 || t.up_to
}

/// 409.1c: an effect on every target of a spec with several must do the
/// same to each, as these do; any other effect naming them
/// (`ObjectRef::Targets`, `Amount::LegalTargets`) leaves the line
/// unsupported. Only lines with such a spec are looked at.
pub(super) fn multi_targets_supported(targets: &[TargetSpec], effects: &[Effect]) -> bool {
    if !targets.last().is_some_and(is_multi) {
        return true;
    }
    effects.iter().all(|e| match e {
        Effect::Destroy { .. }
        | Effect::RemoveFromGame { .. }
        | Effect::ReturnToHand { .. }
        | Effect::Tap { .. }
        | Effect::Untap { .. }
        | Effect::Continuous { .. }
        | Effect::Combat(CombatEffect::CantBeBlockedThisTurn { .. })
        | Effect::Combat(CombatEffect::MenaceThisTurn { .. })
        | Effect::Combat(CombatEffect::BlockRuleThisTurn { .. })
        | Effect::Combat(CombatEffect::CantBlockThisTurn { .. })
        | Effect::Combat(CombatEffect::CantAttackThisTurn { .. })
        | Effect::Combat(CombatEffect::CanBlockAdditionalThisTurn { .. })
        | Effect::Combat(CombatEffect::AttacksThisTurnIfAble { .. })
        | Effect::Combat(CombatEffect::AttacksDespiteDefenderThisTurn { .. })
        | Effect::Combat(CombatEffect::MustBeBlockedThisTurn { .. })
        | Effect::CreateTokens { .. }
        | Effect::TurnFaceDown { .. }
        | Effect::PutOnTopInAnyOrder { .. }
        // "Shuffle any number of target creature cards from your graveyard
        // into your library" (Piper's Melody).
        | Effect::ShuffleIntoLibrary { .. }
        // "Return up to three target creature cards … from your graveyard
        // to play" (Proclamation of Rebirth; never an Aura, `return_to_play`).
        | Effect::PutIntoPlay { .. } => true,
        // "… damage to each of two target creatures" (Jagged Lightning),
        // "Put a +1/+1 counter on each of X target creatures" (Thrive).
        Effect::DealDamage {
            to: Recipient::Object(ObjectRef::Targets(_)),
            ..
        }
        | Effect::PutCounters {
            what: ObjectRef::Targets(_),
            ..
        } => true,
        e => !format!("{e:?}").contains("Targets("),
    })
}

/// "target creature", "another target creature or player", "target player",
/// "target red or green spell", "target creature card from your graveyard".
pub(super) fn target(p: &mut P, cx: &mut Cx) -> Option<(u8, bool)> {
    target_n(p, cx, false)
}

/// `target`, or with `many` also a variable number of targets: "X target
/// creature cards", "up to that many target permanents" (an object phrase
/// naming them all, `ObjectRef::Targets`).
pub(super) fn target_n(p: &mut P, cx: &mut Cx, many: bool) -> Option<(u8, bool)> {
    let start = p.i;
    let other = p.eat("another");
    // 409.1c: "X target creatures" (the X announced, 409.1b); "up to that
    // many target permanents" (the amount of the trigger event); "two
    // target lands", "up to three target creatures" (one instance of
    // "target" with several targets).
    let mut fixed: Option<(u8, bool)> = None;
    // "one, two, or three target creatures", "one or two targets": up to
    // that many, at least one.
    let mut min = 0;
    let count_by = if !many || other {
        None
    } else if p.at_all("x target") {
        p.bump();
        Some((TargetCount::X, false))
    } else if p.at_all("up to x target") {
        // "Exile up to X target cards from a single graveyard" (Martyr of
        // Bones): at most the X announced (409.1c).
        p.eat_all("up to x");
        Some((TargetCount::X, true))
    } else if cx.trig_amount && p.eat_all("up to that many") {
        Some((TargetCount::Triggered, true))
    } else if p.eat_all("any number of") {
        // 409.1c: the player announces how many.
        Some((TargetCount::AnyNumber, true))
    } else if p.eat_all("one or more") {
        // "One or more target creatures become red" (Dwarven Song): any
        // number, at least one.
        min = 1;
        Some((TargetCount::AnyNumber, true))
    } else if p.eat_all("one , two , or three") {
        fixed = Some((3, true));
        min = 1;
        None
    } else if p.eat_all("one or two") {
        fixed = Some((2, true));
        min = 1;
        None
    } else {
        let up_to = p.at_all("up to") && p.peek_at(3) == "target";
        let at = if up_to { 2 } else { 0 };
        let n = number_word(p.peek_at(at)).filter(|&n| (2..=9).contains(&n) || (up_to && n == 1));
        if let Some(n) = n.filter(|_| p.peek_at(at + 1) == "target") {
            for _ in 0..=at {
                p.bump();
            }
            fixed = Some((n as u8, up_to));
        }
        None
    };
    // "any number of targets" (modern Oracle for "target creatures
    // and/or players").
    let counted = count_by.is_some() || fixed.is_some();
    let any_targets = counted && p.eat("targets");
    if !any_targets && !p.eat("target") {
        return fail_at(p, start);
    }
    // A spec with several targets is the last (its targets run to the end
    // of the list).
    if cx.targets.last().is_some_and(is_multi) {
        return fail_at(p, start);
    }
    let kind = if any_targets
        || p.eat_all("creatures and/or players")
        || p.eat_all("creature or player")
    {
        TargetKind::CreatureOrPlayer
    } else if p.eat_all("spell or permanent") {
        TargetKind::SpellOrPermanent
    } else if let Some(k) = permanent_or_suspended(p) {
        k
    } else if p.eat_all("spell or ability") {
        // 415.7: "… with a single target" (Willbender).
        let f = ObjectFilter {
            single_target: p.eat_all("with a single target"),
            ..ObjectFilter::any()
        };
        TargetKind::SpellOrAbility(f)
    } else if p.eat_all("activated ability") {
        activated_ability(p)?
    } else if p.eat("player") {
        TargetKind::Player(PlayerFilter::Any)
    } else if p.eat("opponent") {
        TargetKind::Player(PlayerFilter::Opponent)
    } else {
        let Some((f, noun)) = filter(p) else {
            return fail_at(p, start);
        };
        match noun {
            Noun::Permanent => TargetKind::Permanent(f),
            Noun::Spell => TargetKind::Spell(f),
            Noun::Card => {
                let single = counted && p.eat_all("from a single graveyard");
                let whose = if single {
                    PlayerFilter::Any
                } else if p.eat_all("from your graveyard") || p.eat_all("in your graveyard") {
                    PlayerFilter::You
                } else if p.eat_all("from a graveyard") || p.eat_all("in a graveyard") {
                    PlayerFilter::Any
                } else if p.eat_all("from an opponent's graveyard")
                    || p.eat_all("in an opponent's graveyard")
                {
                    PlayerFilter::Opponent
                } else if cx.trig_player && p.eat_all("from that player's graveyard") {
                    PlayerFilter::TriggeringPlayer
                } else if matches!(cx.last_player, Some(PlayerRef::Target(_)))
                    && p.eat_all("from their graveyard")
                {
                    // "Target player shuffles up to three target cards
                    // from their graveyard …" (Gaea's Blessing).
                    PlayerFilter::TargetedPlayer
                } else {
                    return fail_at(p, start);
                };
                TargetKind::CardInGraveyard {
                    filter: f,
                    whose,
                    single,
                }
            }
        }
    };
    let is_player = matches!(kind, TargetKind::Player(_));
    if count_by.is_some() && is_player {
        return fail_at(p, start);
    }
    let kind = match kind {
        // 309: "target creature blocking it" (Flowstone Salamander): "it"
        // must be the object with the ability (not a trigger's object).
        TargetKind::Permanent(mut f)
            if cx.it() == ObjectRef::This && !f.blocking_this && p.eat_all("blocking it") =>
        {
            f.blocking_this = true;
            TargetKind::Permanent(f)
        }
        // "target permanents that player controls" (Cephalid Constable).
        TargetKind::Permanent(mut f)
            if cx.trig_player
                && f.controller == ControllerFilter::Any
                && p.eat_all("that player controls") =>
        {
            f.controller = ControllerFilter::TriggeringPlayer;
            TargetKind::Permanent(f)
        }
        k => k,
    };
    let i = cx.add_target(kind, other);
    // "… of an opponent's choice" (Cuombajj Witches): an opponent picks it
    // (601.5a).
    // (A single target only, wherever the phrase is read.)
    if (!many || (count_by.is_none() && fixed.is_none())) && p.eat_all("of an opponent's choice") {
        let spec = cx.targets.last_mut().expect("just added");
        spec.opponent_chooses = true;
        // "target creature of an opponent's choice they control"
        // (Evangelize, Arena): a permanent of the choosing opponent's
        // (`legal_targets_for` keeps the chooser's own).
        if p.eat_all("they control") {
            match &mut spec.kind {
                TargetKind::Permanent(f) if f.controller == ControllerFilter::Any => {
                    f.controller = ControllerFilter::Opponent;
                }
                _ => return None,
            }
        }
    }
    if let Some((by, up_to)) = count_by {
        let spec = cx.targets.last_mut().expect("just added");
        spec.count = 0;
        spec.count_by = Some(by);
        spec.up_to = up_to;
        spec.min = min;
    }
    if let Some((n, up_to)) = fixed {
        let spec = cx.targets.last_mut().expect("just added");
        spec.count = n;
        spec.up_to = up_to;
        spec.min = min;
    }
    if is_player {
        cx.last_player = Some(PlayerRef::Target(i));
    } else {
        cx.last_obj = Some(ObjectRef::Target(i));
    }
    Some((i, is_player))
}

/// The subject of a clause.
#[derive(Clone, Debug)]
pub(super) enum Subj {
    Obj(ObjectRef),
    Player(PlayerRef),
}

/// "that player".
pub(super) fn that_player(cx: &Cx) -> Option<PlayerRef> {
    if cx.trig_player {
        Some(PlayerRef::Triggering)
    } else {
        cx.last_player.clone()
    }
}

/// A player phrase: "you", "each player", "its controller", "that player", "target player".
pub(super) fn player_phrase(p: &mut P, cx: &mut Cx) -> Option<PlayerRef> {
    if p.eat("you") {
        return Some(PlayerRef::You);
    }
    if p.eat_all("each player") {
        return Some(PlayerRef::EachPlayer);
    }
    if p.eat_all("each opponent") || p.eat_all("each other player") {
        return Some(PlayerRef::EachOpponent);
    }
    // "defending player" (Shrieking Specter): 606.7a, the controller
    // chooses one defending player before the first effect naming it.
    if p.eat_all("defending player") {
        if !cx
            .effects
            .contains(&Effect::Combat(CombatEffect::ChooseDefendingPlayer))
        {
            cx.effects
                .push(Effect::Combat(CombatEffect::ChooseDefendingPlayer));
        }
        cx.last_player = Some(PlayerRef::Defending);
        return Some(PlayerRef::Defending);
    }
    // "that land's controller" (Cryoclasm): the controller of the object
    // named before (its last known controller if it left play).
    // "the land's controller" (Molten Rain) names the target land too.
    let the_target = p.peek() == "the"
        && cx
            .targets
            .iter()
            .any(|t| matches!(t.kind, TargetKind::Permanent(_)));
    if (p.peek() == "that" || the_target)
        && p.peek_at(2) == "controller"
        && p.peek_at(1).ends_with("'s")
        && (type_noun(p.peek_at(1).trim_end_matches("'s")).is_some()
            // "the Wall's controller" (Word of Blasting): a subtype.
            || subtype_word(p.t[p.i + 1].raw.trim_end_matches("'s")).is_some())
    {
        // The object is the last target permanent ("Destroy target Plains
        // or Island. CARDNAME deals 3 damage to that land's controller."),
        // else the last object named other than the source.
        let o = match cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, TargetKind::Permanent(_)))
        {
            Some(i) => ObjectRef::Target(i as u8),
            // "Whenever a nontoken creature comes into play, … that
            // creature's controller …" (Genesis Chamber): the object that
            // triggered the ability.
            None => match cx.last_obj.clone().filter(|o| *o != ObjectRef::This) {
                Some(o) => o,
                None if cx.trig_obj => ObjectRef::Triggering,
                None => return None,
            },
        };
        p.bump();
        p.bump();
        p.bump();
        return Some(PlayerRef::ControllerOf(o));
    }
    // "That spell's controller may draw a card." (Vex): the controller of
    // the target spell (as it last existed once countered, 413.2f).
    if p.at_all("that spell's controller") {
        let i = cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, TargetKind::Spell(_)))?;
        p.eat_all("that spell's controller");
        return Some(PlayerRef::ControllerOf(ObjectRef::Target(i as u8)));
    }
    // "the player with the most life" (Ghazbán Ogre), "the player who
    // controls the most creatures" (Wild Mammoth), "the player who has the
    // most cards in hand" (Sokenzan Renegade).
    if p.eat_all("the player with the most life") {
        return Some(PlayerRef::Most(crate::PlayerQuantity::Life));
    }
    if p.at_all("the player who") {
        let i = p.i;
        p.eat_all("the player who");
        if let Some(q) = super::trigger_conditions::player_quantity(p, "the most") {
            return Some(PlayerRef::Most(q));
        }
        p.i = i;
    }
    // "the player" after an intervening "if" comparing players (Greener
    // Pastures).
    if matches!(
        cx.last_player,
        Some(PlayerRef::Most(_) | PlayerRef::Triggering)
    ) && p.eat_all("the player")
    {
        return cx.last_player.clone();
    }
    if p.eat_all("its controller") {
        return Some(PlayerRef::ControllerOf(cx.it()));
    }
    // "that spell or ability's controller" (Lava Runner, Retromancer): the
    // player of a "becomes the target" trigger.
    if cx.trig_player && p.eat_all("that spell or ability's controller") {
        return Some(PlayerRef::Triggering);
    }
    // "… to the creature's controller" (Creature Bond): the creature that
    // triggered the ability.
    if cx.trig_obj && p.eat_all("the creature's controller") {
        return Some(PlayerRef::ControllerOf(ObjectRef::Triggering));
    }
    if p.eat_all("its owner") {
        return Some(PlayerRef::OwnerOf(cx.it()));
    }
    // "Then they create …" (Infernal Genesis): "they" as a subject is
    // the player named before, as "that player".
    if p.at("they") && cx.trig_player {
        let r = that_player(cx)?;
        p.bump();
        return Some(r);
    }
    if p.at_all("that player") {
        let r = that_player(cx)?;
        p.eat_all("that player");
        return Some(r);
    }
    // "that opponent": the opponent named before ("target opponent … that opponent").
    // After "Whenever [this] deals damage to an opponent" (Fungal
    // Shambler) it is the player of the trigger event.
    if p.at_all("that opponent") {
        let r = cx
            .last_player
            .clone()
            .or_else(|| cx.trig_player.then_some(PlayerRef::Triggering))?;
        p.eat_all("that opponent");
        return Some(r);
    }
    attempt(p, cx, |p, cx| match target(p, cx)? {
        (i, true) => Some(PlayerRef::Target(i)),
        _ => None,
    })
}

/// An object phrase: "CARDNAME", "it", "that creature", "enchanted creature",
/// "target …", "all creatures", "each creature you control".
/// "each of two target creatures", "each of X target creatures" (Jagged
/// Lightning, Thrive): one instance of "target" with several objects
/// (409.1c), each affected alike.
fn each_of_targets(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    (p.at_all("each of") && !p.at_all("each of those")).then_some(())?;
    p.eat_all("each of");
    let (i, player) = target_n(p, cx, true)?;
    (!player && is_multi(&cx.targets[i as usize])).then_some(())?;
    matches!(cx.targets[i as usize].kind, TargetKind::Permanent(_)).then_some(())?;
    Some(ObjectRef::Targets(i))
}

/// "Two target creatures each get +2/+2 until end of turn" (Symbiosis),
/// "up to five target creatures each get -1/-1" (Nefashu): several targets
/// as the subject of "each get" (409.1c: the same to each).
fn targets_each_get(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    let (i, player) = target_n(p, cx, true)?;
    (!player && is_multi(&cx.targets[i as usize])).then_some(())?;
    matches!(cx.targets[i as usize].kind, TargetKind::Permanent(_)).then_some(())?;
    (p.eat("each") && p.at("get")).then_some(ObjectRef::Targets(i))
}

pub(super) fn object_phrase(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    if let Some(o) = attempt(p, cx, each_of_targets) {
        return Some(o);
    }
    if p.at_any_of(&["two", "three", "up"]) {
        if let Some(o) = attempt(p, cx, targets_each_get) {
            return Some(o);
        }
    }
    // 309.2e: "all creatures that blocked or were blocked by it this turn".
    if p.at("all") || p.at("each") {
        if let Some(r) = attempt(p, cx, super::combat_history::in_blocks_this_turn) {
            cx.last_obj = Some(r.clone());
            return Some(r);
        }
    }
    let r = if p.eat("cardname") {
        ObjectRef::This
    } else if p.eat("it") {
        cx.it()
    } else if p.at("them") && cx.last_obj == Some(ObjectRef::Created) {
        // "Create three 2/2 white Knight creature tokens. Exile them …"
        // (Waylay): the tokens just created.
        p.bump();
        ObjectRef::Created
    } else if cx.trig_obj && p.eat_all("the other creature") {
        // "the other creature" (Mammoth Harness): the one of the event.
        ObjectRef::Triggering
    } else if cx.trig_targeting && p.eat_all("that spell or ability") {
        // "counter that spell or ability" (Jetting Glasskite): the one
        // whose targeting triggered the ability.
        ObjectRef::TargetingSpellOrAbility
    } else if cx.trig_obj && p.eat_all("that spell") {
        // "counter that spell" (Planar Chaos): the spell that triggered it.
        ObjectRef::Triggering
    } else if p.at_all("that spell")
        && cx
            .targets
            .iter()
            .any(|t| matches!(t.kind, TargetKind::Spell(_)))
    {
        // "copy that spell" (Odds): the target spell named before.
        p.eat_all("that spell");
        let i = cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, TargetKind::Spell(_)))?;
        ObjectRef::Target(i as u8)
    } else if cx.that_attached
        && p.at("that")
        && matches!(
            p.peek_at(1),
            "creature" | "permanent" | "land" | "artifact" | "enchantment"
        )
    {
        // "destroy that land" (Erosion), "deals 2 damage to that creature"
        // (Earthbind): the enchanted permanent named before.
        p.bump();
        p.bump();
        ObjectRef::Attached
    } else if p.at_all("that creature") || p.at_all("that permanent") {
        p.bump();
        p.bump();
        if cx.trig_obj {
            ObjectRef::Triggering
        } else if cx.last_obj == Some(ObjectRef::This) {
            // "Kamahl's Sledge deals 4 damage to that creature": never the
            // subject CARDNAME (a card names itself), but the creature
            // targeted before.
            let i = cx
                .targets
                .iter()
                .rposition(|t| !matches!(t.kind, TargetKind::Player(_)))?;
            ObjectRef::Target(i as u8)
        } else {
            cx.last_obj.clone()?
        }
    } else if cx.trig_obj
        && p.at("that")
        && p.peek_at(1) != "card"
        && (p
            .t
            .get(p.i + 1)
            .and_then(|t| subtype_word(&t.raw))
            .is_some_and(|w| crate::Subtype::lookup(w).is_some())
            || type_noun(p.peek_at(1)).is_some())
        && matches!(p.peek_at(2), "." | "," | "at" | "and" | "")
    {
        // "destroy that Wall at end of combat" (Battering Ram), "that
        // land" (Lifetap): the object of the trigger event, named by a
        // type or subtype.
        p.bump();
        p.bump();
        ObjectRef::Triggering
    } else if cx.trig_card && p.eat_all("that card") {
        // The card the trigger event put into a graveyard (a discarded
        // card, Necropotence; the dead creature of "When enchanted creature
        // is put into a graveyard", Squee's Embrace).
        ObjectRef::Triggering
    } else if p.at_all("each of those creatures") && cx.targets.iter().any(is_multi) {
        // "Tap X target creatures. Winter Blast deals 2 damage to each of
        // those creatures with flying.": the targets of the last spec with
        // several, those matching the filter as the effect applies.
        let from = cx.targets.iter().rposition(is_multi)? as u8;
        p.eat_all("each of those");
        let (filter, noun) = filter(p)?;
        (noun == Noun::Permanent).then_some(())?;
        if filter == ObjectFilter::creature() {
            ObjectRef::Targets(from)
        } else {
            ObjectRef::TargetsMatching { from, filter }
        }
    } else if p.at_all("they don't untap")
        && matches!(cx.last_obj, Some(ObjectRef::InBlocksThisTurn { .. }))
    {
        // "Tap all creatures that blocked CARDNAME this turn. They don't
        // untap during their controller's next untap step." (Joven's
        // Ferrets): the same objects, found again.
        p.bump();
        cx.last_obj.clone()?
    } else if p.at_all("those creatures")
        && matches!(
            cx.last_obj,
            Some(
                ObjectRef::Each(_)
                    | ObjectRef::Targets(_)
                    | ObjectRef::BlockingOrBlockedBy(_)
                    | ObjectRef::InBlocksThisTurn { .. }
                    | ObjectRef::TargetAndEachSharingColor { .. }
                    | ObjectRef::TargetAndEachSharingName { .. }
            )
        )
    {
        // "Untap target creature and each other creature that shares a
        // color with it. Those creatures get +2/+0 …" (Rally the
        // Righteous): the same objects, found again as this effect applies.
        p.eat_all("those creatures");
        cx.last_obj.clone()?
    } else if p.eat_all("enchanted creature and other creatures that share a creature type with it")
    {
        ObjectRef::AttachedAndEachSharingCreatureType
    } else if p.eat_all("enchanted creature")
        || p.eat_all("equipped creature")
        || eat_enchanted_noncreature(p)
    {
        ObjectRef::Attached
    } else if cx.last_obj == Some(ObjectRef::Attached)
        && p.at("the")
        && matches!(p.peek_at(1), "creature" | "land" | "artifact" | "permanent")
    {
        // "untap the creature" (Paralyze): the enchanted permanent the
        // ability spoke of before.
        p.bump();
        p.bump();
        ObjectRef::Attached
    } else if p.at_all("all creatures blocking or blocked by target") {
        p.eat_all("all creatures blocking or blocked by");
        let (i, player) = target(p, cx)?;
        (!player).then_some(())?;
        ObjectRef::BlockingOrBlockedBy(i)
    } else if p.eat("all") || p.eat("each") {
        let (mut f, noun) = filter(p)?;
        if noun != Noun::Permanent {
            return None;
        }
        // "destroy all non-Wall creatures that player controls that didn't
        // attack this turn" (Siren's Call): "that player" is the active
        // player named before.
        if f.controller == ControllerFilter::Any
            && cx.active_group
            && p.eat_all("that player controls")
        {
            f.controller = ControllerFilter::Active;
            if p.eat_all("that didn't attack this turn") {
                f.didnt_attack_this_turn = true;
            }
        }
        // 309: "all creatures blocking or blocked by it" (Abu Ja'far): "it"
        // must be the object with the ability (not a trigger's object).
        if noun == Noun::Permanent
            && cx.it() == ObjectRef::This
            && !f.blocking_or_blocked_by_this
            && p.eat_all("blocking or blocked by it")
        {
            f.blocking_or_blocked_by_this = true;
        }
        // "Tap all lands target player controls" (Mana Short).
        if f.controller == ControllerFilter::Any
            && (p.at_all("target player controls") || p.at_all("target opponent controls"))
        {
            let (i, is_player) = target(p, cx)?;
            is_player.then_some(())?;
            p.eat("controls").then_some(())?;
            f.controller = ControllerFilter::TargetPlayer(i);
            cx.last_player = Some(PlayerRef::Target(i));
        }
        ObjectRef::Each(f)
    } else {
        let (i, player) = attempt(p, cx, |p, cx| target_n(p, cx, true))?;
        if player {
            return None;
        }
        if let Some(other) = sharing_color_clause(p) {
            ObjectRef::TargetAndEachSharingColor { target: i, other }
        } else if let Some(other) = sharing_name_clause(p) {
            ObjectRef::TargetAndEachSharingName { target: i, other }
        } else if is_multi(&cx.targets[i as usize]) {
            cx.last_obj = Some(ObjectRef::Targets(i));
            ObjectRef::Targets(i)
        } else {
            ObjectRef::Target(i)
        }
    };
    cx.last_obj = Some(r.clone());
    Some(r)
}

/// "enchanted land", "enchanted Forest" (Genju of the Cedars), "enchanted
/// artifact", "enchanted permanent": the permanent an Aura is attached to.
pub(super) fn eat_enchanted_noncreature(p: &mut P) -> bool {
    let hit = p.at("enchanted")
        && matches!(
            p.peek_at(1),
            "land"
                | "permanent"
                | "artifact"
                | "forest"
                | "island"
                | "swamp"
                | "mountain"
                | "plains"
        );
    if hit {
        p.bump();
        p.bump();
    }
    hit
}

/// A plural group as a subject: "creatures you control", "other Goblins".
pub(super) fn group(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    let (f, noun) = filter(p)?;
    if noun != Noun::Permanent {
        return fail_at(p, start);
    }
    Some(f)
}

/// "… target player controls" / "… target opponent controls" after a
/// group ("each creature target opponent controls", Simoon; "for each
/// tapped creature target opponent controls", Theft of Dreams): the group
/// is that target's. `None` only if the phrase is there but unreadable.
pub(super) fn target_player_controls(p: &mut P, cx: &mut Cx, f: &mut ObjectFilter) -> Option<()> {
    if f.controller == ControllerFilter::Any
        && (p.at_all("target player controls") || p.at_all("target opponent controls"))
    {
        let (i, is_player) = target(p, cx)?;
        is_player.then_some(())?;
        p.eat("controls").then_some(())?;
        f.controller = ControllerFilter::TargetPlayer(i);
    }
    Some(())
}

pub(super) fn subject(p: &mut P, cx: &mut Cx) -> Option<Subj> {
    if let Some(r) = attempt(p, cx, player_phrase) {
        return Some(Subj::Player(r));
    }
    if let Some(r) = attempt(p, cx, object_phrase) {
        return Some(Subj::Obj(r));
    }
    let mut f = group(p)?;
    // "Creatures target player controls get +1/+1 until end of turn." (Day)
    if f.controller == ControllerFilter::Any
        && (p.at_all("target player controls") || p.at_all("target opponent controls"))
    {
        let (i, is_player) = target(p, cx)?;
        is_player.then_some(())?;
        p.eat("controls").then_some(())?;
        f.controller = ControllerFilter::TargetPlayer(i);
    }
    if f.controller == ControllerFilter::Active {
        cx.active_group = true;
    }
    let r = ObjectRef::Each(f);
    cx.last_obj = Some(r.clone());
    Some(Subj::Obj(r))
}

/// The recipient of damage.
pub(super) fn recipient(p: &mut P, cx: &mut Cx) -> Option<Recipient> {
    // "each of those creatures with flying" (Winter Blast).
    if p.at_all("each of those") {
        return object_phrase(p, cx).map(Recipient::Object);
    }
    // "3 damage to each of two target creatures" (Jagged Lightning).
    if let Some(o) = attempt(p, cx, each_of_targets) {
        return Some(Recipient::Object(o));
    }
    if p.eat("each") {
        if let Some(f) = attempt(p, cx, |p, _| {
            let f = group(p)?;
            p.eat_all("and each player").then_some(f)
        }) {
            return Some(Recipient::EachCreatureAndPlayer(f));
        }
        if p.eat("player") {
            return Some(Recipient::Player(PlayerRef::EachPlayer));
        }
        if p.eat("opponent") {
            return Some(Recipient::Player(PlayerRef::EachOpponent));
        }
        if p.eat_all("other player") {
            return Some(Recipient::Player(PlayerRef::EachOtherPlayer));
        }
        let mut f = group(p)?;
        // "each creature target opponent controls" (Simoon).
        target_player_controls(p, cx, &mut f)?;
        return Some(Recipient::Object(ObjectRef::Each(f)));
    }
    // "2 damage to another target, and 3 damage to a third target" (Cone
    // of Flame): a target of the same kind as the last, different from the
    // earlier ones.
    if (p.at_all("another target") || p.at_all("a third target"))
        && matches!(
            p.peek_at(if p.at("another") { 2 } else { 3 }),
            "," | "and" | "." | ""
        )
    {
        let kind = cx.targets.last()?.kind.clone();
        let _ = p.eat_all("another target") || p.eat_all("a third target");
        let i = cx.add_target(kind, false);
        cx.targets[i as usize].distinct = true;
        return Some(Recipient::Target(i));
    }
    // "that permanent or player" (Erratic Explosion): the target declared
    // by "Choose target creature or player.".
    if p.at_all("that permanent or player") {
        let i = cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, TargetKind::CreatureOrPlayer))?;
        p.eat_all("that permanent or player");
        return Some(Recipient::Target(i as u8));
    }
    // "damage to target spell's controller" (Parallectric Feedback): a
    // target spell, the damage to its controller (412.2 the spell's
    // controller as it resolves).
    if p.eat_all("target spell's controller") {
        let i = cx.add_target(TargetKind::Spell(ObjectFilter::default()), false);
        cx.last_obj = Some(ObjectRef::Target(i));
        return Some(Recipient::Player(PlayerRef::ControllerOf(
            ObjectRef::Target(i),
        )));
    }
    if let Some((i, _)) = attempt(p, cx, target) {
        // Radiance.
        if p.eat_all("and each other creature that shares a color with it") {
            return Some(Recipient::TargetAndEachSharingColor(i));
        }
        // "that creature" after "deals 4 damage to target creature"
        // (Kamahl's Sledge) is the target, not the damage's source.
        if !matches!(cx.targets[i as usize].kind, TargetKind::Player(_)) {
            cx.last_obj = Some(ObjectRef::Target(i));
        }
        return Some(Recipient::Target(i));
    }
    if let Some(r) = attempt(p, cx, player_phrase) {
        return Some(Recipient::Player(r));
    }
    let o = attempt(p, cx, object_phrase)?;
    Some(Recipient::Object(o))
}

/// Radiance: "and each other [permanent filter] that shares a color with
/// it" after a target (Leave No Trace, Wojek Siren).
fn sharing_color_clause(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    if p.eat_all("and each other") {
        if let Some((f, Noun::Permanent)) = filter(p) {
            if p.eat_all("that shares a color with it") {
                return Some(f);
            }
        }
    }
    p.i = start;
    None
}

/// "… and all other artifacts with the same name as that artifact"
/// (Echoing Ruin): the group of permanents sharing the target's name.
fn sharing_name_clause(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    if p.eat_all("and all other") {
        if let Some((f, Noun::Permanent)) = filter(p) {
            if p.eat_all("with the same name as that")
                && (p
                    .eat_any(&["creature", "artifact", "enchantment", "land", "permanent"])
                    .is_some())
            {
                return Some(f);
            }
        }
    }
    p.i = start;
    None
}

/// "target [nonland] permanent [with a time counter on it] or suspended
/// card" (Timebender, Venser's Diffusion; 502.59b).
fn permanent_or_suspended(p: &mut P) -> Option<TargetKind> {
    let start = p.i;
    if p.at("permanent") || p.at_all("nonland permanent") {
        if let Some((filter, Noun::Permanent)) = filter(p) {
            let mut with_counter = None;
            if p.at_all("with a") && p.peek_at(3) == "counter" {
                with_counter = counter_kind(p.peek_at(2));
                if with_counter.is_some() {
                    p.eat_all("with a");
                    p.bump();
                    p.eat_all("counter on it");
                }
            }
            if p.eat_all("or suspended card") {
                return Some(TargetKind::PermanentOrSuspended {
                    filter,
                    with_counter,
                });
            }
        }
    }
    p.i = start;
    None
}

/// "that targets [only] [a [single]] creature / a permanent you control /
/// you / a player / CARDNAME" after a spell noun (Confound, Rebuff the
/// Wicked, Dawn Charm, Rebound, Mistfolk, Muck Drubb).
fn spell_targets(p: &mut P) -> Option<crate::SpellTargets> {
    p.eat_all("that targets").then_some(())?;
    let only = p.eat("only");
    let what = if p.eat("you") {
        crate::Targeted::Player(PlayerFilter::You)
    } else if p.eat("cardname") {
        crate::Targeted::Permanent(ObjectFilter::this())
    } else {
        p.eat_any(&["a", "an"])?;
        // "only a single creature": one creature, however many times
        // targeted (Muck Drubb's ruling), as "only" says.
        if only {
            p.eat("single");
        }
        if p.eat("player") {
            crate::Targeted::Player(PlayerFilter::Any)
        } else {
            let (f, Noun::Permanent) = filter(p)? else {
                return None;
            };
            crate::Targeted::Permanent(f)
        }
    };
    Some(crate::SpellTargets { what, only })
}

/// After "target activated ability": "from an artifact source", "from an
/// artifact, creature, enchantment, or land", "with a single target".
fn activated_ability(p: &mut P) -> Option<TargetKind> {
    let mut f = ObjectFilter::any();
    if p.eat("from") {
        p.eat_any(&["a", "an"]);
        loop {
            let t = type_noun(p.peek()).filter(|t| t.is_permanent_type())?;
            p.bump();
            f.types_any.insert(t);
            if p.eat(",") {
                p.eat("or");
            } else if !p.eat("or") {
                break;
            }
        }
        p.eat("source");
    }
    f.single_target = p.eat_all("with a single target");
    Some(TargetKind::ActivatedAbility(f))
}
