//! A race against a shared game, the ghost: what the ghost had at each
//! number of moves, folded once from its link's inputs when the race
//! starts, so that each of the racer's moves only looks it up.

use crate::engine::{Config, State};

use super::history::History;
use super::replay::{LinkError, Replay, MAX_INPUTS};

/// The smallest tile a race marks the first making of.
pub const FIRST_SPLIT: u64 = 128;

/// The ghost's course.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ghost {
    /// The score after each number of moves: `scores[k]` after `k` moves,
    /// `scores[0]` the start's (0).
    scores: Vec<u64>,
    /// Each tile from [`FIRST_SPLIT`] up that the ghost made, with the
    /// number of moves after which it first stood on the board.
    splits: Splits,
    /// The ghost's game, for its board at a move count.
    game: History,
    /// `inputs[k]`: after how many of its inputs the ghost had made `k`
    /// moves (a Keep going is an input but no move).
    inputs: Vec<usize>,
}

impl Ghost {
    /// The ghost of `replay`'s game, if the game plays (every input
    /// changes the state it is applied to, as `Replay::replay` checks):
    /// one `step` an input, the game kept and its course folded as it is
    /// played.
    pub fn of(replay: &Replay) -> Result<Ghost, LinkError> {
        let c = replay.config;
        if Config::new(c.width, c.height, c.target) != Some(c) {
            return Err(LinkError::NotAGameLink);
        }
        if replay.inputs.len() > MAX_INPUTS {
            return Err(LinkError::TooLong);
        }
        let mut game = History::with_luck(c, replay.seed, replay.luck);
        let mut scores = vec![game.present().score];
        let (mut splits, mut inputs) = (Splits::default(), vec![0]);
        for (i, &input) in replay.inputs.iter().enumerate() {
            let before = game.present().moves;
            if !game.apply(input) {
                return Err(LinkError::Unplayable(i));
            }
            let now = game.present();
            if now.moves > before {
                scores.push(now.score);
                inputs.push(i + 1);
                splits.observe(now.board.max_value(), now.moves);
            }
        }
        Ok(Ghost {
            scores,
            splits,
            game,
            inputs,
        })
    }

    /// How many moves the ghost made.
    pub fn moves(&self) -> u32 {
        (self.scores.len() - 1) as u32
    }

    /// The ghost's final score.
    pub fn final_score(&self) -> u64 {
        self.scores[self.scores.len() - 1]
    }

    /// The ghost's score after `moves` moves (its final score once its
    /// game is over).
    pub fn score_at(&self, moves: u32) -> u64 {
        self.scores[(moves as usize).min(self.scores.len() - 1)]
    }

    /// How far `score` after `moves` moves is ahead of the ghost after as
    /// many (behind when negative).
    pub fn lead(&self, moves: u32, score: u64) -> i64 {
        score as i64 - self.score_at(moves) as i64
    }

    /// After how many moves the ghost first had `tile`, if it ever did.
    pub fn reached(&self, tile: u64) -> Option<u32> {
        self.splits.reached(tile)
    }

    /// The ghost's board after `moves` moves (its last once its game is
    /// over): one `step` per input since the nearest checkpoint.
    pub fn state_at(&self, moves: u32) -> Option<State> {
        let k = (moves as usize).min(self.inputs.len() - 1);
        self.game.state_at(self.inputs[k])
    }

    /// Each tile from [`FIRST_SPLIT`] up the ghost made, with the moves
    /// after which it first had it.
    pub fn splits(&self) -> &Splits {
        &self.splits
    }
}

/// A game's splits: each tile from [`FIRST_SPLIT`] up that it made, in
/// order, with the number of moves after which it first stood on the
/// board. The ghost's and the racer's are kept by this one rule.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Splits(Vec<(u64, u32)>);

impl Splits {
    /// The splits of `game` up to its present: one look at each state.
    pub fn of(game: &History) -> Splits {
        let mut splits = Splits::default();
        for (_, _, state) in game.states(0, game.cursor()) {
            splits.observe(state.board.max_value(), state.moves);
        }
        splits
    }

    /// Marks the tiles the game reached first with `top` on the board after
    /// `moves` moves.
    pub fn observe(&mut self, top: u64, moves: u32) {
        let mut next = self.0.last().map_or(FIRST_SPLIT, |&(t, _)| t * 2);
        while top >= next {
            self.0.push((next, moves));
            next *= 2;
        }
    }

    /// After how many moves the game first had `tile`, if it did.
    pub fn reached(&self, tile: u64) -> Option<u32> {
        self.0.iter().find(|&&(t, _)| t == tile).map(|&(_, at)| at)
    }

    /// Every split, first made first.
    pub fn all(&self) -> &[(u64, u32)] {
        &self.0
    }
}
