//! Expectimax over the bitboard, deepened until the time budget runs out.
//!
//! A max node (the player) takes the best of the moves that change the board;
//! a chance node (the spawn) averages over every empty cell × {2: 0.9,
//! 4: 0.1}. Branches whose probability of being reached falls under a cutoff
//! are scored statically, which keeps unlikely lines cheap and lets the
//! search go deep where it matters. Chance nodes are cached in a fixed-size
//! transposition table.
//!
//! Iterations deepen one move at a time while some leaf was cut by the depth
//! limit. Once an iteration's every leaf was cut by the probability instead,
//! a deeper one would change nothing: the next iteration keeps the depth and
//! divides the cutoff by [`REFINE`], down to `SearchConfig::finest_cutoff`.
//! So a short budget searches the likely lines of a coarse cutoff, and a long
//! one is never left idle.

use crate::engine::Direction;

use super::bitboard::{count_empty, tables, Bitboard, Tables};
use super::eval::Evaluator;
use super::Clock;

/// Knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// A branch reached with a lower probability is evaluated statically.
    pub prob_cutoff: f32,
    /// How far iterations may lower the cutoff (see the module docs); equal
    /// to `prob_cutoff`, the cutoff stays fixed.
    pub finest_cutoff: f32,
    /// The deepest iteration, in moves (the root move counts as 1).
    pub max_depth: u32,
    /// The transposition table has `2^tt_bits` entries of 16 bytes; 0 turns
    /// it off.
    pub tt_bits: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            // Five times nneonneo's CPROB_THRESH_BASE (1e-4): at 2 ms a move
            // (a cheap proxy for 10 ms) 8192 was reached in 97 of 100 games,
            // against 94 with 1e-4.
            prob_cutoff: 5e-4,
            // Three refinements: 5e-4 / 64.
            finest_cutoff: 5e-4 / (REFINE * REFINE * REFINE),
            max_depth: 16,
            // 16 MiB: large enough that a 50 ms search hardly overwrites, small
            // enough for a browser worker.
            tt_bits: 20,
        }
    }
}

/// What a search did, for the bench and the UI.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    /// Depth of the deepest iteration that completed, in moves.
    pub depth: u32,
    /// The probability cutoff of that iteration,
    pub cutoff: f32,
    /// and how many times it had been refined (divided by [`REFINE`]).
    pub refined: u32,
    /// Positions visited (max and chance nodes, leaves included) over all
    /// iterations, up to the moment the search stopped (the unwinding of an
    /// iteration cut short is not counted). With the same table contents, a
    /// search limited to this many ([`Limits::nodes`]) repeats this one
    /// exactly: same iterations, same values, same move.
    pub nodes: u64,
    /// Static evaluations.
    pub evals: u64,
    /// Chance nodes answered by the transposition table.
    pub tt_hits: u64,
    /// Time spent, by the given clock.
    pub elapsed_ms: f64,
    /// The expected value of each move at `depth`, in `Direction::ALL` order
    /// (`None` for a move that changes nothing).
    pub values: [Option<f32>; 4],
    /// Why this move, in words, for the UI (filled in by
    /// [`Searcher::best_move`]; empty from [`Searcher::search_within`]).
    pub reason: String,
}

/// Where a search stops: when its time budget runs out or once it has
/// visited `nodes` positions, whichever comes first, and never deeper than
/// `depth` moves (nor `SearchConfig::max_depth`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub ms: f64,
    pub nodes: u64,
    pub depth: u32,
}

impl Limits {
    /// A time budget alone.
    pub fn ms(ms: f64) -> Limits {
        Limits {
            ms,
            nodes: u64::MAX,
            depth: u32::MAX,
        }
    }
}

/// What an iteration that refines the cutoff divides it by.
pub const REFINE: f32 = 4.0;

/// Nodes between two looks at the clock: often enough to stop within a few
/// tens of microseconds, rarely enough that the look costs nothing.
const CLOCK_EVERY: u64 = 1024;

