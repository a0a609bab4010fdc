//! The deck of positions to practise (`session::deck`) and its storage
//! (`save::encode_deck`, `decode_deck`): Leitner's boxes as tables of the
//! box a card is in, the answer and the day it is next asked; which card
//! goes when the deck is full; every corruption of a stored deck refused
//! for its reason; and, as properties, any sequence of adds and answers
//! leaves a deck that validates, fits and comes back from storage.

use std::time::Instant;

use leptos_2048::ai::review::{judge, Assessment, Verdict, CERTAIN};
use leptos_2048::engine::{
    step, Board, Config, Direction, Input, Origin, Pos, Source, State, Status, Tile, TileId, Turn,
};
use leptos_2048::session::daily::Day;
use leptos_2048::session::deck::{Card, Deck, BOX_DAYS, MAX_CARDS};
use leptos_2048::session::save::{
    decode_deck, encode_deck, Invalid, MAX_CARD_LEN, MAX_DECK_LEN, RECORD_VERSION,
};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The day `y-m-d`.
fn day(y: i32, m: u8, d: u8) -> Day {
    Day::new(y, m, d).expect("a day of the calendar")
}

/// The day the tables are played on.
fn today() -> Day {
    day(2026, 11, 29)
}

/// Whether `dir` changes `state`'s board.
fn moves(state: &State, dir: Direction) -> bool {
    step(Input::Move(dir), state) != *state
}

/// A 4×4 game from `seed`, `n` moves in (each the first direction, in
/// [`Direction::ALL`]'s order turned by the move's number, that leaves the
/// game going), or fewer if no move does: a board some move changes.
fn position(seed: u64, n: usize) -> State {
    let mut state = State::new(Config::default(), seed);
    for i in 0..n {
        let Some(next) = (0..4)
            .map(|k| step(Input::Move(Direction::ALL[(i + k) % 4]), &state))
            .find(|next| *next != state && next.accepts_moves())
        else {
            break;
        };
        state = next;
    }
    state
}

/// A game on `picture`, later tiles from a fixed seed.
fn pictured(picture: &str) -> State {
    let board: Board = picture.parse().expect("a board's picture");
    State::from_board(board, 7)
}

/// The review's assessment of `state` as the review would make it: a
/// chance for each move that changes the board (`chances`, in
/// [`Direction::ALL`] order), its pick the move of the most, the target
/// twice the top tile, no move ending the game.
fn assessment(state: &State, chances: [i32; 4]) -> Assessment {
    let values = Direction::ALL.map(|d| moves(state, d).then_some(chances[d as usize]));
    let best = Direction::ALL
        .into_iter()
        .filter(|&d| values[d as usize].is_some())
        .max_by_key(|&d| (values[d as usize], std::cmp::Reverse(d as usize)))
        .expect("a board some move changes");
    Assessment {
        best,
        target: state.board.max_value().trailing_zeros() as u8 + 1,
        values,
        ends: 0,
    }
}

/// The verdict on the worst move played on `state` (or its only one).
fn verdict(state: &State) -> Verdict {
    let a = assessment(state, [9_000, 7_500, 6_000, 4_000]);
    let worst = Direction::ALL
        .into_iter()
        .filter(|&d| a.values[d as usize].is_some())
        .min_by_key(|&d| a.values[d as usize])
        .expect("a board some move changes");
    judge(&a, worst)
}

/// A deck of the positions of games from `seeds`, each 3 moves in, added
/// on `on` (as move 4).
fn deck_of(seeds: impl IntoIterator<Item = u64>, on: Day) -> Deck {
    let mut deck = Deck::default();
    for seed in seeds {
        let state = position(seed, 3);
        assert!(
            deck.add(state.clone(), verdict(&state), 4, on),
            "seed {seed}"
        );
    }
    deck
}

/// `deck` with its card at `index` answered right `times` times (on
/// `today()`), so that it is in box `times` (at most the last).
fn raised(mut deck: Deck, index: usize, times: usize) -> Deck {
    for _ in 0..times {
        deck.answered(index, true, today());
    }
    deck
}

// ---------------------------------------------------------------------------
// Leitner's boxes.

