// Finished games survive a reload: a lost game comes back lost with its
// overlay, a won game comes back won with "You win!", "Keep going" is saved
// too, and the game goes on after it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  readBoard, assertFreshGame, clickTryAgain, clickKeepPlaying, showBoard, MOVE_KEYS,
} from './helpers.mjs';
import {
  KEY, startSuite, newContext, openTab, reloadGame, readStore, assertNoErrors,
  parseSave, stringifySave, buildSave, saveBoard, tileClasses, assertPlayable, move,
} from './storage-helpers.mjs';

let suite;
/** A real save (string) whose config and rng the built saves reuse. */
let template;

before(async () => {
  suite = await startSuite();
  const context = await newContext(suite);
  const { page, errors } = await openTab(suite, context);
  await move(page, 'ArrowLeft', 'left');
  await move(page, 'ArrowUp', 'up');
  template = (await readStore(page))[KEY.game];
  assert.ok(template, 'no game save after two moves');
  assertNoErrors(errors, 'template game');
  await context.close();
});

after(async () => {
  await suite?.close();
});

/** Asserts the overlay of `game` and that the page shows it. */
async function assertOverlay(page, game, kind, label) {
  const text = { won: 'You win!', over: 'Game over!' }[kind];
  assert.equal(game.won, kind === 'won', `${label}: .game-won should be ${kind === 'won' ? 'set' : 'unset'}`);
  assert.equal(game.over, kind === 'over', `${label}: .game-over should be ${kind === 'over' ? 'set' : 'unset'}`);
  assert.equal(game.message?.trim(), text, `${label}: overlay text`);
  await page.waitForSelector(`.game-message.game-${kind}`, { state: 'visible', timeout: 2_000 });
}

/** Every movement key leaves a finished game exactly as it is. */
async function assertKeysIgnored(page, game, label) {
  for (const [key, dir] of MOVE_KEYS) {
    game = (await move(page, key, dir, game, `${label}: ${key}`)).after;
  }
  return game;
}

test('an injected game-over save reloads finished, with its overlay and board; "Try again" then plays and saves', async () => {
  const grid = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];
  const save = stringifySave(buildSave(template, grid, { status: 'Over', score: 32, moves: 40 }));
  const context = await newContext(suite, { storage: { [KEY.game]: save } });
  const { page, errors } = await openTab(suite, context);

  let game = await readBoard(page);
  assert.deepEqual(game.board, grid, `the board differs from the save:\n${showBoard(game.board)}`);
  assert.equal(game.score, 32);
  assert.equal(game.best, 32, 'best should be at least the restored score');
  await assertOverlay(page, game, 'over', 'loaded');
  assert.ok(!((await readStore(page))[KEY.gameCorrupt]), 'a valid finished game was set aside');
  game = await assertKeysIgnored(page, game, 'loaded over');

  await reloadGame(page);
  const again = await readBoard(page);
  assert.deepEqual(again.board, grid, 'the board changed over a reload');
  assert.deepEqual(tileClasses(again), tileClasses(game), 'the tiles changed over a reload');
  await assertOverlay(page, again, 'over', 'reloaded');

  await clickTryAgain(page);
  const fresh = await readBoard(page);
  assertFreshGame(fresh, 'after Try again');
  const played = await assertPlayable(page, 'after Try again');
  await reloadGame(page);
  const restored = await readBoard(page);
  assert.deepEqual(restored.board, played.board, 'the new game was not the one restored');
  assert.ok(!restored.over && !restored.won, 'the finished game came back after "Try again"');
  assertNoErrors(errors, 'over');
  await context.close();
});

test('a game driven into game over reloads finished with the same board', async () => {
  // One move from the end: Left makes the bottom row 8 16 8 _, and whichever
  // tile spawns in the last cell (2 or 4, next to 8 and 32) no move is left.
  const grid = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 32], [0, 8, 16, 8]];
  const save = stringifySave(buildSave(template, grid, { score: 80, moves: 60 }));
  const context = await newContext(suite, { storage: { [KEY.game]: save } });
  const { page, errors } = await openTab(suite, context);

  let game = await readBoard(page);
  assert.deepEqual(game.board, grid, 'the injected board was not restored');
  assert.ok(!game.over && !game.won);
  const r = await move(page, 'ArrowLeft', 'left', game, 'last move');
  game = r.after;
  assert.ok(r.changed);
  await assertOverlay(page, game, 'over', 'after the last move');
  const stored = parseSave((await readStore(page))[KEY.game]);
  assert.equal(stored.state.status, 'Over', 'the saved status is not Over');

  await reloadGame(page);
  const again = await readBoard(page);
  assert.deepEqual(again.board, game.board, 'the board changed over a reload');
  assert.equal(again.score, game.score);
  assert.deepEqual(tileClasses(again), tileClasses(game), 'the tiles changed over a reload');
  await assertOverlay(page, again, 'over', 'reloaded');
  await assertKeysIgnored(page, again, 'reloaded over');
  assertNoErrors(errors, 'driven over');
  await context.close();
});

test('a won game reloads won; "Keep going" is saved and play continues after a reload', async () => {
  const grid = [[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]];
  const built = buildSave(template, grid, { score: 0 });
  const save = stringifySave(built);
  const context = await newContext(suite, { storage: { [KEY.game]: save } });
  const { page, errors } = await openTab(suite, context);

  let game = await readBoard(page);
  assert.deepEqual(game.board, grid, 'the injected board was not restored');
  assert.ok(!((await readStore(page))[KEY.gameCorrupt]), 'the injected save was set aside');
  const r = await move(page, 'ArrowLeft', 'left', game, 'the winning merge');
  game = r.after;
  assert.equal(game.board[0][0], 2048);
  assert.equal(game.score, 2048);
  await assertOverlay(page, game, 'won', 'after the merge');
  assert.equal(await page.isVisible('.keep-playing-button'), true, '"Keep going" is not visible on a win');
  assert.equal(parseSave((await readStore(page))[KEY.game]).state.status, 'Won', 'the saved status is not Won');

  await reloadGame(page);
  const won = await readBoard(page);
  assert.deepEqual(won.board, game.board, 'the won board changed over a reload');
  assert.equal(won.score, 2048);
  assert.equal(won.best, 2048);
  assert.deepEqual(tileClasses(won), tileClasses(game), 'the tiles changed over a reload');
  await assertOverlay(page, won, 'won', 'reloaded');
  await assertKeysIgnored(page, won, 'reloaded won');

  await clickKeepPlaying(page);
  const cont = await readBoard(page);
  assert.ok(!cont.won && !cont.over, '"Keep going" did not close the overlay');
  assert.deepEqual(cont.board, won.board, '"Keep going" changed the board');
  assert.equal(await page.isVisible('.game-message'), false, 'the overlay is still visible');
  const played = await assertPlayable(page, 'after Keep going');
  assert.equal(parseSave((await readStore(page))[KEY.game]).state.status, 'Continuing', 'the saved status is not Continuing');

  await reloadGame(page);
  const back = await readBoard(page);
  assert.deepEqual(back.board, played.board, 'the continued game changed over a reload');
  assert.equal(back.score, played.score);
  assert.ok(!back.won && !back.over, `the overlay came back after a reload (message ${JSON.stringify(back.message)})`);
  assert.equal(await page.isVisible('.game-message'), false, 'the overlay is visible after a reload');
  await assertPlayable(page, 'continued game after a reload');
  assertNoErrors(errors, 'won');
  await context.close();
});
