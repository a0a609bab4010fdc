// prefers-reduced-motion: reduce turns every animation and transition off,
// and a move shows its final frame at once: tiles on their cells, the new
// tile fully drawn, consumed tiles hidden.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, checkMove, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite } from './storage-helpers.mjs';
import { openPage, pageErrors, readGeometry, geometryProblems } from './extra-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** Computed timings of the first element matching each selector. */
async function timings(page) {
  return page.evaluate(() => {
    const cs = (sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const s = getComputedStyle(el);
      return {
        transitionDuration: s.transitionDuration,
        animationDuration: s.animationDuration,
        animationDelay: s.animationDelay,
      };
    };
    return {
      tile: cs('.tile-container > .tile'),
      newInner: cs('.tile-new .tile-inner'),
      message: cs('.game-message'),
      addition: cs('.score-addition'),
    };
  });
}

test('without the preference, tiles slide and new tiles scale in (control)', async () => {
  const { context, page, errors } = await openPage(suite);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  // A move, so that a tile is new: a new visitor's first two tiles were
  // drawn by the page's shell and do not scale in a second time.
  const game = await readBoard(page);
  await page.keyboard.press(ARROW_FOR[DIRECTIONS.find((d) => slide(game.board, d).changed)]);
  const t = await timings(page);
  assert.notEqual(t.tile.transitionDuration, '0s', 'tiles should slide when motion is allowed');
  assert.notEqual(t.newInner.animationDuration, '0s', 'new tiles should scale in when motion is allowed');
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('reduced motion: every duration is 0s and each move shows its final frame at once', async () => {
  const { context, page, errors } = await openPage(suite);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  assert.ok(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches));

  let game = await readBoard(page);
  let sawGhost = false;
  for (let i = 0; i < 60 && !(sawGhost && i >= 8); i++) {
    const dir = DIRECTIONS.find((d) => slide(game.board, d).changed);
    assert.ok(dir, 'no move left');
    await page.keyboard.press(ARROW_FOR[dir]);
    // No wait at all: the frame right after the key press.
    const frame = await page.evaluate(() => {
      const inner = document.querySelector('.tile-new .tile-inner');
      const s = inner && getComputedStyle(inner);
      return {
        newOpacity: s?.opacity ?? null,
        newTransform: s?.transform ?? null,
        // A merged tile draws the two tiles it consumed as ::before and ::after.
        ghosts: [...document.querySelectorAll('.tile-merged')].flatMap((m) => ['::before', '::after'].map((p) => getComputedStyle(m, p).visibility)),
        running: document.getAnimations().filter((a) => a.playState === 'running').map((a) => a.animationName ?? a.transitionProperty ?? String(a)),
      };
    });
    const geometry = await readGeometry(page);
    const after = await readBoard(page);
    checkMove(game, after, dir, `reduced motion move ${i + 1}`);
    const t = await timings(page);
    assert.equal(t.tile.transitionDuration, '0s', 'a tile still has a transition');
    assert.equal(t.newInner.animationDuration, '0s', '.tile-new .tile-inner still has an animation');
    assert.equal(t.newInner.animationDelay, '0s', '.tile-new .tile-inner still has an animation delay');
    assert.equal(t.message.animationDuration, '0s', 'the overlay still fades');
    assert.equal(t.message.animationDelay, '0s', 'the overlay still waits before it fades');
    assert.equal(t.addition.animationDuration, '0s', 'the "+N" still floats');
    assert.deepEqual(frame.running, [], 'animations still running right after a move');
    assert.equal(frame.newOpacity, '1', 'the new tile is not fully shown right after the move');
    assert.ok(frame.newTransform === 'none' || frame.newTransform === 'matrix(1, 0, 0, 1, 0, 0)',
      `the new tile is still scaled (${frame.newTransform}) right after the move`);
    assert.deepEqual(geometryProblems(geometry), [], 'tiles are not on their cells right after the move');
    if (frame.ghosts.length) {
      sawGhost = true;
      assert.ok(frame.ghosts.every((v) => v === 'hidden'), `merged-away tiles still visible: ${JSON.stringify(frame.ghosts)}`);
    }
    game = after;
  }
  assert.ok(sawGhost, 'no merge happened, so the ghosts were not checked');
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
