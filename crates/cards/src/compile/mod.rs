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

mod costs;
mod library;
mod subtypes;
mod upkeep;

use costs::{alternative_cost, if_kicked, kicked_condition, kicked_enters_with, play_cost_keyword};

use crate::db::CardFace;
use crate::{
    Ability, ActivatedAbility, Affected, Amount, BasicLandType, CardType, Color, ColorSet,
    ControllerFilter, Cost, CounterKind, CounteredTo, Duration, Effect, Keyword, KeywordSet,
    LayerEffect, ManaAbility, ManaCost, ManaKind, ManaProduce, ObjectFilter, ObjectRef,
    PlayerFilter, PlayerRef, Protection, Recipient, SpellAbility, StaticAbility, Step, Subtype,
    Supertype, TargetCount, TargetKind, TargetSpec, Timing, TokenSpec, Trigger, TriggeredAbility,
    TurnOf, TypeSet, Whose, Window,
};
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

/// An ability word labels an ability and has no rules meaning of its own
/// ("Threshold — As long as seven or more cards are in your graveyard, …";
/// "Radiance — …", "Hellbent — …"): the ability is the text after it.
/// Threshold (502.23) and imprint (502.34) are keywords in the 2007 rules,
/// but their Oracle text spells out the whole ability after the label.
fn strip_ability_word(line: &str) -> &str {
    const WORDS: [&str; 9] = [
        "Threshold",
        "Domain",
        "Hellbent",
        "Radiance",
        "Sweep",
        "Grandeur",
        "Chroma",
        "Imprint",
        "Channel",
    ];
    for w in WORDS {
        if let Some(rest) = line.strip_prefix(w) {
            if let Some(rest) = rest.trim_start().strip_prefix('—') {
                return rest.trim_start();
            }
        }
    }
    line
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
    let text = kicker_names(&to_2007_terms(&self_reference(&stripped, card, face)));
    let is_spell = face.types.contains(CardType::Instant) || face.types.contains(CardType::Sorcery);
    let mut spell = Cx::default();
    let mut modes: Vec<crate::SpellMode> = Vec::new();
    let mut modal = false;
    for (orig, line) in stripped.lines().zip(text.lines()) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        // 409.1b: "Choose one —" then one "•" line per mode.
        if is_spell
            && (line.eq_ignore_ascii_case("choose one —")
                || line.eq_ignore_ascii_case("choose one -"))
        {
            if modal || !spell.effects.is_empty() || !spell.targets.is_empty() {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "a modal spell with other instructions".into(),
                });
            }
            modal = true;
            continue;
        }
        if modal {
            let Some(body) = line.strip_prefix('•') else {
                return Err(Unsupported {
                    phrase: orig.trim().to_string(),
                    reason: "text after the modes".into(),
                });
            };
            let toks = tokenize(body.trim());
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
        // creature"; one naming the granting card (Archery Training's
        // arrow counters) would read the wrong object once both become
        // CARDNAME, so it stays unsupported.
        if quoted_names_card(orig, card, face) {
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
                    trigger: crate::Trigger::ComesIntoPlay(f),
                    ..
                })) => f.subtypes_any.iter().all(|s| face.subtypes.contains(*s)),
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
    // "the chosen color" / "the chosen type" name only a choice made as
    // the permanent comes into play (419.1b): a card that chooses at
    // another time stays unsupported.
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
    ] {
        let same_kind =
            |s: &StaticAbility| std::mem::discriminant(s) == std::mem::discriminant(&kind);
        if text.to_lowercase().contains(words)
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
    // spell's object remembers it).
    let ability_names = out.abilities.iter().any(|a| {
        let effects: &[Effect] = match a {
            Ability::Activated(x) => &x.effects,
            Ability::Triggered(x) => &x.effects,
            _ => &[],
        };
        effects.iter().any(|e| matches!(e, Effect::NameCard { .. }))
    });
    if ability_names {
        return Err(Unsupported {
            phrase: "choose a card name".into(),
            reason: "an ability that names a card as it resolves".into(),
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
    // the card, found by `delayed_effects`); one at end of combat, or at
    // the next end step in a mode, is not supported.
    if delays(&spell.effects)
        || modes.iter().any(|m| {
            delays(&m.effects)
                || m.effects
                    .iter()
                    .any(|e| matches!(e, Effect::AtNextEndStep { .. }))
        })
        || modes
            .iter()
            .chain(std::iter::once(&crate::SpellMode {
                targets: Vec::new(),
                effects: spell.effects.clone(),
            }))
            .flat_map(|m| m.effects.iter())
            .filter(|e| matches!(e, Effect::AtNextUpkeep { .. }))
            .count()
            > 1
    {
        return Err(Unsupported {
            phrase: stripped.trim().to_string(),
            reason: "a delayed triggered ability from a spell".into(),
        });
    }
    library::check_zone_of_function(&out).map_err(|reason| Unsupported {
        phrase: stripped.trim().to_string(),
        reason,
    })?;
    if is_spell {
        out.spell = SpellAbility {
            targets: spell.targets,
            effects: spell.effects,
            modes,
            timing: spell.timing,
            additional_cost: spell.additional_cost,
            x_color: spell.x_color,
            kicker: spell.kicker,
            buyback: spell.buyback,
            flashback: spell.flashback,
            alternative: spell.alternative,
            convoke: spell.convoke,
            suspend: spell.suspend,
            delve: spell.delve,
            madness: spell.madness,
        };
    } else if !spell.effects.is_empty() {
        return Err(Unsupported {
            phrase: stripped.trim().to_string(),
            reason: "instructions on a permanent".into(),
        });
    } else {
        // 502.21a: a permanent card's kicker is announced as it is played;
        // 409.1b: so is an alternative cost (Bringer of the Red Dawn).
        out.spell.kicker = spell.kicker;
        out.spell.alternative = spell.alternative;
        out.spell.convoke = spell.convoke;
        out.spell.suspend = spell.suspend;
        out.spell.delve = spell.delve;
        out.spell.madness = spell.madness;
    }
    Ok(out)
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

/// The intrinsic "{T}: Add [mana]" of a basic land type (212.6c).
pub fn basic_mana_ability(b: BasicLandType) -> Ability {
    Ability::Mana(ManaAbility {
        cost: Cost {
            tap: true,
            ..Default::default()
        },
        produce: ManaProduce::Fixed(vec![ManaKind::Color(b.color())]),
        also: Vec::new(),
    })
}

/// Removes reminder text (parenthesised) from Oracle text.
pub fn strip_reminder(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0u32;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Passes 1 and 2: self-reference and 2007 terms.
// ---------------------------------------------------------------------------

/// The self-reference token that replaces the card's name.
pub const SELF: &str = "CARDNAME";

/// Replaces the card's own name (the full name, the face name, and for a
/// legendary card the short name before a comma) and "this creature" with
/// [`SELF`].
pub fn self_reference(text: &str, card: &str, face: &CardFace) -> String {
    let mut names: Vec<&str> = vec![card, face.name.as_str()];
    if face.supertypes.contains(Supertype::Legendary) {
        for n in [card, face.name.as_str()] {
            if let Some((short, _)) = n.split_once(',') {
                names.push(short);
            } else if let Some((short, _)) = n.split_once(" the ") {
                // "Phage" for Phage the Untouchable (Oracle's short name).
                names.push(short);
            }
        }
    }
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut s = text.replace('’', "'");
    for n in names {
        if !n.is_empty() {
            s = replace_words(&s, n, SELF);
        }
    }
    for n in [
        "this creature",
        "This creature",
        "this permanent",
        "This permanent",
    ] {
        s = replace_words(&s, n, SELF);
    }
    s
}

/// Modern Oracle wording → the wording of the 2007 rules.
const TERMS: &[(&str, &str)] = &[
    ("enters the battlefield", "comes into play"),
    ("enter the battlefield", "come into play"),
    ("onto the battlefield", "into play"),
    ("on the battlefield", "in play"),
    ("from the battlefield", "from play"),
    ("the battlefield", "play"),
    ("dies", "is put into a graveyard from play"),
    ("any other target", "another target creature or player"),
    ("any target", "target creature or player"),
    ("target player or planeswalker", "target player"),
    ("target opponent or planeswalker", "target opponent"),
    ("creature or planeswalker", "creature"),
    ("casts", "plays"),
    ("cast", "play"),
    ("mana value", "converted mana cost"),
    (
        "Activate only as a sorcery",
        "Play this ability only any time you could play a sorcery",
    ),
    (
        "Activate only once each turn",
        "Play this ability only once each turn",
    ),
    ("Activate only", "Play this ability only"),
    (
        "Activate no more than twice each turn",
        "Play this ability no more than twice each turn",
    ),
];

/// Translates modern Oracle terms to 2007 terms (word-bounded).
pub fn to_2007_terms(text: &str) -> String {
    let mut s = text.to_string();
    for (from, to) in TERMS {
        s = replace_words(&s, from, to);
    }
    s
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Replaces `from` with `to` where `from` is not part of a longer word.
fn replace_words(s: &str, from: &str, to: &str) -> String {
    if !s.contains(from) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 16);
    let mut rest = s;
    while let Some(i) = rest.find(from) {
        let before = rest[..i]
            .chars()
            .next_back()
            .or_else(|| out.chars().next_back());
        let after = rest[i + from.len()..].chars().next();
        let bounded =
            before.is_none_or(|c| !is_word_char(c)) && after.is_none_or(|c| !is_word_char(c));
        out.push_str(&rest[..i]);
        out.push_str(if bounded { to } else { from });
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

// ---------------------------------------------------------------------------
// Pass 3: tokens.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Tok {
    raw: String,
    low: String,
}

fn tokenize(line: &str) -> Vec<Tok> {
    let mut toks = Vec::new();
    let mut cur = String::new();
    let push = |cur: &mut String, toks: &mut Vec<Tok>| {
        if !cur.is_empty() {
            toks.push(Tok {
                low: cur.to_lowercase(),
                raw: std::mem::take(cur),
            });
        }
    };
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '{' {
            push(&mut cur, &mut toks);
            let mut sym = String::from("{");
            for d in chars.by_ref() {
                sym.push(d);
                if d == '}' {
                    break;
                }
            }
            push(&mut sym, &mut toks);
        } else if c.is_whitespace() {
            push(&mut cur, &mut toks);
        } else if matches!(c, ',' | '.' | ':' | ';' | '"' | '—' | '•') {
            push(&mut cur, &mut toks);
            let mut p = c.to_string();
            push(&mut p, &mut toks);
        } else {
            cur.push(c);
        }
    }
    push(&mut cur, &mut toks);
    toks
}

// ---------------------------------------------------------------------------
// Pass 4: the grammar.
// ---------------------------------------------------------------------------

/// A cursor over a line's tokens.
struct P<'a> {
    t: &'a [Tok],
    i: usize,
    /// The furthest token reached, for error messages.
    far: usize,
    /// Abilities in quotes compiled on this line ("has \"{T}: …\""), to
    /// be appended to the face's `granted` list; `grant_base` is that
    /// list's length before the line.
    granted: Vec<Ability>,
    grant_base: usize,
}

impl<'a> P<'a> {
    fn new(t: &'a [Tok]) -> Self {
        P {
            t,
            i: 0,
            far: 0,
            granted: Vec::new(),
            grant_base: 0,
        }
    }
    /// An ability in quotes, granted by an effect (layer 5): compiled as a
    /// line of its own (its "this creature" is the object that has it) and
    /// named by its index in the face's `granted` list. Only abilities the
    /// engine reads from the computed abilities: activated, mana and
    /// triggered ones.
    fn quoted_ability(&mut self) -> Option<u8> {
        if !self.at("\"") {
            return None;
        }
        let close = self.i + 1 + self.t[self.i + 1..].iter().position(|t| t.low == "\"")?;
        let inner = &self.t[self.i + 1..close];
        let mut c = Compiled::default();
        compile_line(inner, false, &mut c, &mut Cx::default()).ok()?;
        if c.abilities.len() != 1 || !c.granted.is_empty() {
            return None;
        }
        let a = c.abilities.pop()?;
        // Triggers the engine looks for elsewhere than in the computed
        // abilities (last known information, 404.4c; graveyards, 402.8h;
        // state triggers, 410.11; a discarded card) stay unsupported.
        let found_in_play = match &a {
            Ability::Activated(_) | Ability::Mana(_) => true,
            // 418.5b: "This creature's power and toughness are each equal
            // to the number of creature cards in your graveyard" (Svogthos),
            // applied with the effect that grants it (`layers`).
            Ability::Static(StaticAbility::PowerToughnessFromCards { .. }) => true,
            Ability::Triggered(t) => !matches!(
                t.trigger,
                crate::Trigger::PutIntoGraveyardFromPlay(_)
                    | crate::Trigger::LeavesPlay
                    | crate::Trigger::State(_)
                    | crate::Trigger::BeginningOfFromGraveyard { .. }
                    | crate::Trigger::DiscardedByOpponent
            ),
            _ => false,
        };
        if !found_in_play {
            return None;
        }
        let index = u8::try_from(self.grant_base + self.granted.len()).ok()?;
        self.granted.push(a);
        while self.i <= close {
            self.bump();
        }
        Some(index)
    }
    fn peek_at(&self, k: usize) -> &'a str {
        self.t.get(self.i + k).map_or("", |t| t.low.as_str())
    }
    fn peek(&self) -> &'a str {
        self.peek_at(0)
    }
    fn raw(&self) -> &'a str {
        self.t.get(self.i).map_or("", |t| t.raw.as_str())
    }
    fn at_end(&self) -> bool {
        self.i >= self.t.len()
    }
    fn bump(&mut self) -> &'a str {
        let w = self.peek();
        self.i += 1;
        self.far = self.far.max(self.i);
        w
    }
    fn at(&self, w: &str) -> bool {
        self.peek() == w
    }
    fn eat(&mut self, w: &str) -> bool {
        if self.at(w) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat_any(&mut self, ws: &[&str]) -> Option<&'a str> {
        let w = self.peek();
        if ws.contains(&w) {
            self.bump();
            Some(w)
        } else {
            None
        }
    }
    /// Matches a phrase of space-separated lowercase words, all or nothing.
    fn at_any_of(&self, words: &[&str]) -> bool {
        words.contains(&self.peek())
    }

    fn at_all(&self, phrase: &str) -> bool {
        phrase
            .split(' ')
            .enumerate()
            .all(|(k, w)| self.peek_at(k) == w)
    }
    fn eat_all(&mut self, phrase: &str) -> bool {
        if self.at_all(phrase) {
            for _ in phrase.split(' ') {
                self.bump();
            }
            true
        } else {
            false
        }
    }
    /// Sentence end: "." or the end of the line.
    fn eat_end(&mut self) -> bool {
        // A sentence that ends with an ability in quotes has its period
        // inside the quotes (Svogthos: "… with \"… your graveyard.\" It's
        // still a land.").
        let before = |k: usize| {
            self.i
                .checked_sub(k)
                .and_then(|j| self.t.get(j))
                .map_or("", |t| t.low.as_str())
        };
        let quoted_end = before(1) == "\"" && before(2) == "." && !self.at(".");
        self.eat(".") || self.at_end() || quoted_end
    }
    fn rest(&self) -> String {
        let from = self.far.saturating_sub(1).min(self.t.len());
        let words: Vec<&str> = self.t[from..].iter().map(|t| t.raw.as_str()).collect();
        words.join(" ")
    }
}

type R<T> = Result<T, String>;

/// The state of one ability (or one spell) being compiled.
#[derive(Clone, Debug, Default)]
struct Cx {
    targets: Vec<TargetSpec>,
    effects: Vec<Effect>,
    /// The object "it" refers to.
    last_obj: Option<ObjectRef>,
    /// The player "that player" refers to.
    last_player: Option<PlayerRef>,
    /// The trigger supplies an object ("that creature") or a player ("that player").
    trig_obj: bool,
    trig_player: bool,
    /// The trigger event has an amount ("that many": the damage dealt).
    trig_amount: bool,
    /// The clause began "Until end of turn, …".
    until_eot: bool,
    /// "Play this spell only during combat after blockers are declared."
    timing: Option<Timing>,
    /// 409.1f: "As an additional cost to play this spell, discard N cards."
    additional_cost: Option<Cost>,
    /// "Spend only black mana on X."
    x_color: Option<Color>,
    /// 502.21a: the kicker costs, in the order listed.
    kicker: Vec<Cost>,
    /// 502.16a: the buyback cost.
    buyback: Option<Cost>,
    /// 502.22a: the flashback cost.
    flashback: Option<Cost>,
    /// 409.1b: the alternative cost.
    alternative: Option<crate::AlternativeCost>,
    /// 502.46a: convoke.
    convoke: bool,
    /// 502.59a: suspend's time counters and cost.
    suspend: Option<crate::Suspend>,
    /// 502.64a: delve.
    delve: bool,
    /// 502.24a: the madness cost.
    madness: Option<Cost>,
    /// Where the previous sentence's effects begin ("… instead" replaces them).
    prev_sentence: usize,
}

impl Cx {
    fn add_target(&mut self, kind: TargetKind, other: bool) -> u8 {
        let i = self.targets.len() as u8;
        self.targets.push(TargetSpec {
            kind,
            count: 1,
            up_to: false,
            other,
            distinct: false,
            count_by: None,
            min: 0,
        });
        i
    }
    /// "it": the last object named, else the object of the trigger event,
    /// else the object with the ability.
    fn it(&self) -> ObjectRef {
        match &self.last_obj {
            Some(o) => o.clone(),
            None if self.trig_obj => ObjectRef::Triggering,
            None => ObjectRef::This,
        }
    }
}

/// Runs a parse step; on failure the cursor and context are restored.
fn attempt<T>(p: &mut P, cx: &mut Cx, f: impl FnOnce(&mut P, &mut Cx) -> Option<T>) -> Option<T> {
    let (i, saved) = (p.i, cx.clone());
    let r = f(p, cx);
    if r.is_none() {
        p.i = i;
        *cx = saved;
    }
    r
}

fn compile_line(toks: &[Tok], is_spell: bool, out: &mut Compiled, spell: &mut Cx) -> R<()> {
    let mut granted = Vec::new();
    let r = compile_line_inner(toks, is_spell, out, spell, &mut granted);
    if r.is_ok() {
        out.granted.extend(granted);
    }
    r
}

