//! The coach natively: prints a game's review, calibrates the grades, and
//! times reviews. The grades come from `leptos_2048::ai::review`, the same
//! code the page's review runs, so this prints what the page shows.
//!
//! ```text
//! cargo run --release --bin review -- 'https://…/?replay=…'   # or a file
//! cargo run --release --bin review -- --calibrate --games 20
//! cargo run --release --bin review -- --bench
//! cargo run --release --bin review -- --link 1000
//! ```
//!
//! `--help` says more.

use std::process::ExitCode;
use std::time::Instant;

use leptos_2048::ai::bitboard::{self, Bitboard};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::review::{self, Grade, Summary, Verdict, REVIEW_NODES};
use leptos_2048::ai::{Clock, Heuristic, Limits, SearchConfig, Searcher};
use leptos_2048::app::coach::moves_of;
use leptos_2048::engine::{Config, Direction, Input, Status};
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save;

const HELP: &str = "review: the coach's review of 2048 games, natively

  review GAME          the review of a game, move by move: GAME is a share
                       link (or its ?replay= part), or a file holding one or
                       a saved history (the JSON the page stores)
  review --calibrate   reviews games the search plays at the review's budget
                       and games of random legal moves, and prints each
                       kind's grade distribution and accuracy
      --games N        games of each kind (default 20)
      --seed S         the first game's seed (default 1)
  review --bench       times the review of a 1 000- and a 3 000-move game
  review --link MOVES  plays a game of the search's, stopped after MOVES
                       moves, and prints its share link's query
      --worst-at LIST  …but at these moves (counted from 1, comma-separated)
                       plays the move the search values least: blunders
                       on purpose, for the browser tests
  --nodes N            the review's node limit (default the page's)
  --jobs N             games or moves searched at once, a thread each
                       (default: the cores)
  --help               this text";

struct Options {
    worst_at: Vec<u64>,
    games: u64,
    seed: u64,
    nodes: u64,
    jobs: usize,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("review: {e}\n\n{HELP}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mut o = Options {
        worst_at: Vec::new(),
        games: 20,
        seed: 1,
        nodes: REVIEW_NODES,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut command = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(());
            }
            "--games" => o.games = number(value()?)?,
            "--seed" => o.seed = number(value()?)?,
            "--nodes" => o.nodes = number(value()?)?,
            "--jobs" => o.jobs = number::<usize>(value()?)?.max(1),
            "--worst-at" => {
                o.worst_at = value()?.split(',').map(number).collect::<Result<_, _>>()?
            }
            "--calibrate" | "--bench" => command = Some((arg.clone(), 0)),
            "--link" => command = Some((arg.clone(), number(value()?)?)),
            game if !game.starts_with("--") => command = Some((game.to_string(), 0)),
            other => return Err(format!("unknown option {other}")),
        }
    }
    match command {
        Some((c, _)) if c == "--calibrate" => calibrate(&o),
        Some((c, _)) if c == "--bench" => bench(&o),
        Some((c, moves)) if c == "--link" => {
            let history = search_game(o.seed, o.nodes, Some(moves), &o.worst_at);
            let replay = Replay::from_history(&history).ok_or("no game to link")?;
            println!("?replay={}", replay::encode(&replay));
            Ok(())
        }
        Some((game, _)) => print_review(&read_game(&game)?, &o),
        None => Err("say what to review".into()),
    }
}

fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("not a number: {text}"))
}

/// A game from a share link, a file holding one, or a saved history.
fn read_game(arg: &str) -> Result<History, String> {
    let text = match std::fs::read_to_string(arg) {
        Ok(text) => text,
        Err(_) => arg.to_string(),
    };
    let text = text.trim();
    if let Some((_, link)) = text.split_once("replay=") {
        let link = link.split(['&', '#']).next().unwrap_or_default();
        return replay::open(link).map_err(|e| format!("the link: {}", e.message()));
    }
    save::decode_history(text, Config::default())
        .map_err(|e| format!("neither a share link nor a saved history: {e:?}"))
}

