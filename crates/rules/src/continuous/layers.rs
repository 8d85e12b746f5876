//! The layer system (418.5): the characteristics of every permanent in play,
//! computed together from the printed values and the continuous effects.
//!
//! 1. Layer 1: each permanent starts from its copiable values (503): its own
//!    face in force, or the values of the latest copy effect on it.
//! 2. The continuous effects that exist now are listed: those of static
//!    abilities of permanents in play (412, 418.4) with their source's
//!    timestamp (418.5f), and those of resolved spells and abilities with
//!    theirs (418.5g).
//! 3. Layers 2–6e are applied in order. Inside a layer, effects apply in
//!    timestamp order except that an effect waits for the effects it
//!    depends on (418.5c, 418.5d). An effect's set of affected objects is
//!    fixed in the first layer it applies in, and it goes on applying to
//!    that set in its later layers even if its ability is removed meanwhile
//!    (418.5b); a static ability removed before its effect begins applies
//!    nowhere.

// 402.8h: the static abilities listed from graveyards (a child module, so
// it builds the private `Listed` records).
#[path = "graveyard_statics.rs"]
mod graveyard_statics;
// The kept board: settled after changes, per permanent where it can be
// (a child module, so it uses the private helpers here).
#[path = "settle.rs"]
mod settle;
use crate::continuous::characteristics::{face_in_force, of_face, of_token, Characteristics};
use crate::{continuous::filter, Game, ObjId, PlayerId, Target};
use std::borrow::Cow;
use tolaria_cards::{
    Ability, Affected, Condition, Keyword, KeywordSet, Layer, LayerEffect, ObjectFilter, PtCount,
    PtDefinition, PtPlayer, SetPt, StaticAbility, Subtype, TextChange,
};