fn compile_line_inner(
    toks: &[Tok],
    is_spell: bool,
    out: &mut Compiled,
    spell: &mut Cx,
    granted: &mut Vec<Ability>,
) -> R<()> {
    let base = out.granted.len();
    let mut p = P::new(toks);
    if p.at_all("forecast —") {
        return forecast(toks).map(|a| out.abilities.push(a));
    }
    p.grant_base = base;
    if let Some(kws) = keyword_line(&mut p) {
        out.abilities.extend(kws);
        granted.append(&mut p.granted);
        return Ok(());
    }
    p = P::new(toks);
    p.grant_base = base;
    if p.eat("enchant") {
        let (f, noun) =
            filter(&mut p).ok_or_else(|| format!("unknown enchant quality at {:?}", p.rest()))?;
        if noun != Noun::Permanent || !p.eat_end() || !p.at_end() {
            return Err(format!("unknown enchant quality at {:?}", p.rest()));
        }
        out.abilities.push(Ability::Enchant(f));
        granted.append(&mut p.granted);
        return Ok(());
    }
    // 404.4: a spell's "At the beginning of your next upkeep, pay {2}{B}.
    // If you don't, you lose the game." (the Pacts): a delayed triggered
    // ability, not a triggered ability of the card.
    if is_spell && p.eat_all("at the beginning of your next upkeep ,") {
        let mut cx = Cx::default();
        if p.eat("pay") {
            let cost = upkeep::pay_cost(&mut p)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            if !p.eat_all(". if you don't ,") {
                return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
            }
            let effects = clauses(&mut p, &mut cx)
                .filter(|_| p.eat_end() && p.at_end())
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            cx.effects = vec![Effect::UnlessPays {
                cost: Box::new(cost),
                per_counter: None,
                effects,
                sacrifice_count: 0,
                if_paid: Vec::new(),
            }];
        }
        while !p.at_end() {
            sentence(&mut p, &mut cx)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        }
        if !cx.targets.is_empty() || cx.effects.is_empty() {
            return Err("a delayed triggered ability with targets".into());
        }
        spell.effects.push(Effect::AtNextUpkeep {
            effects: cx.effects,
            yours: true,
        });
        return Ok(());
    }
    if matches!(p.peek(), "when" | "whenever" | "at") {
        let abilities = triggered(&mut p)?;
        out.abilities
            .extend(abilities.into_iter().map(Ability::Triggered));
        granted.append(&mut p.granted);
        return Ok(());
    }
    let colon = toks.iter().position(|t| t.low == ":");
    let stop = toks.iter().position(|t| t.low == "." || t.low == "\"");
    if colon.is_some() && (stop.is_none() || colon < stop) {
        out.abilities.push(activated(&mut p)?);
        granted.append(&mut p.granted);
        return Ok(());
    }
    if is_spell && p.at_all("this spell can't be countered") {
        let statics = static_line(&mut p)
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        out.abilities
            .extend(statics.into_iter().map(Ability::Static));
        granted.append(&mut p.granted);
        return Ok(());
    }
    // 502.21a / 502.16a: "Kicker [cost]", "Kicker [A] and/or [B]",
    // "Buyback [cost]" (also "Kicker—Sacrifice a land.").
    if p.at("kicker") || (is_spell && (p.at("buyback") || p.at("flashback"))) {
        return play_cost_keyword(&mut p, spell);
    }
    // 409.1f: "As an additional cost to play this spell, [cost]." (Waste
    // Away's discard, Carrion's sacrifice, Bone Splinters, …)
    if is_spell
        && (p.eat_all("as an additional cost to play this spell ,")
            || p.eat_all("as an additional cost to cast this spell ,"))
    {
        let c = cost_until(&mut p, false)?;
        if !c.mana.is_zero()
            || c.tap
            || c.untap
            || c.sacrifice_self
            || c.remove_counters.is_some()
            || spell.additional_cost.is_some()
        {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.additional_cost = Some(c);
        return Ok(());
    }
    // 502.46a: "Convoke".
    if p.at("convoke") && toks.len() <= 2 {
        p.bump();
        if !(p.eat_end() && p.at_end()) || spell.convoke {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.convoke = true;
        return Ok(());
    }
    // 502.64a: "Delve".
    if p.at("delve") && toks.len() <= 2 {
        p.bump();
        if !(p.eat_end() && p.at_end()) || spell.delve {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.delve = true;
        return Ok(());
    }
    // 502.24a: "Madness [cost]" (a mana cost).
    if p.at("madness") && p.peek_at(1).starts_with('{') {
        p.bump();
        let mana = mana_symbols(&mut p)
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        if !(p.eat_end() && p.at_end()) || spell.madness.is_some() || mana.x > 0 {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.madness = Some(Cost {
            mana,
            ..Default::default()
        });
        out.abilities.push(Ability::Triggered(TriggeredAbility {
            trigger: Trigger::MadnessRemoved,
            optional: false,
            targets: Vec::new(),
            effects: vec![Effect::PlayMadness],
            condition: None,
        }));
        return Ok(());
    }
    // 502.59a: "Suspend N—[cost]".
    if p.at("suspend") && p.peek_at(2) == "—" {
        return costs::suspend(&mut p, spell, out);
    }
    // 502.31a: "Affinity for artifacts".
    if p.eat_all("affinity for") {
        let f = match filter(&mut p) {
            Some((mut f, Noun::Permanent)) => {
                f.controller = ControllerFilter::You;
                f
            }
            _ => return Err(format!("no rule of the grammar matches at {:?}", p.rest())),
        };
        if !(p.eat_end() && p.at_end()) {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        out.abilities
            .push(Ability::Static(StaticAbility::AffinityFor(f)));
        return Ok(());
    }
    // 409.1b: "[If you control a Plains,] you may [cost] rather than pay
    // this spell's mana cost."
    if toks.iter().any(|t| t.low == "rather") && (p.at("if") || p.at_all("you may")) {
        return alternative_cost(&mut p, spell);
    }
    // 502.21b: "If CARDNAME was kicked, it comes into play with N +1/+1
    // counters on it [and with KEYWORD]."
    if !is_spell && p.at_all("if cardname was kicked") {
        return kicked_enters_with(&mut p, out);
    }
    // "Spend only black mana on X." (Consume Spirit)
    if is_spell && p.at_all("spend only") && p.peek_at(3) == "mana" && p.peek_at(4) == "on" {
        p.eat_all("spend only");
        let c = Color::from_name(p.bump())
            .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
        if !p.eat_all("mana on x") || !p.eat_end() || !p.at_end() || spell.x_color.is_some() {
            return Err(format!("no rule of the grammar matches at {:?}", p.rest()));
        }
        spell.x_color = Some(c);
        granted.append(&mut p.granted);
        return Ok(());
    }
    // A timing restriction on playing the spell (Chaotic Strike, Ambush).
    if is_spell && (p.at_all("play this spell only") || p.at_all("cast this spell only")) {
        let t = timing_sentence(&mut p, "play this spell only")
            .or_else(|| timing_sentence(&mut p, "cast this spell only"));
        return match t {
            Some(t) if p.eat_end() && p.at_end() && spell.timing.is_none() => {
                spell.timing = Some(t);
                Ok(())
            }
            _ => Err(format!("no rule of the grammar matches at {:?}", p.rest())),
        };
    }
    if is_spell {
        while !p.at_end() {
            let start = spell.effects.len();
            sentence(&mut p, spell)
                .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
            spell.prev_sentence = start;
        }
        granted.append(&mut p.granted);
        return Ok(());
    }
    let statics = static_line(&mut p)
        .ok_or_else(|| format!("no rule of the grammar matches at {:?}", p.rest()))?;
    out.abilities
        .extend(statics.into_iter().map(Ability::Static));
    granted.append(&mut p.granted);
    Ok(())
}

// --- keywords -------------------------------------------------------------

/// One parameterless keyword (one or two words).
fn keyword(p: &mut P) -> Option<Keyword> {
    let two = format!("{} {}", p.peek(), p.peek_at(1));
    if let Some(k) = Keyword::from_name(&two) {
        p.bump();
        p.bump();
        return Some(k);
    }
    let k = Keyword::from_name(p.peek())?;
    p.bump();
    Some(k)
}

/// "flying", "flying and vigilance", "first strike, flying, and trample".
fn keyword_list(p: &mut P) -> Option<KeywordSet> {
    let mut set = KeywordSet::EMPTY;
    set.insert(keyword(p)?);
    loop {
        let i = p.i;
        p.eat(",");
        p.eat("and");
        match keyword(p) {
            Some(k) => set.insert(k),
            None => {
                p.i = i;
                return Some(set);
            }
        }
    }
}

/// A quality protection is from (502.7).
fn protection(p: &mut P) -> Option<Vec<Protection>> {
    let mut v = Vec::new();
    loop {
        let pr = if p.eat_all("all colors") {
            Protection::AllColors
        } else if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            Protection::Color(c)
        } else if let Some(t) = type_noun(p.peek()) {
            p.bump();
            Protection::CardType(t)
        } else {
            return None;
        };
        v.push(pr);
        if !p.eat_all("and from") {
            return Some(v);
        }
    }
}

/// A line made only of keywords: "Flying, vigilance", "Protection from black".
fn keyword_line(p: &mut P) -> Option<Vec<Ability>> {
    let mut v = Vec::new();
    loop {
        if matches!(p.peek(), "cumulative" | "echo" | "fading" | "vanishing") {
            // 502.13, 502.19, 502.20, 502.60.
            v.extend(upkeep::keyword(p)?);
        } else if p.eat("bushido") {
            // 502.38a: "Whenever this creature blocks or becomes blocked, it
            // gets +N/+N until end of turn."
            let n = match amount(p)? {
                Amount::Fixed(n) => n,
                _ => return None,
            };
            for trigger in [Trigger::Blocks, Trigger::BecomesBlocked] {
                v.push(Ability::Triggered(TriggeredAbility {
                    trigger,
                    optional: false,
                    targets: Vec::new(),
                    effects: vec![Effect::Continuous {
                        what: ObjectRef::This,
                        effect: LayerEffect::pump(n, n, KeywordSet::EMPTY),
                        duration: Duration::EndOfTurn,
                    }],
                    condition: None,
                }));
            }
        } else if p.eat("morph") {
            // 502.26a: "Morph [cost]"; a cost that isn't mana ("Morph—Reveal
            // a white card") stays unsupported.
            let mut mana = String::new();
            while p.peek().starts_with('{') {
                mana.push_str(p.raw());
                p.bump();
            }
            let cost = ManaCost::parse(&mana).ok()?;
            if mana.is_empty() || cost.x > 0 {
                return None;
            }
            v.push(Ability::Static(StaticAbility::Morph(cost)));
        } else if p.eat("equip") {
            // 502.33a: "Equip [cost]" means "[Cost]: Attach this to target
            // creature you control. Play this ability only any time you could
            // play a sorcery."
            let mut mana = String::new();
            while p.peek().starts_with('{') {
                mana.push_str(p.raw());
                p.bump();
            }
            if mana.is_empty() {
                return None;
            }
            let cost = Cost {
                mana: ManaCost::parse(&mana).ok()?,
                ..Default::default()
            };
            let target = TargetSpec {
                kind: TargetKind::Permanent(ObjectFilter {
                    controller: ControllerFilter::You,
                    ..ObjectFilter::creature()
                }),
                count: 1,
                up_to: false,
                other: false,
                distinct: false,
                count_by: None,
                min: 0,
            };
            v.push(Ability::Activated(ActivatedAbility {
                cost,
                targets: vec![target],
                effects: vec![Effect::Attach {
                    what: ObjectRef::This,
                    to: ObjectRef::Target(0),
                }],
                sorcery_speed: true,
                once_per_turn: false,
                twice_per_turn: false,
                timing: None,
                ninjutsu: false,
                from_hand: false,
                cycling: false,
                only_if: None,
            }));
        } else if p.eat("ninjutsu") {
            // 502.43a: "Ninjutsu [cost]" means "[Cost], Reveal this card
            // from your hand, Return an unblocked attacking creature you
            // control to its owner's hand: Put this card into play tapped
            // and attacking."
            let mana = mana_symbols(p)?;
            v.push(Ability::Activated(ActivatedAbility {
                cost: Cost {
                    mana,
                    ..Default::default()
                },
                targets: Vec::new(),
                effects: vec![Effect::PutSelfIntoPlayAttacking],
                sorcery_speed: false,
                once_per_turn: false,
                twice_per_turn: false,
                timing: None,
                ninjutsu: true,
                from_hand: false,
                cycling: false,
                only_if: None,
            }));
        } else if p.eat("recover") {
            // 502.55a: "Recover [cost]" means "When a creature is put into
            // your graveyard from play, you may pay [cost]. If you do, return
            // this card from your graveyard to your hand. Otherwise, remove
            // this card from the game."
            let cost = mana_symbols(p)?;
            v.push(Ability::Triggered(TriggeredAbility {
                trigger: Trigger::CreatureToYourGraveyard,
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::Recover { cost }],
                condition: None,
            }));
        } else if p.eat("sunburst") {
            v.push(Ability::Static(StaticAbility::Sunburst));
        } else if p.eat("transmute") {
            // 502.48a: "[Cost], Discard this card: Search your library for
            // a card with the same converted mana cost as the discarded
            // card, reveal that card, and put it into your hand. Then
            // shuffle your library. Play this ability only any time you
            // could play a sorcery." (`TRANSMUTE_CMC` is replaced by the
            // card's own converted mana cost in `compile_face`.)
            let mana = mana_symbols(p)?;
            v.push(Ability::Activated(ActivatedAbility {
                cost: Cost {
                    mana,
                    discard_self: true,
                    ..Default::default()
                },
                targets: Vec::new(),
                effects: vec![Effect::SearchLibrary {
                    filter: ObjectFilter {
                        cmc_exactly: Some(TRANSMUTE_CMC),
                        ..Default::default()
                    },
                    cmc_at_most: None,
                    dest: crate::CardDest::Hand,
                    reveal: true,
                }],
                sorcery_speed: true,
                once_per_turn: false,
                twice_per_turn: false,
                timing: None,
                ninjutsu: false,
                from_hand: true,
                cycling: false,
                only_if: None,
            }));
        } else if p.eat("storm") {
            // 502.30a: "When you play this spell, put a copy of it onto the
            // stack for each other spell that was played before it this
            // turn. If the spell has any targets, you may choose new
            // targets for any of the copies."
            v.push(Ability::Triggered(TriggeredAbility {
                trigger: Trigger::PlayedThis,
                optional: false,
                targets: Vec::new(),
                effects: vec![Effect::StormCopies],
                condition: None,
            }));
        } else if let Some(a) = cycling(p) {
            v.push(a);
        } else if let Some(a) = parameter_keyword(p) {
            v.extend(a);
        } else if p.eat_all("protection from") {
            v.extend(protection(p)?.into_iter().map(Ability::Protection));
        } else if p.eat("menace") {
            // Not a 2007 keyword: Viashino Runner's 2007 text "can't be
            // blocked except by two or more creatures" (500.1 restriction).
            v.push(Ability::Static(StaticAbility::BlockRestriction {
                affected: Affected::This,
                rule: crate::BlockRule::TwoOrMore,
            }));
        } else if p.eat("hexproof") {
            // Not a 2007 keyword: Troll Ascetic's 2007 text "can't be the
            // target of spells or abilities your opponents control".
            v.push(Ability::Static(StaticAbility::CantBeTargetedBy {
                affected: Affected::This,
                spells_only: false,
                colors: ColorSet::EMPTY,
                opponents: true,
            }));
        } else {
            v.push(Ability::Keyword(keyword(p)?));
        }
        if p.at_end() {
            return Some(v);
        }
        if p.eat(".") && p.at_end() {
            return Some(v);
        }
        if !(p.eat(",") || p.eat(";")) {
            return None;
        }
    }
}

/// Stands for "the converted mana cost of this card" in a transmute
/// ability until `compile_face` knows the face (502.48a).
const TRANSMUTE_CMC: i32 = -1;

/// 502.53: "Forecast — [cost], Reveal [this card] from your hand:
/// [effect]": an activated ability played only from its owner's hand,
/// only during that player's upkeep and only once each turn (502.53b).
/// Revealing the card is part of the cost and changes nothing else here.
fn forecast(toks: &[Tok]) -> R<Ability> {
    let no_rule = || "a forecast ability of another form".to_string();
    // Drop "forecast —" and ", reveal CARDNAME from your hand" from the
    // cost, then read the rest as an activated ability.
    let rest = &toks[2..];
    let reveal = ["reveal", "cardname", "from", "your", "hand"];
    let at = (0..rest.len())
        .find(|&i| {
            rest.len() >= i + reveal.len()
                && reveal
                    .iter()
                    .enumerate()
                    .all(|(k, w)| rest[i + k].low == *w)
        })
        .ok_or_else(no_rule)?;
    let after = at + reveal.len();
    if rest.get(after).map(|t| t.low.as_str()) != Some(":") {
        return Err(no_rule());
    }
    let mut kept: Vec<Tok> = rest[..at].to_vec();
    if kept.last().map(|t| t.low.as_str()) == Some(",") {
        kept.pop();
    }
    if kept.is_empty() {
        return Err(no_rule());
    }
    kept.extend(rest[after..].iter().cloned());
    let mut p = P::new(&kept);
    match activated(&mut p)? {
        Ability::Activated(mut a) => {
            if a.once_per_turn || a.timing.is_some() || a.sorcery_speed || a.only_if.is_some() {
                return Err(no_rule());
            }
            // 502.53a: "Play this ability only during your upkeep and only
            // once each turn."
            a.from_hand = true;
            a.once_per_turn = true;
            a.timing = Some(crate::Timing {
                turn: crate::TurnOf::You,
                window: crate::Window::Step(Step::Upkeep),
            });
            Ok(Ability::Activated(a))
        }
        _ => Err(no_rule()),
    }
}

/// Mana symbols as a cost ("{2}{G}"), at least one.
fn mana_symbols(p: &mut P) -> Option<ManaCost> {
    let mut mana = String::new();
    while p.peek().starts_with('{') && p.peek() != "{t}" && p.peek() != "{q}" {
        mana.push_str(p.raw());
        p.bump();
    }
    if mana.is_empty() {
        return None;
    }
    ManaCost::parse(&mana).ok()
}

/// 502.18a: "Cycling [cost]" means "[Cost], Discard this card: Draw a
/// card."; 502.18d: "[Subtype]cycling [cost]" means "[Cost], Discard this
/// card: Search your library for a [subtype] card, reveal it, and put it
/// into your hand. Then shuffle your library." Both function only while
/// the card is in a hand.
fn cycling(p: &mut P) -> Option<Ability> {
    let start = p.i;
    let word = p.t.get(p.i)?.raw.clone();
    let effect = if word.eq_ignore_ascii_case("cycling") {
        Effect::DrawCards {
            who: PlayerRef::You,
            amount: Amount::Fixed(1),
        }
    } else {
        let prefix = word.strip_suffix("cycling")?;
        let st = subtype_word(prefix).filter(|s| *s == prefix)?;
        Effect::SearchLibrary {
            filter: ObjectFilter {
                subtypes_any: vec![Subtype::intern(st)],
                ..Default::default()
            },
            cmc_at_most: None,
            dest: crate::CardDest::Hand,
            reveal: true,
        }
    };
    p.bump();
    let mut cost = Cost {
        discard_self: true,
        ..Default::default()
    };
    if p.eat("—") {
        // "Cycling—Pay 2 life." (Street Wraith)
        match (p.eat("pay"), amount(p)) {
            (true, Some(Amount::Fixed(n))) if n > 0 && p.eat("life") => cost.pay_life = n as u32,
            _ => {
                p.i = start;
                return None;
            }
        }
    } else {
        match mana_symbols(p) {
            Some(m) => cost.mana = m,
            None => {
                p.i = start;
                return None;
            }
        }
    }
    Some(Ability::Activated(ActivatedAbility {
        cost,
        targets: Vec::new(),
        effects: vec![effect],
        sorcery_speed: false,
        once_per_turn: false,
        twice_per_turn: false,
        timing: None,
        ninjutsu: false,
        from_hand: true,
        cycling: true,
        only_if: None,
    }))
}

/// A keyword ability with a number that stands for triggered and static
/// abilities: soulshift (502.39), rampage (502.12), bloodthirst (502.50),
/// graft (502.54), modular (502.35).
fn parameter_keyword(p: &mut P) -> Option<Vec<Ability>> {
    let start = p.i;
    let kw = p.eat_any(&[
        "soulshift",
        "rampage",
        "bloodthirst",
        "graft",
        "modular",
        "dredge",
        "amplify",
        "ripple",
    ])?;
    let n = match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 => n,
        _ => {
            p.i = start;
            return None;
        }
    };
    let triggered = |trigger, optional, targets, effects, condition| {
        Ability::Triggered(TriggeredAbility {
            trigger,
            optional,
            targets,
            effects,
            condition,
        })
    };
    let counters = || {
        Ability::Static(StaticAbility::ComesIntoPlayWithCounters {
            kind: CounterKind::PlusOnePlusOne,
            amount: n as u8,
        })
    };
    Some(match kw {
        // 502.47a: "Dredge N" (a draw replacement that functions in the
        // graveyard).
        "dredge" => vec![Ability::Static(StaticAbility::Dredge(n.min(255) as u8))],
        // 502.27a: "Amplify N" (a choice as the permanent comes into play).
        "amplify" => vec![Ability::Static(StaticAbility::Amplify(n.min(255) as u8))],
        // 502.56a: "When you play this spell, you may reveal the top N
        // cards of your library …" (a triggered ability of the spell).
        "ripple" => vec![triggered(
            Trigger::PlayedThis,
            true,
            Vec::new(),
            vec![Effect::Ripple(n.min(255) as u8)],
            None,
        )],
        // 502.39a: "When this permanent is put into a graveyard from play,
        // you may return target Spirit card with converted mana cost N or
        // less from your graveyard to your hand."
        "soulshift" => vec![triggered(
            Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
            true,
            vec![TargetSpec::one(TargetKind::CardInGraveyard {
                filter: ObjectFilter {
                    subtypes_any: vec![Subtype::intern("Spirit")],
                    cmc_at_most: Some(n),
                    ..Default::default()
                },
                whose: PlayerFilter::You,
            })],
            vec![Effect::ReturnToHand {
                what: ObjectRef::Target(0),
            }],
            None,
        )],
        // 502.12a: "Whenever this creature becomes blocked, it gets +N/+N
        // until end of turn for each creature blocking it beyond the
        // first." (502.12b: counted once, as it resolves.)
        "rampage" => vec![triggered(
            Trigger::BecomesBlocked,
            false,
            Vec::new(),
            vec![Effect::PumpPerCount {
                what: ObjectRef::This,
                power: n,
                toughness: n,
                count: Amount::BlockersBeyondFirst(ObjectRef::This),
            }],
            None,
        )],
        // 502.50a: "If an opponent was dealt damage this turn, this
        // permanent comes into play with N +1/+1 counters on it."
        "bloodthirst" => vec![Ability::Static(StaticAbility::Bloodthirst(n as u8))],
        // 502.54a: "This permanent comes into play with N +1/+1 counters
        // on it" and "Whenever another creature comes into play, if this
        // permanent has a +1/+1 counter on it, you may move a +1/+1 counter
        // from this permanent onto that creature."
        "graft" => vec![
            counters(),
            triggered(
                Trigger::ComesIntoPlay(ObjectFilter {
                    other: true,
                    ..ObjectFilter::creature()
                }),
                true,
                Vec::new(),
                vec![Effect::MoveCounter {
                    from: ObjectRef::This,
                    to: ObjectRef::Triggering,
                    kind: CounterKind::PlusOnePlusOne,
                }],
                Some(crate::Condition::CountersOnThis {
                    kind: CounterKind::PlusOnePlusOne,
                    at_least: 1,
                }),
            ),
        ],
        // 502.35a: "This permanent comes into play with N +1/+1 counters on
        // it" and "When this permanent is put into a graveyard from play,
        // you may put a +1/+1 counter on target artifact creature for each
        // +1/+1 counter on this permanent."
        _ => vec![
            counters(),
            triggered(
                Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
                true,
                vec![TargetSpec::one(TargetKind::Permanent(ObjectFilter {
                    types_all: TypeSet::single(CardType::Artifact),
                    ..ObjectFilter::creature()
                }))],
                vec![Effect::PutCounters {
                    what: ObjectRef::Target(0),
                    kind: CounterKind::PlusOnePlusOne,
                    amount: Amount::CountersOn(CounterKind::PlusOnePlusOne, ObjectRef::This),
                }],
                None,
            ),
        ],
    })
}

// --- numbers, filters and targets -------------------------------------------

fn number_word(w: &str) -> Option<i32> {
    Some(match w {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        _ => return w.parse().ok().filter(|n: &i32| *n >= 0 && *n < 100),
    })
}

fn amount(p: &mut P) -> Option<Amount> {
    if p.eat("x") {
        return Some(Amount::X);
    }
    let n = number_word(p.peek())?;
    p.bump();
    Some(Amount::Fixed(n))
}

/// "+3/+3", "-1/-1", "+0/+1".
/// "1/1": a power and toughness that are set (layer 6b).
fn pt_set(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// "+X/-X": multiples of X (1, 0 or -1).
fn pt_mod_x(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    let m = |s: &str| -> Option<i32> {
        match s {
            "+x" | "+X" => Some(1),
            "-x" | "-X" => Some(-1),
            "+0" | "-0" => Some(0),
            _ => None,
        }
    };
    let (x, y) = (m(a)?, m(b)?);
    (x != 0 || y != 0).then_some((x, y))
}

fn pt_mod(w: &str) -> Option<(i32, i32)> {
    let (a, b) = w.split_once('/')?;
    let n = |s: &str| -> Option<i32> {
        let (neg, digits) = match s.as_bytes().first()? {
            b'+' => (false, &s[1..]),
            b'-' => (true, &s[1..]),
            _ => return None,
        };
        let v: i32 = digits.parse().ok()?;
        Some(if neg { -v } else { v })
    };
    Some((n(a)?, n(b)?))
}

fn type_noun(w: &str) -> Option<CardType> {
    Some(match w {
        "creature" | "creatures" => CardType::Creature,
        "artifact" | "artifacts" => CardType::Artifact,
        "enchantment" | "enchantments" => CardType::Enchantment,
        "land" | "lands" => CardType::Land,
        "instant" | "instants" => CardType::Instant,
        "sorcery" | "sorceries" => CardType::Sorcery,
        _ => return None,
    })
}

/// A capitalised word naming a subtype, singular or plural ("Goblins", "Elves").
fn subtype_word(raw: &str) -> Option<&'static str> {
    if !raw.chars().next().is_some_and(char::is_uppercase) || raw == SELF {
        return None;
    }
    let raw = raw.replace('\'', "’");
    let mut cands = vec![raw.clone()];
    if let Some(s) = raw.strip_suffix("ves") {
        cands.push(format!("{s}f"));
    }
    if let Some(s) = raw.strip_suffix("ies") {
        cands.push(format!("{s}y"));
    }
    if let Some(s) = raw.strip_suffix("es") {
        cands.push(s.to_string());
    }
    if let Some(s) = raw.strip_suffix('s') {
        cands.push(s.to_string());
    }
    cands.iter().find_map(|c| {
        subtypes::SUBTYPES
            .iter()
            .find(|s| **s == c.as_str())
            .copied()
    })
}

/// What a filter's noun names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Noun {
    Permanent,
    Spell,
    Card,
}

fn color_adjective(w: &str) -> Option<(Color, bool)> {
    if let Some(c) = Color::from_name(w) {
        return Some((c, false));
    }
    let rest = w.strip_prefix("non")?;
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    Color::from_name(rest).map(|c| (c, true))
}

/// A description of objects: "[other] [adjectives] noun [or noun] [you control] [with flying]".
fn filter(p: &mut P) -> Option<(ObjectFilter, Noun)> {
    let start = p.i;
    let mut f = ObjectFilter::default();
    if p.eat("other") || p.eat("another") {
        f.other = true;
    }
    // Adjectives.
    loop {
        let w = p.peek();
        if let Some((c, non)) = color_adjective(w) {
            p.bump();
            if non {
                f.colors_none.insert(c);
            } else {
                f.colors_any.insert(c);
                // "red or green", "white, blue, or black"
                loop {
                    let i = p.i;
                    p.eat(",");
                    p.eat("or");
                    match Color::from_name(p.peek()) {
                        Some(c2) if p.i > i => {
                            p.bump();
                            f.colors_any.insert(c2);
                        }
                        _ => {
                            p.i = i;
                            break;
                        }
                    }
                }
            }
        } else if let Some(t) = w
            .strip_prefix("non")
            .map(|r| r.strip_prefix('-').unwrap_or(r))
            .and_then(type_noun)
        {
            p.bump();
            f.types_none.insert(t);
        } else if let Some(st) = p
            .raw()
            .strip_prefix("non-")
            .and_then(|r| subtype_word(r).and_then(Subtype::lookup))
        {
            p.bump();
            f.subtypes_none.push(st);
        } else if w == "multicolored" {
            p.bump();
            f.multicolored = true;
        } else if w == "tapped" || w == "untapped" {
            p.bump();
            f.tapped = Some(w == "tapped");
        } else if w == "face-down" || w == "face-up" {
            p.bump();
            f.face_down = Some(w == "face-down");
        } else if w == "blocked" {
            p.bump();
            f.blocked = Some(true);
        } else if w == "attacking" && p.peek_at(1) == "or" && p.peek_at(2) == "blocking" {
            // 306: "attacking or blocking creature".
            p.bump();
            p.bump();
            p.bump();
            f.in_combat = Some(true);
        } else if w == "attacking" || w == "blocking" {
            if p.peek_at(1) == "or" {
                return fail_at(p, start);
            }
            p.bump();
            if w == "attacking" {
                f.attacking = Some(true);
            } else {
                f.blocking = Some(true);
            }
        } else if w == "legendary" || w == "basic" || w == "snow" {
            p.bump();
            f.supertypes_all.push(if w == "legendary" {
                Supertype::Legendary
            } else if w == "basic" {
                Supertype::Basic
            } else {
                Supertype::Snow
            });
        } else if w == ","
            && (color_adjective(p.peek_at(1)).is_some() || p.peek_at(1).starts_with("non"))
        {
            p.bump();
        } else {
            break;
        }
    }
    // Nouns.
    let mut had_noun = false;
    let mut creature_subtype = false;
    let mut noun = Noun::Permanent;
    loop {
        let w = p.peek();
        if let Some(t) = type_noun(w) {
            p.bump();
            // "artifact creature": both types.
            if !had_noun && type_noun(p.peek()).is_some() {
                f.types_all.insert(t);
                continue;
            }
            f.types_any.insert(t);
        } else if w == "permanent" || w == "permanents" {
            p.bump();
            // "a Rebel permanent card": a card of a permanent type (212.1).
            if matches!(p.peek(), "card" | "cards") && f.types_any.is_empty() {
                for t in [
                    CardType::Artifact,
                    CardType::Creature,
                    CardType::Enchantment,
                    CardType::Land,
                ] {
                    f.types_any.insert(t);
                }
            }
        } else if let Some(st) = subtype_word(p.raw()) {
            p.bump();
            f.subtypes_any.push(Subtype::intern(st));
            if !crate::subtype::NON_CREATURE_SUBTYPES.contains(&st) {
                creature_subtype = true;
            }
            // "Elf creatures": the subtype is an adjective of the next noun
            // ("Rebel permanent card" too).
            if type_noun(p.peek()).is_some()
                || (p.at("permanent") && matches!(p.peek_at(1), "card" | "cards"))
            {
                continue;
            }
        } else if !had_noun && (w == "spell" || w == "spells" || w == "card" || w == "cards") {
            // "target spell", "a card"
        } else {
            break;
        }
        had_noun = true;
        // "artifact or enchantment", "artifact, enchantment, or land"
        let i = p.i;
        let sep = p.eat(",") | p.eat("or") | p.eat("and/or") | p.eat("and");
        let next = p.peek();
        if sep
            && (type_noun(next).is_some() || subtype_word(p.raw()).is_some() || next == "permanent")
        {
            continue;
        }
        p.i = i;
        break;
    }
    if p.eat("spell") || p.eat("spells") {
        noun = Noun::Spell;
        had_noun = true;
    } else if p.eat("card") || p.eat("cards") {
        noun = Noun::Card;
        had_noun = true;
    }
    if !had_noun {
        return fail_at(p, start);
    }
    if creature_subtype && f.types_any.is_empty() {
        f.types_any.insert(CardType::Creature);
    }
    // Post-modifiers.
    loop {
        if p.eat_all("other than cardname") {
            f.other = true;
        } else if noun == Noun::Permanent && p.eat_all("that's attached to a permanent") {
            f.attached_to_permanent = true;
        } else if noun == Noun::Permanent && p.eat_all("that attacked this turn") {
            f.attacked_this_turn = true;
        } else if noun == Noun::Permanent && p.eat_all("that was dealt damage this turn") {
            f.dealt_damage_this_turn = true;
        } else if p.eat_all("blocking cardname") {
            // 309: "creature blocking [this]" (Knight of Dusk).
            f.blocking_this = true;
        } else if p.at("that's") && Color::from_name(p.peek_at(1)).is_some() {
            // "a spell that's white, blue, black, or red" (Quirion Dryad).
            p.bump();
            loop {
                let i = p.i;
                p.eat(",");
                p.eat("or");
                match Color::from_name(p.peek()) {
                    Some(c) => {
                        p.bump();
                        f.colors_any.insert(c);
                    }
                    None => {
                        p.i = i;
                        break;
                    }
                }
            }
        } else if p.at_all("attached to a creature") {
            // "Aura attached to a creature" (Autumn-Tail, Kitsune Sage); "a
            // creature you control" would be about the creature's controller,
            // which the filter doesn't describe.
            p.eat_all("attached to a creature");
            if p.at_all("you control") || p.at_all("an opponent controls") {
                return fail_at(p, start);
            }
            f.attached_to_creature = true;
        } else if p.eat_all("with a single target") {
            f.single_target = true;
        } else if p.at("named") && !p.peek_at(1).is_empty() && p.peek_at(1) != "." {
            // "permanents named Wirefly": one capitalised word.
            p.bump();
            let name = p.raw().to_string();
            // "named CARDNAME": the object's own name (Relentless Rats).
            if !name.chars().next().is_some_and(char::is_uppercase) && p.peek() != "cardname" {
                return fail_at(p, start);
            }
            let name = if p.peek() == "cardname" {
                SELF.to_string()
            } else {
                name
            };
            p.bump();
            f.named = Some(name);
        } else if p.eat_all("of the chosen color") {
            f.chosen_color = true;
        } else if p.eat_all("of the chosen type") {
            f.chosen_type = true;
        } else if p.eat_all("with the chosen name") {
            f.chosen_name = true;
        } else if p.eat_all("you control") {
            f.controller = ControllerFilter::You;
        } else if p.eat_all("you don't control")
            || p.eat_all("an opponent controls")
            || p.eat_all("your opponents control")
            || p.eat_all("your opponent controls")
        {
            f.controller = ControllerFilter::Opponent;
        } else if p.at("with") || p.at("without") {
            let without = p.peek() == "without";
            let i = p.i;
            p.bump();
            if !without && (p.eat_all("a morph ability") || p.eat_all("morph abilities")) {
                f.with_morph = true;
            } else if p.eat("power") {
                let n = number_word(p.peek())?;
                p.bump();
                if without {
                    return fail_at(p, start);
                }
                if p.eat_all("or less") {
                    f.power_at_most = Some(n);
                } else if p.eat_all("or greater") {
                    f.power_at_least = Some(n);
                } else {
                    return fail_at(p, start);
                }
            } else if !without && p.at_all("converted mana cost x") && p.peek_at(4) != "or" {
                // "with converted mana cost X" (Spell Blast, Punishment).
                p.eat_all("converted mana cost x");
                f.cmc_is_x = true;
            } else if !without
                && p.at_all("converted mana cost")
                && number_word(p.peek_at(3)).is_some()
            {
                // 203.3: "with converted mana cost 4 or less" (Thoughtbind),
                // "with converted mana cost 2" (Spell Snare).
                p.eat_all("converted mana cost");
                let n = number_word(p.bump())?;
                if p.eat_all("or less") {
                    f.cmc_at_most = Some(n);
                } else if p.at_all("or greater") || p.at_all("or more") {
                    return fail_at(p, start);
                } else {
                    f.cmc_exactly = Some(n);
                }
            } else if let Some(k) = keyword(p) {
                if without {
                    f.without_keyword = Some(k);
                } else {
                    f.with_keyword = Some(k);
                }
            } else {
                p.i = i;
                break;
            }
        } else {
            break;
        }
    }
    Some((f, noun))
}

/// A target spec with several targets (`ObjectRef::Targets` names them).
fn is_multi(t: &TargetSpec) -> bool {
    t.count_by.is_some() || t.count > 1 || t.up_to
}

/// 409.1c: an effect on every target of a spec with several must do the
/// same to each, as these do; any other effect naming them
/// (`ObjectRef::Targets`, `Amount::LegalTargets`) leaves the line
/// unsupported. Only lines with such a spec are looked at.
fn multi_targets_supported(targets: &[TargetSpec], effects: &[Effect]) -> bool {
    if !targets.last().is_some_and(is_multi) {
        return true;
    }
    effects.iter().all(|e| match e {
        Effect::Destroy { .. }
        | Effect::RemoveFromGame { .. }
        | Effect::ReturnToHand { .. }
        | Effect::Tap { .. }
        | Effect::Untap { .. }
        | Effect::Continuous { .. }
        | Effect::CantBeBlockedThisTurn { .. }
        | Effect::CantBlockThisTurn { .. }
        | Effect::CreateTokens { .. } => true,
        e => !format!("{e:?}").contains("Targets("),
    })
}

fn fail_at<T>(p: &mut P, start: usize) -> Option<T> {
    p.i = start;
    None
}

/// "target creature", "another target creature or player", "target player",
/// "target red or green spell", "target creature card from your graveyard".
fn target(p: &mut P, cx: &mut Cx) -> Option<(u8, bool)> {
    target_n(p, cx, false)
}

/// `target`, or with `many` also a variable number of targets: "X target
/// creature cards", "up to that many target permanents" (an object phrase
/// naming them all, `ObjectRef::Targets`).
fn target_n(p: &mut P, cx: &mut Cx, many: bool) -> Option<(u8, bool)> {
    let start = p.i;
    let other = p.eat("another");
    // 409.1c: "X target creatures" (the X announced, 409.1b); "up to that
    // many target permanents" (the amount of the trigger event); "two
    // target lands", "up to three target creatures" (one instance of
    // "target" with several targets).
    let mut fixed: Option<(u8, bool)> = None;
    // "one, two, or three target creatures", "one or two targets": up to
    // that many, at least one.
    let mut min = 0;
    let count_by = if !many || other {
        None
    } else if p.at_all("x target") {
        p.bump();
        Some((TargetCount::X, false))
    } else if cx.trig_amount && p.eat_all("up to that many") {
        Some((TargetCount::Triggered, true))
    } else if p.eat_all("any number of") {
        // 409.1c: the player announces how many.
        Some((TargetCount::AnyNumber, true))
    } else if p.eat_all("one , two , or three") {
        fixed = Some((3, true));
        min = 1;
        None
    } else if p.eat_all("one or two") {
        fixed = Some((2, true));
        min = 1;
        None
    } else {
        let up_to = p.at_all("up to") && p.peek_at(3) == "target";
        let at = if up_to { 2 } else { 0 };
        let n = number_word(p.peek_at(at)).filter(|&n| (2..=9).contains(&n) || (up_to && n == 1));
        if let Some(n) = n.filter(|_| p.peek_at(at + 1) == "target") {
            for _ in 0..=at {
                p.bump();
            }
            fixed = Some((n as u8, up_to));
        }
        None
    };
    // "any number of targets" (modern Oracle for "target creatures
    // and/or players").
    let counted = count_by.is_some() || fixed.is_some();
    let any_targets = counted && p.eat("targets");
    if !any_targets && !p.eat("target") {
        return fail_at(p, start);
    }
    // A spec with several targets is the last (its targets run to the end
    // of the list).
    if cx.targets.last().is_some_and(is_multi) {
        return fail_at(p, start);
    }
    let kind = if any_targets
        || p.eat_all("creatures and/or players")
        || p.eat_all("creature or player")
    {
        TargetKind::CreatureOrPlayer
    } else if p.eat("player") {
        TargetKind::Player(PlayerFilter::Any)
    } else if p.eat("opponent") {
        TargetKind::Player(PlayerFilter::Opponent)
    } else {
        let Some((f, noun)) = filter(p) else {
            return fail_at(p, start);
        };
        match noun {
            Noun::Permanent => TargetKind::Permanent(f),
            Noun::Spell => TargetKind::Spell(f),
            Noun::Card => {
                let whose = if p.eat_all("from your graveyard") || p.eat_all("in your graveyard") {
                    PlayerFilter::You
                } else if p.eat_all("from a graveyard") || p.eat_all("in a graveyard") {
                    PlayerFilter::Any
                } else if p.eat_all("from an opponent's graveyard")
                    || p.eat_all("in an opponent's graveyard")
                {
                    PlayerFilter::Opponent
                } else {
                    return fail_at(p, start);
                };
                TargetKind::CardInGraveyard { filter: f, whose }
            }
        }
    };
    let is_player = matches!(kind, TargetKind::Player(_));
    if count_by.is_some() && is_player {
        return fail_at(p, start);
    }
    let kind = match kind {
        // "target permanents that player controls" (Cephalid Constable).
        TargetKind::Permanent(mut f)
            if cx.trig_player
                && f.controller == ControllerFilter::Any
                && p.eat_all("that player controls") =>
        {
            f.controller = ControllerFilter::TriggeringPlayer;
            TargetKind::Permanent(f)
        }
        k => k,
    };
    let i = cx.add_target(kind, other);
    if let Some((by, up_to)) = count_by {
        let spec = cx.targets.last_mut().expect("just added");
        spec.count = 0;
        spec.count_by = Some(by);
        spec.up_to = up_to;
    }
    if let Some((n, up_to)) = fixed {
        let spec = cx.targets.last_mut().expect("just added");
        spec.count = n;
        spec.up_to = up_to;
        spec.min = min;
    }
    if is_player {
        cx.last_player = Some(PlayerRef::Target(i));
    } else {
        cx.last_obj = Some(ObjectRef::Target(i));
    }
    Some((i, is_player))
}

// --- effects -------------------------------------------------------------------

/// The subject of a clause.
#[derive(Clone, Debug)]
enum Subj {
    Obj(ObjectRef),
    Player(PlayerRef),
}

/// "that player".
fn that_player(cx: &Cx) -> Option<PlayerRef> {
    if cx.trig_player {
        Some(PlayerRef::Triggering)
    } else {
        cx.last_player.clone()
    }
}

/// A player phrase: "you", "each player", "its controller", "that player", "target player".
fn player_phrase(p: &mut P, cx: &mut Cx) -> Option<PlayerRef> {
    if p.eat("you") {
        return Some(PlayerRef::You);
    }
    if p.eat_all("each player") {
        return Some(PlayerRef::EachPlayer);
    }
    if p.eat_all("each opponent") || p.eat_all("each other player") {
        return Some(PlayerRef::EachOpponent);
    }
    // "that land's controller" (Cryoclasm): the controller of the object
    // named before (its last known controller if it left play).
    if p.peek() == "that"
        && p.peek_at(2) == "controller"
        && p.peek_at(1).ends_with("'s")
        && type_noun(p.peek_at(1).trim_end_matches("'s")).is_some()
    {
        // The object is the last target permanent ("Destroy target Plains
        // or Island. CARDNAME deals 3 damage to that land's controller."),
        // else the last object named other than the source.
        let o = match cx
            .targets
            .iter()
            .rposition(|t| matches!(t.kind, TargetKind::Permanent(_)))
        {
            Some(i) => ObjectRef::Target(i as u8),
            None => cx.last_obj.clone().filter(|o| *o != ObjectRef::This)?,
        };
        p.bump();
        p.bump();
        p.bump();
        return Some(PlayerRef::ControllerOf(o));
    }
    if p.eat_all("its controller") {
        return Some(PlayerRef::ControllerOf(cx.it()));
    }
    if p.eat_all("its owner") {
        return Some(PlayerRef::OwnerOf(cx.it()));
    }
    if p.at_all("that player") {
        let r = that_player(cx)?;
        p.eat_all("that player");
        return Some(r);
    }
    // "that opponent": the opponent named before ("target opponent … that opponent").
    if p.at_all("that opponent") {
        let r = cx.last_player.clone()?;
        p.eat_all("that opponent");
        return Some(r);
    }
    attempt(p, cx, |p, cx| match target(p, cx)? {
        (i, true) => Some(PlayerRef::Target(i)),
        _ => None,
    })
}

/// An object phrase: "CARDNAME", "it", "that creature", "enchanted creature",
/// "target …", "all creatures", "each creature you control".
fn object_phrase(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    let r = if p.eat("cardname") {
        ObjectRef::This
    } else if p.eat("it") {
        cx.it()
    } else if cx.trig_obj && p.eat_all("that spell") {
        // "counter that spell" (Planar Chaos): the spell that triggered it.
        ObjectRef::Triggering
    } else if p.at_all("that creature") || p.at_all("that permanent") {
        p.bump();
        p.bump();
        if cx.trig_obj {
            ObjectRef::Triggering
        } else {
            cx.last_obj.clone()?
        }
    } else if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
        ObjectRef::Attached
    } else if p.at_all("all creatures blocking or blocked by target") {
        p.eat_all("all creatures blocking or blocked by");
        let (i, player) = target(p, cx)?;
        (!player).then_some(())?;
        ObjectRef::BlockingOrBlockedBy(i)
    } else if p.eat("all") || p.eat("each") {
        let (f, noun) = filter(p)?;
        if noun != Noun::Permanent {
            return None;
        }
        ObjectRef::Each(f)
    } else {
        let (i, player) = attempt(p, cx, |p, cx| target_n(p, cx, true))?;
        if player {
            return None;
        }
        if is_multi(&cx.targets[i as usize]) {
            cx.last_obj = Some(ObjectRef::Targets(i));
            ObjectRef::Targets(i)
        } else {
            ObjectRef::Target(i)
        }
    };
    cx.last_obj = Some(r.clone());
    Some(r)
}

