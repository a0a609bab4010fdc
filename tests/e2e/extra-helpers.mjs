// Helpers shared by the storm, swipe, a11y, layout, themes, motion,
// mutations and offline tests: pages with their own viewport (and touch),
// the native fold of a save and a string of inputs, a geometry reader for the
// tiles and the grid, and colour maths for contrast checks.
//
// Not a test file itself (no `.test.` in the name).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, DIST } from './helpers.mjs';
import { collectErrors, waitReady, untilIdle, KEY } from './storage-helpers.mjs';

// ---------------------------------------------------------------------------
// Pages

/**
 * A fresh context with `options` (viewport, hasTouch, colorScheme, ...) and
 * `storage` ({ key: value }) put in localStorage before the page loads; opens
 * the game in it at `query` ('?seed=1', '?replay=...', or ''). With `route`,
 * the page itself is served from dist/index.html by the browser context (for
 * addresses longer than the test server's 16 KB request limit); the rest
 * still comes from the server. Resolves to { context, page, errors }.
 */
export async function openPage(suite, { query = '', options = {}, storage, ready = true, route = false } = {}) {
  const opts = { viewport: { width: 1000, height: 900 }, ...options };
  if (storage) {
    opts.storageState = {
      cookies: [],
      origins: [{
        origin: suite.origin,
        localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })),
      }],
    };
  }
  const context = await suite.browser.newContext(opts);
  if (route) {
    const html = readFileSync(path.join(DIST, 'index.html'));
    await context.route((url) => url.pathname === '/' && url.search.length > 0,
      (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  }
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(new URL(query, suite.url).href, { waitUntil: 'load' });
  if (ready) await waitReady(page);
  return { context, page, errors };
}

/** Only console errors and uncaught page errors (what the brief counts). */
/** Waits (10 s at most) for the service worker to be ready; it must be /sw.js. */
export async function serviceWorkerReady(page) {
  const ready = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'no serviceWorker in navigator';
    const timeout = new Promise((r) => setTimeout(() => r('timeout'), 10_000));
    const reg = await Promise.race([navigator.serviceWorker.ready, timeout]);
    return reg === 'timeout' ? 'navigator.serviceWorker.ready did not resolve in 10 s' : reg.active?.scriptURL ?? 'no active worker';
  });
  assert.ok(ready.endsWith('/sw.js'), `the service worker is not ready: ${ready}`);
}

/**
 * The service worker ready (it has stored the page, its assets and the
 * panels' chunks), then a reload so that it controls the page: from then on
 * the page's and its workers' requests go through it.
 */
export async function underServiceWorker(page) {
  await serviceWorkerReady(page);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 })
    .catch(() => assert.fail('the service worker does not control the page after a reload'));
}

export function pageErrors(errors) {
  return errors.filter((e) => e.startsWith('console.error') || e.startsWith('pageerror'));
}

/** The stored game save (string), or null. */
export async function readSave(page) {
  await untilIdle(page);
  return page.evaluate((k) => localStorage.getItem(k), KEY.game);
}

/** Waits `ms`, then until no CSS animation or transition is running. */
export async function settle(page, ms = 500) {
  await page.waitForTimeout(ms);
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running'),
    null,
    { timeout: 5_000 },
  );
}

/** Letters of the fold helper for each direction. */
export const LETTER = { up: 'U', down: 'D', left: 'L', right: 'R' };

// ---------------------------------------------------------------------------
// The native fold (src/bin/fold.rs)

export const FOLD = path.join(REPO, 'target', 'debug', process.platform === 'win32' ? 'fold.exe' : 'fold');

/**
 * Builds the fold helper (a no-op when it is up to date). When the build
 * fails (the source may be mid-edit by someone else) an existing binary is
 * used, with a warning.
 */
export function buildFold() {
  const env = { ...process.env, PATH: `${path.join(os.homedir(), '.cargo', 'bin')}${path.delimiter}${process.env.PATH}` };
  try {
    execFileSync('cargo', ['build', '--offline', '--quiet', '--bin', 'fold'], {
      cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000,
    });
  } catch (err) {
    if (!existsSync(FOLD)) {
      throw new Error(`cannot build the fold helper (cargo build --offline --bin fold):\n${err.stderr ?? err.message}`);
    }
    console.warn(`fold: cargo build failed, using the existing ${FOLD}:\n${String(err.stderr ?? err.message).slice(0, 2000)}`);
  }
  assert.ok(existsSync(FOLD), `no fold helper at ${FOLD}`);
}

