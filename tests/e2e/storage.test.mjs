// Persistence in a real browser: a reload restores the game exactly (board,
// tile ids, score, best, and the PRNG, so later spawns are the same), every
// malformed save is set aside and replaced by a new game with a notice, bad
// best scores never lower a good one, and a browser whose storage throws
// (disabled, or full) still plays.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  readBoard, assertFreshGame, showBoard, rng, seedFromEnv, MOVE_KEYS,
} from './helpers.mjs';
import {
  KEY, MAX_SCORE_4X4, startSuite, newContext, openTab, reloadGame, readStore, writeStore,
  assertNoErrors, assertNoticeShown, assertNoticeHidden, parseSave, stringifySave, cloneSave,
  buildSave, saveBoard, tileClasses, assertPlayable, move,
} from './storage-helpers.mjs';

const SEED = seedFromEnv();
let suite;
/** A real save of a game 20 keys in (string), its page as read, and its parsed form. */
let template;
let templateGame;
let T;

/** Plays `n` seeded random movement keys, checking each move. */
async function playRandom(page, n, random, game) {
  game ??= await readBoard(page);
  for (let i = 0; i < n; i++) {
    const [key, dir] = MOVE_KEYS[Math.floor(random() * MOVE_KEYS.length)];
    game = (await move(page, key, dir, game, `random key ${i + 1}: ${key}`)).after;
  }
  return game;
}

before(async () => {
  console.log(`storage: key seed ${SEED} (replay with E2E_SEED=${SEED})`);
  suite = await startSuite();
  const context = await newContext(suite);
  const { page, errors } = await openTab(suite, context);
  templateGame = await playRandom(page, 20, rng(SEED ^ 0x5eed));
  // Make sure the template has scored, so a restored score is not just 0.
  for (let i = 0; templateGame.score === 0 && i < 50; i++) {
    templateGame = await playRandom(page, 1, rng(SEED + i), templateGame);
  }
  template = (await readStore(page))[KEY.game];
  assert.ok(template, 'no game save after 20 moves');
  T = parseSave(template);
  assertNoErrors(errors, 'template game');
  await context.close();
});

after(async () => {
  await suite?.close();
});

// ---------------------------------------------------------------------------
// 1. Reload mid-game

test('reload mid-game restores board, tile ids, score and best, and the PRNG: later spawns match a page that never reloaded', async () => {
  // A plays 20 keys and never reloads.
  const ctxA = await newContext(suite);
  const A = await openTab(suite, ctxA);
  const random = rng(SEED);
  let a = await playRandom(A.page, 20, random);
  const storeA = await readStore(A.page);
  const save = storeA[KEY.game];
  assert.ok(save, 'no game save after 20 moves');
  const parsed = parseSave(save);
  assert.equal(parsed.version, 1);
  assert.equal(parsed.state.score, a.score, 'the saved score is not the score shown');
  assert.deepEqual(saveBoard(parsed), a.board, 'the saved board is not the board shown');
  assert.equal(storeA[KEY.best], String(a.best), 'the stored best is not the best shown');

  // B starts from A's storage (same as A reloading), then reloads once more.
  const ctxB = await newContext(suite, { storage: storeA });
  const B = await openTab(suite, ctxB);
  const same = async (label) => {
    const b = await readBoard(B.page);
    const ctx = `\n[${label}]\nA (score ${a.score}):\n${showBoard(a.board)}\nB (score ${b.score}):\n${showBoard(b.board)}`;
    assert.deepEqual(b.board, a.board, 'boards differ' + ctx);
    assert.equal(b.score, a.score, 'scores differ' + ctx);
    assert.equal(b.best, a.best, 'best scores differ' + ctx);
    assert.deepEqual(tileClasses(b), tileClasses(a), 'tile classes differ' + ctx);
    assert.equal(b.won, a.won, 'overlay differs' + ctx);
    assert.equal(b.over, a.over, 'overlay differs' + ctx);
    // Tile ids, moves, last turn and the PRNG state are not in the DOM: the
    // save, which the restored page writes back on load, must match byte for byte.
    const [sa, sb] = [(await readStore(A.page))[KEY.game], (await readStore(B.page))[KEY.game]];
    assert.equal(sb, sa, 'the saves differ (tile ids, moves, last turn or PRNG)' + ctx);
    return b;
  };
  await same('B loaded A\'s save');
  await assertNoticeHidden(B.page, 'restored game');
  await reloadGame(B.page);
  await same('B reloaded');

  // The same 10 keys on both: every spawn (cell and value) must agree.
  let b = await readBoard(B.page);
  let changed = 0;
  for (let i = 0; i < 10; i++) {
    const [key, dir] = MOVE_KEYS[Math.floor(random() * MOVE_KEYS.length)];
    const ra = await move(A.page, key, dir, a, `A key ${i + 1}: ${key}`);
    const rb = await move(B.page, key, dir, b, `B key ${i + 1}: ${key}`);
    a = ra.after;
    b = rb.after;
    if (ra.changed) changed++;
    await same(`after key ${i + 1} (${key})`);
  }
  assert.ok(changed >= 3, `only ${changed} of the 10 keys moved anything; the PRNG was hardly exercised`);
  console.log(`storage: ${changed} of 10 keys after the reload spawned identically; score ${a.score}`);

  await reloadGame(B.page);
  await same('B reloaded after the 10 keys');
  await assertPlayable(B.page, 'reloaded game');
  assertNoErrors(A.errors, 'page A');
  assertNoErrors(B.errors, 'page B');
  await ctxA.close();
  await ctxB.close();
});

