//! The statistics as pictures: how often each tile was reached (bars) and
//! the recent games' scores (a line). Each chart is data first, a list of
//! [`Mark`]s computed by a pure function and tested natively, then [`chart`]
//! draws it as inline SVG, with the numbers in words for screen readers.
//! [`draw`] is the page's one SVG painter: the review's chart
//! (`review_chart`) is marks too, its points buttons. Colours come from
//! style/.

use leptos::either::EitherOf6;
use leptos::prelude::*;

use super::grade_mark::grade_mark;
use crate::ai::review::Grade;
use crate::app::words::spaced;
use crate::engine::Direction;
use crate::view::context::use_dispatcher;

/// The drawing's width and height, in SVG units (it scales with the panel).
/// Whole units throughout: formatting floats would bring a float printer
/// into the page's wasm.
const W: u32 = 320;
const H: u32 = 170;
/// The same, as the `viewBox` writes them: static, so the markup is.
const VIEW_BOX: &str = "0 0 320 170";
/// Room for labels: above the bars or line, below, and left of the line.
const TOP: u32 = 18;
const BOTTOM: u32 = 24;
const LEFT: u32 = 46;
/// The height of the plot between them.
const PLOT: u32 = H - TOP - BOTTOM;
/// The side of a review point's button, in SVG units: a finger's width at
/// the panel's usual width.
const HIT: u32 = 24;

/// One thing a chart draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A bar standing on the axis.
    Bar {
        x: u32,
        y: u32,
        width: u32,
        height: u32,
    },
    /// A line through points, as SVG writes them (`"x,y x,y"`).
    Line(String),
    /// A point of a series drawn as a dot: the one point of a series of
    /// one, which a line cannot draw.
    Dot { x: u32, y: u32 },
    /// An axis or a rule.
    Rule { x1: u32, y1: u32, x2: u32, y2: u32 },
    /// Text, centred on `x` unless `anchor` says otherwise.
    Label {
        x: u32,
        y: u32,
        text: String,
        anchor: &'static str,
    },
    /// A reviewed move on the review's chart, centred on `x`, `y`: a button
    /// that shows the board it was played on (`grade_mark`).
    Point {
        x: u32,
        y: u32,
        at: usize,
        /// The move's number in its game.
        number: u32,
        grade: Grade,
        better: Option<Direction>,
        /// Whether the board shows that position now.
        current: bool,
    },
}

/// A chart's two axes: the x axis along `bottom` from `left` to `right`,
/// the y axis along `left` from `top` down to `bottom` (SVG units).
pub fn axes(left: u32, top: u32, right: u32, bottom: u32) -> [Mark; 2] {
    [
        Mark::Rule {
            x1: left,
            y1: bottom,
            x2: right,
            y2: bottom,
        },
        Mark::Rule {
            x1: left,
            y1: top,
            x2: left,
            y2: bottom,
        },
    ]
}

/// The bars for `(tile, games, share of games in whole percent)`, left to
/// right, each with its share above and its tile below.
pub fn reach_marks(rates: &[(u64, u32, u32)]) -> Vec<Mark> {
    let slot = W / (rates.len().max(1) as u32);
    let mut marks = vec![Mark::Rule {
        x1: 0,
        y1: H - BOTTOM,
        x2: W,
        y2: H - BOTTOM,
    }];
    for (&(tile, _, percent), i) in rates.iter().zip(0..) {
        let height = PLOT * percent.min(100) / 100;
        let (x, width) = (slot * i + slot * 15 / 100, slot * 70 / 100);
        let (middle, y) = (x + width / 2, TOP + PLOT - height);
        marks.push(Mark::Bar {
            x,
            y,
            width,
            height,
        });
        marks.push(label(
            middle,
            y.saturating_sub(4),
            format!("{percent}%"),
            "middle",
        ));
        marks.push(label(middle, H - 8, short(tile), "middle"));
    }
    marks
}

/// The line through `scores`, oldest first, scaled so the highest touches
/// the top, with its axes and their ends labelled. One game is one point,
/// drawn as a dot in the middle of the chart.
pub fn score_marks(scores: &[u64]) -> Vec<Mark> {
    let top = scores.iter().copied().max().unwrap_or(0).max(1);
    let step = (W - LEFT - 8) / (scores.len().max(2) as u32 - 1);
    let points: Vec<(u32, u32)> = (0..)
        .zip(scores)
        .map(|(i, &s)| {
            (
                LEFT + step * i,
                TOP + PLOT - (u64::from(PLOT) * s / top) as u32,
            )
        })
        .collect();
    let series = match points[..] {
        [(_, y)] => Mark::Dot {
            x: (LEFT + W) / 2,
            y,
        },
        _ => Mark::Line(
            points
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect::<Vec<_>>()
                .join(" "),
        ),
    };
    let [x_axis, y_axis] = axes(LEFT, TOP, W, H - BOTTOM);
    vec![
        x_axis,
        y_axis,
        label(
            LEFT - 4,
            TOP + 4,
            spaced(scores.iter().copied().max().unwrap_or(0)),
            "end",
        ),
        label(LEFT - 4, H - BOTTOM, "0".into(), "end"),
        label(LEFT, H - 8, "oldest".into(), "start"),
        label(W - 4, H - 8, "latest".into(), "end"),
        series,
    ]
}

