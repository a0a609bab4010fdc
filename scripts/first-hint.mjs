// How soon the first hint shows on a first visit over a slow network: the
// time from the key press `i` to the frame painted with the hint (the line
// `p.hint-output` saying "Hint: …" and the board's data-hint set). The AI
// worker starts on the first question, so this is the worker's files
// fetched, compiled and started, then one search (50 ms), measured the way
// scripts/first-paint.mjs measures first paint (scripts/throttle.mjs: a
// gzip -9 local server, DevTools' Fast 3G and Fast 4G throttling, cache
// disabled, service workers blocked, a fresh context per run, the median).
// The key is pressed once the first tile is painted (plus --wait MS).
//
//   trunk build --release          # builds dist/
//   node scripts/first-hint.mjs [--dist DIR] [--runs N]
//        [--profile fast3g|fast4g|all] [--json] [--wait MS]
//
// Defaults: --dist dist, --runs 5, --profile all, --wait 0. The app starts
// the worker itself at its first idle moment (Cmd::WarmAi) and fetches its
// wasm beside it; --wait shows what a later key press gets. Also prints the worker's
// files and their gzip -9 bytes, where the time went, and whether anything
// asked for the retired learned network (/ai-net-v1.bin). Exits 0 whatever
// it measured (2 on bad arguments, 1 when a run shows no hint within 60 s).
// docs/first-hint.md says more, and what was measured.
import { launchBrowser } from '../tests/e2e/helpers.mjs';
import {
  PROFILES, parseArgs, requireSite, profileKeys, startGzipServer, openThrottled, untilFirstTile, pageProbe, median, fmt,
  table, waitOption,
} from './throttle.mjs';

/** Targets for the median first hint, in ms from the key press. */
const TARGETS = { fast3g: 1500, fast4g: 400 };

/** The learned network's file, which nothing should ask for any more. */
const WEIGHTS = '/ai-net-v1.bin';

const USAGE =
  'usage: node scripts/first-hint.mjs [--dist DIR] [--runs N] [--profile fast3g|fast4g|all] [--json] [--wait MS]';

const EXTRA = { '--wait': waitOption(0, USAGE) };

// ---------------------------------------------------------------------------
// What runs in the page

/**
 * An init script (before the page's own) that stores in window.__firstHint,
 * as performance.now() times:
 *
 *  - key: the first `i` keydown's timeStamp, when the browser made the event
 *    (this listener is on the window's capture phase like the app's, and is
 *    added first, so it sees the key before the app does);
 *  - shown: after the first frame painted with the hint, timed as
 *    scripts/throttle.mjs's pageProbe times a frame (a MutationObserver sees
 *    the change, then rAF → setTimeout(0): the task after that frame's
 *    paint; the answer comes in a message task, not a rAF callback, so that
 *    frame is the one that paints it); shownSeen: when the DOM first held it.
 *
 * workerProbe adds the worker's times to the same object.
 */
