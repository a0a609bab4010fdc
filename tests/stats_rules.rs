//! Statistics: each game counts once, however often it is seen again through
//! undo, redo or a reload; tiles and wins are counted when first reached;
//! stored statistics that could not have been written are refused.

use leptos_2048::engine::{Config, Direction, Input};
use leptos_2048::session::history::History;
use leptos_2048::session::save;
use leptos_2048::session::stats::{game_id, Stats, RECENT};

const MOVES: [Direction; 4] = [
    Direction::Left,
    Direction::Down,
    Direction::Right,
    Direction::Up,
];

/// Plays `n` moves (cycling through the directions, skipping those that do
/// nothing), observing every state as the page does.
fn play(history: &mut History, stats: &mut Stats, n: usize) {
    let mut k = 0;
    let mut made = 0;
    while made < n && k < 4 * n + 4 {
        if history.apply(Input::Move(MOVES[k % 4])) {
            stats.observe(game_id(history), history.present());
            made += 1;
        }
        k += 1;
    }
}

#[test]
fn a_game_counts_from_its_first_move_and_only_once() {
    let mut h = History::new(Config::default(), 7);
    let mut s = Stats::default();
    assert!(!s.observe(game_id(&h), h.present()), "no move, no game");
    assert_eq!(s.played, 0);
    play(&mut h, &mut s, 30);
    assert_eq!(s.played, 1);
    assert_eq!(s.moves, 30);
    assert_eq!(s.best_score, h.present().score);
}

#[test]
fn games_played_counts_the_games_ended_not_the_one_in_play() {
    let mut h = History::new(Config::default(), 7);
    let mut s = Stats::default();
    play(&mut h, &mut s, 10);
    assert_eq!(
        s.ended(Some(game_id(&h))),
        0,
        "the game in play has not ended"
    );
    assert_eq!(s.ended(None), 1, "over, it has");
    h.apply(Input::NewGame);
    assert_eq!(
        s.ended(Some(game_id(&h))),
        1,
        "a new game ends the one before"
    );
    play(&mut h, &mut s, 3);
    assert_eq!((s.played, s.ended(Some(game_id(&h)))), (2, 1));
}

#[test]
fn undo_and_redo_count_nothing_twice() {
    let mut h = History::new(Config::default(), 11);
    let mut s = Stats::default();
    play(&mut h, &mut s, 40);
    let before = s.clone();
    for _ in 0..10 {
        h.undo();
        s.observe(game_id(&h), h.present());
    }
    for _ in 0..10 {
        h.redo();
        s.observe(game_id(&h), h.present());
    }
    assert_eq!(s, before);
    // A different move after undo is a new move, in the same game.
    h.undo();
    play(&mut h, &mut s, 1);
    assert_eq!(s.played, 1);
}

#[test]
fn undoing_a_new_game_returns_to_the_same_game() {
    let mut h = History::new(Config::default(), 3);
    let mut s = Stats::default();
    play(&mut h, &mut s, 20);
    h.apply(Input::NewGame);
    play(&mut h, &mut s, 5);
    assert_eq!(s.played, 2);
    // Back through the new game's moves and the New Game itself, then on.
    for _ in 0..6 {
        h.undo();
    }
    play(&mut h, &mut s, 3);
    assert_eq!(s.played, 2, "the first game again, not a third");
}

#[test]
fn tiles_are_counted_once_per_game_and_rates_follow() {
    let mut s = Stats::default();
    for seed in 0..4 {
        let mut h = History::new(Config::default(), seed);
        play(&mut h, &mut s, 60);
    }
    assert_eq!(s.played, 4);
    let rates = s.rates();
    assert_eq!(rates[0].0, 2);
    for &(tile, n, percent) in &rates {
        assert!(n <= 4, "{tile}: {n}");
        assert_eq!(percent, (n * 100 + 2) / 4, "{tile}");
    }
    // Every tile up to the best was reached by at least one game.
    let best = s.best_tile.trailing_zeros() as usize;
    assert_eq!(rates.len(), best);
    assert!(rates.iter().skip(2).all(|&(_, n, _)| n >= 1));
}

#[test]
fn a_win_counts_once() {
    let config = Config::new(4, 4, Some(8)).unwrap();
    let mut h = History::new(config, 5);
    let mut s = Stats::default();
    play(&mut h, &mut s, 200);
    assert_eq!(s.won, 1, "a target of 8 is reached within 200 moves");
    if h.apply(Input::KeepPlaying) {
        s.observe(game_id(&h), h.present());
    }
    play(&mut h, &mut s, 5);
    assert_eq!(s.won, 1);
}

#[test]
fn only_the_recent_games_are_remembered() {
    let mut h = History::new(Config::default(), 9);
    let mut s = Stats::default();
    for _ in 0..RECENT + 3 {
        play(&mut h, &mut s, 2);
        h.apply(Input::NewGame);
    }
    assert_eq!(s.played as usize, RECENT + 3);
    assert_eq!(s.recent.len(), RECENT);
}

#[test]
fn stored_statistics_round_trip_and_impossible_ones_are_refused() {
    let mut h = History::new(Config::default(), 1);
    let mut s = Stats::default();
    play(&mut h, &mut s, 50);
    let json = save::encode_stats(&s);
    assert_eq!(save::decode_stats(&json), Ok(s.clone()));

    let bad = [
        Stats {
            won: s.played + 1,
            ..s.clone()
        },
        Stats {
            reached: vec![s.played + 1],
            ..s.clone()
        },
        Stats {
            best_tile: 24,
            ..s.clone()
        },
        Stats {
            recent: vec![s.recent[0]; RECENT + 1],
            ..s.clone()
        },
    ];
    for b in bad {
        let json = save::encode_stats(&b);
        assert!(save::decode_stats(&json).is_err(), "{json}");
    }
    for junk in ["", "{", "[]", "{\"played\":-1}", "null", "{\"played\":1}"] {
        assert!(save::decode_stats(junk).is_err(), "{junk}");
    }
}
