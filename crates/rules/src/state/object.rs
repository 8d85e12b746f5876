//! Objects in the game's arena, with their status (510) kept apart from
//! their characteristics, which are always computed (see `characteristics`).

use crate::{ObjId, PlayerId, Zone};
use serde::{Deserialize, Serialize};
use tolaria_cards::{db, CardDef, CardId};

/// Status bits (510.1) and other per-permanent flags.
pub mod flags {
    /// 510.1a tapped.
    pub const TAPPED: u32 = 1;
    /// 510.1b flipped.
    pub const FLIPPED: u32 = 2;
    /// 510.1c face down.
    pub const FACE_DOWN: u32 = 4;
    /// 502.15 phased out.
    pub const PHASED_OUT: u32 = 8;
    /// 212.3f: the controller has not controlled it continuously since the
    /// start of their most recent turn ("summoning sickness").
    pub const SICK: u32 = 16;
    /// Derived: the face in force has static abilities (set as it comes into play).
    pub const STATICS: u32 = 32;
    /// Derived: has mana abilities.
    pub const MANA: u32 = 64;
    /// Derived: has activated (non-mana) abilities.
    pub const ACTIVATED: u32 = 128;
    /// Derived: has triggered abilities.
    pub const TRIGGERS: u32 = 256;
    /// Played as a spell from its owner's hand: set as the card moves from
    /// the hand to the stack (409.1a) and kept as that spell resolves into
    /// play ("if you didn't play it from your hand", Phage the Untouchable).
    pub const FROM_HAND: u32 = 512;
    /// A card in a graveyard that was put there from play this turn (No
    /// Rest for the Wicked); cleared as a turn begins.
    pub const FROM_PLAY_THIS_TURN: u32 = 1024;
    /// 502.21: the first kicker cost listed was paid for this spell; kept
    /// as it resolves into play and as last known information, like
    /// `FROM_HAND` ("if it was kicked", 502.21b).
    pub const KICKED_A: u32 = 2048;
    /// 502.21d: the second kicker cost listed was paid.
    pub const KICKED_B: u32 = 4096;
    /// 502.16a: the buyback cost was paid for this spell.
    pub const BOUGHT_BACK: u32 = 8192;
    /// 502.22a: played with flashback: removed from the game whenever it
    /// would leave the stack.
    pub const FLASHBACK: u32 = 16384;
    /// The bits describing how a spell was played that follow it into play.
    pub const KICKED: u32 = KICKED_A | KICKED_B;
    /// 505.2: a split card on the stack played as its second half (cleared
    /// with the rest of the flags as it leaves the stack).
    pub const SPLIT_SECOND: u32 = 32768;
    /// The derived ability bits.
    /// Declared as an attacker this turn ("creatures that attacked this
    /// turn", Relentless Assault); cleared as a turn begins.
    pub const ATTACKED_THIS_TURN: u32 = 1 << 16;
    /// A card in a hand revealed to every player (502.27a, amplify): known
    /// to all (`view`, `determinized`) until it leaves the hand (cleared
    /// with the other flags as it changes zones).
    pub const REVEALED: u32 = 1 << 17;
    /// 504.1: a face-down spell played by Illusionary Mask's ability, and
    /// the face-down creature it becomes: until it is turned face up, it is
    /// turned face up instead of assigning, dealing or being dealt damage
    /// or becoming tapped (419; `mechanics/illusionary_mask.rs`). Kept from
    /// the stack into play as it resolves; cleared as it turns face up.
    pub const MASKED: u32 = 1 << 18;
    /// Dealt damage to an opponent of its controller this turn ("if
    /// Whirling Dervish dealt damage to an opponent this turn"); cleared
    /// as a turn begins and on a zone change.
    pub const DAMAGED_OPPONENT_THIS_TURN: u32 = 1 << 19;
    /// "[It] can't attack during its controller's next turn" (Wall of
    /// Dust): turned into `this_turn::CANT_ATTACK` as the next turn of its
    /// controller begins; cleared on a zone change (217.1c).
    pub const NO_ATTACK_NEXT_TURN: u32 = 1 << 26;
    /// A card in a hand that was drawn this turn ("cards in your hand
    /// drawn this turn", Sylvan Library): set as it is drawn, cleared as a
    /// turn begins and on a zone change.
    pub const DRAWN_THIS_TURN: u32 = 1 << 27;
    /// A spell played during its controller's main phase (409.1: "if you
    /// played this spell during your main phase", Sulfurous Blast); set as
    /// it becomes played (409.1i), kept on the spell while it is on the stack.
    pub const PLAYED_IN_MAIN_PHASE: u32 = 1 << 28;
    /// Derived (issue 22): an input of the permanent's entry on a local
    /// board (`LocalInputs`: its card, token source, face-down and flipped
    /// status, base controller, chosen colour, counters) may have changed
    /// since the entry was computed. Set wherever one of them is written
    /// (`Object::add_counters`, `set_base_controller`, `mark_board_input`);
    /// cleared by `Game::settle` as it computes or keeps the entry. Clear,
    /// it means the entry's inputs are the object's (debug builds and
    /// `Game::check_board` verify it), so `settle` keeps the entry without
    /// reading them.
    pub const BOARD_INPUTS: u32 = 1 << 29;
    pub const ABILITY_BITS: u32 = STATICS | MANA | ACTIVATED | TRIGGERS;
    /// 406: white mana was spent to play this spell (the next four bits:
    /// blue, black, red, green; `spent_bit`); set as it becomes played
    /// (409.1i) and kept as it resolves into play and as last known
    /// information, like `KICKED` ("unless {U} was spent to play it").
    pub const SPENT_W: u32 = 1 << 20;
    /// Colourless mana was spent to play this spell (after the five
    /// colours' bits).
    pub const SPENT_C: u32 = 1 << 25;
    /// Every colour's `SPENT_W` bit and `SPENT_C`: any mana was spent.
    pub const SPENT: u32 = 0b111111 << 20;
    /// The bit saying mana of colour `c` was spent to play the spell.
    pub fn spent_bit(c: tolaria_cards::Color) -> u32 {
        SPENT_W << (c as u32)
    }
}

