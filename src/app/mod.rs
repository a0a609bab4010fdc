//! The app as the Elm architecture: one [`Model`], one closed [`Msg`] enum,
//! a pure [`update`] that advances the model and returns [`Effect`]s, and
//! [`init()`], the first model. Nothing here touches the web: no leptos,
//! web-sys, js-sys, gloo or wasm-bindgen; every rule is tested natively
//! (`tests/app_update.rs`).
//!
//! ```text
//! (model₀, effects₀) = init(flags)
//! effectsₙ           = update(&mut modelₙ, msgₙ)      (modelₙ → modelₙ₊₁)
//! ```
//!
//! The runtime in `src/web/` holds the model in one signal, runs `update`
//! for every message and hands the effects to its one effect runner;
//! subscriptions (keys, swipes, other tabs, the worker, timers) only make
//! messages. Game inputs go on through `History::apply`, which is the
//! engine's `step`.
//!
//! - [`msg`]: everything that can happen to the app.
//! - [`effect`]: everything the app can ask of the outside.
//! - [`model`]: everything the page shows or remembers.
//! - [`init`](mod@init): the first model, from what the page was opened with.
//! - [`update`]: the rules.
//! - [`computer`]: the computer player's part of the model.
//! - [`log`]: the last messages and their effects, for the history panel.
//! - [`keys`], [`swipe`]: which key or gesture means which message.
//! - [`tiles`], [`words`]: the board as the tile layer draws it, and the
//!   sentences the page says.

pub mod computer;
pub mod effect;
pub mod init;
pub mod keys;
pub mod log;
pub mod model;
pub mod msg;
pub mod swipe;
pub mod tiles;
mod update;
pub mod words;

pub use effect::Effect;
pub use init::{init, Flags, Load, Query, Saved};
pub use log::Ignored;
pub use model::{Mode, Model, Notice, Panel, Share};
pub use msg::Msg;
pub use update::update;
