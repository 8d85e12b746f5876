//! `tolaria play`: a whole game in the terminal against the built-in agent.
//!
//! Decisions go to whoever `game.decider()` names (rule 507: the controller
//! of a turn decides for the controlled player); the human always sees the
//! view of their own seat. Input is read line by line, so a pipe works as
//! well as a terminal; at the end of input the human concedes.

use crate::args::Args;
use crate::decks::{self, LoadedDeck};
use crate::replay::Recorder;
use crate::style::Style;
use crate::{CliError, CliResult};
use board_lines::{card_label, permanent_line, status, target_name};
mod board_lines;
mod input;
mod log;
mod pay;
mod prompts;
mod show;
mod stops;

use input::{Input, Reader};
use prompts::{parse_command, Command};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use stops::{Mode, Stops};
use tolaria_ai::{agent_by_name, Agent};
use tolaria_rules::engine::view::{PermanentView, PlayerView};
use tolaria_rules::{Action, DecisionKind, Game, GameResult, PlayerId, Target};

const HELP: &str = "\
tolaria play: play a game in the terminal against the built-in agent

Usage: tolaria play [--deck FILE] [--opponent-deck FILE] [--seed N] [--agent NAME]
                    [--mcts-iterations N] [--events FILE] [--save FILE]
       tolaria play --players N [--variant ffa|teams|emperor] [--seat K]
                    [--agents A|A1,..] [--decks D|D1,..,DN] [...]
       tolaria play --scenario FILE [--agent NAME]
       tolaria play --resume FILE [--save FILE]

