//! The computer player's part of the model: the hint on screen, autoplay,
//! and the one question in flight to the AI worker.
//!
//! A question has an id; an answer counts only if it carries the id of the
//! question in flight and the board is still the one asked about. Every new
//! question, a cancel or a stop makes older answers stale, so a question is
//! answered at most once. The search plays 4×4 boards only.

use super::refusal::Refusal;
use crate::ai::protocol::Advice;
use crate::engine::{Direction, State, Status};

/// The search's time budget for each move, in milliseconds.
pub const BUDGET_MS: u32 = 50;

/// The longest pause between autoplay's moves, in milliseconds.
pub const MAX_PAUSE_MS: u32 = 2000;

/// Autoplay's pauses offered, in milliseconds (the thinking time comes on
/// top), with their labels.
pub const PAUSES: [(u32, &str); 4] = [(0, "none"), (100, "0.1 s"), (300, "0.3 s"), (1000, "1 s")];

/// The computer player's state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Computer {
    /// Whether autoplay is on.
    pub autoplay: bool,
    /// Pause between autoplay's moves, in milliseconds.
    pub pause_ms: u32,
    /// The last hint, for the state it was asked about.
    pub hint: Option<Hint>,
    /// What to tell the player, with the state it was said about: it is
    /// shown only while that state is the present.
    pub message: Option<(State, String)>,
    /// The question in flight, if any.
    pub asked: Option<Question>,
    /// The id of the latest question asked (ids only grow).
    pub last_id: u32,
    /// While autoplay pauses between moves: the turn it waits to take.
    pub pausing: Option<u32>,
    /// Whether the AI worker was started ahead of the first question
    /// (at the page's first idle moment, [`Computer::wants_warming`]).
    pub warmed: bool,
}
crate::session::object::from_object!(Computer {
    autoplay,
    pause_ms,
    hint,
    message,
    asked,
    last_id,
    pausing,
    warmed
});

impl Default for Computer {
    fn default() -> Self {
        Computer {
            autoplay: false,
            pause_ms: 100,
            hint: None,
            message: None,
            asked: None,
            last_id: 0,
            pausing: None,
            warmed: false,
        }
    }
}

/// A question to the AI: its id, the state asked about, and what the answer
/// is for.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Question {
    pub id: u32,
    pub state: State,
    pub purpose: Purpose,
}
crate::session::object::from_object!(Question { id, state, purpose });

/// What an answer will be used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Shown as a hint.
    Hint,
    /// Played by autoplay.
    Autoplay,
}
crate::engine::names::by_name!(Purpose { Hint, Autoplay });

/// A suggested move, for the state it was asked about.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Hint {
    pub direction: Direction,
    pub reason: String,
    pub state: State,
}
crate::session::object::from_object!(Hint {
    direction,
    reason,
    state
});

impl Computer {
    /// A new question about `state`; any earlier one is now stale.
    pub fn ask(&mut self, state: &State, purpose: Purpose) -> u32 {
        self.last_id = self.last_id.wrapping_add(1);
        self.asked = Some(Question {
            id: self.last_id,
            state: state.clone(),
            purpose,
        });
        self.last_id
    }

    /// Takes the question `id` answers, if it is the one in flight.
    pub fn take_question(&mut self, id: u32) -> Option<Question> {
        match &self.asked {
            Some(q) if q.id == id => self.asked.take(),
            _ => None,
        }
    }

    /// Stops autoplay and drops the question in flight, saying `why` about
    /// `present` (or nothing); whether autoplay was on.
    pub fn stop(&mut self, present: &State, why: Option<String>) -> bool {
        if !self.autoplay {
            return false;
        }
        self.autoplay = false;
        self.pausing = None;
        self.asked = None;
        match why {
            Some(why) => self.say(present, why),
            None => self.quiet(),
        }
        true
    }

    /// Whether the worker should be started now, before any question, so
    /// that the first hint finds it ready: once, for a board it plays.
    pub fn wants_warming(&self, present: &State) -> bool {
        !self.warmed && supported(present)
    }

    /// Says `text` about `state`.
    pub fn say(&mut self, state: &State, text: impl Into<String>) {
        self.message = Some((state.clone(), text.into()));
    }

    /// Says nothing.
    pub fn quiet(&mut self) {
        self.message = None;
    }

    /// The hint, if it was asked about `present`.
    pub fn hint_on(&self, present: &State) -> Option<&Hint> {
        self.hint.as_ref().filter(|h| h.state == *present)
    }

    /// The hint's direction, if it was asked about `present`.
    pub fn hint_for(&self, present: &State) -> Option<Direction> {
        self.hint_on(present).map(|h| h.direction)
    }

    /// What the computer has to say about `present`, if anything.
    pub fn message_for(&self, present: &State) -> Option<&str> {
        self.message
            .as_ref()
            .filter(|(s, _)| s == present)
            .map(|(_, text)| text.as_str())
    }

    /// The hint that `advice` gives about `state`.
    pub fn hint_from(advice: Advice, state: State) -> Option<Hint> {
        Some(Hint {
            direction: advice.direction?,
            reason: advice.reason,
            state,
        })
    }

    pub(super) fn validate(&self) -> Result<(), String> {
        if let Some(q) = &self.asked {
            if q.id != self.last_id {
                return Err(format!(
                    "question {} in flight, {} asked last",
                    q.id, self.last_id
                ));
            }
        }
        if self.pausing.is_some() && (!self.autoplay || self.asked.is_some()) {
            return Err("autoplay pausing while off or asking".into());
        }
        Ok(())
    }
}

/// Whether the computer plays a board of this state's size.
pub fn supported(state: &State) -> bool {
    state.board.width() == 4 && state.board.height() == 4
}

/// Why the computer will not look at `state`, if it will not: another
/// size than 4×4, or a game won or over.
pub fn refusal(state: &State) -> Option<Refusal> {
    if !supported(state) {
        return Some(Refusal::Only4x4);
    }
    match state.status {
        Status::Playing | Status::Continuing => None,
        Status::Won => Some(Refusal::Won),
        Status::Over => Some(Refusal::Over),
    }
}
