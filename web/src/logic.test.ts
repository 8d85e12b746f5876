import { describe, expect, it } from "vitest";
import {
  actionObjects,
  autoPass,
  decisionName,
  mergeLog,
  parseRoute,
  passAction,
  seatLink,
  splitMana,
  symbolClass,
} from "./logic";
import type { PlayerView, StateMsg } from "./protocol";

describe("mana symbols", () => {
  it("splits costs and text", () => {
    expect(splitMana("{2}{R}{R}")).toEqual([{ symbol: "2" }, { symbol: "R" }, { symbol: "R" }]);
    expect(splitMana("{T}: Add {G}.")).toEqual([
      { symbol: "T" },
      { text: ": Add " },
      { symbol: "G" },
      { text: "." },
    ]);
    expect(splitMana("no symbols")).toEqual([{ text: "no symbols" }]);
  });
  it("colours symbols", () => {
    expect(symbolClass("R")).toBe("sym-r");
    expect(symbolClass("3")).toBe("sym-generic");
    expect(symbolClass("T")).toBe("sym-tap");
    expect(symbolClass("W/U")).toBe("sym-hybrid");
  });
});

describe("actions", () => {
  it("finds the objects an action is about", () => {
    const id = { slot: 4, gen: 1 };
    expect(actionObjects({ PlayLand: id })).toEqual([id]);
    expect(actionObjects({ ChooseTarget: { Object: id } })).toEqual([id]);
    expect(actionObjects({ ChooseTarget: { Player: 1 } })).toEqual([]);
    expect(actionObjects({ Block: { blocker: id, attacker: { slot: 1, gen: 0 } } })).toEqual([id]);
    expect(actionObjects({ Activate: { source: id, index: 0 } })).toEqual([id]);
    expect(actionObjects("Pass")).toEqual([]);
  });
  it("picks the pass key's action", () => {
    expect(passAction([{ action: "Keep" }])).toBeNull();
    expect(passAction([{ action: { PlayLand: {} } }, { action: "Pass" }])).toBe("Pass");
    expect(passAction([{ action: "Done" }])).toBe("Done");
  });
  it("names decisions", () => {
    expect(decisionName({ player: 0, kind: "Priority" })).toBe("Priority");
    expect(decisionName({ player: 0, kind: { ChooseTarget: { index: 0 } } })).toBe("ChooseTarget");
    expect(decisionName(null)).toBe("");
  });
});

describe("log", () => {
  it("appends and resets", () => {
    const a = { rule: "1", text: "a" };
    const b = { rule: "2", text: "b" };
    expect(mergeLog([a], { log_from: 1, log: [b] })).toEqual([a, b]);
    expect(mergeLog([a, b], { log_from: 0, log: [b] })).toEqual([b]);
    expect(mergeLog([a, b], { log_from: 1, log: [a] })).toEqual([a, a]);
  });
});

describe("pass until next turn", () => {
  const view = (turn: number, step: string, kind = "Priority") =>
    ({ turn, step, stack: [], decision: { player: 0, kind } }) as unknown as PlayerView;
  const msg = (v: PlayerView): Pick<StateMsg, "view" | "actions" | "decider" | "seat"> => ({
    view: v,
    actions: [{ action: "Pass", label: "Pass priority" }],
    decider: 0,
    seat: 0,
  });
  it("passes within the turn, stops at the next and at stops", () => {
    expect(autoPass(msg(view(3, "Upkeep")), 3, new Set())).toBe(true);
    expect(autoPass(msg(view(4, "Upkeep")), 3, new Set())).toBe(false);
    expect(autoPass(msg(view(3, "Upkeep")), null, new Set())).toBe(false);
    expect(autoPass(msg(view(3, "EndOfTurn")), 3, new Set(["EndOfTurn"]))).toBe(false);
    expect(autoPass(msg(view(3, "Upkeep", "DeclareBlockers")), 3, new Set())).toBe(false);
  });
});

describe("routes", () => {
  it("round-trips seat links", () => {
    const link = seatLink("http://x", "g1-ab", "tok");
    expect(parseRoute(link.slice(link.indexOf("#")))).toEqual({
      page: "game",
      game: "g1-ab",
      token: "tok",
    });
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/replay")).toEqual({ page: "replay" });
  });
});
