//! The rules of the player's game around the engine: inputs (a move, a new
//! game), what they add to the best score and the statistics, and the game
//! storage holds for a size.

use super::super::ignored::Ignored;
use super::super::model::{Mode, Model};
use super::super::saved::{session_from, Load, Saved};
use super::common::{changed, save_game, say, Outcome};
use super::contest;
use crate::engine::Input;
use crate::session::history::History;
use crate::session::stats::game_id;

/// An input to the game: `step` it (through `History::apply`). A move that
/// changes nothing is not recorded. A game that changed is counted in the
/// statistics (written with the history, when the page is idle).
///
/// On a challenge's board (a daily, a race) there is no New Game, and no move
/// once it has ended; what a move adds there is the challenge's
/// (`contest::moved`), and the player's own statistics are not touched.
pub fn play(model: &mut Model, input: Input) -> Outcome {
    if !model.travel.live() {
        return Err(Ignored::ReadOnly);
    }
    if let Some(c) = model.challenge_on_board() {
        if c.ended {
            return Err(Ignored::Ended);
        }
        if input == Input::NewGame {
            return Err(Ignored::Unaided);
        }
    }
    if !model.game.history.apply(input) {
        return Err(Ignored::NoChange);
    }
    model.game.score();
    changed(model);
    if model.challenge_on_board().is_some() {
        return Ok(contest::moved(model));
    }
    let id = game_id(&model.game.history);
    if model.game.stats.observe(id, model.game.history.present()) {
        model.storage.unsaved.stats = true;
    }
    Ok(Vec::new())
}

/// The moves the page's shell played before the app ran (a new visitor's
/// first game, `app::first_game`), when its game is the one kept: they
/// count in the statistics as any others.
fn count_shell_moves(model: &mut Model) {
    let own = model.own_history();
    if model.game.shell_board.as_ref() != Some(&own.present().board) {
        return;
    }
    let (id, present) = (game_id(own), own.present().clone());
    if model.game.stats.observe(id, &present) {
        model.storage.unsaved.stats = true;
    }
}

/// What storage held of the player's game for a size: the game to play
/// (unless only the records were asked for), its best score and
/// statistics. With nothing stored, the page's start goes on with the
/// game `init` began (on a first visit, the one whose first board the
/// page's shell drew: `app::first_game`); another size, a new game.
pub fn loaded(model: &mut Model, saved: &Saved) {
    if saved.load != Load::Records {
        let start = saved.load == Load::Start;
        let (history, saving) = session_from(saved, || {
            if start {
                model.own_history().clone()
            } else {
                History::new(saved.config, model.game.draw_seed())
            }
        });
        *model.own_history_mut() = history;
        model.storage.saving = saving;
        model.travel.mode = Mode::Live;
    }
    model.game.best = saved.best.max(model.own_history().present().score);
    model.game.stats = saved.stats.clone().valid().unwrap_or_default();
    count_shell_moves(model);
    save_game(model);
    model.storage.unsaved.best = true;
    say(model);
}
