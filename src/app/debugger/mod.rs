//! The debugger: the page's whole life as data. The app is one fold,
//! `update(model, msg)` from `init(flags)`, so what the page did is its
//! flags and its messages: a [`Session`]. The runtime keeps the page's own
//! ([`Recording`], bounded by [`RECORD_LEN`]); a session file holds one
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

use super::cmd::Logged;
use super::init::{init, Flags};
use super::log::{Entry, Log};
use super::model::Model;
use super::msg::Msg;
use super::update;
use std::collections::VecDeque;

/// How many messages the page keeps: the last 5 000, and the model at the
/// start of that window, so the window replays.
pub const RECORD_LEN: usize = 5000;

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
            None => init(self.flags.clone()).0,
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

/// The page's own session as it goes: its flags, the model at the start of
/// the window, and the last [`RECORD_LEN`] messages with their commands.
/// The runtime records every message `update` folded in (a push), nothing
/// else.
pub struct Recording {
    flags: Flags,
    first: u64,
    start: Option<Model>,
    /// Each message boxed: a message is as big as its biggest kind (an
    /// AI's answer), most are small, and the queue grows by doubling.
    messages: VecDeque<Box<Msg>>,
    /// The commands each gave, as the message log keeps them (their words
    /// are made when the session is saved, in the history panel's chunk).
    commands: VecDeque<Vec<Logged>>,
}

impl Recording {
    /// A recording of a page that `init(flags)` began with `model`.
    pub fn new(flags: Flags, model: &Model) -> Recording {
        Recording {
            flags,
            first: model.log.count(),
            start: None,
            messages: VecDeque::new(),
            commands: VecDeque::new(),
        }
    }

    /// Keeps `msg`, folded in with these commands; past [`RECORD_LEN`] the
    /// oldest is folded into the window's start and let go.
    pub fn record(&mut self, msg: Msg, commands: Vec<Logged>) {
        self.messages.push_back(Box::new(msg));
        self.commands.push_back(commands);
        if self.messages.len() > RECORD_LEN {
            let start = self.start.get_or_insert_with(|| init(self.flags.clone()).0);
            if let Some(oldest) = self.messages.pop_front() {
                update(start, *oldest);
            }
            self.commands.pop_front();
            self.first += 1;
        }
    }

    /// The number of the message before the first one kept.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// How many messages are kept.
    pub fn len(&self) -> usize {
        self.messages.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.messages.is_empty()
    }

    /// The models right after message `n` and right before it, replayed
    /// from the window's start.
    pub fn model_at(&self, n: u64) -> (Model, Model) {
        let start = match &self.start {
            Some(model) => model.clone(),
            None => init(self.flags.clone()).0,
        };
        let messages = self
            .messages
            .iter()
            .map(|m| (**m).clone())
            .collect::<Vec<_>>();
        replay(start, &messages, n.saturating_sub(self.first))
    }

    /// The session recorded, to save.
    pub fn session(&self) -> Session {
        Session {
            version: SESSION_VERSION,
            flags: self.flags.clone(),
            first: self.first,
            start: self.start.clone().map(Box::new),
            messages: self.messages.iter().map(|m| (**m).clone()).collect(),
            commands: self
                .commands
                .iter()
                .map(|cmds| cmds.iter().map(|c| c.label()).collect())
                .collect(),
            end: None,
        }
    }
}
