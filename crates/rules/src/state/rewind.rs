//! The rewind point of a play (422): the state a spell, ability, special
//! action or payment started from, restored if the play is abandoned.
//!
//! Not a whole copy of the game (issue 22): everything but the object
//! arena is copied; of the arena, only the objects outside the libraries
//! are, with the arena's length. A card in a library changes only by
//! leaving it (a zone change, 217.1c), and every zone change goes through
//! `Game::relocate`, which saves such a card first
//! (`Game::note_rewind_library_move`); objects created since (only ever
//! added at the end of the arena) are dropped. Debug builds also keep the
//! whole arena and check that the rebuilt one equals it.
//!
//! A finished point's allocations are kept for the next one
//! (`RewindSpare`): the players' lists, the arena's saved objects and the
//! box are refilled rather than allocated again (issue 22).

use crate::state::object::Object;
use crate::state::player::Player;
use crate::{Game, Zone};
use serde::{Deserialize, Serialize};

/// 422: what rewinding restores (`Game::rewind`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RewindPoint {
    /// The game at the rewind point, its `objects` and `events` left empty
    /// (and its board, when it was valid: `Board::rewound`).
    pub(crate) game: Game,
    /// How many objects the arena had.
    pub(crate) len: usize,
    /// The objects outside the libraries then, and each library card that
    /// left its library since, as they were (the first entry of a slot is
    /// its value at the rewind point).
    pub(crate) saved: Vec<(u32, Object)>,
    /// Debug builds: the whole arena, to check the rebuilt one.
    #[cfg(debug_assertions)]
    #[serde(skip)]
    pub(crate) full: Vec<Object>,
}

/// The allocations of the last finished rewind point, refilled by the
/// next one (`Game::rewind_spare`, issue 22). Scratch storage, not game
/// state: its contents are never read, only overwritten; a copy of the
/// game starts without it (so `Game` stays plain `Clone` data whose copies
/// hold the same game) and a save doesn't hold it.
#[derive(Default)]
pub struct RewindSpare(Option<Box<RewindPoint>>);

impl Clone for RewindSpare {
    fn clone(&self) -> Self {
        RewindSpare(None)
    }
}

impl std::fmt::Debug for RewindSpare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RewindSpare")
    }
}

/// `dst` made equal to `src` (the players of a rewind point), reusing the
/// allocations of `dst`'s names and lists: each player is refilled field
/// by field (`clone_player_into`), so nothing is allocated or dropped in
/// the usual case (issue 22).
fn clone_players_into(dst: &mut Vec<Player>, src: &mut [Player]) {
    dst.truncate(src.len());
    for (i, s) in src.iter().enumerate() {
        match dst.get_mut(i) {
            Some(d) => clone_player_into(d, s),
            None => dst.push(s.clone()),
        }
    }
}

