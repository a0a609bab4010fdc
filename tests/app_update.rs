//! The app's rules above the engine, one row each:
//! `check(before, msg, effects)` returns the model after `update`, and the
//! row states what must hold of it. Boards are ASCII pictures (rows split by
//! `/`, `.` empty), as in `engine_rules.rs`. Then property tests: no
//! sequence of messages panics or breaks the model's invariants.

use leptos_2048::ai::protocol::Advice;
use leptos_2048::app::computer::{Purpose, ONLY_4X4};
use leptos_2048::app::{
    init, update, Effect, Flags, Ignored, Load, Mode, Model, Msg, Notice, Panel, Query, Saved,
    Share,
};
use leptos_2048::engine::{Config, Direction, Input, State, Status};
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save::Invalid;
use leptos_2048::session::stats::Stats;
use leptos_2048::session::stored::{Loaded, Problem, Theme};
use proptest::prelude::*;

use Direction::{Left, Right, Up};

const PAGE: &str = "https://play.example/2048/";

fn flags(query: Query) -> Flags {
    Flags {
        storage: true,
        settings: Loaded::Missing,
        theme: None,
        system_dark: false,
        query,
        page_url: PAGE.into(),
        entropy: 7,
    }
}

/// What storage holds for a size: nothing but `game`.
fn saved(config: Config, load: Load, game: Loaded<State>) -> Saved {
    Saved {
        config,
        load,
        game,
        history: Loaded::Missing,
        best: 0,
        stats: Loaded::Missing,
    }
}

/// The page opened with empty storage, then storage's answer handled.
fn fresh() -> Model {
    let (mut model, _) = init(flags(Query::default()));
    let config = model.config();
    update(
        &mut model,
        Msg::Loaded(Box::new(saved(config, Load::Start, Loaded::Missing))),
    );
    model
}

/// The page opened on a saved game with this board.
fn playing(picture: &str) -> Model {
    let state = State::from_board(picture.parse().expect("a board picture"), 11);
    let (mut model, _) = init(flags(Query::default()));
    let config = model.config();
    update(
        &mut model,
        Msg::Loaded(Box::new(saved(config, Load::Start, Loaded::Valid(state)))),
    );
    model
}

/// `model` after `msgs`, effects ignored.
fn after(mut model: Model, msgs: impl IntoIterator<Item = Msg>) -> Model {
    for msg in msgs {
        update(&mut model, msg);
    }
    model
}

/// An effect's variant name.
fn name(effect: &Effect) -> &'static str {
    match effect {
        Effect::SaveGame(_) => "SaveGame",
        Effect::SaveHistory(_) => "SaveHistory",
        Effect::SaveBest(..) => "SaveBest",
        Effect::SaveStats(..) => "SaveStats",
        Effect::SaveSettings(_) => "SaveSettings",
        Effect::SaveTheme(_) => "SaveTheme",
        Effect::ShowTheme(_) => "ShowTheme",
        Effect::Load(..) => "Load",
        Effect::AskAi { .. } => "AskAi",
        Effect::CancelAi => "CancelAi",
        Effect::StartTicker { .. } => "StartTicker",
        Effect::StopTicker => "StopTicker",
        Effect::After { .. } => "After",
        Effect::CopyLink(_) => "CopyLink",
        Effect::ClearQuery => "ClearQuery",
        Effect::Announce(_) => "Announce",
    }
}

/// Runs `msg` on `before`, asserts the effects' names, and returns the model
/// after, for the row to check.
#[track_caller]
fn check(before: &Model, msg: Msg, effects: &[&str]) -> Model {
    let mut model = before.clone();
    let got = update(&mut model, msg.clone());
    let got: Vec<&str> = got.iter().map(name).collect();
    assert_eq!(got, effects, "effects of {msg:?}");
    model
        .check()
        .unwrap_or_else(|e| panic!("{msg:?} broke the model: {e}"));
    model
}

