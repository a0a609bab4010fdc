//! The daily game's calendar (`session::daily`): its numbers on the days of
//! the calendar, and the seed and starting board of each, as a table.

use leptos_2048::engine::Luck;
use leptos_2048::session::daily::{game, number, seed, Day, FIRST};

fn day(year: i32, month: u8, d: u8) -> Day {
    Day::new(year, month, d).expect("a day of the calendar")
}

#[test]
fn the_daily_numbers_count_days_from_the_first_of_january_2026() {
    for (on, n) in [
        (day(2025, 12, 31), None),
        (day(1970, 1, 1), None),
        (FIRST, Some(1)),
        (day(2026, 1, 2), Some(2)),
        (day(2026, 3, 1), Some(60)),
        (day(2026, 11, 25), Some(329)),
        (day(2026, 12, 31), Some(365)),
        (day(2027, 1, 1), Some(366)),
        (day(2028, 2, 29), Some(790)),
        (day(2028, 3, 1), Some(791)),
        (day(2126, 1, 1), Some(36_525)),
    ] {
        assert_eq!(number(on), n, "{on:?}");
    }
}

#[test]
fn each_next_day_is_the_next_number() {
    let mut on = FIRST;
    for n in 1..=3_000 {
        assert_eq!(number(on), Some(n), "{on:?}");
        on = on.next();
    }
    // 3 000 days after the first (Python's datetime agrees).
    assert_eq!(on, day(2034, 3, 20));
}

#[test]
fn the_calendar_has_only_its_own_days() {
    assert_eq!(Day::new(2026, 2, 29), None);
    assert!(Day::new(2028, 2, 29).is_some());
    assert_eq!(Day::new(2100, 2, 29), None);
    assert!(Day::new(2000, 2, 29).is_some());
    assert_eq!(Day::new(2026, 4, 31), None);
    assert_eq!(Day::new(2026, 13, 1), None);
    assert_eq!(Day::new(2026, 1, 0), None);
}

#[test]
fn each_daily_is_its_seed_and_its_starting_board() {
    for (n, expected_seed, board) in [
        (
            1,
            0xe220_a839_7b1d_cdaf,
            ". . . .\n. . 2 .\n. . 2 .\n. . . .",
        ),
        (
            2,
            0x6e78_9e6a_a1b9_65f4,
            ". . . .\n. 2 . .\n. . . .\n. . 2 .",
        ),
        (
            329,
            0x4c47_a8c4_0176_95ec,
            "2 . . .\n. . . .\n. . . .\n. 2 . .",
        ),
        (
            365,
            0x9c69_73b1_cd7c_1a97,
            ". . . 2\n. 2 . .\n. . . .\n. . . .",
        ),
    ] {
        assert_eq!(seed(n), expected_seed, "#{n}");
        let history = game(n);
        assert_eq!(history.present().board.to_string(), board, "#{n}");
        assert_eq!(history.seed(), Some(expected_seed));
        assert_eq!(history.luck(), Luck::Same, "the same luck for everyone");
        assert!(history.is_empty());
    }
}
