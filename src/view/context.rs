//! What every component reads from the page's context: the model,
//! read-only, as memos of its parts ([`select`]), and the [`Dispatcher`] to
//! send messages with. [`super::Page`] provides both.

use leptos::prelude::*;

use crate::app::Model;
use crate::web::dispatcher::Dispatcher;

/// The dispatcher the page was given.
pub fn use_dispatcher() -> Dispatcher {
    use_context::<Dispatcher>().expect("Page provides the Dispatcher")
}

/// The model, read-only.
pub fn use_model() -> ReadSignal<Model> {
    use_context::<ReadSignal<Model>>().expect("Page provides the model")
}

/// A memo of one part of the model.
pub fn select<T: PartialEq + Send + Sync + 'static>(
    part: impl Fn(&Model) -> T + Send + Sync + 'static,
) -> Memo<T> {
    let model = use_model();
    Memo::new(move |_| part(&model.read()))
}
