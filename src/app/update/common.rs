//! What several rules share: the outcome of a rule, what follows from a
//! new present, writing what is unsaved, and stopping autoplay. A leaf:
//! it imports none of the rule files.

use super::super::card::result_card;
use super::super::cmd::Cmd;
use super::super::contest::{Card, CardState};
use super::super::ignored::Ignored;
use super::super::model::Model;
use super::super::words::announce;

/// What a rule did: the commands that follow, or why it did nothing.
pub type Outcome = Result<Vec<Cmd>, Ignored>;

/// What follows from a new present: the game to save, the best score
/// raised, and what happened said. Nothing is written here: the changes
/// are marked unsaved, to be written at the next idle moment or when the
/// page hides ([`write_unsaved`]), so no key press waits for storage.
pub fn changed(model: &mut Model) {
    save_game(model);
    let score = model.own_history().present().score;
    if score > model.game.best {
        model.game.best = score;
        model.storage.unsaved.best = true;
    }
    say(model);
}

/// Marks the game on the board and its history unsaved, unless this game
/// is not saved: the player's own, or the challenge's.
pub fn save_game(model: &mut Model) {
    if model.challenge_on_board().is_some() {
        model.storage.unsaved.challenge = true;
    } else if model.storage.saving {
        model.storage.unsaved.game = true;
        model.storage.unsaved.history = true;
    }
}

/// Writes everything unsaved, now. Called when the page is idle or hidden,
/// and before the game, its history or the statistics are replaced by
/// another size's.
pub fn write_unsaved(model: &mut Model) -> Vec<Cmd> {
    let unsaved = std::mem::take(&mut model.storage.unsaved);
    let mut cmds = Vec::new();
    let own = model.own_history();
    if unsaved.game {
        cmds.push(Cmd::SaveGame(own.present().clone()));
    }
    if unsaved.history {
        cmds.push(Cmd::SaveHistory(own.clone()));
    }
    let challenge = model.contest.challenge.as_ref();
    if let Some(challenge) = challenge.filter(|_| unsaved.challenge) {
        cmds.push(Cmd::SaveChallenge(challenge.saved(&model.game.history)));
    }
    if unsaved.best {
        cmds.push(Cmd::SaveBest(model.config(), model.game.best));
    }
    if unsaved.stats {
        cmds.push(Cmd::SaveStats(model.config(), model.game.stats.clone()));
    }
    cmds
}

/// Sets the live region's sentence for the state on the board.
pub fn say(model: &mut Model) {
    model.announcement = announce(&model.shown());
}

/// Stops autoplay (if on) and drops the question in flight, saying `why`.
pub fn stop_autoplay(model: &mut Model, why: Option<String>) -> Vec<Cmd> {
    if !model.computer.autoplay {
        return Vec::new();
    }
    let c = &mut model.computer;
    c.autoplay = false;
    c.pausing = None;
    c.asked = None;
    match why {
        Some(why) => c.say(model.game.history.present(), why),
        None => c.quiet(),
    }
    vec![Cmd::CancelAi]
}

/// Makes the card and asks for it to be sent.
pub fn send_card(model: &mut Model) -> Vec<Cmd> {
    let Some((text, plain)) = result_card(model) else {
        model.contest.card = CardState::Unasked;
        return Vec::new();
    };
    model.contest.card = CardState::Made(Card {
        text: text.clone(),
        plain,
        sent: None,
    });
    vec![Cmd::ShareCard(text)]
}
