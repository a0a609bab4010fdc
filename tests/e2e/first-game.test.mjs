// A new visitor's first game, on screen before the wasm (src/app/first_game.rs):
// the page's shell draws one of the engine's starting boards, the engine's
// own wasm (engine-wasm/, in every build) plays the first moves on it, and
// the app adopts the game when it runs; what the shell did not play (keys
// and swipes made before the engine's wasm, a key that is not a move and
// all after it) is played, in order, once the app runs. Where the engine's
// wasm cannot be had (the fallback: a route blocks it here), every key and
// swipe waits for the app and is played then. A stored game or an address
// goes as before. The page's wasm is held back by a route until the test
// lets it through, which is what a slow network does.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, readBoard, requireDist } from './helpers.mjs';

/** The engine's own wasm, as the page names it (scripts/engine-wasm.mjs). */
const isEngine = (url) => /\/engine-[0-9a-f]+\.wasm$/.test(url);

/**
 * A first visit whose page wasm waits until `arrive()`: the page as a slow
 * network shows it, the shell painted and its script run. `engine`: the
 * engine's wasm comes at once ('through') or cannot be had ('blocked', the
 * fallback).
 */
async function visitOnASlowNetwork(browser, server, { query = '', stored = {}, engine }) {
  assert.ok(['through', 'blocked'].includes(engine), `engine: 'through' or 'blocked', not ${engine}`);
  let arrive;
  const held = new Promise((r) => { arrive = r; });
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (isEngine(url) && engine === 'blocked') return route.abort();
    if (url.endsWith('.wasm') && !isEngine(url)) await held;
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
  const messages = [];
  page.on('console', (m) => {
    messages.push(`${m.type()}: ${m.text()}`);
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + query, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#shell .game-container');
  return {
    page,
    /**
     * The page's errors; with the engine blocked, less the line the browser
     * itself writes for the request a route aborted: the page adds nothing.
     */
    get errors() {
      return engine === 'blocked' ? errors.filter((e) => !e.startsWith('Failed to load resource')) : errors;
    },
    messages,
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

// ---------------------------------------------------------------------------
// The fallback: where the engine's wasm cannot be had, the app plays what was kept

test('without the engine, keys pressed before the wasm are played in order once the app runs, as the seed\'s game plays them', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'blocked' });
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

test('without the engine, a swipe on the board before the wasm is played once the app runs', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'blocked' });
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
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'through' });
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
  const stored = await visitOnASlowNetwork(browser, server, { stored: { 'leptos-2048:v1:theme': '"dark"' }, engine: 'through' });
  assert.deepEqual(await shellTiles(stored.page), [], 'something of the game is stored: no tiles drawn');
  assert.equal(await drawnSeed(stored.page), null);
  await stored.page.keyboard.press('ArrowLeft');
  await stored.letTheAppLoad();
  assert.deepEqual(stored.errors, []);

  const seeded = await visitOnASlowNetwork(browser, server, { query: '?seed=5', engine: 'through' });
  assert.deepEqual(await shellTiles(seeded.page), [], 'a seed in the address: no tiles drawn');
  await seeded.letTheAppLoad();
  const bySeed = await openBySeed(browser, server, 5);
  assert.deepEqual(summary(await readBoard(seeded.page)), summary(await readBoard(bySeed.page)));
  assert.deepEqual(seeded.errors, []);
}));

// ---------------------------------------------------------------------------
// The first moves played by the engine's own wasm, before the app

/** The tiles a board draws, each `classes|text`, sorted. */
const tilesOf = (page) => page.$$eval('.tile-container > .tile', (ts) => ts.map((t) => `${t.className}|${t.textContent}`).sort());

/** Resolves once the shell's script plays with the engine (false where it cannot). */
const engineReady = (page) => page.evaluate(() => window.firstGame.started);

/** Waits for a frame: what a key did to the DOM is there. */
const nextFrame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

const CYCLE = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];

