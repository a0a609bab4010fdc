//! The player's dailies: each counted attempt's result, and the streaks
//! they make. Plain data with no web dependency; `save` writes it and
//! checks it on the way in.
//!
//! A daily counts once it has ended (game over, or Finish): its number,
//! score, top tile and moves are kept here. The current streak is the run
//! of consecutive numbers ending today, or yesterday while today's is not
//! played yet; a skipped day breaks it.

use serde::{Deserialize, Serialize};

/// How many dailies' results are kept (about three years).
pub const KEPT: usize = 1000;

/// One counted daily's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyResult {
    pub number: u32,
    pub score: u64,
    pub top: u64,
    pub moves: u32,
}

/// Every counted daily's result, by number, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dailies {
    pub results: Vec<DailyResult>,
}

impl Dailies {
    /// The result of daily #`number`, if its attempt has ended.
    pub fn result(&self, number: u32) -> Option<&DailyResult> {
        self.results.iter().find(|r| r.number == number)
    }

    /// Keeps `result`, unless that day's is kept already (an attempt counts
    /// once). Returns whether it was kept.
    pub fn record(&mut self, result: DailyResult) -> bool {
        if self.result(result.number).is_some() {
            return false;
        }
        let at = self.results.partition_point(|r| r.number < result.number);
        self.results.insert(at, result);
        if self.results.len() > KEPT {
            self.results.remove(0);
        }
        true
    }

    /// How many dailies were played to their end.
    pub fn played(&self) -> usize {
        self.results.len()
    }

    /// The run of consecutive dailies ending at `today`, or at yesterday's
    /// while today's is not played: 0 when yesterday's was skipped too.
    pub fn streak(&self, today: u32) -> usize {
        let end = if self.result(today).is_some() {
            today
        } else {
            today.saturating_sub(1)
        };
        let mut n = 0;
        for r in self.results.iter().rev().skip_while(|r| r.number > end) {
            if r.number + n as u32 != end {
                break;
            }
            n += 1;
        }
        n
    }

    /// The longest run of consecutive dailies ever played.
    pub fn best_streak(&self) -> usize {
        let mut best = 0;
        let mut run = 0;
        let mut last = None;
        for r in &self.results {
            run = if last.is_some_and(|l: u32| l + 1 == r.number) {
                run + 1
            } else {
                1
            };
            best = best.max(run);
            last = Some(r.number);
        }
        best
    }

    /// What must hold of stored results: numbers from 1, strictly rising,
    /// at most [`KEPT`], tiles powers of two.
    pub fn validate(&self) -> Result<(), String> {
        if self.results.len() > KEPT {
            return Err("too many dailies".into());
        }
        let rising = self.results.windows(2).all(|w| w[0].number < w[1].number);
        if !rising || self.results.first().is_some_and(|r| r.number == 0) {
            return Err("daily numbers out of order".into());
        }
        if self
            .results
            .iter()
            .any(|r| r.top != 0 && !r.top.is_power_of_two())
        {
            return Err("a top tile that is no tile".into());
        }
        Ok(())
    }
}
