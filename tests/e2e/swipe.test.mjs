// Swipes on the board: touch events, pointer events (touch and mouse) and
// real input through the DevTools protocol each move the board the right
// way, once per gesture; short drags, right-button drags and two-finger
// gestures do nothing; the page neither scrolls nor navigates meanwhile.
// On a phone-sized, scrollable page with touch enabled.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, checkMove, slide, sameBoard, showBoard, DIRECTIONS } from './helpers.mjs';
import { startSuite } from './storage-helpers.mjs';
import { openPage, pageErrors } from './extra-helpers.mjs';

let suite;
let page;
let context;
let errors;
let cdp;
let navigations = 0;
let startUrl;

before(async () => {
  suite = await startSuite();
  ({ context, page, errors } = await openPage(suite, {
    options: { viewport: { width: 360, height: 640 }, hasTouch: true },
  }));
  startUrl = page.url();
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  cdp = await context.newCDPSession(page);
  await page.evaluate(() => {
    window.__e2eMaxScroll = window.scrollY;
    window.addEventListener('scroll', () => {
      window.__e2eMaxScroll = Math.max(window.__e2eMaxScroll, window.scrollY);
    });
    // Which event models the board hears, per gesture.
    window.__e2eSeen = [];
    const board = document.querySelector('.game-container');
    for (const type of ['pointerdown', 'touchstart', 'touchmove', 'touchend']) {
      board.addEventListener(type, (e) => window.__e2eSeen.push({ type, prevented: e.defaultPrevented }), { passive: true });
    }
    window.addEventListener('pointerup', () => window.__e2eSeen.push({ type: 'pointerup' }));
  });
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  assert.ok(scrollable > 50, `the page should be scrollable at 360×640 for this test (scrollable by ${scrollable}px)`);
});
after(async () => {
  await suite?.close();
});

/** Whether all four directions change `board`, each to a different result. */
function discriminating(board) {
  const results = DIRECTIONS.map((d) => slide(board, d));
  return results.every((r) => r.changed) && new Set(results.map((r) => JSON.stringify(r.board))).size === 4;
}

/** New games (key r) until all four directions give distinct, changed boards. */
async function freshBoard() {
  for (let i = 0; i < 200; i++) {
    const game = await readBoard(page);
    if (!game.over && !game.won && discriminating(game.board)) return game;
    await page.keyboard.press('r');
  }
  assert.fail('no new game in 200 gave a board where the four directions differ');
}

/** Asserts that the gesture moved `dir` exactly once (null: moved not at all), per the reference. */
async function expectMove(before, dir, label) {
  const after = await readBoard(page);
  const ctx = `\n[${label}]\nbefore:\n${showBoard(before.board)}\nafter:\n${showBoard(after.board)}`;
  if (dir === null) {
    assert.deepEqual(after.board, before.board, 'the gesture should not move the board' + ctx);
    assert.equal(after.score, before.score, 'the gesture should not change the score' + ctx);
    assert.deepEqual(after.tiles.map((t) => t.className), before.tiles.map((t) => t.className),
      'the gesture should not change any tile' + ctx);
  } else {
    assert.ok(!sameBoard(after.board, before.board), `the gesture should move ${dir}, but the board did not move` + ctx);
    const spawned = after.tiles.filter((t) => t.isNew);
    assert.equal(spawned.length, 1, `expected one move (one new tile), found ${spawned.length} new tiles` + ctx);
    const slid = after.board.map((row) => row.slice());
    slid[spawned[0].y][spawned[0].x] = 0;
    const matches = DIRECTIONS.filter((d) => sameBoard(slide(before.board, d).board, slid));
    assert.deepEqual(matches, [dir], `the gesture should move ${dir} exactly once` + ctx);
    checkMove(before, after, dir, label);
  }
  await assertStill(label);
  return after;
}

async function assertStill(label) {
  const s = await page.evaluate(() => ({ y: window.scrollY, x: window.scrollX, max: window.__e2eMaxScroll }));
  assert.equal(s.y, 0, `[${label}] the page scrolled to y=${s.y}`);
  assert.equal(s.x, 0, `[${label}] the page scrolled to x=${s.x}`);
  assert.equal(s.max, 0, `[${label}] the page scrolled (up to y=${s.max}) during the gesture`);
  assert.equal(navigations, 0, `[${label}] the page navigated`);
  assert.equal(page.url(), startUrl, `[${label}] the page navigated`);
}

const VEC = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
let gestureNo = 0;

