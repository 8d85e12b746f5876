//! Illusionary Mask (504.1): "{X}: You may choose a creature card in your
//! hand whose mana cost could be paid by some amount of, or all of, the
//! mana you spent on {X}. If you do, you may play that card face down as a
//! 2/2 creature spell without paying its mana cost. If the creature that
//! spell becomes as it resolves has not been turned face up and would
//! assign or deal damage, be dealt damage, or become tapped, instead it's
//! turned face up and assigns or deals damage, is dealt damage, or becomes
//! tapped."
//!
//! - The mana spent on {X} is kept by kind (`Casting::mana_spent`, then
//!   `StackItem::mana_spent` and `ResolveCtx::mana_spent`): a card can be
//!   chosen only if its mana cost matches some of that mana, colours
//!   included (the ruling's {U}{U} pays {1}{U} or {2}, not {2}{U} or {G}).
//! - The choice is one `ChooseCard { choice: Masked }` decision (`No`
//!   declines): choosing the card and then declining to play it would
//!   change nothing, so "you may choose … If you do, you may play" is asked
//!   once. The card is played as the ability finishes resolving (like
//!   ripple's free plays, `Game::free_plays`), turned face down before it
//!   goes on the stack (504.2: prohibitions see a nameless colourless 2/2
//!   creature spell), without paying a mana cost and without haste.
//! - The spell and the creature it becomes are marked
//!   (`object::flags::MASKED`). Until it is turned face up, it is turned
//!   face up instead of becoming tapped (`Game::tap`: attacking taps it),
//!   before it assigns combat damage (310.1), and as a replacement effect
//!   on damage it would deal or be dealt (419, `Applicable::Masked` in
//!   `continuous/replacement.rs`, ordered with prevention by 419.9a). The
//!   ruling: the effect applies even if the Mask has left play; it can't
//!   be turned face up for any other reason, except by its own morph cost.
//! - 504.8: its "as [this] is turned face up" choices are made as it turns
//!   face up, as `ChooseOption` decisions of a replayable unit (damage
//!   dealt by an effect or combat damage); outside one (attacking, a cost,
//!   assigning damage) the first option applies (a known limit of
//!   `replay_choice`): for Vesuvan Shapeshifter, copying nothing.

use crate::resolution::library::CardChoice;
use crate::state::game::FreePlay;
use crate::state::object::flags;
use crate::state::stack::ResolveCtx;
use crate::{Decision, DecisionKind, Game, ObjId, PlayerId, Zone};
use tolaria_cards::{db, CardType};

impl Game {
    /// 504.1: the creature cards in the ability's controller's hand whose
    /// mana cost some or all of the mana spent on {X} could pay, and that
    /// may be played as the face-down spell (504.2).
    pub(crate) fn masked_options(&self, ctx: &ResolveCtx) -> Vec<ObjId> {
        let p = ctx.controller;
        let spent = crate::playing::mana::Avail::of_pool(&ctx.mana_spent);
        let face_down = crate::continuous::characteristics::of_face(db().face_down, 0, p);
        self.player(p)
            .hand
            .iter()
            .copied()
            .filter(|&o| {
                let def = self.objects[o.slot as usize].def();
                let face = def.front();
                def.unsupported().is_none()
                    && face.types.contains(CardType::Creature)
                    && crate::playing::mana::can_match(
                        &crate::state::progress::Unpaid::from_cost(
                            &face.mana_cost.clone().unwrap_or_default(),
                            0,
                        ),
                        &spent,
                    )
                    && !self.spell_forbidden_as(p, o, Some(&face_down))
            })
            .collect()
    }

    /// 504.1: the choice of the card, once (`CardsState::done`).
    pub(crate) fn masked_step(&mut self, ctx: &ResolveCtx) -> Option<Decision> {
        let done = self.resolving.as_ref().is_some_and(|r| r.cards.done > 0);
        (!done && !self.masked_options(ctx).is_empty()).then_some(Decision {
            player: ctx.controller,
            kind: DecisionKind::ChooseCard {
                choice: CardChoice::Masked,
                optional: true,
            },
        })
    }

