// The AI worker in a real browser: serves a built site (dist/), opens it in
// headless Chromium, starts the worker the way the page does
// (new Worker('/ai-worker_loader.js')), and plays a seeded game by asking it
// for every move, within a budget per move. Prints the time per move as the
// page sees it (question posted to answer received: mean, p50, p99, max,
// over every move but the first), how long the first answer took (the
// worker builds its move tables and its transposition table on the first
// question), which evaluator answered (the replies' `eval`: the worker
// searches with the heuristic only), the search's own time and nodes per
// second, the largest tile reached, how long the worker took to start, and
// what the main thread went through meanwhile: the longest task the
// browser reported (PerformanceObserver 'longtask', which only reports
// tasks over 50 ms) and the longest gap between two ticks of a 5 ms timer.
//
//   trunk build --release --offline --skip-version-check   # builds dist/
//   node scripts/ai-browser-bench.mjs --moves 300 --ms 50 --seed 1
//
// Options: --moves K (default 300), --ms M budget per move (default 50),
// --seed S (default 1), --dist DIR (default dist). The game is played in the
// page by a small copy of the rules below (a seeded generator of its own,
// not the engine's); the engine's rules are checked against the AI's
// bitboard natively (tests/ai_diff.rs).
import { resolve } from 'node:path';
import { startServer, launchBrowser } from '../tests/e2e/helpers.mjs';

const opts = { moves: 300, ms: 50, seed: 1, dist: 'dist' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in opts) || argv[i + 1] === undefined) {
    console.error(`usage: node scripts/ai-browser-bench.mjs [--moves K] [--ms M] [--seed S] [--dist DIR]`);
    process.exit(2);
  }
  opts[key] = key === 'dist' ? argv[i + 1] : Number(argv[i + 1]);
}

const root = resolve(opts.dist);
const requests = [];
const server = await startServer(root, {
  onRequest: (path) => {
    requests.push({ path, at: Date.now() });
    return path;
  },
});
const url = server.url;
const browser = await launchBrowser();
// No service worker: it would fetch the worker's files in the background to
// cache them for offline play, and blur what the page itself loads.
const context = await browser.newContext({ serviceWorkers: 'block' });

try {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('.tile', { state: 'attached' });
  await page.waitForTimeout(500);
  const isAi = (r) => r.path.startsWith('/ai-');
  const workerAtStart = requests.filter(isAi);

  const result = await page.evaluate(playInPage, opts);
  const workerFiles = [...new Set(requests.filter(isAi).map((r) => r.path))];

  const times = result.times.slice().sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.round((times.length - 1) * p))] ?? 0;
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  const f = (x) => x.toFixed(2);
  console.log(`site ${root}, ${result.moves} moves of seed ${opts.seed} at ${opts.ms} ms per move`);
  console.log(`worker loaded at page start: ${workerAtStart.length ? 'yes (!)' : 'no'}; fetched on first use: ${workerFiles.join(', ')}`);
  console.log(`worker start (new Worker to ready): ${f(result.startMs)} ms`);
  console.log(`first answer (the worker's tables built, then the search): ${f(result.firstMs)} ms`);
  console.log(`evaluator: ${Object.entries(result.evals).map(([k, n]) => `${k} ${n} replies`).join(', ')}`);
  console.log(`ms per move after the first (page, ask to answer): mean ${f(mean)} p50 ${f(pct(0.5))} p99 ${f(pct(0.99))} max ${f(times.at(-1) ?? 0)}`);
  console.log(`search: ${f(result.nodes / result.searchMs / 1000)} M nodes/s (${result.nodes} nodes in ${f(result.searchMs / 1000)} s), mean depth ${f(result.depthSum / Math.max(1, result.moves))}`);
  console.log(`max tile ${result.maxTile}, score ${result.score}${result.over ? ', game over' : ''}`);
  console.log(`main thread while the worker thought: longest long task ${result.longTasks.length ? `${f(Math.max(...result.longTasks))} ms (${result.longTasks.length} over 50 ms)` : 'none over 50 ms'}; longest gap between 5 ms timer ticks ${f(result.maxGap)} ms`);
  if (result.error) console.log(`error: ${result.error}`);
  if (errors.length) console.log(`console errors: ${errors.join(' | ')}`);
  process.exitCode = result.error || errors.length ? 1 : 0;
} finally {
  await browser.close();
  await server.close();
}

