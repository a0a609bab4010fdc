//! The review in marks and a picture: each grade's symbol, each judged
//! move's name, and the chart of the game, the position's value move by
//! move with its mistakes and blunders as points that show their board.
//!
//! As in `charts`, the picture is data first ([`Plot`], then [`line`] and
//! [`points`], pure and tested natively), drawn by one component as inline
//! SVG in the statistics charts' classes, so both themes come from style/.
//! Each point is a real `<button>` (in a `foreignObject`), so the keyboard
//! reaches it and Enter or Space presses it without the view reading keys.

use leptos::prelude::*;

use crate::ai::review::Grade;
use crate::app::coach::Coach;
use crate::app::Msg;
use crate::engine::Direction;
use crate::view::context::{select, use_dispatcher};

/// The drawing's width and height, in SVG units (it scales with the panel);
/// whole units, as in `charts`.
const W: u32 = 320;
const H: u32 = 150;
/// Room for the labels: above, below, left and right of the plot.
const TOP: u32 = 12;
const BOTTOM: u32 = 26;
const LEFT: u32 = 46;
const RIGHT: u32 = 12;
/// The plot's height between them.
const PLOT: u32 = H - TOP - BOTTOM;
/// The side of a point's button, in SVG units: a finger's width at the
/// panel's usual width.
const HIT: u32 = 24;

/// A grade's mark, as chess annotates moves.
pub fn symbol(grade: Grade) -> &'static str {
    match grade {
        Grade::Best => "★",
        Grade::Good => "✓",
        Grade::Inaccuracy => "?!",
        Grade::Mistake => "?",
        Grade::Blunder => "??",
    }
}

/// A judged move in words: "Move 120: blunder, better up". Moves are
/// numbered as the history's rows are: the move at `at` is input `at + 1`.
pub fn move_name(at: usize, grade: Grade, better: Option<Direction>) -> String {
    let mut name = format!("Move {}: {}", at + 1, grade.word());
    if let Some(d) = better {
        name.push_str(", better ");
        name.push_str(d.word());
    }
    name
}

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
    let mut points: Vec<String> = plot
        .judged
        .iter()
        .map(|j| {
            let (x, y) = scale.place(j.n, j.value);
            format!("{x},{y}")
        })
        .collect();
    if points.len() == 1 {
        points.push(points[0].clone());
    }
    points.join(" ")
}

/// A mistake or blunder on the chart: where it is, and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    pub at: usize,
    pub x: u32,
    pub y: u32,
    pub grade: Grade,
    pub name: String,
}

/// The mistakes and blunders, in the game's order.
pub fn points(plot: &Plot) -> Vec<Point> {
    let scale = plot.scale();
    plot.judged
        .iter()
        .filter(|j| j.grade >= Grade::Mistake)
        .map(|j| {
            let (x, y) = scale.place(j.n, j.value);
            Point {
                at: j.at,
                x,
                y,
                grade: j.grade,
                name: move_name(j.at, j.grade, j.better),
            }
        })
        .collect()
}

/// The chart in words, for screen readers: the mistakes and blunders by
/// move number.
pub fn words(plot: &Plot) -> String {
    let at = |grade: Grade| -> Vec<usize> {
        let judged = plot.judged.iter().filter(|j| j.grade == grade);
        judged.map(|j| j.at + 1).collect()
    };
    let found: Vec<String> = [
        listed(&at(Grade::Mistake), "a mistake", "mistakes"),
        listed(&at(Grade::Blunder), "a blunder", "blunders"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let moves = match plot.judged.len() {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    if found.is_empty() {
        format!("No mistake or blunder in the {moves} reviewed.")
    } else {
        format!("In the {moves} reviewed: {}.", found.join("; "))
    }
}

/// "a mistake at move 12", "mistakes at moves 12, 30 and 41".
fn listed(moves: &[usize], one: &str, many: &str) -> Option<String> {
    match moves {
        [] => None,
        [only] => Some(format!("{one} at move {only}")),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(ToString::to_string).collect();
            Some(format!("{many} at moves {} and {last}", rest.join(", ")))
        }
    }
}

/// The chart of the game: the value line, its axes, and a button on each
/// mistake and blunder that shows the board it was played on.
#[component]
pub fn ReviewChart() -> impl IntoView {
    let plot = select(|m| Plot::of(&m.coach));
    let viewing = select(|m| m.viewing());
    view! {
        <figure class="chart review-figure">
            <figcaption>"The game, move by move"</figcaption>
            <svg
                class="chart-drawing review-chart"
                viewBox=format!("0 0 {W} {H}")
                role="group"
                aria-label="The position's value at each move, higher is better; each mistake and blunder is a button that shows its board"
            >
                <line class="chart-axis" x1=LEFT y1=H - BOTTOM x2=W - RIGHT y2=H - BOTTOM></line>
                <line class="chart-axis" x1=LEFT y1=TOP x2=LEFT y2=H - BOTTOM></line>
                <text class="chart-label" x=LEFT - 4 y=TOP + 4 text-anchor="end">"better"</text>
                <text class="chart-label" x=LEFT - 4 y=H - BOTTOM text-anchor="end">"worse"</text>
                <text class="chart-label" x=LEFT y=H - 6 text-anchor="start">
                    "move " {move || plot.with(|p| p.first)}
                </text>
                <text class="chart-label" x=W - RIGHT y=H - 6 text-anchor="end">
                    {move || plot.with(|p| p.last)}
                </text>
                <polyline class="chart-line review-line" points=move || plot.with(line)></polyline>
                <For each=move || plot.with(points) key=|p| p.clone() let:point>
                    <PointButton point viewing/>
                </For>
            </svg>
            <p class="visually-hidden">{move || plot.with(words)}</p>
        </figure>
    }
}

/// One mistake or blunder: a button over its point.
#[component]
fn PointButton(
    /// The point.
    point: Point,
    /// The position the board shows, if it shows the past.
    viewing: Memo<Option<usize>>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let at = point.at;
    view! {
        <foreignObject x=point.x - HIT / 2 y=point.y - HIT / 2 width=HIT height=HIT>
            <button
                class="review-point-button"
                aria-label=point.name
                aria-current=move || (viewing.get() == Some(at)).then_some("step")
                on:click=move |_| dispatch.send(Msg::View(Some(at)))
            >
                <svg class="review-dot" viewBox="0 0 24 24" aria-hidden="true">
                    <circle
                        class="review-point"
                        data-grade=point.grade.word()
                        data-at=at
                        cx="12"
                        cy="12"
                        r="5"
                    ></circle>
                </svg>
            </button>
        </foreignObject>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let names: Vec<String> = points(&p).into_iter().map(|p| p.name).collect();
        assert_eq!(
            names,
            ["Move 11: mistake, better up", "Move 13: blunder, better up"]
        );
        assert_eq!(
            words(&p),
            "In the 3 moves reviewed: a mistake at move 11; a blunder at move 13."
        );
        let many = plot((0..3).map(|n| judged(n, 0, Grade::Blunder)).collect(), 3);
        assert_eq!(
            words(&many),
            "In the 3 moves reviewed: blunders at moves 11, 12 and 13."
        );
        assert_eq!(
            words(&plot(vec![judged(0, 0, Grade::Best)], 1)),
            "No mistake or blunder in the 1 move reviewed."
        );
        assert_eq!(move_name(0, Grade::Best, None), "Move 1: best");
    }
}
