//! Sessions as data: every file in `tests/sessions/` (a session the page
//! saved, "Save this session") replays natively, through `init` and
//! `update`, to the commands the page recorded, message by message, and to
//! the model the page had when it saved; a session survives its file; files
//! that cannot be opened are refused in words; the page's recording keeps
//! the last `RECORD_LEN` messages and the model at the window's start, so
//! the window replays. A bug report is a file, and a file is a test.

use std::path::Path;

use leptos_2048::app::debugger::{
    file, Parted, Recording, Session, Snapshots, RECORD_LEN, SESSION_VERSION,
};
use leptos_2048::app::{init, update, Flags, Model, Msg, Query};
use leptos_2048::engine::{Direction, Input};

mod support;
use support::{flags, moves_round_the_board};

/// The model as a file writes it, to compare two models wherever they came from.
fn written(model: &Model) -> serde_json::Value {
    serde_json::to_value(model).expect("a model can be written")
}

/// Replays `session`; the messages that part from the page's (their
/// board's fingerprint or their commands), and whether the last model is
/// the page's.
fn replayed(session: &Session) -> (Vec<(u64, Parted)>, Option<bool>) {
    let mut parted = Vec::new();
    let end = session.replay_all(|step| {
        parted.extend(step.parted().into_iter().map(|how| (step.entry.n, how)));
    });
    let same_end = session
        .end
        .as_ref()
        .map(|page| written(page) == written(&end));
    (parted, same_end)
}

/// What to do when a recorded session no longer replays because the app
/// changed on purpose.
const AGAIN: &str = "\n(If Msg, Flags or Model changed shape, or a rule changed on purpose, \
     record the session again: `node scripts/record-session.mjs` (docs/tests.md); raise \
     SESSION_VERSION when files saved before can no longer be read.)";

/// Whether a recorded session's file is a test: it opens, holds the
/// page's last model, and replays to the page's boards, commands and last
/// model; else why not.
fn replays_as_the_page(text: &str) -> Result<(), String> {
    let session = file::read(text)?;
    if session.end.is_none() {
        return Err("no `end`: the page's last model is not in the file".into());
    }
    match replayed(&session) {
        (parted, _) if !parted.is_empty() => {
            let (n, how) = parted[0];
            Err(format!("parts from the page first at message {n}: {how:?}"))
        }
        (_, Some(false)) => Err("not the page's last model".into()),
        _ => Ok(()),
    }
}

#[test]
fn every_recorded_session_replays_to_the_same_boards_and_commands() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).expect("tests/sessions/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        if let Err(why) = replays_as_the_page(&text) {
            panic!("{}: {why}{AGAIN}", path.display());
        }
        files += 1;
    }
    assert!(files > 0, "no session in tests/sessions/");
}

#[test]
fn a_recorded_session_is_a_test_only_whole() {
    let (live, recording) = page(flags(Query::default()), moves_round_the_board(30));
    let mut session = recording.session();
    let no_end = file::write(&session);
    session.end = Some(Box::new(live));
    let whole = file::write(&session);
    let moved = edited(&whole, 6, "Left", "Right");
    let rows = [
        (whole.as_str(), Ok(())),
        (
            no_end.as_str(),
            Err("no `end`: the page's last model is not in the file"),
        ),
        (
            moved.as_str(),
            Err("parts from the page first at message 6: Board"),
        ),
    ];
    for (text, want) in rows {
        assert_eq!(replays_as_the_page(text), want.map_err(String::from));
    }
}

/// `text`, a session file, with message `n`'s `from` changed to `to`, as
/// by hand (a file whose first message is message 1).
fn edited(text: &str, n: usize, from: &str, to: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let list = lines
        .iter()
        .position(|l| l == "\"messages\":[")
        .expect("a list of messages");
    let line = &mut lines[list + n];
    assert!(line.contains(from), "message {n} is {line}");
    *line = line.replacen(from, to, 1);
    lines.join("\n")
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
    assert_eq!(read.fingerprints, session.fingerprints);
    assert_eq!(read.flags, session.flags);
    assert_eq!(replayed(&read), (Vec::new(), Some(true)));
    let (at_end, before) = Snapshots::of(&read).models_at(&read, read.last());
    assert_eq!(written(&at_end), written(&live));
    assert_ne!(written(&before), written(&live));
}

