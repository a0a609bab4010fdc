//! A session as a file: JSON, `{"version":5,"flags":…,"first":0,
//! "start":…,"messages":[…],"commands":[…],"fingerprints":[…],"end":…}`,
//! one message a line; `start`, the model at the window's start, once the
//! page had let messages go; `fingerprints`, the board after each message
//! (`debugger::fingerprint`); `end`, the page's model when it saved.
//! Reading refuses, in words, a file of another format, a file cut short
//! or not JSON, and a value this build does not know, named where it is
//! (message N) with the values allowed there; the caller's model is not
//! touched either way. Called by the debugger's runner (its own chunk,
//! with serde_json) and natively (the `session` binary,
//! `tests/sessions.rs`), never by the page at start.

use serde_json::{Map, Value};

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
    text.push_str("],\n\"fingerprints\":");
    text.push_str(&json(&session.fingerprints));
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
/// its window's start model too. Each part is read on its own, so a value
/// this build does not know is named where it is: message N, and the
/// values allowed there.
pub fn read(text: &str) -> Result<Session, String> {
    // Parsed once, into `Value`, which every part is then read from: the
    // only reader of JSON text here is `Value`'s, so no type of the file
    // has a second reader made for it. Its object is read field by field,
    // its version first.
    let json: Value = serde_json::from_str(text).map_err(|e| refusal(&e))?;
    let mut file: Map<String, Value> = serde_json::from_value(json).map_err(|e| refusal(&e))?;
    let version = take(&mut file, "version")?;
    other_format(version)?;
    let flags = take(&mut file, "flags")?;
    let first: u64 = take(&mut file, "first")?;
    let start = file.remove("start").filter(|v| !v.is_null());
    let messages: Vec<Value> = take(&mut file, "messages")?;
    let commands = take(&mut file, "commands")?;
    let fingerprints = take(&mut file, "fingerprints")?;
    let end = file.remove("end").filter(|v| !v.is_null());
    let messages = messages
        .into_iter()
        .enumerate()
        .map(|(i, msg)| part(msg, &format!("message {}", first + 1 + i as u64)))
        .collect::<Result<_, _>>()?;
    checked(Session {
        version,
        flags: part(flags, "its flags")?,
        first,
        start: start
            .map(|m| part(m, "the model it starts from"))
            .transpose()?,
        messages,
        commands,
        fingerprints,
        end: end.map(|m| part(m, "the page's last model")).transpose()?,
    })
}

/// The field `name` of the file, which it must have, read as a `T`, or
/// why the file is refused.
fn take<T: serde::de::DeserializeOwned>(
    file: &mut Map<String, Value>,
    name: &'static str,
) -> Result<T, String> {
    let value = file
        .remove(name)
        .ok_or_else(|| serde::de::Error::missing_field(name));
    value
        .and_then(serde_json::from_value)
        .map_err(|e| refusal(&e))
}

/// Why a cut file, or one that is not JSON, is refused.
const CUT: &str =
    "This session file is cut short: it ends before the session does, so it is not opened.";
const NOT_JSON: &str = "This file is not a session: it is not JSON.";

/// One part of the file read as the app's type, or why it is refused,
/// naming the part (`message 7`).
fn part<T: serde::de::DeserializeOwned>(value: Value, place: &str) -> Result<T, String> {
    serde_json::from_value(value).map_err(|e| unknown(place, &e.to_string()))
}

/// Why a part is refused, from serde's account of it: for a name this
/// build does not know (a message, a direction), the name and the ones
/// allowed there; for a field it needs and the part lacks (a model saved
/// before the field was added), the field.
fn unknown(place: &str, what: &str) -> String {
    if what.starts_with("missing field") {
        return format!("In {place}, this session lacks what this version of the game needs ({what}), so it is not opened.");
    }
    let said = match what.split_once(", expected ") {
        Some((name, allowed)) if name.starts_with("unknown ") => {
            let name = name.rsplit(' ').next().unwrap_or(name);
            let allowed: Vec<&str> = allowed.split('`').skip(1).step_by(2).collect();
            match allowed.as_slice() {
                [] => format!("{name}, where it knows none"),
                names => format!("{name}, where it knows only `{}`", names.join("`, `")),
            }
        }
        _ => what.to_string(),
    };
    format!("This session holds something this version of the game does not know in {place}: {said}. It is not opened.")
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
    let n = session.messages.len();
    if session.commands.len() != n || session.fingerprints.len() != n {
        return Err(
            "This session file is damaged: it has not one list of commands and one fingerprint per message.".into(),
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
            let what = what.split(" at line ").next().unwrap_or(&what);
            format!("This file is not a session this version of the game reads ({what}), so it is not opened.")
        }
    }
}
