// The Content-Security-Policy (scripts/csp.mjs, docs/csp.md): the built page
// carries it as the first thing in its head, with the expected directives,
// no 'unsafe-inline' or 'unsafe-eval' for scripts, and the sha256 of exactly
// the inline scripts it has (recomputed here, from the served file and from
// the browser's DOM); and a whole session (moves, every panel, board sizes,
// share and the shared link, theme, hint, autoplay, and a reload with the
// network off, from the service worker's cache) runs with no violation at
// all: every `securitypolicyviolation` event is recorded from before the
// page's first script, and so is every console line about the policy.
//
// A control first shows that the recorder does see a violation when there is
// one, so an empty record means something.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parse } from 'parse5';
import { REPO, DIST, readBoard, playOne } from './helpers.mjs';
import { startSuite, waitReady, collectErrors } from './storage-helpers.mjs';
import { pageErrors, serviceWorkerReady } from './extra-helpers.mjs';
import { blur, playChecked, chooseSize } from './session-helpers.mjs';
import { askForHint, startAutoplay, stopAutoplay, autoplayOn, waitForMoves, movesPlayed } from './ai-helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

// ---------------------------------------------------------------------------
// Recording violations

/**
 * Init script: records every securitypolicyviolation event of the document
 * (capture, so those aimed at an element count too) in
 * window.__cspViolations, and hands each to the test's binding, which
 * outlives reloads.
 */
function recordViolations() {
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    const v = {
      directive: e.violatedDirective,
      effective: e.effectiveDirective,
      blocked: e.blockedURI,
      sample: e.sample,
      source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      page: location.href,
    };
    window.__cspViolations.push(v);
    globalThis.__cspReport?.(v);
  }, true);
}

/**
 * A fresh context whose pages record violations (into `violations`), and
 * console lines about the policy of any level (into `consoleCsp`).
 */
async function recordingContext(options = {}) {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 }, ...options });
  const violations = [];
  const consoleCsp = [];
  await context.exposeBinding('__cspReport', (_source, v) => violations.push(v));
  await context.addInitScript(recordViolations);
  context.on('page', (page) => watchConsole(page, consoleCsp));
  return { context, violations, consoleCsp };
}

function watchConsole(page, into) {
  page.on('console', (m) => {
    if (/content.security.policy/i.test(m.text())) into.push(`${m.type()}: ${m.text()}`);
  });
}

/** The page's own record (window.__cspViolations), read before it is lost to a navigation. */
async function harvest(page, into) {
  into.push(...(await page.evaluate(() => window.__cspViolations ?? ['the recorder is missing'])));
}

// ---------------------------------------------------------------------------
// The policy

const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** { directive: [values] } of a policy string. */
function directives(policy) {
  const out = {};
  for (const part of policy.split(';').map((s) => s.trim()).filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    assert.ok(!(name.toLowerCase() in out), `${name} is given twice (the second is ignored)`);
    out[name.toLowerCase()] = values;
  }
  return out;
}

/** The inline scripts' texts of an HTML document, by the HTML standard's parser. */
function inlineScriptsOf(html) {
  const found = [];
  const walk = (node) => {
    for (const child of node.childNodes ?? []) {
      if (child.tagName === 'script' && !child.attrs.some((a) => a.name === 'src')) {
        found.push(child.childNodes.map((n) => n.value ?? '').join(''));
      }
      walk(child.content ?? child);
    }
  };
  walk(parse(html));
  return found;
}

/** What the page shows of its policy, from the DOM. */
async function readPolicy(page) {
  return page.evaluate(() => {
    const metas = [...document.querySelectorAll('meta')].filter((m) => m.httpEquiv.toLowerCase() === 'content-security-policy');
    const meta = metas[0];
    // The preload hints may come first (scripts/csp.mjs puts them there: after a CSP meta
    // Chromium's preload scanner stops fetching ahead); nothing that runs or styles may.
    const governed = [...document.querySelectorAll('script, link, style, base, iframe, object, img')]
      .filter((el) => !(el.tagName === 'LINK' && ['preload', 'modulepreload'].includes(el.rel)));
    return {
      count: metas.length,
      policy: meta?.content ?? null,
      inHead: meta?.parentElement === document.head,
      // Everything a policy governs comes after it (a meta policy applies only to what follows).
      before: meta ? governed.filter((el) => el.compareDocumentPosition(meta) & Node.DOCUMENT_POSITION_FOLLOWING).map((el) => el.outerHTML.slice(0, 80)) : [],
      scripts: [...document.scripts].filter((s) => !s.hasAttribute('src')).map((s) => s.text),
    };
  });
}

