//! [`Dispatcher`]: the one way anything sends the app a message. The
//! runtime makes it; the runner (for replies), the subscriptions and every
//! component get a copy. It holds no write access to the model: a message
//! only queues, and the runtime folds it in with `update`.

use std::rc::Rc;

use leptos::prelude::*;

use crate::app::Msg;

/// Sends messages to the runtime. Copy, so closures take it freely.
#[derive(Clone, Copy)]
pub struct Dispatcher(StoredValue<Rc<dyn Fn(Msg)>, LocalStorage>);

impl Dispatcher {
    /// A dispatcher that hands each message to `send` (the runtime's queue).
    pub fn new(send: impl Fn(Msg) + 'static) -> Self {
        Dispatcher(StoredValue::new_local(Rc::new(send)))
    }

    /// Sends `msg`. After the app is gone, nothing happens.
    pub fn send(self, msg: Msg) {
        if let Some(send) = self.0.try_get_value() {
            send(msg);
        }
    }
}
