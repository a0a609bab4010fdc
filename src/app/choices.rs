//! What the settings offer: board sizes and targets. The view draws one
//! option per entry and sends the entry chosen (`Msg::ChooseSize`,
//! `Msg::ChooseTarget`); `update` accepts only these.

use std::ops::RangeInclusive;

use super::words::unreachable_target;
use crate::engine::{max_tile, Config, MAX_SIDE};

/// The sides offered. The engine plays from `MIN_SIDE` (2), but a 2×2 game
/// is over in a handful of moves, so the settings start at 3.
pub const SIDES: RangeInclusive<u8> = 3..=MAX_SIDE;

/// The targets offered; `None` is endless play.
pub const TARGETS: [Option<u64>; 5] = [Some(1024), Some(2048), Some(4096), Some(8192), None];

/// Every board size offered: squares first, then the rest, as
/// `(width, height)`.
pub fn sizes() -> Vec<(u8, u8)> {
    let squares = SIDES.map(|n| (n, n));
    let others = SIDES.flat_map(|w| SIDES.filter(move |&h| h != w).map(move |h| (w, h)));
    squares.chain(others).collect()
}

/// Whether the settings offer this size.
pub fn offered_size(width: u8, height: u8) -> bool {
    SIDES.contains(&width) && SIDES.contains(&height)
}

/// Whether the settings offer this target.
pub fn offered_target(target: Option<u64>) -> bool {
    TARGETS.contains(&target)
}

/// What to say of a target that no game on this board can reach.
pub fn target_note(config: Config) -> Option<String> {
    // A target beyond the largest tile is below 2^64, so is that tile
    // (printing a u128 would cost the page its own formatter).
    let largest = max_tile(config.width as usize * config.height as usize);
    let largest = u64::try_from(largest).ok()?;
    config
        .target
        .filter(|&t| t > largest)
        .map(|_| unreachable_target(&config, largest))
}