/// Bits of `Object::control_marks` (502.19a, echo).
fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

/// Bits of `Object::this_turn`: effects on the object until the turn ends.
pub mod this_turn {
    /// "[It] can't block this turn."
    pub const CANT_BLOCK: u8 = 1;
    /// "[It] can't be regenerated this turn."
    pub const NO_REGEN: u8 = 2;
    /// "[It] can't be blocked this turn." (Crafty Pathmage)
    pub const UNBLOCKABLE: u8 = 4;
    /// 500.1: "[It] attacks this turn if able." (Boiling Blood)
    pub const ATTACKS: u8 = 8;
    /// 500.1: "All creatures able to block [it] this turn do so." (Alluring Scent)
    pub const LURE: u8 = 16;
    /// 502.40: "[It] can attack this turn as though it didn't have
    /// defender." (Mirror Wall)
    pub const ATTACKS_DESPITE_DEFENDER: u8 = 32;
    /// 500.1: "[It] can't attack this turn." (Change of Heart); "[it]
    /// can't attack during its controller's next turn" (Wall of Dust), set
    /// as that turn began (`flags::NO_ATTACK_NEXT_TURN`).
    pub const CANT_ATTACK: u8 = 64;
    /// 500.1: "[It] can't be blocked except by two or more creatures" this
    /// turn (Oracle "gains menace until end of turn", Gorilla War Cry).
    pub const MENACE: u8 = 128;
}

