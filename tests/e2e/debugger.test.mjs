// The debugger: the page's whole life as data. A session of more than 300
// messages is played in the browser (keys, swipes, undo and redo, panels and
// their chunks loading, a hint's and a review's worker answers, a storage
// event from another tab, idle and hidden moments, a daily's move), saved
// from the message log ("Save this session", a download), replayed
// natively (`session FILE`: the same commands message by message, the same
// last model), and opened again in the page, whose own replay must show the
// board and score the live page showed at every message the test saw it at.
// Files that cannot be opened are refused in words, the live game untouched.
//
// With SESSION_WRITE=1 (or when it is missing) the session is written to
// tests/sessions/browser-session.json, the fixture `cargo test` replays.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, readBoard, slide, pressKeys, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite, collectErrors, waitReady, untilIdle } from './storage-helpers.mjs';
import { undo, redo, swipe, blur } from './session-helpers.mjs';
import { askForHint } from './ai-helpers.mjs';
import { pressReview, waitReviewed } from './review-helpers.mjs';

const FIXTURE = path.join(REPO, 'tests', 'sessions', 'browser-session.json');
/** The file format the page writes (`SESSION_VERSION` in src/app/debugger/mod.rs). */
const SESSION_VERSION = Number(
  /SESSION_VERSION: u32 = (\d+);/.exec(readFileSync(path.join(REPO, 'src', 'app', 'debugger', 'mod.rs'), 'utf8'))[1],
);
const SESSION_BIN = path.join(REPO, 'target', 'debug', 'session');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'session-'));

