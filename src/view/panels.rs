//! The panels around the board: the history inspector, statistics, board
//! settings, the share link, the replay bar and the link notice. Each reads
//! the signals it is given and sends [`Command`]s through the dispatcher.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::{use_dispatcher, Command, Mode, Panel};
use crate::engine::{max_tile, step, Config, Direction, Input, State};
use crate::history::History;
use crate::replay::{self, Replay};
use crate::stats::Stats;

/// Replay speeds offered, in moves a second.
const SPEEDS: [u32; 6] = [1, 2, 4, 10, 30, 100];

/// How many rows of the inspector's list are drawn around the chosen one.
const ROWS: usize = 11;

/// What is wrong with the link the page was opened with, if anything.
#[component]
pub fn LinkNotice(message: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        {move || message.get().map(|text| view! {
            <p class="link-notice" role="alert">
                {text}
                " "
                <button class="link-notice-close" on:click=move |_| message.set(None)>
                    "OK"
                </button>
            </p>
        })}
    }
}

/// While a shared game replays: how far it is, its speed, and a way to the
/// end.
#[component]
pub fn ReplayBar(
    history: ReadSignal<History>,
    mode: ReadSignal<Mode>,
    speed: ReadSignal<u32>,
) -> impl IntoView {
    let dispatch = use_dispatcher();
    let progress = move || history.with(|h| format!("move {} of {}", h.cursor(), h.len()));
    view! {
        {move || (mode.get() == Mode::Replay).then(|| view! {
            <div class="replay-bar" role="status">
                <span class="replay-progress">"Replaying a shared game: " {progress}</span>
                <label>
                    "Speed "
                    <select
                        class="replay-speed"
                        on:change=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse() {
                                dispatch.command(Command::ReplaySpeed(s));
                            }
                        }
                        inner_html=move || {
                            let chosen = speed.get();
                            options(SPEEDS.into_iter().map(|s| (s.to_string(), format!("{s} moves/s"), s == chosen)))
                        }
                    ></select>
                </label>
                <button class="replay-skip" on:click=move |_| dispatch.command(Command::SkipReplay)>
                    "Skip to the end"
                </button>
            </div>
        })}
    }
}

