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
pub use super::game::{next_seed, Game, Scored};
use super::ignored::Ignored;
use super::learn::{to_learn, Learn};
pub use super::links::{Links, Share};
pub use super::notice::{Notice, Record, Records};
pub use super::panel::Panel;
pub use super::refusal::{Refusal, Verdict};
pub use super::settings::{Settings, THEME_COLOURS};
pub use super::storage::{Storage, Unsaved};
pub use super::travel::{Mode, Travel, Verification, DEFAULT_SPEED, MAX_SPEED, SPEEDS};
use super::words::{self, hint_sentence, verdict_sentence};
use crate::engine::{Config, Direction, Input, State};
use crate::session::history::History;

/// Everything the page shows or remembers, room by room: each feature of
/// the page is one field here (a sub-model) with its rules in one file of
/// `update/` (ARCHITECTURE.md lists them; `tests/architecture.rs` checks
/// the list).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Model {
    /// The player's game: its history, best score, statistics and seeds.
    pub game: Game,
    /// Time travel: what the board shows of the history (the present, an
    /// earlier state, a replay), the replay's speed, the history's check.
    pub travel: Travel,
    /// What the player chose of the page: the theme (the board's size and
    /// target are the game's own).
    pub settings: Settings,
    /// What is written to storage and when, and what the player is told
    /// about it.
    pub storage: Storage,
    /// The panel open beside the board, if any.
    pub panel: Option<Panel>,
    /// Where each chunk of code stands: a panel's fetched when it first
    /// opens, the contest's once there is a contest.
    pub chunks: Chunks,
    /// The computer player: hint, autoplay, the question in flight.
    pub computer: Computer,
    /// The review of the game in play.
    pub coach: Coach,
    /// Playing against other people: the daily or race beside the
    /// player's own game, the dailies' results, the local time, the offer
    /// to race and the result card.
    pub contest: Contest,
    /// Learn from your mistakes: the walk through a reviewed game's
    /// mistakes, the deck of positions to practise, a puzzle asked for.
    pub learn: Learn,
    /// Links to the game: the page's address, and the share link made.
    pub links: Links,
    /// What the page tells the player of what they asked, until dismissed:
    /// what cannot be done, or what the page's link proved.
    pub note: Option<Note>,
    /// What the live region says: the last input's outcome, in words.
    pub announcement: String,
}
crate::session::object::from_object!(Model {
    game,
    travel,
    settings,
    storage,
    panel,
    chunks,
    computer,
    coach,
    contest,
    learn,
    links,
    note,
    announcement
});

/// What the page tells the player of what they asked of it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Note {
    /// What cannot be done: a link that does not open, a daily not out
    /// yet, a race that cannot start. Said as an alert.
    Refusal(String),
    /// What the link the page was opened with proved: its game, replayed
    /// from its start and moves, whatever anyone says of it. Said quietly.
    Proof(String),
}
crate::session::object::from_tagged!(Note { Refusal(_), Proof(_) });

