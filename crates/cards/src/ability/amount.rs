//! Amounts (416, 417): the numbers effects count ("X", "the number of
//! creatures you control", "that much", "half their life, rounded up"),
//! computed as the effect resolves (`resolution/refs.rs`).

use super::*;
use serde::{Deserialize, Serialize};

/// A number an effect uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    Fixed(i32),
    /// The value of X announced for the spell (409.1b).
    X,
    /// The power of an object (last known information if it left play).
    PowerOf(ObjectRef),
    ToughnessOf(ObjectRef),
    /// The number of permanents matching a filter.
    CountOf(ObjectFilter),
    /// 217.7d: how many cards this resolution removed from the game ("that
    /// many" after "exile any number of cards from your hand face down",
    /// Scroll Rack).
    CountRemoved,
    /// "for each player": the players still in the game (Benediction of
    /// Moons' ruling; 600.4a: a player who left is in the game no more).
    PlayersInGame,
    /// "for each creature that died this turn" (Scavenging Ghoul): the
    /// creatures put into a graveyard from play this turn.
    CreaturesDiedThisTurn,
    /// "for each Zubera that died this turn" / "the number of Zubera that
    /// died this turn" (the Zubera): the creatures of that subtype, as
    /// they last existed in play, put into a graveyard from play this turn.
    DiedThisTurnOf(crate::Subtype),
    CardsInHand(PlayerRef),
    CardsInGraveyard(PlayerRef),
    /// "the number of creature cards in your graveyard" / "… in all
    /// graveyards" (`who: None`): the cards there matching a card filter.
    GraveyardCardsMatching {
        who: Option<PlayerRef>,
        filter: ObjectFilter,
    },
    /// "its converted mana cost" / "that creature's converted mana cost"
    /// (203.3; last known information once it has left its zone, 413.2f).
    ConvertedManaCostOf(ObjectRef),
    /// "the highest converted mana cost among permanents you control"
    /// (Rush of Knowledge, Torrent of Fire): 0 with none.
    HighestCmcAmong(ObjectFilter),
    /// "the damage already dealt to that player this turn" (Final
    /// Punishment): the player's tally of damage this turn (417.1).
    DamageDealtToThisTurn(PlayerRef),
    /// "the number of colors that creature was" (Bound): how many colours
    /// it has, or had as it last existed (413.2f).
    ColorsOf(ObjectRef),
    /// The amount in the triggering event ("that much").
    Triggered,
    /// 511.1: the number of coin flips won so far in this resolution
    /// ("for each flip you won").
    FlipsWon,
    /// "half your life, rounded up" (Death Wish): of the player's life total.
    HalfLifeRoundedUp(PlayerRef),
    /// "loses half their life, rounded up" after "each player …": of each
    /// affected player's own life total in turn (Shahrazad).
    HalfTheirLifeRoundedUp,
    /// "damage to each player equal to half that player's life total,
    /// rounded down" (Heartless Hidetsugu): of each affected player's own
    /// life total (606.9a: the individual one).
    HalfTheirLifeRoundedDown,
    /// "Double the life stakes with each flip" (Game of Chaos): N for the
    /// first flip of the resolution, 2N for the second, 4N for the third, …
    DoubledEachFlip(i32),
    /// "for each [filter] they control" after "each player": counted for
    /// each player in turn (Stronghold Discipline).
    CountTheyControl(ObjectFilter),
    /// "for each creature blocking it" (309): the creatures blocking the object.
    CreaturesBlocking(ObjectRef),
    /// A player's life total ("double target player's life total": gain
    /// life equal to it).
    LifeTotal(PlayerRef),
    /// "half their library, rounded down" (Traumatize).
    HalfLibraryRoundedDown(PlayerRef),
    /// "for each card fewer than N in [player's] hand" (Stabwhisker the
    /// Odious): N minus the cards in that hand, at least 0.
    CardsFewerThanInHand {
        who: PlayerRef,
        than: i32,
    },
    /// 502.12a: "for each creature blocking it beyond the first".
    BlockersBeyondFirst(ObjectRef),
    /// "the total power of the sacrificed creatures" (Soulblast): the
    /// permanents sacrificed for the spell's cost, each as it last existed
    /// in play (413.2f), added up as they were sacrificed (409.1h).
    SacrificedPower,
    /// "For each creature card exiled this way": the targets from the n-th
    /// on that were still legal as the spell resolved (413.2a: an illegal
    /// one is not affected; the legal ones were all moved).
    LegalTargets(u8),
    /// "for each other land you control with the same name as it"
    /// (Sasaya's Essence): the permanents matching the filter (from the
    /// point of view of the ability's controller) other than `what` that
    /// have the same name as `what`.
    OthersWithSameName {
        what: ObjectRef,
        filter: ObjectFilter,
    },
    /// "the number of cards in all graveyards with the same name as that
    /// spell" (the Shrines): cards in every graveyard with a name of the
    /// object (505.6: a split card has both names), as it is now or as it
    /// last existed.
    GraveyardCardsNamedAs(ObjectRef),
    /// "for each +1/+1 counter on [object]" (502.35a modular), "the number
    /// of verse counters on [object]": last known information if it left
    /// play (413.2f: Lotus Blossom sacrificed as a cost).
    CountersOn(CounterKind, ObjectRef),
    /// Domain: "for each basic land type among lands [player] controls"
    /// (0 to 5, 205.3h).
    BasicLandTypes(PlayerRef),
    /// "2 life for each creature you control": a multiple of a count.
    Times(i32, Box<Amount>),
    /// "3 plus the number of charge counters on CARDNAME" (Lightning
    /// Storm): a number added to an amount.
    Plus(i32, Box<Amount>),
    /// "the number of Swamps they control": permanents matching the filter
    /// controlled by the player (the first if several).
    CountControlledBy(PlayerRef, ObjectFilter),
    /// "3 minus the number of cards in their hand", "the number of cards in
    /// their hand minus 4": the difference, never below 0.
    Minus(Box<Amount>, Box<Amount>),
    /// The smaller of the two ("put X counters … , no more than seven in
    /// all", Clockwork Beast).
    Least(Box<Amount>, Box<Amount>),
    /// "the damage dealt this way" (Corrupt, Syphon Soul): the damage the
    /// resolving spell or ability dealt with its instructions before this
    /// one, after prevention and replacement (419), to any recipient.
    DamageDealtThisWay,
    /// "for each creature destroyed this way", "the number of Mountains
    /// put into a graveyard this way" (Decree of Pain, Volcanic Eruption):
    /// the permanents the resolving spell or ability's destroy
    /// instructions before this one put into a graveyard (not those
    /// regenerated, 501.5, nor those a replacement sent elsewhere, 419).
    DestroyedThisWay,
    /// "that much", "for each permanent sacrificed this way" after
    /// "Sacrifice any number of …" (Landslide, Renounce): how many it
    /// sacrificed.
    SacrificedThisWay,
    /// "You gain life equal to the life lost this way." (Kokusho,
    /// Subversion): the life the resolving spell or ability's life-loss
    /// instructions before this one made players lose.
    LifeLostThisWay,
    /// "for each land card discarded this way", "as many cards as they
    /// discarded this way" (Gerrard's Verdict, Forget): the cards the
    /// resolving spell or ability's discard instructions before this one
    /// discarded that match the filter (their characteristics where they
    /// went, 217.4a).
    DiscardedThisWay(ObjectFilter),
    /// "the number of cards they discarded this way" (Mind Bomb): for each
    /// player the amount is read for, the cards of that player's the
    /// resolution's discard instructions discarded so far; read for no
    /// player, all of them.
    DiscardedThisWayByThem,
    /// "the number of cards revealed this way", "for each card revealed
    /// this way" (Scent of Cinder, Jasmine Seer): the cards the resolving
    /// spell or ability's controller revealed from their hand with
    /// `HandChoice::Reveal`.
    RevealedThisWay,
    /// "the number of untapped lands they controlled at the beginning of
    /// this turn" (Power Surge): counted for the player as the turn began,
    /// before its untap step (`Player::untapped_lands_at_turn_start`).
    UntappedLandsAtTurnStart(PlayerRef),
    /// "the damage dealt, but not more life than the player's life total
    /// before the damage was dealt … or the creature's toughness" (Drain
    /// Life): [`Amount::DamageDealtThisWay`] capped by what the target (by
    /// index) could lose: a player's life total before the damage, a
    /// creature's toughness as the effect reads it.
    DamageDealtCappedByTarget(u8),
    /// "the damage dealt to you this turn" (Simulacrum), "… so far this
    /// turn by artifacts" (Reverse Polarity): the controller's tally.
    DamageDealtToYouThisTurn {
        artifacts: bool,
    },
    /// "for each creature attacking you" (Blessed Reversal, 306.3).
    CreaturesAttackingYou,
    /// "the number of nonland cards revealed this way" (Goblin Charbelcher),
    /// "for each Mountain and red card in it" (Baleful Stare): the cards
    /// the resolving spell or ability revealed with `Effect::RevealUntil`
    /// or `Effect::RevealHand` that match any of the filters ("Mountain
    /// and red card": a Mountain or a red card; none: every card), by their
    /// printed characteristics wherever they went; with `others`, not the
    /// card found ("for each of the exiled cards", Spoils of the Vault).
    Revealed {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        filters: Vec<ObjectFilter>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        others: bool,
    },
}

pub(super) fn amount_x() -> Amount {
    Amount::X
}

pub(super) fn is_amount_x(a: &Amount) -> bool {
    *a == Amount::X
}
