//! The review's button, as the model stands: its words, whether it can be
//! pressed, and which message it sends. A rule, so it is the app's and
//! tested natively; the history panel draws it.

use super::model::Model;
use super::msg::Msg;
use super::words;

/// The review's button: its words, whether it can be pressed, and what it
/// sends.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewButton {
    /// "Review game" before a review, "Cancel" while one runs, "Review 12
    /// more moves" once the game went on after one, "Game reviewed" when
    /// every move is judged.
    pub words: String,
    /// A run to cancel, or moves to review.
    pub enabled: bool,
    /// `Msg::CancelReview` while a run goes on, else `Msg::Review`.
    pub msg: Msg,
}

impl ReviewButton {
    /// The review's button, as `model` stands.
    pub fn of(model: &Model) -> ReviewButton {
        let running = model.coach.running.is_some();
        let left = model.unreviewed();
        let words = match (running, !model.coach.moves.is_empty(), left) {
            (true, _, _) => words::CANCEL_REVIEW.to_string(),
            (false, false, _) => words::REVIEW_GAME.to_string(),
            (false, true, 0) => words::GAME_REVIEWED.to_string(),
            (false, true, n) => words::review_more(n),
        };
        ReviewButton {
            words,
            enabled: running || left > 0,
            msg: if running {
                Msg::CancelReview
            } else {
                Msg::Review
            },
        }
    }
}
