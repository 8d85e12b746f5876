//! The multiplayer set-up from the command line (600, 605.2–605.3, 607,
//! 609), shared by `play` and `sim`: the number of players, the variant,
//! the teams, the options, and a deck and an agent per seat.
//!
//! Seats are numbered 1..=N in turn order (P1 is seat 1). Without
//! `--random-seating` the players sit where the command line puts them:
//! seat k gets the k-th deck and agent of the lists, and the teams are
//! laid out as the variant seats them — Teams (609.3): seat k is on team
//! ((k-1) mod T)+1, so no one sits next to a teammate; Emperor (607.2): the
//! first N/T seats are team 1, the next team 2, …, the middle seat of each
//! team its emperor. With `--random-seating` (605.3) the k-th entries of
//! the lists are player k, seated at random by the game's seed (still as
//! the variant requires): the table and the results say who sat where.
//!
//! Options go through [`TableSpec::options`]: one place turns the flags
//! into `MultiplayerOptions`, so an option the engine gains (601 range of
//! influence, 603 deploy) is one flag here and one field in
//! `TableSpec::options`.

use crate::args::{clip, Args};
use crate::decks::{self, LoadedDeck};
use crate::CliError;
use tolaria_rules::variants::multiplayer::{AttackOption, MultiplayerOptions, Variant};
use tolaria_rules::variants::teams::{Entrant, Setup};
use tolaria_rules::{Game, PlayerId};

/// The options taking a value that describe the table.
pub const VALUED: &[&str] = &["players", "variant", "teams", "attack", "range"];
/// The boolean flags that describe the table.
pub const FLAGS: &[&str] = &["random-seating", "deploy", "ante"];

/// The usage text of the table options, for `play --help` and `sim --help`.
pub const HELP: &str = "\
Multiplayer (section 6; see docs/multiplayer.md):
  --players N      number of players, 2 to 16 (default 2; 4 with
                   --variant teams, 6 with --variant emperor)
  --variant V      ffa (Free-for-All, 605; the default), teams (609),
                   emperor (607), 2hg (Two-Headed Giant, 606) or
                   grand-melee (608: 10 players by default, 4 to 16;
                   range of influence 1, attack left, random seating,
                   one turn marker per full four players: several
                   turns in progress at once)
  --teams T        number of teams (teams: default 2; emperor: default
                   N/3); the teams are of equal size
  --attack A       left (604.1a), right (604.1b) or multiple (602: each
                   attacker attacks an opponent chosen for it)
                   (default: left in ffa, multiple in teams and emperor,
                   where a player attacks only opponents seated next to
                   them, 607.3c, 609.4)
  --random-seating seat the players at random from the seed (605.3,
                   609.3, 607.2); without it, seat k is the k-th entry of
                   the deck and agent lists. Teams: seat k is on team
                   ((k-1) mod T)+1. Emperor: seats 1..N/T are team 1 and
                   so on, each team's middle seat its emperor
  --range N        601: the limited range of influence option, range N
                   for every player (1 to 16; an Emperor game always
                   uses it, with 607.3a's ranges: emperors 2, generals 1)
  --deploy         603: the deploy creatures option (always on in an
                   Emperor game, 607.3b)
  --ante           217.9: play for ante (each player antes a random card
                   of their deck; the winner owns the ante); without it a
                   deck holding an ante card is refused (217.9c)
";

/// Everything about the table decided before play begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec {
    pub players: usize,
    pub variant: Variant,
    /// The number of teams (0 in Free-for-All).
    pub teams: usize,
    pub attack: AttackOption,
    pub random_seating: bool,
    /// 601: the limited range of influence option, with this range.
    pub range: Option<u8>,
    /// 603: the deploy creatures option.
    pub deploy: bool,
    /// 217.9a: playing for ante.
    pub ante: bool,
}

pub fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::FreeForAll => "ffa",
        Variant::Teams => "teams",
        Variant::Emperor => "emperor",
        Variant::TwoHeadedGiant => "2hg",
        Variant::GrandMelee => "grand-melee",
    }
}

pub fn attack_name(a: AttackOption) -> &'static str {
    match a {
        AttackOption::Left => "left",
        AttackOption::Right => "right",
        AttackOption::Multiple => "multiple",
    }
}

