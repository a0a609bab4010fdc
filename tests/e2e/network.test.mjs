// The computer player and the network: the AI worker (src/bin/ai-worker.rs)
// searches with its hand-made heuristic only and fetches nothing. The
// learned network's file, /ai-net-v1.bin, is no longer shipped, and nothing
// asks for it: not the page, not the AI worker, not the service worker
// (assets/sw.js), online or offline. Hints and autoplay work, every reply
// says "eval":"heuristic" and carries no note, and nothing errs.
//
// Requests are counted twice: at the server (every path it was asked for,
// answered or not) and through the browser's request events, the page's
// and the context's (which also sees the requests of the page's workers
// and of its service worker).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, requireDist, DIRECTIONS } from './helpers.mjs';
import { assertClean } from './session-helpers.mjs';
import { collectErrors, waitReady } from './storage-helpers.mjs';
import { underServiceWorker } from './extra-helpers.mjs';
import {
  askForHint, startAutoplay, stopAutoplay, waitForMoves, workerSpy, readWorkerLog, choosePause,
} from './ai-helpers.mjs';

/** The retired network's file: nothing may ask for it. */
const WEIGHTS = '/ai-net-v1.bin';
/** The AI worker's files (index.html's ai-worker link and its loader). */
const WORKER_FILES = ['/ai-worker_loader.js', '/ai-worker.js', '/ai-worker_bg.wasm'];
/** assets/sw.js's cache. */
const CACHE = 'leptos-2048';

let server;
let browser;
/** Every path the server was asked for, in order. */
const served = [];

before(async () => {
  server = await startServer(requireDist(), {
    onRequest: (p) => {
      served.push(p);
      return p;
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
});

// ---------------------------------------------------------------------------
// Opening the game, watching its requests

/**
 * A fresh context (service workers allowed) with the worker spy, the game
 * opened at ?seed=N. `seen` collects the path of every request the browser
 * reports: `page` (the page's own and its dedicated workers') and `context`
 * (those too, and the service worker's), `sw` (the service worker's alone).
 */
async function openGame(seed) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  await context.addInitScript(workerSpy);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const seen = { page: [], context: [], sw: [] };
  const pathOf = (r) => new URL(r.url()).pathname;
  page.on('request', (r) => seen.page.push(pathOf(r)));
  context.on('request', (r) => {
    seen.context.push(pathOf(r));
    if (r.serviceWorker()) seen.sw.push(pathOf(r));
  });
  await page.goto(new URL(`?seed=${seed}`, server.url).href, { waitUntil: 'load' });
  await waitReady(page);
  return { context, page, errors, seen };
}

/** The paths in the service worker's cache. */
async function cachedPaths(page) {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
  }, CACHE);
}

/** The page's worker replies so far. */
async function replies(page) {
  return (await readWorkerLog(page)).map((r) => r.reply).filter(Boolean);
}

/** Asserts that no reply came from anything but the heuristic, or with a note. */
function assertHeuristic(all, label) {
  for (const r of all) {
    assert.equal(r.error, undefined, `${label}: an error reply: ${JSON.stringify(r)}`);
    assert.equal(r.eval, 'heuristic', `${label}: a reply not from the heuristic: ${JSON.stringify(r)}`);
    assert.ok(!('note' in r), `${label}: a reply with a note: ${JSON.stringify(r)}`);
  }
}

/** Asserts that neither the server nor the browser saw a request for the weights. */
function assertWeightsNeverAsked(seen, label) {
  const weights = (paths) => paths.filter((p) => p === WEIGHTS).length;
  assert.equal(weights(served), 0, `${label}: the server was asked for ${WEIGHTS}`);
  assert.equal(weights(seen.page), 0, `${label}: the page (or its AI worker) asked for ${WEIGHTS}`);
  assert.equal(weights(seen.context), 0, `${label}: the context (or the service worker) asked for ${WEIGHTS}`);
}

/** Asserts that the hint shown names a direction, on the board and in words. */
function assertHint(hint, label) {
  assert.ok(DIRECTIONS.includes(hint.dir), `${label}: no hint on the board (data-hint ${hint.dir}): ${hint.text}`);
  assert.ok(hint.text?.startsWith(`Hint: move ${hint.dir}`), `${label}: the hint line says ${JSON.stringify(hint.text)}`);
}

// ---------------------------------------------------------------------------
// Tests

test('a hint and 40 autoplay moves by the heuristic, under the service worker; nothing asks for /ai-net-v1.bin', async () => {
  served.length = 0;
  const { context, page, errors, seen } = await openGame(4242);
  await underServiceWorker(page);

  const hint = await askForHint(page, 'key');
  assertHint(hint, 'hint');
  await choosePause(page, '0');
  await startAutoplay(page);
  await waitForMoves(page, 40);
  await stopAutoplay(page);
  const all = await replies(page);
  assert.ok(all.length >= 41, `${all.length} replies for a hint and 40 moves`);
  assertHeuristic(all, 'online');

  // The counts mean something only if each witness saw the worker's files:
  // the page its worker's requests, the service worker its own.
  for (const p of WORKER_FILES) {
    assert.ok(seen.page.includes(p), `the page's request events did not see ${p}`);
    assert.ok(seen.sw.includes(p), `the service worker did not fetch ${p}`);
    assert.ok(served.includes(p), `the server was not asked for ${p}`);
  }
  // Whatever the service worker does after a page load (storing the page
  // again) has had time to ask.
  await page.waitForTimeout(500);
  assertWeightsNeverAsked(seen, 'online');
  const ms = all.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`network: ${all.length} replies by the heuristic, search ms p50 ${ms[ms.length >> 1]} max ${ms.at(-1)}; ` +
    `${seen.context.length} requests seen, none for ${WEIGHTS}`);
  assertClean(errors, 'online');
  await context.close();
});

test('offline after one visit: the service worker kept the worker\'s files and no network, and the hint works', async () => {
  served.length = 0;
  const { context, page, errors, seen } = await openGame(4343);
  await underServiceWorker(page);
  const cached = await cachedPaths(page);
  for (const p of WORKER_FILES) assert.ok(cached.includes(p), `the service worker did not keep ${p}: ${cached.join(', ')}`);
  assert.ok(!cached.includes(WEIGHTS), `the service worker keeps ${WEIGHTS}`);

  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  const asked = served.length;
  const hint = await askForHint(page, 'button');
  assertHint(hint, 'offline hint');
  const all = await replies(page);
  assert.equal(all.length, 1, `${all.length} replies for one hint`);
  assertHeuristic(all, 'offline');
  assert.equal(served.length, asked, `offline, yet the server was asked for ${served.slice(asked).join(', ')}`);
  assertWeightsNeverAsked(seen, 'offline');
  console.log(`network offline: the hint came from the cached worker (${all[0].direction}, eval ${all[0].eval})`);
  assertClean(errors, 'offline');
  await context.close();
});
