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
//! than size. The page's side is `src/web/ai_client.rs`.
//!
//! On start it posts `{"ready":true}`. The first question makes it fetch
//! its learned network ([`ntuple::WEIGHTS_FILE`], beside its own files);
//! questions that arrive meanwhile wait, in order. With the network it
//! searches over the network; if the file is missing, cut short or damaged,
//! it searches over the hand-made heuristic instead and every reply says so
//! in its `note`. Either way the searcher (tables and a 16 MiB transposition
//! table) is built once and kept from request to request, and each request
//! is answered with [`protocol::respond`], timed by `performance.now()`.
//! Natively this binary only says where it runs.

#[cfg(target_arch = "wasm32")]
mod worker {
    use std::cell::RefCell;
    use std::rc::Rc;

    use leptos_2048::ai::ntuple::{self, Packed};
    use leptos_2048::ai::protocol::{self, Reply};
    use leptos_2048::ai::{Clock, Heuristic, SearchConfig, Searcher};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Performance, Response};

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

    /// What the worker thinks with.
    enum Brain {
        /// No question yet: the network is fetched on the first.
        Unasked,
        /// The network is on its way; the questions wait, in order.
        Loading(Vec<String>),
        /// The learned network.
        Network(Box<Searcher<Packed>>),
        /// The hand-made heuristic, and why the network is not there.
        Heuristic(Box<Searcher<Heuristic>>, String),
    }

    struct Worker {
        scope: DedicatedWorkerGlobalScope,
        clock: WorkerClock,
        brain: RefCell<Brain>,
    }

    impl Worker {
        fn post(&self, reply: &str) {
            // Fails only if the page is gone.
            let _ = self.scope.post_message(&JsValue::from_str(reply));
        }

        /// Answers `text` with the brain it has, which is ready.
        fn answer(&self, text: &str) {
            let reply = match &mut *self.brain.borrow_mut() {
                Brain::Network(s) => protocol::respond(text, s, &self.clock, None),
                Brain::Heuristic(s, why) => protocol::respond(text, s, &self.clock, Some(why)),
                Brain::Unasked | Brain::Loading(_) => unreachable!("asked before it was ready"),
            };
            self.post(&reply);
        }

        /// A question: answered now, or kept until the network is here.
        fn ask(self: &Rc<Self>, text: String) {
            let mut brain = self.brain.borrow_mut();
            match &mut *brain {
                Brain::Unasked => {
                    *brain = Brain::Loading(vec![text]);
                    wasm_bindgen_futures::spawn_local(Rc::clone(self).load());
                }
                Brain::Loading(waiting) => waiting.push(text),
                Brain::Network(_) | Brain::Heuristic(..) => {
                    drop(brain);
                    self.answer(&text);
                }
            }
        }

        /// Fetches the network, or settles for the heuristic, then answers
        /// the questions that waited.
        async fn load(self: Rc<Self>) {
            let config = SearchConfig::default();
            let ready = match self.fetch_network().await {
                Ok(net) => Brain::Network(Box::new(Searcher::new(net, config))),
                Err(why) => Brain::Heuristic(
                    Box::new(Searcher::new(Heuristic::default(), config)),
                    format!(
                        "The learned network did not load ({why}): the computer plays \
                         by its hand-made rules."
                    ),
                ),
            };
            let waiting = match std::mem::replace(&mut *self.brain.borrow_mut(), ready) {
                Brain::Loading(waiting) => waiting,
                _ => Vec::new(),
            };
            for text in waiting {
                self.answer(&text);
            }
        }

        async fn fetch_network(&self) -> Result<Packed, String> {
            let failed = |_| "it could not be fetched".to_string();
            let response: Response =
                JsFuture::from(self.scope.fetch_with_str(ntuple::WEIGHTS_FILE))
                    .await
                    .map_err(failed)?
                    .unchecked_into();
            if !response.ok() {
                return Err(format!("the server answered {}", response.status()));
            }
            let body = response.array_buffer().map_err(failed)?;
            let bytes = JsFuture::from(body).await.map_err(failed)?;
            ntuple::unpack(&js_sys::Uint8Array::new(&bytes).to_vec())
        }
    }

    pub fn start() {
        // Loaded anywhere but a dedicated worker, do nothing.
        let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
            return;
        };
        let worker = Rc::new(Worker {
            clock: WorkerClock(scope.performance()),
            scope: scope.clone(),
            brain: RefCell::new(Brain::Unasked),
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            match event.data().as_string() {
                Some(text) => worker.ask(text),
                None => worker.post(
                    &Reply::Answer {
                        id: None,
                        answer: Err("expected the request as a JSON string".into()),
                    }
                    .to_json(),
                ),
            }
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