/// A plural group as a subject: "creatures you control", "other Goblins".
fn group(p: &mut P) -> Option<ObjectFilter> {
    let start = p.i;
    let (f, noun) = filter(p)?;
    if noun != Noun::Permanent {
        return fail_at(p, start);
    }
    Some(f)
}

fn subject(p: &mut P, cx: &mut Cx) -> Option<Subj> {
    if let Some(r) = attempt(p, cx, player_phrase) {
        return Some(Subj::Player(r));
    }
    if let Some(r) = attempt(p, cx, object_phrase) {
        return Some(Subj::Obj(r));
    }
    let mut f = group(p)?;
    // "Creatures target player controls get +1/+1 until end of turn." (Day)
    if f.controller == ControllerFilter::Any
        && (p.at_all("target player controls") || p.at_all("target opponent controls"))
    {
        let (i, is_player) = target(p, cx)?;
        is_player.then_some(())?;
        p.eat("controls").then_some(())?;
        f.controller = ControllerFilter::TargetPlayer(i);
    }
    let r = ObjectRef::Each(f);
    cx.last_obj = Some(r.clone());
    Some(Subj::Obj(r))
}

/// "N life", "life equal to its power".
fn life_amount(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    if p.eat_all("life equal to") {
        return equal_amount(p, cx);
    }
    // "that much life": the amount of the trigger event (Spirit Link).
    if p.eat_all("that much life") {
        return Some(Amount::Triggered);
    }
    let a = amount(p)?;
    p.eat("life").then_some(())?;
    // "loses 1 life for each card fewer than three in their hand" (Stabwhisker).
    if a == Amount::Fixed(1) && p.eat_all("for each card fewer than") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        let who = if p.eat_all("in your hand") {
            PlayerRef::You
        } else if p.eat_all("in their hand") || p.eat_all("in that player's hand") {
            that_player(cx)?
        } else {
            return None;
        };
        return Some(Amount::CardsFewerThanInHand { who, than: n });
    }
    for_each(p, cx, a)
}

/// "… for each [counted thing]" after an amount of 1 ("draw a card for each
/// creature you control", "gain 1 life for each card in your graveyard").
fn for_each(p: &mut P, cx: &mut Cx, a: Amount) -> Option<Amount> {
    if !p.at_all("for each") {
        return Some(a);
    }
    // "2 life for each creature you control": a multiple of the count.
    if let Amount::Fixed(n @ 2..) = a {
        let each = for_each(p, cx, Amount::Fixed(1))?;
        return Some(Amount::Times(n, Box::new(each)));
    }
    if a != Amount::Fixed(1) {
        return None;
    }
    p.eat_all("for each");
    // "for each page counter on CARDNAME".
    if let Some(a) = attempt(p, cx, |p, cx| counters_on(p, cx, "counter")) {
        return Some(a);
    }
    // Domain.
    if p.eat_all("basic land type among lands you control") {
        return Some(Amount::BasicLandTypes(PlayerRef::You));
    }
    if p.eat_all("card in your graveyard") {
        return Some(Amount::CardsInGraveyard(PlayerRef::You));
    }
    if p.eat_all("card in your hand") {
        return Some(Amount::CardsInHand(PlayerRef::You));
    }
    let f = group(p)?;
    // "each player loses 1 life for each creature they control".
    if p.eat_all("they control") {
        return Some(Amount::CountTheyControl(f));
    }
    p.eat_all("in play");
    Some(Amount::CountOf(f))
}

/// The amount after "equal to" or "where X is": a term, or the difference
/// of two ("3 minus the number of cards in their hand", "the number of
/// cards in their hand minus 4").
fn equal_amount(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    let first = match attempt(p, cx, |p, _| {
        let a = amount(p)?;
        p.at("minus").then_some(a)
    }) {
        Some(a @ Amount::Fixed(_)) => a,
        _ => amount_term(p, cx)?,
    };
    if !p.eat("minus") {
        return Some(first);
    }
    let second = match attempt(p, cx, |p, _| amount(p)) {
        Some(a @ Amount::Fixed(_)) => a,
        _ => amount_term(p, cx)?,
    };
    // Only a count and a number.
    (matches!(first, Amount::Fixed(_)) != matches!(second, Amount::Fixed(_)))
        .then(|| Amount::Minus(Box::new(first), Box::new(second)))
}

/// One amount after "equal to".
fn amount_term(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    // "the sacrificed creature's power" (Fling): the permanent sacrificed
    // for the spell's additional cost.
    if cx
        .additional_cost
        .as_ref()
        .is_some_and(|c| c.sacrifices() == 1)
        && p.eat_all("the sacrificed creature's")
    {
        return match p.bump() {
            "power" => Some(Amount::PowerOf(ObjectRef::Sacrificed)),
            "toughness" => Some(Amount::ToughnessOf(ObjectRef::Sacrificed)),
            _ => None,
        };
    }
    // "that creature's power", "that artifact's converted mana cost":
    // the object last mentioned, as "its" (Devour in Shadow, Crumble).
    if p.at("that") && p.peek_at(1).ends_with("'s") && p.peek_at(1) != "player's" {
        let i = p.i;
        p.bump();
        let noun = p.bump().trim_end_matches("'s");
        let ok = matches!(
            noun,
            "creature" | "artifact" | "card" | "spell" | "permanent" | "land" | "enchantment"
        );
        let it = cx.it();
        // "that creature" names something mentioned before, never the source.
        let ok = ok && (cx.last_obj.is_some() || cx.trig_obj);
        let a = if !ok {
            None
        } else if p.eat("power") {
            Some(Amount::PowerOf(it))
        } else if p.eat("toughness") {
            Some(Amount::ToughnessOf(it))
        } else if p.eat_all("converted mana cost") {
            Some(Amount::ConvertedManaCostOf(it))
        } else {
            None
        };
        if a.is_some() {
            return a;
        }
        p.i = i;
    }
    if p.eat_all("its converted mana cost") {
        return Some(Amount::ConvertedManaCostOf(cx.it()));
    }
    // "the total power of the sacrificed creatures" (Soulblast): the
    // creatures the spell's "sacrifice all creatures" cost sacrificed.
    if cx.additional_cost.as_ref().is_some_and(|c| {
        c.sacrifice_all.as_ref().is_some_and(|f| {
            *f == ObjectFilter {
                controller: ControllerFilter::You,
                ..ObjectFilter::creature()
            }
        })
    }) && p.eat_all("the total power of the sacrificed creatures")
    {
        return Some(Amount::SacrificedPower);
    }
    if p.eat_all("its power") {
        return Some(Amount::PowerOf(cx.it()));
    }
    if p.eat_all("its toughness") {
        return Some(Amount::ToughnessOf(cx.it()));
    }
    // "the number of creature cards in your graveyard / in all graveyards".
    if p.at_all("the number of") && !p.at_all("the number of cards") {
        let i = p.i;
        p.eat_all("the number of");
        if let Some(f) = library::card_filter(p) {
            let who = if p.eat_all("in your graveyard") {
                Some(PlayerRef::You)
            } else if p.eat_all("in all graveyards") {
                None
            } else {
                p.i = i;
                return equal_amount_rest(p, cx);
            };
            return Some(Amount::GraveyardCardsMatching { who, filter: f });
        }
        p.i = i;
    }
    equal_amount_rest(p, cx)
}

fn equal_amount_rest(p: &mut P, cx: &mut Cx) -> Option<Amount> {
    if p.eat_all("the number of cards in") {
        let who = if p.eat("your") {
            PlayerRef::You
        } else if p.eat_all("that player's") || (cx.trig_player && p.eat("their")) {
            that_player(cx)?
        } else {
            return None;
        };
        if p.eat("hand") {
            return Some(Amount::CardsInHand(who));
        }
        if p.eat("graveyard") {
            return Some(Amount::CardsInGraveyard(who));
        }
        return None;
    }
    // Domain.
    if p.eat_all("the number of basic land types among lands you control") {
        return Some(Amount::BasicLandTypes(PlayerRef::You));
    }
    if p.eat_all("your life total") {
        return Some(Amount::LifeTotal(PlayerRef::You));
    }
    if p.eat_all("the number of") {
        // "the number of verse counters on CARDNAME".
        if let Some(a) = attempt(p, cx, |p, cx| counters_on(p, cx, "counters")) {
            return Some(a);
        }
        let f = group(p)?;
        // "the number of Swamps they control": "they" is the player of the
        // trigger event (Karma).
        if p.at_all("they control") {
            cx.trig_player.then_some(())?;
            p.eat_all("they control");
            return Some(Amount::CountControlledBy(PlayerRef::Triggering, f));
        }
        p.eat_all("in play");
        return Some(Amount::CountOf(f));
    }
    None
}

/// "[kind] counter(s) on CARDNAME|it": how many counters of that kind are
/// on the object (last known information if it left play, 413.2f).
fn counters_on(p: &mut P, cx: &mut Cx, noun: &str) -> Option<Amount> {
    let kind = counter_kind(p.bump())?;
    p.eat(noun).then_some(())?;
    p.eat("on").then_some(())?;
    let what = if p.eat("cardname") {
        ObjectRef::This
    } else if p.eat("it") {
        cx.it()
    } else {
        return None;
    };
    Some(Amount::CountersOn(kind, what))
}

/// The recipient of damage.
fn recipient(p: &mut P, cx: &mut Cx) -> Option<Recipient> {
    if p.eat("each") {
        if let Some(f) = attempt(p, cx, |p, _| {
            let f = group(p)?;
            p.eat_all("and each player").then_some(f)
        }) {
            return Some(Recipient::EachCreatureAndPlayer(f));
        }
        if p.eat("player") {
            return Some(Recipient::Player(PlayerRef::EachPlayer));
        }
        if p.eat("opponent") {
            return Some(Recipient::Player(PlayerRef::EachOpponent));
        }
        let f = group(p)?;
        return Some(Recipient::Object(ObjectRef::Each(f)));
    }
    // "2 damage to another target, and 3 damage to a third target" (Cone
    // of Flame): a target of the same kind as the last, different from the
    // earlier ones.
    if (p.at_all("another target") || p.at_all("a third target"))
        && matches!(
            p.peek_at(if p.at("another") { 2 } else { 3 }),
            "," | "and" | "." | ""
        )
    {
        let kind = cx.targets.last()?.kind.clone();
        let _ = p.eat_all("another target") || p.eat_all("a third target");
        let i = cx.add_target(kind, false);
        cx.targets[i as usize].distinct = true;
        return Some(Recipient::Target(i));
    }
    if let Some((i, _)) = attempt(p, cx, target) {
        // Radiance.
        if p.eat_all("and each other creature that shares a color with it") {
            return Some(Recipient::TargetAndEachSharingColor(i));
        }
        return Some(Recipient::Target(i));
    }
    if let Some(r) = attempt(p, cx, player_phrase) {
        return Some(Recipient::Player(r));
    }
    let o = attempt(p, cx, object_phrase)?;
    Some(Recipient::Object(o))
}

