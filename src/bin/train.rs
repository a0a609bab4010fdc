//! Trains an n-tuple network by temporal-difference learning on
//! afterstates (`leptos_2048::ai::td`) on one or more threads, printing
//! progress as it goes and writing a checkpoint a run can resume from.
//!
//! ```text
//! cargo run --release --bin train -- --shapes 5x4 --games 200000 --jobs 2 \
//!     --out target/ntuple/net.bin --curve target/ntuple/curve.csv
//! cargo run --release --bin train -- --resume target/ntuple/net.bin --start 200000 …
//! ```
//!
//! Seeded: game `g` always has the same spawns, so with `--jobs 1` the same
//! flags learn the same weights, and a run resumed with `--start g` goes on
//! as the whole run would have. With more jobs the updates interleave as the
//! threads run (see `td`), so runs agree in their figures, not bit for bit.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

use leptos_2048::ai::ntuple::{
    decode, encode, pack, shapes_named, Network, Packed, SHAPES, SHIPPED_STEP,
};
use leptos_2048::ai::td::{play, Played, Shared};
use leptos_2048::ai::Bitboard;

struct Flags {
    shapes: String,
    games: u64,
    seed: u64,
    rate: f32,
    init: f32,
    jobs: usize,
    out: String,
    ship: Option<String>,
    curve: Option<String>,
    resume: Option<String>,
    every: u64,
    start: u64,
    seconds: Option<f64>,
    restarts: f64,
    pool: Option<String>,
}

const HELP: &str = "train: TD learning of an n-tuple network on afterstates

  --shapes NAME the tuples: 4x4, 4x8 or 5x4 (default 5x4, the shipped set;
                ignored with --resume)
  --games N     games to play (default 10000)
  --jobs J      threads learning into the one network (default 2)
  --seed S      seed of the spawns (default 1)
  --rate A      learning rate (default 0.1)
  --init V      every board's value at the start, optimistic initialisation
                (default 0)
  --out PATH    where the weights go, rewritten at every report
                (default target/ntuple/net.bin)
  --ship PATH   also write the weights as they ship (i16, ntuple::pack) there,
                at every report and at the end (--games 0 --resume A --ship B
                only converts)
  --curve PATH  append each report to this CSV: games, mean score, reach rates
  --resume PATH start from these weights
  --start K     games already played by the resumed weights (default 0)
  --every N     games between reports and checkpoints (default 1000)
  --seconds T   stop starting games after T seconds
  --restarts P  the share of games (0 to 1, default 0) that start over from
                a board of an earlier game on which its largest tile, 8192 or
                more, first stood, so that the network learns the endgame;
                the reports count only the games that start afresh
  --pool PATH   more boards to start over from, kept for the whole run, half
                the restarts starting from one of them: 16 hex digits a line
                (ai-bench --late writes them from the heuristic's games,
                which reach tiles self-play seldom does)
  --help        this text";

fn parse() -> Result<Flags, String> {
    let mut f = Flags {
        shapes: "5x4".into(),
        games: 10_000,
        seed: 1,
        rate: 0.1,
        init: 0.0,
        jobs: 2,
        out: "target/ntuple/net.bin".into(),
        ship: None,
        curve: None,
        resume: None,
        every: 1000,
        start: 0,
        seconds: None,
        restarts: 0.0,
        pool: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" {
            return Err(HELP.into());
        }
        let value = args
            .next()
            .ok_or(format!("{flag} needs a value\n\n{HELP}"))?;
        let bad = |_| format!("{flag}: not a number: {value}");
        match flag.as_str() {
            "--games" => f.games = value.parse().map_err(bad)?,
            "--seed" => f.seed = value.parse().map_err(bad)?,
            "--jobs" => f.jobs = value.parse::<usize>().map_err(bad)?.max(1),
            "--rate" => f.rate = value.parse().map_err(|_| format!("--rate: {value}"))?,
            "--init" => f.init = value.parse().map_err(|_| format!("--init: {value}"))?,
            "--every" => f.every = value.parse::<u64>().map_err(bad)?.max(1),
            "--start" => f.start = value.parse().map_err(bad)?,
            "--restarts" => {
                f.restarts = value
                    .parse::<f64>()
                    .ok()
                    .filter(|p| (0.0..=1.0).contains(p))
                    .ok_or(format!("--restarts: a share from 0 to 1, not {value}"))?
            }
            "--seconds" => {
                f.seconds = Some(value.parse().map_err(|_| format!("--seconds: {value}"))?)
            }
            "--shapes" => f.shapes = value,
            "--out" => f.out = value,
            "--ship" => f.ship = Some(value),
            "--curve" => f.curve = Some(value),
            "--resume" => f.resume = Some(value),
            "--pool" => f.pool = Some(value),
            _ => return Err(format!("unknown flag {flag}\n\n{HELP}")),
        }
    }
    Ok(f)
}

