//! Delayed triggered abilities (404.4): created by an effect of a
//! resolving spell or ability ("sacrifice it at end of combat", "draw a
//! card at the beginning of the next turn's upkeep"), each triggers once,
//! when its event next happens (404.4b), and does what the creating
//! effect says. The pending ability points back at the spell or ability
//! that created it (`PendingTrigger::index`, `SPELL_ABILITY` for a spell's
//! own instructions), so no effect is copied into the game.

use crate::state::stack::PendingTrigger;
use crate::state::stack::ResolveCtx;
use crate::state::stack::TriggerContext;
use crate::{Game, StackKind};
use tolaria_cards::DelayedEffect;
use tolaria_cards::{db, Ability, AbilityRef, CardId, Effect};

/// The `index` of a delayed triggered ability created by a spell's own
/// instructions rather than by one of the card's abilities.
pub const SPELL_ABILITY: u8 = u8::MAX;

/// When a delayed triggered ability triggers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum When {
    /// 311: the next end of combat step.
    EndOfCombat,
    /// 311: the next end of combat step of this turn.
    EndOfCombatThisTurn,
    /// 303: the next upkeep step ("the next turn's upkeep").
    NextUpkeep,
    /// 303: the next upkeep step of the controller ("your next upkeep").
    YourNextUpkeep,
    /// 313: the next end of turn step ("the next end step").
    NextEndStep,
    /// 314: the next cleanup step (314.3: players then get priority).
    NextCleanup,
    /// 313: the next end of turn step of the controller's turn ("your
    /// next end step").
    YourNextEndStep,
    /// 313: the end of turn step of the player's next turn (a turn after
    /// this one).
    NextTurnEndStep(crate::PlayerId),
    /// 313: the end of turn step of the extra turn at this place in
    /// `Game::extra_turns` ("that turn's end step", Final Fortune).
    ExtraTurnEndStep(u32),
    /// The watched object is put into a graveyard from play this turn.
    Dies(crate::ObjId),
    /// The watched object leaves play this turn, to any zone.
    Leaves(crate::ObjId),
    /// The controller of the delayed ability loses control of the watched
    /// permanent (Ray of Command).
    ControlLost(crate::ObjId),
}

/// The effects a delayed triggered ability does: those of the creating
/// `AtEndOfCombat` / `AtNextUpkeep` effect of the spell or ability
/// (`index`) of `card`'s face `face`.
pub(crate) fn delayed_effects_of(ability: AbilityRef) -> &'static [Effect] {
    match ability {
        AbilityRef::Printed { card, face, index }
        | AbilityRef::Bent {
            card, face, index, ..
        } => delayed_effects(card, face, index),
        // A rules-defined or granted ability creates no delayed ability.
        _ => &[],
    }
}

/// [`delayed_effects_of`] for an ability (or a spell, `SPELL_ABILITY`)
/// printed on `card`'s face `face`.
pub(crate) fn delayed_effects(card: CardId, face: u8, index: u8) -> &'static [Effect] {
    let Some(f) = db().get(card).faces.get(face as usize) else {
        return &[];
    };
    if index == SPELL_ABILITY {
        // The spell's own instructions, then its modes' (Sapphire Charm):
        // a card has at most one delayed ability.
        return std::iter::once(&f.spell.effects[..])
            .chain(f.spell.modes.iter().map(|m| &m.effects[..]))
            .flat_map(|l| l.iter())
            .find_map(delayed_instructions)
            .unwrap_or(&[]);
    }
    let list: &'static [Effect] = match f.abilities.get(index as usize) {
        // A modal triggered ability's modes: at most one delayed ability.
        Some(Ability::Triggered(t)) => {
            return t
                .effect_lists()
                .flat_map(|l| l.iter())
                .find_map(delayed_instructions)
                .unwrap_or(&[]);
        }
        Some(Ability::Activated(a)) => {
            return a
                .effect_lists()
                .flat_map(|l| l.iter())
                .find_map(delayed_instructions)
                .unwrap_or(&[]);
        }
        Some(Ability::Mana(m)) => &m.also,
        Some(Ability::Static(tolaria_cards::StaticAbility::FlashSacrificed)) => {
            return tolaria_cards::flash_sacrifice_effects();
        }
        _ => &[],
    };
    list.iter().find_map(delayed_instructions).unwrap_or(&[])
}

impl Game {
    /// "… the controller of the permanent it becomes sacrifices it at the
    /// beginning of the next cleanup step" (Armor of Thorns,
    /// `StaticAbility::FlashSacrificed`): as the spell resolves into the
    /// permanent `new`, a delayed triggered ability (404.4) waits for the
    /// next cleanup step (314.3: it triggers there, and players get
    /// priority).
    pub(crate) fn delay_flash_sacrifice(
        &mut self,
        new: crate::ObjId,
        card: CardId,
        controller: crate::PlayerId,
    ) {
        let Some(index) = db().get(card).front().abilities.iter().position(|a| {
            matches!(
                a,
                Ability::Static(tolaria_cards::StaticAbility::FlashSacrificed)
            )
        }) else {
            return;
        };
        self.delayed_cleanup.push(PendingTrigger {
            controller,
            source: new,
            card,
            ability: AbilityRef::Printed {
                card,
                face: 0,
                index: index as u8,
            },
            ctx: TriggerContext {
                delayed: true,
                ..TriggerContext::default()
            },
        });
    }

