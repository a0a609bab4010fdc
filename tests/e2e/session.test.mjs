// The session as history: undo and redo by every key and both buttons give
// back exactly the states seen before (the spawns to come included), a move
// after undo drops the redo list, undo crosses New Game, and all of it
// survives a reload. The history inspector: rows, slider, read-only
// scrubbing, "Back to the present", "Resume from here", and its check; and a
// 10 000-input history (made natively by `fold --history`) scrubbed at many
// points, each board compared with the native fold.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, showBoard, ARROW_FOR, DIRECTIONS, slide } from './helpers.mjs';
import { reloadGame, assertPlayable, untilIdle } from './storage-helpers.mjs';
import {
  SKEY, openAt, assertClean, blur, stored, readButtons, snapshot, assertSameState,
  UNDO_WAYS, REDO_WAYS, undo, redo, playChecked, openInspector, readInspector, scrubTo, chooseEntry,
  foldHistory, summary, showMessagesByKeyboard, readMessages,
  foldSuite,
} from './session-helpers.mjs';

const SEED = 20_480_001;
const suite = foldSuite();

async function assertButtons(page, want, label) {
  assert.deepEqual(await readButtons(page), want, `${label}: undo/redo buttons enabled`);
}

// ---------------------------------------------------------------------------
// Undo and redo

test('undo by u, Ctrl+Z, Meta+Z and the button walks back through every state exactly; redo by Ctrl+Shift+Z, Meta+Shift+Z, Ctrl+Y and the button walks forward again', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED}` });
  await assertButtons(page, { undo: false, redo: false }, 'new game');
  const { shots } = await playChecked(page, 16, { seed: 1 });
  const n = shots.length - 1;
  await assertButtons(page, { undo: true, redo: false }, 'after 16 moves');

  for (let i = n - 1; i >= 0; i--) {
    const [how, act] = UNDO_WAYS[(n - 1 - i) % UNDO_WAYS.length];
    if (!how.includes('button')) await blur(page);
    await act(page);
    assertSameState(await snapshot(page), shots[i], `undo by ${how} to state ${i}`);
    await assertButtons(page, { undo: i > 0, redo: true }, `after undo to state ${i}`);
  }
  // Nothing left to undo: every way does nothing.
  for (const [how, act] of UNDO_WAYS.filter(([h]) => !h.includes('button'))) {
    await act(page);
    assertSameState(await snapshot(page), shots[0], `${how} at the start`);
  }

  for (let i = 1; i <= n; i++) {
    const [how, act] = REDO_WAYS[(i - 1) % REDO_WAYS.length];
    if (!how.includes('button')) await blur(page);
    await act(page);
    assertSameState(await snapshot(page), shots[i], `redo by ${how} to state ${i}`);
    await assertButtons(page, { undo: true, redo: i < n }, `after redo to state ${i}`);
  }
  for (const [how, act] of REDO_WAYS.filter(([h]) => !h.includes('button'))) {
    await act(page);
    assertSameState(await snapshot(page), shots[n], `${how} with nothing to redo`);
  }
  assertClean(errors, 'undo/redo');
  await context.close();
});

test('the same move after an undo spawns the same tile (the future is in the state); any move after undo drops the redo list', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED + 1}` });
  const { shots, dirs } = await playChecked(page, 8, { seed: 2 });
  await undo(page);
  await undo(page);
  await undo(page);
  assertSameState(await snapshot(page), shots[5], 'three undos');
  await assertButtons(page, { undo: true, redo: true }, 'after three undos');

  // The move that was played from state 5 gives state 6 again, tile for tile.
  await page.keyboard.press(ARROW_FOR[dirs[5]]);
  assertSameState(await snapshot(page), shots[6], `the same move (${dirs[5]}) after undo`);
  await assertButtons(page, { undo: true, redo: false }, 'a move after undo: the rest of the redo list is gone');
  await redo(page);
  assertSameState(await snapshot(page), shots[6], 'redo with the redo list dropped does nothing');

  // A different move after undo branches: redo is gone too.
  await undo(page);
  assertSameState(await snapshot(page), shots[5], 'undo again');
  const other = DIRECTIONS.find((d) => d !== dirs[5] && slide(shots[5].board, d).changed);
  assert.ok(other, 'no other direction changes state 5');
  await page.keyboard.press(ARROW_FOR[other]);
  const branched = await snapshot(page);
  assert.notDeepEqual(branched.board, shots[6].board, 'a different move gave the old state');
  await assertButtons(page, { undo: true, redo: false }, 'a different move after undo');
  await redo(page);
  assertSameState(await snapshot(page), branched, 'redo after branching does nothing');
  await undo(page);
  assertSameState(await snapshot(page), shots[5], 'undo the branch');
  assertClean(errors, 'branch');
  await context.close();
});

