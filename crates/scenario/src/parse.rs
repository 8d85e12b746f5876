//! Parsing scenario files into an unvalidated description; card names are
//! checked against the card database here, with the line number.

use std::path::Path;
use tolaria_cards::{db, CardId, Step};

/// A parse error: the file, the line and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// A card to put into a zone, with its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSpec {
    pub card: CardId,
    pub tapped: bool,
    pub sick: bool,
    /// 504: a face-down permanent (status only; no morph cost is involved).
    pub face_down: bool,
    /// 508, 510.1b: a flipped permanent (its alternative characteristics apply).
    pub flipped: bool,
    /// 502.15, 217.8: in the phased-out zone, as if it had phased out under
    /// its controller (with what is attached to it, 502.15i).
    pub phased_out: bool,
    pub damage: u32,
    pub plus: u16,
    pub minus: u16,
    /// Other counters: "fuse counters N", "luck counters N".
    pub counters: Vec<(tolaria_cards::CounterKind, u16)>,
    /// "attached to NAME" (with an optional #k), or "attached to P2".
    pub attached_to: Option<String>,
    /// "copy of NAME": a copy effect on it (503.4, layer 1), as if it had
    /// become a copy of that card while in play.
    pub copy_of: Option<CardId>,
    pub line: usize,
}

impl CardSpec {
    /// A card with no status.
    pub fn plain(card: CardId, line: usize) -> CardSpec {
        CardSpec {
            card,
            tapped: false,
            sick: false,
            face_down: false,
            flipped: false,
            phased_out: false,
            copy_of: None,
            damage: 0,
            plus: 0,
            minus: 0,
            counters: Vec::new(),
            attached_to: None,
            line,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneName {
    Hand,
    Library,
    Graveyard,
    InPlay,
    Removed,
    /// 217.1e: the player's cards not in any zone of the game (a sideboard).
    Outside,
    /// 217.9: the cards the player owns in the ante zone.
    Ante,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// `> P1: play Lightning Bolt`
    Action { player: usize, text: String },
    /// `> resolve`: everyone passes until the top object of the stack resolves.
    Resolve,
    /// `> pass until P2 declare_blockers`
    PassUntil { player: usize, step: Step },
    /// `expect: ...`
    Expect(String),
}

/// A parsed scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    pub file: String,
    pub name: String,
    pub seed: u64,
    pub players: Vec<String>,
    pub turn: u32,
    pub active: usize,
    pub step: Step,
    pub life: Vec<(usize, i32)>,
    pub poison: Vec<(usize, u32)>,
    pub zones: Vec<(usize, ZoneName, Vec<CardSpec>)>,
    /// `start: new game`: the game starts from 101 (shuffle, starting
    /// player, opening hands, mulligans) with these decks instead of `turn:`.
    pub new_game: bool,
    /// `PLAYER deck: …` lines (only with `start: new game`).
    pub decks: Vec<(usize, Vec<CardId>)>,
    /// 507.1: `control: P2 controls P1's next turn` lines (controlled, controller),
    /// as if a Mindslaver's ability had resolved before the scenario starts.
    pub turn_control: Vec<(usize, usize)>,
    /// 605.2: `option: attack left` / `option: attack right` lines, the
    /// multiplayer options chosen before play begins.
    pub options: tolaria_rules::variants::multiplayer::MultiplayerOptions,
    /// 609.1, 607.1: `team: P1, P3` lines, each a team (numbered in order),
    /// by player index; the first player of an Emperor team is its emperor.
    pub teams: Vec<Vec<usize>>,
    /// 605.3: `option: random seating` (with `start: new game`).
    pub random_seating: bool,
    /// 601.2a: `range: PLAYER N` lines, each player's own range of
    /// influence (by player index).
    pub ranges: Vec<Option<u8>>,
    /// 608.4: `turn markers: P1, P5 main1, P9` (Grand Melee), the holders
    /// of markers 1, 2, 3 by player index, each with the step its turn is
    /// at (default: the `turn:` line's); the active player's turn is the
    /// one served.
    pub markers: Vec<(usize, Option<Step>)>,
    pub script: Vec<(usize, Line)>,
}

impl Scenario {
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError {
            file: file.clone(),
            line: 0,
            message: format!("cannot read: {e}"),
        })?;
        Scenario::parse(&text, &file)
    }

