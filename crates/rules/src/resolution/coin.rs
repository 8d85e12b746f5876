//! Flipping a coin (511): a called flip, won or lost by the caller, and an
//! uncalled flip, with the replacement that lets a player keep or reflip.

use crate::{Decision, DecisionKind, Event, Game, PlayerId};
use tolaria_cards::{Ability, StaticAbility};

impl Game {
    /// 511.1: `p` calls (a decision) and flips; only `p` wins or loses.
    /// Returns `Some(Ok(won))` once flipped, `Some(Err(decision))` while a
    /// choice is pending (`None` only if nothing is resolving).
    pub(crate) fn called_flip(&mut self, p: PlayerId) -> Option<Result<bool, Decision>> {
        let call = self.resolving.as_ref()?.flip.call;
        let Some(call) = call else {
            return Some(Err(Decision {
                player: p,
                kind: DecisionKind::CallCoin,
            }));
        };
        let heads = match self.coin(p) {
            Ok(h) => h,
            Err(d) => return Some(Err(d)),
        };
        let won = heads == call;
        self.emit(Event::CoinFlipped {
            player: p,
            call: Some(call),
            heads,
            won: Some(won),
        });
        let r = self.resolving.as_mut()?;
        r.flip.call = None;
        r.flip.outcome = Some(won);
        r.ctx.flips += 1;
        if won {
            r.ctx.flips_won += 1;
        } else {
            r.flip.lost = true;
        }
        Some(Ok(won))
    }

    /// One coin flipped by `p` from the game's generator: heads or tails.
    /// 419.1: with Krark's Thumb ("If you would flip a coin, instead flip two
    /// coins and ignore one") `p` flips two coins per Thumb they control
    /// (each Thumb doubles) and, if the coins differ, chooses which to keep
    /// (a decision).
    pub(crate) fn coin(&mut self, p: PlayerId) -> Result<bool, Decision> {
        let thumb = self.krarks_thumb_of(p);
        let Some(thumb) = thumb else {
            return Ok(self.rng.below(2) == 0);
        };
        self.coin_with_thumb(p, thumb)
    }

    /// Does `p` control a Krark's Thumb (a coin of theirs is replaced, 419.1)?
    pub(crate) fn has_krarks_thumb(&self, p: PlayerId) -> bool {
        self.krarks_thumb_of(p).is_some()
    }

    fn krarks_thumb_of(&self, p: PlayerId) -> Option<crate::ObjId> {
        self.controlled_by(p).find(|&o| {
            self.objects[o.slot as usize]
                .def()
                .front()
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::Static(StaticAbility::FlipTwoIgnoreOne)))
        })
    }

    /// [`Game::coin`] for a player with a Krark's Thumb.
    fn coin_with_thumb(&mut self, p: PlayerId, thumb: crate::ObjId) -> Result<bool, Decision> {
        let thumb_card = self.objects[thumb.slot as usize].card;
        if let Some(r) = self.resolving.as_mut() {
            if let Some(heads) = r.flip.kept.take() {
                let flipped = std::mem::take(&mut r.flip.coins);
                r.flip.choosing = false;
                self.emit(Event::CoinKept {
                    player: p,
                    card: thumb_card,
                    flipped,
                    heads,
                });
                return Ok(heads);
            }
        }
        let thumbs = self
            .controlled_by(p)
            .filter(|&o| {
                self.objects[o.slot as usize]
                    .def()
                    .front()
                    .abilities
                    .iter()
                    .any(|a| matches!(a, Ability::Static(StaticAbility::FlipTwoIgnoreOne)))
            })
            .count()
            .min(4);
        let n = 1u8 << thumbs;
        let heads = (0..n).filter(|_| self.rng.below(2) == 0).count() as u8;
        if heads == 0 || heads == n {
            self.emit(Event::CoinKept {
                player: p,
                card: thumb_card,
                flipped: n,
                heads: heads == n,
            });
            return Ok(heads == n);
        }
        if let Some(r) = self.resolving.as_mut() {
            r.flip.coins = n;
            r.flip.choosing = true;
        }
        Err(Decision {
            player: p,
            kind: DecisionKind::KeepCoin,
        })
    }
}
