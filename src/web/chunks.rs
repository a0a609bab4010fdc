//! The code the page fetches when it is first needed, as the page's binary
//! hands it over: its split points (`src/main.rs`), each a function whose
//! code is a chunk of wasm of its own, fetched on its first call: the
//! panels' views. Where each chunk stands is model state (`app::code`); the
//! runner fetches them and `view::panels` draws from them; and the daily's
//! and races' views (`view::contest`), fetched once there is a contest.
//!
//! The split points are in the binary rather than here: a split point is a
//! function exported from whichever wasm links it, and the AI worker links
//! this library.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

use crate::app::Panel;

/// A future on the page's one thread.
pub type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// The page's split points.
#[derive(Clone, Copy)]
pub struct Chunks {
    /// Fetches a panel's chunk: `true` once it is here (at once if it was).
    pub load_panel: fn(Panel) -> Later<bool>,
    /// A panel's view, from its chunk (`None` if it is not here).
    pub draw_panel: fn(Panel) -> Later<Option<AnyView>>,
    /// Fetches the contest's views' chunk: `true` once it is here.
    pub load_contest: fn() -> Later<bool>,
    /// The contest bar and the result card, from their chunk.
    pub draw_contest: fn() -> Later<Option<AnyView>>,
}
