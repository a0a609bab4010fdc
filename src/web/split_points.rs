//! The page's split points, as its binary hands them over
//! (`src/main.rs`): each a function whose code is a chunk of wasm of its
//! own, fetched on its first call, which gives the function that draws the
//! chunk's view. Which chunks there are (`app::chunks::chunk_table!`, from
//! which the binary makes them), and where each stands, is the model's
//! (`app::chunks`); the runner fetches a chunk once with
//! [`SplitPoints::load`] and keeps what draws it ([`keep`]); the views draw
//! from it ([`draw`]) once the model says the chunk is here, all through
//! `view::chunk_place`: a panel's view (`view::panels`), the daily's and
//! races' views (`view::contest`). Each chunk is resolved once, and drawn as often as
//! it is shown, at once. A chunk may also hand over, as it loads, the
//! functions the page calls for it ([`Tool`]): the card's picture. The
//! debugger's chunk is fetched by the runtime itself ([`DebuggerTool`]):
//! the debugger wraps the app, and the app's model does not know it.
//!
//! The split points are in the binary rather than here: a split point is a
//! function exported from whichever wasm links it, and the AI worker links
//! this library.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use leptos::prelude::AnyView;
use wasm_bindgen::JsValue;

use super::dispatcher::Dispatcher;
use super::storage::Store;
use crate::app::chunks::Chunk;
use crate::app::debugger::program::DebugMsg;
use crate::app::debugger::Recording;
use crate::app::{Model, Msg, Sent};
use crate::session::deck::Deck;
use crate::session::stored::{Loaded, Problem};

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
    /// Fetches the debugger's chunk, which wraps the app rather than being
    /// one of its chunks (`app::chunks` does not list it).
    pub debugger: fn() -> Later<Option<DebuggerTool>>,
}

/// The debugger's chunk, which the page's runtime fetches when the message
/// log is first opened or a session file is dropped on the page
/// (`view::inspector::TOOL`): the debugger's runner, with which the runtime
/// wraps the app as Elm's debugger wraps a program, and its view. None of
/// the debugger's code (its rules, the list, the replays, the diff, the
/// session files, JSON) is in the page at start.
#[derive(Clone, Copy)]
pub struct DebuggerTool {
    /// Starts the debugger on the page it wraps (its list and snapshots of
    /// the recording so far).
    pub start: fn(&dyn Host),
    /// Carries out a debugger's message, with the page it wraps.
    pub send: fn(DebugMsg, &dyn Host),
    /// Whether the live app takes `msg` now (`debugger::program::takes`):
    /// while the page is paused, only what the outside reports.
    pub takes: fn(&Msg) -> bool,
    /// Reads a session file (a `File` dropped on the page).
    pub read: fn(JsValue, Dispatcher),
}

/// The page as the debugger sees it: the page's runtime.
pub trait Host {
    /// Hands `f` the page's recording and its live model.
    fn page(&self, f: &mut dyn FnMut(&Recording, &Model));
    /// Shows `model` in place of the live one, which is kept aside and
    /// goes on taking what the outside reports; `None`: the live one again.
    fn show(&self, model: Option<Model>);
    /// Where the debugger's later messages go (a file read).
    fn dispatcher(&self) -> Dispatcher;
    /// Whether the debugger's message log is shown (its button says so).
    fn log_shown(&self, shown: bool);
    /// How to reach the page later, outside a call from it (the list's
    /// rows, put in words as they are drawn).
    fn reach(&self) -> Reach;
}

/// Hands a function the page, as the debugger sees it, whenever it is called.
pub type Reach = fn(&mut dyn FnMut(&dyn Host));

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
    /// Reads and writes the deck (learn's chunk: `web::deck_store`);
    /// `Cmd::LoadDeck`, `Cmd::SaveDeck` and other tabs' deck. Only learn's
    /// rules ask for them, once its chunk is here.
    Deck(DeckStore),
}

/// The deck's way in and out of storage, through [`Store`] as every record.
#[derive(Clone, Copy)]
pub struct DeckStore {
    pub load: fn(&Store) -> Loaded<Deck>,
    pub save: fn(&Store, &Deck) -> Result<(), Problem>,
    /// Another tab's deck, as its `storage` event gives it.
    pub written: fn(&str) -> Loaded<Deck>,
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
        tools.borrow().iter().find_map(|&tool| match tool {
            Tool::ShareCard(share) => Some(share),
            Tool::Deck(_) => None,
        })
    })
}

/// The deck's way in and out of storage, once learn's chunk handed it over.
pub fn deck_store() -> Option<DeckStore> {
    TOOLS.with(|tools| {
        tools.borrow().iter().find_map(|&tool| match tool {
            Tool::Deck(store) => Some(store),
            Tool::ShareCard(_) => None,
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
