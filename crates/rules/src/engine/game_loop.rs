//! The engine loop: `apply` an action to the pending decision, then
//! `advance` the game until the next decision (DEVELOPERS.md, decision 2).
//!
//! Flow of one action: `Game::apply` checks it against `legal_actions`
//! (refusing it with the game untouched), dispatches it by decision kind,
//! then `advance` runs turn-based actions, state-based effects (420),
//! triggered abilities (410) and resolution (413) until a player must decide
//! again. Every change emits an [`crate::Event`].

use crate::resolution::triggers::PendingTrigger;
use crate::{
    Action, ActionError, Decision, DecisionKind, Event, Game, GameResult, LossReason, ObjId,
    PlayerId, StackItem, Target,
};
use serde::{Deserialize, Serialize};
use tolaria_cards::{ManaCost, Step};

/// Where the engine is between decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Flow {
    /// 101.4: mulligan decisions in turn order from the starting player.
    Mulligans,
    /// Perform the current step's turn-based actions.
    BeginStep,
    /// 408.1b: check state-based effects, put triggers on the stack, then give this player priority.
    Priority(PlayerId),
    /// Waiting for the priority decision.
    AwaitPriority,
    /// All players passed with a non-empty stack: resolve the top object.
    Resolve,
    /// The current step or phase ends.
    EndStep,
    /// Declaring attackers or blockers.
    Declaring,
    /// 310.1: announcing combat damage assignments.
    AssigningDamage(Box<DamageCursor>),
    /// 314.1: discarding to hand size.
    CleanupDiscard,
    /// Playing a spell or ability, or putting a trigger on the stack (`Game::casting`).
    Casting,
    /// Resolving a spell or ability that paused for a choice (`Game::resolving`).
    Resolving,
    /// 410.3: the player is ordering their triggers.
    OrderingTriggers {
        then: PlayerId,
    },
    GameOver,
}

/// Progress through 310.1's announcements.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DamageCursor {
    /// Creatures still to assign, in order (attackers first, 310.1).
    pub queue: Vec<ObjId>,
    /// The creature assigning now and its recipients.
    pub source: Option<ObjId>,
    pub recipients: Vec<Target>,
    pub next: usize,
    pub remaining: u32,
    pub trample: bool,
    pub all_lethal: bool,
}

/// What is being played (409) or put on the stack (410.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Playing {
    Spell {
        obj: ObjId,
    },
    /// 502.26b: a card played face down (becomes `Spell` once on the stack).
    FaceDown {
        obj: ObjId,
    },
    /// 502.26d: turning a face-down permanent face up (no stack object).
    TurnFaceUp {
        obj: ObjId,
    },
    /// 502.59a, 408.2k: removing a card with suspend in the hand from the
    /// game (no stack object).
    Suspend {
        obj: ObjId,
    },
    Ability {
        source: ObjId,
        index: u8,
    },
    Trigger(PendingTrigger),
}

/// A spell or ability between announcement and being played (409.1a–i).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Casting {
    pub player: PlayerId,
    pub what: Playing,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    /// The unpaid part of the total cost (409.1f), once determined.
    pub unpaid: Option<Unpaid>,
    /// Who gets priority afterwards (409.1i).
    pub then: PlayerId,
    /// 409.1b: the chosen mode of a modal spell.
    pub mode: Option<u8>,
    /// Non-mana costs paid so far (409.1h): permanents sacrificed and
    /// cards discarded for the cost being paid.
    pub sacrificed: u8,
    pub discarded: u8,
    /// 502.43a: the unblocked attacker a ninjutsu cost returns to its
    /// owner's hand (chosen as the ability is announced).
    pub returning: Option<ObjId>,
    /// 502.37a: the colours of mana spent so far (`ColorSet` bits).
    pub spent: u8,
    /// Cards removed from the game from the hand, permanents tapped.
    pub exiled: u8,
    pub tapped: u8,
    /// 409.1b: how many of the spell's optional costs (kickers, then
    /// buyback) have been announced or declined.
    pub announced: u8,
    /// 502.21: the kicker costs announced (bit 0 the first listed, bit 1
    /// the second); 502.16a: buyback announced (bit 2).
    pub optional: u8,
    /// 409.1h: which of the spell's non-mana costs is being paid
    /// (`Game::spell_costs`).
    pub cost_at: u8,
    /// The first permanent sacrificed for the cost ("the sacrificed creature").
    pub sacrificed_obj: Option<ObjId>,
    /// The total power of the permanents sacrificed for the cost, each as
    /// it last existed in play (413.2f; Soulblast).
    pub sacrificed_power: i32,
    /// 409.1c: the player chose no more targets for an "up to" requirement.
    pub targets_done: bool,
    /// 502.22a: the spell is played from the graveyard with flashback: its
    /// flashback cost is paid rather than its mana cost.
    pub flashback: bool,
    /// Permanents returned to their owner's hand for the cost (409.1h).
    #[serde(default)]
    pub returned: u8,
    /// 502.59a: the spell is played by its suspend ability: without paying
    /// its mana cost (502.59c), and it gains haste.
    #[serde(default)]
    pub suspend: bool,
    /// 502.56a: played from the library by ripple: without paying its mana
    /// cost like a suspended card (`suspend` is set too), but no haste.
    #[serde(default)]
    pub ripple: bool,
    /// 502.24a: played by its madness ability (the card's id in the
    /// removed-from-the-game zone): the madness cost is paid rather than
    /// the mana cost; cancelled, the card goes to the graveyard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub madness: Option<ObjId>,
    /// 409.1e: the shares of a divided amount announced so far, one per
    /// target from the first divided one on.
    #[serde(default)]
    pub division: Vec<u32>,
}