/** `fold SAVE INPUTS`: { board, score } of the state `save` reaches after `letters`. */
export function fold(save, letters) {
  const out = execFileSync(FOLD, [save, letters], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out);
}

// ---------------------------------------------------------------------------
// Geometry

/**
 * Bounding boxes of the board, every grid cell ([row][col]) and every .tile
 * (with its 0-based x, y from its position class).
 */
export async function readGeometry(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const board = document.querySelector('.game-container');
    const rows = [...document.querySelectorAll('.grid-container > .grid-row')];
    return {
      board: box(board),
      cells: rows.map((r) => [...r.querySelectorAll(':scope > .grid-cell')].map(box)),
      tiles: [...document.querySelectorAll('.tile-container > .tile')].map((el) => {
        const m = /(?:^|\s)tile-position-(\d+)-(\d+)(?:\s|$)/.exec(el.className);
        return { className: el.className, x: m ? Number(m[1]) - 1 : NaN, y: m ? Number(m[2]) - 1 : NaN, box: box(el) };
      }),
    };
  });
}

/**
 * Checks that cells and tiles are square, that every tile is drawn on the
 * grid cell of its position class and that the grid lies inside the board.
 * Returns the problems found (empty when all is well).
 */
export function geometryProblems(geo, tol = 1) {
  const problems = [];
  const near = (a, b) => Math.abs(a - b) <= tol;
  geo.cells.forEach((row, y) => row.forEach((c, x) => {
    if (!near(c.width, c.height)) problems.push(`grid cell ${x + 1},${y + 1} is ${c.width}×${c.height}, not square`);
    if (c.left < geo.board.left - tol || c.right > geo.board.right + tol || c.top < geo.board.top - tol || c.bottom > geo.board.bottom + tol) {
      problems.push(`grid cell ${x + 1},${y + 1} ${JSON.stringify(c)} sticks out of the board ${JSON.stringify(geo.board)}`);
    }
  }));
  for (const t of geo.tiles) {
    const c = geo.cells[t.y]?.[t.x];
    if (!c) {
      problems.push(`tile "${t.className}" has no grid cell`);
      continue;
    }
    if (!near(t.box.width, t.box.height)) problems.push(`tile "${t.className}" is ${t.box.width}×${t.box.height}, not square`);
    if (!(near(t.box.left, c.left) && near(t.box.top, c.top) && near(t.box.width, c.width) && near(t.box.height, c.height))) {
      problems.push(`tile "${t.className}" is drawn at ${JSON.stringify(t.box)}, not on its cell ${JSON.stringify(c)}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Colour

/** Parses a computed colour ("rgb(…)", "rgba(…)", "color(srgb …)") to [r, g, b, a] in 0..255 / 0..1. */
export function parseColor(text) {
  let m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text);
  if (m) {
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : Number(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  }
  m = /^color\(srgb\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)(?:\s*\/\s*([\d.]+))?\s*\)$/.exec(text);
  if (m) return [m[1] * 255, m[2] * 255, m[3] * 255, m[4] === undefined ? 1 : Number(m[4])];
  throw new Error(`cannot parse colour ${JSON.stringify(text)}`);
}

/** `top` (with alpha) composited over the opaque `bottom`. */
export function over(top, bottom) {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
}

export function luminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// ---------------------------------------------------------------------------
// Misc

/** Quantile (0..1) of a list of numbers, nearest rank. */
export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

// ---------------------------------------------------------------------------
// Accessibility

/** axe-core's script (npm ci installs it). */
export const AXE = path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js');

/** Runs axe on the settled page; prints every violation; fails on serious or critical ones. */
export async function audit(page, label) {
  // Every animation to its last frame (the overlay fades in over ~1 s).
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    // Evaluated rather than added as a script tag: the page's CSP refuses
    // inline scripts without their hash.
    await page.evaluate(readFileSync(AXE, 'utf8'));
  }
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  });
  for (const v of violations) {
    console.log(`axe [${label}] ${v.impact} ${v.id}: ${v.help}`);
    for (const n of v.nodes.slice(0, 6)) console.log(`    ${n.target}: ${(n.summary ?? '').replace(/\s+/g, ' ')}`);
  }
  if (violations.length === 0) console.log(`axe [${label}]: no violations`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), [],
    `[${label}] axe found serious or critical violations`);
}

/** Switches to the dark theme with the theme button (the light theme, the default, needs nothing). */
export async function setTheme(page, theme) {
  if (theme !== 'dark') return;
  await page.click('.theme-button');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the toggle did not switch to dark');
}