#[test]
fn files_that_cannot_be_opened_are_refused_in_words() {
    let (_, recording) = page(flags(Query::default()), moves_round_the_board(10));
    let text = file::write(&recording.session());
    let version = |v: u32| format!("\"version\":{v}");
    let now = version(SESSION_VERSION);
    let (later, earlier) = (SESSION_VERSION + 1, SESSION_VERSION - 1);
    let newer = text.replacen(&now, &version(later), 1);
    let older = text.replacen(&now, &version(earlier), 1);
    let cut = &text[..text.len() / 2];
    let sideways = edited(&text, 2, "\"Left\"", "\"Sideways\"");
    let nap = edited(&text, 11, "\"Idle\"", "\"Nap\"");
    let unprinted = text.replacen("\"fingerprints\"", "\"prints\"", 1);
    let fewer = text.replacen("\"fingerprints\":[", "\"fingerprints\":[1,", 1);
    let ended = saved(10);
    let at = ended
        .rfind("\"speed\":")
        .expect("the last model's replay speed");
    let unsped = format!(
        "{}\"pace\":{}",
        &ended[..at],
        &ended[at + "\"speed\":".len()..]
    );
    let rows = [
        (newer.as_str(), format!("This session was saved by a newer version of the game (format {later}; this page reads format {SESSION_VERSION}), so it is not opened.")),
        (older.as_str(), format!("This session was saved by an older version of the game (format {earlier}; this page reads format {SESSION_VERSION}), so it is not opened.")),
        (cut, "This session file is cut short: it ends before the session does, so it is not opened.".into()),
        ("<html>", "This file is not a session: it is not JSON.".into()),
        (sideways.as_str(), "This session holds something this version of the game does not know in message 2: `Sideways`, where it knows only `Up`, `Down`, `Left`, `Right`. It is not opened.".into()),
        (unprinted.as_str(), "This file is not a session this version of the game reads (missing field `fingerprints`), so it is not opened.".into()),
        (fewer.as_str(), "This session file is damaged: it has not one list of commands and one fingerprint per message.".into()),
        (unsped.as_str(), "In the page's last model, this session lacks what this version of the game needs (missing field `speed`), so it is not opened.".into()),
    ];
    for (text, said) in rows {
        assert_eq!(file::read(text), Err(said));
    }
    let why = file::read(&nap).expect_err("an unknown message");
    let said = "does not know in message 11: `Nap`, where it knows only `Play`, `Undo`, `Redo`, ";
    assert!(why.contains(said), "{why}");
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

// ─── The `session` tool ──────────────────────────────────────────────────

/// What `session ARGS…` does: its exit code, what it printed and what it
/// said on stderr. A file's text is written to a file of its own first,
/// named after the test.
fn session_tool(name: &str, text: Option<&str>, args: &[&str]) -> (i32, String, String) {
    let path = std::env::temp_dir().join(format!("{name}-{}.json", std::process::id()));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_session"));
    if let Some(text) = text {
        std::fs::write(&path, text).expect("a file of our own");
        command.arg(&path);
    }
    let out = command.args(args).output().expect("the tool runs");
    let _ = std::fs::remove_file(&path);
    let said = |bytes: Vec<u8>| String::from_utf8(bytes).expect("words");
    (
        out.status.code().expect("an exit code"),
        said(out.stdout),
        said(out.stderr),
    )
}

/// A page's session of `n` moves round the board as the page saves it,
/// with its last model.
fn saved(n: usize) -> String {
    let (live, recording) = page(flags(Query::default()), moves_round_the_board(n));
    let mut session = recording.session();
    session.end = Some(Box::new(live));
    file::write(&session)
}

/// The lines of `out` from the one starting with `from` on.
fn lines_from<'a>(out: &'a str, from: &str) -> Vec<&'a str> {
    out.lines().skip_while(|l| !l.starts_with(from)).collect()
}

#[test]
fn the_tool_says_a_file_replays_as_the_page() {
    let (code, out, err) = session_tool("as-the-page", Some(&saved(100)), &["--quiet"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "101 messages replayed (1 to 101); boards all as recorded; commands all as recorded; \
         last model the page's\n"
    );
}

#[test]
fn the_tool_names_a_changed_move_at_its_message() {
    let text = edited(&saved(100), 6, "Left", "Right");
    let (code, out, _) = session_tool("changed-move", Some(&text), &["--quiet"]);
    assert_eq!(code, 1, "{out}");
    let first = out.lines().next().expect("a line");
    assert_eq!(first, "    6 Play(Move(Right)) → no commands");
    assert_eq!(
        lines_from(&out, "first difference")[0],
        "first difference at message 6 (Play(Move(Right))): the board"
    );
}

#[test]
fn the_tool_names_the_message_and_the_fields_where_a_late_move_parts() {
    let text = edited(&saved(100), 79, "Up", "Down");
    let (code, out, _) = session_tool("late-move", Some(&text), &["--quiet"]);
    assert_eq!(code, 1, "{out}");
    let verdict = lines_from(&out, "first difference");
    assert_eq!(
        verdict[..2],
        [
            "first difference at message 79 (Play(Move(Down))): the board",
            "101 messages replayed (1 to 101); boards differ at 23 messages, first at 79; \
             commands differ at 2 messages, first at 81; last model NOT the page's",
        ]
    );
    let fields: Vec<&str> = lines_from(&out, "the last model, replayed → the page's:")
        .iter()
        .filter_map(|l| l.strip_prefix("        "))
        .filter_map(|l| l.split_once(':').map(|(field, _)| field))
        .collect();
    assert_eq!(
        fields,
        ["board in play", "announcement", "game.own", "game.stats"]
    );
}

#[test]
fn the_tool_refuses_an_unknown_value_naming_its_message_and_the_values_allowed() {
    let text = edited(&saved(100), 6, "\"Left\"", "\"left\"");
    let (code, out, err) = session_tool("unknown-value", Some(&text), &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "This session holds something this version of the game does not know in message 6: \
         `left`, where it knows only `Up`, `Down`, `Left`, `Right`. It is not opened.\n"
    );
}

#[test]
fn the_tool_prints_its_usage_on_asking_and_refuses_what_it_cannot_do() {
    let (code, out, err) = session_tool("help", None, &["--help"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.starts_with("usage: session FILE [--quiet]\n\nReplays a session file"),
        "{out}"
    );
    let rows = [
        (vec![], "which session file?"),
        (vec!["--loud"], "unknown option --loud"),
        (vec!["a.json", "b.json"], "one session file at a time"),
    ];
    for (args, said) in rows {
        let (code, out, err) = session_tool("asked", None, &args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(
            err.starts_with(&format!("{said}\n\nusage: session FILE")),
            "{err}"
        );
    }
}
