//! Running a scenario: build the game, apply the actions through the
//! engine's legal actions (never around them), check the expectations.

use crate::actions::pass_until;
use crate::actions::resolve;
use crate::parse::{Line, Scenario, ZoneName};
use std::path::PathBuf;
use tolaria_cards::CardId;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, StackKind, Target, Zone};

/// One failed action or expectation: where, what, and the state then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub file: String,
    /// The scenario line (0: the scenario as a whole).
    pub line: usize,
    pub message: String,
    /// A short dump of the game at that point (life, zones, stack, decision, last log lines).
    pub state: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)?;
        if !self.state.is_empty() {
            write!(f, "\n{}", self.state.trim_end())?;
        }
        Ok(())
    }
}

/// The outcome of one scenario.
#[derive(Debug, Clone)]
pub struct Report {
    pub file: String,
    pub name: String,
    /// Each failed expectation or action, with the line and a state dump.
    pub failures: Vec<Failure>,
}

impl Report {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Runs scenario files; returns (passed, failed, report lines): `ok   FILE
/// (NAME)` or `FAIL FILE (NAME)` per file, each failure indented below.
/// The failure message of a scenario during which the engine panicked.
pub const PANICKED: &str = "the engine panicked here (see the test output for the message)";

pub fn run_files(paths: &[PathBuf]) -> (usize, usize, Vec<String>) {
    let (mut passed, mut failed, mut lines) = (0, 0, Vec::new());
    for p in paths {
        match Scenario::load(p) {
            Err(e) => {
                failed += 1;
                lines.push(format!("FAIL {e}"));
            }
            Ok(sc) => {
                let r = sc.run();
                if r.passed() {
                    passed += 1;
                    lines.push(format!("ok   {} ({})", r.file, r.name));
                } else {
                    failed += 1;
                    lines.push(format!("FAIL {} ({})", r.file, r.name));
                    lines.extend(
                        r.failures
                            .iter()
                            .map(|f| format!("     {}", f.to_string().replace('\n', "\n     "))),
                    );
                }
            }
        }
    }
    (passed, failed, lines)
}

impl Scenario {
    /// 609.1: the team of the player at index `p` (`team:` lines).
    fn team_of(&self, p: usize) -> Option<u8> {
        self.teams
            .iter()
            .position(|t| t.contains(&p))
            .map(|t| t as u8)
    }

