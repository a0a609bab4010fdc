//! Why the game on the board refuses what the player asks of it, as the
//! rules answer it ([`Refusal`]), and whether the computer may be asked
//! ([`Verdict`]). Named values, not sentences: their words are
//! `words::refusal` and `words::help_off`, said by the view.

use super::ignored::Ignored;

/// Why the game on the board refuses help or the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A daily's counted attempt: played once, unaided (no undo, redo,
    /// hint, autoplay or new game).
    CountedDaily,
    /// A race: both players play unaided.
    Race,
    /// The computer plays 4×4 boards only.
    Only4x4,
    /// The game is won: the computer waits for Keep going.
    Won,
    /// The game is over: there is no move to look for.
    Over,
}
crate::engine::names::by_name!(Refusal {
    CountedDaily,
    Race,
    Only4x4,
    Won,
    Over
});

/// Whether the computer may be asked now (`Model::asking_computer`), the
/// one answer `update` (Hint, Autoplay) and the buttons that offer them
/// read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Ask it.
    Ask,
    /// The message does nothing here (the board is read-only, the game
    /// takes no help, a hint waits for autoplay).
    Ignore(Ignored),
    /// The computer will not look at this board, and says why beside it.
    Refuse(Refusal),
}
