//! Playing against other people, the model's [`Contest`]: the daily game
//! and races against a shared game's ghost, the dailies' results, the
//! local time, the offer to race and the result card.
//!
//! A [`Challenge`] (a daily's attempt or a race) is a second game beside
//! the player's own (`model.game.own`): its game is always
//! [`Challenge::game`]. While it is on the board, `Model::board_game` is
//! that game (so the board, the moves, the history panel and the review
//! work on it as on any game); "Back to my game" puts the player's own game
//! on the board, and so does the Daily control the other way. Neither game
//! is touched by the other.

use crate::engine::{State, Status};
pub use crate::session::contest::Against;
use crate::session::contest::SavedChallenge;
use crate::session::dailies::{Dailies, DailyResult};
use crate::session::daily::{self, Day};
use crate::session::history::History;
use crate::session::race::{Ghost, Splits};
use crate::session::replay::{self, Replay};

use super::notice::{Sent, SentBy};
use super::refusal::Refusal;
use super::words::race_offer;

/// The model's part that plays against other people.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Contest {
    /// The daily's attempt or the race beside the player's own game, if any.
    pub challenge: Option<Challenge>,
    /// The results of the player's counted dailies.
    pub dailies: Dailies,
    /// The local date and time, as the clock last said.
    pub time: LocalTime,
    /// A shared game the page offers to race, from `?race=` or beside a
    /// replay.
    pub offer: Option<RaceOffer>,
    /// The result card of the challenge that ended.
    pub card: CardState,
    /// The daily the address asked for (`?daily`, `?daily=N`), opened once
    /// storage has said what the contest holds (`Msg::Loaded`).
    pub asked: Option<DailyAsked>,
    /// Whether Finish was pressed once and asks to be pressed again: it
    /// ends the challenge (a counted daily's one attempt) for good.
    #[serde(default)]
    pub finishing: bool,
}
crate::session::object::from_object!(Contest { challenge, dailies, time, offer, card, asked, finishing = default });

impl Contest {
    /// No challenge, no result, no offer, at `time`.
    pub fn at(time: LocalTime) -> Contest {
        Contest {
            challenge: None,
            dailies: Dailies::default(),
            time,
            offer: None,
            card: CardState::Unasked,
            asked: None,
            finishing: false,
        }
    }

    /// The challenge whose game is on the board, if one is.
    pub fn on_board(&self) -> Option<&Challenge> {
        self.challenge.as_ref().filter(|c| c.on_board)
    }

    /// The card made of the challenge that ended (`made`: its text and
    /// plain words, if it could be made), to share: its text.
    pub fn card_made(&mut self, made: Option<(String, String)>) -> Option<String> {
        let Some((text, plain)) = made else {
            self.card = CardState::Unasked;
            return None;
        };
        self.card = CardState::Made(Card {
            text: text.clone(),
            plain,
            sent: None,
            by: SentBy::Share,
        });
        Some(text)
    }

    /// The game on the board: the challenge's, if it is on the board, else
    /// `own`, the player's own (`Model::board_game` asks it; a rule that
    /// changes another room at once asks it too).
    pub fn board<'a>(&'a self, own: &'a History) -> &'a History {
        self.on_board().map_or(own, |c| &c.game)
    }

    /// Whether any of the contest's views shows: a challenge, or an offer.
    pub fn shown(&self) -> bool {
        self.challenge.is_some() || self.offer.is_some()
    }
}

/// Which daily the address asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum DailyAsked {
    /// `?daily`: today's.
    Today,
    /// `?daily=N`: daily #N.
    Number(u32),
}
crate::session::object::from_tagged!(DailyAsked { Today, Number(_) });

impl DailyAsked {
    /// As `Msg::OpenDaily` says it: `None` for today's.
    pub fn number(self) -> Option<u32> {
        match self {
            DailyAsked::Today => None,
            DailyAsked::Number(n) => Some(n),
        }
    }
}

/// A shared game offered to race: its link, and the offer in words ("Race
/// this game: 36 412 in 1 607 moves?").
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RaceOffer {
    pub link: String,
    pub words: String,
}
crate::session::object::from_object!(RaceOffer { link, words });

impl RaceOffer {
    /// The offer of the game of `link`, which ended in `end`.
    pub fn new(link: &str, end: &State) -> RaceOffer {
        RaceOffer {
            link: link.to_string(),
            words: race_offer(end),
        }
    }
}

/// The result card: not asked for, waiting for the review's grades (at
/// most `update::contest::CARD_WAIT_MS`), or made and sent.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CardState {
    Unasked,
    Waiting,
    Made(Card),
}
crate::session::object::from_tagged!(CardState { Unasked, Waiting, Made(_) });

