// Shared helpers for the end-to-end tests: a static server for the built
// site, a browser launcher, user actions (openGame, pressKey, clickNewGame,
// ...), a reader for the DOM contract (readGame) and a small reference model
// of the rules (slide, canMove) that every transition is checked against.
//
// Not a test file itself (no `.test.` in the name), so `node --test
// tests/e2e/` only imports it.

import assert from 'node:assert/strict';
import { existsSync, createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = path.resolve(process.env.E2E_DIST || path.join(REPO, 'dist'));

// ---------------------------------------------------------------------------
// Keys

export const DIRECTIONS = ['up', 'down', 'left', 'right'];

/** Every key the game moves with, by scheme, and the direction it means. */
export const SCHEMES = {
  arrows: { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' },
  wasd: { w: 'up', s: 'down', a: 'left', d: 'right' },
  vim: { k: 'up', j: 'down', h: 'left', l: 'right' },
};

/** [key, direction] for every movement key of every scheme. */
export const MOVE_KEYS = Object.values(SCHEMES).flatMap((s) => Object.entries(s));

export const ARROW_FOR = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };

// ---------------------------------------------------------------------------
// Static server

/** The content type of each file the built site holds, by extension. */
export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.bin': 'application/octet-stream',
};

/** Fails with a clear message when there is no built site to test. */
export function requireDist(dist = DIST) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    throw new Error(
      `No built site: ${index} is missing.\n` +
        `Build it first (cd ${REPO} && trunk build --release), ` +
        `or point E2E_DIST at a directory holding index.html.`,
    );
  }
  return dist;
}

/**
 * Serves `dir` on 127.0.0.1 at a free port. Resolves to { url, close }.
 * `onRequest(pathname)`, if given, sees every request's path first and
 * returns the path to serve instead, or null for a 404.
 */
