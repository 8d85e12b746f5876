//! Passes 1 to 3 of the compiler and the parser's tools: reminder text
//! stripped, ability words dropped, the card's own name made the
//! self-reference `CARDNAME`, modern Oracle wording translated to the terms
//! of the 2007 Comprehensive Rules (`TERMS`), the line tokenized, and the
//! `P` cursor over the tokens with the `Cx` state of the ability being
//! compiled (`attempt` backtracks, `fail_at` records how far a parse got).

use super::*;
use crate::db::CardFace;
use crate::{
    Ability, Color, Cost, Effect, ObjectRef, PlayerRef, StaticAbility, Supertype, TargetKind,
    TargetSpec, Timing,
};

/// An ability word labels an ability and has no rules meaning of its own
/// ("Threshold — As long as seven or more cards are in your graveyard, …";
/// "Radiance — …", "Hellbent — …"): the ability is the text after it.
/// Threshold (502.23) and imprint (502.34) are keywords in the 2007 rules,
/// but their Oracle text spells out the whole ability after the label.
pub(super) fn strip_ability_word(line: &str) -> &str {
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
    let mut s = replace_names(text, card, face, SELF);
    for n in [
        "this creature",
        "This creature",
        "this permanent",
        "This permanent",
        "this land",
        "This land",
        // Inside quotes granted to artifacts and enchantments (Energy
        // Flux, Aura Flux): the object that has the ability.
        "this artifact",
        "This artifact",
        "this enchantment",
        "This enchantment",
    ] {
        s = replace_words(&s, n, SELF);
    }
    s
}

/// Replaces the card's own name (the full name, the face name, and for a
/// legendary card the short name before a comma) with `to`.
pub(super) fn replace_names(text: &str, card: &str, face: &CardFace, to: &str) -> String {
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
        if n.is_empty() {
            continue;
        }
        // A card named after a keyword action (Alliances' Exile: "Exile
        // target nonwhite attacking creature."): the word before "target"
        // is the instruction, not the card; it is kept and the other
        // occurrences are the card.
        if KEYWORD_ACTION_NAMES.contains(&n) {
            let verb = format!("{n} target");
            let held = s.replace(&verb, "\u{1}");
            s = replace_words(&held, n, to).replace('\u{1}', &verb);
        } else {
            s = replace_words(&s, n, to);
        }
    }
    s
}

/// Card names that are also the Oracle word of a keyword action (Exile).
const KEYWORD_ACTION_NAMES: &[&str] = &["Exile"];

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
    // Pulse of the Forge: the damaged player's or planeswalker's.
    (
        "that player or that planeswalker's controller",
        "that player",
    ),
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
    ("Activate no more than", "Play this ability no more than"),
    ("Activate no more times", "Play this ability no more times"),
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
pub(super) struct Tok {
    pub(super) raw: String,
    pub(super) low: String,
}

pub(super) fn tokenize(line: &str) -> Vec<Tok> {
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
pub(super) struct P<'a> {
    pub(super) t: &'a [Tok],
    pub(super) i: usize,
    /// The furthest token reached, for error messages.
    pub(super) far: usize,
    /// Abilities in quotes compiled on this line ("has \"{T}: …\""), to
    /// be appended to the face's `granted` list; `grant_base` is that
    /// list's length before the line.
    pub(super) granted: Vec<Ability>,
    pub(super) grant_base: usize,
}

