//! The Oracle-text compiler: turns a face's Oracle text into the typed
//! ability model. A face that does not compile completely is `Unsupported`
//! with the phrase that failed, and is never half-played.
//!
//! The compiler works in four passes:
//! 1. reminder text is stripped and the card's own name (and "this
//!    creature") becomes the self-reference token `CARDNAME`;
//! 2. modern Oracle wording is translated to the 2007 terms of the
//!    Comprehensive Rules ("the battlefield" → "play", "dies" → "is put into
//!    a graveyard from play", "any target" → "target creature or player",
//!    "cast" → "play", …);
//! 3. each line is tokenized (words, mana symbols, punctuation);
//! 4. each line is parsed by small composable functions: keyword lines,
//!    "Enchant …", triggered abilities ("When/Whenever/At …, …"), activated
//!    and mana abilities ("[cost]: [effect]"), the instructions of instants
//!    and sorceries, and static abilities. Every token must be consumed.

//!
//! The grammar lives in submodules, one per kind of text: `lex` (passes 1
//! to 3 and the parser's cursor), `line` (which grammar reads a line),
//! `keywords`, `triggers`, `activated`, `statics`, `spell` (sentences of
//! instructions), `effects` and `verbs` (the instructions themselves),
//! `targets`, `amounts` and `costs`, with `library`, `removed`, `pt_defining`, `face_down`, `subtypes` and
//! `upkeep` for narrower families of text.

mod activated;
mod amounts;
mod aura_moves;
mod coin_flips;
mod combat_history;
mod conditional;
mod costs;
mod draw_replacements;
mod each_player;
mod effects;
mod enters;
mod face_down;
mod graveyard_all;
mod graveyard_function;
mod hand_cards;
mod keywords;
mod lex;
mod library;
mod library_top;
mod line;
mod optional;
mod payers;
mod prevention;
mod pt_defining;
mod pump;
mod removed;
mod reveal;
mod rules_statics;
mod spell;
mod spell_clauses;
mod statics;
mod statics_clauses;
mod subtypes;
mod targets;
mod trigger_conditions;
mod triggers;
mod upkeep;
mod verbs;

use crate::DelayedEffect;
use activated::*;
use amounts::*;
use costs::{
    alternative_cost, cost, cost_until, if_instead, instead_if, kicked_condition,
    kicked_enters_with, play_cost_keyword,
};
use effects::*;
use keywords::*;
use lex::*;
use line::*;
use payers::may_pay;
use pump::*;
use spell::*;
use spell_clauses::delays;
use statics::*;
use targets::*;
use triggers::*;
use verbs::*;

pub use activated::basic_mana_ability;
pub use lex::{self_reference, strip_reminder, to_2007_terms, SELF};

use crate::db::CardFace;
use crate::{Ability, CardType, Effect, KeywordSet, SpellAbility, StaticAbility, TriggeredAbility};
use serde::Serialize;

/// Why a face did not compile: the phrase that failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Unsupported {
    pub phrase: String,
    pub reason: String,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unsupported: {:?} ({})", self.phrase, self.reason)
    }
}

/// The abilities a face compiled to.
#[derive(Clone, Debug, Default)]
pub struct Compiled {
    pub abilities: Vec<Ability>,
    /// Abilities granted in quotes (`CardFace::granted`).
    pub granted: Vec<Ability>,
    pub spell: SpellAbility,
    /// 217.9c: "Remove [this card] from your deck before playing if you're
    /// not playing for ante" (`CardFace::ante_only`).
    pub ante_only: bool,
}

impl Compiled {
    pub fn keywords(&self) -> KeywordSet {
        let mut k = KeywordSet::EMPTY;
        for a in &self.abilities {
            if let Ability::Keyword(kw) = a {
                k.insert(*kw);
            }
        }
        k
    }
}

