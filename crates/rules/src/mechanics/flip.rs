//! Flip cards (508) and the flipped status (510.1b), and the conditions of
//! "If …, flip [it]" instructions.
//!
//! Flipping only sets the `FLIPPED` status bit of a permanent in play: the
//! layer system starts from the face in force (`characteristics::face_in_force`),
//! which is the alternative face only for a flipped permanent in play (508.2),
//! with the normal face's colour and mana cost (508.1c). Because status is
//! not a characteristic (510.2) a copy effect keeps the status, and a flipped
//! permanent copying a flip card has the copied card's flipped half (510.4).

use crate::{Event, Game, ObjId, Zone};

impl Game {
    /// 508: flips a permanent in play. Flipping is one-way (508.4): a
    /// flipped permanent stays flipped; only permanents have status (510.5),
    /// so an object in any other zone is not flipped.
    pub fn flip(&mut self, id: ObjId) {
        let Some(o) = self.obj_mut(id) else { return };
        if o.zone != Zone::InPlay || o.is_flipped() {
            return;
        }
        o.flags |= crate::state::object::flags::FLIPPED;
        o.mark_board_input();
        let card = o.card;
        self.emit(Event::Flipped { obj: id, card });
    }
}
