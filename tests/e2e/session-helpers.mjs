// Helpers for the session tests (undo/redo, the history inspector, seeds and
// share links, board sizes, targets and statistics): pages opened at a query
// (?seed=, ?replay=) with localStorage seeded first, user actions named as a
// player would (undo, redo, openInspector, scrubTo, chooseSize, swipe...),
// snapshots that hold everything a state shows (board, score, tile classes
// and the stored save, which has the PRNG), and the native fold's
// `--history` and `--new` modes.
//
// Not a test file itself (no `.test.` in the name).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readBoard, checkMove, slide, showBoard, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { before, after } from 'node:test';
import { FOLD, pageErrors, openPage, buildFold } from './extra-helpers.mjs';
import { startSuite, untilIdle } from './storage-helpers.mjs';

// ---------------------------------------------------------------------------
// Keys (README "Saved data", src/storage.rs)

const PREFIX = 'leptos-2048:v1';
const suffix = (size) => (!size || size === '4x4' ? '' : `:${size}`);

export const SKEY = {
  game: (size) => `${PREFIX}:game${suffix(size)}`,
  best: (size) => `${PREFIX}:best${suffix(size)}`,
  history: (size) => `${PREFIX}:history${suffix(size)}`,
  stats: (size) => `${PREFIX}:stats${suffix(size)}`,
  settings: `${PREFIX}:settings`,
};

// ---------------------------------------------------------------------------
// Pages

/** A page opened at a query, with storage seeded first: `openPage` (extra-helpers.mjs). */
export { openPage as openAt };

/** Asserts no console error and no uncaught page error (failed requests too). */
export function assertClean(errors, label = 'page') {
  assert.deepEqual(errors, [], `${label}: console errors, page errors or failed requests`);
  assert.deepEqual(pageErrors(errors), []);
}

/** Takes focus off whatever has it, so keys reach the game's window listener as a player's would. */
export async function blur(page) {
  await page.evaluate(() => document.activeElement?.blur());
}

// ---------------------------------------------------------------------------
// Reading

