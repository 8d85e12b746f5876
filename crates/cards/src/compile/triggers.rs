//! The grammar of triggered abilities (404): the trigger events
//! ("When/Whenever/At …", 404.1), intervening "if" clauses (404.3) and the
//! conditions on counters they test.

use super::trigger_conditions::{counters_condition, intervening_if};
use super::*;
use crate::{
    Amount, CardType, ControllerFilter, ObjectFilter, ObjectRef, PlayerRef, Step, Trigger,
    TriggeredAbility, Whose,
};

/// The event of a triggered ability, up to its comma.
fn trigger_event(p: &mut P, cx: &mut Cx) -> Option<Vec<Trigger>> {
    if p.eat("at") {
        if !p.eat_all("the beginning of") {
            // 311: "At end of combat, …" (the end of combat step of every
            // turn; Kjeldoran Home Guard).
            if p.eat_all("end of combat") || p.eat_all("end of each combat") {
                return Some(vec![Trigger::BeginningOf {
                    step: Step::EndOfCombat,
                    whose: Whose::Each,
                }]);
            }
            // "At the end of your turn" (Fruitcake Elemental): the end of
            // turn step of its controller's turn (312).
            if p.eat_all("the end of your turn") {
                return Some(vec![Trigger::BeginningOf {
                    step: Step::EndOfTurn,
                    whose: Whose::You,
                }]);
            }
            // 2007 wording: "At end of turn".
            return p.eat_all("end of turn").then(|| {
                vec![Trigger::BeginningOf {
                    step: Step::EndOfTurn,
                    whose: Whose::Each,
                }]
            });
        }
        // 307: "At the beginning of combat on your turn" (Battering Ram),
        // "… on each opponent's turn" (Web of Inertia): "that player" is
        // the active player.
        if p.eat_all("combat on") {
            let whose = if p.eat_all("your turn") {
                Whose::You
            } else if p.eat_all("each opponent's turn") {
                cx.trig_player = true;
                Whose::Opponent
            } else if p.eat_all("each player's turn") {
                cx.trig_player = true;
                Whose::Each
            } else {
                return None;
            };
            return Some(vec![Trigger::BeginningOf {
                step: Step::BeginningOfCombat,
                whose,
            }]);
        }
        // "At the beginning of the upkeep of enchanted creature's (land's,
        // artifact's) controller": "that player" is that controller, "that
        // creature" the enchanted permanent.
        for (words, step) in [
            ("the upkeep of enchanted", Step::Upkeep),
            ("the end step of enchanted", Step::EndOfTurn),
        ] {
            let n = words.split(' ').count();
            if p.at_all(words)
                && matches!(
                    p.peek_at(n),
                    "creature's" | "land's" | "artifact's" | "enchantment's" | "permanent's"
                )
                && p.peek_at(n + 1) == "controller"
            {
                p.eat_all(words);
                p.bump();
                p.bump();
                cx.trig_player = true;
                cx.last_obj = Some(ObjectRef::Attached);
                cx.that_attached = true;
                return Some(vec![Trigger::BeginningOfAttachedControllers(step)]);
            }
        }
        let whose = if p.eat("your") {
            Whose::You
        } else if p.eat_all("each opponent's") || p.eat_all("your opponent's") {
            cx.trig_player = true;
            Whose::Opponent
        } else if p.eat_all("the chosen player's") {
            // 419.1b: the opponent chosen as it came into play (Black Vise).
            cx.trig_player = true;
            Whose::Chosen
        } else if p.eat_all("each player's") || p.eat("each") || p.eat("the") {
            cx.trig_player = true;
            Whose::Each
        } else {
            return None;
        };
        let step = if p.eat("upkeep") {
            Step::Upkeep
        } else if p.eat_all("draw step") {
            Step::Draw
        } else if p.eat_all("precombat main phase") {
            // 305.1: "At the beginning of your precombat main phase, add
            // {B} for each charge counter on CARDNAME" (Black Market).
            Step::PrecombatMain
        } else if p.eat_all("end step") || p.eat_all("end of turn step") || p.eat_all("end of turn")
        {
            Step::EndOfTurn
        } else {
            return None;
        };
        return Some(vec![Trigger::BeginningOf { step, whose }]);
    }
    p.eat_any(&["when", "whenever"])?;
    // 502.51b: "When the creature CARDNAME haunts is put into a graveyard
    // from play" (a haunting instant's or sorcery's card).
    if p.eat_all("the creature cardname haunts is put into a graveyard from play") {
        return Some(vec![Trigger::HauntedDies]);
    }
    // 410.11 state triggers: "When CARDNAME has flying," (Student of
    // Elements); "When you have 30 or more life," (Rune-Tail).
    if p.at_all("cardname has") && p.peek_at(3) == "," {
        let start = p.i;
        p.eat_all("cardname has");
        if let Some(k) = keyword(p) {
            return Some(vec![Trigger::State(crate::StateTrigger::ThisHasKeyword(k))]);
        }
        p.i = start;
    }
    // "When there are four or more depletion counters on CARDNAME,"
    // (Force Bubble).
    if p.at_all("there are") {
        let start = p.i;
        p.eat_all("there are");
        if let Some(Amount::Fixed(n)) = amount(p) {
            if p.eat_all("or more") {
                if let Some(kind) = counter_kind(p.bump()) {
                    if n > 0 && p.eat_all("counters on cardname") && p.at(",") {
                        return Some(vec![Trigger::State(
                            crate::StateTrigger::CountersOnThisAtLeast(kind, n as u32),
                        )]);
                    }
                }
            }
        }
        p.i = start;
    }
    // "When you control no Islands," (Slipstream Serpent).
    if p.at_all("you control no") && p.peek_at(4) == "," {
        let start = p.i;
        p.eat_all("you control no");
        if let Some(s) = subtype_word(p.raw()).and_then(crate::Subtype::lookup) {
            p.bump();
            return Some(vec![Trigger::State(crate::StateTrigger::ControlsNo(s))]);
        }
        p.i = start;
    }
    if p.eat_all("you lose life") {
        cx.trig_amount = true;
        return Some(vec![Trigger::LosesLife]);
    }
    if p.eat_all("you gain life") {
        cx.trig_amount = true;
        return Some(vec![Trigger::GainsLife]);
    }
    if p.eat_all("an opponent gains life") {
        cx.trig_amount = true;
        cx.trig_player = true;
        return Some(vec![Trigger::OpponentGainsLife]);
    }
    if p.eat_all("you have") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        if p.eat_all("or less life") || p.eat_all("life or less") {
            // "When you have 10 or less life," (Opal Avenger).
            return Some(vec![Trigger::State(crate::StateTrigger::LifeAtMost(n))]);
        }
        p.eat_all("or more life").then_some(())?;
        return Some(vec![Trigger::State(crate::StateTrigger::LifeAtLeast(
            n as u32,
        ))]);
    }
    // "When an opponent has 10 or less life," (Lurking Jackals; 2007:
    // "When one of your opponents has 10 life or less,").
    if p.eat_all("an opponent has") || p.eat_all("one of your opponents has") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        (p.eat_all("or less life") || p.eat_all("life or less")).then_some(())?;
        return Some(vec![Trigger::State(
            crate::StateTrigger::OpponentLifeAtMost(n),
        )]);
    }
    // "When you lose control of CARDNAME" (Duplicity): as it leaves play
    // or another player gains control of it.
    if p.eat_all("you lose control of cardname") {
        return Some(vec![Trigger::LeavesPlay, Trigger::ControlLost]);
    }
    // "Whenever you're dealt damage" (Living Artifact).
    if p.eat_all("you're dealt damage") || p.eat_all("you are dealt damage") {
        cx.trig_amount = true;
        return Some(vec![Trigger::YouAreDealtDamage]);
    }
    if p.eat_all("an opponent is dealt damage") {
        cx.trig_amount = true;
        cx.trig_player = true;
        return Some(vec![Trigger::OpponentIsDealtDamage]);
    }
    // 511.1: "Whenever you win a coin flip" (Chance Encounter).
    if p.eat_all("you win a coin flip") {
        return Some(vec![Trigger::WinsCoinFlip]);
    }
    // 502.26d: "Whenever a permanent is turned face up" (Aven Farseer).
    // "Whenever CARDNAME or another permanent is turned face up"
    // (Unblinking Bleb): any permanent, itself included.
    if p.eat_all("a permanent is turned face up")
        || p.eat_all("cardname or another permanent is turned face up")
    {
        return Some(vec![Trigger::TurnedFaceUp(ObjectFilter::default())]);
    }
    // "Whenever one or more creatures block" (Tide of War).
    if p.eat_all("one or more creatures block") {
        return Some(vec![Trigger::CreaturesBlock]);
    }
    // "Whenever one or more creatures attack you" (Orim's Prayer).
    if p.eat_all("one or more creatures attack you") {
        return Some(vec![Trigger::CreaturesAttackYou]);
    }
    // "Whenever a creature [you control] attacks" (Teferi's Veil, Caltrops):
    // "it" is the attacking creature.
    if p.at("a") || p.at("an") {
        let start = p.i;
        p.bump();
        match filter(p) {
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at_all("attacks ,") =>
            {
                p.eat("attacks");
                cx.trig_obj = true;
                return Some(vec![Trigger::CreatureAttacks(f)]);
            }
            // "Whenever a creature blocks" (Battle Strain), "… attacks or
            // blocks" (Powerstone Minefield): "it" is the blocker.
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at_all("blocks ,") =>
            {
                p.eat("blocks");
                cx.trig_obj = true;
                return Some(vec![Trigger::CreatureBlocks(f)]);
            }
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at_all("attacks or blocks ,") =>
            {
                p.eat_all("attacks or blocks");
                cx.trig_obj = true;
                return Some(vec![
                    Trigger::CreatureAttacks(f.clone()),
                    Trigger::CreatureBlocks(f),
                ]);
            }
            // "Whenever a Beast becomes blocked" (Berserk Murlodont): "it"
            // is the attacker.
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at_all("becomes blocked ,") =>
            {
                p.eat_all("becomes blocked");
                cx.trig_obj = true;
                return Some(vec![Trigger::CreatureBecomesBlocked(f)]);
            }
            // "Whenever a creature attacks you" (Briar Patch, Hissing
            // Miasma): an attacker whose defending player is the
            // ability's controller (606.7a: or that player's team).
            Some((mut f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature)
                    && f.controller == ControllerFilter::Any
                    && p.at_all("attacks you ,") =>
            {
                p.eat_all("attacks you");
                f.attacking_you = true;
                cx.trig_obj = true;
                return Some(vec![Trigger::CreatureAttacks(f)]);
            }
            // 406.1b: "Whenever a land you control is tapped for mana"
            // (Sasaya's Essence): a triggered mana ability.
            // "Whenever a Forest an opponent controls becomes tapped" (Lifetap).
            Some((f, Noun::Permanent)) if p.at_all("becomes tapped ,") => {
                p.eat_all("becomes tapped");
                cx.trig_obj = true;
                return Some(vec![Trigger::BecomesTapped(f)]);
            }
            Some((f, Noun::Permanent)) if p.at_all("is tapped for mana ,") => {
                p.eat_all("is tapped for mana");
                cx.trig_obj = true;
                cx.mana_trigger = true;
                return Some(vec![Trigger::TappedForMana(f)]);
            }
            // "Whenever a creature is dealt damage" (Repercussion).
            Some((f, Noun::Permanent)) if p.at_all("is dealt damage ,") => {
                p.eat_all("is dealt damage");
                cx.trig_obj = true;
                cx.trig_amount = true;
                return Some(vec![Trigger::PermanentIsDealtDamage(f)]);
            }
            // "Whenever a creature you control deals combat damage to a
            // player" (Larceny), "… deals damage to you" (No Mercy).
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at("deals") =>
            {
                let at = p.i;
                if let Some((combat_only, to)) = damage_to_player(p) {
                    cx.trig_obj = true;
                    cx.trig_player = true;
                    cx.trig_amount = true;
                    return Some(vec![Trigger::CreatureDealsDamageToPlayer {
                        dealer: crate::Dealer::Matching(f),
                        combat_only,
                        to,
                    }]);
                }
                // "Whenever a creature you control deals combat damage,"
                // (Noble Purpose): once per creature for all its combat
                // damage (310.4).
                p.i = at;
                if p.at_all("deals combat damage to a creature ,") {
                    p.eat_all("deals combat damage to a creature");
                    cx.trig_obj = true;
                    cx.trig_amount = true;
                    return Some(vec![Trigger::CreatureDealsCombatDamageToCreature(f)]);
                }
                if p.at_all("deals combat damage ,") {
                    p.eat_all("deals combat damage");
                    cx.trig_obj = true;
                    cx.trig_amount = true;
                    return Some(vec![Trigger::CreatureDealsCombatDamage(f)]);
                }
                p.i = start;
            }
            _ => p.i = start,
        }
    }
    if !p.at_all("cardname or another") && p.eat("cardname") {
        // "Whenever CARDNAME becomes the target of a spell or ability [an
        // opponent controls]" (Skulking Ghost, Mossdog), "… of an Aura
        // spell" (Fugitive Druid).
        if p.eat_all("becomes the target of") {
            let (spells_only, aura_spells) = if p.eat_all("a spell or ability") {
                (false, false)
            } else if p.eat_all("an aura spell") {
                (true, true)
            } else if p.eat_all("a spell") {
                (true, false)
            } else {
                return None;
            };
            let opponents = p.eat_all("an opponent controls");
            // "… for the first time each turn" (Jetting Glasskite).
            let first_each_turn = p.eat_all("for the first time each turn");
            cx.trig_player = true;
            cx.trig_targeting = true;
            return Some(vec![Trigger::BecomesTarget {
                spells_only,
                aura_spells,
                opponents,
                first_each_turn,
            }]);
        }
        // "Whenever CARDNAME becomes tapped" (City of Brass).
        if p.eat_all("becomes tapped") {
            return Some(vec![Trigger::BecomesTapped(ObjectFilter::this())]);
        }
        // "When CARDNAME enters or leaves play" (Aven Riftwatcher; Oracle's
        // "enters or leaves the battlefield"): two triggers of one ability,
        // 410.10a's comes-into-play and 410.10c's leaves-play abilities.
        if p.eat_all("enters or leaves play") || p.eat_all("comes into play or leaves play") {
            return Some(vec![
                Trigger::ComesIntoPlay(ObjectFilter::this()),
                Trigger::LeavesPlay,
            ]);
        }
        if p.eat_all("comes into play") {
            // 502.51: "When CARDNAME comes into play or the creature it
            // haunts is put into a graveyard from play".
            if p.eat_all("or the creature it haunts is put into a graveyard from play") {
                return Some(vec![
                    Trigger::ComesIntoPlay(ObjectFilter::this()),
                    Trigger::HauntedDies,
                ]);
            }
            // "When CARDNAME comes into play or is put into a graveyard
            // from play" (Mogg War Marshal): two triggers of one ability,
            // 410.10a's comes-into-play and 410.10c's leaves-play ability
            // (which looks back in time for the permanent).
            if p.eat_all("or is put into a graveyard from play") {
                return Some(vec![
                    Trigger::ComesIntoPlay(ObjectFilter::this()),
                    Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
                ]);
            }
            return Some(vec![Trigger::ComesIntoPlay(ObjectFilter::this())]);
        }
        // 502.15d: abilities that mention phasing trigger on it.
        // "When CARDNAME phases out or leaves play" (Ertai's Familiar).
        if p.eat_all("phases out or leaves play") {
            return Some(vec![Trigger::PhasesOut, Trigger::LeavesPlay]);
        }
        // 404.4c: "When CARDNAME leaves play" (Knowledge Vault). "that
        // player" then is the player its comes-into-play ability targeted
        // (Laquatus's Champion; `PlayerRef::Linked`).
        if p.eat_all("leaves play") {
            cx.last_player = Some(PlayerRef::Linked);
            return Some(vec![Trigger::LeavesPlay]);
        }
        if p.eat_all("phases out") {
            return Some(vec![Trigger::PhasesOut]);
        }
        if p.eat_all("phases in") {
            return Some(vec![Trigger::PhasesIn]);
        }
        if p.eat_all("is turned face up") {
            return Some(vec![Trigger::TurnedFaceUp(ObjectFilter::this())]);
        }
        if p.eat_all("is dealt damage") {
            cx.trig_amount = true;
            return Some(vec![Trigger::IsDealtDamage]);
        }
        if p.eat_all("is dealt combat damage") {
            cx.trig_amount = true;
            return Some(vec![Trigger::IsDealtCombatDamage]);
        }
        if p.eat_all("is put into a graveyard from play") {
            cx.died = true;
            return Some(vec![
                Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
            ]);
        }
        // "When CARDNAME is put into your graveyard from play" (Zodiac
        // Dragon): its owner's graveyard, the owner being its controller.
        if p.eat_all("is put into your graveyard from play") {
            // The card is then in your graveyard: "return it to your
            // hand" is its return from there.
            cx.died_to_your_graveyard = true;
            let mut f = ObjectFilter::this();
            f.owned_by_you = true;
            return Some(vec![Trigger::PutIntoGraveyardFromPlay(f)]);
        }
        if p.eat_all("is put into your graveyard from your library") {
            // "it" is the card in the graveyard (the ability's source).
            cx.source_in_graveyard = true;
            return Some(vec![Trigger::PutIntoGraveyardFromLibrary]);
        }
        if p.eat_all("is put into your hand from your graveyard") {
            return Some(vec![Trigger::PutIntoHandFromGraveyard]);
        }
        if p.eat_all("attacks or blocks") {
            return Some(vec![Trigger::Attacks, Trigger::Blocks]);
        }
        // "Whenever CARDNAME blocks or becomes blocked by a creature" (Dream
        // Fighter): once per creature it blocks or that blocks it, "that
        // creature" being the other one.
        if p.eat_all("blocks or becomes blocked by a creature") {
            cx.trig_obj = true;
            return Some(vec![
                Trigger::Blocks,
                Trigger::BlockedBy(ObjectFilter::of_type(CardType::Creature)),
            ]);
        }
        // 410.9e: "… blocks or becomes blocked by one or more black
        // creatures" (Serra Inquisitors), "… becomes blocked by one or more
        // Orcs", "… blocks one or more black creatures" (Rashka the
        // Slayer): once as blockers are declared.
        for (phrase, blocks, blocked) in [
            ("blocks or becomes blocked by one or more", true, true),
            ("becomes blocked by one or more", false, true),
            ("blocks one or more", true, false),
        ] {
            if p.at_all(phrase) {
                let start = p.i;
                p.eat_all(phrase);
                match filter(p) {
                    Some((f, Noun::Permanent)) if !f.this && p.at(",") => {
                        let mut out = Vec::new();
                        if blocks {
                            out.push(Trigger::BlocksOneOrMore(f.clone()));
                        }
                        if blocked {
                            out.push(Trigger::BlockedByOneOrMore(f));
                        }
                        return Some(out);
                    }
                    _ => p.i = start,
                }
            }
        }
        // "… blocks or becomes blocked by a non-Wall creature" (Cockatrice,
        // 404.2): once per creature of the filter it blocks or that blocks it.
        if p.eat_all("blocks or becomes blocked by") {
            p.eat_any(&["a", "an"])?;
            let (f, noun) = filter(p)?;
            (noun == Noun::Permanent).then_some(())?;
            cx.trig_obj = true;
            return Some(vec![Trigger::BlocksA(f.clone()), Trigger::BlockedBy(f)]);
        }
        if p.eat_all("blocks or becomes blocked") {
            return Some(vec![Trigger::Blocks, Trigger::BecomesBlocked]);
        }
        if p.eat_all("attacks and isn't blocked") {
            return Some(vec![Trigger::AttacksUnblocked]);
        }
        // 306.4: "Whenever CARDNAME attacks alone" (Reckless Ogre).
        if p.eat_all("attacks alone") {
            return Some(vec![Trigger::AttacksAlone]);
        }
        if p.eat("attacks") {
            return Some(vec![Trigger::Attacks]);
        }
        // "When CARDNAME blocks a creature": "that creature" is the attacker.
        if p.at_all("blocks a creature ,") {
            p.eat_all("blocks a creature");
            cx.trig_obj = true;
            return Some(vec![Trigger::Blocks]);
        }
        // "Whenever CARDNAME blocks a creature with flying" (Woolly Spider).
        if p.at_all("blocks a") || p.at_all("blocks an") {
            let start = p.i;
            p.bump();
            p.bump();
            if let Some((f, Noun::Permanent)) = filter(p) {
                cx.trig_obj = true;
                return Some(vec![Trigger::BlocksA(f)]);
            }
            p.i = start;
        }
        if p.eat("blocks") {
            return Some(vec![Trigger::Blocks]);
        }
        // "Whenever CARDNAME becomes blocked by a creature": one trigger per blocker.
        if p.eat_all("becomes blocked by") {
            p.eat_any(&["a", "an"])?;
            let (f, noun) = filter(p)?;
            cx.trig_obj = true;
            return (noun == Noun::Permanent).then(|| vec![Trigger::BlockedBy(f)]);
        }
        if p.eat_all("becomes blocked") {
            return Some(vec![Trigger::BecomesBlocked]);
        }
        if p.eat("deals") {
            let combat_only = p.eat("combat");
            if !p.eat("damage") {
                return None;
            }
            if p.at(",") {
                cx.trig_amount |= combat_only;
                return Some(vec![if combat_only {
                    // 310.4: all its combat damage at once (Drinker of
                    // Sorrow).
                    Trigger::DealsCombatDamage
                } else {
                    Trigger::DealsDamage {
                        to_creature_only: false,
                    }
                }]);
            }
            if !p.eat("to") {
                return None;
            }
            if p.eat_all("a player") || p.eat_all("an opponent") {
                cx.trig_player = true;
                cx.trig_amount = true;
                let opponent_only = p.t[p.i - 1].low == "opponent";
                return Some(vec![Trigger::DealsDamageToPlayer {
                    combat_only,
                    opponent_only,
                }]);
            }
            if combat_only && p.eat_all("a creature") {
                cx.trig_obj = true;
                return Some(vec![Trigger::DealsCombatDamageToCreature]);
            }
            if !combat_only && p.eat_all("a creature") {
                cx.trig_obj = true;
                return Some(vec![Trigger::DealsDamage {
                    to_creature_only: true,
                }]);
            }
        }
        return None;
    }
    // "Whenever the fourth spell of a turn is played" (Erayo).
    if p.eat("the") {
        let n = match p.bump() {
            "first" => 1,
            "second" => 2,
            "third" => 3,
            "fourth" => 4,
            "fifth" => 5,
            _ => return None,
        };
        p.eat_all("spell of a turn is").then_some(())?;
        p.eat_any(&["play", "played", "cast"])?;
        cx.trig_obj = true;
        return Some(vec![Trigger::NthSpellOfTurn(n)]);
    }
    if p.eat_all("a spell or ability an opponent controls causes you to discard cardname") {
        return Some(vec![Trigger::DiscardedByOpponent]);
    }
    // "Whenever a spell or ability an opponent controls causes a land to be
    // put into your graveyard from play" (Sacred Ground).
    if p.at_all("a spell or ability an opponent controls causes") {
        let start = p.i;
        p.eat_all("a spell or ability an opponent controls causes");
        let f = match (p.eat_any(&["a", "an"]), filter(p)) {
            (Some(_), Some((f, Noun::Permanent)))
                if p.eat_all("to be put into your graveyard from play") =>
            {
                f
            }
            _ => return fail_at(p, start),
        };
        cx.trig_card = true;
        cx.trig_player = true;
        cx.trig_card_yours = true;
        return Some(vec![Trigger::PutIntoYourGraveyardByOpponent(f)]);
    }
    if p.eat_all("a creature dealt damage by cardname this turn is put into a graveyard from play")
        || p.eat_all("a creature dealt damage by cardname this turn is put into a graveyard")
    {
        cx.trig_obj = true;
        return Some(vec![Trigger::DamagedByThisDies]);
    }
    // "Whenever enchanted creature attacks / blocks / deals damage": an
    // Aura's abilities; "its controller" is the enchanted creature's.
    if p.eat_all("enchanted land is tapped for mana") {
        cx.last_obj = Some(ObjectRef::Attached);
        cx.mana_trigger = true;
        return Some(vec![Trigger::AttachedTappedForMana]);
    }
    // "Whenever fortified land becomes tapped" (Darksteel Garrison, 502.65).
    // "Whenever enchanted land / creature / artifact becomes tapped" (Blight,
    // Psychic Venom, Spirit Shackle): "it" and "that land" are the
    // enchanted permanent.
    let enchanted_tapped = p.at("enchanted")
        && matches!(p.peek_at(1), "land" | "creature" | "artifact" | "permanent")
        && p.at_all_from(2, "becomes tapped");
    if enchanted_tapped {
        p.bump();
        p.bump();
        p.eat_all("becomes tapped");
    }
    if enchanted_tapped || p.eat_all("fortified land becomes tapped") {
        cx.last_obj = Some(ObjectRef::Attached);
        // "that land's controller" (Psychic Venom): the permanent tapped.
        cx.trig_obj = true;
        return Some(vec![Trigger::AttachedBecomesTapped]);
    }
    // "Whenever equipped creature …" (212.2j): an Equipment's abilities
    // watch the creature it equips as an Aura's watch the one it enchants
    // (Skullclamp, Mask of Memory, the Swords).
    if p.eat_all("enchanted creature")
        || p.eat_all("equipped creature")
        || (p.at_all_from(2, "is put into a graveyard") && eat_enchanted_noncreature(p))
    {
        cx.last_obj = Some(ObjectRef::Attached);
        // "When enchanted Forest is put into a graveyard" (Genju of the
        // Cedars): the enchanted permanent can only go there from play.
        if p.eat_all("is put into a graveyard from play") || p.eat_all("is put into a graveyard") {
            cx.last_obj = Some(ObjectRef::Triggering);
            cx.trig_obj = true;
            // "that card": the creature card now in the graveyard (the
            // trigger's object, 217.1c).
            cx.trig_card = true;
            return Some(vec![Trigger::AttachedDies]);
        }
        if p.eat_all("attacks or blocks") {
            return Some(vec![Trigger::AttachedAttacks, Trigger::AttachedBlocks]);
        }
        // "When enchanted creature becomes the target of a spell or
        // ability" (Sleeping Potion, Spinal Graft, Fractured Loyalty).
        if p.eat_all("becomes the target of a spell or ability") {
            cx.trig_obj = true;
            cx.trig_player = true;
            cx.trig_targeting = true;
            return Some(vec![Trigger::PermanentBecomesTarget {
                filter: None,
                opponents: false,
            }]);
        }
        // Mammoth Harness: "the other creature" is the one blocked or
        // blocking.
        if p.eat_all("blocks or becomes blocked by") {
            p.eat_any(&["a", "an"])?;
            let (f, noun) = filter(p)?;
            (noun == Noun::Permanent).then_some(())?;
            cx.trig_obj = true;
            return Some(vec![
                Trigger::AttachedBlocksCreature(f.clone()),
                Trigger::AttachedBlockedByCreature(f),
            ]);
        }
        if p.eat_all("attacks and isn't blocked") {
            return Some(vec![Trigger::AttachedAttacksUnblocked]);
        }
        if p.eat("attacks") {
            return Some(vec![Trigger::AttachedAttacks]);
        }
        // "Whenever enchanted creature blocks or becomes blocked" (Gift of
        // the Woods): either event.
        if p.eat_all("blocks or becomes blocked") {
            return Some(vec![
                Trigger::AttachedBlocks,
                Trigger::AttachedBecomesBlocked,
            ]);
        }
        if p.eat("blocks") {
            return Some(vec![Trigger::AttachedBlocks]);
        }
        if p.eat_all("becomes blocked") {
            return Some(vec![Trigger::AttachedBecomesBlocked]);
        }
        // "that creature" / "it" is then the triggering object: the
        // enchanted creature as the damage was dealt (its last known
        // controller if the damage destroyed it, 413.2f).
        if p.eat_all("is dealt damage") {
            cx.trig_amount = true;
            cx.trig_obj = true;
            cx.last_obj = Some(ObjectRef::Triggering);
            return Some(vec![Trigger::AttachedIsDealtDamage]);
        }
        if let Some((combat_only, to)) = attempt(p, cx, |p, _| damage_to_player(p)) {
            cx.trig_obj = true;
            cx.last_obj = Some(ObjectRef::Triggering);
            cx.trig_player = true;
            cx.trig_amount = true;
            return Some(vec![Trigger::CreatureDealsDamageToPlayer {
                dealer: crate::Dealer::Attached,
                combat_only,
                to,
            }]);
        }
        if p.eat_all("deals damage to a creature") {
            cx.trig_obj = true;
            cx.trig_amount = true;
            return Some(vec![Trigger::AttachedDealsDamageToCreature]);
        }
        if p.eat_all("deals damage") {
            return Some(vec![Trigger::AttachedDealsDamage]);
        }
        // "Whenever equipped creature deals combat damage" (Umezawa's
        // Jitte): once for all its combat damage (310.4).
        if p.at_all("deals combat damage ,") {
            p.eat_all("deals combat damage");
            cx.trig_amount = true;
            return Some(vec![Trigger::AttachedDealsCombatDamage]);
        }
        return None;
    }
    // 409.1i: "When you play this spell," (Dash Hopes; Oracle "cast"): an
    // ability of the spell on the stack, triggered by its own playing
    // (like storm's, 502.30a); "CARDNAME" in it is the spell.
    if p.eat_all("you play this spell") || p.eat_all("you cast this spell") {
        cx.trig_played_this = true;
        return Some(vec![Trigger::PlayedThis]);
    }
    // 502.18c: "When you cycle [this]" (it triggers from the graveyard).
    if p.eat_all("you cycle cardname") {
        cx.trig_kind_cycled = true;
        return Some(vec![Trigger::CycleThis]);
    }
    // "Whenever an opponent draws a card" (423.1), "… discards a card"
    // (217.4a), "Whenever a player taps a land for mana" (406), "… cycles
    // a card" (502.18e), "… plays a land" (408.2d).
    for (who_words, whose) in [
        ("a player", Whose::Each),
        ("an opponent", Whose::Opponent),
        ("you", Whose::You),
    ] {
        if p.at_all(who_words) {
            let i = p.i;
            p.eat_all(who_words);
            let t = if p.eat_all("draws a card") || p.eat_all("draw a card") {
                Trigger::Draws(whose)
            } else if p.eat_all("discards a card") || p.eat_all("discard a card") {
                Trigger::Discards(whose)
            } else if whose == Whose::Each && p.at_all("taps a land for mana , that player adds") {
                // 406.1b: "Whenever a player taps a land for mana, that
                // player adds …" (Mana Flare): a triggered mana ability of
                // any player's land, resolving at once (406.4); "that land"
                // is the land, "that player" its controller who tapped it.
                p.eat_all("taps a land for mana");
                cx.trig_player = true;
                cx.trig_obj = true;
                return Some(vec![Trigger::TappedForMana(ObjectFilter::of_type(
                    CardType::Land,
                ))]);
            } else if p.eat_all("taps a land for mana") || p.eat_all("tap a land for mana") {
                Trigger::TapsLandForMana(whose)
            } else if let Some(f) = attempt(p, cx, |p, _| land_tapped_for_mana(p, whose)) {
                // 406.5: "Whenever a player taps an Island for mana"
                // (Scald), "Whenever an opponent taps a Mountain for mana"
                // (Sanctimony): a land of that kind tapped for mana by its
                // controller; "that player" is that controller. An
                // ability that adds no mana goes on the stack (406.1b).
                cx.trig_player = true;
                cx.trig_obj = true;
                return Some(vec![Trigger::TappedForMana(f)]);
            } else if p.eat_all("cycles a card") || p.eat_all("cycle a card") {
                Trigger::Cycles(whose)
            } else if p.eat_all("plays a land") || p.eat_all("play a land") {
                // 408.2d: "Whenever an opponent plays a land" (Dirtcowl Wurm).
                Trigger::PlaysLand(whose)
            } else if p.eat_all("plays a card") || p.eat_all("play a card") {
                // "Whenever you play a card" (Recycle, Null Profusion): a
                // card is played as a spell (409.1) or as a land (408.2d):
                // one ability for each event.
                cx.trig_player = true;
                return Some(vec![
                    Trigger::SpellPlayed {
                        by: whose,
                        filter: ObjectFilter::any(),
                    },
                    Trigger::PlaysLand(whose),
                ]);
            } else {
                p.i = i;
                break;
            };
            cx.trig_player = true;
            cx.trig_card = matches!(t, Trigger::Discards(_));
            return Some(vec![t]);
        }
    }
    // "Whenever a player plays a white spell"
    let by = if p.eat_all("a player plays") {
        Some(Whose::Each)
    } else if p.eat_all("you play") {
        Some(Whose::You)
    } else if p.eat_all("an opponent plays") {
        Some(Whose::Opponent)
    } else {
        None
    };
    if let Some(by) = by {
        // "Whenever an opponent plays their first spell each turn" (Erayo's Essence).
        if p.eat_all("their first spell each turn") || p.eat_all("his or her first spell each turn")
        {
            cx.trig_player = true;
            cx.trig_obj = true;
            return Some(vec![Trigger::FirstSpellEachTurn { by }]);
        }
        p.eat_any(&["a", "an"])?;
        let (f, noun) = filter(p)?;
        // "that player" is the caster; "that spell" the spell (Planar Chaos).
        cx.trig_player = true;
        cx.trig_obj = true;
        return (noun == Noun::Spell).then(|| vec![Trigger::SpellPlayed { by, filter: f }]);
    }
    // "Whenever a creature comes into play", "Whenever another creature …"
    // "Whenever CARDNAME or another Goblin comes into play" (Goblin
    // Assassin): any Goblin, itself included (`compile_face` checks that
    // the card itself matches).
    let or_another = p.eat_all("cardname or another");
    let another = !or_another && p.at("another");
    if !another && !or_another {
        p.eat_any(&["a", "an"])?;
    }
    let (mut f, noun) = filter(p)?;
    // "Whenever a black card is put into an opponent's graveyard from
    // anywhere" (Compost), "… into your graveyard from your library"
    // (Pedantic Learning).
    if noun == Noun::Card && !or_another && p.eat_all("is put into") {
        let whose = if p.eat_all("your graveyard") {
            Whose::You
        } else if p.eat_all("an opponent's graveyard") {
            Whose::Opponent
        } else if p.eat_all("a graveyard") {
            Whose::Each
        } else {
            return None;
        };
        let from_library = if p.eat_all("from anywhere") {
            false
        } else if whose == Whose::You && p.eat_all("from your library") {
            true
        } else {
            return None;
        };
        cx.trig_obj = true;
        cx.trig_card = true;
        cx.trig_player = true;
        return Some(vec![Trigger::CardPutIntoGraveyard {
            filter: f,
            whose,
            from_library,
        }]);
    }
    if noun != Noun::Permanent {
        return None;
    }
    if or_another {
        f.other = false;
        // "Whenever Rotlung Reanimator or another Cleric is put into a
        // graveyard from play" (410.10c: a leaves-play ability looks back
        // in time, so the dying permanent itself sees its own death).
        if !p.at_all("comes into play") && !p.at_all("is put into a graveyard from play") {
            return None;
        }
    }
    cx.trig_obj = true;
    // "Whenever a creature becomes the target of a spell or ability"
    // (Cowardice), "… an opponent controls" (Cloud Cover): "that
    // creature" and "it" are the permanent targeted.
    if !or_another && p.eat_all("becomes the target of a spell or ability") {
        let opponents = p.eat_all("an opponent controls");
        cx.trig_player = true;
        cx.trig_targeting = true;
        cx.last_obj = Some(ObjectRef::Triggering);
        return Some(vec![Trigger::PermanentBecomesTarget {
            filter: Some(f),
            opponents,
        }]);
    }
    if p.eat_all("comes into play") {
        if p.eat_all("under your control") {
            f.controller = ControllerFilter::You;
        }
        return Some(vec![Trigger::ComesIntoPlay(f)]);
    }
    if p.eat_all("is put into a graveyard from play") {
        return Some(vec![Trigger::PutIntoGraveyardFromPlay(f)]);
    }
    // "Whenever a creature is put into your graveyard from play" (Field of
    // Souls), "… an opponent's graveyard …" (Grim Feast), "… a player's
    // graveyard …" (Liability): "that card" is the card there, "that
    // player" its owner.
    if p.eat_all("is put into") {
        let whose = if p.eat_all("your graveyard") {
            Whose::You
        } else if p.eat_all("an opponent's graveyard") {
            Whose::Opponent
        } else if p.eat_all("a player's graveyard") {
            Whose::Each
        } else {
            return None;
        };
        p.eat_all("from play").then_some(())?;
        cx.trig_card = true;
        cx.trig_player = true;
        cx.trig_card_yours = whose == Whose::You;
        return Some(vec![Trigger::PutIntoGraveyardOfFromPlay(f, whose)]);
    }
    None
}

