//! The grammar of static abilities (405, handled under 412): the
//! abilities that describe objects (layers,
//! 418.5), the copy exceptions ("except …", 418.5a layer 1), and the rules
//! changes to playing spells, attacking and blocking (409.1f, 308–310).

use super::statics_clauses::*;
use super::*;
use crate::{
    Affected, Amount, CardType, ColorSet, Effect, KeywordSet, LayerEffect, ObjectFilter, ObjectRef,
    StaticAbility,
};

/// 503.9: the exceptions after "becomes a copy of [what]": ", except it
/// has this ability" / "and gains this ability" (Dimir Doppelganger,
/// Unstable Shapeshifter), ", except it doesn't copy that creature's color
/// [and it has this ability]" (Vesuvan Doppelganger).
pub(super) fn copy_exceptions(p: &mut P, what: ObjectRef) -> Option<Vec<Effect>> {
    let keeps_color = p.eat_all(", except it doesn't copy that creature's color");
    let gains_this_ability = if keeps_color {
        p.eat_all("and it has this ability")
    } else {
        p.eat_all(", except it has this ability") || p.eat_all("and gains this ability")
    };
    Some(vec![Effect::BecomeCopy {
        what,
        gains_this_ability,
        keeps_color,
    }])
}

/// 419.1a: where [this] goes instead of a graveyard ("shuffle it into its
/// owner's library", "exile it", "put it on top of its owner's library"),
/// ending the line.
fn this_graveyard_instead(p: &mut P, what: crate::GraveyardWhat) -> Option<Vec<StaticAbility>> {
    let instead = if p.eat_all("put cardname on top of its owner's library instead")
        || p.eat_all("put it on top of its owner's library instead")
    {
        crate::GraveyardInstead::TopOfLibrary
    } else if p.eat_all("exile it instead") {
        crate::GraveyardInstead::RemoveFromGame
    } else if p.eat_all("shuffle it into its owner's library instead") {
        crate::GraveyardInstead::ShuffleIntoLibrary
    } else {
        return None;
    };
    (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::GraveyardReplacement { what, instead }])
}

/// 419.1b: "[a / N] [kind] counter(s) on it" after "comes into play
/// [tapped] with".
fn counters_on_it(p: &mut P) -> Option<(crate::CounterKind, u8)> {
    let n = if p.eat_any(&["a", "an"]).is_some() {
        1
    } else {
        let n = number_word(p.peek())?;
        p.bump();
        n
    };
    let kind = counter_kind(p.bump())?;
    p.eat_any(&["counter", "counters"])?;
    p.eat_all("on it").then_some(())?;
    Some((kind, u8::try_from(n).ok()?))
}

