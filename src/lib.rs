//! 2048 in Rust and Leptos, built as the Elm architecture: the whole game is
//! one pure function, [`engine::step`], folded over the player's inputs, and
//! the view only renders the current [`engine::State`].
//!
//! # Layout
//! - [`engine`]: the rules. Board, tiles, `Input`, `Status`, `step`. No web
//!   dependency, no hidden randomness (a seeded generator lives in the state);
//!   tested natively with `cargo test`.
//! - [`save`]: the JSON formats of a saved game and a best score, and the
//!   checks a stored value must pass before it is trusted. No web dependency.
//! - [`history`]: undo, redo and time travel: a session as its seed and the
//!   inputs applied, with checkpoints. No web dependency.
//! - [`replay`]: share links (size, target, seed and every input, packed
//!   URL-safe and checksummed) and `?seed=N`. No web dependency.
//! - [`stats`]: games played and won, best tile, moves and tile rates per
//!   board size. No web dependency.
//! - [`storage`]: localStorage, and only it: keys, fault handling.
//! - [`ai`]: the computer player: time-bounded expectimax on a 4×4 bitboard.
//! - [`view`]: Leptos components (`App`, `Grid`, `Tile`, `ScoreBar`,
//!   `Overlay`, header and controls) and the edges that touch the browser
//!   (keyboard input).
//! - `src/main.rs`: installs the panic hook and mounts `App`.
//! - `style/`: every colour, size and timing, as CSS.
//! - `tests/`: native engine tests (`engine_rules.rs`, `engine_props.rs`) and
//!   the end-to-end browser tests (`e2e/`).

pub mod ai;
pub mod engine;
pub mod history;
pub mod replay;
pub mod save;
pub mod stats;
pub mod storage;
pub mod view;
