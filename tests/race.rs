//! A race's ghost (`session::race::Ghost`): folded once from a shared
//! game, it gives the ghost's score at every move count and the move at
//! which it first made each tile from 128 up, as replaying the game says.

use leptos_2048::engine::{Config, Direction, Input, Luck, Status};
use leptos_2048::session::history::History;
use leptos_2048::session::race::{Ghost, Splits, FIRST_SPLIT};
use leptos_2048::session::replay::{LinkError, Replay};

/// A game of `n` moves or fewer from `seed`: down, left, right, and up
/// only when stuck, so it lasts and makes 128 and more.
fn corner_game(seed: u64, luck: Luck, n: usize) -> History {
    use Direction::{Down, Left, Right, Up};
    let mut history = History::with_luck(Config::default(), seed, luck);
    while history.len() < n && history.present().status != Status::Over {
        if history.present().status == Status::Won {
            history.apply(Input::KeepPlaying);
            continue;
        }
        let before = history.present().clone();
        for d in [Down, Left, Right, Up] {
            history.apply(Input::Move(d));
            if *history.present() != before {
                break;
            }
        }
    }
    history
}

#[test]
fn the_ghost_is_its_game_replayed() {
    for (seed, luck) in [(3, Luck::Drawn), (8, Luck::Same), (22, Luck::Same)] {
        let history = corner_game(seed, luck, 2_000);
        let replay = Replay::from_history(&history).unwrap();
        let ghost = Ghost::of(&replay).unwrap();
        let states: Vec<_> = (0..=history.len())
            .map(|i| history.state_at(i).unwrap())
            .collect();
        let last = states.last().unwrap();
        assert_eq!(ghost.moves(), last.moves);
        assert_eq!(ghost.final_score(), last.score);
        // The score after each number of moves, and the first move count
        // at which each tile from 128 stood on the board.
        for s in &states {
            assert_eq!(ghost.score_at(s.moves), s.score, "move {}", s.moves);
        }
        let mut tile = FIRST_SPLIT;
        while tile <= last.board.max_value() {
            let first = states.iter().find(|s| s.board.max_value() >= tile).unwrap();
            assert_eq!(ghost.reached(tile), Some(first.moves), "{tile}");
            tile *= 2;
        }
        assert_eq!(ghost.reached(tile), None);
        assert!(!ghost.splits().all().is_empty(), "seed {seed}: a split");
        // The racer's splits, taken from a game's states, are the ghost's.
        assert_eq!(&Splits::of(&history), ghost.splits(), "seed {seed}");
        // Past its end, the ghost stays at its final score.
        assert_eq!(ghost.score_at(ghost.moves() + 500), last.score);
    }
}

#[test]
fn a_lead_is_the_racer_against_the_ghost_at_the_same_move_count() {
    let history = corner_game(5, Luck::Same, 300);
    let ghost = Ghost::of(&Replay::from_history(&history).unwrap()).unwrap();
    let at_100 = ghost.score_at(100);
    assert_eq!(ghost.lead(100, at_100 + 340), 340);
    assert_eq!(
        ghost.lead(100, at_100.saturating_sub(120)),
        -(at_100.min(120) as i64)
    );
    assert_eq!(ghost.lead(100, at_100), 0);
}

#[test]
fn a_game_that_does_not_play_has_no_ghost() {
    let history = corner_game(5, Luck::Same, 50);
    let mut replay = Replay::from_history(&history).unwrap();
    // A move into a wall at the very start: the first move repeated until
    // it changes nothing.
    replay.inputs.insert(0, Input::KeepPlaying);
    assert_eq!(Ghost::of(&replay), Err(LinkError::Unplayable(0)));
}

#[test]
fn the_ghosts_board_at_a_move_count_is_its_game_there() {
    let history = corner_game(8, Luck::Same, 600);
    let ghost = Ghost::of(&Replay::from_history(&history).unwrap()).unwrap();
    for i in 0..=history.len() {
        let state = history.state_at(i).unwrap();
        let at = ghost.state_at(state.moves).unwrap();
        assert_eq!(at.moves, state.moves);
        // (A Keep going is an input but not a move: the board is the same.)
        assert_eq!(at.board, state.board);
    }
    assert_eq!(
        ghost.state_at(10_000).as_ref(),
        Some(history.present()),
        "its end after it"
    );
}