/// `*dst = src.clone()` without a new allocation: the lists with
/// `clone_from` (`clone_list`), the rest copied. The destructuring is
/// exhaustive: a new field of `Player` doesn't compile until it is named
/// here.
fn clone_player_into(dst: &mut Player, src: &Player) {
    let Player {
        name,
        life,
        poison,
        pool,
        restricted,
        lands_played,
        extra_land_plays,
        library,
        hand,
        graveyard,
        drew_from_empty,
        lost,
        left_game,
        mulligans,
        outside,
        turns_to_skip,
        untap_steps_to_skip,
        combat_phases_to_skip,
        skip_combats_next_turn,
        skipping_all_combats,
        skipping_combat,
        max_hand_size,
        spells_this_turn,
        last_drawn,
        damaged_this_turn,
        untapped_lands_at_turn_start,
        graveyard_plays,
        graveyard_removal,
        damage_this_turn,
        artifact_damage_this_turn,
        team,
        emperor,
        entrant,
        range,
        in_range,
        team_mulligan,
    } = src;
    if dst.name != *name {
        dst.name.clone_from(name);
    }
    dst.life = *life;
    dst.poison = *poison;
    dst.pool = *pool;
    clone_list(&mut dst.restricted, restricted);
    dst.lands_played = *lands_played;
    dst.extra_land_plays = *extra_land_plays;
    clone_list(&mut dst.library, library);
    clone_list(&mut dst.hand, hand);
    clone_list(&mut dst.graveyard, graveyard);
    dst.drew_from_empty = *drew_from_empty;
    dst.lost = *lost;
    dst.left_game = *left_game;
    dst.mulligans = *mulligans;
    clone_list(&mut dst.outside, outside);
    dst.turns_to_skip = *turns_to_skip;
    dst.untap_steps_to_skip = *untap_steps_to_skip;
    dst.combat_phases_to_skip = *combat_phases_to_skip;
    dst.skip_combats_next_turn = *skip_combats_next_turn;
    dst.skipping_all_combats = *skipping_all_combats;
    dst.skipping_combat = *skipping_combat;
    dst.max_hand_size = *max_hand_size;
    dst.spells_this_turn = *spells_this_turn;
    dst.last_drawn = *last_drawn;
    dst.damaged_this_turn = *damaged_this_turn;
    dst.untapped_lands_at_turn_start = *untapped_lands_at_turn_start;
    dst.graveyard_plays = *graveyard_plays;
    dst.graveyard_removal = *graveyard_removal;
    dst.damage_this_turn = *damage_this_turn;
    dst.artifact_damage_this_turn = *artifact_damage_this_turn;
    dst.team = *team;
    dst.emperor = *emperor;
    dst.entrant = *entrant;
    dst.range = *range;
    dst.in_range = *in_range;
    dst.team_mulligan = *team_mulligan;
    debug_assert!(*dst == *src);
}

/// `dst.clone_from(src)` for a list, at once when both are empty (most
/// of the game's lists, most of the time).
#[inline(always)]
fn clone_list<T: Clone>(dst: &mut Vec<T>, src: &Vec<T>) {
    if src.is_empty() {
        if !dst.is_empty() {
            dst.clear();
        }
    } else {
        dst.clone_from(src);
    }
}

