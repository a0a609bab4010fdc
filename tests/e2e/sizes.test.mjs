// Board sizes, targets and statistics: every size from 3x3 to 8x8 plays by
// keys and by swipes, each transition checked against the reference slide
// on a board of that width and height; each size keeps its own game and
// best score; a new target starts a new game and the intro says it;
// statistics per size, and a corrupt statistics value set aside with a
// notice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, checkMove, slide, showBoard, assertFreshGame, DIRECTIONS, ARROW_FOR, SCHEMES } from './helpers.mjs';
import { reloadGame, assertPlayable, assertNoticeShown, readStore, untilIdle } from './storage-helpers.mjs';
import {
  SKEY, openAt, assertClean, blur, stored, snapshot, assertSameState, playChecked,
  chooseSize, chooseTarget, readGoal, swipe, foldNew, boardOfSave,
  foldSuite,
} from './session-helpers.mjs';

const suite = foldSuite();

const ALL_SIZES = [];
for (let w = 3; w <= 8; w++) for (let h = 3; h <= 8; h++) ALL_SIZES.push(`${w}x${h}`);

/** Key for a direction, by a scheme chosen from `i`. */
const KEYS_FOR = Object.values(SCHEMES).map((s) => Object.fromEntries(Object.entries(s).map(([k, d]) => [d, k])));

