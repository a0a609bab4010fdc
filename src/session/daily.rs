//! The daily game's calendar: one game a day, the same for everyone.
//!
//! Daily #1 is 1 January 2026 in the player's own calendar, and the number
//! goes up by one at each local midnight, as Wordle's does: so 25 November
//! 2026 is #329. Daily #N's game is a 4×4 game to 2048 from the seed
//! [`seed`]`(N)`, its new tiles drawn with the same luck for everyone
//! (`Luck::Same`), so every player of #N meets the same 2s and 4s.
//!
//! Only the calendar and the game are here; the page's local date comes
//! from the web edge as plain numbers.

use crate::engine::{Config, Luck};

use super::history::History;

/// A day of the (proleptic Gregorian) calendar.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Day {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

/// The day of daily #1.
pub const FIRST: Day = Day {
    year: 2026,
    month: 1,
    day: 1,
};

fn leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Day {
    /// The day, if the calendar has it.
    pub fn new(year: i32, month: u8, day: u8) -> Option<Day> {
        ((1..=12).contains(&month) && (1..=days_in_month(year, month)).contains(&day))
            .then_some(Day { year, month, day })
    }

    /// The day after this one.
    pub fn next(self) -> Day {
        if self.day < days_in_month(self.year, self.month) {
            Day {
                day: self.day + 1,
                ..self
            }
        } else if self.month < 12 {
            Day {
                month: self.month + 1,
                day: 1,
                ..self
            }
        } else {
            Day {
                year: self.year + 1,
                month: 1,
                day: 1,
            }
        }
    }

    /// Days since 1 January 1970, negative before it (the civil-to-days
    /// count of the proleptic Gregorian calendar, in 400-year eras).
    fn days(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year =
            (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }
}

/// The daily's number on `day`: 1 on [`FIRST`], one more each day after;
/// `None` before it.
pub fn number(day: Day) -> Option<u32> {
    let n = day.days() - FIRST.days() + 1;
    u32::try_from(n).ok().filter(|&n| n >= 1)
}

/// The seed of daily #`n`: the `n`-th number of SplitMix64 started from 0
/// (its finaliser of `n × 0x9E3779B97F4A7C15`; #1 is `0xe220a8397b1dcdaf`).
/// Fixed for good: changing it would change every daily's game.
pub fn seed(n: u32) -> u64 {
    let mut z = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Daily #`n`'s game, nothing played: 4×4 to 2048 from [`seed`]`(n)`, with
/// the same luck for everyone.
pub fn game(n: u32) -> History {
    History::with_luck(Config::default(), seed(n), Luck::Same)
}

/// Which daily up to #`upto` starts from `history`'s start, if one does:
/// its seed, 4×4 to 2048, the same luck for everyone.
pub fn number_of(history: &History, upto: u32) -> Option<u32> {
    let seed = history.seed()?;
    let start = game(1);
    if history.config() != start.config() || history.luck() != start.luck() {
        return None;
    }
    (1..=upto).find(|&n| self::seed(n) == seed)
}
