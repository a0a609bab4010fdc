//! [`update`]: every rule of the app above the engine, as one pure function
//! of the model and a message. Game inputs still go through
//! [`History::apply`](crate::session::history::History::apply), which is
//! `step`; every other change of app state is here.
//!
//! Each rule returns the commands that follow from it, or why it did not do
//! what the message asked ([`Ignored`](super::Ignored), which
//! `update_explained` gives). An ignored message changes nothing but what
//! the page says of it: a review asked of a board the search does not play
//! says so (`coach::review`), and a hint's answer for a board no longer in
//! play takes "Thinking…" away (`computer::answered`). A room's fields are
//! written by its own file of rules only; other rules go through the
//! room's doors (ARCHITECTURE.md, the table of rooms). The rules are
//! grouped by what they are about:
//!
//! - [`game`]: the player's game: inputs, the game storage holds, and
//!   other tabs' best scores;
//! - [`travel`]: time travel: undo and redo, viewing the past, resuming
//!   from it, replays and their speed, the history's check;
//! - [`computer`]: hints and autoplay, and the AI's answers;
//! - [`coach`]: reviewing the game in play, and the search's verdicts
//!   (through `rooms`: they arrive with the chunks that start a review);
//! - [`settings`]: board size and target, the theme;
//! - [`saving`]: what storage answers, handed to each room's rule;
//!   writing what is unsaved, failed writes;
//! - [`contest`]: the daily, races, their end and the result card;
//! - [`learn`]: the walk through a reviewed game's mistakes, Practice of
//!   the deck, puzzle links;
//! - [`page`]: panels, share links, the link's note;
//! - [`chunks`]: the chunks of code fetched when first needed: a panel's,
//!   the contest's;
//! - [`common`]: what several rules share (a new present, stopping
//!   autoplay, the card) and the live region's sentence (`announce`).

mod chunks;
pub(crate) mod coach;
mod common;
mod computer;
pub(crate) mod contest;
mod game;
pub(crate) mod learn;
mod page;
mod saving;
mod settings;
mod travel;

use super::chunks::Chunk;
use super::cmd::Cmd;
use super::ignored::Ignored;
use super::model::Model;
use super::msg::{coach_msgs, contest_msgs, learn_msgs, Msg};
use super::panel::Panel;
use super::rooms;
use crate::engine::Input;
use common::Outcome;

/// Advances the model by one message and returns what the outside must do.
/// [`update_explained`], without the reason a message did nothing.
pub fn update(model: &mut Model, msg: Msg) -> Vec<Cmd> {
    update_explained(model, msg).0
}

/// Advances the model by one message: the commands for the outside, and,
/// if the rule did nothing, why ([`Ignored`]: the message log says it).
/// Each rule returns every command that follows from it (a panel opened
/// asks for its chunk in `page::open`, a contest shown in
/// `chunks::contest_shown`): nothing here compares the model before and
/// after.
///
/// After every rule, two things hold whichever rule ran. The review keeps
/// only the moves the history still holds as they were reviewed
/// ([`Coach::keep_valid`](super::coach::Coach::keep_valid)): whichever
/// rule changed the history (a move after an undo, a game loaded, another
/// size), the verdicts never outlive their moves, and a run left with
/// nothing to search is cancelled. Finish's question goes when its
/// challenge leaves the board or ends (`contest::keep_question`). And the
/// first board the page's shell drew is forgotten once the board shows
/// another (`game::forget_shell_board`): from then on every tile, that
/// game's first ones too if it comes back, appears as any other.
pub fn update_explained(model: &mut Model, msg: Msg) -> (Vec<Cmd>, Option<Ignored>) {
    let (mut cmds, ignored) = match rule(model, msg) {
        Ok(cmds) => (cmds, None),
        Err(why) => (Vec::new(), Some(why)),
    };
    cmds.extend(coach::keep_valid(model));
    contest::keep_question(model);
    learn::verdict_in(model);
    game::forget_shell_board(model);
    (cmds, ignored)
}

/// The page is idle: write what is unsaved, start the AI worker once,
/// ahead of the first question (`computer::warm`), and on a visit whose
/// files a service worker holds, load every panel's chunk once
/// (`chunks::preload_panels`). Nothing to do: `Ignored::NoChange`.
fn idle(model: &mut Model) -> Outcome {
    let mut cmds = saving::write_unsaved(model);
    cmds.extend(computer::warm(model));
    cmds.extend(chunks::preload_panels(model));
    if cmds.is_empty() {
        return Err(Ignored::NoChange);
    }
    Ok(cmds)
}

