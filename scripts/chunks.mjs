// Trunk post-build hook: puts the page's lazily loaded chunks into the site.
//
// scripts/bin/wasm-bindgen (what trunk runs as wasm-bindgen) split the
// page's wasm at its split points (src/main.rs) and left the pieces in
// target/wasm-bindgen/<profile>/wasm-split/<name>/: one wasm per split
// point (split_*.wasm), the code several of them share (chunk_*.wasm), and
// __wasm_split.js, the loader the page's glue imports and that fetches
// them. Trunk knows nothing of these files, so this hook, on trunk's staging
// directory:
//
// - merges the shared chunks into one, shared.wasm (binaryen's wasm-merge):
//   wasm-split-cli makes one for each set of split points that reach a
//   piece of code, 34 files for 6 split points, most of a few hundred
//   bytes and each with its own header, types and imports; one file is
//   11 KB smaller (gzip) than the 34, and a panel's first opening waits for
//   two files, not up to twenty (docs/size.md);
// - optimises each chunk with wasm-opt -O2 in release builds (as trunk does
//   the main module: index.html's data-wasm-opt="2"; docs/size.md says why
//   -O2, not -Oz), or -O3 where that is smaller, and names it after its
//   content, as trunk names its own files, so the service worker may serve
//   it from its cache for as long as the name lasts;
// - writes the loader under a content-hashed name, importing the page's
//   hashed glue and fetching the hashed chunks; its one console.error goes:
//   a chunk that fails to load is an Err the app shows in the panel;
// - points the glue's imports at the loader's new name;
// - adds to the page a modulepreload of the loader (its round trip then
//   overlaps the wasm's download instead of following the glue's) and a
//   `<meta name=chunks>` that lists the chunks: nothing fetches them at
//   start, but the service worker, which caches every file the page names,
//   caches them too, so every panel opens offline after one visit;
// - writes in place of `CONTEST_CHUNK` in the page's first script the
//   contest's chunk's files, the chunk first and then the shared chunks it
//   imports (as the loader lists them), which that script preloads on a
//   reload with a challenge on the board (index.html).
//
// Each rewrite checks that it found what it rewrites, so a change in what
// wasm-split-cli writes fails the build here, not in a visitor's browser.
// It runs before scripts/minify-glue.mjs and scripts/csp.mjs (one hook,
// Trunk.toml), which minify the files and hash the page's inline scripts.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'parse5';

const LOADER = '__wasm_split.js';
/** The module a split point imports from until the splitter names its loader. */
const PLACEHOLDER = '__wasm_split_placeholder__';

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
const release = process.env.TRUNK_PROFILE === 'release';
const splitRoot = join(process.env.CARGO_TARGET_DIR ?? 'target', 'wasm-bindgen', release ? 'release' : 'debug', 'wasm-split');

const contentHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** `text` with `from` replaced by `to`, which must occur exactly `times` times (any number if 0). */
function rewrite(text, from, to, what, times = 1) {
  const found = text.split(from).length - 1;
  if (found === 0 || (times && found !== times)) {
    throw new Error(`chunks: ${what}: expected ${times || 'some'} of ${JSON.stringify(from)}, found ${found}`);
  }
  return text.split(from).join(to);
}

/**
 * The features the chunks use (the target_features section rustc writes);
 * binaryen's others would let the merge write encodings no browser reads.
 */
const FEATURES = ['--mvp-features', '--enable-mutable-globals', '--enable-sign-ext', '--enable-nontrapping-float-to-int',
  '--enable-bulk-memory', '--enable-bulk-memory-opt', '--enable-reference-types', '--enable-multivalue', '--enable-call-indirect-overlong'];

/**
 * The chunk at `path`, optimised in release builds: by wasm-opt -O2, as
 * trunk does the main module (index.html's data-wasm-opt="2"), or -O3
 * where that writes the smaller file (gzip -9): measured on issue 51's
 * build, -O3 is 140–480 B smaller for each room's chunk and the shared
 * one, and 700 B larger for the debugger's (docs/size.md). The name
 * section goes (wasm-opt warns that it cannot read one of its
 * subsections: stderr is dropped unless wasm-opt fails).
 */