test('undo across New Game (R and the button) brings the old game back, redo the new one', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED + 2}` });
  const { shots } = await playChecked(page, 6, { seed: 3 });
  const oldGame = shots[6];

  await page.keyboard.press('r');
  const fresh1 = await snapshot(page);
  assert.equal(fresh1.score, 0);
  assert.equal(fresh1.tiles.length, 2);
  await undo(page);
  assertSameState(await snapshot(page), oldGame, 'undo after R');
  await redo(page);
  assertSameState(await snapshot(page), fresh1, 'redo after undoing R: the same new game');

  // Play in the new game, then New Game by the button, then undo twice.
  const { shots: second } = await playChecked(page, 3, { seed: 0, start: fresh1 });
  await page.click('.restart-button');
  await blur(page);
  const fresh2 = await snapshot(page);
  assert.equal(fresh2.score, 0);
  await page.click('.undo-button');
  assertSameState(await snapshot(page), second[3], 'undo after the New Game button');
  for (let i = 0; i < 4; i++) await undo(page);
  assertSameState(await snapshot(page), oldGame, 'undo back through the second game and its New Game');
  await undo(page);
  assertSameState(await snapshot(page), shots[5], 'and on into the first game');
  for (let i = 0; i < 6; i++) await redo(page);
  assertSameState(await snapshot(page), fresh2, 'redo forward to the third game');
  assertClean(errors, 'new game');
  await context.close();
});

test('undo and redo survive a reload: the history is kept under leptos-2048:v1:history beside the game', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED + 3}` });
  const { shots, dirs } = await playChecked(page, 10, { seed: 1 });
  await undo(page);
  await undo(page);
  assertSameState(await snapshot(page), shots[8], 'two undos');

  await untilIdle(page);
  const hist = JSON.parse(await stored(page, SKEY.history()));
  assert.deepEqual(hist.config, { width: 4, height: 4, target: 2048 }, 'stored history config');
  assert.equal(hist.seed, SEED + 3, 'the stored history starts from the link\'s seed');
  const letters = dirs.map((d) => d[0].toUpperCase()).join('');
  assert.equal(hist.inputs, letters, 'the stored inputs are the moves played, redo tail included');
  assert.equal(hist.cursor, 8, 'the stored cursor');
  const savedHistory = await stored(page, SKEY.history());

  await reloadGame(page);
  assert.equal(page.url(), new URL(suite.url).href, 'the ?seed= query should be gone from the address after load');
  assertSameState(await snapshot(page), shots[8], 'after reload');
  assert.equal(await stored(page, SKEY.history()), savedHistory, 'the reload rewrote a different history');
  await assertButtons(page, { undo: true, redo: true }, 'after reload');
  await redo(page);
  assertSameState(await snapshot(page), shots[9], 'redo after reload');
  await page.click('.redo-button');
  assertSameState(await snapshot(page), shots[10], 'redo by button after reload');
  await assertButtons(page, { undo: true, redo: false }, 'at the end after reload');
  for (let i = 9; i >= 0; i--) {
    await undo(page);
    assertSameState(await snapshot(page), shots[i], `undo to ${i} after reload`);
  }
  await assertButtons(page, { undo: false, redo: true }, 'at the start after reload');
  await reloadGame(page);
  assertSameState(await snapshot(page), shots[0], 'reload at the start');
  await assertButtons(page, { undo: false, redo: true }, 'the start, reloaded');
  assertClean(errors, 'reload');
  await context.close();
});

// ---------------------------------------------------------------------------
// The inspector