impl Casting {
    /// `player` begins playing `what` (409.1a); `then` gets priority
    /// afterwards. Nothing chosen or paid yet.
    pub(crate) fn new(player: PlayerId, what: Playing, then: PlayerId) -> Self {
        Casting {
            player,
            what,
            targets: Vec::new(),
            x: None,
            unpaid: None,
            then,
            mode: None,
            sacrificed: 0,
            discarded: 0,
            returning: None,
            spent: 0,
            exiled: 0,
            tapped: 0,
            announced: 0,
            optional: 0,
            cost_at: 0,
            sacrificed_obj: None,
            sacrificed_power: 0,
            targets_done: false,
            flashback: false,
            returned: 0,
            suspend: false,
            ripple: false,
            madness: None,
            division: Vec::new(),
        }
    }
}

/// The mana still owed during payment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unpaid {
    pub generic: u32,
    pub colored: [u32; 5],
    pub hybrid: Vec<(tolaria_cards::Color, tolaria_cards::Color)>,
}

impl Unpaid {
    pub fn from_cost(c: &ManaCost, x: u32) -> Unpaid {
        let mut u = Unpaid {
            generic: c.generic + x * c.x as u32,
            ..Default::default()
        };
        for i in 0..5 {
            u.colored[i] = c.colored[i] as u32;
        }
        for h in &c.hybrid {
            match *h {
                tolaria_cards::Hybrid::TwoColors(a, b) => u.hybrid.push((a, b)),
                tolaria_cards::Hybrid::GenericOr(n, _) => u.generic += n as u32,
            }
        }
        u.generic += c.snow as u32;
        u
    }
    /// "Spend only [colour] mana on X": the X part is owed in that colour.
    pub fn x_in_color(
        mut self,
        c: &ManaCost,
        x: u32,
        color: Option<tolaria_cards::Color>,
    ) -> Unpaid {
        if let Some(color) = color {
            let n = x * c.x as u32;
            self.generic -= n;
            self.colored[color as usize] += n;
        }
        self
    }
    /// 409.1f: adds another cost's mana to the total (an additional cost).
    pub fn add(&mut self, other: &Unpaid) {
        self.generic += other.generic;
        for i in 0..5 {
            self.colored[i] += other.colored[i];
        }
        self.hybrid.extend_from_slice(&other.hybrid);
    }
    pub fn is_paid(&self) -> bool {
        self.generic == 0 && self.colored.iter().all(|&c| c == 0) && self.hybrid.is_empty()
    }
    pub fn total(&self) -> u32 {
        self.generic + self.colored.iter().sum::<u32>() + self.hybrid.len() as u32
    }
}

/// A resolution paused for a choice (413.2c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Resolving {
    pub item: StackItem,
    pub ctx: crate::resolution::resolve::ResolveCtx,
    /// Index of the effect to run next.
    pub pc: usize,
    /// Progress inside a multi-choice effect (cards still to discard, …).
    pub sub: u32,
    /// The player making the pending choice.
    pub chooser: Option<PlayerId>,
    /// 418.6: the words chosen so far for a text-changing effect.
    pub words: [Option<tolaria_cards::TextWord>; 2],
    /// 503: the object chosen to copy as the permanent comes into play
    /// (`Some(None)`: chose not to copy).
    pub copy_choice: Option<Option<ObjId>>,
    /// 419.1b: the colour chosen as the permanent comes into play.
    #[serde(default)]
    pub color_choice: Option<tolaria_cards::Color>,
    /// 419.1b: the creature type chosen as the permanent comes into play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub type_choice: Option<tolaria_cards::Subtype>,
    /// 419.1b: the card named as the permanent comes into play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_choice: Option<tolaria_cards::CardName>,
    /// Position inside the nested effects of the current effect (a coin
    /// flip's "if you win" branch, …).
    #[serde(default)]
    pub inner: u32,
    /// Coin flips in progress (511).
    #[serde(default)]
    pub flip: FlipState,
    /// "… unless you discard a card": `Some(true)` once a card was
    /// discarded, `Some(false)` once the player declined (or couldn't).
    #[serde(default)]
    pub paid: Option<bool>,
    /// "You may pay [cost]. If you do, …": the cost was paid and the
    /// effects that follow it are running (`inner` is the position in them).
    #[serde(default)]
    pub paid_branch: bool,
    /// A search, a look at a library or a hand in progress.
    #[serde(default)]
    pub cards: crate::resolution::library::CardsState,
    /// 503.10b: the targets of the spell copy being made, as chosen so far.
    #[serde(default)]
    pub copy_targets: Vec<Target>,
    /// 502.59a: the suspended card to play once the ability has resolved.
    #[serde(default)]
    pub play_after: Option<ObjId>,
    /// 502.27a: the cards revealed so far for amplify as the permanent
    /// comes into play, and whether the player is done revealing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amplify_revealed: Vec<ObjId>,
    #[serde(default)]
    pub amplify_done: bool,
    /// 502.24a: `play_after` is a madness card (played for its madness cost).
    #[serde(default)]
    pub madness: bool,
    /// 419.8a: the source chosen for the effect being created.
    #[serde(default)]
    pub source_choice: Option<ObjId>,
}

