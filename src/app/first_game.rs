//! A new visitor's first game, on screen before the wasm has loaded.
//!
//! index.html's static shell ends with a short script. On a plain first
//! visit (no query in the address, no service worker, nothing of this
//! game's in storage) it picks one entry of a table of starting boards at
//! random and draws its two tiles in the shell's board. The app, once it
//! runs, takes over the game of that entry's seed (`Flags::shell_game`),
//! so the tiles stay where they are, and every later tile is the engine's.
//!
//! The table is the engine's own: [`first_boards`] makes it, the
//! `first-boards` binary prints it, and the build (scripts/first-boards.mjs,
//! a trunk hook) writes it into the page. Each entry is a seed and its two
//! tiles as the tile layer draws them (their classes from
//! [`ViewTile::class`], their values), so the script knows no rule of the
//! game and no class name: it picks an entry and draws it.
//!
//! The first moves are played before the app runs too, by the engine
//! alone: a few KB of wasm built from the same `src/engine` (the crate in
//! `engine-wasm/`), which the page fetches at once on such a visit. For
//! each key in [`move_keys`] and each gesture that the app's own
//! [`super::swipe`], compiled into that wasm, judges a move, the script
//! asks it to play the move and draws the tiles it returns, in the tile
//! layer's classes. When the app starts it adopts the game: a
//! [`ShellGame`], the seed and the moves played, which
//! [`ShellGame::adopted`] folds by `step` as a saved history is read back.
//! Anything
//! else the player does before the app runs (another key, a key with a
//! modifier), and everything after it, is kept by the script, in order,
//! and dispatched again once the app's subscriptions listen, as are all
//! the keys and gestures where the engine's wasm could not load: they are
//! played by the same rules as every later key ([`super::keys`],
//! [`super::swipe`]).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;

use super::keys::{msg_for_key, Modifiers};
use super::msg::Msg;
use super::tiles::{view_tiles, ViewTile};
use crate::engine::{Config, Direction, Input, Luck, State};
use crate::session::history::History;

/// How many starting boards the page carries. 32 entries are about 0.6 KB
/// of the page (gzip): enough that the first boards vary as the game's
/// starts do (each a 4 one time in ten), few enough that the first tile
/// costs no visible download time (docs/first-paint.md).
pub const ENTRIES: usize = 32;

/// Where the table's seeds are drawn from: fixed, so that every build
/// carries the same table and a build is reproducible.
const TABLE_SEED: u64 = 2048;

/// One entry of the table: a seed, and the tiles of its first board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstBoard {
    pub seed: u64,
    pub tiles: Vec<ViewTile>,
}

impl FirstBoard {
    /// The entry of `seed`: the first board of the default game it starts.
    pub fn of(seed: u64) -> FirstBoard {
        FirstBoard {
            seed,
            tiles: view_tiles(&State::new(Config::default(), seed), false),
        }
    }
}

/// The table: [`ENTRIES`] seeds below 2³² (so that JavaScript reads each as
/// an exact number), each with its first board.
pub fn first_boards() -> Vec<FirstBoard> {
    let mut rng = Pcg32::seed_from_u64(TABLE_SEED);
    (0..ENTRIES)
        .map(|_| FirstBoard::of(u64::from(rng.random::<u32>())))
        .collect()
}

/// The game the page's shell played before the app ran: the seed of the
/// first board it drew and the moves the engine's wasm played on it, each
/// of which changed the board. Nothing but these crosses from the script
/// to the app: the game is its seed and its inputs.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ShellGame {
    pub seed: u64,
    pub moves: Vec<Input>,
}
crate::session::object::from_object!(ShellGame { seed, moves });

impl ShellGame {
    /// The game of `seed` and `moves`, a string of direction numbers
    /// (`"2031"`, as the first-game script gives them), read up to the
    /// first character that is not one.
    pub fn read(seed: u64, moves: &str) -> ShellGame {
        let mut game = ShellGame {
            seed,
            moves: Vec::new(),
        };
        for digit in moves.bytes() {
            let Some(direction) = numbered(digit) else {
                break;
            };
            game.moves.push(Input::Move(direction));
        }
        game
    }

    /// The game as the app keeps it: the default game of `seed` with the
    /// moves as its inputs, each folded by `step`, as a saved history is
    /// read back (`History::from_parts`), so undo, the history, saves and
    /// share links hold the shell's moves as any others. Moves that are
    /// not a game of that seed (one that changes nothing) are refused
    /// whole: the game of the seed alone.
    pub fn adopted(&self) -> History {
        let (config, moves) = (Config::default(), &self.moves);
        History::from_parts(config, self.seed, Luck::Drawn, moves, moves.len())
            .unwrap_or_else(|_| History::new(config, self.seed))
    }
}

/// A direction by its number, as the engine's wasm and the first-game
/// script say it: its place in [`Direction::ALL`], a digit from `0` to
/// `3`.
pub fn numbered(digit: u8) -> Option<Direction> {
    Direction::ALL
        .get(usize::from(digit.wrapping_sub(b'0')))
        .copied()
}

/// The number of `direction`: its place in [`Direction::ALL`].
pub fn number(direction: Direction) -> usize {
    Direction::ALL
        .iter()
        .position(|&d| d == direction)
        .unwrap_or_default()
}

/// The keys that move, pressed alone, as the first-game script looks them
/// up (the build writes the table into the page): every arrow and every
/// printable ASCII key for which [`msg_for_key`] says a move. Any other
/// key is the app's: the script keeps it, and all after it, for the app.
pub fn move_keys() -> Vec<(String, Direction)> {
    let arrows = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].map(String::from);
    let printable = (b'!'..=b'~').map(|c| char::from(c).to_string());
    arrows
        .into_iter()
        .chain(printable)
        .filter_map(|key| match msg_for_key(&key, Modifiers::default()) {
            Some(Msg::Play(Input::Move(d))) => Some((key, d)),
            _ => None,
        })
        .collect()
}
