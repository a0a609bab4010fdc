//! Learn's bar beside the board, as data: where the walk is, what it asks
//! or said of the answer, and its buttons. Pure, so it is tested natively;
//! `view::learn` draws it.

use super::learn::Said;
use super::model::Model;
use super::msg::Msg;
use super::words;

/// What learn's bar beside the board shows while a walk is on: where the
/// walk is, what it asks or said, and the buttons. Pure, so it is tested
/// natively; `view::learn` draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkBar {
    /// "Position 2 of 5", or the end's count.
    pub progress: String,
    /// What the walk asks of the position, or said of the answer.
    pub line: String,
    /// The line says an answer was found.
    pub found: bool,
    /// The buttons: `(class, words, message)`.
    pub actions: Vec<(&'static str, &'static str, Msg)>,
}

/// Learn's bar, while a walk is open.
pub fn walk_bar(model: &Model) -> Option<WalkBar> {
    let walk = model.learn.walk.as_ref()?;
    let Some(position) = walk.position() else {
        return Some(WalkBar {
            progress: words::walk_end(walk.found, walk.first_try, walk.positions.len()),
            line: String::new(),
            found: false,
            actions: vec![("walk-end", words::END_WALK, Msg::EndWalk)],
        });
    };
    let verdict = position.verdict.as_ref();
    let question = || words::walk_question(position.number, position.played, verdict);
    let (line, mut actions) = match (walk.said, verdict) {
        (Said::Asking, None) => (words::PUZZLE_SEARCHING.to_string(), vec![]),
        (Said::Asking, Some(_)) => (question(), vec![SHOW_ME, SKIP]),
        (Said::NotQuite(answer), _) => (words::not_quite(&answer), vec![TRY_AGAIN, SHOW_ME, SKIP]),
        (Said::Found(answer), _) => (words::found(&answer), vec![NEXT]),
        (Said::Shown, Some(v)) => (words::shown_best(v), vec![NEXT]),
        (Said::Shown, None) => (question(), vec![NEXT]),
    };
    if position.at.is_some() && walk.said != Said::Asking {
        actions.push(SHARE);
    }
    actions.push(END);
    Some(WalkBar {
        progress: words::walk_progress(walk.at, walk.positions.len()),
        line,
        found: matches!(walk.said, Said::Found(_)),
        actions,
    })
}

type Action = (&'static str, &'static str, Msg);
const SHOW_ME: Action = ("walk-show", words::SHOW_ME, Msg::ShowMe);
const SKIP: Action = ("walk-skip", words::SKIP, Msg::Skip);
const TRY_AGAIN: Action = ("walk-again", words::ANSWER_AGAIN, Msg::TryAgain);
const NEXT: Action = ("walk-next", words::NEXT_POSITION, Msg::NextPosition);
const SHARE: Action = ("walk-share", words::SHARE_PUZZLE, Msg::SharePuzzle);
const END: Action = ("walk-end", words::END_WALK, Msg::EndWalk);
