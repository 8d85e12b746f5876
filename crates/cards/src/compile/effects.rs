//! The grammar of instructions (416): an imperative ("Destroy target
//! creature.", "Draw a card."), a clause with its subject, and clauses
//! joined by "and" / "then".

use super::*;
use crate::{
    Amount, CardType, CounteredTo, Duration, Effect, LayerEffect, ObjectFilter, ObjectRef,
    PlayerFilter, PlayerRef, Recipient, TargetKind, TargetSpec,
};
use crate::{CombatEffect, DelayedEffect, TurnEffect};

/// Imperative verbs (the controller does it).
fn imperative(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let w = p.peek();
    let e = match w {
        // 502.15: "Simultaneously, all phased-out creatures phase in and all
        // creatures with phasing phase out." (Time and Tide)
        "simultaneously" => {
            p.bump();
            p.eat(",");
            p.eat_all("all phased-out").then_some(())?;
            let (phase_in, n1) = filter(p)?;
            p.eat_all("phase in and all").then_some(())?;
            let (phase_out, n2) = filter(p)?;
            p.eat_all("phase out").then_some(())?;
            (n1 == Noun::Permanent && n2 == Noun::Permanent).then_some(())?;
            Effect::PhaseInAndOut {
                phase_in,
                phase_out,
            }
        }
        // "Attach target Aura attached to a creature to another creature."
        // (Autumn-Tail, Kitsune Sage): the new permanent is chosen on
        // resolution among those the Aura could enchant (212.4).
        "attach" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            // "Attach CARDNAME to target creature [you control]." (Cranial
            // Plating, Stasis Cell): an Equipment or Aura in play moves if
            // it could be attached there (212.2h, 212.4k).
            if p.at_all("to target") {
                p.bump();
                let to = object_phrase(p, cx)?;
                return Some(vec![Effect::Attach { what, to }]);
            }
            p.eat_all("to another").then_some(())?;
            // "Attach it to another permanent it can enchant" (Aura Graft):
            // any permanent the Aura could enchant (212.4).
            if p.eat_all("permanent it can enchant") {
                return Some(vec![Effect::MoveAura {
                    what,
                    to: ObjectFilter::any(),
                }]);
            }
            let (to, noun) = filter(p)?;
            (noun == Noun::Permanent && !to.types_any.is_empty()).then_some(())?;
            Effect::MoveAura { what, to }
        }
        "destroy" => {
            p.bump();
            let mut v = vec![Effect::Destroy {
                what: object_phrase(p, cx)?,
                no_regen: false,
            }];
            // "destroy that creature and CARDNAME" (Loyal Sentry).
            if p.at("and") {
                let i = p.i;
                p.bump();
                match attempt(p, cx, object_phrase) {
                    Some(what) if p.at(".") || p.at_end() => v.push(Effect::Destroy {
                        what,
                        no_regen: false,
                    }),
                    _ => p.i = i,
                }
            }
            return Some(v);
        }
        // 501.8a: "scry N".
        "scry" => {
            p.bump();
            scry(amount(p)?)
        }
        "counter" => {
            p.bump();
            let start = p.i;
            let what = object_phrase(p, cx)?;
            // A target spell, the spell that triggered the ability ("that
            // spell"), or a target activated ability (Stifle's kin).
            if !(matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Spell(_) | TargetKind::ActivatedAbility(_),
                    ..
                })
            ) || what == ObjectRef::Triggering
                || what == ObjectRef::TargetingSpellOrAbility
                || (what == ObjectRef::This && cx.trig_played_this))
                || p.i == start
            {
                return None;
            }
            // "unless its controller pays {1}" (Spiketail Hatchling).
            if p.eat_all("unless its controller pays")
                || p.eat_all("unless that ability's controller pays")
                // "Whenever a player plays an instant spell, counter it
                // unless that player pays {X}, where X is its converted
                // mana cost" (In the Eye of Chaos): the spell's controller
                // (a fixed cost after "that player" stays
                // `Effect::UnlessPays`, Nether Void).
                || (what == ObjectRef::Triggering
                    && cx.trig_player
                    && p.at_all("unless that player pays {x} , where x is its converted mana cost")
                    && p.eat_all("unless that player pays"))
            {
                let symbol = p.peek().strip_prefix('{').and_then(|s| s.strip_suffix('}'))?;
                let generic = if symbol == "x" || symbol == "X" {
                    Amount::X
                } else {
                    Amount::Fixed(symbol.parse::<i32>().ok()?)
                };
                p.bump();
                // "{1} for each card in your hand" (Oppressive Will).
                let mut generic = for_each(p, cx, generic)?;
                // "{X}, where X is its converted mana cost" (Rethink): the
                // spell's, as the counter resolves (203.3).
                if generic == Amount::X && p.eat_all(", where x is its converted mana cost") {
                    generic = Amount::ConvertedManaCostOf(what.clone());
                }
                // Power Sink: "If that player doesn't, they tap all lands
                // with mana abilities they control and lose all unspent
                // mana." (the spell's controller; 406: mana abilities).
                let mut if_unpaid = Vec::new();
                if let ObjectRef::Target(i) = what {
                    if p.at_all(". if that player doesn't , they tap all lands with mana abilities they control and lose all unspent mana") {
                        p.eat_all(". if that player doesn't , they tap all lands with mana abilities they control and lose all unspent mana");
                        let lands = ObjectFilter {
                            types_any: crate::TypeSet::single(crate::CardType::Land),
                            with_mana_ability: true,
                            controller: crate::ControllerFilter::TargetPlayer(i),
                            ..Default::default()
                        };
                        if_unpaid = vec![
                            Effect::Tap {
                                what: ObjectRef::Each(lands),
                            },
                            Effect::EmptyManaPool {
                                who: PlayerRef::ControllerOf(what.clone()),
                            },
                        ];
                    }
                }
                return Some(vec![Effect::CounterUnlessPays {
                    what,
                    generic,
                    to: CounteredTo::Graveyard,
                    if_unpaid,
                }]);
            }
            // "Counter target spell if it has the same name as that card."
            // (Jester's Scepter: the card put into a graveyard as the cost)
            if p.eat_all("if it has the same name as that card") {
                return Some(vec![Effect::IfCondition {
                    condition: crate::Condition::TargetSharesNameWithPaid,
                    effects: vec![Effect::Counter {
                        what,
                        to: CounteredTo::Graveyard,
                    }],
                }]);
            }
            Effect::Counter {
                what,
                to: CounteredTo::Graveyard,
            }
        }
        // 508: "flip CARDNAME" / "flip it": only the flip permanent itself flips.
        "flip" if matches!(p.peek_at(1), "cardname" | "it") => {
            p.bump();
            p.bump();
            Effect::Flip {
                what: ObjectRef::This,
            }
        }
        // "return a card from your graveyard to your hand for each card
        // discarded this way" (Recall): as many as the count, chosen as it
        // resolves, untargeted, none skipped while one is left.
        "return" if p.at_all("return a card from your graveyard to your hand for each") => {
            p.eat_all("return a card from your graveyard to your hand");
            let amount = super::amounts::for_each(p, cx, Amount::Fixed(1))?;
            (amount != Amount::Fixed(1)).then_some(())?;
            Effect::ReturnUpToFromGraveyard {
                filter: ObjectFilter::default(),
                amount,
                up_to: false,
                to: crate::GraveyardCardDest::Hand,
                cost: false,
            }
        }
        // "return three creatures you control to their owner's hand"
        // (Dust Elemental): chosen on resolution, one at a time, all
        // there are if fewer.
        "return"
            if number_word(p.peek_at(1)).is_some_and(|n| (2..=5).contains(&n))
                && p.at_all_from(3, "you control to their owner's hand") =>
        {
            let n = number_word(p.peek_at(1))?;
            p.bump();
            p.bump();
            let filter = group(p)?;
            p.eat_all("you control");
            p.eat_all("to their owner's hand").then_some(())?;
            let mut filter = filter;
            filter.controller = crate::ControllerFilter::You;
            return Some(
                (0..n)
                    .map(|_| Effect::ReturnChosen {
                        who: PlayerRef::You,
                        filter: filter.clone(),
                    })
                    .collect(),
            );
        }
        "return" if matches!(p.peek_at(1), "a" | "an") => {
            // "return a green creature you control to its owner's hand":
            // chosen on resolution.
            p.bump();
            p.bump();
            let filter = group(p)?;
            p.eat_all("to its owner's hand").then_some(())?;
            Effect::ReturnChosen {
                who: PlayerRef::You,
                filter,
            }
        }
        // Glossary, Exchange: "Exchange life totals with target opponent."
        // (Mirror Universe, Magus of the Mirror).
        "exchange" if p.at_all("exchange life totals with") => {
            p.eat_all("exchange life totals with");
            let b = player_phrase(p, cx)?;
            Effect::ExchangeLifeTotals {
                a: PlayerRef::You,
                b,
            }
        }
        // Glossary, Exchange: "exchange control of target creature you
        // control and target creature an opponent controls" (Chromeshell Crab).
        "exchange" if p.at_all("exchange control of") => {
            p.eat_all("exchange control of");
            let a = object_phrase(p, cx)?;
            p.eat("and").then_some(())?;
            let b = object_phrase(p, cx)?;
            (matches!(a, ObjectRef::Target(_)) && matches!(b, ObjectRef::Target(_))).then_some(())?;
            Effect::ExchangeControl { a, b }
        }
        // 419.6c: "All damage that would be dealt to it this turn is dealt
        // to target creature instead." (Karona's Zealot)
        "all" if p.at_all("all damage that would be dealt to it this turn is dealt to") && cx.it() == ObjectRef::This => {
            p.eat_all("all damage that would be dealt to it this turn is dealt to");
            let what = object_phrase(p, cx)?;
            matches!(what, ObjectRef::Target(_)).then_some(())?;
            p.eat("instead").then_some(())?;
            Effect::RedirectDamageToThisTo { what }
        }
        // 419.6c: "All combat damage that would be dealt to you by
        // unblocked creatures this turn is dealt to CARDNAME instead."
        "all" if p.at_all("all combat damage that would be dealt to you by unblocked creatures this turn is dealt to cardname instead") => {
            p.eat_all("all combat damage that would be dealt to you by unblocked creatures this turn is dealt to cardname instead");
            Effect::RedirectUnblockedDamageToThis
        }
        // 415.7: "Change the target of target spell with a single target."
        // "… of target spell that targets only a single creature to
        // CARDNAME" (Muck Drubb), "… that targets only a player. The new
        // target must be a player." (Rebound).
        "change" if p.at_all("change the target of") => {
            p.eat_all("change the target of");
            let what = object_phrase(p, cx)?;
            let one_target = match cx.targets.last() {
                Some(TargetSpec {
                    kind:
                        TargetKind::Spell(f)
                        | TargetKind::SpellOrAbility(f)
                        | TargetKind::ActivatedAbility(f),
                    ..
                }) => f.single_target || f.spell_targets.as_ref().is_some_and(|t| t.only),
                _ => false,
            };
            if !one_target {
                return None;
            }
            let to = p.eat_all("to cardname").then(ObjectFilter::this);
            let to_player = p.eat_all(". the new target must be a player");
            Effect::ChangeTarget {
                what,
                to,
                from_this: false,
                to_player,
            }
        }
        // 503.10: "Copy target instant or sorcery spell[, except that the
        // copy is red]."
        "copy" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if !matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Spell(_),
                    ..
                })
            ) {
                return None;
            }
            let mut color = None;
            if p.eat_all(", except that the copy is") {
                let (c, false) = color_adjective(p.peek())? else {
                    return None;
                };
                p.bump();
                color = Some(c);
            }
            // 503.10b: "… and you may choose new targets for the copy" (Odds).
            let new_targets = p.eat_all("and you may choose new targets for the copy");
            Effect::CopySpell {
                what,
                new_targets,
                color,
            }
        }
        "return" => {
            p.bump();
            // "Whenever a creature dealt damage by CARDNAME this turn is put
            // into a graveyard, return that card to play under your
            // control." (Soul Collector): the card in the graveyard.
            if cx.trig_obj && p.eat_all("that card to play under your control") {
                return Some(vec![Effect::PutIntoPlay {
                    what: ObjectRef::Triggering,
                    flipped: false,
                    under_owner: false,
                }]);
            }
            let what = object_phrase(p, cx)?;
            let from_gy = matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::CardInGraveyard {
                        whose: PlayerFilter::You,
                        ..
                    },
                    ..
                })
            );
            // "target permanent you both own and control" (Obelisk of
            // Undoing): its owner's hand is "your hand".
            let owned = matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Permanent(ObjectFilter {
                        owned_by_you: true,
                        ..
                    }),
                    ..
                })
            ) && matches!(what, ObjectRef::Target(_));
            // 402.8h: "[you may discard a card.] If you do, return
            // CARDNAME to your hand." of an ability working from the
            // graveyard (Gigapede), "… you lose 1 life and return CARDNAME
            // to your hand" after it was put into your graveyard (Brood of
            // Cockroaches): the card in the graveyard.
            if what == ObjectRef::This
                && (cx.in_graveyard || cx.died_to_your_graveyard)
                && p.eat_all("to your hand")
            {
                return Some(vec![Effect::ReturnSelfFromGraveyard]);
            }
            // "Whenever a spell or ability an opponent controls causes a
            // land to be put into your graveyard from play, return that
            // card to play." (Sacred Ground): the card in your graveyard.
            if what == ObjectRef::Triggering && cx.trig_card_yours && p.eat_all("to play") {
                return Some(vec![Effect::PutIntoPlay {
                    what,
                    flipped: false,
                    under_owner: false,
                }]);
            }
            // "Exile CARDNAME and return target creature card from your
            // graveyard to play." (Body Snatcher), "… up to two target Bird
            // and/or Cleric permanent cards …" (Celestial Gatekeeper): as
            // `library::return_to_play` (212.4j: one Aura card, not several).
            if from_gy && p.at_all("to play") {
                let several = cx.targets.last().is_some_and(super::targets::is_multi);
                let aura = matches!(
                    cx.targets.last().map(|t| &t.kind),
                    Some(TargetKind::CardInGraveyard { filter, .. })
                        if super::library::may_be_aura(filter)
                );
                let ok = match what {
                    ObjectRef::Target(_) => !several,
                    ObjectRef::Targets(_) => several && !aura,
                    _ => false,
                };
                ok.then_some(())?;
                p.eat_all("to play");
                return Some(vec![Effect::PutIntoPlay {
                    what,
                    flipped: false,
                    under_owner: false,
                }]);
            }
            // "When CARDNAME is put into a graveyard from play, return it
            // to play flipped." (Homura, Human Ascendant; 510.3): the card
            // the permanent became in the graveyard.
            if what == ObjectRef::This && p.eat_all("to play flipped")
            {
                return Some(vec![Effect::PutIntoPlay {
                    what,
                    flipped: true,
                    under_owner: false,
                }]);
            }
            // "Return target creature card from a graveyard and target
            // creature in play to their owners' hands." (Rise)
            let also = attempt(p, cx, |p, cx| {
                (matches!(what, ObjectRef::Target(_)) && p.at_all("and target")).then_some(())?;
                p.eat("and");
                let o = object_phrase(p, cx)?;
                matches!(o, ObjectRef::Target(_)).then_some(())?;
                p.eat_all("in play");
                p.eat_all("to their owners' hands").then_some(o)
            });
            if let Some(second) = also {
                return Some(vec![
                    Effect::ReturnToHand { what },
                    Effect::ReturnToHand { what: second },
                ]);
            }
            // "Return target card from an opponent's graveyard to their
            // hand." (Forcemage Advocate): a card is only ever in its
            // owner's graveyard, so "their hand" is its owner's.
            let from_opponents_gy = matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::CardInGraveyard {
                        whose: PlayerFilter::Opponent,
                        ..
                    },
                    ..
                })
            );
            if !(p.eat_all("to its owner's hand")
                || p.eat_all("to their owners' hands")
                || p.eat_all("to their owner's hand")
                || (from_opponents_gy && p.eat_all("to their hand"))
                || ((from_gy || owned || (cx.trig_card_yours && what == ObjectRef::Triggering))
                    && p.eat_all("to your hand")))
            {
                return None;
            }
            Effect::ReturnToHand { what }
        }
        // "Exile the top card of your library." (Elkin Bottle; 2007: "Remove
        // … from the game")
        "exile" if p.at_all_from(1, "the top card of your library") => {
            p.bump();
            p.eat_all("the top card of your library");
            p.eat_all("from the game");
            Effect::RemoveTopCards {
                who: crate::PlayerRef::You,
                amount: Amount::Fixed(1),
                repeat_if_same_name: false,
            }
        }
        "exile" => {
            p.bump();
            // "Exile this card." (Bound; 2007: "remove this card from the
            // game"): the spell itself.
            let what = if p.eat_all("this card") {
                ObjectRef::This
            } else {
                object_phrase(p, cx)?
            };
            Effect::RemoveFromGame { what }
        }
        // "Remove all depletion counters from CARDNAME." (Force Bubble), "…
        // from all lands" (Mine Layer): as many as are on each (more than a
        // permanent can hold, removed down to none).
        "remove" if p.peek_at(1) == "all" && counter_kind(p.peek_at(2)).is_some() => {
            p.bump();
            p.bump();
            let kind = counter_kind(p.bump())?;
            p.eat("counters").then_some(())?;
            p.eat("from").then_some(())?;
            Effect::RemoveCounters {
                what: object_phrase(p, cx)?,
                kind,
                amount: Amount::Fixed(i32::from(u16::MAX)),
            }
        }
        "remove" if counter_kind(p.peek_at(2)).is_some() => {
            // "Remove a fuse counter from CARDNAME." (Goblin Bomb)
            p.bump();
            let amount = amount(p)?;
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("from").then_some(())?;
            Effect::RemoveCounters {
                what: object_phrase(p, cx)?,
                kind,
                amount,
            }
        }
        // 502.54a (graft's move): "move a +1/+1 counter from target
        // creature onto CARDNAME" (Arcbound Fiend, Cytoplast Root-Kin),
        // "… from CARDNAME onto target creature" (Afiya Grove).
        "move" if p.peek_at(1) == "a" => {
            p.bump();
            p.bump();
            let kind = counter_kind(p.bump())?;
            p.eat("counter").then_some(())?;
            p.eat("from").then_some(())?;
            let from = object_phrase(p, cx)?;
            p.eat("onto").then_some(())?;
            let to = object_phrase(p, cx)?;
            Effect::MoveCounter { kind, from, to }
        }
        "remove" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if p.eat_all("from combat") {
                Effect::Combat(CombatEffect::RemoveFromCombat { what })
            } else {
                p.eat_all("from the game").then_some(())?;
                Effect::RemoveFromGame { what }
            }
        }
        // 502.26e: "turn target creature with a morph ability face down".
        "turn" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if p.eat_all("face up") {
                Effect::TurnFaceUp { what }
            } else {
                p.eat_all("face down").then_some(())?;
                Effect::TurnFaceDown { what }
            }
        }
        "untap" if p.at_all_from(1, "up to") && p.peek_at(4) != "target" => {
            p.bump();
            untap_up_to(p)?
        }
        "tap" | "untap" | "regenerate" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            match w {
                "tap" => Effect::Tap { what },
                "untap" => Effect::Untap { what },
                _ => Effect::Regenerate { what },
            }
        }
        // "[you may] have CARDNAME deal 3 damage to target creature".
        // "you may have it deal 2 damage to target creature that player
        // controls" (Skirk Commando): "it" is the object the ability is about.
        "have" if matches!(p.peek_at(1), "cardname" | "it") => {
            p.bump();
            let what = object_phrase(p, cx)?;
            // "… have CARDNAME become a copy of target creature" (Vesuvan
            // Doppelganger's ability in quotes, 503.4).
            if !matches!(p.peek(), "deal" | "deals") && !p.at_all("become a copy of") {
                return None;
            }
            return object_verb(p, cx, what);
        }
        // 300.7: Relentless Assault.
        "after"
            if p.at_all(
                "after this main phase , there is an additional combat phase followed by an additional main phase",
            ) =>
        {
            p.eat_all(
                "after this main phase , there is an additional combat phase followed by an additional main phase",
            );
            Effect::Turn(TurnEffect::AdditionalCombatPhase)
        }
        "take" if p.at_all("take an extra turn after this one") => {
            p.eat_all("take an extra turn after this one");
            Effect::Turn(TurnEffect::ExtraTurn {
                who: PlayerRef::You,
            })
        }
        "prevent" => {
            p.bump();
            if p.eat_all("all combat damage that would be dealt this turn") {
                Effect::PreventAllCombatDamage
            } else if p.eat_all("all damage that would be dealt to") {
                // 419.1d: "Prevent all damage that would be dealt to target
                // creature this turn." (Kaiso, Memory of Loyalty)
                let to = recipient(p, cx)?;
                p.eat_all("this turn").then_some(())?;
                if !matches!(to, Recipient::Target(_)) {
                    return None;
                }
                Effect::PreventAllDamageThisTurn { to }
            } else if p.eat_all("all damage that") {
                // "black sources and red sources", "creatures".
                let mut sources = ObjectFilter::default();
                loop {
                    if let Some((c, false)) = color_adjective(p.peek()) {
                        p.bump();
                        sources.colors_any.insert(c);
                    }
                    if p.eat_any(&["creatures", "creature"]).is_some() {
                        sources.types_any.insert(CardType::Creature);
                    } else {
                        p.eat_any(&["sources", "source"])?;
                    }
                    if !p.eat("and") {
                        break;
                    }
                }
                p.eat_all("would deal").then_some(())?;
                let to_players_only = p.eat_all("to players");
                p.eat_all("this turn").then_some(())?;
                Effect::PreventDamageBySources {
                    sources,
                    to_players_only,
                    combat_only: false,
                }
            } else if p.eat_all("all combat damage") {
                // "Prevent all combat damage non-Soldier creatures would
                // deal this turn." (Frontline Strategist): the sources by
                // colour, card type and the subtypes they lack.
                let sources = group(p)?;
                let plain = ObjectFilter {
                    types_any: sources.types_any,
                    colors_any: sources.colors_any,
                    subtypes_none: sources.subtypes_none.clone(),
                    ..ObjectFilter::default()
                };
                (sources == plain).then_some(())?;
                p.eat_all("would deal this turn").then_some(())?;
                Effect::PreventDamageBySources {
                    sources,
                    to_players_only: false,
                    combat_only: true,
                }
            } else {
                p.eat_all("the next").then_some(())?;
                let amount = amount(p)?;
                // 409.1e: "… dealt this turn to any number of targets,
                // divided as you choose" (Remedy).
                if p.eat_all("damage that would be dealt this turn to") {
                    let (from, player) = target_n(p, cx, true)?;
                    if player || !is_multi(&cx.targets[from as usize]) {
                        return None;
                    }
                    p.eat_all(", divided as you choose").then_some(())?;
                    return Some(vec![Effect::PreventDamageDivided { amount, from }]);
                }
                p.eat_all("damage that would be dealt to").then_some(())?;
                let to = recipient(p, cx)?;
                p.eat_all("this turn").then_some(())?;
                if !matches!(
                    to,
                    Recipient::Target(_) | Recipient::TargetAndEachSharingColor(_)
                ) {
                    return None;
                }
                Effect::PreventNextDamage { to, amount }
            }
        }
        // 409.1e: "Distribute two +1/+1 counters among one or two target
        // creatures."
        "distribute" => {
            p.bump();
            let amount = amount(p)?;
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("among").then_some(())?;
            let (from, player) = target_n(p, cx, true)?;
            if player || !is_multi(&cx.targets[from as usize]) {
                return None;
            }
            Effect::PutCountersDivided { kind, amount, from }
        }
        // "… then put two cards from your hand on top of your library in
        // any order." (Brainstorm): the player chooses them one by one,
        // the last chosen on top (217.2d).
        "put"
            if p.at_all_from(2, "cards from your hand on top of your library in any order")
                || p.at_all_from(2, "card from your hand on top of your library") =>
        {
            p.bump();
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            p.eat_any(&["card", "cards"])?;
            p.eat_all("from your hand on top of your library")
                .then_some(())?;
            p.eat_all("in any order");
            Effect::ChooseFromHand {
                who: PlayerRef::You,
                filter: ObjectFilter::any(),
                amount: u8::try_from(n).ok().filter(|n| (1..=7).contains(n))?,
                then: crate::HandChoice::LibraryTop,
                x: false,
                up_to: false,
            }
        }
        "put" => {
            p.bump();
            // "put that many vitality counters on …" (Living Artifact).
            let amount = if cx.trig_amount && p.eat_all("that many") {
                Amount::Triggered
            } else if p.eat("another") {
                // "put another +1/+1 counter on CARDNAME" (Chlorophant).
                Amount::Fixed(1)
            } else {
                amount(p)?
            };
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("on").then_some(())?;
            let what = object_phrase(p, cx)?;
            // 511.1 (Crazed Firecat): "… for each flip you won".
            let amount = if p.eat_all("for each flip you won") || p.eat_all("for each flip you win")
            {
                (amount == Amount::Fixed(1)).then_some(Amount::FlipsWon)?
            } else {
                // "… on CARDNAME for each creature that died this turn"
                // (Scavenging Ghoul).
                for_each(p, cx, amount)?
            };
            Effect::PutCounters { what, kind, amount }
        }
        // 418.5i: "Switch [object]'s power and toughness until end of turn."
        "switch" => {
            p.bump();
            let what = if p.eat("cardname's") {
                ObjectRef::This
            } else {
                p.eat("target").then_some(())?;
                let noun = p.bump().strip_suffix("'s")?.to_string();
                let kind = match noun.as_str() {
                    "creature" => TargetKind::Permanent(ObjectFilter::creature()),
                    _ => return None,
                };
                let i = cx.add_target(kind, false);
                ObjectRef::Target(i)
            };
            p.eat_all("power and toughness until end of turn")
                .then_some(())?;
            Effect::Continuous {
                what,
                effect: LayerEffect {
                    switch_pt: true,
                    ..Default::default()
                },
                duration: Duration::EndOfTurn,
            }
        }
        // 418.6: "Change the text of target permanent by replacing all
        // instances of one color word with another [or one basic land
        // type with another]." (Mind Bend, Magical Hack)
        "change" if p.at_all("change the text of") => {
            p.eat_all("change the text of");
            let what = object_phrase(p, cx)?;
            // A spell on the stack too (Sleight of Mind, Magical Hack).
            if !matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Permanent(_) | TargetKind::SpellOrPermanent,
                    ..
                })
            ) {
                return None;
            }
            p.eat_all("by replacing all instances of").then_some(())?;
            let colors = p.eat_all("one color word with another");
            let _ = p.eat("or");
            let land_types = p.eat_all("one basic land type with another");
            if !colors && !land_types {
                return None;
            }
            // "… until end of turn" (Whim of Volrath, Crystal Spray).
            let duration = if p.eat_all("until end of turn") {
                Duration::EndOfTurn
            } else {
                Duration::Permanent
            };
            Effect::ChangeText {
                what,
                colors,
                land_types,
                duration,
            }
        }
        // Layer 2: "gain control of [object] [until end of turn]".
        "gain" if p.at_all("gain control of") => {
            p.eat("gain");
            gain_control(p, cx)?
        }
        "create" => {
            p.bump();
            if let Some(e) = attempt(p, cx, |p, cx| token_copies(p, cx, PlayerRef::You)) {
                return Some(vec![e]);
            }
            let (amount, token) = token(p)?;
            // "a 1/1 green Insect creature token for each Forest you
            // control" (Beacon of Creation): counted on resolution.
            let amount = super::amounts::for_each(p, cx, amount)?;
            // "Destroy it / them at the beginning of the next end step":
            // the tokens just created (404.4).
            cx.last_obj = Some(ObjectRef::Created);
            Effect::CreateTokens {
                who: PlayerRef::You,
                amount,
                token,
            }
        }
        _ => return player_verb(p, cx, PlayerRef::You),
    };
    Some(vec![e])
}

