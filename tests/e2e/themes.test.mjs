// Themes: the toggle switches data-theme and its name (what it will do) and is remembered
// across reloads; with no stored choice the page follows the system's colour
// scheme; every tile's text has at least 4.5:1 contrast in both themes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readBoard } from './helpers.mjs';
import { startSuite, reloadGame } from './storage-helpers.mjs';
import { openPage, pageErrors, parseColor, over, luminance, contrast } from './extra-helpers.mjs';

const THEME_KEY = 'leptos-2048:v1:theme';
let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** data-theme, whether the theme button offers the light theme ("pressed": the dark one shows), the stored choice and the page background's luminance. */
async function themeState(page) {
  const s = await page.evaluate((k) => ({
    attr: document.documentElement.getAttribute('data-theme'),
    pressed: (document.querySelector('.theme-button')?.textContent.trim() === 'Light theme' ? 'true' : 'false'),
    stored: localStorage.getItem(k),
    bg: getComputedStyle(document.body).backgroundColor,
    htmlBg: getComputedStyle(document.documentElement).backgroundColor,
    text: getComputedStyle(document.body).color,
  }), THEME_KEY);
  const bg = parseColor(s.bg);
  return { ...s, lum: luminance(bg[3] < 1 ? over(bg, parseColor(s.htmlBg)) : bg), textContrast: contrast(parseColor(s.text), bg) };
}

test('the theme toggle switches data-theme and its name, and is remembered after a reload', async () => {
  const { context, page, errors } = await openPage(suite, { options: { colorScheme: 'light' } });
  let s = await themeState(page);
  assert.equal(s.attr, null, 'no data-theme before any choice');
  assert.equal(s.pressed, 'false');
  assert.equal(s.stored, null);
  assert.ok(s.lum > 0.5, `the light page background is not light (${s.bg})`);

  await page.click('.theme-button');
  s = await themeState(page);
  assert.equal(s.attr, 'dark');
  assert.equal(s.pressed, 'true');
  assert.equal(s.stored, '"dark"', 'the choice is not stored');
  assert.ok(s.lum < 0.05, `the dark page background is not dark (${s.bg})`);
  assert.ok(s.textContrast >= 4.5, `body text contrast in dark is ${s.textContrast.toFixed(2)}`);
  // The toggle does not touch the game.
  const game = await readBoard(page);

  await reloadGame(page);
  s = await themeState(page);
  assert.equal(s.attr, 'dark', 'dark is not remembered after a reload');
  assert.equal(s.pressed, 'true');
  assert.ok(s.lum < 0.05, `the dark page background is not dark after a reload (${s.bg})`);
  assert.deepEqual((await readBoard(page)).board, game.board, 'the reload lost the game');

  await page.click('.theme-button');
  s = await themeState(page);
  assert.equal(s.attr, 'light');
  assert.equal(s.pressed, 'false');
  assert.equal(s.stored, '"light"');
  await reloadGame(page);
  s = await themeState(page);
  assert.equal(s.attr, 'light', 'light is not remembered after a reload');
  assert.ok(s.lum > 0.5, `the light page background is not light (${s.bg})`);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('with no stored choice the page follows a dark system scheme; a stored choice wins over it', async () => {
  let { context, page, errors } = await openPage(suite, { options: { colorScheme: 'dark' } });
  let s = await themeState(page);
  assert.equal(s.attr, null, 'no data-theme without a choice');
  assert.equal(s.pressed, 'true', 'the toggle should show dark as on when the system is dark');
  assert.ok(s.lum < 0.05, `the page background is not dark under a dark system scheme (${s.bg})`);
  // One click from the system's dark chooses light.
  await page.click('.theme-button');
  s = await themeState(page);
  assert.equal(s.attr, 'light');
  assert.equal(s.pressed, 'false');
  assert.ok(s.lum > 0.5, `choosing light under a dark system scheme left the page dark (${s.bg})`);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();

  ({ context, page, errors } = await openPage(suite, { options: { colorScheme: 'dark' }, storage: { [THEME_KEY]: '"light"' } }));
  s = await themeState(page);
  assert.equal(s.attr, 'light', 'a stored light choice should win over the system scheme');
  assert.ok(s.lum > 0.5, `stored light under a dark system left the page dark (${s.bg})`);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();

  // A stored value that is not a theme is ignored: the system's scheme shows.
  ({ context, page, errors } = await openPage(suite, { options: { colorScheme: 'dark' }, storage: { [THEME_KEY]: 'purple' } }));
  s = await themeState(page);
  assert.equal(s.attr, null);
  assert.ok(s.lum < 0.05, `a junk stored theme changed the page (${s.bg})`);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

const VALUES = Array.from({ length: 17 }, (_, i) => 2 ** (i + 1)); // 2 … 131072

for (const theme of ['light', 'dark']) {
  test(`tile text contrast is at least 4.5:1 for every tile 2…131072 (${theme} theme)`, async () => {
    const { context, page, errors } = await openPage(suite, { options: { colorScheme: theme } });
    const probes = await page.evaluate((values) => {
      const layer = document.querySelector('.tile-container');
      return values.map((v) => {
        const tile = document.createElement('div');
        tile.className = `tile tile-${v} tile-position-1-1${v > 2048 ? ' tile-super' : ''}`;
        const inner = document.createElement('div');
        inner.className = 'tile-inner';
        inner.textContent = String(v);
        tile.append(inner);
        layer.append(tile);
        const s = getComputedStyle(inner);
        const out = { value: v, color: s.color, bg: s.backgroundColor, size: s.fontSize, weight: s.fontWeight };
        tile.remove();
        return out;
      });
    }, VALUES);
    const board = await page.evaluate(() => getComputedStyle(document.querySelector('.game-container')).backgroundColor);
    const failing = [];
    for (const p of probes) {
      const bg = parseColor(p.bg);
      const solid = bg[3] < 1 ? over(bg, parseColor(board)) : bg;
      const fg = over(parseColor(p.color), solid);
      const ratio = contrast(fg, solid);
      if (!(ratio >= 4.5)) failing.push(`${p.value}: ${p.color} on ${p.bg} = ${ratio.toFixed(2)}:1`);
    }
    console.log(`themes (${theme}): tile contrast ${probes.map((p) => {
      const bg = parseColor(p.bg);
      const solid = bg[3] < 1 ? over(bg, parseColor(board)) : bg;
      return `${p.value}=${contrast(over(parseColor(p.color), solid), solid).toFixed(1)}`;
    }).join(' ')}`);
    assert.deepEqual(failing, [], `tiles under 4.5:1 in the ${theme} theme`);
    assert.deepEqual(pageErrors(errors), []);
    await context.close();
  });
}
