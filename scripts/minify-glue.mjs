// Trunk post-build hook: minifies the JavaScript glue that wasm-bindgen
// writes and the service worker (trunk's own minifier leaves both as is). It runs on trunk's staging
// directory before the site is copied to dist/. The rust asset in
// index.html has data-integrity="none" because this changes the file after
// trunk would have hashed it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
if (process.env.TRUNK_PROFILE !== 'release') process.exit(0);

for (const name of await readdir(dir)) {
  if (!/^leptos-2048-[0-9a-f]+\.js$/.test(name) && name !== 'sw.js') continue;
  const path = join(dir, name);
  const source = await readFile(path, 'utf8');
  const out = await minify(source, { module: name !== 'sw.js', compress: true, mangle: true });
  await writeFile(path, out.code);
}
