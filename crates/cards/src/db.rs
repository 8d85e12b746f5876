//! The card database: every card of the pool, parsed and compiled once and
//! shared by every game (DEVELOPERS.md, decision 1: definitions are never
//! copied per game; objects refer to them by [`CardId`]).

use crate::compile::{compile_face, Unsupported};
use crate::data::{RawCard, RawCardFile, RawFace};
use crate::{
    Ability, CardType, ColorSet, KeywordSet, ManaCost, SpellAbility, Subtype, SubtypeSet,
    Supertype, SupertypeSet, TypeSet,
};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Index of a card in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

/// A card name a player named ("name a card", 505.7, 508.2): a card of the
/// pool and which of its names. `alt` is a flip card's alternative name
/// (the name a flipped permanent has, 508.2); a split card is named by both
/// halves (505.7), its card name. Stored as ids, not text, so objects and
/// actions holding a name stay small `Copy` values; [`CardName::as_str`]
/// gives the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardName {
    pub card: CardId,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alt: bool,
}

impl CardName {
    /// The name itself (a split card's both names, "Fire // Ice").
    /// An id outside the pool (bad input from a client) gives "?".
    pub fn as_str(self) -> &'static str {
        if self.card.0 as usize >= db().len() {
            return "?";
        }
        let def = db().get(self.card);
        match (self.alt, def.layout) {
            (alt, Layout::Flip) if def.faces.len() > usize::from(alt) => {
                &def.faces[usize::from(alt)].name
            }
            _ => &def.name,
        }
    }
}

/// The card layouts of the 2007 pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Layout {
    Normal,
    /// 505: split cards (two faces side by side).
    Split,
    /// 508: flip cards (normal face, then the alternative flipped face).
    Flip,
}

/// A printed power or toughness (`*`, `1+*` or a number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PtValue {
    Fixed(i32),
    /// `*` or `N+*`: defined by a characteristic-defining ability; the number is the fixed part.
    Star(i32),
}

impl PtValue {
    pub fn base(self) -> i32 {
        match self {
            PtValue::Fixed(n) | PtValue::Star(n) => n,
        }
    }
    fn parse(s: &str) -> Option<PtValue> {
        if let Ok(n) = s.parse::<i32>() {
            return Some(PtValue::Fixed(n));
        }
        if s == "*" {
            return Some(PtValue::Star(0));
        }
        if let Some(n) = s.strip_suffix("+*").and_then(|n| n.parse::<i32>().ok()) {
            return Some(PtValue::Star(n));
        }
        // "7-*" (Shapeshifter): its ability defines it in play; elsewhere,
        // with no number chosen, the value is N (N minus nothing).
        if let Some(n) = s.strip_suffix("-*").and_then(|n| n.parse::<i32>().ok()) {
            return Some(PtValue::Star(n));
        }
        None
    }
}

