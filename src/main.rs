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
use leptos_2048::app::chunks::Chunk;
use leptos_2048::app::Panel;
use leptos_2048::view::contest::ContestViews;
use leptos_2048::view::panels::{HistoryPanel, Inspector, SettingsPanel, StatsPanel};
use leptos_2048::web::session_file;
use leptos_2048::web::split_points::{self, Draw, SplitPoints, Tools};

fn main() {
    console_error_panic_hook::set_once();
    leptos_2048::web::mount(SplitPoints {
        load: |chunk| Box::pin(load(chunk)),
    });
}

/// Fetches `chunk` and gives the function that draws its view: `None` if
/// it cannot be fetched.
async fn load(chunk: Chunk) -> Option<Draw> {
    let draw = match chunk {
        Chunk::Panel(Panel::History) => history_panel().await,
        Chunk::Panel(Panel::Stats) => stats_panel().await,
        Chunk::Panel(Panel::Settings) => settings_panel().await,
        Chunk::Contest => contest_views().await,
    };
    draw.ok()
}

/// The history panel, and the debugger's inspector and session files,
/// kept for the page (`split_points::Tools`).
#[wasm_split(panel_history, wasm_split_path = ::leptos::wasm_split, fallible)]
fn history_panel() -> Result<Draw, SplitLoaderError> {
    split_points::keep_tools(Tools {
        inspector: || view! { <Inspector/> }.into_any(),
        save: session_file::save,
        pick: session_file::pick,
        dropped: session_file::dropped,
        replay: session_file::replay,
    });
    Ok(|| view! { <HistoryPanel/> }.into_any())
}

#[wasm_split(panel_stats, wasm_split_path = ::leptos::wasm_split, fallible)]
fn stats_panel() -> Result<Draw, SplitLoaderError> {
    Ok(|| view! { <StatsPanel/> }.into_any())
}

#[wasm_split(panel_settings, wasm_split_path = ::leptos::wasm_split, fallible)]
fn settings_panel() -> Result<Draw, SplitLoaderError> {
    Ok(|| view! { <SettingsPanel/> }.into_any())
}

#[wasm_split(contest, wasm_split_path = ::leptos::wasm_split, fallible)]
fn contest_views() -> Result<Draw, SplitLoaderError> {
    Ok(|| view! { <ContestViews/> }.into_any())
}