// ---------------------------------------------------------------------------
// 3. Malformed game saves

const VALID_BEST = '5000';

/** The tiles of a parsed save, in cell order. */
const tilesOf = (s) => s.state.board.cells.filter(Boolean);

/** Σ (k − 1)·2^k over a save's tiles: the most score they could have earned. */
const scoreBound = (s) => tilesOf(s).reduce((sum, t) => sum + (Math.log2(t.value) - 1) * t.value, 0);

/** A copy of the template save, edited by `edit`, written back as JSON. */
const edited = (edit) => () => {
  const s = cloneSave(T);
  edit(s);
  return stringifySave(s);
};

const CHECKER = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 2]];

const MALFORMED = [
  ['not JSON', () => 'this is not a saved game'],
  ['the empty string', () => ''],
  ['truncated JSON (the first half of a real save)', () => template.slice(0, Math.floor(template.length / 2))],
  ['JSON null', () => 'null'],
  ['a JSON array', () => '[1,2,3]'],
  ['a bare JSON number', () => '42'],
  ['an object without a state', () => '{"version":1}'],
  ['a state without a board', edited((s) => { delete s.state.board; })],
  ['no version field', edited((s) => { delete s.version; })],
  ['unknown version 2', edited((s) => { s.version = 2; })],
  ['version 0', edited((s) => { s.version = 0; })],
  ['version as a string "1"', edited((s) => { s.version = '1'; })],
  ['score as a string', edited((s) => { s.state.score = String(s.state.score); })],
  ['score as a fraction', edited((s) => { s.state.score += 0.5; })],
  ['negative score', edited((s) => { s.state.score = -8; })],
  ['absurd score 10^15', edited((s) => { s.state.score = 1e15; })],
  ['score one above what the tiles could earn', edited((s) => { s.state.score = scoreBound(s) + 1; })],
  ['status unknown ("Paused")', edited((s) => { s.state.status = 'Paused'; })],
  ['status lower-case ("playing")', edited((s) => { s.state.status = 'playing'; })],
  ['status Over with moves left', edited((s) => { s.state.status = 'Over'; })],
  ['status Won without the 2048 tile', edited((s) => { s.state.status = 'Won'; })],
  ['status Continuing without the 2048 tile', edited((s) => { s.state.status = 'Continuing'; })],
  ['status Playing with a 2048 tile on the board', edited((s) => { tilesOf(s)[0].value = 2048; })],
  ['status Playing on a full board with no move left', () => stringifySave(buildSave(T, CHECKER))],
  ['a tile value of 3 (not a power of two)', edited((s) => { tilesOf(s)[0].value = 3; })],
  ['a tile value of 1', edited((s) => { tilesOf(s)[0].value = 1; })],
  ['a tile value of 0', edited((s) => { tilesOf(s)[0].value = 0; })],
  ['a tile value of 2^18, beyond the 4x4 range (2^17)', edited((s) => { tilesOf(s)[0].value = 2 ** 18; s.state.status = 'Continuing'; })],
  ['a negative tile value', edited((s) => { tilesOf(s)[0].value = -2; })],
  ['two tiles with the same id', edited((s) => { const [t0, t1] = tilesOf(s); t1.id = t0.id; })],
  ['a tile id not yet handed out (= next_id)', edited((s) => { tilesOf(s)[0].id = s.state.next_id; })],
  ['a merge source id equal to a live tile\'s id', edited((s) => {
    const [t0, t1] = tilesOf(s);
    t1.origin = { Merged: { from: [{ id: t0.id, from: t1.pos }, { id: s.state.next_id, from: t1.pos }] } };
    s.state.next_id += 1;
  })],
  ['a negative tile id', edited((s) => { tilesOf(s)[0].id = -1; })],
  ['a tile whose pos is another cell', edited((s) => {
    const cells = s.state.board.cells;
    const i = cells.findIndex(Boolean);
    cells[i].pos = { x: (cells[i].pos.x + 1) % 4, y: cells[i].pos.y };
  })],
  ['a tile outside the board (x = 7)', edited((s) => { tilesOf(s)[0].pos = { x: 7, y: 0 }; })],
  ['15 cells on a 4x4 board', edited((s) => { s.state.board.cells.pop(); })],
  ['17 cells on a 4x4 board', edited((s) => { s.state.board.cells.push(null); })],
  ['a 5x4 board in a 4x4 game', () => {
    const s = buildSave(T, [[2, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 2]]);
    return stringifySave(s);
  }],
  ['a valid 5x5 game under the 4x4 key', () => {
    const s = buildSave(T, [[2, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 2]]);
    s.state.config = { ...s.state.config, width: 5, height: 5 };
    return stringifySave(s);
  }],
  ['no rng', edited((s) => { delete s.state.rng; })],
  ['rng state as a string', edited((s) => { s.state.rng.state = 'abc'; })],
  ['nested 40 deep', () => `{"version":1,"state":${'['.repeat(40)}${']'.repeat(40)}}`],
  ['a real save padded past 64 KiB', () => template + ' '.repeat(70 * 1024)],
];

