//! The debugger's own program (`app::debugger::program`): its rules as
//! `check(before, msg, commands)` rows on its model, over a page it wraps
//! (the runtime's recording and the live model, folded here natively as
//! the runtime folds them); the models it shows, against the page's own;
//! its snapshots; and which of the app's messages the live page takes
//! while paused. The browser tests (`tests/e2e/debugger.test.mjs`) drive
//! its runner.

use leptos_2048::app::debugger::inspected::Listed;
use leptos_2048::app::debugger::program::{takes, update, DebugCmd, DebugMsg, Debugger, Page};
use leptos_2048::app::debugger::{
    weight, Recording, Session, Snapshots, RECORD_LEN, SNAPSHOT_EVERY,
};
use leptos_2048::app::{init, Model, Msg, Query};
use leptos_2048::engine::{Direction, Input};

mod support;
use support::{flags, long_life, moves_round_the_board};

/// A page the runtime ran: `init`, then the messages folded through its
/// recording; the live model after each of the messages numbered in
/// `keep`.
struct Ran {
    recording: Recording,
    live: Model,
    kept: Vec<(u64, Model)>,
}

impl Ran {
    fn page(&self) -> Page<'_> {
        Page {
            recording: &self.recording,
            live: &self.live,
        }
    }

    /// The live model right after message `n`, as the page had it.
    fn at(&self, n: u64) -> &Model {
        &self.kept.iter().find(|(k, _)| *k == n).expect("kept").1
    }

    /// One more message, as the runtime folds it, and the debugger told.
    fn take(&mut self, debugger: &mut Debugger, msg: Msg) {
        self.recording.fold(&mut self.live, msg);
        update(debugger, DebugMsg::Recorded, self.page());
    }
}

fn ran(msgs: Vec<Msg>, keep: &[u64]) -> Ran {
    let flags = flags(Query::default());
    let (mut live, _) = init(&flags);
    let mut recording = Recording::new(flags);
    let mut kept = Vec::new();
    if keep.contains(&0) {
        kept.push((0, live.clone()));
    }
    for msg in msgs {
        recording.fold(&mut live, msg);
        if keep.contains(&recording.last()) {
            kept.push((recording.last(), live.clone()));
        }
    }
    Ran {
        recording,
        live,
        kept,
    }
}

/// What a row states of the debugger's model: the log shown, the message
/// paused on, the file's number, why a file was refused, the input blocked.
type Seen = (
    bool,
    Option<u64>,
    Option<u32>,
    Option<String>,
    Option<String>,
);

fn seen(d: &Debugger) -> Seen {
    (
        d.open,
        d.at,
        d.opened.as_ref().map(|o| o.file),
        d.problem.clone(),
        d.blocked.clone(),
    )
}

/// Folds `msg` into a copy of `before` on `page`, asserts the commands are
/// `expect`, and gives the model after.
#[track_caller]
fn check(before: &Debugger, msg: DebugMsg, expect: Vec<DebugCmd>, page: Page) -> Debugger {
    let mut after = before.clone();
    let label = format!("{msg:?}");
    assert_eq!(
        update(&mut after, msg, page),
        expect,
        "the commands of {label}"
    );
    after
}

const LIVE: Seen = (false, None, None, None, None);

#[test]
fn pausing_holds_the_message_within_those_recorded_and_shows_the_pages_model() {
    let ran = ran(moves_round_the_board(40), &[0, 1, 10, 41]);
    let page = ran.page();
    let live = Debugger::start(page);
    let rows = [
        (Some(10), (false, Some(10), None, None, None)),
        (Some(99), (false, Some(41), None, None, None)),
        (Some(0), (false, Some(0), None, None, None)),
        (None, LIVE),
    ];
    for (at, after) in rows {
        let paused = check(&live, DebugMsg::Inspect(at), vec![], page);
        assert_eq!(seen(&paused), after);
        let shown = paused.shown.as_ref().map(|s| (s.n, &s.after));
        assert_eq!(shown, paused.at.map(|n| (n, ran.at(n))), "{at:?}");
    }
    // The start: the model init made, before and after alike.
    let start = check(&live, DebugMsg::Inspect(Some(0)), vec![], page);
    let shown = start.shown.expect("shown");
    assert_eq!(shown.before, shown.after);
    // Message 1: the model before it is the start.
    let first = check(&live, DebugMsg::Inspect(Some(1)), vec![], page);
    let shown = first.shown.expect("shown");
    assert_eq!((&shown.before, &shown.after), (ran.at(0), ran.at(1)));
}

