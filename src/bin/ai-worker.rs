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
//! than size. The page's side is `src/web/ai_client.rs` (hints and autoplay,
//! one worker) and `src/web/review_pool.rs` (reviews, one or more workers).
//!
//! On start it posts `{"ready":true}`, then answers each request with
//! [`protocol::respond`], timed by `performance.now()`. It searches with the
//! hand-made heuristic and fetches nothing: the learned network plays worse
//! (docs/ai.md) and stays a native experiment. It keeps
//! two searchers, each made on its first question: the hints' (a 16 MiB
//! transposition table kept from move to move, since positions recur) and
//! the reviews' (1 MiB, emptied for every position, so that a review repeats
//! exactly). A worker that only reviews never allocates the hints' table.
//! Natively this binary only says where it runs.

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;

    use leptos_2048::ai::protocol::{self, Reply};
    use leptos_2048::ai::review::Reviewer;
    use leptos_2048::ai::{Clock, Heuristic, SearchConfig, Searcher};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Performance};

    /// `performance.now()`, or `Date.now()` where a worker has no
    /// `performance`.
    struct WorkerClock(Option<Performance>);

    impl Clock for WorkerClock {
        fn now_ms(&self) -> f64 {
            match &self.0 {
                Some(p) => p.now(),
                None => js_sys::Date::now(),
            }
        }
    }

    #[derive(Default)]
    struct Searchers {
        hints: Option<Searcher<Heuristic>>,
        reviews: Option<Reviewer>,
    }

    impl Searchers {
        fn answer(&mut self, text: &str, clock: &WorkerClock) -> String {
            let Searchers { hints, reviews } = self;
            protocol::respond(
                text,
                || {
                    hints.get_or_insert_with(|| {
                        Searcher::new(Heuristic::default(), SearchConfig::default())
                    })
                },
                reviews,
                clock,
            )
        }
    }

    pub fn start() {
        let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
            return;
        };
        let clock = WorkerClock(scope.performance());
        let searchers = RefCell::new(Searchers::default());
        let post = {
            let scope = scope.clone();
            move |reply: &str| {
                let _ = scope.post_message(&JsValue::from_str(reply));
            }
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let reply = match event.data().as_string() {
                Some(text) => searchers.borrow_mut().answer(&text, &clock),
                None => Reply::Answer {
                    id: None,
                    answer: Err("expected the request as a JSON string".into()),
                }
                .to_json(),
            };
            post(&reply);
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        let _ = scope.post_message(&JsValue::from_str(&Reply::Ready.to_json()));
    }
}

/// The worker's allocator: Talc, as the page's (`src/main.rs`).
#[cfg(target_family = "wasm")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    #[cfg(target_arch = "wasm32")]
    worker::start();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("ai-worker runs in a browser, as a Web Worker built by trunk (see index.html)");
}
