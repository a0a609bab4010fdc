//! The page's side of the AI worker (`src/bin/ai-worker.rs`): asks it for a
//! move and hands the answer to a callback.
//!
//! [`AiClient`] starts the worker on the first [`AiClient::ask`], so a page
//! that never asks loads none of it. It holds one question at a time: each
//! `ask` gets a new request id, and an answer whose id is not the latest is
//! dropped, so a move made meanwhile, a new game or [`AiClient::cancel`]
//! makes any answer in flight stale. If the worker cannot start or stops
//! (its files missing, offline before they were cached, a crash), the
//! waiting callback gets an `Err` with a sentence; nothing panics, nothing is
//! logged, and the next `ask` starts a fresh worker.
//!
//! The messages are `src/ai/protocol.rs`'s JSON text.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker};

use super::browser;
use crate::ai::bitboard;
use crate::ai::protocol::{Reply, Request};
use crate::engine::Board;

pub use crate::ai::protocol::{Advice, Answer};

/// The script that starts the worker (`assets/ai-worker_loader.js`, copied
/// by trunk next to the `ai-worker` binary's glue and wasm), at the site's
/// root.
pub const WORKER_URL: &str = "/ai-worker_loader.js";

/// How long a new worker may take to say it is ready (it fetches and
/// compiles its wasm first) before the question fails.
pub const START_TIMEOUT_MS: u32 = 20_000;

/// A handle on the AI worker. Cheap to clone; clones share the worker and
/// the question in flight.
#[derive(Clone)]
pub struct AiClient(Rc<RefCell<Inner>>);

type OnAnswer = Box<dyn FnOnce(Answer)>;

struct Inner {
    url: String,
    worker: Option<Running>,
    /// The id of the latest request; only its answer is delivered.
    latest: u32,
    /// The latest request's callback, until its answer comes.
    waiting: Option<(u32, OnAnswer)>,
}

/// The worker in use for hints, once started.
struct Running {
    worker: Spawned,
    /// Whether it has said it is ready.
    ready: bool,
    /// The latest request, posted when the worker is ready.
    queued: Option<String>,
}

/// A started worker and its listeners; dropping it stops the worker. The
/// hints' client holds one and the review pool (`review_pool.rs`) several.
pub(super) struct Spawned {
    worker: Worker,
    /// The start timeout, until the worker says it is ready.
    timer: Option<JsValue>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
    _on_timeout: Closure<dyn FnMut()>,
}

impl Default for AiClient {
    fn default() -> Self {
        Self::new()
    }
}

impl AiClient {
    /// A client for the worker at [`WORKER_URL`]. Starts nothing yet.
    pub fn new() -> Self {
        Self::with_url(WORKER_URL)
    }

    /// A client for a worker script elsewhere (tests, another base path).
    pub fn with_url(url: &str) -> Self {
        AiClient(Rc::new(RefCell::new(Inner {
            url: url.to_string(),
            worker: None,
            latest: 0,
            waiting: None,
        })))
    }

    /// Asks for the best move on `board` within `budget_ms` (the worker caps
    /// it at a minute). `on_answer` runs once with the answer, unless a later
    /// `ask` or `cancel` comes first, in which case it is dropped without
    /// running. For a board the AI does not play (not 4×4, or a tile above
    /// 32768) it runs at once, before `ask` returns, with an `Err`.
    pub fn ask(&self, board: &Board, budget_ms: u32, on_answer: impl FnOnce(Answer) + 'static) {
        let id = {
            let mut inner = self.0.borrow_mut();
            inner.latest = inner.latest.wrapping_add(1);
            inner.waiting = None;
            inner.latest
        };
        let Some(bits) = bitboard::from_board(board) else {
            on_answer(Err(
                "The AI plays only 4×4 boards with tiles up to 32768".into()
            ));
            return;
        };
        let text = Request {
            id,
            board: bits,
            budget_ms,
            nodes: None,
            review: false,
        }
        .to_json();
        let mut inner = self.0.borrow_mut();
        inner.waiting = Some((id, Box::new(on_answer)));
        if inner.worker.is_none() {
            match start(&inner.url, Rc::downgrade(&self.0)) {
                Ok(worker) => {
                    inner.worker = Some(Running {
                        worker,
                        ready: false,
                        queued: None,
                    })
                }
                Err(e) => {
                    drop(inner);
                    fail(&self.0, e);
                    return;
                }
            }
        }
        let Some(running) = inner.worker.as_mut() else {
            return;
        };
        if !running.ready {
            running.queued = Some(text);
        } else if !running.worker.post(&text) {
            drop(inner);
            fail(&self.0, "The AI worker refused the question".into());
        }
    }