#[test]
fn the_list_holds_every_recorded_message_paused_or_not() {
    let ran = ran(moves_round_the_board(80), &[]);
    let page = ran.page();
    let started = Debugger::start(page);
    assert_eq!(started.own.len(), 81);
    let open = check(&started, DebugMsg::ToggleLog, vec![], page);
    assert_eq!(seen(&open), (true, None, None, None, None));
    let paused = check(&open, DebugMsg::Inspect(Some(5)), vec![], page);
    assert_eq!(seen(&paused), (true, Some(5), None, None, None));
    let numbers: Vec<u64> = (0..=90)
        .filter_map(|n| paused.row(page, n).map(|r| r.n))
        .collect();
    assert_eq!(numbers, (1..=81).collect::<Vec<_>>(), "all listed, paused");
    let row = paused.row(page, 2).expect("row 2");
    assert_eq!(
        (row.msg.as_str(), row.outcome.as_str(), row.subs.as_str()),
        ("Play(Move(Left))", "no commands", "")
    );
    let idle = paused.row(page, 11).expect("row 11");
    assert_eq!(
        (idle.msg.as_str(), idle.subs.as_str()),
        ("Idle", "\u{2212}idle")
    );
    let closed = check(&paused, DebugMsg::ToggleLog, vec![], page);
    assert_eq!(seen(&closed), (false, Some(5), None, None, None));
}

#[test]
fn while_paused_the_outside_folds_in_aside_and_an_input_is_blocked_in_words() {
    let mut ran = ran(moves_round_the_board(20), &[7]);
    let mut debugger = Debugger::start(ran.page());
    update(&mut debugger, DebugMsg::Inspect(Some(7)), ran.page());
    ran.take(&mut debugger, Msg::Idle);
    assert_eq!(seen(&debugger), (false, Some(7), None, None, None));
    assert_eq!(debugger.own.last, 22);
    assert!(debugger.row(ran.page(), 22).is_some());
    assert_eq!(debugger.shown.as_ref().map(|s| &s.after), Some(ran.at(7)));
    let key = |d| DebugMsg::Blocked(Box::new(Msg::Play(Input::Move(d))));
    let blocked = check(&debugger, key(Direction::Left), vec![], ran.page());
    let words = Some("Play(Move(Left))".to_string());
    assert_eq!(seen(&blocked), (false, Some(7), None, None, words));
    // Up and Down step through the list, newest up, as Elm's debugger's
    // keys do, and put the word away.
    let up = check(&blocked, key(Direction::Up), vec![], ran.page());
    assert_eq!(seen(&up), (false, Some(8), None, None, None));
    assert_eq!(up.shown.as_ref().map(|s| s.n), Some(8));
    let down = check(&blocked, key(Direction::Down), vec![], ran.page());
    assert_eq!(seen(&down), (false, Some(6), None, None, None));
    // Stepping or going back to live puts the word away.
    let stepped = check(&blocked, DebugMsg::Inspect(Some(8)), vec![], ran.page());
    assert_eq!(seen(&stepped), (false, Some(8), None, None, None));
    let back = check(&blocked, DebugMsg::Inspect(None), vec![], ran.page());
    assert_eq!(seen(&back), LIVE);
    assert!(back.shown.is_none());
}

