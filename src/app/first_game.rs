//! A new visitor's first game, on screen before the wasm has loaded.
//!
//! index.html's static shell ends with a short script. On a plain first
//! visit (no query in the address, no service worker, nothing of this
//! game's in storage) it picks one entry of a table of starting boards at
//! random and draws its two tiles in the shell's board. The app, once it
//! runs, starts the game of that entry's seed (`Flags::shell_seed`), so
//! the tiles stay where they are, and every later tile is the engine's.
//!
//! The table is the engine's own: [`first_boards`] makes it, the
//! `first-boards` binary prints it, and the build (scripts/first-boards.mjs,
//! a trunk hook) writes it into the page. Each entry is a seed and its two
//! tiles as the tile layer draws them (their classes from
//! [`ViewTile::class`], their values), so the script knows no rule of the
//! game and no class name: it picks an entry and draws it.
//!
//! The keys pressed and the board's pointer gestures made before the app
//! runs are kept by the script, in order, and dispatched again once the
//! app's subscriptions listen: they are played by the same rules as every
//! later key ([`super::keys`], [`super::swipe`]).

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;

use super::tiles::{view_tiles, ViewTile};
use crate::engine::{Config, State};

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
