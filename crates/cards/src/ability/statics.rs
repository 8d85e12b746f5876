//! Static abilities (405) and the continuous effects they generate
//! (412, 418): blocking rules, damage and graveyard replacements (419),
//! what an effect affects, draw replacements, and protection (502.7).

use super::*;
use crate::{CardType, Color, ColorSet, KeywordSet, LayerEffect};
use serde::{Deserialize, Serialize};

/// 502.7: what protection is from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Protection {
    Color(Color),
    /// "protection from creatures", "from artifacts", …
    CardType(CardType),
    AllColors,
    /// "protection from Clerics", "from Goblins": from a creature type
    /// (502.7: sources, blockers and Auras with that subtype).
    Subtype(crate::Subtype),
    /// "protection from monocolored" (Guardian of the Guildpact): from
    /// each source of exactly one colour (201.2, 502.7).
    Monocolored,
    /// "protection from multicolored" (Enemy of the Guildpact): from each
    /// source of two or more colours (201.2).
    Multicolored,
    /// "protection from snow" (Ronom Hulk): from snow sources (205.4).
    Snow,
    /// "protection from legendary creatures" (Tsabo Tavoc).
    LegendaryCreatures,
}

impl Protection {
    /// The bit of a quality kept in `CardFace::protection_qualities`
    /// (none for colours, card types and subtypes, kept in their sets).
    pub fn quality_bit(&self) -> u8 {
        match self {
            Protection::Monocolored => PROTECTION_MONOCOLORED,
            Protection::Multicolored => PROTECTION_MULTICOLORED,
            Protection::Snow => PROTECTION_SNOW,
            Protection::LegendaryCreatures => PROTECTION_LEGENDARY_CREATURES,
            _ => 0,
        }
    }
}

/// Bits of `CardFace::protection_qualities` (502.7).
pub const PROTECTION_MONOCOLORED: u8 = 1;
pub const PROTECTION_MULTICOLORED: u8 = 2;
pub const PROTECTION_SNOW: u8 = 4;
pub const PROTECTION_LEGENDARY_CREATURES: u8 = 8;

/// 502.7: is a source with these colours, card types and supertypes one
/// the qualities in `bits` (`PROTECTION_*`) protect from?
pub fn protection_quality_stops(
    bits: u8,
    colors: crate::ColorSet,
    types: crate::TypeSet,
    supertypes: crate::SupertypeSet,
) -> bool {
    let n = colors.0.count_ones();
    (bits & PROTECTION_MONOCOLORED != 0 && n == 1)
        || (bits & PROTECTION_MULTICOLORED != 0 && n >= 2)
        || (bits & PROTECTION_SNOW != 0 && supertypes.contains(crate::Supertype::Snow))
        || (bits & PROTECTION_LEGENDARY_CREATURES != 0
            && types.contains(CardType::Creature)
            && supertypes.contains(crate::Supertype::Legendary))
}