export async function startServer(dir = requireDist(), { onRequest = (p) => p } = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = onRequest(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (pathname === null) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.resolve(root, '.' + pathname);
    const type = MIME[path.extname(file).toLowerCase()];
    let ok = false;
    try {
      ok = (file === root || file.startsWith(root + path.sep)) && type && statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------
// Browser

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Starts a server and a browser, opens the game in a fresh context and waits
 * for the first two tiles. Collects console errors and uncaught page errors
 * in `game.errors`. Call `game.close()` when done.
 */
export async function openGame({ viewport = { width: 1000, height: 900 } } = {}) {
  const dist = requireDist();
  const server = await startServer(dist);
  let browser;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location()?.url;
      errors.push(`console.error: ${msg.text()}${where ? ` (at ${where})` : ''}`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`HTTP ${res.status()} for ${res.url()}`);
    });
    page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()} (${req.failure()?.errorText})`));
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await page.goto(server.url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length === 2,
      null,
      { timeout: 15_000 },
    );
    return {
      page,
      context,
      browser,
      server,
      errors,
      async close() {
        await browser.close().catch(() => {});
        await server.close();
      },
    };
  } catch (err) {
    await browser?.close().catch(() => {});
    await server.close();
    throw err;
  }
}

// ---------------------------------------------------------------------------
// User actions

/** Presses one key (Playwright key syntax, e.g. "ArrowLeft", "Shift+h"). */
/** Hands the page `n` key presses, the arrows round and round. */
export async function pressKeys(page, n) {
  await page.evaluate(async (count) => {
    const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
    for (let i = 0; i < count; i++) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: keys[i % 4], bubbles: true, cancelable: true }));
      if (i % 200 === 199) await new Promise((r) => setTimeout(r, 0));
    }
  }, n);
}

export async function pressKey(page, key) {
  await page.keyboard.press(key);
}

export async function clickNewGame(page) {
  await page.click('.restart-button');
}

export async function clickTryAgain(page) {
  await page.click('.retry-button');
}

export async function clickKeepPlaying(page) {
  await page.click('.keep-playing-button');
}

// ---------------------------------------------------------------------------
// Reading the page

/**
 * Everything the tests look at, in one round trip:
 *  - width, height: from the grid DOM;
 *  - tiles: every `.tile-container > .tile` ({ value, x, y (0-based), isNew,
 *    isMerged, isSuper, classValue, text, className });
 *  - board: rows of values (0 = empty) built from the tiles; `problems` lists
 *    whatever breaks the DOM contract (two tiles in a cell, out of range,
 *    class and text disagreeing, ...);
 *  - score, best: first text node of the score boxes, as numbers;
 *  - won, over, message: the overlay's classes and text;
 *  - scrollY.
 */
export async function readGame(page) {
  const raw = await page.evaluate(() => {
    const firstText = (sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const node = el.childNodes[0];
      return node && node.nodeType === Node.TEXT_NODE ? node.textContent : null;
    };
    const rows = [...document.querySelectorAll('.game-container > .grid-container > .grid-row')];
    const msg = document.querySelector('.game-container > .game-message');
    return {
      rowCells: rows.map((r) => r.querySelectorAll(':scope > .grid-cell').length),
      tiles: [...document.querySelectorAll('.tile-container > .tile')].map((el) => ({
        className: el.className,
        text: el.querySelector(':scope > .tile-inner')?.textContent ?? null,
      })),
      score: firstText('.score-container'),
      best: firstText('.best-container'),
      msgClass: msg ? msg.className : null,
      msgText: msg?.querySelector(':scope > p')?.textContent ?? null,
      scrollY: window.scrollY,
    };
  });

  const height = raw.rowCells.length;
  const width = raw.rowCells[0] ?? 0;
  const problems = [];
  if (height === 0 || raw.rowCells.some((n) => n !== width)) {
    problems.push(`grid rows are not all ${width} cells: ${JSON.stringify(raw.rowCells)}`);
  }
  const board = Array.from({ length: height }, () => new Array(width).fill(0));
  const tiles = raw.tiles.map(({ className, text }) => {
    const classes = className.split(/\s+/).filter(Boolean);
    const pos = classes.map((c) => /^tile-position-(\d+)-(\d+)$/.exec(c)).filter(Boolean);
    const vals = classes.map((c) => /^tile-(\d+)$/.exec(c)).filter(Boolean);
    const tile = {
      className,
      text,
      value: Number(text),
      classValue: vals.length === 1 ? Number(vals[0][1]) : NaN,
      x: pos.length === 1 ? Number(pos[0][1]) - 1 : NaN,
      y: pos.length === 1 ? Number(pos[0][2]) - 1 : NaN,
      isNew: classes.includes('tile-new'),
      isMerged: classes.includes('tile-merged'),
      isSuper: classes.includes('tile-super'),
    };
    if (pos.length !== 1) problems.push(`tile "${className}" has ${pos.length} position classes`);
    if (vals.length !== 1) problems.push(`tile "${className}" has ${vals.length} value classes`);
    if (!/^\d+$/.test(text ?? '') || tile.value !== tile.classValue) {
      problems.push(`tile "${className}" shows text ${JSON.stringify(text)}`);
    }
    if (!(tile.value >= 2 && (tile.value & (tile.value - 1)) === 0)) {
      problems.push(`tile "${className}" value ${tile.value} is not a power of two >= 2`);
    }
    if (tile.isSuper !== tile.value > 2048) {
      problems.push(`tile "${className}": tile-super must mark exactly the values above 2048`);
    }
    if (tile.isNew && tile.isMerged) problems.push(`tile "${className}" is both new and merged`);
    if (!(tile.x >= 0 && tile.x < width && tile.y >= 0 && tile.y < height)) {
      problems.push(`tile "${className}" lies outside the ${width}x${height} grid`);
    } else if (board[tile.y][tile.x] !== 0) {
      problems.push(`two tiles in cell x=${tile.x + 1} y=${tile.y + 1}`);
    } else {
      board[tile.y][tile.x] = tile.value;
    }
    return tile;
  });

  const num = (s) => (s !== null && /^\s*\d+\s*$/.test(s) ? Number(s) : NaN);
  const msgClasses = (raw.msgClass ?? '').split(/\s+/);
  return {
    width,
    height,
    tiles,
    board,
    problems,
    score: num(raw.score),
    best: num(raw.best),
    rawScore: raw.score,
    rawBest: raw.best,
    won: msgClasses.includes('game-won'),
    over: msgClasses.includes('game-over'),
    message: raw.msgText,
    hasMessage: raw.msgClass !== null,
    scrollY: raw.scrollY,
  };
}

/** readGame, asserting that the DOM keeps its contract. */
export async function readBoard(page) {
  const game = await readGame(page);
  assert.deepEqual(game.problems, [], 'the tile layer breaks the DOM contract');
  assert.ok(Number.isFinite(game.score), `score box does not start with a number: ${JSON.stringify(game.rawScore)}`);
  assert.ok(Number.isFinite(game.best), `best box does not start with a number: ${JSON.stringify(game.rawBest)}`);
  assert.ok(game.hasMessage, '.game-container > .game-message must always be present');
  return game;
}

export function showBoard(board) {
  return board.map((row) => row.map((v) => (v ? String(v).padStart(4) : '   .')).join(' ')).join('\n');
}

// ---------------------------------------------------------------------------
// Reference rules

/**
 * Slides `board` (rows of values, 0 = empty) toward `dir`. Returns the slid
 * board, whether anything changed, the score gained, the merged values and
 * the cells ([x, y]) holding merge results.
 */
export function slide(board, dir) {
  const h = board.length;
  const w = board[0].length;
  const lines = [];
  if (dir === 'left') for (let y = 0; y < h; y++) lines.push([...Array(w).keys()].map((x) => [x, y]));
  else if (dir === 'right') for (let y = 0; y < h; y++) lines.push([...Array(w).keys()].reverse().map((x) => [x, y]));
  else if (dir === 'up') for (let x = 0; x < w; x++) lines.push([...Array(h).keys()].map((y) => [x, y]));
  else if (dir === 'down') for (let x = 0; x < w; x++) lines.push([...Array(h).keys()].reverse().map((y) => [x, y]));
  else throw new Error(`unknown direction ${dir}`);

  const out = Array.from({ length: h }, () => new Array(w).fill(0));
  let gained = 0;
  const merged = [];
  const mergedCells = [];
  for (const line of lines) {
    const values = line.map(([x, y]) => board[y][x]).filter((v) => v !== 0);
    const result = [];
    const mergedAt = [];
    for (let i = 0; i < values.length; i++) {
      if (i + 1 < values.length && values[i] === values[i + 1]) {
        result.push(values[i] * 2);
        mergedAt.push(result.length - 1);
        i++;
      } else {
        result.push(values[i]);
      }
    }
    result.forEach((v, i) => {
      const [x, y] = line[i];
      out[y][x] = v;
    });
    for (const i of mergedAt) {
      const [x, y] = line[i];
      gained += result[i];
      merged.push(result[i]);
      mergedCells.push([x, y]);
    }
  }
  const changed = out.some((row, y) => row.some((v, x) => v !== board[y][x]));
  return { board: out, changed, gained, merged, mergedCells };
}

/** Whether some direction changes the board. */
export function canMove(board) {
  return DIRECTIONS.some((d) => slide(board, d).changed);
}

export function sameBoard(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The target tile of the default game. */
export const TARGET = 2048;

/**
 * Checks one transition `before` → `after` (both from readBoard) for a
 * movement key meaning `dir`, against the reference. Returns
 * { changed, spawned } where `spawned` is the new tile's value (or null).
 */
export function checkMove(before, after, dir, label = dir) {
  const ctx = () => `\n[${label}]\nbefore (score ${before.score}):\n${showBoard(before.board)}\n` +
    `after (score ${after.score}):\n${showBoard(after.board)}`;
  assert.equal(after.width, before.width, 'board width changed' + ctx());
  assert.equal(after.height, before.height, 'board height changed' + ctx());
  assert.ok(after.best >= before.best, `best score decreased from ${before.best} to ${after.best}` + ctx());
  assert.ok(after.best >= after.score, `best ${after.best} is below score ${after.score}` + ctx());

  const ref = slide(before.board, dir);
  const blocked = before.won || before.over;
  if (blocked || !ref.changed) {
    // Nothing may change at all: board, score, tile classes, overlay.
    assert.deepEqual(after.board, before.board,
      `a move that ${blocked ? 'came while the overlay was up' : 'changes nothing'} changed the board` + ctx());
    assert.equal(after.score, before.score, 'score changed on a move that changes nothing' + ctx());
    assert.deepEqual(after.tiles.map((t) => t.className).sort(), before.tiles.map((t) => t.className).sort(),
      'tile classes changed on a move that changes nothing' + ctx());
    assert.equal(after.won, before.won, 'overlay changed on a move that changes nothing' + ctx());
    assert.equal(after.over, before.over, 'overlay changed on a move that changes nothing' + ctx());
    return { changed: false, spawned: null };
  }

  // Exactly one new tile, a 2 or 4, in a cell the slide left empty; every
  // other cell is what the slide made.
  const fresh = after.tiles.filter((t) => t.isNew);
  assert.equal(fresh.length, 1, `expected exactly one .tile-new after a move, got ${fresh.length}` + ctx());
  const spawn = fresh[0];
  assert.ok(spawn.value === 2 || spawn.value === 4, `spawned a ${spawn.value}, not a 2 or 4` + ctx());
  // Without the new tile, the board must be the reference slide.
  const slid = after.board.map((row) => row.slice());
  slid[spawn.y][spawn.x] = 0;
  assert.deepEqual(slid, ref.board,
    `board after ${dir} (new tile taken out) differs from the reference slide\n` +
      `reference slide:\n${showBoard(ref.board)}\nactual, new tile taken out:\n${showBoard(slid)}` + ctx());
  assert.equal(ref.board[spawn.y][spawn.x], 0,
    `new tile at x=${spawn.x + 1} y=${spawn.y + 1} is not in a cell the slide left empty` + ctx());
  assert.equal(after.score, before.score + ref.gained,
    `score should rise by ${ref.gained} (merged ${JSON.stringify(ref.merged)})` + ctx());

  const key = ([x, y]) => `${x},${y}`;
  const mergedDom = after.tiles.filter((t) => t.isMerged).map((t) => key([t.x, t.y])).sort();
  assert.deepEqual(mergedDom, ref.mergedCells.map(key).sort(),
    '.tile-merged must mark exactly the cells holding merge results (x,y 0-based)' + ctx());

  const won = ref.merged.some((v) => v >= TARGET);
  assert.equal(after.won, won, `game-won should be ${won ? 'shown' : 'hidden'}` + ctx());
  const over = !won && !canMove(after.board);
  assert.equal(after.over, over, `game-over should be ${over ? 'shown' : 'hidden'}` + ctx());
  return { changed: true, spawned: spawn.value };
}

/**
 * Plays the first direction that changes the board, checks the move against
 * the rules, and returns the board after it.
 */
export async function playOne(page, label) {
  const before = await readBoard(page);
  const dir = DIRECTIONS.find((d) => slide(before.board, d).changed);
  assert.ok(dir, `${label}: no move possible`);
  await page.keyboard.press(ARROW_FOR[dir]);
  const after = await readBoard(page);
  const r = checkMove(before, after, dir, label);
  assert.ok(r.changed, `${label}: the move did not change the board`);
  return after;
}

/**
 * Asserts that `game` is a fresh game: score 0, two new 2/4 tiles, no
 * overlay. A new visitor's first game (`firstVisit`) had its two tiles drawn
 * by the page's shell before the app ran: they are on screen already and do
 * not scale in (no tile-new) a second time.
 */
export function assertFreshGame(game, label = 'new game', { firstVisit = false } = {}) {
  assert.equal(game.score, 0, `${label}: score should be 0`);
  assert.equal(game.tiles.length, 2, `${label}: expected exactly two tiles, got ${game.tiles.length}`);
  for (const t of game.tiles) {
    assert.ok(t.value === 2 || t.value === 4, `${label}: starting tile is a ${t.value}`);
    if (firstVisit) assert.ok(!t.isNew, `${label}: the shell's tile "${t.className}" scales in again`);
    else assert.ok(t.isNew, `${label}: starting tile "${t.className}" lacks tile-new`);
  }
  assert.ok(!game.over && !game.won, `${label}: the overlay should be hidden`);
}

