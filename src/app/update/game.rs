//! The rules of play around the engine: inputs, undo and redo, viewing the
//! past, and replays of shared games. While the board shows the past or a
//! replay it is read-only.

use super::super::ignored::Ignored;
use super::super::model::{Mode, Model, Panel, Scored, MAX_SPEED};
use super::common::{changed, end_replay, say, stop_autoplay, Outcome};
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
    if !model.live() {
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
    if !model.history.apply(input) {
        return Err(Ignored::NoChange);
    }
    score(model);
    changed(model);
    if model.challenge_on_board().is_some() {
        return Ok(contest::moved(model));
    }
    let id = game_id(&model.history);
    if model.stats.observe(id, model.history.present()) {
        model.unsaved.stats = true;
    }
    Ok(Vec::new())
}

/// The points the move just played scored, numbered after the last
/// scoring move's, for the "+N" that floats up once.
fn score(model: &mut Model) {
    let gained = model
        .history
        .present()
        .last
        .as_ref()
        .map_or(0, |t| t.gained);
    if gained > 0 {
        let n = model.scored.map_or(1, |s| s.n + 1);
        model.scored = Some(Scored { n, points: gained });
    }
}

/// Back one input.
pub fn undo(model: &mut Model) -> Outcome {
    travel(model, History::undo)
}

/// Forward one undone input.
pub fn redo(model: &mut Model) -> Outcome {
    travel(model, History::redo)
}

fn travel(model: &mut Model, go: fn(&mut History) -> bool) -> Outcome {
    if !model.live() {
        return Err(Ignored::ReadOnly);
    }
    if model.help_refused().is_some() {
        return Err(Ignored::Unaided);
    }
    if !go(&mut model.history) {
        return Err(Ignored::NoChange);
    }
    changed(model);
    Ok(Vec::new())
}

/// Shows the state after `at` inputs on the board, read-only, or the
/// present again. Only from the open history panel, never during a replay;
/// it stops autoplay.
pub fn view(model: &mut Model, at: Option<usize>) -> Outcome {
    if model.mode == Mode::Replaying || model.panel != Some(Panel::History) {
        return Err(Ignored::NotHere);
    }
    let mode = match at {
        Some(i) if i <= model.history.len() => Mode::Viewing(i),
        _ => Mode::Live,
    };
    if mode == model.mode {
        return Err(Ignored::NoChange);
    }
    let cmds = stop_autoplay(model, None);
    model.mode = mode;
    say(model);
    Ok(cmds)
}

/// Makes the state after `i` inputs the present (the later ones stay as the
/// redo list) and plays on from it.
pub fn resume(model: &mut Model, i: usize) -> Outcome {
    if model.mode == Mode::Replaying {
        return Err(Ignored::ReadOnly);
    }
    if model.help_refused().is_some() {
        return Err(Ignored::Unaided);
    }
    let moved = model.history.seek(i);
    model.mode = Mode::Live;
    if moved {
        changed(model);
    } else {
        say(model);
    }
    Ok(Vec::new())
}

/// The replay's speed, in moves a second (1 to [`MAX_SPEED`]). The ticker
/// follows: it is a subscription at the model's speed.
pub fn replay_speed(model: &mut Model, speed: u32) -> Outcome {
    let speed = speed.clamp(1, MAX_SPEED);
    if speed == model.replay_speed {
        return Err(Ignored::NoChange);
    }
    model.replay_speed = speed;
    Ok(Vec::new())
}

/// Ends a replay at its last input, ready to play on.
pub fn skip_replay(model: &mut Model) -> Outcome {
    if model.mode != Mode::Replaying {
        return Err(Ignored::NotHere);
    }
    end_replay(model);
    Ok(Vec::new())
}

/// The replay's next input: a redo. After the last one the game is live.
pub fn replay_tick(model: &mut Model) -> Outcome {
    if model.mode != Mode::Replaying {
        return Err(Ignored::Stale);
    }
    let moved = model.history.redo();
    if !model.history.can_redo() {
        model.mode = Mode::Live;
    }
    if moved {
        changed(model);
    }
    Ok(Vec::new())
}