/// A static ability line (405).
pub(super) fn static_line(p: &mut P) -> Option<Vec<StaticAbility>> {
    if let Some(v) = attempt(p, &mut Cx::default(), |p, _| {
        super::conditional::conditional_static(p)
    }) {
        return Some(v);
    }
    if let Some(v) = attempt(p, &mut Cx::default(), |p, _| pt_defining::pt_defining(p)) {
        return Some(v);
    }
    if let Some(v) = enters::enters_static(p) {
        return Some(v);
    }
    // 500.1: "Creatures with power less than CARDNAME's power can't block
    // it." (Battering Wurm): a restriction on its blockers.
    if p.at("creatures") {
        if let Some(v) = attempt(p, &mut Cx::default(), |p, _| {
            let f = group(p)?;
            (p.eat_all("can't block it") && p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::BlockRestriction {
                    affected: Affected::This,
                    rule: crate::BlockRule::NotBy(f),
                }]
            })
        }) {
            return Some(v);
        }
    }
    let mut cx = Cx::default();
    if let Some(s) = library::static_ability(p) {
        return Some(vec![s]);
    }
    if p.eat_all("this spell can't be countered") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::CantBeCountered]);
    }
    // "If CARDNAME is in your opening hand, you may begin the game with it
    // in play." (the Leylines; 101.4–101.5, ARCHITECTURE.md "Opening hands")
    if p.eat_all("if cardname is in your opening hand , you may begin the game with it in play") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::BeginGameInPlay]);
    }
    // 419.1a: "If you would draw a card, you may instead …" (Abundance),
    // "… you may skip that draw instead" (Obstinate Familiar).
    if p.eat_all("if you would draw a card ,") {
        let (optional, instead) = if p.eat_all(
            "you may instead choose land or nonland and reveal cards from the top of your library until you reveal a card of the chosen kind . put that card into your hand and put all other cards revealed this way on the bottom of your library in any order",
        ) {
            (true, crate::DrawInstead::RevealUntilLandOrNonland)
        } else if p.eat_all("you may skip that draw instead") {
            (true, crate::DrawInstead::Skip)
        } else if p.eat_all("you may instead put the top card of the pile you exiled into your hand")
        {
            // 217.7d: the pile this permanent removed (Parallel Thoughts).
            (true, crate::DrawInstead::TopOfRemovedPile)
        } else if p.eat_all("look at the top three cards of your library instead . put one of those cards into your hand and the rest on the bottom of your library in any order") {
            (false, crate::DrawInstead::LookAtTopPutOneInHand(3))
        } else if p.eat_all("return a card from your graveyard to your hand instead . if you can't , you lose the game") {
            (false, crate::DrawInstead::ReturnFromGraveyardOrLose)
        } else if p.eat_all("reveal the top card of your library instead . if it's a creature card , put it into your graveyard . otherwise , draw a card") {
            (false, crate::DrawInstead::RevealTopCreatureToGraveyard)
        } else if p.eat_all("you may put a") {
            let kind = crate::CounterKind::from_name(p.peek())?;
            p.bump();
            p.eat_all("counter on cardname instead").then_some(())?;
            (true, crate::DrawInstead::CounterOnThis(kind))
        } else {
            return None;
        };
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DrawReplacement {
                optional,
                instead,
                each_player: false,
                when: crate::DrawWhen::Any,
            }]
        });
    }
    // 419.1a: "If you would draw a card during your draw step, instead you
    // may skip that draw. If you do, until your next turn, you can't be
    // attacked except by creatures with flying and/or islandwalk." (Island
    // Sanctuary)
    if p.eat_all("if you would draw a card during your draw step , instead you may skip that draw . if you do , until your next turn , you can't be attacked except by creatures with flying and/or islandwalk") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DrawReplacement {
                optional: true,
                instead: crate::DrawInstead::SkipSanctuary,
                each_player: false,
                when: crate::DrawWhen::DrawStep,
            }]
        });
    }
    // 419.1a: "If a player would draw a card, …" replacements of every
    // player's draws.
    if p.at_all("if a player would draw a card") {
        let start = p.i;
        p.eat_all("if a player would draw a card");
        let mut when = crate::DrawWhen::Any;
        if p.eat_all("except the first one they draw in each of their draw steps") {
            when = crate::DrawWhen::ExceptFirstInDrawStep;
        }
        p.eat(",");
        let instead = if p.eat_all("that player skips that draw instead") {
            Some(crate::DrawInstead::Skip)
        } else if p.eat_all("they reveal it instead . then any other player may pay 2 life . if a player does , put that card into its owner's graveyard . otherwise , that player draws a card") {
            Some(crate::DrawInstead::RevealOthersMayPayLife(2))
        } else if p.eat_all("instead they draw a card and reveal it . if it's a creature card , that player discards it unless they pay 3 life") {
            Some(crate::DrawInstead::DrawRevealCreatureDiscardUnlessLife(3))
        } else if p.eat_all("that player discards a card instead . if the player discards a card this way , they draw a card . if the player doesn't discard a card this way , they mill a card") {
            Some(crate::DrawInstead::DiscardThenDrawOrMill)
        } else {
            None
        };
        if let Some(instead) = instead.filter(|i| {
            when == crate::DrawWhen::Any || *i == crate::DrawInstead::DiscardThenDrawOrMill
        }) {
            return (p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::DrawReplacement {
                    optional: false,
                    instead,
                    each_player: true,
                    when,
                }]
            });
        }
        p.i = start;
    }
    // 419.1a, 217.7b: "If a player would draw a card, that player removes
    // the top card of an opponent's library from the game face down
    // instead." (Shared Fate)
    if p.eat_all("if a player would draw a card , that player exiles the top card of one of their opponents' libraries face down instead") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DrawReplacement {
                optional: false,
                instead: crate::DrawInstead::RemoveOpponentsTop,
                each_player: true,
                when: crate::DrawWhen::Any,
            }]
        });
    }
    // 217.7d: "Each player may look at and play cards he or she removed
    // from the game with CARDNAME as though they were in his or her hand."
    if p.eat_all("each player may look at cards they exiled with cardname , and they may play lands and play spells from among those cards") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::RemoversMayLookAndPlay]);
    }
    // 419.1 replacement (Krark's Thumb).
    if p.eat_all("if you would flip a coin , instead flip two coins and ignore one") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::FlipTwoIgnoreOne]);
    }
    if p.eat_all("you have shroud") {
        return p
            .eat_end()
            .then(|| vec![StaticAbility::ControllerHasShroud]);
    }
    // 419.6c: "As long as CARDNAME is untapped, all combat damage that
    // would be dealt to you by unblocked creatures is dealt to CARDNAME
    // instead." (Weathered Bodyguards)
    if p.at_all("as long as cardname is untapped , all") {
        let start = p.i;
        p.eat_all("as long as cardname is untapped , all");
        let combat = p.eat("combat");
        if p.eat_all(
            "damage that would be dealt to you by unblocked creatures is dealt to cardname instead",
        ) {
            return (p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::DamageReplacement(
                    crate::DamageReplacement::RedirectUnblockedFromYouWhileUntapped { combat },
                )]
            });
        }
        p.i = start;
    }
    // 419.6c: "All damage that would be dealt to you is dealt to enchanted
    // creature instead." (Pariah)
    if p.eat_all("all damage that would be dealt to you is dealt to") {
        let to = if p.eat_all("enchanted creature")
            || p.eat_all("equipped creature")
            || p.eat_all("fortified land")
        {
            Affected::Attached
        } else {
            return None;
        };
        return (p.eat("instead") && p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageReplacement(
                crate::DamageReplacement::RedirectFromYou(to),
            )]
        });
    }
    // 419.1a: "If CARDNAME would be put into a graveyard from anywhere,
    // reveal CARDNAME and shuffle it into its owner's library instead."
    if p.eat_all("if cardname would be put into a graveyard from anywhere ,") {
        p.eat_all("reveal cardname and");
        return this_graveyard_instead(p, crate::GraveyardWhat::ThisFromAnywhere);
    }
    // 419.1a: "If CARDNAME would be put into a graveyard from play, put
    // CARDNAME on top of its owner's library instead." (Gravebane Zombie)
    if p.eat_all("if cardname would be put into a graveyard from play ,")
        || p.eat_all("if cardname would die ,")
    {
        return this_graveyard_instead(p, crate::GraveyardWhat::ThisFromPlay);
    }
    // "If a card would be put into an opponent's graveyard from anywhere,
    // exile it instead." (Leyline of the Void)
    if p.eat_all(
        "if a card would be put into an opponent's graveyard from anywhere , exile it instead",
    ) {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::GraveyardReplacement {
                what: crate::GraveyardWhat::OpponentsCards,
                instead: crate::GraveyardInstead::RemoveFromGame,
            }]
        });
    }
    // "If a permanent would be put into a graveyard, exile it instead."
    if p.eat_all("if a permanent would be put into a graveyard , exile it instead") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::GraveyardReplacement {
                what: crate::GraveyardWhat::AnyPermanent,
                instead: crate::GraveyardInstead::RemoveFromGame,
            }]
        });
    }
    // 419.1a: "If a red source would deal damage to a player, it deals that
    // much damage plus 1 to that player instead." (Tok-Tok, Volcano Born)
    if p.at_all("if a") && p.peek_at(3) == "source" {
        let start = p.i;
        p.eat_all("if a");
        if let Some((color, false)) = color_adjective(p.peek()) {
            p.bump();
            if p.eat_all("source would deal damage to a player , it deals that much damage plus") {
                if let Some(Amount::Fixed(n)) = amount(p) {
                    if n > 0 && p.eat_all("to that player instead") && p.eat_end() && p.at_end() {
                        return Some(vec![StaticAbility::DamageReplacement(
                            crate::DamageReplacement::PlusToPlayer {
                                color,
                                plus: n as u32,
                            },
                        )]);
                    }
                }
            }
        }
        p.i = start;
    }
    // 419.1a: Furnace of Rath.
    if p.eat_all("if a source would deal damage to a permanent or player , it deals double that damage to that permanent or player instead") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::DamageReplacement(crate::DamageReplacement::Double)]);
    }
    // 419.1d: "Prevent all [combat] damage that would be dealt to
    // CARDNAME [by creatures]" / "… to and dealt by enchanted creature" /
    // "… dealt by enchanted creature" / "… dealt to you".
    if let Some(r) = attempt(p, &mut Cx::default(), |p, _| prevent_all_static(p)) {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::DamageReplacement(r)]);
    }
    // "For each 1 damage that would be dealt to CARDNAME, if it has a +1/+1
    // counter on it, remove a +1/+1 counter from it and prevent that 1
    // damage." (Rock Hydra)
    if p.eat_all("for each 1 damage that would be dealt to cardname , if it has a +1/+1 counter on it , remove a +1/+1 counter from it and prevent that 1 damage") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageReplacement(
                crate::DamageReplacement::PreventByRemovingCounters,
            )]
        });
    }
    // "If damage would be dealt to CARDNAME, prevent that damage. Remove a
    // +1/+1 counter from CARDNAME." (Phantom Centaur)
    if p.eat_all("if damage would be dealt to cardname , prevent that damage . remove a +1/+1 counter from cardname") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageReplacement(
                crate::DamageReplacement::PreventAllRemovingACounter,
            )]
        });
    }
    // 419.1a: "If a creature dealt damage by CARDNAME / enchanted creature
    // this turn would be put into a graveyard, exile it instead."
    if p.eat_all("if a creature dealt damage by") {
        let by = if p.eat("cardname") {
            Affected::This
        } else if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
            Affected::Attached
        } else {
            return None;
        };
        (p.eat_all("this turn would die , exile it instead")
            || p.eat_all("this turn would be put into a graveyard , exile it instead"))
        .then_some(())?;
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::ExileIfDamagedByDies(by)]);
    }
    // 419.1a: "If a player would gain life, that player gains no life
    // instead." (Sulfuric Vortex)
    if p.eat_all("if a player would gain life , that player gains no life instead") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::NoLifeGain]);
    }
    // Lich: "If you would gain life, draw that many cards instead."
    if p.eat_all("if you would gain life , draw that many cards instead") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::LifeGainDrawsInstead]);
    }
    // 419.1a, 501.5: "If CARDNAME would be destroyed, regenerate it."
    if p.eat_all("if cardname would be destroyed , regenerate it") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::RegeneratesIfDestroyed]);
    }
    // 419.1a, 419.1d: "If [source] would deal [N or less] damage to
    // [recipient], [instead]" composed from its parts (Callous Giant,
    // Urza's Armor, Divine Presence, Phytohydra, Szadek).
    if p.at("if") {
        if let Some(shape) = attempt(p, &mut Cx::default(), |p, _| {
            prevention::damage_shape_static(p)
        }) {
            return (p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::DamageReplacement(
                    crate::DamageReplacement::Shaped(Box::new(shape)),
                )]
            });
        }
    }
    // 418.5k: an effect on the rules of the game (Spellbook).
    if p.eat_all("you have no maximum hand size") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::NoMaximumHandSize]);
    }
    // 419.1b: "As CARDNAME comes into play, choose an opponent."
    if p.eat_all("as cardname comes into play , choose an opponent") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseOpponent]);
    }
    // 418.5k: "Your maximum hand size is increased by one." (Minamo
    // Scrollkeeper) / "… is reduced by four." (Thought Devourer)
    if p.eat_all("your maximum hand size is") {
        if let Some(n) = number_word(p.peek()).and_then(|n| u32::try_from(n).ok()) {
            p.bump();
            return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::YourMaxHandSize(n)]);
        }
        let sign = match p.bump() {
            "increased" => 1,
            "reduced" => -1,
            _ => return None,
        };
        p.eat("by").then_some(())?;
        let n = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
        p.bump();
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::MaxHandSizeChange(sign * n)]);
    }
    // 418.5k: "The chosen player's maximum hand size is four." (Cursed Rack)
    if p.eat_all("the chosen player's maximum hand size is") {
        let n: u32 = number_word(p.peek())
            .or_else(|| p.peek().parse().ok())?
            .try_into()
            .ok()?;
        p.bump();
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::ChosenPlayerMaxHandSize(n)]);
    }
    // 419.1b: "As CARDNAME comes into play, choose a color."
    if p.eat_all("as cardname comes into play , choose a color") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseColor]);
    }
    // 419.1b: "As CARDNAME comes into play, choose a creature type." Caller
    // of the Hunt's modern "As an additional cost to cast this spell, choose
    // a creature type" is its 2007 "As Caller of the Hunt comes into play,
    // choose a creature type" (503.8's example): the 2007 rules govern.
    if p.eat_all("as cardname comes into play , choose a creature type")
        || p.eat_all("as an additional cost to play this spell , choose a creature type")
    {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseCreatureType]);
    }
    // 212.6d, 419.1b: "As CARDNAME comes into play, choose a basic land
    // type." (Phantasmal Terrain)
    if p.eat_all("as cardname comes into play , choose a basic land type") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseBasicLandType]);
    }
    // 419.1b, 504.8: "As CARDNAME comes into play [or is turned face up],
    // it becomes your choice of 5/1 or 1/5." (Aquamorph Entity)
    if p.at_all("as cardname comes into play") {
        let start = p.i;
        p.eat_all("as cardname comes into play");
        let face_up = p.eat_all("or is turned face up");
        if p.eat_all(", it becomes your choice of") {
            let mut options = Vec::new();
            while let Some(pt) = pt_set(p.peek()) {
                p.bump();
                options.push(pt);
                if !p.eat("or") && !p.eat(",") {
                    break;
                }
            }
            return (options.len() >= 2 && p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::AsComesIntoPlayChoosePowerToughness { options, face_up }]
            });
        }
        // 419.1b, 504.1: ", turn all other nontoken creatures in play face
        // down. They're 2/2 creatures." (Ixidron)
        if !face_up && p.eat_all(", turn all") {
            let f = group(p)?;
            p.eat_all("in play");
            if !p.eat_all("face down") {
                return None;
            }
            if p.at_all(". they're 2/2 creatures") {
                p.eat(".");
                p.eat_all("they're 2/2 creatures");
            }
            return (p.eat_end() && p.at_end())
                .then(|| vec![StaticAbility::AsComesIntoPlayTurnFaceDown(f)]);
        }
        // 504.8, 503: "…, you may choose another creature in play. If you
        // do, until CARDNAME is turned face down, it becomes a copy of that
        // creature, except it has \"[ability]\"." (Vesuvan Shapeshifter)
        if face_up && p.eat_all(", you may choose") {
            let f = group(p)?;
            p.eat_all("in play");
            if !p.eat_all(". if you do , until cardname is turned face down , it becomes a copy of that creature , except it has") {
                return None;
            }
            let has = Some(p.quoted_ability()?);
            return (p.eat_end() && p.at_end()).then(|| {
                vec![
                    StaticAbility::ComesIntoPlayAsCopy(f.clone()),
                    StaticAbility::CopyExceptions {
                        keeps_color: false,
                        has,
                        also_types: crate::TypeSet::EMPTY,
                    },
                    StaticAbility::CopyAsTurnedFaceUp(f),
                ]
            });
        }
        p.i = start;
    }
    // 419.1b: "As CARDNAME comes into play, name a [nonland] card." (Oracle
    // "choose a [nonland] card name"; Pithing Needle, Meddling Mage).
    if p.eat_all("as cardname comes into play , choose a") {
        let nonland = p.eat("nonland");
        if !p.eat_all("card name") {
            return None;
        }
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayNameCard { nonland }]);
    }
    // "Activated abilities of sources with the chosen name can't be played
    // [unless they're mana abilities]." (Pithing Needle, Voidstone Gargoyle;
    // Oracle "can't be activated"); "Activated abilities of creatures
    // (artifacts, artifacts and creatures) can't be played …" (Cursed
    // Totem, Null Rod, Damping Matrix).
    if p.at_all("activated abilities of") && p.peek_at(3) != "each" {
        p.eat_all("activated abilities of");
        let filter = if p.eat_all("sources with the chosen name") {
            ObjectFilter {
                chosen_name: true,
                ..Default::default()
            }
        } else {
            group(p)?
        };
        // 409.1f: "Activated abilities of white enchantments cost {3} more
        // to play." (Gloom): only enchantments' (the engine's plain mana
        // sources are never enchantments, `ManaSource::of`).
        if p.eat("cost") {
            let enchantments = filter.types_any.contains(CardType::Enchantment)
                && filter.types_any.0.count_ones() == 1
                && filter.types_all.0 == 0
                && !filter.chosen_name;
            enchantments.then_some(())?;
            let generic = generic_mana(p)?;
            p.eat("more").then_some(())?;
            p.eat("to").then_some(())?;
            p.eat_any(&["play", "activate"])?;
            return (p.eat_end() && p.at_end())
                .then(|| vec![StaticAbility::AbilitiesCostMore { filter, generic }]);
        }
        if !p.eat_all("can't be activated") {
            return None;
        }
        let except_mana = p.eat_all("unless they're mana abilities");
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::CantPlayAbilities {
                affected: Affected::Each(filter),
                except_mana,
                tap_only: false,
            }]
        });
    }
    // "Equipment named Sword of Kaldra, Shield of Kaldra, and Helm of
    // Kaldra have indestructible." (Shield of Kaldra): a static ability per
    // name (layer 5: the keyword, 420.5c).
    if p.eat_all("equipment named") {
        let mut out = Vec::new();
        loop {
            let name = if p.eat("cardname") {
                SELF.to_string()
            } else {
                let mut words = Vec::new();
                while !p.at_end() && !matches!(p.peek(), "," | "and" | "are" | "have" | ".") {
                    words.push(p.raw().to_string());
                    p.bump();
                }
                (!words.is_empty()).then_some(())?;
                words.join(" ")
            };
            let mut f = ObjectFilter::of_type(CardType::Artifact);
            f.subtypes_any = vec![crate::Subtype::intern("Equipment")];
            f.named = Some(name);
            out.push(f);
            p.eat(",");
            p.eat("and");
            if p.at_any_of(&["are", "have"]) {
                break;
            }
            (!p.at_end()).then_some(())?;
        }
        (p.eat_all("are indestructible") || p.eat_all("have indestructible")).then_some(())?;
        (p.eat_end() && p.at_end()).then_some(())?;
        let mut add_keywords = KeywordSet::EMPTY;
        add_keywords.insert(crate::Keyword::Indestructible);
        return Some(
            out.into_iter()
                .map(|f| StaticAbility::Continuous {
                    affected: Affected::Each(f),
                    effect: LayerEffect {
                        add_keywords,
                        ..Default::default()
                    },
                })
                .collect(),
        );
    }
    if p.eat_all("cardname has protection from the chosen color") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::ProtectionFromChosenColor]);
    }
    if let Some(v) = super::rules_statics::rules_static(p) {
        return Some(v);
    }
    // Layer 2: "You control enchanted creature." (Control Magic)
    if p.eat_all("you control enchanted") {
        let (_, noun) = filter(p)?;
        return (noun == Noun::Permanent && p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::Continuous {
                affected: Affected::Attached,
                effect: LayerEffect {
                    gain_control: true,
                    ..Default::default()
                },
            }]
        });
    }
    // 503, 419.1b: "As CARDNAME comes into play, you may choose a creature
    // in play. If you do, CARDNAME comes into play as a copy of that
    // creature." (modern: "You may have CARDNAME enter as a copy of any
    // creature on the battlefield.")
    if p.eat_all("you may have cardname come into play as a copy of any") {
        let f = group(p)?;
        p.eat_all("in play");
        // 503.9: "…, except it doesn't copy that creature's color and it
        // has \"[ability]\"" (Vesuvan Doppelganger).
        let keeps_color = p.eat_all(", except it doesn't copy that creature's color");
        let has = if keeps_color && p.eat_all("and it has") {
            Some(p.quoted_ability()?)
        } else {
            None
        };
        // 503.9: "…, except it's an enchantment in addition to its other
        // types" (Copy Artifact).
        let mut also_types = crate::TypeSet::EMPTY;
        if !keeps_color && p.eat_all(", except it's an") {
            let t = match p.bump() {
                "enchantment" => crate::CardType::Enchantment,
                "artifact" => crate::CardType::Artifact,
                _ => return None,
            };
            p.eat_all("in addition to its other types").then_some(())?;
            also_types = crate::TypeSet::single(t);
        }
        let mut v = vec![StaticAbility::ComesIntoPlayAsCopy(f)];
        if keeps_color || !also_types.is_empty() {
            v.push(StaticAbility::CopyExceptions {
                keeps_color,
                has,
                also_types,
            });
        }
        return (p.eat_end() && p.at_end()).then_some(v);
    }
    if p.eat_all("a deck can have any number of cards named cardname") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::AnyNumberInDeck]);
    }
    if p.eat_all("cards in graveyards lose all abilities") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::GraveyardCardsLoseAbilities]);
    }
    if p.eat_all("players don't lose unspent mana as steps and phases end") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::PlayersKeepUnspentMana]);
    }
    if p.eat_all("you don't lose the game for having 0 or less life") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::NoLossForZeroLife]);
    }
    if p.eat_all("you can't lose the game and your opponents can't win the game") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::CantLoseGame]);
    }
    if p.eat_all("if you control a creature , damage that would reduce your life total to less than 1 reduces it to 1 instead") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageLeavesLifeAtOneIfControls(
                ObjectFilter::of_type(CardType::Creature),
            )]
        });
    }
    if p.eat_all("damage that would reduce your life total to less than 1 reduces it to 1 instead")
    {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::DamageLeavesLifeAtOne]);
    }
    if let Some(s) = attempt(p, &mut cx, |p, _| untap_limit(p)) {
        return Some(vec![s]);
    }
    if p.eat_all("players skip their untap steps") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::SkipUntapSteps]);
    }
    if p.eat_all("you may choose not to untap cardname during your untap step") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::MayChooseNotToUntap]);
    }
    // "CARDNAME's power is equal to the number of creature cards in all
    // graveyards and its toughness is equal to that number plus 1." (Lhurgoyf)
    if p.eat_all("cardname's power is equal to the number of") {
        let (f, Noun::Card) = filter(p)? else {
            return None;
        };
        p.eat_all("in all graveyards and its toughness is equal to that number plus")
            .then_some(())?;
        let plus = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
        p.bump();
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::PowerToughnessFromCards {
                filter: f,
                only_yours: false,
                toughness_plus: plus,
            }]
        });
    }
    if p.at_all("cardname's power and toughness are each equal to the number of") {
        let start = p.i;
        p.eat_all("cardname's power and toughness are each equal to the number of");
        // "… creature cards in all graveyards" / "in your graveyard".
        if let Some((f, Noun::Card)) = filter(p) {
            let only_yours = if p.eat_all("in all graveyards") {
                false
            } else if p.eat_all("in your graveyard") {
                true
            } else {
                return None;
            };
            return (p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::PowerToughnessFromCards {
                    filter: f,
                    only_yours,
                    toughness_plus: 0,
                }]
            });
        }
        p.i = start;
    }
    if p.eat_all("cardname's power and toughness are each equal to the number of") {
        let f = group(p)?;
        p.eat_all("in play");
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::PowerToughnessFromCount(f)]);
    }
    let affected = if p.eat("cardname") {
        Affected::This
    } else if p.eat_all("enchanted creature")
        || p.eat_all("equipped creature")
        || p.eat_all("fortified land")
        || p.eat_all("enchanted land")
        || p.eat_all("enchanted artifact")
        || p.eat_all("enchanted permanent")
        || p.eat_all("enchanted wall")
    {
        Affected::Attached
    } else {
        let _ = p.eat("all") || p.eat("each");
        Affected::Each(group(p)?)
    };
    let this = affected == Affected::This;
    let mut out = Vec::new();
    let (mut power, mut toughness, mut keywords, mut modify) = (0, 0, KeywordSet::EMPTY, false);
    // The other layered parts: types (4), abilities lost (5), P/T set (6b).
    let mut layered = LayerEffect::default();
    loop {
        if p.at_any_of(&["lose", "loses"]) && p.peek_at(1) != "all" {
            // Layer 5: "Enchanted creature loses flying."
            p.bump();
            layered.remove_keywords = layered.remove_keywords.union(keyword_list(p)?);
            modify = true;
        } else if p.eat_any(&["lose", "loses"]).is_some() {
            p.eat_all("all abilities").then_some(())?;
            layered.lose_all_abilities = true;
            modify = true;
        } else if let Some(e) = land_type_clause(p) {
            // Layer 4 (212.6e): "Nonbasic lands are Mountains", "Each land
            // is a Swamp in addition to its other land types", "All
            // Forests are 1/1 creatures that are still lands".
            layered.set_land_type = layered.set_land_type.or(e.set_land_type);
            layered.set_land_type_chosen |= e.set_land_type_chosen;
            for st in e.add_subtypes.iter() {
                layered.add_subtypes.insert(st);
            }
            layered.add_types = crate::TypeSet(layered.add_types.0 | e.add_types.0);
            layered.set_colors = layered.set_colors.or(e.set_colors);
            layered.set_pt = layered.set_pt.or(e.set_pt);
            // "… 2/2 creatures with first strike" (Natural Emergence).
            keywords = keywords.union(e.add_keywords);
            modify = true;
        } else if matches!(p.peek(), "is" | "are")
            && color_adjective(p.peek_at(1)).is_some_and(|(_, neg)| !neg)
        {
            // Layer 5: "Enchanted creature … is black."
            p.bump();
            let (c, _) = color_adjective(p.bump())?;
            layered.set_colors = Some(ColorSet::single(c));
            modify = true;
        } else if p.eat_all("are legendary") || p.eat_all("is legendary") {
            // Layer 4 (212.1c): a supertype added (Leyline of Singularity).
            layered.add_supertypes.insert(crate::Supertype::Legendary);
            modify = true;
        } else if p.eat_all("is a creature in addition to its other types")
            || p.eat_all("are creatures in addition to their other types")
        {
            layered.add_types.insert(CardType::Creature);
            modify = true;
        } else if p.eat_all("is an artifact creature")
            || (!this && p.eat_all("becomes an artifact creature"))
        {
            // March of the Machines: "Each noncreature artifact is an
            // artifact creature with power and toughness each equal to its
            // converted mana cost" (layers 4 and 6b).
            layered.add_types.insert(CardType::Artifact);
            layered.add_types.insert(CardType::Creature);
            if p.eat_all("with power and toughness each equal to its converted mana cost") {
                layered.set_pt = Some(crate::SetPt::ConvertedManaCost);
            }
            modify = true;
        } else if matches!(p.peek(), "has" | "have") && p.peek_at(1) == "base" {
            p.bump();
            p.bump();
            if p.eat_all("power and base toughness each equal to its converted mana cost")
                || p.eat_all("power and toughness each equal to its converted mana cost")
            {
                layered.set_pt = Some(crate::SetPt::ConvertedManaCost);
            } else {
                p.eat_all("power and toughness").then_some(())?;
                let (power, toughness) = pt_set(p.peek())?;
                p.bump();
                layered.set_pt = Some(crate::SetPt::Fixed { power, toughness });
            }
            modify = true;
        } else if p.at_any_of(&["get", "gets"])
            && p.peek_at(1) == "+x/+y"
            && !matches!(affected, Affected::Each(_))
        {
            // "gets +X/+Y, where X is half the number of Forests you
            // control, rounded down, and Y is half the number of Forests
            // you control, rounded up." (Aspect of Wolf)
            p.bump();
            p.bump();
            p.eat_all(", where x is half the number of").then_some(())?;
            let start = p.i;
            let f = group(attempt_skip_article(p))?;
            let toks = p.t;
            let noun: Vec<&str> = toks[start..p.i].iter().map(|t| t.low.as_str()).collect();
            p.eat_all(", rounded down , and y is half the number of")
                .then_some(())?;
            for w in &noun {
                p.eat(w).then_some(())?;
            }
            p.eat_all(", rounded up").then_some(())?;
            out.push(StaticAbility::PlusHalfPerCount {
                affected: affected.clone(),
                filter: f,
            });
        } else if p.eat_any(&["get", "gets"]).is_some() {
            (power, toughness) = pt_mod(p.peek())?;
            p.bump();
            if p.eat_all(
                "for each other creature in play that shares at least one creature type with it",
            ) {
                out.push(StaticAbility::PlusPerSharedCreatureType {
                    affected: affected.clone(),
                    power,
                    toughness,
                });
            } else if p.at_all("for each card in your hand")
                || p.at_all("for each basic land type among lands you control")
            {
                if matches!(affected, Affected::Each(_)) {
                    return None;
                }
                let count = if p.eat_all("for each card in your hand") {
                    crate::YourCount::CardsInHand
                } else {
                    p.eat_all("for each basic land type among lands you control");
                    crate::YourCount::BasicLandTypes
                };
                out.push(StaticAbility::PlusPerYourCount {
                    affected: affected.clone(),
                    count,
                    power,
                    toughness,
                });
            } else if let Some(count) = counters_pump(p) {
                out.push(StaticAbility::PlusPerYourCount {
                    affected: affected.clone(),
                    count,
                    power,
                    toughness,
                });
            } else if p.eat_all("for each") {
                if matches!(affected, Affected::Each(_)) {
                    return None;
                }
                let mut f = group(attempt_skip_article(p))?;
                // "+2/+2 for each Equipment attached to it" (Loxodon
                // Punisher): the permanent with the ability.
                if this && p.eat_all("attached to it") {
                    f.attached_to_source = true;
                }
                p.eat_all("in play");
                // "… in play named CARDNAME" (Relentless Rats).
                if p.eat_all("named cardname") {
                    f.named = Some(SELF.to_string());
                }
                out.push(StaticAbility::PlusPerCount {
                    affected: affected.clone(),
                    filter: f,
                    power,
                    toughness,
                });
            } else {
                modify = true;
            }
        } else if p.at_any_of(&["has", "have"])
            && matches!(p.peek_at(1), "menace" | "hexproof")
            && matches!(p.peek_at(2), "." | "")
        {
            // Not 2007 keywords: "Creatures you control have menace."
            // (Goblin War Drums: "can't be blocked except by two or more
            // creatures", 500.1), "Artifacts you control have hexproof."
            // (Leonin Abunas: "can't be the targets of spells or abilities
            // your opponents control"), as a printed one reads
            // (`keywords.rs`).
            p.bump();
            if p.eat("menace") {
                out.push(StaticAbility::BlockRestriction {
                    affected: affected.clone(),
                    rule: crate::BlockRule::AtLeast(2),
                });
            } else {
                p.bump();
                out.push(StaticAbility::CantBeTargetedBy {
                    affected: affected.clone(),
                    spells_only: false,
                    colors: ColorSet::EMPTY,
                    opponents: true,
                    auras: false,
                });
            }
        } else if p.eat_any(&["has", "have"]).is_some() {
            // Layer 5: keywords, or an ability in quotes (at most one).
            if p.at("\"") && layered.grant.is_none() {
                layered.grant = Some(p.quoted_ability()?);
            } else if matches!(p.peek(), "poisonous" | "frenzy") && layered.grant.is_none() {
                // 502.69a, 502.66a: "have poisonous 1" (Virulent Sliver).
                let abilities = super::keywords::granted_triggered_keyword(p)?;
                layered.grant = Some(p.grant(abilities)?);
            } else if let Some(colors) = protection_colors(p) {
                // 502.7: "Enchanted creature has protection from black."
                layered.add_protection = ColorSet(layered.add_protection.0 | colors.0);
            } else if let Some((types, colors)) =
                super::keywords::protection_types_and_colors(p)
            {
                // 502.7: "Enchanted creature has protection from
                // creatures." (Unquestioned Authority)
                layered.add_protection_types =
                    crate::TypeSet(layered.add_protection_types.0 | types.0);
                layered.add_protection = ColorSet(layered.add_protection.0 | colors.0);
            } else if p.eat_all("protection from the chosen color") {
                // 502.7, 419.1b: the colour chosen as it came into play
                // (Cho-Manno's Blessing, Ward Sliver).
                layered.add_protection_chosen = true;
            } else {
                keywords = keywords.union(keyword_list(p)?);
                // "… haste, and protection from black and from red"
                // (Akroma's Memorial, 502.7).
                if p.at_all(", and protection from") || p.at_all("and protection from") {
                    let start = p.i;
                    p.eat(",");
                    p.eat("and");
                    match protection_colors(p) {
                        Some(colors) => {
                            layered.add_protection = ColorSet(layered.add_protection.0 | colors.0)
                        }
                        None => p.i = start,
                    }
                }
                // "… have flying and \"{R}: …\"" (Homura's Essence).
                if layered.grant.is_none() && p.peek() == "and" && p.peek_at(1) == "\"" {
                    p.bump();
                    layered.grant = Some(p.quoted_ability()?);
                }
            }
            modify = true;
        } else if p.eat_all("can't be enchanted by other auras") {
            // Consecrate Land (212.4d).
            out.push(StaticAbility::CantBeEnchantedByOthers(affected.clone()));
        } else if this && p.eat_all("can't attack unless defending player controls") {
            // 500.1: Sea Monster.
            attempt_skip_article(p);
            let f = group(p)?;
            out.push(StaticAbility::CantAttackUnlessDefenderControls(f));
        } else if p.eat_all("can block creatures with shadow as though") {
            // 502.8: Aetherflame Wall, Heartwood Dryad, Aether Web.
            (p.eat_all("they didn't have shadow")
                || (this && p.eat_all("cardname had shadow")))
            .then_some(())?;
            out.push(StaticAbility::CanBlockShadow(affected.clone()));
            modify = true;
        } else if p.eat_all(
            "can block creatures with landwalk abilities as though they didn't have those abilities",
        ) {
            // 502.6: Street Savvy.
            out.push(StaticAbility::CanBlockLandwalkers(affected.clone()));
            modify = true;
        } else if this && p.eat_all("can't attack unless you control more") {
            // 500.1: Monstrous Hound, Goblin Goon.
            let f = group(p)?;
            p.eat_all("than defending player").then_some(())?;
            out.push(StaticAbility::CantAttackUnlessMoreThanDefender(f));
        } else if this && p.eat_all("can't block unless you control more") {
            let f = group(p)?;
            p.eat_all("than attacking player").then_some(())?;
            out.push(StaticAbility::CantBlockUnlessMoreThanAttacker(f));
        } else if this && p.eat_all("can't attack if defending player controls") {
            // 500.1: Orgg.
            attempt_skip_article(p);
            let f = group(p)?;
            out.push(StaticAbility::CantAttackIfDefenderControls(f));
        } else if this && p.at_all("can't block") && (p.at_all_from(2, "creatures") || {
            // "can't block black creatures": a group of creatures, to the end.
            let i = p.i;
            p.eat_all("can't block");
            let ok = group(p)
                .is_some_and(|f| f.types_any.contains(crate::CardType::Creature) && p.at("."));
            p.i = i;
            ok
        }) {
            // 500.1: "can't block creatures with power 2 or greater"
            // (Ironclaw Orcs), "… 2 or less" (Sunweb), "can't block black
            // creatures" (Gibbering Hyenas).
            p.eat_all("can't block");
            let f = group(p)?;
            out.push(StaticAbility::CantBlockCreatures(f));
        } else if p.eat_all("can't attack or block") {
            out.push(StaticAbility::CantAttack(affected.clone()));
            out.push(StaticAbility::CantBlock(affected.clone()));
            // "…, and their activated abilities with {T} in their costs
            // can't be activated." (Katabatic Winds)
            if let Affected::Each(_) = &affected {
                if p.eat_all(
                    ", and their activated abilities with {t} in their costs can't be activated",
                ) {
                    out.push(StaticAbility::CantPlayAbilities {
                        affected: affected.clone(),
                        except_mana: false,
                        tap_only: true,
                    });
                }
            }
            // "Enchanted creature can't attack or block, and its activated
            // abilities can't be activated [unless they're mana
            // abilities]." (Arrest, Stasis Cocoon, Faith's Fetters)
            if affected == Affected::Attached {
                its_abilities_cant_be_played(p, &affected, &mut out);
            }
        } else if !this && affected == Affected::Attached && p.at_all("can't block , and its") {
            // "Enchanted creature can't block, and its activated abilities
            // can't be activated." (Gelid Shackles)
            p.eat_all("can't block");
            out.push(StaticAbility::CantBlock(affected.clone()));
            its_abilities_cant_be_played(p, &affected, &mut out);
        } else if this && p.at_all("can't attack unless you sacrifice") {
            // 308.2d: "Leviathan can't attack unless you sacrifice two
            // Islands." (the reminder: paid as attackers are declared).
            p.eat_all("can't attack unless you");
            let (cost, count) = super::upkeep::sacrifice_cost(p)?;
            out.push(StaticAbility::AttackSacrificeCost {
                affected: affected.clone(),
                filter: cost.sacrifice?,
                count,
            });
        } else if !this && p.eat_all("can't attack unless its controller pays") {
            // 308.2d: Brainwash's cost to attack with the enchanted creature.
            let generic = generic_mana(p)?;
            out.push(StaticAbility::AttackCostOf {
                affected: affected.clone(),
                generic,
            });
        } else if p.eat_all("can't attack you") {
            // Only a group ("Creatures of the chosen color without flying").
            matches!(affected, Affected::Each(_)).then_some(())?;
            out.push(StaticAbility::CantAttackYou(affected.clone()));
        } else if p.eat_all("can't attack") {
            out.push(StaticAbility::CantAttack(affected.clone()));
        } else if this && p.at_all("can't block if") {
            // 500.1: "Branded Brawlers can't block if you control an
            // untapped land." (a restriction while the condition holds).
            p.eat_all("can't block if");
            let condition = super::amounts::condition(p, &mut Cx::default())?;
            out.push(StaticAbility::StaticIf {
                condition,
                inner: Box::new(StaticAbility::CantBlock(affected.clone())),
            });
        } else if p.eat_all("can't block") {
            out.push(StaticAbility::CantBlock(affected.clone()));
        } else if this && p.eat_all("can't be blocked by more than one creature") {
            out.push(StaticAbility::CantBeBlockedByMoreThanOne);
        } else if p.eat_all("can't be blocked by more than one creature") {
            // 500.1: Familiar Ground's group, Vorrac Battlehorns' equipped
            // creature.
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::AtMostOne,
            });
        } else if this && p.eat_all("can't be blocked except by") {
            let start = p.i;
            if let Some(n) = or_more_creatures(p) {
                // "… except by three or more creatures" (Phyrexian Colossus).
                out.push(StaticAbility::BlockRestriction {
                    affected: affected.clone(),
                    rule: crate::BlockRule::AtLeast(n),
                });
            } else {
                p.i = start;
                match either_groups(p)? {
                    (a, Some(b)) => out.push(StaticAbility::BlockableOnlyByEither(a, b)),
                    (f, None) => out.push(StaticAbility::BlockableOnlyBy(f)),
                }
            }
        } else if this && p.at_all("can't be blocked by") {
            // 500.1: "can't be blocked by Walls" (Juggernaut).
            p.eat_all("can't be blocked by");
            let f = group(p)?;
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::NotBy(f),
            });
        } else if this && p.eat_all("can't be blocked") {
            out.push(StaticAbility::Unblockable);
        } else if p.eat_all("can't be blocked except by") {
            // 500.1: an Aura's or Equipment's restriction (Treetop Bracers).
            let rule = if let Some(n) = or_more_creatures(p) {
                crate::BlockRule::AtLeast(n)
            } else {
                // "… except by artifact creatures and/or white creatures"
                // (Seeker).
                match either_groups(p)? {
                    (a, Some(b)) => crate::BlockRule::OnlyByEither(a, b),
                    (f, None) => crate::BlockRule::OnlyBy(f),
                }
            };
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule,
            });
        } else if p.eat_all("can't be blocked by") {
            // 500.1: "can't be blocked by Walls" (Juggernaut).
            let f = group(p)?;
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::NotBy(f),
            });
        } else if p.eat_all("can't be blocked") {
            // Whispersilk Cloak's equipped creature.
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::Unblockable,
            });
        } else if this
            && (p.eat_all("attacks each combat if able") || p.eat_all("attacks each turn if able"))
        {
            out.push(StaticAbility::AttacksEachTurn);
        } else if p.eat_all("attacks each combat if able")
            || p.eat_all("attacks each turn if able")
            || (matches!(affected, Affected::Each(_)) && p.eat_all("attack each combat if able"))
        {
            // "All creatures attack each combat if able." (Grand Melee)
            out.push(StaticAbility::MustAttack(affected.clone()));
        } else if this && p.eat_all("must be blocked if able") {
            // 500.1: Goblin Fire Fiend.
            out.push(StaticAbility::MustBeBlocked);
        } else if p.eat_all("blocks each combat if able")
            || (matches!(affected, Affected::Each(_)) && p.eat_all("block each combat if able"))
        {
            // 500.1 requirement to block (Watchdog, Grand Melee).
            out.push(StaticAbility::MustBlock(affected.clone()));
        } else if p.eat_all("can block any number of creatures") {
            // Ironfist Crusher ("each combat" in the modern wording).
            p.eat_all("each combat");
            out.push(StaticAbility::CanBlockAnyNumber(affected.clone()));
        } else if p.eat_all("can block an additional creature") {
            // High Ground ("each combat" in the modern wording).
            p.eat_all("each combat");
            out.push(StaticAbility::CanBlockAdditional(affected.clone()));
        } else if p.eat_all("can't be the target of") || p.eat_all("can't be the targets of") {
            // Karplusan Strider: "of blue or black spells"; Troll Ascetic's
            // 2007 text: "of spells or abilities your opponents control".
            let colors = target_colors(p);
            // 212.4a: "… of Aura spells" (Bartel Runeaxe).
            let auras = colors.is_empty() && p.eat_all("aura spells");
            if !auras {
                p.eat("spells").then_some(())?;
            }
            let spells_only = auras || !p.eat_all("or abilities");
            // "… of black spells or abilities from black sources" (Mercenary
            // Informer, Spellbane Centaur): the colour of an ability's
            // source, the same colours as the spells'.
            if !spells_only && !colors.is_empty() && p.eat("from") {
                (target_colors(p) == colors && p.eat("sources")).then_some(())?;
            }
            let opponents = p.eat_all("your opponents control");
            out.push(StaticAbility::CantBeTargetedBy {
                affected: affected.clone(),
                spells_only,
                colors,
                opponents,
                auras,
            });
        } else if !this && p.eat_all("can attack as though it had haste") {
            // 212.3f: Instill Energy.
            out.push(StaticAbility::AttacksAsThoughHaste(affected.clone()));
        } else if p.eat_all("can attack as though it didn't have defender")
            || (matches!(affected, Affected::Each(_))
                && p.eat_all("can attack as though they didn't have defender"))
        {
            // 502.40: Animate Wall; Slithering Shade (hellbent), Rolling Stones.
            out.push(StaticAbility::AttacksAsThoughNoDefender(affected.clone()));
        } else if p.eat_all("doesn't untap during its controller's untap step")
            || (this && p.eat_all("doesn't untap during your untap step"))
            || (matches!(affected, Affected::Each(_))
                && p.eat_all("don't untap during their controllers' untap steps"))
        {
            // 302.2: "Blue creatures don't untap during their controllers'
            // untap steps." (Magnetic Mountain, Meekstone).
            // "… if it has a depletion counter on it" (Land Cap): only
            // while it has one (a condition on its own status).
            let depleted = if this && p.at_all("if it has a") {
                p.eat_all("if it has a");
                let kind = counter_kind(p.bump())?;
                p.eat_all("counter on it").then_some(())?;
                Some(crate::Condition::CountersOnThis { kind, at_least: 1 })
            } else if this && p.eat_all("if it attacked during your last turn") {
                // Goblin Rock Sled: its attack in its controller's last
                // turn (`ThisTurnFact::AttackedYourLastTurn`).
                Some(crate::Condition::ThisTurn {
                    fact: crate::ThisTurnFact::AttackedYourLastTurn,
                    did: true,
                })
            } else if this && p.at_all("if an opponent controls") {
                // "… if an opponent controls two or more creatures"
                // (Walking Dream): judged as the untap step untaps (302.2).
                p.eat("if");
                let c = super::amounts::condition(p, &mut Cx::default())?;
                matches!(c, crate::Condition::AnOpponentHasAtLeast { .. }).then_some(())?;
                Some(c)
            } else {
                None
            };
            out.push(match depleted {
                Some(condition) => StaticAbility::StaticIf {
                    condition,
                    inner: Box::new(StaticAbility::DoesntUntap(affected.clone())),
                },
                None => StaticAbility::DoesntUntap(affected.clone()),
            });
        } else if this && out.is_empty() && !modify && p.eat_all("comes into play tapped") {
            out.push(StaticAbility::ComesIntoPlayTapped);
            // "… tapped with two depletion counters on it." (Peat Bog)
            if p.eat("with") {
                let (kind, amount) = counters_on_it(p)?;
                out.push(StaticAbility::ComesIntoPlayWithCounters {
                    kind,
                    amount,
                    from_hand: None,
                });
            }
        } else if this && p.at_all("comes into play with x") && p.at_all_from(6, "counters on it .")
        {
            // 419.1b: "… with X +1/+1 counters on it." (Rock Hydra): its
            // spell's X.
            p.eat_all("comes into play with x");
            let kind = counter_kind(p.bump())?;
            p.eat_all("counters on it");
            out.push(StaticAbility::ComesIntoPlayWithXCounters(kind));
        } else if this && p.eat_all("comes into play with") {
            // 419.1b: "CARDNAME comes into play with N +1/+1 counters on it."
            let (kind, amount) = counters_on_it(p)?;
            // "… a +1/+1 counter on it for each creature card in your
            // graveyard" (Golgari Grave-Troll), "… for each other red
            // creature you control and a +1/+1 counter on it for each other
            // green creature you control" (Ulasht): counted as it comes
            // into play.
            if p.at_all("for each") {
                let mut part = (kind, amount);
                loop {
                    let each = super::amounts::for_each(
                        p,
                        &mut cx,
                        crate::Amount::Fixed(i32::from(part.1)),
                    )?;
                    if matches!(each, crate::Amount::Fixed(_)) {
                        return None;
                    }
                    out.push(StaticAbility::ComesIntoPlayWithCountersFor {
                        kind: part.0,
                        amount: Box::new(each),
                    });
                    if !(p.at("and") && p.at_all_from(1, "a")) {
                        break;
                    }
                    p.eat("and");
                    part = counters_on_it(p)?;
                    if !p.at_all("for each") {
                        return None;
                    }
                }
            } else {
            // "… if you played it from your hand" (Myojin of Cleansing
            // Fire) / "if you didn't play it from your hand" (Epochrasite).
            let from_hand = if p.eat_all("if you play it from your hand")
                || p.eat_all("if you played it from your hand")
            {
                Some(true)
            } else if p.eat_all("if you didn't play it from your hand") {
                Some(false)
            } else {
                None
            };
            out.push(StaticAbility::ComesIntoPlayWithCounters {
                kind,
                amount,
                from_hand,
            });
            }
        } else if out.is_empty() && !modify && p.eat_all("come into play tapped") {
            let Affected::Each(f) = &affected else {
                return None;
            };
            out.push(StaticAbility::OthersComeIntoPlayTapped(f.clone()));
        } else if this && p.eat_all("can block only creatures with flying") {
            out.push(StaticAbility::CanBlockOnlyFlyers);
        } else if p.eat_all("can block only creatures with flying") {
            out.push(StaticAbility::BlocksOnlyFlyers(affected.clone()));
        } else {
            return None;
        }
        let i = p.i;
        let comma = p.eat(",");
        if p.eat("and") && !p.at_end() {
            continue;
        }
        // "gets +1/+1, is black, and has \"…\"" (Possessed Aven).
        if comma && p.at_any_of(&["gets", "get", "is", "are", "has", "have", "loses", "lose"]) {
            continue;
        }
        p.i = i;
        break;
    }
    // 502.7c: "This effect doesn't remove [this]." (the Wards): the
    // protection the Aura grants doesn't put it into its owner's graveyard.
    if affected == Affected::Attached
        && (layered.add_protection.0 != 0 || layered.add_protection_chosen)
        && p.at_all(". this effect doesn't remove cardname")
    {
        p.eat_all(". this effect doesn't remove cardname");
        out.push(StaticAbility::NotRemovedByItsProtection);
    }
    // "If Titania's Song leaves play, this effect continues until end of
    // turn.": the group's effect outlives the permanent
    // (`StaticAbility::ContinuesAfterLeaving`).
    if matches!(affected, Affected::Each(_))
        && modify
        && p.at_all(". if cardname leaves play , this effect continues until end of turn")
    {
        p.eat_all(". if cardname leaves play , this effect continues until end of turn");
        out.push(StaticAbility::ContinuesAfterLeaving);
    }
    if !(p.eat_end() && p.at_end()) {
        return None;
    }
    let _ = &mut cx;
    if modify {
        out.insert(
            0,
            StaticAbility::Continuous {
                affected,
                effect: LayerEffect {
                    power,
                    toughness,
                    add_keywords: keywords,
                    ..layered
                },
            },
        );
    }
    Some(out)
}

/// 418.5a, layer 6d: "… for each growth counter on CARDNAME" (Momentum,
/// Infinite Hourglass: the source's counters), "… for each age counter on
/// it" (Earthen Goo, Thelon of Havenwood: "it" is the subject, each
/// affected object's own).
fn counters_pump(p: &mut P) -> Option<crate::YourCount> {
    let start = p.i;
    let got = (|| {
        p.eat_all("for each").then_some(())?;
        let kind = super::amounts::counter_kind(p.bump())?;
        p.eat("counter").then_some(())?;
        p.eat("on").then_some(())?;
        if p.eat("cardname") {
            Some(crate::YourCount::CountersOnSource(kind))
        } else if p.eat("it") && matches!(p.peek(), "." | "" | "and") {
            Some(crate::YourCount::CountersOnAffected(kind))
        } else {
            None
        }
    })();
    if got.is_none() {
        p.i = start;
    }
    got
}
