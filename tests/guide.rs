//! The guide's walk-through is executed: `docs/from-elm.md` follows one
//! left arrow through the app, and prints what the app does with it
//! between the `transcript` markers. This test runs the same messages on
//! the same start and compares, line by line, so a change of behaviour
//! fails until the guide is updated. `GUIDE_WRITE=1 cargo test --test
//! guide` writes the new transcript into the guide instead.

use std::fs;
use std::path::Path;

use leptos_2048::app::debugger::Entry;
use leptos_2048::app::{init, Load, Msg, Query, Saved};
use leptos_2048::engine::{Direction, Input};
use leptos_2048::session::stored::Loaded;

mod support;
use support::flags;

const START: &str = "<!-- transcript: tests/guide.rs -->";
const END: &str = "<!-- /transcript -->";

/// What the app does with the guide's messages, a line each: the message,
/// its commands (or why it was ignored), the subscriptions it started or
/// stopped, and what the live region says after it.
fn transcript() -> String {
    let query = Query {
        seed: Some("2048".into()),
        ..Query::default()
    };
    let (mut model, cmds) = init(&flags(query));
    let labels: Vec<String> = cmds.iter().map(|c| c.logged().label()).collect();
    let mut out = vec![format!("init(?seed=2048) → {}", labels.join(", "))];
    let loaded = Msg::Loaded(Box::new(Saved {
        config: model.config(),
        load: Load::Records,
        game: Loaded::Missing,
        history: Loaded::Missing,
        best: Loaded::Missing,
        stats: Loaded::Missing,
        challenge: Loaded::Missing,
        dailies: Loaded::Missing,
    }));
    let msgs = [
        loaded,
        Msg::Idle,
        Msg::Play(Input::Move(Direction::Left)),
        Msg::Idle,
    ];
    for (n, msg) in (1..).zip(msgs) {
        let (_, entry) = Entry::fold(&mut model, msg, n);
        let outcome = match entry.ignored {
            Some(why) => why.words().to_string(),
            None if entry.cmds.is_empty() => "no commands".to_string(),
            None => {
                let said: Vec<String> = entry.cmds.iter().map(|c| c.label()).collect();
                said.join(", ")
            }
        };
        let subs: Vec<String> = entry.subs.iter().map(|(s, n)| format!("{s}{n}")).collect();
        let subs = if subs.is_empty() {
            String::new()
        } else {
            format!("  [{}]", subs.join(" "))
        };
        out.push(format!("{} → {outcome}{subs}", entry.msg.label()));
    }
    out.push(format!("live region: \"{}\"", model.announcement));
    out.join("\n")
}

#[test]
fn the_guides_walk_through_is_what_the_app_does() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/from-elm.md");
    let guide = fs::read_to_string(&path).expect("docs/from-elm.md");
    let start = guide
        .find(START)
        .expect("the guide's transcript start marker")
        + START.len();
    let end = guide.find(END).expect("the guide's transcript end marker");
    let printed = guide[start..end]
        .trim()
        .trim_start_matches("```text")
        .trim_end_matches("```")
        .trim();
    let now = transcript();
    if std::env::var_os("GUIDE_WRITE").is_some() {
        let block = format!("{START}\n```text\n{now}\n```\n{END}");
        let written = format!(
            "{}{block}{}",
            &guide[..start - START.len()],
            &guide[end + END.len()..]
        );
        fs::write(&path, written).expect("the guide written");
        return;
    }
    for (k, (want, got)) in printed.lines().zip(now.lines()).enumerate() {
        assert_eq!(want, got, "docs/from-elm.md's transcript, line {}", k + 1);
    }
    assert_eq!(
        printed.lines().count(),
        now.lines().count(),
        "docs/from-elm.md's transcript has another number of lines; the app prints:\n{now}"
    );
}
