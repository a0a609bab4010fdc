//! The debugger's own program (`app::debugger::program`): its rules as
//! `check(before, msg, commands)` rows on its model, and which of the app's
//! messages the live page takes while paused. Natively, as the app's rules
//! are; the browser tests (`tests/e2e/debugger.test.mjs`) drive its runner.

use leptos_2048::app::debugger::program::{takes, update, DebugCmd, DebugMsg, Debugger, Opened};
use leptos_2048::app::Msg;
use leptos_2048::engine::{Direction, Input};

/// The page's own recording keeps messages 3 to 40.
const OWN: (u64, u64) = (3, 40);

/// A file of messages 0 to 12, the first opened.
const FILE: Opened = Opened {
    first: 0,
    last: 12,
    file: 1,
};

/// Folds `msg` into a copy of `before`, asserts the commands are `expect`,
/// and gives the model after.
fn check(before: &Debugger, msg: DebugMsg, expect: Vec<DebugCmd>) -> Debugger {
    let mut after = before.clone();
    let label = format!("{msg:?}");
    assert_eq!(
        update(&mut after, msg, OWN),
        expect,
        "the commands of {label}"
    );
    after
}

fn paused_at(at: u64) -> Debugger {
    Debugger {
        at: Some(at),
        ..Debugger::default()
    }
}

fn refused(why: &str) -> Debugger {
    Debugger {
        problem: Some(why.into()),
        ..Debugger::default()
    }
}

#[test]
fn inspecting_pauses_on_a_message_held_within_those_kept() {
    let live = Debugger::default();
    let rows = [
        (live.clone(), Some(10), paused_at(10)),
        (live.clone(), Some(99), paused_at(40)),
        (live.clone(), Some(0), paused_at(3)),
        (paused_at(10), Some(11), paused_at(11)),
        (paused_at(10), None, live.clone()),
        // Pausing, or going back, puts away what was refused.
        (refused("Not a session."), Some(5), paused_at(5)),
        (refused("Not a session."), None, live.clone()),
    ];
    for (before, at, after) in rows {
        assert_eq!(check(&before, DebugMsg::Inspect(at), vec![]), after);
    }
    assert!(paused_at(3).paused() && !live.paused());
}

#[test]
fn a_file_opened_is_stepped_through_from_its_start_within_its_messages() {
    let opened = check(&refused("Cut."), DebugMsg::Opened(FILE), vec![]);
    let in_file = |at| Debugger {
        at: Some(at),
        opened: Some(FILE),
        problem: None,
    };
    assert_eq!(opened, in_file(0));
    assert_eq!(
        check(&opened, DebugMsg::Inspect(Some(30)), vec![]),
        in_file(12)
    );
    assert_eq!(opened.range(OWN), (0, 12));
    // Back to live puts the file away: the page's own messages again.
    let back = check(&in_file(7), DebugMsg::Inspect(None), vec![]);
    assert_eq!(back, Debugger::default());
    assert_eq!(back.range(OWN), OWN);
}

#[test]
fn files_are_saved_and_picked_by_the_runner_and_a_refusal_is_said() {
    let rows = [
        (
            Debugger::default(),
            DebugMsg::Save,
            vec![DebugCmd::Save],
            Debugger::default(),
        ),
        (
            refused("Cut."),
            DebugMsg::Open,
            vec![DebugCmd::Pick],
            Debugger::default(),
        ),
        (
            paused_at(9),
            DebugMsg::Save,
            vec![DebugCmd::Save],
            paused_at(9),
        ),
        (
            paused_at(9),
            DebugMsg::Refused("Not a session.".into()),
            vec![],
            Debugger {
                problem: Some("Not a session.".into()),
                ..paused_at(9)
            },
        ),
        // The live page took a message: the message paused on stays, held
        // within those the log still keeps.
        (paused_at(9), DebugMsg::Folded, vec![], paused_at(9)),
        (paused_at(1), DebugMsg::Folded, vec![], paused_at(3)),
    ];
    for (before, msg, cmds, after) in rows {
        assert_eq!(check(&before, msg, cmds), after);
    }
    assert!(refused("Cut.").shown() && !refused("Cut.").paused());
    assert!(!Debugger::default().shown());
}

#[test]
fn while_paused_the_live_page_takes_only_what_the_outside_reports() {
    let rows = [
        (Msg::Play(Input::Move(Direction::Left)), true, false),
        (Msg::Undo, true, false),
        (Msg::Hint, true, false),
        (Msg::SystemDark(true), true, true),
        (Msg::Idle, true, true),
        (Msg::ReplayTick, true, true),
    ];
    for (msg, live, paused) in rows {
        let label = msg.label();
        assert_eq!(takes(&Debugger::default(), &msg), live, "{label}, live");
        assert_eq!(takes(&paused_at(4), &msg), paused, "{label}, paused");
    }
}
