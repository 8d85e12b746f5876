//! Convoke (502.46) and delve (502.63): paying part of a spell's cost by
//! tapping creatures or removing cards in a graveyard from the game.

use crate::playing::mana::Avail;
use crate::state::progress::{Casting, Playing, Unpaid};
use crate::{Action, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::{db, Color};

/// What a creature tapped for convoke pays (502.46a).
enum ConvokePays {
    Colored(usize),
    Hybrid(usize),
}

/// A symbol still owed that a creature of these colours can pay for
/// convoke: a coloured one, then a hybrid one.
fn convoke_color(u: &Unpaid, colors: tolaria_cards::ColorSet) -> Option<ConvokePays> {
    if let Some(i) = (0..5).find(|&i| u.colored[i] > 0 && colors.contains(Color::ALL[i])) {
        return Some(ConvokePays::Colored(i));
    }
    u.hybrid
        .iter()
        .position(|&(a, b)| colors.contains(a) || colors.contains(b))
        .map(ConvokePays::Hybrid)
}

/// 502.46a: the mana `avail` plus one mana per untapped creature `p`
/// controls, of its colours (for judging whether a convoke spell can be
/// paid for).
pub(crate) fn with_convoke(game: &Game, p: PlayerId, avail: &Avail) -> Avail {
    let mut v = *avail;
    for o in game.controlled_by(p) {
        if game.objects[o.slot as usize].is_tapped() {
            continue;
        }
        let ch = crate::continuous::characteristics::compute(game, o);
        if ch.is_creature() {
            v.push(ch.colors.0 | 1 << 5);
        }
    }
    v
}

/// 502.64a: the mana `avail` plus {1} (colourless, which pays only
/// generic mana) per card in `p`'s graveyard (for judging whether a delve
/// spell can be paid for).
pub(crate) fn with_delve(game: &Game, p: PlayerId, avail: &Avail) -> Avail {
    let mut v = *avail;
    for _ in &game.player(p).graveyard {
        v.push(1 << 5);
    }
    v
}

impl Game {
    /// 502.46a: is the spell being played one with convoke?
    fn convoking(&self, c: &Casting) -> bool {
        match c.what {
            Playing::Spell { obj } => db().get(self.shown_card(obj)).faces[0].spell.convoke,
            _ => false,
        }
    }

    /// 502.46a: the creatures `p` could tap for convoke now, each useful
    /// for what is still owed ({1}, or one mana of one of its colours).
    pub(crate) fn convoke_options(&self, out: &mut Vec<Action>) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        let Some(u) = c.unpaid.as_ref().filter(|_| self.convoking(c)) else {
            return;
        };
        for o in self.controlled_by(c.player) {
            if self.objects[o.slot as usize].is_tapped() {
                continue;
            }
            let ch = crate::continuous::characteristics::compute(self, o);
            if ch.is_creature() && (u.generic > 0 || convoke_color(u, ch.colors).is_some()) {
                out.push(Action::ChooseObject(o));
            }
        }
    }

    /// 502.46a: taps a creature for convoke: it pays one coloured symbol of
    /// one of its colours still owed, else {1}.
    pub(crate) fn convoke(&mut self, o: ObjId) {
        let colors = crate::continuous::characteristics::compute(self, o).colors;
        self.tap(o);
        if let Some(u) = self.casting.as_mut().and_then(|c| c.unpaid.as_mut()) {
            match convoke_color(u, colors) {
                Some(ConvokePays::Colored(i)) => u.colored[i] -= 1,
                Some(ConvokePays::Hybrid(i)) => {
                    u.hybrid.remove(i);
                }
                None => u.generic = u.generic.saturating_sub(1),
            }
        }
        self.continue_casting();
    }

    /// 502.64a: is the spell being played one with delve?
    pub(crate) fn delving(&self, c: &Casting) -> bool {
        match c.what {
            Playing::Spell { obj } => self.objects[obj.slot as usize].spell_face().spell.delve,
            _ => false,
        }
    }

    /// 502.64a: the cards `p` could remove from their graveyard for delve
    /// now: any, while generic mana is still owed ("Each card removed this
    /// way reduces the cost to play this spell by {1}").
    pub(crate) fn delve_options(&self, out: &mut Vec<Action>) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        if c.unpaid.as_ref().is_some_and(|u| u.generic > 0) && self.delving(c) {
            out.extend(
                self.player(c.player)
                    .graveyard
                    .iter()
                    .map(|&o| Action::ChooseObject(o)),
            );
        }
    }

    /// 502.64a: removes a card from the graveyard from the game for delve:
    /// the total cost is {1} less (409.1f–h).
    pub(crate) fn delve(&mut self, o: ObjId) {
        let Some(c) = self.casting.as_deref() else {
            return;
        };
        let p = c.player;
        if self.zone_of(o) != Some(Zone::Graveyard(p)) || !self.delving(c) {
            return;
        }
        self.move_to(o, Zone::RemovedFromGame, MoveReason::Delve);
        if let Some(u) = self.casting.as_mut().and_then(|c| c.unpaid.as_mut()) {
            u.generic = u.generic.saturating_sub(1);
        }
        self.continue_casting();
    }
}
