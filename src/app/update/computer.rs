//! The computer player's rules: a hint shows the move the search prefers;
//! autoplay asks, plays the answer through the same rule as the player's
//! moves, pauses, and asks again.
//!
//! An answer counts only for the question in flight and the board it was
//! asked about: if the game changed meanwhile a hint is dropped and
//! autoplay asks again. Stopping autoplay cancels the question in flight,
//! so no move lands after it.

use super::super::cmd::Cmd;
use super::super::computer::{supported, Computer, Purpose, BUDGET_MS, MAX_PAUSE_MS};
use super::super::ignored::Ignored;
use super::super::model::{Model, Unasked};
use super::super::msg::Msg;
use super::super::words;
use super::common::{stop_autoplay, Outcome};
use super::game;
use crate::ai::protocol::Answer;
use crate::engine::{Direction, Input, State};

/// Asks for the best move on the present board (or shows it again, if it
/// is known).
pub fn hint(model: &mut Model) -> Outcome {
    if !may_ask(model, Purpose::Hint)? {
        return Ok(Vec::new());
    }
    let state = model.present().clone();
    if model.computer.hint_on(&state).is_some() {
        // This board's hint is known (undo came back to it): show it again
        // rather than ask, and rather than "Thinking…" beside it.
        model.computer.quiet();
        return Ok(Vec::new());
    }
    model.computer.say(&state, words::THINKING);
    Ok(vec![ask(model, Purpose::Hint)])
}

/// Starts autoplay, or stops it at once if it is on.
pub fn autoplay(model: &mut Model) -> Outcome {
    if model.computer.autoplay {
        return Ok(stop_autoplay(model, None));
    }
    if !may_ask(model, Purpose::Autoplay)? {
        return Ok(Vec::new());
    }
    model.computer.quiet();
    model.computer.autoplay = true;
    Ok(next_turn(model))
}

/// Whether the computer may be asked for `purpose`: the model's one rule
/// ([`Model::asking_computer`], which the buttons ask too). `Err`: the
/// message does nothing; `Ok(false)`: the computer said beside the board
/// why it will not look at it.
fn may_ask(model: &mut Model, purpose: Purpose) -> Result<bool, Ignored> {
    match model.asking_computer(purpose) {
        Ok(()) => Ok(true),
        Err(Unasked::Ignored(why)) => Err(why),
        Err(Unasked::Said(why)) => {
            let state = model.present().clone();
            model.computer.say(&state, why);
            Ok(false)
        }
    }
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

/// The AI's answer to question `id`: a hint's or autoplay's.
pub fn answered(model: &mut Model, id: u32, answer: Answer) -> Outcome {
    let Some(question) = model.computer.take_question(id) else {
        return Err(Ignored::Stale);
    };
    let still = *model.present() == question.state;
    match question.purpose {
        Purpose::Hint if still => Ok(hint_answered(model, question.state, answer)),
        Purpose::Hint => {
            model.computer.quiet();
            Err(Ignored::Stale)
        }
        Purpose::Autoplay if still => Ok(autoplay_answered(model, answer)),
        // Someone moved meanwhile: think about the new board.
        Purpose::Autoplay => Ok(next_turn(model)),
    }
}

/// The answer to a hint, for the board still in play: the hint, or why
/// there is none.
fn hint_answered(model: &mut Model, state: State, answer: Answer) -> Vec<Cmd> {
    let c = &mut model.computer;
    let why = match answer {
        Ok(advice) => match Computer::hint_from(advice, state) {
            Some(hint) => {
                c.quiet();
                c.hint = Some(hint);
                return Vec::new();
            }
            None => words::NO_MOVE_CHANGES.to_string(),
        },
        Err(e) => words::unavailable(&e),
    };
    c.say(model.game.history.present(), why);
    Vec::new()
}

/// The answer to autoplay, for the board still in play: play it, or stop.
fn autoplay_answered(model: &mut Model, answer: Answer) -> Vec<Cmd> {
    match answer.map(|advice| advice.direction) {
        Ok(Some(direction)) => play_and_pause(model, direction),
        Ok(None) => stop_autoplay(model, Some(words::AUTOPLAY_NO_MOVE.into())),
        Err(e) => stop_autoplay(model, Some(words::unavailable(&e))),
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
fn play_and_pause(model: &mut Model, direction: Direction) -> Vec<Cmd> {
    let mut cmds = game::play(model, Input::Move(direction)).unwrap_or_default();
    let turn = model.computer.last_id;
    model.computer.pausing = Some(turn);
    cmds.push(Cmd::After {
        ms: model.computer.pause_ms,
        then: Box::new(Msg::AutoplayTurn(turn)),
    });
    cmds
}

/// One turn of autoplay: ask about the present, or stop where there is
/// nothing to ask.
fn next_turn(model: &mut Model) -> Vec<Cmd> {
    if !model.computer.autoplay {
        return Vec::new();
    }
    if !model.travel.live() {
        return stop_autoplay(model, None);
    }
    if let Some(why) = model.refusal() {
        let said = if supported(model.present()) {
            words::autoplay_stopped(why)
        } else {
            why.to_string()
        };
        return stop_autoplay(model, Some(said));
    }
    vec![ask(model, Purpose::Autoplay)]
}

/// A question about the present board.
fn ask(model: &mut Model, purpose: Purpose) -> Cmd {
    let board = model.game.history.present().board.clone();
    let id = model.computer.ask(model.game.history.present(), purpose);
    Cmd::AskAi {
        id,
        board,
        budget_ms: BUDGET_MS,
    }
}

/// Starts the AI worker ahead of the first question, once, when the board
/// is one it plays: its files and its start then cost the first hint
/// nothing (docs/ai.md, "The first hint").
pub fn warm(model: &mut Model) -> Option<Cmd> {
    if !model.computer.wants_warming(model.present()) {
        return None;
    }
    model.computer.warmed = true;
    Some(Cmd::WarmAi)
}