/// `dst` made equal to `src` in every field but those `RewindPoint::of`
/// sets itself (the arena, events, players, `in_play`, the board and the
/// rewind fields), each with `clone_from`, so that the lists of `dst` (the
/// last rewind point's game) are refilled in their allocations rather than
/// allocated again and the old ones freed (issue 22). The destructuring is
/// exhaustive: a new field of `Game` doesn't compile until it is named here.
fn clone_rest_into(dst: &mut Game, src: &Game) {
    let Game {
        seed,
        players: _,
        objects: _,
        in_play: _,
        stack,
        removed,
        ante,
        phased_out,
        turn,
        active,
        starting_player,
        step,
        passes,
        decision,
        flow,
        effects,
        pending_triggers,
        combat,
        casting,
        mana_choice,
        resolving,
        rewind: _,
        main,
        subgame_origin,
        subgame_pending,
        subgame_result,
        rewind_events,
        rng,
        next_timestamp,
        next_stack_id,
        options,
        turn_markers,
        turn_controller,
        turn_control_next,
        shields,
        prevent_combat_damage,
        camouflage,
        prevent_combat_damage_by,
        cant_block_pairs,
        block_rules_this_turn,
        uncounterable_spells_of,
        delayed_end_of_combat,
        delayed_combat_this_turn,
        blocks_this_turn,
        delayed_next_upkeep,
        delayed_your_upkeep,
        delayed_end_step,
        delayed_cleanup,
        delayed_your_end_step,
        ability_activations,
        removals,
        delayed_turn_end_step,
        delayed_extra_turn_end,
        delayed_dies,
        delayed_leaves,
        delayed_control_lost,
        haunts,
        cant_phase_out,
        damaged_by,
        exile_if_dies,
        exile_damaged_statics,
        graveyard_triggers,
        restricted_mana,
        split_second_cards,
        graveyard_statics,
        free_plays,
        graveyard_plays,
        any_player_abilities,
        flash_grants,
        draw_discard_choices,
        hand_actions,
        face_down_seen,
        untap_choices,
        untap_holds,
        play_bans,
        granted_actions,
        destruction_shields,
        must_block,
        blocks_if_able,
        defender_attack_rules,
        assigns_no_combat_damage,
        untap_limited,
        untap_limits_left,
        redirect_rules,
        draw_rules,
        sanctuaries,
        damage_prevention_rules,
        extra_turns,
        extra_phases,
        ending_turn,
        cleanup_again,
        face_up_choice,
        creatures_died_this_turn,
        died_this_turn,
        counts_deaths_by_type,
        result,
        lki,
        replay,
        board: _,
        events: _,
        sba_dirty,
        action_count,
        rewind_spare: _,
        listing_step_bound,
        listing_gen,
        listing: _,
    } = src;
    dst.seed.clone_from(seed);
    clone_list(&mut dst.stack, stack);
    clone_list(&mut dst.removed, removed);
    clone_list(&mut dst.ante, ante);
    clone_list(&mut dst.phased_out, phased_out);
    dst.turn.clone_from(turn);
    dst.active.clone_from(active);
    dst.starting_player.clone_from(starting_player);
    dst.step.clone_from(step);
    dst.passes.clone_from(passes);
    dst.decision.clone_from(decision);
    dst.flow.clone_from(flow);
    clone_list(&mut dst.effects, effects);
    clone_list(&mut dst.pending_triggers, pending_triggers);
    dst.combat.clone_from(combat);
    dst.casting.clone_from(casting);
    dst.mana_choice.clone_from(mana_choice);
    dst.resolving.clone_from(resolving);
    dst.main.clone_from(main);
    clone_list(&mut dst.subgame_origin, subgame_origin);
    dst.subgame_pending.clone_from(subgame_pending);
    dst.subgame_result.clone_from(subgame_result);
    dst.rewind_events.clone_from(rewind_events);
    dst.rng.clone_from(rng);
    dst.next_timestamp.clone_from(next_timestamp);
    dst.next_stack_id.clone_from(next_stack_id);
    dst.options.clone_from(options);
    dst.turn_markers.clone_from(turn_markers);
    dst.turn_controller.clone_from(turn_controller);
    clone_list(&mut dst.turn_control_next, turn_control_next);
    clone_list(&mut dst.shields, shields);
    dst.prevent_combat_damage.clone_from(prevent_combat_damage);
    dst.camouflage.clone_from(camouflage);
    dst.prevent_combat_damage_by
        .clone_from(prevent_combat_damage_by);
    clone_list(&mut dst.cant_block_pairs, cant_block_pairs);
    clone_list(&mut dst.block_rules_this_turn, block_rules_this_turn);
    dst.uncounterable_spells_of
        .clone_from(uncounterable_spells_of);
    clone_list(&mut dst.delayed_end_of_combat, delayed_end_of_combat);
    clone_list(&mut dst.delayed_combat_this_turn, delayed_combat_this_turn);
    clone_list(&mut dst.blocks_this_turn, blocks_this_turn);
    clone_list(&mut dst.delayed_next_upkeep, delayed_next_upkeep);
    clone_list(&mut dst.delayed_your_upkeep, delayed_your_upkeep);
    clone_list(&mut dst.delayed_end_step, delayed_end_step);
    clone_list(&mut dst.delayed_cleanup, delayed_cleanup);
    clone_list(&mut dst.delayed_your_end_step, delayed_your_end_step);
    clone_list(&mut dst.ability_activations, ability_activations);
    clone_list(&mut dst.removals, removals);
    clone_list(&mut dst.delayed_turn_end_step, delayed_turn_end_step);
    dst.delayed_extra_turn_end
        .clone_from(delayed_extra_turn_end);
    clone_list(&mut dst.delayed_dies, delayed_dies);
    clone_list(&mut dst.delayed_leaves, delayed_leaves);
    clone_list(&mut dst.delayed_control_lost, delayed_control_lost);
    clone_list(&mut dst.haunts, haunts);
    clone_list(&mut dst.cant_phase_out, cant_phase_out);
    clone_list(&mut dst.damaged_by, damaged_by);
    clone_list(&mut dst.exile_if_dies, exile_if_dies);
    dst.exile_damaged_statics.clone_from(exile_damaged_statics);
    dst.graveyard_triggers.clone_from(graveyard_triggers);
    dst.restricted_mana.clone_from(restricted_mana);
    dst.split_second_cards.clone_from(split_second_cards);
    dst.graveyard_statics.clone_from(graveyard_statics);
    clone_list(&mut dst.free_plays, free_plays);
    dst.graveyard_plays.clone_from(graveyard_plays);
    dst.any_player_abilities.clone_from(any_player_abilities);
    dst.flash_grants.clone_from(flash_grants);
    dst.draw_discard_choices.clone_from(draw_discard_choices);
    dst.hand_actions.clone_from(hand_actions);
    dst.face_down_seen.clone_from(face_down_seen);
    clone_list(&mut dst.untap_choices, untap_choices);
    clone_list(&mut dst.untap_holds, untap_holds);
    clone_list(&mut dst.play_bans, play_bans);
    clone_list(&mut dst.granted_actions, granted_actions);
    clone_list(&mut dst.destruction_shields, destruction_shields);
    clone_list(&mut dst.must_block, must_block);
    clone_list(&mut dst.blocks_if_able, blocks_if_able);
    clone_list(&mut dst.defender_attack_rules, defender_attack_rules);
    dst.assigns_no_combat_damage
        .clone_from(assigns_no_combat_damage);
    clone_list(&mut dst.untap_limited, untap_limited);
    clone_list(&mut dst.untap_limits_left, untap_limits_left);
    clone_list(&mut dst.redirect_rules, redirect_rules);
    clone_list(&mut dst.draw_rules, draw_rules);
    clone_list(&mut dst.sanctuaries, sanctuaries);
    dst.damage_prevention_rules
        .clone_from(damage_prevention_rules);
    clone_list(&mut dst.extra_turns, extra_turns);
    dst.extra_phases.clone_from(extra_phases);
    dst.ending_turn.clone_from(ending_turn);
    dst.cleanup_again.clone_from(cleanup_again);
    dst.face_up_choice.clone_from(face_up_choice);
    dst.creatures_died_this_turn
        .clone_from(creatures_died_this_turn);
    clone_list(&mut dst.died_this_turn, died_this_turn);
    dst.counts_deaths_by_type.clone_from(counts_deaths_by_type);
    dst.result.clone_from(result);
    clone_list(&mut dst.lki, lki);
    dst.replay.clone_from(replay);
    dst.sba_dirty.clone_from(sba_dirty);
    dst.action_count.clone_from(action_count);
    dst.listing_step_bound.clone_from(listing_step_bound);
    dst.listing_gen.clone_from(listing_gen);
}