    /// Builds the game this scenario describes, at its turn and step (or at
    /// the first mulligan decision of a new game). An error names the line.
    pub fn build(&self) -> Result<Game, (usize, String)> {
        let names: Vec<&str> = self.players.iter().map(String::as_str).collect();
        if self.new_game {
            let decks: Vec<(&str, Vec<CardId>)> = (0..names.len())
                .map(|p| {
                    let cards = self
                        .decks
                        .iter()
                        .filter(|(q, _)| *q == p)
                        .flat_map(|(_, c)| c.iter().copied())
                        .collect();
                    (names[p], cards)
                })
                .collect();
            if !self.teams.is_empty()
                || self.random_seating
                || self.options.variant == tolaria_rules::variants::multiplayer::Variant::GrandMelee
                || self.options.range.is_some()
                || !self.ranges.is_empty()
            {
                // 605.3, 607.2, 609.3: the game seats the players.
                let setup = tolaria_rules::variants::teams::Setup {
                    entrants: decks
                        .into_iter()
                        .enumerate()
                        .map(
                            |(p, (name, deck))| tolaria_rules::variants::teams::Entrant {
                                name: name.to_string(),
                                deck,
                                team: self.team_of(p),
                                range: self.ranges.get(p).copied().flatten(),
                            },
                        )
                        .collect(),
                    options: self.options,
                    random_seating: self.random_seating,
                };
                return Game::new_multiplayer(&setup, self.seed).map_err(|e| (0, e.to_string()));
            }
            // 217.9a–c: the options are chosen before the game begins.
            return Game::new_game_with(&decks, self.seed, self.options)
                .map_err(|e| (0, e.to_string()));
        }
        let mut g = Game::empty(&names, self.seed);
        g.options = self.options;
        if g.options.variant == tolaria_rules::variants::multiplayer::Variant::GrandMelee {
            // 608.2a: each player has a range of influence of 1.
            g.options.range = Some(1);
        }
        // 609.1, 607.2: the teams as listed, seated as listed; the first
        // player of each team is its emperor in an Emperor game.
        for p in 0..names.len() {
            g.players[p].team = self.team_of(p);
        }
        if self.options.variant == tolaria_rules::variants::multiplayer::Variant::Emperor {
            for t in &self.teams {
                if let Some(&e) = t.first() {
                    g.players[e].emperor = true;
                }
            }
        }
        // 601.2a, 607.3a: the ranges of influence (determined as if the
        // turn had begun, 601.2c).
        let given: Vec<Option<u8>> = (0..names.len())
            .map(|p| self.ranges.get(p).copied().flatten())
            .collect();
        g.set_ranges(&given);
        let mut attach: Vec<(ObjId, String, usize)> = Vec::new();
        let mut phase: Vec<ObjId> = Vec::new();
        for (p, zone, cards) in &self.zones {
            let pid = PlayerId(*p as u8);
            if *zone == ZoneName::Outside {
                // 217.1e: cards outside the game aren't objects.
                for c in cards {
                    if c.tapped
                        || c.sick
                        || c.face_down
                        || c.damage > 0
                        || c.attached_to.is_some()
                        || c.copy_of.is_some()
                    {
                        return Err((c.line, "only cards in play can have a status".into()));
                    }
                    g.players[*p].outside.push(c.card);
                }
                continue;
            }
            let z = match zone {
                ZoneName::Hand => Zone::Hand(pid),
                ZoneName::Library => Zone::Library(pid),
                ZoneName::Graveyard => Zone::Graveyard(pid),
                ZoneName::InPlay => Zone::InPlay,
                ZoneName::Removed => Zone::RemovedFromGame,
                ZoneName::Ante => Zone::Ante,
                ZoneName::Outside => unreachable!("handled above"),
            };
            // Libraries are listed top first; the engine keeps the top last.
            let ordered: Vec<_> = if *zone == ZoneName::Library {
                cards.iter().rev().collect()
            } else {
                cards.iter().collect()
            };
            for c in ordered {
                if *zone != ZoneName::InPlay
                    && (c.tapped
                        || c.sick
                        || c.face_down
                        || c.copy_of.is_some()
                        || c.flipped
                        || c.phased_out
                        || c.damage > 0
                        || c.plus > 0
                        || c.minus > 0
                        // 502.59b: a suspended card has its time counters.
                        || (!c.counters.is_empty() && *zone != ZoneName::Removed)
                        || c.attached_to.is_some())
                {
                    return Err((c.line, "only cards in play can have a status".into()));
                }
                let id = g.create_card(c.card, pid, z);
                // Set directly below: the game's derived flag follows
                // (`Game::face_down_seen`), before any set-up event.
                g.face_down_seen |= c.face_down;
                let o = &mut g.objects[id.slot as usize];
                o.set_tapped(c.tapped);
                o.damage = c.damage;
                o.plus_counters = c.plus;
                o.minus_counters = c.minus;
                // Inputs of its board entry written directly (issue 22).
                o.mark_board_input();
                for &(kind, n) in &c.counters {
                    o.add_counters(kind, n as i32);
                }
                if c.sick {
                    // 212.3f; 502.19a: it came under its controller's
                    // control this turn (so since their last upkeep too).
                    o.flags |= tolaria_rules::state::object::flags::SICK;
                    o.control_marks = tolaria_rules::state::object::marks::CONTROL_SINCE_UPKEEP;
                }
                if c.face_down {
                    o.flags |= tolaria_rules::state::object::flags::FACE_DOWN;
                }
                if c.flipped {
                    o.flags |= tolaria_rules::state::object::flags::FLIPPED;
                }
                if c.phased_out {
                    phase.push(id);
                }
                // 503.4: it became a copy of that card while in play.
                if let Some(of) = c.copy_of {
                    let ts = g.objects[id.slot as usize].timestamp;
                    g.effects
                        .push(tolaria_rules::continuous::effects::ContinuousEffect {
                            timestamp: ts,
                            source_card: of,
                            controller: pid,
                            affected: id,
                            effect: Default::default(),
                            copy: Some(tolaria_rules::continuous::effects::Copiable::printed(
                                of, None,
                            )),
                            until_end_of_turn: false,
                            until_end_of_combat: false,
                            while_tapped: None,
                            until_leaves: None,
                            while_enchanted: false,
                            while_controlled: false,
                            while_controls: None,
                            until_upkeep_of: None,
                            to_attached: false,
                        });
                }
                if let Some(a) = &c.attached_to {
                    attach.push((id, a.clone(), c.line));
                }
            }
        }
        for (id, what, line) in attach {
            let t = if let Some(p) = self.player(&what) {
                Target::Player(PlayerId(p as u8))
            } else {
                let (name, k) = split_index(&what);
                let found = g
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| o != id && named(&g, o, name))
                    .nth(k);
                Target::Object(found.ok_or_else(|| {
                    (line, format!("nothing in play named {what:?} to attach to"))
                })?)
            };
            g.objects[id.slot as usize].attached_to = Some(t);
        }
        // 502.15i: once attachments are set, what is attached phases out too.
        for id in phase {
            g.phase_out(id);
        }
        // 606.4a: the teams' shared life totals (a `life` line sets the
        // player's team's).
        if g.two_headed() {
            g.start_team_life();
        }
        for &(p, life) in &self.life {
            g.set_life(PlayerId(p as u8), life);
        }
        for &(p, poison) in &self.poison {
            g.players[p].poison = poison;
        }
        for &(controlled, controller) in &self.turn_control {
            g.turn_control_next
                .push((PlayerId(controlled as u8), PlayerId(controller as u8)));
        }
        if g.options.variant == tolaria_rules::variants::multiplayer::Variant::GrandMelee {
            // 608.4: the turn markers (default: 608.4b's, from the active
            // player, four seats apart).
            let holders: Vec<(PlayerId, tolaria_cards::Step)> = self
                .markers
                .iter()
                .map(|&(p, s)| (PlayerId(p as u8), s.unwrap_or(self.step)))
                .collect();
            g.place_turn_markers(&holders, self.turn, PlayerId(self.active as u8), self.step)
                .map_err(|e| (0, e))?;
        }
        g.begin_at(self.turn, PlayerId(self.active as u8), self.step);
        Ok(g)
    }