/// Why the last message did nothing.
fn ignored(model: &Model) -> Option<Ignored> {
    model.log.latest().and_then(|e| e.ignored)
}

fn advice(direction: Option<Direction>) -> Advice {
    Advice {
        direction,
        reason: "Because.".into(),
        depth: 3,
        refined: 0,
        nodes: 100,
        elapsed_ms: None,
        evaluator: None,
        note: None,
    }
}

fn answer(id: u32, direction: Direction) -> Msg {
    Msg::AiAnswered {
        id,
        answer: Ok(advice(Some(direction))),
    }
}

// ─── Play ────────────────────────────────────────────────────────────────

#[test]
fn a_move_steps_saves_counts_and_says_it() {
    let before = playing("2 2 . . / . . . . / . . . . / . . . .");
    let after = check(
        &before,
        Msg::Play(Input::Move(Left)),
        &[
            "SaveGame",
            "SaveHistory",
            "SaveBest",
            "Announce",
            "SaveStats",
        ],
    );
    assert_eq!(after.present().score, 4);
    assert_eq!(after.history.len(), 1);
    assert_eq!(after.best, 4);
    assert_eq!(after.stats.played, 1);
}

#[test]
fn a_move_that_changes_nothing_is_not_recorded() {
    let before = playing("2 . . . / . . . . / . . . . / . . . .");
    let after = check(&before, Msg::Play(Input::Move(Left)), &[]);
    assert_eq!(ignored(&after), Some(Ignored::NoChange));
    assert_eq!(after.history, before.history);
}

#[test]
fn statistics_count_a_game_once() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let moved = check(
        &model,
        Msg::Play(Input::Move(Left)),
        &[
            "SaveGame",
            "SaveHistory",
            "SaveBest",
            "Announce",
            "SaveStats",
        ],
    );
    // Undo and redo see the same game again: no new count, no stats write.
    let undone = check(&moved, Msg::Undo, &["SaveGame", "SaveHistory", "Announce"]);
    let redone = check(&undone, Msg::Redo, &["SaveGame", "SaveHistory", "Announce"]);
    assert_eq!(redone.stats, moved.stats);
    assert_eq!(redone.stats.played, 1);
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
    let after = check(&model, Msg::View(Some(0)), &[]);
    assert_eq!(ignored(&after), Some(Ignored::NotHere));
    let open = check(&model, Msg::Toggle(Panel::History), &[]);
    let viewing = check(&open, Msg::View(Some(0)), &["Announce"]);
    assert_eq!(viewing.mode, Mode::Viewing(0));
    assert_eq!(viewing.shown().score, 0);
    assert_eq!(viewing.present().score, 4, "the present stays");
}

#[test]
fn undo_redo_and_moves_are_ignored_while_viewing_the_past() {
    let model = viewing_the_start();
    for msg in [
        Msg::Undo,
        Msg::Redo,
        Msg::Play(Input::Move(Right)),
        Msg::Hint,
    ] {
        let after = check(&model, msg.clone(), &[]);
        assert_eq!(ignored(&after), Some(Ignored::ReadOnly), "{msg:?}");
        assert_eq!(after.history, model.history);
    }
}

#[test]
fn closing_the_history_panel_returns_to_the_present() {
    let after = check(
        &viewing_the_start(),
        Msg::Toggle(Panel::History),
        &["Announce"],
    );
    assert_eq!(after.mode, Mode::Live);
    assert_eq!(after.panel, None);
}

#[test]
fn resume_makes_the_viewed_state_the_present() {
    let after = check(
        &viewing_the_start(),
        Msg::Resume(0),
        &["SaveGame", "SaveHistory", "Announce"],
    );
    assert_eq!(after.mode, Mode::Live);
    assert_eq!(after.history.cursor(), 0);
    assert!(after.history.can_redo(), "the later input stays as redo");
}