#[test]
fn the_message_paused_on_is_held_within_the_window_as_it_moves() {
    let mut ran = ran(moves_round_the_board(RECORD_LEN - 2), &[]);
    let mut debugger = Debugger::start(ran.page());
    update(&mut debugger, DebugMsg::Inspect(Some(2)), ran.page());
    for _ in 0..5 {
        ran.take(&mut debugger, Msg::Idle);
    }
    let first = ran.recording.first();
    assert_eq!(first, 4);
    assert_eq!(debugger.at, Some(first));
    assert_eq!(debugger.own.len(), RECORD_LEN as u64);
    assert_eq!(debugger.own.first, first);
    assert!(debugger.row(ran.page(), first).is_none());
    assert!(debugger.row(ran.page(), first + 1).is_some());
    assert!(debugger.own.snapshots.len() as u64 <= RECORD_LEN as u64 / SNAPSHOT_EVERY + 1);
}

#[test]
fn stepping_through_a_full_window_shows_the_pages_model_at_each_message() {
    let total = RECORD_LEN + 130;
    let every: Vec<u64> = (0..=total as u64 + 1).step_by(97).collect();
    let ran = ran(moves_round_the_board(total), &every);
    let page = ran.page();
    let mut debugger = Debugger::start(page);
    let first = ran.recording.first();
    assert_eq!(first, 131);
    update(&mut debugger, DebugMsg::Inspect(Some(first)), page);
    while let Some(at) = debugger.at.filter(|&at| at < ran.recording.last()) {
        update(&mut debugger, DebugMsg::Inspect(Some(at + 1)), page);
        let shown = debugger.shown.as_ref().expect("shown");
        assert_eq!(shown.n, at + 1);
        if let Some((_, model)) = ran.kept.iter().find(|(k, _)| *k == at + 1) {
            assert_eq!(&shown.after, model, "message {}", at + 1);
        }
    }
    assert_eq!(debugger.at, Some(ran.recording.last()));
    assert_eq!(debugger.shown.as_ref().map(|s| &s.after), Some(&ran.live));
    // Back through it, a snapshot's span at a time.
    for n in every
        .iter()
        .copied()
        .filter(|&n| n > first && n <= ran.recording.last())
    {
        update(&mut debugger, DebugMsg::Inspect(Some(n - 1)), page);
        update(&mut debugger, DebugMsg::Inspect(Some(n)), page);
        assert_eq!(debugger.shown.as_ref().map(|s| &s.after), Some(ran.at(n)));
    }
}

#[test]
fn a_file_opened_is_listed_and_stepped_through_and_put_away_for_the_pages_own() {
    let ran = ran(moves_round_the_board(30), &[]);
    let page = ran.page();
    let session: Session = ran.recording.session();
    let started = Debugger::start(page);
    let refused = check(&started, DebugMsg::Refused("Cut.".into()), vec![], page);
    assert_eq!(
        seen(&refused),
        (false, None, None, Some("Cut.".into()), None)
    );
    let file = || DebugMsg::Opened(Box::new(ran_session(&session, 12)));
    let opened = check(&refused, file(), vec![], page);
    assert_eq!(seen(&opened), (true, Some(0), Some(1), None, None));
    assert_eq!(opened.timeline().len(), 12);
    assert_eq!(opened.row(page, 12).map(|r| r.n), Some(12));
    assert!(opened.row(page, 13).is_none());
    assert_eq!(opened.range(page), (0, 12));
    let beyond = check(&opened, DebugMsg::Inspect(Some(30)), vec![], page);
    assert_eq!(seen(&beyond), (true, Some(12), Some(1), None, None));
    let again = check(&opened, file(), vec![], page);
    assert_eq!(seen(&again), (true, Some(0), Some(2), None, None));
    let back = check(&beyond, DebugMsg::Inspect(None), vec![], page);
    assert_eq!(seen(&back), (true, None, None, None, None));
    assert_eq!(back.timeline().len(), 31);
    assert_eq!(back.range(page), (0, 31));
}

