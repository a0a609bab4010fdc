//! A game played against other people, as storage keeps it: daily #N's
//! attempt (counted, or practice) or a race against a shared game, with
//! its game and whether it has ended. One at a time; the page keeps it
//! apart from the player's own game. `save` writes and checks it.

use serde::{Deserialize, Serialize};

use super::history::History;

/// A daily's attempt or a race, as stored (`save` writes and reads it as
/// its [`Record`], and so does serde).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Record", into = "Record")]
pub struct SavedChallenge {
    pub rival: Rival,
    /// Whether it has ended (game over, or Finish).
    pub ended: bool,
    /// Whether its game was on the board, rather than the player's own.
    pub on_board: bool,
    /// Its game.
    pub game: History,
}

/// What a challenge is played against, as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Rival {
    /// Daily #`number`: the day's one counted attempt, or practice.
    Daily { number: u32, counted: bool },
    /// The game of a share link (its `?replay=` value).
    Race { link: String },
}

/// A challenge's stored record, as written since the first version:
/// `{"daily":329,"counted":true,"race":null,"ended":false,"showing":true,
/// "game":<History>}` (inside `save`'s `{"version":1,"value":…}`). A
/// record with both a daily and a race, or neither, is no challenge.
#[derive(Clone, Serialize, Deserialize)]
pub struct Record {
    daily: Option<u32>,
    counted: bool,
    race: Option<String>,
    ended: bool,
    showing: bool,
    game: History,
}

impl TryFrom<Record> for SavedChallenge {
    type Error = &'static str;

    fn try_from(r: Record) -> Result<Self, Self::Error> {
        let rival = match (r.daily, r.race) {
            (Some(number), None) => Rival::Daily {
                number,
                counted: r.counted,
            },
            (None, Some(link)) if !r.counted => Rival::Race { link },
            _ => return Err("a contest that is no daily or race"),
        };
        Ok(SavedChallenge {
            rival,
            ended: r.ended,
            on_board: r.showing,
            game: r.game,
        })
    }
}

impl From<SavedChallenge> for Record {
    fn from(c: SavedChallenge) -> Self {
        let (daily, counted, race) = match c.rival {
            Rival::Daily { number, counted } => (Some(number), counted, None),
            Rival::Race { link } => (None, false, Some(link)),
        };
        Record {
            daily,
            counted,
            race,
            ended: c.ended,
            showing: c.on_board,
            game: c.game,
        }
    }
}