async function optimised(path) {
  if (!release) return readFile(path);
  const dir = await mkdtemp(join(tmpdir(), 'chunk-'));
  try {
    const levels = [];
    for (const level of ['-O2', '-O3']) {
      const out = join(dir, `${level}.wasm`);
      execFileSync('wasm-opt', [...FEATURES, level, '--strip-debug', '--strip-producers', path, '-o', out], { stdio: ['ignore', 'ignore', 'pipe'] });
      const bytes = await readFile(out);
      levels.push({ bytes, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return levels.reduce((a, b) => (b.gzip < a.gzip ? b : a)).bytes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The one chunk of shared code, and its loader's name. */
const SHARED = 'shared.wasm';
const SHARED_LOAD = '__shared';
/** The module every chunk imports the page's memory, table and stack pointer from. */
const PAGE = '__wasm_split';
/** The name those imports pass through while the chunks are merged. */
const PASSING = '__wasm_split_passing';

/** `args` run through binaryen's `tool` (on PATH: scripts/setup.sh); its stderr shown only if it fails. */
function binaryen(tool, args) {
  return execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 }).toString();
}

/**
 * The page's imports that `files` make, as binaryen's text writes them
 * (`"memory" (memory $m 18)`), one per name: a chunk that imported one of
 * them otherwise than another chunk does fails the build.
 */
function pageImports(files) {
  const imports = new Map();
  for (const file of files) {
    const text = binaryen('wasm-dis', [file]);
    for (const [line, name, kind, type] of text.matchAll(/^ \(import "__wasm_split" "(\w+)" \((memory|table|global) \$\S+ ([^\n]*)\)\)$/gm)) {
      const seen = imports.get(name);
      if (seen && seen !== `${kind} ${type}`) throw new Error(`chunks: ${file}: ${line.trim()} differs from another chunk's ${seen}`);
      imports.set(name, `${kind} ${type}`);
    }
    const others = text.match(/^ \(import "(?!__wasm_split")[^\n]*/gm) ?? [];
    if (others.length) throw new Error(`chunks: ${file} imports from outside the page: ${others[0].trim()}`);
  }
  if (!imports.has('memory')) throw new Error(`chunks: no shared chunk imports the page's memory: has wasm-split-cli changed?`);
  return imports;
}

/** A module that passes `imports` on: it imports each from `from` and exports it. */
function passOn(imports, from) {
  const lines = [...imports].map(([name, kindType], i) => {
    const [kind, ...type] = kindType.split(' ');
    return ` (import "${from}" "${name}" (${kind} $i${i} ${type.join(' ')}))\n (export "${name}" (${kind} $i${i}))`;
  });
  return `(module\n${lines.join('\n')}\n)\n`;
}

/**
 * The shared chunks `files` merged into one module, written to `out`. Each
 * chunk imports the page's memory, table and stack pointer and exports
 * nothing; wasm-merge would give each chunk's memory a memory of its own,
 * so the chunks import them from a module named as the page's that passes
 * them on from another name, and a second merge passes them back under the
 * page's name. The chunks' functions, their table slots and read-only data
 * keep the places wasm-split-cli gave them.
 */
async function mergeShared(files, out) {
  const dir = await mkdtemp(join(tmpdir(), 'shared-'));
  try {
    const imports = pageImports(files);
    const stub = async (name, from) => {
      const wat = join(dir, `${name}.wat`);
      await writeFile(wat, passOn(imports, from));
      binaryen('wasm-as', [...FEATURES, wat, '-o', join(dir, `${name}.wasm`)]);
      return join(dir, `${name}.wasm`);
    };
    const first = join(dir, 'first.wasm');
    const chunks = files.flatMap((file, i) => [file, `chunk${i}`]);
    const noExports = (file) => binaryen('wasm-opt', [...FEATURES, '--remove-exports', '--pass-arg=remove-exports@*', file, '-o', file]);
    binaryen('wasm-merge', [...FEATURES, await stub('in', PASSING), PAGE, ...chunks, '-o', first]);
    noExports(first);
    binaryen('wasm-merge', [...FEATURES, await stub('back', PAGE), PASSING, first, 'shared', '-o', out]);
    noExports(out);
    const text = binaryen('wasm-dis', [out]);
    if (/^ \(export /m.test(text) || /^ \(import "(?!__wasm_split")/m.test(text)) {
      throw new Error(`chunks: the merged ${SHARED} exports something or imports from outside the page`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The loader `source` with one loader of the shared chunk in place of the
 * `count` loaders of the shared chunks, and each split point's list of
 * them (`[__chunk_7, __chunk_9]`) as the one.
 */
function withShared(source, count) {
  const chunkLoad = /\/\* [^*\n]* \*\/\nconst __chunk_(\d+) = makeLoad\(\(\) => \{\n[^\n]*"\.\/chunk_\1\.wasm"[^\n]*\n[\s\S]*?\n\}\n, \[\]\);\n/g;
  let found = 0;
  let text = source.replace(chunkLoad, (block, n) => {
    found += 1;
    if (found > 1) return '';
    return `/* the code the split points share, one chunk */\n${block
      .split('\n').slice(1).join('\n')
      .replace(`const __chunk_${n} =`, `const ${SHARED_LOAD} =`)
      .replace(`"./chunk_${n}.wasm"`, `"./${SHARED}"`)}`;
  });
  if (found !== count) throw new Error(`chunks: ${LOADER}: expected ${count} loaders of shared chunks, found ${found}`);
  text = text.replace(/, \[(__chunk_\d+(?:, __chunk_\d+)*)\]\)\);/g, `, [${SHARED_LOAD}]));`);
  if (/__chunk_\d/.test(text)) throw new Error(`chunks: ${LOADER}: a shared chunk is still named after the merge`);
  return text;
}

/** The loader, pointing at the hashed glue and chunks, without its console.error. */
function loaderFor(source, name, glue, names) {
  let text = rewrite(source, `from "./${name}.js"`, `from "./${glue}"`, LOADER);
  for (const [plain, hashed] of names) text = rewrite(text, `"./${plain}"`, `"./${hashed}"`, `${LOADER}, ${plain}`);
  // A failed fetch reaches the app as success = false (Msg::ChunkLoaded);
  // the panel says so. The browser still logs the failed request itself.
  return rewrite(text, 'console.error(e);', '', LOADER);
}

/**
 * `html` with, right after the glue's modulepreload, one of `loader` and
 * the list of `chunks` for the service worker (assets/sw.js reads it).
 */
function withChunks(html, glue, loader, chunks) {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const links = [];
  const walk = (node) => {
    for (const child of node.childNodes ?? []) {
      if (child.tagName === 'link') links.push(child);
      walk(child);
    }
  };
  walk(doc);
  const href = (el) => el.attrs.find((a) => a.name === 'href')?.value ?? '';
  const glueLink = links.find((el) => href(el).endsWith(`/${glue}`));
  if (!glueLink) throw new Error(`chunks: index.html: no link to ${glue}`);
  const at = glueLink.sourceCodeLocation.endOffset;
  const list = chunks.map((c) => `/${c}`).join(' ');
  const added = `<link rel=modulepreload href=/${loader}><meta name=chunks content="${list}">`;
  return html.slice(0, at) + added + html.slice(at);
}

/** The split point whose files the page's first script may preload (index.html). */
const PRELOADED = 'contest';
const PRELOAD_NAME = 'CONTEST_CHUNK';

/**
 * The files split point `point` fetches, as the loader's `source` (before
 * its rewrite) names them: its own chunk, then the shared ones it imports.
 */
function filesOf(source, point) {
  const found = new RegExp(`export const __wasm_split_load_${point} = [\\s\\S]*?"\\./(split_${point}\\.wasm)"[\\s\\S]*?, \\[([^\\]]*)\\]\\)\\);`).exec(source);
  if (!found) throw new Error(`chunks: ${LOADER}: no loader for split point ${point}`);
  const shared = found[2].split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    if (s !== SHARED_LOAD) throw new Error(`chunks: ${LOADER}: ${point} imports ${s}, not ${SHARED_LOAD}`);
    return SHARED;
  });
  return [found[1], ...shared];
}

/** `html` with `files` (their site names) in place of PRELOAD_NAME, which it must name once. */
function withPreload(html, files) {
  const named = html.split(PRELOAD_NAME).length - 1;
  if (named !== 1) throw new Error(`chunks: index.html names ${PRELOAD_NAME} ${named} times, not once`);
  return html.replace(PRELOAD_NAME, () => JSON.stringify(files.map((f) => `/${f}`)));
}

async function place(glue, name) {
  const dir = join(splitRoot, name);
  if (!existsSync(join(dir, LOADER))) {
    throw new Error(`chunks: ${glue} imports ./${LOADER} but ${dir} has none: was trunk's wasm-bindgen scripts/bin/wasm-bindgen (scripts/setup.sh puts it on PATH)?`);
  }
  const files = (await readdir(dir)).sort();
  const isShared = (file) => /^chunk_\d+\.wasm$/.test(file);
  const shared = files.filter(isShared).map((file) => join(dir, file));
  if (shared.length) await mergeShared(shared, join(dir, SHARED));
  const own = files.filter((file) => file.endsWith('.wasm') && file !== `${name}.wasm` && file !== SHARED && !isShared(file));
  const names = new Map();
  for (const file of shared.length ? [...own, SHARED] : own) {
    const bytes = await optimised(join(dir, file));
    const hashed = `${file.replace(/\.wasm$/, '')}-${contentHash(bytes)}.wasm`;
    await writeFile(join(staging, hashed), bytes);
    names.set(file, hashed);
  }
  const loaderSource = withShared(await readFile(join(dir, LOADER), 'utf8'), shared.length);
  const preloaded = filesOf(loaderSource, PRELOADED).map((file) => {
    if (!names.has(file)) throw new Error(`chunks: ${LOADER} fetches ${file}, which the split left out`);
    return names.get(file);
  });
  const loaderText = loaderFor(loaderSource, name, glue, names);
  const loader = `__wasm_split-${contentHash(loaderText)}.js`;
  await writeFile(join(staging, loader), loaderText);

  const gluePath = join(staging, glue);
  const glueText = await readFile(gluePath, 'utf8');
  // Its `import … from "./__wasm_split.js"` lines; the wasm's import
  // module keeps its name ("./__wasm_split.js": import1 in the imports).
  await writeFile(gluePath, rewrite(glueText, `from "./${LOADER}"`, `from "./${loader}"`, glue, 0));

  const page = join(staging, 'index.html');
  const html = withChunks(await readFile(page, 'utf8'), glue, loader, [...names.values()]);
  await writeFile(page, withPreload(html, preloaded));
  console.log(`chunks: ${names.size} chunk(s) and ${loader} for ${glue}`);
}

for (const file of await readdir(staging)) {
  const glue = /^(.+)-[0-9a-f]+\.js$/.exec(file);
  if (!glue) continue;
  const text = await readFile(join(staging, file), 'utf8');
  if (text.includes(PLACEHOLDER)) {
    throw new Error(`chunks: ${file} imports wasm_split's placeholder: its wasm has split points but was not split. ` +
      'Trunk ran the real wasm-bindgen: put scripts/bin first on PATH (scripts/setup.sh does; scripts/serve.sh serves with it).');
  }
  if (text.includes(`from "./${LOADER}"`)) await place(file, glue[1]);
}

// Guard on the result, not on how it was reached: every split point the
// page's binary makes (one per row of `chunk_table!` in src/app/chunks.rs,
// `Chunk::… => NAME: view::…,`, which src/main.rs turns into
// `#[wasm_split(NAME, …)]`) must have left exactly one
// `split_NAME-….wasm` in the build. A splitter that changed its
// placeholder's name would otherwise pass the wasm through whole, and the
// guards above, which look for that name, would not see it.
const table = await readFile(new URL('../src/app/chunks.rs', import.meta.url), 'utf8');
const points = [...table.matchAll(/^\s*Chunk::\S.*=>\s*(\w+):\s*view::/gm)].map((m) => m[1]);
if (points.length === 0) throw new Error('chunks: src/app/chunks.rs\'s chunk_table! has no row: is this the right file?');
const built = await readdir(staging);
// Only a build of the page (its glue, leptos-2048-….js) has them: the AI
// client's check page builds another binary.
const pageBuilt = built.some((f) => /^leptos-2048-[0-9a-f]+\.js$/.test(f));
for (const point of pageBuilt ? points : []) {
  const found = built.filter((f) => f.startsWith(`split_${point}-`) && f.endsWith('.wasm'));
  if (found.length !== 1) {
    throw new Error(`chunks: split point ${point} (chunk_table!, src/app/chunks.rs) left ${found.length} split_${point}-….wasm in the build, not 1: ` +
      'was the page split at all? (scripts/bin/wasm-bindgen runs wasm-split-cli on a wasm with split points)');
  }
}
if (pageBuilt) console.log(`chunks: every split point has its chunk (${points.join(', ')})`);