#[derive(Clone, Copy)]
struct Entry {
    board: Bitboard,
    value: f32,
    /// Moves searched below this chance node; 0 marks an empty slot (a stored
    /// node always has at least 1).
    depth: u8,
    /// How many times the cutoff had been refined when it was searched.
    fine: u8,
    /// Whether the depth limit cut some line below it: if not, searching it
    /// deeper would give the same value.
    depth_cut: bool,
    /// The search that stored it, so old entries give way first.
    generation: u8,
}

impl Default for Entry {
    /// An empty slot: no depth, and marked as cut by the depth limit, so it
    /// serves no question.
    fn default() -> Self {
        Entry {
            board: 0,
            value: 0.0,
            depth: 0,
            fine: 0,
            depth_cut: true,
            generation: 0,
        }
    }
}

/// A fixed-size, depth-aware cache of chance-node values.
pub(crate) struct TransTable {
    entries: Box<[Entry]>,
    shift: u32,
    generation: u8,
}

impl TransTable {
    pub(crate) fn new(bits: u32) -> Self {
        let bits = bits.clamp(1, 30);
        TransTable {
            entries: vec![Entry::default(); 1 << bits].into(),
            shift: 64 - bits,
            generation: 0,
        }
    }

    #[inline(always)]
    fn slot(&self, board: Bitboard) -> usize {
        // Fibonacci hashing: the top bits of a multiply mix every nibble.
        (board.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// The value stored for `board` if it was searched with a cutoff refined
    /// at least `fine` times, and at least `depth` deep or, earlier in this
    /// search, with no line cut by the depth limit (searching it deeper would
    /// change nothing); and whether the depth limit cut some line below it.
    ///
    /// Only this search's entries count as complete: the probability cutoff
    /// is relative to the root, so a node the last search finished may have
    /// more to search from the new root, which is a spawn closer.
    #[inline(always)]
    pub(crate) fn probe(&self, board: Bitboard, depth: u32, fine: u8) -> Option<(f32, bool)> {
        let e = &self.entries[self.slot(board)];
        let complete = !e.depth_cut && e.generation == self.generation;
        (e.board == board && e.fine >= fine && (e.depth as u32 >= depth || complete))
            .then_some((e.value, e.depth_cut))
    }

    /// Stores a value, unless the slot holds a deeper or finer result of
    /// this search.
    #[inline(always)]
    pub(crate) fn store(
        &mut self,
        board: Bitboard,
        depth: u32,
        fine: u8,
        value: f32,
        depth_cut: bool,
    ) {
        let generation = self.generation;
        let slot = self.slot(board);
        let e = &mut self.entries[slot];
        if e.generation != generation || (e.depth as u32 <= depth && e.fine <= fine) {
            *e = Entry {
                board,
                value,
                depth: depth.min(u8::MAX as u32) as u8,
                fine,
                depth_cut,
                generation,
            };
        }
    }

    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }
}

/// A reusable search: the evaluator, the tables and the transposition table
/// (kept across moves, since positions recur from one move to the next).
pub struct Searcher<E: Evaluator> {
    eval: E,
    config: SearchConfig,
    tables: &'static Tables,
    tt: TransTable,
}

/// The state of one root search.
struct Run<'a, E: Evaluator> {
    eval: &'a E,
    tables: &'static Tables,
    tt: &'a mut TransTable,
    use_tt: bool,
    cutoff: f32,
    /// How many times `cutoff` has been refined.
    fine: u8,
    clock: &'a dyn Clock,
    deadline: f64,
    /// The node count at which to stop.
    max_nodes: u64,
    /// The node count at which the search ran out of time or nodes, once it
    /// has (see [`Run::aborted`]).
    stopped_at: Option<u64>,
    /// Node count at which to look at the clock (and `max_nodes`) next.
    next_check: u64,
    /// Whether some leaf was scored because the depth ran out (rather than
    /// the probability): if none was, a deeper iteration would change
    /// nothing.
    hit_depth: bool,
    nodes: u64,
    evals: u64,
    tt_hits: u64,
}