/// A static ability (405) and the continuous effect it generates (418.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StaticAbility {
    /// "… If you play it any time a sorcery couldn't have been played, the
    /// controller of the permanent it becomes sacrifices it at the
    /// beginning of the next cleanup step." (Armor of Thorns; with
    /// `SpellAbility::as_though_flash`): the delayed triggered ability the
    /// spell's permanent gets as it resolves (404.4, 314.3), whose
    /// instructions are `flash_sacrifice_effects`.
    FlashSacrificed,
    /// "You may play CARDNAME as though it had flash if you pay {N} more
    /// to play it." (Rout; with `SpellAbility::as_though_flash`): played any
    /// time a sorcery couldn't have been, by this permission alone, its
    /// total cost is {N} more (409.1f).
    FlashForMore(u8),
    /// A continuous effect on the affected objects, applied layer by layer
    /// (418.5a): Glorious Anthem (6d), an Aura's "Enchanted creature gets
    /// +1/+2" (6d), Control Magic (2), Opalescence (4, 6b), Humility (5, 6b).
    Continuous {
        affected: Affected,
        effect: LayerEffect,
    },
    /// "As long as [condition], [continuous effect]" (threshold: "as long
    /// as seven or more cards are in your graveyard", hellbent: "as long
    /// as you have no cards in hand"): the effect exists only while the
    /// condition holds. The condition is one the layer system can judge
    /// (`Condition::judged_in_layers`): it reads no characteristics, or
    /// only the source's status, or counts permanents on the board being
    /// computed as the effect begins to apply (Kird Ape, 418.5b).
    ContinuousIf {
        condition: Condition,
        affected: Affected,
        effect: LayerEffect,
    },
    /// "As long as [condition], [restriction or requirement]" (threshold:
    /// Childhood Horror's "… gets +2/+2 and can't block", Kirtar's Desire,
    /// Otarian Juggernaut's "attacks each combat if able", Stone-Tongue
    /// Basilisk's Lure): a static ability of the kinds found through
    /// `Game::any_static_in_play` and the combat restrictions, which exists
    /// only while the condition holds for its source (405.1, 418.2).
    StaticIf {
        condition: Condition,
        inner: Box<StaticAbility>,
    },
    /// 402.8h: "As long as [this] is in your graveyard [and …], …" (Anger,
    /// Wonder): a continuous effect (`Continuous` or `ContinuousIf`) whose
    /// ability functions only while its card is in its owner's graveyard;
    /// the layers list it from there (`Game::graveyard_statics`).
    FromGraveyard(Box<StaticAbility>),
    /// "If [this] leaves play, this effect continues until end of turn."
    /// (Titania's Song): as the permanent leaves play, the effect of its
    /// `Continuous` static ability on a group goes on until end of turn on
    /// the permanents it was affecting (`Game::continue_after_leaving`).
    ContinuesAfterLeaving,
    /// 502.7c: "This effect doesn't remove [this]." (White Ward): the
    /// protection from the colours this Aura's own effect grants doesn't
    /// make it an illegal attachment.
    NotRemovedByItsProtection,
    /// 419.1a: "If a creature dealt damage by [this / enchanted creature]
    /// this turn would be put into a graveyard, remove it from the game
    /// instead." (Frostwielder, Kumano's Blessing): only while the
    /// permanent with the ability is in play.
    ExileIfDamagedByDies(Affected),
    /// 419.1a: "If a player would gain life, that player gains no life
    /// instead." (Sulfuric Vortex)
    NoLifeGain,
    /// 419.1a: "If you would gain life, draw that many cards instead."
    /// (Lich): one draw per life, however many such permanents apply.
    LifeGainDrawsInstead,
    /// 419.1a, 501.5: "If [this] would be destroyed, regenerate it." (Knight
    /// of the Holy Nimbus): a regeneration that is never used up.
    RegeneratesIfDestroyed,
    /// 419: a replacement or prevention effect on damage, from a static
    /// ability of a permanent in play.
    DamageReplacement(DamageReplacement),
    /// 419.1a: "If [what] would be put into a graveyard, [instead]."
    GraveyardReplacement {
        what: GraveyardWhat,
        instead: GraveyardInstead,
    },
    /// 419.1c: "[Filter] come into play tapped." (Root Maze, Orb of
    /// Dreams): a replacement on other permanents coming into play.
    OthersComeIntoPlayTapped(ObjectFilter),
    /// 419.1b: "[This] comes into play with a [kind] counter on it for
    /// each [counted thing]" (Golgari Grave-Troll, Tidewalker): the count
    /// taken as it comes into play, from its controller's point of view.
    ComesIntoPlayWithCountersFor {
        kind: CounterKind,
        amount: Box<crate::Amount>,
    },
    /// 419.1b: "[This] comes into play with N [kind] counters on it."
    ComesIntoPlayWithCounters {
        kind: CounterKind,
        amount: u8,
        /// "… if you played it from your hand" (`Some(true)`, the
        /// Myojins) / "if you didn't play it from your hand" (`Some(false)`,
        /// Epochrasite): a spell played from the hand that resolved (409.1a,
        /// 413.2i).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from_hand: Option<bool>,
    },
    /// 419.1b: "[This] comes into play with X +1/+1 counters on it." (Rock
    /// Hydra): the X announced for its spell; 0 when it comes into play
    /// another way (202.3: X is 0 outside the stack).
    ComesIntoPlayWithXCounters(CounterKind),
    /// 418.5k: "You have no maximum hand size." (Spellbook)
    NoMaximumHandSize,
    /// 419.1b: "As [this] comes into play, choose a color." (Voice of All)
    AsComesIntoPlayChooseColor,
    /// 419.1b: "As [this] comes into play, choose an opponent." (Black
    /// Vise, The Rack): the player is remembered by the permanent and read
    /// by its abilities as "the chosen player".
    AsComesIntoPlayChooseOpponent,
    /// 419.6 (a replacement of how it comes into play): "If [this] would
    /// come into play, sacrifice a Forest / two untapped lands instead. If
    /// you do, put [this] into play. If you don't, put it into its owner's
    /// graveyard." (Heart of Yavimaya, Lotus Vale); "you may discard a land
    /// card instead" (Mox Diamond, `optional`); "instead sacrifice each
    /// other permanent named [this] you control, then put [this] into
    /// play" (Sheltered Valley: `Cost::sacrifice_all`, no choice, and it
    /// always comes into play). The cost is paid by the player who would
    /// control it (`rules/resolution/enters_instead.rs`).
    EntersInstead {
        cost: Box<Cost>,
        optional: bool,
    },
    /// 419.1b: "As [this] comes into play, you may pay N life. If you
    /// don't, it comes into play tapped." (the Ravnica shock lands).
    AsComesIntoPlayPayLifeOrTapped(u32),
    /// 418.5k: "The chosen player's maximum hand size is N." (Cursed Rack)
    ChosenPlayerMaxHandSize(u32),
    /// 418.5k: "Your maximum hand size is increased by N / reduced by N."
    /// (Minamo Scrollkeeper, Thought Devourer): a change of the
    /// controller's maximum hand size, applied in timestamp order with the
    /// other effects on it (418.5f).
    MaxHandSizeChange(i32),
    /// 418.5k: "Your maximum hand size is two." (Recycle, Null Profusion):
    /// the controller's maximum hand size set, in timestamp order with
    /// the other effects on it (418.5f).
    YourMaxHandSize(u32),
    /// 419.1b: "As [this] comes into play, choose a creature type." (Caller
    /// of the Hunt, whose 2007 wording 503.8 quotes; the type is remembered
    /// by the object, 503.8, and not copied, 503.6).
    AsComesIntoPlayChooseCreatureType,
    /// 212.6d, 419.1b: "As [this] comes into play, choose a basic land
    /// type." (Phantasmal Terrain): remembered by the object as its chosen
    /// type, read by "Enchanted land is the chosen type"
    /// (`LayerEffect::set_land_type_chosen`).
    AsComesIntoPlayChooseBasicLandType,
    /// 419.1b: "As [this] comes into play, name a [nonland] card." (Pithing
    /// Needle, Meddling Mage; Oracle "choose a [nonland] card name"): the
    /// name is remembered by the object like a chosen colour (503.6–503.8).
    AsComesIntoPlayNameCard {
        nonland: bool,
    },
    /// 419.1b, 504.8: "As [this] comes into play or is turned face up, it
    /// becomes your choice of 5/1 or 1/5." (Aquamorph Entity): the power
    /// and toughness chosen modify its copiable values (503.2), so a copy
    /// of it in play has them too; with `face_up`, the choice is made
    /// again while it is turned face up, not afterward (504.8).
    AsComesIntoPlayChoosePowerToughness {
        options: Vec<(i32, i32)>,
        face_up: bool,
    },
    /// 419.1b: "As CARDNAME comes into play, it becomes your choice of a
    /// 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6
    /// Wall artifact creature with defender …" (Primal Clay): the form
    /// chosen modifies its copiable values (503.2), like
    /// `AsComesIntoPlayChoosePowerToughness`.
    AsComesIntoPlayChooseForm(Vec<EnteringForm>),
    /// 419.1b: "As CARDNAME comes into play, choose a number between 0 and
    /// 7." (Shapeshifter): remembered by the permanent
    /// (`PtCount::ChosenNumber`).
    AsComesIntoPlayChooseNumber {
        max: u8,
    },
    /// "Activated abilities of sources with the chosen name can't be played
    /// [unless they're mana abilities]." (Pithing Needle, Voidstone
    /// Gargoyle): the activated abilities of objects matching `filter`, in
    /// any zone (the Needle's 2005 ruling: cycling from the hand too), can't
    /// be played; `except_mana` leaves their mana abilities (406) alone.
    /// With `tap_only`, only the abilities with {T} in their costs
    /// ("Creatures with flying can't attack or block, and their activated
    /// abilities with {T} in their costs can't be activated.", Katabatic
    /// Winds).
    /// `affected` is a group (`Each`) or the enchanted permanent
    /// (`Attached`: "Enchanted creature can't attack or block, and its
    /// activated abilities can't be activated", Arrest).
    CantPlayAbilities {
        affected: Affected,
        except_mana: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tap_only: bool,
    },
    /// "[This] has protection from the chosen color." (502.7, 503.7: none
    /// if no colour was chosen.)
    ProtectionFromChosenColor,
    /// 502.26a: "Morph [cost]": the card may be played face down as a 2/2
    /// creature for {3}, and a face-down permanent with it may be turned
    /// face up for the cost (502.26d). Generates no continuous effect. The
    /// cost may have X ("Morph {X}{B}{B}") or be no mana at all ("Morph—Pay
    /// 5 life"), paid like an activated ability's cost (409.1h).
    Morph(Box<Cost>),
    /// 502.47a: "Dredge N": functions only while the card is in a
    /// graveyard: "As long as you have at least N cards in your library, if
    /// you would draw a card, you may instead put N cards from the top of
    /// your library into your graveyard and return this card from your
    /// graveyard to your hand." (`rules/src/continuous/draw_replacement.rs`).
    /// Generates no continuous effect.
    Dredge(u8),
    /// 502.27a: "Amplify N": "As this object comes into play, reveal any
    /// number of cards from your hand that share a creature type with it.
    /// This permanent comes into play with N +1/+1 counters on it for each
    /// card revealed this way." (`rules/src/mechanics/amplify.rs`). Generates no
    /// continuous effect.
    Amplify(u8),
    /// 503 / 419.1b: "As [this] comes into play, you may choose a [filter]
    /// in play. If you do, [this] comes into play as a copy of that
    /// [object]." (Clone)
    ComesIntoPlayAsCopy(ObjectFilter),
    /// 503.9: the exceptions of this permanent's "comes into play as a copy"
    /// (Vesuvan Doppelganger: "… except it doesn't copy that creature's
    /// color and it has \"[ability]\""): with `keeps_color` the copy keeps
    /// this card's colour; `has` is the ability in quotes it gains (its index
    /// in the face's `granted` list). Both become copiable values.
    CopyExceptions {
        keeps_color: bool,
        has: Option<u8>,
        /// "… except it's an enchantment in addition to its other types"
        /// (Copy Artifact): card types the copy has besides the copied
        /// ones, part of its copiable values too.
        #[serde(default, skip_serializing_if = "super::no_types")]
        also_types: crate::TypeSet,
    },
    /// 504.8, 503: "As [this] comes into play or is turned face up, you may
    /// choose another creature in play. If you do, until [this] is turned
    /// face down, it becomes a copy of that creature …" (Vesuvan
    /// Shapeshifter): beside `ComesIntoPlayAsCopy` (the choice as it comes
    /// into play), the same choice is made while it is turned face up, and
    /// the copy effects of this card on it end as it is turned face down.
    CopyAsTurnedFaceUp(ObjectFilter),
    /// 419.1b, 504.1: "As [this] comes into play, turn all other [filter]
    /// in play face down. They're 2/2 creatures." (Ixidron): they are turned
    /// face down before it comes into play (502.26e: 2/2 face-down
    /// creatures; those without morph can't be turned face up).
    AsComesIntoPlayTurnFaceDown(ObjectFilter),
    /// "Enchanted creature can't attack or block" (500 restrictions).
    CantAttack(Affected),
    /// 500.1, 602.3a, 606.7b: "Creatures of the chosen color without
    /// flying can't attack you." (Teferi's Moat): the creatures can't
    /// attack the controller (606.7b: nor the controller's Two-Headed
    /// Giant team).
    CantAttackYou(Affected),
    CantBlock(Affected),
    /// "[This] can't be blocked."
    Unblockable,
    /// "[This] attacks each turn (combat) if able." (500 requirements)
    AttacksEachTurn,
    /// "[This] can block only creatures with flying."
    CanBlockOnlyFlyers,
    /// 500.1: "Enchanted creature can block only creatures with flying"
    /// (Air Bladder), "Creatures with flying can block only creatures with
    /// flying" (Dense Canopy): a restriction on the affected blockers.
    BlocksOnlyFlyers(Affected),
    /// "[This] can't be blocked except by [filter]" (Elven Riders: Walls and/or flyers).
    BlockableOnlyBy(ObjectFilter),
    /// "[This] can't be blocked except by [A] and/or [B]" (Elven Riders: Walls
    /// and/or creatures with flying): a blocker of either kind may block.
    BlockableOnlyByEither(ObjectFilter, ObjectFilter),
    /// "[This] can't be blocked by more than one creature."
    CantBeBlockedByMoreThanOne,
    /// 405.2 characteristic-defining ability: power and toughness each equal to
    /// a count (Scion of the Wild).
    PowerToughnessFromCount(ObjectFilter),
    /// 405.2, 418.5a 6a: "[this]'s power and toughness are each equal to
    /// the number of creature cards in all graveyards" (Mortivore); cards
    /// outside play have their printed characteristics (416.2).
    /// `toughness_plus`: "and toughness equal to that number plus 1"
    /// (Lhurgoyf).
    PowerToughnessFromCards {
        filter: ObjectFilter,
        only_yours: bool,
        toughness_plus: i32,
    },
    /// 405.2, 418.5a 6a: a characteristic-defining ability setting power,
    /// toughness or both to a value read from the game (Maro: the cards in
    /// your hand; Swarm of Rats: the Rats you control; Serra Avatar: your
    /// life total). `None` leaves the printed value.
    PtDefined {
        power: Option<PtDefinition>,
        toughness: Option<PtDefinition>,
    },
    /// "[This / enchanted creature] gets +1/+1 for each [filter]" (Yavimaya
    /// Enchantress, Blanchwood Armor): layer 6d, counted from the point of
    /// view of the ability's source.
    PlusPerCount {
        affected: Affected,
        filter: ObjectFilter,
        power: i32,
        toughness: i32,
    },
    /// "Enchanted creature gets +X/+Y, where X is half the number of
    /// Forests you control, rounded down, and Y is half the number of
    /// Forests you control, rounded up." (Aspect of Wolf): layer 6d, the
    /// count as `PlusPerCount`'s, halved down for power and up for
    /// toughness.
    PlusHalfPerCount {
        affected: Affected,
        filter: ObjectFilter,
    },
    /// "[This / enchanted creature] gets +1/+1 for each card in your hand"
    /// (Empyrial Armor, Dread Slag), "… for each basic land type among
    /// lands you control" (Domain: Wayfaring Giant): layer 6d, counted for
    /// the ability's controller.
    PlusPerYourCount {
        affected: Affected,
        count: YourCount,
        power: i32,
        toughness: i32,
    },
    /// "You have shroud" (True Believer).
    ControllerHasShroud,
    /// 419 replacement: "[This] comes into play tapped."
    ComesIntoPlayTapped,
    /// "This spell can't be countered." (functions on the stack)
    CantBeCountered,
    /// "If CARDNAME is in your opening hand, you may begin the game with it
    /// in play." (Leyline of the Void): functions in the opening hand,
    /// after the mulligans and before the first turn (101.5).
    BeginGameInPlay,
    /// "[Affected] doesn't untap during its controller's untap step." (302.2)
    DoesntUntap(Affected),
    /// "You may choose not to untap [this] during your untap step." (302.2)
    MayChooseNotToUntap,
    /// 212.3f: "[Enchanted creature] can attack as though it had haste."
    /// (Instill Energy)
    AttacksAsThoughHaste(Affected),
    /// 502.40: "[Enchanted Wall] can attack as though it didn't have
    /// defender." (Animate Wall)
    AttacksAsThoughNoDefender(Affected),
    /// 302.2: "Players can't untap more than one land during their untap
    /// steps" (Winter Orb, Smoke, Static Orb: "two permanents"): in an
    /// untap step the active player untaps at most `max` of their
    /// permanents matching `filter`, choosing which. `only_you`: "You
    /// can't untap more than one land during your untap step" (Mungha
    /// Wurm), only the controller's untap step; `while_untapped`: "As long
    /// as [this] is untapped, …" (Winter Orb).
    UntapLimit {
        filter: ObjectFilter,
        max: u8,
        only_you: bool,
        while_untapped: bool,
    },
    /// 419.6e: "Players skip their untap steps." (Stasis)
    SkipUntapSteps,
    /// 418.5j: "You can't lose the game and your opponents can't win the
    /// game." (Platinum Angel)
    CantLoseGame,
    /// "You don't lose the game for having 0 or less life." (Transcendence;
    /// 420.5a doesn't apply; 606.8b: nor to the controller's team).
    NoLossForZeroLife,
    /// 419.1b: "As CARDNAME comes into play, you lose life equal to your
    /// life total." (Lich): its controller as it comes into play.
    AsComesIntoPlayLoseAllLife,
    /// "Damage that would reduce your life total to less than 1 reduces it
    /// to 1 instead." (Fortune Thief): the damage dealt is unchanged; only
    /// the life it makes its controller lose (rulings 2004-10-04).
    DamageLeavesLifeAtOne,
    /// "If you control a creature, damage that would reduce your life
    /// total to less than 1 reduces it to 1 instead." (Worship): as
    /// `DamageLeavesLifeAtOne` while its controller controls a permanent
    /// matching the filter.
    DamageLeavesLifeAtOneIfControls(ObjectFilter),
    /// "Each creature gets +1/+1 for each other creature in play that
    /// shares at least one creature type with it." (Coat of Arms; 6d,
    /// counted for each affected creature.)
    PlusPerSharedCreatureType {
        affected: Affected,
        power: i32,
        toughness: i32,
    },
    /// 100.2: "A deck can have any number of cards named [this]"
    /// (Relentless Rats): a deck-construction rule, no effect in a game.
    AnyNumberInDeck,
    /// 418.5k: "Players don't lose unspent mana as steps and phases end."
    /// (Upwelling)
    PlayersKeepUnspentMana,
    /// 419.1a: "If you would draw a card, [you may] instead …": a
    /// replacement effect on each draw of the controller's (Abundance,
    /// Obstinate Familiar); with `optional` the controller decides as the
    /// draw would happen (419.9a: the affected player's choice).
    DrawReplacement {
        optional: bool,
        instead: DrawInstead,
        /// "If a player would draw a card" (Shared Fate): every player's
        /// draws, not only the controller's.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        each_player: bool,
        /// Which draws: all, those of the draw step (Island Sanctuary),
        /// or all but the first of each draw step (Chains of
        /// Mephistopheles).
        #[serde(default, skip_serializing_if = "DrawWhen::is_any")]
        when: DrawWhen,
    },
    /// 217.7d: "Each player may look at and play cards he or she removed
    /// from the game with CARDNAME as though they were in his or her
    /// hand." (Shared Fate): while this permanent is in play, the player
    /// who removed a card with it (`DrawInstead::RemoveOpponentsTop`) may
    /// look at it and play it.
    RemoversMayLookAndPlay,
    /// "Cards in graveyards lose all abilities." (Yixlid Jailer): no
    /// ability of a card in a graveyard functions there (402.8h). It doesn't
    /// change how a card comes into play from a graveyard: that looks at
    /// the card as it would exist in play (419.6i).
    GraveyardCardsLoseAbilities,
    /// 419.1 replacement (Krark's Thumb): "If you would flip a coin, instead
    /// flip two coins and ignore one."
    FlipTwoIgnoreOne,
    /// "You may play lands from your graveyard." (Crucible of Worlds): a
    /// land play (305.2) may be a land card in the controller's graveyard.
    PlayLandsFromGraveyard,
    /// "You may play any number of lands on each of your turns." (Fastbond):
    /// no limit on the controller's land plays (212.6b).
    AnyNumberOfLands,
    /// "You may play an additional land / two additional lands on each of
    /// your turns." (Exploration, Azusa): that many more land plays
    /// (212.6b); several such abilities add up.
    AdditionalLands(u8),
    /// "Each player may play an additional land on each of their turns."
    /// (Rites of Flourishing, Storm Cauldron): one more land play for every
    /// player, whoever controls it (212.6b).
    EachPlayerAdditionalLand,
    /// "Your opponents play with their hands revealed." (Telepathy:
    /// `Opponent`), "Play with your hand revealed" (Enduring Renewal:
    /// `You`), "Players play with their hands revealed" (Revelation:
    /// `Each`): whose hands every player sees (`Game::view`).
    HandsRevealed(Whose),
    /// "Play with the top card of your library revealed" (Future Sight:
    /// `You`), "Players play with the top card of their libraries revealed"
    /// (Lantern of Insight: `Each`).
    TopCardRevealed(Whose),
    /// 419.6e: "Skip your draw step." (Necropotence): a replacement effect
    /// on the controller's draw steps.
    SkipDrawStep,
    /// 500.1 / 500.3a: a restriction on what may block the affected
    /// attacking creatures (Juggernaut "can't be blocked by Walls", Treetop
    /// Bracers, Whispersilk Cloak, Viashino Runner's 2007 wording).
    BlockRestriction {
        affected: Affected,
        rule: BlockRule,
    },
    /// 500.1 requirement: "[Affected] attacks each combat if able."
    /// (Uncontrollable Anger's enchanted creature.)
    MustAttack(Affected),
    /// 500.1 requirement: "[Affected] blocks each combat if able."
    /// (Watchdog, Razorgrass Screen; Grand Melee's "All creatures block
    /// each combat if able"): obeyed by blocking any attacking creature
    /// (500.3–500.4, `turn/blocks.rs`).
    MustBlock(Affected),
    /// 500.1 restriction: "[This] can't attack unless defending player
    /// controls a [filter]." (Sea Monster)
    CantAttackUnlessDefenderControls(ObjectFilter),
    /// 500.1: "[This] can't attack if defending player controls an
    /// untapped creature with power 3 or greater" (Orgg).
    CantAttackIfDefenderControls(ObjectFilter),
    /// 500.1: "[This] can't attack unless you control more lands /
    /// creatures than defending player" (Monstrous Hound, Goblin Goon);
    /// 606.7a: yes if either defending player's comparison is.
    CantAttackUnlessMoreThanDefender(ObjectFilter),
    /// 500.1: "[This] can't block unless you control more lands /
    /// creatures than attacking player" (Monstrous Hound, Goblin Goon);
    /// 606.7a: yes if either attacking player's comparison is.
    CantBlockUnlessMoreThanAttacker(ObjectFilter),
    /// 500.1: "[This] can't block creatures with power 2 or greater"
    /// (Ironclaw Orcs): it can't block an attacker the filter matches.
    CantBlockCreatures(ObjectFilter),
    /// 500.1 requirement: "All creatures able to block [affected] do so."
    /// (Lure)
    MustBeBlockedByAll(Affected),
    /// 500.1 requirement of the blockers the filter matches: "All Walls
    /// able to block [this] do so." (Marble Priest)
    MustBeBlockedByAllOf(ObjectFilter),
    /// 500.1 requirement: "[This] must be blocked if able." (Goblin Fire
    /// Fiend): obeyed once any creature blocks it.
    MustBeBlocked,
    /// "[Affected] can block an additional creature each combat." (High
    /// Ground): each can block one more attacker.
    CanBlockAdditional(Affected),
    /// "[Affected] can block any number of creatures." (Ironfist Crusher)
    CanBlockAnyNumber(Affected),
    /// 502.8: "[Affected] can block creatures with shadow as though they
    /// didn't have shadow" (Aetherflame Wall; "… as though [it] had
    /// shadow", Heartwood Dryad).
    CanBlockShadow(Affected),
    /// 502.6: "[Affected] can block creatures with landwalk abilities as
    /// though they didn't have those abilities." (Street Savvy)
    CanBlockLandwalkers(Affected),
    /// 502.6: "Creatures with swampwalk can be blocked as though they
    /// didn't have swampwalk." (Quagmire); `None`: every landwalk ("…
    /// with landwalk abilities …", Staff of the Ages). A rule of the game
    /// while it is in play: any creature may block such attackers.
    LandwalkIgnored(Option<crate::Keyword>),
    /// 415 / 502.36-like: "[Affected] can't be the target of [colour]
    /// spells" (Karplusan Strider) or "… of spells or abilities your
    /// opponents control" (Troll Ascetic's 2007 wording of hexproof).
    CantBeTargetedBy {
        affected: Affected,
        /// Only spells (not abilities).
        spells_only: bool,
        /// Only sources with one of these colours (empty: any colour).
        colors: ColorSet,
        /// Only spells and abilities controlled by the affected object's
        /// controller's opponents.
        opponents: bool,
        /// 212.4a: only Aura spells ("can't be the target of Aura
        /// spells", Bartel Runeaxe, Tetsuo Umezawa).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        auras: bool,
    },
    /// 502.26d: "All morph costs cost {N} more." (Exiled Doomsayer): the
    /// cost to turn a face-down permanent face up, not the {3} to play a
    /// card face down.
    MorphCostsMore(u32),
    /// 409.1f: "Activated abilities of white enchantments cost {3} more to
    /// play." (Gloom): generic mana added to the total cost of activating
    /// an ability of a permanent matching the filter (mana abilities
    /// included, 406.1a).
    AbilitiesCostMore {
        filter: ObjectFilter,
        generic: u32,
    },
    /// "Enchanted land … can't be enchanted by other Auras." (Consecrate
    /// Land; 212.4d: "Other effects can limit what a permanent can be
    /// enchanted by"): no Aura but this one can be attached to the
    /// affected permanent (212.4j–k); one attached is put into its
    /// owner's graveyard (420.5d).
    CantBeEnchantedByOthers(Affected),
    /// 414: "[Filter] spells can't be countered." (Gaea's Herald)
    SpellsCantBeCountered(ObjectFilter),
    /// 409.1f: "[Filter] spells [whose] cost {N} more / less to play."
    /// (Aura of Silence): changes the total cost of those spells.
    SpellCostChange {
        filter: ObjectFilter,
        whose: Whose,
        /// Generic mana added (negative: reduced, never below zero).
        generic: i32,
        /// "… except during its controller's turn" (Defense Grid): only
        /// spells played while their controller isn't the active player.
        #[serde(default, skip_serializing_if = "is_false")]
        off_turn_only: bool,
        /// "White spells you play cost {W} more to play." (Alabaster
        /// Leech): one mana of that colour added to the total cost.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        colored: Option<crate::Color>,
    },
    /// 409.1f: "If an opponent controls at least N more creatures than
    /// you, this spell costs {M} less to play." (Avatar of Might):
    /// functions while the card is a spell.
    CostsLessIfOpponentHasMoreCreatures {
        more: u32,
        generic: u32,
    },
    /// 409.1f: "If you have 3 or less life, this spell costs {6} less to
    /// play." (Avatar of Hope, Avatar of Will): functions while the card
    /// is a spell, the condition judged as the cost is determined.
    CostsLessIf {
        condition: crate::Condition,
        generic: u32,
    },
    /// 409.1f: "This spell costs {N} more to play for each target beyond
    /// the first." (Fireball; 2007 printed: "As an additional cost to play
    /// Fireball, pay {1} for each target beyond the first."): functions on
    /// the stack (402.8c), counted from the targets chosen (409.1c comes
    /// before 409.1f).
    CostsMorePerTargetBeyondFirst {
        generic: u32,
    },
    /// 502.31a: "Affinity for [filter]": "This spell costs you {1} less to
    /// play for each [filter] you control." (502.31b: generic mana only;
    /// 502.31c: each instance applies.)
    AffinityFor(ObjectFilter),
    /// "You may play [filter] spells as though they had flash." (Vedalken
    /// Orrery), "Any player may play …" (Quick Sliver, Vernal Equinox):
    /// such spells may be played any time their player could play an
    /// instant (502.57).
    PlayAsThoughFlash {
        whose: Whose,
        filter: ObjectFilter,
    },
    /// "You can't play [filter] spells." (Steel Golem)
    CantPlaySpells {
        whose: Whose,
        filter: ObjectFilter,
    },
    /// "Each player can't play more than one spell each turn." (Rule of Law)
    OneSpellEachTurn,
    /// "Players can play spells only during their own turns." (Dosan the
    /// Falling Leaf): no player may play a spell while not the active
    /// player (its ruling: abilities are unaffected).
    SpellsOnlyDuringOwnTurn,
    /// 419.6e, 300.9: "Players skip their upkeep steps." (Eon Hub): each
    /// upkeep step is passed over as though it didn't exist.
    SkipUpkeepSteps,
    /// 502.18a: "Players can't cycle cards." (Stabilizer): no cycling
    /// ability (landcycling included, the ruling) may be played.
    CantCycle,
    /// 305.2: "Players can't play lands." (Territorial Dispute): no land
    /// play is left to any player (lands put into play by effects are not
    /// played).
    CantPlayLands,
    /// "You may play equip abilities any time you could play an instant."
    /// (Leonin Shikari): 502.33a's sorcery timing lifted for its
    /// controller's equip abilities.
    EquipAtInstantSpeed,
    /// 500.1–500.2: a restriction on the declaration of attackers as a
    /// whole: "No more than two creatures can attack each combat."
    /// (Caverns of Despair, Dueling Grounds); with `you`, "… can attack
    /// you each combat" (Crawlspace): only the creatures attacking the
    /// ability's controller count.
    AttackLimit {
        max: u8,
        you: bool,
    },
    /// 500.1, 500.3: "No more than two creatures can block each combat."
    /// (Caverns of Despair, Silent Arbiter).
    BlockLimit {
        max: u8,
    },
    /// 302.2 modified: "Untap all permanents you control during each other
    /// player's untap step." (Seedborn Muse)
    UntapDuringOthersUntapStep,
    /// 310.2e: "You may have [this] assign its combat damage as though it
    /// weren't blocked." (Rhox)
    MayAssignAsThoughUnblocked,
    /// 502.21b: "If [this] was kicked [with its A/B kicker], it comes into
    /// play with N +1/+1 counters on it [and with KEYWORD]." (419.1b: how
    /// it comes into play; the keywords stay while it is in play).
    KickedComesIntoPlayWith {
        which: Option<u8>,
        counters: u8,
        keywords: KeywordSet,
        /// "… and with \"Pay 3 life: Regenerate [this].\"" (Anavolver): the
        /// index of the ability in quotes in the face's `granted` list.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        grant: Option<u8>,
    },
    /// 308.2d: "Creatures can't attack you unless their controller pays
    /// {N} for each creature they control that's attacking you." (Windborn
    /// Muse): a cost to attack the ability's controller.
    AttackCostPerCreature {
        generic: u32,
    },
    /// 308.2d: "Enchanted creature can't attack unless its controller pays
    /// {N}." (Brainwash): a cost to attack with each creature affected,
    /// whichever player it attacks, added to any cost to attack that player.
    AttackCostOf {
        affected: Affected,
        generic: u32,
    },
    /// 308.2d: "[This] can't attack unless you sacrifice two Islands."
    /// (Leviathan, Exalted Dragon): `count` permanents matching `filter`
    /// the creature's controller sacrifices as it is declared as an
    /// attacker (308.2f), a cost to attack.
    AttackSacrificeCost {
        affected: Affected,
        filter: ObjectFilter,
        count: u8,
    },
    /// 502.50a: "Bloodthirst N": "If an opponent was dealt damage this
    /// turn, this permanent comes into play with N +1/+1 counters on it."
    Bloodthirst(u8),
    /// 502.37a: "Sunburst": coming into play from the stack, a +1/+1
    /// counter (as a creature) or a charge counter (otherwise) for each
    /// colour of mana spent to pay its costs.
    Sunburst,
}

