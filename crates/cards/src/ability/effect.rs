//! Effects (416): what a spell or ability does as it resolves (one-shot
//! effects, 417; continuous effects with a duration, 418), where cards go,
//! and who receives damage or life. The amounts they count are in
//! `amount.rs`.

use super::*;
use crate::{Color, LayerEffect, ManaCost};
use serde::{Deserialize, Serialize};

/// A one-shot or continuous effect produced when a spell or ability resolves
/// (416, 417, 418).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// "[source] deals N damage to …". The source is the spell or the
    /// ability's source.
    DealDamage {
        amount: Amount,
        to: Recipient,
    },
    /// "Target player can't play lands this turn." (Solfatara), "… can't
    /// play creature spells this turn" (Cease-Fire), "… can't play spells
    /// this turn" (Orim's Chant): a rule for the player until the turn
    /// ends (`spells`: the spells it forbids, none for lands).
    CantPlayThisTurn {
        who: PlayerRef,
        lands: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spells: Option<ObjectFilter>,
    },
    /// "That creature deals damage equal to its power to its controller"
    /// (Backlash), "It deals damage equal to its power to another target
    /// creature" (Deadshot): damage dealt by an object the spell or
    /// ability names, not by its own source (the named object is the
    /// source of the damage: its colour and abilities matter, 419.8).
    DealsDamageFrom {
        source: ObjectRef,
        amount: Amount,
        to: Recipient,
    },
    /// "Target creature deals damage to itself equal to its power"
    /// (Repentance), "Each creature deals damage to itself equal to its
    /// power" (Wave of Reckoning): each object deals damage equal to its
    /// power to itself, all at once (419.8: it is the source).
    DealsDamageToItself {
        what: ObjectRef,
    },
    /// 409.1e: "[source] deals N damage divided as you choose among [the
    /// targets from the `from`-th on]": the amount and its division are
    /// announced as the spell or ability is played (413.2f), each target
    /// getting at least 1; the division is kept on the stack object, and a
    /// target illegal on resolution is dealt nothing, the others keeping
    /// their share (413.2a).
    DealDamageDivided {
        amount: Amount,
        from: u8,
    },
    /// "[source] deals X damage divided evenly, rounded down, among [the
    /// targets from the `from`-th on]" (Fireball): no choice; as it
    /// resolves, each legal target is dealt the amount divided by the
    /// number of legal targets, rounded down (Fireball's rulings).
    /// "[player] loses all unspent mana" (Mana Short; 2007: "empty his or
    /// her mana pool"): the pool emptied, no mana burn (300.3 burns only as
    /// a phase ends).
    EmptyManaPool {
        who: PlayerRef,
    },
    DealDamageEvenly {
        amount: Amount,
        from: u8,
    },
    GainLife {
        who: PlayerRef,
        amount: Amount,
    },
    LoseLife {
        who: PlayerRef,
        amount: Amount,
    },
    /// "that player gets two poison counters" (Marsh Viper; 102.3d: ten or
    /// more and the player loses, 420.5h).
    GivePoison {
        who: PlayerRef,
        amount: Amount,
    },
    /// "[Each player's] life total becomes N" (Biorhythm): each player
    /// gains or loses the difference; 606.9b–c in a Two-Headed Giant game.
    /// The amount is per player ("the number of creatures they control").
    LifeTotalBecomes {
        who: PlayerRef,
        amount: Amount,
    },
    /// Glossary, Exchange: "Exchange life totals with target opponent"
    /// (Mirror Universe): each player gains or loses the amount of life
    /// necessary to equal the other player's previous life total.
    ExchangeLifeTotals {
        a: PlayerRef,
        b: PlayerRef,
    },
    DrawCards {
        who: PlayerRef,
        amount: Amount,
    },
    /// "Draw three cards, then discard one of them." (Soldevi Sage, Casting
    /// of Bones, Krovikan Sorcerer): the player draws, then discards a card
    /// of their choice among those just drawn (still in the hand).
    DrawThenDiscardOneOfThem {
        who: PlayerRef,
        amount: Amount,
    },
    /// "discards N cards" (chosen by the discarding player unless `random`).
    Discard {
        who: PlayerRef,
        amount: Amount,
        random: bool,
    },
    /// 501.4 destroy; `no_regen`: "It can't be regenerated."
    Destroy {
        what: ObjectRef,
        no_regen: bool,
    },
    /// Remove from the game (2007 term for exile).
    RemoveFromGame {
        what: ObjectRef,
    },
    /// 502.51a: "remove it from the game haunting target creature": the
    /// card with haunt (in its owner's graveyard) is removed from the game
    /// and haunts the ability's target (502.51b).
    Haunt,
    /// Return to its owner's hand.
    ReturnToHand {
        what: ObjectRef,
    },
    Tap {
        what: ObjectRef,
    },
    Untap {
        what: ObjectRef,
    },
    /// 500.1 requirement (502.29a provoke): "[blocker] blocks [attacker]
    /// this combat if able".
    BlocksThisCombatIfAble {
        blocker: ObjectRef,
        attacker: ObjectRef,
    },
    /// "Turn [what] face up" (Break Open): an effect turns a face-down
    /// permanent face up, whatever its morph cost (503.3's example).
    TurnFaceUp {
        what: ObjectRef,
    },
    /// 502.26e: "Turn [what] face down" (Backslide): it becomes a 2/2
    /// face-down creature with no text, name, subtypes or mana cost.
    TurnFaceDown {
        what: ObjectRef,
    },
    /// A continuous effect on the objects (locked in as it resolves,
    /// 418.3b): "gets +P/+T and gains [keywords] until end of turn" (layers
    /// 6b and 5), "switch its power and toughness" (6e), "gain control of" (2).
    Continuous {
        what: ObjectRef,
        effect: LayerEffect,
        duration: Duration,
    },
    /// "get +X/-X until end of turn" (Flowstone Slide): `power` and
    /// `toughness` are multiples of X (1, 0 or -1), fixed as the effect is
    /// created (413.2f); layer 6b.
    PumpX {
        what: ObjectRef,
        power: i32,
        toughness: i32,
        /// What X is: the announced X, or what "where X is …" defines
        /// ("where X is the number of lands you control").
        #[serde(default = "amount_x", skip_serializing_if = "is_amount_x")]
        x: Amount,
    },
    /// As `Continuous`, and the objects also become the colour the
    /// controller chooses as it resolves (layer 5): "becomes the color of
    /// your choice until end of turn" (Wild Mongrel, Tidal Visionary).
    ContinuousChosenColor {
        what: ObjectRef,
        effect: LayerEffect,
        duration: Duration,
    },
    /// As `Continuous`, with a choice the controller makes as it resolves
    /// (418.3): the colour of "gains protection from the color of your
    /// choice" (layer 5), the creature type of "becomes the creature type
    /// of your choice" (layer 4, replacing its creature types).
    ContinuousChosen {
        what: ObjectRef,
        effect: LayerEffect,
        duration: Duration,
        choice: ChosenFor,
    },
    /// 418.6: "Change the text of [what] by replacing all instances of one
    /// color word with another or one basic land type with another" (Mind
    /// Bend); the words are chosen as it resolves.
    ChangeText {
        what: ObjectRef,
        colors: bool,
        land_types: bool,
        duration: Duration,
    },
    /// "[what] can't block this turn".
    CantBlockThisTurn {
        what: ObjectRef,
    },
    /// "[what] can't attack during its controller's next turn" (Wall of
    /// Dust): from the beginning of the next turn of the player who
    /// controls it then, until that turn ends (a new object after a zone
    /// change is free, 217.1c).
    CantAttackNextTurn {
        what: ObjectRef,
    },
    /// 500.1: "[what] can't attack this turn" (Change of Heart).
    CantAttackThisTurn {
        what: ObjectRef,
    },
    /// "[what] can block an additional creature this turn" (Mounted
    /// Archers; each resolution one more) or, with `any_number`, "… can
    /// block any number of creatures this turn" (Valor Made Real).
    CanBlockAdditionalThisTurn {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        any_number: bool,
    },
    /// 502.40: "[what] can attack this turn as though it didn't have
    /// defender" (Mirror Wall); for a group ("Creatures you control with
    /// defender …", Wakestone Gargoyle) a rule for the turn that covers
    /// creatures coming under that control later too.
    AttacksDespiteDefenderThisTurn {
        what: ObjectRef,
    },
    /// "Target creature attacks this turn if able." (Boiling Blood): an
    /// attack requirement (500.1) until the turn ends.
    AttacksThisTurnIfAble {
        what: ObjectRef,
    },
    /// "Target creature blocks CARDNAME this turn if able." (Rampant
    /// Elephant): a block requirement (500.1) for each combat of the turn,
    /// obeyed as far as possible (500.4).
    BlocksThisTurnIfAble {
        blocker: ObjectRef,
        attacker: ObjectRef,
    },
    /// "That creature blocks this turn if able." (Provoke): a block
    /// requirement (500.1) for each combat of the turn, obeyed by blocking
    /// any attacking creature (500.4); `each`: "It blocks each attacking
    /// creature this turn if able" (Blaze of Glory), one requirement per
    /// attacking creature.
    BlocksAnyThisTurnIfAble {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "is_false")]
        each: bool,
    },
    /// "All creatures able to block target creature this turn do so."
    /// (Alluring Scent): Lure's block requirement (500.1) on that creature
    /// until the turn ends.
    MustBeBlockedThisTurn {
        what: ObjectRef,
    },
    /// 414: counter target spell; `to`: where the countered card goes
    /// ("If that spell is countered this way, exile it instead of putting
    /// it into its owner's graveyard", Dissipate; a replacement, 419.6a).
    Counter {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "CounteredTo::is_graveyard")]
        to: CounteredTo,
    },
    /// Layer 2: "target opponent gains control of [it]" (Sleeper Agent):
    /// control goes to the player named, not to the effect's controller.
    GiveControl {
        who: PlayerRef,
        what: ObjectRef,
        duration: Duration,
    },
    /// 415.7: "Change the target of target spell with a single target"
    /// (Shunt; "target spell or ability", Willbender): to another legal
    /// target, if there is one (415.7a); `to`: "change that spell's target
    /// to another creature" (Quicksilver Dragon), only a new target that
    /// matches it.
    ChangeTarget {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<ObjectFilter>,
        /// "If target spell has only one target and that target is
        /// CARDNAME, …" (Quicksilver Dragon): checked as it resolves; else
        /// nothing changes.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_this: bool,
        /// "The new target must be a player." (Rebound): only a player.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        to_player: bool,
    },
    /// 503.10: "Copy target instant or sorcery spell" — a copy of the spell
    /// onto the stack, with the original's mode, targets and X.
    /// `new_targets`: "You may choose new targets for the copy" (503.10b);
    /// `color`: "except that the copy is red" (Fork).
    CopySpell {
        what: ObjectRef,
        new_targets: bool,
        color: Option<Color>,
    },
    /// 419.1a: "If that creature would be put into a graveyard this turn,
    /// remove it from the game instead" (Nine-Ringed Bo; `None`: "a
    /// creature dealt damage this way", Yamabushi's Flame): a replacement
    /// effect on those creatures until the turn ends.
    ExileIfDiesThisTurn(Option<ObjectRef>),
    /// 501.5 regenerate: creates a regeneration shield.
    Regenerate {
        what: ObjectRef,
    },
    /// "Each player chooses a number of lands they control equal to the
    /// number of lands controlled by the player who controls the fewest,
    /// then sacrifices the rest." and "Players discard cards … the same
    /// way." (Balance): each player with more than the fewest chooses
    /// what to sacrifice or discard until they have as many.
    DownToFewest(Fewest),
    /// "Sacrifice any number of Mountains." (Landslide): the controller
    /// chooses any number of their permanents matching the filter as it
    /// resolves; they are sacrificed together, and the instructions after
    /// count them (`Amount::SacrificedThisWay`).
    SacrificeAnyNumber {
        filter: ObjectFilter,
    },
    /// "Sacrifice that many nontoken permanents. If you can't, you lose
    /// the game." (Lich): the controller chooses `amount` of them, one at
    /// a time, and they are sacrificed together (its ruling); with fewer,
    /// all are sacrificed and the controller loses the game.
    SacrificeOrLose {
        filter: ObjectFilter,
        amount: Amount,
    },
    /// "[player] sacrifices a [filter]" (the player chooses on resolution).
    Sacrifice {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "Put N +1/+1 counters on …".
    PutCounters {
        what: ObjectRef,
        kind: CounterKind,
        amount: Amount,
    },
    /// 502.59a: "play it without paying its mana cost if able. If you
    /// can't, it remains removed from the game. If you play a creature
    /// spell this way, it gains haste until you lose control of the spell
    /// or the permanent it becomes." (the source card, still removed from
    /// the game; 502.59c: an alternative cost, 409.1b).
    PlaySuspended,
    /// "Remove N [kind] counters from …" (as many as there are, at most).
    RemoveCounters {
        what: ObjectRef,
        kind: CounterKind,
        amount: Amount,
    },
    /// Create N tokens (216).
    CreateTokens {
        who: PlayerRef,
        amount: Amount,
        token: TokenSpec,
    },
    /// 503.1, 503.5: "put a token into play that's a copy of [object]"
    /// (modern "create a token that's a copy of"): N tokens that come into
    /// play as copies of its copiable values (503.2), with the exceptions
    /// the effect states (503.9: "except it has haste", `keywords`), which
    /// are part of the tokens' copiable values.
    CreateTokenCopies {
        who: PlayerRef,
        amount: Amount,
        of: ObjectRef,
        #[serde(default)]
        keywords: crate::KeywordSet,
    },
    /// 419.1a prevention shield: "Prevent the next N damage that would be
    /// dealt to [recipient] this turn."
    PreventNextDamage {
        to: Recipient,
        amount: Amount,
    },
    /// 409.1e: "Distribute N +1/+1 counters among one, two, or three
    /// target creatures." (Elven Rite, Wurmskin Forger): each target from
    /// the `from`-th on gets its share of the division announced as it was
    /// played.
    PutCountersDivided {
        kind: CounterKind,
        amount: Amount,
        from: u8,
    },
    /// 409.1e, 419.7b: "Prevent the next N damage that would be dealt this
    /// turn to any number of targets, divided as you choose." (Remedy): a
    /// shield on each target from the `from`-th on, of its share of the
    /// division announced as it was played.
    PreventDamageDivided {
        amount: Amount,
        from: u8,
    },
    /// 419.6c, 419.7b, 419.8a: a prevention or redirection shield
    /// (`ShieldSpec`: "Prevent all combat damage that would be dealt by
    /// target creature this turn", "The next 1 damage that would be dealt
    /// to CARDNAME this turn is dealt to its owner instead").
    DamageShield(Box<crate::ShieldSpec>),
    /// 419.1d: "Prevent all damage that would be dealt to [recipient] this
    /// turn." (Kaiso, Memory of Loyalty): a shield that never runs out.
    PreventAllDamageThisTurn {
        to: Recipient,
    },
    /// "Prevent all combat damage that would be dealt this turn." (Holy Day)
    PreventAllCombatDamage,
    /// 419.6c: "All combat damage that would be dealt to you by unblocked
    /// creatures this turn is dealt to [this] instead." (Kjeldoran Royal
    /// Guard)
    RedirectUnblockedDamageToThis,
    /// "Exchange control of [a] and [b]." (Chromeshell Crab; the glossary's
    /// Exchange: if both can't be exchanged, as when one is gone or both
    /// have the same controller, nothing happens to either.)
    ExchangeControl {
        a: ObjectRef,
        b: ObjectRef,
    },
    /// 419.6c: "All damage that would be dealt to [this] this turn is dealt
    /// to [what] instead." (Karona's Zealot)
    RedirectDamageToThisTo {
        what: ObjectRef,
    },
    /// 419.1a: "The next time you would draw a card this turn, instead put
    /// a card you own from outside the game into your hand." (Ring of
    /// Ma'rûf): a one-shot `DrawRule` of the controller's.
    NextDrawFromOutsideThisTurn,
    /// 419.1a, 217.7d: "The next time you would draw a card this turn,
    /// instead put the top card of the removed pile into its owner's hand."
    /// (Mangara's Tome): a one-shot `DrawRule` of the controller's; the
    /// pile is the cards the source removed (`CardDest::RemoveFaceDownPile`).
    NextDrawFromRemovedPileThisTurn,
    /// 419.1a: "The next time you would draw a card this turn,
    /// [instructions] instead." (the Words of Onslaught): a one-shot
    /// `DrawRule` of the controller's that carries the instructions with
    /// the ability's targets.
    NextDrawInstead {
        effects: Vec<Effect>,
    },
    /// 419.1a: "The next time you would draw a card this turn, instead look
    /// at the top X cards of your library, put all but one of them on the
    /// bottom of your library in a random order, then draw a card."
    /// (Aladdin's Lamp): a one-shot `DrawRule` with X.
    NextDrawLookAtTopX,
    /// 419.1a: "Until end of turn, if target player would draw a card,
    /// instead that player skips that draw and you draw a card."
    /// (Plagiarize.)
    DrawsInsteadThisTurn {
        who: PlayerRef,
    },
    /// "Prevent all damage that black sources and red sources would deal
    /// this turn" (Luminesce), "… that creatures would deal to players
    /// this turn" (Chameleon Blur). 418.3b: it changes the rules of the
    /// game, not objects, so it applies to every source matching `sources`
    /// when the damage would be dealt, even one that wasn't in play (or
    /// wasn't a creature, or black) as the effect began.
    PreventDamageBySources {
        sources: ObjectFilter,
        to_players_only: bool,
        /// "Prevent all combat damage non-Soldier creatures would deal
        /// this turn" (Frontline Strategist): combat damage only.
        #[serde(default, skip_serializing_if = "is_false")]
        combat_only: bool,
    },
    /// "CARDNAME loses this ability and becomes an Aura enchantment with
    /// enchant creature. … You may pay {W} to end this effect." (the
    /// Licids): a continuous effect on the ability's source until ended,
    /// in layer 4 (it is only an Enchantment — Aura, 212.1c) and layer 5
    /// (it loses the ability and gains "enchant [enchant]", 212.4); the
    /// ability's controller may end it by paying `end_cost` whenever they
    /// have priority, a special action (408.2i).
    BecomeAuraUntilPaid {
        enchant: ObjectFilter,
        end_cost: ManaCost,
    },
    /// "The next time target land would be destroyed this turn, remove all
    /// damage marked on it instead." (Pyramids): a shield against one
    /// destruction of each object this turn (419.1a; not regeneration: it
    /// neither taps the land nor is stopped by "can't be regenerated").
    DestructionShieldThisTurn {
        what: ObjectRef,
    },
    /// "Until end of turn, any time you could play a mana ability, you may
    /// pay 1 life. If you do, add {1} to your mana pool." (Channel): the
    /// spell's controller may take that action until end of turn (411.1's
    /// timing: at priority and while paying mana; 215.4: not with less
    /// life than 1).
    LifeForManaThisTurn,
    /// "Until end of turn, you may pay {1} any time you could play an
    /// instant. If you do, prevent the next 1 damage that would be dealt to
    /// that creature or player this turn." (Guardian Angel): the spell's
    /// controller may take that action at any priority this turn, for the
    /// target `to` names.
    PayToPreventThisTurn {
        to: Recipient,
        generic: u32,
    },
    /// 502.33 Equip: attach `what` (an Equipment) to `to`.
    Attach {
        what: ObjectRef,
        to: ObjectRef,
    },
    /// 507.1: "You control target player during that player's next turn" (Mindslaver).
    ControlNextTurn {
        who: PlayerRef,
    },
    /// 419.6e: "[Player] skips their next turn." (Meditate, Chronatog)
    SkipNextTurn {
        who: PlayerRef,
    },
    /// 419.6e: "[Player] skips their next combat phase." (Blinding Angel)
    SkipNextCombatPhase {
        who: PlayerRef,
    },
    /// 419.6e: "[Player] skips all combat phases of their next turn."
    /// (False Peace): every combat phase of that player's next turn.
    SkipCombatPhasesNextTurn {
        who: PlayerRef,
    },
    /// 419.6e: "[Player] skips their next untap step." (Brine Elemental)
    SkipNextUntapStep {
        who: PlayerRef,
    },
    /// 302.2: "[Object] doesn't untap during its controller's next untap
    /// step" (Apes of Rath, Barl's Cage, Tangle): the effect follows the
    /// object, not its controller, and is used up by the next untap step of
    /// whoever controls it then, whether or not it is tapped. `yours`:
    /// "… during your next untap step" (Reveka), the next untap step of the
    /// ability's controller.
    DoesntUntapNext {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "is_false")]
        yours: bool,
    },
    /// 302.2, 418.3d: "It doesn't untap during its controller's untap step
    /// for as long as [this] remains tapped." (Mole Worms, Amber Prison):
    /// every untap step of its controller (whoever that is then) that
    /// begins while the source is still tapped (the rulings: judged before
    /// anything untaps, so not even the step in which the source untaps).
    DoesntUntapWhileSourceTapped {
        what: ObjectRef,
    },
    /// 302.2: "[Permanents] [player] controls don't untap during their next
    /// untap step" (Exhaustion, Mana Vapors): every permanent matching
    /// `filter` the player controls as that untap step begins, including
    /// those that came into play since.
    PermanentsDontUntapNext {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "[Object] gets +2/-2 or -2/+2 until end of turn." (Shaper
    /// Parasite), "gains your choice of banding, flying, first strike, or
    /// trample until end of turn" (Urza's Avenger): the controller chooses
    /// one of the options as it resolves.
    ContinuousEither {
        what: ObjectRef,
        options: Vec<LayerEffect>,
        duration: Duration,
    },
    /// 509.1: "End the turn." (Time Stop).
    EndTheTurn,
    /// "Draw a card and reveal it. If it isn't a land card, discard it."
    /// (Sindbad, Fa'adiyah Seer): the card drawn is revealed to all and
    /// discarded unless it matches `keep` (a draw replaced, 419, draws and
    /// reveals nothing).
    DrawRevealDiscardUnless {
        keep: ObjectFilter,
    },
    /// "[Each …] is sacrificed by its controller" (501.3): no choice is made.
    SacrificeThese {
        what: ObjectRef,
    },
    /// 310.1: "[It] assigns no combat damage this turn." (Ophidian,
    /// Floral Spuzzem): it doesn't assign combat damage in this turn's
    /// combat damage steps.
    AssignsNoCombatDamage {
        what: ObjectRef,
    },
    /// "[Target unblocked attacking creature] becomes blocked." (Curtain
    /// of Light): an attacking creature not yet blocked becomes blocked by
    /// no creature (309.2f), its "becomes blocked" abilities trigger
    /// (309.4, 410.9c), and its whole band with it (502.10g).
    BecomesBlocked {
        what: ObjectRef,
    },
    /// "Remove [it] from combat." (306.2, Mijae Djinn)
    RemoveFromCombat {
        what: ObjectRef,
    },
    /// 102.2b: "[Player] wins the game."
    WinGame {
        who: PlayerRef,
    },
    /// 300.7: "After this main phase, there is an additional combat phase
    /// followed by an additional main phase." (Relentless Assault)
    AdditionalCombatPhase,
    /// "[Player] takes an extra turn after this one."
    ExtraTurn {
        who: PlayerRef,
    },
    /// 511.1: `who` (the controller, or "that player") flips a coin,
    /// calling it; the effects of that player winning or losing follow.
    FlipCoin {
        who: PlayerRef,
        won: Vec<Effect>,
        lost: Vec<Effect>,
    },
    /// 511.1: "Flip a coin until you lose a flip [or choose to stop
    /// flipping]." Each flip is called; the flips won are counted
    /// (`Amount::FlipsWon`); with `may_stop` the player chooses after each
    /// won flip whether to flip again.
    FlipUntilLose {
        may_stop: bool,
    },
    /// "If you lose a flip, [this] has no effect.": the rest of the
    /// resolution does nothing if any flip of it was lost.
    NoEffectIfFlipLost,
    /// The Wishes: "You may reveal a [filter] card you own from outside the
    /// game and put it into your hand." (217.1e: outside the game is the
    /// player's cards not in the game and their cards removed from the game.)
    WishFromOutside {
        filter: ObjectFilter,
    },
    /// "Choose up to N cards you own from outside the game and shuffle them
    /// into your library." (Research, 217.1e): chosen one at a time (the
    /// Wishes' choice), put into the library, then the library is shuffled.
    ShuffleFromOutside {
        up_to: u8,
    },
    /// "[effects] unless any opponent has you draw a card. Repeat this
    /// process N more times." (Development): each time, the opponents in
    /// turn order may each let the controller draw a card instead; if none
    /// does, the effects happen (the card's rulings).
    /// "Target opponent may draw a card." (Phelddagrif, Soldevi Heretic):
    /// one other player chooses, as the instruction is reached, whether
    /// the instructions (no choice among them) happen.
    PlayerMay {
        who: PlayerRef,
        effects: Vec<Effect>,
    },
    /// "Each player may ante the top card of their library. If a player
    /// does, that player's life total becomes 20." (Rebirth): in APNAP
    /// order each player chooses, as the instruction is reached, whether
    /// the instructions happen; they name that player as
    /// `PlayerRef::Triggering`.
    EachPlayerMay {
        effects: Vec<Effect>,
    },
    /// 413.2d: "Each opponent sacrifices a permanent unless they pay {1}"
    /// (Rishadan Cutpurse), "Its controller may search their library …"
    /// (Ghost Quarter), "Each player may search their library …" (Veteran
    /// Explorer): the instructions are followed for each player of `who`
    /// in turn (APNAP order from the active player), each naming that
    /// player as "that player" (`PlayerRef::Triggering`), with all their
    /// choices (they may pause); with `may`, each player first decides
    /// whether to follow them. 600.4a: a player who has left the game is
    /// skipped.
    ForEachPlayer {
        who: PlayerRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        may: bool,
        effects: Vec<Effect>,
    },
    UnlessOpponentLetsDraw {
        effects: Vec<Effect>,
        times: u8,
    },
    /// 506: "Players play a Magic subgame, using their libraries as their
    /// decks." The main game waits while the subgame is played.
    PlaySubgame,
    /// "[Player] decides whether to flip again" (Game of Chaos): inside a
    /// flip's branch; if the player chooses to, the flip is repeated.
    OfferFlipAgain {
        who: PlayerRef,
    },
    /// "If you win N or more flips, …".
    IfFlipsWon {
        at_least: u32,
        effects: Vec<Effect>,
    },
    /// "[Player] loses the game." (Phage the Untouchable, 102.2b-like)
    LoseGame {
        who: PlayerRef,
    },
    /// "A creature dealt damage this way can't be regenerated this turn."
    /// (Incinerate): the creatures dealt damage by this resolution's damage.
    CantBeRegeneratedThisTurn,
    /// "Target creature can't be regenerated this turn." (Hurr Jackal;
    /// 419.6b: a regeneration shield can't replace its destruction).
    ObjectCantBeRegeneratedThisTurn {
        what: ObjectRef,
    },
    /// 511.2: each of these players flips a coin without a call; `on_tails`
    /// and `on_heads` happen to each player whose coin came up that way
    /// (`PlayerRef::Flipper`). With `until_all_heads` the process repeats
    /// until every coin comes up heads on the same flip (Mana Clash).
    FlipEach {
        who: Vec<PlayerRef>,
        on_heads: Vec<Effect>,
        on_tails: Vec<Effect>,
        until_all_heads: bool,
    },
    /// "[what] can't be blocked this combat" (Ma Chao, Western Warrior):
    /// until this combat phase ends (311.2), not the turn.
    CantBeBlockedThisCombat {
        what: ObjectRef,
    },
    /// "[what] can't be blocked this turn" (Crafty Pathmage).
    CantBeBlockedThisTurn {
        what: ObjectRef,
    },
    /// "[what] can't be blocked this turn except by Walls" (Varchild's
    /// Crusader: `BlockRule::OnlyBy`), "[what] can't be blocked by Walls
    /// this turn" (Tower of Coireall: `BlockRule::NotBy`): a restriction on
    /// blocking (500.1) on those objects until the turn ends.
    BlockRuleThisTurn {
        what: ObjectRef,
        rule: crate::BlockRule,
    },
    /// "[what] gain(s) menace until end of turn" (Gorilla War Cry,
    /// Searing Spear Askari; 2007: "can't be blocked except by two or more
    /// creatures"): a restriction on blocking (500.1) on those objects
    /// until the turn ends; a group is the objects in play as it resolves.
    MenaceThisTurn {
        what: ObjectRef,
    },
    /// "[effects] unless you discard a [filter] card" (Razormane Masticore,
    /// Hidden Horror): the controller chooses on resolution whether to
    /// discard such a card; if they don't (or can't), the effects happen.
    UnlessDiscard {
        filter: ObjectFilter,
        effects: Vec<Effect>,
        /// "unless you discard a card at random" (Balduvian Horde): the
        /// controller only chooses whether to discard; the card is chosen
        /// at random.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        at_random: bool,
        /// "unless you discard two cards" (Avatar of Discord): how many;
        /// all of them or none (a cost, 413.2c), so it can be paid only
        /// with that many in hand.
        #[serde(default = "one_u8", skip_serializing_if = "is_one_u8")]
        count: u8,
        /// "Cumulative upkeep—Discard a card." (Vexing Sphinx): `count`
        /// cards for each counter of this kind on the source as it
        /// resolves (502.13a), all of them or none.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per_counter: Option<CounterKind>,
    },
    /// "If you can't, [effects]" after "sacrifice a [filter]" (Lord of the
    /// Pit): the effects happen if the controller controls no such
    /// permanent (so can't sacrifice one).
    IfControlsNone {
        filter: ObjectFilter,
        effects: Vec<Effect>,
    },
    /// "[player] returns a [filter] they control to its owner's hand": the
    /// player chooses one on resolution (Stampeding Wildebeests, Sunken Hope).
    ReturnChosen {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "You may tap or untap [what]" (Twitch, Puppeteer): chosen on resolution.
    TapOrUntap {
        what: ObjectRef,
    },
    /// 406.1b: "add an additional one mana of any type that land produced
    /// for each [count]" (Sasaya's Essence): in a triggered mana ability,
    /// `amount` more mana, each of a type the triggering mana ability
    /// produced (the type the player chose as it was activated, when it
    /// produced several).
    /// "Whenever a player taps a land for mana, that player adds one mana
    /// of any type that land produced" (Mana Flare): the mana goes to
    /// `who` (the player of the trigger event), not the controller.
    AddManaProduced {
        amount: Amount,
        #[serde(default = "payer_you", skip_serializing_if = "is_you")]
        who: PlayerRef,
    },
    /// 406.1: "[player] adds [mana]" (Overgrowth's additional {G}{G}).
    AddMana {
        who: PlayerRef,
        mana: Vec<ManaKind>,
    },
    /// 406.1b: "its controller adds an additional one mana of any color"
    /// (Fertile Ground), "… two mana in any combination of colors" (Dawn's
    /// Reflection): in a triggered mana ability, `amount` mana, each of one
    /// of `colors`, the player who adds them choosing each one's colour.
    /// Outside a mana ability (a spell, a triggered ability on the stack:
    /// "add one mana of any color", Quirion Sentinel; "Add X mana in any
    /// combination of {B} and/or {R}", Burnt Offering) the colours are
    /// chosen as it resolves.
    AddManaCombination {
        who: PlayerRef,
        amount: Amount,
        colors: crate::ColorSet,
    },
    /// 406.1: "Add an amount of {B} equal to [amount]" (Sacrifice, Energy
    /// Tap): that much mana of one kind, the amount read as it resolves.
    AddManaAmount {
        who: PlayerRef,
        kind: ManaKind,
        amount: Amount,
    },
    /// "[what] can't block [this] this turn" (Duct Crawler).
    CantBlockThisThisTurn {
        what: ObjectRef,
    },
    /// 502.43a ninjutsu: "Put this card into play tapped and attacking"
    /// (only the card still in the hand, 217.1c).
    PutSelfIntoPlayAttacking,
    /// 502.55a (recover): "you may pay [cost]. If you do, return this card
    /// from your graveyard to your hand. Otherwise, remove this card from
    /// the game." (nothing if the card has left the graveyard)
    Recover {
        cost: ManaCost,
    },
    /// "Counter [spell] unless its controller pays {N}" (Spiketail
    /// Hatchling), "{X}" (Condescend), "{1} for each card in your hand"
    /// (Oppressive Will): the spell's controller may play mana abilities
    /// and pay that much generic mana as it resolves; `to`: where the
    /// countered card goes (Syncopate).
    CounterUnlessPays {
        what: ObjectRef,
        generic: Amount,
        #[serde(default, skip_serializing_if = "CounteredTo::is_graveyard")]
        to: CounteredTo,
        /// "If that player doesn't, they tap all lands with mana abilities
        /// they control and lose all unspent mana." (Power Sink): what
        /// happens too when the controller doesn't pay; plain instructions
        /// (no choice), done just before the spell is countered.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        if_unpaid: Vec<Effect>,
    },
    /// 404.4: "[effects] at the beginning of the next turn's upkeep": a
    /// delayed triggered ability that triggers once, as the next upkeep
    /// step begins (Carrier Pigeons, the cantrips of Ice Age and
    /// Alliances); with `yours`, "at the beginning of your next upkeep"
    /// (the Pacts): the next upkeep of the effect's controller.
    AtNextUpkeep {
        effects: Vec<Effect>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        yours: bool,
    },
    /// 404.4, 314.3: "[effects] at the beginning of the next cleanup step"
    /// (Thawing Glaciers, Waylay): a delayed triggered ability that
    /// triggers as the next cleanup step begins; players then get priority
    /// and another cleanup step follows (314.3).
    AtNextCleanup {
        effects: Vec<Effect>,
    },
    /// 404.4: "[effects] at the beginning of the next end step" (Crazed
    /// Armodon, 503.11): a delayed triggered ability that triggers as the
    /// next end of turn step begins. "Destroy CARDNAME" still means the
    /// same object even if it changed names or became a copy (503.11).
    AtNextEndStep {
        effects: Vec<Effect>,
        /// Whose end step: the next one, the controller's next one, or
        /// that of the next turn of the player the spell targeted.
        #[serde(default, skip_serializing_if = "EndStep::is_next")]
        of: EndStep,
    },
    /// 404.4: "When [what] is put into a graveyard from play this turn,
    /// [effects]." (Initiate of Blood): a delayed triggered ability that
    /// watches that object, triggers once if it dies this turn, and ends
    /// with the turn. Its source is the source of the creating ability.
    /// 404.4: "When you lose control of the creature, [effects]." (Ray of
    /// Command): a delayed triggered ability that watches that permanent
    /// and triggers once, when its control changes away from the effect's
    /// controller (418.5a, layer 2); none if it leaves play first (a new
    /// object, 217.1c).
    WhenControlLost {
        what: ObjectRef,
        effects: Vec<Effect>,
    },
    WhenDiesThisTurn {
        what: ObjectRef,
        effects: Vec<Effect>,
        /// "When that creature leaves play this turn" (Kjeldoran Elite
        /// Guard): to any zone, not only a graveyard.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        leaves: bool,
    },
    /// 404.4: "[effects] at end of combat" (Fog Elemental): creates a
    /// delayed triggered ability that triggers at the beginning of the
    /// next end of combat step (311) and then does the effects.
    AtEndOfCombat {
        effects: Vec<Effect>,
        /// "At this turn's next end of combat, …" (Gaze of the Gorgon):
        /// never after this turn (ends with the turn unused, 404.4).
        #[serde(default, skip_serializing_if = "is_false")]
        this_turn: bool,
    },
    /// "[what] gets +P/+T until end of turn for each [count]" (Elvish
    /// Berserker): the count is taken as it resolves (413.2f).
    PumpPerCount {
        what: ObjectRef,
        power: i32,
        toughness: i32,
        count: Amount,
    },
    /// "Search your library for a [filter] card, [reveal it,] put it into
    /// your hand / into play [tapped], then shuffle." The searching player
    /// chooses among the matching cards (a hidden zone: may find nothing
    /// when the card has a stated quality, 217.1a).
    SearchLibrary {
        filter: ObjectFilter,
        /// "with converted mana cost X or less" (Citanul Flute).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cmc_at_most: Option<Amount>,
        dest: CardDest,
        reveal: bool,
        /// Whose library: "Search target opponent's library" (Bribery,
        /// Seek); the searched player shuffles it. `None`: yours.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        whose: Option<PlayerRef>,
        /// "Search your library for up to three creature cards" (Buried
        /// Alive), "for three cards" (Foresight): how many cards; `up_to`
        /// lets the searcher stop before.
        #[serde(default = "one_u8", skip_serializing_if = "is_one_u8")]
        count: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        up_to: bool,
        /// "Its controller may search their library …" (Ghost Quarter):
        /// the player whose library it is searches it (and puts what they
        /// find into their hand, or into play under their control),
        /// rather than the controller of the spell or ability.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_owner: bool,
    },
    /// 217.9d: "[Player] antes the top card of their library" (Demonic
    /// Attorney, Contract from Below): put into the ante zone.
    AnteTop {
        who: PlayerRef,
    },
    /// "[Player] puts the top N cards of their library into their
    /// graveyard" (modern "mills N").
    Mill {
        who: PlayerRef,
        amount: Amount,
    },
    /// "Look at the top N cards of your library": up to one card matching
    /// `to_hand` goes to the hand (`may`: the player may take none), then
    /// `on_top` of the rest go back on top in any order and the others on
    /// the bottom in any order (Sage Owl, Telling Time, Commune with Nature).
    LookAtTop {
        amount: Amount,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to_hand: Option<ObjectFilter>,
        may: bool,
        /// How many of the rest go back on top (the others go to the bottom);
        /// `None`: all of them.
        on_top: Option<u8>,
        /// How many cards matching `to_hand` go to the hand ("Put two of
        /// them into your hand", Ancestral Memories); 0 is read as 1.
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        to_hand_count: u8,
        /// "… and the rest into your graveyard" (Strategic Planning): the
        /// cards not put into the hand go to the graveyard, not back.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rest_to_graveyard: bool,
        /// "… put one of them into your hand, and exile the rest" (Browse):
        /// the cards not put into the hand are removed from the game.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rest_removed: bool,
        /// 501.8a scry: any number of the cards go to the bottom in any
        /// order and the rest on top in any order: each choice of the next
        /// card on top may be declined, which sends the rest to the bottom.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        scry: bool,
        /// "Reveal the top N cards of your library. Put all [filter] cards
        /// revealed this way into your hand and the rest …" (Goblin
        /// Ringleader, Mulch): the cards are revealed to every player and
        /// every card matching `to_hand` goes to the hand, no choice made.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        reveal_all: bool,
        /// "… of target player's library" (Elemental Augury, Orcish Spy):
        /// whose library; `None`: the controller's. The controller looks
        /// and chooses either way (217.2d).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        whose: Option<PlayerRef>,
        /// "You may have that player shuffle." (Portent, Natural Selection,
        /// Visions): after the cards are put back, the controller may have
        /// the library shuffled.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        may_shuffle: bool,
        /// "Look at the top three cards of target player's library." (Orcish
        /// Spy): only looked at; they stay as they are.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        look_only: bool,
    },
    /// "Look at / [player] reveals [player's] hand. You choose N [filter]
    /// card(s) from it": the chosen cards are discarded or put on top of
    /// their owner's library in any order (Distress, Agonizing Memories).
    ChooseFromHand {
        who: PlayerRef,
        filter: ObjectFilter,
        amount: u8,
        then: HandChoice,
        /// "choose X cards" (Mind Warp): the spell's X, not `amount`.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        x: bool,
        /// "choose up to two cards" (Extortion): the player may stop.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        up_to: bool,
    },
    /// "[Player] discards their hand" (Wit's End): every card in it, with
    /// no choice.
    DiscardHand {
        who: PlayerRef,
    },
    /// "Name a [nonland] card." (Cabal Therapy; Oracle "Choose a [nonland]
    /// card name"): the spell's controller names a card as the instruction
    /// resolves; the spell remembers it, and its filters "with that name"
    /// (`ObjectFilter::chosen_name`) read it (505.7, 508.2).
    NameCard {
        nonland: bool,
    },
    /// The linked comes-into-play ability's part of `PlayerRef::Linked`
    /// (Laquatus's Champion): its source remembers the player target
    /// `0`-th target as its linked player.
    LinkTargetPlayer(u8),
    /// "Choose a color." (Persecute): the spell's controller chooses a
    /// colour as the instruction resolves; the spell remembers it, and its
    /// filters "of that color" (`ObjectFilter::chosen_color`) read it.
    ChooseColor,
    /// "Target player reveals their hand and discards all cards with that
    /// name." (Cabal Therapy; `all`) / "Target player reveals their hand.
    /// That player discards a card with that name. If they can't, you draw
    /// a card." (Brain Pry; `else_draw` 1): the hand is revealed, then the
    /// cards in it matching `filter` (all, or one) are discarded; if none
    /// was, the controller draws `else_draw` cards.
    RevealHandDiscard {
        who: PlayerRef,
        filter: ObjectFilter,
        all: bool,
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        else_draw: u8,
        /// "… reveals their hand and discards a creature card at random."
        /// (Rag Man): the one card is chosen at random among those
        /// matching.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        random: bool,
    },
    /// "That spell's controller reveals their hand, then discards each card
    /// with the same name as a card spliced onto that spell." (Minamo's
    /// Meddling, after countering `what`; 502.40a): the spliced cards are
    /// those of the spell as it was on the stack.
    DiscardSplicedNames {
        who: PlayerRef,
        what: ObjectRef,
    },
    /// "Target player reveals two cards at random from their hand, then
    /// discards each nonland card revealed this way." (Fall): `count` cards
    /// chosen at random are revealed; those matching `filter` are discarded.
    RevealRandomDiscard {
        who: PlayerRef,
        count: u8,
        filter: ObjectFilter,
    },
    /// "Target opponent reveals a card at random from their hand." (the
    /// Planeswalker's cycle, Ignite Memories): the card revealed is "that
    /// card" (`ObjectRef::Chosen`) for the instructions after it.
    RevealRandomFromHand {
        who: PlayerRef,
    },
    /// "Search target player's graveyard, hand, and library for all cards
    /// with that name and remove them from the game. That player then
    /// shuffles their library." (Cranial Extraction)
    RemoveAllFromGraveyardHandLibrary {
        who: PlayerRef,
        filter: ObjectFilter,
        /// "… for all cards with the same name as that creature" (Eradicate,
        /// Quash): the name of that object as it last existed, not a name
        /// chosen.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        named_as: Option<ObjectRef>,
    },
    /// "Look at [player]'s hand." (Peek): the hand is revealed to the
    /// controller only.
    LookAtHand {
        who: PlayerRef,
    },
    /// "Look at (reveal) the top card of [player]'s library." and what
    /// happens to that card: "If it's a [test] card, put it [then].
    /// Otherwise, put it [otherwise]." (Call of the Wild, Coiling Oracle),
    /// "You may put that card [then]." (`may`: Rummaging Wizard, Eye Spy,
    /// Coral Fighters), "… and put that card into your hand." (Dark
    /// Confidant). The card is "that card" (`ObjectRef::Chosen`) for the
    /// instructions after it. Looked at: only the controller sees it
    /// (217.2b); revealed: every player does.
    TopCard {
        whose: PlayerRef,
        reveal: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        test: Option<ObjectFilter>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        then: Option<TopDest>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        otherwise: Option<TopDest>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        may: bool,
    },
    /// "Reveal cards from the top of your library until you reveal a
    /// [filter] card." (Hermit Druid, Goblin Machinist): the controller's
    /// library, one card at a time until one matches or none is left; the
    /// cards stay in the library, seen by every player. They are the cards
    /// revealed this way (`Amount::Revealed`, `Effect::PutRevealed`); the
    /// one found is "that card" (`ObjectRef::Chosen`).
    RevealUntil {
        /// Whose library: "Its controller reveals cards from the top of
        /// their library …" (Polymorph); the controller's by default.
        #[serde(default = "payer_you", skip_serializing_if = "is_you")]
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "Reveal the top five cards of your library. An opponent separates
    /// those cards into two piles. Put one pile into your hand and the other
    /// into your graveyard." (Fact or Fiction) / "Separate all creatures
    /// target player controls into two piles. Destroy all creatures in the
    /// pile of that player's choice." (Do or Die): `separator` puts each
    /// object into one of two piles, `chooser` chooses one; the chosen pile
    /// and the other go where the effect says.
    Piles {
        what: PileSource,
        separator: PlayerRef,
        chooser: PlayerRef,
        chosen: PileDest,
        other: PileDest,
    },
    /// "Target opponent chooses a creature they control." (Imperial Edict):
    /// the player chooses one of their permanents matching the filter as
    /// the effect resolves (none if they control none); it is "that
    /// creature" (`ObjectRef::Chosen`) for the instructions after it.
    ChoosePermanent {
        who: PlayerRef,
        filter: ObjectFilter,
    },
    /// "Target opponent reveals their hand." (Baleful Stare): every card of
    /// it shown to all players; they are the cards revealed this way.
    RevealHand {
        who: PlayerRef,
    },
    /// "Put that card into your hand and all other cards revealed this way
    /// into your graveyard." / "Put the revealed cards on the bottom of
    /// your library in any order." (after `RevealUntil`).
    PutRevealed {
        which: RevealedPart,
        dest: RevealedDest,
    },
    /// "[Player] reveals the top card of their library." (Aven Windreader)
    RevealTop {
        who: PlayerRef,
    },
    /// "Put [card] into play [under your control]": a card in a graveyard
    /// (Doomed Necromancer, Beacon of Unrest).
    PutIntoPlay {
        what: ObjectRef,
        /// "return it to play flipped" (Homura, Human Ascendant): the
        /// permanent comes into play flipped (510.3: a spell or ability
        /// may say so).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        flipped: bool,
        /// "… under its owner's control" (Astral Slide); otherwise under the
        /// control of the effect's controller.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        under_owner: bool,
    },
    /// "Put target Aura card from a graveyard into play under your control
    /// attached to a [filter] you control." (Nomad Mythmaker): the
    /// permanent is chosen on resolution among those the Aura could
    /// enchant (212.4); with none, the card stays where it is.
    PutAuraIntoPlayAttached {
        what: ObjectRef,
        to: ObjectFilter,
    },
    /// 502.15: "Simultaneously, all phased-out [phase_in] phase in and all
    /// [phase_out] phase out." (Time and Tide): both sets are fixed first.
    PhaseInAndOut {
        phase_in: ObjectFilter,
        phase_out: ObjectFilter,
    },
    /// "Attach [Aura in play] to another [filter]" (Autumn-Tail, Kitsune
    /// Sage): the controller chooses, on resolution, a permanent other than
    /// the one it is attached to that the Aura could enchant (212.4); the
    /// Aura doesn't change zones.
    MoveAura {
        what: ObjectRef,
        to: ObjectFilter,
    },
    /// "That land's controller may attach CARDNAME to a land of their
    /// choice." (Kudzu): `who` may choose a permanent matching `to` the
    /// Aura could enchant (212.4; not targeted), or decline.
    MayMoveAura {
        what: ObjectRef,
        to: ObjectFilter,
        who: PlayerRef,
    },
    /// "[Player] may put a [filter] card from their hand into play."
    /// (Elvish Piper, Skyshroud Ranger, Hunted Wumpus)
    PutFromHand {
        who: PlayerRef,
        filter: ObjectFilter,
        /// "… attached to [this]" (Academy Researchers): an Aura that
        /// could enchant the object with the ability (212.4).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        attach_to_this: bool,
        /// "Starting with you, each player may put … Repeat this process
        /// until no one puts a card into play." (Eureka, Hypergenesis):
        /// rounds in turn order from the controller, until a round in
        /// which no one puts a card.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        repeat: bool,
    },
    /// "Shuffle [this] into its owner's library." (the Beacons)
    ShuffleIntoLibrary {
        what: ObjectRef,
    },
    /// "Remove [this] from the game with three time counters on it." (Arc
    /// Blade; Oracle "Exile"): a card with suspend removed this way is
    /// suspended (502.59b).
    RemoveSelfWithCounters {
        kind: crate::CounterKind,
        amount: u8,
    },
    /// "Put the top card of your graveyard on the bottom of your library."
    /// (Soldevi Digger): the card put into the graveyard last (217.3).
    GraveyardTopToLibraryBottom {
        who: PlayerRef,
    },
    /// "Shuffle your library." (Myr Mindservant), "Target player shuffles
    /// their library." (Soldier of Fortune).
    ShuffleLibrary {
        who: PlayerRef,
    },
    /// "[Player] shuffles their graveyard into their library." (Reminisce)
    ShuffleGraveyardIntoLibrary {
        who: PlayerRef,
    },
    /// "Each player shuffles their hand and graveyard into their library"
    /// (Timetwister, `graveyard`); "Each player shuffles the cards from
    /// their hand into their library, then draws that many cards" (Winds
    /// of Change, `redraw`): every player shuffles first, then each draws
    /// as many cards as they shuffled from their hand, in turn order.
    ShuffleHandIntoLibrary {
        who: PlayerRef,
        graveyard: bool,
        redraw: bool,
    },
    /// "Remove target player's graveyard from the game." (Tormod's Crypt):
    /// every card in it is removed from the game (217.7).
    RemoveGraveyard {
        who: PlayerRef,
    },
    /// "Put [object] on the bottom / top of its owner's library." (Condemn)
    PutOnLibrary {
        what: ObjectRef,
        bottom: bool,
    },
    /// "[Player] removes the top N cards of their library from the game"
    /// (modern "exiles"); with `repeat_if_same_name`, "If two or more of
    /// those cards have the same name, repeat this process." (Scalpelexis)
    RemoveTopCards {
        who: PlayerRef,
        amount: Amount,
        repeat_if_same_name: bool,
    },
    /// 217.7b: "[player] removes [cards] from the game face down" (modern
    /// "exiles … face down"): no player may look at them (217.7b) unless
    /// `look`, "You may look at them for as long as they remain removed
    /// from the game" (the effect's controller may). They are linked to
    /// the source (217.7d, `ObjectRef::Removed`).
    RemoveFaceDown {
        who: PlayerRef,
        from: FaceDownFrom,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        look: bool,
    },
    /// "Put N cards from the top of your library into your hand." (Scroll
    /// Rack): not a draw (its ruling); with fewer cards in the library, as
    /// many as there are.
    PutTopCardsIntoHand {
        who: PlayerRef,
        amount: Amount,
    },
    /// 217.2d: "[Then look at the removed cards and] put them on top of
    /// your library in any order." (Scroll Rack): the controller chooses
    /// the cards one at a time, each put on top of its owner's library (the
    /// last one chosen is on top). With `by_owner` ("Put two target lands
    /// on top of their owners' libraries", Plow Under; its ruling: the
    /// owner decides the order) each owner orders their own cards.
    PutOnTopInAnyOrder {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_owner: bool,
    },
    /// "[Player] reveals the top card of their library. If that card is a
    /// [filter] card, [then]. Otherwise, [otherwise]." (Paroxysm): judged
    /// on the card on top as this resolves, the one just revealed.
    IfTopCardIs {
        who: PlayerRef,
        filter: ObjectFilter,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// "Remove the top card of your library from the game. Until the
    /// beginning of your next upkeep, you may play that card." (Elkin
    /// Bottle): the card is removed face up and linked to the ability's
    /// source (217.7d); the controller may play it as though it were in
    /// their hand until their next turn begins (no player gets priority in
    /// an untap step, 502.2, so "until your next upkeep" ends no later for
    /// playing it).
    RemoveTopMayPlay,
    /// "Until your next turn, you may play those cards." (Three Wishes):
    /// the controller may play the removed cards `what` names as though
    /// they were in their hand until their next turn begins; "You may play
    /// that card without paying its mana cost as long as CARDNAME remains
    /// in play." (Intet, the Dreamer): `window` and `free`.
    MayPlayRemoved {
        what: ObjectRef,
        #[serde(default, skip_serializing_if = "RemovedPlayWindow::is_default")]
        window: RemovedPlayWindow,
        /// "without paying its mana cost".
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        free: bool,
    },
    /// "Put [cards] into their owner's graveyard." (Knowledge Vault)
    PutIntoGraveyard {
        what: ObjectRef,
    },
    /// "Return a card you own exiled with CARDNAME to your hand." (Gustha's
    /// Scepter): the controller chooses one of the removed cards `what`
    /// names as this resolves.
    ReturnRemovedChosen {
        what: ObjectRef,
    },
    /// 217.7d: "Turn the exiled card face up. If it's a creature card, put
    /// it into play under your control." (Summoner's Egg)
    TurnRemovedFaceUp {
        what: ObjectRef,
        creature_into_play: bool,
    },
    /// "[Player] puts the cards from their hand on top of their library.
    /// Search that player's library for that many cards. The player puts
    /// those cards into their hand, then shuffles." (Head Games): the
    /// controller searches; the cards found go to that player's hand.
    HandOnLibraryThenSearch {
        who: PlayerRef,
    },
    /// "That player puts the cards in their hand on the bottom of their
    /// library in any order, then draws that many cards." (Teferi's Puzzle
    /// Box; 217.2d: the owner orders them, one card at a time).
    HandOnBottomThenDraw {
        who: PlayerRef,
    },
    /// "Choose two cards in your hand drawn this turn. For each of those
    /// cards, pay 4 life or put the card on top of your library." (Sylvan
    /// Library): of `count` such cards (fewer if the hand has fewer), the
    /// controller puts some on top one at a time and pays `life` for each
    /// of the others (215.4: only with that much life).
    DrawnOnTopOrPayLife {
        count: u8,
        life: u32,
    },
    /// "Each player may discard up to three cards." (Mind Bomb): each
    /// player in turn order from the active player (413.2c) chooses and
    /// discards cards one at a time until they stop or reach `up_to`; the
    /// cards are "discarded this way" (`Amount::DiscardedThisWayByThem`).
    EachMayDiscardUpTo {
        up_to: u8,
    },
    /// "[Player] may draw up to N cards." (Truce, Indentured Djinn): the
    /// player chooses how many, 0 to N, as the instruction is followed
    /// (413.2c), then draws them; "For each card less than N a player draws
    /// this way, that player gains L life." (Truce): L life for each one
    /// fewer than N chosen.
    DrawUpTo {
        who: PlayerRef,
        max: u8,
        #[serde(default, skip_serializing_if = "is_zero_u32")]
        life_per_less: u32,
    },
    /// "you may choose a number between 0 and 7" (Shapeshifter's upkeep):
    /// the controller chooses, and the source (if still in play) remembers
    /// it as its last chosen number.
    ChooseNumberForThis {
        max: u8,
    },
    /// "Return to your hand all [filter] cards in your graveyard that were
    /// put there from play this turn." (No Rest for the Wicked)
    ReturnFromGraveyardThisTurn {
        filter: ObjectFilter,
    },
    /// Yawgmoth's Will: a rule about the controller's graveyard for the
    /// rest of the turn (`GraveyardTurnRule`).
    YourGraveyardThisTurn(GraveyardTurnRule),
    /// "Other spells you control can't be countered this turn."
    /// (Determined): until the cleanup step (314.2), counter effects do
    /// nothing to a spell its controller controls (414).
    SpellsCantBeCounteredThisTurn,
    /// "You may play up to three additional lands this turn." (Summer
    /// Bloom): the controller may play that many more lands this turn
    /// (212.6b).
    AdditionalLandPlays(u8),
    /// "Return up to [amount] [filter] cards from your graveyard to your
    /// hand" (Bound): chosen one at a time as it resolves, not targeted;
    /// the controller may stop early. Without `up_to` ("return a card …
    /// for each card discarded this way", Recall) the controller returns
    /// that many, or all there are. `to`: "remove a card in your graveyard
    /// from the game" (Decaying Soil), "put a card from your graveyard on
    /// the bottom of your library" (Anurid Scavenger). `cost`: the cards
    /// are a cost after "unless you" (413.2c: all of them or none, so it is
    /// offered only while the graveyard holds enough, and declined only
    /// before the first card; `Condition::YouDid` only if all were moved).
    ReturnUpToFromGraveyard {
        filter: ObjectFilter,
        amount: Amount,
        #[serde(default = "crate::ability::effect::yes")]
        up_to: bool,
        #[serde(default, skip_serializing_if = "GraveyardCardDest::is_hand")]
        to: GraveyardCardDest,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cost: bool,
    },
    /// "Return [this] from your graveyard to your hand" (402.8h: the
    /// ability functions only while the card is in the graveyard).
    ReturnSelfFromGraveyard,
    /// "Return [this] from your graveyard to play [tapped]" (Necrosavant,
    /// Chronosavant), "put [this] into play" (Nether Shadow): under its
    /// owner's control (402.8h: the ability functions in the graveyard).
    PutSelfFromGraveyardIntoPlay {
        tapped: bool,
    },
    /// "Return CARDNAME from your graveyard to play attached to that
    /// creature" (Dragon Breath): the Aura card comes into play under its
    /// owner's control attached to that permanent, if it could enchant it
    /// (212.4j); otherwise it stays in the graveyard.
    PutSelfFromGraveyardIntoPlayAttached {
        to: ObjectRef,
    },
    /// "Return the top creature card of your graveyard to play" (Shallow
    /// Grave, Corpse Dance): the matching card put there last (217.4: a
    /// graveyard keeps its order), no choice; put into play under the
    /// controller's control, it is "that creature" (`ObjectRef::Chosen`).
    TopOfGraveyardIntoPlay {
        filter: ObjectFilter,
    },
    /// "When [this] is put into a graveyard from play, put it on top of
    /// its owner's library" (Undying Beast, Avenging Angel): the card it
    /// became in its owner's graveyard (217.1c), if it is still there; on
    /// the bottom with `bottom`.
    PutSelfFromGraveyardOnLibrary {
        bottom: bool,
    },
    /// "Return all Zombie cards from all graveyards to their owners'
    /// hands." (Infernal Caretaker): every card of the graveyards that
    /// matches goes to its owner's hand.
    ReturnAllFromGraveyardsToHand {
        filter: ObjectFilter,
    },
    /// "Return all enchantment cards from your graveyard to your hand"
    /// (Crystal Chimes), "Each player returns all creature cards from their
    /// graveyard to play" (Twilight's Call), "Exile all creature cards from
    /// your graveyard" (Zombie Mob): every matching card of the
    /// controller's graveyard (`yours`) or of every graveyard, each to its
    /// owner's hand, library or control.
    AllFromGraveyard {
        yours: bool,
        filter: ObjectFilter,
        to: AllGraveyardDest,
    },
    /// "Return all [filter] [player] owns to their hand." (Hurkyl's Recall)
    ReturnOwnedToHand {
        filter: ObjectFilter,
        owner: PlayerRef,
    },
    /// 508: "flip [it]": a flip permanent in play becomes flipped (510.1b);
    /// one way only (508.4), and only a permanent has status (510.5).
    Flip {
        what: ObjectRef,
    },
    /// "If [condition], [then]." where `then` may replace the instructions
    /// before it ("… instead", `otherwise`): 502.21b "If this spell was
    /// kicked, …" (`Condition::Kicked`), threshold (502.23) "… instead if
    /// seven or more cards are in your graveyard", hellbent. The condition
    /// is judged once, as the effect is reached during resolution (the
    /// branch taken is kept while it pauses for choices), and the branch
    /// runs pausably.
    IfElse {
        condition: crate::Condition,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// "If [condition], [effects]." checked as this effect resolves
    /// ("… If you have nine or more cards in hand, flip Jushi Apprentice.").
    IfCondition {
        condition: Condition,
        effects: Vec<Effect>,
    },
    /// 503.1, 503.4: "[this] becomes a copy of [what]" while it stays in
    /// play; with `gains_this_ability` the copy also has the ability doing
    /// this (503.9, Dimir Doppelganger: "… except it has this ability").
    BecomeCopy {
        what: ObjectRef,
        gains_this_ability: bool,
        /// 503.9: "except it doesn't copy that creature's color": the
        /// permanent keeps the colour of its copiable values.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        keeps_color: bool,
    },
    /// 502.15: "[what] phases out" (Rainbow Efreet, Vanishing): out of play
    /// into the phased-out zone (217.8) until its controller's next untap step.
    PhaseOut {
        what: ObjectRef,
    },
    /// 502.15: "[what] phases out until [this] leaves play. Tap that
    /// creature as it phases in this way." (Oubliette): it doesn't phase
    /// in during its controller's untap step (302.1) but as the source
    /// leaves play, tapped if `tap`. Nothing happens if the source has
    /// already left play.
    PhaseOutUntilSourceLeaves {
        what: ObjectRef,
        tap: bool,
    },
    /// 502.15: "[player] chooses artifact, creature, land, or non-Aura
    /// enchantment. All nontoken permanents of that type phase out."
    /// (Teferi's Realm): the player chooses one of `options` as it
    /// resolves; every nontoken permanent matching it phases out.
    PhaseOutChosenKind {
        who: PlayerRef,
        options: Vec<ObjectFilter>,
    },
    /// 502.15: "for each land [who] controls in excess of the number you
    /// control, choose a land he or she controls, then the chosen
    /// permanents phase out. Repeat this process for artifacts and
    /// creatures." (Equipoise): for each kind in order, the controller
    /// chooses as many of `who`'s permanents of that kind as `who` controls
    /// more than the controller does, then those phase out; the next kind
    /// is counted after (an artifact creature phased out with the artifacts
    /// isn't counted with the creatures, ruling 2009-10-01).
    PhaseOutExcess {
        who: PlayerRef,
        kinds: Vec<ObjectFilter>,
    },
    /// "Untap up to four lands." (Rewind, Snap, Great Whale): as it
    /// resolves, the controller chooses up to `count` tapped permanents
    /// matching `filter` (any player's), one at a time, then untaps them.
    UntapUpTo {
        count: u32,
        filter: ObjectFilter,
    },
    /// "Until your next upkeep, [what] can't phase out." (Ertai's
    /// Familiar, Spatial Binding): neither by phasing (502.15b) nor by an
    /// effect, until the controller's next upkeep step begins.
    CantPhaseOutUntilYourNextUpkeep {
        what: ObjectRef,
    },
    /// "[effects] unless you pay [cost]" (502.19a echo, 502.13a cumulative
    /// upkeep, "sacrifice CARDNAME unless you pay {2}", "… unless you
    /// sacrifice a land"; "you may pay [cost]. If you do, [if_paid]. If you
    /// don't, [effects]."): on resolution the controller may pay the cost
    /// (its mana, life and sacrifice parts), else the
    /// effects happen. With `per_counter`, the cost is paid once for each
    /// counter of that kind on the source (502.13a: "for each age counter
    /// on it"); all of it or none (no partial payment).
    UnlessPays {
        /// Boxed: a `Cost` is large and this variant rare.
        cost: Box<Cost>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per_counter: Option<CounterKind>,
        effects: Vec<Effect>,
        /// How many permanents matching `cost.sacrifice` the cost
        /// sacrifices ("unless you sacrifice two lands"; 502.13a: distinct
        /// ones, once per counter).
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        sacrifice_count: u8,
        /// "You may pay {3}. If you do, untap target permanent.": the
        /// effects that happen only if the cost was paid (after it is).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        if_paid: Vec<Effect>,
        /// Who may pay: the controller ("unless you pay"), or another
        /// player ("unless that player pays {3}", Nether Void; "unless its
        /// controller pays {1}", Crystal Shard), who decides (413.2c);
        /// `EachPlayer` is "unless any player pays": each player in turn
        /// order from the active player may pay, until one does.
        #[serde(default = "payer_you", skip_serializing_if = "is_you")]
        payer: PlayerRef,
        /// A cost made of instructions (502.13a: "Cumulative upkeep—Draw
        /// a card", "—Put a -1/-1 counter on CARDNAME"): paying is
        /// following them, once per counter with `per_counter`. Only
        /// instructions that need no choice and can always be followed
        /// (but for cards a library doesn't hold) are compiled here.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        actions: Vec<Effect>,
    },
    /// 502.20a (fading): "remove a [kind] counter from [what]. If you can't,
    /// [effects]."
    RemoveCounterElse {
        what: ObjectRef,
        kind: CounterKind,
        effects: Vec<Effect>,
    },
    /// Copies of the spell whose triggered ability this is, as many as the
    /// trigger's amount, each with its own choice of new targets (503.10b):
    /// 502.30a storm ("put a copy of [this spell] onto the stack for each
    /// other spell that was played before it this turn", counted as the
    /// ability triggers) and 502.52a replicate ("copy it for each time its
    /// replicate cost was paid").
    CopiesOfThis,
    /// 502.56a (ripple N): "reveal the top N cards of your library (all of
    /// them if fewer). You may play any of those cards with the same name
    /// as this spell without paying their mana costs, then put all revealed
    /// cards not played this way on the bottom of your library in any
    /// order." (The "you may reveal" is the ability's optional resolution.)
    Ripple(u8),
    /// 502.24a: "its owner may play it by paying [cost] rather than paying
    /// its mana cost. If that player doesn't, he or she puts this card into
    /// his or her graveyard." (played as the ability finishes resolving).
    PlayMadness,
    /// 504.1 (Illusionary Mask): "You may choose a creature card in your
    /// hand whose mana cost could be paid by some amount of, or all of, the
    /// mana you spent on {X}. If you do, you may play that card face down
    /// as a 2/2 creature spell without paying its mana cost. If the
    /// creature that spell becomes as it resolves has not been turned face
    /// up and would assign or deal damage, be dealt damage, or become
    /// tapped, instead it's turned face up and …" (played as the ability
    /// finishes resolving; the replacement, 419, stays with the creature).
    PlayFaceDownMasked,
    /// Camouflage: "This turn, instead of declaring blockers, each
    /// defending player chooses any number of creatures he or she controls
    /// and divides them into a number of piles equal to the number of
    /// attacking creatures for whom that player is the defending player.
    /// … Assign each pile to a different one of those attacking creatures
    /// at random. Each creature in a pile that can block the creature that
    /// pile is assigned to does so."
    BlockByPiles,
    /// "Each player shuffles all permanents they own into their library,
    /// then reveals that many cards from the top of their library. Each
    /// player puts all artifact, creature, and land cards revealed this way
    /// into play, then does the same for enchantment cards, then puts all
    /// cards revealed this way that weren't put into play on the bottom of
    /// their library." (Warp World; 212.4j: each Aura's owner chooses what
    /// it enchants; 217.2d: each owner orders the cards on the bottom.)
    ShufflePermanentsAndRedeal,
    /// "Choose a number." (Void): the controller chooses it as the spell
    /// resolves; it is the resolution's X, so "with converted mana cost
    /// equal to that number" reads it (`ObjectFilter::cmc_is_x`). Numbers
    /// from 0 to `CHOSEN_NUMBER_MAX` are offered (see its comment).
    ChooseNumber,
    /// 606.7a: the controller chooses which defending player the
    /// ability's "defending player" (`PlayerRef::Defending`) refers to
    /// (a choice only when a Two-Headed Giant team defends).
    ChooseDefendingPlayer,
    /// 502.54a: "move a [kind] counter from [from] onto [to]": nothing
    /// happens unless `from` has such a counter and `to` is in play.
    MoveCounter {
        from: ObjectRef,
        to: ObjectRef,
        kind: CounterKind,
    },
}

/// The largest number offered by `Effect::ChooseNumber`: one more than the
/// highest converted mana cost of the pool (16, Draco; checked by the test
/// `r505_6_no_card_costs_more_than_the_chosen_number_max`), standing for
/// every number no card's converted mana cost equals (a larger, negative or
/// fractional number finds the same cards: none).
pub const CHOSEN_NUMBER_MAX: u32 = 17;

fn one_u8() -> u8 {
    1
}

fn is_one_u8(n: &u8) -> bool {
    *n == 1
}

fn payer_you() -> PlayerRef {
    PlayerRef::You
}

fn is_you(p: &PlayerRef) -> bool {
    *p == PlayerRef::You
}

/// `serde` default of a flag that is true unless written.
pub(crate) fn yes() -> bool {
    true
}
