// Seeds and share links: `?seed=N` starts State::new(config, N) (two pages
// agree, and so does the native fold); the Share button's link, opened in a
// new browser context, replays the game (speed select, skip) to the sharer's
// board and score and then plays on; every broken link or seed shows a
// notice (role=alert) and a fresh playable game, leaves the player's own
// saved game alone, and logs no error. A 2 000-move game's link: its length.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard, showBoard, assertFreshGame } from './helpers.mjs';
import { assertPlayable, readStore } from './storage-helpers.mjs';
import {
  SKEY, openAt, assertClean, blur, stored, snapshot, assertSameState, playChecked,
  foldHistory, foldNew, boardOfSave,
  foldSuite,
} from './session-helpers.mjs';

const suite = foldSuite();

/** Presses Share and reads the link it shows. */
async function share(page) {
  await page.click('.share-button');
  await page.waitForFunction(() => document.querySelector('.share-link')?.value?.length > 0, null, { timeout: 10_000 });
  const link = await page.$eval('.share-link', (el) => el.value);
  await blur(page);
  return link;
}

/** Waits until the replay bar is gone (the replay ended or was skipped). */
async function waitReplayDone(page, timeout = 60_000) {
  await page.waitForSelector('.replay-bar', { state: 'detached', timeout });
}

// ---------------------------------------------------------------------------
// Seeds

test('?seed=N: two pages with the same seed show the same game, the one fold --new N gives, and the query leaves the address', async () => {
  for (const seed of ['0', '123456789', '18446744073709551615']) {
    const a = await openAt(suite, { query: `?seed=${seed}` });
    const b = await openAt(suite, { query: `?seed=${seed}` });
    const [ga, gb] = [await snapshot(a.page), await snapshot(b.page)];
    assertFreshGame(ga, `seed ${seed}`);
    assertSameState(gb, ga, `two pages at ?seed=${seed}`);
    const want = boardOfSave(foldNew(seed));
    assert.deepEqual(ga.board, want.board, `?seed=${seed}: not State::new(default, ${seed})\npage:\n${showBoard(ga.board)}\nfold:\n${showBoard(want.board)}`);
    assert.equal(ga.save, foldNew(seed), `?seed=${seed}: the stored save is not fold --new ${seed}`);
    assert.equal(new URL(a.page.url()).search, '', 'the query should be taken off the address');
    // And the same keys give the same spawns.
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft']) {
      await a.page.keyboard.press(key);
      await b.page.keyboard.press(key);
    }
    assertSameState(await snapshot(b.page), await snapshot(a.page), `?seed=${seed} after 5 keys`);
    assertClean(a.errors, `seed ${seed} A`);
    assertClean(b.errors, `seed ${seed} B`);
    await a.context.close();
    await b.context.close();
  }
});

// ---------------------------------------------------------------------------
// Share and replay

