// What a step of the debugger costs, click to redraw: Next pressed while
// paused, until the inspector's title names the next message and the
// following frame has been drawn. Measured in one run, in one browser, on
// two pages of the same build: a short session (paused before message 100
// of about 140) and a full window (paused before its last messages, after
// 5 200 key presses: the recording keeps 5 000). Each step replays one
// `update` from the model shown, or at most a snapshot's span (64), so the
// two should cost the same. A benchmark that prints figures, not a test.
//
//   node scripts/debugger-step.mjs [--dist DIR] [--steps 30] [--presses 5200]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launchBrowser, pressKeys, REPO } from '../tests/e2e/helpers.mjs';
import { timeNexts, quantile as p } from './bench-helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(REPO, 'dist') },
    steps: { type: 'string', default: '30' },
    presses: { type: 'string', default: '5200' },
  },
});
const STEPS = Number(opts.steps);

/** A page of this build after `presses` key presses, its message log open. */
async function pageWith(browser, url, presses) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(new URL('?seed=43', url).href, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelectorAll('.tile-container > .tile').length >= 2);
  await pressKeys(page, presses);
  await page.waitForTimeout(300);
  await page.click('.history-button');
  await page.waitForSelector('.history-panel');
  await page.click('.messages-button');
  await page.waitForSelector('.message-log');
  return page;
}

/** Pauses on message `from` and presses Next `STEPS` times: each step's
 * milliseconds, click to the frame after the title changed. */
async function steps(page, from) {
  await page.click(`.message-log > li[data-n="${from}"] .message-n`);
  await page.waitForFunction((n) => Number(document.querySelector('.inspector-title')?.dataset.at) === n, from);
  return timeNexts(page, STEPS);
}

const server = await startServer(opts.dist);
const browser = await launchBrowser();
try {
  const short = await pageWith(browser, server.url, 140);
  const shortTimes = await steps(short, 100 - STEPS);
  const long = await pageWith(browser, server.url, Number(opts.presses));
  const newest = await long.$eval('.message-log > li .message-n', (b) => Number(b.textContent));
  const longTimes = await steps(long, newest - STEPS);
  // The short session again, after the long one, to see the machine's drift.
  const shortAgain = await steps(short, 100 - STEPS);
  const say = (name, xs) => `${name}: p50 ${p(xs, 0.5).toFixed(1)} ms, p95 ${p(xs, 0.95).toFixed(1)} ms`;
  console.log(`${opts.dist}: Next, click to redraw, ${STEPS} steps each`);
  console.log(`  ${say('short session, to message 100', shortTimes)}`);
  console.log(`  ${say(`full window (${newest} messages), to its last`, longTimes)}`);
  console.log(`  ${say('short session again', shortAgain)}`);
  const ratio = p(longTimes, 0.5) / p([...shortTimes, ...shortAgain], 0.5);
  console.log(`  full window / short session, p50: ${ratio.toFixed(2)}`);
} finally {
  await browser.close();
  await server.close();
}
