//! Replacement effects on drawing a card (419.1a): "if [player] would draw
//! a card, instead …" (Plagiarize). A draw that is replaced is not drawn;
//! the draw that replaces it is a modified event, to which each effect
//! that already applied can't apply again (419.6a), so two Plagiarizes
//! aimed at each other end with a draw rather than a loop.

use crate::event::DrawReason;
use crate::{Event, Game, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::CardId;

/// One "until end of turn, if `player` would draw a card, instead that
/// player skips that draw and `controller` draws a card" effect; these
/// end in the cleanup step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    /// The card whose effect this is.
    pub card: CardId,
    /// Who draws instead.
    pub controller: PlayerId,
    /// Whose draws are replaced.
    pub player: PlayerId,
}

impl Game {
    /// 423.1 with 419.1a: `p` draws a card, unless a replacement effect
    /// has another player draw instead.
    pub fn draw_for(&mut self, p: PlayerId, why: DrawReason) {
        if self.draw_rules.is_empty() {
            self.draw_card(p, why);
            return;
        }
        let mut drawer = p;
        let mut used = 0u64;
        // 419.6a: each effect applies at most once to the event and the
        // events that replace it. 419.9a: of several, the first made
        // applies first (an affected player's choice is not asked here).
        while let Some(i) = self
            .draw_rules
            .iter()
            .enumerate()
            .position(|(i, r)| r.player == drawer && used & (1 << i.min(63)) == 0)
        {
            used |= 1 << i.min(63);
            let rule = self.draw_rules[i].clone();
            self.emit(Event::DrawReplaced {
                player: drawer,
                by_card: rule.card,
                instead: rule.controller,
            });
            drawer = rule.controller;
        }
        self.draw_card(drawer, why);
    }
}
