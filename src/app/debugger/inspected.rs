//! [`Inspected`]: what the debugger's inspector shows, as plain data: where
//! the page is paused, and the message paused on [`Described`] from the
//! models right before and after it (replayed by the debugger's `update`);
//! and [`Listed`], which messages its list stands for (their words are made
//! only for the rows drawn).

use serde_json::Value;

use super::diff::{diff_and_after, Change};
use super::program::{Debugger, Page};

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

/// Which messages the list stands for: `first + 1 ..= last` of the page's
/// own session (`file: None`) or of file N's. Its rows are drawn from it
/// and the debugger's model, only those in view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    pub file: Option<u32>,
    pub first: u64,
    pub last: u64,
    /// In a file opened, the first message whose replay differs from what
    /// the file recorded, and how many do.
    pub parted: Option<(u64, usize)>,
}

impl Listed {
    /// What `debugger` lists.
    pub fn of(debugger: &Debugger) -> Listed {
        let timeline = debugger.timeline();
        Listed {
            file: debugger.opened.as_ref().map(|o| o.file),
            first: timeline.first,
            last: timeline.last,
            parted: debugger
                .opened
                .as_ref()
                .and_then(|o| Some((*o.parted.first()?, o.parted.len()))),
        }
    }

    /// How many messages it stands for.
    pub fn len(&self) -> u64 {
        self.last.saturating_sub(self.first)
    }

    /// Whether it stands for none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
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
    /// The message `debugger` is paused on, on `page`, described, and the
    /// model right after it as JSON (the inspector's tree of it).
    pub fn of(debugger: &Debugger, page: Page) -> (Described, Option<Value>) {
        let row = debugger.at.and_then(|n| debugger.row(page, n));
        match (row, &debugger.shown) {
            (Some(row), Some(shown)) if shown.n == row.n => {
                let (changes, after) = diff_and_after(&shown.before, &shown.after);
                let described = Described {
                    msg: row.msg,
                    outcome: format!("{} {}", row.outcome, row.subs).trim_end().into(),
                    changes,
                };
                (described, Some(after))
            }
            (_, shown) => (
                Described::start(),
                shown
                    .as_ref()
                    .and_then(|s| serde_json::to_value(&s.after).ok()),
            ),
        }
    }

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
