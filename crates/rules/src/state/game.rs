//! The game state: plain data, `Clone`, serialisable (DEVELOPERS.md,
//! decision 1). Objects live in an arena indexed by [`ObjId`]; zones are
//! lists of ids; the random generator and the id counters are inside.

use crate::continuous::effects::ContinuousEffect;
use crate::state::progress::{Casting, Flow, Resolving};
use crate::state::stack::PendingTrigger;
use crate::turn::combat::Combat;
use crate::{
    Decision, Event, MoveReason, ObjId, Object, Player, PlayerId, Rng, StackItem, Target, Zone,
};
use serde::{Deserialize, Serialize};
use tolaria_cards::{CardId, Step};

/// 102.x: how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    Win(PlayerId),
    Draw,
    /// 609.5, 607.5a: the team (`Player::team`) whose players remain wins
    /// (in a game with teams).
    TeamWin(u8),
}

impl GameResult {
    /// Did `p` win, in `game` (a player on the winning team wins with it)?
    pub fn won(&self, game: &Game, p: PlayerId) -> bool {
        match *self {
            GameResult::Win(w) => w == p,
            GameResult::TeamWin(t) => game.players[p.index()].team == Some(t),
            GameResult::Draw => false,
        }
    }
}

/// Last known information about an object that left a zone (413.2f).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastKnown {
    pub id: ObjId,
    pub card: CardId,
    pub controller: PlayerId,
    pub power: i32,
    pub toughness: i32,
    /// The card and face whose abilities it had (a copy's are the copied
    /// card's), and whether an effect had removed them (404.4c: leaves-play
    /// abilities look back in time).
    pub ability_card: CardId,
    pub ability_face: u8,
    pub lost_abilities: bool,
    /// It was a creature as it last existed in play.
    #[serde(default)]
    pub was_creature: bool,
    /// Its +1/+1 counters (502.35a modular counts them after it left play).
    #[serde(default)]
    pub plus_counters: u16,
    /// Its converted mana cost as it last existed (203.3; a token's is 0).
    #[serde(default)]
    pub converted_mana_cost: u16,
    /// Its colours as it last existed (`ColorSet` bits; Bound's "the
    /// number of colors that creature was").
    #[serde(default)]
    pub colors: u8,
    /// Its counters of the other kinds (`Object::counters`): Lotus Blossom's
    /// petal counters, counted after it was sacrificed (413.2f).
    #[serde(default)]
    pub counters: [(u8, u8); crate::state::object::COUNTER_SLOTS],
    /// The player it remembered (`Object::chosen_player`): "that player"
    /// of its leaves-play ability (Laquatus's Champion, `PlayerRef::Linked`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_player: Option<PlayerId>,
    /// What it was attached to (212.4: an Aura's "enchanted creature" in
    /// an ability of it that resolves after it left play, Briar Shield's
    /// "Sacrifice Briar Shield: Enchanted creature gets +3/+3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<Target>,
}

