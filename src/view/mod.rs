//! The Leptos view: `App` owns the one game signal, a [`History`] whose
//! present is the game's [`State`], and advances it only with [`step`]
//! (through [`History::apply`]); undo, redo and time travel move the
//! history's cursor beside it. The components below read derived signals
//! and send [`Command`]s through the [`Dispatcher`] in context.
//!
//! Effects live only at the edges: the keyboard, swipe and `storage`
//! listeners, the replay timer, and the effects that save to localStorage;
//! nothing in a component writes the state while rendering.

pub mod ai_client;
mod components;
mod computer;
mod edges;
pub mod keys;
mod panels;
pub mod swipe;
pub mod tiles;
pub mod words;

pub(crate) use edges::{css_animation, restart};

use std::time::Duration;

use leptos::prelude::*;
use leptos_meta::{provide_meta_context, Meta, Title};

use crate::engine::{Config, Input};
use crate::history::History;
use crate::replay;
use crate::stats;
use crate::storage::{Loaded, Problem, Store, Theme};
use components::{
    Announcer, Controls, GameMessage, Grid, Heading, HowToPlay, Intro, StorageNotice, TileLayer,
};
use computer::{Computer, HintLine};
use panels::{Inspector, LinkNotice, Panels, ReplayBar};
use tiles::{keep_places, view_tiles};
use words::announce;

/// Everything the page can ask of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// An input to the game: `step` it.
    Play(Input),
    /// Back one input (the exact earlier state, its future spawns included).
    Undo,
    /// Forward one undone input.
    Redo,
    /// Open or close a panel.
    Toggle(Panel),
    /// Show the state after this many inputs on the board, read-only (the
    /// inspector's scrubbing), or the present again.
    View(Option<usize>),
    /// Make the state after this many inputs the present and play on from
    /// it (the later inputs stay, as a redo list, until the next move).
    Resume(usize),
    /// Switch to this board size (its own saved game) or, for the same
    /// size, start a game with this target.
    Configure(Config),
    /// Replay speed, in moves a second.
    ReplaySpeed(u32),
    /// End a replay at its last move, ready to play on.
    SkipReplay,
    /// Ask the computer for a move.
    Hint,
    /// Start or stop the computer playing.
    Autoplay,
    /// The pause between the computer's moves, in milliseconds.
    AutoplayPause(u32),
}

/// The panels under the board; at most one is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    History,
    Stats,
    Settings,
}

/// What the board shows: the present, an earlier state (scrubbing in the
/// inspector) or a shared game being replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Live,
    Scrub(usize),
    Replay,
}

/// The write side of the game, handed to children through context. The only
/// thing a child can do to the game is send it a [`Command`].
#[derive(Clone, Copy)]
pub struct Dispatcher(Callback<Command>);

impl Dispatcher {
    pub fn send(&self, input: Input) {
        self.0.run(Command::Play(input));
    }

    pub fn command(&self, command: Command) {
        self.0.run(command);
    }
}

/// The dispatcher provided by `App`. Components call this rather than
/// `use_context` directly so a missing provider is one clear message.
pub fn use_dispatcher() -> Dispatcher {
    use_context::<Dispatcher>().expect("Dispatcher is provided by App")
}

/// A session read from storage, and what the player must be told about it.
struct Session {
    history: History,
    notice: Option<Notice>,
    /// False when a bad save could not be copied aside: it is left where it
    /// is rather than written over.
    save: bool,
}

/// The saved game of `config`'s size with its history. The history is used
/// when its present is the saved game; a game saved without one (or with a
/// history that does not end in it) resumes with undo starting there.
fn load_session(store: &Store, config: Config) -> Session {
    let mut notice = None;
    let mut save = true;
    let game = match store.load_game(config) {
        Loaded::Valid(state) => Some(state),
        Loaded::Missing => None,
        Loaded::SetAside { kept, .. } => {
            notice = Some(Notice::SetAside);
            save &= kept;
            None
        }
    };
    let history = match store.load_history(config) {
        Loaded::Valid(h) => Some(h),
        Loaded::Missing => None,
        Loaded::SetAside { kept, .. } => {
            notice.get_or_insert(Notice::DataSetAside);
            save &= kept;
            None
        }
    };
    let history = match (game, history) {
        (Some(game), Some(h)) if *h.present() == game => h,
        (Some(game), _) => History::resume(game),
        (None, Some(h)) => h,
        (None, None) => History::new(config, edges::fresh_seed()),
    };
    Session {
        history,
        notice,
        save,
    }
}

/// A stored value, or the default when it is missing or set aside (with a
/// notice for the latter).
fn or_default<T: Default>(loaded: Loaded<T>, notice: &mut Option<Notice>) -> T {
    match loaded {
        Loaded::Valid(v) => v,
        Loaded::Missing => T::default(),
        Loaded::SetAside { .. } => {
            notice.get_or_insert(Notice::DataSetAside);
            T::default()
        }
    }
}

