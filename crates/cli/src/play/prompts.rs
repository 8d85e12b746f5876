//! What the human types at a prompt of `tolaria play`, parsed against the
//! decision at hand. Declaring no attackers or no blockers is an explicit
//! choice (`no attack`, `no blocks`): `p`, `done` or a bare `attack` at a
//! declaration is refused with a hint until something has been declared,
//! so a `p` meant for a priority prompt never throws away an attack.

use super::stops::Mode;
use super::COMMANDS;
use tolaria_rules::{Action, DecisionKind, Game, PlayerId};

/// What the human typed.
pub enum Command {
    /// Apply these actions in order; then `Done` if still declaring.
    Actions(Vec<Action>, bool),
    /// Pass priority and keep passing until the mode's point (stops).
    PassUntil(Mode),
    /// `stops`, `stop STEP [mine|theirs]`, `nostop STEP [mine|theirs]`.
    Stops(String, Vec<String>),
    /// `yield N` (the stack item N, top first), `yields`, `noyield`.
    Yield(String, Option<String>),
    /// Read a card in view.
    Card(String),
    /// Show a rule of the Comprehensive Rules.
    Rule(String),
    Pay,
    Board,
    Log {
        n: usize,
        full: bool,
    },
    Help,
    /// Concede (true: already confirmed, `concede yes`).
    Concede(bool),
    Invalid(String),
}

/// The hint at a declaration of attackers (true) or blockers.
fn declare_help(attack: bool) -> String {
    if attack {
        "You are declaring attackers (308.2a). Type `attack N N..` to attack with options N.., or `no attack` to attack with nothing.".into()
    } else {
        "You are declaring blockers (309.2a). Type `block N N..` to make blocks N.., or `no blocks` to block with nothing.".into()
    }
}

/// Whether the decider has declared an attacker (or blocker) already in
/// this declaration (so `done` finishes it).
fn already_declared(game: &Game, attack: bool) -> bool {
    let Some(p) = game.decider() else {
        return false;
    };
    let me: PlayerId = game.decision.as_ref().map_or(p, |d| d.player);
    game.view(me)
        .in_play
        .iter()
        .filter(|x| x.controller == me)
        .any(|x| if attack { x.attacking } else { x.blocking })
}

