//! Actions described for people (the terminal, logs and labels); split
//! from `legal.rs`.

use crate::{Action, DecisionKind, Game, ObjId, Target, Zone};
use tolaria_cards::Ability;

impl Game {
    /// Describes an action for people (the terminal and logs).
    pub fn describe(&self, a: &Action) -> String {
        // 504.3: a face-down object is described as such (its controller's
        // terminal adds the name it may look at).
        let name = |o: &ObjId| {
            self.objects
                .get(o.slot as usize)
                .map_or("?".to_string(), |x| {
                    if x.is_face_down() && x.gen == o.gen && x.zone == Zone::RemovedFromGame {
                        // 217.7b: a card removed from the game face down.
                        "face-down card".to_string()
                    } else if x.is_face_down() && x.gen == o.gen {
                        "face-down creature".to_string()
                    } else if let Some(spec) = x.token_src.and_then(|t| t.spec()) {
                        // 216.2: a token's name is the one its creating
                        // effect gave it ("Wolves of the Hunt").
                        spec.name.clone()
                    } else {
                        x.def().name.clone()
                    }
                })
        };
        let tgt = |t: &Target| match t {
            Target::Player(p) => format!("{} ({})", self.player(*p).name, p),
            Target::Object(o) => format!("{} {}", name(o), o),
            Target::Ability(id) => match self.stack_ability(*id).and_then(|s| s.card(self)) {
                Some(c) => format!("the ability of {} (#{id})", tolaria_cards::db().get(c).name),
                None => format!("ability #{id}"),
            },
        };
        match a {
            Action::Keep => "keep hand".into(),
            Action::Mulligan => "mulligan".into(),
            Action::Pass => "pass priority".into(),
            Action::PlayLand(o) => format!("play land {}", name(o)),
            Action::PlaySpell(o)
                if matches!(
                    self.objects.get(o.slot as usize).map(|x| x.zone),
                    Some(Zone::Graveyard(_))
                ) =>
            {
                // With flashback, or from the graveyard by another
                // permission (Yawgmoth's Will; a flashback card then asks).
                match self.objects.get(o.slot as usize) {
                    Some(x) if x.spell_face().spell.flashback.is_some() => {
                        format!("play {} with flashback", name(o))
                    }
                    _ => format!("play {} from the graveyard", name(o)),
                }
            }
            Action::PlaySpell(o) => format!("play {}", name(o)),
            Action::PlayFaceDown(o) => format!("play {} face down", name(o)),
            Action::TurnFaceUp(o) => format!("turn {} {} face up", name(o), o),
            Action::Suspend(o) => format!("suspend {}", name(o)),
            Action::EndEffect(o) => format!("end the effect on {}", name(o)),
            Action::Granted(i) => self.describe_granted(*i),
            Action::PlaySplit { card, half } => format!(
                "play {} ({} of {})",
                self.objects
                    .get(card.slot as usize)
                    .map_or("?", |x| x.def().faces[*half as usize].name.as_str()),
                if *half == 0 {
                    "left half"
                } else {
                    "right half"
                },
                name(card)
            ),
            Action::Activate { source, index } => {
                // 603.2: the deploy ability the rules give every creature
                // is named, as it is printed on no card.
                let deploy = self.obj(*source).is_some_and(|_| {
                    crate::continuous::characteristics::compute(self, *source)
                        .ability_at(*index)
                        .is_some_and(|(_, r)| r == tolaria_cards::AbilityRef::Deploy)
                });
                if deploy {
                    format!(
                        "activate {} ability {}: deploy (603.2: {{T}}: target teammate gains control of it)",
                        name(source),
                        index
                    )
                } else {
                    format!("activate {} ability {}", name(source), index)
                }
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                let doubles = self.obj(*source).is_some_and(|_| {
                    matches!(
                        crate::continuous::characteristics::compute(self, *source)
                            .ability_at(*index),
                        Some((
                            Ability::Mana(tolaria_cards::ManaAbility {
                                produce: tolaria_cards::ManaProduce::DoublePool,
                                ..
                            }),
                            _
                        ))
                    )
                });
                // 406.1: "mana in any combination of {W} and/or {U}": the
                // colours are chosen as it resolves (`mana_split.rs`).
                let combination = self.obj(*source).and_then(|_| {
                    match crate::continuous::characteristics::compute(self, *source)
                        .ability_at(*index)
                    {
                        Some((
                            Ability::Mana(tolaria_cards::ManaAbility {
                                produce: tolaria_cards::ManaProduce::Combination { colors, .. },
                                ..
                            }),
                            _,
                        )) => Some(*colors),
                        _ => None,
                    }
                });
                if let Some(colors) = combination {
                    let symbols: Vec<String> = colors
                        .iter()
                        .map(|c| format!("{{{}}}", c.symbol()))
                        .collect();
                    format!(
                        "play {} {}: mana in any combination of {}",
                        name(source),
                        source,
                        symbols.join("/")
                    )
                } else if doubles {
                    format!(
                        "play {} {}: double the mana in the pool",
                        name(source),
                        source
                    )
                } else if self.obj(*source).is_some_and(|_| {
                    matches!(
                        crate::continuous::characteristics::compute(self, *source)
                            .ability_at(*index),
                        Some((Ability::Mana(m), _)) if m.cost.sacrifice_self
                    )
                }) {
                    // "{T}, Sacrifice Dwarven Ruins: Add {R}{R}": told apart
                    // from the land's other ability making the same colour.
                    format!(
                        "tap and sacrifice {} {} for {{{}}}",
                        name(source),
                        source,
                        kind.symbol()
                    )
                } else {
                    format!("tap {} {} for {{{}}}", name(source), source, kind.symbol())
                }
            }
            Action::ChooseTarget(t) => format!("target {}", tgt(t)),
            Action::ChooseMode(m) => format!("mode {}", m + 1),
            Action::ChooseX(x) => format!("X = {x}"),
            Action::CancelPlay => "cancel".into(),
            Action::Attack(o) => format!("attack with {} {}", name(o), o),
            Action::AttackPlayer { attacker, player } => {
                format!("attack {player} with {} {}", name(attacker), attacker)
            }
            Action::Ninjutsu { card, attacker } => format!(
                "ninjutsu {} {} returning {} {}",
                name(card),
                card,
                name(attacker),
                attacker
            ),
            Action::Band { creature, with } => format!(
                "band {} {} with {} {}",
                name(creature),
                creature,
                name(with),
                with
            ),
            Action::PutInPile { creature, pile } => {
                format!("put {} {} into pile {}", name(creature), creature, pile + 1)
            }
            Action::Block { blocker, attacker } => format!(
                "block {} {} with {} {}",
                name(attacker),
                attacker,
                name(blocker),
                blocker
            ),
            Action::Done => "done".into(),
            Action::AssignDamage(n) => format!("assign {n} damage"),
            Action::ChooseObject(o)
                if self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::PayMana) =>
            {
                if matches!(self.zone_of(*o), Some(Zone::Graveyard(_))) {
                    format!("remove {} {} from the game for delve", name(o), o)
                } else {
                    format!("tap {} {} for convoke", name(o), o)
                }
            }
            // 502.40a: a card revealed to splice, with its splice cost.
            Action::ChooseObject(o)
                if self
                    .decision
                    .as_ref()
                    .is_some_and(|d| d.kind == DecisionKind::AnnounceSplice) =>
            {
                let cost = self
                    .obj(*o)
                    .and_then(|x| x.def().faces[0].spell.splice.as_deref())
                    .map_or(String::new(), |s| cost_text(&s.cost));
                format!("splice {} {} (pay {cost})", name(o), o)
            }
            Action::ChooseObject(o) => format!("choose {} {}", name(o), o),
            Action::ChooseTrigger(i) => format!("put trigger {i} on the stack next"),
            Action::CallHeads => "call heads".into(),
            Action::CallTails => "call tails".into(),
            Action::ChooseWord(w) => format!("choose {}", w.name()),
            Action::ChooseColor(c) => format!("choose {}", c.name()),
            Action::ChooseCreatureType(t) | Action::ChooseLandType(t) => {
                format!("choose {}", t.name())
            }
            Action::NameCard(n) => format!("name {}", n.as_str()),
            Action::ChooseReplacement(i) => match self.decision.as_ref().map(|d| &d.kind) {
                Some(DecisionKind::ChooseReplacement { options, .. }) => format!(
                    "apply {} first",
                    options.get(*i as usize).map_or("?", String::as_str)
                ),
                Some(DecisionKind::ChooseOption { options, .. }) => format!(
                    "choose {}",
                    options.get(*i as usize).map_or("?", String::as_str)
                ),
                _ => format!("apply replacement effect {i} first"),
            },
            Action::KeepCoin(true) => "keep heads".into(),
            Action::KeepCoin(false) => "keep tails".into(),
            Action::ChooseFromMainGame(o) => format!(
                "choose {} from the main game",
                self.main
                    .as_deref()
                    .and_then(|m| m.objects.get(o.slot as usize))
                    .map_or("?", |x| x.def().name.as_str())
            ),
            Action::ChooseOutside(i) => {
                let who = self.decision.as_ref().map_or(self.active, |d| d.player);
                match self.player(who).outside.get(*i as usize) {
                    Some(&c) => format!(
                        "choose {} from outside the game",
                        tolaria_cards::db().get(c).name
                    ),
                    None => "choose ? from outside the game".into(),
                }
            }
            Action::Yes | Action::No => match self.decision.as_ref().map(|d| &d.kind) {
                // 409.1b: the optional cost asked, in words.
                Some(DecisionKind::AnnounceCost { cost }) => {
                    let what = self
                        .casting
                        .as_deref()
                        .and_then(|c| self.optional_cost(c, *cost))
                        .map_or(String::new(), |k| format!(" {}", cost_text(k)));
                    if *a == Action::Yes {
                        format!("pay the {}{what}", cost.name())
                    } else {
                        format!("don't pay the {}", cost.name())
                    }
                }
                _ if *a == Action::Yes => "yes".into(),
                _ => "no".into(),
            },
            Action::Concede(p) => format!("{p} concedes"),
        }
    }
}

/// A cost in words for people ("{2}{R}", "sacrifice 2 permanents, pay 3 life").
pub(crate) fn cost_text(k: &tolaria_cards::Cost) -> String {
    let mut parts = Vec::new();
    if !k.mana.is_zero() {
        parts.push(k.mana.to_string());
    }
    if k.sacrifice.is_some() {
        parts.push(format!("sacrifice {}", k.sacrifices()));
    }
    if k.discard > 0 {
        parts.push(format!("discard {}", k.discard));
    }
    if k.opponent_gains_life > 0 {
        parts.push(format!("an opponent gains {} life", k.opponent_gains_life));
    }
    if k.others_gain_life > 0 {
        parts.push(format!(
            "each other player gains {} life",
            k.others_gain_life
        ));
    }
    if k.sacrifice_attached {
        parts.push("sacrifice enchanted creature".to_string());
    }
    if k.pay_half_life {
        parts.push("pay half your life, rounded up".to_string());
    }
    if k.pay_life > 0 {
        parts.push(format!("pay {} life", k.pay_life));
    }
    if let Some((_, n)) = &k.return_to_hand {
        parts.push(format!("return {n} to hand"));
    }
    parts.join(", ")
}
