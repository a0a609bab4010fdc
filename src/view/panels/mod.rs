//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).
//!
//! Each panel's view is left out of the page's first download: its code
//! (and the code only it uses: charts, the message log, the review) is a
//! chunk of wasm of its own, fetched the first time the panel opens.
//! `update` asks for it (`Cmd::LoadChunk`), the runner fetches it (and
//! keeps what draws it), and the model says where it stands ([`Fetch`]);
//! [`Panels`] draws the panel with [`split_points::draw`] once its chunk is
//! here, at once, and until then a line in its place. The split points themselves
//! are in the page's binary (`src/main.rs`, [`crate::web::split_points`]).

mod charts;
mod grade_mark;
mod history;
mod inspector;
mod messages;
mod review;
mod review_chart;
mod settings;
mod stats;

use leptos::either::EitherOf3;
use leptos::prelude::*;

use super::context::select;
use crate::app::chunks::{Chunk, Fetch};
use crate::web::split_points;

pub use history::HistoryPanel;
pub use inspector::Inspector;
pub use settings::SettingsPanel;
pub use stats::StatsPanel;

/// Whichever panel is open: drawn if its code is here (in the same frame:
/// a loaded chunk's function answers at once), otherwise a line saying it
/// is loading or could not be loaded, in the panel's place.
#[component]
pub fn Panels() -> impl IntoView {
    let open = select(|m| {
        m.panel
            .map(|p| (Chunk::Panel(p), m.chunks.of(Chunk::Panel(p))))
    });
    move || {
        open.get().map(|(chunk, fetch)| match fetch {
            Fetch::Loaded => EitherOf3::A(split_points::draw(chunk)),
            Fetch::Failed => EitherOf3::B(view! {
                <p class="panel panel-note" role="status">
                    "This panel could not be loaded. The game plays on; \
                     the panel tries again when you next open it."
                </p>
            }),
            Fetch::Missing | Fetch::Loading => EitherOf3::C(view! {
                <p class="panel panel-note panel-loading">"Loading…"</p>
            }),
        })
    }
}
