//! [`Effect`]: everything the app asks the outside to do, in one closed
//! enum. `update` returns them; the one effect runner (`src/web/effects.rs`)
//! carries them out and reports back with [`super::Msg`]s where there is
//! something to report.

use crate::engine::{Board, Config, State};
use crate::session::history::History;
use crate::session::stats::Stats;
use crate::session::stored::Theme;

use super::init::Load;
use super::msg::{size, Msg};

/// Everything the app asks of the outside.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Store the game in progress (under its size's key).
    SaveGame(State),
    /// Store the session's history (under its size's key).
    SaveHistory(History),
    /// Raise the stored best score of a size to this (never lower it).
    SaveBest(Config, u64),
    /// Store a size's statistics.
    SaveStats(Config, Stats),
    /// Remember the board size and target chosen.
    SaveSettings(Config),
    /// Remember the theme chosen.
    SaveTheme(Theme),
    /// Show this theme (`None`: the system's).
    ShowTheme(Option<Theme>),
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
    /// Send `Msg::ReplayTick` every `every_ms` (replacing any ticker).
    StartTicker { every_ms: u32 },
    /// Stop the replay ticker.
    StopTicker,
    /// Send `then` after `ms` milliseconds.
    After { ms: u32, then: Box<Msg> },
    /// Put this link on the clipboard; answered by `Msg::LinkCopied`.
    CopyLink(String),
    /// Take the query off the address bar (without a reload), so that a
    /// reload goes on with the game rather than opening the link again.
    ClearQuery,
    /// Say this in the live region, for screen readers.
    Announce(String),
}

impl Effect {
    /// The effect in a few words, for the message log. Written out rather
    /// than derived: a derived `Debug` would print whole states.
    pub fn label(&self) -> String {
        let fixed = match self {
            Effect::SaveBest(_, best) => return format!("SaveBest({best})"),
            Effect::SaveSettings(c) => return format!("SaveSettings({})", size(c)),
            Effect::SaveTheme(theme) => return format!("SaveTheme({theme:?})"),
            Effect::ShowTheme(theme) => return format!("ShowTheme({theme:?})"),
            Effect::Load(c, load) => return format!("Load({}, {load:?})", size(c)),
            Effect::AskAi { id, .. } => return format!("AskAi(#{id})"),
            Effect::StartTicker { every_ms } => return format!("StartTicker({every_ms} ms)"),
            Effect::After { ms, then } => return format!("After({ms} ms, {})", then.label()),
            Effect::Announce(text) => {
                let short: String = text.chars().take(28).collect();
                let more = if short.len() < text.len() { "…" } else { "" };
                return format!("Announce(\"{short}{more}\")");
            }
            Effect::SaveGame(_) => "SaveGame",
            Effect::SaveHistory(_) => "SaveHistory",
            Effect::SaveStats(..) => "SaveStats",
            Effect::CancelAi => "CancelAi",
            Effect::StopTicker => "StopTicker",
            Effect::CopyLink(_) => "CopyLink",
            Effect::ClearQuery => "ClearQuery",
        };
        fixed.to_string()
    }
}
