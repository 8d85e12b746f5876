//! `tolaria serve`: the game server. HTTP (axum on tokio) serves the web
//! client embedded at build time (`build.rs`) and the card data; a
//! WebSocket at `/ws` speaks the versioned JSON protocol of
//! docs/protocol.md (`protocol.rs`). Each game is a [`room::Room`]; the
//! server drives the agents between decisions; every message to a client
//! is built from that seat's `view` (or the public view for spectators).

pub mod label;
pub mod protocol;
pub mod room;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use protocol::*;
use room::{err, Room};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod assets {
    include!(concat!(env!("OUT_DIR"), "/assets.rs"));
}

/// The server's bounds.
#[derive(Clone, Debug)]
pub struct Config {
    pub max_games: usize,
    pub max_connections: usize,
    /// A game nobody acted in for this long is dropped.
    pub idle: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_games: 200,
            max_connections: 1000,
            idle: Duration::from_secs(2 * 3600),
        }
    }
}

pub struct Server {
    pub config: Config,
    games: Mutex<HashMap<String, Arc<Room>>>,
    connections: AtomicUsize,
    next_id: AtomicUsize,
}

impl Server {
    pub fn new(config: Config) -> Arc<Server> {
        Arc::new(Server {
            config,
            games: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            next_id: AtomicUsize::new(1),
        })
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn game_count(&self) -> usize {
        self.games().len()
    }

    /// Drops idle games (and, when full, the finished game idle longest).
    fn evict(&self, need_room: bool) {
        let mut games = self.games();
        let idle = self.config.idle;
        games.retain(|_, r| r.lock().last_activity.elapsed() < idle);
        if need_room && games.len() >= self.config.max_games {
            let oldest_over = games
                .iter()
                .filter(|(_, r)| r.lock().game.is_over())
                .min_by_key(|(_, r)| r.lock().last_activity)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest_over {
                games.remove(&k);
            }
        }
    }
}

/// The HTTP routes: `/ws`, `/api/cards/{id}`, `/api/decks`, and the web
/// client's files.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/ws", get(ws_handler))
        .route("/api/cards/{id}", get(card_handler))
        .route("/api/decks", get(decks_handler))
        .fallback(get(asset_handler))
        .with_state(server)
}

/// Serves until the process ends. Prints nothing; `main` prints the address.
pub async fn serve(listener: tokio::net::TcpListener, server: Arc<Server>) -> std::io::Result<()> {
    let sweeper = server.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            sweeper.evict(false);
        }
    });
    axum::serve(listener, router(server)).await
}

/// Whether the web client was built into this binary.
pub fn client_built() -> bool {
    !assets::ASSETS.is_empty()
}

pub const USAGE: &str = "\
tolaria serve: the game server and the web client

Usage: tolaria serve [--port N] [--host ADDR] [--max-games N]

Serves the web client at http://HOST:PORT/ (default 127.0.0.1:8080; port 0
picks a free port) and the WebSocket protocol at /ws (docs/protocol.md).
Open the address in a browser to play against the built-in agents, hot-seat
or with friends (each human seat gets a private link).

Options:
  --port N        the port (default 8080)
  --host ADDR     the address to listen on (default 127.0.0.1: this machine
                  only; 0.0.0.0 lets other machines connect)
  --max-games N   at most N games at once (default 200)

The web client is embedded when the binary is built, if web/dist exists:
  npm --prefix web ci && npm --prefix web run build
then build or run tolaria (cargo run --release -- serve).

Examples:
  tolaria serve
  tolaria serve --port 0
";

/// `tolaria serve ARGS`: `Err` is a usage error or a failure to listen.
pub fn main(args: Vec<String>) -> Result<(), String> {
    let mut port: u16 = 8080;
    let mut host = "127.0.0.1".to_string();
    let mut config = Config::default();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("serve: {name} needs a value"));
        match a.as_str() {
            "--help" | "-h" => {
                print!("{USAGE}");
                return Ok(());
            }
            "--port" => {
                port = value("--port")?
                    .parse()
                    .map_err(|_| "serve: --port needs a number 0-65535".to_string())?
            }
            "--host" => host = value("--host")?,
            "--max-games" => {
                config.max_games = value("--max-games")?
                    .parse()
                    .map_err(|_| "serve: --max-games needs a number".to_string())?
            }
            other => return Err(format!("serve: unknown option {other:?}")),
        }
    }
    let addr: SocketAddr = format!("{host}:{port}")
        .parse()
        .map_err(|_| format!("serve: {host:?} is not an IP address"))?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("serve: {e}"))?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("serve: cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        if !client_built() {
            eprintln!(
                "tolaria serve: the web client is not built into this binary; the page will say \
                 how to build it (npm --prefix web ci && npm --prefix web run build, then rebuild)"
            );
        }
        println!("Tolaria is serving on http://{local}/ (Ctrl-C stops it)");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        serve(listener, Server::new(config))
            .await
            .map_err(|e| format!("serve: {e}"))
    })
}

