// What the debugger's recording adds to the page's wasm heap: the built
// page is opened on ?seed=7, handed N key presses (one message each, the
// arrows round and round, whether or not the board moves) and its wasm
// memory's size is read before and after. Run it on two builds (`--dist`)
// to compare: the difference of their growths is what the recording holds
// (the game's history grows the same in both). The memory grows in pages of
// 64 KiB and never shrinks, so the figure is that coarse. A benchmark that
// prints figures, not a test.
//
//   node scripts/recording-heap.mjs [--dist DIR] [--presses 5000]

import path from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, launchBrowser, REPO } from '../tests/e2e/helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    dist: { type: 'string', default: path.join(REPO, 'dist') },
    presses: { type: 'string', default: '5000' },
  },
});

/** Before the page's scripts: keeps the wasm's memory where the test can read it. */
function keepMemory() {
  const keep = (result) => {
    const exports = (result.instance ?? result).exports;
    if (exports?.memory && !window.__memory) window.__memory = exports.memory;
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...args) => streaming(...args).then(keep);
  const plain = WebAssembly.instantiate;
  WebAssembly.instantiate = (...args) => plain(...args).then(keep);
}

const server = await startServer(opts.dist);
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.addInitScript(keepMemory);
  await page.goto(new URL('?seed=7', server.url).href, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__memory && document.querySelectorAll('.tile-container > .tile').length >= 2);
  const size = () => page.evaluate(() => window.__memory.buffer.byteLength);
  const before = await size();
  await page.evaluate(async (n) => {
    const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
    for (let i = 0; i < n; i++) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: keys[i % 4], bubbles: true, cancelable: true }));
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 0));
    }
  }, Number(opts.presses));
  await page.waitForTimeout(500);
  const after = await size();
  console.log(`${opts.dist}: wasm memory ${before} -> ${after} bytes after ${opts.presses} key presses (+${after - before})`);
} finally {
  await browser.close();
  await server.close();
}
