//! Prints the starting boards that index.html's first-game script picks
//! from (`app::first_game`), as the JSON the build writes into the page
//! (scripts/first-boards.mjs): `[[seed, [class, value], [class, value]], …]`,
//! each tile's classes as the app's tile layer writes them.
//!
//!   cargo run --release --bin first-boards

use leptos_2048::app::first_game::first_boards;
use serde_json::{json, Value};

fn main() {
    let table = first_boards()
        .iter()
        .map(|board| {
            let mut entry = vec![json!(board.seed)];
            entry.extend(board.tiles.iter().map(|t| json!([t.class(), t.value])));
            Value::Array(entry)
        })
        .collect();
    println!("{}", Value::Array(table));
}
