// Checks AiClient (src/view/ai_client.rs) in headless Chromium, through the
// test harness src/bin/ai-client-check.rs: the worker starts on first use
// only, answers arrive, stale and cancelled questions are never answered,
// boards the AI does not play and workers that fail to load give error
// answers, and nothing reaches the page's console as an error.
//
//   trunk build --release --offline --skip-version-check \
//     --dist target/ai-client-check tests/ai-client/index.html
//   node scripts/ai-client-check.mjs target/ai-client-check
//
// Exits non-zero on the first failed check.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { startServer, launchBrowser } from '../tests/e2e/helpers.mjs';

const root = resolve(process.argv[2] ?? 'target/ai-client-check');
const requests = [];
const server = await startServer(root, {
  onRequest: (path) => {
    requests.push(path);
    // /no-wasm/…: the worker's scripts, but its wasm is missing.
    if (!path.startsWith('/no-wasm/')) return path;
    return path.endsWith('.wasm') ? null : path.slice('/no-wasm'.length);
  },
});
const browser = await launchBrowser();
const console_ = [];
let ok = false;
try {
  const page = await browser.newPage();
  page.on('console', (m) => console_.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => console_.push(`pageerror: ${e}`));
  await page.goto(server.url);
  await page.waitForFunction(() => window.wasmBindings?.Client);

  // In the page: ask(picture, ms) resolves with every answer its callback
  // got within `wait` ms after the first (or after asking).
  await page.evaluate(() => {
    window.collect = (client, picture, ms, wait = 300) => {
      const got = [];
      return new Promise((done) => {
        client.ask(picture, ms, (a) => got.push(a));
        const t0 = performance.now();
        const poll = () => (got.length && performance.now() - t0 > wait) || performance.now() - t0 > 30000
          ? done(got) : setTimeout(poll, 10);
        poll();
      });
    };
  });
  const board = '512 8 8 . / 4 . . . / . . . . / . . . 2';
  const stuck = '2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2';
  const check = (name, fn) => fn().then(() => console.log(`ok   ${name}`));

  await check('no worker before the first question', async () => {
    await page.evaluate(() => (window.client = new window.wasmBindings.Client()));
    await page.waitForTimeout(300);
    assert.deepEqual(requests.filter((p) => p.includes('ai-worker')), []);
  });
  await check('the first question starts the worker and is answered', async () => {
    const got = await page.evaluate((b) => collect(client, b, 20), board);
    assert.equal(got.length, 1, String(got));
    assert.match(got[0], /^ok (up|down|left|right) \d+ \d+$/);
    // The worker's loader, then its glue; the page asks for the wasm at the
    // same time as the loader (src/web/ai_client.rs), in whichever order
    // they go out.
    const asked = requests.filter((p) => p.includes('ai-worker'));
    assert.deepEqual([...asked].sort(), ['/ai-worker.js', '/ai-worker_bg.wasm', '/ai-worker_loader.js'], String(asked));
    assert.ok(asked.indexOf('/ai-worker_loader.js') < asked.indexOf('/ai-worker.js'), String(asked));
  });
  await check('a board without moves: no direction', async () => {
    const got = await page.evaluate((b) => collect(client, b, 20), stuck);
    assert.deepEqual(got.map((a) => a.split(' ').slice(0, 2).join(' ')), ['ok none']);
  });
  await check('a newer question makes the older one stale', async () => {
    const got = await page.evaluate((b) => {
      const first = [];
      client.ask(b, 50, (a) => first.push(a));
      return collect(client, b, 20, 400).then((second) => ({ first, second }));
    }, board);
    assert.deepEqual(got.first, []);
    assert.equal(got.second.length, 1);
  });
  await check('cancel: no answer, and the next question is answered', async () => {
    const got = await page.evaluate(async (b) => {
      const cancelled = [];
      client.ask(b, 30, (a) => cancelled.push(a));
      const busy = client.busy();
      client.cancel();
      await new Promise((r) => setTimeout(r, 300));
      const next = await collect(client, b, 10);
      return { cancelled, busy, after: client.busy(), next };
    }, board);
    assert.deepEqual(got.cancelled, []);
    assert.equal(got.busy, true);
    assert.equal(got.next.length, 1);
    assert.equal(got.after, false);
  });
  await check('a board the AI does not play: an error at once', async () => {
    const got = await page.evaluate(() => {
      const seen = [];
      client.ask('2 2 . . . / . . . . . / . . . . . / . . . . .', 10, (a) => seen.push(a));
      return seen;
    });
    assert.deepEqual(got, ['err The AI plays only 4×4 boards with tiles up to 32768']);
  });
  await check('a worker script that is missing: an error answer', async () => {
    const got = await page.evaluate((b) => collect(new window.wasmBindings.Client('/missing.js'), b, 10), board);
    assert.deepEqual(got, ['err The AI worker could not be loaded']);
  });
  await check('a worker whose wasm is missing: an error answer', async () => {
    const t0 = Date.now();
    const got = await page.evaluate((b) => collect(new window.wasmBindings.Client('/no-wasm/ai-worker_loader.js'), b, 10), board);
    assert.equal(got.length, 1);
    assert.match(got[0], /^err The AI worker (did not start in time|stopped|could not be loaded)/);
    console.log(`     (${got[0]}, after ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  });
  await check('after shut_down the next question starts a new worker', async () => {
    const before = requests.filter((p) => p === '/ai-worker_loader.js').length;
    const got = await page.evaluate((b) => { client.shut_down(); return collect(client, b, 10); }, board);
    assert.equal(got.length, 1);
    assert.match(got[0], /^ok /);
    assert.equal(requests.filter((p) => p === '/ai-worker_loader.js').length, before + 1);
  });
  const errors = console_.filter((m) => /^(error|pageerror)/.test(m) && !/Failed to load resource/.test(m));
  console.log(`console: ${console_.length ? console_.join(' | ') : 'nothing'}`);
  assert.deepEqual(errors, [], 'errors in the page console other than the 404s asked for');
  ok = true;
} finally {
  await browser.close();
  await server.close();
  process.exitCode = ok ? 0 : 1;
}
