//! How an ability is named wherever the game remembers it (the stack, a
//! pending trigger): by where its text lives in the static card data, never
//! by the object that has it. So the ability's text survives its source
//! leaving play (413.2f: last known information) or losing the ability.
//!
//! An object's abilities (layer 5, 418.5a) are its face's printed ones, the
//! rules-defined triggered abilities of its keywords (502.3 flanking, 502.63
//! deathtouch, 502.68 lifelink), and the abilities other effects grant it in
//! quotes ("Enchanted creature has \"{T}: …\""), whose text is on the
//! granting card (`CardFace::granted`).

use crate::CombatEffect;
use crate::{db, Ability, BasicLandType, CardId, Keyword, KeywordSet};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityRef {
    /// Printed on a face: `db().get(card).faces[face].abilities[index]`.
    Printed { card: CardId, face: u8, index: u8 },
    /// 418.6: printed on a face whose text a text-changing effect changed
    /// ("replace all instances of red with blue"): the ability as
    /// rewritten (`bent_face`), kept with the change so it survives its
    /// source leaving play like a printed one (413.2f).
    Bent {
        card: CardId,
        face: u8,
        index: u8,
        change: crate::TextChange,
    },
    /// The triggered ability a keyword stands for (502.3, 502.63, 502.68).
    Keyword(Keyword),
    /// An ability granted in quotes by another card's effect: the granting
    /// card and face, and the index in that face's `granted` list.
    Granted { card: CardId, face: u8, index: u8 },
    /// 603.2: the ability every creature has while the deploy creatures
    /// option is in use: "{T}: Target teammate gains control of this
    /// creature. Play this ability only any time you could play a
    /// sorcery." (`deploy_ability`).
    Deploy,
    /// 212.6d–e: the intrinsic "{T}: Add [mana]" of a basic land type an
    /// effect gave a land (`basic_mana_ability`); a land's printed basic
    /// land types' abilities are `Printed` (the compiler adds them).
    LandType(BasicLandType),
}

impl AbilityRef {
    /// The ability's text. Refs are only made from existing abilities.
    pub fn get(self) -> &'static Ability {
        match self {
            AbilityRef::Printed { card, face, index } => {
                &db().get(card).faces[face as usize].abilities[index as usize]
            }
            AbilityRef::Bent {
                card,
                face,
                index,
                change,
            } => &crate::bent_face(card, face, change).abilities[index as usize],
            AbilityRef::Keyword(k) => {
                keyword_ability(k).expect("a keyword ref names a triggered keyword")
            }
            AbilityRef::Granted { card, face, index } => {
                &db().get(card).faces[face as usize].granted[index as usize]
            }
            AbilityRef::Deploy => deploy_ability(),
            AbilityRef::LandType(b) => land_type_ability(b),
        }
    }
}

impl AbilityRef {
    /// The ability's text if `cond` holds and the reference names an
    /// ability (a delayed triggered ability created by a spell's own
    /// instructions, 404.4, names none: its index is past the list).
    pub fn get_if(self, cond: bool) -> Option<&'static Ability> {
        if !cond {
            return None;
        }
        match self {
            AbilityRef::Printed { card, face, index } => db()
                .get(card)
                .faces
                .get(face as usize)?
                .abilities
                .get(index as usize),
            AbilityRef::Bent {
                card,
                face,
                index,
                change,
            } => {
                let _ = db().get(card).faces.get(face as usize)?;
                crate::bent_face(card, face, change)
                    .abilities
                    .get(index as usize)
            }
            other => Some(other.get()),
        }
    }
}

/// 212.6d: the intrinsic mana ability of a basic land type, "{T}: Add
/// [mana symbol] to your mana pool", one shared value per type.
pub fn land_type_ability(b: BasicLandType) -> &'static Ability {
    static ABILITIES: OnceLock<Vec<Ability>> = OnceLock::new();
    let all = ABILITIES.get_or_init(|| {
        BasicLandType::ALL
            .into_iter()
            .map(crate::compile::basic_mana_ability)
            .collect()
    });
    &all[BasicLandType::ALL.iter().position(|&x| x == b).unwrap_or(0)]
}

/// 603.2: the text of the deploy ability, as players read it.
pub const DEPLOY_TEXT: &str = "{T}: Target teammate gains control of this creature. Play this ability only any time you could play a sorcery.";

