//! Swipes: touch, pen and mouse drags on the board become moves.
//!
//! The gesture logic is plain data (tested natively); `web::subscriptions`
//! attaches it to the board. Both touch events and pointer events are
//! heard, because a page may get either (a real touch screen sends both, a
//! synthetic gesture only one), and a gesture seen through both is applied
//! once.

use crate::engine::Direction;

/// The event model a gesture was heard through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    Pointer,
    Touch,
}

/// Where a gesture began.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    pub x: f64,
    pub y: f64,
    /// Event timestamp, ms.
    pub t: f64,
    pub heard: Heard,
}

impl Start {
    /// The same physical gesture reported through the other event model:
    /// it began at the same point within a few milliseconds. Two gestures
    /// heard through one model are two (the page's first-game script hands
    /// over the gestures it kept all at once).
    fn same_as(&self, other: &Start) -> bool {
        self.heard != other.heard
            && (self.t - other.t).abs() < 40.0
            && (self.x - other.x).abs() < 2.0
            && (self.y - other.y).abs() < 2.0
    }
}

/// How far a finger must travel before a gesture counts: a fifth of a
/// cell, between 10 and 30 CSS pixels, so small boards need no long swipe
/// and big ones ignore a tremor.
pub fn threshold(cell_width: f64) -> f64 {
    (cell_width * 0.2).clamp(10.0, 30.0)
}

/// The direction of a gesture that moved by (`dx`, `dy`): the dominant
/// axis, if it went past `threshold`.
pub fn direction(dx: f64, dy: f64, threshold: f64) -> Option<Direction> {
    let (ax, ay) = (dx.abs(), dy.abs());
    if ax.max(ay) < threshold || ax == ay {
        return None;
    }
    Some(if ax > ay {
        if dx > 0.0 {
            Direction::Right
        } else {
            Direction::Left
        }
    } else if dy > 0.0 {
        Direction::Down
    } else {
        Direction::Up
    })
}

/// One gesture at a time, from one finger; remembers the last gesture it
/// turned into a move so the other event model's copy of it is dropped.
#[derive(Debug, Default)]
pub struct Tracker {
    start: Option<Start>,
    last: Option<Start>,
}

impl Tracker {
    /// A finger (or button) went down.
    pub fn down(&mut self, at: Start, fingers: u32) {
        // A second finger cancels the gesture: pinches are not swipes.
        self.start = (fingers <= 1).then_some(at);
    }

    /// The gesture was cancelled by the browser.
    pub fn cancel(&mut self) {
        self.start = None;
    }

    /// The finger lifted at (`x`, `y`): the move it made, if any.
    pub fn up(&mut self, x: f64, y: f64, threshold: f64) -> Option<Direction> {
        let start = self.start.take()?;
        if self.last.is_some_and(|last| last.same_as(&start)) {
            return None;
        }
        let dir = direction(x - start.x, y - start.y, threshold)?;
        self.last = Some(start);
        Some(dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f64, y: f64, t: f64) -> Start {
        Start {
            x,
            y,
            t,
            heard: Heard::Pointer,
        }
    }

    fn touched(x: f64, y: f64, t: f64) -> Start {
        Start {
            heard: Heard::Touch,
            ..at(x, y, t)
        }
    }

    #[test]
    fn the_dominant_axis_wins_past_the_threshold() {
        let table = [
            ((40.0, 5.0), Some(Direction::Right)),
            ((-40.0, 12.0), Some(Direction::Left)),
            ((3.0, 50.0), Some(Direction::Down)),
            ((-20.0, -35.0), Some(Direction::Up)),
            ((8.0, 3.0), None),
            ((20.0, 20.0), None),
        ];
        for ((dx, dy), want) in table {
            assert_eq!(direction(dx, dy, 15.0), want, "({dx}, {dy})");
        }
    }

    #[test]
    fn the_threshold_scales_with_the_cell() {
        assert_eq!(threshold(106.25), 21.25);
        assert_eq!(threshold(22.5), 10.0);
        assert_eq!(threshold(227.5), 30.0);
    }

    #[test]
    fn one_gesture_seen_twice_moves_once() {
        let mut t = Tracker::default();
        t.down(at(100.0, 100.0, 1000.0), 1);
        assert_eq!(t.up(160.0, 104.0, 20.0), Some(Direction::Right));
        // The same touch, as the other event model reports it.
        t.down(touched(100.0, 100.0, 1003.0), 1);
        assert_eq!(t.up(160.0, 104.0, 20.0), None);
        // A new gesture later is a new move.
        t.down(at(100.0, 100.0, 1400.0), 1);
        assert_eq!(t.up(100.0, 30.0, 20.0), Some(Direction::Up));
    }

    #[test]
    fn gestures_heard_through_one_model_are_each_a_move_however_close() {
        let mut t = Tracker::default();
        t.down(at(100.0, 100.0, 1000.0), 1);
        assert_eq!(t.up(160.0, 100.0, 20.0), Some(Direction::Right));
        t.down(at(100.0, 100.0, 1001.0), 1);
        assert_eq!(t.up(40.0, 100.0, 20.0), Some(Direction::Left));
    }

    #[test]
    fn a_second_finger_cancels_the_gesture() {
        let mut t = Tracker::default();
        t.down(at(100.0, 100.0, 0.0), 2);
        assert_eq!(t.up(200.0, 100.0, 20.0), None);
        t.down(at(100.0, 100.0, 500.0), 1);
        t.cancel();
        assert_eq!(t.up(200.0, 100.0, 20.0), None);
    }
}
