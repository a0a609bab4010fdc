//! While a shared game replays: how far it is, its speed, a way to the
//! end, and a review of the whole game replayed.

use leptos::prelude::*;

use super::context::{choice, select, send_button};
use crate::app::model::SPEEDS;
use crate::app::words;
use crate::app::{Mode, Msg};

/// The replay bar, shown only while a shared game replays: one memo (the
/// move shown, the game's length, the speed) drawn by one closure.
#[component]
pub fn ReplayBar() -> impl IntoView {
    let shown = select(|m| {
        let replaying = m.travel.mode == Mode::Replaying;
        replaying.then(|| {
            (
                m.board_game().cursor(),
                m.board_game().len(),
                m.travel.speed,
            )
        })
    });
    move || {
        shown
            .get()
            .map(|(at, len, speed)| replaying(at, len, speed))
    }
}

/// How far the replay is, its speed, Skip and Review.
fn replaying(at: usize, len: usize, speed: u32) -> impl IntoView {
    let speeds = SPEEDS
        .iter()
        .map(|&s| {
            let words = format!("{s} moves/s");
            (s.to_string(), words, s == speed, Msg::ReplaySpeed(s))
        })
        .collect();
    view! {
        <div class="replay-bar" role="status">
            <span class="replay-progress">{words::REPLAYING} {at} " of " {len}</span>
            {choice((words::SPEED, ""), "replay-speed", speeds)}
            {send_button("replay-skip", words::SKIP_TO_END, Msg::SkipReplay)}
            {send_button("review-button", "Review", Msg::Review)}
        </div>
    }
}