impl TableSpec {
    /// The table the flags describe, or `None` when no table flag is given
    /// (the two-player game of before, entries A and B).
    pub fn parse(cmd: &str, args: &Args) -> Result<Option<TableSpec>, CliError> {
        let given =
            VALUED.iter().any(|n| args.value(n).is_some()) || FLAGS.iter().any(|n| args.flag(n));
        if !given {
            return Ok(None);
        }
        let variant = match args.value("variant").map(|v| v.trim().to_ascii_lowercase()) {
            None => Variant::FreeForAll,
            Some(v) => match v.as_str() {
                "ffa" | "free-for-all" | "freeforall" => Variant::FreeForAll,
                "teams" | "team" => Variant::Teams,
                "emperor" => Variant::Emperor,
                "2hg" | "two-headed-giant" | "two-headed" => Variant::TwoHeadedGiant,
                "grand-melee" | "grandmelee" | "gm" => Variant::GrandMelee,
                _ => {
                    return Err(CliError::usage(format!(
                        "{cmd}: unknown --variant {:?}; expected ffa, teams, emperor, 2hg or grand-melee",
                        clip(&v)
                    )))
                }
            },
        };
        let default_players = match variant {
            Variant::FreeForAll => 2,
            Variant::Teams => 4,
            Variant::Emperor => 6,
            Variant::TwoHeadedGiant => 4,
            // 608.1: normally ten or more players.
            Variant::GrandMelee => 10,
        };
        let players: usize = args.number_in("players", default_players, 2, 16)?;
        let teams: usize = match variant {
            Variant::FreeForAll | Variant::GrandMelee => {
                if args.value("teams").is_some() {
                    return Err(CliError::usage(format!(
                        "{cmd}: --teams goes with --variant teams or emperor (605.1: a Free-for-All game has no teams)"
                    )));
                }
                0
            }
            Variant::Teams => args.number_in("teams", 2, 2, 16)?,
            // 606.1, 606.10: two teams (of two or more players).
            Variant::TwoHeadedGiant => args.number_in("teams", 2, 2, 2)?,
            Variant::Emperor => {
                let d = if players.is_multiple_of(3) {
                    players / 3
                } else {
                    2
                };
                args.number_in("teams", d, 2, 16)?
            }
        };
        if teams > 0 && !players.is_multiple_of(teams) {
            return Err(CliError::usage(format!(
                "{cmd}: {players} players can't make {teams} teams of equal size (609.1, 607.1)"
            )));
        }
        if teams > 0 && players / teams < 2 {
            return Err(CliError::usage(format!(
                "{cmd}: {players} players in {teams} teams is one player per team; a team game needs teams of two or more"
            )));
        }
        if variant == Variant::GrandMelee {
            // 608.4a: at least one full four players.
            if players < 4 {
                return Err(CliError::usage(format!(
                    "{cmd}: 608.4a: a Grand Melee game needs at least 4 players (one turn marker per full four; normally 10 or more, 608.1)"
                )));
            }
            // 608.2a–c: range 1, attack left, no deploy.
            let range_ok = args.value("range").is_none_or(|r| r.trim() == "1");
            let attack_ok = args
                .value("attack")
                .is_none_or(|a| a.trim().eq_ignore_ascii_case("left"));
            if !range_ok || !attack_ok || args.flag("deploy") {
                return Err(CliError::usage(format!(
                    "{cmd}: 608.2: a Grand Melee game uses range of influence 1 and attack left, without attack multiple players or deploy"
                )));
            }
        }
        if variant == Variant::TwoHeadedGiant
            && (args.value("attack").is_some()
                || args.value("range").is_some()
                || args.flag("deploy"))
        {
            return Err(CliError::usage(format!(
                "{cmd}: 606.2: no other multiplayer options are used in Two-Headed Giant games (--attack, --range, --deploy)"
            )));
        }
        let attack = match args.value("attack").map(|v| v.trim().to_ascii_lowercase()) {
            // 606.2, 606.7a: the team attacks the other team (no option).
            None if matches!(
                variant,
                Variant::FreeForAll | Variant::TwoHeadedGiant | Variant::GrandMelee
            ) =>
            {
                AttackOption::Left
            }
            None => AttackOption::Multiple,
            Some(v) => match v.as_str() {
                "left" => AttackOption::Left,
                "right" => AttackOption::Right,
                "multiple" | "multiple-players" | "multi" => AttackOption::Multiple,
                _ => {
                    return Err(CliError::usage(format!(
                        "{cmd}: unknown --attack {:?}; expected left, right or multiple",
                        clip(&v)
                    )))
                }
            },
        };
        Ok(Some(TableSpec {
            players,
            variant,
            teams,
            attack,
            // 608.3: a Grand Melee game always seats the players at random.
            random_seating: args.flag("random-seating") || variant == Variant::GrandMelee,
            range: match args.value("range") {
                Some(_) => Some(args.number_in("range", 1u8, 1, 16)?),
                // 608.2a: range of influence 1.
                None if variant == Variant::GrandMelee => Some(1),
                None => None,
            },
            deploy: args.flag("deploy"),
            ante: args.flag("ante"),
        }))
    }

