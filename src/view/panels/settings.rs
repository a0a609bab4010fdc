//! Settings: the board (its width and height, each a select of the sides
//! offered, and the target: one option per entry of the app's own lists,
//! each option's message `Msg::ChooseSize` or `Msg::ChooseTarget`, which
//! `update` checks) and the computer player (the
//! pause between autoplay's moves). No rule here: what is offered, what is
//! reachable and how long the computer thinks are the app's.

use leptos::prelude::*;

use crate::app::choices::{target_note, SIDES, TARGETS};
use crate::app::computer::{BUDGET_MS, PAUSES};
use crate::app::words;
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
    let (width, height) = s.size;
    let sides = |chosen: u8, msg: &dyn Fn(u8) -> Msg| {
        SIDES
            .map(|n| (n.to_string(), n.to_string(), n == chosen, msg(n)))
            .collect()
    };
    let widths = sides(width, &|width| Msg::ChooseSize { width, height });
    let heights = sides(height, &|height| Msg::ChooseSize { width, height });
    let targets = TARGETS
        .into_iter()
        .map(|t| {
            let (value, words) = match t {
                Some(t) => (t.to_string(), t.to_string()),
                None => ("none".to_string(), words::ENDLESS.to_string()),
            };
            (value, words, t == s.target, Msg::ChooseTarget(t))
        })
        .collect();
    let pauses = PAUSES
        .iter()
        .map(|&(ms, words)| {
            (
                ms.to_string(),
                words.to_string(),
                ms == s.pause,
                Msg::AutoplayPause(ms),
            )
        })
        .collect();
    view! {
        <h2>"Settings"</h2>
        <fieldset class="settings-group">
            <legend>"Board"</legend>
            <div class="board-size" role="group" aria-label=words::BOARD_SIZE>
                {choice((words::WIDTH, "choice"), "width-select", widths)}
                <span class="board-size-times" aria-hidden="true">"×"</span>
                {choice((words::HEIGHT, "choice"), "height-select", heights)}
            </div>
            {choice((words::TARGET, "choice"), "target-select", targets)}
            <p class="settings-help">
                {words::SIZES_HELP}
            </p>
            <p class="settings-note">{s.note.clone()}</p>
        </fieldset>
        <fieldset class="settings-group">
            <legend>{words::COMPUTER_PLAYER}</legend>
            {choice(
                (words::AUTOPLAY_PAUSE, "choice autoplay-speed-label"),
                "autoplay-speed",
                pauses,
            )}
            <p class="settings-help">
                {words::thinking_time(BUDGET_MS)}
            </p>
        </fieldset>
    }
}