pub mod marks {
    /// Came under its controller's control since the beginning of that
    /// player's most recent upkeep; set with `flags::SICK`.
    pub const CONTROL_SINCE_UPKEEP: u8 = 1;
    /// Came under its controller's control between the beginning of that
    /// player's previous upkeep and the current one (moved from
    /// `CONTROL_SINCE_UPKEEP` as an upkeep of the controller begins), so
    /// "since the beginning of your last upkeep" is either bit.
    pub const CONTROL_BEFORE_UPKEEP: u8 = 2;
    /// Either bit.
    pub const CONTROL_RECENT: u8 = CONTROL_SINCE_UPKEEP | CONTROL_BEFORE_UPKEEP;
    /// 502.59a: a spell played by its suspend ability ("it gains haste
    /// until you lose control of the spell or the permanent it becomes");
    /// set on the spell, turned into a haste effect as it resolves.
    pub const SUSPEND_HASTE: u8 = 4;
    /// A spell played by "You may play CARDNAME as though it had flash"
    /// when a sorcery couldn't have been played (Armor of Thorns); set on
    /// the spell, turned into a delayed triggered ability as it resolves;
    /// on a spell with "… if you pay {2} more to play it" (Rout), the
    /// mark that its total cost is {2} more.
    pub const FLASH_SACRIFICED: u8 = 8;
    /// Declared as an attacker (308.2) during the current turn of its
    /// controller (a creature attacks only in its controller's turn);
    /// moved to `ATTACKED_LAST_TURN` as that player's next turn begins.
    /// Like the other marks, cleared as control changes (the attack was
    /// in another player's turn) and on a zone change (217.1c).
    pub const ATTACKED_OWN_TURN: u8 = 16;
    /// It attacked during its controller's last turn ("if it attacked
    /// during your last turn", Goblin Rock Sled).
    pub const ATTACKED_LAST_TURN: u8 = 32;
}

/// 502.21b, 502.21d: do these `flags` say the kicker cost `which` (any
/// kicker cost for `None`) was paid?
pub(crate) fn kicked_with(flags: u32, which: Option<u8>) -> bool {
    match which {
        None => flags & flags::KICKED != 0,
        Some(0) => flags & flags::KICKED_A != 0,
        Some(_) => flags & flags::KICKED_B != 0,
    }
}

/// The effect that defined a token (216.2), as a path into the static card
/// data: the creating card's face, ability (255: the spell itself; from
/// `GRANTED_BASE`, an ability in quotes it grants) and effect index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenSource {
    pub card: CardId,
    pub face: u8,
    pub ability: u8,
    pub effect: u8,
    /// 216.2: the X of an "X/X" token (Dokai, Weaver of Life), fixed as
    /// the effect created it.
    #[serde(default)]
    pub x: i32,
}

/// The effects of a list and, depth first, those nested in them (a coin
/// flip's branches, …): an effect's index here names it in a `TokenSource`.
fn all_effects(effects: &[tolaria_cards::Effect]) -> Vec<&tolaria_cards::Effect> {
    use tolaria_cards::Effect;
    let mut out = Vec::new();
    fn walk<'a>(list: &'a [Effect], out: &mut Vec<&'a Effect>) {
        for e in list {
            out.push(e);
            // Every list it wraps (`Effect::nested`): a coin flip's
            // branches, "if you do" (Rith, the Awakener's tokens after
            // "you may pay"), delayed triggered abilities (404.4: Giant
            // Caterpillar's Butterfly).
            for v in e.nested() {
                walk(v, out);
            }
        }
    }
    walk(effects, &mut out);
    out
}

/// A triggered ability's effects as `TokenSource` numbers them: its
/// effects, then each mode's (409.1b), each list with its nested effects.
fn triggered_effects(
    t: &'static tolaria_cards::TriggeredAbility,
) -> Vec<&'static tolaria_cards::Effect> {
    t.effect_lists().flat_map(all_effects).collect()
}

/// The spell ability's effects as `TokenSource` numbers them (ability
/// 255): its instructions, then each mode's (409.1b), then those of all the
/// modes entwined (502.32a), each list with its nested effects.
fn spell_effects(
    spell: &'static tolaria_cards::SpellAbility,
) -> Vec<&'static tolaria_cards::Effect> {
    let mut out = all_effects(&spell.effects);
    for m in &spell.modes {
        out.extend(all_effects(&m.effects));
    }
    if let Some(e) = &spell.entwine {
        out.extend(all_effects(&e.all.effects));
    }
    out
}

/// A `TokenSource::ability` from this value on names an ability in
/// quotes the face grants (index in its `granted` list, added), not one of
/// its own; 255 is the spell ability.
const GRANTED_BASE: u8 = 128;

