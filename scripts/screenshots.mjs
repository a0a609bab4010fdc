// Screenshots of a game in progress, reproducible: serves a built site
// (dist/), opens it with a fixed seed (/?seed=2048), presses a fixed list of
// arrow keys, and shoots the page at five windows, each in the light and
// the dark colour scheme, with nothing open and with History open (its
// list's middle row chosen: `-history`):
//
//   docs/screenshots/desktop-{light,dark}[-history].png     1100×1000
//   docs/screenshots/laptop-{light,dark}[-history].png      1366×768
//   docs/screenshots/wide-{light,dark}[-history].png        1920×1080
//   docs/screenshots/phone-{light,dark}[-history].png        390×844
//   docs/screenshots/landscape-{light,dark}[-history].png    844×390
//   docs/screenshots/messages-{wide-light,desktop-dark}.png  the message log open
//   docs/screenshots/review-{desktop-light,phone-dark}.png
//   docs/screenshots/race-{desktop-light,phone-dark}.png
//   docs/screenshots/walk-{phone-light,laptop-dark}.png
//
// The review shots open a shared game of the search's, thrown on purpose
// from move 300 until it blundered (`review --link 600 --seed 3
// --blunder-from 300`), press Review, and choose the blunder's mark on the
// chart: the board shows where it was played, with the better move drawn
// as a hint and what the move cost said under the board.
//
// The race shots open the `?race=` link of a 600-move game of the
// search's (`review --link 600 --seed 2`), press Race, and play the same
// 40 keys: the ghost's score at the racer's move count and the lead, in
// words and colour, above the board.
//
// The walk shots review a shared game of the search's, thrown on purpose
// from move 40 (`review --link 120 --seed 8 --blunder-from 40`), press
// Learn from your mistakes and answer the first position with the move
// that was played: the board before the mistake, the bar saying "Not
// quite" with its buttons (at the window's foot on a phone).
//
// The history shots open History on the same game and choose its list's
// middle row: the board shows that move, beside the panel on a desktop,
// at the top of the window above the rows on a phone. The messages shots
// then open the message log by its handle ("Messages (N)"): the
// debugger's column at the window's right on a wide screen, at its foot
// under the tools on a smaller one.
//
// Every shot is what a person sees in the window (the review's on a phone
// is the whole page), at deviceScaleFactor 1 to keep the PNGs small.
//
//   trunk build --release          # builds dist/
//   node scripts/screenshots.mjs [--dist DIR] [--out DIR] [--only REGEX]
//
// Defaults: --dist dist, --out docs/screenshots, every shot (--only: the
// shots whose names match; the review binary is built only if needed). Every context is fresh (no
// storage, no service worker), with reduced motion asked for, and the shot
// is taken once no animation is running, so the same build gives the same
// pictures.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO, startServer, launchBrowser } from '../tests/e2e/helpers.mjs';
import {
  buildReview, blunderedLink, gameLink, nativeReview, openSharedGame, pressReview, waitReviewed, chooseMark,
} from '../tests/e2e/review-helpers.mjs';
import { reviewSharedGame, learnFromMistakes, answerWith } from '../tests/e2e/learn-helpers.mjs';

const SEED = 2048;

/** The moves played before each shot (40 keys; a key that moves nothing is just a no-op). */
const KEYS = [
  'ArrowLeft', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowDown',
  'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowDown',
  'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowLeft', 'ArrowDown',
  'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowDown',
  'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown',
];

const VIEWS = [
  { name: 'desktop', viewport: { width: 1100, height: 1000 }, fullPage: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, fullPage: false, isMobile: true, hasTouch: true },
  { name: 'landscape', viewport: { width: 844, height: 390 }, fullPage: false, isMobile: true, hasTouch: true },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, fullPage: false },
  { name: 'wide', viewport: { width: 1920, height: 1080 }, fullPage: false },
];
const SCHEMES = ['light', 'dark'];

const USAGE = 'usage: node scripts/screenshots.mjs [--dist DIR] [--out DIR] [--only REGEX]';
const opts = { dist: 'dist', out: path.join(REPO, 'docs', 'screenshots'), only: '' };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, '');
  if (!['dist', 'out', 'only'].includes(key) || argv[i + 1] === undefined) {
    console.error(USAGE);
    process.exit(2);
  }
  opts[key] = argv[i + 1];
}
const dist = path.resolve(opts.dist);
const out = path.resolve(opts.out);
try {
  statSync(path.join(dist, 'index.html'));
} catch {
  console.error(`No built site: ${path.join(dist, 'index.html')} is missing (trunk build --release, or --dist DIR).`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });

/** Waits until no CSS animation or transition is running, then two more frames. */
async function settle(page) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' && a.playState !== 'pending'),
    null,
    { timeout: 5_000, polling: 'raf' },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A reviewed game on the page: the last deliberate blunder's board shown. */
async function showReview(page) {
  await openSharedGame(page, server.url, REVIEWED.query);
  await pressReview(page);
  await waitReviewed(page);
  await chooseMark(page, REVIEWED.blunders[0] - 1);
}

/** The walk through a reviewed game's mistakes, its first position answered with the move played there. */
async function showWalk(page) {
  await reviewSharedGame(page, server.url, WALKED.query);
  await learnFromMistakes(page);
  await answerWith(page, WALKED.played);
}