/**
 * Presses the keys of CYCLE in turn until `moves` of them changed the
 * board; returns every key pressed and the tiles after each that changed it.
 */
async function pressMoves(page, moves) {
  const keys = [];
  const boards = [];
  for (let i = 0; boards.length < moves && i < 8 * moves; i++) {
    const before = await tilesOf(page);
    keys.push(CYCLE[i % CYCLE.length]);
    await page.keyboard.press(keys.at(-1));
    await nextFrame(page);
    const after = await tilesOf(page);
    if (after.join() !== before.join()) boards.push(after);
  }
  return { keys, boards };
}

/** Presses `keys` one by one; returns the tiles after each that changed the board. */
async function pressEach(page, keys) {
  const boards = [];
  for (const key of keys) {
    const before = await tilesOf(page);
    await page.keyboard.press(key);
    await nextFrame(page);
    const after = await tilesOf(page);
    if (after.join() !== before.join()) boards.push(after);
  }
  return boards;
}

/** The share link of the game on the board. */
async function shareLink(page) {
  await page.click('.share-button');
  await page.waitForFunction(() => document.querySelector('.share-link')?.value?.length > 0, null, { timeout: 10_000 });
  return page.$eval('.share-link', (el) => el.value);
}

/** What storage holds of the game once the page is idle: its save and its history. */
async function savedGame(page) {
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 0), { timeout: 15_000 })));
  return page.evaluate(() => Object.fromEntries(Object.keys(localStorage)
    .filter((k) => /:(game|history)$/.test(k)).map((k) => [k, localStorage.getItem(k)])));
}

/** A tile's place and value, without what animates it. */
const placed = (tile) => tile.match(/tile-\d+ tile-position-\d+-\d+/)[0];

test('ten moves before the app are the engine\'s, drawn as the app draws them, and the app adopts them as the seed\'s game', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'through' });
  const seed = await drawnSeed(visit.page);
  assert.equal(await engineReady(visit.page), true, 'the engine\'s wasm started');
  const shell = await pressMoves(visit.page, 10);
  assert.equal(shell.boards.length, 10, `ten moves were played before the app (keys ${shell.keys.join(' ')})`);
  assert.ok(await visit.page.$('#shell'), 'the app had not run yet');
  const score = Number(await visit.page.$eval('#shell .score-container', (el) => el.textContent));
  await visit.letTheAppLoad();
  const adopted = await readBoard(visit.page);
  const drawnByTheApp = await tilesOf(visit.page);
  assert.deepEqual(drawnByTheApp.map(placed), shell.boards.at(-1).map(placed), 'the app drew the shell\'s last board');
  assert.deepEqual(drawnByTheApp.filter((t) => /tile-new|tile-merged/.test(t)), [], 'no tile appears or pops a second time');

  const bySeed = await openBySeed(browser, server, seed);
  const appBoards = await pressEach(bySeed.page, shell.keys);
  assert.deepEqual(shell.boards, appBoards, 'each of the shell\'s boards is the app\'s for the same moves, class for class');
  const expected = await readBoard(bySeed.page);
  assert.deepEqual(summary(adopted), summary(expected), 'board and score');
  assert.equal(score, expected.score, 'the shell\'s score');
  assert.deepEqual(await savedGame(visit.page), await savedGame(bySeed.page), 'the saved game and its history');
  assert.equal(await shareLink(visit.page), await shareLink(bySeed.page), 'the share link');
  assert.deepEqual(visit.messages, [], 'no console message');
}));

