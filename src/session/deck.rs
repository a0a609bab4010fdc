//! The player's deck: positions of their own games to practise, asked
//! again at Leitner's intervals. Plain data with no web dependency; `save`
//! writes it and checks it on the way in.
//!
//! A card is a position a reviewed move was played on (the board before
//! the move, with its generator) and the review's verdict on that move,
//! which carries the review's whole assessment, so an answer is graded by
//! the same rule as the move played (`review::judge`). A new card is in the
//! first box and due the day it joins. A right answer moves it up a box, a
//! wrong one back to the first; either way it is next asked [`BOX_DAYS`]
//! of its new box later. A card in the last box is learned, and stays there
//! while it is answered right.
//!
//! The deck keeps at most [`MAX_CARDS`]: past it, the learned card that
//! joined first goes, or, with none learned, the card that joined first.
//! Every operation is a pass or a sort over at most that many cards.

use serde::{Deserialize, Serialize};

use crate::ai::bitboard;
use crate::ai::review::{judge, Assessment, Verdict, CERTAIN};
use crate::engine::{step, Direction, Input, State};

use super::daily::Day;

/// Days until a card in each box is due again: Leitner's boxes.
pub const BOX_DAYS: [u32; 5] = [1, 2, 4, 8, 16];

/// Most cards a deck keeps; beyond it the oldest learned cards go first,
/// then the oldest.
pub const MAX_CARDS: usize = 500;

/// The last box: a card in it is learned.
const LAST: u8 = BOX_DAYS.len() as u8 - 1;

/// One position to practise. Stored as [`StoredCard`]: the verdict as
/// its assessment and the move played, whole numbers all, from which
/// `judge` makes it again on the way in (so storage reads and writes no
/// fractions, and a stored verdict is always the one the review gives).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "StoredCard", from = "StoredCard")]
pub struct Card {
    /// The board before the move, its generator (seed) included.
    pub state: State,
    /// The review's verdict on the move played there, with its whole
    /// assessment ([`Verdict::assessment`]).
    pub verdict: Verdict,
    /// The move's number in its game, from 1.
    pub number: u32,
    /// Its Leitner box, `0..BOX_DAYS.len()`.
    pub slot: u8,
    /// The day it is next asked.
    pub due: Day,
    /// When it joined the deck: the deck's count of cards ever added,
    /// this one included.
    pub added: u32,
}

/// A card as storage keeps it ([`Card`]): the verdict as the review's
/// assessment ([`Assessment`]'s fields, written among the card's own) and
/// the move played.
#[derive(Clone, Serialize, Deserialize)]
struct StoredCard {
    state: State,
    best: Direction,
    target: u8,
    values: [Option<i32>; 4],
    ends: u8,
    played: Direction,
    number: u32,
    slot: u8,
    due: Day,
    added: u32,
}

impl From<Card> for StoredCard {
    fn from(card: Card) -> StoredCard {
        let Assessment {
            best,
            target,
            values,
            ends,
        } = card.verdict.assessment();
        StoredCard {
            state: card.state,
            best,
            target,
            values,
            ends,
            played: card.verdict.played,
            number: card.number,
            slot: card.slot,
            due: card.due,
            added: card.added,
        }
    }
}

impl From<StoredCard> for Card {
    fn from(stored: StoredCard) -> Card {
        let assessment = Assessment {
            best: stored.best,
            target: stored.target,
            values: stored.values,
            ends: stored.ends,
        };
        Card {
            verdict: judge(&assessment, stored.played),
            state: stored.state,
            number: stored.number,
            slot: stored.slot,
            due: stored.due,
            added: stored.added,
        }
    }
}

/// The player's cards, in the order they joined the deck.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    cards: Vec<Card>,
    /// How many cards ever joined the deck: the newest card's `added`.
    added: u32,
}

/// `day`, `days` later.
fn after(day: Day, days: u32) -> Day {
    (0..days).fold(day, |d, _| d.next())
}

/// Whether `a` and `b` are one position: the same tiles in the same cells,
/// and the same generator drawing the tiles to come.
fn same_position(a: &State, b: &State) -> bool {
    a.rng == b.rng
        && a.luck == b.luck
        && a.config.same_size(b.config)
        && a.board
            .positions()
            .all(|p| a.board.get(p).map(|t| t.value) == b.board.get(p).map(|t| t.value))
}

