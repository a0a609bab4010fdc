//! The command runner: the only code that carries out what `update` asks
//! ([`Cmd`]): storage, the AI workers, timers, the clipboard, the address
//! bar, the theme attribute and the chunks of code fetched when first
//! needed. What it learns on the way (a failed write, what storage held,
//! the AI's answer, a timer's end, a chunk come or not) it reports as a
//! [`Msg`] through the [`Dispatcher`], never by touching the model. Every
//! browser call it makes goes through a door that cannot throw
//! (`browser`, `storage`, `ai_client`).

use std::rc::Rc;

use super::browser;
use super::chunks::{Chunks, Later};
use super::dispatcher::Dispatcher;
use super::storage::Store;
use super::workers::Workers;
use crate::app::{Cmd, Msg};
use crate::session::stored::Problem;

/// What the runner holds: storage, the page's split points and the AI's
/// workers (whose code is one of the chunks).
pub struct Runner {
    store: Store,
    chunks: Chunks,
    workers: Rc<Workers>,
}

impl Runner {
    pub fn new(store: Store, chunks: Chunks) -> Self {
        Runner {
            store,
            chunks,
            workers: Rc::default(),
        }
    }

    /// Carries out one command; replies go to `dispatcher`.
    pub fn run(&self, cmd: Cmd, dispatcher: Dispatcher) {
        let report = |result: Result<(), Problem>| {
            if let Err(problem) = result {
                dispatcher.send(Msg::SaveFailed(problem));
            }
        };
        match cmd {
            Cmd::SaveGame(state) => report(self.store.save_game(&state)),
            Cmd::SaveHistory(history) => report(self.store.save_history(&history)),
            Cmd::SaveBest(config, best) => report(self.store.save_best(config, best)),
            Cmd::SaveStats(config, stats) => report(self.store.save_stats(config, &stats)),
            Cmd::SaveSettings(config) => report(self.store.save_settings(config)),
            Cmd::SaveTheme(theme) => report(self.store.save_theme(theme)),
            Cmd::ShowTheme(theme) => browser::show_theme(theme),
            Cmd::Load(config, load) => {
                let saved = self.store.load_saved(config, load);
                dispatcher.send(Msg::Loaded(Box::new(saved)));
            }
            Cmd::AskAi { .. }
            | Cmd::CancelAi
            | Cmd::WarmAi
            | Cmd::Review { .. }
            | Cmd::CancelReview => {
                // `update` sends these only once the workers' chunk is
                // here (`Msg::ComputerLoaded`), so the call runs at once.
                let running = (self.chunks.workers)(self.workers.clone(), cmd, dispatcher);
                spawn(running, |_| None, dispatcher);
            }
            Cmd::LoadComputer => spawn(
                (self.chunks.load_workers)(),
                |loaded| Some(Msg::ComputerLoaded { loaded }),
                dispatcher,
            ),
            Cmd::LoadPanel(panel) => spawn(
                (self.chunks.load_panel)(panel),
                move |loaded| Some(Msg::PanelLoaded { panel, loaded }),
                dispatcher,
            ),
            Cmd::After { ms, then } => browser::after(ms, move || dispatcher.send(*then)),
            Cmd::CopyLink(url) => {
                let copied = url.clone();
                browser::copy(&url, move || dispatcher.send(Msg::LinkCopied(copied)));
            }
            Cmd::ClearQuery => browser::clear_query(),
        }
    }
}

/// Runs `later` on the page's thread, and sends what `reply` makes of its
/// outcome, if anything.
fn spawn<T: 'static>(
    later: Later<T>,
    reply: impl FnOnce(T) -> Option<Msg> + 'static,
    dispatcher: Dispatcher,
) {
    leptos::task::spawn_local(async move {
        if let Some(msg) = reply(later.await) {
            dispatcher.send(msg);
        }
    });
}