/// "N damage to R[, and M damage to R']" after "deals".
fn damage(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let mut v = Vec::new();
    loop {
        if p.eat_all("damage to") {
            let to = recipient(p, cx)?;
            if !p.eat_all("equal to") {
                return None;
            }
            let amount = equal_amount(p, cx)?;
            v.push(Effect::DealDamage { amount, to });
        } else if p.eat_all("damage equal to") {
            // "deals damage equal to the sacrificed creature's power to …"
            let amount = equal_amount(p, cx)?;
            if !p.eat("to") {
                return None;
            }
            let to = recipient(p, cx)?;
            v.push(Effect::DealDamage { amount, to });
        } else {
            let amount = amount(p)?;
            // 409.1e: "N damage divided as you choose among any number of
            // target creatures" / "… among one, two, or three targets".
            if p.eat_all("damage divided as you choose among") {
                let (from, player) = target_n(p, cx, true)?;
                if player || !is_multi(&cx.targets[from as usize]) {
                    return None;
                }
                v.push(Effect::DealDamageDivided { amount, from });
                return Some(v);
            }
            if !p.eat_all("damage to") {
                return None;
            }
            // "CARDNAME deals 1 damage to it": "it" is never the source
            // itself (that would be "itself") but the triggering object
            // (Caltrops: "Whenever a creature attacks, …").
            let it_word = p.at("it");
            let mut to = recipient(p, cx)?;
            if it_word && to == Recipient::Object(ObjectRef::This) {
                if !cx.trig_obj {
                    return None;
                }
                to = Recipient::Object(ObjectRef::Triggering);
            }
            v.push(Effect::DealDamage { amount, to });
        }
        // "and 3 damage to you", ", 2 damage to another target"
        let i = p.i;
        let comma = p.eat(",");
        if (p.eat("and") || comma)
            && (number_word(p.peek()).is_some() || p.at("x"))
            && p.peek_at(1) == "damage"
        {
            continue;
        }
        p.i = i;
        return Some(v);
    }
}

/// "a 3/3 green Ape creature with trample" / "2/2 creatures" / "an X/X
/// Construct artifact creature": what an animated permanent becomes. Types
/// and subtypes are added (the card's "It's still a land" or "in addition
/// to its other types"), colours set, keywords gained, P/T set (6b).
fn animation(p: &mut P) -> Option<LayerEffect> {
    let mut e = LayerEffect::default();
    p.eat_any(&["a", "an"]);
    // Svogthos: "becomes a black and green Plant Zombie creature with
    // \"This creature's power and toughness are each equal to …\"": no
    // P/T of its own; the ability in quotes must then set them.
    let no_pt = p.peek() != "x/x" && pt_set(p.peek()).is_none();
    if !no_pt {
        e.set_pt = Some(if p.peek() == "x/x" {
            crate::SetPt::X
        } else {
            let (power, toughness) = pt_set(p.peek())?;
            crate::SetPt::Fixed { power, toughness }
        });
        p.bump();
    }
    let mut colors = ColorSet::EMPTY;
    while let Some(c) = Color::from_name(p.peek()) {
        p.bump();
        colors.insert(c);
        p.eat("and");
    }
    if !colors.is_empty() {
        e.set_colors = Some(colors);
    }
    while let Some(st) = subtype_word(p.raw()) {
        p.bump();
        e.add_subtypes.insert(Subtype::intern(st));
    }
    if p.eat("artifact") {
        e.add_types.insert(CardType::Artifact);
    }
    p.eat_any(&["creature", "creatures"])?;
    e.add_types.insert(CardType::Creature);
    // Animate Land: "becomes a 3/3 creature that's still a land" (types
    // are added, layer 4).
    p.eat_all("that's still a land");
    if p.eat("with") {
        // Spawning Pool: "… creature with \"{B}: Regenerate this creature\"".
        if p.at("\"") {
            e.grant = Some(p.quoted_ability()?);
        } else {
            e.add_keywords = keyword_list(p)?;
        }
    }
    // 418.5b (its Svogthos example): without a P/T of its own, the
    // animation must grant a characteristic-setting ability in quotes.
    if no_pt {
        let g = e.grant? as usize;
        let a = p.granted.get(g.checked_sub(p.grant_base)?)?;
        if !matches!(
            a,
            Ability::Static(StaticAbility::PowerToughnessFromCards { .. })
        ) {
            return None;
        }
    }
    p.eat_all("in addition to its other types");
    Some(e)
}

/// A continuous effect on an object until end of turn (418.3): any of
/// "gets +P/+T", "gains K", "loses all abilities", "has base power and
/// toughness N/M", joined by "and", then "until end of turn" (or after a
/// leading "Until end of turn,").
fn pump(p: &mut P, what: ObjectRef, eot_prefix: bool) -> Option<Effect> {
    let mut e = LayerEffect::default();
    let mut any = false;
    let mut chosen_color = false;
    loop {
        if p.eat_any(&["get", "gets"]).is_some() {
            (e.power, e.toughness) = pt_mod(p.peek())?;
            p.bump();
        } else if p.eat_any(&["gain", "gains"]).is_some() {
            e.add_keywords = e.add_keywords.union(keyword_list(p)?);
        } else if p.at_any_of(&["lose", "loses"]) && p.peek_at(1) == "all" {
            p.bump();
            p.eat_all("all abilities").then_some(())?;
            e.lose_all_abilities = true;
        } else if p.eat_any(&["lose", "loses"]).is_some() {
            // 418.5a layer 5: "loses flying".
            e.remove_keywords = e.remove_keywords.union(keyword_list(p)?);
        } else if p.at_any_of(&["become", "becomes"])
            && color_adjective(p.peek_at(1)).is_some_and(|(_, neg)| !neg)
        {
            // Layer 5: "becomes white".
            p.bump();
            let (c, _) = color_adjective(p.bump())?;
            e.set_colors = Some(ColorSet::single(c));
        } else if p.at_any_of(&["become", "becomes"]) && p.peek_at(1) == "the" {
            p.bump();
            p.eat_all("the color of your choice").then_some(())?;
            chosen_color = true;
        } else if p.at_any_of(&["has", "have"]) && p.peek_at(1) == "base" {
            p.bump();
            p.eat_all("base power and toughness").then_some(())?;
            let (power, toughness) = pt_set(p.peek())?;
            p.bump();
            e.set_pt = Some(crate::SetPt::Fixed { power, toughness });
        } else {
            break;
        }
        any = true;
        let i = p.i;
        p.eat(",");
        if p.eat("and") {
            continue;
        }
        p.i = i;
        break;
    }
    if !any {
        return None;
    }
    // 418.3d: "for as long as CARDNAME remains tapped".
    let duration = if !eot_prefix
        && (p.eat_all("as long as cardname remains tapped")
            || p.eat_all("for as long as cardname remains tapped"))
    {
        Duration::WhileSourceTapped
    } else if eot_prefix || p.eat_all("until end of turn") {
        Duration::EndOfTurn
    } else if p.at(".") && e.power == 0 && e.toughness == 0 && e.set_pt.is_none() {
        // "{0}: Mist Dragon gains flying." (reminder: "This effect lasts
        // indefinitely."): an effect with no stated duration lasts as long
        // as its object stays in play (418.3b).
        Duration::Permanent
    } else {
        return None;
    };
    Some(if chosen_color {
        Effect::ContinuousChosenColor {
            what,
            effect: e,
            duration,
        }
    } else {
        Effect::Continuous {
            what,
            effect: e,
            duration,
        }
    })
}

/// Verbs whose subject is a player.
fn player_verb(p: &mut P, cx: &mut Cx, who: PlayerRef) -> Option<Vec<Effect>> {
    let w = p.bump();
    // "… and you decide whether to flip again" (Game of Chaos).
    if matches!(w, "decide" | "decides") {
        p.eat_all("whether to flip again").then_some(())?;
        return Some(vec![Effect::OfferFlipAgain { who }]);
    }
    let e = match w {
        // "[Player] loses the game." (Phage the Untouchable)
        "lose" | "loses" if p.at_all("the game") => {
            p.eat_all("the game");
            Effect::LoseGame { who }
        }
        // Layer 2: "target opponent gains control of it".
        "gain" | "gains" if who != PlayerRef::You && p.at_all("control of") => {
            p.eat_all("control of");
            let what = object_phrase(p, cx)?;
            let duration = if p.eat_all("until end of turn") {
                Duration::EndOfTurn
            } else {
                Duration::Permanent
            };
            Effect::GiveControl {
                who,
                what,
                duration,
            }
        }
        "gain" | "gains" => Effect::GainLife {
            who,
            amount: life_amount(p, cx)?,
        },
        "lose" | "loses" => Effect::LoseLife {
            who,
            amount: life_amount(p, cx)?,
        },
        "draw" | "draws" => {
            let amount = amount(p)?;
            // "draws an additional card" (Howling Mine).
            p.eat("additional");
            p.eat_any(&["card", "cards"])?;
            let amount = for_each(p, cx, amount)?;
            Effect::DrawCards { who, amount }
        }
        "discard" | "discards" if p.at_all("their hand") || p.at_all("your hand") => {
            p.bump();
            p.bump();
            Effect::DiscardHand { who }
        }
        "discard" | "discards" => {
            let amount = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            let random = p.eat_all("at random");
            Effect::Discard {
                who,
                amount,
                random,
            }
        }
        "return" | "returns" if matches!(p.peek(), "a" | "an") => {
            // "that player returns a creature they control to its owner's
            // hand" (Sunken Hope): the player chooses on resolution.
            p.bump();
            let mut filter = group(p)?;
            if p.eat_all("they control") {
                filter.controller = crate::ControllerFilter::You;
            }
            p.eat_all("to its owner's hand").then_some(())?;
            Effect::ReturnChosen { who, filter }
        }
        "add" | "adds" => {
            // "its controller adds an additional {G}{G}" (Overgrowth).
            let _ = p.eat_all("an additional") || p.eat("additional");
            // 406.1b: "… one mana of any type that land produced for each
            // other land you control with the same name as it" (Sasaya's
            // Essence), in a "tapped for mana" triggered mana ability.
            if cx.trig_obj && p.eat_all("one mana of any type that land produced") {
                p.eat_all("for each other").then_some(())?;
                let filter = group(p)?;
                p.eat_all("with the same name as it").then_some(())?;
                if who != PlayerRef::You {
                    return None;
                }
                return Some(vec![Effect::AddManaProduced {
                    amount: Amount::OthersWithSameName {
                        what: ObjectRef::Triggering,
                        filter,
                    },
                }]);
            }
            let Some(ManaProduce::Fixed(mana)) = produce(p) else {
                return None;
            };
            Effect::AddMana { who, mana }
        }
        "sacrifice" | "sacrifices" => {
            if p.eat("cardname") || (p.at("it") && cx.it() == ObjectRef::This && p.eat("it")) {
                if who != PlayerRef::You {
                    return None;
                }
                Effect::Sacrifice {
                    who,
                    filter: ObjectFilter::this(),
                }
            } else {
                p.eat_any(&["a", "an"])?;
                let f = group(p)?;
                Effect::Sacrifice { who, filter: f }
            }
        }
        _ => return None,
    };
    Some(vec![e])
}

/// Verbs whose subject is an object.
fn object_verb(p: &mut P, cx: &mut Cx, what: ObjectRef) -> Option<Vec<Effect>> {
    // "get +X/-X until end of turn" (413.2f: X fixed as it resolves).
    if p.at_any_of(&["get", "gets"]) {
        if let Some((power, toughness)) = pt_mod_x(p.peek_at(1)) {
            p.bump();
            p.bump();
            return (cx.until_eot || p.eat_all("until end of turn")).then(|| {
                vec![Effect::PumpX {
                    what,
                    power,
                    toughness,
                    x: Amount::X,
                }]
            });
        }
    }
    if p.eat_any(&["deal", "deals"]).is_some() {
        // The source of the damage is always the spell or the ability's source.
        if what != ObjectRef::This {
            return None;
        }
        return damage(p, cx);
    }
    if p.eat_all("can't block this turn") {
        return Some(vec![Effect::CantBlockThisTurn { what }]);
    }
    // 502.15: "target creature phases out until CARDNAME leaves play" (Oubliette).
    if p.eat_all("phases out until cardname leaves play") {
        return Some(vec![Effect::PhaseOutUntilSourceLeaves { what, tap: false }]);
    }
    // 502.15: "[It] phases out."
    if p.eat_all("phases out") || p.eat_all("phase out") {
        return Some(vec![Effect::PhaseOut { what }]);
    }
    // 503.4: "CARDNAME becomes a copy of that card, except it has this
    // ability." (Dimir Doppelganger; 503.9). "you may have CARDNAME become
    // a copy of target creature, …" (Vesuvan Doppelganger's ability in
    // quotes) is the same effect under the trigger's "you may".
    if what == ObjectRef::This && (p.eat_all("becomes a copy of") || p.eat_all("become a copy of"))
    {
        // "that card": the card the ability targets.
        let copied = if p.eat_all("that card") {
            ObjectRef::Target((cx.targets.len() as u8).checked_sub(1)?)
        } else {
            object_phrase(p, cx)?
        };
        return copy_exceptions(p, copied);
    }
    if p.eat_all("can't be blocked this turn") {
        return Some(vec![Effect::CantBeBlockedThisTurn { what }]);
    }
    if p.eat_all("can't block cardname this turn") {
        return Some(vec![Effect::CantBlockThisThisTurn { what }]);
    }
    // "… becomes a 3/3 green Ape creature with trample until end of turn"
    // (layers 4, 5, 6b).
    if p.at_any_of(&["become", "becomes"])
        && p.peek_at(1) != "the"
        && color_adjective(p.peek_at(1)).is_none()
    {
        p.bump();
        let effect = animation(p)?;
        (cx.until_eot || p.eat_all("until end of turn")).then_some(())?;
        return Some(vec![Effect::Continuous {
            what,
            effect,
            duration: Duration::EndOfTurn,
        }]);
    }
    // 501.3: "Each blocking creature is sacrificed by its controller."
    if matches!(what, ObjectRef::Each(_)) && p.eat_all("is sacrificed by its controller") {
        return Some(vec![Effect::SacrificeThese { what }]);
    }
    let e = pump(p, what, cx.until_eot)?;
    // An effect lasting indefinitely applies to a permanent; one on a
    // spell (Vodalian Mystic) would need effects on objects on the stack.
    if let Effect::Continuous {
        what: ObjectRef::Target(i),
        duration: Duration::Permanent,
        ..
    }
    | Effect::ContinuousChosenColor {
        what: ObjectRef::Target(i),
        duration: Duration::Permanent,
        ..
    } = &e
    {
        if matches!(
            cx.targets.get(*i as usize).map(|t| &t.kind),
            Some(TargetKind::Spell(_))
        ) {
            return None;
        }
    }
    // "it gets +1/+1 until end of turn for each creature blocking it"
    // (Elvish Berserker); "… for each artifact you control" (Hunger of the
    // Nim): counted as it resolves (413.2f).
    if p.at_all("for each") {
        let Effect::Continuous { what, effect, .. } = e else {
            return None;
        };
        let only_pt = LayerEffect {
            power: effect.power,
            toughness: effect.toughness,
            ..Default::default()
        };
        if effect != only_pt {
            return None;
        }
        let count = if p.eat_all("for each creature blocking it") {
            Amount::CreaturesBlocking(what.clone())
        } else {
            for_each(p, cx, Amount::Fixed(1))?
        };
        return Some(vec![Effect::PumpPerCount {
            what,
            power: effect.power,
            toughness: effect.toughness,
            count,
        }]);
    }
    Some(vec![e])
}

/// "N 2/2 green Bear creature token(s) [with flying]".
fn token(p: &mut P) -> Option<(Amount, TokenSpec)> {
    let amount = amount(p)?;
    // "an X/X green Elemental creature token, where X is …" (Dokai): the
    // amount is defined by the sentence's "where X is" clause (`define_x`).
    let (power, toughness, pt_x) = if p.peek() == "x/x" {
        (0, 0, Some(Box::new(Amount::X)))
    } else {
        let (a, b) = p.peek().split_once('/')?;
        (a.parse().ok()?, b.parse().ok()?, None)
    };
    p.bump();
    let mut colors = ColorSet::EMPTY;
    loop {
        if let Some(c) = Color::from_name(p.peek()) {
            p.bump();
            colors.insert(c);
        } else if p.eat("colorless") || p.eat("and") {
        } else {
            break;
        }
    }
    let mut subtypes = Vec::new();
    let mut names = Vec::new();
    // Any capitalised word before "creature" is a creature type of the token.
    while p.raw().chars().next().is_some_and(char::is_uppercase) && p.raw() != SELF {
        let st = subtype_word(p.raw()).map_or_else(|| p.raw().to_string(), str::to_string);
        p.bump();
        subtypes.push(Subtype::intern(&st));
        names.push(st);
    }
    let mut types = TypeSet::EMPTY;
    if p.eat("artifact") {
        types.insert(CardType::Artifact);
    }
    if !p.eat("creature") || p.eat_any(&["token", "tokens"]).is_none() || subtypes.is_empty() {
        return None;
    }
    types.insert(CardType::Creature);
    let mut keywords = KeywordSet::EMPTY;
    if p.eat("with") {
        keywords = keyword_list(p)?;
    }
    let mut name = names.join(" ");
    if p.eat("named") {
        name = p.raw().to_string();
        p.bump();
    }
    Some((
        amount,
        TokenSpec {
            name,
            colors,
            types,
            subtypes,
            power,
            toughness,
            keywords,
            pt_x,
        },
    ))
}

