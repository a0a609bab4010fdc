//! The result card of a challenge that ended: its text to share, its strip
//! of graded slices, and the card as the page shows it, beside the final
//! board drawn small. Pure, so each is tested natively.
//!
//! The card says only what its link proves: the game's own score, top tile
//! and moves, and the review's grades of its moves (anyone can review the
//! replayed game again). A streak or a race's winner is the player's own
//! page's to say: the link of one game cannot prove it.

use crate::ai::review::Grade;
use crate::engine::{Board, Pos};
use crate::session::replay::{self, Replay};

use super::contest::Against;
use super::model::Model;
use super::words::{
    accuracy_percent, card_accuracy, card_head, daily_name, sent_words, FINAL_BOARD,
};

/// How many slices the card's strip cuts the game into.
pub const SLICES: usize = 10;

/// The square of each grade in the strip: best and good green, then
/// yellow, orange, red.
fn square(grade: Grade) -> char {
    match grade {
        Grade::Best | Grade::Good => '🟩',
        Grade::Inaccuracy => '🟨',
        Grade::Mistake => '🟧',
        Grade::Blunder => '🟥',
    }
}

/// The game's moves in [`SLICES`] equal slices, each graded by its worst
/// move: `None` unless every move is graded.
pub fn slices(grades: &[Grade]) -> Option<Vec<Grade>> {
    if grades.len() < SLICES {
        return None;
    }
    let n = grades.len();
    let cut = |k: usize| k * n / SLICES;
    Some(
        (0..SLICES)
            .map(|k| {
                grades[cut(k)..cut(k + 1)]
                    .iter()
                    .copied()
                    .max()
                    .unwrap_or(Grade::Best)
            })
            .collect(),
    )
}

/// The strip of `slices`, and the same in words for the plain card: "7
/// clean, 2 with an inaccuracy, 1 with a blunder".
fn strip(slices: &[Grade]) -> (String, String) {
    let squares = slices.iter().map(|&g| square(g)).collect();
    let count = |f: &dyn Fn(Grade) -> bool| slices.iter().filter(|&&g| f(g)).count();
    let mut words = vec![format!("{} clean", count(&|g| g <= Grade::Good))];
    for grade in [Grade::Inaccuracy, Grade::Mistake, Grade::Blunder] {
        let n = count(&|g| g == grade);
        if n > 0 {
            words.push(format!("{n} with {} {}", article(grade), grade.word()));
        }
    }
    (squares, format!("slices: {}", words.join(", ")))
}

fn article(grade: Grade) -> &'static str {
    if grade == Grade::Inaccuracy {
        "an"
    } else {
        "a"
    }
}

/// The result card of the challenge on the board, once it has ended: its
/// text with the strip, and the same in plain words. For example:
///
/// ```text
/// 2048 Daily #329 · 36 412 points · top tile 2048 · 1 607 moves
/// Accuracy 91% 🟩🟩🟩🟨🟩🟩🟧🟩🟩🟩
/// https://…/?race=…
/// ```
pub fn result_card(model: &Model) -> Option<(String, String)> {
    let challenge = model.challenge_on_board().filter(|c| c.ended)?;
    let end = challenge.game.present();
    let name = match &challenge.against {
        Against::Daily { number, counted } => daily_name(*number, *counted),
        Against::Race(_) => "Race".to_string(),
    };
    let head = card_head(&name, end.score, end.board.max_value(), end.moves);
    let link = replay::encode(&Replay::from_history(&challenge.game)?);
    let url = format!("{}?race={link}", model.links.page_url);
    let mut text = vec![head.clone()];
    let mut plain = vec![head];
    if let Some(grades) = grades(model).and_then(|g| slices(&g)) {
        let accuracy = accuracy_percent(model.coach.summary().accuracy);
        let (squares, words) = strip(&grades);
        text.push(card_accuracy(&accuracy, &squares, false));
        plain.push(card_accuracy(&accuracy, &words, true));
    }
    text.push(url.clone());
    plain.push(url);
    Some((text.join("\n"), plain.join("\n")))
}

/// Every move's grade, once the review has judged them all.
fn grades(model: &Model) -> Option<Vec<Grade>> {
    if !model.coach.complete() {
        return None;
    }
    Some(
        model
            .coach
            .moves
            .iter()
            .filter_map(|m| m.verdict.as_ref().map(|v| v.grade))
            .collect(),
    )
}

/// A board drawn small (the ghost's, the card's): its width, its cells
/// row by row (0: empty), and the same in words for screen readers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SmallBoard {
    pub width: u8,
    pub cells: Vec<u64>,
    pub words: String,
}

impl SmallBoard {
    /// `board`, said after `caption`: "The ghost's board at move 8: 2 4
    /// empty empty; …".
    pub fn of(board: &Board, caption: &str) -> SmallBoard {
        let cells: Vec<u64> = (0..board.height())
            .flat_map(|y| (0..board.width()).map(move |x| Pos { x, y }))
            .map(|pos| board.get(pos).map_or(0, |t| t.value))
            .collect();
        let rows: Vec<String> = cells
            .chunks(usize::from(board.width()))
            .map(|row| {
                let said: Vec<String> = row
                    .iter()
                    .map(|&v| match v {
                        0 => "empty".to_string(),
                        v => v.to_string(),
                    })
                    .collect();
                said.join(" ")
            })
            .collect();
        SmallBoard {
            width: board.width(),
            cells,
            words: format!("{caption}: {}.", rows.join("; ")),
        }
    }
}

/// The result card as the page shows it, once the player shared it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardView {
    /// The card's lines but its link, each with its plain words where
    /// they differ (the strip of squares, said in words for screen
    /// readers).
    pub lines: Vec<(String, Option<String>)>,
    /// The card's link, its last line: shown on one line, shortened.
    pub link: String,
    /// The game's final board.
    pub board: SmallBoard,
    /// How the card went out.
    pub said: &'static str,
}

/// The card the player shared, as the page shows it: the final board of
/// the challenge's game, the game its link replays (wherever the board
/// is), beside its lines.
pub fn card_view(model: &Model) -> Option<CardView> {
    let card = model.contest.card.made()?;
    let game = &model.contest.challenge.as_ref()?.game;
    let mut lines: Vec<(String, Option<String>)> = card
        .text
        .lines()
        .zip(card.plain.lines())
        .map(|(line, plain)| (line.to_string(), (line != plain).then(|| plain.to_string())))
        .collect();
    let link = lines.pop().map(|(link, _)| link).unwrap_or_default();
    let board = SmallBoard::of(&game.present().board, FINAL_BOARD);
    Some(CardView {
        lines,
        link,
        board,
        said: sent_words(card.by, card.sent),
    })
}
