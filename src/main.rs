//! The page's binary: installs the panic hook and mounts the app in place
//! of index.html's static shell, handing it the page's split points.
//! Everything else is in the library.
//!
//! Each `wasm_split` function below is a split point: the build cuts the
//! wasm there (`scripts/bin/wasm-bindgen`), so what only that function
//! reaches (a panel's view, and what only that panel uses) becomes a chunk
//! of its own, fetched when the function is first awaited. They are `wasm_split`
//! functions, what Leptos's `#[lazy]` is built on, with its `fallible`
//! option: a chunk that cannot be fetched is an `Err` the model keeps,
//! where `#[lazy]` would abort the page's wasm. They live here rather than
//! in the library: a split point is exported from whichever wasm links it,
//! and the AI worker links the library.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use leptos_2048::app::Panel;
use leptos_2048::view::contest::ContestViews;
use leptos_2048::view::panels::{HistoryPanel, SettingsPanel, StatsPanel};
use leptos_2048::web::chunks::Chunks;

fn main() {
    console_error_panic_hook::set_once();
    leptos_2048::web::mount(Chunks {
        load_panel: |panel| Box::pin(load_panel(panel)),
        draw_panel: |panel| Box::pin(draw_panel(panel)),
        load_contest: || Box::pin(async { load_contest().await.is_ok() }),
        draw_contest: || Box::pin(async { contest_views().await.ok() }),
    });
}

/// Fetches `panel`'s chunk: `true` once it is here.
async fn load_panel(panel: Panel) -> bool {
    let loaded = match panel {
        Panel::History => load_history().await,
        Panel::Stats => load_stats().await,
        Panel::Settings => load_settings().await,
    };
    loaded.is_ok()
}

/// `panel`'s view, from its chunk: at once if the chunk is here.
async fn draw_panel(panel: Panel) -> Option<AnyView> {
    let view = match panel {
        Panel::History => history_panel().await,
        Panel::Stats => stats_panel().await,
        Panel::Settings => settings_panel().await,
    };
    view.ok()
}

#[wasm_split(panel_history, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_history))]
fn history_panel() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <HistoryPanel/> }.into_any())
}

#[wasm_split(panel_stats, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_stats))]
fn stats_panel() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <StatsPanel/> }.into_any())
}

#[wasm_split(panel_settings, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_settings))]
fn settings_panel() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <SettingsPanel/> }.into_any())
}

#[wasm_split(contest, wasm_split_path = ::leptos::wasm_split, fallible, preload(load_contest))]
fn contest_views() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ContestViews/> }.into_any())
}