#[test]
fn opening_the_history_checks_it() {
    let model = after(
        playing("2 2 . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left))],
    );
    let open = check(&model, Msg::Toggle(Panel::History), &[]);
    let check_ = open.check.clone().expect("checked on opening");
    assert_eq!((check_.inputs, check_.result), (1, Ok(())));
}

// ─── Replays of shared links ─────────────────────────────────────────────

fn shared_link() -> String {
    let mut h = History::new(Config::default(), 42);
    for d in [Left, Up, Right, Left] {
        h.apply(Input::Move(d));
    }
    replay::encode(&Replay::from_history(&h).expect("a shareable game"))
}

fn opened_with(query: Query) -> (Model, Vec<Effect>) {
    let (mut model, mut effects) = init(flags(query));
    let config = model.config();
    let load = effects
        .iter()
        .find_map(|e| match e {
            Effect::Load(_, load) => Some(*load),
            _ => None,
        })
        .expect("init reads storage");
    effects.extend(update(
        &mut model,
        Msg::Loaded(Box::new(saved(config, load, Loaded::Missing))),
    ));
    (model, effects)
}

/// The effects of reaching a replay's end from `model`: stop the ticker,
/// save, raise the best score if the game's end beats it, say it.
fn ending(model: &Model) -> Vec<&'static str> {
    let end = model.history.state_at(model.history.len()).unwrap();
    let mut names = vec!["StopTicker", "SaveGame", "SaveHistory"];
    if end.score > model.best {
        names.push("SaveBest");
    }
    names.push("Announce");
    names
}

#[test]
fn a_link_replays_its_game_then_plays_on() {
    let link = Query {
        replay: Some(shared_link()),
        ..Query::default()
    };
    let (model, effects) = opened_with(link);
    let names: Vec<&str> = effects.iter().map(name).collect();
    assert_eq!(
        &names[..4],
        ["ShowTheme", "ClearQuery", "Load", "StartTicker"],
        "{names:?}"
    );
    assert_eq!(model.mode, Mode::Replaying);
    assert_eq!(model.history.cursor(), 0);
    let ignored_move = check(&model, Msg::Play(Input::Move(Left)), &[]);
    assert_eq!(ignored(&ignored_move), Some(Ignored::ReadOnly));
    let ticked = after(
        model.clone(),
        [Msg::ReplayTick, Msg::ReplayTick, Msg::ReplayTick],
    );
    assert_eq!(ticked.history.cursor(), 3);
    let last = check(&ticked, Msg::ReplayTick, &ending(&ticked));
    assert_eq!(last.mode, Mode::Live);
    let stale = check(&last, Msg::ReplayTick, &[]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn a_replay_can_be_skipped_and_sped_up() {
    let (model, _) = opened_with(Query {
        replay: Some(shared_link()),
        ..Query::default()
    });
    let faster = check(&model, Msg::ReplaySpeed(10), &["StartTicker"]);
    assert_eq!(faster.replay_speed, 10);
    let skipped = check(&faster, Msg::SkipReplay, &ending(&faster));
    assert_eq!((skipped.mode, skipped.history.cursor()), (Mode::Live, 4));
}

#[test]
fn a_bad_link_plays_a_fresh_game_that_is_not_saved() {
    let (model, effects) = opened_with(Query {
        replay: Some("not-a-link".into()),
        ..Query::default()
    });
    assert!(model.link_message.is_some());
    assert!(!model.saving);
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveGame(_))));
    let moved = after(
        model,
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    let dismissed = check(&moved, Msg::DismissLinkMessage, &[]);
    assert_eq!(dismissed.link_message, None);
}

#[test]
fn a_seed_link_starts_that_seed() {
    let (model, _) = opened_with(Query {
        seed: Some("5".into()),
        ..Query::default()
    });
    assert_eq!(model.history.seed(), Some(5));
    let (bad, _) = opened_with(Query {
        seed: Some("-5".into()),
        ..Query::default()
    });
    assert!(bad.link_message.unwrap().contains("not a whole number"));
}

