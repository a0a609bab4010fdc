//! The coach's part of the model: the review of the game in play, move by
//! move ([`crate::ai::review`]).
//!
//! A review belongs to the history it was made on: its start and its inputs
//! up to the last move reviewed. While the history keeps those, the review
//! stands, whatever is played after (a new move extends the game, and
//! reviewing again searches only the new moves); once the history branches
//! below a reviewed move, or is replaced, the moves from there on are
//! dropped ([`Coach::keep_valid`]).
//!
//! A run has an id, like the computer's questions: an answer counts only
//! with the id of the run in flight and for a move the review still holds,
//! so answers to a cancelled run, or about moves since undone and played
//! otherwise, are stale and change nothing.

use crate::ai::bitboard::{self, Bitboard};
use crate::ai::review::{judge, Assessment, Summary, Verdict};
use crate::engine::{Direction, Input, State};
use crate::session::history::History;

/// The review of the game in play.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Coach {
    /// The history's start when the review was made,
    start: Option<State>,
    /// and its inputs up to the last move reviewed.
    inputs: Vec<Input>,
    /// The game's moves, in order, with the verdicts found so far.
    pub moves: Vec<MoveInReview>,
    /// The run in flight, if one is.
    pub running: Option<u32>,
    /// The id of the last run started.
    pub last_id: u32,
    /// Why the last run stopped short, if it did (the worker failed).
    pub failure: Option<String>,
}
crate::session::object::from_object!(Coach {
    start,
    inputs,
    moves,
    running,
    last_id,
    failure
});

/// One move of the game under review.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MoveInReview {
    /// The move's index in the history: the board it was played on is the
    /// state after `at` inputs.
    pub at: usize,
    pub board: Bitboard,
    pub played: Direction,
    pub verdict: Option<Verdict>,
    /// The move's number in its game, as the page numbers moves: its
    /// board's `State::moves` and one.
    pub number: u32,
}
crate::session::object::from_object!(MoveInReview {
    at,
    board,
    played,
    verdict,
    number
});

/// Where the last game of `inputs` starts: after its New Game, or at 0.
pub fn game_start(inputs: &[Input]) -> usize {
    inputs
        .iter()
        .rposition(|&i| i == Input::NewGame)
        .map_or(0, |n| n + 1)
}

/// How many moves of its game the board after `i` of `inputs` follows,
/// in a history whose start had made `first`: New Game and Keep going are
/// not moves, and a New Game starts the count again. The board's own
/// `State::moves`, counted without replaying.
pub fn moves_made(inputs: &[Input], first: u32, i: usize) -> u32 {
    let inputs = &inputs[..i.min(inputs.len())];
    let start = game_start(inputs);
    let made = inputs[start..]
        .iter()
        .filter(|input| matches!(input, Input::Move(_)))
        .count() as u32;
    if start == 0 {
        first + made
    } else {
        made
    }
}

/// The moves of the game in play: from its start up to the history's
/// cursor, each with the board it was played on. `None` if the game is not
/// 4×4 (the search plays 4×4 boards only).
pub fn moves_of(history: &History) -> Option<Vec<MoveInReview>> {
    let cursor = history.cursor();
    let inputs = &history.inputs()[..cursor];
    let first = game_start(inputs);
    let mut moves = Vec::with_capacity(cursor - first);
    for (at, _, state) in history.states(first, cursor) {
        if let Some(&Input::Move(played)) = inputs.get(at) {
            moves.push(MoveInReview {
                at,
                board: bitboard::from_board(&state.board)?,
                played,
                verdict: None,
                number: state.moves + 1,
            });
        }
    }
    Some(moves)
}

impl Coach {
    /// Starts a run over `moves` (the game in play, [`moves_of`]), keeping the verdicts of the moves this review already
    /// judged; returns the run's id and the moves left to search, each as
    /// its index in the history and its board (none if every move is
    /// judged, and then no run is in flight).
    pub fn start(
        &mut self,
        history: &History,
        moves: Vec<MoveInReview>,
    ) -> (u32, Vec<(usize, Bitboard)>) {
        self.keep_valid(history);
        let kept = self.inputs.len();
        let old = std::mem::replace(&mut self.moves, moves);
        for (new, old) in self.moves.iter_mut().zip(old) {
            if new.at == old.at && new.at < kept && new.played == old.played {
                new.verdict = old.verdict;
            }
        }
        self.start = history.state_at(0);
        self.inputs = history.inputs()[..history.cursor()].to_vec();
        self.last_id = self.last_id.wrapping_add(1);
        self.failure = None;
        let left = self.left();
        self.running = (!left.is_empty()).then_some(self.last_id);
        (self.last_id, left)
    }

