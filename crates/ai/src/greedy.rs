//! A simple greedy agent: a baseline that plays like a beginner who knows
//! the rules.
//!
//! - keeps opening hands with 2–5 lands (always keeps six cards or fewer);
//! - plays a land whenever it can;
//! - plays the most expensive affordable spell that has a sensible use now
//!   (damage at an opponent's creature it kills, else at the opponent; pumps
//!   and helpful Auras on its own creatures, pumps only in combat; removal on
//!   the opponent's biggest creature; counters against the opponent's spells);
//! - attacks with creatures that won't die to a single untapped potential
//!   blocker, or with everything when the opponent has no untapped creature
//!   that could block;
//! - blocks when its blocker survives, or trades with a bigger attacker, or
//!   chump-blocks when the unblocked damage would be lethal;
//! - otherwise passes.
//!
//! It only ever returns one of the legal actions it is given, and reads only
//! public information: permanents in play, the stack, life totals and its
//! own hand (never the opponent's hand or any library).

use crate::Agent;
use tolaria_cards::{
    Ability, Amount, CardFace, CardType, Effect, Keyword, ManaKind, StaticAbility, TargetKind,
};
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, StackKind, Target, Zone};

#[derive(Default)]
pub struct GreedyAgent {
    /// Spells abandoned at this point of the turn (so they aren't retried
    /// in a loop): (turn, step, stack size, card object).
    cancelled: Vec<(u32, tolaria_cards::Step, usize, ObjId)>,
    /// Coloured mana still needed by the payment in progress, keyed by the
    /// stack size when it started.
    paying: Option<(usize, [i32; 5])>,
}

impl GreedyAgent {
    pub fn new() -> Self {
        Self::default()
    }
}

/// What a spell or ability does, roughly, for choosing when and at what to aim it.
#[derive(Clone, Copy, Debug, Default)]
struct Intent {
    /// Fixed damage it deals to its target.
    damage: Option<i32>,
    /// Helps the targeted creature (pump, +1/+1 counters, good Aura, regeneration).
    friendly: bool,
    /// A pump that only lasts the turn (worth playing only in combat).
    temporary: bool,
    /// Counters a spell.
    counter: bool,
    /// Makes the targeted player draw.
    draw: bool,
}

fn intent_of(effects: &[Effect], abilities: &[Ability]) -> Intent {
    let mut i = Intent::default();
    for e in effects {
        match e {
            Effect::DealDamage { amount, .. } => {
                if let Amount::Fixed(n) = amount {
                    i.damage = Some(*n);
                } else {
                    i.damage = Some(1);
                }
            }
            Effect::Continuous {
                effect, duration, ..
            } if effect.power + effect.toughness > 0 => {
                i.friendly = true;
                i.temporary = *duration == tolaria_cards::Duration::EndOfTurn;
            }
            Effect::Regenerate { .. } | Effect::Untap { .. } => i.friendly = true,
            Effect::PutCounters { kind, .. } => {
                i.friendly = *kind == tolaria_cards::CounterKind::PlusOnePlusOne;
            }
            Effect::Counter { .. } => i.counter = true,
            Effect::DrawCards { .. } => i.draw = true,
            _ => {}
        }
    }
    for a in abilities {
        if let Ability::Static(StaticAbility::Continuous { effect, .. }) = a {
            // An Aura that pumps, or takes control (Control Magic: played
            // on an opponent's creature, but "friendly" to its controller).
            if effect.power + effect.toughness > 0 {
                i.friendly = true;
            }
        }
    }
    i
}

fn face_intent(face: &CardFace) -> Intent {
    let auras = face.subtypes.iter().any(|s| s.name() == "Aura");
    let abilities: &[Ability] = if auras { &face.abilities } else { &[] };
    intent_of(&face.spell.effects, abilities)
}

fn mana_value(face: &CardFace) -> u32 {
    face.mana_cost.as_ref().map_or(0, |c| c.converted())
}

struct Creature {
    power: i32,
    /// Toughness minus damage already marked.
    toughness: i32,
    first_strike: bool,
    double_strike: bool,
}

