//! What the player chose of the page itself: the theme, light or dark or
//! the system's. The board's size and target are the game's own (its
//! `Config`); their rules, with the theme's, are in `update/settings.rs`.

use crate::session::stored::Theme;

/// The page backgrounds of the light and the dark theme, as `theme-color`
/// (browsers read it before any stylesheet, so it repeats style/main.css's
/// `--page-bg` of each theme; `tests/app_update.rs` checks they agree).
pub const THEME_COLOURS: [&str; 2] = ["#faf8ef", "#1d1b19"];

/// The theme chosen and the system's colour scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Settings {
    /// The theme the player chose (`None`: the system's).
    pub theme: Option<Theme>,
    /// Whether the system asks for a dark colour scheme.
    pub system_dark: bool,
}
crate::session::object::from_object!(Settings { theme, system_dark });

impl Settings {
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
}
