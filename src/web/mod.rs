//! The edge between the app and the browser.
//!
//! - `runtime`: [`App`]: the model in one signal, `dispatch`, and the
//!   only writer of that signal.
//! - `effects`: the one effect runner: the only code that touches
//!   storage, the AI worker, timers, the clipboard, the address bar and the
//!   live region.
//! - `subscriptions`: keys, swipes and other tabs, turned into messages.
//! - [`storage`]: localStorage: keys, reads, writes, fault handling.
//! - [`ai_client`]: the page's side of the AI worker.
//! - `browser`: small doors to the browser (address, randomness, theme,
//!   clipboard).

pub mod ai_client;
mod browser;
mod effects;
mod runtime;
pub mod storage;
mod subscriptions;

pub use runtime::{mount, App, Dispatch};
