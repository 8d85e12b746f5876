// The Tolaria web client: a lobby to start games, the table of a game
// (one seat's view, or the public view for a spectator), and the replay
// viewer. Everything shown comes from the server's messages
// (docs/protocol.md); the card viewer reads /api/cards/{id}.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import {
  actionObjects,
  autoPass,
  decisionText,
  idKey,
  mergeLog,
  parseRoute,
  passAction,
  seatLink,
  splitMana,
  symbolClass,
} from "./logic";
import type {
  Action,
  CardData,
  CardView,
  LabeledAction,
  LogLine,
  PermanentView,
  PlayerView,
  SavedGame,
  SeatInfo,
  ServerMsg,
  StateMsg,
  Target,
} from "./protocol";
import { wsUrl } from "./protocol";

const STEPS = [
  "Upkeep",
  "Draw",
  "PrecombatMain",
  "BeginningOfCombat",
  "DeclareAttackers",
  "DeclareBlockers",
  "CombatDamage",
  "EndOfCombat",
  "PostcombatMain",
  "EndOfTurn",
];

// ---------------------------------------------------------------- cards

const cardCache = new Map<number, Promise<CardData | null>>();
function fetchCard(id: number): Promise<CardData | null> {
  let p = cardCache.get(id);
  if (!p) {
    p = fetch(`/api/cards/${id}`)
      .then((r) => (r.ok ? (r.json() as Promise<CardData>) : null))
      .catch(() => null);
    cardCache.set(id, p);
  }
  return p;
}

