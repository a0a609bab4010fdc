//! The rules of 2048, one table row each: `check(before, input, after)` on
//! ASCII boards.
//!
//! `before` and `after` are pictures (rows split by `/`, `.` empty). After a
//! move, `after` is the board once the tiles have slid, before the random new
//! tile: `check` removes the spawned tile and asserts there was exactly one,
//! in a cell `after` leaves empty, worth 2 or 4 — or none at all, and an
//! identical state, when the move changed nothing. A note after `;` states
//! the score the input earns (`+16`) and the status it leads to (`won`,
//! `over`, `continuing`, `playing`); on `before` it sets the status.

use leptos_2048::engine::{step, Board, Direction, Input, Origin, State, Status, Tile};

use Direction::{Down, Left, Right, Up};

fn left() -> Input {
    Input::Move(Left)
}
fn right() -> Input {
    Input::Move(Right)
}
fn up() -> Input {
    Input::Move(Up)
}
fn down() -> Input {
    Input::Move(Down)
}

/// A picture and its note: `"2 2 / . .; +4 won"`.
fn parse(picture: &str) -> (Board, Option<u64>, Option<Status>) {
    let (board, note) = picture.split_once(';').unwrap_or((picture, ""));
    let board: Board = board.parse().unwrap_or_else(|e| panic!("bad picture: {e}"));
    let mut gain = None;
    let mut status = None;
    for word in note.split_whitespace() {
        match word {
            "won" => status = Some(Status::Won),
            "over" => status = Some(Status::Over),
            "continuing" => status = Some(Status::Continuing),
            "playing" => status = Some(Status::Playing),
            w if w.starts_with('+') => gain = Some(w[1..].parse().expect("a gain like +16")),
            w => panic!("unknown note {w:?}"),
        }
    }
    (board, gain, status)
}

#[track_caller]
fn check(before: &str, input: Input, after: &str) {
    let (board, _, status) = parse(before);
    let mut state = State::from_board(board, 2048);
    if let Some(status) = status {
        state.status = status;
    }
    let next = step(input, &state);
    let (expected, gain, status) = parse(after);

    // The new tile is the one spawned with an id this input handed out.
    let is_new = |t: &&Tile| t.origin == Origin::Spawned && t.id.0 >= state.next_id;
    let spawned: Vec<Tile> = next.board.tiles().filter(is_new).copied().collect();
    let mut slid = Board::empty(next.board.width(), next.board.height());
    for t in next.board.tiles().filter(|t| !is_new(t)) {
        slid.put(*t);
    }

    assert_eq!(
        slid.values(),
        expected.values(),
        "\nbefore:\n{}\n{input:?} gave (without its spawn):\n{slid}\nexpected:\n{expected}\n",
        state.board
    );
    if let Input::Move(_) = input {
        if expected.values() == state.board.values() {
            assert_eq!(next, state, "a move that moves nothing changes nothing");
        } else {
            assert_eq!(
                spawned.len(),
                1,
                "one new tile after a move that changed the board"
            );
            let new = spawned[0];
            assert!(new.value == 2 || new.value == 4, "new tile {}", new.value);
            assert!(expected.get(new.pos).is_none(), "new tile on an empty cell");
        }
    } else {
        assert!(spawned.is_empty(), "only a move spawns");
    }
    assert_eq!(next.score - state.score, gain.unwrap_or(0), "score gained");
    if let Some(status) = status {
        assert_eq!(
            next.status, status,
            "status after {input:?}:\n{}",
            next.board
        );
    } else {
        assert_eq!(
            next.status,
            Status::Playing,
            "status after {input:?}:\n{}",
            next.board
        );
    }
}

#[test]
fn tiles_slide_to_the_edge_of_the_move() {
    check(
        ". 2 . . / . . . . / . . 4 . / . . . .",
        left(),
        "2 . . . / . . . . / 4 . . . / . . . .",
    );
    check(
        ". 2 . . / . . . . / . . 4 . / . . . .",
        right(),
        ". . . 2 / . . . . / . . . 4 / . . . .",
    );
    check(
        ". 2 . . / . . . . / . . 4 . / . . . .",
        up(),
        ". 2 4 . / . . . . / . . . . / . . . .",
    );
    check(
        ". 2 . . / . . . . / . . 4 . / . . . .",
        down(),
        ". . . . / . . . . / . . . . / . 2 4 .",
    );
}

