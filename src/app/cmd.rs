//! [`Cmd`]: everything the app asks the outside to do, in one closed enum
//! (Elm's name for it: a command; it is also not Leptos's `Effect`, a
//! reactive computation). `update` returns them; the one command runner
//! (`src/web/runner.rs`) carries them out and reports back with
//! [`super::Msg`]s where there is something to report.
//!
//! What the app *listens to* is not a command but a subscription
//! ([`super::subscriptions`]): a command is done once, when `update` asks;
//! a subscription lasts as long as the model says.

use crate::ai::bitboard::Bitboard;
use crate::engine::{Board, Config, State};
use crate::session::contest::SavedChallenge;
use crate::session::dailies::Dailies;
use crate::session::deck::Deck;
use crate::session::history::History;
use crate::session::stats::Stats;
use crate::session::stored::Theme;

use super::chunks::Chunk;
use super::msg::Msg;
use super::saved::Load;
use super::words::size;

/// Everything the app asks of the outside.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// Store the game in progress (under its size's key).
    SaveGame(State),
    /// Store the session's history (under its size's key).
    SaveHistory(History),
    /// Raise the stored best score of a size to this (never lower it).
    SaveBest(Config, u64),
    /// Store a size's statistics.
    SaveStats(Config, Stats),
    /// Store the challenge: a daily's attempt or a race, with its game.
    SaveChallenge(SavedChallenge),
    /// Store the results of the counted dailies.
    SaveDailies(Dailies),
    /// Read the deck of positions to practise; answered by
    /// `Msg::DeckLoaded`.
    LoadDeck,
    /// Store the deck.
    SaveDeck(Deck),
    /// Send the result card out: by the system's share sheet where there
    /// is one, else the clipboard; answered by `Msg::CardSent`.
    ShareCard(String),
    /// Put the result card on the clipboard; answered by `Msg::CardSent`
    /// (copied, or shown where the clipboard refused).
    CopyCard(String),
    /// Remember the board size and target chosen.
    SaveSettings(Config),
    /// Remember the theme chosen.
    SaveTheme(Theme),
    /// Read what storage holds for a size; answered by `Msg::Loaded`.
    Load(Config, Load),
    /// Ask the AI for the best move on `board`; answered by
    /// `Msg::AiAnswered` with the same id.
    AskAi {
        id: u32,
        board: Board,
        budget_ms: u32,
    },
    /// Drop the question in flight: no answer to it will come.
    CancelAi,
    /// Start the AI worker now, with no question, so that the first hint
    /// does not wait for its files: the page is idle and the board is one
    /// the computer plays.
    WarmAi,
    /// Search these moves of a game (each its index in the history and the
    /// board it was played on) for review run `id`; each answer comes back
    /// as a `Msg::Assessed`.
    AssessMoves {
        id: u32,
        moves: Vec<(usize, Bitboard)>,
    },
    /// Drop the questions of `AssessMoves` not yet answered.
    CancelAssessments,
    /// Fetch this chunk of code; answered by `Msg::ChunkLoaded`.
    LoadChunk(Chunk),

    /// Send `then` after `ms` milliseconds.
    After { ms: u32, then: Box<Msg> },
    /// Put this link on the clipboard; answered by `Msg::LinkCopied`.
    CopyLink(String),
    /// Take the query off the address bar (without a reload), so that a
    /// reload goes on with the game rather than opening the link again.
    ClearQuery,
}

impl Cmd {
    /// The command as the message log keeps it: its name and the small
    /// data worth saying, not what it carries (a whole history to write).
    pub fn logged(&self) -> Logged {
        match self {
            Cmd::SaveBest(_, best) => Logged::SaveBest(*best),
            Cmd::SaveSettings(c) => Logged::SaveSettings(*c),
            Cmd::SaveTheme(theme) => Logged::SaveTheme(*theme),
            Cmd::Load(c, load) => Logged::Load(*c, *load),
            Cmd::AskAi { id, .. } => Logged::AskAi(*id),
            Cmd::AssessMoves { id, moves } => Logged::AssessMoves(*id, moves.len()),
            Cmd::LoadChunk(chunk) => Logged::LoadChunk(*chunk),
            // The message it sends is logged when it comes.
            Cmd::After { ms, .. } => Logged::After(*ms),
            Cmd::SaveGame(_) => Logged::Named("SaveGame"),
            Cmd::SaveHistory(_) => Logged::Named("SaveHistory"),
            Cmd::SaveStats(..) => Logged::Named("SaveStats"),
            Cmd::SaveChallenge(_) => Logged::Named("SaveChallenge"),
            Cmd::SaveDailies(_) => Logged::Named("SaveDailies"),
            Cmd::LoadDeck => Logged::Named("LoadDeck"),
            Cmd::SaveDeck(_) => Logged::Named("SaveDeck"),
            Cmd::ShareCard(_) => Logged::Named("ShareCard"),
            Cmd::CopyCard(_) => Logged::Named("CopyCard"),
            Cmd::CancelAi => Logged::Named("CancelAi"),
            Cmd::WarmAi => Logged::Named("WarmAi"),
            Cmd::CancelAssessments => Logged::Named("CancelAssessments"),
            Cmd::CopyLink(_) => Logged::Named("CopyLink"),
            Cmd::ClearQuery => Logged::Named("ClearQuery"),
        }
    }
}

/// A command as the message log keeps it ([`Cmd::logged`]). Its words are
/// made when the log is shown ([`Logged::label`], called by the debugger's
/// code, in the debugger's chunk), so handling a message formats nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logged {
    /// A command whose name says it all.
    Named(&'static str),
    SaveBest(u64),
    SaveSettings(Config),
    SaveTheme(Theme),
    Load(Config, Load),
    AskAi(u32),
    AssessMoves(u32, usize),
    LoadChunk(Chunk),
    After(u32),
}

impl Logged {
    /// The command in a few words: "SaveBest(2048)", "Load(4×4, Start)".
    /// Written out rather than derived: a derived `Debug` of the command
    /// would print whole states.
    pub fn label(self) -> String {
        match self {
            Logged::Named(name) => name.to_string(),
            Logged::SaveBest(best) => format!("SaveBest({best})"),
            Logged::SaveSettings(c) => format!("SaveSettings({})", size(&c)),
            Logged::SaveTheme(theme) => format!("SaveTheme({theme:?})"),
            Logged::Load(c, load) => format!("Load({}, {load:?})", size(&c)),
            Logged::AskAi(id) => format!("AskAi(#{id})"),
            Logged::AssessMoves(id, n) => format!("AssessMoves(#{id}, {n} moves)"),
            Logged::LoadChunk(chunk) => format!("LoadChunk({chunk:?})"),
            Logged::After(ms) => format!("After({ms} ms)"),
        }
    }
}