/// What a listed effect does.
#[derive(Clone, Copy)]
enum Action<'a> {
    /// A layered effect (static or resolved).
    Layered(LayerEffect),
    /// 6a: "power and toughness are each equal to the number of [filter]"
    /// (a characteristic-defining ability, 405.2).
    DefineFromCount(&'a ObjectFilter),
    /// 6d: "+P/+T for each [filter]" (a static ability of the object itself).
    PlusPerCount(&'a ObjectFilter, i32, i32),
    /// 6d: "+X/+Y, where X is half the number of [filter], rounded down,
    /// and Y is half …, rounded up" (Aspect of Wolf).
    PlusHalfCount(&'a ObjectFilter),
    /// 6d: "+P/+T for each card in your hand" (Empyrial Armor), "… for
    /// each basic land type among lands you control" (Domain), for the
    /// ability's controller.
    PlusPerYours(tolaria_cards::YourCount, i32, i32),
    /// 6a: "power and toughness are each equal to the number of [cards] in
    /// all graveyards / your graveyard" (Mortivore), toughness plus a number.
    DefineFromCards(&'a ObjectFilter, bool, i32),
    /// 6a: power and/or toughness each set to a value read from the game
    /// (Maro, Swarm of Rats, Serra Avatar, Angry Mob, Gaea's Liege).
    Defined(&'a Option<PtDefinition>, &'a Option<PtDefinition>),
    /// 6d: "+P/+T for each other creature that shares a creature type with
    /// it" (Coat of Arms), counted for each affected object.
    PlusPerSharedType(i32, i32),
}

/// Which objects a listed effect affects.
#[derive(Clone, Copy)]
enum Scope<'a> {
    /// The source itself.
    This,
    /// What the source (an Aura or Equipment) is attached to.
    Attached,
    /// Every permanent the filter matches, from the source's point of view.
    Each(&'a ObjectFilter),
    /// One permanent, locked in as a spell or ability resolved (418.3b).
    Locked(usize),
}

/// One continuous effect that exists now.
struct Listed<'a> {
    timestamp: u32,
    action: Action<'a>,
    scope: Scope<'a>,
    /// The permanent whose static ability generates it (board index).
    source: Option<usize>,
    /// 402.8h: the card in a graveyard whose static ability generates it
    /// (Anger); its controller is the card's owner (`controller`).
    outside: Option<ObjId>,
    /// The controller of a resolved effect (a static one's is its source's).
    controller: PlayerId,
    /// The card and face whose text holds the abilities the effect grants
    /// in quotes (`LayerEffect::grant`): the source's face in force, or the
    /// card of the spell or ability that created it.
    grant_from: (tolaria_cards::CardId, u8),
    /// Board positions it affects, fixed in its first layer (418.5b).
    set: Option<Vec<bool>>,
    /// Its ability was gone before it began to apply.
    dead: bool,
    /// "As long as you control a Forest" (Kird Ape): a condition that
    /// counts permanents, judged on the board computed so far as the
    /// effect begins to apply (418.5b); while it fails the effect applies
    /// to nothing.
    condition: Option<&'a Condition>,
}

impl Listed<'_> {
    fn is_static(&self) -> bool {
        self.source.is_some() || self.outside.is_some()
    }
    fn in_layer(&self, layer: Layer) -> bool {
        match self.action {
            Action::Layered(e) => {
                e.in_layer(layer, self.is_static())
                    || (layer == Layer::PtSet && self.granted_pt().is_some())
            }
            Action::DefineFromCount(_) | Action::DefineFromCards(..) | Action::Defined(..) => {
                layer == Layer::PtDefining
            }
            Action::PlusPerCount(..)
            | Action::PlusHalfCount(..)
            | Action::PlusPerSharedType(..)
            | Action::PlusPerYours(..) => layer == Layer::PtStaticModify,
        }
    }
    /// 418.5b (its Svogthos example): an effect that grants in quotes
    /// "This creature's power and toughness are each equal to the number of
    /// [cards] in your graveyard" sets them in layer 6b, in the granting
    /// effect's timestamp order (the granted ability is not printed on the
    /// object, so it is no characteristic-defining ability of layer 6a).
    /// The filter, whether only "your" graveyard counts, and the
    /// toughness bonus.
    fn granted_pt(&self) -> Option<(&'static ObjectFilter, bool, i32)> {
        let Action::Layered(e) = self.action else {
            return None;
        };
        let g = e.grant?;
        let (card, face) = self.grant_from;
        match tolaria_cards::db().get(card).faces[face as usize]
            .granted
            .get(g as usize)?
        {
            Ability::Static(StaticAbility::PowerToughnessFromCards {
                filter,
                only_yours,
                toughness_plus,
            }) => Some((filter, *only_yours, *toughness_plus)),
            _ => None,
        }
    }
    /// 418.5c: effects from characteristic-defining abilities don't depend
    /// on others and others don't depend on them.
    fn is_cda(&self) -> bool {
        matches!(
            self.action,
            Action::DefineFromCount(_) | Action::DefineFromCards(..) | Action::Defined(..)
        )
    }
}

/// Does an effect's filter read status or combat (510.1, 306): tapped,
/// attacking, blocking, blocked, in combat, attacked or dealt damage this
/// turn, the defending player? Then the board is status-sensitive: the
/// events that change those (`BoardChange::Status`) make it stale.
fn filter_reads_status(f: &tolaria_cards::ObjectFilter) -> bool {
    f.tapped.is_some()
        || f.attacking.is_some()
        || f.blocking.is_some()
        || f.blocked.is_some()
        || f.in_combat.is_some()
        || f.blocking_this
        || f.blocked_by_this
        || f.blocking_or_blocked_by_this
        || f.attacked_this_turn
        || f.didnt_attack_this_turn
        || f.controlled_since_turn_began
        || f.controller == tolaria_cards::ControllerFilter::Active
        || f.dealt_damage_this_turn
        || f.controller == tolaria_cards::ControllerFilter::Defending
}

/// The characteristics of every permanent in play, in `game.in_play` order,
/// and whether any effect's filter reads status (see `Board::status_sensitive`).
pub fn compute_board(game: &Game) -> (Vec<Characteristics>, bool) {
    let mut board: Vec<Characteristics> = game.in_play.iter().map(|&id| layer1(game, id)).collect();
    let mut listed = list_effects(game, &board);
    // A conditional static ability (threshold, hellbent) switches on and
    // off as cards enter and leave graveyards and hands.
    // 402.8h: so does a static ability that functions in a graveyard.
    let conditional = conditional_statics(game, &board) || game.graveyard_statics;
    if listed.is_empty() {
        // Nothing but counters can change a printed value.
        for (i, &id) in game.in_play.iter().enumerate() {
            apply_counters(game, id, &mut board[i]);
        }
        crate::variants::deploy::grant(game, &mut board);
        return (board, conditional);
    }
    let status_sensitive = conditional
        || listed.iter().any(|l| {
            // A count of graveyard cards changes as cards enter and leave them.
            // So does a value read from hands, life totals, the turn or
            // combat (`Action::Defined`).
            if matches!(
                l.action,
                Action::DefineFromCards(..) | Action::Defined(..) | Action::PlusPerYours(..)
            ) || l.granted_pt().is_some()
            {
                return true;
            }
            let f = match (l.scope, l.action) {
                (Scope::Each(f), _) => f,
                (
                    _,
                    Action::DefineFromCount(f)
                    | Action::PlusPerCount(f, ..)
                    | Action::PlusHalfCount(f),
                ) => f,
                _ => return false,
            };
            filter_reads_status(f)
        });
    // Layers 2–6e (layer 1 is done).
    for layer in Layer::ALL.into_iter().skip(1) {
        if layer == Layer::PtCounters {
            for (i, &id) in game.in_play.iter().enumerate() {
                apply_counters(game, id, &mut board[i]);
            }
            continue;
        }
        let mut pending: Vec<usize> = (0..listed.len())
            .filter(|&k| !listed[k].dead && listed[k].in_layer(layer))
            .collect();
        // Usually no effect of the layer can depend on another: then
        // timestamp order it is, with no trial applications.
        if !any_dependency(&listed, &pending, layer) {
            for k in pending {
                apply(game, &mut board, &mut listed[k], layer);
            }
            continue;
        }
        // 418.5c: who depends on whom, judged once as the layer begins;
        // `waiting[p]`: how many pending effects pending[p] waits for.
        let reads_of: Vec<u8> = pending.iter().map(|&k| reads(&listed[k])).collect();
        let changes_of: Vec<u8> = pending
            .iter()
            .map(|&k| changes(&listed[k], layer))
            .collect();
        let mut deps: Vec<(usize, usize)> = Vec::new();
        for (pa, &a) in pending.iter().enumerate() {
            for (pb, &b) in pending.iter().enumerate() {
                if a != b
                    && reads_of[pa] & changes_of[pb] != 0
                    && depends_on(game, &board, &listed, a, b, layer)
                {
                    deps.push((a, b));
                }
            }
        }
        let mut waiting: Vec<u32> = pending
            .iter()
            .map(|&a| deps.iter().filter(|&&(x, _)| x == a).count() as u32)
            .collect();
        while !pending.is_empty() {
            let pick = next_to_apply(&listed, &pending, &waiting);
            let k = pending.remove(pick);
            waiting.remove(pick);
            for &(a, _) in deps.iter().filter(|&&(_, b)| b == k) {
                if let Some(p) = pending.iter().position(|&x| x == a) {
                    waiting[p] = waiting[p].saturating_sub(1);
                }
            }
            apply(game, &mut board, &mut listed[k], layer);
        }
    }
    crate::variants::deploy::grant(game, &mut board);
    (board, status_sensitive)
}

/// The characteristics of permanent `id` on a stale board that would be
/// local (`Board::local`) if computed now: no effect in the game, no deploy
/// option, and no permanent in play whose card has a static ability on
/// any face or that is face down (judged on the cards, without computing
/// the board). `compute_board` would then list no effect, and the entry
/// is the permanent's layer-1 values and counters alone. `None` otherwise
/// (or if `id` isn't in play).
pub(crate) fn local_entry(game: &Game, id: ObjId) -> Option<Characteristics> {
    if !game.may_be_local() || !game.in_play.contains(&id) {
        return None;
    }
    let statics_or_face_down = game.in_play.iter().any(|&x| {
        let o = &game.objects[x.slot as usize];
        o.is_face_down() || o.def().faces.iter().any(|f| f.has_statics)
    });
    if statics_or_face_down {
        return None;
    }
    let mut ch = layer1(game, id);
    apply_counters(game, id, &mut ch);
    Some(ch)
}

/// 503.2: the copiable values of a permanent (layer 1), as it exists or
/// would exist in play.
pub(crate) fn copiable_characteristics(game: &Game, id: ObjId) -> Characteristics {
    layer1(game, id)
}

/// Layer 1: the copiable values in force (503): the object's own face, or
/// those of the latest copy effect on it (`Game::copiable_values`).
fn layer1(game: &Game, id: ObjId) -> Characteristics {
    let o = &game.objects[id.slot as usize];
    let crate::continuous::effects::Copiable {
        card,
        token,
        gains,
        colors,
        pt,
        keywords,
        subtypes,
        types,
    } = game.copiable_values(id);
    let mut ch = match token.and_then(|t| of_token(card, t, o.base_controller)) {
        Some(ch) => ch,
        // 510.4: a flipped permanent that copies a flip card has the copied
        // card's flipped characteristics.
        None => of_face(
            card,
            face_in_force(card, o.is_flipped(), true),
            o.base_controller,
        ),
    };
    ch.gained = gains;
    // 503.9: "except it doesn't copy that creature's color" (Vesuvan
    // Doppelganger): the colour kept is part of the copiable values.
    if let Some(c) = colors {
        ch.colors = c;
    }
    // 503.2, 504.8: the power and toughness an "as [this] comes into play
    // or is turned face up" ability set (Aquamorph Entity).
    if let Some((power, toughness)) = pt {
        ch.power = power;
        ch.toughness = toughness;
    }
    // 503.9: "except it has haste" (Kiki-Jiki, Mirror Breaker).
    ch.keywords = ch.keywords.union(keywords);
    // 503.9: "except it's an enchantment in addition to its other types"
    // (Copy Artifact).
    ch.types = tolaria_cards::TypeSet(ch.types.0 | types.0);
    // 419.1b: the creature types of the form chosen (Primal Clay).
    for s in subtypes.iter() {
        ch.subtypes.insert(s);
    }
    // "[This] has protection from the chosen color": the colour chosen as
    // it came into play (503.7: with none chosen, from nothing).
    if let Some(c) = o.chosen_color {
        if ch
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::ProtectionFromChosenColor)))
        {
            ch.protection_colors.insert(c);
        }
    }
    ch
}

