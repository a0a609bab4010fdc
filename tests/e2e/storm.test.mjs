// A storm of key presses, sent without waiting for any animation, ends on
// exactly the state the engine's fold of those presses gives (computed
// natively by src/bin/fold.rs from the save the page held before the storm),
// and the tile layer keeps its DOM contract.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, rng, seedFromEnv, showBoard, SCHEMES } from './helpers.mjs';
import { startSuite, parseSave, saveBoard } from './storage-helpers.mjs';
import {
  openPage, pageErrors, readSave, settle, buildFold, fold, readGeometry, geometryProblems,
  LETTER,
} from './extra-helpers.mjs';

const SEED = seedFromEnv();
let suite;

before(async () => {
  console.log(`storm: key seed ${SEED} (replay with E2E_SEED=${SEED})`);
  buildFold();
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** Every key the game moves with, upper-case WASD/HJKL too (no Shift held), and the letter it folds to. */
const MOVES = [
  ...Object.values(SCHEMES).flatMap((s) => Object.entries(s)),
  ...Object.entries(SCHEMES.wasd).map(([k, d]) => [k.toUpperCase(), d]),
  ...Object.entries(SCHEMES.vim).map(([k, d]) => [k.toUpperCase(), d]),
].map(([key, dir]) => ({ key, letter: LETTER[dir] }));

/**
 * A random key sequence: mostly movement keys of every scheme, ~1% `r`
 * (a new game, N), and, when `noise`, ~3% keys the game must ignore
 * (modified movement keys, other keys).
 */
function keySequence(n, random, { noise }) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const p = random();
    if (p < 0.01) out.push({ key: 'r', letter: 'N' });
    else if (noise && p < 0.025) {
      const m = MOVES[Math.floor(random() * MOVES.length)];
      const mod = ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'][Math.floor(random() * 4)];
      out.push({ key: m.key, [mod]: true, letter: '' });
    } else if (noise && p < 0.04) {
      out.push({ key: ['x', 'Enter', 'Tab', 'q', 'PageDown'][Math.floor(random() * 5)], letter: '' });
    } else out.push(MOVES[Math.floor(random() * MOVES.length)]);
  }
  return out;
}

/** Compares the settled page with fold(start, letters): board, score, save, tiles and their drawing. */
async function assertFolded(page, start, letters, label) {
  await settle(page, 500);
  const want = fold(start, letters);
  const game = await readBoard(page);
  const ctx = `\n[${label}] ${letters.length} inputs\nexpected (score ${want.score}):\n${showBoard(want.board)}\n` +
    `page (score ${game.score}):\n${showBoard(game.board)}`;
  assert.deepEqual(game.board, want.board, 'the board on the page is not the fold of the key presses' + ctx);
  assert.equal(game.score, want.score, 'the score on the page is not the fold of the key presses' + ctx);
  const occupied = want.board.flat().filter((v) => v !== 0).length;
  assert.equal(game.tiles.length, occupied, `expected one .tile per occupied cell (${occupied})` + ctx);

  // The save written after the storm holds the same state.
  const end = await readSave(page);
  assert.ok(end, 'no save after the storm');
  const saved = parseSave(end);
  assert.deepEqual(saveBoard(saved), want.board, 'the save after the storm is not the fold' + ctx);
  assert.equal(saved.state.score, want.score, 'the saved score is not the fold' + ctx);

  // Every tile is drawn on its own cell once the animations are over.
  const problems = geometryProblems(await readGeometry(page));
  assert.deepEqual(problems, [], 'tiles are not drawn on their cells after the storm' + ctx);

  // The live region ends with the score.
  const words = await page.evaluate(() => document.querySelector('[role=status][aria-live=polite]')?.textContent ?? null);
  const spaced = String(want.score).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  assert.ok(words && words.includes(`Score ${spaced}.`), `live region says ${JSON.stringify(words)}, not "Score ${spaced}."` + ctx);
  return game;
}

test('2 000 keydown events dispatched synchronously in one task land on fold(start save, keys)', async () => {
  const { context, page, errors } = await openPage(suite);
  const start = await readSave(page);
  assert.ok(start, 'no save on the fresh page');
  const keys = keySequence(2000, rng(SEED), { noise: true });
  const letters = keys.map((k) => k.letter).join('');

  const result = await page.evaluate((keys) => {
    const t0 = performance.now();
    let prevented = 0;
    let unprevented = [];
    for (const { key, letter, ...mods } of keys) {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods });
      window.dispatchEvent(e);
      if (e.defaultPrevented) prevented++;
      else if (letter) unprevented.push(key);
    }
    return { ms: performance.now() - t0, prevented, unprevented: unprevented.slice(0, 10) };
  }, keys);
  console.log(`storm: 2000 synthetic keydowns dispatched in ${result.ms.toFixed(1)} ms`);
  const gameKeys = keys.filter((k) => k.letter).length;
  assert.deepEqual(result.unprevented, [], 'game keys whose default was not prevented');
  assert.equal(result.prevented, gameKeys, 'exactly the game keys are default-prevented');

  const game = await assertFolded(page, start, letters, 'synthetic storm');
  console.log(`storm: after ${letters.length} inputs the score is ${game.score}`);
  assert.deepEqual(pageErrors(errors), [], 'console errors or page errors during the storm');
  await context.close();
});

test('300 page.keyboard.press calls without waits land on fold(start save, keys)', async () => {
  const { context, page, errors } = await openPage(suite);
  const start = await readSave(page);
  assert.ok(start, 'no save on the fresh page');
  const keys = keySequence(300, rng(SEED ^ 0x7f4a7c15), { noise: false });
  const letters = keys.map((k) => k.letter).join('');
  const t0 = Date.now();
  for (const { key } of keys) await page.keyboard.press(key);
  console.log(`storm: 300 real key presses sent in ${Date.now() - t0} ms`);
  await assertFolded(page, start, letters, 'keyboard.press storm');
  assert.deepEqual(pageErrors(errors), [], 'console errors or page errors during the storm');
  await context.close();
});

test('a storm that starts mid-animation on a restored game lands on the fold too', async () => {
  // A game 40 keys in, restored from its save, then a storm sent while its
  // first move is still sliding.
  const { context, page, errors } = await openPage(suite);
  const warm = keySequence(40, rng(SEED + 1), { noise: false }).filter((k) => k.letter !== 'N');
  for (const { key } of warm) await page.keyboard.press(key);
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length >= 1);
  const start = await readSave(page);
  const keys = keySequence(500, rng(SEED + 2), { noise: true });
  const letters = keys.map((k) => k.letter).join('');
  await page.evaluate(async (keys) => {
    const send = ({ key, letter, ...mods }) =>
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...mods }));
    // In bursts of 50, each a frame apart: the DOM renders between bursts.
    for (let i = 0; i < keys.length; i += 50) {
      keys.slice(i, i + 50).forEach(send);
      await new Promise((r) => requestAnimationFrame(() => r()));
    }
  }, keys);
  await assertFolded(page, start, letters, 'bursts on a restored game');
  assert.deepEqual(pageErrors(errors), [], 'console errors or page errors during the storm');
  await context.close();
});