/// 500.1 restrictions on blocking an attacking creature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BlockRule {
    /// "can't be blocked".
    Unblockable,
    /// "can't be blocked by [filter]" (Juggernaut: Walls).
    NotBy(ObjectFilter),
    /// "can't be blocked except by [filter]" (Treetop Bracers: creatures
    /// with flying).
    OnlyBy(ObjectFilter),
    /// "can't be blocked except by A and/or B" (Seeker: artifact creatures
    /// and/or white creatures): a blocker matching either may block.
    OnlyByEither(ObjectFilter, ObjectFilter),
    /// "can't be blocked except by two (three) or more creatures" (Viashino
    /// Runner, Phyrexian Colossus): a restriction on the whole set of
    /// blocks.
    AtLeast(u8),
    /// "can't be blocked by more than one creature" of a group or the
    /// attached creature (Familiar Ground, Vorrac Battlehorns): a
    /// restriction on the whole set of blocks.
    AtMostOne,
}

/// 419: what a static replacement or prevention effect does to damage
/// that would be dealt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DamageReplacement {
    /// 419.6c: "All damage that would be dealt to you is dealt to
    /// [enchanted/equipped creature] instead." (Pariah, Pariah's Shield)
    RedirectFromYou(Affected),
    /// 419.6c: "As long as [this] is untapped, all combat damage that would
    /// be dealt to you by unblocked creatures is dealt to [this] instead."
    /// (Weathered Bodyguards); without `combat`, "all damage" (Veteran
    /// Bodyguard: an unblocked creature's abilities too).
    RedirectUnblockedFromYouWhileUntapped { combat: bool },
    /// 419.1a: "If a source would deal damage to a permanent or player, it
    /// deals double that damage to that permanent or player instead."
    /// (Furnace of Rath)
    Double,
    /// 419.1a: "If a [color] source would deal damage to a player, it deals
    /// that much damage plus N to that player instead." (Tok-Tok, Volcano Born)
    PlusToPlayer { color: crate::Color, plus: u32 },
    /// 419.1d: "Prevent all damage that would be dealt to [affected]"
    /// (Cho-Manno), and with `by`, "… to and dealt by enchanted creature"
    /// (Heart of Light); `combat`: "all combat damage" (Gaseous Form);
    /// `from`: "… by creatures" (Uncle Istvan), sources matching it as they
    /// would deal the damage (419.8c).
    PreventAll {
        to: Affected,
        by: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        combat: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<Box<ObjectFilter>>,
    },
    /// 419.1d: "Prevent all [combat] damage that would be dealt by
    /// enchanted creature." (Muzzle, Demonic Torment)
    PreventAllBy { by: Affected, combat: bool },
    /// 419.1d: "Prevent all damage that would be dealt to you [by sources
    /// you don't control]." (Glacial Chasm, Energy Field)
    PreventAllToYou { from: Option<Box<ObjectFilter>> },
    /// "For each 1 damage that would be dealt to [this], if it has a +1/+1
    /// counter on it, remove a +1/+1 counter from it and prevent that 1
    /// damage." (Rock Hydra)
    PreventByRemovingCounters,
    /// "If damage would be dealt to [this], prevent that damage. Remove a
    /// +1/+1 counter from [this]." (the Phantoms of Judgment)
    PreventAllRemovingACounter,
    /// 419.1a, 419.1d: a replacement or prevention effect composed from its
    /// parts: "If [source] would deal [N or less / N or more] [combat]
    /// damage to [recipient], [what instead]" and "If damage would be dealt
    /// to [recipient], [what instead]".
    Shaped(Box<DamageShape>),
}

