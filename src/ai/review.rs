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
//! A move's value is its *chance*: how likely the game, played on from the
//! board the move leaves as the reference player plays, makes the
//! position's *target*, twice its top tile ([`super::chance`]: an
//! expectimax of chances, exact for the moves the search looks ahead, with
//! chances measured on the reference player's games at its leaves). A
//! position's chance is its best move's. A move's *loss* is the chance it
//! gives away against the best move, in percentage points: a loss of 12
//! means the move cost 12 in 100 of the player's chances of making the
//! next tile.
//!
//! Grades: **best** is the review's pick (the move that keeps the most
//! chance, and of those the one whose board the heuristic likes best);
//! otherwise **good** below [`GOOD`] points of loss, **inaccuracy** below
//! [`INACCURACY`], **mistake** below [`MISTAKE`], **blunder** from there
//! on; and a move that ends the game when another would not is a blunder
//! whatever its loss.
//!
//! A move's *accuracy* is lichess's curve of the chance lost,
//! `103.1668 × e^(−0.04354 × loss) − 3.1669`, held to 0–100: 100 for a
//! move that loses nothing, 80 for a loss of 5 points, 64 for 10, 40 for
//! 20. A game's accuracy is lichess's way too ([`game_accuracy`]), over the
//! game's decisions (the moves where the choice could cost at least a
//! tenth of a point): the mean of a mean weighted by what each decision
//! was worth and of the harmonic mean, so that a few bad moves count.

use crate::engine::Direction;

use super::bitboard::{can_move, tables, Bitboard};
use super::chance::{calibrated, target_of, Calibration, Chance, CALIBRATION};
use super::eval::{Evaluator, Heuristic};
use super::search::{Limits, SearchConfig, Searcher};
use super::Clock;

/// Positions one review search may visit: deep enough that a position
/// where the game can be lost within a few moves is searched to the end
/// of every line that loses it (docs/coach.md).
pub const REVIEW_NODES: u64 = 40_000;

/// A chance of 1 in basis points: the unit of [`Assessment::values`].
pub const CERTAIN: i32 = 10_000;

/// Loss, in percentage points of the chance of making the next tile,
/// below which a move is good: less than 1 game in 100 lost by it.
pub const GOOD: f32 = 1.0;
/// Below which a move is an inaccuracy: less than 1 game in 20.
pub const INACCURACY: f32 = 5.0;
/// Below which a move is a mistake, and from which a blunder: 1 game in 5.
pub const MISTAKE: f32 = 20.0;

/// How good a move was, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}
crate::engine::names::by_name!(Grade {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder
});

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

    /// The grade of a move that is not the review's pick and loses `loss`
    /// percentage points of the chance of lasting.
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

/// The review's verdict on a position: its pick, its target and every
/// move's chance of making it in basis points, 0 to [`CERTAIN`] (in [`Direction::ALL`]
/// order, `None` for a move that changes nothing). Whole basis points
/// travel between the worker and the page as JSON integers and lose
/// nothing a grade can show: one is a hundredth of a percentage point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Assessment {
    pub best: Direction,
    /// The exponent of the tile the chances are of: twice the position's
    /// top tile ([`target_of`]).
    pub target: u8,
    pub values: [Option<i32>; 4],
    /// The moves after which the game is over whatever tile comes, one bit
    /// each in [`Direction::ALL`] order (bit 0: up).
    pub ends: u8,
}

impl Assessment {
    /// The chance of the move that keeps the most: the position's chance.
    pub fn value(&self) -> i32 {
        self.values.iter().flatten().copied().max().unwrap_or(0)
    }

