//! The coach natively: prints a game's review, calibrates the grades, and
//! times reviews. The grades come from `leptos_2048::ai::review`, the same
//! code the page's review runs, so this prints what the page shows.
//!
//! ```text
//! cargo run --release --bin review -- 'https://…/?replay=…'   # or a file
//! cargo run --release --bin review -- --calibrate --games 10 --seed 1
//! cargo run --release --bin review -- --fit --calibrate --games 30 --calibrate-games 10
//! cargo run --release --bin review -- --learn --games 2 --moves 300
//! cargo run --release --bin review -- --bench
//! cargo run --release --bin review -- --link 1000
//! ```
//!
//! `--help` says more.

use std::process::ExitCode;
use std::time::Instant;

use leptos_2048::ai::bitboard::{self, Bitboard};
use leptos_2048::ai::chance::{Calibration, Chance, Model, CALIBRATION, MODEL};
use leptos_2048::ai::review::{self, Grade, Reviewer, Summary, Verdict, REVIEW_NODES};
use leptos_2048::ai::{Evaluator, Heuristic};
use leptos_2048::app::coach::moves_of;
use leptos_2048::app::words::link_error;
use leptos_2048::app::words::review_summary;
use leptos_2048::engine::{Config, Direction};
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save;

use players::{Kind, Player};

const HELP: &str = "review: the coach's review of 2048 games, natively

  review GAME          the review of a game, move by move: GAME is a share
                       link (or its ?replay= part), or a file holding one or
                       a saved history (the JSON the page stores)
  review --calibrate   plays games of six kinds of player (random, corner,
                       greedy, the learned network, the search at about 1 ms
                       and 50 ms a move), reviews every move, and prints each
                       kind's strength, accuracy and grades, and whether the
                       grades rank the kinds by strength
  review --fit         fits the chance the review's search uses at its
                       leaves (the reference player's outcomes), prints
                       it, and checks it on games of other seeds
  review --fit --calibrate
                       both, the calibration with the curves just fitted
      --calibrate-games N   …the calibration's games of each kind
                       (default --games)
  review --learn       plays games of the kinds random, corner, network and
                       the 50 ms search (or --kinds), reviews each through
                       the app (Review, each move answered by the review's
                       search), walks its mistakes (Learn), and checks that
                       the walk holds exactly the moves graded mistake or
                       blunder, that the move played is never accepted and
                       the review's best always is; prints a table per
                       kind and the wall time; exits 1 if a check fails.
                       Takes --games, --seed, --moves, --kinds
  review --reference   how often the search at a few budgets makes each
                       tile: the measure of the reference player
      --games N        games of each kind (default 10)
      --seed S         the first game's seed (default 1)
      --moves N        the move limit of each game (default 2000)
      --kinds LIST     the kinds played, comma-separated, of random, corner,
                       greedy, network, 1ms, 50ms (default all; --learn's
                       default random,corner,network,50ms)
  review --bench       times the review of a 1 000- and a 3 000-move game
  review --link MOVES  plays a game of the search's, stopped after MOVES
                       moves, and prints its share link's query
      --blunder-from LIST
                       …but from each of these moves (counted from 1,
                       comma-separated) throws the game: plays the move the
                       heuristic likes least until a move would lose at
                       least a blunder's worth of the chance of making
                       the next tile
                       and leave the game going, then plays the mildest
                       such move: a blunder on purpose, for the browser
                       tests. Says on stderr at which moves it blundered
  --nodes N            the review's node limit (default the page's)
  --jobs N             games or moves searched at once, a thread each
                       (default: the cores)
  --help               this text";

mod calibrate;
mod fit;
mod players;
mod walk_check;

pub struct Options {
    blunder_from: Vec<u64>,
    games: u64,
    seed: u64,
    moves: u64,
    nodes: u64,
    jobs: usize,
    /// The leaves' curves and the calibration curve the reviews use: the
    /// shipped ones, or those `--fit` has just fitted when `--calibrate`
    /// follows it in the same run.
    pub chance: (Model, Calibration),
    /// The kinds `--calibrate` plays, by their place in `players::KINDS`
    /// (all of them unless `--kinds` says).
    kinds: Vec<usize>,
}

