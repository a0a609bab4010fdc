//! The rules of the page around the game: panels, share links, the note
//! about the page's link.

use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::{Model, Panel, Share};
use super::chunks;
use super::common::{say, Outcome};
use crate::session::replay::{self, Replay};

/// Opens `panel`, or closes it if it is open.
pub fn toggle(model: &mut Model, panel: Panel) -> Outcome {
    if model.panel == Some(panel) {
        model.panel = None;
        back_to_the_present(model);
        return Ok(Vec::new());
    }
    Ok(open(model, panel))
}

/// Opens `panel` in place of any other: the one rule of opening a panel,
/// whoever opens it (its button, a key, Review), and the fetch of its
/// chunk if that is missing. Opening the history panel checks the
/// history; any other returns the board to the present.
pub fn open(model: &mut Model, panel: Panel) -> Vec<Cmd> {
    if model.panel == Some(panel) {
        return Vec::new();
    }
    model.panel = Some(panel);
    if panel == Panel::History {
        model.travel.check(model.contest.board(&model.game.own));
    } else {
        back_to_the_present(model);
    }
    chunks::panel_opened(model, panel)
}

/// Leaves the past the history panel showed, if it showed one.
fn back_to_the_present(model: &mut Model) {
    if model.travel.viewing().is_some() {
        model.travel.go_live();
        say(model);
    }
}

/// Makes a link that replays this game and asks for it to be copied; a game
/// that cannot be shared says so. Until the clipboard says it holds the
/// link (`Msg::LinkCopied`), the link is shown to copy by hand.
pub fn share(model: &mut Model) -> Outcome {
    share_as(model, "replay")
}

/// Makes a link of the game on the board under the query `key`
/// (`replay`: to watch it; `race`: to race it) and asks for it to be
/// copied.
pub fn share_as(model: &mut Model, key: &str) -> Outcome {
    let link = Replay::from_history(model.board_game())
        .map(|r| replay::encode(&r))
        .filter(|l| l.len() <= replay::MAX_LINK_LEN);
    let Some(link) = link else {
        return refuse_share(model);
    };
    let url = format!("{}?{key}={link}", model.links.page_url);
    Ok(offer_link(model, url))
}

/// The game on the board cannot be shared: it began before the history
/// held, or it is too long for a link.
pub fn refuse_share(model: &mut Model) -> Outcome {
    model.links.share = Some(Share::Refused);
    Ok(Vec::new())
}

/// Shows the link made, to copy by hand, and asks for it to be copied.
pub fn offer_link(model: &mut Model, url: String) -> Vec<Cmd> {
    model.links.share = Some(Share::Made(url.clone()));
    vec![Cmd::CopyLink(url)]
}

/// The clipboard holds the link.
pub fn link_copied(model: &mut Model, url: String) -> Outcome {
    match &model.links.share {
        Some(Share::Made(made)) if *made == url => {
            model.links.share = Some(Share::Copied(url));
            Ok(Vec::new())
        }
        _ => Err(Ignored::Stale),
    }
}

/// Closes the note: what the player asked that cannot be done, or what
/// the page's link proved.
pub fn dismiss_note(model: &mut Model) -> Outcome {
    model.note.take().ok_or(Ignored::NoChange)?;
    Ok(Vec::new())
}