/// The game's moves (the last game of the history, to its cursor).
fn game_of(history: &History) -> Result<Vec<(Bitboard, Direction)>, String> {
    let moves = moves_of(history).ok_or("the coach reviews 4×4 games only")?;
    Ok(moves.into_iter().map(|m| (m.board, m.played)).collect())
}

/// Reviews `game` on `jobs` threads, each move searched independently.
fn review_on(game: &[(Bitboard, Direction)], nodes: u64, jobs: usize) -> Vec<Option<Verdict>> {
    let chunk = game.len().div_ceil(jobs).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = game
            .chunks(chunk)
            .map(|part| scope.spawn(move || review::review(&mut review::reviewer(), part, nodes)))
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("a review thread"))
            .collect()
    })
}

fn print_review(history: &History, o: &Options) -> Result<(), String> {
    let game = game_of(history)?;
    let verdicts = review_on(&game, o.nodes, o.jobs);
    println!("move  played  grade        loss  better  value");
    for (i, (v, &(board, _))) in verdicts.iter().zip(&game).enumerate() {
        let Some(v) = v else { continue };
        let better = if v.best == v.played {
            ""
        } else {
            v.best.word()
        };
        println!(
            "{:>4}  {:<6}  {:<10} {:>6.2}  {:<6}  {}  (top tile {})",
            i + 1,
            v.played.word(),
            v.grade.word(),
            v.loss,
            better,
            v.value,
            1u32 << bitboard::max_exponent(board)
        );
    }
    print_summary("this game", &Summary::of(verdicts.iter().flatten()));
    Ok(())
}

fn print_summary(name: &str, s: &Summary) {
    let moves = s.moves().max(1) as f64;
    let shares: Vec<String> = Grade::ALL
        .iter()
        .map(|&g| {
            let n = s.count(g);
            format!("{} {n} ({:.1}%)", g.word(), 100.0 * n as f64 / moves)
        })
        .collect();
    println!(
        "{name}: {} moves, accuracy {:.1}%: {}",
        s.moves(),
        s.accuracy,
        shares.join(", ")
    );
}

/// A clock that never moves: every search here stops by its node limit.
struct Stopped;

impl Clock for Stopped {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// A game the search plays at `nodes` a move, as it plays for a player: its
/// transposition table kept from move to move. Stops when no move is left,
/// or after `max` moves. At the moves `worst_at` (from 1) it plays the
/// legal move the review values least instead.
fn search_game(seed: u64, nodes: u64, max: Option<u64>, worst_at: &[u64]) -> History {
    let mut searcher = Searcher::new(Heuristic::default(), SearchConfig::default());
    let mut reviewer = review::reviewer();
    let limits = Limits {
        nodes,
        ..Limits::ms(f64::INFINITY)
    };
    let mut n = 0;
    play(seed, max, |board| {
        n += 1;
        if worst_at.contains(&n) {
            let a = review::assess(&mut reviewer, board, nodes)?;
            return Direction::ALL
                .into_iter()
                .filter_map(|d| a.value_of(d).map(|v| (v, d)))
                .min_by_key(|&(v, _)| v)
                .map(|(_, d)| d);
        }
        searcher
            .search_within(board, limits, &Stopped)
            .map(|(dir, _)| dir)
    })
}

/// A game of uniformly random legal moves.
fn random_game(seed: u64) -> History {
    let mut rng = SplitMix(seed ^ 0x5EED_0F20_4800);
    let t = bitboard::tables();
    play(seed, None, |board| {
        let legal: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| t.slide(board, d) != board)
            .collect();
        (!legal.is_empty()).then(|| legal[rng.below(legal.len() as u64) as usize])
    })
}

/// A seeded 4×4 game with `choose` picking each move, won games played on.
fn play(
    seed: u64,
    max: Option<u64>,
    mut choose: impl FnMut(Bitboard) -> Option<Direction>,
) -> History {
    let mut history = History::new(Config::default(), seed);
    while max.is_none_or(|m| (history.len() as u64) < m) {
        if history.present().status == Status::Won {
            history.apply(Input::KeepPlaying);
        }
        let Some(board) = bitboard::from_board(&history.present().board) else {
            break;
        };
        let Some(dir) = choose(board) else { break };
        history.apply(Input::Move(dir));
    }
    history
}

