//! Actions: the answers to decisions, and the typed errors for illegal ones.

use crate::{ObjId, PlayerId, Target};
use serde::{Deserialize, Serialize};
use tolaria_cards::ManaKind;

/// Everything a player can do. Serialisable: this is the client protocol.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 101.4: keep the opening hand.
    Keep,
    /// 101.4: take a mulligan.
    Mulligan,
    /// 408.1c: pass priority.
    Pass,
    /// 408.2d: play a land (a special action).
    PlayLand(ObjId),
    /// 409: play a spell from hand.
    PlaySpell(ObjId),
    /// 502.26a: play a card with morph from hand face down, for {3}.
    PlayFaceDown(ObjId),
    /// 502.26d: turn a face-down permanent you control face up by paying
    /// its morph cost (doesn't use the stack).
    TurnFaceUp(ObjId),
    /// 502.59a, 408.2k: pay the suspend cost of a card in hand and remove it
    /// from the game with its time counters (doesn't use the stack).
    Suspend(ObjId),
    /// 408.2i: pay to end a continuous effect on this permanent ("You may
    /// pay {W} to end this effect.", a Licid's): a special action.
    EndEffect(ObjId),
    /// Take the action `Game::granted_actions[i]` (Channel's "pay 1 life:
    /// add {1}", Guardian Angel's "pay {1}: prevent 1 damage").
    Granted(u8),
    /// 505.2, 409: play one half of a split card from hand (`half` 0 is
    /// the first face, 1 the second).
    PlaySplit {
        card: ObjId,
        half: u8,
    },
    /// 409: activate the `index`-th ability of a permanent (not a mana ability).
    Activate {
        source: ObjId,
        index: u8,
    },
    /// 411: activate a mana ability, producing `kind` (the colour chosen, where it is a choice).
    ActivateMana {
        source: ObjId,
        index: u8,
        kind: ManaKind,
    },
    /// 502.43a: play the ninjutsu ability of `card` (in hand), returning
    /// unblocked attacker `attacker` as part of its cost.
    Ninjutsu {
        card: ObjId,
        attacker: ObjId,
    },
    /// 409.1c: choose a target.
    ChooseTarget(Target),
    /// 409.1b: choose the mode of a modal spell.
    ChooseMode(u8),
    /// 409.1b: announce X.
    ChooseX(u32),
    /// 409.1 / 422: abandon the spell or ability being played; the game
    /// returns to the moment before it was announced.
    CancelPlay,
    /// Camouflage: put `creature` into pile `pile` (numbered from 0) while
    /// dividing creatures into piles instead of declaring blockers.
    PutInPile {
        creature: ObjId,
        pile: u8,
    },
    /// 308.2a: declare a creature as an attacker.
    Attack(ObjId),
    /// 602.3: declare a creature as an attacker attacking `player` (attack
    /// multiple players option).
    AttackPlayer {
        attacker: ObjId,
        player: PlayerId,
    },
    /// 502.10b: as attackers are declared, put attacker `creature` in a
    /// band with attacker `with` (joining `with`'s band if it has one).
    Band {
        creature: ObjId,
        with: ObjId,
    },
    /// 309.2a: declare a blocker.
    Block {
        blocker: ObjId,
        attacker: ObjId,
    },
    /// Finish declaring attackers or blockers.
    Done,
    /// 310.2: assign this much combat damage to the current recipient;
    /// 409.1e: give this much of a divided amount to the current target.
    AssignDamage(u32),
    /// Choose an object (discard, sacrifice).
    ChooseObject(ObjId),
    /// 410.3: put this pending trigger (index in the player's own list) on the stack next.
    ChooseTrigger(u8),
    /// 511.1: call the coin flip.
    CallHeads,
    CallTails,
    /// 419.9a: apply the `i`-th applicable replacement effect first.
    ChooseReplacement(u8),
    /// 419.1b: choose a colour as a permanent comes into play.
    ChooseColor(tolaria_cards::Color),
    /// 419.1b: choose a creature type as a permanent comes into play.
    ChooseCreatureType(tolaria_cards::Subtype),
    /// 212.6c: choose a land type (`DecisionKind::ChooseLandType`).
    ChooseLandType(tolaria_cards::Subtype),
    /// 419.1b: name a card as a permanent comes into play (Pithing Needle).
    /// Any valid card name of the database is accepted, listed or not
    /// (`DecisionKind::NameCard`).
    NameCard(tolaria_cards::CardName),
    /// 418.6: choose a colour word or basic land type.
    ChooseWord(tolaria_cards::TextWord),
    /// 419.1 (Krark's Thumb): keep the coin that came up heads (`true`) or tails.
    KeepCoin(bool),
    /// A Wish: the card at this index of the player's cards outside the game
    /// (`Player::outside`); a card of theirs removed from the game is chosen
    /// with `ChooseObject`.
    ChooseOutside(u16),
    /// A Wish in a subgame: a card the player owns in the main game (506.5:
    /// every object of the main game is outside the subgame), by its id in
    /// the main game. It is removed from the main game (506.5a).
    ChooseFromMainGame(ObjId),
    /// 410.5: answer a "you may".
    Yes,
    No,
    /// 102.x: a player concedes. Always their own choice (507.3b).
    Concede(PlayerId),
}

impl Action {
    /// The player the action names, if it names one (a concession, an
    /// attack on a player, a player as a target).
    pub fn player(&self) -> Option<PlayerId> {
        match self {
            Action::Concede(p) | Action::AttackPlayer { player: p, .. } => Some(*p),
            Action::ChooseTarget(Target::Player(p)) => Some(*p),
            _ => None,
        }
    }

    /// The objects the action names: the one acted with or chosen first
    /// (the card played, the source activated, the attacker, the blocker),
    /// then a second one (the attacker a blocker blocks, a band partner,
    /// the attacker ninjutsu returns).
    pub fn objects(&self) -> (Option<ObjId>, Option<ObjId>) {
        use Action::*;
        match self {
            PlayLand(o)
            | PlaySpell(o)
            | PlayFaceDown(o)
            | TurnFaceUp(o)
            | Suspend(o)
            | EndEffect(o)
            | Attack(o)
            | ChooseObject(o)
            | ChooseFromMainGame(o)
            | ChooseTarget(Target::Object(o)) => (Some(*o), None),
            PlaySplit { card, .. } => (Some(*card), None),
            Activate { source, .. } | ActivateMana { source, .. } => (Some(*source), None),
            AttackPlayer { attacker, .. } => (Some(*attacker), None),
            Ninjutsu { card, attacker } => (Some(*card), Some(*attacker)),
            Band { creature, with } => (Some(*creature), Some(*with)),
            Block { blocker, attacker } => (Some(*blocker), Some(*attacker)),
            _ => (None, None),
        }
    }
}

/// Why an action was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("no decision is pending")]
    NoDecision,
    #[error("{action:?} is not a legal answer to the {decision} decision")]
    Illegal { action: Action, decision: String },
    #[error("{player} cannot concede for another player")]
    NotYourConcession { player: PlayerId },
    /// The action names or is sent by a seat the game doesn't have.
    #[error("there is no player {player} in this game")]
    NoSuchPlayer { player: PlayerId },
}
