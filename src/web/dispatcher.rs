//! [`Dispatcher`]: the one way anything sends the app a message, or the
//! debugger, which wraps the app, one of its own. The runtime makes it; the
//! runner (for replies), the subscriptions and every component get a copy.
//! It holds no write access to the model: a message only queues, and the
//! runtime folds it in with `update`.

use crate::app::debugger::program::DebugMsg;
use crate::app::Msg;

/// Sends messages to the runtime. Plain functions, so it is `Copy`, `Send`
/// and `Sync`: closures and components take it freely.
#[derive(Clone, Copy)]
pub struct Dispatcher {
    app: fn(Msg),
    debugger: fn(DebugMsg),
}

impl Dispatcher {
    /// A dispatcher that hands each message to `app` (the runtime's queue),
    /// and each of the debugger's to `debugger`.
    pub fn new(app: fn(Msg), debugger: fn(DebugMsg)) -> Self {
        Dispatcher { app, debugger }
    }

    /// Sends `msg` to the app.
    pub fn send(self, msg: Msg) {
        (self.app)(msg)
    }

    /// Sends `msg` to the debugger (the message log's and the inspector's
    /// buttons, a file read).
    pub fn debug(self, msg: DebugMsg) {
        (self.debugger)(msg)
    }
}
