//! [`Inspected`]: what the debugger's inspector shows, as plain data, made
//! from the debugger's model and the models right before and after the
//! message paused on (replayed by its runner).

use super::diff::{diff, Change};
use super::program::Debugger;
use crate::app::model::Model;

/// What the inspector shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inspected {
    /// The message shown, and the first and last that can be.
    pub at: Option<u64>,
    pub first: u64,
    pub last: u64,
    /// Whether it is a session opened from a file.
    pub file: bool,
    /// The message, and its commands or why it was ignored, in words.
    pub msg: String,
    pub outcome: String,
    /// What it changed in the model.
    pub changes: Vec<Change>,
    /// Why a file was refused, if one was.
    pub problem: Option<String>,
}

/// What the message paused on was and did: the models right before and
/// after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    pub msg: String,
    pub outcome: String,
    pub changes: Vec<Change>,
}

impl Step {
    /// Message `at` of a replay, `first` being the start of the messages
    /// that can be shown (which no message made: `init(flags)`'s).
    pub fn of(at: u64, first: u64, before: &Model, after: &Model) -> Step {
        match after.log.latest().filter(|e| e.n == at && at > first) {
            Some(entry) => Step {
                msg: entry.msg.label(),
                outcome: entry.outcome_and_subs(),
                changes: diff(before, after),
            },
            None => Step {
                msg: "the start".into(),
                outcome: "init(flags)".into(),
                changes: Vec::new(),
            },
        }
    }
}

impl Inspected {
    /// The debugger's model with the messages that can be shown and the
    /// step paused on.
    pub fn of(debugger: &Debugger, (first, last): (u64, u64), step: Step) -> Inspected {
        Inspected {
            at: debugger.at,
            first,
            last,
            file: debugger.opened.is_some(),
            msg: step.msg,
            outcome: step.outcome,
            changes: step.changes,
            problem: debugger.problem.clone(),
        }
    }
}