fn creature(game: &Game, id: ObjId) -> Option<Creature> {
    let o = game.obj(id)?;
    if o.zone != Zone::InPlay {
        return None;
    }
    let ch = compute(game, id);
    if !ch.is_creature() {
        return None;
    }
    Some(Creature {
        power: ch.power.max(0),
        toughness: ch.toughness - o.damage as i32,
        first_strike: ch.has(Keyword::FirstStrike),
        double_strike: ch.has(Keyword::DoubleStrike),
    })
}

/// A card's converted mana cost (its printed front face), as a rough worth
/// of a card outside play.
fn card_cost(game: &Game, id: ObjId) -> u32 {
    let card = game.objects[id.slot as usize].card;
    tolaria_cards::db()
        .get(card)
        .front()
        .mana_cost
        .as_ref()
        .map_or(0, |c| c.converted())
}

fn value(game: &Game, id: ObjId) -> i32 {
    match creature(game, id) {
        Some(c) => c.power * 2 + c.toughness,
        None => 0,
    }
}

/// (a kills b, b kills a) if they fight in combat, with first strike.
fn fight(a: &Creature, b: &Creature) -> (bool, bool) {
    let a_first = a.first_strike || a.double_strike;
    let b_first = b.first_strike || b.double_strike;
    let a_total = if a.double_strike {
        a.power * 2
    } else {
        a.power
    };
    let b_total = if b.double_strike {
        b.power * 2
    } else {
        b.power
    };
    let a_kills = a_total >= b.toughness && a.power > 0;
    let b_kills = b_total >= a.toughness && b.power > 0;
    if a_first && !b_first {
        // a strikes first: b deals damage only if it survives the first strike.
        let a_kills_first = a.power >= b.toughness && a.power > 0;
        (a_kills, b_kills && !a_kills_first)
    } else if b_first && !a_first {
        let b_kills_first = b.power >= a.toughness && b.power > 0;
        (a_kills && !b_kills_first, b_kills)
    } else {
        (a_kills, b_kills)
    }
}

impl GreedyAgent {
    fn is_cancelled(&self, game: &Game, obj: ObjId) -> bool {
        self.cancelled.iter().any(|&(t, s, n, o)| {
            t == game.turn && s == game.step && n == game.stack.len() && o == obj
        })
    }

    fn mulligan(&self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let hand = &game.player(me).hand;
        let lands = hand
            .iter()
            .filter(|&&c| {
                game.obj(c)
                    .is_some_and(|o| o.def().front().types.contains(CardType::Land))
            })
            .count();
        if hand.len() <= 5 || (2..=5).contains(&lands) || !legal.contains(&Action::Mulligan) {
            Action::Keep
        } else {
            Action::Mulligan
        }
    }

    fn priority(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        if let Some(a) = legal.iter().find(|a| matches!(a, Action::PlayLand(_))) {
            return a.clone();
        }
        let mut best: Option<(u32, &Action)> = None;
        for a in legal {
            // 505.2: a split card is played as one of its halves.
            let (obj, half) = match a {
                Action::PlaySpell(obj) => (obj, 0),
                Action::PlaySplit { card, half } => (card, *half),
                _ => continue,
            };
            if self.is_cancelled(game, *obj) {
                continue;
            }
            let Some(o) = game.obj(*obj) else { continue };
            let face = &o.def().faces[half as usize];
            if !self.worth_playing(game, me, face) {
                continue;
            }
            let mv = mana_value(face);
            if best.is_none_or(|(b, _)| mv > b) {
                best = Some((mv, a));
            }
        }
        self.cancelled
            .retain(|&(t, s, ..)| t == game.turn && s == game.step);
        match best {
            Some((_, a)) => a.clone(),
            None => Action::Pass,
        }
    }