test('keys pressed while the app takes over are each played once', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'through' });
  const seed = await drawnSeed(visit.page);
  assert.equal(await engineReady(visit.page), true);
  const { keys } = await pressMoves(visit.page, 3);
  visit.arrive();
  // Keys all through the handover, and a few after it.
  for (let i = 0, after = 0; after < 3 && i < 400; i++) {
    keys.push(CYCLE[i % CYCLE.length]);
    await visit.page.keyboard.press(keys.at(-1));
    if (!(await visit.page.$('#shell'))) after++;
  }
  await nextFrame(visit.page);
  const played = await readBoard(visit.page);
  const bySeed = await openBySeed(browser, server, seed);
  for (const key of keys) await bySeed.page.keyboard.press(key);
  assert.deepEqual(summary(played), summary(await readBoard(bySeed.page)), `${keys.length} keys, each played once`);
  assert.deepEqual(visit.errors, []);
}));

test('a key that is not a move waits for the app, with every key after it', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'through' });
  const seed = await drawnSeed(visit.page);
  assert.equal(await engineReady(visit.page), true);
  const first = await pressMoves(visit.page, 2);
  // Undo is the app's: it, and the moves after it, are kept.
  const later = ['u', ...CYCLE];
  for (const key of later) await visit.page.keyboard.press(key);
  assert.deepEqual(await tilesOf(visit.page), first.boards.at(-1), 'the shell played nothing after the undo');
  await visit.letTheAppLoad();
  const played = await readBoard(visit.page);
  const bySeed = await openBySeed(browser, server, seed);
  for (const key of [...first.keys, ...later]) await bySeed.page.keyboard.press(key);
  assert.deepEqual(summary(played), summary(await readBoard(bySeed.page)), 'the undo and the moves after it, played by the app in order');
  assert.deepEqual(visit.errors, []);
}));

test('a swipe before the app is judged and played by the engine', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'through' });
  const seed = await drawnSeed(visit.page);
  assert.equal(await engineReady(visit.page), true);
  const start = await tilesOf(visit.page);
  await dragAcrossTheBoard(visit.page, 120);
  await dragAcrossTheBoard(visit.page, -120);
  assert.notDeepEqual(await tilesOf(visit.page), start, 'the shell\'s board moved');
  await visit.letTheAppLoad();
  const played = await readBoard(visit.page);
  const bySeed = await openBySeed(browser, server, seed);
  await dragAcrossTheBoard(bySeed.page, 120);
  await dragAcrossTheBoard(bySeed.page, -120);
  assert.deepEqual(summary(played), summary(await readBoard(bySeed.page)));
  assert.deepEqual(visit.errors, []);
}));

test('where the engine\'s wasm cannot load, the keys wait for the app and nothing is said', () => withSite(async (browser, server) => {
  const visit = await visitOnASlowNetwork(browser, server, { engine: 'blocked' });
  const seed = await drawnSeed(visit.page);
  assert.equal(await engineReady(visit.page), false, 'no engine');
  const start = await tilesOf(visit.page);
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (const key of keys) await visit.page.keyboard.press(key);
  assert.deepEqual(await tilesOf(visit.page), start, 'the shell played nothing');
  await visit.letTheAppLoad();
  const played = await readBoard(visit.page);
  const bySeed = await openBySeed(browser, server, seed);
  for (const key of keys) await bySeed.page.keyboard.press(key);
  assert.deepEqual(summary(played), summary(await readBoard(bySeed.page)), 'the app played the kept keys');
  assert.equal(await visit.page.$eval('body', (b) => /engine|wasm/i.test(b.innerText)), false, 'the page says nothing of it');
  // The browser reports the blocked request itself; the page adds nothing.
  assert.deepEqual(visit.errors.filter((e) => !e.startsWith('Failed to load resource')), []);
}));

test('the service worker keeps the engine\'s wasm for visits offline', () => withSite(async (browser, server) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  const engine = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
    .find((p) => /^\/engine-[0-9a-f]+\.wasm$/.test(p)));
  assert.ok(engine, 'a first visit fetched the engine\'s wasm');
  const cached = await page.evaluate(async (file) => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100; i++) {
      const cache = await caches.open('leptos-2048');
      if (await cache.match(file)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }, engine);
  assert.ok(cached, `${engine} is in the service worker's cache`);
  await context.close();
}));
