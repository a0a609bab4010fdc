//! The coach: a game reviewed move by move, as chess players review theirs.
//!
//! For each position of a game the search weighs every legal move, and the
//! move played is graded against the best one. Three steps, each pure:
//!
//! - [`assess`]: the search on one position under a fixed node limit
//!   ([`REVIEW_NODES`]) with an emptied transposition table, so a position
//!   gets the same values whoever searches it and whatever was searched
//!   before: one browser worker or four, the page or `ai-bench --review`.
//!   It runs in the AI worker.
//! - [`judge`]: the move played against that assessment: its loss and its
//!   [`Grade`]. It runs on the page, in `update`, as each answer arrives.
//! - [`Summary::of`]: the accuracy and the count of each grade.
//!
//! [`review`] chains them over a whole game, for the tests and the bench.
//!
//! # The measure
//! The search's value of a move is the evaluator's expected score of the
//! positions a few moves ahead, where a lost position scores
//! [`LOST_GAME`] points less than any other (the heuristic's penalty for a
//! dead end: 200 000 for each of its 8 lines). So a gap between two moves'
//! values reads as a gap in the chance of losing soon: a move valued
//! 16 000 points below the best is as bad as a 1% greater chance of losing
//! the game. A move's *loss* is that gap in percentage points,
//! `100 × (best − played) / LOST_GAME`, never below 0. The best position
//! plays on is worth the same to the search whatever the score says, so the
//! loss measures the decision, not the luck of the spawns.
//!
//! Grades: **best** is the move the search picks; otherwise **good** below
//! [`GOOD`] points of loss, **inaccuracy** below [`INACCURACY`], **mistake**
//! below [`MISTAKE`], **blunder** from there on; and a move that ends the
//! game when another would not is a blunder whatever its loss. The
//! thresholds are quantiles of measured losses (`review --calibrate`,
//! README, "The coach"): good is what the search's own games stay within on
//! 99.5% of their moves, an inaccuracy within 99.9%, and a blunder is worse
//! than 95% of random moves.
//!
//! A move's *accuracy* is `100 × 2^(−loss / GOOD)`: 100 for the best move,
//! 50 at the edge of good, halved again for every further [`GOOD`] points
//! given away. A game's accuracy is the mean over its moves.

use crate::engine::Direction;

use super::bitboard::{can_move, tables, Bitboard};
use super::eval::{Evaluator, Heuristic, Weights};
use super::search::{Limits, SearchConfig, Searcher};
use super::Clock;

/// Positions one review search may visit: about 5 ms natively, 8 ms in a
/// browser worker, and deep enough (4 to 6 moves) that the search's own
/// games grade best or good (README, "The coach").
pub const REVIEW_NODES: u64 = 40_000;

/// What losing the game costs in the heuristic's points: the unit of a
/// move's loss (100 = a certain loss).
pub const LOST_GAME: f32 = 8.0 * Weights::NNEONNEO.lost_penalty;

/// Loss, in points of the chance of losing, below which a move is good: the
/// search's own games lose less on 99.5% of their moves (0.18).
pub const GOOD: f32 = 0.2;
/// Below which a move is an inaccuracy: the search's own games lose less on
/// 99.9% of their moves (0.9).
pub const INACCURACY: f32 = 1.0;
/// Below which a move is a mistake, and from which a blunder: random moves
/// lose less 95 times in 100 (3.9).
pub const MISTAKE: f32 = 4.0;

/// How good a move was, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Grade {
    /// Every grade, best first: the order of [`Summary::counts`].
    pub const ALL: [Grade; 5] = [
        Grade::Best,
        Grade::Good,
        Grade::Inaccuracy,
        Grade::Mistake,
        Grade::Blunder,
    ];

    /// The grade's word, lower case, as the page and the bench print it.
    pub fn word(self) -> &'static str {
        match self {
            Grade::Best => "best",
            Grade::Good => "good",
            Grade::Inaccuracy => "inaccuracy",
            Grade::Mistake => "mistake",
            Grade::Blunder => "blunder",
        }
    }

    /// The grade of a move that is not the search's pick and loses `loss`
    /// points of the chance of losing.
    pub fn of_loss(loss: f32) -> Grade {
        if loss < GOOD {
            Grade::Good
        } else if loss < INACCURACY {
            Grade::Inaccuracy
        } else if loss < MISTAKE {
            Grade::Mistake
        } else {
            Grade::Blunder
        }
    }
}

/// The search's verdict on a position: the move it picks and every move's
/// value, rounded to a whole point (in [`Direction::ALL`] order, `None` for
/// a move that changes nothing). Whole points travel between the worker and
/// the page as JSON integers and lose nothing that matters: a point is a
/// sixteen-thousandth of a percent of the chance of losing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Assessment {
    pub best: Direction,
    pub values: [Option<i32>; 4],
    /// The moves after which the game is over whatever tile comes, one bit
    /// each in [`Direction::ALL`] order (bit 0: up).
    pub ends: u8,
}

