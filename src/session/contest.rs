//! A game played against other people, as storage keeps it: daily #N's
//! attempt (counted, or practice) or a race against a shared game, with
//! its game and whether it has ended. One at a time; the page keeps it
//! apart from the player's own game. `save` writes and checks it.

use serde::{Deserialize, Serialize};

use super::history::History;

/// A daily's attempt or a race, as stored: what the page plays in
/// `app::contest::Challenge`, with the race as its link. Serde writes and
/// reads it in the form it has been stored in since the first version,
/// [`Written`] (its `try_from`/`into`), so nothing else converts it.
///
/// Two shapes, this and `app::contest::Challenge`, rather than one: both
/// hold the same four things, and differ only in what they hold of the
/// race (`Against<R>`, one shape for both): its link here, what storage
/// keeps; the ghost folded from that link there, with the racer's splits,
/// which the page plays with and which are not stored (they are made again
/// from the link and the game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Written", into = "Written")]
pub struct SavedChallenge {
    pub against: Against<String>,
    /// Whether it has ended (game over, or Finish).
    pub ended: bool,
    /// Whether its game was on the board, rather than the player's own.
    pub on_board: bool,
    /// Its game.
    pub game: History,
}

/// What a challenge is played against: daily #`number`, or a race against
/// a shared game. `R` is what is held of the race: its link (its
/// `?replay=` value) as stored, the ghost folded from it in play
/// (`app::contest::Race`). One shape for both, so the stored challenge is
/// the one in play with its race as a link.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Against<R> {
    /// Daily #`number`: the day's one counted attempt, or practice.
    Daily { number: u32, counted: bool },
    /// The game of a share link.
    Race(R),
}

impl<R> Against<R> {
    /// The same challenge, holding what `f` makes of the race.
    pub fn map_race<S>(&self, f: impl FnOnce(&R) -> S) -> Against<S> {
        match self {
            Against::Daily { number, counted } => Against::Daily {
                number: *number,
                counted: *counted,
            },
            Against::Race(race) => Against::Race(f(race)),
        }
    }
}

/// A challenge as written since the first version:
/// `{"daily":329,"counted":true,"race":null,"ended":false,"showing":true,
/// "game":<History>}` (inside `save`'s `{"version":1,"value":…}`). A
/// record with both a daily and a race, or neither, is no challenge.
#[derive(Clone, Serialize, Deserialize)]
struct Written {
    daily: Option<u32>,
    counted: bool,
    race: Option<String>,
    ended: bool,
    showing: bool,
    game: History,
}

impl TryFrom<Written> for SavedChallenge {
    type Error = &'static str;

    fn try_from(r: Written) -> Result<Self, Self::Error> {
        let against = match (r.daily, r.race) {
            (Some(number), None) => Against::Daily {
                number,
                counted: r.counted,
            },
            (None, Some(link)) if !r.counted => Against::Race(link),
            _ => return Err("a contest that is no daily or race"),
        };
        Ok(SavedChallenge {
            against,
            ended: r.ended,
            on_board: r.showing,
            game: r.game,
        })
    }
}

impl From<SavedChallenge> for Written {
    fn from(c: SavedChallenge) -> Self {
        let (daily, counted, race) = match c.against {
            Against::Daily { number, counted } => (Some(number), counted, None),
            Against::Race(link) => (None, false, Some(link)),
        };
        Written {
            daily,
            counted,
            race,
            ended: c.ended,
            showing: c.on_board,
            game: c.game,
        }
    }
}
