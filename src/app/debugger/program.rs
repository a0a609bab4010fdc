//! The debugger as a program of its own, which wraps the app as Elm's
//! debugger wraps an Elm program: its model ([`Debugger`]), its one closed
//! message enum ([`DebugMsg`]), its pure [`update`], and the commands its
//! runner carries out ([`DebugCmd`]: `web::debugger`, in the debugger's
//! chunk). None of it is the app's: the page's `Model`, `Msg` and `update`
//! do not know it, and its messages are not folded into the page's
//! session (they are about it).
//!
//! While the debugger has the page paused on a message, the page shows the
//! model the fold made right after it, replayed, and the live app takes
//! only what the outside reports ([`takes`]); the player's inputs wait for
//! Back to live.

use super::super::msg::Msg;

/// The debugger's model.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Debugger {
    /// The message the page is paused after, if it is.
    pub at: Option<u64>,
    /// A session opened from a file, stepped through read-only (the
    /// session itself is kept by the runner, as the page's own recording
    /// is by the page's runtime).
    pub opened: Option<Opened>,
    /// Why the last file could not be opened or saved, in words.
    pub problem: Option<String>,
}

/// A session opened from a file, as the debugger knows it: its messages'
/// numbers, and which file it is (the runner numbers them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opened {
    pub first: u64,
    pub last: u64,
    pub file: u32,
}

/// Everything that can happen to the debugger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebugMsg {
    /// Pause the page on the model right after message N (the page's own,
    /// or the opened file's); `None`: back to live, the file put away.
    Inspect(Option<u64>),
    /// Save the page's session to a file.
    Save,
    /// Pick a session file to open.
    Open,
    /// A session file was read and kept by the runner.
    Opened(Opened),
    /// A file could not be saved or opened: why, in words.
    Refused(String),
    /// The live page took a message while paused: more can be shown, and
    /// the oldest may have gone (the message paused on is held within
    /// those kept).
    Folded,
}

/// What the debugger's runner carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugCmd {
    /// Save the page's session (the runtime's recording) as a file the
    /// browser downloads; a failure comes back as `DebugMsg::Refused`.
    Save,
    /// Let the student pick a session file; what it holds comes back as
    /// `DebugMsg::Opened`, or why it is refused as `DebugMsg::Refused`.
    Pick,
}

impl Debugger {
    /// Whether the page is paused on a message.
    pub fn paused(&self) -> bool {
        self.at.is_some()
    }

    /// Whether the debugger has anything to show: a message paused on, or
    /// why a file was refused.
    pub fn shown(&self) -> bool {
        self.paused() || self.problem.is_some()
    }

    /// The messages that can be inspected, by number: those of the file
    /// opened, else `own`, the page's own recording's.
    pub fn range(&self, own: (u64, u64)) -> (u64, u64) {
        match self.opened {
            Some(opened) => (opened.first, opened.last),
            None => own,
        }
    }
}

/// The debugger's rules; `own` is the first and last message the page's
/// recording keeps.
pub fn update(debugger: &mut Debugger, msg: DebugMsg, own: (u64, u64)) -> Vec<DebugCmd> {
    match msg {
        DebugMsg::Inspect(at) => {
            let (first, last) = debugger.range(own);
            debugger.at = at.map(|n| n.clamp(first, last));
            debugger.problem = None;
            if at.is_none() {
                debugger.opened = None;
            }
            Vec::new()
        }
        DebugMsg::Save | DebugMsg::Open => {
            debugger.problem = None;
            vec![match msg {
                DebugMsg::Save => DebugCmd::Save,
                _ => DebugCmd::Pick,
            }]
        }
        DebugMsg::Opened(opened) => {
            *debugger = Debugger {
                at: Some(opened.first),
                opened: Some(opened),
                problem: None,
            };
            Vec::new()
        }
        DebugMsg::Refused(why) => {
            debugger.problem = Some(why);
            Vec::new()
        }
        DebugMsg::Folded => {
            let (first, last) = debugger.range(own);
            debugger.at = debugger.at.map(|n| n.clamp(first, last));
            Vec::new()
        }
    }
}

/// Whether the live app takes `msg` while the debugger has the page paused:
/// only what the outside reports (`Msg::answers`: a reply to a command, a
/// subscription's event), not the player's inputs, which the page shown, a
/// model of the past, cannot take.
pub fn takes(debugger: &Debugger, msg: &Msg) -> bool {
    !debugger.paused() || msg.answers()
}
