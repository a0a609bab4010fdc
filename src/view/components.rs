//! The components under `App`. Each reads only the derived signals it is
//! given and sends inputs through the [`Dispatcher`](super::Dispatcher).

use leptos::prelude::*;

use super::computer::Computer;
use super::panels::Share;
use super::tiles::ViewTile;
use super::{use_dispatcher, Command, Notice, Panel};
use crate::engine::{Input, Status};
use crate::history::History;

/// Title and the two score boxes.
#[component]
pub fn Heading(
    /// The current game's score.
    score: Memo<u64>,
    /// The best score known.
    best: Memo<u64>,
    /// The last move's gain, with the move number that keys its animation.
    gain: Memo<Option<(u32, u64)>>,
) -> impl IntoView {
    view! {
        <div class="heading">
            <h1 class="title">"2048"</h1>
            <ScoreBar score best gain/>
        </div>
    }
}

/// Score and best score, in the original's `.score-container` and
/// `.best-container` (the first text of each is the number).
#[component]
pub fn ScoreBar(
    /// The current game's score.
    score: Memo<u64>,
    /// The best score known.
    best: Memo<u64>,
    /// The last move's gain, with the move number that keys its animation.
    gain: Memo<Option<(u32, u64)>>,
) -> impl IntoView {
    // One "+N" element for the whole game: its text follows the last gain
    // and its CSS animation is restarted for each new one. Replacing the
    // element per move, as the original does, costs two DOM mutations a
    // move; this costs at most one.
    let shown = Memo::new(move |prev: Option<&Option<u64>>| {
        let latest = gain.get().map(|(_, g)| g);
        match prev {
            // Nothing floats up for the game found on load.
            None => None,
            Some(prev) => latest.or(*prev),
        }
    });
    let addition = NodeRef::<leptos::html::Div>::new();
    // The element's CSS animation, looked up once: asking the browser for an
    // element's animations forces a style recalculation, about a millisecond
    // a move if done on every gain.
    let mut animation = None;
    Effect::new(move |first: Option<()>| {
        let fresh = gain.get().is_some();
        if first.is_some() && fresh {
            if animation.is_none() {
                animation = addition
                    .get_untracked()
                    .and_then(|el| super::css_animation(&el));
            }
            if let Some(animation) = &animation {
                super::restart(animation);
            }
        }
    });
    view! {
        <div class="scores-container">
            <div class="score-container">
                {move || score.get()}
                <div class="score-addition" aria-hidden="true" node_ref=addition>
                    {move || shown.get().map(|g| format!("+{g}"))}
                </div>
            </div>
            <div class="best-container">{move || best.get()}</div>
        </div>
    }
}

/// The line under the heading, with the New Game button.
#[component]
pub fn Intro(
    /// The tile that wins, if any.
    target: Memo<Option<u64>>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let goal = move || match target.get() {
        Some(t) => format!("{t} tile!"),
        None => "biggest tile you can!".to_string(),
    };
    view! {
        <div class="above-game">
            <p class="game-intro">"Join the numbers and get to the " <strong>{goal}</strong></p>
            <button class="restart-button" on:click=move |_| dispatch.send(Input::NewGame)>
                "New Game"
            </button>
        </div>
    }
}

/// A quiet line saying when progress is not being kept, and why.
#[component]
pub fn StorageNotice(
    /// The current storage trouble, if any.
    notice: ReadSignal<Option<Notice>>,
) -> impl IntoView {
    let text = move || {
        notice.get().map(|n| match n {
            Notice::Unavailable => {
                "This browser does not let the game use storage: \
                 your progress and best score will not be kept after you leave."
            }
            Notice::WriteFailed => {
                "Storage is full, so your latest progress could not be saved. \
                 The last saved game is still there."
            }
            Notice::SetAside => {
                "Your saved game could not be read, so a new game has started. \
                 The old save was set aside, not deleted."
            }
            Notice::DataSetAside => {
                "Some saved data (undo history or statistics) could not be read \
                 and was set aside, not deleted. Your game is not affected."
            }
        })
    };
    view! {
        <p class="storage-notice" role="status" hidden=move || notice.get().is_none()>
            {text}
        </p>
    }
}

