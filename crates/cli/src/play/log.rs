//! The condensed log of `tolaria play`: the lines that matter to a player
//! (plays, targets, attacks, blocks, damage, life, zone changes, the turn
//! beginning) without the bookkeeping (steps beginning, tapping and
//! untapping, mana added and paid, shuffles, each draw). `log --full`
//! shows every line.

use tolaria_cards::db;
use tolaria_rules::{Event, MoveReason, Target, Zone};

/// The line the terminal shows for an event (the saved log keeps the
/// engine's line): attacks, blocks and damage name each creature by its #id, so
/// one of two same-named creatures can be told from the other; a discard
/// says "discards".
pub fn display_line(e: &Event, line: String) -> String {
    let name = |c: &tolaria_cards::CardId| db().get(*c).name.clone();
    match e {
        Event::AttackerDeclared { obj, card } => {
            format!("{} {} {obj} attacks", e.rule(), name(card))
        }
        Event::BlockerDeclared {
            blocker,
            blocker_card,
            attacker,
            attacker_card,
        } => format!(
            "{} {} {blocker} blocks {} {attacker}",
            e.rule(),
            name(blocker_card),
            name(attacker_card)
        ),
        // 310.4, 417.1: damage names its source and a creature it is dealt
        // to by #id too (which of two blocked Grizzly Bears dealt it).
        Event::Damage {
            source,
            source_card,
            to,
            to_card,
            amount,
            combat,
        } => {
            let to = match (to, to_card) {
                (Target::Object(o), Some(c)) => format!("{} {o}", name(c)),
                (Target::Player(p), _) => p.to_string(),
                (Target::Object(o), None) => o.to_string(),
                (Target::Ability(id), _) => format!("ability #{id}"),
            };
            format!(
                "{} {} {source} deals {amount} {}damage to {to}",
                e.rule(),
                name(source_card),
                if *combat { "combat " } else { "" }
            )
        }
        Event::ZoneChange {
            card,
            from: Zone::Hand(p),
            reason: MoveReason::Discard,
            ..
        } => format!("{} {p} discards {}", e.rule(), name(card)),
        _ => line,
    }
}

/// Whether the condensed log shows the event's line.
pub fn condensed(e: &Event) -> bool {
    !matches!(
        e,
        Event::StepBegan { .. }
            | Event::Untapped { .. }
            | Event::Tapped { .. }
            | Event::ManaAdded { .. }
            | Event::CostPaid { .. }
            | Event::CostAnnounced { .. }
            | Event::Shuffled { .. }
            | Event::Drew { .. }
            | Event::SkippedFirstDraw { .. }
            | Event::TurnEndingChecks { .. }
            | Event::CleanupDamageRemoved
            | Event::EndingTurn { .. }
            | Event::ManaLostNoBurn { .. }
            | Event::ManaPoolEmptied { .. }
            | Event::StackObjectCeases { .. }
            | Event::ConditionFalse { .. }
            | Event::StepSkipped { .. }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tolaria_rules::{ObjId, PlayerId};

    #[test]
    fn blocks_name_the_attacker_by_id_and_discards_say_discards() {
        let bears = db().by_name("Grizzly Bears").unwrap().id;
        let wall = db().by_name("Wall of Air").unwrap().id;
        let e = Event::BlockerDeclared {
            blocker: ObjId { slot: 9, gen: 0 },
            blocker_card: wall,
            attacker: ObjId { slot: 4, gen: 0 },
            attacker_card: bears,
        };
        assert_eq!(
            display_line(&e, String::new()),
            "309.2 Wall of Air #9 blocks Grizzly Bears #4"
        );
        let e = Event::ZoneChange {
            card: bears,
            old: ObjId { slot: 4, gen: 0 },
            new: ObjId { slot: 4, gen: 1 },
            from: Zone::Hand(PlayerId(0)),
            to: Zone::Graveyard(PlayerId(0)),
            reason: MoveReason::Discard,
        };
        assert!(display_line(&e, String::new()).ends_with("P1 discards Grizzly Bears"));
        let e = Event::Damage {
            source: ObjId { slot: 4, gen: 0 },
            source_card: bears,
            to: tolaria_rules::Target::Object(ObjId { slot: 9, gen: 0 }),
            to_card: Some(wall),
            amount: 2,
            combat: true,
        };
        assert_eq!(
            display_line(&e, String::new()),
            "310.4 Grizzly Bears #4 deals 2 combat damage to Wall of Air #9"
        );
    }
}
