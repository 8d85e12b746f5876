//! Triggered abilities (404, 410): detected from events as they are
//! emitted, held until a player would receive priority, then put on the
//! stack in APNAP order, each player ordering their own.

use crate::state::stack::PendingTrigger;
use crate::state::stack::TriggerContext;
use crate::{Event, Game, MoveReason, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{Ability, AbilityRef, CardId, Trigger, Whose};

pub(crate) use super::combat_triggers::{
    creature_becomes_blocked_triggers, creatures_attack_you_triggers, creatures_block_triggers,
};
pub(crate) use super::mana_triggers::{
    land_tapped_for_mana, produced_type_matters, triggered_mana_abilities,
};
pub(crate) use super::state_triggers::state_triggers;
use super::target_triggers::became_targets;

/// Looks at one event and records every ability it triggers.
pub(crate) fn check_triggers(game: &mut Game, e: &Event) {
    // The permanents whose abilities are scanned: none while the board is
    // up to date and no permanent has a triggered ability (`scan` would
    // skip each of them).
    let permanents = if game.may_have_triggers() {
        game.in_play.len()
    } else {
        0
    };
    // 502.51b: a haunted creature that leaves play for anywhere but a
    // graveyard is haunted no more (it is a new object, 400.7).
    if let Event::ZoneChange {
        old,
        from: Zone::InPlay,
        to,
        ..
    } = e
    {
        if !game.haunts.is_empty() && !matches!(to, Zone::Graveyard(_)) {
            crate::mechanics::haunt::creature_left_play(game, *old, None);
        }
    }
    if permanents > 0 {
        // "Whenever a card is put into a graveyard from anywhere" (Planar
        // Void).
        if let Event::ZoneChange {
            new,
            from,
            to: Zone::Graveyard(_),
            ..
        } = e
        {
            super::graveyard_triggers::card_to_graveyard(game, permanents, *new, *from);
        }
        life_lost_triggers(game, e, permanents);
        if let Event::Damage {
            source,
            to,
            amount,
            combat,
            ..
        } = e
        {
            super::damage_triggers::damage_watchers(
                game, permanents, *source, *to, *amount, *combat,
            );
        }
    }
    match e {
        // 502.15d: phasing triggers only the abilities that mention it.
        Event::PhasedIn { obj, .. } => {
            scan(game, *obj, |t, _, _| {
                matches!(t, Trigger::PhasesIn).then(TriggerContext::default)
            });
        }
        Event::PhasedOut { obj, .. } => phased_out_triggers(game, *obj),
        // 502.26d: "When [this] / a permanent is turned face up".
        Event::TurnedFaceUp { obj, x, .. } => {
            let (turned, x) = (*obj, *x);
            for i in 0..game.in_play.len() {
                let src = game.in_play[i];
                if src != turned && i >= permanents {
                    continue;
                }
                scan(game, src, |t, game, src| match t {
                    Trigger::TurnedFaceUp(f) => {
                        let you = game.objects[src.slot as usize].controller;
                        crate::continuous::filter::matches(game, f, turned, Some(src), you).then(
                            || TriggerContext {
                                object: Some(turned),
                                // Only its own ability knows the X it was paid with.
                                x: if src == turned { x } else { 0 },
                                ..Default::default()
                            },
                        )
                    }
                    _ => None,
                });
            }
        }
        Event::ZoneChange {
            new,
            to: Zone::InPlay,
            ..
        } => {
            // 404.4a: comes-into-play abilities of the new permanent and of others.
            let new = *new;
            if game.graveyard_triggers {
                super::target_triggers::comes_into_play_in_graveyards(game, new);
            }
            // 404.4a: the new permanent's comes-into-play abilities include
            // those a static ability grants it (its own or another's), which
            // the board last computed doesn't know of yet.
            let granted = game.obj(new).is_some_and(|o| {
                use crate::state::object::flags;
                o.flags & flags::TRIGGERS == 0
                    && (game.board.statics > 0 || o.flags & flags::STATICS != 0)
            });
            for i in 0..permanents {
                let src = game.in_play[i];
                let watch = |t: &Trigger, game: &Game, src: ObjId| match t {
                    Trigger::ComesIntoPlay(f) => {
                        let you = game.objects[src.slot as usize].controller;
                        crate::continuous::filter::matches(game, f, new, Some(src), you).then_some(
                            TriggerContext {
                                object: Some(new),
                                ..Default::default()
                            },
                        )
                    }
                    _ => None,
                };
                if granted && src == new {
                    scan_abilities(game, src, watch);
                } else {
                    scan(game, src, watch);
                }
            }
        }
        Event::ZoneChange {
            old,
            new,
            from: Zone::InPlay,
            to: Zone::Graveyard(_),
            ..
        } => {
            // 404.4c: leaves-play abilities "look back in time": the object
            // that left triggers its own ability as it last existed in play.
            let (old, new) = (*old, *new);
            let lki = game.last_known(old).copied();
            let lki_controller = lki.map(|l| l.controller);
            self_leaves_play_triggers(game, old, new, true);
            // 502.51c: "When the creature it haunts is put into a graveyard".
            crate::mechanics::haunt::creature_left_play(game, old, Some(new));
            // 502.55a (recover): "When a creature is put into your graveyard
            // from play" of the other cards in that graveyard (the creature
            // goes to its owner's).
            if game.graveyard_triggers && lki.is_some_and(|l| l.was_creature) {
                let g = game.objects[new.slot as usize].owner;
                let list: Vec<ObjId> = game
                    .player(g)
                    .graveyard
                    .iter()
                    .copied()
                    .filter(|&c| c != new)
                    .collect();
                for c in list {
                    let card = game.objects[c.slot as usize].card;
                    let front = tolaria_cards::db().get(card).front();
                    if !front.has_graveyard_triggers {
                        continue;
                    }
                    let ctx = TriggerContext {
                        object: Some(new),
                        ..Default::default()
                    };
                    trigger_printed(game, g, c, card, &Trigger::CreatureToYourGraveyard, ctx);
                }
            }
            // 404.4b: "When that creature is put into a graveyard from play
            // this turn" (Initiate of Blood) triggers once, now.
            let fired = take_watching(&mut game.delayed_dies, old);
            game.pending_triggers.extend(fired);
            // "Whenever a creature dealt damage by [this] this turn is put
            // into a graveyard" (Sengir Vampire).
            if game.damaged_by.iter().any(|&(_, v)| v == old) {
                let sources: Vec<ObjId> = game
                    .damaged_by
                    .iter()
                    .filter(|&&(_, v)| v == old)
                    .map(|&(s, _)| s)
                    .collect();
                game.damaged_by.retain(|&(_, v)| v != old);
                for s in sources {
                    scan(game, s, |t, _, _| {
                        matches!(t, Trigger::DamagedByThisDies).then_some(TriggerContext {
                            object: Some(new),
                            ..Default::default()
                        })
                    });
                }
            }
            for i in 0..permanents {
                let src = game.in_play[i];
                scan(game, src, |t, game, src| match t {
                    // "When enchanted creature is put into a graveyard from
                    // play": the Aura is still attached to it (420.5d has
                    // yet to put the Aura into its owner's graveyard).
                    Trigger::AttachedDies => (game.objects[src.slot as usize].attached_to
                        == Some(Target::Object(old))
                        && lki.is_some_and(|l| l.was_creature))
                    .then_some(TriggerContext {
                        object: Some(new),
                        player: lki_controller,
                        ..Default::default()
                    }),
                    Trigger::PutIntoGraveyardFromPlay(f)
                    | Trigger::PutIntoGraveyardOfFromPlay(f, _)
                    | Trigger::PutIntoYourGraveyardByOpponent(f)
                        if !f.this =>
                    {
                        let you = game.objects[src.slot as usize].controller;
                        // "put into your / an opponent's graveyard": whose
                        // graveyard it went to (its owner's, 217.3).
                        let owner = game.objects[new.slot as usize].owner;
                        let owned = match t {
                            Trigger::PutIntoGraveyardOfFromPlay(_, w) => match w {
                                Whose::You => owner == you,
                                Whose::Opponent => game.is_opponent(you, owner),
                                Whose::Each | Whose::Chosen => true,
                            },
                            // Sacred Ground: the cause is the spell or
                            // ability resolving now, an opponent's.
                            Trigger::PutIntoYourGraveyardByOpponent(_) => {
                                owner == you
                                    && game
                                        .resolving
                                        .as_deref()
                                        .is_some_and(|r| game.is_opponent(you, r.ctx.controller))
                            }
                            _ => true,
                        };
                        // "a creature you control": its controller as it
                        // last existed in play (404.4c looks back in time).
                        let controlled = match f.controller {
                            tolaria_cards::ControllerFilter::Any => true,
                            tolaria_cards::ControllerFilter::You => lki_controller == Some(you),
                            tolaria_cards::ControllerFilter::Opponent => {
                                lki_controller.is_some_and(|c| game.is_opponent(you, c))
                            }
                            tolaria_cards::ControllerFilter::Defending => {
                                lki_controller.is_some_and(|c| game.is_defending(c))
                            }
                            tolaria_cards::ControllerFilter::Active => {
                                lki_controller == Some(game.active)
                            }
                            // Never compiled outside a target requirement.
                            tolaria_cards::ControllerFilter::TriggeringPlayer
                            | tolaria_cards::ControllerFilter::TargetPlayer(_) => false,
                        };
                        // Match on the new (graveyard) object's printed characteristics.
                        (owned
                            && controlled
                            && crate::continuous::filter::matches(
                                game,
                                &tolaria_cards::ObjectFilter {
                                    controller: Default::default(),
                                    ..f.clone()
                                },
                                new,
                                Some(src),
                                you,
                            ))
                        .then_some(TriggerContext {
                            object: Some(new),
                            player: Some(owner),
                            ..Default::default()
                        })
                    }
                    _ => None,
                });
            }
        }
        Event::StepBegan {
            step: tolaria_cards::Step::EndOfCombat,
        } if !game.delayed_end_of_combat.is_empty()
            || !game.delayed_combat_this_turn.is_empty() =>
        {
            // 404.4b: delayed triggered abilities trigger once, now.
            let delayed = std::mem::take(&mut game.delayed_end_of_combat);
            game.pending_triggers.extend(delayed);
            let delayed = std::mem::take(&mut game.delayed_combat_this_turn);
            game.pending_triggers.extend(delayed);
            check_step_triggers(game, tolaria_cards::Step::EndOfCombat, permanents);
        }
        Event::StepBegan {
            step: tolaria_cards::Step::Upkeep,
        } if !game.delayed_next_upkeep.is_empty() || !game.delayed_your_upkeep.is_empty() => {
            // 404.4b: "at the beginning of the next turn's upkeep", and
            // "at the beginning of your next upkeep" for the active player's.
            let delayed = std::mem::take(&mut game.delayed_next_upkeep);
            game.pending_triggers.extend(delayed);
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut game.delayed_your_upkeep)
                .into_iter()
                .partition(|t| game.is_active(t.controller));
            game.delayed_your_upkeep = later;
            game.pending_triggers.extend(now);
            check_step_triggers(game, tolaria_cards::Step::Upkeep, permanents);
        }
        Event::StepBegan {
            step: tolaria_cards::Step::EndOfTurn,
        } if !game.delayed_end_step.is_empty()
            || !game.delayed_your_end_step.is_empty()
            || !game.delayed_turn_end_step.is_empty()
            || !game.delayed_extra_turn_end.is_empty() =>
        {
            // 404.4b: "at the beginning of the next end step", and "at the
            // beginning of your next end step" for the active player's.
            let delayed = std::mem::take(&mut game.delayed_end_step);
            game.pending_triggers.extend(delayed);
            let active = game.active;
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut game.delayed_your_end_step)
                .into_iter()
                .partition(|t| t.controller == active);
            game.delayed_your_end_step = later;
            game.pending_triggers.extend(now);
            // "… of that player's next turn": a later turn of that player.
            let turn = game.turn;
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut game.delayed_turn_end_step)
                .into_iter()
                .partition(|(p, made, _)| *p == active && turn > *made);
            game.delayed_turn_end_step = later;
            game.pending_triggers.extend(now.into_iter().map(|t| t.2));
            // "… that turn's end step": the extra turn this is; those of
            // an earlier turn whose end step didn't happen are gone.
            let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut game.delayed_extra_turn_end)
                .into_iter()
                .filter(|(_, began, _)| *began == 0 || *began >= turn)
                .partition(|(_, began, _)| *began == turn);
            game.delayed_extra_turn_end = later;
            game.pending_triggers.extend(now.into_iter().map(|t| t.2));
            check_step_triggers(game, tolaria_cards::Step::EndOfTurn, permanents);
        }
        // 404.4b, 314.3: "at the beginning of the next cleanup step".
        Event::StepBegan {
            step: tolaria_cards::Step::Cleanup,
        } if !game.delayed_cleanup.is_empty() => {
            let delayed = std::mem::take(&mut game.delayed_cleanup);
            game.pending_triggers.extend(delayed);
            check_step_triggers(game, tolaria_cards::Step::Cleanup, permanents);
        }
        Event::StepBegan { step } => check_step_triggers(game, *step, permanents),
        Event::CountersRemoved {
            obj, kind, amount, ..
        } if *amount > 0 => {
            // 502.60a: "When the last time counter is removed from this
            // permanent": the removal left none of that kind on it.
            let (obj, kind) = (*obj, *kind);
            // 502.59a: the suspend trigger of a card removed from the game.
            if kind == tolaria_cards::CounterKind::Time
                && game
                    .obj(obj)
                    .is_some_and(|o| o.zone == Zone::RemovedFromGame && o.counters_of(kind) == 0)
            {
                game.suspended_last_counter(obj);
            }
            if game.obj(obj).is_some_and(|o| o.counters_of(kind) == 0) {
                scan(game, obj, |t, _, _| {
                    matches!(t, Trigger::LastCounterRemoved(k) if *k == kind)
                        .then(TriggerContext::default)
                });
            }
        }
        Event::CoinFlipped {
            player,
            won: Some(true),
            ..
        } => {
            // 511.1: "Whenever you win a coin flip".
            let winner = *player;
            for i in 0..permanents {
                let src = game.in_play[i];
                scan(game, src, |t, game, src| {
                    (matches!(t, Trigger::WinsCoinFlip)
                        && game.objects[src.slot as usize].controller == winner)
                        .then_some(TriggerContext {
                            player: Some(winner),
                            ..Default::default()
                        })
                });
            }
        }
        // 408.2d: "Whenever [you / an opponent / a player] play(s) a land"
        // (Fastbond, Dirtcowl Wurm, Horn of Greed).
        Event::LandPlayed { player, obj, .. } if permanents > 0 => {
            player_event_triggers(game, permanents, *player, Some(*obj), |t| match t {
                Trigger::PlaysLand(w) => Some(*w),
                _ => None,
            });
        }
        // "Whenever fortified / enchanted land becomes tapped" (Darksteel
        // Garrison, Blight); "Whenever [this] / a Forest an opponent
        // controls becomes tapped" (City of Brass, Lifetap).
        Event::Tapped { obj, .. } if permanents > 0 => {
            let tapped = *obj;
            attached_triggers(game, tapped, permanents, |t, _, _| {
                matches!(t, Trigger::AttachedBecomesTapped).then(|| TriggerContext {
                    object: Some(tapped),
                    ..Default::default()
                })
            });
            for i in 0..permanents {
                let src = game.in_play[i];
                scan(game, src, |t, game, src| match t {
                    Trigger::BecomesTapped(f) => {
                        let you = game.objects[src.slot as usize].controller;
                        crate::continuous::filter::matches(game, f, tapped, Some(src), you).then(
                            || TriggerContext {
                                object: Some(tapped),
                                ..Default::default()
                            },
                        )
                    }
                    _ => None,
                });
            }
        }
        Event::AttackerDeclared { obj, .. } => {
            let obj = *obj;
            // 306.4: "attacks alone": the only creature declared as an
            // attacker (all are declared before the first event).
            let alone = game.combat.attackers.len() == 1;
            scan(game, obj, |t, _, _| {
                (matches!(t, Trigger::Attacks) || (alone && matches!(t, Trigger::AttacksAlone)))
                    .then(TriggerContext::default)
            });
            attached_triggers(game, obj, permanents, |t, _, _| {
                matches!(t, Trigger::AttachedAttacks).then(TriggerContext::default)
            });
            // "Whenever a [filter] attacks": the abilities of every permanent.
            for i in 0..permanents {
                let src = game.in_play[i];
                scan(game, src, |t, game, src| match t {
                    Trigger::CreatureAttacks(f) => {
                        let you = game.objects[src.slot as usize].controller;
                        crate::continuous::filter::matches(game, f, obj, Some(src), you).then_some(
                            TriggerContext {
                                object: Some(obj),
                                ..Default::default()
                            },
                        )
                    }
                    _ => None,
                });
            }
        }
        Event::Drew { player, .. } => {
            // 423.1: "Whenever [a player] draws a card".
            let drawer = *player;
            player_event_triggers(game, permanents, drawer, None, |t| match t {
                Trigger::Draws(w) => Some(*w),
                _ => None,
            });
        }
        Event::ZoneChange {
            old,
            new,
            from: Zone::InPlay,
            ..
        } => {
            // 404.4c: "When [this] leaves play" (Ertai's Familiar), to any
            // zone other than a graveyard (handled above).
            let (old, new) = (*old, *new);
            self_leaves_play_triggers(game, old, new, false);
        }
        Event::ControlChanged {
            obj,
            card,
            from,
            to,
        } => {
            // "When you lose control of the creature" (Ray of Command): the
            // delayed abilities of the player who lost it.
            let (obj, card, from, to) = (*obj, *card, *from, *to);
            if game
                .delayed_control_lost
                .iter()
                .any(|(o, t)| *o == obj && t.controller == from)
            {
                let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut game.delayed_control_lost)
                    .into_iter()
                    .partition(|(o, t)| *o == obj && t.controller == from);
                game.delayed_control_lost = later;
                game.pending_triggers
                    .extend(now.into_iter().map(|(_, t)| t));
            }
            // "When you lose control of [this]" (Duplicity): controlled by
            // the permanent's new controller.
            trigger_printed(
                game,
                to,
                obj,
                card,
                &Trigger::ControlLost,
                TriggerContext::default(),
            );
        }
        Event::ZoneChange {
            new,
            card,
            from: from @ (Zone::Graveyard(_) | Zone::Library(_)),
            to: to @ (Zone::Hand(_) | Zone::Graveyard(_)),
            ..
        } if own_zone_move_trigger(*from, *to).is_some() => {
            // "When [this] is put into your hand from your graveyard"
            // (Golgari Brownscale), "… into your graveyard from your
            // library" (Gaea's Blessing): the card in its new zone, its
            // owner's, triggers.
            let (new, card) = (*new, *card);
            if let Some((owner, trigger)) = own_zone_move_trigger(*from, *to) {
                trigger_printed(game, owner, new, card, &trigger, TriggerContext::default());
            }
        }
        Event::ZoneChange {
            from: Zone::Hand(p),
            reason: MoveReason::Discard,
            ..
        } => {
            // 217.4a: "Whenever [a player] discards a card".
            let discarder = *p;
            if let Event::ZoneChange { new, card, .. } = e {
                discarded_by_opponent(game, discarder, *new, *card);
            }
            // "that card": the card discarded, in the graveyard.
            let card = match e {
                Event::ZoneChange { new, .. } => Some(*new),
                _ => None,
            };
            player_event_triggers(game, permanents, discarder, card, |t| match t {
                Trigger::Discards(w) => Some(*w),
                _ => None,
            });
        }
        Event::Cycled { player, obj, card } => {
            // 502.18c / 502.18e.
            let (cycler, new, card) = (*player, *obj, *card);
            crate::mechanics::cycling::cycled(game, cycler, new, card);
            player_event_triggers(game, permanents, cycler, None, |t| match t {
                Trigger::Cycles(w) => Some(*w),
                _ => None,
            });
        }
        // 502.10e: a band member blocked along with the declared one is
        // blocked by (and blocking for) that creature as well.
        Event::BlockerDeclared {
            blocker, attacker, ..
        }
        | Event::BandBlocked {
            blocker, attacker, ..
        } => {
            let (b, a) = (*blocker, *attacker);
            let other_matches =
                |game: &Game, f: &tolaria_cards::ObjectFilter, other, src: ObjId| {
                    let you = game.objects[src.slot as usize].controller;
                    crate::continuous::filter::matches(game, f, other, Some(src), you)
                };
            // "Whenever [this] blocks [a creature with flying]": once per
            // attacker blocked (that matches).
            scan(game, b, |t, game, src| match t {
                Trigger::Blocks => Some(TriggerContext {
                    object: Some(a),
                    ..Default::default()
                }),
                Trigger::BlocksA(f) => other_matches(game, f, a, src).then_some(TriggerContext {
                    object: Some(a),
                    ..Default::default()
                }),
                _ => None,
            });
            // "Whenever a [filter] blocks" (Battle Strain): the abilities
            // of every permanent, once per blocker (410.9d), at the event
            // of its first block.
            if game.combat.blocks.iter().find(|p| p.0 == b).map(|p| p.1) == Some(a) {
                for i in 0..permanents {
                    let src = game.in_play[i];
                    scan(game, src, |t, game, src| match t {
                        Trigger::CreatureBlocks(f) if other_matches(game, f, b, src) => {
                            Some(TriggerContext {
                                object: Some(b),
                                ..Default::default()
                            })
                        }
                        _ => None,
                    });
                }
            }
            // "Whenever enchanted creature blocks": once per creature blocked
            // would trigger too often; once for its first block.
            if game.combat.blocked_by(b).count() == 1 {
                attached_triggers(game, b, permanents, |t, _, _| {
                    matches!(t, Trigger::AttachedBlocks).then(TriggerContext::default)
                });
            }
            // "Whenever enchanted creature blocks or becomes blocked by a
            // creature" (Mammoth Harness): once per pair, "the other
            // creature" being the event's other creature (601.7: it must
            // be within the Aura's controller's range too).
            attached_triggers(game, b, permanents, |t, game, src| match t {
                Trigger::AttachedBlocksCreature(f) if other_matches(game, f, a, src) => {
                    Some(TriggerContext {
                        object: Some(a),
                        ..Default::default()
                    })
                }
                _ => None,
            });
            attached_triggers(game, a, permanents, |t, game, src| match t {
                Trigger::AttachedBlockedByCreature(f) if other_matches(game, f, b, src) => {
                    Some(TriggerContext {
                        object: Some(b),
                        ..Default::default()
                    })
                }
                _ => None,
            });
            // "Whenever a [filter] blocks [this]": the attacker's abilities, one per blocker.
            scan(game, a, |t, game, src| match t {
                Trigger::BlockedBy(f) => {
                    let you = game.objects[src.slot as usize].controller;
                    crate::continuous::filter::matches(game, f, b, Some(src), you).then_some(
                        TriggerContext {
                            object: Some(b),
                            ..Default::default()
                        },
                    )
                }
                _ => None,
            });
        }
        Event::AbilityPlayed {
            player, targets, ..
        }
        | Event::TriggerPutOnStack {
            player, targets, ..
        } if permanents > 0 && !targets.is_empty() => {
            let targets: Vec<Target> = targets.iter().map(|t| t.target).collect();
            // The ability just put on the stack with these targets.
            if let Some(id) = game
                .stack
                .iter()
                .rev()
                .find(|s| {
                    matches!(s.kind, crate::StackKind::Ability { .. }) && s.targets == targets
                })
                .map(|s| s.id)
            {
                became_targets(game, &targets, *player, Target::Ability(id), permanents);
            }
        }
        Event::TargetChanged { targets, .. } if permanents > 0 => {
            // 415.7: the spell or ability now targets them; its controller
            // is that of the stack object holding these targets.
            let new: Vec<Target> = targets.iter().map(|t| t.target).collect();
            if let Some(item) = game.stack.iter().rev().find(|s| s.targets == new) {
                let (controller, by) = match item.kind {
                    crate::StackKind::Spell { obj } => (item.controller, Target::Object(obj)),
                    _ => (item.controller, Target::Ability(item.id)),
                };
                became_targets(game, &new, controller, by, permanents);
            }
        }
        Event::SpellPlayed {
            player, obj, card, ..
        } => {
            let (caster, spell) = (*player, *obj);
            if permanents > 0 {
                if let Some(targets) = game
                    .stack
                    .iter()
                    .rev()
                    .find(|s| matches!(s.kind, crate::StackKind::Spell { obj } if obj == spell))
                    .map(|s| s.targets.clone())
                    .filter(|t| !t.is_empty())
                {
                    became_targets(game, &targets, caster, Target::Object(spell), permanents);
                }
            }
            // 502.30a: the spell's own "when you play this spell"
            // abilities (storm), functioning on the stack; the spells
            // played before it this turn, by every player, are counted now.
            let played: u32 = game.players.iter().map(|p| p.spells_this_turn).sum();
            // 502.52a: the times its replicate cost was paid (looked up
            // only for a spell with replicate).
            let replicated = |game: &Game| {
                game.stack
                    .iter()
                    .rev()
                    .find(|s| matches!(s.kind, crate::StackKind::Spell { obj } if obj == spell))
                    .map_or(0, |s| u32::from(s.replicated))
            };
            for (i, a) in tolaria_cards::db().get(*card).faces[0]
                .abilities
                .iter()
                .enumerate()
            {
                if let Ability::Triggered(t) = a {
                    let amount = match t.trigger {
                        Trigger::PlayedThis => played.saturating_sub(1),
                        // 404.3: "if a replicate cost was paid for it".
                        Trigger::Replicated => match replicated(game) {
                            0 => continue,
                            n => n,
                        },
                        _ => continue,
                    };
                    game.pending_triggers.push(PendingTrigger {
                        controller: caster,
                        source: spell,
                        card: *card,
                        ability: AbilityRef::Printed {
                            card: *card,
                            face: 0,
                            index: i as u8,
                        },
                        ctx: TriggerContext {
                            object: Some(spell),
                            player: Some(caster),
                            amount,
                            ..Default::default()
                        },
                    });
                }
            }
            spell_played_in_graveyards(game, caster, spell);
            for i in 0..permanents {
                let src = game.in_play[i];
                scan(game, src, |t, game, src| match t {
                    Trigger::SpellPlayed { by, filter } => {
                        let you = game.objects[src.slot as usize].controller;
                        let who_ok = match by {
                            Whose::You => caster == you,
                            Whose::Opponent => game.is_opponent(you, caster),
                            Whose::Each => true,
                            Whose::Chosen => {
                                game.objects[src.slot as usize].chosen_player == Some(caster)
                            }
                        };
                        (who_ok
                            && crate::continuous::filter::matches(
                                game,
                                filter,
                                spell,
                                Some(src),
                                you,
                            ))
                        .then_some(TriggerContext {
                            object: Some(spell),
                            player: Some(caster),
                            ..Default::default()
                        })
                    }
                    Trigger::FirstSpellEachTurn { by } => {
                        let you = game.objects[src.slot as usize].controller;
                        let who_ok = match by {
                            Whose::You => caster == you,
                            Whose::Opponent => game.is_opponent(you, caster),
                            Whose::Each => true,
                            Whose::Chosen => {
                                game.objects[src.slot as usize].chosen_player == Some(caster)
                            }
                        };
                        (who_ok && game.players[caster.index()].spells_this_turn == 1).then_some(
                            TriggerContext {
                                object: Some(spell),
                                player: Some(caster),
                                ..Default::default()
                            },
                        )
                    }
                    Trigger::NthSpellOfTurn(n) => {
                        let total: u32 = game.players.iter().map(|p| p.spells_this_turn).sum();
                        (total == *n).then_some(TriggerContext {
                            object: Some(spell),
                            player: Some(caster),
                            ..Default::default()
                        })
                    }
                    _ => None,
                });
            }
        }
        // A source no longer in play (a spell, last known information)
        // still damages: only the victim's abilities look.
        Event::Damage {
            source,
            to: Target::Object(victim),
            amount,
            combat,
            ..
        } if permanents > 0 && !game.is_in_play(*source) => {
            dealt_damage_triggers(game, *victim, *amount, *combat);
        }
        Event::Damage {
            source,
            to,
            amount,
            combat,
            ..
        } if game.is_in_play(*source) => {
            if let Target::Object(victim) = to {
                if permanents > 0 {
                    dealt_damage_triggers(game, *victim, *amount, *combat);
                }
            }
            // 502.63a / 502.68a and other "whenever this deals damage" abilities.
            let (source, to, amount, combat) = (*source, *to, *amount, *combat);
            scan(game, source, |t, _, _| match t {
                Trigger::DealsCombatDamageToCreature => match to {
                    Target::Object(o) if combat => Some(TriggerContext {
                        object: Some(o),
                        player: None,
                        amount,
                        ..Default::default()
                    }),
                    _ => None,
                },
                Trigger::DealsDamage { to_creature_only } => {
                    let object = match to {
                        Target::Object(o) => Some(o),
                        Target::Player(_) | Target::Ability(_) if *to_creature_only => return None,
                        Target::Player(_) | Target::Ability(_) => None,
                    };
                    let player = match to {
                        Target::Player(p) => Some(p),
                        _ => None,
                    };
                    Some(TriggerContext {
                        object,
                        player,
                        amount,
                        ..Default::default()
                    })
                }
                _ => None,
            });
            if let Target::Object(victim) = to {
                // Only creatures are remembered ("a creature dealt damage").
                if has_trigger(game, source, |t| matches!(t, Trigger::DamagedByThisDies))
                    && !game.damaged_by.contains(&(source, victim))
                    && game.chars(victim).is_creature()
                {
                    game.damaged_by.push((source, victim));
                }
            }
            attached_triggers(game, source, permanents, |t, game, _| match t {
                Trigger::AttachedDealsDamage => Some(TriggerContext {
                    amount,
                    ..Default::default()
                }),
                // "… deals damage to a creature" (Sword of Kaldra): the
                // creature as it was dealt the damage.
                Trigger::AttachedDealsDamageToCreature => match to {
                    Target::Object(o) if game.chars(o).is_creature() => Some(TriggerContext {
                        object: Some(o),
                        amount,
                        ..Default::default()
                    }),
                    _ => None,
                },
                _ => None,
            });
            if let Target::Player(p) = to {
                damage_to_player_triggers(
                    game,
                    source,
                    p,
                    amount,
                    matches!(e, Event::Damage { combat: true, .. }),
                );
            }
        }
        _ => {}
    }
}