// ---------------------------------------------------------------------------
// Playing

/** A small seeded PRNG (mulberry32) so a failing run can be replayed. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedFromEnv(name = 'E2E_SEED') {
  const seed = process.env[name] ? Number(process.env[name]) : Math.floor(Math.random() * 2 ** 32);
  return seed >>> 0;
}

/**
 * Presses one movement key and checks the transition against the reference.
 * Returns { before, after, changed, spawned }.
 */
export async function moveAndCheck(page, key, dir, before) {
  before ??= await readBoard(page);
  await pressKey(page, key);
  const after = await readBoard(page);
  const r = checkMove(before, after, dir, `key ${key}`);
  return { before, after, ...r };
}

/**
 * Plays random movement keys (checking every transition) until the game-over
 * overlay shows. A win (unlikely with random keys) is dismissed with "Keep
 * going". Returns { game, moves, spawns, fours, maxScore }.
 */
export async function playUntilGameOver(page, { random = Math.random, maxMoves = 5000 } = {}) {
  let game = await readBoard(page);
  let moves = 0;
  let spawns = 0;
  let fours = 0;
  let maxScore = game.score;
  while (!game.over) {
    assert.ok(moves < maxMoves, `no game over after ${maxMoves} moves`);
    if (game.won) {
      await clickKeepPlaying(page);
      game = await readBoard(page);
      assert.ok(!game.won && !game.over, '"Keep going" should close the win overlay');
      continue;
    }
    const [key, dir] = MOVE_KEYS[Math.floor(random() * MOVE_KEYS.length)];
    const r = await moveAndCheck(page, key, dir, game);
    game = r.after;
    moves++;
    if (r.spawned !== null) {
      spawns++;
      if (r.spawned === 4) fours++;
    }
    maxScore = Math.max(maxScore, game.score);
  }
  return { game, moves, spawns, fours, maxScore };
}

