//! The rules of storage: what storage answers is handed to each room's own
//! rule (the game's, the contest's) and what failed its checks is told;
//! what is unsaved is written when the page is idle or hidden; a failed
//! write is said once; a best score another tab stored is taken.

use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::{Model, Notice};
use super::super::rooms;
use super::super::saved::{Load, Saved};
use super::common::Outcome;
use super::{contest, game};
use crate::session::stored::Problem;

/// The page is idle, or hidden: write what is unsaved.
pub fn flush(model: &mut Model) -> Outcome {
    if !model.storage.unsaved.any() {
        return Err(Ignored::NoChange);
    }
    Ok(write_unsaved(model))
}

/// Writes everything unsaved, now. Called when the page is idle or hidden,
/// and before the game, its history or the statistics are replaced by
/// another size's.
pub fn write_unsaved(model: &mut Model) -> Vec<Cmd> {
    let unsaved = model.storage.take_unsaved();
    let mut cmds = Vec::new();
    let own = &model.game.own;
    if unsaved.game {
        cmds.push(Cmd::SaveGame(own.present().clone()));
    }
    if unsaved.history {
        cmds.push(Cmd::SaveHistory(own.clone()));
    }
    let challenge = model.contest.challenge.as_ref();
    if let Some(challenge) = challenge.filter(|_| unsaved.challenge) {
        cmds.push(Cmd::SaveChallenge(challenge.saved()));
    }
    if unsaved.best {
        cmds.push(Cmd::SaveBest(model.config(), model.game.best));
    }
    if unsaved.stats {
        cmds.push(Cmd::SaveStats(model.config(), model.game.stats.clone()));
    }
    if let Some(deck) = model.learn.deck.as_ref().filter(|_| unsaved.deck) {
        cmds.push(Cmd::SaveDeck(deck.clone()));
    }
    cmds
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
        if let Some(asked) = contest::take_asked(model) {
            cmds.extend(rooms::daily(model, asked));
        }
    }
    Ok(cmds)
}
