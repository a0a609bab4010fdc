//! The review in marks and a picture: each grade's symbol, each judged
//! move's name, and the chart of the game, the chance of making the next tile each move
//! kept (0 to 100%), with its mistakes and blunders as points that show
//! their board.
//!
//! As in `charts`, the picture is data first: [`Plot`], then [`marks`] (the
//! axes, labels, [`line`] and [`points`]), pure and tested natively, drawn
//! by `charts::draw` as inline SVG in the statistics charts' classes, so
//! both themes come from style/. Each point is a real `<button>` (in a
//! `foreignObject`, `review::mark`), so the keyboard reaches it and Enter
//! or Space presses it without the view reading keys.

use super::charts::{axes, Mark};
use crate::ai::review::{Grade, CERTAIN};
use crate::app::coach::Coach;
use crate::app::words::{self, move_name};
use crate::engine::Direction;

/// The drawing's width and height, in SVG units (it scales with the panel);
/// whole units, as in `charts`.
const W: u32 = 320;
const H: u32 = 150;
/// The same, as the `viewBox` writes them.
pub const VIEW_BOX: &str = "0 0 320 150";
/// Room for the labels: above, below, left and right of the plot.
const TOP: u32 = 12;
const BOTTOM: u32 = 26;
const LEFT: u32 = 46;
const RIGHT: u32 = 12;
/// The plot's height between them.
const PLOT: u32 = H - TOP - BOTTOM;

/// A judged move, as the chart draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Its place in the game under review, from 0.
    pub n: usize,
    /// Its index in the history (`MoveInReview::at`).
    pub at: usize,
    /// Its number in its game (`MoveInReview::number`).
    pub number: u32,
    /// The chance the move kept, in basis points.
    pub value: i32,
    pub grade: Grade,
    /// The move that keeps more of the chance, where one does.
    pub better: Option<Direction>,
}

/// What the chart shows: the judged moves, how many moves the game under
/// review has (so the x axis holds still while a review runs), and the
/// numbers of its first and last moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plot {
    pub judged: Vec<Judged>,
    pub total: usize,
    pub first: usize,
    pub last: usize,
}

impl Plot {
    pub fn of(coach: &Coach) -> Plot {
        let judged = (0..)
            .zip(&coach.moves)
            .filter_map(|(n, m)| {
                let v = m.verdict?;
                Some(Judged {
                    n,
                    at: m.at,
                    number: m.number,
                    value: v.kept,
                    grade: v.grade,
                    better: v.shown_better(),
                })
            })
            .collect();
        let numbers = coach.moves.iter().map(|m| m.number as usize);
        Plot {
            judged,
            total: coach.moves.len(),
            first: numbers.clone().min().unwrap_or(0),
            last: numbers.max().unwrap_or(0),
        }
    }

    /// How the moves and chances fall on the plot (see [`Scale`]).
    fn scale(&self) -> Scale {
        Scale {
            last: self.total.saturating_sub(1).max(1) as u64,
            floor: self.floor(),
        }
    }

    /// The chart's bottom, in basis points: the lowest chance a judged move
    /// kept, down to a whole 10%, and at most 90%, so the line fills the
    /// plot where the chance moved (a strong game is not a flat line on the
    /// top axis).
    pub fn floor(&self) -> i32 {
        let lowest = self.judged.iter().map(|j| j.value.clamp(0, CERTAIN)).min();
        let tenth = CERTAIN / 10;
        (lowest.unwrap_or(0) / tenth * tenth).min(CERTAIN - tenth)
    }
}

/// Where a move falls: x over the game's moves, y from a certain chance
/// (100%, the top) to the chart's floor (the bottom).
struct Scale {
    last: u64,
    floor: i32,
}

impl Scale {
    fn place(&self, n: usize, value: i32) -> (u32, u32) {
        let x = LEFT + (u64::from(W - LEFT - RIGHT) * (n as u64).min(self.last) / self.last) as u32;
        let lost = (CERTAIN - value.clamp(self.floor, CERTAIN)) as u32;
        (x, TOP + PLOT * lost / (CERTAIN - self.floor) as u32)
    }
}

/// The line through the judged moves' chances, as SVG writes points.
pub fn line(plot: &Plot) -> String {
    let scale = plot.scale();
    let points: Vec<String> = plot
        .judged
        .iter()
        .map(|j| {
            let (x, y) = scale.place(j.n, j.value);
            format!("{x},{y}")
        })
        .collect();
    points.join(" ")
}

/// The chance's series: its line, or the one judged move as a dot.
fn series(plot: &Plot) -> Mark {
    match plot.judged[..] {
        [j] => {
            let (x, y) = plot.scale().place(j.n, j.value);
            Mark::Dot { x, y }
        }
        _ => Mark::Line(line(plot)),
    }
}

/// The mistakes and blunders, in the game's order, as buttons on the
/// chart; the one at `viewing` is the position the board shows.
pub fn points(plot: &Plot, viewing: Option<usize>) -> Vec<Mark> {
    let scale = plot.scale();
    plot.judged
        .iter()
        .filter(|j| j.grade >= Grade::Mistake)
        .map(|j| {
            let (x, y) = scale.place(j.n, j.value);
            Mark::Point {
                x,
                y,
                at: j.at,
                number: j.number,
                grade: j.grade,
                better: j.better,
                current: viewing == Some(j.at),
            }
        })
        .collect()
}

/// The chart in words, for screen readers: its mistakes and blunders in
/// the game's order, each named as its point is ("Move 12: mistake,
/// better up. Move 30: blunder, better left.").
pub fn words(plot: &Plot) -> String {
    let mut said = String::new();
    for j in plot.judged.iter().filter(|j| j.grade >= Grade::Mistake) {
        said.push_str(&move_name(j.number, j.grade, j.better));
        said.push_str(". ");
    }
    match said.trim() {
        "" => words::NO_MISTAKE.to_string(),
        said => said.to_string(),
    }
}

