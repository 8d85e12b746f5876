//! 413.2d: an instruction followed by each player in turn
//! (`Effect::ForEachPlayer`): "Each opponent sacrifices a permanent unless
//! they pay {1}" (Rishadan Cutpurse: each opponent decides and pays for
//! themself), "Each player may search their library …" (Veteran Explorer),
//! "Its controller may search their library …" (Ghost Quarter: one
//! player, not the controller of the ability).
//!
//! The players are fixed as the instruction begins, in APNAP order from
//! the active player; each in turn follows all of the instructions, with
//! their choices (which may pause the resolution), before the next begins.
//! While a player follows them, "that player" (`PlayerRef::Triggering`)
//! names them, in the resolution's stored context too, so that the answers
//! to their choices read it; the context's own "that player" is put back
//! once all are done. With `may`, each player first answers whether they
//! follow them (`MayAbility`). 600.4a: a player who has left the game is
//! skipped.
//!
//! The loop keeps its own place (`Resolving::each`), leaving `sub`,
//! `inner` and `paid` to the instructions it runs; it is compiled only as
//! an instruction of its own, never inside another that keeps a place.

use crate::state::progress::EachPlayerState;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Game, PlayerId};
use tolaria_cards::{Effect, PlayerRef};

impl Game {
    /// Runs `Effect::ForEachPlayer`, from where it paused.
    pub(crate) fn for_each_player(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        may: bool,
        effects: &'static [Effect],
    ) -> Option<Decision> {
        if !self.resolving.as_ref()?.each.started {
            let players: Vec<PlayerId> = self
                .players_of(ctx, who)
                .into_iter()
                .filter(|&q| !self.player(q).lost)
                .collect();
            let r = self.resolving.as_mut()?;
            r.each = EachPlayerState {
                started: true,
                players,
                saved: r.ctx.trigger.player,
                ..Default::default()
            };
        }
        loop {
            let r = self.resolving.as_ref()?;
            let st = &r.each;
            let Some(&p) = st.players.get(st.index as usize) else {
                let r = self.resolving.as_mut()?;
                r.ctx.trigger.player = r.each.saved;
                r.each = EachPlayerState::default();
                return None;
            };
            let answer = st.may;
            // 600.4a: a player who left the game since it began does nothing.
            let left = self.player(p).lost;
            self.resolving.as_mut()?.ctx.trigger.player = Some(p);
            if !left && may && answer.is_none() {
                return Some(Decision {
                    player: p,
                    kind: DecisionKind::MayAbility,
                });
            }
            if !left && (!may || answer == Some(true)) {
                loop {
                    let r = self.resolving.as_ref()?;
                    let Some(e) = effects.get(r.each.pc as usize) else {
                        break;
                    };
                    // The stored context: what the instructions before
                    // chose ("that card") and "that player", this one.
                    let mut c = ctx.clone();
                    c.chosen = r.ctx.chosen;
                    c.removal = r.ctx.removal;
                    c.destroyed = r.ctx.destroyed;
                    c.trigger.player = Some(p);
                    if let Some(d) = self.exec_effect_pausable(&c, e) {
                        return Some(d);
                    }
                    let r = self.resolving.as_mut()?;
                    r.each.pc += 1;
                    r.sub = 0;
                    r.inner = 0;
                }
            }
            let r = self.resolving.as_mut()?;
            r.each.index += 1;
            r.each.pc = 0;
            r.each.may = None;
            r.sub = 0;
            r.inner = 0;
            r.paid = None;
        }
    }

    /// "[Player] may draw up to N cards" (Truce): the player chooses how
    /// many (`ChooseX`, kept in `Resolving::pay_x`), then draws them and
    /// gains `life_per_less` life for each one fewer than N ("For each card
    /// less than two a player draws this way, that player gains 2 life").
    /// 600.4a: a player who has left the game draws nothing.
    pub(crate) fn draw_up_to(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        max: u8,
        life_per_less: u32,
    ) -> Option<Decision> {
        let p = self
            .players_of(ctx, who)
            .into_iter()
            .find(|&q| !self.player(q).lost)?;
        let Some(n) = self.resolving.as_mut()?.pay_x.take() else {
            return Some(Decision {
                player: p,
                kind: DecisionKind::ChooseX {
                    max: u32::from(max),
                    min: 0,
                },
            });
        };
        let n = n.min(u32::from(max));
        for _ in 0..n {
            self.draw(p);
        }
        let less = u32::from(max) - n;
        if life_per_less > 0 && less > 0 {
            self.gain_life(p, life_per_less * less);
        }
        None
    }

    /// The answer of the player asked whether they follow the instructions
    /// of an `Effect::ForEachPlayer` ("each player may search …").
    pub(crate) fn on_each_player_may(&mut self, yes: bool) {
        if let Some(r) = self.resolving.as_mut() {
            r.each.may = Some(yes);
        }
    }
}
