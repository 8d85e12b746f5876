//! The grammar of sentences that move cards between the library, the hand,
//! the graveyard and play: searches ("Search your library for …"), milling
//! ("mills N cards": 2007 "puts the top N cards of their library into
//! their graveyard"), looking at the top of a library and reordering it,
//! looking at a hand and choosing from it, returning cards from a graveyard
//! to play, and shuffling cards into a library.

use super::library_top::{look_at_top, reveal_top_put_all, top_card};
use super::{amount, attempt, filter, player_phrase, target, Cx, Noun, P};
use crate::TurnEffect;
use crate::{
    Amount, CardDest, Effect, HandChoice, ObjectFilter, ObjectRef, PlayerFilter, PlayerRef,
    TargetKind,
};

/// One sentence of this grammar, appended to `cx.effects`; `None` (with the
/// cursor and context restored by the caller's `attempt`) when the sentence
/// is not one of these.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    // "If that card is a land card, destroy that creature. Otherwise, it
    // gets +3/+3 until end of turn." after "[player] reveals the top card
    // of their library" (Paroxysm).
    if p.at_all("if that card is") || p.at_all("if it's") {
        let who = match cx.effects.last() {
            Some(Effect::RevealTop { who }) => who.clone(),
            // "Reveal the top card of your library. If it's a land, …"
            // (Brutal Deceiver).
            Some(Effect::TopCard {
                whose,
                reveal: true,
                then: None,
                ..
            }) => whose.clone(),
            _ => return None,
        };
        if !p.eat_all("if that card is") {
            p.eat_all("if it's");
        }
        p.eat_any(&["a", "an"])?;
        let filter = card_filter(p)?;
        p.eat(",").then_some(())?;
        let then = super::clauses(p, cx)?;
        // "Otherwise, …" may be absent (Brutal Deceiver).
        let otherwise = if p.eat_all(". otherwise ,") {
            super::clauses(p, cx)?
        } else {
            Vec::new()
        };
        p.eat_end().then_some(())?;
        cx.effects.push(Effect::IfTopCardIs {
            who,
            filter,
            then,
            otherwise,
        });
        return Some(());
    }
    let v = if p.at_all("search your library for") {
        search(p)?
    } else if p.at_all("search target opponent's library for")
        || p.at_all("search target player's library for")
    {
        search_opponent(p, cx)?
    } else if p.at_all("that player shuffles")
        && cx.effects.iter().any(|e| {
            matches!(e, Effect::SearchLibrary { whose: Some(w), .. } if cx.last_player.as_ref() == Some(w))
        })
    {
        // "Then that player shuffles [their library].": the search of that
        // player's library shuffles it as it ends.
        p.eat_all("that player shuffles");
        p.eat_all("their library");
        Vec::new()
    } else if p.at_all("look at the top card of") || p.at_all("reveal the top card of") {
        top_card(p, cx)?
    } else if p.at("scry") && p.peek_at(2) == "," && p.peek_at(3) == "then" {
        // "Scry 2, then reveal the top card of your library. If it's a
        // creature card, put it into your hand." (Llanowar Empath, 501.8a)
        p.bump();
        let n = amount(p)?;
        p.eat_all(", then").then_some(())?;
        (p.at_all("look at the top card of") || p.at_all("reveal the top card of")).then_some(())?;
        let mut v = vec![super::effects::scry(n)];
        v.extend(top_card(p, cx)?);
        v
    } else if p.at("look") && p.peek_at(1) == "at" && p.peek_at(2) == "the" {
        look_at_top(p, cx)?
    } else if p.at_all("reveal the top") {
        reveal_top_put_all(p)?
    } else if let Some(v) = super::hand_cards::hand_on_bottom(p, cx) {
        v
    } else if let Some(v) = attempt(p, cx, super::hand_cards::whole_hand_redrawn) {
        v
    } else if let Some(v) = attempt(p, cx, super::hand_cards::card_from_hand) {
        v
    } else if let Some(v) = super::aura_moves::may_attach_self(p, cx) {
        v
    } else if let Some(v) = attempt(p, cx, super::hand_cards::drawn_on_top_or_pay_life) {
        v
    } else if let Some(v) = attempt(p, cx, super::hand_cards::mind_bomb) {
        v
    } else if let Some(v) = attempt(p, cx, super::hand_cards::choose_number_for_this) {
        v
    } else if p.at_all("sacrifice any number of") {
        // "Sacrifice any number of Mountains." (Landslide)
        p.eat_all("sacrifice any number of");
        let (filter, noun) = super::targets::filter(p)?;
        (noun == super::targets::Noun::Permanent && matches!(p.peek(), "." | "," | ""))
            .then_some(())?;
        vec![Effect::SacrificeAnyNumber {
            filter,
            to_hand: false,
        }]
    } else if p.at_all("return any number of") {
        // Sweep: "Return any number of Mountains you control to their
        // owner's hand." (Barrel Down Sokenzan)
        p.eat_all("return any number of");
        let (filter, noun) = super::targets::filter(p)?;
        (noun == super::targets::Noun::Permanent
            && filter.controller == crate::ControllerFilter::You
            && (p.eat_all("to their owner's hand") || p.eat_all("to their owners' hands"))
            && p.at("."))
        .then_some(())?;
        vec![Effect::SacrificeAnyNumber {
            filter,
            to_hand: true,
        }]
    } else if p.at_all("discard any number of cards")
        && matches!(p.peek_at(5), "." | "")
    {
        // "Discard any number of cards." (Sacred Rites): chosen one by one
        // until the player stops; the instructions after it count them
        // (`Amount::DiscardedThisWay`).
        p.eat_all("discard any number of cards");
        vec![Effect::ChooseFromHand {
            who: PlayerRef::You,
            filter: crate::ObjectFilter::any(),
            amount: crate::ANY_NUMBER,
            then: crate::HandChoice::Discard,
            x: false,
            up_to: true,
        }]
    } else if p.at_all("reveal any number of") {
        // "Reveal any number of red cards in your hand." (Scent of Cinder)
        p.eat_all("reveal any number of");
        let filter = card_filter(p)?;
        p.eat_all("in your hand").then_some(())?;
        vec![Effect::ChooseFromHand {
            who: PlayerRef::You,
            filter,
            amount: crate::ANY_NUMBER,
            then: crate::HandChoice::Reveal,
            x: false,
            up_to: true,
        }]
    } else if cx.trig_player
        && p.eat_all(
            "look at that player's hand and choose a card from it . the player discards that card",
        )
    {
        // "Whenever Doomsday Specter deals combat damage to a player, look
        // at that player's hand and choose a card from it. The player
        // discards that card.": the player of the event.
        vec![Effect::ChooseFromHand {
            who: PlayerRef::Triggering,
            filter: crate::ObjectFilter::default(),
            amount: 1,
            then: crate::HandChoice::Discard,
            x: false,
            up_to: false,
        }]
    } else if cx.trig_player && p.at_all("look at that player's hand") {
        // "Whenever CARDNAME deals combat damage to a player, look at that
        // player's hand." (Walker of Secret Ways): the player of the event.
        p.eat_all("look at that player's hand");
        vec![Effect::LookAtHand {
            who: PlayerRef::Triggering,
        }]
    } else if p.at_all("look at target player's hand")
        || p.at_all("look at target opponent's hand")
        || p.at_all("target player reveals their hand")
        || p.at_all("target opponent reveals their hand")
        || (p.at_all("target player reveals") && p.peek_at(5) == "at")
        || (p.at_all("target opponent reveals") && p.peek_at(5) == "at")
        || (cx.trig_player && p.at_all("that player reveals their hand and discards all"))
    {
        hand_choice(p, cx)?
    } else if p.at_all("exile target player's graveyard")
        || p.at_all("exile target opponent's graveyard")
    {
        // Tormod's Crypt: "Remove target player's graveyard from the game."
        p.eat("exile");
        let who = possessive_target_player(p, cx)?;
        p.eat("graveyard").then_some(())?;
        vec![Effect::RemoveGraveyard { who }]
    } else if p.at_all(
        "search target player's graveyard , hand , and library for all cards with that name",
    ) {
        // Cranial Extraction: the name chosen by the spell's first instruction.
        p.eat("search");
        let who = possessive_target_player(p, cx)?;
        p.eat_all("graveyard , hand , and library for all cards with that name and exile them")
            .then_some(())?;
        p.eat(".");
        p.eat_all("then that player shuffles").then_some(())?;
        p.eat_all("their library");
        let filter = ObjectFilter {
            chosen_name: true,
            ..Default::default()
        };
        vec![Effect::RemoveAllFromGraveyardHandLibrary {
            who,
            filter,
            named_as: None,
        }]
    } else if p.at_all("search its controller's graveyard , hand , and library for all cards with the same name as that") {
        // Eradicate, Quash, Splinter: after an instruction on the target,
        // its controller's zones, by the name of that object (its last
        // known information, 413.2f).
        (cx.targets.len() == 1).then_some(())?;
        let what = ObjectRef::Target(0);
        p.eat_all("search its controller's graveyard , hand , and library for all cards with the same name as that");
        p.bump();
        p.eat_all("and exile them .").then_some(())?;
        p.eat_all("then that player shuffles").then_some(())?;
        p.eat_all("their library");
        vec![Effect::RemoveAllFromGraveyardHandLibrary {
            who: PlayerRef::ControllerOf(what.clone()),
            filter: ObjectFilter::any(),
            named_as: Some(what),
        }]
    } else if p.at_all("that spell's controller reveals their hand , then discards each card with the same name as a card spliced onto that spell") {
        // Minamo's Meddling, after "Counter target spell." (502.40a).
        let Some(Effect::Counter { what, .. }) = cx.effects.last().cloned() else {
            return None;
        };
        p.eat_all("that spell's controller reveals their hand , then discards each card with the same name as a card spliced onto that spell");
        vec![Effect::DiscardSplicedNames {
            who: PlayerRef::ControllerOf(what.clone()),
            what,
        }]
    } else if p.eat_all("return to your hand all") {
        let filter = card_filter(p)?;
        p.eat_all("in your graveyard that were put there from play this turn")
            .then_some(())?;
        vec![Effect::ReturnFromGraveyardThisTurn { filter }]
    } else if p.at_all("return up to") && p.peek_at(4) != "target" {
        // "Return up to X cards from your graveyard to your hand, where X
        // is …" (Bound): chosen as it resolves, untargeted.
        p.eat_all("return up to");
        let amount = if p.eat("x") {
            Amount::X
        } else {
            Amount::Fixed(super::number_word(p.bump())?)
        };
        let filter = card_filter(p)?;
        p.eat_all("from your graveyard to your hand").then_some(())?;
        let amount = if amount == Amount::X && p.eat_all(", where x is") {
            super::equal_amount(p, cx)?
        } else {
            amount
        };
        vec![Effect::ReturnUpToFromGraveyard {
            filter,
            amount,
            up_to: true,
            to: crate::GraveyardCardDest::Hand,
            cost: false,
        }]
    } else if p.eat_all("return cardname from your graveyard to your hand")
        || ((cx.in_graveyard || cx.died_to_your_graveyard)
            && (p.eat_all("return cardname to your hand") || p.eat_all("return it to your hand")))
    {
        vec![Effect::ReturnSelfFromGraveyard]
    } else if p.eat_all("return cardname from your graveyard to play attached to") {
        let to = super::targets::object_phrase(p, cx)?;
        vec![Effect::PutSelfFromGraveyardIntoPlayAttached { to }]
    } else if p.eat_all("return cardname from your graveyard to play")
        || (cx.in_graveyard
            && (p.eat_all("return cardname to play") || p.eat_all("put cardname into play")))
        || (cx.source_in_graveyard && p.eat_all("put it into play"))
    {
        vec![Effect::PutSelfFromGraveyardIntoPlay {
            tapped: p.eat("tapped"),
        }]
    } else if p.at("return") && !p.at_all("return all") {
        return_to_play(p, cx)?
    } else if (cx.died || cx.died_to_your_graveyard)
        && p.eat_all("put it on top of its owner's library")
    {
        // "When [this] is put into a graveyard from play, put it on top of
        // its owner's library" (Undying Beast): the card in the graveyard.
        vec![Effect::PutSelfFromGraveyardOnLibrary { bottom: false }]
    } else if p.eat_all("put the top card of your graveyard on the bottom of your library") {
        // Soldevi Digger (217.3: the graveyard's top card).
        vec![Effect::GraveyardTopToLibraryBottom {
            who: PlayerRef::You,
        }]
    } else if p.at("put") {
        put(p, cx)?
    } else if p.at_all("exile cardname with") {
        // "Exile Arc Blade with three time counters on it." (502.59b)
        p.eat_all("exile cardname with");
        let amount = match amount(p)? {
            Amount::Fixed(n @ 1..=255) => n as u8,
            _ => return None,
        };
        let kind = super::counter_kind(p.bump())?;
        p.eat_any(&["counter", "counters"])?;
        p.eat_all("on it").then_some(())?;
        vec![Effect::RemoveSelfWithCounters { kind, amount }]
    } else if p.eat_all("shuffle cardname into its owner's library")
        || (cx.died_to_your_graveyard && p.eat_all("shuffle cardname into your library"))
        || ((cx.died || cx.died_to_your_graveyard)
            && p.eat_all("shuffle it into its owner's library"))
    {
        vec![Effect::ShuffleIntoLibrary {
            what: ObjectRef::This,
        }]
    } else if p.eat_all("double") {
        // "Double target player's life total": gain life equal to it.
        let who = possessive_target_player(p, cx)?;
        p.eat_all("life total").then_some(())?;
        vec![Effect::GainLife {
            who: who.clone(),
            amount: Amount::LifeTotal(who),
        }]
    } else if let Some(filter) = attempt(p, cx, |p, _| {
        // "Return all Zombie cards from all graveyards to their owners' hands."
        p.eat_all("return all").then_some(())?;
        let f = card_filter(p)?;
        p.eat_all("from all graveyards to their owners' hands")
            .then_some(f)
    }) {
        vec![Effect::ReturnAllFromGraveyardsToHand { filter }]
    } else if p.eat_all("return all") {
        // "Return all artifacts target player owns to their hand."
        let (f, noun) = filter(p)?;
        (noun == Noun::Permanent).then_some(())?;
        let (t, is_player) = target(p, cx)?;
        (is_player && p.eat_all("owns to their hand")).then_some(())?;
        vec![Effect::ReturnOwnedToHand {
            filter: f,
            owner: PlayerRef::Target(t),
        }]
    } else {
        player_sentence(p, cx)?
    };
    // "Sacrifice any number of lands, then add that much {C}." (Mana
    // Seism): the rest of the sentence reads what this part did.
    if matches!(v[..], [Effect::SacrificeAnyNumber { .. }]) && p.at_all(", then") {
        p.eat_all(", then");
        cx.effects.extend(v);
        let more = super::clauses(p, cx)?;
        p.eat_end().then_some(())?;
        cx.effects.extend(more);
        return Some(());
    }
    if !p.eat_end() {
        return None;
    }
    cx.effects.extend(v);
    Some(())
}

