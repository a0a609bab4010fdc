// What the debugger's recording adds to the page's wasm heap: the built
// page is opened on ?seed=7, handed N key presses (one message each, the
// arrows round and round, whether or not the board moves) and its wasm
// memory's size is read before and after. Run it on two builds (`--dist`)
// to compare: the difference of their growths is what the recording holds
// (the game's history grows the same in both). The memory grows in pages of
// 64 KiB and never shrinks, so the figure is that coarse. A benchmark that
// prints figures, not a test.
//
// With `--new-game N` a New Game key ('r') is pressed every N presses, so
// the history goes on growing (a long life: `--presses 30000 --new-game 150`
// makes a history of about 20 000 inputs); with `--open-log` the message
// log is then opened (the debugger fetched, its list and snapshots of the
// full window made) and the memory read again.
//
//   node scripts/recording-heap.mjs [--dist DIR] [--presses 5000]
//        [--new-game N] [--open-log]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launchBrowser, REPO } from '../tests/e2e/helpers.mjs';
import { keepMemory, play } from './bench-helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(REPO, 'dist') },
    presses: { type: 'string', default: '5000' },
    'new-game': { type: 'string', default: '0' },
    'open-log': { type: 'boolean', default: false },
  },
});

const server = await startServer(opts.dist);
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.addInitScript(keepMemory);
  await page.goto(new URL('?seed=7', server.url).href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__memory && document.querySelectorAll('.tile-container > .tile').length >= 2);
  const size = () => page.evaluate(() => window.__memory.buffer.byteLength);
  const before = await size();
  await play(page, Number(opts.presses), { newGame: Number(opts['new-game']), pause: 100 });
  await page.waitForTimeout(500);
  const after = await size();
  console.log(`${opts.dist}: wasm memory ${before} -> ${after} bytes after ${opts.presses} key presses (+${after - before})`);
  if (opts['open-log']) {
    await page.click('.history-button');
    await page.waitForSelector('.history-panel');
    const inputs = await page.$eval('.history-slider', (s) => Number(s.max));
    await page.click('.messages-button');
    await page.waitForSelector('.message-log > li');
    await page.waitForTimeout(500);
    const opened = await size();
    const rows = await page.$$eval('.message-log > li', (lis) => lis.length);
    console.log(`  a history of ${inputs} inputs; the message log opened (${rows} messages listed, snapshots made): ${after} -> ${opened} bytes (+${opened - after})`);
  }
} finally {
  await browser.close();
  await server.close();
}
