//! The panels under the board, and where each one's code stands: a
//! panel's view is a chunk of wasm fetched the first time the panel opens
//! ([`super::code`]).

use super::code::Code;

/// The panels under the board; at most one is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    History,
    Stats,
    Settings,
}

/// The code of every panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelCode {
    history: Code,
    stats: Code,
    settings: Code,
    /// Whether to load every panel's code at the first idle moment (the
    /// page has it at hand: a service worker holds it).
    preload: bool,
}

/// Every panel.
const PANELS: [Panel; 3] = [Panel::History, Panel::Stats, Panel::Settings];

impl PanelCode {
    /// No panel's code yet; loaded at the first idle moment if `preload`.
    pub fn preloading(preload: bool) -> Self {
        PanelCode {
            preload,
            ..PanelCode::default()
        }
    }

    /// Whether every panel's code is to be loaded at the next idle moment.
    pub fn wants_preload(&self) -> bool {
        self.preload
    }

    /// The idle moment to load every panel's code has come: the panels
    /// whose code is missing, now loading (none if not preloading).
    pub fn preload(&mut self) -> Vec<Panel> {
        if !std::mem::take(&mut self.preload) {
            return Vec::new();
        }
        PANELS
            .into_iter()
            .filter(|&p| self.ask_if_missing(p))
            .collect()
    }

    fn ask_if_missing(&mut self, panel: Panel) -> bool {
        let code = self.slot_mut(panel);
        *code == Code::Missing && code.ask()
    }

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

    /// `panel` has just opened: whether its code must be fetched
    /// ([`Code::ask`]).
    pub fn ask(&mut self, panel: Panel) -> bool {
        self.slot_mut(panel).ask()
    }

    /// The fetch of `panel`'s code ended; `false` if nothing was loading.
    pub fn arrived(&mut self, panel: Panel, loaded: bool) -> bool {
        self.slot_mut(panel).arrived(loaded)
    }
}
