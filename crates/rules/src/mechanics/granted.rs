//! Actions a resolved spell lets its controller take until end of turn
//! "any time you could" do something: Channel ("Until end of turn, any
//! time you could play a mana ability, you may pay 1 life. If you do, add
//! {1} to your mana pool.") and Guardian Angel ("Until end of turn, you may
//! pay {1} any time you could play an instant. If you do, prevent the next
//! 1 damage that would be dealt to that creature or player this turn.").
//!
//! The 2007 rules name no such action (408.1i lists the special actions);
//! decision (ARCHITECTURE.md): each is taken like a special action, without
//! the stack, by the player it was granted to (`Action::Granted`), at the
//! times its text gives: Channel's whenever that player could play a mana
//! ability (411.1: with priority, and while paying a cost), paying life as
//! a cost (215.4: not with less life than 1); Guardian Angel's whenever
//! that player has priority (instant timing), paying the mana through the
//! usual payment (`Playing::Granted`, rewound if abandoned, 422). The
//! grants end in the cleanup step (314.2: "until end of turn").

use crate::state::game::{GrantedAction, GrantedKind};
use crate::state::progress::Playing;
use crate::state::stack::ResolveCtx;
use crate::{Action, Event, Game, PlayerId, Target};
use tolaria_cards::{ManaCost, ManaKind};

impl Game {
    /// The spell resolves: its controller may take the action until end
    /// of turn (one grant of Channel's kind is as good as two).
    pub(crate) fn grant_action(&mut self, ctx: &ResolveCtx, kind: GrantedKind) {
        let player = ctx.controller;
        if kind == GrantedKind::LifeForMana
            && self
                .granted_actions
                .iter()
                .any(|g| g.player == player && g.kind == kind)
        {
            return;
        }
        // The list's index is the action's number (`Action::Granted(u8)`).
        if self.granted_actions.len() >= usize::from(u8::MAX) {
            return;
        }
        self.granted_actions.push(GrantedAction {
            player,
            source: ctx.source,
            card: ctx.source_card,
            kind,
        });
    }

    /// Channel's action: `p` may pay 1 life now (215.4).
    fn life_for_mana_allowed(&self, p: PlayerId, g: &GrantedAction) -> bool {
        g.player == p && g.kind == GrantedKind::LifeForMana && self.life(p) >= 1
    }

    /// The granted actions `p` may take with priority (`avail`: the mana
    /// `p` could make).
    pub(crate) fn granted_priority_actions(
        &self,
        p: PlayerId,
        avail: &crate::playing::mana::Avail,
        out: &mut Vec<Action>,
    ) {
        for (i, g) in self.granted_actions.iter().enumerate() {
            let ok = match g.kind {
                GrantedKind::LifeForMana => self.life_for_mana_allowed(p, g),
                GrantedKind::PreventForMana { target, generic } => {
                    g.player == p
                        && self.granted_target_exists(target)
                        && crate::playing::mana::can_match(
                            &crate::state::progress::Unpaid {
                                generic,
                                ..Default::default()
                            },
                            avail,
                        )
                }
            };
            if ok {
                out.push(Action::Granted(i as u8));
            }
        }
    }

    /// Channel: the colourless mana `p` could add by paying life, one for
    /// each life point (215.4), counted with the mana available to pay a
    /// cost (`Game::available_mana`).
    #[inline]
    pub(crate) fn granted_mana(&self, p: PlayerId, v: &mut crate::playing::mana::Avail) {
        if self.granted_actions.is_empty()
            || !self
                .granted_actions
                .iter()
                .any(|g| g.player == p && g.kind == GrantedKind::LifeForMana)
        {
            return;
        }
        let life = usize::try_from(self.life(p).max(0)).unwrap_or(0).min(64);
        for _ in 0..life {
            v.push(1u8 << ManaKind::Colorless.index());
        }
    }

    /// The granted actions `p` may take while paying mana (411.1: Channel's).
    pub(crate) fn granted_mana_actions(&self, p: PlayerId, out: &mut Vec<Action>) {
        for (i, g) in self.granted_actions.iter().enumerate() {
            if self.life_for_mana_allowed(p, g) {
                out.push(Action::Granted(i as u8));
            }
        }
    }

    /// Is the creature or player a Guardian Angel's grant names still there
    /// (an object that left play is a new object, 217.1c)?
    fn granted_target_exists(&self, target: Target) -> bool {
        match target {
            Target::Object(o) => self.is_in_play(o),
            Target::Player(q) => !self.player(q).lost && !self.player(q).left_game,
            _ => false,
        }
    }

    /// The action `i` taken with priority.
    pub(crate) fn take_granted_action(&mut self, p: PlayerId, i: u8) {
        let Some(g) = self.granted_actions.get(i as usize).cloned() else {
            self.flow = crate::state::progress::Flow::Priority(p);
            return;
        };
        match g.kind {
            GrantedKind::LifeForMana => {
                self.life_for_mana(p, i);
                self.flow = crate::state::progress::Flow::Priority(p);
            }
            GrantedKind::PreventForMana { .. } => self.begin_special_payment(
                p,
                Playing::Granted {
                    index: i,
                    obj: g.source,
                },
            ),
        }
    }

    /// Channel: 1 life paid (215.4), {1} added to the pool (406.1).
    pub(crate) fn life_for_mana(&mut self, p: PlayerId, i: u8) {
        let Some(g) = self.granted_actions.get(i as usize).cloned() else {
            return;
        };
        if !self.life_for_mana_allowed(p, &g) {
            return;
        }
        self.lose_life(p, 1);
        self.players[p.index()].pool.add(ManaKind::Colorless, 1);
        self.emit(Event::ManaAdded {
            player: p,
            source: g.source,
            card: g.card,
            kind: ManaKind::Colorless,
            amount: 1,
        });
    }

    /// The mana Guardian Angel's action costs.
    pub(crate) fn granted_cost(&self, i: u8) -> ManaCost {
        match self.granted_actions.get(i as usize).map(|g| g.kind) {
            Some(GrantedKind::PreventForMana { generic, .. }) => ManaCost {
                generic,
                ..Default::default()
            },
            _ => ManaCost::default(),
        }
    }

    /// Guardian Angel's action, paid for: a shield prevents the next 1
    /// damage to the creature or player this turn (419.6c).
    pub(crate) fn finish_granted_action(&mut self, _p: PlayerId, i: u8) {
        let Some(GrantedKind::PreventForMana { target, .. }) =
            self.granted_actions.get(i as usize).map(|g| g.kind)
        else {
            return;
        };
        if self.granted_target_exists(target) {
            self.shields
                .push(crate::continuous::replacement::Shield::next(target, 1));
        }
    }

    /// The log's words for a granted action.
    pub(crate) fn describe_granted(&self, i: u8) -> String {
        match self.granted_actions.get(i as usize).map(|g| g.kind) {
            Some(GrantedKind::LifeForMana) => "pay 1 life for {1}".into(),
            Some(GrantedKind::PreventForMana { target, generic }) => {
                let what = match target {
                    Target::Object(o) => self.objects[o.slot as usize].def().name.to_string(),
                    Target::Player(q) => format!("{q}"),
                    _ => "it".into(),
                };
                format!("pay {{{generic}}} to prevent the next 1 damage to {what}")
            }
            None => "a granted action".into(),
        }
    }
}
