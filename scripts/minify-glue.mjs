// Trunk post-build hook: minifies the JavaScript glue that wasm-bindgen
// writes (the page's module and the AI worker's classic script), the
// loader of the page's chunks, the AI worker's loader and the service
// worker (trunk's own minifier leaves them as is). It runs on trunk's
// staging directory before the site is copied to dist/. The rust asset in
// index.html has data-integrity="none" because this changes the file after
// trunk would have hashed it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

// The page's glue and the chunks' loader (scripts/chunks.mjs) are modules.
const page = /^(leptos-2048|__wasm_split)-[0-9a-f]+\.js$/;
const classic = new Set(['sw.js', 'ai-worker.js', 'ai-worker_loader.js']);
for (const name of await readdir(dir)) {
  if (!page.test(name) && !classic.has(name)) continue;
  const path = join(dir, name);
  const source = await readFile(path, 'utf8');
  // A classic script's top-level names (the worker glue's `wasm_bindgen`)
  // are globals that other scripts use: terser keeps them unless `module`.
  const out = await minify(source, { module: page.test(name), compress: true, mangle: true });
  await writeFile(path, out.code);
}