/// Imperative verbs (the controller does it).
fn imperative(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let w = p.peek();
    let e = match w {
        // 502.15: "Simultaneously, all phased-out creatures phase in and all
        // creatures with phasing phase out." (Time and Tide)
        "simultaneously" => {
            p.bump();
            p.eat(",");
            p.eat_all("all phased-out").then_some(())?;
            let (phase_in, n1) = filter(p)?;
            p.eat_all("phase in and all").then_some(())?;
            let (phase_out, n2) = filter(p)?;
            p.eat_all("phase out").then_some(())?;
            (n1 == Noun::Permanent && n2 == Noun::Permanent).then_some(())?;
            Effect::PhaseInAndOut {
                phase_in,
                phase_out,
            }
        }
        // "Attach target Aura attached to a creature to another creature."
        // (Autumn-Tail, Kitsune Sage): the new permanent is chosen on
        // resolution among those the Aura could enchant (212.4).
        "attach" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            p.eat_all("to another").then_some(())?;
            // "Attach it to another permanent it can enchant" (Aura Graft):
            // any permanent the Aura could enchant (212.4).
            if p.eat_all("permanent it can enchant") {
                return Some(vec![Effect::MoveAura {
                    what,
                    to: ObjectFilter::any(),
                }]);
            }
            let (to, noun) = filter(p)?;
            (noun == Noun::Permanent && !to.types_any.is_empty()).then_some(())?;
            Effect::MoveAura { what, to }
        }
        "destroy" => {
            p.bump();
            let mut v = vec![Effect::Destroy {
                what: object_phrase(p, cx)?,
                no_regen: false,
            }];
            // "destroy that creature and CARDNAME" (Loyal Sentry).
            if p.at("and") {
                let i = p.i;
                p.bump();
                match attempt(p, cx, object_phrase) {
                    Some(what) if p.at(".") || p.at_end() => v.push(Effect::Destroy {
                        what,
                        no_regen: false,
                    }),
                    _ => p.i = i,
                }
            }
            return Some(v);
        }
        // 501.8a: "scry N".
        "scry" => {
            p.bump();
            Effect::LookAtTop {
                amount: amount(p)?,
                to_hand: None,
                may: false,
                on_top: None,
                to_hand_count: 0,
                rest_to_graveyard: false,
                scry: true,
            }
        }
        "counter" => {
            p.bump();
            let start = p.i;
            let what = object_phrase(p, cx)?;
            // Only spells can be countered: a target spell, or the spell
            // that triggered the ability ("that spell").
            if !(matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Spell(_),
                    ..
                })
            ) || what == ObjectRef::Triggering)
                || p.i == start
            {
                return None;
            }
            // "unless its controller pays {1}" (Spiketail Hatchling).
            if p.eat_all("unless its controller pays") {
                let symbol = p.peek().strip_prefix('{').and_then(|s| s.strip_suffix('}'))?;
                let generic = if symbol == "x" || symbol == "X" {
                    Amount::X
                } else {
                    Amount::Fixed(symbol.parse::<i32>().ok()?)
                };
                p.bump();
                // "{1} for each card in your hand" (Oppressive Will).
                let generic = for_each(p, cx, generic)?;
                return Some(vec![Effect::CounterUnlessPays {
                    what,
                    generic,
                    to: CounteredTo::Graveyard,
                }]);
            }
            Effect::Counter {
                what,
                to: CounteredTo::Graveyard,
            }
        }
        // 508: "flip CARDNAME" / "flip it": only the flip permanent itself flips.
        "flip" if matches!(p.peek_at(1), "cardname" | "it") => {
            p.bump();
            p.bump();
            Effect::Flip {
                what: ObjectRef::This,
            }
        }
        "return" if matches!(p.peek_at(1), "a" | "an") => {
            // "return a green creature you control to its owner's hand":
            // chosen on resolution.
            p.bump();
            p.bump();
            let filter = group(p)?;
            p.eat_all("to its owner's hand").then_some(())?;
            Effect::ReturnChosen {
                who: PlayerRef::You,
                filter,
            }
        }
        // 419.6c: "All combat damage that would be dealt to you by
        // unblocked creatures this turn is dealt to CARDNAME instead."
        "all" if p.at_all("all combat damage that would be dealt to you by unblocked creatures this turn is dealt to cardname instead") => {
            p.eat_all("all combat damage that would be dealt to you by unblocked creatures this turn is dealt to cardname instead");
            Effect::RedirectUnblockedDamageToThis
        }
        // 415.7: "Change the target of target spell with a single target."
        "change" if p.at_all("change the target of") => {
            p.eat_all("change the target of");
            let what = object_phrase(p, cx)?;
            if !matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Spell(ObjectFilter {
                        single_target: true,
                        ..
                    }),
                    ..
                })
            ) {
                return None;
            }
            Effect::ChangeTarget { what }
        }
        // 503.10: "Copy target instant or sorcery spell[, except that the
        // copy is red]."
        "copy" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if !matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Spell(_),
                    ..
                })
            ) {
                return None;
            }
            let mut color = None;
            if p.eat_all(", except that the copy is") {
                let (c, false) = color_adjective(p.peek())? else {
                    return None;
                };
                p.bump();
                color = Some(c);
            }
            Effect::CopySpell {
                what,
                new_targets: false,
                color,
            }
        }
        "return" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            let from_gy = matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::CardInGraveyard {
                        whose: PlayerFilter::You,
                        ..
                    },
                    ..
                })
            );
            // "When CARDNAME is put into a graveyard from play, return it
            // to play flipped." (Homura, Human Ascendant; 510.3): the card
            // the permanent became in the graveyard.
            if what == ObjectRef::This && p.eat_all("to play flipped")
            {
                return Some(vec![Effect::PutIntoPlay {
                    what,
                    flipped: true,
                }]);
            }
            if !(p.eat_all("to its owner's hand")
                || p.eat_all("to their owners' hands")
                || p.eat_all("to their owner's hand")
                || (from_gy && p.eat_all("to your hand")))
            {
                return None;
            }
            Effect::ReturnToHand { what }
        }
        "exile" => {
            p.bump();
            Effect::RemoveFromGame {
                what: object_phrase(p, cx)?,
            }
        }
        "remove" if counter_kind(p.peek_at(2)).is_some() => {
            // "Remove a fuse counter from CARDNAME." (Goblin Bomb)
            p.bump();
            let amount = amount(p)?;
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("from").then_some(())?;
            Effect::RemoveCounters {
                what: object_phrase(p, cx)?,
                kind,
                amount,
            }
        }
        "remove" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if p.eat_all("from combat") {
                Effect::RemoveFromCombat { what }
            } else {
                p.eat_all("from the game").then_some(())?;
                Effect::RemoveFromGame { what }
            }
        }
        // 502.26e: "turn target creature with a morph ability face down".
        "turn" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            if p.eat_all("face up") {
                Effect::TurnFaceUp { what }
            } else {
                p.eat_all("face down").then_some(())?;
                Effect::TurnFaceDown { what }
            }
        }
        "tap" | "untap" | "regenerate" => {
            p.bump();
            let what = object_phrase(p, cx)?;
            match w {
                "tap" => Effect::Tap { what },
                "untap" => Effect::Untap { what },
                _ => Effect::Regenerate { what },
            }
        }
        // "[you may] have CARDNAME deal 3 damage to target creature".
        "have" if p.peek_at(1) == "cardname" => {
            p.bump();
            p.bump();
            // "… have CARDNAME become a copy of target creature" (Vesuvan
            // Doppelganger's ability in quotes, 503.4).
            if !matches!(p.peek(), "deal" | "deals") && !p.at_all("become a copy of") {
                return None;
            }
            return object_verb(p, cx, ObjectRef::This);
        }
        // 300.7: Relentless Assault.
        "after"
            if p.at_all(
                "after this main phase , there is an additional combat phase followed by an additional main phase",
            ) =>
        {
            p.eat_all(
                "after this main phase , there is an additional combat phase followed by an additional main phase",
            );
            Effect::AdditionalCombatPhase
        }
        "take" if p.at_all("take an extra turn after this one") => {
            p.eat_all("take an extra turn after this one");
            Effect::ExtraTurn {
                who: PlayerRef::You,
            }
        }
        // 419.8a: "The next time a red source of your choice would deal
        // damage to you this turn, prevent that damage." (the Circles of
        // Protection), "… a source of your choice of the chosen color …"
        // (Story Circle).
        "the" if p.at_all("the next time") => {
            p.eat_all("the next time");
            p.eat_any(&["a", "an"])?;
            let mut sources = ObjectFilter::default();
            while let Some((c, false)) = color_adjective(p.peek()) {
                p.bump();
                sources.colors_any.insert(c);
                if !p.eat("or") {
                    break;
                }
            }
            if let Some(t) = ["artifact", "creature", "land"]
                .into_iter()
                .find(|w| p.at(w))
                .and_then(type_noun)
            {
                p.bump();
                sources.types_any.insert(t);
            }
            p.eat_all("source of your choice").then_some(())?;
            if p.eat_all("of the chosen color") {
                (sources.colors_any.is_empty()).then_some(())?;
                sources.chosen_color = true;
            }
            p.eat_all("would deal damage").then_some(())?;
            let to = if p.eat("to") {
                let r = recipient(p, cx)?;
                // (Not "enchanted creature": Kithkin Armor is sacrificed
                // as the cost, and what it enchanted would need its last
                // known information.)
                matches!(r, Recipient::Player(PlayerRef::You) | Recipient::Target(_))
                    .then_some(())?;
                Some(r)
            } else {
                // "… would deal damage this turn" (Pilgrim of Justice):
                // "that damage" is all the source deals at once, to
                // several recipients perhaps; the shield is used up by
                // one damage event, so this is left unsupported.
                return None;
            };
            p.eat_all("this turn , prevent that damage").then_some(())?;
            Effect::PreventDamageFromChosenSource {
                sources,
                to,
                next_only: true,
            }
        }
        "prevent" => {
            p.bump();
            if p.eat_all("all combat damage that would be dealt this turn") {
                Effect::PreventAllCombatDamage
            } else if p.eat_all("all damage a source of your choice would deal this turn") {
                // 419.8a (Pay No Heed): the source is chosen on resolution.
                Effect::PreventDamageFromChosenSource {
                    sources: ObjectFilter::default(),
                    to: None,
                    next_only: false,
                }
            } else if p.eat_all("all damage that would be dealt to") {
                // 419.1d: "Prevent all damage that would be dealt to target
                // creature this turn." (Kaiso, Memory of Loyalty)
                let to = recipient(p, cx)?;
                p.eat_all("this turn").then_some(())?;
                if !matches!(to, Recipient::Target(_)) {
                    return None;
                }
                Effect::PreventAllDamageThisTurn { to }
            } else if p.eat_all("all damage that") {
                // "black sources and red sources", "creatures".
                let mut sources = ObjectFilter::default();
                loop {
                    if let Some((c, false)) = color_adjective(p.peek()) {
                        p.bump();
                        sources.colors_any.insert(c);
                    }
                    if p.eat_any(&["creatures", "creature"]).is_some() {
                        sources.types_any.insert(CardType::Creature);
                    } else {
                        p.eat_any(&["sources", "source"])?;
                    }
                    if !p.eat("and") {
                        break;
                    }
                }
                p.eat_all("would deal").then_some(())?;
                let to_players_only = p.eat_all("to players");
                p.eat_all("this turn").then_some(())?;
                Effect::PreventDamageBySources {
                    sources,
                    to_players_only,
                }
            } else {
                p.eat_all("the next").then_some(())?;
                let amount = amount(p)?;
                // 409.1e: "… dealt this turn to any number of targets,
                // divided as you choose" (Remedy).
                if p.eat_all("damage that would be dealt this turn to") {
                    let (from, player) = target_n(p, cx, true)?;
                    if player || !is_multi(&cx.targets[from as usize]) {
                        return None;
                    }
                    p.eat_all(", divided as you choose").then_some(())?;
                    return Some(vec![Effect::PreventDamageDivided { amount, from }]);
                }
                p.eat_all("damage that would be dealt to").then_some(())?;
                let to = recipient(p, cx)?;
                p.eat_all("this turn").then_some(())?;
                if !matches!(
                    to,
                    Recipient::Target(_) | Recipient::TargetAndEachSharingColor(_)
                ) {
                    return None;
                }
                Effect::PreventNextDamage { to, amount }
            }
        }
        // 409.1e: "Distribute two +1/+1 counters among one or two target
        // creatures."
        "distribute" => {
            p.bump();
            let amount = amount(p)?;
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("among").then_some(())?;
            let (from, player) = target_n(p, cx, true)?;
            if player || !is_multi(&cx.targets[from as usize]) {
                return None;
            }
            Effect::PutCountersDivided { kind, amount, from }
        }
        "put" => {
            p.bump();
            let amount = amount(p)?;
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat("on").then_some(())?;
            let what = object_phrase(p, cx)?;
            // 511.1 (Crazed Firecat): "… for each flip you won".
            let amount = if p.eat_all("for each flip you won") || p.eat_all("for each flip you win")
            {
                (amount == Amount::Fixed(1)).then_some(Amount::FlipsWon)?
            } else {
                amount
            };
            Effect::PutCounters { what, kind, amount }
        }
        // 418.5i: "Switch [object]'s power and toughness until end of turn."
        "switch" => {
            p.bump();
            let what = if p.eat("cardname's") {
                ObjectRef::This
            } else {
                p.eat("target").then_some(())?;
                let noun = p.bump().strip_suffix("'s")?.to_string();
                let kind = match noun.as_str() {
                    "creature" => TargetKind::Permanent(ObjectFilter::creature()),
                    _ => return None,
                };
                let i = cx.add_target(kind, false);
                ObjectRef::Target(i)
            };
            p.eat_all("power and toughness until end of turn")
                .then_some(())?;
            Effect::Continuous {
                what,
                effect: LayerEffect {
                    switch_pt: true,
                    ..Default::default()
                },
                duration: Duration::EndOfTurn,
            }
        }
        // 418.6: "Change the text of target permanent by replacing all
        // instances of one color word with another [or one basic land
        // type with another]." (Mind Bend, Magical Hack)
        "change" if p.at_all("change the text of") => {
            p.eat_all("change the text of");
            let what = object_phrase(p, cx)?;
            if !matches!(
                cx.targets.last(),
                Some(TargetSpec {
                    kind: TargetKind::Permanent(_),
                    ..
                })
            ) {
                return None;
            }
            p.eat_all("by replacing all instances of").then_some(())?;
            let colors = p.eat_all("one color word with another");
            let _ = p.eat("or");
            let land_types = p.eat_all("one basic land type with another");
            if !colors && !land_types {
                return None;
            }
            Effect::ChangeText {
                what,
                colors,
                land_types,
                duration: Duration::Permanent,
            }
        }
        // Layer 2: "gain control of [object] [until end of turn]".
        "gain" if p.at_all("gain control of") => {
            p.eat_all("gain control of");
            let what = object_phrase(p, cx)?;
            let duration = if p.eat_all("until end of turn") {
                Duration::EndOfTurn
            } else if p.eat_all("for as long as that creature is enchanted") {
                // Rootwater Matriarch (418.3d-style duration).
                Duration::WhileEnchanted
            } else {
                Duration::Permanent
            };
            Effect::Continuous {
                what,
                effect: LayerEffect {
                    gain_control: true,
                    ..Default::default()
                },
                duration,
            }
        }
        "create" => {
            p.bump();
            let (amount, token) = token(p)?;
            Effect::CreateTokens {
                who: PlayerRef::You,
                amount,
                token,
            }
        }
        _ => return player_verb(p, cx, PlayerRef::You),
    };
    Some(vec![e])
}

/// A kind of counter by its name ("+1/+1", "fuse").
fn counter_kind(w: &str) -> Option<CounterKind> {
    CounterKind::from_name(w)
}

/// One clause: "[subject] verb …" or an imperative, perhaps after
/// "Until end of turn,".
fn clause(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let start = p.i;
    if p.eat_all("until end of turn") && p.eat(",") {
        cx.until_eot = true;
        let v = clause_body(p, cx);
        cx.until_eot = false;
        if v.is_none() {
            p.i = start;
        }
        return v;
    }
    p.i = start;
    clause_body(p, cx)
}

fn clause_body(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    if let Some(v) = attempt(p, cx, imperative) {
        return Some(v);
    }
    // 502.15: "CARDNAME and that creature phase out" (Dream Fighter).
    if cx.trig_obj && p.eat_all("cardname and that creature phase out") {
        return Some(vec![
            Effect::PhaseOut {
                what: ObjectRef::This,
            },
            Effect::PhaseOut {
                what: ObjectRef::Triggering,
            },
        ]);
    }
    attempt(p, cx, |p, cx| match subject(p, cx)? {
        Subj::Player(who) => player_verb(p, cx, who),
        Subj::Obj(what) => object_verb(p, cx, what),
    })
}

/// A condition of an "If …, …" instruction, up to its comma.
fn condition(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    use crate::Condition;
    // Hellbent: "you have no cards in hand".
    if p.eat_all("you have no cards in hand") {
        return Some(Condition::NoCardsInHand {
            who: PlayerRef::You,
        });
    }
    // "you have nine or more cards in hand"
    if p.eat_all("you have") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("or more").then_some(())?;
        // "you have seven or more land cards in your hand" (Sasaya).
        if let Some(t) = type_noun(p.peek()) {
            p.bump();
            p.eat_all("cards in your hand").then_some(())?;
            return Some(Condition::CardsInHandMatching {
                who: PlayerRef::You,
                filter: Box::new(crate::ObjectFilter::of_type(t)),
                at_least: n as u32,
            });
        }
        p.eat_all("cards in hand").then_some(())?;
        return Some(Condition::CardsInHand {
            who: PlayerRef::You,
            at_least: n as u32,
        });
    }
    // "you control ten or more lands"
    if p.eat_all("you control") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("or more").then_some(())?;
        let (mut filter, noun) = filter(p)?;
        if noun != Noun::Permanent {
            return None;
        }
        filter.controller = ControllerFilter::You;
        return Some(Condition::ControlsAtLeast {
            filter,
            at_least: n as u32,
        });
    }
    // "no cards are in that graveyard" (Nezumi Graverobber): the graveyard
    // of the owner of the card the ability targeted.
    if p.eat_all("no cards are in that graveyard") {
        let Some(ObjectRef::Target(i)) = cx.last_obj else {
            return None;
        };
        return Some(Condition::NoCardsInGraveyard {
            who: PlayerRef::OwnerOf(ObjectRef::Target(i)),
        });
    }
    // "it's your turn"
    if p.eat_all("it's your turn") {
        return Some(Condition::YourTurn);
    }
    // Threshold: "seven or more cards are in your graveyard".
    if let Some(Amount::Fixed(n)) = attempt(p, cx, |p, _| amount(p)) {
        p.eat_all("or more cards are in your graveyard")
            .then_some(())?;
        return Some(Condition::YourGraveyardHas {
            filter: crate::ObjectFilter::any(),
            at_least: n as u32,
        });
    }
    // Hellbent: "you have no cards in hand"; "that player has no cards in hand".
    let who = player_phrase(p, cx)?;
    (p.eat_all("has no cards in hand") || p.eat_all("have no cards in hand")).then_some(())?;
    Some(Condition::NoCardsInHand { who })
}

/// 511.2: adds effects to the heads or tails branch of the "each player
/// flips a coin" effect just compiled.
fn flip_each_branch(cx: &mut Cx, heads: bool, effects: Vec<Effect>) {
    if let Some(Effect::FlipEach {
        on_heads, on_tails, ..
    }) = cx.effects.last_mut()
    {
        if heads {
            on_heads.extend(effects)
        } else {
            on_tails.extend(effects)
        }
    }
}

/// One sentence of instructions, appended to `cx.effects`.
/// "You may pay [cost]. If you do, [effects]. [If you don't, [effects].]"
/// and "You may sacrifice a creature. If you do, …": the cost is offered
/// as the ability resolves (`Effect::UnlessPays` with `if_paid`); the
/// player may pay it (all of it, with mana abilities first) or decline.
fn may_pay(p: &mut P, cx: &mut Cx) -> Option<()> {
    p.eat_all("you may").then_some(())?;
    let (cost, sacrifice_count) = if p.eat("pay") {
        (upkeep::pay_cost(p)?, 0)
    } else {
        upkeep::sacrifice_cost(p)?
    };
    p.eat(".").then_some(())?;
    let branch = |p: &mut P, cx: &mut Cx, lead: &str| -> Option<Vec<Effect>> {
        if !p.eat_all(lead) {
            return Some(Vec::new());
        }
        let start = cx.effects.len();
        sentence(p, cx)?;
        let v: Vec<Effect> = cx.effects.drain(start..).collect();
        // The branch runs inside the payment's resolution state: no effect
        // that keeps its own paid/declined state, nor a delayed ability.
        let plain = v.iter().all(|e| {
            !matches!(
                e,
                Effect::UnlessPays { .. }
                    | Effect::UnlessDiscard { .. }
                    | Effect::RemoveCounterElse { .. }
                    | Effect::CounterUnlessPays { .. }
                    | Effect::Recover { .. }
                    | Effect::AtNextEndStep { .. }
                    | Effect::AtNextUpkeep { .. }
                    | Effect::AtEndOfCombat { .. }
            )
        });
        (plain && !v.is_empty()).then_some(v)
    };
    let if_paid = branch(p, cx, "if you do ,")?;
    let effects = branch(p, cx, "if you don't ,")?;
    if if_paid.is_empty() && effects.is_empty() {
        return None;
    }
    cx.effects.push(Effect::UnlessPays {
        cost: Box::new(cost),
        per_counter: None,
        effects,
        sacrifice_count,
        if_paid,
    });
    Some(())
}

fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    // "You may pay {3}. If you do, untap target permanent."
    if p.at_all("you may pay") || p.at_all("you may sacrifice") {
        if let Some(()) = attempt(p, cx, may_pay) {
            return Some(());
        }
    }
    // "If that spell is countered this way, exile it instead of putting it
    // into its owner's graveyard." (Dissipate; Remand, Memory Lapse): a
    // replacement of where the countered card goes (419.6a).
    if p.at_all("if that spell is countered this way ,")
        || p.at_all("if the spell is countered this way ,")
    {
        let i = p.i;
        p.eat("if");
        p.bump();
        p.eat_all("spell is countered this way ,");
        let to = if p.eat_all("exile it instead of putting it into its owner's graveyard") {
            CounteredTo::RemovedFromGame
        } else if p.eat_all("put it into its owner's hand instead of into that player's graveyard")
        {
            CounteredTo::Hand
        } else if p
            .eat_all("put it on top of its owner's library instead of into that player's graveyard")
        {
            CounteredTo::LibraryTop
        } else {
            p.i = i;
            return None;
        };
        match cx.effects.last_mut() {
            Some(Effect::Counter { to: slot, .. } | Effect::CounterUnlessPays { to: slot, .. })
                if p.eat_end() =>
            {
                *slot = to;
                return Some(());
            }
            _ => {
                p.i = i;
                return None;
            }
        }
    }
    // "Name a [nonland] card." (Oracle "Choose a [nonland] card name.")
    if p.at_all("choose a card name") || p.at_all("choose a nonland card name") {
        let i = p.i;
        p.eat_all("choose a");
        let nonland = p.eat("nonland");
        p.eat_all("card name");
        if p.eat_end() {
            cx.effects.push(Effect::NameCard { nonland });
            return Some(());
        }
        p.i = i;
        return None;
    }
    // Searches, milling, looking at libraries and hands, graveyard to play.
    if attempt(p, cx, library::sentence).is_some() {
        return Some(());
    }
    // 502.21b: "If this spell was kicked, [instructions] [instead]."
    if p.at("if") {
        if let Some(()) = attempt(p, cx, if_kicked) {
            return Some(());
        }
    }
    // "If you have nine or more cards in hand, flip CARDNAME." / "Then if
    // that player has no cards in hand, flip CARDNAME.": checked as the
    // instruction is reached during resolution.
    if p.at_all("if") || p.at_all("then if") {
        let start = p.i;
        p.eat("then");
        p.eat("if");
        if let Some(condition) = attempt(p, cx, condition) {
            if p.eat(",") {
                // Only instructions that need no choice run inside the
                // condition (it is checked by the non-pausing executor).
                if let Some(effects) =
                    clauses(p, cx).filter(|v| v.iter().all(|e| matches!(e, Effect::Flip { .. })))
                {
                    if p.eat_end() {
                        cx.effects.push(Effect::IfCondition { condition, effects });
                        return Some(());
                    }
                }
            }
        }
        p.i = start;
    }
    // "For each creature card exiled this way, create a 2/2 black Zombie
    // creature token." (Midnight Ritual): after "Exile X target …", one
    // token per target still legal as the spell resolved (413.2a: those
    // are the cards removed).
    if p.at_all("for each") {
        let start = p.i;
        if let Some(Effect::RemoveFromGame {
            what: ObjectRef::Targets(i),
        }) = cx.effects.last()
        {
            let i = *i;
            p.eat_all("for each");
            let counted = match filter(p) {
                Some((f, Noun::Card)) => {
                    let spec = &cx.targets[i as usize];
                    matches!(&spec.kind, TargetKind::CardInGraveyard { filter, .. } if *filter == f)
                }
                _ => false,
            };
            if counted && p.eat_all("exiled this way , create") {
                if let Some((Amount::Fixed(1), token)) = token(p) {
                    if p.eat_end() {
                        cx.effects.push(Effect::CreateTokens {
                            who: PlayerRef::You,
                            amount: Amount::LegalTargets(i),
                            token,
                        });
                        return Some(());
                    }
                }
            }
        }
        p.i = start;
    }
    // Warp World: both sentences make one effect.
    if p.eat_all(
        "each player shuffles all permanents they own into their library , then reveals that many cards from the top of their library . each player puts all artifact , creature , and land cards revealed this way into play , then does the same for enchantment cards , then puts all cards revealed this way that weren't put into play on the bottom of their library",
    ) {
        cx.effects.push(Effect::ShufflePermanentsAndRedeal);
        return p.eat_end().then_some(());
    }
    // 404.4: "When that creature is put into a graveyard from play this
    // turn, flip CARDNAME." (Initiate of Blood): a delayed triggered
    // ability watching the object the sentence before refers to.
    if p.eat_all("when that creature is put into a graveyard from play this turn ,") {
        let what = match &cx.last_obj {
            Some(o) => o.clone(),
            None if cx.targets.len() == 1 => ObjectRef::Target(0),
            None => return None,
        };
        let start = cx.effects.len();
        sentence(p, cx)?;
        let effects = cx.effects.split_off(start);
        // Only instructions that need no choice (the delayed ability has
        // no targets of its own).
        if effects.is_empty() || !effects.iter().all(|e| matches!(e, Effect::Flip { .. })) {
            return None;
        }
        cx.effects.push(Effect::WhenDiesThisTurn { what, effects });
        return Some(());
    }
    // Oubliette: "Tap that creature as it phases in this way." after
    // "… phases out until CARDNAME leaves play".
    if p.eat_all("tap that creature as it phases in this way") {
        let Some(Effect::PhaseOutUntilSourceLeaves { tap, .. }) = cx.effects.last_mut() else {
            return None;
        };
        *tap = true;
        return p.eat_end().then_some(());
    }
    // Teferi's Realm: "that player chooses artifact, creature, land, or
    // non-Aura enchantment. All nontoken permanents of that type phase out."
    if let Some(who) = attempt(p, cx, |p, cx| {
        let who = player_phrase(p, cx)?;
        p.eat("chooses").then_some(who)
    }) {
        let mut options = Vec::new();
        loop {
            p.eat(",");
            p.eat("or");
            if p.eat("non-aura") {
                p.eat("enchantment").then_some(())?;
                let mut f = ObjectFilter::of_type(CardType::Enchantment);
                f.subtypes_none.push(crate::Subtype::lookup("Aura")?);
                options.push(f);
            } else if let Some(t) = type_noun(p.peek()) {
                p.bump();
                options.push(ObjectFilter::of_type(t));
            } else {
                break;
            }
        }
        (options.len() >= 2).then_some(())?;
        p.eat_all(". all nontoken permanents of that type phase out")
            .then_some(())?;
        cx.effects.push(Effect::PhaseOutChosenKind { who, options });
        return p.eat_end().then_some(());
    }
    // "Until your next upkeep, target permanent can't phase out." (Spatial
    // Binding, Ertai's Familiar).
    if p.eat_all("until your next upkeep ,") {
        let what = object_phrase(p, cx)?;
        p.eat_all("can't phase out").then_some(())?;
        cx.effects
            .push(Effect::CantPhaseOutUntilYourNextUpkeep { what });
        return p.eat_end().then_some(());
    }
    // "A creature dealt damage this way can't be regenerated this turn."
    // (Incinerate): after a damage effect of the same spell.
    if p.eat_all("a creature dealt damage this way can't be regenerated this turn") {
        let damage = cx
            .effects
            .iter()
            .any(|e| matches!(e, Effect::DealDamage { .. }));
        cx.effects.push(Effect::CantBeRegeneratedThisTurn);
        return (damage && p.eat_end()).then_some(());
    }
    // "It's still a land." after an animation: the types were added.
    if p.at_all("it's still a land") || p.at_all("they're still lands") {
        let animated = matches!(
            cx.effects.last(),
            Some(Effect::Continuous { effect, .. }) if effect.add_types.contains(CardType::Creature)
        );
        let _ = p.eat_all("it's still a land") || p.eat_all("they're still lands");
        return (animated && p.eat_end()).then_some(());
    }
    // 503.10b: "You may choose new targets for the copy."
    if p.at_all("you may choose new targets for the copy") {
        let Some(Effect::CopySpell { new_targets, .. }) = cx.effects.last_mut() else {
            return None;
        };
        *new_targets = true;
        p.eat_all("you may choose new targets for the copy");
        return p.eat_end().then_some(());
    }
    // 419.1a: "Until end of turn, if target player would draw a card,
    // instead that player skips that draw and you draw a card."
    if p.at_all("until end of turn , if") {
        let start = p.i;
        p.eat_all("until end of turn , if");
        let who = player_phrase(p, cx);
        if let Some(who) = who.filter(|_| {
            p.eat_all("would draw a card , instead that player skips that draw and you draw a card")
        }) {
            cx.effects.push(Effect::DrawsInsteadThisTurn { who });
            return p.eat_end().then_some(());
        }
        p.i = start;
    }
    // 511.1: "Flip a coin until you lose a flip [or choose to stop flipping]."
    if p.eat_all("flip a coin until you lose a flip") {
        let may_stop = p.eat_all("or choose to stop flipping");
        cx.effects.push(Effect::FlipUntilLose { may_stop });
        return p.eat_end().then_some(());
    }
    if p.at_all("if you lose a flip ,") {
        // "If you lose a flip, CARDNAME has no effect." (Fiery Gambit)
        p.eat_all("if you lose a flip ,");
        let ok = p.eat_all("cardname has no effect") && p.eat_end();
        let flips = cx
            .effects
            .iter()
            .any(|e| matches!(e, Effect::FlipUntilLose { .. }));
        cx.effects.push(Effect::NoEffectIfFlipLost);
        return (ok && flips).then_some(());
    }
    // "If you win N or more flips, …" (Fiery Gambit).
    if p.at_all("if you win") && p.peek_at(4) == "or" && p.peek_at(5) == "more" {
        p.eat_all("if you win");
        let n = number_word(p.bump())?;
        p.eat_all("or more flips").then_some(())?;
        p.eat(",");
        let v = clauses(p, cx)?;
        if !p.eat_end() {
            return None;
        }
        cx.effects.push(Effect::IfFlipsWon {
            at_least: n as u32,
            effects: v,
        });
        return Some(());
    }
    // 511.2: "Each player flips a coin." (Goblin Assassin)
    if p.eat_all("each player flips a coin") {
        cx.effects.push(Effect::FlipEach {
            who: vec![PlayerRef::EachPlayer],
            on_heads: Vec::new(),
            on_tails: Vec::new(),
            until_all_heads: false,
        });
        return p.eat_end().then_some(());
    }
    // "Each player whose coin comes up tails sacrifices a creature."
    if p.at_all("each player whose coin comes up")
        && matches!(cx.effects.last(), Some(Effect::FlipEach { .. }))
    {
        p.eat_all("each player whose coin comes up");
        let heads = match p.bump() {
            "heads" => true,
            "tails" => false,
            _ => return None,
        };
        let v = player_verb(p, cx, PlayerRef::Flipper)?;
        if !p.eat_end() {
            return None;
        }
        flip_each_branch(cx, heads, v);
        return Some(());
    }
    // 511.2: "You and target opponent each flip a coin." (Mana Clash)
    if p.at_all("you and target opponent each flip a coin") {
        p.eat_all("you and");
        let (t, _) = target(p, cx)?;
        p.eat_all("each flip a coin").then_some(())?;
        cx.effects.push(Effect::FlipEach {
            who: vec![PlayerRef::You, PlayerRef::Target(t)],
            on_heads: Vec::new(),
            on_tails: Vec::new(),
            until_all_heads: false,
        });
        return p.eat_end().then_some(());
    }
    // "CARDNAME deals N damage to each player whose coin comes up tails."
    if p.at_all("cardname deals") && matches!(cx.effects.last(), Some(Effect::FlipEach { .. })) {
        p.eat_all("cardname deals");
        let n = amount(p)?;
        p.eat_all("damage to each player whose coin comes up")
            .then_some(())?;
        let heads = match p.bump() {
            "heads" => true,
            "tails" => false,
            _ => return None,
        };
        if !p.eat_end() {
            return None;
        }
        let e = Effect::DealDamage {
            amount: n,
            to: Recipient::Player(PlayerRef::Flipper),
        };
        flip_each_branch(cx, heads, vec![e]);
        return Some(());
    }
    // "Repeat this process until both players' coins come up heads on the same flip."
    if p.eat_all("repeat this process until both players' coins come up heads on the same flip") {
        return match cx.effects.last_mut() {
            Some(Effect::FlipEach {
                until_all_heads, ..
            }) if !*until_all_heads => {
                *until_all_heads = true;
                p.eat_end().then_some(())
            }
            _ => None,
        };
    }
    // 511.1: "Flip a coin." / "That player flips a coin." then "If you
    // win/lose the flip, …" ("If they lose the flip, …").
    let flipper = if p.eat_all("flip a coin") {
        Some(PlayerRef::You)
    } else if cx.trig_player && p.eat_all("that player flips a coin") {
        Some(PlayerRef::Triggering)
    } else {
        None
    };
    if let Some(who) = flipper {
        cx.effects.push(Effect::FlipCoin {
            who,
            won: Vec::new(),
            lost: Vec::new(),
        });
        return p.eat_end().then_some(());
    }
    let they = matches!(
        cx.effects.last(),
        Some(Effect::FlipCoin {
            who: PlayerRef::Triggering,
            ..
        })
    );
    let (win_phrase, lose_phrase) = if they {
        ("if they win the flip", "if they lose the flip")
    } else {
        ("if you win the flip", "if you lose the flip")
    };
    if p.at_all(win_phrase) || p.at_all(lose_phrase) {
        let win = p.at_all(win_phrase);
        p.eat_all(if win { win_phrase } else { lose_phrase });
        p.eat(",");
        let v = clauses(p, cx)?;
        if !p.eat_end() {
            return None;
        }
        match cx.effects.last_mut() {
            Some(Effect::FlipCoin { won, lost, .. }) => {
                let list = if win { won } else { lost };
                if !list.is_empty() {
                    return None;
                }
                list.extend(v);
                return Some(());
            }
            _ => return None,
        }
    }
    // "Double the life stakes with each flip." (Game of Chaos): the life
    // amounts of the flip's outcomes double with each flip.
    if p.eat_all("double the life stakes with each flip") {
        let Some(Effect::FlipCoin { won, lost, .. }) = cx.effects.last_mut() else {
            return None;
        };
        let mut any = false;
        for e in won.iter_mut().chain(lost.iter_mut()) {
            if let Effect::GainLife { amount, .. } | Effect::LoseLife { amount, .. } = e {
                if let Amount::Fixed(n) = *amount {
                    *amount = Amount::DoubledEachFlip(n);
                    any = true;
                }
            }
        }
        return (any && p.eat_end()).then_some(());
    }
    // 506 (Shahrazad): "Players play a Magic subgame, using their
    // libraries as their decks. Each player who doesn't win the subgame
    // loses half their life, rounded up."
    if p.eat_all("players play a magic subgame , using their libraries as their decks") {
        cx.effects.push(Effect::PlaySubgame);
        return p.eat_end().then_some(());
    }
    if p.eat_all("each player who doesn't win the subgame loses half their life , rounded up") {
        // Only after a subgame in the same spell.
        cx.effects.contains(&Effect::PlaySubgame).then_some(())?;
        cx.effects.push(Effect::LoseLife {
            who: PlayerRef::NotWinningSubgame,
            amount: Amount::HalfTheirLifeRoundedUp,
        });
        return p.eat_end().then_some(());
    }
    // The Wishes: "You may reveal a sorcery card you own from outside the
    // game and put it into your hand."
    // Death Wish: "You may put a card you own from outside the game into your hand."
    if p.eat_all("you may put a card you own from outside the game into your hand") {
        cx.effects.push(Effect::WishFromOutside {
            filter: ObjectFilter::any(),
        });
        return p.eat_end().then_some(());
    }
    // "You lose half your life, rounded up." (Death Wish)
    if p.eat_all("you lose half your life , rounded up") {
        cx.effects.push(Effect::LoseLife {
            who: PlayerRef::You,
            amount: Amount::HalfLifeRoundedUp(PlayerRef::You),
        });
        return p.eat_end().then_some(());
    }
    if p.at_all("you may reveal") {
        let start = p.i;
        p.eat_all("you may reveal");
        p.eat_any(&["a", "an"]);
        if let Some((filter, Noun::Card)) = filter(p) {
            if p.eat_all("you own from outside the game and put it into your hand") && p.eat_end() {
                cx.effects.push(Effect::WishFromOutside { filter });
                return Some(());
            }
        }
        p.i = start;
        return None;
    }
    // 102.2b: "You win the game."
    if p.eat_all("you win the game") {
        cx.effects.push(Effect::WinGame {
            who: PlayerRef::You,
        });
        return p.eat_end().then_some(());
    }
    // 419.6e: "You skip your next turn." (Meditate, Chronatog)
    if p.eat_all("you skip your next turn") {
        cx.effects.push(Effect::SkipNextTurn {
            who: PlayerRef::You,
        });
        return p.eat_end().then_some(());
    }
    // 509.1: "End the turn." (Time Stop)
    if p.eat_all("end the turn") {
        cx.effects.push(Effect::EndTheTurn);
        return p.eat_end().then_some(());
    }
    // 507.1: Mindslaver as printed in 2003-2007, "You control target
    // player's next turn.", and its later Oracle wording below.
    if p.eat_all("you control target player's next turn") {
        let t = cx.add_target(TargetKind::Player(PlayerFilter::Any), false);
        cx.last_player = Some(PlayerRef::Target(t));
        cx.effects.push(Effect::ControlNextTurn {
            who: PlayerRef::Target(t),
        });
        return p.eat_end().then_some(());
    }
    // 507.1: "You control target player during that player's next turn."
    if p.at_all("you control target player") {
        let controlled = attempt(p, cx, |p, cx| {
            p.eat_all("you control");
            let (t, is_player) = target(p, cx)?;
            (is_player && p.eat_all("during that player's next turn") && p.eat_end()).then_some(t)
        });
        if let Some(t) = controlled {
            cx.effects.push(Effect::ControlNextTurn {
                who: PlayerRef::Target(t),
            });
            return Some(());
        }
    }
    // "Sacrifice a creature other than CARDNAME. If you can't, CARDNAME
    // deals 7 damage to you." (Lord of the Pit)
    if p.at_all("if you can't ,") {
        let Some(Effect::Sacrifice {
            who: PlayerRef::You,
            filter,
        }) = cx.effects.last().cloned()
        else {
            return None;
        };
        p.eat_all("if you can't ,");
        let v = clauses(p, cx)?;
        if !p.eat_end() {
            return None;
        }
        let at = cx.effects.len() - 1;
        cx.effects
            .insert(at, Effect::IfControlsNone { filter, effects: v });
        return Some(());
    }
    // "You may tap or untap target artifact, creature, or land." (Twitch)
    if p.eat_all("you may tap or untap") {
        let what = object_phrase(p, cx)?;
        cx.effects.push(Effect::TapOrUntap { what });
        return p.eat_end().then_some(());
    }
    if p.eat_all("it can't be regenerated")
        || p.eat_all("they can't be regenerated")
        || p.eat_all("that creature can't be regenerated")
    {
        let mut any = false;
        for e in cx.effects.iter_mut() {
            if let Effect::Destroy { no_regen, .. } = e {
                *no_regen = true;
                any = true;
            }
        }
        return (any && p.eat_end()).then_some(());
    }
    let mut v = clauses(p, cx)?;
    // "sacrifice CARDNAME unless you discard a card" (Razormane Masticore):
    // the controller chooses on resolution.
    if p.eat_all("unless you discard") {
        p.eat_any(&["a", "an"])?;
        let (filter, noun) = filter(p)?;
        if noun != Noun::Card {
            return None;
        }
        v = vec![Effect::UnlessDiscard { filter, effects: v }];
    }
    // "sacrifice CARDNAME unless you pay {U}{U}", "tap CARDNAME unless you
    // pay 1 life", "… unless you pay {1} for each +1/+1 counter on it":
    // the controller chooses on resolution.
    // "sacrifice CARDNAME unless you sacrifice a land" (Bog Elemental).
    if p.at_all("unless you sacrifice") {
        p.eat_all("unless you");
        let (cost, sacrifice_count) = upkeep::sacrifice_cost(p)?;
        v = vec![Effect::UnlessPays {
            cost: Box::new(cost),
            per_counter: None,
            effects: v,
            sacrifice_count,
            if_paid: Vec::new(),
        }];
    }
    if p.eat_all("unless you pay") {
        let cost = upkeep::pay_cost(p)?;
        let mut per_counter = None;
        if p.eat_all("for each") {
            let kind = counter_kind(p.bump())?;
            if !p.eat_all("counter on") || !(p.eat("it") || p.eat("cardname")) {
                return None;
            }
            per_counter = Some(kind);
        }
        v = vec![Effect::UnlessPays {
            cost: Box::new(cost),
            per_counter,
            effects: v,
            sacrifice_count: 0,
            if_paid: Vec::new(),
        }];
    }
    // 404.4: "sacrifice it at end of combat" (Fog Elemental): a delayed
    // triggered ability.
    if p.eat_all("at end of combat") {
        v = vec![Effect::AtEndOfCombat { effects: v }];
    }
    // 404.4: "destroy CARDNAME at the beginning of the next end step".
    if p.eat_all("at the beginning of the next end step") {
        v = vec![Effect::AtNextEndStep { effects: v }];
    }
    // 404.4: "draw a card at the beginning of the next turn's upkeep".
    if p.eat_all("at the beginning of the next turn's upkeep") {
        // "Target player draws a card at the beginning of the next turn's
        // upkeep." (Sapphire Charm): the delayed ability has no targets of
        // its own; it remembers the player the spell targeted (its only
        // target), as "that player" (`PlayerRef::Triggering`).
        for e in v.iter_mut() {
            if let Effect::DrawCards { who, .. } = e {
                if let PlayerRef::Target(i) = who {
                    let only_player = cx.targets.len() == 1
                        && *i == 0
                        && matches!(cx.targets[0].kind, TargetKind::Player(_));
                    only_player.then_some(())?;
                    *who = PlayerRef::Triggering;
                }
            }
        }
        v = vec![Effect::AtNextUpkeep {
            effects: v,
            yours: false,
        }];
    }
    // "…, where X is the number of cards in your hand." (Tomoya the Revealer)
    if p.at_all(", where x is") {
        p.eat_all(", where x is");
        let a = equal_amount(p, cx)?;
        let mut any = false;
        for e in v.iter_mut() {
            any |= define_x(e, &a);
        }
        any.then_some(())?;
    }
    if !p.eat_end() {
        return None;
    }
    cx.effects.extend(v);
    Some(())
}

/// 404.4: whether the effects create a delayed triggered ability (only
/// triggered abilities' are played so far).
fn delays(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::AtEndOfCombat { .. }))
}

/// Replaces the amount X of an effect by the amount a "where X is …"
/// clause defines; false if the effect has no such amount.
fn define_x(e: &mut Effect, a: &Amount) -> bool {
    // "gets +X/+X until end of turn, where X is the number of lands you
    // control" (Strength of Cedars): counted as it resolves (413.2f).
    if let Effect::PumpX {
        what,
        power,
        toughness,
        ..
    } = e
    {
        *e = Effect::PumpPerCount {
            what: what.clone(),
            power: *power,
            toughness: *toughness,
            count: a.clone(),
        };
        return true;
    }
    let slot = match e {
        Effect::DealDamage { amount, .. }
        | Effect::GainLife { amount, .. }
        | Effect::LoseLife { amount, .. }
        | Effect::DrawCards { amount, .. }
        | Effect::Discard { amount, .. }
        | Effect::PutCounters { amount, .. } => amount,
        // An X/X token (Dokai) or X tokens.
        Effect::CreateTokens { amount, token, .. } => match &mut token.pt_x {
            Some(x) if *amount != Amount::X => &mut **x,
            _ => amount,
        },
        _ => return false,
    };
    if *slot != Amount::X {
        return false;
    }
    *slot = a.clone();
    true
}

/// Clauses joined by ",", "and" or "then".
fn clauses(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let mut v = clause(p, cx)?;
    loop {
        let i = p.i;
        let comma = p.eat(",");
        let and = p.eat("and") || p.eat("then");
        if !(comma || and) {
            break;
        }
        match attempt(p, cx, clause) {
            Some(more) => v.extend(more),
            None => {
                p.i = i;
                break;
            }
        }
    }
    Some(v)
}

// --- abilities -----------------------------------------------------------------

/// "{1}{R}, {T}, Sacrifice CARDNAME" up to the colon.
fn cost(p: &mut P) -> R<Cost> {
    cost_until(p, true)
}

/// How many permanents a cost names: "a"/"an" (one) or "two" to "nine"
/// ("Tap two untapped Clerics you control", "Return a land you control").
fn cost_count(p: &mut P) -> Option<u8> {
    if p.eat_any(&["a", "an"]).is_some() {
        return Some(1);
    }
    let n = number_word(p.peek()).filter(|n| (2..=9).contains(n))?;
    p.bump();
    Some(n as u8)
}

/// A cost ending at ":" (`colon`, an activated ability's) or at the end of
/// the sentence (an additional or kicker cost).
fn cost_until(p: &mut P, colon: bool) -> R<Cost> {
    let mut c = Cost::default();
    let mut mana = String::new();
    let err = |p: &P| format!("unknown cost at {:?}", p.rest());
    loop {
        let w = p.peek();
        if w == "{t}" {
            p.bump();
            c.tap = true;
        } else if w == "{q}" {
            p.bump();
            c.untap = true;
        } else if w.starts_with('{') {
            while p.peek().starts_with('{') && p.peek() != "{t}" && p.peek() != "{q}" {
                mana.push_str(p.raw());
                p.bump();
            }
        } else if p.eat("sacrifice") {
            if p.eat("cardname") {
                c.sacrifice_self = true;
            } else if let Some(n) = number_word(p.peek()).filter(|&n| (2..=9).contains(&n)) {
                // "Sacrifice two lands" (Bog Down's kicker).
                p.bump();
                let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
                if noun != Noun::Permanent {
                    return Err(err(p));
                }
                f.controller = ControllerFilter::You;
                c.sacrifice = Some(f);
                c.sacrifice_count = n as u8;
            } else if !colon && p.eat("all") {
                // "Sacrifice all creatures you control" (Soulblast): a
                // spell's cost, paid without a choice (409.1h).
                match filter(p) {
                    Some((f, Noun::Permanent)) if f.controller == ControllerFilter::You => {
                        c.sacrifice_all = Some(f)
                    }
                    _ => return Err(err(p)),
                }
            } else if p.eat_any(&["a", "an", "another"]).is_some() {
                let another = p.t[p.i - 1].low == "another";
                let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
                if noun != Noun::Permanent {
                    return Err(err(p));
                }
                f.other |= another;
                // One can sacrifice only permanents one controls.
                f.controller = ControllerFilter::You;
                c.sacrifice = Some(f);
            } else {
                return Err(err(p));
            }
        } else if p.eat_all("reveal your hand") {
            // Sasaya, Orochi Ascendant: revealing is the whole cost (409.1h).
            c.reveal_hand = true;
        } else if p.at("tap") && p.peek_at(1) != "enchanted" {
            // "Tap an untapped creature you control", "Tap two untapped
            // Clerics you control" (409.1h: the player chooses them).
            p.bump();
            let n = cost_count(p).ok_or_else(|| err(p))?;
            if !p.eat("untapped") {
                return Err(err(p));
            }
            let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
            if noun != Noun::Permanent || c.tap_untapped.is_some() {
                return Err(err(p));
            }
            p.eat_all("you control");
            f.controller = ControllerFilter::You;
            c.tap_untapped = Some((f, n));
        } else if p.eat("return") {
            // "Return a land you control to its owner's hand".
            let n = cost_count(p).ok_or_else(|| err(p))?;
            let (mut f, noun) = filter(p).ok_or_else(|| err(p))?;
            if noun != Noun::Permanent
                || !(p.eat_all("you control to") || p.eat("to"))
                || p.eat_any(&["its", "their"]).is_none()
                || !p.eat_all("owner's hand")
                || c.return_to_hand.is_some()
            {
                return Err(err(p));
            }
            f.controller = ControllerFilter::You;
            c.return_to_hand = Some((f, n));
        } else if p.eat_all("discard cardname") {
            // Channel: "Discard CARDNAME" as a cost: the ability can be
            // played only while the card is in its owner's hand.
            c.discard_self = true;
        } else if p.eat("discard") {
            // "Discard X cards" only as a spell's additional cost (409.1b).
            let n = if !colon && p.eat("x") {
                c.discard_x = true;
                Amount::Fixed(0)
            } else {
                amount(p).ok_or_else(|| err(p))?
            };
            if p.eat_any(&["card", "cards"]).is_none() {
                // "Discard a land card" (Seismic Assault).
                match filter(p) {
                    Some((f, Noun::Card)) if f != ObjectFilter::default() => {
                        c.discard_filter = Some(f)
                    }
                    _ => return Err(err(p)),
                }
            }
            match n {
                Amount::Fixed(n) => c.discard = n as u8,
                _ => return Err(err(p)),
            }
            // "Discard a card at random" (Sonic Burst).
            c.discard_random = p.eat_all("at random");
        } else if !colon && p.eat_all("pay x life") {
            c.pay_life_x = true;
        } else if p.eat("pay") {
            match amount(p) {
                Some(Amount::Fixed(n)) if p.eat("life") => c.pay_life = n as u32,
                _ => return Err(err(p)),
            }
        } else if p.eat("remove") {
            // "Remove five fuse counters from CARDNAME [and sacrifice it]" (Goblin Bomb).
            let n = match amount(p) {
                Some(Amount::Fixed(n)) if n > 0 => n as u8,
                _ => return Err(err(p)),
            };
            let kind = counter_kind(p.bump()).ok_or_else(|| err(p))?;
            if p.eat_any(&["counter", "counters"]).is_none() || !p.eat_all("from cardname") {
                return Err(err(p));
            }
            c.remove_counters = Some((kind, n));
            if p.eat("and") {
                if !p.eat_all("sacrifice it") {
                    return Err(err(p));
                }
                c.sacrifice_self = true;
            }
        } else {
            return Err(err(p));
        }
        if colon && p.eat(":") {
            break;
        }
        if !colon && p.eat_end() && p.at_end() {
            break;
        }
        if !p.eat(",") {
            return Err(err(p));
        }
    }
    if !mana.is_empty() {
        c.mana = ManaCost::parse(&mana).map_err(|e| e.to_string())?;
    }
    Ok(c)
}

/// What "Add …" produces (406.1).
fn produce(p: &mut P) -> Option<ManaProduce> {
    if p.eat_all("one mana of any color") {
        return Some(ManaProduce::AnyColor(1));
    }
    if p.eat_all("one mana of the chosen color") {
        return Some(ManaProduce::ChosenColor);
    }
    if let Some(n) = number_word(p.peek()) {
        if p.peek_at(1) == "mana" {
            p.bump();
            return p
                .eat_all("mana of any one color")
                .then_some(ManaProduce::AnyColor(n as u8));
        }
    }
    let mut kinds = Vec::new();
    let sym = |w: &str| -> Option<Vec<ManaKind>> {
        let inner = w.strip_prefix('{')?.strip_suffix('}')?;
        if inner == "c" {
            return Some(vec![ManaKind::Colorless]);
        }
        if let Ok(n) = inner.parse::<usize>() {
            return Some(vec![ManaKind::Colorless; n]);
        }
        let c = Color::from_symbol(inner.to_ascii_uppercase().chars().next()?)
            .filter(|_| inner.len() == 1)?;
        Some(vec![ManaKind::Color(c)])
    };
    while let Some(k) = sym(p.peek()) {
        p.bump();
        kinds.extend(k);
    }
    if kinds.is_empty() {
        return None;
    }
    // "{R} or {G}", "{W}, {U}, or {B}"
    if kinds.len() == 1 && (p.at("or") || p.at(",")) {
        let mut set = ColorSet::EMPTY;
        let ManaKind::Color(c) = kinds[0] else {
            return None;
        };
        set.insert(c);
        loop {
            let i = p.i;
            let sep = p.eat(",") | p.eat("or");
            match sym(p.peek()).as_deref() {
                Some([ManaKind::Color(c)]) if sep => {
                    p.bump();
                    set.insert(*c);
                }
                _ => {
                    p.i = i;
                    break;
                }
            }
        }
        return Some(ManaProduce::OneOf(set));
    }
    Some(ManaProduce::Fixed(kinds))
}

/// `prefix` and the timing restriction after it; nothing eaten if not.
fn timing_sentence(p: &mut P, prefix: &str) -> Option<Timing> {
    let i = p.i;
    if p.eat_all(prefix) {
        if let Some(t) = timing(p) {
            return Some(t);
        }
    }
    p.i = i;
    None
}

/// The timing restriction after "Play this spell only" / "Play this ability
/// only" (408.1 still applies besides it).
fn timing(p: &mut P) -> Option<Timing> {
    let (mut turn, mut window) = (TurnOf::Any, Window::Any);
    if p.eat("during") {
        if p.eat_all("your turn") {
            turn = TurnOf::You;
        } else if p.eat_all("an opponent's turn") {
            turn = TurnOf::Opponent;
        } else if p.eat_all("your upkeep") {
            turn = TurnOf::You;
            window = Window::Step(Step::Upkeep);
        } else if p.eat_all("any upkeep step") {
            window = Window::Step(Step::Upkeep);
        } else if p.eat_all("combat before blockers are declared") {
            window = Window::CombatBeforeBlockers;
        } else if p.eat_all("combat after blockers are declared") {
            window = Window::CombatAfterBlockers;
        } else if p.eat("combat") {
            window = Window::Combat;
        } else if p.eat_all("the declare attackers step") {
            window = if p.eat_all("and only if you've been attacked this step") {
                Window::AttackedThisStep
            } else {
                Window::Step(Step::DeclareAttackers)
            };
        } else if p.eat_all("the declare blockers step") {
            window = Window::Step(Step::DeclareBlockers);
        } else if p.eat_all("the end of combat step") {
            window = Window::Step(Step::EndOfCombat);
        } else {
            return None;
        }
        if window != Window::Any || !p.eat(",") {
            return Some(Timing { turn, window });
        }
    }
    window = if p.eat_all("before attackers are declared") {
        Window::BeforeAttackers
    } else if p.eat_all("before the combat damage step") {
        Window::BeforeCombatDamage
    } else if turn != TurnOf::Any {
        return Some(Timing { turn, window });
    } else {
        return None;
    };
    Some(Timing { turn, window })
}

