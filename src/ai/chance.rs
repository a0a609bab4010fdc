//! A position's chance of making the next tile up: what the coach measures.
//!
//! The coach's question of a position is the one a player asks: *can I
//! still make the next tile?* Its **target** is twice the position's top
//! tile (a board whose top tile is 256 plays for a 512), and its
//! **chance** is how often the [reference player](REFERENCE_NODES), playing
//! on from there, makes that tile before the game ends. The chance is
//! uncertain at every stage of a game: a new top tile is made, the target
//! doubles, and the chance starts again from where the board stands.
//!
//! [`Chance`] is an [`Evaluator`] whose value of a board is that chance.
//! The search over it (`review::assess`) is an expectimax of chances: exact
//! for the moves it looks ahead (a board holding the target is worth 1, a
//! lost one 0, the spawns are weighed by their odds, the player picks the
//! move that keeps the most), with the measured chance at its leaves.
//!
//! The leaves' chance is measured, not assumed: a logistic curve of four
//! figures of the board ([`features`]) for each target, fitted on the
//! outcomes of the reference player playing on from boards taken from
//! games of players of every strength (`review --fit` prints [`MODEL`]
//! from its seeds and checks it on other games; docs/coach.md).

use super::bitboard::{count_empty, max_exponent, transpose, Bitboard};
use super::eval::Evaluator;

/// The reference player whose outcomes the chance is fitted on, as lichess
/// names the games its winning chances were fitted on: a player of a
/// strong person's level, who makes 2048 in about half its games
/// (`review --reference` measures it; docs/coach.md). It is the heuristic
/// search at [`REFERENCE_NODES`] positions a move (one move ahead, with
/// every tile that may come weighed), which plays a uniformly random legal
/// move instead [`REFERENCE_SLIPS`] times in 100: a good player who slips
/// now and then.
pub const REFERENCE_NODES: u64 = 100;
/// How many moves in 100 the reference player plays at random.
pub const REFERENCE_SLIPS: u64 = 2;

/// How many figures of a board the curve weighs ([`features`]).
pub const FEATURES: usize = 7;

/// A curve for each target (by its exponent, 0 to 16): the weights of the
/// board's [`Chance::features`] in the log-odds of making the target.
pub type Model = [[f32; FEATURES]; 17];

/// The leaves' curves, as fitted by `review --fit --games 30 --seed 1`
/// (docs/coach.md). A target whose boards were always made in the fit
/// (the early tiles) has a curve close to certain everywhere (99.97%).
// Fitted weights, printed by the fit: one may fall near a constant such as
// 1/π by chance.
#[allow(clippy::approx_constant)]
pub const MODEL: Model = {
    let mut model = [[8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]; 17];
    model[6] = [1.636, 1.436, 2.334, 0.802, -0.948, -1.093, -0.301];
    model[7] = [2.104, 0.851, 2.507, 1.373, -1.096, -1.254, -0.376];
    model[8] = [2.368, 0.726, 1.789, 1.567, -1.121, -1.964, -0.318];
    model[9] = [2.287, 0.99, 1.186, 0.997, -0.278, -0.548, -1.763];
    model[10] = [1.711, 0.96, 0.026, 0.494, -0.337, -0.387, -2.015];
    model[11] = [0.039, 1.462, 0.128, 0.238, -0.076, -0.367, -1.517];
    model[12] = [-1.84, 2.426, -0.255, -0.025, -0.108, -0.483, -1.382];
    model[13] = [-3.264, -0.174, -1.965, -1.235, -0.085, -0.013, -0.584];
    let mut k = 14;
    while k < 17 {
        model[k] = model[13];
        k += 1;
    }
    model
};

/// The target of a position: the exponent of twice its top tile.
pub fn target_of(board: Bitboard) -> u8 {
    max_exponent(board) + 1
}

/// Pairs of equal neighbours in each row of four cells, by the row's
/// 16 bits.
fn row_pairs(row: u16) -> u8 {
    let cells = [row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, row >> 12];
    cells
        .windows(2)
        .filter(|w| w[0] != 0 && w[0] == w[1])
        .count() as u8
}

/// How far a row of four cells is from running one way, by the row's 16
/// bits: the smaller of its steps up and its steps down, in exponents (0
/// for a row that only rises or only falls, empty cells counted as 0).
fn row_disorder(row: u16) -> u8 {
    let cells = [row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, row >> 12];
    let (up, down) = cells.windows(2).fold((0, 0), |(up, down), w| {
        (
            up + w[1].saturating_sub(w[0]),
            down + w[0].saturating_sub(w[1]),
        )
    });
    up.min(down) as u8
}

/// A row's figures, packed in one number so that a board's are eight
/// lookups: its tiles' sum (bits 0–17), its largest exponent (18–21), its
/// pairs ([`row_pairs`], 22–23) and its disorder ([`row_disorder`],
/// 24–29).
fn row_figures(row: u16) -> u32 {
    let cells = [row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, row >> 12];
    let sum: u32 = cells.iter().filter(|&&e| e > 0).map(|&e| 1 << e).sum();
    let max = u32::from(cells.iter().copied().max().unwrap_or(0));
    sum | max << 18 | u32::from(row_pairs(row)) << 22 | u32::from(row_disorder(row)) << 24
}

