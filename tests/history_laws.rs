//! The laws of undo, redo and time travel, on random sessions: sequences of
//! inputs, undos and redos on small boards with low targets, so that wins,
//! Keep Playing, lost games and New Games all happen.
//!
//! - undo after an apply that changed the state gives back the exact earlier
//!   state (rng included, so the same tiles come next);
//! - redo after undo gives back the exact state undone;
//! - apply after undo drops the redo tail;
//! - `state_at(i)` is the fold of the first `i` inputs from the seed;
//! - `verify` agrees with an untouched history and names the first place a
//!   tampered one disagrees;
//! - the persisted form round-trips to the same history, with the same undo
//!   and redo ahead of it, and a persisted form that no history writes is
//!   refused.

use std::time::Instant;

use leptos_2048::engine::{step, Config, Direction, Input, Luck, State, Status};
use leptos_2048::session::history::{History, HistoryError, CHECKPOINT_EVERY, FORGET, MAX_INPUTS};
use proptest::prelude::*;

use Direction::{Down, Left, Right, Up};

// ---------------------------------------------------------------------------
// Sessions

/// One thing a player does to a history.
#[derive(Clone, Copy, Debug)]
enum Op {
    Play(Input),
    Undo,
    Redo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        24 => prop::sample::select(Direction::ALL.to_vec()).prop_map(|d| Op::Play(Input::Move(d))),
        1 => Just(Op::Play(Input::NewGame)),
        2 => Just(Op::Play(Input::KeepPlaying)),
        3 => Just(Op::Undo),
        2 => Just(Op::Redo),
    ]
}

/// Where the game that the board after `i` of `inputs` is in ends, read
/// input by input: at its New Game, or at the last input.
fn game_end(inputs: &[Input], i: usize) -> usize {
    inputs[i..]
        .iter()
        .position(|&input| input == Input::NewGame)
        .map_or(inputs.len(), |n| i + n)
}

/// Small boards and low targets: games that win, lose and restart within a
/// few hundred inputs.
fn config() -> impl Strategy<Value = Config> {
    let target = prop_oneof![Just(None), Just(Some(8)), Just(Some(16)), Just(Some(2048))];
    (2u8..=5, 2u8..=5, target).prop_map(|(w, h, t)| Config::new(w, h, t).expect("a valid config"))
}

fn session() -> impl Strategy<Value = (Config, u64, Vec<Op>)> {
    (config(), any::<u64>(), prop::collection::vec(op(), 0..300))
}

/// The history after `ops`.
fn play(config: Config, seed: u64, ops: &[Op]) -> History {
    let mut history = History::new(config, seed);
    for &op in ops {
        match op {
            Op::Play(input) => history.apply(input),
            Op::Undo => history.undo(),
            Op::Redo => history.redo(),
        };
    }
    history
}

/// The state after the first `i` inputs, folded from the seed with `step`.
fn fold(config: Config, seed: u64, inputs: &[Input]) -> State {
    inputs
        .iter()
        .fold(State::new(config, seed), |s, &input| step(input, &s))
}

/// A long session, `n` inputs that all change the state: random moves,
/// Keep Playing after a win, New Game after a loss.
fn long_session(config: Config, seed: u64, n: usize) -> History {
    let mut history = History::new(config, seed);
    let mut roll = seed;
    while history.len() < n {
        roll = roll
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let input = match history.present().status {
            Status::Won => Input::KeepPlaying,
            Status::Over => Input::NewGame,
            _ => Input::Move(Direction::ALL[(roll >> 62) as usize]),
        };
        history.apply(input);
    }
    history
}

/// The persisted form as the page writes it, with serde-json-core into a
/// buffer of one byte an input plus 16 KiB (room for the largest start
/// state, an 8×8 board mid-merge, about 8 KB).
fn core_json(history: &History) -> String {
    let mut buf = vec![0u8; history.len() + 16 * 1024];
    let len = serde_json_core::to_slice(history, &mut buf).expect("fits");
    buf.truncate(len);
    String::from_utf8(buf).unwrap()
}

fn cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        // No regression files: this suite writes nothing into the tree.
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