/// What the games since the last report came to.
#[derive(Default)]
struct Window {
    /// Games that started over from a late board (not in the figures).
    restarted: u64,
    games: u64,
    moves: u64,
    score: u64,
    /// Games whose largest tile reached 2048, 8192, 16384, 32768.
    reached: [u64; 4],
}

impl Window {
    fn add(&mut self, p: Played, restarted: bool) {
        self.moves += u64::from(p.moves);
        if restarted {
            self.restarted += 1;
            return;
        }
        self.games += 1;
        self.score += p.score;
        for (i, e) in [11, 13, 14, 15].into_iter().enumerate() {
            self.reached[i] += u64::from(p.top >= e);
        }
    }

    fn pct(&self, i: usize) -> f64 {
        100.0 * self.reached[i] as f64 / self.games.max(1) as f64
    }

    fn report(&self, total: u64, seconds: f64, elapsed: f64) -> String {
        println!(
            "games {total:>8}  {:>6.0} s  moves/s {:>9.0}  restarts {:>5}  mean score {:>7}  2048 {:>5.1}%  8192 {:>5.1}%  16384 {:>5.1}%  32768 {:>4.1}%",
            elapsed,
            self.moves as f64 / seconds.max(1e-9),
            self.restarted,
            self.score / self.games.max(1),
            self.pct(0),
            self.pct(1),
            self.pct(2),
            self.pct(3),
        );
        format!(
            "{total},{:.0},{},{:.2},{:.2},{:.2},{:.2}\n",
            elapsed,
            self.score / self.games.max(1),
            self.pct(0),
            self.pct(1),
            self.pct(2),
            self.pct(3)
        )
    }
}

fn start_network(f: &Flags) -> Result<Network, String> {
    match &f.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            decode(&bytes).map_err(|e| format!("{path}: {e}"))
        }
        None => {
            let names: Vec<&str> = SHAPES.iter().map(|(n, _)| *n).collect();
            let shapes = shapes_named(&f.shapes).ok_or(format!(
                "no shapes called {}: {}",
                f.shapes,
                names.join(", ")
            ))?;
            Ok(Network::new(shapes, f.init))
        }
    }
}

/// The boards games may start over from: those given (`--pool`), and the
/// latest [`Pool::SIZE`] on which a game's largest tile (8192 or more)
/// first stood.
#[derive(Default)]
struct Pool(Mutex<Boards>);

#[derive(Default)]
struct Boards {
    seeded: Vec<Bitboard>,
    kept: Vec<Bitboard>,
    next: usize,
}

impl Pool {
    const SIZE: usize = 1000;

    fn keep(&self, board: Bitboard) {
        let mut pool = self.0.lock().expect("no thread panics holding it");
        let at = pool.next;
        if pool.kept.len() < Self::SIZE {
            pool.kept.push(board);
        } else {
            pool.kept[at] = board;
        }
        pool.next = (at + 1) % Self::SIZE;
    }

    /// Where game `game` starts: over from a kept board for a share
    /// `restarts` of the games, chosen by the game's number, else afresh.
    fn draw(&self, seed: u64, game: u64, restarts: f64) -> Option<Bitboard> {
        // SplitMix64's finaliser: the bits below are independent.
        let mut h = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 31;
        if ((h >> 11) as f64 / (1u64 << 53) as f64) >= restarts {
            return None;
        }
        let pool = self.0.lock().expect("no thread panics holding it");
        // Half the restarts from the given boards, when there are any (they
        // are few, and reach further than self-play does).
        let from = match (pool.seeded.is_empty(), pool.kept.is_empty()) {
            (true, true) => return None,
            (false, true) => &pool.seeded,
            (true, false) => &pool.kept,
            (false, false) if h & 1 == 0 => &pool.seeded,
            (false, false) => &pool.kept,
        };
        Some(from[(h >> 1) as usize % from.len()])
    }
}

