//! The panels under the board; at most one is open, and only the open one
//! is mounted (no cost while closed).

mod charts;
mod history;
mod messages;
mod review;
mod review_chart;
mod settings;
mod stats;

use leptos::prelude::*;

use super::context::select;
use crate::app::Panel;

/// Whichever panel is open.
#[component]
pub fn Panels() -> impl IntoView {
    let panel = select(|m| m.panel);
    move || match panel.get() {
        Some(Panel::Stats) => Some(view! { <stats::StatsPanel/> }.into_any()),
        Some(Panel::Settings) => Some(view! { <settings::SettingsPanel/> }.into_any()),
        Some(Panel::History) => Some(view! { <history::HistoryPanel/> }.into_any()),
        None => None,
    }
}
