//! Benchmarks the AI natively: plays seeded games with the engine's real rules
//! and the search choosing every move, and measures the bitboard's raw speed.
//!
//! ```text
//! cargo run --release --bin ai-bench -- --games 20 --ms 10 --seed 1
//! cargo run --release --bin ai-bench -- --diff 1000000
//! ```
//!
//! `--help` lists the options. `--eval heuristic,net` plays the same seeds
//! with each evaluator in one run (the network read from `--net`, by default
//! the weights the AI worker ships), `--jobs N` plays N games at once, one
//! thread each, and the totals give reach rates, the mean score and the
//! time per move (mean, p50, p99, max) of each evaluator side by side.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use leptos_2048::ai::bitboard::{self, Bitboard};
use leptos_2048::ai::diff::{self, SplitMix};
use leptos_2048::ai::eval::Loss;
use leptos_2048::ai::ntuple::{self, Network, Packed};
use leptos_2048::ai::{
    Clock, Evaluator, Heuristic, NativeClock, SearchConfig, SearchStats, Searcher, Weights,
};
use leptos_2048::engine::{step, Config, Direction, Input, State, Status};

/// The evaluators `--eval` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Eval {
    Heuristic,
    /// The network as it ships: i16 weights ([`Packed`]).
    Net,
    /// The network with the f32 weights training holds.
    Net32,
}

impl Eval {
    fn name(self) -> &'static str {
        match self {
            Eval::Heuristic => "heuristic",
            Eval::Net => "net",
            Eval::Net32 => "net32",
        }
    }
}

const HELP: &str = "ai-bench: plays seeded games with the search choosing every move

  --games N        games per evaluator (default 4); game i has seed S + i
  --seed S         the first game's seed (default 1)
  --ms M           time budget per move in milliseconds (default 10)
  --eval LIST      evaluators, comma-separated, each on the same seeds:
                   heuristic, net (the network as it ships, i16 weights),
                   net32 (the same network in f32) (default heuristic)
  --net PATH       the network: a shipped file or a training checkpoint
                   (default assets/ai-net-v1.bin)
  --jobs N         games played at once, a thread each (default: the cores)
  --late PATH      write the boards on which each game's largest tile, 8192
                   or more, first stood, as 16 hex digits a line: where
                   `train --pool` starts games over
  --clock wall|cpu what the budget is measured by (default wall; cpu: the
                   time the thread ran, so a busy machine measures like an
                   idle one)
  --max-moves K    stop each game after K moves
  --until TILE     stop each game once it makes TILE
  --cutoff P       the search's probability cutoff
  --depth D        search at most D moves deep (1: the greedy one-move look)
  --loss zero|relative   how the heuristic scores a lost position
  --weights name=value,...   override the heuristic's weights
  --diff N         check the bitboard against the engine on N cases, then exit
  --quiet          print only the totals
  --trace          print every move's search (use with --jobs 1)
  --help           this text";

struct Options {
    games: u64,
    ms: f64,
    seed: u64,
    max_moves: Option<u32>,
    diff: Option<u64>,
    loss: Loss,
    cutoff: Option<f32>,
    depth: Option<u32>,
    cpu_clock: bool,
    until: Option<u64>,
    weights: Weights,
    quiet: bool,
    trace: bool,
    evals: Vec<Eval>,
    net: String,
    jobs: usize,
    late: Option<String>,
}

/// Applies `name=value,...` to `w`.
fn parse_weights(list: &str, w: &mut Weights) -> Result<(), String> {
    for pair in list.split(',').filter(|p| !p.is_empty()) {
        let (name, value) = pair
            .split_once('=')
            .ok_or(format!("--weights wants name=value, not {pair}"))?;
        let value: f32 = value
            .parse()
            .map_err(|_| format!("bad number in --weights: {pair}"))?;
        let field = match name {
            "lost_penalty" => &mut w.lost_penalty,
            "monotonicity_power" => &mut w.monotonicity_power,
            "monotonicity_weight" => &mut w.monotonicity_weight,
            "sum_power" => &mut w.sum_power,
            "sum_weight" => &mut w.sum_weight,
            "merges_weight" => &mut w.merges_weight,
            "empty_weight" => &mut w.empty_weight,
            _ => return Err(format!("no weight named {name}")),
        };
        *field = value;
    }
    Ok(())
}