// ---------------------------------------------------------------- HTTP

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Tolaria</title>\
<h1>The web client is not built</h1><p>This tolaria binary was built without the web \
client. In the repository run</p><pre>npm --prefix web ci\nnpm --prefix web run build\n\
cargo run --release -- serve</pre><p>The WebSocket protocol at <code>/ws</code> works \
without it (docs/protocol.md).</p>";

async fn asset_handler(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some((_, bytes)) = assets::ASSETS.iter().find(|(p, _)| *p == path) {
        return ([(header::CONTENT_TYPE, content_type(path))], *bytes).into_response();
    }
    // A page address (a seat link, /replay): the client's page.
    if !path.contains('.') {
        if let Some((_, bytes)) = assets::ASSETS.iter().find(|(p, _)| *p == "index.html") {
            return ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], *bytes).into_response();
        }
        return (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            NOT_BUILT,
        )
            .into_response();
    }
    (StatusCode::NOT_FOUND, "not found").into_response()
}

/// A card's public data for the card viewer: name, cost, type line, text
/// (the printed wording where the data has it, else the Oracle text) and P/T.
pub fn card_json(id: u16) -> Option<serde_json::Value> {
    let db = tolaria_cards::db();
    if id as usize >= db.len() {
        return None;
    }
    let def = db.get(tolaria_cards::CardId(id));
    let pt = |v: &Option<tolaria_cards::PtValue>| {
        v.as_ref().map(|v| match v {
            tolaria_cards::PtValue::Fixed(n) => n.to_string(),
            tolaria_cards::PtValue::Star(0) => "*".to_string(),
            tolaria_cards::PtValue::Star(n) => format!("{n}+*"),
        })
    };
    let faces: Vec<serde_json::Value> = def
        .faces
        .iter()
        .map(|f| {
            serde_json::json!({
                "name": f.name,
                "mana_cost": f.mana_cost.as_ref().map(|c| c.to_string()),
                "type_line": f.printed_type.clone().unwrap_or_else(|| f.type_line()),
                "text": f.printed_text.clone().unwrap_or_else(|| f.oracle_text.clone()),
                "oracle_text": f.oracle_text,
                "power": pt(&f.power),
                "toughness": pt(&f.toughness),
            })
        })
        .collect();
    Some(serde_json::json!({ "id": id, "name": def.name, "faces": faces }))
}

async fn card_handler(Path(id): Path<String>) -> Response {
    match id.parse::<u16>().ok().and_then(card_json) {
        Some(v) => Json(v).into_response(),
        None => (StatusCode::NOT_FOUND, "no such card").into_response(),
    }
}

async fn decks_handler() -> Json<Vec<&'static str>> {
    Json(room::BUILTIN_DECKS.iter().map(|(n, _)| *n).collect())
}

// ----------------------------------------------------------- WebSocket

async fn ws_handler(ws: WebSocketUpgrade, State(server): State<Arc<Server>>) -> Response {
    if server.connections.fetch_add(1, Ordering::SeqCst) >= server.config.max_connections {
        server.connections.fetch_sub(1, Ordering::SeqCst);
        return (StatusCode::SERVICE_UNAVAILABLE, "too many connections").into_response();
    }
    ws.max_message_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            connection(socket, server.clone()).await;
            server.connections.fetch_sub(1, Ordering::SeqCst);
        })
}

struct Seated {
    room: Arc<Room>,
    seat: Option<u8>,
    changes: tokio::sync::watch::Receiver<u64>,
    log_sent: usize,
    /// The version of the last state sent: a state is sent once per version.
    version_sent: u64,
}

fn to_text(msg: &ServerMsg) -> Message {
    Message::Text(
        serde_json::to_string(msg)
            .expect("server messages serialise")
            .into(),
    )
}

