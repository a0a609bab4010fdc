//! The coach's rules: starting a review of the game in play, the search's
//! answers as they come, cancelling, and a worker's failure. On the page
//! they arrive with the chunks that start a review (`app::rooms::COACH`:
//! the history panel's, the contest's, learn's); the page at start keeps
//! `keep_valid`, which runs after every message.

use super::super::cmd::Cmd;
use super::super::coach::{moves_of, MoveInReview};
use super::super::contest::CardState;
use super::super::ignored::Ignored;
use super::super::model::{Mode, Model, Panel};
use super::super::msg::{contest_msgs, learn_msgs, page_msgs, Msg};
use super::super::words::review_done;
use super::super::words::{COMPUTER_UNREACHABLE, ONLY_4X4};
use super::common::{announce, send_card, Outcome};
use super::page;
use super::travel::end_replay;
use crate::ai::review::Assessment;

/// The rule of each of the coach's messages (`coach_msgs!`).
pub fn rule(model: &mut Model, msg: Msg) -> Outcome {
    match msg {
        Msg::Review => review(model),
        Msg::CancelReview => cancel(model),
        Msg::Assessed { id, at, answer } => reviewed(model, id, at, answer),
        contest_msgs!() | learn_msgs!() | page_msgs!() => Err(Ignored::NotHere),
    }
}

/// Reviews the game in play (a replay first ends at its last move, so the
/// whole game shared is reviewed and its positions can be shown): opens
/// the history panel, where the verdicts show, and asks the search about
/// every move not yet judged. Moves judged before keep their verdicts, so
/// a game that went on is not reviewed from the start again.
pub fn review(model: &mut Model) -> Outcome {
    if model.travel.mode == Mode::Replaying {
        end_replay(model);
    }
    let Some(moves) = moves_of(model.board_game()) else {
        model.coach.stop(Some(ONLY_4X4.into()));
        return Err(Ignored::NotHere);
    };
    if moves.is_empty() {
        return Err(Ignored::NoChange);
    }
    let chunk = page::open(model, Panel::History);
    let mut cmds = start(model, moves);
    cmds.extend(chunk);
    Ok(cmds)
}

/// Reviews the game on the board without opening a panel: a daily or a
/// race that ended, for its result card's grades. Nothing if the search
/// does not play this board.
pub fn review_quietly(model: &mut Model) -> Vec<Cmd> {
    match moves_of(model.board_game()) {
        Some(moves) if !moves.is_empty() => start(model, moves),
        _ => Vec::new(),
    }
}

/// Searches the one move of the game on the board, as a review does: a
/// puzzle's position (`learn`).
pub fn review_one(model: &mut Model, one: MoveInReview) -> Vec<Cmd> {
    start(model, vec![one])
}

/// Starts a run over `moves`, the game's; those judged before keep their
/// verdicts.
fn start(model: &mut Model, moves: Vec<MoveInReview>) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    if model.coach.running.is_some() {
        cmds.push(Cmd::CancelAssessments);
    }
    let (id, left) = model
        .coach
        .start(model.contest.board(&model.game.own), moves);
    if !left.is_empty() {
        cmds.push(Cmd::AssessMoves { id, moves: left });
    }
    cmds
}

/// Stops the review in flight; what it found stays.
pub fn cancel(model: &mut Model) -> Outcome {
    if model.coach.running.is_none() {
        return Err(Ignored::NoChange);
    }
    model.coach.stop(None);
    Ok(vec![Cmd::CancelAssessments])
}

/// The search's answer about one move of run `id`: judged and kept, unless
/// stale. A worker's failure stops the run and says why. When the last move
/// is judged, the live region says the accuracy.
pub fn reviewed(
    model: &mut Model,
    id: u32,
    at: usize,
    answer: Result<Assessment, String>,
) -> Outcome {
    if model.coach.running != Some(id) {
        return Err(Ignored::Stale);
    }
    match answer {
        Ok(assessment) => {
            if !model.coach.take(id, at, &assessment) {
                return Err(Ignored::Stale);
            }
            if model.coach.running.is_none() {
                let done = review_done(&model.coach.summary());
                announce(model, done);
                if model.contest.card == CardState::Waiting {
                    return Ok(send_card(model));
                }
            }
            Ok(Vec::new())
        }
        // Why is in the message log, with the answer.
        Err(_) => {
            model.coach.stop(Some(COMPUTER_UNREACHABLE.into()));
            Ok(vec![Cmd::CancelAssessments])
        }
    }
}

/// After every message: the review keeps only the moves the game on the
/// board still holds as they were reviewed; a run left with nothing to
/// search is cancelled.
pub fn keep_valid(model: &mut Model) -> Option<Cmd> {
    let game = model.contest.board(&model.game.own);
    model
        .coach
        .keep_valid(game)
        .then_some(Cmd::CancelAssessments)
}
