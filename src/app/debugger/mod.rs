//! The debugger: the page's whole life as data. The app is one fold,
//! `update(model, msg)` from `init(flags)`, so what the page did is its
//! flags and its messages: a [`Session`]. The page's own is the runtime's
//! [`Recording`] (the last [`RECORD_LEN`] messages and the model at the
//! window's start), which the runtime keeps outside the app's model; a
//! session file holds one (`file`, read and written only by the debugger's
//! chunk and natively).
//!
//! The debugger itself is a program of its own ([`program`]), which wraps
//! the app as Elm's debugger does: its model (its list, its selection and
//! its [`Snapshots`], a model every [`SNAPSHOT_EVERY`] messages, or fewer
//! past [`SNAPSHOT_BYTES`], so that showing any message replays at most
//! the span between two), messages and rules are not the app's. What a message changed is [`diff`] (read by the inspector
//! and the `session` binary).

pub mod diff;
pub mod file;
pub mod inspected;
pub mod program;
pub mod recording;

use std::collections::VecDeque;

use super::init::{init, Flags};
use super::model::Model;
use super::msg::Msg;
use super::update;
pub use recording::{Entry, Recording, RECORD_LEN};

/// The session file's format version; a file of another one is refused.
/// 2: the model as rooms (`game`, `travel`, `settings`, …).
/// 3: each message's [`fingerprint`] of the board after it.
/// 4: the player's own game always `game.own`, a challenge's always its
/// `game`, and the best score read as every record (`Saved::best`).
/// 5: another tab's best score as read (`BestElsewhere`'s `Loaded`), so
/// one set aside is named too.
/// 6: learn's room (`learn`, its chunk in `chunks`, the deck waiting to be
/// written in `storage.unsaved`) and its messages.
/// 7: a review's verdict written as its assessment's fields and the move
/// played (`ai::review::Judged`); the deck as storage writes it
/// (`session::deck_as_stored`); a chunk by its name (`"learn"`).
/// 8: each move in a review with its number in its game
/// (`MoveInReview::number`).
pub const SESSION_VERSION: u32 = 8;

/// The game on the board after a message, as one number: its cells'
/// values, row by row, and its score (FNV-1a). The recording keeps one a
/// message, so a replay is told at the very message where its board parts
/// from the page's, even where no command says so (a move gives none).
pub fn fingerprint(model: &Model) -> u32 {
    let state = model.board_game().present();
    let board = &state.board;
    let cells = board
        .positions()
        .map(|pos| board.get(pos).map_or(0, |t| t.value));
    std::iter::once(state.score)
        .chain(cells)
        .fold(0x811c_9dc5, |hash: u32, value| {
            (hash ^ (value as u32 ^ (value >> 32) as u32)).wrapping_mul(0x0100_0193)
        })
}

/// The model a session starts from, the page's own or a file's: `start`,
/// the model at the window's start once messages were let go, else
/// `init(flags)`'s.
pub fn start_model(flags: &Flags, start: Option<&Model>) -> Model {
    start.cloned().unwrap_or_else(|| init(flags).0)
}

/// A session: what `init` was given and the messages that followed, with
/// the commands `update` gave for each as the page recorded them (in the
/// message log's words).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Session {
    pub version: u32,
    pub flags: Flags,
    /// How many messages came before the first one here (the page's
    /// window had moved on).
    pub first: u64,
    /// The model before the first message here, when the page no longer
    /// kept the ones before it; `None`: `init(flags)`'s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Box<Model>>,
    pub messages: Vec<Msg>,
    /// The commands each message gave in the page, in words.
    pub commands: Vec<Vec<String>>,
    /// The [`fingerprint`] of the board after each message in the page.
    pub fingerprints: Vec<u32>,
    /// The page's model when the session was saved, to check a replay
    /// against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Box<Model>>,
}

/// One message of a session replayed: the models right before and after
/// it, what `update` made of it now, and the commands and the board's
/// fingerprint the page recorded.
pub struct Step<'a> {
    pub before: &'a Model,
    pub after: &'a Model,
    pub entry: Entry,
    pub recorded: &'a [String],
    pub recorded_fingerprint: u32,
}

