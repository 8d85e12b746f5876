//! The grammar of a sentence of instructions, in a spell (the text of an
//! instant or sorcery) or in an ability's effect: conditions, "you may
//! pay …", choices, delayed triggers (404.1b), "X is …" and replacement
//! wording ("… instead", 419).

use super::reveal;
use super::spell_clauses::*;
use super::spell_clauses::{destroyed_this_way_damage, toughness_capped_pump};
use super::*;
use crate::{
    Amount, CardType, CounteredTo, Effect, ObjectFilter, ObjectRef, PlayerFilter, PlayerRef,
    TargetKind,
};
use crate::{DelayedEffect, TurnEffect};

/// One sentence of instructions, appended to `cx.effects`.
pub(super) fn sentence(p: &mut P, cx: &mut Cx) -> Option<()> {
    // Pyramids: a shield against the next destruction of a land.
    if p.at_all("the next time target land would be destroyed this turn") {
        return attempt(p, cx, super::spell_clauses::destruction_shield);
    }
    // Channel, Guardian Angel: actions granted until end of turn.
    if p.at_all("until end of turn , any time you could")
        || p.at_all("until end of turn , you may pay")
    {
        return attempt(p, cx, super::spell_clauses::granted_action);
    }
    // Lich: "Sacrifice that many nontoken permanents. If you can't, …".
    if p.at_all("sacrifice that many") {
        if let Some(()) = attempt(p, cx, sacrifice_that_many_or_lose) {
            return Some(());
        }
    }
    // Yawgmoth's Will: rules about the controller's graveyard this turn.
    if p.at_all("until end of turn , you may play lands and play spells from your graveyard")
        || p.at_all("if a card would be put into your graveyard from anywhere this turn")
    {
        return attempt(p, cx, your_graveyard_this_turn);
    }
    // "For each counter removed, CARDNAME gets +2/+0 until end of turn."
    // (Blademane Baku, after "Remove X ki counters"): the pump counted X
    // times, X as announced (409.1b).
    if cx.effects.is_empty() && p.at_all("for each counter removed ,") {
        return attempt(p, cx, per_counter_removed);
    }
    // "Then they create …", "Then that player shuffles.": a sentence after
    // the first is done after the ones before it anyway ("then if" keeps
    // its own reading below).
    if !cx.effects.is_empty() && p.at("then") && p.peek_at(1) != "if" {
        p.bump();
    }
    // "If target creature has toughness 5 or greater, it gets +4/-4 until
    // end of turn. Otherwise, it gets +4/-X …" (Blood Lust).
    if cx.effects.is_empty() && p.at_all("if target creature has toughness") {
        return attempt(p, cx, toughness_capped_pump);
    }
    // "If CARDNAME is destroyed this way, it deals 7 damage to you."
    // (Cosmic Horror, after "destroy CARDNAME unless you pay …")
    if p.at_all("if cardname is destroyed this way , it deals") {
        return attempt(p, cx, destroyed_this_way_damage);
    }
    // "For each 1 damage prevented this way, put a +1/+1 counter on that
    // creature." (Test of Faith): a rider on the shield just read.
    if p.at_all("for each 1 damage prevented this way") {
        if let Some(()) = attempt(p, cx, super::prevention::counters_rider) {
            return Some(());
        }
    }
    // "You gain life equal to the damage prevented this way." (Reverse
    // Damage): a rider on the shield just read.
    if p.at_all("you gain life equal to the damage prevented this way") {
        if let Some(()) = attempt(p, cx, super::prevention::gain_life_rider) {
            return Some(());
        }
    }
    // "Choose a color." (Akroma's Blessing): the colour is chosen as the
    // effect that names "the chosen color" is created; only such an effect
    // may follow (`pump`), else the card is refused there.
    if cx.effects.is_empty()
        && !cx.color_chosen
        && p.at_all("choose a color .")
        && p.rest().contains("protection from the chosen color")
    {
        p.eat_all("choose a color");
        p.eat_end();
        cx.color_chosen = true;
        return Some(());
    }
    // Balance: "Each player chooses a number of lands they control equal
    // to the number of lands controlled by the player who controls the
    // fewest, then sacrifices the rest." and "… the same way."
    if p.at_all("each player chooses a number of") || p.rest().contains("the same way") {
        if let Some(()) = attempt(p, cx, super::effects::down_to_fewest) {
            return Some(());
        }
    }
    // "Its controller may search their library …" (Ghost Quarter), "Each
    // player may draw up to two cards." (Truce): `each_player.rs`.
    if let Some(()) = super::each_player::sentence(p, cx) {
        return Some(());
    }
    // "Target opponent may draw a card.", "Choose a creature type."
    if let Some(()) = super::optional::player_may_or_type_choice(p, cx) {
        return Some(());
    }
    // "Choose target opponent who had more life than you did as you
    // activated this ability." (Keeper of the Flame).
    if p.at_all("choose target opponent who") {
        if let Some(()) = attempt(p, cx, super::payers::choose_opponent_with_more) {
            return Some(());
        }
    }
    // "Any player may have CARDNAME deal 6 damage to them. If no one does,
    // …" (Browbeat, Book Burning, Breaking Point).
    if p.at_all("any player may have cardname deal") {
        if let Some(()) = attempt(p, cx, super::payers::punisher) {
            return Some(());
        }
    }
    // "Unless any player pays {2}, search your library …" (Rhystic Tutor),
    // "Unless target player pays {3}, that player loses 5 life …" (Rhystic
    // Syphon): the payer decides first (413.2c).
    if p.at("unless") {
        if let Some(()) = attempt(p, cx, super::payers::unless_prefix) {
            return Some(());
        }
    }
    // "You may pay {3}. If you do, untap target permanent."
    if p.at_all("you may pay")
        || p.at_all("you may sacrifice")
        || p.at_all("you may discard a card . if you don't ,")
        || p.at_all("that player may pay")
        || p.at_all("any player may sacrifice")
        || p.at_all("any player may pay")
    {
        if let Some(()) = attempt(p, cx, may_pay) {
            return Some(());
        }
    }
    // "Counter target spell if it's red." (Hydroblast, Pyroblast).
    if let Some(()) = attempt(p, cx, if_its_color) {
        return Some(());
    }
    // "Prevent X of that damage, where X is the amount of mana that player
    // paid this way." (Power Leak, after "that player may pay any amount of
    // mana. CARDNAME deals 2 damage to that player."): the damage less the
    // mana paid (the X of the payment, 0 if declined).
    if p.at_all(
        "prevent x of that damage , where x is the amount of mana that player paid this way",
    ) {
        let n = cx.effects.len();
        let paid_x = n >= 2
            && matches!(&cx.effects[n - 2], Effect::UnlessPays { cost, .. } if cost.mana.x > 0);
        if let (true, Some(Effect::DealDamage { amount, .. })) = (paid_x, cx.effects.last_mut()) {
            *amount = Amount::Minus(Box::new(amount.clone()), Box::new(Amount::X));
            p.eat_all(
                "prevent x of that damage , where x is the amount of mana that player paid this way",
            );
            return p.eat_end().then_some(());
        }
    }
    // "If that spell is countered this way, exile it instead of putting it
    // into its owner's graveyard." (Dissipate; Remand, Memory Lapse): a
    // replacement of where the countered card goes (419.6a).
    if p.at_all("if that spell is countered this way ,")
        || p.at_all("if the spell is countered this way ,")
    {
        let i = p.i;
        p.eat("if");
        p.bump();
        p.eat_all("spell is countered this way ,");
        let to = if p.eat_all("exile it instead of putting it into its owner's graveyard") {
            CounteredTo::RemovedFromGame
        } else if p.eat_all("put it into its owner's hand instead of into that player's graveyard")
        {
            CounteredTo::Hand
        } else if p
            .eat_all("put it on top of its owner's library instead of into that player's graveyard")
        {
            CounteredTo::LibraryTop
        } else {
            p.i = i;
            return None;
        };
        match cx.effects.last_mut() {
            Some(Effect::Counter { to: slot, .. } | Effect::CounterUnlessPays { to: slot, .. })
                if p.eat_end() =>
            {
                *slot = to;
                return Some(());
            }
            _ => {
                p.i = i;
                return None;
            }
        }
    }
    // 212.6b: "You may play up to three additional lands this turn."
    // (Summer Bloom); "an additional land".
    if p.at_all("you may play") {
        let i = p.i;
        p.eat_all("you may play");
        let n = if p.eat_all("an additional land this turn") {
            Some(1)
        } else if p.eat_all("up to") {
            match amount(p) {
                Some(Amount::Fixed(n)) if (1..=9).contains(&n) => {
                    p.eat_all("additional lands this turn").then_some(n as u8)
                }
                _ => None,
            }
        } else {
            None
        };
        match n {
            Some(n) if p.eat_end() => {
                cx.effects.push(Effect::AdditionalLandPlays(n));
                return Some(());
            }
            _ => p.i = i,
        }
    }
    // 414: "Other spells you control can't be countered [by spells or
    // abilities] this turn." (Determined)
    if p.eat_all("other spells you control can't be countered this turn")
        || p.eat_all("other spells you control can't be countered by spells or abilities this turn")
    {
        if p.eat_end() {
            cx.effects.push(Effect::SpellsCantBeCounteredThisTurn);
            return Some(());
        }
        return None;
    }
    // 415.7: "If target spell has only one target and that target is
    // CARDNAME, change that spell's target to another creature."
    // (Quicksilver Dragon)
    if p.at_all("if target spell has only one target and that target is cardname ,") {
        if let Some(()) = attempt(p, cx, redirect_from_this) {
            return Some(());
        }
    }
    // "Choose a color." (Persecute): remembered by the spell.
    if p.at_all("choose a color .") {
        p.eat_all("choose a color .");
        cx.effects.push(Effect::ChooseColor);
        return Some(());
    }
    // "choose a color, then that player reveals their hand and discards
    // all cards of that color" (Crosis, the Purger): the rest of the
    // sentence reads the colour.
    if p.at_all("choose a color , then") {
        p.eat_all("choose a color , then");
        cx.effects.push(Effect::ChooseColor);
        return sentence(p, cx);
    }
    // "Name a [nonland] card." (Oracle "Choose a [nonland] card name.")
    if p.at_all("choose a card name") || p.at_all("choose a nonland card name") {
        let i = p.i;
        p.eat_all("choose a");
        let nonland = p.eat("nonland");
        p.eat_all("card name");
        if p.eat_end() {
            cx.effects.push(Effect::NameCard { nonland });
            return Some(());
        }
        p.i = i;
        return None;
    }
    // Camouflage: blocks by piles assigned at random.
    if p.at_all("this turn , instead of declaring blockers ,")
        && attempt(p, cx, face_down::piles).is_some()
    {
        return Some(());
    }
    // 504.1: spells played face down other than by morph (Illusionary Mask).
    if p.at_all("you may choose a creature card in your hand whose")
        && attempt(p, cx, face_down::sentence).is_some()
    {
        return Some(());
    }
    // 217.7b: cards removed from the game face down, and the cards linked
    // to them (217.7d).
    if attempt(p, cx, removed::sentence).is_some() {
        return Some(());
    }
    // 404.4: "At the beginning of the next end step, destroy all non-Wall
    // creatures that player controls that didn't attack this turn."
    // (Siren's Call): a delayed triggered ability.
    if p.at_all("at the beginning of the next end step ,") {
        if let Some(()) = attempt(p, cx, at_next_end_step) {
            return Some(());
        }
    }
    // "Ignore this effect for each creature the player didn't control
    // continuously since the beginning of the turn." (Siren's Call): the
    // group the delayed ability destroys keeps only creatures controlled
    // since the turn began (212.3f).
    if p.eat_all(
        "ignore this effect for each creature the player didn't control continuously since the beginning of the turn",
    ) {
        p.eat_end().then_some(())?;
        let Some(Effect::Delayed(DelayedEffect::AtNextEndStep { effects, .. })) = cx.effects.last_mut() else {
            return None;
        };
        let [Effect::Destroy {
            what: crate::ObjectRef::Each(f),
            ..
        }] = &mut effects[..]
        else {
            return None;
        };
        (f.controller == crate::ControllerFilter::Active).then_some(())?;
        f.controlled_since_turn_began = true;
        return Some(());
    }
    // Cards revealed until one is found, hands revealed, where they go.
    if attempt(p, cx, reveal::sentence).is_some() {
        return Some(());
    }
    // Searches, milling, looking at libraries and hands, graveyard to play.
    if attempt(p, cx, library::sentence).is_some() {
        return Some(());
    }
    // "Put up to X +1/+0 counters on CARDNAME. This ability can't cause the
    // total number of +1/+0 counters on CARDNAME to be greater than
    // seven." (Clockwork Beast): read as the Oracle wording of May 2007
    // ("Put X +1/+0 counters on Clockwork Beast. You may have no more than
    // seven of these counters on it"; "up to" came on 2007-09-16, the
    // card's rulings): X counters, those over the limit not added (the
    // 2004 ruling).
    if p.at_all("put up to x") {
        if let Some(()) = attempt(p, cx, counters_up_to_limit) {
            return Some(());
        }
    }
    // 404.4: "Take an extra turn after this one. At the beginning of that
    // turn's end step, you lose the game." (Final Fortune): a delayed
    // triggered ability waiting for the extra turn's end step.
    if matches!(
        cx.effects.last(),
        Some(Effect::Turn(TurnEffect::ExtraTurn { .. }))
    ) && p.at_all("at the beginning of that turn's end step ,")
    {
        let start = p.i;
        p.eat_all("at the beginning of that turn's end step ,");
        if let Some(effects) = attempt(p, cx, super::effects::clauses) {
            if p.eat_end() {
                cx.effects
                    .push(Effect::Delayed(DelayedEffect::AtNextEndStep {
                        effects,
                        of: crate::EndStep::ThatExtraTurn,
                    }));
                return Some(());
            }
        }
        p.i = start;
    }
    // 419.1a: "If it's a creature, it can't be regenerated this turn, and
    // if it would die this turn, exile it instead." (Disintegrate,
    // Carbonize) after damage to a target creature or player: a player
    // target gets neither.
    if p.at_all("if it's a creature , it can't be regenerated")
        && matches!(cx.effects.last(), Some(Effect::DealDamage { .. }))
    {
        let start = p.i;
        p.eat_all("if it's a creature , it");
        let it = cx.it();
        if let Some(v) = super::verbs::object_verb(p, cx, it) {
            if v.len() == 2 && p.eat_end() {
                cx.effects.extend(v);
                return Some(());
            }
        }
        p.i = start;
    }
    // 419.1a: "If a creature dealt damage this way would die this turn,
    // exile it instead." (Yamabushi's Flame) after a damage instruction;
    // "If that creature would die this turn, exile it instead." (Nine-Ringed
    // Bo).
    if p.at("if") {
        let start = p.i;
        let what = if p.eat_all("if a creature dealt damage this way would")
            && cx.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::DealDamage { .. }
                        | Effect::DealDamageDivided { .. }
                        | Effect::DealDamageEvenly { .. }
                )
            }) {
            Some(None)
        } else {
            p.i = start;
            (p.eat_all("if that creature would")).then(|| Some(cx.it()))
        };
        if let Some(what) = what {
            if (p.eat_all("die this turn , exile it instead")
                || p.eat_all("be put into a graveyard this turn , exile it instead"))
                && p.eat_end()
            {
                cx.effects.push(Effect::ExileIfDiesThisTurn(what));
                return Some(());
            }
        }
        p.i = start;
    }
    // 502.21b: "If this spell was kicked, [instructions] [instead]."; 502.23
    // "If seven or more cards are in your graveyard, instead …".
    if p.at("if") {
        if let Some(()) = attempt(p, cx, if_instead) {
            return Some(());
        }
    }
    // 502.23: "[instructions] instead if seven or more cards are in your
    // graveyard."
    if !cx.effects.is_empty() {
        if let Some(()) = attempt(p, cx, instead_if) {
            return Some(());
        }
    }
    // "If you have nine or more cards in hand, flip CARDNAME." / "Then if
    // that player has no cards in hand, flip CARDNAME.": checked as the
    // instruction is reached during resolution.
    if p.at_all("if") || p.at_all("then if") {
        let start = p.i;
        p.eat("then");
        p.eat("if");
        let condition = attempt(p, cx, condition).or_else(|| {
            // "Then if an opponent has more life than you, return Pulse
            // of the Fields to its owner's hand."
            cx.is_spell
                .then(|| attempt(p, cx, super::trigger_conditions::exceeds_condition))
                .flatten()
        });
        if let Some(condition) = condition {
            // "If [condition], search your library for …" (Edge of Autumn).
            if let Some(()) = super::optional::if_search(p, cx, &condition) {
                return Some(());
            }
            if p.eat(",") {
                // Only instructions that need no choice run inside the
                // condition (it is checked by the non-pausing executor).
                // "If there are no mining counters on CARDNAME, sacrifice
                // it." (Gemstone Mine): the permanent itself, no choice.
                let effects = clauses(p, cx).map(|v| {
                    v.into_iter()
                        .map(|e| match e {
                            Effect::Sacrifice {
                                who: crate::PlayerRef::You,
                                filter,
                            } if filter.this => Effect::SacrificeThese {
                                what: crate::ObjectRef::This,
                            },
                            e => e,
                        })
                        .collect::<Vec<_>>()
                });
                // "If this ability has been played four or more times this
                // turn, sacrifice CARDNAME at the beginning of the next end
                // step." (Dragon Whelp): the delayed ability is created by
                // the pausing executor, so the branch is an `IfElse`.
                if let Some(effects) = effects.clone().filter(|v| {
                    matches!(condition, crate::Condition::ThisAbilityActivated { .. })
                        && matches!(
                            v[..],
                            [Effect::SacrificeThese {
                                what: crate::ObjectRef::This
                            }]
                        )
                }) {
                    if p.eat_all("at the beginning of the next end step") && p.eat_end() {
                        let effects = vec![Effect::Delayed(DelayedEffect::AtNextEndStep {
                            effects,
                            of: crate::EndStep::Next,
                        })];
                        cx.effects.push(Effect::IfElse {
                            condition,
                            then: effects,
                            otherwise: Vec::new(),
                        });
                        return Some(());
                    }
                }
                // The Pulses: the spell itself, to its owner's hand.
                let effects = effects.map(|v| match &v[..] {
                    [Effect::ReturnToHand {
                        what: crate::ObjectRef::This,
                    }] if cx.is_spell => vec![Effect::ReturnSpellToHand],
                    _ => v,
                });
                if let Some(effects) = effects.filter(|v| {
                    v.iter().all(|e| {
                        matches!(
                            e,
                            Effect::Flip { .. }
                                | Effect::ReturnSpellToHand
                                | Effect::SacrificeThese {
                                    what: crate::ObjectRef::This
                                }
                        )
                    })
                }) {
                    if p.eat_end() {
                        cx.effects.push(Effect::IfCondition { condition, effects });
                        return Some(());
                    }
                }
            }
        }
        p.i = start;
    }
    // "For each creature card exiled this way, create a 2/2 black Zombie
    // creature token." (Midnight Ritual): after "Exile X target …", one
    // token per target still legal as the spell resolved (413.2a: those
    // are the cards removed).
    if p.at_all("for each") {
        let start = p.i;
        if let Some(Effect::RemoveFromGame {
            what: ObjectRef::Targets(i),
        }) = cx.effects.last()
        {
            let i = *i;
            p.eat_all("for each");
            let counted = match filter(p) {
                Some((f, Noun::Card)) => {
                    let spec = &cx.targets[i as usize];
                    matches!(&spec.kind, TargetKind::CardInGraveyard { filter, .. } if *filter == f)
                }
                _ => false,
            };
            if counted && p.eat_all("exiled this way , create") {
                if let Some((Amount::Fixed(1), token)) = token(p) {
                    if p.eat_end() {
                        cx.effects.push(Effect::CreateTokens {
                            who: PlayerRef::You,
                            amount: Amount::LegalTargets(i),
                            token,
                        });
                        return Some(());
                    }
                }
            }
        }
        p.i = start;
    }
    // "Return that card to play under its owner's control at the beginning
    // of the next end step." (Astral Slide): the card the ability removed
    // from the game (`ObjectRef::Chosen`), by a delayed triggered ability
    // (404.4).
    if super::effects::is_removal(cx.effects.last()) {
        if let Some(e) = super::effects::return_removed(p) {
            cx.effects.push(e);
            return p.eat_end().then_some(());
        }
    }
    // "Exile CARDNAME. Return CARDNAME to play under its owner's control at
    // the beginning of the next end step." (Saltskitter): the card removed,
    // a new object (217.1c), by a delayed triggered ability (404.4).
    if matches!(
        cx.effects.last(),
        Some(Effect::RemoveFromGame {
            what: ObjectRef::This
        })
    ) && p.eat_all(
        "return cardname to play under its owner's control at the beginning of the next end step",
    ) {
        cx.effects
            .push(Effect::Delayed(DelayedEffect::AtNextEndStep {
                effects: vec![Effect::PutIntoPlay {
                    what: ObjectRef::Chosen,
                    flipped: false,
                    under_owner: true,
                }],
                of: crate::EndStep::Next,
            }));
        return p.eat_end().then_some(());
    }
    // "Choose a number." (Void): the number is the resolution's X; "with
    // converted mana cost equal to that number" reads it (`targets::filter`,
    // allowed only after this sentence, `compile_face`).
    if p.eat_all("choose a number .") {
        cx.effects.push(Effect::ChooseNumber);
        return Some(());
    }
    // Warp World: both sentences make one effect.
    if p.eat_all(
        "each player shuffles all permanents they own into their library , then reveals that many cards from the top of their library . each player puts all artifact , creature , and land cards revealed this way into play , then does the same for enchantment cards , then puts all cards revealed this way that weren't put into play on the bottom of their library",
    ) {
        cx.effects.push(Effect::ShufflePermanentsAndRedeal);
        return p.eat_end().then_some(());
    }
    // 404.4: "When that creature is put into a graveyard from play this
    // turn, flip CARDNAME." (Initiate of Blood): a delayed triggered
    // ability watching the object the sentence before refers to.
    // 404.4: "When you lose control of the creature, tap it." (Ray of
    // Command, after gaining control of its target).
    if p.at_all("when you lose control of the creature , tap it") && cx.targets.len() == 1 {
        p.eat_all("when you lose control of the creature , tap it");
        p.eat_end().then_some(())?;
        cx.effects
            .push(Effect::Delayed(DelayedEffect::WhenControlLost {
                what: ObjectRef::Target(0),
                effects: vec![Effect::Tap {
                    what: ObjectRef::Target(0),
                }],
            }));
        return Some(());
    }
    let leaves = p.at_all("when that creature leaves play this turn ,");
    if leaves || p.eat_all("when that creature is put into a graveyard from play this turn ,") {
        p.eat_all("when that creature leaves play this turn ,");
        let what = match &cx.last_obj {
            Some(o) => o.clone(),
            None if cx.targets.len() == 1 => ObjectRef::Target(0),
            None => return None,
        };
        let start = cx.effects.len();
        sentence(p, cx)?;
        let effects = cx.effects.split_off(start);
        // Only instructions that need no target (the delayed ability has
        // no targets of its own): flipping the source, sacrificing it
        // ("sacrifice Kjeldoran Elite Guard").
        let plain = |e: &Effect| match e {
            Effect::Flip { .. } => true,
            Effect::Sacrifice { filter, .. } => filter.this,
            _ => false,
        };
        if effects.is_empty() || !effects.iter().all(plain) {
            return None;
        }
        cx.effects
            .push(Effect::Delayed(DelayedEffect::WhenDiesThisTurn {
                what,
                effects,
                leaves,
            }));
        return Some(());
    }
    // Oubliette: "Tap that creature as it phases in this way." after
    // "… phases out until CARDNAME leaves play".
    if p.eat_all("tap that creature as it phases in this way") {
        let Some(Effect::PhaseOutUntilSourceLeaves { tap, .. }) = cx.effects.last_mut() else {
            return None;
        };
        *tap = true;
        return p.eat_end().then_some(());
    }
    // Teferi's Realm: "that player chooses artifact, creature, land, or
    // non-Aura enchantment. All nontoken permanents of that type phase out."
    if let Some(who) = attempt(p, cx, |p, cx| {
        let who = player_phrase(p, cx)?;
        p.eat("chooses").then_some(who)
    }) {
        let mut options = Vec::new();
        loop {
            p.eat(",");
            p.eat("or");
            if p.eat("non-aura") {
                p.eat("enchantment").then_some(())?;
                let mut f = ObjectFilter::of_type(CardType::Enchantment);
                f.subtypes_none.push(crate::Subtype::lookup("Aura")?);
                options.push(f);
            } else if let Some(t) = type_noun(p.peek()) {
                p.bump();
                options.push(ObjectFilter::of_type(t));
            } else {
                break;
            }
        }
        (options.len() >= 2).then_some(())?;
        p.eat_all(". all nontoken permanents of that type phase out")
            .then_some(())?;
        cx.effects.push(Effect::PhaseOutChosenKind { who, options });
        return p.eat_end().then_some(());
    }
    // 502.15 (Equipoise): "for each land target player controls in excess
    // of the number you control, choose a land he or she controls, then
    // the chosen permanents phase out. Repeat this process for artifacts
    // and creatures."
    if p.at_all("for each") && p.peek_at(3) == "target" {
        if let Some(e) = attempt(p, cx, phase_out_excess) {
            cx.effects.push(e);
            return Some(());
        }
    }
    // "Draw a card and reveal it. If it isn't a land card, discard it."
    // (Sindbad, Fa'adiyah Seer).
    if p.at_all("draw a card and reveal it . if it isn't") {
        let e = attempt(p, cx, |p, _| {
            p.eat_all("draw a card and reveal it . if it isn't");
            p.eat_any(&["a", "an"])?;
            let (keep, noun) = filter(p)?;
            (noun == Noun::Card).then_some(())?;
            p.eat_all(", discard it").then_some(())?;
            Some(Effect::DrawRevealDiscardUnless { keep })
        });
        if let Some(e) = e {
            cx.effects.push(e);
            return p.eat_end().then_some(());
        }
    }
    // "Until your next upkeep, target permanent can't phase out." (Spatial
    // Binding, Ertai's Familiar).
    if p.at_all("until your next upkeep ,") {
        let phase = attempt(p, cx, |p, cx| {
            p.eat_all("until your next upkeep ,");
            let what = object_phrase(p, cx)?;
            p.eat_all("can't phase out").then_some(())?;
            cx.effects
                .push(Effect::CantPhaseOutUntilYourNextUpkeep { what });
            p.eat_end().then_some(())
        });
        if phase.is_some() {
            return phase;
        }
    }
    // "A creature dealt damage this way can't be regenerated this turn."
    // (Incinerate): after a damage effect of the same spell.
    if p.eat_all("a creature dealt damage this way can't be regenerated this turn") {
        let damage = cx
            .effects
            .iter()
            .any(|e| matches!(e, Effect::DealDamage { .. }));
        cx.effects.push(Effect::CantBeRegeneratedThisTurn);
        return (damage && p.eat_end()).then_some(());
    }
    // "It's still a land." after an animation: the types were added
    // (212.1c), not replaced.
    if p.at_all("it's still a land") || p.at_all("they're still lands") {
        let Some(Effect::Continuous { effect, .. }) = cx.effects.last_mut() else {
            return None;
        };
        if !effect.add_types.contains(CardType::Creature) {
            return None;
        }
        effect.set_types = false;
        let _ = p.eat_all("it's still a land") || p.eat_all("they're still lands");
        return p.eat_end().then_some(());
    }
    // 503.10b: "You may choose new targets for the copy." ("for that
    // copy": Mischievous Quanar.)
    if p.at_all("you may choose new targets for the copy")
        || p.at_all("you may choose new targets for that copy")
    {
        let Some(Effect::CopySpell { new_targets, .. }) = cx.effects.last_mut() else {
            return None;
        };
        *new_targets = true;
        p.eat_all("you may choose new targets for");
        p.eat_any(&["the", "that"]);
        p.eat("copy");
        return p.eat_end().then_some(());
    }
    // 419.1a: replacements of the next draw or of this turn's draws.
    if let Some(reading) = super::draw_replacements::sentence(p, cx) {
        return reading;
    }
    // 511: the coin flips.
    if let Some(reading) = super::coin_flips::sentence(p, cx) {
        return reading;
    }
    // 506 (Shahrazad): "Players play a Magic subgame, using their
    // libraries as their decks. Each player who doesn't win the subgame
    // loses half their life, rounded up."
    if p.eat_all("players play a magic subgame , using their libraries as their decks") {
        cx.effects.push(Effect::PlaySubgame);
        return p.eat_end().then_some(());
    }
    if p.eat_all("each player who doesn't win the subgame loses half their life , rounded up") {
        // Only after a subgame in the same spell.
        cx.effects.contains(&Effect::PlaySubgame).then_some(())?;
        cx.effects.push(Effect::LoseLife {
            who: PlayerRef::NotWinningSubgame,
            amount: Amount::HalfTheirLifeRoundedUp,
        });
        return p.eat_end().then_some(());
    }
    // The Wishes: "You may reveal a sorcery card you own from outside the
    // game and put it into your hand."
    // Death Wish: "You may put a card you own from outside the game into your hand."
    if p.eat_all("you may put a card you own from outside the game into your hand") {
        cx.effects.push(Effect::WishFromOutside {
            filter: ObjectFilter::any(),
        });
        return p.eat_end().then_some(());
    }
    // "Tap target untapped creature you control. If you do, …" (Energy
    // Tap): the target is legal on resolution only while untapped (413.2a),
    // and the spell's only target, so whenever the spell resolves the tap
    // happens: the instructions follow unconditionally.
    if p.at_all("if you do ,")
        && cx.targets.len() == 1
        && matches!(
            cx.effects.last(),
            Some(Effect::Tap {
                what: ObjectRef::Target(0)
            })
        )
        && matches!(&cx.targets[0].kind, TargetKind::Permanent(f) if f.tapped == Some(false))
        && cx.targets[0].count == 1
    {
        p.eat_all("if you do ,");
        let effects = clauses(p, cx)?;
        p.eat_end().then_some(())?;
        cx.effects.extend(effects);
        return Some(());
    }
    // "If you do, …" after "put a [filter] card from your hand into play"
    // (Dermoplasm): only if a card was put.
    if p.at_all("if you do ,") && matches!(cx.effects.last(), Some(Effect::PutFromHand { .. })) {
        p.eat_all("if you do ,");
        let effects = clauses(p, cx)?;
        p.eat_end().then_some(())?;
        cx.effects.push(Effect::IfCondition {
            condition: crate::Condition::PutFromHand,
            effects,
        });
        return Some(());
    }
    // "If you do, …" after an instruction that may not happen.
    if let Some(()) = super::optional::if_you_do(p, cx) {
        return Some(());
    }
    // "Create a 3/1 red Elemental creature token unless any opponent has
    // you draw a card. Repeat this process two more times." (Development)
    if let Some(k) = (0..p.t.len().saturating_sub(p.i))
        .find(|&d| p.at_all_from(d, "unless any opponent has you draw a card"))
        .map(|d| p.i + d)
    {
        let start = p.i;
        let mut sub = P::new(&p.t[..k]);
        sub.i = start;
        let effects = clauses(&mut sub, cx);
        if let Some(effects) = effects.filter(|_| sub.at_end()) {
            p.i = k;
            p.eat_all("unless any opponent has you draw a card");
            let mut times = 1;
            if p.at_all(". repeat this process two more times") {
                p.eat(".");
                p.eat_all("repeat this process two more times");
                times = 3;
            }
            if p.eat_end() {
                cx.effects
                    .push(Effect::UnlessOpponentLetsDraw { effects, times });
                return Some(());
            }
        }
        p.i = start;
        return None;
    }
    // "Shuffle up to four cards you own from outside the game into your
    // library." (Research; its 2007 text: "Choose up to four cards you own
    // from outside the game and shuffle them into your library.")
    if p.at_all("shuffle up to") {
        let start = p.i;
        p.eat_all("shuffle up to");
        let up_to = match p.bump() {
            "one" => 1,
            "two" => 2,
            "three" => 3,
            "four" => 4,
            _ => 0,
        };
        if up_to > 0
            && p.eat_all("cards you own from outside the game into your library")
            && p.eat_end()
        {
            cx.effects.push(Effect::ShuffleFromOutside { up_to });
            return Some(());
        }
        p.i = start;
        return None;
    }
    // "You lose half your life, rounded up." (Death Wish)
    if p.eat_all("you lose half your life , rounded up") {
        cx.effects.push(Effect::LoseLife {
            who: PlayerRef::You,
            amount: Amount::HalfLifeRoundedUp(PlayerRef::You),
        });
        return p.eat_end().then_some(());
    }
    if p.at_all("you may reveal") {
        let start = p.i;
        p.eat_all("you may reveal");
        p.eat_any(&["a", "an"]);
        if let Some((filter, Noun::Card)) = filter(p) {
            if p.eat_all("you own from outside the game and put it into your hand") && p.eat_end() {
                cx.effects.push(Effect::WishFromOutside { filter });
                return Some(());
            }
        }
        p.i = start;
        return None;
    }
    // "Each player's life total becomes the number of creatures they
    // control." (Biorhythm; 606.9b), "Your life total becomes N".
    let life_of = if p.eat_all("each player's life total becomes") {
        Some(PlayerRef::EachPlayer)
    } else if p.eat_all("your life total becomes") {
        Some(PlayerRef::You)
    } else if p.at_all("target player's life total becomes") {
        // "Target player's life total becomes 20." (Blessed Wind; 606.9c).
        p.eat_all("target player's");
        let t = cx.add_target(TargetKind::Player(PlayerFilter::Any), false);
        cx.last_player = Some(PlayerRef::Target(t));
        p.eat_all("life total becomes");
        Some(PlayerRef::Target(t))
    } else {
        None
    };
    if let Some(who) = life_of {
        let amount = if p.eat_all("the number of") {
            let f = group(p)?;
            p.eat_all("they control").then_some(())?;
            Amount::CountTheyControl(f)
        } else {
            amount(p)?
        };
        cx.effects.push(Effect::LifeTotalBecomes { who, amount });
        return p.eat_end().then_some(());
    }
    // "gain 2 life for each 1 life you lost" (Transcendence): a multiple
    // of the life lost in the trigger event.
    if cx.trig_amount && (p.at_all("you gain") || p.at("gain")) {
        let start = p.i;
        p.eat("you");
        p.bump();
        if let Some(Amount::Fixed(n)) = amount(p) {
            if p.eat_all("life for each 1 life you lost") {
                cx.effects.push(Effect::GainLife {
                    who: PlayerRef::You,
                    amount: Amount::Times(n, Box::new(Amount::Triggered)),
                });
                return p.eat_end().then_some(());
            }
        }
        p.i = start;
    }
    // 102.2b: "You win the game."
    if p.eat_all("you win the game") {
        cx.effects.push(Effect::WinGame {
            who: PlayerRef::You,
        });
        return p.eat_end().then_some(());
    }
    // 419.6e: "You skip your next turn." (Meditate, Chronatog)
    if p.eat_all("you skip your next turn") {
        cx.effects.push(Effect::Turn(TurnEffect::SkipNextTurn {
            who: PlayerRef::You,
        }));
        return p.eat_end().then_some(());
    }
    // 509.1: "End the turn." (Time Stop)
    if p.eat_all("end the turn") {
        cx.effects.push(Effect::Turn(TurnEffect::EndTheTurn));
        return p.eat_end().then_some(());
    }
    // 507.1: Mindslaver as printed in 2003-2007, "You control target
    // player's next turn.", and its later Oracle wording below.
    if p.eat_all("you control target player's next turn") {
        let t = cx.add_target(TargetKind::Player(PlayerFilter::Any), false);
        cx.last_player = Some(PlayerRef::Target(t));
        cx.effects.push(Effect::Turn(TurnEffect::ControlNextTurn {
            who: PlayerRef::Target(t),
        }));
        return p.eat_end().then_some(());
    }
    // 507.1: "You control target player during that player's next turn."
    if p.at_all("you control target player") {
        let controlled = attempt(p, cx, |p, cx| {
            p.eat_all("you control");
            let (t, is_player) = target(p, cx)?;
            (is_player && p.eat_all("during that player's next turn") && p.eat_end()).then_some(t)
        });
        if let Some(t) = controlled {
            cx.effects.push(Effect::Turn(TurnEffect::ControlNextTurn {
                who: PlayerRef::Target(t),
            }));
            return Some(());
        }
    }
    // "Sacrifice a creature other than CARDNAME. If you can't, CARDNAME
    // deals 7 damage to you." (Lord of the Pit)
    if p.at_all("if you can't ,") {
        let Some(Effect::Sacrifice {
            who: PlayerRef::You,
            filter,
        }) = cx.effects.last().cloned()
        else {
            return None;
        };
        p.eat_all("if you can't ,");
        let v = clauses(p, cx)?;
        if !p.eat_end() {
            return None;
        }
        let at = cx.effects.len() - 1;
        cx.effects
            .insert(at, Effect::IfControlsNone { filter, effects: v });
        return Some(());
    }
    // "You may tap or untap target artifact, creature, or land." (Twitch)
    if p.eat_all("you may tap or untap") {
        let what = object_phrase(p, cx)?;
        cx.effects.push(Effect::TapOrUntap { what });
        return p.eat_end().then_some(());
    }
    // ("That creature can't be regenerated this turn", Scorching Lava, is
    // an instruction of its own: `verbs::object_verb`.)
    if !p.at_all("that creature can't be regenerated this turn")
        && (p.eat_all("it can't be regenerated")
            || p.eat_all("they can't be regenerated")
            || p.eat_all("that creature can't be regenerated")
            // Mephitic Ooze: "destroy that creature. The creature can't be
            // regenerated."
            || p.eat_all("the creature can't be regenerated")
            || p.eat_all("creatures destroyed this way can't be regenerated"))
    {
        // The destructions before it, and those of a branch just read
        // ("If seven or more cards are in your graveyard, instead destroy
        // that creature. It can't be regenerated.", Toxic Stench).
        let mut any = false;
        let last_branch = match cx.effects.last_mut() {
            Some(Effect::IfElse { then, .. }) => then.iter_mut(),
            _ => [].iter_mut(),
        };
        for e in last_branch {
            if let Effect::Destroy { no_regen, .. } = e {
                *no_regen = true;
                any = true;
            }
        }
        for e in cx.effects.iter_mut() {
            if let Effect::Destroy { no_regen, .. } = e {
                *no_regen = true;
                any = true;
            }
        }
        return (any && p.eat_end()).then_some(());
    }
    // 404.4: "At end of combat, sacrifice it and it deals 5 damage to
    // you." (Time Elemental): a delayed triggered ability, as when the
    // phrase comes last.
    // "At this turn's next end of combat, destroy all creatures that
    // blocked or were blocked by it this turn." (Gaze of the Gorgon): one
    // that ends with the turn.
    if p.at_all("at end of combat ,") || p.at_all("at this turn's next end of combat ,") {
        let e = attempt(p, cx, |p, cx| {
            let this_turn = !p.eat_all("at end of combat ,");
            p.eat_all("at this turn's next end of combat ,");
            let v = clauses(p, cx)?;
            p.eat_end()
                .then_some(Effect::Delayed(DelayedEffect::AtEndOfCombat {
                    effects: v,
                    this_turn,
                }))
        });
        if let Some(e) = e {
            cx.effects.push(e);
            return Some(());
        }
    }
    let mut v = clauses(p, cx)?;
    // "… unless you discard a card / sacrifice a land / return … / mill
    // two cards": costs the controller chooses whether to pay.
    v = unless_you(p, cx, v)?;
    // "… unless that player pays {3}" (Nether Void), "that player
    // sacrifices a permanent unless they pay {1}" (Spelltithe Enforcer),
    // "… unless its controller pays {1}" (Crystal Shard): another player
    // decides whether to pay.
    // "Destroy target nonbasic land unless its controller has CARDNAME
    // deal 6 damage to them." (Lava Blister): `payers::controller_punisher`.
    if p.at_all("unless its controller has cardname deal")
        || p.at_all("unless that creature's controller has cardname deal")
    {
        v = super::payers::controller_punisher(p, cx, v)?;
    }
    // "each opponent sacrifices a permanent unless they pay {1}"
    // (Rishadan Cutpurse): each of them decides for themself, in turn
    // (413.2d, `Effect::ForEachPlayer`).
    let mut each_group = None;
    if p.at_all("unless they pay") {
        if let Some((group, one)) = super::each_player::per_player(&v) {
            each_group = Some(group);
            v = one;
        }
    }
    let payer = if p.eat_all("unless you pay") {
        Some(PlayerRef::You)
    } else if p.at_all("unless that player pays") || p.at_all("unless they pay") {
        // "that creature's controller loses 2 life unless they pay {2}"
        // (Death Charmer): "they" is the player of the instruction.
        let who = if each_group.is_some() {
            PlayerRef::Triggering
        } else {
            cx.last_player
                .clone()
                .or_else(|| cx.trig_player.then_some(PlayerRef::Triggering))
                .or_else(|| super::each_player::single_subject(&v))?
        };
        if !p.eat_all("unless that player pays") {
            p.eat_all("unless they pay");
        }
        Some(who)
    } else if p.eat_all("unless any player pays") {
        // Each player in turn gets the option (`PlayerRef::EachPlayer` as
        // a payer: any one of them).
        Some(PlayerRef::EachPlayer)
    } else if p.at_all("unless its controller pays")
        || p.at_all("unless that creature's controller pays")
        || p.at_all("unless that permanent's controller pays")
    {
        match cx.last_obj.clone() {
            Some(o @ (ObjectRef::Target(_) | ObjectRef::Triggering | ObjectRef::Attached)) => {
                p.eat("unless");
                p.bump();
                p.bump();
                p.eat("pays");
                Some(PlayerRef::ControllerOf(o))
            }
            // "Whenever CARDNAME deals combat damage to a creature, you
            // gain 2 life unless that creature's controller pays {2}."
            // (Soul Charmer): the creature named as "that creature's
            // controller" is read anywhere else (the trigger's creature).
            _ if p.at_all("unless that creature's controller pays") => {
                p.eat("unless");
                let who = super::targets::player_phrase(p, cx)?;
                matches!(who, PlayerRef::ControllerOf(_)).then_some(())?;
                p.eat("pays");
                Some(who)
            }
            _ => return None,
        }
    } else {
        None
    };
    if let Some(payer) = payer {
        // "Sacrifice this creature unless you pay its mana cost." (the
        // upkeep ability Pendrell Flux grants): the source's own cost.
        let cost = if payer == PlayerRef::You
            && cx.it() == ObjectRef::This
            && p.eat_all("its mana cost")
        {
            crate::Cost {
                own_mana_cost: true,
                ..crate::Cost::default()
            }
        } else {
            upkeep::pay_cost(p)?
        };
        let mut per_counter = None;
        if p.eat_all("for each") {
            let kind = counter_kind(p.bump())?;
            if !p.eat_all("counter on") || !(p.eat("it") || p.eat("cardname")) {
                return None;
            }
            per_counter = Some(kind);
        }
        v = vec![Effect::UnlessPays {
            cost: Box::new(cost),
            per_counter,
            effects: v,
            sacrifice_count: 0,
            if_paid: Vec::new(),
            payer,
            actions: Vec::new(),
        }];
        if let Some(who) = each_group.take() {
            v = vec![Effect::ForEachPlayer {
                who,
                may: false,
                effects: v,
            }];
        }
    }
    if each_group.is_some() {
        return None;
    }
    // "you lose 2 life if you don't control an Ogre" (Scourge of Numai):
    // checked as the instruction is followed.
    if p.at_all("if you don't control") && matches!(p.peek_at(4), "a" | "an") {
        let start = p.i;
        p.eat_all("if you don't control");
        p.bump();
        match filter(p) {
            Some((mut f, Noun::Permanent)) if p.at_end() || p.at(".") => {
                f.controller = crate::ControllerFilter::You;
                v = vec![Effect::IfControlsNone {
                    filter: f,
                    effects: v,
                }];
            }
            _ => p.i = start,
        }
    }
    // 404.4: "sacrifice it at end of combat" (Fog Elemental): a delayed
    // triggered ability.
    if p.eat_all("at end of combat") {
        v = vec![Effect::Delayed(DelayedEffect::AtEndOfCombat {
            effects: v,
            this_turn: false,
        })];
    }
    // 404.4: "destroy CARDNAME at the beginning of the next end step";
    // "Destroy it at the beginning of the next end step if it didn't
    // attack this turn." (Nettling Imp): the delayed ability checks the
    // object as it resolves.
    if p.eat_all("at the beginning of the next end step") {
        if p.eat_all("if it didn't attack this turn") {
            v = vec![Effect::IfCondition {
                condition: crate::Condition::ObjectThisTurn {
                    what: cx.it(),
                    fact: crate::ThisTurnFact::Attacked,
                    did: false,
                },
                effects: v,
            }];
        }
        v = vec![Effect::Delayed(DelayedEffect::AtNextEndStep {
            effects: v,
            of: crate::EndStep::Next,
        })];
    }
    // 404.4, 314.3: "Return CARDNAME to its owner's hand at the beginning
    // of the next cleanup step." (Thawing Glaciers).
    if p.eat_all("at the beginning of the next cleanup step") {
        v = vec![Effect::Delayed(DelayedEffect::AtNextCleanup { effects: v })];
    }
    // 404.4: "draw a card at the beginning of the next turn's upkeep".
    if p.eat_all("at the beginning of the next turn's upkeep") {
        // "Target player draws a card at the beginning of the next turn's
        // upkeep." (Sapphire Charm): the delayed ability has no targets of
        // its own; it remembers the player the spell targeted (its only
        // target), as "that player" (`PlayerRef::Triggering`).
        for e in v.iter_mut() {
            if let Effect::DrawCards { who, .. } = e {
                if let PlayerRef::Target(i) = who {
                    let only_player = cx.targets.len() == 1
                        && *i == 0
                        && matches!(cx.targets[0].kind, TargetKind::Player(_));
                    only_player.then_some(())?;
                    *who = PlayerRef::Triggering;
                }
            }
        }
        v = vec![Effect::Delayed(DelayedEffect::AtNextUpkeep {
            effects: v,
            yours: false,
        })];
    }
    // "…, where X is the number of cards in your hand." (Tomoya the Revealer)
    if p.at_all(", where x is") {
        p.eat_all(", where x is");
        let a = equal_amount(p, cx)?;
        let mut any = false;
        for e in v.iter_mut() {
            any |= define_x(e, &a);
        }
        any.then_some(())?;
    }
    if !p.eat_end() {
        return None;
    }
    cx.effects.extend(v);
    Some(())
}