/// "Whenever [this] is dealt damage" (Thrashing Mudspawn), "… is dealt
/// combat damage" (Wall of Essence).
fn dealt_damage_triggers(game: &mut Game, victim: ObjId, amount: u32, combat: bool) {
    if !game.is_in_play(victim) {
        return;
    }
    scan(game, victim, |t, _, _| {
        (matches!(t, Trigger::IsDealtDamage)
            || (combat && matches!(t, Trigger::IsDealtCombatDamage)))
        .then(|| TriggerContext {
            amount,
            ..Default::default()
        })
    });
}

/// "At the beginning of [whose] [step]" abilities of the permanents in play.
fn check_step_triggers(game: &mut Game, step: tolaria_cards::Step, permanents: usize) {
    let active = game.active;
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| match t {
            Trigger::BeginningOfAttachedControllers(s) if *s == step => {
                // The Aura's enchanted creature is the active player's.
                let enchanted = match game.objects[src.slot as usize].attached_to {
                    Some(Target::Object(o)) if game.is_in_play(o) => Some(o),
                    _ => None,
                }?;
                let c = game.objects[enchanted.slot as usize].controller;
                // 606.4b: either player of a Two-Headed Giant team.
                game.is_active(c).then_some(TriggerContext {
                    player: Some(c),
                    ..Default::default()
                })
            }
            Trigger::BeginningOf { step: s, whose } if *s == step => {
                let you = game.objects[src.slot as usize].controller;
                let ok = match whose {
                    // 606.4b: the team's turn is each teammate's.
                    Whose::You => game.is_active(you),
                    Whose::Opponent => game.is_opponent(you, active),
                    Whose::Each => true,
                    // 419.1b: the player chosen as it came into play (Black
                    // Vise); 606.4b: a Two-Headed Giant team's turn is each
                    // teammate's.
                    Whose::Chosen => game.objects[src.slot as usize]
                        .chosen_player
                        .is_some_and(|c| game.is_active(c)),
                };
                ok.then_some(TriggerContext {
                    player: Some(active),
                    ..Default::default()
                })
            }
            _ => None,
        });
    }
    game.graveyard_step_triggers(step);
    // 502.59a: suspended cards trigger from the removed-from-the-game zone.
    if step == tolaria_cards::Step::Upkeep && !game.removed.is_empty() {
        game.suspended_upkeep_triggers();
    }
}