/// One face of a card with its characteristics (200s) and compiled abilities.
#[derive(Clone, Debug, Serialize)]
pub struct CardFace {
    pub name: String,
    pub mana_cost: Option<ManaCost>,
    pub colors: ColorSet,
    pub types: TypeSet,
    pub supertypes: SupertypeSet,
    pub subtypes: SubtypeSet,
    pub power: Option<PtValue>,
    pub toughness: Option<PtValue>,
    /// Oracle text (modern wording).
    pub oracle_text: String,
    pub printed_type: Option<String>,
    pub printed_text: Option<String>,
    /// Keyword abilities without parameters, as a bit set (also present in `abilities`).
    pub keywords: KeywordSet,
    pub abilities: Vec<Ability>,
    /// Abilities this face's effects grant in quotes ("Enchanted creature
    /// has \"{T}: …\""), named by `LayerEffect::grant` (`AbilityRef::Granted`).
    pub granted: Vec<Ability>,
    /// The instructions of an instant or sorcery.
    pub spell: SpellAbility,
    /// 502.7: protection from these colours / card types (derived from `abilities`).
    pub protection_colors: ColorSet,
    pub protection_types: TypeSet,
    /// 502.7: protection from these subtypes (Fallen Cleric: Clerics;
    /// Kitsune Riftwalker: Spirits and Arcane).
    pub protection_subtypes: SubtypeSet,
    /// 502.7: protection from qualities other than these (bits
    /// `PROTECTION_*`: monocolored, multicolored, snow, legendary creatures).
    pub protection_qualities: u8,
    /// Has at least one static ability (derived; lets the engine skip
    /// permanents that generate no continuous effects).
    pub has_statics: bool,
    /// Has a state-triggered ability (410.11; derived), so the engine
    /// checks the game state only for such permanents.
    pub has_state_triggers: bool,
    /// Has a triggered ability that functions in the graveyard (402.8h,
    /// Squee; derived), so the engine looks at graveyards only for such cards.
    pub has_graveyard_triggers: bool,
    /// Has a static ability that functions in the graveyard (402.8h,
    /// Anger; derived), so the layers look at graveyards only for such cards.
    pub has_graveyard_statics: bool,
    /// Has an activated ability that functions in the hand (502.18a
    /// cycling; derived), so the engine looks at hands only for such cards.
    pub has_hand_abilities: bool,
    /// Has an activated ability that functions in the graveyard (402.8h:
    /// "Return [this] from your graveyard to your hand"; derived), so the
    /// engine looks at graveyards for abilities only then.
    #[serde(default)]
    pub has_graveyard_abilities: bool,
    /// 217.7d: an ability returns "the removed card(s)" (Faceless
    /// Butcher; derived), so the cards its other abilities remove from the
    /// game are recorded as removed with this object.
    #[serde(default)]
    pub links_removals: bool,
    /// A triggered ability counts creatures of a subtype that died this
    /// turn ("for each Zubera that died this turn"; derived), so the
    /// engine records the subtypes of the creatures that die only in a
    /// game with such a card.
    #[serde(default)]
    pub counts_deaths_by_type: bool,
    /// 217.9c: "Remove [this card] from your deck before playing if you're
    /// not playing for ante": a deck holding it is refused for a game not
    /// played for ante.
    #[serde(default)]
    pub ante_only: bool,
    /// 502.47a: the N of "Dredge N" (0: none; derived), so the engine
    /// looks at graveyards for draw replacements only for such cards.
    pub dredge: u8,
    /// Which kinds of abilities the face has (derived; `AbilityKinds`
    /// bits), so the engine's per-permanent flags need no walk of the list.
    pub ability_kinds: u8,
    /// `Err` if the Oracle text did not compile completely: the card is then
    /// reported as unsupported and never half-played.
    pub support: Result<(), Unsupported>,
}

impl CardFace {
    pub fn is_type(&self, t: CardType) -> bool {
        self.types.contains(t)
    }
    /// Whether the face prints this static ability (as written, before
    /// any effect: what the card does as it begins the game or comes
    /// into play).
    pub fn has_static(&self, s: &crate::StaticAbility) -> bool {
        self.abilities
            .iter()
            .any(|a| matches!(a, crate::Ability::Static(x) if x == s))
    }
    pub fn type_line(&self) -> String {
        let mut s = String::new();
        for st in self.supertypes.iter() {
            s.push_str(st.name());
            s.push(' ');
        }
        let types: Vec<&str> = self.types.iter().map(CardType::name).collect();
        s.push_str(&types.join(" "));
        if !self.subtypes.is_empty() {
            s.push_str(" - ");
            let subs: Vec<String> = self.subtypes.iter().map(Subtype::name).collect();
            s.push_str(&subs.join(" "));
        }
        s
    }
}

/// The kinds of abilities in a list, as [`AbilityKinds`] bits.
pub fn ability_kinds<'a>(abilities: impl IntoIterator<Item = &'a Ability>) -> u8 {
    abilities.into_iter().fold(0, |k, a| {
        k | match a {
            Ability::Static(_) => AbilityKinds::STATIC,
            Ability::Mana(_) => AbilityKinds::MANA,
            Ability::Activated(_) => AbilityKinds::ACTIVATED,
            Ability::Triggered(_) => AbilityKinds::TRIGGERED,
            _ => 0,
        }
    })
}

/// Bits for the kinds of abilities a face has (`CardFace::ability_kinds`).
pub struct AbilityKinds;

impl AbilityKinds {
    pub const STATIC: u8 = 1;
    pub const MANA: u8 = 2;
    pub const ACTIVATED: u8 = 4;
    pub const TRIGGERED: u8 = 8;
}

