//! Computed characteristics (DEVELOPERS.md, decision 4): every query ("is it
//! a creature?", "what is its power?") reads the value computed here from
//! the printed face in force and the continuous effects, applied layer by
//! layer in the order of 418.5a (see `layers`).
//!
//! The values for the permanents in play are computed together, as a board
//! (`layers::compute_board`), because effects read each other's results
//! (418.5c). The board is cached in the game state (`Game::board`) and
//! recomputed by `Game::settle` after any event that may change it; a query
//! on a stale cache computes a fresh board without storing it.

use crate::{Game, ObjId, PlayerId, Zone};
use tolaria_cards::{
    Ability, AbilityRef, CardFace, CardId, CardType, ColorSet, Keyword, KeywordSet, ObjectFilter,
    PtValue, StaticAbility, SubtypeSet, SupertypeSet, TextChange, TypeSet, TRIGGERED_KEYWORDS,
};

/// The characteristics of an object at one moment (200.1), plus its
/// controller (layer 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Characteristics {
    /// The card whose face supplies the printed values: the object's own
    /// card, or the card it copies (layer 1, 503).
    pub card: CardId,
    /// Which face of `card` is in force (508: the flipped face of a flip card in play).
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
    /// 502.7: protection from these subtypes ("protection from Clerics").
    pub protection_subtypes: SubtypeSet,
    /// 502.7: protection from qualities (`tolaria_cards::PROTECTION_*`:
    /// monocolored, multicolored, snow, legendary creatures).
    pub protection_qualities: u8,
    /// 216.2: a token's characteristics come from the effect that created it.
    pub token: Option<crate::state::object::TokenSource>,
    /// Layer 5: an effect removed all its abilities (Humility); the face's
    /// abilities no longer apply.
    pub lost_abilities: bool,
    /// Layer 4 (212.6e): an effect set its land type, so the abilities of
    /// its rules text and old land types are gone (`abilities()` is empty,
    /// and so is the ability a copy effect gave it).
    pub text_lost: bool,
    /// Layer 4 (212.6d–e): the basic land types (bits in
    /// `BasicLandType::ALL` order) whose intrinsic mana ability an effect
    /// gave it, beyond its printed ones (`AbilityRef::LandType`), listed
    /// right after the printed abilities.
    pub land_mana: u8,
    /// Layer 3 (418.6): a text-changing effect that rewrites the colour
    /// words or basic land types of its abilities.
    pub text: Option<TextChange>,
    /// 503.9: an ability a copy effect gave it (where its text is: printed
    /// on the copying card, or in quotes on it), after the face's own
    /// abilities.
    pub gained: Option<AbilityRef>,
    /// 505.2: a split card outside the stack, which has both halves'
    /// characteristics: `colors`, `types`, `subtypes` and `supertypes` are
    /// the union of the two (505.3; 505.6: "is it red?" is yes if either
    /// half is), its names and converted mana costs are two answers.
    pub split: bool,
    /// Layer 5: abilities granted in quotes by other effects, in
    /// timestamp order (`AbilityRef::Granted`).
    pub granted: Granted,
    /// 603.2: the creature has the deploy ability (`AbilityRef::Deploy`):
    /// the deploy creatures option is in use (set as the board is
    /// computed, after layer 5).
    pub deploy: bool,
    /// Layer 5 (502.11a): an effect removed its "bands with other"
    /// abilities; those in its face's text or from a copy effect no longer
    /// count (granted ones were taken out of `granted`, so a later grant
    /// gives one again).
    pub bands_with_other_lost: bool,
    /// Layer 5 (502.6c): an effect removed all its landwalk abilities; the
    /// ones in its text (`Ability::Landwalk`) no longer count.
    pub landwalk_lost: bool,
    /// Layer 5: a Licid that became an Aura lost the ability that made it
    /// one and has "enchant creature" (mechanics/licid.rs).
    pub licid: bool,
}

/// The abilities granted in quotes to one object (layer 5): where each
/// one's text is (granting card, face, index in its `granted` list). A
/// fixed-size list so that characteristics stay plain `Copy` values; a
/// grant beyond the capacity is not recorded (no 2007 board comes close).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Granted {
    len: u8,
    list: [(CardId, u8, u8); Granted::CAP],
}

