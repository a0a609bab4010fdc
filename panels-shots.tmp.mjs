// throwaway: shots of Statistics and Settings for a before/after comparison
import path from 'node:path';
import { startServer, launchBrowser } from './tests/e2e/helpers.mjs';
const [dist, out] = process.argv.slice(2);
const server = await startServer(dist);
const browser = await launchBrowser();
const VIEWS = [{ name: 'desktop', viewport: { width: 1100, height: 1000 } }, { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }];
for (const view of VIEWS) for (const scheme of ['light', 'dark']) for (const [panel, sel] of [['Statistics', '.stats-panel'], ['Settings', '.settings-panel']]) {
  const context = await browser.newContext({ viewport: view.viewport, isMobile: view.isMobile ?? false, hasTouch: view.hasTouch ?? false, colorScheme: scheme, reducedMotion: 'reduce', serviceWorkers: 'block', deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${server.url}?seed=2048`, { waitUntil: 'load' });
  await page.waitForSelector('.tile-container > .tile', { state: 'attached', timeout: 15000 });
  for (const k of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft']) { await page.keyboard.press(k); await page.waitForTimeout(150); }
  await page.getByRole('button', { name: panel, exact: true }).first().click();
  await page.waitForSelector(sel, { timeout: 15000 });
  await page.waitForTimeout(600);
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(out, `${panel}-${view.name}-${scheme}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
  await context.close();
}
await browser.close(); await server.close();