// ---------------------------------------------------------------------------
// Watching key events from the page's side

/**
 * Adds a bubble-phase keydown listener on window (after the app's own) that
 * records, once dispatch is over, each event's key, modifiers and whether its
 * default was prevented; and a scroll listener recording the largest scrollY.
 */
export async function watchKeyEvents(page) {
  await page.evaluate(() => {
    window.__e2eKeys = [];
    window.__e2eMaxScroll = window.scrollY;
    window.addEventListener('keydown', (e) => {
      setTimeout(() => {
        window.__e2eKeys.push({
          key: e.key,
          alt: e.altKey,
          ctrl: e.ctrlKey,
          meta: e.metaKey,
          shift: e.shiftKey,
          prevented: e.defaultPrevented,
        });
      }, 0);
    });
    window.addEventListener('scroll', () => {
      window.__e2eMaxScroll = Math.max(window.__e2eMaxScroll, window.scrollY);
    });
  });
}

/** Presses `key` and resolves to the keydown event(s) it produced, as recorded by watchKeyEvents. */
export async function pressAndRecord(page, key) {
  // Records land in a setTimeout after their keydown: let any still pending
  // from earlier presses land first, so they are not taken for this one's.
  const n = await page.evaluate(() => new Promise((done) => setTimeout(() => done(window.__e2eKeys.length), 0)));
  // "Shift+h" gives two keydowns (Shift, then h); the last is the key's own.
  const count = key.split('+').length;
  await pressKey(page, key);
  await page.waitForFunction((want) => window.__e2eKeys.length >= want, n + count, { timeout: 5_000 });
  const all = await page.evaluate(() => window.__e2eKeys);
  return all[n + count - 1];
}
