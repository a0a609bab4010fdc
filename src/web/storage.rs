//! localStorage: the only module that touches it. Every key is namespaced
//! and versioned (`leptos-2048:v1:…`, listed in docs/saved-data.md), every value goes
//! through [`crate::session::save`]'s checks on the way in, and every failure is a
//! value, never a panic or an uncaught exception.
//!
//! All of it goes through `web_sys::Storage`, not gloo-storage. Measured
//! reasons: gloo-storage's `get` and `delete` throw a JavaScript exception
//! when the browser's storage throws (they `expect_throw` web-sys's
//! `Result`), and an uncaught exception is exactly what a broken storage must
//! not cause here; and its `set` serializes with serde_json, a second JSON
//! library in the wasm (0.7 KB gzip) beside serde-json-core, which `save`
//! reads and writes with.

use crate::app::{Load, Saved};
use crate::engine::{Config, State};
use crate::session::contest::SavedChallenge;
use crate::session::dailies::Dailies;
use crate::session::deck::Deck;
use crate::session::history::History;
use crate::session::save::{self, Invalid};
use crate::session::stats::Stats;
use crate::session::stored::{Loaded, Problem, Theme};

/// Namespace and format version of every key.
pub const PREFIX: &str = "leptos-2048:v1";

/// The key suffix for a board size: none for the default 4×4, `:WxH` else.
fn size_suffix(config: Config) -> String {
    if config.same_size(Config::default()) {
        String::new()
    } else {
        format!(":{}x{}", config.width, config.height)
    }
}

/// Where the game in progress of this size is kept.
pub fn game_key(config: Config) -> String {
    format!("{PREFIX}:game{}", size_suffix(config))
}

/// Where the best score of this size is kept.
pub fn best_key(config: Config) -> String {
    format!("{PREFIX}:best{}", size_suffix(config))
}

/// Where the history (undo, redo, the inspector) of this size's game is kept.
pub fn history_key(config: Config) -> String {
    format!("{PREFIX}:history{}", size_suffix(config))
}

/// Where the statistics of this size are kept.
pub fn stats_key(config: Config) -> String {
    format!("{PREFIX}:stats{}", size_suffix(config))
}

/// Where the board size and target last chosen are kept.
pub const SETTINGS_KEY: &str = "leptos-2048:v1:settings";

/// Where the daily's attempt or the race in play is kept.
pub const CONTEST_KEY: &str = "leptos-2048:v1:contest";

/// Where the counted dailies' results are kept.
pub const DAILIES_KEY: &str = "leptos-2048:v1:dailies";

/// Where the deck of positions to practise is kept.
pub const DECK_KEY: &str = "leptos-2048:v1:deck";

/// Where the player's choice of theme is kept.
pub const THEME_KEY: &str = "leptos-2048:v1:theme";

/// The stored JSON of a theme: its name as a string, `"light"` or `"dark"`.
fn theme_json(theme: Theme) -> String {
    format!("\"{}\"", theme.name())
}

/// Where a value that failed its checks is set aside for inspection.
pub fn corrupt_key(key: &str) -> String {
    format!("{key}:corrupt")
}

/// A handle on localStorage, or on its absence.
#[derive(Clone, Copy, Debug)]
pub struct Store {
    available: bool,
}

impl Store {
    /// Opens localStorage, checking that it can be read at all.
    pub fn open() -> Self {
        let available = raw().is_some_and(|s| s.get_item(PREFIX).is_ok());
        Store { available }
    }

    pub fn available(&self) -> bool {
        self.available
    }

    fn read(&self, key: &str) -> Option<String> {
        if !self.available {
            return None;
        }
        raw()?.get_item(key).ok().flatten()
    }

    /// Decodes the value at `key`; a value that fails is copied to its
    /// `…:corrupt` key, never silently dropped.
    fn load<T>(&self, key: &str, decode: impl FnOnce(&str) -> Result<T, Invalid>) -> Loaded<T> {
        match self.read(key) {
            Some(text) => take(key, &text, decode),
            None => Loaded::Missing,
        }
    }

    /// The saved game of `config`'s size (of any target).
    pub fn load_game(&self, config: Config) -> Loaded<State> {
        self.load(&game_key(config), |text| {
            let state = save::decode(text)?;
            if !state.config.same_size(config) {
                return Err(Invalid::Impossible(
                    "a game of another size under this key".into(),
                ));
            }
            Ok(state)
        })
    }

    /// The saved history of `config`'s size.
    pub fn load_history(&self, config: Config) -> Loaded<History> {
        self.load(&history_key(config), |text| {
            save::decode_history(text, config)
        })
    }

    /// The statistics of `config`'s size.
    pub fn load_stats(&self, config: Config) -> Loaded<Stats> {
        self.load(&stats_key(config), save::decode_stats)
    }

    /// The board size and target last chosen.
    pub fn load_settings(&self) -> Loaded<Config> {
        self.load(SETTINGS_KEY, save::decode_config)
    }

    /// What is stored for `config`'s size: for `Load::Records` only the
    /// best score and statistics (the saved game is not read, so not set
    /// aside either); at the page's first load, the contest's records too.
    pub fn load_saved(&self, config: Config, load: Load) -> Saved {
        let session = load != Load::Records;
        let first = load.first();
        Saved {
            config,
            load,
            game: if session {
                self.load_game(config)
            } else {
                Loaded::Missing
            },
            history: if session {
                self.load_history(config)
            } else {
                Loaded::Missing
            },
            best: self.load_best(config),
            stats: self.load_stats(config),
            challenge: if first {
                self.load_challenge()
            } else {
                Loaded::Missing
            },
            dailies: if first {
                self.load_dailies()
            } else {
                Loaded::Missing
            },
        }
    }

