//! What every component reads from the page's context: the model,
//! read-only, as memos of its parts ([`select`]), and the [`Dispatcher`] to
//! send messages with. [`super::Page`] provides both. And the two controls
//! several components draw, written once so the page's wasm holds their
//! code once: [`send_button`] and [`choice`].

use leptos::prelude::*;

use crate::app::{Model, Msg};
use crate::web::browser::selected_index;
use crate::web::dispatcher::Dispatcher;

/// The dispatcher the page was given.
pub fn use_dispatcher() -> Dispatcher {
    use_context::<Dispatcher>().expect("Page provides the Dispatcher")
}

/// The model, read-only.
pub fn use_model() -> ReadSignal<Model> {
    use_context::<ReadSignal<Model>>().expect("Page provides the model")
}

/// What the debugger's failure line reads: whether its chunk could not be
/// fetched the last time it was asked for: the runtime's state, not the
/// app's (the app does not know the debugger, and no view of the app's
/// reads this; while the debugger has the page paused, its own veil covers
/// the page and takes every input).
#[derive(Clone, Copy)]
pub struct DebuggerState(pub ReadSignal<bool>);

/// The runtime's state of the debugger, which `App` provides.
fn debugger_state() -> DebuggerState {
    use_context::<DebuggerState>().expect("App provides DebuggerState")
}

/// Whether the debugger's chunk could not be fetched the last time.
pub fn use_debugger_failed() -> ReadSignal<bool> {
    debugger_state().0
}

/// A memo of one part of the model.
pub fn select<T: PartialEq + Send + Sync + 'static>(
    part: impl Fn(&Model) -> T + Send + Sync + 'static,
) -> Memo<T> {
    let model = use_model();
    Memo::new(move |_| part(&model.read()))
}

/// A button that sends `msg` when pressed, named by `label`. Every such
/// button shares this one piece of code: each `on:click` closure written
/// out in a `view!` is its own generic code in the page's wasm.
pub fn send_button(class: &'static str, label: &'static str, msg: Msg) -> impl IntoView {
    let dispatch = use_dispatcher();
    view! { <button class=class on:click=move |_| dispatch.send(msg.clone())>{label}</button> }
}

/// A select in a label (`label`: its words and its class), one option per
/// `(value, words, selected, message)`; choosing one sends its message.
/// Every select on the page shares this code.
pub fn choice(
    label: (&'static str, &'static str),
    class: &'static str,
    options: Vec<(String, String, bool, Msg)>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let msgs: Vec<Msg> = options.iter().map(|option| option.3.clone()).collect();
    let options = options.into_iter().map(|(value, words, selected, _)| {
        view! { <option value=value prop:selected=selected>{words}</option> }
    });
    let on_change = move |ev: leptos::ev::Event| {
        if let Some(m) = selected_index(&ev).and_then(|i| msgs.get(i)) {
            dispatch.send(m.clone());
        }
    };
    view! {
        <label class=label.1>
            {label.0}
            <select class=class on:change=on_change>{options.collect_view()}</select>
        </label>
    }
}