impl<E: Evaluator> Run<'_, E> {
    /// Whether the search has run out of time or nodes.
    #[inline(always)]
    fn aborted(&self) -> bool {
        self.stopped_at.is_some()
    }

    fn chance(&mut self, board: Bitboard, depth: u32, prob: f32) -> f32 {
        self.nodes += 1;
        if depth == 0 || prob < self.cutoff {
            self.hit_depth |= depth == 0;
            self.evals += 1;
            return self.eval.evaluate(board);
        }
        if self.use_tt {
            if let Some((v, depth_cut)) = self.tt.probe(board, depth, self.fine) {
                self.tt_hits += 1;
                // If the depth limit cut that search, deepening might still
                // change the value.
                self.hit_depth |= depth_cut;
                return v;
            }
        }
        // Not `nodes % CLOCK_EVERY == 0`: most nodes are leaves that return
        // above, so an exact multiple would seldom land here.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CLOCK_EVERY;
            if !self.aborted()
                && (self.nodes >= self.max_nodes || self.clock.now_ms() >= self.deadline)
            {
                self.stopped_at = Some(self.nodes);
            }
        }
        if self.aborted() {
            return 0.0;
        }
        // A move that changed the board left at least one cell empty.
        let empty = count_empty(board).max(1);
        let p = prob / empty as f32;
        // Whether the depth limit cuts a line below this node, apart from
        // what it cut elsewhere.
        let outer_cut = std::mem::replace(&mut self.hit_depth, false);
        let mut sum = 0.0;
        let mut rest = board;
        let mut two: Bitboard = 1;
        while two != 0 {
            if rest & 0xF == 0 {
                sum += 0.9 * self.max(board | two, depth, p * 0.9);
                sum += 0.1 * self.max(board | (two << 1), depth, p * 0.1);
            }
            rest >>= 4;
            two <<= 4;
        }
        let value = sum / empty as f32;
        if self.use_tt && !self.aborted() {
            self.tt
                .store(board, depth, self.fine, value, self.hit_depth);
        }
        self.hit_depth |= outer_cut;
        value
    }

    fn max(&mut self, board: Bitboard, depth: u32, prob: f32) -> f32 {
        self.nodes += 1;
        let mut best: Option<f32> = None;
        for after in self.tables.moves(board) {
            if after != board {
                let v = self.chance(after, depth - 1, prob);
                best = Some(best.map_or(v, |b: f32| b.max(v)));
            }
        }
        best.unwrap_or_else(|| self.eval.lost(board))
    }

    /// Every root move's value at `depth`.
    fn root(&mut self, board: Bitboard, depth: u32) -> [Option<f32>; 4] {
        self.tables
            .moves(board)
            .map(|after| (after != board).then(|| self.chance(after, depth - 1, 1.0)))
    }

    /// The values at `depth` of the root moves in `order` (indices into
    /// [`Direction::ALL`]), searched in that order; if the time runs out,
    /// only those finished before it did.
    fn root_in_order(&mut self, board: Bitboard, depth: u32, order: &[usize]) -> [Option<f32>; 4] {
        let moves = self.tables.moves(board);
        let mut values = [None; 4];
        for &i in order {
            let v = self.chance(moves[i], depth - 1, 1.0);
            if self.aborted() {
                break;
            }
            values[i] = Some(v);
        }
        values
    }
}

/// The moves that have a value, best first (ties in [`Direction::ALL`]
/// order). An insertion sort: four items, and no general sort's code in the
/// worker's wasm.
fn ranked(values: &[Option<f32>; 4]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::with_capacity(4);
    for (i, v) in values.iter().enumerate() {
        let Some(v) = v else { continue };
        let at = order
            .iter()
            .position(|&j| values[j].is_some_and(|w| w < *v))
            .unwrap_or(order.len());
        order.insert(at, i);
    }
    order
}

