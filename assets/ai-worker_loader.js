// Starts the AI worker (src/bin/ai-worker.rs): wasm-bindgen's glue, then the
// wasm, whose start function answers the page from then on. The page starts
// this file (new Worker('/ai-worker_loader.js'), src/web/ai_client.rs).
// Trunk's own loader shim would leave a failed wasm fetch as an uncaught
// rejection in the worker, which the page never hears of; this one tells the
// page, in the protocol's words (src/ai/protocol.rs). A missing glue script
// throws here, which the page sees as the worker's error event.
//
// The wasm comes from the page: it fetches it while this worker fetches its
// scripts, and posts the bytes as its first message, so the bytes are not
// asked for a round trip later, once this script has run (562 ms on a Fast
// 3G network; README, "The first hint"). If the page could not fetch them it
// posts "fetch" instead, and the wasm is fetched here. A failed fetch
// (offline, a 404) fails the init, which says so below; the empty catch only
// keeps that rejection from being reported as unhandled when the glue itself
// is missing and init never runs. The glue's start replaces this handler.
const wasm = new Promise((resolve) => {
  self.onmessage = (event) =>
    resolve(event.data instanceof ArrayBuffer ? event.data : fetch('./ai-worker_bg.wasm'));
});
wasm.catch(() => {});
importScripts('./ai-worker.js');
wasm_bindgen({ module_or_path: wasm }).catch((e) =>
  postMessage(JSON.stringify({ id: null, error: `The AI worker could not be loaded: ${e}` })),
);
