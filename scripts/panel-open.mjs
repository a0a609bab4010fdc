// How soon a panel shows on its first open, over a slow network: the time
// from the click on the panel's button to the frame painted with the
// panel. Each panel's code is a chunk of wasm fetched on its first open
// (src/main.rs, scripts/chunks.mjs), so this is the chunk fetched,
// compiled and instantiated, then the panel drawn. Measured the way
// scripts/first-paint.mjs measures first paint (scripts/throttle.mjs: a
// gzip -9 local server, DevTools' throttling, cache disabled, service
// workers blocked, a fresh context per run, the median).
//
//   trunk build --release          # builds dist/
//   node scripts/panel-open.mjs [--dist DIR] [--runs N]
//        [--profile fast3g|fast4g|all] [--json] [--wait MS]
//
// Defaults: --dist dist, --runs 5, --profile all, --wait 3000: the button is
// clicked that long after the first tile (by then the page's idle work,
// such as the AI worker's start, is done), as a player would. Prints, per
// panel, the median and the runs, and the chunks each first open fetched.
// Exits 0 whatever it measured (2 on bad arguments, 1 when a panel does not
// show within 60 s).
import { launchBrowser } from '../tests/e2e/helpers.mjs';
import {
  PROFILES, parseArgs, requireSite, profileKeys, startGzipServer, openThrottled, untilFirstTile, pageProbe, median, fmt,
  table, waitOption,
} from './throttle.mjs';

/** The target for the median first open on Fast 4G, in ms from the click. */
const TARGETS = { fast4g: 300 };

/** Each panel: its button and the section it draws. */
const PANELS = [
  { name: 'statistics', button: '.stats-button', section: 'section.stats-panel' },
  { name: 'settings', button: '.settings-button', section: 'section.settings-panel' },
  { name: 'history', button: '.history-button', section: 'section.history-panel' },
];

const USAGE =
  'usage: node scripts/panel-open.mjs [--dist DIR] [--runs N] [--profile fast3g|fast4g|all] [--json] [--wait MS]';
const EXTRA = { '--wait': waitOption(3000, USAGE) };

/**
 * An init script that stores in window.__panelOpen the first click's
 * timeStamp (`click`, taken in the window's capture phase, before the app
 * sees it) and the time after the first frame painted with `section`
 * (`shown`: a MutationObserver sees it, then rAF → setTimeout(0), as
 * scripts/throttle.mjs's pageProbe times a frame).
 */
function openProbe(section) {
  const o = { click: null, shown: null };
  window.__panelOpen = o;
  addEventListener('click', (e) => {
    if (o.click === null) o.click = e.timeStamp;
  }, true);
  const observer = new MutationObserver(() => {
    if (o.click === null || !document.querySelector(section)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (o.shown = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function measureOnce(browser, url, profile, panel, wait, served) {
  const { context, page, errors } = await openThrottled(browser, profile, [pageProbe, [openProbe, panel.section]]);
  try {
    await untilFirstTile(page, url, errors);
    await page.waitForTimeout(wait);
    served.length = 0;
    await page.click(panel.button);
    await page.waitForFunction(() => window.__panelOpen.shown !== null, null, { timeout: 60_000, polling: 20 })
      .catch(() => {
        throw new Error(`${panel.name} did not show within 60 s${errors.length ? ` (page errors: ${errors.join(' | ')})` : ''}`);
      });
    const o = await page.evaluate(() => window.__panelOpen);
    const chunks = served.filter((f) => f.path.endsWith('.wasm')).map((f) => ({ path: f.path, sent: f.sent }));
    return { open: o.shown - o.click, chunks, errors };
  } finally {
    await context.close().catch(() => {});
  }
}

async function measureAll(opts, url, served) {
  const browser = await launchBrowser();
  const results = [];
  try {
    for (const key of profileKeys(opts.profile)) {
      const profile = PROFILES[key];
      for (const panel of PANELS) {
        const runs = [];
        for (let i = 0; i < opts.runs; i++) runs.push(await measureOnce(browser, url, profile, panel, opts.wait, served));
        const open = median(runs.map((r) => r.open));
        const target = TARGETS[key] ?? null;
        results.push({ profile: profile.name, panel: panel.name, open, target, met: target === null || open <= target, runs });
        if (!opts.json) process.stderr.write(`${profile.name} ${panel.name}: ${runs.map((r) => fmt(r.open)).join(' ')}\n`);
      }
    }
    return results;
  } finally {
    await browser.close().catch(() => {});
  }
}

function printTables(opts, dist, results) {
  console.log(`site ${dist}, served gzip -9, cache disabled, service workers blocked, ${opts.runs} run(s) each`);
  console.log(`the panel's button clicked ${opts.wait} ms after the first tile`);
  console.log('ms from the click to the frame painted with the panel; the figure is the median (target beside it)\n');
  table([
    ['profile', 'panel', 'first open', 'runs', 'chunks fetched (gzip -9 bytes)'],
    ...results.map((r) => [
      r.profile,
      r.panel,
      `${fmt(r.open)}${r.target === null ? '' : ` (≤ ${r.target}${r.met ? ' ok' : ' MISSED'})`}`,
      r.runs.map((x) => fmt(x.open)).join(' '),
      r.runs[0].chunks.map((c) => `${c.path.slice(1).replace(/-[0-9a-f]+\.wasm$/, '')} ${c.sent}`).join(', '),
    ]),
  ]);
  const errs = results.flatMap((r) => r.runs.flatMap((x) => x.errors));
  if (errs.length) console.log(`\npage errors: ${[...new Set(errs)].join(' | ')}`);
}

const opts = parseArgs(process.argv.slice(2), USAGE, EXTRA);
const dist = requireSite(opts.dist);
const served = [];
const server = await startGzipServer(dist, (f) => served.push(f));
try {
  const results = await measureAll(opts, server.url, served);
  if (opts.json) console.log(JSON.stringify({ dist, runsEach: opts.runs, wait: opts.wait, results }, null, 2));
  else printTables(opts, dist, results);
} catch (e) {
  console.error(String(e?.message ?? e));
  process.exitCode = 1;
} finally {
  await server.close();
}
