//! A readable label for a legal action, built from the deciding seat's
//! view only (object names come from the cards that view shows).

use std::collections::HashMap;
use tolaria_rules::{Action, DecisionKind, ObjId, PlayerView, Target};

fn names(view: &PlayerView) -> HashMap<ObjId, String> {
    let mut m = HashMap::new();
    let mut card = |c: &tolaria_rules::engine::view::CardView| {
        m.insert(
            c.id,
            c.name.clone().unwrap_or_else(|| "a hidden card".into()),
        );
    };
    for p in &view.players {
        p.hand.iter().flatten().for_each(&mut card);
        p.graveyard.iter().for_each(&mut card);
        p.revealed.iter().for_each(&mut card);
        p.library_top.iter().for_each(&mut card);
    }
    view.removed.iter().for_each(&mut card);
    view.choice_cards.iter().for_each(&mut card);
    for pm in &view.in_play {
        m.insert(pm.id, pm.name.clone());
    }
    m
}

pub fn label(view: &PlayerView, a: &Action) -> String {
    let names = names(view);
    let n = |id: &ObjId| {
        names
            .get(id)
            .cloned()
            .unwrap_or_else(|| format!("object {id}"))
    };
    let player = |p: &tolaria_rules::PlayerId| {
        view.players
            .iter()
            .find(|s| s.id == *p)
            .map_or_else(|| p.to_string(), |s| format!("{} ({p})", s.name))
    };
    let target = |t: &Target| match t {
        Target::Object(o) => n(o),
        Target::Player(p) => player(p),
        Target::Ability(id) => format!("ability #{id} on the stack"),
    };
    let kind = view.decision.as_ref().map(|d| &d.kind);
    match a {
        Action::Keep => "Keep this hand".into(),
        Action::Mulligan => "Mulligan".into(),
        Action::Pass => "Pass priority".into(),
        Action::PlayLand(o) => format!("Play {}", n(o)),
        Action::PlaySpell(o) => format!("Play {}", n(o)),
        Action::PlayFaceDown(o) => format!("Play {} face down (morph)", n(o)),
        Action::TurnFaceUp(o) => format!("Turn {} face up", n(o)),
        Action::Suspend(o) => format!("Suspend {}", n(o)),
        Action::EndEffect(o) => format!("Pay to end the effect on {}", n(o)),
        Action::Granted(i) => format!("Granted action {}", i + 1),
        Action::PlaySplit { card, half } => format!("Play {} (half {})", n(card), half + 1),
        Action::Activate { source, index } => {
            format!("Activate {} (ability {})", n(source), index + 1)
        }
        Action::ActivateMana { source, kind, .. } => format!("Tap {} for {kind:?}", n(source)),
        Action::Ninjutsu { card, attacker } => {
            format!("Ninjutsu {} returning {}", n(card), n(attacker))
        }
        Action::ChooseTarget(t) => format!("Target {}", target(t)),
        Action::ChooseMode(m) => match kind {
            Some(DecisionKind::TapOrUntap) if *m == 0 => "Tap it".into(),
            Some(DecisionKind::TapOrUntap) => "Untap it".into(),
            _ => format!("Mode {}", m + 1),
        },
        Action::ChooseX(x) => format!("X = {x}"),
        Action::CancelPlay => "Cancel".into(),
        Action::Attack(o) => format!("Attack with {}", n(o)),
        Action::AttackPlayer {
            attacker,
            player: p,
        } => format!("Attack {} with {}", player(p), n(attacker)),
        Action::Band { creature, with } => format!("Band {} with {}", n(creature), n(with)),
        Action::Block { blocker, attacker } => format!("Block {} with {}", n(attacker), n(blocker)),
        Action::PutInPile { creature, pile } => {
            format!("Put {} into pile {}", n(creature), pile + 1)
        }
        Action::Done => match kind {
            Some(DecisionKind::DeclareAttackers) => "Done declaring attackers".into(),
            Some(DecisionKind::DeclareBlockers) => "Done declaring blockers".into(),
            Some(DecisionKind::DividePiles { .. }) => "Done dividing piles".into(),
            Some(DecisionKind::AnnounceSplice) => "Splice nothing more".into(),
            _ => "Done".into(),
        },
        Action::AssignDamage(d) => format!("Assign {d} damage"),
        // 502.40a: a card revealed to splice onto the spell being played.
        Action::ChooseObject(o) if kind == Some(&DecisionKind::AnnounceSplice) => {
            format!("Splice {} onto the spell", n(o))
        }
        Action::ChooseObject(o) => format!("Choose {}", n(o)),
        Action::ChooseTrigger(i) => format!("Put trigger {} on the stack next", i + 1),
        Action::CallHeads => "Call heads".into(),
        Action::CallTails => "Call tails".into(),
        Action::ChooseReplacement(i) => match kind {
            Some(DecisionKind::ChooseReplacement { options, .. })
            | Some(DecisionKind::ChooseOption { options, .. }) => options
                .get(*i as usize)
                .cloned()
                .unwrap_or_else(|| format!("Option {}", i + 1)),
            _ => format!("Option {}", i + 1),
        },
        Action::ChooseColor(c) => format!("Choose {c:?}"),
        Action::ChooseCreatureType(t) | Action::ChooseLandType(t) => format!("Choose {}", t.name()),
        Action::NameCard(c) => format!("Name {}", c.as_str()),
        Action::ChooseWord(w) => format!("Choose {w:?}"),
        Action::KeepCoin(h) => format!("Keep {}", if *h { "heads" } else { "tails" }),
        Action::ChooseOutside(i) => format!("Card {} from outside the game", i + 1),
        Action::ChooseFromMainGame(o) => format!("Choose {} from the main game", n(o)),
        Action::Yes => "Yes".into(),
        Action::No => "No".into(),
        Action::Concede(_) => "Concede".into(),
    }
}
