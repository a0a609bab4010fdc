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
use std::cell::{Cell, OnceCell, RefCell};
use std::sync::Arc;

use leptos::prelude::*;
use serde_json::Value;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

use super::session_file;
use super::split_points::{DebuggerTool, Host, Reach};
use crate::app::debugger::inspected::{Described, Inspected, Listed};
use crate::app::debugger::program::{self, DebugCmd, DebugMsg, Debugger, Page, Row};
use crate::app::{Model, Msg};
use crate::view::inspector::{Drawn, Inspector, ROW_PX};
use crate::web::browser::{scroll_box, scroll_to};

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
    static DRAWN: OnceCell<Drawn> = const { OnceCell::new() };
    /// Its view, while it is mounted (dropped, it is taken away).
    static MOUNTED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    /// How the view's rows reach the page, to be put in words as they are
    /// drawn.
    static REACH: Cell<Option<Reach>> = const { Cell::new(None) };
}

/// What the debugger's view draws.
fn drawn() -> Drawn {
    DRAWN.with(|cell| {
        cell.get_or_init(|| Drawn {
            inspected: ArcRwSignal::new(Inspected::default()),
            open: ArcRwSignal::new(false),
            listed: ArcRwSignal::new(Listed::default()),
            at: ArcRwSignal::new(None),
            view_box: ArcRwSignal::new((0.0, 0.0)),
            model: ArcRwSignal::new(None),
            row,
        })
        .clone()
    })
}

/// Message `n` of the session listed, in words: made as its row is drawn
/// (the list draws only the rows in view).
fn row(n: u64) -> Option<Row> {
    let reach = REACH.with(Cell::get)?;
    let mut row = None;
    reach(&mut |host| {
        host.page(&mut |recording, live| {
            let page = Page { recording, live };
            row = DEBUGGER.with(|d| d.try_borrow().ok()?.row(page, n));
        });
    });
    row
}

/// Whether the live app takes `msg` now.
pub fn takes(msg: &Msg) -> bool {
    DEBUGGER.with(|debugger| program::takes(&debugger.borrow(), msg))
}

