//! Differential check of the bitboard against the engine's rules, shared by
//! `tests/ai_diff.rs` and `ai-bench --diff`.

use crate::engine::{Board, Direction};

use super::bitboard::{from_board, tables, to_board, Bitboard, MAX_EXPONENT};

/// SplitMix64: a tiny, seedable generator, so the AI needs no dependency and
/// a failing case replays from its seed.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() >> 32) * n) >> 32
    }

    /// A random position with exponents up to `max_exponent`. Cells are empty
    /// with a random density and tiles are drawn from a random small range,
    /// so that equal neighbours, and therefore merges, are common.
    pub fn board(&mut self, max_exponent: u8) -> Bitboard {
        let max = max_exponent.clamp(1, MAX_EXPONENT) as u64;
        let empty_per_16 = self.below(17);
        let low = 1 + self.below(max);
        let span = 1 + self.below(max - low + 1);
        let mut b = 0;
        for i in 0..16 {
            if self.below(16) >= empty_per_16 {
                b |= (low + self.below(span)) << (4 * i);
            }
        }
        b
    }
}

/// Plays `cases` random (position, direction) pairs on both the engine and
/// the bitboard and compares the resulting values, the score earned and
/// whether the board changed, through both [`Tables::slide_scored`] and
/// [`Tables::moves`]. Exponents go up to 15 (32768); a case whose
/// engine result holds 65536, which a nibble cannot, is replaced by another.
/// Returns the number of cases checked, or the first disagreement.
pub fn check(cases: u64, seed: u64) -> Result<u64, String> {
    let t = tables();
    let mut rng = SplitMix(seed);
    let mut done = 0;
    while done < cases {
        let bits = rng.board(MAX_EXPONENT);
        let index = rng.below(4) as usize;
        let dir = Direction::ALL[index];
        let board: Board = to_board(bits);
        if from_board(&board) != Some(bits) {
            return Err(format!("conversion lost {bits:#018x}"));
        }
        let mut next_id = 1000;
        let slide = board.slide(dir, &mut next_id);
        if slide.merged.iter().any(|&v| v > 1 << MAX_EXPONENT) {
            continue;
        }
        let (after, gained) = t.slide_scored(bits, dir);
        if t.moves(bits)[index] != after {
            return Err(format!(
                "Tables::moves and slide disagree on {dir:?} of {bits:#018x}"
            ));
        }
        let got = (to_board(after).values(), gained as u64, after != bits);
        let want = (slide.board.values(), slide.gained, slide.changed);
        if got != want {
            return Err(format!(
                "{dir:?} on\n{board}\nengine: {want:?}\nbitboard: {got:?}"
            ));
        }
        done += 1;
    }
    Ok(done)
}
