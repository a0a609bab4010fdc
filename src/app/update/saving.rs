//! The rules of storage: what storage answers is handed to each room's own
//! rule (the game's, the contest's) and what failed its checks is told;
//! what is unsaved is written when the page is idle or hidden; a failed
//! write is said once; a best score another tab stored is taken.

use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::{Model, Notice};
use super::super::saved::{Load, Saved};
use super::common::{write_unsaved, Outcome};
use super::{contest, game};
use crate::engine::Config;
use crate::session::stored::Problem;

/// The page is idle, or hidden: write what is unsaved.
pub fn flush(model: &mut Model) -> Outcome {
    if !model.storage.unsaved.any() {
        return Err(Ignored::NoChange);
    }
    Ok(write_unsaved(model))
}

/// A write failed: say so, once (no storage at all is said already).
pub fn save_failed(model: &mut Model, problem: Problem) -> Outcome {
    let notice = Notice::from(problem);
    if model.storage.notice == Some(notice) || model.storage.notice == Some(Notice::Unavailable) {
        return Err(Ignored::NoChange);
    }
    model.storage.notice = Some(notice);
    Ok(Vec::new())
}

/// A best score another tab stored: taken if it is of this size and higher.
pub fn best_elsewhere(model: &mut Model, config: Config, best: u64) -> Outcome {
    if !config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    if best <= model.game.best {
        return Err(Ignored::NoChange);
    }
    model.game.best = best;
    Ok(Vec::new())
}

/// What storage held for a size: the player's game and its records
/// (`game::loaded`) and, at the page's start, the contest's
/// (`contest::loaded`). What was unsaved of the game it replaces is
/// written first; what failed its checks is told (`Storage::set_aside`).
pub fn loaded(model: &mut Model, saved: Saved) -> Outcome {
    let switched = saved.load == Load::Switch;
    if !switched && !saved.config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    let mut cmds = write_unsaved(model);
    model.storage.set_aside(saved.records_set_aside());
    game::loaded(model, &saved);
    if switched {
        cmds.push(Cmd::SaveSettings(model.config()));
    }
    if saved.load.first() {
        cmds.extend(contest::loaded(
            model,
            saved.load,
            saved.challenge,
            saved.dailies,
        ));
    }
    Ok(cmds)
}