/// A board's figures, from its rows' ([`row_figures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Figures {
    /// The tiles' sum.
    sum: u32,
    /// The largest exponent.
    max: u8,
    /// Pairs of equal neighbours, along rows and columns.
    pairs: u32,
    /// How far the rows and columns are from running one way.
    disorder: u32,
}

/// The chance of making the target whose exponent is `target`, from a
/// position after a move ([`Chance`] with its target set).
pub struct Chance {
    /// [`row_figures`] of every row, looked up.
    rows: Box<[u32; 1 << 16]>,
    /// The exponent of the tile the chance is of.
    target: u8,
    model: Model,
}

impl Default for Chance {
    fn default() -> Self {
        let rows: Vec<u32> = (0..=u16::MAX).map(row_figures).collect();
        Chance {
            rows: rows
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("one entry per row")),
            target: 1,
            model: MODEL,
        }
    }
}

impl Chance {
    /// The chance with other curves than [`MODEL`] (`review --fit` checks
    /// the curves it has just fitted).
    pub fn with_model(model: Model) -> Chance {
        Chance {
            model,
            ..Chance::default()
        }
    }

    #[inline(always)]
    fn figures(&self, board: Bitboard) -> Figures {
        let row = |b: Bitboard, r: u32| self.rows[((b >> (16 * r)) & 0xFFFF) as usize];
        let columns = transpose(board);
        let mut f = Figures {
            sum: 0,
            max: 0,
            pairs: 0,
            disorder: 0,
        };
        for r in 0..4 {
            let (across, down) = (row(board, r), row(columns, r));
            f.sum += across & 0x3_FFFF;
            f.max = f.max.max((across >> 18 & 0xF) as u8);
            f.pairs += (across >> 22 & 0x3) + (down >> 22 & 0x3);
            f.disorder += (across >> 24 & 0x3F) + (down >> 24 & 0x3F);
        }
        f
    }

    /// Sets the tile the chance is of, by its exponent (1 to 16).
    pub fn set_target(&mut self, target: u8) {
        self.target = target.clamp(1, 16);
    }

    /// The figures of `board` the curve weighs, for a target of exponent
    /// `target` (whose half is the board's top tile, or less):
    ///
    /// 0. 1, the curve's constant;
    /// 1. progress: how much of a second tile of the top's size the rest of
    ///    the board holds (its tiles' sum beyond half the target, over half
    ///    the target), 0 to 2;
    /// 2. room: empty cells, over 8, at most 1;
    /// 3. merges at hand: pairs of equal neighbours, over 4, at most 1;
    /// 4. crowding: 1 for a board with no empty cell, 2/3 for one, 1/3 for
    ///    two, 0 for more;
    /// 5. stuck: the crowding of a board with no pair to merge, else 0;
    /// 6. disorder: how far its rows and columns are from running one way
    ///    ([`row_disorder`], summed), over twice the target's exponent, at
    ///    most 2.
    pub fn features(&self, board: Bitboard, target: u8) -> [f32; FEATURES] {
        self.features_of(board, self.figures(board), target)
    }

    #[inline(always)]
    fn features_of(&self, board: Bitboard, f: Figures, target: u8) -> [f32; FEATURES] {
        let half = (1u64 << (target.max(1) - 1)) as f32;
        let progress = ((f.sum as f32 - half) / half).clamp(0.0, 2.0);
        let empty = count_empty(board);
        let pairs = f.pairs;
        let room = (empty as f32 / 8.0).min(1.0);
        let merges = (pairs as f32 / 4.0).min(1.0);
        let crowding = 3u32.saturating_sub(empty) as f32 / 3.0;
        let stuck = if pairs == 0 { crowding } else { 0.0 };
        let disorder = (f.disorder as f32 / (2.0 * f32::from(target))).min(2.0);
        [1.0, progress, room, merges, crowding, stuck, disorder]
    }

    /// The chance of making the target from `board` after a move, before
    /// its tile: 1 if the board holds it.
    pub fn of(&self, board: Bitboard, target: u8) -> f32 {
        let f = self.figures(board);
        if f.max >= target {
            return 1.0;
        }
        let weights = &self.model[usize::from(target.min(16))];
        let x = self.features_of(board, f, target);
        let logit: f32 = weights.iter().zip(x).map(|(w, x)| w * x).sum();
        1.0 / (1.0 + (-logit).exp())
    }
}

/// A calibration curve `[a, b]` for each target (by its exponent, 0 to 16),
/// read as `σ(a · logit(chance) + b)` ([`calibrated`]).
pub type Calibration = [[f32; 2]; 17];