    /// Is there a sensible use for this spell right now?
    fn worth_playing(&self, game: &Game, me: PlayerId, face: &CardFace) -> bool {
        // 606.4b: a Two-Headed Giant team's turn is each teammate's.
        let my_turn = game.is_active(me);
        let main = game.step.is_main() && game.stack.is_empty();
        let intent = face_intent(face);
        let opp_creatures = game
            .in_play
            .iter()
            .filter(|&&id| {
                game.obj(id)
                    .is_some_and(|o| game.is_opponent(me, o.controller))
            })
            .any(|&id| creature(game, id).is_some());
        let my_creatures: Vec<ObjId> = game
            .controlled_by(me)
            .filter(|&id| creature(game, id).is_some())
            .collect();
        if intent.counter {
            return game
                .stack
                .last()
                .is_some_and(|s| s.controller != me && matches!(s.kind, StackKind::Spell { .. }));
        }
        // Don't respond to our own spells; let them resolve.
        if game.stack.last().is_some_and(|s| s.controller == me) {
            return false;
        }
        if face.spell.targets.is_empty() {
            // Creatures, sorceries without targets, card draw: in our main phase.
            return my_turn && main;
        }
        let creature_only = face
            .spell
            .targets
            .iter()
            .all(|t| matches!(t.kind, TargetKind::Permanent(_)));
        if intent.friendly {
            if my_creatures.is_empty() {
                return false;
            }
            if intent.temporary {
                // Pumps: only once blockers are declared, on a creature in combat.
                return game.step == tolaria_cards::Step::DeclareBlockers
                    && my_creatures.iter().any(|&c| {
                        game.combat.is_attacking(c) && game.combat.blockers_of(c).next().is_some()
                            || game.combat.is_blocking(c)
                    });
            }
            return my_turn && main;
        }
        if let Some(dmg) = intent.damage {
            // Burn: at a creature it kills any time; at the opponent when
            // lethal, or in our main phase when they have no creatures.
            let opp_life = game.opponents(me).map(|p| game.life(p)).min();
            let lethal = opp_life.is_some_and(|l| l <= dmg);
            return (opp_creatures && self.kill_target(game, me, intent).is_some())
                || (!creature_only && (lethal || my_turn && main && !opp_creatures));
        }
        if creature_only {
            return opp_creatures
                && (my_turn && main || game.step == tolaria_cards::Step::DeclareAttackers);
        }
        if intent.draw {
            return !my_turn && game.step == tolaria_cards::Step::EndOfTurn || my_turn && main;
        }
        my_turn && main
    }

    /// An opponent's creature that this much damage kills (the most valuable).
    fn kill_target(&self, game: &Game, me: PlayerId, intent: Intent) -> Option<ObjId> {
        let dmg = intent.damage?;
        game.in_play
            .iter()
            .copied()
            .filter(|&id| {
                game.obj(id)
                    .is_some_and(|o| game.is_opponent(me, o.controller))
            })
            .filter(|&id| creature(game, id).is_some_and(|c| c.toughness <= dmg))
            .filter(|&id| !compute(game, id).has(Keyword::Shroud))
            .max_by_key(|&id| value(game, id))
    }

    /// The intent of the spell or ability being played (top of the stack).
    fn current_intent(&self, game: &Game, me: PlayerId) -> Intent {
        match game.stack.last() {
            Some(s) if s.controller == me => match &s.kind {
                StackKind::Spell { obj } => match game.obj(*obj) {
                    Some(o) => face_intent(o.def().front()),
                    None => Intent::default(),
                },
                // A delayed triggered ability made by a spell's own
                // instructions names no ability of the card (404.4).
                StackKind::Ability { ability, .. } => match ability.get_if(true) {
                    Some(Ability::Activated(a)) => intent_of(a.effects_for(s.mode), &[]),
                    Some(Ability::Triggered(t)) => intent_of(t.effects_for(s.mode), &[]),
                    _ => Intent::default(),
                },
                StackKind::CombatDamage(_) => Intent::default(),
            },
            _ => Intent::default(),
        }
    }

