//! The review in marks and a picture: each grade's symbol, each judged
//! move's name, and the chart of the game, the position's value move by
//! move with its mistakes and blunders as points that show their board.
//!
//! As in `charts`, the picture is data first: [`Plot`], then [`marks`] (the
//! axes, labels, [`line`] and [`points`]), pure and tested natively, drawn
//! by `charts::draw` as inline SVG in the statistics charts' classes, so
//! both themes come from style/. Each point is a real `<button>` (in a
//! `foreignObject`, `review::mark`), so the keyboard reaches it and Enter
//! or Space presses it without the view reading keys.

use super::charts::{axes, Mark};
use super::grade_mark::move_name;
use crate::ai::review::Grade;
use crate::app::coach::Coach;
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
    /// Its index in the history (`Reviewed::at`).
    pub at: usize,
    /// The position's value before it.
    pub value: i32,
    pub grade: Grade,
    /// The search's pick, where it was not the move played.
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
                    value: v.value,
                    grade: v.grade,
                    better: (v.best != v.played).then_some(v.best),
                })
            })
            .collect();
        let numbers = coach.moves.iter().map(|m| m.at + 1);
        Plot {
            judged,
            total: coach.moves.len(),
            first: numbers.clone().min().unwrap_or(0),
            last: numbers.max().unwrap_or(0),
        }
    }

    /// How the moves and values fall on the plot (see [`Scale`]).
    fn scale(&self) -> Scale {
        let values = |from: usize| {
            let kept = self.judged.iter().filter(move |j| j.n < from);
            kept.map(|j| i64::from(j.value))
        };
        let tail = self.total - (self.total / 10).max(1).min(self.total);
        let (lo, hi) = (values(usize::MAX).min(), values(usize::MAX).max());
        let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(0));
        let mid = values(tail).min().unwrap_or(lo);
        Scale {
            last: self.total.saturating_sub(1).max(1) as u64,
            lo,
            // A cliff: the values before the game's last tenth span less
            // than its drop, so they keep most of the height.
            mid: if mid - lo > hi - mid { mid } else { lo },
            hi,
        }
    }
}

/// Where a move falls: x over the game's moves, y from the game's highest
/// value (the top) to its lowest (the bottom). When the game's last moves
/// fall further than the rest of it spans (a lost game's value drops off a
/// cliff as the search sees the end), the rest, down to `mid`, keeps the
/// top four fifths and the drop from `mid` to `lo` the last fifth, so the
/// game's course stays readable; otherwise `mid` is `lo`.
struct Scale {
    last: u64,
    lo: i64,
    mid: i64,
    hi: i64,
}

impl Scale {
    fn place(&self, n: usize, value: i32) -> (u32, u32) {
        let x = LEFT + (u64::from(W - LEFT - RIGHT) * (n as u64).min(self.last) / self.last) as u32;
        let v = i64::from(value);
        let bulk = if self.mid == self.lo {
            PLOT
        } else {
            PLOT * 4 / 5
        };
        let y = if self.hi == self.lo {
            PLOT / 2
        } else if v >= self.mid && self.hi > self.mid {
            bulk * ((self.hi - v) * 1000 / (self.hi - self.mid)) as u32 / 1000
        } else if v >= self.mid {
            0
        } else {
            bulk + (PLOT - bulk) * ((self.mid - v) * 1000 / (self.mid - self.lo)) as u32 / 1000
        };
        (x, TOP + y)
    }
}

/// The line through the judged moves' values, as SVG writes points. One
/// move is one point: drawn twice, the line's round cap makes it a dot.
pub fn line(plot: &Plot) -> String {
    let scale = plot.scale();
    let mut points = String::new();
    for j in &plot.judged {
        let (x, y) = scale.place(j.n, j.value);
        points.push_str(&format!("{x},{y} "));
    }
    if plot.judged.len() == 1 {
        let once = points.clone();
        points.push_str(&once);
    }
    points.truncate(points.len().saturating_sub(1));
    points
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
        said.push_str(&move_name(j.at, j.grade, j.better));
        said.push_str(". ");
    }
    match said.trim() {
        "" => "No mistake or blunder.".to_string(),
        said => said.to_string(),
    }
}

/// The chart: its axes and their labels, the value line and the points,
/// drawn as the statistics charts are (`charts::draw`), so the page has one
/// SVG painter.
pub fn marks(plot: &Plot, viewing: Option<usize>) -> Vec<Mark> {
    let label = |x, y, text, anchor| Mark::Label { x, y, text, anchor };
    let [x_axis, y_axis] = axes(LEFT, TOP, W - RIGHT, H - BOTTOM);
    let mut marks = vec![
        x_axis,
        y_axis,
        label(LEFT - 4, TOP + 4, "better".into(), "end"),
        label(LEFT - 4, H - BOTTOM, "worse".into(), "end"),
        label(LEFT, H - 6, format!("move {}", plot.first), "start"),
        label(W - RIGHT, H - 6, plot.last.to_string(), "end"),
        Mark::Line(line(plot)),
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
    fn the_line_spans_the_game_and_the_values() {
        let p = plot(
            vec![
                judged(0, 500, Grade::Best),
                judged(1, 1000, Grade::Good),
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
            line(&plot(vec![judged(0, 7, Grade::Best)], 3)),
            format!("{LEFT},{0} {LEFT},{0}", TOP + PLOT / 2),
            "one move: a dot, halfway up"
        );
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
    fn a_cliff_at_the_end_leaves_the_game_most_of_the_height() {
        let mut game: Vec<Judged> = (0..9)
            .map(|n| judged(n, 1000 - 10 * n as i32, Grade::Good))
            .collect();
        game.push(judged(9, -100_000, Grade::Blunder));
        let scale = plot(game.clone(), 10).scale();
        let ys: Vec<u32> = game.iter().map(|j| scale.place(j.n, j.value).1).collect();
        let bulk = PLOT * 4 / 5;
        assert_eq!(ys[0], TOP);
        assert_eq!(ys[8], TOP + bulk, "the lowest before the cliff");
        assert_eq!(ys[9], TOP + PLOT, "the cliff's foot");
        assert!(ys[4] > ys[3] && ys[4] < ys[5]);
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
                    at, grade, better, ..
                } => Some(move_name(at, grade, better)),
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
