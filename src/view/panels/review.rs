//! The coach, at the top of the history panel: the button that reviews the
//! game, the run's progress, and what the review found: its summary, the
//! count of each grade and the chart of the game. The verdicts on single
//! moves are marks on the history's rows (`history`).

use leptos::prelude::*;

use super::review_chart::{symbol, ReviewChart};
use crate::ai::review::Grade;
use crate::app::words::{grade_count, review_summary};
use crate::app::Msg;
use crate::view::context::{select, use_dispatcher};

/// The review button's words: "Review game" before a review and while
/// one runs (the progress counts then), "Review 12 more moves" once the
/// game went on after one, "Game reviewed" when every move is judged.
fn button_words(reviewed: bool, left: usize) -> String {
    match (reviewed, left) {
        (false, _) => "Review game".to_string(),
        (true, 0) => "Game reviewed".to_string(),
        (true, 1) => "Review 1 more move".to_string(),
        (true, n) => format!("Review {n} more moves"),
    }
}

/// The review's part of the history panel.
#[component]
pub fn ReviewSection() -> impl IntoView {
    let failure = select(|m| m.coach.failure.clone());
    let found = select(|m| m.coach.progress().0 > 0);
    view! {
        <div class="review" role="group" aria-label="Review">
            <Run/>
            {move || failure.get().map(|why| view! { <p class="review-failure">{why}</p> })}
            {move || found.get().then(|| view! { <Findings/> <ReviewChart/> })}
        </div>
    }
}

/// The review button, and while a review runs, its progress and Cancel.
#[component]
fn Run() -> impl IntoView {
    let dispatch = use_dispatcher();
    let words = select(|m| {
        let reviewed = !m.coach.moves.is_empty() && m.coach.running.is_none();
        button_words(reviewed, m.unreviewed())
    });
    let idle = select(|m| m.coach.running.is_none() && m.unreviewed() > 0);
    let running = select(|m| m.coach.running.is_some());
    let progress = select(|m| m.coach.progress());
    // Mounted once per run, its values changed in place, so a focused
    // Cancel keeps its focus while the verdicts arrive.
    let run = move || {
        view! {
            <progress
                class="review-progress"
                max=move || progress.get().1
                value=move || progress.get().0
                aria-label="Moves reviewed"
            ></progress>
            <span class="review-progress-text">
                {move || {
                    let (judged, total) = progress.get();
                    format!("Reviewing {judged} / {total} moves")
                }}
            </span>
            <button class="review-cancel" on:click=move |_| dispatch.send(Msg::CancelReview)>
                "Cancel"
            </button>
        }
    };
    view! {
        <div class="review-run">
            <button
                class="review-button"
                disabled=move || !idle.get()
                on:click=move |_| dispatch.send(Msg::Review)
            >
                {move || words.get()}
            </button>
            {move || running.get().then(run)}
        </div>
    }
}

/// The summary in a sentence, and the count of each grade: a legend of the
/// marks and the chart's colours.
#[component]
fn Findings() -> impl IntoView {
    let summary = select(|m| m.coach.summary());
    let running = select(|m| m.coach.running.is_some());
    let counts = Grade::ALL
        .iter()
        .map(|&grade| {
            view! {
                <li data-grade=grade.word()>
                    <span class="review-symbol" aria-hidden="true">{symbol(grade)}</span>
                    {move || grade_count(grade, summary.get().count(grade))}
                </li>
            }
        })
        .collect_view();
    view! {
        // Busy while the run goes on: read once it ends, not at each verdict.
        <p class="review-summary" role="status" aria-busy=move || running.get().to_string()>
            {move || review_summary(&summary.get())}
        </p>
        <ul class="review-counts">{counts}</ul>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_button_says_what_is_left() {
        assert_eq!(button_words(false, 0), "Review game");
        assert_eq!(button_words(false, 40), "Review game");
        assert_eq!(button_words(true, 1), "Review 1 more move");
        assert_eq!(button_words(true, 12), "Review 12 more moves");
        assert_eq!(button_words(true, 0), "Game reviewed");
    }
}
