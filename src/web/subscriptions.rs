//! Subscriptions: the browser's events that matter to the app, each turned
//! into a [`Msg`] and sent, and nothing else. Which key or gesture means
//! what is pure (`app::keys`, `app::swipe`). Listeners are removed when
//! their owner is cleaned up.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use super::runtime::Dispatch;
use super::storage;
use crate::app::keys::{msg_for_key, msg_for_key_code, usable_key, Modifiers};
use crate::app::swipe::{self, Start, Tracker};
use crate::app::{Model, Msg};
use crate::engine::Input;
use crate::session::save;

/// Listens for `event` on `target` until the current owner is cleaned up.
fn on(
    target: &web_sys::EventTarget,
    event: &'static str,
    handler: impl FnMut(&web_sys::Event) + 'static,
) {
    keep(gloo_events::EventListener::new(target, event, handler));
}

/// Keeps `listener` alive until the current owner is cleaned up.
fn keep(listener: gloo_events::EventListener) {
    let listener = SendWrapper::new(listener);
    on_cleanup(move || drop(listener));
}

/// Best scores written by other tabs (the `storage` event fires only for
/// changes made elsewhere) become `BestElsewhere`.
pub fn other_tabs(model: ReadSignal<Model>, dispatch: Dispatch) {
    on(&window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let config = model.with_untracked(Model::config);
        if event.key() != Some(storage::best_key(config)) {
            return;
        }
        if let Some(best) = event
            .new_value()
            .and_then(|v| save::decode_best(&v, config).ok())
        {
            dispatch.send(Msg::BestElsewhere(config, best));
        }
    });
}

/// The game's keys become messages. Heard on the window in the capture
/// phase, so that every `keydown` counts wherever it is dispatched: on the
/// window, on the document (which a non-bubbling event never leaves), or on
/// `document.body`, where bots written for the original send theirs. A
/// `KeyboardEvent` is
/// read by its `key`; any other `keydown` (bots and userscripts send a
/// plain `Event` carrying `keyCode`), or one whose `key` says nothing, by
/// its `keyCode` or `which`, as the original reads them.
pub fn keyboard(dispatch: Dispatch) {
    let options = gloo_events::EventListenerOptions {
        phase: gloo_events::EventListenerPhase::Capture,
        passive: false,
    };
    let listener =
        gloo_events::EventListener::new_with_options(&window(), "keydown", options, move |event| {
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
        });
    keep(listener);
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

/// Swipes on the board (touch, pen or mouse drag) become moves, once the
/// board is in the DOM.
pub fn swipes(board: NodeRef<leptos::html::Div>, dispatch: Dispatch) {
    board.on_load(move |el| listen_to_swipes(&el, dispatch));
}

fn listen_to_swipes(board: &web_sys::HtmlDivElement, dispatch: Dispatch) {
    let tracker = Rc::new(RefCell::new(Tracker::default()));
    let el = board.clone();
    // Measured at the end of each gesture: the cell size follows the
    // window and the board size.
    let threshold = move || {
        let cell = el.query_selector(".grid-cell").ok().flatten();
        swipe::threshold(cell.map_or(0, |c| c.client_width()) as f64)
    };
    let finish = {
        let tracker = tracker.clone();
        move |x: f64, y: f64| {
            let dir = tracker.borrow_mut().up(x, y, threshold());
            if let Some(dir) = dir {
                dispatch.send(Msg::Play(Input::Move(dir)));
            }
        }
    };

    // Pointer events: mouse drags, pens, and touch where the page gets them.
    let t = tracker.clone();
    on(board, "pointerdown", move |e| {
        let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() else {
            return;
        };
        if e.pointer_type() == "mouse" && e.button() != 0 {
            return;
        }
        let at = Start {
            x: e.client_x() as f64,
            y: e.client_y() as f64,
            t: e.time_stamp(),
        };
        t.borrow_mut().down(at, if e.is_primary() { 1 } else { 2 });
    });
    // Released anywhere: a drag may end off the board.
    let f = finish.clone();
    on(&window(), "pointerup", move |e| {
        if let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() {
            f(e.client_x() as f64, e.client_y() as f64);
        }
    });
    let t = tracker.clone();
    on(&window(), "pointercancel", move |_| t.borrow_mut().cancel());
    listen_to_touches(board, tracker, finish);
}

/// Touch events: phones, and pages that get touches without pointers.
fn listen_to_touches(
    board: &web_sys::HtmlDivElement,
    tracker: Rc<RefCell<Tracker>>,
    finish: impl Fn(f64, f64) + 'static,
) {
    let t = tracker.clone();
    on(board, "touchstart", move |e| {
        let Some(e) = e.dyn_ref::<web_sys::TouchEvent>() else {
            return;
        };
        let Some(touch) = e.touches().get(0) else {
            return;
        };
        let at = Start {
            x: touch.client_x() as f64,
            y: touch.client_y() as f64,
            t: e.time_stamp(),
        };
        t.borrow_mut().down(at, e.touches().length());
    });
    // Not passive: the page must not scroll, zoom or go back while a finger
    // slides on the board (touch-action in style/ does the same where it is
    // supported).
    let t = tracker.clone();
    keep(gloo_events::EventListener::new_with_options(
        board,
        "touchmove",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        move |e| {
            let Some(e) = e.dyn_ref::<web_sys::TouchEvent>() else {
                return;
            };
            e.prevent_default();
            if e.touches().length() > 1 {
                t.borrow_mut().cancel();
            }
        },
    ));
    on(board, "touchend", move |e| {
        let Some(e) = e.dyn_ref::<web_sys::TouchEvent>() else {
            return;
        };
        if let Some(touch) = e.changed_touches().get(0) {
            finish(touch.client_x() as f64, touch.client_y() as f64);
        }
    });
    on(board, "touchcancel", move |_| tracker.borrow_mut().cancel());
}
