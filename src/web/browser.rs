//! Small doors to the browser that the runtime, the runner and the
//! subscriptions use: the address, randomness, the colour scheme, the
//! theme attribute, the clipboard. Each fails quietly: a browser that
//! refuses gives a default, never a panic or a console error.

use leptos::prelude::{document, window};
use wasm_bindgen::closure::Closure;

use crate::session::stored::Theme;

/// The address's query string (`?seed=5`), or nothing.
pub fn search() -> String {
    window().location().search().unwrap_or_default()
}

/// The page's address without its query: where share links point.
pub fn page_url() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// Takes the query off the address bar without a reload.
pub fn clear_query() {
    let location = window().location();
    if let (Ok(history), Ok(path)) = (window().history(), location.pathname()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

/// 64 random bits, drawn once at start-up: the seeds of games nobody asked
/// to replay come from them (`Model::draw_seed`).
pub fn entropy() -> u64 {
    let draw = || (js_sys::Math::random() * (1u64 << 32) as f64) as u64;
    (draw() << 32) | draw()
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
pub fn show_theme(theme: Option<Theme>) {
    let Some(root) = document().document_element() else {
        return;
    };
    let _ = match theme {
        Some(Theme::Light) => root.set_attribute("data-theme", "light"),
        Some(Theme::Dark) => root.set_attribute("data-theme", "dark"),
        None => root.remove_attribute("data-theme"),
    };
}

/// Writes `text` to the clipboard, calling `done` if that worked. A browser
/// that refuses (no permission, no clipboard) leaves the link on screen to
/// copy by hand; the refusal is caught, so it is no console error.
pub fn copy(text: &str, done: impl FnOnce() + 'static) {
    let clipboard = window().navigator().clipboard();
    let promise = clipboard.write_text(text);
    let ok = Closure::once(move |_: wasm_bindgen::JsValue| done());
    let refused = Closure::once(|_: wasm_bindgen::JsValue| {});
    let _ = promise.then2(&ok, &refused);
    // Each is called at most once, by the promise, after this returns.
    ok.forget();
    refused.forget();
}