/// The parts of `DamageReplacement::Shaped`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DamageShape {
    /// The source ("a source", "a creature you control", CARDNAME).
    pub from: DamageParty,
    /// The recipient ("a permanent or player", "you", "a player",
    /// CARDNAME, "a Cleric creature you control").
    pub to: DamageParty,
    /// "N or more damage" (Divine Presence).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub at_least: u32,
    /// "N or less damage" (Callous Giant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<u32>,
    /// "combat damage" (Szadek).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub combat: bool,
    pub instead: DamageInstead,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A source or recipient of damage, as a static replacement names it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DamageParty {
    /// "a source", "a permanent or player": anything.
    Any,
    /// CARDNAME.
    This,
    /// "you": the ability's controller.
    You,
    /// "a player".
    APlayer,
    /// Permanents matching a filter from the ability's point of view ("a
    /// creature you control", "a Cleric creature you control"). As the
    /// source, "a green source" (Sphere of Duty): a spell matches too,
    /// judged as the damage would be dealt (419.8c).
    Permanents(ObjectFilter),
    /// "a spell", "a red spell" (Benevolent Unicorn, Sulfuric Vapors): a
    /// source that is a spell on the stack as it deals the damage,
    /// matching the filter.
    Spells(ObjectFilter),
}

/// What a `DamageShape` does to the damage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DamageInstead {
    /// 419.1d: "prevent that damage".
    Prevent,
    /// 419.1d: "prevent N of that damage" (Urza's Armor).
    PreventN(u32),
    /// 419.1a: "it deals double that damage to that … instead".
    Double,
    /// 419.1a: "it deals half that damage, rounded down, to that …
    /// instead" (Ghosts of the Innocent).
    HalfRoundedDown,
    /// 419.1a: "that source deals N damage to that … instead" (Divine
    /// Presence).
    Exactly(u32),
    /// 419.1a: "it deals that much damage minus N to that … instead"
    /// (Lashknife Barrier).
    Minus(u32),
    /// 419.1a: "it deals that much damage plus N to that … instead"
    /// (Sulfuric Vapors, Pyromancer's Swath).
    Plus(u32),
    /// 419.1a: the damage isn't dealt; these happen instead, each "that
    /// many" times the damage (Phytohydra, Crumbling Sanctuary, Szadek).
    Actions(Vec<DamageAction>),
}

