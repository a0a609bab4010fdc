//! The debugger: the page's whole life as data. The app is one fold,
//! `update(model, msg)` from `init(flags)`, so what the page did is its
//! flags and its messages: a [`Session`]. The page's own is its message log
//! (the model's `Log`, the last [`RECORD_LEN`] messages) with what the
//! runtime keeps beside it ([`Recording`]); a session file holds one
//! (`file`, read and written only by the history panel's chunk and
//! natively); [`Session::model_at`] replays it to any message.
//!
//! The debugger itself is a program of its own ([`program`]), which wraps
//! the app as Elm's debugger does: its model, messages and rules are not the
//! app's. What a message changed is [`diff`] (read by the inspector and the
//! `session` binary).

pub mod diff;
pub mod file;
pub mod inspected;
pub mod program;

use super::cmd::Cmd;
use super::init::{init, Flags};
use super::log::{Entry, Log};
use super::model::Model;
use super::msg::Msg;
use super::update;

pub use super::log::RECORD_LEN;

/// The session file's format version; a file of a later one is refused.
pub const SESSION_VERSION: u32 = 1;

/// A session: what `init` was given and the messages that followed, with
/// the commands `update` gave for each as the page recorded them (in the
/// message log's words).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Session {
    pub version: u32,
    pub flags: Flags,
    /// How many messages came before the first one here (the page's
    /// window had moved on, or `init` handled one itself: `?daily`).
    pub first: u64,
    /// The model before the first message here, when the page no longer
    /// kept the ones before it; `None`: `init(flags)`'s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Box<Model>>,
    pub messages: Vec<Msg>,
    /// The commands each message gave in the page, in words.
    pub commands: Vec<Vec<String>>,
    /// The page's model when the session was saved, to check a replay
    /// against (the message log and the debugger are not written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Box<Model>>,
}

/// One message of a session replayed: its number, the models right before
/// and after it, and the commands the page recorded for it.
pub struct Step<'a> {
    pub n: u64,
    pub before: &'a Model,
    pub after: &'a Model,
    pub recorded: &'a [String],
}

impl Step<'_> {
    /// The message and the commands `update` gave now, in words.
    pub fn entry(&self) -> Option<&Entry> {
        self.after.log.latest().filter(|e| e.n == self.n)
    }

    /// Whether the commands given now are the ones recorded.
    pub fn same(&self) -> bool {
        self.entry().is_some_and(|e| {
            e.cmds
                .iter()
                .map(|c| c.label())
                .eq(self.recorded.iter().cloned())
        })
    }
}

impl Session {
    /// The number of the last message (`first` if there is none).
    pub fn last(&self) -> u64 {
        self.first + self.messages.len() as u64
    }

    /// The model the session starts from.
    pub fn start_model(&self) -> Model {
        match &self.start {
            Some(model) => Model {
                log: Log::counted(self.first, model.log.open),
                ..(**model).clone()
            },
            None => init(&self.flags).0,
        }
    }

    /// Replays every message from the start, handing `each` every step;
    /// gives the last model.
    pub fn replay_all(&self, mut each: impl FnMut(&Step)) -> Model {
        let mut model = self.start_model();
        for (i, (msg, recorded)) in self.messages.iter().zip(&self.commands).enumerate() {
            let before = model.clone();
            update(&mut model, msg.clone());
            each(&Step {
                n: self.first + 1 + i as u64,
                before: &before,
                after: &model,
                recorded,
            });
        }
        model
    }

    /// The model right after message `n` (`first`: the start), and the one
    /// right before it; `n` is held within the session.
    pub fn model_at(&self, n: u64) -> (Model, Model) {
        replay(
            self.start_model(),
            &self.messages,
            n.saturating_sub(self.first),
        )
    }
}

/// Folds the first `k` of `messages` into `model`: the models after `k`
/// and after `k - 1` (the same at the start).
fn replay(mut model: Model, messages: &[Msg], k: u64) -> (Model, Model) {
    let k = (k as usize).min(messages.len());
    let Some((last, before)) = messages[..k].split_last() else {
        return (model.clone(), model);
    };
    for msg in before {
        update(&mut model, msg.clone());
    }
    let previous = model.clone();
    update(&mut model, last.clone());
    (model, previous)
}

/// The page's own session as it goes. Its messages are the message log's:
/// the model's `Log` keeps the last [`RECORD_LEN`], each with the commands
/// it gave. The recording keeps what the log does not: the flags `init` was
/// given, and the model right before the log's oldest message once the log
/// has let messages go, so that the window replays. The runtime folds every
/// message through [`Recording::fold`].
pub struct Recording {
    flags: Flags,
    /// How many messages `init` handled itself (`?daily`): the page's
    /// session starts after them.
    first: u64,
    /// The model right before the log's oldest message, once the log has
    /// let messages go (its own log emptied).
    start: Option<Model>,
}

impl Recording {
    /// A recording of a page that `init(flags)` began with `model`.
    pub fn new(flags: Flags, model: &Model) -> Recording {
        Recording {
            flags,
            first: model.log.count(),
            start: None,
        }
    }

    /// `update`, the page's session kept: a message the log is about to
    /// let go is folded into the window's start first.
    pub fn fold(&mut self, model: &mut Model, msg: Msg) -> Vec<Cmd> {
        if let Some(oldest) = model.log.leaving().filter(|e| e.n > self.first) {
            let start = self.start.get_or_insert_with(|| init(&self.flags).0);
            update(start, (*oldest.msg).clone());
            start.log = Log::counted(start.log.count(), start.log.open);
        }
        update(model, msg)
    }

    /// The messages of the page's session that `log` keeps, oldest first.
    fn kept<'a>(&self, log: &'a Log) -> impl Iterator<Item = &'a Entry> + use<'a> {
        let first = self.first;
        log.oldest_first().filter(move |e| e.n > first)
    }

    /// The first and last message of the page's session that `log` keeps
    /// (the first: the one before the oldest kept, or the start).
    pub fn range(&self, log: &Log) -> (u64, u64) {
        let first = self.kept(log).next().map_or(log.count(), |e| e.n - 1);
        (first, log.count())
    }

    /// The models right after message `n` and right before it, replayed
    /// from the window's start.
    pub fn model_at(&self, log: &Log, n: u64) -> (Model, Model) {
        let start = match &self.start {
            Some(model) => model.clone(),
            None => init(&self.flags).0,
        };
        let messages = self.kept(log).map(|e| (*e.msg).clone()).collect::<Vec<_>>();
        replay(start, &messages, n.saturating_sub(self.range(log).0))
    }

    /// The session recorded, to save.
    pub fn session(&self, log: &Log) -> Session {
        Session {
            version: SESSION_VERSION,
            flags: self.flags.clone(),
            first: self.range(log).0,
            start: self.start.clone().map(Box::new),
            messages: self.kept(log).map(|e| (*e.msg).clone()).collect(),
            commands: self
                .kept(log)
                .map(|e| e.cmds.iter().map(|c| c.label()).collect())
                .collect(),
            end: None,
        }
    }
}
