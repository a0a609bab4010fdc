//! The session around one game: everything the page keeps of it, as plain
//! data with no web dependency, tested natively.
//!
//! - [`history`]: undo, redo and time travel: the session as its seed and
//!   the inputs applied, with checkpoints.
//! - [`daily`]: the daily game's calendar: its number on a local day, its
//!   seed and its game.
//! - [`dailies`]: the results of the player's counted dailies, and their
//!   streaks.
//! - [`contest`]: a daily's attempt or a race, as storage keeps it.
//! - [`deck`]: positions of the player's games to practise, each asked
//!   again at Leitner's intervals; [`deck_as_stored`], the deck in the
//!   app's model and messages written as storage writes it.
//! - [`replay`]: share links (size, target, seed and every input, packed
//!   URL-safe and checksummed) and `?seed=N`.
//! - [`puzzle`]: puzzle links (`?replay=LINK&puzzle=N`): a shared game
//!   replayed from its seed and stopped before its `N`-th move.
//! - [`race`]: a race against a shared game: the ghost's score at each
//!   move count and the moves at which it first made each tile, folded
//!   once.
//! - [`stats`]: games played and won, best tile, moves and tile rates per
//!   board size.
//! - [`save`]: the JSON formats of everything stored, and the checks a
//!   stored value must pass before it is trusted.
//! - [`object`]: the model's structs that only session files hold, read
//!   from their JSON objects by one reader.
//! - [`stored`]: what reading storage can find and writing it can meet,
//!   as values (`Loaded`, `Problem`), and the theme choice.

pub mod contest;
pub mod dailies;
pub mod daily;
pub mod deck;
pub mod deck_as_stored;
pub mod history;
pub mod object;
pub mod puzzle;
pub mod race;
pub mod replay;
pub mod save;
pub mod stats;
pub mod stored;