pub(super) fn triggered(p: &mut P) -> R<Vec<TriggeredAbility>> {
    let mut cx = Cx::default();
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    let start = p.i;
    let triggers = match trigger_event(p, &mut cx) {
        Some(t) => t,
        None => {
            let far = p.i;
            p.i = start;
            attempt(p, &mut cx, state_condition_trigger).ok_or_else(|| {
                p.i = far;
                format!("unknown trigger at {:?}", p.rest())
            })?
        }
    };
    if !p.eat(",") {
        return Err(format!("unknown trigger at {:?}", p.rest()));
    }
    // 404.3: an intervening "if" clause.
    let mut condition = None;
    if p.eat_all("if cardname has") {
        condition = Some(counters_condition(p, "counters on it ,").ok_or_else(|| no_rule(p))?);
    } else if let Some(c) = attempt(p, &mut cx, |p, _| {
        // "if three or more creatures died this turn," (Kuon); "if CARDNAME
        // is enchanted by two or more Auras," (Kitsune Mystic).
        p.eat("if").then_some(())?;
        if p.eat("cardname") {
            p.eat_all("is enchanted by").then_some(())?;
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            (p.eat_all("or more auras ,") && n > 0)
                .then_some(crate::Condition::EnchantedByAuras { at_least: n as u32 })
        } else if p.eat_all("a creature died this turn ,") {
            // "if a creature died this turn," (Osai Vultures).
            Some(crate::Condition::CreaturesDiedThisTurn { at_least: 1 })
        } else {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            (p.eat_all("or more creatures")
                && (p.eat_all("died this turn ,")
                    || p.eat_all("were put into graveyards from play this turn ,"))
                && n > 0)
                .then_some(crate::Condition::CreaturesDiedThisTurn { at_least: n as u32 })
        }
    }) {
        condition = Some(c);
    } else if let Some(c) = attempt(p, &mut cx, intervening_if) {
        condition = Some(c);
    } else if p.at_all("if it had no") {
        // "When Lost Auramancers is put into a graveyard from play, if it
        // had no time counters on it," (413.2f: as it last existed in play).
        p.eat_all("if it had no");
        let kind = counter_kind(p.bump()).ok_or_else(|| no_rule(p))?;
        if !p.eat_all("counters on it ,") {
            return Err(no_rule(p));
        }
        condition = Some(crate::Condition::NoCountersOnThis(kind));
    } else if p.eat_all("if there are no") {
        // "if there are no arrowhead counters on CARDNAME," (Serrated Arrows).
        let kind = counter_kind(p.bump()).ok_or_else(|| no_rule(p))?;
        if !p.eat_all("counters on cardname ,") {
            return Err(no_rule(p));
        }
        condition = Some(crate::Condition::NoCountersOnThis(kind));
    } else if p.eat_all("if there are") {
        // "if there are two or more ki counters on CARDNAME," (Callow Jushi).
        condition =
            Some(counters_condition(p, "counters on cardname ,").ok_or_else(|| no_rule(p))?);
    } else if p.eat_all("if it wasn't the first land you played this turn ,") {
        condition = Some(crate::Condition::NotFirstLandThisTurn);
    } else if p.eat_all("if you didn't play it from your hand ,") {
        condition = Some(crate::Condition::NotPlayedFromHand);
    } else if p.eat_all("if you play it from your hand ,")
        || p.eat_all("if you played it from your hand ,")
    {
        condition = Some(crate::Condition::PlayedFromHand);
    } else if p.eat_all("if cardname is untapped ,") {
        condition = Some(crate::Condition::ThisUntapped);
    } else if p.at_all("if cardname is in your graveyard") {
        // 402.8h: an ability that functions only in the graveyard
        // (Ghastly Remains, Genesis); checked again as it resolves (404.3).
        p.eat_all("if cardname is in your graveyard");
        let c = super::graveyard_function::in_graveyard_with(p).ok_or_else(|| no_rule(p))?;
        if !p.eat(",") {
            return Err(no_rule(p));
        }
        condition = Some(c);
        cx.in_graveyard = true;
    } else if let Some(c) = attempt(p, &mut cx, |p, _| {
        // 502.21b: "if it was kicked [with its first kicker],", "if
        // CARDNAME wasn't kicked,".
        p.eat("if").then_some(())?;
        let c = kicked_condition(p)?;
        p.eat(",").then_some(c)
    }) {
        condition = Some(c);
    } else if cx.trig_player && p.eat_all("if that player has") {
        // "if that player has two or fewer cards in hand" (Lavaborn Muse).
        let n = match amount(p) {
            Some(Amount::Fixed(n)) => n as u32,
            _ => return Err(no_rule(p)),
        };
        if !p.eat_all("or fewer cards in hand ,") {
            return Err(no_rule(p));
        }
        condition = Some(crate::Condition::TriggeringPlayerHandAtMost(n));
    } else if p.at_all("if you have") && p.peek_at(4) == "or" && p.peek_at(5) == "more" {
        // "if you have four or more creature cards in your graveyard,"
        // (Pit Keeper, Oversold Cemetery).
        p.eat_all("if you have");
        condition =
            Some(graveyard_has_condition(p, "in your graveyard ,").ok_or_else(|| no_rule(p))?);
    } else if p.at("if") && p.peek_at(2) == "or" && p.peek_at(3) == "more" {
        // "if twenty or more creature cards are in your graveyard" (Mortal Combat).
        p.bump();
        condition =
            Some(graveyard_has_condition(p, "are in your graveyard ,").ok_or_else(|| no_rule(p))?);
    }
    // "You may pay {1}. If you do, …" is a choice inside the effect, not an
    // optional ability.
    let may_pay_first = {
        let (i, saved) = (p.i, cx.clone());
        let ok = (p.at_all("you may pay")
            || p.at_all("you may sacrifice")
            || p.at_all("you may discard a card . if you don't ,"))
            && may_pay(p, &mut cx).is_some();
        p.i = i;
        cx = saved;
        ok
    };
    // "You may tap or untap …", "you may put a creature card from your hand
    // into play": the choice is the effect's own (declined there), so the
    // ability isn't optional too.
    let may_in_effect = p.at_all("you may tap or untap") || {
        let end = (p.i..p.t.len())
            .find(|&k| p.t[k].low == ".")
            .unwrap_or(p.t.len());
        let words: Vec<&str> = p.t[p.i..end].iter().map(|t| t.low.as_str()).collect();
        p.at_all("you may put") && words.ends_with(&["from", "your", "hand", "into", "play"])
    };
    let mut optional = !may_pay_first && !may_in_effect && p.eat_all("you may");
    // 410.5: "that creature's controller may draw a card" (Fecundity), "its
    // controller may create …" (Brood Sliver): another player chooses;
    // the first instruction is that player's.
    let mut chooser = None;
    if !optional && !may_pay_first && !may_in_effect {
        if let Some((who, v)) = attempt(p, &mut cx, |p, cx| {
            let who = player_phrase(p, cx)?;
            // One player, who answers the "may" (not "each opponent may").
            matches!(
                who,
                PlayerRef::ControllerOf(_)
                    | PlayerRef::OwnerOf(_)
                    | PlayerRef::Triggering
                    | PlayerRef::Target(_)
                    | PlayerRef::Defending
            )
            .then_some(())?;
            p.eat("may").then_some(())?;
            let v = player_verb(p, cx, who.clone())?;
            p.eat_end().then_some((who, v))
        }) {
            cx.effects.extend(v);
            optional = true;
            chooser = Some(who);
        }
    }
    cx.optional = optional;
    let mut removed_counter = None;
    while !p.at_end() {
        // "You may exile target creature. If you do, …" (Astral Slide):
        // choosing to do the optional instruction is choosing the rest too;
        // removing its only target always happens if it is chosen (the
        // ability is countered otherwise, 413.2a).
        if optional
            && matches!(
                cx.effects.as_slice(),
                [Effect::RemoveFromGame {
                    what: ObjectRef::Target(0)
                }]
            )
            && cx.targets.len() == 1
        {
            p.eat_all("if you do ,");
        }
        // "You may draw a card. If you do, …" (Ophidian): choosing to draw
        // is choosing the rest too. (Decision: a draw from an empty library
        // counts as done; its player loses the game at once, 420.5g.)
        if optional
            && matches!(
                cx.effects.as_slice(),
                [Effect::DrawCards {
                    who: PlayerRef::You,
                    amount: Amount::Fixed(1)
                }]
            )
        {
            p.eat_all("if you do ,");
        }
        // "You may remove a charge counter from CARDNAME. If you do, you
        // gain 1 life." (Sun Droplet, Living Artifact): the rest happens
        // only if a counter was there to remove (judged as the removal is
        // reached).
        if optional && removed_counter.is_none() && p.at_all("if you do ,") {
            if let [Effect::RemoveCounters {
                what: ObjectRef::This,
                kind,
                amount: Amount::Fixed(1),
            }] = cx.effects.as_slice()
            {
                removed_counter = Some(*kind);
                p.eat_all("if you do ,");
            }
        }
        // "… deals 2 damage to you unless it came under your control this
        // turn." (Erg Raiders): the sentence's instructions happen only if
        // the source didn't (judged as they are reached).
        const UNLESS_CAME: &str = "unless it came under your control this turn .";
        let n = UNLESS_CAME.split(' ').count();
        if p.t.len() >= p.i + n && p.at_all_from(p.t.len() - n - p.i, UNLESS_CAME) {
            let start = cx.effects.len();
            let mut toks: Vec<Tok> = p.t[p.i..p.t.len() - n].to_vec();
            toks.push(p.t[p.t.len() - 1].clone());
            let mut q = P::new(&toks);
            sentence(&mut q, &mut cx).ok_or_else(|| no_rule(p))?;
            if !q.at_end() {
                return Err(no_rule(p));
            }
            let then = cx.effects.split_off(start);
            cx.effects.push(Effect::IfCondition {
                condition: crate::Condition::ThisTurn {
                    fact: crate::ThisTurnFact::CameUnderControl,
                    did: false,
                },
                effects: then,
            });
            p.i = p.t.len();
            continue;
        }
        let start = cx.effects.len();
        sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
        if cx.effects.len() > start {
            cx.prev_sentence = start;
        }
    }
    if cx.effects.is_empty() {
        return Err("a triggered ability without effects".into());
    }
    if let Some(kind) = removed_counter {
        cx.effects = vec![Effect::IfCondition {
            condition: crate::Condition::CountersOnThis { kind, at_least: 1 },
            effects: std::mem::take(&mut cx.effects),
        }];
    }
    // 410.11: a state trigger's state, with any intervening "if" (404.3).
    if let Some(s) = cx.state_condition.take() {
        condition = Some(match condition {
            Some(c) => crate::Condition::Both(Box::new(s), Box::new(c)),
            None => s,
        });
    }
    let triggers = if cx.in_graveyard {
        super::graveyard_function::from_graveyard(triggers)
            .ok_or("a trigger from the graveyard other than \"at the beginning of\"")?
    } else {
        super::graveyard_function::graveyard_triggers(triggers, &cx.effects)
    };
    Ok(triggers
        .into_iter()
        .map(|trigger| TriggeredAbility {
            trigger,
            optional,
            targets: cx.targets.clone(),
            effects: cx.effects.clone(),
            condition: condition.clone(),
            modes: Vec::new(),
            chooser: chooser.clone(),
        })
        .collect())
}

