//! The AI's workers, as the runner carries out the computer player's
//! commands: the one for hints and autoplay ([`AiClient`]) and the
//! review's pool ([`ReviewPool`]).
//!
//! Their code (the clients, the workers' messages, fetching the worker's
//! wasm) stays in the page's first download, though only a later action
//! needs it: as a chunk fetched at the first idle moment it made the page
//! 5.8 KB lighter but started the worker a round trip later, and the first
//! hint on Fast 3G went from 1.24 s to 1.88 s (docs/size.md).

use super::ai_client::AiClient;
use super::dispatcher::Dispatcher;
use super::review_pool::ReviewPool;
use crate::app::{Cmd, Msg};

/// The AI's workers: started on first use.
#[derive(Default)]
pub struct Workers {
    ai: AiClient,
    reviews: ReviewPool,
}

/// Carries out one of the computer player's commands; replies go to
/// `dispatcher`. Every other command is named, not matched by a wildcard:
/// a new command must say here whether it is the workers'.
pub fn run(workers: &Workers, cmd: Cmd, dispatcher: Dispatcher) {
    match cmd {
        Cmd::AskAi {
            id,
            board,
            budget_ms,
        } => workers.ai.ask(&board, budget_ms, move |answer| {
            dispatcher.send(Msg::AiAnswered { id, answer })
        }),
        Cmd::CancelAi => workers.ai.cancel(),
        Cmd::WarmAi => workers.ai.warm(),
        Cmd::AssessMoves { id, moves } => workers.reviews.start(moves, move |at, answer| {
            dispatcher.send(Msg::Assessed { id, at, answer })
        }),
        Cmd::CancelAssessments => workers.reviews.cancel(),
        Cmd::SaveGame(_)
        | Cmd::SaveHistory(_)
        | Cmd::SaveBest(..)
        | Cmd::SaveStats(..)
        | Cmd::SaveChallenge(_)
        | Cmd::SaveDailies(_)
        | Cmd::ShareCard(_)
        | Cmd::CopyCard(_)
        | Cmd::SaveSettings(_)
        | Cmd::SaveTheme(_)
        | Cmd::Load(..)
        | Cmd::LoadChunk(_)
        | Cmd::After { .. }
        | Cmd::CopyLink(_)
        | Cmd::ClearQuery => {}
    }
}
