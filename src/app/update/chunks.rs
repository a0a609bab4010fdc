//! The chunks of code fetched when they are first needed
//! ([`crate::app::chunks`]): a panel that opens, or a contest that begins,
//! asks for its chunk, and the runner says how the fetch went.

use super::super::chunks::Chunk;
use super::super::cmd::Cmd;
use super::super::contest::Views;
use super::super::ignored::Ignored;
use super::super::model::Model;
use super::super::panel::Panel;
use super::common::Outcome;

/// After every rule: a panel that has just opened (whichever rule opened
/// it) asks for its chunk, if that is missing or failed the last time.
pub fn panel_opened(model: &mut Model, before: Option<Panel>) -> Option<Cmd> {
    let opened = Chunk::Panel(model.panel.filter(|&p| Some(p) != before)?);
    model.chunks.need(opened).then_some(Cmd::LoadChunk(opened))
}

/// After every rule: the contest's views, when what they show has just
/// changed (a challenge begun, or moved to or from the board; an offer to
/// race), ask for their chunk, if that is missing or failed the last time.
pub fn contest_shown(model: &mut Model, before: Views) -> Option<Cmd> {
    let shown = model.contest.shown() && model.contest.views() != before;
    (shown && model.chunks.need(Chunk::Contest)).then_some(Cmd::LoadChunk(Chunk::Contest))
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