/// A static ability about hands, libraries and graveyards (a whole line).
pub(super) fn static_ability(p: &mut P) -> Option<crate::StaticAbility> {
    let start = p.i;
    let s = if p.eat_all("you may play lands from your graveyard") {
        crate::StaticAbility::PlayLandsFromGraveyard
    } else if p.eat_all("you may play any number of lands on each of your turns") {
        crate::StaticAbility::AnyNumberOfLands
    } else if p.eat_all("you may play an additional land on each of your turns") {
        crate::StaticAbility::AdditionalLands(1)
    } else if p.eat_all("each player may play an additional land on each of their turns")
        || p.eat_all("each player may play an additional land during each of their turns")
    {
        crate::StaticAbility::EachPlayerAdditionalLand
    } else if p.at_all("you may play")
        && p.at_all_from(4, "additional lands on each of your turns")
        && matches!(p.peek_at(3), "two" | "three")
    {
        let n = if p.peek_at(3) == "two" { 2 } else { 3 };
        p.eat_all("you may play");
        p.bump();
        p.eat_all("additional lands on each of your turns");
        crate::StaticAbility::AdditionalLands(n)
    } else if p.eat_all("your opponents play with their hands revealed") {
        crate::StaticAbility::HandsRevealed(crate::Whose::Opponent)
    } else if p.eat_all("play with your hand revealed") {
        crate::StaticAbility::HandsRevealed(crate::Whose::You)
    } else if p.eat_all("players play with their hands revealed") {
        crate::StaticAbility::HandsRevealed(crate::Whose::Each)
    } else if p.eat_all("play with the top card of your library revealed") {
        crate::StaticAbility::TopCardRevealed(crate::Whose::You)
    } else if p.eat_all("players play with the top card of their libraries revealed") {
        crate::StaticAbility::TopCardRevealed(crate::Whose::Each)
    } else if p.eat_all("skip your draw step") {
        crate::StaticAbility::SkipDrawStep
    } else {
        return None;
    };
    if p.eat_end() && p.at_end() {
        Some(s)
    } else {
        p.i = start;
        None
    }
}

