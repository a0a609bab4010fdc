// The page's main thread in a Chrome trace (Playwright's
// browser.startTracing with TRACE_CATEGORIES, then stopTracing): how much
// CPU its tasks took, and how much of it was the page's own script. The
// bounds that say the page never blocks its main thread (the search and
// the review run in workers) are asserted on these, not on a task's wall
// time alone, which a busy machine stretches.

/** The trace's categories: the main thread's tasks, and what ran in them. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];

/** Trace events that run the page's script: its event handlers, timers, worker replies, idle and frame callbacks. */
const SCRIPT_EVENTS = new Set([
  'FunctionCall', 'EvaluateScript', 'EventDispatch', 'TimerFire', 'FireAnimationFrame',
  'FireIdleCallback', 'HandlePostMessage', 'RunMicrotasks', 'v8.callFunction', 'v8.run',
]);

/**
 * The renderer main thread's tasks in a Chrome trace (TRACE_CATEGORIES):
 * how many; the longest by wall time; the most CPU time one took; and the
 * most CPU time the page's own script took in one task (its outermost
 * script events, with the layout and garbage collection they caused), apart
 * from the browser's drawing of a frame (style, layout, paint), which a
 * busy or slow machine stretches (ms).
 */
export function mainThreadTasks(traceBuffer) {
  const trace = JSON.parse(traceBuffer.toString());
  const events = trace.traceEvents ?? trace;
  const main = new Set(events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const scripts = onMain.filter((e) => SCRIPT_EVENTS.has(e.name));
  // Each task's script: the script events in it that no other holds.
  let maxScript = 0;
  let s = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    let cpu = 0;
    let outerEnd = -Infinity;
    while (s < scripts.length && scripts[s].ts < task.ts) s++;
    for (; s < scripts.length && scripts[s].ts < end; s++) {
      const e = scripts[s];
      if (e.ts >= outerEnd) {
        cpu += (e.tdur ?? e.dur ?? 0) / 1000;
        outerEnd = e.ts + (e.dur ?? 0);
      }
    }
    maxScript = Math.max(maxScript, cpu);
  }
  return {
    tasks: tasks.length,
    maxWall: tasks.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0),
    maxCpu: tasks.reduce((m, e) => Math.max(m, (e.tdur ?? 0) / 1000), 0),
    maxScript,
  };
}