Options:
  --deck FILE           your deck (default: the built-in black_white,
                        decks/black_white.txt)
  --opponent-deck FILE  the agent's deck (default: the built-in
                        white_weenie_old, decks/bench/white_weenie_old.dck;
                        the two win 48% and 52% of 1,000 games between two
                        greedy agents). A built-in deck may be named instead
                        of a file: red_green, white_blue, black_white,
                        mono_black, rg_beats_old, white_weenie_old
  --any-deck            play decks that break the 2007 constructed rules
                        (fewer than 60 cards, or more than 4 copies of a
                        card other than a basic land), with a warning;
                        without it such a deck is refused
  --seed N              the game's seed (default: from the clock; printed)
  --agent NAME          the opponent: greedy (default), random, or mcts
                        (Monte Carlo tree search; mcts:N searches N
                        iterations per decision, default 48; mcts:500ms
                        searches half a second per decision)
  --mcts-iterations N   the same as --agent mcts:N
  --save FILE           save the game (seed, decks, every action) to FILE when
                        it ends; `tolaria replay FILE` replays it
  --events FILE         also write every game event to FILE as JSON lines
                        ({\"rule\": \"310.4\", \"text\": \"…\", \"event\": {…}})
                        when the game is over or interrupted by Ctrl-C
                        (never during it: the events name the agent's
                        hidden draws)
  --resume FILE         go on with a saved game (one saved by Ctrl-C, or by
                        --save): it is replayed to where it stopped
  --scenario FILE       start from a scenario file's set-up (docs/scenarios.md;
                        the built-in mindslaver, agent_mindslaver and
                        two_bears_attack may be named from any directory):
                        you are P1, the agent every other player; the file's
                        actions and expectations are not run. E.g.
                        decks/mindslaver.scn gives you a Mindslaver: after it
                        resolves you play the agent's next turn, seeing its
                        hand (rule 507); decks/agent_mindslaver.scn: the
                        agent plays your next turn; two_bears_attack: block
                        one of two attacking Grizzly Bears by its #id

A multiplayer game: the table options below, and
  --seat K              your seat, 1 to N (default 1); seat 1 is P1
  --agents LIST         the agents of the other seats, in seat order (N-1
                        names), or of every seat (N names, `human` at yours);
                        one name for all (default: --agent)
  --decks LIST          a deck per seat (N entries, seat 1 first) or one for
                        all; default: --deck for you, --opponent-deck for
                        the others
  --both-heads          with --variant 2hg: you play both heads of your team
                        (606), answering each head's decisions in turn
The table (seats in turn order, teams, life, hand, library, graveyard,
who may attack and who is attacking whom) is shown above the boards.

MULTIPLAYER_HELP
When you hold priority with nothing to play (only mana abilities), you pass
automatically. At each of your decisions the legal options are listed,
numbered. Answer:
  N             pick option N
  pass, p       pass priority
  pass turn, pt pass until your next turn (F6); you are still asked to block
  pass eot, pe  pass until the end of turn step of this turn
  pass respond, pr
                pass until an opponent plays a spell or ability or attacks
  attack 1 3    attack with options 1 and 3
  no attack     declare no attackers (`p` and `done` do not: a `p` typed for
                a priority prompt never throws an attack away)
  block 2 4     make blocks 2 and 4 (a block names its attacker by #id)
  no blocks     declare no blockers
  done, d       finish declaring, after declaring one option at a time
  pay           pay the mana cost automatically (tap the offered sources)
  cancel, c     cancel the spell or ability being played
  yes, no       answer a \"you may\"
  name CARD     name any card of the pool when asked to name a card
                (Pithing Needle; the options list only the cards you see)
  card X        read a card in view: X is its #id (`card #12`), an option
                number, or a name (cost, type, text, P/T, status, counters,
                what is attached)
  rule N        the rule N of the Comprehensive Rules (`rule 409.1g`), or a
                glossary entry (`rule trample`)
  stops         show your stops: the steps where you are asked for priority
                (default: your main phases and declare blockers step, the
                opponent's declare attackers (if it attacks) and end of turn
                steps); an opponent's spell or ability always stops you
  stop STEP [mine|theirs], nostop STEP [mine|theirs]
                add or remove a stop; steps: upkeep, draw, main1, combat,
                attackers, blockers, damage, endcombat, main2, end
  yield N       auto-yield: pass whenever the stack item N (as the board
                numbers it) is on top again; `noyield` undoes it
  board, b      show the game again
  log [N]       show the last N lines of the condensed log (plays, targets,
                attacks, blocks, damage, life, zone changes; default 40)
  log N full    the last N lines of the full log (every step, tap and draw)
  help, ?       show these commands
  concede, q    concede the game (asks first; `concede yes` does not)

Passing priority with mana in your pool warns you once (mana burn, 300.3).
Lines typed ahead for an earlier decision are ignored at a new decision.
Ctrl-C stops the game and saves it (to the --save FILE, or to
tolaria-interrupted-SEED.json): `tolaria replay FILE` shows it, and
`tolaria play --resume FILE` goes on playing it. Ctrl-D asks to concede.

Deck files: one \"N Card Name\" per line (\"4 Lightning Bolt\", \"4x Lightning
Bolt\"). Comments start with # or //; \"# Name: …\" or \"// Name: …\" names the
deck. A line \"Sideboard\" (Arena) or lines \"SB: N Card Name\" (MTGO .dec)
hold the sideboard. Exports of MTGO (.dec, .txt) and Arena (\"4 Lightning Bolt
(M10) 146\") and Forge .dck files are read as they are. Names may be written
without accents or with ASCII ligatures (\"Juzam Djinn\", \"Aether Vial\"), and
split cards as \"Fire // Ice\" or \"Fire/Ice\"; a misspelt name gets a
\"did you mean\".

Input is read line by line (a pipe works too); at the end of piped input you
concede. Colour is used when stdout is a terminal and NO_COLOR is unset.

Examples:
  tolaria play
  tolaria play --seed 7 --agent random
  tolaria play --deck my_deck.txt --opponent-deck decks/bench/white_weenie_old.dck
  tolaria play --scenario decks/mindslaver.scn
  yes 1 | tolaria play --seed 1        # always answer with the first option
  tolaria play --seed 7 --events game.jsonl
  tolaria play --agent mcts --save game.json && tolaria replay game.json
  tolaria play --players 3 --seat 2                      # Free-for-All, you in seat 2
  tolaria play --players 4 --attack multiple --agents greedy,mcts,random
  tolaria play --players 4 --variant teams --seat 3      # you and P1 against P2 and P4
  tolaria play --players 6 --variant emperor --seat 2 --save emperor.json
";

const COMMANDS: &str = "Commands: N (option number), #ID (the option acting with #ID: a land to tap stays #ID however the options renumber), pass/p, pass turn/pt, pass eot/pe, pass respond/pr, attack N N.., no attack, block N N.., no blocks, done/d, pay, cancel/c, yes, no, card X, rule N, stops, stop/nostop STEP, yield N, board/b, log [N] [full], help/?, concede/q";

pub fn main(argv: Vec<String>) -> CliResult {
    let args = Args::parse(
        "play",
        argv,
        &[
            "deck",
            "opponent-deck",
            "seed",
            "agent",
            "events",
            "scenario",
            "save",
            "mcts-iterations",
            "players",
            "variant",
            "teams",
            "attack",
            "range",
            "seat",
            "agents",
            "decks",
            "resume",
        ],
        &["random-seating", "deploy", "ante", "any-deck", "both-heads"],
    )?;
    if args.help {
        print!("{}", HELP.replace("MULTIPLAYER_HELP\n", crate::seats::HELP));
        return Ok(ExitCode::SUCCESS);
    }
    args.no_positional()?;
    let seed: u64 = match args.value("seed") {
        Some(_) => args.number("seed", 0)?,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    };
    let mut agent_name = args.value("agent").unwrap_or("greedy").to_ascii_lowercase();
    if args.value("mcts-iterations").is_some() {
        let n: u32 = args.number("mcts-iterations", 0)?;
        if n == 0 || agent_name != "mcts" {
            return Err(CliError::usage(
                "play: --mcts-iterations N (at least 1) goes with --agent mcts",
            ));
        }
        agent_name = format!("mcts:{n}");
    }
    let table = crate::seats::TableSpec::parse("play", &args)?;
    if table.is_none() {
        for name in ["seat", "agents", "decks"] {
            if args.value(name).is_some() {
                return Err(CliError::usage(format!(
                    "play: --{name} goes with a multiplayer table (--players N, --variant …)"
                )));
            }
        }
    }
    let agent = agent_by_name(&agent_name, seed ^ 0x5eed).ok_or_else(|| {
        CliError::usage(format!(
            "play: unknown agent {agent_name:?}; expected one of: {}",
            tolaria_ai::AGENT_NAMES.join(", ")
        ))
    })?;
    let events: Option<Box<dyn Write>> = match args.value("events") {
        Some(path) => Some(Box::new(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| {
                CliError::failure(format!("play: cannot write the event file {path}: {e}"))
            })?,
        ))),
        None => None,
    };
    if args.flag("both-heads")
        && (table.is_none() || args.value("scenario").is_some() || args.value("resume").is_some())
    {
        return Err(CliError::usage(
            "play: --both-heads goes with --variant 2hg (606: a team of two heads)",
        ));
    }
    if let Some(file) = args.value("resume") {
        return resume(file, &args, events);
    }
    if let (Some(table), None) = (table.clone(), args.value("scenario")) {
        let mut session = Session::on_stdio(events);
        session.save_to = args.value("save").map(str::to_string);
        return crate::play_mp::run(&mut session, &args, table, &agent_name, seed);
    }
    if let Some(file) = args.value("scenario") {
        if args.value("save").is_some() {
            return Err(CliError::usage(
                "play: --save saves a game started from decks and a seed; it cannot be used with --scenario",
            ));
        }
        // A game set up by a scenario file (its script is not run).
        // A path (relative to the current directory), or a built-in
        // scenario by name, so the examples work from any directory.
        let path = std::path::Path::new(file);
        let builtin = BUILTIN_SCENARIOS.iter().find(|(n, f, _)| {
            !path.exists() && (file == *n || file == *f || file.trim_end_matches(".scn") == *n)
        });
        let sc = match builtin {
            Some((_, f, text)) => tolaria_scenario::Scenario::parse(text, f),
            None => tolaria_scenario::Scenario::load(path),
        }
        .map_err(|e| CliError::usage(format!("play: {e}")))?;
        let game = sc
            .build()
            .map_err(|(line, e)| CliError::usage(format!("play: {}:{line}: {e}", sc.file)))?;
        let mut session = Session::on_stdio(events);
        let s = session.style;
        session.say(&s.bold(&format!(
            "Tolaria: scenario {} ({}); you are P1, the {agent_name} agent plays the others",
            sc.file, sc.name
        )));
        let agents = seat_agents(&game, agent, &agent_name, seed);
        return session.play_game(game, agents);
    }
    let mine = match args.value("deck") {
        Some(f) => decks::load(f)?,
        None => default_deck("black_white", "red_green")?,
    };
    let theirs = match args.value("opponent-deck") {
        Some(f) => decks::load(f)?,
        None => default_deck("white_weenie_old", "white_blue")?,
    };
    // 217.9c: without --ante (a table option), a deck holding an ante
    // card is refused.
    for d in [&mine, &theirs] {
        tolaria_rules::variants::ante::check_ante_deck(&d.cards, false)
            .map_err(|e| CliError::usage(format!("play: deck {}: {e} (--ante)", d.name)))?;
    }
    // 2007 constructed deck rules: refused unless --any-deck (then warned).
    let problems: Vec<String> = [&mine, &theirs]
        .into_iter()
        .flat_map(decks::constructed_problems)
        .collect();
    if !problems.is_empty() {
        if !args.flag("any-deck") {
            return Err(CliError::usage(format!(
                "play: not a legal constructed deck: {}; play it anyway with --any-deck",
                problems.join("; ")
            )));
        }
        for p in &problems {
            eprintln!("tolaria: warning: {p}");
        }
    }
    let mut session = Session::on_stdio(events);
    session.save_to = args.value("save").map(str::to_string);
    session.run(mine, theirs, agent, &agent_name, seed)
}

/// `--resume FILE`: replays a saved game (an interrupted one) and goes on
/// playing it, the human as P1 against the agent that played P2.
fn resume(file: &str, args: &Args, events: Option<Box<dyn Write>>) -> CliResult {
    let rf = crate::replay::ReplayFile::load(file)
        .map_err(|e| CliError::failure(format!("play: {e}")))?;
    if rf.players.len() != 2 || rf.players[0].agent != "human" {
        return Err(CliError::usage(format!(
            "play: {file} is not a game of `tolaria play` (two players, the first one human)"
        )));
    }
    let mut log = Vec::new();
    let game = rf
        .replay(file, |l| log.push(l.to_string()))
        .map_err(|e| CliError::failure(format!("play: {e}")))?;
    if game.is_over() {
        return Err(CliError::usage(format!(
            "play: the game in {file} is over; `tolaria replay {file}` shows it"
        )));
    }
    let agent_name = args
        .value("agent")
        .map_or(rf.players[1].agent.clone(), str::to_ascii_lowercase);
    let agent = agent_by_name(&agent_name, rf.seed ^ 0x5eed)
        .ok_or_else(|| CliError::usage(format!("play: unknown agent {agent_name:?} in {file}")))?;
    let mut session = Session::on_stdio(events);
    session.seed = rf.seed;
    session.log = log.iter().map(|l| (l.clone(), true)).collect();
    session.shown = session.log.len().saturating_sub(15);
    let save_to = args.value("save").unwrap_or_default().to_string();
    session.save = Some((crate::replay::Recorder::resume(&rf, log), save_to));
    let s = session.style;
    session.say(&s.bold(&format!(
        "Tolaria: resuming {file} (seed {}, {} actions) against the {agent_name} agent",
        rf.seed,
        rf.actions.len()
    )));
    let agents = seat_agents(&game, agent, &agent_name, rf.seed);
    session.play_game(game, agents)
}

/// The scenarios built into the binary: (name, file, text).
const BUILTIN_SCENARIOS: &[(&str, &str, &str)] = &[
    (
        "mindslaver",
        "decks/mindslaver.scn",
        include_str!("../../../decks/mindslaver.scn"),
    ),
    (
        "agent_mindslaver",
        "decks/agent_mindslaver.scn",
        include_str!("../../../decks/agent_mindslaver.scn"),
    ),
    (
        "two_bears_attack",
        "decks/two_bears_attack.scn",
        include_str!("../../../decks/two_bears_attack.scn"),
    ),
];

fn default_deck(name: &str, fallback: &str) -> Result<LoadedDeck, CliError> {
    decks::builtin(name)
        .or_else(|| decks::builtin(fallback))
        .ok_or_else(|| {
            CliError::failure(format!(
                "play: the built-in decks {name} and {fallback} do not load (built-in: {})",
                decks::builtin_names()
            ))
        })
}

pub(crate) struct Session<'a> {
    pub(crate) style: Style,
    /// The human's seat.
    pub(crate) human: PlayerId,
    /// 606: the seats the human plays in a Two-Headed Giant game with
    /// `--both-heads` (both players of their team; empty otherwise). The
    /// session looks at the game as the head who decides (606.5: the
    /// teammates see each other's hands anyway).
    pub(crate) heads: Vec<PlayerId>,
    interactive: bool,
    reader: Reader,
    out: std::io::StdoutLock<'a>,
    /// Every log line of the game so far, each marked with whether the
    /// condensed log shows it (`log::condensed`).
    log: Vec<(String, bool)>,
    /// How many log lines the human has been shown.
    shown: usize,
    /// `--events`: where every event goes as a JSON line.
    events: Option<Box<dyn Write>>,
    /// The event lines for `--events`, written when the game is over or
    /// interrupted (Ctrl-C).
    pending_events: Vec<String>,
    /// Where the human stops for priority.
    stops: Stops,
    /// The pool a pass was warned about (300.3, mana burn): warned once.
    burn_warned: Option<(u32, tolaria_cards::Step, String)>,
    /// The seed, for the file an interrupted game is saved to.
    seed: u64,
    /// `--save FILE`: where the game is saved when it ends.
    pub(crate) save_to: Option<String>,
    /// The game being recorded for `--save`, and the file.
    pub(crate) save: Option<(Recorder, String)>,
}

/// An agent for every seat (the human's is never asked): `first` for the
/// first agent seat, others of the same name seeded from the seed.
fn seat_agents(
    game: &Game,
    first: Box<dyn Agent + Send>,
    name: &str,
    seed: u64,
) -> Vec<Box<dyn Agent + Send>> {
    let mut agents = vec![first];
    for s in 1..game.players.len() {
        agents.extend(agent_by_name(
            name,
            crate::sim::mix(seed ^ 0x5eed, s as u64),
        ));
    }
    // P1 (the human) is never asked: the first agent plays P2.
    agents.rotate_right(1);
    agents
}

/// How a turn of the human's input ended.
#[derive(PartialEq, Eq)]
enum Turn {
    Done,
    Interrupted,
}

impl Session<'_> {
    /// A session reading the terminal (or a pipe) and writing to stdout.
    pub(crate) fn on_stdio(events: Option<Box<dyn Write>>) -> Session<'static> {
        let interactive = std::io::stdin().is_terminal();
        input::catch_interrupt();
        Session {
            style: Style::detect(),
            human: PlayerId(0),
            heads: Vec::new(),
            interactive,
            reader: Reader::spawn(
                || Box::new(std::io::stdin().lock()) as Box<dyn std::io::BufRead>,
                interactive,
            ),
            out: std::io::stdout().lock(),
            log: Vec::new(),
            shown: 0,
            events,
            pending_events: Vec::new(),
            stops: Stops::default(),
            burn_warned: None,
            seed: 0,
            save_to: None,
            save: None,
        }
    }

    fn run(
        &mut self,
        mine: LoadedDeck,
        theirs: LoadedDeck,
        agent: Box<dyn Agent + Send>,
        agent_name: &str,
        seed: u64,
    ) -> CliResult {
        let agent_label = format!("Agent ({agent_name})");
        self.seed = seed;
        {
            // Recorded always: `--save` writes it at the end, Ctrl-C at once.
            let file = self.save_to.take().unwrap_or_default();
            let seats: [(&str, &str, &str, &[tolaria_cards::CardId]); 2] = [
                ("You", &mine.name, "human", &mine.cards),
                (&agent_label, &theirs.name, agent_name, &theirs.cards),
            ];
            self.save = Some((Recorder::new(seed, &seats), file));
        }
        let game = Game::new_game(
            &[
                ("You", mine.cards.clone()),
                (&agent_label, theirs.cards.clone()),
            ],
            seed,
        );
        let s = self.style;
        self.say(&s.bold(&format!(
            "Tolaria: you (P1, {}) against the {agent_name} agent (P2, {}); seed {seed}",
            mine.name, theirs.name
        )));
        self.say(&s.dim(&format!(
            "Deal this game again with: tolaria play --seed {seed}{}",
            if agent_name == "greedy" {
                String::new()
            } else {
                format!(" --agent {agent_name}")
            }
        )));
        let agents = seat_agents(&game, agent, agent_name, seed);
        self.play_game(game, agents)
    }

    /// Plays `game` to its end: the human (P1) answers the decisions
    /// `game.decider()` gives them (their own, and under rule 507 those of a
    /// player whose turn they control); the agent answers the others
    /// (including the human's, if the agent controls the human's turn).
    pub(crate) fn play_game(
        &mut self,
        mut game: Game,
        mut agents: Vec<Box<dyn Agent + Send>>,
    ) -> CliResult {
        let s = self.style;
        self.say(&s.dim(COMMANDS));
        let mut legal = Vec::new();
        let mut agent_actions = 0u64;
        while !game.is_over() {
            self.collect(&mut game);
            if input::interrupted() {
                return self.interrupted(&game);
            }
            let Some(decider) = game.decider() else { break };
            if decider != self.human && self.heads.contains(&decider) {
                // 606: the human plays both heads; the other one decides.
                self.human = decider;
                self.say(&s.bold(&format!(
                    "You now play {decider}, your other head (606.5: teammates see each other's hands)."
                )));
            }
            let human = self.human;
            if decider != human {
                game.legal_actions_into(&mut legal);
                if legal.is_empty() {
                    return Err(CliError::failure(
                        "the engine offered the agent no legal action",
                    ));
                }
                let a = agents[decider.index()].choose(&game, decider, &legal);
                if game.decision.as_ref().is_some_and(|d| d.player == human) {
                    // 507.3: the agent controls the human's turn: show each
                    // choice it makes for the human, with the log so far.
                    self.show_new_log(usize::MAX);
                    let s = self.style;
                    self.say(&s.yellow(&format!(
                        "  {decider} decides for you (it controls your turn, 507.3): {}",
                        game.describe(&a)
                    )));
                }
                self.apply(&mut game, a.clone()).map_err(|e| {
                    CliError::failure(format!("the agent's action was refused: {e}"))
                })?;
                agent_actions += 1;
                if agent_actions > 5_000_000 {
                    return Err(CliError::failure(
                        "the agent made 5,000,000 actions; stopping",
                    ));
                }
                continue;
            }
            if self.human_turn(&mut game)? == Turn::Interrupted {
                return self.interrupted(&game);
            }
        }
        self.collect(&mut game);
        // A save that fails is an error: on stderr, exit status 1.
        let mut failed = None;
        if let Some((rec, file)) = self.save.take().filter(|(_, f)| !f.is_empty()) {
            match rec.finish(game.result, game.turn).save(&file) {
                Ok(()) => self.say(&s.dim(&format!(
                    "Game saved to {file}; replay it with: tolaria replay {file}"
                ))),
                Err(e) => failed = Some(CliError::failure(format!("play: {e}"))),
            }
        }
        if let Some(e) = self.flush_events() {
            failed.get_or_insert(e);
        }
        self.show_new_log(usize::MAX);
        let human = self.human;
        let line = match game.result {
            Some(GameResult::Win(p)) if p == human => s.green(&s.bold(&format!(
                "Winner: {human} ({}). You win the game!",
                game.player(human).name
            ))),
            Some(r @ GameResult::TeamWin(_)) => {
                let l = crate::replay::result_line(&game);
                let l = l.split_once(": ").map_or(l.as_str(), |x| x.1).to_string();
                if r.won(&game, human) {
                    s.green(&s.bold(&format!("Winner: {l}. Your team wins the game!")))
                } else {
                    s.red(&s.bold(&format!("Winner: {l}. Your team loses the game.")))
                }
            }
            Some(GameResult::Win(p)) => s.red(&s.bold(&format!(
                "Winner: {p} ({}). You lose the game.",
                game.player(p).name
            ))),
            _ => s.yellow(&s.bold("The game is a draw.")),
        };
        self.say(&format!(
            "Game over after {} turn{}. {line}",
            game.turn,
            if game.turn == 1 { "" } else { "s" }
        ));
        match failed {
            Some(e) => Err(e),
            None => Ok(ExitCode::SUCCESS),
        }
    }

    /// Applies an action to the game, recording it for `--save`.
    fn apply(&mut self, game: &mut Game, a: Action) -> Result<(), tolaria_rules::ActionError> {
        let copy = a.clone();
        game.apply(a)?;
        if let Some((rec, _)) = self.save.as_mut() {
            rec.action(&copy);
        }
        Ok(())
    }

    pub(crate) fn say(&mut self, line: &str) {
        // Output errors (a closed pipe) end the game quietly at the next read.
        let _ = writeln!(self.out, "{line}");
    }

    fn collect(&mut self, game: &mut Game) {
        for e in game.take_events() {
            if self.events.is_some() {
                // Kept until the game ends or is interrupted: the events
                // name the agent's hidden draws, so the file shows nothing
                // while the game is on.
                self.pending_events.push(e.json_line());
            }
            if let Some(l) = e.log_line() {
                if let Some((rec, _)) = self.save.as_mut() {
                    rec.line(&l);
                }
                self.log
                    .push((log::display_line(&e, l), log::condensed(&e)));
            }
        }
    }

    /// Writes the events kept for `--events` (at the end of the game, or
    /// when it is interrupted); an error if the file could not be written.
    fn flush_events(&mut self) -> Option<CliError> {
        let w = self.events.as_mut()?;
        let written = self
            .pending_events
            .drain(..)
            .try_for_each(|l| writeln!(w, "{l}"))
            .and_then(|()| w.flush());
        written
            .err()
            .map(|e| CliError::failure(format!("play: the event file could not be written: {e}")))
    }

    /// Ctrl-C: save the game so far (to `--save FILE`, or to a file named
    /// after the seed) and the events, and stop (exit status 130).
    fn interrupted(&mut self, game: &Game) -> CliResult {
        let s = self.style;
        self.show_new_log(usize::MAX);
        let mut msg = "Interrupted (Ctrl-C).".to_string();
        if let Some((rec, file)) = self.save.take() {
            let file = if file.is_empty() {
                format!("tolaria-interrupted-{}.json", self.seed)
            } else {
                file
            };
            match rec.finish(game.result, game.turn).save(&file) {
                Ok(()) => msg.push_str(&format!(
                    " The game so far is saved to {file}: `tolaria replay {file}` shows it, `tolaria play --resume {file}` goes on with it."
                )),
                Err(e) => msg.push_str(&format!(" The game could not be saved: {e}")),
            }
        }
        if let Some(e) = self.flush_events() {
            msg.push_str(&format!(" {}", e.message));
        }
        self.say(&s.yellow(&msg));
        let _ = self.out.flush();
        Ok(ExitCode::from(130))
    }

    /// Shows the log lines not yet shown: the condensed ones, the last `max`.
    fn show_new_log(&mut self, max: usize) {
        let new: Vec<String> = self.log[self.shown..]
            .iter()
            .filter(|(_, c)| *c)
            .map(|(l, _)| l.clone())
            .collect();
        self.shown = self.log.len();
        if new.is_empty() {
            return;
        }
        let s = self.style;
        let skip = new.len().saturating_sub(max);
        if skip > 0 {
            self.say(&s.dim(&format!(
                "  … {skip} earlier lines (type `log` to see them)"
            )));
        }
        for l in &new[skip..] {
            self.say(&format!("  {}", s.dim(l)));
        }
    }

    /// Whether the human would pass with mana in their pool and an empty
    /// stack (the phase may end: mana burn, 300.3), not warned about yet.
    fn burn_warning(&mut self, game: &Game) -> Option<String> {
        let pool = &game.player(self.human).pool;
        if pool.is_empty() || !game.stack.is_empty() {
            return None;
        }
        let key = (game.turn, game.step, pool.to_string());
        if self.burn_warned.as_ref() == Some(&key) {
            return None;
        }
        self.burn_warned = Some(key);
        Some(format!(
            "You have {pool} in your mana pool. If you pass and the phase ends, the unused mana is lost and burns you for {} life (mana burn, 300.3). Pass again to pass anyway.",
            pool.total()
        ))
    }

    fn human_turn(&mut self, game: &mut Game) -> Result<Turn, CliError> {
        if game
            .decision
            .as_ref()
            .is_some_and(|d| d.kind == DecisionKind::Priority)
            && game.player(self.human).pool.is_empty()
        {
            // With nothing to do but pass (or float mana), or no stop here
            // (stops.rs), pass without asking.
            let legal = game.legal_actions();
            let idle = legal
                .iter()
                .all(|a| matches!(a, Action::Pass | Action::ActivateMana { .. }));
            if idle || !self.stops.stop_here(game, self.human) {
                self.apply(game, Action::Pass)
                    .map_err(|e| CliError::failure(format!("passing was refused: {e}")))?;
                return Ok(Turn::Done);
            }
        }
        self.render(game);
        loop {
            let legal = game.legal_actions();
            if legal.is_empty() {
                return Err(CliError::failure("the engine offered no legal action"));
            }
            self.print_options(game, &legal);
            let cmd = match self.read_line() {
                Input::Interrupt => return Ok(Turn::Interrupted),
                Input::Eof if self.interactive => {
                    self.say("");
                    Command::Concede(false)
                }
                Input::Eof => {
                    self.say("(end of input: you concede)");
                    self.concede(game)?;
                    return Ok(Turn::Done);
                }
                Input::Line(line) => parse_command(&line, game, &legal),
            };
            let s = self.style;
            match cmd {
                Command::Concede(confirmed) => {
                    if confirmed {
                        self.concede(game)?;
                        return Ok(Turn::Done);
                    }
                    // The question counts as asked before it shows, so an
                    // answer typed after it is never taken for type-ahead.
                    self.reader.prompted("concede".into());
                    self.say(&s.yellow(
                        "Concede the game? Type `yes` to concede; anything else goes on playing.",
                    ));
                    let _ = write!(self.out, "{}", s.bold("concede? (yes/no) > "));
                    let _ = self.out.flush();
                    let mut dropped = Vec::new();
                    match self.reader.next(&mut dropped) {
                        Input::Interrupt => return Ok(Turn::Interrupted),
                        Input::Eof => {
                            self.say("");
                            self.concede(game)?;
                            return Ok(Turn::Done);
                        }
                        Input::Line(l) => {
                            if !self.interactive {
                                self.say(l.trim());
                            }
                            if matches!(l.trim().to_ascii_lowercase().as_str(), "yes" | "y") {
                                self.concede(game)?;
                                return Ok(Turn::Done);
                            }
                            self.say("Playing on.");
                        }
                    }
                }
                Command::Help => self.say(COMMANDS),
                Command::Board => self.render(game),
                Command::Log { n, full } => {
                    let lines: Vec<String> = self
                        .log
                        .iter()
                        .filter(|(_, c)| full || *c)
                        .map(|(l, _)| l.clone())
                        .collect();
                    let from = lines.len().saturating_sub(n);
                    for l in &lines[from..] {
                        self.say(&format!("  {l}"));
                    }
                }
                Command::Invalid(why) => self.say(&s.yellow(&why)),
                Command::Stops(cmd, args) => {
                    let msg = self.set_stops(&cmd, &args);
                    self.say(&msg);
                }
                Command::Yield(cmd, arg) => {
                    let msg = self.set_yield(game, &cmd, arg.as_deref());
                    self.say(&msg);
                }
                Command::Card(what) => {
                    for l in show::card_in_view(game, self.human, &what, &legal) {
                        self.say(&l);
                    }
                }
                Command::Rule(n) => {
                    for l in crate::rules::lookup_lines(&n) {
                        self.say(&l);
                    }
                }
                Command::PassUntil(mode) => {
                    if !legal.contains(&Action::Pass) {
                        self.say(&s.yellow("You can't pass now; pick an option."));
                        continue;
                    }
                    if let Some(w) = self.burn_warning(game) {
                        self.say(&s.yellow(&w));
                        continue;
                    }
                    self.stops.mode = mode;
                    self.say(&s.dim(match mode {
                        Mode::MyTurn { .. } => "Passing until your next turn (your blocks are still asked).",
                        Mode::EndOfTurn { .. } => "Passing until the end of turn step.",
                        Mode::Respond { .. } => "Passing until an opponent plays a spell or ability or attacks, or your turn.",
                        Mode::Stops => "Passing.",
                    }));
                    self.apply(game, Action::Pass)
                        .map_err(|e| CliError::failure(format!("passing was refused: {e}")))?;
                    return Ok(Turn::Done);
                }
                Command::Pay => {
                    let mut n = 0;
                    while game
                        .decision
                        .as_ref()
                        .is_some_and(|d| d.kind == DecisionKind::PayMana)
                        && game.decider() == Some(self.human)
                        && n < 100
                    {
                        let opts = game.legal_actions();
                        let Some(a) = pay::next_source(game, self.human, &opts) else {
                            self.say("No mana source can pay the rest; `cancel` to abandon.");
                            break;
                        };
                        let _ = self.apply(game, a);
                        n += 1;
                    }
                    return Ok(Turn::Done);
                }
                Command::Actions(actions, finish) => {
                    if actions == [Action::Pass] {
                        if let Some(w) = self.burn_warning(game) {
                            self.say(&s.yellow(&w));
                            continue;
                        }
                    }
                    for a in actions {
                        if game.decider() != Some(self.human) {
                            break;
                        }
                        if let Err(e) = self.apply(game, a.clone()) {
                            self.say(&s.yellow(&format!("Refused ({}): {e}", game.describe(&a))));
                            break;
                        }
                    }
                    if finish
                        && game.decider() == Some(self.human)
                        && game.decision.as_ref().is_some_and(|d| {
                            matches!(
                                d.kind,
                                DecisionKind::DeclareAttackers | DecisionKind::DeclareBlockers
                            )
                        })
                    {
                        if let Err(e) = self.apply(game, Action::Done) {
                            self.say(&s.yellow(&format!("Could not finish declaring: {e}")));
                            continue;
                        }
                    }
                    return Ok(Turn::Done);
                }
            }
        }
    }

    /// `stops`, `stop STEP [mine|theirs]`, `nostop STEP [mine|theirs]`.
    fn set_stops(&mut self, cmd: &str, args: &[String]) -> String {
        if cmd == "stops" || args.is_empty() {
            return self.stops.describe();
        }
        let on = cmd == "stop";
        let (mut mine, mut theirs) = (true, true);
        let mut steps = Vec::new();
        for a in args {
            match a.as_str() {
                "mine" | "my" | "me" => theirs = false,
                "theirs" | "their" | "opponent" | "opponents" => mine = false,
                "both" | "all" => {}
                w => match stops::step_by_name(w) {
                    Some(st) => steps.push(st),
                    None => {
                        return format!(
                            "Unknown step {:?}; steps: {}.",
                            crate::args::clip(w),
                            stops::STEP_NAMES
                                .iter()
                                .map(|(n, _)| *n)
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    }
                },
            }
        }
        for st in steps {
            for (set, yes) in [
                (&mut self.stops.mine, mine),
                (&mut self.stops.theirs, theirs),
            ] {
                if yes {
                    if on {
                        set.insert(st);
                    } else {
                        set.remove(&st);
                    }
                }
            }
        }
        self.stops.describe()
    }

    /// `yield N` (auto-yield to stack item N, top first, and to the same
    /// ability from now on), `yields` (list), `noyield` (clear).
    fn set_yield(&mut self, game: &Game, cmd: &str, arg: Option<&str>) -> String {
        match (cmd, arg) {
            ("noyield", _) => {
                self.stops.yields.clear();
                "No more auto-yields.".into()
            }
            ("yield", Some(n)) => {
                let v = game.view(self.human);
                let n: usize = n.trim_start_matches('#').parse().unwrap_or(0);
                match v.stack.iter().rev().nth(n.wrapping_sub(1)) {
                    Some(item) => {
                        self.stops.yields.push(item.description.clone());
                        format!(
                            "From now on you pass when {:?} is on top of the stack (`noyield` undoes it).",
                            item.description
                        )
                    }
                    None => format!(
                        "`yield N`: N is a stack item's number as the board shows it (1 to {}).",
                        v.stack.len()
                    ),
                }
            }
            _ => self.stops.describe(),
        }
    }

    fn concede(&mut self, game: &mut Game) -> Result<(), CliError> {
        self.apply(game, Action::Concede(self.human))
            .map_err(|e| CliError::failure(format!("could not concede: {e}")))
    }

    /// Reads the answer to the prompt just shown; type-ahead typed for an
    /// earlier, different decision is dropped (and said so).
    fn read_line(&mut self) -> Input {
        let s = self.style;
        let _ = write!(self.out, "{}", s.bold("> "));
        let _ = self.out.flush();
        let mut dropped = Vec::new();
        let got = self.reader.next(&mut dropped);
        for d in dropped {
            self.say(&s.yellow(&format!(
                "(ignored {:?}: it was typed before this decision was asked)",
                crate::args::clip(&d)
            )));
        }
        match got {
            Input::Line(l) => {
                let line = l.trim().to_string();
                if !self.interactive {
                    // Echo piped input so a transcript reads like a session.
                    let _ = writeln!(self.out, "{}", crate::args::clip(&line));
                }
                Input::Line(line)
            }
            Input::Eof => {
                let _ = writeln!(self.out);
                Input::Eof
            }
            other => other,
        }
    }

    fn print_options(&mut self, game: &Game, legal: &[Action]) {
        let s = self.style;
        let d = game.decision.as_ref();
        let what = d.map_or("decision".to_string(), |d| describe_decision(game, &d.kind));
        let whose = d.map_or(String::new(), |d| {
            if d.player == self.human {
                String::new()
            } else {
                format!(" (for {}, whose turn you control)", d.player)
            }
        });
        // Noted before anything shows: an answer typed after the prompt
        // appears is never taken for type-ahead.
        self.reader.prompted(format!(
            "{:?}/{}/{:?}/{}",
            d.map(|d| &d.kind),
            game.turn,
            game.step,
            game.stack.len()
        ));
        let owed = match (d.map(|d| &d.kind), game.casting()) {
            (Some(DecisionKind::PayMana), Some(c)) => c.unpaid.map_or(String::new(), |u| {
                format!("; still owed: {}", pay::owed_text(&u))
            }),
            _ => String::new(),
        };
        // 608.4: in a Grand Melee game, the turn the decision belongs to.
        let turn = match game.serving_marker() {
            Some(m) => format!(
                " [in turn {} of {}, turn marker {m} (608.4)]",
                game.turn, game.active
            ),
            None => String::new(),
        };
        self.say(&s.cyan(&format!("Your decision: {what}{whose}{owed}{turn}")));
        for (i, a) in legal.iter().enumerate() {
            let mut d = game.describe(a);
            if let Action::PlayLand(o)
            | Action::PlaySpell(o)
            | Action::PlayFaceDown(o)
            | Action::PlaySplit { card: o, .. }
            | Action::Activate { source: o, .. }
            | Action::ActivateMana { source: o, .. } = a
            {
                if !d.contains('#') {
                    d.push_str(&format!(" {o}"));
                }
            }
            // 504.3: only the controller turns a face-down permanent face
            // up, and may look at it: the card's name in brackets.
            if let Action::TurnFaceUp(o) = a {
                if let Some(x) = game.obj(*o) {
                    d.push_str(&format!(" [{}]", x.def().name));
                }
            }
            self.say(&format!("  {:>3}) {d}", i + 1));
        }
    }

    fn render(&mut self, game: &Game) {
        let s = self.style;
        let v = game.view(self.human);
        self.show_new_log(15);
        self.say("");
        let active = &v.players[v.active.index()].name;
        let ctl = if v.turn_controller != v.active {
            format!(", controlled by {}", v.turn_controller)
        } else {
            String::new()
        };
        // 506.1: in a subgame, which game this is and the waiting main game.
        let mut depth = 0;
        let mut outer = v.main_game.as_deref();
        let mut waiting = String::new();
        while let Some(m) = outer {
            depth += 1;
            if depth == 1 {
                let lives: Vec<String> = m
                    .players
                    .iter()
                    .map(|p| format!("{} {}", p.name, p.life))
                    .collect();
                waiting = format!(" (main game waiting: life {})", lives.join(", "));
            }
            outer = m.main_game.as_deref();
        }
        let game_name = if depth > 0 {
            format!("Subgame (depth {depth}){waiting} · ")
        } else {
            String::new()
        };
        // 608.4: the turn marker of the turn being played.
        let marker = game.serving_marker().map_or(String::new(), |m| {
            format!(
                " · turn marker {m} of {} (608.4)",
                game.turn_markers().len()
            )
        });
        self.say(&s.bold(&format!(
            "=== {game_name}Turn {} · {}'s turn ({active}{ctl}) · {}{marker} ===",
            v.turn,
            v.active,
            v.step.name()
        )));
        if crate::table::is_multiplayer(game) {
            for l in crate::table::lines(game, &v, self.human, s) {
                self.say(&l);
            }
        }
        // The others round the table from your left, then you.
        for i in crate::table::board_order(v.players.len(), self.human) {
            self.render_player(game, &v, i);
        }
        if !v.stack.is_empty() {
            self.say(&s.bold("Stack (top first):"));
            let lines: Vec<String> = v
                .stack
                .iter()
                .rev()
                .enumerate()
                .map(|(i, item)| {
                    let ts: Vec<String> = item.targets.iter().map(|t| target_name(&v, t)).collect();
                    // Combat damage says who deals what to whom (310.1).
                    let at = v.stack.len() - 1 - i;
                    if let Some(tolaria_rules::StackKind::CombatDamage(list)) =
                        game.stack.get(at).map(|x| &x.kind)
                    {
                        let parts: Vec<String> = list
                            .iter()
                            .map(|d| {
                                let src = game.obj(d.source).map_or(d.source.to_string(), |o| {
                                    format!("{} {}", o.def().name, d.source)
                                });
                                format!("{src} deals {} to {}", d.amount, target_name(&v, &d.to))
                            })
                            .collect();
                        return format!("  {}. combat damage: {}", i + 1, parts.join("; "));
                    }
                    format!(
                        "  {}. {} ({}){}",
                        i + 1,
                        item.description,
                        item.controller,
                        if ts.is_empty() {
                            String::new()
                        } else {
                            format!(" targeting {}", ts.join(", "))
                        }
                    )
                })
                .collect();
            for l in lines {
                self.say(&l);
            }
        }
        let me = &v.players[self.human.index()];
        let hand: Vec<String> = me
            .hand
            .as_ref()
            .map(|h| h.iter().map(card_label).collect())
            .unwrap_or_default();
        self.say(&format!(
            "{} {}",
            s.bold(&format!("Your hand ({}):", me.hand_size)),
            if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.join(" · ")
            }
        ));
    }

    fn render_player(&mut self, game: &Game, v: &PlayerView, i: usize) {
        let s = self.style;
        let p = &v.players[i];
        let life = format!("life {}", p.life);
        let life = if p.life <= 5 {
            s.red(&life)
        } else {
            s.green(&life)
        };
        let mut line = format!(
            "{} {}: {life} · hand {} · library {} · graveyard {} · mana pool {}",
            s.bold(&p.id.to_string()),
            s.bold(&p.name),
            p.hand_size,
            p.library_size,
            p.graveyard.len(),
            p.pool
        );
        if p.poison > 0 {
            line.push_str(&format!(" · poison {}", p.poison));
        }
        if p.lost {
            line.push_str(" · LOST");
        }
        self.say(&line);
        let mine: Vec<&PermanentView> = v.in_play.iter().filter(|x| x.controller == p.id).collect();
        let (lands, others): (Vec<&PermanentView>, Vec<&PermanentView>) = mine
            .into_iter()
            .partition(|x| x.type_line.contains("Land") && x.power.is_none());
        for x in others {
            let l = permanent_line(game, v, x, s);
            self.say(&format!("    {l}"));
        }
        if !lands.is_empty() {
            let ls: Vec<String> = lands
                .iter()
                .map(|x| {
                    let mut t = format!("{} {}", x.name, x.id);
                    let st = status(game, v, x);
                    if !st.is_empty() {
                        t.push_str(&format!(" ({})", st.join(", ")));
                    }
                    if x.tapped {
                        s.dim(&t)
                    } else {
                        t
                    }
                })
                .collect();
            self.say(&format!("    lands: {}", ls.join(", ")));
        }
        // 507.2: the hand of a player whose turn the viewer controls is
        // visible; 607.7, 609.6: a teammate's hand may be reviewed.
        if let (Some(hand), false) = (&p.hand, p.id == self.human) {
            let cards: Vec<String> = hand.iter().map(card_label).collect();
            let why = if game.reviews_teammate_hand(self.human, p.id) {
                "your teammate's, rules 606.5, 607.7, 609.6"
            } else {
                "you control this turn, rule 507.2"
            };
            self.say(&s.cyan(&format!(
                "    hand ({why}): {}",
                if cards.is_empty() {
                    "empty".to_string()
                } else {
                    cards.join(" · ")
                }
            )));
        }
        if let Some(top) = p.graveyard.last() {
            self.say(&s.dim(&format!("    graveyard top: {}", card_label(top))));
        }
    }
}

