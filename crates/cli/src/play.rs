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
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use tolaria_ai::{agent_by_name, Agent};
use tolaria_cards::db;
use tolaria_rules::continuous::characteristics::compute;
use tolaria_rules::engine::view::{CardView, PermanentView, PlayerView};
use tolaria_rules::{Action, DecisionKind, Game, GameResult, PlayerId, Target};

const HELP: &str = "\
tolaria play: play a game in the terminal against the built-in agent

Usage: tolaria play [--deck FILE] [--opponent-deck FILE] [--seed N] [--agent NAME]
                    [--mcts-iterations N] [--events FILE] [--save FILE]
       tolaria play --players N [--variant ffa|teams|emperor] [--seat K]
                    [--agents A|A1,..] [--decks D|D1,..,DN] [...]
       tolaria play --scenario FILE [--agent NAME]

Options:
  --deck FILE           your deck (default: the built-in decks/red_green.txt)
  --opponent-deck FILE  the agent's deck (default: decks/white_blue.txt)
                        (a built-in deck may be named instead of a file:
                        red_green, white_blue, rg_beats_old, white_weenie_old)
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
                        when the game is over (never during it: the events
                        name the agent's hidden draws)
  --scenario FILE       start from a scenario file's set-up (docs/scenarios.md):
                        you are P1, the agent every other player; the file's
                        actions and expectations are not run. E.g.
                        decks/mindslaver.scn gives you a Mindslaver: after it
                        resolves you play the agent's next turn, seeing its
                        hand (rule 507); decks/agent_mindslaver.scn: the
                        agent plays your next turn

A multiplayer game: the table options below, and
  --seat K              your seat, 1 to N (default 1); seat 1 is P1
  --agents LIST         the agents of the other seats, in seat order (N-1
                        names), or of every seat (N names, `human` at yours);
                        one name for all (default: --agent)
  --decks LIST          a deck per seat (N entries, seat 1 first) or one for
                        all; default: --deck for you, --opponent-deck for
                        the others
The table (seats in turn order, teams, life, hand, library, graveyard,
who may attack and who is attacking whom) is shown above the boards.

MULTIPLAYER_HELP
When you hold priority with nothing to play (only mana abilities), you pass
automatically. At each of your decisions the legal options are listed,
numbered. Answer:
  N             pick option N
  pass, p       pass priority (or finish declaring: done)
  attack 1 3    declare options 1 and 3 as attackers, then finish
  block 2 4     declare options 2 and 4 as blocks, then finish
  done, d       finish declaring attackers or blockers
  pay           pay the mana cost automatically (tap the offered sources)
  cancel, c     cancel the spell or ability being played
  yes, no       answer a \"you may\"
  name CARD     name any card of the pool when asked to name a card
                (Pithing Needle; the options list only the cards you see)
  board, b      show the game again
  log [N]       show the last N log lines (default 40)
  help, ?       show these commands
  concede, q    concede the game

Input is read line by line (a pipe works too); at the end of input you
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

const COMMANDS: &str = "Commands: N (option number), pass/p, attack N N.., block N N.., done/d, pay, cancel/c, yes, no, board/b, log [N], help/?, concede/q";

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
        ],
        &["random-seating", "deploy"],
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
        let sc = tolaria_scenario::Scenario::load(std::path::Path::new(file))
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
        None => default_deck("red_green", "rg_beats_old")?,
    };
    let theirs = match args.value("opponent-deck") {
        Some(f) => decks::load(f)?,
        None => default_deck("white_blue", "white_weenie_old")?,
    };
    let mut session = Session::on_stdio(events);
    session.save_to = args.value("save").map(str::to_string);
    session.run(mine, theirs, agent, &agent_name, seed)
}

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
    interactive: bool,
    input: Box<dyn BufRead + 'a>,
    out: std::io::StdoutLock<'a>,
    /// Every log line of the game so far.
    log: Vec<String>,
    /// How many log lines the human has been shown.
    shown: usize,
    /// `--events`: where every event goes as a JSON line.
    events: Option<Box<dyn Write>>,
    /// The event lines for `--events`, written when the game is over.
    pending_events: Vec<String>,
    /// `--save FILE`: where the game is saved when it ends.
    pub(crate) save_to: Option<String>,
    /// The game being recorded for `--save`, and the file.
    pub(crate) save: Option<(Recorder, String)>,
}

