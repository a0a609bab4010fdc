// The keyboard: every scheme moves the right way, modified keys are left to
// the browser, the game's keys never scroll the page, `r` starts a new game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openGame, readBoard, pressKey, clickNewGame, checkMove, moveAndCheck, assertFreshGame,
  slide, sameBoard, showBoard, watchKeyEvents, pressAndRecord,
  DIRECTIONS, MOVE_KEYS, ARROW_FOR,
} from './helpers.mjs';

let game;
before(async () => {
  game = await openGame();
  await watchKeyEvents(game.page);
});
after(async () => {
  await game?.close();
});

/** Whether all four directions change `board`, each to a different result. */
function discriminating(board) {
  const results = DIRECTIONS.map((d) => slide(board, d));
  if (!results.every((r) => r.changed)) return false;
  const seen = new Set(results.map((r) => JSON.stringify(r.board)));
  return seen.size === DIRECTIONS.length;
}

/** New games (by the button) until all four directions give distinct, changed boards. */
async function reachDiscriminatingBoard(page) {
  for (let i = 0; i < 100; i++) {
    const state = await readBoard(page);
    if (discriminating(state.board)) return state;
    await clickNewGame(page);
  }
  assert.fail('no new game in 100 gave a board where the four directions differ');
}

test('every key of every scheme moves in its own direction', async () => {
  const { page } = game;
  for (const [key, dir] of MOVE_KEYS) {
    const before = await reachDiscriminatingBoard(page);
    await pressKey(page, key);
    const after = await readBoard(page);
    // The spawned tile is the only .tile-new; take it away to see the slide.
    const spawned = after.tiles.filter((t) => t.isNew);
    assert.equal(spawned.length, 1, `key ${key}: expected one new tile`);
    const slid = after.board.map((row) => row.slice());
    slid[spawned[0].y][spawned[0].x] = 0;
    const matches = DIRECTIONS.filter((d) => sameBoard(slide(before.board, d).board, slid));
    assert.deepEqual(matches, [dir],
      `key ${key} should move ${dir}\nbefore:\n${showBoard(before.board)}\nafter:\n${showBoard(after.board)}`);
    checkMove(before, after, dir, `key ${key}`);
  }
});

const MODIFIERS = ['Alt', 'Control', 'Meta', 'Shift'];
const GAME_KEYS = [...MOVE_KEYS.map(([k]) => k), 'r'];

test('keys held with Alt, Ctrl, Meta or Shift do nothing and keep their default', async () => {
  const { page } = game;
  // A board every direction changes, so an accepted key would show.
  let state = await readBoard(page);
  for (let i = 0; !DIRECTIONS.every((d) => slide(state.board, d).changed); i++) {
    assert.ok(i < 100, 'no board in 100 new games that every direction changes');
    await clickNewGame(page);
    state = await readBoard(page);
  }
  // Leave the button focused by clickNewGame out of it.
  await page.evaluate(() => document.activeElement?.blur());
  await page.evaluate(() => { window.__e2eLoaded = true; });
  const url = page.url();

  for (const mod of MODIFIERS) {
    for (const key of GAME_KEYS) {
      const combo = `${mod}+${key}`;
      const ev = await pressAndRecord(page, combo);
      const flag = { Alt: 'alt', Control: 'ctrl', Meta: 'meta', Shift: 'shift' }[mod];
      assert.ok(ev[flag], `${combo}: the recorded event should have ${flag}Key set (${JSON.stringify(ev)})`);
      assert.equal(ev.prevented, false, `${combo}: the game must not preventDefault a modified key`);
      // Still the same document (no browser shortcut reloaded or left the page).
      assert.equal(page.url(), url, `${combo} navigated away`);
      assert.ok(await page.evaluate(() => window.__e2eLoaded === true), `${combo} reloaded the page`);
      const now = await readBoard(page);
      assert.deepEqual(now.board, state.board, `${combo} changed the board`);
      assert.equal(now.score, state.score, `${combo} changed the score`);
      assert.deepEqual(now.tiles.map((t) => t.className), state.tiles.map((t) => t.className),
        `${combo} changed the tiles`);
    }
  }
});

test('the game keys are default-prevented and arrows do not scroll the page', async () => {
  const { page } = game;
  await page.setViewportSize({ width: 400, height: 300 });
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  assert.ok(scrollHeight > innerHeight + 100,
    `the page should be scrollable in a 400x300 viewport (scrollHeight ${scrollHeight})`);

  // Control: a key the game does not handle does scroll this page, so the
  // arrow check below could fail.
  const pageDown = await pressAndRecord(page, 'PageDown');
  assert.equal(pageDown.prevented, false, 'PageDown is not the game\'s and must keep its default');
  await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 3_000 });
  // Let that (smooth) scroll finish, or it carries on after the reset.
  await page.evaluate(() => new Promise((resolve) => {
    let last = -1;
    let still = 0;
    const tick = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 10) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await page.evaluate(() => { window.__e2eMaxScroll = 0; });

  for (const key of GAME_KEYS) {
    const ev = await pressAndRecord(page, key);
    assert.equal(ev.key, key, 'recorded the wrong event');
    assert.equal(ev.prevented, true, `${key} must be default-prevented`);
  }
  for (const dir of ['down', 'down', 'up', 'right', 'left', 'down']) {
    const ev = await pressAndRecord(page, ARROW_FOR[dir]);
    assert.equal(ev.prevented, true, `${ARROW_FOR[dir]} must be default-prevented`);
  }
  // Give a keyboard scroll (smooth, if any) a moment to start before looking.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(200);
  const scroll = await page.evaluate(() => ({ y: window.scrollY, max: window.__e2eMaxScroll }));
  assert.equal(scroll.y, 0, 'the game\'s keys scrolled the page');
  assert.equal(scroll.max, 0, 'the game\'s keys scrolled the page at some point');
  await page.setViewportSize({ width: 1000, height: 900 });
});

test('r starts a new game', async () => {
  const { page } = game;
  let state = await readBoard(page);
  // Play (checked) until the score is above 0, so the reset shows.
  for (let i = 0; state.score === 0 || state.over; i++) {
    assert.ok(i < 300, 'score still 0 after 300 moves');
    if (state.over) {
      await clickNewGame(page);
      state = await readBoard(page);
      continue;
    }
    const dir = DIRECTIONS[i % 4];
    state = (await moveAndCheck(page, ARROW_FOR[dir], dir, state)).after;
  }
  const bestBefore = state.best;
  const scoreBefore = state.score;
  await pressKey(page, 'r');
  const fresh = await readBoard(page);
  assertFreshGame(fresh, 'after r');
  assert.ok(fresh.best >= scoreBefore, `best ${fresh.best} is below the previous game's score ${scoreBefore}`);
  assert.ok(fresh.best >= bestBefore, `best fell from ${bestBefore} to ${fresh.best}`);
});

test('the page logged no errors', () => {
  assert.deepEqual(game.errors, [], 'console errors, page errors or failed requests');
});