/// The word that stands for the granting card's name inside an ability in
/// quotes granted to the permanent it is attached to ("Equipped creature
/// has \"{T}, Unattach Leonin Bola: …\""): the Equipment or Aura, not the
/// object that has the ability (decision in ARCHITECTURE.md, issue 23).
pub const GRANTOR: &str = "GRANTOR";

/// Does the line grant abilities to the permanent its card is attached to
/// ("Equipped creature …", "Enchanted creature …")?
fn grants_to_attached(line: &str) -> bool {
    [
        "Equipped creature ",
        "Enchanted creature ",
        "Enchanted land ",
        "Enchanted permanent ",
    ]
    .iter()
    .any(|s| line.starts_with(s))
}

/// `text` with the card's name inside the quotes of each line that grants
/// abilities to the attached permanent and doesn't name the card before
/// them replaced by [`GRANTOR`]; lines kept one for one.
fn grantor_names(text: &str, card: &str, face: &CardFace) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            if !grants_to_attached(line) || !quoted_names_card(line, card, face) {
                return line.to_string();
            }
            line.split('"')
                .enumerate()
                .map(|(i, part)| {
                    if i % 2 == 1 {
                        lex::replace_names(part, card, face, GRANTOR)
                    } else {
                        part.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("\"")
        })
        .collect();
    lines.join("\n")
}

/// Whether a part of the line in quotes names the card itself while the
/// ability is granted to another object (the text before the quotes does
/// not name the card: "Enchanted creature has \"…\"").
fn quoted_names_card(line: &str, card: &str, face: &CardFace) -> bool {
    let line = line.replace('’', "'");
    let names = [card.replace('’', "'"), face.name.replace('’', "'")];
    let mentions = |s: &str| {
        names
            .iter()
            .any(|n| !n.is_empty() && s.contains(n.as_str()))
    };
    let mut parts = line.split('"');
    let before = parts.next().unwrap_or("");
    !mentions(before) && parts.step_by(2).any(mentions)
}

