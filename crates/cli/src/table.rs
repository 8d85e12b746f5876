//! The multiplayer table in the terminal: the seats in turn order, the
//! teams and emperors, each player's life, hand, library and graveyard,
//! whose turn it is, who may attack whom and who is attacking whom, and
//! with the limited range of influence option (601) each player's range
//! and the players within it this turn (601.2c).
//!
//! Everything comes from the human's `PlayerView` and from the set-up,
//! which every player knows (600.2, 605.2: the variant, options, teams
//! and seats are fixed and public before play begins), so the table shows
//! nothing the human's seat may not see.

use crate::style::Style;
use tolaria_rules::engine::view::PlayerView;
use tolaria_rules::variants::multiplayer::{AttackOption, Variant};
use tolaria_rules::{Game, PlayerId};

/// Is the table worth drawing: more than two players, or teams.
pub fn is_multiplayer(game: &Game) -> bool {
    game.players.len() > 2 || game.players.iter().any(|p| p.team.is_some())
}

/// A line naming the variant and options, e.g. "Emperor (607), 2 teams,
/// attack multiple players (602)".
pub fn describe_options(game: &Game) -> String {
    let o = game.options;
    let teams = {
        let mut t: Vec<u8> = game.players.iter().filter_map(|p| p.team).collect();
        t.sort_unstable();
        t.dedup();
        t.len()
    };
    let variant = match o.variant {
        Variant::FreeForAll => "Free-for-All (605)".to_string(),
        Variant::Teams => format!("Teams (609), {teams} teams"),
        Variant::Emperor => format!("Emperor (607), {teams} teams"),
        Variant::TwoHeadedGiant => {
            return "Two-Headed Giant (606): a shared life total per team (606.4a), team turns (606.4b), the team attacks the other team (606.7)".to_string()
        }
        Variant::GrandMelee => format!(
            "Grand Melee (608), {} turn marker{} (608.4a): several turns at once",
            game.turn_markers().len(),
            if game.turn_markers().len() == 1 { "" } else { "s" }
        ),
    };
    let attack = match o.attack {
        AttackOption::Left => "attack left (604.1a)",
        AttackOption::Right => "attack right (604.1b)",
        AttackOption::Multiple => "attack multiple players (602)",
    };
    let seats = match o.variant {
        Variant::FreeForAll | Variant::GrandMelee => "",
        _ => "; a player attacks only opponents seated next to them (607.3c, 609.4)",
    };
    // 601: the option's range (each player's own is in their row); 603.
    let range = match o.range {
        Some(u8::MAX) => ", limited range of influence (601)".to_string(),
        Some(r) => format!(", range of influence {r} (601)"),
        None => String::new(),
    };
    let deploy = if o.deploy {
        ", deploy creatures (603)"
    } else {
        ""
    };
    format!("{variant}, {attack}{range}{deploy}{seats}")
}

/// 601.2a, 601.2c: a player's range of influence and who is within it
/// this turn ("" without the option).
fn range_line(p: &tolaria_rules::engine::view::PlayerSummary) -> String {
    match p.range {
        None => String::new(),
        Some(r) => {
            let within: Vec<String> = p.within_range.iter().map(|q| q.to_string()).collect();
            let r = if r == u8::MAX {
                "unlimited".to_string()
            } else {
                r.to_string()
            };
            format!(
                "         range of influence {r} (601.2a): within it {} (601.2c)",
                within.join(", ")
            )
        }
    }
}

