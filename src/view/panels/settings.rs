//! Settings: the board (size and target: one option per entry of the
//! app's own lists, read back by index and sent as `Msg::ChooseSize` or
//! `Msg::ChooseTarget`, which `update` checks) and the computer player (the
//! pause between autoplay's moves). No rule here: what is offered, what is
//! reachable and how long the computer thinks are the app's.

use leptos::prelude::*;

use crate::app::choices::{sizes, target_note, TARGETS};
use crate::app::computer::{BUDGET_MS, ONLY_4X4, PAUSES};
use crate::app::{Model, Msg};
use crate::view::context::{choice, select};

/// What the panel shows, read from the model at once: the size, target
/// and pause chosen, and the note on a target the board cannot reach.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    size: (u8, u8),
    target: Option<u64>,
    pause: u32,
    note: Option<String>,
}

impl Shown {
    fn of(m: &Model) -> Shown {
        let c = m.config();
        Shown {
            size: (c.width, c.height),
            target: c.target,
            pause: m.computer.pause_ms,
            note: target_note(c),
        }
    }
}

/// The settings panel: one memo drawn by one closure, each change rebuilt
/// in place.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let shown = select(Shown::of);
    view! {
        <section class="panel settings-panel" aria-label="Settings">
            {move || shown.with(panel)}
        </section>
    }
}

fn panel(s: &Shown) -> impl IntoView {
    let size_options = sizes()
        .into_iter()
        .map(|(w, h)| (format!("{w}x{h}"), format!("{w} × {h}"), (w, h) == s.size))
        .collect();
    let targets = TARGETS
        .into_iter()
        .map(|t| {
            let (value, words) = match t {
                Some(t) => (t.to_string(), t.to_string()),
                None => ("none".to_string(), "None (endless)".to_string()),
            };
            (value, words, t == s.target)
        })
        .collect();
    let pauses = PAUSES
        .iter()
        .map(|&(ms, words)| (ms.to_string(), words.to_string(), ms == s.pause))
        .collect();
    view! {
        <h2>"Settings"</h2>
        <fieldset class="settings-group">
            <legend>"Board"</legend>
            {choice(("Size ", ""), "size-select", size_options, |i| {
                let (width, height) = *sizes().get(i)?;
                Some(Msg::ChooseSize { width, height })
            })}
            {choice(("Target ", ""), "target-select", targets, |i| {
                TARGETS.get(i).map(|&t| Msg::ChooseTarget(t))
            })}
            <p class="settings-help">
                "Each size keeps its own game and best score. A new target starts a new game."
            </p>
            <p class="settings-note">{s.note.clone()}</p>
        </fieldset>
        <fieldset class="settings-group">
            <legend>"Computer player"</legend>
            {choice(
                ("Pause between autoplay moves ", "autoplay-speed-label"),
                "autoplay-speed",
                pauses,
                |i| PAUSES.get(i).map(|&(ms, _)| Msg::AutoplayPause(ms)),
            )}
            <p class="settings-help">
                {format!("Hint and Autoplay think for {BUDGET_MS} ms a move. {ONLY_4X4}")}
            </p>
        </fieldset>
    }
}
