// What the debugger's message log costs at the recording's full window
// (5 000 messages), in one run, in one browser, on one build: a benchmark
// that prints figures and the targets of issue 49 (not a test).
//
//  1. Playing with the log open against closed: a page handed 5 200 key
//     presses (the arrows round and round, with a New Game every 150, so
//     that the board goes on moving), then timed key by key: the key's
//     `keydown` dispatched, its macrotask (Leptos writes the DOM in the
//     microtasks after it) and a forced style and layout, so that what the
//     browser must redo for the DOM written counts too. The same page, the
//     same keys: with the debugger never opened, then with the log open,
//     then with it closed again. Target: open within 1.2× of closed.
//  2. Next at a full window against a short session: paused on a message,
//     Next clicked, until the inspector's title names the next message and
//     the following frame has been drawn (scripts/debugger-step.mjs's
//     measure), on a page of 140 messages (to message 100) and on the full
//     window (from its first message, which is where a student starts, and
//     to its last). Target: within 1.2×.
//  3. The heap that opening the log at 5 000 messages adds: the wasm's
//     memory (it grows in 64 KiB pages and never shrinks: an upper bound of
//     what the debugger keeps, its snapshots and list; the figure issue 49
//     and docs/size.md measured), target at most 2 MB; and, printed beside
//     it, the JavaScript heap after a garbage collection
//     (Runtime.getHeapUsage: it holds the debugger's chunk once compiled)
//     and the DOM nodes (Memory.getDOMCounters).
//
//   node scripts/debugger-bench.mjs [--dist DIR] [--keys 200] [--steps 30]
//        [--presses 5200] [--json]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launchBrowser, REPO } from '../tests/e2e/helpers.mjs';
import { keepMemory, play, timeNexts, quantile as q } from './bench-helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(REPO, 'dist') },
    keys: { type: 'string', default: '200' },
    steps: { type: 'string', default: '30' },
    presses: { type: 'string', default: '5200' },
    json: { type: 'boolean', default: false },
  },
});
const KEYS = Number(opts.keys);
const STEPS = Number(opts.steps);

/** Times `count` keys, one by one: each key's milliseconds. */
function timeKeys(page, count) {
  return page.evaluate(async (n) => {
    const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const times = [];
    for (let i = 0; i < n; i++) {
      await frame();
      const key = i % 50 === 49 ? 'r' : keys[i % 4];
      const t0 = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 0));
      void document.documentElement.offsetHeight;
      times.push(performance.now() - t0);
    }
    return times;
  }, count);
}

async function openLog(page) {
  await page.click('.messages-button');
  await page.waitForSelector('.message-log > li');
}

async function closeLog(page) {
  await page.click('.messages-button');
  await page.waitForSelector('.message-log', { state: 'detached' });
}

/** The newest message's number (the log open, scrolled to its top). */
function newest(page) {
  return page.$eval('.inspector', () => Number(document.querySelector('.message-log > li')?.dataset.n));
}

/** Pauses on message `from` ("Inspect message N": the list scrolls to
 * it) and presses Next `STEPS` times: each step's milliseconds, click to
 * the frame after the title changed. */
async function steps(page, from) {
  // A page in the background has its frames throttled: each in front in turn.
  await page.bringToFront();
  await page.evaluate(async (n) => {
    const log = document.querySelector('.message-log');
    const row = parseFloat(getComputedStyle(log).getPropertyValue('--message-row'));
    const newest = Number(log.querySelector('li').dataset.n) + Math.round(parseFloat(getComputedStyle(log).paddingTop) / row);
    log.parentElement.scrollTop = (newest - n) * row - 40;
    for (let i = 0; i < 50 && !log.querySelector(`li[data-n="${n}"]`); i++) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  }, from);
  await page.click(`.message-log > li[data-n="${from}"] .message-n`);
  await page.waitForFunction((n) => Number(document.querySelector('.inspector-title')?.dataset.at) === n, from);
  const times = await timeNexts(page, STEPS);
  await page.click('.inspector-live');
  await page.waitForSelector('.inspector-live', { state: 'detached' });
  return times;
}

/** The page's heap: wasm memory, JavaScript heap after a GC, DOM nodes. */
async function heap(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  const wasm = await page.evaluate(() => window.__memory.buffer.byteLength);
  return { wasm, js: usedSize, nodes };
}

const ms = (x) => `${x.toFixed(2)} ms`;
const mb = (b) => `${(b / 1e6).toFixed(2)} MB`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');

