//! The command runner: the only code that carries out what `update` asks
//! ([`Cmd`]): storage, the AI workers, timers, the clipboard, the address
//! bar and the chunks of code fetched when first needed. What it learns on the way (a failed write, what storage held,
//! the AI's answer, a timer's end, a chunk come or not) it reports as a
//! [`Msg`] through the [`Dispatcher`], never by touching the model. Every
//! browser call it makes goes through a door that cannot throw
//! (`browser`, `storage`, `ai_client`).

use wasm_bindgen_futures::JsFuture;

use super::browser;
use super::dispatcher::Dispatcher;
use super::split_points::{self, SplitPoints};
use super::storage::Store;
use super::workers::Workers;
use crate::app::chunks::Chunk;
use crate::app::{Cmd, Msg, Sent};
use crate::session::deck::Deck;
use crate::session::stored::Problem;

/// What the runner holds: storage, the page's split points and the AI's
/// workers.
pub struct Runner {
    store: Store,
    split: SplitPoints,
    workers: Workers,
}

impl Runner {
    pub fn new(store: Store, split: SplitPoints) -> Self {
        Runner {
            store,
            split,
            workers: Workers::default(),
        }
    }

    /// Reads the deck through what learn's chunk handed over (learn's
    /// rules ask only once it is here).
    fn load_deck(&self, dispatcher: Dispatcher) {
        if let Some(deck) = split_points::deck_store() {
            dispatcher.send(Msg::DeckLoaded(Box::new((deck.load)(&self.store))));
        }
    }

    /// Writes the deck through what learn's chunk handed over.
    fn save_deck(&self, deck: &Deck) -> Result<(), Problem> {
        split_points::deck_store().map_or(Ok(()), |d| (d.save)(&self.store, deck))
    }

    /// Fetches `chunk`, and the rooms' style with the first chunk that
    /// draws with it ([`Chunk::styled_later`]): none of such a chunk's views
    /// is drawn before the style is in.
    fn load_chunk(&self, chunk: Chunk, dispatcher: Dispatcher) {
        let loading = (self.split.load)(chunk);
        let styled = chunk
            .styled_later()
            .then(|| JsFuture::from(browser::rooms_style()));
        leptos::task::spawn_local(async move {
            let draw = loading.await;
            if let Some(styled) = styled {
                let _ = styled.await;
            }
            if let Some(draw) = draw {
                split_points::keep(chunk, draw);
            }
            let loaded = draw.is_some();
            dispatcher.send(Msg::ChunkLoaded { chunk, loaded });
        });
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
            Cmd::SaveChallenge(challenge) => report(self.store.save_challenge(&challenge)),
            Cmd::SaveDailies(dailies) => report(self.store.save_dailies(&dailies)),
            Cmd::LoadDeck => self.load_deck(dispatcher),
            Cmd::SaveDeck(deck) => report(self.save_deck(&deck)),
            Cmd::ShareCard(text) => {
                let done = Box::new(move |sent| dispatcher.send(Msg::CardSent(sent)));
                match split_points::share_card() {
                    Some(share_with_picture) => share_with_picture(text, done),
                    None => browser::share_text(&text, done),
                }
            }
            Cmd::CopyCard(text) => browser::copy_then(&text, move |copied| {
                let sent = if copied { Sent::Copied } else { Sent::Shown };
                dispatcher.send(Msg::CardSent(sent))
            }),
            Cmd::SaveSettings(config) => report(self.store.save_settings(config)),
            Cmd::SaveTheme(theme) => report(self.store.save_theme(theme)),
            Cmd::Load(config, load) => {
                let saved = self.store.load_saved(config, load);
                dispatcher.send(Msg::Loaded(Box::new(saved)));
            }
            Cmd::AskAi {
                id,
                board,
                budget_ms,
            } => self.workers.ask(id, &board, budget_ms, dispatcher),
            Cmd::CancelAi => self.workers.cancel(),
            Cmd::WarmAi => self.workers.warm(),
            Cmd::AssessMoves { id, moves } => self.workers.assess(id, moves, dispatcher),
            Cmd::CancelAssessments => self.workers.cancel_assessments(),
            Cmd::LoadChunk(chunk) => self.load_chunk(chunk, dispatcher),
            Cmd::After { ms, then } => browser::after(ms, move || dispatcher.send(*then)),
            Cmd::CopyLink(url) => {
                let copied = url.clone();
                browser::copy(&url, move || dispatcher.send(Msg::LinkCopied(copied)));
            }
            Cmd::ClearQuery => browser::clear_query(),
        }
    }
}
