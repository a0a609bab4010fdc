//! [`Msg`]: everything that can happen to the app, in one closed enum. What
//! the player asks comes from the keyboard, gestures and the components;
//! what the outside reports comes from the command runner (replies to a
//! [`super::Cmd`]) and from the subscriptions ([`super::subscriptions`]).
//! Nothing else changes the [`super::Model`].

use crate::ai::protocol::Answer;
use crate::ai::review::Assessment;
use crate::engine::{Config, Input};
use crate::session::stored::{Loaded, Problem};

use super::chunks::Chunk;
use super::contest::LocalTime;
use super::notice::Sent;
use super::panel::Panel;
use super::saved::Saved;
use super::words::size;
use crate::session::contest::SavedChallenge;
use crate::session::deck::Deck;

/// Everything that can happen to the app. ([`MsgKind`], each variant
/// without its data, lets the tests walk every kind of message, so that a
/// new one cannot go untested.)
#[derive(Clone, Debug, PartialEq, strum::EnumDiscriminants, serde::Serialize)]
#[strum_discriminants(name(MsgKind), derive(strum::EnumIter))]
pub enum Msg {
    // What the player asks.
    /// An input to the game (a move, New Game, Keep going): `step` it.
    Play(Input),
    /// Back one input (the exact earlier state, its future spawns included).
    Undo,
    /// Forward one undone input.
    Redo,
    /// Open a panel, or close it if it is open.
    Toggle(Panel),
    /// Show the state after this many inputs, read-only; `None`: the present.
    View(Option<usize>),
    /// Make the state after this many inputs the present and play on from
    /// it (the later inputs stay, as a redo list, until the next move).
    Resume(usize),
    /// Switch to this board size, with its own saved game (checked by
    /// `update`: a size the settings do not offer is ignored).
    ChooseSize { width: u8, height: u8 },
    /// Start a new game with this target (`None`: endless), on this size.
    ChooseTarget(Option<u64>),
    /// Replay speed, in moves a second.
    ReplaySpeed(u32),
    /// End a replay at its last move, ready to play on.
    SkipReplay,
    /// Ask the computer for a move.
    Hint,
    /// Start or stop the computer playing.
    Autoplay,
    /// The pause between the computer's moves, in milliseconds.
    AutoplayPause(u32),
    /// Make a link that replays this game, and copy it.
    Share,
    /// Switch between the light and the dark theme.
    ToggleTheme,
    /// Close the note: what could not be done, or what the link proved.
    DismissNote,
    /// Replay the whole history from its start and check every state.
    CheckHistory,
    /// Review the game in play: search each move not yet judged, and open
    /// the history panel, where the verdicts show.
    Review,
    /// Stop the review in flight; the verdicts found so far stay.
    CancelReview,
    /// Play daily #N (`None`: today's): the day's one counted attempt, or
    /// practice; or bring its game back to the board.
    OpenDaily(Option<u32>),
    /// End the daily's attempt or the race here (after 2048 too): the
    /// first press asks, the second ends it.
    Finish,
    /// Keep playing the challenge: Finish's question is answered no.
    CancelFinish,
    /// Put the player's own game back on the board; the challenge waits.
    OwnGame,
    /// Bring the challenge's game back to the board.
    ShowContest,
    /// Race the game offered (`?race=`, or the replay's Race button).
    Race,
    /// Close the offer to race.
    DeclineRace,
    /// Make the result card of the challenge that ended, and share it.
    ShareResult,
    /// Copy the result card shared, as it is.
    CopyCard,
    /// Make a race link of the game on the board, to send back.
    SendBack,
    /// Show or hide the ghost's board beside the racer's.
    ToggleGhost,
    /// Walk through the reviewed game's mistakes and blunders, asking for
    /// a better move at each (a move played meanwhile is the answer).
    Learn,
    /// Walk through the deck's positions that are due.
    Practice,
    /// Ask the same position again after "Not quite".
    TryAgain,
    /// Show the best move of the position asked.
    ShowMe,
    /// Leave the position asked unanswered.
    Skip,
    /// On to the walk's next position.
    NextPosition,
    /// Close the walk: the game comes back to the board.
    EndWalk,
    /// Make the puzzle link of the walk's position, and copy it.
    SharePuzzle,