test('inspector: ? and the History button toggle it; rows, slider and check; scrubbing shows earlier states read-only; Back to the present; Resume from here', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED + 4}` });
  const { shots, dirs } = await playChecked(page, 15, { seed: 2 });
  const present = shots[15];

  await openInspector(page, 'key');
  let ins = await readInspector(page);
  assert.deepEqual(ins.slider, { min: 0, max: 15, value: 15 }, 'slider over 0..15 at the present');
  assert.deepEqual(ins.rows, [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 'the 11 rows up to the present');
  assert.deepEqual(ins.chosen, [15], 'the present is the chosen row');
  assert.deepEqual(ins.scores, ins.rows.map((i) => shots[i].score), 'each row shows its score');
  assert.equal(ins.check, 'Checked: playing the 15 moves again gives every board in the list. Check again', 'the check played the 15 moves again');
  assert.ok(!ins.resumeEnabled && !ins.presentEnabled, 'Resume and Present are disabled at the present');
  assert.equal(ins.inspecting, false);

  // A row: that state on the board, read-only.
  await chooseEntry(page, 8);
  assertSameState(await snapshot(page), { ...shots[8], save: present.save }, 'row 8 chosen');
  ins = await readInspector(page);
  assert.ok(ins.inspecting, 'the board is marked .inspecting while scrubbing');
  assert.deepEqual(ins.chosen, [8]);
  assert.ok(ins.resumeEnabled && ins.presentEnabled);
  await assertButtons(page, { undo: false, redo: false }, 'while scrubbing');
  await blur(page);
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'u', 'Control+z', 'Control+y', 'r']) {
    await page.keyboard.press(key);
    assertSameState(await snapshot(page), { ...shots[8], save: present.save }, `${key} while scrubbing does nothing`);
  }

  // The slider.
  for (const i of [3, 0, 12, 15, 1]) {
    await scrubTo(page, i);
    assertSameState(await snapshot(page), { ...shots[i], save: present.save }, `slider at ${i}`);
    ins = await readInspector(page);
    assert.deepEqual(ins.chosen, [i], `slider at ${i}: chosen row`);
    assert.ok(ins.rows.includes(i) && ins.rows.length === 11, `slider at ${i}: rows ${ins.rows}`);
  }
  assert.deepEqual((await readInspector(page)).rows, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

  // Back to the present.
  await page.click('.present-button');
  await blur(page);
  assertSameState(await snapshot(page), present, 'Back to the present');
  assert.equal((await readInspector(page)).inspecting, false);

  // Resume from 6: state 6 is the present, 7..15 stay as redo until a move.
  await scrubTo(page, 6);
  await page.click('.resume-button');
  await blur(page);
  assertSameState(await snapshot(page), shots[6], 'resumed from 6');
  await assertButtons(page, { undo: true, redo: true }, 'resumed from 6');
  ins = await readInspector(page);
  assert.equal(ins.slider.max, 15, 'the later inputs are still in the history');
  assert.deepEqual(ins.undone, ins.rows.filter((i) => i > 6), 'rows after 6 are marked undone');
  await redo(page);
  assertSameState(await snapshot(page), shots[7], 'redo after resume');
  await undo(page);
  const other = DIRECTIONS.find((d) => d !== dirs[6] && slide(shots[6].board, d).changed);
  await page.keyboard.press(ARROW_FOR[other]);
  const branched = await snapshot(page);
  await assertButtons(page, { undo: true, redo: false }, 'a move after resume drops the redo list');
  ins = await readInspector(page);
  assert.equal(ins.slider.max, 7, 'the history is 7 inputs after the move');
  assert.match(ins.check, /Checked/);

  // Toggle closed by the button and by ?.
  await page.click('.history-button');
  await page.waitForSelector('.history-panel', { state: 'detached', timeout: 10_000 });
  await openInspector(page, 'button');
  await blur(page);
  await page.keyboard.press('?');
  await page.waitForSelector('.history-panel', { state: 'detached', timeout: 10_000 });

  // Closing while scrubbing returns to the present.
  await openInspector(page, 'key');
  await scrubTo(page, 2);
  assertSameState(await snapshot(page), { ...shots[2], save: branched.save }, 'slider at 2 after the branch');
  await page.click('.history-button');
  await page.waitForSelector('.history-panel', { state: 'detached', timeout: 10_000 });
  await blur(page);
  assertSameState(await snapshot(page), branched, 'closing the inspector while scrubbing shows the present again');
  await assertPlayable(page, 'after the inspector');
  assertClean(errors, 'inspector');
  await context.close();
});

test('a 10 000-input history (fold --history) loads, checks, and scrubs to every point with the board the native fold gives', async () => {
  const N = 10_000;
  const points = [0, 1, 2, 63, 64, 65, 127, 128, 1000, 2500, 4097, 5000, 6666, 8191, 8192, 9001, 9990, 9999, N];
  const steps = Array.from({ length: 11 }, (_, k) => 4090 + k);
  const f = foldHistory(77, N, { at: [...new Set([...points, ...steps, 5001])] });
  const foldAt = (i) => f.at.find((a) => a.i === i);
  assert.equal(f.inputs.length, N);
  console.log(`session: fold --history 77 ${N}: ${f.games} games, history ${f.history.length} chars, save ${f.game.length} chars`);
  const t0 = Date.now();
  const { context, page, errors } = await openAt(suite, {
    storage: { [SKEY.game()]: f.game, [SKEY.history()]: f.history },
  });
  const loadMs = Date.now() - t0;
  // The present is the fold's last state, and the history was taken as it is.
  const last = f.at.find((a) => a.i === N);
  const present = await snapshot(page);
  assert.deepEqual(present.board, last.board, `the loaded game is not the fold's present\n${showBoard(present.board)}`);
  assert.equal(present.score, last.score);
  assert.equal(await stored(page, SKEY.history()), f.history, 'the history was not kept as injected (set aside or rewritten)');
  assert.equal(await stored(page, SKEY.history() + ':corrupt'), null, 'the history was set aside');
  await assertButtons(page, { undo: true, redo: false }, 'a loaded long history');

  const t1 = Date.now();
  await page.click('.history-button');
  await page.waitForSelector('.history-panel', { state: 'visible', timeout: 30_000 });
  const openMs = Date.now() - t1;
  let ins = await readInspector(page);
  assert.deepEqual(ins.slider, { min: 0, max: N, value: N });
  // A New game is not a move: the check counts the moves of the fold's games.
  const moves = [...f.inputs].filter((c) => 'UDLR'.includes(c)).length;
  assert.ok(moves < N, `the fold's ${f.games} games hold New games`);
  assert.match(ins.check, new RegExp(`^Checked: playing the ${moves} moves again gives every board in the list\\.`), `check: ${ins.check}`);
  assert.equal(ins.rows.length, 11);

  const times = [];
  // Forward, backward, then a fixed shuffle.
  const shuffled = points.map((p, k) => [(k * 7919) % points.length, p]).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  const order = [...points, ...[...points].reverse(), ...shuffled];
  for (const i of order) {
    const ms = await scrubTo(page, i);
    times.push(ms);
    const want = f.at.find((a) => a.i === i);
    const shown = await readBoard(page);
    assert.deepEqual(shown.problems, []);
    assert.deepEqual(shown.board, want.board,
      `slider at ${i}: board differs from the fold\nfold:\n${showBoard(want.board)}\npage:\n${showBoard(shown.board)}`);
    assert.equal(shown.score, want.score, `slider at ${i}: score`);
    assert.equal(shown.over, want.status === 'Over', `slider at ${i}: game-over overlay`);
    ins = await readInspector(page);
    assert.deepEqual(ins.chosen, [i], `slider at ${i}: chosen row`);
    assert.ok(ins.rows.includes(i));
  }
  // Stepping one input at a time across a checkpoint boundary.
  const stepTimes = [];
  for (const i of steps) {
    stepTimes.push(await scrubTo(page, i));
    assert.deepEqual((await readBoard(page)).board, foldAt(i).board, `one step to ${i}: board differs from the fold`);
  }
  const s = summary(times);
  const st = summary(stepTimes);
  console.log(`session: ${N} inputs: load ${loadMs} ms, open inspector ${openMs} ms; ` +
    `slider jumps (${s.n}): median ${s.median.toFixed(1)} ms, max ${s.max.toFixed(1)} ms; ` +
    `single steps (${st.n}): median ${st.median.toFixed(1)} ms, max ${st.max.toFixed(1)} ms (event to next frame)`);
  for (const ms of [...times, ...stepTimes]) assert.ok(ms < 5_000, `a scrub step took ${ms} ms`);

  // Still responsive: resume from 5000 and play on.
  await scrubTo(page, 5000);
  await page.click('.resume-button');
  await blur(page);
  const resumed = await readBoard(page);
  assert.deepEqual(resumed.board, f.at.find((a) => a.i === 5000).board, 'resumed at 5000');
  await assertButtons(page, { undo: true, redo: true }, 'resumed at 5000');
  const t2 = Date.now();
  await page.keyboard.press('Control+Shift+Z');
  const redone = await readBoard(page);
  assert.deepEqual(redone.board, foldAt(5001).board, 'redo after resuming at 5000 gives the fold\'s state 5001');
  console.log(`session: a redo at 5000 of ${N}: ${Date.now() - t2} ms round trip`);
  if (!redone.over && !redone.won) await assertPlayable(page, 'after resuming a long history');
  assertClean(errors, 'long history');
  await context.close();
});

