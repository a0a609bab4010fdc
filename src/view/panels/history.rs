//! The time-travel inspector: the game's review, every input so far with
//! the score after it, a picture of the board and the review's mark on
//! the move, a slider over all of them, the check that replaying the
//! game's moves from its seed gives every board (each state `step`
//! applied to the one before), and the message log.
//!
//! Only a window of rows around the chosen one is drawn, its states asked
//! of the history (`History::states`, from the nearest checkpoint), so a
//! 10 000-input game costs what a short one does. The window stays where
//! it is while the row chosen is in it, so a row or a mark clicked stays
//! under the pointer; a line above it says how many earlier moves the
//! slider reaches.

use leptos::prelude::*;

use super::grade_mark::grade_mark;
use super::review::ReviewSection;
use crate::ai::review::Grade;
use crate::app::coach::Coach;
use crate::app::travel::row_number;
use crate::app::words::{self, earlier_moves, input_name};
use crate::app::Msg;
use crate::engine::{Direction, Input, State};
use crate::view::context::{select, use_dispatcher, use_model};

/// How many rows of the list are drawn around the chosen one.
const ROWS: usize = 11;

/// One row of the list: the state after `i` inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Row {
    i: usize,
    /// The moves of its game the board follows (none after a New Game or
    /// Keep going: `travel::row_number`).
    number: Option<u32>,
    /// The input that led here (none for the start).
    input: Option<Input>,
    score: u64,
    width: u8,
    /// Tile exponents, row by row (0 for an empty cell; 17 stands for
    /// every tile from 131072 up, one colour in style/).
    cells: Vec<u8>,
    /// Undone: after the cursor, in the redo list.
    undone: bool,
    /// The row on the board.
    chosen: bool,
    /// The review's verdict on the move that led here, if judged.
    mark: Option<Mark>,
}

/// A row's move, as the review judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Mark {
    /// The move's index in the history: the board it was played on.
    at: usize,
    /// The move's number in its game.
    number: u32,
    grade: Grade,
    /// The move that keeps more of the chance, where one does.
    better: Option<Direction>,
    /// The board it was played on is the one shown.
    shown: bool,
}

impl Row {
    fn new(
        (i, input, state): (usize, Option<Input>, State),
        (cursor, at, viewing): (usize, usize, Option<usize>),
        coach: &Coach,
    ) -> Row {
        let (w, h) = (state.board.width(), state.board.height());
        let mut cells = vec![0u8; w as usize * h as usize];
        for t in state.board.tiles() {
            let exponent = t.value.trailing_zeros() as u8;
            cells[t.pos.y as usize * w as usize + t.pos.x as usize] = exponent.min(17);
        }
        Row {
            i,
            number: row_number(input, &state),
            input,
            score: state.score,
            width: w,
            cells,
            undone: i > cursor,
            chosen: i == at,
            mark: coach.verdict_leading_to(i).map(|(on, v)| Mark {
                at: on.at,
                number: on.number,
                grade: v.grade,
                better: v.shown_better(),
                shown: viewing == Some(on.at),
            }),
        }
    }
}

/// The rows drawn, `lo..=hi`: the window drawn before (`kept`) while the
/// row chosen, `at`, is still in it and it is still whole; else `ROWS`
/// rows around `at`, up to the last of `len`.
fn drawn_rows(at: usize, len: usize, kept: Option<(usize, usize)>) -> (usize, usize) {
    match kept {
        Some((lo, hi)) if (lo..=hi).contains(&at) && hi <= len && hi - lo == len.min(ROWS - 1) => {
            (lo, hi)
        }
        _ => {
            let hi = (at + ROWS / 2).max(ROWS - 1).min(len);
            (hi.saturating_sub(ROWS - 1), hi)
        }
    }
}