/// What the human typed.
enum Command {
    /// Apply these actions in order; then `Done` if still declaring.
    Actions(Vec<Action>, bool),
    Pay,
    Board,
    Log(usize),
    Help,
    Concede,
    Eof,
    Invalid(String),
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

impl Session<'_> {
    /// A session reading the terminal (or a pipe) and writing to stdout.
    pub(crate) fn on_stdio(events: Option<Box<dyn Write>>) -> Session<'static> {
        let stdin = std::io::stdin();
        Session {
            style: Style::detect(),
            human: PlayerId(0),
            interactive: stdin.is_terminal(),
            input: Box::new(stdin.lock()),
            out: std::io::stdout().lock(),
            log: Vec::new(),
            shown: 0,
            events,
            pending_events: Vec::new(),
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
        if let Some(file) = self.save_to.take() {
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
        let human = self.human;
        let s = self.style;
        self.say(&s.dim(COMMANDS));
        let mut legal = Vec::new();
        let mut agent_actions = 0u64;
        while !game.is_over() {
            self.collect(&mut game);
            let Some(decider) = game.decider() else { break };
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
            self.human_turn(&mut game)?;
        }
        self.collect(&mut game);
        // A save that fails is an error: on stderr, exit status 1.
        let mut failed = None;
        if let Some((rec, file)) = self.save.take() {
            match rec.finish(game.result, game.turn).save(&file) {
                Ok(()) => self.say(&s.dim(&format!(
                    "Game saved to {file}; replay it with: tolaria replay {file}"
                ))),
                Err(e) => failed = Some(CliError::failure(format!("play: {e}"))),
            }
        }
        // The events are written once the game is over, so the file never
        // shows the agent's hidden cards (its draws) while the game is on.
        if let Some(mut w) = self.events.take() {
            let written = self
                .pending_events
                .iter()
                .try_for_each(|l| writeln!(w, "{l}"))
                .and_then(|()| w.flush());
            if let Err(e) = written {
                failed.get_or_insert(CliError::failure(format!(
                    "play: the event file could not be written: {e}"
                )));
            }
        }
        self.show_new_log(usize::MAX);
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
        self.say(&format!("Game over after {} turns. {line}", game.turn));
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
                self.pending_events.push(e.json_line());
            }
            if let Some(l) = e.log_line() {
                if let Some((rec, _)) = self.save.as_mut() {
                    rec.line(&l);
                }
                self.log.push(l);
            }
        }
    }

    fn show_new_log(&mut self, max: usize) {
        let new = self.log.len() - self.shown;
        if new == 0 {
            return;
        }
        let s = self.style;
        let skip = new.saturating_sub(max);
        if skip > 0 {
            self.say(&s.dim(&format!(
                "  … {skip} earlier lines (type `log` to see them)"
            )));
        }
        let lines: Vec<String> = self.log[self.shown + skip..].to_vec();
        for l in lines {
            self.say(&format!("  {}", s.dim(&l)));
        }
        self.shown = self.log.len();
    }

    fn human_turn(&mut self, game: &mut Game) -> Result<(), CliError> {
        // With nothing to do but pass (or float mana), pass without asking.
        if game
            .decision
            .as_ref()
            .is_some_and(|d| d.kind == DecisionKind::Priority)
        {
            let legal = game.legal_actions();
            if legal
                .iter()
                .all(|a| matches!(a, Action::Pass | Action::ActivateMana { .. }))
            {
                self.apply(game, Action::Pass)
                    .map_err(|e| CliError::failure(format!("passing was refused: {e}")))?;
                return Ok(());
            }
        }
        self.render(game);
        loop {
            let legal = game.legal_actions();
            if legal.is_empty() {
                return Err(CliError::failure("the engine offered no legal action"));
            }
            self.print_options(game, &legal);
            let cmd = self.read_command(game, &legal);
            match cmd {
                Command::Eof => {
                    self.say("(end of input: you concede)");
                    return self.concede(game);
                }
                Command::Concede => return self.concede(game),
                Command::Help => self.say(COMMANDS),
                Command::Board => self.render(game),
                Command::Log(n) => {
                    let from = self.log.len().saturating_sub(n);
                    let lines: Vec<String> = self.log[from..].to_vec();
                    for l in lines {
                        self.say(&format!("  {l}"));
                    }
                }
                Command::Invalid(why) => {
                    let s = self.style;
                    self.say(&s.yellow(&why));
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
                        let Some(a) = opts
                            .iter()
                            .find(|a| matches!(a, Action::ActivateMana { .. }))
                        else {
                            self.say("No mana source can pay the rest; `cancel` to abandon.");
                            break;
                        };
                        let _ = self.apply(game, a.clone());
                        n += 1;
                    }
                    return Ok(());
                }
                Command::Actions(actions, finish) => {
                    for a in actions {
                        if game.decider() != Some(self.human) {
                            break;
                        }
                        if let Err(e) = self.apply(game, a.clone()) {
                            let s = self.style;
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
                            let s = self.style;
                            self.say(&s.yellow(&format!("Could not finish declaring: {e}")));
                            continue;
                        }
                    }
                    return Ok(());
                }
            }
        }
    }

    fn concede(&mut self, game: &mut Game) -> Result<(), CliError> {
        self.apply(game, Action::Concede(self.human))
            .map_err(|e| CliError::failure(format!("could not concede: {e}")))
    }

    fn read_command(&mut self, game: &Game, legal: &[Action]) -> Command {
        let s = self.style;
        let _ = write!(self.out, "{}", s.bold("> "));
        let _ = self.out.flush();
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(self.out);
                return Command::Eof;
            }
            Ok(_) => {}
        }
        let line = line.trim();
        if !self.interactive {
            // Echo piped input so a transcript reads like a session.
            let _ = writeln!(self.out, "{line}");
        }
        parse_command(line, game, legal)
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
        self.say(&s.cyan(&format!("Your decision: {what}{whose}")));
        for (i, a) in legal.iter().enumerate() {
            let mut d = game.describe(a);
            if let Action::PlayLand(o)
            | Action::PlaySpell(o)
            | Action::PlayFaceDown(o)
            | Action::PlaySplit { card: o, .. }
            | Action::Activate { source: o, .. } = a
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
        self.say(&s.bold(&format!(
            "=== {game_name}Turn {} · {}'s turn ({active}{ctl}) · {} ===",
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
                "your teammate's, rules 607.7, 609.6"
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

fn card_label(c: &CardView) -> String {
    match (&c.name, c.card) {
        (Some(n), Some(id)) => match &db().get(id).front().mana_cost {
            Some(cost) => format!("{n} {} {}", cost, c.id),
            None => format!("{n} {}", c.id),
        },
        (Some(n), None) => format!("{n} {}", c.id),
        _ => format!("(hidden card) {}", c.id),
    }
}

fn target_name(v: &PlayerView, t: &Target) -> String {
    match t {
        Target::Player(p) => p.to_string(),
        Target::Object(o) => match v.in_play.iter().find(|x| x.id == *o) {
            Some(x) => format!("{} {}", x.name, x.id),
            None => o.to_string(),
        },
    }
}

fn status(game: &Game, v: &PlayerView, x: &PermanentView) -> Vec<String> {
    let mut st = Vec::new();
    if x.tapped {
        st.push("tapped".to_string());
    }
    // 510.1: the other two kinds of status; 217.8: the phased-out zone.
    if x.flipped {
        st.push("flipped".into());
    }
    if x.face_down {
        st.push("face down".into());
    }
    if x.phased_out {
        st.push("phased out".into());
    }
    if x.attacking {
        st.push("attacking".into());
    }
    if x.blocking {
        st.push("blocking".into());
    }
    if x.damage > 0 {
        st.push(format!("{} damage", x.damage));
    }
    if x.plus_counters > 0 {
        st.push(format!("{} +1/+1 counter(s)", x.plus_counters));
    }
    if x.minus_counters > 0 {
        st.push(format!("{} -1/-1 counter(s)", x.minus_counters));
    }
    if let Some(t) = &x.attached_to {
        st.push(format!("attached to {}", target_name(v, t)));
    }
    let attached: Vec<String> = v
        .in_play
        .iter()
        .filter(|y| y.attached_to == Some(Target::Object(x.id)))
        .map(|y| format!("{} {}", y.name, y.id))
        .collect();
    if !attached.is_empty() {
        st.push(format!("with {}", attached.join(", ")));
    }
    if x.sick && x.power.is_some() && x.controller == game.active {
        st.push("summoning sick".into());
    } else if x.sick && x.power.is_some() {
        st.push("sick".into());
    }
    if x.owner != x.controller {
        st.push(format!("owned by {}", x.owner));
    }
    st
}

fn permanent_line(game: &Game, v: &PlayerView, x: &PermanentView, s: Style) -> String {
    // 504.3: a face-down permanent shows as such; its controller (who may
    // look at it) also sees the card's name in brackets.
    let name = match (x.face_down, x.card) {
        (true, Some(_)) => format!("Face-down creature [{}]", x.name),
        (true, None) => "Face-down creature".to_string(),
        _ => x.name.clone(),
    };
    let mut l = format!("{} {}", s.bold(&name), x.id);
    if let (Some(p), Some(t)) = (x.power, x.toughness) {
        l.push_str(&format!(" {p}/{t}"));
    }
    l.push_str(&s.dim(&format!(" [{}]", x.type_line)));
    if x.card.is_some() && game.is_in_play(x.id) {
        let ks: Vec<String> = compute(game, x.id)
            .keywords
            .iter()
            .map(|k| format!("{k:?}"))
            .collect();
        if !ks.is_empty() {
            l.push_str(&format!(" {}", ks.join(", ").to_lowercase()));
        }
    }
    let st = status(game, v, x);
    if !st.is_empty() {
        l.push_str(&s.yellow(&format!(" ({})", st.join(", "))));
    }
    l
}

fn describe_decision(game: &Game, k: &DecisionKind) -> String {
    match k {
        DecisionKind::Mulligan => "keep your opening hand or mulligan (101.4)".into(),
        DecisionKind::Priority => "you have priority (408.1c)".into(),
        DecisionKind::ChooseTarget { index } => format!("choose target {} (409.1c)", index + 1),
        DecisionKind::ChooseX { max } => format!("announce X, at most {max} (409.1b)"),
        DecisionKind::PayMana => "pay the mana cost: play mana abilities (409.1g), or `pay`".into(),
        DecisionKind::SacrificeCost => "choose a permanent to sacrifice (409.1h)".into(),
        DecisionKind::ExileCost { remaining } => {
            format!("choose a card in your hand to remove from the game ({remaining} left, 409.1h)")
        }
        DecisionKind::ReturnCost { remaining } => {
            format!("choose a permanent of yours to return to its owner's hand ({remaining} left, 409.1h)")
        }
        DecisionKind::TapCost { remaining } => {
            format!("choose an untapped permanent to tap ({remaining} left, 409.1h)")
        }
        DecisionKind::AnnounceCost { cost } => {
            format!("announce whether you pay the {} (409.1b)", cost.name())
        }
        DecisionKind::DiscardCost { remaining } => {
            format!("choose a card to discard ({remaining} left) (409.1h)")
        }
        DecisionKind::DeclareAttackers => {
            "declare attackers one at a time, then done (308.2a); or `attack N N..`".into()
        }
        DecisionKind::DeclareBlockers => {
            "declare blockers one at a time, then done (309.2a); or `block N N..`".into()
        }
        DecisionKind::AssignCombatDamage { source, to, .. } => {
            let name = game
                .obj(*source)
                .map_or("?".to_string(), |o| o.def().name.clone());
            let to = match to {
                Target::Player(p) => p.to_string(),
                Target::Object(o) => game
                    .obj(*o)
                    .map_or(o.to_string(), |x| format!("{} {o}", x.def().name)),
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

fn parse_command(line: &str, game: &Game, legal: &[Action]) -> Command {
    let lower = line.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let Some(first) = words.next() else {
        return Command::Invalid("Type an option number or a command (`help` lists them).".into());
    };
    let rest: Vec<&str> = words.collect();
    let pick = |w: &str| -> Result<Action, String> {
        let n: usize = w
            .trim_end_matches([')', '.', ','])
            .parse()
            .map_err(|_| format!("{w:?} is not an option number"))?;
        if n == 0 || n > legal.len() {
            return Err(format!(
                "there is no option {n} (options 1–{})",
                legal.len()
            ));
        }
        Ok(legal[n - 1].clone())
    };
    let declaring = game.decision.as_ref().map(|d| d.kind.clone());
    let has = |a: &Action| legal.contains(a);
    match first {
        "q" | "quit" | "exit" | "concede" => Command::Concede,
        "help" | "?" | "h" => Command::Help,
        "b" | "board" | "show" => Command::Board,
        "log" | "l" => Command::Log(rest.first().and_then(|n| n.parse().ok()).unwrap_or(40)),
        // 419.1b: "name CARD" names any card of the pool, listed or not.
        "name"
            if declaring
                .as_ref()
                .is_some_and(|k| matches!(k, DecisionKind::NameCard { .. })) =>
        {
            let text = line.split_once(char::is_whitespace).map_or("", |x| x.1);
            match tolaria_cards::db().card_name(text) {
                Some(n) => Command::Actions(vec![Action::NameCard(n)], false),
                None => Command::Invalid(format!("No card is named {text:?}.")),
            }
        }
        "pass" | "p" => {
            if has(&Action::Pass) {
                Command::Actions(vec![Action::Pass], false)
            } else if has(&Action::Done) {
                Command::Actions(vec![Action::Done], false)
            } else {
                Command::Invalid("You can't pass now; pick an option.".into())
            }
        }
        "done" | "d" => {
            if has(&Action::Done) {
                Command::Actions(vec![Action::Done], false)
            } else if has(&Action::Pass) {
                Command::Actions(vec![Action::Pass], false)
            } else {
                Command::Invalid("`done` isn't an option now.".into())
            }
        }
        "cancel" | "c" => {
            if has(&Action::CancelPlay) {
                Command::Actions(vec![Action::CancelPlay], false)
            } else {
                Command::Invalid("Nothing to cancel.".into())
            }
        }
        "yes" | "y" => {
            if has(&Action::Yes) {
                Command::Actions(vec![Action::Yes], false)
            } else {
                Command::Invalid("`yes` isn't an option now.".into())
            }
        }
        "no" | "n" => {
            if has(&Action::No) {
                Command::Actions(vec![Action::No], false)
            } else {
                Command::Invalid("`no` isn't an option now.".into())
            }
        }
        "keep" | "k" if has(&Action::Keep) => Command::Actions(vec![Action::Keep], false),
        "mulligan" | "m" if has(&Action::Mulligan) => {
            Command::Actions(vec![Action::Mulligan], false)
        }
        "pay" => {
            if declaring == Some(DecisionKind::PayMana) {
                Command::Pay
            } else {
                Command::Invalid("`pay` works while paying a mana cost.".into())
            }
        }
        "attack" | "a" | "block" | "bl" => {
            let want_attack = first.starts_with('a');
            let ok = match declaring {
                Some(DecisionKind::DeclareAttackers) => want_attack,
                Some(DecisionKind::DeclareBlockers) => !want_attack,
                _ => false,
            };
            if !ok {
                return Command::Invalid(format!(
                    "`{first}` works while declaring {}.",
                    if want_attack { "attackers" } else { "blockers" }
                ));
            }
            let mut actions = Vec::new();
            for w in &rest {
                match pick(w) {
                    Ok(a @ (Action::Attack(_) | Action::Block { .. })) => actions.push(a),
                    Ok(Action::Done) => {}
                    Ok(other) => {
                        return Command::Invalid(format!(
                            "option {w} is not an attack or block: {}",
                            game.describe(&other)
                        ))
                    }
                    Err(e) => return Command::Invalid(e),
                }
            }
            Command::Actions(actions, true)
        }
        w if w.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
            if !rest.is_empty() {
                return Command::Invalid(
                    "Give one option number (or `attack N N..` / `block N N..`).".into(),
                );
            }
            match pick(w) {
                Ok(a) => Command::Actions(vec![a], false),
                Err(e) => Command::Invalid(e),
            }
        }
        _ => Command::Invalid(format!("Unknown command {line:?}. {COMMANDS}")),
    }
}