impl Default for Granted {
    fn default() -> Self {
        Granted {
            len: 0,
            list: [(CardId(0), 0, 0); Granted::CAP],
        }
    }
}

impl Granted {
    pub const CAP: usize = 6;
    pub fn push(&mut self, card: CardId, face: u8, index: u8) {
        if (self.len as usize) < Self::CAP {
            self.list[self.len as usize] = (card, face, index);
            self.len += 1;
        }
    }
    pub fn clear(&mut self) {
        *self = Granted::default();
    }
    /// Keeps the granted abilities `keep` accepts, in order.
    pub fn retain(&mut self, keep: impl Fn(&'static Ability) -> bool) {
        let mut kept = Granted::default();
        for (r, &(card, face, index)) in self.refs().zip(&self.list[..self.len as usize]) {
            if keep(r.get()) {
                kept.push(card, face, index);
            }
        }
        *self = kept;
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn refs(&self) -> impl Iterator<Item = AbilityRef> + '_ {
        self.list[..self.len as usize]
            .iter()
            .map(|&(card, face, index)| AbilityRef::Granted { card, face, index })
    }
}

impl Characteristics {
    pub fn face_def(&self) -> &'static CardFace {
        // 418.6: a text-changing effect (layer 3) rewrites its abilities.
        match self.text {
            Some(t) => tolaria_cards::bent_face(self.card, self.face, t),
            None => &tolaria_cards::db().get(self.card).faces[self.face as usize],
        }
    }
    /// The abilities the object has now: its face's (or the face it copies),
    /// none if an effect removed them (layer 5) or for a token (whose
    /// abilities are its keywords).
    pub fn abilities(&self) -> &'static [Ability] {
        if self.token.is_some() || self.lost_abilities || self.text_lost {
            return &[];
        }
        &self.face_def().abilities
    }
    /// The ability a copy effect gave it (503.9), unless an effect removed
    /// its abilities (layer 5). Its activation index is `abilities().len()`.
    pub fn gained_ability(&self) -> Option<&'static Ability> {
        if self.token.is_some() || self.lost_abilities || self.text_lost {
            return None;
        }
        self.gained?.get_if(true)
    }
    /// Every ability the object has now (layer 5), each with where its
    /// text lives: the face's printed ones, the one a copy effect gave it
    /// (503.9), those granted in quotes by other effects, then the
    /// triggered abilities its keywords stand for (502.3, 502.63, 502.68).
    /// The position in this list is the ability's activation index.
    pub fn all_abilities(&self) -> impl Iterator<Item = (AbilityRef, &'static Ability)> + '_ {
        let (card, face, text) = (self.card, self.face, self.text);
        let licid = self.licid;
        let printed = self
            .abilities()
            .iter()
            .enumerate()
            .filter(move |(_, a)| !(licid && crate::mechanics::licid::is_licid_ability(a)));
        let printed = printed.map(move |(i, a)| {
            let index = i as u8;
            let r = match text {
                // 418.6: the ability as the text change rewrote it.
                Some(change) => AbilityRef::Bent {
                    card,
                    face,
                    index,
                    change,
                },
                None => AbilityRef::Printed { card, face, index },
            };
            (r, a)
        });
        let gained = self.gained.filter(|_| self.gained_ability().is_some());
        let keywords = tolaria_cards::KeywordSet(self.keywords.0 & TRIGGERED_KEYWORDS.0)
            .iter()
            .map(AbilityRef::Keyword);
        printed.chain(
            land_mana_refs(self.land_mana)
                .chain(gained)
                .chain(self.granted.refs())
                .chain(self.deploy.then_some(AbilityRef::Deploy))
                .chain(keywords)
                .map(|r| (r, r.get())),
        )
    }
    /// Its abilities that can be activated (see `AbilityList`).
    pub fn ability_list(&self) -> AbilityList {
        AbilityList {
            printed: self.abilities(),
            licid: self.licid,
            land_mana: self.land_mana,
            gained: self.gained_ability(),
            granted: self.granted,
            deploy: self.deploy,
        }
    }
    /// The card an ability is shown under in events: the card its printed
    /// text is on, else this object's face's card (a keyword's ability,
    /// one granted in quotes).
    pub fn ability_card(&self, r: AbilityRef) -> CardId {
        match r {
            AbilityRef::Printed { card, .. } | AbilityRef::Bent { card, .. } => card,
            AbilityRef::Keyword(_)
            | AbilityRef::Granted { .. }
            | AbilityRef::Deploy
            | AbilityRef::LandType(_) => self.card,
        }
    }
    /// The ability with this activation index (see `all_abilities`).
    pub fn ability_at(&self, index: u8) -> Option<(&'static Ability, AbilityRef)> {
        self.all_abilities()
            .nth(index as usize)
            .map(|(r, a)| (a, r))
    }
    pub fn name(&self) -> &'static str {
        match self.token.and_then(|t| t.spec()) {
            Some(spec) => &spec.name,
            // 505.2: both names ("Fire // Ice").
            None if self.split => &tolaria_cards::db().get(self.card).name,
            None => &self.face_def().name,
        }
    }
    /// Does it have this name? 505.6: a split card outside the stack has
    /// it if either half has (or it is named by both halves, 505.7).
    pub fn has_name(&self, name: &str) -> bool {
        self.name() == name
            || (self.split
                && tolaria_cards::db()
                    .get(self.card)
                    .faces
                    .iter()
                    .any(|f| f.name == name))
    }
    /// 202.3: the converted mana cost (a token's is 0). A split card outside
    /// the stack has two (505.2); an effect that uses the number gets both
    /// answers and adds them (505.5: Assault // Battery is "1, and 4").
    pub fn converted_mana_cost(&self) -> u32 {
        if self.token.is_some() {
            return 0;
        }
        let (a, b) = self.converted_mana_costs();
        a + b.unwrap_or(0)
    }
    /// 202.3, 505.2: the converted mana cost, and the second half's for a
    /// split card outside the stack. A comparison is true if it is true for
    /// either (505.6).
    pub fn converted_mana_costs(&self) -> (u32, Option<u32>) {
        if self.token.is_some() {
            return (0, None);
        }
        let cmc = |f: &tolaria_cards::CardFace| f.mana_cost.as_ref().map_or(0, |c| c.converted());
        let faces = &tolaria_cards::db().get(self.card).faces;
        if self.split {
            (cmc(&faces[0]), Some(cmc(&faces[1])))
        } else {
            (cmc(self.face_def()), None)
        }
    }
    /// Domain: the basic land types of a land, one bit per type (none
    /// for a nonland), for counting "basic land types among lands".
    pub fn basic_land_type_bits(&self) -> u8 {
        if !self.is(CardType::Land) {
            return 0;
        }
        self.subtypes
            .iter()
            .filter_map(|st| st.basic_land_type())
            .fold(0, |bits, b| bits | 1 << (b as u8))
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
    /// 502.6a, 502.6c: the lands its landwalk abilities other than the
    /// five basic keywords look for (in its text unless an effect removed
    /// them, or granted in quotes).
    pub fn landwalks(&self) -> impl Iterator<Item = &'static ObjectFilter> + '_ {
        self.own_and_granted(self.landwalk_lost)
            .filter_map(|a| match a {
                Ability::Landwalk(f) => Some(f),
                _ => None,
            })
    }
    /// Its abilities in its text and from a copy effect (none if `lost`:
    /// an effect removed those of the kind asked for), then those granted.
    fn own_and_granted(&self, lost: bool) -> impl Iterator<Item = &'static Ability> + '_ {
        let own = (!lost)
            .then(|| self.abilities().iter().chain(self.gained_ability()))
            .into_iter()
            .flatten();
        own.chain(self.granted.refs().map(AbilityRef::get))
    }
    /// 502.11: the qualities of its "bands with other" abilities (in its
    /// text unless an effect removed them, or granted in quotes).
    pub fn bands_with_other(&self) -> impl Iterator<Item = &'static ObjectFilter> + '_ {
        self.own_and_granted(self.bands_with_other_lost)
            .filter_map(|a| match a {
                Ability::BandsWithOther(f) => Some(f),
                _ => None,
            })
    }
    /// 502.7: does protection stop something with these colours, types,
    /// subtypes and supertypes?
    pub fn protected_from(&self, colors: ColorSet, types: TypeSet, subtypes: &SubtypeSet) -> bool {
        self.protection_colors.intersects(colors)
            || self.protection_types.intersects(types)
            || self
                .protection_subtypes
                .iter()
                .any(|s| subtypes.contains(s))
    }
    /// 502.7: does protection stop a source with these characteristics
    /// (its colours, types and subtypes, and the qualities monocolored,
    /// multicolored, snow and legendary creature)?
    pub fn protected_from_object(&self, src: &Characteristics) -> bool {
        self.protected_from_with(src.colors, src.types, &src.subtypes, || src.supertypes)
    }
    /// 502.7: [`Characteristics::protected_from_object`] for a source
    /// known by its `SourceInfo` (its supertypes read only when a quality
    /// needs them).
    pub fn protected_from_source(
        &self,
        game: &crate::Game,
        src: &crate::continuous::source::SourceInfo,
    ) -> bool {
        self.protected_from_with(src.colors, src.types, &src.subtypes, || {
            src.supertypes(game)
        })
    }
    /// 502.7: colours, types and subtypes, then the qualities (the
    /// supertypes asked for only when one of them needs them).
    fn protected_from_with(
        &self,
        colors: ColorSet,
        types: TypeSet,
        subtypes: &SubtypeSet,
        supertypes: impl FnOnce() -> tolaria_cards::SupertypeSet,
    ) -> bool {
        self.protected_from(colors, types, subtypes)
            || (self.protection_qualities != 0
                && tolaria_cards::protection_quality_stops(
                    self.protection_qualities,
                    colors,
                    types,
                    supertypes(),
                ))
    }
}

