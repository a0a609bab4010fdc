// axe-core on the page in each of its states: fresh, mid-game, won, game
// over, with the storage notice, and all of it again in the dark theme. No
// violation of impact "serious" or "critical" is allowed; every violation
// found is printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { REPO, readBoard, rng, seedFromEnv } from './helpers.mjs';
import { startSuite, KEY, buildSave, stringifySave } from './storage-helpers.mjs';
import { AXE, audit, openPage, pageErrors, readSave, setTheme } from './extra-helpers.mjs';

const SEED = seedFromEnv();
let suite;
/** A real save of a fresh game, to build others on. */
let template;

before(async () => {
  assert.ok(existsSync(AXE), `axe-core is not installed (${AXE}): run npm ci in ${REPO}`);
  suite = await startSuite();
  const { context, page } = await openPage(suite);
  template = await readSave(page);
  await context.close();
});
after(async () => {
  await suite?.close();
});

/** Random movement keys dispatched in the page until the game-over overlay shows. */
async function playUntilOver(page) {
  const over = await page.evaluate(async (seed) => {
    let a = seed >>> 0;
    const random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const keys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'w', 'a', 's', 'd', 'h', 'j', 'k', 'l'];
    for (let i = 0; i < 400; i++) {
      const msg = document.querySelector('.game-message');
      if (msg.classList.contains('game-over')) return true;
      if (msg.classList.contains('game-won')) document.querySelector('.keep-playing-button').click();
      for (let j = 0; j < 25; j++) {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: keys[Math.floor(random() * keys.length)], bubbles: true, cancelable: true }));
      }
      await new Promise((r) => setTimeout(r, 0));
    }
    return document.querySelector('.game-message').classList.contains('game-over');
  }, SEED);
  assert.ok(over, 'no game over after 10 000 random keys');
  const game = await readBoard(page);
  assert.ok(game.over, 'the game-over overlay is not shown');
}

for (const theme of ['light', 'dark']) {
  test(`axe, ${theme} theme: fresh page, after moves, game over`, async () => {
    const { context, page, errors } = await openPage(suite);
    await setTheme(page, theme);
    await audit(page, `${theme}: fresh`);
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    await audit(page, `${theme}: after 6 moves`);
    await playUntilOver(page);
    await audit(page, `${theme}: game over`);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });

  test(`axe, ${theme} theme: won overlay`, async () => {
    const grid = [[1024, 1024, 0, 0], [2, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 8]];
    const save = buildSave(template, grid, { score: 0 });
    const { context, page, errors } = await openPage(suite, { storage: { [KEY.game]: stringifySave(save) } });
    await setTheme(page, theme);
    await page.keyboard.press('ArrowLeft');
    const game = await readBoard(page);
    assert.ok(game.won, 'the win overlay is not shown after merging 1024 + 1024');
    await audit(page, `${theme}: won`);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });

  test(`axe, ${theme} theme: the debugger's inspector open, reached by keyboard`, async () => {
    const { context, page, errors } = await openPage(suite);
    await setTheme(page, theme);
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(key);
    await page.click('.history-button');
    await page.click('.messages-button');
    await page.waitForSelector('.message-log .message-n');
    // A message's button, by keyboard: its name says what it does.
    await page.focus('.message-log > li:nth-child(2) .message-n');
    assert.match(await page.getAttribute('.message-log > li:nth-child(2) .message-n', 'aria-label'), /^Inspect message \d+$/);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.inspector .inspector-live');
    await page.focus('.inspector-prev');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(100);
    await audit(page, `${theme}: inspector open`);
    await page.focus('.inspector-live');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.inspector-live', { state: 'detached' });
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });

  test(`axe, ${theme} theme: storage notice shown`, async () => {
    const { context, page, errors } = await openPage(suite, { storage: { [KEY.game]: '{"version":1,"state":' } });
    await setTheme(page, theme);
    const shown = await page.evaluate(() => {
      const n = document.querySelector('.storage-notice');
      return n && !n.hidden && n.getBoundingClientRect().height > 0;
    });
    assert.ok(shown, 'the storage notice is not shown for a malformed save');
    await audit(page, `${theme}: storage notice`);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });
}
