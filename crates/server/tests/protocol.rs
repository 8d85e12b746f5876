//! The protocol over a real socket: a Rust client plays whole games against
//! the server's agents; every state it gets equals `view(seat)` of the same
//! game replayed locally; a client can't act for another seat, read another
//! hand or disturb a game with garbage; many concurrent games stay correct.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tolaria_rules::{PlayerId, PlayerView};
use tolaria_server::protocol::{SavedGame, PROTOCOL_VERSION};
use tolaria_server::{Config, Server};

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn start(config: Config) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = Server::new(config);
    tokio::spawn(tolaria_server::serve(listener, server));
    format!("ws://{addr}/ws")
}

struct Client {
    ws: Ws,
}

impl Client {
    async fn connect(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let mut c = Client { ws };
        let w = c.recv().await;
        assert_eq!(w["type"], "welcome");
        assert_eq!(w["protocol"], PROTOCOL_VERSION);
        c
    }
    async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }
    async fn send_raw(&mut self, s: String) {
        self.ws.send(Message::Text(s.into())).await.unwrap();
    }
    async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(60), self.ws.next())
                .await
                .expect("a reply within 60 s")
                .expect("the connection stays open")
                .unwrap();
            if let Message::Text(t) = m {
                return serde_json::from_str(&t).unwrap();
            }
        }
    }
    /// The next message of this type (states may arrive in between).
    async fn expect(&mut self, ty: &str) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == ty {
                return m;
            }
            assert_ne!(m["type"], "error", "expected {ty}, got {m}");
        }
    }
    async fn new_game(&mut self, seats: Value, seed: u64) -> Value {
        self.send(json!({"type": "new_game", "seats": seats, "seed": seed}))
            .await;
        self.expect("created").await
    }
    async fn join(&mut self, game: &Value, token: &Value) -> Value {
        self.send(json!({"type": "join", "game": game, "token": token}))
            .await;
        self.expect("joined").await;
        self.expect("state").await
    }
}

fn human_vs(agent: &str) -> Value {
    json!([{"player": "human", "deck": "red_green"}, {"player": agent, "deck": "white_blue"}])
}

