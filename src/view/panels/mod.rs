//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).
//!
//! Each panel's view is left out of the page's first download: its code
//! (and the code only it uses: charts, the message log, the review) is a
//! chunk of wasm of its own, fetched the first time the panel opens.
//! `update` asks for it (`Cmd::LoadPanel`), the runner fetches it with
//! [`Chunks::load_panel`], and the model says where it stands ([`Code`]);
//! [`Panels`] draws the panel with [`Chunks::draw_panel`] once its code is
//! here, and until then a line in its place. The split points themselves
//! are in the page's binary (`src/main.rs`, [`crate::web::chunks`]).

mod charts;
mod grade_mark;
mod history;
mod messages;
mod review;
mod review_chart;
mod settings;
mod stats;

use leptos::either::EitherOf3;
use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::context::select;
use crate::app::code::Code;
use crate::web::chunks::Chunks;

pub use history::HistoryPanel;
pub use settings::SettingsPanel;
pub use stats::StatsPanel;

/// Whichever panel is open: drawn if its code is here (in the same frame:
/// a loaded chunk's function answers at once), otherwise a line saying it
/// is loading or could not be loaded, in the panel's place.
#[component]
pub fn Panels(
    /// The page's split points, from which a panel is drawn.
    chunks: Chunks,
) -> impl IntoView {
    let open = select(|m| m.panel.map(|p| (p, m.panel_code.of(p))));
    move || {
        open.get().map(|(panel, code)| match code {
            Code::Loaded => {
                EitherOf3::A(Suspend::new(SendWrapper::new((chunks.draw_panel)(panel))))
            }
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
