//! The same luck for everyone (`Luck::Same`): the k-th new tile of every
//! game from one seed is a 4 in all of them or in none, and its cell is
//! picked by the same number from the empty cells each game has, whatever
//! moves came before. And the first rules (`Luck::Drawn`), which every game
//! saved before `Same` was played by, draw exactly as they always did.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg32;

use leptos_2048::engine::{step, Config, Direction, Input, Luck, Origin, Pos, State};

/// Each new tile of a game, in order: its value, where it came, and the
/// empty cells it was picked from.
fn new_tiles(luck: Luck, seed: u64, moves: &[Direction]) -> Vec<(u64, Pos, Vec<Pos>)> {
    let mut state = State::with_luck(Config::default(), seed, luck);
    // The two first tiles, in the order they came (their ids).
    let mut first: Vec<_> = state.board.tiles().collect();
    first.sort_by_key(|t| t.id);
    let mut found: Vec<(u64, Pos, Vec<Pos>)> =
        first.iter().map(|t| (t.value, t.pos, Vec::new())).collect();
    for &d in moves {
        let next = step(Input::Move(d), &state);
        if next.moves > state.moves {
            let spawned = next
                .board
                .tiles()
                .find(|t| t.origin == Origin::Spawned)
                .expect("a changed board gets a new tile");
            // The empty cells it was picked from, in reading order.
            let mut empty = next.board.empty_cells();
            empty.push(spawned.pos);
            empty.sort_by_key(|p| (p.y, p.x));
            found.push((spawned.value, spawned.pos, empty));
        }
        state = next;
    }
    found
}

fn moves() -> impl Strategy<Value = Vec<Direction>> {
    prop::collection::vec(prop::sample::select(Direction::ALL.to_vec()), 0..300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn two_games_from_one_seed_get_the_same_twos_and_fours(seed in any::<u64>(), a in moves(), b in moves()) {
        let ours = new_tiles(Luck::Same, seed, &a);
        let theirs = new_tiles(Luck::Same, seed, &b);
        let ours: Vec<u64> = ours.iter().map(|t| t.0).collect();
        let theirs: Vec<u64> = theirs.iter().map(|t| t.0).collect();
        let common = ours.len().min(theirs.len());
        prop_assert_eq!(&ours[..common], &theirs[..common]);
    }

    /// The documented draw: one 64-bit number per tile from the seed's
    /// generator, its high half picking the cell, its low half the 4.
    #[test]
    fn each_new_tile_is_the_documented_draw(seed in any::<u64>(), a in moves()) {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut first = Vec::new();
        for (k, (value, pos, empty)) in new_tiles(Luck::Same, seed, &a).into_iter().enumerate() {
            let roll: u64 = rng.random();
            let four = (roll & 0xFFFF_FFFF) < 429_496_730;
            prop_assert_eq!(value, if four { 4 } else { 2 }, "tile {}", k);
            if k < 2 {
                // The two first tiles, on the empty board: their cells are
                // the same picks from 16, then 15, cells.
                first.push((roll >> 32, pos));
            } else {
                let cell = (((roll >> 32) * empty.len() as u64) >> 32) as usize;
                prop_assert_eq!(pos, empty[cell], "tile {}", k);
            }
        }
        if let [(high, pos), ..] = first[..] {
            prop_assert_eq!(pos.y as u64 * 4 + pos.x as u64, (high * 16) >> 32);
        }
    }
}

#[test]
fn a_new_game_keeps_its_luck() {
    let state = State::with_luck(Config::default(), 9, Luck::Same);
    assert_eq!(step(Input::NewGame, &state).luck, Luck::Same);
    assert_eq!(State::new(Config::default(), 9).luck, Luck::Drawn);
}

#[test]
fn the_first_rules_draw_as_they_always_did() {
    // Recorded from the build before `Luck` existed: seed 42, 300 moves in
    // a fixed order with a New Game after the 41st.
    let mut state = State::new(Config::default(), 42);
    for i in 0..300u32 {
        let d = Direction::ALL[(i.wrapping_mul(2_654_435_761) >> 7) as usize % 4];
        state = step(Input::Move(d), &state);
        if i == 40 {
            state = step(Input::NewGame, &state);
        }
    }
    assert_eq!((state.score, state.moves), (840, 108));
    assert_eq!(
        state.board.to_string(),
        "2 32 4 2\n4 16 32 8\n16 32 16 4\n2 64 4 2"
    );
}

#[test]
fn a_state_writes_its_luck_only_when_it_is_not_the_first_rules() {
    let drawn = State::new(Config::default(), 5);
    let text = serde_json::to_string(&drawn).unwrap();
    assert!(!text.contains("luck"), "{text}");
    assert_eq!(serde_json::from_str::<State>(&text).unwrap(), drawn);
    let same = State::with_luck(Config::default(), 5, Luck::Same);
    let text = serde_json::to_string(&same).unwrap();
    assert!(text.contains(r#""luck":"Same""#), "{text}");
    assert_eq!(serde_json::from_str::<State>(&text).unwrap(), same);
}

#[test]
fn a_same_luck_history_verifies_against_its_own_rules() {
    let mut history =
        leptos_2048::session::history::History::with_luck(Config::default(), 12, Luck::Same);
    for d in [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ] {
        history.apply(Input::Move(d));
    }
    assert_eq!(history.verify(), Ok(()));
}