/// Where a replayed message parts from the page's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parted {
    /// The board after it is not the page's (its fingerprint differs).
    Board,
    /// Its commands are not the ones the page recorded.
    Commands,
}

impl Step<'_> {
    /// Whether the commands given now are the ones recorded.
    pub fn same(&self) -> bool {
        same(&self.entry, self.recorded)
    }

    /// Where this message parts from the page's ([`parted`]).
    pub fn parted(&self) -> Vec<Parted> {
        parted(
            self.after,
            &self.entry,
            self.recorded,
            self.recorded_fingerprint,
        )
    }
}

/// Whether the commands `entry` gave are the ones recorded.
fn same(entry: &Entry, recorded: &[String]) -> bool {
    entry.labels() == recorded
}

/// Where a replayed message parts from the page's, the board first:
/// nothing if it replays as recorded. `after` is the model right after it,
/// `entry` what `update` made of it now, `recorded` and
/// `recorded_fingerprint` what the page recorded. The one rule by which
/// the `session` tool names the first message that differs and the
/// debugger marks, in a file it opens, every one that does.
pub fn parted(
    after: &Model,
    entry: &Entry,
    recorded: &[String],
    recorded_fingerprint: u32,
) -> Vec<Parted> {
    let board = (fingerprint(after) != recorded_fingerprint).then_some(Parted::Board);
    let commands = (!same(entry, recorded)).then_some(Parted::Commands);
    board.into_iter().chain(commands).collect()
}

impl Session {
    /// The number of the last message (`first` if there is none).
    pub fn last(&self) -> u64 {
        self.first + self.messages.len() as u64
    }

    /// The model the session starts from.
    pub fn start_model(&self) -> Model {
        start_model(&self.flags, self.start.as_deref())
    }

    /// Replays every message from the start, handing `each` every step;
    /// gives the last model.
    pub fn replay_all(&self, mut each: impl FnMut(&Step)) -> Model {
        let mut before = self.start_model();
        self.fold_each(|after, entry, recorded, print| {
            each(&Step {
                before: &before,
                after,
                entry,
                recorded,
                recorded_fingerprint: print,
            });
            before = after.clone();
        })
    }

    /// Replays every message from the start, handing `each` the model
    /// right after it, what `update` made of it, and the commands and
    /// fingerprint the page recorded; gives the last model. It copies no
    /// model, so a long file's replay costs only its `update`s.
    pub fn fold_each(&self, mut each: impl FnMut(&Model, Entry, &[String], u32)) -> Model {
        let mut model = self.start_model();
        let recorded = self.commands.iter().zip(&self.fingerprints);
        for (i, (msg, (recorded, &print))) in self.messages.iter().zip(recorded).enumerate() {
            let (_, entry) = Entry::fold(&mut model, msg.clone(), self.first + 1 + i as u64);
            each(&model, entry, recorded, print);
        }
        model
    }
}

/// A session's messages as the debugger replays them: the page's own
/// recording, or a session opened from a file.
pub trait Messages {
    /// The number of the message right before the first one kept.
    fn first(&self) -> u64;
    /// The number of the last message.
    fn last(&self) -> u64;
    /// The model right after message `first`.
    fn start(&self) -> Model;
    /// Message `n`, if it is kept.
    fn msg(&self, n: u64) -> Option<&Msg>;
}

impl Messages for Recording {
    fn first(&self) -> u64 {
        Recording::first(self)
    }
    fn last(&self) -> u64 {
        Recording::last(self)
    }
    fn start(&self) -> Model {
        self.start_model()
    }
    fn msg(&self, n: u64) -> Option<&Msg> {
        self.entry(n).map(|e| &*e.msg)
    }
}

impl Messages for Session {
    fn first(&self) -> u64 {
        self.first
    }
    fn last(&self) -> u64 {
        Session::last(self)
    }
    fn start(&self) -> Model {
        self.start_model()
    }
    fn msg(&self, n: u64) -> Option<&Msg> {
        let i = n.checked_sub(self.first + 1)?;
        self.messages.get(i as usize)
    }
}

