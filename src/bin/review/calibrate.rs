//! `review --calibrate`: whether the coach's grades mean the game. Games of
//! six kinds of player from the same seeds, every move reviewed, and three
//! measures of validity printed beside each kind's figures:
//!
//! - accuracy spreads the players by strength (each kind's mean accuracy
//!   and its games' range, and the Spearman rank correlation of the kinds'
//!   mean accuracy and mean final score);
//! - early moves do not matter (the share of moves made while the top tile
//!   is at most 64 that grade best or good);
//! - a blunder is a real loss (how often a move of each grade is followed
//!   by missing its next tile: the game ended before it made twice the top
//!   tile the move was played under).

use std::time::Instant;

use leptos_2048::ai::bitboard::{self, Bitboard};
use leptos_2048::ai::chance::target_of;
use leptos_2048::ai::review::{self, Grade, Summary, Verdict};
use leptos_2048::engine::{Direction, Status};

use super::players::{self, Kind, Player, KINDS};
use super::{game_of, per_game, print_summary, Options};

/// One game, reviewed.
struct Reviewed {
    score: u64,
    top: u64,
    /// Whether it ended with no move left (not at the move limit).
    over: bool,
    /// Each move's verdict and the top tile's exponent before it.
    moves: Vec<(Verdict, u8)>,
    /// For each move, whether the game missed the move's next tile (ended
    /// before making it); `None` where it had not ended nor made it by the
    /// move limit.
    missed: Vec<Option<bool>>,
    ms_a_move: f64,
}

fn play_and_review(kind: Kind, seed: u64, o: &Options) -> Reviewed {
    let mut player = Player::new(kind, seed, players::network());
    let start = Instant::now();
    let history = players::play(seed, Some(o.moves), |b| player.pick(b));
    let ms_a_move = 1000.0 * start.elapsed().as_secs_f64() / history.len().max(1) as f64;
    let present = history.present();
    let game: Vec<(Bitboard, Direction)> = game_of(&history).unwrap_or_default();
    let verdicts = review::review(&mut o.reviewer(), &game, o.nodes);
    let over = present.status == Status::Over;
    let last = bitboard::from_board(&present.board).unwrap_or_default();
    let (moves, missed) = verdicts
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let board = game[i].0;
            Some((
                (v?, bitboard::max_exponent(board)),
                missed(&game, last, i, over),
            ))
        })
        .unzip();
    Reviewed {
        score: present.score,
        top: present.board.max_value(),
        over,
        moves,
        missed,
        ms_a_move,
    }
}

/// Whether the game missed the next tile of its move `i`: the game's later
/// boards (and `last`, its final one) never hold twice the top tile move
/// `i` was played under, and the game is `over`; `None` if it stopped at
/// the move limit without making it.
fn missed(game: &[(Bitboard, Direction)], last: Bitboard, i: usize, over: bool) -> Option<bool> {
    let target = target_of(game[i].0);
    let made = game[i + 1..]
        .iter()
        .map(|&(b, _)| b)
        .chain([last])
        .any(|b| bitboard::max_exponent(b) >= target);
    if made {
        Some(false)
    } else {
        over.then_some(true)
    }
}

/// A kind's games and figures.
struct Measured {
    kind: Kind,
    games: Vec<Reviewed>,
}

impl Measured {
    fn mean_score(&self) -> f64 {
        mean(self.games.iter().map(|g| g.score as f64))
    }

    fn mean_accuracy(&self) -> f64 {
        mean(self.games.iter().map(|g| f64::from(accuracy(g))))
    }

    /// Moves made while the top tile was at most 64, and how many of them
    /// graded best or good.
    fn early(&self) -> (usize, usize) {
        let early = self.verdicts().filter(|&(_, top)| top <= 6);
        let fine = early
            .clone()
            .filter(|(v, _)| matches!(v.grade, Grade::Best | Grade::Good));
        (early.count(), fine.count())
    }

    fn verdicts(&self) -> impl Iterator<Item = (&Verdict, u8)> + Clone {
        self.games
            .iter()
            .flat_map(|g| g.moves.iter().map(|(v, top)| (v, *top)))
    }
}

fn accuracy(g: &Reviewed) -> f32 {
    Summary::of(g.moves.iter().map(|(v, _)| v)).accuracy
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    sum / n.max(1) as f64
}

pub fn calibrate(o: &Options) -> Result<(), String> {
    println!(
        "{} games of each kind from seed {}, at most {} moves each, reviewed at {} positions \
         a move; grades good < {} ≤ inaccuracy < {} ≤ mistake < {} ≤ blunder (points of the \
         chance of making the next tile up)\n",
        o.games,
        o.seed,
        o.moves,
        o.nodes,
        review::GOOD,
        review::INACCURACY,
        review::MISTAKE
    );
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    let mut kinds = Vec::new();
    for kind in o.kinds.iter().map(|&i| KINDS[i]) {
        if kind == Kind::Network && players::network().is_none() {
            println!("{}: no network file under assets/, skipped\n", kind.name());
            continue;
        }
        let start = Instant::now();
        let games = per_game(&seeds, o, |seed| play_and_review(kind, seed, o));
        let measured = Measured { kind, games };
        print_kind(&measured, start.elapsed().as_secs_f64());
        kinds.push(measured);
    }
    print_validity(&kinds);
    Ok(())
}