/// 409.1b, 410.4: the head of a modal triggered ability, "[trigger], choose
/// one —", up to and with its comma (the modes follow, one "•" line each).
pub(super) fn modal_trigger_head(line: &str) -> Option<&str> {
    let low = line.to_ascii_lowercase();
    if !(low.starts_with("when ") || low.starts_with("whenever ") || low.starts_with("at ")) {
        return None;
    }
    ["choose one —", "choose one -"]
        .iter()
        .find_map(|tail| {
            low.ends_with(tail)
                .then(|| &line[..line.len() - tail.len()])
        })
        .map(str::trim_end)
        .filter(|head| head.ends_with(','))
}

/// 409.1b, 410.4: a modal triggered ability: each mode compiled as the
/// head followed by that mode's text; the trigger, its condition and its
/// "you may" must read the same in every mode. The ability keeps the modes
/// (`TriggeredAbility::modes`), its own targets and effects empty.
pub(super) fn modal_triggered(head: &str, bodies: &[&str]) -> R<Vec<TriggeredAbility>> {
    if bodies.len() < 2 {
        return Err("a modal triggered ability without modes".into());
    }
    let mut merged: Vec<TriggeredAbility> = Vec::new();
    for body in bodies {
        let toks = tokenize(&format!("{head} {}", body.trim()));
        let mut p = P::new(&toks);
        let abilities = triggered(&mut p)?;
        if !p.granted.is_empty() {
            return Err("a mode granting an ability in quotes".into());
        }
        if !merged.is_empty() && merged.len() != abilities.len() {
            return Err("modes that read the trigger otherwise".into());
        }
        for (i, a) in abilities.into_iter().enumerate() {
            if !multi_targets_supported(&a.targets, &a.effects) {
                return Err("an effect on several targets that isn't the same for each".into());
            }
            let mode = crate::SpellMode {
                targets: a.targets,
                effects: a.effects,
            };
            match merged.get_mut(i) {
                Some(m) => {
                    if m.trigger != a.trigger
                        || m.optional != a.optional
                        || m.condition != a.condition
                        || m.chooser != a.chooser
                    {
                        return Err("modes that read the trigger otherwise".into());
                    }
                    m.modes.push(mode);
                }
                None => merged.push(TriggeredAbility {
                    trigger: a.trigger,
                    optional: a.optional,
                    targets: Vec::new(),
                    effects: Vec::new(),
                    condition: a.condition,
                    modes: vec![mode],
                    chooser: a.chooser,
                }),
            }
        }
    }
    Ok(merged)
}

