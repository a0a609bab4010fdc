//! What the app asks storage for and what storage answers, as plain values:
//! [`Load`] says what to read for a board size (`Cmd::Load`), [`Saved`] is
//! what was there (`Msg::Loaded`), and [`session_from`] is the rule that
//! makes a session of it.

use super::model::Notice;
use crate::engine::{Config, State};
use crate::session::history::History;
use crate::session::stats::Stats;
use crate::session::stored::Loaded;

/// What to read for a board size, and what the answer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Load {
    /// The page's first game: the saved game, history, best and statistics
    /// (with no saved game, the one `init` began goes on).
    Start,
    /// The player chose this size: the same (with no saved game, a new
    /// one), and remember the choice.
    Switch,
    /// The best score and statistics only: the game on the board came from
    /// a link and stays.
    Records,
}

/// What storage holds for one board size.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Saved {
    pub config: Config,
    pub load: Load,
    /// The saved game (`Missing` for `Load::Records`).
    pub game: Loaded<State>,
    /// Its history (`Missing` for `Load::Records`).
    pub history: Loaded<History>,
    /// The best score stored (0 when none, or a bad one was set aside).
    pub best: u64,
    pub stats: Loaded<Stats>,
}

/// The session to play from what storage holds for a size: the saved game
/// with its history when the history ends in it; a game saved without one
/// resumes with undo starting there; nothing usable starts `fresh`. Also
/// what the player must be told, and whether to go on saving (not when a
/// bad save could not be copied aside: it is left where it is).
pub fn session_from(
    saved: &Saved,
    fresh: impl FnOnce() -> History,
) -> (History, Option<Notice>, bool) {
    let mut notice = None;
    let mut saving = true;
    let game = match &saved.game {
        Loaded::Valid(state) => Some(state),
        Loaded::Missing => None,
        Loaded::SetAside { kept, .. } => {
            notice = Some(Notice::SetAside);
            saving &= kept;
            None
        }
    };
    let history = match &saved.history {
        Loaded::Valid(h) => Some(h),
        Loaded::Missing => None,
        Loaded::SetAside { kept, .. } => {
            notice.get_or_insert(Notice::DataSetAside);
            saving &= kept;
            None
        }
    };
    let history = match (game, history) {
        (Some(game), Some(h)) if h.present() == game => h.clone(),
        (Some(game), _) => History::resume(game.clone()),
        (None, Some(h)) => h.clone(),
        (None, None) => fresh(),
    };
    (history, notice, saving)
}
