// Share in every clipboard a browser may have: none at all (navigator.clipboard
// is undefined off secure origins, such as a build served over plain http on a
// LAN address), a writeText that throws, one that rejects, and one that works.
// Without a usable clipboard the link stays on screen to copy by hand, nothing
// reaches the console, and the game goes on taking keys, New Game and Share.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, assertFreshGame, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite } from './storage-helpers.mjs';
import { openPage, pageErrors } from './extra-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** Init scripts that give the page each kind of clipboard before it loads. */
const CLIPBOARDS = {
  absent: () => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
  },
  throwing: () => {
    const clipboard = { writeText: () => { throw new TypeError('writeText is blocked'); } };
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => clipboard, configurable: true });
  },
  rejecting: () => {
    const clipboard = { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) };
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => clipboard, configurable: true });
  },
  working: () => {
    window.__copied = [];
    const clipboard = { writeText: (text) => { window.__copied.push(text); return Promise.resolve(); } };
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => clipboard, configurable: true });
  },
};

async function openWithClipboard(kind) {
  const { context, page, errors } = await openPage(suite, { ready: false });
  await page.addInitScript(CLIPBOARDS[kind]);
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length >= 1);
  return { context, page, errors };
}

/** Presses Share and returns what the share line says and the link it shows. */
async function pressShare(page) {
  await page.click('.share-button');
  await page.waitForSelector('.share-output');
  await page.waitForTimeout(100); // a clipboard's answer is a promise away
  return page.evaluate(() => ({
    said: document.querySelector('.share-output span')?.textContent ?? '',
    link: document.querySelector('.share-link')?.value ?? '',
    shown: !(document.querySelector('.share-link')?.hidden ?? true),
  }));
}

/** Plays `n` moves that change the board, checking that each does. */
async function playMoves(page, n) {
  for (let i = 0; i < n; i++) {
    const before = await readBoard(page);
    const dir = DIRECTIONS.find((d) => slide(before.board, d).changed);
    assert.ok(dir, 'a move is possible');
    await page.keyboard.press(ARROW_FOR[dir]);
    const now = await readBoard(page);
    assert.notDeepEqual(now.board, before.board, `${ARROW_FOR[dir]} did not change the board: the game is stuck`);
  }
}

async function startNewGame(page) {
  await page.click('.restart-button');
  assertFreshGame(await readBoard(page), 'New Game after Share');
}

for (const kind of ['absent', 'throwing', 'rejecting']) {
  test(`Share with a clipboard that is ${kind}: the link stays on screen, and play, New Game and Share go on`, async () => {
    const { context, page, errors } = await openWithClipboard(kind);
    await playMoves(page, 2);
    const first = await pressShare(page);
    assert.match(first.said, /^Copy this link/, `${kind}: ${JSON.stringify(first)}`);
    assert.ok(first.shown && first.link.includes('?replay='), `${kind}: the link is not shown: ${JSON.stringify(first)}`);
    await page.focus('body');
    await playMoves(page, 3);
    await startNewGame(page);
    await playMoves(page, 1);
    const second = await pressShare(page);
    assert.match(second.said, /^Copy this link/);
    assert.notEqual(second.link, first.link, 'the second link is of the new game');
    assert.deepEqual(pageErrors(errors), [], `${kind}: console or page errors`);
    await context.close();
  });
}

test('Share with a working clipboard copies the link and says so', async () => {
  const { context, page, errors } = await openWithClipboard('working');
  await playMoves(page, 2);
  const shared = await pressShare(page);
  assert.match(shared.said, /^Link copied/, JSON.stringify(shared));
  assert.deepEqual(await page.evaluate(() => window.__copied), [shared.link]);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
