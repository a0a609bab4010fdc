//! Session files in the browser: saving the page's session as a download,
//! and reading one the player picks or drops on the page; the session
//! opened is kept here, and the page paused on one of its messages shows
//! it replayed ([`show`]). Reached only through the debugger's chunk
//! (`split_points::Tools`, handed over by `view::inspector::hand_over`),
//! so none of it (nor serde_json) is in the page at start.
//!
//! Every call that can throw is bound here with `catch`; a file that
//! cannot be read, or is not a session, becomes `Msg::SessionFile(Err(…))`
//! in words: no panic, no console error, the live game untouched.

use gloo_events::EventListener;
use leptos::prelude::document;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use std::cell::{Cell, RefCell};

use super::dispatcher::Dispatcher;
use crate::app::debugger::{file, shown, Recording, Session};
use crate::app::model::Opened;
use crate::app::{Model, Msg};

/// The name a saved session downloads as.
const FILE_NAME: &str = "2048-session.json";

#[wasm_bindgen]
extern "C" {
    /// A `Blob` (and a `File`, which is one).
    type Blob;
    /// `new Blob(parts, {type})`.
    #[wasm_bindgen(constructor, catch)]
    fn new(parts: &js_sys::Array, options: &JsValue) -> Result<Blob, JsValue>;
    /// `Blob.text()`: a promise of its text.
    #[wasm_bindgen(method, catch)]
    fn text(this: &Blob) -> Result<js_sys::Promise, JsValue>;

    /// `URL.createObjectURL`.
    #[wasm_bindgen(catch, js_namespace = URL, js_name = createObjectURL)]
    fn create_object_url(blob: &Blob) -> Result<String, JsValue>;
    /// `URL.revokeObjectURL`.
    #[wasm_bindgen(catch, js_namespace = URL, js_name = revokeObjectURL)]
    fn revoke_object_url(url: &str) -> Result<(), JsValue>;

    /// An element that can be clicked (`<a download>`, `<input type=file>`).
    type Clickable;
    #[wasm_bindgen(method, catch)]
    fn click(this: &Clickable) -> Result<(), JsValue>;
    /// `input.files`, or a drop's `dataTransfer.files`.
    #[wasm_bindgen(method, getter)]
    fn files(this: &Clickable) -> Option<Files>;

    /// A `DragEvent`, for its `dataTransfer`.
    type Dropped;
    #[wasm_bindgen(method, getter, js_name = dataTransfer)]
    fn data_transfer(this: &Dropped) -> Option<Clickable>;

    /// A `FileList`.
    type Files;
    #[wasm_bindgen(method)]
    fn item(this: &Files, index: u32) -> Option<Blob>;
}

/// Saves the page's session (what `recording` holds, and the `live` model
/// to check a replay against) as a JSON file the browser downloads.
pub fn save(recording: &Recording, live: &Model) -> Result<(), String> {
    let refused = |_| "This session could not be saved: the browser refused the file.".to_string();
    let mut session = recording.session();
    session.end = Some(Box::new(live.clone()));
    let parts = js_sys::Array::of1(&JsValue::from_str(&file::write(&session)));
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"type".into(), &"application/json".into()).map_err(refused)?;
    let blob = Blob::new(&parts, &options).map_err(refused)?;
    let url = create_object_url(&blob).map_err(refused)?;
    let link = document().create_element("a").map_err(refused)?;
    let clicked = link
        .set_attribute("href", &url)
        .and_then(|()| link.set_attribute("download", FILE_NAME))
        .and_then(|()| link.unchecked_ref::<Clickable>().click());
    // The download has its bytes once the click is handled.
    let _ = revoke_object_url(&url);
    clicked.map_err(refused)
}

/// Opens the browser's file picker; the file picked is read as a session.
pub fn pick(dispatch: Dispatcher) {
    let Ok(input) = document().create_element("input") else {
        return;
    };
    let set = input
        .set_attribute("type", "file")
        .and_then(|()| input.set_attribute("accept", ".json,application/json"));
    if set.is_err() {
        return;
    }
    let picked = input.clone();
    EventListener::once(&input, "change", move |_| {
        let file = picked
            .unchecked_ref::<Clickable>()
            .files()
            .and_then(|f| f.item(0));
        read(file, dispatch);
    })
    .forget();
    let _ = input.unchecked_ref::<Clickable>().click();
}

/// Reads the first file dropped with `event` as a session.
pub fn dropped(event: &web_sys::Event, dispatch: Dispatcher) {
    let file = event
        .unchecked_ref::<Dropped>()
        .data_transfer()
        .and_then(|t| t.files())
        .and_then(|f| f.item(0));
    read(file, dispatch);
}

/// Reads `file`'s text and sends its session, or why it is refused.
fn read(file: Option<Blob>, dispatch: Dispatcher) {
    let Some(file) = file else {
        return;
    };
    let Ok(promise) = file.text() else {
        dispatch.send(Msg::SessionFile(Err(UNREADABLE.into())));
        return;
    };
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(promise).await;
        let read = match text.ok().and_then(|t| t.as_string()) {
            Some(text) => file::read_in_page(&text),
            None => Err(UNREADABLE.into()),
        };
        let read = read.map(open);
        dispatch.send(Msg::SessionFile(read));
    });
}

/// Why a file could not be read at all.
const UNREADABLE: &str = "This file could not be read.";

thread_local! {
    /// The session last opened from a file, and how many were.
    static OPENED: RefCell<Option<Session>> = const { RefCell::new(None) };
    static FILES: Cell<u32> = const { Cell::new(0) };
}

/// Keeps a session read from a file, to step through; what the model
/// knows of it.
fn open(session: Session) -> Opened {
    let file = FILES.with(|files| files.get() + 1);
    FILES.with(|files| files.set(file));
    let opened = Opened {
        first: session.first,
        last: session.last(),
        file,
    };
    OPENED.with(|kept| *kept.borrow_mut() = Some(session));
    opened
}

/// The model the page shows while `live`'s debugger has it paused: the
/// one replayed from the session opened, if it is stepping through one,
/// else from the page's `recording` (`debugger::shown`).
pub fn show(recording: &Recording, live: &Model) -> Model {
    OPENED.with(|opened| shown(recording, opened.borrow().as_ref(), live))
}
