//! Per-player views with hidden information removed (DEVELOPERS.md,
//! decision 6): no opponent's hand or library order, no identity of
//! face-down cards the viewer may not look at (507.2: the controller of a
//! turn sees what the controlled player sees).

use crate::continuous::characteristics::compute;
use crate::{Action, Decision, Game, ObjId, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, Step};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub viewer: PlayerId,
    pub turn: u32,
    pub active: PlayerId,
    pub turn_controller: PlayerId,
    pub step: Step,
    pub players: Vec<PlayerSummary>,
    pub in_play: Vec<PermanentView>,
    pub stack: Vec<StackView>,
    pub removed: Vec<CardView>,
    /// 217.9b: the ante zone, which any player may examine at any time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ante: Vec<CardView>,
    pub decision: Option<Decision>,
    /// The legal actions, if the viewer makes the pending decision.
    pub legal_actions: Vec<Action>,
    /// The hidden cards (in a hand or a library) a pending card choice of
    /// the viewer offers (`Action::ChooseObject`: Coercion's look at a
    /// hand, a search, the cards looked at on top of a library): the
    /// effect lets the chooser see them, so they are named here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choice_cards: Vec<CardView>,
    pub result: Option<crate::GameResult>,
    /// 506.1: while this is a subgame, the suspended main game as the same
    /// viewer sees it (its own hidden information hidden the same way).
    #[serde(default)]
    pub main_game: Option<Box<PlayerView>>,
    /// 608.4: in a Grand Melee game, the number of the turn marker whose
    /// turn is being played (the turn the decision belongs to).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_marker: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerSummary {
    pub id: PlayerId,
    pub name: String,
    pub life: i32,
    pub poison: u32,
    pub pool: String,
    pub library_size: usize,
    pub hand_size: usize,
    /// The hand's cards, only if the viewer may see them.
    pub hand: Option<Vec<CardView>>,
    /// The cards of the hand revealed to every player and still there
    /// (502.27a, amplify: `flags::REVEALED`), seen even when `hand` isn't.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed: Vec<CardView>,
    /// The top card of the library, if revealed ("Play with the top card of
    /// your library revealed", Future Sight): shown to every player.
    #[serde(default)]
    pub library_top: Option<CardView>,
    pub graveyard: Vec<CardView>,
    /// 217.1e: the player's cards outside the game (for the Wishes), only if
    /// the viewer may see them (their own, or 507.2).
    pub outside: Option<Vec<CardId>>,
    pub lost: bool,
    /// 609.1, 607.1: the player's team (`None`: no teams).
    #[serde(default)]
    pub team: Option<u8>,
    /// 607.2: the player is the team's emperor.
    #[serde(default)]
    pub emperor: bool,
    /// 601.2a: the player's range of influence in seats (`None`: the
    /// option isn't used).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
    /// 601.2c: the players within that range this turn (empty without
    /// the option).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub within_range: Vec<PlayerId>,
    /// 608.4: the turn marker this player holds (Grand Melee): the player
    /// is taking the turn it represents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_marker: Option<u8>,
}

/// A card the viewer may or may not identify.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    pub id: ObjId,
    /// `None` if hidden from the viewer.
    pub card: Option<CardId>,
    pub name: Option<String>,
    /// The card's owner (public even for a hidden card: the zone or the
    /// effect that put it there tells).
    pub owner: PlayerId,
    /// Time counters on a card removed from the game (502.59b: a suspended
    /// card's are public, like the card).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub time_counters: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PermanentView {
    pub id: ObjId,
    pub card: Option<CardId>,
    pub name: String,
    pub controller: PlayerId,
    pub owner: PlayerId,
    pub tapped: bool,
    pub flipped: bool,
    pub face_down: bool,
    pub phased_out: bool,
    pub sick: bool,
    pub power: Option<i32>,
    pub toughness: Option<i32>,
    pub damage: u32,
    pub plus_counters: u16,
    pub minus_counters: u16,
    pub attached_to: Option<Target>,
    pub attacking: bool,
    /// 602.3: the player it attacks (the defending player, 306.3).
    #[serde(default)]
    pub attacks: Option<PlayerId>,
    pub blocking: bool,
    /// 309.2: the attackers it blocks (public, as blocks are declared).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<ObjId>,
    pub type_line: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackView {
    pub description: String,
    pub controller: PlayerId,
    pub targets: Vec<Target>,
    /// 502.40a: the cards spliced onto a spell (revealed to all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spliced: Vec<tolaria_cards::CardId>,
}

impl Game {
    /// Whether `viewer` may see the hidden cards of `owner` (own, or 507.2).
    pub fn sees_hand_of(&self, viewer: PlayerId, owner: PlayerId) -> bool {
        viewer == owner || (owner == self.active && self.turn_controller == viewer)
    }

