//! The panels under the board, and where each one's code stands. A
//! panel's view is not in the page's first download: it is a chunk of wasm
//! of its own, fetched the first time the panel opens (the split points are
//! in `src/main.rs`, the fetch in `src/web/runner.rs`). Whether a chunk is
//! loading, loaded or failed is part of the [`Model`](super::Model), changed
//! by `update` alone: opening a panel whose code is missing asks for it
//! ([`Cmd::LoadPanel`]), and the runner's [`Msg::PanelLoaded`] says how that
//! went.
//!
//! [`Cmd::LoadPanel`]: super::Cmd::LoadPanel
//! [`Msg::PanelLoaded`]: super::Msg::PanelLoaded

/// The panels under the board; at most one is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    History,
    Stats,
    Settings,
}

/// Where one panel's code stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Code {
    /// Not asked for yet.
    #[default]
    Missing,
    /// Asked for; the panel shows that it is loading.
    Loading,
    /// Here: the panel draws itself.
    Loaded,
    /// The last fetch failed (offline on a first visit, a missing or
    /// damaged file). The panel says so; the next open asks again.
    Failed,
}

/// The code of every panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelCode {
    history: Code,
    stats: Code,
    settings: Code,
}

impl PanelCode {
    /// Where `panel`'s code stands.
    pub fn of(&self, panel: Panel) -> Code {
        *self.slot(panel)
    }

    fn slot(&self, panel: Panel) -> &Code {
        match panel {
            Panel::History => &self.history,
            Panel::Stats => &self.stats,
            Panel::Settings => &self.settings,
        }
    }

    fn slot_mut(&mut self, panel: Panel) -> &mut Code {
        match panel {
            Panel::History => &mut self.history,
            Panel::Stats => &mut self.stats,
            Panel::Settings => &mut self.settings,
        }
    }

    /// `panel` has just opened: whether its code must be fetched (missing,
    /// or failed the last time). If so it is now loading.
    pub fn ask(&mut self, panel: Panel) -> bool {
        let code = self.slot_mut(panel);
        let fetch = matches!(code, Code::Missing | Code::Failed);
        if fetch {
            *code = Code::Loading;
        }
        fetch
    }

    /// The fetch of `panel`'s code ended; `false` if nothing was loading.
    pub fn arrived(&mut self, panel: Panel, loaded: bool) -> bool {
        let code = self.slot_mut(panel);
        if *code != Code::Loading {
            return false;
        }
        *code = if loaded { Code::Loaded } else { Code::Failed };
        true
    }
}