#[test]
fn a_new_card_is_in_the_first_box_and_due_the_day_it_joins() {
    let deck = deck_of([1], today());
    let card = &deck.cards()[0];
    assert_eq!(
        (card.slot, card.due, card.added, card.number),
        (0, today(), 1, 4)
    );
    assert_eq!(deck.due(today()), vec![0]);
    assert_eq!(deck.due(day(2026, 11, 28)), Vec::<usize>::new());
}

#[test]
fn a_right_answer_moves_a_card_up_a_box_and_a_wrong_one_back_to_the_first() {
    // box  answer  box after  next asked (answered on 29 November 2026)
    let rows: &[(usize, bool, u8, Day)] = &[
        (0, true, 1, day(2026, 12, 1)),   // in 2 days
        (0, false, 0, day(2026, 11, 30)), // tomorrow
        (1, true, 2, day(2026, 12, 3)),   // in 4 days
        (1, false, 0, day(2026, 11, 30)),
        (2, true, 3, day(2026, 12, 7)),  // in 8 days
        (3, true, 4, day(2026, 12, 15)), // in 16 days: learned
        (3, false, 0, day(2026, 11, 30)),
        (4, true, 4, day(2026, 12, 15)), // the last box stays the last
        (4, false, 0, day(2026, 11, 30)),
    ];
    for &(slot, right, after, due) in rows {
        let mut deck = raised(deck_of([1], today()), 0, slot);
        assert_eq!(deck.cards()[0].slot as usize, slot);
        deck.answered(0, right, today());
        let card = &deck.cards()[0];
        assert_eq!(
            (card.slot, card.due),
            (after, due),
            "box {slot}, right {right}"
        );
    }
    assert_eq!(BOX_DAYS, [1, 2, 4, 8, 16]);
}

#[test]
fn the_next_day_asked_crosses_months_years_and_leap_days() {
    // answered on     box  answer  next asked
    let rows: &[(Day, usize, bool, Day)] = &[
        (day(2026, 12, 31), 0, true, day(2027, 1, 2)),
        (day(2026, 12, 31), 0, false, day(2027, 1, 1)),
        (day(2028, 2, 27), 1, true, day(2028, 3, 2)), // 2028 is a leap year
        (day(2027, 2, 27), 1, true, day(2027, 3, 3)),
        (day(2026, 12, 20), 4, true, day(2027, 1, 5)),
    ];
    for &(on, slot, right, due) in rows {
        let mut deck = raised(deck_of([1], on), 0, slot);
        deck.answered(0, right, on);
        assert_eq!(
            deck.cards()[0].due,
            due,
            "on {on:?}, box {slot}, right {right}"
        );
    }
}

#[test]
fn an_answer_to_no_card_changes_nothing() {
    let deck = deck_of([1, 2], today());
    let mut answered = deck.clone();
    answered.answered(2, true, today());
    answered.answered(usize::MAX, false, today());
    assert_eq!(answered, deck);
}

#[test]
fn the_cards_due_are_the_longest_waiting_first() {
    // Cards joining on these days, in this order; due on 29 November:
    //   #0 20 Nov, #1 18 Nov, #2 25 Nov, #3 18 Nov, #4 30 Nov (not yet), #5 29 Nov.
    let days = [
        day(2026, 11, 20),
        day(2026, 11, 18),
        day(2026, 11, 25),
        day(2026, 11, 18),
        day(2026, 11, 30),
        day(2026, 11, 29),
    ];
    let mut deck = Deck::default();
    for (seed, &on) in days.iter().enumerate() {
        let state = position(seed as u64, 3);
        assert!(deck.add(state.clone(), verdict(&state), 4, on));
    }
    // the earliest due first; of two due the same day, the first to join
    assert_eq!(deck.due(today()), vec![1, 3, 0, 2, 5]);
    assert_eq!(deck.due(day(2026, 11, 18)), vec![1, 3]);
    assert_eq!(deck.due(day(2026, 12, 1)), vec![1, 3, 0, 2, 5, 4]);
    // #1 answered right waits two days; #3 answered wrong, tomorrow.
    deck.answered(1, true, today());
    deck.answered(3, false, today());
    assert_eq!(deck.due(today()), vec![0, 2, 5]);
    // #3 and #4 due on 30 November: #3 joined first.
    assert_eq!(deck.due(day(2026, 11, 30)), vec![0, 2, 5, 3, 4]);
    assert_eq!(deck.due(day(2026, 12, 1)), vec![0, 2, 5, 3, 4, 1]);
}