/// The abilities an object has now that can be activated, in activation
/// index order (`Characteristics::all_abilities` without the keywords'
/// triggered abilities, which come last): a plain value the mana code
/// keeps per permanent (`ManaSource`).
#[derive(Clone, Copy, Debug)]
pub struct AbilityList {
    printed: &'static [Ability],
    /// A Licid's lost ability is left out (`Characteristics::licid`).
    licid: bool,
    land_mana: u8,
    gained: Option<&'static Ability>,
    granted: Granted,
    deploy: bool,
}

impl AbilityList {
    pub fn iter(&self) -> impl Iterator<Item = &'static Ability> + '_ {
        let licid = self.licid;
        self.printed
            .iter()
            .filter(move |a| !(licid && crate::mechanics::licid::is_licid_ability(a)))
            .chain(land_mana_refs(self.land_mana).map(AbilityRef::get))
            .chain(self.gained)
            .chain(self.granted.refs().map(AbilityRef::get))
            .chain(self.deploy.then(tolaria_cards::deploy_ability))
    }
}

/// 212.6d–e: the intrinsic mana abilities of the basic land types in
/// `mask` (bits in `BasicLandType::ALL` order), in that order.
fn land_mana_refs(mask: u8) -> impl Iterator<Item = AbilityRef> {
    tolaria_cards::BasicLandType::ALL
        .into_iter()
        .enumerate()
        .filter(move |&(i, _)| mask & (1 << i) != 0)
        .map(|(_, b)| AbilityRef::LandType(b))
}