/// 603.2: "{T}: Target teammate gains control of this creature. Play
/// this ability only any time you could play a sorcery." A rules-defined
/// activated ability (the control change is layer 2, 418.5a).
pub fn deploy_ability() -> &'static Ability {
    static DEPLOY: OnceLock<Ability> = OnceLock::new();
    DEPLOY.get_or_init(|| {
        use crate::{ActivatedAbility, Cost, Duration, Effect, ObjectRef, PlayerFilter, PlayerRef};
        Ability::Activated(ActivatedAbility {
            cost: Cost {
                tap: true,
                ..Default::default()
            },
            targets: vec![crate::TargetSpec {
                kind: crate::TargetKind::Player(PlayerFilter::Teammate),
                count: 1,
                up_to: false,
                other: false,
                distinct: false,
                count_by: None,
                min: 0,
                opponent_chooses: false,
                more_than_you: None,
            }],
            effects: vec![Effect::GiveControl {
                who: PlayerRef::Target(0),
                what: ObjectRef::This,
                duration: Duration::Permanent,
            }],
            sorcery_speed: true,
            once_per_turn: false,
            twice_per_turn: false,
            max_per_turn: 0,
            max_per_turn_count: None,
            modes: Vec::new(),
            timing: None,
            ninjutsu: false,
            from_hand: false,
            from_graveyard: false,
            cycling: false,
            only_if: None,
            activator: crate::Activator::Controller,
        })
    })
}

/// The keywords that stand for a triggered ability (`keyword_ability`).
pub const TRIGGERED_KEYWORDS: KeywordSet = KeywordSet(
    (1 << Keyword::Deathtouch as u32)
        | (1 << Keyword::Flanking as u32)
        | (1 << Keyword::Lifelink as u32)
        | (1 << Keyword::Provoke as u32),
);

/// The rules-defined triggered ability of a keyword, if it is one.
pub fn keyword_ability(k: Keyword) -> Option<&'static Ability> {
    static ABILITIES: OnceLock<[Ability; 4]> = OnceLock::new();
    let all = ABILITIES.get_or_init(|| {
        use crate::{
            Amount, Duration, Effect, LayerEffect, ObjectFilter, ObjectRef, PlayerRef, Trigger,
            TriggeredAbility,
        };
        [
            // 502.63a: "Whenever this permanent deals damage to a creature,
            // destroy that creature."
            Ability::Triggered(TriggeredAbility {
                trigger: Trigger::DealsDamage {
                    to_creature_only: true,
                },
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::Destroy {
                    what: ObjectRef::Triggering,
                    no_regen: false,
                }],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }),
            // 502.3a: "Whenever a creature without flanking blocks this
            // creature, the blocking creature gets -1/-1 until end of turn."
            Ability::Triggered(TriggeredAbility {
                trigger: Trigger::BlockedBy(ObjectFilter {
                    without_keyword: Some(Keyword::Flanking),
                    ..ObjectFilter::creature()
                }),
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::Continuous {
                    what: ObjectRef::Triggering,
                    effect: LayerEffect::pump(-1, -1, KeywordSet::EMPTY),
                    duration: Duration::EndOfTurn,
                }],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }),
            // 502.68a: "Whenever this permanent deals damage, you gain that
            // much life."
            Ability::Triggered(TriggeredAbility {
                trigger: Trigger::DealsDamage {
                    to_creature_only: false,
                },
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::GainLife {
                    who: PlayerRef::You,
                    amount: Amount::Triggered,
                }],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }),
            // 502.29a: "Whenever this creature attacks, you may choose to
            // have target creature defending player controls block this
            // creature this combat if able. If you do, untap that creature."
            Ability::Triggered(TriggeredAbility {
                trigger: Trigger::Attacks,
                optional: true,
                targets: vec![crate::TargetSpec {
                    kind: crate::TargetKind::Permanent(ObjectFilter {
                        controller: crate::ControllerFilter::Defending,
                        ..ObjectFilter::creature()
                    }),
                    count: 1,
                    up_to: false,
                    other: false,
                    distinct: false,
                    count_by: None,
                    min: 0,
                    opponent_chooses: false,
                    more_than_you: None,
                }],
                effects: vec![
                    Effect::Combat(CombatEffect::BlocksThisCombatIfAble {
                        blocker: ObjectRef::Target(0),
                        attacker: ObjectRef::This,
                    }),
                    Effect::Untap {
                        what: ObjectRef::Target(0),
                    },
                ],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }),
        ]
    });
    match k {
        Keyword::Deathtouch => Some(&all[0]),
        Keyword::Flanking => Some(&all[1]),
        Keyword::Lifelink => Some(&all[2]),
        Keyword::Provoke => Some(&all[3]),
        _ => None,
    }
}