impl Default for Options {
    /// What `--help` gives as the defaults.
    fn default() -> Self {
        Options {
            games: 4,
            ms: 10.0,
            seed: 1,
            max_moves: None,
            diff: None,
            loss: Loss::default(),
            cutoff: None,
            depth: None,
            cpu_clock: false,
            until: None,
            weights: Weights::default(),
            quiet: false,
            trace: false,
            evals: vec![Eval::Heuristic],
            net: format!("assets/{}", ntuple::WEIGHTS_FILE),
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            late: None,
        }
    }
}

/// The options on the command line; `Err(HELP)` for `--help`.
fn parse_args() -> Result<Options, String> {
    let mut o = Options::default();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--quiet" => o.quiet = true,
            "--trace" => o.trace = true,
            "--help" => return Err(HELP.into()),
            _ => {
                let value = args.next().ok_or(format!("{flag} needs a value"))?;
                set_option(&mut o, &flag, value)?;
            }
        }
    }
    Ok(o)
}

/// Sets the option `flag` takes to `value`.
fn set_option(o: &mut Options, flag: &str, value: String) -> Result<(), String> {
    let bad = || format!("bad value for {flag}: {value}");
    match flag {
        "--games" => o.games = value.parse().map_err(|_| bad())?,
        "--ms" => o.ms = value.parse().map_err(|_| bad())?,
        "--seed" => o.seed = value.parse().map_err(|_| bad())?,
        "--max-moves" => o.max_moves = Some(value.parse().map_err(|_| bad())?),
        "--diff" => o.diff = Some(value.parse().map_err(|_| bad())?),
        "--cutoff" => o.cutoff = Some(value.parse().map_err(|_| bad())?),
        "--depth" => o.depth = Some(value.parse().map_err(|_| bad())?),
        "--until" => o.until = Some(value.parse().map_err(|_| bad())?),
        "--weights" => parse_weights(&value, &mut o.weights)?,
        "--net" => o.net = value,
        "--late" => o.late = Some(value),
        "--jobs" => o.jobs = value.parse::<usize>().map_err(|_| bad())?.max(1),
        "--eval" => o.evals = parse_evals(&value)?,
        "--clock" => {
            o.cpu_clock = match value.as_str() {
                "wall" => false,
                "cpu" if cfg!(unix) => true,
                _ => return Err(format!("--clock is wall or cpu, not {value}")),
            }
        }
        "--loss" => {
            o.loss = match value.as_str() {
                "zero" => Loss::Zero,
                "relative" => Loss::Relative,
                _ => return Err(format!("--loss is zero or relative, not {value}")),
            }
        }
        _ => return Err(format!("unknown option {flag}\n\n{HELP}")),
    }
    Ok(())
}

/// The evaluators `--eval` names, comma-separated.
fn parse_evals(list: &str) -> Result<Vec<Eval>, String> {
    list.split(',')
        .map(|name| match name {
            "heuristic" => Ok(Eval::Heuristic),
            "net" => Ok(Eval::Net),
            "net32" => Ok(Eval::Net32),
            _ => Err(format!("--eval names heuristic or net, not {name}")),
        })
        .collect()
}

/// One game played, and what its searches did.
#[derive(Default)]
struct Game {
    max_tile: u64,
    score: u64,
    moves: u32,
    /// Milliseconds per move, by the wall clock around the whole call.
    times: Vec<f64>,
    nodes: u64,
    search_ms: f64,
    depth_sum: u64,
    /// The boards on which the largest tile, 8192 or more, first stood.
    late: Vec<Bitboard>,
}

/// The CPU time this thread has run, in milliseconds: on a machine busy with
/// other work, a budget by this clock buys the search what the same budget
/// by the wall clock buys on an idle one.
#[cfg(unix)]
struct CpuClock;