#[test]
fn a_card_in_the_last_box_is_learned() {
    let mut deck = deck_of(0..4, today());
    assert_eq!(deck.learned(), 0);
    deck = raised(deck, 1, 4);
    deck = raised(deck, 2, 3);
    assert_eq!(deck.learned(), 1);
    deck = raised(deck, 2, 9);
    assert_eq!(deck.learned(), 2);
    deck.answered(1, false, today());
    assert_eq!((deck.learned(), deck.len(), deck.is_empty()), (1, 4, false));
    assert!(Deck::default().is_empty());
}

// ---------------------------------------------------------------------------
// Adding cards.

#[test]
fn a_position_already_in_the_deck_is_refused() {
    let state = position(5, 6);
    let mut deck = deck_of([5], today());
    let before = deck.clone();
    // position         added
    let rows: Vec<(&str, State, bool)> = vec![
        ("the same state", position(5, 3), false),
        (
            "the same tiles and generator, other ids and score",
            {
                let mut s = position(5, 3);
                let tiles: Vec<Tile> = s.board.tiles().copied().collect();
                let mut board = Board::empty(4, 4);
                for (i, t) in tiles.into_iter().enumerate() {
                    board.put(Tile {
                        id: TileId(100 + i as u32),
                        origin: Origin::Spawned,
                        ..t
                    });
                }
                s.board = board;
                s.next_id = 200;
                s.score += 4;
                s
            },
            false,
        ),
        (
            "the same tiles, another generator",
            {
                let mut s = position(5, 3);
                s.rng = position(6, 0).rng;
                s
            },
            true,
        ),
        ("another position of the same game", state, true),
    ];
    for (what, state, added) in rows {
        let mut deck = before.clone();
        let v = verdict(&state);
        assert_eq!(deck.add(state, v, 9, today()), added, "{what}");
        assert_eq!(deck.len(), 1 + usize::from(added), "{what}");
        if !added {
            assert_eq!(deck, before, "{what}: nothing changes");
        }
    }
    // Refused whatever its verdict, number and day.
    let again = position(5, 3);
    let other = judge(&assessment(&again, [1, 2, 3, 4]), Direction::Left);
    assert!(!deck.add(again, other, 2, day(2027, 1, 1)));
    assert_eq!(deck, before);
}

#[test]
fn a_full_deck_lets_its_oldest_learned_card_go_or_else_its_oldest() {
    let full = deck_of(0..MAX_CARDS as u64, today());
    assert_eq!(full.len(), MAX_CARDS);
    let last = position(10_000, 3);
    // learned cards (by index)     the 501st card pushes out the card added
    let rows: &[(&[usize], u32)] = &[
        (&[], 1),          // none learned: the oldest
        (&[7], 8),         // the one learned
        (&[9, 4, 300], 5), // the oldest learned, not the first one learned
        (&[0, 499], 1),
    ];
    for &(learned, gone) in rows {
        let mut deck = full.clone();
        for &i in learned {
            deck = raised(deck, i, 4);
        }
        // A box below the last is not learned.
        deck = raised(deck, 2, 3);
        assert!(deck.add(last.clone(), verdict(&last), 4, today()));
        assert_eq!(deck.len(), MAX_CARDS, "learned {learned:?}");
        let added: Vec<u32> = deck.cards().iter().map(|c| c.added).collect();
        assert!(!added.contains(&gone), "learned {learned:?}: #{gone} went");
        assert_eq!(
            added.len() - 1,
            (1..=MAX_CARDS as u32 + 1)
                .filter(|a| added.contains(a))
                .count()
                - 1
        );
        assert_eq!(*added.last().unwrap(), MAX_CARDS as u32 + 1);
        assert_eq!(deck.validate(), Ok(()));
    }
}

