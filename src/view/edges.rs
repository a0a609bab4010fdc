//! The edges of the app: every place the browser talks to the game or the
//! game to the browser, other than rendering. Listeners are removed when
//! their owner is cleaned up.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use super::keys::{command_for_key, Modifiers};
use super::swipe::{self, Start, Tracker};
use super::Dispatcher;
use crate::engine::{Config, Input};
use crate::save;
use crate::storage::{self, Theme};

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

/// Takes in best scores written by other tabs (the `storage` event fires
/// only for changes made elsewhere).
pub fn listen_to_other_tabs(config: Memo<Config>, stored_best: RwSignal<u64>) {
    on(&window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        let config = config.get_untracked();
        if event.key() != Some(storage::best_key(config)) {
            return;
        }
        if let Some(best) = event
            .new_value()
            .and_then(|v| save::decode_best(&v, config).ok())
        {
            if best > stored_best.get_untracked() {
                stored_best.set(best);
            }
        }
    });
}

/// Sends the game's keys to `dispatcher` for as long as the owner lives.
pub fn listen_to_keyboard(dispatcher: Dispatcher) {
    let listener = gloo_events::EventListener::new_with_options(
        &window(),
        "keydown",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        move |event| {
            let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if typing_in_a_field(event) {
                return;
            }
            let modifiers = Modifiers {
                alt: event.alt_key(),
                ctrl: event.ctrl_key(),
                meta: event.meta_key(),
                shift: event.shift_key(),
            };
            if let Some(command) = command_for_key(&event.key(), modifiers) {
                // Only keys the game handles: arrows must not scroll the page,
                // and every other key keeps its usual meaning.
                event.prevent_default();
                dispatcher.command(command);
            }
        },
    );
    keep(listener);
}

/// Whether the key press belongs to a text field rather than to the game.
fn typing_in_a_field(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// What the page's address asks for: `?seed=N` or `?replay=LINK`.
#[derive(Default)]
pub struct Query {
    pub seed: Option<String>,
    pub replay: Option<String>,
}

/// Reads the address's query and takes it off the address (without a
/// reload), so that reloading the page goes on with the game rather than
/// starting the link's game again. The first of each key counts.
pub fn take_query() -> Query {
    let location = window().location();
    let search = location.search().unwrap_or_default();
    let mut query = Query::default();
    for pair in search.trim_start_matches('?').split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match key {
            "seed" => &mut query.seed,
            "replay" => &mut query.replay,
            _ => continue,
        };
        slot.get_or_insert_with(|| value.to_string());
    }
    if query.seed.is_some() || query.replay.is_some() {
        if let (Ok(history), Ok(path)) = (window().history(), location.pathname()) {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }
    query
}

/// A seed for a game nobody asked to replay. The only randomness outside the
/// engine, drawn once at start-up.
pub fn fresh_seed() -> u64 {
    let draw = || (js_sys::Math::random() * (1u64 << 32) as f64) as u64;
    (draw() << 32) | draw()
}

/// Turns swipes on `board` (touch, pen or mouse drag) into moves.
pub fn listen_to_swipes(board: &web_sys::HtmlDivElement, dispatcher: Dispatcher) {
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
                dispatcher.send(Input::Move(dir));
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

    // Touch events: phones, and pages that get touches without pointers.
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

/// Whether the system asks for a dark colour scheme.
pub fn system_prefers_dark() -> bool {
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Shows `theme` (or the system's, for `None`) through `data-theme` on
/// `<html>`, which style/ reads.
pub fn apply_theme(theme: Option<Theme>) {
    let Some(root) = document().document_element() else {
        return;
    };
    let _ = match theme {
        Some(Theme::Light) => root.set_attribute("data-theme", "light"),
        Some(Theme::Dark) => root.set_attribute("data-theme", "dark"),
        None => root.remove_attribute("data-theme"),
    };
}

/// The CSS animation running on `el`, if any. `getAnimations` is reached
/// through `Reflect` because web-sys still marks it unstable. It makes the
/// browser bring styles up to date, so call it once and keep the result: a
/// CSS animation object lives as long as its `animation-name` stays.
pub fn css_animation(el: &web_sys::Element) -> Option<web_sys::Animation> {
    let get = js_sys::Reflect::get(el, &"getAnimations".into()).ok()?;
    let list = get.dyn_ref::<js_sys::Function>()?.call0(el).ok()?;
    js_sys::Array::from(&list).get(0).dyn_into().ok()
}

/// Plays `animation` again from its first frame, without touching the DOM
/// (so without a mutation).
pub fn restart(animation: &web_sys::Animation) {
    animation.set_current_time(Some(0.0));
    let _ = animation.play();
}