/// The table as seen by `me`: a header, one row per seat in turn order,
/// and the attacks under way.
pub fn lines(game: &Game, v: &PlayerView, me: PlayerId, s: Style) -> Vec<String> {
    let mut out = Vec::new();
    out.push(s.bold(&format!(
        "Table, in turn order (play passes to the left, P{} after P{}): {}",
        1,
        v.players.len(),
        describe_options(game)
    )));
    out.push(s.dim(&format!(
        "  {:<4} {:<22} {:<16} {:>5} {:>5} {:>8} {:>10}  {}",
        "seat", "player", "team", "life", "hand", "library", "graveyard", "may attack / attacking"
    )));
    let two_headed = game.two_headed();
    for p in &v.players {
        // 606.4b: a Two-Headed Giant team's turn is both its players'.
        let turn = p.id == v.active || (two_headed && game.is_active(p.id));
        // 608.4: ▶ the turn being played, ▷ another turn in progress.
        let marker = game.marker_of(p.id);
        let mark = if turn {
            "▶"
        } else if marker.is_some() {
            "▷"
        } else {
            " "
        };
        let mut name = p.name.clone();
        if p.id == me && p.name != "You" {
            name.push_str(" (you)");
        }
        let team = match p.team {
            None if marker.is_some() => format!("marker {}", marker.unwrap_or(0)),
            None => "-".to_string(),
            Some(t) => {
                let mut x = format!("team {}", t + 1);
                if game.options.variant == Variant::Emperor {
                    x.push_str(if p.emperor { " emperor" } else { " general" });
                } else if two_headed {
                    // 606.3.
                    x.push_str(if game.is_primary(p.id) {
                        " primary"
                    } else {
                        " second"
                    });
                } else if v.players[me.index()].team == Some(t) && p.id != me {
                    x.push_str(" ally");
                }
                x
            }
        };
        let combat = if p.lost {
            "left the game (600.4)".to_string()
        } else {
            // Who this player's creatures are attacking, per defender.
            let mut attacks: Vec<(PlayerId, usize)> = Vec::new();
            for x in v
                .in_play
                .iter()
                .filter(|x| x.controller == p.id && x.attacking)
            {
                let d = x.attacks.unwrap_or(p.id);
                match attacks.iter_mut().find(|a| a.0 == d) {
                    Some(a) => a.1 += 1,
                    None => attacks.push((d, 1)),
                }
            }
            if !attacks.is_empty() {
                let l: Vec<String> = attacks
                    .iter()
                    .map(|(d, n)| {
                        format!("{d} with {n} creature{}", if *n == 1 { "" } else { "s" })
                    })
                    .collect();
                s.yellow(&format!("attacking {}", l.join(", ")))
            } else {
                let targets: Vec<String> = game
                    .player_ids()
                    .filter(|&q| game.may_attack(p.id, q))
                    .map(|q| q.to_string())
                    .collect();
                if targets.is_empty() {
                    "may attack no one".to_string()
                } else {
                    format!("may attack {}", targets.join(", "))
                }
            }
        };
        let life = format!("{:>5}", p.life);
        let life = if p.lost {
            s.dim(&life)
        } else if p.life <= 5 {
            s.red(&life)
        } else {
            life
        };
        let row = format!(
            "{mark} {:<4} {:<22} {:<16} {life} {:>5} {:>8} {:>10}  {combat}",
            p.id.to_string(),
            clip(&name, 22),
            team,
            p.hand_size,
            p.library_size,
            p.graveyard.len(),
        );
        out.push(if turn { s.bold(&row) } else { row });
        let range = range_line(p);
        if !range.is_empty() && !p.lost {
            out.push(s.dim(&range));
        }
    }
    if two_headed {
        out.extend(team_lines(game, v));
    }
    if game.grand_melee() {
        out.push(marker_line(game));
    }
    out
}

/// 608.4: the turns in progress (one per turn marker held), the one the
/// decisions now belong to first marked, and the markers waiting (608.4c).
fn marker_line(game: &Game) -> String {
    let serving = game.serving_marker();
    let mut parts: Vec<String> = game
        .turns_in_progress()
        .iter()
        .map(|&(m, turn, p, step)| {
            let now = if Some(m) == serving { " ◀ now" } else { "" };
            format!("marker {m}: turn {turn}, {p}, {}{now}", step.name())
        })
        .collect();
    for m in game.turn_markers() {
        if let Some(q) = m.waiting_for {
            parts.push(format!("marker {} waits to go to {q} (608.4c)", m.number));
        }
    }
    format!("  Turns in progress (608.4): {}", parts.join("; "))
}

/// 606.4a, 606.4b: each Two-Headed Giant team's shared life total, and
/// whose team's turn it is.
fn team_lines(game: &Game, v: &PlayerView) -> Vec<String> {
    let mut out = Vec::new();
    for p in &v.players {
        if !game.is_primary(p.id) {
            continue;
        }
        let members: Vec<String> = v
            .players
            .iter()
            .filter(|q| q.team == p.team)
            .map(|q| q.id.to_string())
            .collect();
        let turn = if game.is_active(p.id) {
            ", its turn (606.4b)"
        } else {
            ""
        };
        out.push(format!(
            "  team {} ({}): {} life, shared (606.4a){turn}",
            p.team.map_or(0, |t| t + 1),
            members.join(", "),
            p.life
        ));
    }
    out
}

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// The order the players' boards are shown in: from the player to `me`'s
/// left round the table, `me` last (in a two-player game: the opponent,
/// then `me`, as before).
pub fn board_order(n: usize, me: PlayerId) -> Vec<usize> {
    (1..=n).map(|k| (me.index() + k) % n).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn boards_go_round_the_table_ending_with_me() {
        use tolaria_rules::PlayerId;
        assert_eq!(super::board_order(2, PlayerId(0)), vec![1, 0]);
        assert_eq!(super::board_order(4, PlayerId(1)), vec![2, 3, 0, 1]);
    }
}