impl<E: Evaluator> Searcher<E> {
    pub fn new(eval: E, config: SearchConfig) -> Self {
        Searcher {
            eval,
            config,
            tables: tables(),
            tt: TransTable::new(config.tt_bits),
        }
    }

    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The evaluator, to change what it values (the coach's target). The
    /// transposition table holds the old values: clear it before searching.
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.eval
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Forgets every cached value (for tests that compare searches).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// The best move within `budget_ms` by `clock`, or `None` if no move
    /// changes the board. Deepens one move at a time, each iteration starting
    /// with the best move so far, and answers with the deepest iteration that
    /// finished, or with the best of the moves the next one finished before
    /// the time ran out, when the best move so far is among them. The first
    /// iteration (a one-move lookahead) always finishes, so a move comes back
    /// even on a zero budget.
    pub fn search(
        &mut self,
        board: Bitboard,
        budget_ms: f64,
        clock: &dyn Clock,
    ) -> Option<(Direction, SearchStats)> {
        self.search_within(board, Limits::ms(budget_ms), clock)
    }

    /// [`Searcher::search`] within `limits`. Given the same table contents
    /// (the same searches before it, each stopped at the same node count), a
    /// search is a function of the board and of where it stopped, so one
    /// limited to the node count another reported repeats it exactly,
    /// however long either took.
    pub fn search_within(
        &mut self,
        board: Bitboard,
        limits: Limits,
        clock: &dyn Clock,
    ) -> Option<(Direction, SearchStats)> {
        let config = self.config;
        let max_depth = limits.depth.min(config.max_depth);
        let start = clock.now_ms();
        self.tt.next_generation();
        let mut run = self.start_run(limits, clock, start);
        let values = run.root(board, 1);
        let legal = values.iter().filter(|v| v.is_some()).count();
        if legal == 0 {
            return None;
        }
        let done = run.deepen(board, values, legal, max_depth, config.finest_cutoff);
        let best = best_of(&done.deeper.unwrap_or(done.values))?;
        let stats = SearchStats {
            depth: done.depth,
            cutoff: config.prob_cutoff / REFINE.powi(done.refined as i32),
            refined: done.refined,
            nodes: run.stopped_at.unwrap_or(run.nodes),
            evals: run.evals,
            tt_hits: run.tt_hits,
            elapsed_ms: clock.now_ms() - start,
            values: done.values,
            reason: String::new(),
        };
        Some((best, stats))
    }

    /// The state of a root search that started at `start` by `clock`, with
    /// the configured cutoff and no node visited yet.
    fn start_run<'a>(&'a mut self, limits: Limits, clock: &'a dyn Clock, start: f64) -> Run<'a, E> {
        let budget_ms = limits.ms;
        Run {
            eval: &self.eval,
            tables: self.tables,
            tt: &mut self.tt,
            use_tt: self.config.tt_bits > 0,
            cutoff: self.config.prob_cutoff,
            fine: 0,
            clock,
            // Stop a little early: the answer still has to travel back, and
            // the clock is only read every thousand nodes or so.
            deadline: start + budget_ms - (budget_ms * 0.02).min(0.2),
            max_nodes: limits.nodes,
            stopped_at: None,
            next_check: CLOCK_EVERY,
            hit_depth: false,
            nodes: 0,
            evals: 0,
            tt_hits: 0,
        }
    }
}

/// The move of highest value among those that have one (the first of
/// equals, in [`Direction::ALL`] order).
fn best_of(values: &[Option<f32>; 4]) -> Option<Direction> {
    (0..4)
        .filter_map(|i| values[i].map(|v| (i, v)))
        .fold(None, |acc: Option<(usize, f32)>, (i, v)| match acc {
            Some((_, b)) if b >= v => acc,
            _ => Some((i, v)),
        })
        .map(|(i, _)| Direction::ALL[i])
}

/// Where iterative deepening stopped.
struct Deepened {
    /// The root values of the deepest iteration that finished,
    values: [Option<f32>; 4],
    /// its depth in moves,
    depth: u32,
    /// and how many times its cutoff had been refined.
    refined: u32,
    /// The root moves an unfinished last iteration did search one step
    /// further, if the best move of the one before is among them.
    deeper: Option<[Option<f32>; 4]>,
}

impl<E: Evaluator> Run<'_, E> {
    /// Iterates from the one-move `values` (of `legal` moves) until the
    /// budget runs out or neither a deeper search (up to `max_depth`) nor a
    /// finer cutoff (down to `finest_cutoff`) is left, each iteration
    /// starting with the best move so far.
    fn deepen(
        &mut self,
        board: Bitboard,
        values: [Option<f32>; 4],
        legal: usize,
        max_depth: u32,
        finest_cutoff: f32,
    ) -> Deepened {
        let mut done = Deepened {
            values,
            depth: 1,
            refined: 0,
            deeper: None,
        };
        // With one legal move there is nothing to weigh.
        if legal < 2 {
            return done;
        }
        // Timing of the last two iterations, to skip one that cannot finish.
        let mut timing = (0.0f64, 0.0f64);
        while let Some((depth, cutoff, fine)) =
            self.next_iteration(done.depth, max_depth, finest_cutoff)
        {
            let now = self.clock.now_ms();
            if self.no_time_for_next(now, timing, legal) {
                break;
            }
            self.hit_depth = false;
            (self.cutoff, self.fine) = (cutoff, fine);
            let order = ranked(&done.values);
            let next = self.root_in_order(board, depth, &order);
            if self.aborted() {
                // Out of time. The moves that finished compare fairly with
                // each other at the new depth, and they include the best of
                // the last iteration: if one of them now beats it, it would
                // beat it in the full iteration too.
                if next[order[0]].is_some() {
                    done.deeper = Some(next);
                }
                break;
            }
            (done.values, done.depth, done.refined) = (next, depth, fine as u32);
            timing = (timing.1, self.clock.now_ms() - now);
        }
        done
    }

