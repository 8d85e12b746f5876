//! What an effect refers to as it resolves: the players and objects of its
//! references ("each opponent", "that creature") and the values of its
//! amounts ("X", "the number of …").

use crate::state::stack::ResolveCtx;
use crate::{Game, ObjId, PlayerId, Target, Zone};
use tolaria_cards::{Amount, ObjectRef, PlayerRef};

impl Game {
    /// 601.10–601.11: under the limited range of influence option only
    /// the players within the controller's range (the parts of the effect
    /// that would affect another do nothing).
    pub(crate) fn players_of(&self, ctx: &ResolveCtx, r: &PlayerRef) -> Vec<PlayerId> {
        let mut v = self.players_of_all(ctx, r);
        if self.limited_range() {
            v.retain(|&p| self.within_range(ctx.controller, p));
        }
        v
    }

    fn players_of_all(&self, ctx: &ResolveCtx, r: &PlayerRef) -> Vec<PlayerId> {
        match r {
            PlayerRef::You => vec![ctx.controller],
            // The player its comes-into-play ability remembered, read from
            // the source as it last existed once it has left play.
            PlayerRef::Linked => match self.obj(ctx.source) {
                Some(o) => o.chosen_player.into_iter().collect(),
                None => self
                    .last_known(ctx.source)
                    .and_then(|l| l.chosen_player)
                    .into_iter()
                    .collect(),
            },
            PlayerRef::Target(i) => match ctx.target(*i) {
                Some(Target::Player(p)) => vec![p],
                _ => vec![],
            },
            PlayerRef::ControllerOf(o) => self
                .objects_of(ctx, o)
                .iter()
                .map(|&id| self.controller_or_lki(id))
                .take(1)
                .collect(),
            PlayerRef::OwnerOf(o) => self
                .objects_of(ctx, o)
                .iter()
                .map(|&id| self.objects[id.slot as usize].owner)
                .take(1)
                .collect(),
            PlayerRef::EachPlayer => self.apnap_from(self.active).collect(),
            PlayerRef::EachOpponent => self
                .apnap_from(self.active)
                .filter(|&p| self.is_opponent(ctx.controller, p))
                .collect(),
            PlayerRef::EachOtherPlayer => self
                .apnap_from(self.active)
                .filter(|&p| p != ctx.controller)
                .collect(),
            PlayerRef::Triggering => ctx.trigger.player.into_iter().collect(),
            PlayerRef::Flipper => ctx.flipper.into_iter().collect(),
            PlayerRef::NotWinningSubgame => self.not_winning_subgame(),
            // 606.7a: the one chosen (`Effect::Combat(CombatEffect::ChooseDefendingPlayer)`).
            PlayerRef::Defending => ctx
                .defending
                .or_else(|| self.defending_player_of(ctx.source))
                .into_iter()
                .collect(),
            PlayerRef::Most(q) => {
                crate::continuous::condition::player_with_most(self, q, ctx.source, ctx.controller)
                    .into_iter()
                    .collect()
            }
        }
    }

    fn controller_or_lki(&self, id: ObjId) -> PlayerId {
        match self.obj(id) {
            // A card put into a graveyard from play: its controller as it
            // last existed there (413.2f, "that creature's controller").
            Some(o) if matches!(o.zone, Zone::Graveyard(_)) => self
                .last_known_previous(id)
                .map_or(o.controller, |l| l.controller),
            Some(o) => o.controller,
            None => self
                .last_known(id)
                .map(|l| l.controller)
                .unwrap_or(self.objects[id.slot as usize].owner),
        }
    }

    /// Objects an effect refers to. A target that left its zone is kept (its
    /// id is stale) so that last known information can be read from it.
    /// 601.10–601.11: under the limited range of influence option only
    /// those within the controller's range (an object that left its zone
    /// by its last known controller).
    pub(crate) fn objects_of(&self, ctx: &ResolveCtx, r: &ObjectRef) -> Vec<ObjId> {
        let mut v = self.objects_of_all(ctx, r);
        if self.limited_range() {
            v.retain(|&o| self.object_within_range(ctx.controller, o));
        }
        v
    }