/// The messages of `session` the `session` tool finds parting from the
/// page's (`Step::parted`, as it prints them), in order.
fn tool_parted(session: &Session) -> Vec<u64> {
    let mut differ = Vec::new();
    session.replay_all(|step| {
        if !step.parted().is_empty() {
            differ.push(step.entry.n);
        }
    });
    differ
}

#[test]
fn a_file_opened_marks_the_messages_whose_replay_differs_and_names_the_first() {
    let ran = ran(moves_round_the_board(30), &[]);
    let page = ran.page();
    let started = Debugger::start(page);
    let session = ran.recording.session();
    let left = Msg::Play(Input::Move(Direction::Left));
    assert_eq!(session.messages[5], left, "message 6 is a move left");
    // Message 6 changed by hand from Left to Right: its board and every
    // one after it part from the file's fingerprints.
    let mut moved = session.clone();
    moved.messages[5] = Msg::Play(Input::Move(Direction::Right));
    // Message 9's commands changed by hand: only it parts.
    let mut said = session.clone();
    said.commands[8] = vec!["SaveGame".into(), "Beep".into()];
    let rows: [(&Session, Option<u64>, &[u64]); 3] = [
        (&session, None, &[]),
        (&moved, Some(6), &[5]),
        (&said, Some(9), &[8, 10]),
    ];
    for (file, first, unmarked) in rows {
        let opened = check(
            &started,
            DebugMsg::Opened(Box::new(file.clone())),
            vec![],
            page,
        );
        let differ = tool_parted(file);
        let listed = Listed::of(&opened);
        assert_eq!(
            differ.first().copied(),
            first,
            "the tool's first difference"
        );
        assert_eq!(
            listed.parted,
            first.map(|n| (n, differ.len())),
            "the list's"
        );
        for n in 1..=file.last() {
            let marked = opened.row(page, n).expect("listed").differs;
            assert_eq!(marked, differ.contains(&n), "message {n} marked");
        }
        for &n in unmarked {
            assert!(!opened.row(page, n).expect("listed").differs, "message {n}");
        }
    }
    // The page's own list marks nothing.
    assert!(!started.row(page, 6).expect("listed").differs);
    assert_eq!(Listed::of(&started).parted, None);
}

/// The first `n` messages of `session`.
fn ran_session(session: &Session, n: usize) -> Session {
    Session {
        messages: session.messages[..n].to_vec(),
        commands: session.commands[..n].to_vec(),
        fingerprints: session.fingerprints[..n].to_vec(),
        ..session.clone()
    }
}

#[test]
fn files_are_saved_and_picked_by_the_runner() {
    let ran = ran(moves_round_the_board(3), &[]);
    let page = ran.page();
    let started = Debugger::start(page);
    let paused = check(&started, DebugMsg::Inspect(Some(2)), vec![], page);
    let refused = check(&started, DebugMsg::Refused("Cut.".into()), vec![], page);
    let rows = [
        (&started, DebugMsg::Save, vec![DebugCmd::Save], LIVE),
        (&refused, DebugMsg::Open, vec![DebugCmd::Pick], LIVE),
        (
            &paused,
            DebugMsg::Save,
            vec![DebugCmd::Save],
            (false, Some(2), None, None, None),
        ),
    ];
    for (before, msg, cmds, after) in rows {
        assert_eq!(seen(&check(before, msg, cmds, page)), after);
    }
    assert!(refused.shown() && !refused.paused());
    assert!(!started.shown());
}

#[test]
fn while_paused_the_live_page_takes_only_what_the_outside_reports() {
    let ran = ran(moves_round_the_board(3), &[]);
    let live = Debugger::start(ran.page());
    let paused = check(&live, DebugMsg::Inspect(Some(2)), vec![], ran.page());
    let rows = [
        (Msg::Play(Input::Move(Direction::Left)), true, false),
        (Msg::Undo, true, false),
        (Msg::Hint, true, false),
        (Msg::Toggle(leptos_2048::app::Panel::History), true, false),
        (Msg::SystemDark(true), true, true),
        (Msg::Idle, true, true),
        (Msg::ReplayTick, true, true),
    ];
    for (msg, when_live, when_paused) in rows {
        let label = msg.label();
        assert_eq!(takes(&live, &msg), when_live, "{label}, live");
        assert_eq!(takes(&paused, &msg), when_paused, "{label}, paused");
    }
}

