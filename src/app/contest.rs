//! Playing against other people: the daily game and races against a
//! shared game's ghost, as part of the [`super::Model`].
//!
//! A contest is a second slot beside the player's own game: while it is on
//! the board its game is `model.history` (so the board, the moves, the
//! history panel and the review work on it as on any game) and the
//! player's own game waits in [`Contest::other`]; "Back to my game" swaps
//! them, and so does the Daily control. Neither game is touched by the
//! other.

use crate::engine::Status;
use crate::session::contest::SavedContest;
use crate::session::dailies::DailyResult;
use crate::session::daily::{self, Day};
use crate::session::history::History;
use crate::session::race::{Ghost, FIRST_SPLIT};
use crate::session::replay::{self, Replay};

/// A game against other people, and the player's own game beside it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Contest {
    pub against: Against,
    /// Whether the contest's game is on the board.
    pub on_board: bool,
    /// The game not on the board: the player's own while the contest is
    /// on the board, the contest's while the player's own is.
    pub other: History,
    /// Whether it has ended: game over, or Finish.
    pub ended: bool,
}

/// What a contest is played against.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Against {
    /// Daily #`number`: the day's one counted attempt, or practice.
    Daily { number: u32, counted: bool },
    /// The ghost of a shared game.
    Race(Box<Race>),
}

/// A race: the ghost's course, folded once from its link, and the racer's
/// own splits as they come.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Race {
    /// The ghost's share link (its `?replay=` value).
    pub link: String,
    pub ghost: Ghost,
    /// Each tile from 128 up the racer made, and the move it came at.
    pub splits: Vec<(u64, u32)>,
    /// Whether the ghost's board shows beside the racer's (off at first).
    pub show_ghost: bool,
}

impl Race {
    /// The race against the game of `link`, if the link opens.
    pub fn of(link: &str) -> Result<(Race, Replay), replay::LinkError> {
        let shared = replay::decode(link)?;
        let ghost = Ghost::of(&shared)?;
        let race = Race {
            link: link.to_string(),
            ghost,
            splits: Vec::new(),
            show_ghost: false,
        };
        Ok((race, shared))
    }

    /// Marks the tiles the racer's game reached first at this move.
    pub fn observe(&mut self, top: u64, moves: u32) {
        let mut next = self.splits.last().map_or(FIRST_SPLIT, |&(t, _)| t * 2);
        while top >= next {
            self.splits.push((next, moves));
            next *= 2;
        }
    }
}

impl Against {
    /// Whether the game is played unaided: no undo, redo, hint, autoplay
    /// or new game (a counted daily, or a race).
    pub fn unaided(&self) -> bool {
        match self {
            Against::Daily { counted, .. } => *counted,
            Against::Race(_) => true,
        }
    }
}

impl Contest {
    /// Whether `game`, the contest's, has come to its end by play.
    pub fn over(game: &History) -> bool {
        game.present().status == Status::Over
    }

    /// The result a counted daily's game keeps.
    pub fn result(number: u32, game: &History) -> DailyResult {
        let end = game.present();
        DailyResult {
            number,
            score: end.score,
            top: end.board.max_value(),
            moves: end.moves,
        }
    }

    /// The contest as storage keeps it; `board` is the game on the board.
    pub fn saved(&self, board: &History) -> SavedContest {
        let game = if self.on_board { board } else { &self.other };
        let (daily, counted, race) = match &self.against {
            Against::Daily { number, counted } => (Some(*number), *counted, None),
            Against::Race(race) => (None, false, Some(race.link.clone())),
        };
        SavedContest {
            daily,
            counted,
            race,
            ended: self.ended,
            showing: self.on_board,
            game: game.clone(),
        }
    }

    /// The contest storage kept, with `own` as the player's own game; the
    /// contest's game comes back on the board if it was there. `None` if
    /// its race's link no longer opens.
    pub fn from_saved(saved: SavedContest, own: History) -> Option<(Contest, History)> {
        let against = match (saved.daily, saved.race) {
            (Some(number), _) => Against::Daily {
                number,
                counted: saved.counted,
            },
            (None, Some(link)) => {
                let (mut race, _) = Race::of(&link).ok()?;
                let mine = Replay::from_history(&saved.game)?;
                race.splits = Ghost::of(&mine).ok()?.splits().to_vec();
                Against::Race(Box::new(race))
            }
            (None, None) => return None,
        };
        let (board, other) = if saved.showing {
            (saved.game, own)
        } else {
            (own, saved.game)
        };
        let contest = Contest {
            against,
            on_board: saved.showing,
            other,
            ended: saved.ended,
        };
        Some((contest, board))
    }
}

/// The local date and time, as the page's clock gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Clock {
    pub day: Day,
    /// Seconds since local midnight.
    pub second: u32,
}

impl Clock {
    /// Today's daily number (0 before daily #1).
    pub fn today(self) -> u32 {
        daily::number(self.day).unwrap_or(0)
    }

    /// Seconds until the next daily, at local midnight (a day of 24 hours:
    /// on the night clocks change it is an hour off).
    pub fn until_next(self) -> u32 {
        86_400u32.saturating_sub(self.second)
    }
}

/// How a result card went out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Sent {
    /// The system's share sheet took it.
    Shared,
    /// The clipboard holds it.
    Copied,
    /// Neither is there: it is shown, selectable, to copy by hand.
    Shown,
}