/// Layer 2: "[you] gain control of [object] [until end of turn]", after
/// "gain"; "Until end of turn, you gain control of …" (Grab the Reins).
pub(super) fn gain_control(p: &mut P, cx: &mut Cx) -> Option<Effect> {
    p.eat_all("control of").then_some(())?;
    let what = object_phrase(p, cx)?;
    let duration = if cx.until_eot || p.eat_all("until end of turn") {
        Duration::EndOfTurn
    } else if p.eat_all("for as long as that creature is enchanted") {
        // Rootwater Matriarch (418.3d-style duration).
        Duration::WhileEnchanted
    } else if p.eat_all("for as long as you control cardname and cardname remains tapped") {
        // Rubinia Soulsinger, Helm of Possession (418.3d).
        Duration::WhileYouControlSourceTapped
    } else if p.eat_all("for as long as you control cardname") {
        // Aladdin, Thrull Champion.
        Duration::WhileYouControlSource
    } else if p.eat_all("for as long as cardname remains in play") {
        // Cytoplast Manipulator: until the source leaves play.
        Duration::UntilSourceLeaves
    } else if p.eat_all("for as long as cardname remains tapped") {
        // Vedalken Shackles (418.3d).
        Duration::WhileSourceTapped
    } else {
        Duration::Permanent
    };
    Some(Effect::Continuous {
        what,
        effect: LayerEffect {
            gain_control: true,
            ..Default::default()
        },
        duration,
    })
}

