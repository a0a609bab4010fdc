//! The AI's workers, through which the runner carries out the computer
//! player's commands (it matches each `Cmd` once, and calls these): the
//! one for hints and autoplay ([`AiClient`]) and the review's pool
//! ([`ReviewPool`]).
//!
//! Their code (the clients, the workers' messages, fetching the worker's
//! wasm) stays in the page's first download, though only a later action
//! needs it: as a chunk fetched at the first idle moment it made the page
//! 5.8 KB lighter but started the worker a round trip later, and the first
//! hint on Fast 3G went from 1.24 s to 1.88 s (docs/size.md).

use super::ai_client::AiClient;
use super::dispatcher::Dispatcher;
use super::review_pool::ReviewPool;
use crate::ai::bitboard::Bitboard;
use crate::app::Msg;
use crate::engine::Board;

/// The AI's workers: started on first use.
#[derive(Default)]
pub struct Workers {
    ai: AiClient,
    reviews: ReviewPool,
}

impl Workers {
    /// Asks question `id` about `board`; its answer goes to `dispatcher`
    /// as `Msg::AiAnswered`.
    pub fn ask(&self, id: u32, board: &Board, budget_ms: u32, dispatcher: Dispatcher) {
        self.ai.ask(board, budget_ms, move |answer| {
            dispatcher.send(Msg::AiAnswered { id, answer })
        });
    }

    /// Drops the question in flight: its answer, if it comes, is stale.
    pub fn cancel(&self) {
        self.ai.cancel();
    }

    /// Starts the hints' worker ahead of the first question.
    pub fn warm(&self) {
        self.ai.warm();
    }

    /// Starts review `id` of `moves`; each answer goes to `dispatcher` as
    /// `Msg::Assessed`.
    pub fn assess(&self, id: u32, moves: Vec<(usize, Bitboard)>, dispatcher: Dispatcher) {
        self.reviews.start(moves, move |at, answer| {
            dispatcher.send(Msg::Assessed { id, at, answer })
        });
    }

    /// Stops the review in flight.
    pub fn cancel_assessments(&self) {
        self.reviews.cancel();
    }
}
