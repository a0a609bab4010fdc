//! The rules of time travel: undo and redo, viewing the past from the
//! history panel, resuming play from an earlier state, replays of shared
//! games and their speed, and checking the history. While the board shows
//! the past or a replay it is read-only.

use super::super::ignored::Ignored;
use super::super::model::{Mode, Model, Panel, MAX_SPEED};
use super::common::{changed, say, stop_autoplay, Outcome};
use crate::session::history::History;

/// Back one input.
pub fn undo(model: &mut Model) -> Outcome {
    travel(model, History::undo)
}

/// Forward one undone input.
pub fn redo(model: &mut Model) -> Outcome {
    travel(model, History::redo)
}

fn travel(model: &mut Model, go: fn(&mut History) -> bool) -> Outcome {
    if let Some(why) = model.travel_refused() {
        return Err(why);
    }
    if !go(model.board_game_mut()) {
        return Err(Ignored::NoChange);
    }
    changed(model);
    Ok(Vec::new())
}

/// Shows the state after `at` inputs on the board, read-only, or the
/// present again. Only from the open history panel, never during a replay;
/// it stops autoplay.
pub fn view(model: &mut Model, at: Option<usize>) -> Outcome {
    if model.travel.mode == Mode::Replaying || model.panel != Some(Panel::History) {
        return Err(Ignored::NotHere);
    }
    let mode = match at {
        Some(i) if i <= model.board_game().len() => Mode::Viewing(i),
        _ => Mode::Live,
    };
    if mode == model.travel.mode {
        return Err(Ignored::NoChange);
    }
    let cmds = stop_autoplay(model, None);
    model.travel.mode = mode;
    say(model);
    Ok(cmds)
}

/// Makes the state after `i` inputs the present (the later ones stay as the
/// redo list) and plays on from it.
pub fn resume(model: &mut Model, i: usize) -> Outcome {
    if model.travel.mode == Mode::Replaying {
        return Err(Ignored::ReadOnly);
    }
    if model.help_refused().is_some() {
        return Err(Ignored::Unaided);
    }
    let moved = model.board_game_mut().seek(i);
    model.travel.mode = Mode::Live;
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
    if speed == model.travel.speed {
        return Err(Ignored::NoChange);
    }
    model.travel.speed = speed;
    Ok(Vec::new())
}

/// Ends a replay at its last input, ready to play on.
pub fn skip_replay(model: &mut Model) -> Outcome {
    if model.travel.mode != Mode::Replaying {
        return Err(Ignored::NotHere);
    }
    end_replay(model);
    Ok(Vec::new())
}

/// The replay's next input: a redo. After the last one the game is live.
pub fn replay_tick(model: &mut Model) -> Outcome {
    if model.travel.mode != Mode::Replaying {
        return Err(Ignored::Stale);
    }
    let moved = model.board_game_mut().redo();
    if !model.board_game().can_redo() {
        model.travel.mode = Mode::Live;
    }
    if moved {
        changed(model);
    }
    Ok(Vec::new())
}

/// Ends a replay at its last input: the game is live from there.
pub fn end_replay(model: &mut Model) {
    let len = model.board_game().len();
    model.board_game_mut().seek(len);
    model.travel.mode = Mode::Live;
    changed(model);
}

/// Checks the history again: replays it from its start.
pub fn check_history(model: &mut Model) -> Outcome {
    if model.panel != Some(Panel::History) {
        return Err(Ignored::NotHere);
    }
    model.travel.check(model.contest.board(&model.game.own));
    Ok(Vec::new())
}