/// The win / game-over overlay. Always in the DOM (as in the original);
/// shown by its `.game-won` or `.game-over` class.
#[component]
pub fn GameMessage(
    /// The game's status.
    status: Memo<Status>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let class = move || match status.get() {
        Status::Won => "game-message game-won",
        Status::Over => "game-message game-over",
        Status::Playing | Status::Continuing => "game-message",
    };
    let text = move || match status.get() {
        Status::Won => "You win!",
        Status::Over => "Game over!",
        Status::Playing | Status::Continuing => "",
    };
    view! {
        <div class=class>
            <p>{text}</p>
            <div class="lower">
                <button
                    class="keep-playing-button"
                    on:click=move |_| dispatch.send(Input::KeepPlaying)
                >
                    "Keep going"
                </button>
                <button class="retry-button" on:click=move |_| dispatch.send(Input::NewGame)>
                    "Try again"
                </button>
            </div>
        </div>
    }
}

/// The empty cells behind the tiles: `height` rows of `width` cells.
/// Decoration only; assistive technology reads the tiles (see `TileLayer`).
#[component]
pub fn Grid(
    /// Board width and height.
    size: Memo<(u8, u8)>,
) -> impl IntoView {
    let rows = move || {
        let (w, h) = size.get();
        (0..h)
            .map(|_| {
                view! {
                    <div class="grid-row">
                        {(0..w).map(|_| view! { <div class="grid-cell"></div> }).collect_view()}
                    </div>
                }
            })
            .collect_view()
    };
    view! { <div class="grid-container" aria-hidden="true">{rows}</div> }
}

/// The tiles, keyed by id: a move touches only the tiles it changed.
///
/// For assistive technology the tiles are a list whose items read "Row 2,
/// column 3: 128": the place comes from the tile's position class through
/// generated content in style/, so saying where a tile is costs no DOM
/// write beyond the class change that moves it.
#[component]
pub fn TileLayer(
    /// Every tile to draw, sorted by id.
    tiles: Memo<Vec<ViewTile>>,
) -> impl IntoView {
    view! {
        <div class="tile-container" role="list" aria-label="Tiles on the board">
            // Keyed by id and value: an id names one tile within a line of
            // play, but after an undo and a different move, or a jump in the
            // inspector, the same id can be another tile.
            <For each=move || tiles.get() key=|t| (t.id, t.value) let:tile>
                <Tile initial=tile tiles/>
            </For>
        </div>
    }
}

/// One tile. Its value never changes (a merge makes a new tile), so only its
/// class follows the state: position, and whether it is new or merged.
#[component]
pub fn Tile(
    /// The tile as first rendered.
    initial: ViewTile,
    /// The whole tile layer, to find this tile's latest frame in.
    tiles: Memo<Vec<ViewTile>>,
) -> impl IntoView {
    let me = Memo::new(move |prev: Option<&ViewTile>| {
        tiles
            .with(|ts| {
                ts.iter()
                    .find(|t| t.id == initial.id && t.value == initial.value)
                    .copied()
            })
            .or(prev.copied())
            .unwrap_or(initial)
    });
    view! {
        <div class=move || me.with(ViewTile::class) role="listitem">
            <div class="tile-inner">{initial.value}</div>
        </div>
    }
}

/// What the last input did, in words, for screen readers (a polite live
/// region: it waits for the reader to finish).
#[component]
pub fn Announcer(
    /// The sentence to say.
    text: Memo<String>,
) -> impl IntoView {
    view! {
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {move || text.get()}
        </div>
    }
}

