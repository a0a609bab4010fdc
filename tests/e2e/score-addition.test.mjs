// "+N" floats up from the score after every move that scores: its text is
// the move's gain and its animation starts again from the first frame, even
// when the gain is the same as the last one. A move that scores nothing
// leaves it alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, pressKey, readGame, sameBoard, rng, seedFromEnv } from './helpers.mjs';

/** The "+N" element's text and its animation's clock. */
async function readAddition(page) {
  return page.evaluate(() => {
    const el = document.querySelector('.score-container > .score-addition');
    const [animation] = el ? el.getAnimations() : [];
    return {
      text: el ? el.textContent : null,
      time: animation ? animation.currentTime : null,
      state: animation ? animation.playState : null,
    };
  });
}

test('"+N" shows each scoring move\'s gain and restarts its animation', async () => {
  const game = await openGame();
  const { page } = game;
  try {
    const random = rng(seedFromEnv());
    const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
    let scoring = 0;
    for (let i = 0; i < 300 && scoring < 6; i++) {
      const before = await readGame(page);
      if (before.over) break;
      const was = await readAddition(page);
      // Let the previous float run on a little, so a restart is visible.
      await page.waitForTimeout(120);
      await pressKey(page, keys[Math.floor(random() * 4)]);
      const after = await readGame(page);
      const now = await readAddition(page);
      const gain = after.score - before.score;
      if (gain > 0) {
        scoring++;
        assert.equal(now.text, `+${gain}`, 'the text is the move\'s gain');
        assert.equal(now.state, 'running');
        assert.ok(now.time < 100, `the animation starts again (at ${now.time} ms)`);
      } else if (!sameBoard(after.board, before.board)) {
        assert.equal(now.text, was.text, 'a move that scores nothing keeps the last text');
      }
    }
    assert.ok(scoring >= 3, `saw ${scoring} scoring moves`);
    assert.deepEqual(game.errors, []);
  } finally {
    await game.close();
  }
});
