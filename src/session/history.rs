//! Undo, redo and time travel: a game session as its start and the list of
//! inputs applied to it. No web dependency.
//!
//! Since the whole game is [`step`] folded over inputs, a session needs no
//! more than where it began and what the player did. A [`History`] keeps
//!
//! - the start: a seeded new game, `State::new(config, seed)` (a New Game
//!   inside the session draws the next game's seed from the state's
//!   generator, so one seed and the inputs replay every game of a session);
//! - every input that changed the state, one byte each, including those
//!   undone and not yet redone (the redo tail), and the score after each
//!   (eight bytes each, so an inspector can list 10 000 rows without
//!   replaying anything);
//! - a checkpoint, a full [`State`], every [`CHECKPOINT_EVERY`] inputs, so
//!   any earlier state is at most 63 steps from a stored one;
//! - the cursor (how many inputs are in effect) and the state there, the
//!   present, cached.
//!
//! The laws, which `tests/history_laws.rs` checks:
//! - `apply(input)` records `input` only if `step` changes the state (a move
//!   into a wall is not history), and then the present is exactly
//!   `step(input, previous present)`;
//! - `undo()` after such an `apply` gives back the exact earlier state, rng
//!   included, so the tiles to come are the same as before;
//! - `redo()` after `undo()` gives back the exact state undone;
//! - `apply` after `undo` drops the redo tail: the session branches.
//!
//! # Length
//! A history holds at most [`MAX_INPUTS`] inputs. When an `apply` goes past
//! that, the oldest [`FORGET`] inputs are forgotten and the history starts
//! from the state after them (a checkpoint) rather than from a seed. This
//! keeps a session that is persisted and reloaded for weeks from growing
//! without end, and bounds the work of reading one back (see
//! [`History::from_parts`]).
//!
//! # Persisted form
//! Serialized (serde) as
//!
//! ```json
//! {"config":{"width":4,"height":4,"target":2048},"seed":7,"inputs":"ULLDNRK","cursor":5}
//! ```
//!
//! `inputs` is one character per input (`U`, `D`, `L`, `R` for the moves,
//! `N` New Game, `K` Keep Playing), redo tail included; `cursor` is how many
//! of them are in effect. A session whose tiles are drawn with the same
//! luck for everyone adds `"luck":"Same"` (`Luck`; absent, the first
//! rules'). A history that has forgotten its start writes
//! `"start":<State>` in place of `config`, `seed` and `luck`. Checkpoints are not
//! written: reading a history replays its inputs, which also checks it (see
//! [`History::from_parts`] for the rules).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{step, Config, Direction, Input, Luck, State};

/// A checkpoint is kept every this many inputs.
pub const CHECKPOINT_EVERY: usize = 64;

/// The most inputs a history holds. A persisted history with more is
/// refused; a live one forgets its oldest [`FORGET`] inputs.
pub const MAX_INPUTS: usize = 200_000;

/// How many of the oldest inputs a full history forgets at once (a multiple
/// of [`CHECKPOINT_EVERY`], so the new start is a checkpoint).
pub const FORGET: usize = 256 * CHECKPOINT_EVERY;

/// A game session: its start, the inputs applied since, and a cursor for
/// undo and redo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// The seed of the start, while the start is `State::new(config, seed)`;
    /// `None` once the start has been forgotten.
    seed: Option<u64>,
    /// Every recorded input, redo tail included.
    inputs: Vec<Input>,
    /// `scores[i]`: the score after `i + 1` inputs.
    scores: Vec<u64>,
    /// `moves[i]`: the moves of its game after `i + 1` inputs
    /// (`State::moves`).
    moves: Vec<u32>,
    /// Where each New Game is among the inputs, in order.
    new_games: Vec<usize>,
    /// `checkpoints[k]`: the state after `k * CHECKPOINT_EVERY` inputs, for
    /// every such index up to `inputs.len()`. Never empty: `checkpoints[0]`
    /// is the start.
    checkpoints: Vec<State>,
    /// How many inputs are in effect.
    cursor: usize,
    /// The state after `cursor` inputs.
    present: State,
}

/// Why a history was refused (by [`History::from_parts`] or when read back
/// from its persisted form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryError {
    /// A config that `Config::new` refuses.
    BadConfig,
    /// A start state that breaks an invariant (`State::validate`).
    BadStart(String),
    /// Neither a seed and config nor a start state, or both.
    NoStart,
    /// More than [`MAX_INPUTS`] inputs.
    TooLong,
    /// A cursor past the last input.
    CursorPastEnd,
    /// The character at this index of the persisted inputs is not an input.
    NotAnInput(usize),
    /// The input at this index (0-based) changes nothing where it is
    /// applied, so it cannot have been recorded.
    NoEffect(usize),
}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HistoryError::BadConfig => f.write_str("a board size or target out of range"),
            HistoryError::BadStart(e) => write!(f, "an impossible start: {e}"),
            HistoryError::NoStart => f.write_str("no seed, or no single start"),
            HistoryError::TooLong => f.write_str("too many inputs"),
            HistoryError::CursorPastEnd => f.write_str("cursor past the last input"),
            HistoryError::NotAnInput(i) => write!(f, "character {i} is not an input"),
            HistoryError::NoEffect(i) => write!(f, "input {i} changes nothing"),
        }
    }
}

