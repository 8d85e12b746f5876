//! Declaring attackers (308) and blockers (309) with the legality of 500
//! and the evasion keywords of 502; combat damage (310) is in
//! `combat_damage.rs`.

use crate::continuous::characteristics::{compute, Characteristics};
use crate::state::progress::Flow;
use crate::turn::combat::Attacker;
use crate::{Action, Decision, DecisionKind, Event, Game, ObjId, Target};
use tolaria_cards::{Ability, BlockRule, Keyword, StaticAbility, Subtype, Trigger};

pub(super) fn statics(ch: &Characteristics) -> impl Iterator<Item = &'static StaticAbility> {
    ch.abilities().iter().filter_map(|a| match a {
        Ability::Static(s) => Some(s),
        _ => None,
    })
}

impl Game {
    /// Does a static ability of a permanent in play, of the kind `pick`
    /// selects, affect `id` (418.2: the affected set is checked now)?
    fn static_affects(
        &self,
        id: ObjId,
        pick: impl Fn(&'static StaticAbility) -> Option<&'static tolaria_cards::Affected>,
    ) -> bool {
        self.statics_affecting(id, pick, |_| true)
    }

    /// Visits each static ability of a permanent in play, of the kind
    /// `pick` selects, that affects `id` now (418.2), until `visit` says
    /// stop (true); whether it stopped.
    pub(super) fn statics_affecting(
        &self,
        id: ObjId,
        pick: impl Fn(&'static StaticAbility) -> Option<&'static tolaria_cards::Affected>,
        mut visit: impl FnMut(&'static StaticAbility) -> bool,
    ) -> bool {
        if !self.may_have_statics() {
            return false;
        }
        for &src in &self.in_play {
            let so = &self.objects[src.slot as usize];
            if so.flags & crate::state::object::flags::STATICS == 0 || so.is_phased_out() {
                continue;
            }
            let sch = crate::continuous::characteristics::compute(self, src);
            let now = statics(&sch).filter_map(|s| self.static_now(s, src, so.controller));
            for s in now {
                let Some(aff) = pick(s) else {
                    continue;
                };
                let hit = match aff {
                    tolaria_cards::Affected::This => src == id,
                    tolaria_cards::Affected::Attached => so.attached_to == Some(Target::Object(id)),
                    tolaria_cards::Affected::Each(f) => {
                        crate::continuous::filter::matches(self, f, id, Some(src), so.controller)
                    }
                };
                if hit && visit(s) {
                    return true;
                }
            }
        }
        false
    }

    /// 308.2d: the generic mana it costs to attack with `id` itself,
    /// whichever player it attacks ("Enchanted creature can't attack
    /// unless its controller pays {3}", Brainwash; several add up).
    pub(crate) fn own_attack_cost(&self, id: ObjId) -> u32 {
        let mut n = 0u32;
        self.statics_affecting(
            id,
            |s| match s {
                StaticAbility::AttackCostOf { affected, .. } => Some(affected),
                _ => None,
            },
            |s| {
                if let StaticAbility::AttackCostOf { generic, .. } = s {
                    n = n.saturating_add(*generic);
                }
                false
            },
        );
        n
    }

    /// 302.2: does a static ability keep this permanent from untapping?
    pub(crate) fn doesnt_untap(&self, id: ObjId) -> bool {
        self.static_affects(id, |s| match s {
            StaticAbility::DoesntUntap(a) => Some(a),
            _ => None,
        })
    }

    /// Static restrictions that other permanents put on `id` ("Enchanted creature can't attack").
    fn restricted(&self, id: ObjId, attack: bool) -> bool {
        self.static_affects(id, |s| match (s, attack) {
            (StaticAbility::CantAttack(a), true) | (StaticAbility::CantBlock(a), false) => Some(a),
            _ => None,
        })
    }

    /// 308.2a / 500: could this creature attack (some player it may
    /// attack, 602.3a)? Never when the active player has no one to attack
    /// (604.1a/b, 607.3c, 609.4: no defending player).
    pub fn can_attack(&self, id: ObjId) -> bool {
        let Some(def) = self.combat.defending else {
            return false;
        };
        if !self.attacks_multiple() {
            return self.can_attack_player(id, def);
        }
        let active = self.active;
        self.opponents(active)
            .any(|p| self.may_attack(active, p) && self.can_attack_player(id, p))
    }

    /// The test of the object itself that `can_attack_player` begins with
    /// (606.7a: its controller is an attacking player; untapped, phased
    /// in): false means it can attack no one.
    #[inline(always)]
    pub(crate) fn may_attack_at_all(&self, id: ObjId) -> bool {
        let o = &self.objects[id.slot as usize];
        self.is_active(o.controller)
            && !o.is_tapped()
            && !o.is_phased_out()
            && o.this_turn & crate::state::object::this_turn::CANT_ATTACK == 0
    }

    /// 308.2a / 500 with 602.3a: could this creature attack `def`? The
    /// restrictions about the player attacked ("can't attack unless
    /// defending player controls an Island") are judged against `def`.
    pub fn can_attack_player(&self, id: ObjId, def: crate::PlayerId) -> bool {
        let o = &self.objects[id.slot as usize];
        if !self.may_attack_at_all(id) {
            return false;
        }
        let ch = self.chars(id);
        if !ch.is_creature() {
            return false;
        }
        // Island Sanctuary: "you can't be attacked except by creatures
        // with flying and/or islandwalk".
        if !self.sanctuaries.is_empty()
            && self
                .defending_side(def)
                .any(|d| self.sanctuaries.contains(&d))
            && !ch.has(Keyword::Flying)
            && !ch.has(Keyword::Islandwalk)
        {
            return false;
        }
        // 502.40: "can attack as though it didn't have defender" (Animate
        // Wall); looked for only on a creature with defender.
        // "can attack this turn as though it didn't have defender" (Mirror
        // Wall, Wakestone Gargoyle).
        if ch.has(Keyword::Defender)
            && o.this_turn & crate::state::object::this_turn::ATTACKS_DESPITE_DEFENDER == 0
            && !self
                .defender_attack_rules
                .iter()
                .any(|(you, f)| crate::continuous::filter::matches(self, f, id, None, *you))
            && !self.static_affects(id, |s| match s {
                StaticAbility::AttacksAsThoughNoDefender(a) => Some(a),
                _ => None,
            })
        {
            return false;
        }
        // 212.3f: "can attack as though it had haste" (Instill Energy).
        if o.is_sick()
            && !ch.has(Keyword::Haste)
            && !self.static_affects(id, |s| match s {
                StaticAbility::AttacksAsThoughHaste(a) => Some(a),
                _ => None,
            })
        {
            return false;
        }
        // 500.1: "can't attack unless defending player controls an Island"
        // (Sea Monster).
        // 500.1: "can't attack if defending player controls an untapped
        // creature with power 3 or greater" (Orgg).
        // 500.1: "can't attack unless you control more lands than defending
        // player" (Monstrous Hound); 606.7a: yes if either defending
        // player's comparison is.
        for s in statics(&ch) {
            let (f, unless) = match s {
                StaticAbility::CantAttackUnlessDefenderControls(f) => (f, true),
                StaticAbility::CantAttackIfDefenderControls(f) => (f, false),
                StaticAbility::CantAttackUnlessMoreThanDefender(f) => {
                    let yours = self.count_controlled(o.controller, f, false);
                    if !self
                        .defending_side(def)
                        .any(|d| yours > self.count_controlled(d, f, false))
                    {
                        return false;
                    }
                    continue;
                }
                _ => continue,
            };
            // 606.7a: a positive comparison is "yes" if either defending
            // player's would be.
            let controls = self.defending_side(def).any(|d| {
                self.controlled_by(d)
                    .any(|x| crate::continuous::filter::matches(self, f, x, Some(id), o.controller))
            });
            if controls != unless {
                return false;
            }
        }
        // 500.1 with 602.3a: "can't attack you" (Teferi's Moat) of a
        // permanent `def` controls; 606.7b: of either defending player of
        // the team.
        if self.any_static_in_play(|s, src, controller| {
            matches!(s, StaticAbility::CantAttackYou(tolaria_cards::Affected::Each(f))
                if self.defending_side(def).any(|d| d == controller)
                    && crate::continuous::filter::matches(self, f, id, Some(src), controller))
        }) {
            return false;
        }
        !self.restricted(id, true)
    }

    /// 502.6: may `blocker` block as though the attacker didn't have
    /// landwalk `k` ("Creatures with swampwalk can be blocked as though
    /// they didn't have swampwalk", Quagmire; Street Savvy's enchanted
    /// creature)?
    /// `k` is `None` for a landwalk that isn't a keyword (legendary or snow
    /// landwalk, `Ability::Landwalk`), which only the effects naming every
    /// landwalk ignore.
    fn landwalk_ignored(&self, k: Option<Keyword>, blocker: ObjId) -> bool {
        self.any_static_in_play(
            |s, _, _| matches!(s, StaticAbility::LandwalkIgnored(w) if w.is_none() || *w == k),
        ) || self.static_affects(blocker, |s| match s {
            StaticAbility::CanBlockLandwalkers(x) => Some(x),
            _ => None,
        })
    }

    /// How many attackers `blocker` may block (1, plus one for each "can
    /// block an additional creature each combat", High Ground; any number
    /// with "can block any number of creatures", Ironfist Crusher; and
    /// those "this turn", Mounted Archers and Valor Made Real).
    pub(crate) fn block_capacity(&self, blocker: ObjId) -> usize {
        let mut n = match self.objects[blocker.slot as usize].extra_blocks_this_turn {
            u8::MAX => return usize::MAX,
            extra => 1 + extra as usize,
        };
        self.any_static_on(blocker, |s, _| {
            match s {
                StaticAbility::CanBlockAdditional(_) => n += 1,
                StaticAbility::CanBlockAnyNumber(_) => n = usize::MAX,
                _ => {}
            }
            n == usize::MAX
        });
        n
    }

    /// 309.2a / 500 / 502: could `blocker` block `attacker` (given the blocks declared so far)?
    pub fn can_block(&self, blocker: ObjId, attacker: ObjId) -> bool {
        let o = &self.objects[blocker.slot as usize];
        // 606.7c: creatures of either defending player can block.
        if !self.is_defending(o.controller)
            || o.is_tapped()
            || o.is_phased_out()
            || o.this_turn & crate::state::object::this_turn::CANT_BLOCK != 0
        {
            return false;
        }
        // A creature blocks one attacker, or more with High Ground; never
        // the same attacker twice.
        if self.combat.is_blocking(blocker)
            && (self.combat.blocks.contains(&(blocker, attacker))
                || self.combat.blocked_by(blocker).count() >= self.block_capacity(blocker))
        {
            return false;
        }
        if self.combat.blockers_of(attacker).next().is_some() && self.max_one_blocker(attacker) {
            return false;
        }
        self.can_block_pair(blocker, attacker)
    }

    /// "[This] can't be blocked by more than one creature."
    pub(crate) fn max_one_blocker(&self, attacker: ObjId) -> bool {
        (self.objects[attacker.slot as usize].flags & crate::state::object::flags::STATICS != 0
            && statics(&self.chars(attacker))
                .any(|s| matches!(s, StaticAbility::CantBeBlockedByMoreThanOne)))
            // Familiar Ground's, Vorrac Battlehorns' (500.1).
            || self.any_static_on(attacker, |s, _| {
                matches!(
                    s,
                    StaticAbility::BlockRestriction {
                        rule: BlockRule::AtMostOne,
                        ..
                    }
                )
            })
    }

    /// 500.1 / 502: could `blocker` block `attacker`, the restrictions on
    /// the pair alone considered (not how many it already blocks)?
    pub(crate) fn can_block_pair(&self, blocker: ObjId, attacker: ObjId) -> bool {
        let o = &self.objects[blocker.slot as usize];
        if !self.is_defending(o.controller)
            || o.is_tapped()
            || o.is_phased_out()
            || o.this_turn & crate::state::object::this_turn::CANT_BLOCK != 0
        {
            return false;
        }
        // 602.4a: only creatures attacking the blocker's controller.
        if self.attacks_multiple() && self.defender_of(attacker) != Some(o.controller) {
            return false;
        }
        let b = self.chars(blocker);
        if !b.is_creature() || self.restricted(blocker, false) {
            return false;
        }
        // "can't be blocked this turn" (Crafty Pathmage).
        if self.objects[attacker.slot as usize].this_turn
            & crate::state::object::this_turn::UNBLOCKABLE
            != 0
            || self.combat.unblockable.contains(&attacker)
            || self.cant_block_pairs.contains(&(blocker, attacker))
        {
            return false;
        }
        // "can't be blocked this turn except by Walls" (Varchild's Crusader).
        if self
            .block_rules_this_turn
            .iter()
            .any(|(o, src, you, rule)| {
                *o == attacker
                    && match rule {
                        BlockRule::NotBy(f) => crate::continuous::filter::matches_with(
                            self,
                            f,
                            blocker,
                            &b,
                            Some(*src),
                            *you,
                        ),
                        BlockRule::OnlyBy(f) => !crate::continuous::filter::matches_with(
                            self,
                            f,
                            blocker,
                            &b,
                            Some(*src),
                            *you,
                        ),
                        _ => false,
                    }
            })
        {
            return false;
        }
        let a = self.chars(attacker);
        // 502.4 flying / 502.70 reach.
        if a.has(Keyword::Flying) && !b.has(Keyword::Flying) && !b.has(Keyword::Reach) {
            return false;
        }
        // 502.8 shadow; "can block creatures with shadow as though they
        // didn't have shadow" (Aetherflame Wall).
        if a.has(Keyword::Shadow) != b.has(Keyword::Shadow)
            && !(a.has(Keyword::Shadow)
                && self.static_affects(blocker, |s| match s {
                    StaticAbility::CanBlockShadow(x) => Some(x),
                    _ => None,
                }))
        {
            return false;
        }
        // 502.17 horsemanship.
        if a.has(Keyword::Horsemanship) && !b.has(Keyword::Horsemanship) {
            return false;
        }
        // 502.25 fear: only artifact and/or black creatures.
        if a.has(Keyword::Fear)
            && !b.is(tolaria_cards::CardType::Artifact)
            && !b.colors.contains(tolaria_cards::Color::Black)
        {
            return false;
        }
        // 502.7 protection: can't be blocked by creatures with the quality.
        if a.protected_from_object(&b) {
            return false;
        }
        // 502.6 landwalk (606.7c: either defending player's land).
        let defender = o.controller;
        for k in a.keywords.iter() {
            if let Some(lt) = k.landwalk_type() {
                if self.landwalk_ignored(Some(k), blocker) {
                    continue;
                }
                let st = Subtype::of_basic(lt);
                if self.defending_side(defender).any(|d| {
                    self.controlled_by(d)
                        .any(|l| compute(self, l).subtypes.contains(st))
                }) {
                    return false;
                }
            }
        }
        // 502.6a, 502.6c: legendary, nonbasic and snow landwalk.
        for f in a.landwalks() {
            if !self.landwalk_ignored(None, blocker)
                && self.defending_side(defender).any(|d| {
                    self.controlled_by(d).any(|l| {
                        crate::continuous::filter::matches(self, f, l, Some(attacker), a.controller)
                    })
                })
            {
                return false;
            }
        }
        for s in statics(&a) {
            match s {
                StaticAbility::Unblockable => return false,
                StaticAbility::BlockableOnlyBy(f)
                    if !crate::continuous::filter::matches_with(
                        self,
                        f,
                        blocker,
                        &b,
                        Some(attacker),
                        a.controller,
                    ) =>
                {
                    return false;
                }
                // 309.1: "except by A and/or B": a blocker matching neither can't block.
                StaticAbility::BlockableOnlyByEither(fa, fb)
                    if ![fa, fb].into_iter().any(|f| {
                        crate::continuous::filter::matches_with(
                            self,
                            f,
                            blocker,
                            &b,
                            Some(attacker),
                            a.controller,
                        )
                    }) =>
                {
                    return false;
                }
                _ => {}
            }
        }
        // 500.1: "Creatures with flying can block only creatures with
        // flying" (Dense Canopy), an Aura's (Air Bladder).
        if !a.has(Keyword::Flying)
            && self.any_static_on(blocker, |s, _| {
                matches!(s, StaticAbility::BlocksOnlyFlyers(_))
            })
        {
            return false;
        }
        for s in statics(&b) {
            match s {
                StaticAbility::CanBlockOnlyFlyers if !a.has(Keyword::Flying) => return false,
                // 500.1: "can't block unless you control more lands than
                // attacking player" (Monstrous Hound); 606.7a: yes if
                // either attacking player's comparison is.
                StaticAbility::CantBlockUnlessMoreThanAttacker(f) => {
                    let yours = self.count_controlled(b.controller, f, false);
                    if !self
                        .active_players()
                        .any(|q| yours > self.count_controlled(q, f, false))
                    {
                        return false;
                    }
                }
                // 500.1: "can't block creatures with power 2 or greater"
                // (Ironclaw Orcs).
                StaticAbility::CantBlockCreatures(f)
                    if crate::continuous::filter::matches_with(
                        self,
                        f,
                        attacker,
                        &a,
                        Some(blocker),
                        b.controller,
                    ) =>
                {
                    return false
                }
                _ => {}
            }
        }
        // 500.1 restrictions from static abilities that affect the attacker
        // (its own "can't be blocked by Walls", an Aura's or Equipment's).
        let restricted = self.any_static_on(attacker, |s, src| match s {
            StaticAbility::BlockRestriction { rule, .. } => match rule {
                BlockRule::Unblockable => true,
                BlockRule::NotBy(f) => crate::continuous::filter::matches_with(
                    self,
                    f,
                    blocker,
                    &b,
                    Some(src),
                    self.objects[src.slot as usize].controller,
                ),
                BlockRule::OnlyBy(f) => !crate::continuous::filter::matches_with(
                    self,
                    f,
                    blocker,
                    &b,
                    Some(src),
                    self.objects[src.slot as usize].controller,
                ),
                BlockRule::OnlyByEither(fa, fb) => ![fa, fb].into_iter().any(|f| {
                    crate::continuous::filter::matches_with(
                        self,
                        f,
                        blocker,
                        &b,
                        Some(src),
                        self.objects[src.slot as usize].controller,
                    )
                }),
                // A restriction on the whole declaration (`turn/blocks.rs`).
                BlockRule::AtLeast(_) | BlockRule::AtMostOne => false,
            },
            _ => false,
        });
        !restricted
    }

    /// Attack requirements (500): creatures that attack each turn if able.
    pub(crate) fn must_attack(&self, id: ObjId) -> bool {
        // An Aura's "enchanted creature attacks each combat if able"
        // (Uncontrollable Anger).
        if self.any_static_on(id, |s, _| matches!(s, StaticAbility::MustAttack(_))) {
            return true;
        }
        // "Target creature attacks this turn if able." (Boiling Blood).
        if self.objects[id.slot as usize].this_turn & crate::state::object::this_turn::ATTACKS != 0
        {
            return true;
        }
        if self.objects[id.slot as usize].flags & crate::state::object::flags::STATICS == 0 {
            return false;
        }
        let ch = compute(self, id);
        statics(&ch).any(|s| matches!(s, StaticAbility::AttacksEachTurn))
    }

    pub(crate) fn start_declare_attackers(&mut self) {
        // `can_attack_player`'s first test, inline (issue 22): a permanent
        // of a nonactive player, tapped or phased out costs no call
        // (`can_attack` implies `may_attack_at_all`).
        let any = self
            .in_play
            .iter()
            .any(|&id| self.may_attack_at_all(id) && self.can_attack(id));
        if any {
            self.decision = Some(Decision {
                player: self.active,
                kind: DecisionKind::DeclareAttackers,
            });
            self.flow = Flow::Declaring;
        } else {
            self.flow = Flow::Priority(self.active);
        }
    }

    /// The declarations still open to the attacking player.
    pub(crate) fn attack_options(&self, out: &mut Vec<Action>) {
        // 308.2d: a cost to attack (Windborn Muse, Propaganda): one more
        // attacker only if the total cost could still be paid; 500.2:
        // creatures with costs to attack are exempt from requirements to
        // attack. Under 602 each attacker's cost is the one of the player
        // it attacks (602.3a), so the choice of player is judged too.
        let so_far = self.attack_cost_total();
        let any_cost = so_far > 0 || self.attack_costs_exist();
        // Payable with the mana left once the attackers, this one too, have
        // become tapped (308.2c comes before 308.2e): judged on a copy.
        let payable = |cand: ObjId, cost: u32| {
            let mut g = self.clone();
            let list = self.combat.attackers.iter().map(|a| a.obj);
            for a in list.chain(std::iter::once(cand)) {
                if !compute(self, a).has(Keyword::Vigilance) {
                    g.objects[a.slot as usize].set_tapped(true);
                }
            }
            // 308.2d: the creature's controller pays for it (606.7b: each
            // player of the attacking team pays for their own creatures).
            let payer = self.objects[cand.slot as usize].controller;
            let so_far = if self.two_headed() {
                self.attack_cost_paid_by(payer)
            } else {
                so_far
            };
            let u = crate::Unpaid {
                generic: so_far.saturating_add(cost),
                ..Default::default()
            };
            g.can_pay(payer, &u, None)
        };
        let active = self.active;
        let each = if any_cost { self.attack_cost_each() } else { 0 };
        let sacrifices = self.attack_sacrifices_exist();
        for &id in &self.in_play {
            // `can_attack_player`'s first test, inline: a permanent of a
            // nonactive player, tapped or phased out costs no call.
            if !self.may_attack_at_all(id) || self.combat.is_attacking(id) || !self.can_attack(id) {
                continue;
            }
            // 308.2d: "can't attack unless you sacrifice two Islands"
            // (Leviathan): only with the permanents to sacrifice.
            if sacrifices && !self.attack_sacrifices_feasible(Some(id)) {
                continue;
            }
            if self.attacks_multiple() {
                // 602.3: the attacker chooses a defending player for it;
                // 602.3a: restrictions and costs about attacking a specific
                // player are judged against that player alone.
                for player in self.opponents(active) {
                    if !self.may_attack(active, player)
                        || !self.can_attack_player(id, player)
                        || !self.attack_limit_allows(id, Some(player))
                    {
                        continue;
                    }
                    let cost = if any_cost {
                        self.attack_cost_for(player)
                            .saturating_add(self.own_attack_cost(id))
                    } else {
                        0
                    };
                    if cost > 0 && !payable(id, cost) {
                        continue;
                    }
                    out.push(Action::AttackPlayer {
                        attacker: id,
                        player,
                    });
                }
                continue;
            }
            // 500.2: "No more than two creatures can attack each combat."
            if !self.attack_limit_allows(id, None) {
                continue;
            }
            let cost = if any_cost {
                each.saturating_add(self.own_attack_cost(id))
            } else {
                0
            };
            if cost > 0 {
                if payable(id, cost) {
                    out.push(Action::Attack(id));
                }
                continue;
            }
            out.push(Action::Attack(id));
        }
        self.band_options(out);
        if !self.attack_requirement_unmet(any_cost, each) {
            out.push(Action::Done);
        }
    }

    /// 500.2: may the declaration of attackers be finished now (`Done`,
    /// as `attack_options` lists it)?
    pub(crate) fn attackers_done_legal(&self) -> bool {
        let any_cost = self.attack_cost_total() > 0 || self.attack_costs_exist();
        let each = if any_cost { self.attack_cost_each() } else { 0 };
        !self.attack_requirement_unmet(any_cost, each)
    }

    /// 500.2: some creature not attacking must attack and could, at no
    /// cost (a requirement binds only where no cost to attack applies,
    /// 308.2d; under 602 a player it could attack for free). `any_cost`
    /// and `each` as `attack_options` finds them. The cheap test of the
    /// requirement comes first.
    fn attack_requirement_unmet(&self, any_cost: bool, each: u32) -> bool {
        // Without a static ability in play (`may_have_statics`: no
        // permanent has `flags::STATICS` either), only "attacks this turn
        // if able" (`this_turn::ATTACKS`) makes a creature `must_attack`:
        // looked for first, one flag per permanent.
        if !self.may_have_statics()
            && !self.in_play.iter().any(|&id| {
                self.objects[id.slot as usize].this_turn & crate::state::object::this_turn::ATTACKS
                    != 0
            })
        {
            debug_assert!(!self.attack_requirement_search(any_cost, each));
            return false;
        }
        self.attack_requirement_search(any_cost, each)
    }

    /// [`Game::attack_requirement_unmet`]'s search of the permanents.
    fn attack_requirement_search(&self, any_cost: bool, each: u32) -> bool {
        let active = self.active;
        self.in_play.iter().any(|&id| {
            if !self.may_attack_at_all(id)
                || self.combat.is_attacking(id)
                || !self.must_attack(id)
                || !self.can_attack(id)
                // 308.2d: a sacrifice to attack is a cost: no requirement.
                || !self.own_attack_sacrifices(id).is_empty()
            {
                return false;
            }
            if self.attacks_multiple() {
                self.opponents(active).any(|player| {
                    self.may_attack(active, player)
                        && self.can_attack_player(id, player)
                        && (!any_cost || self.attack_cost_for(player) == 0)
                        && self.attack_limit_allows(id, Some(player))
                })
            } else {
                // 500.4: a requirement a limit keeps from being obeyed.
                each == 0 && self.attack_limit_allows(id, None)
            }
        })
    }

    pub(crate) fn on_declare_attackers(&mut self, action: Action) {
        match action {
            Action::Attack(id) => {
                self.combat.attackers.push(Attacker {
                    obj: id,
                    blocked: false,
                    band: 0,
                    defender: None,
                });
                // Declared, not yet an event (308.2g, 309.2): effects that
                // read combat status see it now (`is_attacking`).
                self.status_changed();
                self.decision = Some(Decision {
                    player: self.active,
                    kind: DecisionKind::DeclareAttackers,
                });
                self.flow = Flow::Declaring;
            }
            Action::AttackPlayer { attacker, player } => {
                self.combat.attackers.push(Attacker {
                    obj: attacker,
                    blocked: false,
                    band: 0,
                    defender: Some(player),
                });
                // Declared, not yet an event (308.2g, 309.2): effects that
                // read combat status see it now (`is_attacking`).
                self.status_changed();
                self.decision = Some(Decision {
                    player: self.active,
                    kind: DecisionKind::DeclareAttackers,
                });
                self.flow = Flow::Declaring;
            }
            Action::Band { creature, with } => {
                self.join_band(creature, with);
                self.decision = Some(Decision {
                    player: self.active,
                    kind: DecisionKind::DeclareAttackers,
                });
                self.flow = Flow::Declaring;
            }
            Action::Done => {
                let list: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
                let total = self.attack_cost_total();
                // 308.2d: sacrifices to attack (Leviathan), made after the
                // mana is paid (308.2f: costs are paid in any order).
                let sacrifices = if self.attack_sacrifices_exist() {
                    self.attack_sacrifices_owed()
                } else {
                    Vec::new()
                };
                if (total > 0 || !sacrifices.is_empty()) && !list.is_empty() {
                    // 308.2c: the attackers become tapped; 308.2d: the total
                    // cost is locked in, then paid (308.2e–f).
                    for &id in &list {
                        if !compute(self, id).has(Keyword::Vigilance) {
                            self.tap(id);
                        }
                    }
                    self.combat.attack_cost = total;
                    self.combat.attack_sacrifices = sacrifices;
                    self.combat.attack_cost_payers = if total == 0 {
                        Vec::new()
                    } else if self.two_headed() {
                        let payers: Vec<crate::PlayerId> = self.active_players().collect();
                        payers
                            .into_iter()
                            .map(|p| (p, self.attack_cost_paid_by(p)))
                            .filter(|&(_, n)| n > 0)
                            .collect()
                    } else {
                        vec![(self.active, total)]
                    };
                    self.combat.attack_cost_unpaid = self
                        .combat
                        .attack_cost_payers
                        .first()
                        .map_or(0, |&(_, n)| n);
                    self.continue_attack_cost();
                    return;
                }
                // 308.2c: attacking creatures become tapped (vigilance: 502.14).
                for id in list {
                    if !compute(self, id).has(Keyword::Vigilance) {
                        self.tap(id);
                    }
                    let card = self.objects[id.slot as usize].card;
                    self.objects[id.slot as usize].flags |=
                        crate::state::object::flags::ATTACKED_THIS_TURN;
                    self.objects[id.slot as usize].control_marks |=
                        crate::state::object::marks::ATTACKED_OWN_TURN;
                    self.combat.declared(id);
                    self.emit(Event::AttackerDeclared { obj: id, card });
                }
                self.emit_bands();
                crate::resolution::triggers::creatures_attack_you_triggers(self);
                self.flow = Flow::Priority(self.active);
            }
            _ => {}
        }
    }

    /// 308.2d: the generic mana each creature attacking the defending
    /// player costs ("Creatures can't attack you unless their controller
    /// pays {2} for each creature they control that's attacking you").
    pub(crate) fn attack_cost_each(&self) -> u32 {
        match self.combat.defending {
            // 606.7b: each defending player's effect applies to attacking
            // the team.
            Some(def) => self
                .defending_side(def)
                .map(|d| self.attack_cost_for(d))
                .fold(0u32, u32::saturating_add),
            None => 0,
        }
    }

    /// 308.2d: the cost to attack `def` with one creature: the sum of the
    /// "{N} for each creature … attacking you" abilities of the permanents
    /// `def` controls (Windborn Muse, Propaganda; 602.3a: in a game where
    /// several players are attacked, each attacked player's own).
    pub(crate) fn attack_cost_for(&self, def: crate::PlayerId) -> u32 {
        let mut n = 0u32;
        self.any_static_in_play(|s, _, controller| {
            if let StaticAbility::AttackCostPerCreature { generic } = s {
                if controller == def {
                    n = n.saturating_add(*generic);
                }
            }
            false
        });
        n
    }

    /// Whether any permanent in play has a cost to attack (a cheap test
    /// before judging each attacker).
    pub(crate) fn attack_costs_exist(&self) -> bool {
        self.any_static_in_play(|s, _, _| {
            matches!(
                s,
                StaticAbility::AttackCostPerCreature { .. } | StaticAbility::AttackCostOf { .. }
            )
        })
    }

    /// 308.2d: the total cost to attack with the creatures declared so
    /// far, each counted for the player it attacks (602.3a).
    pub(crate) fn attack_cost_total(&self) -> u32 {
        if self.combat.attackers.is_empty() || !self.attack_costs_exist() {
            return 0;
        }
        self.attack_cost_of(|_| true)
    }

    /// 308.2d, 606.7b: the cost to attack locked in for the attacking
    /// creatures `which` accepts, each counted for the player it attacks
    /// (602.3a; in a Two-Headed Giant game, the defending team's).
    fn attack_cost_of(&self, which: impl Fn(ObjId) -> bool) -> u32 {
        self.combat
            .attackers
            .iter()
            .filter(|a| which(a.obj))
            .filter_map(|a| Some((a.obj, a.defender.or(self.combat.defending)?)))
            .map(|(obj, d)| {
                let player = if self.two_headed() {
                    self.attack_cost_each()
                } else {
                    self.attack_cost_for(d)
                };
                player.saturating_add(self.own_attack_cost(obj))
            })
            .fold(0u32, u32::saturating_add)
    }

    /// 308.2e–f: mana in the pool pays the cost to attack; when it is paid
    /// the creatures become attacking creatures (308.2g), else the player
    /// is asked to play mana abilities.
    pub(crate) fn continue_attack_cost(&mut self) {
        while let Some(&(payer, amount)) = self.combat.attack_cost_payers.first() {
            let pool = &mut self.players[payer.index()].pool;
            for i in [5usize, 0, 1, 2, 3, 4] {
                let take = self.combat.attack_cost_unpaid.min(pool.0[i] as u32);
                self.combat.attack_cost_unpaid -= take;
                pool.0[i] -= take as u16;
            }
            if self.combat.attack_cost_unpaid > 0 {
                self.decision = Some(Decision {
                    player: payer,
                    kind: DecisionKind::PayAttackCost {
                        remaining: self.combat.attack_cost_unpaid,
                    },
                });
                self.flow = Flow::Declaring;
                return;
            }
            self.emit(Event::AttackCostPaid {
                player: payer,
                amount,
            });
            self.combat.attack_cost_payers.remove(0);
            if let Some(&(_, next)) = self.combat.attack_cost_payers.first() {
                self.combat.attack_cost_unpaid = next;
            }
        }
        // 308.2f: then the permanents sacrificed to attack (Leviathan).
        if self.ask_attack_sacrifice() {
            return;
        }
        let list: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
        for id in list {
            let card = self.objects[id.slot as usize].card;
            self.objects[id.slot as usize].flags |= crate::state::object::flags::ATTACKED_THIS_TURN;
            self.objects[id.slot as usize].control_marks |=
                crate::state::object::marks::ATTACKED_OWN_TURN;
            self.combat.declared(id);
            self.emit(Event::AttackerDeclared { obj: id, card });
        }
        self.emit_bands();
        crate::resolution::triggers::creatures_attack_you_triggers(self);
        self.flow = Flow::Priority(self.active);
    }

    /// 308.2d, 606.7b: the cost to attack locked in for the attacking
    /// creatures `p` controls (each counted for the player it attacks).
    fn attack_cost_paid_by(&self, p: crate::PlayerId) -> u32 {
        self.attack_cost_of(|o| self.objects[o.slot as usize].controller == p)
    }

    /// The player paying the cost to attack now (308.2e).
    fn attack_cost_payer(&self) -> crate::PlayerId {
        self.combat
            .attack_cost_payers
            .first()
            .map_or(self.active, |&(p, _)| p)
    }

    /// 308.2e: the mana abilities that help pay the cost to attack; if none
    /// can, the declaration can't be completed and may only be withdrawn.
    pub(crate) fn attack_cost_options(&self, remaining: u32, out: &mut Vec<Action>) {
        // 308.2f: a permanent to sacrifice (Leviathan's Islands).
        if self.attack_sacrifice_options(out) {
            return;
        }
        let u = crate::Unpaid {
            generic: remaining,
            ..Default::default()
        };
        let before = out.len();
        self.mana_options(self.attack_cost_payer(), None, Some(&u), out);
        // Channel: any time a mana ability could be played (411.1).
        if !self.granted_actions.is_empty() {
            self.granted_mana_actions(self.attack_cost_payer(), out);
        }
        if out.len() == before {
            out.push(Action::CancelPlay);
        }
    }

    pub(crate) fn on_pay_attack_cost(&mut self, action: Action) {
        match action {
            // Channel's "pay 1 life: add {1}" (mechanics/granted.rs).
            Action::Granted(i) => {
                self.life_for_mana(self.attack_cost_payer(), i);
                self.continue_attack_cost();
            }
            Action::ActivateMana {
                source,
                index,
                kind,
            } => {
                self.play_mana_ability(
                    self.attack_cost_payer(),
                    source,
                    index,
                    kind,
                    crate::playing::mana_choice_cost::ManaThen::AttackCost,
                );
            }
            Action::ChooseObject(o) => self.on_attack_sacrifice(o),
            Action::CancelPlay => {
                // 308.2: the declaration was illegal; the game returns to
                // the moment before it (422): the attackers untap.
                let list: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
                for id in list {
                    if self.objects[id.slot as usize].is_tapped() {
                        self.untap(id);
                    }
                }
                self.combat.attackers.clear();
                self.combat.attack_cost = 0;
                self.combat.attack_cost_unpaid = 0;
                self.combat.attack_cost_payers.clear();
                self.combat.attack_sacrifices.clear();
                self.emit(Event::AttackWithdrawn {
                    player: self.active,
                });
                self.decision = Some(Decision {
                    player: self.active,
                    kind: DecisionKind::DeclareAttackers,
                });
                self.flow = Flow::Declaring;
            }
            _ => {}
        }
    }

    pub(crate) fn start_declare_blockers(&mut self) {
        self.combat.blockers_step = true;
        // Camouflage: instead of declaring blockers, piles.
        if self.camouflage {
            self.ask_next_pile_player(None);
            return;
        }
        if self.attacks_multiple() {
            // 602.4: each defending player attacked declares blockers, in
            // APNAP order.
            self.ask_next_blocking_player(None);
            return;
        }
        let Some(def) = self.combat.defending else {
            self.flow = Flow::Priority(self.active);
            return;
        };
        let attackers: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
        // 606.7c: the defending team has one combined block, declared by
        // its primary player for both players' creatures.
        // As in `block_options` (issue 22): a noncreature permanent (309.1,
        // `can_block_pair`) and `can_block`'s first test (tapped, phased
        // out, can't block this turn) are judged once per permanent, not
        // with each attacker.
        let any = self.defending_side(def).any(|d| {
            self.controlled_by(d).any(|b| {
                let o = &self.objects[b.slot as usize];
                !o.is_tapped()
                    && o.this_turn & crate::state::object::this_turn::CANT_BLOCK == 0
                    && self.chars(b).is_creature()
                    && attackers.iter().any(|&a| self.can_block(b, a))
            })
        });
        if any {
            self.decision = Some(Decision {
                player: def,
                kind: DecisionKind::DeclareBlockers,
            });
            self.flow = Flow::Declaring;
        } else {
            // No block is possible: every attacker is unblocked (309.2f).
            self.blockers_declared();
        }
    }

    /// 602.4: asks the next defending player (after `after`, in APNAP
    /// order) who can block to declare blockers; `false` when none is left
    /// (the active player gets priority).
    fn ask_next_blocking_player(&mut self, after: Option<crate::PlayerId>) -> bool {
        match self.next_blocking_player(after) {
            Some(q) => {
                self.combat.defending = Some(q);
                self.status_changed();
                self.decision = Some(Decision {
                    player: q,
                    kind: DecisionKind::DeclareBlockers,
                });
                self.flow = Flow::Declaring;
                true
            }
            None => {
                if after.is_none() {
                    self.flow = Flow::Priority(self.active);
                }
                false
            }
        }
    }

    pub(crate) fn block_options(&self, out: &mut Vec<Action>) {
        let whole = self.whole_block_rules();
        if let Some(def) = self.combat.defending {
            let side: Vec<crate::PlayerId> = self.defending_side(def).collect();
            for b in side.into_iter().flat_map(|d| self.controlled_by(d)) {
                // 309.1: only a creature blocks (`can_block_pair`): a
                // noncreature permanent (the lands) is judged once, not
                // with each attacker.
                if !self.chars(b).is_creature() {
                    continue;
                }
                // `can_block`'s first test, judged once per permanent: a
                // tapped or phased-out creature, or one that can't block
                // this turn, blocks no attacker.
                let o = &self.objects[b.slot as usize];
                if o.is_tapped()
                    || o.is_phased_out()
                    || o.this_turn & crate::state::object::this_turn::CANT_BLOCK != 0
                {
                    continue;
                }
                for a in &self.combat.attackers {
                    if self.can_block(b, a.obj)
                        && (!whole || self.block_keeps_declaration_legal(b, a.obj))
                    {
                        out.push(Action::Block {
                            blocker: b,
                            attacker: a.obj,
                        });
                    }
                }
            }
        }
        // 500.3: only a legal set of blocks can be finished.
        if !whole || self.blocks_done_legal() {
            out.push(Action::Done);
        }
    }

    pub(crate) fn on_declare_blockers(&mut self, action: Action) {
        let def = self.combat.defending.unwrap_or(self.active);
        match action {
            Action::Block { blocker, attacker } => {
                self.combat.blocks.push((blocker, attacker));
                // Declared, not yet an event (308.2g, 309.2): effects that
                // read combat status see it now (`is_attacking`).
                self.status_changed();
                self.decision = Some(Decision {
                    player: def,
                    kind: DecisionKind::DeclareBlockers,
                });
                self.flow = Flow::Declaring;
            }
            Action::Done => {
                // 602.4: the next defending player declares all their blocks.
                if self.attacks_multiple() && self.ask_next_blocking_player(Some(def)) {
                    return;
                }
                self.blockers_declared();
            }
            _ => {}
        }
    }

    /// 309.2–309.4: the blocks are declared (by every defending player, or
    /// by Camouflage's piles): the block events, "becomes blocked"
    /// triggers, and the active player gets priority.
    pub(crate) fn blockers_declared(&mut self) {
        // 309.2e: remembered for the turn ("creatures that blocked it this
        // turn", `ObjectRef::InBlocksThisTurn`).
        self.blocks_this_turn.extend_from_slice(&self.combat.blocks);
        // 502.10e: blocking one member of a band blocks them all.
        let band_blocked = self.band_blocks();
        // 309.2f: blocked and unblocked creatures.
        let blocks: Vec<(ObjId, ObjId)> = self
            .combat
            .blocks
            .iter()
            .filter(|p| !band_blocked.contains(p))
            .copied()
            .collect();
        if !blocks.is_empty() {
            // "Whenever one or more creatures block" (Tide of War).
            crate::resolution::triggers::creatures_block_triggers(self);
        }
        for (b, a) in blocks {
            let (bc, ac) = (
                self.objects[b.slot as usize].card,
                self.objects[a.slot as usize].card,
            );
            self.combat.declared(b);
            self.emit(Event::BlockerDeclared {
                blocker: b,
                blocker_card: bc,
                attacker: a,
                attacker_card: ac,
            });
        }
        for (b, a) in band_blocked {
            let (bc, ac) = (
                self.objects[b.slot as usize].card,
                self.objects[a.slot as usize].card,
            );
            self.emit(Event::BandBlocked {
                blocker: b,
                blocker_card: bc,
                attacker: a,
                attacker_card: ac,
            });
        }
        self.one_or_more_block_triggers();
        let attackers: Vec<ObjId> = self.combat.attackers.iter().map(|a| a.obj).collect();
        for a in attackers {
            if self.combat.blockers_of(a).next().is_none() {
                // 309.2f: "attacks and isn't blocked" triggers as it becomes
                // an unblocked creature.
                self.combat_triggers(a, |t| matches!(t, Trigger::AttacksUnblocked));
                self.attached_combat_triggers(a, |t| {
                    matches!(t, Trigger::AttachedAttacksUnblocked)
                });
                continue;
            }
            if let Some(x) = self.combat.attackers.iter_mut().find(|x| x.obj == a) {
                x.blocked = true;
            }
            // 309.4: "becomes blocked" triggers.
            self.combat_triggers(a, |t| matches!(t, Trigger::BecomesBlocked));
            self.attached_combat_triggers(a, |t| matches!(t, Trigger::AttachedBecomesBlocked));
            crate::resolution::triggers::creature_becomes_blocked_triggers(self, a);
        }
        self.flow = Flow::Priority(self.active);
    }

    /// 410.9e: "Whenever [this] blocks one or more [filter]" and "…
    /// becomes blocked by one or more [filter]" (Rashka the Slayer, Dwarven
    /// Soldier): once each, as the block declaration is made, if any
    /// creature it blocks (or that blocks it) matches.
    fn one_or_more_block_triggers(&mut self) {
        let mut fighters: Vec<ObjId> = Vec::new();
        for &(b, a) in &self.combat.blocks {
            for x in [b, a] {
                if !fighters.contains(&x) {
                    fighters.push(x);
                }
            }
        }
        let mut pending = Vec::new();
        for x in fighters {
            if self.objects[x.slot as usize].flags & crate::state::object::flags::TRIGGERS == 0 {
                continue;
            }
            let ch = compute(self, x);
            let blocked: Vec<ObjId> = self.combat.blocked_by(x).collect();
            let blockers: Vec<ObjId> = self.combat.blockers_of(x).collect();
            let any = |f: &tolaria_cards::ObjectFilter, others: &[ObjId]| {
                others.iter().any(|&o| {
                    crate::continuous::filter::matches(self, f, o, Some(x), ch.controller)
                })
            };
            for (ability, ab) in ch.all_abilities() {
                let Ability::Triggered(t) = ab else { continue };
                let hit = match &t.trigger {
                    Trigger::BlocksOneOrMore(f) => any(f, &blocked),
                    Trigger::BlockedByOneOrMore(f) => any(f, &blockers),
                    _ => false,
                };
                if hit {
                    pending.push(crate::state::stack::PendingTrigger {
                        controller: ch.controller,
                        source: x,
                        card: ch.ability_card(ability),
                        ability,
                        ctx: Default::default(),
                    });
                }
            }
        }
        self.pending_triggers.extend(pending);
    }

    /// 309.2f, 309.4, 410.9c: attacker `a` becomes blocked by an effect
    /// (Curtain of Light): blocked by no creature, its "becomes blocked"
    /// abilities trigger if it wasn't blocked yet this combat; 502.10g: its
    /// whole band becomes blocked.
    pub(crate) fn becomes_blocked_by_effect(&mut self, a: ObjId) {
        let Some(band) = self
            .combat
            .attackers
            .iter()
            .find(|x| x.obj == a && !x.blocked)
            .map(|x| x.band)
        else {
            return;
        };
        let members: Vec<ObjId> = self
            .combat
            .attackers
            .iter()
            .filter(|x| !x.blocked && (x.obj == a || (band != 0 && x.band == band)))
            .map(|x| x.obj)
            .collect();
        for m in members {
            if let Some(x) = self.combat.attackers.iter_mut().find(|x| x.obj == m) {
                x.blocked = true;
            }
            let card = self.objects[m.slot as usize].card;
            self.emit(Event::BecameBlocked { obj: m, card });
            self.combat_triggers(m, |t| matches!(t, Trigger::BecomesBlocked));
            self.attached_combat_triggers(m, |t| matches!(t, Trigger::AttachedBecomesBlocked));
            crate::resolution::triggers::creature_becomes_blocked_triggers(self, m);
        }
    }

    /// 309.4, 309.2f: the abilities of attacker `a` that `which` picks
    /// ("becomes blocked", "attacks and isn't blocked": Ophidian). Only a
    /// permanent with triggered abilities is looked at.
    fn combat_triggers(&mut self, a: ObjId, which: impl Fn(&Trigger) -> bool) {
        if self.objects[a.slot as usize].flags & crate::state::object::flags::TRIGGERS == 0 {
            return;
        }
        let ch = compute(self, a);
        self.queue_combat_triggers(a, &ch, &which);
    }

    /// Puts the triggered abilities of `src` (characteristics `ch`) that
    /// `which` picks among the pending triggers (410.2).
    fn queue_combat_triggers(
        &mut self,
        src: ObjId,
        ch: &Characteristics,
        which: &impl Fn(&Trigger) -> bool,
    ) {
        for (ability, ab) in ch.all_abilities() {
            if let Ability::Triggered(t) = ab {
                if which(&t.trigger) {
                    self.pending_triggers
                        .push(crate::state::stack::PendingTrigger {
                            controller: ch.controller,
                            source: src,
                            card: ch.ability_card(ability),
                            ability,
                            ctx: Default::default(),
                        });
                }
            }
        }
    }

    /// 309.4: "Whenever enchanted creature becomes blocked" (Pretender's
    /// Claim) and the other abilities of the Auras on attacker `a` that
    /// `which` picks. 601.7: only if the event (the creature becoming
    /// blocked) is within the range of influence of the Aura's controller.
    fn attached_combat_triggers(&mut self, a: ObjId, which: impl Fn(&Trigger) -> bool) {
        let auras: Vec<ObjId> = self
            .in_play
            .iter()
            .copied()
            .filter(|&o| self.objects[o.slot as usize].attached_to == Some(Target::Object(a)))
            .collect();
        for aura in auras {
            let ch = compute(self, aura);
            if !self.object_within_range(ch.controller, a) {
                continue;
            }
            self.queue_combat_triggers(aura, &ch, &which);
        }
    }
}