/** A start point near the board's centre, a few pixels off each time (so no two gestures start alike). */
async function startPoint() {
  const r = await page.evaluate(() => {
    const b = document.querySelector('.game-container').getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2, w: b.width };
  });
  gestureNo++;
  return { x: r.x + ((gestureNo * 7) % 40) - 20, y: r.y + ((gestureNo * 11) % 40) - 20, w: r.w };
}

/**
 * Dispatches synthetic gestures in the page. `kind`: 'touch' (TouchEvents),
 * 'pointer-touch' / 'pointer-mouse' (PointerEvents), 'both' (each step
 * through both models, pointer first, as a touch screen does), 'both-touch-first'.
 * `path` is a list of [dx, dy] offsets from `start`; the last is where it lifts.
 */
async function synthetic(kind, start, path, { fingers = 1, button = 0, secondFingerAt = -1 } = {}) {
  return page.evaluate(({ kind, start, path, fingers, button, secondFingerAt }) => {
    const board = document.querySelector('.game-container');
    const out = { movePrevented: [] };
    const touch = (id, x, y) => new Touch({ identifier: id, target: board, clientX: x, clientY: y, pageX: x, pageY: y, radiusX: 2, radiusY: 2, force: 1 });
    const touchEvent = (type, touches, changed) => {
      const e = new TouchEvent(type, { touches, targetTouches: touches, changedTouches: changed, bubbles: true, cancelable: true, composed: true });
      board.dispatchEvent(e);
      return e;
    };
    const pointer = (type, x, y, { id = 1, primary = true, target = board } = {}) => {
      const pointerType = kind === 'pointer-mouse' ? 'mouse' : 'touch';
      const e = new PointerEvent(type, {
        pointerId: id, pointerType, isPrimary: primary, clientX: x, clientY: y, button: type === 'pointermove' ? -1 : button,
        buttons: type === 'pointerup' ? 0 : 1 << (button === 2 ? 1 : 0), bubbles: true, cancelable: true, composed: true,
      });
      target.dispatchEvent(e);
      return e;
    };
    const useTouch = kind === 'touch' || kind.startsWith('both');
    const usePointer = kind.startsWith('pointer') || kind.startsWith('both');
    const touchFirst = kind === 'both-touch-first';
    const at = ([dx, dy]) => [start.x + dx, start.y + dy];
    const second = touch(1, start.x + 60, start.y + 10);

    // Down.
    const downs = [];
    if (usePointer) downs.push(() => {
      pointer('pointerdown', start.x, start.y);
      if (fingers > 1) pointer('pointerdown', start.x + 60, start.y + 10, { id: 2, primary: false });
    });
    if (useTouch) downs.push(() => {
      const first = touch(0, start.x, start.y);
      touchEvent('touchstart', fingers > 1 ? [first, second] : [first], fingers > 1 ? [first, second] : [first]);
    });
    (touchFirst ? downs.reverse() : downs).forEach((f) => f());

    // Moves.
    path.forEach((d, i) => {
      const [x, y] = at(d);
      const two = fingers > 1 || (secondFingerAt >= 0 && i >= secondFingerAt);
      const steps = [];
      if (usePointer) steps.push(() => {
        if (secondFingerAt === i) pointer('pointerdown', start.x + 60, start.y + 10, { id: 2, primary: false });
        pointer('pointermove', x, y);
      });
      if (useTouch) steps.push(() => {
        const first = touch(0, x, y);
        if (secondFingerAt === i) touchEvent('touchstart', [first, second], [second]);
        const e = touchEvent('touchmove', two ? [first, second] : [first], [first]);
        out.movePrevented.push(e.defaultPrevented);
      });
      (touchFirst ? steps.reverse() : steps).forEach((f) => f());
    });

    // Up: the first finger lifts at the end of the path, then any second one.
    const [x, y] = at(path[path.length - 1]);
    const two = fingers > 1 || secondFingerAt >= 0;
    const ups = [];
    if (usePointer) ups.push(() => {
      pointer('pointerup', x, y, { target: window });
      if (two) pointer('pointerup', start.x + 60, start.y + 10, { id: 2, primary: false, target: window });
    });
    if (useTouch) ups.push(() => {
      const first = touch(0, x, y);
      touchEvent('touchend', two ? [second] : [], [first]);
      if (two) touchEvent('touchend', [], [second]);
    });
    (touchFirst ? ups.reverse() : ups).forEach((f) => f());
    return out;
  }, { kind, start, path, fingers, button, secondFingerAt });
}

