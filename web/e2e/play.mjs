// The browser end-to-end test: starts `tolaria serve --port 0`, drives
// Debian's Chromium headless with playwright-core, starts a game against
// the greedy agent from the lobby with a pasted deck list and plays it by
// clicking the page's legal actions (keeping the hand, playing lands and
// spells, choosing targets, attacking, blocking; the game must see a
// triggered ability), reads a card, reloads the page mid-game
// (the game resumes), and, when the game ends, saves it and steps through
// it in the replay viewer. Screenshots go to e2e/screenshots/.
//
//   node e2e/play.mjs [path/to/tolaria]     (default ../target/debug/tolaria)
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const bin = resolve(process.argv[2] ?? join(here, "../../target/debug/tolaria"));
const shots = join(here, "screenshots");
mkdirSync(shots, { recursive: true });
const MAX_CLICKS = Number(process.env.E2E_MAX_CLICKS ?? 1500);

function fail(msg) {
  console.error(`e2e: FAILED: ${msg}`);
  process.exitCode = 1;
  throw new Error(msg);
}

const server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((res, rej) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/http:\/\/[\d.:]+\//);
    if (m) res(m[0]);
  });
  server.on("exit", (c) => rej(new Error(`tolaria serve exited (${c})`)));
  setTimeout(() => rej(new Error("tolaria serve printed no address")), 20000);
});
console.log(`e2e: server at ${url}`);

