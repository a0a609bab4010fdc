//! The code fetched when it is first needed ([`crate::app::code`]): a
//! panel that opens asks for its code; the computer player's commands wait
//! for its code, which the first of them asks for; and what the runner
//! says about each fetch.

use super::super::cmd::Cmd;
use super::super::code::Code;
use super::super::computer::BUDGET_MS;
use super::super::log::Ignored;
use super::super::model::Model;
use super::super::panel::Panel;
use super::coach::reviewed;
use super::common::Outcome;
use super::computer::answered;

/// Why the computer player could not answer: its code did not come.
pub const NOT_LOADED: &str = "it could not be loaded";

/// After every rule: a panel that has just opened (whichever rule opened
/// it) asks for its code, if that is missing or failed the last time.
pub fn panel_opened(model: &mut Model, before: Option<Panel>) -> Option<Cmd> {
    let opened = model.panel.filter(|&p| Some(p) != before)?;
    model
        .panel_code
        .ask(opened)
        .then_some(Cmd::LoadPanel(opened))
}

/// The fetch of `panel`'s code ended. A panel open meanwhile draws itself,
/// or says that it could not; a failed one asks again when it next opens.
pub fn panel_loaded(model: &mut Model, panel: Panel, loaded: bool) -> Outcome {
    if !model.panel_code.arrived(panel, loaded) {
        return Err(Ignored::Stale);
    }
    Ok(Vec::new())
}

/// After every rule: the computer player's commands (a question, a review,
/// warming the worker, and their cancels) go out only once its code is
/// here. Until then they are dropped, and the first of them asks for the
/// code: what they ask for is in the model (the question in flight, the
/// review's run, `warmed`), and [`computer_loaded`] asks for it again.
pub fn computer_gate(model: &mut Model, cmds: Vec<Cmd>) -> Vec<Cmd> {
    if model.computer_code == Code::Loaded {
        return cmds;
    }
    let mut needs = false;
    let mut out: Vec<Cmd> = Vec::with_capacity(cmds.len());
    for cmd in cmds {
        match cmd {
            Cmd::AskAi { .. } | Cmd::WarmAi | Cmd::Review { .. } => needs = true,
            Cmd::CancelAi | Cmd::CancelReview => {}
            other => out.push(other),
        }
    }
    if needs && model.computer_code.ask() {
        out.push(Cmd::LoadComputer);
    }
    out
}

/// The fetch of the computer player's code ended. Loaded: what waited for
/// it goes out (the question in flight, the review's moves left, or the
/// worker's start). Failed: the question and the review end as a failed
/// worker's do, and say so; the next question asks for the code again.
pub fn computer_loaded(model: &mut Model, loaded: bool) -> Outcome {
    if !model.computer_code.arrived(loaded) {
        return Err(Ignored::Stale);
    }
    if loaded {
        return Ok(waiting(model));
    }
    let mut cmds = Vec::new();
    if let Some(id) = model.computer.asked.as_ref().map(|q| q.id) {
        cmds.extend(answered(model, id, Err(NOT_LOADED.into())).unwrap_or_default());
    }
    if let Some(id) = model.coach.running {
        let at = model.coach.left().first().map_or(0, |&(at, _)| at);
        cmds.extend(reviewed(model, id, at, Err(NOT_LOADED.into())).unwrap_or_default());
    }
    Ok(cmds)
}

/// The computer player's commands that waited for its code.
fn waiting(model: &Model) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    if let Some(question) = &model.computer.asked {
        cmds.push(Cmd::AskAi {
            id: question.id,
            board: question.state.board.clone(),
            budget_ms: BUDGET_MS,
        });
    } else if model.computer.warmed {
        cmds.push(Cmd::WarmAi);
    }
    if let Some(id) = model.coach.running {
        cmds.push(Cmd::Review {
            id,
            moves: model.coach.left(),
        });
    }
    cmds
}
