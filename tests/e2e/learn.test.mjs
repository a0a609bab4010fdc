// Learn from your mistakes in the browser: a shared game reviewed in the
// AI workers, then its walk: the board before each mistake, the bar's
// question (the move played and what it cost), an answer by key judged by
// the review's assessment ("Not quite", found), Try again, Show me (the
// best move drawn as the hint's arrow), Skip, the end's count, and Back to
// my game; on a phone, nothing moves under the pointer; axe-core on the
// walk in both themes.
//
// The game is the search's, thrown once it can blunder (`review --link …
// --blunder-from`), so its review has mistakes; the native review of the
// same link says which moves, what was played and the better move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { collectErrors, startSuite, readNotice, untilIdle } from './storage-helpers.mjs';
import { audit, pageErrors, setTheme } from './extra-helpers.mjs';
import { buildReview, blunderedLink, nativeReview, chooseMark } from './review-helpers.mjs';
import {
  reviewSharedGame, readWalk, waitWalk, learnFromMistakes, pressWalkButton, answerWith, backToMyGame, boardValues, rectOf,
  openStatistics, readDeckLine, practise,
} from './learn-helpers.mjs';

const DESKTOP = { width: 1100, height: 1000 };
const PHONE = { width: 390, height: 844 };

let suite;
/** The game: its link's query, its native review, and the moves (1-based) the walk asks, in order. */
let game;

before(async () => {
  buildReview();
  const { query } = blunderedLink({ moves: 120, seed: 8, from: [40] });
  const native = nativeReview(query);
  const learn = [...native.grades].filter(([, g]) => g === 'mistake' || g === 'blunder').map(([n]) => n).sort((a, b) => a - b);
  assert.ok(learn.length >= 2, `the game has at least two mistakes or blunders: ${learn}`);
  game = { query, native, learn };
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** A fresh page (no service worker, no storage) of `viewport`, its errors recorded. */
async function freshPage(viewport) {
  const context = await suite.browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { context, page, errors };
}

/** The pairs of the walk's buttons whose boxes overlap, by their words. */
function overlapping(page) {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('section.walk-bar button')].map((b) => [b.textContent, b.getBoundingClientRect()]);
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return boxes.flatMap(([n, a], i) => boxes.slice(i + 1).filter(([, b]) => meet(a, b)).map(([m]) => `${n} / ${m}`));
  });
}

/** "Up" for "up". */
const capitalised = (word) => word[0].toUpperCase() + word.slice(1);

