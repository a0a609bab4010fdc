import { test, before, after } from 'node:test';
import { readBoard } from './helpers.mjs';
import { openAt } from './session-helpers.mjs';
import { startSuite } from './storage-helpers.mjs';
import { choosePause, startAutoplay, movesPlayed } from './ai-helpers.mjs';
import fs from 'node:fs';
let suite;
before(async () => { suite = await startSuite(); });
after(async () => { await suite?.close(); });
test('diag', { timeout: 420_000 }, async () => {
  const { context, page } = await openAt(suite, { query: '?seed=2048' });
  await choosePause(page, 0);
  await suite.browser.startTracing(page, { categories: (process.env.CATS || 'toplevel').split(',') });
  await startAutoplay(page, 'key');
  await page.waitForFunction(() => document.querySelector('.autoplay-button').getAttribute('aria-pressed') === 'false', null, { timeout: 380_000, polling: 1000 });
  const buf = await suite.browser.stopTracing();
  fs.writeFileSync(process.env.TRACE || '/tmp/logs/trace.json', buf); return;
  const trace = JSON.parse(buf.toString());
  const events = trace.traceEvents ?? trace;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const mine = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const tasks = mine.filter((e) => e.cat.includes('toplevel')).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
  const t0 = Math.min(...mine.map((e) => e.ts));
  console.log('moves', await movesPlayed(page), 'tasks', tasks.length);
  for (const t of tasks.slice(0, 8)) {
    console.log(`TASK at ${((t.ts - t0) / 1e6).toFixed(2)} s: wall ${(t.dur / 1000).toFixed(1)} cpu ${(t.tdur / 1000).toFixed(1)} ${t.name} ${JSON.stringify(t.args)}`);
    const inner = mine.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur).sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 10);
    for (const e of inner) console.log(`   ${(e.dur / 1000).toFixed(2)} ms ${e.name} ${JSON.stringify(e.args).slice(0, 200)}`);
  }
  await context.close();
});