/** The value stored at `key` (or null). */
export async function stored(page, key) {
  await untilIdle(page);
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** Whether the undo and redo buttons are enabled. */
export async function readButtons(page) {
  return page.evaluate(() => ({
    undo: !document.querySelector('.undo-button').disabled,
    redo: !document.querySelector('.redo-button').disabled,
  }));
}

/**
 * Everything a state shows: readBoard (board, score, tiles, overlay), the
 * sorted tile classes, and the stored save of `size` (exact: tile ids, moves,
 * last turn, PRNG).
 */
export async function snapshot(page, size) {
  const game = await readBoard(page);
  const save = await stored(page, SKEY.game(size));
  return { ...game, classes: game.tiles.map((t) => t.className).sort(), save };
}

/** Asserts that `now` shows the same state as `then` (a snapshot), save included unless `save: false`. */
export function assertSameState(now, then, label, { save = true } = {}) {
  const ctx = `\n[${label}]\nexpected (score ${then.score}):\n${showBoard(then.board)}\n` +
    `shown (score ${now.score}):\n${showBoard(now.board)}`;
  assert.deepEqual(now.board, then.board, 'boards differ' + ctx);
  assert.equal(now.score, then.score, 'scores differ' + ctx);
  assert.deepEqual(now.classes, then.classes, 'tile classes differ (new/merged marks or positions)' + ctx);
  assert.equal(now.won, then.won, 'the win overlay differs' + ctx);
  assert.equal(now.over, then.over, 'the game-over overlay differs' + ctx);
  if (save) assert.equal(now.save, then.save, 'the stored saves differ (tile ids, moves, last turn or PRNG)' + ctx);
}

// ---------------------------------------------------------------------------
// Undo and redo

/** Every way to undo: [label, action(page)]. */
export const UNDO_WAYS = [
  ['key u', (p) => p.keyboard.press('u')],
  ['Ctrl+Z', (p) => p.keyboard.press('Control+z')],
  ['Meta+Z', (p) => p.keyboard.press('Meta+z')],
  ['the Undo button', (p) => p.click('.undo-button')],
];

/** Every way to redo: [label, action(page)]. */
export const REDO_WAYS = [
  ['Ctrl+Shift+Z', (p) => p.keyboard.press('Control+Shift+Z')],
  ['Meta+Shift+Z', (p) => p.keyboard.press('Meta+Shift+Z')],
  ['Ctrl+Y', (p) => p.keyboard.press('Control+y')],
  ['the Redo button', (p) => p.click('.redo-button')],
];

export async function undo(page) {
  await page.keyboard.press('u');
}

export async function redo(page) {
  await page.keyboard.press('Control+y');
}

/**
 * Plays `n` moves that change the board (per the reference), each checked,
 * cycling through directions from `seed`. Returns the snapshots after each
 * move, the first being the state before any: [S0, S1, ..., Sn], and the
 * directions played.
 */
export async function playChecked(page, n, { size, seed = 0, start } = {}) {
  const shots = [start ?? await snapshot(page, size)];
  const dirs = [];
  for (let i = 0; i < n; i++) {
    const before = shots[shots.length - 1];
    assert.ok(!before.over && !before.won, `move ${i + 1}: an overlay is up`);
    const order = DIRECTIONS.map((_, k) => DIRECTIONS[(k + seed + i * 3) % 4]);
    const dir = order.find((d) => slide(before.board, d).changed);
    assert.ok(dir, `move ${i + 1}: no direction changes the board`);
    await page.keyboard.press(ARROW_FOR[dir]);
    const after = await snapshot(page, size);
    const r = checkMove(before, after, dir, `move ${i + 1}: ${dir}`);
    assert.ok(r.changed);
    shots.push(after);
    dirs.push(dir);
  }
  return { shots, dirs };
}

// ---------------------------------------------------------------------------
// The inspector

export async function openInspector(page, how = 'button') {
  if (how === 'key') {
    await blur(page);
    await page.keyboard.press('?');
  } else {
    await page.click('.history-button');
  }
  await page.waitForSelector('.history-panel', { state: 'visible', timeout: 10_000 });
}

/** What the inspector shows: rows, the chosen one, slider, check and position text. */
export async function readInspector(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('.history-panel');
    if (!panel) return { open: false };
    const slider = panel.querySelector('.history-slider');
    const entries = [...panel.querySelectorAll('.history-entry')];
    return {
      open: true,
      rows: entries.map((e) => Number(e.dataset.i)),
      chosen: entries.filter((e) => e.getAttribute('aria-current') === 'step').map((e) => Number(e.dataset.i)),
      undone: entries.filter((e) => e.closest('.undone')).map((e) => Number(e.dataset.i)),
      scores: entries.map((e) => Number(e.querySelector('.history-score')?.textContent)),
      slider: { min: Number(slider.min), max: Number(slider.max), value: Number(slider.value) },
      check: panel.querySelector('.history-check')?.textContent ?? '',
      position: panel.querySelector('.history-position')?.textContent ?? '',
      resumeEnabled: !panel.querySelector('.resume-button').disabled,
      presentEnabled: !panel.querySelector('.present-button').disabled,
      inspecting: document.querySelector('.game-container').classList.contains('inspecting'),
    };
  });
}

/**
 * Moves the slider to `i` as a user's drag does (sets the value, fires
 * `input`), and waits until the inspector says it shows state `i`. Resolves
 * to the milliseconds from the event to the frame after the board shows it.
 */