    /// 605.2: the options chosen before play begins. The one place the
    /// table's flags become engine options.
    pub fn options(&self) -> MultiplayerOptions {
        MultiplayerOptions {
            attack: self.attack,
            variant: self.variant,
            range: self.range,
            deploy: self.deploy,
            ante: self.ante,
        }
    }

    /// The team of the player of seat `k` (0-based) with fixed seating.
    pub fn team_of(&self, k: usize) -> Option<u8> {
        match self.variant {
            Variant::FreeForAll | Variant::GrandMelee => None,
            Variant::Teams => Some((k % self.teams) as u8),
            // 606.3: each team sits together, its primary player first.
            Variant::Emperor | Variant::TwoHeadedGiant => {
                Some((k / (self.players / self.teams)) as u8)
            }
        }
    }

    /// A one-line description: "6 players, emperor (3 teams), attack multiple".
    pub fn describe(&self) -> String {
        let teams = if self.teams > 0 {
            format!(" ({} teams of {})", self.teams, self.players / self.teams)
        } else {
            String::new()
        };
        let range = self
            .range
            .map_or(String::new(), |r| format!(", range of influence {r}"));
        // 606.2, 606.7a: no attack option; the team attacks the other team.
        let attack = if self.variant == Variant::TwoHeadedGiant {
            "the other team (606.7a)"
        } else {
            attack_name(self.attack)
        };
        format!(
            "{} players, {}{teams}, attack {}{}{range}{}{}",
            self.players,
            variant_name(self.variant),
            attack,
            if self.random_seating {
                ", random seating"
            } else {
                ""
            },
            if self.deploy { ", deploy" } else { "" },
            if self.ante { ", for ante" } else { "" }
        )
    }
}

/// One player of the set-up as given on the command line.
#[derive(Clone, Debug)]
pub struct PlayerSpec {
    /// The name in the game (and the log).
    pub name: String,
    pub deck: LoadedDeck,
    /// `human`, or an agent name.
    pub agent: String,
}

/// A per-seat list option: one entry for every seat, or `n` entries.
pub fn per_seat(
    cmd: &str,
    name: &str,
    list: Option<Vec<String>>,
    n: usize,
    default: impl Fn(usize) -> String,
) -> Result<Vec<String>, CliError> {
    match list {
        None => Ok((0..n).map(default).collect()),
        Some(l) if l.len() == 1 => Ok(vec![l[0].clone(); n]),
        Some(l) if l.len() == n => Ok(l),
        Some(l) => Err(CliError::usage(format!(
            "{cmd}: --{name} expects one entry or {n} comma-separated entries (one per seat), got {}",
            l.len()
        ))),
    }
}

/// Checks an agent name (`human` only where allowed).
pub fn check_agent(cmd: &str, a: &str) -> Result<String, CliError> {
    let a = a.trim().to_ascii_lowercase();
    if tolaria_ai::agent_by_name(&a, 0).is_none() {
        return Err(CliError::usage(format!(
            "{cmd}: unknown agent {:?}; expected one of: {}",
            clip(&a),
            tolaria_ai::AGENT_NAMES.join(", ")
        )));
    }
    Ok(a)
}

/// Loads the decks of a per-seat list.
pub fn load_decks(specs: &[String]) -> Result<Vec<LoadedDeck>, CliError> {
    // Each distinct deck once.
    let mut loaded: Vec<(String, LoadedDeck)> = Vec::new();
    specs
        .iter()
        .map(|s| {
            if let Some((_, d)) = loaded.iter().find(|(n, _)| n == s) {
                return Ok(d.clone());
            }
            let d = decks::load(s)?;
            loaded.push((s.clone(), d.clone()));
            Ok(d)
        })
        .collect()
}