/// `a` and `b` are equal and stay equal through 40 undos (or as many as
/// there are) and every redo after them.
#[track_caller]
fn assert_same_future(a: &mut History, b: &mut History) {
    assert_eq!(a, b);
    for _ in 0..40 {
        assert_eq!(a.undo(), b.undo());
        assert_eq!(a.present(), b.present());
    }
    while a.redo() {
        assert!(b.redo());
        assert_eq!(a.present(), b.present());
    }
    assert!(!b.can_redo());
}

// ---------------------------------------------------------------------------
// Undo and redo

proptest! {
    #![proptest_config(cases(96))]

    #[test]
    fn undo_after_apply_restores_the_exact_state_and_redo_restores_the_next(
        (config, seed, ops) in session()
    ) {
        let mut history = History::new(config, seed);
        for op in ops {
            let before = history.present().clone();
            let len = history.len();
            match op {
                Op::Play(input) => {
                    let after = step(input, &before);
                    let applied = history.apply(input);
                    prop_assert_eq!(applied, after != before, "recorded iff it changed the state");
                    prop_assert_eq!(history.present(), &after);
                    if applied {
                        prop_assert!(history.undo());
                        prop_assert_eq!(history.present(), &before, "undo after {:?}", input);
                        prop_assert!(history.redo());
                        prop_assert_eq!(history.present(), &after, "redo of {:?}", input);
                    } else {
                        prop_assert_eq!(history.len(), len, "a no-op input is not history");
                    }
                }
                Op::Undo => {
                    let could = history.can_undo();
                    prop_assert_eq!(history.undo(), could, "undo works when there is one");
                    if could {
                        prop_assert!(history.redo());
                        prop_assert_eq!(history.present(), &before, "redo after undo");
                        prop_assert!(history.undo());
                    } else {
                        prop_assert_eq!(history.present(), &before);
                    }
                }
                Op::Redo => {
                    if history.redo() {
                        prop_assert!(history.undo());
                        prop_assert_eq!(history.present(), &before, "undo after redo");
                        prop_assert!(history.redo());
                    } else {
                        prop_assert_eq!(history.present(), &before);
                        prop_assert!(!history.can_redo());
                    }
                }
            }
            prop_assert_eq!(history.len(), history.inputs().len());
            prop_assert!(history.cursor() <= history.len());
        }
    }

    #[test]
    fn apply_after_undo_drops_the_redo_tail(
        (config, seed, ops) in session(),
        back in 1usize..80,
    ) {
        let mut history = play(config, seed, &ops);
        let back = back.min(history.cursor());
        for _ in 0..back {
            prop_assert!(history.undo());
        }
        let kept = history.inputs()[..history.cursor()].to_vec();
        // New Game always changes the state, so it always branches.
        prop_assert!(history.apply(Input::NewGame));
        prop_assert!(!history.can_redo());
        prop_assert_eq!(history.len(), history.cursor());
        prop_assert_eq!(&history.inputs()[..kept.len()], &kept[..]);
        prop_assert_eq!(history.inputs().last(), Some(&Input::NewGame));
        prop_assert_eq!(history.verify(), Ok(()));
    }

    #[test]
    fn branch_at_makes_that_state_the_present_and_forgets_the_rest(
        (config, seed, ops) in session(),
        at in any::<prop::sample::Index>(),
    ) {
        let mut history = play(config, seed, &ops);
        let i = at.index(history.len() + 1);
        let then = history.state_at(i).expect("i <= len");
        prop_assert!(history.branch_at(i));
        prop_assert_eq!(history.present(), &then);
        prop_assert_eq!((history.cursor(), history.len()), (i, i));
        prop_assert_eq!(history.verify(), Ok(()));
        prop_assert!(!history.branch_at(i + 1), "no state after the last input");
    }
}

#[test]
fn an_accidental_new_game_is_one_undo_away() {
    let mut history = long_session(Config::default(), 2048, 150);
    let game = history.present().clone();
    assert!(history.apply(Input::NewGame));
    assert_ne!(history.present().board, game.board);
    assert!(history.undo());
    assert_eq!(history.present(), &game);
}

