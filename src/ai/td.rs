//! Temporal-difference learning of an n-tuple network on afterstates
//! (Szubert & Jaśkowski 2014): the network plays greedily (the move whose
//! reward plus afterstate value is highest), and after each move the value
//! of the previous afterstate moves toward the reward just earned plus the
//! value of the new afterstate; at the end of a game, toward 0.
//!
//! Several threads may learn into one [`Shared`] network at once, without
//! locks (the "Hogwild" scheme): each weight is an `AtomicU32` holding an
//! `f32`, read and written with relaxed ordering, which on the common
//! targets is a plain load and store. Two threads adding to the same weight
//! at the same instant may lose one of the adds; with millions of weights
//! that is rare and learning does not notice.
//!
//! Seeded: game `g` of seed `s` spawns its tiles from a generator seeded by
//! `(s, g)`, so one thread learns the same weights from the same flags, and
//! a run resumed at game `g` continues exactly as the whole run would have.
//! With several threads the games are the same but the order in which
//! their updates land is not, so runs agree in their statistics, not bit
//! for bit.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;

use super::bitboard::{tables, Bitboard, Tables};
use super::ntuple::{Layout, Network};
use crate::engine::Direction;

/// A network whose weights several threads may learn into at once.
pub struct Shared {
    layout: Layout,
    tables: Vec<Box<[AtomicU32]>>,
}

impl Shared {
    pub fn new(net: &Network) -> Shared {
        let tables = net
            .weights()
            .iter()
            .map(|w| w.iter().map(|x| AtomicU32::new(x.to_bits())).collect())
            .collect();
        Shared {
            layout: net.layout().clone(),
            tables,
        }
    }

    /// The weights as they are now, as a plain network.
    pub fn network(&self) -> Network {
        let weights = self
            .tables
            .iter()
            .map(|t| t.iter().map(|x| f32::from_bits(x.load(Relaxed))).collect())
            .collect();
        Network::from_parts(self.layout.shapes().to_vec(), weights)
            .expect("the tables were made from this layout")
    }

    /// The value of an afterstate.
    #[inline]
    pub fn value(&self, board: Bitboard) -> f32 {
        let mut v = 0.0;
        self.layout.entries(board, |t, e| {
            v += f32::from_bits(self.tables[t][e].load(Relaxed));
        });
        v
    }

    /// Moves the value of `board` by `delta`, spread over its entries.
    pub fn learn(&self, board: Bitboard, delta: f32) {
        let share = delta / self.layout.features() as f32;
        self.layout.entries(board, |t, e| {
            let w = &self.tables[t][e];
            w.store((f32::from_bits(w.load(Relaxed)) + share).to_bits(), Relaxed);
        });
    }

    /// The greedy move on `board`: its afterstate and reward, if any move
    /// changes the board.
    pub fn choose(&self, t: &Tables, board: Bitboard) -> Option<(Bitboard, u32)> {
        Direction::ALL
            .into_iter()
            .map(|d| t.slide_scored(board, d))
            .filter(|&(after, _)| after != board)
            .max_by(|a, b| {
                let worth = |(after, r): &(Bitboard, u32)| *r as f32 + self.value(*after);
                worth(a).total_cmp(&worth(b))
            })
    }
}

/// What one game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub score: u64,
    pub moves: u32,
    /// The largest tile's exponent.
    pub top: u8,
    /// The board (a spawn just made, the player to move) on which the
    /// largest tile first stood, if it is at least [`LATE`]: where a later
    /// game may start over ([`play`]'s `start`).
    pub late: Option<Bitboard>,
}

/// The exponent of the smallest tile whose boards are kept to start over
/// from: 8192. Greedy self-play seldom gets past it, so without restarts
/// the network would hardly ever learn what comes after.
pub const LATE: u8 = 13;

/// The generator of game `game`'s spawns under `seed`.
fn generator(seed: u64, game: u64) -> Pcg32 {
    Pcg32::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A 2 (90%) or a 4 in a uniformly random empty cell.
fn spawn(rng: &mut Pcg32, board: Bitboard) -> Bitboard {
    let empty: Vec<u32> = (0..16).filter(|i| (board >> (4 * i)) & 0xF == 0).collect();
    if empty.is_empty() {
        return board;
    }
    let cell = empty[rng.random_range(0..empty.len())];
    let exponent = if rng.random_bool(0.1) { 2 } else { 1 };
    board | (exponent << (4 * cell))
}

/// The largest tile's exponent.
fn top(board: Bitboard) -> u8 {
    (0..16)
        .map(|i| ((board >> (4 * i)) & 0xF) as u8)
        .max()
        .unwrap_or(0)
}

/// Plays game `game` of `seed` greedily on `net`, from a new board or from
/// `start` (a restart: the late part of an earlier game played again, as
/// Matsuzaki's restart strategy does, so the network learns the endgame),
/// learning from it at `rate` (0: only plays).
pub fn play(net: &Shared, rate: f32, seed: u64, game: u64, start: Option<Bitboard>) -> Played {
    let t = tables();
    let mut rng = generator(seed, game);
    let mut board = match start {
        Some(board) => board,
        None => {
            let first = spawn(&mut rng, 0);
            spawn(&mut rng, first)
        }
    };
    let mut before: Option<Bitboard> = None;
    let mut played = Played {
        score: 0,
        moves: 0,
        top: top(board),
        late: None,
    };
    while let Some((after, reward)) = net.choose(t, board) {
        if let (true, Some(prev)) = (rate > 0.0, before) {
            let error = reward as f32 + net.value(after) - net.value(prev);
            net.learn(prev, rate * error);
        }
        played.score += u64::from(reward);
        played.moves += 1;
        before = Some(after);
        board = spawn(&mut rng, after);
        let now = top(after);
        if now > played.top {
            played.top = now;
            if now >= LATE {
                played.late = Some(board);
            }
        }
    }
    if let (true, Some(prev)) = (rate > 0.0, before) {
        net.learn(prev, -rate * net.value(prev));
    }
    played
}

/// Learns from games `from..to` of `seed` on one thread: the network the
/// same arguments always give.
pub fn train(net: &Network, rate: f32, seed: u64, games: std::ops::Range<u64>) -> Network {
    let shared = Shared::new(net);
    for game in games {
        play(&shared, rate, seed, game, None);
    }
    shared.network()
}

/// The mean score of `net` playing greedily, without learning, games
/// `games` of `seed`.
pub fn mean_score(net: &Network, seed: u64, games: std::ops::Range<u64>) -> u64 {
    let shared = Shared::new(net);
    let n = games.end.saturating_sub(games.start).max(1);
    games
        .map(|g| play(&shared, 0.0, seed, g, None).score)
        .sum::<u64>()
        / n
}
