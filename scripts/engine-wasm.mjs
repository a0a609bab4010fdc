// Trunk post-build hook: builds the engine's own wasm and writes its
// address into the page.
//
// engine-wasm/ is a crate of its own (its own workspace, out of the app's
// way) that includes src/engine, with the tile layer's classes and the
// swipe's judgement, by path: the same source as the app's, compiled alone
// with plain `extern "C"` exports and no wasm-bindgen (engine-wasm/src/lib.rs
// lists them). index.html's first-game script, on a new visitor's first
// visit, fetches it at once and plays the first moves with it, before the
// page's wasm has arrived (docs/first-paint.md).
//
// On trunk's staging directory, this hook:
// - builds it with cargo (--offline, for wasm32-unknown-unknown, into
//   target/engine-wasm; in release builds its release profile: opt-level z,
//   LTO, panic = abort), then in release builds runs wasm-opt -Oz;
// - writes it as engine-<content hash>.wasm, named after its content as
//   trunk names its own files, so the service worker (assets/sw.js, which
//   caches every file the page names) serves it from its cache for as long
//   as the name lasts;
// - puts that address, as a JSON string, in place of `FIRST_ENGINE` in the
//   page with the static shell (#shell), which must name it exactly once.
// It runs before scripts/csp.mjs hashes the page's inline scripts.
//
// Every build has it: the engine's bytes share the throttled network with
// the stylesheet, and on Fast 3G make the first tile about 30 ms later,
// while the first move comes about 950 ms sooner (docs/first-paint.md weighs
// the two). Where the engine's wasm cannot be had, the page's first-game
// script keeps a first visit's keys for the app (tests/e2e/first-game).
//
//   node scripts/engine-wasm.mjs             as a trunk hook (Trunk.toml)
//   node scripts/engine-wasm.mjs --print     builds it (release) and prints
//                                            its size, raw and gzip -9
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'parse5';
import { attr, elements } from './csp.mjs';

const NAME = 'FIRST_ENGINE';
const root = fileURLToPath(new URL('..', import.meta.url));
const targetDir = join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'engine-wasm');

/** The engine's wasm, built: its bytes, optimised in release builds. */
export async function build(release) {
  const args = ['build', '--quiet', '--offline', '--target', 'wasm32-unknown-unknown', '--manifest-path', join(root, 'engine-wasm', 'Cargo.toml'), '--target-dir', targetDir];
  execFileSync('cargo', release ? [...args, '--release'] : args, { stdio: ['ignore', 'inherit', 'inherit'] });
  const built = join(targetDir, 'wasm32-unknown-unknown', release ? 'release' : 'debug', 'engine_wasm.wasm');
  if (!release) return readFile(built);
  const dir = await mkdtemp(join(tmpdir(), 'engine-'));
  const out = join(dir, 'engine.wasm');
  try {
    execFileSync('wasm-opt', ['-Oz', '--strip-debug', '--strip-producers', '--strip-target-features', built, '-o', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `html` with the engine's address in place of its name; `file` names it in errors. */
export function withEngine(html, address, file = 'the page') {
  const named = html.split(NAME).length - 1;
  const shell = [...elements(parse(html))].some((el) => attr(el, 'id') === 'shell');
  if (shell && named !== 1) throw new Error(`${file}: the page with the static shell names ${NAME} ${named} times, not once`);
  return named ? html.replace(NAME, () => JSON.stringify(address)) : html;
}

async function hook() {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
  const pages = (await readdir(dir, { recursive: true })).filter((p) => p.endsWith('.html'));
  const withShell = [];
  for (const name of pages) {
    const html = await readFile(join(dir, name), 'utf8');
    if (html.includes(NAME)) withShell.push([name, html]);
    else withEngine(html, '', name); // throws for a page with the shell that lost the name
  }
  if (withShell.length === 0) return;
  const bytes = await build(process.env.TRUNK_PROFILE === 'release');
  const file = `engine-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.wasm`;
  await writeFile(join(dir, file), bytes);
  for (const [name, html] of withShell) await writeFile(join(dir, name), withEngine(html, `/${file}`, name));
  console.log(`engine-wasm: ${file}, ${bytes.length} B (gzip -9 ${gzipSync(bytes, { level: 9 }).length} B), written into ${withShell.map(([n]) => n).join(', ')}`);
}

if (process.argv[2] === '--print') {
  const bytes = await build(true);
  console.log(`engine wasm: ${bytes.length} B raw, ${gzipSync(bytes, { level: 9 }).length} B gzip -9`);
} else {
  await hook();
}