/// Whether `msg` acts on the game on the board (an input, another board
/// shown, another game): it closes learn's walk first.
fn acts_on_the_game(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::Play(_)
            | Msg::View(_)
            | Msg::Resume(_)
            | Msg::Review
            | Msg::ChooseSize { .. }
            | Msg::ChooseTarget(_)
            | Msg::OpenDaily(_)
            | Msg::ShowContest
            | Msg::OwnGame
            | Msg::Race
    )
}

/// A chunk's fetch ended (`chunks::chunk_loaded`); learn's or the
/// contest's, loaded, hands its room what follows (`learn::arrived`: the
/// deck read, a puzzle opened; `contest::arrived`: a daily's moves played
/// before it, booked).
fn code_arrived(model: &mut Model, chunk: Chunk, loaded: bool) -> Outcome {
    let mut cmds = chunks::chunk_loaded(model, chunk, loaded)?;
    match chunk {
        Chunk::Learn if loaded => cmds.extend(rooms::learn_arrived(model)),
        Chunk::Contest if loaded => cmds.extend(rooms::contest_arrived(model)),
        _ => {}
    }
    Ok(cmds)
}

/// The runtime holds a message whose room's rules arrive with `chunk`
/// (`rooms::code_wanted`): it is fetched (`chunks::code_needed`). The
/// history panel's brings the coach's rules, and only a review asks for it
/// so: the panel opens at once, where the review shows, saying that it
/// loads, or that it could not.
fn code_needed(model: &mut Model, chunk: Chunk) -> Outcome {
    let history = Chunk::Panel(Panel::History);
    if chunk == history && model.panel != Some(Panel::History) {
        return Ok(page::open(model, Panel::History));
    }
    chunks::code_needed(model, chunk)
}

/// The rule for each message. While learn's walk is on the board, a move
/// is its answer, and what acts on the game closes it first.
fn rule(model: &mut Model, msg: Msg) -> Outcome {
    if model.learn.walking() {
        if matches!(msg, Msg::Play(Input::Move(_))) {
            return rooms::learn(model, msg);
        }
        if acts_on_the_game(&msg) {
            learn::leave(model);
        }
    }
    match msg {
        Msg::Play(input) => game::play(model, input),
        Msg::Undo => travel::undo(model),
        Msg::Redo => travel::redo(model),
        Msg::View(at) => travel::view(model, at),
        Msg::Resume(i) => travel::resume(model, i),
        Msg::ReplaySpeed(speed) => travel::replay_speed(model, speed),
        Msg::SkipReplay => travel::skip_replay(model),
        Msg::ReplayTick => travel::replay_tick(model),
        Msg::Hint => computer::hint(model),
        Msg::Autoplay => computer::autoplay(model),
        Msg::AutoplayPause(ms) => computer::pause(model, ms),
        Msg::AiAnswered { id, answer } => computer::answered(model, id, answer),
        Msg::AutoplayTurn(turn) => computer::turn(model, turn),
        Msg::ChooseSize { width, height } => settings::choose_size(model, width, height),
        Msg::ChooseTarget(target) => settings::choose_target(model, target),
        Msg::Loaded(saved) => saving::loaded(model, *saved),
        Msg::Idle => idle(model),
        Msg::Hidden => saving::flush(model),
        Msg::SaveFailed(problem) => saving::save_failed(model, problem),
        Msg::BestElsewhere(config, best) => game::best_elsewhere(model, config, best),
        Msg::Toggle(panel) => page::toggle(model, panel),
        Msg::ChunkLoaded { chunk, loaded } => code_arrived(model, chunk, loaded),
        Msg::Share => page::share(model),
        Msg::LinkCopied(url) => page::link_copied(model, url),
        Msg::ToggleTheme => settings::toggle_theme(model),
        Msg::SystemDark(dark) => settings::system_dark(model, dark),
        Msg::DismissNote => page::dismiss_note(model),
        Msg::CheckHistory => travel::check_history(model),
        Msg::CodeNeeded(chunk) => code_needed(model, chunk),
        Msg::Time(time) => contest::time(model, time),
        msg @ contest_msgs!() => rooms::contest(model, msg),
        msg @ learn_msgs!() => rooms::learn(model, msg),
        msg @ coach_msgs!() => rooms::coach(model, msg),
    }
}