    fn choose_target(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let intent = self.current_intent(game, me);
        let targets: Vec<Target> = legal
            .iter()
            .filter_map(|a| match a {
                Action::ChooseTarget(t) => Some(*t),
                _ => None,
            })
            .collect();
        // Ours: ours or a teammate's (609.1: only opponents are hostile).
        let mine = |t: &Target| match t {
            Target::Player(p) => !game.is_opponent(me, *p),
            Target::Object(o) => game
                .obj(*o)
                .is_some_and(|x| !game.is_opponent(me, x.controller)),
            Target::Ability(id) => game
                .stack_ability(*id)
                .is_some_and(|s| !game.is_opponent(me, s.controller)),
        };
        let is_creature = |t: &Target| match t {
            Target::Object(o) => creature(game, *o).is_some(),
            _ => false,
        };
        let obj_value = |t: &Target| match t {
            Target::Object(o) => value(game, *o),
            _ => 0,
        };
        let pick = |t: Option<Target>| t.map(Action::ChooseTarget);
        let choice = if intent.counter {
            pick(targets.iter().copied().find(|t| !mine(t)))
        } else if intent.friendly || intent.draw {
            // Own creature in combat first, then the biggest; or ourselves.
            pick(targets.iter().copied().filter(|t| mine(t)).max_by_key(|t| {
                // A creature in a fight first, then one in combat, then the biggest.
                let (fighting, combat) = match t {
                    Target::Object(o) => (
                        game.combat.is_blocking(*o)
                            || game.combat.is_attacking(*o)
                                && game.combat.blockers_of(*o).next().is_some(),
                        game.combat.is_attacking(*o),
                    ),
                    _ => (false, false),
                };
                (fighting, combat, obj_value(t))
            }))
        } else if let Some(dmg) = intent.damage {
            let kill = targets
                .iter()
                .copied()
                .filter(|t| !mine(t) && is_creature(t))
                .filter(|t| match t {
                    Target::Object(o) => creature(game, *o).is_some_and(|c| c.toughness <= dmg),
                    _ => false,
                })
                .max_by_key(obj_value);
            // The opponent with the least life (the only one in a
            // two-player game; never a teammate).
            let face = targets
                .iter()
                .copied()
                .filter(|t| matches!(t, Target::Player(p) if game.is_opponent(me, *p)))
                .min_by_key(|t| match t {
                    Target::Player(p) => game.life(*p),
                    _ => i32::MAX,
                });
            pick(kill.or(face).or_else(|| {
                targets
                    .iter()
                    .copied()
                    .filter(|t| !mine(t))
                    .max_by_key(obj_value)
            }))
        } else {
            // Removal and other hostile effects: the opponent's biggest creature.
            pick(
                targets
                    .iter()
                    .copied()
                    .filter(|t| !mine(t))
                    .max_by_key(|t| (is_creature(t), obj_value(t))),
            )
        };
        if let Some(a) = choice {
            return a;
        }
        if legal.contains(&Action::CancelPlay) {
            self.cancel(game);
            return Action::CancelPlay;
        }
        legal[0].clone()
    }

    fn cancel(&mut self, game: &Game) {
        if let Some(s) = game.stack.last() {
            if let StackKind::Spell { obj } = s.kind {
                // The rewind (422) restores the card's id from before it was played.
                let before = ObjId {
                    slot: obj.slot,
                    gen: obj.gen.wrapping_sub(1),
                };
                self.cancelled
                    .push((game.turn, game.step, game.stack.len() - 1, before));
            }
        }
        self.paying = None;
    }

