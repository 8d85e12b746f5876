//! Computed characteristics (DEVELOPERS.md, decision 4): every query ("is it
//! a creature?", "what is its power?") reads the value computed here from
//! the printed face and the continuous effects in layer order (418.5).

use crate::{filter, Game, ObjId, PlayerId, Zone};
use tolaria_cards::{
    Ability, Affected, CardFace, CardId, CardType, ColorSet, Keyword, KeywordSet, Protection,
    PtValue, StaticAbility, SubtypeSet, SupertypeSet, TypeSet,
};

/// The characteristics of an object at one moment (200.1), plus its
/// controller (layer 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Characteristics {
    pub card: CardId,
    /// Which printed face is in force (508: the flipped face of a flip card in play).
    pub face: u8,
    pub controller: PlayerId,
    pub colors: ColorSet,
    pub types: TypeSet,
    pub supertypes: SupertypeSet,
    pub subtypes: SubtypeSet,
    pub power: i32,
    pub toughness: i32,
    pub keywords: KeywordSet,
    /// 502.7: protection from these colours / from these card types.
    pub protection_colors: ColorSet,
    pub protection_types: TypeSet,
    /// 216.2: a token's characteristics come from the effect that created it.
    pub token: Option<crate::object::TokenSource>,
}

impl Characteristics {
    pub fn face_def(&self) -> &'static CardFace {
        &tolaria_cards::db().get(self.card).faces[self.face as usize]
    }
    pub fn abilities(&self) -> &'static [Ability] {
        if self.token.is_some() {
            return &[];
        }
        &self.face_def().abilities
    }
    pub fn name(&self) -> &'static str {
        match self.token.and_then(|t| t.spec()) {
            Some(spec) => &spec.name,
            None => &self.face_def().name,
        }
    }
    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(t)
    }
    pub fn is_creature(&self) -> bool {
        self.types.contains(CardType::Creature)
    }
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.has(k)
    }
    /// 502.7: does protection stop something with these colours/types?
    pub fn protected_from(&self, colors: ColorSet, types: TypeSet) -> bool {
        self.protection_colors.intersects(colors) || self.protection_types.intersects(types)
    }
}

/// The printed characteristics of the face in force, before any effect.
pub fn printed(game: &Game, id: ObjId) -> Characteristics {
    let o = &game.objects[id.slot as usize];
    let def = o.def();
    let face_idx = if o.is_flipped() && o.zone == Zone::InPlay && def.faces.len() > 1 {
        1
    } else {
        0
    };
    let face = &def.faces[face_idx];
    let mut ch = Characteristics {
        card: o.card,
        face: face_idx as u8,
        controller: o.controller,
        colors: face.colors,
        types: face.types,
        supertypes: face.supertypes,
        subtypes: face.subtypes,
        power: face.power.map_or(0, PtValue::base),
        toughness: face.toughness.map_or(0, PtValue::base),
        keywords: face.keywords,
        protection_colors: ColorSet::EMPTY,
        protection_types: TypeSet::EMPTY,
        token: None,
    };
    if let Some(spec) = o.token_src.and_then(|t| t.spec()) {
        // 216.2: a token has the characteristics its creating effect gave it.
        ch.token = o.token_src;
        ch.colors = spec.colors;
        ch.types = spec.types;
        ch.supertypes = SupertypeSet::default();
        ch.subtypes = SubtypeSet::new();
        for &st in &spec.subtypes {
            ch.subtypes.insert(st);
        }
        ch.power = spec.power;
        ch.toughness = spec.toughness;
        ch.keywords = spec.keywords;
        return ch;
    }
    let _ = Protection::AllColors;
    ch.protection_colors = face.protection_colors;
    ch.protection_types = face.protection_types;
    ch
}

/// The permanents in play whose static abilities may affect other objects.
/// Loops that compute many objects' characteristics take this once.
pub fn static_sources(game: &Game) -> Vec<ObjId> {
    game.in_play
        .iter()
        .copied()
        .filter(|&src| {
            let so = &game.objects[src.slot as usize];
            so.flags & crate::object::flags::STATICS != 0 && !so.is_phased_out()
        })
        .collect()
}

