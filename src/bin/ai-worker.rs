//! The AI in a Web Worker: the search of `src/ai/` behind the messages of
//! `src/ai/protocol.rs`, so the page stays responsive while it thinks.
//!
//! Trunk builds it from index.html's `<link data-trunk rel="rust"
//! data-bin="ai-worker" data-type="worker" …>` into two files named after the
//! binary, without content hashes: `ai-worker.js` (wasm-bindgen's glue,
//! `--target no-modules`) and `ai-worker_bg.wasm`. The script to start is
//! `assets/ai-worker_loader.js`, copied beside them (`new
//! Worker("/ai-worker_loader.js")`): it loads both and, unlike trunk's
//! `data-loader-shim`, tells the page when the wasm fails to load. It is
//! built with the `release` profile (opt-level 3): here speed matters more
//! than size. The page's side is `src/view/ai_client.rs`.
//!
//! On start it builds its searcher (tables and a 16 MiB transposition table,
//! kept from request to request) and posts `{"ready":true}`; then it answers
//! each request with [`protocol::respond`], timed by `performance.now()`.
//! Natively this binary only says where it runs.

#[cfg(target_arch = "wasm32")]
mod worker {
    use leptos_2048::ai::protocol::{self, Reply};
    use leptos_2048::ai::{Clock, Heuristic, SearchConfig, Searcher};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Performance};

    /// The worker's clock: `performance.now()`, or `Date.now()` where a
    /// worker has no `performance`.
    struct WorkerClock(Option<Performance>);

    impl Clock for WorkerClock {
        fn now_ms(&self) -> f64 {
            match &self.0 {
                Some(p) => p.now(),
                None => js_sys::Date::now(),
            }
        }
    }

    pub fn start() {
        // Loaded anywhere but a dedicated worker, do nothing.
        let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
            return;
        };
        let clock = WorkerClock(scope.performance());
        let mut searcher = Searcher::new(Heuristic::default(), SearchConfig::default());
        let reply_to = scope.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let reply = match event.data().as_string() {
                Some(text) => protocol::respond(&text, &mut searcher, &clock),
                None => Reply::Answer {
                    id: None,
                    answer: Err("expected the request as a JSON string".into()),
                }
                .to_json(),
            };
            // Fails only if the page is gone.
            let _ = reply_to.post_message(&JsValue::from_str(&reply));
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        on_message.forget();
        let _ = scope.post_message(&JsValue::from_str(&Reply::Ready.to_json()));
    }
}

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("ai-worker runs in a browser, as a Web Worker built by trunk (see index.html)");
}
