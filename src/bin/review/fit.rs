//! `review --fit`: measures the chance the coach's search uses at its
//! leaves (`ai::chance::MODEL`), and checks it on other games.
//!
//! Positions are taken from games of five kinds of player (every third
//! board after a move). From each, the reference player (the search at
//! `REFERENCE_NODES` positions a move) plays on, with the game's spawns
//! drawn from the board, until it makes the position's target (twice its
//! top tile) or the game ends. For each target, a logistic curve of the
//! board's features is fitted to those outcomes, and printed as `MODEL`
//! is written. Then the review's chance of the move played, on games from
//! other seeds, is set against whether the reference, playing on after it,
//! made the target: the check that the chance means what it says.
//!
//! `review --reference` measures how strong the reference is: how often
//! the search at a few budgets makes each tile.

use leptos_2048::ai::bitboard::{empty_cells, max_exponent, tables, Bitboard};
use leptos_2048::ai::chance::{
    target_of, Calibration, Chance, Model, FEATURES, REFERENCE_NODES, REFERENCE_SLIPS,
};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::review::{self, Reviewer};

use super::per_game;
use super::players::{self, Kind, Player, ONE_MS};
use super::Options;

/// The kinds whose boards are played on, weakest first.
const SOURCES: [Kind; 5] = [
    Kind::Random,
    Kind::Corner,
    Kind::Greedy,
    REFERENCE,
    Kind::Search(ONE_MS),
];

/// The reference player (`chance::REFERENCE_NODES`).
pub const REFERENCE: Kind = Kind::Slipping(REFERENCE_NODES, REFERENCE_SLIPS);

/// Moves after which a continuation is given up as lost: far more than
/// any target takes.
const GIVE_UP: u32 = 20_000;

/// A position of the fit: the board a move was played on, the board the
/// move left, its target and whether the reference, playing on, made it.
#[derive(Clone, Copy)]
struct Sample {
    board: Bitboard,
    after: Bitboard,
    target: u8,
    made: bool,
}

/// Whether the reference, playing on from `after` (a board after a move,
/// before its tile), makes the tile of exponent `target`.
pub fn makes(after: Bitboard, target: u8, seed: u64) -> bool {
    let mut player = Player::new(REFERENCE, seed, None);
    let mut dice = SplitMix(after ^ seed);
    let mut board = spawn(after, dice.next_u64());
    for _ in 0..GIVE_UP {
        if max_exponent(board) >= target {
            return true;
        }
        let Some(d) = player.pick(board) else {
            return false;
        };
        board = spawn(tables().slide(board, d), dice.next_u64());
    }
    false
}

/// Every third position of a game of `kind` from `seed`, with the move
/// played on it: the boards the fit and its check are made on. A move that
/// makes the target itself is left out (its chance is 1 by definition).
fn positions(kind: Kind, seed: u64, o: &Options) -> Vec<(Bitboard, Bitboard, u64)> {
    let mut player = Player::new(kind, seed, players::network());
    let mut found = Vec::new();
    let mut n = 0;
    players::play(seed, Some(o.moves), |board| {
        let d = player.pick(board)?;
        n += 1;
        let after = tables().slide(board, d);
        if n % 3 == 0 && max_exponent(after) < target_of(board) {
            found.push((board, after, seed * 7919 + n));
        }
        Some(d)
    });
    found
}

fn samples_of(kind: Kind, seed: u64, o: &Options) -> Vec<Sample> {
    positions(kind, seed, o)
        .into_iter()
        .map(|(board, after, roll)| {
            let target = target_of(board);
            let made = makes(after, target, roll);
            Sample {
                board,
                after,
                target,
                made,
            }
        })
        .collect()
}

/// Fits the curves, prints them, checks them, and gives them.
pub fn fit(o: &Options) -> Result<(Model, Calibration), String> {
    println!(
        "boards from {} games of each of {} kinds from seed {} (at most {} moves), played on \
         by the reference ({}) until it makes the board's target (twice its top tile) or the \
         game ends",
        o.games,
        SOURCES.len(),
        o.seed,
        o.moves,
        REFERENCE.name()
    );
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    let mut samples = Vec::new();
    for kind in SOURCES {
        samples.extend(per_game(&seeds, o, |seed| samples_of(kind, seed, o)).concat());
    }
    let model = fit_model(&samples);
    let calibration = fit_calibration(&samples, model, o);
    check(model, calibration, o);
    Ok((model, calibration))
}

