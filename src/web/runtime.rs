//! The runtime: the one place the model lives and changes, Elm's runtime
//! in a few dozen lines. [`App`] reads what the page was opened with, makes
//! the first model with `init`, and holds it in one signal whose write side
//! never leaves this file. Every message, whoever sends it, goes through
//! the same loop:
//!
//! ```text
//! Dispatcher::send(msg) → queue → update(&mut model, msg) → cmds → Runner
//!                                                 └→ subscriptions(&model) → Listeners::sync
//! ```
//!
//! A message sent while another is being handled (a command's reply, a
//! storage failure) waits its turn, so `update` never runs inside itself.
//! `update` is called through `Recording::fold`, which keeps the page's
//! session beside the message log.
//!
//! Once the debugger's code is here (the history panel's chunk), the
//! debugger wraps the loop, as Elm's debugger wraps a program: its own
//! messages (`Dispatcher::debug`) go to it, it may show a replayed model in
//! the signal while the live one waits aside ([`Host`]), and meanwhile the
//! live model takes only what the debugger lets through.
//!
//! The runtime lives in one thread-local cell for the page's lifetime; the
//! dispatcher (a plain function), the watchdog and the board's first load
//! reach it there, so no handle to it is passed around or kept alive.

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::VecDeque;

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;

use super::browser;
use super::dispatcher::Dispatcher;
use super::runner::Runner;
use super::split_points::{self, Host, SplitPoints};
use super::storage::Store;
use super::subscriptions::Listeners;
use crate::app::debugger::program::DebugMsg;
use crate::app::debugger::Recording;
use crate::app::{init, subscriptions, Cmd, Flags, Model, Msg, Query};
use crate::view::Page;

/// The runtime's state: the model's write side, the runner, the listeners
/// and the queue.
struct Runtime {
    model: RwSignal<Model>,
    runner: Runner,
    listeners: Listeners,
    dispatcher: Dispatcher,
    queue: RefCell<VecDeque<Msg>>,
    /// Whether a message is being handled further up the stack.
    draining: Cell<bool>,
    /// Whether `watchdog` is queued.
    watching: Cell<bool>,
    /// Clears `draining` if it is still set once the stack has unwound
    /// (see [`Runtime::watch`]).
    watchdog: Closure<dyn FnMut(JsValue)>,
    /// What the page's session needs beside its message log (the model's
    /// `Log`): its flags, and the model at the window's start. Every
    /// message is folded through it.
    recording: RefCell<Recording>,
    /// While the debugger has the page paused: the live model, which goes
    /// on folding the outside's replies (the signal then holds the model
    /// the debugger replayed for the message paused on).
    live: RefCell<Option<Model>>,
    /// Whether the debugger has started (once its code is here).
    debugging: Cell<bool>,
}

impl Runtime {
    /// Queues `msg` and, unless a message is being handled already, handles
    /// every queued message in order.
    fn send(&self, msg: Msg) {
        self.queue.borrow_mut().push_back(msg);
        self.drain();
    }

    /// Handles every queued message in order, unless that is being done
    /// already further up the stack.
    fn drain(&self) {
        self.turn(|| {});
    }

    /// Runs `work`, then handles every message queued (by it, or while it
    /// ran), in order: the loop's one turn. Nested inside another turn (a
    /// message sent while one is handled) it does nothing: the message
    /// waits in the queue for the turn further up the stack.
    fn turn(&self, work: impl FnOnce()) {
        if self.draining.replace(true) {
            return;
        }
        self.watch();
        work();
        loop {
            let next = self.queue.borrow_mut().pop_front();
            let Some(msg) = next else { break };
            self.handle(msg);
        }
        self.draining.set(false);
    }

    /// One turn of the loop: fold the message in, run its commands, and
    /// listen to what the new model says. Once the debugger is here (the
    /// history panel's chunk) it is started, and wraps the loop: while it
    /// has the page paused, the message goes to the live model kept aside,
    /// if the live app takes it, and the debugger hears that more can be
    /// shown.
    fn handle(&self, msg: Msg) {
        let debugger = split_points::debugger();
        if debugger.is_some_and(|d| !(d.takes)(&msg)) {
            return;
        }
        let live = self.live.borrow_mut().take();
        let paused = live.is_some();
        let cmds = match live {
            Some(mut live) => {
                let cmds = self.recording.borrow_mut().fold(&mut live, msg);
                *self.live.borrow_mut() = Some(live);
                cmds
            }
            None => self
                .model
                .try_update(|model| self.recording.borrow_mut().fold(model, msg))
                .unwrap_or_default(),
        };
        match debugger {
            Some(debugger) if paused => (debugger.send)(DebugMsg::Folded, self),
            Some(debugger) if !self.debugging.replace(true) => (debugger.start)(self),
            _ => {}
        }
        self.run(cmds);
        self.listen();
    }

    /// Puts `model` in the signal; the one it held.
    fn swap(&self, model: Model) -> Option<Model> {
        self.model.try_update(|m| std::mem::replace(m, model))
    }

    fn run(&self, cmds: Vec<Cmd>) {
        for cmd in cmds {
            self.runner.run(cmd, self.dispatcher);
        }
    }

    /// A debugger's message goes to the debugger, once its code is here
    /// (the history panel's chunk, which draws the message log its
    /// messages come from).
    fn debug(&self, msg: DebugMsg) {
        if let Some(debugger) = split_points::debugger() {
            (debugger.send)(msg, self);
        }
    }