/// Compiles one face. Intrinsic abilities that come from the type line
/// (212.6c: basic land types tap for mana) are added here too.
pub fn compile_face(card: &str, face: &CardFace) -> Result<Compiled, Unsupported> {
    let mut out = Compiled::default();
    // 212.6c: each basic land type has an intrinsic mana ability.
    for st in face.subtypes.iter() {
        if let Some(b) = st.basic_land_type() {
            out.abilities.push(basic_mana_ability(b));
        }
    }
    let stripped = strip_reminder(&face.oracle_text);
    let text = kicker_names(&to_2007_terms(&self_reference(
        &grantor_names(&stripped, card, face),
        card,
        face,
    )));
    let is_spell = face.types.contains(CardType::Instant) || face.types.contains(CardType::Sorcery);
    let mut spell = Cx::default();
    let mut modes: Vec<crate::SpellMode> = Vec::new();
    let mut modal = false;
    let mut mode_bodies: Vec<(String, Vec<Tok>)> = Vec::new();
    let mut opponent_chooses_mode = false;
    // A modal triggered ability being read: its line, its head and its modes.
    let mut trigger_modes: Option<(String, String, Vec<String>)> = None;
    for (orig, line) in stripped.lines().zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        // 409.1b, 410.4: a modal triggered ability, "[trigger], choose
        // one —", then one "•" line per mode (Timebender).
        if let Some((_, _, bodies)) = trigger_modes.as_mut() {
            if let Some(body) = line.strip_prefix('•') {
                bodies.push(body.trim().to_string());
                continue;
            }
            flush_modal_trigger(&mut trigger_modes, &mut out)?;
        }
        // 217.9c: not an ability but a rule of deck building, kept on the
        // face (`CardFace::ante_only`): a deck holding the card is refused
        // unless the game is played for ante.
        if line.eq_ignore_ascii_case(
            "Remove CARDNAME from your deck before playing if you're not playing for ante.",
        ) {
            out.ante_only = true;
            continue;
        }
        // 409.1b: a modal activated ability, "[cost]: Choose one —" (Pyramids).
        let modal_head = modal_trigger_head(line)
            .map(str::to_string)
            .or_else(|| (!is_spell).then(|| modal_activated_head(line)).flatten());
        if let Some(head) = modal_head {
            trigger_modes = Some((orig.trim().to_string(), head, Vec::new()));
            continue;
        }
        // 409.1b: "Choose one —" then one "•" line per mode; "An opponent
        // chooses one —" (Misfortune, Library of Lat-Nam): an opponent of
        // the spell's controller chooses the mode (601.5b).
        let opponent_modes = line.eq_ignore_ascii_case("an opponent chooses one —")
            || line.eq_ignore_ascii_case("an opponent chooses one -");
        if is_spell
            && (line.eq_ignore_ascii_case("choose one —")
                || line.eq_ignore_ascii_case("choose one -")
                || opponent_modes)
        {
            opponent_chooses_mode = opponent_modes;
            if modal || !spell.effects.is_empty() || !spell.targets.is_empty() {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "a modal spell with other instructions".into(),
                });
            }
            modal = true;
            continue;
        }
        // 502.32a: "Entwine [cost]" after the modes.
        if modal && line.starts_with("Entwine") && modes.len() == mode_bodies.len() {
            let toks = tokenize(line);
            let mut p = P::new(&toks);
            play_cost_keyword(&mut p, &mut spell).map_err(|reason| Unsupported {
                phrase: orig.trim().to_string(),
                reason,
            })?;
            continue;
        }
        if modal {
            let Some(body) = line.strip_prefix('•') else {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "text after the modes".into(),
                });
            };
            if spell.entwine.is_some() {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "a mode after the entwine cost".into(),
                });
            }
            // The modes an opponent chooses among say who acts ("You
            // draw three cards …"): the spell's controller, as in any mode.
            let body = body.trim();
            let you = if opponent_chooses_mode {
                body.strip_prefix("You ").map(capitalized)
            } else {
                None
            };
            let toks = tokenize(you.as_deref().unwrap_or(body));
            mode_bodies.push((orig.trim().to_string(), toks.clone()));
            let mut cx = Cx::default();
            let mut p = P::new(&toks);
            while !p.at_end() {
                if sentence(&mut p, &mut cx).is_none() {
                    return Err(Unsupported {
                        phrase: orig.trim().to_string(),
                        reason: format!("no rule of the grammar matches at {:?}", p.rest()),
                    });
                }
            }
            if !multi_targets_supported(&cx.targets, &cx.effects) {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "an effect on several targets that isn't the same for each".into(),
                });
            }
            modes.push(crate::SpellMode {
                targets: cx.targets,
                effects: cx.effects,
            });
            continue;
        }
        // An ability in quotes calls the object that has it "this
        // creature"; one naming the granting card reads GRANTOR where it
        // is granted to the attached permanent (`grantor_names`), and is
        // unsupported elsewhere (Sound the Call's token).
        if quoted_names_card(orig, card, face) && !grants_to_attached(orig) {
            return Err(Unsupported {
                phrase: orig.trim().to_string(),
                reason: "an ability in quotes naming the card that grants it".into(),
            });
        }
        let toks = tokenize(strip_ability_word(line));
        compile_line(&toks, is_spell, &mut out, &mut spell).map_err(|reason| Unsupported {
            phrase: orig.trim().to_string(),
            reason,
        })?;
        let multi_ok = multi_targets_supported(&spell.targets, &spell.effects)
            && out.abilities.iter().all(|a| match a {
                Ability::Activated(a) => multi_targets_supported(&a.targets, &a.effects),
                Ability::Triggered(t) => multi_targets_supported(&t.targets, &t.effects),
                _ => true,
            });
        if !multi_ok {
            return Err(Unsupported {
                phrase: orig.trim().to_string(),
                reason: "an effect on several targets that isn't the same for each".into(),
            });
        }
        // "Whenever CARDNAME or another Goblin comes into play": compiled as
        // "whenever a Goblin comes into play", right only if it is one.
        if line.contains("CARDNAME or another") {
            let own = match out.abilities.last() {
                Some(Ability::Triggered(TriggeredAbility {
                    trigger:
                        crate::Trigger::ComesIntoPlay(f) | crate::Trigger::PutIntoGraveyardFromPlay(f),
                    ..
                })) => f.subtypes_any.iter().all(|s| face.subtypes.contains(*s)),
                // "CARDNAME or another permanent is turned face up": any permanent.
                Some(Ability::Triggered(TriggeredAbility {
                    trigger: crate::Trigger::TurnedFaceUp(f),
                    ..
                })) => *f == crate::ObjectFilter::default(),
                _ => false,
            };
            if !own {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "\"CARDNAME or another\" of a kind the card isn't".into(),
                });
            }
        }
    }
    flush_modal_trigger(&mut trigger_modes, &mut out)?;
    // "the chosen color" / "the chosen type" name only a choice made as
    // the permanent comes into play (419.1b): a card that chooses at
    // another time stays unsupported.
    // "Choose a color. … protection from the chosen color" chooses as the
    // effect is created (`spell::sentence`, `verbs::pump`).
    let mut lower = text.to_lowercase();
    if lower.contains("choose a color.") {
        lower = lower.replace("protection from the chosen color", "");
    }
    // "Choose a card name. … a card with the chosen name" (Demonic
    // Consultation): the name the spell chose as it resolves.
    if lower.starts_with("choose a card name.") {
        lower = lower.replace("with the chosen name", "");
    }
    for (words, kind) in [
        (
            "the chosen color",
            StaticAbility::AsComesIntoPlayChooseColor,
        ),
        (
            "the chosen type",
            StaticAbility::AsComesIntoPlayChooseCreatureType,
        ),
        (
            "the chosen name",
            StaticAbility::AsComesIntoPlayNameCard { nonland: false },
        ),
        (
            "the chosen player",
            StaticAbility::AsComesIntoPlayChooseOpponent,
        ),
    ] {
        let same_kind =
            |s: &StaticAbility| std::mem::discriminant(s) == std::mem::discriminant(&kind);
        // 212.6d: Phantasmal Terrain's "the chosen type" is a basic land type.
        let land_choice = words == "the chosen type"
            && out.abilities.iter().any(|a| {
                matches!(
                    a,
                    Ability::Static(StaticAbility::AsComesIntoPlayChooseBasicLandType)
                )
            });
        if lower.contains(words)
            && !land_choice
            && !out
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::Static(s) if same_kind(s)))
        {
            return Err(Unsupported {
                phrase: words.to_string(),
                reason: format!("\"{words}\" without that choice as it comes into play"),
            });
        }
    }
    // A card named as an ability resolves would be remembered by the
    // ability's source: only spells name a card as they resolve (the
    // spell's object remembers it). A colour chosen as an ability resolves
    // ("If you do, choose a color, then …", Crosis, the Purger) is
    // remembered by its source the same way, unless the source keeps a
    // colour chosen as it came into play there.
    fn deep_any(effects: &[Effect], f: &dyn Fn(&Effect) -> bool) -> bool {
        effects
            .iter()
            .any(|e| f(e) || e.nested().any(|v| deep_any(v, f)))
    }
    let ability_effects = || {
        out.abilities.iter().filter_map(|a| match a {
            Ability::Activated(x) => Some(&x.effects[..]),
            Ability::Triggered(x) => Some(&x.effects[..]),
            _ => None,
        })
    };
    let chooses_as_it_enters = out.abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Static(StaticAbility::AsComesIntoPlayChooseColor)
        )
    });
    let is_choose_color = |e: &Effect| matches!(e, Effect::ChooseColor);
    let ability_chooses_color = ability_effects().any(|v| deep_any(v, &is_choose_color));
    let ability_names = ability_effects()
        .any(|v| deep_any(v, &|e| matches!(e, Effect::NameCard { .. })))
        || (ability_chooses_color && chooses_as_it_enters);
    if ability_names {
        return Err(Unsupported {
            phrase: "choose a card name".into(),
            reason: "an ability that names a card as it resolves".into(),
        });
    }
    // "of that color" reads the colour a spell's or an ability's "Choose a
    // color." chose (Persecute, Crosis), or the one chosen as the
    // permanent came into play.
    if text.contains("that color")
        && !deep_any(&spell.effects, &is_choose_color)
        && !ability_chooses_color
        && !chooses_as_it_enters
    {
        return Err(Unsupported {
            phrase: "that color".into(),
            reason: "\"that color\" without a colour chosen".into(),
        });
    }
    // Cards outside play (a hand, a library) are matched without the
    // object whose choice "the chosen type" names: such an ability stays
    // unsupported (Belbe's Portal).
    let card_filter_uses_choice = out.abilities.iter().any(|a| {
        let effects: &[Effect] = match a {
            Ability::Activated(x) => &x.effects,
            Ability::Triggered(x) => &x.effects,
            _ => &[],
        };
        effects.iter().any(|e| {
            matches!(e, Effect::PutFromHand { filter, .. } | Effect::SearchLibrary { filter, .. }
                if filter.chosen_color || filter.chosen_type || filter.chosen_name)
        })
    });
    if card_filter_uses_choice {
        return Err(Unsupported {
            phrase: "of the chosen type".into(),
            reason: "a card outside play matched against a choice".into(),
        });
    }
    // "converted mana cost equal to that number" reads the number chosen by
    // "Choose a number." (Void) before it, nothing else.
    if (text.contains("converted mana cost equal to that number")
        || text.contains("converted mana cost equal to the number"))
        && !text.contains("Choose a number.")
    {
        return Err(Unsupported {
            phrase: "equal to that number".into(),
            reason: "a number that was not chosen".into(),
        });
    }
    // An Aura searching for "a card named CARDNAME" would put an Aura into
    // play without a choice of what it enchants (212.4), which the search
    // doesn't offer (`library::may_be_aura` lets the name through).
    if crate::Subtype::lookup("Aura").is_some_and(|a| face.subtypes.contains(a))
        && text.contains("for a card named CARDNAME")
    {
        return Err(Unsupported {
            phrase: "a card named CARDNAME".into(),
            reason: "an Aura put into play by a search (212.4)".into(),
        });
    }
    // 502.48a: transmute searches for the card's own converted mana cost.
    let cmc = face.mana_cost.as_ref().map_or(0, |c| c.converted()) as i32;
    for a in &mut out.abilities {
        if let Ability::Activated(act) = a {
            for e in &mut act.effects {
                if let Effect::SearchLibrary { filter, .. } = e {
                    if filter.cmc_exactly == Some(TRANSMUTE_CMC) {
                        filter.cmc_exactly = Some(cmc);
                    }
                }
            }
        }
    }
    // A spell's delayed ability at the next upkeep is kept with the spell
    // (404.4), also in a mode (Sapphire Charm: the only delayed ability of
    // the card, found by `delayed_effects`); one at end of combat (Gaze of
    // the Gorgon) is the spell's only one; one at end of combat or at the
    // next end step in a mode is not supported.
    if spell_clauses::delays_twice(&spell.effects)
        || (delays(&spell.effects) && !modes.is_empty())
        || modes.iter().any(|m| {
            delays(&m.effects)
                || m.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Delayed(DelayedEffect::AtNextEndStep { .. })))
        })
        || modes
            .iter()
            .chain(std::iter::once(&crate::SpellMode {
                targets: Vec::new(),
                effects: spell.effects.clone(),
            }))
            .flat_map(|m| m.effects.iter())
            .filter(|e| matches!(e, Effect::Delayed(DelayedEffect::AtNextUpkeep { .. })))
            .count()
            > 1
    {
        return Err(Unsupported {
            phrase: stripped.trim().to_string(),
            reason: "a delayed triggered ability from a spell".into(),
        });
    }
    // 502.40a: a spliced card's text box is copied onto another spell:
    // text that needs the card's own choices as it is played (a mode, X, a
    // division, 409.1b–e) isn't spliced.
    if spell.splice.is_some()
        && (!modes.is_empty()
            || face.mana_cost.as_ref().is_some_and(|c| c.x > 0)
            || spell.targets.iter().any(|t| t.count_by.is_some())
            || crate::divided_effect(&spell.effects).is_some())
    {
        return Err(Unsupported {
            phrase: "Splice onto".into(),
            reason: "spliced text that needs a mode, X or a division".into(),
        });
    }
    // 502.32a: the entwined spell: every mode, compiled together.
    let entwine = match spell.entwine.take() {
        Some(cost) if !opponent_chooses_mode && modes.len() > 1 => Some(Box::new(crate::Entwine {
            cost,
            all: entwined(&mode_bodies, &modes)?,
        })),
        Some(_) => {
            return Err(Unsupported {
                phrase: "Entwine".into(),
                reason: "entwine without modes the spell's player chooses".into(),
            })
        }
        None => None,
    };
    link_players(&mut out).map_err(|reason| Unsupported {
        phrase: stripped.trim().to_string(),
        reason,
    })?;
    graveyard_function::check_zone_of_function(&out).map_err(|reason| Unsupported {
        phrase: stripped.trim().to_string(),
        reason,
    })?;
    if is_spell {
        out.spell = SpellAbility {
            targets: spell.targets,
            effects: spell.effects,
            modes,
            opponent_chooses_mode,
            timing: spell.timing,
            only_if: spell.only_if,
            additional_cost: spell.additional_cost,
            x_color: spell.x_color,
            kicker: spell.kicker,
            buyback: spell.buyback,
            flashback: spell.flashback,
            alternative: spell.alternative,
            convoke: spell.convoke,
            suspend: spell.suspend,
            delve: spell.delve,
            as_though_flash: spell.as_though_flash,
            madness: spell.madness,
            entwine,
            replicate: spell.replicate,
            splice: spell.splice.map(Box::new),
        };
        // 502.52a: "When you play this spell, if a replicate cost was paid
        // for it, copy it for each time its replicate cost was paid. If the
        // spell has any targets, you may choose new targets for any number
        // of the copies."
        if out.spell.replicate.is_some() {
            out.abilities.push(Ability::Triggered(TriggeredAbility {
                trigger: crate::Trigger::Replicated,
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::CopiesOfThis],
                condition: None,
                modes: Vec::new(),
                chooser: None,
            }));
        }
    } else if !spell.effects.is_empty() {
        return Err(Unsupported {
            phrase: stripped.trim().to_string(),
            reason: "instructions on a permanent".into(),
        });
    } else {
        // 502.21a: a permanent card's kicker is announced as it is played;
        // 409.1b: so is an alternative cost (Bringer of the Red Dawn).
        out.spell.kicker = spell.kicker;
        out.spell.only_if = spell.only_if;
        out.spell.alternative = spell.alternative;
        out.spell.convoke = spell.convoke;
        out.spell.suspend = spell.suspend;
        out.spell.delve = spell.delve;
        out.spell.as_though_flash = spell.as_though_flash;
        out.spell.madness = spell.madness;
    }
    Ok(out)
}