/// Starts the debugger on the page it wraps: the recording so far listed,
/// its snapshots taken.
pub fn start(host: &dyn Host) {
    REACH.with(|reach| reach.set(Some(host.reach())));
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
    host.page(&mut |recording, live| {
        let page = Page { recording, live };
        DEBUGGER.with(|debugger| {
            if let Some(msg) = msg.take() {
                cmds = program::update(&mut debugger.borrow_mut(), msg, page);
            }
        });
    });
    for cmd in cmds {
        run(cmd, host);
    }
    show(host);
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

/// What the debugger's model asks the page to show, read in one look.
struct Asked {
    /// The model to show in place of the live one (`None` inside: the
    /// live one), when that changed, and it as JSON, for its tree.
    model: Option<(Option<Model>, Option<Value>)>,
    inspected: Inspected,
    listed: Listed,
    open: bool,
    mounted: bool,
}

/// Shows what the debugger's model asks: while paused, the model right
/// after the message paused on, in place of the live one; else the live
/// one. Then what its view draws (each signal written only when it
/// changed: a new message moves the list's end, a step its mark), and
/// whether it is mounted.
fn show(host: &dyn Host) {
    let drawn = drawn();
    let mut asked = None;
    host.page(&mut |recording, live| {
        let page = Page { recording, live };
        DEBUGGER.with(|debugger| {
            let debugger = debugger.borrow();
            let key = debugger.shown.as_ref().map(|s| (s.n, s.file));
            let changed = DESCRIBED.with(|d| d.borrow().0 != key);
            let mut json = None;
            if changed {
                let (described, after) = Described::of(&debugger, page);
                json = after;
                DESCRIBED.with(|d| *d.borrow_mut() = (key, described));
            }
            let (first, last) = debugger.range(page);
            asked = Some(Asked {
                model: changed.then(|| (debugger.shown.as_ref().map(|s| s.after.clone()), json)),
                inspected: Inspected {
                    at: debugger.at,
                    file: debugger.opened.is_some(),
                    first,
                    last,
                    described: DESCRIBED.with(|d| d.borrow().1.clone()),
                    problem: debugger.problem.clone(),
                    blocked: debugger.blocked.clone(),
                },
                listed: Listed::of(&debugger),
                open: debugger.open,
                mounted: debugger.shown(),
            });
        });
    });
    let Some(asked) = asked else { return };
    if let Some((model, json)) = asked.model {
        inert(model.is_some());
        host.show(model);
        drawn.model.set(json.map(Arc::new));
    }
    if drawn.open.get_untracked() != asked.open {
        drawn.open.set(asked.open);
    }
    list(&drawn, asked.listed, asked.inspected.at);
    if drawn.inspected.with_untracked(|i| *i != asked.inspected) {
        drawn.inspected.set(asked.inspected);
    }
    host.log_shown(asked.open);
    place(asked.mounted, host);
}

/// Writes which messages are listed and which is marked, when either
/// changed, and keeps the list where the student reads it.
fn list(drawn: &Drawn, listed: Listed, at: Option<u64>) {
    let was = drawn.listed.get_untracked();
    if was != listed {
        drawn.listed.set(listed);
    }
    let stepped = drawn.at.get_untracked() != at;
    if stepped {
        drawn.at.set(at);
    }
    if stepped || was != listed {
        let view_box = drawn.view_box.clone();
        let at = at.filter(|_| stepped);
        request_animation_frame(move || follow(was, listed, at, view_box));
    }
}

/// Keeps the list where the student reads it, once it is drawn: paused on
/// a message out of view (`stepped`), it scrolls to it; a message more
/// while it is scrolled down, what is in view stays in view (the rows move
/// down by one, so it does too). Its view hears the scroll, and the rows
/// in view are drawn.
fn follow(was: Listed, now: Listed, stepped: Option<u64>, view_box: ArcRwSignal<(f64, f64)>) {
    let Ok(Some(scroll)) = document().query_selector(".message-scroll") else {
        return;
    };
    let (top, height) = scroll_box(&scroll);
    let want = match stepped {
        Some(n) => {
            let row = now.last.saturating_sub(n) as f64 * ROW_PX;
            if row < top {
                row
            } else if row + ROW_PX > top + height {
                row + ROW_PX - height
            } else {
                return;
            }
        }
        None if was.file == now.file && now.last > was.last && top > 0.0 => {
            top + (now.last - was.last) as f64 * ROW_PX
        }
        None => return,
    };
    scroll_to(&scroll, want);
    view_box.set((want, height));
}

/// While paused, the page under the debugger's veil is out of reach: its
/// `<main>` inert (nothing in it takes focus or the pointer); the
/// debugger's column and handle stand beside it.
fn inert(paused: bool) {
    if let Ok(Some(main)) = document().query_selector("main") {
        let _ = match paused {
            true => main.set_attribute("inert", ""),
            false => main.remove_attribute("inert"),
        };
    }
}

/// Adds the debugger's stylesheet to the page the first time its view is
/// mounted: the page names it in a meta (scripts/later-css.mjs), and does
/// not fetch it at start. The meta goes once it is added.
fn styled() {
    let doc = document();
    let Ok(Some(meta)) = doc.query_selector("meta[name=debugger-css]") else {
        return;
    };
    let href = meta.get_attribute("content").unwrap_or_default();
    if let (Ok(link), Ok(Some(head))) = (doc.create_element("link"), doc.query_selector("head")) {
        let _ = link.set_attribute("rel", "stylesheet");
        let _ = link.set_attribute("href", &href);
        let _ = head.append_child(&link);
    }
    meta.remove();
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
            styled();
            let handle = leptos::mount::mount_to(place, move || {
                provide_context(dispatcher);
                provide_context(drawn());
                view! { <Inspector/> }
            });
            *mounted = Some(Box::new(handle));
        }
    });
}
