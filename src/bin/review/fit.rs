//! `review --fit`: measures the chance table the coach's search uses at its
//! leaves (`ai::chance::CHANCE`). Positions are taken from games of four
//! kinds of player (every third board after a move), and from each the
//! heuristic search plays on, with the game's spawns drawn from the
//! board, for up to `HORIZON` moves. The table is the share of those games
//! that lasted, by the board's empty cells and pairs of equal neighbours,
//! raised where needed so that it never falls with more room or more
//! pairs. The table is printed as `CHANCE` is written, rows of 1 left out.

use leptos_2048::ai::bitboard::{count_empty, empty_cells, tables, Bitboard};
use leptos_2048::ai::chance::{Survival, HORIZON};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::review::{self, Reviewer};

use super::per_game;
use super::players::{self, Kind, Player};
use super::Options;

/// The kinds whose boards are played on, and the strong player that plays
/// on: the search at a few thousand positions a move.
const SOURCES: [Kind; 4] = [
    Kind::Random,
    Kind::Corner,
    Kind::Greedy,
    Kind::Search(2_000),
];
const PLAYS_ON: Kind = Kind::Search(5_000);

/// Games that lasted and games played, by empty cells and pairs (0 to 3).
type Counts = [[(u32, u32); 4]; 16];

/// How many moves the strong player lasts from `after`, up to `HORIZON`.
fn lasts(after: Bitboard, seed: u64) -> u32 {
    let mut player = Player::new(PLAYS_ON, seed, None);
    let mut dice = SplitMix(after ^ seed);
    let mut board = spawn(after, dice.next_u64());
    for made in 0..HORIZON {
        if count_empty(board) >= HORIZON - made {
            return HORIZON;
        }
        let Some(d) = player.pick(board) else {
            return made;
        };
        board = spawn(tables().slide(board, d), dice.next_u64());
    }
    HORIZON
}

fn counts_of(kind: Kind, seed: u64, o: &Options) -> Counts {
    let survival = Survival::default();
    let mut counts: Counts = [[(0, 0); 4]; 16];
    let mut player = Player::new(kind, seed, None);
    let mut n = 0;
    players::play(seed, Some(o.moves), |board| {
        let d = player.pick(board)?;
        n += 1;
        if n % 3 == 0 {
            let after = tables().slide(board, d);
            let cell =
                &mut counts[count_empty(after) as usize][survival.pairs(after).min(3) as usize];
            cell.0 += u32::from(lasts(after, seed * 7919 + n) == HORIZON);
            cell.1 += 1;
        }
        Some(d)
    });
    counts
}

pub fn fit(o: &Options) -> Result<(), String> {
    println!(
        "boards from {} games of each of {} kinds from seed {} (at most {} moves), played on \
         by the search at 5 000 positions a move for up to {HORIZON} moves",
        o.games,
        SOURCES.len(),
        o.seed,
        o.moves
    );
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    let mut counts: Counts = [[(0, 0); 4]; 16];
    for kind in SOURCES {
        for c in per_game(&seeds, o, |seed| counts_of(kind, seed, o)) {
            for (row, add) in counts.iter_mut().zip(c) {
                for (cell, (l, n)) in row.iter_mut().zip(add) {
                    cell.0 += l;
                    cell.1 += n;
                }
            }
        }
    }
    println!("empty cells: lasted/played for 0, 1, 2, 3+ pairs");
    for (e, row) in counts.iter().enumerate().skip(1) {
        let cells: Vec<String> = row.iter().map(|(l, n)| format!("{l}/{n}")).collect();
        println!("  {e:>2}: {}", cells.join("  "));
    }
    print_table(&counts);
    check(o);
    Ok(())
}

/// Chances the review gave and how often the strong player lasted, in
/// bins of the chance given.
const BINS: [f64; 6] = [0.5, 0.8, 0.95, 0.99, 0.999, 1.0];

