//! The [`Model`]: everything the page shows or remembers, as one plain
//! value. Only [`super::update`] changes it; the view reads it through
//! memos, and the questions it answers here (what the board shows, whether
//! undo is possible, …) are methods, so the view holds no rules.

use std::borrow::Cow;

use super::chunks::Chunks;
use super::coach::{game_start, Coach};
use super::computer::Purpose;
use super::computer::{self, Computer};
use super::contest::{Against, Challenge, Contest};
pub use super::notice::{Notice, Record, Records};
pub use super::panel::Panel;
use super::words::{self, hint_sentence, verdict_sentence};
use crate::engine::{Board, Config, Direction, Input, State};
use crate::session::history::History;
use crate::session::stats::Stats;
use crate::session::stored::Theme;

/// Replay speeds offered, in moves a second.
pub const SPEEDS: [u32; 6] = [1, 2, 4, 10, 30, 100];

/// The replay speed a shared game starts at, in moves a second.
pub const DEFAULT_SPEED: u32 = 4;

/// The fastest replay, in moves a second.
pub const MAX_SPEED: u32 = 1000;

/// The page backgrounds of the light and the dark theme, as `theme-color`
/// (browsers read it before any stylesheet, so it repeats style/main.css's
/// `--page-bg` of each theme; `tests/app_update.rs` checks they agree).
pub const THEME_COLOURS: [&str; 2] = ["#faf8ef", "#1d1b19"];

/// Everything the page shows or remembers.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Model {
    /// The session: its start and every input; the present is the game.
    pub history: History,
    /// What the board shows: the present, an earlier state, or a replay.
    pub mode: Mode,
    /// The panel open under the board, if any.
    pub panel: Option<Panel>,
    /// Where each chunk of code stands: a panel's fetched when it first
    /// opens, the contest's once there is a contest.
    pub chunks: Chunks,
    /// Replay speed, in moves a second.
    pub replay_speed: u32,
    /// The best score known for this board size: stored, written by another
    /// tab, or reached here. Never lowered while the size stays.
    pub best: u64,
    /// The statistics of this board size.
    pub stats: Stats,
    /// The theme the player chose (`None`: the system's).
    pub theme: Option<Theme>,
    /// Whether the system asks for a dark colour scheme.
    pub system_dark: bool,
    /// What the player must be told about storage.
    pub notice: Option<Notice>,
    /// What the page tells the player of what they asked, until dismissed:
    /// what cannot be done, or what the page's link proved.
    pub note: Option<Note>,
    /// The first board the page's static shell drew before the app ran
    /// (a new visitor's first game, `app::first_game`), kept while the
    /// board shows it (`forget_shell_board`): its tiles are on screen
    /// already, so the tile layer does not make them appear again.
    pub shell_board: Option<Board>,
    /// The share link made, and what happened to it.
    pub share: Option<Share>,
    /// Whether the game is saved. False for a game from a bad link (the
    /// player's own game of that size stays in storage) and after a bad
    /// save could not be copied aside (it is left where it is).
    pub saving: bool,
    /// What changed and is not yet written: written at the next idle
    /// moment, or at once when the page is hidden or closed.
    pub unsaved: Unsaved,
    /// What the live region says: the last input's outcome, in words.
    pub announcement: String,
    /// The computer player: hint, autoplay, the question in flight.
    pub computer: Computer,
    /// The review of the game in play.
    pub coach: Coach,
    /// The page's address without its query: share links start with it.
    pub page_url: String,
    /// Where the next fresh seed comes from: randomness as data.
    pub entropy: u64,
    /// The last replay of the history from its start, checking that it is
    /// the fold of its inputs.
    pub verification: Option<Verification>,
    /// Playing against other people: the daily or race beside the
    /// player's own game, the dailies' results, the local time, the offer
    /// to race and the result card.
    pub contest: Contest,
    /// The points the last move played on the live board scored, if it
    /// scored: the "+N" that floats up from the score. Time travel, undo,
    /// a replay or a paused page score nothing, so they float nothing.
    /// Left out of session files: `update` makes it again on replay.
    #[serde(skip)]
    pub scored: Option<Scored>,
}

/// Points scored by a move played, numbered: the `n`th scoring move of
/// the page, so that each floats up once however often the board shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scored {
    pub n: u64,
    pub points: u64,
}

