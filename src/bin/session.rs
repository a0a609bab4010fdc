//! `session FILE [--quiet]`: replays a session saved by the page ("Save
//! this session" in the message log) natively, through `init` and
//! `update`, the same fold the page ran. Prints each message with the
//! commands it gives and what it changed in the model, and says where (if
//! anywhere) the commands differ from the ones the page recorded, and
//! whether the last model is the one the page had when it saved. Exits 1
//! if anything differs, 2 if the file is refused. `--quiet` prints only
//! the differences and the verdict. `tests/sessions.rs` replays every file
//! in `tests/sessions/` the same way.

use std::process::ExitCode;

use leptos_2048::app::debugger::diff::diff;
use leptos_2048::app::debugger::recording::said;
use leptos_2048::app::debugger::{file, Session, Step};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quiet = args.iter().any(|a| a == "--quiet");
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: session FILE [--quiet]");
        return ExitCode::from(2);
    };
    let session = match std::fs::read_to_string(path)
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

/// Replays and prints; whether everything matched.
fn replay(session: &Session, quiet: bool) -> bool {
    let mut differ = Vec::new();
    let end = session.replay_all(|step| {
        if !quiet {
            print_step(step);
        }
        if !step.same() {
            differ.push(step.entry.n);
            let now = said(&step.entry.cmds);
            println!(
                "!! message {}: commands now [{now}], recorded [{}]",
                step.entry.n,
                step.recorded.join(", ")
            );
        }
    });
    let same_end = session
        .end
        .as_ref()
        .map(|page| serde_json::to_value(page).ok() == serde_json::to_value(&end).ok());
    println!(
        "{} messages replayed ({} to {}); commands {}; last model {}",
        session.messages.len(),
        session.first + 1,
        session.last(),
        if differ.is_empty() {
            "all as recorded".to_string()
        } else {
            format!(
                "differ at {} messages, first at {}",
                differ.len(),
                differ[0]
            )
        },
        match same_end {
            Some(true) => "the page's",
            Some(false) => "NOT the page's",
            None => "not in the file",
        }
    );
    differ.is_empty() && same_end != Some(false)
}

fn print_step(step: &Step) {
    let (msg, cmds) = (step.entry.msg.label(), step.entry.outcome_and_subs());
    println!("{:>5} {msg} → {cmds}", step.entry.n);
    for change in diff(step.before, step.after) {
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
