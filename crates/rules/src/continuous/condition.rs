//! The conditions of abilities (Condition in the ability model): threshold
//! and hellbent statics (the effect exists while the condition holds),
//! "If …, flip [it]" (508), and "if" clauses checked as an effect resolves.

use crate::state::stack::ResolveCtx;
use crate::{Game, ObjId, PlayerId};
use tolaria_cards::{Compared, Condition, PlayerQuantity, PlayerRef, ThisTurnFact};

/// Whether a condition holds for an ability controlled by `you` whose source
/// is `src`; `players` resolves the player references of the ability
/// ("that player").
pub(crate) fn holds(
    game: &Game,
    src: ObjId,
    you: PlayerId,
    players: &dyn Fn(&PlayerRef) -> Vec<PlayerId>,
    c: &Condition,
) -> bool {
    match c {
        // Goham Djinn's condition, judged on the computed board.
        Condition::MostCommonColor(color) => {
            let board: Vec<_> = game
                .in_play
                .iter()
                .map(|&o| crate::continuous::characteristics::compute(game, o))
                .collect();
            crate::continuous::layers::most_common_color(game, &board, *color)
        }
        // "if you didn't play it from your hand" (Phage the Untouchable):
        // judged on the permanent, or its last known information once gone.
        // "if it wasn't the first land you played this turn" (Fastbond).
        // 413.2f: a permanent gone from play ("if it had no time counters
        // on it", Lost Auramancers) as it last existed there.
        Condition::NoCountersOnThis(kind) => match game.obj(src) {
            Some(o) => o.counters_of(*kind) == 0,
            None => game
                .last_known(src)
                .is_some_and(|l| l.counters_of(*kind) == 0),
        },
        // 212.3f: controlled continuously since its controller's most
        // recent turn began (Rocket Launcher).
        Condition::ControlledSinceYourTurnBegan => game.obj(src).is_some_and(|o| !o.is_sick()),
        Condition::NotFirstLandThisTurn => game.players[you.index()].lands_played >= 2,
        Condition::NotPlayedFromHand => {
            game.objects[src.slot as usize].flags & crate::state::object::flags::FROM_HAND == 0
        }
        Condition::PlayedDuringMainPhase => {
            game.objects[src.slot as usize].flags
                & crate::state::object::flags::PLAYED_IN_MAIN_PHASE
                != 0
        }
        Condition::PlayedFromHand => {
            game.objects[src.slot as usize].flags & crate::state::object::flags::FROM_HAND != 0
        }
        // 502.21b: "if it was kicked [with its A kicker]", "if CARDNAME
        // wasn't kicked": how the spell (or the permanent it became) was
        // played, or its last known information once gone.
        Condition::Kicked { which, paid } => {
            crate::state::object::kicked_with(game.objects[src.slot as usize].flags, *which)
                == *paid
        }
        // 406: "if {U} was spent to play it": the spell, the permanent it
        // became, or its last known information once gone.
        Condition::ManaSpent(color) => {
            game.objects[src.slot as usize].flags & crate::state::object::flags::spent_bit(*color)
                != 0
        }
        // "if [this] is untapped" (Howling Mine).
        Condition::ThisUntapped => game.obj(src).is_some_and(|o| !o.is_tapped()),
        // 402.8h: the same card still in a graveyard (a card leaving it
        // becomes a new object, 217.1c); a card is only ever in its
        // owner's graveyard. 217.3: the cards above it are those put
        // there after it (the list is bottom first).
        Condition::ThisInYourGraveyard {
            creatures_above,
            directly,
        } => {
            let Some(o) = game.obj(src) else { return false };
            let crate::Zone::Graveyard(g) = o.zone else {
                return false;
            };
            let list = &game.players[g.index()].graveyard;
            let Some(k) = list.iter().position(|&c| c == src) else {
                return false;
            };
            let is_creature = |c: &crate::ObjId| {
                tolaria_cards::db()
                    .get(game.objects[c.slot as usize].card)
                    .front()
                    .types
                    .contains(tolaria_cards::CardType::Creature)
            };
            let above = &list[k + 1..];
            if *directly {
                above.first().is_some_and(is_creature)
            } else {
                above.iter().filter(|c| is_creature(c)).count() as u32 >= *creatures_above
            }
        }
        // "Sacrifice [this]. If you do, …": only a permanent you control
        // can be sacrificed (501.3).
        Condition::YouControlThis => game
            .obj(src)
            .is_some_and(|o| o.zone == crate::Zone::InPlay && o.controller == you),
        // "if that player has N or fewer cards in hand" (Lavaborn Muse).
        Condition::TriggeringPlayerHandAtMost(n) => players(&PlayerRef::Triggering)
            .iter()
            .any(|p| game.players[p.index()].hand.len() as u32 <= *n),
        // "if N or more [filter] cards are in your graveyard" (Mortal Combat).
        Condition::YourGraveyardHas { filter, at_least } => {
            let n = game.players[you.index()]
                .graveyard
                .iter()
                .filter(|&&o| {
                    crate::continuous::filter::matches_card(
                        filter,
                        game.objects[o.slot as usize].card,
                    )
                })
                .count();
            n as u32 >= *at_least
        }
        Condition::AllGraveyardsHave { filter, at_least } => {
            let n: usize = game
                .players
                .iter()
                .map(|pl| {
                    pl.graveyard
                        .iter()
                        .filter(|&&o| {
                            crate::continuous::filter::matches_card(
                                filter,
                                game.objects[o.slot as usize].card,
                            )
                        })
                        .count()
                })
                .sum();
            n as u32 >= *at_least
        }
        // 502.19a (echo): either mark of a recent change of control.
        Condition::ControlledSinceLastUpkeep => game
            .obj(src)
            .is_some_and(|o| o.control_marks & crate::state::object::marks::CONTROL_RECENT != 0),
        // "as long as it's your turn": the turn of the ability's controller.
        // 606.4b: a Two-Headed Giant team's turn is each teammate's.
        Condition::YourTurn => game.is_active(you),
        Condition::Not(c) => !holds(game, src, you, players, c),
        Condition::CountersOnThis { kind, at_least } => game
            .obj(src)
            .is_some_and(|o| o.counters_of(*kind) >= *at_least),
        Condition::CardsInHand { who, at_least } => players(who)
            .iter()
            .any(|p| game.players[p.index()].hand.len() as u32 >= *at_least),
        Condition::CardsInHandAtMost { who, at_most } => players(who)
            .iter()
            .any(|p| game.players[p.index()].hand.len() as u32 <= *at_most),
        Condition::Both(a, b) => {
            holds(game, src, you, players, a) && holds(game, src, you, players, b)
        }
        Condition::CardsInHandMatching {
            who,
            filter,
            at_least,
        } => players(who).iter().any(|p| {
            game.players[p.index()]
                .hand
                .iter()
                .filter(|&&o| {
                    crate::continuous::filter::matches_card(
                        filter,
                        game.objects[o.slot as usize].card,
                    )
                })
                .count() as u32
                >= *at_least
        }),
        Condition::CreaturesDiedThisTurn { at_least } => game.creatures_died_this_turn >= *at_least,
        Condition::EnchantedByAuras { at_least } => {
            game.in_play
                .iter()
                .filter(|&&a| {
                    game.objects[a.slot as usize].attached_to == Some(crate::Target::Object(src))
                        && crate::continuous::characteristics::compute(game, a)
                            .subtypes
                            .contains(tolaria_cards::Subtype::AURA)
                })
                .count() as u32
                >= *at_least
        }
        // "if enchanted creature has flying" (Earthbind): what this Aura
        // enchants, as the ability triggers (404.3).
        Condition::ObjectIs {
            what: tolaria_cards::ObjectRef::Attached,
            filter,
        } => match game.objects[src.slot as usize].attached_to {
            Some(crate::Target::Object(c)) => {
                crate::continuous::filter::matches(game, filter, c, Some(src), you)
            }
            _ => false,
        },
        // Only on resolution (`holds_on_resolution`).
        Condition::PutFromHand
        | Condition::YouDid
        | Condition::DealtDamageThisWay
        | Condition::TargetSharesNameWithPaid
        | Condition::ObjectIs { .. }
        | Condition::NoManaSpent(_)
        | Condition::WasSupertype { .. } => false,
        Condition::SpellsPlayedThisTurn { who, at_least } => players(who)
            .iter()
            .any(|p| game.players[p.index()].spells_this_turn >= *at_least),
        Condition::NoCardsInHand { who } => {
            let ps = players(who);
            !ps.is_empty() && ps.iter().all(|p| game.players[p.index()].hand.is_empty())
        }
        Condition::NoCardsInGraveyard { who } => {
            let ps = players(who);
            !ps.is_empty()
                && ps
                    .iter()
                    .all(|p| game.players[p.index()].graveyard.is_empty())
        }
        Condition::Permanents {
            filter,
            at_least,
            at_most,
            controlled_by,
        } => {
            let owners = controlled_by.as_ref().map(players);
            if owners.as_ref().is_some_and(|v| v.is_empty()) {
                return false;
            }
            let n = game
                .in_play
                .iter()
                .filter(|&&o| {
                    game.is_present(o)
                        && owners
                            .as_ref()
                            .is_none_or(|v| v.contains(&game.objects[o.slot as usize].controller))
                        && crate::continuous::filter::matches(game, filter, o, Some(src), you)
                })
                .count() as u32;
            n >= *at_least && at_most.is_none_or(|m| n <= m)
        }
        Condition::LifeAtMost { who, at_most } => {
            let ps = players(who);
            // 606.9a: an individual's life total (Lurking Jackals).
            !ps.is_empty() && ps.iter().all(|p| game.individual_life(*p) <= *at_most)
        }
        Condition::LifeAtLeast { who, at_least } => {
            let ps = players(who);
            // 606.9a: an individual's life total (Test of Endurance).
            !ps.is_empty() && ps.iter().all(|p| game.individual_life(*p) >= *at_least)
        }
        Condition::ThisTapped => game.obj(src).is_some_and(|o| o.is_tapped()),
        // 212.4, 212.2h: an Aura or an Equipment attached to it (printed
        // subtypes, as `Game::is_enchanted` reads them).
        Condition::ThisAttachedBy { equipment } => {
            let kind = if *equipment {
                tolaria_cards::Subtype::EQUIPMENT
            } else {
                tolaria_cards::Subtype::AURA
            };
            game.obj(src).is_some() && game.attached_of_kind(src, kind)
        }
        // 306: its combat status.
        Condition::ThisInCombat { attacking } => {
            game.obj(src).is_some()
                && if *attacking {
                    game.combat.is_attacking(src)
                } else {
                    game.combat.is_blocking(src)
                }
        }
        // "as long as it's white" outside the layers: computed now.
        Condition::Matches { attached, filter } => {
            let id = if *attached {
                match game.obj(src).and_then(|o| o.attached_to) {
                    Some(crate::Target::Object(host)) => host,
                    _ => return false,
                }
            } else {
                src
            };
            game.is_present(id)
                && crate::continuous::filter::matches(game, filter, id, Some(src), you)
        }
        // "Enchanted creature has shroud as long as it's untapped."
        Condition::OfAttached(c) => match game.obj(src).and_then(|o| o.attached_to) {
            Some(crate::Target::Object(host)) => holds(game, host, you, players, c),
            _ => false,
        },
        // 306.4: "as long as it's attacking alone" (Dream Prowler).
        Condition::AttackingAlone => {
            game.combat.is_attacking(src) && game.combat.attackers.len() == 1
        }
        // "if [this] is an enchantment" (Lurking Jackals): its computed types.
        Condition::ThisIs(t) => {
            game.obj(src).is_some()
                && crate::continuous::characteristics::compute(game, src)
                    .types
                    .contains(*t)
        }
        Condition::AnOpponentHasAtLeast { quantity, at_least } => game
            .opponents(you)
            .any(|q| player_quantity(game, q, quantity, src, you) >= *at_least as i64),
        // 502.50a: the tally bloodthirst reads.
        Condition::OpponentDealtDamageThisTurn => game
            .opponents(you)
            .any(|q| game.players[q.index()].damaged_this_turn),
        Condition::Exceeds {
            who,
            quantity,
            than,
        } => players(who).into_iter().any(|p| {
            let mine = player_quantity(game, p, quantity, src, you);
            let others: Vec<PlayerId> = match than {
                Compared::You => vec![you],
                Compared::EachOther => game.apnap_from(game.active).filter(|&q| q != p).collect(),
                Compared::EachOpponent => game.opponents(p).collect(),
            };
            !others.is_empty()
                && others
                    .iter()
                    .all(|&q| q != p && player_quantity(game, q, quantity, src, you) < mine)
        }),
        // Judged only on resolution (`holds_on_resolution`), knowing the
        // ability resolving.
        Condition::ThisAbilityActivated { .. } | Condition::ObjectThisTurn { .. } => false,
        Condition::ThisTurn { fact, did } => {
            game.obj(src).is_some() && this_turn_fact(game, src, *fact) == *did
        }
        Condition::ControlsAtLeast { filter, at_least } => {
            game.in_play
                .iter()
                .filter(|&&o| {
                    game.is_present(o)
                        && game.objects[o.slot as usize].controller == you
                        && crate::continuous::filter::matches(game, filter, o, Some(src), you)
                })
                .count() as u32
                >= *at_least
        }
    }
}

