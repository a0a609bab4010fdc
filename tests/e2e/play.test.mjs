// Plays a few hundred random keys from all three schemes and checks every
// transition against the reference rules.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openGame, readBoard, pressKey, moveAndCheck, assertFreshGame, showBoard,
  MOVE_KEYS, rng, seedFromEnv,
} from './helpers.mjs';

const MOVES = Number(process.env.E2E_MOVES || 400);

let game;
before(async () => {
  game = await openGame();
});
after(async () => {
  await game?.close();
});

test(`${MOVES} random moves each follow the rules`, async () => {
  const { page } = game;
  const seed = seedFromEnv();
  const random = rng(seed);
  console.log(`play: key seed ${seed} (replay the key sequence with E2E_SEED=${seed})`);

  let state = await readBoard(page);
  assertFreshGame(state, 'first game', { firstVisit: true });
  // The two starting tiles are spawns too.
  let spawns = 2;
  let fours = state.tiles.filter((t) => t.value === 4).length;
  let changedMoves = 0;
  let games = 1;
  let bestSeen = state.best;
  const keysUsed = new Set();

  for (let i = 0; i < MOVES; i++) {
    if (state.over) {
      // Start another game with `r` and go on.
      const finished = state.score;
      await pressKey(page, 'r');
      state = await readBoard(page);
      assertFreshGame(state, `game ${games + 1} (after r)`);
      assert.ok(state.best >= finished, `best ${state.best} fell below the finished game's score ${finished}`);
      spawns += 2;
      fours += state.tiles.filter((t) => t.value === 4).length;
      games++;
    }
    const [key, dir] = MOVE_KEYS[Math.floor(random() * MOVE_KEYS.length)];
    keysUsed.add(key);
    const r = await moveAndCheck(page, key, dir, state);
    state = r.after;
    assert.ok(state.best >= bestSeen, `best score decreased from ${bestSeen} to ${state.best}`);
    bestSeen = state.best;
    if (r.changed) {
      changedMoves++;
      spawns++;
      if (r.spawned === 4) fours++;
    }
  }

  const share = fours / spawns;
  console.log(
    `play: ${MOVES} keys (${keysUsed.size} distinct), ${changedMoves} changed the board, ` +
      `${games} game(s); final score ${state.score}, best ${state.best}\n${showBoard(state.board)}`,
  );
  console.log(`play: spawned 4s: ${fours} of ${spawns} spawns = ${(share * 100).toFixed(1)}% (expected about 10%)`);

  assert.equal(keysUsed.size, MOVE_KEYS.length, 'every movement key should have been pressed');
  assert.ok(changedMoves >= MOVES / 4, `only ${changedMoves} of ${MOVES} moves changed the board`);
  assert.ok(spawns >= 100, `too few spawns (${spawns}) to judge the share of 4s`);
  assert.ok(share >= 0.02 && share <= 0.25, `share of 4s among spawns is ${share.toFixed(3)}, expected about 0.1`);
});

// Its own test, so a stray error does not hide what the play test found.
test('the page logged no errors while playing', () => {
  assert.deepEqual(game.errors, [], 'console errors, page errors or failed requests');
});