/// The share button and, once pressed, the link it made.
#[component]
pub fn Share(history: ReadSignal<History>) -> impl IntoView {
    // (link, what happened to it)
    let made = RwSignal::new(None::<(String, &'static str)>);
    let share = move |_| {
        let link = history
            .with_untracked(Replay::from_history)
            .map(|r| replay::encode(&r));
        let Some(link) = link.filter(|l| l.len() <= replay::MAX_LINK_LEN) else {
            made.set(Some((
                String::new(),
                "This game cannot be shared: it began before the undo history \
                 this page holds, or it is too long for a link.",
            )));
            return;
        };
        let location = window().location();
        let url = format!(
            "{}{}?replay={link}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        made.set(Some((url.clone(), "Copy this link:")));
        copy(&url, move || {
            made.update(|m| {
                if let Some(m) = m {
                    m.1 = "Link copied. Anyone who opens it sees this game replayed:";
                }
            })
        });
    };
    view! {
        <button class="share-button" on:click=share>
            "Share"
        </button>
        {move || {
            made.get()
                .map(|(url, said)| {
                    view! {
                        <div class="share-output" role="status">
                            <span>{said}</span>
                            <input
                                class="share-link"
                                readonly
                                aria-label="Link to this game"
                                hidden=url.is_empty()
                                prop:value=url
                                on:focus=move |ev| {
                                    if let Some(el) = ev
                                        .target()
                                        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                                    {
                                        el.select();
                                    }
                                }
                            />
                        </div>
                    }
                })
        }}
    }
}

/// Writes `text` to the clipboard, calling `done` if that worked. A browser
/// that refuses (no permission, no clipboard) leaves the link on screen to
/// copy by hand; the refusal is caught, so it is no console error.
fn copy(text: &str, done: impl FnOnce() + 'static) {
    let clipboard = window().navigator().clipboard();
    let promise = clipboard.write_text(text);
    let ok = Closure::once(move |_: wasm_bindgen::JsValue| done());
    let refused = Closure::once(|_: wasm_bindgen::JsValue| {});
    let _ = promise.then2(&ok, &refused);
    // Each is called at most once, by the promise, after this returns.
    ok.forget();
    refused.forget();
}

/// Statistics and board settings, whichever is open.
#[component]
pub fn Panels(
    panel: ReadSignal<Option<Panel>>,
    stats: ReadSignal<Stats>,
    config: Memo<Config>,
) -> impl IntoView {
    move || match panel.get() {
        Some(Panel::Stats) => Some(view! { <StatsPanel stats config/> }.into_any()),
        Some(Panel::Settings) => Some(view! { <SettingsPanel config/> }.into_any()),
        _ => None,
    }
}

/// The statistics of the board size in play. Numbers and fixed words only,
/// so the tables are one HTML string (a fraction of the wasm a tree of
/// components costs).
#[component]
fn StatsPanel(stats: ReadSignal<Stats>, config: Memo<Config>) -> impl IntoView {
    let size = move || config.with(|c| format!("{}×{}", c.width, c.height));
    let html = move || stats.with(stats_html);
    view! {
        <section class="panel stats-panel" aria-label="Statistics">
            <h2>"Statistics, " {size}</h2>
            <div inner_html=html></div>
        </section>
    }
}

/// The statistics tables: totals, then how often each tile from 8 up was
/// reached (whole percents, rounded).
fn stats_html(s: &Stats) -> String {
    use std::fmt::Write;
    let mut html = String::from("<table class=\"stats-table\"><tbody>");
    for (name, value) in [
        ("Games played", s.played as u64),
        ("Games won", s.won as u64),
        ("Best score", s.best_score),
        ("Best tile", s.best_tile),
        ("Total moves", s.moves),
    ] {
        let _ = write!(
            html,
            "<tr><th scope=\"row\">{name}</th><td>{value}</td></tr>"
        );
    }
    html.push_str(
        "</tbody></table><table class=\"stats-rates\"><caption>How often each tile was \
         reached</caption><thead><tr><th scope=\"col\">Tile</th><th scope=\"col\">Games\
         </th><th scope=\"col\">Share</th></tr></thead><tbody>",
    );
    for (tile, n, percent) in s.rates() {
        if tile >= 8 {
            let _ = write!(
                html,
                "<tr><th scope=\"row\">{tile}</th><td>{n}</td><td>{percent}%</td></tr>"
            );
        }
    }
    html.push_str("</tbody></table>");
    html
}

/// Every board size offered: squares first, then the rest.
fn sizes() -> Vec<(u8, u8)> {
    let mut all: Vec<(u8, u8)> = (3..=8).map(|n| (n, n)).collect();
    for w in 3..=8 {
        for h in 3..=8 {
            if w != h {
                all.push((w, h));
            }
        }
    }
    all
}

/// `<option>`s from `(value, label, selected)`; values and labels are
/// numbers and fixed words, nothing to escape.
fn options(all: impl Iterator<Item = (String, String, bool)>) -> String {
    let mut html = String::new();
    for (value, label, selected) in all {
        let selected = if selected { " selected" } else { "" };
        html.push_str(&format!(
            "<option value=\"{value}\"{selected}>{label}</option>"
        ));
    }
    html
}

/// The targets offered; `None` is endless play.
const TARGETS: [Option<u64>; 5] = [Some(1024), Some(2048), Some(4096), Some(8192), None];

/// Board size and target.
#[component]
fn SettingsPanel(config: Memo<Config>) -> impl IntoView {
    let dispatch = use_dispatcher();
    let choose = move |width: u8, height: u8, target: Option<u64>| {
        if let Some(c) = Config::new(width, height, target) {
            dispatch.command(Command::Configure(c));
        }
    };
    let on_size = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let mut parts = value.split('x').map(|n| n.parse::<u8>().ok());
        if let (Some(Some(w)), Some(Some(h))) = (parts.next(), parts.next()) {
            choose(w, h, config.get_untracked().target);
        }
    };
    let on_target = move |ev: leptos::ev::Event| {
        let c = config.get_untracked();
        let target = event_target_value(&ev).parse::<u64>().ok();
        choose(c.width, c.height, target);
    };
    let note = move || {
        let c = config.get();
        let largest = max_tile(c.width as usize * c.height as usize);
        c.target.filter(|&t| t as u128 > largest).map(|_| {
            format!(
                "The largest tile a {}×{} board can hold is {largest}: this target cannot be reached.",
                c.width, c.height
            )
        })
    };
    view! {
        <section class="panel settings-panel" aria-label="Board">
            <h2>"Board"</h2>
            <label>
                "Size "
                <select
                    class="size-select"
                    on:change=on_size
                    inner_html=move || {
                        config.with(|c| {
                            options(sizes().into_iter().map(|(w, h)| {
                                (format!("{w}x{h}"), format!("{w} × {h}"), (c.width, c.height) == (w, h))
                            }))
                        })
                    }
                ></select>
            </label>
            <label>
                "Target "
                <select
                    class="target-select"
                    on:change=on_target
                    inner_html=move || {
                        let chosen = config.get().target;
                        options(TARGETS.into_iter().map(|t| match t {
                            Some(t) => (t.to_string(), t.to_string(), chosen == Some(t)),
                            None => ("none".into(), "None (endless)".into(), chosen.is_none()),
                        }))
                    }
                ></select>
            </label>
            <p class="settings-help">
                "Each size keeps its own game and best score. A new target starts a new game."
            </p>
            <p class="settings-note">{note}</p>
        </section>
    }
}

/// One row of the inspector: the state after `i` inputs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Row {
    i: usize,
    /// The input that led here (none for the start).
    input: Option<Input>,
    score: u64,
    width: u8,
    /// Tile exponents, row by row (0 for an empty cell).
    cells: Vec<u8>,
    /// Undone: after the cursor, in the redo list.
    undone: bool,
}

fn row(i: usize, input: Option<Input>, state: &State, cursor: usize) -> Row {
    let (w, h) = (state.board.width(), state.board.height());
    let mut cells = vec![0u8; w as usize * h as usize];
    for t in state.board.tiles() {
        cells[t.pos.y as usize * w as usize + t.pos.x as usize] = t.value.trailing_zeros() as u8;
    }
    Row {
        i,
        input,
        score: state.score,
        width: w,
        cells,
        undone: i > cursor,
    }
}

/// The inspector's rows: a button per state, with its input, score and a
/// picture of the board (a cell per tile exponent, coloured by style/).
fn rows_html(rows: &[Row], at: usize) -> String {
    use std::fmt::Write;
    let mut html = String::new();
    for r in rows {
        let class = match (r.undone, r.i == at) {
            (true, true) => "history-row undone chosen",
            (true, false) => "history-row undone",
            (false, true) => "history-row chosen",
            (false, false) => "history-row",
        };
        let current = if r.i == at {
            " aria-current=\"step\""
        } else {
            ""
        };
        let _ = write!(
            html,
            "<li class=\"{class}\"><button class=\"history-entry\" data-i=\"{i}\"{current}>\
             <span class=\"history-index\">{i}</span><span class=\"history-input\">{input}</span>\
             <span class=\"history-score\">{score}</span>\
             <span class=\"mini\" style=\"--cols:{w}\" aria-hidden=\"true\">",
            i = r.i,
            input = input_name(r.input),
            score = r.score,
            w = r.width,
        );
        // m17 stands for every tile from 131072 up (one colour in style/).
        for &e in &r.cells {
            let _ = write!(html, "<i class=\"m{}\"></i>", e.min(17));
        }
        html.push_str("</span></button></li>");
    }
    html
}

fn input_name(input: Option<Input>) -> &'static str {
    match input {
        None => "Start",
        Some(Input::Move(Direction::Up)) => "↑ Up",
        Some(Input::Move(Direction::Down)) => "↓ Down",
        Some(Input::Move(Direction::Left)) => "← Left",
        Some(Input::Move(Direction::Right)) => "→ Right",
        Some(Input::NewGame) => "New game",
        Some(Input::KeepPlaying) => "Keep going",
    }
}

