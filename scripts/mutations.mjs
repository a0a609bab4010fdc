// Mutation check of the app's rules: each mutation below breaks one rule
// of a room (the contest, the dailies, the game, time travel, the
// settings) the way a slip would; the native tests must fail on every one. Run by hand
// (each mutation recompiles the tests, a minute or so):
//
//   node scripts/mutations.mjs
//
//   node scripts/mutations.mjs issue-52   (only those tagged so, or whose
//                                          description holds the word given)
//   MUTATION_TESTS=app_contest,app_update node scripts/mutations.mjs issue-52
//                                         (against those test files only)
//
// It prints one line per mutation, "caught" or "MISSED", and the tests
// that failed; the tree is restored after each. docs/tests.md keeps the
// last run.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const CONTEST = 'src/app/update/contest.rs';
const MUTATIONS = [
  {
    what: 'a counted attempt not saved at once after a move',
    file: CONTEST,
    from: 'if challenge.against.unaided().is_some() {\n        return save_challenge(model);\n    }',
    to: 'if challenge.against.unaided().is_some() {\n        return Vec::new();\n    }',
  },
  {
    what: "a race's split off by one move",
    file: CONTEST,
    from: 'race.splits.observe(top, moves);',
    to: 'race.splits.observe(top, moves + 1);',
  },
  {
    what: 'a race lead off by one move (the bar)',
    file: 'src/app/bar.rs',
    from: 'Some(race.ghost.lead(end.moves, end.score))',
    to: 'Some(race.ghost.lead(end.moves + 1, end.score))',
  },
  {
    what: "the clock's new day not taken, so a missed day never resets the streak",
    file: CONTEST,
    from: '    model.contest.time = time;\n',
    to: '    model.contest.time.second = time.second;\n',
  },
  {
    what: 'a streak that does not reset on a missed day (the dailies)',
    file: 'src/session/dailies.rs',
    from: 'if r.number + n as u32 != end {\n                break;\n            }',
    to: 'if r.number + n as u32 > end {\n                break;\n            }',
  },
  {
    what: 'a best streak counted across one skipped day (the dailies)',
    file: 'src/session/dailies.rs',
    from: 'last.is_some_and(|l: u32| l + 1 == r.number)',
    to: 'last.is_some_and(|l: u32| l + 2 >= r.number)',
  },
  {
    what: 'the 1 001st result pushing out the newest instead of the oldest (the dailies)',
    file: 'src/session/dailies.rs',
    from: 'self.results.remove(0);',
    to: 'self.results.pop();',
  },
  {
    what: 'the card sent twice (a late CardDue sends it again)',
    file: CONTEST,
    from: 'if model.contest.card != CardState::Waiting {\n        return Err(Ignored::Stale);\n    }',
    to: 'if model.contest.card == CardState::Unasked {\n        return Err(Ignored::Stale);\n    }',
  },
  {
    what: 'help allowed in a counted attempt (today\'s daily opened as practice)',
    file: CONTEST,
    from: 'let counted = number == today && model.contest.dailies.result(number).is_none();',
    to: 'let counted = false && model.contest.dailies.result(number).is_none();',
  },
  {
    what: "another tab's counted result not kept",
    file: CONTEST,
    from: '    if let Some(result) = challenge.result().filter(|_| challenge.ended) {\n        model.contest.dailies.record(result);\n    }',
    to: '    if let Some(result) = challenge.result().filter(|_| challenge.ended) {\n        let _ = result;\n    }',
  },
  {
    what: 'undo stops at a new game (the game before it never comes back)',
    file: 'src/session/history.rs',
    from: '        if self.cursor == 0 {\n            return false;\n        }\n        self.seek(self.cursor - 1);',
    to: '        if self.cursor == 0 || self.inputs[self.cursor - 1] == Input::NewGame {\n            return false;\n        }\n        self.seek(self.cursor - 1);',
  },
  {
    what: 'a move after an undo keeps the undone moves to redo',
    file: 'src/session/history.rs',
    from: '        self.truncate(self.cursor);\n        self.push(input, next);',
    to: '        self.push(input, next);',
  },
  {
    what: 'resuming from a past state forgets the later moves (no redo)',
    file: 'src/app/update/travel.rs',
    from: 'let moved = model.board_game_mut().seek(i);',
    to: 'let moved = model.board_game_mut().branch_at(i);',
  },
  {
    what: "a replay's speed not held to 1..MAX_SPEED moves a second",
    file: 'src/app/update/travel.rs',
    from: 'let speed = speed.clamp(1, MAX_SPEED);',
    to: 'let speed = speed.max(1);',
  },
  {
    what: "the theme button ignores the system's dark scheme",
    file: 'src/app/update/settings.rs',
    from: 'let next = if model.settings.dark() {',
    to: 'let next = if model.settings.theme == Some(Theme::Dark) {',
  },
  {
    what: 'another board size played without its own saved game (a new game instead of Load)',
    file: 'src/app/update/settings.rs',
    from: 'let mut cmds = vec![Cmd::Load(config, Load::Switch)];',
    to: 'let mut cmds = vec![Cmd::Load(config, Load::Records)];',
  },
  {
    what: "a game's moves not counted in the statistics",
    file: 'src/app/update/game.rs',
    from: '    let id = game_id(&model.game.own);\n    if model.game.stats.observe(id, &present) {',
    to: '    let id = game_id(&model.game.own);\n    if false && model.game.stats.observe(id, &present) {',
  },
  // Issue 52: the rules of travel, storage and the contest, after the
  // rooms got their doors (`node scripts/mutations.mjs issue-52` runs
  // these alone).
  {
    tag: 'issue-52',
    what: 'a challenge put on the board without the board going live (travel: `go_live` forgotten)',
    file: CONTEST,
    from: '    c.on_board = challenge;\n    model.travel.go_live();',
    to: '    c.on_board = challenge;',
  },
  {
    tag: 'issue-52',
    what: 'the history panel opened without checking the game on the board (travel: the check of the own game)',
    file: 'src/app/update/page.rs',
    from: 'model.travel.check(model.contest.board(&model.game.own));',
    to: 'model.travel.check(&model.game.own);',
  },
  {
    tag: 'issue-52',
    what: 'a move on a challenge marks the own game unsaved instead of the challenge (storage: `save_game`)',
    file: 'src/app/update/common.rs',
    from: '        model.storage.mark(Unsaved::CHALLENGE);\n    } else if',
    to: '        model.storage.mark(Unsaved::GAME);\n    } else if',
  },
  {
    tag: 'issue-52',
    what: 'the own game written from the board while a challenge is on it (storage: `write_unsaved`)',
    file: 'src/app/update/saving.rs',
    from: '    let own = &model.game.own;\n    if unsaved.game {',
    to: '    let own = model.board_game();\n    if unsaved.game {',
  },
  {
    tag: 'issue-52',
    what: 'a size passed through written though nothing was played on it (storage: game `loaded`)',
    file: 'src/app/update/game.rs',
    from: '    if !drawn {\n        save_game(model);',
    to: '    if drawn || !drawn {\n        save_game(model);',
  },
  {
    tag: 'issue-52',
    what: 'an unaided challenge written at once marked as still unsaved (storage: `written` forgotten)',
    file: CONTEST,
    from: '    let cmd = Cmd::SaveChallenge(challenge.saved());\n    model.storage.written(Unsaved::CHALLENGE);',
    to: '    let cmd = Cmd::SaveChallenge(challenge.saved());',
  },
  {
    tag: 'issue-52',
    what: "the card's picture the board's game, not the challenge's (contest: `card_view`)",
    file: 'src/app/card.rs',
    from: 'let game = &model.contest.challenge.as_ref()?.game;',
    to: 'let game = model.board_game();',
  },
  {
    tag: 'issue-52',
    what: "Copy's answer said as Share's (contest: `copy_card` keeps `SentBy::Share`)",
    file: CONTEST,
    from: '    card.by = SentBy::Copy;\n',
    to: '',
  },
  {
    tag: 'issue-52',
    what: 'an ended challenge beside the board said to be waiting (contest: the bar)',
    file: 'src/app/bar.rs',
    from: 'waiting_beside(daily, challenge.ended)',
    to: 'waiting_beside(daily, false)',
  },
  {
    tag: 'issue-52',
    what: 'a new challenge does not fetch the contest chunk (contest: `begin`)',
    file: CONTEST,
    from: '    cmds.extend(save_challenge(model));\n    cmds.extend(chunks::contest_shown(model));',
    to: '    cmds.extend(save_challenge(model));',
  },
];

