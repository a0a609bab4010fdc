//! The runtime: the one place the model lives and changes, Elm's runtime
//! in one file. [`App`] reads what the page was opened with, makes
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
//! `update` is called through `Recording::fold`: from the first message on,
//! the runtime records the page's session (the flags, the model at the
//! window's start, the last 5 000 messages and what each did), outside the
//! app's model, as Elm's runtime does for its debugger.
//!
//! A message whose room's rules are not here yet (`app::rooms`: they
//! arrive with the room's chunk) is held: the chunk is asked for
//! (`Msg::CodeNeeded`), what comes after waits behind it, and all go
//! through, in order, once the chunk is in (or, for those that needed it,
//! are dropped if it could not be fetched, which the page says).
//!
//! The debugger's messages (`Dispatcher::debug`: the message log opened, a
//! session file dropped on the page) fetch its chunk the first time; from
//! then on the debugger wraps the loop, as Elm's debugger wraps a program:
//! it hears every message recorded, it may show a replayed model in the
//! signal while the live one waits aside ([`Host`]), and meanwhile the live
//! model takes only what the debugger lets through (the outside's replies);
//! the player's inputs are blocked, and the debugger says so.
//!
//! The runtime lives in one thread-local cell for the page's lifetime; the
//! dispatcher (a plain function), the watchdog and the board's first load
//! reach it there, so no handle to it is passed around or kept alive.

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::VecDeque;

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;