#[test]
fn undo_and_redo_stop_at_the_ends() {
    let mut history = History::new(Config::default(), 1);
    assert!(!history.can_undo() && !history.undo());
    assert!(!history.can_redo() && !history.redo());
    assert!(history.apply(Input::NewGame));
    assert!(!history.redo());
    assert!(history.undo());
    assert!(!history.undo());
    assert_eq!(history.present(), &State::new(Config::default(), 1));
}

#[test]
fn a_no_op_input_is_not_history() {
    let mut history = History::new(Config::default(), 3);
    // Keep Playing means nothing before a win.
    assert!(!history.apply(Input::KeepPlaying));
    assert!(history.is_empty());
    // Of the four moves on a fresh board, some move the two tiles.
    let moved = [Up, Down, Left, Right]
        .into_iter()
        .filter(|&d| history.clone().apply(Input::Move(d)))
        .count();
    assert!(moved > 0);
}

#[test]
fn seek_moves_the_cursor_and_keeps_every_input() {
    let mut history = long_session(Config::default(), 5, 300);
    let inputs = history.inputs().to_vec();
    for i in [0, 1, 63, 64, 65, 200, 300, 17] {
        assert!(history.seek(i));
        assert_eq!(history.cursor(), i);
        assert_eq!(history.inputs(), &inputs[..]);
        assert_eq!(history.present(), &fold(Config::default(), 5, &inputs[..i]));
    }
    assert!(!history.seek(301));
    assert_eq!(history.cursor(), 17);
}

// ---------------------------------------------------------------------------
// Time travel

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn state_at_is_the_fold_of_the_inputs_from_the_seed(
        (config, seed, ops) in session(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..6),
    ) {
        let history = play(config, seed, &ops);
        prop_assert_eq!(history.state_at(history.len() + 1), None);
        prop_assert_eq!(history.score_at(history.len() + 1), None);
        for pick in picks {
            let i = pick.index(history.len() + 1);
            let direct = fold(config, seed, &history.inputs()[..i]);
            prop_assert_eq!(history.score_at(i), Some(direct.score));
            prop_assert_eq!(history.moves_at(i), Some(direct.moves));
            prop_assert_eq!(history.game_end(i), game_end(history.inputs(), i), "the game after {} inputs", i);
            prop_assert_eq!(history.state_at(i), Some(direct), "state after {} inputs", i);
        }
        prop_assert_eq!(
            history.present(),
            &fold(config, seed, &history.inputs()[..history.cursor()])
        );
    }

    #[test]
    fn verify_agrees_with_an_untouched_history(
        (config, seed, ops) in session()
    ) {
        prop_assert_eq!(play(config, seed, &ops).verify(), Ok(()));
    }

    #[test]
    fn verify_names_the_first_tampered_state(
        seed in any::<u64>(),
        len in 1usize..400,
        what in 0u8..3,
        at in any::<prop::sample::Index>(),
    ) {
        let mut history = long_session(Config::new(4, 4, Some(64)).unwrap(), seed, len);
        history.seek(at.index(len + 1));
        let cursor = history.cursor();
        let (checkpoints, present, scores) = history.stored_mut_for_tests();
        let expected = match what {
            0 => {
                let k = at.index(checkpoints.len());
                checkpoints[k].rng = State::new(Config::default(), seed ^ 1).rng;
                k * CHECKPOINT_EVERY
            }
            1 => {
                present.score += 2;
                cursor
            }
            _ => {
                let j = at.index(scores.len());
                scores[j] += 4;
                j + 1
            }
        };
        prop_assert_eq!(history.verify(), Err(expected));
    }
}

#[test]
fn verify_notices_a_start_that_is_not_the_seeds() {
    let mut history = long_session(Config::default(), 9, 10);
    history.stored_mut_for_tests().0[0].score = 2;
    assert_eq!(history.verify(), Err(0));
}

// ---------------------------------------------------------------------------
// Persisted form

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn the_persisted_form_round_trips_with_the_same_undo_and_redo(
        (config, seed, ops) in session()
    ) {
        let mut history = play(config, seed, &ops);
        let json = serde_json::to_string(&history).unwrap();
        // The page writes saves with serde-json-core: the same text.
        prop_assert_eq!(&core_json(&history), &json);
        let mut back: History = serde_json::from_str(&json).unwrap();
        // The page reads saves with serde-json-core: it must read this too.
        let (mut core, _): (History, usize) = serde_json_core::from_str(&json).unwrap();
        let mut again = history.clone();
        assert_same_future(&mut back, &mut history);
        assert_same_future(&mut core, &mut again);
    }
}