/// 404.3: whether an intervening "if" condition holds for the ability of
/// `src`, whose trigger event is `ctx`.
pub(crate) fn condition_holds(
    game: &Game,
    src: ObjId,
    ctx: &TriggerContext,
    c: &tolaria_cards::Condition,
) -> bool {
    // The ability's controller is its source's ("you"); "that player" is
    // the player of the trigger event.
    let you = game.objects[src.slot as usize].controller;
    crate::continuous::condition::holds(
        game,
        src,
        you,
        &|r| match r {
            tolaria_cards::PlayerRef::You => vec![you],
            tolaria_cards::PlayerRef::Triggering => ctx.player.into_iter().collect(),
            // "if an opponent controls more lands than you" (Land Tax), "if
            // a player has more life than each other player" (Ghazbán Ogre).
            tolaria_cards::PlayerRef::EachOpponent => game.opponents(you).collect(),
            tolaria_cards::PlayerRef::EachPlayer => game.apnap_from(game.active).collect(),
            _ => Vec::new(),
        },
        c,
    )
}

/// "When a spell or ability an opponent controls causes you to discard
/// [this]" (Guerrilla Tactics): the card's own ability, seen as it is
/// discarded; the cause is the spell or ability resolving now.
fn discarded_by_opponent(game: &mut Game, discarder: PlayerId, new: ObjId, card: CardId) {
    let by_opponent = game
        .resolving
        .as_deref()
        .is_some_and(|r| r.ctx.controller != discarder);
    if !by_opponent {
        return;
    }
    for (i, a) in tolaria_cards::db().get(card).faces[0]
        .abilities
        .iter()
        .enumerate()
    {
        if let Ability::Triggered(t) = a {
            if matches!(t.trigger, Trigger::DiscardedByOpponent) {
                game.pending_triggers.push(PendingTrigger {
                    controller: discarder,
                    source: new,
                    card,
                    ability: AbilityRef::Printed {
                        card,
                        face: 0,
                        index: i as u8,
                    },
                    ctx: TriggerContext::default(),
                });
            }
        }
    }
}