/// One clause: "[subject] verb …" or an imperative, perhaps after
/// "Until end of turn,".
fn clause(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let start = p.i;
    if p.eat_all("until end of turn") && p.eat(",") {
        cx.until_eot = true;
        let v = clause_body(p, cx);
        cx.until_eot = false;
        if v.is_none() {
            p.i = start;
        }
        return v;
    }
    p.i = start;
    // "Until your next upkeep, target noncreature artifact becomes …"
    // (Xenic Poltergeist): the duration read by the animation.
    if p.at_all("until your next upkeep ,") && !cx.until_eot {
        let v = attempt(p, cx, |p, cx| {
            p.eat_all("until your next upkeep ,");
            cx.until_upkeep = true;
            let v = clause_body(p, cx);
            cx.until_upkeep = false;
            v
        });
        if v.is_some() {
            return v;
        }
    }
    p.i = start;
    clause_body(p, cx)
}

fn clause_body(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    // "Return all enchantment cards from your graveyard to your hand."
    // (Crystal Chimes) and the like.
    if p.at_any_of(&["return", "exile", "shuffle", "each"]) && p.peek_at(1) == "all"
        || p.at_all("each player returns all")
    {
        if let Some(v) = attempt(p, cx, super::graveyard_all::all_from_graveyard) {
            return Some(v);
        }
    }
    // "Shuffle any number of target creature cards from your graveyard
    // into your library" (Piper's Melody).
    if p.at("shuffle") {
        if let Some(v) = attempt(p, cx, super::library::shuffle_own_graveyard_targets) {
            return Some(v);
        }
    }
    // "exile a card from your graveyard" (Decaying Soil): chosen as it
    // happens.
    if p.at_any_of(&["exile", "put", "return"]) {
        if let Some(v) = attempt(p, cx, super::graveyard_all::chosen_from_graveyard) {
            return Some(v);
        }
    }
    // "Return the top creature card of your graveyard to play" (Shallow
    // Grave).
    if p.at_all("return the top") {
        if let Some(v) = attempt(p, cx, super::graveyard_all::top_of_graveyard_into_play) {
            return Some(v);
        }
    }
    // Cards revealed until one is found, and where they go.
    if let Some(v) = attempt(p, cx, super::reveal::clause) {
        return Some(v);
    }
    if let Some(v) = attempt(p, cx, imperative) {
        return Some(v);
    }
    // 217.9d: "ante the top card of your library" (Contract from Below).
    if p.at("ante") {
        if let Some(v) = attempt(p, cx, super::library::player_sentence) {
            return Some(v);
        }
    }
    // 419.6c, 419.7b, 419.8a: the shields the forms above don't read.
    if let Some(v) = attempt(p, cx, super::prevention::clause) {
        return Some(v);
    }
    // 502.15: "CARDNAME and that creature phase out" (Dream Fighter).
    if cx.trig_obj && p.eat_all("cardname and that creature phase out") {
        return Some(vec![
            Effect::PhaseOut {
                what: ObjectRef::This,
            },
            Effect::PhaseOut {
                what: ObjectRef::Triggering,
            },
        ]);
    }
    // "Creatures of the creature type of your choice get +2/+2 and gain
    // trample until end of turn." (Tribal Forcemage): the type is chosen
    // as the effect is created (418.3).
    if let Some(v) = attempt(p, cx, |p, cx| {
        if cx.type_chosen.is_some() {
            p.eat("all");
        }
        let f = group(p)?;
        // "Choose a creature type. All creatures of that type get -1/-1
        // until end of turn." (Outbreak): the same choice.
        (p.eat_all("of the creature type of your choice")
            || (cx.type_chosen == Some(false) && p.eat_all("of that type")))
        .then_some(())?;
        match object_verb(p, cx, ObjectRef::Each(f))?.as_slice() {
            [Effect::Continuous {
                what,
                effect,
                duration,
            }] => Some(vec![Effect::ContinuousChosen {
                what: what.clone(),
                effect: *effect,
                duration: *duration,
                choice: crate::ChosenFor::AffectedType,
            }]),
            _ => None,
        }
    }) {
        return Some(v);
    }
    // 212.6e: "Choose a land type and a basic land type. Each land of the
    // first chosen type becomes the second chosen type until end of
    // turn." (Vision Charm): both chosen as the effect is created (418.3),
    // the lands locked in then (418.3b).
    if let Some(v) = attempt(p, cx, |p, _| {
        p.eat_all("choose a land type and a basic land type .")
            .then_some(())?;
        p.eat_all(
            "each land of the first chosen type becomes the second chosen type until end of turn",
        )
        .then_some(())?;
        Some(vec![Effect::ContinuousChosen {
            what: ObjectRef::Each(crate::ObjectFilter {
                types_any: crate::TypeSet::single(crate::CardType::Land),
                ..Default::default()
            }),
            effect: crate::LayerEffect::default(),
            duration: crate::Duration::EndOfTurn,
            choice: crate::ChosenFor::LandTypeToBasic,
        }])
    }) {
        return Some(v);
    }
    // 212.6e: "Choose a basic land type. Each land you control becomes that
    // type until end of turn." (Terraformer)
    if let Some(v) = attempt(p, cx, |p, _| {
        p.eat_all("choose a basic land type .").then_some(())?;
        p.eat("each");
        let f = group(p)?;
        (f.types_any == crate::TypeSet::single(crate::CardType::Land)).then_some(())?;
        p.eat_all("becomes that type until end of turn")
            .then_some(())?;
        Some(vec![Effect::ContinuousChosen {
            what: ObjectRef::Each(f),
            effect: crate::LayerEffect::default(),
            duration: crate::Duration::EndOfTurn,
            choice: crate::ChosenFor::BasicLandType,
        }])
    }) {
        return Some(v);
    }
    // 500.1: "All creatures able to block target creature this turn do
    // so." (Alluring Scent): Lure's requirement for the turn.
    if let Some(v) = attempt(p, cx, |p, cx| {
        p.eat_all("all creatures able to block").then_some(())?;
        let what = object_phrase(p, cx)?;
        // "… able to block CARDNAME this turn do so." (Mortipede)
        (matches!(what, ObjectRef::Target(_) | ObjectRef::This) && p.eat_all("this turn do so"))
            .then(|| vec![Effect::Combat(CombatEffect::MustBeBlockedThisTurn { what })])
    }) {
        return Some(v);
    }
    // "[you may] have target opponent lose 1 life" (Disciple of the
    // Vault), "have target creature get -1/-1 until end of turn" (Death
    // Pulse): the clause with "have" before its subject (the verb parsers
    // read the plain form as they do after "you").
    if p.at("have") && !matches!(p.peek_at(1), "cardname" | "it") {
        if let Some(v) = attempt(p, cx, |p, cx| {
            p.eat("have").then_some(())?;
            match subject(p, cx)? {
                Subj::Player(who) => player_verb(p, cx, who),
                Subj::Obj(what) => object_verb(p, cx, what),
            }
        }) {
            return Some(v);
        }
    }
    attempt(p, cx, |p, cx| match subject(p, cx)? {
        Subj::Player(who) => {
            let v = player_verb(p, cx, who.clone())?;
            cx.clause_player = Some(who);
            Some(v)
        }
        Subj::Obj(what) => object_verb(p, cx, what),
    })
}