#[derive(Clone, Debug, Serialize)]
pub struct Ruling {
    pub date: String,
    pub text: String,
}

/// A card definition: immutable, shared.
#[derive(Clone, Debug, Serialize)]
pub struct CardDef {
    pub id: CardId,
    pub name: String,
    pub layout: Layout,
    pub faces: Vec<CardFace>,
    pub rulings: Vec<Ruling>,
    pub first_set: String,
    pub release_date: String,
}

impl CardDef {
    /// The face used everywhere for a normal card, and the unflipped face of a flip card.
    pub fn front(&self) -> &CardFace {
        &self.faces[0]
    }
    /// True if every face compiled completely.
    pub fn is_supported(&self) -> bool {
        self.faces.iter().all(|f| f.support.is_ok())
    }
    pub fn unsupported(&self) -> Option<&Unsupported> {
        self.faces.iter().find_map(|f| f.support.as_ref().err())
    }
    /// 217.9c: "Remove [this card] from your deck before playing if you're
    /// not playing for ante": a deck holding it plays only for ante.
    pub fn ante_only(&self) -> bool {
        self.faces.iter().any(|f| f.ante_only)
    }
}

/// 217.7d: an instruction that returns the cards the linked ability
/// removed ("return the removed card to play", Faceless Butcher).
fn returns_linked_removed(e: &crate::Effect) -> bool {
    use crate::{Effect, ObjectRef};
    match e {
        Effect::PutIntoPlay { what, .. } | Effect::PutIntoGraveyard { what } => {
            matches!(what, ObjectRef::Removed(r) if r.linked)
        }
        // "You may sacrifice CARDNAME. If you do, return each card exiled
        // with CARDNAME …" (Safe Haven): the branch paid.
        Effect::UnlessPays { if_paid, .. } => if_paid.iter().any(returns_linked_removed),
        _ => false,
    }
}

/// Errors loading card data: each names the card.
#[derive(Debug, thiserror::Error)]
pub enum CardDataError {
    #[error("card data is not valid JSON: {0}")]
    Json(String),
    #[error("card {card:?}: {problem}")]
    Card { card: String, problem: String },
    #[error("card data holds {0} cards; at most 65535 are supported")]
    TooMany(usize),
}

/// All cards, by id and by name.
///
/// The shipped pool is indexed at build time (`build.rs`): the names come
/// from the index, and each card is parsed and compiled the first time it is
/// used ([`CardDb::get`]), once per process, shared by every game. A card's
/// compiled definition never depends on which cards were compiled before it
/// (subtype ids are fixed by `data/subtypes.txt`), so the order of first use
/// changes nothing.
#[derive(Debug)]
pub struct CardDb {
    pub version: String,
    /// The pool, then one synthetic entry (`face_down`) that is not part
    /// of it: `iter`, `len` and the name lookups see only the pool.
    cards: Vec<OnceLock<CardDef>>,
    /// The pool is the shipped data, each card compiled on first use from
    /// its line of `SHIPPED_TEXT`; false when every card was built at once.
    shipped: bool,
    /// Lowercased card names, and the face names of split and flip cards.
    by_name: HashMap<Cow<'static, str>, CardId>,
    /// The names a player may name ([`CardDb::nameable`]): card names and
    /// flip cards' face names, each for the first card that has it.
    nameable: HashMap<Cow<'static, str>, CardId>,
    /// 504.2, 502.26a: the characteristics of a face-down spell or
    /// permanent (a 2/2 creature with no name, text, subtypes, colour or
    /// mana cost), as a card definition so that every reader of a face in
    /// force sees exactly those values.
    pub face_down: CardId,
}

/// The build-time index of the shipped card data (`build.rs`).
mod shipped {
    include!(concat!(env!("OUT_DIR"), "/card_index.rs"));
}

/// The FNV-1a 64-bit hash of the shipped `data/cards.json` (computed at
/// build time), for replays.
pub fn shipped_data_hash() -> &'static str {
    shipped::HASH
}