/// Whether permanent `src` has a triggered ability with a trigger `f` accepts.
fn has_trigger(game: &Game, src: ObjId, f: impl Fn(&Trigger) -> bool) -> bool {
    let Some(o) = game.obj(src) else { return false };
    if o.flags & crate::state::object::flags::TRIGGERS == 0 || o.zone != Zone::InPlay {
        return false;
    }
    crate::continuous::layers::ability_chars(game, src)
        .all_abilities()
        .any(|(_, a)| matches!(a, Ability::Triggered(t) if f(&t.trigger)))
}

/// Abilities of the Auras and Equipment attached to `obj` that trigger on
/// what it does ("Whenever enchanted creature attacks").
fn attached_triggers(
    game: &mut Game,
    obj: ObjId,
    permanents: usize,
    f: impl Fn(&Trigger, &Game, ObjId) -> Option<TriggerContext>,
) {
    for i in 0..permanents {
        let src = game.in_play[i];
        if game.objects[src.slot as usize].attached_to == Some(Target::Object(obj)) {
            scan(game, src, &f);
        }
    }
}

/// "Whenever you lose life" (Transcendence): a loss of life by damage
/// (the damage dealt to a player is life lost), mana burn or an effect;
/// "Whenever you gain life" (Ageless Entity): each gain. The amount is the
/// life lost or gained.
fn life_lost_triggers(game: &mut Game, e: &Event, permanents: usize) {
    let (player, amount, gained) = match e {
        Event::LifeGained { player, amount } => (*player, *amount, true),
        Event::LifeLost { player, amount } | Event::ManaBurn { player, amount } => {
            (*player, *amount, false)
        }
        Event::Damage {
            to: Target::Player(p),
            amount,
            ..
        } => (*p, *amount, false),
        _ => return,
    };
    if amount == 0 {
        return;
    }
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| {
            let you = game.objects[src.slot as usize].controller;
            let kind = if gained {
                match t {
                    Trigger::GainsLife => you == player,
                    // Kavu Predator: an opponent's gain.
                    Trigger::OpponentGainsLife => game.is_opponent(you, player),
                    _ => false,
                }
            } else {
                matches!(t, Trigger::LosesLife) && you == player
            };
            kind.then_some(TriggerContext {
                player: Some(player),
                amount,
                ..Default::default()
            })
        });
    }
}