/// Whether object `o` did or underwent `fact` this turn.
fn this_turn_fact(game: &Game, o: crate::ObjId, fact: ThisTurnFact) -> bool {
    use crate::state::object::flags;
    let bit = match fact {
        ThisTurnFact::Attacked => flags::ATTACKED_THIS_TURN,
        ThisTurnFact::DealtDamageToOpponent => flags::DAMAGED_OPPONENT_THIS_TURN,
        ThisTurnFact::CameUnderControl => flags::SICK,
        // "attacked or blocked this combat" (Clockwork Beast): declared in
        // this combat, even if removed from it since (306.2).
        ThisTurnFact::AttackedOrBlockedThisCombat => return game.combat.fought.contains(&o),
        ThisTurnFact::WasDealtDamage => {
            return game.obj(o).is_some_and(|obj| obj.dealt_damage_this_turn)
        }
        ThisTurnFact::AttackedYourLastTurn => {
            return game.obj(o).is_some_and(|obj| {
                obj.control_marks & crate::state::object::marks::ATTACKED_LAST_TURN != 0
            })
        }
    };
    game.obj(o).is_some_and(|obj| obj.flags & bit != 0)
}

/// How much of `q` player `p` has: their individual life total (606.9a),
/// hand size, or the permanents they control matching the filter (read
/// for an ability of `src` controlled by `you`).
pub(crate) fn player_quantity(
    game: &Game,
    p: PlayerId,
    q: &PlayerQuantity,
    src: ObjId,
    you: PlayerId,
) -> i64 {
    match q {
        PlayerQuantity::Life => i64::from(game.individual_life(p)),
        PlayerQuantity::CardsInHand => game.players[p.index()].hand.len() as i64,
        PlayerQuantity::Permanents(f) => game
            .in_play
            .iter()
            .filter(|&&o| {
                game.is_present(o)
                    && game.objects[o.slot as usize].controller == p
                    && crate::continuous::filter::matches(game, f, o, Some(src), you)
            })
            .count() as i64,
    }
}

