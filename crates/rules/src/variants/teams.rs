//! Setting up a multiplayer game (600, 605.2–605.3, 607.1–607.4, 609.1–609.3)
//! and the team rules that read the set-up: who reviews whose hand (607.7,
//! 609.6).
//!
//! Everything a multiplayer game fixes before play begins is here: the
//! players (their names and decks), the variant and options (605.2,
//! 607.3, 609.2), the teams (609.1; `Player::team`), the emperors (607.2;
//! `Player::emperor`) and the seating (605.3: random; 609.3: teams
//! alternate; 607.2: each team together, its emperor in the middle). The
//! seat is the `PlayerId`: turn order goes to the left, seat by seat
//! (101.3, 607.4). `Player::entrant` remembers which entry of the set-up
//! sits in each seat, so a caller can match its agents to the seats. The
//! seating draws from the game's own seeded generator (`Game::rng`) before
//! the libraries are shuffled, so the same seed and set-up seat the same
//! way, and a saved game replays identically.
//!
//! Per-player settings (the team, the emperor, later the range of
//! influence of 601, given per player) are `Player` fields, set here.

use serde::{Deserialize, Serialize};
use tolaria_cards::CardId;

use crate::variants::multiplayer::{MultiplayerOptions, Variant};
use crate::{Game, PlayerId};

/// One entry of the set-up: a player, their deck, and their team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    pub deck: Vec<CardId>,
    /// 609.1, 607.1: the team (0, 1, …); `None` in a Free-for-All game.
    /// In an Emperor game the first entrant listed of each team is its
    /// emperor (607.2: the team decides).
    pub team: Option<u8>,
    /// 601.2a: the player's own range of influence (only with the
    /// option; `None`: the option's range, or 607.3a's in an Emperor
    /// game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u8>,
}

/// 605.2, 607.3, 609.2: everything decided before play begins.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub entrants: Vec<Entrant>,
    pub options: MultiplayerOptions,
    /// 605.3, 609.3, 607.2: seat the players at random (from the game's
    /// generator): in a Free-for-All game any order; with teams, the
    /// order of the teams and of the players inside each team (the
    /// variant's seating rule still holds). Otherwise the entrants sit in
    /// the order given (teams interleaved or grouped by the variant).
    pub random_seating: bool,
}

