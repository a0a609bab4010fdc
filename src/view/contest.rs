//! The daily and races on the page: the contest bar beside the board (what
//! is on it, a race's lead and splits, the end, its buttons), the offer to
//! race a shared game, and the result card once shared. What each shows
//! and which buttons it has is the app's (`app::bar`, `app::card`); these only
//! draw it.

use leptos::prelude::*;

use super::chunk_place::chunk_place;
use super::context::{select, send_button};
use crate::app::words;

use crate::app::bar::{bar, Bar};
use crate::app::card::{card_view, SmallBoard};
use crate::app::chunks::{Chunk, Fetch};
use crate::app::Msg;

/// The contest's views while there is a challenge or an offer to race: their
/// code is a chunk of its own, fetched then, and drawn in its place the way
/// every chunk is ([`chunk_place`]): a line says while it loads, or that it
/// could not be fetched and the game plays on without them. The chunk also
/// brings the contest's rules (`app::rooms`): if it could not be fetched
/// for one of them (a daily opened), the line says so too.
#[component]
pub fn Contests() -> impl IntoView {
    chunk_place(select(|m| {
        let fetch = m.chunks.of(Chunk::Contest);
        let wanted = m.contest.shown() || fetch == Fetch::Failed;
        wanted.then_some((Chunk::Contest, fetch))
    }))
}

/// The offer to race, the contest bar and the result card: the contest
/// chunk's view.
#[component]
pub fn ContestViews() -> impl IntoView {
    view! { <RaceOffer/> <ContestBar/> <ResultCard/> }
}

/// The contest bar, while there is a challenge: one memo drawn by one
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
    let end_class = if bar.asking {
        "contest-question"
    } else {
        "contest-ended"
    };
    let ended = bar
        .ended
        .map(|e| view! { <p class=end_class role="status">{e}</p> });
    let ghost = bar
        .ghost
        .map(|b| small_board("ghost-board", "ghost-cell", b));
    let actions = bar
        .actions
        .into_iter()
        .map(|(class, words, msg)| send_button(class, words, msg));
    view! {
        <section class="contest-bar" aria-label=words::CONTEST_BAR>
            <p class=lead role="status">{bar.line}</p>
            {splits}
            {ghost}
            <div class="contest-actions">{actions.collect_view()}</div>
            {ended}
        </section>
    }
}

/// A board drawn small (the ghost's, the card's): its cells in the tiles'
/// colours, and in words for screen readers.
fn small_board(class: &'static str, cell: &'static str, board: SmallBoard) -> impl IntoView {
    let cells = board.cells.into_iter().map(move |v| {
        let class = format!("{cell} tile-{v}");
        view! { <span class=class>{(v > 0).then_some(v)}</span> }
    });
    view! {
        <div
            class=class
            role="img"
            aria-label=board.words
            style:--cols=board.width.to_string()
        >
            {cells.collect_view()}
        </div>
    }
}

/// The offer to race the game of the page's link.
#[component]
fn RaceOffer() -> impl IntoView {
    let offered = select(|m| m.contest.offer.as_ref().map(|o| o.words.clone()));
    move || {
        offered.get().map(|words| {
            view! {
                <p class="race-offer">
                    {words}
                    " "
                    {send_button("race-button", "Race", Msg::Race)}
                    " "
                    {send_button("race-decline", words::NOT_NOW, Msg::DeclineRace)}
                </p>
            }
        })
    }
}

/// The result card, once shared: the final board beside the card's lines,
/// Share and Copy, and how it went out. It stands after the controls
/// (style/), never above the live board.
#[component]
fn ResultCard() -> impl IntoView {
    let card = select(card_view);
    move || {
        card.get().map(|card| {
            let lines = card.lines.into_iter().map(|(line, plain)| {
                view! { <p class="card-line" aria-label=plain>{line}</p> }
            });
            // The link on one line, shortened at its end if it does not
            // fit, never broken mid-token; it is whole in the text shared.
            let link = card.link.clone();
            view! {
                <figure class="result-card" aria-label=words::RESULT_CARD>
                    {small_board("card-board", "card-cell", card.board)}
                    <figcaption class="card-lines">
                        {lines.collect_view()}
                        <p class="card-line card-link" title=link>{card.link}</p>
                    </figcaption>
                    <div class="card-actions">
                        {send_button("card-share", "Share", Msg::ShareResult)}
                        {send_button("card-copy", "Copy", Msg::CopyCard)}
                    </div>
                    <p class="card-said" role="status">{card.said}</p>
                </figure>
            }
        })
    }
}
