// The page's structure, the game-over overlay, "Try again" and New Game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openGame, readBoard, clickNewGame, clickTryAgain, moveAndCheck, assertFreshGame,
  playUntilGameOver, canMove, slide, showBoard, rng, seedFromEnv,
  DIRECTIONS, MOVE_KEYS, ARROW_FOR,
} from './helpers.mjs';

let game;
before(async () => {
  game = await openGame();
});
after(async () => {
  await game?.close();
});

test('the page follows the original 2048 DOM conventions', async () => {
  const { page } = game;
  const dom = await page.evaluate(() => {
    const q = (sel) => document.querySelector(sel);
    const tag = (sel) => q(sel)?.tagName ?? null;
    const rows = [...document.querySelectorAll('.game-container > .grid-container > .grid-row')];
    return {
      title: q('.container > .heading > h1.title')?.textContent ?? null,
      score: tag('.container > .heading > .scores-container > .score-container'),
      best: tag('.container > .heading > .scores-container > .best-container'),
      restart: tag('.container .restart-button'),
      restartText: q('.restart-button')?.textContent.trim() ?? null,
      message: tag('.container .game-container > .game-message'),
      messageP: tag('.game-container > .game-message > p'),
      keepPlaying: tag('.game-container > .game-message > .lower > .keep-playing-button'),
      retry: tag('.game-container > .game-message > .lower > .retry-button'),
      retryText: q('.retry-button')?.textContent.trim() ?? null,
      grid: tag('.game-container > .grid-container'),
      tileLayer: tag('.game-container > .tile-container'),
      rows: rows.map((r) => [...r.children].map((c) => c.className)),
      tileLayerChildren: [...(q('.tile-container')?.children ?? [])].map((c) => c.className),
    };
  });
  assert.equal(dom.title, '2048', '.container > .heading > h1.title should read 2048');
  assert.equal(dom.score, 'DIV', '.scores-container > .score-container is missing');
  assert.equal(dom.best, 'DIV', '.scores-container > .best-container is missing');
  assert.equal(dom.restart, 'BUTTON', 'New Game (.restart-button) must be a <button>');
  assert.equal(dom.restartText, 'New Game');
  assert.ok(dom.message, '.game-container > .game-message must always be present');
  assert.equal(dom.messageP, 'P', '.game-message > p is missing');
  assert.equal(dom.keepPlaying, 'BUTTON', '.game-message > .lower > .keep-playing-button must be a <button>');
  assert.equal(dom.retry, 'BUTTON', '.game-message > .lower > .retry-button must be a <button>');
  assert.equal(dom.retryText, 'Try again');
  assert.ok(dom.grid, '.game-container > .grid-container is missing');
  assert.ok(dom.tileLayer, '.game-container > .tile-container is missing');

  const H = dom.rows.length;
  assert.ok(H >= 2, `expected at least 2 grid rows, got ${H}`);
  const W = dom.rows[0].length;
  for (const [y, cells] of dom.rows.entries()) {
    assert.equal(cells.length, W, `grid row ${y + 1} has ${cells.length} children, expected ${W}`);
    assert.ok(cells.every((c) => c.split(/\s+/).includes('grid-cell')), `grid row ${y + 1} holds a non-.grid-cell child`);
  }
  console.log(`overlay: board is ${W}x${H}`);

  // The tile layer holds only tiles (and merge ghosts); at the start, two tiles.
  for (const c of dom.tileLayerChildren) {
    const cls = c.split(/\s+/);
    assert.ok(cls.includes('tile'), `unexpected child "${c}" in .tile-container`);
  }
  const state = await readBoard(page);
  assert.equal(state.width, W);
  assert.equal(state.height, H);
  assertFreshGame(state, 'first game', { firstVisit: true });

  // With no game message, the overlay is hidden; Keep going only with a win.
  assert.equal(await page.isVisible('.game-message'), false, 'the overlay shows during play');
  assert.equal(await page.isVisible('.keep-playing-button'), false, '"Keep going" shows without a win');
  assert.equal(await page.isVisible('.restart-button'), true, 'New Game is not visible');
});

test('New Game mid-game starts a fresh game and keeps the best score', async () => {
  const { page } = game;
  let state = await readBoard(page);
  for (let i = 0; state.score === 0; i++) {
    assert.ok(i < 300, 'score still 0 after 300 moves');
    assert.ok(!state.over, 'game over before any score');
    const dir = DIRECTIONS[i % 4];
    state = (await moveAndCheck(page, ARROW_FOR[dir], dir, state)).after;
  }
  const { score, best } = state;
  assert.ok(best >= score, `best ${best} is below the score ${score}`);
  await clickNewGame(page);
  const fresh = await readBoard(page);
  assertFreshGame(fresh, 'after New Game');
  assert.ok(fresh.best >= score, `best ${fresh.best} fell below the previous game's score ${score}`);
  assert.ok(fresh.best >= best, `best fell from ${best} to ${fresh.best}`);
});

test('game over: overlay, no more moves, then "Try again" starts afresh', async () => {
  const { page } = game;
  const seed = seedFromEnv();
  console.log(`overlay: key seed ${seed} (replay with E2E_SEED=${seed})`);
  const bestBefore = (await readBoard(page)).best;
  const run = await playUntilGameOver(page, { random: rng(seed) });
  const over = run.game;
  console.log(`overlay: game over after ${run.moves} keys, score ${over.score}, best ${over.best}\n${showBoard(over.board)}`);

  // The overlay: class, text, visible, with its buttons.
  assert.equal(over.over, true);
  assert.equal(over.won, false, 'game-won and game-over at once');
  assert.equal(over.message?.trim(), 'Game over!');
  await page.waitForSelector('.game-message.game-over', { state: 'visible', timeout: 2_000 });
  assert.equal(await page.isVisible('.retry-button'), true, '"Try again" is not visible on game over');
  assert.equal(await page.isVisible('.keep-playing-button'), false, '"Keep going" shows on game over');

  // The reference agrees that nothing can move, and no key changes anything.
  assert.equal(over.tiles.length, over.width * over.height, 'game over with an empty cell');
  for (const d of DIRECTIONS) {
    assert.equal(slide(over.board, d).changed, false, `game over shown, but ${d} would change the board`);
  }
  assert.equal(canMove(over.board), false);
  let state = over;
  for (const [key, dir] of MOVE_KEYS) {
    state = (await moveAndCheck(page, key, dir, state)).after;
    assert.equal(state.over, true, `the overlay went away after ${key}`);
  }
  assert.ok(state.best >= over.score && state.best >= bestBefore, 'best score below the finished game');

  await clickTryAgain(page);
  const fresh = await readBoard(page);
  assertFreshGame(fresh, 'after Try again');
  assert.ok(fresh.best >= over.score, `best ${fresh.best} fell below the finished game's score ${over.score}`);
  assert.ok(fresh.best >= over.best, `best fell from ${over.best} to ${fresh.best}`);
  await page.waitForSelector('.game-message', { state: 'hidden', timeout: 2_000 });

  // And the fresh game plays.
  let played = fresh;
  for (let i = 0; i < 8; i++) {
    const dir = DIRECTIONS[i % 4];
    played = (await moveAndCheck(page, ARROW_FOR[dir], dir, played)).after;
  }
});

test('the page logged no errors', () => {
  assert.deepEqual(game.errors, [], 'console errors, page errors or failed requests');
});
