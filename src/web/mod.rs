//! The edge between the app and the browser.
//!
//! - `runtime`: [`App`]: the model in one signal, the message loop, and the
//!   only writer of that signal.
//! - [`dispatcher`]: the one way anything sends a message.
//! - `runner`: the one command runner: the only code that carries out a
//!   `Cmd` (storage, the AI worker, timers, the clipboard, the address bar,
//!   the chunks of code).
//! - `subscriptions`: the listeners behind `app::subscriptions` (keys,
//!   other tabs, the replay ticker, the colour scheme, idle moments, the
//!   page being hidden), started and stopped as the model says; `swipes`:
//!   the board's gestures.
//! - [`storage`]: localStorage: keys, reads, writes, fault handling;
//!   [`deck_store`]: the deck's reader and writer, which learn's chunk hands
//!   the runner.
//! - [`workers`]: the computer player's commands carried out, with
//!   [`ai_client`], the page's side of the AI worker, for hints and
//!   autoplay, and [`review_pool`], the workers that search a game for its
//!   review; both start and speak to each worker through [`worker`].
//! - [`split_points`]: the page's split points, as its binary hands them
//!   over: each chunk of code is fetched when it is first needed.
//! - [`browser`]: the doors to the browser, each safe to call in any
//!   browser (no JavaScript exception gets through).

pub mod ai_client;
pub mod browser;
pub mod card_picture;
pub mod debugger;
pub mod deck_store;
pub mod dispatcher;
pub mod review_pool;
mod runner;
mod runtime;
pub mod session_file;
pub mod split_points;
pub mod storage;
mod subscriptions;
mod swipes;
pub mod worker;
pub mod workers;

pub use runtime::{mount, App, SHELL_ID};
