//! While a shared game replays: how far it is, its speed, a way to the
//! end, and a review of the whole game replayed.

use leptos::prelude::*;

use super::context::{select, use_dispatcher};
use crate::app::model::SPEEDS;
use crate::app::{Mode, Msg};
use crate::web::browser::selected_index;

/// The replay bar, shown only while a shared game replays.
#[component]
pub fn ReplayBar() -> impl IntoView {
    let replaying = select(|m| m.mode == Mode::Replaying);
    move || replaying.get().then(|| view! { <Replaying/> })
}

#[component]
fn Replaying() -> impl IntoView {
    let dispatch = use_dispatcher();
    let progress = select(|m| format!("move {} of {}", m.history.cursor(), m.history.len()));
    let speed = select(|m| m.replay_speed);
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(&s) = selected_index(&ev).and_then(|i| SPEEDS.get(i)) {
            dispatch.send(Msg::ReplaySpeed(s));
        }
    };
    view! {
        <div class="replay-bar" role="status">
            <span class="replay-progress">"Replaying a shared game: " {move || progress.get()}</span>
            <label>
                "Speed "
                <select class="replay-speed" on:change=on_change>
                    {SPEEDS
                        .iter()
                        .map(|&s| {
                            view! {
                                <option value=s prop:selected=move || speed.get() == s>
                                    {s} " moves/s"
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <button class="replay-skip" on:click=move |_| dispatch.send(Msg::SkipReplay)>
                "Skip to the end"
            </button>
            <button class="review-button" on:click=move |_| dispatch.send(Msg::Review)>
                "Review"
            </button>
        </div>
    }
}
