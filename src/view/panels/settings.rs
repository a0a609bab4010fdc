//! Settings: the board (size and target: one option per entry of the
//! app's own lists, read back by index and sent as `Msg::ChooseSize` or
//! `Msg::ChooseTarget`, which `update` checks) and the computer player (the
//! pause between autoplay's moves). No rule here: what is offered, what is
//! reachable and how long the computer thinks are the app's.

use leptos::prelude::*;

use crate::app::choices::{sizes, target_note, TARGETS};
use crate::app::computer::{BUDGET_MS, ONLY_4X4, PAUSES};
use crate::app::Msg;
use crate::view::context::{select, use_dispatcher};
use crate::web::browser::selected_index;

/// The settings panel.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let note = select(|m| target_note(m.config()));
    let thinking = format!("Hint and Autoplay think for {BUDGET_MS} ms a move. {ONLY_4X4}");
    view! {
        <section class="panel settings-panel" aria-label="Settings">
            <h2>"Settings"</h2>
            <fieldset class="settings-group">
                <legend>"Board"</legend>
                <SizeChoice/>
                <TargetChoice/>
                <p class="settings-help">
                    "Each size keeps its own game and best score. A new target starts a new game."
                </p>
                <p class="settings-note">{move || note.get()}</p>
            </fieldset>
            <fieldset class="settings-group">
                <legend>"Computer player"</legend>
                <AutoplayPause/>
                <p class="settings-help">{thinking}</p>
            </fieldset>
        </section>
    }
}

/// The board sizes offered, the one in play selected.
#[component]
fn SizeChoice() -> impl IntoView {
    let dispatch = use_dispatcher();
    let size = select(|m| (m.config().width, m.config().height));
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(&(width, height)) = selected_index(&ev)
            .and_then(|i| sizes().get(i).copied())
            .as_ref()
        {
            dispatch.send(Msg::ChooseSize { width, height });
        }
    };
    let options = sizes()
        .into_iter()
        .map(|(w, h)| {
            view! {
                <option value=format!("{w}x{h}") prop:selected=move || size.get() == (w, h)>
                    {format!("{w} × {h}")}
                </option>
            }
        })
        .collect_view();
    view! { <label>"Size " <select class="size-select" on:change=on_change>{options}</select></label> }
}

/// The targets offered, the one in play selected.
#[component]
fn TargetChoice() -> impl IntoView {
    let dispatch = use_dispatcher();
    let target = select(|m| m.config().target);
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(&t) = selected_index(&ev).and_then(|i| TARGETS.get(i)) {
            dispatch.send(Msg::ChooseTarget(t));
        }
    };
    let options = TARGETS
        .into_iter()
        .map(|t| {
            let (value, label) = match t {
                Some(t) => (t.to_string(), t.to_string()),
                None => ("none".to_string(), "None (endless)".to_string()),
            };
            view! { <option value=value prop:selected=move || target.get() == t>{label}</option> }
        })
        .collect_view();
    view! { <label>"Target " <select class="target-select" on:change=on_change>{options}</select></label> }
}

/// The pause between autoplay's moves: one option per entry of `PAUSES`,
/// read back by index. Part of the settings panel's computer section.
#[component]
fn AutoplayPause() -> impl IntoView {
    let dispatch = use_dispatcher();
    let chosen = select(|m| m.computer.pause_ms);
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(&(ms, _)) = selected_index(&ev).and_then(|i| PAUSES.get(i)) {
            dispatch.send(Msg::AutoplayPause(ms));
        }
    };
    view! {
        <label class="autoplay-speed-label">
            "Pause between autoplay moves "
            <select class="autoplay-speed" on:change=on_change>
                {PAUSES
                    .iter()
                    .map(|&(ms, label)| {
                        view! {
                            <option value=ms prop:selected=move || chosen.get() == ms>
                                {label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
