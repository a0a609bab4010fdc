//! A game played against other people, as storage keeps it: daily #N's
//! attempt (counted, or practice) or a race against a shared game, with
//! its game and whether it has ended. One at a time; the page keeps it
//! apart from the player's own game. `save` writes and checks it.

use serde::{Deserialize, Serialize};

use super::history::History;

/// A contest as stored: `{"version":1,"daily":329,"counted":true,
/// "race":null,"ended":false,"showing":true,"game":<History>}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedContest {
    /// Daily #N's game, if it is a daily.
    pub daily: Option<u32>,
    /// Whether it is the day's one counted attempt (else practice).
    pub counted: bool,
    /// The share link of the game raced, if it is a race.
    pub race: Option<String>,
    /// Whether it has ended (game over, or Finish).
    pub ended: bool,
    /// Whether it was on the board, rather than the player's own game.
    pub showing: bool,
    /// Its game.
    pub game: History,
}