/// "Whenever [you / an opponent / a player] draws / discards a card":
/// `which` gives the players an ability watches; "that player" is `player`.
pub(super) fn player_event_triggers(
    game: &mut Game,
    permanents: usize,
    player: PlayerId,
    object: Option<ObjId>,
    which: impl Fn(&Trigger) -> Option<Whose>,
) {
    for i in 0..permanents {
        let src = game.in_play[i];
        scan(game, src, |t, game, src| {
            let whose = which(t)?;
            let you = game.objects[src.slot as usize].controller;
            let ok = match whose {
                Whose::You => player == you,
                Whose::Opponent => game.is_opponent(you, player),
                Whose::Each => true,
                Whose::Chosen => game.objects[src.slot as usize].chosen_player == Some(player),
            };
            ok.then_some(TriggerContext {
                player: Some(player),
                object,
                ..Default::default()
            })
        });
    }
}

/// 404.4c: the leaves-play abilities of the object `old` that just left
/// play (now `new`) "look back in time": it triggers its own abilities as
/// it last existed in play. "When [this] is put into a graveyard from
/// play" only when it went to a graveyard (`to_graveyard`); "When [this]
/// leaves play" wherever it went.
fn self_leaves_play_triggers(game: &mut Game, old: ObjId, new: ObjId, to_graveyard: bool) {
    // 404.4b: "When that creature leaves play this turn" (Kjeldoran Elite
    // Guard) triggers once, now, whatever zone it went to.
    let fired = take_watching(&mut game.delayed_leaves, old);
    game.pending_triggers.extend(fired);
    // Ray of Command: a permanent that left play is a new object (217.1c);
    // no one loses control of it any more.
    if !game.delayed_control_lost.is_empty() {
        game.delayed_control_lost.retain(|(o, _)| *o != old);
    }
    let lki = game.last_known(old).copied();
    let lki_controller = lki.map(|l| l.controller);
    let (card, face) = match lki {
        Some(l) if l.lost_abilities => (l.ability_card, u8::MAX),
        Some(l) => (l.ability_card, l.ability_face),
        None => (game.objects[new.slot as usize].card, 0),
    };
    let def = tolaria_cards::db().get(card);
    let abilities: &[Ability] = def.faces.get(face as usize).map_or(&[], |f| &f.abilities);
    for (i, a) in abilities.iter().enumerate() {
        let Ability::Triggered(t) = a else { continue };
        let fires = match &t.trigger {
            Trigger::PutIntoGraveyardFromPlay(f) if f.this => to_graveyard,
            // "Whenever Rotlung Reanimator or another Cleric is put into a
            // graveyard from play", "Whenever Dross Scorpion or another
            // artifact creature …": 410.10c, the permanent sees its own
            // death when it matches (its card in the graveyard judged, as
            // for the other permanents' deaths).
            Trigger::PutIntoGraveyardFromPlay(f)
                if !f.other
                    && matches!(
                        f.controller,
                        tolaria_cards::ControllerFilter::Any | tolaria_cards::ControllerFilter::You
                    ) =>
            {
                to_graveyard
                    && crate::continuous::filter::matches(
                        game,
                        &tolaria_cards::ObjectFilter {
                            controller: Default::default(),
                            ..f.clone()
                        },
                        new,
                        Some(new),
                        game.objects[new.slot as usize].owner,
                    )
            }
            Trigger::LeavesPlay => true,
            _ => false,
        };
        let ctx = TriggerContext {
            object: Some(old),
            ..Default::default()
        };
        // 404.3: an intervening "if" must be true for it to trigger ("if it
        // had no time counters on it", judged on last known information).
        if fires
            && t.condition
                .as_ref()
                .is_none_or(|c| condition_holds(game, old, &ctx, c))
        {
            game.pending_triggers.push(PendingTrigger {
                controller: lki_controller.unwrap_or(game.objects[new.slot as usize].owner),
                source: old,
                card,
                ability: AbilityRef::Printed {
                    card,
                    face,
                    index: i as u8,
                },
                ctx,
            });
        }
    }
}