    /// The chance of `dir`, if it changes the board.
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

/// A move played, judged. Written as [`Judged`]: the assessment and the
/// move, from which [`judge`] makes it again on the way in, so a session
/// file holds no figure twice and every verdict read is the one the review
/// gives (as the deck stores its cards).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(into = "Judged", from = "Judged")]
pub struct Verdict {
    pub played: Direction,
    pub grade: Grade,
    /// Percentage points of the chance of making the target given away
    /// against the best move (0 for the best, and for any move that keeps
    /// as much).
    pub loss: f32,
    /// The exponent of the tile the chance is of ([`Assessment::target`]).
    pub target: u8,
    /// The review's pick.
    pub best: Direction,
    /// The position's chance before the move ([`Assessment::value`]), in
    /// basis points.
    pub value: i32,
    /// The chance the move played kept, in basis points (0 for a move that
    /// changes nothing).
    pub kept: i32,
    /// The chance the worst move would have kept, in basis points.
    pub worst: i32,
    /// The assessment's chance of every move ([`Assessment::values`]), so
    /// another answer on the same position is judged by the same rule.
    pub values: [Option<i32>; 4],
    /// The moves that end the game ([`Assessment::ends`]).
    pub ends: u8,
}

/// A [`Verdict`] as it is written: what [`judge`] makes it of.
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
pub struct Judged {
    assessment: Assessment,
    played: Direction,
}

impl From<Verdict> for Judged {
    fn from(verdict: Verdict) -> Judged {
        Judged {
            assessment: verdict.assessment(),
            played: verdict.played,
        }
    }
}

impl From<Judged> for Verdict {
    fn from(judged: Judged) -> Verdict {
        judge(&judged.assessment, judged.played)
    }
}

impl Verdict {
    /// The assessment this verdict was judged against, whole again:
    /// `judge(&verdict.assessment(), answer)` grades any other answer on
    /// the same position as the move played was graded.
    pub fn assessment(&self) -> Assessment {
        Assessment {
            best: self.best,
            target: self.target,
            values: self.values,
            ends: self.ends,
        }
    }

    /// What the choice was worth: the points between the best and the
    /// worst move's chances.
    pub fn stakes(&self) -> f32 {
        (self.value - self.worst) as f32 / 100.0
    }

    /// The move that keeps more of the chance than the one played, if
    /// some move does.
    pub fn better(&self) -> Option<Direction> {
        (self.loss > 0.0 && self.best != self.played).then_some(self.best)
    }

    /// The better move worth showing beside the move played: where it
    /// lost at least [`GOOD`] points (an inaccuracy or worse). A good
    /// move's fraction of a point is not worth a mark.
    pub fn shown_better(&self) -> Option<Direction> {
        self.better().filter(|_| self.grade >= Grade::Inaccuracy)
    }
}

/// What a review searches with: the search over chances ([`Chance`]),
/// with a transposition table of 2^16 entries (1 MiB) that [`assess`]
/// empties before each position, and the heuristic that breaks ties
/// between moves that keep the same chance.
pub struct Reviewer {
    searcher: Searcher<Chance>,
    heuristic: Heuristic,
    /// The curve the search's chances are read through ([`CALIBRATION`]).
    calibration: Calibration,
}

impl Default for Reviewer {
    fn default() -> Self {
        Reviewer::with(Chance::default(), CALIBRATION)
    }
}

impl Reviewer {
    /// A reviewer with other leaves and another calibration curve than the
    /// shipped ones (`review --fit` checks those it has just fitted).
    pub fn with(chance: Chance, calibration: Calibration) -> Reviewer {
        Reviewer {
            searcher: Searcher::new(chance, review_config()),
            heuristic: Heuristic::default(),
            calibration,
        }
    }

