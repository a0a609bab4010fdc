// Learn from your mistakes in the browser, as a player uses it: review a
// shared game, press Learn from your mistakes, read the walk's bar, answer
// with a move, press the walk's buttons, go back to the game. Games with
// mistakes come from the native `review` binary (review-helpers.mjs).
//
// Not a test file itself (no `.test.` in the name).

import { ARROW_FOR, readBoard } from './helpers.mjs';
import { openSharedGame, pressReview, waitReviewed } from './review-helpers.mjs';
import { blur, openInspector } from './session-helpers.mjs';

/** The walk's buttons, by what they say, as the bar draws them (src/app/walk_bar.rs). */
export const WALK_BUTTON = {
  'Try again': '.walk-again',
  'Show me': '.walk-show',
  Skip: '.walk-skip',
  Next: '.walk-next',
  'Share as a puzzle': '.walk-share',
  'Back to my game': '.walk-end',
};

/** Opens a shared game, opens History and has the game reviewed. */
export async function reviewSharedGame(page, base, query) {
  await openSharedGame(page, base, query);
  await openInspector(page);
  await pressReview(page);
  await waitReviewed(page);
}

/** What the walk's bar shows (null while no walk is on). */
export function readWalk(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('section.walk-bar');
    if (!bar) return null;
    const line = bar.querySelector('.walk-line');
    return {
      progress: bar.querySelector('.walk-progress').textContent.trim(),
      line: line.textContent.trim(),
      found: line.classList.contains('walk-found'),
      buttons: [...bar.querySelectorAll('.walk-actions button')].map((b) => b.textContent.trim()),
      arrow: document.querySelector('.game-container').getAttribute('data-hint'),
    };
  });
}

/** Waits until the bar's line (or its progress) matches `pattern`; returns the walk. */
export async function waitWalk(page, pattern, what = 'line') {
  await page.waitForFunction(
    ([source, flags, sel]) => new RegExp(source, flags).test(document.querySelector(`section.walk-bar ${sel}`)?.textContent ?? ''),
    [pattern.source, pattern.flags, what === 'line' ? '.walk-line' : '.walk-progress'],
    { timeout: 20_000 },
  );
  return readWalk(page);
}

/** Presses Learn from your mistakes (History, under the review's counts) and waits for the walk to ask. */
export async function learnFromMistakes(page) {
  await page.locator('button.learn-button').click();
  await page.waitForSelector('section.walk-bar .walk-progress', { timeout: 20_000 });
  return readWalk(page);
}

/** Presses one of the walk's buttons by its words ("Try again", "Show me", …). */
export async function pressWalkButton(page, words) {
  await page.locator(`section.walk-bar ${WALK_BUTTON[words]}`).click();
}

/** Answers the walk with a move, by its arrow key, as a player would (the focus off any button). */
export async function answerWith(page, dir) {
  const before = await readWalk(page);
  await blur(page);
  await page.keyboard.press(ARROW_FOR[dir]);
  await page.waitForFunction((line) => document.querySelector('section.walk-bar .walk-line')?.textContent.trim() !== line, before.line, {
    timeout: 10_000,
  });
  return readWalk(page);
}

/** Presses Back to my game and waits for the bar to go. */
export async function backToMyGame(page) {
  await pressWalkButton(page, 'Back to my game');
  await page.waitForSelector('section.walk-bar', { state: 'detached', timeout: 10_000 });
}

/** The board's tiles, as values by row (readBoard's board). */
export async function boardValues(page) {
  return (await readBoard(page)).board;
}

/** Where an element is on the screen: its bounding box, rounded to 0.1 px (null if absent). */
export function rectOf(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    const round = (v) => Math.round(v * 10) / 10;
    return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
  }, selector);
}

/** Opens Statistics and waits for the deck's line; returns it. */
export async function openStatistics(page) {
  await page.click('.stats-button');
  await page.waitForSelector('.stats-panel .deck-line', { timeout: 20_000 });
  return readDeckLine(page);
}

/** The deck's line in Statistics ("Your deck: …") and whether Practice is offered. */
export function readDeckLine(page) {
  return page.evaluate(() => {
    const line = document.querySelector('.stats-panel .deck-line');
    return line && { said: line.querySelector('span').textContent.trim(), practice: !!line.querySelector('button.practice-button') };
  });
}

/** Presses Practice (Statistics) and waits for the walk to ask. */
export async function practise(page) {
  await page.locator('button.practice-button').click();
  await page.waitForSelector('section.walk-bar .walk-progress', { timeout: 20_000 });
  return readWalk(page);
}
