// Trunk post-build hook: the stylesheets fetched later than the page.
// - style/debugger.css (the debugger's column, list, veil and tree),
//   fetched with the debugger;
// - style/rooms.css (what only a chunk's views draw: the panels and the
//   walk's bar), fetched with the first chunk that draws with it, and
//   awaited before that chunk's views are drawn.
// Trunk links each in the head like any stylesheet (hashed, so a new build
// has a new name); this turns each link into `<meta name=NAME-css
// content=/NAME-….css>`, which `web::browser::stylesheet` reads when it is
// first asked for, adding the stylesheet then. The service worker caches
// them with the page's other files (the meta names them, as the chunks'
// meta names theirs). What the page draws at start, a chunk's place while
// its code is coming and the contest's views included, is style/main.css's.
//
//   node scripts/later-css.mjs     as a trunk hook (Trunk.toml)
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LATER = ['debugger', 'rooms'];

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('later-css: TRUNK_STAGING_DIR is not set (run it as a trunk hook)');
const file = join(dir, 'index.html');
let html = await readFile(file, 'utf8');
for (const name of LATER) {
  const link = new RegExp(`<link\\b[^>]*\\bhref="?(/${name}-[0-9a-f]+\\.css)"?[^>]*>`);
  const found = link.exec(html);
  if (!found) {
    // A page without the game's views (the AI client's harness,
    // tests/ai-client/index.html) has nothing to move; the game's page, with
    // the debugger's handle, must link each.
    if (html.includes('id="messages"')) throw new Error(`later-css: index.html links no ${name}-….css`);
    console.log(`later-css: a page without ${name}'s views; nothing to move`);
    continue;
  }
  html = html.replace(link, `<meta name=${name}-css content=${found[1]}>`);
  console.log(`later-css: ${found[1]} fetched when first asked for, not linked at start`);
}
await writeFile(file, html);
