// Trunk post-build hook: gives every HTML page of the build a strict
// Content-Security-Policy, as a <meta http-equiv> that comes before anything
// the policy governs (docs/csp.md says what each directive is for).
//
// It runs on trunk's staging directory (TRUNK_STAGING_DIR), after trunk has
// written and minified the HTML and after scripts/minify-glue.mjs, so the
// inline scripts it hashes are the exact text the browser will see: trunk's
// module script that loads the wasm, index.html's service worker
// registration, and in `trunk serve` builds trunk's live-reload script. Each
// inline <script> (no src) gets its own 'sha256-…' source in script-src; no
// 'unsafe-inline', no 'unsafe-eval'.
//
// The page is parsed with parse5, the HTML standard's parsing algorithm, so
// a script's text is what a browser's parser makes of it (line endings
// normalised as the browser does) and the head is found even when the
// minifier left out its tags. The meta is inserted into the page's own text
// (nothing else is re-serialised): right after <meta charset> when that is
// the head's first element (the charset declaration stays first), else as
// the head's first child.
//
// Things the policy would block fail the build here, with a reason, rather
// than in a visitor's console: an inline event handler attribute (onclick=…),
// an inline <style> element, or a CSP meta already in the page.
//
//   node scripts/csp.mjs                 as a trunk hook (Trunk.toml)
//   node scripts/csp.mjs --print FILE    prints the policy FILE would get
//   node scripts/csp.mjs --header FILE   prints the same policy for an HTTP
//                                        header, with what a meta cannot
//                                        carry (HEADER_ONLY) added
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';

/**
 * The policy, directive by directive, before the script hashes are added to
 * script-src. A meta cannot carry frame-ancestors, report-uri or sandbox
 * (browsers ignore them there, with a console error): hosts send those as
 * headers (docs/csp.md).
 */
export const DIRECTIVES = [
  ['default-src', "'self'"],
  // WebAssembly.instantiateStreaming needs 'wasm-unsafe-eval' (it allows
  // compiling wasm, not eval()); the hashes are appended here.
  ['script-src', "'self' 'wasm-unsafe-eval'"],
  // The stylesheet is ours: no <style> elements and no style attributes
  // (style-src-elem and style-src-attr fall back to this). The app sets its
  // two custom properties (the board's --cols/--rows, the history minis'
  // --cols) through the CSSOM (Leptos's `style:--cols=`, which calls
  // style.setProperty), which no policy checks.
  ['style-src', "'self'"],
  // fetch() of the wasm (trunk's loader), the wasm preload, the worker's.
  ['connect-src', "'self'"],
  // The AI's dedicated worker and the service worker.
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
];

/** The `rel`s of the hints moved before the policy (see `withCsp`). */
const PRELOADS = ['preload', 'modulepreload'];

/**
 * What only a header can carry: no one may frame the game (clickjacking).
 * Hosts that can set headers send it (docs/csp.md).
 */
export const HEADER_ONLY = [['frame-ancestors', "'none'"]];

/** 'sha256-…' (base64) of a script's text, as CSP computes it: over its UTF-8 bytes. */
export function sha256Source(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Every element under `node`, a <template>'s content too, in document order. */
export function* elements(node) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child.content ?? child); // a <template>'s content too
  }
}

/** The value of `el`'s attribute `name`, or undefined. */
export const attr = (el, name) => el.attrs.find((a) => a.name === name)?.value;
const textOf = (el) => (el.childNodes ?? []).filter((n) => n.nodeName === '#text').map((n) => n.value).join('');

/** The text of every inline <script> (one without src), in document order. */
export function inlineScripts(html) {
  const doc = parse(html);
  return [...elements(doc)].filter((el) => el.tagName === 'script' && attr(el, 'src') === undefined).map(textOf);
}

/** The policy for a page whose inline scripts are `scripts` (their texts). */
export function policyFor(scripts) {
  const hashes = [...new Set(scripts.map(sha256Source))];
  return DIRECTIVES.map(([name, value]) => `${name} ${name === 'script-src' ? [value, ...hashes].join(' ') : value}`)
    .join('; ');
}

/**
 * `html` with the CSP meta inserted. Throws when the page has something the
 * policy would block, or a CSP meta already. `file` names it in errors.
 */
