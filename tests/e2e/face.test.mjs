// The page's face, measured in a real browser: the game and its tools one
// centred pair at every desktop size, whether a panel is open or not; no
// scroll at 1366×768 with nothing open; the board and its controls at most
// 40 px apart; on a phone the slider hittable below the board pinned over
// the list; the message log docked beside the board without moving the game
// or covering the panel that opened it; and nothing under the pointer moving
// (by more than 1 px) when the player leaves the present, chooses a review's
// mark, opens the daily, is asked by Finish, or shares the card. Each figure
// is printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite, collectErrors, waitReady, assertNoErrors } from './storage-helpers.mjs';
import { pressReview, waitReviewed } from './review-helpers.mjs';

const DESKTOPS = [
  { name: '1100×1000', viewport: { width: 1100, height: 1000 } },
  { name: '1366×768', viewport: { width: 1366, height: 768 } },
  { name: '1920×1080', viewport: { width: 1920, height: 1080 } },
];
const PHONE = { name: 'phone 390×844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const WINDOWS = [DESKTOPS[0], DESKTOPS[1], PHONE];
const DAY = new Date('2026-11-25T12:00:00Z');

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** A fresh page in `win`'s window. */
async function open(win, { clock } = {}) {
  const { name: _, ...options } = win;
  const context = await suite.browser.newContext({ ...options, reducedMotion: 'reduce' });
  if (clock) await context.clock.setFixedTime(clock);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(suite.url, { waitUntil: 'load' });
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

/** `selector`'s box in the window, or null. */
function box(page, selector) {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  }, selector);
}

/** How far a box moved between two readings, in px. */
function moved(a, b) {
  return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top));
}

/**
 * Presses the element `selector` where it stands, with the mouse, and says
 * what is under the pointer before and after: its box then, the box of
 * whatever control is at that point once the page has answered (`ready`),
 * and the board's both times.
 */
async function pressInPlace(page, selector, ready) {
  const el = page.locator(selector).first();
  // Brought into view as the browser brings a control (a keyboard's focus,
  // a link to it): below whatever is pinned over the page, and whole in
  // the tools' own scrolling column.
  await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) e.scrollIntoView();
    else e.scrollIntoView({ block: 'nearest' });
  });
  const before = await el.boundingBox();
  const board = await box(page, '.game-container');
  const x = before.x + before.width / 2;
  const y = before.y + before.height / 2;
  await page.mouse.click(x, y);
  await ready();
  const under = await page.evaluate(([px, py]) => {
    const hit = document.elementFromPoint(px, py)?.closest('button, input, a, select');
    if (!hit) return null;
    const r = hit.getBoundingClientRect();
    return { left: r.left, top: r.top, what: hit.className };
  }, [x, y]);
  return { before: { left: before.x, top: before.y }, under, board, boardAfter: await box(page, '.game-container') };
}

/** Asserts nothing moved under the pointer, nor the board, by more than 1 px. */
function assertStill(label, { before, under, board, boardAfter }) {
  const control = under ? moved(before, under) : Infinity;
  console.log(`${label}: the control under the pointer moved ${control.toFixed(1)} px (now ${under?.what}), the board ${moved(board, boardAfter).toFixed(1)} px`);
  assert.ok(under, `${label}: a control is under the pointer`);
  assert.ok(control <= 1, `${label}: the control under the pointer moved ${control} px`);
  assert.ok(moved(board, boardAfter) <= 1, `${label}: the board moved`);
}

