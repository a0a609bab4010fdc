//! The coach's grades (`ai::review`) on constructed boards and on games:
//! a move that ends the game when another does not is a blunder, the
//! review's own pick is best, values are chances, a move on a board where
//! every move keeps the same chance is never worse than good, early moves
//! do not matter, a game the search played makes no mistake, random play
//! loses its chances at its end, a blunder is followed by missing the next
//! tile, a game's accuracy lets a few bad moves count, and the same game
//! always gets the same review.

use leptos_2048::ai::bitboard::{self, tables, Bitboard};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::review::{
    assess, judge, move_accuracy, review, Assessment, Grade, Reviewer, Summary, Verdict, CERTAIN,
    GOOD, INACCURACY, MISTAKE,
};
use leptos_2048::ai::{Clock, Heuristic, Limits, SearchConfig, Searcher};
use leptos_2048::engine::Direction;

/// Nodes a position in these tests: fewer than the page's, since the tests
/// run unoptimised; the grades' rules do not depend on the number.
const NODES: u64 = 4_000;

/// Whether no move is left on `board`.
fn over(board: Bitboard) -> bool {
    !bitboard::can_move(tables(), board)
}

/// Every board a spawn can make after `dir` on `board` (a 2 or a 4 in each
/// empty cell); empty if `dir` changes nothing.
fn spawns(board: Bitboard, dir: Direction) -> Vec<Bitboard> {
    let after = tables().slide(board, dir);
    if after == board {
        return Vec::new();
    }
    (0..16)
        .filter(|i| (after >> (4 * i)) & 0xF == 0)
        .flat_map(|i| [after | (1 << (4 * i)), after | (2 << (4 * i))])
        .collect()
}

/// A move after which every spawn ends the game, and one after which none
/// does, if `board` has such a pair.
fn losing_and_safe(board: Bitboard) -> Option<(Direction, Direction)> {
    let ends = |d| {
        let s = spawns(board, d);
        (!s.is_empty()).then(|| s.iter().all(|&b| over(b)))
    };
    let losing = Direction::ALL
        .into_iter()
        .find(|&d| ends(d) == Some(true))?;
    let safe = Direction::ALL
        .into_iter()
        .find(|&d| ends(d) == Some(false) && spawns(board, d).iter().all(|&b| !over(b)))?;
    Some((losing, safe))
}

/// Crowded random boards (one or two empty cells), seeded.
fn crowded_boards(seed: u64) -> impl Iterator<Item = Bitboard> {
    let mut rng = SplitMix(seed);
    std::iter::repeat_with(move || {
        let mut b: Bitboard = 0;
        for i in 0..16 {
            b |= (1 + rng.below(6)) << (4 * i);
        }
        for _ in 0..1 + rng.below(2) {
            b &= !(0xF << (4 * rng.below(16)));
        }
        b
    })
}

#[test]
fn a_move_that_ends_the_game_when_another_does_not_is_a_blunder() {
    let mut searcher = Reviewer::default();
    let cases: Vec<(Bitboard, Direction, Direction)> = crowded_boards(7)
        .take(200_000)
        .filter_map(|b| losing_and_safe(b).map(|(l, s)| (b, l, s)))
        .take(20)
        .collect();
    assert!(cases.len() >= 10, "only {} boards found", cases.len());
    for (board, losing, safe) in cases {
        let a = assess(&mut searcher, board, NODES).expect("moves are left");
        let verdict = judge(&a, losing);
        assert_eq!(
            verdict.grade,
            Grade::Blunder,
            "{board:016x}: {losing:?} {a:?}"
        );
        assert!(verdict.loss >= MISTAKE, "{verdict:?}");
        assert_ne!(a.best, losing, "{board:016x}");
        assert!(!a.ends(a.best), "{board:016x}: the review's pick goes on");
        assert!(!a.ends(safe) && a.ends(losing), "{board:016x}: {a:?}");
        // Its chance is none: the game is over after it, whatever comes.
        assert_eq!(a.value_of(losing), Some(0), "{board:016x}: {a:?}");
    }
}