impl std::error::Error for HistoryError {}

impl History {
    /// A session starting with `State::new(config, seed)`, nothing applied.
    /// Panics on a config `Config::new` refuses, as `State::new` does.
    pub fn new(config: Config, seed: u64) -> Self {
        Self::with_luck(config, seed, Luck::Drawn)
    }

    /// A session starting with `State::with_luck(config, seed, luck)`.
    pub fn with_luck(config: Config, seed: u64, luck: Luck) -> Self {
        Self::starting(State::with_luck(config, seed, luck), Some(seed))
    }

    /// A session that starts from `state` rather than from a seed: a game
    /// saved without its history. Undo stops at `state`, and the game cannot
    /// be shared as a link until its next New Game.
    pub fn resume(state: State) -> Self {
        Self::starting(state, None)
    }

    fn starting(start: State, seed: Option<u64>) -> Self {
        History {
            seed,
            inputs: Vec::new(),
            scores: Vec::new(),
            moves: Vec::new(),
            new_games: Vec::new(),
            present: start.clone(),
            checkpoints: vec![start],
            cursor: 0,
        }
    }

    /// The session `State::with_luck(config, seed, luck)` followed by
    /// `inputs`, with `cursor` of them in effect (the rest is the redo
    /// tail).
    ///
    /// Refused unless the config is one `Config::new` accepts, there are at
    /// most [`MAX_INPUTS`] inputs (checked before any is replayed),
    /// `cursor <= inputs.len()`, and every input changes the state it is
    /// applied to (`apply` records no other, so a list with a no-op in it
    /// was not made by a `History`: a move into a wall, a move while the win
    /// overlay is up, Keep Playing when not just won). Cost: one `step` per
    /// input.
    pub fn from_parts(
        config: Config,
        seed: u64,
        luck: Luck,
        inputs: &[Input],
        cursor: usize,
    ) -> Result<Self, HistoryError> {
        if Config::new(config.width, config.height, config.target) != Some(config) {
            return Err(HistoryError::BadConfig);
        }
        let start = State::with_luck(config, seed, luck);
        Self::rebuild(start, Some(seed), inputs, cursor)
    }

    fn rebuild(
        start: State,
        seed: Option<u64>,
        inputs: &[Input],
        cursor: usize,
    ) -> Result<Self, HistoryError> {
        if inputs.len() > MAX_INPUTS {
            return Err(HistoryError::TooLong);
        }
        if cursor > inputs.len() {
            return Err(HistoryError::CursorPastEnd);
        }
        let mut history = Self::starting(start, seed);
        history.inputs.reserve_exact(inputs.len());
        history.scores.reserve_exact(inputs.len());
        history.moves.reserve_exact(inputs.len());
        for (i, &input) in inputs.iter().enumerate() {
            let next = step(input, &history.present);
            if next == history.present {
                return Err(HistoryError::NoEffect(i));
            }
            history.push(input, next);
        }
        history.seek(cursor);
        Ok(history)
    }

    /// The state after `cursor()` inputs: what the player sees.
    pub fn present(&self) -> &State {
        &self.present
    }

    /// The board size and target of every game in the session.
    pub fn config(&self) -> Config {
        self.present.config
    }

    /// How the session's new tiles are drawn: its start's luck, which every
    /// game of the session keeps.
    pub fn luck(&self) -> Luck {
        self.checkpoints[0].luck
    }

    /// The seed the session started from: `state_at(0)` is
    /// `State::new(config(), seed)`. `None` once the start has been
    /// forgotten (see [`MAX_INPUTS`]).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// How many inputs are recorded, redo tail included.
    pub fn len(&self) -> usize {
        self.inputs.len()
    }

    /// Whether no input is recorded.
    pub fn is_empty(&self) -> bool {
        self.inputs.is_empty()
    }

