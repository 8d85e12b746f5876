//! Rendering events as log lines that cite their rule (DEVELOPERS.md,
//! decision 8): the rule of each event, the readable line, and the JSON
//! line of the machine-readable log.

use super::*;

fn name(c: CardId) -> &'static str {
    // 504.2: a face-down object has no name; the log calls it so.
    if db().is_face_down(c) {
        return "Face-down creature";
    }
    &db().get(c).name
}

fn target(t: &Target, card: Option<CardId>) -> String {
    match (t, card) {
        (Target::Player(p), _) => p.to_string(),
        (Target::Object(_), Some(c)) => name(c).to_string(),
        (Target::Object(o), None) => o.to_string(),
        (Target::Ability(_), Some(c)) => format!("the ability of {}", name(c)),
        (Target::Ability(id), None) => format!("ability #{id}"),
    }
}

fn targets(ts: &[NamedTarget]) -> String {
    if ts.is_empty() {
        return String::new();
    }
    let v: Vec<String> = ts.iter().map(|t| target(&t.target, t.card)).collect();
    format!(" targeting {}", v.join(", "))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

impl Event {
    /// The rule the event follows, for the log.
    pub fn rule(&self) -> &'static str {
        match self {
            Event::GameStarted { .. } => "101.2",
            Event::Shuffled { .. } => "101.1",
            Event::Mulliganed { .. } | Event::Kept { .. } => "101.4",
            Event::TurnBegan { .. } => "300.1",
            Event::StepBegan { step } => step.rule(),
            Event::Untapped { .. } => "302.2",
            Event::FaceDownRevealed { .. } => "504.6",
            Event::TurnedFaceUp { .. } => "502.26d",
            Event::Suspended { .. } => "502.59a",
            Event::TurnedFaceDown { .. } => "502.26e",
            Event::Tapped { .. } => "501.7",
            Event::Flipped { .. } => "508.2",
            Event::BecameCopy { .. } => "503.4",
            Event::PhasedOut { indirect: true, .. } => "502.15i",
            Event::PhasedOut { .. } | Event::PhasedIn { .. } => "502.15b",
            Event::Drew {
                why: DrawReason::OpeningHand,
                ..
            } => "101.3",
            Event::Drew {
                why: DrawReason::DrawStep,
                ..
            } => "304.1",
            Event::Drew { .. } => "423.1",
            Event::DrewFromEmptyLibrary { .. } => "420.5g",
            // 606.6b: the starting Two-Headed Giant team skips it.
            Event::SkippedFirstDraw {
                two_headed: true, ..
            } => "606.6b",
            Event::SkippedFirstDraw { .. } => "101.5a",
            Event::LandPlayed { .. } => "408.2d",
            Event::Cycled { .. } => "502.18c",
            Event::SpellPlayed { .. } | Event::AbilityPlayed { .. } => "409.1i",
            Event::SpellCopied { .. } => "503.10",
            Event::TargetChanged { .. } => "415.7",
            Event::DrawReplaced { .. }
            | Event::DrawReplacedByStatic { .. }
            | Event::LifeGainReplaced { .. } => "419.1a",
            Event::ChoseLandOrNonland { .. } => "419.1a",
            Event::Dredged { .. } => "502.47a",
            Event::Amplified { .. } => "502.27a",
            Event::StaysTapped { .. } => "302.2",
            Event::TriggerPutOnStack { .. } => "410.1",
            Event::TriggerRemoved { .. } => "410.4",
            Event::ManaAdded { .. } => "406.1",
            Event::CostPaid { .. } => "409.1h",
            Event::CostAnnounced { .. } => "409.1b",
            Event::Spliced { .. } => "502.40a",
            Event::FlashbackRemoved { .. } => "502.22a",
            Event::AttackCostPaid { .. } => "308.2f",
            Event::AttackWithdrawn { .. } => "308.2",
            Event::PlayCancelled { .. } => "422.1",
            Event::Resolved { .. } => "413.1",
            Event::Countered { .. } => "414.1",
            Event::CounteredOnResolution { .. } => "413.2a",
            Event::Damage { combat: true, .. } => "310.4",
            Event::Damage { .. } => "417.1",
            Event::DamagePrevented {
                protection: true, ..
            } => "502.7e",
            Event::DamagePrevented { .. } => "419.1a",
            Event::DamageOutOfRange { .. } => "601.14a",
            Event::LifeGained { .. } | Event::LifeLost { .. } => "215.3",
            Event::PoisonCountersGiven { .. } => "102.3d",
            Event::ManaBurn { .. } => "300.3",
            Event::PaidUnless { .. } => "413.2c",
            Event::PaidToKeep { .. } | Event::DeclinedToPay { .. } => "413.2c",
            Event::ZoneChange { reason, .. } => reason.rule(),
            Event::Regenerated { .. } => "501.5a",
            Event::DestructionReplaced { .. } => "419.1a",
            Event::AttackerDeclared { .. } => "308.2",
            Event::BlockerDeclared { .. } => "309.2",
            Event::BandDeclared { .. } => "502.10b",
            Event::MustBlock { .. } => "500.1",
            Event::BandBlocked { .. } => "502.10e",
            Event::CombatDamageOnStack { .. } => "310.1",
            Event::RemovedFromCombat { .. } => "306.2",
            Event::BecameBlocked { .. } => "309.2f",
            Event::ControlChanged { .. } => "418.5a",
            Event::Unattached { cost: true, .. } => "409.1h",
            Event::Unattached { .. } => "420.5k",
            Event::MoveReplaced { .. } => "419.1a",
            Event::ColorChosen { .. }
            | Event::OpponentChosen { .. }
            | Event::CreatureTypeChosen { .. }
            | Event::CardNamed { .. } => "419.1b",
            Event::PowerToughnessChosen { face_up: true, .. } => "504.8",
            Event::PowerToughnessChosen { .. } => "419.1b",
            Event::SourceChosen { .. } => "419.8a",
            Event::DamageReplaced { from, to, .. } if from != to => "419.6c",
            Event::DamageReplaced { .. } => "419.1a",
            Event::CountersAnnihilated { .. } => "420.5n",
            Event::EffectCreated { .. } => "418.3",
            Event::EffectEnded { .. } => "408.2i",
            Event::Pumped { .. } => "418.5a",
            Event::CountersPut { .. } | Event::CountersRemoved { .. } => "417.1",
            Event::TokenCreated { copy_of: None, .. } => "216.1",
            Event::TokenCreated { .. } => "503.1",
            Event::CoinFlipped { call: Some(_), .. } => "511.1",
            Event::CoinFlipped { call: None, .. } => "511.2",
            Event::CoinKept { .. } => "419.1",
            Event::TurnControlCreated { replaced: None, .. } => "507.1",
            Event::TurnControlCreated { .. } => "507.1a",
            Event::TurnSkipped { .. } | Event::UntapStepSkipped { .. } => "419.6e",
            Event::StepSkipped { .. } => "419.6e",
            Event::TurnControlWaits { .. } => "507.1b",
            Event::TurnMarkerTaken { .. } => "608.4b",
            Event::TurnMarkerWaits { .. } => "608.4c",
            Event::TurnMarkerRemoved { .. } => "608.4d",
            Event::TurnServed { .. } => "608.4",
            Event::DefendingPlayerChosen { .. } => "606.7d",
            Event::ManaLostNoBurn { .. } => "507.4",
            Event::ManaPoolEmptied { .. } => "417.1",
            Event::EndingTurn { .. } => "509.1",
            Event::ConditionFalse { .. } => "404.3",
            Event::FromOutsideTheGame { .. } => "217.1e",
            Event::FromMainGame { .. } => "506.5a",
            Event::Searched { .. }
            | Event::Revealed { .. }
            | Event::NamedCard { .. }
            | Event::ColorChosenForSpell { .. }
            | Event::NumberChosen { .. } => "417.1",
            Event::DefendingPlayerReferred { .. } => "606.7a",
            Event::LookedAtLibrary { .. } => "217.2b",
            Event::LookedAtHand { .. } => "217.3c",
            Event::LibraryArranged { .. } => "217.2d",
            Event::StackObjectCeases { .. } => "509.1a",
            Event::RemovedFromCombatTurnEnded { .. } => "509.1a",
            Event::TurnEndingChecks { .. } => "509.1b",
            Event::CleanupDamageRemoved => "314.2",
            Event::TurnEnded => "509.1c",
            Event::Attached { .. } => "212.4",
            Event::PlayerLost { reason, .. } => match reason {
                LossReason::LifeZero => "420.5a",
                LossReason::EmptyLibrary => "420.5g",
                LossReason::Poison => "420.5h",
                LossReason::Conceded => "102.3",
                LossReason::OpponentWon => "102.2b",
                LossReason::Effect => "102.3",
                LossReason::EmperorLost => "607.5a",
                LossReason::TeammateLost => "606.8b",
            },
            Event::GameOver { .. } => "102.1",
            Event::AnteWon { .. } => "217.9b",
            // 606.8b: a Two-Headed Giant team wins as a team.
            Event::TeamWon {
                two_headed: true, ..
            } => "606.8b",
            Event::TeamWon { .. } => "609.5",
            Event::PlayerLeftGame { .. } | Event::AbilityLeftTheGame { .. } => "600.4a",
            Event::SubgameBegins { .. } => "506.1",
            Event::SubgameEnded { .. } => "506.6",
        }
    }

    /// The log line, or `None` for an event another event already tells
    /// (a draw's zone change is told by `Drew`, a land's by `LandPlayed`).
    pub fn log_line(&self) -> Option<String> {
        match self {
            Event::ZoneChange {
                reason: MoveReason::Draw | MoveReason::PlayLand | MoveReason::Mulligan,
                ..
            } => None,
            _ => Some(self.render()),
        }
    }

    /// The event as one JSON line: `{"rule": "420.5c", "text": "…", "event": {…}}`,
    /// the machine-readable form of the log (the typed event plus its
    /// rendered line).
    pub fn json_line(&self) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            rule: &'static str,
            text: String,
            event: &'a Event,
        }
        let rendered = self.render();
        let text = rendered
            .strip_prefix(self.rule())
            .map_or(rendered.as_str(), str::trim_start)
            .to_string();
        serde_json::to_string(&Line {
            rule: self.rule(),
            text,
            event: self,
        })
        .expect("events serialise: plain data with string keys")
    }

    /// A readable log line starting with the rule number.
    pub fn render(&self) -> String {
        let text = match self {
            Event::GameStarted { starting, seed } => {
                format!("Game begins (seed {seed}); {starting} plays first")
            }
            Event::Shuffled { player } => format!("{player} shuffles their library"),
            Event::Mulliganed { player, hand_size } => format!("{player} mulligans to {hand_size}"),
            Event::Kept { player, hand_size } => format!("{player} keeps {hand_size} cards"),
            Event::TurnBegan {
                turn,
                player,
                controller,
            } => {
                if player == controller {
                    format!("Turn {turn}: {player}'s turn")
                } else {
                    format!("Turn {turn}: {player}'s turn, controlled by {controller}")
                }
            }
            Event::StepBegan { step } => format!("{} begins", capitalise(step.name())),
            Event::Untapped { card, .. } => format!("{} untaps", name(*card)),
            Event::BecameCopy { card, of, .. } => {
                format!("{} becomes a copy of {}", name(*card), name(*of))
            }
            Event::Flipped { card, .. } => {
                let def = db().get(*card);
                match def.faces.get(1) {
                    Some(f) if def.layout == tolaria_cards::Layout::Flip => {
                        format!("{} flips: it is now {}", def.faces[0].name, f.name)
                    }
                    _ => format!("{} flips", name(*card)),
                }
            }
            Event::PhasedOut {
                card,
                indirect: true,
                ..
            } => format!("{} phases out with what it is attached to", name(*card)),
            Event::PhasedOut { card, .. } => format!("{} phases out", name(*card)),
            Event::PhasedIn { card, .. } => format!("{} phases in", name(*card)),
            Event::Tapped { card, .. } => format!("{} becomes tapped", name(*card)),
            Event::Drew { player, .. } => format!("{player} draws a card"),
            Event::DrewFromEmptyLibrary { player } => {
                format!("{player} attempts to draw from an empty library")
            }
            Event::SkippedFirstDraw { player, .. } => {
                format!("{player} skips the draw of the first turn")
            }
            Event::LandPlayed { player, card, .. } => format!("{player} plays {}", name(*card)),
            Event::Cycled { player, card, .. } => format!("{player} cycles {}", name(*card)),
            Event::SpellPlayed {
                player,
                card,
                half,
                targets: ts,
                ..
            } => {
                let def = tolaria_cards::db().get(*card);
                if def.layout == tolaria_cards::Layout::Split {
                    // 505.2: the half being played.
                    format!(
                        "{player} plays {} ({}){}",
                        def.faces[*half as usize].name,
                        def.name,
                        targets(ts)
                    )
                } else {
                    format!("{player} plays {}{}", name(*card), targets(ts))
                }
            }
            Event::AbilityPlayed {
                player,
                card,
                targets: ts,
                ..
            } => {
                format!(
                    "{player} plays an ability of {}{}",
                    name(*card),
                    targets(ts)
                )
            }
            Event::TriggerPutOnStack {
                player,
                card,
                targets: ts,
                ..
            } => {
                format!(
                    "{}'s triggered ability ({player}) goes on the stack{}",
                    name(*card),
                    targets(ts)
                )
            }
            Event::TriggerRemoved { card, .. } => format!(
                "{}'s triggered ability has no legal target and is removed",
                name(*card)
            ),
            Event::ManaAdded {
                player,
                card,
                kind,
                amount,
                ..
            } => {
                format!(
                    "{} adds {}{{{}}} to {player}'s mana pool",
                    name(*card),
                    if *amount > 1 {
                        format!("{amount}x")
                    } else {
                        String::new()
                    },
                    kind.symbol()
                )
            }
            Event::CostPaid { player, card } => {
                format!("{player} pays the cost of {}", name(*card))
            }
            Event::FlashbackRemoved { card } => format!(
                "{} is removed from the game instead (flashback)",
                name(*card)
            ),
            Event::CostAnnounced { player, card, cost } => {
                format!("{player} announces the {} of {}", cost.name(), name(*card))
            }
            Event::Spliced {
                player,
                card,
                spliced,
            } => format!(
                "{player} reveals {} and splices it onto {}",
                name(*spliced),
                name(*card)
            ),
            Event::AttackCostPaid { player, amount } => {
                format!("{player} pays {{{amount}}} to attack")
            }
            Event::AttackWithdrawn { player } => {
                format!("{player} can't pay the cost to attack; the declaration is withdrawn")
            }
            Event::PlayCancelled { player, card } => {
                format!("{player} cancels playing {}; the game rewinds", name(*card))
            }
            Event::Resolved { card, ability } => {
                format!(
                    "{}{} resolves",
                    name(*card),
                    if *ability { "'s ability" } else { "" }
                )
            }
            Event::Countered { card, ability } => format!(
                "{}{} is countered",
                name(*card),
                if *ability { "'s ability" } else { "" }
            ),
            Event::CounteredOnResolution { card, ability } => {
                format!(
                    "{}{} is countered on resolution: all its targets are illegal",
                    name(*card),
                    if *ability { "'s ability" } else { "" }
                )
            }
            Event::Damage {
                source_card,
                to,
                to_card,
                amount,
                combat,
                ..
            } => format!(
                "{} deals {amount} {}damage to {}",
                name(*source_card),
                if *combat { "combat " } else { "" },
                target(to, *to_card)
            ),
            Event::DamagePrevented {
                source_card,
                to,
                to_card,
                amount,
                protection,
            } => format!(
                "{amount} damage from {} to {} is prevented{}",
                name(*source_card),
                target(to, *to_card),
                if *protection { " (protection)" } else { "" }
            ),
            Event::DamageOutOfRange {
                source_card,
                to,
                to_card,
                amount,
            } => format!(
                "{amount} damage from {} would be dealt to {}, outside its controller's range of influence: it does nothing",
                name(*source_card),
                target(to, *to_card)
            ),
            Event::LifeGained { player, amount } => format!("{player} gains {amount} life"),
            Event::LifeLost { player, amount } => format!("{player} loses {amount} life"),
            Event::PoisonCountersGiven { player, amount } => format!(
                "{player} gets {amount} poison counter{}",
                if *amount == 1 { "" } else { "s" }
            ),
            Event::ManaBurn { player, amount } => {
                format!("{player} loses {amount} life to mana burn")
            }
            Event::PaidUnless { player, amount } => format!("{player} pays {amount} mana"),
            Event::PaidToKeep {
                player,
                card,
                mana,
                life,
            } => match (*mana, *life) {
                (m, 0) => format!("{player} pays {m} mana for {}", name(*card)),
                (0, l) => format!("{player} pays {l} life for {}", name(*card)),
                (m, l) => format!("{player} pays {m} mana and {l} life for {}", name(*card)),
            },
            Event::DeclinedToPay { player, card } => {
                format!("{player} doesn't pay for {}", name(*card))
            }
            Event::ZoneChange {
                card,
                from,
                to,
                reason,
                ..
            } => {
                let why = match reason {
                    MoveReason::LethalDamage => " (lethal damage)",
                    MoveReason::ZeroToughness => " (toughness 0 or less)",
                    MoveReason::AuraIllegal => " (Aura attached illegally)",
                    MoveReason::Legend => " (legend rule)",
                    MoveReason::World => " (world rule)",
                    MoveReason::Fizzled => " (all targets illegal)",
                    _ => "",
                };
                let dest = match to {
                    Zone::Graveyard(_) => "is put into its owner's graveyard".to_string(),
                    Zone::Hand(_) => "is put into its owner's hand".to_string(),
                    Zone::Library(_) => "is put into its owner's library".to_string(),
                    Zone::InPlay => "comes into play".to_string(),
                    Zone::PhasedOut => "phases out".to_string(),
                    Zone::Ante => "is put into the ante".to_string(),
                    Zone::Stack => "is put onto the stack".to_string(),
                    // 506.3: a library becomes a subgame's deck face down.
                    Zone::RemovedFromGame if *reason == MoveReason::Subgame => {
                        "is removed from the game face down".to_string()
                    }
                    Zone::RemovedFromGame => "is removed from the game".to_string(),
                    Zone::Nowhere if *reason == MoveReason::LeftTheGame => {
                        "leaves the game".to_string()
                    }
                    Zone::Nowhere => "ceases to exist".to_string(),
                };
                // A subgame's cards go and come back unseen (506.3, 506.6).
                let hidden = (matches!(from, Zone::Library(_) | Zone::Hand(_))
                    && matches!(to, Zone::Library(_) | Zone::Hand(_)))
                    || matches!(reason, MoveReason::Subgame | MoveReason::SubgameEnded)
                    // 600.4a: a leaving player's library and hand stay unseen.
                    || (*reason == MoveReason::LeftTheGame
                        && matches!(from, Zone::Library(_) | Zone::Hand(_)));
                if *from == Zone::Nowhere && *reason == MoveReason::TokenCopy {
                    format!("A token that's a copy of {} {dest}", name(*card))
                } else if *from == Zone::Nowhere {
                    format!("A token created by {} {dest}", name(*card))
                } else if hidden {
                    format!("A card {dest}{why}")
                } else {
                    format!("{} {dest}{why}", name(*card))
                }
            }
            Event::Regenerated { card, .. } => format!("{} regenerates", name(*card)),
            Event::DestructionReplaced { card, .. } => format!(
                "{} isn't destroyed: the damage marked on it is removed instead",
                name(*card)
            ),
            Event::AttackerDeclared { card, .. } => format!("{} attacks", name(*card)),
            Event::BlockerDeclared {
                blocker_card,
                attacker_card,
                ..
            } => {
                format!("{} blocks {}", name(*blocker_card), name(*attacker_card))
            }
            Event::MustBlock {
                blocker_card,
                attacker_card,
            } => format!(
                "{} blocks {} this combat if able",
                name(*blocker_card),
                name(*attacker_card)
            ),
            Event::BandDeclared { members } => {
                let names: Vec<&str> = members.iter().map(|&c| name(c)).collect();
                format!("{} attack as a band", names.join(" and "))
            }
            Event::BandBlocked {
                blocker_card,
                attacker_card,
                ..
            } => format!(
                "{} becomes blocked by {} (its band is blocked)",
                name(*attacker_card),
                name(*blocker_card)
            ),
            Event::CombatDamageOnStack { assignments } => {
                format!(
                    "Combat damage ({assignments} assignment{}) goes on the stack",
                    if *assignments == 1 { "" } else { "s" }
                )
            }
            Event::RemovedFromCombat { card, .. } => {
                format!("{} is removed from combat", name(*card))
            }
            Event::BecameBlocked { card, .. } => {
                format!("{} becomes blocked", name(*card))
            }
            Event::ControlChanged { card, to, .. } => {
                format!("{to} now controls {} (layer 2)", name(*card))
            }
            Event::EffectCreated { card, what, .. } => format!("{} {what}", name(*card)),
            Event::EffectEnded { card, player, .. } => {
                format!("{player} pays to end the effect on {}", name(*card))
            }
            Event::Unattached { card, .. } => format!("{} becomes unattached", name(*card)),
            Event::StaysTapped { card, .. } => {
                format!("{} stays tapped (its controller chose not to untap it)", name(*card))
            }
            Event::LifeGainReplaced {
                player,
                card,
                amount,
            } => format!("{}: {player} gains no life instead of {amount}", name(*card)),
            Event::DrawReplacedByStatic { player, card } => {
                format!("{}: {player} doesn't draw; instead …", name(*card))
            }
            Event::Amplified {
                player,
                card,
                revealed,
            } => {
                let names: Vec<&str> = revealed.iter().map(|c| name(*c)).collect();
                if names.is_empty() {
                    format!("{player} reveals no cards for {}'s amplify", name(*card))
                } else {
                    format!(
                        "{player} reveals {} for {}'s amplify",
                        names.join(", "),
                        name(*card)
                    )
                }
            }
            Event::Dredged { player, card, n } => {
                format!(
                    "{player} dredges {n} with {} instead of drawing",
                    name(*card)
                )
            }
            Event::ChoseLandOrNonland { player, land } => {
                format!(
                    "{player} chooses {}",
                    if *land { "land" } else { "nonland" }
                )
            }
            Event::DrawReplaced {
                player,
                by_card,
                instead,
            } => format!(
                "{}: {player} skips a draw and {instead} draws instead",
                name(*by_card)
            ),
            Event::TargetChanged {
                card,
                targets: ts,
                ability,
            } => {
                let of = if *ability { "'s ability" } else { "" };
                format!("the target of {}{of} changes:{}", name(*card), targets(ts))
            }
            Event::SpellCopied {
                player,
                card,
                targets: ts,
                ..
            } => format!(
                "{player} puts a copy of {} onto the stack{}",
                name(*card),
                targets(ts)
            ),
            Event::SourceChosen {
                player,
                card,
                source_card,
            } => format!(
                "{player} chooses {} as the source for {}'s prevention shield",
                name(*source_card),
                name(*card)
            ),
            Event::OpponentChosen { card, player, .. } => {
                format!("{} comes into play with {player} chosen", name(*card))
            }
            Event::ColorChosen { card, color, .. } => {
                format!("{} comes into play with {} chosen", name(*card), color.name())
            }
            Event::PowerToughnessChosen {
                card,
                power,
                toughness,
                face_up,
                ..
            } => format!(
                "{} {} as a {power}/{toughness}",
                name(*card),
                if *face_up {
                    "is turned face up"
                } else {
                    "comes into play"
                }
            ),
            Event::CreatureTypeChosen { card, subtype, .. } => {
                format!("{} comes into play with {} chosen", name(*card), subtype.name())
            }
            Event::NamedCard { player, name: n } => format!("{player} names {}", n.as_str()),
            Event::ColorChosenForSpell { player, color } => {
                format!("{player} chooses {}", color.name())
            }
            Event::NumberChosen { player, number } => format!("{player} chooses the number {number}"),
            Event::DefendingPlayerReferred { chooser, player } => {
                format!("{chooser} chooses {player} as the defending player the effect refers to")
            }
            Event::CardNamed { card, name: n, .. } => {
                format!("{} comes into play with {} named", name(*card), n.as_str())
            }
            Event::MoveReplaced { card, by_card, to } => format!(
                "{}: {} {} instead of into a graveyard",
                name(*by_card),
                name(*card),
                match to {
                    Zone::Library(_) => "is shuffled into its owner's library",
                    _ => "is removed from the game",
                }
            ),
            Event::DamageReplaced {
                source_card,
                by_card,
                from,
                from_card,
                to,
                to_card,
                before,
                after,
            } => {
                if from != to {
                    format!(
                        "{}: {before} damage from {} to {} is dealt to {} instead",
                        name(*by_card),
                        name(*source_card),
                        target(from, *from_card),
                        target(to, *to_card)
                    )
                } else {
                    format!(
                        "{}: {} deals {after} damage to {} instead of {before}",
                        name(*by_card),
                        name(*source_card),
                        target(to, *to_card)
                    )
                }
            }
            Event::CountersAnnihilated { card, n, .. } => format!(
                "{n} +1/+1 and {n} -1/-1 counter(s) are removed from {}",
                name(*card)
            ),
            Event::Pumped {
                card,
                power,
                toughness,
                ..
            } => format!("{} gets {:+}/{:+}", name(*card), power, toughness),
            Event::CountersPut {
                card, kind, amount, ..
            } => {
                format!(
                    "{amount} {} counter(s) put on {}",
                    kind.name(),
                    name(*card)
                )
            }
            Event::CountersRemoved {
                card, kind, amount, ..
            } => {
                format!(
                    "{amount} {} counter(s) removed from {}",
                    kind.name(),
                    name(*card)
                )
            }
            Event::TokenCreated {
                player,
                copy_of: None,
                ..
            } => format!("{player} creates a token"),
            // 503.1, in 2007's words.
            Event::TokenCreated {
                player,
                copy_of: Some(c),
                ..
            } => format!(
                "{player} puts a token into play that's a copy of {}",
                name(*c)
            ),
            Event::CoinFlipped {
                player,
                call: Some(call),
                heads,
                won,
            } => format!(
                "{player} calls {}, the coin comes up {}: {player} {} the flip",
                if *call { "heads" } else { "tails" },
                if *heads { "heads" } else { "tails" },
                if *won == Some(true) { "wins" } else { "loses" }
            ),
            Event::CoinFlipped {
                player,
                call: None,
                heads,
                ..
            } => format!(
                "{player} flips a coin without a call: it comes up {} (no one wins or loses)",
                if *heads { "heads" } else { "tails" }
            ),
            Event::CoinKept {
                player,
                card,
                flipped,
                heads,
            } => format!(
                "{player} flips {flipped} coins instead of one ({}) and keeps {}",
                name(*card),
                if *heads { "heads" } else { "tails" }
            ),
            Event::TurnControlCreated {
                player,
                controller,
                replaced,
            } => match replaced {
                None => format!("{controller} will control {player}'s next turn"),
                Some(r) => format!(
                    "{controller} will control {player}'s next turn (overwriting {r}'s effect)"
                ),
            },
            Event::TurnSkipped { player } => format!("{player} skips their turn"),
            Event::TurnMarkerTaken { marker, player } => {
                format!("{player} takes turn marker {marker}")
            }
            Event::TurnMarkerWaits { marker, player } => format!(
                "Turn marker {marker} waits: a turn marker is within the three seats to {player}'s left"
            ),
            Event::TurnMarkerRemoved { marker } => format!("Turn marker {marker} is removed"),
            Event::TurnServed {
                marker,
                turn,
                player,
                step,
            } => format!(
                "Turn {turn} ({player}'s, turn marker {marker}) goes on: {}",
                step.name()
            ),
            Event::UntapStepSkipped { player } => format!("{player} skips their untap step"),
            Event::StepSkipped { player, step } => {
                format!("{player} skips their {}", step.name())
            }
            Event::DefendingPlayerChosen { card, player, .. } => format!(
                "{} assigns its combat damage to the defending team's {player}",
                name(*card)
            ),
            Event::TurnControlWaits { player, controller } => format!(
                "{controller}'s control of {player}'s next turn waits for a turn {player} actually takes"
            ),
            Event::ManaPoolEmptied { player, amount } => {
                format!("{player} loses {amount} unspent mana (no mana burn)")
            }
            Event::ManaLostNoBurn { player, amount } => format!(
                "{player} loses {amount} unused mana but no life: another player controls the turn"
            ),
            Event::EndingTurn { card } => format!("{} ends the turn", name(*card)),
            Event::FromOutsideTheGame {
                player,
                card,
                removed,
                into_library,
            } => format!(
                "{player} {} {} from outside the game ({}) and puts it into their {}",
                if *into_library { "chooses" } else { "reveals" },
                name(*card),
                if *removed {
                    "removed from the game"
                } else {
                    "not in the game"
                },
                if *into_library { "library" } else { "hand" }
            ),
            Event::FromMainGame { player, card } => format!(
                "{player} reveals {} from the main game (outside the subgame) and puts it into their hand; it is removed from the main game",
                name(*card)
            ),
            Event::FaceDownRevealed { player, card } => {
                format!("{player} reveals the face-down {}", name(*card))
            }
            Event::TurnedFaceUp { player, card, .. } => {
                format!("{player} turns a face-down creature face up: it is {}", name(*card))
            }
            Event::TurnedFaceDown { player, card, .. } => {
                format!("{} is turned face down ({player} controls it)", name(*card))
            }
            Event::Suspended {
                player,
                card,
                counters,
                ..
            } => format!(
                "{player} suspends {} with {counters} time counter(s) on it",
                name(*card)
            ),
            Event::Searched { player, found } => match found {
                // The card found is named only when it is revealed or put
                // into play (those events name it).
                Some(_) => format!("{player} searches their library and finds a card"),
                None => format!("{player} searches their library and finds nothing"),
            },
            Event::Revealed { player, cards } => {
                let v: Vec<&str> = cards.iter().map(|c| name(*c)).collect();
                if v.is_empty() {
                    format!("{player} reveals nothing")
                } else {
                    format!("{player} reveals {}", v.join(", "))
                }
            }
            Event::LookedAtLibrary {
                player,
                count,
                whose: None,
            } => {
                format!("{player} looks at the top {count} cards of their library")
            }
            Event::LookedAtLibrary {
                player,
                count,
                whose: Some(w),
            } => format!("{player} looks at the top {count} cards of {w}'s library"),
            Event::LookedAtHand {
                player,
                whose,
                cards,
            } => {
                let v: Vec<&str> = cards.iter().map(|c| name(*c)).collect();
                format!("{player} looks at {whose}'s hand: {}", v.join(", "))
            }
            Event::LibraryArranged {
                player,
                top,
                bottom,
            } => format!(
                "{player} puts {top} of those cards back on top of their library and {bottom} on the bottom, in the order they chose"
            ),
            Event::ConditionFalse { card } => format!(
                "{}'s triggered ability does nothing: its \"if\" condition is false",
                name(*card)
            ),
            Event::StackObjectCeases {
                card: Some(c),
                triggered,
            } => format!(
                "{} {} ability is removed from the stack and ceases to exist",
                name(*c),
                if *triggered { "triggered" } else { "activated" }
            ),
            Event::StackObjectCeases { card: None, .. } => {
                "Combat damage on the stack is removed and ceases to exist".to_string()
            }
            Event::RemovedFromCombatTurnEnded { card, .. } => {
                format!("{} is removed from combat", name(*card))
            }
            Event::TurnEndingChecks { waiting } => format!(
                "State-based effects are checked; no player gets priority and no triggered ability is put on the stack ({waiting} waiting)"
            ),
            Event::CleanupDamageRemoved => {
                "Damage wears off and \"until end of turn\" effects end".to_string()
            }
            Event::TurnEnded => "The turn ends: the game skips to the cleanup step".to_string(),
            Event::Attached {
                card, to, to_card, ..
            } => format!(
                "{} becomes attached to {}",
                name(*card),
                target(to, *to_card)
            ),
            Event::AbilityLeftTheGame { card, player } => format!(
                "An ability of {} controlled by {player} ceases to exist",
                name(*card)
            ),
            Event::PlayerLeftGame { player } => format!(
                "{player} leaves the game: every object {player} owns leaves the game, \
                 {player}'s spells and abilities on the stack cease to exist"
            ),
            Event::PlayerLost { player, reason } => {
                let why = match reason {
                    LossReason::LifeZero => "0 or less life",
                    LossReason::EmptyLibrary => "drew from an empty library",
                    LossReason::Poison => "ten or more poison counters",
                    LossReason::Conceded => "conceded",
                    LossReason::OpponentWon => "an effect says an opponent wins the game",
                    LossReason::Effect => "an effect says the player loses the game",
                    LossReason::EmperorLost => "the team's emperor lost the game",
                    LossReason::TeammateLost => "the player's team lost the game",
                };
                format!("{player} loses the game ({why})")
            }
            Event::GameOver { winner: Some(p) } => format!("{p} wins the game"),
            Event::GameOver { winner: None } => "The game is a draw".to_string(),
            Event::AnteWon { winner, cards } => format!(
                "{winner} becomes the owner of the cards in the ante: {}",
                cards.iter().map(|&c| name(c)).collect::<Vec<_>>().join(", ")
            ),
            Event::TeamWon { team, .. } => format!("Team {} wins the game", team + 1),
            Event::SubgameBegins { depth } => format!(
                "A subgame begins (depth {depth}); the main game waits until it ends"
            ),
            Event::SubgameEnded {
                depth,
                winner: Some(p),
            } => format!(
                "The subgame (depth {depth}) ends, won by {p}; each player's cards go back into their main-game library and the main game resumes"
            ),
            Event::SubgameEnded {
                depth,
                winner: None,
            } => format!(
                "The subgame (depth {depth}) ends with no winner; each player's cards go back into their main-game library and the main game resumes"
            ),
        };
        format!("{} {}", self.rule(), text)
    }
}
