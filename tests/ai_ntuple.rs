//! The n-tuple network: equal values on the 8 symmetric images of a board,
//! a weights file that round-trips and refuses damage, learning that plays
//! better than not learning, and the search over it repeating exactly under
//! a node limit.

use leptos_2048::ai::bitboard::{cell, Bitboard};
use leptos_2048::ai::ntuple::{decode, encode, four_tuples, Network};
use leptos_2048::ai::td::Learner;
use leptos_2048::ai::{Clock, Limits, NativeClock, SearchConfig, Searcher};

/// `board` turned a quarter `turns` times, then mirrored if `mirror`.
fn image(board: Bitboard, turns: u8, mirror: bool) -> Bitboard {
    let mut out = 0;
    for y in 0..4u8 {
        for x in 0..4u8 {
            let (mut nx, mut ny) = (x, y);
            for _ in 0..turns {
                (nx, ny) = (3 - ny, nx);
            }
            if mirror {
                nx = 3 - nx;
            }
            out |= u64::from(cell(board, x, y)) << (4 * (4 * ny + nx));
        }
    }
    out
}

/// A network trained a little, so its tables hold varied weights.
fn trained(games: u32, seed: u64) -> Network {
    let mut learner = Learner::new(Network::new(four_tuples(), 0.0), 0.1, seed);
    for _ in 0..games {
        learner.play(true);
    }
    learner.net
}

/// Boards from a fixed generator, with exponents up to 11.
fn boards(n: usize) -> Vec<Bitboard> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            let mut b = 0;
            for i in 0..16 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 3 != 0 {
                    b |= ((x >> 20) % 12) << (4 * i);
                }
            }
            b
        })
        .collect()
}

#[test]
fn the_value_is_the_same_on_the_eight_images_of_a_board() {
    let net = trained(200, 1);
    for b in boards(300) {
        let v = net.value(b);
        for turns in 0..4 {
            for mirror in [false, true] {
                let w = net.value(image(b, turns, mirror));
                assert!(
                    (v - w).abs() <= 1e-3 * v.abs().max(1.0),
                    "{b:016x}: {v} vs {w}"
                );
            }
        }
    }
}

#[test]
fn the_weights_file_round_trips_and_refuses_damage() {
    let net = trained(50, 2);
    let bytes = encode(&net);
    assert_eq!(decode(&bytes).as_ref(), Ok(&net));
    assert_eq!(bytes.len(), 8 + 4 + 4 * 5 + 4 * 4 * 65_536 + 4);

    let mut flipped = bytes.clone();
    flipped[1000] ^= 1;
    assert!(decode(&flipped).unwrap_err().contains("checksum"));
    assert!(decode(&bytes[..bytes.len() - 1]).is_err(), "cut short");
    assert!(decode(&bytes[..3]).is_err());
    assert!(decode(b"").is_err());
    let mut other = bytes.clone();
    other[0] = b'X';
    assert!(decode(&other).unwrap_err().contains("not a weights file"));
}

#[test]
fn learning_plays_better_than_not_learning() {
    let mean = |net: &Network| {
        let mut total = 0;
        for seed in 0..40 {
            let mut player = Learner::new(net.clone(), 0.0, 1000 + seed);
            total += player.play(false).score;
        }
        total / 40
    };
    let untrained = Network::new(four_tuples(), 0.0);
    let learned = trained(1500, 3);
    let (before, after) = (mean(&untrained), mean(&learned));
    println!("mean score on 40 fixed seeds: untrained {before}, after 1500 games {after}");
    assert!(after > before * 2, "untrained {before}, trained {after}");
}

#[test]
fn the_search_over_the_network_repeats_exactly_under_a_node_limit() {
    let net = trained(100, 4);
    let config = SearchConfig {
        tt_bits: 12,
        ..SearchConfig::default()
    };
    let mut first = Searcher::new(net.clone(), config);
    let mut second = Searcher::new(net, config);
    let clock = NativeClock::new();
    for b in boards(20) {
        let Some((dir, stats)) = first.search_within(b, Limits::ms(2.0), &clock) else {
            continue;
        };
        let limits = Limits {
            nodes: stats.nodes,
            ..Limits::ms(60_000.0)
        };
        let again = second.search_within(b, limits, &clock as &dyn Clock);
        let (dir2, stats2) = again.expect("the same board has a move");
        assert_eq!(
            (dir2, stats2.nodes, stats2.depth),
            (dir, stats.nodes, stats.depth),
            "{b:016x}"
        );
    }
}