// ---------------------------------------------------------------------------
// Storage.

/// `deck` as serde_json sees it, to be damaged by hand.
fn value_of(deck: &Deck) -> Value {
    serde_json::from_str(&encode_deck(deck)).expect("the deck's JSON")
}

/// `record` (a stored deck's JSON, edited) read back: as a `Deck` through
/// serde_json, validated, and through `decode_deck`, which must refuse it
/// as impossible for the same reason.
fn refused_for(record: &Value) -> String {
    let deck: Deck = serde_json::from_value(record["value"].clone()).expect("a deck's shape");
    let why = deck.validate().expect_err("a corrupt deck");
    assert_eq!(
        decode_deck(&record.to_string()),
        Err(Invalid::Impossible(why.clone()))
    );
    why
}

/// A deck of two cards on `state` and another position, the first's
/// card changed by `edit`, as stored.
fn with_card(state: &State, edit: impl FnOnce(&mut Card)) -> Value {
    let mut deck = Deck::default();
    deck.add(state.clone(), verdict(state), 1, today());
    let other = position(99, 8);
    deck.add(other.clone(), verdict(&other), 9, today());
    let mut record = value_of(&deck);
    let mut card: Card = serde_json::from_value(record["value"]["cards"][0].clone()).unwrap();
    edit(&mut card);
    record["value"]["cards"][0] = serde_json::to_value(&card).unwrap();
    record
}

/// The verdict on `card`'s move played, judged again against its
/// assessment changed by `edit`.
fn rejudged(edit: impl FnOnce(&mut Assessment)) -> impl FnOnce(&mut Card) {
    move |card| {
        let mut a = card.verdict.assessment();
        edit(&mut a);
        card.verdict = judge(&a, card.verdict.played);
    }
}

#[test]
fn every_corruption_of_a_card_is_refused_for_its_reason() {
    // Every move changes this board; on the other, up changes nothing.
    let state = pictured("2 . . . / . . . . / 4 . . 2 / . . . 2");
    let stuck_up = pictured("2 4 8 2 / 4 2 4 8 / . . . . / . . . .");
    assert!(Direction::ALL.into_iter().all(|d| moves(&state, d)));
    assert!(!moves(&stuck_up, Direction::Up));
    let mut big = pictured("65536 . . . / . . . . / . . . . / 2 . . .");
    big.status = Status::Continuing;
    let stuck = stuck_up.clone();
    type Edit = Box<dyn FnOnce(&mut Card)>;
    // the card  what was done to it                                  why it is refused
    let rows: Vec<(&State, Edit, &str)> = vec![
        (&state, Box::new(|c| c.slot = 5), "a card in box 5"),
        (&state, Box::new(|c| c.slot = 255), "a card in box 255"),
        (
            &state,
            Box::new(|c| {
                c.due = Day {
                    year: 2026,
                    month: 2,
                    day: 29,
                }
            }),
            "no calendar",
        ),
        (
            &state,
            Box::new(|c| {
                c.due = Day {
                    year: 2026,
                    month: 13,
                    day: 1,
                }
            }),
            "no calendar",
        ),
        (
            &state,
            Box::new(|c| {
                c.due = Day {
                    year: 2026,
                    month: 4,
                    day: 0,
                }
            }),
            "no calendar",
        ),
        (&state, Box::new(|c| c.state.score = 1 << 40), "score"),
        (
            &state,
            Box::new(|c| c.state.config.width = 5),
            "board is 4x4 but the game is 5x4",
        ),
        (
            &state,
            Box::new(move |c| c.state = stuck),
            "moves this board",
        ),
        (
            &state,
            Box::new(|c| c.state = pictured("2 . . / . . . / . . 4")),
            "cannot search",
        ),
        (&state, Box::new(move |c| c.state = big), "cannot search"),
        // A verdict's grade, loss and chances kept are not stored: they are
        // `judge`'s of the stored assessment and move (`StoredCard`), so no
        // stored card can hold others.
        (&state, Box::new(|c| c.verdict.target += 1), "twice the top"),
        (
            &state,
            Box::new(|c| c.verdict.values[0] = None),
            "moves this board",
        ),
        (
            &state,
            Box::new(|c| c.verdict.best = c.verdict.played),
            "not its best",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.target += 1)),
            "twice the top",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.target -= 1)),
            "twice the top",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.values[3] = Some(CERTAIN + 1))),
            "moves this board",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.values[3] = Some(-1))),
            "moves this board",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.values[2] = None)),
            "moves this board",
        ),
        (
            &state,
            Box::new(rejudged(|a| a.ends = 1 << 4)),
            "moves this board",
        ),
        (
            &stuck_up,
            Box::new(rejudged(|a| a.values[0] = Some(10))),
            "moves this board",
        ),
        (
            &stuck_up,
            Box::new(rejudged(|a| a.ends = 1)),
            "moves this board",
        ),
        (
            &stuck_up,
            Box::new(rejudged(|a| a.best = Direction::Up)),
            "moves this board",
        ),
        (
            &stuck_up,
            Box::new(|c| c.verdict = judge(&c.verdict.assessment(), Direction::Up)),
            "moves this board",
        ),
    ];
    for (i, (state, edit, why)) in rows.into_iter().enumerate() {
        let whole = with_card(state, |_| {});
        assert!(
            decode_deck(&whole.to_string()).is_ok(),
            "row {i}: the card before"
        );
        let refused = refused_for(&with_card(state, edit));
        assert!(
            refused.contains(why),
            "row {i}: refused for {refused:?}, not {why:?}"
        );
    }
}

