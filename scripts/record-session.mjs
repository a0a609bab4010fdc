// Records tests/sessions/browser-session.json again: the session the
// browser test plays (more than 300 messages: keys, swipes, undo and redo,
// panels, a hint's and a review's answers, another tab's best, idle and
// hidden moments, a daily's move), saved by the page, which
// `cargo test --test sessions` replays natively to the page's boards,
// commands and last model. Run it when Msg, Flags or Model changed shape,
// or a rule changed on purpose (docs/adding-a-feature.md):
//
//   source scripts/setup.sh && node scripts/record-session.mjs
//
// It makes a release build (the browser tests read ./dist), plays the
// session with SESSION_WRITE=1 so the test writes the file, and replays
// it natively.

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEST = 'a session recorded in the browser replays natively and in the page, message by message';

/** Runs `command`, its output shown; stops at its first failure. */
function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const done = spawnSync(command, args, { cwd: REPO, stdio: 'inherit', env: { ...process.env, ...env } });
  if (done.status !== 0) {
    console.error(`${command} failed (${done.error?.message ?? `exit ${done.status}`}): the session is not recorded.`);
    process.exit(1);
  }
}

run('trunk', ['--skip-version-check', 'build', '--release', '--offline']);
run('node', ['--test', `--test-name-pattern=${TEST}`, 'tests/e2e/debugger.test.mjs'], { SESSION_WRITE: '1' });
run('cargo', ['test', '--offline', '--test', 'sessions']);
console.log('\ntests/sessions/browser-session.json recorded and replayed natively.');