impl LastKnown {
    /// How many counters of this kind it had as it last existed in play.
    pub fn counters_of(&self, kind: tolaria_cards::CounterKind) -> u32 {
        match kind.slot_key() {
            None if kind == tolaria_cards::CounterKind::PlusOnePlusOne => self.plus_counters as u32,
            None => 0,
            Some(key) => self
                .counters
                .iter()
                .find(|s| s.0 == key)
                .map_or(0, |s| s.1 as u32),
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    pub seed: u64,
    pub players: Vec<Player>,
    pub objects: Vec<Object>,
    /// 217.5: the in-play zone, in order of entry.
    pub in_play: Vec<ObjId>,
    /// 217.6: bottom first, top last.
    pub stack: Vec<StackItem>,
    /// 217.7: removed from the game.
    pub removed: Vec<ObjId>,
    /// 217.9: the ante zone, in order of anteing (only when playing for
    /// ante, `MultiplayerOptions::ante`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ante: Vec<ObjId>,
    /// 217.8: the phased-out zone, in order of phasing out.
    #[serde(default)]
    pub phased_out: Vec<crate::mechanics::phasing::PhasedOut>,
    pub turn: u32,
    pub active: PlayerId,
    pub starting_player: PlayerId,
    pub step: Step,
    /// 408.1c: consecutive passes since the last action.
    pub passes: u8,
    pub decision: Option<Decision>,
    pub(crate) flow: Flow,
    pub effects: Vec<ContinuousEffect>,
    pub pending_triggers: Vec<PendingTrigger>,
    pub combat: Combat,
    pub(crate) casting: Option<Box<Casting>>,
    /// 411.1: a mana ability whose cost chooses objects, being played
    /// (`playing/mana_choice_cost.rs`).
    #[serde(default)]
    pub(crate) mana_choice: Option<Box<crate::playing::mana_choice_cost::ManaChoice>>,
    pub(crate) resolving: Option<Box<Resolving>>,
    /// 422: the state before the spell or ability being played was announced.
    pub(crate) rewind: Option<Box<crate::state::rewind::RewindPoint>>,
    /// 506.1: the main game, suspended while this game (a subgame) is
    /// played; the engine's top level is this stack of games.
    #[serde(default)]
    pub(crate) main: Option<Box<Game>>,
    /// 506.6: for a subgame, the cards brought into it: the decks, and
    /// cards a Wish brought in from the main game or from outside it.
    #[serde(default)]
    pub(crate) subgame_origin: Vec<crate::variants::subgame::Brought>,
    /// 506: a subgame created by the resolving effect, begun as soon as
    /// the current action's work stops (`Game::enter_or_leave_subgames`).
    #[serde(default)]
    pub(crate) subgame_pending: Option<Box<Game>>,
    /// The result of the last subgame this game played (Shahrazad's "each
    /// player who doesn't win the subgame").
    #[serde(default)]
    pub(crate) subgame_result: Option<GameResult>,
    /// How many events existed when the rewind point was taken.
    pub(crate) rewind_events: usize,
    pub rng: Rng,
    pub next_timestamp: u32,
    /// The last `StackItem::id` given to an ability put on the stack.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub next_stack_id: u32,
    /// 605.2: the multiplayer options chosen before play began (the
    /// attack option, 604/602).
    #[serde(
        default,
        skip_serializing_if = "crate::variants::multiplayer::MultiplayerOptions::is_default"
    )]
    pub options: crate::variants::multiplayer::MultiplayerOptions,
    /// 608.4: the turn markers of a Grand Melee game and the turns in
    /// progress that aren't being served (`variants/grand_melee.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_markers: Option<Box<crate::variants::grand_melee::TurnMarkers>>,
    /// 507: who controls the current turn (the active player unless an effect says otherwise).
    pub turn_controller: PlayerId,
    /// 507.1: pending "controls that player's next turn" effects,
    /// (controlled player, controller); a later one for the same player
    /// overwrites an earlier one (507.1a).
    pub turn_control_next: Vec<(PlayerId, PlayerId)>,
    /// 419.1a, 419.7b: prevention shields this turn.
    pub shields: Vec<crate::continuous::replacement::Shield>,
    /// "Prevent all combat damage that would be dealt this turn."
    pub prevent_combat_damage: bool,
    /// Camouflage: this turn, blockers are chosen by piles assigned at
    /// random instead of declared (`mechanics/camouflage.rs`); cleared in
    /// the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub camouflage: bool,
    /// 601.14b: the controllers of those effects (one bit per seat), so
    /// that under the limited range of influence option each prevents
    /// only damage whose source and recipient are within its
    /// controller's range.
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub prevent_combat_damage_by: u16,
    /// "[Creature] can't block [attacker] this turn" (Duct Crawler):
    /// (blocker, attacker) pairs, cleared in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cant_block_pairs: Vec<(ObjId, ObjId)>,
    /// "[Attacker] can't be blocked this turn except by Walls" (Varchild's
    /// Crusader), "… can't be blocked by Walls this turn": (attacker, the
    /// effect's source and controller, the rule), cleared in the cleanup
    /// step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub block_rules_this_turn: Vec<(ObjId, ObjId, crate::PlayerId, tolaria_cards::BlockRule)>,
    /// "Other spells you control can't be countered this turn"
    /// (Determined): one bit per seat, cleared in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "is_zero_u16")]
    pub uncounterable_spells_of: u16,
    /// 404.4: delayed triggered abilities waiting for the next end of
    /// combat step (311) to trigger (404.4b: once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_end_of_combat: Vec<crate::state::stack::PendingTrigger>,
    /// 404.4: "at this turn's next end of combat" (Gaze of the Gorgon):
    /// as `delayed_end_of_combat`, but emptied as the next turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_combat_this_turn: Vec<crate::state::stack::PendingTrigger>,
    /// 309.2e: every block (blocker, attacker) declared this turn, kept
    /// after its combat ends ("creatures that blocked or were blocked by it
    /// this turn", Gaze of the Gorgon); emptied as the next turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks_this_turn: Vec<(ObjId, ObjId)>,
    /// 404.4: delayed triggered abilities waiting for the next upkeep step
    /// ("at the beginning of the next turn's upkeep").
    #[serde(default)]
    pub delayed_next_upkeep: Vec<crate::state::stack::PendingTrigger>,
    /// 404.4: those waiting for their controller's next upkeep ("at the
    /// beginning of your next upkeep").
    #[serde(default)]
    pub delayed_your_upkeep: Vec<crate::state::stack::PendingTrigger>,
    /// 404.4: those waiting for the next end of turn step ("at the
    /// beginning of the next end step").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_end_step: Vec<crate::state::stack::PendingTrigger>,
    /// 404.4: those waiting for the next cleanup step (314.3; Armor of
    /// Thorns' sacrifice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_cleanup: Vec<crate::state::stack::PendingTrigger>,
    /// 404.4: those waiting for the next end of turn step of their
    /// controller's turn ("at the beginning of your next end step").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_your_end_step: Vec<crate::state::stack::PendingTrigger>,
    /// How many times each activated or mana ability was played this turn,
    /// as (source, ability index, count), for "if this ability has been
    /// played four or more times this turn" (Dragon Whelp); only the
    /// abilities whose text reads it are counted (`counts_activations`).
    /// Cleared as the counts of "this turn" are (300.1, 608.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ability_activations: Vec<(ObjId, u8, u8)>,
    /// 217.7b, 217.7d: the cards removed from the game face down by
    /// effects, with how (`object::Removal`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removals: Vec<(ObjId, crate::state::object::Removal)>,
    /// 404.4: those waiting for the end of turn step of a player's next
    /// turn ("at the beginning of the end step of that player's next
    /// turn"), with the player and the turn number they were created in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_turn_end_step: Vec<(PlayerId, u32, crate::state::stack::PendingTrigger)>,
    /// 404.4: those waiting for the end step of an extra turn ("that
    /// turn's end step", Final Fortune): the extra turn's place in
    /// `extra_turns` while it waits, then the number of the turn it became
    /// (0 until it begins; `resolution/delayed.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_extra_turn_end: Vec<(u32, u32, crate::state::stack::PendingTrigger)>,
    /// 404.4: those waiting for an object to be put into a graveyard from
    /// play this turn ("When that creature is put into a graveyard from
    /// play this turn", Initiate of Blood), with the object watched;
    /// emptied as a turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_dies: Vec<(ObjId, crate::state::stack::PendingTrigger)>,
    /// "When that creature leaves play this turn" (Kjeldoran Elite Guard):
    /// as `delayed_dies`, to any zone; emptied as the turn ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_leaves: Vec<(ObjId, crate::state::stack::PendingTrigger)>,
    /// "When you lose control of the creature, …" (Ray of Command): the
    /// permanent watched; triggers as its control changes away from the
    /// ability's controller; dropped as it leaves play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delayed_control_lost: Vec<(ObjId, crate::state::stack::PendingTrigger)>,
    /// 502.51b: each card in the removed-from-the-game zone haunting a
    /// creature, with that creature (`mechanics/haunt.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub haunts: Vec<(ObjId, ObjId)>,
    /// "Until your next upkeep, [it] can't phase out" (Spatial Binding):
    /// the permanent and the player whose next upkeep ends the effect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cant_phase_out: Vec<(ObjId, PlayerId)>,
    /// (source, creature) pairs: creatures dealt damage this turn by a
    /// permanent with a "creature dealt damage by [this] this turn dies"
    /// ability (Sengir Vampire); cleared in the cleanup step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub damaged_by: Vec<(ObjId, ObjId)>,
    /// 419.1a: creatures removed from the game instead if they would be
    /// put into a graveyard this turn (Yamabushi's Flame, Nine-Ringed Bo);
    /// emptied in the cleanup step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exile_if_dies: Vec<(ObjId, CardId)>,
    /// Derived: some card of the game has "If a creature dealt damage by
    /// [this] this turn would be put into a graveyard, remove it from the
    /// game instead" (Frostwielder), so damage to creatures is noted in
    /// `damaged_by`; set as cards are created.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exile_damaged_statics: bool,
    /// Derived: some card of the game has a triggered ability that works
    /// in the graveyard (402.8h, Squee); set as cards are created, since no
    /// card enters a game later (tokens have no such ability).
    #[serde(default = "yes")]
    pub graveyard_triggers: bool,
    /// Derived: some card of the game has a mana ability whose mana is
    /// restricted ("Spend this mana only …", Mishra's Workshop), so the
    /// priority listing looks for restricted mana sources only then; set
    /// as cards are created, like `graveyard_triggers` (no card in the
    /// pool grants such an ability in quotes).
    #[serde(default = "yes")]
    pub restricted_mana: bool,
    /// Derived: some card of the game has split second (502.58) on a
    /// face, so the priority listing looks at the spells on the stack for
    /// it only then (a spell on the stack has its printed keywords,
    /// `characteristics::compute`); set as cards are created, like
    /// `restricted_mana` (spell copies copy a card of the game).
    #[serde(default = "yes")]
    pub split_second_cards: bool,
    /// Derived: some card of the game has a static ability that works in
    /// the graveyard (402.8h, Anger), so the layers look at graveyards and
    /// the board is recomputed as cards enter and leave them; set as cards
    /// are created, like `graveyard_triggers`.
    #[serde(default = "yes")]
    pub graveyard_statics: bool,
    /// 502.56a: cards revealed by ripple to be played without paying their
    /// mana costs, in order, as the ability finishes resolving.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub free_plays: Vec<FreePlay>,
    /// Derived: some card of the game has flashback (502.22a) or an
    /// activated ability that functions in the graveyard (402.8h), so the
    /// graveyards are looked at for spells and abilities to play; set as
    /// cards are created.
    #[serde(default = "yes")]
    pub graveyard_plays: bool,
    /// Derived: some card of the game has an activated ability any player
    /// may play (403.2, Flailing Ogre), so priority looks at the abilities
    /// of other players' permanents; set as cards are created.
    #[serde(default = "yes")]
    pub any_player_abilities: bool,
    /// A card with "You may play [filter] spells as though they had
    /// flash" (`StaticAbility::PlayAsThoughFlash`) is in the game: only
    /// then are the statics in play looked at for the timing of spells
    /// (`Game::flash_granted`). Set as cards are created.
    #[serde(default = "yes")]
    pub flash_grants: bool,
    /// Derived: some card of the game has dredge (502.47a) or madness
    /// (502.24a), so a draw or a discard may ask a replacement choice
    /// (`replacement_choice_possible` looks at graveyards and hands only
    /// then); set as cards are created.
    #[serde(default = "yes")]
    pub draw_discard_choices: bool,
    /// Derived: some card of the game can be used from the hand other than
    /// by playing it: morph (502.26a), suspend (502.59a), an activated
    /// ability that functions in the hand (502.18a cycling, 502.53a
    /// forecast); priority looks for those actions only then. Set as
    /// cards are created.
    #[serde(default = "yes")]
    pub hand_actions: bool,
    /// Derived: some object of the game is or was face down (504, 217.7b;
    /// set wherever an object is turned or put face down, never cleared):
    /// `emit` looks for face-down objects an event names only then.
    #[serde(default = "yes")]
    pub face_down_seen: bool,
    /// 302.2: the active player's permanents with "you may choose not to
    /// untap" still to decide about in this untap step.
    #[serde(default)]
    pub untap_choices: Vec<ObjId>,
    /// 302.2: "doesn't untap during its controller's next untap step"
    /// effects waiting for their untap step (`turn/untap_rules.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untap_holds: Vec<crate::turn::untap_rules::UntapHold>,
    /// "Target player can't play lands / [filter] spells this turn"
    /// (Solfatara, Cease-Fire): the players and what they can't play;
    /// emptied in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub play_bans: Vec<PlayBan>,
    /// Actions resolved spells let players take until end of turn (Channel,
    /// Guardian Angel: `mechanics/granted.rs`); emptied in the cleanup
    /// step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub granted_actions: Vec<GrantedAction>,
    /// "The next time target land would be destroyed this turn, remove all
    /// damage marked on it instead." (Pyramids): one entry per shield;
    /// emptied in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub destruction_shields: Vec<ObjId>,
    /// 500.1: (blocker, attacker) pairs that must be blocks this turn if
    /// able ("Target creature blocks CARDNAME this turn if able", Rampant
    /// Elephant), judged with provoke's (`turn/blocks.rs`); emptied in the
    /// cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub must_block: Vec<(ObjId, ObjId)>,
    /// 500.1: creatures that block this turn if able, any attacking
    /// creature ("That creature blocks this turn if able", Provoke; false)
    /// or each attacking creature ("It blocks each attacking creature this
    /// turn if able", Blaze of Glory; true), judged with the other
    /// requirements (`turn/blocks.rs`); emptied in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks_if_able: Vec<(ObjId, bool)>,
    /// 502.40: "Creatures you control with defender can attack this turn
    /// as though they didn't have defender" (Wakestone Gargoyle): a rule
    /// for the turn (the player, the creatures it covers as "you"), so a
    /// creature that comes under the player's control later is covered
    /// too (its ruling); emptied in the cleanup step (314.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defender_attack_rules: Vec<(PlayerId, tolaria_cards::ObjectFilter)>,
    /// 310.1: creatures that assign no combat damage this turn (Ophidian);
    /// emptied as a turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assigns_no_combat_damage: Vec<ObjId>,
    /// 302.2: in an untap step under "can't untap more than N" limits, the
    /// permanents still to choose among, each with the limits it counts
    /// toward (bit i: limit i), and how many each limit still allows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untap_limited: Vec<(ObjId, u32)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untap_limits_left: Vec<u8>,
    /// 419.6c: redirection effects of resolved abilities until end of turn.
    #[serde(default)]
    pub redirect_rules: Vec<crate::continuous::replacement::RedirectRule>,
    /// 419.1a: "if [player] would draw a card, instead …" effects until
    /// end of turn (Plagiarize).
    #[serde(default)]
    pub draw_rules: Vec<crate::continuous::draw_replacement::DrawRule>,
    /// "Until your next turn, you can't be attacked except by creatures
    /// with flying and/or islandwalk." (Island Sanctuary): the players so
    /// protected; each leaves the list as their next turn begins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sanctuaries: Vec<PlayerId>,
    /// 418.3b: "prevent all damage that [sources] would deal this turn"
    /// effects (rules of the game, not objects), each with the card that
    /// made it; they end in the cleanup step.
    #[serde(default)]
    pub damage_prevention_rules: Vec<crate::continuous::replacement::PreventionRule>,
    /// Extra turns to be taken after this one; the last created is taken first.
    pub extra_turns: Vec<PlayerId>,
    /// Additional combat and main phases this turn (Relentless Assault).
    #[serde(default)]
    pub extra_phases: ExtraPhases,
    /// 509.1: an effect has ended the turn; applied as the resolution finishes.
    pub ending_turn: bool,
    /// 314.3: this turn's cleanup step gave priority, so another follows.
    pub cleanup_again: bool,
    /// 504.8: a permanent whose morph cost is paid, waiting for the choice
    /// its "As [this] is turned face up" ability makes as it turns face up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) face_up_choice: Option<crate::mechanics::morph::FaceUpChoice>,
    /// Creatures put into a graveyard from play this turn ("if three or more
    /// creatures were put into graveyards from play this turn", Kuon).
    #[serde(default)]
    pub creatures_died_this_turn: u32,
    /// The subtypes, as they last existed in play, of the creatures put
    /// into a graveyard from play this turn ("for each Zubera that died
    /// this turn"); recorded only while `counts_deaths_by_type` (a card in
    /// the game reads it, `CardFace::counts_deaths_by_type`); emptied as a
    /// turn begins, with `creatures_died_this_turn`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub died_this_turn: Vec<tolaria_cards::SubtypeSet>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counts_deaths_by_type: bool,
    pub result: Option<GameResult>,
    /// Last known information of objects that left play during the current resolution.
    pub lki: Vec<LastKnown>,
    /// 419.9a: answers to the replacement choices of the unit being run.
    #[serde(default)]
    pub replay: crate::continuous::replacement::Replay,
    /// The computed characteristics of the permanents in play (derived,
    /// see `characteristics::Board`); recomputed by `settle`. Not saved: a
    /// game loaded from a save recomputes it as a rewound game does
    /// (`Board::loaded`).
    #[serde(skip, default = "crate::continuous::characteristics::Board::loaded")]
    pub board: crate::continuous::characteristics::Board,
    /// Events emitted since the caller last drained them.
    #[serde(skip)]
    pub events: Vec<Event>,
    /// Something happened since state-based effects were last found to be
    /// clear. Every change to the game emits an event (decision 8), so a
    /// check with no event since the last clean check can be skipped.
    pub sba_dirty: bool,
    /// Actions applied so far (for replays).
    pub action_count: u64,
    /// The allocations of the last rewind point, reused by the next one
    /// (issue 22): scratch storage, never read as game state; a copy of
    /// the game starts without it and a save doesn't hold it.
    #[serde(skip)]
    pub(crate) rewind_spare: crate::state::rewind::RewindSpare,
    /// Derived: some card of the game may make the listing at priority
    /// read the step other than through sorcery timing
    /// (`engine/listing_cache.rs`, `card_step_bound`); set as cards are
    /// created, like `graveyard_triggers`.
    #[serde(default = "yes")]
    pub listing_step_bound: bool,
    /// The events emitted so far but the steps' beginnings (issue 22): the
    /// kept listings at priority (`Game::listing`) were computed at one
    /// value of it. Only compared for equality with itself.
    #[serde(skip)]
    pub(crate) listing_gen: u64,
    /// The listings at priority kept between decisions (issue 22,
    /// `engine/listing_cache.rs`): derived data, which a copy of the game
    /// starts without and a save doesn't hold.
    #[serde(skip)]
    pub(crate) listing: crate::engine::listing_cache::ListingCache,
}