#[cfg(unix)]
impl Clock for CpuClock {
    fn now_ms(&self) -> f64 {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid timespec to write to; this clock id exists
        // on every Linux and macOS.
        let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
        assert!(ok, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
        ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
    }
}

/// Plays the game of `seed` to its end (or `--max-moves`, `--until`) with
/// `searcher` choosing every move.
fn play<E: Evaluator>(searcher: &mut Searcher<E>, seed: u64, o: &Options) -> Game {
    let wall = NativeClock::new();
    #[cfg(unix)]
    let clock: &dyn Clock = if o.cpu_clock { &CpuClock } else { &wall };
    #[cfg(not(unix))]
    let clock: &dyn Clock = &wall;
    let mut state = State::new(Config::default(), seed);
    let mut game = Game::default();
    loop {
        if state.status == Status::Won {
            // No stop at 2048.
            state = step(Input::KeepPlaying, &state);
        }
        if finished(&state, o) {
            break;
        }
        let Some(bits) = bitboard::from_board(&state.board) else {
            break; // a 65536 tile: beyond what a nibble holds
        };
        let t0 = clock.now_ms();
        let Some((dir, stats)) = searcher.search(bits, o.ms, clock) else {
            break;
        };
        game.times.push(clock.now_ms() - t0);
        if o.trace {
            trace(state.moves, dir, &stats);
        }
        game.record(&stats);
        let next = step(Input::Move(dir), &state);
        assert!(
            next.moves > state.moves,
            "the AI chose a move that changes nothing"
        );
        let top = state.board.max_value();
        state = next;
        if state.board.max_value() > top.max(4096) {
            game.late.extend(bitboard::from_board(&state.board));
        }
    }
    game.max_tile = state.board.max_value();
    game.score = state.score;
    game.moves = state.moves;
    game
}

/// Whether the game stops here: over, or at `--max-moves` or `--until`.
fn finished(state: &State, o: &Options) -> bool {
    state.status == Status::Over
        || o.max_moves.is_some_and(|m| state.moves >= m)
        || o.until.is_some_and(|t| state.board.max_value() >= t)
}

/// Prints one move's search (`--trace`).
fn trace(moves: u32, dir: Direction, stats: &SearchStats) {
    println!(
        "  move {:>5} {dir:?}: depth {} cutoff {:.1e} nodes {} evals {} hits {} in {:.3} ms",
        moves, stats.depth, stats.cutoff, stats.nodes, stats.evals, stats.tt_hits, stats.elapsed_ms
    );
}

impl Game {
    /// Adds one move's search to the game's totals.
    fn record(&mut self, stats: &SearchStats) {
        self.nodes += stats.nodes;
        self.search_ms += stats.elapsed_ms;
        self.depth_sum += stats.depth as u64;
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i]
}

/// Nanoseconds per bitboard move over a fixed set of random boards: all four
/// moves of each board at once (`Tables::moves`, as the search does), and
/// one direction at a time (`Tables::slide`).
fn move_ns() -> (f64, f64) {
    let t = bitboard::tables();
    let mut rng = SplitMix(42);
    let boards: Vec<Bitboard> = (0..4096).map(|_| rng.board(11)).collect();
    let all = time_moves(&boards, |b| {
        let [up, down, left, right] = t.moves(b);
        up ^ down ^ left ^ right
    });
    let one = time_moves(&boards, |b| {
        Direction::ALL
            .iter()
            .fold(0, |acc, &dir| acc ^ t.slide(b, dir))
    });
    (all, one)
}

/// Nanoseconds per move of `four`, which makes the four moves of a board:
/// the best of five runs, since other work on the machine only adds time.
fn time_moves(boards: &[Bitboard], four: impl Fn(Bitboard) -> Bitboard) -> f64 {
    (0..5)
        .map(|_| time_run(boards, &four))
        .fold(f64::INFINITY, f64::min)
}

#[inline(never)]
fn time_run(boards: &[Bitboard], four: &impl Fn(Bitboard) -> Bitboard) -> f64 {
    let rounds = 400;
    let start = Instant::now();
    let mut acc = 0u64;
    for _ in 0..rounds {
        for &b in boards {
            acc ^= four(b);
        }
        // Keep each round's work: the rounds must not fold into one.
        acc = black_box(acc);
    }
    start.elapsed().as_nanos() as f64 / (rounds * boards.len() * 4) as f64
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) if e == HELP => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("ai-bench: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(cases) = o.diff {
        return check_diff(cases, o.seed);
    }