/// "deals [combat] damage to [you / an opponent / a player]" up to the
/// comma: whether only combat damage counts, and which player.
fn damage_to_player(p: &mut P) -> Option<(bool, Whose)> {
    p.eat("deals").then_some(())?;
    let combat_only = p.eat("combat");
    p.eat_all("damage to").then_some(())?;
    let to = if p.eat("you") {
        Whose::You
    } else if p.eat_all("an opponent") {
        Whose::Opponent
    } else if p.eat_all("a player") {
        Whose::Each
    } else {
        return None;
    };
    p.at(",").then_some((combat_only, to))
}

/// 410.11: "When you control no artifacts," (Covetous Dragon), "When you
/// control seven or more Thrulls," (Endrek Sahr), "When no creatures are in
/// play," (Last Laugh): a state trigger whose state is a condition of the
/// "If …" grammar, up to the comma. Conditions that need a resolution (a
/// card put into play "if you do") are not states.
fn state_condition_trigger(p: &mut P, cx: &mut Cx) -> Option<Vec<Trigger>> {
    use crate::Condition;
    p.eat("when").then_some(())?;
    let c = super::amounts::condition(p, cx)?;
    // A count of this turn's spells changes with no state to watch.
    if super::trigger_conditions::needs_resolution(&c)
        || matches!(c, Condition::SpellsPlayedThisTurn { .. })
        || !p.at(",")
    {
        return None;
    }
    cx.state_condition = Some(c);
    Some(vec![Trigger::State(crate::StateTrigger::Condition)])
}

