//! What the page tells the player about what the outside did: storage's
//! [`Notice`] (naming each [`Record`] set aside) and how a result card
//! went out ([`Sent`]). Plain values; their words are in `words`.

use crate::session::stored::Problem;

/// What the player is told about storage.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Notice {
    /// No storage: nothing will be kept.
    Unavailable,
    /// A write failed; the last good save stays.
    WriteFailed,
    /// Saved data failed its checks and was set aside (copied to its
    /// `:corrupt` key, not deleted): which, in the order found.
    SetAside(Vec<Record>),
}

/// A kind of saved data, as the notice names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Record {
    Game,
    History,
    Stats,
    Settings,
    Challenge,
    Dailies,
}

impl From<Problem> for Notice {
    fn from(problem: Problem) -> Self {
        match problem {
            Problem::Unavailable => Notice::Unavailable,
            Problem::WriteFailed => Notice::WriteFailed,
        }
    }
}

/// How a result card went out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Sent {
    /// The system's share sheet took it.
    Shared,
    /// The clipboard holds it.
    Copied,
    /// Neither is there: it is shown, selectable, to copy by hand.
    Shown,
}
