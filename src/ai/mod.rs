//! The computer player: expectimax over a 4×4 bitboard, within a time budget.
//!
//! - [`bitboard`]: the board as a `u64` of tile exponents, moves by table
//!   lookup, conversion from and to the engine's
//!   [`Board`](crate::engine::Board).
//! - [`eval`]: the [`Evaluator`] trait and the nneonneo heuristic.
//! - [`search`]: iterative-deepening expectimax with a probability cutoff and
//!   a transposition table.
//! - [`diff`]: the differential check of the bitboard against the engine.
//! - [`protocol`]: the messages between the page and the AI worker
//!   (`src/bin/ai-worker.rs`), as JSON text.
//! - [`review`]: the coach: a game's moves graded against the search's.
//! - [`ntuple`], [`td`]: a learned evaluator and its training, a native
//!   experiment (`train`, `ai-bench --eval net`): it plays worse than the
//!   heuristic (docs/ai.md), so the page does not ship it.
//!
//! Nothing here touches the web or reads the time itself: time comes through
//! a [`Clock`], so the same search runs natively (with [`NativeClock`]) and in
//! a browser worker (with `performance.now()`), where `std::time::Instant`
//! would panic. Only 4×4 boards are searched: [`bitboard::from_board`] gives
//! `None` for other sizes.

pub mod bitboard;
pub mod chance;
pub mod diff;
pub mod eval;
pub mod ntuple;
pub mod protocol;
pub mod review;
pub mod search;
pub mod td;

use crate::engine::Direction;

pub use bitboard::Bitboard;
pub use eval::{Evaluator, Heuristic, Weights};
pub use search::{Limits, SearchConfig, SearchStats, Searcher};

