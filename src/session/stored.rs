//! What reading storage can find and what writing it can meet, as plain
//! values: the app's rules decide what to do with them
//! ([`crate::app::update`]); only `src/web/storage.rs` produces them.

use super::save::Invalid;

/// What loading a stored value found.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum Loaded<T> {
    /// Nothing stored (or no storage).
    Missing,
    /// A value that passed every check.
    Valid(T),
    /// A value that failed a check; it was copied to the `…:corrupt` key
    /// (`kept` says whether that copy succeeded).
    SetAside { why: Invalid, kept: bool },
}
// Read only from session files (the page makes its own), by one reader of
// tagged enums: a derive made a visitor for each `T`.
crate::session::object::from_tagged!(Loaded<T> { Missing, Valid(_), SetAside { why, kept } });

impl<T> Loaded<T> {
    /// The value, if one passed its checks.
    pub fn valid(self) -> Option<T> {
        match self {
            Loaded::Valid(v) => Some(v),
            Loaded::Missing | Loaded::SetAside { .. } => None,
        }
    }

    /// The value, if one passed its checks, borrowed.
    pub fn valid_ref(&self) -> Option<&T> {
        match self {
            Loaded::Valid(v) => Some(v),
            Loaded::Missing | Loaded::SetAside { .. } => None,
        }
    }

    /// Whether a value failed its checks and was set aside.
    pub fn was_set_aside(&self) -> bool {
        matches!(self, Loaded::SetAside { .. })
    }

    /// Whether a value failed its checks and could not even be copied
    /// aside (it is left where it is, so nothing is written over it).
    pub fn lost(&self) -> bool {
        matches!(self, Loaded::SetAside { kept: false, .. })
    }
}

/// Why progress may not be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The browser refuses storage (disabled, private mode).
    Unavailable,
    /// A write failed (quota exceeded); the last good save is still there.
    WriteFailed,
}
crate::engine::names::by_name!(Problem {
    Unavailable,
    WriteFailed
});

/// A colour theme the player chose (no choice: follow the system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}
crate::engine::names::by_name!(Theme { Light, Dark });

impl Theme {
    /// Its name, as `<html data-theme>` and storage write it.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}