export async function scrubTo(page, i) {
  return page.evaluate(async (i) => {
    const slider = document.querySelector('.history-slider');
    const t0 = performance.now();
    slider.value = String(i);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    // The row of state i marked as shown, and the line saying the past is
    // shown (in its game's moves, which a New game starts again).
    const shown = () => document.querySelector(`.history-entry[data-i="${i}"]`)?.getAttribute('aria-current') === 'step'
      && document.querySelector('.history-position')?.textContent.startsWith('Showing the board after move ');
    const deadline = t0 + 20_000;
    while (!shown()) {
      if (performance.now() > deadline) throw new Error(`the inspector never showed state ${i}`);
      await new Promise((r) => setTimeout(r, 0));
    }
    await new Promise((r) => requestAnimationFrame(() => r()));
    return performance.now() - t0;
  }, i);
}

/** Clicks the inspector's row for state `i` (it must be in the drawn window). */
export async function chooseEntry(page, i) {
  await page.click(`.history-entry[data-i="${i}"]`);
  // The row marked as the one shown, and the line saying the past is shown
  // (in its game's moves: a row's index counts New games, its move number
  // does not).
  await page.waitForFunction(
    (i) => document.querySelector(`.history-entry[data-i="${i}"]`)?.getAttribute('aria-current') === 'step'
      && document.querySelector('.history-position')?.textContent.startsWith('Showing the board after move '),
    i, { timeout: 10_000 },
  );
}

// ---------------------------------------------------------------------------
// Settings

export async function openSettings(page) {
  if (!(await page.$('.settings-panel'))) await page.click('.settings-button');
  await page.waitForSelector('.settings-panel', { state: 'visible', timeout: 10_000 });
}

/**
 * Chooses a board size ("5x4") in the settings panel, its width then its
 * height, and waits for the grid to have it.
 */
export async function chooseSize(page, size) {
  await openSettings(page);
  const [w, h] = size.split('x').map(Number);
  await page.selectOption('.width-select', String(w));
  await page.waitForFunction((w) => document.querySelector('.grid-container > .grid-row')?.children.length === w &&
    document.querySelector('.width-select')?.value === String(w), w, { timeout: 10_000 });
  await page.selectOption('.height-select', String(h));
  await page.waitForFunction(([w, h]) => {
    const rows = document.querySelectorAll('.grid-container > .grid-row');
    return rows.length === h && [...rows].every((r) => r.children.length === w) &&
      !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length >= 1;
  }, [w, h], { timeout: 10_000 });
  await blur(page);
}

/** Chooses a target ('1024'…'8192' or 'none'). */
export async function chooseTarget(page, target) {
  await openSettings(page);
  await page.selectOption('.target-select', String(target));
  await blur(page);
}

/** The intro's goal text ("4096 tile!"). */
export async function readGoal(page) {
  return page.evaluate(() => document.querySelector('.game-intro strong')?.textContent ?? null);
}

// ---------------------------------------------------------------------------
// Swipes (as tests/e2e/swipe.test.mjs makes them)

const VEC = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
let gestureNo = 0;

/**
 * Swipes `dir` on the board with synthetic `kind` events ('touch',
 * 'pointer-touch', 'pointer-mouse'), `dist` px, from near the board's
 * centre (a few px off each time, so no two gestures look like one).
 */
