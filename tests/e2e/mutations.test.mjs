// DOM cost of a move: MutationObserver records (childList, attributes,
// characterData, whole body subtree) per move over ~200 moves, and the
// latency from dispatching the keydown to the first mutation. Moves that
// change nothing must not touch the DOM at all.
//
// The count depends on the game (merges cost more than slides), so the
// assertion runs on one known game: a new game from GAME_SEED, injected as
// the saved game, played with keys from SEED. Both can be changed through
// the environment to measure other games; the figures are printed either
// way.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readBoard, rng } from './helpers.mjs';
import { startSuite, KEY } from './storage-helpers.mjs';
import { openPage, pageErrors, quantile, buildFold, FOLD } from './extra-helpers.mjs';

const SEED = Number(process.env.E2E_SEED ?? 2048);
const GAME_SEED = Number(process.env.E2E_GAME_SEED ?? 4096);
const MOVES = 200;
let suite;
before(async () => {
  console.log(`mutations: key seed ${SEED}, game seed ${GAME_SEED} (E2E_SEED, E2E_GAME_SEED)`);
  buildFold();
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

test(`DOM mutations per move over ${MOVES} moves: mean ≤ 12 and p50 ≤ 12; no-op moves mutate nothing`, async () => {
  const save = execFileSync(FOLD, ['--new', String(GAME_SEED)], { encoding: 'utf8' }).trim();
  const { context, page, errors } = await openPage(suite, { storage: { [KEY.game]: save } });
  const random = rng(SEED);
  // Directions drawn here (seeded); the page plays them.
  const plan = Array.from({ length: MOVES * 4 }, () => ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'w', 'a', 's', 'd'][Math.floor(random() * 8)]);
  const r = await page.evaluate(async ({ plan, want, key }) => {
    const frame = () => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
    // The page writes its save when idle: wait for that before reading it.
    const idle = () => new Promise((res) => requestIdleCallback(() => res(), { timeout: 2000 }));
    let records = [];
    let first = null;
    // The debugger's handle (index.html's #messages, "Messages (N)")
    // counts every message the page takes, a key that moves nothing
    // included, as Elm's debugger's corner does: it is the debugger's,
    // not the game's, so its records are left out.
    const ours = (r) => !r.target.closest?.('#messages') && r.target.parentElement?.id !== 'messages';
    const obs = new MutationObserver((list) => {
      const kept = list.filter(ours);
      if (kept.length === 0) return;
      if (first === null) first = performance.now();
      records.push(...kept);
    });
    obs.observe(document.body, { childList: true, attributes: true, characterData: true, subtree: true });
    const moves = [];
    const noops = [];
    let newGames = 0;
    for (const k of plan) {
      if (moves.length >= want) break;
      if (document.querySelector('.game-message').classList.contains('game-over')) {
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true, cancelable: true }));
        newGames++;
        await frame();
      } else if (document.querySelector('.game-message').classList.contains('game-won')) {
        document.querySelector('.keep-playing-button').click();
        await frame();
      }
      records.push(...obs.takeRecords());
      records = [];
      first = null;
      const before = localStorage.getItem(key);
      const t0 = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
      await frame();
      records.push(...obs.takeRecords());
      await idle();
      const changed = localStorage.getItem(key) !== before;
      const byType = { childList: 0, attributes: 0, characterData: 0 };
      for (const rec of records) byType[rec.type]++;
      const entry = {
        key: k,
        count: records.length,
        byType,
        latency: first === null ? null : first - t0,
        sample: records.slice(0, 40).map((rec) => `${rec.type} ${rec.target.nodeType === 1 ? rec.target.className || rec.target.tagName : '#text'}${rec.attributeName ? ` @${rec.attributeName}` : ''}${rec.addedNodes.length ? ` +${rec.addedNodes.length}` : ''}${rec.removedNodes.length ? ` -${rec.removedNodes.length}` : ''}`),
      };
      (changed ? moves : noops).push(entry);
    }
    obs.disconnect();
    return { moves, noops, newGames };
  }, { plan, want: MOVES, key: KEY.game });

  const counts = r.moves.map((m) => m.count);
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
  const p50 = quantile(counts, 0.5);
  const p90 = quantile(counts, 0.9);
  const max = Math.max(...counts);
  const lat = r.moves.map((m) => m.latency).filter((x) => x !== null);
  const typeMean = (t) => (r.moves.reduce((a, m) => a + m.byType[t], 0) / r.moves.length).toFixed(2);
  console.log(`mutations: ${r.moves.length} moves (${r.noops.length} no-op key presses, ${r.newGames} new games)`);
  console.log(`mutations per move: mean ${mean.toFixed(2)}, p50 ${p50}, p90 ${p90}, max ${max} ` +
    `(childList ${typeMean('childList')}, attributes ${typeMean('attributes')}, characterData ${typeMean('characterData')} on average)`);
  console.log(`key→DOM latency: p50 ${quantile(lat, 0.5).toFixed(2)} ms, p90 ${quantile(lat, 0.9).toFixed(2)} ms, max ${Math.max(...lat).toFixed(2)} ms`);
  const worst = r.moves.reduce((a, b) => (b.count > a.count ? b : a));
  console.log(`mutations: the busiest move (${worst.key}, ${worst.count} records):\n  ${worst.sample.join('\n  ')}`);

  assert.ok(r.moves.length >= MOVES, `only ${r.moves.length} moves changed the board`);
  assert.equal(lat.length, r.moves.length, 'some moves changed the save but not the DOM');
  const noisyNoops = r.noops.filter((m) => m.count > 0);
  assert.deepEqual(noisyNoops.map((m) => `${m.key}: ${m.count} (${m.sample.join('; ')})`), [],
    'key presses that changed nothing still mutated the DOM');
  assert.ok(mean <= 12, `mean mutations per move ${mean.toFixed(2)} > 12`);
  assert.ok(p50 <= 12, `median mutations per move ${p50} > 12`);
  await readBoard(page); // the DOM contract still holds
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
