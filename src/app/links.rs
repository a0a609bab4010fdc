//! Links to the game: the page's own address, which every link starts
//! with, and the share link once the player asked for one. Its rules are
//! in `update/page.rs`.

/// The page's address and the share link made.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Links {
    /// The page's address without its query: share links start with it.
    pub page_url: String,
    /// The share link made, and what happened to it.
    pub share: Option<Share>,
}
crate::session::object::from_object!(Links { page_url, share });

/// The share link, once the player asked for one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Share {
    /// The game cannot be shared (it began before the history held, or it
    /// is too long for a link).
    Refused,
    /// The link, shown to copy by hand.
    Made(String),
    /// The link, and the clipboard holds it.
    Copied(String),
}
crate::session::object::from_tagged!(Share { Refused, Made(_), Copied(_) });