#[test]
fn equal_neighbours_merge_in_pairs_from_the_edge_of_the_move() {
    // The Elm article's example, both ways.
    check(
        "2 2 2 8 / . . . . / . . . . / . . . .",
        left(),
        "4 2 8 . / . . . . / . . . . / . . . .; +4",
    );
    check(
        "2 2 2 8 / . . . . / . . . . / . . . .",
        right(),
        ". 2 4 8 / . . . . / . . . . / . . . .; +4",
    );
    // The ClojureScript article's: the rightmost pair merges on a right move.
    check(
        ". 2 2 2 / . . . . / . . . . / . . . .",
        right(),
        ". . 2 4 / . . . . / . . . . / . . . .; +4",
    );
    // Gaps do not keep equal tiles apart.
    check(
        "2 . . 2 / 4 . 4 . / . 8 . 8 / . . . .",
        left(),
        "4 . . . / 8 . . . / 16 . . . / . . . .; +28",
    );
}

#[test]
fn a_merged_tile_does_not_merge_again_in_the_same_move() {
    check(
        "2 2 2 2 / . . . . / . . . . / . . . .",
        left(),
        "4 4 . . / . . . . / . . . . / . . . .; +8",
    );
    check(
        "4 4 8 . / . . . . / . . . . / . . . .",
        left(),
        "8 8 . . / . . . . / . . . . / . . . .; +8",
    );
    check(
        "2 . . . / 2 . . . / 4 . . . / 8 . . .",
        up(),
        "4 . . . / 4 . . . / 8 . . . / . . . .; +4",
    );
}

#[test]
fn the_racket_articles_eight_wide_row() {
    // (merge '(1 2 2 3 4 4 4 #f)) => '(1 4 3 8 4 #f #f #f), in powers of two:
    // 1 → 2, 2 → 4, 3 → 16, 4 → 32.
    check(
        "2 4 4 16 32 32 32 . / . . . . . . . .",
        left(),
        "2 8 16 64 32 . . . / . . . . . . . .; +72",
    );
}

#[test]
fn the_haskell_articles_start_position() {
    check(
        ". . . . / . . . . / . . . 2 / . . . 2",
        up(),
        ". . . 4 / . . . . / . . . . / . . . .; +4",
    );
    check(
        ". . . . / . . . . / . . . 2 / . . . 2",
        right(),
        ". . . . / . . . . / . . . 2 / . . . 2",
    );
}

#[test]
fn columns_merge_toward_the_move() {
    check(
        "2 . . . / 2 . . . / 2 . . . / 8 . . .",
        up(),
        "4 . . . / 2 . . . / 8 . . . / . . . .; +4",
    );
    check(
        "2 . . . / 2 . . . / 2 . . . / 8 . . .",
        down(),
        ". . . . / 2 . . . / 4 . . . / 8 . . .; +4",
    );
}

#[test]
fn a_move_that_changes_nothing_changes_nothing() {
    // No spawn, no score, the very same state.
    check(
        "2 4 . . / 8 . . . / . . . . / . . . .",
        left(),
        "2 4 . . / 8 . . . / . . . . / . . . .",
    );
    check(
        "2 4 8 16 / 4 8 16 32 / . . . . / . . . .",
        up(),
        "2 4 8 16 / 4 8 16 32 / . . . . / . . . .",
    );
}

#[test]
fn rectangles_slide_like_squares() {
    check(
        "2 2 . 4 4 8 / . . . . . . / 2 . . . . 2",
        right(),
        ". . . 4 8 8 / . . . . . . / . . . . . 4; +16",
    );
    check("2 . / 2 . / 4 4", down(), ". . / 4 . / 4 4; +4");
    check("2 . / 2 . / 4 4", left(), "2 . / 2 . / 8 .; +8");
}