/// The characteristics of a face, before any effect.
pub(crate) fn of_face(card: CardId, face_idx: u8, controller: PlayerId) -> Characteristics {
    let face = &tolaria_cards::db().get(card).faces[face_idx as usize];
    Characteristics {
        card,
        face: face_idx,
        controller,
        colors: face.colors,
        types: face.types,
        supertypes: face.supertypes,
        subtypes: face.subtypes,
        power: face.power.map_or(0, PtValue::base),
        toughness: face.toughness.map_or(0, PtValue::base),
        keywords: face.keywords,
        protection_colors: face.protection_colors,
        protection_types: face.protection_types,
        protection_subtypes: face.protection_subtypes,
        protection_qualities: face.protection_qualities,
        token: None,
        lost_abilities: false,
        text_lost: false,
        land_mana: 0,
        text: None,
        gained: None,
        split: false,
        granted: Granted::default(),
        deploy: false,
        bands_with_other_lost: false,
        landwalk_lost: false,
        licid: false,
    }
}

/// 505.2: a split card outside the stack has both halves' characteristics.
pub(crate) fn of_split_card(card: CardId, controller: PlayerId) -> Characteristics {
    let mut ch = of_face(card, 0, controller);
    let other = &tolaria_cards::db().get(card).faces[1];
    ch.colors = ColorSet(ch.colors.0 | other.colors.0);
    ch.types = TypeSet(ch.types.0 | other.types.0);
    for st in other.subtypes.iter() {
        ch.subtypes.insert(st);
    }
    ch.supertypes = SupertypeSet(ch.supertypes.0 | other.supertypes.0);
    ch.split = true;
    ch
}