impl Options {
    /// A reviewer with the curves these options name.
    pub fn reviewer(&self) -> Reviewer {
        Reviewer::with(Chance::with_model(self.chance.0), self.chance.1)
    }
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

/// What the command line asks for, besides the options.
struct Asked {
    /// The command and its number (`--link`'s moves).
    command: Option<(String, u64)>,
    /// Whether `--calibrate` follows `--fit`,
    then_calibrate: bool,
    /// and with how many games of each kind.
    calibrating: Option<u64>,
    /// Whether `--kinds` named the kinds.
    kinds: bool,
}

fn run(args: &[String]) -> Result<(), String> {
    match parse(args)? {
        Some((mut o, asked)) => dispatch(&mut o, asked),
        None => Ok(()),
    }
}

/// The options and the command; `None` once `--help` is printed.
fn parse(args: &[String]) -> Result<Option<(Options, Asked)>, String> {
    let mut o = Options {
        blunder_from: Vec::new(),
        games: 10,
        seed: 1,
        moves: 2000,
        nodes: REVIEW_NODES,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        kinds: (0..players::KINDS.len()).collect(),
        chance: (MODEL, CALIBRATION),
    };
    let mut asked = Asked {
        command: None,
        then_calibrate: false,
        calibrating: None,
        kinds: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        let fitting = asked.command.as_ref().is_some_and(|c| c.0 == "--fit");
        match arg.as_str() {
            "--help" | "-h" => {
                println!("{HELP}");
                return Ok(None);
            }
            "--games" => o.games = number(value()?)?,
            "--seed" => o.seed = number(value()?)?,
            "--moves" => o.moves = number(value()?)?,
            "--nodes" => o.nodes = number(value()?)?,
            "--jobs" => o.jobs = number::<usize>(value()?)?.max(1),
            "--kinds" => (o.kinds, asked.kinds) = (players::kinds(value()?)?, true),
            "--calibrate-games" => asked.calibrating = Some(number(value()?)?),
            "--blunder-from" => {
                o.blunder_from = value()?.split(',').map(number).collect::<Result<_, _>>()?
            }
            "--calibrate" if fitting => asked.then_calibrate = true,
            "--calibrate" | "--fit" | "--reference" | "--bench" | "--learn" => {
                asked.command = Some((arg.clone(), 0))
            }
            "--link" => asked.command = Some((arg.clone(), number(value()?)?)),
            game if !game.starts_with("--") => asked.command = Some((game.to_string(), 0)),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(Some((o, asked)))
}

fn dispatch(o: &mut Options, asked: Asked) -> Result<(), String> {
    match asked.command {
        Some((c, _)) if c == "--calibrate" => calibrate::calibrate(o),
        Some((c, _)) if c == "--fit" => {
            o.chance = fit::fit(o)?;
            if asked.then_calibrate {
                o.games = asked.calibrating.unwrap_or(o.games);
                calibrate::calibrate(o)?;
            }
            Ok(())
        }
        Some((c, _)) if c == "--reference" => fit::reference(o),
        Some((c, _)) if c == "--learn" => {
            if !asked.kinds {
                o.kinds = players::kinds(walk_check::LEARN_KINDS)?;
            }
            walk_check::run(o)
        }
        Some((c, _)) if c == "--bench" => bench(o),
        Some((c, moves)) if c == "--link" => {
            let (history, blunders) = search_game(o.seed, o.nodes, Some(moves), &o.blunder_from);
            let replay = Replay::from_history(&history).ok_or("no game to link")?;
            println!("?replay={}", replay::encode(&replay));
            if !o.blunder_from.is_empty() {
                let at: Vec<String> = blunders.iter().map(u64::to_string).collect();
                eprintln!("blunders at moves {}", at.join(","));
            }
            Ok(())
        }
        Some((game, _)) => print_review(&read_game(&game)?, o),
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
        return replay::open(link).map_err(|e| format!("the link: {}", link_error(&e)));
    }
    save::decode_history(text, Config::default())
        .map_err(|e| format!("neither a share link nor a saved history: {e:?}"))
}

/// The game's moves (the last game of the history, to its cursor).
pub fn game_of(history: &History) -> Result<Vec<(Bitboard, Direction)>, String> {
    let moves = moves_of(history).ok_or("the coach reviews 4×4 games only")?;
    Ok(moves.into_iter().map(|m| (m.board, m.played)).collect())
}

/// Reviews `game` on `jobs` threads, each move searched independently.
fn review_on(game: &[(Bitboard, Direction)], nodes: u64, jobs: usize) -> Vec<Option<Verdict>> {
    let chunk = game.len().div_ceil(jobs).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = game
            .chunks(chunk)
            .map(|part| scope.spawn(move || review::review(&mut Reviewer::default(), part, nodes)))
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
    println!(
        "the chance of making the next tile up (twice the top tile) if the game goes on as \
         the reference player plays: the position's, and what each move lost of it \
         (percentage points)"
    );
    println!("move  played  grade        lost  better   chance");
    for (i, (v, &(board, _))) in verdicts.iter().zip(&game).enumerate() {
        let Some(v) = v else { continue };
        println!(
            "{:>4}  {:<6}  {:<10} {:>6.2}  {:<6}  {:>6.2}%  (top tile {})",
            i + 1,
            v.played.word(),
            v.grade.word(),
            v.loss,
            v.better().map_or("", |d| d.word()),
            f64::from(v.value) / 100.0,
            1u32 << bitboard::max_exponent(board)
        );
    }
    let summary = Summary::of(verdicts.iter().flatten());
    print_summary("this game", &summary);
    println!("the page says: {}", review_summary(&summary));
    Ok(())
}

pub fn print_summary(name: &str, s: &Summary) {
    let moves = s.moves().max(1) as f64;
    let shares: Vec<String> = Grade::ALL
        .iter()
        .map(|&g| {
            let n = s.count(g);
            format!("{} {n} ({:.1}%)", g.word(), 100.0 * n as f64 / moves)
        })
        .collect();
    println!(
        "{name}: {} moves, accuracy {:.2}%: {}",
        s.moves(),
        s.accuracy,
        shares.join(", ")
    );
}

/// A game the search plays at `nodes` a move, as it plays for a player: its
/// transposition table kept from move to move. Stops when no move is left,
/// or after `max` moves. From each move of `blunder_from` (from 1) it
/// throws the game until it can blunder ([`Thrower`]). Gives the game and
/// the moves at which it blundered.
fn search_game(
    seed: u64,
    nodes: u64,
    max: Option<u64>,
    blunder_from: &[u64],
) -> (History, Vec<u64>) {
    let mut player = Player::new(Kind::Search(nodes), seed, None);
    let mut thrower = Thrower::default();
    let mut throwing = false;
    let mut blunders = Vec::new();
    let mut n = 0;
    let history = players::play(seed, max, |board| {
        n += 1;
        throwing |= blunder_from.contains(&n);
        if throwing {
            let (d, blunder) = thrower.throw(board, nodes)?;
            if blunder {
                throwing = false;
                blunders.push(n);
            }
            return Some(d);
        }
        player.pick(board)
    });
    (history, blunders)
}

/// A player throwing a game without ending it: the heuristic's worst move,
/// until a move would lose at least [`review::MISTAKE`] points of the
/// chance of lasting and leave the game going; the mildest such move it
/// plays.
#[derive(Default)]
struct Thrower {
    reviewer: Reviewer,
    heuristic: Heuristic,
}

impl Thrower {
    /// The move to play on `board`, and whether it is the blunder.
    fn throw(&mut self, board: Bitboard, nodes: u64) -> Option<(Direction, bool)> {
        let a = review::assess(&mut self.reviewer, board, nodes)?;
        let goes_on = |d: &Direction| a.value_of(*d).is_some() && (!a.ends(*d) || !a.can_go_on());
        let moves: Vec<Direction> = Direction::ALL.into_iter().filter(goes_on).collect();
        // The mildest blunder, so that the game is likely to go on.
        let blunder = moves
            .iter()
            .filter_map(|&d| a.value_of(d).map(|v| (v, d)))
            .filter(|&(v, _)| (a.value() - v) as f32 >= 100.0 * review::MISTAKE)
            .max_by_key(|&(v, _)| v);
        if let Some((_, d)) = blunder {
            return Some((d, true));
        }
        let t = bitboard::tables();
        moves
            .into_iter()
            .map(|d| (self.heuristic.evaluate(t.slide(board, d)), d))
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, d)| (d, false))
    }
}

/// `work` on each seed, `jobs` at a time, in seed order.
pub fn per_game<T: Send>(seeds: &[u64], o: &Options, work: impl Fn(u64) -> T + Sync) -> Vec<T> {
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
        let (history, _) = search_game(o.seed, o.nodes, Some(moves), &[]);
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
