//! The debugger as a program of its own, which wraps the app as Elm's
//! debugger wraps an Elm program: its model ([`Debugger`]), its one closed
//! message enum ([`DebugMsg`]), its pure [`update`], and the commands its
//! runner carries out ([`DebugCmd`]: `web::debugger`, in the debugger's
//! chunk). None of it is the app's: the page's `Model`, `Msg` and `update`
//! do not know it, and its messages are not recorded (they are about the
//! recording).
//!
//! Its model holds its own list (every message the page's recording
//! keeps, in words), its selection, and snapshots, so that showing any
//! message replays at most the span between two (64 messages,
//! [`SNAPSHOT_EVERY`](super::SNAPSHOT_EVERY), more for a long game's big
//! models: [`SNAPSHOT_BYTES`](super::SNAPSHOT_BYTES)), and Next one. While it has the page paused on a message, the
//! page shows the model the fold made right after it, under the debugger's
//! veil, which says so and how to go back to live; every input of the
//! player's is the debugger's (Elm's `BlockAll`): the page's controls and
//! the board under the veil are out of reach, and a key the app would take
//! is not taken ([`takes`]) but comes here, where Up and Down step through
//! the list (newest up) and any other is said not to be taken. What the
//! outside reports (the worker's answers, storage events, timers) folds
//! into the live model, kept aside, and into the list.

use super::{parted, recording, Messages, Recording, Session, Snapshots};
use crate::app::model::Model;
use crate::app::msg::{learn_inputs, Msg};
use crate::engine::{Direction, Input};

/// The debugger's model.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Debugger {
    /// Whether its message log is shown.
    pub open: bool,
    /// The page's own session: its list and snapshots.
    pub own: Timeline,
    /// The message the page is paused after, if it is (of the file
    /// opened, if one is).
    pub at: Option<u64>,
    /// The models right before and after it, replayed.
    pub shown: Option<Box<Shown>>,
    /// A session opened from a file, stepped through read-only.
    pub opened: Option<Box<Opened>>,
    /// How many files were opened: each its own number.
    pub files: u32,
    /// Why the last file could not be opened or saved, in words.
    pub problem: Option<String>,
    /// The player's last input blocked while paused, in words.
    pub blocked: Option<String>,
}

/// A session as the debugger lists it: which messages (their words are
/// made only for the rows drawn: [`Debugger::row`]), and its snapshots.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timeline {
    /// The message right before the first one listed (the window's start).
    pub first: u64,
    /// The last one listed: the list is `first + 1 ..= last`.
    pub last: u64,
    pub snapshots: Snapshots,
}

/// One message of the list, in words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub n: u64,
    pub msg: String,
    /// Its commands, or why it was ignored.
    pub outcome: String,
    /// The subscriptions it started, stopped or restarted (`+idle`).
    pub subs: String,
    /// Whether, in a file opened, its replay differs from what the file
    /// recorded (its commands or its board's fingerprint).
    pub differs: bool,
}

/// The models right before and after the message paused on.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub n: u64,
    /// Which session: the page's own (`None`) or file N's.
    pub file: Option<u32>,
    pub before: Model,
    pub after: Model,
}

/// A session opened from a file.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub file: u32,
    pub session: Session,
    pub timeline: Timeline,
    /// The messages whose replay differs from what the file recorded, in
    /// order (the `session` tool's rule: [`parted`]).
    pub parted: Vec<u64>,
}

/// Everything that can happen to the debugger.
#[derive(Clone, Debug, PartialEq)]
pub enum DebugMsg {
    /// Show or hide its message log.
    ToggleLog,
    /// Pause the page on the model right after message N (the page's own,
    /// or the opened file's); `None`: back to live, the file put away.
    Inspect(Option<u64>),
    /// Save the page's session to a file.
    Save,
    /// Pick a session file to open.
    Open,
    /// A session file was read.
    Opened(Box<Session>),
    /// A file could not be saved or opened: why, in words.
    Refused(String),
    /// The page's recording took a message (its latest).
    Recorded,
    /// The player's input, taken by the debugger while paused: Up and
    /// Down step through the list, anything else is said not to be taken.
    Blocked(Box<Msg>),
}

/// What the debugger's runner carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugCmd {
    /// Save the page's session (the runtime's recording) as a file the
    /// browser downloads; a failure comes back as `DebugMsg::Refused`.
    Save,
    /// Let the student pick a session file; what it holds comes back as
    /// `DebugMsg::Opened`, or why it is refused as `DebugMsg::Refused`.
    Pick,
}

/// The page the debugger wraps: the runtime's recording and the live model.
#[derive(Clone, Copy)]
pub struct Page<'a> {
    pub recording: &'a Recording,
    pub live: &'a Model,
}

impl Timeline {
    /// The list and snapshots of `session`, replayed once.
    pub fn of(session: &impl Messages) -> Timeline {
        Timeline {
            first: session.first(),
            last: session.last(),
            snapshots: Snapshots::of(session),
        }
    }

