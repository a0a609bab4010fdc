//! What every reachable state satisfies. `step` keeps these; a state read
//! from outside (a save, a link) is accepted only if it satisfies them.

use std::collections::HashSet;

use super::{Origin, State, Status, MAX_SIDE, MIN_SIDE};

/// The most score a game on a board of `cells` cells can hold: every tile
/// of value 2^k has earned at most (k − 1)·2^k (built from 2s by merges),
/// and the fullest board holds 4, 8, …, 2^(cells + 1). Saturates at u64::MAX.
pub fn max_score(cells: usize) -> u64 {
    (2..=cells as u32 + 1)
        .map(|k| (k as u128 - 1) << k)
        .sum::<u128>()
        .min(u64::MAX as u128) as u64
}

/// The largest tile a board of `cells` cells can hold: 2^(cells + 1).
pub fn max_tile(cells: usize) -> u128 {
    1u128 << (cells + 1).min(127)
}

/// Score a board's tiles could have earned at most: Σ (k − 1)·2^k.
fn score_bound(state: &State) -> u128 {
    state
        .board
        .tiles()
        .map(|t| (t.value.trailing_zeros() as u128).saturating_sub(1) * t.value as u128)
        .sum()
}

impl State {
    /// Checks every invariant of a reachable state, naming the first that
    /// fails.
    pub fn validate(&self) -> Result<(), String> {
        self.check_config()?;
        self.check_board_shape()?;
        self.check_tiles()?;
        self.check_score()?;
        self.check_status()
    }

    /// The board size is in range and the target, if any, a power of two
    /// from 8 up.
    fn check_config(&self) -> Result<(), String> {
        let c = self.config;
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&c.width) || !side.contains(&c.height) {
            return Err(format!("board size {}x{} out of range", c.width, c.height));
        }
        if let Some(t) = c.target {
            if t < 8 || !t.is_power_of_two() {
                return Err(format!("target {t} is not a power of two from 8 up"));
            }
        }
        Ok(())
    }

    /// The board has the game's size, and its cells and tiles agree.
    fn check_board_shape(&self) -> Result<(), String> {
        let c = self.config;
        if (self.board.width(), self.board.height()) != (c.width, c.height) {
            return Err(format!(
                "board is {}x{} but the game is {}x{}",
                self.board.width(),
                self.board.height(),
                c.width,
                c.height
            ));
        }
        if !self.board.is_well_formed() {
            return Err("cells and tile positions disagree with the board size".into());
        }
        Ok(())
    }

    /// Every tile's value is a power of two the board can hold, and every
    /// id (a tile's own and those of the tiles it merged from) was handed
    /// out and appears once.
    fn check_tiles(&self) -> Result<(), String> {
        let cells = self.config.width as usize * self.config.height as usize;
        let mut ids = HashSet::new();
        for tile in self.board.tiles() {
            if tile.value < 2 || !tile.value.is_power_of_two() {
                return Err(format!("tile value {} is not a power of two", tile.value));
            }
            if tile.value as u128 > max_tile(cells) {
                return Err(format!(
                    "tile value {} is beyond this board's range",
                    tile.value
                ));
            }
            let mut own = vec![tile.id];
            if let Origin::Merged { from } = tile.origin {
                own.extend(from.iter().map(|s| s.id));
            }
            for id in own {
                if id.0 >= self.next_id || !ids.insert(id) {
                    return Err(format!(
                        "tile id {} is repeated or not yet handed out",
                        id.0
                    ));
                }
            }
        }
        Ok(())
    }

    /// The score is no more than the tiles could have earned.
    fn check_score(&self) -> Result<(), String> {
        if self.score as u128 > score_bound(self) {
            return Err(format!(
                "score {} is more than these tiles could earn",
                self.score
            ));
        }
        Ok(())
    }

    /// The status agrees with the board: not over while a move is left,
    /// not playing on without one, won or continuing only with the target
    /// tile made, and no longer playing once it is.
    fn check_status(&self) -> Result<(), String> {
        let max = self.board.max_value();
        let can_move = self.board.can_move();
        let reached = self.config.target.is_some_and(|t| max >= t);
        match self.status {
            Status::Over if can_move => Err("game over with a move left".into()),
            Status::Playing | Status::Continuing if !can_move => {
                Err("still playing with no move left".into())
            }
            Status::Won | Status::Continuing if !reached => {
                Err("won without the target tile".into())
            }
            Status::Playing if reached => {
                Err("playing on with the target tile made but not won".into())
            }
            _ => Ok(()),
        }
    }
}