/// A snapshot is kept after every this many messages (Elm's debugger keeps
/// one every 64 too), while the snapshots fit in [`SNAPSHOT_BYTES`]: then
/// showing any message replays at most this many `update`s (and Next one).
pub const SNAPSHOT_EVERY: u64 = 64;

/// What the snapshots may hold, estimated ([`weight`]). A model holds its
/// game's whole history, so a long life's models are big: past this, every
/// other snapshot is let go and they are taken half as often, so memory
/// stays bounded and a step replays at most the span between two.
pub const SNAPSHOT_BYTES: usize = 1_500_000;

/// A model's size, estimated from its history's length: each input is a
/// byte, its score eight, and a checkpoint every 64 inputs a few hundred
/// (`tests/recording_memory.rs` measures what the snapshots hold).
pub fn weight(model: &Model) -> usize {
    8_192 + model.board_game().len() * 24
}

/// The models right after every so many messages of a session's window
/// (every [`SNAPSHOT_EVERY`], or a multiple of it for big models), oldest
/// first.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshots {
    models: VecDeque<(u64, Model)>,
    /// Every how many messages one is kept.
    every: u64,
    /// What they hold, estimated.
    held: usize,
}

impl Default for Snapshots {
    fn default() -> Snapshots {
        Snapshots {
            models: VecDeque::new(),
            every: SNAPSHOT_EVERY,
            held: 0,
        }
    }
}

impl Snapshots {
    /// The snapshots of `session`, replayed once from its start.
    pub fn of(session: &impl Messages) -> Snapshots {
        let mut snapshots = Snapshots::default();
        let mut model = session.start();
        for n in session.first() + 1..=session.last() {
            if let Some(msg) = session.msg(n) {
                update(&mut model, msg.clone());
            }
            snapshots.take(n, &model);
        }
        snapshots
    }

    /// Keeps `model`, the model right after message `n`, if `n` is one
    /// kept; past [`SNAPSHOT_BYTES`], thins them.
    pub fn take(&mut self, n: u64, model: &Model) {
        let newer = self.models.back().is_none_or(|(m, _)| *m < n);
        if n % self.every == 0 && newer {
            self.models.push_back((n, model.clone()));
            self.held += weight(model);
        }
        while self.held > SNAPSHOT_BYTES && self.models.len() > 1 {
            self.every *= 2;
            let every = self.every;
            self.models.retain(|(m, _)| m % every == 0);
            self.held = self.models.iter().map(|(_, model)| weight(model)).sum();
        }
    }

    /// Forgets those before message `first`, which the window no longer
    /// holds.
    pub fn forget_before(&mut self, first: u64) {
        while let Some((_, model)) = self.models.front().filter(|(n, _)| *n < first) {
            self.held -= weight(model);
            self.models.pop_front();
        }
    }

    /// How many are kept.
    pub fn len(&self) -> usize {
        self.models.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.models.is_empty()
    }

    /// Every how many messages one is kept: the most `update`s a step
    /// replays.
    pub fn every(&self) -> u64 {
        self.every
    }

    /// The models right after message `n` and right before it (the same
    /// at the session's start), replayed from the latest snapshot before
    /// it (or the session's start): at most [`Snapshots::every`] messages.
    pub fn models_at(&self, session: &impl Messages, n: u64) -> (Model, Model) {
        let n = n.clamp(session.first(), session.last());
        if n == session.first() {
            let start = session.start();
            return (start.clone(), start);
        }
        let (from, mut model) = self
            .models
            .iter()
            .rev()
            .find(|(m, _)| *m < n && *m >= session.first())
            .map_or_else(
                || (session.first(), session.start()),
                |(m, model)| (*m, model.clone()),
            );
        for k in from + 1..n {
            if let Some(msg) = session.msg(k) {
                update(&mut model, msg.clone());
            }
        }
        let before = model.clone();
        if let Some(msg) = session.msg(n) {
            update(&mut model, msg.clone());
        }
        (model, before)
    }
}
