// How soon the page shows the game on a slow network: serves a built site
// (dist/) gzip -9 compressed from a small local server, opens it in headless
// Chromium with the network throttled through the DevTools protocol, and
// measures, from navigation start:
//
//  - board frame: the first frame painted in which the board container
//    (`.game-container`) exists with a non-zero box;
//  - first tile: the first frame painted in which a `.tile` exists;
//  - FCP: First Contentful Paint, as the browser reports it
//    (performance.getEntriesByType('paint')).
//
// Each run is a fresh browser context with the cache disabled
// (Network.setCacheDisabled) and service workers blocked, so every run is a
// first visit; the figure per profile is the median of the runs.
//
//   trunk build --release          # builds dist/
//   node scripts/first-paint.mjs [--dist DIR] [--runs N]
//        [--profile fast3g|fast4g|all] [--json] [--check]
//
// Defaults: --dist dist, --runs 5, --profile all. --json prints the results
// as JSON instead of the tables. --check exits 1 when a median misses its
// target (see TARGETS); without it the script exits 0 whatever it measured
// (it exits 2 on bad arguments, 1 when the page never shows a tile).
// docs/first-paint.md says more, and what was measured.
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser, MIME } from '../tests/e2e/helpers.mjs';

// ---------------------------------------------------------------------------
// Options

const PROFILES = {
  // Chrome DevTools' "Fast 3G" preset: 562.5 ms RTT, 1.44 Mb/s down, 675 kb/s up.
  fast3g: { name: 'Fast 3G', latency: 562.5, downloadThroughput: 1_440_000 / 8, uploadThroughput: 675_000 / 8 },
  // "Fast 4G": 60 ms RTT, 9 Mb/s down, 1.5 Mb/s up.
  fast4g: { name: 'Fast 4G', latency: 60, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 },
};

/** Targets for the medians, in ms. */
const TARGETS = {
  fast3g: { board: 1850, tile: 2250 },
  fast4g: { board: 300, tile: 470 },
};

const USAGE =
  'usage: node scripts/first-paint.mjs [--dist DIR] [--runs N] [--profile fast3g|fast4g|all] [--json] [--check]';

function parseArgs(argv) {
  const opts = { dist: 'dist', runs: 5, profile: 'all', json: false, check: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value`);
      return v;
    };
    if (a === '--dist') opts.dist = value();
    else if (a === '--runs') opts.runs = Number(value());
    else if (a === '--profile') opts.profile = value();
    else if (a === '--json') opts.json = true;
    else if (a === '--check') opts.check = true;
    else if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument ${a}`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) fail('--runs must be a whole number >= 1');
  if (opts.profile !== 'all' && !(opts.profile in PROFILES)) fail(`unknown profile ${opts.profile}`);
  return opts;
}

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------
// A gzip -9 static server


/** Types worth compressing (PNGs are compressed already). */
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);

/**
 * Serves `dir` on 127.0.0.1 at a free port, text and wasm gzip -9
 * compressed (once per file, kept in memory). `onServe({ path, kind, raw,
 * sent })` sees every file served. Resolves to { url, close }.
 */
