//! The time-travel inspector: the game's review, every input so far with
//! the score after it, a picture of the board and the review's mark on
//! the move, a slider over all of them, the check that replaying the
//! game's moves from its seed gives every board (each state `step`
//! applied to the one before), and the message log.
//!
//! Only a window of rows around the chosen one is drawn, its states asked
//! of the history (`History::states`, from the nearest checkpoint), so a
//! 10 000-input game costs what a short one does.

use leptos::prelude::*;

use super::grade_mark::grade_mark;
use super::review::ReviewSection;
use crate::ai::review::Grade;
use crate::app::coach::Coach;
use crate::app::words::{history_position, input_name};
use crate::app::Msg;
use crate::engine::{Direction, Input, State};
use crate::view::context::{select, use_dispatcher};

/// How many rows of the list are drawn around the chosen one.
const ROWS: usize = 11;

/// One row of the list: the state after `i` inputs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Row {
    i: usize,
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
    grade: Grade,
    /// The move that keeps more of the chance, where one does.
    better: Option<Direction>,
}

impl Row {
    fn new(
        (i, input, state): (usize, Option<Input>, State),
        cursor: usize,
        at: usize,
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
            input,
            score: state.score,
            width: w,
            cells,
            undone: i > cursor,
            chosen: i == at,
            mark: coach.verdict_leading_to(i).map(|(on, v)| Mark {
                at: on,
                grade: v.grade,
                better: v.shown_better(),
            }),
        }
    }
}

/// The history panel.
#[component]
pub fn HistoryPanel() -> impl IntoView {
    let position = select(|m| {
        history_position(
            m.travel.viewing(),
            m.game.history.len(),
            m.game.history.cursor(),
        )
    });
    let rows = select(|m| {
        let h = &m.game.history;
        let at = m.travel.viewing().unwrap_or(h.cursor());
        let hi = (at + ROWS / 2).max(ROWS - 1).min(h.len());
        let lo = hi.saturating_sub(ROWS - 1);
        h.states(lo, hi)
            .into_iter()
            .map(|s| Row::new(s, h.cursor(), at, &m.coach))
            .collect::<Vec<_>>()
    });
    view! {
        <section class="panel history-panel" aria-label="History">
            <h2>"History"</h2>
            <ReviewSection/>
            <p class="history-position">{move || position.get()}</p>
            <Travel/>
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
    let len = select(|m| m.game.history.len());
    let viewing = select(|m| m.travel.viewing());
    let at = select(|m| m.travel.viewing().unwrap_or(m.game.history.cursor()));
    view! {
        <input
            class="history-slider"
            type="range"
            min="0"
            max=move || len.get().to_string()
            prop:value=move || at.get().to_string()
            aria-label="Move shown"
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
                "Resume from here"
            </button>
            <button
                class="present-button"
                disabled=move || viewing.get().is_none()
                on:click=move |_| dispatch.send(Msg::View(None))
            >
                "Back to the present"
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
                <span class="history-index">{i}</span>
                <span class="history-input">{input_name(row.input)}</span>
                <span class="history-score">{row.score}</span>
                <span class="mini" style:--cols=row.width.to_string() aria-hidden="true">
                    {row.cells.iter().map(|&e| view! { <i class=format!("m{e}")></i> }).collect_view()}
                </span>
            </button>
            {row.mark.map(|m| grade_mark(false, m.at, m.grade, m.better, false, dispatch))}
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
                "Check again"
            </button>
        </p>
    }
}
