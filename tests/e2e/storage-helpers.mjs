// Helpers for the persistence tests (storage, tabs, win): one server and one
// browser per test file, a fresh browser context per scenario (so each has
// its own localStorage), pages that collect their own errors, readers for
// localStorage and the storage notice, and a save (de)serializer that keeps
// the PRNG's u64 fields exact.
//
// Not a test file itself (no `.test.` in the name).

import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, requireDist, readBoard, checkMove, slide,
  DIRECTIONS, ARROW_FOR,
} from './helpers.mjs';

// ---------------------------------------------------------------------------
// Keys (README "Saved data")

export const KEY = {
  game: 'leptos-2048:v1:game',
  best: 'leptos-2048:v1:best',
  gameCorrupt: 'leptos-2048:v1:game:corrupt',
  bestCorrupt: 'leptos-2048:v1:best:corrupt',
};

/** The most score a 4×4 game can hold: Σ_{k=2}^{17} (k−1)·2^k. */
export const MAX_SCORE_4X4 = 15 * 2 ** 18 + 4; // 3932164

// ---------------------------------------------------------------------------
// Suite: one server, one browser

/** Starts the static server and the browser. Resolves to { url, origin, browser, close }. */
export async function startSuite() {
  const server = await startServer(requireDist());
  let browser;
  try {
    browser = await launchBrowser();
  } catch (err) {
    await server.close();
    throw err;
  }
  return {
    url: server.url,
    origin: new URL(server.url).origin,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/**
 * A fresh context. `storage` ({ key: value }) is put in the origin's
 * localStorage before any page loads; `init` ([fn, arg]) is added as an init
 * script that runs before the app in every page of the context.
 */
export async function newContext(suite, { storage, init } = {}) {
  const options = { viewport: { width: 1000, height: 900 } };
  if (storage) {
    options.storageState = {
      cookies: [],
      origins: [{
        origin: suite.origin,
        localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })),
      }],
    };
  }
  const context = await suite.browser.newContext(options);
  if (init) await context.addInitScript(...init);
  return context;
}

