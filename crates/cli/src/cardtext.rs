//! A card as a player reads it: name and cost, type line, the rules text in
//! the 2007 wording the engine plays by, power/toughness, whether Tolaria
//! plays it (and, if not, the phrase), and its rulings. Used by `tolaria
//! cards show` and by the `card` command of `tolaria play`.

use tolaria_cards::compile::to_2007_terms;
use tolaria_cards::{CardDef, CardFace, Layout, PtValue};

pub fn pt(v: Option<PtValue>) -> String {
    match v {
        Some(PtValue::Fixed(n)) => n.to_string(),
        Some(PtValue::Star(0)) => "*".into(),
        Some(PtValue::Star(n)) => format!("{n}+*"),
        None => "-".into(),
    }
}

/// A face's rules text in 2007 wording: the text of its latest printing
/// before 2009 where the data has it (the era's wording), else the Oracle
/// text through the compiler's translation to 2007 terms ("target creature
/// or player", "removed from the game").
pub fn face_text(face: &CardFace) -> String {
    let text = face.printed_text.as_deref().unwrap_or(&face.oracle_text);
    to_2007_words(text)
}

/// The compiler's translation to 2007 terms, with the few modern phrases
/// for several targets it reads as they are (display only).
pub fn to_2007_words(text: &str) -> String {
    let mut s = text.replace('’', "'");
    for (from, to) in [
        (
            "one or two targets",
            "one or two target creatures and/or players",
        ),
        (
            "any number of targets",
            "any number of target creatures and/or players",
        ),
        ("exiled", "removed from the game"),
    ] {
        s = s.replace(from, to);
    }
    to_2007_terms(&s)
}

/// Wraps `text` to `width` columns, each line indented by `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> Vec<String> {
    let mut out = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        for w in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
                out.push(format!("{indent}{line}"));
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
        out.push(format!("{indent}{line}"));
    }
    out
}

/// The face's lines: "Name  {cost}", type line, text, P/T.
pub fn face_lines(face: &CardFace, indent: &str) -> Vec<String> {
    let mut out = Vec::new();
    let cost = face
        .mana_cost
        .as_ref()
        .map_or(String::new(), |c| format!("  {c}"));
    out.push(format!("{indent}{}{cost}", face.name));
    out.push(format!("{indent}{}", face.type_line()));
    let text = face_text(face);
    if !text.trim().is_empty() {
        out.extend(wrap(&text, 72, &format!("{indent}  ")));
    }
    if face.power.is_some() || face.toughness.is_some() {
        out.push(format!("{indent}{}/{}", pt(face.power), pt(face.toughness)));
    }
    out
}

/// The whole card as a player reads it; `rulings` adds the rulings.
pub fn card_lines(card: &CardDef, rulings: bool) -> Vec<String> {
    let mut out = Vec::new();
    match card.layout {
        Layout::Split | Layout::Flip if card.faces.len() > 1 => {
            out.push(card.name.clone());
            for (i, face) in card.faces.iter().enumerate() {
                if card.layout == Layout::Flip && i == 1 {
                    out.push("  flipped:".into());
                }
                out.extend(face_lines(face, "  "));
            }
        }
        _ => {
            for face in &card.faces {
                out.extend(face_lines(face, ""));
            }
        }
    }
    match card.unsupported() {
        None => out.push("Plays in Tolaria: yes.".into()),
        Some(u) => out.extend(wrap(
            &format!(
                "Plays in Tolaria: no: the phrase \"{}\" is not supported ({}).",
                u.phrase, u.reason
            ),
            78,
            "",
        )),
    }
    if rulings && !card.rulings.is_empty() {
        let last = card
            .rulings
            .iter()
            .map(|r| r.date.as_str())
            .max()
            .unwrap_or("");
        out.push(format!("Rulings ({}, to {last}):", card.rulings.len()));
        for r in &card.rulings {
            let mut w = wrap(&to_2007_words(&r.text), 76, "    ");
            if let Some(first) = w.first_mut() {
                *first = format!("  - {}", first.trim_start());
            }
            out.extend(w);
        }
    }
    out
}
