//! The statistics of the board size in play.

use leptos::prelude::*;

use crate::view::select;

/// Totals, then how often each tile from 8 up was reached.
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
    view! {
        <section class="panel stats-panel" aria-label="Statistics">
            <h2>"Statistics, " {move || size.get()}</h2>
            <table class="stats-table">
                <tbody>
                    <For each=move || totals.get() key=|row| *row let:row>
                        <tr>
                            <th scope="row">{row.0}</th>
                            <td>{row.1}</td>
                        </tr>
                    </For>
                </tbody>
            </table>
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
                    <For each=move || rates.get() key=|row| *row let:row>
                        <tr>
                            <th scope="row">{row.0}</th>
                            <td>{row.1}</td>
                            <td>{row.2} "%"</td>
                        </tr>
                    </For>
                </tbody>
            </table>
        </section>
    }
}
