//! The Leptos view: `App` owns the one game signal and advances it only with
//! [`step`]; the components below it read derived signals and send inputs
//! through the [`Dispatcher`] in context.
//!
//! Effects live only at the edges: the keyboard and `storage` listeners and
//! the effects that save to localStorage; nothing in a component writes the
//! state while rendering.

pub mod ai_client;
mod components;
mod edges;
pub mod keys;
pub mod swipe;
pub mod tiles;
pub mod words;

pub(crate) use edges::{css_animation, restart};

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Meta, Title};

use crate::engine::{step, Config, Input, State};
use crate::storage::{Loaded, Problem, Store, Theme};
use components::{
    Announcer, Controls, GameMessage, Grid, Heading, HowToPlay, Intro, StorageNotice, TileLayer,
};
use tiles::{keep_places, view_tiles};
use words::announce;

/// The write side of the game, handed to children through context. The only
/// thing a child can do to the game is send it an [`Input`].
#[derive(Clone, Copy)]
pub struct Dispatcher(Callback<Input>);

impl Dispatcher {
    pub fn send(&self, input: Input) {
        self.0.run(input);
    }
}

/// The dispatcher provided by `App`. Components call this rather than
/// `use_context` directly so a missing provider is one clear message.
pub fn use_dispatcher() -> Dispatcher {
    use_context::<Dispatcher>().expect("Dispatcher is provided by App")
}

/// The whole game. Owns the state signal; everything below it is a view of
/// that signal.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    let config = Config::default();
    let store = Store::open();
    let mut notice = (!store.available()).then_some(Notice::Unavailable);

    // The game in progress comes back from storage when it passes every
    // check; anything else starts a new game.
    let mut save_games = true;
    let initial = match store.load_game(config) {
        Loaded::Valid(state) => state,
        Loaded::Missing => State::new(config, edges::fresh_seed()),
        Loaded::SetAside { kept, .. } => {
            notice = Some(Notice::SetAside);
            // If the bad save could not be copied aside, leave it where it
            // is rather than write over it.
            save_games = kept;
            State::new(config, edges::fresh_seed())
        }
    };
    let stored_best = RwSignal::new(match store.load_best(config) {
        Loaded::Valid(best) => best,
        Loaded::Missing | Loaded::SetAside { .. } => 0,
    });
    let notice = RwSignal::new(notice);
    let (state, set_state) = signal(initial);

    // dispatch(input) = set(step(input, current)). A no-op input gives an
    // equal state; skipping the write keeps every view still.
    let dispatcher = Dispatcher(Callback::new(move |input: Input| {
        let next = state.with_untracked(|s| step(input, s));
        if state.with_untracked(|s| *s != next) {
            set_state.set(next);
        }
    }));
    provide_context(dispatcher);
    edges::listen_to_keyboard(dispatcher);
    edges::listen_to_other_tabs(config, stored_best);

    let score = Memo::new(move |_| state.with(|s| s.score));
    // Never lower than any score reached here or known to storage.
    let best = Memo::new(move |prev: Option<&u64>| {
        prev.copied()
            .unwrap_or(0)
            .max(stored_best.get())
            .max(score.get())
    });

    // Saving is an effect at the edge: it watches the state and writes
    // storage, and writes no signal but the notice, which only the view reads.
    let report = move |result: Result<(), Problem>| {
        if let Err(problem) = result {
            let problem = Some(Notice::from(problem));
            if notice.get_untracked() != problem
                && notice.get_untracked() != Some(Notice::Unavailable)
            {
                notice.set(problem);
            }
        }
    };
    Effect::new(move |_| {
        if save_games {
            report(state.with(|s| store.save_game(s)));
        }
    });
    Effect::new(move |_| report(store.save_best(config, best.get())));
    let gain = Memo::new(move |_| {
        state.with(|s| {
            s.last
                .as_ref()
                .map(|t| (s.moves, t.gained))
                .filter(|&(_, g)| g > 0)
        })
    });
    let status = Memo::new(move |_| state.with(|s| s.status));
    let size = Memo::new(move |_| state.with(|s| (s.board.width(), s.board.height())));
    let tiles = Memo::new(move |prev: Option<&Vec<_>>| {
        state.with(|s| keep_places(prev.map_or(&[], |p| p.as_slice()), view_tiles(s)))
    });
    let words = Memo::new(move |_| state.with(announce));

    // The theme: the system's unless the player chose one here.
    let theme = RwSignal::new(store.load_theme());
    let system_dark = edges::system_prefers_dark();
    let dark = Memo::new(move |_| theme.get().map_or(system_dark, |t| t == Theme::Dark));
    Effect::new(move |_| edges::apply_theme(theme.get()));
    let toggle_theme = Callback::new(move |()| {
        let next = if dark.get_untracked() {
            Theme::Light
        } else {
            Theme::Dark
        };
        theme.set(Some(next));
        report(store.save_theme(next));
    });

    let board = NodeRef::<leptos::html::Div>::new();
    board.on_load(move |el| edges::listen_to_swipes(&el, dispatcher));

    view! {
        <Title text="2048"/>
        <Meta
            name="description"
            content="Join the numbers and get to the 2048 tile. A 2048 written in Rust and Leptos."
        />
        <Meta name="viewport" content="width=device-width, initial-scale=1"/>
        // The one colour outside style/: browsers read theme-color before any
        // stylesheet. It is the page background of style/main.css.
        <Meta name="theme-color" content="#faf8ef"/>
        <main class="container">
            <Heading score best gain/>
            <Intro/>
            <StorageNotice notice=notice.read_only()/>
            <div
                class="game-container"
                node_ref=board
                style=move || {
                    let (w, h) = size.get();
                    format!("--cols:{w};--rows:{h}")
                }
            >
                <GameMessage status/>
                <Grid size=size/>
                <TileLayer tiles=tiles/>
            </div>
            <Announcer text=words/>
            <Controls dark toggle_theme/>
            <HowToPlay/>
        </main>
    }
}

/// What the player is told about storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// No storage: nothing will be kept.
    Unavailable,
    /// A write failed; the last good save stays.
    WriteFailed,
    /// The saved game failed its checks and was set aside.
    SetAside,
}

impl From<Problem> for Notice {
    fn from(problem: Problem) -> Self {
        match problem {
            Problem::Unavailable => Notice::Unavailable,
            Problem::WriteFailed => Notice::WriteFailed,
        }
    }
}