/// A filter on cards outside play: only the printed characteristics that
/// `filter::matches_card` reads (types, subtypes, supertypes, colours, a
/// name); anything about a permanent's state or its power is not supported.
pub(super) fn card_filter(p: &mut P) -> Option<ObjectFilter> {
    card_filter_x(p).filter(|(_, x)| !x).map(|(f, _)| f)
}

/// As [`card_filter`], with "with converted mana cost X or less" allowed
/// and reported apart (a search reads it as its `cmc_at_most` X).
fn card_filter_x(p: &mut P) -> Option<(ObjectFilter, bool)> {
    let start = p.i;
    let (mut f, noun) = filter(p)?;
    let x = std::mem::take(&mut f.cmc_at_most_x);
    let plain = ObjectFilter {
        types_any: f.types_any,
        types_none: f.types_none,
        subtypes_none: f.subtypes_none.clone(),
        subtypes_any: f.subtypes_any.clone(),
        supertypes_all: f.supertypes_all.clone(),
        supertypes_none: f.supertypes_none,
        colors_any: f.colors_any,
        colors_none: f.colors_none,
        multicolored: f.multicolored,
        named: f.named.clone(),
        cmc_at_most: f.cmc_at_most,
        cmc_at_least: f.cmc_at_least,
        cmc_exactly: f.cmc_exactly,
        // 502.26: "with a morph ability" (`filter::matches_card` reads it).
        with_morph: f.with_morph,
        ..ObjectFilter::default()
    };
    if noun != Noun::Card || f != plain {
        p.i = start;
        return None;
    }
    Some((f, x))
}

/// Whether a card matching `f` could be an Aura: one put into play other
/// than by resolving needs a choice of what it enchants (212.4), which
/// these effects don't offer, so such a face stays unsupported.
pub(super) fn may_be_aura(f: &ObjectFilter) -> bool {
    // "a card named CARDNAME": the card's own name; `compile_face` rules
    // out an Aura face searching for itself.
    if f.named.as_deref() == Some(super::SELF) {
        return false;
    }
    let aura = crate::Subtype::lookup("Aura");
    let by_type = f.types_any.is_empty() || f.types_any.contains(crate::CardType::Enchantment);
    // "a Forest card": a subtype other than Aura rules an Aura out.
    let by_subtype = f.subtypes_any.is_empty() || aura.is_some_and(|a| f.subtypes_any.contains(&a));
    by_type && by_subtype && !f.types_none.contains(crate::CardType::Enchantment)
}