impl TokenSource {
    /// The token's definition.
    pub fn spec(&self) -> Option<&'static tolaria_cards::TokenSpec> {
        let face = db().get(self.card).faces.get(self.face as usize)?;
        let all = if self.ability == 255 {
            spell_effects(&face.spell)
        } else {
            let ability = if self.ability >= GRANTED_BASE {
                face.granted.get((self.ability - GRANTED_BASE) as usize)?
            } else {
                face.abilities.get(self.ability as usize)?
            };
            match ability {
                tolaria_cards::Ability::Activated(a) => {
                    a.effect_lists().flat_map(all_effects).collect()
                }
                tolaria_cards::Ability::Triggered(t) => triggered_effects(t),
                _ => return None,
            }
        };
        match all.get(self.effect as usize)? {
            tolaria_cards::Effect::CreateTokens { token, .. } => Some(token),
            _ => None,
        }
    }

    /// Finds the path of a `CreateTokens` effect of `card` (by identity).
    pub fn find(card: CardId, effect: &tolaria_cards::Effect) -> Option<TokenSource> {
        let def = db().get(card);
        // 418.6: an ability a text change rewrote is found at the same
        // place in the rewritten face; the token is the printed one
        // (ARCHITECTURE.md, "Text-changing effects").
        let faces = def.faces.iter().enumerate().chain(
            tolaria_cards::text_change::bent_faces(card)
                .into_iter()
                .map(|(fi, f)| (fi as usize, f)),
        );
        for (fi, face) in faces {
            // The face's abilities, then those it grants in quotes
            // (Squirrel Nest's land makes Squirrels), from `GRANTED_BASE`.
            let abilities = face.abilities.iter().enumerate().chain(
                face.granted
                    .iter()
                    .enumerate()
                    .map(|(i, a)| (i + GRANTED_BASE as usize, a)),
            );
            let lists = std::iter::once((255u8, spell_effects(&face.spell))).chain(
                abilities.filter_map(|(i, a)| match a {
                    tolaria_cards::Ability::Activated(a) => {
                        Some((i as u8, a.effect_lists().flat_map(all_effects).collect()))
                    }
                    tolaria_cards::Ability::Triggered(t) => Some((i as u8, triggered_effects(t))),
                    _ => None,
                }),
            );
            for (ai, all) in lists {
                if let Some(ei) = all.iter().position(|e| std::ptr::eq(*e, effect)) {
                    return Some(TokenSource {
                        card,
                        face: fi as u8,
                        ability: ai,
                        effect: ei as u8,
                        x: 0,
                    });
                }
            }
        }
        None
    }
}

/// How many kinds of counters other than +1/+1 and -1/-1 an object holds at once.
pub const COUNTER_SLOTS: usize = 8;

