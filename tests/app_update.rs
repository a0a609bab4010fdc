//! The app's rules above the engine, one row each: `check(before, msg,
//! cmds)` runs `update` on a copy of `before`, asserts the commands it
//! returned — whole values, payloads included — and returns the model
//! after, for the row to check what else must hold. Boards are ASCII
//! pictures (rows split by `/`, `.` empty), as in `engine_rules.rs`. Then a
//! table of `subscriptions`, and property tests: no sequence of messages
//! panics or breaks the model's invariants; `update` is deterministic.

use leptos_2048::ai::protocol::Advice;
use leptos_2048::ai::review::{Assessment, Grade, CERTAIN};
use leptos_2048::app::chunks::{Chunk, Chunks, Fetch};
use leptos_2048::app::coach::moves_made;
use leptos_2048::app::computer::{Purpose, BUDGET_MS, MAX_PAUSE_MS};
use leptos_2048::app::contest::LocalTime;
use leptos_2048::app::debugger::{Entry, Recording, RECORD_LEN};
use leptos_2048::app::model::{Record, Records, Refusal, Scored, MAX_SPEED, THEME_COLOURS};
use leptos_2048::app::rooms;
use leptos_2048::app::travel::row_number;
use leptos_2048::app::words::theme_button;
use leptos_2048::app::words::ONLY_4X4;
use leptos_2048::app::{
    init, subscriptions, update, update_explained, Cmd, Flags, Ignored, Load, Mode, Model, Msg,
    MsgKind, Notice, Panel, Query, Saved, Sent, Share, Subs,
};
use leptos_2048::engine::{Config, Direction, Input, State, Status};
use leptos_2048::session::contest::{Against, SavedChallenge};
use leptos_2048::session::daily::Day;
use leptos_2048::session::deck::Deck;
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save::Invalid;
use leptos_2048::session::stats::Stats;
use leptos_2048::session::stored::{Loaded, Problem, Theme};
use proptest::prelude::*;
use strum::IntoEnumIterator;

use Direction::{Down, Left, Right, Up};

mod support;
use support::*;

fn advice(direction: Option<Direction>) -> Advice {
    Advice {
        direction,
        reason: "Because.".into(),
        depth: 3,
        refined: 0,
        nodes: 100,
        elapsed_ms: None,
        evaluator: None,
        target: None,
        values: None,
        ends: None,
    }
}

fn answer(id: u32, direction: Direction) -> Msg {
    Msg::AiAnswered {
        id,
        answer: Ok(advice(Some(direction))),
    }
}

/// The id of the question in flight.
fn asked(model: &Model) -> u32 {
    model
        .computer
        .asked
        .as_ref()
        .expect("a question in flight")
        .id
}

/// The commands that write the game, its history and the best score of
/// `m`, the model before an idle moment (what that moment writes after a
/// move that set a new best): the rows state what was there to write,
/// not what the rule left.
fn game_history_best(m: &Model) -> Vec<Cmd> {
    vec![
        Cmd::SaveGame(m.board_game().present().clone()),
        Cmd::SaveHistory(m.board_game().clone()),
        Cmd::SaveBest(m.config(), m.game.best),
    ]
}

// ─── Play ────────────────────────────────────────────────────────────────