/** Asserts the policy's directives, and that its script hashes are exactly those of `scripts`. */
function checkPolicy(policy, scripts, label) {
  const d = directives(policy);
  const only = (name, ...want) => assert.deepEqual(d[name], want, `${label}: ${name} is ${JSON.stringify(d[name])}`);
  only('default-src', "'self'");
  only('object-src', "'none'");
  only('base-uri', "'none'");
  only('form-action', "'none'");
  only('worker-src', "'self'");
  only('manifest-src', "'self'");
  only('connect-src', "'self'");
  only('style-src', "'self'");
  assert.ok(!/style-src-attr|style-src-elem/.test(policy), `no style exception: ${policy}`);
  assert.equal(d['style-src-elem'], undefined, `${label}: style-src-elem would widen style-src`);
  for (const name of ['frame-ancestors', 'report-uri', 'sandbox']) {
    assert.equal(d[name], undefined, `${label}: ${name} is ignored in a meta (and logged as an error): a header's job`);
  }
  const src = d['script-src'];
  assert.ok(src, `${label}: no script-src`);
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:', 'blob:', 'http:', 'https:']) {
    assert.ok(!src.includes(bad), `${label}: script-src has ${bad}`);
  }
  assert.deepEqual(src.filter((s) => !s.startsWith("'sha256-")), ["'self'", "'wasm-unsafe-eval'"], `${label}: script-src`);
  assert.ok(scripts.length >= 2, `${label}: ${scripts.length} inline scripts; trunk's loader and the service worker's registration were expected`);
  assert.deepEqual(src.filter((s) => s.startsWith("'sha256-")).sort(), [...new Set(scripts.map(hash))].sort(),
    `${label}: script-src's hashes are not those of the inline scripts`);
}

test('dist/index.html has the CSP meta first in its head, the expected directives, and the hashes of its inline scripts', async () => {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const served = await (await fetch(suite.url)).text();
  assert.equal(served, html, 'the server does not serve dist/index.html as is');
  const scripts = inlineScriptsOf(html);

  const { context, violations, consoleCsp } = await recordingContext();
  const page = await context.newPage();
  await page.goto(suite.url, { waitUntil: 'load' });
  await waitReady(page);
  const shown = await readPolicy(page);
  assert.equal(shown.count, 1, 'one CSP meta');
  assert.ok(shown.inHead, 'the CSP meta is not in <head>');
  assert.deepEqual(shown.before, [], 'scripts, stylesheets or links other than preload hints come before the CSP meta');
  const hints = await page.$$eval('link[rel=preload], link[rel=modulepreload]', (ls) => ls.map((l) => {
    const meta = document.querySelector('meta[http-equiv=Content-Security-Policy]');
    return !!(l.compareDocumentPosition(meta) & Node.DOCUMENT_POSITION_FOLLOWING);
  }));
  assert.ok(hints.length >= 2 && hints.every(Boolean), 'the wasm and glue preloads come before the CSP meta');
  // The browser's own reading of the inline scripts agrees with the parser's.
  assert.deepEqual(shown.scripts, scripts, 'the DOM has other inline scripts than the file');
  checkPolicy(shown.policy, shown.scripts, 'the served page');
  assert.deepEqual(violations, []);
  assert.deepEqual(consoleCsp, []);
  await context.close();
});

