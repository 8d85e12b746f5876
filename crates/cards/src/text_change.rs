//! 418.6: a card face's abilities as a text-changing effect rewrites them
//! ("replace all instances of one color word with another", "… of one
//! basic land type with another": Sleight of Mind, Magical Hack, Mind
//! Bend).
//!
//! 418.6a: only the words used as colour words or land types change, never
//! mana symbols or names. In the typed ability model those words are the
//! fields that hold a colour or a land type *as a word of the text*: the
//! filters' colours and subtypes ("target red creature", "enchant Forest",
//! islandwalk's "Island", "for each Swamp you control"), the colours and
//! land types effects give ("becomes blue", "becomes a Forest", "gains
//! protection from black", a token's "green Bear"), a copy's "except that
//! it's red". Mana costs and the mana abilities produce (`{R}`), the
//! card's name and its own colour (from its mana cost, 203.1) are in other
//! fields and don't change.
//!
//! The rewrite walks the face's abilities in their serialized form and
//! changes the fields named below; the result is interned per (card, face,
//! change) for the whole process, like the database itself (an immutable
//! derived value: at most one per card and one of the 40 possible changes,
//! and only for the cards some game changed). The game keeps only the
//! change (`Characteristics::text`); a reference to a rewritten ability
//! (`AbilityRef::Bent`) names the card, the face, the index and the change.

use crate::{db, BasicLandType, CardFace, CardId, Color, ColorSet, Keyword, KeywordSet};
use crate::{Subtype, TextChange};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// Fields holding a set of colours used as colour words.
const COLOR_SETS: &[&str] = &[
    "colors_any",
    "colors_none",
    "colors",
    "set_colors",
    "add_protection",
];
/// Fields holding one colour used as a colour word.
const COLOR_ONE: &[&str] = &["color"];
/// Fields holding subtypes (basic land types among them).
const SUBTYPES: &[&str] = &["subtypes_any", "subtypes_none", "subtypes", "add_subtypes"];
/// Fields holding one basic land type.
const LAND_ONE: &[&str] = &["set_land_type"];
/// Fields holding keywords (the landwalks name a land type).
const KEYWORDS: &[&str] = &["keywords", "add_keywords", "remove_keywords"];

impl TextChange {
    /// 418.6a: landwalk keywords name a basic land type ("islandwalk"
    /// becomes "swampwalk").
    pub fn keywords(self, k: KeywordSet) -> KeywordSet {
        const WALKS: [(Keyword, BasicLandType); 5] = [
            (Keyword::Plainswalk, BasicLandType::Plains),
            (Keyword::Islandwalk, BasicLandType::Island),
            (Keyword::Swampwalk, BasicLandType::Swamp),
            (Keyword::Mountainwalk, BasicLandType::Mountain),
            (Keyword::Forestwalk, BasicLandType::Forest),
        ];
        let mut out = k;
        for (kw, _) in WALKS {
            out.remove(kw);
        }
        for (kw, land) in WALKS {
            if k.has(kw) {
                let to = self.land_type(land);
                if let Some(&(new, _)) = WALKS.iter().find(|&&(_, l)| l == to) {
                    out.insert(new);
                }
            }
        }
        out
    }

    /// A subtype after the change (a basic land type may change).
    pub fn subtype(self, s: Subtype) -> Subtype {
        match s.basic_land_type() {
            Some(b) => Subtype::of_basic(self.land_type(b)),
            None => s,
        }
    }
}

