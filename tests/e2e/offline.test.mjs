// Offline: after one visit the service worker (/sw.js) controls the page,
// and with the network off a reload (and a new tab) still loads the game,
// restores it and plays; back online it goes on as before.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DIST, readBoard, showBoard, playOne } from './helpers.mjs';
import { startSuite, waitReady, collectErrors } from './storage-helpers.mjs';
import { openPage, pageErrors, underServiceWorker } from './extra-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});


test('after one visit the game loads, restores and plays with the network off, then back online', async () => {
  const sw = path.join(DIST, 'sw.js');
  assert.ok(existsSync(sw), `no service worker in dist (${sw} is missing): the game cannot load offline`);

  const { context, page, errors } = await openPage(suite);
  await underServiceWorker(page);

  let game = await playOne(page, 'online');
  game = await playOne(page, 'online');

  await context.setOffline(true);
  const offline = await page.evaluate(() => fetch(`/not-cached-${Math.random()}`).then(() => 'fetched', (e) => `failed: ${e.message}`));
  assert.ok(offline.startsWith('failed'), `the network is not off (a fresh URL was ${offline})`);

  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  let back = await readBoard(page);
  assert.deepEqual(back.board, game.board,
    `offline reload did not restore the game\nbefore:\n${showBoard(game.board)}\nafter:\n${showBoard(back.board)}`);
  assert.equal(back.score, game.score);
  game = await playOne(page, 'offline after reload');

  // A new tab, offline too.
  const tab = await context.newPage();
  const tabErrors = collectErrors(tab);
  await tab.goto(suite.url, { waitUntil: 'load' });
  await waitReady(tab);
  assert.deepEqual((await readBoard(tab)).board, game.board, 'a new offline tab did not restore the game');
  await playOne(tab, 'offline new tab');
  await tab.close();

  await context.setOffline(false);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  back = await readBoard(page);
  await playOne(page, 'back online');

  // The probe for a URL nobody cached fails on purpose: its console line is ours.
  const mine = (e) => e.includes('/not-cached-');
  assert.deepEqual(pageErrors(errors).filter((e) => !mine(e)), [], 'console errors or page errors');
  assert.deepEqual(pageErrors(tabErrors), [], 'console errors or page errors in the offline tab');
  await context.close();
});