/// 409.1b, 410.4: compiles the modal triggered ability read so far, if any
/// (`triggers::modal_triggered`), and adds it to the face's abilities.
fn flush_modal_trigger(
    read: &mut Option<(String, String, Vec<String>)>,
    out: &mut Compiled,
) -> Result<(), Unsupported> {
    let Some((orig, head, bodies)) = read.take() else {
        return Ok(());
    };
    let bodies: Vec<&str> = bodies.iter().map(String::as_str).collect();
    // "[cost]: Choose one —": a modal activated ability (a template).
    if head.contains("{}") {
        let ability = modal_activated(&head, &bodies).map_err(|reason| Unsupported {
            phrase: orig,
            reason,
        })?;
        out.abilities.push(Ability::Activated(ability));
        return Ok(());
    }
    let abilities = modal_triggered(&head, &bodies).map_err(|reason| Unsupported {
        phrase: orig,
        reason,
    })?;
    out.abilities
        .extend(abilities.into_iter().map(Ability::Triggered));
    Ok(())
}

/// 502.32a–b: the modes of an entwined spell compiled as one text, in the
/// order written, so a later mode's targets come after an earlier one's
/// (409.1c) and its instructions refer to them by their place. Each mode
/// starts with no object or player to call "it" or "that player", as when
/// it is compiled alone; the result must have each mode's targets and as
/// many instructions as that mode alone.
fn entwined(
    bodies: &[(String, Vec<Tok>)],
    modes: &[crate::SpellMode],
) -> Result<crate::SpellMode, Unsupported> {
    let mut cx = Cx::default();
    for ((orig, toks), mode) in bodies.iter().zip(modes) {
        let (targets, effects) = (cx.targets.len(), cx.effects.len());
        cx.last_obj = None;
        cx.last_player = None;
        cx.prev_sentence = effects;
        let mut p = P::new(toks);
        while !p.at_end() {
            if sentence(&mut p, &mut cx).is_none() {
                return Err(Unsupported {
                    phrase: orig.clone(),
                    reason: "a mode that doesn't compile after the modes before it".into(),
                });
            }
        }
        if cx.targets[targets..] != mode.targets[..]
            || cx.effects.len() - effects != mode.effects.len()
        {
            return Err(Unsupported {
                phrase: orig.clone(),
                reason: "a mode that reads otherwise after the modes before it".into(),
            });
        }
    }
    Ok(crate::SpellMode {
        targets: cx.targets,
        effects: cx.effects,
    })
}

