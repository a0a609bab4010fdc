//! A chunk's place on the page: the one way every view whose code is a
//! chunk of its own (`app::chunks`) is shown, whatever the chunk. Once its
//! code is here, its view, at once ([`split_points::draw`]); until then a
//! quiet line in its place, saying it is loading; and if its code could
//! not be fetched, a line saying so, that the game plays on and when it is
//! asked for again ([`Chunk::failure`]). The panels (`panels::Panels`) and
//! the daily's and races' views (`contest::Contests`) both draw theirs
//! with [`chunk_place`].

use leptos::either::EitherOf3;
use leptos::prelude::*;

use crate::app::chunks::{Chunk, Fetch};
use crate::app::words;
use crate::web::split_points;

/// The view of the chunk `shown` names, if any, or a line in its place
/// while its code is not here (`shown` also says where the chunk stands).
/// The line is in the box the view stands in (`panel`, `contest-bar`), and
/// says what it is by its classes: `chunk-note`, and `chunk-loading` while
/// it loads. Every place draws with this one closure, so the page's wasm
/// holds its code once.
pub fn chunk_place(shown: Memo<Option<(Chunk, Fetch)>>) -> impl IntoView {
    move || shown.get().map(|(chunk, fetch)| line_or_view(chunk, fetch))
}

/// `chunk`'s view if `fetch` says it is here, else the line in its place,
/// with the class of the box the view stands in.
fn line_or_view(chunk: Chunk, fetch: Fetch) -> impl IntoView {
    let (failed, loading) = match chunk {
        Chunk::Panel(_) => ("panel chunk-note", "panel chunk-note chunk-loading"),
        Chunk::Contest => (
            "contest-bar chunk-note",
            "contest-bar chunk-note chunk-loading",
        ),
        Chunk::Learn => ("walk-bar chunk-note", "walk-bar chunk-note chunk-loading"),
    };
    match fetch {
        Fetch::Loaded => EitherOf3::A(split_points::draw(chunk)),
        Fetch::Failed => EitherOf3::B(view! {
            <p class=failed role="status">{chunk.failure()}</p>
        }),
        Fetch::Missing | Fetch::Loading => EitherOf3::C(view! {
            <p class=loading>{words::LOADING}</p>
        }),
    }
}