impl Game {
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }
    pub fn player_mut(&mut self, p: PlayerId) -> &mut Player {
        &mut self.players[p.index()]
    }
    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players.len() as u8).map(PlayerId)
    }
    pub fn num_players(&self) -> usize {
        self.players.len()
    }
    /// Players still in the game, in turn order starting from `from`.
    pub fn apnap_from(&self, from: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        let n = self.players.len() as u8;
        (0..n)
            .map(move |i| PlayerId((from.0 + i) % n))
            .filter(move |p| !self.players[p.index()].lost)
    }
    pub fn next_player(&self, p: PlayerId) -> PlayerId {
        let n = self.players.len() as u8;
        let mut q = p;
        for _ in 0..n {
            q = PlayerId((q.0 + 1) % n);
            if !self.players[q.index()].lost {
                return q;
            }
        }
        p
    }
    /// 102.1, 609.1: the opponents of `p` still in the game: the players
    /// on other teams (every other player when there are no teams).
    pub fn opponents(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.player_ids()
            .filter(move |&q| !self.players[q.index()].lost && self.is_opponent(p, q))
    }
    /// 609.1, 607.1: `a` and `b` are on different teams ("opponent" in a
    /// card or rule). Without teams every other player is an opponent.
    #[inline]
    pub fn is_opponent(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && {
            let ta = self.players[a.index()].team;
            ta.is_none() || ta != self.players[b.index()].team
        }
    }
    /// 603.2, 607.7, 609.6: `a` and `b` are different players on the
    /// same team.
    #[inline]
    pub fn is_teammate(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && !self.is_opponent(a, b)
    }
    /// The teammates of `p` still in the game.
    pub fn teammates(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.player_ids()
            .filter(move |&q| !self.players[q.index()].lost && self.is_teammate(p, q))
    }
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// 606: the game is a Two-Headed Giant game (one branch: every check
    /// of the variant in the step loop is this).
    #[inline]
    pub fn two_headed(&self) -> bool {
        self.options.variant == crate::variants::multiplayer::Variant::TwoHeadedGiant
    }

    /// 606.4b, 606.6d: is `p` an active player? The active player; in a
    /// Two-Headed Giant game every player on the active team (`active`
    /// is then the active team's primary player, 606.3).
    #[inline]
    pub fn is_active(&self, p: PlayerId) -> bool {
        p == self.active || (self.two_headed() && self.is_teammate(p, self.active))
    }

    /// Does `decider` choose for `p` as one side (410.3: a player orders
    /// their own triggers; 606.6f: either teammate's on a Two-Headed Giant
    /// team, the primary player deciding, 606.6e)?
    #[inline]
    pub fn same_side(&self, decider: PlayerId, p: PlayerId) -> bool {
        decider == p || (self.two_headed() && self.is_teammate(decider, p))
    }

    /// 606.7a: is `p` a defending player: the defending player; in a
    /// Two-Headed Giant game each player of the defending team
    /// (`combat.defending` is then the nonactive team's primary player).
    #[inline]
    pub fn is_defending(&self, p: PlayerId) -> bool {
        self.combat.defending == Some(p)
            || (self.two_headed()
                && self
                    .combat
                    .defending
                    .is_some_and(|d| self.is_teammate(p, d)))
    }

    /// The players `def`'s side defends with: `def`; 606.7a, 606.7c: in a
    /// Two-Headed Giant game every player of `def`'s team.
    pub fn defending_side(&self, def: PlayerId) -> impl Iterator<Item = PlayerId> + '_ {
        self.player_ids().filter(move |&q| {
            q == def
                || (self.two_headed() && !self.players[q.index()].lost && self.is_teammate(q, def))
        })
    }

    /// The active players (606.4b: the active Two-Headed Giant team, in
    /// seat order from its primary player), or just the active player.
    pub fn active_players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.apnap_from(self.active)
            .filter(move |&q| self.is_active(q))
    }

    /// 215, 606.4a: `p`'s life total; in a Two-Headed Giant game the
    /// team's shared life total (stored once, see `life_holder`).
    #[inline]
    pub fn life(&self, p: PlayerId) -> i32 {
        self.players[self.life_holder(p).index()].life
    }

    /// Sets `p`'s life total (606.4a: the team's) without a life change:
    /// the set-up of a game (a scenario, a test). Effects use `gain_life`,
    /// `lose_life`, `set_life_totals` or deal damage.
    pub fn set_life(&mut self, p: PlayerId, life: i32) {
        *self.life_mut(p) = life;
    }

    /// The stored life total `p`'s life changes apply to: `p`'s; 606.4a,
    /// 606.9: in a Two-Headed Giant game the team's, kept on the team's
    /// first player (the lowest seat index of the team), so a change to
    /// either player's life is a change to the one total.
    #[inline]
    pub(crate) fn life_mut(&mut self, p: PlayerId) -> &mut i32 {
        let h = self.life_holder(p);
        &mut self.players[h.index()].life
    }

    /// The player whose `Player::life` holds `p`'s life total: `p`; in a
    /// Two-Headed Giant game the first player of `p`'s team (teams are
    /// fixed before play, 606.1, so it never changes).
    #[inline]
    pub fn life_holder(&self, p: PlayerId) -> PlayerId {
        if self.two_headed() {
            if let Some(t) = self.players[p.index()].team {
                if let Some(i) = self.players.iter().position(|q| q.team == Some(t)) {
                    return PlayerId(i as u8);
                }
            }
        }
        p
    }

    /// 606.9a: the value of `p`'s individual life total for an effect that
    /// needs to know it: the life total; in a Two-Headed Giant game the
    /// team's shared total divided by two, rounded up (606.10: by the
    /// number of players on the team).
    #[inline]
    pub fn individual_life(&self, p: PlayerId) -> i32 {
        let life = self.life(p);
        if self.two_headed() {
            let n = 1 + self.teammates(p).count() as i32;
            // Rounded up, also below zero (-3 / 2 is -1).
            -((-life).div_euclid(n))
        } else {
            life
        }
    }

    /// The live object with this id, or `None` if it has changed zones since (217.1c).
    pub fn obj(&self, id: ObjId) -> Option<&Object> {
        self.objects
            .get(id.slot as usize)
            .filter(|o| o.gen == id.gen && o.zone != Zone::Nowhere)
    }
    pub fn obj_mut(&mut self, id: ObjId) -> Option<&mut Object> {
        self.objects
            .get_mut(id.slot as usize)
            .filter(|o| o.gen == id.gen && o.zone != Zone::Nowhere)
    }
    /// The card a permanent (or spell) that is gone became by moving once,
    /// into a graveyard, if it is still there: what a leaves-play ability
    /// means by "return CARDNAME" (Rancor, Homura, Human Ascendant; 404.4c).
    /// `None` if `id` is still current or the card has moved on since.
    pub fn followed_to_graveyard(&self, id: ObjId) -> Option<ObjId> {
        if self.obj(id).is_some() {
            return None;
        }
        let x = self.objects.get(id.slot as usize)?;
        let now = self.current_id(id.slot as usize);
        (now.gen == id.gen.wrapping_add(1) && matches!(x.zone, Zone::Graveyard(_))).then_some(now)
    }

    /// The current id of the object in a slot.
    pub fn current_id(&self, slot: usize) -> ObjId {
        self.objects[slot].id(slot)
    }
    pub fn is_in_play(&self, id: ObjId) -> bool {
        self.obj(id).is_some_and(|o| o.zone == Zone::InPlay)
    }
    /// In play and not phased out (502.15: phased-out permanents are treated as though they don't exist).
    pub fn is_present(&self, id: ObjId) -> bool {
        self.obj(id)
            .is_some_and(|o| o.zone == Zone::InPlay && !o.is_phased_out())
    }
    /// A new identity for an ability put on the stack (`StackItem::id`).
    pub(crate) fn new_stack_id(&mut self) -> u32 {
        self.next_stack_id += 1;
        self.next_stack_id
    }

    /// The ability on the stack a `Target::Ability` names, if it is still there.
    pub fn stack_ability(&self, id: u32) -> Option<&crate::StackItem> {
        self.stack.iter().find(|s| s.is_ability(id))
    }

    pub fn stamp(&mut self) -> u32 {
        self.next_timestamp += 1;
        self.next_timestamp
    }

    /// Takes the events emitted since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// 423.1: draw a card. Drawing from an empty library is recorded for 420.5g.
    pub fn draw(&mut self, p: PlayerId) {
        self.draw_for(p, crate::state::event::DrawReason::Effect)
    }

    /// As [`Game::draw`], noting why (for the log's rule number).
    /// 423.1: `p` draws the top card of their library (drawing from an
    /// empty library is recorded for 420.5g). Replacement effects come
    /// first (`draw_for`).
    pub(crate) fn draw_card(&mut self, p: PlayerId, why: crate::state::event::DrawReason) {
        match self.players[p.index()].library.last().copied() {
            Some(top) => {
                let card = self.objects[top.slot as usize].card;
                if let Some(new) = self.move_to(top, Zone::Hand(p), MoveReason::Draw) {
                    self.players[p.index()].last_drawn = Some(new);
                    self.objects[new.slot as usize].flags |=
                        crate::state::object::flags::DRAWN_THIS_TURN;
                    self.emit(Event::Drew {
                        player: p,
                        obj: new,
                        card,
                        why,
                    });
                }
            }
            None => {
                self.players[p.index()].drew_from_empty = true;
                self.emit(Event::DrewFromEmptyLibrary { player: p });
            }
        }
    }

    /// 102.3d: a player gets poison counters (ten or more: 420.5h).
    pub fn give_poison(&mut self, p: PlayerId, n: u32) {
        if n == 0 {
            return;
        }
        let poison = &mut self.players[p.index()].poison;
        *poison = poison.saturating_add(n);
        self.emit(Event::PoisonCountersGiven {
            player: p,
            amount: n,
        });
    }

    pub fn lose_life(&mut self, p: PlayerId, n: u32) {
        if n == 0 {
            return;
        }
        let life = self.life_mut(p);
        *life = life.saturating_sub(i32::try_from(n).unwrap_or(i32::MAX));
        self.emit(Event::LifeLost {
            player: p,
            amount: n,
        });
    }

    /// "[Player]'s life total becomes N" for each `(player, N)` of one
    /// effect: the player gains or loses the difference. 606.9c: in a
    /// Two-Headed Giant game the player's life total is considered to be
    /// their individual share (606.9a) and the team's total changes by
    /// what the player gained or lost; 606.9b: when the effect sets the
    /// life total of each player of a team, the team's total becomes the
    /// sum of the numbers (each player still gains or loses the difference
    /// from their share).
    pub fn set_life_totals(&mut self, set: &[(PlayerId, i32)]) {
        let before: Vec<i32> = set.iter().map(|&(p, _)| self.individual_life(p)).collect();
        for (&(p, n), &was) in set.iter().zip(&before) {
            let d = i64::from(n) - i64::from(was);
            let amount = u32::try_from(d.unsigned_abs()).unwrap_or(u32::MAX);
            if d > 0 {
                self.gain_life(p, amount);
            } else if d < 0 {
                self.lose_life(p, amount);
            }
        }
        if self.two_headed() {
            // 606.9b: a team every player of which was set: the sum.
            for &(p, _) in set {
                let team: Vec<PlayerId> = std::iter::once(p).chain(self.teammates(p)).collect();
                let all = team.iter().all(|q| set.iter().any(|s| s.0 == *q));
                if all {
                    let sum = team
                        .iter()
                        .filter_map(|q| set.iter().find(|s| s.0 == *q).map(|s| s.1))
                        .fold(0i32, i32::saturating_add);
                    self.set_life(p, sum);
                }
            }
        }
    }

    pub fn shuffle_library(&mut self, p: PlayerId) {
        let mut lib = std::mem::take(&mut self.players[p.index()].library);
        self.rng.shuffle(&mut lib);
        self.players[p.index()].library = lib;
        self.emit(Event::Shuffled { player: p });
    }

    pub fn tap(&mut self, id: ObjId) {
        // 419, 504.1: a creature played face down by Illusionary Mask is
        // turned face up instead, then becomes tapped.
        if self
            .obj(id)
            .is_some_and(|o| o.flags & crate::state::object::flags::MASKED != 0 && !o.is_tapped())
        {
            self.masked_turns_face_up(id);
        }
        if let Some(o) = self.obj_mut(id) {
            if !o.is_tapped() {
                o.set_tapped(true);
                let card = o.card;
                self.emit(Event::Tapped { obj: id, card });
            }
        }
    }

    pub fn untap(&mut self, id: ObjId) {
        if let Some(o) = self.obj_mut(id) {
            if o.is_tapped() {
                o.set_tapped(false);
                let card = o.card;
                self.emit(Event::Untapped { obj: id, card });
                self.end_while_tapped_effects(id);
            }
        }
    }

    /// Every object slot and the zone it is in; each card is in exactly one
    /// zone list. Returns a description of the first inconsistency found.
    pub fn check_zones(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.objects.len()];
        let mut mark = |id: ObjId, zone: Zone| -> Result<(), String> {
            let o = self
                .objects
                .get(id.slot as usize)
                .ok_or_else(|| format!("{id} out of range"))?;
            if o.gen != id.gen {
                return Err(format!("{id} listed in {zone:?} is stale"));
            }
            if o.zone != zone {
                return Err(format!(
                    "{id} listed in {zone:?} but its zone is {:?}",
                    o.zone
                ));
            }
            seen[id.slot as usize] += 1;
            Ok(())
        };
        for (i, p) in self.players.iter().enumerate() {
            let pid = PlayerId(i as u8);
            for &id in &p.library {
                mark(id, Zone::Library(pid))?;
            }
            for &id in &p.hand {
                mark(id, Zone::Hand(pid))?;
            }
            for &id in &p.graveyard {
                mark(id, Zone::Graveyard(pid))?;
            }
        }
        for &id in &self.in_play {
            mark(id, Zone::InPlay)?;
        }
        for &id in &self.removed {
            mark(id, Zone::RemovedFromGame)?;
        }
        for p in &self.phased_out {
            mark(p.id, Zone::PhasedOut)?;
        }
        for &id in &self.ante {
            mark(id, Zone::Ante)?;
        }
        for s in &self.stack {
            if let crate::StackKind::Spell { obj } = s.kind {
                mark(obj, Zone::Stack)?;
            }
        }
        for (i, o) in self.objects.iter().enumerate() {
            // 600.4a: a card whose owner left the game is in no zone, and
            // only such a card (tokens and spell copies cease to exist,
            // 420.5f / 420.5j, and are in no zone too).
            let left = self.players[o.owner.index()].left_game;
            if !o.token && o.spell_copy.is_none() && (o.zone == Zone::Nowhere) != left {
                return Err(format!(
                    "object #{i} ({}) is in {:?} but its owner {} the game",
                    o.def().name,
                    o.zone,
                    if left { "left" } else { "didn't leave" }
                ));
            }
            let want = if o.zone == Zone::Nowhere { 0 } else { 1 };
            if seen[i] != want {
                return Err(format!(
                    "object #{i} ({}) is in {} zone lists, expected {want}",
                    o.def().name,
                    seen[i]
                ));
            }
        }
        Ok(())
    }

    /// The objects a player controls in play.
    pub fn controlled_by(&self, p: PlayerId) -> impl Iterator<Item = ObjId> + '_ {
        self.in_play.iter().copied().filter(move |&id| {
            let o = &self.objects[id.slot as usize];
            o.controller == p && !o.is_phased_out()
        })
    }

    /// Attaches an Aura or Equipment (212.4, 502.33).
    pub fn attach(&mut self, obj: ObjId, to: Target) {
        let Some(o) = self.obj_mut(obj) else { return };
        o.attached_to = Some(to);
        let card = o.card;
        let to_card = match to {
            Target::Object(t) => self.obj(t).map(|x| x.card),
            Target::Player(_) | Target::Ability(_) => None,
        };
        self.emit(Event::Attached {
            obj,
            card,
            to,
            to_card,
        });
    }

    /// Targets with their cards, for events.
    pub fn named_targets(&self, ts: &[Target]) -> Vec<crate::state::event::NamedTarget> {
        ts.iter()
            .map(|&t| crate::state::event::NamedTarget {
                target: t,
                card: match t {
                    // 504.2: a face-down object is named as such.
                    Target::Object(o) => self.objects.get(o.slot as usize).map(|x| {
                        if x.is_face_down() {
                            tolaria_cards::db().face_down
                        } else {
                            x.card
                        }
                    }),
                    Target::Player(_) => None,
                    Target::Ability(id) => self.stack_ability(id).and_then(|s| s.card(self)),
                },
            })
            .collect()
    }

    pub fn target_exists(&self, t: Target) -> bool {
        match t {
            Target::Player(p) => !self.players[p.index()].lost,
            Target::Object(o) => self.obj(o).is_some(),
            Target::Ability(id) => self.stack_ability(id).is_some(),
        }
    }
}