let suite;
before(async () => {
  execFileSync('cargo', ['build', '--offline', '--quiet', '--bin', 'session'], { cwd: REPO, stdio: 'inherit' });
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

// ---------------------------------------------------------------------------
// What a player does

/** Opens the message log (the debugger's, fetched the first time) with
 * its handle in the window's corner, as a student would. */
async function openMessageLog(page) {
  if (!(await page.$('.message-log'))) await page.click('.messages-button');
  await page.waitForSelector('.message-log', { timeout: 10_000 });
  await blur(page);
}

/** Plays the first direction that changes the board, by key. */
async function playAMove(page, turn) {
  const game = await readBoard(page);
  const order = DIRECTIONS.map((_, k) => DIRECTIONS[(k + turn) % 4]);
  const dir = order.find((d) => slide(game.board, d).changed);
  if (!dir) return false;
  await page.keyboard.press(ARROW_FOR[dir]);
  return true;
}

/** Plays the first direction that changes the board, by a swipe on the board. */
async function swipeAMove(page, turn) {
  const game = await readBoard(page);
  const dir = DIRECTIONS.map((_, k) => DIRECTIONS[(k + turn) % 4]).find((d) => slide(game.board, d).changed);
  if (dir) await swipe(page, dir);
}

async function openPanel(page, name) {
  await page.click(`.${name}-button`);
  await page.waitForSelector(`.${name}-panel`, { timeout: 10_000 });
  await blur(page);
}

/** Another tab of the game stores a best score: a `storage` event here. */
async function anotherTabStoresABest(context, best) {
  const other = await context.newPage();
  await other.goto(suite.url, { waitUntil: 'load' });
  await waitReady(other);
  await other.evaluate((b) => localStorage.setItem('leptos-2048:v1:best', String(b)), best);
  await other.close();
}

async function hideThePage(page) {
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
}

async function playTheDailysMove(page) {
  await page.click('.daily-button');
  await page.waitForSelector('.contest-bar', { timeout: 10_000 });
  await blur(page);
  await playAMove(page, 1);
  await page.click('.contest-own');
  await blur(page);
}

async function saveThisSession(page) {
  const download = page.waitForEvent('download');
  await page.click('.save-session');
  const file = path.join(TMP, 'saved.json');
  await (await download).saveAs(file);
  return file;
}

async function openSessionFile(page, file) {
  const chooser = page.waitForEvent('filechooser');
  await page.click('.open-session');
  await (await chooser).setFiles(file);
}

async function dropSessionFile(page, text) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.items.add(new File([t], 'dropped.json', { type: 'application/json' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, text);
}

async function nextMessage(page) {
  await page.click('.inspector-next');
}

async function backToLive(page) {
  await page.click('.inspector-live');
  await page.waitForSelector('.inspector-live', { state: 'detached', timeout: 10_000 });
}

// ---------------------------------------------------------------------------
// Reading the page

/** The number of the newest message in the log (the log must be open). */
function newestMessage(page) {
  // The first row drawn, and above it the padding that stands for the rows not drawn.
  return page.$eval('.message-log', (log) => {
    const row = parseFloat(getComputedStyle(log).getPropertyValue('--message-row'));
    return Number(log.querySelector('li .message-n').textContent) + Math.round(parseFloat(getComputedStyle(log).paddingTop) / row);
  });
}

/** The message log's row height, in px (a virtual list: rows of one height). */
function rowHeight(page) {
  return page.$eval('.message-log', (l) => parseFloat(getComputedStyle(l).getPropertyValue('--message-row')));
}

/** How many messages the log stands for: its height in rows (it draws
 * only the rows in view, and its padding stands for the rest), which is
 * its scroll box's scroll height. */
async function messagesListed(page) {
  const row = await rowHeight(page);
  const [list, scroll, box] = await page.$eval('.message-log', (l) => [l.offsetHeight, l.parentElement.scrollHeight, l.parentElement.clientHeight]);
  assert.equal(scroll, Math.max(list, box), 'the scroll box stands for the whole list');
  return Math.round(list / row);
}

/** Scrolls the log to message `n`'s row, until it is drawn. */
async function scrollToMessage(page, n) {
  await page.evaluate(async (want) => {
    const log = document.querySelector('.message-log');
    const box = log.parentElement;
    const row = parseFloat(getComputedStyle(log).getPropertyValue('--message-row'));
    // The first row drawn stands below the padding that stands for those above it.
    const drawn = Number(log.querySelector('li')?.dataset.n);
    const newest = drawn + Math.round(parseFloat(getComputedStyle(log).paddingTop) / row);
    const index = newest - want;
    box.scrollTop = Math.max(0, index * row - box.clientHeight / 2);
    for (let i = 0; i < 100 && !log.querySelector(`li[data-n="${want}"]`); i++) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  }, n);
  await page.waitForSelector(`.message-log > li[data-n="${n}"]`, { timeout: 10_000 });
}

/** Pauses on message `n`, as a student would: the log scrolled to it, its
 * number clicked. */
async function inspectMessage(page, n) {
  await scrollToMessage(page, n);
  await page.click(`.message-log > li[data-n="${n}"] .message-n`);
}

/** The message the inspector is paused after, once the list has followed
 * it (a frame after it is drawn: `web::debugger::follow`). */
async function pausedAt(page) {
  await page.waitForSelector('.inspector-title[data-at]', { timeout: 10_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.$eval('.inspector-title', (h) => Number(h.dataset.at));
}

// ---------------------------------------------------------------------------

test('a session recorded in the browser replays natively and in the page, message by message', { timeout: 600_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 }, hasTouch: true, acceptDownloads: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL('?seed=34', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  await openMessageLog(page);

  // What the live page showed after each action, with the newest message.
  const seen = [];
  const look = async () => {
    await untilIdle(page);
    const game = await readBoard(page);
    const log = await page.$('.message-log');
    if (log) seen.push({ n: await newestMessage(page), board: game.board, score: game.score });
  };

  for (let i = 0; i < 40; i++) {
    await playAMove(page, i);
    await look();
  }
  await undo(page); await look();
  await undo(page); await look();
  await redo(page); await look();
  for (let i = 0; i < 8; i++) {
    await swipeAMove(page, i);
    await look();
  }
  await askForHint(page);
  await look();
  await anotherTabStoresABest(context, 99_999);
  await look();
  await hideThePage(page);
  await look();
  await openPanel(page, 'stats');
  await openPanel(page, 'settings');
  await openPanel(page, 'history');
  await openMessageLog(page);
  await look();
  await pressReview(page);
  await waitReviewed(page);
  await blur(page);
  await look();
  await playTheDailysMove(page);
  await look();
  for (let i = 0; (await newestMessage(page)) < 320 && i < 400; i++) {
    if (!(await playAMove(page, i))) break;
    await look();
  }
  const last = await newestMessage(page);
  assert.ok(last >= 300, `only ${last} messages`);
  const liveEnd = await readBoard(page);

  // Saved, and replayed natively: the same commands, the same last model.
  const file = await saveThisSession(page);
  const text = readFileSync(file, 'utf8');
  const session = JSON.parse(text);
  assert.equal(session.version, SESSION_VERSION);
  assert.ok(session.messages.length >= 300, `${session.messages.length} messages in the file`);
  const kinds = new Set(session.messages.map((m) => (typeof m === 'string' ? m : Object.keys(m)[0])));
  for (const kind of ['Play', 'Undo', 'Redo', 'Toggle', 'ChunkLoaded', 'AiAnswered', 'Assessed', 'BestElsewhere', 'Idle', 'Hidden', 'OpenDaily', 'OwnGame']) {
    assert.ok(kinds.has(kind), `no ${kind} in the session: ${[...kinds].join(', ')}`);
  }
  const native = spawnSync(SESSION_BIN, [file, '--quiet'], { encoding: 'utf8' });
  assert.equal(native.status, 0, `session ${file}:\n${native.stdout}\n${native.stderr}`);
  assert.match(native.stdout, /commands all as recorded; last model the page's/);
  if (process.env.SESSION_WRITE === '1' || !existsSync(FIXTURE)) writeFileSync(FIXTURE, text);

  // The live page paused on each message of its own recording, from the
  // last to the first: what the page showed then, by its own replay.
  const lastN = session.first + session.messages.length;
  await inspectMessage(page, lastN);
  const own = new Map();
  for (let n = lastN; n > session.first; n--) {
    if (n < lastN) await page.click('.inspector-prev');
    await page.waitForFunction((want) => Number(document.querySelector('.inspector-title')?.dataset.at) === want, n);
    const game = await readBoard(page);
    own.set(n, { board: game.board, score: game.score });
  }
  await backToLive(page);

  // Files the page cannot open are refused in words; the game is untouched.
  const bad = [
    ['newer.json', text.replace(/"version":\d+/, '"version":9'), /newer version/],
    ['cut.json', text.slice(0, text.length / 3), /cut short/],
    ['unknown.json', text.replace('"Undo"', '"Teleport"'), /does not know/],
  ];
  for (const [name, content, said] of bad) {
    const where = path.join(TMP, name);
    writeFileSync(where, content);
    await openSessionFile(page, where);
    await page.waitForSelector('.inspector-problem', { timeout: 10_000 });
    assert.match(await page.textContent('.inspector-problem'), said, name);
    assert.equal(await page.$('.inspector-title[data-at]'), null, `${name}: the page paused`);
    assert.deepEqual((await readBoard(page)).board, liveEnd.board, `${name}: the live game changed`);
  }

  // The page's own replay of the saved file: at every message the same
  // board and score as the live page paused there, and as the live page
  // itself showed at every message the test looked at.
  await openSessionFile(page, file);
  assert.equal(await pausedAt(page), session.first);
  const byMessage = new Map(seen.map((s) => [s.n, s]));
  let compared = 0;
  for (let n = session.first + 1; n <= lastN; n++) {
    await nextMessage(page);
    await page.waitForFunction((want) => Number(document.querySelector('.inspector-title')?.dataset.at) === want, n);
    const replayed = await readBoard(page);
    assert.deepEqual(replayed.board, own.get(n).board, `message ${n}: the board, as the live page paused there`);
    assert.equal(replayed.score, own.get(n).score, `message ${n}: the score, as the live page paused there`);
    const live = byMessage.get(n);
    if (!live) continue;
    assert.deepEqual(replayed.board, live.board, `message ${n}: the board`);
    assert.equal(replayed.score, live.score, `message ${n}: the score`);
    compared++;
  }
  assert.ok(compared >= 100, `only ${compared} messages compared`);
  console.log(`debugger: ${session.messages.length} messages recorded; the page's replay of the file compared at every one with the live page paused there, and with the live page as it played at ${compared} of them`);
  await backToLive(page);
  assert.deepEqual((await readBoard(page)).board, liveEnd.board, 'back to live');

  // Dropped on the page, the same file opens too.
  await dropSessionFile(page, text);
  assert.equal(await pausedAt(page), session.first);
  await backToLive(page);

  assert.deepEqual(errors, [], 'console errors, page errors or failed requests');
  await context.close();
});

test('the live page pauses on a message from the log, shows what it changed, and goes back to live', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  await openMessageLog(page);
  for (let i = 0; i < 5; i++) await playAMove(page, i);
  await untilIdle(page);
  const live = await readBoard(page);
  const n = await newestMessage(page);
  // The keyboard reaches a message's button in the log.
  await page.focus('.message-log > li:nth-child(2) .message-n');
  await page.keyboard.press('Enter');
  assert.equal(await pausedAt(page), n - 1);
  await page.click('.inspector-prev');
  await page.waitForFunction((want) => Number(document.querySelector('.inspector-title')?.dataset.at) === want, n - 2);
  const changes = await page.$$eval('.inspector-changes dt', (dts) => dts.map((d) => d.textContent));
  assert.ok(changes.length > 0, 'no change shown');
  // While paused, the debugger's veil covers the page and takes every
  // input of the player's (Elm's BlockAll): a key is not taken, and said
  // not to be; Up and Down step through the list; every control of the
  // page, and the board, is under the veil, and the page is inert.
  const paused = await readBoard(page);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await readBoard(page)).board, paused.board, 'a key moved the paused page');
  await page.waitForSelector('.inspector-blocked', { timeout: 10_000 });
  assert.match(await page.textContent('.inspector-blocked'), /Play\(Move\(Left\)\) was not taken/);
  assert.match(await page.textContent('.debugger-veil'), /Paused after message \d+ of \d+.*Back to live/);
  await page.keyboard.press('ArrowUp');
  assert.equal(await pausedAt(page), n - 1, 'Up: the message above (newer)');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await pausedAt(page), n - 3, 'Down twice: the messages below (older)');
  const covered = await page.evaluate(() => {
    const controls = ['.game-container', '.restart-button', '.undo-button', '.redo-button', '.hint-button',
      '.autoplay-button', '.history-button', '.stats-button', '.settings-button', '.daily-button',
      '.share-button', '.theme-button'];
    return controls.filter((selector) => {
      const el = document.querySelector(selector);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !top?.closest('.debugger-veil, #debugger');
    });
  });
  assert.deepEqual(covered, [], 'controls of the page not under the veil');
  assert.equal(await page.$eval('main', (m) => m.inert), true, 'the page under the veil is inert');
  // Clicked where New Game is: the veil takes it, the game stays.
  const restart = await page.$eval('.restart-button', (b) => { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
  const before = await readBoard(page);
  await page.mouse.click(...restart);
  await untilIdle(page);
  assert.deepEqual((await readBoard(page)).board, before.board, 'a click under the veil moved the page');
  assert.equal(await pausedAt(page), n - 3, 'still paused');
  // The veil's own button goes back to live.
  await page.click('.debugger-resume');
  await page.waitForSelector('.debugger-veil', { state: 'detached', timeout: 10_000 });
  assert.equal(await page.$eval('main', (m) => m.inert), false, 'the page live again');
  await page.focus('.message-log > li:nth-child(2) .message-n');
  await page.keyboard.press('Enter');
  assert.equal(await pausedAt(page), n - 1);
  await backToLive(page);
  assert.deepEqual((await readBoard(page)).board, live.board, 'back to live');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a session file dropped on a fresh page fetches the debugger and opens in it, and the game is untouched', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const fetched = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  for (let i = 0; i < 3; i++) await playAMove(page, i);
  await untilIdle(page);
  const live = await readBoard(page);
  assert.ok(!fetched.some((u) => /split_debugger-/.test(u)), 'the debugger fetched at start');
  const text = readFileSync(FIXTURE, 'utf8');
  const session = JSON.parse(text);
  await dropSessionFile(page, text);
  assert.equal(await pausedAt(page), session.first);
  assert.ok(fetched.some((u) => /split_debugger-/.test(u)), 'the debugger was not fetched');
  assert.ok(!fetched.some((u) => /split_panel_history-/.test(u)), 'the history panel was fetched');
  await nextMessage(page);
  assert.equal(await pausedAt(page), session.first + 1);
  await backToLive(page);
  assert.deepEqual((await readBoard(page)).board, live.board, 'back to live');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A session file's text with message `n`'s `from` changed to `to`, as by
 * hand (the file writes one message a line, message 1 the first). */
function edited(text, n, from, to) {
  const lines = text.split('\n');
  const list = lines.indexOf('"messages":[');
  assert.ok(list >= 0 && lines[list + n].includes(from), `message ${n} is ${lines[list + n]}`);
  lines[list + n] = lines[list + n].replace(from, to);
  return lines.join('\n');
}

test('a file changed by hand opens with the messages whose replay differs from it marked, the first named over the list; an unchanged file, none', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  const text = readFileSync(FIXTURE, 'utf8');
  // Message 7 of the recorded session is a move left: now a move right.
  const changed = edited(text, 7, '"Left"', '"Right"');
  // What the session tool says of the same file: the first message that differs.
  const file = path.join(TMP, 'changed-by-hand.json');
  writeFileSync(file, changed);
  const tool = spawnSync(SESSION_BIN, [file, '--quiet'], { encoding: 'utf8' });
  assert.equal(tool.status, 1, tool.stdout + tool.stderr);
  assert.match(tool.stdout, /^first difference at message 7 /m, tool.stdout);

  await dropSessionFile(page, changed);
  assert.equal(await pausedAt(page), 0);
  const named = await page.textContent('.message-parted');
  assert.match(named, /^Message 7 is the first whose replay differs from the file/, named);
  await scrollToMessage(page, 7);
  const row = (n) => page.$eval(`.message-log > li[data-n="${n}"]`, (li) => ({
    marked: li.classList.contains('differs') && li.querySelector('.message-differs')?.textContent === '≠',
    said: li.textContent.includes('differs from the file'),
  }));
  assert.deepEqual(await row(7), { marked: true, said: true }, 'message 7 marked, in words too');
  for (const n of [5, 6]) assert.deepEqual(await row(n), { marked: false, said: false }, `message ${n} not marked`);
  await backToLive(page);

  // The file as the page saved it: nothing marked, nothing named.
  await dropSessionFile(page, text);
  assert.equal(await pausedAt(page), 0);
  await scrollToMessage(page, 7);
  assert.equal(await page.$$eval('.message-log > li.differs, .message-differs', (els) => els.length), 0, 'a row marked');
  assert.equal(await page.$('.message-parted'), null, 'a first difference named');
  await backToLive(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the message log whose code cannot be fetched says so under the board, nothing moves, the game plays on, and it opens once the file is back', async () => {
  // A service worker would fetch the chunk itself, out of page.route's reach.
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const blocked = [];
  const block = (route) => {
    blocked.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  };
  await page.route('**/split_debugger-*.wasm', block);
  await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  await openPanel(page, 'history');
  const controls = () => page.$eval('.game-controls', (el) => el.getBoundingClientRect().top);
  const board = () => page.$eval('.game-container', (el) => el.getBoundingClientRect().top);
  const [controlsBefore, boardBefore] = [await controls(), await board()];

  await page.click('.messages-button');
  await page.waitForSelector('.debugger-failed:not([hidden])', { timeout: 10_000 });
  assert.match(await page.textContent('.debugger-failed'), /^The message log could not be loaded\. The game plays on/);
  assert.equal(blocked.length, 1, `the blocked file was asked for ${blocked.length} times`);
  assert.equal(await page.$('.message-log'), null, 'a message log with no code?');
  assert.deepEqual([await controls(), await board()], [controlsBefore, boardBefore], 'the line moved the board');
  await blur(page);
  assert.ok(await playAMove(page, 0), 'no move played');

  // A file dropped meanwhile is the same: asked for again, refused again, said.
  await dropSessionFile(page, readFileSync(FIXTURE, 'utf8'));
  await page.waitForSelector('.debugger-failed:not([hidden])', { timeout: 10_000 });
  for (let i = 0; blocked.length < 2 && i < 100; i++) await page.waitForTimeout(50);
  assert.equal(blocked.length, 2, 'the dropped file did not ask for the debugger again');
  await page.waitForSelector('.debugger-failed:not([hidden])', { timeout: 10_000 });

  // The file is back: asked again, the log opens and the line goes.
  await page.unroute('**/split_debugger-*.wasm', block);
  await page.click('.messages-button');
  await page.waitForSelector('.message-log', { timeout: 10_000 });
  assert.equal(await page.$('.debugger-failed:not([hidden])'), null, 'the line stays beside the log');
  assert.ok(await newestMessage(page) > 0, 'the log lists no message');

  // Each blocked request leaves its two lines (Playwright's HTTP 404 and
  // the browser's "Failed to load resource"), and nothing else is said.
  const file = /split_debugger-[0-9a-f]+\.wasm/;
  const others = errors.filter((e) => !file.test(e));
  assert.equal(errors.length - others.length, 2 * blocked.length, JSON.stringify(errors));
  assert.deepEqual(others, []);
  await context.close();
});

/** Whether the element `selector` is within the window's view. */
function inView(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
  });
}

test('paused at an early message, the whole list stays, the message marked and in view, and the page looks paused', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
    await waitReady(page);
    for (let i = 0; i < 4; i++) await playAMove(page, i);
    await openPanel(page, 'history');
    await openMessageLog(page);
    for (let i = 0; i < 36; i++) await playAMove(page, i);
    await untilIdle(page);
    const newest = await newestMessage(page);
    assert.equal(await messagesListed(page), newest, `every message listed live (${viewport.width})`);
    // Message 3 came before the history panel opened: paused there, the
    // page draws that model (no panel), and the list stays whole.
    await inspectMessage(page, 3);
    assert.equal(await pausedAt(page), 3);
    await page.waitForSelector('.history-panel', { state: 'detached', timeout: 10_000 });
    assert.equal(await messagesListed(page), newest, 'the list paused');
    assert.equal(await page.$eval('.message-row[aria-current]', (li) => Number(li.dataset.n)), 3);
    for (const what of ['.inspector-title', '.inspector-live', '.message-row[aria-current]']) {
      assert.ok(await inView(page, what), `${what} in view (${viewport.width})`);
    }
    await page.screenshot({ path: path.join(TMP, `paused-${viewport.width}.png`) });
    // Any other message one click away.
    await inspectMessage(page, 30);
    assert.equal(await pausedAt(page), 30);
    assert.ok(await inView(page, '.message-row[aria-current]'), 'message 30 in view');
    await backToLive(page);
    assert.equal(await newestMessage(page), newest);
    assert.deepEqual(errors, []);
    await context.close();
  }
  console.log(`screenshots of the paused page: ${TMP}/paused-*.png`);
});

test('a long life: a full window stepped through from its first message to its last, saved and reopened in the page', { timeout: 900_000 }, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL('?seed=43', suite.url).href, { waitUntil: 'load' });
  await waitReady(page);
  await pressKeys(page, 5200);
  await untilIdle(page);
  const liveEnd = await readBoard(page);
  await openMessageLog(page);
  const newest = await newestMessage(page);
  assert.ok(newest > 5000, `${newest} messages`);
  assert.equal(await messagesListed(page), 5000, 'the window listed');
  const drawn = await page.$$eval('.message-log > li', (lis) => lis.length);
  assert.ok(drawn < 80, `${drawn} rows drawn: only those in view are`);
  const oldest = newest - 5000 + 1;
  // Stepped through, Next after Next, from the window's first message.
  await inspectMessage(page, oldest);
  assert.equal(await pausedAt(page), oldest);
  const t0 = Date.now();
  const steps = await page.evaluate(async (last) => {
    const at = () => Number(document.querySelector('.inspector-title')?.dataset.at);
    const marked = () => Number(document.querySelector('.message-row[aria-current]')?.dataset.n);
    let steps = 0;
    let unmarked = 0;
    while (at() < last) {
      const want = at() + 1;
      document.querySelector('.inspector-next').click();
      while (at() !== want) await new Promise((r) => setTimeout(r, 0));
      if (steps % 500 === 0) {
        // The row marked is drawn, in view, though the list draws few.
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (marked() !== want) unmarked++;
      }
      steps++;
    }
    return { steps, unmarked };
  }, newest);
  assert.deepEqual(steps, { steps: newest - oldest, unmarked: 0 });
  console.log(`debugger: ${steps.steps} steps of Next through a full window in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  assert.deepEqual((await readBoard(page)).board, liveEnd.board, 'the last message shows the live board');
  await backToLive(page);
  // Saved: the file starts from the window's start model; the page opens it.
  const file = await saveThisSession(page);
  const session = JSON.parse(readFileSync(file, 'utf8'));
  // The window, perhaps moved on by a message or two since (idle moments).
  assert.equal(session.messages.length, 5000);
  assert.ok(session.first >= oldest - 1, `the file starts after ${session.first}`);
  assert.ok(session.start, 'the window\'s start model is in the file');
  const native = spawnSync(SESSION_BIN, [file, '--quiet'], { encoding: 'utf8' });
  assert.equal(native.status, 0, `session ${file}:\n${native.stdout}\n${native.stderr}`);
  await openSessionFile(page, file);
  assert.equal(await pausedAt(page), session.first);
  await inspectMessage(page, session.first + 5000);
  assert.equal(await pausedAt(page), session.first + 5000);
  assert.deepEqual((await readBoard(page)).board, liveEnd.board, 'the file\'s last message shows the live board');
  await backToLive(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the handle opens the debugger\'s column from any page state, and opening it never moves the game nor covers the panel open', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    const context = await suite.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(new URL('?seed=7', suite.url).href, { waitUntil: 'load' });
    await waitReady(page);
    for (let i = 0; i < 3; i++) await playAMove(page, i);
    await openPanel(page, 'history');
    await untilIdle(page);
    // The handle says how many messages, from any page state.
    const taken = Number(/\((\d+)\)/.exec(await page.textContent('.messages-button'))[1]);
    assert.ok(taken >= 3, `the handle says ${taken} messages`);
    const rect = (selector) => page.$eval(selector, (el) => {
      const r = el.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map(Math.round);
    });
    // The player brings the handle into view (on a phone it ends the page)
    // and presses it: neither the board nor the handle moves.
    await page.locator('.messages-button').scrollIntoViewIfNeeded();
    const board = await rect('.game-container');
    const handle = await rect('.messages-button');
    await openMessageLog(page);
    assert.deepEqual(await rect('.game-container'), board, `the board moved (${viewport.width})`);
    assert.deepEqual(await rect('.messages-button'), handle, `the handle moved under the pointer (${viewport.width})`);
    assert.equal(await page.getAttribute('.messages-button', 'aria-expanded'), 'true');
    assert.equal(await messagesListed(page), await newestMessage(page), 'every message listed');
    const column = await rect('#debugger .inspector');
    if (viewport.width >= 1366) {
      // Docked at the right, beside the board, not over the panel open.
      assert.ok(column[0] >= board[0] + board[2], `the column over the board (${viewport.width})`);
      const panel = await rect('.history-panel');
      assert.ok(panel[0] + panel[2] <= column[0] + 1, `the column over the history panel: ${panel} / ${column} (${viewport.width})`);
    } else if (viewport.width >= 960) {
      // At the window's foot beside the board, under the tools' column,
      // which ends above it: the panel open is not covered.
      assert.ok(column[0] >= board[0] + board[2], `the column over the board (${viewport.width})`);
      assert.equal(column[1] + column[3], viewport.height, 'the column at the foot');
      const tools = await rect('.tools');
      assert.ok(tools[1] + tools[3] <= column[1] + 1, `the column over the tools: ${tools} / ${column} (${viewport.width})`);
    } else {
      // At the foot of the window.
      assert.equal(column[1] + column[3], viewport.height, 'the column at the foot');
    }
    await page.screenshot({ path: path.join(TMP, `column-${viewport.width}.png`) });
    await page.click('.messages-button');
    await page.waitForSelector('.message-log', { state: 'detached', timeout: 10_000 });
    assert.deepEqual(await rect('.game-container'), board, 'closing it moved the board');
    assert.deepEqual(await rect('.messages-button'), handle, 'closing it moved the handle');
    assert.deepEqual(errors, []);
    await context.close();
  }
  console.log(`screenshots of the debugger's column: ${TMP}/column-*.png`);
});