#[test]
fn the_game_is_over_on_the_move_that_leaves_no_move() {
    // After the slide one cell is free; a 2 or a 4 there has no equal
    // neighbour, so the board is stuck whatever spawns.
    check(
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 8 8 32 64",
        left(),
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 16 32 64 .; +16 over",
    );
}

#[test]
fn making_2048_wins_even_on_the_move_that_ends_the_game() {
    check(
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 1024 1024 32 64",
        left(),
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 2048 32 64 .; +2048 won",
    );
    check(
        "1024 1024 . . / . . . . / . . . . / . . . .",
        right(),
        ". . . 2048 / . . . . / . . . . / . . . .; +2048 won",
    );
}

#[test]
fn a_won_game_waits_for_keep_playing() {
    check(
        ". . . 2048 / 2 2 . . / . . . . / . . . .; won",
        left(),
        ". . . 2048 / 2 2 . . / . . . . / . . . .; won",
    );
    check(
        ". . . 2048 / 2 2 . . / . . . . / . . . .; won",
        Input::KeepPlaying,
        ". . . 2048 / 2 2 . . / . . . . / . . . .; continuing",
    );
}

#[test]
fn keep_playing_goes_on_until_no_move_is_left() {
    check(
        ". . . 2048 / 2 2 . . / . . . . / . . . .; continuing",
        left(),
        "2048 . . . / 4 . . . / . . . . / . . . .; +4 continuing",
    );
    // A second 2048 made while continuing is no new win.
    check(
        "2048 1024 1024 . / . . . . / . . . . / . . . .; continuing",
        left(),
        "2048 2048 . . / . . . . / . . . . / . . . .; +2048 continuing",
    );
    // Keep playing on a stuck board is game over at once.
    check(
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 2048 32 64 2; won",
        Input::KeepPlaying,
        "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 2048 32 64 2; over",
    );
}

#[test]
fn keep_playing_outside_a_win_changes_nothing() {
    check(
        "2 . . . / . . . . / . . . . / . . . .",
        Input::KeepPlaying,
        "2 . . . / . . . . / . . . . / . . . .",
    );
}

#[test]
fn a_finished_game_takes_no_moves() {
    check(
        "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2; over",
        left(),
        "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2; over",
    );
}

#[test]
fn a_new_game_has_two_tiles_and_no_score() {
    for status in [
        Status::Playing,
        Status::Won,
        Status::Continuing,
        Status::Over,
    ] {
        let mut state = State::from_board("2 4 / 8 16".parse().unwrap(), 9);
        state.score = 1234;
        state.status = status;
        let next = step(Input::NewGame, &state);
        assert_eq!(next.board.tiles().count(), 2);
        assert!(next
            .board
            .tiles()
            .all(|t| (t.value == 2 || t.value == 4) && t.origin == Origin::Spawned));
        assert_eq!(
            (next.score, next.status, next.moves),
            (0, Status::Playing, 0)
        );
        assert_eq!(next.config, state.config);
        // Ids keep counting, so the view never mistakes an old tile for a new.
        assert!(next.board.tiles().all(|t| t.id.0 >= state.next_id));
    }
}

#[test]
fn tiles_keep_their_identity_as_they_slide() {
    let state = State::from_board("2 . 4 4 / . . . . ".parse().unwrap(), 1);
    let next = step(left(), &state);
    let tiles: Vec<_> = next
        .board
        .tiles()
        .filter(|t| t.pos.y == 0)
        .copied()
        .collect();
    assert_eq!(tiles[0].id, state.board.tiles().next().unwrap().id);
    assert!(matches!(tiles[0].origin, Origin::Moved { from } if from.x == 0));
    match tiles[1].origin {
        Origin::Merged { from: [a, b] } => {
            assert_eq!((a.from.x, b.from.x), (2, 3));
            assert_eq!(tiles[1].value, 8);
            assert!(tiles[1].id.0 >= state.next_id, "a merge makes a new tile");
        }
        other => panic!("expected a merge, got {other:?}"),
    }
}
