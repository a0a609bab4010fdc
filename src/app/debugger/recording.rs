//! The runtime's recording of the page's session, as Elm's runtime keeps
//! one for its debugger: the flags `init` was given, the model at the
//! window's start, and the last [`RECORD_LEN`] messages, each with what
//! `update` made of it ([`Entry`]). The runtime folds every message through
//! [`Recording::fold`] from the first one on; the app's `Model`, `Msg` and
//! `update` do not know it. The debugger (its own chunk) lists it, steps
//! through it and saves it; nothing else reads it.
//!
//! It keeps each message itself, not its words: they are made when the
//! debugger shows them (`Msg::label`, in the debugger's chunk), so a key
//! press formats nothing.

use std::collections::VecDeque;

use super::{fingerprint, Session, SESSION_VERSION};
use crate::app::cmd::{Cmd, Logged};
use crate::app::init::{init, Flags};
use crate::app::model::Model;
use crate::app::msg::Msg;
use crate::app::subscriptions::subscriptions;
use crate::app::{update, update_explained, Ignored};

/// How many messages the recording keeps: its window.
pub const RECORD_LEN: usize = 5000;

/// One message and what `update` made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The message's number since the page opened (from 1).
    pub n: u64,
    /// The message, boxed: a message is as big as its biggest kind (an
    /// AI's answer), most are small, and the recording keeps 5 000.
    pub msg: Box<Msg>,
    /// The commands `update` returned, as the recording keeps them.
    pub cmds: Vec<Logged>,
    /// Why nothing happened, if nothing did.
    pub ignored: Option<Ignored>,
    /// The subscriptions it started (`+idle`), stopped (`−ticker`) or
    /// restarted (`~clock`): Elm's `subscriptions` at work.
    pub subs: Vec<(char, &'static str)>,
}

impl Entry {
    /// Folds message `n` into `model`: its commands, and what the
    /// recording keeps of it.
    pub fn fold(model: &mut Model, msg: Msg, n: u64) -> (Vec<Cmd>, Entry) {
        let before = subscriptions(model);
        let (cmds, ignored) = update_explained(model, msg.clone());
        let subs = before.changes(&subscriptions(model));
        let entry = Entry {
            n,
            msg: Box::new(msg),
            cmds: cmds.iter().map(Cmd::logged).collect(),
            ignored,
            subs,
        };
        (cmds, entry)
    }

    /// Its commands as a session file keeps them: their labels
    /// ([`Logged::label`]), the one shape of a message's commands in words.
    pub fn labels(&self) -> Vec<String> {
        self.cmds.iter().map(|c| c.label()).collect()
    }

    /// What `update` made of the message, in words: its commands, or why
    /// it was ignored.
    pub fn outcome(&self) -> String {
        outcome(self.ignored, &self.labels())
    }

    /// What it did to the subscriptions, in words (`+idle −ticker`).
    pub fn subs_words(&self) -> String {
        let subs: Vec<String> = self
            .subs
            .iter()
            .map(|(sign, name)| format!("{sign}{name}"))
            .collect();
        subs.join(" ")
    }

    /// What it did to the subscriptions, in words, after the outcome, if
    /// it did anything.
    pub fn outcome_and_subs(&self) -> String {
        let (outcome, subs) = (self.outcome(), self.subs_words());
        if subs.is_empty() {
            outcome
        } else {
            format!("{outcome} {subs}")
        }
    }
}

/// What `update` made of a message, in words, the page's own or a file's:
/// why it was ignored, or its commands (`labels`), or "no commands".
pub fn outcome(ignored: Option<Ignored>, labels: &[String]) -> String {
    match ignored {
        Some(why) => why.words().to_string(),
        None if labels.is_empty() => "no commands".to_string(),
        None => labels.join(", "),
    }
}

/// Commands in words, as the message log says them.
pub fn said(cmds: &[Logged]) -> String {
    let labels: Vec<String> = cmds.iter().map(|c| c.label()).collect();
    labels.join(", ")
}

/// The page's session as it goes: the flags, the model at the window's
/// start, and the last [`RECORD_LEN`] messages.
pub struct Recording {
    flags: Flags,
    /// The model right before the oldest message kept, once messages have
    /// been let go; `None`: `init(flags)`'s.
    start: Option<Box<Model>>,
    entries: VecDeque<Entry>,
    /// How many messages the page has taken.
    count: u64,
}

impl Recording {
    /// The recording of a page opened with `flags`.
    pub fn new(flags: Flags) -> Recording {
        Recording {
            flags,
            start: None,
            entries: VecDeque::new(),
            count: 0,
        }
    }

    /// `update`, recorded: a message the window is about to let go is
    /// folded into the window's start first.
    pub fn fold(&mut self, model: &mut Model, msg: Msg) -> Vec<Cmd> {
        if self.entries.len() == RECORD_LEN {
            if let Some(oldest) = self.entries.pop_front() {
                let start = self
                    .start
                    .get_or_insert_with(|| Box::new(init(&self.flags).0));
                update(start, *oldest.msg);
            }
        }
        self.count += 1;
        let (cmds, entry) = Entry::fold(model, msg, self.count);
        self.entries.push_back(entry);
        cmds
    }

    /// The number of the message right before the oldest kept (the
    /// window's start: 0 until messages are let go).
    pub fn first(&self) -> u64 {
        self.count - self.entries.len() as u64
    }

    /// The number of the latest message.
    pub fn last(&self) -> u64 {
        self.count
    }

    /// The messages kept, oldest first.
    pub fn entries(&self) -> &VecDeque<Entry> {
        &self.entries
    }

    /// Message `n`, if it is kept.
    pub fn entry(&self, n: u64) -> Option<&Entry> {
        let i = n.checked_sub(self.first() + 1)?;
        self.entries.get(i as usize)
    }

    /// The model at the window's start.
    pub fn start_model(&self) -> Model {
        super::start_model(&self.flags, self.start.as_deref())
    }

    /// The session recorded, to save: it starts from the window's start
    /// model once messages have been let go. The board after each message
    /// is fingerprinted here, by folding the window again from its start
    /// (`update` is pure, so these are the page's boards), not as the page
    /// plays: the recording costs a key press nothing more.
    pub fn session(&self) -> Session {
        let mut model = self.start_model();
        let fingerprints = self
            .entries
            .iter()
            .map(|e| {
                update(&mut model, (*e.msg).clone());
                fingerprint(&model)
            })
            .collect();
        Session {
            version: SESSION_VERSION,
            flags: self.flags.clone(),
            first: self.first(),
            start: self.start.clone(),
            messages: self.entries.iter().map(|e| (*e.msg).clone()).collect(),
            commands: self.entries.iter().map(Entry::labels).collect(),
            fingerprints,
            end: None,
        }
    }
}