#[test]
fn snapshots_are_taken_every_so_many_messages() {
    let ran = ran(moves_round_the_board(300), &[]);
    let debugger = Debugger::start(ran.page());
    assert_eq!(debugger.own.snapshots.len(), 301 / SNAPSHOT_EVERY as usize);
}

#[test]
fn past_their_bytes_the_snapshots_keep_every_other_one_twice_as_far_apart() {
    // A fresh game's model weighs 8 192 bytes: 183 of them fit in
    // SNAPSHOT_BYTES (1.5 MB), the 184th does not.
    let model = init(&flags(Query::default())).0;
    assert_eq!(weight(&model), 8_192);
    let taken = |last: u64| {
        let mut snapshots = Snapshots::default();
        for n in 1..=last {
            snapshots.take(n, &model);
        }
        (snapshots.len(), snapshots.every())
    };
    let rows = [
        (63, (0, 64)),
        (64, (1, 64)),
        (183 * 64, (183, 64)),
        (184 * 64, (92, 128)),
        (184 * 64 + 127, (92, 128)),
        (93 * 128, (93, 128)),
        (183 * 128, (183, 128)),
        (184 * 128, (92, 256)),
    ];
    for (last, want) in rows {
        assert_eq!(taken(last), want, "after message {last}");
    }
}

#[test]
fn thinned_snapshots_still_give_the_page_its_models() {
    let keep = [2_000, 4_321, 6_000];
    let mut recording = Recording::new(flags(Query::default()));
    let mut kept = Vec::new();
    let live = long_life(6_000, |model, msg| {
        recording.fold(model, msg);
        if keep.contains(&recording.last()) {
            kept.push((recording.last(), model.clone()));
        }
    });
    let snapshots = Snapshots::of(&recording);
    assert_eq!((snapshots.len(), snapshots.every()), (10, 512));
    assert_eq!(
        kept.len(),
        keep.len(),
        "the life is {} messages",
        recording.last()
    );
    kept.push((recording.last(), live));
    for (n, model) in &kept {
        let (at, _) = snapshots.models_at(&recording, *n);
        assert!(at == *model, "the model right after message {n}");
    }
}

#[test]
fn a_change_never_reads_the_same_before_and_after() {
    use leptos_2048::app::debugger::diff::{changes_of, LONGEST};
    use serde_json::json;
    let cells = |id: u32| json!([{"value": 2, "id": id}, null, null, null]);
    let long = |end: &str| format!("{}{end}", "x".repeat(LONGEST * 2));
    let before = json!({
        "game": {"board": {"width": 2, "cells": cells(1)}, "note": long("a"), "score": 4},
        "gone": 1,
    });
    let after = json!({
        "game": {"board": {"width": 2, "cells": cells(9)}, "note": long("b"), "score": 8},
        "new": 2,
    });
    let changes = changes_of(&before, &after);
    let fields: Vec<&str> = changes.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "game.board.cells",
            &format!("game.note, from character {}", LONGEST * 2 + 1),
            "game.score",
            "new",
            "gone",
        ]
    );
    for change in &changes {
        assert_ne!(change.before, change.after, "{}", change.field);
    }
    assert!(changes[0].before.contains("\"id\":1") && changes[0].after.contains("\"id\":9"));
    // A value cut is kept whole beside it.
    let big = |n: u32| json!({"list": (0..100).map(|i| i * n).collect::<Vec<_>>()});
    let cut = changes_of(&json!({"a": big(1)}), &json!({"a": big(2)}));
    let whole = cut[0].whole.as_ref().expect("the whole values");
    assert!(cut[0].before.ends_with('…') && whole.0.len() > LONGEST);
}