impl Deck {
    /// Adds the position `state`, on which the move judged by `verdict` was
    /// the game's move `number`, as a new card in the first box, due
    /// `today`. `false`, and nothing changes, if the deck holds that
    /// position already. Past [`MAX_CARDS`], the learned card that joined
    /// first goes, else the card that joined first.
    pub fn add(&mut self, state: State, verdict: Verdict, number: u32, today: Day) -> bool {
        if self.cards.iter().any(|c| same_position(&c.state, &state)) {
            return false;
        }
        // A deck that took u32::MAX cards takes no more (no two share a count).
        let Some(added) = self.added.checked_add(1) else {
            return false;
        };
        self.added = added;
        self.cards.push(Card {
            state,
            verdict,
            number,
            slot: 0,
            due: today,
            added,
        });
        if self.cards.len() > MAX_CARDS {
            let oldest = |learned: bool| {
                (self.cards.iter().enumerate())
                    .filter(|(_, c)| !learned || c.slot == LAST)
                    .min_by_key(|(_, c)| c.added)
                    .map(|(i, _)| i)
            };
            if let Some(gone) = oldest(true).or_else(|| oldest(false)) {
                self.cards.remove(gone);
            }
        }
        true
    }

    /// The indices of the cards due `today` (or before), the one waiting
    /// longest first: the earliest due, and of those the first to join.
    pub fn due(&self, today: Day) -> Vec<usize> {
        let mut due: Vec<usize> = (0..self.cards.len())
            .filter(|&i| self.cards[i].due <= today)
            .collect();
        due.sort_by_key(|&i| (self.cards[i].due, self.cards[i].added));
        due
    }

    /// The card at `index` answered `today`: a right answer moves it up a
    /// box (the last stays the last), a wrong one back to the first; it is
    /// next due [`BOX_DAYS`] of its new box later. No such card: nothing
    /// changes.
    pub fn answered(&mut self, index: usize, right: bool, today: Day) {
        let Some(card) = self.cards.get_mut(index) else {
            return;
        };
        card.slot = if right {
            card.slot.saturating_add(1).min(LAST)
        } else {
            0
        };
        card.due = after(today, BOX_DAYS[usize::from(card.slot)]);
    }

    /// How many cards are learned: in the last box.
    pub fn learned(&self) -> usize {
        self.cards.iter().filter(|c| c.slot == LAST).count()
    }

    /// How many cards the deck holds.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the deck holds no card.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards, in the order they joined the deck.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// What must hold of a stored deck: at most [`MAX_CARDS`], in the
    /// order they joined (each `added` greater than the one before, none
    /// past the deck's count), and every card one [`Deck::add`] could have
    /// made of a reviewed move (`Card::validate`).
    pub fn validate(&self) -> Result<(), String> {
        if self.cards.len() > MAX_CARDS {
            return Err("too many cards".into());
        }
        let rising = self.cards.windows(2).all(|w| w[0].added < w[1].added);
        let counted = self.cards.last().is_none_or(|c| c.added <= self.added);
        if !rising || !counted || self.cards.first().is_some_and(|c| c.added == 0) {
            return Err("cards out of the order they joined".into());
        }
        self.cards.iter().try_for_each(Card::validate)
    }
}

impl Card {
    /// What must hold of one card: a box that exists and a day the
    /// calendar has; a position a saved game could be in, which the review
    /// can search (4×4, tiles up to 2^15); and the verdict the review gives
    /// the move played on it ([`judge`] of its own assessment), whose
    /// chances (0 to [`CERTAIN`]) are those of exactly the moves that
    /// change the board, the move played and the review's pick among them,
    /// of the tile twice the board's top, and whose moves that end the game
    /// are among them too.
    fn validate(&self) -> Result<(), String> {
        if self.slot > LAST {
            return Err(format!("a card in box {}", self.slot));
        }
        let Day { year, month, day } = self.due;
        if Day::new(year, month, day) != Some(self.due) {
            return Err("a card due on a day no calendar has".into());
        }
        self.state.validate()?;
        if bitboard::from_board(&self.state.board).is_none() {
            return Err("a card of a board the review cannot search".into());
        }
        let v = &self.verdict;
        if judge(&v.assessment(), v.played) != *v {
            return Err("a verdict the review would not give".into());
        }
        let valued = |d: Direction| v.values[d as usize].is_some();
        let moves = v.ends < 1 << Direction::ALL.len()
            && Direction::ALL.into_iter().all(|d| {
                valued(d) == (step(Input::Move(d), &self.state) != self.state)
                    && v.values[d as usize].is_none_or(|x| (0..=CERTAIN).contains(&x))
                    && (valued(d) || v.ends & 1 << d as usize == 0)
            });
        if !moves || !valued(v.played) || !valued(v.best) {
            return Err("a verdict on moves this board does not have".into());
        }
        if v.values[v.best as usize] != v.values.iter().flatten().max().copied() {
            return Err("a verdict whose pick is not its best move".into());
        }
        let top = self.state.board.max_value();
        if u32::from(v.target) != top.trailing_zeros() + 1 {
            return Err("a verdict on another tile than twice the top one".into());
        }
        Ok(())
    }
}
