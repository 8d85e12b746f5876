//! "You may choose not to untap [this] during your untap step" (302.2,
//! Endoskeleton and the other "tappers"): as the untap step untaps the
//! active player's permanents, that player decides, for each permanent
//! with the ability, whether it stays tapped. The untap step has no
//! priority (302.3); the choice is a decision like any other.
//!
//! With it, 418.3d: an effect that lasts "as long as [this] remains
//! tapped" ends when its source untaps or leaves play, and does nothing if
//! the source was already untapped when it would begin.

use crate::state::progress::Flow;
use crate::{Action, Decision, DecisionKind, Event, Game, ObjId};
use tolaria_cards::{Ability, StaticAbility};

impl Game {
    /// Does this permanent have "you may choose not to untap [this]"?
    pub(crate) fn may_choose_not_to_untap(&self, id: ObjId) -> bool {
        crate::continuous::characteristics::compute(self, id)
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::MayChooseNotToUntap)))
    }

    /// 302.2: after the other permanents untapped, asks about these.
    pub(crate) fn ask_untap_choices(&mut self, optional: Vec<ObjId>) {
        if optional.is_empty() {
            self.flow = Flow::EndStep;
            return;
        }
        self.untap_choices = optional;
        self.decision = Some(Decision {
            player: self.active,
            kind: DecisionKind::ChooseUntap,
        });
        self.flow = Flow::Declaring;
    }

    /// The answers: keep one of them tapped (`ChooseObject`), or untap
    /// the rest (`Done`).
    pub(crate) fn untap_choice_options(&self, out: &mut Vec<Action>) {
        out.extend(self.untap_choices.iter().map(|&o| Action::ChooseObject(o)));
        out.push(Action::Done);
    }

    pub(crate) fn on_untap_choice(&mut self, action: Action) {
        match action {
            Action::ChooseObject(o) => {
                self.untap_choices.retain(|&x| x != o);
                let card = self.objects[o.slot as usize].card;
                self.emit(Event::StaysTapped { obj: o, card });
                if !self.untap_choices.is_empty() {
                    self.decision = Some(Decision {
                        player: self.active,
                        kind: DecisionKind::ChooseUntap,
                    });
                    self.flow = Flow::Declaring;
                    return;
                }
            }
            _ => {
                for o in std::mem::take(&mut self.untap_choices) {
                    self.untap(o);
                }
            }
        }
        self.flow = Flow::EndStep;
    }

    /// 418.3d: the effects lasting "as long as `source` remains tapped" end.
    pub(crate) fn end_while_tapped_effects(&mut self, source: ObjId) {
        let before = self.effects.len();
        self.effects.retain(|e| e.while_tapped != Some(source));
        if self.effects.len() != before {
            self.board.valid = false;
            self.sba_dirty = true;
        }
    }
}