#[test]
fn the_move_the_review_picks_grades_best_and_values_are_chances() {
    let mut reviewer = Reviewer::default();
    let t = tables();
    let mut rng = SplitMix(11);
    for _ in 0..100 {
        let mut b: Bitboard = 0;
        for _ in 0..8 + rng.below(8) {
            b |= (1 + rng.below(8)) << (4 * rng.below(16));
        }
        let Some(a) = assess(&mut reviewer, b, NODES) else {
            continue;
        };
        let verdict = judge(&a, a.best);
        assert_eq!((verdict.grade, verdict.loss), (Grade::Best, 0.0));
        assert_ne!(t.slide(b, a.best), b, "the pick changes the board");
        assert_eq!(a.value_of(a.best), Some(a.value()), "{b:016x}: {a:?}");
        for d in Direction::ALL {
            // A chance for each move that changes the board, none for others.
            assert_eq!(a.value_of(d).is_some(), t.slide(b, d) != b, "{b:016x}");
            if let Some(v) = a.value_of(d) {
                assert!((0..=CERTAIN).contains(&v), "{b:016x}: {a:?}");
            }
        }
    }
}

/// Loss `points` from a position whose best move keeps every chance.
fn graded(points: f32) -> Grade {
    let a = Assessment {
        best: Direction::Left,
        target: 9,
        values: [
            Some(CERTAIN),
            Some(CERTAIN),
            Some(CERTAIN),
            Some(CERTAIN - (points * 100.0) as i32),
        ],
        ends: 0,
    };
    judge(&a, Direction::Right).grade
}

#[test]
fn grades_follow_the_loss_and_accuracy_falls_with_it() {
    for (loss, grade) in [
        (0.0, Grade::Best),
        (0.01, Grade::Good),
        (GOOD - 0.01, Grade::Good),
        (GOOD, Grade::Inaccuracy),
        (INACCURACY, Grade::Mistake),
        (MISTAKE, Grade::Blunder),
        (100.0, Grade::Blunder),
    ] {
        assert_eq!(graded(loss), grade, "loss {loss}");
    }
    // Lichess's curve: 100 for nothing lost, 0 for everything.
    assert_eq!(move_accuracy(0.0), 100.0);
    assert!((move_accuracy(10.0) - 63.6).abs() < 0.1);
    assert_eq!(move_accuracy(100.0), 0.0);
    let mut last = 100.0;
    for points in 1..80 {
        let a = move_accuracy(points as f32);
        assert!(a < last, "{points}");
        last = a;
    }
    // A move that changes nothing is no move: the worst.
    let a = Assessment {
        best: Direction::Left,
        target: 9,
        values: [None, Some(5), Some(9), None],
        ends: 0,
    };
    assert_eq!(judge(&a, Direction::Up).grade, Grade::Blunder);
    assert_eq!(Summary::of(&[]).accuracy, 0.0);
}

/// A move that lost `loss` points, from a position whose best move kept
/// `best` basis points and worst `worst`.
fn verdict(loss: f32, best: i32, worst: i32) -> Verdict {
    Verdict {
        played: Direction::Down,
        grade: Grade::of_loss(loss),
        loss,
        target: 9,
        best: Direction::Left,
        value: best,
        kept: best - (loss * 100.0) as i32,
        worst,
        // Up, down (played), left (best), right.
        values: [
            Some(worst),
            Some(best - (loss * 100.0) as i32),
            Some(best),
            None,
        ],
        ends: 0,
    }
}

#[test]
fn a_game_s_accuracy_counts_its_decisions_and_a_few_bad_moves_pull_it_down() {
    let accuracy = |game: &[Verdict]| Summary::of(game).accuracy;
    // 99 decisions played perfectly (the moves differed by 1 point).
    let clean: Vec<Verdict> = (0..99).map(|_| verdict(0.0, 9_000, 8_900)).collect();
    assert_eq!(accuracy(&clean), 100.0);
    // …and one blunder that threw 80 points away (its accuracy is 0): the
    // harmonic mean is 100 / (99/100 + 1) = 50.3, the stakes-weighted mean
    // (99 × 100 × 1 + 0 × 12) / (99 + 12) = 89.2, the accuracy their mean.
    let mut blundered = clean.clone();
    blundered.push(verdict(80.0, 9_000, 1_000));
    let a = accuracy(&blundered);
    assert!((a - 69.7).abs() < 0.2, "{a}");
    // A plain mean would say 99%.
    let plain = blundered.iter().map(|v| move_accuracy(v.loss)).sum::<f32>() / 100.0;
    assert!((plain - 99.0).abs() < 0.01, "{plain}");
    // Moves where no choice mattered (every move within a tenth of a point,
    // review::DECISION) are left out: a twentieth of a point lost on each changes nothing.
    let mut quiet = clean.clone();
    quiet.extend((0..200).map(|_| verdict(0.05, 9_000, 8_995)));
    assert_eq!(accuracy(&quiet), 100.0);
    // A game with no decision at all: the mean of its moves.
    let all_quiet: Vec<Verdict> = (0..10).map(|_| verdict(0.0, 9_000, 9_000)).collect();
    assert_eq!(accuracy(&all_quiet), 100.0);
}

