//! Splice (502.40): cards with "Splice onto [subtype] [cost]" revealed
//! from the hand as a spell of that subtype is played (409.1b, one
//! `AnnounceSplice` decision per card, in the order their instructions
//! will be followed, 502.40b), their splice costs paid as additional costs
//! (409.1f–h), the targets of their instructions chosen after the main
//! spell's (502.40d), and the parts of a spliced spell as its targets are
//! checked (413.2a), as it resolves (413.2c) and as it is copied (503.10).
//!
//! The spliced cards never leave the hand (502.40a's example): the spell
//! on the stack records their cards (`StackItem::spliced`) and how many of
//! its targets each has; their text is the cards' own compiled spell
//! ability, so nothing is copied into the game. 502.40c: the spell keeps
//! its own characteristics: "CARDNAME" in spliced text is the spell
//! (`ObjectRef::This` is the resolving spell), and its source is the spell.

use crate::continuous::source::SourceInfo;
use crate::playing::targeting::{is_legal_target, slot_spec, targets_available};
use crate::resolution::resolve::{effects_of, specs_of};
use crate::state::progress::{Casting, Playing};
use crate::state::stack::{ResolveCtx, Spliced, StackKind};
use crate::{Action, Event, Game, ObjId, StackItem};
use tolaria_cards::{db, CardId, Cost, Effect, ObjectRef, PlayerRef, SpellAbility, TargetSpec};

/// The text box a card with splice copies onto a spell: its spell ability
/// (the compiler accepts splice only on a card with one face whose
/// instructions have no modes, X or division).
pub(crate) fn spliced_text(card: CardId) -> &'static SpellAbility {
    &db().get(card).faces[0].spell
}

/// 502.40a: the splice cost of `card` (if it has splice).
fn splice_cost(card: CardId) -> Option<&'static Cost> {
    spliced_text(card).splice.as_ref().map(|s| &s.cost)
}

/// One part of a spell on the stack: the main spell's text, or a spliced
/// card's (502.40b: the main spell's first, then the spliced cards' in
/// order), with where its targets are in the spell's target list.
#[derive(Clone, Copy)]
pub(crate) struct Part {
    pub specs: &'static [TargetSpec],
    /// Its targets: `targets[start..start + len]`.
    pub start: usize,
    pub len: usize,
}

/// The parts of a stack item: only the main one unless cards are spliced
/// onto it.
pub(crate) fn parts<'a>(game: &'a Game, item: &'a StackItem) -> impl Iterator<Item = Part> + 'a {
    let spliced_targets: usize = item.spliced.iter().map(|s| s.targets as usize).sum();
    let main_len = item.targets.len().saturating_sub(spliced_targets);
    let main = Part {
        specs: specs_of(game, item),
        start: 0,
        len: main_len,
    };
    let mut start = main_len;
    std::iter::once(main).chain(item.spliced.iter().map(move |s| {
        let text = spliced_text(s.card);
        let part = Part {
            specs: &text.targets,
            start,
            len: s.targets as usize,
        };
        start += s.targets as usize;
        part
    }))
}

/// The target requirements and first target of the part holding the
/// item's target `slot` (for 413.2a and 503.10b).
pub(crate) fn part_of_slot(
    game: &Game,
    item: &StackItem,
    slot: usize,
) -> (&'static [TargetSpec], usize) {
    if item.spliced.is_empty() {
        return (specs_of(game, item), 0);
    }
    parts(game, item)
        .find(|p| slot < p.start + p.len)
        .map_or((&[][..], 0), |p| (p.specs, p.start))
}

/// 413.2a: which of the item's targets are legal now (bit i: target i),
/// each judged by the requirement of the part it belongs to.
pub(crate) fn legal_target_bits(game: &Game, item: &StackItem, src: &SourceInfo) -> u64 {
    let mut legal = 0u64;
    for (i, &t) in item.targets.iter().enumerate() {
        let (specs, start) = part_of_slot(game, item, i);
        if let Some((_, spec)) = slot_spec(specs, i - start) {
            if is_legal_target(game, spec, t, src) {
                legal |= 1 << i;
            }
        }
    }
    legal
}