const only = process.argv[2];
const chosen = only ? MUTATIONS.filter((m) => m.tag === only || m.what.includes(only)) : MUTATIONS;
const tests = (process.env.MUTATION_TESTS ?? 'app_contest,app_update,daily,race,dailies,history_laws').split(',').flatMap((t) => ['--test', t]);
let missed = 0;
for (const m of chosen) {
  const original = readFileSync(m.file, 'utf8');
  const count = original.split(m.from).length - 1;
  if (count !== 1) {
    console.log(`SKIPPED  ${m.what}: the code to mutate is found ${count} times in ${m.file}`);
    missed += 1;
    continue;
  }
  writeFileSync(m.file, original.replace(m.from, m.to));
  let failed = [];
  try {
    execFileSync('cargo', ['test', '--offline', ...tests], { stdio: 'pipe', encoding: 'utf8' });
  } catch (e) {
    const out = `${e.stdout}\n${e.stderr}`;
    failed = [...out.matchAll(/^test (\S+) \.\.\. FAILED$/gm)].map((x) => x[1]);
    if (failed.length === 0) failed = ['(did not compile or crashed)'];
  } finally {
    writeFileSync(m.file, original);
  }
  if (failed.length === 0) missed += 1;
  console.log(`${failed.length ? 'caught' : 'MISSED'}  ${m.what}${failed.length ? ': ' + failed.join(', ') : ''}`);
}
process.exit(missed ? 1 : 0);
