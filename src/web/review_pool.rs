//! The page's side of a review: the moves of a game searched by one or more
//! AI workers (`src/bin/ai-worker.rs`), never on the page's thread.
//!
//! [`ReviewPool::start`] queues a run's moves and hands each to the next
//! worker free; each answer goes to the run's callback as soon as it comes,
//! so the page shows progress move by move. The pool starts its workers on
//! the first run (as many as [`workers_for`] the machine's cores, at most
//! [`MAX_WORKERS`]) and keeps them for the next. A worker holds one question
//! at a time, so [`ReviewPool::cancel`] takes effect at once: the queue is
//! dropped, and the few answers still on their way are dropped when they
//! come. If a worker fails (its files missing, a crash), the move it was
//! searching gets an `Err` with the reason, and the next run starts a fresh
//! one. Every review question is limited by nodes, not time
//! ([`crate::ai::review`]), so the answers do not depend on how many
//! workers there are or how busy the machine is. How a worker is started
//! and spoken to is `worker.rs`'s, shared with the hints' client.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use super::browser;
use super::worker::{next_id, Heard, SearchWorker, WORKER_URL};
use crate::ai::bitboard::Bitboard;
use crate::ai::protocol::Request;
use crate::ai::review::{Assessment, REVIEW_NODES};

/// The most workers a review uses.
pub const MAX_WORKERS: usize = 4;

/// How many workers a review uses on a machine with `cores` logical cores:
/// all but one, for the page, and at least one.
pub fn workers_for(cores: usize) -> usize {
    cores.saturating_sub(1).clamp(1, MAX_WORKERS)
}

/// What a run's callback gets: the move's index in the history, and the
/// search's assessment or why there is none.
type OnAnswer = Rc<dyn Fn(usize, Result<Assessment, String>)>;

/// A handle on the review workers. Cheap to clone; clones share them.
#[derive(Clone, Default)]
pub struct ReviewPool(Rc<RefCell<Pool>>);

#[derive(Default)]
struct Pool {
    workers: Vec<Slot>,
    /// The run's moves not yet handed to a worker.
    queue: VecDeque<(usize, Bitboard)>,
    /// The run in flight: its callback.
    run: Option<OnAnswer>,
    /// Workers started so far, to name each one's slot.
    started: u32,
}

struct Slot {
    /// Which worker this is (its listeners find their slot by it).
    name: u32,
    worker: SearchWorker,
    /// The move it is searching: its index in the history.
    at: Option<usize>,
}

impl ReviewPool {
    /// Searches `moves` (each its index in the history and its board),
    /// replacing any run in flight; `on_answer` gets each move's answer.
    pub fn start(
        &self,
        moves: Vec<(usize, Bitboard)>,
        on_answer: impl Fn(usize, Result<Assessment, String>) + 'static,
    ) {
        {
            let mut pool = self.0.borrow_mut();
            pool.queue = moves.into();
            pool.run = Some(Rc::new(on_answer));
        }
        self.fill();
        feed(&self.0);
    }

    /// Drops the run in flight: no more of its answers come.
    pub fn cancel(&self) {
        let mut pool = self.0.borrow_mut();
        pool.queue.clear();
        pool.run = None;
    }

    /// Starts workers up to the machine's share; one that cannot start
    /// fails the run's next move with the reason, unless another runs.
    fn fill(&self) {
        let want = workers_for(browser::cores());
        while self.0.borrow().workers.len() < want {
            let name = {
                let mut pool = self.0.borrow_mut();
                pool.started += 1;
                pool.started
            };
            match start(name, Rc::downgrade(&self.0)) {
                Ok(worker) => self.0.borrow_mut().workers.push(Slot {
                    name,
                    worker,
                    at: None,
                }),
                Err(sentence) => {
                    if self.0.borrow().workers.is_empty() {
                        fail_run(&self.0, sentence);
                    }
                    return;
                }
            }
        }
    }
}

