// Layout at phone and desktop widths, with the largest numbers the game can
// show: no horizontal overflow, the board at its documented size, score boxes
// that hold a 7-digit score (the most a 4×4 game can hold: 3 932 164), square
// cells and tiles, and every tile drawn on its own grid cell.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard } from './helpers.mjs';
import { startSuite, KEY, MAX_SCORE_4X4, buildSave, stringifySave } from './storage-helpers.mjs';
import { openPage, pageErrors, readSave, readGeometry, geometryProblems, settle } from './extra-helpers.mjs';
import { openInspector } from './session-helpers.mjs';

let suite;
let template;

// Every tile from 8 to 131072 (2^17, the largest a 4×4 board holds), one
// cell empty so the game can go on. These tiles could have earned at most
// Σ (k−1)·2^k = 3 932 160 (the 4×4 maximum, 3 932 164, less the missing 4's
// share): the largest score the decoder accepts with a move left.
const GRID = [
  [131072, 65536, 32768, 16384],
  [1024, 2048, 4096, 8192],
  [512, 256, 128, 64],
  [8, 16, 32, 0],
];
const bound = GRID.flat().filter(Boolean).reduce((s, v) => s + (Math.log2(v) - 1) * v, 0);

before(async () => {
  suite = await startSuite();
  const { context, page } = await openPage(suite);
  template = await readSave(page);
  await context.close();
});
after(async () => {
  await suite?.close();
});

/**
 * The board width style/main.css documents for a viewport: the window less
 * 10 px a side, up to 500; on a wide window (960 px and up), where the
 * panel stands beside it, what the window's height leaves once the heading,
 * the lines under the board and the controls have their 340 px, from 320 up
 * to 500, so the play column is whole in the window.
 */
function expectedBoard(width, height) {
  if (width >= 960) return Math.min(500, Math.max(320, height - 340));
  return Math.min(500, width - 20);
}