    pub fn parse(text: &str, file: &str) -> Result<Scenario, ScenarioError> {
        let mut sc = Scenario {
            file: file.to_string(),
            name: file.to_string(),
            seed: 1,
            players: vec!["P1".into(), "P2".into()],
            turn: 1,
            active: 0,
            step: Step::PrecombatMain,
            life: Vec::new(),
            poison: Vec::new(),
            zones: Vec::new(),
            new_game: false,
            decks: Vec::new(),
            turn_control: Vec::new(),
            options: Default::default(),
            teams: Vec::new(),
            random_seating: false,
            ranges: Vec::new(),
            markers: Vec::new(),
            script: Vec::new(),
        };
        let mut saw_turn = false;
        // Whether a line that may name a player came already: the players
        // are then fixed, and a later `players:` line is refused (a line
        // naming P6 followed by two players would leave a seat behind).
        let mut named_players = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let err = |m: String| ScenarioError {
                file: file.to_string(),
                line: n,
                message: m,
            };
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            let names_none = [
                "name:", "seed:", "players:", "option:", "variant:", "start:", "ante:",
            ]
            .iter()
            .any(|p| line.starts_with(p));
            named_players |= !names_none;
            if let Some(rest) = line.strip_prefix("name:") {
                sc.name = rest.trim().to_string();
            } else if let Some(rest) = line.strip_prefix("seed:") {
                sc.seed = rest
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("bad seed {:?}", rest.trim())))?;
            } else if let Some(rest) = line.strip_prefix("players:") {
                if named_players {
                    return Err(err(
                        "`players:` must come before every line that names a player".into(),
                    ));
                }
                let names: Vec<String> = rest
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                if names.len() < 2 {
                    return Err(err("a game needs at least two players".into()));
                }
                sc.players = names;
            } else if let Some(rest) = line.strip_prefix("control:") {
                // 507.1: "control: P2 controls P1's next turn".
                let words: Vec<&str> = rest.split_whitespace().collect();
                let [controller, "controls", whose, "next", "turn"] = words.as_slice() else {
                    return Err(err(
                        "expected `control: PLAYER controls PLAYER's next turn`".into(),
                    ));
                };
                let controlled = whose
                    .strip_suffix("'s")
                    .and_then(|w| sc.player(w))
                    .ok_or_else(|| err(format!("unknown player {whose:?}")))?;
                let controller = sc
                    .player(controller)
                    .ok_or_else(|| err(format!("unknown player {controller:?}")))?;
                // 507.1a: a later one for the same player overwrites an earlier one.
                sc.turn_control.retain(|e| e.0 != controlled);
                sc.turn_control.push((controlled, controller));
            } else if let Some(rest) = line.strip_prefix("variant:") {
                // 600.2: one variant per game.
                use tolaria_rules::variants::multiplayer::{AttackOption, Variant};
                sc.options.variant = match rest.trim() {
                    "free-for-all" => Variant::FreeForAll,
                    "teams" => Variant::Teams,
                    // 606: the first player of each `team:` line is its
                    // primary player (606.3).
                    "two-headed giant" => Variant::TwoHeadedGiant,
                    // 608.2a: range of influence 1 (set as the game is built).
                    "grand melee" => Variant::GrandMelee,
                    "emperor" => {
                        // 607.3c: each player may attack either neighbour.
                        sc.options.attack = AttackOption::Multiple;
                        Variant::Emperor
                    }
                    other => {
                        return Err(err(format!(
                            "unknown variant {other:?} (`free-for-all`, `teams`, `emperor`, `two-headed giant` or `grand melee`)"
                        )))
                    }
                };
            } else if let Some(rest) = line.strip_prefix("turn markers:") {
                // 608.4b: the holders of markers 1, 2, … in number order.
                sc.markers.clear();
                for w in rest.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    let mut words = w.split_whitespace();
                    let name = words.next().unwrap_or_default();
                    let p = sc
                        .player(name)
                        .ok_or_else(|| err(format!("unknown player {name:?}")))?;
                    let step = match words.next() {
                        Some(s) => Some(
                            Step::from_short(s)
                                .ok_or_else(|| err(format!("unknown step {s:?}")))?,
                        ),
                        None => None,
                    };
                    sc.markers.push((p, step));
                }
            } else if let Some(rest) = line.strip_prefix("team:") {
                let mut team = Vec::new();
                for w in rest.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    let p = sc
                        .player(w)
                        .ok_or_else(|| err(format!("unknown player {w:?}")))?;
                    if sc.teams.iter().flatten().any(|&q| q == p) {
                        return Err(err(format!("{w} is already on a team")));
                    }
                    team.push(p);
                }
                sc.teams.push(team);
            } else if let Some(rest) = line.strip_prefix("ante:") {
                // 217.9a: playing for ante, chosen before the game.
                sc.options.ante = match rest.trim() {
                    "yes" => true,
                    "no" => false,
                    v => return Err(err(format!("ante: {v:?} (yes or no)"))),
                };
            } else if line.strip_prefix("option:").map(str::trim) == Some("random seating") {
                sc.random_seating = true;
            } else if line.strip_prefix("option:").map(str::trim) == Some("deploy creatures") {
                // 603: the deploy creatures option.
                sc.options.deploy = true;
            } else if let Some(n) = line
                .strip_prefix("option:")
                .and_then(|r| r.trim().strip_prefix("range of influence"))
            {
                // 601, 605.2a: every player's range of influence.
                match n.trim().parse::<u8>() {
                    Ok(r) if r > 0 => sc.options.range = Some(r),
                    _ => {
                        return Err(err(format!(
                        "601.2a: a range of influence is a number of seats (1 or more), not {:?}",
                        n.trim()
                    )))
                    }
                }
            } else if let Some(rest) = line.strip_prefix("range:") {
                // 601.2a: one player's own range of influence.
                let mut w = rest.split_whitespace();
                let (Some(name), Some(n), None) = (w.next(), w.next(), w.next()) else {
                    return Err(err("expected `range: PLAYER N`".into()));
                };
                let p = sc
                    .player(name)
                    .ok_or_else(|| err(format!("unknown player {name:?}")))?;
                let r = match n.parse::<u8>() {
                    Ok(r) if r > 0 => r,
                    _ => {
                        return Err(err(format!(
                        "601.2a: a range of influence is a number of seats (1 or more), not {n:?}"
                    )))
                    }
                };
                if sc.ranges.len() <= p {
                    sc.ranges.resize(p + 1, None);
                }
                sc.ranges[p] = Some(r);
            } else if let Some(rest) = line.strip_prefix("option:") {
                // 605.2b: exactly one attack option (604.1a / 604.1b).
                use tolaria_rules::variants::multiplayer::AttackOption;
                sc.options.attack = match rest.trim() {
                    "attack left" => AttackOption::Left,
                    "attack right" => AttackOption::Right,
                    "attack multiple players" => AttackOption::Multiple,
                    other => {
                        return Err(err(format!(
                            "unknown option {other:?} (`attack left`, `attack right` or `attack multiple players`)"
                        )))
                    }
                };
            } else if let Some(rest) = line.strip_prefix("start:") {
                if rest.trim() != "new game" {
                    return Err(err(format!(
                        "unknown start {:?} (only `start: new game`)",
                        rest.trim()
                    )));
                }
                sc.new_game = true;
            } else if let Some(rest) = line.strip_prefix("turn:") {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                if parts.len() != 3 {
                    return Err(err("expected `turn: N PLAYER STEP`".into()));
                }
                sc.turn = parts[0]
                    .parse()
                    .map_err(|_| err(format!("bad turn number {:?}", parts[0])))?;
                sc.active = sc
                    .player(parts[1])
                    .ok_or_else(|| err(format!("unknown player {:?}", parts[1])))?;
                sc.step = Step::from_short(parts[2])
                    .ok_or_else(|| err(format!("unknown step {:?}", parts[2])))?;
                saw_turn = true;
            } else if let Some(rest) = line
                .strip_prefix("life ")
                .or_else(|| line.strip_prefix("poison "))
            {
                let (who, value) = rest
                    .split_once('=')
                    .ok_or_else(|| err("expected `life P1 = N`".into()))?;
                let p = sc
                    .player(who.trim())
                    .ok_or_else(|| err(format!("unknown player {:?}", who.trim())))?;
                let v: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("bad number {:?}", value.trim())))?;
                if line.starts_with("life") {
                    let v = i32::try_from(v).map_err(|_| {
                        err(format!("life {v} is out of range (at most {})", i32::MAX))
                    })?;
                    sc.life.push((p, v));
                } else {
                    let v = u32::try_from(v.max(0))
                        .map_err(|_| err(format!("poison {v} is out of range")))?;
                    sc.poison.push((p, v));
                }
            } else if let Some(rest) = line.strip_prefix('>') {
                let rest = rest.trim();
                if rest == "resolve" {
                    sc.script.push((n, Line::Resolve));
                } else if let Some(r) = rest.strip_prefix("pass until ") {
                    let parts: Vec<&str> = r.split_whitespace().collect();
                    if parts.len() != 2 {
                        return Err(err("expected `> pass until PLAYER STEP`".into()));
                    }
                    let player = sc
                        .player(parts[0])
                        .ok_or_else(|| err(format!("unknown player {:?}", parts[0])))?;
                    let step = Step::from_short(parts[1])
                        .ok_or_else(|| err(format!("unknown step {:?}", parts[1])))?;
                    sc.script.push((n, Line::PassUntil { player, step }));
                } else {
                    let (who, what) = rest.split_once(':').ok_or_else(|| {
                        err("expected `> PLAYER: action`, `> resolve` or `> pass until`".into())
                    })?;
                    let player = sc
                        .player(who.trim())
                        .ok_or_else(|| err(format!("unknown player {:?}", who.trim())))?;
                    if what.trim().is_empty() {
                        return Err(err("empty action".into()));
                    }
                    sc.script.push((
                        n,
                        Line::Action {
                            player,
                            text: what.trim().to_string(),
                        },
                    ));
                }
            } else if let Some(rest) = line.strip_prefix("expect:") {
                sc.script.push((n, Line::Expect(rest.trim().to_string())));
            } else if let Some((head, list)) = line.split_once(':') {
                let mut words = head.split_whitespace();
                let (Some(who), Some(zone), None) = (words.next(), words.next(), words.next())
                else {
                    return Err(err(format!("unknown line {line:?}")));
                };
                let p = sc
                    .player(who)
                    .ok_or_else(|| err(format!("unknown player {who:?}")))?;
                if zone == "deck" {
                    let cards = parse_cards(list, n).map_err(err)?;
                    if cards.iter().any(|c| *c != CardSpec::plain(c.card, n)) {
                        return Err(err("deck cards take no status".into()));
                    }
                    sc.decks.push((p, cards.iter().map(|c| c.card).collect()));
                    continue;
                }
                let zone = match zone {
                    "hand" => ZoneName::Hand,
                    "library" => ZoneName::Library,
                    "graveyard" => ZoneName::Graveyard,
                    "in_play" | "play" => ZoneName::InPlay,
                    "removed" => ZoneName::Removed,
                    "outside" => ZoneName::Outside,
                    "ante" => ZoneName::Ante,
                    z => {
                        return Err(err(format!(
                        "unknown zone {z:?} (hand, library, graveyard, in_play, removed, outside, ante)"
                    )))
                    }
                };
                let cards = parse_cards(list, n).map_err(err)?;
                sc.zones.push((p, zone, cards));
            } else {
                return Err(err(format!("unknown line {line:?}")));
            }
        }
        let whole = |m: &str| ScenarioError {
            file: file.to_string(),
            line: 0,
            message: m.to_string(),
        };
        if sc.new_game {
            if saw_turn
                || !sc.zones.is_empty()
                || !sc.life.is_empty()
                || !sc.poison.is_empty()
                || !sc.turn_control.is_empty()
            {
                return Err(whole(
                    "`start: new game` takes only `PLAYER deck:` lines, not `turn:`, zones, life or poison",
                ));
            }
        } else if !sc.decks.is_empty() {
            return Err(whole("`PLAYER deck:` lines need `start: new game`"));
        } else if !saw_turn {
            return Err(whole(
                "missing `turn: N PLAYER STEP` (or `start: new game`)",
            ));
        }
        Ok(sc)
    }

    /// A player by scenario name ("P1") or by given name.
    pub fn player(&self, s: &str) -> Option<usize> {
        if let Some(i) = s.strip_prefix('P').and_then(|n| n.parse::<usize>().ok()) {
            if i >= 1 && i <= self.players.len() {
                return Some(i - 1);
            }
        }
        self.players.iter().position(|p| p.eq_ignore_ascii_case(s))
    }
}

