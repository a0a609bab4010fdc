//! The saved-game and best-score formats: plain JSON through serde, checked
//! on the way in. No web dependency, so every malformed input is tested
//! natively; `storage` moves the strings to and from the browser.
//!
//! A game save is `{"version": 1, "state": <State>}`, the engine's `State`
//! as serde writes it. A best score is a bare JSON integer.
//!
//! Saves are written and read with serde-json-core rather than serde_json:
//! the same serde derives, but a fraction of the size in wasm (no error
//! messages, no number formatting machinery), which matters in a page whose
//! whole download is counted in kilobytes. Its one gap, no limit on nesting
//! when it skips a value, is closed by [`MAX_DEPTH`].

use serde::{Deserialize, Serialize};

use crate::engine::{max_score, Config, State};
use crate::session::contest::{Against, SavedChallenge};
use crate::session::dailies::Dailies;
use crate::session::deck::{self, Deck};
use crate::session::history::{self, History};
use crate::session::stats::Stats;
use crate::session::{daily, replay};

/// The save format this build writes and reads.
pub const VERSION: u32 = 1;

/// A game save as written.
#[derive(Serialize)]
struct SaveOut<'a> {
    version: u32,
    state: &'a State,
}

impl<'a> SaveOut<'a> {
    fn new(state: &'a State) -> Self {
        SaveOut {
            version: VERSION,
            state,
        }
    }
}

#[derive(Deserialize)]
struct SaveIn {
    version: u32,
    state: State,
}

/// Why a stored value was refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Invalid {
    /// Not JSON, or JSON of the wrong shape or types.
    Malformed(String),
    /// Written by a version this build does not know.
    Version(u32),
    /// Well-formed but impossible: a broken invariant.
    Impossible(String),
}

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Invalid::Malformed(e) => write!(f, "not a saved game: {e}"),
            Invalid::Version(v) => write!(f, "saved by an unknown version {v}"),
            Invalid::Impossible(e) => write!(f, "an impossible game: {e}"),
        }
    }
}

/// The JSON for a game save.
pub fn encode(state: &State) -> String {
    // Written by serde-json-core too, so the wasm carries one JSON library.
    // It writes into a slice: one sized for a typical save of this board
    // (this runs after every move), then, if that was short, MAX_LEN, far
    // above the largest state (8×8, every tile merged this move).
    let typical = 512 + 96 * state.board.width() as usize * state.board.height() as usize;
    write(&SaveOut::new(state), typical, MAX_LEN)
}

/// `value` as JSON, written by serde-json-core into a slice: one of
/// `typical` bytes, then, if that was short, one of `max` bytes, which must
/// be enough.
fn write<T: Serialize>(value: &T, typical: usize, max: usize) -> String {
    let mut buf = vec![0u8; typical];
    let len = match serde_json_core::to_slice(value, &mut buf) {
        Ok(len) => len,
        Err(_) => {
            buf = vec![0u8; max];
            serde_json_core::to_slice(value, &mut buf).expect("the largest value fits")
        }
    };
    buf.truncate(len);
    String::from_utf8(buf).expect("serde-json-core writes UTF-8")
}

/// Deeper than any save this build writes; refused before parsing, so a
/// hostile `[[[[…` cannot recurse the reader into the ground.
pub const MAX_DEPTH: usize = 16;

/// Longer than any save this build writes (an 8×8 board mid-merge is about
/// 8 KB).
pub const MAX_LEN: usize = 64 * 1024;

