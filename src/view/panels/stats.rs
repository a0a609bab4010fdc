//! The statistics of the board size in play: the totals, then how often
//! each tile was reached and the recent games' scores as charts, with the
//! rates as a table too (collapsed).

use leptos::prelude::*;

use super::charts::{chart, reach_marks, score_marks, Mark};
use crate::app::words::{
    self, countdown, daily_result, deck_line, latest_dailies, reach_words, score_words, size,
};
use crate::app::{Model, Msg};
use crate::engine::Status;
use crate::session::stats::game_id;
use crate::view::context::{select, send_button};

/// What the panel shows, read from the model at once: one memo drawn by
/// one closure, each change rebuilt in place (so the rates table stays
/// open or closed as the reader left it).
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    /// The board size in words.
    size: String,
    /// Games played and won, best score and tile, moves.
    totals: [(&'static str, u64); 5],
    /// How often each tile from 8 up was reached: `(tile, games, share in
    /// whole percent)`.
    rates: Vec<(u64, u32, u32)>,
    /// The reach chart and the recent scores' chart, each as marks and
    /// words, once a game was played.
    charts: Option<[(Vec<Mark>, String); 2]>,
    /// The deck in a line, once it is loaded, and whether cards are due.
    deck: Option<(String, bool)>,
    /// The dailies' part.
    dailies: DailiesShown,
}

impl Shown {
    fn of(m: &Model) -> Shown {
        let s = &m.game.stats;
        let history = &m.game.own;
        let over = history.present().status == Status::Over;
        let in_play = (!over).then(|| game_id(history));
        let mut rates = s.rates();
        rates.retain(|&(tile, _, _)| tile >= 8);
        let scores: Vec<u64> = s.recent.iter().map(|g| g.score).collect();
        let charts = (s.played > 0).then(|| {
            [
                (reach_marks(&rates), reach_words(&rates)),
                (score_marks(&scores), score_words(&scores)),
            ]
        });
        Shown {
            size: size(&m.config()),
            totals: [
                (words::GAMES_PLAYED, u64::from(s.ended(in_play))),
                (words::GAMES_WON, u64::from(s.won)),
                (words::BEST_SCORE, s.best_score),
                (words::BEST_TILE, s.best_tile),
                (words::TOTAL_MOVES, s.moves),
            ],
            rates,
            charts,
            deck: m
                .learn
                .counts(m.contest.time.day)
                .map(|(cards, due, learned)| (deck_line(cards, due, learned), due > 0)),
            dailies: DailiesShown::of(m),
        }
    }
}

/// Totals, charts, and the rates table; then the dailies, with today's
/// number and the countdown to the next (its own memo, redrawn each second
/// only while this panel shows).
#[component]
pub fn StatsPanel() -> impl IntoView {
    let shown = select(Shown::of);
    let countdown = select(|m| countdown(m.contest.time.until_next()));
    view! {
        <section class="panel stats-panel" aria-label="Statistics">
            {move || shown.with(|s| panel(s, countdown))}
        </section>
    }
}

/// How many of the latest dailies the chart draws.
const DAILY_CHART: usize = 30;

/// What the dailies' part shows.
#[derive(Clone, Debug, PartialEq)]
struct DailiesShown {
    today: u32,
    totals: [(&'static str, u64); 3],
    /// The latest dailies' scores as a chart and in words, once one ended.
    chart: Option<(Vec<Mark>, String)>,
}

impl DailiesShown {
    fn of(m: &Model) -> DailiesShown {
        let d = &m.contest.dailies;
        let today = m.contest.time.today();
        let latest = &d.results[d.results.len().saturating_sub(DAILY_CHART)..];
        let scores: Vec<u64> = latest.iter().map(|r| r.score).collect();
        let said: Vec<String> = latest.iter().map(daily_result).collect();
        DailiesShown {
            today,
            totals: [
                (words::DAILIES_PLAYED, d.played() as u64),
                (words::CURRENT_STREAK, d.streak(today) as u64),
                (words::BEST_STREAK, d.best_streak() as u64),
            ],
            chart: (!latest.is_empty()).then(|| (score_marks(&scores), latest_dailies(&said))),
        }
    }
}

/// The dailies: today's number, streaks, the latest scores as a chart, and
/// the countdown to the next.
fn dailies(d: &DailiesShown, countdown: Memo<String>) -> impl IntoView {
    let chart = d
        .chart
        .clone()
        .map(|(marks, said)| chart(words::LATEST_DAILIES_CHART, said, &marks));
    view! {
        <div class="daily-stats">
            <h3>{words::DAILY_NUMBER} {d.today}</h3>
            {totals_table("daily-table", &d.totals)}
            {chart}
            <p class="daily-countdown">{move || countdown.get()}</p>
        </div>
    }
}

/// The heading, the totals, the deck (with Practice when cards are due),
/// the charts and the rates table; then the dailies.
fn panel(s: &Shown, countdown: Memo<String>) -> impl IntoView {
    let charts = s
        .charts
        .clone()
        .map(|[(reach, reach_said), (line, line_said)]| {
            view! {
                <div class="charts">
                    {chart(words::REACH_CHART, reach_said, &reach)}
                    {chart(words::SCORES_CHART, line_said, &line)}
                </div>
            }
        });
    let deck = s.deck.clone().map(|(line, due)| {
        view! {
            <p class="deck-line">
                <span>{line}</span>
                {due.then(|| send_button("practice-button", words::PRACTICE, Msg::Practice))}
            </p>
        }
    });
    view! {
        <h2>{words::STATISTICS} {s.size.clone()}</h2>
        {totals_table("stats-table", &s.totals)}
        {deck}
        {charts}
        {rates_table(&s.rates)}
        {dailies(&s.dailies, countdown)}
    }
}

/// Named totals as a table of the class `class`, a row each: the panel's
/// and the dailies' (one table, written once).
fn totals_table(class: &'static str, totals: &[(&'static str, u64)]) -> impl IntoView {
    let rows = totals.iter().map(|&(name, value)| {
        view! { <tr><th scope="row">{name}</th><td>{value}</td></tr> }
    });
    view! {
        <table class=class>
            <tbody>{rows.collect_view()}</tbody>
        </table>
    }
}

/// The tile rates as a table, collapsed under a summary.
fn rates_table(rates: &[(u64, u32, u32)]) -> impl IntoView {
    let rows = rates.iter().map(|&(tile, games, share)| {
        view! {
            <tr>
                <th scope="row">{tile}</th>
                <td>{games}</td>
                <td>{share} "%"</td>
            </tr>
        }
    });
    view! {
        <details class="stats-details">
            <summary>{words::RATES_TABLE}</summary>
            <table class="stats-rates">
                <caption>{words::REACH_CHART}</caption>
                <thead>
                    <tr>
                        <th scope="col">"Tile"</th>
                        <th scope="col">"Games"</th>
                        <th scope="col">"Share"</th>
                    </tr>
                </thead>
                <tbody>{rows.collect_view()}</tbody>
            </table>
        </details>
    }
}
