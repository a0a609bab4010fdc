//! Session files in the browser: saving the page's session as a download,
//! and reading one the player picks or drops on the page (the runtime
//! hands the file over). Reached only through the debugger's chunk, so
//! none of it (nor serde_json) is in the page at start.
//!
//! Every call that can throw is bound here with `catch`; a file that
//! cannot be read, or is not a session, becomes `DebugMsg::Refused(…)` in
//! words: no panic, no console error, the live game untouched.

use gloo_events::EventListener;
use leptos::prelude::{document, window};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use super::dispatcher::Dispatcher;
use crate::app::debugger::program::DebugMsg;
use crate::app::debugger::{file, Recording};
use crate::app::Model;

/// The name a saved session downloads as.
const FILE_NAME: &str = "2048-session.json";

#[wasm_bindgen]
extern "C" {
    /// A `Blob`: its constructor is the one call here with a binding of its
    /// own. The rest (`text`, `URL.createObjectURL`, `click`, `files`,
    /// `dataTransfer`, `item`) go through `Reflect.get` and
    /// `Function.call`, which the page imports already: every import is
    /// the page's (a chunk has none of its own), and each would add to the
    /// page's glue.
    type Blob;
    /// `new Blob(parts, {type})`.
    #[wasm_bindgen(constructor, catch)]
    fn new(parts: &js_sys::Array, options: &JsValue) -> Result<Blob, JsValue>;
}

/// `target[name]`; `Err` if reading it threw.
fn get(target: &JsValue, name: &str) -> Result<JsValue, JsValue> {
    js_sys::Reflect::get(target, &JsValue::from_str(name))
}

/// `target[name](arg?)`; `Err` if it is not a function or threw.
fn call(target: &JsValue, name: &str, arg: Option<&JsValue>) -> Result<JsValue, JsValue> {
    let method = get(target, name)?.unchecked_into::<js_sys::Function>();
    match arg {
        Some(arg) => method.call1(target, arg),
        None => method.call0(target),
    }
}

/// `list.item(0)`, of a `FileList` (`input.files`),
/// if there is one.
fn first_file(holder: &JsValue) -> Option<JsValue> {
    let files = get(holder, "files").ok().filter(|f| f.is_object())?;
    let file = call(&files, "item", Some(&JsValue::from(0))).ok()?;
    file.is_object().then_some(file)
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
    let urls = get(&window(), "URL").map_err(refused)?;
    let url = call(&urls, "createObjectURL", Some(&blob)).map_err(refused)?;
    let href = url
        .as_string()
        .ok_or(())
        .map_err(|()| refused(url.clone()))?;
    let link = document().create_element("a").map_err(refused)?;
    let clicked = link
        .set_attribute("href", &href)
        .and_then(|()| link.set_attribute("download", FILE_NAME))
        .and_then(|()| call(&link, "click", None).map(drop));
    // The download has its bytes once the click is handled.
    let _ = call(&urls, "revokeObjectURL", Some(&url));
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
        if let Some(file) = first_file(&picked) {
            read(file, dispatch);
        }
    })
    .forget();
    let _ = call(&input, "click", None);
}

/// Reads `file`'s text (a `File`) and sends its session, or why it is
/// refused.
pub fn read(file: JsValue, dispatch: Dispatcher) {
    let Ok(promise) = call(&file, "text", None) else {
        dispatch.debug(DebugMsg::Refused(UNREADABLE.into()));
        return;
    };
    leptos::task::spawn_local(async move {
        let text =
            wasm_bindgen_futures::JsFuture::from(promise.unchecked_into::<js_sys::Promise>()).await;
        let read = match text.ok().and_then(|t| t.as_string()) {
            Some(text) => file::read(&text),
            None => Err(UNREADABLE.into()),
        };
        dispatch.debug(match read {
            Ok(session) => DebugMsg::Opened(Box::new(session)),
            Err(why) => DebugMsg::Refused(why),
        });
    });
}

/// Why a file could not be read at all.
const UNREADABLE: &str = "This file could not be read.";
