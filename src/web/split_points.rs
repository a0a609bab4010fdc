//! The page's split points, as its binary hands them over
//! (`src/main.rs`): each a function whose code is a chunk of wasm of its
//! own, fetched on its first call. Which chunks there are, and where each
//! stands, is the model's (`app::chunks`); the runner fetches them with
//! [`SplitPoints::load`], and the views draw from them with
//! [`SplitPoints::draw`] once they are here: a panel's view
//! (`view::panels`), the daily's and races' views (`view::contest`).
//!
//! The split points are in the binary rather than here: a split point is a
//! function exported from whichever wasm links it, and the AI worker links
//! this library. Each is awaited twice, by design: `load` is the fetch the
//! model tracks (and may fail); `draw` calls the split function itself,
//! which answers at once once its chunk is here (the splitter's functions
//! are async only, so a view holds it in a `Suspend`).

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

use crate::app::chunks::Chunk;

/// A future on the page's one thread.
pub type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// The page's split points.
#[derive(Clone, Copy)]
pub struct SplitPoints {
    /// Fetches a chunk: `true` once it is here (at once if it was).
    pub load: fn(Chunk) -> Later<bool>,
    /// A chunk's view (`None` if it is not here).
    pub draw: fn(Chunk) -> Later<Option<AnyView>>,
}
