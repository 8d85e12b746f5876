//! Static abilities that change the rules of the game rather than describe
//! objects (405, 409.1f): who may assign combat damage as though unblocked,
//! costs to attack, spells that can't be countered, untap and block limits.
//! Split from `statics.rs`, which tries them first.

use super::statics_clauses::generic_mana;
use super::*;
use crate::{Affected, ColorSet, ObjectFilter, StaticAbility, Whose};

/// Static abilities that change the rules of playing spells, countering,
/// untapping and blocking rather than describing objects (405, 409.1f).
pub(super) fn rules_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    let start = p.i;
    let done = |p: &mut P, v: StaticAbility| (p.eat_end() && p.at_end()).then(|| vec![v]);
    // 310.2e: "You may have CARDNAME assign its combat damage as though it
    // weren't blocked." (Rhox)
    if p.eat_all("you may have cardname assign its combat damage as though it weren't blocked") {
        return done(p, StaticAbility::MayAssignAsThoughUnblocked);
    }
    // 308.2d: "Creatures can't attack you unless their controller pays {N}
    // for each creature they control that's attacking you." (Windborn Muse)
    if p.eat_all("creatures can't attack you unless their controller pays") {
        let generic = generic_mana(p)?;
        if !p.eat_all("for each creature they control that's attacking you") {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::AttackCostPerCreature { generic });
    }
    // 409.1f: "Each spell costs {3} more to play except during its
    // controller's turn." (Defense Grid)
    if p.eat_all("each spell costs") {
        let generic = generic_mana(p)? as i32;
        if !p.eat_all("more to play except during its controller's turn") {
            return fail_at(p, start);
        }
        return done(
            p,
            StaticAbility::SpellCostChange {
                filter: ObjectFilter::default(),
                whose: Whose::Each,
                generic,
                off_turn_only: true,
                colored: None,
            },
        );
    }
    // 502.6: "Creatures with swampwalk can be blocked as though they
    // didn't have swampwalk." (Quagmire), "Creatures with landwalk
    // abilities can be blocked as though they didn't have those
    // abilities." (Staff of the Ages)
    if p.eat_all("creatures with landwalk abilities can be blocked as though they didn't have those abilities") {
        return done(p, StaticAbility::LandwalkIgnored(None));
    }
    if p.eat_all("creatures with") {
        let k = crate::Keyword::from_name(p.bump()).filter(|k| k.landwalk_type().is_some());
        let Some(k) = k else {
            return fail_at(p, start);
        };
        if !(p.eat_all("can be blocked as though they didn't have") && p.eat(k.name())) {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::LandwalkIgnored(Some(k)));
    }
    // 502.26d: "All morph costs cost {2} more." (Exiled Doomsayer)
    if p.eat_all("all morph costs cost") {
        let generic = generic_mana(p)?;
        if !p.eat("more") {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::MorphCostsMore(generic));
    }
    // 500.1: "No more than two creatures can attack [you] each combat."
    // (Caverns of Despair, Crawlspace), "… can block each combat."
    if p.at_all("no more than") && p.at_all_from(5, "can") {
        let max = number_word(p.peek_at(3)).filter(|n| (1..=9).contains(n))? as u8;
        if !(p.peek_at(4) == "creature" && max == 1 || p.peek_at(4) == "creatures" && max > 1) {
            return None;
        }
        p.i += 6;
        let limit = if p.eat("attack") {
            let you = p.eat("you");
            StaticAbility::AttackLimit { max, you }
        } else if p.eat("block") {
            StaticAbility::BlockLimit { max }
        } else {
            return fail_at(p, start);
        };
        if !p.eat_all("each combat") {
            return fail_at(p, start);
        }
        return done(p, limit);
    }
    // "You may play equip abilities any time you could play an instant."
    // (Leonin Shikari; Oracle "activate").
    if (p.eat_all("you may play equip abilities") || p.eat_all("you may activate equip abilities"))
        && p.eat_all("any time you could play an instant")
    {
        return done(p, StaticAbility::EquipAtInstantSpeed);
    }
    // "Each player can't play more than one spell each turn." (Rule of Law)
    if p.eat_all("each player can't play more than one spell each turn") {
        return done(p, StaticAbility::OneSpellEachTurn);
    }
    // "Players can play spells only during their own turns." (Dosan the
    // Falling Leaf; Oracle "cast")
    if p.eat_all("players can play spells only during their own turns")
        || p.eat_all("players can cast spells only during their own turns")
    {
        return done(p, StaticAbility::SpellsOnlyDuringOwnTurn);
    }
    // 419.6e: "Players skip their upkeep steps." (Eon Hub)
    if p.eat_all("players skip their upkeep steps") {
        return done(p, StaticAbility::SkipUpkeepSteps);
    }
    // 502.18a: "Players can't cycle cards." (Stabilizer)
    if p.eat_all("players can't cycle cards") {
        return done(p, StaticAbility::CantCycle);
    }
    // 305.2: "Players can't play lands." (Territorial Dispute)
    if p.eat_all("players can't play lands") {
        return done(p, StaticAbility::CantPlayLands);
    }
    // 302.2: "Untap all permanents you control during each other player's
    // untap step." (Seedborn Muse)
    if p.eat_all("untap all permanents you control during each other player's untap step") {
        return done(p, StaticAbility::UntapDuringOthersUntapStep);
    }
    // "You may play spells as though they had flash." (Vedalken Orrery),
    // "Any player may play Sliver spells as though they had flash." (Quick
    // Sliver, Vernal Equinox).
    if p.at_all("you may play") || p.at_all("any player may play") {
        let whose = if p.eat_all("you may play") {
            Whose::You
        } else {
            p.eat_all("any player may play");
            Whose::Each
        };
        if let Some((filter, Noun::Spell)) = filter(p) {
            if p.eat_all("as though they had flash") {
                return done(p, StaticAbility::PlayAsThoughFlash { whose, filter });
            }
        }
        return fail_at(p, start);
    }
    // "You can't play creature spells." (Steel Golem), "Your opponents
    // can't play blue creature spells." (Llawan, Cephalid Empress)
    if p.at_all("you can't play") || p.at_all("your opponents can't play") {
        let whose = if p.eat_all("you can't play") {
            Whose::You
        } else {
            p.eat_all("your opponents can't play");
            Whose::Opponent
        };
        if let Some((f, Noun::Spell)) = filter(p) {
            return done(p, StaticAbility::CantPlaySpells { whose, filter: f });
        }
        return fail_at(p, start);
    }
    // 500.1 requirement of the blockers matching a filter: "All Walls able
    // to block CARDNAME do so." (Marble Priest), "All creatures with flying
    // able to block CARDNAME do so." (Talruum Piper)
    if p.at("all") && !p.at_all("all creatures able to block") {
        p.eat("all");
        if let Some((f, super::targets::Noun::Permanent)) = super::targets::filter(p) {
            if p.eat_all("able to block cardname do so") {
                return done(p, StaticAbility::MustBeBlockedByAllOf(f));
            }
        }
        p.i = start;
    }
    // 500.1 requirement: "All creatures able to block enchanted creature do so." (Lure)
    if p.eat_all("all creatures able to block") {
        let affected = if p.eat("cardname") {
            Affected::This
        } else if p.eat_all("enchanted creature")
            || p.eat_all("equipped creature")
            || p.eat_all("fortified land")
        {
            Affected::Attached
        } else {
            return fail_at(p, start);
        };
        if !p.eat_all("do so") {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::MustBeBlockedByAll(affected));
    }
    // 409.1f: "If an opponent controls at least N more creatures than you,
    // this spell costs {M} less to play." (Avatar of Might)
    if p.eat_all("if an opponent controls at least") {
        let more = number_word(p.bump())?;
        if !p.eat_all("more creatures than you , this spell costs") {
            return fail_at(p, start);
        }
        let generic = generic_mana(p)?;
        if !p.eat_all("less to play") {
            return fail_at(p, start);
        }
        return done(
            p,
            StaticAbility::CostsLessIfOpponentHasMoreCreatures {
                more: u32::try_from(more).ok()?,
                generic,
            },
        );
    }
    // 409.1f: "If you have 3 or less life, this spell costs {6} less to
    // play." (Avatar of Hope)
    if p.at("if") {
        let i = p.i;
        p.bump();
        let mut cx = Cx::default();
        if let Some(condition) = super::amounts::condition(p, &mut cx) {
            if p.eat_all(", this spell costs") {
                let generic = generic_mana(p)?;
                if !p.eat_all("less to play") {
                    return fail_at(p, start);
                }
                return done(p, StaticAbility::CostsLessIf { condition, generic });
            }
        }
        p.i = i;
    }
    // "[Filter] spells can't be countered." (Gaea's Herald) and 409.1f
    // "[Filter] spells [your opponents play] cost {N} more to play." (Aura
    // of Silence)
    if let Some((mut f, Noun::Spell)) = filter(p) {
        // "Green spells and blue spells you play cost {1} less" (Sunscape
        // Familiar), "Red creature spells and green creature spells"
        // (High Seas): two filters alike but for their colour are one
        // filter of either colour.
        if p.at("and") {
            let i = p.i;
            p.bump();
            match filter(p) {
                Some((g, Noun::Spell))
                    if !g.colors_any.is_empty()
                        && !f.colors_any.is_empty()
                        && crate::ObjectFilter {
                            colors_any: f.colors_any,
                            ..g.clone()
                        } == f =>
                {
                    f.colors_any = ColorSet(f.colors_any.0 | g.colors_any.0);
                }
                _ => p.i = i,
            }
        }
        if p.eat_all("can't be countered") {
            return done(p, StaticAbility::SpellsCantBeCountered(f));
        }
        // "Spells with the chosen name can't be played." (Meddling Mage)
        if f.chosen_name && (p.eat_all("can't be played") || p.eat_all("can't be play")) {
            return done(
                p,
                StaticAbility::CantPlaySpells {
                    whose: Whose::Each,
                    filter: f,
                },
            );
        }
        let whose = if p.eat_all("your opponents play") {
            Whose::Opponent
        } else if p.eat_all("you play") {
            Whose::You
        } else {
            Whose::Each
        };
        // "Creature spells you play with converted mana cost 6 or greater
        // cost {2} less to play." (Krosan Drover)
        if p.at_all("with converted mana cost") && p.at_all_from(5, "or greater") {
            let n = p
                .peek_at(4)
                .parse::<i32>()
                .ok()
                .or_else(|| number_word(p.peek_at(4)));
            let n = n.filter(|n| (1..=20).contains(n))?;
            p.i += 7;
            f.cmc_at_least = Some(n as i8);
        }
        if p.eat("cost") {
            // "cost up to {2} less to play" (Mana Matrix): the reduction is
            // always applied in full (ARCHITECTURE.md, "Cost reductions of
            // up to {N}").
            let up_to = p.eat_all("up to");
            // "White spells you play cost {W} more to play." (the Leeches)
            let colored = match p.peek() {
                "{w}" => Some(crate::Color::White),
                "{u}" => Some(crate::Color::Blue),
                "{b}" => Some(crate::Color::Black),
                "{r}" => Some(crate::Color::Red),
                "{g}" => Some(crate::Color::Green),
                _ => None,
            };
            if colored.is_some() {
                p.bump();
                if !(p.eat_all("more to play") || p.eat_all("more to cast")) || up_to {
                    return fail_at(p, start);
                }
                return done(
                    p,
                    StaticAbility::SpellCostChange {
                        filter: f,
                        whose,
                        generic: 0,
                        off_turn_only: false,
                        colored,
                    },
                );
            }
            let n = generic_mana(p)? as i32;
            if up_to && !p.at("less") {
                return fail_at(p, start);
            }
            let generic = if p.eat("more") {
                n
            } else if p.eat("less") {
                -n
            } else {
                return fail_at(p, start);
            };
            if p.eat_all("to play") {
                return done(
                    p,
                    StaticAbility::SpellCostChange {
                        filter: f,
                        whose,
                        generic,
                        off_turn_only: false,
                        colored: None,
                    },
                );
            }
        }
    }
    fail_at(p, start)
}