#[test]
fn the_persisted_form_is_the_seed_and_one_character_an_input() {
    let config = Config::new(4, 4, Some(8)).unwrap();
    let mut history = History::new(config, 7);
    let inputs = [
        Input::Move(Left),
        Input::Move(Up),
        Input::NewGame,
        Input::Move(Right),
    ];
    for input in inputs {
        assert!(history.apply(input), "{input:?}");
    }
    history.undo();
    assert_eq!(
        serde_json::to_string(&history).unwrap(),
        r#"{"config":{"width":4,"height":4,"target":8},"seed":7,"inputs":"LUNR","cursor":3}"#
    );
    assert_eq!(
        history,
        History::from_parts(config, 7, Luck::Drawn, &inputs, 3).unwrap()
    );
}

#[test]
fn from_parts_refuses_what_no_history_records() {
    let config = Config::default();
    let refused =
        |inputs: &[Input], cursor| History::from_parts(config, 1, Luck::Drawn, inputs, cursor);
    assert_eq!(
        refused(&[Input::KeepPlaying], 0),
        Err(HistoryError::NoEffect(0)),
        "Keep Playing before a win changes nothing"
    );
    assert_eq!(
        refused(&[Input::NewGame], 2),
        Err(HistoryError::CursorPastEnd)
    );
    assert_eq!(
        refused(&[Input::NewGame, Input::NewGame, Input::KeepPlaying], 3),
        Err(HistoryError::NoEffect(2))
    );
    let huge = vec![Input::NewGame; MAX_INPUTS + 1];
    let started = Instant::now();
    assert_eq!(refused(&huge, 0), Err(HistoryError::TooLong));
    assert!(
        started.elapsed().as_millis() < 50,
        "refused before replaying"
    );
    let bad = Config {
        width: 9,
        ..Config::default()
    };
    assert_eq!(
        History::from_parts(bad, 1, Luck::Drawn, &[], 0),
        Err(HistoryError::BadConfig)
    );
    let bad = Config {
        target: Some(100),
        ..Config::default()
    };
    assert_eq!(
        History::from_parts(bad, 1, Luck::Drawn, &[], 0),
        Err(HistoryError::BadConfig)
    );
}