// ─── Board sizes and targets ─────────────────────────────────────────────

#[test]
fn switching_size_loads_that_sizes_game() {
    let model = after(
        fresh(),
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let asked = check(&model, Msg::Configure(five), &["Load"]);
    let their_game = State::new(Config::new(5, 5, Some(4096)).unwrap(), 9);
    let mut stored = saved(five, Load::Switch, Loaded::Valid(their_game.clone()));
    stored.best = 500;
    let switched = check(
        &asked,
        Msg::Loaded(Box::new(stored)),
        &[
            "SaveGame",
            "SaveHistory",
            "SaveBest",
            "SaveSettings",
            "Announce",
        ],
    );
    assert_eq!(*switched.present(), their_game);
    assert_eq!(
        switched.config().target,
        Some(4096),
        "the saved game's own target"
    );
    assert_eq!(switched.best, 500);
}

#[test]
fn the_same_size_with_another_target_starts_a_new_game() {
    let model = after(fresh(), [Msg::Play(Input::Move(Left))]);
    let endless = Config::new(4, 4, None).unwrap();
    let after = check(
        &model,
        Msg::Configure(endless),
        &["SaveGame", "SaveHistory", "Announce", "SaveSettings"],
    );
    assert_eq!(after.config(), endless);
    assert_eq!(after.history.len(), 0);
    let again = check(&after, Msg::Configure(endless), &[]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
}

#[test]
fn storage_of_another_size_answering_late_is_dropped() {
    let five = Config::new(5, 5, Some(2048)).unwrap();
    let after = check(
        &fresh(),
        Msg::Loaded(Box::new(saved(five, Load::Start, Loaded::Missing))),
        &[],
    );
    assert_eq!(ignored(&after), Some(Ignored::Stale));
}

// ─── Storage ─────────────────────────────────────────────────────────────

#[test]
fn a_corrupt_save_is_set_aside_and_said() {
    let (model, _) = init(flags(Query::default()));
    let bad = Loaded::SetAside {
        why: Invalid::Malformed("x".into()),
        kept: true,
    };
    let after = check(
        &model,
        Msg::Loaded(Box::new(saved(model.config(), Load::Start, bad.clone()))),
        &["SaveGame", "SaveHistory", "SaveBest", "Announce"],
    );
    assert_eq!(after.notice, Some(Notice::SetAside));
    // A bad save that could not be copied aside is left where it is.
    let unkept = Loaded::SetAside {
        why: Invalid::Malformed("x".into()),
        kept: false,
    };
    let after = check(
        &model,
        Msg::Loaded(Box::new(saved(model.config(), Load::Start, unkept))),
        &["SaveBest", "Announce"],
    );
    assert!(!after.saving);
}

#[test]
fn a_failed_write_is_said_once() {
    let model = fresh();
    let full = check(&model, Msg::SaveFailed(Problem::WriteFailed), &[]);
    assert_eq!(full.notice, Some(Notice::WriteFailed));
    let again = check(&full, Msg::SaveFailed(Problem::WriteFailed), &[]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    let mut none = model.clone();
    none.notice = Some(Notice::Unavailable);
    let kept = check(&none, Msg::SaveFailed(Problem::WriteFailed), &[]);
    assert_eq!(kept.notice, Some(Notice::Unavailable));
}

#[test]
fn a_higher_best_from_another_tab_is_taken() {
    let model = fresh();
    let higher = check(&model, Msg::BestElsewhere(Config::default(), 9000), &[]);
    assert_eq!(higher.best, 9000);
    let lower = check(&higher, Msg::BestElsewhere(Config::default(), 10), &[]);
    assert_eq!(
        (lower.best, ignored(&lower)),
        (9000, Some(Ignored::NoChange))
    );
    let other = check(
        &model,
        Msg::BestElsewhere(Config::new(6, 6, None).unwrap(), 9),
        &[],
    );
    assert_eq!(ignored(&other), Some(Ignored::Stale));
}

#[test]
fn the_theme_flips_and_is_remembered() {
    let model = fresh();
    let dark = check(&model, Msg::ToggleTheme, &["ShowTheme", "SaveTheme"]);
    assert_eq!((dark.theme, dark.dark()), (Some(Theme::Dark), true));
    let light = check(&dark, Msg::ToggleTheme, &["ShowTheme", "SaveTheme"]);
    assert_eq!(light.theme, Some(Theme::Light));
}

// ─── Share ───────────────────────────────────────────────────────────────

#[test]
fn share_makes_a_link_and_copies_it() {
    let model = after(fresh(), [Msg::Play(Input::Move(Left))]);
    let made = check(&model, Msg::Share, &["CopyLink"]);
    let Some(Share::Made(url)) = made.share.clone() else {
        panic!("no link: {:?}", made.share)
    };
    assert!(url.starts_with(&format!("{PAGE}?replay=")), "{url}");
    let copied = check(&made, Msg::LinkCopied(url.clone()), &[]);
    assert_eq!(copied.share, Some(Share::Copied(url)));
    let stale = check(&made, Msg::LinkCopied("elsewhere".into()), &[]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn a_game_without_its_start_cannot_be_shared() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let after = check(&model, Msg::Share, &[]);
    assert_eq!(after.share, Some(Share::Refused));
}

// ─── The computer player ─────────────────────────────────────────────────

#[test]
fn a_hint_is_shown_for_the_board_it_was_asked_about() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let asked = check(&model, Msg::Hint, &["AskAi"]);
    let id = asked.computer.asked.as_ref().unwrap().id;
    assert_eq!(
        asked.computer.message_for(asked.present()),
        Some("Thinking…")
    );
    let shown = check(&asked, answer(id, Left), &[]);
    assert_eq!(shown.computer.hint_for(shown.present()), Some(Left));
    assert_eq!(shown.computer.message_for(shown.present()), None);
}

#[test]
fn the_workers_note_is_kept_while_its_answers_carry_it() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let asked = check(&model, Msg::Hint, &["AskAi"]);
    let id = asked.computer.asked.as_ref().unwrap().id;
    let why = "The learned network did not load (…): the computer plays by its hand-made rules.";
    let noted = Msg::AiAnswered {
        id,
        answer: Ok(Advice {
            note: Some(why.into()),
            ..advice(Some(Left))
        }),
    };
    let shown = check(&asked, noted, &[]);
    assert_eq!(shown.computer.note.as_deref(), Some(why));
    assert_eq!(shown.computer.hint_for(shown.present()), Some(Left));
    // The next answer, from a worker with its network, clears it.
    let again = check(&shown, Msg::Hint, &["AskAi"]);
    let id = again.computer.asked.as_ref().unwrap().id;
    let cleared = check(&again, answer(id, Left), &[]);
    assert_eq!(cleared.computer.note, None);
}

#[test]
fn a_stale_answer_is_dropped() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let asked = check(&model, Msg::Hint, &["AskAi"]);
    let id = asked.computer.asked.as_ref().unwrap().id;
    // The board changed before the answer came.
    let moved = after(asked, [Msg::Play(Input::Move(Left))]);
    let dropped = check(&moved, answer(id, Right), &[]);
    assert_eq!(ignored(&dropped), Some(Ignored::Stale));
    assert_eq!(dropped.computer.hint_for(dropped.present()), None);
    // An answer to a question never asked is dropped too.
    let unknown = check(&moved, answer(id + 7, Right), &[]);
    assert_eq!(ignored(&unknown), Some(Ignored::Stale));
}

#[test]
fn a_question_is_answered_once() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let asked = check(&model, Msg::Hint, &["AskAi"]);
    let id = asked.computer.asked.as_ref().unwrap().id;
    let first = check(&asked, answer(id, Left), &[]);
    let second = check(&first, answer(id, Right), &[]);
    assert_eq!(ignored(&second), Some(Ignored::Stale));
    assert_eq!(second.computer.hint_for(second.present()), Some(Left));
}