#[test]
fn a_deck_out_of_the_order_its_cards_joined_or_too_big_is_refused() {
    let deck = deck_of(1..=3, today());
    let whole = value_of(&deck);
    assert_eq!(whole["value"]["added"], json!(3));
    assert_eq!(decode_deck(&whole.to_string()), Ok(deck.clone()));
    let added = |n: [u32; 3], count: u32| {
        let mut record = whole.clone();
        for (i, n) in n.into_iter().enumerate() {
            record["value"]["cards"][i]["added"] = json!(n);
        }
        record["value"]["added"] = json!(count);
        record
    };
    // cards' `added`, the deck's count          why it is refused
    let rows: Vec<(Value, &str)> = vec![
        (added([1, 2, 2], 3), "order they joined"), // two cards share one
        (added([1, 3, 2], 3), "order they joined"),
        (added([1, 2, 4], 3), "order they joined"), // past the count
        (added([0, 1, 2], 3), "order they joined"),
        (
            {
                let mut record = whole.clone();
                let card = record["value"]["cards"][0].clone();
                record["value"]["cards"] = Value::Array(vec![card; MAX_CARDS + 1]);
                record
            },
            "too many cards",
        ),
    ];
    for (i, (record, why)) in rows.into_iter().enumerate() {
        let refused = refused_for(&record);
        assert!(
            refused.contains(why),
            "row {i}: refused for {refused:?}, not {why:?}"
        );
    }
    // A count past the last card's is a deck whose newest cards went.
    assert!(decode_deck(&added([1, 2, 3], 70).to_string()).is_ok());
    assert!(decode_deck(&added([5, 60, 61], 70).to_string()).is_ok());
}