/// "target player's" as a possessive: adds the player target.
pub(super) fn possessive_target_player(p: &mut P, cx: &mut Cx) -> Option<PlayerRef> {
    // "target opponent's hand" (Abandon Hope).
    let whose = if p.eat_all("target opponent's") {
        PlayerFilter::Opponent
    } else {
        p.eat_all("target player's").then_some(())?;
        PlayerFilter::Any
    };
    let t = cx.add_target(TargetKind::Player(whose), false);
    cx.last_player = Some(PlayerRef::Target(t));
    Some(PlayerRef::Target(t))
}

/// Sentences whose subject is a player: "[player] mills N cards", "…
/// shuffles their graveyard into their library", "… reveals the top card
/// of their library", "… takes two extra turns after this one", "… may
/// put a [filter] card from their hand into play".
pub(super) fn player_sentence(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    // "Starting with you, each player may put …" (Eureka): only before
    // that instruction.
    let starting_with_you = p.eat_all("starting with you ,");
    if starting_with_you && !p.at_all("each player may put") {
        return None;
    }
    let who = if p.eat_all("each other player") {
        PlayerRef::EachOpponent
    } else if p.eat_all("shuffle your library") {
        // The imperative (Myr Mindservant): you do.
        return Some(vec![Effect::ShuffleLibrary {
            who: PlayerRef::You,
        }]);
    } else if p.eat_all("shuffle your graveyard into your library") {
        // The imperative (Feldon's Cane): you do.
        return Some(vec![Effect::ShuffleGraveyardIntoLibrary {
            who: PlayerRef::You,
        }]);
    } else if p.at("mill") || p.at("ante") {
        // The imperative "Mill three cards." (Ertai's Familiar), "ante the
        // top card of your library" (Contract from Below): you do.
        PlayerRef::You
    } else {
        attempt(p, cx, player_phrase)?
    };
    if p.eat_any(&["ante", "antes"]).is_some() {
        // 217.9d: "[player] antes the top card of their library".
        p.eat_all("the top card of").then_some(())?;
        p.eat_any(&["their", "your"])?;
        p.eat("library").then_some(())?;
        return Some(vec![Effect::AnteTop { who }]);
    }
    if p.eat_any(&["mill", "mills"]).is_some() {
        let amount = if p.eat_all("half their library , rounded down") {
            Amount::HalfLibraryRoundedDown(who.clone())
        } else {
            let a = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            // "mill a card for each shred counter on CARDNAME" (Cephalid
            // Vandal).
            let a = super::amounts::for_each(p, cx, a)?;
            if a == Amount::X && p.eat_all(", where x is the number of cards in their hand") {
                // "…, where X is the number of cards in their hand" (Dreamborn Muse).
                Amount::CardsInHand(who.clone())
            } else {
                a
            }
        };
        return Some(vec![Effect::Mill { who, amount }]);
    }
    if p.eat_all("puts the top") || p.eat_all("put the top") {
        // The 2007 wording of milling.
        let amount = amount(p)?;
        p.eat_any(&["card", "cards"])?;
        p.eat_all("of their library into their graveyard")
            .then_some(())?;
        return Some(vec![Effect::Mill { who, amount }]);
    }
    // Living Death, Living End.
    if who == PlayerRef::EachPlayer
        && p.eat_all(
            "exiles all creature cards from their graveyard , then sacrifices all creatures they control , then puts all cards they exiled this way into play",
        )
    {
        return Some(vec![Effect::CreatureGraveyardSwap]);
    }
    if p.eat_any(&["exile", "exiles"]).is_some() || p.eat_all("removes the top") {
        // "exiles the top N cards of their library" (2007: removes … from the game).
        p.eat_all("the top");
        let amount = amount(p)?;
        p.eat_any(&["card", "cards"])?;
        p.eat_all("of their library").then_some(())?;
        p.eat_all("from the game");
        let repeat_if_same_name =
            p.eat_all(". if two or more of those cards have the same name , repeat this process");
        return Some(vec![Effect::RemoveTopCards {
            who,
            amount,
            repeat_if_same_name,
        }]);
    }
    // "Target opponent puts a card from their hand on top of their
    // library." (Chittering Rats): `each_player::hand_card_on_top`.
    if p.eat_all("puts a card from their hand on top of their library") {
        return Some(super::each_player::hand_card_on_top(who));
    }
    if p.eat_all("puts the cards from their hand on top of their library .") {
        // "Search that player's library for that many cards. The player
        // puts those cards into their hand, then shuffles."
        p.eat_all("search that player's library for that many cards .")
            .then_some(())?;
        p.eat_all("the player puts those cards into their hand , then shuffles")
            .then_some(())?;
        return Some(vec![Effect::HandOnLibraryThenSearch { who }]);
    }
    // "Target player shuffles up to three target cards from their
    // graveyard into their library." (Gaea's Blessing), "… any number of
    // target cards …" (Loaming Shaman): each target card still there goes
    // into the library, which the player shuffles even with none (the
    // rulings).
    if matches!(who, PlayerRef::Target(_)) && p.at("shuffles") {
        if let Some(v) = attempt(p, cx, |p, cx| {
            p.eat("shuffles");
            let (i, is_player) = super::targets::target_n(p, cx, true)?;
            let t = cx.targets.last()?;
            let dependent = matches!(
                t.kind,
                TargetKind::CardInGraveyard {
                    whose: PlayerFilter::TargetedPlayer,
                    ..
                }
            );
            (!is_player && dependent && p.eat_all("into their library")).then_some(())?;
            let what = if t.count > 1 || t.count_by.is_some() {
                ObjectRef::Targets(i)
            } else {
                ObjectRef::Target(i)
            };
            Some(vec![
                Effect::ShuffleIntoLibrary { what },
                Effect::ShuffleLibrary { who: who.clone() },
            ])
        }) {
            return Some(v);
        }
    }
    // "Target player shuffles their library." (Soldier of Fortune)
    if p.eat_all("shuffles their library") {
        return Some(vec![Effect::ShuffleLibrary { who }]);
    }
    // Timetwister: "… shuffles their hand and graveyard into their
    // library, then draws seven cards."
    if p.eat_all("shuffles their hand and graveyard into their library") {
        let mut v = vec![Effect::ShuffleHandIntoLibrary {
            who: who.clone(),
            graveyard: true,
            redraw: false,
        }];
        if p.eat_all(", then draws") {
            let amount = amount(p)?;
            p.eat_any(&["card", "cards"])?;
            v.push(Effect::DrawCards { who, amount });
        }
        return Some(v);
    }
    // Winds of Change.
    if p.eat_all(
        "shuffles the cards from their hand into their library , then draws that many cards",
    ) {
        return Some(vec![Effect::ShuffleHandIntoLibrary {
            who,
            graveyard: false,
            redraw: true,
        }]);
    }
    if p.eat_all("shuffles their graveyard into their library") {
        return Some(vec![Effect::ShuffleGraveyardIntoLibrary { who }]);
    }
    if p.eat_all("reveals the top card of their library") {
        return Some(vec![Effect::RevealTop { who }]);
    }
    if p.eat("takes") {
        let n = match amount(p)? {
            Amount::Fixed(n) if (1..=10).contains(&n) => n,
            _ => return None,
        };
        p.eat("extra").then_some(())?;
        p.eat_any(&["turn", "turns"])?;
        p.eat_all("after this one").then_some(())?;
        return Some(
            (0..n)
                .map(|_| Effect::Turn(TurnEffect::ExtraTurn { who: who.clone() }))
                .collect(),
        );
    }
    if p.eat_all("may put") {
        p.eat_any(&["a", "an"])?;
        let (f, noun) = filter(p)?;
        (noun == Noun::Card).then_some(())?;
        (p.eat_all("from your hand into play") || p.eat_all("from their hand into play"))
            .then_some(())?;
        // "Starting with you, each player may put … Repeat this process
        // until no one puts a card into play." (Eureka)
        let repeat = starting_with_you;
        if repeat {
            (who == PlayerRef::EachPlayer).then_some(())?;
            p.eat_all(". repeat this process until no one puts a card into play")
                .then_some(())?;
        }
        // "That creature gains haste. Sacrifice the creature at the
        // beginning of the next end step." (Sneak Attack): the permanent
        // the card became (`ResolveCtx::chosen`, which a delayed ability
        // remembers, 404.4); only the controller's own put.
        if who == PlayerRef::You && !super::library::may_be_aura(&f) {
            cx.last_obj = Some(ObjectRef::Chosen);
        }
        return Some(vec![Effect::PutFromHand {
            who,
            filter: f,
            attach_to_this: false,
            repeat,
        }]);
    }
    None
}