/// The characteristics a token's creating effect gave it (216.2).
pub(crate) fn of_token(
    card: CardId,
    src: crate::state::object::TokenSource,
    controller: PlayerId,
) -> Option<Characteristics> {
    let spec = src.spec()?;
    let mut ch = of_face(card, 0, controller);
    ch.token = Some(src);
    ch.colors = spec.colors;
    ch.types = spec.types;
    ch.supertypes = SupertypeSet::default();
    ch.subtypes = SubtypeSet::new();
    for &st in &spec.subtypes {
        ch.subtypes.insert(st);
    }
    // 216.2: an X/X token's X was fixed as it was created.
    (ch.power, ch.toughness) = match spec.pt_x {
        Some(_) => (src.x, src.x),
        None => (spec.power, spec.toughness),
    };
    ch.keywords = spec.keywords;
    // 216.2: the ability in quotes the creating effect gave it.
    if let Some(g) = spec.granted {
        ch.granted.push(src.card, src.face, g);
    }
    ch.protection_colors = ColorSet::EMPTY;
    ch.protection_types = TypeSet::EMPTY;
    ch.protection_subtypes = SubtypeSet::new();
    ch.protection_qualities = 0;
    Some(ch)
}

/// The face index in force for a card with this status: 508.2, the
/// flipped face only for a flipped permanent in play.
pub(crate) fn face_in_force(card: CardId, flipped: bool, in_play: bool) -> u8 {
    if flipped && in_play && tolaria_cards::db().get(card).layout == tolaria_cards::Layout::Flip {
        1
    } else {
        0
    }
}

/// The object's own printed characteristics (the face in force, or a
/// token's defining effect), before any effect (copy effects are layer 1).
pub fn printed(game: &Game, id: ObjId) -> Characteristics {
    let o = &game.objects[id.slot as usize];
    if let Some(ch) = o
        .token_src
        .and_then(|t| of_token(o.card, t, o.base_controller))
    {
        return ch;
    }
    // 504.2: a face-down spell or permanent has only the characteristics
    // the morph rules list (a 2/2 creature, 502.26a).
    if o.is_face_down() {
        return of_face(tolaria_cards::db().face_down, 0, o.base_controller);
    }
    // 505.2: a split card has both halves' characteristics, except on the
    // stack, where only the half being played exists.
    let mut ch = if o.def().layout == tolaria_cards::Layout::Split && o.zone != Zone::Stack {
        of_split_card(o.card, o.base_controller)
    } else if o.zone == Zone::Stack {
        of_face(o.card, o.spell_face_index(), o.base_controller)
    } else {
        let face = face_in_force(o.card, o.is_flipped(), o.zone == Zone::InPlay);
        of_face(o.card, face, o.base_controller)
    };
    // 503.10 with Fork's "except that the copy is red".
    if let Some(c) = o.spell_copy.and_then(|s| s.color) {
        ch.colors = tolaria_cards::ColorSet::single(c);
    }
    ch
}

/// The characteristics of an object now, with every continuous effect applied.
pub fn compute(game: &Game, id: ObjId) -> Characteristics {
    let o = &game.objects[id.slot as usize];
    if o.zone == Zone::Stack {
        // A spell has its printed values, except for the colour-setting
        // effects that target it (Illusion), in timestamp order (418.5a
        // layer 5; `Game::create_continuous` creates no other kind on a
        // spell). A spell that leaves the stack is a new object (217.1c):
        // the effect stays behind.
        let mut ch = printed(game, id);
        let mut on_it: Vec<_> = game.effects.iter().filter(|e| e.affected == id).collect();
        on_it.sort_by_key(|e| e.timestamp);
        for e in on_it {
            if let Some(c) = e.effect.set_colors {
                ch.colors = c;
            }
            // 418.6: layer 3 on a spell (Sleight of Mind); the last change
            // made is the one in force.
            if let Some(t) = e.effect.text {
                ch.text = Some(t);
            }
        }
        return ch;
    }
    if o.zone != Zone::InPlay {
        // Effects apply only to permanents and spells here (416.2); other
        // zones' objects have their printed values.
        return printed(game, id);
    }
    if game.board.valid {
        if let Some(ch) = game.board.get(o.board_index, id) {
            return ch;
        }
    }
    if let Some(ch) = crate::continuous::layers::local_entry(game, id) {
        return ch;
    }
    let (board, _) = crate::continuous::layers::compute_board(game);
    match game.in_play.iter().position(|&x| x == id) {
        Some(i) => board[i],
        None => printed(game, id),
    }
}

