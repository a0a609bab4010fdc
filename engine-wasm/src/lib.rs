//! The engine alone, a few KB of wasm, for the page's first-game script
//! (index.html): on a new visitor's first visit it plays the first moves
//! on the shell's board, before the page's wasm has arrived
//! (docs/first-paint.md). The app then adopts the game: its seed and the
//! moves played (`app::first_game::ShellGame`).
//!
//! Nothing here is a rule of its own. The rules are `src/engine` (`step`),
//! the tiles' classes are the app's tile layer (`src/app/tiles.rs`), and a
//! gesture is judged by the app's `src/app/swipe.rs`: the same files,
//! included by path. This file only hands their answers to JavaScript,
//! through plain `extern "C"` exports (no wasm-bindgen, no imports):
//!
//! - `start(hi, lo)`: a default game (4×4, to 2048) from the seed
//!   `hi << 32 | lo`; returns the length of its tiles' text (below);
//! - `play(direction)`: plays a move (a direction's number is its place in
//!   `Direction::ALL`: 0 up, 1 down, 2 left, 3 right); returns the length
//!   of the new tiles' text, or 0 when nothing changed (a move that moves
//!   nothing, a game that takes no moves, a number that is no direction,
//!   no game started);
//! - `text()`: where that text is, in the exported memory: each tile as
//!   `id,value,classes;` (no class name holds a comma or a semicolon), the
//!   classes those of the app's tile layer for the same state
//!   (`ViewTile::class`);
//! - `score()`: the game's score;
//! - `swipe(dx, dy, cell)`: the direction of a gesture that moved by
//!   (`dx`, `dy`) on a board whose cells are `cell` CSS pixels wide, as
//!   the app judges it, or -1 for none.

// The included modules' parts that the app uses and these exports do not.
#![allow(dead_code, unused_imports)]

#[path = "../../src/engine/mod.rs"]
mod engine;
#[path = "../../src/app/swipe.rs"]
mod swipe;
#[path = "../../src/app/tiles.rs"]
mod tiles;

use std::alloc::{GlobalAlloc, Layout};
use std::cell::{Cell, RefCell};

use engine::{step, Config, Direction, Input, State};

/// The game being played, and the text of its tiles.
#[derive(Default)]
struct Game {
    state: Option<State>,
    text: String,
}

impl Game {
    /// Writes the tiles of `state` into `text`; returns its length.
    fn show(&mut self, state: State) -> u32 {
        self.text.clear();
        // In the board's order: the script draws them by id.
        for tile in state.board.tiles().map(|t| tiles::view_tile(t, false)) {
            self.text.push_str(&tile.id.0.to_string());
            self.text.push(',');
            self.text.push_str(&tile.value.to_string());
            self.text.push(',');
            self.text.push_str(&tile.class());
            self.text.push(';');
        }
        self.state = Some(state);
        self.text.len() as u32
    }
}

thread_local! {
    static GAME: RefCell<Game> = RefCell::new(Game::default());
}

#[no_mangle]
pub extern "C" fn start(hi: u32, lo: u32) -> u32 {
    let seed = u64::from(hi) << 32 | u64::from(lo);
    let state = State::new(Config::default(), seed);
    GAME.with(|game| game.borrow_mut().show(state))
}

#[no_mangle]
pub extern "C" fn play(direction: u32) -> u32 {
    let Some(&direction) = Direction::ALL.get(direction as usize) else {
        return 0;
    };
    GAME.with(|game| {
        let mut game = game.borrow_mut();
        let Some(state) = &game.state else { return 0 };
        let next = step(Input::Move(direction), state);
        if next.moves == state.moves {
            return 0;
        }
        game.show(next)
    })
}

#[no_mangle]
pub extern "C" fn text() -> *const u8 {
    GAME.with(|game| game.borrow().text.as_ptr())
}

#[no_mangle]
pub extern "C" fn score() -> f64 {
    GAME.with(|game| game.borrow().state.as_ref().map_or(0.0, |s| s.score as f64))
}

#[no_mangle]
pub extern "C" fn swipe(dx: f64, dy: f64, cell: f64) -> i32 {
    swipe::direction(dx, dy, swipe::threshold(cell))
        .and_then(|d| Direction::ALL.iter().position(|&a| a == d))
        .map_or(-1, |i| i as i32)
}

/// Memory handed out and never taken back. The engine's wasm lives from
/// the first paint until the app takes the game over, seconds and a few
/// hundred moves at most (some KB each); a general allocator (dlmalloc,
/// std's) would be a quarter of its size, and every byte of it delays the
/// stylesheet it downloads beside.
struct Bump {
    next: Cell<usize>,
}

// The wasm runs on one thread.
unsafe impl Sync for Bump {}

const PAGE: usize = 65_536;

unsafe impl GlobalAlloc for Bump {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        use core::arch::wasm32::{memory_grow, memory_size};
        let mut next = self.next.get();
        if next == 0 {
            // Past the memory the module starts with (its stack and data).
            next = memory_size(0) * PAGE;
        }
        let start = (next + layout.align() - 1) & !(layout.align() - 1);
        let end = start + layout.size();
        let have = memory_size(0) * PAGE;
        if end > have && memory_grow(0, (end - have).div_ceil(PAGE)) == usize::MAX {
            return std::ptr::null_mut();
        }
        self.next.set(end);
        start as *mut u8
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
}

#[global_allocator]
static MEMORY: Bump = Bump { next: Cell::new(0) };