/// One object slot: a physical card or a token. Plain `Copy` data, so
/// that cloning a game copies the arena in one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Object {
    pub card: CardId,
    /// Zone-change count; see [`ObjId`].
    pub gen: u16,
    pub owner: PlayerId,
    /// 217.5, 217.6: only permanents and spells have a controller; for other zones
    /// this is the owner. For a permanent this is derived: the controller
    /// after control-changing effects (layer 2), kept up to date by
    /// `Game::settle`.
    pub controller: PlayerId,
    /// The controller before any control-changing effect: the player who
    /// put it into play or played it (413.2i, 216.1).
    pub base_controller: PlayerId,
    /// Derived: its position in `Game::board` when the board was computed.
    #[serde(skip)]
    pub board_index: u16,
    pub zone: Zone,
    pub flags: u32,
    /// Damage marked on a permanent (wears off in cleanup, 314.2).
    pub damage: u32,
    pub plus_counters: u16,
    pub minus_counters: u16,
    /// Counters of the other kinds (fuse, age, time, verse, petal, …): up to
    /// `COUNTER_SLOTS` kinds at once, at most 255 of each, as `(key, count)`
    /// pairs (`CounterKind::slot_key`) sorted by key with the empty slots
    /// (key 0) last: plain `Copy` data, so cloning a game stays a flat copy.
    #[serde(default)]
    pub counters: [(u8, u8); COUNTER_SLOTS],
    /// The object or player this Aura or Equipment is attached to.
    pub attached_to: Option<crate::Target>,
    /// 418.5e: the timestamp of entering its zone.
    pub timestamp: u32,
    /// 501.5: regeneration shields on it.
    pub regen_shields: u8,
    /// 216: a token (not a card).
    pub token: bool,
    /// 216.2: where a token's characteristics are defined (the effect that created it).
    pub token_src: Option<TokenSource>,
    /// Activations this turn of its "once each turn" abilities (bit per ability index).
    pub activated_this_turn: u16,
    /// What applies to it until the turn ends (`this_turn` bits: "can't
    /// block this turn", "can't be regenerated this turn", "can't be
    /// blocked this turn", the 500.1 requirements "attacks this turn if
    /// able" and "all creatures able to block it this turn do so"); cleared
    /// in the cleanup step (314.2) and on a zone change. One byte: the
    /// object is copied with every game.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub this_turn: u8,
    /// "[It] can block an additional creature this turn" (Mounted
    /// Archers): how many more attackers it may block until the turn ends;
    /// `u8::MAX`: "can block any number of creatures this turn" (Valor
    /// Made Real). Cleared with `this_turn`.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub extra_blocks_this_turn: u8,
    /// Second activations this turn of its "no more than twice each turn"
    /// abilities (bit per ability index; the first is in `activated_this_turn`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub activated_twice_this_turn: u16,
    /// 503.6: the colour chosen as it came into play ("As [this] comes into
    /// play, choose a color"); `None`: no choice made (503.7: undefined).
    #[serde(default)]
    pub chosen_color: Option<tolaria_cards::Color>,
    /// "the last chosen number" (Shapeshifter): chosen as it came into
    /// play (419.1b) or by its upkeep ability; `None`: none chosen (read
    /// as 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_number: Option<u8>,
    /// 503.8: the creature type chosen as it came into play ("As [this]
    /// comes into play, choose a creature type"); `None`: undefined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_type: Option<tolaria_cards::Subtype>,
    /// 419.1b: the card named as it came into play ("As [this] comes into
    /// play, name a card": Pithing Needle); `None`: undefined (503.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_name: Option<tolaria_cards::CardName>,
    /// 419.1b: the opponent chosen as it came into play ("As [this] comes
    /// into play, choose an opponent": Black Vise); `None`: undefined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_player: Option<PlayerId>,
    /// 502.19a: when it came under its controller's control (`marks`).
    #[serde(default)]
    pub control_marks: u8,
    /// 503.10: a copy of a spell (no card); kept as it leaves the stack,
    /// where it ceases to exist (420.5j).
    #[serde(default)]
    pub spell_copy: Option<crate::state::stack::SpellCopy>,
    /// Was dealt damage this turn ("creature that was dealt damage this
    /// turn", Initiate of Blood), even if the damage has been removed
    /// since (501.5); cleared as a turn begins and as it changes zones.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealt_damage_this_turn: bool,
    /// Became the target of a spell or ability this turn (409.1c: "for
    /// the first time each turn", the Glasskites); cleared as a turn
    /// begins and as it changes zones.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub targeted_this_turn: bool,
}

/// 217.7b, 217.7d: how a card was removed from the game face down by an
/// effect: what it is linked to and who may look at it or play it. Kept
/// beside the arena (`Game::removals`, by object id) rather than in every
/// object, and dropped as the card changes zones (217.1c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removal {
    /// The spell, or the source of the ability, that removed it (217.7d:
    /// "cards removed from the game with [this]").
    pub by: ObjId,
    /// The resolution that removed it ("those cards", "each card they
    /// removed this way"): a number no other resolution uses.
    pub batch: u32,
    /// Bit per player (by seat) who may look at it (217.7b: "You may look
    /// at it for as long as it remains removed from the game"); no one
    /// else may.
    pub lookers: u64,
    /// Bit per player who may play it as though it were in their hand
    /// until their next turn begins ("Until your next turn, you may play
    /// those cards.", Three Wishes), or for as long as `window` says.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub players: u64,
    /// How long `players` may play it: until their next turn, or while
    /// the object that removed it remains in play (Intet, the Dreamer).
    #[serde(
        default,
        skip_serializing_if = "tolaria_cards::RemovedPlayWindow::is_default"
    )]
    pub window: tolaria_cards::RemovedPlayWindow,
    /// `players` play it without paying its mana cost (Intet).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
    /// The player who removed it, where an ability of the object that
    /// removed it lets that player look at it and play it ("Each player
    /// may look at and play cards he or she removed from the game with
    /// Shared Fate"): a draw replaced by Shared Fate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remover: Option<PlayerId>,
}