/// The curves that read the search's chance as the reference's outcomes
/// say it, as fitted by `review --fit` (docs/coach.md), one for each target
/// with enough uncertain moves in the fit ([1, 0], the chance as it is,
/// for the others). The search takes the move that keeps the most chance
/// at each of its turns, which the reference does not always find, so the
/// chance it finds can be a little high; the curve brings it to what the
/// reference makes of it. It keeps the order of chances, so it changes no
/// move's rank.
pub const CALIBRATION: Calibration = {
    let mut curves = [[1.0, 0.0]; 17];
    curves[6] = [1.405, 0.136];
    curves[7] = [0.994, 0.251];
    curves[8] = [0.961, -0.089];
    curves[9] = [1.093, -0.555];
    curves[10] = [1.334, -0.932];
    curves[11] = [1.185, -0.288];
    curves[12] = [1.109, -0.035];
    curves[13] = [1.229, -0.091];
    curves
};

/// `chance` read through a calibration curve `[a, b]` ([`Calibration`]);
/// a certain or a lost chance stays as it is.
pub fn calibrated(chance: f32, [a, b]: [f32; 2]) -> f32 {
    if chance <= 0.0 || chance >= 1.0 {
        return chance.clamp(0.0, 1.0);
    }
    let logit = (chance / (1.0 - chance)).ln();
    1.0 / (1.0 + (-(a * logit + b)).exp())
}

impl Evaluator for Chance {
    #[inline(always)]
    fn evaluate(&self, board: Bitboard) -> f32 {
        self.of(board, self.target)
    }

    /// A lost game makes no more tiles: worth 0, unless it made the target
    /// on the way.
    fn lost(&self, board: Bitboard) -> f32 {
        if max_exponent(board) >= self.target {
            1.0
        } else {
            0.0
        }
    }

    fn name(&self) -> &'static str {
        "chance"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bitboard::parse;

    #[test]
    fn pairs_count_equal_neighbours_along_rows_and_columns() {
        let c = Chance::default();
        let b = parse("2 2 4 8\n2 . 4 4\n8 16 32 64\n128 256 512 1024").unwrap();
        // Rows: 2-2, 4-4; columns: 2-2, 4-4.
        assert_eq!(c.figures(b).pairs, 4);
        assert_eq!(c.figures(0).pairs, 0);
    }

    #[test]
    fn the_target_is_twice_the_top_tile() {
        let b = parse("2 2 4 8\n2 . 4 4\n8 16 32 64\n128 256 512 .").unwrap();
        assert_eq!(1u32 << target_of(b), 1024);
    }

    #[test]
    fn a_board_holding_the_target_is_certain_and_a_lost_one_is_worth_nothing() {
        let c = Chance::default();
        let b = parse("2 4 8 16\n4 8 16 32\n8 16 32 64\n16 32 64 128").unwrap();
        assert_eq!(c.of(b, 7), 1.0);
        let mut at_128 = Chance::default();
        at_128.set_target(8);
        assert_eq!(at_128.lost(b), 0.0);
        at_128.set_target(7);
        assert_eq!(at_128.lost(b), 1.0);
    }

    #[test]
    fn features_read_the_board() {
        let c = Chance::default();
        // Sum 512 + 256 + 64 + 4 + 4 = 840: beyond half of 1024 by 328.
        let b = parse("512 256 . .\n64 . . .\n4 4 . .\n. . . .").unwrap();
        let x = c.features(b, 10);
        assert_eq!(x[0], 1.0);
        assert!((x[1] - 328.0 / 512.0).abs() < 1e-6, "{x:?}");
        assert_eq!(x[2], 1.0, "11 empty cells is room enough");
        assert_eq!(x[3], 0.25, "one pair, the 4s");
        assert_eq!((x[4], x[5]), (0.0, 0.0), "room enough");
        // Rows: 512 256 . . falls by 1 then 8: runs one way; 4 4 . . too.
        // Columns: 512 64 4 . falls; 256 . 4 . falls 8 then rises 2: 2.
        assert_eq!(c.figures(b).disorder, 2);
        assert_eq!(x[6], 2.0 / 20.0);
    }

    #[test]
    fn a_row_s_figures_are_its_sum_top_pairs_and_disorder() {
        let c = Chance::default();
        let b = parse("2 2 4 8\n2 . 4 4\n8 16 32 64\n128 256 512 1024").unwrap();
        let f = c.figures(b);
        assert_eq!(u64::from(f.sum), crate::ai::bitboard::tile_sum(b));
        assert_eq!(f.max, 10);
        assert_eq!(f.pairs, 4);
        // Rows: 2 2 4 8 and 8…1024 rise; 2 . 4 4 falls 1, rises 2: 1;
        // columns: 2 2 8 128, 2 . 16 256 falls 1 rises 4, 8: 1; 4 4 32 512
        // and 8 4 64 1024 falls 1 rises: 1.
        assert_eq!(f.disorder, 3);
    }

    #[test]
    fn every_chance_is_a_chance() {
        let c = Chance::default();
        let b = parse("512 256 128 64\n2 4 8 16\n2 4 . 2\n. . . 4").unwrap();
        for target in 10..=16 {
            let p = c.of(b, target);
            assert!((0.0..=1.0).contains(&p), "{target}: {p}");
        }
    }
}