    /// How many inputs are in effect: `present()` is `state_at(cursor())`.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every recorded input, redo tail (`inputs()[cursor()..]`) included.
    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// Whether there is an input to undo.
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is an undone input to redo.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.inputs.len()
    }

    /// Applies `input` to the present with [`step`]. If the state changed,
    /// drops the redo tail, records the input and returns `true`; a no-op
    /// input is not recorded and returns `false`.
    pub fn apply(&mut self, input: Input) -> bool {
        let next = step(input, &self.present);
        if next == self.present {
            return false;
        }
        self.truncate(self.cursor);
        self.push(input, next);
        if self.inputs.len() > MAX_INPUTS {
            self.forget(FORGET);
        }
        true
    }

    /// Steps back one input: the present becomes exactly the state before
    /// it. At most `CHECKPOINT_EVERY - 1` steps of replay. `false` at the
    /// start.
    pub fn undo(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.seek(self.cursor - 1);
        true
    }

    /// Re-applies the next undone input: one step. `false` with nothing to
    /// redo.
    pub fn redo(&mut self) -> bool {
        let Some(&input) = self.inputs.get(self.cursor) else {
            return false;
        };
        self.present = step(input, &self.present);
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `i`, keeping every recorded input: undo or redo
    /// many at once. `false` (and no change) if `i > len()`.
    pub fn seek(&mut self, i: usize) -> bool {
        match self.state_at(i) {
            Some(state) => {
                self.present = state;
                self.cursor = i;
                true
            }
            None => false,
        }
    }

    /// "Resume from here": makes the state after `i` inputs the present and
    /// forgets every input after it. `false` (and no change) if `i > len()`.
    pub fn branch_at(&mut self, i: usize) -> bool {
        let moved = self.seek(i);
        if moved {
            self.truncate(i);
        }
        moved
    }

    /// The state after `i` inputs, `None` if `i > len()`. Replays at most
    /// `CHECKPOINT_EVERY - 1` inputs, from the nearest checkpoint or from
    /// the present, whichever is closer below `i`.
    pub fn state_at(&self, i: usize) -> Option<State> {
        if i > self.inputs.len() {
            return None;
        }
        let k = i / CHECKPOINT_EVERY;
        let (mut state, from) = if (k * CHECKPOINT_EVERY..=i).contains(&self.cursor) {
            (self.present.clone(), self.cursor)
        } else {
            (self.checkpoints[k].clone(), k * CHECKPOINT_EVERY)
        };
        for &input in &self.inputs[from..i] {
            state = step(input, &state);
        }
        Some(state)
    }

    /// The states after `lo..=hi` inputs, each with the input that led to
    /// it (`None` for the start): one [`state_at`](Self::state_at), then a
    /// `step` per state. Empty if `lo > hi` or `hi > len()`.
    pub fn states(&self, lo: usize, hi: usize) -> Vec<(usize, Option<Input>, State)> {
        let Some(mut state) = self.state_at(lo).filter(|_| lo <= hi && hi <= self.len()) else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(hi - lo + 1);
        out.push((lo, lo.checked_sub(1).map(|j| self.inputs[j]), state.clone()));
        for i in lo + 1..=hi {
            let input = self.inputs[i - 1];
            state = step(input, &state);
            out.push((i, Some(input), state.clone()));
        }
        out
    }

    /// The score after `i` inputs, `None` if `i > len()`. No replay.
    pub fn score_at(&self, i: usize) -> Option<u64> {
        match i.checked_sub(1) {
            None => Some(self.checkpoints[0].score),
            Some(j) => self.scores.get(j).copied(),
        }
    }

    /// The moves of its game after `i` inputs (`State::moves`), `None` if
    /// `i > len()`. No replay.
    pub fn moves_at(&self, i: usize) -> Option<u32> {
        match i.checked_sub(1) {
            None => Some(self.checkpoints[0].moves),
            Some(j) => self.moves.get(j).copied(),
        }
    }

    /// Where the game that the board after `i` inputs is in ends: at its
    /// New Game (the board before it its last), or at the last input.
    pub fn game_end(&self, i: usize) -> usize {
        let after = self.new_games.partition_point(|&n| n < i);
        self.new_games
            .get(after)
            .copied()
            .unwrap_or(self.inputs.len())
    }

    /// Replays the whole session from its start and compares every stored
    /// score and move count, every checkpoint and the present with what the replay gives,
    /// and checks that every input still changes the state. `Err(i)` names
    /// the first number of inputs `i` after which they disagree (0: the
    /// start is not what the seed gives). Cost: one `step` per input.
    pub fn verify(&self) -> Result<(), usize> {
        let mut state = match self.seed {
            Some(seed) => State::with_luck(self.config(), seed, self.luck()),
            None => self.checkpoints[0].clone(),
        };
        for i in 0..=self.inputs.len() {
            if i > 0 {
                let next = step(self.inputs[i - 1], &state);
                if next == state
                    || next.score != self.scores[i - 1]
                    || next.moves != self.moves[i - 1]
                {
                    return Err(i);
                }
                state = next;
            }
            let checkpoint =
                (i % CHECKPOINT_EVERY == 0).then(|| &self.checkpoints[i / CHECKPOINT_EVERY]);
            if checkpoint.is_some_and(|c| *c != state)
                || (i == self.cursor && self.present != state)
            {
                return Err(i);
            }
        }
        Ok(())
    }

    /// The stored checkpoints, present and scores, to corrupt on purpose.
    /// Not part of the API: it exists so tests can show that [`verify`]
    /// notices a disagreement.
    ///
    /// [`verify`]: History::verify
    #[doc(hidden)]
    pub fn stored_mut_for_tests(&mut self) -> (&mut [State], &mut State, &mut [u64]) {
        (&mut self.checkpoints, &mut self.present, &mut self.scores)
    }

    /// Records `input`, which led from the present to `next`, at the end.
    /// The cursor must be at the end.
    fn push(&mut self, input: Input, next: State) {
        debug_assert_eq!(self.cursor, self.inputs.len());
        if input == Input::NewGame {
            self.new_games.push(self.inputs.len());
        }
        self.inputs.push(input);
        self.scores.push(next.score);
        self.moves.push(next.moves);
        self.cursor += 1;
        if self.cursor % CHECKPOINT_EVERY == 0 {
            self.checkpoints.push(next.clone());
        }
        self.present = next;
    }

    /// Forgets the inputs from `len` on (`len <= cursor`).
    fn truncate(&mut self, len: usize) {
        self.inputs.truncate(len);
        self.scores.truncate(len);
        self.moves.truncate(len);
        let kept = self.new_games.partition_point(|&n| n < len);
        self.new_games.truncate(kept);
        self.checkpoints.truncate(len / CHECKPOINT_EVERY + 1);
    }

    /// Forgets the first `n` inputs (a multiple of `CHECKPOINT_EVERY`, at
    /// most the cursor): the checkpoint after them becomes the start.
    fn forget(&mut self, n: usize) {
        debug_assert!(n % CHECKPOINT_EVERY == 0 && n <= self.cursor);
        self.inputs.drain(..n);
        self.scores.drain(..n);
        self.moves.drain(..n);
        let forgotten = self.new_games.partition_point(|&g| g < n);
        self.new_games.drain(..forgotten);
        self.new_games.iter_mut().for_each(|g| *g -= n);
        self.checkpoints.drain(..n / CHECKPOINT_EVERY);
        self.cursor -= n;
        self.seed = None;
    }
}