    /// The depth, cutoff and refinement count of the iteration after one at
    /// `depth`: deeper while the depth limit cut some line, else a finer
    /// cutoff; `None` when neither is left.
    fn next_iteration(
        &self,
        depth: u32,
        max_depth: u32,
        finest_cutoff: f32,
    ) -> Option<(u32, f32, u8)> {
        if self.hit_depth && depth < max_depth {
            Some((depth + 1, self.cutoff, self.fine))
        } else if self.cutoff / REFINE >= finest_cutoff {
            Some((depth, self.cutoff / REFINE, self.fine + 1))
        } else {
            None
        }
    }

    /// Whether, at `now`, the budget is spent or too little of it is left
    /// for the next iteration, judging by the times of the last two
    /// (`timing`: the one before last, the last) and the number of `legal`
    /// root moves.
    fn no_time_for_next(&self, now: f64, timing: (f64, f64), legal: usize) -> bool {
        if now >= self.deadline || self.nodes >= self.max_nodes {
            return true;
        }
        // Each iteration costs some factor more than the last. It starts
        // with the best move so far, and finishing that one is enough to
        // use the iteration (see `deepen`): skip it only if even its share
        // of the time cannot fit. Tiny timings are noise, so only trust the
        // ratio past 0.2 ms.
        let (prev_ms, last_ms) = timing;
        if prev_ms > 0.2 {
            let growth = (last_ms / prev_ms).max(1.5);
            if now + last_ms * growth / legal as f64 > self.deadline {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::super::bitboard::{parse, Tables};
    use super::super::eval::Heuristic;
    use super::*;

    /// A clock that moves `step` ms each time it is read: the search sees
    /// time pass exactly as fast as it works, on any machine.
    struct FakeClock {
        now: Cell<f64>,
        step: f64,
    }

    impl Clock for FakeClock {
        fn now_ms(&self) -> f64 {
            let t = self.now.get();
            self.now.set(t + self.step);
            t
        }
    }

    fn frozen() -> FakeClock {
        FakeClock {
            now: Cell::new(0.0),
            step: 0.0,
        }
    }

    /// No time limit, only a depth.
    fn to_depth(depth: u32) -> Limits {
        Limits {
            depth,
            ..Limits::ms(f64::INFINITY)
        }
    }

    fn searcher(tt_bits: u32) -> Searcher<Heuristic> {
        Searcher::new(
            Heuristic::default(),
            SearchConfig {
                tt_bits,
                ..SearchConfig::default()
            },
        )
    }

    /// A bare expectimax, without cutoff or cache, to check the search
    /// against.
    fn reference(t: &Tables, e: &Heuristic, board: Bitboard, depth: u32, chance: bool) -> f32 {
        if chance {
            if depth == 0 {
                return e.evaluate(board);
            }
            let empties: Vec<u32> = (0..16).filter(|i| (board >> (4 * i)) & 0xF == 0).collect();
            let sum: f32 = empties
                .iter()
                .map(|&i| {
                    0.9 * reference(t, e, board | (1 << (4 * i)), depth, false)
                        + 0.1 * reference(t, e, board | (2 << (4 * i)), depth, false)
                })
                .sum();
            sum / empties.len() as f32
        } else {
            Direction::ALL
                .iter()
                .map(|&d| t.slide(board, d))
                .filter(|&a| a != board)
                .map(|a| reference(t, e, a, depth - 1, true))
                .fold(None, |m: Option<f32>, v| Some(m.map_or(v, |m| m.max(v))))
                .unwrap_or_else(|| e.lost(board))
        }
    }

    const POSITIONS: [&str; 4] = [
        "2 2 . . / . 4 . . / . . . . / . . . 2",
        "512 128 32 8 / 256 64 16 4 / 2 . . . / . . . .",
        "2 4 8 16 / 4 8 16 32 / 2 4 8 16 / . 2 . 4",
        "1024 512 256 128 / 8 16 32 64 / 4 2 . . / 2 . . 4",
    ];

    #[test]
    fn matches_a_plain_expectimax_without_cutoff() {
        let t = tables();
        for (tt_bits, cutoff) in [(0, 0.0), (16, 0.0)] {
            let mut s = Searcher::new(
                Heuristic::default(),
                SearchConfig {
                    prob_cutoff: cutoff,
                    tt_bits,
                    ..SearchConfig::default()
                },
            );
            for p in POSITIONS {
                let board = parse(p).unwrap();
                s.clear();
                let (_, stats) = s.search_within(board, to_depth(3), &frozen()).unwrap();
                assert_eq!(stats.depth, 3);
                for (i, &dir) in Direction::ALL.iter().enumerate() {
                    let after = t.slide(board, dir);
                    let want =
                        (after != board).then(|| reference(t, s.evaluator(), after, 2, true));
                    match (stats.values[i], want) {
                        (Some(got), Some(want)) => {
                            // The cache may answer a node with a deeper value
                            // found elsewhere in the tree; the difference
                            // stays small.
                            let tol = if tt_bits > 0 { 1e-2 } else { 1e-5 };
                            assert!(
                                ((got - want) / want).abs() < tol,
                                "{p} {dir:?}: {got} vs {want}"
                            );
                        }
                        (got, want) => assert_eq!(got, want, "{p} {dir:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn transposition_table_is_keyed_and_depth_aware() {
        let mut tt = TransTable::new(4);
        tt.next_generation();
        let a = 0x1234;
        assert_eq!(tt.probe(a, 1, 0), None);
        tt.store(a, 3, 0, 7.0, true);
        assert_eq!(tt.probe(a, 3, 0), Some((7.0, true)));
        assert_eq!(
            tt.probe(a, 2, 0),
            Some((7.0, true)),
            "a deeper value serves"
        );
        assert_eq!(tt.probe(a, 4, 0), None, "a shallower one does not");
        assert_eq!(tt.probe(a, 3, 1), None, "nor one with a coarser cutoff");
        // Unless no line below it reached the depth limit in this search:
        // deeper, the search would find the same.
        let c = 0x5678;
        tt.store(c, 2, 1, 9.0, false);
        assert_eq!(tt.probe(c, 6, 1), Some((9.0, false)));
        assert_eq!(tt.probe(c, 6, 2), None, "still not for a finer cutoff");
        tt.next_generation();
        assert_eq!(tt.probe(c, 6, 1), None, "nor in the next search");
        assert_eq!(tt.probe(c, 2, 1), Some((9.0, false)));
        tt.store(a, 3, 0, 7.0, true);
        // Another board in the same slot never reads `a`'s value.
        let b = (1u64..)
            .map(|k| a + k)
            .find(|&b| tt.slot(b) == tt.slot(a))
            .unwrap();
        assert_eq!(tt.probe(b, 1, 0), None);
        // Within one search a shallower result does not push out a deeper
        // one; in the next search it does.
        tt.store(b, 1, 0, 5.0, false);
        assert_eq!(tt.probe(a, 3, 0), Some((7.0, true)));
        assert_eq!(tt.probe(b, 1, 0), None);
        tt.next_generation();
        tt.store(b, 1, 0, 5.0, false);
        assert_eq!(tt.probe(b, 1, 0), Some((5.0, false)));
        assert_eq!(tt.probe(a, 1, 0), None);
        // A finer result at the same depth replaces a coarser one, and serves
        // a coarser question.
        tt.store(b, 1, 2, 6.0, false);
        assert_eq!(tt.probe(b, 1, 1), Some((6.0, false)));
        // An empty board is a key like any other, not an empty slot.
        tt.next_generation();
        tt.store(0, 2, 0, 1.0, false);
        assert_eq!(tt.probe(0, 2, 0), Some((1.0, false)));
        tt.clear();
        assert_eq!(tt.probe(0, 1, 0), None);
    }

    #[test]
    fn never_an_illegal_move_and_none_when_stuck() {
        let t = tables();
        let mut s = searcher(12);
        let stuck = parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2").unwrap();
        assert_eq!(
            s.search(stuck, 5.0, &frozen()),
            None,
            "stuck: no search at all"
        );
        // Boards with one or two legal moves, and random ones.
        let only_one = [
            "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 .",
            "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 8 8 16 32",
            "2 . . . / 4 . . . / 8 . . . / 16 . . .",
        ];
        let ticking = || FakeClock {
            now: Cell::new(0.0),
            step: 0.05,
        };
        for p in only_one {
            let board = parse(p).unwrap();
            let (dir, _) = s.search(board, 0.5, &ticking()).unwrap();
            assert_ne!(t.slide(board, dir), board, "{p}: {dir:?}");
        }
        let mut rng = super::super::diff::SplitMix(7);
        for _ in 0..100 {
            let board = rng.board(13);
            let legal = Direction::ALL.iter().any(|&d| t.slide(board, d) != board);
            match s.search(board, 0.5, &ticking()) {
                Some((dir, _)) => assert_ne!(t.slide(board, dir), board),
                None => assert!(!legal),
            }
        }
    }

    #[test]
    fn stays_within_the_budget() {
        let board = parse(POSITIONS[1]).unwrap();
        let mut s = searcher(16);
        // Each read is at least a thousand nodes apart: few reads keep the
        // test fast in a debug build.
        for (budget, step) in [(0.0, 0.01), (1.0, 0.1), (10.0, 0.5), (50.0, 2.0)] {
            let clock = FakeClock {
                now: Cell::new(100.0),
                step,
            };
            let (_, stats) = s.search(board, budget, &clock).unwrap();
            // The search looks at the clock at least every CLOCK_EVERY nodes
            // and stops at the deadline; with the fake clock the only overrun
            // is the few reads after it.
            assert!(
                stats.elapsed_ms <= budget + 4.0 * step,
                "budget {budget}: took {}",
                stats.elapsed_ms
            );
            assert!(stats.depth >= 1);
        }
        // A budget long enough deepens past the first iteration.
        let clock = FakeClock {
            now: Cell::new(0.0),
            step: 0.05,
        };
        let (_, stats) = s.search(board, 5.0, &clock).unwrap();
        assert!(stats.depth >= 3, "depth {}", stats.depth);
    }

    #[test]
    fn iterations_start_with_the_best_move_so_far() {
        assert_eq!(
            ranked(&[Some(1.0), None, Some(3.0), Some(2.0)]),
            vec![2, 3, 0]
        );
        assert_eq!(
            ranked(&[Some(1.0), Some(1.0), None, None]),
            vec![0, 1],
            "ties keep order"
        );
        assert_eq!(ranked(&[None; 4]), Vec::<usize>::new());
        // An iteration cut short keeps exactly the moves it finished: with a
        // clock already past the deadline, the first chance node that looks
        // at it stops the search, so no move finishes.
        let board = parse(POSITIONS[1]).unwrap();
        let mut tt = TransTable::new(8);
        let e = Heuristic::default();
        let clock = frozen();
        let mut run = Run {
            eval: &e,
            tables: tables(),
            tt: &mut tt,
            use_tt: true,
            cutoff: 1e-4,
            fine: 0,
            clock: &clock,
            deadline: -1.0,
            max_nodes: u64::MAX,
            stopped_at: None,
            next_check: 0,
            hit_depth: false,
            nodes: 0,
            evals: 0,
            tt_hits: 0,
        };
        assert_eq!(run.root_in_order(board, 3, &[2, 1]), [None; 4]);
        assert!(run.aborted());
    }

    #[test]
    fn refines_the_cutoff_once_deepening_changes_nothing() {
        // A coarse cutoff cuts every line of this open board within a few
        // moves: past that depth the search lowers the cutoff instead, down
        // to the finest, and never deepens just because the cache answered.
        let config = SearchConfig {
            prob_cutoff: 0.05,
            finest_cutoff: 0.05 / (REFINE * REFINE),
            max_depth: 16,
            tt_bits: 16,
        };
        let mut s = Searcher::new(Heuristic::default(), config);
        let board = parse("4 2 . . / . . . . / . . . . / . . . .").unwrap();
        // The frozen clock never reaches the deadline: only the two limits
        // end the iterations.
        let (_, stats) = s.search(board, 1.0, &frozen()).unwrap();
        assert_eq!(stats.cutoff, config.finest_cutoff, "{stats:?}");
        assert!(stats.depth < config.max_depth, "{stats:?}");
        // A fixed cutoff stops where the probability cut everything.
        let fixed = SearchConfig {
            finest_cutoff: 0.05,
            ..config
        };
        let mut s = Searcher::new(Heuristic::default(), fixed);
        let (_, coarse) = s.search(board, 1.0, &frozen()).unwrap();
        assert_eq!(coarse.cutoff, 0.05);
        assert!(coarse.depth <= stats.depth);
        assert!(coarse.nodes < stats.nodes);
    }

    #[test]
    fn plays_the_obvious_move() {
        let t = tables();
        let mut s = searcher(16);
        // Merging the two 1024s into the corner is the move.
        let board = parse("1024 1024 . . / 4 2 . . / . . . . / . . . .").unwrap();
        let (dir, stats) = s.search_within(board, to_depth(3), &frozen()).unwrap();
        assert_eq!(dir, Direction::Left, "{stats:?}");
        assert_eq!(t.slide_scored(board, dir).1, 2048);
    }
}