/// A source of time in milliseconds from any fixed origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// Wall time from `std::time::Instant`. Not on wasm32, where `Instant`
/// panics: the worker implements [`Clock`] with `performance.now()`.
#[cfg(not(target_arch = "wasm32"))]
pub struct NativeClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl NativeClock {
    pub fn new() -> Self {
        NativeClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for NativeClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for NativeClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

impl<E: Evaluator> Searcher<E> {
    /// [`Searcher::search_within`] with `stats.reason` filled in.
    pub fn best_move(
        &mut self,
        board: Bitboard,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<(Direction, SearchStats)> {
        let (dir, mut stats) = self.search_within(board, limits, clock)?;
        stats.reason = reason(board, dir, &stats);
        Some((dir, stats))
    }
}

/// Why `dir`, in a sentence built from what the move does (merges, where the
/// largest tile ends up, room left) and from the search's comparison with the
/// other moves: "Left merges two 8s, keeps the 512 in its corner, leaves 5
/// empty cells; the best of 4 moves, 4 moves ahead". Every part is a verb
/// phrase, so the sentence reads whichever parts apply. The player's words:
/// no search term (depth, nodes) is said.
pub fn reason(board: Bitboard, dir: Direction, stats: &SearchStats) -> String {
    let after = bitboard::tables().slide(board, dir);
    let parts: Vec<String> = [
        merge_phrase(board, dir),
        corner_phrase(board, after),
        Some(room_phrase(after)),
    ]
    .into_iter()
    .flatten()
    .collect();
    format!("{dir:?} {}; {}", parts.join(", "), outlook(stats))
}

/// "merges two 8s and 2 pairs of 2s": the tiles the move makes, largest
/// first; `None` if it merges nothing.
fn merge_phrase(board: Bitboard, dir: Direction) -> Option<String> {
    let mut made = merges(board, dir);
    if made.is_empty() {
        return None;
    }
    made.sort_unstable_by(|a, b| b.cmp(a));
    let mut groups: Vec<(u8, usize)> = Vec::new();
    for e in made {
        match groups.last_mut() {
            Some((g, n)) if *g == e => *n += 1,
            _ => groups.push((e, 1)),
        }
    }
    let words: Vec<String> = groups
        .iter()
        .map(|&(e, n)| {
            let half = 1u64 << (e - 1);
            match n {
                1 => format!("two {half}s"),
                n => format!("{n} pairs of {half}s"),
            }
        })
        .collect();
    Some(format!("merges {}", words.join(" and ")))
}

/// What the move does to the largest tile's corner ("keeps the 512 in its
/// corner"), `None` if nothing worth saying: no tile, no corner before or
/// after, or a merge that makes a larger tile (the phrase speaks of the
/// largest before).
fn corner_phrase(board: Bitboard, after: Bitboard) -> Option<String> {
    let top = bitboard::max_exponent(board);
    if top == 0 || bitboard::max_exponent(after) != top {
        return None;
    }
    let value = 1u64 << top;
    let in_corner = |b: Bitboard| {
        [(0, 0), (3, 0), (0, 3), (3, 3)]
            .iter()
            .any(|&(x, y)| bitboard::cell(b, x, y) == top)
    };
    match (in_corner(board), in_corner(after)) {
        (true, true) => Some(format!("keeps the {value} in its corner")),
        (false, true) => Some(format!("moves the {value} into a corner")),
        (true, false) => Some(format!("has to move the {value} out of its corner")),
        (false, false) => None,
    }
}

/// "leaves 5 empty cells": the room after the move.
fn room_phrase(after: Bitboard) -> String {
    let empty = bitboard::count_empty(after);
    format!(
        "leaves {empty} empty cell{}",
        if empty == 1 { "" } else { "s" }
    )
}

/// How the search chose, in the player's words: "the best of 4 moves, 3
/// moves ahead", or that there was no choice.
fn outlook(stats: &SearchStats) -> String {
    let legal = stats.values.iter().filter(|v| v.is_some()).count();
    if legal == 1 {
        "the only move that changes the board".to_string()
    } else {
        format!(
            "the best of {legal} moves, {} move{} ahead",
            stats.depth,
            if stats.depth == 1 { "" } else { "s" }
        )
    }
}

/// The exponents of the tiles a slide makes by merging.
fn merges(board: Bitboard, dir: Direction) -> Vec<u8> {
    let lines = match dir {
        Direction::Left | Direction::Right => board,
        Direction::Up | Direction::Down => bitboard::transpose(board),
    };
    let reverse = matches!(dir, Direction::Right | Direction::Down);
    let mut made = Vec::new();
    for r in 0..4 {
        let mut cells: Vec<u8> = (0..4)
            .map(|i| ((lines >> (16 * r + 4 * i)) & 0xF) as u8)
            .filter(|&e| e > 0)
            .collect();
        if reverse {
            cells.reverse();
        }
        let mut i = 0;
        while i + 1 < cells.len() {
            if cells[i] == cells[i + 1] && cells[i] < bitboard::MAX_EXPONENT {
                made.push(cells[i] + 1);
                i += 2;
            } else {
                i += 1;
            }
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::cell::Cell;

    use crate::engine::Board;

    struct Frozen;
    impl Clock for Frozen {
        fn now_ms(&self) -> f64 {
            0.0
        }
    }

    /// A clock that moves 0.05 ms per read, so the test does not depend on
    /// the machine's speed.
    struct Ticking(Cell<f64>);
    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            let t = self.0.get();
            self.0.set(t + 0.05);
            t
        }
    }

    /// Engine boards go through [`bitboard::from_board`] to a [`Searcher`],
    /// as the bench does: a 4×4 board gets a move that changes it, with its
    /// reason; a board of another size has no bitboard; a stuck board, no
    /// move.
    #[test]
    fn best_move_on_engine_boards() {
        let mut searcher = Searcher::new(Heuristic::default(), SearchConfig::default());
        let board: Board = "512 8 8 . / 4 . . . / . . . . / . . . 2".parse().unwrap();
        let bits = bitboard::from_board(&board).unwrap();
        let (dir, stats) = searcher
            .best_move(bits, Limits::ms(5.0), &Ticking(Cell::new(0.0)))
            .unwrap();
        assert_ne!(bitboard::tables().slide(bits, dir), bits);
        assert!(
            stats.reason.starts_with(&format!("{dir:?} ")),
            "{}",
            stats.reason
        );

        let wide: Board = "2 2 . . . / . . . . . / . . . . . / . . . . ."
            .parse()
            .unwrap();
        assert_eq!(bitboard::from_board(&wide), None);
        let stuck: Board = "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2".parse().unwrap();
        let stuck = bitboard::from_board(&stuck).unwrap();
        assert_eq!(searcher.best_move(stuck, Limits::ms(5.0), &Frozen), None);
    }

    #[test]
    fn reasons_describe_the_move() {
        let board = bitboard::parse("512 8 8 . / 4 . . . / . . . . / . . . 2").unwrap();
        let stats = SearchStats {
            depth: 3,
            cutoff: 5e-4,
            refined: 0,
            nodes: 0,
            evals: 0,
            tt_hits: 0,
            elapsed_ms: 0.0,
            values: [Some(1.0), Some(1.0), Some(2.0), Some(1.0)],
            reason: String::new(),
        };
        assert_eq!(
            reason(board, Direction::Left, &stats),
            "Left merges two 8s, keeps the 512 in its corner, leaves 12 empty cells; \
             the best of 4 moves, 3 moves ahead"
        );
        let two_pairs = bitboard::parse("2 2 2 2 / 4 4 . . / . . . . / . . . .").unwrap();
        assert_eq!(
            merges(two_pairs, Direction::Right),
            vec![2, 2, 3],
            "two pairs of 2s and two 4s"
        );
        let r = reason(two_pairs, Direction::Left, &stats);
        assert!(
            r.starts_with("Left merges two 4s and 2 pairs of 2s, "),
            "{r}"
        );
        let r = reason(board, Direction::Right, &stats);
        assert!(r.contains("has to move the 512 out of its corner"), "{r}");
    }
}
