//! Prints what index.html's first-game script needs of the app
//! (`app::first_game`), as the JSON the build writes into the page
//! (scripts/first-boards.mjs):
//!
//! - `boards`: the starting boards it picks from,
//!   `[[seed, [class, value], [class, value]], …]`, each tile's classes as
//!   the app's tile layer writes them;
//! - `keys`: the keys that move, `{"ArrowUp": 0, "w": 0, …}`, each with
//!   its direction's number (its place in `Direction::ALL`), which is what
//!   the engine's wasm plays.
//!
//!   cargo run --release --bin first-boards

use leptos_2048::app::first_game::{first_boards, move_keys, number};
use serde_json::{json, Map, Value};

fn main() {
    let boards = first_boards()
        .iter()
        .map(|board| {
            let mut entry = vec![json!(board.seed)];
            entry.extend(board.tiles.iter().map(|t| json!([t.class(), t.value])));
            Value::Array(entry)
        })
        .collect();
    let keys: Map<String, Value> = move_keys()
        .into_iter()
        .map(|(key, direction)| (key, json!(number(direction))))
        .collect();
    println!(
        "{}",
        json!({ "boards": Value::Array(boards), "keys": keys })
    );
}