/// The leaves' curves, one for each target, fitted on the boards after the
/// moves, and printed as `chance::MODEL` is written: a target whose boards
/// were all made keeps the default curve, and the targets above the last
/// one fitted take its curve.
fn fit_model(samples: &[Sample]) -> Model {
    let chance = Chance::default();
    let mut model = MODEL_DEFAULT;
    let mut last = None;
    println!("target: boards, made; the fitted weights of the features");
    for target in 0..model.len() as u8 {
        let rows: Vec<([f32; FEATURES], bool)> = samples
            .iter()
            .filter(|s| s.target == target)
            .map(|s| (chance.features(s.after, target), s.made))
            .collect();
        let made = rows.iter().filter(|(_, m)| *m).count();
        if rows.is_empty() {
            continue;
        }
        let both = made > 0 && made < rows.len();
        println!(
            "  {:>5}: {:>6}, {:>6} ({:.1}%)",
            1u32 << target,
            rows.len(),
            made,
            100.0 * made as f64 / rows.len() as f64,
        );
        if both {
            model[usize::from(target)] = logistic(&rows);
            println!("    model[{target}] = {:?};", model[usize::from(target)]);
            last = Some(target);
        }
    }
    if let Some(last) = last {
        println!("    // and from {} on, the curve of {last}", last + 1);
        for target in usize::from(last) + 1..model.len() {
            model[target] = model[usize::from(last)];
        }
    }
    model
}

/// The curve of a target whose boards were all made.
const MODEL_DEFAULT: Model = [[8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]; 17];

/// The calibration curves: for each target, the search's chance of the
/// move played (with the curves just fitted at its leaves) against whether
/// the reference made the target, fitted as a logistic curve of the
/// chance's log-odds; a target with fewer than [`CALIBRATED`] uncertain
/// moves keeps the chance as it is.
fn fit_calibration(samples: &[Sample], model: Model, o: &Options) -> Calibration {
    let jobs: Vec<u64> = (0..o.jobs as u64).collect();
    let rows = per_game(&jobs, o, |job| {
        let mut reviewer = Reviewer::with(Chance::with_model(model), [[1.0, 0.0]; 17]);
        samples
            .iter()
            .skip(job as usize)
            .step_by(o.jobs)
            .filter_map(|s| {
                let chance = played_chance(&mut reviewer, s, o)?;
                let c = chance.clamp(1e-4, 1.0 - 1e-4);
                let logit = (c / (1.0 - c)).ln();
                (chance > 0.0 && chance < 1.0).then_some((s.target, [1.0, logit], s.made))
            })
            .collect::<Vec<_>>()
    })
    .concat();
    let mut curves = [[1.0, 0.0]; 17];
    println!("the calibration curves (targets with {CALIBRATED} uncertain moves or more):");
    for (target, curve) in curves.iter_mut().enumerate() {
        let mine: Vec<([f32; 2], bool)> = rows
            .iter()
            .filter(|r| usize::from(r.0) == target)
            .map(|r| (r.1, r.2))
            .collect();
        if mine.len() >= CALIBRATED {
            let [b, a] = logistic(&mine);
            *curve = [a, b];
            println!(
                "    curves[{target}] = [{a:?}, {b:?}]; // {} moves",
                mine.len()
            );
        }
    }
    curves
}

/// Uncertain moves a target needs in the fit to get a calibration curve.
const CALIBRATED: usize = 500;

/// The review's chance of the move played in `s`, as a fraction.
fn played_chance(reviewer: &mut Reviewer, s: &Sample, o: &Options) -> Option<f32> {
    let a = review::assess(reviewer, s.board, o.nodes)?;
    let d = tables().moves(s.board).iter().position(|&b| b == s.after)?;
    Some(a.values[d]? as f32 / review::CERTAIN as f32)
}

