//! The runtime: the one place the model lives and changes. [`App`] reads
//! what the page was opened with, makes the first model with `init`, and
//! holds it in one signal whose write side never leaves this file.
//! [`Dispatch::send`] queues a message; the queue is drained in order, each
//! message folded into the model with `update` and its effects handed to
//! the one [`Runner`]. A message sent while another is being handled (an
//! effect's reply, a storage failure) waits its turn, so `update` never
//! runs inside itself.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use leptos::prelude::*;
use leptos_meta::provide_meta_context;

use super::browser;
use super::effects::Runner;
use super::storage::Store;
use super::subscriptions;
use crate::app::{init, update, Effect, Flags, Model, Msg, Query};
use crate::view::{Dispatcher, Page};

/// The runtime's state: the model's write side, the runner and the queue.
struct Runtime {
    model: RwSignal<Model>,
    runner: Runner,
    queue: RefCell<VecDeque<Msg>>,
    draining: Cell<bool>,
}

/// The handle every subscription and the runner send messages through.
/// Copy; it holds no write access to the model, only the queue.
#[derive(Clone, Copy)]
pub struct Dispatch(StoredValue<Rc<Runtime>, LocalStorage>);

impl Dispatch {
    /// Queues `msg` and, unless a message is being handled already, handles
    /// every queued message in order.
    pub fn send(self, msg: Msg) {
        let Some(runtime) = self.0.try_get_value() else {
            return;
        };
        runtime.queue.borrow_mut().push_back(msg);
        self.drain(&runtime);
    }

    /// Handles every queued message in order, unless that is being done
    /// already further up the stack.
    fn drain(self, runtime: &Runtime) {
        if runtime.draining.replace(true) {
            return;
        }
        loop {
            let next = runtime.queue.borrow_mut().pop_front();
            let Some(msg) = next else { break };
            let effects = runtime
                .model
                .try_update(|model| update(model, msg))
                .unwrap_or_default();
            self.run(runtime, effects);
        }
        runtime.draining.set(false);
    }

    fn run(self, runtime: &Runtime, effects: Vec<Effect>) {
        for effect in effects {
            runtime.runner.run(effect, self);
        }
    }
}

/// What the page was opened with: storage's first answers and the address.
fn flags(store: &Store) -> Flags {
    Flags {
        storage: store.available(),
        settings: store.load_settings(),
        theme: store.load_theme(),
        system_dark: browser::system_prefers_dark(),
        query: Query::parse(&browser::search()),
        page_url: browser::page_url(),
        entropy: browser::entropy(),
    }
}

/// Starts the runtime: the first model, its effects, and the handle to
/// send messages with. The model's read side is for the view.
fn start() -> (ReadSignal<Model>, Dispatch, ReadSignal<String>) {
    let store = Store::open();
    let (model, effects) = init(flags(&store));
    let runner = Runner::new(store);
    let announcement = runner.announcement();
    let runtime = Rc::new(Runtime {
        model: RwSignal::new(model),
        runner,
        queue: RefCell::new(VecDeque::new()),
        draining: Cell::new(true),
    });
    let read = runtime.model.read_only();
    let dispatch = Dispatch(StoredValue::new_local(runtime.clone()));
    dispatch.run(&runtime, effects);
    runtime.draining.set(false);
    // Replies the first effects sent (what storage held) are handled now.
    dispatch.drain(&runtime);
    (read, dispatch, announcement)
}

/// The whole app: the runtime, its subscriptions, and the page.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    let (model, dispatch, announcement) = start();
    subscriptions::keyboard(dispatch);
    subscriptions::other_tabs(model, dispatch);
    let board = NodeRef::<leptos::html::Div>::new();
    subscriptions::swipes(board, dispatch);
    let dispatcher = Dispatcher::new(move |msg| dispatch.send(msg));
    view! { <Page model dispatcher board announcement/> }
}

/// Mounts the app in place of the static shell that index.html paints
/// before the wasm has loaded (the heading, the scores and the empty board,
/// in the layout the app draws them in). Both happen in one task, so no
/// frame shows neither.
pub fn mount() {
    if let Some(shell) = document().get_element_by_id(SHELL_ID) {
        shell.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// The id of index.html's static shell.
pub const SHELL_ID: &str = "shell";
