// Helpers for the computer player's end-to-end tests (ai.test.mjs): the
// protocol's board encoding, user actions for the hint and autoplay
// (askForHint, startAutoplay, stopAutoplay, choosePause), readers for what
// they show (readHint, autoplayOn, movesPlayed), a spy on the page's own AI
// worker (its requests and replies, so the hint's search depth can be seen),
// a worker of the test's own in the page (askOwnWorker), and a check that
// one board follows another by one move and one spawn.
//
// Not a test file itself (no `.test.` in the name).

import assert from 'node:assert/strict';
import { slide, showBoard, DIRECTIONS } from './helpers.mjs';
import { blur, stored, SKEY } from './session-helpers.mjs';

// ---------------------------------------------------------------------------
// The protocol's board (src/ai/protocol.rs)

/**
 * The bitboard of a 4×4 board (rows of values) as the protocol writes it:
 * cell (x, y) holds its exponent at nibble 4·(4y + x), printed most
 * significant first as 16 hex digits (so the top-left cell is the last digit).
 */
export function bitboardHex(board) {
  assert.equal(board.length, 4, 'the protocol has 4×4 boards only');
  let bits = 0n;
  for (let y = 0; y < 4; y++) {
    assert.equal(board[y].length, 4, 'the protocol has 4×4 boards only');
    for (let x = 0; x < 4; x++) {
      const v = board[y][x];
      const e = v === 0 ? 0 : Math.log2(v);
      assert.ok(Number.isInteger(e) && e >= 0 && e <= 15, `cell ${x},${y}: ${v} has no nibble`);
      bits |= BigInt(e) << BigInt(4 * (4 * y + x));
    }
  }
  return bits.toString(16).padStart(16, '0');
}

// ---------------------------------------------------------------------------
// Reading the page

/** The hint as shown: the board's data-hint (or null) and the .hint-output line. */
export async function readHint(page) {
  return page.evaluate(() => ({
    dir: document.querySelector('.game-container').getAttribute('data-hint'),
    text: document.querySelector('.hint-output')?.textContent ?? null,
  }));
}

/** Whether autoplay is on, by the button's aria-pressed. */
export async function autoplayOn(page) {
  const pressed = await page.getAttribute('.autoplay-button', 'aria-pressed');
  assert.ok(pressed === 'true' || pressed === 'false', `.autoplay-button aria-pressed is ${pressed}`);
  return pressed === 'true';
}

/** Whether the hint and autoplay buttons are enabled. */
export async function computerButtons(page) {
  return page.evaluate(() => ({
    hint: !document.querySelector('.hint-button').disabled,
    autoplay: !document.querySelector('.autoplay-button').disabled,
  }));
}

/** The number of moves of the game in play, from its stored save (null if none). */
export async function movesPlayed(page, size) {
  const save = await stored(page, SKEY.game(size));
  const m = save && /"moves":(\d+)/.exec(save);
  return m ? Number(m[1]) : null;
}

/** Resolves after two animation frames (whatever a key press set off has been drawn). */
export async function frames(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// ---------------------------------------------------------------------------
// User actions

/**
 * Asks for a hint (key I, or the Hint button) and waits until it shows:
 * data-hint set, or the line under the board saying something other than
 * "Thinking…". Resolves to readHint's { dir, text }.
 */
export async function askForHint(page, how = 'key', timeout = 30_000) {
  if (how === 'button') {
    await page.click('.hint-button');
    await blur(page);
  } else {
    await page.keyboard.press('i');
  }
  await page.waitForFunction(() => {
    const dir = document.querySelector('.game-container').getAttribute('data-hint');
    const text = document.querySelector('.hint-output')?.textContent ?? '';
    return dir !== null || (text !== '' && !text.startsWith('Thinking'));
  }, null, { timeout, polling: 20 });
  return readHint(page);
}

/**
 * Chooses autoplay's pause between moves ('0', '100', '300', '1000' ms) in
 * the settings panel's computer section, opening the panel if it is closed
 * and closing it again after.
 */
export async function choosePause(page, ms) {
  const opened = !(await page.$('.settings-panel'));
  if (opened) await page.click('.settings-button');
  await page.selectOption('.autoplay-speed', String(ms));
  if (opened) await page.click('.settings-button');
  await blur(page);
}

/** Starts autoplay (key P or the Autoplay button) and checks that it says so. */
export async function startAutoplay(page, how = 'key') {
  assert.equal(await autoplayOn(page), false, 'autoplay is on already');
  if (how === 'button') {
    await page.click('.autoplay-button');
    await blur(page);
  } else {
    await page.keyboard.press('p');
  }
  assert.equal(await autoplayOn(page), true, `autoplay did not start (${how})`);
}

/** Stops autoplay (key P or the Autoplay button). */
export async function stopAutoplay(page, how = 'key') {
  if (how === 'button') {
    await page.click('.autoplay-button');
    await blur(page);
  } else {
    await page.keyboard.press('p');
  }
}

/** Waits until the game in play has at least `n` moves. */
export async function waitForMoves(page, n, timeout = 60_000) {
  await page.waitForFunction(
    ([key, n]) => {
      const m = /"moves":(\d+)/.exec(localStorage.getItem(key) ?? '');
      return m && Number(m[1]) >= n;
    },
    [SKEY.game(), n],
    { timeout, polling: 10 },
  );
}

// ---------------------------------------------------------------------------
// Spying on the page's worker

/**
 * An init script (for context.addInitScript) that wraps `Worker` so that
 * every worker the page starts logs its start, what it is sent and what it
 * answers in `window.__aiLog` ({ at, dir: 'start'|'out'|'in', text }). The
 * page's own handlers still get every message. The test's own worker
 * (startOwnWorker) is not logged.
 */
export function workerSpy() {
  const Real = window.Worker;
  window.__aiLog = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.__e2eOwn = window.__e2eStartingOwn === true;
      window.__e2eStartingOwn = false;
      if (!this.__e2eOwn) window.__aiLog.push({ at: performance.now(), dir: 'start', text: String(args[0]) });
      this.addEventListener('message', (e) => {
        if (!this.__e2eOwn) window.__aiLog.push({ at: performance.now(), dir: 'in', text: String(e.data) });
      });
    }
    postMessage(msg, ...rest) {
      // Questions are JSON text; the page's first message is the wasm's
      // bytes (src/web/ai_client.rs), which are not logged.
      if (!this.__e2eOwn && typeof msg === 'string') {
        window.__aiLog.push({ at: performance.now(), dir: 'out', text: msg });
      }
      return super.postMessage(msg, ...rest);
    }
  };
}

