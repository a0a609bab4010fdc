//! Statistics of one board size: games played and won, best score and tile,
//! moves made, and how often each tile was reached. No web dependency; the
//! view feeds it every state the player reaches and `storage` keeps it.
//!
//! A game is known by its id (see [`game_id`]): the same game seen again
//! after an undo, a redo or a reload is not counted twice. A game counts as
//! played from its first move. Undo does not take anything back: a tile
//! reached and undone was still reached, and moves undone were still made.

use serde::{Deserialize, Serialize};

use crate::engine::{Input, State, Status};
use crate::session::history::History;

/// How many recent games are remembered: so that undoing back into one of
/// them (across a New Game) does not count it again, and for the chart of
/// recent scores.
pub const RECENT: usize = 20;

/// The statistics of one board size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Games with at least one move.
    pub played: u32,
    /// Games that reached their target.
    pub won: u32,
    /// Moves made, in every game, undone ones included.
    pub moves: u64,
    /// The best final or running score of any game.
    pub best_score: u64,
    /// The largest tile of any game (0 before any).
    pub best_tile: u64,
    /// `reached[k]`: how many games made a tile of 2^(k+1).
    pub reached: Vec<u32>,
    /// The games seen last, newest last.
    pub recent: Vec<Seen>,
}

/// What has been counted of one recent game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    pub id: u64,
    pub moves: u32,
    pub tile: u64,
    pub won: bool,
    /// The game's score when last seen (0 in statistics saved before it
    /// was kept).
    #[serde(default)]
    pub score: u64,
}

/// The id of the game in progress at the history's cursor: the seed its
/// first state would give a New Game, a function of that state's generator,
/// so it is the same every time the game is seen.
pub fn game_id(history: &History) -> u64 {
    let played = &history.inputs()[..history.cursor()];
    let start = played
        .iter()
        .rposition(|&i| i == Input::NewGame)
        .map_or(0, |j| j + 1);
    history
        .state_at(start)
        .map_or(0, |state| state.next_game_seed())
}

impl Stats {
    /// Counts what `state`, a state of game `id`, adds. Returns whether
    /// anything changed.
    pub fn observe(&mut self, id: u64, state: &State) -> bool {
        if state.moves == 0 {
            return false;
        }
        let before = self.clone();
        let index = match self.recent.iter().position(|s| s.id == id) {
            Some(i) => i,
            None => {
                self.played = self.played.saturating_add(1);
                if self.recent.len() == RECENT {
                    self.recent.remove(0);
                }
                self.recent.push(Seen {
                    id,
                    moves: 0,
                    tile: 0,
                    won: false,
                    score: 0,
                });
                self.recent.len() - 1
            }
        };
        let seen = &mut self.recent[index];
        seen.score = seen.score.max(state.score);
        if state.moves > seen.moves {
            self.moves = self.moves.saturating_add((state.moves - seen.moves) as u64);
            seen.moves = state.moves;
        }
        let top = state.board.tiles().map(|t| t.value).max().unwrap_or(0);
        while seen.tile < top {
            seen.tile = if seen.tile == 0 { 2 } else { seen.tile * 2 };
            let k = seen.tile.trailing_zeros() as usize - 1;
            if self.reached.len() <= k {
                self.reached.resize(k + 1, 0);
            }
            self.reached[k] = self.reached[k].saturating_add(1);
        }
        if matches!(state.status, Status::Won | Status::Continuing) && !seen.won {
            seen.won = true;
            self.won = self.won.saturating_add(1);
        }
        self.best_score = self.best_score.max(state.score);
        self.best_tile = self.best_tile.max(top);
        *self != before
    }

    /// How many games have ended, as "Games played" counts them: those
    /// played but the one in play, `in_play` (its id, while it is not over).
    /// A game ends at its game over, or when another begins after it.
    pub fn ended(&self, in_play: Option<u64>) -> u32 {
        let playing = in_play.is_some_and(|id| self.recent.iter().any(|s| s.id == id));
        self.played - u32::from(playing)
    }

    /// How many games made each tile, from 2 up to the best, and what
    /// share of the games played that is: `(tile, games, whole percent,
    /// rounded half up)`.
    pub fn rates(&self) -> Vec<(u64, u32, u32)> {
        self.reached
            .iter()
            .enumerate()
            .map(|(k, &n)| {
                let percent = (n as u64 * 200 + self.played as u64)
                    .checked_div(2 * self.played as u64)
                    .unwrap_or(0);
                (2u64 << k, n, percent as u32)
            })
            .collect()
    }

    /// Whether these could be statistics this module wrote: no more wins or
    /// reached tiles than games, tiles that are powers of two, at most
    /// [`RECENT`] recent games.
    pub fn validate(&self) -> Result<(), String> {
        if self.won > self.played {
            return Err("more games won than played".into());
        }
        if self.reached.len() > 64 || self.reached.iter().any(|&n| n > self.played) {
            return Err("a tile reached in more games than were played".into());
        }
        if self.recent.len() > RECENT {
            return Err("too many recent games".into());
        }
        let power = |t: u64| t == 0 || (t.is_power_of_two() && t >= 2);
        if !power(self.best_tile) || self.recent.iter().any(|s| !power(s.tile)) {
            return Err("a tile that is not a power of two".into());
        }
        Ok(())
    }
}