impl<'a> P<'a> {
    pub(super) fn new(t: &'a [Tok]) -> Self {
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
    pub(super) fn quoted_ability(&mut self) -> Option<u8> {
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
        let index = self.grant(vec![a])?;
        while self.i <= close {
            self.bump();
        }
        Some(index)
    }
    /// Abilities granted by an effect (layer 5), appended to the face's
    /// `granted` list: the index of the first (the rest follow it,
    /// `LayerEffect::grant_more`). Triggers the engine looks for elsewhere
    /// than in the computed abilities (last known information, 404.4c;
    /// graveyards, 402.8h; state triggers, 410.11; a discarded card) stay
    /// unsupported, as do static abilities but one.
    pub(super) fn grant(&mut self, abilities: Vec<Ability>) -> Option<u8> {
        let index = u8::try_from(self.grant_base + self.granted.len()).ok()?;
        if abilities.is_empty() || !abilities.iter().all(found_in_play) {
            return None;
        }
        self.granted.extend(abilities);
        Some(index)
    }
    pub(super) fn peek_at(&self, k: usize) -> &'a str {
        self.t.get(self.i + k).map_or("", |t| t.low.as_str())
    }
    pub(super) fn peek(&self) -> &'a str {
        self.peek_at(0)
    }
    pub(super) fn raw(&self) -> &'a str {
        self.t.get(self.i).map_or("", |t| t.raw.as_str())
    }
    pub(super) fn at_end(&self) -> bool {
        self.i >= self.t.len()
    }
    pub(super) fn bump(&mut self) -> &'a str {
        let w = self.peek();
        self.i += 1;
        self.far = self.far.max(self.i);
        w
    }
    pub(super) fn at(&self, w: &str) -> bool {
        self.peek() == w
    }
    pub(super) fn eat(&mut self, w: &str) -> bool {
        if self.at(w) {
            self.bump();
            true
        } else {
            false
        }
    }
    pub(super) fn eat_any(&mut self, ws: &[&str]) -> Option<&'a str> {
        let w = self.peek();
        if ws.contains(&w) {
            self.bump();
            Some(w)
        } else {
            None
        }
    }
    /// Matches a phrase of space-separated lowercase words, all or nothing.
    pub(super) fn at_any_of(&self, words: &[&str]) -> bool {
        words.contains(&self.peek())
    }

    pub(super) fn at_all(&self, phrase: &str) -> bool {
        phrase
            .split(' ')
            .enumerate()
            .all(|(k, w)| self.peek_at(k) == w)
    }
    /// `at_all` from `k` tokens ahead.
    pub(super) fn at_all_from(&self, k: usize, phrase: &str) -> bool {
        phrase
            .split(' ')
            .enumerate()
            .all(|(j, w)| self.peek_at(k + j) == w)
    }
    pub(super) fn eat_all(&mut self, phrase: &str) -> bool {
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
    pub(super) fn eat_end(&mut self) -> bool {
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
    pub(super) fn rest(&self) -> String {
        let from = self.far.saturating_sub(1).min(self.t.len());
        let words: Vec<&str> = self.t[from..].iter().map(|t| t.raw.as_str()).collect();
        words.join(" ")
    }
}

pub(super) type R<T> = Result<T, String>;

/// The state of one ability (or one spell) being compiled.
#[derive(Clone, Debug, Default)]
pub(super) struct Cx {
    pub(super) targets: Vec<TargetSpec>,
    pub(super) effects: Vec<Effect>,
    /// The object "it" refers to.
    pub(super) last_obj: Option<ObjectRef>,
    /// The player "that player" refers to.
    pub(super) last_player: Option<PlayerRef>,
    /// The trigger supplies an object ("that creature") or a player ("that player").
    pub(super) trig_obj: bool,
    /// The trigger is a land's being tapped for mana (406.1b): its "adds
    /// … mana of any color" is a triggered mana ability's choice.
    pub(super) mana_trigger: bool,
    pub(super) trig_player: bool,
    /// The trigger is a spell or ability targeting something ("that spell
    /// or ability" is the targeting one: `ObjectRef::TargetingSpellOrAbility`).
    pub(super) trig_targeting: bool,
    /// "that creature" / "that land" names the enchanted permanent: an
    /// intervening "if enchanted creature has flying," (Earthbind) or the
    /// upkeep of enchanted land's controller (Erosion) named it, whatever
    /// the trigger's own object.
    pub(super) that_attached: bool,
    /// The trigger's card is in the controller's graveyard ("Whenever a
    /// creature is put into your graveyard from play"): "your hand" is
    /// its owner's.
    pub(super) trig_card_yours: bool,
    /// 410.11: the state of a "When [condition]," state trigger
    /// (`StateTrigger::Condition`), kept as the ability's condition.
    pub(super) state_condition: Option<crate::Condition>,
    /// The trigger event has an amount ("that many": the damage dealt).
    pub(super) trig_amount: bool,
    /// The trigger is "When you cycle CARDNAME" (Decree of Justice: "you
    /// may pay {X}" after it).
    pub(super) trig_kind_cycled: bool,
    /// The trigger is "When you play this spell" (409.1i): "counter
    /// CARDNAME" counters the spell the ability belongs to.
    pub(super) trig_played_this: bool,
    /// The clause began "Until end of turn, …".
    pub(super) until_eot: bool,
    /// 402.8h: the ability functions in the graveyard ("if CARDNAME is in
    /// your graveyard, …"), so "return CARDNAME to your hand" returns the
    /// card from there.
    pub(super) in_graveyard: bool,
    /// The trigger is "When CARDNAME is put into your graveyard from
    /// play" (Zodiac Dragon): the card is then in your graveyard, so
    /// "return it to your hand" returns it from there.
    pub(super) died_to_your_graveyard: bool,
    /// The trigger is one of the card in the graveyard itself ("When
    /// CARDNAME is put into your graveyard from your library", Narcomoeba):
    /// "it" is the ability's source, the card there.
    pub(super) source_in_graveyard: bool,
    /// The instructions are a spell's (an instant's or sorcery's): "return
    /// CARDNAME to its owner's hand" is the spell's own (the Pulses).
    pub(super) is_spell: bool,
    /// The trigger is "When [this] is put into a graveyard from play": "it"
    /// in "put it on top of its owner's library" is the card in its
    /// owner's graveyard (217.1c).
    pub(super) died: bool,
    /// The player who is the subject of the clause just read ("Target
    /// player draws a card"): a following ", then discards a card" has
    /// the same subject.
    pub(super) clause_player: Option<PlayerRef>,
    /// The clause began "Until your next upkeep, …" (Xenic Poltergeist).
    pub(super) until_upkeep: bool,
    /// "Play this spell only during combat after blockers are declared."
    pub(super) timing: Option<Timing>,
    /// "Cast this spell only if you control a snow land." (Blizzard).
    pub(super) only_if: Option<crate::Condition>,
    /// 409.1f: "As an additional cost to play this spell, discard N cards."
    pub(super) additional_cost: Option<Cost>,
    /// "Spend only black mana on X."
    pub(super) x_color: Option<Color>,
    /// 502.21a: the kicker costs, in the order listed.
    pub(super) kicker: Vec<Cost>,
    /// 502.16a: the buyback cost.
    pub(super) buyback: Option<Cost>,
    /// 502.52a: the replicate cost.
    pub(super) replicate: Option<Cost>,
    /// 502.40a: "Splice onto [subtype] [cost]".
    pub(super) splice: Option<crate::Splice>,
    /// 502.22a: the flashback cost.
    pub(super) flashback: Option<Cost>,
    /// 409.1b: the alternative cost.
    pub(super) alternative: Option<crate::AlternativeCost>,
    /// 502.46a: convoke.
    pub(super) convoke: bool,
    /// 502.59a: suspend's time counters and cost.
    pub(super) suspend: Option<crate::Suspend>,
    /// 502.64a: delve.
    pub(super) delve: bool,
    /// "You may play CARDNAME as though it had flash. …" (Armor of Thorns).
    pub(super) as_though_flash: bool,
    /// 502.24a: the madness cost.
    pub(super) madness: Option<Cost>,
    /// 502.32a: the entwine cost.
    pub(super) entwine: Option<Cost>,
    /// Where the previous sentence's effects begin ("… instead" replaces them).
    pub(super) prev_sentence: usize,
    /// 410.5: the triggered ability is optional ("you may …"), so its
    /// first sentence is what the player chooses to do and "If you do, …"
    /// the rest of the ability (Moonring Mirror).
    pub(super) optional: bool,
    /// The trigger event is a card discarded ("that card", Necropotence):
    /// its object is the card in the graveyard.
    pub(super) trig_card: bool,
    /// "Choose a color." began the ability: a later "protection from the
    /// chosen color" names that colour, chosen as the effect is created
    /// (Akroma's Blessing, Bathe in Light).
    pub(super) color_chosen: bool,
    /// "Choose a creature type [other than Wall]." began the ability: a
    /// later "becomes that type" / "creatures of that type" names that
    /// type, chosen as the effect is created (Standardize, Outbreak);
    /// `Some(true)`: Wall can't be chosen.
    pub(super) type_chosen: Option<bool>,
    /// 409.1h: how many permanents the activated ability's cost
    /// sacrifices ("the sacrificed creature's power", Bloodshot Cyclops).
    pub(super) cost_sacrifices: u8,
    /// 409.1h: the activated ability's cost discards exactly one card ("the
    /// discarded card's converted mana cost", Volrath the Fallen) or
    /// removes exactly one card from the game ("the exiled card's …",
    /// Necropolis): the one card paid with.
    pub(super) cost_discards_one: bool,
    pub(super) cost_exiles_one: bool,
    /// The ability's cost removes all counters of this kind from its
    /// source ("Remove all pain counters from CARDNAME"): "the number of
    /// pain counters removed this way" is the ability's X.
    pub(super) cost_removes_all: Option<crate::CounterKind>,
    /// A group of "the active player"'s permanents was named ("Creatures
    /// the active player controls …", Siren's Call): a later "that player
    /// controls" is the active player's too.
    pub(super) active_group: bool,
}

impl Cx {
    pub(super) fn add_target(&mut self, kind: TargetKind, other: bool) -> u8 {
        let i = self.targets.len() as u8;
        self.targets.push(TargetSpec {
            kind,
            count: 1,
            up_to: false,
            other,
            distinct: false,
            count_by: None,
            min: 0,
            opponent_chooses: false,
            more_than_you: None,
        });
        i
    }
    /// "it": the last object named, else the object of the trigger event,
    /// else the object with the ability.
    pub(super) fn it(&self) -> ObjectRef {
        match &self.last_obj {
            Some(o) => o.clone(),
            None if self.trig_obj => ObjectRef::Triggering,
            None => ObjectRef::This,
        }
    }
}

/// Runs a parse step; on failure the cursor and context are restored.
pub(super) fn attempt<T>(
    p: &mut P,
    cx: &mut Cx,
    f: impl FnOnce(&mut P, &mut Cx) -> Option<T>,
) -> Option<T> {
    let (i, saved) = (p.i, cx.clone());
    let r = f(p, cx);
    if r.is_none() {
        p.i = i;
        *cx = saved;
    }
    r
}

pub(super) fn fail_at<T>(p: &mut P, start: usize) -> Option<T> {
    p.i = start;
    None
}

/// Is a granted ability one the engine reads from the computed abilities
/// (`P::grant`)?
fn found_in_play(a: &Ability) -> bool {
    // A token names the ability that created it (216.2, the engine's
    // `TokenSource`), a granted one by the granting card's `granted` list
    // (Squirrel Nest).
    match a {
        Ability::Activated(_) | Ability::Mana(_) => true,
        // 502.11: read from the computed abilities (`banding.rs`).
        Ability::BandsWithOther(_) => true,
        // 418.5b: "This creature's power and toughness are each equal
        // to the number of creature cards in your graveyard" (Svogthos),
        // applied with the effect that grants it (`layers`).
        Ability::Static(StaticAbility::PowerToughnessFromCards { .. }) => true,
        Ability::Triggered(t) => !matches!(
            t.trigger,
            crate::Trigger::PutIntoGraveyardFromPlay(_)
                | crate::Trigger::PutIntoGraveyardOfFromPlay(..)
                | crate::Trigger::LeavesPlay
                | crate::Trigger::State(_)
                | crate::Trigger::BeginningOfFromGraveyard { .. }
                | crate::Trigger::DiscardedByOpponent
        ),
        _ => false,
    }
}