    /// Makes the question in flight, if any, stale: its callback is dropped
    /// without running. The worker stays up for the next question.
    pub fn cancel(&self) {
        let mut inner = self.0.borrow_mut();
        inner.latest = inner.latest.wrapping_add(1);
        inner.waiting = None;
        if let Some(running) = inner.worker.as_mut() {
            running.queued = None;
        }
    }

    /// Starts the worker, if it is not running, without a question: its
    /// files are fetched and compiled now rather than on the first `ask`.
    /// A worker that fails to start is dropped quietly; the next `ask`
    /// starts another.
    pub fn warm(&self) {
        let mut inner = self.0.borrow_mut();
        if inner.worker.is_some() {
            return;
        }
        if let Ok(worker) = start(&inner.url, Rc::downgrade(&self.0)) {
            inner.worker = Some(Running {
                worker,
                ready: false,
                queued: None,
            });
        }
    }

    /// Whether a question is waiting for its answer.
    pub fn busy(&self) -> bool {
        self.0.borrow().waiting.is_some()
    }

    /// Stops the worker (a question in flight is dropped unanswered); the
    /// next `ask` starts a new one.
    pub fn shut_down(&self) {
        let running = {
            let mut inner = self.0.borrow_mut();
            inner.waiting = None;
            inner.worker.take()
        };
        drop(running);
    }
}

impl Spawned {
    /// Starts the worker at `url`: each text it posts goes to `on_text`;
    /// if it fails to load, stops, or is not ready within
    /// [`START_TIMEOUT_MS`], `on_fail` gets the reason in a sentence (the
    /// owner then drops it).
    pub(super) fn start(
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
    pub(super) fn post(&self, text: &str) -> bool {
        self.worker.post_message(&JsValue::from_str(text)).is_ok()
    }

    /// The worker said it is ready: its start timeout is over.
    pub(super) fn started(&mut self) {
        if let Some(handle) = self.timer.take() {
            browser::stop_timeout(&handle);
        }
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        self.started();
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// A message from the worker.
fn receive(client: &Rc<RefCell<Inner>>, text: &str) {
    let Ok(reply) = Reply::parse(text) else {
        return;
    };
    let mut inner = client.borrow_mut();
    match reply {
        Reply::Ready => {
            let Some(running) = inner.worker.as_mut() else {
                return;
            };
            running.ready = true;
            running.worker.started();
            if let Some(text) = running.queued.take() {
                if !running.worker.post(&text) {
                    drop(inner);
                    fail(client, "The AI worker refused the question".into());
                }
            }
        }
        Reply::Answer {
            id: Some(id),
            answer,
        } => {
            if inner.waiting.as_ref().is_some_and(|(w, _)| *w == id) {
                let (_, on_answer) = inner.waiting.take().expect("checked above");
                // The callback may ask again: no borrow held while it runs.
                drop(inner);
                on_answer(answer);
            }
        }
        // Before `ready`, the loader's word that the worker failed to load
        // (assets/ai-worker_loader.js); after it, an answer to a request
        // this client did not send.
        Reply::Answer {
            id: None,
            answer: Err(e),
        } if inner.worker.as_ref().is_some_and(|r| !r.ready) => {
            drop(inner);
            fail(client, e);
        }
        Reply::Answer { id: None, .. } => {}
    }
}

/// The worker is unusable: stop it and tell the waiting callback why.
fn fail(client: &Rc<RefCell<Inner>>, sentence: String) {
    let (running, waiting) = {
        let mut inner = client.borrow_mut();
        (inner.worker.take(), inner.waiting.take())
    };
    // Dropping the worker's listeners is safe even from inside one of
    // them: wasm-bindgen frees a closure only once its running call returns.
    drop(running);
    if let Some((_, on_answer)) = waiting {
        on_answer(Err(sentence));
    }
}

/// Starts the hints' worker, its texts and failures going to `client`.
fn start(url: &str, client: Weak<RefCell<Inner>>) -> Result<Spawned, String> {
    let weak = client.clone();
    Spawned::start(
        url,
        move |text| {
            if let Some(inner) = weak.upgrade() {
                receive(&inner, &text);
            }
        },
        move |sentence| {
            if let Some(inner) = client.upgrade() {
                fail(&inner, sentence);
            }
        },
    )
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

/// What the page posts when it could not fetch the worker's wasm
/// (`assets/ai-worker_loader.js` then fetches it itself).
pub const FETCH_IT_YOURSELF: &str = "fetch";