fn calibrate(o: &Options) -> Result<(), String> {
    println!(
        "reviewing {} games of each kind at {} nodes a position, thresholds good < {} ≤ \
         inaccuracy < {} ≤ mistake < {} ≤ blunder",
        o.games,
        o.nodes,
        review::GOOD,
        review::INACCURACY,
        review::MISTAKE
    );
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    let kinds: [(&str, GameMaker); 2] = [
        ("the search's games", |seed, nodes| {
            search_game(seed, nodes, None, &[])
        }),
        ("random games", |seed, _| random_game(seed)),
    ];
    for (name, make) in kinds {
        let start = Instant::now();
        let reviews = per_game(&seeds, o, |seed| {
            let history = make(seed, o.nodes);
            let game = game_of(&history).unwrap_or_default();
            let top = 1u32 << bitboard::max_exponent(game.last().map_or(0, |g| g.0));
            let verdicts: Vec<Verdict> = review::review(&mut review::reviewer(), &game, o.nodes)
                .into_iter()
                .flatten()
                .collect();
            (top, verdicts)
        });
        for (seed, (top, verdicts)) in seeds.iter().zip(&reviews) {
            print_summary(
                &format!("  seed {seed} (top tile {top})"),
                &Summary::of(verdicts),
            );
        }
        let all = reviews.iter().flat_map(|(_, v)| v);
        print_summary(name, &Summary::of(all.clone()));
        print_losses(all);
        let accuracies: Vec<f32> = reviews
            .iter()
            .map(|(_, v)| Summary::of(v).accuracy)
            .collect();
        let (lo, hi) = accuracies
            .iter()
            .fold((f32::MAX, f32::MIN), |(lo, hi), &a| (lo.min(a), hi.max(a)));
        println!(
            "  games' accuracy from {lo:.1}% to {hi:.1}% ({:.0} s)\n",
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The loss at some quantiles, over every move and over the moves that
/// were not the search's pick: what the thresholds are set against.
fn print_losses<'a>(verdicts: impl Iterator<Item = &'a Verdict>) {
    let mut all: Vec<f32> = verdicts.map(|v| v.loss).collect();
    all.sort_by(f32::total_cmp);
    let others: Vec<f32> = all.iter().copied().filter(|&l| l > 0.0).collect();
    for (what, losses) in [("every move", &all), ("moves not the search's", &others)] {
        let at = |q: f64| {
            let i = ((losses.len() as f64 - 1.0) * q).round() as usize;
            losses.get(i).copied().unwrap_or(0.0)
        };
        let qs: Vec<String> = [0.5, 0.75, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999]
            .iter()
            .map(|&q| format!("p{}: {:.3}", q * 100.0, at(q)))
            .collect();
        println!("  loss of {what} ({}): {}", losses.len(), qs.join(", "));
    }
}

/// Plays a game from a seed at a node limit.
type GameMaker = fn(u64, u64) -> History;

/// `work` on each seed, `jobs` at a time, in seed order.
fn per_game<T: Send>(seeds: &[u64], o: &Options, work: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let chunk = seeds.len().div_ceil(o.jobs).max(1);
    std::thread::scope(|scope| {
        let work = &work;
        let parts: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(|&s| work(s)).collect::<Vec<T>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|p| p.join().expect("a calibration thread"))
            .collect()
    })
}

fn bench(o: &Options) -> Result<(), String> {
    println!(
        "review time, natively, {} threads, {} nodes a position:",
        o.jobs, o.nodes
    );
    for moves in [1000, 3000] {
        let history = search_game(o.seed, o.nodes, Some(moves), &[]);
        let game = game_of(&history)?;
        let start = Instant::now();
        let verdicts = review_on(&game, o.nodes, o.jobs);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "  {} moves: {seconds:.2} s ({:.2} ms a move), accuracy {:.1}%",
            game.len(),
            1000.0 * seconds / game.len().max(1) as f64,
            Summary::of(verdicts.iter().flatten()).accuracy
        );
    }
    Ok(())
}