async fn connection(socket: WebSocket, server: Arc<Server>) {
    let (mut tx, mut rx) = socket.split();
    let welcome = ServerMsg::Welcome {
        protocol: PROTOCOL_VERSION,
        server: format!("tolaria {}", env!("CARGO_PKG_VERSION")),
    };
    if tx.send(to_text(&welcome)).await.is_err() {
        return;
    }
    let mut seated: Option<Seated> = None;
    loop {
        let changed = async {
            match seated.as_mut() {
                Some(s) => s.changes.changed().await.is_ok(),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            msg = rx.next() => {
                let text = match msg {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => {
                        let e = err(ErrorCode::BadMessage, "messages are JSON text");
                        if tx.send(to_text(&e)).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                let replies = handle(&server, &mut seated, &text).await;
                for r in replies {
                    if tx.send(to_text(&r)).await.is_err() { return }
                }
            }
            alive = changed => {
                if !alive { break }
                let Some(s) = seated.as_mut() else { continue };
                s.changes.borrow_and_update();
                let msg = {
                    let st = s.room.lock();
                    if st.version == s.version_sent {
                        continue;
                    }
                    let m = st.state_msg(&s.room.id, s.seat, s.log_sent);
                    s.log_sent = st.log.len();
                    s.version_sent = st.version;
                    m
                };
                if tx.send(to_text(&ServerMsg::State(Box::new(msg)))).await.is_err() { break }
            }
        }
    }
}

/// One client message: the replies (state updates follow through the
/// room's change channel).
async fn handle(server: &Arc<Server>, seated: &mut Option<Seated>, text: &str) -> Vec<ServerMsg> {
    if text.len() > MAX_MESSAGE_BYTES {
        return vec![err(
            ErrorCode::TooLarge,
            &format!("a message has at most {MAX_MESSAGE_BYTES} bytes"),
        )];
    }
    let msg: ClientMsg = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return vec![err(ErrorCode::BadMessage, &e.to_string())],
    };
    match msg {
        ClientMsg::Ping => vec![ServerMsg::Pong],
        ClientMsg::NewGame(req) => {
            server.evict(true);
            if server.game_count() >= server.config.max_games {
                return vec![err(
                    ErrorCode::ServerFull,
                    "too many games on this server; try later",
                )];
            }
            let n = server.next_id.fetch_add(1, Ordering::SeqCst);
            let id = format!("g{n}-{}", &room::secret()[..8]);
            let created = tokio::task::spawn_blocking(move || Room::create(id, &req)).await;
            let room = match created {
                Ok(Ok(r)) => Arc::new(r),
                Ok(Err(e)) => return vec![err(ErrorCode::BadGame, &e)],
                Err(_) => return vec![err(ErrorCode::BadGame, "the game could not be set up")],
            };
            let reply = {
                let st = room.lock();
                ServerMsg::Created {
                    game: room.id.clone(),
                    seats: st.seat_infos(true),
                    spectator_token: st.spectator_token.clone(),
                }
            };
            server.games().insert(room.id.clone(), room.clone());
            drive(room);
            vec![reply]
        }
        ClientMsg::Join { game, token } => {
            let Some(room) = server.games().get(&game).cloned() else {
                return vec![err(
                    ErrorCode::NoSuchGame,
                    "no such game (it may have ended and been dropped)",
                )];
            };
            let Some(seat) = room.seat_of(&token) else {
                return vec![err(
                    ErrorCode::BadToken,
                    "this link opens no seat of that game",
                )];
            };
            let mut changes = room.changed.subscribe();
            changes.borrow_and_update();
            let state = {
                let st = room.lock();
                st.state_msg(&room.id, seat, 0)
            };
            let log_sent = state.log_from + state.log.len();
            *seated = Some(Seated {
                room: room.clone(),
                seat,
                changes,
                log_sent,
                version_sent: state.version,
            });
            drive(room.clone());
            vec![
                ServerMsg::Joined {
                    game: room.id.clone(),
                    seat,
                },
                ServerMsg::State(Box::new(state)),
            ]
        }
        ClientMsg::Act { action, version } => {
            let Some(s) = seated.as_ref() else {
                return vec![err(ErrorCode::NotJoined, "join a game first")];
            };
            let Some(seat) = s.seat else {
                return vec![err(
                    ErrorCode::NotYourDecision,
                    "a spectator makes no decisions",
                )];
            };
            match s.room.act(seat, action, version) {
                Ok(()) => {
                    drive(s.room.clone());
                    vec![]
                }
                Err(e) => vec![e],
            }
        }
        ClientMsg::Save => {
            let Some(s) = seated.as_ref() else {
                return vec![err(ErrorCode::NotJoined, "join a game first")];
            };
            let st = s.room.lock();
            if !st.game.is_over() {
                return vec![err(
                    ErrorCode::NotOver,
                    "a game can be saved once it is over (the record shows every hidden card)",
                )];
            }
            vec![ServerMsg::Saved {
                save: Box::new(st.save.clone()),
            }]
        }
        ClientMsg::Replay { save, step } => {
            match tokio::task::spawn_blocking(move || replay(&save, step)).await {
                Ok(Ok(m)) => vec![ServerMsg::Replay(Box::new(m))],
                Ok(Err(e)) => vec![err(ErrorCode::BadSave, &e)],
                Err(_) => vec![err(
                    ErrorCode::BadSave,
                    "the saved game could not be replayed",
                )],
            }
        }
    }
}

/// Lets the room's agents act, off the async threads.
fn drive(room: Arc<Room>) {
    tokio::task::spawn_blocking(move || room.drive_agents());
}

/// A saved game after `step` of its actions, as a spectator sees it.
pub fn replay(save: &SavedGame, step: usize) -> Result<ReplayMsg, String> {
    if save.actions.len() > room::MAX_ACTIONS {
        return Err("too many actions".into());
    }
    let mut game = room::build_game(save)?;
    let mut log = Vec::new();
    let collect = |g: &mut tolaria_rules::Game, log: &mut Vec<LogLine>| {
        for e in g.take_events() {
            if let Some(l) = e.log_line() {
                log.push(room::log_line(e.rule(), &l));
            }
        }
    };
    collect(&mut game, &mut log);
    let step = step.min(save.actions.len());
    for (i, (seat, action)) in save.actions[..step].iter().enumerate() {
        game.apply_as(tolaria_rules::PlayerId(*seat), action.clone())
            .map_err(|e| format!("action {}: {e}", i + 1))?;
        collect(&mut game, &mut log);
    }
    Ok(ReplayMsg {
        step,
        steps: save.actions.len(),
        view: room::public_view(&game),
        log,
    })
}
