// The daily game and races against a shared game, in a real browser, with
// each context's clock set by Playwright (`context.clock.setFixedTime`: the
// date is fixed, timers run) and its time zone chosen: the same daily for
// everyone on a date, the next one at local midnight, one counted attempt
// played unaided, resumed by a reload and followed by a second tab, streaks
// across days, the same 2s and 4s for two players who move differently, a
// race's lead at known moves of a known ghost, the link sent back, the
// result card with no clipboard and no share sheet, and the contest's code
// (a chunk of its own) that cannot be fetched, said in its place the way a
// panel's is (src/view/chunk_place.rs).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, slide, DIRECTIONS, ARROW_FOR } from './helpers.mjs';
import { startSuite, collectErrors, waitReady, assertNoErrors, untilIdle } from './storage-helpers.mjs';

let suite;

before(async () => {
  suite = await startSuite();
});

after(async () => {
  await suite?.close();
});

const NOON_UTC = (day) => new Date(`2026-11-${day}T12:00:00Z`);

/** A fresh context whose clock says `when`, in `timezoneId` (`serviceWorkers`: 'allow' or 'block'). */
async function contextOn(when, { timezoneId = 'UTC', init, serviceWorkers = 'allow' } = {}) {
  const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 }, timezoneId, serviceWorkers });
  await context.clock.setFixedTime(when);
  if (init) await context.addInitScript(init);
  return context;
}

/** Opens the game (with `query`) in a new page of `context`. */
async function openPage(context, query = '') {
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto(suite.url + query, { waitUntil: 'load' });
  await waitReady(page);
  return { page, errors };
}

/** Presses the Daily control. */
async function openTheDaily(page) {
  await page.click('.daily-button');
  await page.waitForSelector('.contest-line');
}

/** The line above the board while a contest is on it. */
const contestLine = (page) => page.textContent('.contest-line');

/** Plays one arrow key that changes the board (the first of `order`); returns the board after. */
async function playAMove(page, order = DIRECTIONS) {
  const before = await readBoard(page);
  const dir = order.find((d) => slide(before.board, d).changed);
  assert.ok(dir, 'a move that changes the board');
  await page.keyboard.press(ARROW_FOR[dir]);
  await page.waitForFunction((s) => {
    const cells = [...document.querySelectorAll('.tile-container > .tile')].map((t) => t.className).join();
    return cells !== s;
  }, before.tiles.map((t) => t.className).join());
  return readBoard(page);
}

/** The value of the tile that came after the last move (the one marked new). */
async function newTile(page) {
  const game = await readBoard(page);
  const fresh = game.tiles.filter((t) => t.isNew);
  assert.equal(fresh.length, 1, 'one new tile after a move');
  return fresh[0].value;
}

/** Presses Finish, which asks once more, and answers yes. */
async function finish(page) {
  await page.click('.contest-finish');
  await page.click('.contest-finish-yes');
  await page.waitForSelector('.contest-share, .contest-send-back');
}

