//! Starting a game (101): libraries, a seeded choice of the starting
//! player, opening hands of seven, mulligans; and building a game mid-way
//! for scenarios.

use crate::state::progress::Flow;
use crate::turn::combat::Combat;
use crate::{
    Decision, DecisionKind, Event, Game, MoveReason, ObjId, Object, Player, PlayerId, Rng, Zone,
};
use tolaria_cards::{CardId, Step};

impl Game {
    /// An empty game with named players and no cards, at the start of turn 1.
    pub fn empty(names: &[&str], seed: u64) -> Game {
        Game {
            seed,
            players: names.iter().map(|n| Player::new(*n)).collect(),
            objects: Vec::new(),
            in_play: Vec::new(),
            stack: Vec::new(),
            removed: Vec::new(),
            ante: Vec::new(),
            phased_out: Vec::new(),
            turn: 1,
            active: PlayerId(0),
            starting_player: PlayerId(0),
            step: Step::Untap,
            passes: 0,
            decision: None,
            flow: Flow::BeginStep,
            effects: Vec::new(),
            pending_triggers: Vec::new(),
            combat: Combat::default(),
            casting: None,
            mana_choice: None,
            resolving: None,
            rewind: None,
            rewind_events: 0,
            rewind_spare: Default::default(),
            main: None,
            subgame_origin: Vec::new(),
            subgame_pending: None,
            subgame_result: None,
            rng: Rng::new(seed),
            next_timestamp: 0,
            next_stack_id: 0,
            turn_controller: PlayerId(0),
            options: Default::default(),
            turn_markers: None,
            cleanup_again: false,
            face_up_choice: None,
            creatures_died_this_turn: 0,
            died_this_turn: Vec::new(),
            counts_deaths_by_type: false,
            turn_control_next: Vec::new(),
            shields: Vec::new(),
            extra_turns: Vec::new(),
            extra_phases: crate::state::game::ExtraPhases::default(),
            prevent_combat_damage: false,
            camouflage: false,
            prevent_combat_damage_by: 0,
            cant_block_pairs: Vec::new(),
            block_rules_this_turn: Vec::new(),
            uncounterable_spells_of: 0,
            delayed_end_of_combat: Vec::new(),
            delayed_combat_this_turn: Vec::new(),
            blocks_this_turn: Vec::new(),
            delayed_next_upkeep: Vec::new(),
            delayed_your_upkeep: Vec::new(),
            delayed_end_step: Vec::new(),
            delayed_cleanup: Vec::new(),
            delayed_your_end_step: Vec::new(),
            ability_activations: Vec::new(),
            delayed_turn_end_step: Vec::new(),
            delayed_extra_turn_end: Vec::new(),
            removals: Vec::new(),
            delayed_dies: Vec::new(),
            delayed_leaves: Vec::new(),
            delayed_control_lost: Vec::new(),
            haunts: Vec::new(),
            cant_phase_out: Vec::new(),
            damaged_by: Vec::new(),
            exile_if_dies: Vec::new(),
            exile_damaged_statics: false,
            untap_choices: Vec::new(),
            untap_holds: Vec::new(),
            assigns_no_combat_damage: Vec::new(),
            play_bans: Vec::new(),
            granted_actions: Vec::new(),
            destruction_shields: Vec::new(),
            must_block: Vec::new(),
            blocks_if_able: Vec::new(),
            defender_attack_rules: Vec::new(),
            untap_limited: Vec::new(),
            untap_limits_left: Vec::new(),
            graveyard_triggers: false,
            restricted_mana: false,
            split_second_cards: false,
            graveyard_statics: false,
            free_plays: Vec::new(),
            graveyard_plays: false,
            any_player_abilities: false,
            flash_grants: false,
            draw_discard_choices: false,
            hand_actions: false,
            face_down_seen: false,
            draw_rules: Vec::new(),
            sanctuaries: Vec::new(),
            redirect_rules: Vec::new(),
            damage_prevention_rules: Vec::new(),
            ending_turn: false,
            result: None,
            lki: Vec::new(),
            events: Vec::new(),
            sba_dirty: true,
            board: Default::default(),
            replay: Default::default(),
            action_count: 0,
            listing_step_bound: false,
            listing_gen: 0,
            listing: Default::default(),
        }
    }