/// The continuous effects that exist now, in timestamp order.
fn list_effects<'a>(game: &'a Game, board: &[Characteristics]) -> Vec<Listed<'a>> {
    let mut v = Vec::new();
    for (i, &id) in game.in_play.iter().enumerate() {
        let o = &game.objects[id.slot as usize];
        if o.is_phased_out() || board[i].token.is_some() || !board[i].face_def().has_statics {
            continue;
        }
        for a in board[i].abilities() {
            let Ability::Static(s) = a else { continue };
            let mut deferred = None;
            let (action, scope) = match s {
                StaticAbility::Continuous { affected, effect } => (
                    Action::Layered(*effect),
                    match affected {
                        Affected::This => Scope::This,
                        Affected::Attached => Scope::Attached,
                        Affected::Each(f) => Scope::Each(f),
                    },
                ),
                // Threshold, hellbent, "as long as it's untapped": the
                // effect exists while its condition holds; one that counts
                // permanents is judged as the effect begins to apply.
                StaticAbility::ContinuousIf {
                    condition,
                    affected,
                    effect,
                } => {
                    if condition.counts_permanents() {
                        deferred = Some(condition);
                    } else if !crate::continuous::condition::holds_for(
                        game,
                        id,
                        o.controller,
                        condition,
                    ) {
                        continue;
                    }
                    (
                        Action::Layered(*effect),
                        match affected {
                            Affected::This => Scope::This,
                            Affected::Attached => Scope::Attached,
                            Affected::Each(f) => Scope::Each(f),
                        },
                    )
                }
                StaticAbility::PowerToughnessFromCount(f) => {
                    (Action::DefineFromCount(f), Scope::This)
                }
                StaticAbility::PtDefined { power, toughness } => {
                    (Action::Defined(power, toughness), Scope::This)
                }
                StaticAbility::PlusPerSharedCreatureType {
                    affected,
                    power,
                    toughness,
                } => (
                    Action::PlusPerSharedType(*power, *toughness),
                    match affected {
                        Affected::This => Scope::This,
                        Affected::Attached => Scope::Attached,
                        Affected::Each(f) => Scope::Each(f),
                    },
                ),
                StaticAbility::PowerToughnessFromCards {
                    filter,
                    only_yours,
                    toughness_plus,
                } => (
                    Action::DefineFromCards(filter, *only_yours, *toughness_plus),
                    Scope::This,
                ),
                StaticAbility::PlusPerCount {
                    affected,
                    filter,
                    power,
                    toughness,
                } => (
                    Action::PlusPerCount(filter, *power, *toughness),
                    match affected {
                        Affected::This => Scope::This,
                        Affected::Attached => Scope::Attached,
                        Affected::Each(f) => Scope::Each(f),
                    },
                ),
                StaticAbility::PlusHalfPerCount { affected, filter } => (
                    Action::PlusHalfCount(filter),
                    match affected {
                        Affected::This => Scope::This,
                        Affected::Attached => Scope::Attached,
                        Affected::Each(f) => Scope::Each(f),
                    },
                ),
                StaticAbility::PlusPerYourCount {
                    affected,
                    count,
                    power,
                    toughness,
                } => (
                    Action::PlusPerYours(*count, *power, *toughness),
                    match affected {
                        Affected::This => Scope::This,
                        Affected::Attached => Scope::Attached,
                        Affected::Each(f) => Scope::Each(f),
                    },
                ),
                _ => continue,
            };
            // 212.6e: "is the chosen type": the basic land type the
            // source chose as it came into play (Phantasmal Terrain).
            let action = match action {
                Action::Layered(mut e) if e.set_land_type_chosen => {
                    e.set_land_type = o.chosen_type.and_then(|t| t.basic_land_type());
                    Action::Layered(e)
                }
                // 502.7, 419.1b: "protection from the chosen color".
                Action::Layered(mut e) if e.add_protection_chosen => {
                    if let Some(c) = o.chosen_color {
                        e.add_protection.insert(c);
                    }
                    Action::Layered(e)
                }
                other => other,
            };
            v.push(Listed {
                timestamp: o.timestamp,
                action,
                scope,
                source: Some(i),
                outside: None,
                controller: o.controller,
                grant_from: (board[i].card, board[i].face),
                set: None,
                dead: false,
                condition: deferred,
            });
        }
    }
    for e in &game.effects {
        if e.copy.is_some() {
            continue;
        }
        // Earthbind's gained "Enchanted creature loses flying": what the
        // Aura enchants now.
        let affected = if e.to_attached {
            match game.objects[e.affected.slot as usize].attached_to {
                Some(crate::Target::Object(c)) => c,
                _ => continue,
            }
        } else {
            e.affected
        };
        let Some(i) = game.in_play.iter().position(|&x| x == affected) else {
            continue;
        };
        v.push(Listed {
            timestamp: e.timestamp,
            action: Action::Layered(e.effect),
            scope: Scope::Locked(i),
            source: None,
            outside: None,
            controller: e.controller,
            grant_from: (e.source_card, 0),
            set: None,
            dead: false,
            condition: None,
        });
    }
    if game.graveyard_statics {
        graveyard_statics::graveyard_effects(game, &mut v);
    }
    v.sort_by_key(|l| l.timestamp);
    v
}

/// 418.5c–d: among the pending effects of a layer (in timestamp order),
/// the first one that depends on no other pending effect; in a dependency
/// loop, simply the first. Characteristic-defining abilities come first
/// (418.5a).
fn next_to_apply(listed: &[Listed], pending: &[usize], waiting: &[u32]) -> usize {
    if pending.len() == 1 {
        return 0;
    }
    if let Some(p) = pending.iter().position(|&k| listed[k].is_cda()) {
        return p;
    }
    waiting.iter().position(|&w| w == 0).unwrap_or(0)
}

