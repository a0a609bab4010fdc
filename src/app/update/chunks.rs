//! The chunks of code fetched when they are first needed
//! ([`crate::app::chunks`]): the rule that opens a panel, or shows the
//! contest's views, asks for its chunk here and returns the command, and
//! the runner says how the fetch went.

use super::super::chunks::Chunk;
use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::Model;
use super::super::panel::Panel;
use super::common::Outcome;

/// `panel` has just opened (whichever rule opened it: its button, a key,
/// Review): its chunk, if that is missing or failed the last time; for
/// the statistics, learn's too, whose rules read the deck they count.
pub fn panel_opened(model: &mut Model, panel: Panel) -> Vec<Cmd> {
    let mut cmds: Vec<Cmd> = load(model, Chunk::Panel(panel)).into_iter().collect();
    if panel == Panel::Stats {
        cmds.extend(load(model, Chunk::Learn));
    }
    cmds
}

/// What the contest's views show has just changed (a challenge begun, or
/// moved to or from the board, or another tab's): their chunk, if there is
/// something to show and it is missing or failed the last time.
pub fn contest_shown(model: &mut Model) -> Option<Cmd> {
    if !model.contest.shown() {
        return None;
    }
    load(model, Chunk::Contest)
}

/// The runtime holds a message whose room's rules arrive with `chunk`
/// (`rooms::code_wanted`): the chunk is fetched, unless it is on its way.
pub fn code_needed(model: &mut Model, chunk: Chunk) -> Outcome {
    let cmd = load(model, chunk).ok_or(Ignored::NoChange)?;
    Ok(vec![cmd])
}

/// The command that fetches `chunk`, if it is missing or failed.
fn load(model: &mut Model, chunk: Chunk) -> Option<Cmd> {
    model.chunks.need(chunk).then_some(Cmd::LoadChunk(chunk))
}

/// The first idle moment on a visit whose files a service worker holds:
/// every panel's chunk is loaded now, so that each panel opens in the frame
/// of the click.
pub fn preload_panels(model: &mut Model) -> Vec<Cmd> {
    let chunks = model.chunks.preload();
    chunks.into_iter().map(Cmd::LoadChunk).collect()
}

/// The fetch of `chunk` ended. What is open meanwhile draws itself, or says
/// that it could not; a failed chunk is asked for again when next needed.
pub fn chunk_loaded(model: &mut Model, chunk: Chunk, loaded: bool) -> Outcome {
    if !model.chunks.arrived(chunk, loaded) {
        return Err(Ignored::Stale);
    }
    Ok(Vec::new())
}