/// The review's chance of the move played, and whether the strong player,
/// playing on after it, lasted, for every third move of a game.
fn outcomes(kind: Kind, seed: u64, o: &Options) -> Vec<(f64, bool)> {
    let mut reviewer = Reviewer::default();
    let mut player = Player::new(kind, seed, None);
    let mut found = Vec::new();
    let mut n = 0;
    players::play(seed, Some(o.moves), |board| {
        let d = player.pick(board)?;
        n += 1;
        if n % 3 == 0 {
            if let Some(chance) =
                review::assess(&mut reviewer, board, o.nodes).and_then(|a| a.value_of(d))
            {
                let after = tables().slide(board, d);
                let lasted = lasts(after, seed * 7919 + n) == HORIZON;
                found.push((f64::from(chance) / f64::from(review::CERTAIN), lasted));
            }
        }
        Some(d)
    });
    found
}

/// The shipped table checked on other games (seeds from `--seed` plus
/// 1 000): the review's chance of each move against how often the strong
/// player lasted after it.
fn check(o: &Options) {
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + 1000 + i).collect();
    let mut bins = [(0usize, 0.0f64, 0usize); BINS.len()];
    for kind in SOURCES {
        for (chance, lasted) in per_game(&seeds, o, |seed| outcomes(kind, seed, o)).concat() {
            let bin = BINS
                .iter()
                .position(|&b| chance < b)
                .unwrap_or(BINS.len() - 1);
            bins[bin].0 += 1;
            bins[bin].1 += chance;
            bins[bin].2 += usize::from(lasted);
        }
    }
    println!(
        "the shipped table on other games (seeds {}–{}): the review's chance of the move \
         played, and how often the search lasted {HORIZON} more moves after it",
        seeds[0],
        seeds[seeds.len() - 1]
    );
    let mut from = 0.0;
    for (&to, &(n, sum, lasted)) in BINS.iter().zip(&bins) {
        println!(
            "  chance {:>5.1}% to {:>5.1}%: {n:>6} moves, mean chance {:>5.1}%, lasted {:>5.1}%",
            100.0 * from,
            100.0 * to,
            100.0 * sum / n.max(1) as f64,
            100.0 * lasted as f64 / n.max(1) as f64
        );
        from = to;
    }
}

/// The table as `chance::CHANCE` writes it: each cell's share (1 where no
/// game was played), raised where a cell with less room or fewer pairs has
/// a larger one.
fn print_table(counts: &Counts) {
    let mut table = [[1.0f64; 4]; 16];
    for e in 1..16 {
        for p in 0..4 {
            let (l, n) = counts[e][p];
            let share = if n == 0 {
                1.0
            } else {
                f64::from(l) / f64::from(n)
            };
            let below = if e > 1 { table[e - 1][p] } else { 0.0 };
            let left = if p > 0 { table[e][p - 1] } else { 0.0 };
            table[e][p] = (share * 1000.0).round() / 1000.0;
            table[e][p] = table[e][p].max(below).max(left);
        }
    }
    println!("the table (rows that are not all 1):");
    for (e, row) in table.iter().enumerate().skip(1) {
        if row.iter().any(|&c| c < 1.0) {
            let cells: Vec<String> = row.iter().map(|c| format!("{c}")).collect();
            println!("    table[{e}] = [{}];", cells.join(", "));
        }
    }
}

/// `board` with a new tile drawn by `roll`: a 4 when its low 32 bits fall
/// in the lowest tenth, else a 2, in the empty cell its high 32 bits pick
/// (a full board is left as it is): the fit's games spawn as the game does.
fn spawn(board: Bitboard, roll: u64) -> Bitboard {
    let empty = empty_cells(board);
    let n = u64::from(empty.count_ones());
    if n == 0 {
        return board;
    }
    let mut cells = empty;
    for _ in 0..((roll >> 32) * n) >> 32 {
        cells &= cells - 1;
    }
    let tile: u64 = if (roll & 0xFFFF_FFFF) < 0x1999_999A {
        2
    } else {
        1
    };
    board | (tile << cells.trailing_zeros())
}
