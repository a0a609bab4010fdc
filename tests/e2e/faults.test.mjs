// A browser API that throws where no binding expects it. Every door the
// runtime goes through returns a Result, but gloo's listeners call
// addEventListener without one: if the browser (or an extension) made it
// throw while the runtime was starting a subscription's listener, the
// exception would unwind through the runtime, which runs no destructor on
// the way. The runtime holds no borrow across a browser call (web/
// subscriptions.rs, `Slot`), and its watchdog goes on with the queue once
// the stack has unwound (web/runtime.rs): the game goes on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, readBoard, checkMove, slide, DIRECTIONS, ARROW_FOR, requireDist } from './helpers.mjs';
import { chooseSize } from './session-helpers.mjs';

/** The second `storage` listener the page asks for is refused with an exception. */
function refuseTheSecondStorageListener() {
  const add = EventTarget.prototype.addEventListener;
  let asked = 0;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === 'storage' && ++asked === 2) throw new Error('injected: addEventListener refused');
    return add.call(this, type, ...rest);
  };
}

/** Plays one move that changes the board, and checks it. */
async function playAMove(page, label) {
  const before = await readBoard(page);
  const dir = DIRECTIONS.find((d) => slide(before.board, d).changed);
  await page.keyboard.press(ARROW_FOR[dir]);
  const r = checkMove(before, await readBoard(page), dir, label);
  assert.ok(r.changed, `${label}: the move changed nothing`);
}

test('a listener refused with an exception while a subscription changes: the game goes on', async () => {
  const server = await startServer(requireDist());
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    await context.addInitScript(refuseTheSecondStorageListener);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${server.url}?seed=12`);
    await page.waitForFunction(() => !document.getElementById('shell')
      && document.querySelectorAll('.tile-container > .tile').length === 2);
    await playAMove(page, '4x4, before');

    // Another size: the other tabs' subscription follows it, and the
    // browser refuses its new listener by throwing.
    await chooseSize(page, '5x5');
    // What reaches the page is gloo's report of the refusal.
    const fault = (e) => e.includes('injected') || e.includes('unwrap_throw');
    assert.ok(errors.some(fault), `the fault was not injected: ${errors.join(' | ')}`);
    for (let i = 0; i < 3; i++) await playAMove(page, `5x5, move ${i + 1}`);
    await chooseSize(page, '4x4');
    await playAMove(page, '4x4, after');
    assert.deepEqual(errors.filter((e) => !fault(e)), [], 'nothing but the injected fault reached the console');
  } finally {
    await browser.close();
    await server.close();
  }
});