#[test]
fn a_stored_deck_damaged_by_hand_is_refused_not_a_panic() {
    let json = encode_deck(&deck_of(1..=2, today()));
    let version = RECORD_VERSION;
    assert!(json.starts_with(&format!("{{\"version\":{version},\"value\":{{\"cards\":[")));
    let malformed = |e: &Result<Deck, Invalid>| matches!(e, Err(Invalid::Malformed(_)));
    // the stored text                               refused as
    type Refused<'a> = &'a dyn Fn(&Result<Deck, Invalid>) -> bool;
    let rows: Vec<(String, Refused)> = vec![
        (json[..json.len() / 2].to_string(), &malformed),
        (json[..json.len() - 1].to_string(), &malformed),
        (String::new(), &malformed),
        ("null".into(), &malformed),
        ("[]".into(), &malformed),
        (r#"{"version":1}"#.into(), &malformed),
        (r#"{"version":1,"value":{"cards":[]}}"#.into(), &malformed),
        (
            r#"{"version":1,"value":{"cards":{},"added":0}}"#.into(),
            &malformed,
        ),
        (json.replacen("\"slot\":0", "\"slot\":-1", 1), &malformed),
        (json.replacen("\"slot\":0", "\"slot\":\"0\"", 1), &malformed),
        (
            json.replacen("\"played\":\"", "\"played\":\"Sideways", 1),
            &malformed,
        ),
        (
            json.replacen("\"due\":{", "\"due\":{\"hour\":3,", 1),
            &|e| e.is_ok(),
        ),
        (
            json.replacen("\"month\":11", "\"month\":300", 1),
            &malformed,
        ),
        (json.replacen("\"version\":1", "\"version\":2", 1), &|e| {
            *e == Err(Invalid::Version(2))
        }),
        (
            format!("{}{}", "[".repeat(100), "]".repeat(100)),
            &malformed,
        ),
        (
            json.clone() + &" ".repeat(MAX_DECK_LEN + 1 - json.len()),
            &malformed,
        ),
    ];
    for (i, (text, refused)) in rows.iter().enumerate() {
        let got = std::panic::catch_unwind(|| decode_deck(text))
            .unwrap_or_else(|_| panic!("row {i}: decode_deck panicked"));
        assert!(refused(&got), "row {i}: {got:?}");
    }
    // An empty deck is a deck.
    let empty = r#"{"version":1,"value":{"cards":[],"added":0}}"#;
    assert_eq!(decode_deck(empty), Ok(Deck::default()));
    assert_eq!(encode_deck(&Deck::default()), empty);
}

#[test]
fn a_full_deck_comes_back_from_storage_unchanged() {
    let mut deck = Deck::default();
    // Cards of every box, from 500 games, added over 50 days.
    for seed in 0..MAX_CARDS as u64 {
        let state = position(seed, 10 + seed as usize % 90);
        let on = (0..seed / 10).fold(day(2026, 10, 1), |d, _| d.next());
        assert!(deck.add(state.clone(), verdict(&state), 11, on));
    }
    for i in 0..MAX_CARDS {
        for k in 0..i % 6 {
            deck.answered(i, k % 5 != 4, today());
        }
    }
    assert_eq!(deck.len(), MAX_CARDS);
    assert!(deck.cards().iter().any(|c| c.slot == 4) && deck.cards().iter().any(|c| c.slot == 0));
    let start = Instant::now();
    let json = encode_deck(&deck);
    let written = start.elapsed();
    let start = Instant::now();
    let read = decode_deck(&json);
    let decoded = start.elapsed();
    assert_eq!(read, Ok(deck.clone()));
    println!(
        "a deck of {} cards: {} bytes ({} a card); written in {written:?}, read and checked in {decoded:?}",
        deck.len(),
        json.len(),
        json.len() / deck.len(),
    );
    assert!(json.len() <= MAX_DECK_LEN);
}

/// The longest card this build could write: a 4×4 board of merged tiles,
/// every number as long as its type allows (no real card is as long).
fn longest_card(n: u64) -> (State, Verdict) {
    let mut board = Board::empty(4, 4);
    let mut id = u32::MAX - 1;
    let mut next = || {
        id -= 1;
        TileId(id)
    };
    for y in 0..4 {
        for x in 0..4 {
            let pos = Pos::new(x, y);
            let from = [next(), next()].map(|id| Source { id, from: pos });
            board.put(Tile {
                id: next(),
                value: 1 << (62 + (x + y) % 2),
                pos,
                origin: Origin::Merged { from },
            });
        }
    }
    let mut state = State::new(Config::new(4, 4, Some(1 << 63)).unwrap(), n);
    state.board = board;
    state.score = u64::MAX;
    state.moves = u32::MAX;
    state.next_id = u32::MAX;
    state.last = Some(Turn {
        direction: Direction::Right,
        gained: u64::MAX,
        merged: vec![1 << 63; 8],
    });
    let a = Assessment {
        best: Direction::Right,
        target: u8::MAX,
        values: [Some(-1_000_000_000); 4],
        ends: u8::MAX,
    };
    let mut v = judge(&a, Direction::Down);
    v.loss = -f32::MAX;
    (state, v)
}

#[test]
fn the_longest_deck_this_build_writes_fits_its_reader() {
    let mut deck = Deck::default();
    let far = Day {
        year: i32::MIN,
        month: 12,
        day: 31,
    };
    for n in 0..MAX_CARDS as u64 {
        let (state, v) = longest_card(n);
        assert!(deck.add(state, v, u32::MAX, far));
    }
    let json = encode_deck(&deck);
    println!(
        "the longest deck: {} bytes, {} a card",
        json.len(),
        json.len() / MAX_CARDS
    );
    assert!(json.len() / MAX_CARDS < MAX_CARD_LEN);
    assert!(json.len() <= MAX_DECK_LEN);
    // Read in full, and refused only by its checks.
    assert!(matches!(decode_deck(&json), Err(Invalid::Impossible(_))));
}

#[test]
fn a_deck_s_cost_stays_small_when_full() {
    let mut deck = deck_of(0..MAX_CARDS as u64 - 1, today());
    let state = position(7_777, 3);
    let v = verdict(&state);
    let start = Instant::now();
    assert!(deck.add(state.clone(), v, 4, today()));
    let add = start.elapsed();
    let start = Instant::now();
    assert!(!deck.add(state.clone(), v, 4, today()));
    let refused = start.elapsed();
    let extra = position(8_888, 3);
    let start = Instant::now();
    assert!(deck.add(extra.clone(), verdict(&extra), 4, today()));
    let past_full = start.elapsed();
    let start = Instant::now();
    let due = deck.due(today());
    let listed = start.elapsed();
    let start = Instant::now();
    deck.answered(due[0], true, today());
    let answered = start.elapsed();
    let start = Instant::now();
    deck.validate().unwrap();
    let checked = start.elapsed();
    println!(
        "{} cards: add {add:?}, a duplicate refused {refused:?}, add past full {past_full:?}, \
         due {listed:?}, answered {answered:?}, validate {checked:?}",
        deck.len()
    );
    assert_eq!((deck.len(), due.len()), (MAX_CARDS, MAX_CARDS));
}

// ---------------------------------------------------------------------------
// Properties.

/// One thing done to a deck.
#[derive(Clone, Debug)]
enum Op {
    /// Adds position `moves` of game `seed`, its move `played` (an index
    /// into the moves that change the board) judged against chances
    /// `chances`.
    Add {
        seed: u64,
        moves: usize,
        chances: [i32; 4],
        played: usize,
    },
    /// Answers card `index` (past the deck's end too).
    Answer { index: usize, right: bool },
    /// The next day.
    Sleep { days: u32 },
}

fn any_op(seeds: u64) -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (0..seeds, 0..40usize, [0..=CERTAIN, 0..=CERTAIN, 0..=CERTAIN, 0..=CERTAIN], 0..4usize)
            .prop_map(|(seed, moves, chances, played)| Op::Add { seed, moves, chances, played }),
        3 => (0..600usize, any::<bool>()).prop_map(|(index, right)| Op::Answer { index, right }),
        1 => (0..20u32).prop_map(|days| Op::Sleep { days }),
    ]
}