/// The verbs of a player in the third person: after ", then" or "and"
/// with no subject of their own, their subject is the previous clause's
/// ("Target player draws a card, then discards a card", Cephalid Looter;
/// "Each player discards their hand, then draws seven cards").
const PLAYER_VERBS_3RD: &[&str] = &[
    "draws",
    "discards",
    "loses",
    "gains",
    "shuffles",
    "sacrifices",
    "puts",
    "reveals",
];

/// Clauses joined by ",", "and" or "then". "Until end of turn," before
/// the first covers them all: "Until end of turn, you gain control of
/// target creature and it gains haste." (Grab the Reins, 418.5b).
pub(super) fn clauses(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let start = p.i;
    if p.eat_all("until end of turn") && p.eat(",") && !cx.until_eot {
        cx.until_eot = true;
        let v = joined_clauses(p, cx);
        cx.until_eot = false;
        if v.is_some() {
            return v;
        }
    }
    p.i = start;
    joined_clauses(p, cx)
}

/// Is `e` the removal from the game of a target or of the source itself,
/// whose card `ObjectRef::Chosen` then names (217.1c: a new object)?
pub(super) fn is_removal(e: Option<&Effect>) -> bool {
    matches!(
        e,
        Some(Effect::RemoveFromGame {
            what: ObjectRef::Target(_) | ObjectRef::This
        })
    )
}