    // What the outside reports.
    /// What storage held for a board size, as asked by `Cmd::Load`.
    Loaded(Box<Saved>),
    /// The AI's answer to question `id`.
    AiAnswered { id: u32, answer: Answer },
    /// Autoplay's pause before turn `turn` is over.
    AutoplayTurn(u32),
    /// Time for the replay's next input.
    ReplayTick,
    /// The system's colour scheme changed: dark or not.
    SystemDark(bool),
    /// The page is idle: a good moment to write what is unsaved.
    Idle,
    /// The page is hidden or closing: write what is unsaved now.
    Hidden,
    /// Another tab stored a best score for a board size, read as
    /// `Cmd::Load` reads it: a score, or one that failed its checks and was
    /// set aside.
    BestElsewhere(Config, Loaded<u64>),
    /// A write to storage failed.
    SaveFailed(Problem),
    /// The clipboard now holds this link.
    LinkCopied(String),
    /// The fetch of a chunk of code, asked by `Cmd::LoadChunk`, ended:
    /// loaded, or not (offline, a missing or damaged file).
    ChunkLoaded { chunk: Chunk, loaded: bool },
    /// The runtime holds a message whose room's rules arrive with this
    /// chunk, which is not here (`rooms::code_wanted`): fetch it.
    CodeNeeded(Chunk),
    /// What storage holds of the deck, read as every record is
    /// (`Cmd::LoadDeck`).
    DeckLoaded(#[serde(with = "crate::session::deck_as_stored::loaded")] Box<Loaded<Deck>>),
    /// Another tab stored its deck, read as `Cmd::LoadDeck` reads it.
    DeckElsewhere(#[serde(with = "crate::session::deck_as_stored::loaded")] Box<Loaded<Deck>>),
    /// The clock's time: the local day and the seconds since midnight.
    Time(LocalTime),
    /// Another tab stored the challenge, read as `Cmd::Load` reads it: its
    /// game follows that tab's, or it failed its checks and was set aside.
    ChallengeElsewhere(Box<Loaded<SavedChallenge>>),
    /// The result card went out, as said.
    CardSent(Sent),
    /// The result card has waited for the review long enough.
    CardDue,
    /// The search's answer about the move at history index `at`, for
    /// review run `id`, or why there is none (a worker failed).
    Assessed {
        id: u32,
        at: usize,
        answer: Result<Assessment, String>,
    },
}

// Read as serde's derive reads it, by one reader of tagged enums
// (`session::object`): a derive's visitor for the 60 messages was the
// largest function of the debugger's chunk. Every variant, in order
// (`tests/sessions.rs` checks the list against `MsgKind`).
crate::session::object::from_tagged!(Msg {
    Play(_), Undo, Redo, Toggle(_), View(_), Resume(_), ChooseSize { width, height },
    ChooseTarget(_), ReplaySpeed(_), SkipReplay, Hint, Autoplay, AutoplayPause(_), Share,
    ToggleTheme, DismissNote, CheckHistory, Review, CancelReview, OpenDaily(_), Finish,
    CancelFinish, OwnGame, ShowContest, Race, DeclineRace, ShareResult, CopyCard, SendBack,
    ToggleGhost, Learn, Practice, TryAgain, ShowMe, Skip, NextPosition, EndWalk, SharePuzzle,
    Loaded(_), AiAnswered { id, answer }, AutoplayTurn(_), ReplayTick, SystemDark(_), Idle,
    Hidden, BestElsewhere(_, _), SaveFailed(_), LinkCopied(_), ChunkLoaded { chunk, loaded },
    CodeNeeded(_), DeckLoaded(with crate::session::deck_as_stored::loaded),
    DeckElsewhere(with crate::session::deck_as_stored::loaded), Time(_),
    ChallengeElsewhere(_), CardSent(_), CardDue, Assessed { id, at, answer },
});

impl Msg {
    /// The message in a few words, for the message log. Written out rather
    /// than derived (a derived `Debug` would print whole states), and every
    /// message named: a new one has no label until it is given one here.
    pub fn label(&self) -> String {
        match self {
            Msg::Play(input) => format!("Play({input:?})"),
            Msg::Toggle(panel) => format!("Toggle({panel:?})"),
            Msg::View(None) => "View(present)".into(),
            Msg::View(Some(i)) => format!("View({i})"),
            Msg::Resume(i) => format!("Resume({i})"),
            Msg::ChooseSize { width, height } => format!("ChooseSize({width}×{height})"),
            Msg::ChooseTarget(None) => "ChooseTarget(none)".into(),
            Msg::ChooseTarget(Some(t)) => format!("ChooseTarget({t})"),
            Msg::ReplaySpeed(s) => format!("ReplaySpeed({s})"),
            Msg::AutoplayPause(ms) => format!("AutoplayPause({ms})"),
            Msg::ToggleTheme => "ToggleTheme".into(),
            Msg::DismissNote => "DismissNote".into(),
            Msg::CheckHistory => "CheckHistory".into(),
            Msg::Review => "Review".into(),
            Msg::CancelReview => "CancelReview".into(),
            Msg::SystemDark(dark) => format!("SystemDark({dark})"),
            Msg::Loaded(saved) => format!("Loaded({}, {:?})", size(&saved.config), saved.load),
            Msg::AiAnswered { id, answer } => format!("AiAnswered(#{id}, {})", answered(answer)),
            Msg::AutoplayTurn(turn) => format!("AutoplayTurn({turn})"),
            Msg::ReplayTick => "ReplayTick".into(),
            Msg::Idle => "Idle".into(),
            Msg::Hidden => "Hidden".into(),
            Msg::BestElsewhere(c, Loaded::Valid(best)) => {
                format!("BestElsewhere({}, {best})", size(c))
            }
            Msg::BestElsewhere(c, _) => format!("BestElsewhere({}, set aside)", size(c)),
            Msg::SaveFailed(problem) => format!("SaveFailed({problem:?})"),
            Msg::LinkCopied(_) => "LinkCopied".into(),
            Msg::ChunkLoaded { chunk, loaded } => format!("ChunkLoaded({chunk:?}, {loaded})"),
            Msg::CodeNeeded(chunk) => format!("CodeNeeded({chunk:?})"),
            Msg::Time(t) => format!("Time({}s)", t.second),
            Msg::Undo => "Undo".into(),
            Msg::Redo => "Redo".into(),
            Msg::SkipReplay => "SkipReplay".into(),
            Msg::Hint => "Hint".into(),
            Msg::Autoplay => "Autoplay".into(),
            Msg::Share => "Share".into(),
            msg @ contest_msgs!() => msg.contest_label(),
            msg @ learn_inputs!() => msg.learn_label().into(),
            Msg::DeckLoaded(deck) | Msg::DeckElsewhere(deck) => {
                let kind = if matches!(self, Msg::DeckLoaded(_)) {
                    "DeckLoaded"
                } else {
                    "DeckElsewhere"
                };
                format!("{kind}({})", deck_label(deck))
            }
            Msg::Assessed { id, at, answer } => {
                let error = if answer.is_ok() { "" } else { ", error" };
                format!("Assessed(#{id}, {at}{error})")
            }
        }
    }

    /// What the player asks of learn, in a word ([`Msg::label`]).
    fn learn_label(&self) -> &'static str {
        match self {
            Msg::Learn => "Learn",
            Msg::Practice => "Practice",
            Msg::TryAgain => "TryAgain",
            Msg::ShowMe => "ShowMe",
            Msg::Skip => "Skip",
            Msg::NextPosition => "NextPosition",
            Msg::EndWalk => "EndWalk",
            Msg::SharePuzzle => "SharePuzzle",
            Msg::DeckLoaded(_) | Msg::DeckElsewhere(_) | contest_msgs!() | other_msgs!() => "",
        }
    }

    /// A contest's message in a few words ([`Msg::label`]).
    fn contest_label(&self) -> String {
        match self {
            Msg::ChallengeElsewhere(_) => "ChallengeElsewhere".into(),
            Msg::CardSent(how) => format!("CardSent({how:?})"),
            Msg::CardDue => "CardDue".into(),
            Msg::OpenDaily(None) => "OpenDaily(today)".into(),
            Msg::OpenDaily(Some(n)) => format!("OpenDaily(#{n})"),
            Msg::Finish => "Finish".into(),
            Msg::CancelFinish => "CancelFinish".into(),
            Msg::OwnGame => "OwnGame".into(),
            Msg::ShowContest => "ShowContest".into(),
            Msg::Race => "Race".into(),
            Msg::DeclineRace => "DeclineRace".into(),
            Msg::ShareResult => "ShareResult".into(),
            Msg::CopyCard => "CopyCard".into(),
            Msg::SendBack => "SendBack".into(),
            Msg::ToggleGhost => "ToggleGhost".into(),
            learn_msgs!() | other_msgs!() => self.label(),
        }
    }
}

/// A deck read from storage, for a message's label: its size.
fn deck_label(deck: &Loaded<Deck>) -> String {
    match deck {
        Loaded::Valid(deck) => format!("{} cards", deck.len()),
        Loaded::Missing => "none".into(),
        Loaded::SetAside { .. } => "set aside".into(),
    }
}

/// What the AI answered, in a word or two, for a message's label.
fn answered(answer: &Answer) -> &'static str {
    match answer {
        Ok(a) => a.direction.map_or("no move", |d| d.word()),
        Err(_) => "error",
    }
}