    /// The list and snapshots of a session file, and the messages whose
    /// replay differs from what it recorded ([`parted`]), in one replay.
    pub fn of_file(session: &Session) -> (Timeline, Vec<u64>) {
        let mut snapshots = Snapshots::default();
        let mut differ = Vec::new();
        session.fold_each(|after, entry, recorded, print| {
            snapshots.take(entry.n, after);
            if !parted(after, &entry, recorded, print).is_empty() {
                differ.push(entry.n);
            }
        });
        let timeline = Timeline {
            first: session.first,
            last: session.last(),
            snapshots,
        };
        (timeline, differ)
    }

    /// How many messages are listed.
    pub fn len(&self) -> u64 {
        self.last - self.first
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.last == self.first
    }

    /// Whether message `n` is listed.
    pub fn lists(&self, n: u64) -> bool {
        n > self.first && n <= self.last
    }
}

impl Row {
    /// Message `n` of the page's recording, in words.
    pub fn recorded(recording: &Recording, n: u64) -> Option<Row> {
        recording.entry(n).map(|e| Row {
            n,
            msg: e.msg.label(),
            outcome: e.outcome(),
            subs: e.subs_words(),
            differs: false,
        })
    }

    /// Message `n` of a session file, in words (its commands as recorded,
    /// said as the page's own are: [`recording::outcome`]).
    pub fn saved(session: &Session, n: u64) -> Option<Row> {
        let i = n.checked_sub(session.first + 1)? as usize;
        Some(Row {
            n,
            msg: session.messages.get(i)?.label(),
            outcome: recording::outcome(None, session.commands.get(i)?),
            subs: String::new(),
            differs: false,
        })
    }
}

impl Debugger {
    /// The debugger as it starts on `page`: the page's session so far
    /// listed, its snapshots taken (one replay of the window).
    pub fn start(page: Page) -> Debugger {
        let recording = page.recording;
        Debugger {
            own: Timeline::of(recording),
            ..Debugger::default()
        }
    }

    /// Message `n` of the session listed, in words, if it is listed: made
    /// when it is drawn, so the list costs the rows in view, not the window.
    pub fn row(&self, page: Page, n: u64) -> Option<Row> {
        match &self.opened {
            Some(o) => Row::saved(&o.session, n).map(|row| Row {
                differs: o.parted.binary_search(&n).is_ok(),
                ..row
            }),
            None if self.own.lists(n) => Row::recorded(page.recording, n),
            None => None,
        }
    }

    /// Whether the page is paused on a message.
    pub fn paused(&self) -> bool {
        self.at.is_some()
    }

    /// Whether the debugger has anything to show: its log, a message
    /// paused on, or why a file was refused.
    pub fn shown(&self) -> bool {
        self.open || self.paused() || self.problem.is_some()
    }

    /// The session listed: the file opened's, else the page's own.
    pub fn timeline(&self) -> &Timeline {
        self.opened.as_ref().map_or(&self.own, |o| &o.timeline)
    }

    /// The first and last message that can be shown.
    pub fn range(&self, page: Page) -> (u64, u64) {
        match &self.opened {
            Some(o) => (o.session.first, o.session.last()),
            None => (page.recording.first(), page.recording.last()),
        }
    }
}

/// The debugger's rules, on the page it wraps.
pub fn update(debugger: &mut Debugger, msg: DebugMsg, page: Page) -> Vec<DebugCmd> {
    match msg {
        DebugMsg::ToggleLog => debugger.open = !debugger.open,
        DebugMsg::Inspect(at) => {
            debugger.problem = None;
            debugger.blocked = None;
            if at.is_none() {
                debugger.opened = None;
            }
            pause(debugger, at, page);
        }
        DebugMsg::Save => {
            debugger.problem = None;
            return vec![DebugCmd::Save];
        }
        DebugMsg::Open => {
            debugger.problem = None;
            return vec![DebugCmd::Pick];
        }
        DebugMsg::Opened(session) => opened(debugger, *session, page),
        DebugMsg::Refused(why) => debugger.problem = Some(why),
        DebugMsg::Recorded => recorded(debugger, page),
        DebugMsg::Blocked(msg) => match (*msg, debugger.at) {
            (Msg::Play(Input::Move(Direction::Up)), Some(at)) => {
                debugger.blocked = None;
                pause(debugger, Some(at + 1), page);
            }
            (Msg::Play(Input::Move(Direction::Down)), Some(at)) => {
                debugger.blocked = None;
                pause(debugger, Some(at.saturating_sub(1)), page);
            }
            (msg, _) => debugger.blocked = Some(msg.label()),
        },
    }
    Vec::new()
}