test('Share makes a ?replay=1… link; a new context replays it to the same board and score, then plays on', async () => {
  const A = await openAt(suite, { query: '?seed=4242' });
  // Two games: the link holds the game at the cursor, after the last New Game.
  await playChecked(A.page, 5, { seed: 1 });
  await A.page.keyboard.press('r');
  const { shots } = await playChecked(A.page, 40, { seed: 2 });
  const final = shots[40];
  const link = await share(A.page);
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/\?replay=1[A-Za-z0-9_-]+$/, `link: ${link}`);
  console.log(`links: a 40-move game's link is ${link.length} characters (${new URL(link).searchParams.get('replay').length} after ?replay=)`);
  const said = await A.page.$eval('.share-output', (el) => el.textContent);
  assert.match(said, /link/i, 'the share output says what the link is');

  // Viewer 1 watches it at the top speed to the end.
  const B = await openAt(suite, { query: link.slice(link.indexOf('?')) });
  await B.page.waitForSelector('.replay-bar', { state: 'visible', timeout: 10_000 });
  const speeds = await B.page.$$eval('.replay-speed option', (os) => os.map((o) => o.value));
  assert.ok(speeds.includes('100'), `speeds offered: ${speeds}`);
  // The page says what the link proved, replayed move by move (in a player's words: no seed).
  const proved = await B.page.$eval('.link-verified', (el) => el.textContent);
  const spaced = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  assert.ok(
    proved.startsWith(`Replayed move by move: ${spaced(final.score)} points in 40 moves, top tile `),
    `what the link proved: ${proved}`,
  );
  const progress = await B.page.$eval('.replay-progress', (el) => el.textContent);
  assert.match(progress, /move \d+ of 40$/, `the replay bar should count the shared game's 40 moves: ${progress}`);
  await B.page.selectOption('.replay-speed', '100');
  await blur(B.page);
  // Keys during the replay are not the viewer's to play: nothing but the replay moves the board.
  for (const key of ['ArrowLeft', 'ArrowRight', 'r', 'u']) await B.page.keyboard.press(key);
  await waitReplayDone(B.page);
  const b = await readBoard(B.page);
  assert.deepEqual(b.board, final.board, `the replay ends on another board\nsharer:\n${showBoard(final.board)}\nviewer:\n${showBoard(b.board)}`);
  assert.equal(b.score, final.score, 'the replay ends on another score');
  assert.equal(new URL(B.page.url()).search, '', 'the query should be taken off the address');
  // The viewer plays on, and can undo back into the shared game.
  await assertPlayable(B.page, 'viewer after the replay');
  await B.page.keyboard.press('u');
  assert.deepEqual((await readBoard(B.page)).board, final.board, 'undo after the replay gives the shared game\'s end');

  // Viewer 2 skips to the end at once.
  const C = await openAt(suite, { query: new URL(link).search });
  await C.page.waitForSelector('.replay-bar', { state: 'visible', timeout: 10_000 });
  await C.page.click('.replay-skip');
  await waitReplayDone(C.page, 10_000);
  await blur(C.page);
  const c = await readBoard(C.page);
  assert.deepEqual(c.board, final.board, 'skip to the end: another board');
  assert.equal(c.score, final.score, 'skip to the end: another score');
  // Tile ids differ (the sharer's ids kept counting across the New Game; a
  // link starts from State::new), but the moves and the generator must agree.
  const sameParts = (save) => ({ rng: /"rng":\{[^}]*\}/.exec(save)?.[0], moves: /"moves":\d+/.exec(save)?.[0], status: /"status":"\w+"/.exec(save)?.[0] });
  assert.deepEqual(sameParts(await stored(C.page, SKEY.game())), sameParts(final.save), 'the viewer\'s generator, moves or status differ from the sharer\'s');
  await assertPlayable(C.page, 'viewer after skipping');

  for (const [who, errors] of [['sharer', A.errors], ['viewer', B.errors], ['skipper', C.errors]]) assertClean(errors, who);
  for (const x of [A, B, C]) await x.context.close();
});

test('a 2 000-move game (8x8, no target, from fold --history): its link is the native one, and it replays to the same board', async () => {
  const f = foldHistory(2000, 2000, { size: '8x8', target: 'none', at: [2000] });
  assert.equal(f.games, 1, 'the fold\'s session should be one game');
  const A = await openAt(suite, {
    storage: {
      [SKEY.settings]: JSON.stringify({ width: 8, height: 8, target: null }),
      [SKEY.game('8x8')]: f.game,
      [SKEY.history('8x8')]: f.history,
    },
  });
  const a = await readBoard(A.page);
  assert.equal(a.width, 8);
  assert.deepEqual(a.board, f.at[0].board, 'the injected 8x8 game did not load');
  const link = await share(A.page);
  const code = new URL(link).searchParams.get('replay');
  assert.equal(code, f.link, 'the page\'s link differs from replay::encode natively');
  console.log(`links: a 2 000-move game's link: ${link.length} characters in all, ${code.length} after ?replay=`);

  const B = await openAt(suite, { query: `?replay=${code}` });
  await B.page.waitForSelector('.replay-bar', { state: 'visible', timeout: 10_000 });
  await B.page.click('.replay-skip');
  await waitReplayDone(B.page, 20_000);
  await blur(B.page);
  const b = await readBoard(B.page);
  assert.deepEqual(b.board, f.at[0].board, 'the 2 000-move replay ends on another board');
  assert.equal(b.score, f.at[0].score);
  await assertPlayable(B.page, 'after the 2 000-move replay');
  assertClean(A.errors, 'sharer');
  assertClean(B.errors, 'viewer');
  await A.context.close();
  await B.context.close();
});