test('control: the recorder sees a violation when there is one (an inline script without its hash)', async () => {
  const { context, violations, consoleCsp } = await recordingContext();
  const page = await context.newPage();
  await page.goto(suite.url, { waitUntil: 'load' });
  await waitReady(page);
  const heard = violations.length;
  const ran = await page.evaluate(() => {
    window.__cspViolations.length = 0;
    const s = document.createElement('script');
    s.textContent = 'window.__unhashedRan = true;';
    document.head.append(s);
    return window.__unhashedRan === true;
  });
  assert.equal(ran, false, 'an inline script without its hash ran: the policy does not hold');
  await page.waitForFunction(() => window.__cspViolations.length > 0, null, { timeout: 5_000 });
  const ours = [];
  await harvest(page, ours);
  assert.equal(ours.length, 1, JSON.stringify(ours));
  assert.match(ours[0].effective, /^script-src/);
  assert.equal(ours[0].blocked, 'inline');
  await page.waitForFunction(() => true); // one more round trip: the binding's call has landed
  assert.equal(violations.length, heard + 1, 'the binding did not hear of the violation');
  assert.ok(consoleCsp.length >= 1, 'no console line about the violation');
  await context.close();
});

// ---------------------------------------------------------------------------
// A whole session


/** Clicks `button` and waits for `panel` to reach `state` ('visible' to open, 'detached' to close). */
async function togglePanel(page, button, panel, state = 'visible') {
  await page.click(button);
  await page.waitForSelector(panel, { state, timeout: 10_000 });
  await blur(page);
}

test('a whole session, online and then offline, gives no CSP violation and no console line about the policy', async () => {
  const { context, violations, consoleCsp } = await recordingContext();
  const page = await context.newPage();
  const errors = collectErrors(page);
  const fromPage = [];
  await page.goto(suite.url, { waitUntil: 'load' });
  await waitReady(page);

  // The service worker, as offline.test.mjs waits for it.
  await serviceWorkerReady(page);

  // Moves with keys.
  await blur(page);
  await playChecked(page, 6);

  // History, with its rows' mini boards (style attributes) and the message log.
  await togglePanel(page, '.history-button', '.history-panel');
  await page.waitForSelector('.history-panel .mini', { timeout: 10_000 });
  await togglePanel(page, '.messages-button', '.message-log');
  await togglePanel(page, '.messages-button', '.message-log', 'detached');
  await togglePanel(page, '.history-button', '.history-panel', 'detached');
  // Statistics.
  await togglePanel(page, '.stats-button', '.stats-panel');
  await togglePanel(page, '.stats-button', '.stats-panel', 'detached');
  // Board settings: another size and back (the play's style="--cols…;--rows…" changes).
  await chooseSize(page, '5x4');
  await playOne(page, '5x4');
  await chooseSize(page, '4x4');
  if (await page.$('.settings-panel')) await togglePanel(page, '.settings-button', '.settings-panel', 'detached');

  // Share, and the shared link replayed in a page of its own.
  await page.click('.share-button');
  await page.waitForFunction(() => document.querySelector('.share-link')?.value?.length > 0, null, { timeout: 10_000 });
  const link = await page.$eval('.share-link', (el) => el.value);
  await blur(page);
  const viewer = await recordingContext();
  const shared = await viewer.context.newPage();
  const viewerErrors = collectErrors(shared);
  await shared.goto(link, { waitUntil: 'load' });
  await waitReady(shared);
  if (await shared.$('.replay-skip')) await shared.click('.replay-skip').catch(() => {});
  await shared.waitForSelector('.replay-bar', { state: 'detached', timeout: 60_000 });
  await harvest(shared, fromPage);
  await viewer.context.close();

  // Theme, both ways.
  await page.click('.theme-button');
  await page.click('.theme-button');
  await blur(page);

  // Hint (starts the AI worker), then autoplay for a few moves.
  const hint = await askForHint(page, 'button');
  assert.ok(hint.dir || hint.text, 'no hint shown');
  const moves = await movesPlayed(page);
  await startAutoplay(page, 'button');
  await waitForMoves(page, moves + 3);
  await stopAutoplay(page, 'button');
  assert.equal(await autoplayOn(page), false, 'autoplay did not stop');

  // Offline: reload under the service worker's control, then with the network off.
  await harvest(page, fromPage);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
  await harvest(page, fromPage);
  await context.setOffline(true);
  const probe = await page.evaluate(() => fetch(`/not-cached-${Math.random()}`).then(() => 'fetched', (e) => `failed: ${e.message}`));
  assert.ok(probe.startsWith('failed'), `the network is not off (a fresh URL was ${probe})`);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await playOne(page, 'offline');
  // The offline page is the cached copy of the same html: the same policy.
  const cached = await page.evaluate(() => caches.match('/').then((r) => r?.text() ?? null));
  assert.equal(cached, readFileSync(path.join(DIST, 'index.html'), 'utf8'), 'the service worker cached another page');
  const offline = await readPolicy(page);
  await harvest(page, fromPage);
  await context.setOffline(false);

  assert.deepEqual(fromPage, [], 'securitypolicyviolation events (the pages\' own record)');
  assert.deepEqual(violations, [], 'securitypolicyviolation events');
  assert.deepEqual(viewer.violations, [], 'securitypolicyviolation events in the shared link\'s page');
  assert.deepEqual([...consoleCsp, ...viewer.consoleCsp], [], 'console lines about the policy');
  const mine = (e) => e.includes('/not-cached-');
  assert.deepEqual(pageErrors(errors).filter((e) => !mine(e)), [], 'console errors or page errors');
  assert.deepEqual(pageErrors(viewerErrors), [], 'console errors or page errors in the shared link\'s page');
  checkPolicy(offline.policy, offline.scripts, 'the offline page');
  await context.close();
});