/// The persisted character of an input.
pub fn input_char(input: Input) -> char {
    match input {
        Input::Move(Direction::Up) => 'U',
        Input::Move(Direction::Down) => 'D',
        Input::Move(Direction::Left) => 'L',
        Input::Move(Direction::Right) => 'R',
        Input::NewGame => 'N',
        Input::KeepPlaying => 'K',
    }
}

/// The input a persisted character stands for.
pub fn char_input(c: u8) -> Option<Input> {
    Some(match c {
        b'U' => Input::Move(Direction::Up),
        b'D' => Input::Move(Direction::Down),
        b'L' => Input::Move(Direction::Left),
        b'R' => Input::Move(Direction::Right),
        b'N' => Input::NewGame,
        b'K' => Input::KeepPlaying,
        _ => return None,
    })
}

#[derive(Serialize)]
struct Out<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    config: Option<Config>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Luck::is_drawn")]
    luck: Luck,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<&'a State>,
    inputs: String,
    cursor: usize,
}

#[derive(Deserialize)]
struct In {
    #[serde(default)]
    config: Option<Config>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    luck: Luck,
    #[serde(default)]
    start: Option<State>,
    inputs: String,
    cursor: usize,
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let start = &self.checkpoints[0];
        Out {
            config: self.seed.map(|_| start.config),
            seed: self.seed,
            // A start state says its own luck.
            luck: if self.seed.is_some() {
                start.luck
            } else {
                Luck::Drawn
            },
            start: self.seed.is_none().then_some(start),
            inputs: self.inputs.iter().map(|&i| input_char(i)).collect(),
            cursor: self.cursor,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        In::deserialize(deserializer)?
            .into_history()
            .map_err(serde::de::Error::custom)
    }
}

impl In {
    fn into_history(self) -> Result<History, HistoryError> {
        if self.inputs.len() > MAX_INPUTS {
            return Err(HistoryError::TooLong);
        }
        let mut inputs = Vec::with_capacity(self.inputs.len());
        for (i, c) in self.inputs.bytes().enumerate() {
            inputs.push(char_input(c).ok_or(HistoryError::NotAnInput(i))?);
        }
        match (self.config, self.seed, self.start) {
            (Some(config), Some(seed), None) => {
                History::from_parts(config, seed, self.luck, &inputs, self.cursor)
            }
            (None, None, Some(start)) => {
                start.validate().map_err(HistoryError::BadStart)?;
                History::rebuild(start, None, &inputs, self.cursor)
            }
            _ => Err(HistoryError::NoStart),
        }
    }
}