/// Does `op` to `deck` on `day`, checking what it did.
fn apply(deck: &mut Deck, day: &mut Day, op: &Op) {
    match *op {
        Op::Add {
            seed,
            moves: n,
            chances,
            played,
        } => {
            let state = position(seed, n);
            let a = assessment(&state, chances);
            let movable: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|&d| moves(&state, d))
                .collect();
            let played = movable[played % movable.len()];
            let held = deck.cards().iter().any(|c| c.state == state);
            let before = deck.len();
            let added = deck.add(state, judge(&a, played), n as u32 + 1, *day);
            assert!(!(held && added), "a position added twice");
            if added {
                assert_eq!(deck.len(), (before + 1).min(MAX_CARDS));
                assert_eq!(deck.cards().last().unwrap().due, *day);
            }
        }
        Op::Answer { index, right } => {
            let before = deck.cards().get(index).map(|c| c.slot);
            deck.answered(index, right, *day);
            if let Some(slot) = before {
                let card = &deck.cards()[index];
                let box_after = if right { (slot + 1).min(4) } else { 0 };
                assert_eq!(card.slot, box_after);
                let days = BOX_DAYS[usize::from(box_after)];
                assert_eq!(card.due, (0..days).fold(*day, |d, _| d.next()));
                assert!(deck.due(*day).iter().all(|&i| i != index));
            }
        }
        Op::Sleep { days } => *day = (0..days).fold(*day, |d, _| d.next()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_adds_and_answers_leave_a_deck_that_validates_and_comes_back(
        ops in proptest::collection::vec(any_op(30), 0..80),
    ) {
        let mut deck = Deck::default();
        let mut day = today();
        for op in &ops {
            apply(&mut deck, &mut day, op);
            prop_assert_eq!(deck.validate(), Ok(()));
            prop_assert!(deck.len() <= MAX_CARDS);
            let due = deck.due(day);
            let waits = |&i: &usize| (deck.cards()[i].due, deck.cards()[i].added);
            prop_assert!(due.windows(2).all(|w| waits(&w[0]) < waits(&w[1])));
            prop_assert_eq!(due.len(), deck.cards().iter().filter(|c| c.due <= day).count());
        }
        prop_assert_eq!(decode_deck(&encode_deck(&deck)), Ok(deck));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    #[test]
    fn a_deck_fed_past_full_stays_full_and_valid(
        ops in proptest::collection::vec(any_op(2_000), 900..1_200),
    ) {
        let mut deck = Deck::default();
        let mut day = today();
        for op in &ops {
            apply(&mut deck, &mut day, op);
            prop_assert!(deck.len() <= MAX_CARDS);
        }
        prop_assert_eq!(deck.validate(), Ok(()));
        prop_assert_eq!(decode_deck(&encode_deck(&deck)), Ok(deck));
    }
}

fn any_direction() -> impl Strategy<Value = Direction> {
    (0..4usize).prop_map(|i| Direction::ALL[i])
}

fn any_assessment() -> impl Strategy<Value = Assessment> {
    let chance = proptest::option::of(0..=CERTAIN);
    (
        any_direction(),
        0..=17u8,
        [chance.clone(), chance.clone(), chance.clone(), chance],
        0..16u8,
    )
        .prop_map(|(best, target, values, ends)| Assessment {
            best,
            target,
            values,
            ends,
        })
}

proptest! {
    #[test]
    fn a_verdict_grades_any_answer_as_its_assessment_does(
        a in any_assessment(),
        played in any_direction(),
    ) {
        let v = judge(&a, played);
        prop_assert_eq!(v.assessment(), a);
        for d in Direction::ALL {
            prop_assert_eq!(judge(&v.assessment(), d), judge(&a, d));
        }
    }
}

#[test]
fn a_deck_set_aside_is_named_and_the_sets_stored_before_keep_their_meaning() {
    use leptos_2048::app::notice::{Notice, Record, Records};
    use leptos_2048::app::words::notice_words;
    // A set of records as stored (the debugger's sessions keep them): each
    // kind its bit, the deck's the one after the best score's.
    // records                               stored as
    let rows: &[(&[Record], u8)] = &[
        (&[Record::Game], 1),
        (&[Record::Dailies], 32),
        (&[Record::Best], 64),
        (&[Record::Deck], 128),
        (&[Record::Game, Record::Deck], 129),
        (&Record::ALL, 255),
    ];
    for &(records, bits) in rows {
        let set = Records::of(records);
        assert_eq!(
            serde_json::to_value(set).unwrap(),
            json!(bits),
            "{records:?}"
        );
        assert_eq!(serde_json::from_value::<Records>(json!(bits)).unwrap(), set);
    }
    assert_eq!(Records::of(&Record::ALL).iter().last(), Some(Record::Deck));
    assert_eq!(
        notice_words(Notice::SetAside(Records::of(&[
            Record::Dailies,
            Record::Deck
        ]))),
        "Some saved data (the dailies' results, the deck of positions to practise) could not \
         be read and was set aside, not deleted. Your game is not affected."
    );
}