fn damage_to_player_triggers(
    game: &mut Game,
    source: ObjId,
    p: PlayerId,
    amount: u32,
    combat: bool,
) {
    scan(game, source, |t, game, src| match t {
        Trigger::DealsDamageToPlayer {
            combat_only,
            opponent_only,
        } => {
            let you = game.objects[src.slot as usize].controller;
            ((!combat_only || combat) && (!opponent_only || game.is_opponent(you, p))).then_some(
                TriggerContext {
                    player: Some(p),
                    amount,
                    ..Default::default()
                },
            )
        }
        _ => None,
    });
}

/// Calls `f` for each triggered ability of permanent `src`; records a pending
/// trigger for each `Some` context it returns.
/// 502.15d: "Whenever [this] phases out": the permanent is in the
/// phased-out zone by now, with the abilities it had (it is the same object,
/// 502.15f).
fn phased_out_triggers(game: &mut Game, src: ObjId) {
    let Some(o) = game.obj(src) else { return };
    if o.flags & crate::state::object::flags::TRIGGERS == 0 {
        return;
    }
    let controller = o.controller;
    let ch = crate::continuous::layers::ability_chars(game, src);
    for (ability, a) in ch.all_abilities() {
        if let Ability::Triggered(t) = a {
            if matches!(t.trigger, Trigger::PhasesOut) {
                game.pending_triggers.push(PendingTrigger {
                    controller,
                    source: src,
                    card: ch.ability_card(ability),
                    ability,
                    ctx: TriggerContext::default(),
                });
            }
        }
    }
}

