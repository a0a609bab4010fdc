// Trunk post-build hook: the debugger's stylesheet (style/debugger.css,
// every style of the debugger's column, list, veil and tree) is fetched
// with the debugger, not with the page. Trunk links it in the head like
// any stylesheet (hashed, so a new build has a new name); this turns that
// link into `<meta name=debugger-css content=/debugger-….css>`, which the
// debugger's runner reads when its chunk first mounts its view
// (src/web/debugger.rs, `styled`), adding the stylesheet then. The service
// worker caches it with the page's other files (the meta names it, as the
// chunks' meta names theirs). The handle that opens the debugger is styled
// by the page (style/main.css, "The debugger's handle").
//
//   node scripts/debugger-css.mjs     as a trunk hook (Trunk.toml)
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('debugger-css: TRUNK_STAGING_DIR is not set (run it as a trunk hook)');
const file = join(dir, 'index.html');
const html = await readFile(file, 'utf8');
const link = /<link\b[^>]*\bhref="?(\/debugger-[0-9a-f]+\.css)"?[^>]*>/;
const found = link.exec(html);
if (!found) {
  // A page without the debugger (the AI client's harness,
  // tests/ai-client/index.html) has nothing to move; the game's page, with
  // the debugger's handle, must link it.
  if (html.includes('id="messages"')) throw new Error('debugger-css: index.html links no debugger-….css');
  console.log('debugger-css: a page without the debugger; nothing to move');
  process.exit(0);
}
await writeFile(file, html.replace(link, `<meta name=debugger-css content=${found[1]}>`));
console.log(`debugger-css: ${found[1]} fetched with the debugger, not linked at start`);