/// Why a set-up can't begin a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// 600.1 / 102: at least two players, and no more than 16.
    PlayerCount(usize),
    /// 605.1: a Free-for-All game has no teams.
    TeamsInFreeForAll,
    /// 609.1, 607.1: every player of a team variant is on a team.
    NoTeam(String),
    /// 609.1, 607.1, 607.6: two or more teams of equal size.
    Teams(String),
    /// 601.2a: a range of influence is at least one seat.
    Range,
    /// 608.2, 608.4a: the options and size of a Grand Melee game.
    GrandMelee(&'static str),
    /// 217.9c: a deck holds a card to be removed before playing when the
    /// game isn't played for ante (the card's name).
    AnteCard(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::PlayerCount(n) => write!(f, "a game needs 2 to 16 players, not {n}"),
            SetupError::TeamsInFreeForAll => {
                write!(f, "605.1: a Free-for-All game has no teams")
            }
            SetupError::NoTeam(n) => write!(f, "609.1: player {n} is on no team"),
            SetupError::Teams(why) => write!(f, "{why}"),
            SetupError::Range => write!(f, "601.2a: a range of influence is at least 1 seat"),
            SetupError::GrandMelee(why) => write!(f, "{why}"),
            SetupError::AnteCard(card) => write!(
                f,
                "217.9c: remove {card} from the deck before playing if not playing for ante"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// The teams, in order of their numbers, each the entrants' indices in
    /// the order listed.
    fn teams(&self) -> Result<Vec<Vec<usize>>, SetupError> {
        let mut teams: Vec<(u8, Vec<usize>)> = Vec::new();
        for (i, e) in self.entrants.iter().enumerate() {
            let Some(t) = e.team else {
                return Err(SetupError::NoTeam(e.name.clone()));
            };
            match teams.iter_mut().find(|x| x.0 == t) {
                Some(x) => x.1.push(i),
                None => teams.push((t, vec![i])),
            }
        }
        teams.sort_by_key(|x| x.0);
        if teams.len() < 2 {
            return Err(SetupError::Teams(
                "609.1, 607.1: a team game has two or more teams".into(),
            ));
        }
        if teams.iter().any(|t| t.1.len() != teams[0].1.len()) {
            return Err(SetupError::Teams(
                "609.1, 607.6: the teams must be of equal size".into(),
            ));
        }
        Ok(teams.into_iter().map(|t| t.1).collect())
    }
}

impl Game {
    /// 600, 605.2–605.3, 607.2–607.4, 609.1–609.3: a new multiplayer game
    /// (or a two-player one) from its set-up: the players are seated, the
    /// teams and emperors fixed, then 101 as in every game (libraries
    /// shuffled, the starting player chosen, hands of seven). Stops at the
    /// first mulligan decision.
    pub fn new_multiplayer(setup: &Setup, seed: u64) -> Result<Game, SetupError> {
        let n = setup.entrants.len();
        if !(2..=16).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        for e in &setup.entrants {
            crate::variants::ante::check_ante_deck(&e.deck, setup.options.ante)?;
        }
        let variant = setup.options.variant;
        let teams = match variant {
            Variant::FreeForAll | Variant::GrandMelee => {
                if setup.entrants.iter().any(|e| e.team.is_some()) {
                    return Err(SetupError::TeamsInFreeForAll);
                }
                Vec::new()
            }
            Variant::Teams | Variant::Emperor | Variant::TwoHeadedGiant => setup.teams()?,
        };
        if variant == Variant::TwoHeadedGiant {
            // 606.1, 606.10: two teams of two or more players.
            if teams.len() != 2 || teams[0].len() < 2 {
                return Err(SetupError::Teams(
                    "606.1: a Two-Headed Giant game is two teams of two (or more, 606.10)".into(),
                ));
            }
            // 606.2: no other multiplayer options.
            let o = setup.options;
            if o.range.is_some()
                || o.deploy
                || o.attack != Default::default()
                || setup.entrants.iter().any(|e| e.range.is_some())
            {
                return Err(SetupError::Teams(
                    "606.2: no other multiplayer options are used in Two-Headed Giant games".into(),
                ));
            }
        }
        if variant == Variant::GrandMelee {
            // 608.2a–c: range of influence 1, attack left, neither attack
            // multiple players nor deploy; 608.4a: at least one full four.
            let o = setup.options;
            if n < 4 {
                return Err(SetupError::GrandMelee(
                    "608.4a: a Grand Melee game needs at least four players (one turn marker)",
                ));
            }
            if o.range.is_some_and(|r| r != 1)
                || setup
                    .entrants
                    .iter()
                    .any(|e| e.range.is_some_and(|r| r != 1))
            {
                return Err(SetupError::GrandMelee(
                    "608.2a: each player has a range of influence of 1",
                ));
            }
            if o.attack != crate::variants::multiplayer::AttackOption::Left || o.deploy {
                return Err(SetupError::GrandMelee(
                    "608.2b–c: Grand Melee uses attack left, not attack multiple players nor deploy",
                ));
            }
        }
        if variant == Variant::Emperor && teams[0].len() < 2 {
            return Err(SetupError::Teams(
                "607.2: an Emperor team is an emperor and at least one general".into(),
            ));
        }
        let names: Vec<&str> = setup.entrants.iter().map(|e| e.name.as_str()).collect();
        let mut g = Game::empty(&names, seed);
        g.options = setup.options;
        if variant == Variant::GrandMelee {
            // 608.2a: each player has a range of influence of 1.
            g.options.range = Some(1);
        }
        if setup.entrants.iter().any(|e| e.range == Some(0)) || g.options.range == Some(0) {
            return Err(SetupError::Range);
        }
        // The seats, each the index of the entrant sitting there, and
        // whether that entrant is an emperor.
        let mut seats: Vec<(usize, bool)> = Vec::with_capacity(n);
        match variant {
            // 605.3, 608.3: the players are randomly seated.
            Variant::FreeForAll | Variant::GrandMelee => {
                let mut order: Vec<usize> = (0..n).collect();
                if setup.random_seating {
                    g.rng.shuffle(&mut order);
                }
                seats.extend(order.into_iter().map(|i| (i, false)));
            }
            // 609.3: no one next to a teammate, each team equally spaced
            // out: A1, B1, C1, A2, B2, C2, …
            Variant::Teams => {
                let mut teams = teams;
                if setup.random_seating {
                    g.rng.shuffle(&mut teams);
                    for t in teams.iter_mut() {
                        g.rng.shuffle(t);
                    }
                }
                for k in 0..teams[0].len() {
                    seats.extend(teams.iter().map(|t| (t[k], false)));
                }
            }
            // 607.2: each team sits together, its emperor (the first
            // listed) in the middle, the generals on either side.
            Variant::Emperor => {
                let mut teams = teams;
                if setup.random_seating {
                    g.rng.shuffle(&mut teams);
                    for t in teams.iter_mut() {
                        // The emperor stays the emperor; the generals' order
                        // is drawn.
                        g.rng.shuffle(&mut t[1..]);
                    }
                }
                for t in &teams {
                    let middle = t.len() / 2;
                    let mut generals = t[1..].iter();
                    for k in 0..t.len() {
                        if k == middle {
                            seats.push((t[0], true));
                        } else if let Some(&i) = generals.next() {
                            seats.push((i, false));
                        }
                    }
                }
            }
            // 606.3: each team together, its primary player (the first
            // listed) on the right, i.e. first in turn order.
            Variant::TwoHeadedGiant => {
                let mut teams = teams;
                let order = g.seat_two_headed(&mut teams, setup.random_seating);
                seats.extend(order.into_iter().map(|i| (i, false)));
            }
        }
        for (seat, &(i, emperor)) in seats.iter().enumerate() {
            let e = &setup.entrants[i];
            let pl = &mut g.players[seat];
            pl.name = e.name.clone();
            pl.team = e.team;
            pl.emperor = emperor;
            pl.range = e.range;
            pl.entrant = (seats.iter().enumerate().any(|(s, x)| s != x.0)).then_some(i as u8);
        }
        // 601.2a, 607.3a–b: the ranges of influence and deploy.
        let given: Vec<Option<u8>> = g.players.iter().map(|p| p.range).collect();
        g.set_ranges(&given);
        if variant == Variant::TwoHeadedGiant {
            g.start_team_life();
        }
        let decks: Vec<&[CardId]> = seats
            .iter()
            .map(|&(i, _)| setup.entrants[i].deck.as_slice())
            .collect();
        g.deal_and_start(&decks);
        Ok(g)
    }

    /// The seat of the set-up's `entrant` (`PlayerId`).
    pub fn seat_of_entrant(&self, entrant: usize) -> Option<PlayerId> {
        self.player_ids().find(|&p| {
            self.player(p)
                .entrant
                .map_or(p.index() == entrant, |e| e as usize == entrant)
        })
    }

    /// 607.7, 609.6: may `viewer` review `owner`'s hand as a teammate? In
    /// the Emperor variant teammates may review each other's hands at any
    /// time; in the Teams variant only teammates sitting next to each
    /// other (the nearest players still in the game, 600.4); 606.5: in the
    /// Two-Headed Giant variant at any time.
    pub fn reviews_teammate_hand(&self, viewer: PlayerId, owner: PlayerId) -> bool {
        if !self.is_teammate(viewer, owner) || self.player(viewer).lost {
            return false;
        }
        match self.options.variant {
            Variant::Emperor | Variant::TwoHeadedGiant => true,
            Variant::Teams => self.seated_next_to(viewer, owner),
            Variant::FreeForAll | Variant::GrandMelee => false,
        }
    }
}
