// The protocol of docs/protocol.md (version 1), as the client uses it.
// Engine values (actions, decisions, views) keep the engine's serde shape.

export const PROTOCOL_VERSION = 1;

export type ObjId = { slot: number; gen: number };
export type Target = { Object: ObjId } | { Player: number };
// An engine action: "Pass", or { "PlayLand": {slot, gen} }, …
export type Action = string | Record<string, unknown>;

export interface CardView {
  id: ObjId;
  card: number | null;
  name: string | null;
  /** The card's owner (a seat). */
  owner: number;
  time_counters?: number;
}

export interface PlayerSummary {
  id: number;
  name: string;
  life: number;
  poison: number;
  pool: string;
  library_size: number;
  hand_size: number;
  hand: CardView[] | null;
  revealed?: CardView[];
  library_top?: CardView | null;
  graveyard: CardView[];
  lost: boolean;
  team?: number | null;
  emperor?: boolean;
}

export interface PermanentView {
  id: ObjId;
  card: number | null;
  name: string;
  controller: number;
  owner: number;
  tapped: boolean;
  flipped: boolean;
  face_down: boolean;
  phased_out: boolean;
  sick: boolean;
  power: number | null;
  toughness: number | null;
  damage: number;
  plus_counters: number;
  minus_counters: number;
  attached_to: Target | null;
  attacking: boolean;
  attacks?: number | null;
  blocking: boolean;
  /** The attackers it blocks (309.2). */
  blocks?: ObjId[];
  type_line: string;
}

export interface StackView {
  description: string;
  controller: number;
  targets: Target[];
  /** 502.40a: the cards spliced onto a spell (their card ids), if any. */
  spliced?: number[];
}

export interface Decision {
  player: number;
  kind: string | Record<string, unknown>;
}

export interface PlayerView {
  viewer: number;
  turn: number;
  active: number;
  turn_controller: number;
  step: string;
  players: PlayerSummary[];
  in_play: PermanentView[];
  stack: StackView[];
  removed: CardView[];
  decision: Decision | null;
  legal_actions: Action[];
  choice_cards?: CardView[];
  result: unknown;
}

export interface LabeledAction {
  action: Action;
  label: string;
}
export interface LogLine {
  rule: string;
  text: string;
}
export interface SeatInfo {
  seat: number;
  name: string;
  player: string;
  token?: string;
}

export interface StateMsg {
  type: "state";
  game: string;
  seat: number | null;
  version: number;
  view: PlayerView;
  actions: LabeledAction[];
  decider: number | null;
  log_from: number;
  log: LogLine[];
  seats: SeatInfo[];
  over: boolean;
}

export interface SavedGame {
  format: string;
  protocol: number;
  seed: number;
  names: string[];
  decks: number[][];
  actions: [number, Action][];
  [k: string]: unknown;
}

export type ServerMsg =
  | { type: "welcome"; protocol: number; server: string }
  | { type: "created"; game: string; seats: SeatInfo[]; spectator_token: string }
  | { type: "joined"; game: string; seat: number | null }
  | StateMsg
  | { type: "saved"; save: SavedGame }
  | { type: "replay"; step: number; steps: number; view: PlayerView; log: LogLine[] }
  | { type: "error"; code: string; message: string }
  | { type: "pong" };

export interface CardData {
  id: number;
  name: string;
  faces: {
    name: string;
    mana_cost: string | null;
    type_line: string;
    text: string;
    power: string | null;
    toughness: string | null;
  }[];
}

export function wsUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}