async function startGzipServer(dir, onServe = () => {}) {
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
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.resolve(root, '.' + pathname);
    let ok = false;
    try {
      ok = file.startsWith(root + path.sep) && MIME[path.extname(file).toLowerCase()] && statSync(file).isFile();
    } catch {
      ok = false;
    }
    if (!ok || (req.method !== 'GET' && req.method !== 'HEAD')) {
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
function pageProbe() {
  const fp = {
    board: null, // ms: after the first frame painted with a sized .game-container
    tile: null, // ms: after the first frame painted with a .tile
    boardSeen: null, // ms: the DOM first met the condition (MutationObserver or rAF)
    tileSeen: null,
  };
  window.__firstPaint = fp;
  const conditions = {
    board: () => {
      const el = document.querySelector('.game-container');
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    },
    tile: () => document.querySelector('.tile') !== null,
  };
  const armed = { board: false, tile: false };
  const record = (name) => {
    if (fp[name] === null) fp[name] = performance.now();
  };

  // Every frame until both are recorded.
  const onFrame = () => {
    for (const name of ['board', 'tile']) {
      if (fp[name] !== null || armed[name] === 'raf') continue;
      if (conditions[name]()) {
        if (fp[name + 'Seen'] === null) fp[name + 'Seen'] = performance.now();
        armed[name] = 'raf';
        setTimeout(() => record(name), 0);
      }
    }
    if (fp.board === null || fp.tile === null) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);

  // As soon as the DOM changes.
  const onMutation = () => {
    for (const name of ['board', 'tile']) {
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
    if (fp.board !== null && fp.tile !== null) observer.disconnect();
  };
  const observer = new MutationObserver(onMutation);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
}

// ---------------------------------------------------------------------------
// Measuring

async function measureOnce(browser, url, profile) {
  // A fresh context per run: nothing stored, nothing cached, no service worker.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1000, height: 900 } });
  try {
    await context.addInitScript(pageProbe);
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
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    try {
      await page.waitForFunction(() => window.__firstPaint?.tile != null, null, { timeout: 60_000, polling: 50 });
    } catch (e) {
      throw new Error(`no .tile painted within 60 s${errors.length ? ` (page errors: ${errors.join(' | ')})` : ''}`);
    }
    // The FCP entry comes once the frame is presented, a little after the
    // frame is painted: give it a moment.
    await page
      .waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'), null, {
        timeout: 5_000,
        polling: 50,
      })
      .catch(() => {});
    const r = await page.evaluate(() => {
      const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
      // When the last byte of the page's wasm arrived: what is left after
      // it (compiling what streaming compilation has not, instantiating,
      // the first render) is CPU time, not network time.
      const wasm = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'));
      const wasmEnd = wasm.length ? Math.max(...wasm.map((e) => e.responseEnd)) : null;
      return { ...window.__firstPaint, fcp: fcp ? fcp.startTime : null, wasmEnd };
    });
    return {
      board: r.board,
      tile: r.tile,
      fcp: r.fcp,
      boardSeen: r.boardSeen,
      tileSeen: r.tileSeen,
      wasmEnd: r.wasmEnd,
      errors,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

const opts = parseArgs(process.argv.slice(2));
const dist = path.resolve(opts.dist);
try {
  statSync(path.join(dist, 'index.html'));
} catch {
  console.error(`No built site: ${path.join(dist, 'index.html')} is missing (trunk build --release, or --dist DIR).`);
  process.exit(2);
}

const served = new Map(); // path -> { kind, raw, sent }
let recording = false;
const server = await startGzipServer(dist, (f) => {
  if (recording) served.set(f.path, f);
});
const browser = await launchBrowser();
const chromiumVersion = browser.version();
const results = {};
let failed = false;
try {
  const names = opts.profile === 'all' ? Object.keys(PROFILES) : [opts.profile];
  for (const key of names) {
    const profile = PROFILES[key];
    const runs = [];
    for (let i = 0; i < opts.runs; i++) {
      recording = true;
      const r = await measureOnce(browser, server.url, profile);
      recording = false;
      runs.push(r);
      if (!opts.json) {
        process.stderr.write(
          `${profile.name} run ${i + 1}/${opts.runs}: board ${fmt(r.board)}, tile ${fmt(r.tile)}, FCP ${fmt(r.fcp)}\n`,
        );
      }
    }
    const med = { board: median(runs.map((r) => r.board)), tile: median(runs.map((r) => r.tile)), fcp: median(runs.map((r) => r.fcp)), wasmEnd: median(runs.map((r) => r.wasmEnd)) };
    const target = TARGETS[key];
    const met = { board: med.board !== null && med.board <= target.board, tile: med.tile !== null && med.tile <= target.tile };
    results[key] = { profile, median: med, target, met, runs };
  }
} catch (e) {
  console.error(String(e?.message ?? e));
  failed = true;
} finally {
  await browser.close().catch(() => {});
  await server.close();
}
if (failed) process.exit(1);

// What the page loaded, gzip -9 as served.
const files = [...served.entries()]
  .map(([p, f]) => ({ path: p, kind: f.kind, raw: f.raw, gzip: f.gzip ? f.sent : null, sent: f.sent }))
  .sort((a, b) => a.path.localeCompare(b.path));
const byKind = {};
for (const f of files) {
  const k = (byKind[f.kind] ??= { raw: 0, sent: 0 });
  k.raw += f.raw;
  k.sent += f.sent;
}
const pageKinds = ['html', 'js', 'wasm', 'css'];
const pageTotal = files.filter((f) => pageKinds.includes(f.kind)).reduce((a, f) => a + f.sent, 0);
const missed = Object.values(results).some((r) => !r.met.board || !r.met.tile);

if (opts.json) {
  console.log(
    JSON.stringify(
      {
        dist,
        chromium: chromiumVersion,
        runsPerProfile: opts.runs,
        results,
        files,
        pageTotalGzip: pageTotal,
        targetsMet: !missed,
      },
      null,
      2,
    ),
  );
} else {
  console.log(`site ${dist}, served gzip -9, cache disabled, service workers blocked, ${opts.runs} run(s) per profile`);
  console.log('ms from navigation start; the figure is the median (target beside it)\n');
  const head = ['profile', 'board frame', 'first tile', 'FCP'];
  const rows = Object.values(results).map((r) => [
    r.profile.name,
    `${fmt(r.median.board)} (≤ ${r.target.board}${r.met.board ? ' ok' : ' MISSED'})`,
    `${fmt(r.median.tile)} (≤ ${r.target.tile}${r.met.tile ? ' ok' : ' MISSED'})`,
    fmt(r.median.fcp),
  ]);
  table([head, ...rows]);
  console.log(
    `\nmedian time the wasm's last byte arrived: ${Object.values(results)
      .map((r) => `${r.profile.name} ${fmt(r.median.wasmEnd)}`)
      .join(', ')} (the rest, to the first tile, is compiling, instantiating and rendering)`,
  );
  console.log('\nruns (board frame / first tile / FCP, ms):');
  for (const r of Object.values(results)) {
    console.log(`  ${r.profile.name.padEnd(8)} ${r.runs.map((x) => `${fmt(x.board)}/${fmt(x.tile)}/${fmt(x.fcp)}`).join('  ')}`);
  }
  console.log('\nfiles the page loaded (bytes):');
  table([
    ['kind', 'raw', 'gzip -9', 'file'],
    ...files.map((f) => [f.kind, String(f.raw), f.gzip === null ? '(as is)' : String(f.gzip), f.path]),
  ]);
  console.log(
    `\ngzip -9 by kind: ${pageKinds.map((k) => `${k} ${byKind[k]?.sent ?? 0}`).join(', ')}; ` +
      `html+js+wasm+css ${pageTotal} bytes (${(pageTotal / 1024).toFixed(1)} KiB)`,
  );
  const errs = Object.values(results).flatMap((r) => r.runs.flatMap((x) => x.errors));
  if (errs.length) console.log(`\npage errors: ${[...new Set(errs)].join(' | ')}`);
}
if (opts.check && missed) process.exitCode = 1;

function fmt(x) {
  return typeof x === 'number' ? x.toFixed(0) : '-';
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd());
}