/// `#ID`: the option acting with object #ID (the land tapped for mana,
/// the card played, the attacker, the blocker). A handle that stays the
/// same while the options are renumbered (tapping one land for mana
/// doesn't change the next land's handle). If several options act with
/// it (a land with two mana abilities), their numbers are listed.
fn pick_by_id(w: &str, legal: &[Action]) -> Result<Action, String> {
    let id = w.trim_end_matches([')', '.', ',']);
    let matching: Vec<usize> = legal
        .iter()
        .enumerate()
        .filter(|(_, a)| a.objects().0.is_some_and(|o| o.to_string() == id))
        .map(|(i, _)| i)
        .collect();
    match matching.as_slice() {
        [] => Err(format!("no option acts with {id}")),
        [i] => Ok(legal[*i].clone()),
        many => Err(format!(
            "{id} is in options {}: give the option's number",
            many.iter()
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

pub fn parse_command(line: &str, game: &Game, legal: &[Action]) -> Command {
    let lower = line.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let Some(first) = words.next() else {
        return Command::Invalid("Type an option number or a command (`help` lists them).".into());
    };
    let rest: Vec<&str> = words.collect();
    let pick = |w: &str| -> Result<Action, String> {
        if w.starts_with('#') {
            return pick_by_id(w, legal);
        }
        let n: usize = w
            .trim_end_matches([')', '.', ','])
            .parse()
            .map_err(|_| format!("{w:?} is not an option number"))?;
        if n == 0 || n > legal.len() {
            return Err(format!(
                "there is no option {n} (options 1–{})",
                legal.len()
            ));
        }
        Ok(legal[n - 1].clone())
    };
    let declaring = game.decision.as_ref().map(|d| d.kind.clone());
    let has = |a: &Action| legal.contains(a);
    let declaring_combat = match declaring {
        Some(DecisionKind::DeclareAttackers) => Some(true),
        Some(DecisionKind::DeclareBlockers) => Some(false),
        _ => None,
    };
    match first {
        "q" | "quit" | "exit" | "concede" => {
            Command::Concede(first == "concede" && rest.first() == Some(&"yes"))
        }
        "help" | "?" | "h" => Command::Help,
        "b" | "board" | "show" => Command::Board,
        "log" | "l" => Command::Log {
            n: rest.iter().find_map(|n| n.parse().ok()).unwrap_or(40),
            full: rest.iter().any(|w| w.trim_start_matches('-') == "full"),
        },
        // 419.1b: "name CARD" names any card of the pool, listed or not.
        "name"
            if declaring
                .as_ref()
                .is_some_and(|k| matches!(k, DecisionKind::NameCard { .. })) =>
        {
            let text = line.split_once(char::is_whitespace).map_or("", |x| x.1);
            match tolaria_cards::db().card_name(text) {
                Some(n) => Command::Actions(vec![Action::NameCard(n)], false),
                None => Command::Invalid(format!("No card is named {text:?}.")),
            }
        }
        "no" | "none" | "noattack" | "noattacks" | "noblock" | "noblocks"
            if declaring_combat.is_some() && (first != "no" || !rest.is_empty()) =>
        {
            // "no attackers", "no blocks", "none": declare nothing, explicitly.
            let word = rest.first().copied().unwrap_or(first);
            let attack = matches!(declaring, Some(DecisionKind::DeclareAttackers));
            let fits = if attack {
                word.starts_with("noattack") || word.starts_with("attack") || word == "none"
            } else {
                word.starts_with("noblock") || word.starts_with("block") || word == "none"
            };
            if fits {
                Command::Actions(vec![Action::Done], false)
            } else {
                Command::Invalid(declare_help(attack))
            }
        }
        "pass" | "p" | "done" | "d" => {
            if let Some(attack) = declaring_combat {
                // A `p` meant for a priority prompt never declares nothing.
                if already_declared(game, attack) {
                    Command::Actions(vec![Action::Done], false)
                } else {
                    Command::Invalid(declare_help(attack))
                }
            } else if first.starts_with('d') && has(&Action::Pass) {
                Command::Invalid(
                    "`done` finishes declaring attackers or blockers; you have priority: `p` passes it."
                        .into(),
                )
            } else if first.starts_with('p') && !rest.is_empty() {
                match rest[0] {
                    "turn" | "t" => Command::PassUntil(Mode::MyTurn { from: game.turn }),
                    "eot" | "end" | "e" => Command::PassUntil(Mode::EndOfTurn { turn: game.turn }),
                    "respond" | "r" | "until" => Command::PassUntil(Mode::Respond { from: game.turn }),
                    other => Command::Invalid(format!(
                        "`pass {}`: pass what? `pass turn` (until your next turn), `pass eot` (until the end of turn step), `pass respond` (until an opponent plays something or attacks)",
                        crate::args::clip(other)
                    )),
                }
            } else if has(&Action::Pass) {
                Command::Actions(vec![Action::Pass], false)
            } else if has(&Action::Done) {
                Command::Actions(vec![Action::Done], false)
            } else {
                Command::Invalid("You can't pass now; pick an option.".into())
            }
        }
        "pt" | "f6" => Command::PassUntil(Mode::MyTurn { from: game.turn }),
        "pe" | "eot" => Command::PassUntil(Mode::EndOfTurn { turn: game.turn }),
        "pr" | "wait" => Command::PassUntil(Mode::Respond { from: game.turn }),
        "stops" | "stop" | "nostop" | "unstop" => Command::Stops(
            first.to_string(),
            rest.iter().map(|s| s.to_string()).collect(),
        ),
        "yield" | "noyield" | "yields" => {
            Command::Yield(first.to_string(), rest.first().map(|s| s.to_string()))
        }
        "card" | "read" | "c?" => {
            let text = line
                .split_once(char::is_whitespace)
                .map_or("", |x| x.1)
                .trim();
            if text.is_empty() {
                Command::Invalid("`card X`: X is a card's #id (as shown, e.g. `card #12`), an option number, or a name.".into())
            } else {
                Command::Card(text.to_string())
            }
        }
        "rule" | "rules" | "r" => {
            let text = line
                .split_once(char::is_whitespace)
                .map_or("", |x| x.1)
                .trim();
            Command::Rule(text.to_string())
        }
        "cancel" | "c" => {
            if has(&Action::CancelPlay) {
                Command::Actions(vec![Action::CancelPlay], false)
            } else {
                Command::Invalid("Nothing to cancel.".into())
            }
        }
        "yes" | "y" => {
            if has(&Action::Yes) {
                Command::Actions(vec![Action::Yes], false)
            } else {
                Command::Invalid("`yes` isn't an option now.".into())
            }
        }
        "no" | "n" => {
            if has(&Action::No) {
                Command::Actions(vec![Action::No], false)
            } else {
                Command::Invalid("`no` isn't an option now.".into())
            }
        }
        "keep" | "k" if has(&Action::Keep) => Command::Actions(vec![Action::Keep], false),
        "mulligan" | "m" if has(&Action::Mulligan) => {
            Command::Actions(vec![Action::Mulligan], false)
        }
        "pay" => {
            if declaring == Some(DecisionKind::PayMana) {
                Command::Pay
            } else {
                Command::Invalid("`pay` works while paying a mana cost.".into())
            }
        }
        "attack" | "a" | "block" | "bl" => {
            let want_attack = first.starts_with('a');
            let ok = match declaring {
                Some(DecisionKind::DeclareAttackers) => want_attack,
                Some(DecisionKind::DeclareBlockers) => !want_attack,
                _ => false,
            };
            if !ok {
                return Command::Invalid(format!(
                    "`{first}` works while declaring {}.",
                    if want_attack { "attackers" } else { "blockers" }
                ));
            }
            if rest.is_empty() {
                return Command::Invalid(declare_help(want_attack));
            }
            if rest.len() == 1 && rest[0] == "none" {
                return Command::Actions(vec![Action::Done], false);
            }
            let mut actions = Vec::new();
            for w in &rest {
                match pick(w) {
                    Ok(a @ (Action::Attack(_) | Action::Block { .. })) => actions.push(a),
                    Ok(Action::Done) => {}
                    Ok(other) => {
                        return Command::Invalid(format!(
                            "option {w} is not an attack or block: {}",
                            game.describe(&other)
                        ))
                    }
                    Err(e) => return Command::Invalid(e),
                }
            }
            Command::Actions(actions, true)
        }
        w if w
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '#') =>
        {
            if !rest.is_empty() {
                return Command::Invalid(
                    "Give one option number (or `attack N N..` / `block N N..`).".into(),
                );
            }
            match pick(w) {
                Ok(a) => Command::Actions(vec![a], false),
                Err(e) => Command::Invalid(e),
            }
        }
        _ => Command::Invalid(format!(
            "Unknown command {:?}. {COMMANDS}",
            crate::args::clip(line)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn done_does_not_pass_priority_and_pass_modes_parse() {
        let g = crate::play::stops::tests::at_main();
        let legal = g.legal_actions();
        assert!(matches!(
            parse_command("done", &g, &legal),
            Command::Invalid(_)
        ));
        assert!(matches!(
            parse_command("attack", &g, &legal),
            Command::Invalid(_)
        ));
        assert!(
            matches!(parse_command("p", &g, &legal), Command::Actions(a, false) if a == [Action::Pass])
        );
        assert!(matches!(
            parse_command("pass turn", &g, &legal),
            Command::PassUntil(Mode::MyTurn { .. })
        ));
        assert!(matches!(
            parse_command("pe", &g, &legal),
            Command::PassUntil(Mode::EndOfTurn { .. })
        ));
        assert!(matches!(
            parse_command("pr", &g, &legal),
            Command::PassUntil(Mode::Respond { .. })
        ));
        assert!(matches!(
            parse_command("q", &g, &legal),
            Command::Concede(false)
        ));
        assert!(matches!(
            parse_command("concede yes", &g, &legal),
            Command::Concede(true)
        ));
    }

    #[test]
    fn an_option_is_picked_by_the_id_of_what_it_acts_with() {
        let g = crate::play::stops::tests::at_main();
        let legal = g.legal_actions();
        let (i, a) = legal
            .iter()
            .enumerate()
            .find(|(_, a)| matches!(a, Action::PlayLand(_)))
            .expect("a land to play");
        let id = a.objects().0.unwrap().to_string();
        assert!(
            matches!(parse_command(&id, &g, &legal), Command::Actions(x, false) if x == [a.clone()])
        );
        // The same action as its number.
        assert!(
            matches!(parse_command(&(i + 1).to_string(), &g, &legal), Command::Actions(x, false) if x == [a.clone()])
        );
        assert!(matches!(
            parse_command("#999", &g, &legal),
            Command::Invalid(e) if e.contains("no option acts with #999")
        ));
    }
}