// ---------------------------------------------------------------------------
// The message log: the fold at work

test('the message log shows each message the page handled, newest first, with the commands update returned or why it was ignored', async () => {
  const { context, page, errors } = await openAt(suite, { query: `?seed=${SEED}` });
  await playChecked(page, 3, { seed: 5 });
  await openInspector(page);
  assert.equal(await page.$('.message-log'), null, 'the log is not mounted while closed');
  await showMessagesByKeyboard(page);
  assert.equal(await page.getAttribute('.messages-button', 'aria-expanded'), 'true');
  assert.ok(await page.getAttribute('.message-log', 'aria-label'), 'the log is labelled for screen readers');

  let log = await readMessages(page);
  // Opening the panel asked for its code, and the runner said it came
  // (opening the log is the debugger's, not a message of the app's).
  assert.deepEqual(log.slice(0, 2).map((m) => m.msg), ['ChunkLoaded(Panel(History), true)', 'Toggle(History)'],
    `newest first: ${JSON.stringify(log.slice(0, 2))}`);
  assert.equal(log[1].outcome, 'LoadChunk(Panel(History))', 'opening the history panel asks for its code');
  const moves = log.filter((m) => m.msg.startsWith('Play(Move('));
  assert.equal(moves.length, 3, `three moves logged: ${JSON.stringify(log)}`);
  // A move writes nothing: the game and its history are written when the page is idle.
  for (const m of moves) assert.equal(m.outcome, 'no commands', m.msg);
  assert.ok(log.some((m) => m.msg === 'Idle' && /^SaveGame, SaveHistory/.test(m.outcome)),
    `the game and its history written at an idle moment: ${JSON.stringify(log)}`);
  // And the subscriptions at work: a move starts the idle listener, the idle write stops it.
  assert.ok(moves.some((m) => m.subs === '+idle'), `a move starts the idle subscription: ${JSON.stringify(moves)}`);
  assert.ok(log.some((m) => m.msg === 'Idle' && m.subs.includes('\u2212idle')),
    `the idle write stops it: ${JSON.stringify(log)}`);
  assert.deepEqual(log.map((m) => m.n), [...log.map((m) => m.n)].sort((a, b) => b - a), 'numbered, newest first');

  // While the board shows the past, a move is logged as ignored.
  await scrubTo(page, 1);
  await blur(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('.message-log .message-msg')?.textContent === 'Play(Move(Left))');
  log = await readMessages(page);
  assert.equal(log[0].outcome, 'ignored: the board is read-only');
  // Read-only but for one button a row, its number, which pauses the page on it (the debugger).
  assert.equal(await page.$$eval('.message-log input', (els) => els.length), 0, 'read-only');
  const buttons = await page.$$eval('.message-log button', (els) => els.map((b) => b.getAttribute('aria-label')));
  assert.deepEqual(buttons, log.map((m) => `Inspect message ${m.n}`), 'one button a row, naming its message');
  assertClean(errors, 'message log');
  await context.close();
});