/// How deeply brackets nest in `json`. Brackets inside strings count too:
/// no save has any, and telling strings apart in text that is not yet
/// known to be JSON is the reader's job, not this guard's.
pub(crate) fn depth(json: &str) -> usize {
    let mut depth = 0usize;
    let mut max = 0;
    for b in json.bytes() {
        match b {
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Reads `json` as a `T`, refusing anything longer or deeper than a save.
fn read<'a, T: Deserialize<'a>>(json: &'a str) -> Result<T, Invalid> {
    read_up_to(json, MAX_LEN)
}

/// [`read`] with another length limit.
fn read_up_to<'a, T: Deserialize<'a>>(json: &'a str, max_len: usize) -> Result<T, Invalid> {
    if json.len() > max_len || depth(json) > MAX_DEPTH {
        return Err(Invalid::Malformed("too long or too deeply nested".into()));
    }
    serde_json_core::from_str(json)
        .map(|(value, _)| value)
        .map_err(|e| Invalid::Malformed(e.to_string()))
}

/// A game from its save, if the save is well-formed, of this version, and a
/// state the game could have reached.
pub fn decode(json: &str) -> Result<State, Invalid> {
    // The version is read first, so a future format is named as such rather
    // than reported as malformed.
    #[derive(Deserialize)]
    struct Version {
        version: u32,
    }
    let Version { version } = read(json)?;
    if version != VERSION {
        return Err(Invalid::Version(version));
    }
    let save: SaveIn = read(json)?;
    debug_assert_eq!(save.version, VERSION);
    save.state.validate().map_err(Invalid::Impossible)?;
    Ok(save.state)
}

/// The JSON for a best score.
pub fn encode_best(best: u64) -> String {
    best.to_string()
}

/// A best score from its JSON, if it is a whole number that a game of
/// `config`'s size could reach.
pub fn decode_best(json: &str, config: Config) -> Result<u64, Invalid> {
    let best: u64 = read(json)?;
    let limit = max_score(config.width as usize * config.height as usize);
    if best > limit {
        return Err(Invalid::Impossible(format!(
            "best score {best} is beyond any {}x{} game",
            config.width, config.height
        )));
    }
    Ok(best)
}

/// Longer than any persisted history: one character per input at most
/// [`history::MAX_INPUTS`], and a start state.
pub const MAX_HISTORY_LEN: usize = history::MAX_INPUTS + MAX_LEN;

/// The JSON of a game's history (the format is in [`history`]'s docs).
pub fn encode_history(history: &History) -> String {
    write(history, history.len() + 1024, MAX_HISTORY_LEN)
}

/// A history from its JSON, replayed and checked, of `config`'s size.
pub fn decode_history(json: &str, config: Config) -> Result<History, Invalid> {
    let history: History = read_up_to(json, MAX_HISTORY_LEN)?;
    let c = history.config();
    if !c.same_size(config) {
        return Err(Invalid::Impossible("a history of another size".into()));
    }
    Ok(history)
}

/// The JSON of a size's statistics.
pub fn encode_stats(stats: &Stats) -> String {
    write(stats, 1024, MAX_LEN)
}

/// A size's statistics from their JSON, if they pass [`Stats::validate`].
pub fn decode_stats(json: &str) -> Result<Stats, Invalid> {
    let stats: Stats = read(json)?;
    stats.validate().map_err(Invalid::Impossible)?;
    Ok(stats)
}

/// The JSON of the board size and target chosen for new games.
pub fn encode_config(config: Config) -> String {
    write(&config, 128, MAX_LEN)
}

/// A board size and target from their JSON, if `Config::new` accepts them.
pub fn decode_config(json: &str) -> Result<Config, Invalid> {
    let c: Config = read(json)?;
    Config::new(c.width, c.height, c.target)
        .filter(|&ok| ok == c)
        .ok_or_else(|| Invalid::Impossible("a board size or target out of range".into()))
}

/// The format of the stored contest, of the dailies' results and of the
/// deck.
pub const RECORD_VERSION: u32 = 1;

/// A record as read: `{"version":1,"value":…}`, its version checked
/// first (`decode_versioned`).
#[derive(Deserialize)]
struct Versioned<T> {
    value: T,
}

/// A record as written: the value by reference, so a counted daily's
/// write after every move does not copy its game first.
#[derive(Serialize)]
struct VersionedOut<'a, T> {
    version: u32,
    value: &'a T,
}

fn encode_versioned<T: Serialize>(value: &T, typical: usize) -> String {
    encode_versioned_within(value, typical, MAX_HISTORY_LEN + MAX_LEN)
}

/// [`encode_versioned`] of a record that may be up to `max` bytes long.
fn encode_versioned_within<T: Serialize>(value: &T, typical: usize, max: usize) -> String {
    let record = VersionedOut {
        version: RECORD_VERSION,
        value,
    };
    write(&record, typical, max)
}

/// Reads a record of this version; one of another version is refused as
/// such, before its value is read.
fn decode_versioned<T: for<'a> Deserialize<'a>>(json: &str) -> Result<T, Invalid> {
    decode_versioned_within(json, MAX_HISTORY_LEN + MAX_LEN)
}

/// [`decode_versioned`] of a record that may be up to `max` bytes long.
fn decode_versioned_within<T: for<'a> Deserialize<'a>>(
    json: &str,
    max: usize,
) -> Result<T, Invalid> {
    #[derive(Deserialize)]
    struct Version {
        version: u32,
    }
    let Version { version } = read_up_to(json, max)?;
    if version != RECORD_VERSION {
        return Err(Invalid::Version(version));
    }
    let record: Versioned<T> = read_up_to(json, max)?;
    Ok(record.value)
}

/// The JSON of the daily's attempt or the race in play.
pub fn encode_challenge(challenge: &SavedChallenge) -> String {
    encode_versioned(challenge, challenge.game.len() + 2048)
}

/// The daily's attempt or the race in play from its JSON (a record naming
/// both, or neither, is malformed): a daily's game is daily #N's, 4×4 to
/// 2048 with the same luck for everyone; a race's link fits in a link.
pub fn decode_challenge(json: &str) -> Result<SavedChallenge, Invalid> {
    let challenge: SavedChallenge = decode_versioned(json)?;
    let game = &challenge.game;
    let fits = match &challenge.against {
        Against::Daily { number, .. } => {
            let day = daily::game(*number);
            *number >= 1
                && game.seed() == day.seed()
                && game.present().config == day.config()
                && game.luck() == day.luck()
        }
        Against::Race(link) => link.len() <= replay::MAX_LINK_LEN,
    };
    if !fits {
        return Err(Invalid::Impossible(
            "a daily that is not that day's game, or a race link too long".into(),
        ));
    }
    Ok(challenge)
}

/// The JSON of the dailies' results.
pub fn encode_dailies(dailies: &Dailies) -> String {
    encode_versioned(dailies, 64 + 48 * dailies.results.len())
}

/// The dailies' results from their JSON, if they pass [`Dailies::validate`].
pub fn decode_dailies(json: &str) -> Result<Dailies, Invalid> {
    let dailies: Dailies = decode_versioned(json)?;
    dailies.validate().map_err(Invalid::Impossible)?;
    Ok(dailies)
}

/// Longer than any card's JSON: a 4×4 board of merged tiles, every number
/// as long as its type allows, is about 2.6 KB.
pub const MAX_CARD_LEN: usize = 4 * 1024;

/// Longer than any deck this build writes: [`deck::MAX_CARDS`] of the
/// longest cards.
pub const MAX_DECK_LEN: usize = deck::MAX_CARDS * MAX_CARD_LEN + 64;

/// The JSON of the deck of positions to practise.
pub fn encode_deck(deck: &Deck) -> String {
    encode_versioned_within(deck, 64 + 1536 * deck.len(), MAX_DECK_LEN)
}

/// The deck of positions to practise from its JSON, if it passes
/// [`Deck::validate`].
pub fn decode_deck(json: &str) -> Result<Deck, Invalid> {
    let deck = read_deck(json)?;
    deck.validate().map_err(Invalid::Impossible)?;
    Ok(deck)
}

/// The deck as [`encode_deck`] wrote it, read as it is, unchecked: the
/// one a session file holds is the page's, whatever it was
/// (`session::deck_as_stored`).
pub fn read_deck(json: &str) -> Result<Deck, Invalid> {
    decode_versioned_within(json, MAX_DECK_LEN)
}
