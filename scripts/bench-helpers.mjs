// What the debugger's benchmarks share (scripts/debugger-bench.mjs,
// scripts/debugger-step.mjs, scripts/recording-heap.mjs): reading the
// page's wasm memory, handing it key presses, timing Next, and a quantile.

/** Before the page's scripts (`addInitScript`): keeps the wasm's memory
 * where a benchmark can read it, as `window.__memory`. */
export function keepMemory() {
  const keep = (result) => {
    const exports = (result.instance ?? result).exports;
    if (exports?.memory && !window.__memory) window.__memory = exports.memory;
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = (...args) => streaming(...args).then(keep);
  const plain = WebAssembly.instantiate;
  WebAssembly.instantiate = (...args) => plain(...args).then(keep);
}

/** Hands the page `count` key presses, the arrows round and round, a New
 * Game ('r') every `newGame` presses (0: never), yielding to the page
 * every `pause`. */
export function play(page, count, { newGame = 150, pause = 200 } = {}) {
  return page.evaluate(async ([n, every, rest]) => {
    const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
    for (let i = 0; i < n; i++) {
      const key = every > 0 && i % every === every - 1 ? 'r' : keys[i % 4];
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      if (i % rest === rest - 1) await new Promise((r) => setTimeout(r, 0));
    }
  }, [count, newGame, pause]);
}

/** Presses the debugger's Next `count` times, paused: each step's
 * milliseconds, from the click until the inspector's title names the
 * next message and the following frame has been drawn. */
export function timeNexts(page, count) {
  return page.evaluate(async (n) => {
    const at = () => Number(document.querySelector('.inspector-title')?.dataset.at);
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const times = [];
    for (let i = 0; i < n; i++) {
      await frame();
      const want = at() + 1;
      const t0 = performance.now();
      document.querySelector('.inspector-next').click();
      while (at() !== want) await new Promise((r) => setTimeout(r, 0));
      await frame();
      times.push(performance.now() - t0);
    }
    return times;
  }, count);
}

/** The `f` quantile of `xs` (0.5: the median). */
export function quantile(xs, f) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(f * s.length))];
}