fn strip_comment(line: &str) -> &str {
    // `#` starts a comment unless it is a card index like `Bears#2`.
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && !bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            return &line[..i];
        }
    }
    line
}

/// Splits on commas outside parentheses and double quotes (a quoted name
/// may hold commas: `"Kuon, Ogre Ascendant"`).
fn split_top(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start, mut quoted) = (0, 0, false);
    for (i, c) in list.char_indices() {
        match c {
            // A name with a comma may be quoted: "Kamahl, Pit Fighter".
            '"' => quoted = !quoted,
            '(' if !quoted => depth += 1,
            ')' if !quoted => depth -= 1,
            ',' if depth == 0 && !quoted => {
                out.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&list[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// The card name of a zone-list item: without its status list and `xN`.
fn item_name(item: &str) -> &str {
    let head = item.split_once('(').map_or(item, |(h, _)| h).trim();
    match head.rsplit_once(" x") {
        Some((n, c)) if !c.is_empty() && c.chars().all(|ch| ch.is_ascii_digit()) => n.trim(),
        _ => head,
    }
}

/// Splits a zone list into items, joining back a card name that holds a
/// comma ("Mirri, Cat Warrior") when its first part names no card.
fn card_items(list: &str) -> Vec<String> {
    let parts = split_top(list);
    let mut out: Vec<String> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let mut item = parts[i].to_string();
        while i + 1 < parts.len()
            && !item.contains('(')
            && db().by_name(item_name(&item)).is_none()
            && db()
                .by_name(item_name(&format!("{item}, {}", parts[i + 1])))
                .is_some()
        {
            item = format!("{item}, {}", parts[i + 1]);
            i += 1;
        }
        out.push(item);
        i += 1;
    }
    out
}

fn parse_cards(list: &str, line: usize) -> Result<Vec<CardSpec>, String> {
    let mut out = Vec::new();
    for item in card_items(list) {
        let item = item.as_str();
        let (head, status) = match item.split_once('(') {
            Some((h, s)) => (h.trim(), Some(s.trim_end_matches(')').trim())),
            None => (item, None),
        };
        let (name, count) = match head.rsplit_once(" x") {
            Some((n, c)) if c.chars().all(|ch| ch.is_ascii_digit()) && !c.is_empty() => {
                (n.trim(), c.parse::<usize>().map_err(|e| e.to_string())?)
            }
            _ => (head, 1),
        };
        let name = match name.strip_prefix('"') {
            Some(n) => n
                .strip_suffix('"')
                .ok_or_else(|| format!("unterminated quote in {name:?}"))?,
            None => name,
        };
        let def = db()
            .by_name(name)
            .ok_or_else(|| format!("unknown card {name:?}"))?;
        let mut spec = CardSpec::plain(def.id, line);
        if let Some(st) = status {
            for part in st.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let words: Vec<&str> = part.split_whitespace().collect();
                match words.as_slice() {
                    ["tapped"] => spec.tapped = true,
                    ["untapped"] => spec.tapped = false,
                    ["sick"] => spec.sick = true,
                    ["face", "down"] => spec.face_down = true,
                    ["flipped"] => spec.flipped = true,
                    ["phased", "out"] => spec.phased_out = true,
                    ["damage", n] => spec.damage = n.parse().map_err(|_| format!("bad damage {n:?}"))?,
                    ["+1/+1", "counters" | "counter", n] => spec.plus = n.parse().map_err(|_| format!("bad count {n:?}"))?,
                    [kind, "counters" | "counter", n] if tolaria_cards::CounterKind::from_name(kind).is_some() => spec.counters.push((tolaria_cards::CounterKind::from_name(kind).expect("checked"), n.parse().map_err(|_| format!("bad count {n:?}"))?)),
                    ["-1/-1", "counters" | "counter", n] => spec.minus = n.parse().map_err(|_| format!("bad count {n:?}"))?,
                    ["attached", "to", rest @ ..] if !rest.is_empty() => spec.attached_to = Some(rest.join(" ")),
                    ["copy", "of", rest @ ..] if !rest.is_empty() => {
                        let of = rest.join(" ");
                        spec.copy_of = Some(db().by_name(&of).ok_or_else(|| format!("unknown card {of:?}"))?.id);
                    }
                    _ => return Err(format!("unknown status {part:?} (tapped, sick, damage N, +1/+1 counters N, -1/-1 counters N, fuse/luck/ki/age/fade/time counters N, face down, flipped, phased out, attached to NAME, copy of NAME)")),
                }
            }
        }
        for _ in 0..count {
            out.push(spec.clone());
        }
    }
    Ok(out)
}