    /// The name of what values the moves, as the worker's replies give it.
    pub fn evaluator(&self) -> &'static str {
        self.searcher.evaluator().name()
    }
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

/// The review's assessment of `board` within `nodes` positions, from an
/// empty transposition table; `None` if no move changes the board.
pub fn assess(reviewer: &mut Reviewer, board: Bitboard, nodes: u64) -> Option<Assessment> {
    let Reviewer {
        searcher,
        heuristic,
        calibration,
    } = reviewer;
    searcher.clear();
    let target = target_of(board);
    searcher.evaluator_mut().set_target(target);
    let limits = Limits {
        nodes,
        ..Limits::ms(f64::INFINITY)
    };
    let (_, stats) = searcher.search_within(board, limits, &Stopped)?;
    let values = stats.values.map(|v| {
        let curve = calibration[usize::from(target.min(16))];
        v.map(|v| (calibrated(v, curve) * CERTAIN as f32).round() as i32)
    });
    let t = tables();
    let best = Direction::ALL
        .into_iter()
        .filter_map(|d| {
            let shape = heuristic.evaluate(t.slide(board, d));
            values[d as usize].map(|v| (v, shape, d))
        })
        .max_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, d)| d)?;
    let ends = Direction::ALL
        .into_iter()
        .enumerate()
        .filter(|&(_, d)| ends_the_game(board, d))
        .fold(0, |bits, (i, _)| bits | 1 << i);
    Some(Assessment {
        best,
        target,
        values,
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

/// The move `played` judged against the review's assessment of the
/// position it was played on.
pub fn judge(assessment: &Assessment, played: Direction) -> Verdict {
    let value = assessment.value();
    let points = |v: i32| (value - v).max(0) as f32 / 100.0;
    let loss = match assessment.value_of(played) {
        // A move that ends the game when another would not is a blunder,
        // whatever the chances of the others.
        Some(v) if assessment.ends(played) && assessment.can_go_on() => points(v).max(MISTAKE),
        Some(v) => points(v),
        // A move that changes nothing is no move at all: the worst there is.
        None => 100.0,
    };
    // No move kept more of the chance: the move played is a best one.
    let grade = if played == assessment.best || loss <= 0.0 {
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
        kept: assessment.value_of(played).unwrap_or(0),
        worst: assessment
            .values
            .iter()
            .flatten()
            .copied()
            .min()
            .unwrap_or(0),
        target: assessment.target,
        values: assessment.values,
        ends: assessment.ends,
    }
}

/// A move's accuracy, 0 to 100, from its loss (see the module docs).
pub fn move_accuracy(loss: f32) -> f32 {
    if loss <= 0.0 {
        // The curve gives 99.9999 here: nothing lost is 100.
        return 100.0;
    }
    (103.1668 * (-0.04354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The least difference, in points, between the chances of a position's
/// best and worst moves for the move to count as a decision: where every
/// move keeps the same chance to a tenth of a point, the move did not
/// matter, and it does not count in the accuracy.
pub const DECISION: f32 = 0.1;

/// At most how much a decision weighs in the accuracy: its stakes, in
/// points, held to [`DECISION`]–12 (lichess holds its weights to 0.5–12).
const MOST_WEIGHT: f32 = 12.0;

/// A game's accuracy, 0 to 100, from its moves' verdicts: lichess's way,
/// the mean of two means of the accuracies ([`move_accuracy`]) of the
/// game's decisions (the moves whose best and worst choices differed by at
/// least [`DECISION`] points).
///
/// - A mean weighted by each decision's stakes (the points between its best
///   and worst move, held to [`DECISION`]–[`MOST_WEIGHT`]): lichess weights
///   a move by how much the winning chances were moving around it; here
///   the chance itself says how much a move could change it.
/// - The harmonic mean (each accuracy at least 1), which a few bad moves
///   pull far down: a game with a blunder in it is not a 99% game.
///
/// A game with no decision in it is as accurate as the mean of its moves'
/// accuracies (0 for no move).
pub fn game_accuracy(verdicts: &[&Verdict]) -> f32 {
    let decisions: Vec<(f32, f32)> = verdicts
        .iter()
        .filter(|v| v.stakes() >= DECISION)
        .map(|v| (move_accuracy(v.loss), v.stakes().min(MOST_WEIGHT)))
        .collect();
    if decisions.is_empty() {
        let all = verdicts.iter().map(|v| move_accuracy(v.loss));
        return all.sum::<f32>() / verdicts.len().max(1) as f32;
    }
    let (sum, weight) = decisions
        .iter()
        .fold((0.0, 0.0), |(s, w), (a, x)| (s + a * x, w + x));
    let harmonic =
        decisions.len() as f32 / decisions.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f32>();
    ((sum / weight + harmonic) / 2.0).min(100.0)
}

/// A review's figures: its accuracy and how many moves got each grade.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// The game's accuracy ([`game_accuracy`]), 0 to 100 (0 for no move).
    pub accuracy: f32,
    /// Moves per grade, in [`Grade::ALL`] order.
    pub counts: [usize; 5],
}

impl Summary {
    /// The figures of a game's verdicts, in the order the moves were played.
    pub fn of<'a>(verdicts: impl IntoIterator<Item = &'a Verdict>) -> Summary {
        let verdicts: Vec<&Verdict> = verdicts.into_iter().collect();
        let mut summary = Summary {
            accuracy: game_accuracy(&verdicts),
            ..Summary::default()
        };
        for v in &verdicts {
            summary.counts[v.grade as usize] += 1;
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
pub fn review(
    reviewer: &mut Reviewer,
    game: &[(Bitboard, Direction)],
    nodes: u64,
) -> Vec<Option<Verdict>> {
    game.iter()
        .map(|&(board, played)| assess(reviewer, board, nodes).map(|a| judge(&a, played)))
        .collect()
}
