//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).

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

use super::context::select;
use crate::app::Panel;

/// Whichever panel is open. `EitherOf3` rather than `into_any()`: type
/// erasure made the page's wasm 2.8 KB gzip larger.
#[component]
pub fn Panels() -> impl IntoView {
    let panel = select(|m| m.panel);
    move || match panel.get() {
        Some(Panel::Stats) => Some(EitherOf3::A(view! { <stats::StatsPanel/> })),
        Some(Panel::Settings) => Some(EitherOf3::B(view! { <settings::SettingsPanel/> })),
        Some(Panel::History) => Some(EitherOf3::C(view! { <history::HistoryPanel/> })),
        None => None,
    }
}