/** One page for all the malformed cases: each seeds localStorage, then reloads. */
let bad;
test('malformed saves: set up a page', async () => {
  const context = await newContext(suite);
  bad = { context, ...(await openTab(suite, context)) };
  assertNoErrors(bad.errors, 'first load');
});

for (const [name, make] of MALFORMED) {
  test(`malformed save → new game, set aside, notice, best kept: ${name}`, async () => {
    const { page, errors } = bad;
    const injected = make();
    await writeStore(page, { [KEY.game]: injected, [KEY.best]: VALID_BEST });
    errors.length = 0;
    await reloadGame(page);

    const game = await readBoard(page);
    assertFreshGame(game, `after loading ${name}`);
    const store = await readStore(page);
    assert.ok(KEY.gameCorrupt in store, `${KEY.gameCorrupt} was not written`);
    assert.ok(store[KEY.gameCorrupt] === injected,
      `${KEY.gameCorrupt} does not hold the injected value exactly ` +
      `(${store[KEY.gameCorrupt]?.length} chars vs ${injected.length})`);
    await assertNoticeShown(page, name);

    // The valid best survives a bad game save, in the page and in storage.
    assert.equal(game.best, Number(VALID_BEST), 'the valid best score was not kept');
    assert.equal(store[KEY.best], VALID_BEST, 'the stored best score changed');
    assert.ok(!(KEY.bestCorrupt in store), 'a valid best score was set aside');

    // The new game took the bad save's place.
    const now = parseSave(store[KEY.game]);
    assert.equal(now.state.score, 0);
    assert.deepEqual(saveBoard(now), game.board, 'the stored game is not the new game shown');

    await assertPlayable(page, name);
    assertNoErrors(errors, name);
  });
}