pub(super) fn scan(
    game: &mut Game,
    src: ObjId,
    f: impl Fn(&Trigger, &Game, ObjId) -> Option<TriggerContext>,
) {
    let Some(o) = game.obj(src) else { return };
    if o.flags & crate::state::object::flags::TRIGGERS == 0 {
        return;
    }
    scan_abilities(game, src, f);
}

/// [`scan`] without the test of `flags::TRIGGERS`, whose bits are those
/// of the board last computed: a permanent coming into play may have a
/// triggered ability another permanent's static ability grants it ("All
/// Slivers have \"When this permanent comes into play, …\"", Harmonic
/// Sliver, Clash of Realities), which the board doesn't know of yet.
pub(super) fn scan_abilities(
    game: &mut Game,
    src: ObjId,
    f: impl Fn(&Trigger, &Game, ObjId) -> Option<TriggerContext>,
) {
    let Some(o) = game.obj(src) else { return };
    if o.zone != Zone::InPlay || o.is_phased_out() {
        return;
    }
    let controller = o.controller;
    // The abilities it has now: a copy's are the copied ones (layer 1), and
    // none once an effect removed them (layer 5).
    let ch = crate::continuous::layers::ability_chars(game, src);
    for (ability, a) in ch.all_abilities() {
        if let Ability::Triggered(t) = a {
            if let Some(ctx) = f(&t.trigger, game, src) {
                // 404.3: an intervening "if" must be true for it to trigger.
                if t.condition
                    .as_ref()
                    .is_some_and(|c| !condition_holds(game, src, &ctx, c))
                {
                    continue;
                }
                game.pending_triggers.push(PendingTrigger {
                    controller,
                    source: src,
                    card: ch.ability_card(ability),
                    ability,
                    ctx,
                });
            }
        }
    }
}