/// The cache of the computed characteristics of the permanents in play, in
/// the order of `Game::in_play` (derived data: see ARCHITECTURE.md).
#[derive(Clone, Debug, Default)]
pub struct Board {
    /// The values match the game: no event that may change a characteristic
    /// has happened since they were computed.
    pub valid: bool,
    /// Some effect's filter reads status (tapped, attacking, blocking), or
    /// counts graveyard cards, so status changes and cards entering or
    /// leaving graveyards invalidate the board too.
    pub status_sensitive: bool,
    pub ids: Vec<ObjId>,
    pub chars: Vec<Characteristics>,
    /// How many permanents in play have static abilities (`flags::STATICS`).
    pub statics: u32,
    /// How many permanents in play have activated abilities (`flags::ACTIVATED`).
    pub activated: u32,
    /// How many permanents in play have triggered abilities (`flags::TRIGGERS`).
    pub triggers: u32,
    /// `Game::objects[..token_free]` holds no token or spell copy (objects are only ever
    /// added at the end and never become or stop being tokens), so 420.5f
    /// looks only past it. Advanced by `settle`.
    pub token_free: usize,
    /// The permanents with mana abilities (`flags::MANA`), in board order,
    /// with the abilities they have now (see `Game::mana_sources`).
    pub mana: Vec<ManaSource>,
    /// The board is *local*: no continuous effect existed when it was
    /// computed (no effect of a resolved spell or ability or copy effect,
    /// no permanent with a static ability, no deploy option), so each
    /// entry was its permanent's layer-1 values and counters alone, read
    /// from its own object (`LocalKey`). `keys` is then parallel to
    /// `chars` (empty otherwise).
    pub local: bool,
    pub keys: Vec<LocalKey>,
    /// Left empty by a rewind point (422) whose board was valid: the game
    /// it restores recomputes the same values, so that recomputation
    /// doesn't count as a characteristic changed (`Game::sba_dirty`).
    /// Likewise for a game loaded from a save (`Board::loaded`): games are
    /// saved at decisions, where the board is settled.
    pub rewound: bool,
    /// Scratch storage, not derived data: the allocation of the mana list
    /// before the last rebuild, which the next rebuild fills
    /// (`rebuild_board_lists`, issue 22). Its contents are never read; a
    /// copy of the board starts without it.
    pub mana_spare: Spare<ManaSource>,
}

/// A list's spare allocation (scratch storage kept for speed, issue 22):
/// its contents are never read, only overwritten, and a copy starts empty
/// (so copies of the game hold the same game and cost nothing more).
pub struct Spare<T>(pub Vec<T>);

impl<T> Default for Spare<T> {
    fn default() -> Self {
        Spare(Vec::new())
    }
}

impl<T> Clone for Spare<T> {
    fn clone(&self) -> Self {
        Spare(Vec::new())
    }
}

impl<T> std::fmt::Debug for Spare<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Spare")
    }
}

impl Board {
    /// The board of a game loaded from a save: empty, and recomputed
    /// without counting as a characteristic changed (as `rewound`), so the
    /// loaded game plays exactly as the saved one would have.
    pub fn loaded() -> Board {
        Board {
            rewound: true,
            ..Board::default()
        }
    }
}

