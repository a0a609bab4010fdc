//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).
//!
//! Each panel's view is left out of the page's first download: its code
//! (and the code only it uses: charts, the message log, the review) is a
//! chunk of wasm of its own, fetched the first time the panel opens.
//! `update` asks for it (`Cmd::LoadPanel`), the runner fetches it with
//! [`Chunks::load`], and the model says where it stands ([`Code`]);
//! [`Panels`] draws the panel with [`Chunks::draw`] once its code is here,
//! and until then a line in its place.
//!
//! The split points themselves are in the page's binary (`src/main.rs`),
//! which hands them to [`crate::web::mount`] as [`Chunks`]: a split point
//! is a function exported from whichever wasm links it, so in this library
//! it would put every panel into the AI worker's wasm too.

mod charts;
mod grade_mark;
mod history;
mod messages;
mod review;
mod review_chart;
mod settings;
mod stats;

use std::future::Future;
use std::pin::Pin;

use leptos::either::EitherOf3;
use leptos::prelude::*;

use super::context::select;
use crate::app::panel::Code;
use crate::app::Panel;

pub use history::HistoryPanel;
pub use settings::SettingsPanel;
pub use stats::StatsPanel;

/// A future (`Send`, as `Suspend` asks: the page has one thread).
pub type Later<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// The panels' code, from the page's split points.
#[derive(Clone, Copy)]
pub struct Chunks {
    /// Fetches a panel's chunk: `true` once it is here (at once if it was).
    pub load: fn(Panel) -> Later<bool>,
    /// A panel's view, from its chunk (`None` if it is not here).
    pub draw: fn(Panel) -> Later<Option<AnyView>>,
}

/// Whichever panel is open: drawn if its code is here (in the same frame:
/// a loaded chunk's function answers at once), otherwise a line saying it
/// is loading or could not be loaded, in the panel's place.
#[component]
pub fn Panels() -> impl IntoView {
    let chunks = use_context::<Chunks>().expect("Page provides the Chunks");
    let open = select(|m| m.panel.map(|p| (p, m.code.of(p))));
    move || {
        open.get().map(|(panel, code)| match code {
            Code::Loaded => EitherOf3::A(Suspend::new((chunks.draw)(panel))),
            Code::Failed => EitherOf3::B(view! {
                <p class="panel panel-note" role="status">
                    "This panel could not be loaded. The game plays on; \
                     the panel tries again when you next open it."
                </p>
            }),
            Code::Missing | Code::Loading => EitherOf3::C(view! {
                <p class="panel panel-note panel-loading">"Loading…"</p>
            }),
        })
    }
}