/// One thing that happens instead of damage (`DamageInstead::Actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageAction {
    /// "put that many [kind] counters on [this]".
    CountersOnThis(crate::CounterKind),
    /// "that player puts that many cards from the top of their library
    /// into their graveyard" (the recipient player).
    RecipientMills,
    /// "that player removes that many cards from the top of their library
    /// from the game".
    RecipientRemovesTop,
}

/// What a graveyard replacement watches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraveyardWhat {
    /// "If [this card] would be put into a graveyard from anywhere": the
    /// ability works from every zone (Legacy Weapon, Darksteel Colossus).
    ThisFromAnywhere,
    /// "If [this] would be put into a graveyard from play" (2007's "die",
    /// Gravebane Zombie): this permanent leaving play.
    ThisFromPlay,
    /// "If a permanent would be put into a graveyard" (Samurai of the Pale
    /// Curtain): a permanent leaving play.
    AnyPermanent,
    /// "If a card would be put into an opponent's graveyard from anywhere"
    /// (Leyline of the Void): a card (not a token) owned by an opponent of
    /// the ability's controller, from any zone.
    OpponentsCards,
}

/// Where the object goes instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraveyardInstead {
    /// "reveal it and shuffle it into its owner's library".
    ShuffleIntoLibrary,
    /// "exile it" (2007: remove it from the game).
    RemoveFromGame,
    /// "put [it] on top of its owner's library".
    TopOfLibrary,
}