/// 402.8h: the cards in graveyards whose front face has triggered
/// abilities functioning there, each with its owner (217.1: its controller
/// there); none when no such ability can function now.
pub(super) fn graveyard_trigger_cards(game: &Game) -> Vec<(PlayerId, ObjId, CardId)> {
    let mut v = Vec::new();
    if !game.graveyard_triggers || !game.graveyard_abilities_function() {
        return v;
    }
    for (pi, pl) in game.players.iter().enumerate() {
        for &c in &pl.graveyard {
            let card = game.objects[c.slot as usize].card;
            if tolaria_cards::db().get(card).front().has_graveyard_triggers {
                v.push((PlayerId(pi as u8), c, card));
            }
        }
    }
    v
}

/// 402.8h: "Whenever you play a multicolored spell, you may return
/// CARDNAME from your graveyard to your hand." (the Eidolons): the cards in
/// graveyards whose ability functions there see the spell played.
fn spell_played_in_graveyards(game: &mut Game, caster: PlayerId, spell: ObjId) {
    for (g, c, card) in graveyard_trigger_cards(game) {
        let front = tolaria_cards::db().get(card).front();
        for (i, a) in front.abilities.iter().enumerate() {
            let Ability::Triggered(t) = a else { continue };
            let Trigger::SpellPlayedFromGraveyard { by, filter } = &t.trigger else {
                continue;
            };
            let who_ok = match by {
                Whose::You => caster == g,
                Whose::Opponent => game.is_opponent(g, caster),
                Whose::Each => true,
                Whose::Chosen => false,
            };
            if who_ok && crate::continuous::filter::matches(game, filter, spell, Some(c), g) {
                game.pending_triggers.push(PendingTrigger {
                    controller: g,
                    source: c,
                    card,
                    ability: AbilityRef::Printed {
                        card,
                        face: 0,
                        index: i as u8,
                    },
                    ctx: TriggerContext {
                        object: Some(spell),
                        player: Some(caster),
                        ..Default::default()
                    },
                });
            }
        }
    }
}

/// The printed triggered abilities of a card outside play with this
/// trigger (a card in a graveyard or hand: its front face), put pending
/// under `controller` with the event's context.
pub(crate) fn trigger_printed(
    game: &mut Game,
    controller: PlayerId,
    source: ObjId,
    card: CardId,
    trigger: &Trigger,
    ctx: TriggerContext,
) {
    let front = tolaria_cards::db().get(card).front();
    for (i, a) in front.abilities.iter().enumerate() {
        if matches!(a, Ability::Triggered(t) if t.trigger == *trigger) {
            game.pending_triggers.push(PendingTrigger {
                controller,
                source,
                card,
                ability: AbilityRef::Printed {
                    card,
                    face: 0,
                    index: i as u8,
                },
                ctx,
            });
        }
    }
}

impl Game {
    /// Emits an event: records it and lets triggered abilities see it (404, 410).
    pub fn emit(&mut self, mut e: Event) {
        // 504.2, 504.3: an event about a face-down object names the
        // face-down characteristics, never the card (the log is public);
        // looked for only in a game where an object was ever face down
        // (`Game::face_down_seen`).
        if self.face_down_seen {
            e.hide_face_down(|o| {
                self.objects
                    .get(o.slot as usize)
                    .is_some_and(|x| x.id(o.slot as usize) == o && x.is_face_down())
            });
        }
        self.sba_dirty |= e.may_cause_sba();
        match e.board_change() {
            crate::state::event::BoardChange::Always => self.board.valid = false,
            crate::state::event::BoardChange::Status if self.board.status_sensitive => {
                self.board.valid = false
            }
            _ => {}
        }
        let before = self.pending_triggers.len();
        crate::resolution::trigger_gate::event_seen(self, &e);
        // 409.1c, 415.7: what the spell or ability targets has now been
        // targeted this turn ("for the first time each turn"; after the
        // triggers, which read the mark as it was before). Kept whatever
        // the kept board says: it is game state, not derived data.
        if let Event::AbilityPlayed { targets, .. }
        | Event::TriggerPutOnStack { targets, .. }
        | Event::TargetChanged { targets, .. }
        | Event::SpellPlayed { targets, .. } = &e
        {
            for t in targets.iter() {
                if let Target::Object(o) = t.target {
                    if let Some(x) = self.obj_mut(o) {
                        x.targeted_this_turn = true;
                    }
                }
            }
        }
        // 601.7: only events entirely within the controller's range.
        self.drop_out_of_range_triggers(&e, before);
        self.events.push(e);
    }
}

/// The delayed triggered abilities of `list` watching `old` (404.4b:
/// "when that creature dies / leaves play this turn"), taken out of it: they
/// trigger once. No allocation when none watches it.
fn take_watching(list: &mut Vec<(ObjId, PendingTrigger)>, old: ObjId) -> Vec<PendingTrigger> {
    if !list.iter().any(|(o, _)| *o == old) {
        return Vec::new();
    }
    let (now, later): (Vec<_>, Vec<_>) = std::mem::take(list)
        .into_iter()
        .partition(|(o, _)| *o == old);
    *list = later;
    now.into_iter().map(|(_, t)| t).collect()
}

/// The printed trigger of a card moved between two of its owner's zones
/// that its new zone watches: graveyard to hand, library to graveyard.
fn own_zone_move_trigger(from: Zone, to: Zone) -> Option<(PlayerId, Trigger)> {
    match (from, to) {
        (Zone::Graveyard(g), Zone::Hand(h)) if g == h => {
            Some((h, Trigger::PutIntoHandFromGraveyard))
        }
        (Zone::Library(l), Zone::Graveyard(g)) if g == l => {
            Some((g, Trigger::PutIntoGraveyardFromLibrary))
        }
        _ => None,
    }
}
