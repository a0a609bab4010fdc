// The panels under the board (history, with the review and the message log;
// statistics; settings) are not in the page's first wasm: each panel's code
// is a chunk of its own (split_panel_<name>-<hash>.wasm, with shared
// shared-<hash>.wasm, the code the panels share), fetched through __wasm_split-<hash>.js the first time
// the panel opens (split points made in src/main.rs from chunk_table! in
// src/app/chunks.rs; drawn in place by src/view/chunk_place.rs).
//
//  1. A cold load asks for no chunk, even once the page is idle; then each
//     panel opens and works, its split file asked for once; closed and
//     opened again it asks for nothing and shows at once (no "Loading…").
//     No console error, no page error, no CSP violation.
//  2. After one visit (no panel opened), the service worker has the chunks,
//     and a page it serves loads them at its first idle moment:
//     offline, every panel opens in the frame of the click and works, and
//     the game plays.
//  3. A chunk that cannot load (404, or damaged bytes): the panel's place
//     says so quietly, the game plays on, the other panels open; opened
//     again once the file is back, the panel loads.
//  4. Opening a panel cold does not move the board.
//
// Requests for the chunks are counted from the page's request events (the
// page's own fetches, whether the service worker answers them or not); the
// service worker's own install fetches (it stores every chunk with the page)
// are the context's, and are not the page asking.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, playOne, showBoard, sameBoard } from './helpers.mjs';
import { startSuite, waitReady, collectErrors } from './storage-helpers.mjs';
import { pageErrors, underServiceWorker } from './extra-helpers.mjs';
import { blur, chooseEntry, chooseSize, readInspector } from './session-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

// ---------------------------------------------------------------------------
// The panels

const PANELS = {
  history: { button: '.history-button', section: 'section.panel.history-panel', split: 'split_panel_history' },
  stats: { button: '.stats-button', section: 'section.panel.stats-panel', split: 'split_panel_stats' },
  settings: { button: '.settings-button', section: 'section.panel.settings-panel', split: 'split_panel_settings' },
};
const NAMES = Object.keys(PANELS);

/** The line in a panel's place when its chunk could not be loaded. */
const FAILURE = 'This panel could not be loaded. The game plays on; the panel tries again when you next open it.';
const FAILURE_NOTE = 'p.panel.chunk-note[role=status]';
const LOADING_NOTE = 'p.panel.chunk-note.chunk-loading';

/** A chunk file's path: a panel's split file or a shared chunk. */
/** The rooms' style (style/rooms.css), fetched with the first chunk. */
const ROOMS_STYLE = /^\/rooms-[0-9a-f]+\.css$/;
const CHUNK_FILE = /^\/(split_panel_[a-z]+|split_contest|split_learn|split_debugger|shared)-[0-9a-f]+\.wasm$/;
/** The split file of `name`, as a route glob. */
const splitGlob = (name) => `**/${PANELS[name].split}-*.wasm`;

// ---------------------------------------------------------------------------
// Opening the game

/**
 * Init script: records every securitypolicyviolation event (capture, so
 * those aimed at an element count too) in window.__cspViolations.
 */
function recordViolations() {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push({
      directive: e.violatedDirective,
      blocked: e.blockedURI,
      source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
    });
  }, true);
}

/**
 * A fresh context (context `options`: serviceWorkers, ...) with the CSP
 * recorder, and the game opened in it. `beforeLoad(page)` runs before the
 * page loads (routes). `chunks` collects the path of every chunk file the
 * page asks for, in order; `errors` its console errors, page errors, failed
 * requests and HTTP errors (storage-helpers collectErrors).
 */
async function openGame({ options = {}, beforeLoad } = {}) {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 }, ...options });
  await context.addInitScript(recordViolations);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const chunks = watchChunkRequests(page);
  if (beforeLoad) await beforeLoad(page);
  await page.goto(suite.url, { waitUntil: 'load' });
  await waitReady(page);
  return { context, page, errors, chunks };
}

/** Records the path of every chunk file `page` asks for (a live array). */
function watchChunkRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (CHUNK_FILE.test(p)) seen.push(p);
  });
  return seen;
}

