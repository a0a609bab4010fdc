//! The kinds of player the calibration reviews, from hopeless to strong,
//! each a rule that picks a move on a bitboard; and a seeded game played by
//! one of them, with the game's own rules (`History`, so its spawns are
//! the game's).

use std::sync::OnceLock;

use leptos_2048::ai::bitboard::{self, tables, Bitboard};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::ntuple::{self, Packed};
use leptos_2048::ai::{Clock, Evaluator, Heuristic, Limits, SearchConfig, Searcher};
use leptos_2048::engine::{Config, Direction, Input, Status};
use leptos_2048::session::history::History;

/// A kind of player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Uniformly random legal moves.
    Random,
    /// Down, left, right, and up only when nothing else moves.
    Corner,
    /// The move that scores most at once (the first of `Direction::ALL`
    /// on a tie).
    Greedy,
    /// The learned network one move ahead (`assets/ai-net-v1.bin`).
    Network,
    /// The heuristic search within a number of positions a move.
    Search(u64),
    /// The search within a number of positions a move, but a uniformly
    /// random legal move this many times in a hundred: a good player who
    /// slips now and then.
    Slipping(u64, u64),
}

/// Positions the native search visits in about 1 ms and in about 50 ms
/// on the development machine (`review --calibrate` prints the time each
/// move took).
pub const ONE_MS: u64 = 100_000;
pub const FIFTY_MS: u64 = 5_000_000;

/// The kinds the calibration plays, weakest first.
pub const KINDS: [Kind; 6] = [
    Kind::Random,
    Kind::Corner,
    Kind::Greedy,
    Kind::Network,
    Kind::Search(ONE_MS),
    Kind::Search(FIFTY_MS),
];

/// The short names `--kinds` takes, in [`KINDS`] order.
const SHORT: [&str; 6] = ["random", "corner", "greedy", "network", "1ms", "50ms"];

/// The places in [`KINDS`] of a comma-separated list of short names.
pub fn kinds(list: &str) -> Result<Vec<usize>, String> {
    list.split(',')
        .map(|name| {
            SHORT
                .iter()
                .position(|&s| s == name)
                .ok_or(format!("no kind of player is called {name}"))
        })
        .collect()
}

impl Kind {
    pub fn name(self) -> String {
        match self {
            Kind::Random => "random legal moves".into(),
            Kind::Corner => "corner (down, left, right, up)".into(),
            Kind::Greedy => "greedy one-ply (score now)".into(),
            Kind::Network => "learned network, one ply".into(),
            Kind::Search(ONE_MS) => "search, ~1 ms a move".into(),
            Kind::Search(FIFTY_MS) => "search, ~50 ms a move".into(),
            Kind::Search(n) => format!("search, {n} positions a move"),
            Kind::Slipping(n, p) => format!("search, {n} positions a move, {p}% random"),
        }
    }
}

/// A clock that never moves: every search here stops by its node limit.
pub struct Stopped;

impl Clock for Stopped {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// The legal moves on `board`.
fn legal(board: Bitboard) -> Vec<Direction> {
    let t = tables();
    Direction::ALL
        .into_iter()
        .filter(|&d| t.slide(board, d) != board)
        .collect()
}

/// The move of the highest `worth`, the first on a tie.
fn argmax(board: Bitboard, worth: impl Fn(Direction) -> f32) -> Option<Direction> {
    legal(board)
        .into_iter()
        .fold(None, |best: Option<(f32, Direction)>, d| {
            let w = worth(d);
            match best {
                Some((bw, _)) if bw >= w => best,
                _ => Some((w, d)),
            }
        })
        .map(|(_, d)| d)
}

/// What a player needs besides the board: its searcher, its network, its
/// dice.
pub struct Player {
    kind: Kind,
    searcher: Searcher<Heuristic>,
    network: Option<&'static Packed>,
    dice: SplitMix,
}

impl Player {
    pub fn new(kind: Kind, seed: u64, network: Option<&'static Packed>) -> Player {
        Player {
            kind,
            searcher: Searcher::new(Heuristic::default(), SearchConfig::default()),
            network,
            dice: SplitMix(seed ^ 0x5EED_0F20_4800),
        }
    }

    /// The player's move on `board`; `None` if no move is left.
    pub fn pick(&mut self, board: Bitboard) -> Option<Direction> {
        let t = tables();
        match self.kind {
            Kind::Random => self.random_move(board),
            Kind::Slipping(nodes, percent) => {
                if self.dice.below(100) < percent {
                    self.random_move(board)
                } else {
                    self.search(board, nodes)
                }
            }
            Kind::Corner => [
                Direction::Down,
                Direction::Left,
                Direction::Right,
                Direction::Up,
            ]
            .into_iter()
            .find(|&d| t.slide(board, d) != board),
            Kind::Greedy => argmax(board, |d| t.slide_scored(board, d).1 as f32),
            Kind::Network => {
                let net = self.network?;
                argmax(board, |d| net.evaluate(t.slide(board, d)))
            }
            Kind::Search(nodes) => self.search(board, nodes),
        }
    }

    fn random_move(&mut self, board: Bitboard) -> Option<Direction> {
        let moves = legal(board);
        (!moves.is_empty()).then(|| moves[self.dice.below(moves.len() as u64) as usize])
    }

    fn search(&mut self, board: Bitboard, nodes: u64) -> Option<Direction> {
        let limits = Limits {
            nodes,
            ..Limits::ms(f64::INFINITY)
        };
        self.searcher
            .search_within(board, limits, &Stopped)
            .map(|(d, _)| d)
    }
}

/// The shipped network, read once (on the first call), if its file is
/// there.
pub fn network() -> Option<&'static Packed> {
    static NETWORK: OnceLock<Option<Packed>> = OnceLock::new();
    NETWORK
        .get_or_init(|| {
            let bytes = std::fs::read(format!("assets/{}", ntuple::WEIGHTS_FILE)).ok()?;
            ntuple::unpack(&bytes).ok()
        })
        .as_ref()
}

/// A seeded 4×4 game with `choose` picking each move, won games played on,
/// stopped when no move is left or after `max` moves.
pub fn play(
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
