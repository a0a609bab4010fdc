//! Chunks: code the page fetches when it is first needed. The page's first
//! download holds what the first move needs; each panel's view, and the
//! daily's and races' views, are a chunk of wasm of their own, fetched the
//! first time they are needed (the fetch is in `src/web/runner.rs`).
//!
//! [`chunk_table!`](crate::chunk_table) is the one list of chunks: a row
//! for each, which gives it its slot in [`Chunks`] here and its split point
//! in the page's binary (`src/main.rs`). Adding a chunk is a row there and
//! the view the row names; a [`Chunk`] with no row does not compile.
//!
//! Where each chunk stands is part of the [`Model`](super::Model)
//! ([`Chunks`]), changed by `update` alone (`update/chunks.rs`): what needs
//! a chunk that is missing asks for it (`Cmd::LoadChunk`), and the runner's
//! reply (`Msg::ChunkLoaded`) says how that went. Every chunk's place on
//! the page says so the same way while it is missing or failed
//! (`view::chunk_place`), in the words of [`Chunk::failure`].

use super::panel::Panel;
use super::words;

/// The page's chunks, one row each: the [`Chunk`]; its name, which is its
/// split point's (the build writes the chunk to
/// `split_<name>-<hash>.wasm`: `scripts/bin/wasm-bindgen`,
/// `scripts/chunks.mjs` and `scripts/size.sh`'s budgets go by it); and the
/// component that draws it, a path from the library's root, which only the
/// binary reads; and, after `hands`, what the chunk hands the page as it
/// loads (`web::split_points::Tool`: the card's picture), and, after
/// `rules`, the rooms' rules it hands over (`app::rooms`: the coach's come
/// with each of the three chunks that start a review). The debugger's
/// chunk is not the app's and has no row: the runtime fetches it itself.
///
/// The rows are handed to the macro `$then`: `chunks_slots` below makes
/// each chunk's slot in [`Chunks`], and the page's binary its split point
/// and the `match` that fetches it (`src/main.rs`). Both match on
/// [`Chunk`] row by row, so a chunk with no row does not compile, and a
/// second row for one is an unreachable arm, which the lints refuse.
///
/// A new panel's chunk is its row here and its component; a chunk that is
/// not a panel's needs a [`Chunk`] variant too, and the compiler then asks
/// for its words in [`Chunk::failure`] and the box its line stands in
/// (`view/chunk_place.rs`).
#[macro_export]
macro_rules! chunk_table {
    ($then:ident) => {
        $then! {
            Chunk::Panel(Panel::History) => panel_history: view::panels::HistoryPanel; rules app::rooms::COACH,
            Chunk::Panel(Panel::Stats) => panel_stats: view::panels::StatsPanel,
            Chunk::Panel(Panel::Settings) => panel_settings: view::panels::SettingsPanel,
            Chunk::Contest => contest: view::contest::ContestViews; hands web::card_picture::TOOL; rules app::rooms::CONTEST & app::rooms::COACH,
            Chunk::Learn => learn: view::learn::LearnViews; hands web::deck_store::TOOL; rules app::rooms::LEARN & app::rooms::COACH,
        }
    };
}

/// A chunk of code fetched when first needed. Written by its slot's name
/// (`"panel_history"`, `"learn"`: its file's, `split_learn-*.wasm`),
/// through the reader every enum of names shares (`engine::names`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chunk {
    /// A panel's view, and what only it uses.
    Panel(Panel),
    /// The contest bar, the ghost's board, the result card and the offer
    /// to race.
    Contest,
    /// Learn's walk and Practice, with learn's rules.
    Learn,
}

impl Chunk {
    /// Whether the chunk's views draw with the rooms' style
    /// (style/rooms.css), which comes with the first such chunk and before
    /// its views are drawn: not the contest's, which a reload with a
    /// challenge on the board draws at once, and whose style is the page's.
    pub fn styled_later(self) -> bool {
        !matches!(self, Chunk::Contest)
    }
}

/// Each chunk's slot in [`Chunks`] (`Chunk::index`), `Chunk::ALL` and
/// `Chunk::COUNT`, from [`chunk_table!`](crate::chunk_table).
macro_rules! chunks_slots {
    ($(Chunk::$kind:ident $(($which:path))? => $name:ident: $($view:ident)::+ $(; hands $($tool:ident)::+)? $(; rules $($($rules:ident)::+)&+)?,)*) => {
        /// Each chunk's slot, named as the chunk is.
        #[allow(non_camel_case_types)]
        enum Slot {
            $($name,)*
        }

        impl Chunk {
            /// Every chunk, in the table's order.
            pub const ALL: [Chunk; Chunk::COUNT] = [$(Chunk::$kind $(($which))?,)*];
            /// How many chunks there are.
            pub const COUNT: usize = [$(Slot::$name,)*].len();

            /// Where this chunk is in [`Chunk::ALL`], and its slot in
            /// [`Chunks`].
            pub const fn index(self) -> usize {
                match self {
                    $(Chunk::$kind $(($which))? => Slot::$name as usize,)*
                }
            }
        }

        /// Each chunk's name, in [`Chunk::ALL`]'s order.
        const NAMES: &[&str] = &[$(stringify!($name),)*];

        impl serde::Serialize for Chunk {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(NAMES[self.index()])
            }
        }

        impl<'de> serde::Deserialize<'de> for Chunk {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Chunk, D::Error> {
                crate::engine::names::read(d, NAMES).map(|i| Chunk::ALL[i])
            }
        }
    };
}

crate::chunk_table!(chunks_slots);

impl Chunk {
    /// What the page says in the chunk's place when its code could not be
    /// fetched: that the game plays on, and when it is asked for again.
    pub fn failure(self) -> &'static str {
        match self {
            Chunk::Panel(_) => words::PANEL_NOT_LOADED,
            Chunk::Contest => words::CONTEST_NOT_LOADED,
            Chunk::Learn => words::LEARN_NOT_LOADED,
        }
    }
}

/// Where one chunk stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
crate::engine::names::by_name!(Fetch {
    Missing,
    Loading,
    Loaded,
    Failed
});

/// Where every chunk stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Chunks {
    /// Each chunk's, at its [`Chunk::index`].
    fetches: [Fetch; Chunk::COUNT],
    /// Whether to load every panel's chunk at the first idle moment (the
    /// page has them at hand: a service worker holds them).
    preload: bool,
}
crate::session::object::from_object!(Chunks { fetches, preload });

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
        let panels = Chunk::ALL
            .into_iter()
            .filter(|c| matches!(c, Chunk::Panel(_)));
        panels
            .filter(|&chunk| self.of(chunk) == Fetch::Missing && self.need(chunk))
            .collect()
    }

    /// Where `chunk` stands.
    pub fn of(&self, chunk: Chunk) -> Fetch {
        self.fetches[chunk.index()]
    }

    /// `chunk` is needed now: whether it must be fetched (missing, or
    /// failed the last time), in which case it is now loading.
    pub fn need(&mut self, chunk: Chunk) -> bool {
        let fetch = &mut self.fetches[chunk.index()];
        let asked = matches!(fetch, Fetch::Missing | Fetch::Failed);
        if asked {
            *fetch = Fetch::Loading;
        }
        asked
    }

    /// The fetch of `chunk` ended; `false` if it was not loading.
    pub fn arrived(&mut self, chunk: Chunk, loaded: bool) -> bool {
        let fetch = &mut self.fetches[chunk.index()];
        if *fetch != Fetch::Loading {
            return false;
        }
        *fetch = if loaded { Fetch::Loaded } else { Fetch::Failed };
        true
    }
}