// ---------------------------------------------------------------------------
// Broken links and seeds

/** A real link to break: 30 moves of a seeded game. */
let good;
test('broken links: make a real link to break', async () => {
  const A = await openAt(suite, { query: '?seed=99' });
  await playChecked(A.page, 30, { seed: 3 });
  good = new URL(await share(A.page)).searchParams.get('replay');
  assert.ok(good.length > 20);
  assertClean(A.errors, 'link maker');
  await A.context.close();
});

const flip = (s, i) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);

const BROKEN = [
  ['malformed (not base64url)', () => '?replay=1!!not*a*link', /not a game link/],
  ['malformed (garbage)', () => '?replay=hello', /not a game link/],
  ['truncated (last 6 characters cut)', () => `?replay=${good.slice(0, -6)}`, /cut short/],
  ['truncated to half', () => `?replay=${good.slice(0, Math.floor(good.length / 2))}`, /cut short|changed/],
  ['tampered (one character in the middle changed)', () => `?replay=${flip(good, Math.floor(good.length / 2))}`, /changed|not a game link|cannot be replayed/],
  ['tampered (last character changed)', () => `?replay=${flip(good, good.length - 1)}`, /changed/],
  // Served by a route: the test's own static server refuses request lines over Node's 16 KB header limit.
  ['oversized (> 16 KB)', () => `?replay=1${'A'.repeat(17 * 1024)}`, /too long/, { route: true }],
  ['oversized (> 16 KB, a real link padded)', () => `?replay=${good}${'A'.repeat(17 * 1024)}`, /too long/, { route: true }],
  ['a newer version (3)', () => `?replay=3${good.slice(1)}`, /newer version/],
  // Version 2 is a game of the same luck for everyone, its checksum over the version too.
  ['its version changed by hand (1 → 2)', () => `?replay=2${good.slice(1)}`, /changed after it was made/],
  ['wrong version (0)', () => `?replay=0${good.slice(1)}`, /not a game link/],
  ['empty', () => '?replay=', /not a game link/],
  ['seed -1', () => '?seed=-1', /seed/],
  ['seed abc', () => '?seed=abc', /seed/],
  ['seed of 30 digits', () => `?seed=${'9'.repeat(30)}`, /seed/],
  ['seed 2^64 (one past the largest)', () => '?seed=18446744073709551616', /seed/],
  ['empty seed', () => '?seed=', /seed/],
];

for (const [name, make, says, { route = false } = {}] of BROKEN) {
  test(`broken link → notice, fresh playable game, own save untouched, no error: ${name}`, async () => {
    // The player has a game of their own in storage.
    const own = foldHistory(5, 25);
    const query = make();
    const X = await openAt(suite, { query, route, storage: { [SKEY.game()]: own.game, [SKEY.history()]: own.history } });
    const notice = await X.page.waitForSelector('.link-notice', { state: 'visible', timeout: 10_000 });
    assert.equal(await notice.getAttribute('role'), 'alert');
    const text = (await notice.textContent()).trim();
    assert.match(text.toLowerCase(), says, `${name}: notice says ${JSON.stringify(text)}`);
    console.log(`links: ${name}: ${JSON.stringify(text)}`);
    assert.equal(await X.page.$('.replay-bar'), null, `${name}: a replay started`);
    const game = await readBoard(X.page);
    assertFreshGame(game, name);
    await assertPlayable(X.page, name);
    const store = await readStore(X.page);
    assert.equal(store[SKEY.game()], own.game, `${name}: the player's own saved game was overwritten`);
    assert.equal(store[SKEY.history()], own.history, `${name}: the player's own history was overwritten`);
    // The notice can be dismissed.
    await X.page.click('.link-notice-close');
    await X.page.waitForSelector('.link-notice', { state: 'detached', timeout: 5_000 });
    assertClean(X.errors, name);
    await X.context.close();
  });
}