/// The characteristics of an object now, with every continuous effect applied.
pub fn compute(game: &Game, id: ObjId) -> Characteristics {
    compute_with(game, id, None)
}

/// As [`compute`], with the static sources already listed.
pub fn compute_with(game: &Game, id: ObjId, sources: Option<&[ObjId]>) -> Characteristics {
    let mut ch = printed(game, id);
    let o = &game.objects[id.slot as usize];
    if o.zone != Zone::InPlay {
        return ch;
    }
    // Layers 1–4 (copy, control, text, type) have no effects yet beyond the
    // printed face; control is tracked on the object (layer 2).
    // Layer 6a: characteristic-defining abilities (405.2, 418.5a).
    let face_abilities: &[Ability] = if ch.token.is_none() && ch.face_def().has_statics {
        ch.abilities()
    } else {
        &[]
    };
    for a in face_abilities {
        if let Ability::Static(StaticAbility::PowerToughnessFromCount(f)) = a {
            let n = count_matching(game, f, id, ch.controller) as i32;
            ch.power = n;
            ch.toughness = n;
        }
    }
    // Layers 5 and 6c from static abilities of permanents in play (412):
    // which objects they affect is determined continuously (418.2).
    let all = sources.unwrap_or(&game.in_play);
    for &src in all {
        let so = &game.objects[src.slot as usize];
        if so.flags & crate::object::flags::STATICS == 0 || so.is_phased_out() {
            continue;
        }
        let sface = &so.def().faces[if so.is_flipped() && so.def().faces.len() > 1 {
            1
        } else {
            0
        }];
        for a in &sface.abilities {
            let Ability::Static(s) = a else { continue };
            match s {
                StaticAbility::Modify {
                    affected,
                    power,
                    toughness,
                    keywords,
                } if affects(game, affected, src, so.controller, so.attached_to, id) => {
                    ch.power += power;
                    ch.toughness += toughness;
                    ch.keywords = ch.keywords.union(*keywords);
                }
                StaticAbility::PlusPerCount {
                    filter: f,
                    power,
                    toughness,
                } if src == id => {
                    let n = count_matching(game, f, id, ch.controller) as i32;
                    ch.power += power * n;
                    ch.toughness += toughness * n;
                }
                _ => {}
            }
        }
    }
    // Layers 5 and 6c from resolved spells and abilities, in timestamp order (418.5e).
    for e in &game.effects {
        if e.affected == Some(id) {
            ch.power += e.power;
            ch.toughness += e.toughness;
            ch.keywords = ch.keywords.union(e.keywords);
        }
    }
    // Layer 6d: counters.
    ch.power += o.plus_counters as i32 - o.minus_counters as i32;
    ch.toughness += o.plus_counters as i32 - o.minus_counters as i32;
    ch
}

/// Whether a static ability's `Affected` covers object `id`.
fn affects(
    game: &Game,
    a: &Affected,
    src: ObjId,
    src_controller: PlayerId,
    attached: Option<crate::Target>,
    id: ObjId,
) -> bool {
    match a {
        Affected::This => src == id,
        Affected::Attached => attached == Some(crate::Target::Object(id)),
        Affected::Each(f) => {
            // Filters are matched on the printed characteristics here so that
            // a static ability's own effects cannot feed back into which
            // objects it affects (418.5c dependency rules come with issue 3).
            let base = printed(game, id);
            filter::matches_with(game, f, id, &base, Some(src), src_controller)
        }
    }
}

fn count_matching(
    game: &Game,
    f: &tolaria_cards::ObjectFilter,
    source: ObjId,
    you: PlayerId,
) -> usize {
    game.in_play
        .iter()
        .filter(|&&o| !game.objects[o.slot as usize].is_phased_out())
        .filter(|&&o| filter::matches_with(game, f, o, &printed(game, o), Some(source), you))
        .count()
}

/// Does any permanent give this object's controller shroud ("You have shroud")?
pub fn player_has_shroud(game: &Game, p: PlayerId) -> bool {
    game.controlled_by(p).any(|id| {
        printed(game, id)
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::ControllerHasShroud)))
    })
}