/** A straight path of `steps` points from the start to `dist` px toward `dir`. */
function line(dir, dist, steps = 4) {
  const [vx, vy] = VEC[dir];
  return Array.from({ length: steps }, (_, i) => [vx * dist * (i + 1) / steps, vy * dist * (i + 1) / steps]);
}

for (const kind of ['touch', 'pointer-touch', 'pointer-mouse']) {
  test(`${kind} swipes move the board in all four directions`, async () => {
    for (const dir of DIRECTIONS) {
      const before = await freshBoard();
      const start = await startPoint();
      const r = await synthetic(kind, start, line(dir, 60));
      if (kind === 'touch') {
        assert.ok(r.movePrevented.length > 0 && r.movePrevented.every(Boolean), 'every touchmove on the board should be default-prevented');
      }
      await expectMove(before, dir, `${kind} swipe ${dir}`);
    }
  });
}

test('the dominant axis wins on a diagonal swipe', async () => {
  const cases = [
    ['touch', [40, 25], 'right'], ['touch', [-12, -45], 'up'],
    ['pointer-touch', [-50, 30], 'left'], ['pointer-mouse', [20, 48], 'down'],
  ];
  for (const [kind, end, dir] of cases) {
    const before = await freshBoard();
    const start = await startPoint();
    await synthetic(kind, start, [[end[0] / 2, end[1] / 2], end]);
    await expectMove(before, dir, `${kind} diagonal ${JSON.stringify(end)}`);
  }
});

test('drags below the threshold do nothing, and a drag that comes back to its start does nothing', async () => {
  // The threshold is a fifth of a cell, 10 px at least: 9 px never moves.
  const before = await freshBoard();
  for (const kind of ['touch', 'pointer-touch', 'pointer-mouse', 'both']) {
    for (const dir of DIRECTIONS) {
      const start = await startPoint();
      await synthetic(kind, start, line(dir, 9, 3));
      await expectMove(before, null, `${kind} 9 px drag ${dir}`);
    }
    // Out 60 px and back: it is where it lifts that counts.
    const start = await startPoint();
    await synthetic(kind, start, [[30, 0], [60, 0], [30, 0], [2, 1]]);
    await expectMove(before, null, `${kind} drag out and back`);
  }
  // An exact diagonal has no dominant axis.
  const start = await startPoint();
  await synthetic('touch', start, [[20, 20], [40, 40]]);
  await expectMove(before, null, 'touch exact diagonal');
});

test('a drag just past the clamp (31 px) moves; the threshold scales with the board', async () => {
  for (const kind of ['touch', 'pointer-mouse']) {
    const before = await freshBoard();
    const start = await startPoint();
    await synthetic(kind, start, line('left', 31, 2));
    await expectMove(before, 'left', `${kind} 31 px drag`);
  }
  // At this viewport a cell pitch is 70 px (a fifth: 14 px), so 20 px moves.
  const before = await freshBoard();
  const start = await startPoint();
  await synthetic('touch', start, line('up', 20, 2));
  await expectMove(before, 'up', 'touch 20 px drag on a 280 px board');
});

test('the threshold is a fifth of a grid cell (clamped to 10…30 px): 1.5 px short does nothing, 1.5 px past moves', async () => {
  const cell = await page.evaluate(() => document.querySelector('.grid-cell').getBoundingClientRect().width);
  const threshold = Math.min(30, Math.max(10, cell * 0.2));
  const label = `cell ${cell}px, threshold ${threshold}px`;
  for (const kind of ['touch', 'pointer-mouse']) {
    let before = await freshBoard();
    let start = await startPoint();
    await synthetic(kind, start, line('down', threshold - 1.5, 2));
    await expectMove(before, null, `${kind} ${threshold - 1.5} px drag (${label})`);
    start = await startPoint();
    await synthetic(kind, start, line('down', threshold + 1.5, 2));
    await expectMove(before, 'down', `${kind} ${threshold + 1.5} px drag (${label})`);
  }
});

test('a mouse drag with another button than the main one does nothing', async () => {
  const before = await freshBoard();
  const start = await startPoint();
  await synthetic('pointer-mouse', start, line('right', 60), { button: 2 });
  await expectMove(before, null, 'right-button mouse drag');
});

test('two fingers do nothing: from the start, or added mid-gesture', async () => {
  const before = await freshBoard();
  for (const kind of ['touch', 'pointer-touch', 'both']) {
    let start = await startPoint();
    await synthetic(kind, start, line('right', 80), { fingers: 2 });
    await expectMove(before, null, `${kind}: two fingers from the start`);
    start = await startPoint();
    await synthetic(kind, start, line('down', 80), { secondFingerAt: 1 });
    await expectMove(before, null, `${kind}: second finger added mid-gesture`);
  }
  // One finger afterwards is a swipe again.
  const start = await startPoint();
  await synthetic('touch', start, line('left', 60));
  await expectMove(before, 'left', 'one finger after the pinches');
});