    /// 504.1: the card chosen (`None`: declined) is played face down as
    /// the ability finishes resolving.
    pub(crate) fn on_masked_choice(&mut self, p: PlayerId, chosen: Option<ObjId>) {
        if let Some(obj) = chosen {
            self.free_plays.push(FreePlay {
                player: p,
                obj,
                masked: true,
            });
        }
    }

    /// 504.1, 504.2: plays the chosen card face down without paying its
    /// mana cost, if it is still in the hand and may be played as the
    /// face-down spell; false if nothing was begun.
    pub(crate) fn play_masked(&mut self, p: PlayerId, obj: ObjId, then: PlayerId) -> bool {
        let Some(o) = self.obj(obj) else { return false };
        let face_down = crate::continuous::characteristics::of_face(db().face_down, 0, p);
        if o.zone != Zone::Hand(p) || self.spell_forbidden_as(p, obj, Some(&face_down)) {
            return false;
        }
        self.flow = crate::state::progress::Flow::Priority(then);
        self.begin_casting_masked(p, obj, then);
        true
    }

    /// 504.1: a face-down creature played by Illusionary Mask that hasn't
    /// been turned face up since.
    pub(crate) fn is_masked(&self, id: ObjId) -> bool {
        self.obj(id).is_some_and(|o| {
            o.flags & flags::MASKED != 0 && o.is_face_down() && o.zone == Zone::InPlay
        })
    }

    /// 419, 504.1: instead of assigning or dealing damage, being dealt
    /// damage or becoming tapped, the masked creature is turned face up
    /// (its 504.8 choices made first, `replay_choice`); then the event
    /// happens.
    pub(crate) fn masked_turns_face_up(&mut self, id: ObjId) {
        if !self.is_masked(id) {
            return;
        }
        let player = self.objects[id.slot as usize].controller;
        let mut c = crate::mechanics::morph::FaceUpChoice {
            player,
            obj: id,
            x: 0,
            then: player,
            copy: None,
            pt: None,
        };
        while let Some(kind) = self.face_up_question(&c) {
            match kind {
                DecisionKind::ChooseCopy => {
                    let cands = self.face_up_copy_candidates(id, player);
                    let mut options = vec!["copy nothing".to_string()];
                    options.extend(cands.iter().map(|&o| {
                        crate::continuous::characteristics::compute(self, o)
                            .name()
                            .to_string()
                    }));
                    let prompt =
                        format!("{player} chooses what the creature turned face up copies");
                    let n = options.len();
                    let i = self.replay_choice(
                        player,
                        DecisionKind::ChooseOption { prompt, options },
                        n,
                    );
                    c.copy = Some(i.checked_sub(1).and_then(|k| cands.get(k).copied()));
                }
                kind => {
                    let n = match &kind {
                        DecisionKind::ChooseOption { options, .. } => options.len(),
                        _ => 1,
                    };
                    let i = self.replay_choice(player, kind, n);
                    c.pt = Some(i as u8);
                }
            }
        }
        self.apply_face_up(c);
    }

    /// 310.1, 504.1: the masked creatures about to assign combat damage
    /// (with power above 0) are turned face up first; they assign the
    /// damage of what they are face up.
    pub(crate) fn masked_assign(&mut self, queue: &[ObjId]) {
        for &id in queue {
            if self.is_masked(id) && crate::continuous::characteristics::compute(self, id).power > 0
            {
                self.masked_turns_face_up(id);
            }
        }
    }

    /// Could some masked creature ask a 504.8 choice as it turns face up?
    /// (A damage unit is then replayable.)
    pub(crate) fn masked_choice_possible(&self) -> bool {
        self.in_play.iter().any(|&id| {
            self.objects[id.slot as usize].flags & flags::MASKED != 0 && {
                let card = self.underlying_copiable_values(id).card;
                crate::mechanics::morph::face_up_copy_filter(card).is_some()
                    || crate::resolution::choices::pt_choice_of(card).is_some_and(|(_, f)| f)
            }
        })
    }
}
