//! Playing for ante (217.9), an optional variation chosen before the game
//! (`MultiplayerOptions::ante`, 217.9a): the ante zone (shared and public,
//! 217.1, 217.9b), the random card each player antes as the game begins
//! and the winner's ownership of the ante at its end (217.9b), the decks
//! refused with an ante card when not playing for ante (217.9c), and
//! anteing an object (217.9d).

use crate::variants::teams::SetupError;
use crate::{Event, Game, MoveReason, ObjId, PlayerId, Zone};
use tolaria_cards::CardId;

/// 217.9c: a deck holding a card that reads "Remove [this card] from your
/// deck before playing if you're not playing for ante" can't be used in a
/// game not played for ante: the first such card, named in the error.
pub fn check_ante_deck(deck: &[CardId], ante: bool) -> Result<(), SetupError> {
    if ante {
        return Ok(());
    }
    let db = tolaria_cards::db();
    match deck.iter().find(|&&c| db.get(c).ante_only()) {
        Some(&c) => Err(SetupError::AnteCard(db.get(c).name.clone())),
        None => Ok(()),
    }
}

impl Game {
    /// 217.9b: when playing for ante, each player (in seat order) puts one
    /// random card of their deck (the library, before any card is drawn)
    /// into the ante zone, chosen by the game's generator.
    pub(crate) fn ante_at_start(&mut self) {
        if !self.options.ante {
            return;
        }
        for i in 0..self.players.len() {
            let n = self.players[i].library.len();
            if n == 0 {
                continue;
            }
            let k = self.rng.below(n);
            let card = self.players[i].library[k];
            self.ante(card);
        }
    }

    /// 217.9d: to ante an object is to put it into the ante zone from
    /// whichever zone it is in (only its owner can: every card's text that
    /// antes names an object its owner antes). Returns the new id.
    pub fn ante(&mut self, id: ObjId) -> Option<ObjId> {
        self.move_to(id, Zone::Ante, MoveReason::Effect)
    }

    /// "[player] antes the top card of their library" (Demonic Attorney,
    /// Contract from Below): nothing if the library is empty.
    pub(crate) fn ante_top_card(&mut self, p: PlayerId) -> Option<ObjId> {
        let top = self.player(p).library.last().copied()?;
        self.ante(top)
    }

    /// 217.9b: at the end of a game played for ante, the winner becomes
    /// the owner of every card in the ante zone. Nothing for a draw; a
    /// team's win leaves the ante as it is (the rule names one winner).
    pub(crate) fn ante_to_winner(&mut self, winner: PlayerId) {
        if self.ante.is_empty() {
            return;
        }
        let ids = self.ante.clone();
        let mut cards = Vec::with_capacity(ids.len());
        for id in ids {
            let o = &mut self.objects[id.slot as usize];
            o.owner = winner;
            cards.push(o.card);
        }
        self.emit(Event::AnteWon { winner, cards });
    }
}