impl Removal {
    /// A card removed by `by` in `batch`, `lookers` allowed to look at it.
    pub fn new(by: ObjId, batch: u32, lookers: u64) -> Self {
        Removal {
            by,
            batch,
            lookers,
            players: 0,
            window: tolaria_cards::RemovedPlayWindow::UntilYourNextTurn,
            free: false,
            remover: None,
        }
    }
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

impl Object {
    pub fn new(card: CardId, owner: PlayerId, zone: Zone) -> Self {
        Object {
            card,
            gen: 0,
            owner,
            controller: owner,
            base_controller: owner,
            board_index: 0,
            zone,
            flags: 0,
            damage: 0,
            plus_counters: 0,
            minus_counters: 0,
            counters: [(0, 0); COUNTER_SLOTS],
            attached_to: None,
            timestamp: 0,
            regen_shields: 0,
            token: false,
            token_src: None,
            activated_this_turn: 0,
            this_turn: 0,
            extra_blocks_this_turn: 0,
            activated_twice_this_turn: 0,
            chosen_color: None,
            chosen_number: None,
            chosen_type: None,
            chosen_name: None,
            chosen_player: None,
            control_marks: 0,
            spell_copy: None,
            dealt_damage_this_turn: false,
            targeted_this_turn: false,
        }
    }

    /// The derived ability bits for a card's faces (which kinds of abilities
    /// it has), so that hot loops skip permanents without touching card data.
    pub fn ability_flags(def: &CardDef) -> u32 {
        let keywords = def.faces.iter().flat_map(|f| {
            let k = tolaria_cards::KeywordSet(f.keywords.0 & tolaria_cards::TRIGGERED_KEYWORDS.0);
            k.iter().filter_map(tolaria_cards::keyword_ability)
        });
        flags_of(def.faces.iter().flat_map(|f| f.abilities.iter()))
            | flags_of(keywords)
            | flags_of(def.faces.iter().flat_map(self_granted))
    }

    /// The derived ability bits for the ability a copy effect gives (503.9).
    pub fn gained_ability_flags(gains: Option<tolaria_cards::AbilityRef>) -> u32 {
        flags_of(gains.and_then(|r| r.get_if(true)).into_iter())
    }

    /// The derived ability bits for the abilities an object has now
    /// (none once an effect removed them, layer 5; granted ones and
    /// keywords' triggered abilities included).
    pub fn ability_flags_of(ch: &crate::continuous::characteristics::Characteristics) -> u32 {
        // Layer 5: abilities granted in quotes and the triggered abilities
        // of the computed keywords (502.3, 502.63, 502.68).
        let mut f = flags_of(ch.granted.refs().map(tolaria_cards::AbilityRef::get));
        // 603.2: the deploy ability.
        if ch.deploy {
            f |= flags::ACTIVATED;
        }
        if ch.keywords.0 & tolaria_cards::TRIGGERED_KEYWORDS.0 != 0 {
            f |= flags::TRIGGERS;
        }
        // 212.6d–e: the mana abilities of land types an effect gave it.
        if ch.land_mana != 0 {
            f |= flags::MANA;
        }
        if ch.token.is_some() || ch.lost_abilities || ch.text_lost {
            return f;
        }
        f | kinds_to_flags(ch.face_def().ability_kinds) | flags_of(ch.gained_ability().into_iter())
    }

    /// Sets the controller a permanent or spell has before any
    /// control-changing effect.
    pub fn set_base_controller(&mut self, p: PlayerId) {
        self.flags |= flags::BOARD_INPUTS;
        self.base_controller = p;
        self.controller = p;
    }