/// Plays seat `seat` of a game with pseudo-random choices until it is over.
/// Returns every (version, view) received.
async fn play_out(c: &mut Client, first: Value, seat: u8, seed: u64) -> Vec<(u64, PlayerView)> {
    let mut rng = seed | 1;
    let mut seen = Vec::new();
    let mut state = first;
    for _ in 0..20_000 {
        assert_eq!(state["type"], "state", "{state}");
        let view: PlayerView = serde_json::from_value(state["view"].clone()).unwrap();
        // Hidden information: no other hand, ever.
        for p in &view.players {
            if p.id != PlayerId(seat) {
                assert!(p.hand.is_none() || view.turn_controller == PlayerId(seat));
            }
        }
        seen.push((state["version"].as_u64().unwrap(), view));
        if state["over"] == true {
            return seen;
        }
        let actions = state["actions"].as_array().unwrap();
        if state["decider"] == seat && !actions.is_empty() {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Prefer anything but passing, so games move on.
            let non_pass: Vec<&Value> = actions.iter().filter(|a| a["action"] != "Pass").collect();
            let pick = if !non_pass.is_empty() && !(rng >> 33).is_multiple_of(4) {
                non_pass[(rng >> 40) as usize % non_pass.len()]
            } else {
                &actions[(rng >> 40) as usize % actions.len()]
            };
            assert!(pick["label"].as_str().is_some_and(|l| !l.is_empty()));
            c.send(json!({"type": "act", "action": pick["action"], "version": state["version"]}))
                .await;
        }
        state = c.expect("state").await;
    }
    panic!("the game did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_plays_a_whole_game_and_sees_only_its_view() {
    let url = start(Config::default()).await;
    let mut c = Client::connect(&url).await;
    let created = c.new_game(human_vs("greedy"), 11).await;
    let seats = created["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert!(seats[0]["token"].is_string(), "a human seat has a secret");
    assert!(seats[1].get("token").is_none(), "an agent's seat has none");
    let first = c.join(&created["game"], &seats[0]["token"]).await;
    let seen = play_out(&mut c, first, 0, 11).await;
    assert!(seen.len() > 20);

    c.send(json!({"type": "save"})).await;
    let saved = c.expect("saved").await;
    let save: SavedGame = serde_json::from_value(saved["save"].clone()).unwrap();

    // Every state received is exactly view(seat 0) of the game at that version.
    let mut game = tolaria_server::room::build_game(&save).unwrap();
    let mut version = 0u64;
    for (v, view) in &seen {
        while version < *v {
            let (seat, a) = &save.actions[version as usize];
            game.apply_as(PlayerId(*seat), a.clone()).unwrap();
            version += 1;
        }
        assert_eq!(*view, game.view(PlayerId(0)), "state at version {v}");
    }

    // The replay viewer steps through the saved game.
    c.send(json!({"type": "replay", "save": save, "step": save.actions.len()}))
        .await;
    let r = c.expect("replay").await;
    assert_eq!(r["steps"].as_u64().unwrap() as usize, save.actions.len());
    assert!(r["view"]["result"].is_object() || r["view"]["result"].is_string());
    for p in r["view"]["players"].as_array().unwrap() {
        assert!(
            p["hand"].is_null(),
            "the replay shows public information only"
        );
    }
    c.send(json!({"type": "replay", "save": save, "step": 3}))
        .await;
    let r = c.expect("replay").await;
    assert_eq!(r["step"], 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_seat_garbage_and_spectators_learn_nothing() {
    let url = start(Config::default()).await;
    let mut a = Client::connect(&url).await;
    let created = a
        .new_game(json!([{"player": "human"}, {"player": "human"}]), 5)
        .await;
    let game = created["game"].clone();
    let sa = a.join(&game, &created["seats"][0]["token"]).await;
    let mut b = Client::connect(&url).await;
    let sb = b.join(&game, &created["seats"][1]["token"]).await;
    assert_eq!(sa["version"], sb["version"]);

    // Each seat sees its own hand and not the other's.
    let va: PlayerView = serde_json::from_value(sa["view"].clone()).unwrap();
    let vb: PlayerView = serde_json::from_value(sb["view"].clone()).unwrap();
    assert!(va.players[0].hand.is_some() && va.players[1].hand.is_none());
    assert!(vb.players[1].hand.is_some() && vb.players[0].hand.is_none());
    let text_b = sb.to_string();
    for card in va.players[0].hand.as_ref().unwrap() {
        // The other seat's message never carries A's hand card ids.
        let id = serde_json::to_string(&card.id).unwrap();
        assert!(
            !text_b.contains(&format!("\"id\":{id}")),
            "B learns A's card {id}"
        );
    }

    // Whoever doesn't decide tries to act with the decider's legal action.
    let (decider, mut other) = if sa["decider"] == 0 {
        (sa.clone(), b)
    } else {
        (sb.clone(), a)
    };
    let legal = decider["actions"][0]["action"].clone();
    other.send(json!({"type": "act", "action": legal})).await;
    let e = other.recv().await;
    assert_eq!(e["type"], "error");
    assert_eq!(e["code"], "not_your_decision");

    // Garbage of every kind: a typed error, the connection stays usable.
    let cases: Vec<(String, &str)> = vec![
        ("not json".into(), "bad_message"),
        ("{\"type\":\"act\"}".into(), "bad_message"),
        ("{\"type\":\"launch_missiles\"}".into(), "bad_message"),
        (
            "{\"type\":\"act\",\"action\":{\"PlayLand\":{\"slot\":9999,\"gen\":0}}}".into(),
            "not_your_decision",
        ),
        (
            format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(100_000)),
            "too_large",
        ),
        ("{\"type\":\"save\"}".into(), "not_over"),
        ("{\"type\":\"concede\"}".into(), "bad_message"),
        // Conceding for the other player.
        (
            format!(
                "{{\"type\":\"act\",\"action\":{{\"Concede\":{}}}}}",
                decider["decider"]
            ),
            "not_your_decision",
        ),
        (
            "{\"type\":\"act\",\"action\":{\"Concede\":7}}".into(),
            "not_your_decision",
        ),
    ];
    for (msg, code) in cases {
        other.send_raw(msg.clone()).await;
        let e = other.recv().await;
        assert_eq!(e["type"], "error", "{msg:.60}");
        assert_eq!(e["code"], code, "{msg:.60}: {e}");
    }
    other.send(json!({"type": "ping"})).await;
    assert_eq!(other.recv().await["type"], "pong");

    // A spectator sees no hand and decides nothing.
    let mut spec = Client::connect(&url).await;
    let ss = spec.join(&game, &created["spectator_token"]).await;
    assert_eq!(ss["seat"], Value::Null);
    for p in ss["view"]["players"].as_array().unwrap() {
        assert!(p["hand"].is_null());
    }
    assert!(ss["actions"].as_array().unwrap().is_empty());
    assert_eq!(
        ss["version"], decider["version"],
        "no error disturbed the game"
    );
    spec.send(json!({"type": "act", "action": legal})).await;
    assert_eq!(spec.recv().await["code"], "not_your_decision");

    // Bad links.
    let mut x = Client::connect(&url).await;
    x.send(json!({"type": "join", "game": game, "token": "guess"}))
        .await;
    assert_eq!(x.recv().await["code"], "bad_token");
    x.send(json!({"type": "join", "game": "nope", "token": "guess"}))
        .await;
    assert_eq!(x.recv().await["code"], "no_such_game");
    x.send(json!({"type": "act", "action": "Pass"})).await;
    assert_eq!(x.recv().await["code"], "not_joined");
    x.send(json!({"type": "new_game", "seats": [{"player": "human", "deck": "99 Nonexistent Card"}, {"player": "random"}]})).await;
    assert_eq!(x.recv().await["code"], "bad_game");
    x.send(json!({"type": "new_game", "seats": [{"player": "skynet"}, {"player": "random"}]}))
        .await;
    assert_eq!(x.recv().await["code"], "bad_game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnecting_client_resumes_its_game() {
    let url = start(Config::default()).await;
    let mut c = Client::connect(&url).await;
    let created = c.new_game(human_vs("random"), 3).await;
    let token = created["seats"][0]["token"].clone();
    let mut s1 = c.join(&created["game"], &token).await;
    // The agent may still be acting as the client joins: wait until the
    // game waits for this seat, so nothing moves while it reconnects.
    while s1["decider"] != 0 || s1["actions"].as_array().unwrap().is_empty() {
        s1 = c.expect("state").await;
    }
    drop(c); // the connection drops
    let mut d = Client::connect(&url).await;
    let s2 = d.join(&created["game"], &token).await;
    assert_eq!(s1["version"], s2["version"]);
    assert_eq!(s1["view"], s2["view"]);
    assert_eq!(s2["log_from"], 0, "a resumed client gets the whole log");
    assert!(!s2["log"].as_array().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_bounds_its_games() {
    let url = start(Config {
        max_games: 2,
        ..Config::default()
    })
    .await;
    let mut c = Client::connect(&url).await;
    c.new_game(human_vs("random"), 1).await;
    c.new_game(human_vs("random"), 2).await;
    c.send(json!({"type": "new_game", "seats": human_vs("random"), "seed": 3}))
        .await;
    assert_eq!(c.recv().await["code"], "server_full");
}

/// Many games at once against one server: each client plays its game to the
/// end and the server's replay of the saved game gives the same result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_many_concurrent_games_stay_correct() {
    let url = Arc::new(start(Config::default()).await);
    let games = 12;
    let mut tasks = Vec::new();
    for i in 0..games {
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(&url).await;
            let created = c.new_game(human_vs("random"), 100 + i).await;
            let first = c
                .join(&created["game"], &created["seats"][0]["token"])
                .await;
            let seen = play_out(&mut c, first, 0, i).await;
            let last = &seen.last().unwrap().1;
            c.send(json!({"type": "save"})).await;
            let save = c.expect("saved").await["save"].clone();
            let n = save["actions"].as_array().unwrap().len();
            c.send(json!({"type": "replay", "save": save, "step": n}))
                .await;
            let r = c.expect("replay").await;
            assert_eq!(
                r["view"]["result"],
                serde_json::to_value(last.result).unwrap()
            );
        }));
    }
    let all = futures_util::future::join_all(tasks);
    let results = tokio::time::timeout(Duration::from_secs(600), all)
        .await
        .expect("the load test ends in time");
    for r in results {
        r.unwrap();
    }
}

/// 606 and 608 as the lobby asks for them: a Two-Headed Giant table (two
/// teams of two seated together, no attack option) and a 10-player Grand
/// Melee (more seats than the old limit of 8) are created; the human's seat
/// sees its teammate's hand (606.5) in the one, and every player has a
/// range of influence of 1 (608.2a) in the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_headed_giant_and_grand_melee_tables() {
    let url = start(Config::default()).await;
    let mut c = Client::connect(&url).await;
    let seat = |p: &str, team: Option<u8>| match team {
        Some(t) => json!({"player": p, "deck": "red_green", "team": t}),
        None => json!({"player": p, "deck": "red_green"}),
    };
    let seats = json!([
        seat("human", Some(0)),
        seat("greedy", Some(0)),
        seat("greedy", Some(1)),
        seat("greedy", Some(1))
    ]);
    c.send(json!({"type": "new_game", "seats": seats, "seed": 5,
        "options": {"attack": "Left", "variant": "TwoHeadedGiant"}}))
        .await;
    let created = c.expect("created").await;
    let state = c
        .join(&created["game"], &created["seats"][0]["token"])
        .await;
    let view: PlayerView = serde_json::from_value(state["view"].clone()).unwrap();
    assert_eq!(view.players.len(), 4);
    let me = view.viewer;
    let mate = view
        .players
        .iter()
        .find(|p| p.id != me && p.hand.is_some())
        .expect("606.5: the teammate's hand is seen");
    assert_eq!(
        view.players.iter().filter(|p| p.hand.is_some()).count(),
        2,
        "{mate:?}"
    );

    let mut c = Client::connect(&url).await;
    let mut seats = vec![seat("human", None)];
    seats.extend((1..10).map(|_| seat("greedy", None)));
    c.send(json!({"type": "new_game", "seats": seats, "seed": 6,
        "options": {"attack": "Left", "variant": "GrandMelee"}}))
        .await;
    let created = c.expect("created").await;
    let state = c
        .join(&created["game"], &created["seats"][0]["token"])
        .await;
    assert_eq!(state["view"]["players"].as_array().unwrap().len(), 10);
    // 608.2a: each player has a range of influence of 1.
    for p in state["view"]["players"].as_array().unwrap() {
        assert_eq!(p["range"], 1, "{p}");
    }
}