/// Hands the next queued move to each ready worker that is free.
fn feed(pool: &Rc<RefCell<Pool>>) {
    let mut refused = None;
    {
        let mut p = pool.borrow_mut();
        let p = &mut *p;
        for slot in p.workers.iter_mut().filter(|s| s.worker.free()) {
            let Some((at, board)) = p.queue.pop_front() else {
                break;
            };
            let request = Request {
                id: next_id(),
                board,
                budget_ms: 0,
                nodes: Some(REVIEW_NODES),
                review: true,
            };
            slot.at = Some(at);
            if let Err(sentence) = slot.worker.ask(&request) {
                refused = Some((slot.name, at, sentence));
                break;
            }
        }
    }
    if let Some((name, at, sentence)) = refused {
        lose(pool, name, Some(at), sentence);
    }
}

/// Starts worker `name`, its texts and failures going to `pool`.
fn start(name: u32, pool: Weak<RefCell<Pool>>) -> Result<SearchWorker, String> {
    let weak = pool.clone();
    SearchWorker::start(
        WORKER_URL,
        move |text| {
            if let Some(pool) = weak.upgrade() {
                receive(&pool, name, &text);
            }
        },
        move |sentence| {
            if let Some(pool) = pool.upgrade() {
                let at = asked(&pool, name);
                lose(&pool, name, at, sentence);
            }
        },
    )
}

/// The move worker `name` is searching, if any.
fn asked(pool: &Rc<RefCell<Pool>>, name: u32) -> Option<usize> {
    let p = pool.borrow();
    p.workers.iter().find(|s| s.name == name)?.at
}

/// A text from worker `name`: ready, an answer, or its loader's failure.
fn receive(pool: &Rc<RefCell<Pool>>, name: u32, text: &str) {
    let (heard, at) = {
        let mut p = pool.borrow_mut();
        let Some(slot) = p.workers.iter_mut().find(|s| s.name == name) else {
            return;
        };
        let heard = slot.worker.hear(text);
        let at = match heard {
            Heard::Answer(_) => slot.at.take(),
            _ => slot.at,
        };
        (heard, at)
    };
    match heard {
        Heard::Failed(sentence) => return lose(pool, name, at, sentence),
        Heard::Answer(answer) => {
            if let Some(at) = at {
                deliver(pool, at, answer.and_then(assessment));
            }
        }
        Heard::Ready | Heard::Nothing => {}
    }
    feed(pool);
}

/// The assessment in a review's reply.
fn assessment(advice: crate::ai::protocol::Advice) -> Result<Assessment, String> {
    match (advice.direction, advice.target, advice.values) {
        (Some(best), Some(target), Some(values)) => Ok(Assessment {
            best,
            target,
            values,
            ends: advice.ends.unwrap_or(0),
        }),
        _ => Err("The AI worker's answer had no target or no values".into()),
    }
}

/// Hands an answer to the run in flight, if any. No borrow is held while
/// the callback runs: it sends a message, whose rule may start a run.
fn deliver(pool: &Rc<RefCell<Pool>>, at: usize, result: Result<Assessment, String>) {
    let run = pool.borrow().run.clone();
    if let Some(on_answer) = run {
        on_answer(at, result);
    }
}

/// Worker `name` is unusable: drop it, and fail the move it was searching
/// (or, with no worker left, the run's next move).
fn lose(pool: &Rc<RefCell<Pool>>, name: u32, at: Option<usize>, sentence: String) {
    let at = {
        let mut p = pool.borrow_mut();
        p.workers.retain(|s| s.name != name);
        let next = (p.workers.is_empty())
            .then(|| p.queue.front().map(|&(at, _)| at))
            .flatten();
        at.or(next)
    };
    if let Some(at) = at {
        deliver(pool, at, Err(sentence));
    } else {
        feed(pool);
    }
}

/// No worker could start: the run's next move fails with the reason.
fn fail_run(pool: &Rc<RefCell<Pool>>, sentence: String) {
    let next = pool.borrow().queue.front().map(|&(at, _)| at);
    if let Some(at) = next {
        deliver(pool, at, Err(sentence));
    }
}
