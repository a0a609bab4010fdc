//! The debugger's rules: pausing the page on a message, back to live,
//! saving the page's session and opening one from a file. None of these
//! messages is folded into the page's own session (they are about it), and
//! while the page is paused the player's inputs are not taken: the page shows a
//! model of the past, which takes none (the outside's replies, a worker's
//! answer, a timer, another tab, go on into the live model).

use super::super::cmd::Cmd;
use super::super::model::{Model, Opened};
use super::super::msg::Msg;

/// What the debugger made of `msg`, if it is the debugger's (or a
/// player's input while paused, which is not taken: nothing); `None`: the
/// message is for the fold.
pub fn rule(model: &mut Model, msg: &Msg) -> Option<Vec<Cmd>> {
    match msg {
        Msg::Inspect(at) => inspect(model, *at),
        Msg::SaveSession => return Some(vec![Cmd::SaveSession]),
        Msg::OpenSession => return Some(vec![Cmd::PickSession]),
        Msg::SessionFile(read) => opened(model, read.clone()),
        msg if model.debugger.paused() && !msg.answers() => {}
        _ => return None,
    }
    Some(Vec::new())
}

/// Pause on message `at`, held within the messages kept (the file's, if
/// one is open); `None`: back to live, the file put away.
fn inspect(model: &mut Model, at: Option<u64>) {
    let debugger = &mut model.debugger;
    match at {
        Some(n) => {
            let (first, last) = debugger.range(model.log.count());
            debugger.at = Some(n.clamp(first, last));
        }
        None => {
            debugger.at = None;
            debugger.opened = None;
        }
    }
    debugger.problem = None;
}

/// A file read: its session opened at its start, or why not said (the
/// live game untouched either way).
fn opened(model: &mut Model, read: Result<Opened, String>) {
    let debugger = &mut model.debugger;
    match read {
        Ok(opened) => {
            debugger.at = Some(opened.first);
            debugger.opened = Some(opened);
            debugger.problem = None;
        }
        Err(why) => debugger.problem = Some(why),
    }
}
