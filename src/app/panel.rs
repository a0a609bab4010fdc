//! The panels under the board: a panel's view is a chunk of wasm fetched
//! the first time the panel opens ([`super::chunks`]).

/// The panels under the board; at most one is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Panel {
    History,
    Stats,
    Settings,
}
