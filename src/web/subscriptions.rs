//! The listeners behind [`Subs`]: the browser's events that matter to the
//! app, each turned into a [`Msg`] and sent, and nothing else. Which
//! listeners run is not decided here but by `app::subscriptions(&model)`:
//! after every message the runtime hands its answer to
//! [`Listeners::sync`], which starts what was added, stops what was
//! dropped and restarts what changed. Dropping a listener's handle removes
//! it. Which key or gesture means what is pure (`app::keys`, `app::swipe`).

use std::cell::Cell;

use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::browser::{self, Idle, Interval};
use super::dispatcher::Dispatcher;
use super::split_points;
use super::storage::{self, Store};
use super::swipes;
use crate::app::keys::{msg_for_key, msg_for_key_code, usable_key, Modifiers};
use crate::app::{Msg, Subs};
use crate::engine::Config;

/// One subscription's listener: what it listens for now, and its handle
/// (`None` while off). Cells, not a `RefCell`: a browser call that throws
/// while a slot changes (wasm runs no destructor when a JavaScript
/// exception unwinds) can leave no borrow behind. What a slot listens for
/// is written only once its new listener has started, so after a throw the
/// next sync tries again.
struct Slot<K, L> {
    on: Cell<K>,
    handle: Cell<Option<L>>,
}

impl<K: PartialEq + Copy + Default, L> Slot<K, L> {
    fn off() -> Self {
        Slot {
            on: Cell::new(K::default()),
            handle: Cell::new(None),
        }
    }

    /// Restarts the listener if what it should listen for changed: drops
    /// the old one (which removes it), then starts the new one (`None`:
    /// off).
    fn listen_for(&self, now: K, start: impl FnOnce(K) -> Option<L>) {
        if self.on.get() != now {
            drop(self.handle.take());
            self.handle.set(start(now));
            self.on.set(now);
        }
    }
}

/// The listeners running now: one slot per field of [`Subs`]. No borrow is
/// held across a browser call (see [`Slot`]).
pub struct Listeners {
    dispatch: Dispatcher,
    board: NodeRef<leptos::html::Div>,
    keys: Slot<bool, EventListener>,
    swipes: Slot<bool, Vec<EventListener>>,
    other_tabs: Slot<Option<Config>, EventListener>,
    other_decks: Slot<bool, EventListener>,
    replay_ticker: Slot<Option<u32>, Interval>,
    clock: Slot<Option<u32>, Interval>,
    colour_scheme: Slot<bool, EventListener>,
    idle: Slot<bool, Idle>,
    page_hide: Slot<bool, [EventListener; 2]>,
}

impl Listeners {
    /// No listener yet; the runtime syncs them with the first model.
    pub fn new(dispatch: Dispatcher, board: NodeRef<leptos::html::Div>) -> Self {
        Listeners {
            dispatch,
            board,
            keys: Slot::off(),
            swipes: Slot::off(),
            other_tabs: Slot::off(),
            other_decks: Slot::off(),
            replay_ticker: Slot::off(),
            clock: Slot::off(),
            colour_scheme: Slot::off(),
            idle: Slot::off(),
            page_hide: Slot::off(),
        }
    }

    /// Starts and stops listeners so that exactly `want` is listened to.
    pub fn sync(&self, want: Subs) {
        let d = self.dispatch;
        self.keys
            .listen_for(want.keys, |on| on.then(|| keyboard(d)));
        // Until the board is mounted there is nothing to swipe on: the slot
        // stays off, and the runtime syncs again once the board is loaded.
        if let Some(board) = self.board.get_untracked() {
            self.swipes
                .listen_for(want.swipes, |on| on.then(|| swipes::listen(&board, d)));
        }
        self.other_tabs
            .listen_for(want.other_tabs, |c| c.map(|c| other_tabs(c, d)));
        self.other_decks
            .listen_for(want.other_decks, |on| on.then(|| other_decks(d)));
        self.replay_ticker.listen_for(want.replay_every_ms, |ms| {
            browser::every(ms?, move || d.send(Msg::ReplayTick))
        });
        self.colour_scheme.listen_for(want.colour_scheme, |on| {
            on.then(|| colour_scheme(d)).flatten()
        });
        self.clock.listen_for(want.clock_every_ms, |ms| {
            browser::every(ms?, move || d.send(Msg::Time(browser::local_time())))
        });
        self.idle.listen_for(want.idle, |on| {
            on.then(|| browser::idle(move || d.send(Msg::Idle)))
        });
        self.page_hide
            .listen_for(want.page_hide, |on| on.then(|| page_hide(d)));
    }
}