    /// Saves the history of the game in progress.
    pub fn save_history(&self, history: &History) -> Result<(), Problem> {
        self.write(
            &history_key(history.config()),
            &save::encode_history(history),
        )
    }

    /// Saves the statistics of `config`'s size.
    pub fn save_stats(&self, config: Config, stats: &Stats) -> Result<(), Problem> {
        self.write(&stats_key(config), &save::encode_stats(stats))
    }

    /// Remembers the board size and target chosen.
    pub fn save_settings(&self, config: Config) -> Result<(), Problem> {
        self.write(SETTINGS_KEY, &save::encode_config(config))
    }

    /// Writes `value` at `key`: every write goes through here.
    fn write(&self, key: &str, value: &str) -> Result<(), Problem> {
        if !self.available {
            return Err(Problem::Unavailable);
        }
        raw()
            .ok_or(Problem::Unavailable)?
            .set_item(key, value)
            .map_err(|_| Problem::WriteFailed)
    }

    /// The best score of `config`'s size.
    pub fn load_best(&self, config: Config) -> Loaded<u64> {
        self.load(&best_key(config), |text| save::decode_best(text, config))
    }

    /// Saves the game in progress.
    pub fn save_game(&self, state: &State) -> Result<(), Problem> {
        self.write(&game_key(state.config), &save::encode(state))
    }

    /// Raises the stored best score to `best`; never lowers it (another tab
    /// may have written a higher one).
    pub fn save_best(&self, config: Config, best: u64) -> Result<(), Problem> {
        if !self.available {
            return Err(Problem::Unavailable);
        }
        // Read as every record is: one that fails its checks is set aside
        // (to its `:corrupt` key) before this one takes its place.
        if let Loaded::Valid(stored) = self.load_best(config) {
            if stored >= best {
                return Ok(());
            }
        }
        self.write(&best_key(config), &save::encode_best(best))
    }
}

impl Store {
    /// The daily's attempt or the race in play.
    pub fn load_challenge(&self) -> Loaded<SavedChallenge> {
        self.load(CONTEST_KEY, save::decode_challenge)
    }

    /// The daily's attempt or the race another tab wrote (a `storage`
    /// event's new value), read as `load_challenge` reads it.
    pub fn challenge_written(text: &str) -> Loaded<SavedChallenge> {
        take(CONTEST_KEY, text, save::decode_challenge)
    }

    /// The best score another tab wrote for `config`'s size, read as
    /// `load_best` reads it.
    pub fn best_written(text: &str, config: Config) -> Loaded<u64> {
        take(&best_key(config), text, |t| save::decode_best(t, config))
    }

    /// Stores the daily's attempt or the race in play.
    pub fn save_challenge(&self, challenge: &SavedChallenge) -> Result<(), Problem> {
        self.write(CONTEST_KEY, &save::encode_challenge(challenge))
    }

    /// The counted dailies' results.
    pub fn load_dailies(&self) -> Loaded<Dailies> {
        self.load(DAILIES_KEY, save::decode_dailies)
    }

    /// Stores the counted dailies' results.
    pub fn save_dailies(&self, dailies: &Dailies) -> Result<(), Problem> {
        self.write(DAILIES_KEY, &save::encode_dailies(dailies))
    }
}

impl Store {
    /// The deck of positions to practise.
    pub fn load_deck(&self) -> Loaded<Deck> {
        self.load(DECK_KEY, save::decode_deck)
    }

    /// The deck another tab wrote (a `storage` event's new value), read as
    /// `load_deck` reads it.
    pub fn deck_written(text: &str) -> Loaded<Deck> {
        take(DECK_KEY, text, save::decode_deck)
    }

    /// Stores the deck of positions to practise.
    pub fn save_deck(&self, deck: &Deck) -> Result<(), Problem> {
        self.write(DECK_KEY, &save::encode_deck(deck))
    }
}

impl Store {
    /// The theme the player chose, if any. Anything else stored there is
    /// ignored (a theme is not worth a notice).
    pub fn load_theme(&self) -> Option<Theme> {
        let text = self.read(THEME_KEY)?;
        [Theme::Light, Theme::Dark]
            .into_iter()
            .find(|&t| theme_json(t) == text.trim())
    }

    /// Remembers the player's theme.
    pub fn save_theme(&self, theme: Theme) -> Result<(), Problem> {
        self.write(THEME_KEY, &theme_json(theme))
    }
}

/// `window.localStorage`, if the browser lets us have it. Each step can
/// throw in a locked-down browser; web-sys turns that into `Err`.
fn raw() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// `text`, the value at `key` as this page read it or as another tab wrote
/// it, decoded: the one reading of every record. A value that fails is
/// copied to its `…:corrupt` key (`kept` says whether that copy succeeded).
fn take<T>(key: &str, text: &str, decode: impl FnOnce(&str) -> Result<T, Invalid>) -> Loaded<T> {
    match decode(text) {
        Ok(value) => Loaded::Valid(value),
        Err(why) => {
            let kept = raw().is_some_and(|s| s.set_item(&corrupt_key(key), text).is_ok());
            Loaded::SetAside { why, kept }
        }
    }
}