/// The contest's messages: every one of them is the contest room's rule
/// (`update::contest::rule`, through `rooms`), but the clock's (`Msg::Time`), which the page at
/// start keeps. `update`'s arm and `rooms::code_wanted` both use this one list.
macro_rules! contest_msgs {
    () => {
        Msg::OpenDaily(_)
            | Msg::Finish
            | Msg::CancelFinish
            | Msg::OwnGame
            | Msg::ShowContest
            | Msg::Race
            | Msg::DeclineRace
            | Msg::ShareResult
            | Msg::CopyCard
            | Msg::CardDue
            | Msg::CardSent(_)
            | Msg::SendBack
            | Msg::ToggleGhost
            | Msg::ChallengeElsewhere(_)
    };
}
pub(crate) use contest_msgs;

/// Learn's messages: every one of them is learn's rule
/// (`update::learn::rule`, through `rooms`), as is a move played while its
/// walk is on the board.
macro_rules! learn_msgs {
    () => {
        $crate::app::msg::learn_inputs!() | Msg::DeckLoaded(_) | Msg::DeckElsewhere(_)
    };
}
pub(crate) use learn_msgs;

/// What the player asks of learn's walk and deck: learn's messages but
/// storage's and other tabs' answers.
macro_rules! learn_inputs {
    () => {
        Msg::Learn
            | Msg::Practice
            | Msg::TryAgain
            | Msg::ShowMe
            | Msg::Skip
            | Msg::NextPosition
            | Msg::EndWalk
            | Msg::SharePuzzle
    };
}
pub(crate) use learn_inputs;