for (const [width, height] of [[320, 640], [280, 600], [360, 640], [520, 800], [521, 800], [1000, 800]]) {
  test(`layout at ${width}×${height} with a ${String(bound).length}-digit score and a 7-digit best`, async () => {
    const save = buildSave(template, GRID, { score: bound, status: 'Continuing', moves: 5000 });
    const { context, page, errors } = await openPage(suite, {
      options: { viewport: { width, height } },
      storage: { [KEY.game]: stringifySave(save), [KEY.best]: String(MAX_SCORE_4X4) },
    });
    await settle(page, 100);
    const game = await readBoard(page);
    assert.equal(game.score, bound, 'the injected score was not restored (save refused?)');
    assert.equal(game.best, MAX_SCORE_4X4, 'the injected best was not restored');
    console.log(`layout ${width}×${height}: score ${game.score} (${String(game.score).length} digits), best ${game.best} (${String(game.best).length} digits)`);

    const m = await page.evaluate(() => {
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
      };
      const q = (s) => document.querySelector(s);
      const sticking = [];
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || el.closest('.visually-hidden')) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        if (r.right > innerWidth + 0.5 || r.left < -0.5) {
          sticking.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} [${r.left.toFixed(1)}, ${r.right.toFixed(1)}]`);
        }
      }
      const overflowing = [...document.querySelectorAll('.score-container, .best-container, .tile-inner, button, .title')]
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
        .map((el) => `${el.className || el.tagName}: content ${el.scrollWidth}px in ${el.clientWidth}px`);
      return {
        innerWidth,
        docScroll: document.documentElement.scrollWidth,
        bodyScroll: document.body.scrollWidth,
        board: box(q('.game-container')),
        container: box(q('.screen')),
        heading: box(q('.heading')),
        title: box(q('h1.title')),
        score: box(q('.score-container')),
        best: box(q('.best-container')),
        sticking,
        overflowing,
      };
    });
    const label = `[${width}×${height}]`;
    assert.ok(m.docScroll <= m.innerWidth, `${label} the page scrolls sideways: scrollWidth ${m.docScroll} > ${m.innerWidth}`);
    assert.ok(m.bodyScroll <= m.innerWidth, `${label} body.scrollWidth ${m.bodyScroll} > ${m.innerWidth}`);
    assert.deepEqual(m.sticking, [], `${label} elements stick out of the viewport`);
    assert.deepEqual(m.overflowing, [], `${label} text overflows its box`);

    assert.ok(Math.abs(m.board.width - expectedBoard(width, height)) <= 0.5,
      `${label} board is ${m.board.width}px wide, expected ${expectedBoard(width, height)}`);
    assert.ok(m.board.left >= 0 && m.board.right <= m.innerWidth, `${label} the board does not fit across`);
    assert.ok(m.board.height <= height, `${label} the board (${m.board.height}px) is taller than the viewport`);

    for (const [name, b] of [['score', m.score], ['best', m.best]]) {
      assert.ok(b.left >= m.container.left - 0.5 && b.right <= m.container.right + 0.5,
        `${label} the ${name} box [${b.left}, ${b.right}] overflows the container [${m.container.left}, ${m.container.right}]`);
      assert.ok(b.top >= m.heading.top - 0.5 && b.bottom <= m.heading.bottom + 0.5,
        `${label} the ${name} box sticks out of the heading`);
      const overlapsTitle = b.left < m.title.right && b.right > m.title.left && b.top < m.title.bottom && b.bottom > m.title.top;
      assert.ok(!overlapsTitle, `${label} the ${name} box overlaps the title`);
    }

    const geo = await readGeometry(page);
    assert.deepEqual(geometryProblems(geo, 0.75), [], `${label} cells or tiles are misdrawn`);
    const gap = geo.cells[0][1].left - geo.cells[0][0].right;
    assert.ok(Math.abs(gap - (width <= 520 ? 10 : 15)) <= 0.5, `${label} the gap between cells is ${gap}px`);
    assert.equal(geo.tiles.length, 15);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });
}

test('the largest score the app accepts has 7 digits: one above the tiles\' bound is refused', async () => {
  assert.ok(bound <= MAX_SCORE_4X4);
  const save = buildSave(template, GRID, { score: bound + 1, status: 'Continuing', moves: 5000 });
  const { context, page, errors } = await openPage(suite, { storage: { [KEY.game]: stringifySave(save) } });
  const game = await readBoard(page);
  assert.equal(game.score, 0, 'a score above what the tiles could earn should be refused (new game)');
  console.log(`layout: the largest score these tiles allow is ${bound} (${String(bound).length} digits); the 4×4 maximum is ${MAX_SCORE_4X4}`);
  // The refused save raises a notice (that is the expected path, not an error).
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

/**
 * What of the page the debugger's handle ("Messages (N)") covers in the
 * window as it is scrolled now: the board, and every button, field and
 * History row drawn under it.
 */
async function coveredByHandle(page) {
  return page.evaluate(() => {
    const handle = document.querySelector('.messages-button').getBoundingClientRect();
    const meets = (r) => r.width > 0 && r.height > 0 &&
      r.left < handle.right && handle.left < r.right && r.top < handle.bottom && handle.top < r.bottom;
    return [...document.querySelectorAll('.game-container, button, input, select, a, .history-row')]
      .filter((el) => !el.closest('#messages') && !el.closest('#debugger') && meets(el.getBoundingClientRect()))
      .map((el) => el.className || el.tagName);
  });
}

for (const [width, height] of [[390, 844], [844, 390], [1100, 1000], [1366, 768]]) {
  test(`at ${width}×${height} the debugger's handle covers neither the board nor a control, with History open, at the page's top, middle and end`, async () => {
    const { context, page, errors } = await openPage(suite, { query: '?seed=2048', options: { viewport: { width, height } } });
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'].flatMap((k) => Array(6).fill(k))) {
      await page.keyboard.press(key);
    }
    await openInspector(page);
    await settle(page, 100);
    for (const [where, share] of [['top', 0], ['middle', 0.5], ['end', 1]]) {
      await page.evaluate((f) => window.scrollTo(0, f * (document.documentElement.scrollHeight - window.innerHeight)), share);
      await settle(page, 50);
      assert.deepEqual(await coveredByHandle(page), [], `at the page's ${where}, the handle covers these`);
    }
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });
}
