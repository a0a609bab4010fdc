//! What a daily or a race says: the line above the board while one is on
//! it, the sentence at its end, and the result card to share. Pure, so
//! each is tested natively.
//!
//! The card says only what its link proves: the game's own score, top tile
//! and moves, and the review's grades of its moves (anyone can review the
//! replayed game again). A streak or a race's winner is the player's own
//! page's to say: the link of one game cannot prove it.

use crate::ai::review::Grade;
use crate::engine::{Board, Pos};
use crate::session::replay::{self, Replay};

use super::contest::{Against, Contest, Race, Sent};
use super::model::Model;
use super::msg::Msg;
use super::words::{accuracy_percent, daily_name, lead_words, score_in_moves, spaced, split_words};

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

/// The result card of the contest on the board, once it has ended: its
/// text with the strip, and the same in plain words. For example:
///
/// ```text
/// 2048 Daily #329 · 36 412 · 2048 · 1 607 moves
/// Accuracy 91% 🟩🟩🟩🟨🟩🟩🟧🟩🟩🟩
/// https://…/?race=…
/// ```
pub fn result_card(model: &Model) -> Option<(String, String)> {
    let contest = model.contest_on_board().filter(|c| c.ended)?;
    let end = model.history.present();
    let name = match &contest.against {
        Against::Daily { number, counted } => daily_name(*number, *counted),
        Against::Race(_) => "Race".to_string(),
    };
    let head = format!(
        "2048 {name} · {} · {} · {} moves",
        spaced(end.score),
        end.board.max_value(),
        spaced(u64::from(end.moves))
    );
    let link = replay::encode(&Replay::from_history(&model.history)?);
    let url = format!("{}?race={link}", model.page_url);
    let mut text = vec![head.clone()];
    let mut plain = vec![head];
    if let Some(grades) = grades(model).and_then(|g| slices(&g)) {
        let accuracy = accuracy_percent(model.coach.summary().accuracy);
        let (squares, words) = strip(&grades);
        text.push(format!("Accuracy {accuracy} {squares}"));
        plain.push(format!("Accuracy {accuracy}, {words}"));
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

/// The line above the board while a contest is on it: "Daily #329 ·
/// counted attempt", "Race · ghost 1 204 at move 80 · +340 ahead".
pub fn contest_line(model: &Model) -> Option<String> {
    let contest = model.contest_on_board()?;
    let end = model.history.present();
    Some(match &contest.against {
        Against::Daily { number, counted } => {
            let what = match (counted, contest.ended) {
                (true, false) => "your one counted attempt today, played unaided",
                (true, true) => "your counted attempt has ended",
                (false, _) => "not counted",
            };
            format!("{} · {what}", daily_name(*number, *counted))
        }
        Against::Race(race) => race_line(race, end.moves, end.score),
    })
}

/// "Ghost 1 204 at move 80 · +340 ahead".
fn race_line(race: &Race, moves: u32, score: u64) -> String {
    let ghost = race.ghost.score_at(moves);
    format!(
        "Race · ghost {} at move {moves} · {}",
        spaced(ghost),
        lead_words(race.ghost.lead(moves, score))
    )
}

/// The racer's splits in words, newest first.
pub fn race_splits(race: &Race) -> Vec<String> {
    race.splits
        .iter()
        .rev()
        .map(|&(tile, at)| split_words(tile, at, race.ghost.reached(tile)))
        .collect()
}

/// Whether the racer leads the ghost now (for the line's colour; the
/// words say it too).
pub fn race_lead(model: &Model) -> Option<i64> {
    let contest = model.contest_on_board()?;
    let Against::Race(race) = &contest.against else {
        return None;
    };
    let end = model.history.present();
    Some(race.ghost.lead(end.moves, end.score))
}

/// The sentence at a contest's end.
pub fn contest_ended(model: &Model) -> String {
    let Some(contest) = model.contest_on_board() else {
        return String::new();
    };
    let end = model.history.present();
    match &contest.against {
        Against::Daily { number, counted } => format!(
            "{} ended: {}, top tile {}.",
            daily_name(*number, *counted),
            score_in_moves(end),
            end.board.max_value()
        ),
        Against::Race(race) => race_result(race, end.score, end.moves),
    }
}

/// A race's result in a sentence: "You made 12 000 in 900 moves; the
/// ghost made 36 412 in 1 607 moves. The ghost won by 24 412."
fn race_result(race: &Race, score: u64, moves: u32) -> String {
    let ghost = race.ghost.final_score();
    let verdict = match score.cmp(&ghost) {
        std::cmp::Ordering::Greater => format!("You won by {}.", spaced(score - ghost)),
        std::cmp::Ordering::Less => format!("The ghost won by {}.", spaced(ghost - score)),
        std::cmp::Ordering::Equal => "A tie.".to_string(),
    };
    let m = |n: u32| if n == 1 { "move" } else { "moves" };
    format!(
        "You made {} in {} {}; the ghost made {} in {} {}. {verdict}",
        spaced(score),
        spaced(u64::from(moves)),
        m(moves),
        spaced(ghost),
        spaced(u64::from(race.ghost.moves())),
        m(race.ghost.moves())
    )
}

/// What the contest bar above the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// What is on the board: "Daily #329 · …", "Race · ghost … · +340 ahead".
    pub line: String,
    /// In a race, the racer's lead (for the line's colour).
    pub lead: Option<i64>,
    /// In a race, the racer's splits in words, newest first.
    pub splits: Vec<String>,
    /// The sentence at the end, once it has ended.
    pub ended: Option<String>,
    /// In a race, the ghost's board at the racer's move count, if shown.
    pub ghost: Option<SmallBoard>,
    /// The buttons: `(class, words, message)`.
    pub actions: Vec<(&'static str, &'static str, Msg)>,
}

/// The contest bar: what is on the board and what can be done, while a
/// contest is on it; a way back to it while the player's own game is.
pub fn bar(model: &Model) -> Option<Bar> {
    let contest = model.contest.as_ref()?;
    if !contest.on_board {
        let (line, words) = match &contest.against {
            Against::Daily { number, counted } => {
                (daily_name(*number, *counted), "Back to the daily")
            }
            Against::Race(_) => ("A race".to_string(), "Back to the race"),
        };
        let line = format!("{line} is waiting beside your game.");
        let actions = vec![("contest-show", words, Msg::ShowContest)];
        return Some(Bar {
            line,
            lead: None,
            splits: Vec::new(),
            ended: None,
            ghost: None,
            actions,
        });
    }
    let (lead, splits, ghost) = match &contest.against {
        Against::Race(race) => (
            race_lead(model),
            race_splits(race),
            ghost_board(race, model),
        ),
        Against::Daily { .. } => (None, Vec::new(), None),
    };
    Some(Bar {
        line: contest_line(model)?,
        lead,
        splits,
        ended: contest.ended.then(|| contest_ended(model)),
        ghost,
        actions: actions(contest),
    })
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
    fn of(board: &Board, caption: &str) -> SmallBoard {
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

/// The ghost's board at the racer's move count, if the racer shows it.
fn ghost_board(race: &Race, model: &Model) -> Option<SmallBoard> {
    let moves = model.history.present().moves;
    let state = race.ghost.state_at(moves).filter(|_| race.show_ghost)?;
    let caption = format!("The ghost's board at move {}", state.moves);
    Some(SmallBoard::of(&state.board, &caption))
}

/// The result card as the page shows it, once the player shared it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardView {
    /// The card's lines, each with its plain words where they differ (the
    /// strip of squares, said in words for screen readers).
    pub lines: Vec<(String, Option<String>)>,
    /// The game's final board.
    pub board: SmallBoard,
    /// How the card went out.
    pub said: &'static str,
}

/// The card the player shared, as the page shows it: the final board
/// beside its lines.
pub fn card_view(model: &Model) -> Option<CardView> {
    let card = model.card.as_ref()?;
    let lines = card
        .text
        .lines()
        .zip(card.plain.lines())
        .map(|(line, plain)| (line.to_string(), (line != plain).then(|| plain.to_string())))
        .collect();
    let board = SmallBoard::of(&model.history.present().board, "The final board");
    Some(CardView {
        lines,
        board,
        said: sent_words(card.sent),
    })
}

/// How the card went out, in words.
fn sent_words(sent: Option<Sent>) -> &'static str {
    match sent {
        None => "Sharing…",
        Some(Sent::Shared) => "Shared.",
        Some(Sent::Copied) => "Copied.",
        Some(Sent::Shown) => "No clipboard here: select the card's lines to copy them.",
    }
}

/// The buttons of a contest on the board.
fn actions(contest: &Contest) -> Vec<(&'static str, &'static str, Msg)> {
    let back = ("contest-own", "Back to my game", Msg::OwnGame);
    if !contest.ended {
        let mut buttons = vec![("contest-finish", "Finish", Msg::Finish), back];
        if let Against::Race(race) = &contest.against {
            let words = if race.show_ghost {
                "Hide the ghost's board"
            } else {
                "Show the ghost's board"
            };
            buttons.push(("contest-ghost", words, Msg::ToggleGhost));
        }
        return buttons;
    }
    let again = match &contest.against {
        Against::Daily { number, .. } => (
            "contest-again",
            "Play it again as practice",
            Msg::OpenDaily(Some(*number)),
        ),
        Against::Race(_) => ("contest-send-back", "Send your game back", Msg::SendBack),
    };
    vec![
        ("contest-share", "Share result", Msg::ShareResult),
        again,
        back,
    ]
}