/** How many of `paths` are `name`'s split file. */
const splitCount = (paths, name) => paths.filter((p) => p.startsWith(`/${PANELS[name].split}-`)).length;

/** The CSP violations the page recorded. */
async function violations(page) {
  return page.evaluate(() => window.__cspViolations ?? ['the recorder is missing']);
}

/** Asserts no console error, page error, failed request or HTTP error, and no CSP violation. */
async function assertClean(page, errors, label) {
  assert.deepEqual(errors, [], `${label}: console errors, page errors, failed requests or HTTP errors`);
  assert.deepEqual(await violations(page), [], `${label}: CSP violations`);
}

// ---------------------------------------------------------------------------
// User actions

/**
 * Clicks `name`'s button to open it and waits for the panel, or for the
 * failure line in its place. Resolves to 'panel' or 'failed'.
 */
async function openPanel(page, name) {
  const { button, section } = PANELS[name];
  assert.equal(await page.$(section), null, `${name} is open already`);
  await page.click(button);
  const shown = await page.waitForSelector(`${section}, ${FAILURE_NOTE}`, { state: 'visible', timeout: 15_000 });
  const failed = await shown.evaluate((el) => el.matches('p'));
  await blur(page);
  return failed ? 'failed' : 'panel';
}

/** Clicks `name`'s button to close it (panel or failure line) and waits until nothing is in the panels' place. */
async function closePanel(page, name) {
  await page.click(PANELS[name].button);
  await page.waitForFunction(() => document.querySelector('.panel') === null, null, { timeout: 5_000 });
  await blur(page);
}

/**
 * Opens `name` again (its code is here): clicks its button and looks at the
 * DOM one animation frame later, in the same task as the click; a
 * MutationObserver notes any "Loading…" line (or failure line) put in the
 * meantime. Resolves to { shown, loading, failed }.
 */
