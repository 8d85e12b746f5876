//! Turn structure (300–314): the turn-based actions of each step, the end
//! of steps and phases with mana burn (300.3), and the cleanup step (314).

use crate::state::object::flags;
use crate::state::progress::Flow;
use crate::{Decision, DecisionKind, Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{Phase, Step};

impl Game {
    pub(crate) fn begin_step(&mut self) {
        let step = self.step;
        // 410.2, 300–314: the turn-based actions and the "at the beginning
        // of" trigger check read the objects' controllers and abilities as
        // they are now: effects that ended since the last decision (314.2,
        // the cleanup step) must not be seen through a stale board.
        self.settle();
        if step == Step::Untap {
            self.begin_turn();
        }
        if step == Step::Upkeep {
            self.echo_marks_at_upkeep();
            // "… until your next upkeep" (Erhnam Djinn) ends now.
            if self.effects.iter().any(|e| e.until_upkeep_of.is_some()) {
                let active: Vec<PlayerId> = self.active_players().collect();
                self.effects
                    .retain(|e| !e.until_upkeep_of.is_some_and(|p| active.contains(&p)));
                self.board.valid = false;
                self.sba_dirty = true;
            }
            // "Until your next upkeep, … can't phase out" ends now.
            if !self.cant_phase_out.is_empty() {
                let active: Vec<PlayerId> = self.active_players().collect();
                self.cant_phase_out.retain(|&(_, p)| !active.contains(&p));
            }
        }
        // 300.9, 419.6e: a skipped untap step is passed over as though it
        // didn't exist: no phasing (502.15c), nothing untaps, and "next
        // untap step" effects wait for one that isn't skipped (419.6f).
        // 419.6e: "Players skip their untap steps." (Stasis) skips it too.
        if step == Step::Untap
            && (self.player(self.active).untap_steps_to_skip > 0
                || self.untap_step_skipped_by_statics())
        {
            let player = self.active;
            let pl = self.player_mut(player);
            pl.untap_steps_to_skip = pl.untap_steps_to_skip.saturating_sub(1);
            self.emit(Event::UntapStepSkipped { player });
            self.flow = Flow::EndStep;
            return;
        }
        // 300.9: the end of combat step of a skipped combat phase doesn't
        // begin (no "at end of combat" triggers).
        if step == Step::EndOfCombat && self.player(self.active).skipping_combat {
            let active = self.active;
            self.player_mut(active).skipping_combat = false;
            self.flow = Flow::EndStep;
            return;
        }
        self.emit(Event::StepBegan { step });
        match step {
            Step::Untap => {
                // 302.1, 502.15b: phasing, before untapping.
                self.phasing_step();
                // 302.2: what phased in or out changes what untaps (502.15).
                self.settle();
                // 302.2: the active player untaps all their permanents; no priority (302.3).
                let active = self.active;
                // Seedborn Muse: "Untap all permanents you control during
                // each other player's untap step."
                let mut untappers: Vec<PlayerId> = vec![active];
                // 606.4b: each player of the active Two-Headed Giant team.
                if self.two_headed() {
                    untappers.extend(self.teammates(active));
                }
                // 302.2: "can't untap more than one land" limits (Winter Orb).
                let mut limits = Vec::new();
                self.any_static_in_play(|s, src, controller| {
                    if matches!(s, tolaria_cards::StaticAbility::UntapDuringOthersUntapStep)
                        && !self.is_active(controller)
                        && !untappers.contains(&controller)
                    {
                        untappers.push(controller);
                    }
                    self.collect_untap_limit(s, src, controller, &mut limits);
                    false
                });
                // 302.2: the "next untap step" effects this step uses up.
                let held = self.take_untap_holds();
                let ids: Vec<ObjId> = self.in_play.clone();
                let mut optional = Vec::new();
                let mut limited = Vec::new();
                for id in ids {
                    let o = &self.objects[id.slot as usize];
                    if untappers.contains(&o.controller)
                        && !o.is_phased_out()
                        && o.is_tapped()
                        // "Doesn't untap during its controller's untap
                        // step" leaves Seedborn Muse's untapping alone.
                        && (!self.is_active(o.controller)
                            || !(held.contains(&id) || self.doesnt_untap(id)))
                    {
                        // (Its controller's own untap step only: Seedborn
                        // Muse's untapping is no such choice.)
                        if self.is_active(o.controller)
                            && o.flags & crate::state::object::flags::STATICS != 0
                            && self.may_choose_not_to_untap(id)
                        {
                            optional.push(id);
                        } else if let Some(mask) = self.untap_limit_mask(&limits, id) {
                            limited.push((id, mask));
                        } else {
                            self.untap(id);
                        }
                    }
                }
                if limited.is_empty() {
                    self.ask_untap_choices(optional);
                } else {
                    let left = limits.iter().map(|l| l.max).collect();
                    self.begin_limited_untaps(limited, left, optional);
                }
            }
            Step::Draw => {
                // 101.5a: in a two-player game the starting player skips the
                // first draw; 606.6b: in a Two-Headed Giant game the starting team.
                if self.turn == 1 && (self.num_players() == 2 || self.two_headed()) {
                    for p in self.active_players().collect::<Vec<_>>() {
                        let two_headed = self.two_headed();
                        self.emit(Event::SkippedFirstDraw {
                            player: p,
                            two_headed,
                        });
                    }
                    self.flow = Flow::Priority(self.active);
                } else {
                    self.draw_step_draw();
                }
            }
            Step::DeclareAttackers => self.start_declare_attackers(),
            Step::DeclareBlockers => self.start_declare_blockers(),
            Step::CombatDamage => self.start_combat_damage(),
            Step::Cleanup => {
                self.flow = Flow::CleanupDiscard;
            }
            Step::BeginningOfCombat => {
                // 306.3: the active player chooses the defending player,
                // the one the attack option allows (604.1); none if the
                // player can't attack anyone (604.1a/b, 607.3c, 609.4).
                self.combat.defending = self.defending_player_for(self.active);
                self.status_changed();
                self.flow = Flow::Priority(self.active);
            }
            _ => self.flow = Flow::Priority(self.active),
        }
    }

    /// 303.1: the active player draws a card (606.6e, 606.6i: each player of
    /// the active Two-Headed Giant team, the primary player first); a replacement effect's choice
    /// (419.1a, Abundance) replays the draw with the answers
    /// (`ReplayUnit::DrawStep`), then the player gets priority.
    pub(crate) fn draw_step_draw(&mut self) {
        if self.run_replayable(crate::continuous::replacement::ReplayUnit::DrawStep, |g| {
            g.draw_for(g.active, crate::state::event::DrawReason::DrawStep);
            if g.two_headed() {
                for p in g.active_players().skip(1).collect::<Vec<_>>() {
                    g.draw_for(p, crate::state::event::DrawReason::DrawStep);
                }
            }
        }) {
            self.flow = Flow::Priority(self.active);
        }
    }

    /// 502.19a: as the active player's upkeep begins, what came under their
    /// control since their previous upkeep began is marked as such (its
    /// echo triggers now); the mark for "since this upkeep" starts afresh.
    fn echo_marks_at_upkeep(&mut self) {
        for i in 0..self.in_play.len() {
            let slot = self.in_play[i].slot as usize;
            // 606.4b: each player of the active Two-Headed Giant team.
            let mine = self.is_active(self.objects[slot].controller);
            let o = &mut self.objects[slot];
            if mine {
                use crate::state::object::marks;
                o.control_marks = if o.control_marks & marks::CONTROL_SINCE_UPKEEP != 0 {
                    marks::CONTROL_BEFORE_UPKEEP
                } else {
                    0
                };
            }
        }
    }

    /// The start of a turn: reset per-turn counts; 212.3f summoning sickness
    /// ends for the active player's permanents.
    fn begin_turn(&mut self) {
        let active = self.active;
        let two_headed = self.two_headed();
        let teams: Vec<Option<u8>> = if two_headed {
            self.players.iter().map(|p| p.team).collect()
        } else {
            Vec::new()
        };
        let team = self.players[active.index()].team;
        // 608.4: in a Grand Melee game other turns are in progress: only
        // the players within the new active player's range (608.2a) and
        // what they control start counting "this turn" afresh (a decision:
        // ARCHITECTURE.md, "Grand Melee"). Every player otherwise.
        let fresh: u64 = if self.turn_markers.is_some() {
            self.determine_ranges();
            self.players[active.index()].in_range as u64 | (1 << active.0)
        } else {
            u64::MAX
        };
        // Island Sanctuary's "until your next turn" ends.
        self.sanctuaries.retain(|&p| p != active);
        // 419.6e: "skips all combat phases of their next turn": this is it.
        let pl = &mut self.players[active.index()];
        pl.skipping_all_combats = std::mem::take(&mut pl.skip_combats_next_turn);
        // Yawgmoth's Will's "this turn" ends with the turn.
        for p in &mut self.players {
            p.graveyard_removal = None;
        }
        for (i, p) in self.players.iter_mut().enumerate() {
            if fresh & (1 << i) == 0 {
                continue;
            }
            p.lands_played = 0;
            p.extra_land_plays = 0;
            p.spells_this_turn = 0;
            p.last_drawn = None;
            p.damaged_this_turn = false;
            p.damage_this_turn = 0;
            p.artifact_damage_this_turn = 0;
        }
        // "the number of untapped lands they controlled at the beginning
        // of this turn" (Power Surge): counted now, before the untap step.
        for i in 0..self.players.len() {
            if fresh & (1 << i) == 0 {
                continue;
            }
            let who = crate::PlayerId(i as u8);
            let n = (0..self.in_play.len())
                .filter(|&k| {
                    let o = self.in_play[k];
                    let x = &self.objects[o.slot as usize];
                    x.controller == who
                        && !x.is_tapped()
                        && !x.is_phased_out()
                        && self.chars(o).is(tolaria_cards::CardType::Land)
                })
                .count();
            self.players[i].untapped_lands_at_turn_start = n as u16;
        }
        self.clear_activation_counts(fresh);
        // Every player starts afresh but in a Grand Melee game: the mask
        // isn't tested per object then (issue 22).
        let everyone = fresh == u64::MAX;
        for o in &mut self.objects {
            // A card in a library holds none of these marks: they are
            // cleared as it enters the library (a new object, 217.1c) and
            // nothing marks a library card (issue 22: the loop skips them).
            // (An object that ceased to exist may: the source of damage
            // dealt to an opponent is marked in whatever zone it is, so
            // the loop can't go by the zones' lists alone.)
            if matches!(o.zone, Zone::Library(_)) {
                debug_assert!(
                    o.activated_this_turn == 0
                        && o.activated_twice_this_turn == 0
                        && !o.dealt_damage_this_turn
                        && !o.targeted_this_turn
                        && o.flags
                            & (flags::ATTACKED_THIS_TURN
                                | flags::DAMAGED_OPPONENT_THIS_TURN
                                | flags::DRAWN_THIS_TURN)
                            == 0,
                    "a library card with a per-turn mark"
                );
                continue;
            }
            if !everyone && fresh & (1 << o.controller.0) == 0 {
                continue;
            }
            clear_turn_marks(o, active, two_headed, &teams, team);
        }
        self.cleanup_again = false;
        self.creatures_died_this_turn = 0;
        self.died_this_turn.clear();
        self.assigns_no_combat_damage.clear();
        // 404.4: "When that creature is put into a graveyard from play this
        // turn": those not triggered end with the turn.
        self.delayed_dies.clear();
        self.delayed_leaves.clear();
        // "at this turn's next end of combat" (Gaze of the Gorgon), and the
        // blocks it reads (309.2e).
        self.delayed_combat_this_turn.clear();
        self.blocks_this_turn.clear();
        self.extra_phases = crate::state::game::ExtraPhases::default();
        self.clear_combat();
        for p in 0..self.players.len() {
            for i in 0..self.players[p].graveyard.len() {
                let slot = self.players[p].graveyard[i].slot as usize;
                self.objects[slot].flags &= !flags::FROM_PLAY_THIS_TURN;
            }
        }
        self.forget_lki_if_idle();
        // "Until your next turn, you may play those cards." (Three Wishes)
        self.end_removed_plays(active);
        // 601.2c: the players within each range, as the turn begins
        // (601.10: effects apply only within range, so the board changes).
        self.determine_ranges();
        if self.limited_range() {
            // 601.8, 601.9, 601.12: the state-based effects read the ranges.
            self.board.valid = false;
            self.sba_dirty = true;
        }
        self.emit(Event::TurnBegan {
            turn: self.turn,
            player: active,
            controller: self.turn_controller,
        });
    }

    /// The current step ends (300.2); 608.4: in a Grand Melee game the
    /// next turn in progress is served for its next step.
    pub(crate) fn end_step(&mut self) {
        self.end_this_step();
        if self.turn_markers.is_some() {
            self.serve_next_turn();
        }
    }

    fn end_this_step(&mut self) {
        let step = self.step;
        if step == Step::Cleanup && self.cleanup_again {
            // 314.3: another cleanup step begins.
            self.cleanup_again = false;
            self.flow = Flow::BeginStep;
            return;
        }
        if step == Step::CombatDamage && self.two_headed() {
            // 606.7d: each combat damage step's choices are its own.
            for a in &mut self.combat.attackers {
                a.defender = None;
            }
        }
        if step == Step::CombatDamage && self.combat.first_strike_step && !self.combat.first_done {
            // 310.5: the second combat damage step.
            self.combat.first_done = true;
            self.flow = Flow::BeginStep;
            return;
        }
        let mut next = step.next();
        // 300.7 (Relentless Assault): an additional combat phase and main
        // phase after this main phase.
        if matches!(step, Step::PrecombatMain | Step::PostcombatMain) {
            next = self.after_main_phase(step);
        }
        if step == Step::EndOfCombat && self.extra_phases.combat_is_extra {
            // The additional combat phase is followed by the additional main phase.
            self.extra_phases.combat_is_extra = false;
            self.extra_phases.main_is_extra = true;
        }
        if step == Step::DeclareAttackers && self.combat.attackers.is_empty() {
            // 308.4: skip declare blockers and combat damage.
            next = Some(Step::EndOfCombat);
        }
        // 419.6e, 300.9: "Players skip their upkeep steps." (Eon Hub): the
        // game proceeds from the untap step to the draw step.
        if next == Some(Step::Upkeep)
            && self.any_static_in_play(|s, _, _| {
                matches!(s, tolaria_cards::StaticAbility::SkipUpkeepSteps)
            })
        {
            self.emit(Event::StepSkipped {
                player: self.active,
                step: Step::Upkeep,
            });
            next = Some(Step::Draw);
        }
        // 419.6e, 300.9: "Skip your draw step" (Necropotence): the game
        // proceeds past it as though it didn't exist.
        // 606.6h: a Two-Headed Giant team skips it if either player does.
        if next == Some(Step::Draw) && self.active_players().any(|p| self.skips_draw_step(p)) {
            self.emit(Event::StepSkipped {
                player: self.active,
                step: Step::Draw,
            });
            next = Some(Step::PrecombatMain);
        }
        // 419.6e, 300.9: "[Player] skips their next combat phase" (Blinding
        // Angel): that player's next combat phase is passed over as though
        // it didn't exist (its end of combat step ends it, unbegun).
        // "skips all combat phases of their next turn" (False Peace): each
        // combat phase of this turn (a skipped phase also uses up a "next
        // combat phase" skip: a decision, the phase is skipped either way).
        if next == Some(Step::BeginningOfCombat)
            && (self.player(self.active).combat_phases_to_skip > 0
                || self.player(self.active).skipping_all_combats)
        {
            let player = self.active;
            let pl = self.player_mut(player);
            pl.combat_phases_to_skip = pl.combat_phases_to_skip.saturating_sub(1);
            pl.skipping_combat = true;
            self.emit(Event::StepSkipped {
                player,
                step: Step::BeginningOfCombat,
            });
            next = Some(Step::EndOfCombat);
        }
        if step == Step::EndOfCombat {
            // 311.2: all creatures are removed from combat.
            self.clear_combat();
            // 300.4: "until end of combat" effects end with the phase.
            if self.effects.iter().any(|e| e.until_end_of_combat) {
                self.effects.retain(|e| !e.until_end_of_combat);
                self.board.valid = false;
                self.sba_dirty = true;
            }
        }
        let phase_ends = next.is_none_or(|n| n.phase() != step.phase());
        if phase_ends {
            self.empty_mana_pools();
        }
        match next {
            Some(n) => {
                self.step = n;
            }
            None if self.turn_markers.is_some() => {
                // 608.4c–e: the turn marker moves on.
                self.grand_melee_turn_ended();
                self.step = Step::Untap;
            }
            None => {
                // The turn ends; the next player's turn begins.
                self.turn += 1;
                loop {
                    // Extra turns come first, the most recently created first.
                    // 606.6h: a Two-Headed Giant player's extra turn is the
                    // team's, which the primary player's seat leads (606.4b).
                    let next = match self.extra_turns.pop() {
                        Some(p) if !self.player(p).lost => {
                            self.extra_turn_taken(self.extra_turns.len(), true);
                            self.turn_taker(p)
                        }
                        Some(_) => {
                            self.extra_turn_taken(self.extra_turns.len(), false);
                            self.next_turn_taker(self.active)
                        }
                        None => self.next_turn_taker(self.active),
                    };
                    self.active = next;
                    // 419.6e / 419.6f: a skipped turn is passed over as though it
                    // didn't exist; each skip effect uses up one turn (606.6h:
                    // a teammate's skip skips the team's turn).
                    let Some(skipper) = self
                        .active_players()
                        .find(|&q| self.player(q).turns_to_skip > 0)
                    else {
                        break;
                    };
                    self.player_mut(skipper).turns_to_skip -= 1;
                    self.extra_turn_skipped(self.turn);
                    self.emit(Event::TurnSkipped { player: next });
                    // 507.1b: a pending turn-controlling effect waits for a
                    // turn the player actually takes.
                    if let Some(&(_, controller)) =
                        self.turn_control_next.iter().find(|e| self.is_active(e.0))
                    {
                        self.emit(Event::TurnControlWaits {
                            player: next,
                            controller,
                        });
                    }
                    if self.is_over() {
                        break;
                    }
                }
                // 507.1: a turn-controlling effect applies to the next turn the
                // player actually takes, and ends as the following turn begins.
                self.turn_controller = match self
                    .turn_control_next
                    .iter()
                    // 606.6h: the controller controls the affected player's team's turn.
                    .position(|e| self.is_active(e.0))
                {
                    Some(i) => self.turn_control_next.remove(i).1,
                    None => self.active,
                };
                self.step = Step::Untap;
            }
        }
        self.passes = 0;
        self.flow = Flow::BeginStep;
        let _ = Phase::Beginning;
    }

    /// The step after main phase `step`: the beginning of an additional
    /// combat phase if one waits (its additional main phase then returns to
    /// what followed this one), else what normally follows (for an
    /// additional main phase, what followed the main phase it came after).
    fn after_main_phase(&mut self, step: Step) -> Option<Step> {
        let x = &mut self.extra_phases;
        let normal = if x.main_is_extra {
            x.main_is_extra = false;
            x.resume.pop().unwrap_or(Step::EndOfTurn)
        } else {
            step.next().unwrap_or(Step::EndOfTurn)
        };
        if x.combats > 0 {
            x.combats -= 1;
            x.resume.push(normal);
            x.combat_is_extra = true;
            return Some(Step::BeginningOfCombat);
        }
        Some(normal)
    }

    /// 509.1: ending the turn, after the resolving spell or ability has
    /// finished (`resolved` is the resolving spell, if a spell).
    pub(crate) fn end_the_turn(&mut self, card: tolaria_cards::CardId, resolved: Option<ObjId>) {
        self.ending_turn = false;
        self.emit(Event::EndingTurn { card });
        // 509.1a: every object on the stack is removed from the game,
        // including the spell that ended the turn (it finishes resolving)
        // and spells that can't be countered: this is not countering.
        if let Some(obj) = resolved {
            if self.obj(obj).is_some_and(|o| o.zone == Zone::Stack) {
                self.move_to(obj, Zone::RemovedFromGame, MoveReason::TurnEnded);
            }
        }
        while let Some(item) = self.stack.pop() {
            match item.kind {
                crate::StackKind::Spell { obj } => {
                    // Put it back so that the move finds it listed on the stack.
                    self.stack.push(item);
                    self.move_to(obj, Zone::RemovedFromGame, MoveReason::TurnEnded);
                }
                // Abilities and combat damage aren't cards: they cease to exist.
                crate::StackKind::Ability {
                    card, triggered, ..
                } => self.emit(Event::StackObjectCeases {
                    card: Some(card),
                    triggered,
                }),
                crate::StackKind::CombatDamage(_) => self.emit(Event::StackObjectCeases {
                    card: None,
                    triggered: false,
                }),
            }
        }
        // 509.1a: attacking and blocking creatures are removed from combat.
        let in_combat: Vec<ObjId> = self
            .combat
            .attackers
            .iter()
            .map(|a| a.obj)
            .chain(self.combat.blocks.iter().map(|b| b.0))
            .collect();
        for o in in_combat {
            if let Some(card) = self.obj(o).map(|x| x.card) {
                self.emit(Event::RemovedFromCombatTurnEnded { obj: o, card });
            }
        }
        self.clear_combat();
        // 509.1b: state-based effects; no player gets priority, and triggered
        // abilities wait (509.2: they go on the stack in the cleanup step).
        self.check_state_based_effects();
        if self.is_over() {
            return;
        }
        self.emit(Event::TurnEndingChecks {
            waiting: self.pending_triggers.len() as u32,
        });
        // 509.1c: the current phase and/or step ends; the game skips straight
        // to the cleanup step (300.3: mana empties if the phase ends).
        if self.step.phase() != Phase::End {
            self.empty_mana_pools();
        }
        self.emit(Event::TurnEnded);
        self.step = Step::Cleanup;
        self.passes = 0;
        self.flow = Flow::BeginStep;
    }

    /// 300.3: unused mana is lost as a phase ends, and each player loses 1
    /// life per mana lost (mana burn).
    pub(crate) fn empty_mana_pools(&mut self) {
        // Usually every pool is empty (mana is made while paying).
        if self
            .players
            .iter()
            .all(|p| p.pool.total() == 0 && p.restricted.is_empty())
        {
            return;
        }
        // Upwelling (418.5k).
        if self.mana_pools_keep() {
            return;
        }
        for i in 0..self.players.len() {
            // Restricted mana too (`playing/mana_restricted.rs`).
            let lost = self.players[i].pool.total() + self.players[i].restricted.len() as u32;
            if lost > 0 {
                self.players[i].pool.clear();
                self.players[i].restricted.clear();
                let p = PlayerId(i as u8);
                if self.no_mana_burn(p) {
                    self.emit(Event::ManaLostNoBurn {
                        player: p,
                        amount: lost,
                    });
                } else {
                    let life = self.life_mut(p);
                    *life = life.saturating_sub(i32::try_from(lost).unwrap_or(i32::MAX));
                    self.emit(Event::ManaBurn {
                        player: p,
                        amount: lost,
                    });
                }
            }
        }
    }

    /// 507.4: no mana burn for a player whose turn another player controls.
    fn no_mana_burn(&self, p: PlayerId) -> bool {
        self.is_active(p) && self.turn_controller != self.active
    }

    /// 314.1 then 314.2, then 314.3.
    pub(crate) fn cleanup_discard(&mut self) {
        // 314.1 (606.4b: each player of the active Two-Headed Giant team,
        // in seat order, the primary player first).
        let mut p = self.active;
        for _ in 0..self.players.len() {
            let pl = self.player(p);
            if let Some(max) = self.max_hand_size(p) {
                let excess = (pl.hand.len() as u32).saturating_sub(max);
                if excess > 0 {
                    self.decision = Some(Decision {
                        player: p,
                        kind: DecisionKind::Discard { remaining: excess },
                    });
                    self.flow = Flow::CleanupDiscard;
                    return;
                }
            }
            if !self.two_headed() {
                break;
            }
            p = self.next_player(p);
            if !self.is_active(p) {
                break;
            }
        }
        // 314.2: damage wears off; "until end of turn" effects end.
        for &id in &self.in_play {
            let o = &mut self.objects[id.slot as usize];
            o.damage = 0;
            o.regen_shields = 0;
            o.this_turn = 0;
            o.extra_blocks_this_turn = 0;
        }
        let effects = self.effects.len();
        self.effects.retain(|e| !e.until_end_of_turn);
        if self.effects.len() != effects {
            // (`Event::may_cause_sba`: an effect that ended may bring a
            // state-based effect about, 314.3.)
            self.board.valid = false;
            self.sba_dirty = true;
        }
        self.shields.clear();
        self.prevent_combat_damage = false;
        self.prevent_combat_damage_by = 0;
        self.camouflage = false;
        self.cant_block_pairs.clear();
        self.block_rules_this_turn.clear();
        self.uncounterable_spells_of = 0;
        self.damaged_by.clear();
        self.exile_if_dies.clear();
        self.play_bans.clear();
        self.granted_actions.clear();
        self.destruction_shields.clear();
        self.defender_attack_rules.clear();
        self.must_block.clear();
        self.blocks_if_able.clear();
        self.draw_rules.clear();
        // Yawgmoth's Will: "until end of turn, you may play … from your
        // graveyard".
        for p in &mut self.players {
            p.graveyard_plays = None;
        }
        self.redirect_rules.clear();
        self.damage_prevention_rules.clear();
        self.emit(Event::CleanupDamageRemoved);
        // 314.2: what ended ends now: control returns, abilities come back
        // (the board's cached controllers and ability flags follow at once).
        self.settle();
        // 314.3: if state-based effects or triggers are waiting, players get
        // priority. On the settled board with `sba_dirty` clear none is
        // (see `Game::sba_dirty`): the list isn't computed.
        if ((self.sba_dirty || !self.board.valid) && self.sba_pending())
            || !self.pending_triggers.is_empty()
        {
            self.cleanup_again = true;
            self.flow = Flow::Priority(self.active);
        } else {
            self.flow = Flow::EndStep;
        }
    }

    /// Discards a card from hand (cleanup or an effect).
    pub(crate) fn discard(&mut self, card: ObjId) {
        self.discard_card(card);
    }

    /// 408.2d: playing a land.
    pub(crate) fn play_land(&mut self, p: PlayerId, obj: ObjId) {
        let card = self.objects[obj.slot as usize].card;
        self.players[p.index()].lands_played += 1;
        // 419.6, 419.1b: how it comes into play may ask a choice first
        // (`resolution/enters_instead.rs`).
        let outcome = match crate::resolution::enters_instead::entry_choice(card) {
            Some(choice) => match self.entry_decision(p, obj, choice) {
                Ok(d) => {
                    self.decision = Some(d);
                    return;
                }
                Err(outcome) => outcome,
            },
            None => (true, false),
        };
        self.finish_entry(p, obj, outcome);
    }
}

impl Game {
    /// 311.2, 509.1a: every creature is removed from combat. No event is
    /// emitted (the log is unchanged), so the kept board is marked stale
    /// here when an effect reads combat status (Weakstone's "attacking
    /// creatures").
    fn clear_combat(&mut self) {
        if self.combat != crate::turn::combat::Combat::default() {
            self.status_changed();
        }
        self.combat.clear();
    }
}

/// The start of a turn for one object outside the libraries (`begin_turn`):
/// its "this turn" marks end; a permanent of the active player's (606.4b:
/// of the whole active Two-Headed Giant team's) is no longer sick (212.3f).
#[inline(always)]
fn clear_turn_marks(
    o: &mut crate::state::object::Object,
    active: PlayerId,
    two_headed: bool,
    teams: &[Option<u8>],
    team: Option<u8>,
) {
    o.activated_this_turn = 0;
    o.activated_twice_this_turn = 0;
    // A permanent of the active player's (606.4b: of the whole
    // active Two-Headed Giant team's), judged once.
    let active_permanent = o.zone == Zone::InPlay
        && (o.controller == active || (two_headed && teams[o.controller.index()] == team));
    // "if it attacked during your last turn" (Goblin Rock Sled):
    // the active player's turn begins, so their turn with an
    // attack becomes their last turn.
    if active_permanent {
        use crate::state::object::marks;
        let attacked = o.control_marks & marks::ATTACKED_OWN_TURN != 0;
        o.control_marks &= !(marks::ATTACKED_OWN_TURN | marks::ATTACKED_LAST_TURN);
        if attacked {
            o.control_marks |= marks::ATTACKED_LAST_TURN;
        }
    }
    o.flags &=
        !(flags::ATTACKED_THIS_TURN | flags::DAMAGED_OPPONENT_THIS_TURN | flags::DRAWN_THIS_TURN);
    o.dealt_damage_this_turn = false;
    o.targeted_this_turn = false;
    if active_permanent {
        // "can't attack during its controller's next turn" (Wall
        // of Dust): this is that turn.
        if o.flags & flags::NO_ATTACK_NEXT_TURN != 0 {
            o.flags &= !flags::NO_ATTACK_NEXT_TURN;
            o.this_turn |= crate::state::object::this_turn::CANT_ATTACK;
        }
        // 606.4b: the whole active Two-Headed Giant team's.
        o.flags &= !flags::SICK;
    }
}
