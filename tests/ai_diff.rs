//! The AI's bitboard against the engine: on random positions and moves, the
//! same resulting values, the same score and the same "changed".
//!
//! The default test checks 200 000 (position, move) cases, a few seconds in a
//! debug build. The full 10^6 runs in release with the benchmark:
//! `cargo run --release --bin ai-bench -- --diff 1000000`.

use leptos_2048::ai::bitboard::{from_board, parse, tables, to_board};
use leptos_2048::ai::diff::check;
use leptos_2048::engine::{step, Config, Direction, Input, State};

#[test]
fn bitboard_agrees_with_the_engine() {
    assert_eq!(check(200_000, 1), Ok(200_000));
}

/// Real games, not just random boards: every move of seeded games played
/// through `step` lands where the bitboard says, spawn aside.
#[test]
fn bitboard_follows_real_games() {
    let t = tables();
    for seed in 0..20 {
        let mut state = State::new(Config::default(), seed);
        let mut score = 0;
        for i in 0.. {
            let dir = Direction::ALL[(i * 7 + seed as usize) % 4];
            let bits = from_board(&state.board).unwrap();
            let (after, gained) = t.slide_scored(bits, dir);
            let next = step(Input::Move(dir), &state);
            if next.moves == state.moves {
                assert_eq!(after, bits, "the engine refused a move the bitboard made");
                if !next.board.can_move() || i > 2000 {
                    break;
                }
                continue;
            }
            score += gained as u64;
            assert_eq!(next.score, score);
            // The spawn is the only difference: a 2 or a 4 in a cell that
            // was empty.
            let spawned = from_board(&next.board).unwrap() ^ after;
            let cell = spawned.trailing_zeros() / 4;
            assert!(matches!(spawned >> (4 * cell), 1 | 2), "{spawned:#x}");
            assert_eq!((after >> (4 * cell)) & 0xF, 0);
            state = if next.status == leptos_2048::engine::Status::Won {
                step(Input::KeepPlaying, &next)
            } else {
                next
            };
            if !state.accepts_moves() {
                break;
            }
        }
    }
}

#[test]
fn pictures_round_trip() {
    let p = "2 . 8 . / . 2048 . . / 4 . . 32768 / . . . 2";
    let bits = parse(p).unwrap();
    assert_eq!(to_board(bits).to_string(), p.replace(" / ", "\n"));
}