    /// What `viewer` may see of the game.
    pub fn view(&self, viewer: PlayerId) -> PlayerView {
        let card_view = |id: ObjId, visible: bool| {
            let o = &self.objects[id.slot as usize];
            CardView {
                id,
                card: visible.then_some(o.card),
                name: visible.then(|| o.def().name.clone()),
                owner: o.owner,
                time_counters: o.counters_of(tolaria_cards::CounterKind::Time),
            }
        };
        let players = self
            .player_ids()
            .map(|p| {
                let pl = self.player(p);
                PlayerSummary {
                    id: p,
                    name: pl.name.clone(),
                    life: self.life(p),
                    poison: pl.poison,
                    pool: crate::playing::mana_restricted::pool_text(pl),
                    library_size: pl.library.len(),
                    hand_size: pl.hand.len(),
                    revealed: pl
                        .hand
                        .iter()
                        .filter(|c| {
                            self.objects[c.slot as usize].flags
                                & crate::state::object::flags::REVEALED
                                != 0
                        })
                        .map(|&c| card_view(c, true))
                        .collect(),
                    hand: (self.sees_hand_of(viewer, p) || self.hand_revealed_to(viewer, p))
                        .then(|| pl.hand.iter().map(|&c| card_view(c, true)).collect()),
                    // 217.2: the top card is the last of the list.
                    library_top: pl
                        .library
                        .last()
                        .filter(|_| self.top_card_revealed(p))
                        .map(|&c| card_view(c, true)),
                    graveyard: pl.graveyard.iter().map(|&c| card_view(c, true)).collect(),
                    outside: self.sees_hand_of(viewer, p).then(|| pl.outside.clone()),
                    lost: pl.lost,
                    team: pl.team,
                    emperor: pl.emperor,
                    range: self.range_of(p),
                    within_range: if self.limited_range() {
                        self.player_ids()
                            .filter(|&q| self.within_range(p, q))
                            .collect()
                    } else {
                        Vec::new()
                    },
                    turn_marker: self.marker_of(p),
                }
            })
            .collect();
        // The permanents in play, then (217.8b: they may be examined) the
        // objects in the phased-out zone, marked `phased_out`.
        let in_play = self
            .in_play
            .iter()
            .chain(self.phased_out.iter().map(|p| &p.id))
            .map(|&id| {
                let o = &self.objects[id.slot as usize];
                // 504.3: a face-down permanent's controller may look at it;
                // no one else may.
                let visible = !o.is_face_down() || self.sees_hand_of(viewer, o.controller);
                let ch = compute(self, id);
                PermanentView {
                    id,
                    card: visible.then_some(o.card),
                    name: if o.is_face_down() {
                        if visible {
                            o.def().name.clone()
                        } else {
                            "face-down creature".into()
                        }
                    } else {
                        ch.name().to_string()
                    },
                    controller: o.controller,
                    owner: o.owner,
                    tapped: o.is_tapped(),
                    flipped: o.is_flipped(),
                    face_down: o.is_face_down(),
                    phased_out: o.is_phased_out(),
                    sick: o.is_sick(),
                    power: ch.is_creature().then_some(ch.power),
                    toughness: ch.is_creature().then_some(ch.toughness),
                    damage: o.damage,
                    plus_counters: o.plus_counters,
                    minus_counters: o.minus_counters,
                    attached_to: o.attached_to,
                    attacking: self.combat.is_attacking(id),
                    attacks: if self.combat.is_attacking(id) {
                        self.defender_of(id)
                    } else {
                        None
                    },
                    blocking: self.combat.is_blocking(id),
                    blocks: self.combat.blocked_by(id).collect(),
                    // The characteristics it has (504.2: a face-down one's
                    // are the same for everyone).
                    type_line: ch.face_def().type_line(),
                }
            })
            .collect();
        let stack = self
            .stack
            .iter()
            .map(|s| StackView {
                description: match &s.kind {
                    // 504.3: a face-down spell's card only to its controller.
                    crate::StackKind::Spell { obj } => {
                        let o = &self.objects[obj.slot as usize];
                        if !o.is_face_down() {
                            o.def().name.clone()
                        } else if self.sees_hand_of(viewer, s.controller) {
                            format!("face-down creature spell ({})", o.def().name)
                        } else {
                            "face-down creature spell".into()
                        }
                    }
                    crate::StackKind::Ability {
                        card, triggered, ..
                    } => {
                        format!(
                            "{} {} ability",
                            tolaria_cards::db().get(*card).name,
                            if *triggered { "triggered" } else { "activated" }
                        )
                    }
                    crate::StackKind::CombatDamage(list) => {
                        format!("combat damage ({} assignments)", list.len())
                    }
                },
                controller: s.controller,
                targets: s.targets.clone(),
                spliced: s.spliced.iter().map(|x| x.card).collect(),
            })
            .collect();
        let removed = self
            .removed
            .iter()
            // 217.7b: a card removed face down only to those an effect
            // lets look at it.
            .map(|&id| card_view(id, self.may_look_at_removed(viewer, id)))
            .collect();
        // 217.9b: the ante is public.
        let ante = self.ante.iter().map(|&id| card_view(id, true)).collect();
        let decides = self.decider() == Some(viewer);
        let legal_actions = if decides {
            self.legal_actions()
        } else {
            Vec::new()
        };
        let choice_cards = if matches!(
            self.decision.as_ref().map(|d| &d.kind),
            Some(crate::DecisionKind::ChooseCard { .. })
        ) {
            legal_actions
                .iter()
                .filter_map(|a| match a {
                    Action::ChooseObject(id)
                        if matches!(self.zone_of(*id), Some(Zone::Hand(_) | Zone::Library(_))) =>
                    {
                        Some(card_view(*id, true))
                    }
                    _ => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        PlayerView {
            viewer,
            turn: self.turn,
            active: self.active,
            turn_controller: self.turn_controller,
            step: self.step,
            players,
            in_play,
            stack,
            removed,
            ante,
            decision: self.decision.clone(),
            legal_actions,
            choice_cards,
            result: self.result,
            turn_marker: self.serving_marker(),
            main_game: self.main.as_ref().map(|m| {
                let mut v = m.view(viewer);
                // 506.3: the libraries that became this subgame's decks are
                // face down in the main game: nobody sees what they are.
                for c in &mut v.removed {
                    if self.brought_from_main(c.id) && m.obj(c.id).is_some_and(|o| o.is_face_down())
                    {
                        c.card = None;
                        c.name = None;
                    }
                }
                Box::new(v)
            }),
        }
    }

    /// Zone of an object, if it still exists.
    pub fn zone_of(&self, id: ObjId) -> Option<Zone> {
        self.obj(id).map(|o| o.zone)
    }
}