async function reopenAtOnce(page, name) {
  const r = await page.evaluate(async ({ button, section, loading, failure }) => {
    const seen = { loading: false, failed: false };
    const look = () => {
      seen.loading ||= document.querySelector(loading) !== null;
      seen.failed ||= document.querySelector(failure) !== null;
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
    document.querySelector(button).click();
    await new Promise((done) => requestAnimationFrame(() => done()));
    look();
    observer.disconnect();
    return { shown: document.querySelector(section) !== null, ...seen };
  }, { ...PANELS[name], loading: LOADING_NOTE, failure: FAILURE_NOTE });
  await blur(page);
  return r;
}

/** The failure line's text, or null. */
async function failureText(page) {
  return page.evaluate((sel) => document.querySelector(sel)?.textContent ?? null, FAILURE_NOTE);
}

/**
 * The board's box in the document (the viewport's box plus the scroll:
 * clicking a button below the fold scrolls it into view, which is not the
 * layout moving).
 */
async function boardBox(page) {
  return page.evaluate(() => {
    const r = document.querySelector('.game-container').getBoundingClientRect();
    return { left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height };
  });
}

// ---------------------------------------------------------------------------
// Each panel works

/** Statistics: the heading names the size, the totals and the rates table are there. */
async function checkStats(page, label) {
  const s = await page.evaluate(() => {
    const p = document.querySelector('.stats-panel');
    return {
      heading: p.querySelector('h2')?.textContent ?? null,
      totals: [...p.querySelectorAll('.stats-table th')].map((th) => th.textContent),
      details: p.querySelector('.stats-details > summary')?.textContent ?? null,
    };
  });
  assert.match(s.heading ?? '', /^Statistics, \d+×\d+$/, `${label}: the statistics heading`);
  for (const t of ['Games played', 'Games won', 'Best score', 'Best tile', 'Total moves']) {
    assert.ok(s.totals.includes(t), `${label}: no "${t}" in the statistics: ${JSON.stringify(s.totals)}`);
  }
  assert.equal(s.details, 'Tile rates as a table', `${label}: the rates table`);
}

/** Settings: its selects (width, height, target, pause); choosing 5 × 5 gives a 5 × 5 board, with a fresh game that plays. */
async function checkSettings(page, label) {
  const s = await page.evaluate(() => {
    const p = document.querySelector('.settings-panel');
    const sel = (c) => [...(p.querySelector(c)?.options ?? [])].map((o) => o.value);
    return { width: sel('.width-select'), height: sel('.height-select'), target: sel('.target-select'), pause: sel('.autoplay-speed') };
  });
  for (const side of ['width', 'height']) {
    assert.deepEqual(s[side], ['3', '4', '5', '6', '7', '8'], `${label}: ${side} options`);
  }
  assert.ok(s.target.length > 1, `${label}: target options ${JSON.stringify(s.target)}`);
  assert.ok(s.pause.length > 1, `${label}: pause options ${JSON.stringify(s.pause)}`);
  const was = await readBoard(page);
  assert.equal(`${was.width}x${was.height}`, '4x4', `${label}: the game did not start on a 4 × 4 board`);
  await chooseSize(page, '5x5');
  await page.waitForFunction(() => {
    const rows = document.querySelectorAll('.grid-container > .grid-row');
    return rows.length === 5 && [...rows].every((r) => r.children.length === 5) &&
      !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length >= 1;
  }, null, { timeout: 10_000 }).catch(() => assert.fail(`${label}: choosing 5 × 5 in the settings did not change the board`));
  await blur(page);
  const now = await readBoard(page);
  assert.equal(`${now.width}x${now.height}`, '5x5', `${label}: the board after choosing 5 × 5`);
  assert.deepEqual(
    [await page.$eval('.width-select', (s) => s.value), await page.$eval('.height-select', (s) => s.value)],
    ['5', '5'],
    `${label}: the selects do not show 5 × 5`,
  );
  await playOne(page, `${label}: 5 × 5`);
}

/**
 * History: after two moves it lists the start and both moves; clicking the
 * row of the first move shows that earlier board, "Back to the present"
 * the last one; the review's section and the message log are there.
 * `boards` are the boards after 0, 1, 2 inputs.
 */
async function checkHistory(page, boards, label) {
  const ins = await readInspector(page);
  assert.ok(ins.open, `${label}: no history panel`);
  for (const i of [0, 1, 2]) assert.ok(ins.rows.includes(i), `${label}: no row for state ${i}: rows ${JSON.stringify(ins.rows)}`);
  assert.ok(await page.$('.history-panel .review'), `${label}: no review section in the history`);

  await chooseEntry(page, 1);
  const past = await readBoard(page);
  assert.ok(sameBoard(past.board, boards[1]),
    `${label}: the row of state 1 shows another board\nwant:\n${showBoard(boards[1])}\nshown:\n${showBoard(past.board)}`);
  assert.ok((await readInspector(page)).inspecting, `${label}: the board is not marked as inspecting`);
  await page.click('.history-panel .present-button');
  await page.waitForFunction(() => !document.querySelector('.game-container').classList.contains('inspecting'),
    null, { timeout: 5_000 });
  const present = await readBoard(page);
  assert.ok(sameBoard(present.board, boards[2]), `${label}: "Back to the present" does not show the last board`);

  await page.click('.messages-button');
  await page.waitForSelector('.message-log > li', { state: 'visible', timeout: 5_000 });
  await blur(page);
}

/** Plays two moves and returns the boards after 0, 1 and 2 of them. */
async function playTwo(page, label) {
  const boards = [(await readBoard(page)).board];
  boards.push((await playOne(page, `${label}: move 1`)).board);
  boards.push((await playOne(page, `${label}: move 2`)).board);
  return boards;
}

// ---------------------------------------------------------------------------
// 1. Cold load

test('cold load asks for no panel chunk; each panel then loads once, works, and opens again at once', async () => {
  const { context, page, errors, chunks } = await openGame();
  assert.deepEqual(chunks, [], 'chunk files asked for by the first load');
  // Idle: the AI worker's files come now; still no chunk.
  await page.waitForTimeout(1_500);
  assert.deepEqual(chunks, [], 'chunk files asked for while the page was idle');

  const boards = await playTwo(page, 'cold');
  // History first (the moves above are in it), settings last (it changes the board's size).
  for (const name of ['history', 'stats', 'settings']) {
    const before = chunks.length;
    assert.equal(await openPanel(page, name), 'panel', `${name}: the panel did not load`);
    const asked = chunks.slice(before);
    assert.equal(splitCount(asked, name), 1, `${name}: its split file asked for ${splitCount(asked, name)} times: ${asked.join(', ')}`);
    for (const other of NAMES.filter((n) => n !== name)) {
      assert.equal(splitCount(asked, other), 0, `${name}: opening it asked for ${other}'s split file`);
    }
    // The code the panels share is one file, asked for with the first
    // panel: two files for it, its own alone for the others.
    const shared = asked.filter((p) => p.startsWith('/shared-'));
    assert.deepEqual([shared.length, asked.length], name === 'history' ? [1, 2] : [0, 1],
      `${name}: the files its first opening asked for: ${asked.join(', ')}`);
    if (name === 'history') await checkHistory(page, boards, 'history');
    if (name === 'stats') await checkStats(page, 'stats');

    // Closed and opened again: nothing asked, shown in the frame after the click.
    await closePanel(page, name);
    const asked2 = chunks.length;
    const again = await reopenAtOnce(page, name);
    assert.deepEqual(again, { shown: true, loading: false, failed: false },
      `${name}: opened a second time, it is not shown at once (or a note came in its place)`);
    await page.waitForTimeout(200);
    assert.deepEqual(chunks.slice(asked2), [], `${name}: opened a second time, it asked for chunks again`);
    if (name === 'stats') await checkStats(page, 'stats again');
    if (name === 'settings') await checkSettings(page, 'settings');
    await closePanel(page, name);
  }

  // The ? key opens and closes the history as its button does, at once too.
  await page.keyboard.press('?');
  await page.waitForSelector(PANELS.history.section, { state: 'visible', timeout: 2_000 });
  assert.equal(await page.$(LOADING_NOTE), null, 'the ? key: "Loading…" for a panel already loaded');
  await page.keyboard.press('?');
  await page.waitForFunction(() => document.querySelector('.panel') === null, null, { timeout: 5_000 });

  // No chunk file was asked for twice over the whole session.
  const twice = chunks.filter((p, i) => chunks.indexOf(p) !== i);
  assert.deepEqual(twice, [], `chunk files asked for more than once: ${chunks.join(', ')}`);
  console.log(`panels: cold load asked for ${chunks.length} chunk files, each once: ${chunks.join(' ')}`);
  await playOne(page, 'after the panels');
  await assertClean(page, errors, 'cold load');
  await context.close();
});

test("the rooms' style comes with the first panel, not before, and no panel is drawn without it", async () => {
  // What only a chunk's views draw is style/rooms.css, which the runner adds
  // with the first chunk and awaits before that chunk's views are drawn
  // (ARCHITECTURE.md, "A room's code arrives with the room"). It is slowed
  // here so that it comes after the panel's code; no service worker, which
  // would answer it from its cache.
  const styles = [];
  const slowStyle = async (p) => {
    p.on('request', (r) => ROOMS_STYLE.test(new URL(r.url()).pathname) && styles.push(r.url()));
    await p.route((url) => ROOMS_STYLE.test(url.pathname), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
  };
  const { context, page, errors } = await openGame({ options: { serviceWorkers: 'block' }, beforeLoad: slowStyle });
  await page.waitForTimeout(1_500);
  assert.deepEqual(styles, [], "the rooms' style asked for at load or while idle");
  // Each view's look as it is added: the history's list (the first panel,
  // which asks for the style) and each settings group.
  await page.evaluate(() => {
    window.firstLooks = [];
    const looks = { '.history-list': 'listStyleType', '.settings-group': 'borderTopStyle' };
    new MutationObserver(() => {
      for (const [selector, property] of Object.entries(looks)) {
        for (const element of document.querySelectorAll(`${selector}:not([data-seen])`)) {
          element.dataset.seen = '';
          window.firstLooks.push(`${selector} ${getComputedStyle(element)[property]}`);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await playTwo(page, 'style');
  for (const name of ['history', 'settings']) {
    assert.equal(await openPanel(page, name), 'panel', `${name}: the panel did not load`);
    await closePanel(page, name);
  }
  assert.equal(styles.length, 1, `the rooms' style asked for ${styles.length} times`);
  const looks = await page.evaluate(() => window.firstLooks);
  const styled = ['.history-list none', '.settings-group solid'];
  assert.ok(styled.every((look) => looks.includes(look)) && looks.every((look) => styled.includes(look)),
    `views drawn before their style: ${looks.join(', ')}`);
  await assertClean(page, errors, 'the rooms\' style');
  await context.close();
});

// ---------------------------------------------------------------------------
// 2. Offline

test('after one visit with no panel opened, every panel opens offline in the frame of the click and works, and the game plays', async () => {
  const { context, page, errors, chunks } = await openGame();
  await page.waitForTimeout(1_500);
  assert.deepEqual(chunks, [], 'a first visit asked for chunk files with no panel opened');
  await underServiceWorker(page);
  // The service worker stored every chunk index.html lists.
  const { listed, cached } = await page.evaluate(async () => ({
    listed: document.querySelector('meta[name=chunks]')?.content.split(' ').filter(Boolean) ?? [],
    cached: (await (await caches.open('leptos-2048')).keys()).map((r) => new URL(r.url).pathname),
  }));
  assert.ok(listed.length >= 3 && listed.every((p) => CHUNK_FILE.test(p)), `index.html's chunk list: ${JSON.stringify(listed)}`);
  for (const name of NAMES) {
    assert.equal(splitCount(listed, name), 1, `index.html's chunk list does not name ${name}'s split file once`);
  }
  assert.deepEqual(listed.filter((p) => !cached.includes(p)), [], 'chunks the service worker did not store');

  await context.setOffline(true);
  const probe = await page.evaluate(() => fetch(`/not-cached-${Math.random()}`).then(() => 'fetched', (e) => `failed: ${e.message}`));
  assert.ok(probe.startsWith('failed'), `the network is not off (a fresh URL was ${probe})`);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  // Served by the service worker, the page loads every panel's code at its
  // first idle moment, so each opens in the frame of the click.
  await page.waitForFunction(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.includes('/split_panel_')).length === 3, null, { timeout: 10_000 })
    .catch(() => assert.fail('the panels\' code was not loaded at the first idle moment'));
  await page.waitForTimeout(300);

  const boards = await playTwo(page, 'offline');
  for (const name of ['history', 'stats', 'settings']) {
    const at = await reopenAtOnce(page, name);
    assert.ok(at.shown && !at.loading && !at.failed,
      `${name}: offline, not shown in the frame of the click: ${JSON.stringify(at)} ${await failureText(page)}`);
    if (name === 'history') await checkHistory(page, boards, 'offline history');
    if (name === 'stats') await checkStats(page, 'offline stats');
    if (name === 'settings') await checkSettings(page, 'offline settings');
    await closePanel(page, name);
  }
  await playOne(page, 'offline, after the panels');

  // The probe for a URL nobody cached fails on purpose: its lines are ours.
  const mine = (e) => e.includes('/not-cached-');
  assert.deepEqual(errors.filter((e) => !mine(e)), [], 'console errors, page errors, failed requests or HTTP errors');
  assert.deepEqual(pageErrors(errors).filter((e) => !mine(e)), [], 'console errors or page errors');
  assert.deepEqual(await violations(page), [], 'CSP violations');
  await context.setOffline(false);
  await context.close();
});

// ---------------------------------------------------------------------------
// 3. A chunk that cannot load

/**
 * The errors left once those of the blocked requests for `name`'s split
 * file are taken out: Playwright's HTTP 404 entry and the browser's own
 * "Failed to load resource" line for it.
 */
function othersThanBlocked(errors, name) {
  const file = `http://127\\.0\\.0\\.1:\\d+/${PANELS[name].split}-[0-9a-f]+\\.wasm`;
  const http404 = new RegExp(`^HTTP 404 for ${file}$`);
  const console404 = new RegExp(`^console\\.error: Failed to load resource: the server responded with a status of 404 \\(Not Found\\) \\(at ${file}\\)$`);
  return errors.filter((e) => !http404.test(e) && !console404.test(e));
}

test('a panel chunk that answers 404: a quiet note, the game plays on, the other panels open, and it loads once the file is back', async () => {
  const blocked = [];
  const block = (route) => {
    blocked.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  };
  // A service worker would fetch the chunk itself, out of page.route's reach.
  const { context, page, errors, chunks } = await openGame({
    options: { serviceWorkers: 'block' },
    beforeLoad: (p) => p.route(splitGlob('stats'), block),
  });

  assert.equal(await openPanel(page, 'stats'), 'failed', 'the statistics opened with their chunk blocked?');
  assert.equal(blocked.length, 1, `the blocked file was asked for ${blocked.length} times`);
  assert.equal(await failureText(page), FAILURE, 'the failure line');
  assert.equal(await page.$(PANELS.stats.section), null, 'a statistics panel with no code?');
  assert.equal(await page.$(LOADING_NOTE), null, '"Loading…" stays beside the failure line');
  await playOne(page, 'stats failed');
  await playOne(page, 'stats failed');

  // Still blocked: closed and opened again, it tries again and fails again.
  await closePanel(page, 'stats');
  assert.equal(await openPanel(page, 'stats'), 'failed', 'the statistics opened with their chunk still blocked?');
  assert.equal(blocked.length, 2, 'opened again, the panel did not try again');
  await closePanel(page, 'stats');

  // The other panels are not held back.
  for (const name of ['history', 'settings']) {
    assert.equal(await openPanel(page, name), 'panel', `${name} does not open once the statistics failed`);
    await closePanel(page, name);
  }
  await playOne(page, 'after the other panels');

  // The file is back: opened again, the statistics load.
  await page.unroute(splitGlob('stats'), block);
  const before = chunks.length;
  assert.equal(await openPanel(page, 'stats'), 'panel', `the statistics did not load once the file was back: ${await failureText(page)}`);
  assert.equal(splitCount(chunks.slice(before), 'stats'), 1, 'the retry did not ask for the split file once');
  await checkStats(page, 'stats after the retry');
  assert.equal(await page.$(FAILURE_NOTE), null, 'the failure line stays beside the panel');
  await playOne(page, 'after the retry');

  // Each blocked request leaves exactly its two lines, and nothing else is taken out.
  assert.equal(errors.length - othersThanBlocked(errors, 'stats').length, 2 * blocked.length,
    `the blocked requests' lines: ${JSON.stringify(errors)}`);
  assert.deepEqual(pageErrors(othersThanBlocked(errors, 'stats')), [], 'console errors or page errors');
  assert.deepEqual(othersThanBlocked(errors, 'stats'), [], 'failed requests or HTTP errors other than the blocked file');
  assert.deepEqual(await violations(page), [], 'CSP violations');
  await context.close();
});

test('a damaged panel chunk (200, application/wasm, garbage): a quiet note, no page error, the game plays on; it loads once the file is whole', async () => {
  const damaged = [];
  const garbage = (route) => {
    damaged.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('this is not a wasm module, not at all') });
  };
  const { context, page, errors, chunks } = await openGame({
    options: { serviceWorkers: 'block' },
    beforeLoad: (p) => p.route(splitGlob('settings'), garbage),
  });

  assert.equal(await openPanel(page, 'settings'), 'failed', 'the settings opened from a damaged chunk?');
  assert.equal(damaged.length, 1, `the damaged file was asked for ${damaged.length} times`);
  assert.equal(await failureText(page), FAILURE, 'the failure line');
  assert.equal(await page.$(PANELS.settings.section), null, 'a settings panel from a damaged chunk?');
  await playOne(page, 'settings damaged');
  await playOne(page, 'settings damaged');
  await closePanel(page, 'settings');

  assert.equal(await openPanel(page, 'stats'), 'panel', 'the statistics do not open once the settings failed');
  await checkStats(page, 'stats beside damaged settings');
  await closePanel(page, 'stats');

  await page.unroute(splitGlob('settings'), garbage);
  const before = chunks.length;
  assert.equal(await openPanel(page, 'settings'), 'panel', `the settings did not load once the file was whole: ${await failureText(page)}`);
  assert.equal(splitCount(chunks.slice(before), 'settings'), 1, 'the retry did not ask for the split file once');
  await checkSettings(page, 'settings after the retry');

  assert.deepEqual(errors, [], 'console errors, page errors, failed requests or HTTP errors');
  assert.deepEqual(await violations(page), [], 'CSP violations');
  await context.close();
});

// ---------------------------------------------------------------------------
// 4. The board stays put

test('opening each panel cold does not move the board, while it loads or once it is drawn', async () => {
  // Each split file is held back a little, so that the "Loading…" line is
  // seen in the panels' place before the panel replaces it.
  const slow = async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  };
  const { context, page, errors } = await openGame({
    options: { serviceWorkers: 'block' },
    beforeLoad: (p) => p.route('**/split_panel_*.wasm', slow),
  });
  await playTwo(page, 'layout');
  await page.waitForTimeout(300); // the moves' animations are over
  const start = await boardBox(page);
  for (const name of NAMES) {
    const before = await boardBox(page);
    assert.deepEqual(before, start, `${name}: the board moved since the page loaded`);
    await page.click(PANELS[name].button);
    const note = await page.waitForSelector(LOADING_NOTE, { state: 'visible', timeout: 5_000 })
      .catch(() => assert.fail(`${name}: no "Loading…" line while its chunk was held back`));
    const loading = await boardBox(page);
    const noteBox = await note.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + scrollY, left: r.left + scrollX };
    }).catch(() => null);
    await page.waitForSelector(PANELS[name].section, { state: 'visible', timeout: 15_000 });
    const drawn = await boardBox(page);
    assert.deepEqual(loading, before, `${name}: the board moved while the panel loaded`);
    assert.deepEqual(drawn, before, `${name}: the board moved when the panel was drawn`);
    // Under the board on one column; beside it on a wide window.
    const clear = (box) => box.top >= before.top + before.height || box.left >= before.left + before.width;
    if (noteBox !== null) {
      assert.ok(clear(noteBox), `${name}: the "Loading…" line is over the board`);
    }
    const panelBox = await page.$eval(PANELS[name].section, (el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + scrollY, left: r.left + scrollX };
    });
    assert.ok(clear(panelBox), `${name}: the panel is drawn over the board`);
    await closePanel(page, name);
  }
  await assertClean(page, errors, 'layout');
  await context.close();
});

