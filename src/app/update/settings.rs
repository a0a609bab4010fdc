//! The rules of the board settings: choosing a size (its own saved game,
//! read from storage) or a target (a new game), and what storage answers.

use super::super::choices::{offered_size, offered_target};
use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::{Mode, Model};
use super::super::saved::{session_from, Load, Saved};
use super::common::{changed, save_game, say, write_unsaved, Outcome};
use super::contest;
use crate::engine::Config;
use crate::session::history::History;
use crate::session::stats::game_id;

/// Switches to another board size: its own game comes from storage
/// (`Cmd::Load`, answered by `Msg::Loaded`). Only sizes the settings offer.
/// A contest on the board makes way for the player's own game first.
pub fn choose_size(model: &mut Model, width: u8, height: u8) -> Outcome {
    let current = model.config();
    let config = Config::new(width, height, current.target)
        .filter(|_| offered_size(width, height))
        .ok_or(Ignored::NotHere)?;
    if config.same_size(current) {
        return Err(Ignored::NoChange);
    }
    let _ = contest::own_game(model);
    model.mode = Mode::Live;
    Ok(vec![Cmd::Load(config, Load::Switch)])
}

/// Starts a new game on this size with another target (`None`: endless).
/// Only targets the settings offer; a contest on the board makes way.
pub fn choose_target(model: &mut Model, target: Option<u64>) -> Outcome {
    let current = model.config();
    let config = Config::new(current.width, current.height, target)
        .filter(|_| offered_target(target))
        .ok_or(Ignored::NotHere)?;
    if config == current {
        return Err(Ignored::NoChange);
    }
    let _ = contest::own_game(model);
    model.mode = Mode::Live;
    let seed = model.draw_seed();
    model.history = History::new(config, seed);
    model.saving = true;
    changed(model);
    Ok(vec![Cmd::SaveSettings(config)])
}

/// The moves the page's shell played before the app ran (a new visitor's
/// first game, `app::first_game`), when its game is the one kept: they
/// count in the statistics as any others.
fn count_shell_moves(model: &mut Model) {
    let own = model.own_history();
    if model.shell_board.as_ref() != Some(&own.present().board) {
        return;
    }
    let (id, present) = (game_id(own), own.present().clone());
    if model.stats.observe(id, &present) {
        model.unsaved.stats = true;
    }
}

/// What storage held for a size: the game to play (unless the board holds a
/// linked game), its best score and statistics, and at the page's start the
/// contest's records. What was unsaved of the game it replaces is written
/// first; what failed its checks is told (`Model::set_aside`).
pub fn loaded(model: &mut Model, saved: Saved) -> Outcome {
    let switched = saved.load == Load::Switch;
    if !switched && !saved.config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    let mut cmds = write_unsaved(model);
    if saved.load != Load::Records {
        // With nothing stored, the page's start goes on with the game
        // `init` began (on a first visit, the one whose first board the
        // page's shell drew: `app::first_game`); another size, a new game.
        let start = saved.load == Load::Start;
        let (history, saving) = session_from(&saved, || {
            if start {
                model.own_history().clone()
            } else {
                History::new(saved.config, model.draw_seed())
            }
        });
        *model.own_history_mut() = history;
        model.saving = saving;
        model.mode = Mode::Live;
    }
    model.set_aside(saved.set_aside());
    model.best = saved.best.max(model.own_history().present().score);
    model.stats = saved.stats.valid().unwrap_or_default();
    count_shell_moves(model);
    save_game(model);
    model.unsaved.best = true;
    if switched {
        cmds.push(Cmd::SaveSettings(model.config()));
    }
    say(model);
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
