//! What the app's rule tables share (`tests/app_update.rs`,
//! `tests/app_contest.rs`): the page opened on chosen storage and address,
//! `after` a run of messages, and `check(before, msg, cmds)`, which runs
//! one message and asserts its commands, whole.

// Each test file uses a part of these.
#![allow(dead_code)]

use leptos_2048::ai::bitboard;
use leptos_2048::app::contest::LocalTime;
use leptos_2048::app::model::Note;
use leptos_2048::app::{
    init, update, update_explained, Cmd, Flags, Ignored, Load, Model, Msg, Query, Saved,
};
use leptos_2048::engine::{Config, Direction, Input, State};
use leptos_2048::session::daily::Day;
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::stored::Loaded;

use Direction::{Left, Right, Up};

pub const PAGE: &str = "https://play.example/2048/";

pub fn flags(query: Query) -> Flags {
    Flags {
        storage: true,
        settings: Loaded::Missing,
        theme: None,
        system_dark: false,
        query,
        page_url: PAGE.into(),
        entropy: 7,
        cached: false,
        time: LocalTime {
            day: Day::new(2026, 11, 25).unwrap(),
            second: 12 * 3600,
        },
        shell_game: None,
    }
}

/// What storage holds for a size: nothing but `game`.
pub fn saved(config: Config, load: Load, game: Loaded<State>) -> Saved {
    Saved {
        config,
        load,
        game,
        history: Loaded::Missing,
        best: Loaded::Missing,
        stats: Loaded::Missing,
        challenge: Loaded::Missing,
        dailies: Loaded::Missing,
    }
}

/// The page opened with `flags` and empty storage, storage's answer
/// handled; not idle yet.
pub fn opened_empty(flags: Flags) -> Model {
    let (model, _) = init(&flags);
    let config = model.config();
    let loaded = Msg::Loaded(Box::new(saved(config, Load::Start, Loaded::Missing)));
    after(model, [loaded])
}

/// The page opened with empty storage, storage's answer handled, and what
/// that marked unsaved written.
pub fn fresh() -> Model {
    after(opened_empty(flags(Query::default())), [Msg::Idle])
}

/// The page opened on a saved game with this board, all written.
pub fn playing(picture: &str) -> Model {
    let state = State::from_board(picture.parse().expect("a board picture"), 11);
    let (model, _) = init(&flags(Query::default()));
    let config = model.config();
    let loaded = Msg::Loaded(Box::new(saved(config, Load::Start, Loaded::Valid(state))));
    after(model, [loaded, Msg::Idle])
}

/// `model` after `msgs`, commands ignored.
pub fn after(model: impl Into<Model>, msgs: impl IntoIterator<Item = Msg>) -> Model {
    let mut model = model.into();
    for msg in msgs {
        update(&mut model, msg);
    }
    model
}

/// Runs `msg` on a copy of `before`, asserts that the commands are
/// `expect` (stated from literals and the model before, never from the
/// model the rule made), that the model keeps its invariants, and returns
/// the model after, with why the rule did nothing if it did nothing.
#[track_caller]
pub fn check(before: &Model, msg: Msg, expect: Vec<Cmd>) -> Checked {
    let mut model = before.clone();
    let label = msg.label();
    let (got, ignored) = update_explained(&mut model, msg);
    assert_eq!(got, expect, "the commands of {label}");
    model
        .validate()
        .unwrap_or_else(|e| panic!("{label} broke the model: {e}"));
    Checked { model, ignored }
}

/// The model a `check` row made, and why its message did nothing, if it
/// did nothing; it reads as the model.
#[derive(Clone, Debug)]
pub struct Checked {
    pub model: Model,
    pub ignored: Option<Ignored>,
}

impl std::ops::Deref for Checked {
    type Target = Model;
    fn deref(&self) -> &Model {
        &self.model
    }
}

impl std::ops::DerefMut for Checked {
    fn deref_mut(&mut self) -> &mut Model {
        &mut self.model
    }
}

impl From<Checked> for Model {
    fn from(checked: Checked) -> Model {
        checked.model
    }
}

/// Why the message of a `check` row did nothing.
pub fn ignored(checked: &Checked) -> Option<Ignored> {
    checked.ignored
}

pub fn shared_link() -> String {
    let mut h = History::new(Config::default(), 42);
    for d in [Left, Up, Right, Left] {
        h.apply(Input::Move(d));
    }
    replay::encode(&Replay::from_history(&h).expect("a shareable game"))
}

pub fn opened_with(query: Query) -> (Model, Vec<Cmd>) {
    let (mut model, mut cmds) = init(&flags(query));
    let config = model.config();
    let load = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::Load(_, load) => Some(*load),
            _ => None,
        })
        .expect("init reads storage");
    cmds.extend(update(
        &mut model,
        Msg::Loaded(Box::new(saved(config, load, Loaded::Missing))),
    ));
    (model, cmds)
}

/// What `Cmd::AssessMoves` asks about: each move in the history from `from` to
/// the cursor, with the board it was played on.
pub fn moves_from(m: &Model, from: usize) -> Vec<(usize, u64)> {
    (from..m.board_game().cursor())
        .filter(|&at| matches!(m.board_game().inputs()[at], Input::Move(_)))
        .map(|at| {
            let board = m.board_game().state_at(at).unwrap().board;
            (at, bitboard::from_board(&board).unwrap())
        })
        .collect()
}

/// What the page says cannot be done, if it says so.
pub fn refusal(model: &Model) -> Option<&str> {
    match &model.note {
        Some(Note::Refusal(why)) => Some(why),
        _ => None,
    }
}

/// What the page says its link proved, if it says so.
pub fn proof(model: &Model) -> Option<&str> {
    match &model.note {
        Some(Note::Proof(what)) => Some(what),
        _ => None,
    }
}

/// A page's first message and `n` moves round the board, an idle moment
/// every ten.
pub fn moves_round_the_board(n: usize) -> Vec<Msg> {
    let loaded = Msg::Loaded(Box::new(saved(
        Config::default(),
        Load::Start,
        Loaded::Missing,
    )));
    let dirs = [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ];
    let moves = (0..n).map(move |i| match i % 10 {
        9 => Msg::Idle,
        _ => Msg::Play(Input::Move(dirs[i % 4])),
    });
    std::iter::once(loaded).chain(moves).collect()
}

/// A long life: the page's first message, then moves round the board (the
/// first that changes it), a new game whenever one is over, an idle moment
/// every ten messages, until the history holds `inputs` inputs. Each
/// message goes through `fold`, as the runtime folds it (`update`, or a
/// recording's `fold`); gives the last model.
pub fn long_life(inputs: usize, mut fold: impl FnMut(&mut Model, Msg)) -> Model {
    let flags = flags(Query::default());
    let mut model = init(&flags).0;
    let loaded = saved(Config::default(), Load::Start, Loaded::Missing);
    fold(&mut model, Msg::Loaded(Box::new(loaded)));
    let dirs = [Left, Direction::Down, Right, Up];
    let mut i = 0usize;
    while model.board_game().len() < inputs {
        i += 1;
        let present = model.board_game().present().clone();
        let input = dirs
            .iter()
            .map(|&d| Input::Move(d))
            .find(|&input| leptos_2048::engine::step(input, &present) != present)
            .unwrap_or(Input::NewGame);
        let msg = if i % 10 == 0 {
            Msg::Idle
        } else {
            Msg::Play(input)
        };
        fold(&mut model, msg);
    }
    model
}
