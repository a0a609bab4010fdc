//! 2048 in Rust and Leptos, built as the Elm architecture from the top: the
//! game is one pure function, [`engine::step`], folded over the player's
//! inputs, and the app around it is one pure function too,
//! [`app::update`], folded over the app's messages, with
//! [`app::subscriptions`] saying what it listens to. The web is an edge.
//!
//! # Layout
//! - [`engine`]: the rules. Board, tiles, `Input`, `Status`, `step`. No web
//!   dependency, no hidden randomness (a seeded generator lives in the state).
//! - [`session`]: what is kept of a game: history (undo, redo, time
//!   travel), share links, statistics, the save formats. No web dependency.
//! - [`app`]: `Model`, `Msg`, `Cmd`, `init`, `update`, `subscriptions`:
//!   every rule above the engine. No web dependency; tested natively.
//! - [`ai`]: the computer player: time-bounded expectimax on a 4×4 bitboard,
//!   and the protocol of its Web Worker. No web dependency.
//! - [`web`]: the runtime (the model signal and the loop), the one command
//!   runner, the listeners behind the subscriptions, storage, the AI client
//!   and the browser's doors.
//! - [`view`]: Leptos components only: they read memos of the model and send
//!   messages.
//! - `src/main.rs`: installs the panic hook and calls [`web::mount`], which
//!   puts [`web::App`] in place of index.html's static shell.
//! - `style/`: every colour, size and timing, as CSS.

pub mod ai;
pub mod app;
pub mod engine;
pub mod session;
pub mod view;
pub mod web;