test('the game and its tools are one centred pair at every desktop size, a panel open or not', async () => {
  for (const win of DESKTOPS) {
    const { context, page, errors } = await open(win);
    const pair = async () => {
      const board = await box(page, '.game-container');
      const tools = await box(page, '.tools');
      return { board, tools, left: board.left, right: win.viewport.width - tools.right };
    };
    const closed = await pair();
    await page.click('.history-button');
    await page.waitForSelector('.history-panel .history-entry');
    const opened = await pair();
    console.log(`${win.name}: margins ${closed.left.toFixed(0)} | ${closed.right.toFixed(0)} px closed, ${opened.left.toFixed(0)} | ${opened.right.toFixed(0)} open`);
    for (const [what, p] of [['nothing open', closed], ['History open', opened]]) {
      assert.ok(Math.abs(p.left - p.right) <= 2, `${win.name}, ${what}: the pair is off centre (${p.left} | ${p.right})`);
      assert.ok(p.left >= 20, `${win.name}, ${what}: the pair hugs the window's edge`);
    }
    assert.ok(moved(closed.board, opened.board) <= 0.5, `${win.name}: opening History moved the board`);
    assertNoErrors(errors, win.name);
    await context.close();
  }
});

test('at 1366×768 with nothing open the page does not scroll; the board and its controls are at most 40 px apart', async () => {
  for (const win of [...DESKTOPS, PHONE]) {
    const { context, page } = await open(win);
    const board = await box(page, '.game-container');
    const controls = await box(page, '.game-controls');
    const scroll = await page.evaluate(() => document.scrollingElement.scrollHeight - innerHeight);
    console.log(`${win.name}: board to controls ${(controls.top - board.bottom).toFixed(1)} px, scrolls ${scroll} px`);
    assert.ok(controls.top - board.bottom <= 40, `${win.name}: ${controls.top - board.bottom} px between the board and its controls`);
    if (win === DESKTOPS[1]) assert.ok(scroll <= 0, `1366×768: the page scrolls ${scroll} px with nothing open`);
    await context.close();
  }
});

test('on a phone the History slider scrolled to is hittable below the pinned board, and a drag moves it', async () => {
  const { context, page, errors } = await open(PHONE);
  await play(page, 24);
  await page.click('.history-button');
  await page.waitForSelector('.history-panel .history-entry');
  // As the browser brings it into view for a tap, or for the keyboard.
  await page.$eval('.history-slider', (s) => s.scrollIntoView());
  const hit = await page.evaluate(() => {
    const s = document.querySelector('.history-slider').getBoundingClientRect();
    const top = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    return { on: top?.className, y: s.top + s.height / 2, x: s.left, width: s.width };
  });
  console.log(`phone: at the slider's centre (y ${hit.y.toFixed(0)}) is .${hit.on}`);
  assert.equal(hit.on, 'history-slider', 'the slider is on top at its centre');
  const before = await page.$eval('.history-slider', (s) => s.value);
  await page.mouse.move(hit.x + hit.width - 12, hit.y);
  await page.mouse.down();
  await page.mouse.move(hit.x + hit.width / 3, hit.y, { steps: 5 });
  await page.mouse.up();
  const after = await page.$eval('.history-slider', (s) => s.value);
  console.log(`phone: a drag took the slider from ${before} to ${after}`);
  assert.notEqual(after, before, 'the drag moved the slider');
  assertNoErrors(errors);
  await context.close();
});

test('the message log docks beside the board: the game does not move, the panel that opened it is not covered', async () => {
  for (const win of DESKTOPS) {
    const { context, page, errors } = await open(win);
    await play(page, 4);
    await page.click('.history-button');
    await page.waitForSelector('.history-panel');
    const board = await box(page, '.game-container');
    await page.click('.messages-button');
    await page.waitForSelector('#debugger .inspector', { timeout: 20_000 });
    const after = await box(page, '.game-container');
    const dock = await box(page, '#debugger .inspector');
    const panel = await box(page, '.tools');
    const overlap = Math.max(0, Math.min(panel.right, dock.right) - Math.max(panel.left, dock.left))
      * Math.max(0, Math.min(panel.bottom, dock.bottom) - Math.max(panel.top, dock.top));
    const overBoard = Math.max(0, Math.min(after.right, dock.right) - Math.max(after.left, dock.left))
      * Math.max(0, Math.min(after.bottom, dock.bottom) - Math.max(after.top, dock.top));
    console.log(`${win.name}: the log opened, the board moved ${moved(board, after)} px; the log over the panel ${overlap.toFixed(0)} px², over the board ${overBoard.toFixed(0)} px²`);
    assert.equal(moved(board, after), 0, `${win.name}: the game moved`);
    assert.equal(overlap, 0, `${win.name}: the log covers the panel`);
    assert.equal(overBoard, 0, `${win.name}: the log covers the board`);
    assertNoErrors(errors, win.name);
    await context.close();
  }
});

