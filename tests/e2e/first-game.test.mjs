// A new visitor's first game, on screen before the wasm (src/app/first_game.rs):
// the page's shell draws one of the engine's starting boards, the app starts
// the game of its seed, and the keys and swipes made before the app runs
// are played, in order, once it does. A stored game or an address goes as
// before. The wasm is held back by a route until the test lets it through,
// which is what a slow network does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, readBoard, requireDist } from './helpers.mjs';

/**
 * A first visit whose wasm waits until `arrive()`: the page as a slow
 * network shows it, the shell painted and its script run.
 */
async function visitOnASlowNetwork(browser, server, { query = '', stored = {} } = {}) {
  let arrive;
  const held = new Promise((r) => { arrive = r; });
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  await context.route('**/*', async (route) => {
    if (route.request().url().endsWith('.wasm')) await held;
    await route.continue();
  });
  if (Object.keys(stored).length) {
    await context.addInitScript((items) => {
      if (!sessionStorage.getItem('seeded')) {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        sessionStorage.setItem('seeded', '1');
      }
    }, stored);
  }
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + query, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#shell .game-container');
  return {
    page,
    errors,
    arrive,
    context,
    /** Lets the wasm through and waits until the app has replaced the shell. */
    async letTheAppLoad() {
      arrive();
      await page.waitForFunction(() => !document.getElementById('shell')
        && document.querySelectorAll('.tile-container > .tile').length >= 2, null, { timeout: 20_000 });
    },
  };
}

/** The same game opened by its seed, once the app runs. */
async function openBySeed(browser, server, seed) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}?seed=${seed}`);
  await page.waitForFunction(() => !document.getElementById('shell')
    && document.querySelectorAll('.tile-container > .tile').length === 2);
  return { page, context };
}

const shellTiles = (page) => page.$$eval('#shell .tile-container > .tile', (ts) => ts.map((t) => t.className));
const drawnSeed = (page) => page.evaluate(() => window.firstGame?.seed ?? null);

/** A drag with the mouse across the board, `dx` pixels to the right. */
async function dragAcrossTheBoard(page, dx) {
  const board = await page.$('.game-container');
  const b = await board.boundingBox();
  const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 2 });
  await page.mouse.move(x + dx, y, { steps: 2 });
  await page.mouse.up();
}

const summary = (game) => ({ board: game.board, score: game.score });

/** Runs `body(browser, server)` against the built site, closing both after. */
async function withSite(body) {
  const server = await startServer(requireDist());
  const browser = await launchBrowser();
  try {
    await body(browser, server);
  } finally {
    await browser.close();
    await server.close();
  }
}

test('keys pressed before the wasm are played in order once the app runs, as the seed\'s game plays them', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server);
  const seed = await drawnSeed(visit.page);
  assert.ok(Number.isSafeInteger(seed), `the shell drew a game (seed ${seed})`);
  assert.equal((await shellTiles(visit.page)).length, 2);
  const keys = ['ArrowLeft', 'ArrowUp', 'd', 'j', 'ArrowLeft'];
  for (const key of keys) await visit.page.keyboard.press(key);
  assert.ok(await visit.page.$('#shell'), 'the app had not run yet');
  assert.equal(await visit.page.evaluate(() => window.scrollY), 0, 'the arrows did not scroll the page');
  await visit.letTheAppLoad();
  const played = await readBoard(visit.page);

  const bySeed = await openBySeed(browser, server, seed);
  for (const key of keys) await bySeed.page.keyboard.press(key);
  const expected = await readBoard(bySeed.page);
  assert.deepEqual(summary(played), summary(expected), 'the kept keys made the seed\'s moves');
  assert.ok(played.tiles.length > 2, 'the moves spawned tiles');
  assert.deepEqual(visit.errors, []);
}));

test('a swipe on the board before the wasm is played once the app runs', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server);
  const seed = await drawnSeed(visit.page);
  const start = await visit.page.$$eval('#shell .tile', (ts) => ts.map((t) => t.className).join());
  // Right, then left: at least one of them changes a two-tile board.
  await dragAcrossTheBoard(visit.page, 120);
  await dragAcrossTheBoard(visit.page, -120);
  await visit.letTheAppLoad();
  const played = await readBoard(visit.page);

  const bySeed = await openBySeed(browser, server, seed);
  await dragAcrossTheBoard(bySeed.page, 120);
  await dragAcrossTheBoard(bySeed.page, -120);
  const expected = await readBoard(bySeed.page);
  assert.deepEqual(summary(played), summary(expected), 'the kept gestures made the seed\'s moves');
  assert.notEqual(played.tiles.map((t) => t.className).join(), start, 'the board moved');
  assert.deepEqual(visit.errors, []);
}));

test('with nothing pressed, the app plays on from the first board the shell drew', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server);
  const seed = await drawnSeed(visit.page);
  await visit.letTheAppLoad();
  await visit.page.keyboard.press('ArrowDown');
  await visit.page.keyboard.press('ArrowRight');
  const played = await readBoard(visit.page);
  const bySeed = await openBySeed(browser, server, seed);
  await bySeed.page.keyboard.press('ArrowDown');
  await bySeed.page.keyboard.press('ArrowRight');
  assert.deepEqual(summary(played), summary(await readBoard(bySeed.page)));
  assert.deepEqual(visit.errors, []);
}));

test('a stored game, an address with a query, draw no first game: they go as before', () => withSite(async (browser, server) => {
  const stored = await visitOnASlowNetwork(browser, server, { stored: { 'leptos-2048:v1:theme': '"dark"' } });
  assert.deepEqual(await shellTiles(stored.page), [], 'something of the game is stored: no tiles drawn');
  assert.equal(await drawnSeed(stored.page), null);
  await stored.page.keyboard.press('ArrowLeft');
  await stored.letTheAppLoad();
  assert.deepEqual(stored.errors, []);

  const seeded = await visitOnASlowNetwork(browser, server, { query: '?seed=5' });
  assert.deepEqual(await shellTiles(seeded.page), [], 'a seed in the address: no tiles drawn');
  await seeded.letTheAppLoad();
  const bySeed = await openBySeed(browser, server, 5);
  assert.deepEqual(summary(await readBoard(seeded.page)), summary(await readBoard(bySeed.page)));
  assert.deepEqual(seeded.errors, []);
}));
