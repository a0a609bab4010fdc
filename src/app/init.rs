//! Where the app starts: [`init`] makes the first [`Model`] from what the
//! browser gave ([`Flags`]), and [`Saved`] is what storage holds for one
//! board size, read by the runner when `update` asks (`Effect::Load`).

use crate::engine::{Config, State};
use crate::session::history::History;
use crate::session::replay;
use crate::session::stats::Stats;
use crate::session::stored::{Loaded, Theme};

use super::computer::Computer;
use super::effect::Effect;
use super::log::Log;
use super::model::{next_seed, Mode, Model, Notice, DEFAULT_SPEED};

/// What the page was opened with: storage's first answers and the address.
#[derive(Clone, Debug, PartialEq)]
pub struct Flags {
    /// Whether storage can be used at all.
    pub storage: bool,
    /// The board size and target last chosen.
    pub settings: Loaded<Config>,
    /// The theme last chosen.
    pub theme: Option<Theme>,
    /// Whether the system asks for a dark colour scheme.
    pub system_dark: bool,
    /// The address's `?seed=` and `?replay=` values (the first of each).
    pub query: Query,
    /// The page's address without its query.
    pub page_url: String,
    /// Random bits, drawn once: the seeds of games nobody asked to replay.
    pub entropy: u64,
}

/// What the page's address asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    pub seed: Option<String>,
    pub replay: Option<String>,
}

impl Query {
    /// Reads a query string (`?seed=5&x=1`): the first of each key counts.
    pub fn parse(search: &str) -> Query {
        let mut query = Query::default();
        for pair in search.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let slot = match key {
                "seed" => &mut query.seed,
                "replay" => &mut query.replay,
                _ => continue,
            };
            slot.get_or_insert_with(|| value.to_string());
        }
        query
    }

    fn is_empty(&self) -> bool {
        self.seed.is_none() && self.replay.is_none()
    }
}

/// What to read for a board size, and what the answer is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Load {
    /// The page's first game: the saved game, history, best and statistics.
    Start,
    /// The player chose this size: the same, and remember the choice.
    Switch,
    /// The best score and statistics only: the game on the board came from
    /// a link and stays.
    Records,
}

/// What storage holds for one board size.
#[derive(Clone, Debug, PartialEq)]
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

/// The first model and what to do at once: show the theme, take the query
/// off the address, read storage, start a replay.
///
/// A link (`?replay=`) or a seed (`?seed=`) starts its own game; anything
/// wrong with either is said on the page and a fresh game starts, unsaved,
/// so the player's own game of that size stays for their next visit.
pub fn init(flags: Flags) -> (Model, Vec<Effect>) {
    let mut config = flags.settings.valid().unwrap_or_default();
    let mut link_message = None;
    let mut mode = Mode::Live;
    let from_link = if let Some(link) = &flags.query.replay {
        match replay::open(link) {
            Ok(mut h) => {
                config = h.config();
                if h.seek(0) && h.can_redo() {
                    mode = Mode::Replaying;
                }
                Some(h)
            }
            Err(e) => {
                link_message = Some(format!(
                    "This replay link cannot be opened: {}",
                    e.message()
                ));
                None
            }
        }
    } else if let Some(seed) = &flags.query.seed {
        let parsed = replay::parse_seed(seed);
        if parsed.is_none() {
            link_message = Some(
                "The seed in this link is not a whole number from 0 to \
                 18446744073709551615, so a random game has started."
                    .to_string(),
            );
        }
        parsed.map(|seed| History::new(config, seed))
    } else {
        None
    };
    let load = if flags.query.is_empty() {
        Load::Start
    } else {
        Load::Records
    };
    let saving = from_link.is_some() || link_message.is_none();
    let mut entropy = flags.entropy;
    let history = from_link.unwrap_or_else(|| History::new(config, next_seed(&mut entropy)));
    let model = Model {
        history,
        mode,
        panel: None,
        replay_speed: DEFAULT_SPEED,
        best: 0,
        stats: Stats::default(),
        theme: flags.theme,
        system_dark: flags.system_dark,
        notice: (!flags.storage).then_some(Notice::Unavailable),
        link_message,
        share: None,
        saving,
        computer: Computer::default(),
        page_url: flags.page_url,
        entropy,
        check: None,
        messages_open: false,
        log: Log::default(),
    };
    let mut effects = vec![Effect::ShowTheme(model.theme)];
    if !flags.query.is_empty() {
        effects.push(Effect::ClearQuery);
    }
    effects.push(Effect::Load(config, load));
    if mode == Mode::Replaying {
        effects.push(Effect::StartTicker {
            every_ms: 1000 / model.replay_speed,
        });
    }
    (model, effects)
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
