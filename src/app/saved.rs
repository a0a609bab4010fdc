//! What the app asks storage for and what storage answers, as plain values:
//! [`Load`] says what to read for a board size (`Cmd::Load`), [`Saved`] is
//! what was there (`Msg::Loaded`), and [`session_from`] is the rule that
//! makes a session of it.
//!
//! Every record of play goes this one way, the game's and the contest's
//! alike: asked by `Cmd::Load`, read (and, when it fails its checks, set
//! aside) by the runner, answered as one `Msg::Loaded`, and told to the
//! player by one rule (`Storage::set_aside`). `Flags` carry only what
//! chooses what to load and how the first frame looks: the size and the
//! theme.

use super::notice::{Record, Records};
use crate::engine::{Config, State};
use crate::session::contest::SavedChallenge;
use crate::session::dailies::Dailies;
use crate::session::history::History;
use crate::session::stats::Stats;
use crate::session::stored::Loaded;

/// What to read for a board size, and what the answer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load {
    /// The page's first game: the saved game, history, best and statistics
    /// (with no saved game, the one `init` began goes on), and the
    /// contest's records.
    Start,
    /// The player chose this size: the same (with no saved game, a new
    /// one), and remember the choice.
    Switch,
    /// The best score and statistics, and the contest's records: the game
    /// on the board came from a link and stays.
    Records,
}
crate::engine::names::by_name!(Load {
    Start,
    Switch,
    Records
});

impl Load {
    /// Whether this is the page's first load, which also reads the
    /// contest's records (read once: they are of no size).
    pub fn first(self) -> bool {
        self != Load::Switch
    }
}

/// What storage holds for one board size.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Saved {
    pub config: Config,
    pub load: Load,
    /// The saved game (`Missing` for `Load::Records`).
    pub game: Loaded<State>,
    /// Its history (`Missing` for `Load::Records`).
    pub history: Loaded<History>,
    /// The best score stored (one that failed its checks is set aside and
    /// named in the notice, as every record is).
    pub best: Loaded<u64>,
    pub stats: Loaded<Stats>,
    /// The daily's attempt or the race in play (`Missing` for
    /// `Load::Switch`).
    pub challenge: Loaded<SavedChallenge>,
    /// The counted dailies' results (`Missing` for `Load::Switch`).
    pub dailies: Loaded<Dailies>,
}
crate::session::object::from_object!(Saved {
    config,
    load,
    game,
    history,
    best,
    stats,
    challenge,
    dailies
});

impl Saved {
    /// What failed its checks and was set aside.
    pub fn records_set_aside(&self) -> Records {
        let found = [
            (Record::Game, self.game.was_set_aside()),
            (Record::History, self.history.was_set_aside()),
            (Record::Best, self.best.was_set_aside()),
            (Record::Stats, self.stats.was_set_aside()),
            (Record::Challenge, self.challenge.was_set_aside()),
            (Record::Dailies, self.dailies.was_set_aside()),
        ];
        let records: Vec<Record> = found.iter().filter(|f| f.1).map(|f| f.0).collect();
        Records::of(&records)
    }
}

/// The session to play from what storage holds for a size: the saved game
/// with its history when the history ends in it; a game saved without one
/// resumes with undo starting there; nothing usable starts `fresh`. Also
/// whether to go on saving (not when a bad save could not be copied aside:
/// it is left where it is).
pub fn session_from(saved: &Saved, fresh: impl FnOnce() -> History) -> (History, bool) {
    let saving = !saved.game.lost() && !saved.history.lost();
    let history = match (saved.game.valid_ref(), saved.history.valid_ref()) {
        (Some(game), Some(h)) if h.present() == game => h.clone(),
        (Some(game), _) => History::resume(game.clone()),
        (None, Some(h)) => h.clone(),
        (None, None) => fresh(),
    };
    (history, saving)
}