/// "Search your library for a [filter] card [with converted mana cost X or
/// less], [reveal it,] put it/that card into your hand / into play
/// [tapped] / into your graveyard, then shuffle."; "for up to N [filter]
/// cards, [reveal them,] put them …" (Harrow, Buried Alive); "for N cards,
/// exile them, then shuffle" (Foresight).
pub(super) fn search(p: &mut P) -> Option<Vec<Effect>> {
    p.eat_all("search your library for").then_some(())?;
    // "for any number of Goblin cards" (Goblin Recruiter): up to as many
    // as the searcher wants.
    let any_number = p.eat_all("any number of");
    let up_to = any_number || p.eat_all("up to");
    let many = if any_number {
        Some(crate::ANY_NUMBER)
    } else {
        attempt(p, &mut Cx::default(), |p, _| match amount(p) {
            Some(Amount::Fixed(n @ 2..=60)) => Some(n as u8),
            _ => None,
        })
    };
    if up_to && many.is_none() {
        return None;
    }
    // "Search your library for five cards, exile them in a face-down pile,
    // and shuffle that pile. Then shuffle your library." (Mangara's Tome)
    if let (false, Some(n)) = (up_to, many) {
        if p.at_all("cards , exile them in a face-down pile") {
            p.eat("cards");
            p.eat_all(
                ", exile them in a face-down pile , and shuffle that pile . then shuffle your library",
            )
            .then_some(())?;
            return Some(vec![search_effect(
                ObjectFilter::any(),
                None,
                CardDest::RemoveFaceDownPile(n),
                false,
                1,
                false,
            )]);
        }
    }
    if many.is_none() {
        p.eat_any(&["a", "an"])?;
    }
    let (filter, x) = card_filter_x(p)?;
    let count = many.unwrap_or(1);
    let cmc_at_most = if x && many.is_none() {
        // "a creature card with converted mana cost X or less" (Citanul
        // Flute): read with the filter.
        Some(Amount::X)
    } else if x {
        return None;
    } else if many.is_none() && p.eat_all("with converted mana cost") {
        let a = amount(p)?;
        p.eat_all("or less").then_some(())?;
        Some(a)
    } else {
        None
    };
    // "…, put it into …" / "… and put that card into …"
    if !p.eat(",") {
        p.eat("and").then_some(())?;
    }
    let reveal = p.eat_all("reveal it ,")
        || p.eat_all("reveal that card ,")
        || p.eat_all("reveal them ,")
        || p.eat_all("reveal those cards ,");
    // "…, then shuffle and put that card on top." (Vampiric Tutor,
    // Enlightened Tutor; "the card", Worldly Tutor); "reveal them, then
    // shuffle and put those cards on top in any order" (Goblin Recruiter,
    // Scouting Trek: in the order found, the last one found on top).
    if p.eat_all("then shuffle and put") || p.eat_all(", then shuffle and put") {
        if many.is_none() {
            (p.eat_all("that card on top") || p.eat_all("the card on top")).then_some(())?;
        } else {
            (p.eat_all("those cards on top") || p.eat_all("them on top")).then_some(())?;
            p.eat_all("in any order");
        }
        return Some(vec![search_effect(
            filter,
            cmc_at_most,
            CardDest::LibraryTop,
            reveal,
            count,
            up_to,
        )]);
    }
    // "… exile them, then shuffle" (Foresight, Manipulate Fate).
    if many.is_some() && p.eat_all("exile them") {
        p.eat_all(", then shuffle").then_some(())?;
        return Some(vec![search_effect(
            filter,
            None,
            CardDest::RemoveFromGame,
            false,
            count,
            up_to,
        )]);
    }
    p.eat("put").then_some(())?;
    let named = if many.is_some() {
        p.eat("them") || p.eat_all("those cards")
    } else {
        p.eat("it") || p.eat_all("that card")
    };
    named.then_some(())?;
    let dest = if p.eat_all("into your hand") {
        CardDest::Hand
    } else if p.eat_all("into your graveyard") {
        CardDest::Graveyard
    } else if (many.is_none() || !may_be_aura(&filter)) && p.eat_all("into play") {
        // 212.4j: one Aura card found is attached to what its searcher
        // chooses as it comes into play (Enduring Ideal; the rules crate's
        // `search_step`); several are not offered that choice.
        CardDest::InPlay {
            tapped: p.eat("tapped"),
        }
    } else {
        return None;
    };
    p.eat_all(", then shuffle").then_some(())?;
    Some(vec![search_effect(
        filter,
        cmc_at_most,
        dest,
        reveal,
        count,
        up_to,
    )])
}