test("a reviewed game's walk: the board before each mistake, answers judged, Try again, Show me, the end's count, back to the game", async () => {
  const { context, page, errors } = await freshPage(DESKTOP);
  await reviewSharedGame(page, suite.url, game.query);
  const live = await boardValues(page);
  const [first, second] = game.learn;
  const of = game.learn.length;

  // The History's view of the first mistake: the board it was played on.
  await chooseMark(page, first - 1);
  const before = await boardValues(page);
  assert.notDeepEqual(before, live, 'the first mistake was played on another board than the last');
  await page.click('.present-button');
  assert.deepEqual(await boardValues(page), live, 'back to the present');

  assert.equal(await page.locator('.review-learn-count').textContent(), `${of} positions to try again`);
  let walk = await learnFromMistakes(page);
  assert.deepEqual(await boardValues(page), before, 'the walk shows the board before the first mistake');
  assert.equal(walk.progress, `Position 1 of ${of}`);
  const played = game.native.played.get(first);
  const grade = game.native.grades.get(first);
  assert.match(
    walk.line,
    new RegExp(`^Move ${first}: ${played} was a ${grade}\\. It cost .+ of your chance to make \\d[\\d\u00a0]*\\. Find a better move\\.$`),
  );
  assert.deepEqual(walk.buttons, ['Show me', 'Skip', 'Back to my game']);
  assert.equal(walk.arrow, null, 'no arrow before Show me');

  // The move that was played: not quite. The board does not play it.
  walk = await answerWith(page, played);
  assert.match(walk.line, new RegExp(`^Not quite: ${played} keeps [\\d.]+%, .+ less than the best move\\.$`));
  assert.equal(walk.found, false);
  assert.deepEqual(walk.buttons, ['Try again', 'Show me', 'Skip', 'Share as a puzzle', 'Back to my game']);
  assert.deepEqual(await boardValues(page), before, 'an answer is not played on the board');

  await pressWalkButton(page, 'Try again');
  walk = await waitWalk(page, /Find a better move\.$/);
  assert.equal(walk.progress, `Position 1 of ${of}`);

  // Show me: the best move, in words and as the hint's arrow.
  await pressWalkButton(page, 'Show me');
  walk = await waitWalk(page, /^The best move here is/);
  const best = walk.line.match(/^The best move here is (up|down|left|right): it keeps [\d.]+%\.$/)?.[1];
  assert.equal(best, game.native.better.get(first), `the native review's better move: ${walk.line}`);
  assert.equal(walk.arrow, best, "Show me draws the best move as the hint's arrow");
  assert.ok(walk.buttons.includes('Next') && !walk.buttons.includes('Show me'), walk.buttons.join(', '));

  // The next position: its best move, by key, is found.
  await pressWalkButton(page, 'Next');
  walk = await waitWalk(page, new RegExp(`^Position 2 of ${of}$`), 'progress');
  assert.equal(walk.arrow, null, 'the arrow goes with the position it was shown on');
  assert.match(walk.line, new RegExp(`^Move ${second}: ${game.native.played.get(second)} was a`));
  const better = game.native.better.get(second);
  walk = await answerWith(page, better);
  assert.ok(walk.found, `found: ${walk.line}`);
  assert.match(walk.line, new RegExp(`^${capitalised(better)}: best\\. It keeps [\\d.]+% of your chance to make \\d[\\d\u00a0]*\\.$`));

  // Skip the rest, to the end's count.
  await pressWalkButton(page, 'Next');
  for (let n = 3; n <= of; n += 1) {
    await waitWalk(page, new RegExp(`^Position ${n} of`), 'progress');
    await pressWalkButton(page, 'Skip');
  }
  walk = await waitWalk(page, /^You found/, 'progress');
  assert.equal(walk.progress, `You found 1 of ${of} better moves, 1 at the first try.`);
  assert.deepEqual(walk.buttons, ['Back to my game']);

  await backToMyGame(page);
  assert.deepEqual(await boardValues(page), live, "Back to my game puts the game's board back");
  assert.equal(await readWalk(page), null);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("the walk's positions join the deck: Statistics count them, and Practice walks those due", async () => {
  const { context, page, errors } = await freshPage(DESKTOP);
  await reviewSharedGame(page, suite.url, game.query);
  const of = game.learn.length;
  await learnFromMistakes(page);
  await backToMyGame(page);
  assert.deepEqual(await openStatistics(page), { said: `Your deck: ${of} positions, ${of} due today, 0 learned.`, practice: true });

  // Practice: the cards due, the first to join first, the game's own words.
  let walk = await practise(page);
  const [first] = game.learn;
  assert.equal(walk.progress, `Position 1 of ${of}`);
  assert.match(walk.line, new RegExp(`^Move ${first}: ${game.native.played.get(first)} was a ${game.native.grades.get(first)}\\.`));
  assert.ok(!walk.buttons.includes('Share as a puzzle'), 'a card is no puzzle of the game on the board');
  walk = await answerWith(page, game.native.better.get(first));
  assert.ok(walk.found, walk.line);
  // Found at the first try: the card is due again later, no longer today.
  await page.waitForFunction((n) => document.querySelector('.stats-panel .deck-line span')?.textContent.includes(`${n} due today`), of - 1);
  assert.deepEqual(await readDeckLine(page), { said: `Your deck: ${of} positions, ${of - 1} due today, 0 learned.`, practice: of > 1 });
  await backToMyGame(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("on a phone: Learn from your mistakes and the walk's buttons stay under the pointer; the board and the bar in view", async () => {
  const { context, page, errors } = await freshPage(PHONE);
  await reviewSharedGame(page, suite.url, game.query);
  const learn = page.locator('button.learn-button');
  await learn.scrollIntoViewIfNeeded();
  const pressed = await rectOf(page, 'button.learn-button');
  const board = await rectOf(page, '.game-container');
  await learnFromMistakes(page);
  assert.deepEqual(await rectOf(page, 'button.learn-button'), pressed, 'Learn from your mistakes did not move');
  assert.deepEqual(await rectOf(page, '.game-container'), board, 'the board did not move');
  const bar = await rectOf(page, 'section.walk-bar');
  assert.ok(bar.y >= board.y + board.height && bar.y + bar.height <= PHONE.height,
    `the bar is whole in the window, below the board: ${JSON.stringify({ bar, board })}`);

  // An answer, Try again, Show me and Skip: every button left stays where it was.
  const slots = async () => ({
    show: await rectOf(page, '.walk-show'),
    skip: await rectOf(page, '.walk-skip'),
    end: await rectOf(page, '.walk-end'),
  });
  const asked = await slots();
  await answerWith(page, game.native.played.get(game.learn[0]));
  assert.deepEqual(await slots(), asked, 'the buttons after "Not quite"');
  assert.deepEqual(await overlapping(page), [], 'no two of the walk\'s buttons overlap');
  await pressWalkButton(page, 'Try again');
  await waitWalk(page, /Find a better move\.$/);
  assert.deepEqual(await slots(), asked, 'the buttons after Try again');
  const show = asked.show;
  await pressWalkButton(page, 'Show me');
  await waitWalk(page, /^The best move here is/);
  const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    [show.x + show.width / 2, show.y + show.height / 2]);
  assert.equal(under, null, 'no other button took the place of Show me');
  assert.deepEqual(await rectOf(page, '.walk-end'), asked.end, 'Back to my game stays');
  await pressWalkButton(page, 'Next');
  await waitWalk(page, /^Position 2 of/, 'progress');
  assert.deepEqual(await slots(), asked, 'the buttons on the next position');
  await pressWalkButton(page, 'Skip');
  if (game.learn.length > 2) assert.deepEqual(await slots(), asked, 'the buttons after Skip');
  await audit(page, 'the walk on a phone, light theme');

  await backToMyGame(page);
  assert.deepEqual(await rectOf(page, 'button.learn-button'), pressed, 'nothing moved when the bar went');
  assert.deepEqual(await rectOf(page, '.game-container'), board);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('axe-core finds nothing serious on the walk, in both themes, on a desktop and a phone', async () => {
  for (const [viewport, theme] of [[DESKTOP, 'light'], [DESKTOP, 'dark'], [PHONE, 'dark']]) {
    const { context, page, errors } = await freshPage(viewport);
    await reviewSharedGame(page, suite.url, game.query);
    await setTheme(page, theme);
    const where = `${viewport.width}×${viewport.height}, ${theme}`;
    await learnFromMistakes(page);
    await audit(page, `the walk asking, ${where}`);
    await answerWith(page, game.native.played.get(game.learn[0]));
    await audit(page, `the walk, "Not quite", ${where}`);
    await pressWalkButton(page, 'Show me');
    await waitWalk(page, /^The best move here is/);
    await pressWalkButton(page, 'Next');
    await answerWith(page, game.native.better.get(game.learn[1]));
    await audit(page, `the walk, found, ${where}`);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  }
});

const DECK = 'leptos-2048:v1:deck';

/** Waits until Statistics' deck line says `said`. */
async function waitDeckLine(page, said) {
  await page.waitForFunction((s) => document.querySelector('.stats-panel .deck-line span')?.textContent.trim() === s, said, {
    timeout: 20_000,
  }).catch(async (e) => {
    throw new Error(`the deck's line never said "${said}": ${JSON.stringify(await readDeckLine(page))} (${e.message})`);
  });
}

test('the deck is kept across a reload, and another tab follows it', async () => {
  const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block' });
  const other = await context.newPage();
  const otherErrors = collectErrors(other);
  await other.goto(suite.url);
  assert.deepEqual(await openStatistics(other), { said: 'Your deck: 0 positions, 0 due today, 0 learned.', practice: false });

  const page = await context.newPage();
  const errors = collectErrors(page);
  await reviewSharedGame(page, suite.url, game.query);
  const of = game.learn.length;
  await learnFromMistakes(page);
  await backToMyGame(page);
  await untilIdle(page);
  assert.ok(await page.evaluate((k) => localStorage.getItem(k), DECK), 'the deck is stored');
  // The other tab hears the storage event and counts the new cards.
  await waitDeckLine(other, `Your deck: ${of} positions, ${of} due today, 0 learned.`);

  await page.reload();
  assert.deepEqual(await openStatistics(page), { said: `Your deck: ${of} positions, ${of} due today, 0 learned.`, practice: true });
  assert.deepEqual(pageErrors(errors), []);
  assert.deepEqual(pageErrors(otherErrors), []);
  await context.close();
});

test('a deck storage cannot read is set aside, said so, and the game goes on', async () => {
  const context = await suite.browser.newContext({
    viewport: DESKTOP,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [{ origin: suite.origin, localStorage: [{ name: DECK, value: '{"version":1,"value":garbage' }] }] },
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(suite.url);
  assert.deepEqual(await openStatistics(page), { said: 'Your deck: 0 positions, 0 due today, 0 learned.', practice: false });
  await page.waitForFunction(() => !document.querySelector('.storage-notice')?.hidden, null, { timeout: 10_000 });
  const notice = await readNotice(page);
  assert.match(notice.text, /the deck of positions to practise/, notice.text);
  assert.equal(await page.evaluate((k) => localStorage.getItem(`${k}:corrupt`), DECK), '{"version":1,"value":garbage');
  const before = await boardValues(page);
  await page.evaluate(() => document.activeElement?.blur());
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  assert.notDeepEqual(await boardValues(page), before, 'the game plays on');
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('Practice the next day: a card found at the first try is due again two days later, one missed the next day', async () => {
  const day = (d) => new Date(Date.UTC(2026, 5, d, 10));
  const context = await suite.browser.newContext({ viewport: DESKTOP, serviceWorkers: 'block', timezoneId: 'UTC' });
  await context.clock.install({ time: day(1) });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await reviewSharedGame(page, suite.url, game.query);
  const of = game.learn.length;
  const [first, second] = game.learn;
  await learnFromMistakes(page);
  // The first: shown, so missed (due tomorrow); the second: found at the first try (due in 2 days).
  await pressWalkButton(page, 'Show me');
  await waitWalk(page, /^The best move here is/);
  await pressWalkButton(page, 'Next');
  await waitWalk(page, /^Position 2 of/, 'progress');
  assert.ok((await answerWith(page, game.native.better.get(second))).found);
  await backToMyGame(page);
  await openStatistics(page);
  await waitDeckLine(page, `Your deck: ${of} positions, ${of - 2} due today, 0 learned.`);

  await page.clock.setSystemTime(day(2));
  await waitDeckLine(page, `Your deck: ${of} positions, 1 due today, 0 learned.`);
  let walk = await practise(page);
  assert.equal(walk.progress, 'Position 1 of 1');
  assert.match(walk.line, new RegExp(`^Move ${first}: `));
  assert.ok((await answerWith(page, game.native.better.get(first))).found);
  await waitDeckLine(page, `Your deck: ${of} positions, 0 due today, 0 learned.`);
  await backToMyGame(page);

  await page.clock.setSystemTime(day(3));
  await waitDeckLine(page, `Your deck: ${of} positions, 1 due today, 0 learned.`);
  walk = await practise(page);
  assert.match(walk.line, new RegExp(`^Move ${second}: `), 'the card found on the first day is due on the third');
  await backToMyGame(page);
  await page.clock.setSystemTime(day(4));
  await waitDeckLine(page, `Your deck: ${of} positions, 2 due today, 0 learned.`);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('a puzzle link opens its position in a fresh browser, asks once the coach has searched it, and a changed one is refused', async () => {
  const [first] = game.learn;
  // The position, as the walk of the game's review shows it.
  const seen = await freshPage(DESKTOP);
  await reviewSharedGame(seen.page, suite.url, game.query);
  await learnFromMistakes(seen.page);
  const position = await boardValues(seen.page);
  await seen.context.close();

  const { context, page, errors } = await freshPage(DESKTOP);
  const link = `${game.query}&puzzle=${first}`;
  await page.goto(new URL(link, suite.url).href);
  const walk = await waitWalk(page, /Find a better move\.$/);
  assert.deepEqual(await boardValues(page), position, "the board shows the puzzle's position");
  assert.equal(walk.progress, 'Position 1 of 1');
  assert.match(walk.line, new RegExp(`^Move ${first}: ${game.native.played.get(first)} was a ${game.native.grades.get(first)}\\.`));
  const note = (await page.locator('.link-notice').textContent()).trim();
  const target = 2 * Math.max(...position.flat());
  assert.ok(
    note.startsWith(`From a game replayed from its seed: move ${first} of ${game.native.moves}, ${target} to make.`),
    note,
  );
  assert.deepEqual(pageErrors(errors), []);
  await context.close();

  // One character of the replay link changed: refused, in words.
  const query = game.query;
  const i = query.length - 5;
  const changed = `${query.slice(0, i)}${query[i] === 'A' ? 'B' : 'A'}${query.slice(i + 1)}&puzzle=${first}`;
  const refused = await freshPage(DESKTOP);
  await refused.page.goto(new URL(changed, suite.url).href);
  await refused.page.waitForSelector('.link-notice', { timeout: 10_000 });
  const said = (await refused.page.locator('.link-notice').textContent()).trim();
  assert.match(said, /^This puzzle link cannot be opened: /, said);
  assert.equal(await readWalk(refused.page), null, 'no walk from a refused link');
  await refused.context.close();
});