/// The result of replaying the whole history from its start
/// (`History::verify`), and how long the history was then.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Verification {
    pub inputs: usize,
    pub seed: Option<u64>,
    /// `Err(i)`: the state after `i` inputs is not what was recorded.
    pub result: Result<(), usize>,
}

impl Verification {
    /// Replays `history` from its start: one `step` per input.
    pub fn of(history: &History) -> Verification {
        Verification {
            inputs: history.len(),
            seed: history.seed(),
            result: history.verify(),
        }
    }

    /// The check in a sentence, for a history of `len` inputs now
    /// (`words::check_sentence`).
    pub fn sentence(&self, len: usize) -> String {
        words::check_sentence(self.inputs, self.seed, self.result, len)
    }
}

/// What the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Mode {
    /// The present: the game in play.
    Live,
    /// The state after this many inputs, read-only (the history panel).
    Viewing(usize),
    /// A shared game playing itself, one input per tick.
    Replaying,
}

/// What changed since the last write to storage. Nothing is written on a
/// key press: the game, its history, the best score and the statistics
/// wait for an idle moment (`Msg::Idle`) or the page's end (`Msg::Hidden`),
/// so a move's cost does not grow with what is kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Unsaved {
    pub game: bool,
    pub history: bool,
    pub best: bool,
    pub stats: bool,
    /// The challenge's game (an unaided one is written at once instead).
    pub challenge: bool,
}

impl Unsaved {
    /// Whether anything waits to be written.
    pub fn any(self) -> bool {
        self.game || self.history || self.best || self.stats || self.challenge
    }
}

/// What the page tells the player of what they asked of it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Note {
    /// What cannot be done: a link that does not open, a daily not out
    /// yet, a race that cannot start. Said as an alert.
    Refusal(String),
    /// What the link the page was opened with proved: its game, replayed
    /// from its seed and moves, whatever anyone says of it. Said quietly.
    Proof(String),
}

/// The share link, once the player asked for one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Share {
    /// The game cannot be shared (it began before the history held, or it
    /// is too long for a link).
    Refused,
    /// The link, shown to copy by hand.
    Made(String),
    /// The link, and the clipboard holds it.
    Copied(String),
}

