//! The computer player's rules: a hint shows the move the search prefers;
//! autoplay asks, plays the answer through the same rule as the player's
//! moves, pauses, and asks again.
//!
//! An answer counts only for the question in flight and the board it was
//! asked about: if the game changed meanwhile a hint is dropped and
//! autoplay asks again. Stopping autoplay cancels the question in flight,
//! so no move lands after it.

use super::super::computer::{
    idle_reason, supported, unavailable, Computer, Purpose, BUDGET_MS, MAX_PAUSE_MS, ONLY_4X4,
};
use super::super::effect::Effect;
use super::super::log::Ignored;
use super::super::model::Model;
use super::{game, Outcome};
use crate::ai::protocol::Answer;
use crate::engine::{Direction, Input};

/// Asks for the best move on the present board.
pub fn hint(model: &mut Model) -> Outcome {
    if !model.live() {
        return Err(Ignored::ReadOnly);
    }
    if model.computer.autoplay {
        return Err(Ignored::NotHere);
    }
    if refuse(model) {
        return Ok(Vec::new());
    }
    let state = model.present().clone();
    model.computer.say(&state, "Thinking…");
    Ok(vec![ask(model, Purpose::Hint)])
}

/// Starts autoplay, or stops it at once if it is on.
pub fn autoplay(model: &mut Model) -> Outcome {
    if model.computer.autoplay {
        return Ok(stop(model, None));
    }
    if !model.live() {
        return Err(Ignored::ReadOnly);
    }
    if refuse(model) {
        return Ok(Vec::new());
    }
    model.computer.quiet();
    model.computer.autoplay = true;
    Ok(next_turn(model))
}

/// Says why the computer will not look at the present board, if it will
/// not (another size, or a game won or over), and returns whether it said so.
fn refuse(model: &mut Model) -> bool {
    let state = model.present();
    let why = if supported(state) {
        idle_reason(state)
    } else {
        Some(ONLY_4X4)
    };
    if let Some(why) = why {
        let state = state.clone();
        model.computer.say(&state, why);
    }
    why.is_some()
}

/// The pause between autoplay's moves (at most [`MAX_PAUSE_MS`]).
pub fn pause(model: &mut Model, ms: u32) -> Outcome {
    let ms = ms.min(MAX_PAUSE_MS);
    if ms == model.computer.pause_ms {
        return Err(Ignored::NoChange);
    }
    model.computer.pause_ms = ms;
    Ok(Vec::new())
}

/// The AI's answer to question `id`.
pub fn answered(model: &mut Model, id: u32, answer: Answer) -> Outcome {
    let Some(question) = model.computer.take_question(id) else {
        return Err(Ignored::Stale);
    };
    if let Ok(advice) = &answer {
        model.computer.note.clone_from(&advice.note);
    }
    let still = *model.present() == question.state;
    match question.purpose {
        Purpose::Hint if !still => {
            model.computer.quiet();
            Err(Ignored::Stale)
        }
        Purpose::Hint => {
            let c = &mut model.computer;
            match answer {
                Ok(advice) => match Computer::hint_from(advice, question.state) {
                    Some(hint) => {
                        c.quiet();
                        c.hint = Some(hint);
                    }
                    None => c.say(model.history.present(), "No move changes the board."),
                },
                Err(e) => c.say(model.history.present(), unavailable(&e)),
            }
            Ok(Vec::new())
        }
        // Someone moved meanwhile: think about the new board.
        Purpose::Autoplay if !still => Ok(next_turn(model)),
        Purpose::Autoplay => match answer {
            Ok(advice) => match advice.direction {
                Some(direction) => Ok(play_and_pause(model, direction)),
                None => Ok(stop(
                    model,
                    Some("Autoplay stopped: no move is left.".into()),
                )),
            },
            Err(e) => Ok(stop(model, Some(unavailable(&e)))),
        },
    }
}

/// Autoplay's pause before `turn` is over: ask again.
pub fn turn(model: &mut Model, turn: u32) -> Outcome {
    if model.computer.pausing != Some(turn) {
        return Err(Ignored::Stale);
    }
    model.computer.pausing = None;
    Ok(next_turn(model))
}

/// Plays autoplay's move, then pauses before the next turn.
fn play_and_pause(model: &mut Model, direction: Direction) -> Vec<Effect> {
    let mut effects = game::play(model, Input::Move(direction)).unwrap_or_default();
    let turn = model.computer.last_id;
    model.computer.pausing = Some(turn);
    effects.push(Effect::After {
        ms: model.computer.pause_ms,
        then: Box::new(super::super::msg::Msg::AutoplayTurn(turn)),
    });
    effects
}

/// One turn of autoplay: ask about the present, or stop where there is
/// nothing to ask.
fn next_turn(model: &mut Model) -> Vec<Effect> {
    if !model.computer.autoplay {
        return Vec::new();
    }
    if !model.live() {
        return stop(model, None);
    }
    let state = model.present();
    if !supported(state) {
        return stop(model, Some(ONLY_4X4.into()));
    }
    if let Some(why) = idle_reason(state) {
        return stop(model, Some(format!("Autoplay stopped. {why}")));
    }
    vec![ask(model, Purpose::Autoplay)]
}

/// Stops autoplay (if on) and drops the question in flight, saying `why`.
pub fn stop(model: &mut Model, why: Option<String>) -> Vec<Effect> {
    if !model.computer.autoplay {
        return Vec::new();
    }
    let c = &mut model.computer;
    c.autoplay = false;
    c.pausing = None;
    c.asked = None;
    match why {
        Some(why) => c.say(model.history.present(), why),
        None => c.quiet(),
    }
    vec![Effect::CancelAi]
}

/// A question about the present board.
fn ask(model: &mut Model, purpose: Purpose) -> Effect {
    let board = model.history.present().board.clone();
    let id = model.computer.ask(model.history.present(), purpose);
    Effect::AskAi {
        id,
        board,
        budget_ms: BUDGET_MS,
    }
}