// Runs in the page: plays the game through the worker.
async function playInPage({ moves, ms, seed }) {
  // mulberry32: a small seeded generator for the spawns.
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Cells are exponents, index 4 * y + x, as the AI's bitboard.
  const lines = {
    left: [0, 1, 2, 3].map((y) => [0, 1, 2, 3].map((x) => 4 * y + x)),
    right: [0, 1, 2, 3].map((y) => [3, 2, 1, 0].map((x) => 4 * y + x)),
    up: [0, 1, 2, 3].map((x) => [0, 1, 2, 3].map((y) => 4 * y + x)),
    down: [0, 1, 2, 3].map((x) => [3, 2, 1, 0].map((y) => 4 * y + x)),
  };
  let score = 0;
  const slide = (cells, dir) => {
    const out = cells.slice();
    for (const line of lines[dir]) {
      const tiles = line.map((i) => cells[i]).filter((e) => e > 0);
      const merged = [];
      for (let i = 0; i < tiles.length; i++) {
        if (i + 1 < tiles.length && tiles[i] === tiles[i + 1] && tiles[i] < 15) {
          merged.push(tiles[i] + 1);
          score += 2 ** (tiles[i] + 1);
          i++;
        } else merged.push(tiles[i]);
      }
      line.forEach((i, k) => (out[i] = merged[k] ?? 0));
    }
    return out;
  };
  const spawn = (cells) => {
    const empty = cells.flatMap((e, i) => (e === 0 ? [i] : []));
    const i = empty[Math.floor(random() * empty.length)];
    cells[i] = random() < 0.9 ? 1 : 2;
  };
  const hex = (cells) => cells.map((e) => e.toString(16)).reverse().join('');

  // The main thread's view while the worker works.
  const longTasks = [];
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration)));
    observer.observe({ type: 'longtask' });
  } catch {}
  let maxGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 5);

  const t0 = performance.now();
  const worker = new Worker('/ai-worker_loader.js');
  let pending = null;
  let failed = null;
  worker.onmessage = (e) => {
    const reply = JSON.parse(e.data);
    if (pending) pending(reply);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    failed = e.message || 'the worker failed to load';
    if (pending) pending({ error: failed });
  };
  const next = () => new Promise((ok) => (pending = ok));
  // The page hands its workers their wasm as their first message
  // (src/web/worker.rs); so does this, or the worker waits for it.
  const bytes = await fetch('/ai-worker_bg.wasm').then((r) => r.arrayBuffer(), () => null);
  if (bytes) worker.postMessage(bytes, [bytes]);
  else worker.postMessage('fetch');
  const ready = await next();
  const startMs = performance.now() - t0;
  const result = { startMs, firstMs: 0, evals: {}, times: [], nodes: 0, searchMs: 0, depthSum: 0, moves: 0, maxTile: 0, score: 0, over: false, error: null };
  if (!ready.ready) {
    result.error = `no ready message: ${JSON.stringify(ready)}`;
  }

  let cells = new Array(16).fill(0);
  spawn(cells);
  spawn(cells);
  last = performance.now();
  maxGap = 0;
  for (let id = 1; id <= moves && !result.error; id++) {
    const asked = performance.now();
    worker.postMessage(JSON.stringify({ id, board: hex(cells), ms }));
    const reply = await next();
    if (id === 1) result.firstMs = performance.now() - asked;
    else result.times.push(performance.now() - asked);
    result.evals[reply.eval] = (result.evals[reply.eval] ?? 0) + 1;
    if (reply.error || reply.id !== id) {
      result.error = `move ${id}: ${JSON.stringify(reply)}`;
      break;
    }
    if (reply.direction === null) {
      result.over = true;
      break;
    }
    const after = slide(cells, reply.direction);
    if (after.every((e, i) => e === cells[i])) {
      result.error = `move ${id}: ${reply.direction} changes nothing`;
      break;
    }
    cells = after;
    spawn(cells);
    result.moves++;
    result.nodes += reply.nodes;
    result.searchMs += reply.ms;
    result.depthSum += reply.depth;
  }
  clearInterval(ticker);
  observer?.disconnect();
  worker.terminate();
  result.maxTile = 2 ** Math.max(...cells);
  result.score = score;
  result.longTasks = longTasks;
  result.maxGap = maxGap;
  return result;
}
