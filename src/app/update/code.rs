//! The code fetched when it is first needed ([`crate::app::code`]): a
//! panel that opens asks for its code, and the runner says how the fetch
//! went.

use super::super::cmd::Cmd;
use super::super::log::Ignored;
use super::super::model::Model;
use super::super::panel::Panel;
use super::common::Outcome;

/// After every rule: a panel that has just opened (whichever rule opened
/// it) asks for its code, if that is missing or failed the last time.
pub fn panel_opened(model: &mut Model, before: Option<Panel>) -> Option<Cmd> {
    let opened = model.panel.filter(|&p| Some(p) != before)?;
    model
        .panel_code
        .ask(opened)
        .then_some(Cmd::LoadPanel(opened))
}

/// The first idle moment on a visit whose files a service worker holds:
/// every panel's code is loaded now, so that each panel opens in the frame
/// of the click.
pub fn preload_panels(model: &mut Model) -> Vec<Cmd> {
    let panels = model.panel_code.preload();
    panels.into_iter().map(Cmd::LoadPanel).collect()
}

/// The fetch of `panel`'s code ended. A panel open meanwhile draws itself,
/// or says that it could not; a failed one asks again when it next opens.
pub fn panel_loaded(model: &mut Model, panel: Panel, loaded: bool) -> Outcome {
    if !model.panel_code.arrived(panel, loaded) {
        return Err(Ignored::Stale);
    }
    Ok(Vec::new())
}

/// After every rule: a contest that has just begun, or moved to or from the
/// board, asks for its views' code, if that is missing or failed the last
/// time.
pub fn contest_shown(model: &mut Model, before: Option<bool>) -> Option<Cmd> {
    let now = model.contest.as_ref().map(|c| c.on_board);
    (now.is_some() && now != before && model.contest_code.ask()).then_some(Cmd::LoadContestCode)
}

/// The fetch of the contest views' code ended.
pub fn contest_code_loaded(model: &mut Model, loaded: bool) -> Outcome {
    if !model.contest_code.arrived(loaded) {
        return Err(Ignored::Stale);
    }
    Ok(Vec::new())
}
