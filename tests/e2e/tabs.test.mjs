// Two tabs of one browser share localStorage: each plays its own game, the
// best score shown in each is the larger of both (raised in the other tab by
// the `storage` event, without a reload; one that fails its checks set aside
// and named in the notice), and the game that moved last is the one a new
// tab restores.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, clickNewGame, assertFreshGame, showBoard, rng, seedFromEnv, DIRECTIONS, ARROW_FOR, slide } from './helpers.mjs';
import {
  KEY, MAX_SCORE_4X4, startSuite, newContext, openTab, reloadGame, readStore, assertNoErrors, parseSave,
  saveBoard, tileClasses, move,
} from './storage-helpers.mjs';

const SEED = seedFromEnv();
let suite;

before(async () => {
  console.log(`tabs: key seed ${SEED} (replay with E2E_SEED=${SEED})`);
  suite = await startSuite();
});

after(async () => {
  await suite?.close();
});

/**
 * Plays random keys that move the board in `tab` (checking each against the
 * reference, with the tab in front) until `done(game)`.
 */
async function playUntil(tab, random, done, label) {
  await tab.page.bringToFront();
  let game = await readBoard(tab.page);
  for (let i = 0; !done(game); i++) {
    assert.ok(i < 400, `${label}: not done after 400 keys`);
    assert.ok(!game.over, `${label}: game over before the goal (score ${game.score})`);
    const dirs = DIRECTIONS.filter((d) => slide(game.board, d).changed);
    const dir = dirs[Math.floor(random() * dirs.length)];
    game = (await move(tab.page, ARROW_FOR[dir], dir, game, `${label} key ${i + 1}`)).after;
  }
  return game;
}

/** The first text node of `.best-container`, as a number. */
const shownBest = (page) => page.evaluate(() => Number(document.querySelector('.best-container').childNodes[0].textContent));

/** Waits (without reloading) until `page` shows a best of `want`. */
async function waitForBest(page, want, label) {
  try {
    await page.waitForFunction(
      (w) => {
        const n = document.querySelector('.best-container')?.childNodes[0];
        return n?.nodeType === Node.TEXT_NODE && Number(n.textContent) === w;
      },
      want,
      { timeout: 3_000 },
    );
  } catch {
    assert.fail(`${label}: best shown is ${await shownBest(page)}, expected ${want} (no storage event taken in?)`);
  }
}

test('two tabs: own games, best is the max of both via the storage event, the later save wins on reload', async () => {
  const random = rng(SEED);
  const context = await newContext(suite);
  const A = await openTab(suite, context);
  const B = await openTab(suite, context);
  // B restored A's new game; give it its own.
  await B.page.bringToFront();
  await clickNewGame(B.page);
  let b = await readBoard(B.page);
  assertFreshGame(b, 'B after New Game');
  let a = await readBoard(A.page);

  // B scores first; A's best rises to B's without a reload, A's board stays.
  b = await playUntil(B, random, (g) => g.score >= 16, 'B');
  await waitForBest(A.page, b.best, 'A after B scored');
  const a1 = await readBoard(A.page);
  assert.deepEqual(a1.board, a.board, 'B\'s moves changed A\'s board');
  assert.deepEqual(tileClasses(a1), tileClasses(a), 'B\'s moves changed A\'s tiles');
  assert.equal(a1.score, a.score, 'B\'s moves changed A\'s score');
  a = a1;

  // A overtakes; B's best rises to A's without a reload, B's board stays.
  const bBest = b.best;
  a = await playUntil(A, random, (g) => g.score > bBest, 'A');
  assert.equal(a.best, a.score, 'A\'s best should be its own score now');
  await waitForBest(B.page, a.best, 'B after A overtook');
  const b1 = await readBoard(B.page);
  assert.deepEqual(b1.board, b.board, 'A\'s moves changed B\'s board');
  assert.equal(b1.score, b.score, 'A\'s moves changed B\'s score');
  b = b1;
  assert.equal((await readStore(A.page))[KEY.best], String(a.best), 'the stored best is not the max of both');

  // A moved last: a new tab restores A's game.
  const C = await openTab(suite, context);
  let c = await readBoard(C.page);
  const ctx = (x, y) => `\nexpected:\n${showBoard(x.board)}\ngot:\n${showBoard(y.board)}`;
  assert.deepEqual(c.board, a.board, 'a new tab did not restore the game of the tab that moved last (A)' + ctx(a, c));
  assert.equal(c.score, a.score);
  assert.deepEqual(tileClasses(c), tileClasses(a));
  assert.equal(c.best, a.best, 'a new tab does not show the best of both');

  // Now B moves: reloading C restores B's game, with the best still A's.
  b = await playUntil(B, random, (g) => g.score > b.score || g.board.flat().filter(Boolean).length > b.board.flat().filter(Boolean).length, 'B again');
  assert.deepEqual(saveBoard(parseSave((await readStore(B.page))[KEY.game])), b.board, 'B\'s move was not saved');
  await reloadGame(C.page);
  c = await readBoard(C.page);
  assert.deepEqual(c.board, b.board, 'after B moved, a reload did not restore B\'s game' + ctx(b, c));
  assert.equal(c.score, b.score);
  assert.equal(c.best, Math.max(a.best, b.best), 'the reloaded tab does not show the best of both');

  // Other tabs' best values that are not valid, or not higher, change nothing;
  // a higher valid one raises both tabs (and shows the others were delivered:
  // storage events arrive in order). Clearing storage changes nothing shown.
  const top = Math.max(a.best, b.best);
  for (const v of ['abc', '-1', '1e400', '"99999"', String(MAX_SCORE_4X4 + 1), '1']) {
    await C.page.evaluate(([k, val]) => localStorage.setItem(k, val), [KEY.best, v]);
  }
  await C.page.evaluate(([k, val]) => localStorage.setItem(k, val), [KEY.best, String(top + 1000)]);
  await waitForBest(A.page, top + 1000, 'A after a higher best elsewhere');
  await waitForBest(B.page, top + 1000, 'B after a higher best elsewhere');
  // The invalid ones were set aside as every record is (their `:corrupt`
  // key), and each tab's notice names the best score, not silently dropped.
  assert.ok(KEY.bestCorrupt in (await readStore(C.page)), 'another tab\'s bad best was not set aside');
  for (const [name, tab] of [['A', A], ['B', B]]) {
    assert.match(
      await tab.page.textContent('.storage-notice'),
      /Some saved data \(the best score\) could not be read and was set aside, not deleted/,
      `${name}'s notice does not name another tab's best score set aside`,
    );
  }
  await C.page.evaluate(() => localStorage.clear());
  await A.page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
  assert.equal(await shownBest(A.page), top + 1000, 'A\'s best changed when storage was cleared elsewhere');
  assert.equal(await shownBest(B.page), top + 1000, 'B\'s best changed when storage was cleared elsewhere');
  a = await readBoard(A.page);
  b = await readBoard(B.page);

  // No tab ever broke the DOM contract (readBoard asserts it), nor lost its own game.
  for (const [name, tab, want] of [['A', A, a], ['B', B, b]]) {
    const now = await readBoard(tab.page);
    assert.deepEqual(now.board, want.board, `${name}'s board changed while it was not played`);
    assert.ok(now.best >= Math.max(a.best, b.best), `${name} shows best ${now.best}, below the max of both`);
    assertNoErrors(tab.errors, `tab ${name}`);
  }
  assertNoErrors(C.errors, 'tab C');
  await context.close();
});