    /// Starts and stops listeners to match `subscriptions(&model)` (the
    /// live model's, while the page is paused).
    fn listen(&self) {
        let paused = self.live.borrow().as_ref().map(subscriptions);
        if let Some(subs) = paused.or_else(|| self.model.try_with_untracked(subscriptions)) {
            self.listeners.sync(subs);
        }
    }

    /// No browser call on the loop's path can throw (each door returns
    /// `Result`), but if a JavaScript exception ever did unwind through
    /// `drain`, `draining` would stay set and every later message would
    /// wait forever. So each drain queues a microtask, which can run only
    /// once the stack has unwound: if `draining` is still set then, it is
    /// stale, and the watchdog clears it and handles what is queued.
    /// Nothing the loop borrows is held across a browser call (the queue is
    /// borrowed only to push and to pop, the listeners are cells:
    /// `subscriptions::Slot`), so no borrow is left behind by the unwind
    /// (`tests/e2e/faults.test.mjs` makes addEventListener throw mid-sync).
    fn watch(&self) {
        if !self.watching.replace(true) {
            browser::on_next_microtask(&self.watchdog);
        }
    }

    fn recover(&self) {
        self.watching.set(false);
        if self.draining.replace(false) {
            self.drain();
        }
    }

    /// The first model's commands as a turn of the loop (the replies they
    /// queue, what storage held, are handled after them), then the first
    /// subscriptions.
    fn begin(&self, cmds: Vec<Cmd>) {
        self.turn(|| self.run(cmds));
        self.listen();
    }
}

/// The page as the debugger sees it.
impl Host for Runtime {
    fn page(&self, f: &mut dyn FnMut(&Recording, &Model)) {
        let recording = self.recording.borrow();
        match self.live.borrow().as_ref() {
            Some(live) => f(&recording, live),
            None => {
                self.model.with_untracked(|live| f(&recording, live));
            }
        }
    }

    fn show(&self, model: Option<Model>) {
        match model {
            Some(model) => {
                let previous = self.swap(model);
                let mut live = self.live.borrow_mut();
                if live.is_none() {
                    *live = previous;
                }
            }
            None => {
                let live = self.live.borrow_mut().take();
                if let Some(live) = live {
                    self.swap(live);
                }
            }
        }
    }

    fn dispatcher(&self) -> Dispatcher {
        self.dispatcher
    }
}

/// What the page was opened with: the address, the browser, the size and
/// the theme stored.
fn flags(store: &Store) -> Flags {
    Flags {
        storage: store.available(),
        settings: store.load_settings(),
        theme: store.load_theme(),
        system_dark: browser::system_prefers_dark(),
        query: Query::parse(&browser::search()),
        page_url: browser::page_url(),
        entropy: browser::entropy(),
        cached: browser::served_by_worker(),
        time: browser::local_time(),
        shell_game: browser::adopt_first_game(),
    }
}

thread_local! {
    /// The page's one runtime, from the app's start for as long as the page
    /// lives. The dispatcher and the watchdog reach it here, so nothing
    /// holds a reference to it but this cell.
    static RUNTIME: OnceCell<Runtime> = const { OnceCell::new() };
}

/// Hands `f` the runtime, once it has started.
fn with_runtime(f: impl FnOnce(&Runtime)) {
    RUNTIME.with(|runtime| runtime.get().map(f));
}

/// Starts the runtime: the first model, its commands and subscriptions.
/// Returns the model, read-only, and the dispatcher, for the view.
fn start(board: NodeRef<leptos::html::Div>, split: SplitPoints) -> (ReadSignal<Model>, Dispatcher) {
    let store = Store::open();
    let flags = flags(&store);
    let (model, cmds) = init(&flags);
    let recording = RefCell::new(Recording::new(flags, &model));
    let dispatcher = Dispatcher::new(
        |msg| with_runtime(|runtime| runtime.send(msg)),
        |msg| with_runtime(|runtime| runtime.debug(msg)),
    );
    let runtime = Runtime {
        model: RwSignal::new(model),
        runner: Runner::new(store, split),
        listeners: Listeners::new(dispatcher, board),
        dispatcher,
        queue: RefCell::new(VecDeque::new()),
        draining: Cell::new(false),
        watching: Cell::new(false),
        watchdog: Closure::new(|_: JsValue| with_runtime(Runtime::recover)),
        recording,
        live: RefCell::new(None),
        debugging: Cell::new(false),
    };
    let model = runtime.model.read_only();
    if RUNTIME.with(|cell| cell.set(runtime).is_ok()) {
        with_runtime(|runtime| runtime.begin(cmds));
    }
    (model, dispatcher)
}

/// The whole app: the runtime and the page, which gets the model read-only,
/// the dispatcher and the split points.
#[component]
pub fn App(split: SplitPoints) -> impl IntoView {
    let board = NodeRef::<leptos::html::Div>::new();
    let (model, dispatcher) = start(board, split);
    // The swipe listeners need the board's element, which exists once the
    // page is mounted: listen again then. Every subscription is live now,
    // so the page's first-game script may hand over the keys and swipes it
    // kept before the app ran: they are heard as any later ones.
    board.on_load(|_| {
        with_runtime(Runtime::listen);
        browser::replay_first_inputs();
    });
    view! { <Page model dispatcher board/> }
}

/// Mounts the app in place of the static shell that index.html paints
/// before the wasm has loaded (the heading, the scores and the empty board,
/// in the layout the app draws them in). Both happen in one task, so no
/// frame shows neither.
pub fn mount(split: SplitPoints) {
    browser::remove_element(SHELL_ID);
    leptos::mount::mount_to_body(move || view! { <App split/> });
}

/// The id of index.html's static shell.
pub const SHELL_ID: &str = "shell";
