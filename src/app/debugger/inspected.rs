//! [`Inspected`]: what the debugger's inspector shows, as plain data: the
//! debugger's model, and the message paused on [`Described`] from the
//! models right before and after it (replayed by its runner).

use super::diff::{diff, Change};
use super::program::Debugger;
use crate::app::model::Model;

/// What the inspector shows: the debugger's model, the first and last
/// message that can be shown, and the one paused on, described.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inspected {
    pub debugger: Debugger,
    pub first: u64,
    pub last: u64,
    pub described: Described,
}

/// What the message paused on was and did: the models right before and
/// after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Described {
    pub msg: String,
    pub outcome: String,
    pub changes: Vec<Change>,
}

impl Described {
    /// Message `at` of a replay, `first` being the start of the messages
    /// that can be shown (which no message made: `init(flags)`'s).
    pub fn of(at: u64, first: u64, before: &Model, after: &Model) -> Described {
        match after.log.latest().filter(|e| e.n == at && at > first) {
            Some(entry) => Described {
                msg: entry.msg.label(),
                outcome: entry.outcome_and_subs(),
                changes: diff(before, after),
            },
            None => Described {
                msg: "the start".into(),
                outcome: "init(flags)".into(),
                changes: Vec::new(),
            },
        }
    }
}
