//! One AI worker (`src/bin/ai-worker.rs`) and how it is spoken to: started
//! with its wasm handed over, asked one question at a time in the protocol
//! of `src/ai/protocol.rs`, its replies read. The hints' client
//! (`ai_client.rs`) keeps one, the review pool (`review_pool.rs`) several;
//! they decide what to ask and what an answer is for, this file how.
//!
//! Every question of the page gets its request id here ([`next_id`]): one
//! counter for every worker, so an answer can only ever be the one asked.
//! A worker knows the id it waits for; an answer with another is stale and
//! dropped.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use super::browser;
use crate::ai::protocol::{Answer, Reply, Request};

/// The script that starts the worker (`assets/ai-worker_loader.js`, copied
/// by trunk next to the `ai-worker` binary's glue and wasm), at the site's
/// root.
pub const WORKER_URL: &str = "/ai-worker_loader.js";

/// How long a new worker may take to say it is ready (it fetches and
/// compiles its wasm first) before the question fails.
pub const START_TIMEOUT_MS: u32 = 20_000;

/// What the page posts when it could not fetch the worker's wasm
/// (`assets/ai-worker_loader.js` then fetches it itself).
pub const FETCH_IT_YOURSELF: &str = "fetch";

thread_local! {
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// A new request id, never the same as one still in flight.
pub fn next_id() -> u32 {
    LAST_ID.with(|last| {
        let id = last.get().wrapping_add(1);
        last.set(id);
        id
    })
}

/// A started worker and what it was asked. Dropping it stops the worker.
pub struct SearchWorker {
    spawned: Spawned,
    /// Whether it has said it is ready.
    ready: bool,
    /// A question asked before it was ready, posted once it is.
    queued: Option<String>,
    /// The id of the question it is searching (or will, once ready).
    asked: Option<u32>,
}

/// What a text from the worker meant.
pub enum Heard {
    /// It is ready (a question asked meanwhile has been posted).
    Ready,
    /// The answer to the question it was asked.
    Answer(Answer),
    /// It cannot be used: it failed to load, refused the question, or
    /// said what the page cannot read. Why, for the message log.
    Failed(String),
    /// Nothing for its owner: a stale answer, or no reply at all.
    Nothing,
}

impl SearchWorker {
    /// Starts the worker at `url`: each text it posts goes to `on_text`
    /// (to be read with [`SearchWorker::hear`]); if it fails to load, stops,
    /// or is not ready within [`START_TIMEOUT_MS`], `on_fail` gets the
    /// reason in a sentence (the owner then drops it).
    pub fn start(
        url: &str,
        on_text: impl FnMut(String) + 'static,
        on_fail: impl Fn(String) + 'static,
    ) -> Result<SearchWorker, String> {
        Ok(SearchWorker {
            spawned: Spawned::start(url, on_text, on_fail)?,
            ready: false,
            queued: None,
            asked: None,
        })
    }

    /// Asks `request` (its id from [`next_id`]), in place of any question
    /// before it: posted now if the worker is ready, else once it is. `Err`
    /// if the worker refused it.
    pub fn ask(&mut self, request: &Request) -> Result<(), String> {
        self.asked = Some(request.id);
        let text = request.to_json();
        if !self.ready {
            self.queued = Some(text);
            Ok(())
        } else if self.spawned.post(&text) {
            Ok(())
        } else {
            Err("The AI worker refused the question".into())
        }
    }

    /// Forgets the question asked: its answer, if it comes, is stale.
    pub fn forget(&mut self) {
        self.asked = None;
        self.queued = None;
    }

    /// Whether it is ready and has no question.
    pub fn free(&self) -> bool {
        self.ready && self.asked.is_none()
    }

    /// Reads a text the worker posted. A text it cannot read (a worker of
    /// another version, say) makes it unusable at once: the question in
    /// flight ends now, with what was heard, rather than at the start's
    /// timeout.
    pub fn hear(&mut self, text: &str) -> Heard {
        let Ok(reply) = Reply::parse(text) else {
            return Heard::Failed(format!("unreadable reply from the AI worker: {text}"));
        };
        match reply {
            Reply::Ready => {
                self.ready = true;
                self.spawned.started();
                match self.queued.take() {
                    Some(text) if !self.spawned.post(&text) => {
                        Heard::Failed("The AI worker refused the question".into())
                    }
                    _ => Heard::Ready,
                }
            }
            Reply::Answer {
                id: Some(id),
                answer,
            } if self.asked == Some(id) => {
                self.asked = None;
                Heard::Answer(answer)
            }
            // Before `ready`, the loader's word that the worker failed to
            // load (assets/ai-worker_loader.js); after it, an answer to a
            // request this worker was not asked.
            Reply::Answer {
                id: None,
                answer: Err(e),
            } if !self.ready => Heard::Failed(e),
            Reply::Answer { .. } => Heard::Nothing,
        }
    }
}

/// A started worker and its listeners; dropping it stops the worker.
struct Spawned {
    worker: Worker,
    /// The start timeout, until the worker says it is ready.
    timer: Option<JsValue>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
    _on_timeout: Closure<dyn FnMut()>,
}

impl Spawned {
    fn start(
        url: &str,
        mut on_text: impl FnMut(String) + 'static,
        on_fail: impl Fn(String) + 'static,
    ) -> Result<Spawned, String> {
        let worker =
            Worker::new(url).map_err(|_| "The AI worker could not be started".to_string())?;
        hand_wasm(worker.clone(), wasm_url(url));
        let on_fail = Rc::new(on_fail);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(text) = event.data().as_string() {
                on_text(text);
            }
        });
        let fail = Rc::clone(&on_fail);
        let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
            event.prevent_default();
            let detail = event
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty());
            fail(match detail {
                Some(m) => format!("The AI worker stopped: {m}"),
                None => "The AI worker could not be loaded".to_string(),
            });
        });
        let on_timeout = Closure::<dyn FnMut()>::new(move || {
            on_fail("The AI worker did not start in time".into());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let timer = browser::start_timeout(on_timeout.as_ref().unchecked_ref(), START_TIMEOUT_MS);
        Ok(Spawned {
            worker,
            timer,
            _on_message: on_message,
            _on_error: on_error,
            _on_timeout: on_timeout,
        })
    }

    /// Posts a request; `false` if the worker refused it.
    fn post(&self, text: &str) -> bool {
        self.worker.post_message(&JsValue::from_str(text)).is_ok()
    }

    /// The worker said it is ready: its start timeout is over.
    fn started(&mut self) {
        if let Some(handle) = self.timer.take() {
            browser::stop_timeout(&handle);
        }
    }
}