// ---------------------------------------------------------------------------
// The policy as a header (docs/csp.md), for hosts that can send one

/** A server in front of the suite's that adds `csp` as a header to every response. Resolves to { url, close }. */
async function withHeader(csp) {
  const up = new URL(suite.url);
  const server = http.createServer((req, res) => {
    const fwd = http.request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, { ...r.headers, 'content-security-policy': csp });
      r.pipe(res);
    });
    fwd.on('error', () => res.writeHead(502).end());
    req.pipe(fwd);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

test('the header docs/csp.md gives hosts (node scripts/csp.mjs --header): the game, its worker and the AI run under it, and no other page can frame it', async () => {
  const header = execFileSync(process.execPath, [path.join(REPO, 'scripts/csp.mjs'), '--header', path.join(DIST, 'index.html')], { encoding: 'utf8' }).trim();
  const d = directives(header);
  assert.deepEqual(d['frame-ancestors'], ["'none'"], `the header has no frame-ancestors 'none': ${header}`);
  const plain = await suite.browser.newPage();
  await plain.goto(suite.url, { waitUntil: 'load' });
  const meta = await readPolicy(plain);
  await plain.close();
  assert.equal(header, `${meta.policy}; frame-ancestors 'none'`, 'the header is not the meta\'s policy plus frame-ancestors');

  const hosted = await withHeader(header);
  const { context, violations, consoleCsp } = await recordingContext();
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(hosted.url, { waitUntil: 'load' });
    await waitReady(page);
    await blur(page);
    await playChecked(page, 3);
    // The AI worker's scripts come with the header too: they load, and the wasm compiles.
    const hint = await askForHint(page, 'button');
    assert.ok(hint.dir, `no hint under the header: ${JSON.stringify(hint)}`);
    const moves = await movesPlayed(page);
    await startAutoplay(page, 'button');
    await waitForMoves(page, moves + 2);
    await stopAutoplay(page, 'button');
    const fromPage = [];
    await harvest(page, fromPage);

    // Another origin (the suite's server) frames the game: the browser refuses.
    const framer = await context.newPage();
    await framer.goto(suite.url + 'manifest.webmanifest');
    await framer.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
      return new Promise((r) => { f.onload = r; setTimeout(r, 3000); });
    }, hosted.url);
    const framed = framer.frames().find((f) => f !== framer.mainFrame());
    assert.ok(framed, 'no frame');
    const inside = await framed.evaluate(() => location.href).catch((e) => `not readable: ${e.message}`);
    assert.notEqual(inside, hosted.url, 'the game loaded inside another origin\'s frame');
    assert.ok(consoleCsp.some((l) => /frame-ancestors/.test(l)), `no console line about frame-ancestors: ${JSON.stringify(consoleCsp)}`);

    assert.deepEqual(fromPage, [], 'securitypolicyviolation events under the header (the page\'s own record)');
    assert.deepEqual(violations, [], 'securitypolicyviolation events under the header');
    assert.deepEqual(consoleCsp.filter((l) => !/frame-ancestors/.test(l)), [], 'console lines about the policy');
    assert.deepEqual(pageErrors(errors), [], 'console errors or page errors');
  } finally {
    await context.close();
    await hosted.close();
  }
});