// ---------------------------------------------------------------------------
// 5. A new game is not a move

test('the history numbers moves in their game: a New game is no move, and the lines count the moves of the game', async () => {
  const { context, page, errors } = await openGame();
  await playTwo(page, 'first game');
  await page.click('.restart-button');
  await page.waitForFunction(() => document.querySelectorAll('.tile').length === 2, null, { timeout: 5_000 });
  await blur(page);
  await playOne(page, 'second game: move 1');
  assert.equal(await openPanel(page, 'history'), 'panel', 'the history did not load');
  const read = () => page.$$eval('.history-entry', (els) => els.map((e) => [
    Number(e.dataset.i),
    e.querySelector('.history-index').textContent,
    e.querySelector('.history-input').textContent,
  ]));
  const rows = await read();
  assert.deepEqual(rows.map(([i, n]) => [i, n]), [[0, '0'], [1, '1'], [2, '2'], [3, ''], [4, '1']],
    `the rows' numbers: a New game has none, and the new game's first move is move 1: ${JSON.stringify(rows)}`);
  assert.equal(rows[3][2], 'New game');
  const ins = await readInspector(page);
  assert.equal(ins.position, '1 move so far.', 'the line over the list counts the moves of the game in play');
  assert.equal(ins.check, 'Checked: playing the 3 moves again gives every board in the list. Check again',
    'the check counts moves, not the New game');
  // The first game's last board, and the new game's start, each said in its own game's moves.
  await chooseEntry(page, 2);
  assert.equal((await readInspector(page)).position, 'Showing the board after move 2 of 2: look only, or resume from here.');
  await chooseEntry(page, 3);
  assert.equal((await readInspector(page)).position, 'Showing the board after move 0 of 1: look only, or resume from here.');
  await assertClean(page, errors, 'a new game in the history');
  await context.close();
});