/// After a removal from the game (`is_removal`): "return it / that card to
/// play under its owner's control [at the beginning of the next end
/// step]" (Flicker; Astral Slide, Ghost Council of Orzhova: a delayed
/// triggered ability, 404.4): the card removed.
pub(super) fn return_removed(p: &mut P) -> Option<Effect> {
    let start = p.i;
    if !(p.eat_all("return it to play under its owner's control")
        || p.eat_all("return that card to play under its owner's control"))
    {
        return None;
    }
    let back = Effect::PutIntoPlay {
        what: ObjectRef::Chosen,
        flipped: false,
        under_owner: true,
    };
    if p.eat_all("at the beginning of the next end step") {
        return Some(Effect::Delayed(DelayedEffect::AtNextEndStep {
            effects: vec![back],
            of: crate::EndStep::Next,
        }));
    }
    if !matches!(p.peek(), "." | "") {
        p.i = start;
        return None;
    }
    Some(back)
}

fn joined_clauses(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    cx.clause_player = None;
    let mut v = clause(p, cx)?;
    loop {
        let i = p.i;
        let comma = p.eat(",");
        let and = p.eat("and") || p.eat("then");
        if !(comma || and) {
            break;
        }
        // "Exile target nontoken permanent, then return it to play under
        // its owner's control." (Flicker)
        if is_removal(v.last()) {
            if let Some(e) = return_removed(p) {
                v.push(e);
                continue;
            }
        }
        // "CARDNAME gets +2/+0 until end of turn and deals 1 damage to you"
        // (Electric Eel): the damage is dealt by CARDNAME, the source.
        if let Some(Effect::Continuous {
            what: ObjectRef::This,
            ..
        }) = v.last()
        {
            if and && p.at("deals") {
                if let Some(more) = attempt(p, cx, |p, cx| object_verb(p, cx, ObjectRef::This)) {
                    v.extend(more);
                    continue;
                }
            }
        }
        // "CARDNAME gets +3/-1 until end of turn and can attack this turn
        // as though it didn't have defender" (Mobile Fort): a verb with no
        // subject of its own after an object's pump has the pump's.
        // "CARDNAME gets +2/+0 until end of turn and deals 1 damage to
        // you" (Electric Eel, Marjhan): the source deals the damage.
        if let Some(Effect::Continuous { what, .. }) = v.last() {
            // "CARDNAME gains shroud until end of turn and doesn't untap
            // during your next untap step" (Deep Spawn, 302.2).
            if and
                && (p.at_any_of(&["can", "can't", "doesn't"])
                    || (*what == ObjectRef::This && p.at("deals")))
            {
                let what = what.clone();
                if let Some(more) = attempt(p, cx, |p, cx| object_verb(p, cx, what)) {
                    v.extend(more);
                    continue;
                }
            }
        }
        // "CARDNAME deals 2 damage to target creature or player and
        // doesn't untap during your next untap step" (Reveka, Wizard
        // Savant; 302.2): the source is the one that deals the damage.
        if matches!(v.last(), Some(Effect::DealDamage { .. }))
            && and
            && p.at_all("doesn't untap during your next untap step")
        {
            if let Some(more) = attempt(p, cx, |p, cx| object_verb(p, cx, ObjectRef::This)) {
                v.extend(more);
                continue;
            }
        }
        // "Draw three cards, then discard one of them." (Soldevi Sage): the
        // card discarded is one of those drawn.
        if let Some(Effect::DrawCards {
            who: who @ PlayerRef::You,
            amount: amount @ Amount::Fixed(2..),
        }) = v.last()
        {
            if p.eat_all("discard one of them") {
                let e = Effect::DrawThenDiscardOneOfThem {
                    who: who.clone(),
                    amount: amount.clone(),
                };
                *v.last_mut()? = e;
                continue;
            }
        }
        let who = cx.clause_player.take();
        if let Some(who) = who.filter(|_| p.at_any_of(PLAYER_VERBS_3RD)) {
            if let Some(more) = attempt(p, cx, |p, cx| player_verb(p, cx, who.clone())) {
                v.extend(more);
                cx.clause_player = Some(who);
                continue;
            }
        }
        match attempt(p, cx, clause) {
            Some(more) => v.extend(more),
            None => {
                p.i = i;
                break;
            }
        }
    }
    Some(v)
}

