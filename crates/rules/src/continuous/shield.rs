//! Prevention and redirection shields of resolved spells and abilities
//! (419.7b, 419.8a–b, 419.6c): what damage each watches (its recipient, its
//! source, combat damage only), how much it still applies to, and what it
//! does to that damage: prevent it (all of it, or all but N), send it to
//! another creature or player instead, or let it be dealt and deal as much
//! again to the source's controller (Eye for an Eye). Shields end in the
//! cleanup step (314.2) or when used up (419.3).
//!
//! A "next N damage" redirection that applies to part of an event splits
//! it: N is dealt to the new recipient as an event of its own, the rest
//! stays. 419.6c: a redirection to a creature no longer in play (or no
//! longer a creature) does nothing, so such a shield doesn't apply (and
//! isn't used up, 419.8b).

use crate::continuous::replacement::ChosenSource;
use crate::continuous::source::{SourceInfo, SourceProps};
use crate::{Event, Game, ObjId, PlayerId, Target};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, ObjectFilter};

/// 419.7b: a prevention or redirection shield from a resolved spell or
/// ability; the shields end in the cleanup step (314.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shield {
    /// What it protects (`None`: any creature or player, "prevent all
    /// damage a source of your choice would deal this turn").
    pub to: Option<Target>,
    /// The damage it still applies to (`u32::MAX`: all of it, 419.1d).
    pub left: u32,
    /// 419.8a: only damage from this source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<ChosenSource>,
    /// "The next time … would deal damage …, prevent that damage": all of
    /// the next damage it applies to, which uses it up.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once: bool,
    /// "dealt by target creature": only damage this object deals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<ObjId>,
    /// "to creatures you control" (Divine Light): recipients matching this
    /// as the damage would be dealt (418.3b), judged for `controller`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_each: Option<Box<ObjectFilter>>,
    /// "by attacking creatures" (Heavy Fog): sources matching this as they
    /// would deal the damage (418.3b), judged for `controller`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_each: Option<Box<ObjectFilter>>,
    /// "combat damage" only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub combat_only: bool,
    #[serde(default)]
    pub then: ShieldAct,
    /// "You gain life equal to the damage prevented this way."
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gain_life: bool,
    /// "For each 1 damage prevented this way, put a +1/+1 counter on that
    /// creature." (Test of Faith): on the creature it protects.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counters: bool,
    /// The card whose effect it is, its controller and the object that
    /// made it (the source of Eye for an Eye's damage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardId>,
    #[serde(default)]
    pub controller: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maker: Option<ObjId>,
}

/// What a shield does to the damage it applies to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShieldAct {
    /// 419.1d: prevent it.
    #[default]
    Prevent,
    /// "prevent all but N of that damage" (Forcefield).
    PreventAllBut(u32),
    /// 419.6c: deal it to this creature or player instead.
    Redirect(Target),
    /// "that damage is dealt to that source's controller instead".
    ToSourceController,
    /// The damage is dealt, and the shield's card deals as much to the
    /// source's controller (Eye for an Eye).
    AlsoToSourceController,
}

/// Damage a shield adds after the event it applied to (Eye for an Eye).
pub(crate) struct ShieldFollowUp {
    pub maker: ObjId,
    pub card: CardId,
    pub controller: PlayerId,
    pub to: Target,
    pub amount: u32,
}

impl Shield {
    /// "Prevent the next N damage that would be dealt to [it] this turn."
    pub fn next(to: Target, n: u32) -> Shield {
        Shield {
            to: Some(to),
            left: n,
            ..Shield::default()
        }
    }
}

impl Game {
    /// Does shield `s` apply to damage from `source` (`src`) to `to`?
    pub(crate) fn shield_applies(
        &self,
        s: &Shield,
        source: ObjId,
        src: &SourceInfo,
        to: Target,
        combat: bool,
    ) -> bool {
        s.left > 0
            && (!s.combat_only || combat)
            && s.to.is_none_or(|t| t == to)
            && s.to_each.as_ref().is_none_or(|f| match to {
                Target::Object(o) => {
                    self.is_present(o)
                        && crate::continuous::filter::matches(self, f, o, s.maker, s.controller)
                }
                _ => false,
            })
            && s.by.is_none_or(|b| b == source)
            && s.from
                .is_none_or(|c| c.matches(source, src) && self.unblocked_fits(c.props, source))
            && s.by_each
                .as_ref()
                .is_none_or(|f| self.source_matches(f, source, src, s.controller, None))
            && match s.then {
                // 419.6c: only to a creature still in play, or a player.
                ShieldAct::Redirect(t) => t != to && self.redirect_possible(t),
                ShieldAct::ToSourceController => {
                    Target::Player(src.controller) != to
                        && self.redirect_possible(Target::Player(src.controller))
                }
                _ => true,
            }
    }

    /// 419.6c: can damage be redirected to `t` (a creature in play, a
    /// player in the game)?
    fn redirect_possible(&self, t: Target) -> bool {
        match t {
            Target::Player(p) => !self.player(p).lost,
            Target::Object(o) => {
                self.is_present(o)
                    && crate::continuous::characteristics::compute(self, o).is_creature()
            }
            Target::Ability(_) => false,
        }
    }