/// How many instructions the item's resolution follows: the main spell's,
/// then each spliced card's (502.40b).
pub(crate) fn resolution_len(game: &Game, item: &StackItem) -> usize {
    let main = effects_of(game, item).len();
    main + item
        .spliced
        .iter()
        .map(|s| spliced_text(s.card).effects.len())
        .sum::<usize>()
}

/// The instruction number `pc` of the item's resolution, with the part it
/// belongs to (0 the main spell, k the k-th spliced card).
pub(crate) fn effect_at(game: &Game, item: &StackItem, pc: usize) -> Option<(&'static Effect, u8)> {
    let main = effects_of(game, item);
    if pc < main.len() {
        return Some((&main[pc], 0));
    }
    let mut at = pc - main.len();
    for (k, s) in item.spliced.iter().enumerate() {
        let effects = &spliced_text(s.card).effects;
        if at < effects.len() {
            return Some((&effects[at], k as u8 + 1));
        }
        at -= effects.len();
    }
    None
}

impl Game {
    /// 502.40d: the resolution moves on to the instructions of `part`:
    /// they refer to that part's targets, as legal as 413.2a found them.
    pub(crate) fn enter_splice_part(&mut self, part: u8) {
        let Some(r) = self.resolving.as_deref() else {
            return;
        };
        let Some(p) = parts(self, &r.item).nth(part as usize) else {
            return;
        };
        let targets = r.item.targets[p.start..p.start + p.len].to_vec();
        let legal = r.splice_legal >> p.start;
        let division = if part == 0 {
            r.item.division.clone()
        } else {
            Vec::new()
        };
        if let Some(r) = self.resolving.as_mut() {
            r.splice_part = part;
            r.ctx.targets = targets;
            r.ctx.legal = legal;
            r.ctx.division = division;
        }
    }

    /// The card whose text the resolving spell's current instruction is
    /// (a spliced card's while its instructions run), else `card`: where a
    /// token's definition (216.2) or a delayed ability's instructions
    /// (404.4) are found.
    pub(crate) fn splice_text_card(&self, card: CardId) -> CardId {
        match self.resolving.as_deref() {
            Some(r) if r.splice_part > 0 => r
                .item
                .spliced
                .get(r.splice_part as usize - 1)
                .map_or(card, |s| s.card),
            _ => card,
        }
    }

    /// 409.1b, 502.40a: the cards in the player's hand that may be spliced
    /// onto the spell being played now: with splice onto one of the
    /// spell's subtypes, not spliced onto it already (502.40b), whose
    /// instructions' targets can be chosen (502.40b), and whose splice
    /// cost can be paid with the rest of the total cost (409.1h).
    pub(crate) fn splice_options<'a>(&'a self, c: &'a Casting) -> impl Iterator<Item = ObjId> + 'a {
        let obj = match c.what {
            Playing::Spell { obj } if !c.splice_done => Some(obj),
            _ => None,
        };
        let src = obj.map(|obj| SourceInfo::of(self, obj, c.player));
        let hand = match src {
            Some(_) => &self.player(c.player).hand[..],
            None => &[],
        };
        hand.iter().copied().filter(move |&o| {
            let Some(src) = src.as_ref() else {
                return false;
            };
            let card = self.objects[o.slot as usize].card;
            let text = spliced_text(card);
            let Some(splice) = text.splice.as_deref() else {
                return false;
            };
            if !src.subtypes.contains(splice.onto) || c.splice.iter().any(|&(s, _)| s == o) {
                return false;
            }
            if !targets_available(self, &text.targets, src) {
                return false;
            }
            let mut with = c.clone();
            with.splice.push((o, card));
            self.total_cost_payable(&with, &splice.cost)
        })
    }

    /// Whether the player is asked which cards to splice: the spell is
    /// being played and some card could be spliced. With none, the
    /// announcement is over (`splice_done`).
    pub(crate) fn splice_pending(&mut self, c: &Casting) -> bool {
        if c.splice_done || !matches!(c.what, Playing::Spell { .. }) {
            return false;
        }
        // Most hands hold no card with splice: the spell's characteristics
        // aren't computed then.
        let any = self.player(c.player).hand.iter().any(|&o| {
            spliced_text(self.objects[o.slot as usize].card)
                .splice
                .is_some()
        });
        if any && self.splice_options(c).next().is_some() {
            return true;
        }
        if let Some(cm) = self.casting.as_mut() {
            cm.splice_done = true;
        }
        false
    }

