//! Placeholder (replaced by the puzzle branch).
use crate::engine::{Direction, State};
use crate::session::history::History;
use crate::session::replay::LinkError;

#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub history: History,
    pub at: usize,
    pub number: u32,
    pub of: u32,
}
pub enum PuzzleError {
    Link(LinkError),
    NoSuchMove,
    NotFourByFour,
}
pub fn open(_link: &str, _number: &str) -> Result<Puzzle, PuzzleError> {
    Err(PuzzleError::NoSuchMove)
}
pub fn query(link: &str, number: u32) -> String {
    format!("?replay={link}&puzzle={number}")
}
impl Puzzle {
    pub fn state(&self) -> State {
        self.history.state_at(self.at).unwrap()
    }
    pub fn played(&self) -> Direction {
        Direction::Up
    }
}
