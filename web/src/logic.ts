// Pure helpers of the client (unit-tested in logic.test.ts).
import type { Action, Decision, LogLine, ObjId, StateMsg } from "./protocol";

/** A mana cost or rules text split into plain text and mana symbols. */
export type ManaPart = { text: string } | { symbol: string };

/** "{2}{R}: Deal 1 damage" → [{symbol:"2"},{symbol:"R"},{text:": Deal 1 damage"}]. */
export function splitMana(s: string): ManaPart[] {
  const out: ManaPart[] = [];
  const re = /\{([^}]{1,5})\}/g;
  let last = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    if (m.index > last) out.push({ text: s.slice(last, m.index) });
    out.push({ symbol: m[1] });
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push({ text: s.slice(last) });
  return out;
}

/** The CSS class of a mana symbol's colour. */
export function symbolClass(symbol: string): string {
  const s = symbol.toUpperCase();
  if (s === "T") return "sym-tap";
  if (s === "Q") return "sym-untap";
  const colors = ["W", "U", "B", "R", "G"].filter((c) => s.includes(c));
  if (colors.length === 1) return `sym-${colors[0].toLowerCase()}`;
  if (colors.length > 1) return "sym-hybrid";
  return "sym-generic";
}

/** The decision's kind name ("Priority", "ChooseTarget", …). */
export function decisionName(d: Decision | null): string {
  if (!d) return "";
  return typeof d.kind === "string" ? d.kind : (Object.keys(d.kind)[0] ?? "");
}

const DECISION_TEXT: Record<string, string> = {
  Mulligan: "Keep your hand or take a mulligan (101.4)",
  Priority: "You have priority (408.1c)",
  ChooseTarget: "Choose a target (409.1c)",
  ChooseMode: "Choose a mode (409.1b)",
  ChooseOpponent: "Choose the opponent who makes the choice (601.5a)",
  ChooseX: "Announce X (409.1b)",
  PayMana: "Pay the mana cost (409.1g–h)",
  DeclareAttackers: "Declare attackers (308.2a)",
  DeclareBlockers: "Declare blockers (309.2a)",
  AssignCombatDamage: "Assign combat damage (310.2)",
  OrderTriggers: "Order your triggered abilities (410.3)",
  Discard: "Discard a card",
  ChooseReplacement: "Choose which replacement effect applies first (419.9a)",
  MayAbility: "You may (410.5)",
};

export function decisionText(d: Decision | null): string {
  const n = decisionName(d);
  return DECISION_TEXT[n] ?? n.replace(/([a-z])([A-Z])/g, "$1 $2");
}

export function sameId(a: ObjId, b: ObjId): boolean {
  return a.slot === b.slot && a.gen === b.gen;
}

export function idKey(id: ObjId): string {
  return `${id.slot}.${id.gen}`;
}

/** The objects an action is about (to make those cards clickable). */
export function actionObjects(a: Action): ObjId[] {
  if (typeof a === "string") return [];
  const [kind, v] = Object.entries(a)[0] ?? ["", null];
  const isId = (x: unknown): x is ObjId =>
    typeof x === "object" && x !== null && "slot" in x && "gen" in x;
  if (isId(v)) return [v];
  if (kind === "ChooseTarget" && v && typeof v === "object" && "Object" in v)
    return [(v as { Object: ObjId }).Object];
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    for (const key of ["source", "card", "blocker", "creature", "attacker"]) {
      if (isId(o[key])) return [o[key] as ObjId];
    }
  }
  return [];
}

/** The action for a "pass" key: Pass, or Done while declaring, or No. */
export function passAction(actions: { action: Action }[]): Action | null {
  for (const want of ["Pass", "Done"]) {
    const a = actions.find((x) => x.action === want);
    if (a) return a.action;
  }
  return null;
}

/** Joins the log lines of a new state to those already shown. */
export function mergeLog(log: LogLine[], msg: Pick<StateMsg, "log_from" | "log">): LogLine[] {
  if (msg.log_from === 0) return msg.log.slice();
  if (msg.log_from > log.length) return log.concat(msg.log); // a gap: keep what we have
  return log.slice(0, msg.log_from).concat(msg.log);
}

/**
 * Whether "pass until next turn" passes this decision for the player: only
 * priority with Pass legal, in the same turn it began, and not at a step the
 * player set a stop at.
 */
export function autoPass(
  msg: Pick<StateMsg, "view" | "actions" | "decider" | "seat">,
  untilTurnAfter: number | null,
  stops: Set<string>,
): boolean {
  if (untilTurnAfter === null || msg.decider !== msg.seat) return false;
  if (decisionName(msg.view.decision) !== "Priority") return false;
  if (msg.view.turn > untilTurnAfter) return false;
  if (stops.has(msg.view.step) && msg.view.stack.length === 0) return false;
  return msg.actions.some((a) => a.action === "Pass");
}

/** A seat link: the page address that opens a game's seat. */
export function seatLink(origin: string, game: string, token: string): string {
  return `${origin}/#/game/${encodeURIComponent(game)}/${encodeURIComponent(token)}`;
}

export function parseRoute(
  hash: string,
): { page: "lobby" } | { page: "game"; game: string; token: string } | { page: "replay" } {
  const parts = hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "game" && parts.length === 3)
    return {
      page: "game",
      game: decodeURIComponent(parts[1]),
      token: decodeURIComponent(parts[2]),
    };
  if (parts[0] === "replay") return { page: "replay" };
  return { page: "lobby" };
}