    fn pay_mana(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let key = game.stack.len();
        if self.paying.is_none_or(|(k, _)| k != key) {
            let mut need = [0i32; 5];
            if let Some(StackKind::Spell { obj }) = game.stack.last().map(|s| &s.kind) {
                if let Some(c) = game
                    .obj(*obj)
                    .and_then(|o| o.def().front().mana_cost.as_ref())
                {
                    for (i, n) in need.iter_mut().enumerate() {
                        *n = c.colored[i] as i32;
                    }
                }
            }
            self.paying = Some((key, need));
        }
        let need = self.paying.map(|p| p.1).unwrap_or_default();
        let mut best: Option<(i32, &Action)> = None;
        for a in legal {
            let Action::ActivateMana { source, kind, .. } = a else {
                continue;
            };
            let mut score = match kind {
                ManaKind::Color(c) if need[*c as usize] > 0 => 100,
                ManaKind::Color(c) => {
                    // Keep colours the rest of the hand needs less.
                    -(need[*c as usize])
                }
                ManaKind::Colorless => 10,
            };
            if creature(game, *source).is_some() {
                score -= 50;
            }
            if game.obj(*source).is_some_and(|o| o.controller != me) {
                score -= 1000;
            }
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, a));
            }
        }
        match best {
            Some((_, a)) => {
                if let (
                    Action::ActivateMana {
                        kind: ManaKind::Color(c),
                        ..
                    },
                    Some(p),
                ) = (a, self.paying.as_mut())
                {
                    p.1[*c as usize] -= 1;
                }
                a.clone()
            }
            None => {
                self.cancel(game);
                Action::CancelPlay
            }
        }
    }

    fn attack(&self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let defender = game.combat.defending.or_else(|| game.opponents(me).next());
        // 606.7a: the team attacks the other team as a group (both
        // defending players' creatures may block any attacker).
        let blockers: Vec<ObjId> = match defender {
            Some(d) => game
                .defending_side(d)
                .flat_map(|q| game.controlled_by(q))
                .filter(|&b| game.obj(b).is_some_and(|o| !o.is_tapped()))
                .filter(|&b| creature(game, b).is_some())
                .collect(),
            None => Vec::new(),
        };
        for a in legal {
            let Action::Attack(id) = a else { continue };
            let Some(att) = creature(game, *id) else {
                continue;
            };
            if att.power == 0 {
                continue;
            }
            let safe = blockers.iter().all(|&b| {
                if !game.can_block(b, *id) {
                    return true;
                }
                let Some(bl) = creature(game, b) else {
                    return true;
                };
                !fight(&att, &bl).1
            });
            if safe {
                return a.clone();
            }
        }
        // 602.3: under "attack multiple players" (and in the team
        // variants, 607.3c / 609.4) each attacker picks its defending
        // player: a creature that survives every untapped creature of that
        // player, at the opponent with the least life.
        let mut best: Option<(i32, &Action)> = None;
        for a in legal {
            let Action::AttackPlayer { attacker, player } = a else {
                continue;
            };
            let Some(att) = creature(game, *attacker) else {
                continue;
            };
            if att.power == 0 {
                continue;
            }
            let safe = game
                .controlled_by(*player)
                .filter(|&b| game.obj(b).is_some_and(|o| !o.is_tapped()))
                .filter_map(|b| creature(game, b))
                .all(|bl| !fight(&att, &bl).1);
            let life = game.life(*player);
            if safe && best.is_none_or(|(l, _)| life < l) {
                best = Some((life, a));
            }
        }
        if let Some((_, a)) = best {
            return a.clone();
        }
        if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0].clone()
        }
    }

    fn block(&self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        // 602.4: only the creatures attacking this player threaten its
        // life (under "attack multiple players" others attack other
        // players at the same time).
        let unblocked_damage: i32 = game
            .combat
            .attackers
            .iter()
            .filter(|a| game.defender_of(a.obj).is_none_or(|d| d == me))
            .filter(|a| game.combat.blockers_of(a.obj).next().is_none())
            .filter_map(|a| creature(game, a.obj))
            .map(|c| {
                if c.double_strike {
                    c.power * 2
                } else {
                    c.power
                }
            })
            .sum();
        let lethal = unblocked_damage >= game.life(me);
        let mut best: Option<(i32, &Action)> = None;
        for a in legal {
            let Action::Block { blocker, attacker } = a else {
                continue;
            };
            if game.combat.blockers_of(*attacker).next().is_some() {
                continue;
            }
            let (Some(b), Some(att)) = (creature(game, *blocker), creature(game, *attacker)) else {
                continue;
            };
            let (b_kills, a_kills) = fight(&b, &att);
            let bigger = value(game, *attacker) > value(game, *blocker);
            let score = if !a_kills {
                // Survives: best if it also kills.
                300 + if b_kills { 100 } else { 0 } + att.power
            } else if b_kills && bigger {
                200 + value(game, *attacker) - value(game, *blocker)
            } else if lethal {
                // Chump: the biggest attacker with the least valuable blocker.
                100 + att.power * 4 - value(game, *blocker)
            } else {
                continue;
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, a));
            }
        }
        match best {
            Some((_, a)) => a.clone(),
            None if legal.contains(&Action::Done) => Action::Done,
            None => legal[0].clone(),
        }
    }

    fn assign_damage(&self, game: &Game, to: Target, min: u32, max: u32) -> Action {
        let n = match to {
            Target::Object(o) => match creature(game, o) {
                Some(c) => (c.toughness.max(0) as u32).clamp(min, max),
                None => max,
            },
            Target::Player(_) | Target::Ability(_) => max,
        };
        Action::AssignDamage(n)
    }

    /// The least valuable card or permanent among `ChooseObject` options.
    fn least_valuable(&self, game: &Game, legal: &[Action], discard: bool) -> Action {
        let lands_in_play = game
            .in_play
            .iter()
            .filter(|&&id| {
                game.obj(id)
                    .is_some_and(|o| o.def().front().types.contains(CardType::Land))
            })
            .count() as i32;
        let score = |o: ObjId| -> i32 {
            let Some(x) = game.obj(o) else { return 0 };
            let face = x.def().front();
            if discard {
                if face.types.contains(CardType::Land) {
                    // Lands are worth less once we have plenty.
                    10 - lands_in_play
                } else {
                    mana_value(face) as i32 + 2
                }
            } else {
                value(game, o) + if x.token { 0 } else { 1 } + mana_value(face) as i32
            }
        };
        legal
            .iter()
            .filter_map(|a| match a {
                Action::ChooseObject(o) => Some((score(*o), a)),
                _ => None,
            })
            .min_by_key(|(s, _)| *s)
            .map(|(_, a)| a.clone())
            .unwrap_or_else(|| legal[0].clone())
    }
}