/// A search of the controller's own library.
fn search_effect(
    filter: ObjectFilter,
    cmc_at_most: Option<Amount>,
    dest: CardDest,
    reveal: bool,
    count: u8,
    up_to: bool,
) -> Effect {
    Effect::SearchLibrary {
        filter,
        cmc_at_most,
        dest,
        reveal,
        whose: None,
        count,
        up_to,
        by_owner: false,
    }
}

/// "Search target opponent's library for a [filter] card and put that card
/// into play under your control. Then that player shuffles." (Bribery) /
/// "… for a card and exile it." (Seek, whose "You gain life equal to its
/// converted mana cost." reads the card removed). The searched library is
/// shuffled by its player, as the search ends.
fn search_opponent(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("search").then_some(())?;
    let whom = if p.eat_all("target opponent's") {
        PlayerFilter::Opponent
    } else {
        p.eat_all("target player's").then_some(())?;
        PlayerFilter::Any
    };
    let t = cx.add_target(TargetKind::Player(whom), false);
    cx.last_player = Some(PlayerRef::Target(t));
    p.eat_all("library for").then_some(())?;
    // "Search target player's library for three cards and exile them."
    // (Jester's Cap)
    let many = match super::number_word(p.peek()) {
        Some(n @ 2..=9) if p.peek_at(1) == "cards" => {
            p.bump();
            p.bump();
            p.eat_all("and exile them").then_some(())?;
            Some(n as u8)
        }
        _ => None,
    };
    if let Some(count) = many {
        return Some(vec![Effect::SearchLibrary {
            filter: ObjectFilter::any(),
            cmc_at_most: None,
            dest: CardDest::RemoveFromGame,
            reveal: false,
            whose: Some(PlayerRef::Target(t)),
            count,
            up_to: false,
            by_owner: false,
        }]);
    }
    p.eat_any(&["a", "an"])?;
    let filter = card_filter(p)?;
    p.eat("and").then_some(())?;
    let dest = if p.eat_all("exile it") || p.eat_all("remove that card from the game") {
        CardDest::RemoveFromGame
    } else if !may_be_aura(&filter) && p.eat_all("put that card into play under your control") {
        CardDest::InPlay { tapped: false }
    } else {
        return None;
    };
    // "Then that player shuffles [their library]." ends the search; a
    // sentence between them (Seek's life gain) comes after the shuffle,
    // which changes nothing it reads.
    cx.last_obj = Some(ObjectRef::Chosen);
    Some(vec![Effect::SearchLibrary {
        filter,
        cmc_at_most: None,
        dest,
        reveal: false,
        whose: Some(PlayerRef::Target(t)),
        count: 1,
        up_to: false,
        by_owner: false,
    }])
}

/// "Look at target player's hand[.]" (Peek) / "Look at target player's
/// hand and choose N [filter] cards from it." / "Target player reveals
/// their hand. You choose a [filter] card from it.", then "That player
/// discards that card." or "Put them on top of that player's library in
/// any order."
fn hand_choice(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let who = if p.eat("look") {
        p.eat("at").then_some(())?;
        let who = possessive_target_player(p, cx)?;
        p.eat("hand").then_some(())?;
        if p.at(".") || p.at_end() {
            return Some(vec![Effect::LookAtHand { who }]);
        }
        p.eat_all("and choose").then_some(())?;
        who
    } else {
        // "that player reveals their hand and discards all cards of that
        // color" (Crosis, the Purger): the player the trigger names.
        let who = if cx.trig_player && p.at_all("that player reveals") {
            p.eat_all("that player");
            PlayerRef::Triggering
        } else {
            let (t, is_player) = target(p, cx)?;
            is_player.then_some(())?;
            PlayerRef::Target(t)
        };
        // "… reveals their hand and discards all cards with that name."
        // (Cabal Therapy: the name chosen by the spell's first instruction.)
        let filter = ObjectFilter {
            chosen_name: true,
            ..Default::default()
        };
        // "… reveals a card at random from their hand." (Planeswalker's
        // Mirth): the card is "that card" for what follows.
        if p.eat_all("reveals a card at random from their hand") {
            cx.last_obj = Some(ObjectRef::Chosen);
            return Some(vec![Effect::RevealRandomFromHand { who: who.clone() }]);
        }
        // "… reveals two cards at random from their hand, then discards
        // each nonland card revealed this way." (Fall)
        if p.at("reveals") && p.peek_at(2) == "cards" && p.peek_at(3) == "at" {
            let i = p.i;
            p.bump();
            if let Some(Amount::Fixed(n @ 1..=7)) = amount(p) {
                if p.eat_all("cards at random from their hand , then discards each") {
                    if let Some((f, Noun::Card)) = super::filter(p) {
                        if p.eat_all("revealed this way") {
                            return Some(vec![Effect::RevealRandomDiscard {
                                who: who.clone(),
                                count: n as u8,
                                filter: f,
                            }]);
                        }
                    }
                }
            }
            p.i = i;
        }
        // "… reveals their hand and discards all nonland cards with
        // converted mana cost equal to the number." (Void)
        if p.at_all("reveals their hand and discards all")
            && !p.at_all("reveals their hand and discards all cards with that name")
        {
            let i = p.i;
            p.eat_all("reveals their hand and discards all");
            if let Some((f, Noun::Card)) = super::filter(p) {
                return Some(vec![Effect::RevealHandDiscard {
                    who: who.clone(),
                    filter: f,
                    all: true,
                    else_draw: 0,
                    random: false,
                }]);
            }
            p.i = i;
        }
        // "… reveals their hand and discards a creature card at random."
        // (Rag Man)
        if p.at_all("reveals their hand and discards a") {
            let i = p.i;
            p.eat_all("reveals their hand and discards a");
            if let Some((f, Noun::Card)) = super::filter(p) {
                if p.eat_all("at random") {
                    return Some(vec![Effect::RevealHandDiscard {
                        who: who.clone(),
                        filter: f,
                        all: false,
                        else_draw: 0,
                        random: true,
                    }]);
                }
            }
            p.i = i;
        }
        if p.eat_all("reveals their hand and discards all cards with that name") {
            return Some(vec![Effect::RevealHandDiscard {
                who: who.clone(),
                filter,
                all: true,
                else_draw: 0,
                random: false,
            }]);
        }
        // Brain Pry: "… reveals their hand. That player discards a card
        // with that name. If they can't, you draw a card."
        if p.eat_all(
            "reveals their hand . that player discards a card with that name . if they can't , you draw a card",
        ) {
            return Some(vec![Effect::RevealHandDiscard {
                who: who.clone(),
                filter,
                all: false,
                else_draw: 1,
                random: false,
            }]);
        }
        // Lobotomy: "… reveals their hand, then you choose a card other
        // than a basic land card from it. Search … the chosen card …"
        if let Some(v) = super::hand_cards::lobotomy(p, &who) {
            return Some(v);
        }
        // "… reveals their hand and you choose a card of that color from
        // it." (Addle)
        (p.eat_all("reveals their hand . you choose")
            || p.eat_all("reveals their hand and you choose"))
        .then_some(())?;
        who.clone()
    };
    // "choose up to two cards" (Extortion): the player may stop.
    let up_to = p.eat_all("up to");
    let (n, x) = match amount(p)? {
        Amount::Fixed(n) if (1..=7).contains(&n) => (n as u8, false),
        // "choose X cards" (Mind Warp): the spell's X.
        Amount::X if !up_to => (0, true),
        _ => return None,
    };
    let f = card_filter(p)?;
    // "You choose a nonland card from it and exile that card." (Castigate)
    if p.eat_all("from it and exile that card") {
        return Some(vec![Effect::ChooseFromHand {
            who,
            filter: f,
            amount: n,
            then: HandChoice::RemoveFromGame,
            x,
            up_to,
        }]);
    }
    p.eat_all("from it .").then_some(())?;
    let then = if p.eat_all("that player discards that card")
        || p.eat_all("the player discards that card")
        || p.eat_all("that player discards those cards")
    {
        HandChoice::Discard
    } else if p.eat_all("put them on top of that player's library in any order")
        || p.eat_all("put that card on top of that player's library")
    {
        HandChoice::LibraryTop
    } else {
        return None;
    };
    Some(vec![Effect::ChooseFromHand {
        who,
        filter: f,
        amount: n,
        then,
        x,
        up_to,
    }])
}