#[test]
fn a_persisted_form_no_history_writes_is_refused() {
    let config = r#""config":{"width":4,"height":4,"target":2048}"#;
    let read = |json: &str| serde_json::from_str::<History>(json).map_err(|e| e.to_string());
    assert!(read(&format!(r#"{{{config},"seed":1,"inputs":"","cursor":0}}"#)).is_ok());
    for (json, why) in [
        (
            format!(r#"{{{config},"seed":1,"inputs":"NX","cursor":0}}"#),
            "character 1 is not an input",
        ),
        (
            format!(r#"{{{config},"seed":1,"inputs":"NN","cursor":3}}"#),
            "cursor past the last input",
        ),
        (
            format!(r#"{{{config},"seed":1,"inputs":"NK","cursor":1}}"#),
            "input 1 changes nothing",
        ),
        (
            format!(r#"{{{config},"inputs":"","cursor":0}}"#),
            "no seed, or no single start",
        ),
        (
            r#"{"config":{"width":1,"height":4,"target":null},"seed":1,"inputs":"","cursor":0}"#
                .to_string(),
            "a board size or target out of range",
        ),
        (
            format!(
                r#"{{{config},"seed":1,"inputs":"{}","cursor":0}}"#,
                "N".repeat(MAX_INPUTS + 1)
            ),
            "too many inputs",
        ),
    ] {
        let err = read(&json).expect_err(why);
        assert!(err.contains(why), "{err:?} should say {why:?}");
    }
}

// ---------------------------------------------------------------------------
// Size

#[test]
fn ten_thousand_inputs_apply_undo_and_list_quickly() {
    let config = Config::default();
    let started = Instant::now();
    let mut history = long_session(config, 10_000, 10_000);
    let applied = started.elapsed();

    let started = Instant::now();
    for _ in 0..1_000 {
        assert!(history.undo());
    }
    let undone = started.elapsed();
    let started = Instant::now();
    for _ in 0..1_000 {
        assert!(history.redo());
    }
    let redone = started.elapsed();

    let started = Instant::now();
    let rows: u64 = (0..=history.len())
        .map(|i| history.score_at(i).unwrap())
        .fold(0, u64::wrapping_add);
    let listed = started.elapsed();
    assert!(rows > 0);

    let started = Instant::now();
    assert_eq!(history.verify(), Ok(()));
    let verified = started.elapsed();
    eprintln!(
        "10 000 inputs: apply {:.1} µs each, undo {:.1} µs, redo {:.1} µs, \
         10 001 scores listed in {:.2} ms, verify {:.1} ms (this build's profile)",
        applied.as_secs_f64() * 1e6 / 10_000.0,
        undone.as_secs_f64() * 1e6 / 1_000.0,
        redone.as_secs_f64() * 1e6 / 1_000.0,
        listed.as_secs_f64() * 1e3,
        verified.as_secs_f64() * 1e3,
    );
}

#[test]
fn a_full_history_forgets_its_oldest_inputs_and_keeps_its_laws() {
    // 2×2 boards: the cheapest steps, so this runs in a debug build.
    let config = Config::new(2, 2, None).unwrap();
    let mut history = long_session(config, 42, MAX_INPUTS);
    assert_eq!(history.len(), MAX_INPUTS);
    assert_eq!(history.seed(), Some(42));
    let kept_from = history.state_at(FORGET).unwrap();
    let kept = history.inputs()[FORGET..].to_vec();
    let last = history.present().clone();

    let input = [Input::NewGame, Input::Move(Up), Input::Move(Down)]
        .into_iter()
        .find(|&i| step(i, &last) != last)
        .unwrap();
    assert!(history.apply(input));
    assert_eq!(history.len(), MAX_INPUTS + 1 - FORGET);
    assert_eq!(history.seed(), None, "the seed's game is forgotten");
    assert_eq!(history.state_at(0), Some(kept_from));
    assert_eq!(&history.inputs()[..kept.len()], &kept[..]);
    assert!(history.undo());
    assert_eq!(history.present(), &last);
    assert!(history.redo());
    assert_eq!(history.verify(), Ok(()));
    for i in [0, 1, FORGET, history.len() / 2, history.len()] {
        let state = history.state_at(i).unwrap();
        assert_eq!(
            history.moves_at(i),
            Some(state.moves),
            "moves after {i} inputs"
        );
        assert_eq!(
            history.game_end(i),
            game_end(history.inputs(), i),
            "the game after {i} inputs"
        );
    }

    // It persists as its start state and reads back the same (its counts
    // kept as it forgot, as a replay counts them).
    let json = serde_json::to_string(&history).unwrap();
    assert!(json.starts_with(r#"{"start":{"#), "{}", &json[..80]);
    assert_eq!(core_json(&history), json);
    let (core, _): (History, usize) = serde_json_core::from_str(&json).unwrap();
    assert_eq!(core, history);
    let back: History = serde_json::from_str(&json).unwrap();
    assert_eq!(back, history);
}

#[test]
fn a_session_of_the_same_luck_says_so_and_keeps_it() {
    let mut same = History::with_luck(Config::default(), 11, Luck::Same);
    for input in [
        Input::Move(Direction::Left),
        Input::Move(Direction::Up),
        Input::NewGame,
        Input::Move(Direction::Right),
    ] {
        same.apply(input);
    }
    assert_eq!(same.luck(), Luck::Same);
    assert_eq!(same.present().luck, Luck::Same, "a New Game keeps the luck");
    let json = serde_json::to_string(&same).unwrap();
    assert!(json.contains(r#""luck":"Same""#), "{json}");
    assert_eq!(serde_json::from_str::<History>(&json).unwrap(), same);
    // A session of the first rules is written as it always was.
    let drawn = History::new(Config::default(), 11);
    let json = serde_json::to_string(&drawn).unwrap();
    assert_eq!(
        json,
        r#"{"config":{"width":4,"height":4,"target":2048},"seed":11,"inputs":"","cursor":0}"#
    );
}