export function withCsp(html, file = 'the page') {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const all = [...elements(doc)];
  const problems = [];
  for (const el of all) {
    for (const { name, value } of el.attrs) {
      if (/^on/i.test(name)) problems.push(`<${el.tagName} ${name}=…>: inline event handlers are blocked (script-src has no 'unsafe-hashes')`);
      if (/^\s*javascript:/i.test(value)) problems.push(`<${el.tagName} ${name}="${value}">: javascript: URLs are blocked`);
    }
    if (el.tagName === 'style') problems.push('<style>: inline style elements are blocked (style-src \'self\'); use a stylesheet');
    if (el.tagName === 'meta' && attr(el, 'http-equiv')?.toLowerCase() === 'content-security-policy') {
      problems.push('<meta http-equiv="Content-Security-Policy"> is already there: scripts/csp.mjs writes it');
    }
  }
  if (problems.length) throw new Error(`${file}:\n  ${problems.join('\n  ')}`);

  const html_ = doc.childNodes.find((n) => n.tagName === 'html');
  const head = html_?.childNodes.find((n) => n.tagName === 'head');
  if (!head) throw new Error(`${file}: no <head>`);
  const first = head.childNodes.find((n) => n.tagName);
  let at;
  if (first?.tagName === 'meta' && attr(first, 'charset') !== undefined) {
    at = first.sourceCodeLocation.endOffset;
  } else if (first) {
    at = first.sourceCodeLocation.startOffset;
  } else if (head.sourceCodeLocation?.startTag) {
    at = head.sourceCodeLocation.startTag.endOffset;
  } else {
    throw new Error(`${file}: an empty <head> without tags: nowhere to put the CSP meta`);
  }
  // Nothing the policy governs may come before it: a script, a stylesheet,
  // the manifest (a meta policy applies only to what follows it).
  const early = all.find((el) => el.sourceCodeLocation && el.sourceCodeLocation.startOffset < at && el.tagName !== 'meta'
    && !['html', 'head'].includes(el.tagName));
  if (early) throw new Error(`${file}: <${early.tagName}> comes before the place for the CSP meta`);

  const scripts = all.filter((el) => el.tagName === 'script' && attr(el, 'src') === undefined).map(textOf);
  const policy = policyFor(scripts);
  // The policy holds no `"`, `&` or `<`: it goes in the attribute as is.
  if (/["&<>]/.test(policy)) throw new Error(`${file}: the policy needs escaping: ${policy}`);
  const meta = `<meta http-equiv=Content-Security-Policy content="${policy}">`;
  // The preload hints go before the meta. Chromium's preload scanner stops
  // fetching ahead once it meets a CSP meta, so after it the wasm would be
  // fetched only when the glue asks for it, a round trip later (measured on
  // Fast 3G: first tile 2894 ms instead of 2335). The hints fetch our own
  // files; what runs them (the module script, wasm compilation) still comes
  // after the policy and is governed by it.
  const hints = all.filter((el) => el.tagName === 'link' && PRELOADS.includes(attr(el, 'rel')));
  let out = html;
  for (const el of [...hints].reverse()) {
    const { startOffset, endOffset } = el.sourceCodeLocation;
    out = out.slice(0, startOffset) + out.slice(endOffset);
  }
  const moved = hints.map((el) => html.slice(el.sourceCodeLocation.startOffset, el.sourceCodeLocation.endOffset));
  return { html: out.slice(0, at) + moved.join('') + meta + out.slice(at), policy, scripts: scripts.length };
}

async function hook() {
  const dir = process.env.TRUNK_STAGING_DIR;
  if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a trunk hook');
  const pages = (await readdir(dir, { recursive: true })).filter((p) => p.endsWith('.html'));
  for (const name of pages) {
    const path = join(dir, name);
    const out = withCsp(await readFile(path, 'utf8'), name);
    await writeFile(path, out.html);
    console.log(`csp: ${name}: ${out.scripts} inline script(s) hashed`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [mode, file] = process.argv.slice(2);
  if (mode === '--print' || mode === '--header') {
    const policy = policyFor(inlineScripts(await readFile(file, 'utf8')));
    console.log(mode === '--print' ? policy : [policy, ...HEADER_ONLY.map((d) => d.join(' '))].join('; '));
  } else {
    await hook();
  }
}