/// Pauses on message `at`, held within those that can be shown (`None`:
/// back to live), and replays the models there: Next is one `update` from
/// the model shown, anything else at most a snapshot's span.
fn pause(debugger: &mut Debugger, at: Option<u64>, page: Page) {
    let (first, last) = debugger.range(page);
    let at = at.map(|n| n.clamp(first, last));
    debugger.at = at;
    let Some(n) = at else {
        debugger.shown = None;
        return;
    };
    let file = debugger.opened.as_ref().map(|o| o.file);
    if let Some(shown) = &debugger.shown {
        if shown.file == file && shown.n == n {
            return;
        }
    }
    let next = debugger
        .shown
        .take()
        .filter(|s| s.file == file && s.n + 1 == n);
    let (after, before) = match (&debugger.opened, next) {
        (Some(o), Some(shown)) => one_more(&o.session, *shown, n),
        (None, Some(shown)) => one_more(page.recording, *shown, n),
        (Some(o), None) => o.timeline.snapshots.models_at(&o.session, n),
        (None, None) => debugger.own.snapshots.models_at(page.recording, n),
    };
    debugger.shown = Some(Box::new(Shown {
        n,
        file,
        before,
        after,
    }));
}

/// The models after message `n` and before it, from those shown at `n - 1`.
fn one_more(session: &impl Messages, shown: Shown, n: u64) -> (Model, Model) {
    let mut after = shown.after.clone();
    if let Some(msg) = session.msg(n) {
        crate::app::update(&mut after, msg.clone());
    }
    (after, shown.after)
}

/// A session file opened: listed, its snapshots taken and the messages
/// whose replay differs from it found (one replay), paused at its start.
fn opened(debugger: &mut Debugger, session: Session, page: Page) {
    debugger.files += 1;
    let (timeline, parted) = Timeline::of_file(&session);
    let first = session.first;
    debugger.opened = Some(Box::new(Opened {
        file: debugger.files,
        session,
        timeline,
        parted,
    }));
    debugger.open = true;
    debugger.problem = None;
    debugger.shown = None;
    pause(debugger, Some(first), page);
}

/// The page's recording took a message: it joins the list (and the
/// snapshots, every so many), the oldest the recording let go leaves it,
/// and the message paused on is held within those kept.
fn recorded(debugger: &mut Debugger, page: Page) {
    let recording = page.recording;
    let own = &mut debugger.own;
    let first = recording.first();
    (own.first, own.last) = (first, recording.last());
    own.snapshots.take(recording.last(), page.live);
    own.snapshots.forget_before(first);
    let behind = debugger.at.is_some_and(|at| at < first);
    if debugger.opened.is_none() && behind {
        pause(debugger, debugger.at, page);
    }
}

/// Whether the live app takes `msg` while the debugger has the page
/// paused: what the outside reports (a reply to a command, a
/// subscription's event: the worker's answers, storage, timers), not the
/// player's inputs (keys, gestures, the page's buttons), which the page
/// shown, a model of the past, does not take (Elm's `BlockAll`: the
/// debugger's veil keeps the pointer off the page, and this keeps the
/// keys, which the window hears wherever they are pressed). Every message
/// is named, so a new one must be placed.
pub fn takes(debugger: &Debugger, msg: &Msg) -> bool {
    if !debugger.paused() {
        return true;
    }
    match msg {
        Msg::Loaded(_)
        | Msg::AiAnswered { .. }
        | Msg::AutoplayTurn(_)
        | Msg::ReplayTick
        | Msg::SystemDark(_)
        | Msg::Idle
        | Msg::Hidden
        | Msg::BestElsewhere(..)
        | Msg::SaveFailed(_)
        | Msg::LinkCopied(_)
        | Msg::ChunkLoaded { .. }
        | Msg::CodeNeeded(_)
        | Msg::Time(_)
        | Msg::ChallengeElsewhere(_)
        | Msg::CardSent(_)
        | Msg::CardDue
        | Msg::DeckLoaded(_)
        | Msg::DeckElsewhere(_)
        | Msg::Assessed { .. } => true,
        Msg::Play(_)
        | Msg::Undo
        | Msg::Redo
        | Msg::Toggle(_)
        | Msg::View(_)
        | Msg::Resume(_)
        | Msg::ChooseSize { .. }
        | Msg::ChooseTarget(_)
        | Msg::ReplaySpeed(_)
        | Msg::SkipReplay
        | Msg::Hint
        | Msg::Autoplay
        | Msg::AutoplayPause(_)
        | Msg::Share
        | Msg::ToggleTheme
        | Msg::DismissNote
        | Msg::CheckHistory
        | learn_inputs!()
        | Msg::Review
        | Msg::CancelReview
        | Msg::OpenDaily(_)
        | Msg::Finish
        | Msg::CancelFinish
        | Msg::OwnGame
        | Msg::ShowContest
        | Msg::Race
        | Msg::DeclineRace
        | Msg::ShareResult
        | Msg::CopyCard
        | Msg::SendBack
        | Msg::ToggleGhost => false,
    }
}
