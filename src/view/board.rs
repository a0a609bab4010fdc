//! The board: the grid behind, the tiles, and the win / game-over overlay.

use leptos::prelude::*;

use super::context::{select, send_button};
use crate::app::tiles::{keep_places, view_tiles, ViewTile};
use crate::app::words;
use crate::app::Msg;
use crate::engine::{Input, State, Status};

/// The board as the original draws it: `.game-container` holding the
/// overlay, the grid and the tiles.
#[component]
pub fn Board(
    /// The state on the board.
    shown: Memo<State>,
    /// Its width and height, in cells (`Page` sets them on the play for
    /// style/, which sizes the board and the lines under it by them).
    size: Memo<(u8, u8)>,
    /// The board's element, for the swipe subscription.
    board: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    let viewing = select(|m| m.travel.viewing().is_some());
    // The hint in live play; the review's better move on a reviewed
    // position shown from the history.
    let hint = select(|m| m.arrow().map(|d| d.word()));
    let status = Memo::new(move |_| shown.with(|s| s.status));
    // While the model keeps the shell's board, the board shows it.
    let drawn = select(|m| m.game.shell_board.is_some());
    let tiles = Memo::new(move |prev: Option<&Vec<_>>| {
        let next = shown.with(|s| view_tiles(s, drawn.get()));
        keep_places(prev.map_or(&[], |p| p.as_slice()), next)
    });
    view! {
        <div
            class="game-container"
            class:inspecting=move || viewing.get()
            data-hint=move || hint.get()
            node_ref=board
        >
            <GameMessage status/>
            <Grid size/>
            <TileLayer tiles/>
        </div>
    }
}

/// The win / game-over overlay. Always in the DOM (as in the original);
/// shown by its `.game-won` or `.game-over` class, which also shows the
/// buttons that fit (Keep going after a win, Review after a loss).
#[component]
fn GameMessage(status: Memo<Status>) -> impl IntoView {
    let class = move || match status.get() {
        Status::Won => "game-message game-won",
        Status::Over => "game-message game-over",
        Status::Playing | Status::Continuing => "game-message",
    };
    let text = move || match status.get() {
        Status::Won => words::YOU_WIN,
        Status::Over => words::GAME_OVER,
        Status::Playing | Status::Continuing => "",
    };
    // A daily or a race has no new game: no Try again (its bar has what fits).
    let contest = select(|m| m.no_new_game().is_some());
    view! {
        <div class=class class:in-contest=move || contest.get()>
            <p>{text}</p>
            <div class="lower">
                {send_button("keep-playing-button", words::KEEP_GOING, Msg::Play(Input::KeepPlaying))}
                {send_button("retry-button", words::TRY_AGAIN, Msg::Play(Input::NewGame))}
                {send_button("review-button", "Review", Msg::Review)}
            </div>
        </div>
    }
}

/// The empty cells behind the tiles: `height` rows of `width` cells.
/// Decoration only; assistive technology reads the tiles (see `TileLayer`).
#[component]
fn Grid(size: Memo<(u8, u8)>) -> impl IntoView {
    let rows = move || {
        let (w, h) = size.get();
        (0..h)
            .map(|_| {
                view! {
                    <div class="grid-row">
                        {(0..w).map(|_| view! { <div class="grid-cell"></div> }).collect_view()}
                    </div>
                }
            })
            .collect_view()
    };
    view! { <div class="grid-container" aria-hidden="true">{rows}</div> }
}

/// The tiles, keyed by id: a move touches only the tiles it changed.
///
/// For assistive technology the tiles are a list whose items read "Row 2,
/// column 3: 128": the place comes from the tile's position class through
/// generated content in style/, so saying where a tile is costs no DOM
/// write beyond the class change that moves it.
#[component]
fn TileLayer(tiles: Memo<Vec<ViewTile>>) -> impl IntoView {
    view! {
        <div class="tile-container" role="list" aria-label=words::TILES_ON_BOARD>
            // Keyed by id and value: an id names one tile within a line of
            // play, but after an undo and a different move, or a jump in the
            // inspector, the same id can be another tile.
            <For each=move || tiles.get() key=|t| (t.id, t.value) let:tile>
                <Tile initial=tile tiles/>
            </For>
        </div>
    }
}

/// One tile. Its value never changes (a merge makes a new tile), so only its
/// class follows the state: position, and whether it is new or merged.
#[component]
fn Tile(
    /// The tile as first rendered.
    initial: ViewTile,
    /// The whole tile layer, to find this tile's latest frame in.
    tiles: Memo<Vec<ViewTile>>,
) -> impl IntoView {
    let me = Memo::new(move |prev: Option<&ViewTile>| {
        tiles
            .with(|ts| {
                ts.iter()
                    .find(|t| t.id == initial.id && t.value == initial.value)
                    .copied()
            })
            .or(prev.copied())
            .unwrap_or(initial)
    });
    view! {
        <div class=move || me.with(ViewTile::class) role="listitem">
            <div class="tile-inner">{initial.value}</div>
        </div>
    }
}