impl RewindPoint {
    /// The rewind point of `g` now (its own rewind point, if any, is
    /// retired first), built in the spare allocations when there are some.
    pub(crate) fn of(g: &mut Game) -> Box<RewindPoint> {
        g.retire_rewind();
        let spare = g.rewind_spare.0.take();
        if let Some(mut p) = spare {
            // The last point's game refilled field by field.
            clone_rest_into(&mut p.game, g);
            debug_assert!(p.game.rewind.is_none() && g.rewind.is_none());
            debug_assert!(p.game.objects.is_empty() && p.game.events.is_empty());
            // A valid board (derived data) isn't copied: the restored game
            // recomputes it (`Board::rewound`).
            if g.board.valid {
                p.game.board = crate::continuous::characteristics::Board::loaded();
            } else {
                p.game.board.clone_from(&g.board);
            }
            clone_players_into(&mut p.game.players, &mut g.players);
            p.game.in_play.clone_from(&g.in_play);
            p.saved.clear();
            p.saved.extend(
                g.objects
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| !matches!(o.zone, Zone::Library(_)))
                    .map(|(i, o)| (i as u32, *o)),
            );
            p.len = g.objects.len();
            #[cfg(debug_assertions)]
            p.full.clone_from(&g.objects);
            return p;
        }
        let objects = std::mem::take(&mut g.objects);
        let events = std::mem::take(&mut g.events);
        // A valid board (derived data) isn't copied: the restored game
        // recomputes it (`Board::rewound`).
        let board = g.board.valid.then(|| std::mem::take(&mut g.board));
        // The players and `in_play` are copied below.
        let players = std::mem::take(&mut g.players);
        let in_play = std::mem::take(&mut g.in_play);
        let mut game = g.clone();
        g.objects = objects;
        g.events = events;
        g.players = players;
        g.in_play = in_play;
        if let Some(board) = board {
            g.board = board;
            game.board.rewound = true;
        }
        // The first point of the game: its lists are allocated now.
        clone_players_into(&mut game.players, &mut g.players);
        game.in_play.clone_from(&g.in_play);
        let saved = g
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| !matches!(o.zone, Zone::Library(_)))
            .map(|(i, o)| (i as u32, *o))
            .collect();
        Box::new(RewindPoint {
            game,
            len: g.objects.len(),
            saved,
            #[cfg(debug_assertions)]
            full: g.objects.clone(),
        })
    }

    /// The arena at the rewind point, rebuilt from `objects` (the arena now).
    pub(crate) fn rebuild(&self, mut objects: Vec<Object>) -> Vec<Object> {
        objects.truncate(self.len);
        // The first entry of a slot wins: applied last.
        for (s, o) in self.saved.iter().rev() {
            objects[*s as usize] = *o;
        }
        #[cfg(debug_assertions)]
        if !self.full.is_empty() {
            debug_assert!(
                objects == self.full,
                "a library object changed during a play without a zone change (422)"
            );
        }
        objects
    }

    /// The game at the rewind point, whose arena now is `objects`.
    pub(crate) fn into_game(self, objects: Vec<Object>) -> Game {
        let objects = self.rebuild(objects);
        let mut g = self.game;
        g.objects = objects;
        g
    }

    /// A copy of the game at the rewind point (to validate it).
    pub(crate) fn game_from(&self, objects: &[Object]) -> Game {
        let mut g = self.game.clone();
        g.objects = self.rebuild(objects.to_vec());
        g
    }

    /// A hidden card re-dealt in a determinized copy (the objects the
    /// rewind point keeps its own copy of).
    pub(crate) fn set_card(&mut self, slot: usize, card: tolaria_cards::CardId) {
        for (s, o) in &mut self.saved {
            if *s as usize == slot {
                o.card = card;
                o.mark_board_input();
            }
        }
        #[cfg(debug_assertions)]
        if let Some(o) = self.full.get_mut(slot) {
            o.card = card;
            o.mark_board_input();
        }
    }
}

impl Game {
    /// The play is finished: its rewind point is no longer held, and its
    /// allocations are kept for the next one (`RewindSpare`).
    #[inline]
    pub(crate) fn retire_rewind(&mut self) {
        if let Some(point) = self.rewind.take() {
            self.rewind_spare.0 = Some(point);
        }
    }

    /// A card leaves its library while a rewind point is held: it is saved
    /// as it was (see `RewindPoint`).
    #[inline]
    pub(crate) fn note_rewind_library_move(&mut self, slot: u16) {
        if let Some(r) = self.rewind.as_mut() {
            if (slot as usize) < r.len {
                r.saved.push((u32::from(slot), self.objects[slot as usize]));
            }
        }
    }
}