    pub fn def(&self) -> &'static CardDef {
        db().get(self.card)
    }
    /// The face whose spell ability this object has as a spell: the half
    /// being played of a split card on the stack (505.2: only that half's
    /// characteristics exist there), the first face otherwise.
    pub fn spell_face_index(&self) -> u8 {
        u8::from(self.flags & flags::SPLIT_SECOND != 0 && self.zone == Zone::Stack)
    }
    /// The face of [`Object::spell_face_index`].
    /// 504.2: a face-down spell's is the face-down definition's.
    pub fn spell_face(&self) -> &'static tolaria_cards::CardFace {
        if self.is_face_down() {
            return db().get(db().face_down).front();
        }
        &self.def().faces[self.spell_face_index() as usize]
    }
    /// An input of its local board entry is written directly (a chosen
    /// colour, face-down or flipped status, its card, its token source,
    /// counters): `flags::BOARD_INPUTS`.
    #[inline]
    pub fn mark_board_input(&mut self) {
        self.flags |= flags::BOARD_INPUTS;
    }
    pub fn is_tapped(&self) -> bool {
        self.flags & flags::TAPPED != 0
    }
    pub fn set_tapped(&mut self, t: bool) {
        if t {
            self.flags |= flags::TAPPED;
        } else {
            self.flags &= !flags::TAPPED;
        }
    }
    pub fn is_sick(&self) -> bool {
        self.flags & flags::SICK != 0
    }
    pub fn is_phased_out(&self) -> bool {
        self.flags & flags::PHASED_OUT != 0
    }
    pub fn is_face_down(&self) -> bool {
        self.flags & flags::FACE_DOWN != 0
    }
    pub fn is_flipped(&self) -> bool {
        self.flags & flags::FLIPPED != 0
    }

    /// Resets everything a new object forgets (217.1c, 510.3): status,
    /// damage, counters, attachments.
    pub fn reset_for_new_zone(&mut self, zone: Zone, timestamp: u32) {
        self.gen = self.gen.wrapping_add(1);
        self.zone = zone;
        self.flags = 0;
        self.damage = 0;
        self.plus_counters = 0;
        self.minus_counters = 0;
        self.counters = [(0, 0); COUNTER_SLOTS];
        self.attached_to = None;
        self.regen_shields = 0;
        self.timestamp = timestamp;
        self.controller = self.owner;
        self.base_controller = self.owner;
        self.activated_this_turn = 0;
        self.this_turn = 0;
        self.extra_blocks_this_turn = 0;
        self.activated_twice_this_turn = 0;
        self.chosen_color = None;
        self.chosen_number = None;
        self.chosen_type = None;
        self.chosen_name = None;
        self.chosen_player = None;
        self.control_marks = 0;
        self.dealt_damage_this_turn = false;
        self.targeted_this_turn = false;
    }

    /// How many counters of this kind are on it.
    pub fn counters_of(&self, kind: tolaria_cards::CounterKind) -> u32 {
        use tolaria_cards::CounterKind;
        match kind {
            CounterKind::PlusOnePlusOne => self.plus_counters as u32,
            CounterKind::MinusOneMinusOne => self.minus_counters as u32,
            _ => {
                let key = kind.slot_key().unwrap_or(0);
                self.counters
                    .iter()
                    .find(|s| s.0 == key)
                    .map_or(0, |s| s.1 as u32)
            }
        }
    }

    /// Adds (or, negative, removes down to zero) counters of a kind;
    /// returns how many were actually added or removed. An object already
    /// holding `COUNTER_SLOTS` other kinds gets no counter of a new kind (a
    /// known limit: no card puts that many kinds on one object).
    pub fn add_counters(&mut self, kind: tolaria_cards::CounterKind, n: i32) -> u32 {
        use tolaria_cards::CounterKind;
        self.flags |= flags::BOARD_INPUTS;
        let have = self.counters_of(kind) as i32;
        let max = match kind {
            CounterKind::PlusOnePlusOne | CounterKind::MinusOneMinusOne => u16::MAX as i32,
            _ => u8::MAX as i32,
        };
        let new = (have + n).clamp(0, max) as u16;
        match kind {
            CounterKind::PlusOnePlusOne => self.plus_counters = new,
            CounterKind::MinusOneMinusOne => self.minus_counters = new,
            _ => {
                let Some(key) = kind.slot_key() else { return 0 };
                if let Some(i) = self.counters.iter().position(|s| s.0 == key) {
                    if new == 0 {
                        // Remove the slot, keeping the rest sorted and packed.
                        self.counters.copy_within(i + 1.., i);
                        self.counters[COUNTER_SLOTS - 1] = (0, 0);
                    } else {
                        self.counters[i].1 = new as u8;
                    }
                } else if new > 0 {
                    let Some(free) = self.counters.iter().position(|s| s.0 == 0) else {
                        return 0;
                    };
                    let at = self.counters[..free]
                        .iter()
                        .position(|s| s.0 > key)
                        .unwrap_or(free);
                    self.counters.copy_within(at..free, at + 1);
                    self.counters[at] = (key, new as u8);
                }
            }
        }
        (new as i32 - have).unsigned_abs()
    }

    pub fn id(&self, slot: usize) -> ObjId {
        ObjId {
            slot: slot as u16,
            gen: self.gen,
        }
    }
}