    /// Marks the derived data stale after a set-up changed the state
    /// directly, without events: state-based effects are checked and the
    /// board is recomputed before anyone gets priority.
    pub fn touched(&mut self) {
        self.sba_dirty = true;
        self.board.valid = false;
        self.listing_gen = self.listing_gen.wrapping_add(1);
    }

    /// Creates a card object owned by `owner` directly in a zone (for setup).
    pub fn create_card(&mut self, card: CardId, owner: PlayerId, zone: Zone) -> ObjId {
        self.note_card_in_game(card);
        self.push_card(card, owner, zone)
    }

    /// The game's derived "some card in the game has …" flags (ARCHITECTURE.md,
    /// "Derived data kept for speed") for a card put into the game: they
    /// are only ever set, so noting a card once is enough however many
    /// copies of it the game holds (`deal_and_start` notes each distinct
    /// card of a deck once).
    fn note_card_in_game(&mut self, card: CardId) {
        let def = tolaria_cards::db().get(card);
        let front = def.front();
        self.graveyard_triggers |= front.has_graveyard_triggers;
        self.listing_step_bound |= crate::engine::listing_cache::card_step_bound(def);
        self.restricted_mana |= def.faces.iter().any(|f| {
            f.abilities
                .iter()
                .any(|a| matches!(a, tolaria_cards::Ability::Mana(m) if m.spend_only.is_some()))
        });
        self.split_second_cards |= def
            .faces
            .iter()
            .any(|f| f.keywords.has(tolaria_cards::Keyword::SplitSecond));
        self.graveyard_statics |= front.has_graveyard_statics;
        self.graveyard_plays |= front.spell.flashback.is_some() || front.has_graveyard_abilities;
        self.counts_deaths_by_type |= def.faces.iter().any(|f| f.counts_deaths_by_type);
        self.any_player_abilities |= def.faces.iter().any(|f| {
            f.abilities
                .iter()
                .any(|a| matches!(a, tolaria_cards::Ability::Activated(x) if x.activator != tolaria_cards::Activator::Controller))
        });
        // Derived flags of static abilities the card has on some face.
        let has_static = |is: fn(&tolaria_cards::StaticAbility) -> bool| {
            def.faces.iter().any(|f| {
                f.abilities
                    .iter()
                    .any(|a| matches!(a, tolaria_cards::Ability::Static(s) if is(s)))
            })
        };
        self.flash_grants |=
            has_static(|s| matches!(s, tolaria_cards::StaticAbility::PlayAsThoughFlash { .. }));
        self.exile_damaged_statics |=
            has_static(|s| matches!(s, tolaria_cards::StaticAbility::ExileIfDamagedByDies(_)));
        self.draw_discard_choices |= front.dredge > 0 || front.spell.madness.is_some();
        self.hand_actions |= front.has_hand_abilities
            || front.spell.suspend.is_some()
            || (0..def.faces.len() as u8)
                .any(|f| crate::mechanics::morph::morph_cost_of(card, f).is_some());
    }

    /// The object of a card noted (`note_card_in_game`), in the arena
    /// only: not yet listed in its zone.
    fn push_card_object(&mut self, card: CardId, owner: PlayerId, zone: Zone) -> ObjId {
        self.touched();
        let slot = self.objects.len();
        let mut o = Object::new(card, owner, zone);
        o.timestamp = self.stamp();
        self.objects.push(o);
        self.objects[slot].id(slot)
    }

    /// [`Game::create_card`] once the card is noted (`note_card_in_game`).
    fn push_card(&mut self, card: CardId, owner: PlayerId, zone: Zone) -> ObjId {
        let id = self.push_card_object(card, owner, zone);
        let slot = id.slot as usize;
        match zone {
            Zone::Library(p) => self.players[p.index()].library.push(id),
            Zone::Hand(p) => self.players[p.index()].hand.push(id),
            Zone::Graveyard(p) => self.players[p.index()].graveyard.push(id),
            Zone::InPlay => {
                self.objects[slot].flags |= Object::ability_flags(self.objects[slot].def());
                self.in_play.push(id)
            }
            Zone::RemovedFromGame => self.removed.push(id),
            Zone::Ante => self.ante.push(id),
            Zone::Stack | Zone::Nowhere | Zone::PhasedOut => {}
        }
        id
    }

    /// 216: creates a token in play, owned and controlled by `owner`.
    pub fn create_token(
        &mut self,
        owner: PlayerId,
        src: crate::state::object::TokenSource,
    ) -> ObjId {
        self.create_token_for(owner, owner, src)
    }