    /// 409.1f: the splice costs of the cards spliced onto the spell being
    /// played, additional costs of it.
    pub(crate) fn splice_costs<'a>(
        &self,
        c: &'a Casting,
    ) -> impl Iterator<Item = &'static Cost> + 'a {
        c.splice.iter().filter_map(|&(_, card)| splice_cost(card))
    }

    /// 502.40a: the player reveals a card to splice (`ChooseObject`) or is
    /// done revealing (`Done`).
    pub(crate) fn on_splice(&mut self, action: Action) {
        match action {
            Action::ChooseObject(o) => {
                let Some(c) = self.casting.as_deref() else {
                    return;
                };
                let (player, card) = (c.player, self.stack.last().and_then(|s| s.card(self)));
                let spliced = self.objects[o.slot as usize].card;
                if let Some(c) = self.casting.as_mut() {
                    c.splice.push((o, spliced));
                }
                if let Some(card) = card {
                    self.emit(Event::Spliced {
                        player,
                        card,
                        spliced,
                    });
                }
                self.continue_casting();
            }
            Action::Done => {
                if let Some(c) = self.casting.as_mut() {
                    c.splice_done = true;
                }
                self.continue_casting();
            }
            a => self.on_casting(a),
        }
    }

    /// 502.40d: the targets of the next spliced card are chosen after the
    /// main spell's (and its division, 409.1e) and the earlier spliced
    /// cards'. True if a spliced card's targets begin now.
    pub(crate) fn next_splice_part(&mut self, c: &Casting) -> bool {
        if c.splice_starts.len() >= c.splice.len() {
            return false;
        }
        if let Some(cm) = self.casting.as_mut() {
            cm.splice_starts.push(c.targets.len() as u8);
            cm.targets_done = false;
        }
        true
    }

    /// Where the targets of the part being targeted begin (0: the main
    /// spell's), and that part's requirements.
    pub(crate) fn casting_part(&self, c: &Casting) -> (usize, Option<&'static [TargetSpec]>) {
        match (
            c.splice_starts.last(),
            c.splice.get(c.splice_starts.len().wrapping_sub(1)),
        ) {
            (Some(&start), Some(&(_, card))) => {
                (start as usize, Some(&spliced_text(card).targets[..]))
            }
            _ => (0, None),
        }
    }

    /// "That spell's controller reveals their hand, then discards each card
    /// with the same name as a card spliced onto that spell." (Minamo's
    /// Meddling): the cards spliced onto `what` on the stack, or, once it
    /// was countered, as it last was there.
    pub(crate) fn discard_spliced_names(
        &mut self,
        ctx: &ResolveCtx,
        who: &PlayerRef,
        what: &ObjectRef,
    ) {
        let on_stack = self.objects_of(ctx, what).first().and_then(|&o| {
            self.stack
                .iter()
                .find(|s| matches!(s.kind, StackKind::Spell { obj } if obj == o))
                .map(|s| s.spliced.iter().map(|x| x.card).collect::<Vec<_>>())
        });
        let spliced = on_stack
            .or_else(|| self.resolving.as_ref().map(|r| r.countered_spliced.clone()))
            .unwrap_or_default();
        for p in self.players_of(ctx, who) {
            let hand = self.reveal_hand(p);
            for o in hand {
                let name = &self.objects[o.slot as usize].def().name;
                if spliced.iter().any(|&c| db().get(c).name == *name) {
                    self.discard(o);
                }
            }
        }
    }

    /// 502.40a: the record the spell keeps of the cards spliced onto it.
    pub(crate) fn spliced_record(c: &Casting) -> Vec<Spliced> {
        c.splice
            .iter()
            .enumerate()
            .map(|(k, &(_, card))| {
                let start = c
                    .splice_starts
                    .get(k)
                    .map_or(c.targets.len(), |&s| s as usize);
                let end = c
                    .splice_starts
                    .get(k + 1)
                    .map_or(c.targets.len(), |&s| s as usize);
                Spliced {
                    card,
                    targets: end.saturating_sub(start) as u8,
                }
            })
            .collect()
    }
}
