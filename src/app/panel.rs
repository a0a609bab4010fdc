//! The panels under the board: a panel's view is a chunk of wasm fetched
//! the first time the panel opens ([`super::chunks`]).

/// The panels under the board; at most one is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    History,
    Stats,
    Settings,
}
crate::engine::names::by_name!(Panel {
    History,
    Stats,
    Settings
});