/// "[cost]: [effect]": an activated ability or a mana ability (403, 406).
fn activated(p: &mut P) -> R<Ability> {
    let cost = cost(p)?;
    let mut cx = Cx::default();
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    // 406.1: "Double the amount of each type of mana in your mana pool"
    // (Doubling Cube) could add mana: a mana ability.
    if p.eat_all("double the amount of each type of unspent mana you have")
        || p.eat_all("double the amount of each type of mana in your mana pool")
    {
        if !(p.eat_end() && p.at_end()) {
            return Err(no_rule(p));
        }
        if cost.discard_self
            || cost.tap_untapped.is_some()
            || cost.return_to_hand.is_some()
            || cost.discard_random
        {
            return Err("a mana ability whose cost chooses other objects".into());
        }
        return Ok(Ability::Mana(ManaAbility {
            cost,
            produce: ManaProduce::DoublePool,
            also: Vec::new(),
        }));
    }
    if p.eat("add") {
        if cost.discard_self {
            return Err("a mana ability played from the hand".into());
        }
        // 409.1h choices a mana ability's cost doesn't ask for.
        if cost.tap_untapped.is_some() || cost.return_to_hand.is_some() || cost.discard_random {
            return Err("a mana ability whose cost taps or returns other permanents".into());
        }
        let produce = produce(p).ok_or_else(|| no_rule(p))?;
        if !p.eat_end() {
            return Err(no_rule(p));
        }
        while !p.at_end() {
            sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
        }
        if !cx.targets.is_empty() {
            return Err("a mana ability with a target".into());
        }
        // A mana ability with a mana cost can't be activated while paying
        // (its cost would need paying first): not yet supported with a
        // delayed ability (Barbed Sextant), which would otherwise be lost.
        if !cost.mana.is_zero()
            && cx
                .effects
                .iter()
                .any(|e| matches!(e, Effect::AtNextUpkeep { .. }))
        {
            return Err("a mana ability with a mana cost and a delayed ability".into());
        }
        if cx
            .effects
            .iter()
            .any(|e| matches!(e, Effect::AtNextEndStep { .. }))
        {
            return Err("a mana ability with a delayed ability at the next end step".into());
        }
        return Ok(Ability::Mana(ManaAbility {
            cost,
            produce,
            also: cx.effects,
        }));
    }
    let (mut sorcery_speed, mut once_per_turn) = (false, false);
    let (mut twice_per_turn, mut timing_restriction) = (false, None);
    let mut only_if = None;
    while !p.at_end() {
        if p.eat_all("play this ability only") {
            // "… only once each turn and only if seven or more cards are
            // in your graveyard": restrictions joined by "and only".
            loop {
                if p.eat_all("any time you could play a sorcery") {
                    sorcery_speed = true;
                } else if p.eat_all("once each turn") {
                    once_per_turn = true;
                } else if p.eat("if") {
                    only_if = Some(condition(p, &mut cx).ok_or_else(|| no_rule(p))?);
                } else if let Some(t) = timing_restriction.is_none().then(|| timing(p)).flatten() {
                    // "during your upkeep", "during your turn, before
                    // attackers are declared", "during combat", …
                    timing_restriction = Some(t);
                } else {
                    return Err(no_rule(p));
                }
                if !p.eat_all("and only") {
                    break;
                }
            }
        } else if p.eat_all("play this ability no more than twice each turn") {
            twice_per_turn = true;
        } else {
            sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
            continue;
        }
        if !p.eat_end() {
            return Err(no_rule(p));
        }
    }
    if cx.effects.is_empty() {
        return Err("an ability without effects".into());
    }
    if delays(&cx.effects) {
        return Err("a delayed triggered ability from an activated ability".into());
    }
    let from_hand = cost.discard_self;
    Ok(Ability::Activated(ActivatedAbility {
        cost,
        targets: cx.targets,
        effects: cx.effects,
        sorcery_speed,
        once_per_turn,
        twice_per_turn,
        timing: timing_restriction,
        ninjutsu: false,
        // Its cost discards the card itself (channel): it functions only
        // in the hand, like cycling (502.18b).
        from_hand,
        cycling: false,
        only_if,
    }))
}

/// The event of a triggered ability, up to its comma.
fn trigger_event(p: &mut P, cx: &mut Cx) -> Option<Vec<Trigger>> {
    if p.eat("at") {
        if !p.eat_all("the beginning of") {
            // 2007 wording: "At end of turn".
            return p.eat_all("end of turn").then(|| {
                vec![Trigger::BeginningOf {
                    step: Step::EndOfTurn,
                    whose: Whose::Each,
                }]
            });
        }
        // "At the beginning of the upkeep of enchanted creature's (land's,
        // artifact's) controller": "that player" is that controller, "that
        // creature" the enchanted permanent.
        for (words, step) in [
            ("the upkeep of enchanted", Step::Upkeep),
            ("the end step of enchanted", Step::EndOfTurn),
        ] {
            let n = words.split(' ').count();
            if p.at_all(words)
                && matches!(
                    p.peek_at(n),
                    "creature's" | "land's" | "artifact's" | "permanent's"
                )
                && p.peek_at(n + 1) == "controller"
            {
                p.eat_all(words);
                p.bump();
                p.bump();
                cx.trig_player = true;
                cx.last_obj = Some(ObjectRef::Attached);
                return Some(vec![Trigger::BeginningOfAttachedControllers(step)]);
            }
        }
        let whose = if p.eat("your") {
            Whose::You
        } else if p.eat_all("each opponent's") || p.eat_all("your opponent's") {
            cx.trig_player = true;
            Whose::Opponent
        } else if p.eat_all("each player's") || p.eat("each") || p.eat("the") {
            cx.trig_player = true;
            Whose::Each
        } else {
            return None;
        };
        let step = if p.eat("upkeep") {
            Step::Upkeep
        } else if p.eat_all("draw step") {
            Step::Draw
        } else if p.eat_all("end step") || p.eat_all("end of turn step") || p.eat_all("end of turn")
        {
            Step::EndOfTurn
        } else {
            return None;
        };
        return Some(vec![Trigger::BeginningOf { step, whose }]);
    }
    p.eat_any(&["when", "whenever"])?;
    // 410.11 state triggers: "When CARDNAME has flying," (Student of
    // Elements); "When you have 30 or more life," (Rune-Tail).
    if p.at_all("cardname has") && p.peek_at(3) == "," {
        let start = p.i;
        p.eat_all("cardname has");
        if let Some(k) = keyword(p) {
            return Some(vec![Trigger::State(crate::StateTrigger::ThisHasKeyword(k))]);
        }
        p.i = start;
    }
    if p.eat_all("you have") {
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        p.eat_all("or more life").then_some(())?;
        return Some(vec![Trigger::State(crate::StateTrigger::LifeAtLeast(
            n as u32,
        ))]);
    }
    // 511.1: "Whenever you win a coin flip" (Chance Encounter).
    if p.eat_all("you win a coin flip") {
        return Some(vec![Trigger::WinsCoinFlip]);
    }
    // 502.26d: "Whenever a permanent is turned face up" (Aven Farseer).
    if p.eat_all("a permanent is turned face up") {
        return Some(vec![Trigger::TurnedFaceUp(ObjectFilter::default())]);
    }
    // "Whenever one or more creatures block" (Tide of War).
    if p.eat_all("one or more creatures block") {
        return Some(vec![Trigger::CreaturesBlock]);
    }
    // "Whenever a creature [you control] attacks" (Teferi's Veil, Caltrops):
    // "it" is the attacking creature.
    if p.at("a") || p.at("an") {
        let start = p.i;
        p.bump();
        match filter(p) {
            Some((f, Noun::Permanent))
                if f.types_any.contains(CardType::Creature) && p.at_all("attacks ,") =>
            {
                p.eat("attacks");
                cx.trig_obj = true;
                return Some(vec![Trigger::CreatureAttacks(f)]);
            }
            // 406.1b: "Whenever a land you control is tapped for mana"
            // (Sasaya's Essence): a triggered mana ability.
            Some((f, Noun::Permanent)) if p.at_all("is tapped for mana ,") => {
                p.eat_all("is tapped for mana");
                cx.trig_obj = true;
                return Some(vec![Trigger::TappedForMana(f)]);
            }
            _ => p.i = start,
        }
    }
    if !p.at_all("cardname or another") && p.eat("cardname") {
        if p.eat_all("comes into play") {
            return Some(vec![Trigger::ComesIntoPlay(ObjectFilter::this())]);
        }
        // 502.15d: abilities that mention phasing trigger on it.
        // "When CARDNAME phases out or leaves play" (Ertai's Familiar).
        if p.eat_all("phases out or leaves play") {
            return Some(vec![Trigger::PhasesOut, Trigger::LeavesPlay]);
        }
        if p.eat_all("phases out") {
            return Some(vec![Trigger::PhasesOut]);
        }
        if p.eat_all("phases in") {
            return Some(vec![Trigger::PhasesIn]);
        }
        if p.eat_all("is turned face up") {
            return Some(vec![Trigger::TurnedFaceUp(ObjectFilter::this())]);
        }
        if p.eat_all("is put into a graveyard from play") {
            return Some(vec![
                Trigger::PutIntoGraveyardFromPlay(ObjectFilter::this()),
            ]);
        }
        if p.eat_all("is put into your hand from your graveyard") {
            return Some(vec![Trigger::PutIntoHandFromGraveyard]);
        }
        if p.eat_all("attacks or blocks") {
            return Some(vec![Trigger::Attacks, Trigger::Blocks]);
        }
        // "Whenever CARDNAME blocks or becomes blocked by a creature" (Dream
        // Fighter): once per creature it blocks or that blocks it, "that
        // creature" being the other one.
        if p.eat_all("blocks or becomes blocked by a creature") {
            cx.trig_obj = true;
            return Some(vec![
                Trigger::Blocks,
                Trigger::BlockedBy(ObjectFilter::of_type(CardType::Creature)),
            ]);
        }
        if p.eat_all("blocks or becomes blocked") {
            return Some(vec![Trigger::Blocks, Trigger::BecomesBlocked]);
        }
        if p.eat("attacks") {
            return Some(vec![Trigger::Attacks]);
        }
        // "When CARDNAME blocks a creature": "that creature" is the attacker.
        if p.eat_all("blocks a creature") {
            cx.trig_obj = true;
            return Some(vec![Trigger::Blocks]);
        }
        if p.eat("blocks") {
            return Some(vec![Trigger::Blocks]);
        }
        // "Whenever CARDNAME becomes blocked by a creature": one trigger per blocker.
        if p.eat_all("becomes blocked by") {
            p.eat_any(&["a", "an"])?;
            let (f, noun) = filter(p)?;
            cx.trig_obj = true;
            return (noun == Noun::Permanent).then(|| vec![Trigger::BlockedBy(f)]);
        }
        if p.eat_all("becomes blocked") {
            return Some(vec![Trigger::BecomesBlocked]);
        }
        if p.eat("deals") {
            let combat_only = p.eat("combat");
            if !p.eat("damage") {
                return None;
            }
            if p.at(",") {
                return (!combat_only).then(|| {
                    vec![Trigger::DealsDamage {
                        to_creature_only: false,
                    }]
                });
            }
            if !p.eat("to") {
                return None;
            }
            if p.eat_all("a player") || p.eat_all("an opponent") {
                cx.trig_player = true;
                cx.trig_amount = true;
                let opponent_only = p.t[p.i - 1].low == "opponent";
                return Some(vec![Trigger::DealsDamageToPlayer {
                    combat_only,
                    opponent_only,
                }]);
            }
            if combat_only && p.eat_all("a creature") {
                cx.trig_obj = true;
                return Some(vec![Trigger::DealsCombatDamageToCreature]);
            }
            if !combat_only && p.eat_all("a creature") {
                cx.trig_obj = true;
                return Some(vec![Trigger::DealsDamage {
                    to_creature_only: true,
                }]);
            }
        }
        return None;
    }
    // "Whenever the fourth spell of a turn is played" (Erayo).
    if p.eat("the") {
        let n = match p.bump() {
            "first" => 1,
            "second" => 2,
            "third" => 3,
            "fourth" => 4,
            "fifth" => 5,
            _ => return None,
        };
        p.eat_all("spell of a turn is").then_some(())?;
        p.eat_any(&["play", "played", "cast"])?;
        cx.trig_obj = true;
        return Some(vec![Trigger::NthSpellOfTurn(n)]);
    }
    if p.eat_all("a spell or ability an opponent controls causes you to discard cardname") {
        return Some(vec![Trigger::DiscardedByOpponent]);
    }
    if p.eat_all("a creature dealt damage by cardname this turn is put into a graveyard from play")
        || p.eat_all("a creature dealt damage by cardname this turn is put into a graveyard")
    {
        cx.trig_obj = true;
        return Some(vec![Trigger::DamagedByThisDies]);
    }
    // "Whenever enchanted creature attacks / blocks / deals damage": an
    // Aura's abilities; "its controller" is the enchanted creature's.
    if p.eat_all("enchanted land is tapped for mana") {
        cx.last_obj = Some(ObjectRef::Attached);
        return Some(vec![Trigger::AttachedTappedForMana]);
    }
    if p.eat_all("enchanted creature") {
        cx.last_obj = Some(ObjectRef::Attached);
        if p.eat_all("attacks or blocks") {
            return Some(vec![Trigger::AttachedAttacks, Trigger::AttachedBlocks]);
        }
        if p.eat("attacks") {
            return Some(vec![Trigger::AttachedAttacks]);
        }
        if p.eat("blocks") {
            return Some(vec![Trigger::AttachedBlocks]);
        }
        if p.eat_all("deals damage") {
            return Some(vec![Trigger::AttachedDealsDamage]);
        }
        return None;
    }
    // 502.18c: "When you cycle [this]" (it triggers from the graveyard).
    if p.eat_all("you cycle cardname") {
        return Some(vec![Trigger::CycleThis]);
    }
    // "Whenever an opponent draws a card" (423.1), "… discards a card"
    // (217.4a), "Whenever a player taps a land for mana" (406), "… cycles
    // a card" (502.18e).
    for (who_words, whose) in [
        ("a player", Whose::Each),
        ("an opponent", Whose::Opponent),
        ("you", Whose::You),
    ] {
        if p.at_all(who_words) {
            let i = p.i;
            p.eat_all(who_words);
            let t = if p.eat_all("draws a card") || p.eat_all("draw a card") {
                Trigger::Draws(whose)
            } else if p.eat_all("discards a card") || p.eat_all("discard a card") {
                Trigger::Discards(whose)
            } else if p.eat_all("taps a land for mana") || p.eat_all("tap a land for mana") {
                Trigger::TapsLandForMana(whose)
            } else if p.eat_all("cycles a card") || p.eat_all("cycle a card") {
                Trigger::Cycles(whose)
            } else {
                p.i = i;
                break;
            };
            cx.trig_player = true;
            return Some(vec![t]);
        }
    }
    // "Whenever a player plays a white spell"
    let by = if p.eat_all("a player plays") {
        Some(Whose::Each)
    } else if p.eat_all("you play") {
        Some(Whose::You)
    } else if p.eat_all("an opponent plays") {
        Some(Whose::Opponent)
    } else {
        None
    };
    if let Some(by) = by {
        // "Whenever an opponent plays their first spell each turn" (Erayo's Essence).
        if p.eat_all("their first spell each turn") || p.eat_all("his or her first spell each turn")
        {
            cx.trig_player = true;
            cx.trig_obj = true;
            return Some(vec![Trigger::FirstSpellEachTurn { by }]);
        }
        p.eat_any(&["a", "an"])?;
        let (f, noun) = filter(p)?;
        // "that player" is the caster; "that spell" the spell (Planar Chaos).
        cx.trig_player = true;
        cx.trig_obj = true;
        return (noun == Noun::Spell).then(|| vec![Trigger::SpellPlayed { by, filter: f }]);
    }
    // "Whenever a creature comes into play", "Whenever another creature …"
    // "Whenever CARDNAME or another Goblin comes into play" (Goblin
    // Assassin): any Goblin, itself included (`compile_face` checks that
    // the card itself matches).
    let or_another = p.eat_all("cardname or another");
    let another = !or_another && p.at("another");
    if !another && !or_another {
        p.eat_any(&["a", "an"])?;
    }
    let (mut f, noun) = filter(p)?;
    if noun != Noun::Permanent {
        return None;
    }
    if or_another {
        f.other = false;
        if !p.at_all("comes into play") {
            return None;
        }
    }
    cx.trig_obj = true;
    if p.eat_all("comes into play") {
        if p.eat_all("under your control") {
            f.controller = ControllerFilter::You;
        }
        return Some(vec![Trigger::ComesIntoPlay(f)]);
    }
    if p.eat_all("is put into a graveyard from play") {
        return Some(vec![Trigger::PutIntoGraveyardFromPlay(f)]);
    }
    None
}

fn triggered(p: &mut P) -> R<Vec<TriggeredAbility>> {
    let mut cx = Cx::default();
    let no_rule = |p: &P| format!("no rule of the grammar matches at {:?}", p.rest());
    let triggers =
        trigger_event(p, &mut cx).ok_or_else(|| format!("unknown trigger at {:?}", p.rest()))?;
    if !p.eat(",") {
        return Err(format!("unknown trigger at {:?}", p.rest()));
    }
    // 404.3: an intervening "if" clause.
    let mut condition = None;
    if p.eat_all("if cardname has") {
        condition = Some(counters_condition(p, "counters on it ,").ok_or_else(|| no_rule(p))?);
    } else if let Some(c) = attempt(p, &mut cx, |p, _| {
        // "if three or more creatures died this turn," (Kuon); "if CARDNAME
        // is enchanted by two or more Auras," (Kitsune Mystic).
        p.eat("if").then_some(())?;
        if p.eat("cardname") {
            p.eat_all("is enchanted by").then_some(())?;
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            (p.eat_all("or more auras ,") && n > 0)
                .then_some(crate::Condition::EnchantedByAuras { at_least: n as u32 })
        } else {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            (p.eat_all("or more creatures")
                && (p.eat_all("died this turn ,")
                    || p.eat_all("were put into graveyards from play this turn ,"))
                && n > 0)
                .then_some(crate::Condition::CreaturesDiedThisTurn { at_least: n as u32 })
        }
    }) {
        condition = Some(c);
    } else if let Some(c) = attempt(p, &mut cx, intervening_if) {
        condition = Some(c);
    } else if p.eat_all("if there are") {
        // "if there are two or more ki counters on CARDNAME," (Callow Jushi).
        condition =
            Some(counters_condition(p, "counters on cardname ,").ok_or_else(|| no_rule(p))?);
    } else if p.eat_all("if you didn't play it from your hand ,") {
        condition = Some(crate::Condition::NotPlayedFromHand);
    } else if p.eat_all("if cardname is untapped ,") {
        condition = Some(crate::Condition::ThisUntapped);
    } else if let Some(c) = attempt(p, &mut cx, |p, _| {
        // 502.21b: "if it was kicked [with its first kicker],", "if
        // CARDNAME wasn't kicked,".
        p.eat("if").then_some(())?;
        let c = kicked_condition(p)?;
        p.eat(",").then_some(c)
    }) {
        condition = Some(c);
    } else if cx.trig_player && p.eat_all("if that player has") {
        // "if that player has two or fewer cards in hand" (Lavaborn Muse).
        let n = match amount(p) {
            Some(Amount::Fixed(n)) => n as u32,
            _ => return Err(no_rule(p)),
        };
        if !p.eat_all("or fewer cards in hand ,") {
            return Err(no_rule(p));
        }
        condition = Some(crate::Condition::TriggeringPlayerHandAtMost(n));
    } else if p.at("if") && p.peek_at(2) == "or" && p.peek_at(3) == "more" {
        // "if twenty or more creature cards are in your graveyard" (Mortal Combat).
        p.bump();
        let n = match amount(p) {
            Some(Amount::Fixed(n)) if n > 0 => n as u32,
            _ => return Err(no_rule(p)),
        };
        p.eat_all("or more");
        let filter = match filter(p) {
            Some((f, Noun::Card)) => f,
            _ => return Err(no_rule(p)),
        };
        if !p.eat_all("are in your graveyard ,") {
            return Err(no_rule(p));
        }
        condition = Some(crate::Condition::YourGraveyardHas {
            filter,
            at_least: n,
        });
    }
    // "You may pay {1}. If you do, …" is a choice inside the effect, not an
    // optional ability.
    let may_pay_first = {
        let (i, saved) = (p.i, cx.clone());
        let ok = (p.at_all("you may pay") || p.at_all("you may sacrifice"))
            && may_pay(p, &mut cx).is_some();
        p.i = i;
        cx = saved;
        ok
    };
    let optional = !may_pay_first && p.eat_all("you may");
    while !p.at_end() {
        let start = cx.effects.len();
        sentence(p, &mut cx).ok_or_else(|| no_rule(p))?;
        cx.prev_sentence = start;
    }
    if cx.effects.is_empty() {
        return Err("a triggered ability without effects".into());
    }
    let triggers = library::graveyard_triggers(triggers, &cx.effects);
    Ok(triggers
        .into_iter()
        .map(|trigger| TriggeredAbility {
            trigger,
            optional,
            targets: cx.targets.clone(),
            effects: cx.effects.clone(),
            condition: condition.clone(),
        })
        .collect())
}

/// 503.9: the exceptions after "becomes a copy of [what]": ", except it
/// has this ability" / "and gains this ability" (Dimir Doppelganger,
/// Unstable Shapeshifter), ", except it doesn't copy that creature's color
/// [and it has this ability]" (Vesuvan Doppelganger).
fn copy_exceptions(p: &mut P, what: ObjectRef) -> Option<Vec<Effect>> {
    let keeps_color = p.eat_all(", except it doesn't copy that creature's color");
    let gains_this_ability = if keeps_color {
        p.eat_all("and it has this ability")
    } else {
        p.eat_all(", except it has this ability") || p.eat_all("and gains this ability")
    };
    Some(vec![Effect::BecomeCopy {
        what,
        gains_this_ability,
        keeps_color,
    }])
}

/// "As long as [condition], [continuous effect]." and "[continuous
/// effect] as long as [condition]." (threshold, hellbent): a continuous
/// effect that exists only while a condition that reads no characteristics
/// holds. Any other static ability under a condition stays unsupported.
fn conditional_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    let mut cx = Cx::default();
    let (condition, rest): (crate::Condition, Vec<Tok>) = if p.eat_all("as long as") {
        let condition = condition(p, &mut cx)?;
        p.eat(",").then_some(())?;
        (condition, p.t[p.i..].to_vec())
    } else {
        // The suffix form: split the line at "as long as".
        let toks = &p.t[p.i..];
        let at = (0..toks.len()).find(|&i| {
            toks[i].low == "as"
                && toks.get(i + 1).is_some_and(|t| t.low == "long")
                && toks.get(i + 2).is_some_and(|t| t.low == "as")
        })?;
        let mut q = P::new(&toks[at + 3..]);
        let condition = condition(&mut q, &mut cx)?;
        (q.eat_end() && q.at_end()).then_some(())?;
        let mut rest = toks[..at].to_vec();
        rest.push(Tok {
            raw: ".".into(),
            low: ".".into(),
        });
        (condition, rest)
    };
    if !condition.reads_no_characteristics() {
        return None;
    }
    let mut q = P::new(&rest);
    let inner = static_line(&mut q)?;
    if !q.at_end() {
        return None;
    }
    let [StaticAbility::Continuous { affected, effect }] = inner.as_slice() else {
        return None;
    };
    p.i = p.t.len();
    Some(vec![StaticAbility::ContinuousIf {
        condition,
        affected: affected.clone(),
        effect: *effect,
    }])
}

/// 404.3: intervening "if" clauses on the permanents in play, life totals,
/// hand sizes and the source's status, up to the comma: "if you control no
/// untapped lands,", "if no creatures are in play,", "if there are four or
/// more creatures in play,", "if you have 10 or less life,", "if that
/// player has five or more cards in hand,", "if CARDNAME is tapped,".
fn intervening_if(p: &mut P, cx: &mut Cx) -> Option<crate::Condition> {
    use crate::Condition;
    p.eat("if").then_some(())?;
    let permanents = |p: &mut P| -> Option<ObjectFilter> {
        let (f, noun) = filter(p)?;
        (noun == Noun::Permanent && !f.this && !f.other).then_some(f)
    };
    let c = if p.eat_all("you control no") {
        let mut filter = permanents(p)?;
        filter.controller = ControllerFilter::You;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 0,
            at_most: Some(0),
            controlled_by: None,
        }
    } else if cx.trig_player && p.eat_all("that player controls") {
        // "if that player controls a Plains," (Spiritual Sanctuary).
        p.eat_any(&["a", "an"])?;
        let filter = permanents(p)?;
        (filter.controller == ControllerFilter::Any).then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 1,
            at_most: None,
            controlled_by: Some(PlayerRef::Triggering),
        }
    } else if p.eat("no") {
        let filter = permanents(p)?;
        p.eat_any(&["are", "is"])?;
        p.eat_all("in play").then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least: 0,
            at_most: Some(0),
            controlled_by: None,
        }
    } else if p.eat_all("there are") {
        let (at_least, at_most) = if p.eat("no") {
            (0, Some(0))
        } else {
            let Amount::Fixed(n) = amount(p)? else {
                return None;
            };
            p.eat_all("or more").then_some(())?;
            (u32::try_from(n).ok().filter(|&n| n > 0)?, None)
        };
        let filter = permanents(p)?;
        p.eat_all("in play").then_some(())?;
        Condition::Permanents {
            filter: Box::new(filter),
            at_least,
            at_most,
            controlled_by: None,
        }
    } else if p.eat_all("cardname is tapped") {
        Condition::ThisTapped
    } else {
        let who = if p.eat_all("you have") {
            PlayerRef::You
        } else if cx.trig_player && p.eat_all("that player has") {
            PlayerRef::Triggering
        } else {
            return None;
        };
        let Amount::Fixed(n) = amount(p)? else {
            return None;
        };
        if p.eat_all("or less life") {
            Condition::LifeAtMost { who, at_most: n }
        } else if p.eat_all("or more cards in hand") && n > 0 {
            Condition::CardsInHand {
                who,
                at_least: n as u32,
            }
        } else {
            return None;
        }
    };
    p.eat(",").then_some(c)
}

