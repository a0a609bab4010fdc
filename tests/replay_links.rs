//! Share links and `?seed=N`: a game survives the trip through a link
//! exactly; a link that was cut, changed, made up or blown up is refused
//! with the reason, never with a panic; and a link stays short (the bits
//! each move costs are printed: `cargo test --test replay_links --
//! --nocapture`).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use leptos_2048::engine::{step, Config, Direction, Input, Luck, State, Status};
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{
    decode, encode, open, parse_seed, LinkError, Replay, MAX_LINK_LEN, VERSION, VERSION_SAME_LUCK,
};
use proptest::prelude::*;

use Direction::{Down, Left, Right, Up};

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// ---------------------------------------------------------------------------
// Games

/// A session of `n` recorded inputs from `seed`, chosen by `roll`: moves in
/// random directions, Keep Playing or New Game after a win (one in
/// `restart` moves a New Game anyway), New Game after a loss.
fn session(config: Config, seed: u64, n: usize, restart: u64) -> History {
    lucky_session(config, seed, Luck::Drawn, n, restart)
}

/// The same, its tiles drawn by `luck`.
fn lucky_session(config: Config, seed: u64, luck: Luck, n: usize, restart: u64) -> History {
    let mut history = History::with_luck(config, seed, luck);
    let mut roll = seed ^ 0x9e37_79b9_7f4a_7c15;
    while history.len() < n {
        roll = roll
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let r = roll >> 33;
        let input = match history.present().status {
            Status::Won if r % 2 == 0 => Input::KeepPlaying,
            Status::Won | Status::Over => Input::NewGame,
            _ if r % restart == 0 => Input::NewGame,
            _ => Input::Move(Direction::ALL[(r >> 8) as usize % 4]),
        };
        history.apply(input);
    }
    history
}

fn the_replay(history: &History) -> Replay {
    Replay {
        config: history.config(),
        seed: history.seed().expect("a session from a seed"),
        luck: history.luck(),
        inputs: history.inputs().to_vec(),
    }
}

/// Every board size, endless or with a target from 8 up.
fn config() -> impl Strategy<Value = Config> {
    let target = prop_oneof![Just(None), (3u32..=63).prop_map(|k| Some(1u64 << k))];
    (2u8..=8, 2u8..=8, target).prop_map(|(w, h, t)| Config::new(w, h, t).expect("valid"))
}

/// Low targets, so wins and Keep Playing happen.
fn winnable() -> impl Strategy<Value = Config> {
    (2u8..=4, 2u8..=4, 3u32..=5)
        .prop_map(|(w, h, k)| Config::new(w, h, Some(1 << k)).expect("valid"))
}