function Mana({ text }: { text: string }) {
  return (
    <>
      {splitMana(text).map((p, i) =>
        "symbol" in p ? (
          <span key={i} class={`sym ${symbolClass(p.symbol)}`} title={`{${p.symbol}}`}>
            {p.symbol}
          </span>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function CardDetail({ card }: { card: number | null }) {
  const [data, setData] = useState<CardData | null>(null);
  useEffect(() => {
    setData(null);
    if (card !== null) fetchCard(card).then(setData);
  }, [card]);
  if (card === null) return <div class="detail empty">Hover over a card to read it.</div>;
  if (!data) return <div class="detail">…</div>;
  return (
    <div class="detail" data-testid="card-detail">
      {data.faces.map((f) => (
        <div class="face" key={f.name}>
          <div class="face-head">
            <b>{f.name}</b>
            <span class="cost">{f.mana_cost ? <Mana text={f.mana_cost} /> : null}</span>
          </div>
          <div class="type-line">{f.type_line}</div>
          <div class="text">
            {f.text.split("\n").map((l) => (
              <p key={l}>
                <Mana text={l} />
              </p>
            ))}
          </div>
          {f.power !== null ? (
            <div class="pt">
              {f.power}/{f.toughness}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------- table

type Hover = (card: number | null) => void;
type Act = (a: Action) => void;

function targetName(t: Target, view: PlayerView): string {
  if ("Player" in t) return view.players.find((p) => p.id === t.Player)?.name ?? `P${t.Player + 1}`;
  const o = t.Object;
  return view.in_play.find((p) => p.id.slot === o.slot && p.id.gen === o.gen)?.name ?? "an object";
}

function CardChoices({
  id,
  byObject,
  act,
}: {
  id: string;
  byObject: Map<string, LabeledAction[]>;
  act: Act;
}) {
  const list = byObject.get(id);
  if (!list) return null;
  return (
    <div class="card-actions">
      {list.map((a) => (
        <button type="button" key={a.label} class="mini" onClick={() => act(a.action)}>
          {a.label}
        </button>
      ))}
    </div>
  );
}

function Permanent({
  p,
  view,
  hover,
  byObject,
  act,
}: {
  p: PermanentView;
  view: PlayerView;
  hover: Hover;
  byObject: Map<string, LabeledAction[]>;
  act: Act;
}) {
  const key = idKey(p.id);
  const actionable = byObject.has(key);
  const cls = [
    "card",
    "perm",
    p.tapped ? "tapped" : "",
    p.attacking ? "attacking" : "",
    p.blocking ? "blocking" : "",
    p.phased_out ? "phased" : "",
    p.face_down ? "facedown" : "",
    actionable ? "actionable" : "",
  ].join(" ");
  const attacks = p.attacks ?? null;
  return (
    <div
      class={cls}
      data-testid={`perm-${p.name}`}
      onMouseEnter={() => hover(p.card)}
      onClick={() => {
        const l = byObject.get(key);
        if (l && l.length === 1) act(l[0].action);
      }}
    >
      <div class="name">{p.name}</div>
      <div class="type">{p.type_line}</div>
      <div class="badges">
        {p.tapped ? <span class="badge">tapped</span> : null}
        {p.sick ? <span class="badge">summoning sick</span> : null}
        {p.flipped ? <span class="badge">flipped</span> : null}
        {p.face_down ? <span class="badge">face down</span> : null}
        {p.phased_out ? <span class="badge">phased out</span> : null}
        {p.plus_counters ? <span class="badge">+1/+1 ×{p.plus_counters}</span> : null}
        {p.minus_counters ? <span class="badge">-1/-1 ×{p.minus_counters}</span> : null}
        {p.damage ? <span class="badge dmg">{p.damage} damage</span> : null}
        {p.attacking ? (
          <span class="badge atk">
            attacking{attacks !== null ? ` ${targetName({ Player: attacks }, view)}` : ""}
          </span>
        ) : null}
        {p.blocking ? (
          <span class="badge blk">
            blocking
            {(p.blocks ?? [])
              .map(
                (a) => ` ${targetName({ Object: a }, view)} #${a.slot}${a.gen ? `.${a.gen}` : ""}`,
              )
              .join(",")}
          </span>
        ) : null}
        {p.attached_to ? (
          <span class="badge">attached to {targetName(p.attached_to, view)}</span>
        ) : null}
      </div>
      {p.power !== null ? (
        <div class="pt">
          {p.power}/{p.toughness}
        </div>
      ) : null}
      {byObject.get(key)?.length && (byObject.get(key)?.length ?? 0) > 1 ? (
        <CardChoices id={key} byObject={byObject} act={act} />
      ) : null}
    </div>
  );
}

function HandCard({
  c,
  hover,
  byObject,
  act,
}: {
  c: CardView;
  hover: Hover;
  byObject: Map<string, LabeledAction[]>;
  act: Act;
}) {
  const key = idKey(c.id);
  const list = byObject.get(key);
  return (
    <div
      class={`card hand-card ${list ? "actionable" : ""}`}
      data-testid={`hand-${c.name}`}
      onMouseEnter={() => hover(c.card)}
      onClick={() => {
        if (list && list.length === 1) act(list[0].action);
      }}
    >
      <div class="name">{c.name}</div>
      {list && list.length > 1 ? <CardChoices id={key} byObject={byObject} act={act} /> : null}
    </div>
  );
}

function Table({
  msg,
  hover,
  act,
}: {
  msg: { view: PlayerView; actions: LabeledAction[]; seat: number | null };
  hover: Hover;
  act: Act;
}) {
  const { view } = msg;
  const [openGy, setOpenGy] = useState<number | null>(null);
  const byObject = useMemo(() => {
    const m = new Map<string, LabeledAction[]>();
    for (const a of msg.actions) {
      for (const o of actionObjects(a.action)) {
        const k = idKey(o);
        m.set(k, [...(m.get(k) ?? []), a]);
      }
    }
    return m;
  }, [msg.actions]);
  // The viewer's seat at the bottom.
  const order = [...view.players].sort(
    (a, b) => (a.id === msg.seat ? 1 : 0) - (b.id === msg.seat ? 1 : 0),
  );
  return (
    <div class="table">
      <div class="turn-line" data-testid="turn-line">
        Turn {view.turn} · active player: {view.players.find((p) => p.id === view.active)?.name} ·{" "}
        {view.step}
        {view.turn_controller !== view.active
          ? ` · controlled by ${view.players.find((p) => p.id === view.turn_controller)?.name}`
          : ""}
      </div>
      {view.stack.length ? (
        <div class="stack" data-testid="stack">
          <b>Stack</b> (top first)
          {[...view.stack].reverse().map((s) => (
            <div class="stack-item" key={s.description}>
              {s.description}
              {s.targets.length ? ` → ${s.targets.map((t) => targetName(t, view)).join(", ")}` : ""}
            </div>
          ))}
        </div>
      ) : null}
      {order.map((p) => (
        <div
          class={`player ${p.id === msg.seat ? "me" : ""} ${p.lost ? "lost" : ""}`}
          key={p.id}
          data-testid={`player-${p.id}`}
        >
          <div class="player-head">
            <b>{p.name}</b>
            {p.team !== null && p.team !== undefined ? ` (team ${p.team + 1})` : ""}
            {p.emperor ? " · emperor" : ""}
            <span class="life" data-testid={`life-${p.id}`}>
              ♥ {p.life}
            </span>
            {p.poison ? <span> ☠ {p.poison}</span> : null}
            <span> · library {p.library_size}</span>
            <span> · hand {p.hand_size}</span>
            <button
              type="button"
              class="link"
              onClick={() => setOpenGy(openGy === p.id ? null : p.id)}
            >
              graveyard {p.graveyard.length}
            </button>
            {p.pool ? <span> · pool {p.pool}</span> : null}
            {p.lost ? <b> · lost</b> : null}
          </div>
          {openGy === p.id ? (
            <div class="graveyard">
              {p.graveyard.length === 0 ? <i>empty</i> : null}
              {p.graveyard.map((c) => (
                <span class="gy-card" key={idKey(c.id)} onMouseEnter={() => hover(c.card)}>
                  {c.name ?? "a card"}
                </span>
              ))}
            </div>
          ) : null}
          <div class="battlefield">
            {view.in_play
              .filter((q) => q.controller === p.id)
              .map((q) => (
                <Permanent
                  key={idKey(q.id)}
                  p={q}
                  view={view}
                  hover={hover}
                  byObject={byObject}
                  act={act}
                />
              ))}
          </div>
          <div class="hand">
            {p.hand
              ? p.hand.map((c) => (
                  <HandCard key={idKey(c.id)} c={c} hover={hover} byObject={byObject} act={act} />
                ))
              : Array.from({ length: p.hand_size }, (_, i) => <div class="card back" key={i} />)}
            {(p.revealed ?? []).map((c) => (
              <div class="card revealed" key={idKey(c.id)} onMouseEnter={() => hover(c.card)}>
                {c.name} (revealed)
              </div>
            ))}
          </div>
        </div>
      ))}
      {view.removed.length ? (
        <div class="removed">
          <b>Removed from the game:</b>{" "}
          {view.removed.map((c) => (
            <span key={idKey(c.id)} class="gy-card" onMouseEnter={() => hover(c.card)}>
              {c.name ?? "a face-down card"}
              {c.time_counters ? ` (${c.time_counters} time)` : ""}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function Log({ log }: { log: LogLine[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [log.length]);
  return (
    <div class="log" ref={ref} data-testid="log">
      {log.map((l, i) => (
        <div class="log-line" key={i}>
          {l.rule ? <span class="rule">{l.rule}</span> : null} {l.text}
        </div>
      ))}
    </div>
  );
}

// ---------------------------------------------------------------- game page

function useSocket(onMsg: (m: ServerMsg) => void, onOpen: (send: (v: unknown) => void) => void) {
  const [connected, setConnected] = useState(false);
  const sendRef = useRef<(v: unknown) => void>(() => {});
  const handlers = useRef({ onMsg, onOpen });
  handlers.current = { onMsg, onOpen };
  useEffect(() => {
    let ws: WebSocket | null = null;
    let stop = false;
    let retry = 500;
    const open = () => {
      ws = new WebSocket(wsUrl(location));
      const send = (v: unknown) => {
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(v));
      };
      sendRef.current = send;
      ws.onopen = () => {
        setConnected(true);
        retry = 500;
        handlers.current.onOpen(send);
      };
      ws.onmessage = (e) => handlers.current.onMsg(JSON.parse(e.data as string) as ServerMsg);
      ws.onclose = () => {
        setConnected(false);
        // A dropped connection: the server keeps the game; join again.
        if (!stop) {
          retry = Math.min(retry * 2, 8000);
          setTimeout(open, retry);
        }
      };
    };
    open();
    return () => {
      stop = true;
      ws?.close();
    };
  }, []);
  return { connected, send: (v: unknown) => sendRef.current(v) };
}

function seatTokens(game: string): SeatInfo[] {
  try {
    return JSON.parse(localStorage.getItem(`tolaria-seats-${game}`) ?? "[]") as SeatInfo[];
  } catch {
    return [];
  }
}

function GamePage({ game, token }: { game: string; token: string }) {
  const [msg, setMsg] = useState<StateMsg | null>(null);
  const [log, setLog] = useState<LogLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const [untilTurn, setUntilTurn] = useState<number | null>(null);
  const [stops, setStops] = useState<Set<string>>(new Set(["PrecombatMain", "DeclareBlockers"]));
  const [saved, setSaved] = useState<SavedGame | null>(null);
  const { connected, send } = useSocket(
    (m) => {
      if (m.type === "state") {
        setMsg(m);
        setLog((l) => mergeLog(l, m));
        setError(null);
      } else if (m.type === "error") setError(`${m.code}: ${m.message}`);
      else if (m.type === "saved") setSaved(m.save);
    },
    (s) => s({ type: "join", game, token }),
  );
  const act = useCallback(
    (a: Action) => {
      if (msg) send({ type: "act", action: a, version: msg.version });
    },
    [msg, send],
  );
  // Pass until next turn.
  useEffect(() => {
    if (!msg) return;
    if (untilTurn !== null && msg.view.turn > untilTurn) setUntilTurn(null);
    else if (autoPass(msg, untilTurn, stops)) act("Pass");
  }, [msg, untilTurn, stops, act]);
  // The key handler reads the latest state through a ref: effects run after
  // paint, so a handler bound to an older state could send a stale action.
  const latest = useRef<StateMsg | null>(null);
  latest.current = msg;
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      const msg = latest.current;
      if (!msg || (e.target as HTMLElement)?.tagName === "TEXTAREA") return;
      const act = (a: Action) => send({ type: "act", action: a, version: msg.version });
      if (e.key === " " || e.key === "Enter") {
        const a = passAction(msg.actions);
        if (a) {
          e.preventDefault();
          act(a);
        }
      } else if (e.key === "e" || e.key === "F6") {
        e.preventDefault();
        setUntilTurn(msg.view.turn);
      }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [send]);
  if (!msg) {
    return (
      <div class="page">
        <p>{connected ? "Joining the game…" : "Connecting to the server…"}</p>
        {error ? <p class="error">{error}</p> : null}
      </div>
    );
  }
  const mine = msg.decider !== null && msg.decider === msg.seat;
  const myTokens = seatTokens(game).filter((s) => s.token);
  const deciderSeat = msg.seats.find((s) => s.seat === msg.decider);
  const switchTo = !mine && myTokens.find((s) => s.seat === msg.decider);
  const result = msg.view.result as { Win?: number } | string | null;
  return (
    <div class="game">
      <div class="main">
        <Table msg={msg} hover={setCard} act={act} />
      </div>
      <div class="side">
        <div
          class={`decision ${mine ? "mine" : ""}`}
          data-testid="decision"
          data-version={msg.version}
          data-mine={mine ? "1" : "0"}
        >
          {msg.over ? (
            <div data-testid="game-over">
              <b>Game over.</b>{" "}
              {result && typeof result === "object" && "Win" in result
                ? `${msg.view.players.find((p) => p.id === result.Win)?.name} wins.`
                : typeof result === "string"
                  ? result
                  : JSON.stringify(result)}
              <div>
                <button type="button" onClick={() => send({ type: "save" })}>
                  Save the game
                </button>
              </div>
              {saved ? (
                <div>
                  <a
                    download={`tolaria-${game}.json`}
                    href={`data:application/json,${encodeURIComponent(JSON.stringify(saved))}`}
                  >
                    Download the saved game
                  </a>{" "}
                  ·{" "}
                  <a
                    href="#/replay"
                    data-testid="open-replay"
                    onClick={() => sessionStorage.setItem("tolaria-replay", JSON.stringify(saved))}
                  >
                    Open in the replay viewer
                  </a>
                </div>
              ) : null}
            </div>
          ) : mine ? (
            <>
              <div class="decision-title" data-testid="decision-title">
                {decisionText(msg.view.decision)}
              </div>
              <div class="actions">
                {msg.actions.map((a, i) => (
                  <button
                    type="button"
                    key={i}
                    class="action"
                    data-testid="action"
                    onClick={() => act(a.action)}
                  >
                    {a.label}
                  </button>
                ))}
              </div>
              <div class="hint">Space: pass or done · E: pass until next turn</div>
            </>
          ) : (
            <div data-testid="waiting">
              Waiting for {deciderSeat ? `${deciderSeat.name} (${deciderSeat.player})` : "…"}
              {switchTo ? (
                <div>
                  <a
                    href={seatLink(location.origin, game, switchTo.token ?? "")}
                    data-testid="switch-seat"
                  >
                    Hot seat: switch to {switchTo.name}
                  </a>
                </div>
              ) : null}
            </div>
          )}
          {error ? (
            <div class="error" data-testid="error">
              {error}
            </div>
          ) : null}
          {untilTurn !== null ? <div class="hint">Passing until the next turn…</div> : null}
          {!connected ? <div class="error">Connection lost; reconnecting…</div> : null}
        </div>
        <CardDetail card={card} />
        <details class="stops">
          <summary>Stops (pass until next turn stops here)</summary>
          {STEPS.map((s) => (
            <label key={s}>
              <input
                type="checkbox"
                checked={stops.has(s)}
                onChange={() => {
                  const n = new Set(stops);
                  if (n.has(s)) n.delete(s);
                  else n.add(s);
                  setStops(n);
                }}
              />
              {s}
            </label>
          ))}
        </details>
        {myTokens.length ? (
          <details class="links">
            <summary>Seat links</summary>
            {myTokens.map((s) => (
              <div key={s.seat}>
                {s.name}: <a href={seatLink(location.origin, game, s.token ?? "")}>seat link</a>
              </div>
            ))}
            <div>
              Spectators:{" "}
              <a
                href={seatLink(
                  location.origin,
                  game,
                  localStorage.getItem(`tolaria-spec-${game}`) ?? "",
                )}
              >
                watch link
              </a>
            </div>
          </details>
        ) : null}
        <Log log={log} />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- lobby

const AGENTS = ["greedy", "random", "mcts", "human"];

function Lobby() {
  const [decks, setDecks] = useState<string[]>(["red_green", "white_blue"]);
  const [players, setPlayers] = useState(2);
  const [mine, setMine] = useState("red_green");
  const [pasted, setPasted] = useState("");
  // Seats 2 to 16: an agent or a human each.
  const [others, setOthers] = useState<string[]>(Array.from({ length: 15 }, () => "greedy"));
  const [otherDeck, setOtherDeck] = useState("white_blue");
  const [variant, setVariant] = useState("FreeForAll");
  const [attack, setAttack] = useState("Left");
  const [seed, setSeed] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<unknown>(null);
  useEffect(() => {
    fetch("/api/decks")
      .then((r) => r.json())
      .then((d: string[]) => setDecks(d))
      .catch(() => {});
  }, []);
  const { connected, send } = useSocket(
    (m) => {
      if (m.type === "created") {
        localStorage.setItem(`tolaria-seats-${m.game}`, JSON.stringify(m.seats));
        localStorage.setItem(`tolaria-spec-${m.game}`, m.spectator_token);
        const first = m.seats.find((s) => s.token);
        location.hash = `#/game/${encodeURIComponent(m.game)}/${encodeURIComponent(
          first?.token ?? m.spectator_token,
        )}`;
      } else if (m.type === "error") setError(`${m.code}: ${m.message}`);
    },
    () => {},
  );
  const start = () => {
    const seats = [{ player: "human", deck: pasted.trim() ? pasted : mine, name: "You" }];
    for (let i = 1; i < players; i++) {
      seats.push({ player: others[i - 1], deck: otherDeck, name: `P${i + 1}` });
    }
    // 609.3: Teams alternate; 607.2: Emperor teams of three sit together;
    // 606.3: the two Two-Headed Giant teams sit together.
    const teamOf = (i: number): number | null => {
      if (variant === "Teams") return i % 2;
      if (variant === "Emperor") return Math.floor(i / 3);
      if (variant === "TwoHeadedGiant") return Math.floor(i / Math.max(1, players / 2));
      return null;
    };
    // 606.2, 608.2b: no attack option in Two-Headed Giant; Grand Melee attacks left.
    const fixedLeft = variant === "TwoHeadedGiant" || variant === "GrandMelee";
    const req = {
      type: "new_game",
      seats: seats.map((s, i) => {
        const team = teamOf(i);
        return team === null ? s : { ...s, team };
      }),
      options: { attack: fixedLeft ? "Left" : attack, variant },
      ...(seed.trim() ? { seed: Number(seed) } : {}),
    };
    pending.current = req;
    send(req);
  };
  return (
    <div class="page lobby">
      <h1>Tolaria</h1>
      <p>Magic: The Gathering under the Comprehensive Rules of May 1, 2007.</p>
      <div class="form">
        <label>
          Players{" "}
          <select
            value={players}
            data-testid="players"
            onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}
          >
            {[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Your deck{" "}
          <select
            value={mine}
            data-testid="my-deck"
            onChange={(e) => setMine((e.target as HTMLSelectElement).value)}
          >
            {decks.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label class="wide">
          …or paste a deck list (e.g. "20 Mountain", one card a line)
          <textarea
            rows={4}
            value={pasted}
            onInput={(e) => setPasted((e.target as HTMLTextAreaElement).value)}
          />
        </label>
        {Array.from({ length: players - 1 }, (_, i) => (
          <label key={i}>
            Seat {i + 2}{" "}
            <select
              value={others[i]}
              data-testid={`seat-${i + 2}`}
              onChange={(e) => {
                const n = [...others];
                n[i] = (e.target as HTMLSelectElement).value;
                setOthers(n);
              }}
            >
              {AGENTS.map((a) => (
                <option key={a} value={a}>
                  {a === "human" ? "human (hot seat or a seat link)" : `agent: ${a}`}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          Their deck{" "}
          <select
            value={otherDeck}
            onChange={(e) => setOtherDeck((e.target as HTMLSelectElement).value)}
          >
            {decks.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label>
          Variant{" "}
          <select
            value={variant}
            onChange={(e) => setVariant((e.target as HTMLSelectElement).value)}
          >
            <option value="FreeForAll">Free-for-All (605)</option>
            <option value="Teams">Teams (609)</option>
            <option value="Emperor">Emperor (607)</option>
            <option value="TwoHeadedGiant">Two-Headed Giant (606)</option>
            <option value="GrandMelee">Grand Melee (608, 4–16 players)</option>
          </select>
        </label>
        <label>
          Attack{" "}
          <select value={attack} onChange={(e) => setAttack((e.target as HTMLSelectElement).value)}>
            <option value="Left">left (604.1a)</option>
            <option value="Right">right (604.1b)</option>
            <option value="Multiple">multiple players (602)</option>
          </select>
        </label>
        <label>
          Seed{" "}
          <input
            value={seed}
            data-testid="seed"
            onInput={(e) => setSeed((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="button" data-testid="start" disabled={!connected} onClick={start}>
          Start the game
        </button>
        {error ? (
          <div class="error" data-testid="error">
            {error}
          </div>
        ) : null}
      </div>
      <p>
        <a href="#/replay">Replay viewer</a> (open a saved game)
      </p>
    </div>
  );
}

// ---------------------------------------------------------------- replay

function ReplayPage() {
  const [save, setSave] = useState<SavedGame | null>(() => {
    const s = sessionStorage.getItem("tolaria-replay");
    return s ? (JSON.parse(s) as SavedGame) : null;
  });
  const [step, setStep] = useState(0);
  const [frame, setFrame] = useState<{ view: PlayerView; log: LogLine[]; steps: number } | null>(
    null,
  );
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<number | null>(null);
  const { connected, send } = useSocket(
    (m) => {
      if (m.type === "replay") {
        setFrame({ view: m.view, log: m.log, steps: m.steps });
        setError(null);
      } else if (m.type === "error") setError(`${m.code}: ${m.message}`);
    },
    () => {},
  );
  useEffect(() => {
    if (save && connected) send({ type: "replay", save, step });
  }, [save, step, connected, send]);
  const steps = frame?.steps ?? save?.actions.length ?? 0;
  return (
    <div class="game">
      <div class="main">
        <div class="replay-bar" data-testid="replay-bar">
          <b>Replay</b>{" "}
          <input
            type="file"
            accept=".json"
            onChange={async (e) => {
              const f = (e.target as HTMLInputElement).files?.[0];
              if (f) {
                setSave(JSON.parse(await f.text()) as SavedGame);
                setStep(0);
              }
            }}
          />
          {save ? (
            <>
              <button type="button" onClick={() => setStep(0)}>
                ⏮
              </button>
              <button
                type="button"
                data-testid="replay-back"
                onClick={() => setStep(Math.max(0, step - 1))}
              >
                ◀
              </button>
              <span data-testid="replay-step">
                action {step} of {steps}
              </span>
              <button
                type="button"
                data-testid="replay-next"
                onClick={() => setStep(Math.min(steps, step + 1))}
              >
                ▶
              </button>
              <button type="button" onClick={() => setStep(Math.min(steps, step + 10))}>
                +10
              </button>
              <button type="button" onClick={() => setStep(steps)}>
                ⏭
              </button>
            </>
          ) : null}
          <a href="#/">lobby</a>
        </div>
        {error ? <div class="error">{error}</div> : null}
        {frame ? (
          <Table
            msg={{ view: frame.view, actions: [], seat: null }}
            hover={setCard}
            act={() => {}}
          />
        ) : null}
      </div>
      <div class="side">
        <CardDetail card={card} />
        <Log log={frame?.log ?? []} />
      </div>
    </div>
  );
}

export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const f = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", f);
    return () => window.removeEventListener("hashchange", f);
  }, []);
  if (route.page === "game")
    return <GamePage key={route.token} game={route.game} token={route.token} />;
  if (route.page === "replay") return <ReplayPage />;
  return <Lobby />;
}
