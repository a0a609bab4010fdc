//! The app as the Elm architecture: one [`Model`], one closed [`Msg`] enum,
//! [`init()`], a pure [`update`] that advances the model and returns
//! [`Cmd`]s, and a pure [`subscriptions`] that says what to listen to.
//! Nothing here touches the web: no leptos, web-sys, js-sys, gloo or
//! wasm-bindgen; every rule is tested natively (`tests/app_update.rs`).
//!
//! ```text
//! (model₀, cmds₀) = init(flags)
//! cmdsₙ           = update(&mut modelₙ, msgₙ)      (modelₙ → modelₙ₊₁)
//! subsₙ₊₁         = subscriptions(&modelₙ₊₁)
//! ```
//!
//! The runtime in `src/web/` holds the model in one signal, runs `update`
//! for every message, hands the commands to its one runner, and starts or
//! stops listeners as `subscriptions` says. Game inputs go on through
//! `History::apply`, which is the engine's `step`.
//!
//! - [`msg`]: everything that can happen to the app.
//! - [`cmd`]: everything the app can ask of the outside.
//! - [`model`]: everything the page shows or remembers, as rooms: [`game`]
//!   (the player's game and its records), [`travel`] (time travel and
//!   replays), [`settings`] (the theme), [`storage`] (what is saved and
//!   the notice), [`links`] (the page's address and the share link),
//!   [`computer`], [`coach`], [`contest`], [`learn`], [`chunks`], [`panel`]; each
//!   room's rules in one file of `update/`.
//! - [`init`](mod@init): the first model, from what the page was opened with.
//! - [`update`]: the rules.
//! - [`subscriptions`](mod@subscriptions): what the app listens to.
//! - [`saved`]: what storage is asked for and answers.
//! - [`computer`]: the computer player's room.
//! - [`contest`]: the daily and races, beside the player's own game;
//!   [`card`] and [`bar`]: what they show, and the result card.
//! - [`coach`]: the review of the game in play.
//! - [`learn`]: learn from your mistakes: the walk through a reviewed
//!   game's mistakes, the deck of positions to practise, puzzle links;
//!   [`walk_bar`]: what its bar shows.
//! - [`chunks`]: the chunks of code fetched when first needed, and where
//!   each stands.
//! - [`rooms`]: the rooms whose rules arrive with their chunk on the page
//!   (the contest's and learn's), and which messages wait for them.
//! - [`panel`]: the panels.
//! - [`review_button`]: the review's button, as the model stands.
//! - [`choices`]: the board sizes and targets the settings offer.
//! - [`ignored`]: why `update` did nothing with a message.
//! - [`refusal`]: why the game on the board refuses help or the computer,
//!   and whether the computer may be asked, as named values.
//! - [`notice`]: what the player is told of storage and of a card sent.
//! - [`debugger`]: the tool that wraps the app as Elm's debugger does:
//!   the runtime's recording, pausing on any message, session files.
//! - [`keys`], [`swipe`]: which key or gesture means which message.
//! - [`first_game`]: the starting boards the page draws for a new visitor
//!   before the app runs, and the game it played there, which the app
//!   adopts.
//! - [`tiles`], [`words`]: the board as the tile layer draws it, and every
//!   word the app says.

pub mod bar;
pub mod card;
pub mod choices;
pub mod chunks;
pub mod cmd;
pub mod coach;
pub mod computer;
pub mod contest;
pub mod debugger;
pub mod first_game;
pub mod game;
pub mod ignored;
pub mod init;
pub mod keys;
pub mod learn;
pub mod links;
pub mod model;
pub mod msg;
pub mod notice;
pub mod panel;
pub mod refusal;
pub mod review_button;
pub mod rooms;
pub mod saved;
pub mod settings;
pub mod storage;
pub mod subscriptions;
pub mod swipe;
pub mod tiles;
pub mod travel;
mod update;
pub mod walk_bar;
pub mod words;

pub use cmd::Cmd;
pub use ignored::Ignored;
pub use init::{init, Flags, Query};
pub use model::{Mode, Model, Notice, Panel, Share, Unsaved};
pub use msg::{Msg, MsgKind};
pub use notice::Sent;
pub use saved::{Load, Saved};
pub use subscriptions::{subscriptions, Subs};
pub use update::{update, update_explained};
