//! [`Ignored`]: why `update` did nothing with a message. Each rule either
//! changes the model and returns its commands, or is ignored with one of
//! these reasons (`update::update_explained` gives it; the runtime's
//! recording keeps it beside each message, and the message log says it).

/// Why `update` did nothing with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// The board shows the past or a replay: it takes no input.
    ReadOnly,
    /// The input changes nothing (a move into a wall, nothing to undo).
    NoChange,
    /// An answer or a timer for a question no longer asked.
    Stale,
    /// Not possible here (the computer does not play this board, a replay
    /// control with no replay running).
    NotHere,
    /// Help (undo, redo, a hint, autoplay, a new game) in a game played
    /// unaided: a counted daily or a race.
    Unaided,
    /// A move in a daily or race that has ended.
    Ended,
}

impl Ignored {
    /// The reason in words, for the message log.
    pub fn words(self) -> &'static str {
        match self {
            Ignored::ReadOnly => "ignored: the board is read-only",
            Ignored::NoChange => "ignored: nothing changes",
            Ignored::Stale => "dropped: stale",
            Ignored::NotHere => "ignored: not possible here",
            Ignored::Unaided => "ignored: a counted daily or a race is played unaided",
            Ignored::Ended => "ignored: this attempt has ended",
        }
    }
}
