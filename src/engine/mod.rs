//! The game of 2048 as a pure fold: `state' = step(input, state)`.
//!
//! Nothing here knows about the web. Randomness is data: the state carries a
//! seeded PCG generator, and `step` draws from its own copy, so a game replays
//! exactly from its seed and its inputs. (The alternative, random draws carried
//! in each input as the Elm original does, would make every recorded input
//! carry noise; a seed in the state keeps inputs to what the player did and
//! makes a save or a replay link a seed plus a list of moves.)

mod board;
mod invariants;
pub mod names;

pub use board::{Board, Origin, Pos, Slide, Source, Tile, TileId, MAX_SIDE, MIN_SIDE};
pub use invariants::{max_score, max_tile};

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};

/// The four ways to slide the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}
names::by_name!(Direction {
    Up,
    Down,
    Left,
    Right
});

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction's word (`up`, `down`, `left` or `right`) and arrow:
    /// the one table of them. The live region, the hint, the AI's protocol
    /// and the history list all say directions with it.
    fn names(self) -> (&'static str, char) {
        match self {
            Direction::Up => ("up", '↑'),
            Direction::Down => ("down", '↓'),
            Direction::Left => ("left", '←'),
            Direction::Right => ("right", '→'),
        }
    }

    /// The direction's word: `up`, `down`, `left` or `right`.
    pub fn word(self) -> &'static str {
        self.names().0
    }

    /// The direction's arrow: `↑`, `↓`, `←` or `→`.
    pub fn arrow(self) -> char {
        self.names().1
    }

    /// The direction whose [`word`](Self::word) this is.
    pub fn from_word(word: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.word() == word)
    }
}

/// Everything that can happen to a game. The only way to change a [`State`]
/// is [`step`] with one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Input {
    /// Slide the tiles.
    Move(Direction),
    /// Throw this game away and start another of the same size and target.
    NewGame,
    /// After a win, close the overlay and go on playing.
    KeepPlaying,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Moves are accepted.
    Playing,
    /// The target tile was made; moves wait until the player chooses to keep
    /// playing (or starts a new game).
    Won,
    /// Won, and the player chose to go on.
    Continuing,
    /// No move changes the board.
    Over,
}
names::by_name!(Status {
    Playing,
    Won,
    Continuing,
    Over
});

/// The size of the board and the tile that wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub width: u8,
    pub height: u8,
    /// The tile value that wins, or `None` for endless play.
    pub target: Option<u64>,
}

impl Config {
    /// Whether `other` is a board of the same width and height (targets may
    /// differ). Each size keeps its own game, best score and statistics, so
    /// this is the one test of "the same size".
    pub fn same_size(self, other: Config) -> bool {
        (self.width, self.height) == (other.width, other.height)
    }

    /// A config, if the sides are within `MIN_SIDE..=MAX_SIDE` and the target
    /// (if any) is a power of two of at least 8 (only merges win, and a
    /// spawned 4 would otherwise "reach" a target of 4 without winning).
    pub fn new(width: u8, height: u8, target: Option<u64>) -> Option<Self> {
        let side = MIN_SIDE..=MAX_SIDE;
        let target_ok = target.is_none_or(|t| t >= 8 && t.is_power_of_two());
        (side.contains(&width) && side.contains(&height) && target_ok).then_some(Config {
            width,
            height,
            target,
        })
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            width: 4,
            height: 4,
            target: Some(2048),
        }
    }
}

/// The last move that changed the board: what the view animates and
/// announces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub direction: Direction,
    /// Score earned by the move.
    pub gained: u64,
    /// Values made by merges.
    pub merged: Vec<u64>,
}

/// How a game draws its new tiles from its generator: a rules version, kept
/// in the state so that every game replays as it was played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Luck {
    /// The first rules, which every saved game and link before `Same` was
    /// played by: a range draw picks the cell, then a draw with odds of a
    /// tenth makes the tile a 4. The range draw takes a second number in a
    /// rare case (about n in 2^32 per tile), so two games from one seed
    /// can fall out of step.
    #[default]
    Drawn,
    /// Exactly one 64-bit number per new tile: its high 32 bits pick the
    /// cell among the empty ones in reading order (`high × n / 2^32`), its
    /// low 32 bits make the tile a 4 when below a tenth of 2^32. So the
    /// k-th new tile of every game from the same seed is a 4 in all of them
    /// or in none, and its cell is picked by the same number from the empty
    /// cells each game has, whatever moves came before: the same luck for
    /// everyone, as duplicate bridge deals the same cards.
    Same,
}
names::by_name!(Luck { Drawn, Same });

impl Luck {
    /// Whether this is the first rules' luck, which a state does not write.
    pub fn is_drawn(&self) -> bool {
        *self == Luck::Drawn
    }
}

/// Below this, a `Same` tile's low 32 bits make it a 4: a tenth of 2^32,
/// rounded up.
const FOUR_BELOW: u64 = 429_496_730;