impl Model {
    /// The state on the board: the present of the game on the board, or
    /// the state of it being viewed.
    pub fn shown(&self) -> Cow<'_, State> {
        if let Some(position) = self.learn.shown() {
            return Cow::Borrowed(position);
        }
        let game = self.board_game();
        match self.travel.mode {
            Mode::Viewing(i) => game
                .state_at(i)
                .map_or(Cow::Borrowed(game.present()), Cow::Owned),
            Mode::Live | Mode::Replaying => Cow::Borrowed(game.present()),
        }
    }

    /// The game on the board: the challenge's while one is on the board,
    /// else the player's own game ([`Game::own`]). The board, the moves,
    /// time travel, the computer and the review work on it.
    pub fn board_game(&self) -> &History {
        self.contest.board(&self.game.own)
    }

    /// The game on the board, to play on ([`Model::board_game`]).
    pub fn board_game_mut(&mut self) -> &mut History {
        match self.contest.challenge.as_mut().filter(|c| c.on_board) {
            Some(challenge) => &mut challenge.game,
            None => &mut self.game.own,
        }
    }

    /// The board size and target of the player's own game: what the best
    /// score, the statistics and the settings are of (a contest on the
    /// board has its own).
    pub fn config(&self) -> Config {
        self.game.own.config()
    }

    /// The challenge whose game is on the board, if one is.
    pub fn challenge_on_board(&self) -> Option<&Challenge> {
        self.contest.on_board()
    }

    /// Why the game on the board takes no help (undo, redo, hint, autoplay,
    /// a new game), if it takes none: a counted daily or a race.
    pub fn help_refused(&self) -> Option<Refusal> {
        self.challenge_on_board()?.against.unaided()
    }

    /// Why New Game does nothing now, if it does nothing: a daily or a race
    /// is on the board (its game is the one it is; "Back to my game" first).
    pub fn no_new_game(&self) -> Option<&'static str> {
        self.challenge_on_board().map(|_| words::NO_NEW_GAME)
    }

    /// Says that what was asked cannot be done, and `why`.
    pub fn refuse(&mut self, why: String) {
        self.note = Some(Note::Refusal(why));
    }

    /// Says what the page's link proved, unless a refusal is being said.
    pub fn prove(&mut self, what: String) {
        self.note.get_or_insert(Note::Proof(what));
    }

    /// Why undo and redo do nothing now, whatever the history holds, if
    /// they do nothing: the board shows the past or a replay, or the game
    /// on it takes no help. The one rule `update` (`travel::undo`, `redo`)
    /// and the buttons ask.
    pub fn travel_refused(&self) -> Option<Ignored> {
        if !self.travel.live() || self.learn.walking() {
            return Some(Ignored::ReadOnly);
        }
        self.help_refused().map(|_| Ignored::Unaided)
    }

    /// Whether Undo would do something now.
    pub fn can_undo(&self) -> bool {
        self.travel_refused().is_none() && self.board_game().can_undo()
    }

    /// Whether Redo would do something now.
    pub fn can_redo(&self) -> bool {
        self.travel_refused().is_none() && self.board_game().can_redo()
    }

    /// Whether asking the computer for `purpose` would do something now
    /// ([`Model::asking_computer`]): the buttons that offer it ask this.
    pub fn can_ask_computer(&self, purpose: Purpose) -> bool {
        self.asking_computer(purpose) == Verdict::Ask
    }

    /// Whether the computer may be asked for `purpose` now, the one rule
    /// that `update` (Hint, Autoplay) and the buttons that offer them ask:
    /// the board shows the present and takes help, the computer plays it
    /// (4×4, not won or over), and a hint waits for autoplay to stop.
    /// Autoplay that is on can always be stopped.
    pub fn asking_computer(&self, purpose: Purpose) -> Verdict {
        match (purpose, self.computer.autoplay) {
            (Purpose::Autoplay, true) => return Verdict::Ask,
            (Purpose::Hint, true) => return Verdict::Ignore(Ignored::NotHere),
            (_, false) => {}
        }
        if !self.travel.live() || self.learn.walking() {
            return Verdict::Ignore(Ignored::ReadOnly);
        }
        if self.help_refused().is_some() {
            return Verdict::Ignore(Ignored::Unaided);
        }
        self.refusal().map_or(Verdict::Ask, Verdict::Refuse)
    }

    /// The best score to show: never below the score on the board.
    pub fn best_shown(&self) -> u64 {
        self.game.best.max(self.shown().score)
    }

    /// The document's title: the game's name, and what the board shows
    /// when it is not the player's own game going on.
    pub fn title(&self) -> String {
        match self.challenge_on_board().map(|c| &c.against) {
            Some(Against::Daily { number, .. }) => words::daily_title(*number),
            Some(Against::Race(_)) => words::RACE_TITLE.into(),
            None if matches!(self.travel.mode, Mode::Replaying) => words::REPLAY_TITLE.into(),
            None => words::TITLE.into(),
        }
    }

    /// Why the computer will not look at the present board, if it will not:
    /// another size than 4×4, or a game won or over. Used by the rules that
    /// ask it (`update`) and by the line under the board.
    pub fn refusal(&self) -> Option<Refusal> {
        computer::refusal(self.board_game().present())
    }

    /// The computer's line under the board, in order of priority: the
    /// review's verdict on the move played on the board shown; while the
    /// past is shown, nothing else (a hint speaks of the present board);
    /// what the computer said about the present board (why it will not
    /// look at it, when asked), else its hint for it, else, while a
    /// challenge that takes no help is open, why (said on the page, where a
    /// touch player reads it: a tooltip reaches a mouse only). Nothing
    /// is said unasked of a size the computer does not play, nor of help
    /// in a challenge that has ended: the bar says it ended.
    pub fn computer_line(&self) -> Option<String> {
        if self.learn.walking() {
            return None;
        }
        if let Mode::Viewing(at) = self.travel.mode {
            let m = self.coach.move_at(at)?;
            return m.verdict.as_ref().map(|v| verdict_sentence(m.number, v));
        }
        let present = self.board_game().present();
        let c = &self.computer;
        if let Some(text) = c.message_for(present) {
            return Some(text.to_string());
        }
        if let Some(hint) = c.hint_on(present) {
            return Some(hint_sentence(hint.direction, &hint.reason));
        }
        let open = self.challenge_on_board().filter(|c| !c.ended);
        open.and_then(|c| c.against.unaided()).map(words::help_off)
    }

    /// The line over the history's list (`words::history_position`):
    /// where the board shown stands in its game, counted in moves (a New
    /// Game is not one, and starts the count again), read from the
    /// history's own counts, whatever its length.
    pub fn history_line(&self) -> String {
        let h = self.board_game();
        let made = |i| h.moves_at(i).unwrap_or(0);
        let viewing = self.travel.viewing();
        let total = made(h.game_end(viewing.unwrap_or(h.cursor())));
        let judged = viewing
            .and_then(|i| self.coach.verdict_at(i))
            .map(|v| v.played);
        words::history_position(viewing.map(made), judged, total, made(h.cursor()))
    }

    /// The history's check, said of the game on the board: the last
    /// check, if it replayed this game (the same start), else that it is
    /// not checked yet.
    pub fn check_line(&self) -> String {
        self.travel.check_line(self.board_game())
    }

    /// The move drawn on the board as an arrow: the hint on the present
    /// board, or, while a reviewed position is shown, the better move the
    /// review found there (none where no move kept more of the chance).
    pub fn arrow(&self) -> Option<Direction> {
        if self.learn.walking() {
            return self.learn.arrow();
        }
        match self.travel.mode {
            Mode::Viewing(i) => self.coach.better_move_at(i),
            Mode::Live | Mode::Replaying => self.computer.hint_for(self.board_game().present()),
        }
    }

    /// How many positions the walk of the review would ask: the moves the
    /// review judged a mistake or a blunder, once it is done (none while a
    /// run is in flight). What Learn from your mistakes offers.
    pub fn mistakes_to_learn(&self) -> usize {
        if self.coach.running.is_some() {
            return 0;
        }
        let judged = self.coach.moves.iter().filter_map(|m| m.verdict.as_ref());
        judged.filter(|v| to_learn(v)).count()
    }

    /// How many moves of the game in play the review has not judged: all of
    /// them before a review, the moves played since after one. Counted from
    /// the history's inputs, without replaying them.
    pub fn unreviewed(&self) -> usize {
        // A review ends a replay first, so it reviews the whole game shared.
        let upto = match self.travel.mode {
            Mode::Replaying => self.board_game().len(),
            Mode::Live | Mode::Viewing(_) => self.board_game().cursor(),
        };
        let inputs = &self.board_game().inputs()[..upto];
        let first = game_start(inputs);
        inputs[first..]
            .iter()
            .enumerate()
            .filter(|&(k, &input)| {
                matches!(input, Input::Move(_)) && self.coach.verdict_at(first + k).is_none()
            })
            .count()
    }

    /// What must hold of every model `update` returns (the property tests
    /// check it after every message). `Err` says which rule broke.
    pub fn validate(&self) -> Result<(), String> {
        if let Mode::Viewing(i) = self.travel.mode {
            if self.panel != Some(Panel::History) {
                return Err("viewing the past with the history panel closed".into());
            }
            if i > self.board_game().len() {
                return Err(format!("viewing input {i} of {}", self.board_game().len()));
            }
        }
        if self.game.best < self.game.own.present().score {
            return Err("best score below the present score".into());
        }
        if self.computer.autoplay && self.travel.mode != Mode::Live {
            return Err("autoplay on while the board is read-only".into());
        }
        if !(1..=MAX_SPEED).contains(&self.travel.speed) {
            return Err(format!("replay speed {}", self.travel.speed));
        }
        if (self.storage.unsaved.game || self.storage.unsaved.history) && !self.storage.saving {
            return Err("changes waiting to be written to a game that is not saved".into());
        }
        if self.contest.finishing && self.challenge_on_board().is_none_or(|c| c.ended) {
            return Err("finish asks with no open challenge on the board".into());
        }
        if self.help_refused().is_some() && self.computer.autoplay {
            return Err("autoplay on in an unaided game".into());
        }
        self.computer.validate()?;
        self.learn.validate()?;
        self.coach.validate(self.board_game())
    }
}
