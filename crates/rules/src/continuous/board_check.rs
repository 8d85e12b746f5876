//! A test mode for the kept board (`Game::board`, derived data kept for
//! speed): [`Game::check_board`] compares it with a fresh computation of
//! every permanent's characteristics through the layers (418.5). While the
//! board says it is valid, nothing it was derived from may have changed, so
//! the two must be equal; a difference means some event changed what the
//! board reads without marking it stale (`Event::board_change`), and a game
//! could then play differently from the same state loaded from JSON (which
//! starts with no board and computes it afresh).

use crate::continuous::characteristics::ManaSource;
use crate::state::object::{flags, Object};
use crate::Game;

impl Game {
    /// Whether the kept board (if it says it is valid) equals a fresh
    /// computation: the permanents, their characteristics, the kept
    /// controllers and ability flags, the counts and the mana sources.
    /// `Err` names the first difference. A stale board is always fine (it
    /// is recomputed before it is read).
    pub fn check_board(&self) -> Result<(), String> {
        if !self.board.valid {
            return Ok(());
        }
        let b = &self.board;
        if b.ids != self.in_play {
            return Err(format!(
                "kept board lists {:?}, in play: {:?}",
                b.ids, self.in_play
            ));
        }
        let (chars, sensitive) = crate::continuous::layers::compute_board(self);
        for (i, &id) in self.in_play.iter().enumerate() {
            let o = &self.objects[id.slot as usize];
            let name = o.def().name.as_str();
            if b.chars[i] != chars[i] {
                return Err(format!(
                    "{name} ({id:?}): kept {:?}, fresh {:?}",
                    b.chars[i], chars[i]
                ));
            }
            if o.controller != chars[i].controller {
                return Err(format!("{name} ({id:?}): kept controller differs"));
            }
            if o.flags & flags::ABILITY_BITS != Object::ability_flags_of(&chars[i]) {
                return Err(format!("{name} ({id:?}): kept ability flags differ"));
            }
            if usize::from(o.board_index) != i {
                return Err(format!("{name} ({id:?}): kept board index differs"));
            }
            // A local board's entry is kept without reading its inputs
            // while `flags::BOARD_INPUTS` is clear (issue 22): they must be
            // the object's.
            if b.local
                && o.flags & flags::BOARD_INPUTS == 0
                && b.keys.get(i).map(|k| k.inputs)
                    != Some(crate::continuous::characteristics::LocalInputs::of(
                        self, id,
                    ))
            {
                return Err(format!(
                    "{name} ({id:?}): a local board input written without flags::BOARD_INPUTS"
                ));
            }
        }
        // The flag may stay set after the effect reading status is gone
        // (a conservative board is only recomputed more often); a board
        // that should be sensitive but isn't would miss status changes.
        if sensitive && !b.status_sensitive {
            return Err(format!(
                "kept status_sensitive {}, fresh {sensitive}",
                b.status_sensitive
            ));
        }
        let count = |f: u32| {
            self.in_play
                .iter()
                .filter(|id| self.objects[id.slot as usize].flags & f != 0)
                .count() as u32
        };
        if (b.statics, b.activated, b.triggers)
            != (
                count(flags::STATICS),
                count(flags::ACTIVATED),
                count(flags::TRIGGERS),
            )
        {
            return Err("kept ability counts differ".into());
        }
        let fresh: Vec<ManaSource> = self
            .in_play
            .iter()
            .enumerate()
            .filter(|(_, id)| self.objects[id.slot as usize].flags & flags::MANA != 0)
            .map(|(i, &id)| ManaSource::of(id, &chars[i]))
            .collect();
        let same = |a: &ManaSource, f: &ManaSource| {
            a.id == f.id
                && a.card == f.card
                && a.face == f.face
                && a.granted == f.granted
                && a.simple == f.simple
                && a.abilities.iter().count() == f.abilities.iter().count()
                && a.abilities
                    .iter()
                    .zip(f.abilities.iter())
                    .all(|(x, y)| std::ptr::eq(x, y))
        };
        if b.mana.len() != fresh.len() || !b.mana.iter().zip(&fresh).all(|(a, f)| same(a, f)) {
            return Err("kept mana sources differ".into());
        }
        Ok(())
    }
}