/// The synthetic face-down definition (504.2, 502.26a).
fn face_down_def(id: CardId) -> CardDef {
    let mut types = TypeSet::EMPTY;
    types.insert(CardType::Creature);
    CardDef {
        id,
        name: String::new(),
        layout: Layout::Normal,
        faces: vec![CardFace {
            name: String::new(),
            mana_cost: None,
            colors: ColorSet::EMPTY,
            types,
            supertypes: SupertypeSet::default(),
            subtypes: SubtypeSet::new(),
            power: Some(PtValue::Fixed(2)),
            toughness: Some(PtValue::Fixed(2)),
            oracle_text: String::new(),
            printed_type: None,
            printed_text: None,
            keywords: KeywordSet::EMPTY,
            abilities: Vec::new(),
            spell: SpellAbility::default(),
            protection_colors: ColorSet::EMPTY,
            protection_types: TypeSet::EMPTY,
            protection_subtypes: SubtypeSet::new(),
            protection_qualities: 0,
            has_statics: false,
            has_state_triggers: false,
            has_graveyard_triggers: false,
            has_graveyard_statics: false,
            has_hand_abilities: false,
            has_graveyard_abilities: false,
            links_removals: false,
            counts_deaths_by_type: false,
            ante_only: false,
            dredge: 0,
            ability_kinds: 0,
            granted: Vec::new(),
            support: Ok(()),
        }],
        rulings: Vec::new(),
        first_set: String::new(),
        release_date: String::new(),
    }
}

static DB: OnceLock<CardDb> = OnceLock::new();

/// The shipped card data; `shipped::RANGES` gives each card's line.
static SHIPPED_TEXT: &str = include_str!("../data/cards.json");

/// The card database shipped with Tolaria, parsed on first use.
#[inline]
pub fn db() -> &'static CardDb {
    match DB.get() {
        Some(d) => d,
        None => init_db(),
    }
}

#[cold]
fn init_db() -> &'static CardDb {
    DB.get_or_init(CardDb::shipped)
}

impl CardDb {
    /// The shipped pool from its build-time index: names now, each card
    /// parsed and compiled on first use.
    fn shipped() -> CardDb {
        let n = shipped::NAMES.len();
        let mut cards = Vec::with_capacity(n + 1);
        cards.resize_with(n, OnceLock::new);
        let face_down = CardId(n as u16);
        cards.push(OnceLock::from(face_down_def(face_down)));
        let mut by_name = HashMap::with_capacity(n + 64);
        let mut nameable = HashMap::with_capacity(n + 64);
        let mut faces = shipped::FACE_NAMES.iter().peekable();
        for (i, &name) in shipped::NAMES.iter().enumerate() {
            let id = CardId(i as u16);
            by_name.insert(Cow::Borrowed(name), id);
            nameable.entry(Cow::Borrowed(name)).or_insert(id);
            while let Some(&&(card, flip, face)) = faces.peek() {
                if usize::from(card) != i {
                    break;
                }
                by_name.entry(Cow::Borrowed(face)).or_insert(id);
                if flip {
                    nameable.entry(Cow::Borrowed(face)).or_insert(id);
                }
                faces.next();
            }
        }
        CardDb {
            version: shipped::VERSION.to_string(),
            cards,
            shipped: true,
            by_name,
            nameable,
            face_down,
        }
    }

    /// A card database from card data text, every card parsed and compiled
    /// at once; an error names the first bad card.
    pub fn from_json(text: &str) -> Result<CardDb, CardDataError> {
        let file: RawCardFile =
            serde_json::from_str(text).map_err(|e| CardDataError::Json(e.to_string()))?;
        if file.cards.len() >= u16::MAX as usize {
            return Err(CardDataError::TooMany(file.cards.len()));
        }
        let mut cards = Vec::with_capacity(file.cards.len() + 1);
        let mut by_name = HashMap::with_capacity(file.cards.len() * 2);
        let mut nameable = HashMap::with_capacity(file.cards.len() * 2);
        for (i, raw) in file.cards.into_iter().enumerate() {
            let id = CardId(i as u16);
            let def = build_card(id, raw)?;
            let key = def.name.to_ascii_lowercase();
            by_name.insert(Cow::Owned(key.clone()), id);
            nameable.entry(Cow::Owned(key)).or_insert(id);
            if def.faces.len() > 1 {
                for f in &def.faces {
                    let key = f.name.to_ascii_lowercase();
                    by_name.entry(Cow::Owned(key.clone())).or_insert(id);
                    if def.layout == Layout::Flip {
                        nameable.entry(Cow::Owned(key)).or_insert(id);
                    }
                }
            }
            cards.push(OnceLock::from(def));
        }
        let face_down = CardId(cards.len() as u16);
        cards.push(OnceLock::from(face_down_def(face_down)));
        Ok(CardDb {
            version: file.version,
            cards,
            shipped: false,
            by_name,
            nameable,
            face_down,
        })
    }

