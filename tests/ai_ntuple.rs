//! The n-tuple network: equal values on the 8 symmetric images of a board,
//! rewards that the implied score accounts for, weights files (training and
//! shipped) that round-trip and refuse damage, the shipped i16 network
//! valuing boards as the f32 one does, learning that plays better than not
//! learning, and the search over it repeating exactly under a node limit.

use leptos_2048::ai::bitboard::{cell, tables, Bitboard};
use leptos_2048::ai::ntuple::{
    decode, encode, four_tuples, implied_score, pack, shapes_named, unpack, Network, Packed,
    SHAPES, WEIGHTS_FILE,
};
use leptos_2048::ai::td;
use leptos_2048::ai::Evaluator;
use leptos_2048::ai::{Clock, Limits, NativeClock, SearchConfig, Searcher};
use leptos_2048::engine::Direction;

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
fn trained(games: u64, seed: u64) -> Network {
    td::train(&Network::new(four_tuples(), 0.0), 0.1, seed, 0..games)
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
fn every_named_shape_set_gives_symmetric_values() {
    for (name, _) in SHAPES {
        let shapes = shapes_named(name).expect("a named set");
        let net = td::train(&Network::new(shapes, 0.0), 0.1, 5, 0..30);
        for b in boards(50) {
            let v = net.value(b);
            let w = net.value(image(b, 1, true));
            assert!(
                (v - w).abs() <= 1e-3 * v.abs().max(1.0),
                "{name} {b:016x}: {v} vs {w}"
            );
        }
    }
    assert_eq!(shapes_named("no such set"), None);
}

#[test]
fn a_moves_reward_is_what_it_adds_to_the_implied_score() {
    // So the search, which adds no rewards, ranks moves over the network as
    // reward + afterstate value.
    let t = tables();
    for b in boards(500) {
        for dir in Direction::ALL {
            let (after, reward) = t.slide_scored(b, dir);
            assert_eq!(
                implied_score(after) - implied_score(b),
                reward as f32,
                "{b:016x} {dir:?}"
            );
        }
    }
    let net = trained(50, 6);
    let b = boards(1)[0];
    assert_eq!(net.evaluate(b), implied_score(b) + net.value(b));
    assert_eq!(
        net.lost(b),
        implied_score(b),
        "a lost game earns nothing more"
    );
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
fn the_shipped_file_round_trips_and_refuses_damage() {
    let net = trained(300, 7);
    let packed = Packed::new(&net, 0.5);
    let bytes = pack(&packed);
    assert_eq!(unpack(&bytes).as_ref(), Ok(&packed));
    assert_eq!(bytes.len(), 8 + 4 + 4 * 5 + 4 + 2 * 4 * 65_536 + 4);
    let mut flipped = bytes.clone();
    flipped[5000] ^= 0x10;
    assert!(unpack(&flipped).unwrap_err().contains("checksum"));
    assert!(unpack(&bytes[..bytes.len() / 2]).is_err(), "cut short");
    assert!(unpack(b"L2048NQ1").is_err());
    // Each file is read by its own reader only.
    assert!(unpack(&encode(&net))
        .unwrap_err()
        .contains("not a weights file"));
    assert!(decode(&bytes).unwrap_err().contains("not a weights file"));
}

#[test]
fn the_packed_network_values_boards_as_the_trained_one_does() {
    let net = trained(300, 8);
    let step = 0.25;
    let packed = Packed::new(&net, step);
    let largest = net
        .weights()
        .iter()
        .flatten()
        .fold(0f32, |m, w| m.max(w.abs()));
    assert!(
        largest / step < i16::MAX as f32,
        "the step is the unit here"
    );
    // Each entry is off by at most half a step (and f32 sums round a little).
    let bound = net.layout().features() as f32 * step / 2.0 + 0.01;
    for b in boards(300) {
        let (v, p) = (net.value(b), packed.value(b));
        assert!((v - p).abs() <= bound, "{b:016x}: {v} vs {p}");
        assert_eq!(packed.evaluate(b), implied_score(b) + p);
    }
}

#[test]
fn a_restarted_game_goes_on_from_its_board_and_keeps_where_its_top_tile_first_stood() {
    let net = td::Shared::new(&trained(100, 9));
    // Two 4096s side by side: any sideways move makes 8192.
    let start =
        leptos_2048::ai::bitboard::parse("4096 4096 2 . / . . . . / . . . . / . . . .").unwrap();
    let played = td::play(&net, 0.0, 1, 0, Some(start));
    assert!(played.top >= 12, "{played:?}");
    if played.top >= td::LATE {
        let late = played.late.expect("a top tile of 8192 or more is kept");
        let top = (0..16).map(|i| (late >> (4 * i)) & 0xF).max().unwrap();
        assert_eq!(top as u8, played.top, "{late:016x}");
    }
    // The same game number from the same board plays the same game.
    assert_eq!(td::play(&net, 0.0, 1, 0, Some(start)), played);
    // A fresh game keeps no board below 8192.
    let fresh = td::play(&net, 0.0, 1, 1, None);
    assert!(fresh.top < td::LATE && fresh.late.is_none(), "{fresh:?}");
}

#[test]
fn learning_plays_better_than_not_learning() {
    let mean = |net: &Network| td::mean_score(net, 1000, 0..40);
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

/// The network stays a native experiment (docs/ai.md):
/// nothing the site serves names it, so no player downloads it; the file in
/// assets/ is what `ai-bench --eval net` reads, and it unpacks.
#[test]
fn the_network_is_a_native_experiment_the_site_never_fetches() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |file: &str| std::fs::read_to_string(format!("{root}/{file}")).unwrap();
    for file in [
        "index.html",
        "assets/sw.js",
        "src/bin/ai-worker.rs",
        "assets/ai-worker_loader.js",
    ] {
        assert!(
            !read(file).contains(WEIGHTS_FILE),
            "{file} names {WEIGHTS_FILE}"
        );
    }
    let bytes = std::fs::read(format!("{root}/assets/{WEIGHTS_FILE}")).unwrap();
    let net = unpack(&bytes).expect("the weights unpack");
    assert!(!net.shapes().is_empty());
}
