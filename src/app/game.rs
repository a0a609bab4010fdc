//! The player's game as the page keeps it: its history (every input from
//! its seed), the best score and statistics of its size, where the next
//! seed comes from, and what the page's shell drew before the app ran.
//! Its rules are in `update/game.rs`.

use crate::engine::{Board, Config, State};
use crate::session::history::History;
use crate::session::stats::Stats;

/// The player's game and its records.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Game {
    /// The player's own game, wherever the board is: its start and every
    /// input; its present is the game. (The game on the board is
    /// `Model::board_game`: this one, or a challenge's.)
    pub own: History,
    /// The best score known for this board size: stored, written by another
    /// tab, or reached here. Never lowered while the size stays.
    pub best: u64,
    /// The statistics of this board size.
    pub stats: Stats,
    /// Where the next fresh seed comes from: randomness as data.
    pub entropy: u64,
    /// The first board the page's static shell drew before the app ran
    /// (a new visitor's first game, `app::first_game`), kept while the
    /// board shows it (`forget_shell_board`): its tiles are on screen
    /// already, so the tile layer does not make them appear again.
    pub shell_board: Option<Board>,
    /// The points the last move played on the live board scored, if it
    /// scored: the "+N" that floats up from the score. Time travel, undo,
    /// a replay or a paused page score nothing, so they float nothing.
    /// Left out of session files: `update` makes it again on replay.
    #[serde(skip)]
    pub scored: Option<Scored>,
}
crate::session::object::from_object!(Game { own, best, stats, entropy, shell_board, scored = skip });

/// Points scored by a move played, numbered: the `n`th scoring move of
/// the page, so that each floats up once however often the board shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scored {
    pub n: u64,
    pub points: u64,
}

impl Game {
    /// A game of `history`, with no records yet.
    pub fn new(own: History, entropy: u64, shell_board: Option<Board>) -> Game {
        Game {
            own,
            best: 0,
            stats: Stats::default(),
            entropy,
            shell_board,
            scored: None,
        }
    }

    /// Raises the best score to the own game's, if it is higher; whether it
    /// did.
    pub fn raise_best(&mut self) -> bool {
        let score = self.own.present().score;
        let raised = score > self.best;
        self.best = self.best.max(score);
        raised
    }

    /// A new own game of `config`, from a fresh seed.
    pub fn start(&mut self, config: Config) {
        let seed = self.draw_seed();
        self.own = History::new(config, seed);
    }

    /// A fresh seed for a game nobody asked to replay (the same game always
    /// draws the same seed).
    pub fn draw_seed(&mut self) -> u64 {
        next_seed(&mut self.entropy)
    }

    /// Counts the points the move just played, to `present`, scored,
    /// numbered after the last scoring move's, for the "+N" that floats up
    /// once.
    pub fn score(&mut self, present: &State) {
        let gained = present.last.as_ref().map_or(0, |t| t.gained);
        if gained > 0 {
            let n = self.scored.map_or(1, |s| s.n + 1);
            self.scored = Some(Scored { n, points: gained });
        }
    }
}

/// The next seed from `entropy` (SplitMix64), which it advances.
pub fn next_seed(entropy: &mut u64) -> u64 {
    *entropy = entropy.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *entropy;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
