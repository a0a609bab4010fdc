//! Chunks: code the page fetches when it is first needed. The page's first
//! download holds what the first move needs; each panel's view, and the
//! daily's and races' views, are a chunk of wasm of their own, fetched the
//! first time they are needed (the split points are in `src/main.rs`, the
//! fetch in `src/web/runner.rs`).
//!
//! Where each chunk stands is part of the [`Model`](super::Model)
//! ([`Chunks`]), changed by `update` alone (`update/chunks.rs`): what needs
//! a chunk that is missing asks for it (`Cmd::LoadChunk`), and the runner's
//! reply (`Msg::ChunkLoaded`) says how that went.

use super::panel::Panel;

/// A chunk of code fetched when first needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Chunk {
    /// A panel's view, and what only it uses.
    Panel(Panel),
    /// The contest bar, the ghost's board and the result card.
    Contest,
}

/// Where one chunk stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Fetch {
    /// Not asked for yet.
    #[default]
    Missing,
    /// Asked for: what needs it says it is loading.
    Loading,
    /// Here.
    Loaded,
    /// The last fetch failed (offline on a first visit, a missing or
    /// damaged file). What needs it says so; the next need asks again.
    Failed,
}

/// Where every chunk stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Chunks {
    history: Fetch,
    stats: Fetch,
    settings: Fetch,
    contest: Fetch,
    /// Whether to load every panel's chunk at the first idle moment (the
    /// page has them at hand: a service worker holds them).
    preload: bool,
}

/// Every panel's chunk.
const PANELS: [Chunk; 3] = [
    Chunk::Panel(Panel::History),
    Chunk::Panel(Panel::Stats),
    Chunk::Panel(Panel::Settings),
];

impl Chunks {
    /// No chunk yet; the panels' loaded at the first idle moment if
    /// `preload`.
    pub fn preloading(preload: bool) -> Self {
        Chunks {
            preload,
            ..Chunks::default()
        }
    }

    /// Whether every panel's chunk is to be loaded at the next idle moment.
    pub fn wants_preload(&self) -> bool {
        self.preload
    }

    /// The idle moment to load every panel's chunk has come: the chunks
    /// that were missing, now loading (none if not preloading).
    pub fn preload(&mut self) -> Vec<Chunk> {
        if !std::mem::take(&mut self.preload) {
            return Vec::new();
        }
        PANELS
            .into_iter()
            .filter(|&chunk| self.of(chunk) == Fetch::Missing && self.need(chunk))
            .collect()
    }

    /// Where `chunk` stands.
    pub fn of(&self, chunk: Chunk) -> Fetch {
        *self.slot(chunk)
    }

    /// `chunk` is needed now: whether it must be fetched (missing, or
    /// failed the last time), in which case it is now loading.
    pub fn need(&mut self, chunk: Chunk) -> bool {
        let fetch = self.slot_mut(chunk);
        let asked = matches!(fetch, Fetch::Missing | Fetch::Failed);
        if asked {
            *fetch = Fetch::Loading;
        }
        asked
    }

    /// The fetch of `chunk` ended; `false` if it was not loading.
    pub fn arrived(&mut self, chunk: Chunk, loaded: bool) -> bool {
        let fetch = self.slot_mut(chunk);
        if *fetch != Fetch::Loading {
            return false;
        }
        *fetch = if loaded { Fetch::Loaded } else { Fetch::Failed };
        true
    }

    fn slot(&self, chunk: Chunk) -> &Fetch {
        match chunk {
            Chunk::Panel(Panel::History) => &self.history,
            Chunk::Panel(Panel::Stats) => &self.stats,
            Chunk::Panel(Panel::Settings) => &self.settings,
            Chunk::Contest => &self.contest,
        }
    }

    fn slot_mut(&mut self, chunk: Chunk) -> &mut Fetch {
        match chunk {
            Chunk::Panel(Panel::History) => &mut self.history,
            Chunk::Panel(Panel::Stats) => &mut self.stats,
            Chunk::Panel(Panel::Settings) => &mut self.settings,
            Chunk::Contest => &mut self.contest,
        }
    }
}
