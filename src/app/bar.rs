//! The contest bar above the board, as data: what is on the board ("Daily
//! #329 · …", "Race · ghost … · +340 ahead"), a race's lead, splits and
//! ghost's board, the sentence at the end, and the buttons; or, while the
//! player's own game is on the board, the way back to the challenge. Pure,
//! so it is tested natively; `view::contest` draws it.

use super::card::SmallBoard;
use super::contest::{Against, Challenge, Race};
use super::model::Model;
use super::msg::Msg;
use super::words::{
    self, daily_ended, daily_line, finish_question, race_line, race_result, split_words,
    waiting_beside,
};
use crate::session::history::History;

/// What the contest bar above the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// What is on the board: "Daily #329 · …", "Race · ghost … · +340 ahead".
    pub line: String,
    /// In a race, the racer's lead (for the line's colour).
    pub lead: Option<i64>,
    /// In a race, the racer's splits in words, newest first.
    pub splits: Vec<String>,
    /// The sentence at the end, once it has ended; or Finish's question,
    /// while it asks.
    pub ended: Option<String>,
    /// `ended` is Finish's question, not the end.
    pub asking: bool,
    /// In a race, the ghost's board at the racer's move count, if shown.
    pub ghost: Option<SmallBoard>,
    /// The buttons: `(class, words, message)`.
    pub actions: Vec<(&'static str, &'static str, Msg)>,
}

/// The contest bar: what is on the board and what can be done, while a
/// challenge is on it; a way back to it while the player's own game is.
pub fn bar(model: &Model) -> Option<Bar> {
    let challenge = model.contest.challenge.as_ref()?;
    if !challenge.on_board {
        let daily = match challenge.against {
            Against::Daily { number, counted } => Some((number, counted)),
            Against::Race(_) => None,
        };
        let (line, words) = waiting_beside(daily, challenge.ended);
        return Some(Bar {
            line,
            lead: None,
            splits: Vec::new(),
            ended: None,
            asking: false,
            ghost: None,
            actions: vec![("contest-show", words, Msg::ShowContest)],
        });
    }
    let (lead, splits, ghost) = match &challenge.against {
        Against::Race(race) => (
            race_lead(model),
            race_splits(race),
            ghost_board(race, &challenge.game),
        ),
        Against::Daily { .. } => (None, Vec::new(), None),
    };
    let asking = model.contest.finishing && !challenge.ended;
    Some(Bar {
        line: challenge_line(model)?,
        lead,
        splits,
        ended: if asking {
            Some(finish_asked(challenge, challenge.game.present().score))
        } else {
            challenge.ended.then(|| challenge_ended(model))
        },
        asking,
        ghost,
        actions: if asking {
            vec![
                ("contest-finish-yes", words::FINISH_YES, Msg::Finish),
                ("contest-finish-no", words::FINISH_NO, Msg::CancelFinish),
            ]
        } else {
            actions(challenge)
        },
    })
}

/// The line above the board while a challenge is on it: "Daily #329 ·
/// your one counted attempt today, played unaided", "Race · ghost 1 204 at
/// move 80 · +340 ahead".
pub fn challenge_line(model: &Model) -> Option<String> {
    let challenge = model.challenge_on_board()?;
    let end = challenge.game.present();
    Some(match &challenge.against {
        Against::Daily { number, counted } => daily_line(*number, *counted, challenge.ended),
        Against::Race(race) => race_line(&race.ghost, end.moves, end.score),
    })
}

/// Finish's question, in the place of the end's sentence.
fn finish_asked(challenge: &Challenge, score: u64) -> String {
    match challenge.against {
        Against::Daily { counted, .. } => finish_question(counted, false, score),
        Against::Race(_) => finish_question(false, true, score),
    }
}

/// The sentence at a challenge's end.
pub fn challenge_ended(model: &Model) -> String {
    let Some(challenge) = model.challenge_on_board() else {
        return String::new();
    };
    let end = challenge.game.present();
    match &challenge.against {
        Against::Daily { number, counted } => daily_ended(*number, *counted, end),
        Against::Race(race) => race_result(&race.ghost, end.score, end.moves),
    }
}

/// The racer's splits in words, newest first.
pub fn race_splits(race: &Race) -> Vec<String> {
    race.splits
        .all()
        .iter()
        .rev()
        .map(|&(tile, at)| split_words(tile, at, race.ghost.reached(tile)))
        .collect()
}

/// How far the racer leads the ghost now (for the line's colour; the
/// words say it too).
pub fn race_lead(model: &Model) -> Option<i64> {
    let challenge = model.challenge_on_board()?;
    let Against::Race(race) = &challenge.against else {
        return None;
    };
    let end = challenge.game.present();
    Some(race.ghost.lead(end.moves, end.score))
}

/// The ghost's board at the racer's move count, if the racer shows it.
fn ghost_board(race: &Race, game: &History) -> Option<SmallBoard> {
    let moves = game.present().moves;
    let state = race.ghost.state_at(moves).filter(|_| race.show_ghost)?;
    let caption = words::ghost_caption(state.moves);
    Some(SmallBoard::of(&state.board, &caption))
}

/// The buttons of a challenge on the board.
fn actions(challenge: &Challenge) -> Vec<(&'static str, &'static str, Msg)> {
    let back = ("contest-own", words::BACK_TO_MY_GAME, Msg::OwnGame);
    if !challenge.ended {
        let mut buttons = vec![("contest-finish", words::FINISH, Msg::Finish), back];
        if let Against::Race(race) = &challenge.against {
            let words = if race.show_ghost {
                words::HIDE_GHOST
            } else {
                words::SHOW_GHOST
            };
            buttons.push(("contest-ghost", words, Msg::ToggleGhost));
        }
        return buttons;
    }
    let again = match &challenge.against {
        Against::Daily { number, .. } => (
            "contest-again",
            words::PLAY_AGAIN,
            Msg::OpenDaily(Some(*number)),
        ),
        Against::Race(_) => ("contest-send-back", words::SEND_BACK, Msg::SendBack),
    };
    vec![
        ("contest-share", words::SHARE_RESULT, Msg::ShareResult),
        again,
        back,
    ]
}
