//! The page's split points, as its binary hands them over
//! (`src/main.rs`): each a function whose code is a chunk of wasm of its
//! own, fetched on its first call, which gives the function that draws the
//! chunk's view. Which chunks there are (`app::chunks::chunk_table!`, from
//! which the binary makes them), and where each stands, is the model's
//! (`app::chunks`); the runner fetches a chunk once with
//! [`SplitPoints::load`] and keeps what draws it ([`keep`]); the views draw
//! from it ([`draw`]) once the model says the chunk is here, all through
//! `view::chunk_place`: a panel's view (`view::panels`), the daily's and
//! races' views (`view::contest`), the debugger's inspector
//! (`view::inspector`). Each chunk is resolved once, and drawn as often as
//! it is shown, at once. A chunk may also hand over, as it loads, the
//! functions the page calls for it ([`Tool`]): the card's picture, the
//! debugger's [`Tools`].
//!
//! The split points are in the binary rather than here: a split point is a
//! function exported from whichever wasm links it, and the AI worker links
//! this library.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;

use super::dispatcher::Dispatcher;
use crate::app::chunks::Chunk;
use crate::app::debugger::Recording;
use crate::app::{Model, Sent};

/// A future on the page's one thread.
pub type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// What draws a chunk's view: a function in the chunk's own code.
pub type Draw = fn() -> AnyView;

/// The page's split points.
#[derive(Clone, Copy)]
pub struct SplitPoints {
    /// Fetches a chunk: what draws its view once it is here (at once if it
    /// was), `None` if it cannot be fetched.
    pub load: fn(Chunk) -> Later<Option<Draw>>,
}

/// What the debugger's chunk hands over as it loads
/// (`view::inspector::TOOL`), beside its inspector: what the runtime
/// and the runner call for the debugger, so that none of their code (the
/// replays, the diff, the session files, JSON) is in the page at start.
#[derive(Clone, Copy)]
pub struct Tools {
    /// The model the page shows while paused: the one the fold made right
    /// after the message `live`'s debugger is paused on, replayed from the
    /// page's recording or the file opened, with the debugger's part (and
    /// the model right before it, for the diff) put in.
    pub show: fn(&Recording, &Model) -> Model,
    /// Writes the page's session (its recording, and its live model to
    /// check a replay against) to a file the browser downloads; `Err`: why
    /// not.
    pub save: fn(&Recording, &Model) -> Result<(), String>,
    /// Lets the player pick a session file; its session, or why it is
    /// refused, is sent as `Msg::SessionFile`.
    pub pick: fn(Dispatcher),
    /// Reads the session file dropped on the page, as `pick` does.
    pub dropped: fn(&web_sys::Event, Dispatcher),
}

thread_local! {
    /// What draws each chunk fetched so far.
    static DRAWN: RefCell<Vec<(Chunk, Draw)>> = const { RefCell::new(Vec::new()) };
}

/// Keeps what draws `chunk`, now that it is here.
pub fn keep(chunk: Chunk, draw: Draw) {
    DRAWN.with(|drawn| {
        let mut drawn = drawn.borrow_mut();
        drawn.retain(|(c, _)| *c != chunk);
        drawn.push((chunk, draw));
    });
}

/// Edge code a chunk hands the runner as it loads (its row in
/// `chunk_table!` names it), for a command that only the chunk's view leads
/// to: its code stays in the chunk, and the runner carries the command out
/// with it once the chunk is here, and in a plainer way before.
#[derive(Clone, Copy)]
pub enum Tool {
    /// Sends the result card with its board's picture (the contest's
    /// chunk: `web::card_picture`); `Cmd::ShareCard`.
    ShareCard(ShareCard),
    /// The debugger's (its chunk: `view::inspector`).
    Debugger(Tools),
}

/// Sends the result card's text, and `done` hears how it went.
pub type ShareCard = fn(String, Box<dyn FnOnce(Sent)>);

thread_local! {
    /// The tools handed over so far.
    static TOOLS: RefCell<Vec<Tool>> = const { RefCell::new(Vec::new()) };
}

/// Keeps `tool`, from a chunk that has just loaded.
pub fn hand_over(tool: Tool) {
    TOOLS.with(|tools| tools.borrow_mut().push(tool));
}

/// The way to share the card that a chunk handed over, if it did.
pub fn share_card() -> Option<ShareCard> {
    TOOLS.with(|tools| {
        tools.borrow().iter().find_map(|tool| match *tool {
            Tool::ShareCard(share) => Some(share),
            _ => None,
        })
    })
}

/// The debugger's tools, if its chunk is here.
pub fn debugger_tools() -> Option<Tools> {
    TOOLS.with(|tools| {
        tools.borrow().iter().find_map(|tool| match *tool {
            Tool::Debugger(tools) => Some(tools),
            _ => None,
        })
    })
}

/// `chunk`'s view, if it is here.
pub fn draw(chunk: Chunk) -> Option<AnyView> {
    let draw = DRAWN.with(|drawn| {
        drawn
            .borrow()
            .iter()
            .find(|(c, _)| *c == chunk)
            .map(|&(_, d)| d)
    });
    draw.map(|draw| draw())
}
