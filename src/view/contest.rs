//! The daily and races on the page: the contest bar above the board (what
//! is on it, a race's lead and splits, the end, its buttons), the offer to
//! race a shared game, and the result card once shared. What each shows
//! and which buttons it has is the app's (`app::card::bar`); these only
//! draw it.

use leptos::prelude::*;

use super::context::{select, send_button};

use crate::app::card::{bar, Bar};
use crate::app::chunks::{Chunk, Fetch};
use crate::app::{Msg, Sent};
use crate::web::browser::select_text;
use crate::web::split_points;

/// The offer to race, and the contest's views once their code is here
/// (a chunk of its own, fetched when there is a contest: until then, and
/// if it cannot be fetched, the game plays on without them).
#[component]
pub fn Contests() -> impl IntoView {
    let here = select(|m| m.contest.is_some() && m.chunks.of(Chunk::Contest) == Fetch::Loaded);
    view! {
        <RaceOffer/>
        {move || here.get().then(|| split_points::draw(Chunk::Contest))}
    }
}

/// The contest bar and the result card: the contest chunk's view.
#[component]
pub fn ContestViews() -> impl IntoView {
    view! { <ContestBar/> <CardOutput/> }
}

/// The contest bar, while there is a contest: one memo drawn by one
/// closure.
#[component]
fn ContestBar() -> impl IntoView {
    let shown = select(bar);
    move || shown.get().map(draw)
}

fn draw(bar: Bar) -> impl IntoView {
    let lead = match bar.lead {
        Some(l) if l > 0 => "contest-line race-ahead",
        Some(l) if l < 0 => "contest-line race-behind",
        _ => "contest-line",
    };
    let splits = (!bar.splits.is_empty()).then(|| {
        let items = bar.splits.into_iter().map(|s| view! { <li>{s}</li> });
        view! { <ul class="race-splits" aria-label="Splits">{items.collect_view()}</ul> }
    });
    let ended = bar
        .ended
        .map(|e| view! { <p class="contest-ended" role="status">{e}</p> });
    let ghost = bar.ghost.map(ghost_board);
    let actions = bar
        .actions
        .into_iter()
        .map(|(class, words, msg)| send_button(class, words, msg));
    view! {
        <section class="contest-bar" aria-label="Daily and races">
            <p class=lead role="status">{bar.line}</p>
            {splits}
            {ghost}
            {ended}
            <div class="contest-actions">{actions.collect_view()}</div>
        </section>
    }
}

/// The ghost's board, small: its cells in the tiles' colours, and in
/// words for screen readers.
fn ghost_board((width, cells, words): (u8, Vec<u64>, String)) -> impl IntoView {
    let cells = cells.into_iter().map(|v| {
        let class = format!("ghost-cell tile-{v}");
        view! { <span class=class>{(v > 0).then_some(v)}</span> }
    });
    view! {
        <div
            class="ghost-board"
            role="img"
            aria-label=words
            style:--cols=width.to_string()
        >
            {cells.collect_view()}
        </div>
    }
}

/// The offer to race the game of the page's link.
#[component]
fn RaceOffer() -> impl IntoView {
    let offered = select(|m| m.race_offer.as_ref().map(|o| o.words.clone()));
    move || {
        offered.get().map(|words| {
            view! {
                <p class="race-offer">
                    {words}
                    " "
                    {send_button("race-button", "Race", Msg::Race)}
                    " "
                    {send_button("race-decline", "Not now", Msg::DeclineRace)}
                </p>
            }
        })
    }
}

/// The result card, once shared: how it went out, and its text to copy
/// by hand, with and without its squares.
#[component]
fn CardOutput() -> impl IntoView {
    let card = select(|m| m.card.clone());
    move || {
        card.get().map(|card| {
            let said = match card.sent {
                None => "Sharing…",
                Some(Sent::Shared) => "Shared.",
                Some(Sent::Copied) => "Copied. The card:",
                Some(Sent::Shown) => "Copy the card from here:",
            };
            view! {
                <div class="card-output" role="status">
                    <span>{said}</span>
                    <textarea class="card-text" readonly rows="4" aria-label="Result card"
                        prop:value=card.text on:focus=move |ev| select_text(&ev)></textarea>
                    <label class="card-plain-label">"Without squares, as plain text"
                        <textarea class="card-plain" readonly rows="4"
                            prop:value=card.plain on:focus=move |ev| select_text(&ev)></textarea>
                    </label>
                </div>
            }
        })
    }
}
