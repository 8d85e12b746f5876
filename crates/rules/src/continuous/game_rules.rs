//! Effects on players and on the rules of the game (418.5j, 418.5k),
//! applied after the layers: they come from the computed abilities, so a
//! permanent that lost its abilities (Humility) changes no rule.
//! - "You can't lose the game and your opponents can't win the game"
//!   (Platinum Angel) stops 420.5a, 420.5g and 420.5h and effects that say
//!   a player loses or an opponent wins; a concession is always possible
//!   (102.3a, 103.1).
//! - "You have no maximum hand size" (Spellbook, 217.3b); "The chosen
//!   player's maximum hand size is four" (Cursed Rack).
//! - "Players don't lose unspent mana as steps and phases end" (Upwelling,
//!   300.3: no mana empties, so there is no mana burn).
//! - "Cards in graveyards lose all abilities" (Yixlid Jailer): abilities
//!   that function in a graveyard (402.8h) don't.
//! - "If a player would gain life, that player gains no life instead"
//!   (Sulfuric Vortex, 419.1a) and "If you would gain life, draw that many
//!   cards instead" (Lich): `gain_life`.

use crate::{Game, PlayerId};
use tolaria_cards::StaticAbility;

impl Game {
    /// "You may play equip abilities any time you could play an instant."
    /// (Leonin Shikari): does `p` control such a permanent?
    pub(crate) fn equips_at_instant_speed(&self, p: PlayerId) -> bool {
        self.any_static_in_play(|s, _, controller| {
            controller == p && matches!(s, tolaria_cards::StaticAbility::EquipAtInstantSpeed)
        })
    }

    /// A player gains life (215.3), unless a replacement effect says they
    /// gain none instead (419.1a: "If a player would gain life, that
    /// player gains no life instead", Sulfuric Vortex).
    pub fn gain_life(&mut self, p: PlayerId, n: u32) {
        if n == 0 {
            return;
        }
        let (mut by, mut draws) = (None, None);
        self.any_static_in_play(|s, src, controller| {
            match s {
                StaticAbility::NoLifeGain if by.is_none() => by = Some(src),
                StaticAbility::LifeGainDrawsInstead if controller == p && draws.is_none() => {
                    draws = Some(src)
                }
                _ => {}
            }
            false
        });
        // Both replace the gain: the player chooses which applies (419.9a);
        // once one has, the life is no longer gained, so the other can't.
        if let (Some(no), Some(draw)) = (by, draws) {
            let name = |o: crate::ObjId| {
                tolaria_cards::db()
                    .get(self.objects[o.slot as usize].card)
                    .name
                    .clone()
            };
            let options = vec![
                format!("{} (gain no life)", name(no)),
                format!("{} (draw that many cards)", name(draw)),
            ];
            let pick = self.replay_choice(
                p,
                crate::DecisionKind::ChooseReplacement {
                    event: format!("{p} would gain {n} life"),
                    options,
                },
                2,
            );
            if pick == 1 {
                by = None;
            } else {
                draws = None;
            }
        }
        // Lich: "If you would gain life, draw that many cards instead."
        if let Some(src) = draws {
            let card = self.objects[src.slot as usize].card;
            self.emit(crate::Event::LifeGainReplaced {
                player: p,
                card,
                amount: n,
            });
            // (Past an empty library a draw only notes it again, 420.5g:
            // a huge gain draws no more than the library and one.)
            let most = u32::try_from(self.player(p).library.len()).unwrap_or(u32::MAX);
            for _ in 0..n.min(most.saturating_add(1)) {
                self.draw(p);
            }
            return;
        }
        if let Some(src) = by {
            let card = self.objects[src.slot as usize].card;
            self.emit(crate::Event::LifeGainReplaced {
                player: p,
                card,
                amount: n,
            });
            return;
        }
        // Saturating (state/limits.rs): a life total stays within i32.
        let life = self.life_mut(p);
        *life = life.saturating_add(i32::try_from(n).unwrap_or(i32::MAX));
        self.emit(crate::Event::LifeGained {
            player: p,
            amount: n,
        });
    }

