// One screen for play and its tools, measured in a real browser at three
// windows (a desktop's 1100×1000 and 1366×768, a phone's 390×844): the
// board stays in view while the history steers it; nothing moves under the
// finger when a hint, a notice or the result card appears; the words are
// true of what is shown and the player's; Finish asks once more; a
// one-point chart draws its point; the controls are the game's own; the
// card is labelled, after the controls, its link on one line; no keyboard
// table on a touch phone; axe-core finds nothing serious in either theme
// on every view. Each figure is printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { REPO, readBoard, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite, collectErrors, waitReady, assertNoErrors } from './storage-helpers.mjs';

const AXE = path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js');

const WINDOWS = [
  { name: 'desktop 1100×1000', viewport: { width: 1100, height: 1000 } },
  { name: 'desktop 1366×768', viewport: { width: 1366, height: 768 } },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];
const PHONE = WINDOWS[2];

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** A fresh page in `win`'s window, in `colorScheme`, at `query`. */
async function open(win, { query = '', colorScheme = 'light', clock } = {}) {
  const { name: _, ...options } = win;
  const context = await suite.browser.newContext({ ...options, colorScheme, reducedMotion: 'reduce' });
  if (clock) await context.clock.setFixedTime(clock);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(suite.url + query, { waitUntil: 'load' });
  await waitReady(page);
  return { context, page, errors };
}

/** Plays `n` moves that change the board, by arrow keys. */
async function play(page, n) {
  for (let i = 0; i < n; i++) {
    const before = await readBoard(page);
    const dir = [DIRECTIONS[i % 4], ...DIRECTIONS].find((d) => slide(before.board, d).changed);
    if (!dir) return;
    await page.keyboard.press(ARROW_FOR[dir]);
    await page.waitForFunction((s) => [...document.querySelectorAll('.tile-container > .tile')]
      .map((t) => t.className).join() !== s, before.tiles.map((t) => t.className).join());
  }
}

/** The share of the board's area inside the window, 0 to 1. */
function boardInView(page) {
  return shareInView(page, '.game-container');
}

/**
 * The share of `selector`'s area inside the window and on top there (not
 * under another element, as rows scrolled over it would be), 0 to 1: its
 * area in the window, times whether its centre's element is its own.
 */
function shareInView(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return el.contains(top) ? (w * h) / (r.width * r.height) : 0;
  }, selector);
}

/** Where the controls stand on the page (document coordinates). */
function controlsAt(page) {
  return page.evaluate(() => ['.game-controls', '.game-menu', '.game-container'].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { s, top: r.top + scrollY, left: r.left + scrollX };
  }));
}

/** The largest move of the controls between two readings, in px. */
function shift(a, b) {
  return Math.max(...a.map((x, i) => Math.max(Math.abs(x.top - b[i].top), Math.abs(x.left - b[i].left))));
}

async function openHistory(page) {
  await page.click('.history-button');
  await page.waitForSelector('.history-panel .history-entry');
}

test('with the history open, choosing a middle row or moving the slider keeps ≥ 80% of the board and of the lines under it in view', async () => {
  for (const win of WINDOWS) {
    const { context, page, errors } = await open(win);
    await play(page, 30);
    await openHistory(page);
    const rows = await page.$$('.history-entry');
    const middle = rows[Math.floor(rows.length / 2)];
    const i = Number(await middle.getAttribute('data-i'));
    await middle.click();
    await page.waitForSelector(`.history-entry[data-i="${i}"][aria-current]`);
    const byRow = await boardInView(page);
    // The slider: a step back from there, by its keys.
    await page.focus('.history-slider');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector(`.history-entry[data-i="${i - 1}"][aria-current]`);
    const bySlider = await boardInView(page);
    // The lines under the board (the review's verdict on the move shown).
    const lines = await shareInView(page, '.board-lines');
    console.log(`${win.name}: board in view with row ${i} chosen ${(byRow * 100).toFixed(1)}%, after the slider ${(bySlider * 100).toFixed(1)}%, its lines ${(lines * 100).toFixed(1)}%`);
    assert.ok(lines >= 0.8, `${win.name}: ${(lines * 100).toFixed(1)}% of the lines under the board in view and on top after the slider`);
    assert.ok(byRow >= 0.8, `${win.name}: ${(byRow * 100).toFixed(1)}% of the board in view with a middle row chosen`);
    assert.ok(bySlider >= 0.8, `${win.name}: ${(bySlider * 100).toFixed(1)}% of the board in view after the slider`);
    // The board shows the row chosen.
    assert.match(await page.textContent('.history-position'), new RegExp(`^Showing the board after move ${i - 1} of \\d+`));
    assertNoErrors(errors, win.name);
    await context.close();
  }
});

