//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).
//!
//! Each panel's view is left out of the page's first download: its code
//! (and the code only it uses: charts, the message log, the review) is a
//! chunk of wasm of its own, fetched the first time the panel opens.
//! `update` asks for it (`Cmd::LoadChunk`), the runner fetches it (and
//! keeps what draws it), and the model says where it stands
//! ([`Fetch`](crate::app::chunks::Fetch)); [`Panels`] draws the panel in
//! its place the way every chunk is drawn ([`chunk_place`]): once its
//! chunk is here, at once, and until then a line in its place. The split
//! points themselves are in the page's binary (`src/main.rs`,
//! [`crate::web::split_points`]).

mod charts;
mod grade_mark;
mod history;
pub mod messages;
mod review;
mod review_chart;
mod settings;
mod stats;

use leptos::prelude::*;

use super::chunk_place::chunk_place;
use super::context::select;
use crate::app::chunks::Chunk;

pub use history::HistoryPanel;
pub use settings::SettingsPanel;
pub use stats::StatsPanel;

/// Whichever panel is open: drawn if its code is here (in the same frame:
/// a loaded chunk's function answers at once), otherwise a line saying it
/// is loading or could not be loaded, in the panel's place.
#[component]
pub fn Panels() -> impl IntoView {
    chunk_place(select(|m| {
        m.panel
            .map(|p| (Chunk::Panel(p), m.chunks.of(Chunk::Panel(p))))
    }))
}
