//! The rules of the page around the game: panels, board settings and what
//! storage answers, the theme, share links, other tabs.

use super::super::effect::Effect;
use super::super::init::{session_from, Load, Saved};
use super::super::log::Ignored;
use super::super::model::{Check, Mode, Model, Notice, Panel, Share};
use super::{game, Outcome};
use crate::engine::Config;
use crate::session::history::History;
use crate::session::replay::{self, Replay};
use crate::session::stored::{Loaded, Problem, Theme};

/// Opens `panel`, or closes it if it is open. Opening the history panel
/// checks the history; leaving it returns the board to the present.
pub fn toggle(model: &mut Model, panel: Panel) -> Outcome {
    let open = model.panel == Some(panel);
    model.panel = (!open).then_some(panel);
    if model.panel == Some(Panel::History) {
        model.check = Some(Check::of(&model.history));
    }
    if model.viewing().is_some() {
        model.mode = Mode::Live;
        return Ok(vec![game::say(model)]);
    }
    Ok(Vec::new())
}

/// Another size loads that size's own game (through storage: `Load`); the
/// same size with another target starts a new game with that target.
pub fn configure(model: &mut Model, config: Config) -> Outcome {
    let current = model.config();
    if config == current {
        return Err(Ignored::NoChange);
    }
    let mut effects = Vec::new();
    if model.mode == Mode::Replaying {
        effects.push(Effect::StopTicker);
    }
    model.mode = Mode::Live;
    if !config.same_size(current) {
        effects.push(Effect::Load(config, Load::Switch));
        return Ok(effects);
    }
    let seed = model.draw_seed();
    model.history = History::new(config, seed);
    model.saving = true;
    effects.extend(game::changed(model));
    effects.push(Effect::SaveSettings(config));
    Ok(effects)
}

/// What storage held for a size: the game to play (unless the board holds a
/// linked game), its best score and statistics.
pub fn loaded(model: &mut Model, saved: Saved) -> Outcome {
    let fresh_size = saved.load == Load::Switch;
    if !fresh_size && !saved.config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    let mut note = None;
    if saved.load != Load::Records {
        let seed = model.draw_seed();
        let (history, session_note, saving) =
            session_from(&saved, || History::new(saved.config, seed));
        model.history = history;
        model.saving = saving;
        model.mode = Mode::Live;
        note = session_note;
    }
    model.best = saved.best.max(model.present().score);
    model.stats = match saved.stats {
        Loaded::Valid(stats) => stats,
        Loaded::Missing => Default::default(),
        Loaded::SetAside { .. } => {
            note.get_or_insert(Notice::DataSetAside);
            Default::default()
        }
    };
    if note.is_some() && model.notice != Some(Notice::Unavailable) {
        model.notice = note;
    }
    let mut effects = game::saves(model);
    effects.push(Effect::SaveBest(model.config(), model.best));
    if fresh_size {
        effects.push(Effect::SaveSettings(model.config()));
    }
    effects.push(game::say(model));
    Ok(effects)
}

/// Makes a link that replays this game and asks for it to be copied; a game
/// that cannot be shared says so.
pub fn share(model: &mut Model) -> Outcome {
    let link = Replay::from_history(&model.history)
        .map(|r| replay::encode(&r))
        .filter(|l| l.len() <= replay::MAX_LINK_LEN);
    let Some(link) = link else {
        model.share = Some(Share::Refused);
        return Ok(Vec::new());
    };
    let url = format!("{}?replay={link}", model.page_url);
    model.share = Some(Share::Made(url.clone()));
    Ok(vec![Effect::CopyLink(url)])
}

/// The clipboard holds the link.
pub fn link_copied(model: &mut Model, url: String) -> Outcome {
    match &model.share {
        Some(Share::Made(made)) if *made == url => {
            model.share = Some(Share::Copied(url));
            Ok(Vec::new())
        }
        _ => Err(Ignored::Stale),
    }
}

/// Switches between the light and the dark theme, and remembers the choice.
pub fn toggle_theme(model: &mut Model) -> Outcome {
    let next = if model.dark() {
        Theme::Light
    } else {
        Theme::Dark
    };
    model.theme = Some(next);
    Ok(vec![Effect::ShowTheme(Some(next)), Effect::SaveTheme(next)])
}

/// Closes the note about the page's link.
pub fn dismiss_link_message(model: &mut Model) -> Outcome {
    if model.link_message.take().is_none() {
        return Err(Ignored::NoChange);
    }
    Ok(Vec::new())
}

/// A best score another tab stored: taken if it is of this size and higher.
pub fn best_elsewhere(model: &mut Model, config: Config, best: u64) -> Outcome {
    if !config.same_size(model.config()) {
        return Err(Ignored::Stale);
    }
    if best <= model.best {
        return Err(Ignored::NoChange);
    }
    model.best = best;
    Ok(Vec::new())
}

/// A write failed: say so, once (no storage at all is said already).
pub fn save_failed(model: &mut Model, problem: Problem) -> Outcome {
    let notice = Notice::from(problem);
    if model.notice == Some(notice) || model.notice == Some(Notice::Unavailable) {
        return Err(Ignored::NoChange);
    }
    model.notice = Some(notice);
    Ok(Vec::new())
}

/// Checks the history again: replays it from its start.
pub fn check_history(model: &mut Model) -> Outcome {
    if model.panel != Some(Panel::History) {
        return Err(Ignored::NotHere);
    }
    model.check = Some(Check::of(&model.history));
    Ok(Vec::new())
}

/// Shows or hides the message log.
pub fn toggle_messages(model: &mut Model) -> Outcome {
    model.messages_open = !model.messages_open;
    Ok(Vec::new())
}
