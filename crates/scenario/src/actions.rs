//! Carrying out a scenario's action lines: the named actions players take
//! (`cast`, `attack`, `target`, …), passing until a step, resolving.

use crate::parse::Scenario;
use crate::run::describe_all;
use crate::run::named;
use crate::run::split_index;
use tolaria_cards::{ManaKind, Step};
use tolaria_rules::{Action, DecisionKind, Game, ObjId, PlayerId, Target};

/// Everyone passes until the top object of the stack has resolved.
pub(crate) fn resolve(g: &mut Game) -> Result<(), String> {
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
pub(crate) fn pass_until(g: &mut Game, player: PlayerId, step: Step) -> Result<(), String> {
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

impl Scenario {
    /// Resolves an action line against the legal actions of the pending decision.
    pub(crate) fn act(&self, g: &mut Game, player: PlayerId, text: &str) -> Result<(), String> {
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
                // 212.6c: a land type (Vision Charm, Phantasmal Terrain).
                "type" => Some(
                    match tolaria_cards::Subtype::lookup(&rest)
                        .ok_or_else(|| format!("bad creature or land type {rest:?}"))?
                    {
                        t if t.is_land_type() => Action::ChooseLandType(t),
                        t if t.is_creature_type() => Action::ChooseCreatureType(t),
                        _ => return Err(format!("bad creature or land type {rest:?}")),
                    },
                ),
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
                // An action a spell granted until end of turn (Channel,
                // Guardian Angel), numbered from 1 in the order granted.
                "granted" => Some(Action::Granted(
                    rest.parse::<u8>()
                        .ok()
                        .and_then(|m| m.checked_sub(1))
                        .ok_or_else(|| format!("bad granted action {rest:?} (numbered from 1)"))?,
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
            // 408.2i: `end NAME` (pay to end the effect on a permanent: a Licid).
            "end" => pick(
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::EndEffect(o) => Some((*o, a.clone())),
                        _ => None,
                    })
                    .collect(),
                rest.trim(),
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
                let (what, idx) = ability_index(rest)?;
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
                    Some((w, k))
                        if k.len() == 1
                            && "WUBRGCwubrgc".contains(k)
                            && !w.ends_with(" ability") =>
                    {
                        (
                            w,
                            Some(k.chars().next().unwrap_or('C').to_ascii_uppercase()),
                        )
                    }
                    _ => (rest, None),
                };
                // `mana NAME ability N`: the N-th (0-based) ability of the
                // source, when two of its mana abilities make the same kind.
                let (what, idx) = ability_index(what)?;
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::ActivateMana {
                                source,
                                kind: k,
                                index,
                            } if kind.is_none_or(|c| ManaKind::symbol(*k) == c)
                                && idx.is_none_or(|i| i == *index) =>
                            {
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
                // `target ability of NAME`: an activated or triggered
                // ability on the stack, named by its source (Willbender).
                if let Some(source) = rest.strip_prefix("ability of ") {
                    return pick(
                        legal
                            .iter()
                            .filter_map(|a| match a {
                                Action::ChooseTarget(Target::Ability(id)) => {
                                    match &g.stack_ability(*id)?.kind {
                                        tolaria_rules::StackKind::Ability { source, .. } => {
                                            Some((*source, a.clone()))
                                        }
                                        _ => None,
                                    }
                                }
                                _ => None,
                            })
                            .collect(),
                        source,
                    );
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
            // Camouflage: `pile NAME N` puts NAME into pile N (from 1).
            "pile" => {
                let (n, k) = rest.rsplit_once(' ').ok_or("expected `pile CREATURE N`")?;
                let k: u8 = k.trim().parse().map_err(|_| format!("bad pile {k:?}"))?;
                pick(
                    legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::PutInPile { creature, pile } if *pile + 1 == k => {
                                Some((*creature, a.clone()))
                            }
                            _ => None,
                        })
                        .collect(),
                    n,
                )
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
}

/// "NAME ability N": the name and the 0-based index of one of its
/// abilities (`activate`, `mana`); just the name otherwise.
fn ability_index(rest: &str) -> Result<(&str, Option<u8>), String> {
    match rest.rsplit_once(" ability ") {
        Some((w, i)) => {
            let i = i
                .trim()
                .parse::<u8>()
                .map_err(|_| format!("bad ability index {i:?}"))?;
            Ok((w, Some(i)))
        }
        None => Ok((rest, None)),
    }
}