/// The one player in the game with more of `q` than each other player
/// ("the player with the most life"); none on a tie.
pub(crate) fn player_with_most(
    game: &Game,
    q: &PlayerQuantity,
    src: ObjId,
    you: PlayerId,
) -> Option<PlayerId> {
    let counts: Vec<(PlayerId, i64)> = game
        .apnap_from(game.active)
        .map(|p| (p, player_quantity(game, p, q, src, you)))
        .collect();
    let &(best, n) = counts.iter().max_by_key(|(_, n)| *n)?;
    (counts.iter().filter(|(_, m)| *m == n).count() == 1).then_some(best)
}

/// A condition checked as an effect resolves ("If you have nine or more
/// cards in hand, flip …"; "Then if that player has no cards in hand, …").
/// [`holds`] for a static or activated ability's condition, where "you"
/// is `you`, "an opponent" / "each opponent" are `you`'s opponents and no
/// other player is named.
pub(crate) fn holds_for(game: &Game, src: ObjId, you: PlayerId, c: &Condition) -> bool {
    holds(
        game,
        src,
        you,
        &|r| match r {
            PlayerRef::You => vec![you],
            PlayerRef::EachOpponent => game.opponents(you).collect(),
            _ => Vec::new(),
        },
        c,
    )
}

pub(crate) fn holds_on_resolution(game: &Game, ctx: &ResolveCtx, c: &Condition) -> bool {
    // "If you do" (Dermoplasm): the card put into play from the hand.
    if *c == Condition::PutFromHand {
        return ctx.chosen.is_some();
    }
    if *c == Condition::YouDid {
        return game.resolving.as_ref().is_some_and(|r| r.did);
    }
    if *c == Condition::DealtDamageThisWay {
        return ctx.damage_dealt > 0;
    }
    // Jester's Scepter: the target spell and the card paid for the cost.
    if *c == Condition::TargetSharesNameWithPaid {
        let (Some(crate::Target::Object(t)), Some(paid)) = (ctx.targets.first(), ctx.sacrificed)
        else {
            return false;
        };
        if game.obj(*t).is_none() {
            return false;
        }
        let spell = crate::continuous::characteristics::compute(game, *t);
        let def = game.objects[paid.slot as usize].def();
        return spell.has_name(&def.name) || def.faces.iter().any(|f| spell.has_name(&f.name));
    }
    // "If this ability has been played four or more times this turn"
    // (Dragon Whelp): the resolving ability's own count.
    if let Condition::ThisAbilityActivated { at_least } = c {
        let Some(r) = game.resolving.as_deref() else {
            return false;
        };
        let crate::StackKind::Ability {
            source,
            ability:
                tolaria_cards::AbilityRef::Printed { index, .. }
                | tolaria_cards::AbilityRef::Bent { index, .. },
            triggered: false,
            ..
        } = r.item.kind
        else {
            return false;
        };
        return game.activations_this_turn(source, index) >= *at_least;
    }
    // "… if it didn't attack this turn" (Nettling Imp): the object now,
    // if it is still in play (one that left is a new object, 217.1c).
    if let Condition::ObjectThisTurn { what, fact, did } = c {
        return game
            .objects_of(ctx, what)
            .into_iter()
            .any(|o| game.is_in_play(o) && this_turn_fact(game, o, *fact) == *did);
    }
    // "If that land was nonbasic" (Molten Rain): the target as it is in
    // play, or as it last existed there (413.2f). *Decision*: the last
    // known supertypes are those of the card whose copiable values it had
    // (no 2007 effect changes a supertype otherwise).
    if let Condition::WasSupertype {
        what,
        supertype,
        is,
    } = c
    {
        let ids: Vec<crate::ObjId> = match what {
            tolaria_cards::ObjectRef::Target(i) => ctx
                .targets
                .get(*i as usize)
                .and_then(|t| match t {
                    crate::Target::Object(o) => Some(*o),
                    _ => None,
                })
                .into_iter()
                .collect(),
            w => game.objects_of(ctx, w),
        };
        return ids.into_iter().any(|o| {
            let has = if game.is_in_play(o) {
                crate::continuous::characteristics::compute(game, o)
                    .supertypes
                    .contains(*supertype)
            } else if let Some(l) = game.last_known(o) {
                tolaria_cards::db().get(l.ability_card).faces[l.ability_face as usize]
                    .supertypes
                    .contains(*supertype)
            } else {
                return false;
            };
            has == *is
        });
    }
    // 406: "if no mana was spent to play it" (Nix): a spell played for
    // free (502.59c suspend, "without paying its mana cost", {0}).
    if let Condition::NoManaSpent(what) = c {
        return game.objects_of(ctx, what).into_iter().any(|o| {
            game.objects[o.slot as usize].flags & crate::state::object::flags::SPENT == 0
        });
    }
    // "if it's red"" (Hydroblast): the object, a spell or a permanent, as
    // the instruction is reached.
    if let Condition::ObjectIs { what, filter } = c {
        return game.objects_of(ctx, what).into_iter().any(|o| {
            crate::continuous::filter::matches(game, filter, o, Some(ctx.source), ctx.controller)
        });
    }
    holds(
        game,
        ctx.source,
        ctx.controller,
        &|r| game.players_of(ctx, r),
        c,
    )
}