    let (all, one) = move_ns();
    println!("bitboard move: {all:.2} ns per move (all four at once; {one:.2} one at a time)");

    let config = search_config(&o);
    print_plan(&o, &config);
    let totals =
        match play_each(&o, config).and_then(|totals| write_late(&o, &totals).map(|()| totals)) {
            Ok(totals) => totals,
            Err(e) => {
                eprintln!("ai-bench: {e}");
                return ExitCode::FAILURE;
            }
        };
    println!("=== {} games each at {} ms per move", o.games, o.ms);
    for (eval, games) in &totals {
        summarize(eval.name(), games, &o);
    }
    ExitCode::SUCCESS
}

/// `--diff`: checks the bitboard against the engine on `cases` cases.
fn check_diff(cases: u64, seed: u64) -> ExitCode {
    let start = Instant::now();
    match diff::check(cases, seed) {
        Ok(n) => {
            println!(
                "diff: {n} positions × moves agree with the engine ({:.1} s)",
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("diff: mismatch\n{e}");
            ExitCode::FAILURE
        }
    }
}

/// The default search with `--cutoff` and `--depth` applied.
fn search_config(o: &Options) -> SearchConfig {
    let mut config = SearchConfig::default();
    if let Some(c) = o.cutoff {
        config.prob_cutoff = c;
    }
    if let Some(d) = o.depth {
        config.max_depth = d.max(1);
    }
    config
}

/// Prints what is about to be played.
fn print_plan(o: &Options, config: &SearchConfig) {
    println!(
        "games {} at {} ms per move ({} clock), seeds {}..{}, {} jobs, {:?}{}",
        o.games,
        o.ms,
        if o.cpu_clock { "cpu" } else { "wall" },
        o.seed,
        o.seed + o.games,
        o.jobs,
        config,
        o.until
            .map_or(String::new(), |t| format!(", each game ends at {t}"))
    );
}

/// Plays the seeds with each evaluator of `--eval`, in turn.
fn play_each(o: &Options, config: SearchConfig) -> Result<Vec<(Eval, Vec<Game>)>, String> {
    let heuristic = || {
        let mut h = Heuristic::new(o.weights);
        h.loss = o.loss;
        h
    };
    let wants_net = o.evals.iter().any(|&e| e != Eval::Heuristic);
    let net = if wants_net {
        Some(load_net(&o.net)?)
    } else {
        None
    };
    let mut totals = Vec::new();
    for &eval in &o.evals {
        let games = match (eval, &net) {
            (Eval::Net, Some((packed, _))) => {
                println!("--- net: {} ({}, i16)", o.net, describe(packed.shapes()));
                run(o, eval, || Searcher::new(packed.clone(), config))
            }
            (Eval::Net32, Some((_, Some(net)))) => {
                println!("--- net32: {} ({}, f32)", o.net, describe(net.shapes()));
                run(o, eval, || Searcher::new(net.clone(), config))
            }
            (Eval::Net32, _) => {
                return Err("net32 needs a training checkpoint (f32), not a shipped file".into())
            }
            _ => {
                println!("--- heuristic: loss {:?}, {:?}", o.loss, o.weights);
                run(o, eval, || Searcher::new(heuristic(), config))
            }
        };
        totals.push((eval, games));
    }
    Ok(totals)
}

/// Writes every game's late boards to `--late`'s file, if asked.
fn write_late(o: &Options, totals: &[(Eval, Vec<Game>)]) -> Result<(), String> {
    let Some(path) = &o.late else { return Ok(()) };
    let lines: String = totals
        .iter()
        .flat_map(|(_, games)| games.iter().flat_map(|g| &g.late))
        .map(|b| format!("{b:016x}\n"))
        .collect();
    std::fs::write(path, lines).map_err(|e| format!("{path}: {e}"))
}

/// The network in the file at `path`, packed as it ships, and in f32 too
/// when the file is a training checkpoint.
fn load_net(path: &str) -> Result<(Packed, Option<Network>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.starts_with(ntuple::MAGIC) {
        let net = ntuple::decode(&bytes).map_err(|e| format!("{path}: {e}"))?;
        Ok((Packed::new(&net, ntuple::SHIPPED_STEP), Some(net)))
    } else {
        let packed = ntuple::unpack(&bytes).map_err(|e| format!("{path}: {e}"))?;
        Ok((packed, None))
    }
}

/// A network's shapes, in words.
fn describe(shapes: &[ntuple::Shape]) -> String {
    let sizes: Vec<String> = shapes.iter().map(|s| s.len().to_string()).collect();
    format!("{} tuples of {} cells", sizes.len(), sizes.join("+"))
}

/// Plays every seed with searchers from `make`, `o.jobs` games at a time,
/// and gives the games in seed order.
fn run<E: Evaluator>(o: &Options, eval: Eval, make: impl Fn() -> Searcher<E> + Sync) -> Vec<Game> {
    let next = std::sync::atomic::AtomicU64::new(0);
    let mut games: Vec<(u64, Game)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.jobs.min(o.games.max(1) as usize))
            .map(|_| {
                scope.spawn(|| {
                    let mut searcher = make();
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= o.games {
                            return mine;
                        }
                        let start = Instant::now();
                        let g = play(&mut searcher, o.seed + i, o);
                        if !o.quiet {
                            print_game(eval, i, o.seed + i, &g, start.elapsed().as_secs_f64());
                        }
                        mine.push((i, g));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a game thread panicked"))
            .collect()
    });
    games.sort_by_key(|(i, _)| *i);
    games.into_iter().map(|(_, g)| g).collect()
}

fn print_game(eval: Eval, i: u64, seed: u64, g: &Game, seconds: f64) {
    let mut times = g.times.clone();
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    println!(
        "{:>9} game {i:>3} seed {seed:>5}: max {:>5} score {:>7} moves {:>6} | ms/move mean {:.2} p50 {:.2} p99 {:.2} max {:.2} | depth {:.1} | {:.0} s",
        eval.name(),
        g.max_tile,
        g.score,
        g.moves,
        mean,
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        g.depth_sum as f64 / g.moves.max(1) as f64,
        seconds
    );
}

/// The totals of one evaluator's games.
fn summarize(name: &str, games: &[Game], o: &Options) {
    let thresholds = [2048u64, 4096, 8192, 16384, 32768];
    let n = games.len().max(1) as f64;
    let rates: Vec<String> = thresholds
        .iter()
        .map(|&t| {
            let k = games.iter().filter(|g| g.max_tile >= t).count();
            format!("{t} {k}/{} ({:.0}%)", games.len(), 100.0 * k as f64 / n)
        })
        .collect();
    let mut times: Vec<f64> = games.iter().flat_map(|g| g.times.iter().copied()).collect();
    times.sort_by(f64::total_cmp);
    let nodes: u64 = games.iter().map(|g| g.nodes).sum();
    let search_ms: f64 = games.iter().map(|g| g.search_ms).sum();
    println!("{name}: reached {}", rates.join(", "));
    println!(
        "{name}: mean score {:.0}; ms/move mean {:.2} p50 {:.2} p99 {:.2} max {:.2} over {} moves; {:.2} M nodes/s",
        games.iter().map(|g| g.score).sum::<u64>() as f64 / n,
        times.iter().sum::<f64>() / times.len().max(1) as f64,
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
        times.len(),
        nodes as f64 / search_ms.max(1e-9) / 1000.0,
    );
    // A move past its budget is a bug, or the process was not running (the
    // machine busy with other work): the search reads the clock thousands of
    // times a millisecond.
    let over = times.iter().filter(|&&t| t > o.ms).count();
    let over_1ms = times.iter().filter(|&&t| t > o.ms + 1.0).count();
    println!("{name}: over budget {over} moves, of which {over_1ms} by more than 1 ms");
}