/// Best scores written by other tabs for `config`'s size (the `storage`
/// event fires only for changes made elsewhere) become `BestElsewhere`;
/// their daily or race, `ChallengeElsewhere`. Each is read as `Cmd::Load`
/// reads it (`Store`): a record that fails its checks is set aside, and is
/// told to `update` so that the notice names it.
fn other_tabs(config: Config, dispatch: Dispatcher) -> EventListener {
    let key = storage::best_key(config);
    EventListener::new(&window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let Some(value) = event.new_value() else {
            return;
        };
        let msg = match event.key() {
            Some(k) if k == key => Some(Msg::BestElsewhere(
                config,
                Store::best_written(&value, config),
            )),
            Some(k) if k == storage::CONTEST_KEY => Some(Msg::ChallengeElsewhere(Box::new(
                Store::challenge_written(&value),
            ))),
            _ => None,
        };
        if let Some(msg) = msg {
            dispatch.send(msg);
        }
    })
}

/// The deck written by another tab becomes `DeckElsewhere`, read as
/// `Cmd::LoadDeck` reads it.
fn other_decks(dispatch: Dispatcher) -> EventListener {
    EventListener::new(&window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let (Some(key), Some(value)) = (event.key(), event.new_value()) else {
            return;
        };
        let store = split_points::deck_store().filter(|_| key == storage::DECK_KEY);
        if let Some(store) = store {
            let deck = (store.written)(&value);
            dispatch.send(Msg::DeckElsewhere(Box::new(deck)));
        }
    })
}

/// The system's colour scheme becomes `SystemDark`, where the browser has
/// `matchMedia`.
fn colour_scheme(dispatch: Dispatcher) -> Option<EventListener> {
    let query = browser::dark_scheme()?;
    let target: web_sys::EventTarget = query.clone().into();
    Some(EventListener::new(&target, "change", move |_| {
        dispatch.send(Msg::SystemDark(query.matches()))
    }))
}

/// The page being hidden (another tab, a minimised window) or closed
/// becomes `Hidden`.
fn page_hide(dispatch: Dispatcher) -> [EventListener; 2] {
    [
        EventListener::new(&window(), "pagehide", move |_| dispatch.send(Msg::Hidden)),
        EventListener::new(&document(), "visibilitychange", move |_| {
            if browser::page_hidden() {
                dispatch.send(Msg::Hidden);
            }
        }),
    ]
}

/// The game's keys become messages. Heard on the window in the capture
/// phase, so that every `keydown` counts wherever it is dispatched: on the
/// window, on the document (which a non-bubbling event never leaves), or on
/// `document.body`, where bots written for the original send theirs. A
/// `KeyboardEvent` is read by its `key`; any other `keydown` (bots and
/// userscripts send a plain `Event` carrying `keyCode`), or one whose `key`
/// says nothing, by its `keyCode` or `which`, as the original reads them.
fn keyboard(dispatch: Dispatcher) -> EventListener {
    let options = EventListenerOptions {
        phase: EventListenerPhase::Capture,
        passive: false,
    };
    EventListener::new_with_options(&window(), "keydown", options, move |event| {
        if typing_in_a_field(event) {
            return;
        }
        let msg = match event.dyn_ref::<web_sys::KeyboardEvent>() {
            Some(key) if usable_key(&key.key()) => msg_for_key(&key.key(), modifiers(event)),
            _ => key_code(event).and_then(|code| msg_for_key_code(code, modifiers(event))),
        };
        if let Some(msg) = msg {
            // Only keys the game handles: arrows must not scroll the page,
            // and every other key keeps its usual meaning.
            event.prevent_default();
            dispatch.send(msg);
        }
    })
}

/// The modifier keys held at a key event, read as properties so that a
/// plain `Event` with `altKey` and the rest set by a tool reads the same.
fn modifiers(event: &web_sys::Event) -> Modifiers {
    let held = |name: &str| {
        js_sys::Reflect::get(event, &name.into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };
    Modifiers {
        alt: held("altKey"),
        ctrl: held("ctrlKey"),
        meta: held("metaKey"),
        shift: held("shiftKey"),
    }
}

/// The event's `keyCode`, or else its `which`, if either is a key's number.
fn key_code(event: &web_sys::Event) -> Option<u32> {
    ["keyCode", "which"].into_iter().find_map(|name| {
        let value = js_sys::Reflect::get(event, &name.into()).ok()?.as_f64()?;
        (1.0..256.0).contains(&value).then_some(value as u32)
    })
}

/// Whether the key press belongs to a text field rather than to the game.
fn typing_in_a_field(event: &web_sys::Event) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}
