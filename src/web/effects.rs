//! The effect runner: the only code that carries out what `update` asks:
//! storage, the AI worker, timers, the clipboard, the address bar, the
//! theme attribute and the live region. What it learns on the way (a
//! failed write, what storage held, the AI's answer, a tick) it reports as
//! a [`Msg`], never by touching the model.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;

use super::ai_client::AiClient;
use super::browser;
use super::runtime::Dispatch;
use super::storage::Store;
use crate::app::{Effect, Msg};
use crate::session::stored::Problem;

/// What the runner holds: storage, the AI client, the replay ticker and the
/// live region's text.
pub struct Runner {
    store: Store,
    ai: AiClient,
    ticker: RefCell<Option<IntervalHandle>>,
    announcement: RwSignal<String>,
}

impl Runner {
    pub fn new(store: Store) -> Self {
        Runner {
            store,
            ai: AiClient::new(),
            ticker: RefCell::new(None),
            announcement: RwSignal::new(String::new()),
        }
    }

    /// What the live region says (the runner's `Announce` effects).
    pub fn announcement(&self) -> ReadSignal<String> {
        self.announcement.read_only()
    }

    /// Carries out one effect; replies go to `dispatch`.
    pub fn run(&self, effect: Effect, dispatch: Dispatch) {
        let report = |result: Result<(), Problem>| {
            if let Err(problem) = result {
                dispatch.send(Msg::SaveFailed(problem));
            }
        };
        match effect {
            Effect::SaveGame(state) => report(self.store.save_game(&state)),
            Effect::SaveHistory(history) => report(self.store.save_history(&history)),
            Effect::SaveBest(config, best) => report(self.store.save_best(config, best)),
            Effect::SaveStats(config, stats) => report(self.store.save_stats(config, &stats)),
            Effect::SaveSettings(config) => report(self.store.save_settings(config)),
            Effect::SaveTheme(theme) => report(self.store.save_theme(theme)),
            Effect::ShowTheme(theme) => browser::show_theme(theme),
            Effect::Load(config, load) => {
                let saved = self.store.load_saved(config, load);
                dispatch.send(Msg::Loaded(Box::new(saved)));
            }
            Effect::AskAi {
                id,
                board,
                budget_ms,
            } => self.ai.ask(&board, budget_ms, move |answer| {
                dispatch.send(Msg::AiAnswered { id, answer })
            }),
            Effect::CancelAi => self.ai.cancel(),
            Effect::StartTicker { every_ms } => self.start_ticker(every_ms, dispatch),
            Effect::StopTicker => self.stop_ticker(),
            Effect::After { ms, then } => {
                set_timeout(move || dispatch.send(*then), millis(ms));
            }
            Effect::CopyLink(url) => {
                let copied = url.clone();
                browser::copy(&url, move || dispatch.send(Msg::LinkCopied(copied)));
            }
            Effect::ClearQuery => browser::clear_query(),
            Effect::Announce(text) => self.announcement.set(text),
        }
    }

    fn start_ticker(&self, every_ms: u32, dispatch: Dispatch) {
        self.stop_ticker();
        let tick = move || dispatch.send(Msg::ReplayTick);
        if let Ok(handle) = set_interval_with_handle(tick, millis(every_ms)) {
            *self.ticker.borrow_mut() = Some(handle);
        }
    }

    fn stop_ticker(&self) {
        if let Some(handle) = self.ticker.borrow_mut().take() {
            handle.clear();
        }
    }
}

fn millis(ms: u32) -> Duration {
    Duration::from_millis(ms.into())
}
