//! The view: Leptos components only. Each reads memos of the [`Model`] (in
//! context, read-only) and sends [`Msg`]s through the [`Dispatcher`]; none
//! holds a rule or writes app state, and none calls the browser but
//! through `web::browser`'s doors. All markup is `view!`.
//!
//! - [`Page`]: the layout (the play and the tools), and the head (`Head`: the
//!   theme, the theme colour and the title, through leptos_meta).
//! - [`context`]: what every component reads: the model (as memos, with
//!   [`context::select`]) and the dispatcher.
//! - `heading`: title, scores, New Game.
//! - `board`: the board: grid, tiles, the win / game-over overlay.
//! - `notices`: storage and link notices, the live region, the hint line.
//! - `controls`: the buttons under the board and the share link.
//! - `replay_bar`: a shared game replaying.
//! - `contest`: the daily and races: the contest bar, the offer to race,
//!   the result card.
//! - [`panels`]: history (states and messages), statistics, board settings,
//!   each a chunk of wasm fetched when it first opens.
//! - `chunk_place`: how every chunk's view is drawn in its place: the
//!   view once its code is here, a line while it loads or if it failed.
//! - `how_to_play`: the rules and the keys.

mod board;
mod chunk_place;
pub mod contest;
pub mod context;
mod controls;
mod heading;
mod how_to_play;
pub mod inspector;
pub mod learn;
mod notices;
pub mod panels;
mod replay_bar;

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Html, Meta, Title};

use crate::app::Model;
use crate::engine::State;
use crate::web::debugger;
use crate::web::dispatcher::Dispatcher;
use board::Board;
use contest::Contests;
use context::select;
use controls::Controls;
use heading::{Heading, Intro};
use how_to_play::HowToPlay;
use learn::Learns;
use notices::{Announcer, HintLine, LinkNotice, StorageNotice};
use panels::messages::DebuggerFailed;
use panels::Panels;
use replay_bar::ReplayBar;

/// The page: everything under `<body>`, in two parts: the play (the
/// heading, the board, its lines and the controls) and the tools (the
/// notices, the daily's or race's bar and card, the open panel, how to
/// play). On a wide
/// window they stand side by side as one centred pair, each in view; on a
/// phone the board stays in view above the history it is steered from,
/// and the tools come after the controls (style/). The lines under the
/// board (the computer's line, the coach's verdict) keep their place, so
/// nothing moves when one appears; the page's notices, the contest's bar,
/// its question and its card appear at the top of the tools, so none of
/// them moves the board or its controls.
#[component]
pub fn Page(
    /// The model, read-only.
    model: ReadSignal<Model>,
    /// Where messages go.
    dispatcher: Dispatcher,
    /// The board's element, for the swipe subscription.
    board: NodeRef<leptos::html::Div>,
) -> impl IntoView {
    provide_context(dispatcher);
    provide_context(model);
    // The state on the board: the present, or the one viewed.
    let shown: Memo<State> = select(|m| m.shown().into_owned());
    let size = Memo::new(move |_| shown.with(|s| (s.board.width(), s.board.height())));
    view! {
        <Head/>
        // The board's width and height in cells, which style/ sizes the
        // board, the lines under it and the tools' scrolling by, are set
        // through the CSSOM (style.setProperty), which the page's content
        // security policy allows, unlike a style attribute.
        <main
            class="screen"
            style:--cols=move || size.get().0.to_string()
            style:--rows=move || size.get().1.to_string()
        >
            // The play is the original's `.container` (`.container >
            // .heading`, `.container > .game-container`), which bots and
            // userscripts written for it find.
            <div class="container play">
                <Heading shown/>
                <Intro/>
                <ReplayBar/>
                <Board shown size board/>
                <Announcer/>
                <div class="board-lines">
                    <HintLine/>
                    <DebuggerFailed/>
                </div>
                <Learns/>
                <Controls/>
            </div>
            <div class="tools">
                <StorageNotice/>
                <LinkNotice/>
                <Contests/>
                <Panels/>
                <HowToPlay/>
            </div>
        </main>
        // The debugger's, beside the page (it wraps the app): the place its
        // own view is mounted in. Its handle is index.html's.
        <div id=debugger::PLACE_ID></div>
    }
}

/// The document's head and root, drawn from the model like the rest: the
/// theme (`data-theme` on `<html>`, which style/ reads), the colour the
/// browser paints around the page, and the title.
#[component]
fn Head() -> impl IntoView {
    provide_meta_context();
    let theme = select(|m| m.settings.theme_attribute());
    let theme_colour = select(|m| m.settings.theme_colour());
    let title = select(|m| m.title());
    view! {
        <Html {..} data-theme=move || theme.get()/>
        <Meta name="theme-color" content=move || theme_colour.get()/>
        <Title text=move || title.get()/>
    }
}