#[test]
fn autoplay_plays_pauses_and_asks_again() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let on = check(&model, Msg::Autoplay, &["AskAi"]);
    let q = on.computer.asked.clone().unwrap();
    assert_eq!(q.purpose, Purpose::Autoplay);
    let played = check(
        &on,
        answer(q.id, Left),
        &[
            "SaveGame",
            "SaveHistory",
            "SaveBest",
            "Announce",
            "SaveStats",
            "After",
        ],
    );
    assert_eq!(played.present().score, 4);
    let turn = played.computer.pausing.unwrap();
    let next = check(&played, Msg::AutoplayTurn(turn), &["AskAi"]);
    let stopped = check(&next, Msg::Autoplay, &["CancelAi"]);
    assert!(!stopped.computer.autoplay);
    // The answer to the cancelled question lands nowhere.
    let id = next.computer.asked.as_ref().unwrap().id;
    let late = check(&stopped, answer(id, Left), &[]);
    assert_eq!(ignored(&late), Some(Ignored::Stale));
}

#[test]
fn autoplay_stops_at_the_target() {
    let model = playing("1024 1024 . . / . . . . / . . . . / . . . .");
    let on = check(&model, Msg::Autoplay, &["AskAi"]);
    let id = on.computer.asked.as_ref().unwrap().id;
    let won = after(on, [answer(id, Left)]);
    assert_eq!(won.present().status, Status::Won);
    let turn = won.computer.pausing.unwrap();
    let stopped = check(&won, Msg::AutoplayTurn(turn), &["CancelAi"]);
    assert!(!stopped.computer.autoplay);
    let said = stopped.computer.message_for(stopped.present()).unwrap();
    assert!(
        said.starts_with("Autoplay stopped. You reached the target"),
        "{said}"
    );
}