fn print_kind(m: &Measured, seconds: f64) {
    let games = &m.games;
    let over = games.iter().filter(|g| g.over).count();
    let tops: Vec<String> = games.iter().map(|g| g.top.to_string()).collect();
    println!(
        "{}: mean score {:.0}, {over} of {} games lost before the move limit, top tiles {}; \
         {:.2} ms a move to play ({seconds:.0} s in all)",
        m.kind.name(),
        m.mean_score(),
        games.len(),
        tops.join(" "),
        mean(games.iter().map(|g| g.ms_a_move)),
    );
    let accuracies: Vec<String> = games
        .iter()
        .map(|g| format!("{:.1}", accuracy(g)))
        .collect();
    println!(
        "  accuracy {:.2}% (games: {})",
        m.mean_accuracy(),
        accuracies.join(" ")
    );
    print_summary("  all moves", &Summary::of(m.verdicts().map(|(v, _)| v)));
    let (early, fine) = m.early();
    println!(
        "  moves with the top tile at most 64: {early}, best or good {fine} ({:.1}%)\n",
        100.0 * fine as f64 / early.max(1) as f64
    );
}

fn print_validity(kinds: &[Measured]) {
    let scores: Vec<f64> = kinds.iter().map(Measured::mean_score).collect();
    let accuracies: Vec<f64> = kinds.iter().map(Measured::mean_accuracy).collect();
    println!(
        "accuracy against strength: Spearman rank correlation of the kinds' mean accuracy and \
         mean final score {:.3}",
        spearman(&accuracies, &scores)
    );
    for m in kinds {
        let high = m.games.iter().filter(|g| accuracy(g) >= 95.0).count();
        println!(
            "  {}: mean accuracy {:.1}%, {high} of {} games at 95% or more",
            m.kind.name(),
            m.mean_accuracy(),
            m.games.len()
        );
    }
    let all: Vec<&Measured> = kinds.iter().collect();
    let weak: Vec<&Measured> = kinds
        .iter()
        .filter(|m| matches!(m.kind, Kind::Random | Kind::Corner | Kind::Greedy))
        .collect();
    for (which, group) in [("every kind's", &all), ("the weaker kinds'", &weak)] {
        let rates = Grade::ALL.map(|grade| missed_after(group, grade));
        let shares: Vec<String> = Grade::ALL
            .iter()
            .zip(&rates)
            .map(|(g, &(n, m))| format!("{} {m}/{n} ({:.1}%)", g.word(), rate(n, m)))
            .collect();
        let (good, blunder) = (rates[Grade::Good as usize], rates[Grade::Blunder as usize]);
        println!(
            "{which} moves, by grade: how often the game missed the move's next tile: {}; \
             blunder / good {:.1}",
            shares.join(", "),
            rate(blunder.0, blunder.1) / rate(good.0, good.1).max(f64::MIN_POSITIVE)
        );
    }
}

/// `m` in `n`, in percent.
fn rate(n: usize, m: usize) -> f64 {
    100.0 * m as f64 / n.max(1) as f64
}

/// The moves of `grade` in these games whose outcome is known, and how
/// many of them the game followed by missing the move's next tile.
fn missed_after(kinds: &[&Measured], grade: Grade) -> (usize, usize) {
    let known = kinds
        .iter()
        .flat_map(|m| &m.games)
        .flat_map(|g| g.moves.iter().zip(&g.missed))
        .filter(|((v, _), _)| v.grade == grade)
        .filter_map(|(_, missed)| *missed);
    known.fold((0, 0), |(n, m), missed| (n + 1, m + usize::from(missed)))
}

/// Spearman's rank correlation: Pearson's of the ranks, ties ranked by
/// their mean rank.
pub fn spearman(xs: &[f64], ys: &[f64]) -> f64 {
    pearson(&ranks(xs), &ranks(ys))
}

fn ranks(xs: &[f64]) -> Vec<f64> {
    xs.iter()
        .map(|&x| {
            let below = xs.iter().filter(|&&y| y < x).count() as f64;
            let equal = xs.iter().filter(|&&y| y == x).count() as f64;
            below + (equal + 1.0) / 2.0
        })
        .collect()
}

fn pearson(xs: &[f64], ys: &[f64]) -> f64 {
    let (mx, my) = (mean(xs.iter().copied()), mean(ys.iter().copied()));
    let cov: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let vx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
    let vy: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}