/// Balance: "Each player chooses a number of lands they control equal to
/// the number of lands controlled by the player who controls the fewest,
/// then sacrifices the rest." and, after it, "Players discard cards and
/// sacrifice creatures the same way." / "Each player discards cards the
/// same way." (`Effect::DownToFewest`, in the order written).
pub(super) fn down_to_fewest(p: &mut P, cx: &mut Cx) -> Option<()> {
    use crate::Fewest;
    if p.eat_all("each player chooses a number of") {
        let (filter, noun) = group_noun(p)?;
        (noun == Noun::Permanent).then_some(())?;
        p.eat_all("they control equal to the number of")
            .then_some(())?;
        let (again, _) = group_noun(p)?;
        (again == filter).then_some(())?;
        p.eat_all("controlled by the player who controls the fewest , then sacrifices the rest")
            .then_some(())?;
        p.eat_end().then_some(())?;
        cx.effects
            .push(Effect::DownToFewest(Fewest::Permanents(filter)));
        return Some(());
    }
    // "… the same way.": only after a first such instruction.
    cx.effects
        .iter()
        .any(|e| matches!(e, Effect::DownToFewest(_)))
        .then_some(())?;
    (p.eat("players") || p.eat_all("each player")).then_some(())?;
    let mut parts = Vec::new();
    loop {
        if p.eat_any(&["discard", "discards"]).is_some() {
            p.eat("cards").then_some(())?;
            parts.push(Effect::DownToFewest(Fewest::Hand));
        } else if p.eat_any(&["sacrifice", "sacrifices"]).is_some() {
            let (filter, noun) = group_noun(p)?;
            (noun == Noun::Permanent).then_some(())?;
            parts.push(Effect::DownToFewest(Fewest::Permanents(filter)));
        } else {
            return None;
        }
        if !p.eat("and") {
            break;
        }
    }
    p.eat_all("the same way").then_some(())?;
    p.eat_end().then_some(())?;
    cx.effects.extend(parts);
    Some(())
}

/// A plural group of permanents ("lands", "creatures", "permanents").
fn group_noun(p: &mut P) -> Option<(crate::ObjectFilter, Noun)> {
    super::targets::filter(p)
}

/// 501.8a: "scry N".
pub(super) fn scry(amount: Amount) -> Effect {
    Effect::LookAtTop {
        amount,
        to_hand: None,
        may: false,
        on_top: None,
        to_hand_count: 0,
        rest_to_graveyard: false,
        rest_removed: false,
        scry: true,
        reveal_all: false,
        whose: None,
        may_shuffle: false,
        look_only: false,
    }
}