/// The face's derived ability kinds as `flags` bits.
fn kinds_to_flags(k: u8) -> u32 {
    use tolaria_cards::AbilityKinds as K;
    let bit = |b: u8, f: u32| if k & b != 0 { f } else { 0 };
    bit(K::STATIC, flags::STATICS)
        | bit(K::MANA, flags::MANA)
        | bit(K::ACTIVATED, flags::ACTIVATED)
        | bit(K::TRIGGERED, flags::TRIGGERS)
}

/// The abilities a face's own static abilities may grant the permanent
/// itself ("Threshold — … Pardic Arsonist has \"When Pardic Arsonist comes
/// into play, …\""): counted in its bits as it comes into play, before the
/// board is computed, so that its comes-into-play trigger is looked for
/// (a superset: the board's computation then keeps the exact bits).
fn self_granted(face: &tolaria_cards::CardFace) -> impl Iterator<Item = &tolaria_cards::Ability> {
    face.abilities.iter().flat_map(move |a| {
        let grant = match a {
            tolaria_cards::Ability::Static(
                tolaria_cards::StaticAbility::Continuous {
                    affected: tolaria_cards::Affected::This,
                    effect,
                }
                | tolaria_cards::StaticAbility::ContinuousIf {
                    affected: tolaria_cards::Affected::This,
                    effect,
                    ..
                },
            ) => effect
                .grant
                .map(|g| (g as usize, effect.grant_more as usize)),
            _ => None,
        };
        grant
            .and_then(|(g, more)| face.granted.get(g..=g + more))
            .unwrap_or(&[])
            .iter()
    })
}

/// Which kinds of abilities these are, as `flags` bits.
fn flags_of<'a>(abilities: impl Iterator<Item = &'a tolaria_cards::Ability>) -> u32 {
    abilities.fold(0, |f, a| {
        f | match a {
            tolaria_cards::Ability::Static(_) => flags::STATICS,
            tolaria_cards::Ability::Mana(_) => flags::MANA,
            tolaria_cards::Ability::Activated(_) => flags::ACTIVATED,
            tolaria_cards::Ability::Triggered(_) => flags::TRIGGERS,
            _ => 0,
        }
    })
}

/// For serde: a zero bit set is left out of the JSON.
fn is_zero(n: &u16) -> bool {
    *n == 0
}

#[cfg(test)]
mod flag_tests {
    use super::flags::*;

    /// Each status and mark is its own bit: clearing "attacked this turn"
    /// as a turn begins must not clear a permanent's kicked mark (502.19).
    #[test]
    fn r510_status_flags_are_distinct_bits() {
        let all = [
            TAPPED,
            FLIPPED,
            FACE_DOWN,
            PHASED_OUT,
            SICK,
            STATICS,
            MANA,
            ACTIVATED,
            TRIGGERS,
            FROM_HAND,
            FROM_PLAY_THIS_TURN,
            KICKED_A,
            KICKED_B,
            BOUGHT_BACK,
            FLASHBACK,
            SPLIT_SECOND,
            ATTACKED_THIS_TURN,
            REVEALED,
            MASKED,
            DAMAGED_OPPONENT_THIS_TURN,
            NO_ATTACK_NEXT_TURN,
            DRAWN_THIS_TURN,
            PLAYED_IN_MAIN_PHASE,
            BOARD_INPUTS,
            SPENT_W,
            SPENT_C,
        ];
        let mut seen = 0u32;
        for f in all {
            assert_eq!(f.count_ones(), 1, "{f:#x} is one bit");
            assert_eq!(seen & f, 0, "{f:#x} is used twice");
            seen |= f;
        }
    }
}