/// Logistic regression of `made` on the features, by Newton's method, with
/// a small ridge so that a target nearly always made still gets a finite
/// curve.
pub fn logistic<const N: usize>(rows: &[([f32; N], bool)]) -> [f32; N] {
    const RIDGE: f64 = 1e-3;
    let mut w = [0.0f64; N];
    for _ in 0..50 {
        let mut grad = [0.0f64; N];
        let mut hess = [[0.0f64; N]; N];
        for (x, made) in rows {
            let x = x.map(f64::from);
            let z: f64 = w.iter().zip(&x).map(|(w, x)| w * x).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let y = if *made { 1.0 } else { 0.0 };
            for i in 0..N {
                grad[i] += (p - y) * x[i];
                for j in 0..N {
                    hess[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        let n = rows.len() as f64;
        for i in 0..N {
            grad[i] += RIDGE * n * w[i];
            hess[i][i] += RIDGE * n;
        }
        let step = solve(hess, grad);
        for i in 0..N {
            w[i] -= step[i];
        }
    }
    w.map(|x| (x * 1000.0).round() as f32 / 1000.0)
}

/// `a x = b`, by Gaussian elimination with partial pivoting (`a` is
/// positive definite here, the ridge sees to it).
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for col in 0..N {
        let pivot = (col..N)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, below) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        for (row, r) in below.iter_mut().enumerate() {
            let f = r[col] / pivot_row[col];
            for (x, p) in r.iter_mut().zip(pivot_row).skip(col) {
                *x -= f * p;
            }
            b[col + 1 + row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let rest: f64 = (row + 1..N).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// The review's chance of the move played (with `model` at its leaves and
/// `calibration`), and whether the reference, playing on after it, made
/// the target, for every third move of a game.
pub fn outcomes(
    kind: Kind,
    seed: u64,
    (model, calibration): (Model, Calibration),
    o: &Options,
) -> Vec<(f64, bool)> {
    let mut reviewer = Reviewer::with(Chance::with_model(model), calibration);
    samples_of(kind, seed, o)
        .iter()
        .filter_map(|s| Some((f64::from(played_chance(&mut reviewer, s, o)?), s.made)))
        .collect()
}

/// The fitted curves checked on other games (seeds from `--seed` plus
/// 1 000): in each tenth of the review's chance of the move played, how
/// often the reference made the target after it.
fn check(model: Model, calibration: Calibration, o: &Options) {
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + 1000 + i).collect();
    let mut found = Vec::new();
    for kind in SOURCES {
        let mine = per_game(&seeds, o, |seed| {
            outcomes(kind, seed, (model, calibration), o)
        })
        .concat();
        print_kind(kind, &mine);
        found.extend(mine);
    }
    println!(
        "the fitted curves on other games (seeds {}–{}, {} kinds): the review's chance of the \
         move played, and how often the reference made the target after it",
        seeds[0],
        seeds[seeds.len() - 1],
        SOURCES.len()
    );
    print_tenths(&found);
}

/// Chances stated and outcomes in tenths of the chance: for each, how many,
/// the sum of the chances and how many made the target.
fn tenths(found: &[(f64, bool)]) -> [(usize, f64, usize); 10] {
    let mut bins = [(0usize, 0.0f64, 0usize); 10];
    for &(chance, made) in found {
        let bin = ((chance * 10.0) as usize).min(9);
        bins[bin].0 += 1;
        bins[bin].1 += chance;
        bins[bin].2 += usize::from(made);
    }
    bins
}

/// One kind's chances stated and outcomes, in a line: for each tenth of the
/// chance with 50 moves or more, the mean chance and how often made.
fn print_kind(kind: Kind, found: &[(f64, bool)]) {
    let bins = tenths(found);
    let said: Vec<String> = bins
        .iter()
        .filter(|b| b.0 >= 50)
        .map(|&(n, sum, made)| {
            format!(
                "{:.0}→{:.0} ({n})",
                100.0 * sum / n as f64,
                100.0 * made as f64 / n as f64
            )
        })
        .collect();
    println!("  {}: {}", kind.name(), said.join(", "));
}

/// Chances stated and outcomes, by tenths of the chance: how many, the
/// mean chance, how often made, and the gap in points.
pub fn print_tenths(found: &[(f64, bool)]) {
    let bins = tenths(found);
    for (i, &(n, sum, made)) in bins.iter().enumerate() {
        let stated = 100.0 * sum / n.max(1) as f64;
        let seen = 100.0 * made as f64 / n.max(1) as f64;
        println!(
            "  {:>3}% to {:>3}%: {n:>6} moves, mean chance {stated:>5.1}%, made {seen:>5.1}% \
             (gap {:+.1}){}",
            10 * i,
            10 * (i + 1),
            seen - stated,
            if n >= 200 { "" } else { ", fewer than 200" }
        );
    }
}

/// `review --reference`: how often the reference, and players a little
/// stronger and weaker, make each tile from 512 up, playing until the game
/// ends.
pub fn reference(o: &Options) -> Result<(), String> {
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    println!(
        "the reference and its neighbours, {} games each from seed {}: how many made each \
         tile",
        o.games, o.seed
    );
    let candidates = [
        Kind::Search(REFERENCE_NODES),
        Kind::Slipping(REFERENCE_NODES, 1),
        REFERENCE,
        Kind::Slipping(REFERENCE_NODES, 3),
        Kind::Slipping(REFERENCE_NODES, 5),
    ];
    for kind in candidates {
        let tops = per_game(&seeds, o, |seed| {
            let mut player = Player::new(kind, seed, None);
            players::play(seed, None, |b| player.pick(b))
                .present()
                .board
                .max_value()
        });
        let made: Vec<String> = [512, 1024, 2048, 4096]
            .iter()
            .map(|&t| format!("{t} {}", tops.iter().filter(|&&m| m >= t).count()))
            .collect();
        println!("  {}: {}", kind.name(), made.join(", "));
    }
    Ok(())
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