fn describe_decision(game: &Game, k: &DecisionKind) -> String {
    match k {
        DecisionKind::Mulligan => "keep your opening hand or mulligan (101.4)".into(),
        DecisionKind::OpeningHand => {
            "begin the game with a card of your opening hand in play, or `done` (101.5)".into()
        }
        DecisionKind::Priority => "you have priority (408.1c)".into(),
        DecisionKind::ChooseTarget { index } => format!("choose target {} (409.1c)", index + 1),
        DecisionKind::ChooseX { max, .. } => format!("announce X, at most {max} (409.1b)"),
        DecisionKind::PayMana => "pay the mana cost: play mana abilities (409.1g), or `pay`".into(),
        DecisionKind::SacrificeCost => "choose a permanent to sacrifice (409.1h)".into(),
        DecisionKind::ExileCost { remaining } => {
            format!("choose a card in your hand to remove from the game ({remaining} left, 409.1h)")
        }
        DecisionKind::LibraryTopCost { remaining } => {
            format!("choose a card in your hand to put on top of your library ({remaining} left, 409.1h)")
        }
        DecisionKind::RevealCost { remaining } => {
            format!("choose a card in your hand to reveal ({remaining} left, 409.1h)")
        }
        DecisionKind::ReturnCost { remaining } => {
            format!("choose a permanent of yours to return to its owner's hand ({remaining} left, 409.1h)")
        }
        DecisionKind::RemovedCardCost => {
            "choose a card removed from the game with this to put into its owner's graveyard (409.1h, 217.7d)".into()
        }
        DecisionKind::TapCost { remaining } => {
            format!("choose an untapped permanent to tap ({remaining} left, 409.1h)")
        }
        DecisionKind::AnnounceCost { cost } => {
            format!("announce whether you pay the {} (409.1b)", cost.name())
        }
        DecisionKind::AnnounceSplice => {
            "reveal a card to splice onto the spell, or done (502.40a)".into()
        }
        DecisionKind::DiscardCost { remaining } => {
            format!("choose a card to discard ({remaining} left) (409.1h)")
        }
        DecisionKind::DeclareAttackers => {
            "declare attackers (308.2a): `attack N N..` attacks with options N.., `no attack` attacks with nothing".into()
        }
        DecisionKind::DeclareBlockers => {
            "declare blockers (309.2a): `block N N..` makes blocks N.., `no blocks` blocks with nothing".into()
        }
        DecisionKind::DividePiles { piles } => format!(
            "Camouflage: put your creatures into {piles} piles (each pile is assigned to an attacker at random), then done"
        ),
        DecisionKind::AssignCombatDamage { source, to, .. } => {
            let name = game
                .obj(*source)
                .map_or("?".to_string(), |o| o.def().name.clone());
            let to = match to {
                Target::Player(p) => p.to_string(),
                Target::Object(o) => game
                    .obj(*o)
                    .map_or(o.to_string(), |x| format!("{} {o}", x.def().name)),
                Target::Ability(id) => format!("ability #{id}"),
            };
            format!("how much of {name}'s combat damage goes to {to} (310.2)")
        }
        DecisionKind::AnnounceDivision { index, min, max } => format!(
            "how much of the divided amount goes to target {} ({min} to {max}, 409.1e)",
            index + 1
        ),
        DecisionKind::ChooseSource { .. } => {
            "choose the source of damage (419.8a: a permanent, a spell, or an object the stack refers to)"
                .into()
        }
        DecisionKind::OrderTriggers => {
            "choose the triggered ability to put on the stack next (410.3)".into()
        }
        DecisionKind::Discard { remaining } => format!("discard a card ({remaining} left)"),
        DecisionKind::Sacrifice => "choose a permanent to sacrifice".into(),
        DecisionKind::MayAbility => "you may (410.5): yes or no".into(),
        DecisionKind::ChooseCard { choice, optional } => format!(
            "choose {}{}",
            choice.describe(),
            if *optional { ", or `no` for none" } else { "" }
        ),
        other => other.name().to_string(),
    }
}