    fn objects_of_all(&self, ctx: &ResolveCtx, r: &ObjectRef) -> Vec<ObjId> {
        match r {
            ObjectRef::This => vec![ctx.source],
            ObjectRef::Target(i) => match ctx.targets.get(*i as usize) {
                Some(Target::Object(o)) if ctx.legal & (1 << i) != 0 || self.obj(*o).is_none() => {
                    vec![*o]
                }
                // 404.4: a delayed triggered ability a spell created has no
                // targets; "it" is the spell's first target as the spell
                // left it (`TriggerContext::spell_target`).
                None if *i == 0 && ctx.trigger.delayed => {
                    ctx.trigger.spell_target.into_iter().collect()
                }
                _ => vec![],
            },
            // 413.2f: an Aura or Equipment gone from play (sacrificed to
            // pay for the ability, Briar Shield) refers to what it was
            // attached to as it last existed, if that is still there.
            ObjectRef::Attached => match self.obj(ctx.source).map_or_else(
                || self.last_known(ctx.source).and_then(|l| l.attached_to),
                |o| o.attached_to,
            ) {
                Some(Target::Object(o)) if self.obj(o).is_some() => vec![o],
                _ => vec![],
            },
            ObjectRef::Triggering => ctx.trigger.object.into_iter().collect(),
            ObjectRef::AttachedAndEachSharingCreatureType => {
                let Some(t) = self.objects_of(ctx, &ObjectRef::Attached).first().copied() else {
                    return Vec::new();
                };
                let types = self.chars(t).subtypes;
                let mut v = vec![t];
                v.extend(self.in_play.iter().copied().filter(|&o| {
                    o != t
                        && self.is_present(o)
                        && self.chars(o).is_creature()
                        && self.chars(o).subtypes.shares_creature_type(&types)
                }));
                v
            }
            ObjectRef::TargetingSpellOrAbility => match ctx.trigger.by {
                Some(crate::Target::Object(o)) => vec![o],
                _ => Vec::new(),
            },
            ObjectRef::Sacrificed => ctx.sacrificed.into_iter().collect(),
            ObjectRef::Chosen => ctx.chosen.or(ctx.trigger.chosen).into_iter().collect(),
            ObjectRef::EachOtherThanChosen(f) => {
                let mut v = self.objects_of_all(ctx, &ObjectRef::Each(f.clone()));
                v.retain(|&o| Some(o) != ctx.chosen);
                v
            }
            // 217.7d: "those cards", "cards removed with [this]".
            ObjectRef::Removed(r) => self.removed_cards(ctx, r),
            // 404.4: a delayed ability's are those of the ability that
            // created it.
            ObjectRef::Created => ctx
                .created
                .or(ctx.trigger.created)
                .into_iter()
                .flat_map(|c| c.ids())
                .collect(),
            // 309: the blocks with the target in them now (blocker, attacker).
            ObjectRef::BlockingOrBlockedBy(i) => match ctx.target(*i) {
                Some(Target::Object(t)) => {
                    let mut v: Vec<ObjId> = self
                        .combat
                        .blocks
                        .iter()
                        .filter_map(|&(b, a)| {
                            if a == t {
                                Some(b)
                            } else if b == t {
                                Some(a)
                            } else {
                                None
                            }
                        })
                        .filter(|&o| self.is_present(o))
                        .collect();
                    v.sort_by_key(|o| o.slot);
                    v.dedup();
                    v
                }
                _ => vec![],
            },
            ObjectRef::InBlocksThisTurn { filter, with, side } => {
                self.in_blocks_this_turn(ctx, filter, with.as_deref(), *side)
            }
            ObjectRef::TargetAndEachSharingName { target, other } => {
                self.sharing_name(ctx, *target, other)
            }
            ObjectRef::TargetAndEachSharingColor { target, other } => self
                .sharing_color(ctx, *target, other)
                .into_iter()
                .filter_map(|t| match t {
                    Target::Object(o) => Some(o),
                    _ => None,
                })
                .collect(),
            // Each target from the i-th on, as `Target(i)` keeps each.
            ObjectRef::Targets(i) => (*i as usize..ctx.targets.len())
                .filter_map(|k| match ctx.targets[k] {
                    Target::Object(o) if ctx.legal & (1 << k) != 0 || self.obj(o).is_none() => {
                        Some(o)
                    }
                    _ => None,
                })
                .collect(),
            ObjectRef::TargetsMatching { from, filter } => self
                .objects_of(ctx, &ObjectRef::Targets(*from))
                .into_iter()
                .filter(|&o| {
                    self.is_present(o)
                        && crate::continuous::filter::matches(
                            self,
                            filter,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .collect(),
            ObjectRef::Each(f) => {
                // "creatures target player controls": that player's, if the
                // target is still legal (413.2b: else none).
                let controlled_by = match f.controller {
                    tolaria_cards::ControllerFilter::TargetPlayer(i) => match ctx.target(i) {
                        Some(Target::Player(p)) => Some(p),
                        // A target spell: its controller (Power Sink).
                        Some(Target::Object(o)) if self.obj(o).is_some() => {
                            Some(self.objects[o.slot as usize].controller)
                        }
                        _ => return Vec::new(),
                    },
                    _ => None,
                };
                self.in_play
                    .iter()
                    .copied()
                    .filter(|&o| {
                        self.is_present(o)
                            && controlled_by
                                .is_none_or(|p| self.objects[o.slot as usize].controller == p)
                            && crate::continuous::filter::matches(
                                self,
                                f,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .collect()
            }
        }
    }

    pub(crate) fn amount(&self, ctx: &ResolveCtx, a: &Amount) -> i32 {
        match a {
            Amount::Fixed(n) => *n,
            Amount::X => ctx.x as i32,
            Amount::Times(n, each) => n.saturating_mul(self.amount(ctx, each)),
            Amount::Minus(a, b) => (self.amount(ctx, a) - self.amount(ctx, b)).max(0),
            Amount::Least(a, b) => self.amount(ctx, a).min(self.amount(ctx, b)),
            Amount::Plus(n, a) => n.saturating_add(self.amount(ctx, a)),
            Amount::CountControlledBy(who, f) => {
                let Some(&p) = self.players_of(ctx, who).first() else {
                    return 0;
                };
                self.in_play
                    .iter()
                    .filter(|&&o| {
                        self.is_present(o)
                            && self.objects[o.slot as usize].controller == p
                            && crate::continuous::filter::matches(
                                self,
                                f,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                    })
                    .count() as i32
            }
            Amount::PowerOf(o) | Amount::ToughnessOf(o) => {
                let power = matches!(a, Amount::PowerOf(_));
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.is_in_play(id) {
                    let ch = crate::continuous::characteristics::compute(self, id);
                    if power {
                        ch.power
                    } else {
                        ch.toughness
                    }
                } else {
                    // 413.2f: last known information (of the permanent a
                    // card in a graveyard was, "that creature's toughness").
                    self.last_known(id)
                        .or_else(|| self.last_known_previous(id))
                        .map_or(0, |l| if power { l.power } else { l.toughness })
                }
            }
            Amount::OthersWithSameName { what, filter } => {
                // The object's name now, or as it last existed in play.
                let Some(&id) = self.objects_of(ctx, what).first() else {
                    return 0;
                };
                if !self.is_present(id) {
                    return 0;
                }
                let name = self.chars(id).name();
                self.in_play
                    .iter()
                    .filter(|&&o| {
                        o != id
                            && self.is_present(o)
                            && self.object_within_range(ctx.controller, o)
                            && crate::continuous::filter::matches(
                                self,
                                filter,
                                o,
                                Some(ctx.source),
                                ctx.controller,
                            )
                            && self.chars(o).has_name(name)
                    })
                    .count() as i32
            }
            Amount::CountRemoved => self
                .removed_cards(ctx, &tolaria_cards::RemovedCards::default())
                .len() as i32,
            Amount::CountOf(f) => self
                .in_play
                .iter()
                .filter(|&&o| {
                    self.is_present(o)
                        && self.object_within_range(ctx.controller, o)
                        && crate::continuous::filter::matches(
                            self,
                            f,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .count() as i32,
            // The APNAP order lists the players still in the game (600.4a).
            Amount::PlayersInGame => self.apnap_from(ctx.controller).count() as i32,
            Amount::CreaturesDiedThisTurn => self.creatures_died_this_turn as i32,
            Amount::DiedThisTurnOf(st) => self
                .died_this_turn
                .iter()
                .filter(|s| s.contains(*st) || (s.all_creature_types && st.is_creature_type()))
                .count() as i32,
            Amount::DamageDealtToYouThisTurn { artifacts } => {
                let p = self.player(ctx.controller);
                let n = if *artifacts {
                    p.artifact_damage_this_turn
                } else {
                    p.damage_this_turn
                };
                i32::try_from(n).unwrap_or(i32::MAX)
            }
            // 306.3: the attackers whose defending player is the controller.
            Amount::CreaturesAttackingYou => self
                .combat
                .attackers
                .iter()
                .filter(|a| a.defender.or(self.combat.defending) == Some(ctx.controller))
                .count() as i32,
            Amount::CardsInHand(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.player(*p).hand.len() as i32),
            Amount::CardsFewerThanInHand { who, than } => self
                .players_of(ctx, who)
                .first()
                .map_or(0, |p| (*than - self.player(*p).hand.len() as i32).max(0)),
            Amount::CardsInGraveyard(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.player(*p).graveyard.len() as i32),
            Amount::ColorsOf(o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                let colors = if self.obj(id).is_some() {
                    crate::continuous::characteristics::compute(self, id).colors
                } else {
                    // 413.2f: last known information.
                    self.last_known(id)
                        .map_or(tolaria_cards::ColorSet::EMPTY, |l| {
                            tolaria_cards::ColorSet(l.colors)
                        })
                };
                colors.iter().count() as i32
            }
            Amount::HighestCmcAmong(f) => {
                let you = ctx.controller;
                self.in_play
                    .iter()
                    .filter(|&&o| {
                        crate::continuous::filter::matches(self, f, o, Some(ctx.source), you)
                    })
                    .map(|&o| crate::continuous::filter::converted_mana_cost(self, o) as i32)
                    .max()
                    .unwrap_or(0)
            }
            Amount::DamageDealtToThisTurn(who) => self
                .players_of(ctx, who)
                .first()
                .map_or(0, |p| self.player(*p).damage_this_turn as i32),
            Amount::ConvertedManaCostOf(o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.obj(id).is_some() {
                    crate::continuous::filter::converted_mana_cost(self, id) as i32
                } else if let Some(l) = self.last_known(id) {
                    i32::from(l.converted_mana_cost)
                } else {
                    // A spell that has left the stack (Dovescape's "the
                    // spell's converted mana cost" after countering it):
                    // the card it became, whose mana cost is the same.
                    let slot = id.slot as usize;
                    let now = self.objects[slot].id(slot);
                    crate::continuous::filter::converted_mana_cost(self, now) as i32
                }
            }
            // The Shrines: every graveyard's cards sharing a name with the
            // object (505.6), read from its characteristics now or as it
            // last existed (413.2f).
            Amount::GraveyardCardsNamedAs(o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                let card = match self.obj(id) {
                    Some(_) => self.chars(id).card,
                    None => self.objects[id.slot as usize].card,
                };
                let names: Vec<&str> = tolaria_cards::db()
                    .get(card)
                    .faces
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect();
                self.players
                    .iter()
                    .flat_map(|p| p.graveyard.iter())
                    .filter(|&&c| {
                        tolaria_cards::db()
                            .get(self.objects[c.slot as usize].card)
                            .faces
                            .iter()
                            .any(|f| names.contains(&f.name.as_str()))
                    })
                    .count() as i32
            }
            Amount::GraveyardCardsMatching { who, filter } => {
                let players = match who {
                    Some(w) => self.players_of(ctx, w),
                    None => (0..self.players.len() as u8)
                        .map(PlayerId)
                        .filter(|&p| self.within_range(ctx.controller, p))
                        .collect(),
                };
                players
                    .iter()
                    .flat_map(|&p| self.player(p).graveyard.iter())
                    .filter(|&&c| {
                        crate::continuous::filter::matches_card(
                            filter,
                            self.objects[c.slot as usize].card,
                        )
                    })
                    .count() as i32
            }
            // Domain: the basic land types among the lands a player
            // controls, from their computed subtypes (205.3h).
            Amount::BasicLandTypes(p) => self.players_of(ctx, p).first().map_or(0, |&p| {
                self.controlled_by(p)
                    .fold(0u8, |seen, o| seen | self.chars(o).basic_land_type_bits())
                    .count_ones() as i32
            }),
            Amount::Triggered => ctx.trigger.amount as i32,
            Amount::FlipsWon => ctx.flips_won as i32,
            // Per affected player only (`amount_for`); with no player, none.
            Amount::HalfTheirLifeRoundedUp | Amount::HalfTheirLifeRoundedDown => 0,
            Amount::HalfLifeRoundedUp(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| (self.individual_life(*p).max(0) + 1) / 2),
            Amount::LifeTotal(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| self.individual_life(*p)),
            Amount::HalfLibraryRoundedDown(p) => self
                .players_of(ctx, p)
                .first()
                .map_or(0, |p| (self.player(*p).library.len() / 2) as i32),
            Amount::DoubledEachFlip(n) => {
                n.saturating_mul(1 << ctx.flips.saturating_sub(1).min(30))
            }
            Amount::CountTheyControl(_) => self.amount_for(ctx, a, ctx.controller),
            Amount::CreaturesBlocking(o) => self
                .objects_of(ctx, o)
                .first()
                .map_or(0, |&a| self.combat.blockers_of(a).count() as i32),
            Amount::BlockersBeyondFirst(o) => self.objects_of(ctx, o).first().map_or(0, |&a| {
                (self.combat.blockers_of(a).count() as i32 - 1).max(0)
            }),
            Amount::SacrificedPower => ctx.sacrificed_power,
            Amount::DamageDealtThisWay => ctx.damage_dealt as i32,
            Amount::DestroyedThisWay => ctx.destroyed as i32,
            Amount::SacrificedThisWay => ctx.sacrificed_this_way as i32,
            Amount::LifeLostThisWay => ctx.life_lost as i32,
            Amount::DiscardedThisWayByThem => ctx.discarded.len() as i32,
            Amount::DiscardedThisWay(f) => ctx
                .discarded
                .iter()
                .filter(|&&o| {
                    self.obj(o).is_some()
                        && crate::continuous::filter::matches(
                            self,
                            f,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .count() as i32,
            Amount::RevealedThisWay => ctx.revealed as i32,
            Amount::Revealed { filters, others } => self.revealed_count(ctx, filters, *others),
            Amount::UntappedLandsAtTurnStart(p) => self.players_of(ctx, p).first().map_or(0, |p| {
                i32::from(self.player(*p).untapped_lands_at_turn_start)
            }),
            Amount::DamageDealtCappedByTarget(i) => {
                let dealt = ctx.damage_dealt as i32;
                let cap = match ctx.targets.get(*i as usize) {
                    // Its life total before the damage (215.2: damage dealt
                    // to a player is that much life lost).
                    Some(Target::Player(p)) => self.life(*p) + dealt,
                    Some(Target::Object(o)) if self.is_in_play(*o) => self.chars(*o).toughness,
                    _ => 0,
                };
                dealt.min(cap).max(0)
            }
            Amount::LegalTargets(i) => (*i as usize..ctx.targets.len())
                .filter(|&k| ctx.legal & (1 << k) != 0)
                .count() as i32,
            Amount::CountersOn(kind, o) => {
                let Some(&id) = self.objects_of(ctx, o).first() else {
                    return 0;
                };
                if self.is_in_play(id) {
                    self.objects[id.slot as usize].counters_of(*kind) as i32
                } else {
                    // 413.2f: as it last existed in play.
                    self.last_known(id)
                        .map_or(0, |l| l.counters_of(*kind) as i32)
                }
            }
        }
    }

    /// An amount for one of the players an effect applies to: "for each
    /// creature they control" counts that player's (Stronghold Discipline).
    pub(crate) fn amount_for(&self, ctx: &ResolveCtx, a: &Amount, p: PlayerId) -> i32 {
        match a {
            Amount::CountTheyControl(f) => self
                .in_play
                .iter()
                .filter(|&&o| {
                    self.is_present(o)
                        && self.objects[o.slot as usize].controller == p
                        && crate::continuous::filter::matches(
                            self,
                            f,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .count() as i32,
            Amount::Times(n, each) => n.saturating_mul(self.amount_for(ctx, each, p)),
            Amount::Plus(n, a) => n.saturating_add(self.amount_for(ctx, a, p)),
            // 606.9a: an individual's life total.
            Amount::HalfTheirLifeRoundedUp => (self.individual_life(p).max(0) + 1) / 2,
            Amount::HalfTheirLifeRoundedDown => self.individual_life(p).max(0) / 2,
            // Mind Bomb: the cards this player discarded this way.
            Amount::DiscardedThisWayByThem => ctx
                .discarded
                .iter()
                .filter(|&&o| self.objects[o.slot as usize].owner == p)
                .count() as i32,
            _ => self.amount(ctx, a),
        }
    }

    /// Radiance: the target creature and each other creature in play that
    /// shares a colour with it (`Recipient::TargetAndEachSharingColor`).
    pub(crate) fn radiance(&self, ctx: &ResolveCtx, i: u8) -> Vec<Target> {
        self.sharing_color(ctx, i, &tolaria_cards::ObjectFilter::creature())
    }

    /// The `i`-th target and each other permanent in play matching `other`
    /// with the same name now, as the effect resolves (Echoing Ruin); an
    /// illegal target (413.2b) names nothing, a face-down one (504.2: no
    /// name) shares a name with nothing.
    fn sharing_name(
        &self,
        ctx: &ResolveCtx,
        i: u8,
        other: &tolaria_cards::ObjectFilter,
    ) -> Vec<crate::ObjId> {
        let Some(Target::Object(t)) = ctx.target(i) else {
            return Vec::new();
        };
        let ch = self.chars(t);
        let mut v = vec![t];
        if ch.name().is_empty() || self.objects[t.slot as usize].is_face_down() {
            return v;
        }
        v.extend(self.in_play.iter().copied().filter(|&o| {
            o != t
                && self.is_present(o)
                && !self.objects[o.slot as usize].is_face_down()
                && self.chars(o).has_name(ch.name())
                && crate::continuous::filter::matches(
                    self,
                    other,
                    o,
                    Some(ctx.source),
                    ctx.controller,
                )
        }));
        v
    }

    /// Radiance: the `i`-th target and each other permanent in play matching
    /// `other` that shares a colour with it now, as the effect resolves
    /// (419.7d: permanents that change colour or come into play later are
    /// not included). A colourless target shares a colour with nothing; an
    /// illegal target (413.2b) names nothing.
    pub(crate) fn sharing_color(
        &self,
        ctx: &ResolveCtx,
        i: u8,
        other: &tolaria_cards::ObjectFilter,
    ) -> Vec<Target> {
        let Some(Target::Object(t)) = ctx.target(i) else {
            return Vec::new();
        };
        let colors = self.chars(t).colors;
        let mut v = vec![Target::Object(t)];
        v.extend(
            self.in_play
                .iter()
                .copied()
                .filter(|&o| o != t && self.is_present(o))
                .filter(|&o| {
                    self.chars(o).colors.intersects(colors)
                        && crate::continuous::filter::matches(
                            self,
                            other,
                            o,
                            Some(ctx.source),
                            ctx.controller,
                        )
                })
                .map(Target::Object),
        );
        v
    }

    /// 309.2e: the permanents in play matching `filter` that were in a
    /// block this turn with `with` (any creature if `None`), on `side`
    /// ("creatures that blocked or were blocked by it this turn"). The
    /// other creature need not be in play any more (Gaze of the Gorgon's
    /// ruling); a permanent that left play since is a new object (217.1c).
    fn in_blocks_this_turn(
        &self,
        ctx: &ResolveCtx,
        filter: &tolaria_cards::ObjectFilter,
        with: Option<&ObjectRef>,
        side: tolaria_cards::BlockSide,
    ) -> Vec<ObjId> {
        use tolaria_cards::BlockSide;
        let partners: Option<Vec<ObjId>> = with.map(|w| self.objects_of_all(ctx, w));
        let is_partner = |o: ObjId| partners.as_ref().is_none_or(|v| v.contains(&o));
        let mut v: Vec<ObjId> = Vec::new();
        for &(b, a) in &self.blocks_this_turn {
            if matches!(side, BlockSide::Blocked | BlockSide::Either) && is_partner(a) {
                v.push(b);
            }
            if matches!(side, BlockSide::WasBlocked | BlockSide::Either) && is_partner(b) {
                v.push(a);
            }
        }
        v.sort_by_key(|o| o.slot);
        v.dedup();
        v.retain(|&o| {
            self.is_present(o)
                && crate::continuous::filter::matches(
                    self,
                    filter,
                    o,
                    Some(ctx.source),
                    ctx.controller,
                )
        });
        v
    }
}
