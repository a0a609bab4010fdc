//! The statistics of the board size in play: the totals, then how often
//! each tile was reached and the recent games' scores as charts, with the
//! rates as a table too (collapsed).

use leptos::prelude::*;

use super::charts::{reach_marks, reach_words, score_marks, score_words, Chart};
use crate::app::words::size;
use crate::view::context::select;

/// How often each tile from 8 up was reached: `(tile, games, share in whole
/// percent)`.
fn rates() -> Memo<Vec<(u64, u32, u32)>> {
    select(|m| {
        let mut rates = m.stats.rates();
        rates.retain(|&(tile, _, _)| tile >= 8);
        rates
    })
}

/// Totals, charts, and the rates table.
#[component]
pub fn StatsPanel() -> impl IntoView {
    let size = select(|m| size(&m.config()));
    let played = select(|m| m.stats.played > 0);
    let rates = rates();
    view! {
        <section class="panel stats-panel" aria-label="Statistics">
            <h2>"Statistics, " {move || size.get()}</h2>
            {totals()}
            {move || played.get().then(|| charts(rates))}
            {rates_table(rates)}
        </section>
    }
}

/// Games played and won, best score and tile, moves.
fn totals() -> impl IntoView {
    let totals = select(|m| {
        let s = &m.stats;
        [
            ("Games played", u64::from(s.played)),
            ("Games won", u64::from(s.won)),
            ("Best score", s.best_score),
            ("Best tile", s.best_tile),
            ("Total moves", s.moves),
        ]
    });
    let rows = move || {
        totals
            .get()
            .map(|(name, value)| view! { <tr><th scope="row">{name}</th><td>{value}</td></tr> })
            .collect_view()
    };
    view! {
        <table class="stats-table">
            <tbody>{rows}</tbody>
        </table>
    }
}

/// The reach chart and the recent scores' chart.
fn charts(rates: Memo<Vec<(u64, u32, u32)>>) -> impl IntoView {
    let scores = select(|m| m.stats.recent.iter().map(|s| s.score).collect::<Vec<_>>());
    let reach = Memo::new(move |_| rates.with(|r| reach_marks(r)));
    let reach_said = Memo::new(move |_| rates.with(|r| reach_words(r)));
    let line = Memo::new(move |_| scores.with(|s| score_marks(s)));
    let line_said = Memo::new(move |_| scores.with(|s| score_words(s)));
    view! {
        <div class="charts">
            <Chart caption="How often each tile was reached" words=reach_said marks=reach/>
            <Chart caption="Scores of the recent games" words=line_said marks=line/>
        </div>
    }
}

/// The tile rates as a table, collapsed under a summary.
fn rates_table(rates: Memo<Vec<(u64, u32, u32)>>) -> impl IntoView {
    let rows = move || {
        rates
            .get()
            .into_iter()
            .map(|(tile, games, share)| {
                view! {
                    <tr>
                        <th scope="row">{tile}</th>
                        <td>{games}</td>
                        <td>{share} "%"</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <details class="stats-details">
            <summary>"Tile rates as a table"</summary>
            <table class="stats-rates">
                <caption>"How often each tile was reached"</caption>
                <thead>
                    <tr>
                        <th scope="col">"Tile"</th>
                        <th scope="col">"Games"</th>
                        <th scope="col">"Share"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </details>
    }
}