/// The whole game. Owns the state signal; everything below it is a view of
/// that signal.
#[component]
pub fn App() -> impl IntoView {
    provide_meta_context();
    let store = Store::open();
    let mut notice = (!store.available()).then_some(Notice::Unavailable);
    let mut config = match store.load_settings() {
        Loaded::Valid(c) => c,
        _ => Config::default(),
    };

    // A link (`?replay=`) or a seed (`?seed=`) starts its own game; anything
    // wrong with either is said on the page and a fresh game starts.
    let mut link_message = None;
    let mut replaying = false;
    let query = edges::take_query();
    let from_link = if let Some(link) = query.replay {
        match replay::open(&link) {
            Ok(mut h) => {
                config = h.config();
                replaying = h.seek(0) && h.can_redo();
                Some(h)
            }
            Err(e) => {
                link_message = Some(format!(
                    "This replay link cannot be opened: {}",
                    e.message()
                ));
                None
            }
        }
    } else if let Some(seed) = query.seed {
        match replay::parse_seed(&seed) {
            Some(seed) => Some(History::new(config, seed)),
            None => {
                link_message = Some(
                    "The seed in this link is not a whole number from 0 to \
                     18446744073709551615, so a random game has started."
                        .to_string(),
                );
                None
            }
        }
    } else {
        None
    };
    let (history, save) = match from_link {
        Some(h) => (h, true),
        // A bad link plays a fresh game that is not saved, so the player's
        // own game of this size stays in storage for their next visit.
        None if link_message.is_some() => (History::new(config, edges::fresh_seed()), false),
        None => {
            let session = load_session(&store, config);
            notice = notice.or(session.notice);
            (session.history, session.save)
        }
    };
    app_view(store, history, notice, save, replaying, link_message)
}

