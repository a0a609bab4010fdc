//! The rules of storage: what is unsaved is written when the page is idle
//! or hidden; a failed write is said once; a best score another tab stored
//! is taken.

use super::super::ignored::Ignored;
use super::super::model::{Model, Notice};
use super::common::{write_unsaved, Outcome};
use crate::engine::Config;
use crate::session::stored::Problem;

/// The page is idle, or hidden: write what is unsaved.
pub fn flush(model: &mut Model) -> Outcome {
    if !model.unsaved.any() {
        return Err(Ignored::NoChange);
    }
    Ok(write_unsaved(model))
}

/// A write failed: say so, once (no storage at all is said already).
pub fn save_failed(model: &mut Model, problem: Problem) -> Outcome {
    let notice = Notice::from(problem);
    if model.notice == Some(notice) || model.notice == Some(Notice::Unavailable) {
        return Err(Ignored::NoChange);
    }
    model.notice = Some(notice);
    Ok(Vec::new())
}

/// A best score another tab stored: taken if it is of this size and higher.
pub fn best_elsewhere(model: &mut Model, config: Config, best: u64) -> Outcome {
    if !config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    if best <= model.best {
        return Err(Ignored::NoChange);
    }
    model.best = best;
    Ok(Vec::new())
}
