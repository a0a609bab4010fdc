// How soon the page shows the game on a slow network: serves a built site
// (dist/) gzip -9 compressed from a small local server, opens it in headless
// Chromium with the network throttled through the DevTools protocol, and
// measures, from navigation start:
//
//  - board frame: the first frame painted in which the board container
//    (`.game-container`) exists with a non-zero box;
//  - first tile: the first frame painted in which a `.tile` exists;
//  - first move: a key that moves the first board, pressed as soon as the
//    first tile is painted (`key at`: when it reached the page), to the
//    first frame painted with the tiles in other places or values;
//  - move − tile: the first move less the first tile, how long a key
//    pressed at the first tile waits (the median of the runs');
//  - FCP: First Contentful Paint, as the browser reports it
//    (performance.getEntriesByType('paint')).
//
// It also prints when the page's wasm's last byte arrived and, apart, the
// engine's own wasm's (engine-*.wasm, which a first visit's shell plays the
// first moves with).
//
// Each run is a fresh browser context with the cache disabled
// (Network.setCacheDisabled) and service workers blocked, so every run is a
// first visit; the figure per profile is the median of the runs.
//
//   trunk build --release          # builds dist/
//   node scripts/first-paint.mjs [--dist DIR] [--original DIR]
//        [--also NAME=DIR ...] [--runs N] [--profile fast3g|fast4g|all]
//        [--json] [--check] [--daily]
//
// --daily measures a reload on a counted daily's attempt instead of a
// first visit: each run first opens today's daily (?daily), plays one move
// of its counted attempt and waits for it to be stored, then reloads the
// page (cache still disabled) and measures as above on the restored daily.
//
// Defaults: --dist dist, --runs 5, --profile all. --original names a folder
// holding the original 2048 (gabrielecirulli/2048), and --also another
// build of ours (the build before a change, say): each is measured in the
// same run, its runs interleaved with the site's (run 1 of each, then run 2
// of each, ...), so that what the machine is doing weighs on all alike.
// With --original the targets are fractions of the original's medians of
// that run (RATIOS); without it, of the original's figures on record
// (ON_RECORD). --json prints the results as JSON instead of the tables.
// --check exits 1 when a median of the site misses its target; without it
// the script exits 0 whatever it measured (it exits 2 on bad arguments, 1
// when a page never shows a tile).
// docs/first-paint.md says more, and what was measured. The server, the
// throttled context and the probe are scripts/throttle.mjs's, shared with
// scripts/first-hint.mjs.
import { launchBrowser } from '../tests/e2e/helpers.mjs';
import {
  PROFILES, parseArgs, requireSite, profileKeys, startGzipServer, openThrottled, pageProbe, median, fmt,
  table,
} from './throttle.mjs';

// ---------------------------------------------------------------------------
// Options (the profiles, the server and the probe are scripts/throttle.mjs's)

/**
 * Targets for the site's medians, as fractions of the original 2048's, and
 * in ms for what the original has no counterpart of. The first tile's were
 * absolute until the shell drew a new visitor's first game (issue 27), then
 * the original's own; the first move's the original's once the engine's own
 * wasm played the first moves in the shell (issue 35). Issue 41 put the
 * engine in every build and asked for more: the first move within 0.85 of
 * the original's on both profiles, the first tile within 0.80 of it on
 * Fast 3G. `board` is the board frame in ms; `lag`, the first move after
 * our own first tile (the median of the runs' differences), in ms.
 */
const RATIOS = {
  fast3g: { tile: 0.8, move: 0.85 },
  fast4g: { tile: 1, move: 0.85 },
};
const ABSOLUTE = {
  fast3g: { board: 1850, lag: 150 },
  fast4g: { board: 300, lag: 150 },
};
/**
 * The original's medians on record (first tile, first move), for a run
 * without --original: measured side by side with abefeea (issue 41).
 */
const ON_RECORD = {
  fast3g: { tile: 1868, move: 1900 },
  fast4g: { tile: 336, move: 453 },
};

const USAGE =
  'usage: node scripts/first-paint.mjs [--dist DIR] [--original DIR] [--also NAME=DIR ...] [--runs N] [--profile fast3g|fast4g|all] [--json] [--check] [--daily]';

// ---------------------------------------------------------------------------
// Measuring

/**
 * The key of a move that changes a board of `tiles` ({ x, y, value },
 * 1-based, 4 × 4: a first visit's board): a line changes when a tile is not
 * yet packed against the move's side or meets its equal.
 */
function moveKey(tiles) {
  const moves = [
    ['ArrowLeft', (t) => t.y, (t) => t.x - 1],
    ['ArrowRight', (t) => t.y, (t) => 4 - t.x],
    ['ArrowUp', (t) => t.x, (t) => t.y - 1],
    ['ArrowDown', (t) => t.x, (t) => 4 - t.y],
  ];
  for (const [key, line, fromSide] of moves) {
    const changes = [1, 2, 3, 4].some((n) => {
      const inLine = tiles.filter((t) => line(t) === n).sort((a, b) => fromSide(a) - fromSide(b));
      return inLine.some((t, i) => fromSide(t) !== i || (i > 0 && inLine[i - 1].value === t.value));
    });
    if (changes) return key;
  }
  return null;
}