/// The time-travel inspector: every input so far with the score after it
/// and a picture of the board, a slider over all of them, and the check
/// that each state is `step` applied to the one before.
///
/// Only a window of rows around the chosen one is drawn, each computed from
/// the history's nearest checkpoint, so a 10 000-input game costs what a
/// short one does. Mounted only while open: no cost when closed.
#[component]
pub fn Inspector(history: ReadSignal<History>, viewing: Memo<Option<usize>>) -> impl IntoView {
    let dispatch = use_dispatcher();
    let len = Memo::new(move |_| history.with(History::len));
    let cursor = Memo::new(move |_| history.with(History::cursor));
    let at = Memo::new(move |_| viewing.get().unwrap_or_else(|| cursor.get()));
    let rows = Memo::new(move |_| {
        let at = at.get();
        history.with(|h| {
            let hi = (at + ROWS / 2).max(ROWS - 1).min(h.len());
            let lo = hi.saturating_sub(ROWS - 1);
            let Some(mut state) = h.state_at(lo) else {
                return Vec::new();
            };
            let mut rows = vec![row(
                lo,
                lo.checked_sub(1).map(|j| h.inputs()[j]),
                &state,
                h.cursor(),
            )];
            for i in lo + 1..=hi {
                let input = h.inputs()[i - 1];
                state = step(input, &state);
                rows.push(row(i, Some(input), &state, h.cursor()));
            }
            rows
        })
    });
    // The check runs when the inspector opens and when asked again: it
    // replays the whole session, one `step` per input.
    let checks = RwSignal::new(0u32);
    let check = Memo::new(move |_| {
        checks.track();
        history.with_untracked(|h| (h.len(), h.seed(), h.verify()))
    });
    let verdict = move || {
        let (n, seed, result) = check.get();
        let from = match seed {
            Some(seed) => format!("seed {seed}"),
            None => "the saved start".to_string(),
        };
        match result {
            Ok(()) => format!(
                "Checked: replaying all {n} inputs from {from}, every state is step(input, previous state)."
            ),
            Err(i) => format!(
                "Mismatch: replaying from {from}, the state after input {i} is not what was recorded."
            ),
        }
    };
    let stale = move || {
        let (n, _, _) = check.get();
        (len.get() != n).then(|| format!(" ({} inputs since.)", len.get().abs_diff(n)))
    };
    view! {
        <section class="panel history-panel" aria-label="History">
            <h2>"History"</h2>
            <p class="history-position">
                {move || match viewing.get() {
                    Some(i) => format!("Showing the state after {i} of {} inputs (read-only).", len.get()),
                    None => format!("{} inputs, {} in effect.", len.get(), cursor.get()),
                }}
            </p>
            <input
                class="history-slider"
                type="range"
                min="0"
                max=move || len.get().to_string()
                prop:value=move || at.get().to_string()
                aria-label="Input number"
                on:input=move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        dispatch.command(Command::View(Some(i)));
                    }
                }
            />
            <div class="history-actions">
                <button
                    class="resume-button"
                    disabled=move || viewing.get().is_none()
                    on:click=move |_| {
                        if let Some(i) = viewing.get_untracked() {
                            dispatch.command(Command::Resume(i));
                        }
                    }
                >
                    "Resume from here"
                </button>
                <button
                    class="present-button"
                    disabled=move || viewing.get().is_none()
                    on:click=move |_| dispatch.command(Command::View(None))
                >
                    "Back to the present"
                </button>
            </div>
            // The rows are one HTML string (numbers and fixed words only),
            // redrawn as the window moves; a click on a row is read from its
            // data-i.
            <ol
                class="history-list"
                inner_html=move || rows.with(|rows| rows_html(rows, at.get()))
                on:click=move |ev| {
                    let i = ev
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|el| el.closest("[data-i]").ok().flatten())
                        .and_then(|el| el.get_attribute("data-i"))
                        .and_then(|i| i.parse::<usize>().ok());
                    if let Some(i) = i {
                        dispatch.command(Command::View(Some(i)));
                    }
                }
            ></ol>
            <p class="history-check" role="status">
                {verdict}
                {stale}
                " "
                <button class="check-button" on:click=move |_| checks.update(|n| *n += 1)>
                    "Check again"
                </button>
            </p>
        </section>
    }
}