test('two players on the same date get the same daily; the next local day the next one', async () => {
  const a = await contextOn(NOON_UTC(25));
  const b = await contextOn(NOON_UTC(25));
  const pa = await openPage(a);
  const pb = await openPage(b);
  await openTheDaily(pa.page);
  await openTheDaily(pb.page);
  assert.match(await contestLine(pa.page), /^Daily #329 · /);
  assert.equal(await pa.page.title(), 'Daily #329 · 2048', 'the tab says what the board shows');
  const boardA = (await readBoard(pa.page)).board;
  assert.deepEqual((await readBoard(pb.page)).board, boardA, 'the same start for both');
  // The next day by the clock, and already the next day in Auckland at
  // noon UTC: daily #330, another game.
  for (const [when, timezoneId] of [[NOON_UTC(26), 'UTC'], [NOON_UTC(25), 'Pacific/Auckland']]) {
    const c = await contextOn(when, { timezoneId });
    const pc = await openPage(c);
    await openTheDaily(pc.page);
    assert.match(await contestLine(pc.page), /^Daily #330 · /, timezoneId);
    assert.notDeepEqual((await readBoard(pc.page)).board, boardA, timezoneId);
    assertNoErrors(pc.errors);
    await c.close();
  }
  assertNoErrors(pa.errors);
  await a.close();
  await b.close();
});

test('the counted attempt takes no help; a reload and a second tab resume it', async () => {
  const context = await contextOn(NOON_UTC(25));
  const { page, errors } = await openPage(context);
  await openTheDaily(page);
  for (let i = 0; i < 3; i++) await playAMove(page);
  const played = await readBoard(page);
  for (const button of ['.undo-button', '.hint-button', '.autoplay-button']) {
    assert.equal(await page.isDisabled(button), true, `${button} is off`);
    assert.match(await page.getAttribute(button, 'title'), /counted attempt/, `${button} says why`);
  }
  for (const key of ['u', 'i', 'p']) await page.keyboard.press(key);
  assert.deepEqual((await readBoard(page)).board, played.board, 'undo, hint and autoplay keys change nothing');
  assert.equal(
    await page.textContent('.hint-output'),
    "Undo, Hint and Autoplay are off in the daily's counted attempt: it is played once, unaided.",
    'no hint: the line under the board says why they are off, where a touch player reads it',
  );
  // A reload right after a move: the same attempt, where it was.
  await playAMove(page);
  const last = await readBoard(page);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  assert.match(await contestLine(page), /^Daily #329 · your one counted attempt/);
  assert.deepEqual((await readBoard(page)).board, last.board);
  // A second tab opens on it, and follows the first one's moves.
  const second = await openPage(context);
  assert.deepEqual((await readBoard(second.page)).board, last.board);
  await page.bringToFront();
  const moved = await playAMove(page);
  await second.page.waitForFunction(
    (want) => {
      const tiles = [...document.querySelectorAll('.tile-container > .tile')];
      return tiles.length === want;
    },
    moved.tiles.length,
  );
  assert.deepEqual((await readBoard(second.page)).board, moved.board, 'the second tab follows');
  assertNoErrors(errors);
  assertNoErrors(second.errors);
  await context.close();
});

test("a reload with the counted attempt on the board plays its first move before the contest's code is in", async () => {
  // The daily's rules arrive with the contest's chunk (ARCHITECTURE.md, "A
  // room's code arrives with the room"), but a daily's move does not wait
  // for them: it is played and marked unsaved at once, and what it adds is
  // booked when the code comes (contest::arrived). The chunk is held here
  // until the move is on the board. The page's first script does not
  // preload it for a daily: its files would take the connections before
  // the page's wasm (docs/size.md). No service worker: it would fetch the
  // files itself, out of page.route's reach.
  const context = await contextOn(NOON_UTC(25), { serviceWorkers: 'block' });
  const { page, errors } = await openPage(context);
  await openTheDaily(page);
  await playAMove(page);
  const last = await readBoard(page);
  await untilIdle(page);
  const files = [];
  page.on('request', (request) => {
    const file = /\/((?:split|chunk)_[a-z0-9_]+)-[0-9a-f]+\.wasm$/.exec(request.url())?.[1];
    if (file) files.push(file);
  });
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/\/split_contest-[0-9a-f]+\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  assert.deepEqual((await readBoard(page)).board, last.board);
  const moved = await playAMove(page);
  assert.notDeepEqual(moved.board, last.board, 'the move was played while the contest\'s code was held');
  release();
  assert.match(await contestLine(page), /^Daily #329 · your one counted attempt/);
  // Each file fetched once; none before the page asked (no preload).
  assert.ok(files.includes('split_contest'), 'the chunk itself');
  for (const file of new Set(files)) {
    const times = files.filter((f) => f === file).length;
    assert.equal(times, 1, `${file} fetched ${times} times`);
  }
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  assert.deepEqual((await readBoard(page)).board, moved.board, 'the move before the code was kept');
  assertNoErrors(errors);
  await context.close();
});

test("a reload in a race asks for the contest's code beside the page's wasm", async () => {
  // A race's move waits for the contest's rules (its splits count each
  // move), so on a reload with a race on the board the page's first script
  // preloads the chunk's files (index.html), and the app's fetch takes them.
  // The page's wasm is held until the chunk is asked for (at most 5 s).
  const a = await contextOn(NOON_UTC(25), { init: NO_CLIPBOARD_NO_SHARE });
  const pa = await openPage(a);
  await openTheDaily(pa.page);
  await playAMove(pa.page);
  await finish(pa.page);
  const card = await shareTheResult(pa.page);
  const url = card.text.split('\n').at(-1);
  await a.close();
  const context = await contextOn(NOON_UTC(25), { serviceWorkers: 'block' });
  const { page, errors } = await openPage(context, url.slice(url.indexOf('?')));
  await page.click('.race-button');
  await playAMove(page, ['down', 'right', 'left', 'up']);
  const last = await readBoard(page);
  await untilIdle(page);
  const files = [];
  let asked;
  const contestAsked = new Promise((resolve) => {
    asked = resolve;
  });
  page.on('request', (request) => {
    const file = /\/((?:split|chunk)_[a-z0-9_]+)-[0-9a-f]+\.wasm$/.exec(request.url())?.[1];
    if (file) files.push(file);
    if (file === 'split_contest') asked(true);
  });
  const held = [];
  await page.route(/\/leptos-2048-[0-9a-f]+_bg\.wasm$/, async (route) => {
    held.push(await Promise.race([contestAsked, new Promise((resolve) => setTimeout(resolve, 5000, false))]));
    await route.continue();
  });
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  assert.deepEqual(held, [true], "the contest's chunk was asked for while the page's wasm was held");
  assert.match(await contestLine(page), /^Race · ghost/);
  assert.deepEqual((await readBoard(page)).board, last.board);
  await playAMove(page, ['down', 'right', 'left', 'up']);
  // Each of its files was fetched once: the chunk's loader took the preloads.
  for (const file of new Set(files)) {
    const times = files.filter((f) => f === file).length;
    assert.equal(times, 1, `${file} fetched ${times} times`);
  }
  assertNoErrors(errors);
  await context.close();
});

test('a streak counts across days and breaks on a skipped day', async () => {
  const context = await contextOn(NOON_UTC(25));
  const { page, errors } = await openPage(context);
  const playADaily = async (day) => {
    await openTheDaily(page);
    assert.match(await contestLine(page), new RegExp(`^Daily #${day} · your one counted`));
    await playAMove(page);
    await finish(page);
    await page.click('.contest-own');
  };
  const streaks = async () => {
    await page.click('.stats-button');
    await page.waitForSelector('.daily-table');
    const rows = await page.$$eval('.daily-table tr', (trs) => trs.map((tr) => tr.textContent));
    await page.click('.stats-button');
    return rows;
  };
  await playADaily(329);
  await context.clock.setFixedTime(NOON_UTC(26));
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await playADaily(330);
  assert.deepEqual(await streaks(), ['Dailies played2', 'Current streak2', 'Best streak2']);
  await context.clock.setFixedTime(NOON_UTC(28));
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  assert.deepEqual(await streaks(), ['Dailies played2', 'Current streak0', 'Best streak2']);
  assertNoErrors(errors);
  await context.close();
});

test("two players' different moves meet the same 2s and 4s", async () => {
  const sequences = [];
  for (const order of [['left', 'up', 'right', 'down'], ['down', 'right', 'up', 'left']]) {
    const context = await contextOn(NOON_UTC(25));
    const { page, errors } = await openPage(context, '?daily=300');
    assert.match(await contestLine(page), /^Daily #300 \(practice\)/);
    const values = [];
    for (let i = 0; i < 40; i++) {
      await playAMove(page, order);
      values.push(await newTile(page));
    }
    sequences.push(values);
    assertNoErrors(errors);
    await context.close();
  }
  assert.ok(sequences[0].includes(4), 'a 4 among 40 new tiles');
  assert.deepEqual(sequences[1], sequences[0]);
});

/**
 * Shares the result and reads the card as the page shows it: how it went
 * out, its lines (the text shared), the same as screen readers hear them
 * (the strip in words), and its board.
 */
async function shareTheResult(page) {
  await page.click('.contest-share');
  await page.waitForSelector('.result-card .card-line', { timeout: 10_000 });
  await page.waitForFunction(() => !document.querySelector('.card-said').textContent.startsWith('Sharing'));
  return readTheCard(page);
}

/** Opens the daily, plays a move, finishes and shares the result. */
async function playADailyAndShareIt(context) {
  const { page, errors } = await openPage(context);
  await openTheDaily(page);
  await playAMove(page);
  await finish(page);
  return { page, errors, card: await shareTheResult(page) };
}

async function readTheCard(page) {
  const lines = await page.$$eval('.card-line', (ls) => ls.map((l) => [l.textContent, l.getAttribute('aria-label')]));
  return {
    said: await page.textContent('.card-said'),
    text: lines.map(([line]) => line).join('\n'),
    plain: lines.map(([line, plain]) => plain ?? line).join('\n'),
    board: await page.$$eval('.card-cell', (cs) => cs.map((c) => Number(c.textContent) || 0)),
  };
}

const NO_CLIPBOARD_NO_SHARE = () => {
  Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  Object.defineProperty(Navigator.prototype, 'share', { get: () => undefined });
};

test('a race shows its lead at known moves of a known ghost; the card and Send your game back', async () => {
  // The ghost: a daily played 12 moves and finished; its card's link.
  const a = await contextOn(NOON_UTC(25), { init: NO_CLIPBOARD_NO_SHARE });
  const pa = await openPage(a);
  await openTheDaily(pa.page);
  const ghostScores = [0];
  const ghostBoards = [(await readBoard(pa.page)).board];
  for (let i = 0; i < 12; i++) {
    const game = await playAMove(pa.page);
    ghostScores.push(game.score);
    ghostBoards.push(game.board);
  }
  await finish(pa.page);
  const card = await shareTheResult(pa.page);
  assert.equal(card.said, "No clipboard here: select the card's lines to copy them.", 'no clipboard, no share sheet: shown');
  const [head, ...rest] = card.text.split('\n');
  const final = (await readBoard(pa.page)).board;
  assert.equal(head, `2048 Daily #329 · ${ghostScores[12]} points · top tile ${Math.max(...final.flat())} · 12 moves`);
  assert.deepEqual(card.board, final.flat(), 'the card draws the final board beside its lines');
  assert.match(await pa.page.getAttribute('.card-board', 'aria-label'), /^The final board: /);
  const url = rest[rest.length - 1];
  assert.match(url, /\?race=/);
  assert.ok(!card.plain.includes('🟩'), 'the plain card has no squares');
  // The racer opens the link: the page says what it proved, and offers the race.
  const b = await contextOn(NOON_UTC(25));
  const pb = await openPage(b, url.slice(url.indexOf('?')));
  assert.match(await pb.page.textContent('.link-verified'), new RegExp(`^Daily #329, replayed move by move: ${ghostScores[12]} points in 12 moves`));
  await pb.page.click('.race-button');
  assert.deepEqual((await readBoard(pb.page)).board.flat().filter(Boolean).length, 2, 'from the start');
  for (let k = 1; k <= 8; k++) {
    const me = await playAMove(pb.page, ['down', 'right', 'left', 'up']);
    const lead = me.score - ghostScores[k];
    const words = lead === 0 ? 'level' : lead > 0 ? `+${lead} ahead` : `\u2212${-lead} behind`;
    assert.equal(await contestLine(pb.page), `Race · ghost ${ghostScores[k]} at move ${k} · ${words}`, `move ${k}`);
    const colour = await pb.page.getAttribute('.contest-line', 'class');
    assert.equal(colour.includes('race-ahead'), lead > 0, `move ${k}: ahead's colour`);
    assert.equal(colour.includes('race-behind'), lead < 0, `move ${k}: behind's colour`);
  }
  // Off by default, the ghost's board at the racer's move count, on asking.
  assert.equal(await pb.page.$('.ghost-board'), null);
  await pb.page.click('.contest-ghost');
  const cells = await pb.page.$$eval('.ghost-cell', (cs) => cs.map((c) => Number(c.textContent) || 0));
  assert.deepEqual(cells, ghostBoards[8].flat(), "the ghost's board after 8 moves");
  assert.match(await pb.page.getAttribute('.ghost-board', 'aria-label'), /^The ghost's board at move 8: /);
  const mine = await readBoard(pb.page);
  await finish(pb.page);
  assert.match(await pb.page.textContent('.contest-ended'), new RegExp(`^You made ${mine.score} in 8 moves; the ghost made ${ghostScores[12]} in 12 moves\\.`));
  // Send your game back: a race link of the racer's game, which opens as one.
  await pb.page.click('.contest-send-back');
  const back = await pb.page.$eval('.share-link', (i) => i.value);
  assert.match(back, /\?race=/);
  const pa2 = await openPage(a, back.slice(back.indexOf('?')));
  assert.match(await pa2.page.textContent('.link-verified'), new RegExp(`: ${mine.score} points in 8 moves`));
  await pa2.page.click('.race-button');
  assert.match(await contestLine(pa2.page), /^Race · ghost 0 at move 0 · level$/);
  for (const p of [pa, pb, pa2]) assertNoErrors(p.errors);
  await a.close();
  await b.close();
});

test('the card goes by the share sheet where there is one, its text alone where the sheet takes no files', async () => {
  const context = await contextOn(NOON_UTC(25), {
    init: () => {
      window.__shared = [];
      window.__copied = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        get: () => (data) => {
          window.__shared.push(data.text);
          if (data.files) window.__shared.push('files');
          return Promise.resolve();
        },
      });
      Object.defineProperty(Navigator.prototype, 'canShare', { get: () => undefined });
      Object.defineProperty(Navigator.prototype, 'clipboard', {
        get: () => ({
          writeText: (text) => {
            window.__copied.push(text);
            return Promise.resolve();
          },
        }),
      });
    },
  });
  const { page, errors, card } = await playADailyAndShareIt(context);
  assert.equal(card.said, 'Shared.');
  assert.deepEqual(await page.evaluate(() => window.__shared), [card.text]);
  // Copy puts the same card on the clipboard.
  await page.click('.card-copy');
  await page.waitForFunction(() => document.querySelector('.card-said').textContent === 'Copied.');
  assert.deepEqual(await page.evaluate(() => window.__copied), [card.text]);
  assertNoErrors(errors);
  await context.close();
});

test('where the share sheet takes files, the card goes with the picture of its board', async () => {
  const context = await contextOn(NOON_UTC(25), {
    init: () => {
      window.__shared = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        get: () => (data) => {
          window.__shared.push({ text: data.text, files: [...(data.files ?? [])] });
          return Promise.resolve();
        },
      });
      Object.defineProperty(Navigator.prototype, 'canShare', {
        get: () => (data) => (data.files ?? []).every((f) => f.type === 'image/png'),
      });
    },
  });
  const { page, errors, card } = await playADailyAndShareIt(context);
  assert.equal(card.said, 'Shared.');
  const picture = await page.evaluate(async () => {
    const [{ text, files }] = window.__shared;
    const [file] = files;
    const image = await createImageBitmap(file);
    const canvas = new OffscreenCanvas(image.width, image.height);
    const pen = canvas.getContext('2d');
    pen.drawImage(image, 0, 0);
    const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
    const pixel = (x, y) => [...pen.getImageData(x, y, 1, 1).data].slice(0, 3);
    // A colour as the page shows it: a translucent one over the board's.
    const board = rgb(getComputedStyle(document.querySelector('.card-board')).backgroundColor);
    const seen = (css) => {
      const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
      return [r, g, b].map((v, k) => Math.round(a * v + (1 - a) * board[k]));
    };
    const cells = [...document.querySelectorAll('.card-board .card-cell')].map((cell, i) => {
      const [x, y] = [12 + (i % 4) * 112, 12 + Math.floor(i / 4) * 112];
      const ink = rgb(getComputedStyle(cell).color);
      let inked = false;
      for (let dy = 0; dy < 100 && !inked; dy += 1) {
        for (let dx = 0; dx < 100 && !inked; dx += 1) {
          inked = pixel(x + dx, y + dy).every((v, k) => Math.abs(v - ink[k]) <= 8);
        }
      }
      return {
        painted: pixel(x + 5, y + 5),
        shown: seen(getComputedStyle(cell).backgroundColor),
        number: cell.textContent !== '',
        inked,
      };
    });
    return { text, files: files.length, name: file.name, type: file.type, size: [image.width, image.height], cells };
  });
  assert.equal(picture.text, card.text, 'the text goes with the picture');
  assert.equal(picture.files, 1);
  assert.equal(picture.name, '2048.png');
  assert.equal(picture.type, 'image/png');
  assert.deepEqual(picture.size, [460, 460], 'four cells of 100 px and five gaps of 12');
  assert.equal(picture.cells.length, 16);
  for (const [i, cell] of picture.cells.entries()) {
    const near = cell.painted.every((v, k) => Math.abs(v - cell.shown[k]) <= 2);
    assert.ok(near, `cell ${i} in the colour the card shows it in: ${cell.painted} against ${cell.shown}`);
    assert.equal(cell.inked, cell.number, `cell ${i}: its number painted in its text colour, if it has one`);
  }
  assertNoErrors(errors);
  await context.close();
});

test("a random game's card shows where it went wrong: a slice of its strip is not green", async () => {
  const context = await contextOn(NOON_UTC(25), { init: NO_CLIPBOARD_NO_SHARE });
  const { page, errors } = await openPage(context);
  await openTheDaily(page);
  // Random legal moves (a seeded shuffle each move) until no move is left.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  let game = await readBoard(page);
  while (DIRECTIONS.some((d) => slide(game.board, d).changed)) {
    const order = [...DIRECTIONS].sort(() => (next() % 2 ? 1 : -1));
    game = await playAMove(page, order);
  }
  await page.waitForSelector('.contest-ended');
  const card = await shareTheResult(page);
  const strip = card.text.split('\n')[1];
  assert.match(strip, /^Accuracy [\d.]+% [🟩🟨🟧🟥]{10}$/u, card.text);
  assert.match(strip, /[🟨🟧🟥]/u, `a slice with an inaccuracy or worse: ${strip}`);
  assert.match(card.plain.split('\n')[1], /^Accuracy [\d.]+%, slices: \d+ clean, .*with an? (inaccuracy|mistake|blunder)/, card.plain);
  assertNoErrors(errors);
  await context.close();
});

test("another tab's practice of the day never takes this tab's ended attempt or its card", async () => {
  const context = await contextOn(NOON_UTC(25), { init: NO_CLIPBOARD_NO_SHARE });
  const first = await playADailyAndShareIt(context);
  const ended = await contestLine(first.page);
  // The day's attempt has ended: a second tab opening the daily plays it as practice.
  const second = await openPage(context, '?daily');
  assert.match(await contestLine(second.page), /^Daily #329 \(practice\)/);
  await playAMove(second.page);
  await playAMove(second.page);
  await first.page.bringToFront();
  // The first tab hears of the practice (the record storage now holds, the
  // storage event queued with it) and keeps its attempt, its card and its
  // Share result.
  await first.page.waitForFunction(() => !/"counted":true/.test(localStorage.getItem('leptos-2048:v1:contest')));
  await first.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  assert.equal(await contestLine(first.page), ended, 'the ended attempt stays');
  assert.deepEqual(await readTheCard(first.page), first.card, 'its card stays');
  assert.equal(await first.page.isVisible('.contest-share'), true, 'Share result is still there');
  assertNoErrors(first.errors);
  assertNoErrors(second.errors);
  await context.close();
});

test('a corrupt or future daily record is said once and loses nothing else', async () => {
  const context = await contextOn(NOON_UTC(25));
  const first = await openPage(context);
  await first.page.keyboard.press('ArrowLeft');
  await first.page.keyboard.press('ArrowUp');
  const own = await readBoard(first.page);
  await untilIdle(first.page);
  await first.page.evaluate(() => {
    localStorage.setItem('leptos-2048:v1:contest', '{"version":9,"value":{}}');
    localStorage.setItem('leptos-2048:v1:dailies', '{"results": [[[[');
  });
  await first.page.close();
  const { page, errors } = await openPage(context);
  assert.match(await page.textContent('.storage-notice'), /set aside, not deleted/);
  assert.deepEqual((await readBoard(page)).board, own.board, 'the own game is untouched');
  const kept = await page.evaluate(() => [
    localStorage.getItem('leptos-2048:v1:contest:corrupt'),
    localStorage.getItem('leptos-2048:v1:dailies:corrupt'),
  ]);
  assert.deepEqual(kept, ['{"version":9,"value":{}}', '{"results": [[[['], 'both kept for inspection');
  await openTheDaily(page);
  assert.match(await contestLine(page), /^Daily #329 · your one counted attempt/);
  assertNoErrors(errors);
  await context.close();
});

/** The line in the contest's place when its chunk could not be fetched. */
const CONTEST_FAILURE = 'The daily and races could not be loaded. The game plays on; they try again when one next begins or the page reloads.';

test("the contest's code answering 404: a quiet note in the bar's place, the game plays on, and Daily asks again", async () => {
  // A service worker would fetch the chunk itself, out of page.route's reach.
  const context = await contextOn(NOON_UTC(25), { serviceWorkers: 'block' });
  const blocked = [];
  const block = (route) => {
    blocked.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  };
  await context.route('**/split_contest-*.wasm', block);
  const { page, errors } = await openPage(context);
  await page.click('.daily-button');
  const note = await page.waitForSelector('p.contest-bar.chunk-note[role=status]');
  assert.equal(await note.textContent(), CONTEST_FAILURE, 'the failure line');
  assert.equal(blocked.length, 1, `the blocked file was asked for ${blocked.length} times`);
  assert.equal(await page.$('.contest-line'), null, 'a contest bar with no code?');
  assert.equal(await page.$('.chunk-loading'), null, '"Loading…" stays beside the failure line');
  await playAMove(page);
  await playAMove(page);

  // The daily's rules come with that code (ARCHITECTURE.md, "A room's code
  // arrives with the room"): without it the daily did not begin. The file
  // is back: after a reload, Daily asks again, and the daily begins.
  await context.unroute('**/split_contest-*.wasm', block);
  await untilIdle(page);
  await page.reload({ waitUntil: 'load' });
  await waitReady(page);
  await page.click('.daily-button');
  await page.waitForSelector('.contest-line');
  assert.match(await contestLine(page), /^Daily #329 · /);
  assert.equal(await page.$('.chunk-note'), null, 'the failure line stays');
  const file = /split_contest-[0-9a-f]+\.wasm/;
  assertNoErrors(errors.filter((e) => !(file.test(e) && /404/.test(e))));
  await context.close();
});
