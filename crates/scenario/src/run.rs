//! Running a scenario: build the game, apply the actions through the
//! engine's legal actions (never around them), check the expectations.

use crate::parse::{Line, Scenario, ZoneName};
use std::path::PathBuf;
use tolaria_cards::{CardId, ManaKind, Step};
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{
    Action, DecisionKind, Game, GameResult, ObjId, PlayerId, StackKind, Target, Zone,
};

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
            let mut g = Game::new_game(&decks, self.seed);
            g.options = self.options;
            return Ok(g);
        }
        let mut g = Game::empty(&names, self.seed);
        g.options = self.options;
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
                let o = &mut g.objects[id.slot as usize];
                o.set_tapped(c.tapped);
                o.damage = c.damage;
                o.plus_counters = c.plus;
                o.minus_counters = c.minus;
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
                            copy: Some(tolaria_rules::continuous::effects::Copiable {
                                card: of,
                                token: None,
                                gains: None,
                                colors: None,
                            }),
                            until_end_of_turn: false,
                            while_tapped: None,
                            while_enchanted: false,
                            while_controlled: false,
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
        for &(p, life) in &self.life {
            g.players[p].life = life;
        }
        for &(p, poison) in &self.poison {
            g.players[p].poison = poison;
        }
        for &(controlled, controller) in &self.turn_control {
            g.turn_control_next
                .push((PlayerId(controlled as u8), PlayerId(controller as u8)));
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
                message: "the engine panicked here (see the test output for the message)".into(),
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

    /// Resolves an action line against the legal actions of the pending decision.
    fn act(&self, g: &mut Game, player: PlayerId, text: &str) -> Result<(), String> {
        let Some(decider) = g.decider() else {
            return Err(format!("no decision is pending for {text:?}"));
        };
        let legal = g.legal_actions();
        let words: Vec<&str> = text.split_whitespace().collect();
        let verb = words[0].to_ascii_lowercase();
        let rest = words[1..].join(" ");
        let action = if verb == "keep" && (rest == "heads" || rest == "tails") {
            // 419.1 (Krark's Thumb): keep the coin that came up heads or tails.
            if decider != player {
                return Err(format!("{text:?}: {} decides now, not {}", decider, player));
            }
            Action::KeepCoin(rest == "heads")
        } else if verb == "concede" {
            // `concede` is the player's own; `concede P2` asks to concede for
            // another player, which the engine refuses (507.3b).
            match rest.as_str() {
                "" => Action::Concede(player),
                other => Action::Concede(self.pid(other)?),
            }
        } else {
            if decider != player {
                return Err(format!("{text:?}: {} decides now, not {}", decider, player));
            }
            let simple = match verb.as_str() {
                "pass" => Some(Action::Pass),
                "keep" => Some(Action::Keep),
                "mulligan" => Some(Action::Mulligan),
                "done" => Some(Action::Done),
                "cancel" => Some(Action::CancelPlay),
                "yes" => Some(Action::Yes),
                "no" => Some(Action::No),
                "heads" => Some(Action::CallHeads),
                "tails" => Some(Action::CallTails),
                // 419.1b: choose a colour as a permanent comes into play.
                "color" => Some(Action::ChooseColor(
                    tolaria_cards::Color::from_name(&rest)
                        .ok_or_else(|| format!("bad colour {rest:?}"))?,
                )),
                // 419.1b: choose a creature type as a permanent comes into play.
                "type" => Some(Action::ChooseCreatureType(
                    tolaria_cards::Subtype::lookup(&rest)
                        .filter(|t| t.is_creature_type())
                        .ok_or_else(|| format!("bad creature type {rest:?}"))?,
                )),
                // 419.1b: name a card as a permanent comes into play (any
                // card name of the pool; 505.7: a split card by both halves).
                "name" => Some(Action::NameCard(
                    tolaria_cards::db()
                        .card_name(&rest)
                        .ok_or_else(|| format!("unknown card name {rest:?}"))?,
                )),
                // 419.9a: apply the N-th listed replacement effect first.
                "apply" => Some(Action::ChooseReplacement(
                    rest.parse::<u8>()
                        .ok()
                        .and_then(|m| m.checked_sub(1))
                        .ok_or_else(|| format!("bad choice {rest:?} (numbered from 1)"))?,
                )),
                // 418.6: a colour word or basic land type.
                "word" => Some(Action::ChooseWord(
                    tolaria_cards::Color::from_name(&rest)
                        .map(tolaria_cards::TextWord::Color)
                        .or_else(|| {
                            tolaria_cards::BasicLandType::from_name(&rest)
                                .map(tolaria_cards::TextWord::LandType)
                        })
                        .ok_or_else(|| {
                            format!("bad word {rest:?} (a colour or a basic land type)")
                        })?,
                )),
                "x" => Some(Action::ChooseX(
                    rest.parse().map_err(|_| format!("bad X {rest:?}"))?,
                )),
                "assign" => Some(Action::AssignDamage(
                    rest.parse().map_err(|_| format!("bad amount {rest:?}"))?,
                )),
                // Modes are numbered from 1, as the terminal shows them.
                "mode" => Some(Action::ChooseMode(
                    rest.parse::<u8>()
                        .ok()
                        .and_then(|m| m.checked_sub(1))
                        .ok_or_else(|| format!("bad mode {rest:?} (modes are numbered from 1)"))?,
                )),
                "trigger" => Some(Action::ChooseTrigger(
                    rest.parse().map_err(|_| format!("bad index {rest:?}"))?,
                )),
                _ => None,
            };
            match simple {
                Some(a) => a,
                None => self.named_action(g, &legal, &verb, &rest)?,
            }
        };
        // A named card need not be among the names listed (419.1b: any
        // card name may be named); the engine judges it.
        if action != Action::Concede(player)
            && !matches!(action, Action::NameCard(_))
            && !legal.contains(&action)
        {
            return Err(format!(
                "{text:?} is not legal now ({:?} decision); legal: {}",
                g.decision.as_ref().map(|d| d.kind.name()),
                describe_all(g, &legal)
            ));
        }
        g.apply_as(player, action)
            .map_err(|e| format!("{text:?}: {e}"))
    }

    fn named_action(
        &self,
        g: &Game,
        legal: &[Action],
        verb: &str,
        rest: &str,
    ) -> Result<Action, String> {
        // Candidates: legal actions of this verb, with the object they name.
        let pick = |cands: Vec<(ObjId, Action)>, what: &str| -> Result<Action, String> {
            let (name, k) = split_index(what);
            let mut seen: Vec<ObjId> = Vec::new();
            for (o, a) in &cands {
                if named(g, *o, name) && !seen.contains(o) {
                    seen.push(*o);
                    if seen.len() == k + 1 {
                        return Ok(a.clone());
                    }
                }
            }
            Err(format!(
                "no legal `{verb}` for {what:?}; legal: {}",
                describe_all(g, legal)
            ))
        };
        match verb {
            // 502.26a: `play NAME face down`.
            "play" if rest.to_ascii_lowercase().ends_with(" face down") => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::PlayFaceDown(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest[..rest.len() - " face down".len()].trim(),
            ),
            // 502.59a: `suspend NAME` (a card in the hand).
            "suspend" => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Suspend(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest.trim(),
            ),
            // 502.26d: `turn NAME face up` (the card's own name).
            "turn" if rest.to_ascii_lowercase().ends_with(" face up") => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::TurnFaceUp(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest[..rest.len() - " face up".len()].trim(),
            ),
            // 505.2: a split card is played as a half, named by the half's
            // name (`play Fire`).
            "play" => {
                let (name, _) = split_index(rest);
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::PlayLand(o) | Action::PlaySpell(o) => Some((*o, a.clone())),
                            Action::PlaySplit { card, half }
                                if g.objects[card.slot as usize].def().faces[*half as usize]
                                    .name
                                    .eq_ignore_ascii_case(name) =>
                            {
                                Some((*card, a.clone()))
                            }
                            _ => None,
                        })
                        .collect(),
                    rest,
                )
            }
            "activate" => {
                let (what, idx) = match rest.rsplit_once(" ability ") {
                    Some((w, i)) => (
                        w,
                        Some(
                            i.trim()
                                .parse::<u8>()
                                .map_err(|_| format!("bad ability index {i:?}"))?,
                        ),
                    ),
                    None => (rest, None),
                };
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::Activate { source, index }
                                if idx.is_none_or(|i| i == *index) =>
                            {
                                Some((*source, a.clone()))
                            }
                            _ => None,
                        })
                        .collect(),
                    what,
                )
            }
            "mana" => {
                let (what, kind) = match rest.rsplit_once(' ') {
                    Some((w, k)) if k.len() == 1 => (
                        w,
                        Some(k.chars().next().unwrap_or('C').to_ascii_uppercase()),
                    ),
                    _ => (rest, None),
                };
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::ActivateMana {
                                source, kind: k, ..
                            } if kind.is_none_or(|c| ManaKind::symbol(*k) == c) => {
                                Some((*source, a.clone()))
                            }
                            _ => None,
                        })
                        .collect(),
                    what,
                )
            }
            "target" => {
                if let Some(p) = self.player(rest) {
                    return Ok(Action::ChooseTarget(Target::Player(PlayerId(p as u8))));
                }
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::ChooseTarget(Target::Object(o)) => Some((*o, a.clone())),
                            _ => None,
                        })
                        .collect(),
                    rest,
                )
            }
            // 602.3: `attack NAME at PLAYER` (attack multiple players option).
            "attack" if rest.contains(" at ") => {
                let (n, p) = rest.rsplit_once(" at ").unwrap_or((rest, ""));
                let want = self
                    .player(p.trim())
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::AttackPlayer { attacker, player } if player.index() == want => {
                                Some((*attacker, a.clone()))
                            }
                            _ => None,
                        })
                        .collect(),
                    n,
                )
            }
            "attack" => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Attack(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest,
            ),
            "ninjutsu" => {
                // 502.43a: `ninjutsu CARD returning ATTACKER`.
                let (c, a) = rest
                    .split_once(" returning ")
                    .ok_or("expected `ninjutsu CARD returning ATTACKER`")?;
                legal
                    .iter()
                    .find(|x| {
                        matches!(x, Action::Ninjutsu { card, attacker }
                            if named(g, *card, c.trim()) && named(g, *attacker, a.trim()))
                    })
                    .cloned()
                    .ok_or_else(|| {
                        format!(
                            "no legal `ninjutsu` for {rest:?}; legal: {}",
                            describe_all(g, legal)
                        )
                    })
            }
            "band" => {
                // 502.10b: `band CREATURE with OTHER` (either order).
                let (x, y) = rest
                    .split_once(" with ")
                    .ok_or("expected `band CREATURE with OTHER`")?;
                let attacker = |n: &str| -> Result<ObjId, String> {
                    let (an, ak) = split_index(n);
                    let list: Vec<ObjId> = g
                        .combat
                        .attackers
                        .iter()
                        .map(|a| a.obj)
                        .filter(|&o| named(g, o, an))
                        .collect();
                    list.get(ak)
                        .copied()
                        .ok_or_else(|| format!("no attacker named {n:?}"))
                };
                let (x, y) = (attacker(x)?, attacker(y)?);
                legal
                    .iter()
                    .find(|a| {
                        matches!(a, Action::Band { creature, with }
                            if (*creature, *with) == (x, y) || (*creature, *with) == (y, x))
                    })
                    .cloned()
                    .ok_or_else(|| {
                        format!(
                            "no legal `band` for {rest:?}; legal: {}",
                            describe_all(g, legal)
                        )
                    })
            }
            "block" => {
                let (att, blk) = rest
                    .split_once(" with ")
                    .ok_or("expected `block ATTACKER with BLOCKER`")?;
                let (an, ak) = split_index(att);
                let attackers: Vec<ObjId> = g
                    .combat
                    .attackers
                    .iter()
                    .map(|a| a.obj)
                    .filter(|&o| named(g, o, an))
                    .collect();
                let attacker = *attackers
                    .get(ak)
                    .ok_or_else(|| format!("no attacker named {att:?}"))?;
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::Block {
                                blocker,
                                attacker: x,
                            } if *x == attacker => Some((*blocker, a.clone())),
                            _ => None,
                        })
                        .collect(),
                    blk,
                )
            }
            "choose"
                if legal.iter().any(|a| {
                    matches!(a, Action::ChooseOutside(_) | Action::ChooseFromMainGame(_))
                }) =>
            {
                // A Wish: a card outside the game by name, else one removed
                // from the game, else (in a subgame, 506.5) one of the main game.
                let who = g.decision.as_ref().map_or(g.active, |d| d.player);
                let outside = &g.player(who).outside;
                let found = legal.iter().find(|a| match a {
                    Action::ChooseOutside(i) => outside.get(*i as usize).is_some_and(|&c| {
                        tolaria_cards::db()
                            .get(c)
                            .name
                            .eq_ignore_ascii_case(rest.trim())
                    }),
                    Action::ChooseObject(o) => named(g, *o, rest.trim()),
                    Action::ChooseFromMainGame(o) => {
                        g.main_game().is_some_and(|m| named(m, *o, rest.trim()))
                    }
                    _ => false,
                });
                found.cloned().ok_or_else(|| {
                    format!(
                        "no legal `choose` for {rest:?}; legal: {}",
                        describe_all(g, legal)
                    )
                })
            }
            "discard" | "sacrifice" | "choose" => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::ChooseObject(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest,
            ),
            _ => Err(format!("unknown action {verb:?}")),
        }
    }

    /// Checks one expectation.
    fn check(&self, g: &Game, log: &[String], text: &str) -> Result<(), String> {
        let fail = |m: String| Err(format!("expect {text:?}: {m}"));
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.is_empty() {
            return fail("empty expectation".into());
        }
        // Legal-action checks: legal has "…" / legal lacks "…" (on the descriptions).
        if words[0] == "legal" {
            let quoted = text
                .split_once('"')
                .and_then(|(_, r)| r.rsplit_once('"'))
                .map(|(q, _)| q)
                .ok_or("expected a quoted text")?;
            let descs: Vec<String> = g.legal_actions().iter().map(|a| g.describe(a)).collect();
            let found = descs.iter().any(|d| d.contains(quoted));
            return match (words.get(1).copied(), found) {
                (Some("has"), true) | (Some("lacks"), false) => Ok(()),
                (Some("has"), false) => fail(format!(
                    "no legal action matches; legal: {}",
                    descs.join("; ")
                )),
                (Some("lacks"), true) => fail("a legal action matches".into()),
                _ => fail("expected `legal has \"…\"` or `legal lacks \"…\"`".into()),
            };
        }
        // Log checks: log has "…" / log lacks "…" / log has "A" then "B".
        if words[0] == "log" {
            let q = quoted(text);
            let verb = words.get(1).copied();
            if q.len() == 2 && verb == Some("has") {
                let first = log.iter().position(|l| l.contains(q[0]));
                return match first {
                    None => fail(format!("no log line contains {:?}", q[0])),
                    Some(i) if log[i + 1..].iter().any(|l| l.contains(q[1])) => Ok(()),
                    Some(_) => fail(format!(
                        "no log line after the first {:?} contains {:?}",
                        q[0], q[1]
                    )),
                };
            }
            let [quoted] = q.as_slice() else {
                return fail(
                    "expected `log has \"…\"`, `log lacks \"…\"` or `log has \"…\" then \"…\"`"
                        .into(),
                );
            };
            let found = log.iter().any(|l| l.contains(quoted));
            return match (verb, found) {
                (Some("has"), true) | (Some("lacks"), false) => Ok(()),
                (Some("has"), false) => fail("no log line contains it".into()),
                (Some("lacks"), true) => fail("a log line contains it".into()),
                _ => fail("expected `log has \"…\"` or `log lacks \"…\"`".into()),
            };
        }
        // 507.3 and friends: `P1 can't ACTION` tries the action on a copy of
        // the game as P1 and expects the engine to refuse it.
        if let [p, "can't" | "cannot", rest @ ..] = words.as_slice() {
            if !rest.is_empty() && !matches!(rest[0], "see" | "identify") {
                let pid = self.pid(p)?;
                let mut copy = g.clone();
                return match self.act(&mut copy, pid, &rest.join(" ")) {
                    Err(_) => Ok(()),
                    Ok(()) => fail("the engine accepted it".into()),
                };
            }
        }
        match words.as_slice() {
            // 507.3: who makes the pending decision (`decision` names the
            // player on whose behalf it is made).
            ["decider", p] => {
                let want = self.pid(p)?;
                match g.decider() {
                    Some(d) if d == want => Ok(()),
                    Some(d) => fail(format!("{d} decides")),
                    None => fail("no decision".into()),
                }
            }
            // 507: who controls the current turn.
            ["turn", "controller", p] => {
                let want = self.pid(p)?;
                if g.turn_controller == want {
                    Ok(())
                } else {
                    fail(format!("{} controls the turn", g.turn_controller))
                }
            }
            // 507.2: whether `view(P1)` identifies a permanent (face-down ones).
            [p, "identifies", ..] | [p, "can't", "identify", ..] => {
                let viewer = self.pid(p)?;
                let shows = words[1] == "identifies";
                let name = words[if shows { 2 } else { 3 }..].join(" ");
                let (name, k) = split_index(&name);
                let o = g
                    .in_play
                    .iter()
                    .copied()
                    .filter(|&o| named(g, o, name))
                    .nth(k)
                    .ok_or_else(|| format!("expect {text:?}: no permanent named {name:?}"))?;
                let known = g
                    .view(viewer)
                    .in_play
                    .iter()
                    .find(|v| v.id == o)
                    .is_some_and(|v| v.card.is_some());
                match (shows, known) {
                    (true, true) | (false, false) => Ok(()),
                    (true, false) => fail("hidden from that player".into()),
                    (false, true) => fail("that player can identify it".into()),
                }
            }
            // 507.2: what `view(P1)` shows of P2's hand.
            [p, "sees", q, "hand"] | [p, "can't", "see", q, "hand"] => {
                let (viewer, owner) = (self.pid(p)?, self.pid(q)?);
                let shown = g.view(viewer).players[owner.index()].hand.is_some();
                match (words[1] == "sees", shown) {
                    (true, true) | (false, false) => Ok(()),
                    (true, false) => fail("the hand is hidden from that player".into()),
                    (false, true) => fail("the hand is shown to that player".into()),
                }
            }
            // 502.27a: whether `view(P1)` identifies a card in P2's hand
            // (the whole hand shown, or the card revealed).
            [p, "sees", q, "hand", "card", ..] | [p, "can't", "see", q, "hand", "card", ..] => {
                let at = if words[1] == "sees" { 5 } else { 6 };
                let name = words[at..].join(" ");
                let (viewer, owner) = (self.pid(p)?, self.pid(q)?);
                let v = g.view(viewer);
                let pv = &v.players[owner.index()];
                let shown = pv
                    .hand
                    .iter()
                    .flatten()
                    .chain(pv.revealed.iter())
                    .any(|c| c.name.as_deref() == Some(name.as_str()));
                match (words[1] == "sees", shown) {
                    (true, true) | (false, false) => Ok(()),
                    (true, false) => fail("the card is hidden from that player".into()),
                    (false, true) => fail("the card is shown to that player".into()),
                }
            }
            // What `view(P1)` shows of P2's library: its top card only if
            // revealed (Future Sight).
            [p, "sees", q, "library", "top"] | [p, "can't", "see", q, "library", "top"] => {
                let (viewer, owner) = (self.pid(p)?, self.pid(q)?);
                let shown = g.view(viewer).players[owner.index()]
                    .library_top
                    .as_ref()
                    .is_some_and(|c| c.card.is_some());
                match (words[1] == "sees", shown) {
                    (true, true) | (false, false) => Ok(()),
                    (true, false) => fail("the top card is hidden from that player".into()),
                    (false, true) => fail("the top card is shown to that player".into()),
                }
            }
            ["winner", p] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                if g.result == Some(GameResult::Win(PlayerId(want as u8))) {
                    Ok(())
                } else {
                    fail(format!("result is {:?}", g.result))
                }
            }
            ["draw"] => {
                if g.result == Some(GameResult::Draw) {
                    Ok(())
                } else {
                    fail(format!("result is {:?}", g.result))
                }
            }
            ["no", "winner"] => {
                if g.result.is_none() {
                    Ok(())
                } else {
                    fail(format!("result is {:?}", g.result))
                }
            }
            ["stack", "empty"] => {
                if g.stack.is_empty() {
                    Ok(())
                } else {
                    fail(format!("{} objects on the stack", g.stack.len()))
                }
            }
            ["stack", "count", n] => cmp(g.stack.len() as i64, n, text),
            ["stack", "has", ..] => {
                let name = words[2..].join(" ");
                let has = g.stack.iter().any(|s| {
                    s.card(g).is_some_and(|c| {
                        tolaria_cards::db().get(c).name.eq_ignore_ascii_case(&name)
                    }) || (name == "combat damage" && matches!(s.kind, StackKind::CombatDamage(_)))
                });
                if has {
                    Ok(())
                } else {
                    fail("not on the stack".into())
                }
            }
            ["step", s] => {
                let want = Step::from_short(s).ok_or_else(|| format!("unknown step {s:?}"))?;
                if g.step == want {
                    Ok(())
                } else {
                    fail(format!("step is {}", g.step.short()))
                }
            }
            ["turn", n] => cmp(g.turn as i64, n, text),
            // 217.1 / 600.4a: every card is in exactly one zone list, or in
            // none after its owner left the game (`Game::check_zones`).
            ["zones", "consistent"] => g.check_zones().or_else(fail),
            // 506: how deeply the current game is nested (0: the first game).
            ["subgame", "depth", n] => cmp(g.subgame_depth() as i64, n, text),
            ["active", p] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                if g.active.index() == want {
                    Ok(())
                } else {
                    fail(format!("active player is {}", g.active))
                }
            }
            ["decision", p, kind] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                match &g.decision {
                    Some(d) if d.player.index() == want && decision_short(&d.kind) == *kind => {
                        Ok(())
                    }
                    Some(d) => fail(format!(
                        "decision is {} for {}",
                        decision_short(&d.kind),
                        d.player
                    )),
                    None => fail("no decision".into()),
                }
            }
            [p, "life", n] => cmp(g.player(self.pid(p)?).life as i64, n, text),
            [p, "poison", n] => cmp(g.player(self.pid(p)?).poison as i64, n, text),
            [p, "pool", n] => cmp(g.player(self.pid(p)?).pool.total() as i64, n, text),
            // 217.1e: cards outside the game (not objects), by name.
            [p, "outside", verb @ ("has" | "lacks"), ..] => {
                let pid = self.pid(p)?;
                let name = words[3..].join(" ");
                let has = g
                    .player(pid)
                    .outside
                    .iter()
                    .any(|&c| tolaria_cards::db().get(c).name.eq_ignore_ascii_case(&name));
                match (*verb, has) {
                    ("has", true) | ("lacks", false) => Ok(()),
                    ("has", false) => fail(format!("{name} is not outside the game")),
                    _ => fail(format!("{name} is outside the game")),
                }
            }
            [p, "outside", "count", n] => cmp(g.player(self.pid(p)?).outside.len() as i64, n, text),
            // 217.2: the order of a library: `P1 library top NAME` (the top
            // card), `P1 library top 2 NAME` (the second from the top),
            // `P1 library bottom NAME`.
            [p, "library", end @ ("top" | "bottom"), rest @ ..] if !rest.is_empty() => {
                let lib = &g.player(self.pid(p)?).library;
                let (k, name_words) = match rest[0].parse::<usize>() {
                    Ok(k) if k >= 1 && rest.len() > 1 => (k, &rest[1..]),
                    _ => (1, rest),
                };
                let name = name_words.join(" ");
                // The library is listed bottom first: its top is the last card.
                let at = if *end == "top" {
                    lib.len().checked_sub(k)
                } else {
                    (k <= lib.len()).then_some(k - 1)
                };
                match at.map(|i| lib[i]) {
                    Some(o) if obj_name(g, o).eq_ignore_ascii_case(&name) => Ok(()),
                    Some(o) => fail(format!("card {k} from the {end} is {}", obj_name(g, o))),
                    None => fail(format!("the library has fewer than {k} cards")),
                }
            }
            [p, zone, "count", n] => {
                cmp(self.zone_list(g, self.pid(p)?, zone)?.len() as i64, n, text)
            }
            [p, zone, verb @ ("has" | "lacks"), ..] => {
                let pid = self.pid(p)?;
                let name = words[3..].join(" ");
                let list = self.zone_list(g, pid, zone)?;
                let has = list.iter().any(|&o| named(g, o, &name));
                match (*verb, has) {
                    ("has", true) | ("lacks", false) => Ok(()),
                    ("has", false) => fail(format!("{name} is not there")),
                    _ => fail(format!("{name} is there")),
                }
            }
            _ => self.check_permanent(g, &words, text),
        }
    }

    /// `NAME[#k] power N toughness N`, `NAME tapped|untapped`, `NAME damage N`,
    /// `NAME counters +1/+1 N`, `NAME attached to OTHER`, `NAME attacking|blocking`.
    fn check_permanent(&self, g: &Game, words: &[&str], text: &str) -> Result<(), String> {
        let fail = |m: String| Err(format!("expect {text:?}: {m}"));
        let keys = [
            "power",
            "toughness",
            "tapped",
            "untapped",
            "damage",
            "attached",
            "attacking",
            "blocking",
            "sick",
            "controller",
            "unattached",
            "+1/+1",
            "-1/-1",
            "has_keyword",
            "lacks_keyword",
            "is",
            "is_not",
            "colors",
            "colorless",
            "named",
            "no_abilities",
            "fuse",
            "luck",
            "ki",
            "charge",
            "cmc",
            "cmcs",
            "flipped",
            "unflipped",
            "face",
            "phased",
        ];
        // "age", "fade" and "time" are keys only before "counters" (card
        // names hold those words: Time Stop).
        let split = (0..words.len())
            .position(|i| {
                keys.contains(&words[i])
                    || tolaria_cards::CounterKind::from_name(words[i]).is_some()
                        && words
                            .get(i + 1)
                            .is_some_and(|w| matches!(*w, "counters" | "counter"))
            })
            .ok_or_else(|| format!("expect {text:?}: unknown expectation"))?;
        let what = words[..split].join(" ");
        let (name, k) = split_index(&what);
        // Permanents in play, then those in the phased-out zone (217.8), which
        // remember their status (510.6).
        // Then spells on the stack and cards in the other zones, whose
        // characteristics are their printed ones (split cards, 505.2).
        let stack = g.stack.iter().filter_map(|i| match i.kind {
            tolaria_rules::StackKind::Spell { obj } => Some(obj),
            _ => None,
        });
        let cards = g
            .players
            .iter()
            .flat_map(|p| p.hand.iter().chain(&p.graveyard).chain(&p.library))
            .chain(&g.removed)
            .copied();
        let matches: Vec<ObjId> = g
            .in_play
            .iter()
            .copied()
            .chain(g.phased_out.iter().map(|p| p.id))
            .chain(stack)
            .chain(cards)
            .filter(|&o| named(g, o, name))
            .collect();
        let Some(&o) = matches.get(k) else {
            return fail(format!(
                "no object named {what:?} in play, on the stack or in a zone"
            ));
        };
        let ch = compute(g, o);
        let obj = g.obj(o).ok_or("stale")?;
        let mut rest = &words[split..];
        while !rest.is_empty() {
            match rest {
                ["power", n, tail @ ..] => {
                    cmp(ch.power as i64, n, text)?;
                    rest = tail;
                }
                ["toughness", n, tail @ ..] => {
                    cmp(ch.toughness as i64, n, text)?;
                    rest = tail;
                }
                ["damage", n, tail @ ..] => {
                    cmp(obj.damage as i64, n, text)?;
                    rest = tail;
                }
                ["tapped", tail @ ..] => {
                    if !obj.is_tapped() {
                        return fail("it is untapped".into());
                    }
                    rest = tail;
                }
                ["untapped", tail @ ..] => {
                    if obj.is_tapped() {
                        return fail("it is tapped".into());
                    }
                    rest = tail;
                }
                ["flipped", tail @ ..] => {
                    if !obj.is_flipped() {
                        return fail("it is unflipped".into());
                    }
                    rest = tail;
                }
                ["unflipped", tail @ ..] => {
                    if obj.is_flipped() {
                        return fail("it is flipped".into());
                    }
                    rest = tail;
                }
                ["face", "down", tail @ ..] => {
                    if !obj.is_face_down() {
                        return fail("it is face up".into());
                    }
                    rest = tail;
                }
                ["face", "up", tail @ ..] => {
                    if obj.is_face_down() {
                        return fail("it is face down".into());
                    }
                    rest = tail;
                }
                ["phased", "out", tail @ ..] => {
                    if obj.zone != tolaria_rules::Zone::PhasedOut {
                        return fail("it is in play (phased in)".into());
                    }
                    rest = tail;
                }
                ["phased", "in", tail @ ..] => {
                    if obj.zone != tolaria_rules::Zone::InPlay {
                        return fail(format!("it is {}", obj.zone.name()));
                    }
                    rest = tail;
                }
                ["sick", tail @ ..] => {
                    if !obj.is_sick() {
                        return fail("it is not summoning sick".into());
                    }
                    rest = tail;
                }
                ["unattached", tail @ ..] => {
                    if obj.attached_to.is_some() {
                        return fail(format!("attached to {:?}", obj.attached_to));
                    }
                    rest = tail;
                }
                ["+1/+1", "counters" | "counter", n, tail @ ..] => {
                    cmp(obj.plus_counters as i64, n, text)?;
                    rest = tail;
                }
                [kind, "counters" | "counter", n, tail @ ..]
                    if tolaria_cards::CounterKind::from_name(kind).is_some() =>
                {
                    let kind = tolaria_cards::CounterKind::from_name(kind).ok_or("kind")?;
                    cmp(obj.counters_of(kind) as i64, n, text)?;
                    rest = tail;
                }
                ["-1/-1", "counters" | "counter", n, tail @ ..] => {
                    cmp(obj.minus_counters as i64, n, text)?;
                    rest = tail;
                }
                ["attacking", tail @ ..] => {
                    if !g.combat.is_attacking(o) {
                        return fail("it is not attacking".into());
                    }
                    rest = tail;
                }
                ["blocking", tail @ ..] => {
                    if !g.combat.is_blocking(o) {
                        return fail("it is not blocking".into());
                    }
                    rest = tail;
                }
                ["controller", p, tail @ ..] => {
                    if ch.controller.index() != self.pid(p)?.index() {
                        return fail(format!("controller is {}", ch.controller));
                    }
                    rest = tail;
                }
                ["attached", "to", tail @ ..] => {
                    let other = tail.join(" ");
                    let ok = match obj.attached_to {
                        Some(Target::Object(t)) => g.obj(t).is_some_and(|x| {
                            let _ = x;
                            named(g, t, split_index(&other).0)
                        }),
                        Some(Target::Player(p)) => self.player(&other) == Some(p.index()),
                        None => false,
                    };
                    if !ok {
                        return fail(format!("attached to {:?}", obj.attached_to));
                    }
                    rest = &[];
                }
                [k @ ("has_keyword" | "lacks_keyword"), kw, tail @ ..] => {
                    // A keyword of two words is written with `_` (`first_strike`),
                    // since an expectation's words are split at spaces.
                    let kw = tolaria_cards::Keyword::from_name(&kw.replace('_', " "))
                        .ok_or_else(|| format!("expect {text:?}: unknown keyword {kw:?}"))?;
                    if ch.has(kw) != (*k == "has_keyword") {
                        return fail(format!(
                            "it {} {}",
                            if ch.has(kw) { "has" } else { "lacks" },
                            kw.name()
                        ));
                    }
                    rest = tail;
                }
                [k @ ("is" | "is_not"), t, tail @ ..]
                    if tolaria_cards::Supertype::from_name(t).is_some() =>
                {
                    // A supertype ("legendary", 205.4).
                    let st = tolaria_cards::Supertype::from_name(t).expect("checked");
                    if ch.supertypes.contains(st) != (*k == "is") {
                        return fail(format!(
                            "its supertypes are {:?}",
                            ch.supertypes.iter().map(|t| t.name()).collect::<Vec<_>>()
                        ));
                    }
                    rest = tail;
                }
                ["cmc", n, tail @ ..] => {
                    // 202.3: the converted mana cost (505.5: a split card's
                    // two answers added, as an effect using the number gets).
                    cmp(i64::from(ch.converted_mana_cost()), n, text)?;
                    rest = tail;
                }
                ["cmcs", a, b, tail @ ..] if b.parse::<i64>().is_ok() => {
                    // 505.2: a split card's two converted mana costs.
                    let (x, y) = ch.converted_mana_costs();
                    cmp(i64::from(x), a, text)?;
                    match y {
                        Some(y) => cmp(i64::from(y), b, text)?,
                        None => return fail(format!("it has one converted mana cost, {x}")),
                    }
                    rest = tail;
                }
                ["cmcs", a, tail @ ..] => {
                    // 505.2: one converted mana cost (a split card on the stack).
                    let (x, y) = ch.converted_mana_costs();
                    if let Some(y) = y {
                        return fail(format!("it has two converted mana costs, {x} and {y}"));
                    }
                    cmp(i64::from(x), a, text)?;
                    rest = tail;
                }
                [k @ ("is" | "is_not"), t, tail @ ..] => {
                    let ty = tolaria_cards::CardType::from_name(t)
                        .ok_or_else(|| format!("expect {text:?}: unknown card type {t:?}"))?;
                    if ch.is(ty) != (*k == "is") {
                        return fail(format!(
                            "its types are {:?}",
                            ch.types.iter().map(|t| t.name()).collect::<Vec<_>>()
                        ));
                    }
                    rest = tail;
                }
                ["colorless", tail @ ..] => {
                    if !ch.colors.is_empty() {
                        return fail(format!("its colours are {:?}", ch.colors));
                    }
                    rest = tail;
                }
                ["colors", tail @ ..] => {
                    let mut want = tolaria_cards::ColorSet::EMPTY;
                    for c in tail.iter() {
                        want.insert(
                            tolaria_cards::Color::from_name(c)
                                .ok_or_else(|| format!("expect {text:?}: unknown colour {c:?}"))?,
                        );
                    }
                    if ch.colors != want {
                        return fail(format!(
                            "its colours are {:?}",
                            ch.colors.iter().map(|c| c.name()).collect::<Vec<_>>()
                        ));
                    }
                    rest = &[];
                }
                ["named", tail @ ..] => {
                    let want = tail.join(" ");
                    if !ch.name().eq_ignore_ascii_case(&want) {
                        return fail(format!("its name is {:?}", ch.name()));
                    }
                    rest = &[];
                }
                ["no_abilities", tail @ ..] => {
                    if !ch.abilities().is_empty() || !ch.keywords.is_empty() {
                        return fail(format!(
                            "it has {} abilities and keywords {:?}",
                            ch.abilities().len(),
                            ch.keywords.iter().map(|k| k.name()).collect::<Vec<_>>()
                        ));
                    }
                    rest = tail;
                }
                _ => return fail(format!("can't read {:?}", rest.join(" "))),
            }
        }
        Ok(())
    }

    fn pid(&self, p: &str) -> Result<PlayerId, String> {
        self.player(p)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| format!("unknown player {p:?}"))
    }

    fn zone_list(&self, g: &Game, p: PlayerId, zone: &str) -> Result<Vec<ObjId>, String> {
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

/// Everyone passes until the top object of the stack has resolved.
fn resolve(g: &mut Game) -> Result<(), String> {
    let start = g.stack.len();
    let Some(top) = g.stack.last().cloned() else {
        return Err("`resolve` with an empty stack".into());
    };
    // Done once that object has left the stack (what it triggers may go on top).
    let gone = |g: &Game| g.stack.len() < start || g.stack.get(start - 1) != Some(&top);
    for _ in 0..1000 {
        if gone(g) || g.is_over() {
            return Ok(());
        }
        match &g.decision {
            Some(d) if d.kind == DecisionKind::Priority => {
                let who = g.decider().ok_or("no decider")?;
                g.apply_as(who, Action::Pass).map_err(|e| e.to_string())?;
            }
            Some(d) => {
                return Err(format!(
                    "resolution stopped at a {} decision for {}",
                    d.kind.name(),
                    d.player
                ));
            }
            None => return Err("no decision".into()),
        }
    }
    Err("the stack did not resolve".into())
}

/// Everyone passes (and declares no attackers or blockers) until `player`'s `step`.
fn pass_until(g: &mut Game, player: PlayerId, step: Step) -> Result<(), String> {
    for _ in 0..5000 {
        if g.is_over() {
            return Err("the game ended".into());
        }
        if g.active == player && g.step == step {
            return Ok(());
        }
        let who = g.decider().ok_or("no decision")?;
        let kind = g
            .decision
            .as_ref()
            .map(|d| d.kind.clone())
            .ok_or("no decision")?;
        let a = match kind {
            DecisionKind::Priority => Action::Pass,
            DecisionKind::DeclareAttackers | DecisionKind::DeclareBlockers => Action::Done,
            k => return Err(format!("stopped at a {} decision for {}", k.name(), who)),
        };
        g.apply_as(who, a).map_err(|e| e.to_string())?;
    }
    Err("never reached that step".into())
}

fn split_index(s: &str) -> (&str, usize) {
    match s.trim().rsplit_once('#') {
        Some((n, k)) if k.parse::<usize>().is_ok_and(|k| k >= 1) => {
            (n.trim(), k.parse::<usize>().unwrap_or(1) - 1)
        }
        _ => (s.trim(), 0),
    }
}

fn cmp(actual: i64, want: &str, text: &str) -> Result<(), String> {
    let w: i64 = want
        .parse()
        .map_err(|_| format!("expect {text:?}: bad number {want:?}"))?;
    if actual == w {
        Ok(())
    } else {
        Err(format!("expect {text:?}: it is {actual}"))
    }
}

/// A decision kind's short name in expectations: its name with underscores,
/// shortened for the common ones (`target`, `x`, `assign_damage`, …).
fn decision_short(k: &DecisionKind) -> String {
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

fn describe_all(g: &Game, legal: &[Action]) -> String {
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
            pl.life,
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
fn named(g: &Game, o: ObjId, name: &str) -> bool {
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

fn obj_name(g: &Game, o: ObjId) -> &'static str {
    let obj = &g.objects[o.slot as usize];
    match obj.token_src.and_then(|t| t.spec()) {
        Some(spec) => &spec.name,
        None => &obj.def().name,
    }
}

/// The double-quoted parts of a text.
fn quoted(text: &str) -> Vec<&str> {
    text.split('"').skip(1).step_by(2).collect()
}