    /// Does a permanent in play (controlled by `controller`, if given) have
    /// a static ability matching `f`?
    pub(crate) fn any_static(
        &self,
        controller: Option<PlayerId>,
        f: impl Fn(&StaticAbility) -> bool,
    ) -> bool {
        self.any_static_in_play(|s, _, c| controller.is_none_or(|p| c == p) && f(s))
    }

    /// Does a permanent `p` controls say `p` can't lose the game? 606.8b:
    /// in a Two-Headed Giant game, one a teammate controls (the team can't
    /// lose, so neither of its players can).
    pub fn cant_lose(&self, p: PlayerId) -> bool {
        self.team_static(p, |s| matches!(s, StaticAbility::CantLoseGame))
    }

    /// 420.5a doesn't make `p` lose for 0 or less life (Transcendence;
    /// 606.8b: a teammate's keeps the team in).
    pub fn no_loss_for_zero_life(&self, p: PlayerId) -> bool {
        self.team_static(p, |s| matches!(s, StaticAbility::NoLossForZeroLife))
    }

    /// A static ability of a permanent `p` controls (606.8b: or a
    /// Two-Headed Giant teammate does) matching `f`.
    fn team_static(&self, p: PlayerId, f: impl Fn(&StaticAbility) -> bool) -> bool {
        if self.two_headed() {
            return self.any_static_in_play(|s, _, c| (c == p || self.is_teammate(c, p)) && f(s));
        }
        self.any_static(Some(p), f)
    }

    /// Can't `p` win the game (an opponent's Platinum Angel)?
    pub fn cant_win(&self, p: PlayerId) -> bool {
        self.opponents(p).any(|q| self.cant_lose(q))
    }

    /// Upwelling: mana pools don't empty as steps and phases end.
    pub fn mana_pools_keep(&self) -> bool {
        self.any_static(None, |s| matches!(s, StaticAbility::PlayersKeepUnspentMana))
    }

    /// Do the abilities of cards in graveyards function (402.8h)? Not while
    /// a Yixlid Jailer says cards in graveyards lose all abilities. Every
    /// use of a graveyard card's own ability asks this.
    pub fn graveyard_abilities_function(&self) -> bool {
        !self.any_static(None, |s| {
            matches!(s, StaticAbility::GraveyardCardsLoseAbilities)
        })
    }

    /// 217.3b, 418.5k: a player's maximum hand size after the effects on
    /// the rules of the game, applied in timestamp order (418.5f): "You
    /// have no maximum hand size" (none), "The chosen player's maximum hand
    /// size is four" (Cursed Rack, of the player it chose), "Your maximum
    /// hand size is increased by one" (Minamo Scrollkeeper; a change of no
    /// maximum leaves none).
    pub fn max_hand_size(&self, p: PlayerId) -> Option<u32> {
        // (timestamp, Set(size) or Change(n)), applied in timestamp order.
        let mut effects: Vec<(u32, Result<Option<u32>, i32>)> = Vec::new();
        self.any_static_in_play(|s, src, controller| {
            let e = match s {
                StaticAbility::NoMaximumHandSize if controller == p => Ok(None),
                StaticAbility::ChosenPlayerMaxHandSize(n)
                    if self.objects[src.slot as usize].chosen_player == Some(p) =>
                {
                    Ok(Some(*n))
                }
                StaticAbility::MaxHandSizeChange(n) if controller == p => Err(*n),
                StaticAbility::YourMaxHandSize(n) if controller == p => Ok(Some(*n)),
                _ => return false,
            };
            effects.push((self.objects[src.slot as usize].timestamp, e));
            false
        });
        effects.sort_by_key(|(ts, _)| *ts);
        effects
            .into_iter()
            .fold(self.player(p).max_hand_size, |size, (_, e)| match e {
                Ok(set) => set,
                Err(n) => size.map(|s| (i64::from(s) + i64::from(n)).max(0) as u32),
            })
    }
}
