//! `fold --new SEED [WxH] [TARGET|none]`: the save of a new game from SEED
//! (4×4 with target 2048 unless a size and target are given), so a test can
//! start the page on a game it knows.
//!
//! `fold SAVE INPUTS`: the state a saved game reaches after INPUTS, computed
//! natively by the same `step` the page runs. The end-to-end tests use it to
//! check that the board a browser shows after a storm of key presses is the
//! fold of those presses.
//!
//! SAVE is a game save's JSON (as the page stores it); INPUTS is one letter
//! per input: `U`, `D`, `L`, `R` for moves, `N` for a new game, `K` for keep
//! playing. Prints the final board's values, row by row, as JSON, then the
//! score: `{"board":[[2,0,…],…],"score":1204}`.
//!
//! `fold --history SEED N [--size WxH] [--target T|none] [--at I,J,…]
//! [--cursor C]`: a session of N inputs from `State::new(config, SEED)`,
//! each of which changes the state (so the page accepts it as a persisted
//! history): moves chosen by a fixed, seeded corner-first policy, Keep
//! Playing after a win, New Game after a loss. Prints one JSON object:
//!
//! ```text
//! {"history":"<the history's persisted JSON>","game":"<the save of its present>",
//!  "inputs":"ULLD…","cursor":C,"games":1,"link":"<share link of the game at the cursor, or empty>",
//!  "at":[{"i":I,"board":[[…]],"score":S,"status":"Playing"},…]}
//! ```
//!
//! `history` and `game` are strings holding exactly what the page stores
//! under `leptos-2048:v1:history` and `leptos-2048:v1:game` (their u64s kept
//! exact); `at` gives the state after I inputs for each I asked for.

use leptos_2048::engine::{step, Config, Direction, Input, State, Status};
use leptos_2048::session::history::{input_char, History};
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save;

fn fail(message: &str) -> ! {
    eprintln!("fold: {message}");
    eprintln!(
        "usage: fold SAVE_JSON INPUTS | fold --new SEED [WxH] [TARGET|none] | \
         fold --history SEED N [--size WxH] [--target T|none] [--at I,J,...] [--cursor C]"
    );
    std::process::exit(2);
}

fn parse_size(text: &str) -> (u8, u8) {
    let parsed = text
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    parsed.unwrap_or_else(|| fail("a size is WxH, e.g. 5x4"))
}

fn parse_target(text: &str) -> Option<u64> {
    if text == "none" {
        return None;
    }
    Some(
        text.parse()
            .unwrap_or_else(|_| fail("a target is a number or none")),
    )
}

fn config(size: Option<&str>, target: Option<&str>) -> Config {
    let default = Config::default();
    let (width, height) = size.map_or((default.width, default.height), parse_size);
    let target = target.map_or(default.target, parse_target);
    Config::new(width, height, target).unwrap_or_else(|| fail("a size or target out of range"))
}

