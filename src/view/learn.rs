//! Learn from your mistakes on the page: the walk's bar beside the board
//! (where the walk is, what it asks or said, its buttons). What it shows
//! is the app's (`app::walk_bar`); this only draws it. Its code is
//! learn's chunk, with learn's rules (`app::rooms`).

use leptos::prelude::*;

use super::chunk_place::chunk_place;
use super::context::{select, send_button};
use crate::app::chunks::{Chunk, Fetch};
use crate::app::walk_bar::{walk_bar, WalkBar};
use crate::app::words;

/// Learn's views while a walk is open, or while its code is asked for:
/// drawn in their place the way every chunk is ([`chunk_place`]).
#[component]
pub fn Learns() -> impl IntoView {
    chunk_place(select(|m| {
        let fetch = m.chunks.of(Chunk::Learn);
        let wanted = m.learn.walk.is_some() || matches!(fetch, Fetch::Loading | Fetch::Failed);
        wanted.then_some((Chunk::Learn, fetch))
    }))
}

/// The walk's bar: learn's chunk's view.
#[component]
pub fn LearnViews() -> impl IntoView {
    let shown = select(walk_bar);
    move || shown.get().map(draw)
}

fn draw(bar: WalkBar) -> impl IntoView {
    let line_class = if bar.found {
        "walk-line walk-found"
    } else {
        "walk-line"
    };
    let actions = bar
        .actions
        .into_iter()
        .map(|(class, words, msg)| send_button(class, words, msg));
    view! {
        <section class="walk-bar" aria-label=words::WALK_LABEL>
            <p class="walk-progress">{bar.progress}</p>
            <p class=line_class role="status">{bar.line}</p>
            <div class="walk-actions">{actions.collect_view()}</div>
        </section>
    }
}
