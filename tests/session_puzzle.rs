//! Puzzle links (`?replay=LINK&puzzle=N`): the position is the shared
//! game's own, replayed from its seed and stopped on the board its `N`-th
//! move was played on; `N` counts moves only, from 1 to the link's last;
//! a changed or cut link, a number that names no move and a board the
//! coach does not play are refused, each in its own words.

use leptos_2048::ai::bitboard::from_board;
use leptos_2048::ai::chance::target_of;
use leptos_2048::app::words::{puzzle_link_wrong, puzzle_proved};
use leptos_2048::app::Query;
use leptos_2048::engine::{step, Config, Direction, Input, Luck, State};
use leptos_2048::session::history::History;
use leptos_2048::session::puzzle::{open, query, Puzzle, PuzzleError};
use leptos_2048::session::replay::{encode, LinkError, Replay};

const SEED: u64 = 51;

/// A game of `moves` moves from `SEED` on a `width`×`height` board, with
/// a New Game after each move number in `new_games`: the directions tried
/// in turn, each move one that changes the board.
fn game(width: u8, height: u8, moves: u32, new_games: &[u32]) -> History {
    let config = Config::new(width, height, None).expect("a valid size");
    let mut history = History::with_luck(config, SEED, Luck::Same);
    let mut made = 0;
    let mut turn = 0;
    while made < moves {
        let direction = Direction::ALL[turn % 4];
        turn += 1;
        if !history.apply(Input::Move(direction)) {
            if !history.present().accepts_moves() {
                assert!(history.apply(Input::NewGame), "a New Game after a loss");
            }
            continue;
        }
        made += 1;
        if new_games.contains(&made) {
            assert!(history.apply(Input::NewGame), "a New Game changes the game");
        }
    }
    history
}

/// The link of the whole of `history`, New Games included.
fn link(history: &History) -> String {
    encode(&Replay {
        config: history.config(),
        seed: history.seed().expect("a game from a seed"),
        luck: history.luck(),
        inputs: history.inputs().to_vec(),
    })
}

fn opened(link: &str, number: &str) -> Puzzle {
    open(link, number).unwrap_or_else(|e| panic!("puzzle {number} refused: {e}"))
}

/// The board the `number`-th move of `history`'s inputs was played on and
/// that move, found by stepping through the inputs from the start.
fn replayed_to(history: &History, number: u32) -> (State, Direction) {
    let mut state = State::with_luck(history.config(), SEED, history.luck());
    let mut seen = 0;
    for &input in history.inputs() {
        if let Input::Move(direction) = input {
            seen += 1;
            if seen == number {
                return (state, direction);
            }
        }
        state = step(input, &state);
    }
    panic!("the game has no move {number}");
}

#[test]
fn a_puzzle_is_the_board_its_move_was_played_on_and_that_move() {
    let history = game(4, 4, 40, &[]);
    let link = link(&history);
    for number in [1, 2, 17, 39, 40] {
        let puzzle = opened(&link, &number.to_string());
        let (board, played) = replayed_to(&history, number);
        assert_eq!(puzzle.number, number);
        assert_eq!(puzzle.of, 40);
        assert_eq!(
            puzzle.at,
            number as usize - 1,
            "no New Game: move N is input N − 1"
        );
        assert_eq!(puzzle.state(), board, "move {number}'s board");
        assert_eq!(puzzle.played(), played, "move {number}'s direction");
        assert_eq!(puzzle.history, history, "the link's game, whole");
    }
}

#[test]
fn the_number_counts_moves_only_across_new_games() {
    // New Games after moves 5 and 12: move 6 is input 6, move 13 input 14.
    let history = game(4, 4, 20, &[5, 12]);
    assert_eq!(history.len(), 22);
    let link = link(&history);
    for (number, at) in [(1, 0), (5, 4), (6, 6), (12, 12), (13, 14), (20, 21)] {
        let puzzle = opened(&link, &number.to_string());
        let (board, played) = replayed_to(&history, number);
        assert_eq!((puzzle.number, puzzle.of), (number, 20));
        assert_eq!(puzzle.at, at, "move {number}'s index");
        assert_eq!(puzzle.history.inputs()[at], Input::Move(played));
        assert_eq!(puzzle.state(), board, "move {number}'s board");
        assert_eq!(puzzle.played(), played);
    }
    // The board after a New Game is the new game's start.
    let thirteenth = opened(&link, "13").state();
    assert_eq!(
        thirteenth.moves, 0,
        "move 13 is the first of the third game"
    );
}

