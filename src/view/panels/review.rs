//! The coach, at the top of the history panel: the button that reviews the
//! game, the run's progress, and what the review found: its summary, the
//! count of each grade and the chart of the game. The verdicts on single
//! moves are marks on the history's rows (`history`), drawn by
//! `grade_mark` as the chart's points are.
//!
//! The section is one memo of plain data ([`Shown`]) drawn by one closure:
//! each change rebuilds the same elements in place (Leptos compares each
//! attribute and text), so a focused button or point keeps its focus while
//! the verdicts arrive, and the page carries the code of one drawing rather
//! than of a memo and a reactive node per figure (docs/size.md). The
//! chart is drawn by `charts::draw`, the statistics charts' painter.

use leptos::prelude::*;

use super::charts::{draw, Mark};
use super::grade_mark::symbol;
use super::review_chart::{self, Plot};
use crate::ai::review::Grade;
use crate::app::review_button::ReviewButton;
use crate::app::words::{self, chance_floor, grade_count, review_summary};
use crate::app::Model;
use crate::app::Msg;
use crate::view::context::{select, send_button, use_dispatcher};
use crate::web::dispatcher::Dispatcher;

/// What the review's section shows, read from the model at once.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    /// The button (`ReviewButton::of`).
    button: ReviewButton,
    /// Moves judged and moves in the review, while a run goes on.
    running: Option<(usize, usize)>,
    /// Why the last run stopped short.
    failure: Option<String>,
    /// What the review found, once it judged a move.
    found: Option<Found>,
}

/// The review's findings: the summary, the counts, the chart.
#[derive(Clone, Debug, PartialEq)]
struct Found {
    summary: String,
    /// Each grade with its count in words ("3 mistakes"), best first.
    counts: [(Grade, String); 5],
    /// The chart.
    marks: Vec<Mark>,
    /// The chart in words.
    words: String,
    /// How low the chance went, when the chart does not reach 0%.
    floor: Option<String>,
    /// How many positions Learn from your mistakes would ask, in words,
    /// once the review is done and found any.
    learn: Option<String>,
}

impl Shown {
    fn of(m: &Model) -> Shown {
        let coach = &m.coach;
        let running = coach.running.is_some();
        let (judged, total) = coach.progress();
        let found = (judged > 0).then(|| {
            let summary = coach.summary();
            let plot = Plot::of(coach);
            Found {
                summary: review_summary(&summary),
                counts: Grade::ALL.map(|g| (g, grade_count(g, summary.count(g)))),
                marks: review_chart::marks(&plot, m.travel.viewing()),
                words: review_chart::words(&plot),
                floor: chance_floor(plot.floor() / 100),
                learn: Some(m.mistakes_to_learn())
                    .filter(|&n| n > 0)
                    .map(words::learn_count),
            }
        });
        Shown {
            button: ReviewButton::of(m),
            running: running.then_some((judged, total)),
            failure: coach.failure.clone(),
            found,
        }
    }
}

/// The review's part of the history panel.
#[component]
pub fn ReviewSection() -> impl IntoView {
    let dispatch = use_dispatcher();
    let shown = select(Shown::of);
    view! {
        <div class="review" role="group" aria-label="Review">
            {move || shown.with(|s| section(s, dispatch))}
        </div>
    }
}

/// The button (Cancel while a run goes on, the same element, so it keeps
/// the focus), the run's progress, a failure, and the findings.
fn section(s: &Shown, dispatch: Dispatcher) -> impl IntoView {
    let running = s.running.is_some();
    let msg = s.button.msg.clone();
    let progress = s.running.map(|(judged, total)| {
        view! {
            <progress class="review-progress" max=total value=judged aria-label=words::MOVES_REVIEWED></progress>
        }
    });
    view! {
        <div class="review-run">
            <button
                class=if running { "review-cancel" } else { "review-button" }
                disabled=!s.button.enabled
                on:click=move |_| dispatch.send(msg.clone())
            >
                {s.button.words.clone()}
            </button>
            {progress}
        </div>
        <p class="review-failure">{s.failure.clone()}</p>
        {s.found.as_ref().map(found)}
    }
}

/// The summary in a sentence, the count of each grade (a legend of the
/// marks' colours), Learn from your mistakes where there are any, and the
/// chart of the game: the value line, its axes, and a button on each
/// mistake and blunder that shows its board.
fn found(f: &Found) -> impl IntoView {
    let counts = f.counts.clone().map(|(grade, count)| {
        view! {
            <li data-grade=grade.word()>
                <span class="review-symbol" aria-hidden="true">{symbol(grade)}</span>
                {count}
            </li>
        }
    });
    view! {
        // Not a live region: when a run ends the page's announcer says the
        // summary once (`Model::announcement`), not at each verdict.
        <p class="review-summary">
            {f.summary.clone()}
        </p>
        <ul class="review-counts">{counts}</ul>
        {f.learn.clone().map(|count| view! {
            <p class="review-learn">
                {send_button("learn-button", words::LEARN, Msg::Learn)}
                <span class="review-learn-count">{count}</span>
            </p>
        })}
        <figure class="chart review-figure">
            <figcaption>{words::CHANCE_CAPTION}</figcaption>
            <svg
                class="chart-drawing review-chart"
                viewBox=review_chart::VIEW_BOX
                role="group"
                aria-label=words::CHANCE_CHART
            >
                {f.marks.iter().cloned().map(draw).collect_view()}
            </svg>
            {f.floor.clone().map(|words| view! { <p class="review-floor">{words}</p> })}
            <p class="visually-hidden">{f.words.clone()}</p>
        </figure>
    }
}
