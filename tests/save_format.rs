//! The saved-game and best-score formats: every save that is not JSON, not
//! of this version, or not a state the game could reach is refused with an
//! `Err` naming why — never a panic — and every state the game can reach
//! comes back from its save unchanged.
//!
//! Most rows take a save the decoder accepts and break one thing in it,
//! editing the JSON as a `serde_json::Value`: `check(&game, edit, why)`
//! asserts that the unedited save decodes and the edited one is refused for
//! `why`. The properties at the end play random games and mangle real saves.

use std::collections::HashMap;
use std::panic::catch_unwind;
use std::process::Command;

use leptos_2048::engine::{
    max_score, step, Board, Config, Direction, Input, Origin, Pos, Source, State, Status, Tile,
    TileId, Turn,
};
use leptos_2048::session::save::{decode, decode_best, encode, encode_best, Invalid};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{json, Value};

use Why::{Impossible, Malformed, Refused, Version};

/// Why a save should be refused.
#[derive(Clone, Copy, Debug)]
enum Why {
    /// `Invalid::Malformed`: not JSON, or the wrong shape or types.
    Malformed,
    /// `Invalid::Version(n)`.
    Version(u32),
    /// `Invalid::Impossible`: well-formed, but no game reaches it.
    Impossible,
    /// Either `Malformed` or `Impossible`: a save that breaks the board's own
    /// shape, which a fix may refuse while deserializing or while validating.
    Refused,
}

fn describe<T>(got: &Result<T, Invalid>) -> String {
    match got {
        Ok(_) => "Ok (accepted)".into(),
        Err(e) => format!("Err({e:?})"),
    }
}

#[track_caller]
fn assert_refused<T>(json: &str, got: Result<T, Invalid>, why: Why) {
    let right = match (&got, why) {
        (Err(Invalid::Malformed(_)), Malformed | Refused) => true,
        (Err(Invalid::Impossible(_)), Impossible | Refused) => true,
        (Err(Invalid::Version(v)), Version(w)) => *v == w,
        _ => false,
    };
    assert!(
        right,
        "\n{json}\ngave {}, expected {why:?}\n",
        describe(&got)
    );
}

/// `decode`, with a panic turned into a failure that names the save.
#[track_caller]
fn decoded(json: &str) -> Result<State, Invalid> {
    catch_unwind(|| decode(json)).unwrap_or_else(|_| panic!("\ndecode panicked on\n{json}\n"))
}

/// The save `json` is refused for `why`.
#[track_caller]
fn refused(json: &str, why: Why) {
    assert_refused(json, decoded(json), why);
}

/// The save `json` is accepted.
#[track_caller]
fn accepted(json: &str) -> State {
    let got = decoded(json);
    assert!(got.is_ok(), "\n{json}\ngave {}\n", describe(&got));
    got.unwrap()
}

/// `state`'s save with `edit` applied to its JSON. The unedited save must
/// decode, so whatever a row refuses is its edit's doing.
#[track_caller]
fn edited(state: &State, edit: impl FnOnce(&mut Value)) -> String {
    let json = encode(state);
    assert_eq!(
        decoded(&json).as_ref(),
        Ok(state),
        "the unedited save comes back"
    );
    let mut value: Value = serde_json::from_str(&json).expect("a save is JSON");
    edit(&mut value);
    value.to_string()
}

/// `state`'s save, edited, is refused for `why`.
#[track_caller]
fn check(state: &State, edit: impl FnOnce(&mut Value), why: Why) {
    refused(&edited(state, edit), why);
}

/// `state`'s save with the text `from` (which occurs once) replaced by `to`:
/// for numbers a `Value` cannot hold.
#[track_caller]
fn replaced(state: &State, from: &str, to: &str) -> String {
    let json = encode(state);
    assert_eq!(json.matches(from).count(), 1, "{from:?} once in\n{json}");
    json.replace(from, to)
}

/// The JSON at `pointer` ("/state/score").
#[track_caller]
fn at<'a>(value: &'a mut Value, pointer: &str) -> &'a mut Value {
    value
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("no {pointer} in the save"))
}

/// An edit that sets the JSON at `pointer` to `value`.
fn set(pointer: &str, value: Value) -> impl FnOnce(&mut Value) + '_ {
    move |v| *at(v, pointer) = value
}

/// Removes `field` from the object at `pointer`.
#[track_caller]
fn remove(value: &mut Value, pointer: &str, field: &str) {
    let object = at(value, pointer)
        .as_object_mut()
        .unwrap_or_else(|| panic!("{pointer} is not an object"));
    assert!(object.remove(field).is_some(), "no {field} in {pointer}");
}

/// The board's cells.
fn cells(value: &mut Value) -> &mut Vec<Value> {
    at(value, "/state/board/cells")
        .as_array_mut()
        .expect("cells are an array")
}

