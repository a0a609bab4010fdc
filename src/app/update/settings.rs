//! The rules of the settings: choosing a board size (its own saved game,
//! read from storage) or a target (a new game), and the theme, chosen or
//! the system's.

use super::super::choices::{offered_size, offered_target};
use super::super::cmd::Cmd;
use super::super::ignored::Ignored;
use super::super::model::Model;
use super::super::saved::Load;
use super::common::{changed, Outcome};
use super::contest;
use crate::engine::Config;
use crate::session::stored::Theme;

/// Switches to another board size: its own game comes from storage
/// (`Cmd::Load`, answered by `Msg::Loaded`). Only sizes the settings offer.
/// A contest on the board makes way for the player's own game first.
pub fn choose_size(model: &mut Model, width: u8, height: u8) -> Outcome {
    let current = model.config();
    let config = Config::new(width, height, current.target)
        .filter(|_| offered_size(width, height))
        .ok_or(Ignored::NotHere)?;
    if config.same_size(current) {
        return Err(Ignored::NoChange);
    }
    let shown = contest::put_own_game_on_board(model);
    model.travel.go_live();
    let mut cmds = vec![Cmd::Load(config, Load::Switch)];
    cmds.extend(shown);
    Ok(cmds)
}

/// Starts a new game on this size with another target (`None`: endless).
/// Only targets the settings offer; a contest on the board makes way.
pub fn choose_target(model: &mut Model, target: Option<u64>) -> Outcome {
    let current = model.config();
    let config = Config::new(current.width, current.height, target)
        .filter(|_| offered_target(target))
        .ok_or(Ignored::NotHere)?;
    if config == current {
        return Err(Ignored::NoChange);
    }
    let shown = contest::put_own_game_on_board(model);
    model.travel.go_live();
    model.game.start(config);
    model.storage.set_saving(true);
    changed(model);
    let mut cmds = vec![Cmd::SaveSettings(config)];
    cmds.extend(shown);
    Ok(cmds)
}

/// Switches between the light and the dark theme, and remembers the choice
/// (from then on the system's scheme is no longer followed).
pub fn toggle_theme(model: &mut Model) -> Outcome {
    let next = if model.settings.dark() {
        Theme::Light
    } else {
        Theme::Dark
    };
    model.settings.theme = Some(next);
    Ok(vec![Cmd::SaveTheme(next)])
}

/// The system's colour scheme changed. The page shows it (style/ follows
/// `prefers-color-scheme` by itself) unless the player picked a theme.
pub fn system_dark(model: &mut Model, dark: bool) -> Outcome {
    if model.settings.system_dark == dark {
        return Err(Ignored::NoChange);
    }
    model.settings.system_dark = dark;
    Ok(Vec::new())
}
