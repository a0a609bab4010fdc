//! The statistics of the board size in play: the totals, then how often
//! each tile was reached and the recent games' scores as charts, with the
//! rates as a table too (collapsed).

use leptos::prelude::*;

use super::charts::{reach_marks, reach_words, score_marks, score_words, Chart};
use crate::view::select;

/// Totals, charts, and the rates table.
#[component]
pub fn StatsPanel() -> impl IntoView {
    let size = select(|m| format!("{}×{}", m.config().width, m.config().height));
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
    let rates = select(|m| {
        let mut rates = m.stats.rates();
        rates.retain(|&(tile, _, _)| tile >= 8);
        rates
    });
    let shares =
        Memo::new(move |_| rates.with(|r| r.iter().map(|&(t, _, p)| (t, p)).collect::<Vec<_>>()));
    let scores = select(|m| m.stats.recent.iter().map(|s| s.score).collect::<Vec<_>>());
    let reach = Memo::new(move |_| shares.with(|s| reach_marks(s)));
    let reach_said = Memo::new(move |_| shares.with(|s| reach_words(s)));
    let line = Memo::new(move |_| scores.with(|s| score_marks(s)));
    let line_said = Memo::new(move |_| scores.with(|s| score_words(s)));
    let played = select(|m| m.stats.played > 0);
    view! {
        <section class="panel stats-panel" aria-label="Statistics">
            <h2>"Statistics, " {move || size.get()}</h2>
            <table class="stats-table">
                <tbody>
                    {move || {
                        totals
                            .get()
                            .map(|(name, value)| {
                                view! {
                                    <tr>
                                        <th scope="row">{name}</th>
                                        <td>{value}</td>
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
            {move || {
                played
                    .get()
                    .then(|| view! {
                        <div class="charts">
                            <Chart caption="How often each tile was reached" words=reach_said marks=reach/>
                            <Chart caption="Scores of the recent games" words=line_said marks=line/>
                        </div>
                    })
            }}
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
                    <tbody>
                        {move || {
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
                        }}
                    </tbody>
                </table>
            </details>
        </section>
    }
}
