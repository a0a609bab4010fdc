//! The debugger's runner, in its own chunk: the edge of the debugger's own
//! program (`app::debugger::program`), as `runtime` is the app's. It holds
//! the debugger's model, folds in each [`DebugMsg`] with the program's
//! `update` on the page it wraps ([`Host`]: the runtime's recording and
//! the live model), carries out its commands (session files:
//! `session_file`), and shows what the model asks: the model right after
//! the message paused on in place of the live one, and its own view
//! (`view::inspector`), which it mounts in its place on the page
//! ([`PLACE_ID`]) and feeds (`view::inspector::Drawn`).
//!
//! The page has none of this code at start: the runtime fetches the chunk
//! when the message log is first opened or a session file is dropped on
//! the page, and wraps the app with it from then on.

use std::any::Any;
use std::cell::{OnceCell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlElement;

use super::session_file;
use super::split_points::{DebuggerTool, Host};
use crate::app::debugger::inspected::{Described, Inspected};
use crate::app::debugger::program::{self, DebugCmd, DebugMsg, Debugger, Page};
use crate::app::Msg;
use crate::view::inspector::{Drawn, Inspector};

/// What the debugger's chunk hands the page's runtime as it loads: its
/// runner and what reads a file dropped on the page.
pub const TOOL: DebuggerTool = DebuggerTool {
    start,
    send,
    takes,
    read: session_file::read,
};

/// Which message of which session is shown (`file`: the file's number),
/// and what it was and did, as last described.
type Last = (Option<(u64, Option<u32>)>, Described);

thread_local! {
    /// The debugger's model.
    static DEBUGGER: RefCell<Debugger> = RefCell::new(Debugger::default());
    /// The last description, made again only when the message shown changes.
    static DESCRIBED: RefCell<Last> = RefCell::new((None, Described::default()));
    /// Which list the rows drawn are: the file's number, how many, the last.
    static LISTED: RefCell<Option<(Option<u32>, usize, u64)>> = const { RefCell::new(None) };
    static DRAWN: OnceCell<Drawn> = const { OnceCell::new() };
    /// Its view, while it is mounted (dropped, it is taken away).
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
}

/// What the debugger's view draws.
fn drawn() -> Drawn {
    DRAWN.with(|cell| {
        cell.get_or_init(|| Drawn {
            inspected: ArcRwSignal::new(Inspected::default()),
            open: ArcRwSignal::new(false),
            rows: ArcRwSignal::new(Vec::new()),
            at: ArcRwSignal::new(None),
        })
        .clone()
    })
}

/// Whether the live app takes `msg` now.
pub fn takes(msg: &Msg) -> bool {
    DEBUGGER.with(|debugger| program::takes(&debugger.borrow(), msg))
}

/// Starts the debugger on the page it wraps: the recording so far listed,
/// its snapshots taken.
pub fn start(host: &dyn Host) {
    host.page(&mut |recording, live| {
        let started = Debugger::start(Page { recording, live });
        DEBUGGER.with(|debugger| *debugger.borrow_mut() = started);
    });
}

/// Folds `msg` into the debugger's model, carries out its commands and
/// shows what the model now asks.
pub fn send(msg: DebugMsg, host: &dyn Host) {
    let mut msg = Some(msg);
    let mut cmds = Vec::new();
    let mut range = (0, 0);
    host.page(&mut |recording, live| {
        let page = Page { recording, live };
        DEBUGGER.with(|debugger| {
            let mut debugger = debugger.borrow_mut();
            if let Some(msg) = msg.take() {
                cmds = program::update(&mut debugger, msg, page);
            }
            range = debugger.range(page);
        });
    });
    for cmd in cmds {
        run(cmd, host);
    }
    show(host, range);
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
/// after the message paused on, in place of the live one; else the live
/// one. Then what its view draws, and whether it is mounted.
fn show(host: &dyn Host, range: (u64, u64)) {
    let drawn = drawn();
    let (inspected, mounted) = DEBUGGER.with(|debugger| {
        let debugger = debugger.borrow();
        let key = debugger.shown.as_ref().map(|s| (s.n, s.file));
        let changed = DESCRIBED.with(|d| d.borrow().0 != key);
        if changed {
            host.show(debugger.shown.as_ref().map(|s| s.after.clone()));
            let described = Inspected::of(&debugger, range).described;
            DESCRIBED.with(|d| *d.borrow_mut() = (key, described));
        }
        list(&debugger, &drawn);
        let described = DESCRIBED.with(|d| d.borrow().1.clone());
        let inspected = Inspected {
            at: debugger.at,
            file: debugger.opened.is_some(),
            first: range.0,
            last: range.1,
            described,
            problem: debugger.problem.clone(),
            blocked: debugger.blocked.clone(),
        };
        if drawn.open.get_untracked() != debugger.open {
            drawn.open.set(debugger.open);
        }
        (inspected, debugger.shown())
    });
    if drawn.at.get_untracked() != inspected.at {
        drawn.at.set(inspected.at);
        if let Some(n) = inspected.at {
            request_animation_frame(move || into_view(n));
        }
    }
    if drawn.inspected.with_untracked(|i| *i != inspected) {
        drawn.inspected.set(inspected);
    }
    host.log_shown(drawn.open.get_untracked());
    place(mounted, host);
}

/// Writes the list's rows when the list changed: another session, a
/// message more or one let go.
fn list(debugger: &Debugger, drawn: &Drawn) {
    let rows = &debugger.timeline().rows;
    let which = (
        debugger.opened.as_ref().map(|o| o.file),
        rows.len(),
        rows.last().map_or(0, |r| r.n),
    );
    if LISTED.with(|listed| listed.replace(Some(which))) != Some(which) {
        drawn.rows.set(rows.iter().rev().cloned().collect());
    }
}

/// Scrolls the row of message `n` into view within the list, if it is
/// out of view (`scrollIntoView({block: "nearest"})`).
fn into_view(n: u64) {
    let row = document()
        .query_selector(&format!(".message-row[data-n=\"{n}\"]"))
        .ok()
        .flatten();
    if let Some(row) = row {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
        let scroll = js_sys::Reflect::get(&row, &"scrollIntoView".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(scroll) = scroll {
            let _ = scroll.call1(&row, &JsValue::from(options));
        }
    }
}

/// The id of the debugger's place on the page (`view::Page` draws it
/// empty): its view is mounted there, a root of its own.
pub const PLACE_ID: &str = "debugger";

/// Mounts the debugger's view in its place while it shows something, and
/// takes it away when it does not.
fn place(shown: bool, host: &dyn Host) {
    let dispatcher = host.dispatcher();
    MOUNTED.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        if !shown {
            *mounted = None;
            return;
        }
        let place = document()
            .get_element_by_id(PLACE_ID)
            .and_then(|place| place.dyn_into::<HtmlElement>().ok());
        if let (None, Some(place)) = (mounted.as_ref(), place) {
            let handle = leptos::mount::mount_to(place, move || {
                provide_context(dispatcher);
                provide_context(drawn());
                view! { <Inspector/> }
            });
            *mounted = Some(Box::new(handle));
        }
    });
}
