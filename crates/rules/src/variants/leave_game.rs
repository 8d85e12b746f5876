//! 600.4: leaving a multiplayer game.
//!
//! Unlike a two-player game, a multiplayer game goes on after a player
//! loses or concedes while two or more players remain (600.4). The player
//! leaves at once (not as a state-based effect): `Game::player_loses` calls
//! [`Game::leave_game`] as soon as the player has lost.
//!
//! A card that leaves the game this way is in *no zone*: its object moves
//! to `Zone::Nowhere` (like a token or a spell copy that ceased to exist)
//! and is listed nowhere, so the "every card is in exactly one zone list"
//! invariant (`Game::check_zones`) reads "exactly one, or none for an
//! object in `Zone::Nowhere`", and `check_zones` also checks that a card
//! (not a token or copy) is in `Zone::Nowhere` exactly when its owner has
//! left the game.

use crate::state::event::{Event, MoveReason};
use crate::{Game, ObjId, PlayerId, StackKind, Zone};

impl Game {
    /// 600.4a: `p` leaves the game.
    pub(crate) fn leave_game(&mut self, p: PlayerId) {
        self.touched();
        self.players[p.index()].left_game = true;
        self.emit(Event::PlayerLeftGame { player: p });
        // 608.4d: the turn markers are counted again between turns.
        self.grand_melee_player_left(p);
        // A spell or ability `p` was announcing is `p`'s and goes too.
        if self.casting.as_ref().is_some_and(|c| c.player == p) {
            self.casting = None;
            self.rewind = None;
        }
        // 600.4a: the spells and abilities `p` controls on the stack cease
        // to exist, and every object `p` owns leaves the game. A spell card
        // another player owns isn't `p`'s to take along: it goes to the
        // removed-from-the-game zone (the parenthesis of 600.4a).
        let mut i = self.stack.len();
        while i > 0 {
            i -= 1;
            let item = &self.stack[i];
            if item.controller != p {
                continue;
            }
            match item.kind {
                StackKind::Spell { obj } => {
                    let owned = self.obj(obj).is_some_and(|o| o.owner == p);
                    let to = if owned {
                        Zone::Nowhere
                    } else {
                        Zone::RemovedFromGame
                    };
                    self.move_to(obj, to, MoveReason::LeftTheGame);
                }
                StackKind::Ability { card, .. } => {
                    self.stack.remove(i);
                    self.emit(Event::AbilityLeftTheGame { card, player: p });
                }
                // 600.4a: leaving doesn't affect combat damage on the stack.
                StackKind::CombatDamage(_) => {}
            }
        }
        let owned: Vec<ObjId> = self
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.owner == p && o.zone != Zone::Nowhere)
            .map(|(slot, o)| o.id(slot))
            .collect();
        for id in owned {
            self.move_to(id, Zone::Nowhere, MoveReason::LeftTheGame);
        }
        // 600.4a: change-of-control effects giving `p` control end.
        self.effects
            .retain(|e| !(e.controller == p && e.effect.gain_control));
        // Then what `p` still controls leaves the game: to the
        // removed-from-the-game zone, as `p` doesn't own it.
        let board = crate::continuous::characteristics::board_now(self);
        let still: Vec<ObjId> = self
            .in_play
            .iter()
            .enumerate()
            .filter(|&(i, _)| board[i].controller == p)
            .map(|(_, &id)| id)
            .collect();
        for id in still {
            self.move_to(id, Zone::RemovedFromGame, MoveReason::LeftTheGame);
        }
        // 600.4c: `p`'s abilities that would be put onto the stack leave
        // the game instead (those that triggered, and delayed ones waiting
        // to trigger).
        self.drop_triggers_of(p);
        self.sba_dirty = true;
    }

    /// 600.4c: triggered abilities controlled by a player who left the
    /// game never go on the stack.
    pub(crate) fn drop_triggers_of(&mut self, p: PlayerId) {
        self.pending_triggers.retain(|t| t.controller != p);
        self.delayed_end_of_combat.retain(|t| t.controller != p);
        self.delayed_combat_this_turn.retain(|t| t.controller != p);
        self.delayed_next_upkeep.retain(|t| t.controller != p);
        self.delayed_your_upkeep.retain(|t| t.controller != p);
        self.delayed_end_step.retain(|t| t.controller != p);
        self.delayed_cleanup.retain(|t| t.controller != p);
        self.delayed_your_end_step.retain(|t| t.controller != p);
        self.delayed_turn_end_step.retain(|t| t.2.controller != p);
        self.delayed_extra_turn_end.retain(|t| t.2.controller != p);
        self.delayed_dies.retain(|t| t.1.controller != p);
        self.delayed_leaves.retain(|t| t.1.controller != p);
        self.delayed_control_lost.retain(|t| t.1.controller != p);
    }
}