/// Which objects a static ability affects (418.2: determined continuously).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Affected {
    /// The object with the ability.
    This,
    /// The object the Aura or Equipment is attached to.
    Attached,
    /// Every permanent matching a filter ("Creatures you control", "Other Goblins").
    Each(ObjectFilter),
}

/// What happens instead of a draw (`StaticAbility::DrawReplacement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawInstead {
    /// "choose land or nonland and reveal cards from the top of your
    /// library until you reveal a card of the chosen kind. Put that card
    /// into your hand and put all other cards revealed this way on the
    /// bottom of your library in any order." (Abundance)
    RevealUntilLandOrNonland,
    /// "skip that draw" (Obstinate Familiar).
    Skip,
    /// "that player removes the top card of an opponent's library from the
    /// game face down" (Shared Fate): the drawing player chooses the
    /// opponent; the card is linked to the permanent (217.7d).
    RemoveOpponentsTop,
    /// "put the top card of the pile you removed into your hand" (Parallel
    /// Thoughts): the pile this permanent removed face down
    /// (`CardDest::RemoveFaceDownPile`, 217.7d); with none left, nothing.
    TopOfRemovedPile,
    /// "look at the top N cards of your library instead. Put one of those
    /// cards into your hand and the rest on the bottom of your library in
    /// any order." (Tomorrow, Azami's Familiar)
    LookAtTopPutOneInHand(u8),
    /// "return a card from your graveyard to your hand instead. If you
    /// can't, you lose the game." (Forbidden Crypt)
    ReturnFromGraveyardOrLose,
    /// "reveal the top card of your library instead. If it's a creature
    /// card, put it into your graveyard. Otherwise, draw a card."
    /// (Enduring Renewal)
    RevealTopCreatureToGraveyard,
    /// "put a [kind] counter on CARDNAME" (Pursuit of Knowledge).
    CounterOnThis(crate::CounterKind),
    /// "they reveal it instead. Then any other player may pay N life. If a
    /// player does, put that card into its owner's graveyard. Otherwise,
    /// that player draws a card." (Zur's Weirding)
    RevealOthersMayPayLife(u32),
    /// "instead they draw a card and reveal it. If it's a creature card,
    /// that player discards it unless they pay N life." (Breathstealer's
    /// Crypt)
    DrawRevealCreatureDiscardUnlessLife(u32),
    /// "that player discards a card instead. If the player discards a card
    /// this way, they draw a card. If the player doesn't discard a card
    /// this way, they mill a card." (Chains of Mephistopheles)
    DiscardThenDrawOrMill,
    /// "instead you may skip that draw. If you do, until your next turn,
    /// you can't be attacked except by creatures with flying and/or
    /// islandwalk." (Island Sanctuary)
    SkipSanctuary,
}