impl Assessment {
    /// The value of the best move the search finished weighing: the
    /// position's value.
    pub fn value(&self) -> i32 {
        self.values.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The value of `dir`, if it changes the board.
    pub fn value_of(&self, dir: Direction) -> Option<i32> {
        self.values[dir as usize]
    }

    /// Whether the game is over after `dir`, whatever tile comes.
    pub fn ends(&self, dir: Direction) -> bool {
        self.ends & (1 << dir as usize) != 0
    }

    /// Whether some move changes the board and leaves the game going.
    pub fn can_go_on(&self) -> bool {
        Direction::ALL
            .into_iter()
            .any(|d| self.value_of(d).is_some() && !self.ends(d))
    }
}

/// A move played, judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    pub played: Direction,
    pub grade: Grade,
    /// Points of the chance of losing given away against the best move
    /// (0 for the best).
    pub loss: f32,
    /// The search's pick.
    pub best: Direction,
    /// The position's value before the move ([`Assessment::value`]).
    pub value: i32,
}

/// The searcher a review uses: the heuristic, and a transposition table of
/// 2^16 entries (1 MiB), which [`assess`] empties before each position.
pub fn reviewer() -> Searcher<Heuristic> {
    Searcher::new(Heuristic::default(), review_config())
}

/// The search's knobs for a review: the default ones with a small table,
/// since one position's search under [`REVIEW_NODES`] stores few entries.
pub fn review_config() -> SearchConfig {
    SearchConfig {
        tt_bits: 16,
        ..SearchConfig::default()
    }
}

/// A clock that never moves: a review search stops by its node limit alone,
/// so its answer does not depend on the machine's speed.
struct Stopped;

impl Clock for Stopped {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The search's assessment of `board` within `nodes` positions, from an
/// empty transposition table; `None` if no move changes the board.
pub fn assess<E: Evaluator>(
    searcher: &mut Searcher<E>,
    board: Bitboard,
    nodes: u64,
) -> Option<Assessment> {
    searcher.clear();
    let limits = Limits {
        nodes,
        ..Limits::ms(f64::INFINITY)
    };
    let (best, stats) = searcher.search_within(board, limits, &Stopped)?;
    let ends = Direction::ALL
        .into_iter()
        .enumerate()
        .filter(|&(_, d)| ends_the_game(board, d))
        .fold(0, |bits, (i, _)| bits | 1 << i);
    Some(Assessment {
        best,
        values: stats.values.map(|v| v.map(|v| v.round() as i32)),
        ends,
    })
}

/// Whether `dir` changes `board` and leaves no move after any tile that
/// may come (a 2 or a 4 in any empty cell).
pub fn ends_the_game(board: Bitboard, dir: Direction) -> bool {
    let t = tables();
    let after = t.slide(board, dir);
    after != board
        && (0..16).filter(|i| (after >> (4 * i)) & 0xF == 0).all(|i| {
            [1u64, 2]
                .iter()
                .all(|&e| !can_move(t, after | (e << (4 * i))))
        })
}

/// The move `played` judged against the search's assessment of the
/// position it was played on.
pub fn judge(assessment: &Assessment, played: Direction) -> Verdict {
    let value = assessment.value();
    let loss = match assessment.value_of(played) {
        _ if played == assessment.best => 0.0,
        // A move that ends the game when another would not is a blunder,
        // however the search valued the other moves' prospects.
        Some(v) if assessment.ends(played) && assessment.can_go_on() => {
            (100.0 * (value as f32 - v as f32) / LOST_GAME).max(MISTAKE)
        }
        Some(v) => (100.0 * (value as f32 - v as f32) / LOST_GAME).max(0.0),
        // A move that changes nothing is no move at all: the worst there is.
        None => 100.0,
    };
    let grade = if played == assessment.best {
        Grade::Best
    } else {
        Grade::of_loss(loss)
    };
    Verdict {
        played,
        grade,
        loss,
        best: assessment.best,
        value,
    }
}

/// A move's accuracy, 0 to 100, from its loss (see the module docs).
pub fn move_accuracy(loss: f32) -> f32 {
    100.0 * (-loss.max(0.0) / GOOD).exp2()
}

/// A review's figures: its accuracy and how many moves got each grade.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// The mean of the moves' accuracies, 0 to 100 (0 for no move).
    pub accuracy: f32,
    /// Moves per grade, in [`Grade::ALL`] order.
    pub counts: [usize; 5],
}

impl Summary {
    pub fn of<'a>(verdicts: impl IntoIterator<Item = &'a Verdict>) -> Summary {
        let mut summary = Summary::default();
        let mut total = 0.0;
        for v in verdicts {
            summary.counts[v.grade as usize] += 1;
            total += move_accuracy(v.loss);
        }
        let moves = summary.moves();
        if moves > 0 {
            summary.accuracy = total / moves as f32;
        }
        summary
    }

    /// How many moves were judged.
    pub fn moves(&self) -> usize {
        self.counts.iter().sum()
    }

    /// How many moves got `grade`.
    pub fn count(&self, grade: Grade) -> usize {
        self.counts[grade as usize]
    }
}

/// Every move of a game, judged: `game` is each position with the move
/// played on it. A position on which no move changes the board (it cannot
/// have had a move played) gets `None`.
pub fn review<E: Evaluator>(
    searcher: &mut Searcher<E>,
    game: &[(Bitboard, Direction)],
    nodes: u64,
) -> Vec<Option<Verdict>> {
    game.iter()
        .map(|&(board, played)| assess(searcher, board, nodes).map(|a| judge(&a, played)))
        .collect()
}