#[test]
fn a_move_that_keeps_the_chance_the_best_move_keeps_is_best() {
    let mut reviewer = Reviewer::default();
    let mut rng = SplitMix(5);
    let mut seen = 0;
    for _ in 0..200 {
        let b = rng.board(9);
        let Some(a) = assess(&mut reviewer, b, NODES) else {
            continue;
        };
        for d in Direction::ALL {
            if a.value_of(d) == Some(a.value()) {
                seen += 1;
                let v = judge(&a, d);
                assert_eq!(v.grade, Grade::Best, "{b:016x} {d:?}: {v:?}");
                assert_eq!(v.loss, 0.0);
                assert_eq!(v.better(), None, "no better move to show");
            }
        }
    }
    assert!(seen > 200, "{seen}");
}

struct Stopped;
impl Clock for Stopped {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A seeded game of `moves` moves or fewer, each chosen by `choose`, with
/// the spawns of the real game (a 2 nine times in ten, in a random empty
/// cell).
fn game(
    seed: u64,
    moves: usize,
    mut choose: impl FnMut(Bitboard) -> Option<Direction>,
) -> Vec<(Bitboard, Direction)> {
    let mut rng = SplitMix(seed);
    let spawn = |b: Bitboard, rng: &mut SplitMix| {
        let empty: Vec<u64> = (0..16).filter(|i| (b >> (4 * i)) & 0xF == 0).collect();
        let cell = empty[rng.below(empty.len() as u64) as usize];
        b | ((if rng.below(10) == 0 { 2 } else { 1 }) << (4 * cell))
    };
    let mut board = spawn(spawn(0, &mut rng), &mut rng);
    let mut played = Vec::new();
    while played.len() < moves {
        let Some(dir) = choose(board) else { break };
        played.push((board, dir));
        board = spawn(tables().slide(board, dir), &mut rng);
    }
    played
}

/// A game the search plays at `NODES` a move, its table kept from move to
/// move as when it plays for a player.
fn searched_game(seed: u64, moves: usize) -> Vec<(Bitboard, Direction)> {
    let mut searcher = Searcher::new(Heuristic::default(), SearchConfig::default());
    let limits = Limits {
        nodes: NODES,
        ..Limits::ms(f64::INFINITY)
    };
    game(seed, moves, |b| {
        searcher.search_within(b, limits, &Stopped).map(|(d, _)| d)
    })
}

fn random_game(seed: u64) -> Vec<(Bitboard, Direction)> {
    let mut rng = SplitMix(seed + 1000);
    game(seed, usize::MAX, |b| {
        let legal: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| tables().slide(b, d) != b)
            .collect();
        (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize])
    })
}

#[test]
fn a_game_the_search_played_makes_no_mistake_and_random_play_loses_its_chances() {
    let mut reviewer = Reviewer::default();
    let searched: Vec<_> = (1..=3).flat_map(|seed| searched_game(seed, 250)).collect();
    let own = Summary::of(review(&mut reviewer, &searched, NODES).iter().flatten());
    let bad = own.count(Grade::Mistake) + own.count(Grade::Blunder);
    assert_eq!(bad, 0, "{own:?}");
    assert!(own.accuracy > 95.0, "{own:?}");
    // Random play, to the end of each game: the end is where it loses.
    for seed in 1..=3 {
        let game = random_game(seed);
        let verdicts: Vec<_> = review(&mut reviewer, &game, NODES)
            .into_iter()
            .flatten()
            .collect();
        let theirs = Summary::of(&verdicts);
        let bad = theirs.count(Grade::Mistake) + theirs.count(Grade::Blunder);
        assert!(bad >= 1, "seed {seed}: {theirs:?}");
        assert!(
            theirs.accuracy < own.accuracy - 20.0,
            "seed {seed}: {theirs:?}, the search's {own:?}"
        );
        let last = &verdicts[verdicts.len().saturating_sub(HORIZON_OF_THE_END)..];
        let bad_at_the_end = last.iter().filter(|v| v.grade >= Grade::Mistake).count();
        assert!(
            2 * bad_at_the_end >= bad,
            "seed {seed}: most of its mistakes and blunders come in its last moves: {verdicts:?}"
        );
    }
}

/// The last moves of a game: where a game that is lost is lost.
const HORIZON_OF_THE_END: usize = 25;