    /// Runs the script and checks the expectations. An engine panic is
    /// caught and reported as a failure at the line being run.
    pub fn run(&self) -> Report {
        let mut report = Report {
            file: self.file.clone(),
            name: self.name.clone(),
            failures: Vec::new(),
        };
        let at = std::cell::Cell::new(0usize);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run_inner(&mut report, &at)
        }));
        if result.is_err() {
            report.failures.push(Failure {
                file: self.file.clone(),
                line: at.get(),
                message: PANICKED.into(),
                state: String::new(),
            });
        }
        report
    }

    fn run_inner(&self, report: &mut Report, at: &std::cell::Cell<usize>) {
        let fail = |line: usize, message: String, state: String| Failure {
            file: self.file.clone(),
            line,
            message,
            state,
        };
        let mut g = match self.build() {
            Ok(g) => g,
            Err((line, e)) => {
                report.failures.push(fail(line, e, String::new()));
                return;
            }
        };
        let mut log: Vec<String> = Vec::new();
        let drain = |g: &mut Game, log: &mut Vec<String>| {
            log.extend(g.take_events().iter().filter_map(|e| e.log_line()))
        };
        drain(&mut g, &mut log);
        for (line, step) in &self.script {
            at.set(*line);
            let result = match step {
                Line::Action { player, text } => self.act(&mut g, PlayerId(*player as u8), text),
                Line::Resolve => resolve(&mut g),
                Line::PassUntil { player, step } => {
                    pass_until(&mut g, PlayerId(*player as u8), *step)
                }
                Line::Expect(text) => {
                    drain(&mut g, &mut log);
                    self.check(&g, &log, text)
                }
            };
            drain(&mut g, &mut log);
            if let Err(e) = result {
                report.failures.push(fail(*line, e, dump(&g, &log)));
                if !matches!(step, Line::Expect(_)) {
                    // The game can't follow the script past a failed action.
                    break;
                }
            }
        }
    }

    pub(crate) fn pid(&self, p: &str) -> Result<PlayerId, String> {
        self.player(p)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| format!("unknown player {p:?}"))
    }

    pub(crate) fn zone_list(
        &self,
        g: &Game,
        p: PlayerId,
        zone: &str,
    ) -> Result<Vec<ObjId>, String> {
        Ok(match zone {
            "hand" => g.player(p).hand.clone(),
            "library" => g.player(p).library.clone(),
            "graveyard" => g.player(p).graveyard.clone(),
            "in_play" | "play" => g.controlled_by(p).collect(),
            "removed" => g
                .removed
                .iter()
                .copied()
                .filter(|&o| g.objects[o.slot as usize].owner == p)
                .collect(),
            // 217.9: the ante zone is shared; a player's cards are those
            // they own.
            "ante" => g
                .ante
                .iter()
                .copied()
                .filter(|&o| g.objects[o.slot as usize].owner == p)
                .collect(),
            // 217.8, 302.1: what phased out under the player's control.
            "phased_out" => g
                .phased_out
                .iter()
                .filter(|x| x.controller == p)
                .map(|x| x.id)
                .collect(),
            z => return Err(format!("unknown zone {z:?}")),
        })
    }
}

pub(crate) fn split_index(s: &str) -> (&str, usize) {
    match s.trim().rsplit_once('#') {
        Some((n, k)) if k.parse::<usize>().is_ok_and(|k| k >= 1) => {
            (n.trim(), k.parse::<usize>().unwrap_or(1) - 1)
        }
        _ => (s.trim(), 0),
    }
}