/// The history panel.
#[component]
pub fn HistoryPanel() -> impl IntoView {
    let position = select(|m| m.history_line());
    let model = use_model();
    let shown = Memo::new(move |kept: Option<&(usize, usize)>| {
        let m = model.read();
        let at = m.travel.viewing().unwrap_or(m.board_game().cursor());
        drawn_rows(at, m.board_game().len(), kept.copied())
    });
    let rows = Memo::new(move |_| {
        let (lo, hi) = shown.get();
        let m = model.read();
        let h = m.board_game();
        let viewing = m.travel.viewing();
        let at = (h.cursor(), viewing.unwrap_or(h.cursor()), viewing);
        h.states(lo, hi)
            .into_iter()
            .map(|s| Row::new(s, at, &m.coach))
            .collect::<Vec<_>>()
    });
    let earlier = move || match shown.get().0 {
        0 => String::new(),
        lo => earlier_moves(lo),
    };
    view! {
        <section class="panel history-panel" aria-label="History">
            <h2>"History"</h2>
            <ReviewSection/>
            <p class="history-position">{move || position.get()}</p>
            <Travel/>
            <p class="history-earlier">{earlier}</p>
            <ol class="history-list">
                <For each=move || rows.get() key=|row| row.clone() let:row>
                    <HistoryRow row/>
                </For>
            </ol>
            <Verdict/>
        </section>
    }
}

/// The slider over every state, and the two ways back from the past:
/// resume from it, or return to the present.
#[component]
fn Travel() -> impl IntoView {
    let dispatch = use_dispatcher();
    let len = select(|m| m.board_game().len());
    let viewing = select(|m| m.travel.viewing());
    let at = select(|m| m.travel.viewing().unwrap_or(m.board_game().cursor()));
    view! {
        <input
            class="history-slider"
            type="range"
            min="0"
            max=move || len.get().to_string()
            prop:value=move || at.get().to_string()
            aria-label=words::MOVE_SHOWN
            on:input=move |ev| {
                if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                    dispatch.send(Msg::View(Some(i)));
                }
            }
        />
        <div class="history-actions">
            <button
                class="resume-button"
                disabled=move || viewing.get().is_none()
                on:click=move |_| {
                    if let Some(i) = viewing.get_untracked() {
                        dispatch.send(Msg::Resume(i));
                    }
                }
            >
                {words::RESUME_FROM_HERE}
            </button>
            <button
                class="present-button"
                disabled=move || viewing.get().is_none()
                on:click=move |_| dispatch.send(Msg::View(None))
            >
                {words::BACK_TO_PRESENT}
            </button>
        </div>
    }
}

/// One state of the list: a button that shows it on the board, and beside
/// it the review's mark on the move that led here.
#[component]
fn HistoryRow(row: Row) -> impl IntoView {
    let dispatch = use_dispatcher();
    let i = row.i;
    view! {
        <li class="history-row" class:undone=row.undone class:chosen=row.chosen>
            <button
                class="history-entry"
                data-i=i
                aria-current=row.chosen.then_some("step")
                on:click=move |_| dispatch.send(Msg::View(Some(i)))
            >
                <span class="history-index">{row.number}</span>
                <span class="history-input">{input_name(row.input)}</span>
                <span class="history-score">{row.score}</span>
                <span class="mini" style:--cols=row.width.to_string() aria-hidden="true">
                    {row.cells.iter().map(|&e| view! { <i class=format!("m{e}")></i> }).collect_view()}
                </span>
            </button>
            {row.mark.map(|m| grade_mark(false, (m.at, m.number), m.grade, m.better, m.shown, dispatch))}
        </li>
    }
}

/// The check that the history is the fold of its inputs, as of when it was
/// last run, and a button to run it again.
#[component]
fn Verdict() -> impl IntoView {
    let dispatch = use_dispatcher();
    let verdict = select(|m| m.check_line());
    view! {
        <p class="history-check" role="status">
            {move || verdict.get()}
            " "
            <button class="check-button" on:click=move |_| dispatch.send(Msg::CheckHistory)>
                {words::CHECK_AGAIN}
            </button>
        </p>
    }
}
