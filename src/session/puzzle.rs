//! Puzzle links: a position to solve, taken from a shared game and proved
//! by it. A puzzle link is a replay link and the number of one of its
//! moves, `?replay=LINK&puzzle=N` ([`query`]); [`open`] replays the game
//! from its seed and stops on the board the `N`-th move was played on, so
//! the position is the game's own, generator included, and the move the
//! game played there is known. No web dependency.
//!
//! # The move's number
//! `N` counts the link's moves only (New Game and Keep Playing are not
//! moves), over the whole link, from 1: decimal digits only, no sign, no
//! spaces, from 1 to the number of moves the link holds. Anything else
//! names no move ([`PuzzleError::NoSuchMove`]).
//!
//! # Errors
//! The link is opened first, so a bad link is named as such whatever `N`
//! is ([`PuzzleError::Link`], with [`replay::open`]'s error); then its
//! board, which must be 4×4, the only size the coach's search plays
//! ([`PuzzleError::NotFourByFour`], whatever `N` is: no number mends it);
//! then `N` ([`PuzzleError::NoSuchMove`]).
//! The player's sentences are `app::words::puzzle_link_wrong`'s.
//!
//! # Cost
//! One replay of the link ([`replay::open`]) and one pass over its inputs.

use std::fmt;

use crate::engine::{Direction, Input, State};

use super::history::History;
use super::replay::{self, LinkError};

/// A position to solve, from a link: a shared game replayed from its
/// seed, stopped before one of its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The link's game, replayed (as [`replay::open`] gives it).
    pub history: History,
    /// The history index of the board the move was played on:
    /// `history.state_at(at)` is the position, generator included, and
    /// `history.inputs()[at]` the move.
    pub at: usize,
    /// The move's number: the `number`-th move input of the link, 1-based.
    pub number: u32,
    /// How many moves the link holds.
    pub of: u32,
}

/// Why a puzzle link cannot be opened. `Display` gives the error's name;
/// the sentence the player reads is `app::words::puzzle_link_wrong`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The replay link itself does not open.
    Link(LinkError),
    /// The move's number is not one of the link's moves: not decimal
    /// digits only, 0, or more than the moves the link holds.
    NoSuchMove,
    /// The link's board is not 4×4, the only size the coach plays.
    NotFourByFour,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for PuzzleError {}

impl From<LinkError> for PuzzleError {
    fn from(e: LinkError) -> Self {
        PuzzleError::Link(e)
    }
}

impl Puzzle {
    /// The position: the board the move was played on, with the game's
    /// score, move count and generator as they were there.
    pub fn state(&self) -> State {
        self.history
            .state_at(self.at)
            .expect("a puzzle's `at` is an index of its history")
    }

    /// The move the game played on the position.
    pub fn played(&self) -> Direction {
        match self.history.inputs().get(self.at) {
            Some(&Input::Move(direction)) => direction,
            _ => panic!("a puzzle's `at` is the index of a move"),
        }
    }

    /// The tile the position is judged by: twice its top tile (as the
    /// review's `ai::chance::target_of`, as a value: 512 on the board
    /// asks for 1024).
    pub fn target_tile(&self) -> u64 {
        2 * self.state().board.max_value()
    }
}

/// The puzzle `link` and `number` (the `puzzle` value as written) name,
/// or why there is none: see the module's documentation.
pub fn open(link: &str, number: &str) -> Result<Puzzle, PuzzleError> {
    locate(replay::open(link)?, number)
}

/// The puzzle `number` names in `history`, a link's game as
/// [`replay::open`] gave it: [`open`]'s second half. The page opens the
/// link as it opens any replay link, and learn's rules locate the move
/// once their code is in (`app::update::learn::arrived`).
pub fn locate(history: History, number: &str) -> Result<Puzzle, PuzzleError> {
    let of = moves(history.inputs());
    let config = history.config();
    if (config.width, config.height) != (4, 4) {
        return Err(PuzzleError::NotFourByFour);
    }
    let number = replay::parse_seed(number)
        .and_then(|n| u32::try_from(n).ok())
        .filter(|n| (1..=of).contains(n))
        .ok_or(PuzzleError::NoSuchMove)?;
    let at = nth_move(history.inputs(), number).ok_or(PuzzleError::NoSuchMove)?;
    Ok(Puzzle {
        history,
        at,
        number,
        of,
    })
}

/// What a puzzle link adds to the page's address: `?replay=LINK&puzzle=N`
/// (a link is base64url, so it needs no escaping).
pub fn query(link: &str, number: u32) -> String {
    format!("?replay={link}&puzzle={number}")
}

/// How many of `inputs` are moves.
fn moves(inputs: &[Input]) -> u32 {
    let n = inputs
        .iter()
        .filter(|i| matches!(i, Input::Move(_)))
        .count();
    // A link holds at most `replay::MAX_INPUTS` inputs.
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The index in `inputs` of the `number`-th move, 1-based.
fn nth_move(inputs: &[Input], number: u32) -> Option<usize> {
    let k = usize::try_from(number).ok()?.checked_sub(1)?;
    inputs
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i, Input::Move(_)))
        .nth(k)
        .map(|(at, _)| at)
}