/// "Put target creature card from your graveyard on top of your library."
/// / "Put target [filter] card from a graveyard into play under your
/// control." (an Aura among them too, 212.4j: Crime).
fn put_graveyard_card(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let what = graveyard_target(p, cx, true)?;
    // "Put target creature card from your graveyard on top of your
    // library." (Golgari Thug): your library is the card's owner's.
    if p.at_all("on top of your library") {
        let yours = matches!(
            cx.targets.last().map(|t| &t.kind),
            Some(TargetKind::CardInGraveyard {
                whose: crate::PlayerFilter::You,
                ..
            })
        );
        (yours && p.eat_all("on top of your library")).then_some(())?;
        return Some(vec![Effect::PutOnLibrary {
            what,
            bottom: false,
        }]);
    }
    p.eat_all("into play under your control").then_some(())?;
    // "… attached to a creature you control" is `PutAuraIntoPlayAttached`.
    (p.at(".") || p.at_end()).then_some(())?;
    Some(vec![Effect::PutIntoPlay {
        what,
        flipped: false,
        under_owner: false,
    }])
}

/// "[You may] return target [filter] card from your graveyard to play."; "…
/// up to three target creature cards with converted mana cost 1 or less
/// from your graveyard to play" (Proclamation of Rebirth): each put into
/// play (409.1c: the same done to each target). One target may be an Aura
/// card (212.4j: its controller chooses what it enchants as it comes into
/// play, `PutIntoPlay`); several may not (the choice is asked of one).
fn return_to_play(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("return").then_some(())?;
    let (i, is_player) = super::targets::target_n(p, cx, true)?;
    let t = cx.targets.last()?;
    let TargetKind::CardInGraveyard { filter, .. } = &t.kind else {
        return None;
    };
    let several = super::targets::is_multi(t);
    let aura_among_several = several && may_be_aura(filter);
    (!is_player && !aura_among_several).then_some(())?;
    let what = if several {
        ObjectRef::Targets(i)
    } else {
        ObjectRef::Target(i)
    };
    p.eat_all("to play").then_some(())?;
    Some(vec![Effect::PutIntoPlay {
        what,
        flipped: false,
        under_owner: false,
    }])
}

/// A target card in a graveyard to put into play: "target creature card
/// from your graveyard"; with `aura_ok` also one that may be an Aura
/// ("target creature or enchantment card in an opponent's graveyard",
/// Crime: 212.4j, its enchanted object is chosen as it comes into play),
/// else not (see [`may_be_aura`]).
fn graveyard_target(p: &mut P, cx: &mut Cx, aura_ok: bool) -> Option<ObjectRef> {
    let (i, is_player) = target(p, cx)?;
    let card = matches!(
        cx.targets.get(i as usize).map(|t| &t.kind),
        Some(TargetKind::CardInGraveyard { filter, .. }) if aura_ok || !may_be_aura(filter)
    );
    (!is_player && card).then_some(ObjectRef::Target(i))
}

/// A target Aura card in a graveyard ("target Aura card from a graveyard").
fn aura_in_graveyard(p: &mut P, cx: &mut Cx) -> Option<ObjectRef> {
    let (i, is_player) = target(p, cx)?;
    let aura = crate::Subtype::lookup("Aura");
    let ok = matches!(
        cx.targets.get(i as usize).map(|t| &t.kind),
        Some(TargetKind::CardInGraveyard { filter, .. })
            if aura.is_some_and(|a| filter.subtypes_any == [a])
    );
    (!is_player && ok).then_some(ObjectRef::Target(i))
}

