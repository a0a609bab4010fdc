// The control surface and the page on every device: the frequent actions
// as named icon buttons, everything else in the quieter menu row, touch
// targets of at least 44 × 44, every control reachable by Tab; the board
// filling a phone and fully visible on a landscape phone; key events from
// bots written for the original (a plain Event carrying keyCode, on
// document.body or on the document); the static shell painted before the
// wasm in the very box the app draws the board in, with the first game's
// tiles where the app keeps them; statistics as charts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launchBrowser, readBoard, checkMove, slide, DIRECTIONS, requireDist,
} from './helpers.mjs';

/** Opens the page at `viewport`, waits for the two first tiles. */
async function openAt(viewport, { query = '', route } = {}) {
  const server = await startServer(requireDist());
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport });
  if (route) await context.route('**/*', route);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + query);
  await page.waitForFunction(() => !document.getElementById('shell')
    && document.querySelectorAll('.tile-container > .tile').length === 2, null, { timeout: 20_000 });
  return {
    page, errors,
    close: async () => { await browser.close(); await server.close(); },
  };
}

/** The page-space box of the first element matching `selector`. */
function box(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height,
      bottom: r.bottom, right: r.right };
  });
}

// ---------------------------------------------------------------------------
// The control surface

test('the frequent actions are named icon buttons, the rest sit in a menu row; every control is at least 44 × 44 and reachable by Tab', async () => {
  for (const viewport of [{ width: 1100, height: 1000 }, { width: 390, height: 844 }]) {
    const { page, errors, close } = await openAt(viewport);
    const primary = await page.$$eval('.game-controls > button', (bs) => bs.map((b) => ({
      cls: b.className, name: b.textContent.trim(), icon: !!b.querySelector('svg[aria-hidden="true"]'),
    })));
    assert.deepEqual(primary.map((b) => b.name), ['Undo', 'Redo', 'Hint', 'Autoplay'], `${viewport.width}: primary`);
    assert.ok(primary.every((b) => b.icon), 'each frequent action has an icon');
    const menu = await page.$$eval('.game-menu > button', (bs) => bs.map((b) => b.textContent.trim()));
    assert.deepEqual(menu, ['History', 'Statistics', 'Settings', 'Daily', 'Share', 'Dark theme'], `${viewport.width}: menu`);
    assert.equal(await page.$('.game-controls select, .game-controls .autoplay-speed'), null,
      'the autoplay pause is not a bare select among the buttons');

    // Open every panel in turn: targets are measured with each one open.
    for (const opener of ['.settings-button', '.stats-button', '.history-button']) {
      await page.click(opener);
      const small = await page.$$eval('main button:not([disabled]), main select, main summary', (els) => els
        .filter((el) => el.getClientRects().length && !el.closest('.history-list, .message-log, .game-message'))
        .map((el) => ({ what: el.className || el.tagName, ...el.getBoundingClientRect().toJSON() }))
        .filter((r) => r.width < 44 - 0.5 || r.height < 44 - 0.5)
        .map((r) => `${r.what} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`));
      assert.deepEqual(small, [], `${viewport.width}px, ${opener} open: controls under 44 × 44`);
      await page.click(opener);
    }

    // Tab reaches every control of the surface, each with a visible focus ring.
    await page.evaluate(() => document.activeElement?.blur());
    const reached = new Set();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const el = document.activeElement;
        return el && el !== document.body
          ? { cls: el.className.toString(), ring: getComputedStyle(el).outlineStyle } : null;
      });
      if (seen) {
        reached.add(seen.cls.split(' ')[0]);
        assert.notEqual(seen.ring, 'none', `${seen.cls} shows no focus ring`);
      }
    }
    for (const cls of ['restart-button', 'history-button', 'stats-button', 'settings-button', 'share-button',
      'theme-button', 'hint-button', 'autoplay-button']) {
      assert.ok(reached.has(cls), `Tab never reached .${cls} (reached: ${[...reached].join(', ')})`);
    }
    assert.deepEqual(errors, []);
    await close();
  }
});