    /// The card with this id, compiled on its first use.
    #[inline]
    pub fn get(&self, id: CardId) -> &CardDef {
        let cell = &self.cards[id.0 as usize];
        match cell.get() {
            Some(def) => def,
            None => self.compile(id),
        }
    }

    /// Parses and compiles a card of the shipped pool the first time it is
    /// used. The shipped data is checked whole by a test
    /// (`shipped_data_builds_whole`), so a failure here is a broken build.
    #[cold]
    fn compile(&self, id: CardId) -> &CardDef {
        self.cards[id.0 as usize].get_or_init(|| {
            // Sliced here, not when the index is built: slicing checks the
            // range's ends, and touching every card's line at start-up kept
            // the whole 6.8 MB text resident (issue 22's peak memory).
            let (a, b) = shipped::RANGES[id.0 as usize];
            let source = if self.shipped {
                &SHIPPED_TEXT[a..b]
            } else {
                ""
            };
            let raw: RawCard = serde_json::from_str(source)
                .unwrap_or_else(|e| panic!("shipped card {} is invalid: {e}", id.0));
            build_card(id, raw).unwrap_or_else(|e| panic!("shipped card data is invalid: {e}"))
        })
    }

    /// Looks up a card by its name, case-insensitively (a split or flip
    /// card's half name also finds it).
    pub fn by_name(&self, name: &str) -> Option<&CardDef> {
        self.by_name
            .get(name.trim().to_ascii_lowercase().as_str())
            .map(|&id| self.get(id))
    }

    /// A card by the name a person typed to look it up (`tolaria cards
    /// show`, Python's `cards.show`): its name, either half's name, or a
    /// split card written "Fire / Ice". Otherwise the error names the pool's
    /// cards whose names contain what was typed (at most 8).
    pub fn lookup(&self, name: &str) -> Result<&CardDef, String> {
        if let Some(card) = self
            .by_name(name)
            .or_else(|| self.by_name(&name.replace(" / ", " // ")))
        {
            return Ok(card);
        }
        let q = name.to_ascii_lowercase();
        let mut close: Vec<&str> = self
            .iter()
            .filter(|c| c.name.to_ascii_lowercase().contains(&q))
            .map(|c| c.name.as_str())
            .take(8)
            .collect();
        close.sort_unstable();
        let hint = if close.is_empty() {
            String::new()
        } else {
            format!("; did you mean: {}?", close.join(", "))
        };
        Err(format!(
            "no card named {name:?} in the card pool ({} cards){hint}",
            self.len()
        ))
    }

    /// The card a player may mean when naming a card ("name a card", e.g.
    /// Pithing Needle's "choose a card name"): a card of the pool by its
    /// name, or a flip card by its alternative name, which a flipped
    /// permanent has in play (508.1b, 508.2). The 2007 rules have no rule
    /// 508.5; naming the alternative name follows from 508.2 (a flipped
    /// permanent has that name), so an effect looking for that name must be
    /// able to name it. A split card is named by both halves (505.7: "Fire //
    /// Ice"), never by one half.
    pub fn nameable(&self, name: &str) -> Option<CardId> {
        self.nameable
            .get(name.trim().to_ascii_lowercase().as_str())
            .copied()
    }

    /// The name a player means by `name` (see [`CardDb::nameable`]), as a
    /// [`CardName`]: a flip card's alternative name keeps `alt`.
    pub fn card_name(&self, name: &str) -> Option<CardName> {
        let card = self.nameable(name)?;
        let def = self.get(card);
        let alt = def.layout == Layout::Flip
            && def.faces.len() > 1
            && def.faces[1].name.eq_ignore_ascii_case(name.trim());
        Some(CardName { card, alt })
    }

    /// Is this a name a player may name: a card of the pool (not the
    /// synthetic face-down entry), `alt` only for a flip card? (Bad input
    /// from a client is refused, never a panic.)
    pub fn is_valid_name(&self, name: CardName) -> bool {
        (name.card.0 as usize) < self.len()
            && (!name.alt || self.get(name.card).layout == Layout::Flip)
    }

