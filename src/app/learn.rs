//! Learn from your mistakes: the room that puts the player back before
//! each mistake of a reviewed game and asks for a better move (the
//! [`Walk`]), and the player's deck those positions join, served again
//! when due (Practice, Leitner's boxes: `session::deck`). A puzzle link
//! (`?replay=…&puzzle=N`) is a walk of one position, from a game replayed
//! from its seed.
//!
//! An answer is graded by the assessment the review made of the position
//! (`judge` on [`Verdict::assessment`]): no second rule, and no search
//! where the review already searched. Its rules are in `update/learn.rs`;
//! on the page they arrive with learn's chunk, with its view (`rooms`).

use crate::ai::review::{judge, Grade, Verdict};
use crate::engine::{Direction, State};
use crate::session::deck::Deck;

/// The walk in progress, the deck, and a puzzle the address asked for.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Learn {
    /// The walk on the board, if one is.
    pub walk: Option<Walk>,
    /// The player's deck, once storage has answered (its room's code in),
    /// written as storage writes it (`session::deck_as_stored`).
    #[serde(serialize_with = "crate::session::deck_as_stored::serialize")]
    pub deck: Option<Deck>,
    /// The move a puzzle link asked for (`?puzzle=N`, as written): the
    /// link's game is on the board, and learn's rules find the move once
    /// their code is in.
    pub asked: Option<String>,
}

impl<'de> serde::Deserialize<'de> for Learn {
    /// Read from its object as every struct only session files hold
    /// (`session::object`), the deck as storage writes it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Learn, D::Error> {
        use crate::session::deck_as_stored::Stored;
        use crate::session::object::{field, object};
        let mut object = object(d)?;
        Ok(Learn {
            walk: field(&mut object, "walk")?,
            deck: field::<Option<Stored>, _>(&mut object, "deck")?.map(|s| s.0),
            asked: field(&mut object, "asked")?,
        })
    }
}

/// Where a walk's positions come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The mistakes and blunders of the game reviewed.
    Review,
    /// The deck's cards that are due.
    Practice,
    /// A puzzle link's position.
    Puzzle,
}
crate::engine::names::by_name!(Source {
    Review,
    Practice,
    Puzzle
});

/// One position to solve.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Position {
    /// The board before the move, its generator included.
    pub state: State,
    /// The move played there.
    pub played: Direction,
    /// The review's verdict on it (`None` while a puzzle's position waits
    /// for its search).
    pub verdict: Option<Verdict>,
    /// The move's number in its game.
    pub number: u32,
    /// Its index in the history of the game on the board (none for a card
    /// of the deck).
    pub at: Option<usize>,
}
crate::session::object::from_object!(Position {
    state,
    played,
    verdict,
    number,
    at
});

/// What the walk says of the position it asks.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub enum Said {
    /// Find a better move.
    Asking,
    /// This answer is best or good.
    Found(Verdict),
    /// This answer is not: Try again, Show me or Skip.
    NotQuite(Verdict),
    /// The best move, shown.
    Shown,
}
crate::session::object::from_tagged!(Said { Asking, Found(_), NotQuite(_), Shown });

/// A walk through positions, one at a time.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Walk {
    pub source: Source,
    pub positions: Vec<Position>,
    /// The position asked now; at the end, `positions.len()`.
    pub at: usize,
    pub said: Said,
    /// Whether this position had a wrong answer.
    pub missed: bool,
    /// Positions found at the first try,
    pub first_try: u32,
    /// and in all.
    pub found: u32,
}
crate::session::object::from_object!(Walk {
    source,
    positions,
    at,
    said,
    missed,
    first_try,
    found
});

impl Walk {
    /// A walk through `positions`, asking the first.
    pub fn new(source: Source, positions: Vec<Position>) -> Walk {
        Walk {
            source,
            positions,
            at: 0,
            said: Said::Asking,
            missed: false,
            first_try: 0,
            found: 0,
        }
    }

    /// The position asked now, if the walk has not ended.
    pub fn position(&self) -> Option<&Position> {
        self.positions.get(self.at)
    }

    /// Whether every position has been asked.
    pub fn ended(&self) -> bool {
        self.at >= self.positions.len()
    }

    /// Whether the walk takes an answer now: a position asked, its
    /// verdict known, not settled.
    pub fn takes_answer(&self) -> bool {
        let known = self.position().is_some_and(|p| p.verdict.is_some());
        known && matches!(self.said, Said::Asking | Said::NotQuite(_))
    }
}

/// How an answer on a position is judged: by the review's assessment of
/// it, as the move played was. `None`: the answer changes nothing (or the
/// position's verdict is not known yet).
pub fn judged(position: &Position, answer: Direction) -> Option<Verdict> {
    let verdict = position.verdict?;
    let assessment = verdict.assessment();
    assessment.value_of(answer)?;
    Some(judge(&assessment, answer))
}

/// Whether a judged answer is found: best or good.
pub fn accepted(answer: &Verdict) -> bool {
    answer.grade <= Grade::Good
}

/// Whether the walk of a review holds a move: a mistake or a blunder.
pub fn to_learn(verdict: &Verdict) -> bool {
    verdict.grade >= Grade::Mistake
}

impl Learn {
    /// The state the walk shows on the board, while it asks one.
    pub fn shown(&self) -> Option<&State> {
        Some(&self.walk.as_ref()?.position()?.state)
    }

    /// The move the walk draws on the board: the best, once shown.
    pub fn arrow(&self) -> Option<Direction> {
        let walk = self.walk.as_ref()?;
        let verdict = walk.position()?.verdict?;
        (walk.said == Said::Shown).then_some(verdict.best)
    }

    /// Whether a walk is on the board: the game's inputs wait.
    pub fn walking(&self) -> bool {
        self.shown().is_some()
    }

    /// How many of the deck's cards are due on `today`, and learned.
    pub fn counts(&self, today: crate::session::daily::Day) -> Option<(usize, usize, usize)> {
        let deck = self.deck.as_ref()?;
        Some((deck.len(), deck.due(today).len(), deck.learned()))
    }

    /// The walk's invariant: the position asked is one of its positions,
    /// or the end.
    pub fn validate(&self) -> Result<(), String> {
        match &self.walk {
            Some(w) if w.at > w.positions.len() => Err("the walk past its end".into()),
            Some(w) if w.found > w.at as u32 + 1 || w.first_try > w.found => {
                Err("the walk found more than it asked".into())
            }
            _ => Ok(()),
        }
    }
}