/// A game on `picture` (target 2048), with later spawns from a fixed seed;
/// playing, or over if no move is left.
fn game(picture: &str) -> State {
    let board: Board = picture
        .parse()
        .unwrap_or_else(|e| panic!("bad picture: {e}"));
    State::from_board(board, 7)
}

/// The same, in endless play (no target).
fn endless(picture: &str) -> State {
    let mut state = game(picture);
    state.config.target = None;
    state
}

/// `state` with its status set.
fn with_status(mut state: State, status: Status) -> State {
    state.status = status;
    state
}

/// `state` with its score set.
fn with_score(mut state: State, score: u64) -> State {
    state.score = score;
    state
}

/// A game one move in, with every kind of tile: cell 0 holds a 4 just merged
/// (id 3, from the 2s with ids 0 and 1), cell 1 the 4 with id 2 that moved
/// beside it, and some later cell the tile spawned after the move (id 4).
/// Score 4, next id 5.
fn one_move_in() -> State {
    let state = step(
        Input::Move(Direction::Left),
        &game("2 2 4 . / . . . . / . . . . / . . . ."),
    );
    assert_eq!(
        (state.score, state.next_id, state.board.tiles().count()),
        (4, 5, 3)
    );
    state
}

// ---------------------------------------------------------------------------
// Malformed saves.

#[test]
fn a_save_that_is_not_a_json_object_is_malformed() {
    for json in [
        "", " ", "{", "}", "hello", "null", "42", "true", "\"save\"", "[]", "[1]", "{}",
    ] {
        refused(json, Malformed);
    }
    let save = encode(&one_move_in());
    refused(&save[..save.len() / 2], Malformed);
    refused(&save[..save.len() - 1], Malformed);
    refused(&format!("{save} and more"), Malformed);
    refused(&format!("{save}{save}"), Malformed);
}

#[test]
fn a_save_of_the_wrong_shape_is_malformed() {
    let s = one_move_in();
    check(&s, |v| remove(v, "", "state"), Malformed);
    check(&s, |v| v["state"] = Value::Null, Malformed);
    check(&s, |v| v["state"] = json!([]), Malformed);
    check(&s, |v| v["state"] = json!("a game"), Malformed);
    // Every field a state has to have (`last` and `target` are options, so
    // leaving them out means `None`).
    for field in [
        "config", "board", "score", "status", "moves", "next_id", "rng",
    ] {
        check(&s, |v| remove(v, "/state", field), Malformed);
    }
    for field in ["width", "height", "cells"] {
        check(&s, |v| remove(v, "/state/board", field), Malformed);
    }
    for field in ["id", "value", "pos", "origin"] {
        check(&s, |v| remove(v, "/state/board/cells/0", field), Malformed);
    }
    for (pointer, field) in [
        ("/state/rng", "increment"),
        ("/state/board/cells/0/pos", "y"),
        ("/state/board/cells/0/origin/Merged/from/0", "id"),
    ] {
        check(&s, |v| remove(v, pointer, field), Malformed);
    }
}

#[test]
fn a_save_with_a_value_of_the_wrong_type_is_malformed() {
    let s = one_move_in();
    for (pointer, value) in [
        // Scores that are no u64.
        ("/state/score", json!("4")),
        ("/state/score", json!(-5)),
        ("/state/score", json!(1.5)),
        ("/state/score", json!(4.0)),
        ("/state/score", json!(1e30)),
        ("/state/score", json!(null)),
        // Cells that are not an array of tiles or nulls.
        ("/state/board/cells", json!({})),
        ("/state/board/cells", json!(16)),
        ("/state/board/cells", json!("2 2 . .")),
        ("/state/board/cells", json!(null)),
        ("/state/board/cells/0", json!(2)),
        ("/state/board/cells/0", json!("4")),
        ("/state/board/cells/0", json!([])),
        ("/state/board/cells/0", json!({})),
        ("/state/board/cells/0", json!(true)),
        // A tile's fields.
        ("/state/board/cells/0/value", json!("4")),
        ("/state/board/cells/0/value", json!(-4)),
        ("/state/board/cells/0/value", json!(4.5)),
        ("/state/board/cells/0/value", json!(1.8446744073709552e19)),
        ("/state/board/cells/0/id", json!(-1)),
        ("/state/board/cells/0/id", json!(4294967296u64)),
        ("/state/board/cells/0/pos/x", json!(256)),
        ("/state/board/cells/0/pos/x", json!(-1)),
        ("/state/board/cells/0/origin", json!("Teleported")),
        ("/state/board/cells/0/origin/Merged/from", json!([])),
        // The rest of the state.
        ("/state/status", json!("Paused")),
        ("/state/status", json!(0)),
        ("/state/config/width", json!("4")),
        ("/state/config/width", json!(256)),
        ("/state/config/target", json!("2048")),
        ("/state/config/target", json!(-2048)),
        ("/state/moves", json!(-1)),
        ("/state/next_id", json!(4294967296u64)),
        ("/state/last/direction", json!("Diagonal")),
        ("/state/rng", json!("seed")),
    ] {
        check(&s, set(pointer, value), Malformed);
    }
    // Scores of 2^64, one more than a u64 holds, and more.
    for score in ["18446744073709551616", "99999999999999999999999"] {
        let json = replaced(&s, "\"score\":4,", &format!("\"score\":{score},"));
        refused(&json, Malformed);
    }
}