/// The buttons under the board.
#[component]
pub fn Controls(
    /// Whether the dark theme is showing.
    dark: Memo<bool>,
    /// Switches between the light and the dark theme.
    toggle_theme: Callback<()>,
    /// Whether there is an input to undo now.
    can_undo: Memo<bool>,
    /// Whether there is an undone input to redo now.
    can_redo: Memo<bool>,
    /// The panel open, if any.
    panel: ReadSignal<Option<Panel>>,
    /// The session, for the share link.
    history: ReadSignal<History>,
    /// The computer player: hint and autoplay.
    computer: Computer,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let toggle = move |p: Panel| move |_| dispatch.command(Command::Toggle(p));
    let open = move |p: Panel| move || (panel.get() == Some(p)).to_string();
    view! {
        <div class="game-controls">
            <button
                class="undo-button"
                disabled=move || !can_undo.get()
                aria-keyshortcuts="U Control+Z Meta+Z"
                on:click=move |_| dispatch.command(Command::Undo)
            >
                "Undo"
            </button>
            <button
                class="redo-button"
                disabled=move || !can_redo.get()
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
                on:click=move |_| dispatch.command(Command::Redo)
            >
                "Redo"
            </button>
            <button
                class="history-button"
                aria-expanded=open(Panel::History)
                aria-keyshortcuts="Shift+?"
                on:click=toggle(Panel::History)
            >
                "History"
            </button>
            <button
                class="hint-button"
                disabled=move || !computer.supported()
                aria-keyshortcuts="I"
                on:click=move |_| dispatch.command(Command::Hint)
            >
                "Hint"
            </button>
            <button
                class="autoplay-button"
                disabled=move || !computer.supported()
                aria-pressed=move || computer.autoplay.get().to_string()
                aria-keyshortcuts="P"
                on:click=move |_| dispatch.command(Command::Autoplay)
            >
                "Autoplay"
            </button>
            <label class="autoplay-speed-label">
                "Pause "
                <select
                    class="autoplay-speed"
                    aria-label="Pause between autoplay moves"
                    on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse() {
                            dispatch.command(Command::AutoplayPause(ms));
                        }
                    }
                    inner_html=AUTOPLAY_PAUSES
                ></select>
            </label>
            <Share history/>
            <button class="stats-button" aria-expanded=open(Panel::Stats) on:click=toggle(Panel::Stats)>
                "Statistics"
            </button>
            <button
                class="settings-button"
                aria-expanded=open(Panel::Settings)
                on:click=toggle(Panel::Settings)
            >
                "Board"
            </button>
            <button
                class="theme-button"
                aria-pressed=move || dark.get().to_string()
                on:click=move |_| toggle_theme.run(())
            >
                "Dark theme"
            </button>
        </div>
    }
}

/// Autoplay's pauses between moves (the thinking time comes on top).
const AUTOPLAY_PAUSES: &str = "<option value=\"0\">none</option>\
<option value=\"100\" selected>0.1 s</option><option value=\"300\">0.3 s</option>\
<option value=\"1000\">1 s</option>";

/// How to play, and every key the game answers to. Static text, so it is
/// one HTML string rather than a tree of components: the same page for a
/// fraction of the wasm.
#[component]
pub fn HowToPlay() -> impl IntoView {
    view! { <div class="game-explanation" inner_html=HOW_TO_PLAY></div> }
}

const HOW_TO_PLAY: &str = "<p><strong>How to play:</strong> Slide the tiles with the arrow \
keys or a swipe. Two tiles with the same number merge into one when they touch. Add them up \
to reach <strong>2048!</strong></p>\
<h2 class=\"visually-hidden\">Keyboard shortcuts</h2>\
<dl class=\"shortcuts\">\
<dt><kbd>← ↑ → ↓</kbd>, <kbd>W A S D</kbd>, <kbd>H J K L</kbd></dt><dd>move the tiles</dd>\
<dt><kbd>R</kbd></dt><dd>new game</dd>\
<dt><kbd>U</kbd>, <kbd>Ctrl Z</kbd></dt><dd>undo</dd>\
<dt><kbd>Ctrl Shift Z</kbd>, <kbd>Ctrl Y</kbd></dt><dd>redo</dd>\
<dt><kbd>?</kbd></dt><dd>history inspector</dd>\
<dt><kbd>I</kbd></dt><dd>hint</dd>\
<dt><kbd>P</kbd></dt><dd>autoplay on or off</dd>\
<dt><kbd>Tab</kbd></dt><dd>reach every button</dd>\
</dl>";
