//! Time travel: what the board shows of the game's history (the present,
//! an earlier state read-only, or a shared game replaying itself), how
//! fast a replay goes, and the last check of the history. Its rules are
//! in `update/travel.rs`.

use super::coach::moves_made;
use super::words;
use crate::engine::{Input, State};
use crate::session::history::History;

/// Replay speeds offered, in moves a second.
pub const SPEEDS: [u32; 6] = [1, 2, 4, 10, 30, 100];

/// The replay speed a shared game starts at, in moves a second.
pub const DEFAULT_SPEED: u32 = 4;

/// The fastest replay, in moves a second.
pub const MAX_SPEED: u32 = 1000;

/// Where the board stands in the history.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Travel {
    /// What the board shows: the present, an earlier state, or a replay.
    pub mode: Mode,
    /// Replay speed, in moves a second.
    pub speed: u32,
    /// The last replay of the history from its start, checking that it is
    /// the fold of its inputs.
    pub verification: Option<Verification>,
}
crate::session::object::from_object!(Travel {
    mode,
    speed,
    verification
});

impl Travel {
    /// The board showing `mode`, at the default speed, not checked yet.
    pub fn at(mode: Mode) -> Travel {
        Travel {
            mode,
            speed: DEFAULT_SPEED,
            verification: None,
        }
    }

    /// Back to the present, live: the door every rule that puts another
    /// game, or the present, on the board goes through.
    pub fn go_live(&mut self) {
        self.mode = Mode::Live;
    }

    /// Checks `history` again: replays it from its start.
    pub fn check(&mut self, history: &History) {
        self.verification = Some(Verification::of(history));
    }

    /// Whether the board shows the present and no replay is running.
    pub fn live(&self) -> bool {
        self.mode == Mode::Live
    }

    /// The input number being viewed, if the board shows the past.
    pub fn viewing(&self) -> Option<usize> {
        match self.mode {
            Mode::Viewing(i) => Some(i),
            Mode::Live | Mode::Replaying => None,
        }
    }

    /// The history's check, said of `history`: the last check, if it
    /// replayed this game (the same start), else that it is not checked
    /// yet.
    pub fn check_line(&self, history: &History) -> String {
        match &self.verification {
            Some(v) if v.seed == history.seed() => v.sentence(history),
            _ => words::NOT_CHECKED.to_string(),
        }
    }
}

/// The number a row of the history's list shows for the board `state`,
/// reached by `input`: the moves of its game it follows, at the start and
/// after a move; none after a New Game or Keep going, which are not moves.
pub fn row_number(input: Option<Input>, state: &State) -> Option<u32> {
    match input {
        None | Some(Input::Move(_)) => Some(state.moves),
        Some(Input::NewGame | Input::KeepPlaying) => None,
    }
}

/// What the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mode {
    /// The present: the game in play.
    Live,
    /// The state after this many inputs, read-only (the history panel).
    Viewing(usize),
    /// A shared game playing itself, one input per tick.
    Replaying,
}
crate::session::object::from_tagged!(Mode { Live, Viewing(_), Replaying });

/// The result of replaying the whole history from its start
/// (`History::verify`), and how long the history was then.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verification {
    pub inputs: usize,
    pub seed: Option<u64>,
    /// `Err(i)`: the state after `i` inputs is not what was recorded.
    pub result: Result<(), usize>,
}
crate::session::object::from_object!(Verification {
    inputs,
    seed,
    result
});

impl Verification {
    /// Replays `history` from its start: one `step` per input.
    pub fn of(history: &History) -> Verification {
        Verification {
            inputs: history.len(),
            seed: history.seed(),
            result: history.verify(),
        }
    }

    /// The check in a sentence, for `history` as it is now
    /// (`words::check_sentence`): the moves it played again, those of its
    /// inputs the history still holds (a New Game is not a move), and the
    /// moves since; where it went wrong, after which move of its game.
    pub fn sentence(&self, history: &History) -> String {
        let inputs = history.inputs();
        let checked = self.inputs.min(inputs.len());
        let moves = |inputs: &[Input]| {
            inputs
                .iter()
                .filter(|i| matches!(i, Input::Move(_)))
                .count() as u32
        };
        let first = history.state_at(0).map_or(0, |s| s.moves);
        let result = self.result.map_err(|i| moves_made(inputs, first, i));
        words::check_sentence(moves(&inputs[..checked]), result, moves(&inputs[checked..]))
    }
}
