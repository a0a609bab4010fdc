// Nothing is written on a key press: the game, its history, the best score and
// the statistics are written when the page is idle, or at once when it is
// hidden or closed. Closing or hiding the page right after a move loses
// nothing: reopened, the game is there, and undo goes back through it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite, openTab } from './storage-helpers.mjs';
import { SKEY } from './session-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** Plays `n` moves that change the board; returns the boards, first to last. */
async function playMoves(page, n) {
  const boards = [(await readBoard(page)).board];
  for (let i = 0; i < n; i++) {
    const dir = DIRECTIONS.find((d) => slide(boards.at(-1), d).changed);
    await page.keyboard.press(ARROW_FOR[dir]);
    boards.push((await readBoard(page)).board);
  }
  return boards;
}

/** What the page has stored now, without waiting for it to be idle. */
async function storedNow(page, key) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** The page hides (another tab, a minimised window), as the browser says it. */
async function hidePage(page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Opens the game again in the same browser profile and undoes back through `boards`. */
async function reopenAndUndo(context, boards, label) {
  const { page, errors } = await openTab(suite, context);
  assert.deepEqual((await readBoard(page)).board, boards.at(-1), `${label}: the last move was lost`);
  for (let i = boards.length - 2; i >= 0; i--) {
    await page.keyboard.press('u');
    assert.deepEqual((await readBoard(page)).board, boards[i], `${label}: undo to move ${i} gave another board`);
  }
  assert.deepEqual(errors, [], `${label}: errors`);
}

test('moves, then the page closes at once: reopened, the game and its undo history are there', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const { page } = await openTab(suite, context);
  const boards = await playMoves(page, 4);
  await page.close({ runBeforeUnload: true });
  await reopenAndUndo(context, boards, 'closed');
  await context.close();
});

test('moves, then the page hides: the game and its history are written at once', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const { page } = await openTab(suite, context);
  const boards = await playMoves(page, 3);
  await hidePage(page);
  const history = JSON.parse(await storedNow(page, SKEY.history()));
  assert.equal(history.inputs.length, 3, `the stored history holds ${history.inputs} right after hiding`);
  assert.equal(history.cursor, 3);
  await page.close();
  await reopenAndUndo(context, boards, 'hidden');
  await context.close();
});

test('moves, then a pause: the history is written when the page is idle', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const { page, errors } = await openTab(suite, context);
  await playMoves(page, 2);
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '{}').cursor === 2,
    SKEY.history(), { timeout: 3000 });
  assert.deepEqual(errors, []);
  await context.close();
});
