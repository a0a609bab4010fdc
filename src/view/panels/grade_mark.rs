//! A judged move's mark, as the review shows it on the history's rows and
//! as the chart's points: its grade's symbol, its name in words, and the
//! button that shows the board it was played on. A leaf: `history`,
//! `charts` and `review` all draw it.

use leptos::prelude::*;

use crate::ai::review::Grade;
use crate::app::words::{self, move_name};
use crate::app::Msg;
use crate::engine::Direction;
use crate::web::dispatcher::Dispatcher;

/// A grade's mark, as chess annotates moves.
pub fn symbol(grade: Grade) -> &'static str {
    match grade {
        Grade::Best => "★",
        Grade::Good => "✓",
        Grade::Inaccuracy => "?!",
        Grade::Mistake => "?",
        Grade::Blunder => "??",
    }
}

/// A judged move's mark: a button that shows the board the move at `at`
/// was played on, named by its move's `number`; on a history row (`on_chart` false)
/// with the better move beside it, on the chart a point.
pub fn grade_mark(
    on_chart: bool,
    (at, number): (usize, u32),
    grade: Grade,
    better: Option<Direction>,
    current: bool,
    dispatch: Dispatcher,
) -> impl IntoView {
    let (button, symbol_class) = if on_chart {
        ("review-point-button", "review-point")
    } else {
        ("review-mark-button", "review-mark")
    };
    let shown_better = better.filter(|_| !on_chart);
    view! {
        <button
            class=button
            aria-label=move_name(number, grade, better)
            aria-current=current.then_some("step")
            title=words::SHOW_MOVES_BOARD
            on:click=move |_| dispatch.send(Msg::View(Some(at)))
        >
            <span class=symbol_class data-grade=grade.word() data-at=at>
                {symbol(grade)}
            </span>
            {shown_better.map(|d| view! { <span class="review-better">"better: " {d.word()}</span> })}
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_named_by_its_number_grade_and_better_move() {
        assert_eq!(move_name(1, Grade::Best, None), "Move 1: best");
        assert_eq!(
            move_name(120, Grade::Blunder, Some(Direction::Up)),
            "Move 120: blunder, better up"
        );
        assert_eq!(symbol(Grade::Inaccuracy), "?!");
    }
}
