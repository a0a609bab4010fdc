// The page `bash scripts/serve.sh` serves, as a visitor sees it: opens it
// in headless Chromium, waits for the first two tiles, plays a move, and
// fails on any console error or warning (a Content-Security-Policy
// violation is one) or page error.
//
//   node scripts/serve-check.mjs http://127.0.0.1:8093/
import { launchBrowser } from '../tests/e2e/helpers.mjs';

const url = process.argv[2];
if (!url) {
  console.error('usage: node scripts/serve-check.mjs URL');
  process.exit(2);
}
const browser = await launchBrowser();
const problems = [];
try {
  const page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('shell') && document.querySelectorAll('.tile-container > .tile').length === 2, null, { timeout: 30_000 });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(1_000);
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(`the served page: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`the served page at ${url}: loads, plays, no console error or warning`);
