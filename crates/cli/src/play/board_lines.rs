//! How the terminal writes the board: a card's label (both halves' costs
//! of a split card, 505), a target's name, a permanent's status words
//! (tapped, flipped, face down, phased out, attacking, blocking, summoning
//! sick …) and its whole line (name, power and toughness, type line,
//! keywords, status; a face-down permanent as 504.3 shows it). Split from
//! `play.rs`.

use crate::style::Style;
use tolaria_cards::db;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::engine::view::{CardView, PermanentView, PlayerView};
use tolaria_rules::{Game, Target};

pub(super) fn card_label(c: &CardView) -> String {
    match (&c.name, c.card) {
        (Some(n), Some(id)) => {
            // A split card shows both halves' costs (505).
            let costs: Vec<String> = db()
                .get(id)
                .faces
                .iter()
                .filter_map(|f| f.mana_cost.as_ref().map(|c| c.to_string()))
                .collect();
            if db().get(id).layout == tolaria_cards::Layout::Split && costs.len() > 1 {
                format!("{n} {} {}", costs.join(" // "), c.id)
            } else {
                match &db().get(id).front().mana_cost {
                    Some(cost) => format!("{n} {} {}", cost, c.id),
                    None => format!("{n} {}", c.id),
                }
            }
        }
        (Some(n), None) => format!("{n} {}", c.id),
        _ => format!("(hidden card) {}", c.id),
    }
}

pub(super) fn target_name(v: &PlayerView, t: &Target) -> String {
    match t {
        Target::Player(p) => p.to_string(),
        Target::Object(o) => match v.in_play.iter().find(|x| x.id == *o) {
            Some(x) => format!("{} {}", x.name, x.id),
            None => o.to_string(),
        },
        Target::Ability(id) => format!("ability #{id} on the stack"),
    }
}

pub(super) fn status(game: &Game, v: &PlayerView, x: &PermanentView) -> Vec<String> {
    let mut st = Vec::new();
    if x.tapped {
        st.push("tapped".to_string());
    }
    // 510.1: the other two kinds of status; 217.8: the phased-out zone.
    if x.flipped {
        st.push("flipped".into());
    }
    if x.face_down {
        st.push("face down".into());
    }
    if x.phased_out {
        st.push("phased out".into());
    }
    if x.attacking {
        st.push("attacking".into());
    }
    if x.blocking {
        st.push("blocking".into());
    }
    if x.damage > 0 {
        st.push(format!("{} damage", x.damage));
    }
    if x.plus_counters > 0 {
        st.push(format!("{} +1/+1 counter(s)", x.plus_counters));
    }
    if x.minus_counters > 0 {
        st.push(format!("{} -1/-1 counter(s)", x.minus_counters));
    }
    if let Some(t) = &x.attached_to {
        st.push(format!("attached to {}", target_name(v, t)));
    }
    let attached: Vec<String> = v
        .in_play
        .iter()
        .filter(|y| y.attached_to == Some(Target::Object(x.id)))
        .map(|y| format!("{} {}", y.name, y.id))
        .collect();
    if !attached.is_empty() {
        st.push(format!("with {}", attached.join(", ")));
    }
    if x.sick && x.power.is_some() && x.controller == game.active {
        st.push("summoning sick".into());
    } else if x.sick && x.power.is_some() {
        st.push("sick".into());
    }
    if x.owner != x.controller {
        st.push(format!("owned by {}", x.owner));
    }
    st
}

pub(super) fn permanent_line(game: &Game, v: &PlayerView, x: &PermanentView, s: Style) -> String {
    // 504.3: a face-down permanent shows as such; its controller (who may
    // look at it) also sees the card's name in brackets.
    let name = match (x.face_down, x.card) {
        (true, Some(_)) => format!("Face-down creature [{}]", x.name),
        (true, None) => "Face-down creature".to_string(),
        _ => x.name.clone(),
    };
    let mut l = format!("{} {}", s.bold(&name), x.id);
    if let (Some(p), Some(t)) = (x.power, x.toughness) {
        l.push_str(&format!(" {p}/{t}"));
    }
    l.push_str(&s.dim(&format!(" [{}]", x.type_line)));
    if x.card.is_some() && game.is_in_play(x.id) {
        let ks: Vec<String> = compute(game, x.id)
            .keywords
            .iter()
            .map(|k| k.name().to_string())
            .collect();
        if !ks.is_empty() {
            l.push_str(&format!(" {}", ks.join(", ")));
        }
    }
    let st = status(game, v, x);
    if !st.is_empty() {
        l.push_str(&s.yellow(&format!(" ({})", st.join(", "))));
    }
    l
}
