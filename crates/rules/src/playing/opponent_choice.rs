//! 601.5a–c: the opponent who makes the choice of an "an opponent
//! chooses" spell or ability (within the controller's range of influence,
//! the closest to the left if none is; 103.3 with none left), and the
//! actions of that choice. Split from `play.rs`.

use crate::playing::targeting::legal_targets;
use crate::state::progress::{Casting, Flow};
use crate::{Action, Decision, DecisionKind, Game, PlayerId};

impl Game {
    /// 601.5a–c: the opponent who makes the choice an "an opponent
    /// chooses" spell or ability asks for: the one already chosen; else
    /// the only candidate (within the controller's range, 601.5a; the
    /// closest to the left if none is, 601.5c); else (`None`) the
    /// controller is asked to choose one (`ChooseOpponent`). With no
    /// opponent left the controller makes the choice (103.3).
    pub(crate) fn opponent_chooser(&mut self, c: &Casting) -> Option<PlayerId> {
        if let Some(q) = c.opponent_chooser {
            return Some(q);
        }
        let may = self.opponent_choosers(c.player);
        match may.as_slice() {
            [] => Some(c.player),
            [q] => {
                let q = *q;
                if let Some(c) = self.casting.as_mut() {
                    c.opponent_chooser = Some(q);
                }
                Some(q)
            }
            _ => {
                self.decision = Some(Decision {
                    player: c.player,
                    kind: DecisionKind::ChooseOpponent,
                });
                self.flow = Flow::Casting;
                None
            }
        }
    }

    /// 409.1c, 601.5a: the legal choices for the next target of what is
    /// being played, as `chooser` may pick them: a target "of an
    /// opponent's choice" must be within the choosing opponent's range as
    /// well as the controller's.
    pub(crate) fn legal_targets_for(&self, chooser: PlayerId) -> Vec<crate::Target> {
        let mut ts = Vec::new();
        let Some(c) = self.casting.as_deref() else {
            return ts;
        };
        let specs = self.casting_specs(c);
        let src = self.casting_source(c);
        // 502.40d: a spliced card's targets are a requirement of their own.
        let start = self.casting_part(c).0;
        legal_targets(
            self,
            specs,
            c.targets.len() - start,
            &c.targets[start..],
            &src,
            &mut ts,
        );
        if chooser != c.player {
            ts.retain(|&t| self.target_within_range(chooser, t));
            // "target creature of an opponent's choice they control"
            // (Evangelize): "they" is the choosing opponent, so only that
            // opponent's own permanents (the filter already asks for an
            // opponent's).
            let own = crate::playing::targeting::slot_spec(specs, c.targets.len() - start)
                .is_some_and(|(_, s)| {
                    s.opponent_chooses
                        && matches!(&s.kind, tolaria_cards::TargetKind::Permanent(f)
                            if f.controller == tolaria_cards::ControllerFilter::Opponent)
                });
            if own {
                ts.retain(|&t| match t {
                    crate::Target::Object(o) => self.chars(o).controller == chooser,
                    _ => false,
                });
            }
        }
        ts
    }

    /// 601.5a: the controller chose the opponent who makes the choice.
    pub(crate) fn on_opponent_chooser(&mut self, action: Action) {
        // 419.1b: the opponent chosen as a permanent comes into play.
        if self.casting.is_none() {
            if let (Some(r), Action::ChooseTarget(crate::Target::Player(q))) =
                (self.resolving.as_mut(), action)
            {
                r.player_choice = Some(q);
            }
            self.finish_resolution();
            return;
        }
        match action {
            Action::ChooseTarget(crate::Target::Player(q)) => {
                if let Some(c) = self.casting.as_mut() {
                    c.opponent_chooser = Some(q);
                }
                self.continue_casting();
            }
            a => self.on_casting(a),
        }
    }

    /// 600.4d: the opponent who was to choose the mode or a target of what
    /// is being played (`p`) has left the game: its controller chooses
    /// another opponent to make that choice. True if that was the case.
    pub(crate) fn opponent_chooser_left(&mut self, p: PlayerId) -> bool {
        let waiting = self.decision.as_ref().is_some_and(|d| d.player == p);
        let Some(c) = self.casting.as_mut() else {
            return false;
        };
        if !waiting || c.player == p || c.opponent_chooser != Some(p) {
            return false;
        }
        c.opponent_chooser = None;
        self.decision = None;
        self.continue_casting();
        self.advance();
        true
    }
}
