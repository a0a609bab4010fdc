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