fn cases(cases: u32) -> ProptestConfig {
    ProptestConfig {
        // No regression files: this suite writes nothing into the tree.
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

/// A valid link and where its moves start: the index of the first link
/// character that holds only bytes of the moves or the checksum.
fn link_and_moves_start(replay: &Replay) -> (String, usize) {
    fn varint_len(mut n: u64) -> usize {
        let mut len = 1;
        while n >= 0x80 {
            n >>= 7;
            len += 1;
        }
        len
    }
    let moves = replay
        .inputs
        .iter()
        .filter(|i| matches!(i, Input::Move(_)))
        .count();
    let mut byte = 10 + varint_len(moves as u64);
    byte += varint_len((replay.inputs.len() - moves) as u64);
    let mut gap = 0u64;
    let mut specials = 0;
    for input in &replay.inputs {
        match input {
            Input::Move(_) => gap += 1,
            _ => {
                specials += varint_len(gap << 1 | 1);
                gap = 0;
            }
        }
    }
    byte += specials;
    // Character c (after the version) holds bits 6c..6c+6 of the bytes.
    (encode(replay), 1 + (byte * 8).div_ceil(6))
}

// ---------------------------------------------------------------------------
// Round trip

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn a_game_survives_its_link_exactly(
        config in prop_oneof![config(), winnable()],
        seed in any::<u64>(),
        same in any::<bool>(),
        n in 0usize..400,
        restart in 20u64..200,
    ) {
        let luck = if same { Luck::Same } else { Luck::Drawn };
        let history = lucky_session(config, seed, luck, n, restart);
        let replay = the_replay(&history);
        let link = encode(&replay);
        // Version 1 for the first rules' luck, every link made before;
        // version 2 for the same luck for everyone.
        prop_assert_eq!(link.as_bytes()[0], if same { VERSION_SAME_LUCK } else { VERSION });
        // A link whose version was changed by hand is refused.
        let mut other = link.clone().into_bytes();
        other[0] = if same { VERSION } else { VERSION_SAME_LUCK };
        prop_assert_eq!(decode(std::str::from_utf8(&other).unwrap()), Err(LinkError::Changed));
        prop_assert!(link.bytes().skip(1).all(|b| ALPHABET.contains(&b)), "URL-safe: {}", link);
        prop_assert_eq!(decode(&link), Ok(replay.clone()));
        // Played back, it is the same session, ready to go on or undo.
        prop_assert_eq!(open(&link), Ok(history));
    }

    #[test]
    fn the_game_at_the_cursor_shares_as_its_own_seed_and_moves(
        config in winnable(),
        seed in any::<u64>(),
        n in 0usize..300,
        back in 0usize..20,
    ) {
        let mut history = session(config, seed, n, 60);
        for _ in 0..back {
            history.undo();
        }
        let replay = Replay::from_history(&history).expect("a session from a seed");
        prop_assert!(!replay.inputs.contains(&Input::NewGame));
        let shared = open(&encode(&replay)).expect("a game that plays");
        // The same game as the sharer sees it, tile ids aside (they count
        // on across a session's games).
        let (theirs, ours) = (shared.present(), history.present());
        prop_assert_eq!(theirs.board.values(), ours.board.values());
        prop_assert_eq!(
            (theirs.score, theirs.status, theirs.moves, &theirs.rng),
            (ours.score, ours.status, ours.moves, &ours.rng)
        );
    }
}

#[test]
fn the_link_format_is_the_documented_one() {
    fn crc32(bytes: &[u8]) -> u32 {
        // CRC-32/ISO-HDLC, as zip and PNG use.
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= b as u32;
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xedb8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let replay = Replay {
        config: Config::new(4, 5, Some(2048)).unwrap(),
        seed: 0x0102_0304_0506_0708,
        luck: Luck::Drawn,
        inputs: [
            Input::Move(Left),
            Input::Move(Up),
            Input::NewGame,
            Input::Move(Right),
            Input::Move(Down),
            Input::Move(Down),
            Input::KeepPlaying,
            Input::Move(Left),
        ]
        .to_vec(),
    };
    let link = encode(&replay);
    let bytes = URL_SAFE_NO_PAD.decode(&link[1..]).unwrap();
    let (data, sum) = bytes.split_at(bytes.len() - 4);
    assert_eq!(
        data,
        [
            2 | 3 << 3, // 4 wide, 5 high
            11,         // 2^11 = 2048
            8,
            7,
            6,
            5,
            4,
            3,
            2,
            1,                   // the seed, little-endian
            6,                   // moves
            2,                   // other inputs
            2 << 1,              // New Game after 2 moves
            3 << 1 | 1,          // Keep Playing after 3 more
            2 | 3 << 4 | 1 << 6, // Left (2) Up (0) Right (3) Down (1)
            1 | 2 << 2,          // Down Left
        ]
    );
    assert_eq!(sum, crc32(data).to_le_bytes());
    assert_eq!(&link[..1], "1");
    assert_eq!(decode(&link), Ok(replay));
}

#[test]
fn a_link_is_short() {
    let mut report = Vec::new();
    for (name, config, restart) in [
        (
            "4×4 to 2048, random moves, New Game on a loss",
            Config::default(),
            u64::MAX,
        ),
        (
            "8×8 endless, random moves",
            Config::new(8, 8, None).unwrap(),
            u64::MAX,
        ),
    ] {
        let (mut chars, mut bytes, mut moves) = (0, 0, 0);
        for seed in 0..10 {
            let history = session(config, seed, 2_000, restart);
            let replay = the_replay(&history);
            let link = encode(&replay);
            assert!(
                link.len() < 1_000,
                "{} characters for 2 000 inputs",
                link.len()
            );
            assert_eq!(open(&link), Ok(history));
            chars += link.len();
            bytes += URL_SAFE_NO_PAD.decode(&link[1..]).unwrap().len();
            moves += replay.inputs.len();
        }
        report.push(format!(
            "{name}: 2 000 inputs → {} characters; {:.3} bits an input in the bytes, \
             {:.3} in the link",
            chars / 10,
            (bytes * 8) as f64 / moves as f64,
            (chars * 6) as f64 / moves as f64,
        ));
    }
    eprintln!("{}", report.join("\n"));
}

// ---------------------------------------------------------------------------
// Bad links

#[track_caller]
fn refused(link: &str) -> LinkError {
    match decode(link) {
        Ok(replay) => panic!("{link:?} decoded to {replay:?}"),
        Err(e) => e,
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn decode_never_panics_on_any_string(s in any::<String>()) {
        if let Ok(replay) = decode(&s) {
            let _ = replay.replay();
        }
    }

    #[test]
    fn decode_never_panics_on_link_shaped_strings(
        s in "[0-9][A-Za-z0-9_=+/ -]{0,120}"
    ) {
        if let Ok(replay) = decode(&s) {
            let _ = replay.replay();
        }
        let _ = open(&s);
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn a_changed_character_is_noticed(
        config in winnable(),
        seed in any::<u64>(),
        n in 0usize..200,
        at in any::<prop::sample::Index>(),
        to in any::<prop::sample::Index>(),
    ) {
        let replay = the_replay(&session(config, seed, n, 40));
        let (link, moves_start) = link_and_moves_start(&replay);
        let at = at.index(link.len());
        let mut changed = link.clone().into_bytes();
        let old = changed[at];
        changed[at] = ALPHABET[to.index(ALPHABET.len() - 1)];
        if changed[at] == old {
            changed[at] = ALPHABET[ALPHABET.len() - 1];
        }
        let changed = String::from_utf8(changed).unwrap();
        let error = refused(&changed);
        let known_version = [VERSION, VERSION_SAME_LUCK].contains(&changed.as_bytes()[0]);
        if at == 0 && known_version {
            // The other version's rules: its checksum is of other bytes
            // (version 2's covers the version character, version 1's not).
            prop_assert_eq!(error, LinkError::Changed, "{}", changed);
        } else if at == 0 {
            prop_assert!(matches!(error, LinkError::NewerVersion | LinkError::NotAGameLink));
        } else if at >= moves_start || at <= 13 {
            // Sizes, target, seed, moves, checksum: a plain change. (The
            // counts in between, changed, can also announce more bytes
            // than there are.)
            prop_assert_eq!(error, LinkError::Changed, "at {} of {}", at, link);
        } else {
            prop_assert!(matches!(error, LinkError::Changed | LinkError::CutShort));
        }
    }

    #[test]
    fn a_cut_link_is_cut_short(
        config in winnable(),
        seed in any::<u64>(),
        n in 0usize..200,
        keep in any::<prop::sample::Index>(),
    ) {
        let link = encode(&the_replay(&session(config, seed, n, 40)));
        let keep = 1 + keep.index(link.len() - 1);
        prop_assert_eq!(refused(&link[..keep]), LinkError::CutShort, "{} of {}", keep, link);
    }

    #[test]
    fn a_lengthened_link_is_changed(
        config in winnable(),
        seed in any::<u64>(),
        n in 0usize..200,
        extra in "[A-Za-z0-9_-]{1,12}",
    ) {
        let link = encode(&the_replay(&session(config, seed, n, 40)));
        prop_assert_eq!(refused(&format!("{link}{extra}")), LinkError::Changed);
    }

    #[test]
    fn a_mangled_link_never_panics(
        config in winnable(),
        seed in any::<u64>(),
        n in 0usize..100,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    ) {
        let mut link = encode(&the_replay(&session(config, seed, n, 40))).into_bytes();
        for (at, byte, how) in edits {
            let at = at.index(link.len() + 1);
            match how {
                0 => link.insert(at, byte),
                1 if at < link.len() => { link.remove(at); }
                _ => link.truncate(at),
            }
        }
        let link = String::from_utf8_lossy(&link);
        if let Ok(replay) = decode(&link) {
            let _ = replay.replay();
        }
    }
}

#[test]
fn what_is_no_game_link_is_named_so() {
    assert_eq!(refused(""), LinkError::NotAGameLink);
    assert_eq!(refused("hello"), LinkError::NotAGameLink);
    assert_eq!(refused("0AAAA"), LinkError::NotAGameLink);
    assert_eq!(
        refused("1AAA+"),
        LinkError::NotAGameLink,
        "not URL-safe base64"
    );
    assert_eq!(refused("1AAAA=="), LinkError::NotAGameLink, "padding");
    assert_eq!(refused("1AA AA"), LinkError::NotAGameLink);
    assert_eq!(refused("1"), LinkError::CutShort);
    assert_eq!(refused("2"), LinkError::CutShort);
    assert_eq!(refused("3AAAA"), LinkError::NewerVersion);
    assert_eq!(refused("9"), LinkError::NewerVersion);

    // Well-formed, with a checksum that agrees, but no game: a 9-wide
    // board.
    let bad = Replay {
        config: Config {
            width: 9,
            ..Config::default()
        },
        seed: 1,
        luck: Luck::Drawn,
        inputs: vec![],
    };
    assert_eq!(refused(&encode(&bad)), LinkError::NotAGameLink);
}

#[test]
fn an_intact_link_whose_game_does_not_play_is_refused_when_played() {
    let config = Config::default();
    let refused_at = |seed, inputs: &[Input]| {
        let replay = Replay {
            config,
            seed,
            luck: Luck::Drawn,
            inputs: inputs.to_vec(),
        };
        let link = encode(&replay);
        assert_eq!(decode(&link).as_ref(), Ok(&replay), "intact");
        open(&link).unwrap_err()
    };
    // Keep Playing before a win.
    assert_eq!(
        refused_at(5, &[Input::KeepPlaying]),
        LinkError::Unplayable(0)
    );
    assert_eq!(
        refused_at(5, &[Input::NewGame, Input::KeepPlaying]),
        LinkError::Unplayable(1)
    );
    // A move into the wall: two fresh tiles in one row can't go up and
    // down both, or in one column left and right both.
    let (seed, wall) = (0..)
        .find_map(|seed| {
            let start = State::new(config, seed);
            let wall = [Up, Down, Left, Right]
                .into_iter()
                .find(|&d| step(Input::Move(d), &start) == start)?;
            Some((seed, wall))
        })
        .unwrap();
    assert_eq!(
        refused_at(seed, &[Input::Move(wall)]),
        LinkError::Unplayable(0)
    );
}

#[test]
fn an_oversized_link_is_refused_before_it_is_read() {
    let huge = format!("1{}", "A".repeat(MAX_LINK_LEN));
    assert_eq!(refused(&huge), LinkError::TooLong);
    assert_eq!(refused(&"x".repeat(10 * MAX_LINK_LEN)), LinkError::TooLong);

    // 60 000 moves: more than a link may carry.
    let long = Replay {
        config: Config::default(),
        seed: 1,
        luck: Luck::Drawn,
        inputs: vec![Input::Move(Left); 60_000],
    };
    let link = encode(&long);
    assert!(link.len() > MAX_LINK_LEN);
    assert_eq!(refused(&link), LinkError::TooLong);
    assert!(matches!(long.replay(), Err(LinkError::Unplayable(_))));

    // A short link that announces a hundred thousand moves is cut short,
    // not a reason to set aside room for them.
    let mut bytes = vec![0x12, 11, 0, 0, 0, 0, 0, 0, 0, 0];
    bytes.extend([0xa0, 0x8d, 0x06, 0]); // 100 000 moves, no other input
    bytes.extend([0; 40]);
    let link = format!("1{}", URL_SAFE_NO_PAD.encode(&bytes));
    assert_eq!(refused(&link), LinkError::CutShort);
    // One that announces more than a link may hold, with no checksum to
    // vouch for it, reads as changed.
    bytes[10..13].copy_from_slice(&[0xa1, 0x8d, 0x06]);
    let link = format!("1{}", URL_SAFE_NO_PAD.encode(&bytes));
    assert_eq!(refused(&link), LinkError::Changed);
}

#[test]
fn errors_read_as_sentences_for_the_page() {
    use leptos_2048::app::words::link_error;
    for (error, sentence) in [
        (LinkError::CutShort, "This link is cut short"),
        (
            LinkError::Changed,
            "This link was changed after it was made",
        ),
        (LinkError::NewerVersion, "This link is for a newer version"),
        (LinkError::TooLong, "This link is too long"),
        (LinkError::NotAGameLink, "This link is not a game link"),
        (
            LinkError::Unplayable(3),
            "This link's game cannot be replayed here",
        ),
    ] {
        assert_eq!(link_error(&error), sentence);
    }
}

// ---------------------------------------------------------------------------
// ?seed=N

#[test]
fn a_seed_is_a_plain_decimal_u64() {
    for (value, seed) in [
        ("0", Some(0)),
        ("42", Some(42)),
        ("007", Some(7)),
        ("18446744073709551615", Some(u64::MAX)),
        ("18446744073709551616", None),
        ("99999999999999999999999", None),
        ("", None),
        ("-1", None),
        ("+1", None),
        (" 1", None),
        ("1 ", None),
        ("1e3", None),
        ("0x10", None),
        ("1.0", None),
        ("١٢", None),
        ("12abc", None),
    ] {
        assert_eq!(parse_seed(value), seed, "{value:?}");
    }
}