test('every board size from 3x3 to 8x8 plays by keys and by swipes, every transition checked on its own width and height', async () => {
  const { context, page, errors } = await openAt(suite, { options: { viewport: { width: 700, height: 1000 }, hasTouch: true } });
  const sizes = await page.evaluate(() => {
    document.querySelector('.settings-button').click();
    return null;
  }).then(() => page.waitForSelector('.width-select')).then(() => page.evaluate(() => {
    const values = (c) => [...document.querySelector(c).options].map((o) => o.value);
    return values('.width-select').flatMap((w) => values('.height-select').map((h) => `${w}x${h}`));
  }));
  assert.deepEqual([...sizes].sort(), [...ALL_SIZES].sort(), 'the width and height selects offer every size from 3 to 8 a side');
  let transitions = 0;
  let overs = 0;
  const started = Date.now();
  for (const [n, size] of ALL_SIZES.entries()) {
    const [w, h] = size.split('x').map(Number);
    await chooseSize(page, size);
    let game = await readBoard(page);
    assert.equal(game.width, w, `${size}: grid width`);
    assert.equal(game.height, h, `${size}: grid height`);
    assertFreshGame(game, `${size}: first game`);
    // 24 moves a size: keys of each scheme, then touch, pointer-touch and mouse swipes.
    for (let i = 0; i < 24; i++) {
      if (game.over) {
        overs++;
        await page.keyboard.press('r');
        game = await readBoard(page);
        assertFreshGame(game, `${size}: after R`);
      }
      const dir = DIRECTIONS[(i * 3 + n) % 4];
      let how;
      if (i < 12) {
        how = KEYS_FOR[i % 3][dir];
        await page.keyboard.press(how);
      } else {
        how = ['touch', 'pointer-touch', 'pointer-mouse'][i % 3];
        // Swipes go past the threshold (10…30 px) on any cell size.
        await swipe(page, dir, how, 60);
        how = `${how} swipe`;
      }
      const after = await readBoard(page);
      checkMove(game, after, dir, `${size} move ${i + 1}: ${how} (${dir})`);
      if (slide(game.board, dir).changed) transitions++;
      game = after;
    }
    // Played, its game is written (a size only passed through is not).
    assert.ok(await stored(page, SKEY.game(size)), `${size}: no save under ${SKEY.game(size)}`);
  }
  console.log(`sizes: ${ALL_SIZES.length} sizes, ${transitions} transitions that changed the board, ${overs} games over, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.ok(transitions > ALL_SIZES.length * 6, `only ${transitions} moves changed a board`);
  assertClean(errors, 'sizes');
  await context.close();
});

test('?seed=N on another size: State::new(that size, N), as fold --new N WxH gives', async () => {
  for (const [size, target] of [['5x4', 2048], ['3x7', 'none'], ['8x8', 4096]]) {
    const [w, h] = size.split('x').map(Number);
    const settings = JSON.stringify({ width: w, height: h, target: target === 'none' ? null : target });
    const { context, page, errors } = await openAt(suite, { query: '?seed=31337', storage: { [SKEY.settings]: settings } });
    const game = await readBoard(page);
    const want = boardOfSave(foldNew(31337, size, target));
    assert.deepEqual(game.board, want.board, `${size}: ?seed=31337 is not fold --new 31337 ${size}\npage:\n${showBoard(game.board)}\nfold:\n${showBoard(want.board)}`);
    assert.equal(await stored(page, SKEY.game(size)), foldNew(31337, size, target), `${size}: stored save`);
    assertClean(errors, size);
    await context.close();
  }
});

test('each size keeps its own game and best score: 4x4 → 6x6 → back to 4x4 finds the 4x4 game as it was, and a reload too', async () => {
  const { context, page, errors } = await openAt(suite, { query: '?seed=606' });
  const { shots } = await playChecked(page, 12, { seed: 1 });
  const four = shots[12];
  assert.ok(four.score > 0, 'the 4x4 game scored nothing; pick another seed');
  await blur(page);

  await chooseSize(page, '6x6');
  const sixStart = await snapshot(page, '6x6');
  assertFreshGame(sixStart, '6x6 first visit');
  assert.equal(sixStart.best, 0, '6x6 best should start at 0, not the 4x4 best');
  const { shots: six } = await playChecked(page, 8, { size: '6x6', seed: 2, start: sixStart });
  const sixEnd = six[8];
  assert.equal(await stored(page, SKEY.game()), four.save, 'playing 6x6 touched the 4x4 save');

  await chooseSize(page, '4x4');
  assertSameState(await snapshot(page), four, '4x4 again');
  assert.equal((await readBoard(page)).best, four.best, '4x4 best');
  // Undo still works into the 4x4 game's past.
  await page.keyboard.press('u');
  assertSameState(await snapshot(page), shots[11], 'undo in the 4x4 game after switching back');
  await page.keyboard.press('Control+y');

  await chooseSize(page, '6x6');
  assertSameState(await snapshot(page, '6x6'), sixEnd, '6x6 again');
  assert.equal((await readBoard(page)).best, sixEnd.best, '6x6 best');
  const store = await readStore(page);
  for (const k of [SKEY.game('6x6'), SKEY.history('6x6'), SKEY.best('6x6'), SKEY.game(), SKEY.history(), SKEY.best()]) {
    assert.ok(store[k], `nothing under ${k}`);
  }
  assert.equal(store[SKEY.best('6x6')], String(sixEnd.best));
  assert.equal(store[SKEY.best()], String(four.best));

  // The chosen size survives a reload.
  await reloadGame(page);
  assertSameState(await snapshot(page, '6x6'), sixEnd, '6x6 after reload');
  await chooseSize(page, '4x4');
  assertSameState(await snapshot(page), four, '4x4 after reload and switching back');
  assertClean(errors, 'sizes keep games');
  await context.close();
});

test('a new target starts a new game with that target; the intro says it; it is kept over a reload', async () => {
  const { context, page, errors } = await openAt(suite, { query: '?seed=707' });
  assert.equal(await readGoal(page), '2048 tile!');
  await playChecked(page, 5, { seed: 3 });
  for (const [target, goal] of [['4096', '4096 tile!'], ['1024', '1024 tile!'], ['8192', '8192 tile!'], ['none', 'biggest tile you can!'], ['2048', '2048 tile!']]) {
    await chooseTarget(page, target);
    await page.waitForFunction((g) => document.querySelector('.game-intro strong')?.textContent === g, goal, { timeout: 10_000 });
    const game = await readBoard(page);
    assertFreshGame(game, `target ${target}`);
    const save = boardOfSave(await stored(page, SKEY.game()));
    assert.equal(save.config.target, target === 'none' ? null : Number(target), `target ${target}: saved config`);
    assert.equal(await page.$eval('.target-select', (s) => s.value), target, `target ${target}: the select shows it`);
    await assertPlayable(page, `target ${target}`);
  }
  await chooseTarget(page, '4096');
  await page.waitForFunction(() => document.querySelector('.game-intro strong')?.textContent === '4096 tile!');
  await reloadGame(page);
  assert.equal(await readGoal(page), '4096 tile!', 'the target was not kept over a reload');
  assertClean(errors, 'targets');
  await context.close();
});

// ---------------------------------------------------------------------------
// Statistics

async function readStats(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('.stats-panel');
    if (!panel) return null;
    const rows = Object.fromEntries([...panel.querySelectorAll('.stats-table tr')].map((tr) =>
      [tr.querySelector('th').textContent.trim(), Number(tr.querySelector('td').textContent.trim())]));
    return { heading: panel.querySelector('h2')?.textContent ?? '', rows, rates: !!panel.querySelector('.stats-rates') };
  });
}

async function openStats(page) {
  if (!(await page.$('.stats-panel'))) await page.click('.stats-button');
  await page.waitForSelector('.stats-panel', { state: 'visible', timeout: 10_000 });
  await blur(page);
}

test('statistics per size: games, best score and tile, total moves; undo takes nothing back; kept under leptos-2048:v1:stats[:WxH]', async () => {
  const { context, page, errors } = await openAt(suite, { query: '?seed=808' });
  await openStats(page);
  let s = await readStats(page);
  assert.deepEqual(Object.keys(s.rows), ['Games played', 'Games won', 'Best score', 'Best tile', 'Total moves']);
  assert.ok(s.rates, 'no .stats-rates table');
  assert.equal(s.rows['Games played'], 0);

  const { shots } = await playChecked(page, 10, { seed: 1 });
  s = await readStats(page);
  const top = Math.max(...shots[10].board.flat());
  assert.deepEqual(s.rows, { 'Games played': 0, 'Games won': 0, 'Best score': shots[10].score, 'Best tile': top, 'Total moves': 10 },
    'statistics after 10 moves of one game, still in play: no game ended');
  // Undo takes nothing back, and seeing the game again does not count it twice.
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  await page.keyboard.press('Control+y');
  s = await readStats(page);
  assert.equal(s.rows['Games played'], 0, 'undo/redo ended the game');
  assert.equal(s.rows['Total moves'], 10, 'undo/redo changed the move count');
  // A second game.
  await page.keyboard.press('r');
  await playChecked(page, 3, { seed: 2 });
  s = await readStats(page);
  assert.equal(s.rows['Games played'], 1, 'the new game ended the first');
  assert.equal(s.rows['Total moves'], 13);
  await untilIdle(page);
  const stored4 = JSON.parse(await stored(page, SKEY.stats()));
  assert.equal(stored4.played, 2);
  assert.equal(stored4.moves, 13);

  // Another size has its own.
  await chooseSize(page, '5x3');
  await openStats(page);
  s = await readStats(page);
  assert.match(s.heading, /5×3/);
  assert.equal(s.rows['Games played'], 0, '5x3 statistics should start empty');
  await playChecked(page, 2, { size: '5x3', seed: 0 });
  s = await readStats(page);
  assert.equal(s.rows['Games played'], 0, 'the 5x3 game is still in play');
  assert.equal(s.rows['Total moves'], 2);
  await untilIdle(page);
  assert.equal(JSON.parse(await stored(page, SKEY.stats('5x3'))).moves, 2, `nothing under ${SKEY.stats('5x3')}`);
  assert.equal(JSON.parse(await stored(page, SKEY.stats())).moves, 13, 'the 4x4 statistics changed');

  // Reload keeps them; the button closes the panel.
  await reloadGame(page);
  await openStats(page);
  assert.equal((await readStats(page)).rows['Total moves'], 2);
  await page.click('.stats-button');
  await page.waitForSelector('.stats-panel', { state: 'detached', timeout: 10_000 });
  assertClean(errors, 'stats');
  await context.close();
});

test('a corrupt statistics value is set aside to …:corrupt with a notice; the game loads and plays', async () => {
  const cases = [
    ['not JSON', 'garbage'],
    ['more wins than games', JSON.stringify({ played: 1, won: 5, moves: 3, best_score: 4, best_tile: 4, reached: [1, 1], recent: [] })],
    ['a best tile of 3', JSON.stringify({ played: 1, won: 0, moves: 3, best_score: 4, best_tile: 3, reached: [1], recent: [] })],
  ];
  for (const [name, bad] of cases) {
    const own = foldNew(909);
    const { context, page, errors } = await openAt(suite, { storage: { [SKEY.game()]: own, [SKEY.stats()]: bad } });
    const game = await readBoard(page);
    assert.deepEqual(game.board, boardOfSave(own).board, `${name}: the saved game was not loaded`);
    await assertNoticeShown(page, name);
    const store = await readStore(page);
    assert.equal(store[SKEY.stats() + ':corrupt'], bad, `${name}: not set aside`);
    await openStats(page);
    assert.equal((await readStats(page)).rows['Games played'], 0, `${name}: statistics should start over`);
    await assertPlayable(page, name);
    assert.equal((await readStats(page)).rows['Total moves'], 1);
    assertClean(errors, name);
    await context.close();
  }
});