function hintProbe() {
  const h = { key: null, created: null, ready: null, asked: null, answered: null, search: null, eval: null };
  Object.assign(h, { shownSeen: null, shown: null });
  window.__firstHint = h;
  addEventListener('keydown', (e) => {
    if (e.key === 'i' && h.key === null) h.key = e.timeStamp;
  }, true);
  const shown = () => {
    const board = document.querySelector('.game-container');
    const line = document.querySelector('p.hint-output');
    return board?.hasAttribute('data-hint') && (line?.textContent ?? '').startsWith('Hint:');
  };
  const observer = new MutationObserver(() => {
    if (h.shownSeen !== null || !shown()) return;
    h.shownSeen = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (h.shown = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/**
 * An init script, after hintProbe, that wraps `Worker` to add to
 * window.__firstHint the app's first `new Worker(…)` (created), the worker's
 * {"ready":true} (ready), the first question posted (asked) and its answer
 * (answered, with the reply's own `ms`, the search's time, and `eval`).
 */
function workerProbe() {
  const h = window.__firstHint;
  const now = () => performance.now();
  const Real = window.Worker;
  const watch = (w) => w.addEventListener('message', (e) => {
    const m = typeof e.data === 'string' && e.data.startsWith('{') ? JSON.parse(e.data) : {};
    if (m.ready) h.ready ??= now();
    else if (m.id != null && h.answered === null) Object.assign(h, { answered: now(), search: m.ms ?? null, eval: m.eval ?? null });
  });
  window.Worker = class extends Real {
    constructor(url, options) {
      super(url, options);
      h.created ??= now();
      watch(this);
    }
    postMessage(message, ...rest) {
      // A question is JSON text; the page's first message is the wasm's bytes.
      if (typeof message === 'string') h.asked ??= now();
      return super.postMessage(message, ...rest);
    }
  };
}

// ---------------------------------------------------------------------------
// Measuring

/**
 * One cold visit: the page opened under `profile`, `i` pressed once the
 * first tile is painted (and `wait` ms more), until the hint is painted.
 * `requests` counts the server's requests for the weights meanwhile.
 */
async function measureOnce(browser, url, profile, { wait }, requests) {
  const { context, page, errors } = await openThrottled(browser, profile, [pageProbe, hintProbe, workerProbe]);
  // Every request the page, its workers or a service worker make, as the
  // browser sees them (the server's count is the other witness).
  const seen = [];
  context.on('request', (r) => seen.push(new URL(r.url()).pathname));
  const fromServer = requests.weights;
  try {
    await untilFirstTile(page, url, errors);
    if (wait > 0) await page.waitForTimeout(wait);
    await page.keyboard.press('i');
    try {
      await page.waitForFunction(() => window.__firstHint.shown !== null, null, { timeout: 60_000, polling: 20 });
    } catch {
      const line = await page.textContent('p.hint-output').catch(() => null);
      throw new Error(`no hint painted within 60 s (the line says ${JSON.stringify(line)}` +
        `${errors.length ? `; page errors: ${errors.join(' | ')}` : ''})`);
    }
    const h = await page.evaluate(() => window.__firstHint);
    const after = (t) => (t === null ? null : t - h.key);
    return {
      hint: h.shown - h.key,
      seen: after(h.shownSeen),
      created: after(h.created),
      ready: after(h.ready),
      asked: after(h.asked),
      answered: after(h.answered),
      search: h.search,
      eval: h.eval,
      weightsAsked: { server: requests.weights - fromServer, browser: seen.filter((p) => p === WEIGHTS).length },
      errors,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

/** The runs of each profile the options name, with their medians. */
async function measureAll(opts, url, served, requests) {
  const browser = await launchBrowser();
  const results = {};
  try {
    for (const key of profileKeys(opts.profile)) {
      const profile = PROFILES[key];
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        served.length = 0;
        const r = await measureOnce(browser, url, profile, opts, requests);
        r.workerFiles = workerFiles(served);
        r.workerGzip = r.workerFiles.reduce((a, f) => a + f.sent, 0);
        runs.push(r);
        if (!opts.json) process.stderr.write(`${profile.name} run ${i + 1}/${opts.runs}: first hint ${fmt(r.hint)} ms\n`);
      }
      const med = (k) => median(runs.map((r) => r[k]));
      const m = { hint: med('hint'), created: med('created'), ready: med('ready') };
      Object.assign(m, { asked: med('asked'), answered: med('answered'), search: med('search'), seen: med('seen') });
      results[key] = { profile, median: m, target: TARGETS[key], met: m.hint !== null && m.hint <= TARGETS[key], runs };
    }
    return { results, chromium: browser.version() };
  } finally {
    await browser.close().catch(() => {});
  }
}

/** The worker's files among those served in a run, gzip -9 as sent. */
function workerFiles(served) {
  return served
    .filter((f) => f.path.startsWith('/ai-worker'))
    .map((f) => ({ path: f.path, raw: f.raw, sent: f.sent, gzip: f.gzip }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

// ---------------------------------------------------------------------------
// Printing

function printTables(opts, dist, results) {
  const how = [
    opts.wait > 0 ? `i pressed ${opts.wait} ms after the first tile` : 'i pressed once the first tile was painted',
  ];
  console.log(`site ${dist}, served gzip -9, cache disabled, service workers blocked, ${opts.runs} run(s) per profile`);
  console.log(`${how.join('; ')}`);
  console.log('ms from the key press to the frame painted with the hint; the figure is the median (target beside it)\n');
  const all = Object.values(results);
  table([
    ['profile', 'first hint', 'runs'],
    ...all.map((r) => [
      r.profile.name,
      `${fmt(r.median.hint)} (≤ ${r.target}${r.met ? ' ok' : ' MISSED'})`,
      r.runs.map((x) => fmt(x.hint)).join(' '),
    ]),
  ]);
  console.log('\nwhere the time went (medians, ms after the key press):');
  const steps = [['created', 'new Worker'],
    ['ready', 'ready'], ['asked', 'question posted'], ['answered', 'answer'], ['search', '(search ms)'], ['seen', 'hint in the DOM'], ['hint', 'painted']];
  table([
    ['profile', ...steps.map(([, name]) => name)],
    ...all.map((r) => [r.profile.name, ...steps.map(([k]) => fmt(r.median[k]))]),
  ]);
  printFiles(all);
  const errs = all.flatMap((r) => r.runs.flatMap((x) => x.errors));
  if (errs.length) console.log(`\npage errors: ${[...new Set(errs)].join(' | ')}`);
}

function printFiles(all) {
  const files = all.find((r) => r.runs.some((x) => x.workerFiles.length))?.runs.find((x) => x.workerFiles.length)?.workerFiles ?? [];
  console.log('\nthe worker\'s files (bytes):');
  table([['raw', 'gzip -9', 'file'], ...files.map((f) => [String(f.raw), f.gzip ? String(f.sent) : '(as is)', f.path])]);
  for (const r of all) {
    const bytes = [...new Set(r.runs.map((x) => x.workerGzip))].join(' or ');
    const server = r.runs.reduce((a, x) => a + x.weightsAsked.server, 0);
    const browser = r.runs.reduce((a, x) => a + x.weightsAsked.browser, 0);
    console.log(`${r.profile.name}: the worker took ${bytes} bytes a run; ${WEIGHTS} requested: ` +
      `${server + browser ? 'YES' : 'no'} (server ${server}, browser ${browser}, over ${r.runs.length} runs)`);
  }
}

// ---------------------------------------------------------------------------
// Main

const opts = parseArgs(process.argv.slice(2), USAGE, EXTRA);
const dist = requireSite(opts.dist);
const served = [];
const requests = { weights: 0 };
const server = await startGzipServer(dist, (f) => served.push(f), (p) => p === WEIGHTS && requests.weights++);
let measured;
try {
  measured = await measureAll(opts, server.url, served, requests);
} catch (e) {
  console.error(String(e?.message ?? e));
  process.exitCode = 1;
} finally {
  await server.close();
}
if (measured && opts.json) {
  const { results, chromium } = measured;
  const weightsRequested = Object.values(results).some((r) => r.runs.some((x) => x.weightsAsked.server + x.weightsAsked.browser));
  console.log(JSON.stringify({ dist, chromium, runsPerProfile: opts.runs, wait: opts.wait, results, weightsRequested }, null, 2));
} else if (measured) {
  printTables(opts, dist, measured.results);
}
