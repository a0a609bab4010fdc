//! What several rules share: the outcome of a rule, what follows from a
//! new present, stopping autoplay, sending the card, and the live region's
//! sentence, whose one writer is [`announce`]. A leaf: it imports none of
//! the rule files, and changes other rooms only through their own doors
//! (`Storage::mark`, `Game::raise_best`, `Computer::stop`,
//! `Contest::card_made`).

use super::super::card::result_card;
use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::{Model, Unsaved};
use super::super::words;

/// What a rule did: the commands that follow, or why it did nothing.
pub type Outcome = Result<Vec<Cmd>, Ignored>;

/// What follows from a new present: the game to save, the best score
/// raised, and what happened said. Nothing is written here: the changes
/// are marked unsaved, to be written at the next idle moment or when the
/// page hides (`saving::write_unsaved`), so no key press waits for
/// storage.
pub fn changed(model: &mut Model) {
    save_game(model);
    if model.game.raise_best() {
        model.storage.mark(Unsaved::BEST);
    }
    say(model);
}

/// Marks the game on the board and its history unsaved, unless this game
/// is not saved: the player's own, or the challenge's.
pub fn save_game(model: &mut Model) {
    if model.challenge_on_board().is_some() {
        model.storage.mark(Unsaved::CHALLENGE);
    } else if model.storage.saving {
        model.storage.mark(Unsaved::GAME);
    }
}

/// The live region says `sentence`: its one writer.
pub fn announce(model: &mut Model, sentence: String) {
    model.announcement = sentence;
}

/// Sets the live region's sentence for the state on the board.
pub fn say(model: &mut Model) {
    let sentence = words::announce(&model.shown());
    announce(model, sentence);
}

/// Stops autoplay (if on) and drops the question in flight, saying `why`.
pub fn stop_autoplay(model: &mut Model, why: Option<String>) -> Vec<Cmd> {
    let present = model.contest.board(&model.game.own).present();
    if model.computer.stop(present, why) {
        vec![Cmd::CancelAi]
    } else {
        Vec::new()
    }
}

/// Makes the card and asks for it to be sent.
pub fn send_card(model: &mut Model) -> Vec<Cmd> {
    let made = result_card(model);
    model
        .contest
        .card_made(made)
        .map(Cmd::ShareCard)
        .into_iter()
        .collect()
}