/// Serde default for derived flags that are safe when true.
fn yes() -> bool {
    true
}

/// Additional combat phases, each followed by an additional main phase,
/// created "after this main phase" (Relentless Assault), and where the
/// turn goes on after them. Reset as a turn begins.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraPhases {
    /// Additional combat phases still to come after the current main phase.
    pub combats: u8,
    /// The current combat phase is an additional one.
    pub combat_is_extra: bool,
    /// The current main phase is an additional one.
    pub main_is_extra: bool,
    /// For each additional main phase to come, the step that follows it.
    pub resume: Vec<tolaria_cards::Step>,
}

fn is_zero_u16(n: &u16) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// A card to be played without paying its mana cost as the ability that
/// allowed it finishes resolving (502.56a ripple; 504.1 Illusionary Mask).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreePlay {
    pub player: PlayerId,
    pub obj: ObjId,
    /// 504.1: played face down from the hand by Illusionary Mask.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub masked: bool,
}

/// An action a resolved spell lets `player` take until end of turn
/// (`Game::granted_actions`, `mechanics/granted.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrantedAction {
    pub player: PlayerId,
    /// The spell that granted it, as it resolved (for the log).
    pub source: ObjId,
    pub card: CardId,
    pub kind: GrantedKind,
}

/// What a granted action does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrantedKind {
    /// Channel: pay 1 life, add {1} to the mana pool, any time the player
    /// could play a mana ability.
    LifeForMana,
    /// Guardian Angel: pay {`generic`}, prevent the next 1 damage to
    /// `target` this turn, any time the player could play an instant.
    PreventForMana { target: crate::Target, generic: u32 },
}

/// One "can't play … this turn" rule (`Game::play_bans`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayBan {
    pub player: PlayerId,
    /// Lands (408.2d): none may be played.
    pub lands: bool,
    /// The spells that can't be played (none: lands only).
    pub spells: Option<tolaria_cards::ObjectFilter>,
}