/// A whole game at one instant. Plain data: clone, compare, serialize.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub config: Config,
    pub board: Board,
    pub score: u64,
    pub status: Status,
    /// Moves that changed the board in this game.
    pub moves: u32,
    /// The last move that changed the board, `None` at the start of a game.
    pub last: Option<Turn>,
    /// Next tile id to hand out.
    pub next_id: u32,
    /// The generator every spawn and every new game's seed is drawn from.
    pub rng: Pcg32,
    /// How new tiles are drawn from `rng`. Written only when it is not the
    /// first rules' (`Luck::Drawn`), so every state saved before it existed
    /// reads and writes as it did.
    #[serde(default, skip_serializing_if = "Luck::is_drawn")]
    pub luck: Luck,
}

/// Probability that a spawned tile is a 4 rather than a 2.
pub const FOUR_CHANCE: f64 = 0.1;

impl State {
    /// A new game: an empty board with two spawned tiles, all drawn from
    /// `seed`.
    pub fn new(config: Config, seed: u64) -> Self {
        Self::with_luck(config, seed, Luck::Drawn)
    }

    /// A new game whose tiles are drawn by `luck`.
    pub fn with_luck(config: Config, seed: u64, luck: Luck) -> Self {
        Self::fresh(config, Pcg32::seed_from_u64(seed), 0, luck)
    }

    /// A game in progress on `board` (4×4 or any other size, target 2048),
    /// with later spawns drawn from `seed`. For tests, examples and tools.
    pub fn from_board(board: Board, seed: u64) -> Self {
        let config = Config {
            width: board.width(),
            height: board.height(),
            ..Config::default()
        };
        let next_id = board.tiles().map(|t| t.id.0 + 1).max().unwrap_or(0);
        let status = if board.can_move() {
            Status::Playing
        } else {
            Status::Over
        };
        State {
            config,
            board,
            score: 0,
            status,
            moves: 0,
            last: None,
            next_id,
            rng: Pcg32::seed_from_u64(seed),
            luck: Luck::Drawn,
        }
    }

    fn fresh(config: Config, rng: Pcg32, next_id: u32, luck: Luck) -> Self {
        let mut state = State {
            config,
            board: Board::empty(config.width, config.height),
            score: 0,
            status: Status::Playing,
            moves: 0,
            last: None,
            next_id,
            rng,
            luck,
        };
        state.spawn();
        state.spawn();
        state
    }

    /// Places a 2 (or, one time in ten, a 4) in a uniformly chosen empty
    /// cell, drawn as `self.luck` says. Does nothing on a full board.
    fn spawn(&mut self) {
        let empty = self.board.empty_cells();
        if empty.is_empty() {
            return;
        }
        let (cell, four) = match self.luck {
            Luck::Drawn => {
                let cell = self.rng.random_range(0..empty.len());
                (cell, self.rng.random_bool(FOUR_CHANCE))
            }
            Luck::Same => {
                let roll: u64 = self.rng.random();
                let cell = ((roll >> 32) * empty.len() as u64) >> 32;
                (cell as usize, roll & 0xFFFF_FFFF < FOUR_BELOW)
            }
        };
        let pos = empty[cell];
        let value = if four { 4 } else { 2 };
        self.board.put(Tile {
            id: TileId(self.next_id),
            value,
            pos,
            origin: Origin::Spawned,
        });
        self.next_id += 1;
    }

    /// The seed `Input::NewGame` starts the next game from: drawn from this
    /// game's generator, so a whole session of games replays from its first
    /// seed.
    pub fn next_game_seed(&self) -> u64 {
        self.rng.clone().random()
    }

    /// Whether moves are accepted now.
    pub fn accepts_moves(&self) -> bool {
        matches!(self.status, Status::Playing | Status::Continuing)
    }

    fn reached_target(&self, merged: &[u64]) -> bool {
        self.config
            .target
            .is_some_and(|t| merged.iter().any(|&v| v >= t))
    }
}

/// The game's one transition. Pure: the same input and state always give the
/// same result, and the input state is untouched.
pub fn step(input: Input, state: &State) -> State {
    match input {
        Input::Move(direction) => play(direction, state),
        Input::NewGame => {
            let seed = state.next_game_seed();
            State::fresh(
                state.config,
                Pcg32::seed_from_u64(seed),
                state.next_id,
                state.luck,
            )
        }
        Input::KeepPlaying => match state.status {
            Status::Won => State {
                status: if state.board.can_move() {
                    Status::Continuing
                } else {
                    Status::Over
                },
                ..state.clone()
            },
            _ => state.clone(),
        },
    }
}

fn play(direction: Direction, state: &State) -> State {
    if !state.accepts_moves() {
        return state.clone();
    }
    let mut next_id = state.next_id;
    let slide = state.board.slide(direction, &mut next_id);
    if !slide.changed {
        return state.clone();
    }
    let mut next = State {
        config: state.config,
        board: slide.board,
        score: state.score + slide.gained,
        status: state.status,
        moves: state.moves + 1,
        last: None,
        next_id,
        rng: state.rng.clone(),
        luck: state.luck,
    };
    next.spawn();
    // The win is checked first, so a winning move that also fills the board
    // shows the win; the loss is noticed on the same move, not one input late.
    next.status = if next.status == Status::Playing && state.reached_target(&slide.merged) {
        Status::Won
    } else if !next.board.can_move() {
        Status::Over
    } else {
        next.status
    };
    next.last = Some(Turn {
        direction,
        gained: slide.gained,
        merged: slide.merged,
    });
    next
}
