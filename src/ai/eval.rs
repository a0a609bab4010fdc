//! Static evaluation of a position: what the search calls at its leaves.

use super::bitboard::{transpose, Bitboard};

/// Scores positions for the search. Higher is better; only differences
/// matter.
///
/// The search is generic over this trait, so a learned evaluator (an n-tuple
/// network, say) can replace the heuristic without touching the search.
pub trait Evaluator {
    /// A position after a move, before the spawn, that can still move.
    fn evaluate(&self, board: Bitboard) -> f32;

    /// A position where no move is possible: the game is lost there. Must be
    /// below [`Evaluator::evaluate`] of any position the search compares it
    /// with.
    fn lost(&self, board: Bitboard) -> f32;

    /// A word for the evaluator, in the worker's replies and the benchmark.
    fn name(&self) -> &'static str;
}

/// The weights of [`Heuristic`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Added once per line, so that every live position scores far above a
    /// lost one (0).
    pub lost_penalty: f32,
    pub monotonicity_power: f32,
    pub monotonicity_weight: f32,
    pub sum_power: f32,
    pub sum_weight: f32,
    pub merges_weight: f32,
    pub empty_weight: f32,
}

impl Weights {
    /// The published weights of nneonneo/2048-ai (`2048.cpp`,
    /// `init_tables`).
    pub const NNEONNEO: Weights = Weights {
        lost_penalty: 200_000.0,
        monotonicity_power: 4.0,
        monotonicity_weight: 47.0,
        sum_power: 3.5,
        sum_weight: 11.0,
        merges_weight: 700.0,
        empty_weight: 270.0,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::NNEONNEO
    }
}

/// The nneonneo/2048-ai heuristic: per line (rows, and columns through the
/// transpose) a bonus for empty cells and for equal neighbours that could
/// merge, a penalty for breaking monotonicity (the smaller of the two
/// directions' violations, so a line may run either way) and a penalty on the
/// sum of powered ranks (which prefers fewer, larger tiles). Every line value
/// is looked up in a 65536-entry table.
pub struct Heuristic {
    /// Fixed length, so a 16-bit index needs no bounds check.
    table: Box<[f32; 1 << 16]>,
    weights: Weights,
    /// How a lost position scores; see [`Loss`].
    pub loss: Loss,
}

/// How [`Heuristic`] scores a lost position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Loss {
    /// 0, as nneonneo does. Live positions score about `8 * lost_penalty`
    /// (1.6e6) above it early on, but the sum penalty grows with the tiles: a
    /// typical board with a 32768 scores about 0.5e6, so losing there looks
    /// three times cheaper, and a board crowded with large tiles can even
    /// score below 0, which would make the search walk into a loss.
    Zero,
    /// The board's own value without the `8 * lost_penalty` bonus: losing
    /// always costs exactly that much, whatever the tiles.
    #[default]
    Relative,
}

impl Heuristic {
    pub fn new(weights: Weights) -> Self {
        let table: Vec<f32> = (0..=u16::MAX)
            .map(|row| line_score(row, &weights))
            .collect();
        let table = table
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("one entry per row"));
        Heuristic {
            table,
            weights,
            loss: Loss::default(),
        }
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    #[inline(always)]
    fn lines(&self, b: Bitboard) -> f32 {
        let t = &self.table;
        t[(b & 0xFFFF) as usize]
            + t[((b >> 16) & 0xFFFF) as usize]
            + t[((b >> 32) & 0xFFFF) as usize]
            + t[(b >> 48) as usize]
    }
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic::new(Weights::default())
    }
}

impl Evaluator for Heuristic {
    #[inline(always)]
    fn evaluate(&self, board: Bitboard) -> f32 {
        self.lines(board) + self.lines(transpose(board))
    }

    #[inline(always)]
    fn lost(&self, board: Bitboard) -> f32 {
        match self.loss {
            Loss::Zero => 0.0,
            Loss::Relative => self.evaluate(board) - 8.0 * self.weights.lost_penalty,
        }
    }

    fn name(&self) -> &'static str {
        "heuristic"
    }
}

/// One line's heuristic value, as nneonneo computes it.
fn line_score(row: u16, w: &Weights) -> f32 {
    let line: [u32; 4] = std::array::from_fn(|i| ((row >> (4 * i)) & 0xF) as u32);
    let mut sum = 0.0f32;
    let mut empty = 0u32;
    let mut merges = 0u32;
    let mut prev = 0;
    let mut run = 0;
    for &rank in &line {
        sum += (rank as f32).powf(w.sum_power);
        if rank == 0 {
            empty += 1;
        } else {
            // A run of k equal tiles (gaps ignored) counts k merges.
            if prev == rank {
                run += 1;
            } else if run > 0 {
                merges += 1 + run;
                run = 0;
            }
            prev = rank;
        }
    }
    if run > 0 {
        merges += 1 + run;
    }
    let (mut mono_left, mut mono_right) = (0.0f32, 0.0f32);
    for i in 1..4 {
        let (a, b) = (line[i - 1] as f32, line[i] as f32);
        let p = w.monotonicity_power;
        if a > b {
            mono_left += a.powf(p) - b.powf(p);
        } else {
            mono_right += b.powf(p) - a.powf(p);
        }
    }
    w.lost_penalty + w.empty_weight * empty as f32 + w.merges_weight * merges as f32
        - w.monotonicity_weight * mono_left.min(mono_right)
        - w.sum_weight * sum
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::parse;
    use super::*;

    fn eval(s: &str) -> f32 {
        Heuristic::default().evaluate(parse(s).unwrap())
    }

    #[test]
    fn line_terms() {
        let w = Weights::default();
        // An empty line: four empty cells, nothing else.
        assert_eq!(line_score(0, &w), w.lost_penalty + 4.0 * w.empty_weight);
        // "2 2 . ." : two empties, one pair (2 merges), sum 2 * 1^3.5,
        // monotone (one direction has no violation).
        let want =
            w.lost_penalty + 2.0 * w.empty_weight + 2.0 * w.merges_weight - 2.0 * w.sum_weight;
        assert_eq!(line_score(0x0011, &w), want);
    }

    #[test]
    fn prefers_order_space_and_merges() {
        // The same tiles, sorted into a corner versus scattered.
        let sorted = eval("256 64 16 4 / . . . . / . . . . / . . . .");
        let scattered = eval("4 . 64 . / . 256 . . / . . . 16 / . . . .");
        assert!(sorted > scattered, "{sorted} vs {scattered}");
        // More room is better.
        let roomy = eval("8 . . . / . . . . / . . . . / . . . .");
        let crowded = eval("8 2 4 2 / 4 2 . . / . . . . / . . . .");
        assert!(roomy > crowded);
        // A loss scores below the same board alive, even late in a game
        // where the sum penalty outweighs the per-line bonus.
        let h = Heuristic::default();
        let late = "32768 16384 8192 4096 / 256 512 1024 2048 / 128 64 32 16 / 2 4 2 4";
        let late = parse(late).unwrap();
        // About 0.49e6, down from 1.6e6 on an empty board: with Loss::Zero a
        // loss would cost a third of what it costs early on.
        assert!(h.evaluate(late) < 0.5e6);
        assert!(h.lost(late) < h.evaluate(late));
        let heavy = "32768 16384 8192 4096 / 16384 8192 4096 2048 / 8192 4096 2048 1024 / 4096 2048 1024 512";
        let heavy = parse(heavy).unwrap();
        assert!(
            h.evaluate(heavy) < 0.0,
            "the case Loss::Relative exists for"
        );
        assert!(h.lost(heavy) < h.evaluate(heavy));
    }
}