/** Records console errors, page errors and failed requests of `page` into `errors`. */
export function collectErrors(page, errors = []) {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url;
    errors.push(`console.error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
  return errors;
}

/** Waits until the app has mounted its tiles (a new game has two; a restored one any number ≥ 1). */
export async function waitReady(page) {
  await page.waitForFunction(
    () => !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length >= 1,
    null,
    { timeout: 15_000 },
  );
}

/**
 * Opens the game in a new page of `context`. `init` ([fn, arg]) is an init
 * script for this page only. Resolves to { page, errors }.
 */
export async function openTab(suite, context, { init } = {}) {
  const page = await context.newPage();
  const errors = collectErrors(page);
  if (init) await page.addInitScript(...init);
  await page.goto(suite.url, { waitUntil: 'load' });
  await waitReady(page);
  return { page, errors };
}

export async function reloadGame(page) {
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
}

export function assertNoErrors(errors, label = 'page') {
  assert.deepEqual(errors, [], `${label}: console errors, page errors or failed requests`);
}

// ---------------------------------------------------------------------------
// Reading the page's storage and notice

/**
 * Every localStorage entry of the page's origin, as { key: string }, once
 * the page has written what it defers to an idle moment.
 */
export async function readStore(page) {
  await untilIdle(page);
  return page.evaluate(() => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      out[k] = localStorage.getItem(k);
    }
    return out;
  });
}

/**
 * Waits until the page has written what it defers to an idle moment (the
 * history and the statistics): two idle periods, asked for after the
 * page's own idle callback. One was not always enough on a busy machine
 * (the suite beside a build): the page's write then came after it, once
 * in 216 tests. The page asks for its own without a timeout, so these have
 * a long one only as a last resort: with a short one, a busy machine (no
 * idle period for 2 s) ran them first, before the page had written.
 */
export async function untilIdle(page) {
  await page.evaluate(() => new Promise((done) => {
    const idle = (then) => requestIdleCallback(() => setTimeout(then, 0), { timeout: 15_000 });
    idle(() => idle(done));
  }));
}

/**
 * Replaces the origin's localStorage with `entries` (from inside a page),
 * once the page has written what it deferred: otherwise its next
 * `pagehide` would write that back over `entries`.
 */
export async function writeStore(page, entries) {
  await untilIdle(page);
  await page.evaluate((e) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
  }, entries);
}

/** The storage notice: { count, role, hidden, visible, text }. */
export async function readNotice(page) {
  return page.evaluate(() => {
    const all = document.querySelectorAll('.storage-notice');
    const el = all[0];
    if (!el) return { count: 0 };
    return {
      count: all.length,
      role: el.getAttribute('role'),
      hidden: el.hidden,
      visible: el.checkVisibility() && el.getBoundingClientRect().height > 0,
      text: el.textContent.trim(),
    };
  });
}

export async function assertNoticeShown(page, label = '') {
  const n = await readNotice(page);
  assert.equal(n.count, 1, `${label}: expected one .storage-notice, found ${n.count}`);
  assert.equal(n.role, 'status', `${label}: .storage-notice should have role=status`);
  assert.equal(n.hidden, false, `${label}: .storage-notice is still hidden`);
  assert.ok(n.visible, `${label}: .storage-notice is not visible`);
  assert.ok(n.text.length > 0, `${label}: .storage-notice is empty`);
  return n;
}

export async function assertNoticeHidden(page, label = '') {
  const n = await readNotice(page);
  assert.equal(n.count, 1, `${label}: expected one .storage-notice, found ${n.count}`);
  assert.equal(n.hidden, true, `${label}: .storage-notice is shown: ${JSON.stringify(n.text)}`);
  assert.equal(n.visible, false, `${label}: .storage-notice is visible`);
}

// ---------------------------------------------------------------------------
// Saves

// The PRNG's `state` and `increment` are u64s, beyond a JS number's 53 bits:
// parse them as marked strings and write them back as bare digits.
const BIG = '__e2e_big:';

/** Parses a game save, keeping integers of 16+ digits exact. */
export function parseSave(text) {
  return JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, `$1"${BIG}$2"`));
}

/** Writes a save object back as the app's JSON. */
export function stringifySave(obj) {
  return JSON.stringify(obj).replace(new RegExp(`"${BIG}(-?\\d+)"`, 'g'), '$1');
}

/** A deep copy of a parsed save. */
export function cloneSave(obj) {
  return structuredClone(obj);
}

/**
 * A save with the board `grid` (rows of values, 0 = empty), built on a real
 * save `template` (its config and rng). Tiles get ids 0, 1, … in row-major
 * order and a "Moved" origin from their own cell (so none renders as new);
 * next_id is the tile count unless given.
 */
export function buildSave(template, grid, { score = 0, status = 'Playing', moves = 0, nextId, origin } = {}) {
  const save = cloneSave(typeof template === 'string' ? parseSave(template) : template);
  const h = grid.length;
  const w = grid[0].length;
  const cells = [];
  let id = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const value = grid[y][x];
      if (!value) {
        cells.push(null);
        continue;
      }
      cells.push({ id: id++, value, pos: { x, y }, origin: origin ?? { Moved: { from: { x, y } } } });
    }
  }
  save.state.board = { width: w, height: h, cells };
  save.state.score = score;
  save.state.status = status;
  save.state.moves = moves;
  save.state.last = null;
  save.state.next_id = nextId ?? id;
  return save;
}

/** The board of a save as rows of values (0 = empty). */
export function saveBoard(save) {
  const { width, height, cells } = save.state.board;
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => cells[y * width + x]?.value ?? 0));
}

// ---------------------------------------------------------------------------
// Playing

/** The tile classes of a readBoard result, sorted: board, kinds and positions at once. */
export function tileClasses(game) {
  return game.tiles.map((t) => t.className).sort();
}

/**
 * Presses the first arrow that the reference says changes the board and
 * checks the transition: the game takes input and plays by the rules.
 */
export async function assertPlayable(page, label = 'game') {
  const before = await readBoard(page);
  assert.ok(!before.won && !before.over, `${label}: an overlay is up, the game cannot be played`);
  const dir = DIRECTIONS.find((d) => slide(before.board, d).changed);
  assert.ok(dir, `${label}: no move is possible on the board`);
  await page.keyboard.press(ARROW_FOR[dir]);
  const after = await readBoard(page);
  const r = checkMove(before, after, dir, `${label}: ${ARROW_FOR[dir]}`);
  assert.ok(r.changed, `${label}: ${ARROW_FOR[dir]} did not change the board`);
  return after;
}

/** Presses `key` (meaning `dir`) and checks the move. Returns { after, changed }. */
export async function move(page, key, dir, before, label) {
  before ??= await readBoard(page);
  await page.keyboard.press(key);
  const after = await readBoard(page);
  const r = checkMove(before, after, dir, label ?? key);
  return { before, after, ...r };
}