impl Model {
    /// The state on the board: the present, or the one being viewed.
    pub fn shown(&self) -> Cow<'_, State> {
        match self.mode {
            Mode::Viewing(i) => self
                .history
                .state_at(i)
                .map_or(Cow::Borrowed(self.history.present()), Cow::Owned),
            Mode::Live | Mode::Replaying => Cow::Borrowed(self.history.present()),
        }
    }

    /// Forgets the first board the page's shell drew (`shell_board`) once
    /// the game on the board is no longer at it.
    pub fn forget_shell_board(&mut self) {
        if self.shell_board.as_ref() != Some(&self.present().board) {
            self.shell_board = None;
        }
    }

    /// The game in play (whatever the board shows).
    pub fn present(&self) -> &State {
        self.history.present()
    }

    /// The board size and target of the player's own game: what the best
    /// score, the statistics and the settings are of (a contest on the
    /// board has its own).
    pub fn config(&self) -> Config {
        self.own_history().config()
    }

    /// Whether the board takes the player's inputs: it shows the present
    /// and no replay is running.
    pub fn live(&self) -> bool {
        self.mode == Mode::Live
    }

    /// The input number being viewed, if the board shows the past.
    pub fn viewing(&self) -> Option<usize> {
        match self.mode {
            Mode::Viewing(i) => Some(i),
            Mode::Live | Mode::Replaying => None,
        }
    }

    /// The challenge whose game is on the board, if one is.
    pub fn challenge_on_board(&self) -> Option<&Challenge> {
        self.contest.on_board()
    }

    /// The player's own game, wherever it is.
    pub fn own_history(&self) -> &History {
        match self.challenge_on_board() {
            Some(challenge) => &challenge.other,
            None => &self.history,
        }
    }

    /// The player's own game, wherever it is, to change.
    pub fn own_history_mut(&mut self) -> &mut History {
        match self.contest.challenge.as_mut().filter(|c| c.on_board) {
            Some(challenge) => &mut challenge.other,
            None => &mut self.history,
        }
    }

    /// Why the game on the board takes no help (undo, redo, hint, autoplay,
    /// a new game), if it takes none: a counted daily or a race.
    pub fn help_refused(&self) -> Option<&'static str> {
        let challenge = self.challenge_on_board()?;
        match challenge.against {
            Against::Daily { counted: true, .. } => Some(words::UNAIDED_DAILY),
            Against::Race(_) => Some(words::UNAIDED_RACE),
            Against::Daily { .. } => None,
        }
    }

    /// Why New Game does nothing now, if it does nothing: a daily or a race
    /// is on the board (its game is the one it is; "Back to my game" first).
    pub fn no_new_game(&self) -> Option<&'static str> {
        self.challenge_on_board().map(|_| words::NO_NEW_GAME)
    }

    /// Whether storage can be used at all.
    pub fn storage_usable(&self) -> bool {
        self.notice != Some(Notice::Unavailable)
    }

    /// Says that what was asked cannot be done, and `why`.
    pub fn refuse(&mut self, why: String) {
        self.note = Some(Note::Refusal(why));
    }

    /// Says what the page's link proved, unless a refusal is being said.
    pub fn prove(&mut self, what: String) {
        self.note.get_or_insert(Note::Proof(what));
    }

    /// Tells the player that `records` failed their checks and were set
    /// aside: the one rule for every record, whoever read it (`init` the
    /// settings, `Msg::Loaded` the rest). Added to what the notice names
    /// already; a page without storage keeps saying that instead.
    pub fn set_aside(&mut self, records: Records) {
        if records.is_empty() || !self.storage_usable() {
            return;
        }
        let named = match self.notice {
            Some(Notice::SetAside(named)) => named,
            _ => Records::default(),
        };
        self.notice = Some(Notice::SetAside(named.and(records)));
    }

    /// Whether Undo would do something now.
    pub fn can_undo(&self) -> bool {
        self.live() && self.help_refused().is_none() && self.history.can_undo()
    }

    /// Whether Redo would do something now.
    pub fn can_redo(&self) -> bool {
        self.live() && self.help_refused().is_none() && self.history.can_redo()
    }

    /// Whether asking the computer for `purpose` would do something now:
    /// the board shows the present and takes help, the computer plays it
    /// (4×4, not won or over), and a hint waits for autoplay to stop.
    /// Autoplay that is on can always be stopped. The rules that ask it
    /// (`update`) and the buttons that offer it (the view) ask this.
    pub fn can_ask_computer(&self, purpose: Purpose) -> bool {
        match (purpose, self.computer.autoplay) {
            (Purpose::Autoplay, true) => true,
            (Purpose::Hint, true) => false,
            (_, false) => self.live() && self.help_refused().is_none() && self.refusal().is_none(),
        }
    }

    /// The best score to show: never below the score on the board.
    pub fn best_shown(&self) -> u64 {
        self.best.max(self.shown().score)
    }

    /// Whether the dark theme is showing: the player's choice, else the
    /// system's, live.
    pub fn dark(&self) -> bool {
        self.theme.map_or(self.system_dark, |t| t == Theme::Dark)
    }

    /// The `theme-color` the browser paints around the page: the background
    /// of the theme showing ([`THEME_COLOURS`]).
    pub fn theme_colour(&self) -> &'static str {
        THEME_COLOURS[usize::from(self.dark())]
    }

    /// `<html>`'s `data-theme`, which style/ reads: the theme chosen, or
    /// none while the system's is followed.
    pub fn theme_attribute(&self) -> Option<&'static str> {
        self.theme.map(Theme::name)
    }

    /// The document's title: the game's name, and what the board shows
    /// when it is not the player's own game going on.
    pub fn title(&self) -> String {
        match self.challenge_on_board().map(|c| &c.against) {
            Some(Against::Daily { number, .. }) => format!("Daily #{number} · 2048"),
            Some(Against::Race(_)) => "Race · 2048".into(),
            None if matches!(self.mode, Mode::Replaying) => "Replay · 2048".into(),
            None => "2048".into(),
        }
    }

    /// Why the computer will not look at the present board, if it will not:
    /// another size than 4×4, or a game won or over. Used by the rules that
    /// ask it (`update`) and by the line under the board.
    pub fn refusal(&self) -> Option<&'static str> {
        let state = self.present();
        if !computer::supported(state) {
            return Some(computer::ONLY_4X4);
        }
        computer::idle_reason(state)
    }

    /// The computer's line under the board, in order of priority: the
    /// review's verdict on the move played on the board shown; while the
    /// past is shown, nothing else (a hint speaks of the present board);
    /// what the computer said about the present board, else its hint for
    /// it, else why it cannot play this size at all, else why the game on
    /// the board takes no help (said on the page, where a touch player
    /// reads it: a tooltip reaches a mouse only).
    pub fn computer_line(&self) -> Option<String> {
        if let Mode::Viewing(at) = self.mode {
            return self.coach.verdict_at(at).map(|v| verdict_sentence(at, v));
        }
        let present = self.present();
        let c = &self.computer;
        if let Some(text) = c.message_for(present) {
            return Some(text.to_string());
        }
        if let Some(hint) = c.hint_on(present) {
            return Some(hint_sentence(hint.direction, &hint.reason));
        }
        if !computer::supported(present) {
            return Some(computer::ONLY_4X4.to_string());
        }
        self.help_refused().map(words::unaided_line)
    }

    /// The history's check, said of the game on the board: the last
    /// check, if it replayed this game (the same start), else that it is
    /// not checked yet.
    pub fn check_line(&self) -> String {
        match &self.verification {
            Some(v) if v.seed == self.history.seed() => v.sentence(self.history.len()),
            _ => words::NOT_CHECKED.to_string(),
        }
    }

    /// The move drawn on the board as an arrow: the hint on the present
    /// board, or, while a reviewed position is shown, the better move the
    /// review found there (none where no move kept more of the chance).
    pub fn arrow(&self) -> Option<Direction> {
        match self.mode {
            Mode::Viewing(i) => self.coach.better_move_at(i),
            Mode::Live | Mode::Replaying => self.computer.hint_for(self.present()),
        }
    }

    /// How many moves of the game in play the review has not judged: all of
    /// them before a review, the moves played since after one. Counted from
    /// the history's inputs, without replaying them.
    pub fn unreviewed(&self) -> usize {
        // A review ends a replay first, so it reviews the whole game shared.
        let upto = match self.mode {
            Mode::Replaying => self.history.len(),
            Mode::Live | Mode::Viewing(_) => self.history.cursor(),
        };
        let inputs = &self.history.inputs()[..upto];
        let first = game_start(inputs);
        inputs[first..]
            .iter()
            .enumerate()
            .filter(|&(k, &input)| {
                matches!(input, Input::Move(_)) && self.coach.verdict_at(first + k).is_none()
            })
            .count()
    }

    /// A fresh seed for a game nobody asked to replay (the same model always
    /// draws the same seed).
    pub fn draw_seed(&mut self) -> u64 {
        next_seed(&mut self.entropy)
    }

    /// What must hold of every model `update` returns (the property tests
    /// check it after every message). `Err` says which rule broke.
    pub fn validate(&self) -> Result<(), String> {
        if let Mode::Viewing(i) = self.mode {
            if self.panel != Some(Panel::History) {
                return Err("viewing the past with the history panel closed".into());
            }
            if i > self.history.len() {
                return Err(format!("viewing input {i} of {}", self.history.len()));
            }
        }
        if self.best < self.own_history().present().score {
            return Err("best score below the present score".into());
        }
        if self.computer.autoplay && self.mode != Mode::Live {
            return Err("autoplay on while the board is read-only".into());
        }
        if !(1..=MAX_SPEED).contains(&self.replay_speed) {
            return Err(format!("replay speed {}", self.replay_speed));
        }
        if (self.unsaved.game || self.unsaved.history) && !self.saving {
            return Err("changes waiting to be written to a game that is not saved".into());
        }
        if self.contest.finishing && self.challenge_on_board().is_none_or(|c| c.ended) {
            return Err("Finish asks with no open challenge on the board".into());
        }
        if self.help_refused().is_some() && self.computer.autoplay {
            return Err("autoplay on in an unaided game".into());
        }
        self.computer.validate()?;
        self.coach.validate(&self.history)
    }
}

/// The next seed from `entropy` (SplitMix64), which it advances.
pub fn next_seed(entropy: &mut u64) -> u64 {
    *entropy = entropy.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *entropy;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
