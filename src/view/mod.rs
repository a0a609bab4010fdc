//! The Leptos view: `App` owns the one game signal and advances it only with
//! [`step`]; the components below it read derived signals and send inputs
//! through the [`Dispatcher`] in context.
//!
//! Effects live only at the edges: the keyboard and `storage` listeners and
//! the effects that save to localStorage; nothing in a component writes the
//! state while rendering.

mod components;
pub mod keys;
pub mod tiles;

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Meta, Title};
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

use crate::engine::{step, Config, Input, State};
use crate::save;
use crate::storage::{self, Loaded, Problem, Store};
use components::{GameMessage, Grid, Heading, HowToPlay, Intro, StorageNotice, TileLayer};
use keys::{input_for_key, Modifiers};
use tiles::view_tiles;

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
        Loaded::Missing => State::new(config, fresh_seed()),
        Loaded::SetAside { kept, .. } => {
            notice = Some(Notice::SetAside);
            // If the bad save could not be copied aside, leave it where it
            // is rather than write over it.
            save_games = kept;
            State::new(config, fresh_seed())
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
    listen_to_keyboard(dispatcher);
    listen_to_other_tabs(config, stored_best);

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
    let tiles = Memo::new(move |_| state.with(view_tiles));

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
        <div class="container">
            <Heading score=score.into() best=best.into() gain=gain.into()/>
            <Intro/>
            <StorageNotice notice=notice.into()/>
            <div
                class="game-container"
                style=move || {
                    let (w, h) = size.get();
                    format!("--cols:{w};--rows:{h}")
                }
            >
                <GameMessage status=status.into()/>
                <Grid size=size.into()/>
                <TileLayer tiles=tiles/>
            </div>
            <HowToPlay/>
        </div>
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

/// Takes in best scores written by other tabs (the `storage` event fires
/// only for changes made elsewhere).
fn listen_to_other_tabs(config: Config, stored_best: RwSignal<u64>) {
    let key = storage::best_key(config);
    let listener = gloo_events::EventListener::new(&window(), "storage", move |event| {
        let Some(event) = event.dyn_ref::<web_sys::StorageEvent>() else {
            return;
        };
        if event.key().as_deref() != Some(key.as_str()) {
            return;
        }
        if let Some(best) = event
            .new_value()
            .and_then(|v| save::decode_best(&v, config).ok())
        {
            if best > stored_best.get_untracked() {
                stored_best.set(best);
            }
        }
    });
    let listener = SendWrapper::new(listener);
    on_cleanup(move || drop(listener));
}

/// Sends the game's keys to `dispatcher` for as long as the owner lives.
fn listen_to_keyboard(dispatcher: Dispatcher) {
    let listener = gloo_events::EventListener::new_with_options(
        &window(),
        "keydown",
        gloo_events::EventListenerOptions::enable_prevent_default(),
        move |event| {
            let Some(event) = event.dyn_ref::<web_sys::KeyboardEvent>() else {
                return;
            };
            if typing_in_a_field(event) {
                return;
            }
            let modifiers = Modifiers {
                alt: event.alt_key(),
                ctrl: event.ctrl_key(),
                meta: event.meta_key(),
                shift: event.shift_key(),
            };
            if let Some(input) = input_for_key(&event.key(), modifiers) {
                // Only keys the game handles: arrows must not scroll the page,
                // and every other key keeps its usual meaning.
                event.prevent_default();
                dispatcher.send(input);
            }
        },
    );
    let listener = SendWrapper::new(listener);
    on_cleanup(move || drop(listener));
}

/// Whether the key press belongs to a text field rather than to the game.
fn typing_in_a_field(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// A seed for a game nobody asked to replay. The only randomness outside the
/// engine, drawn once at start-up.
fn fresh_seed() -> u64 {
    let draw = || (js_sys::Math::random() * (1u64 << 32) as f64) as u64;
    (draw() << 32) | draw()
}
