//! `fold --new SEED`: the save of a new 4×4 game from SEED, so a test can
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

use leptos_2048::engine::{step, Config, Direction, Input, State};
use leptos_2048::save;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, seed] = args.as_slice() {
        if flag == "--new" {
            let Ok(seed) = seed.parse() else {
                eprintln!("fold: --new takes a u64 seed");
                std::process::exit(2);
            };
            println!("{}", save::encode(&State::new(Config::default(), seed)));
            return;
        }
    }
    let [_, save_json, inputs] = args.as_slice() else {
        eprintln!("usage: fold SAVE_JSON INPUTS | fold --new SEED");
        std::process::exit(2);
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
            other => {
                eprintln!("fold: unknown input {other:?}");
                std::process::exit(2);
            }
        };
        state = step(input, &state);
    }
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
    println!(
        "{{\"board\":[{}],\"score\":{}}}",
        rows.join(","),
        state.score
    );
}
