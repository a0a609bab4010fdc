// Starts the AI worker (src/bin/ai-worker.rs): wasm-bindgen's glue, then the
// wasm, whose start function answers the page from then on. The page starts
// this file (new Worker('/ai-worker_loader.js'), src/view/ai_client.rs).
// Trunk's own loader shim would leave a failed wasm fetch as an uncaught
// rejection in the worker, which the page never hears of; this one tells the
// page, in the protocol's words (src/ai/protocol.rs). A missing glue script
// throws here, which the page sees as the worker's error event.
importScripts('./ai-worker.js');
wasm_bindgen({ module_or_path: './ai-worker_bg.wasm' }).catch((e) =>
  postMessage(JSON.stringify({ id: null, error: `The AI worker could not be loaded: ${e}` })),
);
