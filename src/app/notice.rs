//! What the page tells the player about what the outside did: storage's
//! [`Notice`] (naming each [`Record`] set aside) and how a result card
//! went out ([`Sent`]). Plain values; their words are in `words`.

use crate::session::stored::Problem;

/// What the player is told about storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Notice {
    /// No storage: nothing will be kept.
    Unavailable,
    /// A write failed; the last good save stays.
    WriteFailed,
    /// Saved data failed its checks and was set aside (copied to its
    /// `:corrupt` key, not deleted): which.
    SetAside(Records),
}
crate::session::object::from_tagged!(Notice { Unavailable, WriteFailed, SetAside(_) });

/// A kind of saved data, as the notice names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    Game,
    History,
    Stats,
    Settings,
    Challenge,
    Dailies,
    /// The best score (after the others, so that the sets written before
    /// keep their bits).
    Best,
    /// The deck of positions to practise (after the best score, for the
    /// same reason).
    Deck,
}
crate::engine::names::by_name!(Record {
    Game,
    History,
    Stats,
    Settings,
    Challenge,
    Dailies,
    Best,
    Deck
});

impl Record {
    /// Every kind, in the order the notice names them.
    pub const ALL: [Record; 8] = [
        Record::Game,
        Record::History,
        Record::Best,
        Record::Stats,
        Record::Settings,
        Record::Challenge,
        Record::Dailies,
        Record::Deck,
    ];
}

/// A set of kinds of saved data.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Records(u8);

impl Records {
    /// The set of `records`.
    pub fn of(records: &[Record]) -> Records {
        Records(records.iter().fold(0, |bits, &r| bits | 1 << r as u8))
    }

    /// Both sets in one.
    pub fn and(self, other: Records) -> Records {
        Records(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `record` is in the set.
    pub fn contains(self, record: Record) -> bool {
        self.0 & 1 << record as u8 != 0
    }

    /// The set's kinds, in the order of [`Record::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Record> {
        Record::ALL.into_iter().filter(move |&r| self.contains(r))
    }
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// The system's share sheet took it.
    Shared,
    /// The clipboard holds it.
    Copied,
    /// Neither is there: it is shown, selectable, to copy by hand.
    Shown,
}
crate::engine::names::by_name!(Sent {
    Shared,
    Copied,
    Shown
});

/// Which of the card's buttons sent it out last: Share (the share sheet,
/// else the clipboard) or Copy (the clipboard).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SentBy {
    #[default]
    Share,
    Copy,
}
crate::engine::names::by_name!(SentBy { Share, Copy });
