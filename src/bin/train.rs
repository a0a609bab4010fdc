//! Trains an n-tuple network by temporal-difference learning on
//! afterstates (`leptos_2048::ai::td`), printing progress as it goes and
//! writing a checkpoint a run can resume from.
//!
//! ```text
//! cargo run --release --bin train -- --games 100000 --seed 1 --rate 0.1 \
//!     --out target/ntuple/net.bin [--resume target/ntuple/net.bin] [--every 1000]
//! ```
//!
//! Seeded: the same flags learn the same weights. A resumed run continues
//! from the checkpoint's weights with a generator seeded from the seed and
//! the games already played, so two halves are not one whole run.

use std::process::ExitCode;
use std::time::Instant;

use leptos_2048::ai::ntuple::{decode, encode, four_tuples, Network};
use leptos_2048::ai::td::{Learner, Played};

struct Flags {
    games: u64,
    seed: u64,
    rate: f32,
    out: String,
    resume: Option<String>,
    every: u64,
    start: u64,
}

const HELP: &str = "train: TD learning of an n-tuple network on afterstates

  --games N     games to play (default 10000)
  --seed S      seed of the spawns (default 1)
  --rate A      learning rate (default 0.1)
  --out PATH    where the weights go, rewritten at every report
                (default target/ntuple/net.bin)
  --resume PATH start from these weights
  --start K     games already played by the resumed weights (default 0),
                for the counts and the seed
  --every N     games between reports and checkpoints (default 1000)
  --help        this text";

fn parse() -> Result<Flags, String> {
    let mut f = Flags {
        games: 10_000,
        seed: 1,
        rate: 0.1,
        out: "target/ntuple/net.bin".into(),
        resume: None,
        every: 1000,
        start: 0,
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
            "--rate" => f.rate = value.parse().map_err(|_| format!("--rate: {value}"))?,
            "--every" => f.every = value.parse::<u64>().map_err(bad)?.max(1),
            "--start" => f.start = value.parse().map_err(bad)?,
            "--out" => f.out = value,
            "--resume" => f.resume = Some(value),
            _ => return Err(format!("unknown flag {flag}\n\n{HELP}")),
        }
    }
    Ok(f)
}

/// What the games since the last report came to.
#[derive(Default)]
struct Window {
    games: u64,
    moves: u64,
    score: u64,
    /// Games whose largest tile reached 2048, 8192, 16384.
    reached: [u64; 3],
}

impl Window {
    fn add(&mut self, p: Played) {
        self.games += 1;
        self.moves += u64::from(p.moves);
        self.score += p.score;
        for (i, e) in [11, 13, 14].into_iter().enumerate() {
            self.reached[i] += u64::from(p.top >= e);
        }
    }

    fn report(&self, total: u64, seconds: f64) {
        let pct = |n: u64| 100.0 * n as f64 / self.games.max(1) as f64;
        println!(
            "games {total:>8}  moves/s {:>9.0}  mean score {:>8}  2048 {:>5.1}%  8192 {:>5.1}%  16384 {:>5.1}%",
            self.moves as f64 / seconds.max(1e-9),
            self.score / self.games.max(1),
            pct(self.reached[0]),
            pct(self.reached[1]),
            pct(self.reached[2]),
        );
    }
}

fn run(f: Flags) -> Result<(), String> {
    let net = match &f.resume {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            decode(&bytes).map_err(|e| format!("{path}: {e}"))?
        }
        None => Network::new(four_tuples(), 0.0),
    };
    if let Some(dir) = std::path::Path::new(&f.out).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut learner = Learner::new(net, f.rate, f.seed ^ f.start.wrapping_mul(0x9E37_79B9));
    let mut window = Window::default();
    let mut since = Instant::now();
    for game in 1..=f.games {
        window.add(learner.play(true));
        if game % f.every == 0 || game == f.games {
            window.report(f.start + game, since.elapsed().as_secs_f64());
            std::fs::write(&f.out, encode(&learner.net)).map_err(|e| format!("{}: {e}", f.out))?;
            window = Window::default();
            since = Instant::now();
        }
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
