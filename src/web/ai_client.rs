//! The page's side of the AI worker (`src/bin/ai-worker.rs`): asks it for a
//! move and hands the answer to a callback.
//!
//! [`AiClient`] starts the worker on the first [`AiClient::ask`], so a page
//! that never asks loads none of it. It holds one question at a time: each
//! `ask` gets a new request id, and an answer whose id is not the latest is
//! dropped (`worker.rs`), so a move made meanwhile, a new game or [`AiClient::cancel`]
//! makes any answer in flight stale. If the worker cannot start or stops
//! (its files missing, offline before they were cached, a crash), the
//! waiting callback gets an `Err` with a sentence; nothing panics, nothing is
//! logged, and the next `ask` starts a fresh worker.
//!
//! How a worker is started and spoken to is `worker.rs`'s, shared with the
//! review pool.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use super::worker::{next_id, Heard, SearchWorker, WORKER_URL};
use crate::ai::bitboard;
use crate::ai::protocol::Request;
use crate::engine::Board;

pub use crate::ai::protocol::{Advice, Answer};

/// A handle on the AI worker. Cheap to clone; clones share the worker and
/// the question in flight.
#[derive(Clone)]
pub struct AiClient(Rc<RefCell<Inner>>);

type OnAnswer = Box<dyn FnOnce(Answer)>;

struct Inner {
    url: String,
    worker: Option<SearchWorker>,
    /// The question in flight's callback, until its answer comes.
    waiting: Option<OnAnswer>,
}

impl Default for AiClient {
    fn default() -> Self {
        AiClient::with_url(WORKER_URL)
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
            waiting: None,
        })))
    }

    /// Asks for the best move on `board` within `budget_ms` (the worker caps
    /// it at a minute). `on_answer` runs once with the answer, unless a later
    /// `ask` or `cancel` comes first, in which case it is dropped without
    /// running. For a board the AI does not play (not 4×4, or a tile above
    /// 32768) it runs at once, before `ask` returns, with an `Err`.
    pub fn ask(&self, board: &Board, budget_ms: u32, on_answer: impl FnOnce(Answer) + 'static) {
        self.cancel();
        let Some(bits) = bitboard::from_board(board) else {
            on_answer(Err(
                "The AI plays only 4×4 boards with tiles up to 32768".into()
            ));
            return;
        };
        let request = Request {
            id: next_id(),
            board: bits,
            budget_ms,
            nodes: None,
            review: false,
        };
        let mut inner = self.0.borrow_mut();
        inner.waiting = Some(Box::new(on_answer));
        if inner.worker.is_none() {
            match start(&inner.url, Rc::downgrade(&self.0)) {
                Ok(worker) => inner.worker = Some(worker),
                Err(e) => {
                    drop(inner);
                    fail(&self.0, e);
                    return;
                }
            }
        }
        if let Some(Err(e)) = inner.worker.as_mut().map(|w| w.ask(&request)) {
            drop(inner);
            fail(&self.0, e);
        }
    }

    /// Makes the question in flight, if any, stale: its callback is dropped
    /// without running. The worker stays up for the next question.
    pub fn cancel(&self) {
        let mut inner = self.0.borrow_mut();
        inner.waiting = None;
        if let Some(worker) = inner.worker.as_mut() {
            worker.forget();
        }
    }

    /// Starts the worker, if it is not running, without a question: its
    /// files are fetched and compiled now rather than on the first `ask`.
    /// A worker that fails to start is dropped quietly; the next `ask`
    /// starts another.
    pub fn warm(&self) {
        let mut inner = self.0.borrow_mut();
        if inner.worker.is_none() {
            inner.worker = start(&inner.url, Rc::downgrade(&self.0)).ok();
        }
    }

    /// Whether a question is waiting for its answer.
    pub fn busy(&self) -> bool {
        self.0.borrow().waiting.is_some()
    }

    /// Stops the worker (a question in flight is dropped unanswered); the
    /// next `ask` starts a new one.
    pub fn shut_down(&self) {
        let worker = {
            let mut inner = self.0.borrow_mut();
            inner.waiting = None;
            inner.worker.take()
        };
        drop(worker);
    }
}

/// A text from the worker: the answer goes to the waiting callback, with no
/// borrow held while it runs (it may ask again).
fn receive(client: &Rc<RefCell<Inner>>, text: &str) {
    let heard = match client.borrow_mut().worker.as_mut() {
        Some(worker) => worker.hear(text),
        None => return,
    };
    match heard {
        Heard::Answer(answer) => {
            let waiting = client.borrow_mut().waiting.take();
            if let Some(on_answer) = waiting {
                on_answer(answer);
            }
        }
        Heard::Failed(sentence) => fail(client, sentence),
        Heard::Ready | Heard::Nothing => {}
    }
}

/// The worker is unusable: stop it and tell the waiting callback why.
fn fail(client: &Rc<RefCell<Inner>>, sentence: String) {
    let (worker, waiting) = {
        let mut inner = client.borrow_mut();
        (inner.worker.take(), inner.waiting.take())
    };
    drop(worker);
    if let Some(on_answer) = waiting {
        on_answer(Err(sentence));
    }
}

/// Starts the hints' worker, its texts and failures going to `client`.
fn start(url: &str, client: Weak<RefCell<Inner>>) -> Result<SearchWorker, String> {
    let weak = client.clone();
    SearchWorker::start(
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