    /// Whether a player may name this card name (see [`CardDb::nameable`]).
    pub fn is_nameable(&self, name: &str) -> bool {
        self.nameable(name).is_some()
    }

    /// The cards of the pool (not the synthetic face-down entry).
    pub fn iter(&self) -> impl Iterator<Item = &CardDef> {
        (0..self.len()).map(|i| self.get(CardId(i as u16)))
    }

    /// How many cards the pool holds.
    pub fn len(&self) -> usize {
        self.cards.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether this id is the synthetic face-down definition (504.2).
    #[inline]
    pub fn is_face_down(&self, id: CardId) -> bool {
        id == self.face_down
    }
}

fn build_card(id: CardId, raw: RawCard) -> Result<CardDef, CardDataError> {
    let err = |problem: String| CardDataError::Card {
        card: raw.name.clone(),
        problem,
    };
    let layout = match raw.layout.as_str() {
        "normal" => Layout::Normal,
        "split" => Layout::Split,
        "flip" => Layout::Flip,
        other => return Err(err(format!("unknown layout {other:?}"))),
    };
    if raw.faces.is_empty() {
        return Err(err("no faces".into()));
    }
    if layout != Layout::Normal && raw.faces.len() != 2 {
        return Err(err(format!(
            "{:?} card with {} faces",
            layout,
            raw.faces.len()
        )));
    }
    let mut faces = Vec::with_capacity(raw.faces.len());
    for f in &raw.faces {
        faces.push(build_face(&raw.name, f).map_err(err)?);
    }
    if layout == Layout::Flip {
        // 508.1: a flip card's colour and mana cost are those of its normal face.
        faces[1].mana_cost = faces[0].mana_cost.clone();
        faces[1].colors = faces[0].colors;
    }
    Ok(CardDef {
        id,
        name: raw.name.clone(),
        layout,
        faces,
        rulings: raw
            .rulings
            .iter()
            .map(|r| Ruling {
                date: r.date.clone(),
                text: r.text.clone(),
            })
            .collect(),
        first_set: raw.first_set.clone(),
        release_date: raw.release_date.clone(),
    })
}

fn build_face(card: &str, f: &RawFace) -> Result<CardFace, String> {
    let mana_cost = match &f.mana_cost {
        Some(m) => Some(ManaCost::parse(m).map_err(|e| e.to_string())?),
        None => None,
    };
    let mut colors = ColorSet::EMPTY;
    for c in &f.colors {
        let col = c
            .chars()
            .next()
            .and_then(crate::Color::from_symbol)
            .ok_or_else(|| format!("unknown colour {c:?}"))?;
        colors.insert(col);
    }
    let mut types = TypeSet::EMPTY;
    for t in &f.types {
        match CardType::from_name(t) {
            Some(ct) => types.insert(ct),
            // Types the 2007 rules do not have on cards of this pool (e.g. "Plane",
            // "Scheme") are an error naming the card.
            None => return Err(format!("unknown card type {t:?}")),
        }
    }
    let mut supertypes = SupertypeSet::default();
    for t in &f.supertypes {
        supertypes
            .insert(Supertype::from_name(t).ok_or_else(|| format!("unknown supertype {t:?}"))?);
    }
    let mut subtypes = SubtypeSet::new();
    for t in &f.subtypes {
        if !subtypes.insert(Subtype::intern(t)) {
            return Err("more than 7 subtypes".into());
        }
    }
    let pt = |v: &Option<String>| -> Result<Option<PtValue>, String> {
        match v {
            None => Ok(None),
            Some(s) => PtValue::parse(s)
                .map(Some)
                .ok_or_else(|| format!("unsupported power/toughness {s:?}")),
        }
    };
    let power = pt(&f.power);
    let toughness = pt(&f.toughness);
    let mut face = CardFace {
        name: f.name.clone(),
        mana_cost,
        colors,
        types,
        supertypes,
        subtypes,
        power: power.clone().unwrap_or(None),
        toughness: toughness.clone().unwrap_or(None),
        oracle_text: f.text.clone(),
        printed_type: f.printed_type.clone(),
        printed_text: f.printed_text.clone(),
        keywords: KeywordSet::EMPTY,
        protection_colors: ColorSet::EMPTY,
        protection_types: TypeSet::EMPTY,
        protection_subtypes: SubtypeSet::new(),
        protection_qualities: 0,
        has_statics: false,
        has_state_triggers: false,
        has_graveyard_triggers: false,
        has_graveyard_statics: false,
        has_hand_abilities: false,
        has_graveyard_abilities: false,
        links_removals: false,
        counts_deaths_by_type: false,
        ante_only: false,
        dredge: 0,
        ability_kinds: 0,
        abilities: Vec::new(),
        granted: Vec::new(),
        spell: SpellAbility::default(),
        support: Ok(()),
    };
    if let Err(e) = power.and(toughness) {
        face.support = Err(Unsupported {
            phrase: e.clone(),
            reason: e,
        });
        return Ok(face);
    }
    match compile_face(card, &face) {
        Ok(c) => {
            face.keywords = c.keywords();
            for a in &c.abilities {
                // Read from the compiled model's text form: the amount may
                // sit in any effect (a rare card, read once as it compiles).
                if let Ability::Triggered(t) = a {
                    face.counts_deaths_by_type |=
                        format!("{:?}", t.effects).contains("DiedThisTurnOf");
                }
                match a {
                    Ability::Protection(crate::Protection::Color(col)) => {
                        face.protection_colors.insert(*col)
                    }
                    Ability::Protection(crate::Protection::AllColors) => {
                        face.protection_colors = ColorSet(0x1f)
                    }
                    Ability::Protection(crate::Protection::CardType(t)) => {
                        face.protection_types.insert(*t)
                    }
                    Ability::Protection(crate::Protection::Subtype(s)) => {
                        face.protection_subtypes.insert(*s);
                    }
                    Ability::Protection(q) => face.protection_qualities |= q.quality_bit(),
                    // 502.26: morph generates no continuous effect.
                    Ability::Static(crate::StaticAbility::Morph(_)) => {}
                    // 502.47a: dredge functions only in a graveyard.
                    Ability::Static(crate::StaticAbility::Dredge(n)) => face.dredge = *n,
                    // 502.27a: amplify applies as the permanent comes into play.
                    Ability::Static(crate::StaticAbility::Amplify(_)) => {}
                    // 402.8h: it functions only in the graveyard.
                    Ability::Static(crate::StaticAbility::FromGraveyard(_)) => {
                        face.has_graveyard_statics = true
                    }
                    Ability::Static(_) => face.has_statics = true,
                    Ability::Triggered(t) if matches!(t.trigger, crate::Trigger::State(_)) => {
                        face.has_state_triggers = true
                    }
                    Ability::Triggered(t)
                        if matches!(
                            t.trigger,
                            crate::Trigger::BeginningOfFromGraveyard { .. }
                                | crate::Trigger::CreatureToYourGraveyard
                                | crate::Trigger::SpellPlayedFromGraveyard { .. }
                                | crate::Trigger::ComesIntoPlayFromGraveyard(_)
                        ) =>
                    {
                        face.has_graveyard_triggers = true
                    }
                    Ability::Activated(a) if a.from_hand => face.has_hand_abilities = true,
                    Ability::Activated(a) if a.from_graveyard => {
                        face.has_graveyard_abilities = true
                    }
                    Ability::Triggered(t) if t.effects.iter().any(returns_linked_removed) => {
                        face.links_removals = true
                    }
                    _ => {}
                }
            }
            face.ante_only = c.ante_only;
            face.abilities = c.abilities;
            face.spell = c.spell;
            face.granted = c.granted;
            face.ability_kinds = ability_kinds(&face.abilities);
            // 212.4 / 502.45: an Aura spell targets what its enchant ability allows.
            if face.types.contains(CardType::Enchantment)
                && face.subtypes.contains(Subtype::AURA)
                && face.spell.targets.is_empty()
            {
                if let Some(f) = face.abilities.iter().find_map(|a| match a {
                    Ability::Enchant(f) => Some(f.clone()),
                    _ => None,
                }) {
                    face.spell
                        .targets
                        .push(crate::TargetSpec::one(crate::TargetKind::Permanent(f)));
                }
            }
        }
        Err(u) => face.support = Err(u),
    }
    Ok(face)
}
