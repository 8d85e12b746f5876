//! The engine loop: `apply` an action to the pending decision, then
//! `advance` the game until the next decision (DEVELOPERS.md, decision 2).
//!
//! Flow of one action: `Game::apply` checks it against `legal_actions`
//! (refusing it with the game untouched), dispatches it by decision kind,
//! then `advance` runs turn-based actions, state-based effects (420),
//! triggered abilities (410) and resolution (413) until a player must decide
//! again. Every change emits an [`crate::Event`].

use crate::playing::mana_choice_cost::ManaThen;
use crate::state::progress::CastingView;
use crate::state::progress::Flow;
use crate::state::progress::Playing;
use crate::{
    Action, ActionError, Decision, DecisionKind, Event, Game, GameResult, LossReason, ObjId,
    PlayerId,
};
use tolaria_cards::Step;

impl Game {
    /// The spell or ability being played (409) or trigger being put on the stack, if any.
    pub fn casting(&self) -> Option<CastingView> {
        let c = self.casting.as_deref()?;
        let (object, triggered) = self.casting_object()?;
        Some(CastingView {
            player: c.player,
            object,
            triggered,
            targets: c.targets.clone(),
            x: c.x,
            unpaid: c.unpaid.clone(),
        })
    }

    /// The card of the spell being played, or the source of the ability,
    /// and whether it is a trigger being put on the stack (no copies made:
    /// filters read it while the X of the spell is announced).
    pub(crate) fn casting_object(&self) -> Option<(ObjId, bool)> {
        Some(match &self.casting.as_deref()?.what {
            Playing::Spell { obj }
            | Playing::FaceDown { obj }
            | Playing::TurnFaceUp { obj }
            | Playing::Suspend { obj }
            | Playing::EndEffect { obj }
            | Playing::Granted { obj, .. } => (*obj, false),
            Playing::Ability { source, .. } => (*source, false),
            Playing::Trigger(t) => (t.source, true),
        })
    }

    /// 511.1: the call made for the coin being flipped now, if any (true:
    /// heads), e.g. while Krark's Thumb asks which coin to keep.
    pub fn coin_call(&self) -> Option<bool> {
        self.resolving.as_ref().and_then(|r| r.flip.call)
    }

    /// Who actually makes a decision on behalf of `player` (507.3): the
    /// controller of the current turn decides for the active player.
    pub fn decider_for(&self, player: PlayerId) -> PlayerId {
        // (A controller who has left the game decides nothing: the player decides.)
        // 606.6h: the controller controls the affected player's team's turn.
        if self.turn_controller != self.active
            && self.is_active(player)
            && !self.is_over()
            && !self.players[self.turn_controller.index()].lost
        {
            self.turn_controller
        } else {
            player
        }
    }

    /// The pending decision and who makes it.
    pub fn decider(&self) -> Option<PlayerId> {
        self.decision.as_ref().map(|d| self.decider_for(d.player))
    }