test('the autoplay pause is a labelled control in the settings panel\'s computer section', async () => {
  const { page, errors, close } = await openAt({ width: 1000, height: 900 });
  await page.click('.settings-button');
  // The panel's code comes on its first open (a chunk of its own).
  await page.waitForSelector('.settings-panel .autoplay-speed');
  const pause = await page.$eval('.settings-panel .autoplay-speed', (s) => ({
    label: s.closest('label')?.textContent.replace(/\s+/g, ' ').trim(),
    section: s.closest('fieldset')?.querySelector('legend')?.textContent,
    options: [...s.options].map((o) => o.value),
  }));
  assert.match(pause.label, /^Pause between autoplay moves/);
  assert.equal(pause.section, 'Computer player');
  assert.deepEqual(pause.options, ['0', '100', '300', '1000']);
  assert.deepEqual(errors, []);
  await close();
});

// ---------------------------------------------------------------------------
// The board on every device

test('the board fills a phone: at least 350 px at 390 px, nothing overflows at 320 px, fully in view on a landscape phone', async () => {
  for (const [width, height] of [[390, 844], [320, 640], [844, 390], [1100, 1000]]) {
    const { page, errors, close } = await openAt({ width, height });
    const board = await box(page, '.game-container');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `${width}×${height}: the page is ${overflow}px wider than the window`);
    if (width === 390) assert.ok(board.width >= 350, `390 px: the board is ${board.width}px`);
    if (width === 1100) assert.equal(Math.round(board.width), 500, 'desktop keeps the original 500 px board');
    if (height === 390) {
      assert.ok(board.top >= 0 && board.bottom <= height, `landscape: the board spans ${board.top}–${board.bottom}`);
      assert.ok(board.right <= width, `landscape: the board ends at ${board.right}`);
      assert.equal(await page.evaluate(() => scrollY), 0);
    }
    // Tile text scales with the tile.
    const font = await page.$eval('.tile .tile-inner', (el) => parseFloat(getComputedStyle(el).fontSize));
    const cell = await page.$eval('.grid-cell', (el) => el.getBoundingClientRect().width);
    assert.ok(font > cell * 0.3 && font < cell * 0.6, `${width}: tile font ${font}px on a ${cell}px cell`);
    assert.deepEqual(errors, []);
    await close();
  }
});

// ---------------------------------------------------------------------------
// Key events from bots written for the original

/** Sends a plain Event('keydown') carrying only keyCode and which, as bots do. */
function sendLegacyKey(page, code, { target = 'body', shift = false } = {}) {
  return page.evaluate(({ code, target, shift }) => {
    const e = document.createEvent('Event');
    e.initEvent('keydown', target === 'body', true);
    e.keyCode = code;
    e.which = code;
    if (shift) e.shiftKey = true;
    (target === 'body' ? document.body : document).dispatchEvent(e);
  }, { code, target, shift });
}

const CODES = { up: [38, 87, 75], right: [39, 68, 76], down: [40, 83, 74], left: [37, 65, 72] };

test('a plain keydown Event carrying only keyCode moves as in the original, on document.body and on document', async () => {
  const { page, errors, close } = await openAt({ width: 1000, height: 900 }, { query: '?seed=31' });
  let moves = 0;
  for (let i = 0; i < 24; i++) {
    const before = await readBoard(page);
    if (before.over) break;
    const dir = DIRECTIONS.map((_, k) => DIRECTIONS[(k + i) % 4]).find((d) => slide(before.board, d).changed);
    const code = CODES[dir][i % 3];
    const target = i % 2 ? 'document' : 'body';
    await sendLegacyKey(page, code, { target });
    const after = await readBoard(page);
    assert.ok(checkMove(before, after, dir, `keyCode ${code} on ${target}`).changed);
    moves++;
  }
  assert.ok(moves >= 10, `only ${moves} moves`);

  // A modifier leaves the key alone, as in the original.
  const held = await readBoard(page);
  const dir = DIRECTIONS.find((d) => slide(held.board, d).changed);
  await sendLegacyKey(page, CODES[dir][0], { shift: true });
  assert.deepEqual((await readBoard(page)).board, held.board, 'Shift + a move key moved');

  // 82 (R) starts a new game.
  await sendLegacyKey(page, 82);
  const fresh = await readBoard(page);
  assert.equal(fresh.score, 0);
  assert.equal(fresh.tiles.length, 2);
  assert.deepEqual(errors, []);
  await close();
});

// ---------------------------------------------------------------------------
// The static shell

