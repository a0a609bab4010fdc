//! What the page keeps in storage: whether the game on the board is saved,
//! what changed and waits to be written, and what the player is told about
//! storage (the notice, naming what was set aside). Its rules are in
//! `update/saving.rs`.

use super::notice::{Notice, Records};

/// Storage as the model sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Storage {
    /// Whether the game is saved. False for a game from a bad link (the
    /// player's own game of that size stays in storage) and after a bad
    /// save could not be copied aside (it is left where it is).
    pub saving: bool,
    /// What changed and is not yet written: written at the next idle
    /// moment, or at once when the page is hidden or closed.
    pub unsaved: Unsaved,
    /// What the player must be told about storage.
    pub notice: Option<Notice>,
}
crate::session::object::from_object!(Storage {
    saving,
    unsaved,
    notice
});

/// What changed since the last write to storage. Nothing is written on a
/// key press: the game, its history, the best score and the statistics
/// wait for an idle moment (`Msg::Idle`) or the page's end (`Msg::Hidden`),
/// so a move's cost does not grow with what is kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Unsaved {
    pub game: bool,
    pub history: bool,
    pub best: bool,
    pub stats: bool,
    /// The challenge's game (an unaided one is written at once instead).
    pub challenge: bool,
    /// The deck of positions to practise.
    pub deck: bool,
}
crate::session::object::from_object!(Unsaved {
    game,
    history,
    best,
    stats,
    challenge,
    deck
});

impl Unsaved {
    /// The game on the board's size and its history.
    pub const GAME: Unsaved = Unsaved {
        game: true,
        history: true,
        best: false,
        stats: false,
        challenge: false,
        deck: false,
    };
    /// The best score.
    pub const BEST: Unsaved = Unsaved {
        best: true,
        ..Unsaved::NONE
    };
    /// The statistics.
    pub const STATS: Unsaved = Unsaved {
        stats: true,
        ..Unsaved::NONE
    };
    /// The challenge.
    pub const CHALLENGE: Unsaved = Unsaved {
        challenge: true,
        ..Unsaved::NONE
    };
    /// The deck.
    pub const DECK: Unsaved = Unsaved {
        deck: true,
        ..Unsaved::NONE
    };
    const NONE: Unsaved = Unsaved {
        game: false,
        history: false,
        best: false,
        stats: false,
        challenge: false,
        deck: false,
    };

    /// Whether anything waits to be written.
    pub fn any(self) -> bool {
        self.game || self.history || self.best || self.stats || self.challenge || self.deck
    }
}

impl Storage {
    /// Storage at the page's start: usable or not, saving the game or not.
    pub fn at_start(usable: bool, saving: bool) -> Storage {
        Storage {
            saving,
            unsaved: Unsaved::default(),
            notice: (!usable).then_some(Notice::Unavailable),
        }
    }

    /// Marks `what` changed, to be written at the next idle moment (or when
    /// the page hides): the door other rooms' rules go through.
    pub fn mark(&mut self, what: Unsaved) {
        let u = &mut self.unsaved;
        u.game |= what.game;
        u.history |= what.history;
        u.best |= what.best;
        u.stats |= what.stats;
        u.challenge |= what.challenge;
        u.deck |= what.deck;
    }

    /// `what` was just written (asked of the runner): nothing of it waits.
    pub fn written(&mut self, what: Unsaved) {
        let u = &mut self.unsaved;
        u.game &= !what.game;
        u.history &= !what.history;
        u.best &= !what.best;
        u.stats &= !what.stats;
        u.challenge &= !what.challenge;
        u.deck &= !what.deck;
    }

    /// Everything that waits to be written, taken to be written now.
    pub fn take_unsaved(&mut self) -> Unsaved {
        std::mem::take(&mut self.unsaved)
    }

    /// Whether the player's own game is saved from now on (a game from a
    /// bad link is not).
    pub fn set_saving(&mut self, saving: bool) {
        self.saving = saving;
    }

    /// Whether storage can be used at all.
    pub fn usable(&self) -> bool {
        self.notice != Some(Notice::Unavailable)
    }

    /// Tells the player that `records` failed their checks and were set
    /// aside: the one rule for every record, whoever read it (`init` the
    /// settings, `Msg::Loaded` the rest, another tab's storage event the
    /// contest's). Added to what the notice names already; a page without
    /// storage keeps saying that instead.
    pub fn set_aside(&mut self, records: Records) {
        if records.is_empty() || !self.usable() {
            return;
        }
        let named = match self.notice {
            Some(Notice::SetAside(named)) => named,
            _ => Records::default(),
        };
        self.notice = Some(Notice::SetAside(named.and(records)));
    }
}
