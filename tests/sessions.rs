//! Sessions as data: every file in `tests/sessions/` (a session the page
//! saved, "Save this session") replays natively, through `init` and
//! `update`, to the commands the page recorded, message by message, and to
//! the model the page had when it saved; a session survives its file; files
//! that cannot be opened are refused in words; the page's recording keeps
//! the last `RECORD_LEN` messages and the model at the window's start, so
//! the window replays. A bug report is a file, and a file is a test.

use std::path::Path;

use leptos_2048::app::debugger::{
    file, Recording, Session, Snapshots, RECORD_LEN, SESSION_VERSION,
};
use leptos_2048::app::{init, update, Flags, Model, Msg, Query};
use leptos_2048::engine::{Direction, Input};

mod support;
use support::{flags, moves_round_the_board};

/// The model as a file writes it, to compare two models wherever they came from.
fn written(model: &Model) -> serde_json::Value {
    serde_json::to_value(model).expect("a model can be written")
}

/// Replays `session`; the messages whose commands differ from the recorded
/// ones, and whether the last model is the page's.
fn replayed(session: &Session) -> (Vec<u64>, Option<bool>) {
    let mut differ = Vec::new();
    let end = session.replay_all(|step| {
        if !step.same() {
            differ.push(step.entry.n);
        }
    });
    let same_end = session
        .end
        .as_ref()
        .map(|page| written(page) == written(&end));
    (differ, same_end)
}

/// What to do when a recorded session no longer replays because the app
/// changed on purpose.
const AGAIN: &str = "\n(If Msg, Flags or Model changed shape, or a rule changed on purpose, \
     record the session again: a release build, then \
     `SESSION_WRITE=1 node --test tests/e2e/debugger.test.mjs`; raise SESSION_VERSION \
     when files saved before can no longer be read.)";

#[test]
fn every_recorded_session_replays_to_the_same_commands() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/sessions/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let session =
            file::read(&text).unwrap_or_else(|why| panic!("{}: {why}{AGAIN}", path.display()));
        let (differ, same_end) = replayed(&session);
        assert_eq!(
            differ,
            Vec::<u64>::new(),
            "{}: commands differ{AGAIN}",
            path.display()
        );
        assert_ne!(
            same_end,
            Some(false),
            "{}: not the page's last model{AGAIN}",
            path.display()
        );
        files += 1;
    }
    assert!(files > 0, "no session in tests/sessions/");
}

/// What the runtime does: `init`, then each message folded in through the
/// recording, which keeps it with the commands it gave.
fn page(flags: Flags, msgs: impl IntoIterator<Item = Msg>) -> (Model, Recording) {
    let (mut model, _) = init(&flags);
    let mut recording = Recording::new(flags);
    for msg in msgs {
        recording.fold(&mut model, msg);
    }
    (model, recording)
}

#[test]
fn a_session_survives_its_file() {
    let (live, recording) = page(flags(Query::default()), moves_round_the_board(60));
    let mut session = recording.session();
    session.end = Some(Box::new(live.clone()));
    let read = file::read(&file::write(&session)).expect("its own file opens");
    assert_eq!(read.messages, session.messages);
    assert_eq!(read.commands, session.commands);
    assert_eq!(read.flags, session.flags);
    assert_eq!(replayed(&read), (Vec::new(), Some(true)));
    let (at_end, before) = Snapshots::of(&read).models_at(&read, read.last());
    assert_eq!(written(&at_end), written(&live));
    assert_ne!(written(&before), written(&live));
}

#[test]
fn files_that_cannot_be_opened_are_refused_in_words() {
    let (_, recording) = page(flags(Query::default()), moves_round_the_board(5));
    let session = recording.session();
    let text = file::write(&session);
    let version = |v: u32| format!("\"version\":{v}");
    let now = version(SESSION_VERSION);
    let newer = text.replacen(&now, &version(SESSION_VERSION + 1), 1);
    let older = text.replacen(&now, &version(SESSION_VERSION - 1), 1);
    let cut = &text[..text.len() / 2];
    let unknown = text.replacen("\"Left\"", "\"Sideways\"", 1);
    let cases = [
        (newer.as_str(), "newer version"),
        (older.as_str(), "older version"),
        (cut, "cut short"),
        ("<html>", "not JSON"),
        (unknown.as_str(), "unknown variant `Sideways`"),
    ];
    for (text, said) in cases {
        let why = file::read(text).expect_err(said);
        assert!(why.contains(said), "{said}: {why}");
        assert!(!why.contains("expected one of"), "{why}");
    }
}

#[test]
fn the_recording_keeps_the_last_messages_and_the_window_replays() {
    let msgs = moves_round_the_board(RECORD_LEN + 40);
    let (live, recording) = page(flags(Query::default()), msgs.clone());
    let mut session = recording.session();
    assert_eq!(session.messages.len(), RECORD_LEN);
    assert_eq!(session.first, msgs.len() as u64 - RECORD_LEN as u64);
    assert!(session.start.is_some(), "the window's start is kept");
    session.end = Some(Box::new(live.clone()));
    let read = file::read(&file::write(&session)).expect("a window's file opens");
    assert_eq!(replayed(&read), (Vec::new(), Some(true)));
    let snapshots = Snapshots::of(&recording);
    let (last, _) = snapshots.models_at(&recording, session.last());
    assert_eq!(written(&last), written(&live));
}

#[test]
fn what_a_message_changed_reads_as_boards_and_histories() {
    use leptos_2048::app::debugger::diff::diff;
    let (before, _) = page(flags(Query::default()), moves_round_the_board(0));
    let mut after = before.clone();
    update(&mut after, Msg::Play(Input::Move(Direction::Left)));
    let changes = diff(&before, &after);
    let field = |name: &str| {
        changes
            .iter()
            .find(|c| c.field == name)
            .unwrap_or_else(|| panic!("no {name} in {changes:?}"))
    };
    let board = field("board in play");
    assert_eq!(
        board.before,
        before.board_game().present().board.to_string()
    );
    assert_eq!(board.after, after.board_game().present().board.to_string());
    let history = field("game.own");
    let len = before.board_game().len();
    assert_eq!(
        (history.before.as_str(), history.after.as_str()),
        (
            format!("{len} inputs, at {len}").as_str(),
            format!("{} inputs, at {}", len + 1, len + 1).as_str()
        )
    );
    assert!(diff(&after, &after).is_empty());
}