/// What a permanent's characteristics are computed from on a local board
/// (`Board::local`): the fields of its own object that layer 1
/// (`layers::layer1`: its card or token, face down, flipped, controller,
/// chosen colour) and the counters read. An entry whose inputs are the same
/// as when it was computed is kept as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalInputs {
    pub id: ObjId,
    pub card: CardId,
    pub token_src: Option<crate::state::object::TokenSource>,
    /// `flags::FACE_DOWN | flags::FLIPPED` bits of the object.
    pub status: u32,
    pub base_controller: PlayerId,
    pub chosen_color: Option<tolaria_cards::Color>,
    /// The +1/+1 and -1/-1 counters (`plus << 16 | minus`: one
    /// comparison, issue 22).
    pub counters: u32,
    /// The other kinds of counters: some change power and toughness
    /// (+1/+0, -0/-1, …; layer 6c, 418.5a). The object's `(key, count)`
    /// slots packed in order, two bytes each (`pack_counters`), so that
    /// `settle` compares them at once rather than slot by slot.
    pub other_counters: u128,
}

// The other counters fill a `u128` exactly.
const _: () = assert!(crate::state::object::COUNTER_SLOTS * 2 == 16);

/// An object's `(key, count)` counter slots as one number (`LocalInputs`).
#[inline(always)]
fn pack_counters(c: &[(u8, u8); crate::state::object::COUNTER_SLOTS]) -> u128 {
    // The slots are kept sorted and packed (`Object::add_counters`): an
    // empty first slot means no other counter at all, which packs to 0
    // (issue 22: most permanents, without the sixteen byte loads).
    if c[0].0 == 0 {
        debug_assert!(c.iter().all(|&s| s == (0, 0)), "unpacked counter slots");
        return 0;
    }
    let mut b = [0u8; 16];
    for (j, &(k, n)) in c.iter().enumerate() {
        b[2 * j] = k;
        b[2 * j + 1] = n;
    }
    u128::from_le_bytes(b)
}

impl LocalInputs {
    #[inline]
    pub(crate) fn of(game: &Game, id: ObjId) -> LocalInputs {
        use crate::state::object::flags;
        let o = &game.objects[id.slot as usize];
        LocalInputs {
            id,
            card: o.card,
            token_src: o.token_src,
            status: o.flags & (flags::FACE_DOWN | flags::FLIPPED),
            base_controller: o.base_controller,
            chosen_color: o.chosen_color,
            counters: (u32::from(o.plus_counters) << 16) | u32::from(o.minus_counters),
            other_counters: pack_counters(&o.counters),
        }
    }
}

/// One entry of a local board's `keys`: the inputs its characteristics
/// were computed from, and their ability bits (`Object::ability_flags_of`;
/// `u32::MAX` until `settle` computes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalKey {
    pub inputs: LocalInputs,
    pub abil: u32,
}

/// A permanent with mana abilities, as the board found it.
#[derive(Clone, Copy, Debug)]
pub struct ManaSource {
    pub id: ObjId,
    /// The card and face whose abilities it has (all the rest follows).
    pub card: CardId,
    pub face: u8,
    pub granted: Granted,
    /// Its `Characteristics::text_lost` and `land_mana` (layer 4, 212.6e).
    pub land: (bool, u8),
    /// Its text change (layer 3, 418.6), which rewrites its abilities.
    pub text: Option<TextChange>,
    /// The abilities it has now (layers 1 and 5).
    pub abilities: AbilityList,
    /// Its only mana ability is a plain "{T}: Add one mana of one kind"
    /// (no other cost): its index and the kind.
    pub simple: Option<(u8, tolaria_cards::ManaKind)>,
}

impl ManaSource {
    /// The entry for a permanent with these characteristics (not a token,
    /// abilities not lost: those have no mana abilities).
    pub(crate) fn of(id: ObjId, ch: &Characteristics) -> ManaSource {
        let abilities = ch.ability_list();
        let mut mana = abilities.iter().enumerate().filter_map(|(i, a)| match a {
            Ability::Mana(m) => Some((i as u8, m)),
            _ => None,
        });
        let only = match (mana.next(), mana.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        };
        let simple = only.and_then(|(i, m)| {
            let c = &m.cost;
            let plain_tap = c.tap
                && !c.untap
                && !c.sacrifice_self
                && !c.remove_self
                && !c.return_self
                && c.sacrifice.is_none()
                && c.discard == 0
                && c.pay_life == 0
                && c.remove_counters.is_none()
                && c.put_counters.is_none()
                && c.mana.is_zero()
                // An enchantment's mana ability may cost more (Gloom,
                // 409.1f): it is paid as the other mana abilities are.
                && !ch.is(tolaria_cards::CardType::Enchantment);
            match &m.produce {
                tolaria_cards::ManaProduce::Fixed(v)
                    if plain_tap
                        && v.len() == 1
                        && m.only_if.is_none()
                        && !m.once_per_turn
                        && m.spend_only.is_none() =>
                {
                    Some((i, v[0]))
                }
                _ => None,
            }
        });
        ManaSource {
            id,
            card: ch.card,
            face: ch.face,
            granted: ch.granted,
            land: (ch.text_lost, ch.land_mana),
            text: ch.text,
            abilities,
            simple,
        }
    }
}