/// A decision kind's short name in expectations: its name with underscores,
/// shortened for the common ones (`target`, `x`, `assign_damage`, …).
pub(crate) fn decision_short(k: &DecisionKind) -> String {
    match k.name() {
        "choose target" => "target".into(),
        "choose X" => "x".into(),
        "assign combat damage" => "assign_damage".into(),
        "sacrifice as a cost" => "sacrifice_cost".into(),
        "discard as a cost" => "discard_cost".into(),
        "call the coin flip" => "call_coin".into(),
        "keep a coin" => "keep_coin".into(),
        "choose a card from outside the game" => "choose_outside".into(),
        "choose a mode" => "mode".into(),
        n => n.replace(' ', "_"),
    }
}

pub(crate) fn describe_all(g: &Game, legal: &[Action]) -> String {
    legal
        .iter()
        .map(|a| g.describe(a))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A short dump of the state, for failure reports.
fn dump(g: &Game, log: &[String]) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "  state: turn {} ({}'s), {}, result {:?}\n",
        g.turn,
        g.active,
        g.step.short(),
        g.result
    ));
    for p in g.player_ids() {
        let pl = g.player(p);
        let names = |v: &[ObjId]| {
            v.iter()
                .map(|&o| obj_name(g, o).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        s.push_str(&format!(
            "  {p}: life {} poison {} pool {} | hand: {} | graveyard: {}\n",
            g.life(p),
            pl.poison,
            pl.pool,
            names(&pl.hand),
            names(&pl.graveyard)
        ));
        let perms: Vec<String> = g
            .controlled_by(p)
            .map(|o| {
                let ch = compute(g, o);
                let x = g.obj(o).expect("in play");
                // 504.3: a face-down permanent, with the card it is.
                let mut d = if x.is_face_down() {
                    format!("Face-down creature [{}]", obj_name(g, o))
                } else {
                    ch.name().to_string()
                };
                if ch.is_creature() {
                    d.push_str(&format!(" {}/{}", ch.power, ch.toughness));
                }
                if x.is_tapped() {
                    d.push_str(" (tapped)");
                }
                if x.damage > 0 {
                    d.push_str(&format!(" (damage {})", x.damage));
                }
                d
            })
            .collect();
        s.push_str(&format!("     in play: {}\n", perms.join(", ")));
    }
    let stack: Vec<String> = g
        .stack
        .iter()
        .rev()
        .map(|it| match &it.kind {
            StackKind::Spell { obj } => obj_name(g, *obj).to_string(),
            StackKind::Ability {
                card, triggered, ..
            } => format!(
                "{} ability of {}",
                if *triggered { "triggered" } else { "activated" },
                tolaria_cards::db().get(*card).name
            ),
            StackKind::CombatDamage(_) => "combat damage".to_string(),
        })
        .collect();
    s.push_str(&format!(
        "  stack (top first): {}\n",
        if stack.is_empty() {
            "empty".to_string()
        } else {
            stack.join(", ")
        }
    ));
    s.push_str(&format!(
        "  decision: {}\n",
        match (&g.decision, g.decider()) {
            (Some(d), Some(who)) =>
                format!("{} for {} (decided by {who})", d.kind.name(), d.player),
            _ => "none".to_string(),
        }
    ));
    // The last 8 log lines, or as many as TOLARIA_SCENARIO_LOG_LINES asks
    // for when writing a scenario.
    let lines = std::env::var("TOLARIA_SCENARIO_LOG_LINES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(8);
    let tail = log.len().saturating_sub(lines);
    for l in &log[tail..] {
        s.push_str(&format!("  | {l}\n"));
    }
    s
}

/// An object's name: a token's name comes from the effect that made it (216.2).
/// Whether an object answers to a name: its card's (or token's) name, or
/// the name of one of its card's faces (508: "Jushi Apprentice" or "Tomoya
/// the Revealer" for the flip card "Jushi Apprentice // Tomoya the Revealer").
pub(crate) fn named(g: &Game, o: ObjId, name: &str) -> bool {
    let obj = &g.objects[o.slot as usize];
    obj_name(g, o).eq_ignore_ascii_case(name)
        || (obj.token_src.is_none()
            && obj.def().faces.len() > 1
            && obj
                .def()
                .faces
                .iter()
                .any(|f| f.name.eq_ignore_ascii_case(name)))
}

pub(crate) fn obj_name(g: &Game, o: ObjId) -> &'static str {
    let obj = &g.objects[o.slot as usize];
    match obj.token_src.and_then(|t| t.spec()) {
        Some(spec) => &spec.name,
        None => &obj.def().name,
    }
}

/// The double-quoted parts of a text.
pub(crate) fn quoted(text: &str) -> Vec<&str> {
    text.split('"').skip(1).step_by(2).collect()
}