/// What an effect's part in a layer can change, and what decides whether
/// an effect exists and what it applies to, as bits: `b` can matter to `a`
/// only if `reads(a) & changes(b) != 0` (418.5c); `depends_on` then
/// decides by trying.
mod kind {
    pub const CONTROL: u8 = 1;
    pub const TEXT: u8 = 2;
    pub const TYPE: u8 = 4;
    pub const COLOR: u8 = 8;
    pub const KEYWORD: u8 = 16;
    /// Whether a static ability's source still has its abilities.
    pub const EXISTENCE: u8 = 32;
    pub const PT: u8 = 64;
}

fn changes(b: &Listed, layer: Layer) -> u8 {
    let e = match b.action {
        Action::Layered(e) => e,
        Action::PlusPerCount(..)
        | Action::PlusHalfCount(..)
        | Action::PlusPerSharedType(..)
        | Action::PlusPerYours(..) => return kind::PT,
        Action::DefineFromCount(_) | Action::DefineFromCards(..) | Action::Defined(..) => return 0,
    };
    match layer {
        Layer::Control if e.gain_control => kind::CONTROL,
        Layer::Text if e.text.is_some() => kind::TEXT,
        // 212.6e: setting a land type removes the abilities of the land's
        // rules text, so it can end a static ability's effect (418.5c).
        Layer::Type if e.set_land_type.is_some() => kind::TYPE | kind::EXISTENCE,
        Layer::Type
            if !e.add_types.is_empty() || !e.add_subtypes.is_empty() || e.add_supertypes.0 != 0 =>
        {
            kind::TYPE
        }
        Layer::Other => {
            let mut k = 0;
            if e.set_colors.is_some() {
                k |= kind::COLOR;
            }
            if e.lose_all_abilities
                || !e.add_keywords.is_empty()
                || !e.remove_keywords.is_empty()
                || e.add_protection.0 != 0
            {
                k |= kind::KEYWORD;
            }
            if e.lose_all_abilities || e.licid {
                k |= kind::EXISTENCE;
            }
            k
        }
        Layer::PtSet | Layer::PtStaticModify | Layer::PtSwitch => kind::PT,
        _ => 0,
    }
}

fn reads(a: &Listed) -> u8 {
    if a.set.is_some() || a.is_cda() {
        return 0;
    }
    let mut k = if a.source.is_some() {
        kind::EXISTENCE
    } else {
        0
    };
    if let Some(f) = a.condition.and_then(counted_filter) {
        k |= kind::TEXT | filter_reads(f);
    }
    if matches!(a.condition, Some(Condition::MostCommonColor(_))) {
        k |= kind::TEXT | kind::COLOR;
    }
    if let Scope::Each(f) = a.scope {
        k |= kind::TEXT | filter_reads(f);
    }
    // Coat of Arms reads the creature types of every creature.
    if matches!(a.action, Action::PlusPerSharedType(..)) {
        k |= kind::TYPE;
    }
    k
}

/// The kinds of characteristics a filter reads (418.5c).
fn filter_reads(f: &ObjectFilter) -> u8 {
    let mut k = 0;
    if f.controller != tolaria_cards::ControllerFilter::Any {
        k |= kind::CONTROL;
    }
    if !f.types_any.is_empty()
        || !f.types_none.is_empty()
        || !f.subtypes_any.is_empty()
        || !f.supertypes_all.is_empty()
        || f.supertypes_none.0 != 0
        || f.chosen_type
    {
        k |= kind::TYPE;
    }
    if !f.colors_any.is_empty() || !f.colors_none.is_empty() || f.chosen_color {
        k |= kind::COLOR;
    }
    if f.with_keyword.is_some() || f.without_keyword.is_some() {
        k |= kind::KEYWORD;
    }
    if f.power_at_most.is_some() || f.pt_exactly.is_some() {
        k |= kind::PT;
    }
    k
}

/// The filter of a condition that counts permanents.
fn counted_filter(c: &Condition) -> Option<&ObjectFilter> {
    match c {
        Condition::ControlsAtLeast { filter, .. } => Some(filter),
        Condition::Permanents { filter, .. } => Some(filter),
        Condition::Matches { filter, .. } => Some(filter),
        Condition::Not(c) => counted_filter(c),
        _ => None,
    }
}

/// Does a condition that counts permanents hold on the board computed so
/// far, from the point of view of its source at board position `s`?
fn condition_holds_on(game: &Game, board: &[Characteristics], c: &Condition, s: usize) -> bool {
    condition_holds_from(
        game,
        board,
        c,
        game.in_play[s],
        board[s].controller,
        board[s].text,
    )
}

/// [`condition_holds_on`] from the point of view of any source: a
/// permanent (with its controller and text) or a card in a graveyard
/// (its owner, its printed text; 402.8h).
fn condition_holds_from(
    game: &Game,
    board: &[Characteristics],
    c: &Condition,
    src: ObjId,
    controller: PlayerId,
    text: Option<TextChange>,
) -> bool {
    let (at_least, at_most) = match c {
        Condition::MostCommonColor(color) => {
            let color = text.map_or(*color, |t| t.color(*color));
            return most_common_color(game, board, color);
        }
        Condition::Not(inner) => {
            return !condition_holds_from(game, board, inner, src, controller, text)
        }
        // "as long as it's white": the source, or what it is attached to,
        // as computed so far (418.5b).
        Condition::Matches { attached, filter } => {
            let id = if *attached {
                match game.obj(src).and_then(|o| o.attached_to) {
                    Some(Target::Object(host)) => host,
                    _ => return false,
                }
            } else {
                src
            };
            let Some(i) = game.in_play.iter().position(|&x| x == id) else {
                return false;
            };
            return filter::matches_with(game, filter, id, &board[i], Some(src), controller);
        }
        Condition::ControlsAtLeast { at_least, .. } => (*at_least, None),
        Condition::Permanents {
            at_least, at_most, ..
        } => (*at_least, *at_most),
        _ => return true,
    };
    let Some(f) = counted_filter(c) else {
        return true;
    };
    let n = count_from(game, board, f, src, controller, text, |_| true) as u32;
    n >= at_least && at_most.is_none_or(|m| n <= m)
}

/// Is `color` the most common colour among all permanents, or tied for
/// most common (Goham Djinn), on the board computed so far? A permanent
/// counts once for each of its colours; phased-out ones are not in play.
pub(crate) fn most_common_color(
    game: &Game,
    board: &[Characteristics],
    color: tolaria_cards::Color,
) -> bool {
    let mut n = [0u32; 5];
    for (i, &id) in game.in_play.iter().enumerate() {
        if game.objects[id.slot as usize].is_phased_out() {
            continue;
        }
        for c in board[i].colors.iter() {
            n[c as usize] += 1;
        }
    }
    n[color as usize] >= n.iter().copied().max().unwrap_or(0)
}

