// How long the coach takes to review a game in the browser: a benchmark
// that prints figures (not a test). For each game length it plays a game of
// the search's natively (`review --link`), opens it as a share link in
// headless Chromium against the built site, presses Review, and times the
// review from the press to the last verdict shown, with the page's long
// tasks meanwhile. `--cores N` makes the page believe it has N cores
// (navigator.hardwareConcurrency), which sets how many workers the review
// uses (all but one, at most 4: src/web/review_pool.rs).
//
//   node scripts/review-bench.mjs [--dist DIR] [--moves 1000,3000]
//        [--cores N] [--seed 1]
//
// Target: a 1 000-move game reviewed within 10 s. Exits 0 whatever it measured.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launchBrowser, REPO } from '../tests/e2e/helpers.mjs';
import { untilIdle } from '../tests/e2e/storage-helpers.mjs';
import {
  buildReview, gameLink, watchLongTasks, longTasks, pageNow, openSharedGame, pressReview, waitReviewed, readReview,
} from '../tests/e2e/review-helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(REPO, 'dist') },
    moves: { type: 'string', default: '1000,3000' },
    cores: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const TARGET_MS = 10_000;

buildReview();
const server = await startServer(opts.dist);
const browser = await launchBrowser();
try {
  for (const moves of opts.moves.split(',').map(Number)) {
    const query = gameLink({ moves, seed: Number(opts.seed) });
    const context = await browser.newContext({ viewport: { width: 1100, height: 1000 }, serviceWorkers: 'block' });
    await context.addInitScript(watchLongTasks);
    if (opts.cores) {
      await context.addInitScript((n) => Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n }), Number(opts.cores));
    }
    const page = await context.newPage();
    await openSharedGame(page, server.url, query);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await untilIdle(page); // the page's start-up tasks are not the review's
    const pressed = await pageNow(page);
    await pressReview(page);
    const ms = await waitReviewed(page, 600_000);
    const tasks = await longTasks(page, pressed);
    const { summary } = await readReview(page);
    const verdict = moves === 1000 ? (ms <= TARGET_MS ? ' (target ≤ 10 s: met)' : ' (target ≤ 10 s: missed)') : '';
    console.log(
      `${moves} moves: ${(ms / 1000).toFixed(2)} s, ${(ms / moves).toFixed(2)} ms a move${verdict}; ` +
        `${cores} cores seen, ${Math.min(4, Math.max(1, cores - 1))} workers; ` +
        `long tasks: ${tasks.length}${tasks.length ? ` (longest ${Math.max(...tasks).toFixed(0)} ms)` : ''}; ${summary}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
