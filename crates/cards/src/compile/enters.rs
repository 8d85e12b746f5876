//! How a permanent comes into play, read from its own text: the
//! replacement "If CARDNAME would come into play, sacrifice a Forest
//! instead. If you do, put CARDNAME into play. If you don't, put it into
//! its owner's graveyard." (419.6; Heart of Yavimaya, Lotus Vale, Mox
//! Diamond's "you may discard a land card instead", Sheltered Valley's
//! "instead sacrifice each other permanent named CARDNAME you control,
//! then put CARDNAME into play") and the choice "As CARDNAME comes into
//! play, you may pay 2 life. If you don't, it comes into play tapped."
//! (419.1b; the Ravnica shock lands).

use super::*;
use crate::{Cost, StaticAbility};

/// One of the lines this file reads, or `None` (the cursor unmoved).
pub(super) fn enters_static(p: &mut P) -> Option<Vec<StaticAbility>> {
    if p.at_all("if cardname would come into play ,") {
        return attempt(p, &mut Cx::default(), |p, _| enters_instead(p));
    }
    if p.at_all("as cardname comes into play , you may pay") {
        return attempt(p, &mut Cx::default(), |p, _| pay_life_or_tapped(p));
    }
    if p.at_all("as cardname comes into play , it becomes your choice of a") {
        return attempt(p, &mut Cx::default(), |p, _| choose_form(p));
    }
    // Lich: "As CARDNAME comes into play, you lose life equal to your life
    // total." (419.1b: part of its coming into play).
    if p.eat_all("as cardname comes into play , you lose life equal to your life total") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayLoseAllLife]);
    }
    // Shapeshifter: "As CARDNAME comes into play, choose a number between
    // 0 and 7."
    if p.eat_all("as cardname comes into play , choose a number between 0 and 7") {
        return (p.eat_end() && p.at_end())
            .then(|| vec![StaticAbility::AsComesIntoPlayChooseNumber { max: 7 }]);
    }
    None
}

/// 419.1b: "As CARDNAME comes into play, it becomes your choice of a 3/3
/// artifact creature, a 2/2 artifact creature with flying, or a 1/6 Wall
/// artifact creature with defender in addition to its other types."
/// (Primal Clay): each form a power and toughness, with keywords and
/// creature types; the types named must be the card's own (it is an
/// artifact creature already), "in addition to its other types".
fn choose_form(p: &mut P) -> Option<Vec<StaticAbility>> {
    p.eat_all("as cardname comes into play , it becomes your choice of");
    let mut forms = Vec::new();
    loop {
        p.eat("or");
        p.eat_any(&["a", "an"])?;
        let (power, toughness) = pt_set(p.bump())?;
        let mut subtypes = Vec::new();
        // "Wall": a creature type the form adds.
        while !p.at("artifact") && !p.at("creature") && !p.at_end() {
            let w = p.bump();
            // A creature type: not one of the other subtypes (read from
            // the list: `is_creature_type` would intern them all).
            let name = capitalize(w);
            if crate::subtype::NON_CREATURE_SUBTYPES.contains(&name.as_str()) {
                return None;
            }
            let s = crate::Subtype::lookup(&name)?;
            subtypes.push(s);
        }
        p.eat_all("artifact creature").then_some(())?;
        let mut keywords = crate::KeywordSet::EMPTY;
        if p.eat("with") {
            let k = crate::Keyword::from_name(p.bump())?;
            keywords.insert(k);
        }
        forms.push(crate::EnteringForm {
            power,
            toughness,
            keywords,
            subtypes,
        });
        if !p.eat(",") {
            break;
        }
    }
    p.eat_all("in addition to its other types").then_some(())?;
    (forms.len() >= 2 && p.eat_end() && p.at_end())
        .then(|| vec![StaticAbility::AsComesIntoPlayChooseForm(forms)])
}

fn capitalize(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "If CARDNAME would come into play, [you may] [cost] instead. If you do,
/// put CARDNAME into play. If you don't, put it into its owner's
/// graveyard." / "…, instead sacrifice each other permanent named
/// CARDNAME you control, then put CARDNAME into play."
fn enters_instead(p: &mut P) -> Option<Vec<StaticAbility>> {
    p.eat_all("if cardname would come into play ,");
    if p.eat_all("instead sacrifice each") {
        let (mut f, noun) = filter(p)?;
        p.eat_all("you control");
        if noun != Noun::Permanent || !f.other {
            return None;
        }
        f.controller = crate::ControllerFilter::You;
        if !p.eat_all(", then put cardname into play") {
            return None;
        }
        let cost = Cost {
            sacrifice_all: Some(f),
            ..Cost::default()
        };
        return (p.eat_end() && p.at_end()).then(|| {
            vec![StaticAbility::EntersInstead {
                cost: Box::new(cost),
                optional: false,
            }]
        });
    }
    let optional = p.eat_all("you may");
    // The cost ends at "instead".
    let end = (p.i..p.t.len()).find(|&k| p.t[k].low == "instead")?;
    let toks = p.t[p.i..end].to_vec();
    let mut q = P::new(&toks);
    let cost = cost_until(&mut q, false).ok()?;
    if !q.at_end() || !payable_as_it_enters(&cost) {
        return None;
    }
    p.i = end + 1;
    if !p.eat_all(
        ". if you do , put cardname into play . if you don't , put it into its owner's graveyard",
    ) {
        return None;
    }
    (p.eat_end() && p.at_end()).then(|| {
        vec![StaticAbility::EntersInstead {
            cost: Box::new(cost),
            optional,
        }]
    })
}

/// Only the parts the engine pays as a permanent would come into play:
/// permanents to sacrifice, or cards to discard (each chosen by the
/// player), nothing else.
fn payable_as_it_enters(c: &Cost) -> bool {
    let sacrifices = c.sacrifice.is_some();
    let discards = c.discard > 0 && !c.discard_random && !c.discard_x;
    sacrifices != discards
        && Cost {
            sacrifice: None,
            sacrifice_count: 0,
            discard: 0,
            discard_filter: None,
            ..c.clone()
        } == Cost::default()
}

/// "As CARDNAME comes into play, you may pay N life. If you don't, it
/// comes into play tapped."
fn pay_life_or_tapped(p: &mut P) -> Option<Vec<StaticAbility>> {
    p.eat_all("as cardname comes into play , you may pay");
    let n = match amount(p)? {
        crate::Amount::Fixed(n) if n > 0 => u32::try_from(n).ok()?,
        _ => return None,
    };
    if !p.eat_all("life . if you don't , it comes into play tapped") {
        return None;
    }
    (p.eat_end() && p.at_end()).then(|| vec![StaticAbility::AsComesIntoPlayPayLifeOrTapped(n)])
}
