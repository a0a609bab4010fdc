//! The debugger's rules: pausing the page on a message, back to live,
//! saving the page's session and opening one from a file, and the fetch of
//! the debugger's chunk, which these ask for. None of these messages is
//! folded into the page's own session (they are about it), and while the
//! page is paused the player's inputs are not taken: the page shows a
//! model of the past, which takes none (the outside's replies, a worker's
//! answer, a timer, another tab, go on into the live model).

use super::super::chunks::Chunk;
use super::super::cmd::Cmd;
use super::super::model::{FileAsk, Model, Opened};
use super::super::msg::Msg;

/// What the debugger made of `msg`, if it is the debugger's (or a
/// player's input while paused, which is not taken: nothing); `None`: the
/// message is for the fold.
pub fn rule(model: &mut Model, msg: &Msg) -> Option<Vec<Cmd>> {
    Some(match msg {
        Msg::Inspect(at) => inspect(model, *at),
        Msg::SaveSession => ask(model, FileAsk::Save),
        Msg::OpenSession => ask(model, FileAsk::Open),
        Msg::SessionFile(read) => opened(model, read.clone()),
        Msg::ChunkLoaded {
            chunk: Chunk::Debugger,
            loaded,
        } => arrived(model, *loaded),
        msg if model.debugger.paused() && !msg.answers() => Vec::new(),
        _ => return None,
    })
}

/// Pause on message `at`, held within the messages kept (the file's, if
/// one is open); `None`: back to live, the file put away. The debugger's
/// chunk, which replays and draws the inspector, is asked for if missing.
fn inspect(model: &mut Model, at: Option<u64>) -> Vec<Cmd> {
    let (first, last) = model.debugger.range(model.log.count());
    let debugger = &mut model.debugger;
    debugger.problem = None;
    debugger.at = at.map(|n| n.clamp(first, last));
    if at.is_none() {
        debugger.opened = None;
        return Vec::new();
    }
    need(model)
}

/// The debugger's chunk, if it must be fetched.
fn need(model: &mut Model) -> Vec<Cmd> {
    let asked = model.debugger.chunk.need();
    asked
        .then_some(Cmd::LoadChunk(Chunk::Debugger))
        .into_iter()
        .collect()
}

/// Save or open a file: at once if the debugger's chunk (which does it) is
/// here, else once it is.
fn ask(model: &mut Model, ask: FileAsk) -> Vec<Cmd> {
    model.debugger.problem = None;
    if model.debugger.chunk.loaded() {
        return vec![file_cmd(ask)];
    }
    model.debugger.wanted = Some(ask);
    need(model)
}

fn file_cmd(ask: FileAsk) -> Cmd {
    match ask {
        FileAsk::Save => Cmd::SaveSession,
        FileAsk::Open => Cmd::PickSession,
    }
}

/// The fetch of the debugger's chunk ended: the file asked for meanwhile
/// is saved or picked now; if it failed, the page is live again and says
/// so in the chunk's place (`Chunk::failure`).
fn arrived(model: &mut Model, loaded: bool) -> Vec<Cmd> {
    let debugger = &mut model.debugger;
    if !debugger.chunk.arrived(loaded) {
        return Vec::new();
    }
    let wanted = debugger.wanted.take();
    if !loaded {
        debugger.at = None;
        debugger.opened = None;
    }
    wanted
        .filter(|_| loaded)
        .map(file_cmd)
        .into_iter()
        .collect()
}

/// A file read: its session opened at its start, or why not said (the
/// live game untouched either way).
fn opened(model: &mut Model, read: Result<Opened, String>) -> Vec<Cmd> {
    let debugger = &mut model.debugger;
    match read {
        Ok(opened) => {
            debugger.at = Some(opened.first);
            debugger.opened = Some(opened);
            debugger.problem = None;
        }
        Err(why) => debugger.problem = Some(why),
    }
    Vec::new()
}