/// A game of the corner rule (down, left, right, and up only when stuck).
fn corner_game(seed: u64) -> Vec<(Bitboard, Direction)> {
    use Direction::{Down, Left, Right, Up};
    game(seed, usize::MAX, |b| {
        [Down, Left, Right, Up]
            .into_iter()
            .find(|&d| tables().slide(b, d) != b)
    })
}

#[test]
fn early_moves_do_not_matter() {
    let mut reviewer = Reviewer::default();
    for seed in 1..=3 {
        let game = corner_game(seed);
        let early: Vec<(Bitboard, Direction)> = game
            .iter()
            .copied()
            .filter(|&(b, _)| bitboard::max_exponent(b) <= 6)
            .collect();
        let s = Summary::of(review(&mut reviewer, &early, NODES).iter().flatten());
        let fine = s.count(Grade::Best) + s.count(Grade::Good);
        assert!(
            fine * 100 >= 90 * s.moves(),
            "seed {seed}: {fine} of {} best or good: {s:?}",
            s.moves()
        );
    }
}

#[test]
fn the_same_game_always_gets_the_same_review() {
    let played = random_game(4);
    let first = review(&mut Reviewer::default(), &played, NODES);
    // Another reviewer, warmed by other searches first, in another order.
    let mut other = Reviewer::default();
    let _ = review(&mut other, &searched_game(9, 30), NODES);
    let mut backwards: Vec<_> = played.iter().rev().copied().collect();
    let mut second = review(&mut other, &backwards, NODES);
    second.reverse();
    backwards.reverse();
    assert_eq!(backwards, played);
    assert_eq!(first, second);
}

/// Whether the game missed the next tile of its move `i` (twice the top
/// tile of the board the move was played on): no later board of the game
/// holds it and no move was left at its end; `None` if the game stopped
/// short of both.
fn missed(game: &[(Bitboard, Direction)], i: usize) -> Option<bool> {
    let target = 1 + bitboard::max_exponent(game[i].0);
    let (last, dir) = game[game.len() - 1];
    let end = tables().slide(last, dir);
    let made = game[i + 1..]
        .iter()
        .map(|&(b, _)| b)
        .chain([end])
        .any(|b| bitboard::max_exponent(b) >= target);
    // After the last move, the game is over if no spawn leaves a move.
    let ended = spawns(last, dir).iter().all(|&b| over(b));
    if made {
        Some(false)
    } else {
        ended.then_some(true)
    }
}

#[test]
fn a_blunder_is_followed_by_missing_the_next_tile_far_more_often_than_a_good_move() {
    let mut reviewer = Reviewer::default();
    // Weak players' games to their end, and the search's first 300 moves.
    let games: Vec<_> = (1..=6)
        .map(random_game)
        .chain((1..=3).map(corner_game))
        .chain((1..=2).map(|seed| searched_game(seed, 300)))
        .collect();
    let (mut blunders, mut good) = ((0, 0), (0, 0));
    for game in &games {
        let verdicts = review(&mut reviewer, game, NODES);
        for (i, v) in verdicts.iter().enumerate() {
            let (Some(v), Some(missed)) = (v, missed(game, i)) else {
                continue;
            };
            let tally = match v.grade {
                Grade::Blunder => &mut blunders,
                Grade::Good => &mut good,
                _ => continue,
            };
            tally.0 += usize::from(missed);
            tally.1 += 1;
        }
    }
    eprintln!("missed the next tile: blunders {blunders:?}, good moves {good:?}");
    assert!(blunders.1 >= 5, "{blunders:?}");
    // The blunders' rate at least 3 times the good moves'.
    assert!(
        blunders.0 * good.1 >= 3 * good.0 * blunders.1,
        "blunders {blunders:?}, good moves {good:?}"
    );
}

#[test]
fn accuracy_orders_random_play_the_corner_rule_and_the_search() {
    let mut reviewer = Reviewer::default();
    let mut accuracy = |games: Vec<Vec<(Bitboard, Direction)>>| {
        let n = games.len() as f32;
        games
            .iter()
            .map(|g| Summary::of(review(&mut reviewer, g, NODES).iter().flatten()).accuracy)
            .sum::<f32>()
            / n
    };
    let random = accuracy((1..=6).map(random_game).collect());
    let corner = accuracy((1..=6).map(corner_game).collect());
    let search = accuracy((1..=2).map(|seed| searched_game(seed, 300)).collect());
    eprintln!("mean accuracy: random {random}, corner {corner}, search {search}");
    assert!(
        random < corner && corner < search,
        "random {random}, corner {corner}, search {search}"
    );
}
