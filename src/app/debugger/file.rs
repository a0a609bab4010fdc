//! A session as a file: JSON, `{"version":1,"flags":…,"first":0,
//! "start":…,"messages":[…],"commands":[…]}`, one message a line; `start`,
//! the model at the window's start, once the page had let messages go.
//! Reading refuses, in words, a file of a later format, a file cut short or
//! not JSON, and a message this build does not know; the caller's model is
//! not touched either way. Called by the debugger's runner (its own chunk,
//! with serde_json) and natively (the `session` binary,
//! `tests/sessions.rs`), never by the page at start.

use super::{Session, SESSION_VERSION};

/// The session as its file's text.
pub fn write(session: &Session) -> String {
    let mut text = format!(
        "{{\"version\":{},\"first\":{},\"flags\":{}",
        session.version,
        session.first,
        json(&session.flags)
    );
    if let Some(start) = &session.start {
        text.push_str(&format!(",\n\"start\":{}", json(start)));
    }
    text.push_str(",\n\"messages\":[");
    list(&mut text, session.messages.iter().map(json));
    text.push_str("],\n\"commands\":[");
    list(&mut text, session.commands.iter().map(json));
    text.push(']');
    if let Some(end) = &session.end {
        text.push_str(&format!(",\n\"end\":{}", json(end)));
    }
    text.push_str("}\n");
    text
}

/// Writes `items` one a line, comma separated.
fn list(text: &mut String, items: impl Iterator<Item = String>) {
    for (i, item) in items.enumerate() {
        text.push_str(if i == 0 { "\n" } else { ",\n" });
        text.push_str(&item);
    }
    text.push('\n');
}

/// A value as JSON, through `serde_json::Value` (which the diff writes the
/// model into too, so each type's writer is made once). Every value here
/// can be written: no map has keys that are not strings.
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value).map_or_else(|_| "null".into(), |v| v.to_string())
}

/// Reads a session file, or says in words why it is refused: the page
/// and `session FILE` read every file the page saves, one that starts from
/// its window's start model too.
pub fn read(text: &str) -> Result<Session, String> {
    let head: Head = serde_json::from_str(text).map_err(|e| refusal(&e))?;
    other_format(head.version)?;
    checked(serde_json::from_str(text).map_err(|e| refusal(&e))?)
}

/// Why a cut file, or one that is not JSON, is refused.
const CUT: &str =
    "This session file is cut short: it ends before the session does, so it is not opened.";
const NOT_JSON: &str = "This file is not a session: it is not JSON.";

/// A file's version, read first.
#[derive(serde::Deserialize)]
struct Head {
    version: u32,
}

/// Refuses a file of another format: a later one, or an earlier one whose
/// model this page no longer reads (the model's shape changed with it).
fn other_format(version: u32) -> Result<(), String> {
    let which = match version.cmp(&SESSION_VERSION) {
        std::cmp::Ordering::Equal => return Ok(()),
        std::cmp::Ordering::Greater => "a newer",
        std::cmp::Ordering::Less => "an older",
    };
    Err(format!(
        "This session was saved by {which} version of the game (format {version}; this page reads format {SESSION_VERSION}), so it is not opened."
    ))
}

/// Refuses a session whose lists do not match.
fn checked(session: Session) -> Result<Session, String> {
    if session.messages.len() != session.commands.len() {
        return Err(
            "This session file is damaged: it has not one list of commands per message.".into(),
        );
    }
    Ok(session)
}

/// Why serde_json refused a file, in words.
fn refusal(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    match e.classify() {
        Category::Eof => CUT.into(),
        Category::Syntax | Category::Io => NOT_JSON.into(),
        Category::Data => {
            let what = e.to_string();
            let what = what.split(", expected").next().unwrap_or(&what);
            format!("This session holds something this version of the game does not know ({what}), so it is not opened.")
        }
    }
}