test('on a wide window the board and the open panel stand side by side; the landscape phone keeps its layout', async () => {
  for (const win of WINDOWS.slice(0, 2)) {
    const { context, page } = await open(win);
    const closed = await controlsAt(page);
    await openHistory(page);
    assert.equal(shift(closed, await controlsAt(page)), 0, `${win.name}: opening History moved the board or the controls`);
    const [board, panel] = await page.evaluate(() => ['.game-container', '.history-panel'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }));
    assert.ok(panel.left >= board.right, `${win.name}: the panel beside the board (${JSON.stringify({ board, panel })})`);
    assert.ok(panel.top < win.viewport.height && board.bottom <= win.viewport.height, `${win.name}: both in view at the top`);
    await context.close();
  }
  const { context, page } = await open({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });
  const [board, title] = await page.evaluate(() => ['.game-container', 'h1.title'].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  }));
  assert.ok(board.left > title.right && board.bottom <= 390, `landscape: the board beside the rest, in view (${JSON.stringify({ board, title })})`);
  await context.close();
});

test('a hint, a notice and the result card move no control: their place is kept', async () => {
  for (const win of WINDOWS) {
    // The hint (its sentence up to three lines).
    {
      const { context, page, errors } = await open(win);
      await play(page, 4);
      const before = await controlsAt(page);
      await page.click('.hint-button');
      await page.waitForFunction(() => /^Hint: move /.test(document.querySelector('.hint-output').textContent), null, { timeout: 15_000 });
      const hinted = await controlsAt(page);
      const text = await page.textContent('.hint-output');
      console.log(`${win.name}: hint "${text}" moved the controls ${shift(before, hinted)} px`);
      assert.equal(shift(before, hinted), 0, `${win.name}: the hint moved the controls`);
      assertNoErrors(errors, win.name);
      await context.close();
    }
    // A notice: the link that does not open, then dismissed.
    {
      const { context, page } = await open(win, { query: '?replay=not-a-game' });
      await page.waitForSelector('.link-notice');
      const noticed = await controlsAt(page);
      await page.click('.link-notice-close');
      await page.waitForSelector('.link-notice', { state: 'detached' });
      const gone = await controlsAt(page);
      console.log(`${win.name}: the link notice's going moved the controls ${shift(noticed, gone)} px`);
      assert.equal(shift(noticed, gone), 0, `${win.name}: the notice moved the controls`);
      await context.close();
    }
    // The result card, shared after a daily.
    {
      const { context, page } = await open(win, { clock: new Date('2026-11-25T12:00:00Z') });
      await page.click('.daily-button');
      await page.waitForSelector('.contest-line');
      await play(page, 3);
      await page.click('.contest-finish');
      await page.click('.contest-finish-yes');
      await page.waitForSelector('.contest-share');
      const ended = await controlsAt(page);
      await page.click('.contest-share');
      await page.waitForSelector('.result-card .card-line', { timeout: 15_000 });
      const carded = await controlsAt(page);
      const order = await page.evaluate(() => {
        const card = document.querySelector('.result-card').getBoundingClientRect();
        const menu = document.querySelector('.game-menu').getBoundingClientRect();
        return card.top >= menu.bottom || card.left >= menu.right;
      });
      console.log(`${win.name}: the result card moved the controls ${shift(ended, carded)} px`);
      assert.equal(shift(ended, carded), 0, `${win.name}: the card moved the controls`);
      assert.ok(order, `${win.name}: the card stands after the controls or beside them, not above the board`);
      await context.close();
    }
  }
});