/// Appends `line` to the curve file, with a header when it is new.
fn append_curve(path: &str, line: &str) -> Result<(), String> {
    let fresh = !std::path::Path::new(path).exists();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    if fresh {
        file.write_all(b"games,seconds,mean_score,r2048,r8192,r16384,r32768\n")
            .map_err(|e| format!("{path}: {e}"))?;
    }
    file.write_all(line.as_bytes())
        .map_err(|e| format!("{path}: {e}"))
}

/// The whole run: the network, `--jobs` threads playing and learning,
/// reports and checkpoints as their games come in, and a last checkpoint.
fn run(f: Flags) -> Result<(), String> {
    let shared = Shared::new(&start_network(&f)?);
    if let Some(dir) = std::path::Path::new(&f.out).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let next = AtomicU64::new(f.start);
    let pool = Pool::default();
    if let Some(path) = &f.pool {
        pool.0.lock().expect("not shared yet").seeded = read_boards(path)?;
    }
    let began = Instant::now();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        for _ in 0..f.jobs {
            let (tx, f, shared, next, pool) = (tx.clone(), &f, &shared, &next, &pool);
            scope.spawn(move || learn(f, shared, next, pool, began, tx));
        }
        drop(tx);
        follow(&f, &shared, rx, began)
    })?;
    save(&f, &shared.network())
}

/// The boards in the file at `path` (`--pool`), 16 hex digits a line.
fn read_boards(path: &str) -> Result<Vec<Bitboard>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let boards = text
        .lines()
        .map(|l| u64::from_str_radix(l.trim(), 16).map_err(|_| format!("{path}: not a board: {l}")))
        .collect::<Result<Vec<Bitboard>, String>>()?;
    println!("{} boards to start over from in {path}", boards.len());
    Ok(boards)
}

/// One thread's work: plays the next game not yet taken, learning as it
/// goes, and sends what it came to (and whether it started over), until
/// the games or `--seconds` run out or nobody listens.
fn learn(
    f: &Flags,
    shared: &Shared,
    next: &AtomicU64,
    pool: &Pool,
    began: Instant,
    tx: mpsc::Sender<(Played, bool)>,
) {
    let end = f.start + f.games;
    let out_of_time = || f.seconds.is_some_and(|t| began.elapsed().as_secs_f64() > t);
    loop {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= end || out_of_time() {
            break;
        }
        let start = pool.draw(f.seed, game, f.restarts);
        let played = play(shared, f.rate, f.seed, game, start);
        if let Some(board) = played.late {
            pool.keep(board);
        }
        if tx.send((played, start.is_some())).is_err() {
            break;
        }
    }
}

/// Takes the games as the threads finish them and, every `--every` games
/// and after the last, prints a report, writes a checkpoint and appends the
/// report to `--curve`.
fn follow(
    f: &Flags,
    shared: &Shared,
    rx: mpsc::Receiver<(Played, bool)>,
    began: Instant,
) -> Result<(), String> {
    let (mut window, mut since, mut done) = (Window::default(), Instant::now(), f.start);
    let mut results = rx.into_iter().peekable();
    while let Some((played, restarted)) = results.next() {
        window.add(played, restarted);
        done += 1;
        let last = results.peek().is_none();
        if (done - f.start) % f.every == 0 || last {
            let line = window.report(
                done,
                since.elapsed().as_secs_f64(),
                began.elapsed().as_secs_f64(),
            );
            save(f, &shared.network())?;
            if let Some(path) = &f.curve {
                append_curve(path, &line)?;
            }
            (window, since) = (Window::default(), Instant::now());
        }
    }
    Ok(())
}

/// Writes the checkpoint, and the shipped file if asked for.
fn save(f: &Flags, net: &Network) -> Result<(), String> {
    std::fs::write(&f.out, encode(net)).map_err(|e| format!("{}: {e}", f.out))?;
    if let Some(path) = &f.ship {
        std::fs::write(path, pack(&Packed::new(net, SHIPPED_STEP)))
            .map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match parse().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e == HELP => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