/// Targets in the controller's own graveyard put on their library: on the
/// bottom (each card in turn), or on top (one card, or several in the
/// order the controller chooses, 217.2d).
fn own_graveyard_targets_to_library(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    let (what, several) = own_graveyard_targets(p, cx)?;
    if p.eat_all("on the bottom of your library") {
        return Some(vec![Effect::PutOnLibrary { what, bottom: true }]);
    }
    (p.eat_all("on top of your library in any order") || p.eat_all("on top of your library"))
        .then_some(())?;
    Some(vec![if several {
        Effect::PutOnTopInAnyOrder {
            what,
            by_owner: false,
        }
    } else {
        Effect::PutOnLibrary {
            what,
            bottom: false,
        }
    }])
}

/// "Shuffle any number of target creature cards from your graveyard into
/// your library" (Piper's Melody): each target still there goes into the
/// library, which is shuffled.
pub(super) fn shuffle_own_graveyard_targets(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("shuffle").then_some(())?;
    let (what, _) = own_graveyard_targets(p, cx)?;
    p.eat_all("into your library").then_some(())?;
    Some(vec![Effect::ShuffleIntoLibrary { what }])
}

/// "target [filter] card(s) from your graveyard": the target (or targets)
/// read as cards in the controller's own graveyard, and whether several
/// may be chosen.
fn own_graveyard_targets(p: &mut P, cx: &mut Cx) -> Option<(ObjectRef, bool)> {
    let (i, is_player) = super::targets::target_n(p, cx, true)?;
    let t = cx.targets.last()?;
    let own = matches!(
        t.kind,
        TargetKind::CardInGraveyard {
            whose: PlayerFilter::You,
            ..
        }
    );
    (!is_player && own).then_some(())?;
    let several = t.count > 1 || t.count_by.is_some();
    let what = if several {
        ObjectRef::Targets(i)
    } else {
        ObjectRef::Target(i)
    };
    Some((what, several))
}

/// "Put target [filter] card from a graveyard into play under your
/// control." / "Put target attacking creature on the bottom of its owner's
/// library."
fn put(p: &mut P, cx: &mut Cx) -> Option<Vec<Effect>> {
    p.eat("put").then_some(())?;
    if p.eat_any(&["a", "an"]).is_some() {
        // "[You may] put an Aura card from your hand into play attached to CARDNAME."
        let f = card_filter(p)?;
        // "Put a creature card with a morph ability from your hand into
        // play face up." (Dermoplasm: face up is how a card comes into
        // play unless an effect says otherwise, 502.26.)
        if p.eat_all("from your hand into play") && (p.eat_all("face up") || p.at(".")) {
            (!may_be_aura(&f)).then_some(())?;
            // "That creature gains haste. Sacrifice the creature at the
            // beginning of the next end step." (Sneak Attack): the
            // permanent the card became (`ResolveCtx::chosen`, which a
            // delayed ability remembers, 404.4).
            cx.last_obj = Some(ObjectRef::Chosen);
            return Some(vec![Effect::PutFromHand {
                who: PlayerRef::You,
                filter: f,
                attach_to_this: false,
                repeat: false,
            }]);
        }
        p.eat_all("attached to cardname").then_some(())?;
        return Some(vec![Effect::PutFromHand {
            who: PlayerRef::You,
            filter: f,
            attach_to_this: true,
            repeat: false,
        }]);
    }
    // "put CARDNAME on top of its owner's library" (Argothian Wurm): the
    // permanent, while it is still in play.
    if p.at("cardname") && p.at_all_from(1, "on top of its owner's library") {
        p.bump();
        p.eat_all("on top of its owner's library");
        return Some(vec![Effect::PutOnLibrary {
            what: ObjectRef::This,
            bottom: false,
        }]);
    }
    if let Some(v) = attempt(p, cx, put_graveyard_card) {
        return Some(v);
    }
    if let Some(what) = attempt(p, cx, aura_in_graveyard) {
        p.eat_all("into play under your control attached to")
            .then_some(())?;
        p.eat_any(&["a", "an"])?;
        let (to, noun) = filter(p)?;
        (noun == Noun::Permanent).then_some(())?;
        return Some(vec![Effect::PutAuraIntoPlayAttached { what, to }]);
    }
    // "Put two target lands on top of their owners' libraries." (Plow
    // Under; its ruling: each owner orders their own cards, 217.2d.)
    if let Some(v) = attempt(p, cx, |p, cx| {
        let (i, is_player) = super::targets::target_n(p, cx, true)?;
        let fixed = cx.targets.last()?.count > 1 && cx.targets.last()?.count_by.is_none();
        (!is_player && fixed && p.eat_all("on top of their owners' libraries")).then_some(())?;
        Some(vec![Effect::PutOnTopInAnyOrder {
            what: ObjectRef::Targets(i),
            by_owner: true,
        }])
    }) {
        return Some(v);
    }
    // "Put target Rebel card from your graveyard on the bottom of your
    // library" (Lin Sivvi), "Put up to one target card from your graveyard
    // on the bottom of your library" (Conjurer's Bauble), "Put any number
    // of target creature cards from your graveyard on top of your library"
    // (Bone Harvest; 217.2d: the controller orders them, one at a time).
    if let Some(v) = attempt(p, cx, own_graveyard_targets_to_library) {
        return Some(v);
    }
    // "Put up to three target cards from an opponent's graveyard on top of
    // their library in any order." (Misinformation), "… creature cards
    // from your graveyard on top of your library." (Reinforcements): the
    // controller orders them (217.2d), one at a time.
    if let Some(v) = attempt(p, cx, |p, cx| {
        let (i, is_player) = super::targets::target_n(p, cx, true)?;
        let t = cx.targets.last_mut()?;
        (!is_player && t.count > 1 && t.count_by.is_none()).then_some(())?;
        let TargetKind::CardInGraveyard { whose, single, .. } = &mut t.kind else {
            return None;
        };
        if *whose == PlayerFilter::You {
            (p.eat_all("on top of your library in any order")
                || p.eat_all("on top of your library"))
            .then_some(())?;
        } else {
            // "their library": the cards are in one graveyard.
            p.eat_all("on top of their library in any order")
                .then_some(())?;
            *single = true;
        }
        Some(vec![Effect::PutOnTopInAnyOrder {
            what: ObjectRef::Targets(i),
            by_owner: false,
        }])
    }) {
        return Some(v);
    }
    let (i, is_player) = target(p, cx)?;
    (!is_player).then_some(())?;
    let bottom = if p.eat_all("on the bottom of its owner's library") {
        true
    } else if p.eat_all("on top of its owner's library") {
        false
    } else {
        return None;
    };
    Some(vec![Effect::PutOnLibrary {
        what: ObjectRef::Target(i),
        bottom,
    }])
}