/// 404.3: "N or more [kind] counters" followed by `tail` ("counters on it
/// ,"): the intervening-if condition on the source's counters.
fn counters_condition(p: &mut P, tail: &str) -> Option<crate::Condition> {
    let n = match amount(p) {
        Some(Amount::Fixed(n)) if n > 0 => n as u32,
        _ => return None,
    };
    p.eat_all("or more").then_some(())?;
    let kind = counter_kind(p.bump())?;
    p.eat_all(tail)
        .then_some(crate::Condition::CountersOnThis { kind, at_least: n })
}

/// A static ability line (405).
fn static_line(p: &mut P) -> Option<Vec<StaticAbility>> {
    if let Some(v) = attempt(p, &mut Cx::default(), |p, _| conditional_static(p)) {
        return Some(v);
    }
    let mut cx = Cx::default();
    if let Some(s) = library::static_ability(p) {
        return Some(vec![s]);
    }
    if p.eat_all("this spell can't be countered") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::CantBeCountered]);
    }
    // 419.1a: "If you would draw a card, you may instead …" (Abundance),
    // "… you may skip that draw instead" (Obstinate Familiar).
    if p.eat_all("if you would draw a card ,") {
        let (optional, instead) = if p.eat_all(
            "you may instead choose land or nonland and reveal cards from the top of your library until you reveal a card of the chosen kind . put that card into your hand and put all other cards revealed this way on the bottom of your library in any order",
        ) {
            (true, crate::DrawInstead::RevealUntilLandOrNonland)
        } else if p.eat_all("you may skip that draw instead") {
            (true, crate::DrawInstead::Skip)
        } else {
            return None;
        };
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::DrawReplacement { optional, instead }]);
    }
    // 419.1 replacement (Krark's Thumb).
    if p.eat_all("if you would flip a coin , instead flip two coins and ignore one") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::FlipTwoIgnoreOne]);
    }
    if p.eat_all("you have shroud") {
        return p
            .eat_end()
            .then(|| vec![StaticAbility::ControllerHasShroud]);
    }
    // 419.6c: "All damage that would be dealt to you is dealt to enchanted
    // creature instead." (Pariah)
    if p.eat_all("all damage that would be dealt to you is dealt to") {
        let to = if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
            Affected::Attached
        } else {
            return None;
        };
        return (p.eat("instead") && p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageReplacement(
                crate::DamageReplacement::RedirectFromYou(to),
            )]
        });
    }
    // 419.1a: "If CARDNAME would be put into a graveyard from anywhere,
    // reveal CARDNAME and shuffle it into its owner's library instead."
    if p.eat_all("if cardname would be put into a graveyard from anywhere ,") {
        p.eat_all("reveal cardname and");
        let instead = if p.eat_all("shuffle it into its owner's library instead") {
            crate::GraveyardInstead::ShuffleIntoLibrary
        } else if p.eat_all("exile it instead") {
            crate::GraveyardInstead::RemoveFromGame
        } else {
            return None;
        };
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::GraveyardReplacement {
                what: crate::GraveyardWhat::ThisFromAnywhere,
                instead,
            }]
        });
    }
    // "If a permanent would be put into a graveyard, exile it instead."
    if p.eat_all("if a permanent would be put into a graveyard , exile it instead") {
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::GraveyardReplacement {
                what: crate::GraveyardWhat::AnyPermanent,
                instead: crate::GraveyardInstead::RemoveFromGame,
            }]
        });
    }
    // 419.1a: "If a red source would deal damage to a player, it deals that
    // much damage plus 1 to that player instead." (Tok-Tok, Volcano Born)
    if p.at_all("if a") && p.peek_at(3) == "source" {
        let start = p.i;
        p.eat_all("if a");
        if let Some((color, false)) = color_adjective(p.peek()) {
            p.bump();
            if p.eat_all("source would deal damage to a player , it deals that much damage plus") {
                if let Some(Amount::Fixed(n)) = amount(p) {
                    if n > 0 && p.eat_all("to that player instead") && p.eat_end() && p.at_end() {
                        return Some(vec![StaticAbility::DamageReplacement(
                            crate::DamageReplacement::PlusToPlayer {
                                color,
                                plus: n as u32,
                            },
                        )]);
                    }
                }
            }
        }
        p.i = start;
    }
    // 419.1a: Furnace of Rath.
    if p.eat_all("if a source would deal damage to a permanent or player , it deals double that damage to that permanent or player instead") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::DamageReplacement(crate::DamageReplacement::Double)]);
    }
    // 419.1d: "Prevent all damage that would be dealt to CARDNAME" /
    // "… to and dealt by enchanted creature".
    if p.eat_all("prevent all damage that would be dealt to") {
        let by = p.eat_all("and dealt by");
        let to = if p.eat("cardname") {
            Affected::This
        } else if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
            Affected::Attached
        } else if let Some(f) = (!by).then(|| group(p)).flatten() {
            // "… to creatures you control" (Rune-Tail's Essence).
            Affected::Each(f)
        } else {
            return None;
        };
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::DamageReplacement(
                crate::DamageReplacement::PreventAll { to, by },
            )]
        });
    }
    // 418.5k: an effect on the rules of the game (Spellbook).
    if p.eat_all("you have no maximum hand size") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::NoMaximumHandSize]);
    }
    // 419.1b: "As CARDNAME comes into play, choose a color."
    if p.eat_all("as cardname comes into play , choose a color") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseColor]);
    }
    // 419.1b: "As CARDNAME comes into play, choose a creature type." Caller
    // of the Hunt's modern "As an additional cost to cast this spell, choose
    // a creature type" is its 2007 "As Caller of the Hunt comes into play,
    // choose a creature type" (503.8's example): the 2007 rules govern.
    if p.eat_all("as cardname comes into play , choose a creature type")
        || p.eat_all("as an additional cost to play this spell , choose a creature type")
    {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseCreatureType]);
    }
    // 419.1b: "As CARDNAME comes into play, name a [nonland] card." (Oracle
    // "choose a [nonland] card name"; Pithing Needle, Meddling Mage).
    if p.eat_all("as cardname comes into play , choose a") {
        let nonland = p.eat("nonland");
        if !p.eat_all("card name") {
            return None;
        }
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayNameCard { nonland }]);
    }
    // "Activated abilities of sources with the chosen name can't be played
    // [unless they're mana abilities]." (Pithing Needle, Voidstone Gargoyle;
    // Oracle "can't be activated").
    if p.eat_all("activated abilities of sources") {
        let mut filter = ObjectFilter::default();
        if !p.eat_all("with the chosen name") {
            return None;
        }
        filter.chosen_name = true;
        if !p.eat_all("can't be activated") {
            return None;
        }
        let except_mana = p.eat_all("unless they're mana abilities");
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::CantPlayAbilities {
                filter,
                except_mana,
            }]
        });
    }
    if p.eat_all("cardname has protection from the chosen color") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::ProtectionFromChosenColor]);
    }
    if let Some(v) = rules_static(p) {
        return Some(v);
    }
    // Layer 2: "You control enchanted creature." (Control Magic)
    if p.eat_all("you control enchanted") {
        let (_, noun) = filter(p)?;
        return (noun == Noun::Permanent && p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::Continuous {
                affected: Affected::Attached,
                effect: LayerEffect {
                    gain_control: true,
                    ..Default::default()
                },
            }]
        });
    }
    // 503, 419.1b: "As CARDNAME comes into play, you may choose a creature
    // in play. If you do, CARDNAME comes into play as a copy of that
    // creature." (modern: "You may have CARDNAME enter as a copy of any
    // creature on the battlefield.")
    if p.eat_all("you may have cardname come into play as a copy of any") {
        let f = group(p)?;
        p.eat_all("in play");
        // 503.9: "…, except it doesn't copy that creature's color and it
        // has \"[ability]\"" (Vesuvan Doppelganger).
        let keeps_color = p.eat_all(", except it doesn't copy that creature's color");
        let has = if keeps_color && p.eat_all("and it has") {
            Some(p.quoted_ability()?)
        } else {
            None
        };
        let mut v = vec![StaticAbility::ComesIntoPlayAsCopy(f)];
        if keeps_color {
            v.push(StaticAbility::CopyExceptions { keeps_color, has });
        }
        return (p.eat_end() && p.at_end()).then_some(v);
    }
    if p.eat_all("a deck can have any number of cards named cardname") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::AnyNumberInDeck]);
    }
    if p.eat_all("cards in graveyards lose all abilities") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::GraveyardCardsLoseAbilities]);
    }
    if p.eat_all("players don't lose unspent mana as steps and phases end") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::PlayersKeepUnspentMana]);
    }
    if p.eat_all("you can't lose the game and your opponents can't win the game") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::CantLoseGame]);
    }
    if p.eat_all("you may choose not to untap cardname during your untap step") {
        return (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::MayChooseNotToUntap]);
    }
    // "CARDNAME's power is equal to the number of creature cards in all
    // graveyards and its toughness is equal to that number plus 1." (Lhurgoyf)
    if p.eat_all("cardname's power is equal to the number of") {
        let (f, Noun::Card) = filter(p)? else {
            return None;
        };
        p.eat_all("in all graveyards and its toughness is equal to that number plus")
            .then_some(())?;
        let plus = number_word(p.peek()).or_else(|| p.peek().parse().ok())?;
        p.bump();
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::PowerToughnessFromCards {
                filter: f,
                only_yours: false,
                toughness_plus: plus,
            }]
        });
    }
    if p.at_all("cardname's power and toughness are each equal to the number of") {
        let start = p.i;
        p.eat_all("cardname's power and toughness are each equal to the number of");
        // "… creature cards in all graveyards" / "in your graveyard".
        if let Some((f, Noun::Card)) = filter(p) {
            let only_yours = if p.eat_all("in all graveyards") {
                false
            } else if p.eat_all("in your graveyard") {
                true
            } else {
                return None;
            };
            return (p.eat_end() && p.at_end()).then(|| {
                vec![StaticAbility::PowerToughnessFromCards {
                    filter: f,
                    only_yours,
                    toughness_plus: 0,
                }]
            });
        }
        p.i = start;
    }
    if p.eat_all("cardname's power and toughness are each equal to the number of") {
        let f = group(p)?;
        p.eat_all("in play");
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::PowerToughnessFromCount(f)]);
    }
    let affected = if p.eat("cardname") {
        Affected::This
    } else if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
        Affected::Attached
    } else {
        let _ = p.eat("all") || p.eat("each");
        Affected::Each(group(p)?)
    };
    let this = affected == Affected::This;
    let mut out = Vec::new();
    let (mut power, mut toughness, mut keywords, mut modify) = (0, 0, KeywordSet::EMPTY, false);
    // The other layered parts: types (4), abilities lost (5), P/T set (6b).
    let mut layered = LayerEffect::default();
    loop {
        if p.at_any_of(&["lose", "loses"]) && p.peek_at(1) != "all" {
            // Layer 5: "Enchanted creature loses flying."
            p.bump();
            layered.remove_keywords = layered.remove_keywords.union(keyword_list(p)?);
            modify = true;
        } else if p.eat_any(&["lose", "loses"]).is_some() {
            p.eat_all("all abilities").then_some(())?;
            layered.lose_all_abilities = true;
            modify = true;
        } else if matches!(p.peek(), "is" | "are")
            && color_adjective(p.peek_at(1)).is_some_and(|(_, neg)| !neg)
        {
            // Layer 5: "Enchanted creature … is black."
            p.bump();
            let (c, _) = color_adjective(p.bump())?;
            layered.set_colors = Some(ColorSet::single(c));
            modify = true;
        } else if p.eat_all("is a creature in addition to its other types")
            || p.eat_all("are creatures in addition to their other types")
        {
            layered.add_types.insert(CardType::Creature);
            modify = true;
        } else if p.eat_all("is an artifact creature") {
            // March of the Machines: "Each noncreature artifact is an
            // artifact creature with power and toughness each equal to its
            // converted mana cost" (layers 4 and 6b).
            layered.add_types.insert(CardType::Artifact);
            layered.add_types.insert(CardType::Creature);
            if p.eat_all("with power and toughness each equal to its converted mana cost") {
                layered.set_pt = Some(crate::SetPt::ConvertedManaCost);
            }
            modify = true;
        } else if matches!(p.peek(), "has" | "have") && p.peek_at(1) == "base" {
            p.bump();
            p.bump();
            if p.eat_all("power and base toughness each equal to its converted mana cost")
                || p.eat_all("power and toughness each equal to its converted mana cost")
            {
                layered.set_pt = Some(crate::SetPt::ConvertedManaCost);
            } else {
                p.eat_all("power and toughness").then_some(())?;
                let (power, toughness) = pt_set(p.peek())?;
                p.bump();
                layered.set_pt = Some(crate::SetPt::Fixed { power, toughness });
            }
            modify = true;
        } else if p.eat_any(&["get", "gets"]).is_some() {
            (power, toughness) = pt_mod(p.peek())?;
            p.bump();
            if p.eat_all(
                "for each other creature in play that shares at least one creature type with it",
            ) {
                out.push(StaticAbility::PlusPerSharedCreatureType {
                    affected: affected.clone(),
                    power,
                    toughness,
                });
            } else if p.eat_all("for each") {
                if matches!(affected, Affected::Each(_)) {
                    return None;
                }
                let mut f = group(attempt_skip_article(p))?;
                p.eat_all("in play");
                // "… in play named CARDNAME" (Relentless Rats).
                if p.eat_all("named cardname") {
                    f.named = Some(SELF.to_string());
                }
                out.push(StaticAbility::PlusPerCount {
                    affected: affected.clone(),
                    filter: f,
                    power,
                    toughness,
                });
            } else {
                modify = true;
            }
        } else if p.eat_any(&["has", "have"]).is_some() {
            // Layer 5: keywords, or an ability in quotes (at most one).
            if p.at("\"") && layered.grant.is_none() {
                layered.grant = Some(p.quoted_ability()?);
            } else {
                keywords = keywords.union(keyword_list(p)?);
                // "… have flying and \"{R}: …\"" (Homura's Essence).
                if layered.grant.is_none() && p.peek() == "and" && p.peek_at(1) == "\"" {
                    p.bump();
                    layered.grant = Some(p.quoted_ability()?);
                }
            }
            modify = true;
        } else if this && p.eat_all("can't attack unless defending player controls") {
            // 500.1: Sea Monster.
            attempt_skip_article(p);
            let f = group(p)?;
            out.push(StaticAbility::CantAttackUnlessDefenderControls(f));
        } else if p.eat_all("can't attack or block") {
            out.push(StaticAbility::CantAttack(affected.clone()));
            out.push(StaticAbility::CantBlock(affected.clone()));
        } else if p.eat_all("can't attack") {
            out.push(StaticAbility::CantAttack(affected.clone()));
        } else if p.eat_all("can't block") {
            out.push(StaticAbility::CantBlock(affected.clone()));
        } else if this && p.eat_all("can't be blocked by more than one creature") {
            out.push(StaticAbility::CantBeBlockedByMoreThanOne);
        } else if this && p.eat_all("can't be blocked except by") {
            // "Walls and/or creatures with flying": each side of "and/or" is
            // its own group (a Wall without flying may block too).
            if let Some(k) = (p.i..p.t.len()).find(|&k| p.t[k].low == "and/or") {
                let mut left = P::new(&p.t[..k]);
                left.i = p.i;
                let a = group(&mut left)?;
                if !left.at_end() {
                    return None;
                }
                p.i = k;
                p.bump();
                let b = group(p)?;
                out.push(StaticAbility::BlockableOnlyByEither(a, b));
            } else {
                let f = group(p)?;
                out.push(StaticAbility::BlockableOnlyBy(f));
            }
        } else if this && p.at_all("can't be blocked by") {
            // 500.1: "can't be blocked by Walls" (Juggernaut).
            p.eat_all("can't be blocked by");
            let f = group(p)?;
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::NotBy(f),
            });
        } else if this && p.eat_all("can't be blocked") {
            out.push(StaticAbility::Unblockable);
        } else if p.eat_all("can't be blocked except by") {
            // 500.1: an Aura's or Equipment's restriction (Treetop Bracers).
            let rule = if p.eat_all("two or more creatures") {
                crate::BlockRule::TwoOrMore
            } else {
                crate::BlockRule::OnlyBy(group(p)?)
            };
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule,
            });
        } else if p.eat_all("can't be blocked by") {
            // 500.1: "can't be blocked by Walls" (Juggernaut).
            let f = group(p)?;
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::NotBy(f),
            });
        } else if p.eat_all("can't be blocked") {
            // Whispersilk Cloak's equipped creature.
            out.push(StaticAbility::BlockRestriction {
                affected: affected.clone(),
                rule: crate::BlockRule::Unblockable,
            });
        } else if this
            && (p.eat_all("attacks each combat if able") || p.eat_all("attacks each turn if able"))
        {
            out.push(StaticAbility::AttacksEachTurn);
        } else if p.eat_all("attacks each combat if able") || p.eat_all("attacks each turn if able")
        {
            out.push(StaticAbility::MustAttack(affected.clone()));
        } else if p.eat_all("can block an additional creature") {
            // High Ground ("each combat" in the modern wording).
            p.eat_all("each combat");
            out.push(StaticAbility::CanBlockAdditional(affected.clone()));
        } else if p.eat_all("can't be the target of") {
            // Karplusan Strider: "of blue or black spells"; Troll Ascetic's
            // 2007 text: "of spells or abilities your opponents control".
            let mut colors = ColorSet::EMPTY;
            while let Some(c) = Color::from_name(p.peek()) {
                p.bump();
                colors.insert(c);
                p.eat(",");
                p.eat("or");
            }
            p.eat("spells").then_some(())?;
            let spells_only = !p.eat_all("or abilities");
            let opponents = p.eat_all("your opponents control");
            out.push(StaticAbility::CantBeTargetedBy {
                affected: affected.clone(),
                spells_only,
                colors,
                opponents,
            });
        } else if p.eat_all("doesn't untap during its controller's untap step")
            || (this && p.eat_all("doesn't untap during your untap step"))
        {
            out.push(StaticAbility::DoesntUntap(affected.clone()));
        } else if this && out.is_empty() && !modify && p.eat_all("comes into play tapped") {
            out.push(StaticAbility::ComesIntoPlayTapped);
        } else if this && p.eat_all("comes into play with") {
            // 419.1b: "CARDNAME comes into play with N +1/+1 counters on it."
            let n = if p.eat_any(&["a", "an"]).is_some() {
                1
            } else {
                let n = number_word(p.peek())?;
                p.bump();
                n
            };
            let kind = counter_kind(p.bump())?;
            p.eat_any(&["counter", "counters"])?;
            p.eat_all("on it").then_some(())?;
            out.push(StaticAbility::ComesIntoPlayWithCounters {
                kind,
                amount: u8::try_from(n).ok()?,
            });
        } else if out.is_empty() && !modify && p.eat_all("come into play tapped") {
            let Affected::Each(f) = &affected else {
                return None;
            };
            out.push(StaticAbility::OthersComeIntoPlayTapped(f.clone()));
        } else if this && p.eat_all("can block only creatures with flying") {
            out.push(StaticAbility::CanBlockOnlyFlyers);
        } else {
            return None;
        }
        let i = p.i;
        p.eat(",");
        if p.eat("and") && !p.at_end() {
            continue;
        }
        p.i = i;
        break;
    }
    if !(p.eat_end() && p.at_end()) {
        return None;
    }
    let _ = &mut cx;
    if modify {
        out.insert(
            0,
            StaticAbility::Continuous {
                affected,
                effect: LayerEffect {
                    power,
                    toughness,
                    add_keywords: keywords,
                    ..layered
                },
            },
        );
    }
    Some(out)
}

/// Skips "a"/"an" before a group ("for each Forest" / "for each other creature").
fn attempt_skip_article<'p, 'a>(p: &'p mut P<'a>) -> &'p mut P<'a> {
    p.eat_any(&["a", "an"]);
    p
}

/// Static abilities that change the rules of playing spells, countering,
/// untapping and blocking rather than describing objects (405, 409.1f).
fn rules_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    let start = p.i;
    let done = |p: &mut P, v: StaticAbility| (p.eat_end() && p.at_end()).then(|| vec![v]);
    // 310.2e: "You may have CARDNAME assign its combat damage as though it
    // weren't blocked." (Rhox)
    if p.eat_all("you may have cardname assign its combat damage as though it weren't blocked") {
        return done(p, StaticAbility::MayAssignAsThoughUnblocked);
    }
    // 308.2d: "Creatures can't attack you unless their controller pays {N}
    // for each creature they control that's attacking you." (Windborn Muse)
    if p.eat_all("creatures can't attack you unless their controller pays") {
        let generic = generic_mana(p)?;
        if !p.eat_all("for each creature they control that's attacking you") {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::AttackCostPerCreature { generic });
    }
    // "Each player can't play more than one spell each turn." (Rule of Law)
    if p.eat_all("each player can't play more than one spell each turn") {
        return done(p, StaticAbility::OneSpellEachTurn);
    }
    // 302.2: "Untap all permanents you control during each other player's
    // untap step." (Seedborn Muse)
    if p.eat_all("untap all permanents you control during each other player's untap step") {
        return done(p, StaticAbility::UntapDuringOthersUntapStep);
    }
    // "You can't play creature spells." (Steel Golem)
    if p.eat_all("you can't play") {
        if let Some((f, Noun::Spell)) = filter(p) {
            return done(
                p,
                StaticAbility::CantPlaySpells {
                    whose: Whose::You,
                    filter: f,
                },
            );
        }
        return fail_at(p, start);
    }
    // 500.1 requirement: "All creatures able to block enchanted creature do so." (Lure)
    if p.eat_all("all creatures able to block") {
        let affected = if p.eat("cardname") {
            Affected::This
        } else if p.eat_all("enchanted creature") || p.eat_all("equipped creature") {
            Affected::Attached
        } else {
            return fail_at(p, start);
        };
        if !p.eat_all("do so") {
            return fail_at(p, start);
        }
        return done(p, StaticAbility::MustBeBlockedByAll(affected));
    }
    // 409.1f: "If an opponent controls at least N more creatures than you,
    // this spell costs {M} less to play." (Avatar of Might)
    if p.eat_all("if an opponent controls at least") {
        let more = number_word(p.bump())?;
        if !p.eat_all("more creatures than you , this spell costs") {
            return fail_at(p, start);
        }
        let generic = generic_mana(p)?;
        if !p.eat_all("less to play") {
            return fail_at(p, start);
        }
        return done(
            p,
            StaticAbility::CostsLessIfOpponentHasMoreCreatures {
                more: u32::try_from(more).ok()?,
                generic,
            },
        );
    }
    // "[Filter] spells can't be countered." (Gaea's Herald) and 409.1f
    // "[Filter] spells [your opponents play] cost {N} more to play." (Aura
    // of Silence)
    if let Some((f, Noun::Spell)) = filter(p) {
        if p.eat_all("can't be countered") {
            return done(p, StaticAbility::SpellsCantBeCountered(f));
        }
        // "Spells with the chosen name can't be played." (Meddling Mage)
        if f.chosen_name && (p.eat_all("can't be played") || p.eat_all("can't be play")) {
            return done(
                p,
                StaticAbility::CantPlaySpells {
                    whose: Whose::Each,
                    filter: f,
                },
            );
        }
        let whose = if p.eat_all("your opponents play") {
            Whose::Opponent
        } else if p.eat_all("you play") {
            Whose::You
        } else {
            Whose::Each
        };
        if p.eat("cost") {
            let n = generic_mana(p)? as i32;
            let generic = if p.eat("more") {
                n
            } else if p.eat("less") {
                -n
            } else {
                return fail_at(p, start);
            };
            if p.eat_all("to play") {
                return done(
                    p,
                    StaticAbility::SpellCostChange {
                        filter: f,
                        whose,
                        generic,
                    },
                );
            }
        }
    }
    fail_at(p, start)
}

/// A generic mana symbol "{N}".
fn generic_mana(p: &mut P) -> Option<u32> {
    let n = p
        .peek()
        .strip_prefix('{')?
        .strip_suffix('}')?
        .parse::<u32>()
        .ok()?;
    p.bump();
    Some(n)
}