    /// Applies an action as the player who makes the pending decision.
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        let sender = match (&action, self.decider()) {
            (Action::Concede(p), _) => *p,
            (_, Some(d)) => d,
            (_, None) => {
                return Err(if self.is_over() {
                    ActionError::GameOver
                } else {
                    ActionError::NoDecision
                })
            }
        };
        self.apply_as(sender, action)
    }

    /// Applies an action sent by `sender`. An illegal action returns an
    /// error and leaves the game unchanged.
    pub fn apply_as(&mut self, sender: PlayerId, action: Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        for p in [Some(sender), action.player()].into_iter().flatten() {
            if p.index() >= self.players.len() {
                return Err(ActionError::NoSuchPlayer { player: p });
            }
        }
        if let Action::Concede(p) = action {
            // 507.3b: only the player may concede, whoever controls the turn.
            if p != sender || self.player(p).lost {
                return Err(ActionError::NotYourConcession { player: sender });
            }
            self.action_count += 1;
            // 411.1: a mana ability the player was playing goes with them.
            if self.mana_choice.as_ref().is_some_and(|m| m.player == p) {
                self.mana_choice = None;
            }
            self.player_loses(p, LossReason::Conceded);
            self.check_game_over();
            if !self.is_over() && self.opponent_chooser_left(p) {
                // 600.4d: handled; the controller chooses another opponent.
            } else if !self.is_over()
                && self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::Mulligan && self.player(d.player).lost)
            {
                // 101.4, 600.4: the player deciding on a mulligan left (a
                // Two-Headed Giant teammate with them): the next seat
                // decides, or the first turn begins.
                if let Some(d) = self.decision.take() {
                    self.next_mulligan(d.player);
                }
                self.advance();
            } else if !self.is_over()
                && self.decision.as_ref().is_some_and(|d| {
                    d.kind == DecisionKind::OpeningHand && self.player(d.player).lost
                })
            {
                // 101.5, 600.4: the next player in turn order decides, or
                // the first turn begins.
                if let Some(d) = self.decision.take() {
                    self.next_opening_hand(Some(d.player));
                }
                self.advance();
            } else if !self.is_over() && self.decision.as_ref().is_some_and(|d| d.player == p) {
                // The conceding player's pending decision goes away; the turn moves on.
                let had_priority = self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::Priority);
                self.decision = None;
                if had_priority {
                    // 600.4a: priority passes to the next player in turn
                    // order who's still in the game (600.4e: also when the
                    // active player left; the turn goes on).
                    self.flow = Flow::Priority(self.next_player(p));
                } else if p == self.active {
                    self.flow = Flow::EndStep;
                } else {
                    self.flow = Flow::Priority(self.active);
                }
                self.advance();
            } else if !self.is_over() && self.player(p).left_game {
                // 600.4a: the player left while another decides. Leaving
                // isn't a state-based effect, but what it changed is seen
                // before anyone gets priority again (408.1b): a player who
                // had priority receives it again after the check.
                match self.decision.clone() {
                    Some(d) if d.kind == DecisionKind::Priority => {
                        self.decision = None;
                        self.flow = Flow::Priority(d.player);
                        self.advance();
                    }
                    _ => self.settle(),
                }
            }
            // 506: conceding a subgame ends it; the main game resumes.
            self.enter_or_leave_subgames();
            return Ok(());
        }
        let decision = self.decision.as_ref().ok_or(ActionError::NoDecision)?;
        if self.decider_for(decision.player) != sender || !self.is_legal(&action) {
            return Err(ActionError::Illegal {
                action,
                decision: decision.kind.name().to_string(),
            });
        }
        self.apply_decided(action)
    }

    /// [`Game::apply`] for an action chosen from `legal`, the list
    /// [`Game::legal_actions`] gives for the game as it is now (issue 22:
    /// the legal actions are computed once per decision): the action is
    /// looked for in that list instead of judged again. An action not in
    /// it returns an error and leaves the game unchanged. Passing any other
    /// list is a caller's bug (debug builds assert that it is the current
    /// one).
    pub fn apply_listed(&mut self, action: Action, legal: &[Action]) -> Result<(), ActionError> {
        if self.apply_unlisted(&action) {
            return self.apply(action);
        }
        debug_assert_eq!(
            legal,
            self.legal_actions().as_slice(),
            "apply_listed: the list given isn't the game's legal actions now"
        );
        if !legal.contains(&action) {
            return Err(self.not_listed(action));
        }
        self.apply_decided(action)
    }

    /// Whether [`Game::apply_listed`] hands `action` to [`Game::apply`]
    /// (the game over, a concession, no decision pending) rather than
    /// looking it up in the list.
    #[inline]
    pub(super) fn apply_unlisted(&self, action: &Action) -> bool {
        self.is_over() || matches!(action, Action::Concede(_)) || self.decision.is_none()
    }

    /// The error of an action not in the pending decision's legal list.
    #[cold]
    pub(super) fn not_listed(&self, action: Action) -> ActionError {
        let decision = self.decision.as_ref().map(|d| d.kind.name().to_string());
        ActionError::Illegal {
            action,
            decision: decision.unwrap_or_default(),
        }
    }

    /// The pending decision answered by a legal action (checked by the
    /// caller): the action carried out and the game run to the next
    /// decision.
    pub(super) fn apply_decided(&mut self, action: Action) -> Result<(), ActionError> {
        let Some(decision) = self.decision.take() else {
            return Err(ActionError::NoDecision);
        };
        self.action_count += 1;
        self.dispatch(decision, action);
        self.advance();
        self.enter_or_leave_subgames();
        Ok(())
    }

    fn is_legal(&self, action: &Action) -> bool {
        self.is_legal_action(action)
    }

    fn dispatch(&mut self, decision: Decision, action: Action) {
        let p = decision.player;
        // 411.1: the cost of a mana ability being played.
        if self.mana_choice.is_some() {
            return self.on_mana_choice(action);
        }
        match decision.kind {
            DecisionKind::Mulligan => self.on_mulligan(p, action),
            DecisionKind::OpeningHand => self.on_opening_hand(p, action),
            DecisionKind::Priority => self.on_priority(p, action),
            // "You may pay {X}" as an ability resolves (Decree of Justice).
            DecisionKind::ChooseX { .. } if self.casting.is_none() && self.resolving.is_some() => {
                self.on_resolution_choice(p, action)
            }
            DecisionKind::ChooseTarget { .. }
            | DecisionKind::ChooseMode
            | DecisionKind::ChooseX { .. }
            | DecisionKind::AnnounceCost { .. }
            | DecisionKind::ExileCost { .. }
            | DecisionKind::RevealCost { .. }
            | DecisionKind::LibraryTopCost { .. }
            | DecisionKind::TapCost { .. }
            | DecisionKind::ReturnCost { .. }
            | DecisionKind::RemovedCardCost
            | DecisionKind::SacrificeCost
            | DecisionKind::AnnounceDivision { .. }
            | DecisionKind::DiscardCost { .. } => self.on_casting(action),
            DecisionKind::AnnounceSplice => self.on_splice(action),
            DecisionKind::ChooseOpponent => self.on_opponent_chooser(action),
            DecisionKind::AsItEnters { card, chosen } => {
                self.on_entry_choice(p, card, chosen, action)
            }
            // 502.46a: a creature tapped for convoke while paying.
            // 502.64a: a graveyard card removed for delve.
            DecisionKind::PayMana => match action {
                Action::ChooseObject(o)
                    if matches!(self.zone_of(o), Some(crate::Zone::Graveyard(_))) =>
                {
                    self.delve(o)
                }
                Action::ChooseObject(o) => self.convoke(o),
                a => self.on_casting(a),
            },
            DecisionKind::DeclareAttackers => self.on_declare_attackers(action),
            DecisionKind::DeclareBlockers => self.on_declare_blockers(action),
            DecisionKind::DividePiles { .. } => self.on_divide_piles(action),
            DecisionKind::AssignCombatDamage { .. } => self.on_assign_damage(action),
            DecisionKind::AssignAsThoughUnblocked { .. } => self.on_assign_as_unblocked(action),
            DecisionKind::ChooseDefendingPlayer { attacker } => {
                self.on_defending_player_chosen(attacker, action)
            }
            DecisionKind::PayAttackCost { .. } => self.on_pay_attack_cost(action),
            DecisionKind::OrderTriggers => {
                if let Action::ChooseTrigger(i) = action {
                    self.put_trigger_on_stack(p, i as usize);
                }
            }
            DecisionKind::Discard { .. }
            | DecisionKind::Sacrifice
            | DecisionKind::DiscardUnless
            | DecisionKind::ReturnToHand
            | DecisionKind::ChooseToPhaseOut { .. }
            | DecisionKind::ChooseToUntap { .. }
            | DecisionKind::SacrificeAnyNumber
            | DecisionKind::ReturnAnyNumber
            | DecisionKind::TapOrUntap
            | DecisionKind::ChooseKind { .. }
            | DecisionKind::PayUnless { .. }
            | DecisionKind::PayOrElse
            | DecisionKind::MayAbility
            | DecisionKind::CallCoin
            | DecisionKind::FlipAgain
            | DecisionKind::KeepCoin => self.on_resolution_choice(p, action),
            DecisionKind::ChooseWord { .. } => self.on_word_choice(action),
            // 504.8: a creature to copy as a permanent is turned face up.
            DecisionKind::ChooseCopy if self.face_up_choice.is_some() => {
                self.on_face_up_copy_choice(action)
            }
            DecisionKind::ChooseCopy => self.on_copy_choice(action),
            DecisionKind::ChooseColor => self.on_color_choice(action),
            // In a mana ability, answered with `mana_choice` (above);
            // otherwise during a resolution (`AddManaCombination`).
            DecisionKind::ChooseManaColor { .. } => self.on_color_choice(action),
            DecisionKind::ChooseCreatureType => self.on_type_choice(action),
            DecisionKind::ChooseLandType { .. } => self.on_land_type_choice(action),
            DecisionKind::NameCard { .. } => self.on_name_choice(action),
            DecisionKind::ChooseNewTarget { .. } => self.on_new_target(action),
            DecisionKind::ChooseUntap => self.on_untap_choice(action),
            DecisionKind::ChooseWhatUntaps => self.on_limited_untap(action),
            // 419.1b, 504.8: a power and toughness chosen as a permanent
            // comes into play or is turned face up.
            DecisionKind::ChooseOption { .. } if self.pt_choice_pending() => {
                self.on_pt_choice(action)
            }
            DecisionKind::ChooseReplacement { .. } | DecisionKind::ChooseOption { .. } => {
                self.on_replacement_choice(action)
            }
            DecisionKind::ChooseOutside => self.on_wish_choice(p, action),
            DecisionKind::ChooseCard {
                choice: crate::resolution::library::CardChoice::Amplify,
                ..
            } => self.on_amplify_choice(action),
            DecisionKind::ChooseSource { .. } => self.on_source_choice(action),
            DecisionKind::ChooseCard { choice, .. } => self.on_card_choice(p, choice, action),
        }
    }

    fn on_priority(&mut self, p: PlayerId, action: Action) {
        match action {
            Action::Pass => {
                self.passes += 1;
                let alive = self.apnap_from(self.active).count() as u8;
                if self.passes >= alive {
                    self.passes = 0;
                    self.flow = if self.stack.is_empty() {
                        Flow::EndStep
                    } else {
                        Flow::Resolve
                    };
                } else {
                    self.flow = Flow::Priority(self.next_player(p));
                }
            }
            Action::PlayLand(obj) => {
                self.play_land(p, obj);
                self.passes = 0;
                self.flow = Flow::Priority(p);
            }
            Action::PlaySpell(obj) => self.begin_casting(p, Playing::Spell { obj }, 0, None),
            Action::PlaySplit { card, half } => {
                self.begin_casting(p, Playing::Spell { obj: card }, half, None)
            }
            Action::PlayFaceDown(obj) => self.begin_casting(p, Playing::FaceDown { obj }, 0, None),
            Action::TurnFaceUp(obj) => self.begin_turning_face_up(p, obj),
            Action::Suspend(obj) => self.begin_suspending(p, obj),
            Action::EndEffect(obj) => self.begin_ending_effect(p, obj),
            Action::Granted(i) => self.take_granted_action(p, i),
            Action::Activate { source, index } => {
                self.begin_casting(p, Playing::Ability { source, index }, 0, None)
            }
            Action::Ninjutsu { card, attacker } => {
                let index = crate::mechanics::ninjutsu::ninjutsu_index(self, card).unwrap_or(0);
                self.begin_casting(
                    p,
                    Playing::Ability {
                        source: card,
                        index,
                    },
                    0,
                    Some(attacker),
                )
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => self.play_mana_ability(p, source, index, kind, ManaThen::Priority),
            _ => {}
        }
    }

    /// Runs the game forward until a decision is needed or the game ends.
    pub fn advance(&mut self) {
        let mut guard = 0u32;
        // 506.1: a subgame about to begin stops the main game.
        while self.decision.is_none() && !self.is_over() && self.subgame_pending.is_none() {
            guard += 1;
            if guard > 100_000 {
                // 104.4b-style loop with no choices: the game is a draw.
                self.result = Some(GameResult::Draw);
                self.reveal_face_down_at_game_end();
                self.emit(Event::GameOver { winner: None });
                break;
            }
            match std::mem::replace(&mut self.flow, Flow::AwaitPriority) {
                Flow::Mulligans
                | Flow::AwaitPriority
                | Flow::Declaring
                | Flow::Casting
                | Flow::Resolving => {
                    // These flows always come with a decision; reaching here means
                    // the decision was answered and the handler set the next flow.
                    // Falling through to priority keeps the game moving.
                    self.flow = Flow::Priority(self.active);
                }
                Flow::BeginStep => self.begin_step(),
                Flow::Priority(p) => self.priority_to(p),
                Flow::Resolve => self.resolve_top(),
                Flow::EndStep => self.end_step(),
                Flow::AssigningDamage(cursor) => self.continue_assignment(*cursor),
                Flow::CleanupDiscard => self.cleanup_discard(),
                Flow::OrderingTriggers { then } => self.flow = Flow::Priority(then),
                Flow::GameOver => break,
            }
        }
        // Whoever decides next reads the computed characteristics.
        self.settle();
    }

    /// 408.1b: state-based effects, then triggered abilities, repeated; then
    /// the player gets priority.
    fn priority_to(&mut self, p: PlayerId) {
        // 502.56a: spells chosen with ripple are played first.
        if !self.free_plays.is_empty() && self.casting.is_none() && self.play_next_free(p) {
            return;
        }
        loop {
            // One round of state-based effects is a unit that replacement
            // choices replay (419.9a: e.g. where a destroyed permanent goes).
            // The board is brought up to date first (as the check itself does).
            self.settle();
            // On a settled board with `sba_dirty` clear nothing can have
            // brought a state-based effect about: the check would do
            // nothing, so the unit isn't run (nor a replacement choice
            // looked for, which is what made it costly at every priority).
            if (self.sba_dirty || !self.board.valid)
                && !self.run_replayable(
                    crate::continuous::replacement::ReplayUnit::StateBasedEffects(p),
                    Game::check_state_based_effects,
                )
            {
                return;
            }
            if self.is_over() {
                return;
            }
            // 410.11: state triggers look at the game as it is now.
            crate::resolution::triggers::state_triggers(self);
            if self.pending_triggers.is_empty() {
                break;
            }
            if !self.put_pending_triggers(p) {
                // A decision (order or targets) is pending.
                return;
            }
        }
        let mut p = if self.player(p).lost {
            self.next_player(p)
        } else {
            p
        };
        // 606.6c, 606.6e: a Two-Headed Giant team receives priority (after an
        // action, or as a step begins or an object resolved: no pass since)
        // with its primary player, who may act or pass it on to the
        // secondary player (`on_priority`: passing goes to the next seat);
        // the team passes when each of its players has passed (606.6g).
        if self.passes == 0 && self.two_headed() {
            p = self.turn_taker(p);
        }
        self.decision = Some(Decision {
            player: p,
            kind: DecisionKind::Priority,
        });
        self.flow = Flow::AwaitPriority;
    }

    pub(crate) fn player_loses(&mut self, p: PlayerId, reason: LossReason) {
        if self.players[p.index()].lost {
            return;
        }
        // 418.5j: Platinum Angel; a concession is always the player's own.
        if reason != LossReason::Conceded && self.cant_lose(p) {
            return;
        }
        self.players[p.index()].lost = true;
        self.emit(Event::PlayerLost { player: p, reason });
        // 607.5a: a team loses the game if its emperor loses.
        if self.players[p.index()].emperor {
            let team: Vec<PlayerId> = self.teammates(p).collect();
            for q in team {
                self.player_loses(q, LossReason::EmperorLost);
            }
        }
        // 606.8b: if either player on a Two-Headed Giant team loses the
        // game, the team loses the game.
        if self.two_headed() {
            let team: Vec<PlayerId> = self.teammates(p).collect();
            for q in team {
                self.player_loses(q, LossReason::TeammateLost);
            }
        }
        // 600.4: while players of two or more teams are left the game goes
        // on without the player, who leaves it at once (never in a
        // two-player game, nor when only one team is left: the game ends).
        if self.game_goes_on() {
            self.leave_game(p);
        }
    }

    /// 102.1, 609.5: players on two or more teams (every player a team of
    /// their own without teams) are still in the game.
    pub(crate) fn game_goes_on(&self) -> bool {
        let mut alive = self.apnap_from(self.active);
        let Some(first) = alive.next() else {
            return false;
        };
        alive.any(|q| self.is_opponent(first, q))
    }

    /// 102: the game ends when one player remains (or none).
    pub(crate) fn check_game_over(&mut self) {
        if self.is_over() {
            return;
        }
        let alive: Vec<PlayerId> = self
            .player_ids()
            .filter(|&p| !self.player(p).lost)
            .collect();
        // 609.5, 607.5a: the players left are all teammates: their team
        // wins.
        if !alive.is_empty()
            && !self.game_goes_on()
            && self.players[alive[0].index()].team.is_some()
        {
            let team = self.players[alive[0].index()].team.unwrap_or(0);
            self.result = Some(GameResult::TeamWin(team));
            self.decision = None;
            self.flow = Flow::GameOver;
            self.reveal_face_down_at_game_end();
            let two_headed = self.two_headed();
            self.emit(Event::TeamWon { team, two_headed });
            return;
        }
        match alive.len() {
            0 => {
                self.result = Some(GameResult::Draw);
                self.decision = None;
                self.flow = Flow::GameOver;
                self.reveal_face_down_at_game_end();
                self.emit(Event::GameOver { winner: None });
            }
            1 => {
                self.result = Some(GameResult::Win(alive[0]));
                self.decision = None;
                self.flow = Flow::GameOver;
                self.reveal_face_down_at_game_end();
                self.emit(Event::GameOver {
                    winner: Some(alive[0]),
                });
                self.ante_to_winner(alive[0]);
            }
            _ => {}
        }
    }

    /// Starts the current step over (used by scenarios that set up a step).
    pub fn start_step(&mut self, step: Step) {
        self.step = step;
        self.flow = Flow::BeginStep;
        self.decision = None;
        self.advance();
    }
}
