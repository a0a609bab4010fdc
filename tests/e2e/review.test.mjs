// The coach in the browser: a shared game reviewed move by move in the AI
// workers, with the same grades as the native review (src/bin/review/,
// the same `ai::review` code); a deliberate blunder marked, and a mark shows
// the board with the better move drawn as a hint and the verdict in words; the same game twice gets
// the same review; progress is shown, Cancel stops at once, and the page
// keeps playing without a long task or a console error meanwhile.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, requireDist, ARROW_FOR, DIRECTIONS, REPO } from './helpers.mjs';
import { collectErrors, untilIdle } from './storage-helpers.mjs';
import { TRACE_CATEGORIES, mainThreadTasks } from './trace-helpers.mjs';
import {
  buildReview, gameLink, blunderedLink, nativeReview, watchLongTasks, longTasks, pageNow, openSharedGame, pressReview,
  reviewProgress, waitReviewed, readReview, cancelReview, chooseMark,
} from './review-helpers.mjs';

let server;
let browser;

before(async () => {
  buildReview();
  server = await startServer(requireDist());
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
});

/** A fresh page (no service worker, no storage) watching long tasks and errors. */
async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 }, serviceWorkers: 'block' });
  await context.addInitScript(watchLongTasks);
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { context, page, errors };
}

/** Reviews a shared game from a fresh page: what the page shows, and how long it took. */
async function reviewShared(query) {
  const { context, page, errors } = await freshPage();
  await openSharedGame(page, server.url, query);
  await pressReview(page);
  const ms = await waitReviewed(page);
  const shown = await readReview(page);
  return { context, page, errors, ms, shown };
}

test('a shared game with a deliberate blunder: marked, graded as natively, explained, the same twice', async () => {
  const { query, blunders } = blunderedLink({ moves: 600, seed: 3, from: [300] });
  assert.equal(blunders.length, 1, 'the search threw its game and blundered once');
  const native = nativeReview(query);
  for (const n of blunders) {
    assert.equal(native.grades.get(n), 'blunder', `move ${n} natively`);
  }
  const first = await reviewShared(query);
  assert.deepEqual(first.shown.counts, native.counts, `the page's counts against the native review\n${first.shown.summary}`);
  assert.equal(first.shown.summary, native.said, 'the page words the summary as the native review does');
  // Each deliberate blunder is marked on the chart (move n was played on
  // the board after n - 1 inputs: the game's inputs are all moves).
  for (const n of blunders) {
    const mark = first.shown.marked.find((m) => m.at === n - 1);
    assert.ok(mark && mark.grade === 'blunder', `move ${n}: ${JSON.stringify(mark)}`);
  }
  // Choosing a mark shows the board it was played on, the better move drawn
  // as a hint, and says what the move cost.
  const n = blunders[0];
  await chooseMark(first.page, n - 1);
  const hint = await first.page.evaluate(() => document.querySelector('.game-container').getAttribute('data-hint'));
  assert.ok(DIRECTIONS.includes(hint), `the better move drawn: ${hint}`);
  const said = await first.page.locator('.hint-output').textContent();
  // The README quotes this line: it must be what the page says.
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8').replace(/\s+/g, ' ');
  // (The page groups thousands with a no-break space; the README's text is
  // read with every space as one.)
  assert.ok(readme.includes(`"${said.replace(/\s+/g, ' ')}"`), `README quotes the verdict under the board: ${said}`);
  assert.match(said, new RegExp(`^Move ${n}, (up|down|left|right): blunder\\. It cost about \\d+ points of your chance to make \\d{1,3}(\u00a0\\d{3})*; ${hint} kept [\\d.]+%\\.$`), said);
  assert.deepEqual(first.errors, []);
  await first.context.close();

  const second = await reviewShared(query);
  assert.deepEqual(second.shown, first.shown, 'the same game, the same review');
  assert.deepEqual(second.errors, []);
  await second.context.close();
});

test("the search's own game makes no mistake and reviews at 95% or more", async () => {
  const query = gameLink({ moves: 800, seed: 5 });
  const { context, shown, errors } = await reviewShared(query);
  const total = Object.values(shown.counts).reduce((a, b) => a + b, 0);
  assert.equal(total, 800);
  assert.equal(shown.counts.mistake + shown.counts.blunder, 0, shown.summary);
  const accuracy = Number(/^Accuracy ([\d.]+)%/.exec(shown.summary)?.[1]);
  assert.ok(accuracy >= 95, shown.summary);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long review shows progress, keeps the page playing without a long task, and cancels at once', async () => {
  const query = gameLink({ moves: 2000, seed: 7 });
  const { context, page, errors } = await freshPage();
  await openSharedGame(page, server.url, query);
  // As a player would, start once the page has settled: the tasks of its
  // start (the first render, compiling the code it runs first) are not the
  // review's.
  await untilIdle(page);
  await page.waitForTimeout(300);
  const pressed = await pageNow(page);
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await pressReview(page);
  await page.waitForFunction(() => Number(document.querySelector('.review-progress')?.getAttribute('value')) > 0);
  const early = await reviewProgress(page);
  // 2 000 inputs: every one a move but the Keep going after 2048.
  assert.ok(early.running && early.total >= 1999, JSON.stringify(early));
  // The player goes on playing meanwhile (the review ended the replay).
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press(ARROW_FOR[DIRECTIONS[i % 4]]);
    await page.waitForTimeout(20);
  }
  const later = await reviewProgress(page);
  assert.ok(later.running && later.judged > early.judged, `progress moves: ${JSON.stringify([early, later])}`);
  await cancelReview(page);
  const stopped = await reviewProgress(page);
  assert.equal(stopped.running, false, 'Cancel ends the run at once');
  const judged = (await readReview(page)).summary;
  await page.waitForTimeout(500);
  assert.equal((await readReview(page)).summary, judged, 'no verdict arrives after Cancel');
  const cpu = mainThreadTasks(await browser.stopTracing());
  const tasks = await longTasks(page, pressed);
  console.log(`review: ${cpu.tasks} main-thread tasks while the review ran: most CPU in one ${cpu.maxCpu.toFixed(1)} ms, ` +
    `of the page's script ${cpu.maxScript.toFixed(1)} ms; long tasks by the clock: ${JSON.stringify(tasks)}`);
  // The review runs in workers: no task takes 50 ms of the main thread's
  // CPU (a long task; measured: at most 15–22 ms, Review's click on a
  // 2 000-move game the longest). A long task by the clock alone is a busy
  // machine's (printed above).
  assert.ok(cpu.tasks > 100, `the trace holds only ${cpu.tasks} main-thread tasks`);
  assert.ok(cpu.maxCpu < 50, `a main-thread task took ${cpu.maxCpu.toFixed(1)} ms of CPU while the review ran`);
  // Reviewing again goes on from where it stopped, to the end.
  await pressReview(page);
  await waitReviewed(page);
  assert.deepEqual(errors, []);
  await context.close();
});