test('a gesture seen through both event models moves once', async () => {
  for (const kind of ['both', 'both-touch-first']) {
    for (const dir of DIRECTIONS) {
      const before = await freshBoard();
      const start = await startPoint();
      await synthetic(kind, start, line(dir, 60));
      await expectMove(before, dir, `${kind} ${dir}`);
    }
  }
});

/** A real touch gesture through the DevTools protocol (the browser makes the pointer and touch events). */
async function cdpSwipe(start, path) {
  const pt = (x, y) => [{ x: Math.round(x), y: Math.round(y), radiusX: 2, radiusY: 2, force: 1, id: 0 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pt(start.x, start.y) });
  for (const [dx, dy] of path) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: pt(start.x + dx, start.y + dy) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(50);
}

test('real touch input (CDP Input.dispatchTouchEvent) moves exactly once per gesture, both event models heard', async () => {
  for (const dir of DIRECTIONS) {
    const before = await freshBoard();
    const start = await startPoint();
    await page.evaluate(() => { window.__e2eSeen = []; });
    await cdpSwipe(start, line(dir, 70, 5));
    const seen = await page.evaluate(() => window.__e2eSeen);
    const types = new Set(seen.map((s) => s.type));
    // touchend goes to the element the touch began on; when that was a tile
    // the move merged away, its node is gone by then and the event reaches
    // no listener. The move was made on pointerup already.
    assert.ok(types.has('pointerdown') && types.has('touchstart') && types.has('pointerup'),
      `a real touch should reach the board as pointer and touch events, saw ${JSON.stringify([...types])}`);
    await expectMove(before, dir, `CDP touch swipe ${dir}`);
  }
  // A short real drag and a tap do nothing.
  const before = await freshBoard();
  let start = await startPoint();
  await cdpSwipe(start, line('right', 8, 2));
  await expectMove(before, null, 'CDP touch 8 px drag');
  // Two real fingers sliding together (a pinch or two-finger pan) do nothing.
  start = await startPoint();
  const two = (dx) => [
    { x: Math.round(start.x + dx), y: Math.round(start.y), id: 0 },
    { x: Math.round(start.x + dx + 50), y: Math.round(start.y + 30), id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: two(0) });
  for (const dx of [-20, -40, -60, -80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: two(dx) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForTimeout(50);
  await expectMove(before, null, 'CDP two-finger drag');
  start = await startPoint();
  await page.touchscreen.tap(start.x, start.y);
  await page.waitForTimeout(50);
  await expectMove(before, null, 'touchscreen.tap');
});

test('real mouse drags (page.mouse) move once per drag', async () => {
  for (const dir of DIRECTIONS) {
    const before = await freshBoard();
    const start = await startPoint();
    const [vx, vy] = VEC[dir];
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + vx * 70, start.y + vy * 70, { steps: 5 });
    await page.mouse.up();
    await expectMove(before, dir, `mouse drag ${dir}`);
  }
  // Released off the board (pointerup on the page, not the board) still counts.
  const before = await freshBoard();
  const start = await startPoint();
  const top = await page.evaluate(() => document.querySelector('.game-container').getBoundingClientRect().top);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5, top - 30, { steps: 5 });
  await page.mouse.up();
  await expectMove(before, 'up', 'mouse drag released above the board');
});

test('control: a real touch drag below the board scrolls the page (so the board really holds it still)', async () => {
  const at = await page.evaluate(() => {
    const b = document.querySelector('.game-explanation').getBoundingClientRect();
    return { x: b.left + b.width / 2, y: Math.min(innerHeight - 20, b.top + 20) };
  });
  assert.ok(at.y > 0, 'the explanation below the board is not on screen');
  await cdpSwipe(at, line('up', 150, 6));
  await page.waitForTimeout(200);
  const y = await page.evaluate(() => window.scrollY);
  // Back to the top for any later test.
  await page.evaluate(() => { window.scrollTo(0, 0); window.__e2eMaxScroll = 0; });
  assert.ok(y > 0, 'a touch drag off the board did not scroll the page: the no-scroll checks above prove nothing');
});

test('the page logged no errors during the swipes', () => {
  assert.deepEqual(pageErrors(errors), []);
});