export async function swipe(page, dir, kind = 'touch', dist = 70) {
  gestureNo++;
  await page.evaluate(({ dir, kind, dist, n, vec }) => {
    const board = document.querySelector('.game-container');
    const b = board.getBoundingClientRect();
    const sx = b.left + b.width / 2 + ((n * 7) % 40) - 20;
    const sy = b.top + b.height / 2 + ((n * 11) % 40) - 20;
    const [vx, vy] = vec;
    const pts = [1, 2, 3, 4].map((k) => [sx + (vx * dist * k) / 4, sy + (vy * dist * k) / 4]);
    if (kind === 'touch') {
      const touch = (x, y) => new Touch({ identifier: 0, target: board, clientX: x, clientY: y, pageX: x, pageY: y, radiusX: 2, radiusY: 2, force: 1 });
      const fire = (type, touches, changed) => board.dispatchEvent(new TouchEvent(type, {
        touches, targetTouches: touches, changedTouches: changed, bubbles: true, cancelable: true, composed: true,
      }));
      const first = touch(sx, sy);
      fire('touchstart', [first], [first]);
      for (const [x, y] of pts) fire('touchmove', [touch(x, y)], [touch(x, y)]);
      const [ex, ey] = pts[pts.length - 1];
      fire('touchend', [], [touch(ex, ey)]);
    } else {
      const pointerType = kind === 'pointer-mouse' ? 'mouse' : 'touch';
      const fire = (type, x, y, target = board) => target.dispatchEvent(new PointerEvent(type, {
        pointerId: 1, pointerType, isPrimary: true, clientX: x, clientY: y, button: type === 'pointermove' ? -1 : 0,
        buttons: type === 'pointerup' ? 0 : 1, bubbles: true, cancelable: true, composed: true,
      }));
      fire('pointerdown', sx, sy);
      for (const [x, y] of pts) fire('pointermove', x, y);
      const [ex, ey] = pts[pts.length - 1];
      fire('pointerup', ex, ey, window);
    }
  }, { dir, kind, dist, n: gestureNo, vec: VEC[dir] });
}

// ---------------------------------------------------------------------------
// The native fold (src/bin/fold.rs; build it first with buildFold)

/**
 * `fold --history SEED N [--size WxH] [--target T] [--at I,J] [--cursor C]`:
 * { history, game, inputs, cursor, games, link, at: [{ i, board, score, status }] }.
 */
export function foldHistory(seed, n, { size, target, at = [], cursor } = {}) {
  const args = ['--history', String(seed), String(n)];
  if (size) args.push('--size', size);
  if (target !== undefined) args.push('--target', String(target));
  if (at.length) args.push('--at', at.join(','));
  if (cursor !== undefined) args.push('--cursor', String(cursor));
  return JSON.parse(execFileSync(FOLD, args, { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/** `fold --new SEED [WxH] [TARGET]`: the save (a string) of a new game. */
export function foldNew(seed, size, target) {
  const args = ['--new', String(seed)];
  if (size) args.push(size);
  if (target !== undefined) args.push(String(target));
  return execFileSync(FOLD, args, { encoding: 'utf8' }).trim();
}

/** The board and score a save string holds, read without losing its u64s (they are not needed here). */
export function boardOfSave(saveText) {
  const s = JSON.parse(saveText.replace(/("(?:state|increment)":)(\d+)/g, '$1"$2"'));
  const { width, height, cells } = s.state.board;
  return {
    board: Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => cells[y * width + x]?.value ?? 0)),
    score: s.state.score,
    config: s.state.config,
    status: s.state.status,
  };
}

/** Median and maximum of a list of numbers. */
export function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, median: s[Math.floor((s.length - 1) / 2)], max: s[s.length - 1] };
}

/**
 * A test file's suite (a server for dist/ and a browser), with the fold
 * binary built first: filled in before the file's tests, closed after them.
 */
export function foldSuite() {
  const suite = {};
  before(async () => {
    buildFold();
    Object.assign(suite, await startSuite());
  });
  after(async () => {
    await suite.close?.();
  });
  return suite;
}

// ---------------------------------------------------------------------------
// The message log

/** Opens the history panel's message log from the keyboard: Tab to its button, Enter. */
export async function showMessagesByKeyboard(page) {
  await page.focus('.messages-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.message-log', { state: 'visible', timeout: 10_000 });
}

/** The log's rows, newest first: { n, msg, outcome }. */
export async function readMessages(page) {
  return page.$$eval('.message-log > li', (rows) => rows.map((r) => ({
    n: Number(r.querySelector('.message-n').textContent),
    msg: r.querySelector('.message-msg').textContent,
    outcome: r.querySelector('.message-effects').textContent,
    subs: r.querySelector('.message-subs')?.textContent ?? '',
  })));
}