/// 502.21d: "kicked with its {2}{U} kicker" names the first or second
/// kicker cost listed ("Kicker {2}{U} and/or {1}{B}"); rewritten as "with
/// its first kicker" / "with its second kicker".
fn kicker_names(text: &str) -> String {
    let Some(line) = text.lines().find(|l| l.starts_with("Kicker ")) else {
        return text.to_string();
    };
    let Some((a, b)) = line["Kicker ".len()..].trim().split_once(" and/or ") else {
        return text.to_string();
    };
    text.replace(
        &format!("with its {} kicker", a.trim()),
        "with its first kicker",
    )
    .replace(
        &format!("with its {} kicker", b.trim()),
        "with its second kicker",
    )
}

/// `s` with its first letter upper-case.
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// `PlayerRef::Linked` ("When [this] leaves play, that player gains 6
/// life", Laquatus's Champion): the face's comes-into-play ability must
/// target a player, and remembers that player on its source
/// (`Effect::LinkTargetPlayer`); without one the face is refused.
fn link_players(out: &mut Compiled) -> Result<(), String> {
    // Only a leaves-play ability's "that player" is `PlayerRef::Linked`
    // (`compile/triggers.rs`): only those are read.
    let uses = out.abilities.iter().any(|a| {
        matches!(a, Ability::Triggered(t) if t.trigger == crate::Trigger::LeavesPlay
            && format!("{:?}", t.effects).contains("Linked"))
    });
    if !uses {
        return Ok(());
    }
    let etb = out.abilities.iter_mut().find_map(|a| match a {
        Ability::Triggered(t)
            if matches!(&t.trigger, crate::Trigger::ComesIntoPlay(f) if f.this)
                && t.targets.len() == 1
                && matches!(t.targets[0].kind, crate::TargetKind::Player(_)) =>
        {
            Some(t)
        }
        _ => None,
    });
    match etb {
        Some(t) => {
            t.effects.push(Effect::LinkTargetPlayer(0));
            Ok(())
        }
        None => Err("\"that player\" in a leaves-play ability without a linked player".into()),
    }
}