impl Agent for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Game, me: PlayerId, legal: &[Action]) -> Action {
        let Some(d) = game.decision.as_ref() else {
            return legal[0].clone();
        };
        // Decide in the shoes of the player the decision is for (507: the
        // controller of a turn decides for the controlled player).
        let seat = d.player;
        let _ = me;
        let a = match &d.kind {
            DecisionKind::Mulligan => self.mulligan(game, seat, legal),
            DecisionKind::Priority => {
                self.paying = None;
                self.priority(game, seat, legal)
            }
            DecisionKind::ChooseTarget { .. } => self.choose_target(game, seat, legal),
            DecisionKind::ChooseX { max, .. } => Action::ChooseX(*max),
            DecisionKind::PayMana => self.pay_mana(game, seat, legal),
            DecisionKind::DeclareAttackers => self.attack(game, seat, legal),
            DecisionKind::DeclareBlockers => self.block(game, seat, legal),
            DecisionKind::AssignCombatDamage { to, min, max, .. } => {
                self.assign_damage(game, *to, *min, *max)
            }
            // 419.8a: the source most likely to hurt: the top of the
            // stack, then an opponent's attacker, then any of theirs.
            DecisionKind::ChooseSource { .. } => {
                let top = game.stack.last().and_then(|s| match &s.kind {
                    StackKind::Spell { obj } => Some(*obj),
                    StackKind::Ability { source, .. } => Some(*source),
                    StackKind::CombatDamage(_) => None,
                });
                let theirs = |o: ObjId| game.objects[o.slot as usize].controller != seat;
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::ChooseObject(o) => Some((*o, a)),
                        _ => None,
                    })
                    .max_by_key(|&(o, _)| {
                        (
                            Some(o) == top && theirs(o),
                            game.combat.is_attacking(o) && theirs(o),
                            theirs(o),
                        )
                    })
                    .map_or_else(|| legal[0].clone(), |(_, a)| a.clone())
            }
            // 409.1e: a share of divided damage, lethal where it can be.
            DecisionKind::AnnounceDivision { index, min, max } => {
                match game
                    .casting()
                    .and_then(|c| c.targets.get(*index as usize).copied())
                {
                    Some(to) => self.assign_damage(game, to, *min, *max),
                    None => Action::AssignDamage(*min),
                }
            }
            DecisionKind::Discard { .. } | DecisionKind::DiscardCost { .. } => {
                self.least_valuable(game, legal, true)
            }
            DecisionKind::Sacrifice | DecisionKind::SacrificeCost => {
                self.least_valuable(game, legal, false)
            }
            // "… unless you discard a card": the least valuable card keeps
            // the permanent (`No` only when there is none).
            DecisionKind::DiscardUnless => self.least_valuable(game, legal, true),
            // "return a creature you control to its owner's hand".
            DecisionKind::ReturnToHand => self.least_valuable(game, legal, false),
            DecisionKind::MayAbility => Action::Yes,
            // "Flip until you lose or choose to stop": keep what was won.
            DecisionKind::FlipAgain => Action::No,
            // Krark's Thumb: keep the coin that wins the call (heads without one).
            DecisionKind::KeepCoin => Action::KeepCoin(game.coin_call().unwrap_or(true)),
            // 503: copy the most valuable creature in play (or nothing).
            DecisionKind::ChooseCopy => legal
                .iter()
                .filter_map(|a| match a {
                    Action::ChooseObject(o) => Some((value(game, *o), a)),
                    _ => None,
                })
                .max_by_key(|&(v, _)| v)
                .map_or(Action::No, |(_, a)| a.clone()),
            // 419.1b (Pithing Needle, Meddling Mage): the name of the most
            // valuable opponent's permanent that may be named, else the
            // first name listed.
            DecisionKind::NameCard { .. } => game
                .in_play
                .iter()
                .filter(|&&o| game.objects[o.slot as usize].controller != seat)
                .filter_map(|&o| {
                    let card = game.objects[o.slot as usize].card;
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::NameCard(n) if n.card == card))
                        .map(|a| (value(game, o), a))
                })
                .max_by_key(|&(v, _)| v)
                .map_or_else(|| legal[0].clone(), |(_, a)| a.clone()),
            // 419.1b (Voice of All): the colour most common among the
            // opponents' permanents.
            DecisionKind::ChooseColor => {
                let mut count = [0u32; 5];
                for id in game.in_play.iter().copied() {
                    let ch = tolaria_rules::continuous::characteristics::compute(game, id);
                    if ch.controller != seat {
                        for c in ch.colors.iter() {
                            count[c as usize] += 1;
                        }
                    }
                }
                let best = (0..5)
                    .max_by_key(|&i| (count[i], std::cmp::Reverse(i)))
                    .unwrap_or(0);
                Action::ChooseColor(tolaria_cards::Color::ALL[best])
            }
            // 419.1b (Caller of the Hunt): the creature type most common
            // among the creatures in play.
            DecisionKind::ChooseCreatureType => {
                let board = tolaria_rules::continuous::characteristics::board_now(game);
                legal
                    .iter()
                    .max_by_key(|a| match a {
                        Action::ChooseCreatureType(t) => {
                            board.iter().filter(|ch| ch.subtypes.contains(*t)).count()
                        }
                        _ => 0,
                    })
                    .cloned()
                    .unwrap_or(Action::No)
            }
            // A card to find, keep, take from a hand or put into play: the
            // one with the highest converted mana cost (put back on top
            // first); nothing only when there is no card to choose.
            DecisionKind::ChooseCard { .. } => legal
                .iter()
                .filter_map(|a| match a {
                    Action::ChooseObject(o) => Some((card_cost(game, *o), a)),
                    _ => None,
                })
                .max_by_key(|&(v, _)| v)
                .map_or(Action::No, |(_, a)| a.clone()),
            // 302.2: keep tapped only what holds an "as long as it
            // remains tapped" effect (418.3d); untap the rest.
            DecisionKind::ChooseUntap => legal
                .iter()
                .find(|a| {
                    matches!(a, Action::ChooseObject(o)
                        if game.effects.iter().any(|e| e.while_tapped == Some(*o)))
                })
                .cloned()
                .unwrap_or(Action::Done),
            // Trigger order, coin calls and anything newer: the first option.
            _ => legal[0].clone(),
        };
        if legal.contains(&a) {
            a
        } else {
            // Never answer with an illegal action.
            legal
                .iter()
                .find(|x| !matches!(x, Action::CancelPlay))
                .unwrap_or(&legal[0])
                .clone()
        }
    }
}