impl Board {
    pub fn get(&self, index: u16, id: ObjId) -> Option<Characteristics> {
        self.get_ref(index, id).copied()
    }
    /// As [`Board::get`], without copying the values.
    #[inline]
    pub fn get_ref(&self, index: u16, id: ObjId) -> Option<&Characteristics> {
        let i = index as usize;
        (self.ids.get(i) == Some(&id)).then(|| &self.chars[i])
    }
}

impl Game {
    /// Whether some permanent in play may have static abilities: false
    /// only when the board is up to date and none has `flags::STATICS`.
    #[inline]
    pub(crate) fn may_have_statics(&self) -> bool {
        !(self.board.valid && self.board.ids.len() == self.in_play.len() && self.board.statics == 0)
    }

    /// Whether some permanent in play may have activated (non-mana)
    /// abilities: false only when the board is up to date and none has
    /// `flags::ACTIVATED`.
    #[inline]
    pub(crate) fn may_have_activated(&self) -> bool {
        !(self.board.valid
            && self.board.ids.len() == self.in_play.len()
            && self.board.activated == 0)
    }

    /// Whether some permanent in play may have triggered abilities: false
    /// only when the board is up to date and none has `flags::TRIGGERS`.
    #[inline]
    pub(crate) fn may_have_triggers(&self) -> bool {
        !(self.board.valid
            && self.board.ids.len() == self.in_play.len()
            && self.board.triggers == 0)
    }

    /// `compute(id)`, borrowed from the board when it is up to date.
    #[inline]
    pub(crate) fn chars(&self, id: ObjId) -> std::borrow::Cow<'_, Characteristics> {
        match self.board_chars(id) {
            Some(ch) => std::borrow::Cow::Borrowed(ch),
            None => std::borrow::Cow::Owned(compute(self, id)),
        }
    }

    /// The cached characteristics of a permanent in play, if the board is
    /// up to date (the same values `compute` would return, not copied).
    #[inline]
    pub(crate) fn board_chars(&self, id: ObjId) -> Option<&Characteristics> {
        if !self.board.valid {
            return None;
        }
        let o = self.objects.get(id.slot as usize)?;
        if o.zone != Zone::InPlay {
            return None;
        }
        self.board.get_ref(o.board_index, id)
    }
}

/// The computed characteristics of the permanents in play, in `in_play`
/// order: the cached board, or one computed now if it is stale (for loops
/// that read many permanents).
pub fn board_now(game: &Game) -> std::borrow::Cow<'_, [Characteristics]> {
    if game.board.valid && game.board.chars.len() == game.in_play.len() {
        std::borrow::Cow::Borrowed(&game.board.chars)
    } else {
        std::borrow::Cow::Owned(crate::continuous::layers::compute_board(game).0)
    }
}

/// Does any permanent give this object's controller shroud ("You have shroud")?
pub fn player_has_shroud(game: &Game, p: PlayerId) -> bool {
    if game.board.valid && game.board.ids.len() == game.in_play.len() {
        // The board is up to date, so `flags::STATICS` says which
        // permanents have static abilities now (`settle`).
        return game.controlled_by(p).any(|id| {
            game.objects[id.slot as usize].flags & crate::state::object::flags::STATICS != 0
                && game
                    .board_chars(id)
                    .map_or_else(|| compute(game, id).abilities(), |ch| ch.abilities())
                    .iter()
                    .any(|a| matches!(a, Ability::Static(StaticAbility::ControllerHasShroud)))
        });
    }
    game.controlled_by(p).any(|id| {
        compute(game, id)
            .abilities()
            .iter()
            .any(|a| matches!(a, Ability::Static(StaticAbility::ControllerHasShroud)))
    })
}