const server = await startServer(opts.dist);
const browser = await launchBrowser();
const out = {};
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(keepMemory);

  // The short session first: Next at message 100 of about 140.
  const short = await context.newPage();
  await short.goto(new URL('?seed=43', server.url).href, { waitUntil: 'load' });
  await short.waitForFunction(() => window.__memory && document.querySelectorAll('.tile-container > .tile').length >= 2);
  await play(short, 140);
  await short.waitForTimeout(300);
  await openLog(short);

  // The long life.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(new URL('?seed=43', server.url).href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__memory && document.querySelectorAll('.tile-container > .tile').length >= 2);
  await play(page, Number(opts.presses));
  await page.waitForTimeout(500);

  const closed = await timeKeys(page, KEYS);
  const before = await heap(page, cdp);
  await openLog(page);
  await page.waitForTimeout(500);
  const opened = await heap(page, cdp);
  const listed = await page.$$eval('.message-log > li', (lis) => lis.length);
  const scroll = await page.$eval('.message-log', (l) => ({ height: l.parentElement.scrollHeight, row: getComputedStyle(l).getPropertyValue('--message-row') }));
  const open = await timeKeys(page, KEYS);
  const last = await newest(page);
  const shortFrom = 100 - STEPS;
  const shortTimes = await steps(short, shortFrom);
  // Near the window's first message (idle moments may move the window on
  // by a message or two meanwhile).
  const fullFirst = await steps(page, last - 5000 + 20);
  const fullLast = await steps(page, last - STEPS);
  const shortAgain = await steps(short, shortFrom);
  await closeLog(page);
  const closedAgain = await timeKeys(page, KEYS);

  const keyRatio = q(open, 0.5) / q([...closed, ...closedAgain], 0.5);
  const shortAll = [...shortTimes, ...shortAgain];
  const nextRatio = Math.max(q(fullFirst, 0.5), q(fullLast, 0.5)) / q(shortAll, 0.5);
  const added = opened.wasm - before.wasm;
  Object.assign(out, {
    messages: last,
    keys: { closed, open, closedAgain, ratio: keyRatio },
    next: { short: shortAll, fullFirst, fullLast, ratio: nextRatio },
    heap: { before, opened, added, listed, scroll },
  });
  if (opts.json) {
    console.log(JSON.stringify(out));
  } else {
    const row = (name, xs) => `| ${name} | ${ms(q(xs, 0.5))} | ${ms(q(xs, 0.95))} |`;
    console.log(`${opts.dist}: the debugger at ${last} messages (a window of 5 000), headless Chromium ${browser.version()}`);
    console.log('');
    console.log(`Per key (dispatch, its microtasks, style and layout), ${KEYS} keys each:`);
    console.log('| the message log | p50 | p95 |');
    console.log('|---|---|---|');
    console.log(row('never opened', closed));
    console.log(row('open (5 000 messages)', open));
    console.log(row('closed again', closedAgain));
    console.log(`open / closed, p50: ${keyRatio.toFixed(2)}× (target ≤ 1.2: ${verdict(keyRatio <= 1.2)})`);
    console.log('');
    console.log(`Next, click to the frame after the title changed, ${STEPS} steps each:`);
    console.log('| paused at | p50 | p95 |');
    console.log('|---|---|---|');
    console.log(row('a short session, to message 100', shortTimes));
    console.log(row(`the full window, from near its first message (${last - 5000 + 20})`, fullFirst));
    console.log(row(`the full window, to its last (${last})`, fullLast));
    console.log(row('the short session again', shortAgain));
    console.log(`full window / short session, p50 (the worse end): ${nextRatio.toFixed(2)}× (target ≤ 1.2: ${verdict(nextRatio <= 1.2)})`);
    console.log('');
    console.log(`Opening the log at ${last} messages (${listed} rows drawn, scroll height ${scroll.height} px at ${scroll.row.trim()} a row):`);
    console.log(`  wasm memory ${mb(before.wasm)} -> ${mb(opened.wasm)} (+${mb(opened.wasm - before.wasm)})`);
    console.log(`  JavaScript heap ${mb(before.js)} -> ${mb(opened.js)} (${opened.js >= before.js ? '+' : ''}${mb(opened.js - before.js)})`);
    console.log(`  DOM nodes ${before.nodes} -> ${opened.nodes} (+${opened.nodes - before.nodes})`);
    console.log(`  added to the wasm heap (what docs/size.md measured as 10.4 MB before issue 49): ${mb(added)} (target ≤ 2 MB: ${verdict(added <= 2e6)}); the JavaScript heap's part holds the debugger's chunk as compiled`);
  }
} finally {
  await browser.close();
  await server.close();
}