#[test]
fn a_move_steps_says_it_and_writes_nothing_until_the_page_is_idle() {
    let before = playing("2 2 . . / . . . . / . . . . / . . . .");
    let moved = check(&before, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(moved.board_game().present().score, 4);
    assert_eq!(moved.board_game().len(), 1);
    assert_eq!(moved.game.best, 4);
    assert_eq!(moved.game.stats.played, 1);
    assert!(moved
        .announcement
        .starts_with("Moved left. 2 and 2 merged into 4. Score 4."));
    let written = check(&moved, Msg::Idle, {
        let mut cmds = game_history_best(&moved);
        cmds.push(Cmd::SaveStats(Config::default(), moved.game.stats.clone()));
        cmds
    });
    assert!(!written.storage.unsaved.any());
    let again = check(&written, Msg::Idle, vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
}

#[test]
fn a_hidden_page_writes_at_once() {
    let moved = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let hidden = check(&moved, Msg::Hidden, {
        let mut cmds = game_history_best(&moved);
        cmds.push(Cmd::SaveStats(Config::default(), moved.game.stats.clone()));
        cmds
    });
    assert!(!hidden.storage.unsaved.any());
}

#[test]
fn a_move_that_changes_nothing_is_not_recorded() {
    let before = playing("2 . . . / . . . . / . . . . / . . . .");
    let after = check(&before, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(ignored(&after), Some(Ignored::NoChange));
    assert_eq!(after.board_game(), before.board_game());
    assert!(!after.storage.unsaved.any());
}

#[test]
fn statistics_count_a_game_once() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let moved = after(model, [Msg::Play(Input::Move(Left)), Msg::Idle]);
    // Undo and redo see the same game again: no new count, no stats write.
    let undone = check(&moved, Msg::Undo, vec![]);
    let redone = check(&undone, Msg::Redo, vec![]);
    assert_eq!(redone.game.stats, moved.game.stats);
    check(&redone, Msg::Idle, {
        vec![
            Cmd::SaveGame(redone.board_game().present().clone()),
            Cmd::SaveHistory(redone.board_game().clone()),
        ]
    });
}

#[test]
fn undo_gives_back_the_state_before_and_redo_the_one_after() {
    let model = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let moved = model.board_game().present().clone();
    let undone = check(&model, Msg::Undo, vec![]);
    assert_eq!(undone.board_game().present().score, 0);
    assert_eq!(undone.announcement, "New game. Score 0.");
    let redone = check(&undone, Msg::Redo, vec![]);
    assert_eq!(*redone.board_game().present(), moved);
    let nothing = check(&redone, Msg::Redo, vec![]);
    assert_eq!(ignored(&nothing), Some(Ignored::NoChange));
}

#[test]
fn new_game_and_keep_going_are_inputs_like_moves() {
    let model = playing("1024 1024 . . / . . . . / . . . . / . . . .");
    let won = check(&model, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(won.board_game().present().status, Status::Won);
    assert!(won
        .announcement
        .ends_with("You win! Keep going or try again."));
    let going = check(&won, Msg::Play(Input::KeepPlaying), vec![]);
    assert_eq!(going.board_game().present().status, Status::Continuing);
    let new = check(&going, Msg::Play(Input::NewGame), vec![]);
    assert_eq!((new.board_game().present().score, new.game.best), (0, 2048));
}

#[test]
fn only_a_move_played_scores_the_points_that_float_up() {
    let model = playing("2 2 4 4 / . . . . / . . . . / . . . .");
    assert_eq!(model.game.scored, None, "nothing scored on opening");
    let merged = check(&model, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(merged.game.scored, Some(Scored { n: 1, points: 12 }));
    // A move that merges nothing scores nothing: the last points stay.
    let slid = check(&merged, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(slid.game.scored, merged.game.scored);
    // Undo, redo, time travel and resuming show other scores, score none.
    let undone = check(&merged, Msg::Undo, vec![]);
    let redone = check(&undone, Msg::Redo, vec![]);
    assert_eq!(
        (undone.game.scored, redone.game.scored),
        (merged.game.scored, merged.game.scored)
    );
    let open = check(&merged, Msg::Toggle(Panel::History), loads(Panel::History));
    let viewing = check(&open, Msg::View(Some(0)), vec![]);
    let resumed = check(&viewing, Msg::Resume(0), vec![]);
    assert_eq!(
        (viewing.game.scored, resumed.game.scored),
        (merged.game.scored, merged.game.scored)
    );
    // The next scoring move is the next number.
    let twice = after(
        playing("2 2 . . / 2 2 . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    assert_eq!(twice.game.scored.map(|s| s.n), Some(2));
    assert!(
        twice.game.scored.is_some_and(|s| s.points >= 8),
        "the two 4s merged"
    );
}

#[test]
fn the_line_under_the_board_speaks_of_the_board_shown() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let hinted = after(model.clone(), [Msg::Hint]);
    let hinted = check(&hinted, answer(asked(&hinted), Left), vec![]);
    assert_eq!(
        hinted.computer_line().as_deref(),
        Some("Hint: move left. Because.")
    );
    // The past shown, the hint on the present is not said beside it.
    let past = after(hinted, [Msg::Toggle(Panel::History), Msg::View(Some(0))]);
    assert_eq!(past.computer_line(), None);
    let back = check(&past, Msg::View(None), vec![]);
    assert_eq!(
        back.computer_line().as_deref(),
        Some("Hint: move left. Because.")
    );
}

/// `model` after the first move that changes its board.
fn a_move(model: Model) -> Model {
    for d in [Left, Up, Right, Down] {
        let moved = after(model.clone(), [Msg::Play(Input::Move(d))]);
        if moved.board_game().len() > model.board_game().len() {
            return moved;
        }
    }
    panic!("no move changes the board");
}

#[test]
fn a_new_game_is_not_a_move_in_the_historys_rows_and_lines() {
    let two = a_move(a_move(playing("2 2 . . / . . . . / . . . . / . . . .")));
    let new = after(
        two,
        [Msg::Play(Input::NewGame), Msg::Toggle(Panel::History)],
    );
    assert_eq!(new.history_line(), "0 moves so far.");
    let model = a_move(new);
    let h = model.board_game();
    assert_eq!(h.len(), 4, "two moves, a New Game, a move");
    let rows: Vec<Option<u32>> = h
        .states(0, 4)
        .iter()
        .map(|(_, input, state)| row_number(*input, state))
        .collect();
    assert_eq!(rows, [Some(0), Some(1), Some(2), None, Some(1)]);
    let first = h.state_at(0).unwrap().moves;
    for (i, _, state) in h.states(0, 4) {
        assert_eq!(moves_made(h.inputs(), first, i), state.moves, "board {i}");
    }
    assert_eq!(model.history_line(), "1 move so far.");
    assert_eq!(
        model.check_line(),
        "Checked: playing the 2 moves again gives every board in the list. (1 move since.)"
    );
    let lines = [(2, 2, 2), (3, 0, 1), (4, 1, 1)].map(|(i, made, of)| {
        let shown = after(model.clone(), [Msg::View(Some(i))]);
        let said =
            format!("Showing the board after move {made} of {of}: look only, or resume from here.");
        (shown.history_line(), said)
    });
    for (line, said) in lines {
        assert_eq!(line, said);
    }
    let undone = after(model.clone(), [Msg::Undo]);
    assert_eq!(
        undone.history_line(),
        "1 move, the last 1 undone: Redo brings it back."
    );
    let again = after(model, [Msg::CheckHistory]);
    assert_eq!(
        again.check_line(),
        "Checked: playing the 3 moves again gives every board in the list."
    );
}

#[test]
fn the_historys_check_is_of_the_game_on_the_board() {
    let model = after(
        playing("2 2 . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left)), Msg::Toggle(Panel::History)],
    );
    assert_eq!(
        model.check_line(),
        "Checked: playing the 1 move again gives every board in the list."
    );
    let later = after(model, [Msg::Play(Input::Move(Up))]);
    assert!(
        later.check_line().ends_with(" (1 move since.)"),
        "{}",
        later.check_line()
    );
    // Another game on the board (another size): not this check's.
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let five = after(
        later,
        [Msg::Loaded(Box::new(saved(
            five,
            Load::Switch,
            Loaded::Missing,
        )))],
    );
    assert_eq!(five.config(), Config::new(5, 5, Some(2048)).unwrap());
    assert_eq!(five.check_line(), "This game is not checked yet.");
}

#[test]
fn the_theme_button_names_what_it_will_do() {
    let model = fresh();
    assert_eq!(theme_button(model.settings.dark()), "Dark theme");
    let dark = check(&model, Msg::ToggleTheme, vec![Cmd::SaveTheme(Theme::Dark)]);
    assert_eq!(theme_button(dark.settings.dark()), "Light theme");
}

// ─── The board shows the past: read-only ─────────────────────────────────

fn viewing_the_start() -> Model {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    after(
        model,
        [
            Msg::Play(Input::Move(Left)),
            Msg::Toggle(Panel::History),
            Msg::View(Some(0)),
        ],
    )
}

#[test]
fn viewing_needs_the_history_panel() {
    let model = after(
        playing("2 2 . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let closed = check(&model, Msg::View(Some(0)), vec![]);
    assert_eq!(ignored(&closed), Some(Ignored::NotHere));
    let open = check(&model, Msg::Toggle(Panel::History), loads(Panel::History));
    let viewing = check(&open, Msg::View(Some(0)), vec![]);
    assert_eq!(viewing.travel.mode, Mode::Viewing(0));
    assert_eq!(viewing.shown().score, 0);
    assert_eq!(viewing.board_game().present().score, 4, "the present stays");
    assert_eq!(viewing.announcement, "New game. Score 0.");
    let back = check(&viewing, Msg::View(None), vec![]);
    assert_eq!(back.travel.mode, Mode::Live);
}

#[test]
fn undo_redo_moves_and_hints_are_ignored_while_viewing_the_past() {
    let model = viewing_the_start();
    for msg in [
        Msg::Undo,
        Msg::Redo,
        Msg::Play(Input::Move(Right)),
        Msg::Hint,
    ] {
        let label = msg.label();
        let after = check(&model, msg, vec![]);
        assert_eq!(ignored(&after), Some(Ignored::ReadOnly), "{label}");
        assert_eq!(after.board_game(), model.board_game());
    }
}

#[test]
fn closing_the_history_panel_returns_to_the_present() {
    let after = check(&viewing_the_start(), Msg::Toggle(Panel::History), vec![]);
    assert_eq!(after.travel.mode, Mode::Live);
    assert_eq!(after.panel, None);
    assert!(after.announcement.starts_with("Moved left."));
}

#[test]
fn resume_makes_the_viewed_state_the_present() {
    let after = check(&viewing_the_start(), Msg::Resume(0), vec![]);
    assert_eq!(after.travel.mode, Mode::Live);
    assert_eq!(after.board_game().cursor(), 0);
    assert!(
        after.board_game().can_redo(),
        "the later input stays as redo"
    );
    assert!(after.storage.unsaved.game && after.storage.unsaved.history);
}

#[test]
fn the_history_is_checked_on_opening_and_on_asking() {
    let model = after(
        playing("2 2 . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let closed = check(&model, Msg::CheckHistory, vec![]);
    assert_eq!(ignored(&closed), Some(Ignored::NotHere));
    let open = check(&model, Msg::Toggle(Panel::History), loads(Panel::History));
    let first = open
        .travel
        .verification
        .clone()
        .expect("checked on opening");
    assert_eq!((first.inputs, first.result), (1, Ok(())));
    let moved = after(open, [Msg::Play(Input::Move(Up))]);
    let again = check(&moved, Msg::CheckHistory, vec![]);
    let second = again.travel.verification.clone().unwrap();
    assert_eq!((second.inputs, second.result), (2, Ok(())));
}

/// Asks for `panel`'s code (and the statistics, for learn's: its rules
/// read the deck they count).
fn loads(panel: Panel) -> Vec<Cmd> {
    let mut cmds = vec![Cmd::LoadChunk(Chunk::Panel(panel))];
    if panel == Panel::Stats {
        cmds.push(Cmd::LoadChunk(Chunk::Learn));
    }
    cmds
}

#[test]
fn a_panels_code_is_fetched_on_its_first_open_and_again_after_a_failure() {
    let model = fresh();
    assert_eq!(model.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Missing);
    // The first open asks for the code; the panel shows it is loading.
    let open = check(&model, Msg::Toggle(Panel::Stats), loads(Panel::Stats));
    assert_eq!(open.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Loading);
    // Closed and opened again while loading: asked once, not twice.
    let closed = check(&open, Msg::Toggle(Panel::Stats), vec![]);
    let reopened = check(&closed, Msg::Toggle(Panel::Stats), vec![]);
    assert_eq!(
        reopened.chunks.of(Chunk::Panel(Panel::Stats)),
        Fetch::Loading
    );
    // It failed: the panel says so, and the game plays on.
    let failed = PanelLoaded(Panel::Stats, false);
    let down = check(&reopened, failed.clone(), vec![]);
    assert_eq!(down.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Failed);
    assert_eq!(down.panel, Some(Panel::Stats));
    let moved = check(&down, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(moved.board_game().len(), 1);
    // The next open asks again, and this time it comes (learn's code,
    // asked with the first, is still on its way: not asked twice).
    let shut = check(&moved, Msg::Toggle(Panel::Stats), vec![]);
    let stats_again = vec![Cmd::LoadChunk(Chunk::Panel(Panel::Stats))];
    let retry = check(&shut, Msg::Toggle(Panel::Stats), stats_again);
    let here = check(&retry, PanelLoaded(Panel::Stats, true), vec![]);
    assert_eq!(here.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Loaded);
    // Loaded stays loaded: later opens ask for nothing.
    let shut = check(&here, Msg::Toggle(Panel::Stats), vec![]);
    let again = check(&shut, Msg::Toggle(Panel::Stats), vec![]);
    assert_eq!(again.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Loaded);
    // An answer nobody asked for is stale, and changes nothing.
    let stale = check(&again, failed, vec![]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
    assert_eq!(stale.chunks.of(Chunk::Panel(Panel::Stats)), Fetch::Loaded);
    // Each panel has its own code.
    let other = check(&again, Msg::Toggle(Panel::Settings), loads(Panel::Settings));
    assert_eq!(
        other.chunks.of(Chunk::Panel(Panel::History)),
        Fetch::Missing
    );
}

#[test]
fn every_chunk_in_the_table_has_a_slot_of_its_own() {
    assert_eq!(Chunk::ALL.len(), Chunk::COUNT);
    for chunk in Chunk::ALL {
        let mut chunks = Chunks::default();
        assert!(chunks.need(chunk), "{chunk:?} was not missing");
        for other in Chunk::ALL {
            let expected = if other == chunk {
                Fetch::Loading
            } else {
                Fetch::Missing
            };
            assert_eq!(
                chunks.of(other),
                expected,
                "{other:?} once {chunk:?} is asked for"
            );
        }
    }
}

#[allow(non_snake_case)]
fn PanelLoaded(panel: Panel, loaded: bool) -> Msg {
    Msg::ChunkLoaded {
        chunk: Chunk::Panel(panel),
        loaded,
    }
}

#[test]
fn on_a_visit_a_service_worker_serves_every_panels_code_is_loaded_at_the_first_idle_moment() {
    let loaded = opened_empty(Flags {
        cached: true,
        ..flags(Query::default())
    });
    let config = loaded.config();
    // The statistics opened before the page was idle: asked for already.
    let open = check(&loaded, Msg::Toggle(Panel::Stats), loads(Panel::Stats));
    assert!(subscriptions(&open).idle, "waiting for an idle moment");
    let idle = check(&open, Msg::Idle, {
        vec![
            Cmd::SaveGame(open.board_game().present().clone()),
            Cmd::SaveHistory(open.board_game().clone()),
            Cmd::SaveBest(config, 0),
            Cmd::WarmAi,
            Cmd::LoadChunk(Chunk::Panel(Panel::History)),
            Cmd::LoadChunk(Chunk::Panel(Panel::Settings)),
        ]
    });
    assert!(!subscriptions(&idle).idle, "nothing left to do when idle");
    let here = after(
        idle,
        [
            PanelLoaded(Panel::History, true),
            PanelLoaded(Panel::Settings, true),
        ],
    );
    // Opened now, the settings ask for nothing: their code is here.
    let settings = check(&here, Msg::Toggle(Panel::Settings), vec![]);
    assert_eq!(
        settings.chunks.of(Chunk::Panel(Panel::Settings)),
        Fetch::Loaded
    );
    // A first visit (no service worker yet) loads a panel's code only when
    // it opens.
    let first = check(&fresh(), Msg::Idle, vec![]);
    assert_eq!(
        first.chunks.of(Chunk::Panel(Panel::History)),
        Fetch::Missing
    );
}

// ─── Replays of shared links ─────────────────────────────────────────────

fn replaying() -> (Model, Vec<Cmd>) {
    opened_with(Query {
        replay: Some(shared_link()),
        ..Query::default()
    })
}

#[test]
fn a_link_replays_its_game_then_plays_on() {
    let (model, cmds) = replaying();
    assert_eq!(
        cmds[..2],
        [Cmd::ClearQuery, Cmd::Load(Config::default(), Load::Records)]
    );
    assert_eq!(model.title(), "Replay · 2048");
    assert_eq!(model.travel.mode, Mode::Replaying);
    assert_eq!(model.board_game().cursor(), 0);
    let ignored_move = check(&model, Msg::Play(Input::Move(Left)), vec![]);
    assert_eq!(ignored(&ignored_move), Some(Ignored::ReadOnly));
    let ticked = after(model, [Msg::ReplayTick, Msg::ReplayTick, Msg::ReplayTick]);
    assert_eq!(ticked.board_game().cursor(), 3);
    let last = check(&ticked, Msg::ReplayTick, vec![]);
    assert_eq!(
        (last.travel.mode, last.board_game().cursor()),
        (Mode::Live, 4)
    );
    assert!(last.announcement.starts_with("Moved left."));
    let stale = check(&last, Msg::ReplayTick, vec![]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn a_link_says_what_its_game_proved_replayed() {
    let mut shared = History::new(Config::default(), 42);
    for d in [Left, Up, Right, Left] {
        shared.apply(Input::Move(d));
    }
    let end = shared.present();
    let (model, _) = replaying();
    let said = format!(
        "Replayed move by move: {} points in 4 moves, top tile {}.",
        end.score,
        end.board.max_value()
    );
    assert_eq!(proof(&model), Some(said.as_str()));
    assert_eq!(refusal(&model), None);
    let dismissed = check(&model, Msg::DismissNote, vec![]);
    assert_eq!(dismissed.note, None);
    // A fresh game, or a link that proved nothing, says nothing of the kind.
    assert_eq!(proof(&fresh()), None);
    let (bad, _) = opened_with(Query {
        replay: Some("not-a-link".into()),
        ..Query::default()
    });
    assert_eq!(proof(&bad), None);
    assert!(refusal(&bad).is_some(), "what is wrong with it instead");
}

#[test]
fn a_replay_can_be_skipped_and_its_speed_is_clamped() {
    let (model, _) = replaying();
    let faster = check(&model, Msg::ReplaySpeed(10), vec![]);
    assert_eq!(faster.travel.speed, 10);
    let same = check(&faster, Msg::ReplaySpeed(10), vec![]);
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
    assert_eq!(check(&model, Msg::ReplaySpeed(0), vec![]).travel.speed, 1);
    assert_eq!(
        check(&model, Msg::ReplaySpeed(5000), vec![]).travel.speed,
        MAX_SPEED
    );
    let skipped = check(&faster, Msg::SkipReplay, vec![]);
    assert_eq!(
        (skipped.travel.mode, skipped.board_game().cursor()),
        (Mode::Live, 4)
    );
    let no_replay = check(&skipped, Msg::SkipReplay, vec![]);
    assert_eq!(ignored(&no_replay), Some(Ignored::NotHere));
}

#[test]
fn a_bad_link_plays_a_fresh_game_that_is_not_saved() {
    let (model, cmds) = opened_with(Query {
        replay: Some("not-a-link".into()),
        ..Query::default()
    });
    assert!(model.note.is_some());
    assert!(!model.storage.saving);
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::SaveGame(_))));
    let moved = after(
        model,
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    assert!(
        !moved.storage.unsaved.game && !moved.storage.unsaved.history,
        "nothing of it to write"
    );
    let dismissed = check(&moved, Msg::DismissNote, vec![]);
    assert_eq!(dismissed.note, None);
    let again = check(&dismissed, Msg::DismissNote, vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
}

#[test]
fn a_seed_link_starts_that_seed() {
    let (model, _) = opened_with(Query {
        seed: Some("5".into()),
        ..Query::default()
    });
    assert_eq!(model.board_game().seed(), Some(5));
    let (bad, _) = opened_with(Query {
        seed: Some("-5".into()),
        ..Query::default()
    });
    assert!(refusal(&bad).unwrap().contains("not a whole number"));
}

// ─── Board sizes and targets ─────────────────────────────────────────────

#[test]
fn switching_size_writes_this_game_then_loads_that_sizes_game() {
    let model = after(
        fresh(),
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let asked = check(
        &model,
        Msg::ChooseSize {
            width: 5,
            height: 5,
        },
        vec![Cmd::Load(five, Load::Switch)],
    );
    let their_game = State::new(Config::new(5, 5, Some(4096)).unwrap(), 9);
    let mut stored = saved(five, Load::Switch, Loaded::Valid(their_game.clone()));
    stored.best = Loaded::Valid(500);
    let ours = asked.clone();
    let switched = check(&asked, Msg::Loaded(Box::new(stored)), {
        let mut cmds = vec![
            Cmd::SaveGame(ours.board_game().present().clone()),
            Cmd::SaveHistory(ours.board_game().clone()),
        ];
        if ours.storage.unsaved.best {
            cmds.push(Cmd::SaveBest(ours.config(), ours.game.best));
        }
        if ours.storage.unsaved.stats {
            cmds.push(Cmd::SaveStats(ours.config(), ours.game.stats.clone()));
        }
        cmds.push(Cmd::SaveSettings(Config::new(5, 5, Some(4096)).unwrap()));
        cmds
    });
    assert_eq!(*switched.board_game().present(), their_game);
    assert_eq!(
        switched.config().target,
        Some(4096),
        "the saved game's own target"
    );
    assert_eq!(switched.game.best, 500);
    check(&switched, Msg::Idle, game_history_best(&switched));
}

#[test]
fn only_offered_sizes_and_targets_are_taken() {
    let model = fresh();
    for (width, height) in [(2, 2), (9, 4), (4, 0)] {
        let after = check(&model, Msg::ChooseSize { width, height }, vec![]);
        assert_eq!(ignored(&after), Some(Ignored::NotHere), "{width}×{height}");
    }
    let same = check(
        &model,
        Msg::ChooseSize {
            width: 4,
            height: 4,
        },
        vec![],
    );
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
    let odd = check(&model, Msg::ChooseTarget(Some(3000)), vec![]);
    assert_eq!(ignored(&odd), Some(Ignored::NotHere));
}

#[test]
fn another_target_starts_a_new_game_on_this_size() {
    let model = after(fresh(), [Msg::Play(Input::Move(Left))]);
    let endless = Config::new(4, 4, None).unwrap();
    let after = check(&model, Msg::ChooseTarget(None), {
        vec![Cmd::SaveSettings(endless)]
    });
    assert_eq!(after.config(), endless);
    assert_eq!(after.board_game().len(), 0);
    assert!(after.storage.unsaved.game && after.storage.unsaved.history);
    let again = check(&after, Msg::ChooseTarget(None), vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
}

#[test]
fn storage_of_another_size_answering_late_is_dropped() {
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let after = check(
        &fresh(),
        Msg::Loaded(Box::new(saved(five, Load::Start, Loaded::Missing))),
        vec![],
    );
    assert_eq!(ignored(&after), Some(Ignored::Stale));
}

// ─── Storage ─────────────────────────────────────────────────────────────

#[test]
fn a_corrupt_save_is_set_aside_and_said() {
    let (model, _) = init(&flags(Query::default()));
    let bad = |kept| Loaded::SetAside {
        why: Invalid::Malformed("x".into()),
        kept,
    };
    let config = model.config();
    let kept = check(
        &model,
        Msg::Loaded(Box::new(saved(config, Load::Start, bad(true)))),
        vec![],
    );
    assert_eq!(
        kept.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Game])))
    );
    check(&kept, Msg::Idle, {
        vec![
            Cmd::SaveGame(kept.board_game().present().clone()),
            Cmd::SaveHistory(kept.board_game().clone()),
            Cmd::SaveBest(config, 0),
            // The page's first idle moment also starts the AI worker.
            Cmd::WarmAi,
        ]
    });
    // A bad save that could not be copied aside is left where it is.
    let unkept = check(
        &model,
        Msg::Loaded(Box::new(saved(config, Load::Start, bad(false)))),
        vec![],
    );
    assert!(!unkept.storage.saving);
    check(&unkept, Msg::Idle, {
        vec![Cmd::SaveBest(config, 0), Cmd::WarmAi]
    });
}

#[test]
fn a_failed_write_is_said_once() {
    let model = fresh();
    let full = check(&model, Msg::SaveFailed(Problem::WriteFailed), vec![]);
    assert_eq!(full.storage.notice, Some(Notice::WriteFailed));
    let again = check(&full, Msg::SaveFailed(Problem::WriteFailed), vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    let mut none_at_all = model.clone();
    none_at_all.storage.notice = Some(Notice::Unavailable);
    let kept = check(&none_at_all, Msg::SaveFailed(Problem::WriteFailed), vec![]);
    assert_eq!(kept.storage.notice, Some(Notice::Unavailable));
}

#[test]
fn a_higher_best_from_another_tab_is_taken() {
    let model = fresh();
    let higher = check(
        &model,
        Msg::BestElsewhere(Config::default(), Loaded::Valid(9000)),
        vec![],
    );
    assert_eq!(higher.game.best, 9000);
    let lower = check(
        &higher,
        Msg::BestElsewhere(Config::default(), Loaded::Valid(10)),
        vec![],
    );
    assert_eq!(
        (lower.game.best, ignored(&lower)),
        (9000, Some(Ignored::NoChange))
    );
    let six = Config::new(6, 6, None).unwrap();
    let other = check(&model, Msg::BestElsewhere(six, Loaded::Valid(9)), vec![]);
    assert_eq!(ignored(&other), Some(Ignored::Stale));
}

#[test]
fn a_corrupt_best_from_another_tab_is_set_aside_and_named() {
    let model = fresh();
    let corrupt = |kept| Loaded::SetAside {
        why: Invalid::Malformed("abc".into()),
        kept,
    };
    let set_aside = check(
        &model,
        Msg::BestElsewhere(Config::default(), corrupt(true)),
        vec![],
    );
    assert_eq!(
        set_aside.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Best])))
    );
    assert_eq!(set_aside.game.best, model.game.best, "the best shown stays");
    let six = Config::new(6, 6, None).unwrap();
    let other = check(&model, Msg::BestElsewhere(six, corrupt(true)), vec![]);
    assert_eq!(
        ignored(&other),
        Some(Ignored::Stale),
        "another size's is not this page's"
    );
    let none = check(
        &model,
        Msg::BestElsewhere(Config::default(), Loaded::Missing),
        vec![],
    );
    assert_eq!(ignored(&none), Some(Ignored::NoChange));
}

// ─── Themes ──────────────────────────────────────────────────────────────

#[test]
fn the_theme_flips_and_is_remembered() {
    let model = fresh();
    assert_eq!(
        model.settings.theme_attribute(),
        None,
        "the system's, until chosen"
    );
    let dark = check(&model, Msg::ToggleTheme, {
        vec![Cmd::SaveTheme(Theme::Dark)]
    });
    assert_eq!(
        (dark.settings.theme, dark.settings.dark()),
        (Some(Theme::Dark), true)
    );
    assert_eq!(dark.settings.theme_colour(), THEME_COLOURS[1]);
    assert_eq!(dark.settings.theme_attribute(), Some("dark"));
    let light = check(&dark, Msg::ToggleTheme, {
        vec![Cmd::SaveTheme(Theme::Light)]
    });
    assert_eq!(light.settings.theme_colour(), THEME_COLOURS[0]);
    assert_eq!(light.settings.theme_attribute(), Some("light"));
}

#[test]
fn the_system_scheme_is_followed_until_a_theme_is_chosen() {
    let model = fresh();
    assert_eq!(model.settings.theme_colour(), THEME_COLOURS[0]);
    let dark = check(&model, Msg::SystemDark(true), vec![]);
    assert!(dark.settings.dark());
    assert_eq!(dark.settings.theme_colour(), THEME_COLOURS[1]);
    let same = check(&dark, Msg::SystemDark(true), vec![]);
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
    // The button shows the other theme of the one showing: light, chosen.
    let chosen = check(&dark, Msg::ToggleTheme, {
        vec![Cmd::SaveTheme(Theme::Light)]
    });
    let system_light = check(&chosen, Msg::SystemDark(false), vec![]);
    let system_dark = check(&system_light, Msg::SystemDark(true), vec![]);
    assert!(
        !system_dark.settings.dark(),
        "the player's theme wins over the system's"
    );
}

#[test]
fn the_theme_colours_are_the_page_backgrounds_of_the_stylesheet() {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/style/main.css"))
        .expect("style/main.css");
    let line = css
        .lines()
        .find(|l| l.trim_start().starts_with("--page-bg:"))
        .expect("--page-bg in style/main.css");
    let want = format!("light-dark({}, {})", THEME_COLOURS[0], THEME_COLOURS[1]);
    assert!(line.contains(&want), "{line} is not {want}");
}

// ─── Share ───────────────────────────────────────────────────────────────

#[test]
fn share_makes_a_link_and_asks_for_it_to_be_copied() {
    let model = after(fresh(), [Msg::Play(Input::Move(Left))]);
    let link = replay::encode(&Replay::from_history(model.board_game()).unwrap());
    let url = format!("{PAGE}?replay={link}");
    let made = check(&model, Msg::Share, vec![Cmd::CopyLink(url.clone())]);
    assert_eq!(made.links.share, Some(Share::Made(url.clone())));
    let copied = check(&made, Msg::LinkCopied(url.clone()), vec![]);
    assert_eq!(copied.links.share, Some(Share::Copied(url)));
    let stale = check(&made, Msg::LinkCopied("elsewhere".into()), vec![]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn a_game_without_its_start_cannot_be_shared() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let after = check(&model, Msg::Share, vec![]);
    assert_eq!(after.links.share, Some(Share::Refused));
}

// ─── The computer player ─────────────────────────────────────────────────

/// The question about `m`'s present board, as `update` sends it.
/// The question the computer is asked next, about the board of `m`, the
/// model before: the next id, its present board.
fn ask_about(m: &Model) -> Vec<Cmd> {
    vec![Cmd::AskAi {
        id: m.computer.last_id + 1,
        board: m.board_game().present().board.clone(),
        budget_ms: BUDGET_MS,
    }]
}

#[test]
fn a_hint_is_shown_for_the_board_it_was_asked_about() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let thinking = check(&model, Msg::Hint, ask_about(&model));
    assert_eq!(thinking.computer_line().as_deref(), Some("Thinking…"));
    let shown = check(&thinking, answer(asked(&thinking), Left), vec![]);
    assert_eq!(
        shown.computer.hint_for(shown.board_game().present()),
        Some(Left)
    );
    assert_eq!(
        shown.computer_line().as_deref(),
        Some("Hint: move left. Because.")
    );
    // Asked again on the same board, it is shown again without asking.
    let again = check(&shown, Msg::Hint, vec![]);
    assert_eq!(again.computer_line(), shown.computer_line());
}

#[test]
fn the_ai_worker_is_started_at_the_first_idle_moment_once() {
    let loaded = opened_empty(flags(Query::default()));
    assert!(subscriptions(&loaded).idle);
    // What is unsaved is written, then the worker is started.
    let idle = check(&loaded, Msg::Idle, {
        let mut cmds = vec![Cmd::SaveGame(loaded.board_game().present().clone())];
        cmds.push(Cmd::SaveHistory(loaded.board_game().clone()));
        cmds.push(Cmd::SaveBest(Config::default(), 0));
        cmds.push(Cmd::WarmAi);
        cmds
    });
    assert!(idle.computer.warmed);
    assert!(!subscriptions(&idle).idle, "nothing left to do when idle");
    let again = check(&idle, Msg::Idle, vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    // Not for a board the computer does not play.
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let (model, _) = init(&flags(Query::default()));
    let larger = after(
        model,
        [Msg::Loaded(Box::new(saved(
            five,
            Load::Switch,
            Loaded::Missing,
        )))],
    );
    // Nothing played on it yet, nothing written.
    let idle = check(&larger, Msg::Idle, vec![]);
    assert_eq!(ignored(&idle), Some(Ignored::NoChange));
    assert!(!idle.computer.warmed);
    assert!(!subscriptions(&idle).idle);
}

#[test]
fn no_hint_while_autoplay_plays() {
    let model = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Autoplay],
    );
    let after = check(&model, Msg::Hint, vec![]);
    assert_eq!(ignored(&after), Some(Ignored::NotHere));
}

#[test]
fn a_stale_answer_is_dropped_and_a_failed_one_said() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let thinking = check(&model, Msg::Hint, ask_about(&model));
    let id = asked(&thinking);
    // The board changed before the answer came.
    let moved = after(thinking.clone(), [Msg::Play(Input::Move(Left))]);
    let dropped = check(&moved, answer(id, Right), vec![]);
    assert_eq!(ignored(&dropped), Some(Ignored::Stale));
    assert_eq!(
        dropped.computer.hint_for(dropped.board_game().present()),
        None
    );
    let unknown = check(&moved, answer(id + 7, Right), vec![]);
    assert_eq!(ignored(&unknown), Some(Ignored::Stale));
    let failed = Msg::AiAnswered {
        id,
        answer: Err("the worker stopped".into()),
    };
    let said = check(&thinking, failed, vec![]);
    assert_eq!(
        said.computer_line().as_deref(),
        Some("The computer player could not be reached; try again."),
        "the player's words; the worker's own are in the message log"
    );
}

#[test]
fn a_question_is_answered_once() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let thinking = check(&model, Msg::Hint, ask_about(&model));
    let id = asked(&thinking);
    let first = check(&thinking, answer(id, Left), vec![]);
    let second = check(&first, answer(id, Right), vec![]);
    assert_eq!(ignored(&second), Some(Ignored::Stale));
    assert_eq!(
        second.computer.hint_for(second.board_game().present()),
        Some(Left)
    );
}

#[test]
fn autoplay_plays_pauses_and_asks_again() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let on = check(&model, Msg::Autoplay, ask_about(&model));
    assert_eq!(
        on.computer.asked.as_ref().unwrap().purpose,
        Purpose::Autoplay
    );
    // The pause is the setting's; the turn it ends is named by the
    // question just answered.
    let played = check(
        &on,
        answer(asked(&on), Left),
        vec![Cmd::After {
            ms: on.computer.pause_ms,
            then: Box::new(Msg::AutoplayTurn(asked(&on))),
        }],
    );
    assert_eq!(played.board_game().present().score, 4);
    let turn = played.computer.pausing.unwrap();
    let next = check(&played, Msg::AutoplayTurn(turn), ask_about(&played));
    let stopped = check(&next, Msg::Autoplay, vec![Cmd::CancelAi]);
    assert!(!stopped.computer.autoplay);
    // The answer to the cancelled question lands nowhere.
    let late = check(&stopped, answer(asked(&next), Left), vec![]);
    assert_eq!(ignored(&late), Some(Ignored::Stale));
}

#[test]
fn autoplays_pause_is_clamped() {
    let model = fresh();
    let long = check(&model, Msg::AutoplayPause(60_000), vec![]);
    assert_eq!(long.computer.pause_ms, MAX_PAUSE_MS);
    let none_at_all = check(&model, Msg::AutoplayPause(0), vec![]);
    assert_eq!(none_at_all.computer.pause_ms, 0);
    let same = check(&none_at_all, Msg::AutoplayPause(0), vec![]);
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
}

#[test]
fn autoplay_stops_at_the_target() {
    let model = playing("1024 1024 . . / . . . . / . . . . / . . . .");
    let on = check(&model, Msg::Autoplay, ask_about(&model));
    let won = after(on.clone(), [answer(asked(&on), Left)]);
    assert_eq!(won.board_game().present().status, Status::Won);
    let turn = won.computer.pausing.unwrap();
    let stopped = check(&won, Msg::AutoplayTurn(turn), vec![Cmd::CancelAi]);
    assert!(!stopped.computer.autoplay);
    let said = stopped.computer_line().unwrap();
    assert!(
        said.starts_with("Autoplay stopped. You reached the target"),
        "{said}"
    );
}

#[test]
fn a_stale_autoplay_turn_is_dropped() {
    let on = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Autoplay],
    );
    let played = after(on.clone(), [answer(asked(&on), Left)]);
    let turn = played.computer.pausing.unwrap();
    // Stopped and started again during the pause: the old turn is stale.
    let restarted = after(played, [Msg::Autoplay, Msg::Autoplay]);
    let stale = check(&restarted, Msg::AutoplayTurn(turn), vec![]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn the_computer_plays_four_by_four_only_and_says_so_when_asked() {
    let model = playing("2 2 . / . . . / . . .");
    assert_eq!(
        model.computer_line(),
        None,
        "nothing said unasked under another size's board"
    );
    assert_eq!(
        model.refusal(),
        Some(Refusal::Only4x4),
        "the buttons' title says why"
    );
    let hint = check(&model, Msg::Hint, vec![]);
    assert_eq!(hint.computer_line().as_deref(), Some(ONLY_4X4));
    let auto = check(&model, Msg::Autoplay, vec![]);
    assert!(!auto.computer.autoplay);
    // Asked, it is said of that board only: the next one has no line.
    let moved = after(hint, [Msg::Play(Input::Move(Down))]);
    assert_eq!(moved.computer_line(), None);
    // Game over on another size: no line of the computer's either.
    let over = playing("2 4 2 / 4 2 4 / 2 4 2");
    assert_eq!(over.board_game().present().status, Status::Over);
    assert_eq!(over.computer_line(), None);
}

#[test]
fn a_size_passed_through_on_the_way_to_another_leaves_no_game_in_storage() {
    // The width chosen first (5×4), then the height (5×5): nothing was
    // played on 5×4, so nothing of 5×4 is written.
    let model = after(fresh(), [Msg::Idle]);
    let five_by_four = Config::new(5, 4, Some(2048)).unwrap();
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let asked = check(
        &model,
        Msg::ChooseSize {
            width: 5,
            height: 4,
        },
        vec![Cmd::Load(five_by_four, Load::Switch)],
    );
    let passed = check(
        &asked,
        Msg::Loaded(Box::new(saved(five_by_four, Load::Switch, Loaded::Missing))),
        vec![Cmd::SaveSettings(five_by_four)],
    );
    let chosen = check(
        &passed,
        Msg::ChooseSize {
            width: 5,
            height: 5,
        },
        vec![Cmd::Load(five, Load::Switch)],
    );
    let there = check(
        &chosen,
        Msg::Loaded(Box::new(saved(five, Load::Switch, Loaded::Missing))),
        vec![Cmd::SaveSettings(five)],
    );
    let idle = check(&there, Msg::Idle, vec![]);
    assert_eq!(ignored(&idle), Some(Ignored::NoChange), "nothing to write");
    // Played, the new size's game is written at the next idle moment.
    let played = after(there, [Msg::Play(Input::Move(Left))]);
    assert!(played.storage.unsaved.game && played.storage.unsaved.history);
}

#[test]
fn viewing_the_past_stops_autoplay() {
    let model = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [
            Msg::Play(Input::Move(Left)),
            Msg::Toggle(Panel::History),
            Msg::Autoplay,
        ],
    );
    let after = check(&model, Msg::View(Some(0)), vec![Cmd::CancelAi]);
    assert!(!after.computer.autoplay);
}

// ─── The coach: reviewing a game ─────────────────────────────────────────

/// A fresh game after these moves (those that change nothing are not
/// recorded).
fn played(moves: &[Direction]) -> Model {
    after(fresh(), moves.iter().map(|&d| Msg::Play(Input::Move(d))))
}

const TEN_MOVES: [Direction; 10] = [
    Left,
    Up,
    Right,
    Up,
    Left,
    Direction::Down,
    Left,
    Up,
    Right,
    Up,
];

/// The move played at history index `at`.
fn played_at(m: &Model, at: usize) -> Direction {
    match m.board_game().inputs()[at] {
        Input::Move(d) => d,
        other => panic!("input {at} is {other:?}, not a move"),
    }
}

/// The review's answer: `best` is its pick and keeps a certain chance of
/// lasting; every other move keeps `loss` percentage points less.
fn assessment(best: Direction, loss: f32) -> Assessment {
    let other = CERTAIN - (loss * 100.0) as i32;
    Assessment {
        best,
        target: 9,
        values: Direction::ALL.map(|d| Some(if d == best { CERTAIN } else { other })),
        ends: 0,
    }
}

/// Run `id`'s answer that the move at `at` was the review's own pick.
fn agreed(m: &Model, id: u32, at: usize) -> Msg {
    Msg::Assessed {
        id,
        at,
        answer: Ok(assessment(played_at(m, at), 0.0)),
    }
}

#[test]
fn a_review_judges_every_move_of_the_game_in_play() {
    let model = played(&TEN_MOVES);
    // Review opens the history panel, which asks for its code.
    let asked = check(&model, Msg::Review, {
        vec![
            Cmd::AssessMoves {
                id: 1,
                moves: moves_from(&model, 0),
            },
            Cmd::LoadChunk(Chunk::Panel(Panel::History)),
        ]
    });
    let moves = moves_from(&asked, 0);
    assert!(moves.len() >= 8, "{} moves", moves.len());
    assert_eq!(asked.panel, Some(Panel::History));
    assert_eq!(asked.coach.running, Some(1));
    assert_eq!(asked.coach.progress(), (0, moves.len()));

    let (first, second) = (moves[0].0, moves[1].0);
    let one = check(&asked, agreed(&asked, 1, first), vec![]);
    assert_eq!(
        one.coach.verdict_at(first).map(|v| v.grade),
        Some(Grade::Best)
    );
    // Another run's answer, and a second answer about a judged move: stale.
    let other_run = check(&one, agreed(&one, 7, second), vec![]);
    assert_eq!(ignored(&other_run), Some(Ignored::Stale));
    let twice = check(&one, agreed(&one, 1, first), vec![]);
    assert_eq!(ignored(&twice), Some(Ignored::Stale));

    // Another move keeps 20 points more of the chance: a blunder, whose
    // better move is drawn when the board it was played on is shown, and
    // whose cost the line under the board says.
    let better = Direction::ALL
        .into_iter()
        .find(|&d| d != played_at(&one, second))
        .unwrap();
    let blundered = Msg::Assessed {
        id: 1,
        at: second,
        answer: Ok(assessment(better, 20.0)),
    };
    let two = check(&one, blundered, vec![]);
    let verdict = two.coach.verdict_at(second).copied().unwrap();
    assert_eq!((verdict.grade, verdict.best), (Grade::Blunder, better));
    let shown = check(&two, Msg::View(Some(second)), vec![]);
    assert_eq!(shown.arrow(), Some(better));
    assert_eq!(
        shown.computer_line(),
        Some(format!(
            "Move {}, {}: blunder. It cost about 20 points of your chance to make 512; {} \
             kept 100%.",
            second + 1,
            played_at(&two, second).word(),
            better.word()
        ))
    );
    let shown_first = check(&two, Msg::View(Some(first)), vec![]);
    assert_eq!(shown_first.arrow(), None, "the move played there was best");

    // The last answer ends the run, and the live region says how it went.
    let rest: Vec<Msg> = moves[2..]
        .iter()
        .map(|&(at, _)| agreed(&two, 1, at))
        .collect();
    let done = after(two, rest);
    assert!(done.coach.complete());
    assert_eq!(done.coach.running, None);
    let summary = done.coach.summary();
    assert_eq!(summary.count(Grade::Blunder), 1);
    assert_eq!(summary.count(Grade::Best), moves.len() - 1);
    assert!(
        done.announcement.starts_with("Review done. Accuracy "),
        "{}",
        done.announcement
    );
    assert_eq!(done.unreviewed(), 0);
    // Reviewing again finds nothing left to search.
    let again = check(&done, Msg::Review, vec![]);
    assert_eq!(again.coach.progress(), done.coach.progress());
}

/// On the page the coach's rules arrive with each chunk that starts a
/// review (`app::rooms::COACH`: the history panel's, the contest's,
/// learn's): the runtime holds its messages until one of them is in, asking
/// for the history panel's, and the panel opens at once, where the review
/// shows, saying that its code loads or could not.
#[test]
fn the_coachs_messages_wait_for_a_chunk_that_brings_its_rules() {
    let model = played(&TEN_MOVES);
    let loaded = |chunk: Chunk| {
        after(
            model.clone(),
            [
                Msg::CodeNeeded(chunk),
                Msg::ChunkLoaded {
                    chunk,
                    loaded: true,
                },
            ],
        )
    };
    let history = Chunk::Panel(Panel::History);
    let answer = Msg::Assessed {
        id: 1,
        at: 0,
        answer: Err("gone".into()),
    };
    for msg in [Msg::Review, Msg::CancelReview, answer] {
        let label = msg.label();
        assert_eq!(rooms::code_wanted(&model, &msg), Some(history), "{label}");
        for chunk in [history, Chunk::Contest, Chunk::Learn] {
            let here = loaded(chunk);
            assert_eq!(here.chunks.of(chunk), Fetch::Loaded);
            assert_eq!(rooms::code_wanted(&here, &msg), None, "{label}, {chunk:?}");
        }
        let stats = loaded(Chunk::Panel(Panel::Stats));
        assert_eq!(rooms::code_wanted(&stats, &msg), Some(history), "{label}");
    }
    assert_eq!(rooms::code_wanted(&model, &Msg::Undo), None);
    // Wanted, the history panel opens and asks for its code, once.
    let wanted = check(
        &model,
        Msg::CodeNeeded(history),
        vec![Cmd::LoadChunk(history)],
    );
    assert_eq!(wanted.panel, Some(Panel::History));
    assert_eq!(wanted.chunks.of(history), Fetch::Loading);
    let again = check(&wanted, Msg::CodeNeeded(history), vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    // It could not be fetched: the open panel says so, and is asked again.
    let failed = Msg::ChunkLoaded {
        chunk: history,
        loaded: false,
    };
    let failed = check(&wanted, failed, vec![]);
    let retried = check(
        &failed,
        Msg::CodeNeeded(history),
        vec![Cmd::LoadChunk(history)],
    );
    assert_eq!(retried.panel, Some(Panel::History));
}

#[test]
fn a_cancelled_review_goes_on_later_from_where_it_stopped() {
    let asked = after(played(&TEN_MOVES), [Msg::Review]);
    let moves = moves_from(&asked, 0);
    let answers: Vec<Msg> = moves[..3]
        .iter()
        .map(|&(at, _)| agreed(&asked, 1, at))
        .collect();
    let part = after(asked, answers);
    let cancelled = check(&part, Msg::CancelReview, vec![Cmd::CancelAssessments]);
    assert_eq!(cancelled.coach.running, None);
    assert_eq!(cancelled.coach.progress(), (3, moves.len()));
    let late = check(&cancelled, agreed(&cancelled, 1, moves[3].0), vec![]);
    assert_eq!(ignored(&late), Some(Ignored::Stale));
    let nothing = check(&cancelled, Msg::CancelReview, vec![]);
    assert_eq!(ignored(&nothing), Some(Ignored::NoChange));

    // Two more moves: the verdicts stay, and the next run searches only
    // the moves not judged.
    let more = after(
        cancelled,
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    assert_eq!(more.coach.progress().0, 3);
    let left = moves_from(&more, 0)[3..].to_vec();
    assert_eq!(more.unreviewed(), left.len());
    let resumed = check(&more, Msg::Review, {
        vec![Cmd::AssessMoves { id: 2, moves: left }]
    });
    assert_eq!(resumed.coach.running, Some(2));
    let old_run = check(&resumed, agreed(&resumed, 1, moves[4].0), vec![]);
    assert_eq!(ignored(&old_run), Some(Ignored::Stale));
}

/// The first move that changes `m`'s board and is not `not`.
fn another_move(m: &Model, not: Direction) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|&d| {
            d != not
                && after(m.clone(), [Msg::Play(Input::Move(d))])
                    .board_game()
                    .len()
                    > m.board_game().cursor()
        })
        .expect("a move other than the undone one")
}

#[test]
fn a_move_after_an_undo_drops_the_verdicts_it_replaced() {
    let asked = after(played(&TEN_MOVES), [Msg::Review]);
    let moves = moves_from(&asked, 0);
    let n = moves.len();
    let answers: Vec<Msg> = moves[..n - 2]
        .iter()
        .map(|&(at, _)| agreed(&asked, 1, at))
        .collect();
    let judged = after(asked, answers);
    // Undo keeps every verdict: the moves undone can be redone.
    let undone = check(&judged, Msg::Undo, vec![]);
    let undone = check(&undone, Msg::Undo, vec![]);
    assert_eq!(undone.coach.progress(), (n - 2, n));
    // Another move there drops the two undone moves; the run had nothing
    // else left to search, so it ends and its questions are cancelled.
    let not = played_at(&undone, moves[n - 2].0);
    let branched = check(
        &undone,
        Msg::Play(Input::Move(another_move(&undone, not))),
        vec![Cmd::CancelAssessments],
    );
    assert_eq!(branched.coach.progress(), (n - 2, n - 2));
    assert_eq!(branched.coach.running, None);
    // Their answers, still on their way, change nothing.
    let late = Msg::Assessed {
        id: 1,
        at: moves[n - 1].0,
        answer: Ok(assessment(Left, 0.0)),
    };
    assert_eq!(
        ignored(&check(&branched, late, vec![])),
        Some(Ignored::Stale)
    );
}

#[test]
fn a_new_game_is_reviewed_on_its_own() {
    let asked = after(played(&TEN_MOVES), [Msg::Review]);
    let answers: Vec<Msg> = moves_from(&asked, 0)
        .iter()
        .map(|&(at, _)| agreed(&asked, 1, at))
        .collect();
    let done = after(asked, answers);
    let next = after(
        done,
        [
            Msg::Play(Input::NewGame),
            Msg::Play(Input::Move(Left)),
            Msg::Play(Input::Move(Up)),
        ],
    );
    let start = next
        .board_game()
        .inputs()
        .iter()
        .rposition(|&i| i == Input::NewGame)
        .unwrap()
        + 1;
    check(&next, Msg::Review, {
        vec![Cmd::AssessMoves {
            id: 2,
            moves: moves_from(&next, start),
        }]
    });
}

#[test]
fn a_worker_failure_stops_the_review_and_says_so_in_the_players_words() {
    let asked = after(played(&TEN_MOVES), [Msg::Review]);
    let at = moves_from(&asked, 0)[0].0;
    let why = "The AI worker could not be loaded";
    let failed = Msg::Assessed {
        id: 1,
        at,
        answer: Err(why.into()),
    };
    let stopped = check(&asked, failed, vec![Cmd::CancelAssessments]);
    assert_eq!(stopped.coach.running, None);
    assert_eq!(
        stopped.coach.failure.as_deref(),
        Some("The computer player could not be reached; try again."),
        "the worker's own words are the message log's"
    );
    // Reviewing again tries again.
    let again = check(&stopped, Msg::Review, {
        vec![Cmd::AssessMoves {
            id: 2,
            moves: moves_from(&stopped, 0),
        }]
    });
    assert_eq!(again.coach.failure, None);
}

#[test]
fn a_replayed_game_is_reviewed_whole_and_other_sizes_not_at_all() {
    let (model, _) = replaying();
    let whole = model.board_game().len();
    // The replay goes to its end, and the whole game is reviewed.
    let mut at_end = model.clone();
    assert!(at_end.board_game_mut().seek(whole));
    // Review opens the history panel, which asks for its code.
    let asked = check(&model, Msg::Review, {
        vec![
            Cmd::AssessMoves {
                id: 1,
                moves: moves_from(&at_end, 0),
            },
            Cmd::LoadChunk(Chunk::Panel(Panel::History)),
        ]
    });
    assert_eq!(
        (asked.travel.mode, asked.board_game().cursor()),
        (Mode::Live, whole)
    );
    assert_eq!(asked.coach.progress(), (0, whole));

    let five = Config::new(5, 5, Some(2048)).unwrap();
    let larger = after(
        fresh(),
        [
            Msg::Loaded(Box::new(saved(five, Load::Switch, Loaded::Missing))),
            Msg::Play(Input::Move(Left)),
            Msg::Play(Input::Move(Up)),
        ],
    );
    let refused = check(&larger, Msg::Review, vec![]);
    assert_eq!(ignored(&refused), Some(Ignored::NotHere));
    assert_eq!(refused.coach.failure.as_deref(), Some(ONLY_4X4));
}

// ─── The recording: what the runtime keeps of each message ───────────────

#[test]
fn the_recording_keeps_each_message_with_its_commands() {
    let start = playing("2 2 . . / . . . . / . . . . / . . . .");
    let mut model = start.clone();
    let mut recording = Recording::new(flags(Query::default()));
    for msg in [
        Msg::Play(Input::Move(Left)),
        Msg::Idle,
        Msg::Undo,
        Msg::Undo,
    ] {
        recording.fold(&mut model, msg);
    }
    let entries: Vec<_> = recording.entries().iter().rev().collect();
    assert_eq!(entries[0].ignored, Some(Ignored::NoChange));
    assert_eq!(entries[1].msg.label(), "Undo");
    assert_eq!(entries[2].msg.label(), "Idle");
    let said: Vec<String> = entries[2].cmds.iter().map(|c| c.label()).collect();
    assert_eq!(
        said,
        ["SaveGame", "SaveHistory", "SaveBest(4)", "SaveStats"]
    );
    assert_eq!(
        (entries[3].msg.label().as_str(), entries[3].cmds.len()),
        ("Play(Move(Left))", 0)
    );
    // It keeps the last RECORD_LEN: the window starts after the rest.
    for _ in 0..RECORD_LEN + 10 {
        recording.fold(&mut model, Msg::Undo);
    }
    assert_eq!(recording.entries().len(), RECORD_LEN);
    assert_eq!(recording.first(), 14);
    assert_eq!(recording.entries()[0].n, 15);
    assert_eq!(recording.last(), RECORD_LEN as u64 + 14);
}

// ─── Subscriptions: what the app listens to, by model ────────────────────

/// The subscriptions of a model that follows the system's scheme, has
/// storage, is live and has nothing unsaved.
fn listening(config: Config) -> Subs {
    Subs {
        keys: true,
        swipes: true,
        other_tabs: Some(config),
        replay_every_ms: None,
        colour_scheme: true,
        idle: false,
        page_hide: true,
        clock_every_ms: Some(60_000),
        other_decks: false,
    }
}

#[test]
fn what_the_app_listens_to_follows_the_model() {
    let four = Config::default();
    let live = fresh();
    let moved = after(live.clone(), [Msg::Play(Input::Move(Left))]);
    let written = after(moved.clone(), [Msg::Idle]);
    let viewing = viewing_the_start();
    let (replay, _) = replaying();
    let faster = after(replay.clone(), [Msg::ReplaySpeed(10)]);
    let autoplaying = after(live.clone(), [Msg::Autoplay]);
    let settings = after(live.clone(), [Msg::Toggle(Panel::Settings)]);
    let themed = after(live.clone(), [Msg::ToggleTheme]);
    let (mut no_storage, _) = init(&Flags {
        storage: false,
        ..flags(Query::default())
    });
    no_storage = after(no_storage, [Msg::Idle]);
    let five = after(
        live.clone(),
        [
            Msg::ChooseSize {
                width: 5,
                height: 4,
            },
            Msg::Loaded(Box::new(saved(
                Config::new(5, 4, Some(2048)).unwrap(),
                Load::Switch,
                Loaded::Missing,
            ))),
            Msg::Idle,
        ],
    );
    let stats = after(live.clone(), [Msg::Toggle(Panel::Stats)]);
    let rows: [(&str, &Model, Subs); 12] = [
        ("live, all written", &live, listening(four)),
        (
            "after a move",
            &moved,
            Subs {
                idle: true,
                ..listening(four)
            },
        ),
        ("after the idle write", &written, listening(four)),
        (
            "viewing the past",
            &viewing,
            Subs {
                swipes: false,
                idle: true,
                ..listening(four)
            },
        ),
        (
            "replaying",
            &replay,
            Subs {
                swipes: false,
                replay_every_ms: Some(250),
                idle: true,
                ..listening(four)
            },
        ),
        (
            "replaying faster",
            &faster,
            Subs {
                swipes: false,
                replay_every_ms: Some(100),
                idle: true,
                ..listening(four)
            },
        ),
        ("autoplaying", &autoplaying, listening(four)),
        ("a panel open", &settings, listening(four)),
        (
            "the statistics open: the countdown ticks each second",
            &stats,
            Subs {
                clock_every_ms: Some(1000),
                ..listening(four)
            },
        ),
        (
            "a theme chosen",
            &themed,
            Subs {
                colour_scheme: false,
                ..listening(four)
            },
        ),
        (
            "no storage",
            &no_storage,
            Subs {
                other_tabs: None,
                page_hide: false,
                ..listening(four)
            },
        ),
        ("another size", &five, listening(five.config())),
    ];
    for (name, model, want) in rows {
        assert_eq!(subscriptions(model), want, "{name}");
    }
}

// ─── Every message has a row ─────────────────────────────────────────────

/// What each message does to a game in play (one move made, nothing
/// unsaved): its commands, or why it was ignored, the subscriptions it
/// changed (as the message log says them), and the model's fields it
/// changed. A `match` without a wildcard: a new `Msg` variant does not
/// compile until it has a row here; the rows of each rule's own tests are
/// above and in tests/app_contest.rs.
fn what_it_does(msg: &Msg) -> &'static str {
    match msg {
        Msg::Play(_) => "no commands +idle; changed board in play, announcement, game.own, storage.unsaved",
        Msg::Undo => "no commands +idle; changed board in play, announcement, game.own, storage.unsaved",
        Msg::Redo => "ignored: nothing changes; changed nothing",
        Msg::Toggle(_) => "LoadChunk(Panel(Stats)), LoadChunk(Learn) ~clock; changed chunks.fetches, panel",
        Msg::ChunkLoaded {
            chunk: Chunk::Panel(_),
            ..
        } => "dropped: stale; changed nothing",
        Msg::View(_) => "ignored: not possible here; changed nothing",
        Msg::Resume(_) => "no commands +idle; changed board in play, announcement, game.own, storage.unsaved",
        Msg::ChooseSize { .. } => "Load(3×3, Switch); changed nothing",
        Msg::ChooseTarget(_) => "SaveSettings(4×4) ~other tabs +idle; changed board in play, announcement, game.entropy, game.own, storage.unsaved",
        Msg::ReplaySpeed(_) => "no commands; changed travel.speed",
        Msg::SkipReplay => "ignored: not possible here; changed nothing",
        Msg::Hint => "AskAi(#1); changed computer.asked, computer.last_id, computer.message",
        Msg::Autoplay => "AskAi(#1); changed computer.asked, computer.autoplay, computer.last_id",
        Msg::AutoplayTurn(_) => "dropped: stale; changed nothing",
        Msg::AutoplayPause(_) => "no commands; changed computer.pause_ms",
        Msg::Share => "no commands; changed links.share",
        Msg::LinkCopied(_) => "dropped: stale; changed nothing",
        Msg::ToggleTheme => "SaveTheme(Dark) −colour scheme; changed settings.theme",
        Msg::DismissNote => "ignored: nothing changes; changed nothing",
        Msg::CheckHistory => "ignored: not possible here; changed nothing",
        Msg::Loaded(_) => "no commands +idle; changed game.stats, storage.unsaved",
        Msg::AiAnswered { .. } => "dropped: stale; changed nothing",
        Msg::ReplayTick => "dropped: stale; changed nothing",
        Msg::SystemDark(_) => "no commands; changed settings.system_dark",
        Msg::Idle => "ignored: nothing changes; changed nothing",
        Msg::Hidden => "ignored: nothing changes; changed nothing",
        Msg::BestElsewhere(..) => "no commands; changed game.best",
        Msg::SaveFailed(_) => "no commands; changed storage.notice",
        Msg::Review => "AssessMoves(#1, 1 moves), LoadChunk(Panel(History)); changed chunks.fetches, coach.inputs, coach.last_id, coach.moves, coach.running, coach.start, panel, travel.verification",
        Msg::Assessed { .. } => "dropped: stale; changed nothing",
        Msg::CancelReview => "ignored: nothing changes; changed nothing",
        Msg::OpenDaily(_) => "SaveChallenge, LoadChunk(Contest); changed board in play, announcement, chunks.fetches, contest.challenge",
        Msg::Finish => "ignored: not possible here; changed nothing",
        Msg::CancelFinish => "ignored: nothing changes; changed nothing",
        Msg::OwnGame => "ignored: nothing changes; changed nothing",
        Msg::ShowContest => "ignored: not possible here; changed nothing",
        Msg::Race => "ignored: not possible here; changed nothing",
        Msg::DeclineRace => "ignored: nothing changes; changed nothing",
        Msg::SendBack => "ignored: not possible here; changed nothing",
        Msg::ToggleGhost => "ignored: not possible here; changed nothing",
        Msg::ShareResult => "ignored: not possible here; changed nothing",
        Msg::CardDue => "dropped: stale; changed nothing",
        Msg::CardSent(_) => "dropped: stale; changed nothing",
        Msg::CopyCard => "ignored: not possible here; changed nothing",
        Msg::Time(_) => "ignored: nothing changes; changed nothing",
        Msg::ChallengeElsewhere(_) => "LoadChunk(Contest); changed chunks.fetches, contest.challenge",
        Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            ..
        } => "dropped: stale; changed nothing",
        Msg::CodeNeeded(_) => "LoadChunk(Contest); changed chunks.fetches",
        Msg::ChunkLoaded {
            chunk: Chunk::Learn,
            ..
        } => "dropped: stale; changed nothing",
        Msg::Learn => "ignored: nothing changes; changed nothing",
        Msg::Practice => "ignored: not possible here; changed nothing",
        Msg::TryAgain => "ignored: not possible here; changed nothing",
        Msg::ShowMe => "ignored: not possible here; changed nothing",
        Msg::Skip => "ignored: not possible here; changed nothing",
        Msg::NextPosition => "ignored: not possible here; changed nothing",
        Msg::EndWalk => "ignored: nothing changes; changed nothing",
        Msg::SharePuzzle => "ignored: not possible here; changed nothing",
        Msg::DeckLoaded(_) => "no commands; changed learn.deck",
        Msg::DeckElsewhere(_) => "no commands; changed learn.deck",
    }
}

/// A message of each kind, two where the rows differ by its data. The
/// match has an arm for every kind, so a new kind of message does not
/// compile until it has a sample here, and then a row (`what_it_does`).
fn samples_of(kind: MsgKind) -> Vec<Msg> {
    let one = match kind {
        MsgKind::Play => Msg::Play(Input::NewGame),
        MsgKind::Undo => Msg::Undo,
        MsgKind::Redo => Msg::Redo,
        MsgKind::Toggle => Msg::Toggle(Panel::Stats),
        MsgKind::View => Msg::View(None),
        MsgKind::Resume => Msg::Resume(0),
        MsgKind::ChooseSize => Msg::ChooseSize {
            width: 3,
            height: 3,
        },
        MsgKind::ChooseTarget => Msg::ChooseTarget(None),
        MsgKind::ReplaySpeed => Msg::ReplaySpeed(1),
        MsgKind::SkipReplay => Msg::SkipReplay,
        MsgKind::Hint => Msg::Hint,
        MsgKind::Autoplay => Msg::Autoplay,
        MsgKind::AutoplayPause => Msg::AutoplayPause(0),
        MsgKind::Share => Msg::Share,
        MsgKind::ToggleTheme => Msg::ToggleTheme,
        MsgKind::DismissNote => Msg::DismissNote,
        MsgKind::CheckHistory => Msg::CheckHistory,
        MsgKind::Review => Msg::Review,
        MsgKind::CancelReview => Msg::CancelReview,
        MsgKind::OpenDaily => Msg::OpenDaily(None),
        MsgKind::Finish => Msg::Finish,
        MsgKind::CancelFinish => Msg::CancelFinish,
        MsgKind::OwnGame => Msg::OwnGame,
        MsgKind::ShowContest => Msg::ShowContest,
        MsgKind::Race => Msg::Race,
        MsgKind::DeclineRace => Msg::DeclineRace,
        MsgKind::ShareResult => Msg::ShareResult,
        MsgKind::CopyCard => Msg::CopyCard,
        MsgKind::SendBack => Msg::SendBack,
        MsgKind::ToggleGhost => Msg::ToggleGhost,
        MsgKind::Loaded => Msg::Loaded(Box::new(saved(
            Config::default(),
            Load::Start,
            Loaded::Missing,
        ))),
        MsgKind::AiAnswered => Msg::AiAnswered {
            id: 1,
            answer: Err("no worker".into()),
        },
        MsgKind::AutoplayTurn => Msg::AutoplayTurn(1),
        MsgKind::ReplayTick => Msg::ReplayTick,
        MsgKind::SystemDark => Msg::SystemDark(true),
        MsgKind::Idle => Msg::Idle,
        MsgKind::Hidden => Msg::Hidden,
        MsgKind::BestElsewhere => Msg::BestElsewhere(Config::default(), Loaded::Valid(8)),
        MsgKind::SaveFailed => Msg::SaveFailed(Problem::WriteFailed),
        MsgKind::LinkCopied => Msg::LinkCopied(PAGE.into()),
        MsgKind::ChunkLoaded => {
            return vec![
                PanelLoaded(Panel::Stats, true),
                Msg::ChunkLoaded {
                    chunk: Chunk::Contest,
                    loaded: true,
                },
                Msg::ChunkLoaded {
                    chunk: Chunk::Learn,
                    loaded: true,
                },
            ]
        }
        MsgKind::Time => Msg::Time(flags(Query::default()).time),
        MsgKind::CodeNeeded => Msg::CodeNeeded(Chunk::Contest),
        MsgKind::ChallengeElsewhere => {
            Msg::ChallengeElsewhere(Box::new(Loaded::Valid(SavedChallenge {
                against: Against::Daily {
                    number: 329,
                    counted: true,
                },
                ended: false,
                on_board: true,
                game: leptos_2048::session::daily::game(329),
            })))
        }
        MsgKind::CardSent => Msg::CardSent(Sent::Copied),
        MsgKind::CardDue => Msg::CardDue,
        MsgKind::Learn => Msg::Learn,
        MsgKind::Practice => Msg::Practice,
        MsgKind::TryAgain => Msg::TryAgain,
        MsgKind::ShowMe => Msg::ShowMe,
        MsgKind::Skip => Msg::Skip,
        MsgKind::NextPosition => Msg::NextPosition,
        MsgKind::EndWalk => Msg::EndWalk,
        MsgKind::SharePuzzle => Msg::SharePuzzle,
        MsgKind::DeckLoaded => Msg::DeckLoaded(Box::new(Loaded::Missing)),
        MsgKind::DeckElsewhere => Msg::DeckElsewhere(Box::new(Loaded::Valid(Deck::default()))),
        MsgKind::Assessed => Msg::Assessed {
            id: 1,
            at: 0,
            answer: Err("no worker".into()),
        },
    };
    vec![one]
}

#[test]
fn every_message_does_what_its_row_says_on_a_game_in_play() {
    use leptos_2048::app::debugger::diff::diff;
    let game = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left)), Msg::Idle],
    );
    let mut wrong = Vec::new();
    for kind in MsgKind::iter() {
        for msg in samples_of(kind) {
            assert_eq!(MsgKind::from(&msg), kind, "the sample of {kind:?}");
            let mut model = game.clone();
            let (label, want) = (msg.label(), what_it_does(&msg));
            let (_, entry) = Entry::fold(&mut model, msg, 1);
            let changed: Vec<String> = diff(&game, &model).into_iter().map(|c| c.field).collect();
            let changed = match changed.as_slice() {
                [] => "nothing".to_string(),
                fields => fields.join(", "),
            };
            let did = format!("{}; changed {changed}", entry.outcome_and_subs());
            if did != want {
                wrong.push(format!("{label}: {did:?}, not {want:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_message_reads_back_as_written_and_an_unknown_one_is_refused_naming_every_kind() {
    for kind in MsgKind::iter() {
        for msg in samples_of(kind) {
            let json = serde_json::to_value(&msg).expect("a message can be written");
            let read: Result<Msg, _> = serde_json::from_value(json.clone());
            assert_eq!(read.map_err(|e| e.to_string()), Ok(msg), "{json}");
        }
    }
    let set_aside = Msg::BestElsewhere(
        Config::default(),
        Loaded::SetAside {
            why: leptos_2048::session::save::Invalid::Version(9),
            kept: true,
        },
    );
    let json = serde_json::to_value(&set_aside).expect("a message can be written");
    assert_eq!(serde_json::from_value::<Msg>(json).ok(), Some(set_aside));
    let kinds: Vec<String> = MsgKind::iter().map(|k| format!("`{k:?}`")).collect();
    let unknown = serde_json::from_value::<Msg>(serde_json::json!({ "Nap": 1 }));
    let said = format!(
        "unknown variant `Nap`, expected one of {}",
        kinds.join(", ")
    );
    assert_eq!(unknown.map_err(|e| e.to_string()), Err(said));
    let moved = serde_json::json!({ "ChooseSize": { "width": 5, "height": 4 } });
    let moved: Result<Msg, _> = serde_json::from_value(moved);
    assert_eq!(
        moved.ok(),
        Some(Msg::ChooseSize {
            width: 5,
            height: 4
        })
    );
    let lacking =
        serde_json::from_value::<Msg>(serde_json::json!({ "ChooseSize": { "width": 5 } }));
    assert_eq!(
        lacking.map_err(|e| e.to_string()),
        Err("missing field `height`".into())
    );
}

// ─── Properties ──────────────────────────────────────────────────────────

fn any_msg() -> impl Strategy<Value = Msg> {
    let direction = prop_oneof![Just(Up), Just(Direction::Down), Just(Left), Just(Right)];
    let panel = prop_oneof![
        Just(Panel::History),
        Just(Panel::Stats),
        Just(Panel::Settings)
    ];
    let target = prop::option::of(prop_oneof![Just(1024u64), Just(2048), Just(3000)]);
    prop_oneof![
        4 => direction.clone().prop_map(|d| Msg::Play(Input::Move(d))),
        1 => Just(Msg::Play(Input::NewGame)),
        1 => Just(Msg::Play(Input::KeepPlaying)),
        2 => Just(Msg::Undo),
        1 => Just(Msg::Redo),
        1 => panel.clone().prop_map(Msg::Toggle),
        1 => prop::option::of(0usize..12).prop_map(Msg::View),
        1 => (0usize..12).prop_map(Msg::Resume),
        1 => (2u8..=6, 2u8..=6).prop_map(|(width, height)| Msg::ChooseSize { width, height }),
        1 => target.prop_map(Msg::ChooseTarget),
        1 => (0u32..2000).prop_map(Msg::ReplaySpeed),
        1 => Just(Msg::SkipReplay),
        1 => Just(Msg::ReplayTick),
        1 => Just(Msg::Hint),
        1 => Just(Msg::Autoplay),
        1 => (0u32..3000).prop_map(Msg::AutoplayPause),
        2 => (0u32..6, prop::option::of(direction.clone())).prop_map(|(id, d)| Msg::AiAnswered {
            id,
            answer: Ok(advice(d)),
        }),
        1 => (0u32..6).prop_map(|id| Msg::AiAnswered {
            id,
            answer: Err("The AI worker stopped".into()),
        }),
        1 => (panel.clone(), any::<bool>()).prop_map(|(panel, loaded)| Msg::ChunkLoaded { chunk: Chunk::Panel(panel), loaded }),
        1 => (0u32..4, 0usize..12).prop_map(|(id, at)| Msg::Assessed {
            id,
            at,
            answer: Err("A worker failed".into()),
        }),
        1 => (0u32..6).prop_map(Msg::AutoplayTurn),
        1 => Just(Msg::Share),
        1 => Just(Msg::Review),
        1 => Just(Msg::CancelReview),
        2 => (0u32..4, 0usize..12, direction.clone()).prop_map(|(id, at, best)| Msg::Assessed {
            id,
            at,
            answer: Ok(Assessment {
                best,
                target: 9,
                values: [Some(1_000_000), Some(990_000), None, Some(900_000)],
                ends: 0,
            }),
        }),
        1 => Just(Msg::ToggleTheme),
        1 => any::<bool>().prop_map(Msg::SystemDark),
        1 => Just(Msg::DismissNote),
        1 => Just(Msg::CheckHistory),
        1 => Just(Msg::Idle),
        1 => Just(Msg::Hidden),
        1 => (0u64..100_000).prop_map(|b| Msg::BestElsewhere(Config::default(), Loaded::Valid(b))),
        1 => Just(Msg::SaveFailed(Problem::WriteFailed)),
        2 => prop::option::of(325u32..=331).prop_map(Msg::OpenDaily),
        2 => Just(Msg::Finish),
        1 => Just(Msg::CancelFinish),
        1 => Just(Msg::OwnGame),
        1 => Just(Msg::ShowContest),
        1 => Just(Msg::Race),
        1 => Just(Msg::DeclineRace),
        1 => Just(Msg::ShareResult),
        1 => Just(Msg::CopyCard),
        1 => Just(Msg::CardDue),
        1 => Just(Msg::SendBack),
        1 => Just(Msg::ToggleGhost),
        1 => any::<bool>().prop_map(|loaded| Msg::ChunkLoaded { chunk: Chunk::Contest, loaded }),
        1 => Just(Msg::CodeNeeded(Chunk::Contest)),
        1 => (0u32..90_000).prop_map(|s| Msg::Time(LocalTime {
            day: Day::new(2026, 11, if s >= 86_400 { 26 } else { 25 }).unwrap(),
            second: s % 86_400,
        })),
        1 => (325u32..=329, 0usize..3).prop_map(|(n, moves)| {
            let mut game = leptos_2048::session::daily::game(n);
            for d in [Left, Up, Right].into_iter().take(moves) {
                game.apply(Input::Move(d));
            }
            Msg::ChallengeElsewhere(Box::new(Loaded::Valid(SavedChallenge {
                against: Against::Daily { number: n, counted: n == 329 },
                ended: false,
                on_board: true,
                game,
            })))
        }),
    ]
}

/// Answers `Cmd::Load` the way empty storage would, `Cmd::CopyLink` the
/// way a working clipboard would, and the fetches of code as loaded (the
/// generator sends failed and stray `ChunkLoaded`s of its own).
fn reply_to(cmds: &[Cmd]) -> Vec<Msg> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Load(config, load) => Some(Msg::Loaded(Box::new(Saved {
                config: *config,
                load: *load,
                game: Loaded::Missing,
                history: Loaded::Missing,
                best: Loaded::Missing,
                stats: Loaded::<Stats>::Missing,
                challenge: Loaded::Missing,
                dailies: Loaded::Missing,
            }))),
            Cmd::CopyLink(url) => Some(Msg::LinkCopied(url.clone())),
            Cmd::ShareCard(_) | Cmd::CopyCard(_) => Some(Msg::CardSent(Sent::Copied)),
            Cmd::LoadChunk(chunk) => Some(Msg::ChunkLoaded {
                chunk: *chunk,
                loaded: true,
            }),
            _ => None,
        })
        .collect()
}

/// The page opened on a race link (`?race=` of a short shared game), with
/// empty storage, all written.
fn offered_a_race() -> Model {
    let (model, _) = opened_with(Query {
        race: Some(shared_link()),
        ..Query::default()
    });
    after(model, [Msg::Idle])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// No sequence of messages panics or breaks an invariant: the present
    /// is the fold of the inputs, the mode fits the panel, the best score
    /// is at least the score, every question is answered at most once, and
    /// after an idle moment nothing is left unsaved.
    #[test]
    fn no_sequence_of_messages_breaks_the_model(msgs in prop::collection::vec(any_msg(), 1..60)) {
        // Opened on a race link, so that `Race` has a game to race.
        let mut model = offered_a_race();
        let mut answered = std::collections::HashSet::new();
        for msg in msgs {
            let answering = match &msg {
                Msg::AiAnswered { id, .. } => Some(*id),
                _ => None,
            };
            let (cmds, why) = update_explained(&mut model, msg);
            for reply in reply_to(&cmds) {
                update(&mut model, reply);
            }
            prop_assert_eq!(model.validate(), Ok(()));
            prop_assert_eq!(model.board_game().verify(), Ok(()));
            if let Some(id) = answering {
                let taken = why != Some(Ignored::Stale);
                if taken {
                    prop_assert!(answered.insert(id), "question {} answered twice", id);
                }
            }
        }
        update(&mut model, Msg::Idle);
        prop_assert!(!model.storage.unsaved.any());
    }

    /// `update` is a function: the same model and message give the same
    /// model and commands.
    #[test]
    fn update_is_deterministic(msgs in prop::collection::vec(any_msg(), 1..30)) {
        let mut a = offered_a_race();
        let mut b = offered_a_race();
        for msg in msgs {
            prop_assert_eq!(update(&mut a, msg.clone()), update(&mut b, msg));
            prop_assert_eq!(&a, &b);
        }
    }
}

#[test]
fn the_recording_keeps_the_subscriptions_each_message_started_or_stopped() {
    let subs_of = |m: &mut Model, msg: Msg| -> Vec<String> {
        let (_, entry) = Entry::fold(m, msg, 1);
        entry
            .subs
            .iter()
            .map(|(sign, name)| format!("{sign}{name}"))
            .collect()
    };
    let mut model = fresh();
    let moved = subs_of(&mut model, Msg::Play(Input::Move(Left)));
    assert_eq!(moved, ["+idle"], "something to write");
    assert_eq!(subs_of(&mut model, Msg::Idle), ["\u{2212}idle"]);
    assert_eq!(
        subs_of(&mut model, Msg::Toggle(Panel::Stats)),
        ["~clock"],
        "the countdown ticks each second"
    );
    assert_eq!(
        subs_of(&mut model, Msg::ToggleTheme),
        ["\u{2212}colour scheme"]
    );
    let (mut replay, _) = replaying();
    let skipped = subs_of(&mut replay, Msg::SkipReplay);
    assert!(skipped.contains(&"\u{2212}ticker".to_string()));
    assert!(skipped.contains(&"+swipes".to_string()));
}

#[test]
fn the_review_button_says_what_is_left_and_sends_what_fits() {
    use leptos_2048::app::review_button::ReviewButton;
    let button = |words: &str, enabled: bool, msg: Msg| ReviewButton {
        words: words.into(),
        enabled,
        msg,
    };
    assert_eq!(
        ReviewButton::of(&fresh()),
        button("Review game", false, Msg::Review)
    );
    let model = played(&TEN_MOVES);
    assert_eq!(
        ReviewButton::of(&model),
        button("Review game", true, Msg::Review)
    );
    let asked = after(model, [Msg::Review]);
    assert_eq!(
        ReviewButton::of(&asked),
        button("Cancel", true, Msg::CancelReview)
    );
    let moves = moves_from(&asked, 0);
    let mut judged = asked;
    for &(at, _) in &moves {
        let answer = agreed(&judged, 1, at);
        judged = after(judged, [answer]);
    }
    assert_eq!(
        ReviewButton::of(&judged),
        button("Game reviewed", false, Msg::Review)
    );
    // The history's row after the first move shows the verdict on it.
    let first = moves[0].0;
    let (on, verdict) = judged.coach.verdict_leading_to(first + 1).unwrap();
    assert_eq!((on.at, verdict.grade), (first, Grade::Best));
    // Each move carries its number in its game, as the history counts the
    // moves made before it.
    let h = judged.board_game();
    let start = h.state_at(0).unwrap().moves;
    for m in &judged.coach.moves {
        assert_eq!(
            m.number,
            moves_made(h.inputs(), start, m.at) + 1,
            "the move at {}",
            m.at
        );
    }
    assert_eq!(
        judged.coach.verdict_leading_to(0),
        None,
        "the start has no move"
    );
    let more = after(judged, [Msg::Toggle(Panel::History)]);
    let d = [Left, Up, Right, Direction::Down]
        .into_iter()
        .find(|&d| {
            let mut h = more.board_game().clone();
            h.apply(Input::Move(d))
        })
        .unwrap();
    let went_on = after(more, [Msg::Play(Input::Move(d))]);
    assert_eq!(
        ReviewButton::of(&went_on),
        button("Review 1 more move", true, Msg::Review)
    );
}

#[test]
fn the_history_check_is_said_in_a_sentence() {
    let model = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let open = after(model, [Msg::Toggle(Panel::History)]);
    let check = open.travel.verification.clone().unwrap();
    assert_eq!(
        check.sentence(open.board_game()),
        "Checked: playing the 1 move again gives every board in the list."
    );
    let later = after(open, [Msg::Play(Input::Move(Right))]);
    assert!(check
        .sentence(later.board_game())
        .ends_with(" (1 move since.)"));
}

/// What Hint or Autoplay did, as the player sees it.
#[derive(Debug, PartialEq)]
enum Asked {
    /// The computer was asked.
    Asks,
    /// The computer said why it will not look, beside the board.
    Says(String),
    /// Nothing happened, for this reason.
    Nothing(Ignored),
    /// Autoplay stopped.
    Stops,
}

/// Hint and Autoplay on each kind of board, as literals: what `update`
/// does with each, and whether the buttons offer them (the buttons and
/// `update` ask the one rule, `Model::asking_computer`; these rows state
/// what that rule must say).
#[test]
fn the_computer_is_asked_only_on_a_live_four_by_four_game_in_play() {
    use Asked::*;
    let live = playing("2 2 . . / . . . . / . . . . / . . . .");
    let won = after(
        playing("1024 1024 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let over_words = "The game is over.";
    let won_words = "You reached the target. Keep going to play on.";
    let rows: [(&str, Model, Asked, Asked, [bool; 2]); 6] = [
        ("a game in play", live.clone(), Asks, Asks, [true, true]),
        (
            "a game over",
            playing("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2"),
            Says(over_words.into()),
            Says(over_words.into()),
            [false, false],
        ),
        (
            "a game won",
            won,
            Says(won_words.into()),
            Says(won_words.into()),
            [false, false],
        ),
        (
            "a 3×3 board",
            playing("2 2 . / . . . / . . ."),
            Says("The computer player plays 4×4 boards only.".into()),
            Says("The computer player plays 4×4 boards only.".into()),
            [false, false],
        ),
        (
            "the past shown",
            viewing_the_start(),
            Nothing(Ignored::ReadOnly),
            Nothing(Ignored::ReadOnly),
            [false, false],
        ),
        (
            "autoplay on",
            after(live, [Msg::Autoplay]),
            Nothing(Ignored::NotHere),
            Stops,
            [false, true],
        ),
    ];
    for (board, model, hint, autoplay, offered) in rows {
        for (msg, want) in [(Msg::Hint, hint), (Msg::Autoplay, autoplay)] {
            let label = msg.label();
            let mut tried = model.clone();
            let (cmds, why) = update_explained(&mut tried, msg);
            let got = match why {
                Some(why) => Nothing(why),
                None if model.computer.autoplay && !tried.computer.autoplay => Stops,
                None if tried.computer.asked.is_some() && !cmds.is_empty() => Asks,
                None => Says(tried.computer_line().unwrap_or_default()),
            };
            assert_eq!(got, want, "{label} on {board}");
        }
        let buttons = [Purpose::Hint, Purpose::Autoplay].map(|p| model.can_ask_computer(p));
        assert_eq!(buttons, offered, "the buttons on {board}");
    }
}
