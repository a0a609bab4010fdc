//! The statistics as pictures: how often each tile was reached (bars) and
//! the recent games' scores (a line), inline SVG drawn by components, with
//! their numbers in words for screen readers. Colours come from style/.

use leptos::prelude::*;

use crate::app::words::spaced;

/// The drawing's width and height, in SVG units (it scales with the panel).
/// Whole units throughout: formatting floats would bring a float printer
/// into the page's wasm.
const W: u32 = 320;
const H: u32 = 170;
/// Room for labels: above the bars or line, below, and left of the line.
const TOP: u32 = 18;
const BOTTOM: u32 = 24;
const LEFT: u32 = 46;

/// One bar: where it stands and what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub x: u32,
    pub width: u32,
    pub y: u32,
    pub height: u32,
    pub tile: u64,
    pub percent: u32,
}

/// The bars for `(tile, share of games in whole percent)`, left to right.
pub fn bars(rates: &[(u64, u32)]) -> Vec<Bar> {
    let slot = W / (rates.len().max(1) as u32);
    let plot = H - TOP - BOTTOM;
    rates
        .iter()
        .zip(0..)
        .map(|(&(tile, percent), i)| {
            let height = plot * percent.min(100) / 100;
            Bar {
                x: slot * i + slot * 15 / 100,
                width: slot * 70 / 100,
                y: TOP + plot - height,
                height,
                tile,
                percent,
            }
        })
        .collect()
}

/// The line's points for `scores`, oldest first, scaled so the highest
/// touches the top.
pub fn points(scores: &[u64]) -> Vec<(u32, u32)> {
    let top = scores.iter().copied().max().unwrap_or(0).max(1);
    let step = (W - LEFT - 8) / (scores.len().max(2) as u32 - 1);
    let plot = H - TOP - BOTTOM;
    scores
        .iter()
        .zip(0..)
        .map(|(&s, i)| {
            let up = (u64::from(plot) * s / top) as u32;
            (LEFT + step * i, TOP + plot - up)
        })
        .collect()
}

/// A tile's value as a bar label: 1024 → "1k".
fn short(tile: u64) -> String {
    if tile >= 1024 {
        format!("{}k", tile / 1024)
    } else {
        tile.to_string()
    }
}

/// How often each tile was reached, as bars of the share of games.
#[component]
pub fn ReachChart(
    /// `(tile, share of games in whole percent)`, smallest tile first.
    rates: Memo<Vec<(u64, u32)>>,
) -> impl IntoView {
    let words = move || {
        let said: Vec<String> = rates
            .get()
            .iter()
            .map(|(tile, percent)| format!("{tile}: {percent}%"))
            .collect();
        format!(
            "Share of games that reached each tile. {}.",
            said.join(", ")
        )
    };
    let drawn = move || {
        bars(&rates.get())
            .into_iter()
            .map(|b| {
                let middle = b.x + b.width / 2;
                view! {
                    <rect class="chart-bar" x=b.x y=b.y width=b.width height=b.height></rect>
                    <text class="chart-value" x=middle y=b.y.saturating_sub(4)>{b.percent} "%"</text>
                    <text class="chart-label" x=middle y=H - 8>{short(b.tile)}</text>
                }
            })
            .collect_view()
    };
    view! {
        <figure class="chart">
            <figcaption>"How often each tile was reached"</figcaption>
            <svg class="chart-drawing reach-chart" viewBox=format!("0 0 {W} {H}") role="img" aria-label=words>
                <line class="chart-axis" x1="0" y1=H - BOTTOM x2=W y2=H - BOTTOM></line>
                {drawn}
            </svg>
        </figure>
    }
}

/// The scores of the recent games, oldest first, as a line.
#[component]
pub fn ScoreChart(
    /// The scores, oldest first.
    scores: Memo<Vec<u64>>,
) -> impl IntoView {
    let words = move || {
        let said: Vec<String> = scores.get().iter().map(|&s| spaced(s)).collect();
        format!(
            "Scores of the last {} games, oldest first: {}.",
            said.len(),
            said.join(", ")
        )
    };
    // One game is one point: drawn twice, the line's round cap makes it a
    // dot.
    let line = move || {
        let mut at = points(&scores.get());
        if at.len() == 1 {
            at.push(at[0]);
        }
        at.iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let top = move || spaced(scores.get().iter().copied().max().unwrap_or(0));
    view! {
        <figure class="chart">
            <figcaption>"Scores of the recent games"</figcaption>
            <svg class="chart-drawing score-chart" viewBox=format!("0 0 {W} {H}") role="img" aria-label=words>
                <line class="chart-axis" x1=LEFT y1=H - BOTTOM x2=W y2=H - BOTTOM></line>
                <line class="chart-axis" x1=LEFT y1=TOP x2=LEFT y2=H - BOTTOM></line>
                <text class="chart-label chart-end" x=LEFT - 4 y=TOP + 4>{top}</text>
                <text class="chart-label chart-end" x=LEFT - 4 y=H - BOTTOM>"0"</text>
                <text class="chart-label chart-start" x=LEFT y=H - 8>"oldest"</text>
                <text class="chart-label chart-end" x=W - 4 y=H - 8>"latest"</text>
                <polyline class="chart-line" points=line></polyline>
            </svg>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_stand_on_the_axis_and_scale_with_the_share() {
        let b = bars(&[(8, 100), (16, 50), (32, 0)]);
        let plot = H - TOP - BOTTOM;
        assert_eq!(b.len(), 3);
        assert_eq!((b[0].y, b[0].height), (TOP, plot));
        assert_eq!(b[1].height, plot / 2);
        assert_eq!(b[2].height, 0);
        for bar in &b {
            assert_eq!(bar.y + bar.height, H - BOTTOM, "on the axis");
            assert!(bar.x + bar.width <= W);
        }
        assert!(b[0].x < b[1].x && b[1].x < b[2].x);
    }

    #[test]
    fn the_best_score_touches_the_top() {
        let p = points(&[0, 500, 1000]);
        assert_eq!(p[2].1, TOP);
        assert_eq!(p[0].1, H - BOTTOM);
        assert_eq!(p[0].0, LEFT);
        assert!(p.iter().all(|&(x, _)| x <= W));
        assert_eq!(points(&[]), vec![]);
        assert_eq!(points(&[7]).len(), 1);
    }
}
