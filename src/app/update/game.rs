//! The rules of the player's game around the engine: inputs (a move, a new
//! game), what they add to the best score and the statistics, and the game
//! storage holds for a size.

use super::super::ignored::Ignored;
use super::super::model::{Model, Unsaved};
use super::super::notice::{Record, Records};
use super::super::rooms;
use super::super::saved::{session_from, Load, Saved};
use super::common::{changed, save_game, say, Outcome};
use crate::engine::{Config, Input};
use crate::session::history::History;
use crate::session::stats::{game_id, Stats};
use crate::session::stored::Loaded;

/// An input to the game: `step` it (through `History::apply`). A move that
/// changes nothing is not recorded. A game that changed is counted in the
/// statistics (written with the history, when the page is idle).
///
/// On a challenge's board (a daily, a race) there is no New Game, and no move
/// once it has ended; what a move adds there is the challenge's
/// (`contest::moved`, through `rooms`: its code arrives with the contest's
/// chunk on the page), and the player's own statistics are not touched.
pub fn play(model: &mut Model, input: Input) -> Outcome {
    if !model.travel.live() {
        return Err(Ignored::ReadOnly);
    }
    if model.challenge_on_board().is_some_and(|c| c.ended) {
        return Err(Ignored::Ended);
    }
    if input == Input::NewGame && model.no_new_game().is_some() {
        return Err(Ignored::Unaided);
    }
    if !model.board_game_mut().apply(input) {
        return Err(Ignored::NoChange);
    }
    let present = model.board_game().present().clone();
    model.game.score(&present);
    changed(model);
    if model.challenge_on_board().is_some() {
        return Ok(rooms::moved(model));
    }
    let id = game_id(&model.game.own);
    if model.game.stats.observe(id, &present) {
        model.storage.mark(Unsaved::STATS);
    }
    Ok(Vec::new())
}

/// The moves the page's shell played before the app ran (a new visitor's
/// first game, `app::first_game`), when its game is the one kept: they
/// count in the statistics as any others.
fn count_shell_moves(model: &mut Model) {
    let own = &model.game.own;
    if model.game.shell_board.as_ref() != Some(&own.present().board) {
        return;
    }
    let (id, present) = (game_id(own), own.present().clone());
    if model.game.stats.observe(id, &present) {
        model.storage.mark(Unsaved::STATS);
    }
}

/// What storage held of the player's game for a size: the game to play
/// (unless only the records were asked for), its best score and
/// statistics. With nothing stored, the page's start goes on with the
/// game `init` began (on a first visit, the one whose first board the
/// page's shell drew: `app::first_game`); another size, a new game, which
/// is written once it is played (a size passed through on the way to
/// another, 5×4 between 4×4 and 5×5, leaves nothing in storage).
pub fn loaded(model: &mut Model, saved: &Saved) {
    let mut drawn = false;
    if saved.load != Load::Records {
        let start = saved.load == Load::Start;
        let (history, saving) = session_from(saved, || {
            if start {
                model.game.own.clone()
            } else {
                drawn = true;
                History::new(saved.config, model.game.draw_seed())
            }
        });
        model.game.own = history;
        model.storage.set_saving(saving);
        model.travel.go_live();
    }
    // No best stored, or one set aside: the best starts from the game's.
    let stored = saved.best.valid_ref().copied().unwrap_or(0);
    model.game.best = stored.max(model.game.own.present().score);
    // None stored, or ones set aside (the notice names them): counted
    // from here.
    model.game.stats = match &saved.stats {
        Loaded::Valid(stats) => stats.clone(),
        Loaded::Missing | Loaded::SetAside { .. } => Stats::default(),
    };
    count_shell_moves(model);
    if !drawn {
        save_game(model);
        model.storage.mark(Unsaved::BEST);
    }
    say(model);
}

/// A best score another tab stored: taken if it is of this size and higher;
/// one that failed its checks was set aside, and the notice names it.
pub fn best_elsewhere(model: &mut Model, config: Config, written: Loaded<u64>) -> Outcome {
    if !config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    let best = match written {
        Loaded::Valid(best) => best,
        Loaded::Missing => return Err(Ignored::NoChange),
        Loaded::SetAside { .. } => {
            model.storage.set_aside(Records::of(&[Record::Best]));
            return Ok(Vec::new());
        }
    };
    if best <= model.game.best {
        return Err(Ignored::NoChange);
    }
    model.game.best = best;
    Ok(Vec::new())
}

/// After every message: the first board the page's shell drew is
/// forgotten once the board shows another.
pub fn forget_shell_board(model: &mut Model) {
    let on_board = &model.contest.board(&model.game.own).present().board;
    if model.game.shell_board.as_ref() != Some(on_board) {
        model.game.shell_board = None;
    }
}