/// Could applying `b` in this layer change whether `a` exists or what it
/// applies to?
fn could_depend(a: &Listed, b: &Listed, layer: Layer) -> bool {
    !a.is_cda() && !b.is_cda() && reads(a) & changes(b, layer) != 0
}

/// Is there any pair of pending effects where one could depend on the
/// other? Linear: counts, per kind, the effects that change it.
fn any_dependency(listed: &[Listed], pending: &[usize], layer: Layer) -> bool {
    let mut count = [0u32; 8];
    for &b in pending {
        if listed[b].is_cda() {
            continue;
        }
        let c = changes(&listed[b], layer);
        for (bit, n) in count.iter_mut().enumerate() {
            *n += u32::from(c & (1 << bit) != 0);
        }
    }
    pending.iter().any(|&a| {
        if listed[a].is_cda() {
            return false;
        }
        let (r, own) = (reads(&listed[a]), changes(&listed[a], layer));
        (0..8).any(|bit| r & (1 << bit) != 0 && count[bit] > u32::from(own & (1 << bit) != 0))
    })
}

/// 418.5c: does effect `a` depend on effect `b` in this layer? It does if
/// applying `b` would change whether `a` exists or which objects it
/// applies to. An effect already applying (from an earlier layer) has its
/// set of objects fixed, so it depends on nothing.
fn depends_on(
    game: &Game,
    board: &[Characteristics],
    listed: &[Listed],
    a: usize,
    b: usize,
    layer: Layer,
) -> bool {
    let (la, lb) = (&listed[a], &listed[b]);
    if !could_depend(la, lb, layer) {
        return false;
    }
    // Only the permanents `b` applies to can change.
    let b_set = match &lb.set {
        Some(set) => std::borrow::Cow::Borrowed(set.as_slice()),
        None if exists(board, lb) => std::borrow::Cow::Owned(affected_set(game, board, lb)),
        None => return false,
    };
    // Existence: `b` removes the abilities of `a`'s source.
    if let Some(s) = la.source {
        if b_set[s]
            && !abilities_gone(&board[s])
            && abilities_gone(&applied(game, board, lb, layer, s))
        {
            return true;
        }
    }
    // `b` changes what `a`'s condition counts: try.
    if let (Some(c), Some(s)) = (la.condition, la.source) {
        let mut trial = board.to_vec();
        for (i, in_b) in b_set.iter().enumerate() {
            if *in_b {
                trial[i] = applied(game, board, lb, layer, i);
            }
        }
        if condition_holds_on(game, board, c, s) != condition_holds_on(game, &trial, c, s) {
            return true;
        }
    }
    let Scope::Each(f) = la.scope else {
        return false;
    };
    let Some(s) = la.source else {
        return false;
    };
    if b_set[s] {
        // `b` changes `a`'s point of view (its controller, its text): try.
        let mut trial = board.to_vec();
        for (i, in_b) in b_set.iter().enumerate() {
            if *in_b {
                trial[i] = applied(game, board, lb, layer, i);
            }
        }
        return affected_set(game, board, la) != affected_set(game, &trial, la);
    }
    let src = game.in_play[s];
    let f = bent_filter(f, board[s].text);
    b_set.iter().enumerate().any(|(i, in_b)| {
        if !in_b {
            return false;
        }
        let id = game.in_play[i];
        let after = applied(game, board, lb, layer, i);
        filter::matches_with(game, &f, id, &board[i], Some(src), board[s].controller)
            != filter::matches_with(game, &f, id, &after, Some(src), board[s].controller)
    })
}

/// A static ability's effect exists while its source has its abilities
/// (layer 5's "loses all abilities", or 212.6e: its land type set in
/// layer 4).
fn exists(board: &[Characteristics], l: &Listed) -> bool {
    l.source.is_none_or(|s| !abilities_gone(&board[s]))
}

/// Has the object lost the abilities of its rules text (418.5c: the
/// existence of its static abilities' effects)?
fn abilities_gone(ch: &Characteristics) -> bool {
    ch.lost_abilities || ch.text_lost
}

/// The board positions the effect would affect now.
fn affected_set(game: &Game, board: &[Characteristics], l: &Listed) -> Vec<bool> {
    let n = board.len();
    let mut set = vec![false; n];
    if let (Some(c), Some(s)) = (l.condition, l.source) {
        if !condition_holds_on(game, board, c, s) {
            return set;
        }
    }
    if let (Some(c), Some(src)) = (l.condition, l.outside) {
        if !condition_holds_from(game, board, c, src, l.controller, None) {
            return set;
        }
    }
    match l.scope {
        Scope::Locked(i) => set[i] = true,
        Scope::This => {
            if let Some(s) = l.source {
                set[s] = true;
            }
        }
        Scope::Attached => {
            let Some(s) = l.source else { return set };
            let src = game.in_play[s];
            if let Some(Target::Object(host)) = game.objects[src.slot as usize].attached_to {
                if let Some(i) = game.in_play.iter().position(|&x| x == host) {
                    set[i] = !game.objects[host.slot as usize].is_phased_out();
                }
            }
        }
        Scope::Each(f) => {
            // A graveyard card's text is its printed one (416.2).
            let (src, controller, f) = match (l.source, l.outside) {
                (Some(s), _) => (
                    game.in_play[s],
                    board[s].controller,
                    bent_filter(f, board[s].text),
                ),
                (None, Some(o)) => (o, l.controller, Cow::Borrowed(f)),
                (None, None) => return set,
            };
            for (i, &id) in game.in_play.iter().enumerate() {
                set[i] = !game.objects[id.slot as usize].is_phased_out()
                    && filter::matches_with(game, &f, id, &board[i], Some(src), controller);
            }
        }
    }
    // 601.10: an effect applies only to objects within its controller's
    // range of influence (judged as the effect begins to apply in this
    // computation, so an object brought out of range stops being
    // affected and one brought into range starts).
    if game.limited_range() {
        let controller = l.source.map_or(l.controller, |s| board[s].controller);
        for (i, x) in set.iter_mut().enumerate() {
            *x = *x && game.within_range(controller, board[i].controller);
        }
    }
    set
}

/// Applies one effect's part in `layer`. In its first layer the effect's
/// ability must still exist (418.5b) and its set of objects is fixed.
fn apply(game: &Game, board: &mut [Characteristics], l: &mut Listed, layer: Layer) {
    if l.set.is_none() {
        if !exists(board, l) {
            l.dead = true;
            return;
        }
        l.set = Some(affected_set(game, board, l));
    }
    let set = l.set.as_deref().unwrap_or(&[]);
    for i in 0..board.len() {
        if set[i] {
            board[i] = applied(game, board, l, layer, i);
        }
    }
}

