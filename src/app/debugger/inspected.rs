//! [`Inspected`]: what the debugger's inspector shows, as plain data: where
//! the page is paused, and the message paused on [`Described`] from the
//! models right before and after it (replayed by the debugger's `update`).

use super::diff::{diff, Change};
use super::program::Debugger;

/// What the inspector shows: the message paused on (if any), whose
/// session it is, the first and last message that can be shown, what it
/// was and did, and what the debugger has to say (a refusal, an input
/// blocked).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inspected {
    pub at: Option<u64>,
    /// Whether the session shown is a file's.
    pub file: bool,
    pub first: u64,
    pub last: u64,
    pub described: Described,
    pub problem: Option<String>,
    pub blocked: Option<String>,
}

/// What the message paused on was and did: the models right before and
/// after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Described {
    pub msg: String,
    pub outcome: String,
    pub changes: Vec<Change>,
}

impl Inspected {
    /// What the debugger shows, `first` and `last` the messages that can
    /// be.
    pub fn of(debugger: &Debugger, (first, last): (u64, u64)) -> Inspected {
        let row = debugger.at.and_then(|n| debugger.timeline().row(n));
        Inspected {
            at: debugger.at,
            file: debugger.opened.is_some(),
            first,
            last,
            described: match (row, &debugger.shown) {
                (Some(row), Some(shown)) if shown.n == row.n => Described {
                    msg: row.msg.clone(),
                    outcome: format!("{} {}", row.outcome, row.subs).trim_end().into(),
                    changes: diff(&shown.before, &shown.after),
                },
                _ => Described::start(),
            },
            problem: debugger.problem.clone(),
            blocked: debugger.blocked.clone(),
        }
    }
}

impl Described {
    /// The session's start, which no message made (`init(flags)`'s, or
    /// the model the file starts from).
    pub fn start() -> Described {
        Described {
            msg: "the start".into(),
            outcome: "init(flags)".into(),
            changes: Vec::new(),
        }
    }
}