test('valid edge saves are restored, not set aside (score at the bound, a 2^17 tile)', async () => {
  const { page, errors } = bad;
  const cases = [
    ['the template save as written', template],
    ['score exactly what the tiles could earn', edited((s) => { s.state.score = scoreBound(s); })()],
    ['a 131072 tile (the 4x4 maximum), Continuing', edited((s) => {
      tilesOf(s)[0].value = 2 ** 17;
      s.state.status = 'Continuing';
    })()],
  ];
  for (const [name, save] of cases) {
    await writeStore(page, { [KEY.game]: save, [KEY.best]: VALID_BEST });
    errors.length = 0;
    await reloadGame(page);
    const game = await readBoard(page);
    const store = await readStore(page);
    assert.ok(!(KEY.gameCorrupt in store), `${name}: a valid save was set aside`);
    await assertNoticeHidden(page, name);
    assert.deepEqual(game.board, saveBoard(parseSave(save)), `${name}: the restored board differs from the save`);
    assert.equal(game.score, parseSave(save).state.score, `${name}: the restored score differs`);
    assert.equal(game.best, Math.max(Number(VALID_BEST), game.score), `${name}: best is not max(stored best, score)`);
    assert.ok(!game.won && !game.over, `${name}: an overlay is up`);
    await assertPlayable(page, name);
    assertNoErrors(errors, name);
  }
  await bad.context.close();
});

test('a 4x4 game with another target (4096) under the default key is a valid save: it loads, and the intro says 4096', async () => {
  // Targets are a setting and the key is per board size, so this is no longer refused.
  const context = await newContext(suite);
  const { page, errors } = await openTab(suite, context);
  const save = edited((s) => { s.state.config.target = 4096; })();
  await writeStore(page, { [KEY.game]: save, [KEY.best]: VALID_BEST });
  errors.length = 0;
  await reloadGame(page);
  const game = await readBoard(page);
  const store = await readStore(page);
  assert.ok(!(KEY.gameCorrupt in store), 'a valid 4096-target save was set aside');
  await assertNoticeHidden(page, 'target 4096');
  assert.deepEqual(game.board, saveBoard(T), 'the 4096-target game was not restored');
  assert.equal(game.score, T.state.score, 'the 4096-target score was not restored');
  const goal = await page.evaluate(() => document.querySelector('.game-intro strong')?.textContent);
  assert.equal(goal, '4096 tile!', 'the intro should name the saved game\'s target');
  assert.equal(parseSave(store[KEY.game]).state.config.target, 4096, 'the stored game lost its target');
  await assertPlayable(page, 'target 4096');
  assertNoErrors(errors, 'target 4096');
  await context.close();
});

// ---------------------------------------------------------------------------
// 4. Bad best scores

const BAD_BESTS = ['-1', 'abc', '1e400', '99999999999999999999', '"12"', '12.5', '', 'null', String(MAX_SCORE_4X4 + 1)];