    /// 200.4a, 216.1: a token put into play by `controller` for an effect
    /// `owner` controlled ("that creature's controller creates a Myr",
    /// Genesis Chamber: the Chamber's controller owns the Myr).
    pub fn create_token_for(
        &mut self,
        owner: PlayerId,
        controller: PlayerId,
        src: crate::state::object::TokenSource,
    ) -> ObjId {
        self.touched();
        let slot = self.objects.len();
        let mut o = Object::new(src.card, owner, Zone::InPlay);
        o.set_base_controller(controller);
        o.token = true;
        o.token_src = Some(src);
        o.mark_board_input();
        o.timestamp = self.stamp();
        o.flags |= crate::state::object::flags::SICK;
        o.control_marks = crate::state::object::marks::CONTROL_SINCE_UPKEEP;
        self.objects.push(o);
        let id = self.objects[slot].id(slot);
        self.in_play.push(id);
        self.emit(Event::ZoneChange {
            card: src.card,
            old: id,
            new: id,
            from: Zone::Nowhere,
            to: Zone::InPlay,
            reason: MoveReason::Effect,
        });
        id
    }

    /// 101: a new game from each player's deck (library order as given,
    /// then shuffled). Stops at the first mulligan decision.
    /// The order in which `new_game` creates player `i`'s `n` deck cards:
    /// the `j`-th slot of the player holds the deck list's `order[j]`-th
    /// card (504.3: ids in no relation to the list).
    pub(crate) fn deck_slot_order(seed: u64, i: usize, n: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..n).collect();
        crate::Rng::new(seed ^ 0x0504_0003_5107_0000 ^ i as u64).shuffle(&mut order);
        order
    }

    /// 101 with the options chosen before play (217.9a: playing for
    /// ante): a deck holding an ante card is refused unless the game is
    /// played for ante (217.9c).
    pub fn new_game_with(
        decks: &[(&str, Vec<CardId>)],
        seed: u64,
        options: crate::variants::multiplayer::MultiplayerOptions,
    ) -> Result<Game, crate::variants::teams::SetupError> {
        for (_, d) in decks {
            crate::variants::ante::check_ante_deck(d, options.ante)?;
        }
        let names: Vec<&str> = decks.iter().map(|d| d.0).collect();
        let mut g = Game::empty(&names, seed);
        g.options = options;
        let decks: Vec<&[CardId]> = decks.iter().map(|d| d.1.as_slice()).collect();
        g.deal_and_start(&decks);
        Ok(g)
    }

    pub fn new_game(decks: &[(&str, Vec<CardId>)], seed: u64) -> Game {
        let names: Vec<&str> = decks.iter().map(|d| d.0).collect();
        let mut g = Game::empty(&names, seed);
        let decks: Vec<&[CardId]> = decks.iter().map(|d| d.1.as_slice()).collect();
        g.deal_and_start(&decks);
        g
    }

    /// 101.1–101.3 for a game whose players are seated: each player's
    /// deck (by seat) becomes the library, shuffled; the starting player
    /// is chosen at random (101.2; 607.4: among the emperors in an Emperor
    /// game); hands of seven are drawn. Stops at the first mulligan
    /// decision.
    pub(crate) fn deal_and_start(&mut self, decks: &[&[CardId]]) {
        let g = self;
        for (i, cards) in decks.iter().enumerate() {
            let p = PlayerId(i as u8);
            // 504.3, 217.2: an id must not tell which card of the deck list
            // an object is (a face-down permanent, a hidden hand card), so
            // the slots are given in a random order. The order comes from a
            // generator of its own: the library is listed in deck-list
            // order as before, so the game's generator shuffles it into the
            // same cards as before.
            let order = Self::deck_slot_order(g.seed, i, cards.len());
            // Each distinct card is noted once (`note_card_in_game`).
            let mut noted: Vec<CardId> = Vec::with_capacity(cards.len());
            for &c in cards.iter() {
                if !noted.contains(&c) {
                    noted.push(c);
                    g.note_card_in_game(c);
                }
            }
            g.objects.reserve(cards.len());
            // The library in deck-list order: slot `order[j]` of the list
            // is the j-th object created.
            let mut library = vec![crate::ObjId { slot: 0, gen: 0 }; cards.len()];
            for &k in &order {
                library[k] = g.push_card_object(cards[k], p, Zone::Library(p));
            }
            g.players[i].library = library;
        }
        // 101.1: shuffle.
        for p in 0..decks.len() {
            g.shuffle_library(PlayerId(p as u8));
        }
        // 217.9b: playing for ante, each player antes a random card.
        g.ante_at_start();
        // 101.2: a random choice of who plays first (607.4: which emperor).
        let first = if g.players.iter().any(|p| p.emperor) {
            let emperors: Vec<PlayerId> = g.player_ids().filter(|&p| g.player(p).emperor).collect();
            emperors[g.rng.below(emperors.len())]
        } else {
            // 606.6a–b: in a Two-Headed Giant game, the team of the player
            // chosen plays first (its primary player's seat leads).
            let p = PlayerId(g.rng.below(decks.len()) as u8);
            g.turn_taker(p)
        };
        g.starting_player = first;
        g.active = first;
        // 601.2c: the ranges of influence as the game begins.
        g.determine_ranges();
        g.turn_controller = first;
        g.emit(Event::GameStarted {
            starting: first,
            seed: g.seed,
        });
        // 101.3: life 20 (set in Player::new) and hands of seven.
        for p in g.apnap_from(first).collect::<Vec<_>>() {
            for _ in 0..7 {
                g.draw_for(p, crate::state::event::DrawReason::OpeningHand);
            }
        }
        g.decision = Some(Decision {
            player: first,
            kind: DecisionKind::Mulligan,
        });
        g.flow = Flow::Mulligans;
    }

    /// 101.4: keep or mulligan (shuffle the hand back, draw one fewer).
    pub(crate) fn on_mulligan(&mut self, p: PlayerId, action: crate::Action) {
        if self.two_headed() {
            // 606.6a: team mulligans.
            self.on_team_mulligan(p, action == crate::Action::Mulligan);
            return;
        }
        match action {
            crate::Action::Mulligan => {
                let new_size = self.mulligan_hand(p);
                if new_size == 0 {
                    self.emit(Event::Kept {
                        player: p,
                        hand_size: 0,
                    });
                    self.next_mulligan(p);
                } else {
                    self.decision = Some(Decision {
                        player: p,
                        kind: DecisionKind::Mulligan,
                    });
                    self.flow = Flow::Mulligans;
                }
            }
            _ => {
                let n = self.player(p).hand.len() as u32;
                self.emit(Event::Kept {
                    player: p,
                    hand_size: n,
                });
                self.next_mulligan(p);
            }
        }
    }

    /// 101.4, 606.6a: after the mulligans of `p` (or of `p`'s team), the
    /// next seat in turn order still in the game decides. The walk counts
    /// the seats of players who left (600.4) so that the round ends when it
    /// comes back to the starting player's seat, even when that player has
    /// conceded: then the first turn begins.
    pub(crate) fn next_mulligan(&mut self, p: PlayerId) {
        let n = self.players.len();
        let mut q = p;
        for _ in 0..n {
            q = PlayerId(((q.index() + 1) % n) as u8);
            if q == self.starting_player {
                break;
            }
            let player = &self.players[q.index()];
            // 606.6a: a Two-Headed Giant team decides together, led by its
            // primary player's seat.
            if player.lost
                || (self.two_headed() && (!self.is_opponent(p, q) || self.turn_taker(q) != q))
            {
                continue;
            }
            self.decision = Some(Decision {
                player: q,
                kind: DecisionKind::Mulligan,
            });
            self.flow = Flow::Mulligans;
            return;
        }
        self.next_opening_hand(None);
    }

    /// 101.5: the cards of `p`'s opening hand that may begin the game in
    /// play (`StaticAbility::BeginGameInPlay`).
    pub(crate) fn opening_hand_cards(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        self.player(p).hand.iter().copied().filter(|&o| {
            self.objects[o.slot as usize]
                .def()
                .front()
                .has_static(&tolaria_cards::StaticAbility::BeginGameInPlay)
        })
    }

    /// 101.5: once every opening hand is kept, each player in turn order
    /// from the starting player (after `after`, when given) with a card
    /// that may begin the game in play decides; then the first turn
    /// begins. The 2007 rules are silent on the order: see ARCHITECTURE.md,
    /// "Opening hands".
    pub(crate) fn next_opening_hand(&mut self, after: Option<PlayerId>) {
        let n = self.players.len();
        let first = self.starting_player.index();
        // The seats in turn order from the starting player's; those up to
        // and including `after` have decided.
        let order = (0..n).map(|k| PlayerId(((first + k) % n) as u8));
        let done = after.map_or(0, |a| (a.index() + n - first) % n + 1);
        let next = order.skip(done).find(|&q| {
            !self.players[q.index()].lost && self.opening_hand_cards(q).next().is_some()
        });
        if let Some(q) = next {
            self.decision = Some(Decision {
                player: q,
                kind: DecisionKind::OpeningHand,
            });
            self.flow = Flow::Mulligans;
            return;
        }
        self.begin_first_turn();
    }

    /// 101.5: `p` begins the game with the chosen card in play, or is done.
    pub(crate) fn on_opening_hand(&mut self, p: PlayerId, action: crate::Action) {
        if let crate::Action::ChooseObject(o) = action {
            if let Some(new) = self.move_to(o, Zone::InPlay, MoveReason::OpeningHand) {
                self.objects[new.slot as usize].set_base_controller(p);
            }
            if self.opening_hand_cards(p).next().is_some() {
                self.decision = Some(Decision {
                    player: p,
                    kind: DecisionKind::OpeningHand,
                });
                self.flow = Flow::Mulligans;
                return;
            }
        }
        self.next_opening_hand(Some(p));
    }

    /// 101.5: the starting player takes the first turn. If that player
    /// left the game during the mulligans (600.4), the next player in turn
    /// order takes it in the starting player's place and is the player who
    /// plays first (101.5a skips that player's draw). The rules are silent
    /// here; see ARCHITECTURE.md, "Leaving before the first turn".
    fn begin_first_turn(&mut self) {
        if self.players[self.starting_player.index()].lost {
            let first = self.turn_taker(self.next_player(self.starting_player));
            self.starting_player = first;
            self.active = first;
            self.turn_controller = first;
        }
        self.decision = None;
        self.flow = Flow::BeginStep;
        self.step = Step::Untap;
        // 608.4b: the turn markers are handed out; all start their turns.
        if self.options.variant == crate::variants::multiplayer::Variant::GrandMelee {
            self.deal_turn_markers();
        }
    }

    /// Puts a scenario's game at the start of `step` of `active`'s turn and
    /// runs it to the first decision. (The step's turn-based actions happen.)
    pub fn begin_at(&mut self, turn: u32, active: PlayerId, step: Step) {
        // The set-up may have changed objects directly (their face-down
        // status too: `Game::face_down_seen`).
        self.touched();
        self.face_down_seen |= self.objects.iter().any(|o| o.is_face_down());
        self.turn = turn;
        // 606.4b: a Two-Headed Giant team's turn is led by its primary player.
        let active = self.turn_taker(active);
        self.active = active;
        self.turn_controller = active;
        self.step = step;
        self.decision = None;
        self.flow = Flow::BeginStep;
        if step != Step::Untap {
            self.emit(Event::TurnBegan {
                turn,
                player: active,
                controller: active,
            });
        }
        self.advance_from_scenario(step);
    }

    fn advance_from_scenario(&mut self, step: Step) {
        if step == Step::Untap {
            self.advance();
            return;
        }
        // Skip begin_turn's resets except the step's own actions. Steps
        // with turn-based actions begin through `begin_step`, which emits
        // `StepBegan` itself (once: "at the beginning of" abilities trigger
        // once, Howling Mine).
        let begins_itself = matches!(
            step,
            Step::DeclareAttackers
                | Step::DeclareBlockers
                | Step::CombatDamage
                | Step::Cleanup
                | Step::Draw
        );
        if !begins_itself {
            self.emit(Event::StepBegan { step });
        }
        self.flow = match step {
            Step::DeclareAttackers
            | Step::DeclareBlockers
            | Step::CombatDamage
            | Step::Cleanup
            | Step::Draw => Flow::BeginStep,
            Step::BeginningOfCombat => {
                self.combat.defending = self.defending_player_for(self.active);
                Flow::Priority(self.active)
            }
            _ => Flow::Priority(self.active),
        };
        if matches!(
            step,
            Step::DeclareAttackers | Step::DeclareBlockers | Step::CombatDamage
        ) && self.combat.defending.is_none()
        {
            self.combat.defending = self.defending_player_for(self.active);
        }
        self.advance_no_turn_reset();
    }

    fn advance_no_turn_reset(&mut self) {
        if self.flow == Flow::BeginStep {
            // begin_step() on a non-untap step doesn't reset the turn.
        }
        self.advance();
    }
}