fn label(x: u32, y: u32, text: String, anchor: &'static str) -> Mark {
    Mark::Label { x, y, text, anchor }
}

/// A tile's value as a bar label: 1024 → "1k".
fn short(tile: u64) -> String {
    if tile >= 1024 {
        format!("{}k", tile / 1024)
    } else {
        tile.to_string()
    }
}

/// A statistics chart: a caption, and the marks drawn as SVG named by
/// `words`, its numbers in words. A plain function drawn inside the panel's
/// one closure, rebuilt in place when the statistics change.
pub fn chart(caption: &'static str, words: String, marks: &[Mark]) -> impl IntoView {
    view! {
        <figure class="chart">
            <figcaption>{caption}</figcaption>
            <svg class="chart-drawing" viewBox=VIEW_BOX role="img" aria-label=words>
                {marks.iter().cloned().map(draw).collect_view()}
            </svg>
        </figure>
    }
}

/// One mark as SVG (the review's chart draws its axes and line with it too).
pub fn draw(mark: Mark) -> impl IntoView {
    match mark {
        Mark::Bar {
            x,
            y,
            width,
            height,
        } => EitherOf6::A(view! {
            <rect class="chart-bar" x=x y=y width=width height=height></rect>
        }),
        Mark::Line(points) => {
            EitherOf6::B(view! { <polyline class="chart-line" points=points></polyline> })
        }
        Mark::Dot { x, y } => {
            EitherOf6::F(view! { <circle class="chart-dot" cx=x cy=y r="5"></circle> })
        }
        Mark::Rule { x1, y1, x2, y2 } => {
            EitherOf6::C(view! { <line class="chart-axis" x1=x1 y1=y1 x2=x2 y2=y2></line> })
        }
        Mark::Label { x, y, text, anchor } => EitherOf6::D(view! {
            <text class="chart-label" x=x y=y text-anchor=anchor>{text}</text>
        }),
        Mark::Point {
            x,
            y,
            at,
            number,
            grade,
            better,
            current,
        } => EitherOf6::E(view! {
            <foreignObject
                x=x.saturating_sub(HIT / 2)
                y=y.saturating_sub(HIT / 2)
                width=HIT
                height=HIT
            >
                {grade_mark(true, (at, number), grade, better, current, use_dispatcher())}
            </foreignObject>
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::words::{reach_words, score_words};

    #[test]
    fn the_view_box_is_the_drawing() {
        assert_eq!(VIEW_BOX, format!("0 0 {W} {H}"));
    }

    fn bars(marks: &[Mark]) -> Vec<(u32, u32, u32, u32)> {
        marks
            .iter()
            .filter_map(|m| match *m {
                Mark::Bar {
                    x,
                    y,
                    width,
                    height,
                } => Some((x, y, width, height)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn bars_stand_on_the_axis_and_scale_with_the_share() {
        let b = bars(&reach_marks(&[(8, 4, 100), (16, 2, 50), (32, 0, 0)]));
        assert_eq!(b.len(), 3);
        assert_eq!((b[0].1, b[0].3), (TOP, PLOT));
        assert_eq!(b[1].3, PLOT / 2);
        assert_eq!(b[2].3, 0);
        for &(x, y, width, height) in &b {
            assert_eq!(y + height, H - BOTTOM, "on the axis");
            assert!(x + width <= W);
        }
        assert!(b[0].0 < b[1].0 && b[1].0 < b[2].0);
    }

    #[test]
    fn each_bar_says_its_share_and_its_tile() {
        let marks = reach_marks(&[(8, 14, 100), (2048, 1, 7)]);
        let texts: Vec<&str> = marks
            .iter()
            .filter_map(|m| match m {
                Mark::Label { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["100%", "8", "7%", "2k"]);
        assert_eq!(
            reach_words(&[(8, 14, 100), (2048, 1, 7)]),
            "Share of games that reached each tile. 8: 100%, 2048: 7%."
        );
    }

    #[test]
    fn the_best_score_touches_the_top() {
        let line = |scores: &[u64]| {
            score_marks(scores)
                .into_iter()
                .find_map(|m| match m {
                    Mark::Line(p) => Some(p),
                    _ => None,
                })
                .unwrap()
        };
        let (bottom, top) = (H - BOTTOM, TOP);
        assert_eq!(
            line(&[0, 500, 1000]),
            format!("{LEFT},{bottom} 179,{} 312,{top}", top + PLOT / 2)
        );
        assert_eq!(
            score_marks(&[7]).last(),
            Some(&Mark::Dot {
                x: (LEFT + W) / 2,
                y: top
            }),
            "one game: a dot, at the top"
        );
        assert_eq!(
            score_words(&[1204, 0]),
            "Scores of the last 2 games, oldest first: 1\u{a0}204, 0."
        );
    }
}
