//! The swipe subscription: touch, pen and mouse drags on the board become
//! moves. Which gesture means which move is pure (`app::swipe`); this file
//! only reads the events. Heard through both pointer and touch events,
//! because a page may get either; `Tracker` applies a gesture seen through
//! both once.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use leptos::prelude::window;
use wasm_bindgen::JsCast;

use super::dispatcher::Dispatcher;
use crate::app::swipe::{self, Heard, Start, Tracker};
use crate::app::Msg;
use crate::engine::Input;

/// Listens for swipes on `board` until the returned listeners are dropped.
pub fn listen(board: &web_sys::HtmlDivElement, dispatch: Dispatcher) -> Vec<EventListener> {
    let mut listening = Vec::new();
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
    listening.push(EventListener::new(board, "pointerdown", move |e| {
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
            heard: Heard::Pointer,
        };
        t.borrow_mut().down(at, if e.is_primary() { 1 } else { 2 });
    }));
    // Released anywhere: a drag may end off the board.
    let f = finish.clone();
    listening.push(EventListener::new(&window(), "pointerup", move |e| {
        if let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() {
            f(e.client_x() as f64, e.client_y() as f64);
        }
    }));
    let t = tracker.clone();
    listening.push(EventListener::new(&window(), "pointercancel", move |_| {
        t.borrow_mut().cancel()
    }));
    listening.extend(touch_listeners(board, tracker, finish));
    listening
}

/// Touch events: phones, and pages that get touches without pointers.
fn touch_listeners(
    board: &web_sys::HtmlDivElement,
    tracker: Rc<RefCell<Tracker>>,
    finish: impl Fn(f64, f64) + 'static,
) -> [EventListener; 4] {
    let t = tracker.clone();
    let start = EventListener::new(board, "touchstart", move |e| {
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
            heard: Heard::Touch,
        };
        t.borrow_mut().down(at, e.touches().length());
    });
    // Not passive: the page must not scroll, zoom or go back while a finger
    // slides on the board (touch-action in style/ does the same where it is
    // supported).
    let t = tracker.clone();
    let slide = EventListener::new_with_options(
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
    );
    let end = EventListener::new(board, "touchend", move |e| {
        let Some(e) = e.dyn_ref::<web_sys::TouchEvent>() else {
            return;
        };
        if let Some(touch) = e.changed_touches().get(0) {
            finish(touch.client_x() as f64, touch.client_y() as f64);
        }
    });
    let cancel = EventListener::new(board, "touchcancel", move |_| tracker.borrow_mut().cancel());
    [start, slide, end, cancel]
}