/** The page's requests and the replies to them, by id, in the order sent: [{ id, request, reply }]. */
export async function readWorkerLog(page) {
  const log = await page.evaluate(() => window.__aiLog ?? []);
  const byId = new Map();
  for (const { dir, text } of log) {
    if (dir === 'start') continue;
    const m = JSON.parse(text);
    if (m.ready) continue;
    if (!byId.has(m.id)) byId.set(m.id, { id: m.id });
    byId.get(m.id)[dir === 'out' ? 'request' : 'reply'] = m;
  }
  return [...byId.values()];
}

// ---------------------------------------------------------------------------
// The test's own worker, in the page

/** Starts a worker of the test's own from /ai-worker_loader.js and waits for {"ready":true}. */
export async function startOwnWorker(page) {
  await page.evaluate(() => new Promise((resolve, reject) => {
    window.__e2eStartingOwn = true;
    const w = new Worker('/ai-worker_loader.js');
    w.__e2eOwn = true;
    // The page hands its workers their wasm; this one fetches its own.
    w.postMessage('fetch');
    const t = setTimeout(() => reject(new Error('the worker was not ready in 30 s')), 30_000);
    w.onerror = (e) => reject(new Error(`worker error: ${e.message ?? e.type}`));
    w.onmessage = (e) => {
      if (JSON.parse(e.data).ready) {
        clearTimeout(t);
        window.__e2eWorker = w;
        window.__e2eNext = 1_000_000;
        resolve();
      }
    };
  }));
}

/**
 * Asks the test's worker about `hex` within `ms` (and `nodes` positions, if
 * given); resolves to its parsed reply.
 */
export async function askOwnWorker(page, hex, ms, nodes) {
  return page.evaluate(([hex, ms, nodes]) => new Promise((resolve, reject) => {
    const w = window.__e2eWorker;
    const id = window.__e2eNext++;
    const t = setTimeout(() => reject(new Error('no reply in 30 s')), 30_000);
    w.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.id === id) {
        clearTimeout(t);
        resolve(m);
      }
    };
    w.postMessage(JSON.stringify(nodes === undefined ? { id, board: hex, ms } : { id, board: hex, ms, nodes }));
  }), [hex, ms, nodes]);
}

// ---------------------------------------------------------------------------
// One move and one spawn

/**
 * How `after` follows from `before` by sliding `dir` and spawning one 2 or 4
 * in a cell the slide left empty: null if it does, else why not (a string).
 * Scores are checked too when both are given.
 */
export function whyNotFollows(before, after, dir) {
  const ref = slide(before.board, dir);
  if (!ref.changed) return `${dir} does not change the board`;
  const diff = [];
  for (let y = 0; y < ref.board.length; y++) {
    for (let x = 0; x < ref.board[0].length; x++) {
      if (ref.board[y][x] !== after.board[y][x]) diff.push([x, y]);
    }
  }
  if (diff.length !== 1) return `${diff.length} cells differ from the slide ${dir}, not 1`;
  const [x, y] = diff[0];
  if (ref.board[y][x] !== 0 || ![2, 4].includes(after.board[y][x])) {
    return `cell ${x},${y} is ${after.board[y][x]} where the slide ${dir} left ${ref.board[y][x]}`;
  }
  if (Number.isFinite(before.score) && Number.isFinite(after.score) && after.score !== before.score + ref.gained) {
    return `score ${after.score}, not ${before.score} + ${ref.gained}`;
  }
  return null;
}

/** The directions by which `after` follows from `before` (see whyNotFollows). */
export function movesBetween(before, after) {
  return DIRECTIONS.filter((d) => whyNotFollows(before, after, d) === null);
}

/** Asserts that `after` follows from `before` by one move, and returns its direction(s). */
export function assertOneMove(before, after, label) {
  const dirs = movesBetween(before, after);
  assert.ok(dirs.length >= 1,
    `${label}: the second board is not one move and one spawn from the first\n` +
      `first (score ${before.score}):\n${showBoard(before.board)}\nsecond (score ${after.score}):\n${showBoard(after.board)}\n` +
      DIRECTIONS.map((d) => `${d}: ${whyNotFollows(before, after, d)}`).join('\n'));
  return dirs;
}