    /// 404.4: the resolving spell or ability creates a delayed triggered
    /// ability, controlled by the controller of the creating effect.
    pub(crate) fn create_delayed(&mut self, ctx: &ResolveCtx, when: When) {
        let Some(r) = self.resolving.as_deref() else {
            return;
        };
        // The delayed ability remembers what the ability that created it
        // refers to ("destroy that creature at end of combat", Tangle Asp).
        let (source, card, ability, trigger) = match r.item.kind {
            // "Target creature you control gains flying until end of turn.
            // Sacrifice it at the beginning of the next end step." (Krovikan
            // Elementalist): an activated ability's delayed ability
            // remembers its first target, as a spell's does.
            StackKind::Ability {
                source,
                card,
                ability,
                trigger,
                triggered: false,
            } => (
                source,
                card,
                ability,
                TriggerContext {
                    spell_target: match ctx.targets.first() {
                        Some(crate::Target::Object(o)) => Some(*o),
                        _ => None,
                    },
                    ..trigger
                },
            ),
            StackKind::Ability {
                source,
                card,
                ability,
                trigger,
                ..
            } => (source, card, ability, trigger),
            StackKind::Spell { obj } => (
                obj,
                ctx.source_card,
                AbilityRef::Printed {
                    // 502.40a: a spliced card's instructions are its own.
                    card: self.splice_text_card(ctx.source_card),
                    face: 0,
                    index: SPELL_ABILITY,
                },
                // "Target player draws a card at the beginning of the next
                // turn's upkeep": the delayed ability remembers the
                // player the spell targeted ("that player"); "Return
                // target … card to play. … Remove it from the game at end
                // of turn" (Goryo's Vengeance): the object its first
                // target is now (the permanent it became, `PutIntoPlay`).
                TriggerContext {
                    player: match ctx.targets.first() {
                        Some(crate::Target::Player(p)) => Some(*p),
                        _ => None,
                    },
                    spell_target: match ctx.targets.first() {
                        Some(crate::Target::Object(o)) => Some(*o),
                        _ => None,
                    },
                    ..TriggerContext::default()
                },
            ),
            StackKind::CombatDamage(_) => return,
        };
        let pending = PendingTrigger {
            controller: ctx.controller,
            source,
            card,
            ability,
            ctx: TriggerContext {
                delayed: true,
                // "Destroy it at the beginning of the next end step": the
                // tokens the creating ability made (Hornet Cannon).
                created: ctx.created.or(trigger.created),
                // "return those cards" (Ignorant Bliss, Memory Jar).
                removal: if ctx.removal != 0 {
                    ctx.removal
                } else {
                    trigger.removal
                },
                chosen: ctx.chosen.or(trigger.chosen),
                ..trigger
            },
        };
        match when {
            When::EndOfCombat => self.delayed_end_of_combat.push(pending),
            When::EndOfCombatThisTurn => self.delayed_combat_this_turn.push(pending),
            When::NextUpkeep => self.delayed_next_upkeep.push(pending),
            When::YourNextUpkeep => self.delayed_your_upkeep.push(pending),
            When::NextEndStep => self.delayed_end_step.push(pending),
            When::NextCleanup => self.delayed_cleanup.push(pending),
            When::YourNextEndStep => self.delayed_your_end_step.push(pending),
            When::NextTurnEndStep(p) => {
                // 608.4: the latest turn begun (a turn in progress at
                // once is not "that player's next turn").
                let turn = self.latest_turn();
                self.delayed_turn_end_step.push((p, turn, pending));
            }
            When::ExtraTurnEndStep(at) => self.delayed_extra_turn_end.push((at, 0, pending)),
            When::Dies(o) => self.delayed_dies.push((o, pending)),
            When::Leaves(o) => self.delayed_leaves.push((o, pending)),
            When::ControlLost(o) => self.delayed_control_lost.push((o, pending)),
        }
    }

    /// The extra turn at place `at` of `extra_turns` was just taken out of
    /// the list: if `taken`, it is the turn now beginning, and the delayed
    /// abilities waiting for its end step wait for this turn's; if not (a
    /// skipped turn, 419.6e, or a player who lost), they never trigger (the
    /// ruling of Final Fortune). The places above it move down one.
    pub(crate) fn extra_turn_taken(&mut self, at: usize, taken: bool) {
        if self.delayed_extra_turn_end.is_empty() {
            return;
        }
        let at = at as u32;
        let turn = self.turn;
        self.delayed_extra_turn_end.retain_mut(|(place, began, _)| {
            if *began != 0 {
                return true;
            }
            match (*place).cmp(&at) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Equal => {
                    *began = turn;
                    taken
                }
                std::cmp::Ordering::Greater => {
                    *place -= 1;
                    true
                }
            }
        });
    }

    /// 419.6e: the turn that just began (number `turn`) is skipped: what
    /// waited for its end step never triggers.
    pub(crate) fn extra_turn_skipped(&mut self, turn: u32) {
        self.delayed_extra_turn_end
            .retain(|(_, began, _)| *began != turn);
    }
}

/// The instructions of a delayed triggered ability an effect creates
/// (404.4: "at end of combat", "at the beginning of the next upkeep / end
/// step", "when that creature dies this turn"), if it is one.
fn delayed_instructions(e: &'static Effect) -> Option<&'static [Effect]> {
    match e {
        Effect::Delayed(DelayedEffect::AtEndOfCombat { effects, .. })
        | Effect::Delayed(DelayedEffect::AtNextUpkeep { effects, .. })
        | Effect::Delayed(DelayedEffect::AtNextEndStep { effects, .. })
        | Effect::Delayed(DelayedEffect::AtNextCleanup { effects })
        | Effect::Delayed(DelayedEffect::WhenDiesThisTurn { effects, .. })
        | Effect::Delayed(DelayedEffect::WhenControlLost { effects, .. }) => Some(&effects[..]),
        // "If this ability has been played four or more times this turn,
        // sacrifice CARDNAME at the beginning of the next end step."
        Effect::IfElse { then, .. } => then.iter().find_map(delayed_instructions),
        _ => None,
    }
}
