//! Temporal-difference learning of an n-tuple network on afterstates
//! (Szubert & Jaśkowski 2014): the network plays greedily (the move whose
//! reward plus afterstate value is highest), and after each move the value
//! of the previous afterstate moves toward the reward just earned plus the
//! value of the new afterstate; at the end of a game, toward 0.
//!
//! Seeded: the same network, seed and rate learn the same weights.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;

use super::bitboard::{tables, Bitboard, Tables};
use super::ntuple::Network;
use crate::engine::Direction;

/// What one game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub score: u64,
    pub moves: u32,
    /// The largest tile's exponent.
    pub top: u8,
}

/// A learner: the network, its rate, and the generator of the spawns.
pub struct Learner {
    pub net: Network,
    pub rate: f32,
    rng: Pcg32,
    tables: &'static Tables,
}

impl Learner {
    pub fn new(net: Network, rate: f32, seed: u64) -> Learner {
        Learner {
            net,
            rate,
            rng: Pcg32::seed_from_u64(seed),
            tables: tables(),
        }
    }

    /// A 2 (90%) or a 4 in a uniformly random empty cell.
    fn spawn(&mut self, board: Bitboard) -> Bitboard {
        let empty: Vec<u32> = (0..16).filter(|i| (board >> (4 * i)) & 0xF == 0).collect();
        if empty.is_empty() {
            return board;
        }
        let cell = empty[self.rng.random_range(0..empty.len())];
        let exponent = if self.rng.random_bool(0.1) { 2 } else { 1 };
        board | (exponent << (4 * cell))
    }

    /// The greedy move on `board`: its afterstate and reward, if any move
    /// changes the board.
    pub fn choose(net: &Network, t: &Tables, board: Bitboard) -> Option<(Bitboard, u32)> {
        Direction::ALL
            .into_iter()
            .map(|d| t.slide_scored(board, d))
            .filter(|&(after, _)| after != board)
            .max_by(|a, b| {
                let worth = |(after, r): &(Bitboard, u32)| *r as f32 + net.value(*after);
                worth(a).total_cmp(&worth(b))
            })
    }

    /// Plays one game greedily; learns from it when `learn` is set.
    pub fn play(&mut self, learn: bool) -> Played {
        let first = self.spawn(0);
        let mut board = self.spawn(first);
        let mut before: Option<Bitboard> = None;
        let mut played = Played {
            score: 0,
            moves: 0,
            top: 0,
        };
        while let Some((after, reward)) = Self::choose(&self.net, self.tables, board) {
            if let (true, Some(prev)) = (learn, before) {
                let error = reward as f32 + self.net.value(after) - self.net.value(prev);
                self.net.learn(prev, self.rate * error);
            }
            played.score += u64::from(reward);
            played.moves += 1;
            before = Some(after);
            board = self.spawn(after);
        }
        if let (true, Some(prev)) = (learn, before) {
            let error = -self.net.value(prev);
            self.net.learn(prev, self.rate * error);
        }
        played.top = (0..16)
            .map(|i| ((board >> (4 * i)) & 0xF) as u8)
            .max()
            .unwrap_or(0);
        played
    }
}
