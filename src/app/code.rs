//! Code the page fetches when it is first needed. The page's first
//! download holds what the first move needs; each panel's view is a chunk
//! of wasm of its own, fetched the first time the panel opens (the split
//! points are in `src/main.rs`, the fetch in `src/web/runner.rs`).
//!
//! Where each chunk stands is part of the [`Model`](super::Model), changed
//! by `update` alone (`update/code.rs`): what needs a chunk that is missing
//! asks for it (`Cmd::LoadPanel`), and the runner's reply
//! (`Msg::PanelLoaded`) says how that went.

/// Where one chunk of code stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Code {
    /// Not asked for yet.
    #[default]
    Missing,
    /// Asked for: the panel says it is loading.
    Loading,
    /// Here.
    Loaded,
    /// The last fetch failed (offline on a first visit, a missing or
    /// damaged file). The panel says so; its next open asks again.
    Failed,
}

impl Code {
    /// It is needed now: whether it must be fetched (missing, or failed
    /// the last time). If so it is now loading.
    pub fn ask(&mut self) -> bool {
        let fetch = matches!(self, Code::Missing | Code::Failed);
        if fetch {
            *self = Code::Loading;
        }
        fetch
    }

    /// The fetch ended; `false` if nothing was loading.
    pub fn arrived(&mut self, loaded: bool) -> bool {
        if *self != Code::Loading {
            return false;
        }
        *self = if loaded { Code::Loaded } else { Code::Failed };
        true
    }
}