fn app_view(
    store: Store,
    initial: History,
    notice: Option<Notice>,
    save: bool,
    replaying: bool,
    link_message: Option<String>,
) -> impl IntoView {
    let mut notice = notice;
    let first = initial.config();
    let stored_best = RwSignal::new(store.best_or_zero(first));
    let stats = RwSignal::new(or_default(store.load_stats(first), &mut notice));
    let notice = RwSignal::new(notice);
    let link_message = RwSignal::new(link_message);
    let save_games = StoredValue::new(save);

    // The one game signal.
    let history = RwSignal::new(initial);
    let mode = RwSignal::new(if replaying { Mode::Replay } else { Mode::Live });
    let panel = RwSignal::new(None::<Panel>);
    let speed = RwSignal::new(4u32);

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

    // Counts what the present adds to the size's statistics.
    let observe = move || {
        let changed = history.with_untracked(|h| {
            let id = stats::game_id(h);
            let mut changed = false;
            stats.update(|s| changed = s.observe(id, h.present()));
            changed
        });
        if changed {
            let config = history.with_untracked(History::config);
            stats.with_untracked(|s| report(store.save_stats(config, s)));
        }
    };

    let switch_to = move |config: Config| {
        let current = history.with_untracked(History::config);
        if config == current {
            return;
        }
        let same_size = (config.width, config.height) == (current.width, current.height);
        let mut session = if same_size {
            Session {
                history: History::new(config, edges::fresh_seed()),
                notice: None,
                save: true,
            }
        } else {
            load_session(&store, config)
        };
        let mut note = session.notice.take();
        stored_best.set(store.best_or_zero(config));
        stats.set(or_default(store.load_stats(config), &mut note));
        if note.is_some() && notice.get_untracked() != Some(Notice::Unavailable) {
            notice.set(note);
        }
        save_games.set_value(session.save);
        mode.set(Mode::Live);
        history.set(session.history);
        report(store.save_settings(history.with_untracked(History::config)));
    };

    let live = move || mode.get_untracked() == Mode::Live;
    let computer = Computer::new(history, mode);
    let dispatcher = Dispatcher(Callback::new(move |command: Command| match command {
        // dispatch(input) = history.apply(input), which is step(input,
        // present) recorded. A no-op input changes nothing; skipping the
        // write keeps every view still.
        Command::Play(input) => {
            if live() {
                let mut changed = false;
                history.maybe_update(|h| {
                    changed = h.apply(input);
                    changed
                });
                if changed {
                    observe();
                }
            }
        }
        Command::Undo => {
            if live() {
                history.maybe_update(History::undo);
            }
        }
        Command::Redo => {
            if live() {
                history.maybe_update(History::redo);
            }
        }
        Command::Toggle(p) => toggle(panel, mode, p),
        Command::View(at) => {
            if mode.get_untracked() != Mode::Replay && panel.get_untracked() == Some(Panel::History)
            {
                let len = history.with_untracked(History::len);
                mode.set(match at {
                    Some(i) if i <= len => Mode::Scrub(i),
                    _ => Mode::Live,
                });
            }
        }
        Command::Resume(i) => {
            if mode.get_untracked() != Mode::Replay {
                history.maybe_update(|h| h.seek(i));
                mode.set(Mode::Live);
            }
        }
        Command::Configure(config) => switch_to(config),
        Command::ReplaySpeed(s) => speed.set(s.clamp(1, 1000)),
        Command::SkipReplay => {
            if mode.get_untracked() == Mode::Replay {
                history.maybe_update(|h| h.seek(h.len()));
                mode.set(Mode::Live);
            }
        }
        Command::Hint => {
            if live() {
                computer.hint();
            }
        }
        Command::Autoplay => computer.toggle_autoplay(live()),
        Command::AutoplayPause(ms) => computer.pause.set(ms.min(2000)),
    }));
    provide_context(dispatcher);
    computer.connect(dispatcher);
    edges::listen_to_keyboard(dispatcher);

    let config = Memo::new(move |_| history.with(History::config));
    edges::listen_to_other_tabs(config, stored_best);

    // What the board shows: the present, or the state being inspected.
    let shown = Memo::new(move |_| match mode.get() {
        Mode::Scrub(i) => history.with(|h| h.state_at(i).unwrap_or_else(|| h.present().clone())),
        Mode::Live | Mode::Replay => history.with(|h| h.present().clone()),
    });

    // A replay plays the shared game's inputs one by one: redo, on a timer.
    Effect::new(move |_| {
        if mode.get() != Mode::Replay {
            return;
        }
        let every = Duration::from_millis(1000 / speed.get().max(1) as u64);
        let timer = set_interval_with_handle(
            move || {
                history.maybe_update(History::redo);
                if !history.with_untracked(History::can_redo) {
                    mode.set(Mode::Live);
                }
            },
            every,
        );
        if let Ok(timer) = timer {
            on_cleanup(move || timer.clear());
        }
    });

    let score = Memo::new(move |_| shown.with(|s| s.score));
    // Never lower than any score reached here or known to storage for this
    // size.
    let best = Memo::new(move |prev: Option<&(Config, u64)>| {
        let config = config.get();
        let prev = prev.filter(|p| same_size(p.0, config)).map_or(0, |p| p.1);
        let present = history.with(|h| h.present().score);
        (config, prev.max(stored_best.get()).max(present))
    });
    let best_score = Memo::new(move |_| best.get().1.max(score.get()));

    // Saving is an effect at the edge: it watches the game and writes
    // storage, and writes no signal but the notice, which only the view
    // reads.
    Effect::new(move |_| {
        history.with(|h| {
            if save_games.get_value() {
                report(store.save_session(h));
            }
        });
    });
    Effect::new(move |_| {
        let (config, best) = best.get();
        report(store.save_best(config, best));
    });
    let gain = Memo::new(move |_| {
        shown.with(|s| {
            s.last
                .as_ref()
                .map(|t| (s.moves, t.gained))
                .filter(|&(_, g)| g > 0)
        })
    });
    let status = Memo::new(move |_| shown.with(|s| s.status));
    let size = Memo::new(move |_| shown.with(|s| (s.board.width(), s.board.height())));
    let tiles = Memo::new(move |prev: Option<&Vec<_>>| {
        shown.with(|s| keep_places(prev.map_or(&[], |p| p.as_slice()), view_tiles(s)))
    });
    let words = Memo::new(move |_| shown.with(announce));
    let target = Memo::new(move |_| config.get().target);

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

    let history = history.read_only();
    let mode = mode.read_only();
    let can_undo = Memo::new(move |_| mode.get() == Mode::Live && history.with(History::can_undo));
    let can_redo = Memo::new(move |_| mode.get() == Mode::Live && history.with(History::can_redo));
    let viewing = Memo::new(move |_| match mode.get() {
        Mode::Scrub(i) => Some(i),
        _ => None,
    });

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
            <Heading score best=best_score gain/>
            <Intro target/>
            <StorageNotice notice=notice.read_only()/>
            <LinkNotice message=link_message/>
            <ReplayBar history mode speed=speed.read_only()/>
            <div
                class="game-container"
                class:inspecting=move || viewing.get().is_some()
                data-hint=move || computer.hint_direction()
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
            <HintLine computer/>
            <Controls dark toggle_theme can_undo can_redo panel=panel.read_only() history computer/>
            <Panels panel=panel.read_only() stats=stats.read_only() config/>
            {move || (panel.get() == Some(Panel::History)).then(|| view! { <Inspector history viewing/> })}
            <HowToPlay/>
        </main>
    }
}

/// Opens `p`, or closes it if it is open. Closing the inspector returns the
/// board to the present.
fn toggle(panel: RwSignal<Option<Panel>>, mode: RwSignal<Mode>, p: Panel) {
    let open = panel.get_untracked() == Some(p);
    panel.set((!open).then_some(p));
    if matches!(mode.get_untracked(), Mode::Scrub(_)) {
        mode.set(Mode::Live);
    }
}

fn same_size(a: Config, b: Config) -> bool {
    (a.width, a.height) == (b.width, b.height)
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
    /// Other saved data (history, statistics) failed its checks and was set
    /// aside; the game itself is fine.
    DataSetAside,
}

impl From<Problem> for Notice {
    fn from(problem: Problem) -> Self {
        match problem {
            Problem::Unavailable => Notice::Unavailable,
            Problem::WriteFailed => Notice::WriteFailed,
        }
    }
}