test('bad best scores are set aside and never lower the best below the restored game\'s score', async () => {
  const S = T.state.score;
  assert.ok(S > 0, 'the template game has no score');
  const context = await newContext(suite);
  const { page, errors } = await openTab(suite, context);
  for (const badBest of BAD_BESTS) {
    const label = `best ${JSON.stringify(badBest)}`;
    await writeStore(page, { [KEY.game]: template, [KEY.best]: badBest });
    errors.length = 0;
    await reloadGame(page);
    const game = await readBoard(page);
    const store = await readStore(page);
    assert.equal(game.score, S, `${label}: the valid game was not restored`);
    assert.deepEqual(game.board, saveBoard(T), `${label}: the valid game was not restored`);
    assert.ok(!(KEY.gameCorrupt in store), `${label}: the valid game was set aside`);
    assert.ok(game.best >= S, `${label}: best shown ${game.best} is below the game's score ${S}`);
    assert.ok(KEY.bestCorrupt in store && store[KEY.bestCorrupt] === badBest,
      `${label}: ${KEY.bestCorrupt} holds ${JSON.stringify(store[KEY.bestCorrupt])}`);
    assert.ok(/^\d+$/.test(store[KEY.best] ?? '') && Number(store[KEY.best]) >= S,
      `${label}: the stored best is now ${JSON.stringify(store[KEY.best])}, not a valid score ≥ ${S}`);
    await assertPlayable(page, label);
    assertNoErrors(errors, label);
  }

  // Controls: valid bests are kept as they are, whichever is larger wins.
  for (const [best, shown] of [['3', S], [String(S + 1000), S + 1000], [String(MAX_SCORE_4X4), MAX_SCORE_4X4]]) {
    await writeStore(page, { [KEY.game]: template, [KEY.best]: best });
    errors.length = 0;
    await reloadGame(page);
    const game = await readBoard(page);
    const store = await readStore(page);
    assert.equal(game.best, shown, `valid best ${best}: shown ${game.best}, expected ${shown}`);
    assert.ok(!(KEY.bestCorrupt in store), `valid best ${best} was set aside`);
    assertNoErrors(errors, `valid best ${best}`);
  }
  await context.close();
});

// ---------------------------------------------------------------------------
// 5. Storage that throws

/** Plays a few moves (each checked) and returns the game. */
async function playSome(page, n, seed) {
  return playRandom(page, n, rng(seed));
}

test('localStorage getter throws (SecurityError) → the game plays from memory with the notice', async () => {
  const context = await newContext(suite);
  const init = [() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() { throw new DOMException('denied', 'SecurityError'); },
    });
  }];
  const { page, errors } = await openTab(suite, context, { init });
  assert.equal(await page.evaluate(() => { try { void localStorage; return 'reachable'; } catch (e) { return e.name; } }),
    'SecurityError', 'the fault was not injected');
  assertFreshGame(await readBoard(page), 'no storage', { firstVisit: true });
  await assertNoticeShown(page, 'localStorage getter throws');
  const game = await playSome(page, 8, SEED + 1);
  assert.ok(!game.over);
  await assertPlayable(page, 'no storage');
  await assertNoticeShown(page, 'after playing');
  assertNoErrors(errors, 'localStorage getter throws');

  // Nothing could be kept: the context's localStorage is empty.
  const state = await context.storageState();
  const entries = state.origins.filter((o) => o.origin === suite.origin).flatMap((o) => o.localStorage);
  assert.deepEqual(entries, [], 'something was written to storage that the page could not reach');
  await context.close();
});

test('Storage.prototype.getItem throws → the game plays from memory with the notice', async () => {
  const context = await newContext(suite, { storage: { [KEY.game]: template, [KEY.best]: VALID_BEST } });
  const init = [() => {
    Storage.prototype.getItem = function getItem() { throw new DOMException('denied', 'SecurityError'); };
  }];
  const { page, errors } = await openTab(suite, context, { init });
  const game = await readBoard(page);
  assertFreshGame(game, 'getItem throws');
  await assertNoticeShown(page, 'getItem throws');
  await playSome(page, 8, SEED + 2);
  await assertPlayable(page, 'getItem throws');
  await assertNoticeShown(page, 'after playing');
  assertNoErrors(errors, 'getItem throws');

  // The save that could not be read is still there, untouched (read from
  // the context, not from a page that would load the game and save it).
  const state = await context.storageState();
  const store = Object.fromEntries(state.origins.filter((o) => o.origin === suite.origin)
    .flatMap((o) => o.localStorage).map(({ name, value }) => [name, value]));
  assert.equal(store[KEY.game], template, 'the unreadable save was overwritten');
  assert.equal(store[KEY.best], VALID_BEST, 'the unreadable best was overwritten');
  assert.ok(!(KEY.gameCorrupt in store), 'a save that could not be read was set aside as corrupt');
  await context.close();
});