/// The characteristics of the permanent at board position `i` after one
/// layer's part of effect `l`.
fn applied(
    game: &Game,
    board: &[Characteristics],
    l: &Listed,
    layer: Layer,
    i: usize,
) -> Characteristics {
    let controller = match l.source {
        Some(s) => board[s].controller,
        None => l.controller,
    };
    let mut ch = board[i];
    // 600.4b: an object never changes to the control of a player who has
    // left the game; its control remains unchanged.
    if layer == Layer::Control && game.players[controller.index()].left_game {
        return ch;
    }
    match l.action {
        Action::Layered(e) => {
            apply_part(&mut ch, &e, layer, controller, l.is_static(), l.grant_from);
            // 418.5b: the granted P/T-setting ability, while the object
            // still has it (a later "loses all abilities" removed it in
            // layer 5); "your graveyard" is its controller's.
            if layer == Layer::PtSet {
                if let (Some((f, only_yours, plus)), Some(g)) = (l.granted_pt(), e.grant) {
                    let (card, face) = l.grant_from;
                    let has = ch.granted.refs().any(|r| {
                        r == tolaria_cards::AbilityRef::Granted {
                            card,
                            face,
                            index: g,
                        }
                    });
                    if has {
                        let n = graveyard_count(game, f, only_yours, ch.controller);
                        ch.power = n;
                        ch.toughness = n + plus;
                    }
                }
            }
        }
        // Counted from the point of view of the ability's source.
        Action::PlusPerSharedType(p, t) => {
            let n = game
                .in_play
                .iter()
                .enumerate()
                .filter(|&(j, &id)| {
                    j != i
                        && board[j].is_creature()
                        // 601.11 and its second example: only creatures
                        // within the range of both the ability's
                        // controller and the boosted creature's.
                        && game.within_range(controller, board[j].controller)
                        && game.within_range(board[i].controller, board[j].controller)
                        && !game.objects[id.slot as usize].is_phased_out()
                        && board[j].subtypes.shares_creature_type(&board[i].subtypes)
                })
                .count() as i32;
            ch.power += p * n;
            ch.toughness += t * n;
        }
        Action::DefineFromCards(f, only_yours, plus) => {
            let me = board[l.source.unwrap_or(i)].controller;
            let n = graveyard_count(game, f, only_yours, me);
            ch.power = n;
            ch.toughness = n + plus;
        }
        Action::Defined(power, toughness) => {
            let me = l.source.unwrap_or(i);
            if let Some(v) = power {
                ch.power = v.plus + v.times * defined_count(game, board, &v.count, me);
            }
            if let Some(v) = toughness {
                ch.toughness = v.plus + v.times * defined_count(game, board, &v.count, me);
            }
        }
        Action::DefineFromCount(f) => {
            let n = count(game, board, f, l.source.unwrap_or(i)) as i32;
            ch.power = n;
            ch.toughness = n;
        }
        Action::PlusPerCount(f, p, t) => {
            let n = count(game, board, f, l.source.unwrap_or(i)) as i32;
            ch.power += p * n;
            ch.toughness += t * n;
        }
        Action::PlusHalfCount(f) => {
            let n = count(game, board, f, l.source.unwrap_or(i)) as i32;
            ch.power += n / 2;
            ch.toughness += (n + 1) / 2;
        }
        Action::PlusPerYours(what, p, t) => {
            let n = match what {
                tolaria_cards::YourCount::CardsInHand => {
                    game.players[l.controller.index()].hand.len() as i32
                }
                // Domain, on the lands' types as computed so far (layer 4
                // is done for every permanent before layer 6d).
                tolaria_cards::YourCount::BasicLandTypes => board[..game.in_play.len()]
                    .iter()
                    .filter(|c| c.controller == l.controller)
                    .fold(0u8, |seen, c| seen | c.basic_land_type_bits())
                    .count_ones()
                    as i32,
                // 418.5a: counters on the source ("… for each growth
                // counter on Momentum") or on the affected object itself.
                tolaria_cards::YourCount::CountersOnSource(k) => l.source.map_or(0, |s| {
                    game.objects[game.in_play[s].slot as usize].counters_of(k) as i32
                }),
                tolaria_cards::YourCount::CountersOnAffected(k) => {
                    game.objects[game.in_play[i].slot as usize].counters_of(k) as i32
                }
            };
            ch.power += p * n;
            ch.toughness += t * n;
        }
    }
    ch
}

