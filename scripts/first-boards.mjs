// Trunk post-build hook: writes what a new visitor's first game needs of
// the app into the page (src/app/first_game.rs says what it is for): the
// starting boards, and the keys that move with their directions' numbers.
//
// index.html's first-game script names it `FIRST_GAME`; this hook runs the
// app's own `first-boards` binary (src/bin/first-boards.rs) and puts the
// JSON it prints, `{"boards": [...], "keys": {...}}`, in that name's place,
// in trunk's staging directory, before scripts/csp.mjs hashes the page's
// inline scripts. It is made by every build, never kept in a file, so it
// cannot go stale; and the build fails rather than ship a page without it:
// when the binary fails, when what it prints is not a table of boards and
// keys, or when the page with the static shell (#shell) does not name it
// exactly once.
//
//   node scripts/first-boards.mjs            as a trunk hook (Trunk.toml)
//   node scripts/first-boards.mjs --print    prints the table
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'parse5';
import { attr, elements } from './csp.mjs';

const NAME = 'FIRST_GAME';

/** The table, from the app; throws when it is not one. */
export function table() {
  // The dev profile: `cargo test` has built it already (scripts/test.sh).
  const out = execFileSync('cargo', ['run', '--quiet', '--offline', '--bin', 'first-boards'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  const { boards, keys } = JSON.parse(out);
  const tile = (t) => Array.isArray(t) && typeof t[0] === 'string' && Number.isInteger(t[1]);
  const entry = (e) => Array.isArray(e) && e.length === 3 && Number.isSafeInteger(e[0]) && e.slice(1).every(tile);
  const direction = (n) => [0, 1, 2, 3].includes(n);
  if (!Array.isArray(boards) || boards.length === 0 || !boards.every(entry)) {
    throw new Error(`first-boards printed no table of boards: ${out.slice(0, 200)}`);
  }
  if (!keys || Object.keys(keys).length === 0 || !Object.values(keys).every(direction)) {
    throw new Error(`first-boards printed no table of keys: ${JSON.stringify(keys)}`);
  }
  return out;
}

/** `html` with the table in place of its name; `file` names it in errors. */
export function withTable(html, boards, file = 'the page') {
  const named = html.split(NAME).length - 1;
  const shell = [...elements(parse(html))].some((el) => attr(el, 'id') === 'shell');
  if (shell && named !== 1) throw new Error(`${file}: the page with the static shell names ${NAME} ${named} times, not once`);
  return named ? html.replace(NAME, boards) : html;
}

async function hook() {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
  const boards = table();
  const pages = (await readdir(dir, { recursive: true })).filter((p) => p.endsWith('.html'));
  for (const name of pages) {
    const path = join(dir, name);
    const html = await readFile(path, 'utf8');
    const out = withTable(html, boards, name);
    if (out !== html) {
      await writeFile(path, out);
      console.log(`first-boards: ${name}: ${JSON.parse(boards).boards.length} starting boards and the keys that move written in`);
    }
  }
}

if (process.argv[2] === '--print') console.log(table());
else await hook();
