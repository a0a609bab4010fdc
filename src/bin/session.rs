//! `session FILE [--quiet]`: replays a session saved by the page ("Save
//! this session" in the message log) natively, through `init` and
//! `update`, the same fold the page ran. Prints each message with the
//! commands it gives and what it changed in the model; names the first
//! message whose board (its fingerprint) or commands part from the ones
//! the page recorded, and what that message changed now; and says whether
//! the last model is the one the page had when it saved, with what
//! differs if it is not. Exits 1 if anything differs, 2 if the file is
//! refused (the refusal names where: message N, and the values allowed
//! there). `--quiet` prints only the differences and the verdict.
//! `tests/sessions.rs` replays every file in `tests/sessions/` the same
//! way and runs this tool on files changed by hand.

use std::process::ExitCode;

use leptos_2048::app::debugger::diff::{diff, Change};
use leptos_2048::app::debugger::recording::said;
use leptos_2048::app::debugger::{file, fingerprint, Parted, Session, Step};
use leptos_2048::app::Model;

const USAGE: &str = "usage: session FILE [--quiet]

Replays a session file saved by the page (\"Save this session\" in the
message log) through init and update, as the page folded it, and says
where the replay parts from the page: the first message whose board or
commands are not the ones recorded, and what differs in the last model.

  FILE      the session file (2048-session.json)
  --quiet   print only the differences and the verdict, not every message
  --help    print this and exit

Exits 0 if the replay is the page's, 1 if it parts from it, 2 if the file
is refused.";

/// What the command line asks for.
enum Asked {
    Help,
    Replay { path: String, quiet: bool },
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, quiet) = match asked(&args) {
        Ok(Asked::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Asked::Replay { path, quiet }) => (path, quiet),
        Err(why) => {
            eprintln!("{why}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let session = match std::fs::read_to_string(&path)
        .map_err(|e| format!("{path}: {e}"))
        .and_then(|text| file::read(&text))
    {
        Ok(session) => session,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(2);
        }
    };
    if replay(&session, quiet) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The command line read, or why it cannot be.
fn asked(args: &[String]) -> Result<Asked, String> {
    let (mut path, mut quiet) = (None, false);
    for arg in args {
        match arg.as_str() {
            "--help" | "-h" => return Ok(Asked::Help),
            "--quiet" => quiet = true,
            option if option.starts_with('-') => return Err(format!("unknown option {option}")),
            file if path.is_none() => path = Some(file.to_string()),
            _ => return Err("one session file at a time".into()),
        }
    }
    match path {
        Some(path) => Ok(Asked::Replay { path, quiet }),
        None => Err("which session file?".into()),
    }
}

/// How many partings are written out, one a line; the rest are counted.
const LISTED: usize = 10;

/// Where the replay parted from the page: every message that did, and how.
#[derive(Default)]
struct Partings {
    boards: Vec<u64>,
    commands: Vec<u64>,
    /// The first message that parted, and how.
    first: Option<(u64, String, Vec<Parted>)>,
}

/// Replays and prints; whether everything matched.
fn replay(session: &Session, quiet: bool) -> bool {
    let mut partings = Partings::default();
    let end = session.replay_all(|step| {
        let parted = step.parted();
        if !quiet || (partings.first.is_none() && !parted.is_empty()) {
            print_step(step);
        }
        for how in &parted {
            parting(&mut partings, step, *how);
        }
        if partings.first.is_none() && !parted.is_empty() {
            partings.first = Some((step.entry.n, step.entry.msg.label(), parted));
        }
    });
    let end_diff = session.end.as_ref().map(|page| last_model(&end, page));
    verdict(session, &partings, end_diff.as_deref());
    partings.first.is_none() && end_diff.is_none_or(|d| d.is_empty())
}

/// Notes where `step` parted, and writes it out while few have.
fn parting(partings: &mut Partings, step: &Step, how: Parted) {
    let n = step.entry.n;
    let (list, line) = match how {
        Parted::Board => (
            &mut partings.boards,
            format!(
                "!! message {n}: the board after it is not the page's (fingerprint {:08x}, recorded {:08x})",
                fingerprint(step.after), step.recorded_fingerprint
            ),
        ),
        Parted::Commands => (
            &mut partings.commands,
            format!(
                "!! message {n}: commands now [{}], recorded [{}]",
                said(&step.entry.cmds),
                step.recorded.join(", ")
            ),
        ),
    };
    list.push(n);
    if partings.boards.len() + partings.commands.len() <= LISTED {
        println!("{line}");
    }
}

/// What differs between the last model replayed and the page's.
fn last_model(replayed: &Model, page: &Model) -> Vec<Change> {
    let written = |m: &Model| serde_json::to_value(m).ok();
    if written(replayed) == written(page) {
        return Vec::new();
    }
    let changes = diff(replayed, page);
    if changes.is_empty() {
        // Serialised differently, yet no field reads differently.
        return vec![Change {
            field: "the model".into(),
            before: "as replayed".into(),
            after: "the page's".into(),
            whole: None,
        }];
    }
    changes
}

/// The verdict: where the replay first parted, the counts, and what
/// differs in the last model.
fn verdict(session: &Session, partings: &Partings, end_diff: Option<&[Change]>) {
    let shown = partings.boards.len() + partings.commands.len();
    if shown > LISTED {
        println!("!! … and {} more", shown - LISTED);
    }
    if let Some((n, label, how)) = &partings.first {
        let how: Vec<&str> = how
            .iter()
            .map(|h| match h {
                Parted::Board => "the board",
                Parted::Commands => "the commands",
            })
            .collect();
        println!(
            "first difference at message {n} ({label}): {}",
            how.join(" and ")
        );
    }
    let end = match end_diff {
        Some([]) => "the page's",
        Some(_) => "NOT the page's",
        None => "not in the file",
    };
    println!(
        "{} messages replayed ({} to {}); boards {}; commands {}; last model {end}",
        session.messages.len(),
        session.first + 1,
        session.last(),
        counted(&partings.boards),
        counted(&partings.commands),
    );
    if let Some(changes @ [_, ..]) = end_diff {
        println!("the last model, replayed → the page's:");
        print_changes(changes);
    }
}

/// "all as recorded", or how many messages differ and the first.
fn counted(differ: &[u64]) -> String {
    match differ.first() {
        None => "all as recorded".into(),
        Some(first) => format!("differ at {} messages, first at {first}", differ.len()),
    }
}

fn print_step(step: &Step) {
    let (msg, cmds) = (step.entry.msg.label(), step.entry.outcome_and_subs());
    println!("{:>5} {msg} → {cmds}", step.entry.n);
    print_changes(&diff(step.before, step.after));
}

fn print_changes(changes: &[Change]) {
    for change in changes {
        let (before, after) = (indent(&change.before), indent(&change.after));
        println!("        {}: {before} → {after}", change.field);
    }
}

/// A multi-line value (a board) on lines of its own, indented.
fn indent(text: &str) -> String {
    if !text.contains('\n') {
        return text.to_string();
    }
    let lines: String = text.lines().map(|l| format!("\n          {l}")).collect();
    format!("{lines}\n       ")
}