/// The coach's messages: every one of them is the coach's rule
/// (`update::coach::rule`, through `rooms`). `update`'s arm and
/// `rooms::code_wanted` both use this one list.
macro_rules! coach_msgs {
    () => {
        Msg::Review | Msg::CancelReview | Msg::Assessed { .. }
    };
}
pub(crate) use coach_msgs;

/// Every other message: with `contest_msgs!` and `learn_msgs!`, every
/// `Msg`, so that a match over the three has no wildcard arm and a new
/// message must be placed in one of them. The coach's (`coach_msgs!`) and
/// the page's own (`page_msgs!`).
macro_rules! other_msgs {
    () => {
        $crate::app::msg::coach_msgs!() | $crate::app::msg::page_msgs!()
    };
}
pub(crate) use other_msgs;

/// The messages whose rules are on the page at start: every message but a
/// moved room's (`contest_msgs!`, `learn_msgs!`, `coach_msgs!`).
macro_rules! page_msgs {
    () => {
        Msg::Play(_)
            | Msg::Undo
            | Msg::Redo
            | Msg::View(_)
            | Msg::Resume(_)
            | Msg::ReplaySpeed(_)
            | Msg::SkipReplay
            | Msg::ReplayTick
            | Msg::Hint
            | Msg::Autoplay
            | Msg::AutoplayPause(_)
            | Msg::AiAnswered { .. }
            | Msg::AutoplayTurn(_)
            | Msg::ChooseSize { .. }
            | Msg::ChooseTarget(_)
            | Msg::Loaded(_)
            | Msg::Idle
            | Msg::Hidden
            | Msg::SaveFailed(_)
            | Msg::BestElsewhere(..)
            | Msg::Toggle(_)
            | Msg::ChunkLoaded { .. }
            | Msg::Share
            | Msg::LinkCopied(_)
            | Msg::ToggleTheme
            | Msg::SystemDark(_)
            | Msg::DismissNote
            | Msg::CheckHistory
            | Msg::CodeNeeded(_)
            | Msg::Time(_)
    };
}
pub(crate) use page_msgs;