/// One layer's part of a layered effect on one object.
fn apply_part(
    ch: &mut Characteristics,
    e: &LayerEffect,
    layer: Layer,
    controller: PlayerId,
    from_static: bool,
    grant_from: (tolaria_cards::CardId, u8),
) {
    match layer {
        Layer::Copy | Layer::PtDefining | Layer::PtCounters => {}
        Layer::Control => ch.controller = controller,
        Layer::Text => {
            if let Some(t) = e.text {
                // 418.6a: colour words and land types in its abilities.
                ch.text = Some(t);
                ch.protection_colors = t.colors(ch.protection_colors);
                ch.keywords = bent_keywords(ch.keywords, t);
                // The type line's basic land types (Magical Hack on a
                // Forest); its intrinsic mana ability follows in the
                // rewritten face (`tolaria_cards::bent_face`).
                if ch.subtypes.iter().any(|s| s.basic_land_type().is_some()) {
                    let mut out = tolaria_cards::SubtypeSet::default();
                    for s in ch.subtypes.iter() {
                        out.insert(t.subtype(s));
                    }
                    ch.subtypes = out;
                }
            }
        }
        Layer::Type => {
            // 212.1c: "becomes a 3/2 Hound creature": the new types replace
            // the old ones (Lurking Jackals is no longer an enchantment).
            if e.set_types {
                ch.types = tolaria_cards::TypeSet::default();
                ch.subtypes.clear();
            }
            ch.types = tolaria_cards::TypeSet(ch.types.0 | e.add_types.0);
            ch.supertypes.0 |= e.add_supertypes.0;
            if e.set_creature_type {
                // "becomes the creature type of your choice": its other
                // creature types are gone (205.3b).
                let kept: Vec<_> = ch
                    .subtypes
                    .iter()
                    .filter(|s| !s.is_creature_type())
                    .collect();
                ch.subtypes.clear();
                for st in kept {
                    ch.subtypes.insert(st);
                }
            }
            // 212.6e: "is a Mountain": its land types are replaced, and
            // with them the abilities of its rules text and old land types;
            // it has the new type's mana ability (212.6d). Abilities other
            // effects grant come in layer 5, after this.
            if let Some(b) = e.set_land_type {
                let kept: Vec<_> = ch.subtypes.iter().filter(|s| !s.is_land_type()).collect();
                ch.subtypes.clear();
                for st in kept {
                    ch.subtypes.insert(st);
                }
                ch.subtypes.insert(Subtype::of_basic(b));
                ch.text_lost = true;
                ch.land_mana = land_bit(b);
                ch.gained = None;
                ch.keywords = KeywordSet::EMPTY;
                ch.protection_colors = tolaria_cards::ColorSet::EMPTY;
                ch.protection_types = tolaria_cards::TypeSet::EMPTY;
                ch.protection_subtypes = tolaria_cards::SubtypeSet::new();
                ch.protection_qualities = 0;
            }
            for st in e.add_subtypes.iter() {
                // 212.6e: a land type gained "in addition to its other land
                // types" brings its mana ability, the rules text staying.
                if let Some(b) = st.basic_land_type() {
                    if !ch.subtypes.contains(st) && ch.is(tolaria_cards::CardType::Land) {
                        ch.land_mana |= land_bit(b);
                    }
                }
                ch.subtypes.insert(st);
            }
        }
        Layer::Other => {
            if let Some(c) = e.set_colors {
                ch.colors = c;
            }
            if e.lose_all_abilities {
                ch.lost_abilities = true;
                ch.land_mana = 0;
                ch.granted.clear();
                ch.keywords = KeywordSet::EMPTY;
                ch.protection_colors = tolaria_cards::ColorSet::EMPTY;
                ch.protection_types = tolaria_cards::TypeSet::EMPTY;
                ch.protection_subtypes = tolaria_cards::SubtypeSet::new();
                ch.protection_qualities = 0;
            }
            ch.keywords = KeywordSet((ch.keywords.0 | e.add_keywords.0) & !e.remove_keywords.0);
            // 502.6c: "loses all landwalk abilities", snow landwalk too.
            if e.remove_landwalks {
                ch.landwalk_lost = true;
                ch.keywords = KeywordSet(ch.keywords.0 & !LANDWALK_KEYWORDS.0);
                ch.granted.retain(|a| !matches!(a, Ability::Landwalk(_)));
            }
            // 502.11a: losing banding loses every "bands with other" too.
            if e.remove_bands_with_other || e.remove_keywords.has(Keyword::Banding) {
                ch.bands_with_other_lost = true;
                ch.granted
                    .retain(|a| !matches!(a, Ability::BandsWithOther(_)));
            }
            ch.protection_colors =
                tolaria_cards::ColorSet(ch.protection_colors.0 | e.add_protection.0);
            ch.protection_types =
                tolaria_cards::TypeSet(ch.protection_types.0 | e.add_protection_types.0);
            // An ability granted in quotes, in timestamp order with the
            // rest of layer 5 (a later "loses all abilities" removes it).
            // A Licid's "loses this ability … with enchant creature"
            // (mechanics/licid.rs).
            if e.licid {
                ch.licid = true;
            }
            if let Some(g) = e.grant {
                let (card, face) = grant_from;
                let face_def = &tolaria_cards::db().get(card).faces[face as usize];
                for g in g..=g.saturating_add(e.grant_more) {
                    if (g as usize) < face_def.granted.len() {
                        ch.granted.push(card, face, g);
                    }
                }
            }
        }
        Layer::PtSet => {
            match e.set_pt {
                Some(SetPt::Fixed { power, toughness }) => {
                    ch.power = power;
                    ch.toughness = toughness;
                }
                Some(SetPt::ConvertedManaCost) => {
                    let n = ch.converted_mana_cost() as i32;
                    ch.power = n;
                    ch.toughness = n;
                }
                // Fixed as the effect was created (`Game::create_continuous`).
                Some(SetPt::X) | None => {}
            }
            if !from_static {
                ch.power += e.power;
                ch.toughness += e.toughness;
            }
        }
        Layer::PtStaticModify => {
            ch.power += e.power;
            ch.toughness += e.toughness;
        }
        Layer::PtSwitch => {
            if e.switch_pt {
                std::mem::swap(&mut ch.power, &mut ch.toughness);
            }
        }
    }
}

/// The bit of a basic land type in `Characteristics::land_mana`.
fn land_bit(b: tolaria_cards::BasicLandType) -> u8 {
    let i = tolaria_cards::BasicLandType::ALL
        .iter()
        .position(|&x| x == b)
        .unwrap_or(0);
    1 << i
}

/// The cards matching `f` in all graveyards, or only in `me`'s.
fn graveyard_count(game: &Game, f: &ObjectFilter, only_yours: bool, me: PlayerId) -> i32 {
    game.player_ids()
        .filter(|&p| (!only_yours || p == me) && game.within_range(me, p))
        .flat_map(|p| game.player(p).graveyard.iter())
        .filter(|&&c| filter::matches_card(f, game.objects[c.slot as usize].card))
        .count() as i32
}

/// 405.2: what a characteristic-defining ability of the permanent at board
/// position `me` counts, from its controller's point of view (601.11: only
/// what is within that player's range).
fn defined_count(game: &Game, board: &[Characteristics], c: &PtCount, me: usize) -> i32 {
    let you = board[me].controller;
    // 419.1b: the opponent chosen as it came into play, while within range.
    let chosen = game.objects[game.in_play[me].slot as usize]
        .chosen_player
        .filter(|&q| game.within_range(you, q));
    let players = |whose: PtPlayer| {
        game.player_ids().filter(move |&p| match whose {
            PtPlayer::You => p == you,
            PtPlayer::All => game.within_range(you, p),
            PtPlayer::Chosen => Some(p) == chosen,
        })
    };
    match c {
        PtCount::Nothing => 0,
        PtCount::ChosenNumber => i32::from(
            game.objects[game.in_play[me].slot as usize]
                .chosen_number
                .unwrap_or(0),
        ),
        PtCount::Permanents(f) => count(game, board, f, me) as i32,
        PtCount::PermanentsOfChosen(f) => chosen.map_or(0, |q| {
            count_where(game, board, f, me, |i| board[i].controller == q) as i32
        }),
        PtCount::CardsInHand(whose) => players(*whose)
            .map(|p| game.player(p).hand.len() as i32)
            .sum(),
        PtCount::GraveyardCards(f, whose) => players(*whose)
            .flat_map(|p| game.player(p).graveyard.iter())
            .filter(|&&c| filter::matches_card(f, game.objects[c.slot as usize].card))
            .count() as i32,
        PtCount::LifeTotal => game.life(you),
        PtCount::CountersOnThis(kind) => {
            game.objects[game.in_play[me].slot as usize].counters_of(*kind) as i32
        }
        PtCount::DuringYourTurn(c) if game.is_active(you) => defined_count(game, board, c, me),
        PtCount::DuringYourTurn(_) => 0,
        PtCount::WhileAttacking {
            otherwise,
            attacking,
        } => {
            let c = if game.combat.is_attacking(game.in_play[me]) {
                attacking
            } else {
                otherwise
            };
            defined_count(game, board, c, me)
        }
    }
}