fn bend_value(v: &mut Value, t: TextChange) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(|x| bend_value(x, t)),
        Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                let k = k.as_str();
                if COLOR_SETS.contains(&k) {
                    if let Some(n) = x.as_u64() {
                        *x = Value::from(t.colors(ColorSet(n as u8)).0);
                        continue;
                    }
                }
                if COLOR_ONE.contains(&k) {
                    if let Ok(c) = serde_json::from_value::<Color>(x.clone()) {
                        *x = serde_json::to_value(t.color(c)).unwrap_or(Value::Null);
                        continue;
                    }
                }
                if LAND_ONE.contains(&k) {
                    if let Ok(b) = serde_json::from_value::<BasicLandType>(x.clone()) {
                        *x = serde_json::to_value(t.land_type(b)).unwrap_or(Value::Null);
                        continue;
                    }
                }
                if KEYWORDS.contains(&k) {
                    if let Some(n) = x.as_u64() {
                        *x = Value::from(t.keywords(KeywordSet(n as u32)).0);
                        continue;
                    }
                }
                if SUBTYPES.contains(&k) {
                    bend_subtypes(x, t);
                    continue;
                }
                bend_value(x, t);
            }
        }
        _ => {}
    }
}

/// Subtype ids wherever they sit in the field (a list, or a set's items).
fn bend_subtypes(v: &mut Value, t: TextChange) {
    match v {
        Value::Number(n) => {
            if let Some(id) = n.as_u64() {
                *v = Value::from(t.subtype(Subtype(id as u16)).0);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|x| bend_subtypes(x, t)),
        Value::Object(map) => map.values_mut().for_each(|x| bend_subtypes(x, t)),
        _ => {}
    }
}

/// `x` rewritten by `t`, and whether anything changed.
fn bent<T: serde::Serialize + serde::de::DeserializeOwned>(
    x: &T,
    t: TextChange,
) -> Option<(T, bool)> {
    let before = serde_json::to_value(x).ok()?;
    let mut v = before.clone();
    bend_value(&mut v, t);
    let changed = v != before;
    Some((serde_json::from_value(v).ok()?, changed))
}

type Key = (CardId, u8, TextChange);

static CACHE: OnceLock<Mutex<HashMap<Key, &'static CardFace>>> = OnceLock::new();

/// The rewritten faces of `card` made so far, with their face index (where
/// an effect of a rewritten ability is found by identity).
pub fn bent_faces(card: CardId) -> Vec<(u8, &'static CardFace)> {
    let Some(cache) = CACHE.get() else {
        return Vec::new();
    };
    let map = cache.lock().unwrap_or_else(|e| e.into_inner());
    let mut out: Vec<(u8, &'static CardFace)> = map
        .iter()
        .filter(|(k, _)| k.0 == card)
        .map(|(k, f)| (k.1, *f))
        .collect();
    out.sort_by_key(|(fi, f)| (*fi, *f as *const CardFace as usize));
    out
}

/// The face `face` of `card` with its abilities' text changed by `t`
/// (418.6); the printed face if `t` changes nothing in it.
pub fn bent_face(card: CardId, face: u8, t: TextChange) -> &'static CardFace {
    let printed = &db().get(card).faces[face as usize];
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(f) = map.get(&(card, face, t)) {
        return f;
    }
    let (Some((abilities, a)), Some((granted, g)), Some((spell, s))) = (
        bent(&printed.abilities, t),
        bent(&printed.granted, t),
        bent(&printed.spell, t),
    ) else {
        return printed;
    };
    // 212.6c, 418.6a: the type line's basic land types change too ("It can
    // be used to change a land's type … Forest can be changed to Island so
    // it produces blue mana"), and with them the intrinsic mana abilities
    // the compiler put first, one per basic land type.
    let mut abilities = abilities;
    let mut lands = false;
    let basics = printed
        .subtypes
        .iter()
        .filter_map(|st| st.basic_land_type());
    for (i, b) in basics.enumerate() {
        let to = t.land_type(b);
        if to != b && abilities.get(i) == Some(crate::land_type_ability(b)) {
            abilities[i] = crate::land_type_ability(to).clone();
            lands = true;
        }
    }
    let out: &'static CardFace = if a || g || s || lands {
        let mut f = printed.clone();
        f.abilities = abilities;
        f.granted = granted;
        f.spell = spell;
        Box::leak(Box::new(f))
    } else {
        printed
    };
    map.insert((card, face, t), out);
    out
}