#[test]
fn a_number_names_one_of_the_links_moves_in_digits_only() {
    let link = link(&game(4, 4, 30, &[]));
    for (number, rule) in [
        ("1", Ok(1)),
        ("30", Ok(30)),
        ("007", Ok(7)),
        ("31", Err("past the last move")),
        ("0", Err("moves count from 1")),
        ("", Err("empty")),
        ("x", Err("not a number")),
        ("1e3", Err("not digits only")),
        ("+3", Err("a sign")),
        ("-3", Err("a sign")),
        (" 3", Err("a space before")),
        ("3 ", Err("a space after")),
        ("3.0", Err("a point")),
        ("4294967297", Err("over u32: not move 1 by wrapping")),
        ("99999999999999999999999", Err("over u64")),
    ] {
        let got = open(&link, number).map(|p| p.number);
        assert_eq!(
            got,
            rule.map_err(|_| PuzzleError::NoSuchMove),
            "{number:?}: {rule:?}"
        );
    }
}

#[test]
fn a_changed_or_cut_link_is_refused_as_a_replay_link_is_whatever_the_number() {
    let link = link(&game(4, 4, 30, &[]));
    // One character of the checksum changed.
    let k = link.len() - 3;
    let other = if &link[k..=k] == "A" { "B" } else { "A" };
    let changed = format!("{}{other}{}", &link[..k], &link[k + 1..]);
    let cut = &link[..link.len() - 8];
    for (link, number, error) in [
        (changed.as_str(), "3", LinkError::Changed),
        (changed.as_str(), "0", LinkError::Changed),
        (cut, "3", LinkError::CutShort),
        (cut, "", LinkError::CutShort),
        ("", "3", LinkError::NotAGameLink),
        ("9abc", "3", LinkError::NewerVersion),
    ] {
        assert_eq!(
            open(link, number),
            Err(PuzzleError::Link(error)),
            "{link:?} {number:?}"
        );
    }
}

#[test]
fn a_board_other_than_four_by_four_is_refused_whatever_the_number() {
    for (width, height) in [(3, 3), (5, 5), (4, 3), (3, 4)] {
        let link = link(&game(width, height, 6, &[]));
        for number in ["1", "6", "0", "7"] {
            assert_eq!(
                open(&link, number),
                Err(PuzzleError::NotFourByFour),
                "{width}×{height}, move {number:?}"
            );
        }
    }
}

#[test]
fn a_puzzle_link_opens_from_the_address_it_makes() {
    let history = game(4, 4, 25, &[10]);
    let link = link(&history);
    let asked = query(&link, 17);
    assert_eq!(asked, format!("?replay={link}&puzzle=17"));
    let parsed = Query::parse(&asked);
    assert_eq!(parsed.replay.as_deref(), Some(link.as_str()));
    assert_eq!(parsed.puzzle.as_deref(), Some("17"));
    let puzzle = opened(
        parsed.replay.as_deref().expect("a link"),
        parsed.puzzle.as_deref().expect("a number"),
    );
    assert_eq!((puzzle.number, puzzle.of), (17, 25));
    assert_eq!(puzzle.state(), replayed_to(&history, 17).0);
    // The first of each key counts, as for every other key.
    let twice = Query::parse(&format!("{asked}&puzzle=3"));
    assert_eq!(twice.puzzle.as_deref(), Some("17"));
    assert_eq!(Query::parse("?replay=x").puzzle, None);
    assert_eq!(Query::parse("?puzzle").puzzle.as_deref(), Some(""));
}

#[test]
fn the_target_is_twice_the_positions_top_tile_as_the_reviews() {
    let link = link(&game(4, 4, 120, &[]));
    for number in [1, 30, 60, 120] {
        let puzzle = opened(&link, &number.to_string());
        let state = puzzle.state();
        let bits = from_board(&state.board).expect("a 4×4 board");
        assert_eq!(
            puzzle.target_tile(),
            1u64 << target_of(bits),
            "move {number}"
        );
        assert_eq!(puzzle.target_tile(), 2 * state.board.max_value());
    }
}

#[test]
fn what_a_puzzle_proved_reads_as_a_sentence() {
    for (number, of, target, sentence) in [
        (
            301,
            412,
            1024,
            "From a game replayed from its seed: move 301 of 412, 1\u{a0}024 to make.",
        ),
        (
            1,
            1,
            4,
            "From a game replayed from its seed: move 1 of 1, 4 to make.",
        ),
        (
            1204,
            12040,
            65536,
            "From a game replayed from its seed: move 1\u{a0}204 of 12\u{a0}040, \
             65\u{a0}536 to make.",
        ),
    ] {
        assert_eq!(puzzle_proved(number, of, target), sentence);
    }
}

#[test]
fn a_puzzle_link_that_does_not_open_says_why() {
    for (error, sentence) in [
        (
            PuzzleError::Link(LinkError::Changed),
            "This puzzle link cannot be opened: This link was changed after it was made.",
        ),
        (
            PuzzleError::Link(LinkError::CutShort),
            "This puzzle link cannot be opened: This link is cut short.",
        ),
        (
            PuzzleError::NoSuchMove,
            "This puzzle link cannot be opened: its game has no such move.",
        ),
        (
            PuzzleError::NotFourByFour,
            "This puzzle link cannot be opened: the coach plays 4×4 boards only.",
        ),
    ] {
        assert_eq!(puzzle_link_wrong(&error), sentence);
    }
}