/// The set-up of a game: the entrants (players listed in the order the
/// seating rules read them) and, for each entrant, the index of its
/// `PlayerSpec`.
pub fn setup(table: &TableSpec, players: &[PlayerSpec]) -> (Setup, Vec<usize>) {
    let n = players.len();
    let order: Vec<usize> = match table.variant {
        // Seat k is entrant k: Teams seats team t's k-th listed player at
        // seat k*T + t (609.3), and seat k is on team k mod T.
        Variant::FreeForAll | Variant::Teams | Variant::TwoHeadedGiant | Variant::GrandMelee => {
            (0..n).collect()
        }
        // 607.2: the first listed player of a team is its emperor, seated
        // in the middle; the generals fill the other seats in order.
        Variant::Emperor => {
            let size = n / table.teams;
            let mut o = Vec::with_capacity(n);
            for t in 0..table.teams {
                let first = t * size;
                o.push(first + size / 2);
                o.extend((first..first + size).filter(|&k| k != first + size / 2));
            }
            o
        }
    };
    let entrants = order
        .iter()
        .map(|&k| Entrant {
            name: players[k].name.clone(),
            deck: players[k].deck.cards.clone(),
            team: table.team_of(k),
            range: None,
        })
        .collect();
    (
        Setup {
            entrants,
            options: table.options(),
            random_seating: table.random_seating,
        },
        order,
    )
}

/// Starts the game: for each seat, the index of the `PlayerSpec` sitting there.
pub fn start(
    table: &TableSpec,
    players: &[PlayerSpec],
    seed: u64,
) -> Result<(Game, Vec<usize>), CliError> {
    let (setup, order) = setup(table, players);
    let game = Game::new_multiplayer(&setup, seed)
        .map_err(|e| CliError::usage(format!("the table can't be set up: {e}")))?;
    Ok((game.clone(), seat_map(&game, &order)))
}

/// For each seat, the index of the `PlayerSpec` sitting there, given the
/// entrants' order.
pub fn seat_map(game: &Game, order: &[usize]) -> Vec<usize> {
    let mut by_seat = vec![0; game.players.len()];
    for (e, &k) in order.iter().enumerate() {
        let seat = game.seat_of_entrant(e).unwrap_or(PlayerId(e as u8)).index();
        by_seat[seat] = k;
    }
    by_seat
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(players: usize, variant: Variant, teams: usize) -> TableSpec {
        TableSpec {
            players,
            variant,
            teams,
            attack: AttackOption::Multiple,
            random_seating: false,
            range: None,
            deploy: false,
            ante: false,
        }
    }

    fn players(n: usize) -> Vec<PlayerSpec> {
        let deck = decks::builtin("red_green").unwrap();
        (0..n)
            .map(|k| PlayerSpec {
                name: format!("p{}", k + 1),
                deck: deck.clone(),
                agent: "greedy".into(),
            })
            .collect()
    }

    /// Without random seating, seat k is the k-th player given, in every
    /// variant; the teams are as documented.
    #[test]
    fn fixed_seating_puts_player_k_in_seat_k() {
        for (t, n, teams) in [
            (Variant::FreeForAll, 5, 0),
            (Variant::Teams, 6, 3),
            (Variant::Teams, 4, 2),
            (Variant::Emperor, 6, 2),
            (Variant::Emperor, 9, 3),
            (Variant::Emperor, 8, 2),
        ] {
            let table = spec(n, t, teams);
            let ps = players(n);
            let (game, by_seat) = start(&table, &ps, 3).unwrap();
            assert_eq!(by_seat, (0..n).collect::<Vec<_>>(), "{t:?} {n}");
            for (s, p) in ps.iter().enumerate() {
                assert_eq!(game.players[s].name, p.name);
                assert_eq!(game.players[s].team, table.team_of(s));
            }
            if t == Variant::Emperor {
                let size = n / teams;
                for s in 0..n {
                    assert_eq!(game.players[s].emperor, s % size == size / 2, "{s}");
                }
            }
        }
    }

    /// With random seating the map follows the players wherever they sit.
    #[test]
    fn random_seating_map_follows_the_players() {
        let mut table = spec(6, Variant::Emperor, 2);
        table.random_seating = true;
        let ps = players(6);
        let mut moved = false;
        for seed in 0..6 {
            let (game, by_seat) = start(&table, &ps, seed).unwrap();
            for s in 0..6 {
                assert_eq!(game.players[s].name, ps[by_seat[s]].name);
                assert_eq!(game.players[s].team, table.team_of(by_seat[s]));
            }
            moved |= by_seat != (0..6).collect::<Vec<_>>();
        }
        assert!(moved, "605.3: someone moved");
    }
}
