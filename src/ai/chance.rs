//! A position's chance of lasting: what the coach measures.
//!
//! [`Survival`] is an [`Evaluator`] whose value of a board is a chance:
//! how often a strong player, playing on from that board (after a move,
//! before its tile), is still playing [`HORIZON`] moves later. The search
//! over it (`review::assess`) is then an expectimax of chances, exact for
//! the moves it looks ahead (a lost position is worth 0, the spawns are
//! weighed by their odds, the player picks the move that keeps the most),
//! with these chances at its leaves.
//!
//! The leaves' chances are measured, not assumed: [`CHANCE`] is the share
//! of games that lasted, by the board's empty cells and its pairs of equal
//! neighbours, over positions taken from games of players of every
//! strength and played on by the search (`review --fit` prints the table
//! from its seeds; docs/coach.md). What the measurement found is that a
//! strong player rescues nearly any board with two empty cells or a pair
//! to merge: the chance falls far only where the board is full but one
//! cell and nothing merges, which is where games are lost.

use super::bitboard::{count_empty, transpose, Bitboard};
use super::eval::Evaluator;

/// Moves ahead the chance looks: a board's chance is that of still
/// playing this many moves later.
pub const HORIZON: u32 = 100;

/// The chance that a strong player lasts [`HORIZON`] more moves from a
/// board after a move, by its empty cells (the row, 0 to 15) and its
/// pairs of equal neighbours (the column, 0, 1, 2, 3 or more), as
/// measured by `review --fit --games 40 --seed 1` (docs/coach.md).
/// A board after a move always has an empty cell, so row 0 is never read.
pub const CHANCE: [[f32; 4]; 16] = {
    let mut table = [[1.0; 4]; 16];
    table[1] = [0.68, 0.963, 0.993, 0.997];
    table[2] = [0.979, 0.992, 0.996, 0.997];
    table[3] = [0.992, 0.996, 0.998, 0.998];
    table[4] = [0.998, 0.999, 0.999, 1.0];
    table[5] = [0.998, 0.999, 0.999, 1.0];
    table[6] = [0.999, 0.999, 0.999, 1.0];
    table
};

/// Pairs of equal neighbours in each row of four cells, by the row's
/// 16 bits.
fn row_pairs(row: u16) -> u8 {
    let cells = [row & 0xF, (row >> 4) & 0xF, (row >> 8) & 0xF, row >> 12];
    cells
        .windows(2)
        .filter(|w| w[0] != 0 && w[0] == w[1])
        .count() as u8
}

/// The evaluator whose values are chances of lasting ([`CHANCE`]).
pub struct Survival {
    /// [`row_pairs`] of every row, looked up.
    pairs: Box<[u8; 1 << 16]>,
}

impl Default for Survival {
    fn default() -> Self {
        let pairs: Vec<u8> = (0..=u16::MAX).map(row_pairs).collect();
        Survival {
            pairs: pairs
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("one entry per row")),
        }
    }
}

impl Survival {
    /// Pairs of equal neighbours on `board`, along rows and columns.
    pub fn pairs(&self, board: Bitboard) -> u32 {
        let rows = |b: Bitboard| -> u32 {
            (0..4)
                .map(|r| u32::from(self.pairs[((b >> (16 * r)) & 0xFFFF) as usize]))
                .sum()
        };
        rows(board) + rows(transpose(board))
    }
}

impl Evaluator for Survival {
    #[inline(always)]
    fn evaluate(&self, board: Bitboard) -> f32 {
        let empty = count_empty(board) as usize;
        let pairs = (self.pairs(board) as usize).min(3);
        CHANCE[empty][pairs]
    }

    /// A lost game lasts no longer.
    fn lost(&self, _board: Bitboard) -> f32 {
        0.0
    }

    fn name(&self) -> &'static str {
        "survival"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::bitboard::parse;

    #[test]
    fn pairs_count_equal_neighbours_along_rows_and_columns() {
        let s = Survival::default();
        let b = parse("2 2 4 8\n2 . 4 4\n8 16 32 64\n128 256 512 1024").unwrap();
        // Rows: 2-2, 4-4; columns: 2-2, 4-4.
        assert_eq!(s.pairs(b), 4);
        assert_eq!(s.pairs(0), 0);
    }

    #[test]
    fn the_chance_never_falls_with_more_room_or_more_pairs() {
        for e in 1..16 {
            for p in 0..4 {
                let c = CHANCE[e][p];
                assert!((0.0..=1.0).contains(&c));
                if e > 1 {
                    assert!(c >= CHANCE[e - 1][p], "{e} {p}");
                }
                if p > 0 {
                    assert!(c >= CHANCE[e][p - 1], "{e} {p}");
                }
            }
        }
    }
}