impl CardState {
    /// The card made, if one is.
    pub fn made(&self) -> Option<&Card> {
        match self {
            CardState::Made(card) => Some(card),
            CardState::Unasked | CardState::Waiting => None,
        }
    }
}

/// A challenge's result, as text to share.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Card {
    /// The card, with its strip of coloured squares.
    pub text: String,
    /// The same without the squares, for screen readers and plain text.
    pub plain: String,
    /// How it went out, once the runner said.
    pub sent: Option<Sent>,
    /// Which button sent it out last: Share, or Copy.
    #[serde(default)]
    pub by: SentBy,
}
crate::session::object::from_object!(Card { text, plain, sent, by = default });

/// A daily's attempt or a race, and the player's own game beside it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Challenge {
    /// Daily #N, or a race: its ghost and the racer's splits.
    pub against: Against<Box<Race>>,
    /// Whether the challenge's game is on the board.
    pub on_board: bool,
    /// The challenge's game, on the board or beside it.
    pub game: History,
    /// Whether it has ended: game over, or Finish.
    pub ended: bool,
}
crate::session::object::from_object!(Challenge {
    against,
    on_board,
    game,
    ended
});

/// A race: the ghost's course, folded once from its link, and the racer's
/// own splits as they come.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Race {
    /// The ghost's share link (its `?replay=` value).
    pub link: String,
    pub ghost: Ghost,
    /// Each tile from 128 up the racer made, and the move it came at.
    pub splits: Splits,
    /// Whether the ghost's board shows beside the racer's (off at first).
    pub show_ghost: bool,
}
crate::session::object::from_object!(Race {
    link,
    ghost,
    splits,
    show_ghost
});

impl Race {
    /// The race against the game of `link`, if the link opens.
    pub fn of(link: &str) -> Result<(Race, Replay), replay::LinkError> {
        let shared = replay::decode(link)?;
        let ghost = Ghost::of(&shared)?;
        let race = Race {
            link: link.to_string(),
            ghost,
            splits: Splits::default(),
            show_ghost: false,
        };
        Ok((race, shared))
    }
}

impl<R> Against<R> {
    /// Why the game is played unaided, if it is: no undo, redo, hint,
    /// autoplay or new game (a counted daily, or a race). The one rule of
    /// help in a contest (`Model::help_refused` asks it of the challenge
    /// on the board).
    pub fn unaided(&self) -> Option<Refusal> {
        match self {
            Against::Daily { counted: true, .. } => Some(Refusal::CountedDaily),
            Against::Race(_) => Some(Refusal::Race),
            Against::Daily { counted: false, .. } => None,
        }
    }

    /// The number of the daily, if this is a daily's counted attempt: the
    /// one place it is told apart from practice and races.
    pub fn counted_daily(&self) -> Option<u32> {
        match *self {
            Against::Daily {
                number,
                counted: true,
            } => Some(number),
            Against::Daily { counted: false, .. } | Against::Race(_) => None,
        }
    }
}

impl Challenge {
    /// Whether its game has come to its end by play.
    pub fn over(&self) -> bool {
        self.game.present().status == Status::Over
    }

    /// The result its game keeps, if it is a counted daily's attempt.
    pub fn result(&self) -> Option<DailyResult> {
        let number = self.against.counted_daily()?;
        let end = self.game.present();
        Some(DailyResult {
            number,
            score: end.score,
            top: end.board.max_value(),
            moves: end.moves,
        })
    }

    /// The challenge as storage keeps it.
    pub fn saved(&self) -> SavedChallenge {
        SavedChallenge {
            against: self.against.map_race(|race| race.link.clone()),
            ended: self.ended,
            on_board: self.on_board,
            game: self.game.clone(),
        }
    }

    /// The challenge storage kept. A race's ghost is folded from its link,
    /// unless `known` is the same race (its ghost is taken as it is); the
    /// racer's splits, from its game. `None` if the race's link no longer
    /// opens.
    pub fn from_saved(
        saved: SavedChallenge,
        known: Option<&Against<Box<Race>>>,
    ) -> Option<Challenge> {
        let against = match saved.against {
            Against::Daily { number, counted } => Against::Daily { number, counted },
            Against::Race(link) => {
                let mut race = match known {
                    Some(Against::Race(race)) if race.link == link => race.clone(),
                    _ => Box::new(Race::of(&link).ok()?.0),
                };
                race.splits = Splits::of(&saved.game);
                Against::Race(race)
            }
        };
        Some(Challenge {
            against,
            on_board: saved.on_board,
            game: saved.game,
            ended: saved.ended,
        })
    }
}

/// The local date and time, as the page's clock gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LocalTime {
    pub day: Day,
    /// Seconds since local midnight.
    pub second: u32,
}
crate::session::object::from_object!(LocalTime { day, second });

impl LocalTime {
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