test('the words are true of what is shown, in the player\'s words', async () => {
  const { context, page, errors } = await open(WINDOWS[0]);
  await play(page, 6);
  await page.click('.hint-button');
  await page.waitForFunction(() => /^Hint: move /.test(document.querySelector('.hint-output').textContent), null, { timeout: 15_000 });
  assert.doesNotMatch(await page.textContent('.hint-output'), /looking|depth|node/, 'no search words in the hint');
  await page.waitForTimeout(700);
  await openHistory(page);
  const said = await page.textContent('.history-panel');
  assert.doesNotMatch(said, /inputs|in effect|step\(|seed|replaying|inspector/, `the history's words: ${said.slice(0, 300)}`);
  assert.match(await page.textContent('.history-check'), /^Checked: playing the \d+ moves? again gives every board in the list\./);
  // The past shown: the hint is about the present board, so it is not said
  // beside the past one, and no points float up from the score.
  await page.click('.history-entry[data-i="2"]');
  await page.waitForSelector('.history-entry[data-i="2"][aria-current]');
  assert.equal(await page.textContent('.hint-output'), '', 'no hint beside a board it is not about');
  const floating = await page.evaluate(() => document.getAnimations()
    .filter((a) => a.effect?.target?.classList?.contains('score-addition') && a.playState === 'running').length);
  assert.equal(floating, 0, 'no "+N" for points not scored in play');
  // The daily's history checks the daily's game, not the game before.
  await page.click('.present-button');
  await page.click('.daily-button');
  await page.waitForSelector('.contest-line');
  assert.equal(await page.textContent('.history-position'), '0 moves so far.');
  assert.equal(await page.textContent('.history-check'), 'This game is not checked yet. Check again');
  await page.click('.check-button');
  await page.waitForFunction(() => /^Checked: playing the 0 moves again/.test(document.querySelector('.history-check').textContent));
  assertNoErrors(errors);
  await context.close();
});

test('Finish asks once more; why Undo and Hint are off is said on the page', async () => {
  const { context, page, errors } = await open(PHONE, { clock: new Date('2026-11-25T12:00:00Z') });
  await page.click('.daily-button');
  await page.waitForSelector('.contest-line');
  await play(page, 2);
  assert.match(await page.textContent('.hint-output'), /^Undo, Hint and Autoplay are off in the daily's counted attempt/);
  assert.ok(await page.isVisible('.hint-output'));
  await page.click('.contest-finish');
  assert.match(await page.textContent('.contest-question'), /^Finish here\? This ends today's one counted attempt at \d+ points/);
  assert.equal(await page.$('.contest-share'), null, 'not ended yet');
  await page.click('.contest-finish-no');
  await page.waitForSelector('.contest-finish');
  await play(page, 1);
  await page.click('.contest-finish');
  await page.click('.contest-finish-yes');
  await page.waitForSelector('.contest-share');
  assertNoErrors(errors);
  await context.close();
});

test('a one-game statistics chart draws its point', async () => {
  const { context, page } = await open(WINDOWS[0]);
  await play(page, 3);
  await page.click('.stats-button');
  await page.waitForSelector('.stats-panel .chart');
  const dot = await page.$$eval('.stats-panel .chart-dot', (ds) => ds.map((d) => d.getBoundingClientRect().width));
  assert.equal(dot.length, 1, 'the recent scores chart has one dot');
  assert.ok(dot[0] >= 5, `the dot is drawn (${dot[0]} px)`);
  await context.close();
});

test('the controls are the game\'s own in both themes; the card is labelled and its link whole on one line; no keys on a touch phone', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { context, page } = await open(WINDOWS[0], { colorScheme });
    await play(page, 2);
    await openHistory(page);
    const slider = await page.$eval('.history-slider', (s) => getComputedStyle(s).appearance);
    assert.equal(slider, 'none', `${colorScheme}: the slider is styled`);
    await page.click('.settings-button');
    await page.waitForSelector('.width-select');
    const selects = await page.$$eval('.settings-panel select', (ss) => ss.map((s) => {
      const c = getComputedStyle(s);
      return { appearance: c.appearance, bg: c.backgroundColor, page: getComputedStyle(document.body).backgroundColor };
    }));
    for (const s of selects) {
      assert.equal(s.appearance, 'none', `${colorScheme}: a select left to the browser`);
      assert.equal(s.bg, s.page, `${colorScheme}: a select on the page's own colour`);
    }
    const [tab, action] = await page.evaluate(() => ['.stats-button', '.share-button'].map((s) => {
      const c = getComputedStyle(document.querySelector(s));
      return `${c.backgroundColor} ${c.boxShadow}`;
    }));
    assert.notEqual(tab, action, 'tabs drawn apart from actions');
    const name = await page.textContent('.theme-button');
    assert.equal(name.trim(), colorScheme === 'dark' ? 'Light theme' : 'Dark theme', 'the theme button names what it will do');
    await context.close();
  }
  // The card.
  const { context, page } = await open(PHONE, { clock: new Date('2026-11-25T12:00:00Z') });
  await page.click('.daily-button');
  await page.waitForSelector('.contest-line');
  await play(page, 3);
  await page.click('.contest-finish');
  await page.click('.contest-finish-yes');
  await page.click('.contest-share');
  await page.waitForSelector('.result-card .card-link', { timeout: 15_000 });
  assert.match(await page.textContent('.card-line'), /^2048 Daily #329 · \d+ points · top tile \d+ · \d+ moves?$/);
  const link = await page.$eval('.card-link', (l) => ({
    lines: Math.round(l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight || '18')),
    height: l.getBoundingClientRect().height,
    wrap: getComputedStyle(l).whiteSpace,
    text: l.textContent,
  }));
  assert.equal(link.wrap, 'nowrap', 'the link is never broken');
  assert.ok(link.height < 30, `the link on one line (${link.height} px)`);
  assert.match(link.text, /\?race=[A-Za-z0-9_-]+$/, 'the link whole in the text');
  // No keyboard table on a touch phone; on a desktop, there.
  assert.equal(await page.isVisible('.shortcuts'), false, 'no keyboard table on a touch phone');
  await context.close();
  const desk = await open(WINDOWS[0]);
  assert.equal(await desk.page.isVisible('.shortcuts'), true, 'the keyboard table on a desktop');
  await desk.context.close();
});

/** Runs axe on the settled page; prints every violation; fails on serious or critical ones. */
async function audit(page, label) {
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  for (const v of violations) console.log(`axe [${label}] ${v.impact} ${v.id}: ${v.targets.slice(0, 4).join(', ')}`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.impact} ${v.id}: ${v.targets.join(', ')}`), [], `[${label}] axe found serious or critical violations`);
  return violations.length;
}

test('axe-core: every view, both themes, a wide window and a phone', async () => {
  let audits = 0;
  let found = 0;
  for (const win of [WINDOWS[0], PHONE]) {
    for (const colorScheme of ['light', 'dark']) {
      const label = (what) => `${win.name} ${colorScheme}: ${what}`;
      const { context, page, errors } = await open(win, { colorScheme, clock: new Date('2026-11-25T12:00:00Z') });
      await play(page, 4);
      found += await audit(page, label('play'));
      for (const [button, panel] of [['.history-button', '.history-panel'], ['.stats-button', '.stats-panel'], ['.settings-button', '.settings-panel']]) {
        await page.click(button);
        await page.waitForSelector(`${panel} h2`);
        found += await audit(page, label(panel));
        audits++;
      }
      await page.click('.history-button');
      await page.waitForSelector('.history-entry');
      await page.click('.history-entry[data-i="1"]');
      found += await audit(page, label('the past shown'));
      await page.click('.present-button');
      await page.click('.daily-button');
      await page.waitForSelector('.contest-line');
      await page.click('.contest-finish');
      found += await audit(page, label('Finish asking'));
      await page.click('.contest-finish-yes');
      await page.click('.contest-share');
      await page.waitForSelector('.result-card .card-link', { timeout: 15_000 });
      found += await audit(page, label('the result card'));
      audits += 4;
      assertNoErrors(errors, label('errors'));
      await context.close();
    }
  }
  console.log(`axe: ${audits} views audited, ${found} violations of any impact (none serious or critical)`);
});