/// Which draws a `StaticAbility::DrawReplacement` replaces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawWhen {
    /// Every draw.
    #[default]
    Any,
    /// "during your draw step" (Island Sanctuary).
    DrawStep,
    /// "except the first one they draw in each of their draw steps"
    /// (Chains of Mephistopheles): the draw step's turn-based draw (304.1)
    /// is not replaced.
    ExceptFirstInDrawStep,
}

impl DrawWhen {
    pub fn is_any(&self) -> bool {
        *self == DrawWhen::Any
    }
}

/// 405.2: a value a characteristic-defining ability sets power or
/// toughness to: `plus + times × count`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtDefinition {
    pub plus: i32,
    pub times: i32,
    pub count: PtCount,
}

/// Whose cards a characteristic-defining ability counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PtPlayer {
    /// Its controller's.
    You,
    /// Every player's.
    All,
    /// The opponent's chosen as it came into play (419.1b).
    Chosen,
}

/// What a characteristic-defining ability counts (`PtDefinition`), from the
/// point of view of its source and its controller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PtCount {
    /// Nothing: the value is `plus` ("each 2").
    Nothing,
    /// "the last chosen number" (Shapeshifter): the number chosen for this
    /// permanent as it came into play or since (`Object::chosen_number`);
    /// 0 with none chosen.
    ChosenNumber,
    /// The permanents in play matching a filter ("the number of Forests you
    /// control", "… Rats in play").
    Permanents(ObjectFilter),
    /// The permanents matching a filter that the opponent chosen as it came
    /// into play controls (419.1b: Skyshroud War Beast).
    PermanentsOfChosen(ObjectFilter),
    /// The cards in a hand, or in every player's hand.
    CardsInHand(PtPlayer),
    /// The cards matching a filter in a graveyard, or in all graveyards
    /// (Haunting Apparition: "… in the chosen player's graveyard").
    GraveyardCards(ObjectFilter, PtPlayer),
    /// The controller's life total.
    LifeTotal,
    /// The counters of a kind on the source ("the number of fade counters on it").
    CountersOnThis(CounterKind),
    /// Counted only during the controller's turn, nothing otherwise
    /// (Angry Mob: "As long as it's your turn, …").
    DuringYourTurn(Box<PtCount>),
    /// `attacking` while the source is attacking, `otherwise` while it isn't
    /// (Gaea's Liege: the Forests the defending player controls).
    WhileAttacking {
        otherwise: Box<PtCount>,
        attacking: Box<PtCount>,
    },
}

