// The computer player's learned network (src/ai/ntuple.rs, fetched by
// src/bin/ai-worker.rs): the worker fetches /ai-net-v1.bin on its first
// question, not before and only once, and hints and autoplay search over it
// (each reply says "eval":"network" and carries no note). A weights file
// that is damaged, cut short or missing makes the worker search over its
// hand-made heuristic instead: every reply says so in its note, the page
// shows the note quietly under the hint line, and nothing errs.
//
// How long the weights take to be ready is printed, not asserted
// (scripts/worker-bench.mjs measures it with the search's timings).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, requireDist } from './helpers.mjs';
import { assertClean } from './session-helpers.mjs';
import { collectErrors, waitReady } from './storage-helpers.mjs';
import {
  askForHint, startAutoplay, stopAutoplay, waitForMoves, workerSpy, readWorkerLog, choosePause,
} from './ai-helpers.mjs';

const WEIGHTS = '/ai-net-v1.bin';

let server;
let browser;
/** The requests the server saw for the weights. */
let fetched = 0;

before(async () => {
  server = await startServer(requireDist(), {
    onRequest: (p) => {
      if (p === WEIGHTS) fetched++;
      return p;
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
});

/**
 * A fresh page with the worker spy. `weights`, if given, is what the page's
 * requests for the weights get instead of the file: { status, body }. With
 * it the context has no service worker, which would fetch out of
 * page.route's reach.
 */
async function openGame({ weights } = {}) {
  const options = { viewport: { width: 1000, height: 900 } };
  if (weights) options.serviceWorkers = 'block';
  const context = await browser.newContext(options);
  await context.addInitScript(workerSpy);
  const page = await context.newPage();
  const errors = collectErrors(page);
  if (weights) {
    await context.route(`**${WEIGHTS}`, (route) =>
      route.fulfill({ status: weights.status, contentType: 'application/octet-stream', body: weights.body }));
  }
  await page.goto(new URL('?seed=4242', server.url).href, { waitUntil: 'load' });
  await waitReady(page);
  return { context, page, errors };
}

/** The page's worker replies so far. */
async function replies(page) {
  return (await readWorkerLog(page)).map((r) => r.reply).filter(Boolean);
}

/** The quiet note under the hint line, or null when there is none. */
async function readNote(page) {
  return page.evaluate(() => document.querySelector('.computer-note')?.textContent || null);
}

test('the worker fetches its network on the first question, once, and the hint and autoplay search over it', async () => {
  fetched = 0;
  const { context, page, errors } = await openGame();
  await page.waitForTimeout(300);
  assert.equal(fetched, 0, 'the weights were fetched before any question');

  const asked = Date.now();
  const hint = await askForHint(page, 'key');
  const ready = Date.now() - asked;
  assert.ok(hint.dir, `no hint: ${hint.text}`);
  assert.equal(fetched, 1, 'the first question fetches the weights once');

  await choosePause(page, '0');
  await startAutoplay(page);
  await waitForMoves(page, 40);
  await stopAutoplay(page);
  const all = await replies(page);
  assert.ok(all.length >= 40, `${all.length} replies`);
  for (const r of all) {
    assert.equal(r.eval, 'network', `a reply not from the network: ${JSON.stringify(r)}`);
    assert.equal(r.note, undefined, `a note with the network: ${r.note}`);
  }
  assert.equal(fetched, 1, 'the weights are fetched once, not per question');
  assert.equal(await readNote(page), null, 'a note shows while the network plays');
  const ms = all.map((r) => r.ms).sort((a, b) => a - b);
  console.log(`network: first hint ${ready} ms after the question (weights fetched and unpacked); ` +
    `${all.length} replies, search ms p50 ${ms[ms.length >> 1]} max ${ms[ms.length - 1]}`);
  assertClean(errors, 'network');
  await context.close();
});

test('a damaged, cut or missing weights file: the computer plays by its heuristic, each reply and a quiet note say why, and nothing errs', async () => {
  const good = readFileSync(path.join(requireDist(), WEIGHTS));
  const flipped = Buffer.from(good);
  flipped[flipped.length >> 1] ^= 0x40;
  const cases = [
    { label: 'one byte flipped', weights: { status: 200, body: flipped }, why: /checksum/ },
    { label: 'cut short', weights: { status: 200, body: good.subarray(0, good.length >> 2) }, why: /cut short|checksum/ },
    { label: 'missing (404)', weights: { status: 404, body: 'not found' }, why: /404/ },
  ];
  for (const { label, weights, why } of cases) {
    const { context, page, errors } = await openGame({ weights });
    const hint = await askForHint(page, 'key');
    assert.ok(hint.dir, `${label}: no hint from the heuristic: ${hint.text}`);
    await page.waitForSelector('.computer-note:not(:empty)', { timeout: 10_000 });
    const note = await readNote(page);
    assert.match(note, /learned network did not load/, `${label}: ${note}`);
    assert.match(note, why, `${label}: the note does not say why: ${note}`);
    await choosePause(page, '0');
    await startAutoplay(page);
    await waitForMoves(page, 10);
    await stopAutoplay(page);
    const all = await replies(page);
    for (const r of all) {
      assert.equal(r.eval, 'heuristic', `${label}: ${JSON.stringify(r)}`);
      assert.equal(r.note, note, `${label}: a reply without the note`);
    }
    console.log(`network, ${label}: ${all.length} replies by the heuristic; the page says "${note}"`);
    // The 404 is this test's own doing; anything else counts.
    assertClean(errors.filter((e) => !e.includes(`404 for ${server.url.slice(0, -1)}${WEIGHTS}`)), label);
    await context.close();
  }
});

test('offline after one hint: the service worker kept the network, and the worker plays with it after a reload', async () => {
  fetched = 0;
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  await context.addInitScript(workerSpy);
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL('?seed=4343', server.url).href, { waitUntil: 'load' });
  await waitReady(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
  const online = await askForHint(page, 'key');
  assert.ok(online.dir, `no hint online: ${online.text}`);
  assert.equal(fetched, 1, 'the weights were not fetched through the page\'s service worker');
  // Another page load stores the page again: the weights must stay cached.
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);

  await context.setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  const offline = await askForHint(page, 'key');
  assert.ok(offline.dir, `no hint offline: ${offline.text}`);
  const [reply] = await replies(page);
  assert.equal(reply.eval, 'network', `offline, the worker did not get its network: ${JSON.stringify(reply)}`);
  assert.equal(await readNote(page), null);
  assert.equal(fetched, 1, 'offline, yet the server saw the weights asked for again');
  console.log('network offline: the hint came from the cached network');
  assertClean(errors, 'offline network');
  await context.close();
});