/** Plays the fixed keys, letting each move settle. */
async function playKeys(page) {
  await settle(page);
  for (const key of KEYS) {
    await page.keyboard.press(key);
    await settle(page);
  }
}

/** History open on the game, its list's middle row chosen (scrolled to, as a finger would). */
async function showHistory(page) {
  await page.click('.history-button');
  await page.waitForSelector('.history-entry');
  const rows = await page.$$('.history-entry');
  const middle = rows[Math.floor(rows.length / 2)];
  const i = await middle.getAttribute('data-i');
  await middle.click();
  await page.waitForSelector(`.history-entry[data-i="${i}"][aria-current]`);
}

/** The message log opened from History. */
async function showMessages(page) {
  await page.click('.messages-button');
  await page.waitForSelector('#debugger .inspector', { timeout: 20_000 });
}

/** A race against a search game's ghost, 40 keys in. */
async function showRace(page) {
  await page.goto(`${server.url}${RACED.replace('?replay=', '?race=')}`, { waitUntil: 'load' });
  await page.click('.race-button');
  await page.waitForSelector('.contest-line');
  await playKeys(page);
}

const server = await startServer(dist);
const browser = await launchBrowser();
const written = [];
let failed = false;
const SHOTS = [
  ...VIEWS.flatMap((view) => SCHEMES.flatMap((scheme) => [
    { view, scheme, name: `${view.name}-${scheme}` },
    { view, scheme, name: `${view.name}-${scheme}-history`, history: true },
  ])),
  { view: VIEWS[4], scheme: 'light', name: 'messages-wide-light', history: true, messages: true },
  { view: VIEWS[0], scheme: 'dark', name: 'messages-desktop-dark', history: true, messages: true },
  { view: VIEWS[0], scheme: 'light', name: 'review-desktop-light', review: true },
  { view: { ...VIEWS[1], fullPage: true }, scheme: 'dark', name: 'review-phone-dark', review: true },
  { view: VIEWS[0], scheme: 'light', name: 'race-desktop-light', race: true },
  { view: VIEWS[1], scheme: 'dark', name: 'race-phone-dark', race: true },
  { view: VIEWS[1], scheme: 'light', name: 'walk-phone-light', walk: true },
  { view: VIEWS[3], scheme: 'dark', name: 'walk-laptop-dark', walk: true },
].filter((shot) => new RegExp(opts.only).test(shot.name));
const searched = SHOTS.some((shot) => shot.review || shot.race || shot.walk);
if (searched) buildReview();
const REVIEWED = searched ? blunderedLink({ moves: 600, seed: 3, from: [300] }) : null;
const RACED = searched ? gameLink({ moves: 600, seed: 2 }) : null;
const WALKED = searched ? walkedGame() : null;

/** The walk shots' game, and the move played at its first mistake or blunder. */
function walkedGame() {
  const { query } = blunderedLink({ moves: 120, seed: 8, from: [40] });
  const { grades, played } = nativeReview(query);
  const first = Math.min(...[...grades].filter(([, g]) => g === 'mistake' || g === 'blunder').map(([n]) => n));
  return { query, played: played.get(first) };
}
try {
  for (const { view, scheme, name, review, race, walk, history, messages } of SHOTS) {
    {
      const context = await browser.newContext({
        viewport: view.viewport,
        deviceScaleFactor: 1,
        isMobile: view.isMobile ?? false,
        hasTouch: view.hasTouch ?? false,
        colorScheme: scheme,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
      });
      try {
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        if (review) {
          await showReview(page);
        } else if (race) {
          await showRace(page);
        } else if (walk) {
          await showWalk(page);
        } else {
          await page.goto(`${server.url}?seed=${SEED}`, { waitUntil: 'load' });
          await page.waitForSelector('.tile-container > .tile', { state: 'attached', timeout: 15_000 });
          await playKeys(page);
          if (history) await showHistory(page);
          if (messages) await showMessages(page);
        }
        // Nothing focused or hovered: no focus ring in the picture.
        await page.evaluate(() => document.activeElement?.blur?.());
        await page.mouse.move(0, 0);
        await settle(page);
        const file = path.join(out, `${name}.png`);
        await page.screenshot({ path: file, fullPage: view.fullPage, animations: 'disabled', caret: 'hide' });
        const info = await page.evaluate(() => ({
          score: document.querySelector('.score-container')?.childNodes[0]?.textContent ?? '?',
          max: Math.max(0, ...[...document.querySelectorAll('.tile-container > .tile')].map((t) => Number(t.textContent) || 0)),
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
        }));
        const size = statSync(file).size;
        written.push(file);
        console.log(
          `${path.relative(process.cwd(), file)}  ${(size / 1024).toFixed(1)} KB  ` +
            `(score ${info.score}, largest tile ${info.max}, page ${info.width}×${info.height}` +
            `${info.width > view.viewport.width ? ', WIDER THAN THE VIEWPORT' : ''})`,
        );
        if (errors.length) {
          console.log(`  page errors: ${errors.join(' | ')}`);
          failed = true;
        }
      } finally {
        await context.close().catch(() => {});
      }
    }
  }
} finally {
  await browser.close().catch(() => {});
  await server.close();
}
console.log(`${written.length} file(s) written to ${path.relative(process.cwd(), out) || '.'}`);
if (failed) process.exitCode = 1;
