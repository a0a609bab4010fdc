//! The player's dailies (`session::dailies`): the streaks their numbers make
//! and the results kept, as tables of the numbers played.

use leptos_2048::session::dailies::{Dailies, DailyResult, KEPT};

/// The dailies of these numbers, each recorded in the order given.
fn played(numbers: &[u32]) -> Dailies {
    let mut dailies = Dailies::default();
    for &number in numbers {
        dailies.record(DailyResult {
            number,
            score: 4 * u64::from(number),
            top: 8,
            moves: 3,
        });
    }
    dailies
}

#[test]
fn the_best_streak_is_the_longest_run_of_consecutive_days_and_a_skipped_day_breaks_it() {
    // numbers played                 best streak
    let rows: &[(&[u32], usize)] = &[
        (&[], 0),
        (&[7], 1),
        (&[1, 2, 3], 3),
        (&[1, 3], 1),
        (&[1, 2, 4], 2),
        (&[1, 2, 4, 5, 6, 7], 4),
        (&[1, 2, 3, 5, 6], 3),
        (&[10, 11, 13, 14, 16, 17, 18], 3),
        (&[5, 3, 4], 3),
    ];
    for &(numbers, best) in rows {
        assert_eq!(played(numbers).best_streak(), best, "played {numbers:?}");
    }
}

#[test]
fn the_current_streak_ends_today_or_yesterday_and_a_skipped_day_breaks_it() {
    // numbers played          today  streak
    let rows: &[(&[u32], u32, usize)] = &[
        (&[], 9, 0),
        (&[9], 9, 1),
        (&[8], 9, 1),
        (&[7], 9, 0),
        (&[6, 7, 8, 9], 9, 4),
        (&[6, 7, 8], 9, 3),
        (&[5, 7, 8, 9], 9, 3),
        (&[1, 2, 3, 9], 9, 1),
    ];
    for &(numbers, today, streak) in rows {
        assert_eq!(
            played(numbers).streak(today),
            streak,
            "played {numbers:?}, today #{today}"
        );
    }
}

#[test]
fn an_attempt_counts_once() {
    let mut dailies = played(&[4]);
    let again = DailyResult {
        number: 4,
        score: 9_999,
        top: 1024,
        moves: 500,
    };
    assert!(!dailies.record(again));
    assert_eq!(dailies.result(4).map(|r| r.score), Some(16));
    assert_eq!(dailies.played(), 1);
}

#[test]
fn the_oldest_result_goes_first_once_more_than_a_thousand_are_kept() {
    assert_eq!(KEPT, 1000);
    let numbers: Vec<u32> = (1..=1001).collect();
    let dailies = played(&numbers);
    let kept: Vec<u32> = dailies.results.iter().map(|r| r.number).collect();
    assert_eq!(kept.len(), 1000);
    assert_eq!(kept.first(), Some(&2), "#1, the oldest, went");
    assert_eq!(kept.last(), Some(&1001), "#1001, the newest, stays");
    assert!(dailies.validate().is_ok());
}
