//! Checking a scenario's expectations (`expect:` lines) against the game:
//! zones, life, permanents and their status, the stack, the log, decisions.

use crate::parse::Scenario;
use crate::run::decision_short;
use crate::run::named;
use crate::run::obj_name;
use crate::run::quoted;
use crate::run::split_index;
use tolaria_cards::Step;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::{Game, GameResult, ObjId, PlayerId, StackKind, Target};

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

impl Scenario {
    /// Checks one expectation.
    pub(crate) fn check(&self, g: &Game, log: &[String], text: &str) -> Result<(), String> {
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
                // A permanent, else (217.7b) a card removed from the game.
                let find =
                    |list: &[ObjId]| list.iter().copied().filter(|&o| named(g, o, name)).nth(k);
                let o = find(&g.in_play)
                    .or_else(|| find(&g.removed))
                    .ok_or_else(|| format!("expect {text:?}: no permanent named {name:?}"))?;
                let view = g.view(viewer);
                let known = view
                    .in_play
                    .iter()
                    .find(|v| v.id == o)
                    .map(|v| v.card.is_some())
                    .or_else(|| {
                        view.removed
                            .iter()
                            .find(|v| v.id == o)
                            .map(|v| v.card.is_some())
                    })
                    .unwrap_or(false);
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
                    fail(format!("result is {}", result_text(g.result)))
                }
            }
            // 609.5, 607.5a: the team numbered N (1-based, `team:` lines in
            // order) won.
            ["team", n, "wins"] => {
                let want: u8 = n.parse().map_err(|_| format!("bad team {n:?}"))?;
                if want >= 1 && g.result == Some(GameResult::TeamWin(want - 1)) {
                    Ok(())
                } else {
                    fail(format!("result is {}", result_text(g.result)))
                }
            }
            // 605.3, 607.2, 609.3: the names in seat order.
            ["seats", ..] => {
                let want: Vec<String> = words[1..]
                    .join(" ")
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .collect();
                let have: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
                if want == have {
                    Ok(())
                } else {
                    fail(format!("seats are {}", have.join(", ")))
                }
            }
            // 601.2a: a player's range of influence.
            [p, "range", n] => {
                let have = g.range_of(self.pid(p)?);
                if have.map(|r| r.to_string()).as_deref() == Some(*n) {
                    Ok(())
                } else {
                    fail(format!("the range is {have:?}"))
                }
            }
            // 601.2, 601.2c: who is within whose range this turn
            // (`expect: P3 within range of P1`, or `outside range of`).
            [q, w @ ("within" | "outside"), "range", "of", p] => {
                let inside = g.within_range(self.pid(p)?, self.pid(q)?);
                if inside == (*w == "within") {
                    Ok(())
                } else {
                    fail(format!(
                        "{q} is {}",
                        if inside { "within" } else { "outside" }
                    ))
                }
            }
            // 606.9a: the individual life total an effect reads.
            [p, "individual", "life", n] => cmp(g.individual_life(self.pid(p)?) as i64, n, text),
            // 606.3: the primary player of a Two-Headed Giant team.
            [p, "is", "primary"] | [p, "is", "not", "primary"] => {
                if g.is_primary(self.pid(p)?) == (words.len() == 3) {
                    Ok(())
                } else {
                    fail("that player is not a primary player".into())
                }
            }
            // 607.2: the emperor.
            [p, "is", "emperor"] => {
                if g.player(self.pid(p)?).emperor {
                    Ok(())
                } else {
                    fail("that player is not an emperor".into())
                }
            }
            // 102, 600.4: the player has lost the game.
            [p, "lost"] => {
                if g.player(self.pid(p)?).lost {
                    Ok(())
                } else {
                    fail("that player has not lost".into())
                }
            }
            [p, "in", "game"] => {
                if !g.player(self.pid(p)?).lost {
                    Ok(())
                } else {
                    fail("that player has lost".into())
                }
            }
            ["draw"] => {
                if g.result == Some(GameResult::Draw) {
                    Ok(())
                } else {
                    fail(format!("result is {}", result_text(g.result)))
                }
            }
            ["no", "winner"] => {
                if g.result.is_none() {
                    Ok(())
                } else {
                    fail(format!("result is {}", result_text(g.result)))
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
            // 608.4a: the number of turn markers.
            ["turn", "markers", n] => cmp(g.turn_markers().len() as i64, n, text),
            // 608.4b–c: who holds which turn marker.
            [p, "has", "turn", "marker", n] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                let n: u8 = n.parse().map_err(|_| format!("bad marker number {n:?}"))?;
                match g.marker_of(tolaria_rules::PlayerId(want as u8)) {
                    Some(m) if m == n => Ok(()),
                    Some(m) => fail(format!("{p} has turn marker {m}")),
                    None => fail(format!("{p} has no turn marker")),
                }
            }
            [p, "has", "no", "turn", "marker"] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                match g.marker_of(tolaria_rules::PlayerId(want as u8)) {
                    Some(m) => fail(format!("{p} has turn marker {m}")),
                    None => Ok(()),
                }
            }
            // 608.4c: a marker waiting to go to a player.
            ["turn", "marker", n, "waits", "for", p] => {
                let want = self
                    .player(p)
                    .ok_or_else(|| format!("unknown player {p:?}"))?;
                let n: u8 = n.parse().map_err(|_| format!("bad marker number {n:?}"))?;
                match g.turn_markers().iter().find(|m| m.number == n) {
                    Some(m) if m.waiting_for.map(|q| q.index()) == Some(want) => Ok(()),
                    Some(m) => fail(format!("turn marker {n} waits for {:?}", m.waiting_for)),
                    None => fail(format!("there is no turn marker {n}")),
                }
            }
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
            [p, "life", n] => cmp(g.life(self.pid(p)?) as i64, n, text),
            [p, "poison", n] => cmp(g.player(self.pid(p)?).poison as i64, n, text),
            [p, "pool", n] => cmp(g.player(self.pid(p)?).pool.total() as i64, n, text),
            // The mana of one type in the pool: `P1 pool red 2`, `P1 pool colorless 1`.
            [p, "pool", kind, n] => {
                let i = ["white", "blue", "black", "red", "green", "colorless"]
                    .iter()
                    .position(|k| k == kind)
                    .ok_or_else(|| format!("unknown mana type {kind:?} in {text:?}"))?;
                cmp(i64::from(g.player(self.pid(p)?).pool.0[i]), n, text)
            }
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
                // 602.3: the player it attacks.
                ["attacking", p, tail @ ..] if self.player(p).is_some() => {
                    let want = self.pid(p)?;
                    if !g.combat.is_attacking(o) || g.defender_of(o) != Some(want) {
                        return fail(format!("it attacks {:?}", g.defender_of(o)));
                    }
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
                        Some(Target::Ability(_)) | None => false,
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
                [k @ ("is" | "is_not"), t, tail @ ..]
                    if tolaria_cards::CardType::from_name(t).is_none()
                        && tolaria_cards::Subtype::lookup(t).is_some() =>
                {
                    // A subtype ("Mountain", 212.6c; "Goblin", 205.3).
                    let st = tolaria_cards::Subtype::lookup(t).expect("checked");
                    if ch.subtypes.contains(st) != (*k == "is") {
                        return fail(format!(
                            "its subtypes are {:?}",
                            ch.subtypes.iter().map(|t| t.name()).collect::<Vec<_>>()
                        ));
                    }
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
}

/// A game's result for a failure message: "P1 wins", "a draw", "not over".
fn result_text(r: Option<tolaria_rules::GameResult>) -> String {
    use tolaria_rules::GameResult;
    match r {
        Some(GameResult::Win(p)) => format!("{p} wins"),
        Some(GameResult::Draw) => "a draw".into(),
        Some(GameResult::TeamWin(t)) => format!("team {t} wins"),
        None => "not over".into(),
    }
}
