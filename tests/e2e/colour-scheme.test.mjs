// The page follows the system's colour scheme live, until the player picks a
// theme: the theme button's name ("Light theme" while the dark one shows: pressed, below) and the theme-color meta change with
// the system (the stylesheet follows prefers-color-scheme by itself); once the
// button is pressed, the player's theme stays whatever the system does.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSuite } from './storage-helpers.mjs';
import { openPage, pageErrors } from './extra-helpers.mjs';

const LIGHT = '#faf8ef';
const DARK = '#1d1b19';
let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.close();
});

/** Whether the theme button names the light theme (the dark one shows), and the theme-color meta's content. */
async function themeShown(page) {
  return page.evaluate(() => ({
    pressed: (document.querySelector('.theme-button').textContent.trim() === 'Light theme' ? 'true' : 'false'),
    colour: document.querySelector('meta[name=theme-color]')?.getAttribute('content') ?? null,
  }));
}

async function expectTheme(page, want, label) {
  await page.waitForFunction((w) => {
    const pressed = (document.querySelector('.theme-button').textContent.trim() === 'Light theme' ? 'true' : 'false');
    const colour = document.querySelector('meta[name=theme-color]')?.getAttribute('content');
    return pressed === w.pressed && colour === w.colour;
  }, want, { timeout: 2000 }).catch(() => {});
  assert.deepEqual(await themeShown(page), want, label);
}

async function systemTurns(page, colorScheme) {
  await page.emulateMedia({ colorScheme });
}

test('the theme button and theme-color follow the system live, until the player picks a theme', async () => {
  const { context, page, errors } = await openPage(suite, { options: { colorScheme: 'light' } });
  await expectTheme(page, { pressed: 'false', colour: LIGHT }, 'light system at start');
  await systemTurns(page, 'dark');
  await expectTheme(page, { pressed: 'true', colour: DARK }, 'the system turned dark');
  await systemTurns(page, 'light');
  await expectTheme(page, { pressed: 'false', colour: LIGHT }, 'the system turned light again');
  // The first press picks the other theme of the one showing: dark.
  await page.click('.theme-button');
  await expectTheme(page, { pressed: 'true', colour: DARK }, 'the player picked dark');
  for (const scheme of ['dark', 'light', 'dark', 'light']) {
    await systemTurns(page, scheme);
    await page.waitForTimeout(100);
    assert.deepEqual(await themeShown(page), { pressed: 'true', colour: DARK }, `the system turned ${scheme}: the player's theme stays`);
  }
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test('a dark system at start: pressed, and the dark theme-color', async () => {
  const { context, page, errors } = await openPage(suite, { options: { colorScheme: 'dark' } });
  await expectTheme(page, { pressed: 'true', colour: DARK }, 'dark system at start');
  await page.click('.theme-button');
  await expectTheme(page, { pressed: 'false', colour: LIGHT }, 'the first press shows light');
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