test('setItem throws QuotaExceededError → play goes on with the notice, the last good save stays and comes back', async () => {
  // The fault is switched by a sessionStorage flag, so the same tab can
  // reload with it on, then with it off.
  const init = [() => {
    if (sessionStorage.getItem('e2e-quota') !== '1') return;
    const ls = window.localStorage;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (this === ls) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, k, v);
    };
  }];
  const context = await newContext(suite, { init });
  const { page, errors } = await openTab(suite, context);
  let game = await playSome(page, 10, SEED + 3);
  const good = await readStore(page);
  const goodGame = game;
  assert.ok(good[KEY.game], 'no save before the fault');
  await assertNoticeHidden(page, 'before the fault');

  await page.evaluate(() => sessionStorage.setItem('e2e-quota', '1'));
  await reloadGame(page);
  assert.equal(await page.evaluate(() => { try { localStorage.setItem('x', '1'); return 'wrote'; } catch (e) { return e.name; } }),
    'QuotaExceededError', 'the fault was not injected');
  game = await readBoard(page);
  assert.deepEqual(game.board, goodGame.board, 'the good save was not restored under the quota fault');
  assert.equal(game.score, goodGame.score);
  game = await playSome(page, 10, SEED + 4);
  await assertPlayable(page, 'quota exceeded');
  await assertNoticeShown(page, 'quota exceeded');
  const during = await readStore(page);
  assert.equal(during[KEY.game], good[KEY.game], 'the last good save changed while writes failed');
  assert.equal(during[KEY.best], good[KEY.best], 'the stored best changed while writes failed');
  assert.doesNotThrow(() => parseSave(during[KEY.game]), 'the last good save is no longer readable JSON');

  await page.evaluate(() => sessionStorage.removeItem('e2e-quota'));
  await reloadGame(page);
  const back = await readBoard(page);
  assert.deepEqual(back.board, goodGame.board, 'after the fault, the last good save was not restored');
  assert.equal(back.score, goodGame.score, 'after the fault, the last good score was not restored');
  assert.deepEqual(tileClasses(back), tileClasses(goodGame), 'after the fault, the restored tiles differ');
  await assertNoticeHidden(page, 'after the fault');
  await assertPlayable(page, 'after the fault');
  assertNoErrors(errors, 'quota');
  await context.close();
});

test('window.localStorage is null → the game plays from memory with the notice', async () => {
  const context = await newContext(suite);
  const init = [() => {
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => null });
  }];
  const { page, errors } = await openTab(suite, context, { init });
  assert.equal(await page.evaluate(() => window.localStorage), null, 'the fault was not injected');
  assertFreshGame(await readBoard(page), 'localStorage null', { firstVisit: true });
  await assertNoticeShown(page, 'localStorage null');
  await playSome(page, 5, SEED + 5);
  await assertPlayable(page, 'localStorage null');
  assertNoErrors(errors, 'localStorage null');
  await context.close();
});

test('a bad save that cannot be set aside (every write throws) is left in place; a new game plays with the notice', async () => {
  const garbage = '{"version":1,"state":"garbage"}';
  const context = await newContext(suite, { storage: { [KEY.game]: garbage, [KEY.best]: VALID_BEST } });
  const init = [() => {
    const ls = window.localStorage;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (this === ls) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, k, v);
    };
  }];
  const { page, errors } = await openTab(suite, context, { init });
  const game = await readBoard(page);
  assertFreshGame(game, 'bad save, writes throw');
  assert.equal(game.best, Number(VALID_BEST), 'the valid best was not kept');
  await assertNoticeShown(page, 'bad save, writes throw');
  await playSome(page, 5, SEED + 6);
  await assertPlayable(page, 'bad save, writes throw');
  assertNoErrors(errors, 'bad save, writes throw');

  const state = await context.storageState();
  const store = Object.fromEntries(state.origins.filter((o) => o.origin === suite.origin)
    .flatMap((o) => o.localStorage).map(({ name, value }) => [name, value]));
  assert.equal(store[KEY.game], garbage, 'the bad save, which could not be copied aside, was lost');
  assert.equal(store[KEY.best], VALID_BEST);
  await context.close();
});