/// Layer 6c: counters that change power and toughness (+1/+1, -1/-1 and
/// the others of `PT_COUNTERS`: +1/+0, -0/-1, …; 418.5a).
fn apply_counters(game: &Game, id: ObjId, ch: &mut Characteristics) {
    let o = &game.objects[id.slot as usize];
    let n = o.plus_counters as i32 - o.minus_counters as i32;
    ch.power += n;
    ch.toughness += n;
    // The other kinds' slots are sorted by key with the empty ones (key 0)
    // last, and the power/toughness kinds have the highest keys.
    for &(key, count) in o.counters.iter().rev() {
        if key == 0 {
            continue;
        }
        let Some((p, t)) = tolaria_cards::CounterKind::slot_pt_delta(key) else {
            break;
        };
        ch.power += p * count as i32;
        ch.toughness += t * count as i32;
    }
}

/// How many permanents in play match `f`, from the point of view of the
/// permanent at board position `me`.
fn count(game: &Game, board: &[Characteristics], f: &ObjectFilter, me: usize) -> usize {
    count_where(game, board, f, me, |_| true)
}

/// As [`count`], only the permanents at the board positions `keep` accepts.
fn count_where(
    game: &Game,
    board: &[Characteristics],
    f: &ObjectFilter,
    me: usize,
    keep: impl Fn(usize) -> bool,
) -> usize {
    count_from(
        game,
        board,
        f,
        game.in_play[me],
        board[me].controller,
        board[me].text,
        keep,
    )
}

/// [`count_where`] from the point of view of any source (`src`, with its
/// controller and text).
fn count_from(
    game: &Game,
    board: &[Characteristics],
    f: &ObjectFilter,
    src: ObjId,
    controller: PlayerId,
    text: Option<TextChange>,
    keep: impl Fn(usize) -> bool,
) -> usize {
    let f = bent_filter(f, text);
    game.in_play
        .iter()
        .enumerate()
        .filter(|&(i, &id)| {
            keep(i)
                && !game.objects[id.slot as usize].is_phased_out()
                // 601.11: only what is within the controller's range.
                && game.within_range(controller, board[i].controller)
                && filter::matches_with(game, &f, id, &board[i], Some(src), controller)
        })
        .count()
}

/// 418.6a: a filter as rewritten by a text-changing effect on its object.
pub(crate) fn bent_filter(f: &ObjectFilter, text: Option<TextChange>) -> Cow<'_, ObjectFilter> {
    let Some(t) = text else {
        return Cow::Borrowed(f);
    };
    let mut g = f.clone();
    g.colors_any = t.colors(g.colors_any);
    g.colors_none = t.colors(g.colors_none);
    for s in &mut g.subtypes_any {
        if let Some(b) = s.basic_land_type() {
            *s = Subtype::of_basic(t.land_type(b));
        }
    }
    Cow::Owned(g)
}

/// 418.6a: landwalk keywords name a basic land type.
fn bent_keywords(k: KeywordSet, t: TextChange) -> KeywordSet {
    use tolaria_cards::BasicLandType as B;
    const WALKS: [(Keyword, B); 5] = [
        (Keyword::Plainswalk, B::Plains),
        (Keyword::Islandwalk, B::Island),
        (Keyword::Swampwalk, B::Swamp),
        (Keyword::Mountainwalk, B::Mountain),
        (Keyword::Forestwalk, B::Forest),
    ];
    let mut out = k;
    for (kw, _) in WALKS {
        out.remove(kw);
    }
    for (kw, land) in WALKS {
        if k.has(kw) {
            let to = t.land_type(land);
            if let Some(&(new, _)) = WALKS.iter().find(|&&(_, l)| l == to) {
                out.insert(new);
            }
        }
    }
    out
}

/// The characteristics that say which abilities a permanent has now
/// (`Characteristics::all_abilities`): the board's when it is up to date;
/// otherwise the copiable values (layer 1) unless some effect in the game
/// removes, grants or changes triggered keyword abilities (layer 5), when
/// they are computed. Cheap on a stale board in the usual case.
pub(crate) fn ability_chars(game: &Game, id: ObjId) -> Characteristics {
    let o = &game.objects[id.slot as usize];
    if game.board.valid {
        if let Some(ch) = game.board.get_ref(o.board_index, id) {
            return *ch;
        }
    }
    if o.zone == crate::Zone::InPlay && changes_abilities_somewhere(game) {
        return crate::continuous::characteristics::compute(game, id);
    }
    layer1(game, id)
}

/// Does a permanent in play have a conditional static ability ("as long
/// as seven or more cards are in your graveyard")? Then the board must be
/// recomputed when a card enters or leaves a graveyard or a hand.
fn conditional_statics(game: &Game, layer1: &[Characteristics]) -> bool {
    game.in_play.iter().enumerate().any(|(i, &id)| {
        game.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
            && layer1[i].face_def().has_statics
            && layer1[i]
                .abilities()
                .iter()
                .any(|a| matches!(a, Ability::Static(StaticAbility::ContinuousIf { .. })))
    })
}

/// Whether a layer-5 effect changes which abilities `e` gives: removes
/// them all, grants one in quotes, or adds or removes a keyword that
/// stands for a triggered ability.
fn changes_abilities(e: &LayerEffect) -> bool {
    e.lose_all_abilities
        || e.grant.is_some()
        || e.licid
        // 418.6: a text change rewrites them (`tolaria_cards::bent_face`).
        || e.text.is_some()
        // 212.6e: land types set or gained change the mana abilities.
        || e.set_land_type.is_some()
        || e.add_subtypes.iter().any(|s| s.basic_land_type().is_some())
        || (e.add_keywords.0 | e.remove_keywords.0) & tolaria_cards::TRIGGERED_KEYWORDS.0 != 0
}

/// Could any effect in the game change the abilities of a permanent
/// (`changes_abilities`)?
fn changes_abilities_somewhere(game: &Game) -> bool {
    game.effects.iter().any(|e| changes_abilities(&e.effect))
        || game.in_play.iter().any(|&id| {
            let o = &game.objects[id.slot as usize];
            o.flags & crate::state::object::flags::STATICS != 0
                && layer1(game, id).abilities().iter().any(|a| {
                    matches!(
                        a,
                        Ability::Static(
                            StaticAbility::Continuous { effect, .. }
                                | StaticAbility::ContinuousIf { effect, .. }
                        ) if changes_abilities(effect)
                    )
                })
        })
}

/// 502.6: the five basic landwalk keywords.
const LANDWALK_KEYWORDS: KeywordSet = KeywordSet(
    1 << Keyword::Plainswalk as u32
        | 1 << Keyword::Islandwalk as u32
        | 1 << Keyword::Swampwalk as u32
        | 1 << Keyword::Mountainwalk as u32
        | 1 << Keyword::Forestwalk as u32,
);