// (playwright gives the browser a fresh, empty profile directory.)
process.on("exit", () => server.kill());
const browser = await chromium.launch({
  timeout: 60000,
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const errors = [];
let page = null;
const counts = { clicks: 0, keep: 0, play: 0, target: 0, attack: 0, block: 0, tap: 0, keys: 0 };
try {
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  // A pasted deck list with twelve comes-into-play triggers (Venerable Monk's life, Highway
  // Robber's drain, Ravenous Rats' targeted discard), so the game has triggered abilities.
  await page
    .locator("textarea")
    .fill(
      [
        "12 Plains",
        "12 Swamp",
        "4 Venerable Monk",
        "4 Ravenous Rats",
        "4 Highway Robber",
        "4 Terror",
        "4 Youthful Knight",
        "4 Honor Guard",
        "4 Dusk Imp",
        "4 Severed Legion",
        "4 Scathe Zombies",
      ].join("\n"),
    );
  await page.getByTestId("seed").fill(process.env.E2E_SEED ?? "6");
  await page.getByTestId("start").click();
  await page.getByTestId("decision").waitFor({ timeout: 20000 });
  await page.screenshot({ path: join(shots, "01-mulligan.png") });

  const order = [
    /^Keep/,
    /^Target /,
    /^Attack /,
    /^Block /,
    /^Play (Mountain|Forest|Plains|Island|Swamp)/,
    /^Play /,
    /^Tap /,
    /^Done/,
    /^Assign /,
    /^Put trigger/,
    /^Pass/,
    /^Yes/,
  ];
  const avoid = /^(Cancel|Concede|Mulligan)/;
  let reloaded = false;
  let hovered = false;
  let lastVersion = -1;
  let shotTarget = false;
  let shotCombat = false;
  let sawBlocked = false;
  for (;;) {
    const over = await page.getByTestId("game-over").count();
    if (over) break;
    if (counts.clicks >= MAX_CLICKS) break;
    const dec = page.getByTestId("decision");
    await page.waitForFunction(
      (v) => {
        const d = document.querySelector('[data-testid="decision"]');
        if (document.querySelector('[data-testid="game-over"]')) return true;
        return (
          d && d.getAttribute("data-mine") === "1" && Number(d.getAttribute("data-version")) > v
        );
      },
      lastVersion,
      { timeout: 60000 },
    );
    if (await page.getByTestId("game-over").count()) break;
    lastVersion = Number(await dec.getAttribute("data-version"));
    const labels = await page.getByTestId("action").allTextContents();
    if (labels.length === 0) fail("a decision of mine with no actions");

    // Read a card once: hover a card in hand.
    if (!hovered) {
      const hand = page.locator(".player.me .hand-card").first();
      if (await hand.count()) {
        await hand.hover();
        await page.getByTestId("card-detail").waitFor({ timeout: 10000 });
        const text = await page.getByTestId("card-detail").textContent();
        if (!text || text.length < 3) fail("the card viewer shows nothing");
        hovered = true;
        await page.screenshot({ path: join(shots, "02-card-detail.png") });
      }
    }
    // A reload in the middle of the game: the game resumes.
    if (!reloaded && counts.clicks === 25) {
      const before = await page.getByTestId("turn-line").textContent();
      await page.reload();
      await page.getByTestId("decision").waitFor({ timeout: 20000 });
      const after = await page.getByTestId("turn-line").textContent();
      if (before !== after) fail(`the reloaded page shows ${after}, not ${before}`);
      reloaded = true;
      lastVersion = -1;
      continue;
    }
    const title = (await page.getByTestId("decision-title").textContent()) ?? "";
    const paying = /Pay/.test(title);
    let pick = -1;
    for (const re of order) {
      // Mana abilities only while paying (no mana burn for nothing).
      if (String(re) === String(/^Tap /) && !paying) continue;
      pick = labels.findIndex((l) => re.test(l) && !avoid.test(l));
      if (pick >= 0) break;
    }
    if (pick < 0) pick = labels.findIndex((l) => !avoid.test(l));
    if (pick < 0) pick = 0;
    const label = labels[pick];
    if (/^Keep/.test(label)) counts.keep++;
    else if (/^Target /.test(label)) counts.target++;
    else if (/^Attack /.test(label)) counts.attack++;
    else if (/^Block /.test(label)) counts.block++;
    else if (/^Play /.test(label)) counts.play++;
    else if (/^Tap /.test(label)) counts.tap++;
    // Pass with the keyboard now and then (Space: pass or done).
    if (/^(Pass|Done)/.test(label) && counts.clicks % 5 === 0) {
      await page.keyboard.press("Space");
      counts.keys++;
    } else {
      await page.getByTestId("action").nth(pick).click();
    }
    counts.clicks++;
    if (/^Target /.test(label) && !shotTarget) {
      shotTarget = true;
      await page.screenshot({ path: join(shots, "03-target.png") });
    }
    // 309.2: a blocker shows the attacker it blocks (name and #id).
    if (!sawBlocked && counts.block > 0) {
      sawBlocked = (await page.locator(".badge.blk", { hasText: /#\d/ }).count()) > 0;
    }
    if (/^(Attack|Block) /.test(label) && !shotCombat && counts.attack + counts.block > 1) {
      shotCombat = true;
      await page.waitForTimeout(200);
      await page.screenshot({ path: join(shots, "04-combat.png") });
    }
    if (counts.clicks === 60) await page.screenshot({ path: join(shots, "05-table.png") });
  }
  console.log(`e2e: ${JSON.stringify(counts)}`);
  const logLines = await page.locator(".log-line .rule").count();
  if (logLines < 20) fail(`the log shows ${logLines} rule-cited lines`);
  if (counts.keep < 1 || counts.play < 3) fail("no hand kept or too few cards played");
  if (counts.clicks < 30) fail(`only ${counts.clicks} decisions played`);
  if (!reloaded) fail("the page was never reloaded mid-game");
  if (counts.target < 1) fail("no targeted spell or ability was played by clicking");
  if (counts.attack < 1) fail("no attack was declared by clicking");
  if (counts.block < 1) fail("no block was declared by clicking");
  if (!sawBlocked) fail("no blocker showed the attacker it blocks");
  const triggers = await page.locator(".log-line", { hasText: /triggered ability/i }).count();
  console.log(`e2e: ${triggers} log lines about triggered abilities`);
  if (triggers < 1) fail("no triggered ability was played");
  const over = await page.getByTestId("game-over").count();
  if (!over) fail(`the game did not end within ${MAX_CLICKS} clicks`);
  await page.screenshot({ path: join(shots, "06-game-over.png") });
  await page.getByRole("button", { name: "Save the game" }).click();
  await page.getByTestId("open-replay").click();
  await page.getByTestId("replay-step").waitFor();
  for (let i = 0; i < 30; i++) await page.getByTestId("replay-next").click();
  await page.waitForFunction(() =>
    /action 30 of/.test(document.querySelector('[data-testid="replay-step"]')?.textContent ?? ""),
  );
  await page.waitForSelector('[data-testid="turn-line"]');
  await page.screenshot({ path: join(shots, "07-replay.png") });
  if (errors.length) fail(`page errors: ${errors.join("; ")}`);
  console.log("e2e: ok");
} catch (e) {
  process.exitCode = 1;
  console.error(e);
  console.error(`e2e: ${JSON.stringify(counts)}; page errors: ${errors.join("; ")}`);
  await page?.screenshot({ path: join(shots, "failure.png") }).catch(() => {});
} finally {
  await browser.close();
  server.kill();
}