    /// "an unblocked creature of your choice" (Forcefield): still an
    /// unblocked attacker as it would deal the damage (419.8b).
    pub(crate) fn unblocked_fits(&self, props: SourceProps, source: ObjId) -> bool {
        !props.unblocked
            || self
                .combat
                .attackers
                .iter()
                .any(|a| a.obj == source && !a.blocked)
    }

    /// Does the source of damage match `f` now (in play), or as it last
    /// existed (its colours and types, 419.8c)? `me`: the object whose
    /// ability names the sources ("by creatures it's blocking", Wall of
    /// Vapor; "other").
    pub(crate) fn source_matches(
        &self,
        f: &ObjectFilter,
        source: ObjId,
        src: &SourceInfo,
        who: PlayerId,
        me: Option<ObjId>,
    ) -> bool {
        if self.is_in_play(source) {
            return crate::continuous::filter::matches(self, f, source, me, who);
        }
        let controller_ok = match f.controller {
            tolaria_cards::ControllerFilter::You => src.controller == who,
            tolaria_cards::ControllerFilter::Opponent => src.controller != who,
            _ => true,
        };
        controller_ok
            && f.attacking.is_none()
            && f.blocked.is_none()
            // Whether an Aura was attached to it isn't kept (the Aura goes
            // to the graveyard after it, 420.5d): not matched.
            && f.enchanted.is_none()
            && f.with_keyword.is_none()
            && (f.colors_any.is_empty() || src.colors.intersects(f.colors_any))
            && (f.types_any.is_empty() || src.types.intersects(f.types_any))
    }

    /// Applies shield `i` to the damage (`amount` to `to`, from a source
    /// controlled by `source_controller`): returns the damage prevented,
    /// the part redirected (recipient and amount), and any follow-up.
    pub(crate) fn use_shield(
        &mut self,
        i: usize,
        amount: u32,
        source_controller: PlayerId,
    ) -> ShieldUse {
        let s = &mut self.shields[i];
        let n = if s.once {
            s.left = 0;
            amount
        } else {
            let n = s.left.min(amount);
            s.left -= n;
            n
        };
        let s = s.clone();
        match s.then {
            ShieldAct::Prevent => {
                if s.gain_life {
                    self.gain_life(s.controller, n);
                }
                // Test of Faith: a +1/+1 counter for each 1 damage prevented.
                if let (true, Some(Target::Object(o))) = (s.counters && n > 0, s.to) {
                    if self.is_in_play(o) {
                        let kind = tolaria_cards::CounterKind::PlusOnePlusOne;
                        if let Some(x) = self.obj_mut(o) {
                            let amount = x.add_counters(kind, i32::try_from(n).unwrap_or(i32::MAX));
                            let card = x.card;
                            if amount > 0 {
                                self.emit(Event::CountersPut {
                                    obj: o,
                                    card,
                                    kind,
                                    amount,
                                });
                            }
                        }
                    }
                }
                ShieldUse::Prevent(n)
            }
            ShieldAct::PreventAllBut(k) => ShieldUse::Prevent(n.saturating_sub(k)),
            ShieldAct::Redirect(t) => ShieldUse::Redirect(t, n),
            ShieldAct::ToSourceController => {
                ShieldUse::Redirect(Target::Player(source_controller), n)
            }
            ShieldAct::AlsoToSourceController => match (s.maker, s.card) {
                (Some(maker), Some(card)) => ShieldUse::Also(ShieldFollowUp {
                    maker,
                    card,
                    controller: s.controller,
                    to: Target::Player(source_controller),
                    amount: n,
                }),
                _ => ShieldUse::Prevent(0),
            },
        }
    }

    /// Deals the damage a shield added (Eye for an Eye: its card is the
    /// source, as it last existed).
    pub(crate) fn shield_follow_up(&mut self, f: ShieldFollowUp) {
        let src = SourceInfo::of(self, f.maker, f.controller);
        self.deal_damage(f.maker, f.card, &src, f.to, f.amount, false);
    }

    /// A line for the log when a shield redirects damage.
    pub(crate) fn emit_redirect(
        &mut self,
        source_card: CardId,
        by_card: Option<CardId>,
        from: Target,
        to: Target,
        amount: u32,
    ) {
        let (from_card, to_card) = (self.shown_target_card(from), self.shown_target_card(to));
        self.emit(Event::DamageReplaced {
            source_card,
            by_card: by_card.unwrap_or(source_card),
            from,
            from_card,
            to,
            to_card,
            before: amount,
            after: amount,
        });
    }

    fn shown_target_card(&self, t: Target) -> Option<CardId> {
        match t {
            Target::Object(o) => Some(self.shown_card(o)),
            Target::Player(_) | Target::Ability(_) => None,
        }
    }
}

/// What using a shield did.
pub(crate) enum ShieldUse {
    /// This much damage is prevented.
    Prevent(u32),
    /// This much of it is dealt to this recipient instead.
    Redirect(Target, u32),
    /// The damage is dealt, then this.
    Also(ShieldFollowUp),
}
