//! The rules of play around the engine: inputs, undo and redo, viewing the
//! past, and replays of shared games. While the board shows the past or a
//! replay it is read-only.

use super::super::effect::Effect;
use super::super::log::Ignored;
use super::super::model::{Mode, Model, Panel};
use super::super::words::announce;
use super::{computer, Outcome};
use crate::engine::Input;
use crate::session::history::History;
use crate::session::stats::game_id;

/// An input to the game: `step` it (through `History::apply`). A move that
/// changes nothing is not recorded. A game that changed is counted in the
/// statistics.
pub fn play(model: &mut Model, input: Input) -> Outcome {
    if !model.live() {
        return Err(Ignored::ReadOnly);
    }
    if !model.history.apply(input) {
        return Err(Ignored::NoChange);
    }
    let mut effects = changed(model);
    let id = game_id(&model.history);
    if model.stats.observe(id, model.history.present()) {
        effects.push(Effect::SaveStats(model.config(), model.stats.clone()));
    }
    Ok(effects)
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
    if !go(&mut model.history) {
        return Err(Ignored::NoChange);
    }
    Ok(changed(model))
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
    let mut effects = computer::stop(model, None);
    model.mode = mode;
    effects.push(say(model));
    Ok(effects)
}

/// Makes the state after `i` inputs the present (the later ones stay as the
/// redo list) and plays on from it.
pub fn resume(model: &mut Model, i: usize) -> Outcome {
    if model.mode == Mode::Replaying {
        return Err(Ignored::ReadOnly);
    }
    let moved = model.history.seek(i);
    model.mode = Mode::Live;
    if !moved {
        return Ok(vec![say(model)]);
    }
    Ok(changed(model))
}

/// The replay's speed, in moves a second (1 to 1000).
pub fn replay_speed(model: &mut Model, speed: u32) -> Outcome {
    let speed = speed.clamp(1, 1000);
    if speed == model.replay_speed {
        return Err(Ignored::NoChange);
    }
    model.replay_speed = speed;
    Ok(if model.mode == Mode::Replaying {
        vec![ticker(model)]
    } else {
        Vec::new()
    })
}

/// Ends a replay at its last input, ready to play on.
pub fn skip_replay(model: &mut Model) -> Outcome {
    if model.mode != Mode::Replaying {
        return Err(Ignored::NotHere);
    }
    let len = model.history.len();
    model.history.seek(len);
    model.mode = Mode::Live;
    let mut effects = vec![Effect::StopTicker];
    effects.extend(changed(model));
    Ok(effects)
}

/// The replay's next input: a redo. After the last one the game is live.
pub fn replay_tick(model: &mut Model) -> Outcome {
    if model.mode != Mode::Replaying {
        return Err(Ignored::Stale);
    }
    let mut effects = Vec::new();
    let moved = model.history.redo();
    if !model.history.can_redo() {
        model.mode = Mode::Live;
        effects.push(Effect::StopTicker);
    }
    if moved {
        effects.extend(changed(model));
    }
    Ok(effects)
}

/// The replay ticker at the model's speed.
pub fn ticker(model: &Model) -> Effect {
    Effect::StartTicker {
        every_ms: 1000 / model.replay_speed.max(1),
    }
}

/// What follows from a new present: save the game, raise the best score,
/// and say what happened.
pub fn changed(model: &mut Model) -> Vec<Effect> {
    let mut effects = saves(model);
    let score = model.present().score;
    if score > model.best {
        model.best = score;
        effects.push(Effect::SaveBest(model.config(), score));
    }
    effects.push(say(model));
    effects
}

/// Saving the game and its history, unless this game is not saved.
pub fn saves(model: &Model) -> Vec<Effect> {
    if !model.saving {
        return Vec::new();
    }
    vec![
        Effect::SaveGame(model.present().clone()),
        Effect::SaveHistory(model.history.clone()),
    ]
}

/// The live region's sentence for the state on the board.
pub fn say(model: &Model) -> Effect {
    Effect::Announce(announce(&model.shown()))
}
