// What scripts/first-paint.mjs and scripts/first-hint.mjs share, so that
// both measure a cold visit the same way: the network profiles, the command
// line they both take, a gzip -9 static server, a fresh throttled browser
// context per run, the probe that times the first painted frames, and the
// medians and tables they print. docs/first-paint.md describes the method.
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { MIME } from '../tests/e2e/helpers.mjs';

// ---------------------------------------------------------------------------
// Profiles and options

export const PROFILES = {
  // Chrome DevTools' "Fast 3G" preset: 562.5 ms RTT, 1.44 Mb/s down, 675 kb/s up.
  fast3g: { name: 'Fast 3G', latency: 562.5, downloadThroughput: 1_440_000 / 8, uploadThroughput: 675_000 / 8 },
  // "Fast 4G": 60 ms RTT, 9 Mb/s down, 1.5 Mb/s up.
  fast4g: { name: 'Fast 4G', latency: 60, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 },
};

/**
 * Reads the options both scripts take (--dist DIR, --runs N, --profile
 * fast3g|fast4g|all, --json) and the script's own `extra` ones, each
 * `'--name': { key, initial, parse }` (no `parse`: a flag without a value,
 * which sets `key` to true). Exits 2 with `usage` on a bad argument.
 */
export function parseArgs(argv, usage, extra = {}) {
  const opts = { dist: 'dist', runs: 5, profile: 'all', json: false };
  for (const spec of Object.values(extra)) opts[spec.key] = spec.initial;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`, usage);
      return v;
    };
    if (a === '--dist') opts.dist = value();
    else if (a === '--runs') opts.runs = Number(value());
    else if (a === '--profile') opts.profile = value();
    else if (a === '--json') opts.json = true;
    else if (a in extra) opts[extra[a].key] = extra[a].parse ? extra[a].parse(value()) : true;
    else if (a === '--help' || a === '-h') {
      console.log(usage);
      process.exit(0);
    } else fail(`unknown argument ${a}`, usage);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) fail('--runs must be a whole number >= 1', usage);
  if (opts.profile !== 'all' && !(opts.profile in PROFILES)) fail(`unknown profile ${opts.profile}`, usage);
  return opts;
}

/**
 * The `--wait MS` option (time to wait after the first tile), for
 * parseArgs's `extra`: a number of ms >= 0, else exits 2 with `usage`.
 */
export function waitOption(initial, usage) {
  const parse = (v) => {
    const ms = Number(v);
    if (!Number.isFinite(ms) || ms < 0) fail('--wait must be a number of ms >= 0', usage);
    return ms;
  };
  return { key: 'wait', initial, parse };
}

export function fail(message, usage) {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** The built site's folder, absolute; exits 2 when it holds no index.html. */
export function requireSite(dir) {
  const dist = path.resolve(dir);
  try {
    statSync(path.join(dist, 'index.html'));
  } catch {
    console.error(`No built site: ${path.join(dist, 'index.html')} is missing (trunk build --release, or --dist DIR).`);
    process.exit(2);
  }
  return dist;
}

/** The profiles' keys that `--profile` names. */
export function profileKeys(profile) {
  return profile === 'all' ? Object.keys(PROFILES) : [profile];
}

// ---------------------------------------------------------------------------
// A gzip -9 static server

/** Types worth compressing (PNGs are compressed already). */
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);

/** The file `pathname` names under `root`, or null when there is none to serve. */
function fileFor(root, pathname) {
  const file = path.resolve(root, '.' + pathname);
  try {
    return file.startsWith(root + path.sep) && MIME[path.extname(file).toLowerCase()] && statSync(file).isFile()
      ? file
      : null;
  } catch {
    return null;
  }
}

/**
 * Serves `dir` on 127.0.0.1 at a free port, text and wasm gzip -9
 * compressed (once per file, kept in memory). `onServe({ path, kind, raw,
 * sent, gzip })` sees every file served; `onRequest(path)` every request,
 * answered or not (a 404 too). Resolves to { url, close }.
 */
export async function startGzipServer(dir, onServe = () => {}, onRequest = () => {}) {
  const root = path.resolve(dir);
  const cache = new Map();
  const load = (file) => {
    let entry = cache.get(file);
    if (!entry) {
      const raw = readFileSync(file);
      const ext = path.extname(file).toLowerCase();
      const gz = COMPRESS.has(ext) ? zlib.gzipSync(raw, { level: 9 }) : null;
      entry = { raw, gz, type: MIME[ext], ext };
      cache.set(file, entry);
    }
    return entry;
  };
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    onRequest(pathname);
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = fileFor(root, pathname);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const entry = load(file);
    const gzip = entry.gz !== null && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? entry.gz : entry.raw;
    const headers = { 'content-type': entry.type, 'content-length': body.length };
    if (entry.gz !== null) headers.vary = 'accept-encoding';
    if (gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    res.end(body);
    onServe({ path: pathname, kind: entry.ext.slice(1), raw: entry.raw.length, sent: body.length, gzip });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------
// A throttled first visit

/**
 * A fresh browser context (nothing stored, nothing cached, service workers
 * blocked) with `inits` as init scripts ([fn, arg] pairs, or functions) and
 * one page whose network is throttled to `profile` with the cache disabled,
 * through the DevTools protocol. Chromium applies the page's conditions to
 * the dedicated workers it starts too (their requests wait the same RTT).
 * Resolves to { context, page, errors }: `errors` collects the page's
 * uncaught errors and console errors. The caller closes the context.
 */
export async function openThrottled(browser, profile, inits = []) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1000, height: 900 } });
  try {
    for (const init of inits) await context.addInitScript(...(Array.isArray(init) ? init : [init]));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.downloadThroughput,
      uploadThroughput: profile.uploadThroughput,
    });
    return { context, page, errors };
  } catch (e) {
    await context.close().catch(() => {});
    throw e;
  }
}

/**
 * Opens `url` (the page must have `pageProbe` among its init scripts) and
 * waits until the first tile is painted; throws after 60 s.
 */
export async function untilFirstTile(page, url, errors) {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  try {
    await page.waitForFunction(() => window.__firstPaint?.tile != null, null, { timeout: 60_000, polling: 50 });
  } catch (e) {
    throw new Error(`no .tile painted within 60 s${errors.length ? ` (page errors: ${errors.join(' | ')})` : ''}`);
  }
}

// ---------------------------------------------------------------------------
// What runs in the page

/**
 * Added with context.addInitScript, so it runs in the page before any of the
 * page's own scripts. Stores its findings in window.__firstPaint.
 *
 * When is a frame "painted"? A requestAnimationFrame callback runs at the
 * start of a frame, before that frame's style, layout and paint; what the
 * DOM holds when the callback runs is what the frame paints. So the script
 * checks the conditions in a rAF callback at every frame, and when one holds
 * for the first time it takes the time in a setTimeout(0) queued from that
 * callback: the timeout is a new task, which runs only after the rendering
 * step of that frame (rAF callbacks, style, layout, paint, commit to the
 * compositor) is done. Taking performance.now() in the rAF callback itself
 * would give a time before the frame was painted; taking it in the next
 * frame's rAF would add a whole frame (~16.7 ms). The time is thus "the main
 * thread has painted that frame"; the pixels reach the screen a little
 * later (raster, display), which the FCP entry's time includes, so the
 * figures here can be a few ms below FCP for the same frame.
 *
 * A MutationObserver checks the conditions too, as soon as the DOM changes:
 * it records when a condition was first seen (`*Seen`, DOM time) and, in
 * case the rAF loop missed that frame (a change made by a rAF callback that
 * ran after the loop's in the same frame), starts the same rAF → setTimeout
 * measurement; whichever finishes first counts. That path may be one frame
 * late, never early.
 *
 * rAF does not run while rendering is blocked (the stylesheet in <head> is
 * still loading), so no frame is counted before the page can paint.
 */
export function pageProbe() {
  const fp = {
    board: null, // ms: after the first frame painted with a sized .game-container
    tile: null, // ms: after the first frame painted with a .tile
    move: null, // ms: after the first frame painted with the tiles moved by a key
    boardSeen: null, // ms: the DOM first met the condition (MutationObserver or rAF)
    tileSeen: null,
    moveSeen: null,
    keyAt: null, // ms: the first keydown reached the page
    firstBoard: null, // the tiles (place and value) when the first was seen
  };
  window.__firstPaint = fp;
  addEventListener('keydown', () => { fp.keyAt ??= performance.now(); }, true);
  // The tiles as places and values, whoever drew them (shell, app, the
  // original): a move changes this, a redraw of the same board does not.
  const tiles = () => [...document.querySelectorAll('.tile-container .tile')]
    .map((t) => `${t.className.match(/tile-position-\d+-\d+/)?.[0]}:${t.textContent}`).sort().join();
  const conditions = {
    board: () => {
      const el = document.querySelector('.game-container');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    },
    tile: () => {
      const seen = document.querySelector('.tile') !== null;
      if (seen) fp.firstBoard ??= tiles();
      return seen;
    },
    move: () => fp.keyAt !== null && fp.firstBoard !== null && tiles() !== fp.firstBoard,
  };
  const names = Object.keys(conditions);
  const armed = { board: false, tile: false, move: false };
  const record = (name) => {
    if (fp[name] === null) fp[name] = performance.now();
  };

  // Every frame until all are recorded.
  const onFrame = () => {
    for (const name of names) {
      if (fp[name] !== null || armed[name] === 'raf') continue;
      if (conditions[name]()) {
        if (fp[name + 'Seen'] === null) fp[name + 'Seen'] = performance.now();
        armed[name] = 'raf';
        setTimeout(() => record(name), 0);
      }
    }
    if (names.some((name) => fp[name] === null)) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  // As soon as the DOM changes.
  const onMutation = () => {
    for (const name of names) {
      if (fp[name] !== null || armed[name]) continue;
      // Looking for a .tile is cheap; sizing the board forces a layout, so
      // only once a .game-container is in the document.
      if (name === 'board' && !document.querySelector('.game-container')) continue;
      if (conditions[name]()) {
        fp[name + 'Seen'] = performance.now();
        armed[name] = 'observer';
        requestAnimationFrame(() => setTimeout(() => record(name), 0));
      }
    }
    if (names.every((name) => fp[name] !== null)) observer.disconnect();
  };
  const observer = new MutationObserver(onMutation);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
}

// ---------------------------------------------------------------------------
// Figures and tables

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export function fmt(x) {
  return typeof x === 'number' ? x.toFixed(0) : '-';
}

/** Prints rows of strings as columns, the first row being the heading. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
}