test('the static shell draws the board in the box the app draws it in, before the wasm has loaded', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const route = async (r) => {
    if (r.request().url().endsWith('.wasm')) await held;
    await r.continue();
  };
  const server = await startServer(requireDist());
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.route('**/*', route);
  const page = await context.newPage();
  await page.goto(server.url, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('#shell .game-container');
  const shell = await box(page, '#shell .game-container');
  const cells = await page.$$eval('#shell .grid-cell', (c) => c.length);
  const heading = await box(page, '#shell .heading');
  assert.equal(cells, 16, 'the shell draws a 4 × 4 board');
  assert.ok(shell.width >= 350, `the shell's board is ${shell.width}px`);
  // A new visitor's first game is drawn with the shell (app::first_game).
  const tiles = () => page.$$eval('.tile-container > .tile', (ts) => ts.map((t) => ({
    className: t.className, text: t.textContent, box: JSON.stringify(t.getBoundingClientRect()),
  })));
  const shellTiles = await tiles();
  assert.equal(shellTiles.length, 2, 'the shell draws the first game\'s two tiles');
  const scores = () => page.$$eval('.score-container, .best-container', (b) => b.map((x) => x.childNodes[0]?.textContent));
  const shellScores = await scores();
  assert.deepEqual(shellScores, ['0', '0'], 'a first game\'s scores');
  release();
  await page.waitForFunction(() => !document.getElementById('shell'));
  const appTiles = await tiles();
  assert.equal(await page.$('#shell'), null, 'the shell is gone once the app is mounted');
  // The same tiles, in the same places: only the scale-in is not done again.
  assert.deepEqual(appTiles.map((t) => ({ ...t, className: `${t.className} tile-new` })), shellTiles,
    'the mounted board shows the tiles the shell drew');
  assert.deepEqual(await scores(), shellScores, 'and the same scores');
  assert.equal(await page.$$eval('.game-container', (g) => g.length), 1);
  const app = await box(page, '.game-container');
  const appHeading = await box(page, '.heading');
  for (const k of ['left', 'top', 'width', 'height']) {
    assert.ok(Math.abs(app[k] - shell[k]) <= 0.5, `the board's ${k}: shell ${shell[k]}, app ${app[k]}`);
    assert.ok(Math.abs(appHeading[k] - heading[k]) <= 0.5, `the heading's ${k}: shell ${heading[k]}, app ${appHeading[k]}`);
  }
  await browser.close();
  await server.close();
});

// ---------------------------------------------------------------------------
// Statistics as pictures

test('statistics show how often each tile was reached and the recent scores as charts, with the numbers in words', async () => {
  const { page, errors, close } = await openAt({ width: 1000, height: 900 }, { query: '?seed=5' });
  const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'];
  for (let game = 0; game < 2; game++) {
    for (let i = 0; i < 40; i++) await page.keyboard.press(keys[i % 4]);
    await page.keyboard.press('r');
  }
  await page.click('.stats-button');
  // The panel's code comes on its first open (a chunk of its own).
  await page.waitForSelector('.stats-panel svg[role="img"]');
  const charts = await page.$$eval('.stats-panel svg[role="img"]', (svgs) => svgs.map((s) => ({
    label: s.getAttribute('aria-label'),
    bars: s.querySelectorAll('rect').length,
    line: s.querySelector('polyline')?.getAttribute('points') ?? null,
  })));
  assert.equal(charts.length, 2, 'two charts');
  assert.match(charts[0].label, /^Share of games that reached each tile\. 8: \d+%/);
  assert.ok(charts[0].bars >= 1, 'at least one bar');
  assert.match(charts[1].label, /^Scores of the last 2 games, oldest first: \d/);
  assert.equal(charts[1].line.split(' ').length, 2, 'one point per game');
  assert.equal(await page.$eval('.stats-details', (d) => d.open), false, 'the rates table is collapsed');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    const fill = await page.$eval('.chart-bar', (r) => getComputedStyle(r).fill);
    const bg = await page.$eval('.stats-panel', (p) => getComputedStyle(p).backgroundColor);
    assert.notEqual(fill, bg, `${theme}: bars drawn in the panel's own colour`);
  }
  assert.deepEqual(errors, []);
  await close();
});