#[test]
fn a_stale_autoplay_turn_is_dropped() {
    let model = playing("2 2 . . / . . . . / . . . . / . . . .");
    let on = after(model, [Msg::Autoplay]);
    let id = on.computer.asked.as_ref().unwrap().id;
    let played = after(on, [answer(id, Left)]);
    let turn = played.computer.pausing.unwrap();
    // Stopped and started again during the pause: the old turn is stale.
    let restarted = after(played, [Msg::Autoplay, Msg::Autoplay]);
    let stale = check(&restarted, Msg::AutoplayTurn(turn), &[]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
}

#[test]
fn the_computer_plays_four_by_four_only() {
    let model = playing("2 2 . / . . . / . . .");
    let after = check(&model, Msg::Hint, &[]);
    assert_eq!(after.computer.message_for(after.present()), Some(ONLY_4X4));
    let after = check(&model, Msg::Autoplay, &[]);
    assert!(!after.computer.autoplay);
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
    let after = check(&model, Msg::View(Some(0)), &["CancelAi", "Announce"]);
    assert!(!after.computer.autoplay);
}

// ─── The message log ─────────────────────────────────────────────────────

#[test]
fn the_log_keeps_each_message_with_its_effects() {
    let model = after(
        playing("2 2 . . / . . . . / . . . . / . . . ."),
        [Msg::Play(Input::Move(Left)), Msg::Undo, Msg::Undo],
    );
    let entries: Vec<_> = model.log.newest_first().take(3).collect();
    assert_eq!(entries[0].ignored, Some(Ignored::NoChange));
    assert_eq!(entries[1].msg, "Undo");
    assert_eq!(entries[2].msg, "Play(Move(Left))");
    assert_eq!(
        entries[2].effects[..2],
        ["SaveGame".to_string(), "SaveHistory".to_string()]
    );
    assert!(entries[2].effects[3].starts_with("Announce(\"Moved left."));
    let long = after(model, (0..500).map(|_| Msg::Undo));
    assert_eq!(long.log.newest_first().count(), 200);
}

// ─── Properties ──────────────────────────────────────────────────────────

fn any_msg() -> impl Strategy<Value = Msg> {
    let direction = prop_oneof![
        Just(Direction::Up),
        Just(Direction::Down),
        Just(Direction::Left),
        Just(Direction::Right)
    ];
    let panel = prop_oneof![
        Just(Panel::History),
        Just(Panel::Stats),
        Just(Panel::Settings)
    ];
    let config = (3u8..=5, 3u8..=5, prop::option::of(Just(2048u64)))
        .prop_map(|(w, h, t)| Config::new(w, h, t).unwrap());
    prop_oneof![
        4 => direction.clone().prop_map(|d| Msg::Play(Input::Move(d))),
        1 => Just(Msg::Play(Input::NewGame)),
        1 => Just(Msg::Play(Input::KeepPlaying)),
        2 => Just(Msg::Undo),
        1 => Just(Msg::Redo),
        1 => panel.prop_map(Msg::Toggle),
        1 => prop::option::of(0usize..12).prop_map(Msg::View),
        1 => (0usize..12).prop_map(Msg::Resume),
        1 => config.prop_map(Msg::Configure),
        1 => (0u32..2000).prop_map(Msg::ReplaySpeed),
        1 => Just(Msg::SkipReplay),
        1 => Just(Msg::ReplayTick),
        1 => Just(Msg::Hint),
        1 => Just(Msg::Autoplay),
        1 => (0u32..3000).prop_map(Msg::AutoplayPause),
        2 => (0u32..6, prop::option::of(direction)).prop_map(|(id, d)| Msg::AiAnswered {
            id,
            answer: Ok(advice(d)),
        }),
        1 => (0u32..6).prop_map(Msg::AutoplayTurn),
        1 => Just(Msg::Share),
        1 => Just(Msg::ToggleTheme),
        1 => Just(Msg::CheckHistory),
        1 => Just(Msg::ToggleMessages),
        1 => (0u64..100_000).prop_map(|b| Msg::BestElsewhere(Config::default(), b)),
        1 => Just(Msg::SaveFailed(Problem::WriteFailed)),
    ]
}

/// Answers `Effect::Load` the way empty storage would.
fn reply_to(effects: &[Effect]) -> Vec<Msg> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Load(config, load) => Some(Msg::Loaded(Box::new(Saved {
                config: *config,
                load: *load,
                game: Loaded::Missing,
                history: Loaded::Missing,
                best: 0,
                stats: Loaded::<Stats>::Missing,
            }))),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// No sequence of messages panics or breaks an invariant: the present
    /// is the fold of the inputs, the mode fits the panel, the best score
    /// is at least the score, and every question is answered at most once.
    #[test]
    fn no_sequence_of_messages_breaks_the_model(msgs in prop::collection::vec(any_msg(), 1..60)) {
        let mut model = fresh();
        let mut answered = std::collections::HashSet::new();
        for msg in msgs {
            let answering = match &msg {
                Msg::AiAnswered { id, .. } => Some(*id),
                _ => None,
            };
            let effects = update(&mut model, msg);
            for reply in reply_to(&effects) {
                update(&mut model, reply);
            }
            prop_assert_eq!(model.check(), Ok(()));
            prop_assert_eq!(model.history.verify(), Ok(()));
            if let Some(id) = answering {
                let taken = model.log.latest().unwrap().ignored != Some(Ignored::Stale);
                if taken {
                    prop_assert!(answered.insert(id), "question {} answered twice", id);
                }
            }
        }
    }

    /// `update` is a function: the same model and message give the same
    /// model and effects.
    #[test]
    fn update_is_deterministic(msgs in prop::collection::vec(any_msg(), 1..30)) {
        let mut a = fresh();
        let mut b = fresh();
        for msg in msgs {
            prop_assert_eq!(update(&mut a, msg.clone()), update(&mut b, msg));
            prop_assert_eq!(&a, &b);
        }
    }
}
