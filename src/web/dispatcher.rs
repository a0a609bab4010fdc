//! [`Dispatcher`]: the one way anything sends the app a message. The
//! runtime makes it; the runner (for replies), the subscriptions and every
//! component get a copy. It holds no write access to the model: a message
//! only queues, and the runtime folds it in with `update`.

use crate::app::Msg;

/// Sends messages to the runtime. A plain function, so it is `Copy`,
/// `Send` and `Sync`: closures and components take it freely.
#[derive(Clone, Copy)]
pub struct Dispatcher(fn(Msg));

impl Dispatcher {
    /// A dispatcher that hands each message to `send` (the runtime's queue).
    pub fn new(send: fn(Msg)) -> Self {
        Dispatcher(send)
    }

    /// Sends `msg`.
    pub fn send(self, msg: Msg) {
        (self.0)(msg)
    }
}