/// 404.3: "N or more [filter] cards" followed by `tail` ("in your graveyard
/// ,", "are in your graveyard ,"): the intervening-if condition on the
/// controller's graveyard (Pit Keeper, Mortal Combat).
fn graveyard_has_condition(p: &mut P, tail: &str) -> Option<crate::Condition> {
    let at_least = match amount(p)? {
        Amount::Fixed(n) if n > 0 => n as u32,
        _ => return None,
    };
    p.eat_all("or more");
    let (filter, Noun::Card) = filter(p)? else {
        return None;
    };
    p.eat_all(tail).then_some(())?;
    Some(crate::Condition::YourGraveyardHas { filter, at_least })
}

/// "taps an Island for mana" after "a player" / "an opponent" / "you": the
/// lands of that kind (by type or subtype) of those players.
fn land_tapped_for_mana(p: &mut P, whose: Whose) -> Option<ObjectFilter> {
    p.eat_any(&["taps", "tap"])?;
    p.eat_any(&["a", "an"])?;
    let (mut f, noun) = filter(p)?;
    (noun == Noun::Permanent && f.controller == crate::ControllerFilter::Any).then_some(())?;
    let land = f.types_any.contains(CardType::Land)
        || (f.types_any.is_empty()
            && !f.subtypes_any.is_empty()
            && f.subtypes_any.iter().all(|s| s.basic_land_type().is_some()));
    land.then_some(())?;
    p.eat_all("for mana").then_some(())?;
    p.at(",").then_some(())?;
    f.controller = match whose {
        Whose::You => crate::ControllerFilter::You,
        Whose::Opponent => crate::ControllerFilter::Opponent,
        _ => crate::ControllerFilter::Any,
    };
    Some(f)
}