/// The chart: its axes and their labels, the chance's line and the points,
/// drawn as the statistics charts are (`charts::draw`), so the page has one
/// SVG painter.
pub fn marks(plot: &Plot, viewing: Option<usize>) -> Vec<Mark> {
    let label = |x, y, text, anchor| Mark::Label { x, y, text, anchor };
    let [x_axis, y_axis] = axes(LEFT, TOP, W - RIGHT, H - BOTTOM);
    let mut marks = vec![
        x_axis,
        y_axis,
        label(LEFT - 4, TOP + 4, "100%".into(), "end"),
        label(
            LEFT - 4,
            H - BOTTOM,
            format!("{}%", plot.floor() / 100),
            "end",
        ),
        label(LEFT, H - 6, format!("move {}", plot.first), "start"),
        label(W - RIGHT, H - 6, plot.last.to_string(), "end"),
        series(plot),
    ];
    marks.extend(points(plot, viewing));
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_box_is_the_drawing() {
        assert_eq!(VIEW_BOX, format!("0 0 {W} {H}"));
    }

    fn judged(n: usize, value: i32, grade: Grade) -> Judged {
        Judged {
            n,
            at: n + 10,
            number: n as u32 + 11,
            value,
            grade,
            better: (grade != Grade::Best).then_some(Direction::Up),
        }
    }

    fn plot(judged: Vec<Judged>, total: usize) -> Plot {
        Plot {
            judged,
            total,
            first: 11,
            last: 10 + total,
        }
    }

    #[test]
    fn the_line_spans_the_game_and_the_chance_from_none_to_certain() {
        let p = plot(
            vec![
                judged(0, CERTAIN / 2, Grade::Best),
                judged(1, CERTAIN, Grade::Good),
                judged(4, 0, Grade::Blunder),
            ],
            5,
        );
        let (top, bottom, right) = (TOP, TOP + PLOT, W - RIGHT);
        let middle = LEFT + (W - LEFT - RIGHT) / 4;
        assert_eq!(
            line(&p),
            format!("{LEFT},{} {middle},{top} {right},{bottom}", TOP + PLOT / 2)
        );
        assert_eq!(
            series(&plot(vec![judged(0, CERTAIN, Grade::Best)], 3)),
            Mark::Dot { x: LEFT, y: TOP },
            "one move: a dot, at the top for a certain chance"
        );
    }

    #[test]
    fn a_strong_game_fills_the_plot_from_its_lowest_chance() {
        let strong = plot(
            vec![
                judged(0, 9_900, Grade::Best),
                judged(1, 9_350, Grade::Good),
                judged(2, CERTAIN, Grade::Best),
            ],
            3,
        );
        assert_eq!(strong.floor(), 9_000, "the lowest, 93.5%, down to 90%");
        let right = W - RIGHT;
        let middle = LEFT + (W - LEFT - RIGHT) / 2;
        assert_eq!(
            line(&strong),
            format!(
                "{LEFT},{} {middle},{} {right},{TOP}",
                TOP + PLOT / 10,
                TOP + PLOT * 65 / 100
            ),
            "99% a tenth down, 93.5% near the bottom"
        );
        let labels: Vec<String> = marks(&strong, None)
            .into_iter()
            .filter_map(|m| match m {
                Mark::Label { text, .. } => Some(text),
                _ => None,
            })
            .collect();
        assert_eq!(
            labels[..2],
            ["100%", "90%"],
            "the axis says where it starts"
        );
        let all_certain = plot(
            vec![
                judged(0, CERTAIN, Grade::Best),
                judged(1, CERTAIN, Grade::Best),
            ],
            2,
        );
        assert_eq!(
            all_certain.floor(),
            9_000,
            "at most 90%: the plot keeps a height"
        );
        assert_eq!(line(&all_certain), format!("{LEFT},{TOP} {right},{TOP}"));
    }

    #[test]
    fn the_chart_draws_its_line_and_a_point_per_mistake_the_shown_one_current() {
        let p = plot(
            vec![
                judged(0, 10, Grade::Mistake),
                judged(1, 5, Grade::Good),
                judged(2, 0, Grade::Blunder),
            ],
            3,
        );
        let drawn = marks(&p, Some(12));
        assert!(drawn.contains(&Mark::Line(line(&p))));
        let points: Vec<(usize, Grade, bool)> = drawn
            .into_iter()
            .filter_map(|m| match m {
                Mark::Point {
                    at, grade, current, ..
                } => Some((at, grade, current)),
                _ => None,
            })
            .collect();
        assert_eq!(
            points,
            [(10, Grade::Mistake, false), (12, Grade::Blunder, true)]
        );
    }

    #[test]
    fn mistakes_and_blunders_are_points_named_by_move() {
        let p = plot(
            vec![
                judged(0, 10, Grade::Mistake),
                judged(1, 5, Grade::Inaccuracy),
                judged(2, 0, Grade::Blunder),
            ],
            3,
        );
        let names: Vec<String> = points(&p, None)
            .into_iter()
            .filter_map(|m| match m {
                Mark::Point {
                    number,
                    grade,
                    better,
                    ..
                } => Some(move_name(number, grade, better)),
                _ => None,
            })
            .collect();
        assert_eq!(
            names,
            ["Move 11: mistake, better up", "Move 13: blunder, better up"]
        );
        assert_eq!(
            words(&p),
            "Move 11: mistake, better up. Move 13: blunder, better up."
        );
        assert_eq!(
            words(&plot(vec![judged(0, 0, Grade::Best)], 1)),
            "No mistake or blunder."
        );
    }
}