/** The tiles on the page as { x, y, value }, from their classes and text. */
const readTiles = () => [...document.querySelectorAll('.tile-container .tile')].map((t) => {
  const [, x, y] = t.className.match(/tile-position-(\d+)-(\d+)/);
  return { x: Number(x), y: Number(y), value: Number(t.textContent) };
});

/**
 * The first move: a key pressed as soon as the first tile is painted (the
 * page's own time of it is `keyAt`), a move that changes the board.
 */
async function pressAtFirstTile(page, errors) {
  await page.waitForFunction(() => window.__firstPaint?.tile != null, null, { timeout: 60_000, polling: 'raf' });
  const key = moveKey(await page.evaluate(readTiles));
  if (!key) throw new Error('the first board has no move');
  await page.keyboard.press(key);
  try {
    await page.waitForFunction(() => window.__firstPaint?.move != null, null, { timeout: 60_000, polling: 'raf' });
  } catch {
    throw new Error(`the key's move was never painted${errors.length ? ` (page errors: ${errors.join(' | ')})` : ''}`);
  }
}

/**
 * With --daily: today's daily opened, its counted attempt begun with one
 * move and stored, before the measured navigation, which is then a reload
 * of the page on that attempt (the cache still disabled: every file again).
 */
async function beginCountedDaily(page, url, errors) {
  await page.goto(`${url}?daily`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForSelector('.contest-line', { timeout: 120_000 });
  await pressAtFirstTile(page, errors);
  // An unaided game's move is written at once (`contest::moved`).
  await page.waitForTimeout(300);
  await page.waitForFunction(
    () => /"counted":true/.test(localStorage.getItem('leptos-2048:v1:contest') ?? ''),
    null,
    { timeout: 60_000, polling: 100 },
  );
}

async function measureOnce(browser, url, profile) {
  // A fresh context per run: nothing stored, nothing cached, no service worker.
  const { context, page, errors } = await openThrottled(browser, profile, [pageProbe]);
  try {
    if (opts.daily) await beginCountedDaily(page, url, errors);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await pressAtFirstTile(page, errors);
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
      // The engine's own wasm (a first visit's first moves) is apart.
      const loaded = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.wasm'));
      const isEngine = (e) => /\/engine-[0-9a-f]+\.wasm$/.test(e.name);
      const end = (list) => (list.length ? Math.max(...list.map((e) => e.responseEnd)) : null);
      const wasmEnd = end(loaded.filter((e) => !isEngine(e)));
      const engineEnd = end(loaded.filter(isEngine));
      return { ...window.__firstPaint, fcp: fcp ? fcp.startTime : null, wasmEnd, engineEnd };
    });
    return {
      board: r.board,
      tile: r.tile,
      move: r.move,
      keyAt: r.keyAt,
      fcp: r.fcp,
      boardSeen: r.boardSeen,
      tileSeen: r.tileSeen,
      wasmEnd: r.wasmEnd,
      engineEnd: r.engineEnd,
      errors,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

const also = [];
const opts = parseArgs(process.argv.slice(2), USAGE, {
  '--check': { key: 'check', initial: false },
  '--daily': { key: 'daily', initial: false },
  '--original': { key: 'original', initial: null, parse: (v) => v },
  '--also': { key: 'also', initial: also, parse: (v) => (also.push(v), also) },
});

/** The sites measured in this run: the site, the builds beside it, the original. */
const sites = [{ name: 'this build', dist: requireSite(opts.dist), main: true }];
for (const named of opts.also) {
  const [name, dir] = named.includes('=') ? [named.slice(0, named.indexOf('=')), named.slice(named.indexOf('=') + 1)] : [named, named];
  sites.push({ name, dist: requireSite(dir) });
}
if (opts.original) sites.push({ name: 'the original', dist: requireSite(opts.original), original: true });

/** What the site's page loaded: path -> { kind, raw, sent }. */
const served = new Map();
let recording = false;
for (const site of sites) {
  site.server = await startGzipServer(site.dist, (f) => {
    if (recording && site.main) served.set(f.path, f);
  });
}
const browser = await launchBrowser();
const chromiumVersion = browser.version();
/** profile key -> site name -> { median, runs } */
const results = {};
let failed = false;
try {
  for (const key of profileKeys(opts.profile)) {
    const profile = PROFILES[key];
    const runs = new Map(sites.map((site) => [site, []]));
    for (let i = 0; i < opts.runs; i++) {
      // Each run starts with another site, so that none is always first.
      for (let j = 0; j < sites.length; j++) {
        const site = sites[(i + j) % sites.length];
        recording = true;
        const r = await measureOnce(browser, site.server.url, profile);
        recording = false;
        runs.get(site).push(r);
        if (!opts.json) {
          process.stderr.write(
            `${profile.name} run ${i + 1}/${opts.runs}, ${site.name}: board ${fmt(r.board)}, tile ${fmt(r.tile)}, key ${fmt(r.keyAt)}, move ${fmt(r.move)}, FCP ${fmt(r.fcp)}\n`,
          );
        }
      }
    }
    results[key] = { profile, sites: Object.fromEntries(sites.map((site) => [site.name, medians(runs.get(site))])) };
  }
} catch (e) {
  console.error(String(e?.message ?? e));
  failed = true;
} finally {
  await browser.close().catch(() => {});
  for (const site of sites) await site.server?.close();
}
if (failed) process.exit(1);

/** The medians of a site's runs, and the runs. */
function medians(runs) {
  const of = (f) => median(runs.map(f));
  return {
    median: {
      board: of((r) => r.board),
      tile: of((r) => r.tile),
      keyAt: of((r) => r.keyAt),
      move: of((r) => r.move),
      fcp: of((r) => r.fcp),
      wasmEnd: of((r) => r.wasmEnd),
      engineEnd: of((r) => r.engineEnd),
      lag: of((r) => (r.move != null && r.tile != null ? r.move - r.tile : null)),
    },
    runs,
  };
}

// The site's targets, and whether it met them.
for (const [key, r] of Object.entries(results)) {
  const original = opts.original ? r.sites['the original'].median : ON_RECORD[key];
  const target = {
    ...ABSOLUTE[key],
    tile: Math.round(RATIOS[key].tile * original.tile),
    move: Math.round(RATIOS[key].move * original.move),
  };
  const med = r.sites['this build'].median;
  const within = (name) => med[name] !== null && med[name] <= target[name];
  r.target = target;
  r.met = { board: within('board'), tile: within('tile'), move: within('move'), lag: within('lag') };
}

// What the site's page loaded, gzip -9 as served.
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
const missed = Object.values(results).some((r) => Object.values(r.met).some((ok) => !ok));

if (opts.json) {
  const where = Object.fromEntries(sites.map((site) => [site.name, site.dist]));
  console.log(JSON.stringify({ sites: where, chromium: chromiumVersion, runsPerProfile: opts.runs, results, files, pageTotalGzip: pageTotal, targetsMet: !missed }, null, 2));
} else {
  printTables();
}
if (opts.check && missed) process.exitCode = 1;

function printTables() {
  const whose = opts.original ? "the original's medians of this run" : "the original's on record";
  console.log(`${sites.map((site) => `${site.name}: ${site.dist}`).join('; ')}`);
  console.log(`served gzip -9, cache disabled, service workers blocked, ${opts.runs} run(s) per profile and site, interleaved`);
  console.log(`ms from navigation start; the figure is the median; the site's targets beside it (${whose} × the ratio)\n`);
  const head = ['profile', 'site', 'board frame', 'first tile', 'key at', 'first move', 'move − tile', 'FCP', 'engine end', 'wasm end'];
  const rows = [];
  for (const r of Object.values(results)) {
    for (const [name, { median: m }] of Object.entries(r.sites)) {
      const against = (field) => (name === 'this build' ? `${fmt(m[field])} (≤ ${r.target[field]}${r.met[field] ? ' ok' : ' MISSED'})` : fmt(m[field]));
      const ratio = (field) => (opts.original && name !== 'the original' ? ` ${(m[field] / r.sites['the original'].median[field]).toFixed(2)}×` : '');
      rows.push([r.profile.name, name, against('board'), against('tile') + ratio('tile'), fmt(m.keyAt), against('move') + ratio('move'), against('lag'), fmt(m.fcp), fmt(m.engineEnd), fmt(m.wasmEnd)]);
    }
  }
  table([head, ...rows]);
  console.log("\n'engine end' and 'wasm end': when the engine's own wasm's and the page's wasm's last byte arrived (– where not loaded)");
  console.log('\nruns (board frame / first tile / first move / FCP, ms):');
  for (const r of Object.values(results)) {
    for (const [name, { runs }] of Object.entries(r.sites)) {
      console.log(`  ${r.profile.name.padEnd(8)} ${name.padEnd(14)} ${runs.map((x) => `${fmt(x.board)}/${fmt(x.tile)}/${fmt(x.move)}/${fmt(x.fcp)}`).join('  ')}`);
    }
  }
  console.log("\nfiles this build's page loaded (bytes):");
  table([['kind', 'raw', 'gzip -9', 'file'], ...files.map((f) => [f.kind, String(f.raw), f.gzip === null ? '(as is)' : String(f.gzip), f.path])]);
  console.log(
    `\ngzip -9 by kind: ${pageKinds.map((k) => `${k} ${byKind[k]?.sent ?? 0}`).join(', ')}; ` +
      `html+js+wasm+css ${pageTotal} bytes (${(pageTotal / 1024).toFixed(1)} KiB)`,
  );
  const errs = Object.values(results).flatMap((r) => Object.values(r.sites).flatMap((x) => x.runs.flatMap((run) => run.errors)));
  if (errs.length) console.log(`\npage errors: ${[...new Set(errs)].join(' | ')}`);
}