use super::browser;
use super::dispatcher::Dispatcher;
use super::runner::Runner;
use super::split_points::{self, DebuggerTool, Host, SplitPoints};
use super::storage::Store;
use super::subscriptions::Listeners;
use crate::app::chunks::{Chunk, Fetch};
use crate::app::debugger::program::DebugMsg;
use crate::app::debugger::Recording;
use crate::app::{init, rooms, subscriptions, Cmd, Flags, Model, Msg, Query};
use crate::view::context::DebuggerState;
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
    /// The page's session: every message is folded through it.
    recording: RefCell<Recording>,
    /// While the debugger has the page paused: the live model, which goes
    /// on folding the outside's replies (the signal then holds the model
    /// the debugger replayed for the message paused on).
    live: RefCell<Option<Model>>,
    /// Whether writing the debugger's handle (how many messages, whether
    /// its log is shown) is queued for the next frame.
    counting: Cell<bool>,
    /// Whether the debugger's message log is shown, for its handle.
    log_shown: Cell<bool>,
    /// Whether the debugger's chunk could not be fetched the last time it
    /// was asked for, for the line that says so.
    debugger_failed: RwSignal<bool>,
    /// The debugger, once its chunk is here.
    debugger: Cell<Option<DebuggerTool>>,
    /// Fetches the debugger's chunk.
    load_debugger: fn() -> split_points::Later<Option<DebuggerTool>>,
    /// Fetches an app chunk: the rooms' whose rules a session's messages
    /// replay through come before the debugger.
    load_chunk: fn(Chunk) -> split_points::Later<Option<split_points::Draw>>,
    /// Whether its chunk is being fetched.
    loading: Cell<bool>,
    /// What waits for it: its messages, and files dropped on the page.
    waiting: RefCell<(Vec<DebugMsg>, Vec<JsValue>)>,
    /// Messages held until their room's rules are here (`app::rooms`), in
    /// the order they came.
    held: RefCell<VecDeque<Msg>>,
    /// A session file dropped on the page: the debugger's one
    /// subscription, live from the start (it fetches the debugger).
    _drops: [EventListener; 3],
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
    /// listen to what the new model says. Once the debugger is here it
    /// wraps the loop: while it has the page paused, the player's inputs
    /// are blocked (it says so) and the rest goes to the live model kept
    /// aside; it hears every message recorded.
    fn handle(&self, msg: Msg) {
        let debugger = self.debugger.get();
        if let Some(debugger) = debugger.filter(|d| !(d.takes)(&msg)) {
            (debugger.send)(DebugMsg::Blocked(Box::new(msg)), self);
            return;
        }
        let Some(msg) = self.hold(msg) else { return };
        let cmds = {
            let mut live = self.live.borrow_mut();
            let mut recording = self.recording.borrow_mut();
            match live.as_mut() {
                Some(live) => recording.fold(live, msg),
                None => self
                    .model
                    .try_update(|model| recording.fold(model, msg))
                    .unwrap_or_default(),
            }
        };
        if let Some(debugger) = debugger {
            (debugger.send)(DebugMsg::Recorded, self);
        }
        self.run(cmds);
        self.listen();
        self.count();
        self.release();
    }

    /// Hands `f` the live model (kept aside while the debugger shows
    /// another).
    fn with_live<T>(&self, f: impl FnOnce(&Model) -> T) -> Option<T> {
        match self.live.borrow().as_ref() {
            Some(live) => Some(f(live)),
            None => self.model.try_with_untracked(f),
        }
    }

    /// `msg`, if `update` may take it now; else it is held: its room's
    /// rules arrive with a chunk that is not here (`rooms::code_wanted`),
    /// which is asked for (`Msg::CodeNeeded`) unless it is on its way, or
    /// messages are held already, which it follows in order. A chunk's
    /// news always goes through.
    fn hold(&self, msg: Msg) -> Option<Msg> {
        if matches!(msg, Msg::ChunkLoaded { .. } | Msg::CodeNeeded(_)) {
            return Some(msg);
        }
        let wanted = self.with_live(|m| {
            let chunk = rooms::code_wanted(m, &msg)?;
            Some((chunk, m.chunks.of(chunk) == Fetch::Loading))
        });
        let wanted = wanted.flatten();
        if wanted.is_none() && self.held.borrow().is_empty() {
            return Some(msg);
        }
        self.held.borrow_mut().push_back(msg);
        if let Some((chunk, false)) = wanted {
            self.handle(Msg::CodeNeeded(chunk));
        }
        None
    }

    /// Lets the held messages through, in order, ahead of what is queued,
    /// once no chunk one of them waits for is on its way: it is here, or it
    /// could not be fetched. Those whose chunk could not be fetched are
    /// dropped (the page says so under the board, `view::contest`), as
    /// the debugger's are; the next one asks for it again.
    fn release(&self) {
        if self.held.borrow().is_empty() {
            return;
        }
        let fetches = |m: &Model| {
            let held = self.held.borrow();
            let wanted = held.iter().map(|msg| rooms::code_wanted(m, msg));
            wanted
                .map(|c| c.map(|c| m.chunks.of(c)))
                .collect::<Vec<_>>()
        };
        let Some(fetches) = self.with_live(fetches) else {
            return;
        };
        if fetches.contains(&Some(Fetch::Loading)) {
            return;
        }
        let held = self.held.take();
        let mut queue = self.queue.borrow_mut();
        for (msg, fetch) in held.into_iter().zip(fetches).rev() {
            if fetch != Some(Fetch::Failed) {
                queue.push_front(msg);
            }
        }
    }

    /// The debugger's handle (index.html's `#messages`) written at the
    /// next frame: how many messages, whether the log is shown. Once for a
    /// burst of messages, and never on a key's way to the board.
    fn count(&self) {
        if !self.counting.replace(true) {
            request_animation_frame(|| {
                with_runtime(|runtime| {
                    runtime.counting.set(false);
                    let last = runtime.recording.borrow().last();
                    browser::handle_says(last, runtime.log_shown.get());
                });
            });
        }
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

    /// A debugger's message goes to the debugger; the first fetches its
    /// chunk, and waits for it.
    fn debug(&self, msg: DebugMsg) {
        match self.debugger.get() {
            Some(debugger) => (debugger.send)(msg, self),
            None => {
                self.waiting.borrow_mut().0.push(msg);
                self.fetch_debugger();
            }
        }
    }

    /// A session file dropped on the page goes to the debugger, which is
    /// fetched first if it is not here.
    fn dropped(&self, file: JsValue) {
        match self.debugger.get() {
            Some(debugger) => (debugger.read)(file, self.dispatcher),
            None => {
                self.waiting.borrow_mut().1.push(file);
                self.fetch_debugger();
            }
        }
    }

    /// Fetches the debugger's chunk, once at a time; when it is here, the
    /// debugger starts on the page and takes what waited for it. If it
    /// cannot be fetched, what waited is dropped, the page says so under
    /// the board (`view::panels::messages::DebuggerFailed`), and the next
    /// message tries again.
    fn fetch_debugger(&self) {
        if self.loading.replace(true) {
            return;
        }
        if self.debugger_failed.get_untracked() {
            self.debugger_failed.set(false);
        }
        let (load, load_chunk) = (self.load_debugger, self.load_chunk);
        leptos::task::spawn_local(async move {
            // The debugger replays messages through `update`, whichever
            // room they are of: the rooms whose rules arrive with a chunk
            // (`rooms::WITH_RULES`) are fetched first, their rules handed
            // over by their split points; one that cannot be fetched
            // leaves its messages ignored in the replay, as on the page.
            for chunk in rooms::WITH_RULES {
                let _ = load_chunk(chunk).await;
            }
            let debugger = load().await;
            with_runtime(|runtime| runtime.debugger_here(debugger));
        });
    }

    fn debugger_here(&self, debugger: Option<DebuggerTool>) {
        self.loading.set(false);
        let (msgs, files) = self.waiting.take();
        let Some(debugger) = debugger else {
            self.debugger_failed.set(true);
            return;
        };
        self.debugger.set(Some(debugger));
        (debugger.start)(self);
        for msg in msgs {
            (debugger.send)(msg, self);
        }
        for file in files {
            (debugger.read)(file, self.dispatcher);
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

    fn log_shown(&self, shown: bool) {
        if self.log_shown.replace(shown) != shown {
            browser::handle_says(self.recording.borrow().last(), shown);
        }
    }

    fn reach(&self) -> split_points::Reach {
        |f| with_runtime(|runtime| f(runtime))
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
/// Returns the model, read-only, what the debugger's handle shows, and the
/// dispatcher, for the view.
fn start(
    board: NodeRef<leptos::html::Div>,
    split: SplitPoints,
) -> (ReadSignal<Model>, DebuggerState, Dispatcher) {
    let store = Store::open();
    let flags = flags(&store);
    let (model, cmds) = init(&flags);
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
        recording: RefCell::new(Recording::new(flags)),
        live: RefCell::new(None),
        counting: Cell::new(false),
        log_shown: Cell::new(false),
        debugger_failed: RwSignal::new(false),
        debugger: Cell::new(None),
        load_debugger: split.debugger,
        load_chunk: split.load,
        loading: Cell::new(false),
        waiting: RefCell::new((Vec::new(), Vec::new())),
        held: RefCell::new(VecDeque::new()),
        _drops: file_drop(),
    };
    let model = runtime.model.read_only();
    let debugger = DebuggerState(runtime.debugger_failed.read_only());
    if RUNTIME.with(|cell| cell.set(runtime).is_ok()) {
        with_runtime(|runtime| runtime.begin(cmds));
    }
    (model, debugger, dispatcher)
}

/// A file dropped on the page is a session for the debugger; dragging one
/// over the page is let through, which a drop needs. A click on the
/// debugger's handle shows or hides its log.
fn file_drop() -> [EventListener; 3] {
    let options = EventListenerOptions {
        phase: EventListenerPhase::Bubble,
        passive: false,
    };
    let on = |name, dropped: bool| {
        EventListener::new_with_options(&window(), name, options, move |event| {
            event.prevent_default();
            if let Some(file) = dropped.then(|| browser::dropped_file(event)).flatten() {
                with_runtime(|runtime| runtime.dropped(file));
            }
        })
    };
    let handle = EventListener::new(&window(), "click", |event| {
        if browser::on_handle(event) {
            with_runtime(|runtime| runtime.debug(DebugMsg::ToggleLog));
        }
    });
    [on("dragover", false), on("drop", true), handle]
}

/// The whole app: the runtime and the page, which gets the model read-only,
/// the dispatcher and the split points.
#[component]
pub fn App(split: SplitPoints) -> impl IntoView {
    let board = NodeRef::<leptos::html::Div>::new();
    let (model, debugger, dispatcher) = start(board, split);
    provide_context(debugger);
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
