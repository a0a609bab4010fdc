//! Settings: the board (size and target: typed lists, read back by index,
//! each choice a `Config` sent as `Msg::Configure`) and the computer player
//! (the pause between autoplay's moves).

use leptos::prelude::*;

use crate::app::Msg;
use crate::engine::{max_tile, Config};
use crate::view::controls::{selected_index, AutoplayPause};
use crate::view::{select, use_dispatcher};

/// The targets offered; `None` is endless play.
const TARGETS: [Option<u64>; 5] = [Some(1024), Some(2048), Some(4096), Some(8192), None];

/// Every board size offered: squares first, then the rest.
fn sizes() -> Vec<(u8, u8)> {
    let mut all: Vec<(u8, u8)> = (3..=8).map(|n| (n, n)).collect();
    for w in 3..=8 {
        for h in 3..=8 {
            if w != h {
                all.push((w, h));
            }
        }
    }
    all
}

/// Board size and target.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let dispatch = use_dispatcher();
    let config = select(|m| m.config());
    let choose = move |width: u8, height: u8, target: Option<u64>| {
        if let Some(c) = Config::new(width, height, target) {
            dispatch.send(Msg::Configure(c));
        }
    };
    let on_size = move |ev: leptos::ev::Event| {
        if let Some(&(w, h)) = sizes().get(selected_index(&ev)) {
            choose(w, h, config.get_untracked().target);
        }
    };
    let on_target = move |ev: leptos::ev::Event| {
        if let Some(&target) = TARGETS.get(selected_index(&ev)) {
            let c = config.get_untracked();
            choose(c.width, c.height, target);
        }
    };
    let note = move || {
        let c = config.get();
        // A target beyond the largest tile is below 2^64, so is that tile
        // (printing a u128 would cost the page its own formatter).
        let largest = max_tile(c.width as usize * c.height as usize);
        let largest = u64::try_from(largest).ok()?;
        c.target.filter(|&t| t > largest).map(|_| {
            format!(
                "The largest tile a {}×{} board can hold is {largest}: this target cannot be reached.",
                c.width, c.height
            )
        })
    };
    let size_options = sizes()
        .into_iter()
        .map(|(w, h)| {
            let chosen = move || config.with(|c| (c.width, c.height) == (w, h));
            view! {
                <option value=format!("{w}x{h}") prop:selected=chosen>
                    {format!("{w} × {h}")}
                </option>
            }
        })
        .collect_view();
    let target_options = TARGETS
        .into_iter()
        .map(|t| {
            let chosen = move || config.get().target == t;
            let (value, label) = match t {
                Some(t) => (t.to_string(), t.to_string()),
                None => ("none".to_string(), "None (endless)".to_string()),
            };
            view! { <option value=value prop:selected=chosen>{label}</option> }
        })
        .collect_view();
    view! {
        <section class="panel settings-panel" aria-label="Settings">
            <h2>"Settings"</h2>
            <fieldset class="settings-group">
                <legend>"Board"</legend>
                <label>"Size " <select class="size-select" on:change=on_size>{size_options}</select></label>
                <label>
                    "Target " <select class="target-select" on:change=on_target>{target_options}</select>
                </label>
                <p class="settings-help">
                    "Each size keeps its own game and best score. A new target starts a new game."
                </p>
                <p class="settings-note">{note}</p>
            </fieldset>
            <fieldset class="settings-group">
                <legend>"Computer player"</legend>
                <AutoplayPause/>
                <p class="settings-help">"Hint and Autoplay think for 50 ms a move, 4×4 boards only."</p>
            </fieldset>
        </section>
    }
}
