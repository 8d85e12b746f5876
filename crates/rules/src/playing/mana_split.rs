//! Mana "in any combination of colors" (406.1): "Add three mana in any
//! combination of {R} and/or {G}" (Goblin Clearcutter), "Remove X storage
//! counters from [this]: Add X mana in any combination of {W} and/or {U}"
//! (the TSP storage lands), and the triggered mana abilities whose mana
//! is of a colour the player chooses: "Whenever enchanted land is tapped
//! for mana, its controller adds an additional one mana of any color"
//! (Fertile Ground), "… two mana in any combination of colors" (Dawn's
//! Reflection).
//!
//! 411.1, 406.1b: a mana ability resolves at once, without the stack; the
//! colour of each mana is chosen as it resolves. The engine asks one
//! `ChooseManaColor` decision per mana (answered with `ChooseColor`, one
//! of the colours allowed), adding each mana as its colour is chosen. The
//! pending choices are kept in `ManaChoice::splits` (so that the game goes
//! back, once they are made, to where the ability was played: `ManaThen`),
//! the first one being asked; a triggered mana ability of a land tapped
//! by such an ability waits for the ability's mana (it triggers on the
//! land's being tapped for mana, and reads the type that mana was: 406.1b).
//!
//! Such an ability is never abandoned: every colour it allows is a legal
//! answer, so the choices always end. Its mana is not counted in
//! `available_mana` when its cost chooses (the number of counters, what to
//! sacrifice): the mana is made first, then the spell is played.

use super::mana_choice_cost::{ManaChoice, ManaThen};
use crate::engine::decision::{Decision, DecisionKind};
use crate::{Action, Event, Game, ObjId, PlayerId};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, ColorSet, ManaKind};

/// Mana of colours still to be chosen (406.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManaSplit {
    /// The player who adds the mana, and chooses its colours.
    pub player: PlayerId,
    /// The ability's source, and its card (for the events).
    pub source: ObjId,
    pub card: CardId,
    /// The colours each mana may be.
    pub colors: ColorSet,
    /// How many mana are still to be given a colour.
    pub left: u32,
    /// The mana added so far.
    pub made: Vec<ManaKind>,
    /// The source was tapped for this mana (an activated ability with
    /// {T}): its triggered mana abilities follow once all is added.
    pub tapped: bool,
}

impl Game {
    /// 406.1: `n` mana of the colours `colors` for `player`, each one's
    /// colour chosen by that player; with one colour allowed, added at
    /// once. `activator` played the mana ability (the game goes back to
    /// them, or to what they were paying, once all is chosen).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn add_mana_combination(
        &mut self,
        player: PlayerId,
        source: ObjId,
        card: CardId,
        colors: ColorSet,
        n: u32,
        tapped: bool,
        activator: PlayerId,
    ) {
        if n == 0 || colors.is_empty() {
            return;
        }
        let split = ManaSplit {
            player,
            source,
            card,
            colors,
            left: n,
            made: Vec::new(),
            tapped,
        };
        match self.mana_choice.as_deref_mut() {
            Some(mc) => mc.splits.push(split),
            None => {
                self.mana_choice = Some(Box::new(ManaChoice {
                    player: activator,
                    source,
                    index: 0,
                    kind: ManaKind::Colorless,
                    chosen: Vec::new(),
                    removed: None,
                    splits: vec![split],
                    then: ManaThen::Priority,
                }));
            }
        }
        self.ask_mana_split();
    }

    /// Are colours of mana still to be chosen?
    pub(crate) fn mana_split_pending(&self) -> bool {
        self.mana_choice
            .as_deref()
            .is_some_and(|mc| !mc.splits.is_empty())
    }

    /// Asks the colour of the next mana (a single allowed colour is added
    /// without asking).
    fn ask_mana_split(&mut self) {
        loop {
            let Some(s) = self.mana_choice.as_deref().and_then(|mc| mc.splits.first()) else {
                return;
            };
            let mut only = s.colors.iter();
            match (only.next(), only.next()) {
                (Some(c), None) => self.add_split_mana(ManaKind::Color(c)),
                _ => {
                    self.decision = Some(Decision {
                        player: s.player,
                        kind: DecisionKind::ChooseManaColor {
                            colors: s.colors,
                            left: s.left,
                        },
                    });
                    return;
                }
            }
            if !self.mana_split_pending() {
                return;
            }
        }
    }

    /// Adds one mana of `kind` for the split being asked; when it is the
    /// last, the split ends (and the triggered mana abilities of a land
    /// tapped for it resolve, 406.1b).
    fn add_split_mana(&mut self, kind: ManaKind) {
        let Some(mc) = self.mana_choice.as_deref_mut() else {
            return;
        };
        let Some(s) = mc.splits.first_mut() else {
            return;
        };
        s.left -= 1;
        s.made.push(kind);
        let (player, source, card) = (s.player, s.source, s.card);
        let done = (s.left == 0).then(|| mc.splits.remove(0));
        self.players[player.index()].pool.add(kind, 1);
        self.emit(Event::ManaAdded {
            player,
            source,
            card,
            kind,
            amount: 1,
        });
        if let Some(s) = done {
            if s.tapped {
                crate::resolution::triggers::triggered_mana_abilities(
                    self, s.source, &s.made, s.made[0],
                );
            }
        }
    }

    /// The colours the pending choice allows (`ChooseColor` each).
    pub(crate) fn mana_split_options(&self, out: &mut Vec<Action>) {
        if let Some(s) = self.mana_choice.as_deref().and_then(|mc| mc.splits.first()) {
            out.extend(s.colors.iter().map(Action::ChooseColor));
        }
    }

    /// Answers the pending colour choice; once none is left, the game goes
    /// back to where the mana ability was played.
    pub(crate) fn on_mana_split(&mut self, action: Action) {
        let Action::ChooseColor(c) = action else {
            return;
        };
        self.add_split_mana(ManaKind::Color(c));
        self.ask_mana_split();
        if !self.mana_split_pending() {
            self.finish_mana_choice();
        }
    }

    /// Once no choice is left: back to where the ability was played (the
    /// costs' choices are all made before any mana is added).
    fn finish_mana_choice(&mut self) {
        if let Some(mc) = self.mana_choice.take() {
            self.resume_after_mana(mc.player, mc.then);
        }
    }
}