    /// The moves not judged yet, each as its index in the history and its
    /// board: what a run searches.
    pub fn left(&self) -> Vec<(usize, Bitboard)> {
        self.moves
            .iter()
            .filter(|m| m.verdict.is_none())
            .map(|m| (m.at, m.board))
            .collect()
    }

    /// Drops the moves the history no longer holds as they were reviewed
    /// (see the module docs); `true` if that ended the run in flight (it has
    /// nothing left to search).
    pub fn keep_valid(&mut self, history: &History) -> bool {
        if self.moves.is_empty() {
            return false;
        }
        let same_start = self.start == history.state_at(0);
        let kept = if same_start {
            self.inputs
                .iter()
                .zip(history.inputs())
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0
        };
        if kept == self.inputs.len() {
            return false;
        }
        let was_running = self.running.is_some();
        self.inputs.truncate(kept);
        self.moves.retain(|m| m.at < kept);
        if self.moves.is_empty() {
            *self = Coach {
                last_id: self.last_id,
                ..Coach::default()
            };
        } else if self.moves.iter().all(|m| m.verdict.is_some()) {
            self.running = None;
        }
        was_running && self.running.is_none()
    }

    /// Takes the search's answer about the move at `at` from run `id`;
    /// `false` if it is stale (another run, or a move no longer reviewed,
    /// or judged already).
    pub fn take(&mut self, id: u32, at: usize, assessment: &Assessment) -> bool {
        if self.running != Some(id) {
            return false;
        }
        let Some(m) = self
            .moves
            .iter_mut()
            .find(|m| m.at == at && m.verdict.is_none())
        else {
            return false;
        };
        m.verdict = Some(judge(assessment, m.played));
        if self.moves.iter().all(|m| m.verdict.is_some()) {
            self.running = None;
        }
        true
    }

    /// Stops the run in flight; the verdicts found so far stay.
    pub fn stop(&mut self, failure: Option<String>) {
        self.running = None;
        self.failure = failure;
    }

    /// Moves judged, and moves in the review.
    pub fn progress(&self) -> (usize, usize) {
        let judged = self.moves.iter().filter(|m| m.verdict.is_some()).count();
        (judged, self.moves.len())
    }

    /// Whether every move of the review is judged (and there is one).
    pub fn complete(&self) -> bool {
        !self.moves.is_empty() && self.moves.iter().all(|m| m.verdict.is_some())
    }

    /// The accuracy and grade counts of the moves judged so far.
    pub fn summary(&self) -> Summary {
        Summary::of(self.moves.iter().filter_map(|m| m.verdict.as_ref()))
    }

    /// The move at `at` in the history, if it is in the review.
    pub fn move_at(&self, at: usize) -> Option<&MoveInReview> {
        let i = self.moves.binary_search_by_key(&at, |m| m.at).ok()?;
        Some(&self.moves[i])
    }

    /// The verdict on the move at `at` in the history, if judged.
    pub fn verdict_at(&self, at: usize) -> Option<&Verdict> {
        self.move_at(at)?.verdict.as_ref()
    }

    /// The coach's invariants against `history`: its moves in order, each
    /// a move of the history as reviewed, and a run in flight only while a
    /// move waits for its verdict.
    pub(super) fn validate(&self, history: &History) -> Result<(), String> {
        if self.moves.windows(2).any(|w| w[0].at >= w[1].at) {
            return Err("the review's moves out of order".into());
        }
        if let Some(m) = self.moves.last() {
            if m.at >= self.inputs.len() || self.start != history.state_at(0) {
                return Err("a reviewed move outside the history it was made on".into());
            }
        }
        let kept = self
            .inputs
            .iter()
            .zip(history.inputs())
            .take_while(|(a, b)| a == b);
        if kept.count() != self.inputs.len() {
            return Err("the review outlived a change of the history".into());
        }
        if self
            .moves
            .iter()
            .any(|m| self.inputs[m.at] != Input::Move(m.played))
        {
            return Err("a reviewed move is not the move played".into());
        }
        if self.running.is_some() && self.complete() {
            return Err("a review run in flight with every move judged".into());
        }
        Ok(())
    }

    /// The verdict on the move that led to the state after `i` inputs (the
    /// move played on the board after `i − 1`): the move, and its
    /// verdict. The history's row `i` shows it.
    pub fn verdict_leading_to(&self, i: usize) -> Option<(&MoveInReview, &Verdict)> {
        let m = self.move_at(i.checked_sub(1)?)?;
        Some((m, m.verdict.as_ref()?))
    }

    /// The better move on the board after `at` inputs, if the move played
    /// there was judged and lost at least a good move's worth of chance
    /// against it (`Verdict::shown_better`).
    pub fn better_move_at(&self, at: usize) -> Option<Direction> {
        self.verdict_at(at)?.shown_better()
    }
}
