//! The debugger's runner, in the history panel's chunk: the edge of the debugger's own
//! program (`app::debugger::program`), as `runtime` is the app's. It holds
//! the debugger's model, folds in each [`DebugMsg`] with the program's
//! `update`, carries out its commands (session files: `session_file`), and
//! shows what it asks through the page's runtime ([`Host`]): the model the
//! fold made right after the message paused on, replayed from the page's
//! recording or the file opened, in place of the live one; and the
//! inspector, which it mounts in its place on the page ([`PLACE_ID`]) and
//! feeds ([`inspected`]). Its one subscription, a session file
//! dropped on the page, is live from its start on.
//!
//! The page has none of this code at start: the chunk hands it over as it
//! loads (`view::inspector::TOOL`), and the runtime wraps the app with it
//! from then on.

use std::any::Any;
use std::cell::{OnceCell, RefCell};

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use super::dispatcher::Dispatcher;
use super::session_file;
use super::split_points::{self, Host};
use crate::app::debugger::inspected::{Described, Inspected};
use crate::app::debugger::program::{self, DebugCmd, DebugMsg, Debugger};
use crate::app::Msg;

/// Which message of which session the page shows, and what it was and did,
/// as last replayed.
type Replayed = (Option<(u64, Option<u32>)>, Described);

thread_local! {
    /// The debugger's model.
    static DEBUGGER: RefCell<Debugger> = RefCell::new(Debugger::default());
    /// The last replay, done again only when the message shown changes.
    static REPLAYED: RefCell<Replayed> = RefCell::new((None, Described::default()));
    /// What the inspector draws: reference-counted, so that no view's owner
    /// (the message log's button that first paused the page) takes it away
    /// with it.
    static INSPECTED: OnceCell<ArcRwSignal<Inspected>> = const { OnceCell::new() };
    /// The inspector, while it is mounted (dropped, it is taken away).
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// The file-drop listeners, once set.
    static DROPS: OnceCell<[EventListener; 2]> = const { OnceCell::new() };
}

/// What the inspector draws, read-only.
pub fn inspected() -> ArcReadSignal<Inspected> {
    signal().read_only()
}

/// The signal of what the inspector draws, which only this runner writes.
fn signal() -> ArcRwSignal<Inspected> {
    INSPECTED.with(|cell| {
        cell.get_or_init(|| ArcRwSignal::new(Inspected::default()))
            .clone()
    })
}

/// Whether the live app takes `msg` now.
pub fn takes(msg: &Msg) -> bool {
    DEBUGGER.with(|debugger| program::takes(&debugger.borrow(), msg))
}

/// Starts the debugger: its one subscription, a session file dropped on
/// the page, is live from now on.
pub fn start(host: &dyn Host) {
    DROPS.with(|drops| {
        drops.get_or_init(|| file_drop(host.dispatcher()));
    });
}

/// Folds `msg` into the debugger's model, carries out its commands and
/// shows what the model now asks.
pub fn send(msg: DebugMsg, host: &dyn Host) {
    let own = own(host);
    let cmds = DEBUGGER.with(|debugger| program::update(&mut debugger.borrow_mut(), msg, own));
    for cmd in cmds {
        run(cmd, host);
    }
    show(host, own);
}

/// The first and last message the page's recording keeps.
fn own(host: &dyn Host) -> (u64, u64) {
    let mut own = (0, 0);
    host.page(&mut |recording, live| own = recording.range(&live.log));
    own
}

fn run(cmd: DebugCmd, host: &dyn Host) {
    let dispatch = host.dispatcher();
    match cmd {
        DebugCmd::Save => {
            let mut saved = Ok(());
            host.page(&mut |recording, live| saved = session_file::save(recording, live));
            if let Err(why) = saved {
                dispatch.debug(DebugMsg::Refused(why));
            }
        }
        DebugCmd::Pick => session_file::pick(dispatch),
    }
}

/// Shows what the debugger's model asks: while paused, the model right
/// after the message paused on (replayed when that message changes), in
/// place of the live one; else the live one. Then what the inspector
/// draws, and whether its place is.
fn show(host: &dyn Host, own: (u64, u64)) {
    let debugger = DEBUGGER.with(|debugger| debugger.borrow().clone());
    let range = debugger.range(own);
    let paused_on = debugger.at.map(|at| (at, debugger.opened.map(|o| o.file)));
    let described = REPLAYED.with(|replayed| {
        let mut replayed = replayed.borrow_mut();
        if replayed.0 != paused_on {
            let described = match paused_on {
                Some((at, _)) => replay(host, at, range.0),
                None => {
                    host.show(None);
                    Described::default()
                }
            };
            *replayed = (paused_on, described);
        }
        replayed.1.clone()
    });
    let drawn = debugger.shown();
    signal().set(Inspected {
        debugger,
        first: range.0,
        last: range.1,
        described,
    });
    place(drawn, host.dispatcher());
}

/// The id of the inspector's place on the page (`view::Page` draws it
/// empty): the debugger's own view is mounted there, a root of its own, as
/// Elm's debugger draws beside the program it wraps.
pub const PLACE_ID: &str = "debugger";

/// Mounts the inspector in its place while the debugger shows something,
/// and takes it away when it does not.
fn place(shown: bool, dispatcher: Dispatcher) {
    MOUNTED.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        if !shown {
            *mounted = None;
            return;
        }
        let place = document()
            .get_element_by_id(PLACE_ID)
            .and_then(|place| place.dyn_into::<HtmlElement>().ok());
        let draw = split_points::debugger().map(|debugger| debugger.inspector);
        if let (None, Some(place), Some(draw)) = (mounted.as_ref(), place, draw) {
            let handle = leptos::mount::mount_to(place, move || {
                provide_context(dispatcher);
                draw()
            });
            *mounted = Some(Box::new(handle));
        }
    });
}

/// Replays the session shown to message `at` (`first`: the start), shows
/// the model right after it, and gives what it was and did.
fn replay(host: &dyn Host, at: u64, first: u64) -> Described {
    let opened = DEBUGGER.with(|debugger| debugger.borrow().opened.is_some());
    let mut models = None;
    if opened {
        models = session_file::with_opened(|session| session.map(|s| s.model_at(at)));
    } else {
        host.page(&mut |recording, live| models = Some(recording.model_at(&live.log, at)));
    }
    let Some((after, before)) = models else {
        return Described::default();
    };
    let step = Described::of(at, first, &before, &after);
    host.show(Some(after));
    step
}

/// A file dropped on the page is read as a session; dragging one over the
/// page is let through, which a drop needs.
fn file_drop(dispatch: Dispatcher) -> [EventListener; 2] {
    let options = EventListenerOptions {
        phase: EventListenerPhase::Bubble,
        passive: false,
    };
    let on = |name, dropped: bool| {
        EventListener::new_with_options(&window(), name, options, move |event| {
            event.prevent_default();
            if dropped {
                session_file::dropped(event, dispatch);
            }
        })
    };
    [on("dragover", false), on("drop", true)]
}