/// The instructions of `StaticAbility::FlashSacrificed`'s delayed triggered
/// ability: "the controller of the permanent it becomes sacrifices it".
pub fn flash_sacrifice_effects() -> &'static [Effect] {
    static EFFECTS: std::sync::OnceLock<Vec<Effect>> = std::sync::OnceLock::new();
    EFFECTS.get_or_init(|| {
        vec![Effect::SacrificeThese {
            what: ObjectRef::This,
        }]
    })
}

/// What `StaticAbility::PlusPerYourCount` counts for its controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum YourCount {
    /// "for each card in your hand".
    CardsInHand,
    /// Domain: "for each basic land type among lands you control".
    BasicLandTypes,
    /// "for each growth counter on Momentum" (Momentum, Banshee's Blade,
    /// Infinite Hourglass): the counters of that kind on the ability's
    /// source (layer 6d, 418.5a).
    CountersOnSource(crate::CounterKind),
    /// "for each age counter on it" (Earthen Goo), "Each Fungus creature
    /// gets +1/+1 for each spore counter on it" (Thelon of Havenwood): the
    /// counters of that kind on each affected object itself.
    CountersOnAffected(crate::CounterKind),
}

/// One form of `StaticAbility::AsComesIntoPlayChooseForm`: its power and
/// toughness, and the keywords and creature types it adds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EnteringForm {
    pub power: i32,
    pub toughness: i32,
    pub keywords: KeywordSet,
    pub subtypes: Vec<crate::Subtype>,
}