/// 511: the state of coin flips during one resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlipState {
    /// 511.1: the call for the next flip, once made (true: heads).
    pub call: Option<bool>,
    /// The outcome of the current called flip (true: won), while its branch runs.
    pub outcome: Option<bool>,
    /// A flip of this resolution was lost.
    pub lost: bool,
    /// "or choose to stop flipping": asked / chosen.
    pub asking_again: bool,
    pub stopped: bool,
    /// "decides whether to flip again" (Game of Chaos): asked, and the flip
    /// is to be repeated.
    pub again_asked: bool,
    pub repeat: bool,
    /// 511.2: this round's results of a flip by several players, in order,
    /// and the player whose result's effects are being applied.
    pub round: Vec<bool>,
    pub applying: u32,
    /// 419.1 (Krark's Thumb): coins flipped for one flip, a choice pending, the result kept.
    pub coins: u8,
    pub choosing: bool,
    pub kept: Option<bool>,
}

/// What is being played right now, for agents and clients (read-only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastingView {
    pub player: PlayerId,
    /// The card of the spell, or the source of the ability.
    pub object: ObjId,
    pub triggered: bool,
    pub targets: Vec<Target>,
    pub x: Option<u32>,
    /// The mana still owed, once the total cost is determined (409.1f).
    pub unpaid: Option<Unpaid>,
}

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
            | Playing::Suspend { obj } => (*obj, false),
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
        if player == self.active
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
        if let Action::Concede(p) = action {
            // 507.3b: only the player may concede, whoever controls the turn.
            if p != sender || self.player(p).lost {
                return Err(ActionError::NotYourConcession { player: sender });
            }
            self.action_count += 1;
            self.player_loses(p, LossReason::Conceded);
            self.check_game_over();
            if !self.is_over() && self.decision.as_ref().is_some_and(|d| d.player == p) {
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
        let decision = self.decision.clone().ok_or(ActionError::NoDecision)?;
        if self.decider_for(decision.player) != sender || !self.is_legal(&action) {
            return Err(ActionError::Illegal {
                action,
                decision: decision.kind.name().to_string(),
            });
        }
        self.decision = None;
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
        match decision.kind {
            DecisionKind::Mulligan => self.on_mulligan(p, action),
            DecisionKind::Priority => self.on_priority(p, action),
            DecisionKind::ChooseTarget { .. }
            | DecisionKind::ChooseMode
            | DecisionKind::ChooseX { .. }
            | DecisionKind::AnnounceCost { .. }
            | DecisionKind::ExileCost { .. }
            | DecisionKind::TapCost { .. }
            | DecisionKind::ReturnCost { .. }
            | DecisionKind::SacrificeCost
            | DecisionKind::AnnounceDivision { .. }
            | DecisionKind::DiscardCost { .. } => self.on_casting(action),
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
            DecisionKind::AssignCombatDamage { .. } => self.on_assign_damage(action),
            DecisionKind::AssignAsThoughUnblocked { .. } => self.on_assign_as_unblocked(action),
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
            | DecisionKind::TapOrUntap
            | DecisionKind::ChooseKind { .. }
            | DecisionKind::PayUnless { .. }
            | DecisionKind::PayOrElse
            | DecisionKind::MayAbility
            | DecisionKind::CallCoin
            | DecisionKind::FlipAgain
            | DecisionKind::KeepCoin => self.on_resolution_choice(p, action),
            DecisionKind::ChooseWord { .. } => self.on_word_choice(action),
            DecisionKind::ChooseCopy => self.on_copy_choice(action),
            DecisionKind::ChooseColor => self.on_color_choice(action),
            DecisionKind::ChooseCreatureType => self.on_type_choice(action),
            DecisionKind::NameCard { .. } => self.on_name_choice(action),
            DecisionKind::ChooseNewTarget { .. } => self.on_new_target(action),
            DecisionKind::ChooseUntap => self.on_untap_choice(action),
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
            } => {
                self.activate_mana(p, source, index, kind);
                self.flow = Flow::Priority(p);
            }
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
            if !self.run_replayable(
                crate::continuous::replacement::ReplayUnit::StateBasedEffects(p),
                Game::check_state_based_effects,
            ) {
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
        let p = if self.player(p).lost {
            self.next_player(p)
        } else {
            p
        };
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
        // 600.4: with two or more players left the game goes on without
        // the player, who leaves it at once (never in a two-player game).
        if self.apnap_from(p).nth(1).is_some() {
            self.leave_game(p);
        }
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
