//! The computer player's rules: a hint shows the move the search prefers;
//! autoplay asks, plays the answer through the same rule as the player's
//! moves, pauses, and asks again.
//!
//! An answer counts only for the question in flight and the board it was
//! asked about: if the game changed meanwhile a hint is dropped and
//! autoplay asks again. Stopping autoplay cancels the question in flight,
//! so no move lands after it.

use super::super::cmd::Cmd;
use super::super::computer::{Computer, Purpose, BUDGET_MS, MAX_PAUSE_MS};
use super::super::ignored::Ignored;
use super::super::model::{Model, Refusal, Verdict};
use super::super::msg::Msg;
use super::super::words;
use super::common::{stop_autoplay, Outcome};
use super::game;
use crate::ai::protocol::Answer;
use crate::engine::{Direction, Input, State};

/// Asks for the best move on the present board (or shows it again, if it
/// is known).
pub fn hint(model: &mut Model) -> Outcome {
    if let Some(outcome) = not_asked(model, Purpose::Hint) {
        return outcome;
    }
    let state = model.board_game().present().clone();
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
    if let Some(outcome) = not_asked(model, Purpose::Autoplay) {
        return outcome;
    }
    model.computer.quiet();
    model.computer.autoplay = true;
    Ok(next_turn(model))
}

/// What the message does if the computer is not to be asked for
/// `purpose` (the model's one rule, [`Model::asking_computer`], which the
/// buttons ask too): nothing, or the computer says beside the board why
/// it will not look at it. `None`: ask it.
fn not_asked(model: &mut Model, purpose: Purpose) -> Option<Outcome> {
    match model.asking_computer(purpose) {
        Verdict::Ask => None,
        Verdict::Ignore(why) => Some(Err(why)),
        Verdict::Refuse(why) => {
            let present = model.contest.board(&model.game.own).present();
            model.computer.say(present, words::refusal(why));
            Some(Ok(Vec::new()))
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
    let still = *model.board_game().present() == question.state;
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
        // Why is in the message log, with the answer.
        Err(_) => words::COMPUTER_UNREACHABLE.to_string(),
    };
    c.say(model.contest.board(&model.game.own).present(), why);
    Vec::new()
}

/// The answer to autoplay, for the board still in play: play it, or stop.
fn autoplay_answered(model: &mut Model, answer: Answer) -> Vec<Cmd> {
    match answer.map(|advice| advice.direction) {
        Ok(Some(direction)) => play_and_pause(model, direction),
        Ok(None) => stop_autoplay(model, Some(words::AUTOPLAY_NO_MOVE.into())),
        Err(_) => stop_autoplay(model, Some(words::COMPUTER_UNREACHABLE.into())),
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
    let mut cmds = match game::play(model, Input::Move(direction)) {
        Ok(cmds) => cmds,
        // The answer is for this very board, so its move changes it; a
        // move the game refuses all the same ends autoplay, said.
        Err(_) => return stop_autoplay(model, Some(words::AUTOPLAY_NO_MOVE.into())),
    };
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
        let said = match why {
            Refusal::Only4x4 => words::refusal(why).to_string(),
            _ => words::autoplay_stopped(words::refusal(why)),
        };
        return stop_autoplay(model, Some(said));
    }
    vec![ask(model, Purpose::Autoplay)]
}

/// A question about the present board.
fn ask(model: &mut Model, purpose: Purpose) -> Cmd {
    let board = model.board_game().present().board.clone();
    let present = model.contest.board(&model.game.own).present();
    let id = model.computer.ask(present, purpose);
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
    if !model.computer.wants_warming(model.board_game().present()) {
        return None;
    }
    model.computer.warmed = true;
    Some(Cmd::WarmAi)
}