#[test]
fn a_save_of_another_version_is_named_as_such() {
    let s = one_move_in();
    check(&s, |v| v["version"] = json!(2), Version(2));
    check(&s, |v| v["version"] = json!(0), Version(0));
    check(&s, |v| v["version"] = json!(u32::MAX), Version(u32::MAX));
    // Even when the rest is unreadable to this build: a future format may
    // lay out its state differently.
    refused(r#"{"version":2,"state":"in a future shape"}"#, Version(2));
    refused(r#"{"version":2}"#, Version(2));
    // A version that is not a whole number that fits a u32 is no version.
    for version in [
        json!("1"),
        json!(-1),
        json!(1.5),
        json!(1.0),
        json!(4294967296u64),
        json!(null),
    ] {
        check(&s, |v| v["version"] = version, Malformed);
    }
    check(&s, |v| remove(v, "", "version"), Malformed);
}

// ---------------------------------------------------------------------------
// Impossible saves.

#[test]
fn a_board_of_another_size_than_the_game_is_impossible() {
    let four = game("2 2 . . / . . . . / . . . . / . . . .");
    let five = game("2 2 . . . / . . . . . / . . . . . / . . . . . / . . . . .");
    let board5 = serde_json::to_value(&five.board).unwrap();
    check(&four, set("/state/board", board5), Impossible);
    check(&four, set("/state/config/height", json!(5)), Impossible);
    check(&four, set("/state/board/width", json!(2)), Impossible);
}

#[test]
fn a_game_with_a_side_outside_two_to_eight_is_impossible() {
    // Game and board agree on the size, and the board is empty: only the
    // size is wrong.
    for (width, height) in [(9, 4), (4, 9), (1, 4), (0, 4), (0, 0), (255, 2)] {
        check(
            &game("2 . . . / . . . . / . . . . / . . . ."),
            |v| {
                *at(v, "/state/config/width") = json!(width);
                *at(v, "/state/config/height") = json!(height);
                *at(v, "/state/board/width") = json!(width);
                *at(v, "/state/board/height") = json!(height);
                *cells(v) = vec![Value::Null; width * height];
            },
            Impossible,
        );
    }
}

#[test]
fn a_full_board_short_of_a_cell_is_refused_not_a_panic() {
    // A stuck 4×4 board whose last cell is missing from the save: looking
    // for a move, the decoder must not read past the cells it has.
    let stuck = game("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2");
    check(&stuck, |v| drop(cells(v).pop()), Refused);
    let stuck = game("2 4 / 4 2");
    check(&stuck, |v| drop(cells(v).pop()), Refused);
}

#[test]
fn a_board_has_exactly_one_cell_per_square() {
    // A 4×4 board of 15 cells or of 17.
    let s = one_move_in();
    check(&s, |v| drop(cells(v).pop()), Refused);
    check(&s, |v| cells(v).truncate(2), Refused);
    check(&s, |v| cells(v).clear(), Refused);
    check(&s, |v| cells(v).push(Value::Null), Refused);
    // A tile in a seventeenth cell, outside every row.
    check(
        &s,
        |v| {
            let mut stray = cells(v)[1].clone();
            stray["id"] = json!(5);
            stray["pos"] = json!({"x": 0, "y": 4});
            cells(v).push(stray);
            *at(v, "/state/next_id") = json!(6);
        },
        Refused,
    );
}

#[test]
fn a_tile_stands_in_the_cell_it_names() {
    // A tile's `pos` is where the view draws it; cells are row-major. (Today
    // the decoder never compares the two.)
    let s = one_move_in();
    let empty = s.board.empty_cells()[0];
    let empty = json!({"x": empty.x, "y": empty.y});
    // The 4 in cell 1 (x 1) names an empty cell.
    check(&s, set("/state/board/cells/1/pos", empty), Impossible);
    // Two tiles name cell 0.
    check(
        &s,
        set("/state/board/cells/1/pos", json!({"x": 0, "y": 0})),
        Impossible,
    );
    // A tile names a cell off the board.
    check(
        &s,
        set("/state/board/cells/1/pos", json!({"x": 7, "y": 7})),
        Impossible,
    );
}

#[test]
fn tile_values_are_powers_of_two_the_board_can_hold() {
    // Endless play, so no value also breaks the rule on winning, and a 2 on
    // a board of 2s, so no value breaks the score.
    let s = endless("2 . . . / . . . . / . . . . / . . . .");
    let value = "/state/board/cells/0/value";
    for not_a_power_of_two in [0u64, 1, 3, 6, 12, 2049, u64::MAX] {
        check(&s, set(value, json!(not_a_power_of_two)), Impossible);
    }
    // A 4×4 board holds at most 2^17 = 131072.
    accepted(&edited(&s, set(value, json!(1u64 << 17))));
    for beyond in [18, 20, 32, 63] {
        check(&s, set(value, json!(1u64 << beyond)), Impossible);
    }
    // A 2×2 board holds at most 2^5 = 32.
    let small = endless("2 . / . .");
    accepted(&edited(&small, set(value, json!(32))));
    check(&small, set(value, json!(64)), Impossible);
    // An 8×8 board holds any u64 power of two.
    let big = endless(&["2 . . . . . . ."; 8].join(" / "));
    accepted(&edited(&big, set(value, json!(1u64 << 63))));
}

#[test]
fn tile_ids_are_unique_and_already_handed_out() {
    let s = one_move_in();
    // Two tiles with one id.
    check(&s, set("/state/board/cells/1/id", json!(3)), Impossible);
    // A tile with the id of a tile a merge consumed.
    check(&s, set("/state/board/cells/1/id", json!(0)), Impossible);
    // A merge of one tile with itself.
    check(
        &s,
        set("/state/board/cells/0/origin/Merged/from/1/id", json!(0)),
        Impossible,
    );
    // Ids the game has not handed out yet.
    check(&s, set("/state/next_id", json!(4)), Impossible);
    check(&s, set("/state/next_id", json!(0)), Impossible);
    check(&s, set("/state/board/cells/1/id", json!(5)), Impossible);
    check(
        &s,
        set("/state/board/cells/1/id", json!(u32::MAX)),
        Impossible,
    );
    check(
        &s,
        set("/state/board/cells/0/origin/Merged/from/0/id", json!(9)),
        Impossible,
    );
    // A next id far ahead is fine: earlier games of the session used them.
    accepted(&edited(&s, set("/state/next_id", json!(u32::MAX))));
}

#[test]
fn the_status_agrees_with_the_board() {
    let free = "2 2 . . / . . . . / . . . . / . . . .";
    let stuck = "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2";
    let won = "2048 2 . . / . . . . / . . . . / . . . .";
    let won_stuck = "2048 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2";
    use Status::{Continuing, Over, Playing, Won};

    // Over with a move left, playing with none.
    refused(&encode(&with_status(game(free), Over)), Impossible);
    refused(&encode(&with_status(game(stuck), Playing)), Impossible);
    refused(
        &encode(&with_status(game(won_stuck), Continuing)),
        Impossible,
    );
    // Won, or going on after a win, without the target tile.
    refused(&encode(&with_status(game(free), Won)), Impossible);
    refused(&encode(&with_status(game(free), Continuing)), Impossible);
    refused(&encode(&with_status(endless(won), Won)), Impossible);
    refused(&encode(&with_status(endless(won), Continuing)), Impossible);
    // The target made but the game not won.
    refused(&encode(&with_status(game(won), Playing)), Impossible);

    accepted(&encode(&with_status(game(free), Playing)));
    accepted(&encode(&with_status(game(stuck), Over)));
    accepted(&encode(&with_status(game(won), Won)));
    accepted(&encode(&with_status(game(won), Continuing)));
    // A win shows even on the move that ends the game; keep playing then
    // ends it.
    accepted(&encode(&with_status(game(won_stuck), Won)));
    accepted(&encode(&with_status(game(won_stuck), Over)));
    // Endless play never wins.
    accepted(&encode(&with_status(endless(won), Playing)));
}

#[test]
fn the_target_is_a_power_of_two_only_a_merge_can_make() {
    // Only merges win, so a target is 8 or more: a spawned 4 would "reach"
    // a target of 4 without a win.
    let s = game("2 . . . / . . . . / . . . . / . . . .");
    for target in [0u64, 2, 4, 6, 12, 2047, u64::MAX] {
        check(&s, set("/state/config/target", json!(target)), Impossible);
    }
    for target in [8u64, 64, 2048, 1 << 63] {
        accepted(&edited(&s, set("/state/config/target", json!(target))));
    }
}

#[test]
fn the_score_is_no_more_than_the_tiles_could_earn() {
    // A tile of 2^k built from 2s earned (k − 1)·2^k on the way: 2s earn
    // nothing, a 4 earns 4, a 1024 earns 9 · 1024.
    let twos = game("2 2 . . / . . . . / . . . . / . . . .");
    accepted(&encode(&twos));
    refused(&encode(&with_score(twos.clone(), 1)), Impossible);
    refused(&encode(&with_score(twos.clone(), 1000)), Impossible);
    let fours = game("4 4 . . / . . . . / . . . . / . . . .");
    accepted(&encode(&with_score(fours.clone(), 8)));
    refused(&encode(&with_score(fours, 9)), Impossible);
    let k1024 = game("1024 2 . . / . . . . / . . . . / . . . .");
    accepted(&encode(&with_score(k1024.clone(), 9 * 1024)));
    refused(&encode(&with_score(k1024, 9 * 1024 + 1)), Impossible);
    // The fullest 4×4 board, 4 up to 2^17, has earned at most max_score.
    let fullest = endless(
        "4 8 16 32 / 512 256 128 64 / 1024 2048 4096 8192 / \
         131072 65536 32768 16384",
    );
    assert_eq!(fullest.status, Status::Over);
    accepted(&encode(&with_score(fullest.clone(), max_score(16))));
    refused(&encode(&with_score(fullest, max_score(16) + 1)), Impossible);
    // Scores no 4×4 game reaches whatever its tiles.
    for score in [10u64.pow(15), u64::MAX] {
        refused(&encode(&with_score(twos.clone(), score)), Impossible);
    }
}

/// Runs `body` in a child process that runs only the test `name`, so that a
/// stack overflow — an abort, which no test can catch — fails that test
/// alone rather than the whole run.
#[track_caller]
fn in_child_process(name: &str, body: impl FnOnce()) {
    const CHILD: &str = "SAVE_FORMAT_CHILD_PROCESS";
    if std::env::var_os(CHILD).is_some() {
        body();
        return;
    }
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--exact", name, "--nocapture"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs");
    assert!(
        out.status.success(),
        "\n{name}, run alone, {}:\n{}\n",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_save_nested_deeper_than_any_real_one_is_malformed_not_a_stack_overflow() {
    in_child_process(
        "a_save_nested_deeper_than_any_real_one_is_malformed_not_a_stack_overflow",
        || {
            let deep = "[".repeat(60_000);
            let rows = [
                ("brackets alone", deep.clone()),
                (
                    "a state of brackets",
                    format!(r#"{{"version":1,"state":{deep}"#),
                ),
                (
                    "an unknown field of brackets",
                    format!(r#"{{"version":1,"x":{deep}"#),
                ),
                // A bare value that opens with a quote mark: a reader that
                // skips an unknown bare value up to the next `,` also skips
                // the quote, so the brackets after it nest for the reader,
                // though a scan for nesting would take them to be in a string.
                (
                    "brackets after an unknown value x\"",
                    format!(r#"{{"version":1,"x":x","y":{deep}"#),
                ),
                (
                    "the same inside the state",
                    format!(r#"{{"version":1,"state":{{"x":x","y":{deep}"#),
                ),
            ];
            for (what, json) in rows {
                eprintln!("decoding {what}");
                assert_refused(what, decode(&json), Malformed);
                assert_refused(what, decode_best(&json, Config::default()), Malformed);
            }
        },
    );
}

#[test]
fn the_longest_save_this_build_writes_decodes() {
    // An 8×8 board full of merged tiles, every number as long as its type
    // allows: no game's save is longer, so none is refused for its length.
    let mut board = Board::empty(8, 8);
    let mut id = u32::MAX - 1;
    let mut next = || {
        id -= 1;
        TileId(id)
    };
    for y in 0..8 {
        for x in 0..8 {
            let pos = Pos::new(x, y);
            let from = [next(), next()].map(|id| Source { id, from: pos });
            board.put(Tile {
                id: next(),
                // 2^62 and 2^63 in a checkerboard: full, and stuck.
                value: 1 << (62 + (x + y) % 2),
                pos,
                origin: Origin::Merged { from },
            });
        }
    }
    let mut state = endless(&["2 . . . . . . ."; 8].join(" / "));
    state.board = board;
    state.status = Status::Over;
    state.score = u64::MAX;
    state.moves = u32::MAX;
    state.next_id = u32::MAX;
    state.last = Some(Turn {
        direction: Direction::Right,
        gained: u64::MAX,
        merged: vec![1 << 63; 32],
    });
    assert_eq!(accepted(&encode(&state)), state);
}

#[test]
fn a_valid_save_comes_back_unchanged() {
    for state in [
        one_move_in(),
        State::new(Config::default(), 0),
        State::new(Config::new(8, 2, None).unwrap(), u64::MAX),
        with_status(
            game("2048 2 . . / . . . . / . . . . / . . . ."),
            Status::Won,
        ),
    ] {
        assert_eq!(accepted(&encode(&state)), state);
    }
}

// ---------------------------------------------------------------------------
// Best scores.

/// `decode_best`, with a panic turned into a failure that names the JSON.
#[track_caller]
fn best(json: &str, config: Config) -> Result<u64, Invalid> {
    catch_unwind(|| decode_best(json, config))
        .unwrap_or_else(|_| panic!("\ndecode_best panicked on {json:?}\n"))
}

#[test]
fn a_best_score_is_a_whole_number_a_game_of_its_size_could_reach() {
    let four = Config::default();
    assert_eq!(best("0", four), Ok(0));
    assert_eq!(best("1234", four), Ok(1234));
    assert_eq!(best(" 1234\n", four), Ok(1234));
    for score in [0, 1, 2048, max_score(16)] {
        assert_eq!(best(&encode_best(score), four), Ok(score));
    }
    for json in [
        "-1",
        "1.5",
        "1234.0",
        "\"1234\"",
        "null",
        "",
        "1e3",
        "99999999999999999999",
        "18446744073709551616",
        "[1234]",
        "{}",
        "12 34",
        "0x10",
    ] {
        assert_refused(json, best(json, four), Malformed);
    }
    for score in [max_score(16) + 1, 10u64.pow(15), u64::MAX] {
        let json = encode_best(score);
        assert_refused(&json, best(&json, four), Impossible);
    }
    // The limit follows the board: 2×2 reaches less than 4×4, 8×8 more.
    let small = Config::new(2, 2, Some(2048)).unwrap();
    let big = Config::new(8, 8, None).unwrap();
    assert_eq!(best(&encode_best(max_score(4)), small), Ok(max_score(4)));
    let json = encode_best(max_score(4) + 1);
    assert_refused(&json, best(&json, small), Impossible);
    assert_eq!(best(&json, four), Ok(max_score(4) + 1));
    assert_eq!(best(&encode_best(u64::MAX), big), Ok(u64::MAX));
}

// ---------------------------------------------------------------------------
// Properties.

/// A board of 2..=8 × 2..=8, endless or with a target small enough for
/// random play to make sometimes.
fn any_config() -> impl Strategy<Value = Config> {
    let target = prop_oneof![
        Just(None),
        Just(Some(2048)),
        Just(Some(8)),
        Just(Some(16)),
        Just(Some(32)),
    ];
    (2u8..=8, 2u8..=8, target)
        .prop_map(|(w, h, target)| Config::new(w, h, target).expect("a valid config"))
}

/// Mostly moves, leaning down and left so games run longer; now and then
/// keep playing or a new game.
fn any_input() -> impl Strategy<Value = Input> {
    use Direction::{Down, Left, Right, Up};
    prop_oneof![
        8 => Just(Input::Move(Down)),
        8 => Just(Input::Move(Left)),
        3 => Just(Input::Move(Right)),
        2 => Just(Input::Move(Up)),
        1 => Just(Input::KeepPlaying),
        1 => Just(Input::NewGame),
    ]
}

/// Every state of the game that `inputs` play from `seed`, first to last.
fn play(config: Config, seed: u64, inputs: &[Input]) -> Vec<State> {
    let mut states = vec![State::new(config, seed)];
    for &input in inputs {
        let next = step(input, states.last().unwrap());
        states.push(next);
    }
    states
}

/// A save of a game some way in: on any board, or on a small board played
/// long enough to fill it.
fn any_save() -> impl Strategy<Value = String> {
    let game = prop_oneof![
        (
            any_config(),
            any::<u64>(),
            prop::collection::vec(any_input(), 0..40)
        ),
        (
            small_config(),
            any::<u64>(),
            prop::collection::vec(any_input(), 0..200)
        ),
    ];
    game.prop_map(|(config, seed, inputs)| encode(play(config, seed, &inputs).last().unwrap()))
}

/// Text edits of a save: bytes deleted, duplicated or overwritten, a digit
/// changed.
#[derive(Clone, Debug)]
enum TextEdit {
    Delete(Index, usize),
    Duplicate(Index, usize),
    Overwrite(Index, usize, &'static str),
    Digit(Index, u8),
}

/// What an overwrite puts in a save's text.
#[rustfmt::skip]
const TOKENS: &[&str] = &[
    "", "0", "1", "9", "-", ".", "e", "\"", ",", ":", "{", "}", "[", "]", "null", "true",
    "[]", "{}", "256", "-1", "1.5", "1e30", "18446744073709551616", "\"x\"", "\\u0000",
    "\u{e9}", "\"Over\"", "\"Won\"", "\"Spawned\"",
];

/// What strings of JSON tokens are made of.
#[rustfmt::skip]
const JSON_TOKENS: &[&str] = &[
    "{", "}", "[", "]", ",", ":", "\"version\"", "\"state\"", "\"board\"", "\"cells\"",
    "\"width\"", "\"height\"", "\"config\"", "\"score\"", "\"status\"", "1", "2", "4",
    "-1", "1.5", "null", "true", "x", "\"",
];

fn text_edit() -> impl Strategy<Value = TextEdit> {
    prop_oneof![
        (any::<Index>(), 1usize..40).prop_map(|(i, n)| TextEdit::Delete(i, n)),
        (any::<Index>(), 1usize..40).prop_map(|(i, n)| TextEdit::Duplicate(i, n)),
        (any::<Index>(), 0usize..8, prop::sample::select(TOKENS))
            .prop_map(|(i, n, t)| TextEdit::Overwrite(i, n, t)),
        (any::<Index>(), 0u8..10).prop_map(|(i, d)| TextEdit::Digit(i, d)),
    ]
}

fn apply_text_edit(bytes: &mut Vec<u8>, edit: &TextEdit) {
    if bytes.is_empty() {
        return;
    }
    let len = bytes.len();
    let span = |i: &Index, n: usize| {
        let start = i.index(len);
        start..(start + n).min(len)
    };
    match edit {
        TextEdit::Delete(i, n) => drop(bytes.drain(span(i, *n))),
        TextEdit::Duplicate(i, n) => {
            let range = span(i, *n);
            let copy = bytes[range.clone()].to_vec();
            bytes.splice(range.end..range.end, copy);
        }
        TextEdit::Overwrite(i, n, token) => drop(bytes.splice(span(i, *n), token.bytes())),
        TextEdit::Digit(i, d) => {
            // The digit at or after `i`, if any, becomes `d`.
            let start = i.index(len);
            if let Some(b) = bytes[start..].iter_mut().find(|b| b.is_ascii_digit()) {
                *b = b'0' + d;
            }
        }
    }
}

/// JSON edits of a save: a value somewhere in it replaced, removed or
/// duplicated. `path` picks a child at each level, as deep as it goes.
#[derive(Clone, Debug)]
enum JsonEdit {
    Replace(Vec<Index>, Value),
    Remove(Vec<Index>),
    Duplicate(Vec<Index>),
}

fn odd_value() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!(null),
        json!(true),
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(9),
        json!(-1),
        json!(1.5),
        json!(1e30),
        json!(255),
        json!(256),
        json!(u32::MAX),
        json!(u32::MAX as u64 + 1),
        json!(1u64 << 63),
        json!(u64::MAX),
        json!(""),
        json!("x"),
        json!("Spawned"),
        json!("Over"),
        json!("Won"),
        json!("Continuing"),
        json!([]),
        json!([null]),
        json!({}),
        json!({"x": 9, "y": 9}),
        json!({"x": 0, "y": 0}),
    ])
}

fn json_edit() -> impl Strategy<Value = JsonEdit> {
    let path = prop::collection::vec(any::<Index>(), 1..8);
    prop_oneof![
        (path.clone(), odd_value()).prop_map(|(p, v)| JsonEdit::Replace(p, v)),
        path.clone().prop_map(JsonEdit::Remove),
        path.prop_map(JsonEdit::Duplicate),
    ]
}

fn has_children(value: &Value) -> bool {
    match value {
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        _ => false,
    }
}

/// The child of `value` that `index` picks, if it has children.
fn child<'a>(value: &'a mut Value, index: &Index) -> Option<&'a mut Value> {
    match value {
        Value::Array(a) if !a.is_empty() => {
            let i = index.index(a.len());
            a.get_mut(i)
        }
        Value::Object(o) if !o.is_empty() => {
            let i = index.index(o.len());
            o.values_mut().nth(i)
        }
        _ => None,
    }
}

fn apply_json_edit(value: &mut Value, edit: &JsonEdit) {
    let (path, last) = match edit {
        JsonEdit::Replace(p, _) | JsonEdit::Remove(p) | JsonEdit::Duplicate(p) => {
            p.split_at(p.len() - 1)
        }
    };
    // Walk down to the parent of the value edited.
    let mut parent = value;
    for index in path {
        if !child(&mut *parent, index).is_some_and(|c| has_children(c)) {
            break;
        }
        parent = child(parent, index).unwrap();
    }
    let last = &last[0];
    match (edit, parent) {
        (JsonEdit::Replace(_, new), parent) => {
            if let Some(c) = child(parent, last) {
                *c = new.clone();
            }
        }
        (JsonEdit::Remove(_), Value::Array(a)) if !a.is_empty() => {
            a.remove(last.index(a.len()));
        }
        (JsonEdit::Remove(_), Value::Object(o)) if !o.is_empty() => {
            let key = o.keys().nth(last.index(o.len())).unwrap().clone();
            o.remove(&key);
        }
        (JsonEdit::Duplicate(_), Value::Array(a)) if !a.is_empty() => {
            let i = last.index(a.len());
            a.insert(i, a[i].clone());
        }
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Every state a game passes through is valid and comes back from its
    /// save unchanged.
    #[test]
    fn every_reachable_state_is_valid_and_comes_back_from_its_save(
        config in any_config(),
        seed in any::<u64>(),
        inputs in prop::collection::vec(any_input(), 0..300),
    ) {
        let states = play(config, seed, &inputs);
        let last = states.len() - 1;
        for (i, state) in states.into_iter().enumerate() {
            prop_assert_eq!(state.validate(), Ok(()), "\n{}\n{:?}", state.board, state);
            // Saving is slow in a debug build: every eighth state and the last.
            if i % 8 == 0 || i == last {
                let json = encode(&state);
                prop_assert_eq!(decode(&json), Ok(state), "\n{}", json);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn no_string_makes_the_decoders_panic(json in any::<String>()) {
        let _ = decode(&json);
        let _ = decode_best(&json, Config::default());
    }

    #[test]
    fn no_string_of_json_tokens_makes_the_decoders_panic(
        tokens in prop::collection::vec(
            prop::sample::select(JSON_TOKENS),
            0..40,
        ),
    ) {
        let json = tokens.concat();
        let _ = decode(&json);
        let _ = decode_best(&json, Config::default());
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// A save whose text was damaged (bytes lost, repeated or overwritten,
    /// digits changed) decodes or is refused.
    #[test]
    fn no_damage_to_a_saves_text_makes_the_decoder_panic(
        save in any_save(),
        edits in prop::collection::vec(text_edit(), 1..4),
    ) {
        let mut bytes = save.into_bytes();
        for edit in &edits {
            apply_text_edit(&mut bytes, edit);
        }
        let json = String::from_utf8_lossy(&bytes);
        let _ = decode(&json);
        let _ = decode_best(&json, Config::default());
    }

    /// A save whose JSON was changed (a value replaced, removed or repeated
    /// anywhere in it) decodes or is refused.
    #[test]
    fn no_change_to_a_saves_json_makes_the_decoder_panic(
        save in any_save(),
        edits in prop::collection::vec(json_edit(), 1..3),
    ) {
        let mut value: Value = serde_json::from_str(&save).unwrap();
        for edit in &edits {
            apply_json_edit(&mut value, edit);
        }
        let _ = decode(&value.to_string());
    }
}

/// A board of 2..=4 × 2..=4: small enough for random play to fill it and
/// make big tiles.
fn small_config() -> impl Strategy<Value = Config> {
    let target = prop_oneof![Just(None), Just(Some(2048)), Just(Some(64))];
    (2u8..=4, 2u8..=4, target)
        .prop_map(|(w, h, target)| Config::new(w, h, target).expect("a valid config"))
}

/// (k − 1)·2^k for a tile of 2^k: what it earned if built from 2s alone.
fn most_earned(value: u64) -> u128 {
    (value.trailing_zeros() as u128).saturating_sub(1) * value as u128
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The score is exactly what the merges behind the tiles on the board
    /// earned, and a tile of 2^k earned at most (k − 1)·2^k; so the score is
    /// at most Σ (k − 1)·2^k over the tiles, the bound the decoder checks,
    /// and at most `max_score` of the board.
    #[test]
    fn the_score_never_exceeds_what_the_tiles_could_earn(
        config in small_config(),
        seed in any::<u64>(),
        inputs in prop::collection::vec(any_input(), 0..2000),
    ) {
        let cells = config.width as usize * config.height as usize;
        let mut state = State::new(config, seed);
        let mut earned: HashMap<TileId, u64> = state.board.tiles().map(|t| (t.id, 0)).collect();
        for input in inputs {
            state = step(input, &state);
            let mut now = HashMap::new();
            for tile in state.board.tiles() {
                let e = match (earned.get(&tile.id), tile.origin) {
                    (Some(&e), _) => e,
                    (None, Origin::Merged { from: [a, b] }) => {
                        prop_assert!(earned.contains_key(&a.id) && earned.contains_key(&b.id));
                        tile.value + earned[&a.id] + earned[&b.id]
                    }
                    (None, _) => 0,
                };
                prop_assert!(
                    e as u128 <= most_earned(tile.value),
                    "a {} earned {}", tile.value, e
                );
                now.insert(tile.id, e);
            }
            earned = now;
            let total: u64 = earned.values().sum();
            let bound: u128 = state.board.tiles().map(|t| most_earned(t.value)).sum();
            prop_assert_eq!(state.score, total, "\n{}", state.board);
            prop_assert!(state.score as u128 <= bound);
            prop_assert!(state.score <= max_score(cells));
        }
    }
}

#[test]
fn a_challenge_is_a_daily_or_a_race_never_both_nor_neither() {
    use leptos_2048::session::contest::{Against, SavedChallenge};
    use leptos_2048::session::daily;
    use leptos_2048::session::save::{decode_challenge, encode_challenge};
    let daily = SavedChallenge {
        against: Against::Daily {
            number: 329,
            counted: true,
        },
        ended: false,
        on_board: true,
        game: daily::game(329),
    };
    let json = encode_challenge(&daily);
    assert!(
        json.contains(r#""daily":329,"counted":true,"race":null"#),
        "{json}"
    );
    assert!(
        json.contains(r#""showing":true"#),
        "the record's first shape: {json}"
    );
    assert_eq!(decode_challenge(&json), Ok(daily));
    let both = json.replace(r#""race":null"#, r#""race":"2AAAA""#);
    let neither = json.replace(r#""daily":329"#, r#""daily":null"#);
    for bad in [both, neither] {
        assert!(
            matches!(decode_challenge(&bad), Err(Invalid::Malformed(_))),
            "{bad}"
        );
    }
}