test('nothing moves under the pointer: leaving the present, choosing a review\'s mark', async () => {
  for (const win of WINDOWS) {
    const { context, page, errors } = await open(win);
    await play(page, 20);
    await page.click('.history-button');
    await page.waitForSelector('.history-panel .history-entry');
    const row = '.history-entry[data-i="15"]';
    assertStill(`${win.name}, leaving the present by a row`, await pressInPlace(page, row,
      () => page.waitForSelector(`${row}[aria-current]`)));
    await page.click('.present-button');
    await pressReview(page);
    await waitReviewed(page);
    const mark = '.history-row:has(.history-entry[data-i="17"]) .review-mark-button';
    await page.waitForSelector(mark);
    const chosen = await pressInPlace(page, mark, () => page.waitForSelector(`${mark}[aria-current]`));
    assertStill(`${win.name}, choosing the mark of move 17`, chosen);
    assert.match(await page.textContent('.history-position'), /^Showing the board before move 17 of \d+, where you moved (up|down|left|right)\.$/);
    assertNoErrors(errors, win.name);
    await context.close();
  }
});

test('nothing moves under the pointer: opening the daily, Finish\'s question, the card', async () => {
  for (const win of WINDOWS) {
    const { context, page, errors } = await open(win, { clock: DAY });
    await play(page, 2);
    assertStill(`${win.name}, opening the daily`, await pressInPlace(page, '.daily-button',
      () => page.waitForSelector('.contest-line')));
    await play(page, 3);
    assertStill(`${win.name}, Finish's question`, await pressInPlace(page, '.contest-finish',
      () => page.waitForSelector('.contest-question')));
    assert.equal(await page.$('.contest-ended'), null, 'the question is not said as the end');
    await page.click('.contest-finish-yes');
    await page.waitForSelector('.contest-share');
    assertStill(`${win.name}, the card`, await pressInPlace(page, '.contest-share',
      () => page.waitForSelector('.result-card .card-line', { timeout: 15_000 })));
    assertNoErrors(errors, win.name);
    await context.close();
  }
});

test('focus rings for the keyboard only: a button of the game (a tab, an action, New Game, a control) clicked shows none, even while the arrows play; Tab shows one', async () => {
  const { context, page, errors } = await open(DESKTOPS[0]);
  const ring = (s) => page.$eval(s, (el) => getComputedStyle(el).outlineStyle !== 'none' && getComputedStyle(el).outlineWidth !== '0px');
  // Whatever has a ring now, anywhere on the page.
  const ringed = () => page.evaluate(() => [...document.querySelectorAll('*')]
    .filter((el) => getComputedStyle(el).outlineStyle !== 'none' && getComputedStyle(el).outlineWidth !== '0px')
    .map((el) => el.className.baseVal ?? el.className));
  for (const [button, ready] of [['.stats-button', '.stats-panel h2'], ['.history-button', '.history-panel h2'], ['.theme-button', null],
    ['.restart-button', null], ['.undo-button', null], ['.hint-button', '.hint-output:not(:empty)']]) {
    await page.click(button);
    if (ready) await page.waitForSelector(ready);
    assert.equal(await ring(button), false, `a ring on ${button}, clicked`);
    // The arrows play the game (a key press is what lights :focus-visible on
    // a focused element): still no ring, on the tab clicked or anywhere.
    await play(page, 2);
    assert.deepEqual(await ringed(), [], `rings after ${button} was clicked and the arrows played`);
  }
  await page.focus('.history-button');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement.className);
  assert.equal(await ring(`.${focused.split(' ')[0]}`), true, `no ring on ${focused}, reached by Tab`);
  assertNoErrors(errors);
  await context.close();
});