impl Drop for Spawned {
    // Dropping a worker is safe even from inside one of its listeners:
    // wasm-bindgen frees a closure only once its running call returns.
    fn drop(&mut self) {
        self.started();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The worker's wasm, beside its loader: `/x/ai-worker_loader.js` →
/// `/x/ai-worker_bg.wasm`.
fn wasm_url(loader: &str) -> String {
    let dir = loader.rfind('/').map_or("", |i| &loader[..=i]);
    format!("{dir}ai-worker_bg.wasm")
}

/// Fetches the worker's wasm from the page, at the same time as the worker
/// fetches its scripts, and hands the bytes over (transferred, not copied):
/// the wasm then arrives a round trip sooner than if the worker asked for it
/// once its loader had run (562 ms on a Fast 3G network; docs/ai.md, "The first
/// hint"). If the page cannot fetch it, the worker is told to fetch it
/// itself, and reports a failure as it always did.
fn hand_wasm(worker: Worker, url: String) {
    wasm_bindgen_futures::spawn_local(async move {
        let handed = match browser::fetch_bytes(&url).await {
            Some(bytes) => worker
                .post_message_with_transfer(&bytes, &js_sys::Array::of1(&bytes))
                .is_ok(),
            None => false,
        };
        if !handed {
            let _ = worker.post_message(&JsValue::from_str(FETCH_IT_YOURSELF));
        }
    });
}
