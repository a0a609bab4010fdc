// The coach in the browser, as a player uses it: open a shared game, ask
// for its review, watch it run, cancel it, read what it found. Games come
// from the native `review` binary (src/bin/review/), which plays the
// search's games (with deliberate blunders where asked) and reviews them
// with the same code as the page, so a test can compare the two.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './helpers.mjs';

export const REVIEW = path.join(REPO, 'target', 'release', 'review');

/** Builds the review binary (release: it plays and reviews whole games). */
export function buildReview() {
  const env = { ...process.env, PATH: `${path.join(os.homedir(), '.cargo', 'bin')}${path.delimiter}${process.env.PATH}` };
  execFileSync('cargo', ['build', '--offline', '--quiet', '--release', '--bin', 'review'], {
    cwd: REPO, env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000,
  });
  if (!existsSync(REVIEW)) throw new Error(`no review binary at ${REVIEW}`);
}

/** The query of a share link to a game of `moves` moves the search played. */
export function gameLink({ moves, seed = 1 }) {
  return execFileSync(REVIEW, ['--link', String(moves), '--seed', String(seed)], { encoding: 'utf8' }).trim();
}

/**
 * A game the search played that, from each move of `from` (1-based), throws the game until it can
 * blunder, and blunders (`review --link … --blunder-from`): its link's query and the moves (1-based)
 * where the blunders were played.
 */
export function blunderedLink({ moves, seed = 1, from }) {
  const run = spawnSync(REVIEW, ['--link', String(moves), '--seed', String(seed), '--blunder-from', from.join(',')], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`review --link: ${run.stderr}`);
  const said = run.stderr.match(/blunders at moves ([\d,]*)/);
  const blunders = said && said[1] ? said[1].split(',').map(Number) : [];
  return { query: run.stdout.trim(), blunders };
}

/**
 * The native review of a link's game: its summary line's figures, the summary as the page words it, and every
 * move's grade, the move played and the better move where there is one (maps by move number, 1-based).
 */
export function nativeReview(query) {
  const out = execFileSync(REVIEW, [query], { encoding: 'utf8' });
  const grades = new Map();
  const played = new Map();
  const better = new Map();
  for (const line of out.split('\n')) {
    const m = line.match(/^\s*(\d+)\s+(up|down|left|right)\s+(best|good|inaccuracy|mistake|blunder)\s+[\d.]+\s+(up|down|left|right)?/);
    if (!m) continue;
    grades.set(Number(m[1]), m[3]);
    played.set(Number(m[1]), m[2]);
    if (m[4]) better.set(Number(m[1]), m[4]);
  }
  const summary = out.match(/this game: (\d+) moves, accuracy ([\d.]+)%: best (\d+) .*good (\d+) .*inaccuracy (\d+) .*mistake (\d+) .*blunder (\d+)/);
  const [, moves, accuracy, best, good, inaccuracy, mistake, blunder] = summary.map(Number);
  const said = out.match(/^the page says: (.*)$/m)[1];
  return { moves, accuracy, said, counts: { best, good, inaccuracy, mistake, blunder }, grades, played, better };
}

/** Records long tasks (PerformanceObserver `longtask`) from the page's start, each { start, ms }: run as an init script. */
export function watchLongTasks() {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No longtask support: the list stays empty.
  }
}

/** The page's clock (performance.now()), to tell long tasks before a moment from those after. */
export function pageNow(page) {
  return page.evaluate(() => performance.now());
}

/**
 * The durations (ms) of the long tasks that started at or after `since` (the
 * page's clock). By start time, not by count: the observer reports a task
 * a little after it ends, so one of the page's start-up could otherwise be
 * counted as later.
 */
export function longTasks(page, since = 0) {
  return page.evaluate((t) => (window.__longTasks ?? []).filter((e) => e.start >= t).map((e) => e.ms), since);
}

/** Opens a shared game and waits for the page to show it. */
export async function openSharedGame(page, base, query) {
  await page.goto(new URL(query, base).href);
  await page.waitForFunction(() => !document.getElementById('shell') && document.querySelector('.tile'));
}

/** Presses the first Review button on screen (the replay bar's, the overlay's or the history panel's). */
export async function pressReview(page) {
  await page.locator('button.review-button:visible').first().click();
}

/** How far the review has got: { running, judged, total } from the progress bar (null figures once it is gone). */
export function reviewProgress(page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.review-progress');
    return bar
      ? { running: true, judged: Number(bar.getAttribute('value')), total: Number(bar.getAttribute('max')) }
      : { running: false, judged: null, total: null };
  });
}

/** Waits until no review runs and a summary is shown; returns the time it took, in ms. */
export async function waitReviewed(page, timeout = 120_000) {
  const start = Date.now();
  await page.waitForFunction(
    () => !document.querySelector('.review-progress') && /Accuracy [\d.]+%/.test(document.querySelector('.review-summary')?.textContent ?? ''),
    null,
    { timeout, polling: 50 },
  );
  return Date.now() - start;
}

/** What the review shows: the summary line, the counts per grade, and the chart's marked moves ({ at, grade }). */
export function readReview(page) {
  return page.evaluate(() => {
    const summary = document.querySelector('.review-summary')?.textContent.trim() ?? '';
    const counts = {};
    for (const li of document.querySelectorAll('.review-counts li[data-grade]')) {
      const n = li.textContent.match(/(\d+)/);
      counts[li.dataset.grade] = n ? Number(n[1]) : 0;
    }
    const marked = [...document.querySelectorAll('.review-point[data-at]')].map((p) => ({
      at: Number(p.getAttribute('data-at')),
      grade: p.getAttribute('data-grade'),
    }));
    return { summary, counts, marked };
  });
}

/** Presses Cancel on the review in flight. */
export async function cancelReview(page) {
  await page.locator('button.review-cancel').click();
}

/** Chooses the chart's mark on the move at history index `at`: the board it was played on is shown. */
export async function chooseMark(page, at) {
  await page.locator(`.review-point-button:has(.review-point[data-at="${at}"])`).click();
}