fn board_json(state: &State) -> String {
    let rows: Vec<String> = state
        .board
        .values()
        .iter()
        .map(|row| {
            format!(
                "[{}]",
                row.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    format!("[{}]", rows.join(","))
}

/// A JSON string literal of `text` (which holds no control characters).
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// splitmix64: the policy's own small generator, independent of the game's.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A session of `n` inputs, every one of which changes the state.
fn session(config: Config, seed: u64, n: usize) -> History {
    let mut history = History::new(config, seed);
    let mut mix = Mix(seed ^ 0x5eed_f01d);
    use Direction::{Down, Left, Right, Up};
    while history.len() < n {
        let status = history.present().status;
        let applied = match status {
            Status::Won => history.apply(Input::KeepPlaying),
            Status::Over => history.apply(Input::NewGame),
            Status::Playing | Status::Continuing => {
                // Corner first (down, left, right, up), with one move in
                // eight drawn at random, so games run long and vary.
                let mut order = [Down, Left, Right, Up];
                if mix.next() % 8 == 0 {
                    let k = (mix.next() % 4) as usize;
                    order.swap(0, k);
                }
                order.into_iter().any(|d| history.apply(Input::Move(d)))
            }
        };
        assert!(applied, "fold: no input changes the state {status:?}");
    }
    history
}

/// `--history SEED N [flags]`: builds the session and prints it as JSON.
fn history_mode(args: &[String]) {
    let [seed, n, rest @ ..] = args else {
        fail("--history takes SEED N");
    };
    let seed: u64 = seed.parse().unwrap_or_else(|_| fail("SEED is a u64"));
    let n: usize = n.parse().unwrap_or_else(|_| fail("N is a count"));
    let flags = HistoryFlags::parse(rest);
    let mut history = session(config(flags.size, flags.target), seed, n);
    if let Some(c) = flags.cursor {
        if !history.seek(c) {
            fail("--cursor past the last input");
        }
    }
    assert_eq!(
        history.verify(),
        Ok(()),
        "fold: the session does not verify"
    );
    let inputs: String = history.inputs().iter().map(|&i| input_char(i)).collect();
    let games = 1 + inputs.bytes().filter(|&c| c == b'N').count();
    let link = Replay::from_history(&history)
        .map(|r| replay::encode(&r))
        .unwrap_or_default();
    let states: Vec<String> = flags.at.iter().map(|&i| state_json(&history, i)).collect();
    println!(
        "{{\"history\":{},\"game\":{},\"inputs\":{},\"cursor\":{},\"games\":{games},\"link\":{},\"at\":[{}]}}",
        json_string(&save::encode_history(&history)),
        json_string(&save::encode(history.present())),
        json_string(&inputs),
        history.cursor(),
        json_string(&link),
        states.join(",")
    );
}

/// The flags of `--history` after SEED and N.
struct HistoryFlags<'a> {
    size: Option<&'a str>,
    target: Option<&'a str>,
    /// The input counts whose states to print.
    at: Vec<usize>,
    /// Where to leave the cursor.
    cursor: Option<usize>,
}

impl<'a> HistoryFlags<'a> {
    /// Reads `--size`, `--target`, `--at` and `--cursor`, each with its value.
    fn parse(rest: &'a [String]) -> Self {
        let mut flags = HistoryFlags {
            size: None,
            target: None,
            at: Vec::new(),
            cursor: None,
        };
        let mut it = rest.iter();
        while let Some(flag) = it.next() {
            let value = it
                .next()
                .unwrap_or_else(|| fail(&format!("{flag} takes a value")));
            match flag.as_str() {
                "--size" => flags.size = Some(value.as_str()),
                "--target" => flags.target = Some(value.as_str()),
                "--at" => {
                    flags.at = value
                        .split(',')
                        .filter(|s| !s.is_empty())
                        .map(|s| {
                            s.parse::<usize>()
                                .unwrap_or_else(|_| fail("--at takes I,J,..."))
                        })
                        .collect()
                }
                "--cursor" => {
                    flags.cursor = Some(
                        value
                            .parse::<usize>()
                            .unwrap_or_else(|_| fail("--cursor takes a count")),
                    )
                }
                other => fail(&format!("unknown flag {other}")),
            }
        }
        flags
    }
}

/// The state after `i` inputs of `history`, as one entry of `at`.
fn state_json(history: &History, i: usize) -> String {
    let state = history
        .state_at(i)
        .unwrap_or_else(|| fail(&format!("--at {i} is past the last input")));
    format!(
        "{{\"i\":{i},\"board\":{},\"score\":{},\"status\":\"{:?}\"}}",
        board_json(&state),
        state.score,
        state.status
    )
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("--new") => {
            let (seed, size, target) = match &args[2..] {
                [seed] => (seed, None, None),
                [seed, size] => (seed, Some(size.as_str()), None),
                [seed, size, target] => (seed, Some(size.as_str()), Some(target.as_str())),
                _ => fail("--new takes SEED [WxH] [TARGET|none]"),
            };
            let Ok(seed) = seed.parse() else {
                fail("--new takes a u64 seed");
            };
            println!("{}", save::encode(&State::new(config(size, target), seed)));
            return;
        }
        Some("--history") => {
            history_mode(&args[2..]);
            return;
        }
        _ => {}
    }
    let [_, save_json, inputs] = args.as_slice() else {
        fail("expected SAVE_JSON INPUTS");
    };
    let mut state = match save::decode(save_json) {
        Ok(state) => state,
        Err(e) => {
            eprintln!("fold: {e}");
            std::process::exit(1);
        }
    };
    for c in inputs.chars() {
        let input = match c {
            'U' => Input::Move(Direction::Up),
            'D' => Input::Move(Direction::Down),
            'L' => Input::Move(Direction::Left),
            'R' => Input::Move(Direction::Right),
            'N' => Input::NewGame,
            'K' => Input::KeepPlaying,
            other => fail(&format!("unknown input {other:?}")),
        };
        state = step(input, &state);
    }
    println!(
        "{{\"board\":{},\"score\":{}}}",
        board_json(&state),
        state.score
    );
}
