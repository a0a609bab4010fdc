//! The message log: the last [`RECORD_LEN`] messages and what `update` made
//! of each. It is the page's recording, which the debugger replays
//! (`app::debugger::Recording`), and the history panel's "Messages" view
//! shows its newest [`SHOWN`]. It shows the fold at work:
//! `Play(Move(Left))` → no command (the move is marked unsaved), `Idle` →
//! `SaveGame, SaveHistory`, `AiAnswered(#12, left)` → dropped: stale.
//!
//! It keeps each message itself, not its words: they are made when the log
//! is shown (`Msg::label`, in the history panel's chunk), so a key press
//! formats nothing.

use std::collections::VecDeque;

use super::cmd::Logged;
use super::msg::Msg;

/// How many messages the log keeps: the page's recording.
pub const RECORD_LEN: usize = 5000;

/// How many of them the history panel's message log shows, newest first.
pub const SHOWN: usize = 200;

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

/// One message and its outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The message's number since the page opened (from 1).
    pub n: u64,
    /// The message, boxed: a message is as big as its biggest kind (an
    /// AI's answer), most are small, and the log keeps 5 000.
    pub msg: Box<Msg>,
    /// The commands `update` returned, as the log keeps them.
    pub cmds: Vec<Logged>,
    /// Why nothing happened, if nothing did.
    pub ignored: Option<Ignored>,
    /// The subscriptions it started (`+idle`), stopped (`−ticker`) or
    /// restarted (`~clock`): Elm's `subscriptions` at work.
    pub subs: Vec<(char, &'static str)>,
}

impl Entry {
    /// What `update` made of the message, in words: its commands (as the
    /// message log says them), or why it was ignored.
    pub fn outcome(&self) -> String {
        match self.ignored {
            Some(why) => why.words().to_string(),
            None if self.cmds.is_empty() => "no commands".to_string(),
            None => said(&self.cmds),
        }
    }

    /// What it did to the subscriptions, in words (`+idle −ticker`), with
    /// the outcome, if it did anything.
    pub fn outcome_and_subs(&self) -> String {
        let mut text = self.outcome();
        for (sign, name) in &self.subs {
            text.push_str(&format!(" {sign}{name}"));
        }
        text
    }
}

/// Commands in words, as the message log says them.
pub fn said(cmds: &[Logged]) -> String {
    cmds.iter()
        .map(|c| c.label())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The last messages, oldest first. Only whether it is open is written
/// with the model (the debugger's diff would show the rest change at
/// every message).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Log {
    #[serde(skip)]
    entries: VecDeque<Entry>,
    #[serde(skip)]
    count: u64,
    /// Whether the history panel shows the log.
    pub open: bool,
}

impl Log {
    /// Records a message and its outcome (the commands it gave, in words,
    /// or why it was ignored), forgetting the oldest past [`RECORD_LEN`].
    pub fn record(
        &mut self,
        msg: Msg,
        cmds: Vec<Logged>,
        ignored: Option<Ignored>,
        subs: Vec<(char, &'static str)>,
    ) {
        self.count += 1;
        if self.entries.len() == RECORD_LEN {
            self.entries.pop_front();
        }
        self.entries.push_back(Entry {
            n: self.count,
            msg: Box::new(msg),
            cmds,
            ignored,
            subs,
        });
    }

    /// The entries, newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().rev()
    }

    /// The entries, oldest first.
    pub fn oldest_first(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// The entry the next message will push out, if the log is full.
    pub fn leaving(&self) -> Option<&Entry> {
        self.entries
            .front()
            .filter(|_| self.entries.len() == RECORD_LEN)
    }

    /// An empty log that numbers its next message `count + 1`.
    pub fn counted(count: u64, open: bool) -> Log {
        Log {
            entries: VecDeque::new(),
            count,
            open,
        }
    }

    /// How many messages were recorded since the page opened.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The latest entry.
    pub fn latest(&self) -> Option<&Entry> {
        self.entries.back()
    }
}
