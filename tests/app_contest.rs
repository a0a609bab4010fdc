//! The rules of playing against other people, one row each, as in
//! `app_update.rs`: the daily (one counted attempt a day, unaided, written
//! at once, its own slot, then practice), its streaks, races against a
//! shared game's ghost, the end of either, the result card, another tab's
//! copy, and the first model from the address and storage.

use leptos_2048::ai::review::Grade;
use leptos_2048::ai::review::{Assessment, CERTAIN};
use leptos_2048::app::bar::bar;
use leptos_2048::app::card::{card_view, result_card, slices, SmallBoard};
use leptos_2048::app::chunks::{Chunk, Fetch};
use leptos_2048::app::computer::Purpose;
use leptos_2048::app::contest::{Against, CardState, DailyAsked, LocalTime, RaceOffer};
use leptos_2048::app::model::Refusal;
use leptos_2048::app::model::{Record, Records};
use leptos_2048::app::rooms;
use leptos_2048::app::words::{self, daily_not_out, notice_words, spaced};
use leptos_2048::app::{
    init, update, Cmd, Ignored, Load, Mode, Model, Msg, Notice, Panel, Query, Saved, Sent,
};
use leptos_2048::engine::{Direction, Input, Pos, Status};
use leptos_2048::session::contest::SavedChallenge;
use leptos_2048::session::dailies::{Dailies, DailyResult};
use leptos_2048::session::daily::{self, Day};
use leptos_2048::session::history::History;
use leptos_2048::session::replay::{self, Replay};
use leptos_2048::session::save::Invalid;
use leptos_2048::session::stored::Loaded;

use Direction::{Down, Left, Right, Up};

mod support;
use support::*;

/// Today in these rows: 25 November 2026, daily #329.
const TODAY: u32 = 329;

/// Noon on `day` of November 2026.
fn november(day: u8) -> LocalTime {
    LocalTime {
        day: Day::new(2026, 11, day).unwrap(),
        second: 12 * 3600,
    }
}

/// The page's own game after two moves, then today's daily opened.
fn in_the_daily() -> Model {
    let own = after(
        fresh(),
        [Msg::Play(Input::Move(Left)), Msg::Play(Input::Move(Up))],
    );
    after(own, [Msg::Idle, Msg::OpenDaily(None), Msg::Idle])
}

/// The moves that change `game`'s board, first found in this order.
fn some_move(model: &Model) -> Direction {
    [Left, Up, Right, Down]
        .into_iter()
        .find(|&d| {
            let mut h = model.board_game().clone();
            h.apply(Input::Move(d))
        })
        .expect("a move that changes the board")
}

/// `model` after `n` moves that change its board.
fn moved(model: impl Into<Model>, n: usize) -> Model {
    let mut model = model.into();
    for _ in 0..n {
        let d = some_move(&model);
        update(&mut model, Msg::Play(Input::Move(d)));
    }
    model
}

/// The challenge as storage keeps it now: stated of the model before a
/// message, or checked of the model after one.
fn stored(model: &Model) -> SavedChallenge {
    model.contest.challenge.as_ref().unwrap().saved()
}

/// Daily #`number`'s attempt as a new one is stored: on the board, its game
/// the day's, nothing played.
fn new_daily(number: u32, counted: bool) -> SavedChallenge {
    SavedChallenge {
        against: Against::Daily { number, counted },
        ended: false,
        on_board: true,
        game: daily::game(number),
    }
}

/// The challenge of `before` as stored once `input` is played on its board
/// (by the engine's rule, `History::apply`), and ended or not.
fn stored_after(before: &Model, input: Input, ended: bool) -> SavedChallenge {
    let mut game = before.board_game().clone();
    assert!(game.apply(input), "the input changes the board");
    SavedChallenge {
        game,
        ended,
        ..stored(before)
    }
}

#[test]
fn the_daily_is_counted_once_then_practice() {
    let own = fresh();
    // The first contest also fetches the code of its views.
    let opened = check(
        &own,
        Msg::OpenDaily(None),
        vec![
            Cmd::SaveChallenge(new_daily(TODAY, true)),
            Cmd::LoadChunk(Chunk::Contest),
        ],
    );
    assert_eq!(
        *opened.board_game(),
        daily::game(TODAY),
        "daily #329's game, nothing played"
    );
    let contest = opened.contest.challenge.as_ref().unwrap();
    assert_eq!(
        contest.against,
        Against::Daily {
            number: TODAY,
            counted: true
        }
    );
    assert_eq!(
        &opened.game.own,
        own.board_game(),
        "the player's own game waits beside it"
    );
    // Asked again while open: it is the same attempt, not a new one.
    let played = moved(opened, 3);
    let again = check(&played, Msg::OpenDaily(Some(TODAY)), vec![]);
    assert_eq!(again.board_game(), played.board_game());
    // Once it has ended, today's daily is practice.
    let ended = after(played, [Msg::Finish, Msg::Finish]);
    // (The review the end started is of the attempt: it stops with it.)
    let practice = check(
        &ended,
        Msg::OpenDaily(None),
        vec![
            Cmd::SaveChallenge(new_daily(TODAY, false)),
            Cmd::CancelAssessments,
        ],
    );
    assert_eq!(
        practice.contest.challenge.as_ref().unwrap().against,
        Against::Daily {
            number: TODAY,
            counted: false
        }
    );
    assert_eq!(*practice.board_game(), daily::game(TODAY));
    assert_eq!(
        practice.help_refused(),
        None,
        "practice takes undo and hints"
    );
}

#[test]
fn a_later_daily_is_refused_and_an_earlier_one_is_practice() {
    let own = fresh();
    let later = check(&own, Msg::OpenDaily(Some(TODAY + 1)), vec![]);
    assert_eq!(
        refusal(&later),
        Some(daily_not_out(TODAY + 1, TODAY).as_str())
    );
    assert_eq!(
        refusal(&later),
        Some("Daily #330 is not out yet: today's is #329.")
    );
    assert!(later.contest.challenge.is_none());
    let earlier = check(
        &own,
        Msg::OpenDaily(Some(300)),
        vec![
            Cmd::SaveChallenge(new_daily(300, false)),
            Cmd::LoadChunk(Chunk::Contest),
        ],
    );
    assert_eq!(
        earlier.contest.challenge.as_ref().unwrap().against,
        Against::Daily {
            number: 300,
            counted: false
        }
    );
    assert_eq!(*earlier.board_game(), daily::game(300));
}

#[test]
fn the_counted_attempt_takes_no_help() {
    let daily = moved(in_the_daily(), 2);
    assert_eq!(daily.help_refused(), Some(Refusal::CountedDaily));
    assert_eq!(
        daily.help_refused().map(words::refusal),
        Some("Off in the daily's counted attempt: it is played once, unaided."),
        "the buttons' title"
    );
    assert!(!daily.can_undo(), "the Undo button is off");
    for purpose in [Purpose::Hint, Purpose::Autoplay] {
        assert!(
            !daily.can_ask_computer(purpose),
            "{purpose:?}'s button is off"
        );
    }
    for help in [
        Msg::Undo,
        Msg::Redo,
        Msg::Hint,
        Msg::Autoplay,
        Msg::Resume(0),
        Msg::Play(Input::NewGame),
    ] {
        let label = help.label();
        let refused = check(&daily, help, vec![]);
        assert_eq!(ignored(&refused), Some(Ignored::Unaided), "{label}");
        assert_eq!(refused.board_game(), daily.board_game(), "{label}");
    }
    assert_eq!(
        Ignored::Unaided.words(),
        "ignored: a counted daily or a race is played unaided"
    );
}

#[test]
fn a_counted_move_is_written_at_once() {
    let daily = in_the_daily();
    let d = some_move(&daily);
    let input = Input::Move(d);
    let written = stored_after(&daily, input, false);
    let after_move = check(&daily, Msg::Play(input), vec![Cmd::SaveChallenge(written)]);
    assert_eq!(stored(&after_move).game.len(), 1);
    assert!(
        !after_move.storage.unsaved.any(),
        "nothing waits for an idle moment"
    );
    // Practice is written at the next idle moment, as the own game is.
    let practice = after(fresh(), [Msg::OpenDaily(Some(300)), Msg::Idle]);
    let d = some_move(&practice);
    let later = check(&practice, Msg::Play(Input::Move(d)), vec![]);
    assert!(later.storage.unsaved.challenge);
    check(&later, Msg::Idle, vec![Cmd::SaveChallenge(stored(&later))]);
}

#[test]
fn the_daily_is_its_own_slot_beside_the_players_game() {
    let daily = moved(in_the_daily(), 4);
    let own_before = daily.game.own.clone();
    assert!(
        daily.no_new_game().is_some(),
        "New Game is off in a contest"
    );
    // The page's title says what the board shows (the clock's day, 25
    // November 2026, is daily #329).
    assert_eq!(daily.title(), "Daily #329 · 2048");
    let back = check(&daily, Msg::OwnGame, vec![]);
    assert_eq!(back.title(), "2048");
    assert_eq!(
        *back.board_game(),
        own_before,
        "the own game, its undo with it"
    );
    assert_eq!(back.no_new_game(), None);
    assert!(back.can_undo());
    assert_eq!(back.help_refused(), None);
    let own_moved = moved(back, 1);
    let again = check(&own_moved, Msg::ShowContest, vec![]);
    assert_eq!(
        again.board_game(),
        daily.board_game(),
        "the daily exactly where it was"
    );
    assert_eq!(&again.game.own, own_moved.board_game());
    // What is written at the idle moment is the own game under its key and
    // the daily under its own.
    let written = update(&mut again.clone(), Msg::Idle);
    assert!(written.contains(&Cmd::SaveGame(own_moved.board_game().present().clone())));
    assert!(written.contains(&Cmd::SaveChallenge(stored(&again))));
    // The statistics of the own game count none of the daily's moves.
    assert_eq!(again.game.stats, own_moved.game.stats);
}

#[test]
fn finish_ends_the_attempt_and_keeps_its_result() {
    let daily = moved(in_the_daily(), 6);
    let end = daily.board_game().present().clone();
    let mut dailies = Dailies::default();
    dailies.record(DailyResult {
        number: TODAY,
        score: end.score,
        top: end.board.max_value(),
        moves: 6,
    });
    let ended = SavedChallenge {
        ended: true,
        ..stored(&daily)
    };
    let asking = check(&daily, Msg::Finish, vec![]);
    assert!(asking.contest.finishing, "the first press asks");
    assert!(!asking.contest.challenge.as_ref().unwrap().ended);
    let finished = check(
        &asking,
        Msg::Finish,
        vec![
            Cmd::SaveDailies(dailies),
            Cmd::SaveChallenge(ended),
            Cmd::AssessMoves {
                id: 1,
                moves: moves_from(&daily, 0),
            },
        ],
    );
    assert!(finished.contest.challenge.as_ref().unwrap().ended);
    assert_eq!(finished.contest.dailies.played(), 1);
    assert_eq!(
        finished.announcement,
        format!(
            "Daily #329 ended: {} in 6 moves, top tile {}.",
            end.score,
            end.board.max_value()
        )
    );
    let d = some_move(&finished);
    let late = check(&finished, Msg::Play(Input::Move(d)), vec![]);
    assert_eq!(ignored(&late), Some(Ignored::Ended));
    let twice = check(&finished, Msg::Finish, vec![]);
    assert_eq!(ignored(&twice), Some(Ignored::NoChange));
    // The end's buttons: share, practice, back.
    let words: Vec<&str> = bar(&finished)
        .unwrap()
        .actions
        .iter()
        .map(|a| a.1)
        .collect();
    assert_eq!(
        words,
        [
            "Share result",
            "Play it again as practice",
            "Back to my game"
        ]
    );
}

#[test]
fn finish_asks_once_more_and_keep_playing_or_a_move_answers_no() {
    let daily = moved(in_the_daily(), 6);
    let score = spaced(daily.board_game().present().score);
    let asking = check(&daily, Msg::Finish, vec![]);
    let shown = bar(&asking).unwrap();
    assert_eq!(
        shown.ended.as_deref(),
        Some(
            format!(
                "Finish here? This ends today's one counted attempt at {score} points; it cannot be played again."
            )
            .as_str()
        ),
        "the question says what it ends"
    );
    assert!(shown.asking, "said as a question, not as the end");
    let words: Vec<&str> = shown.actions.iter().map(|a| a.1).collect();
    assert_eq!(words, ["Yes, finish", "Keep playing"]);
    let kept = check(&asking, Msg::CancelFinish, vec![]);
    assert!(!kept.contest.finishing);
    assert_eq!(
        bar(&kept)
            .unwrap()
            .actions
            .iter()
            .map(|a| a.1)
            .collect::<Vec<_>>(),
        ["Finish", "Back to my game"]
    );
    let again = check(&kept, Msg::CancelFinish, vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    let d = some_move(&asking);
    let played = after(asking.clone(), [Msg::Play(Input::Move(d))]);
    assert!(!played.contest.finishing, "a move answers no");
    let own = after(asking, [Msg::OwnGame]);
    assert!(
        !own.contest.finishing,
        "so does leaving the board to the player's game"
    );
    let back = after(own, [Msg::ShowContest]);
    assert!(!back.contest.challenge.as_ref().unwrap().ended);
    assert_eq!(bar(&back).unwrap().actions[0].1, "Finish");
}

#[test]
fn why_help_is_off_is_said_under_the_board_where_a_touch_player_reads_it() {
    let daily = moved(in_the_daily(), 2);
    assert_eq!(
        daily.computer_line().as_deref(),
        Some("Undo, Hint and Autoplay are off in the daily's counted attempt: it is played once, unaided.")
    );
    let own = after(daily, [Msg::OwnGame]);
    assert_eq!(
        own.computer_line(),
        None,
        "the player's own game takes help"
    );
}

#[test]
fn game_over_ends_the_attempt_by_itself() {
    let mut daily = in_the_daily();
    let mut guard = 0;
    while daily.board_game().present().status != Status::Over {
        let d = some_move(&daily);
        update(&mut daily, Msg::Play(Input::Move(d)));
        guard += 1;
        assert!(guard < 5000, "a game ends");
    }
    assert!(daily.contest.challenge.as_ref().unwrap().ended);
    assert!(daily.contest.dailies.result(TODAY).is_some());
}

/// A reload plays a daily's attempt before the contest's code is in; a
/// game that ended meanwhile is ended when it comes, once.
#[test]
fn a_daily_over_before_the_contests_code_is_ended_when_it_comes() {
    let mut daily = in_the_daily();
    while daily.board_game().present().status != Status::Over {
        let d = some_move(&daily);
        update(&mut daily, Msg::Play(Input::Move(d)));
    }
    // As the page has it when the moves came before the contest's rules:
    // the game over, the attempt not ended, no result, the code loading.
    let challenge = daily.contest.challenge.as_mut().unwrap();
    challenge.ended = false;
    daily.contest.dailies = Default::default();
    daily.chunks = Default::default();
    let loading = after(daily, [Msg::CodeNeeded(Chunk::Contest)]);
    assert_eq!(loading.chunks.of(Chunk::Contest), Fetch::Loading);
    let arrived = after(
        loading,
        [Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: true,
        }],
    );
    assert!(arrived.contest.challenge.as_ref().unwrap().ended);
    assert!(arrived.contest.dailies.result(TODAY).is_some());
    // An attempt that has not ended yet, or has: nothing more.
    let again = moved(in_the_daily(), 3);
    let mut not_here = again.clone();
    not_here.chunks = Default::default();
    let loading = after(not_here, [Msg::CodeNeeded(Chunk::Contest)]);
    check(
        &loading,
        Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: true,
        },
        vec![],
    );
}

#[test]
fn an_open_counted_attempt_is_finished_before_another_contest() {
    let daily = moved(in_the_daily(), 2);
    let next_day = after(daily.clone(), [Msg::Time(november(26)), Msg::OwnGame]);
    let asked = check(&next_day, Msg::OpenDaily(None), vec![]);
    assert_eq!(
        refusal(&asked),
        Some("Daily #329's counted attempt is still open: finish it first (play to the end, or press Finish).")
    );
    assert_eq!(
        asked.board_game(),
        daily.board_game(),
        "the open attempt comes back"
    );
    // Finished, the next day's daily is counted.
    let finished = after(asked, [Msg::Finish, Msg::Finish]);
    let today = after(finished, [Msg::OpenDaily(None)]);
    assert_eq!(
        today.contest.challenge.as_ref().unwrap().against,
        Against::Daily {
            number: 330,
            counted: true
        }
    );
}

#[test]
fn a_streak_counts_consecutive_days_and_breaks_on_a_skip() {
    let result = |number| DailyResult {
        number,
        score: 100,
        top: 16,
        moves: 10,
    };
    let mut d = Dailies::default();
    for n in [320, 321, 322, 325, 326, 327] {
        assert!(d.record(result(n)));
    }
    assert!(!d.record(result(326)), "an attempt counts once");
    assert_eq!(d.streak(327), 3, "played today");
    assert_eq!(
        d.streak(328),
        3,
        "today not played yet: yesterday's run stands"
    );
    assert_eq!(d.streak(329), 0, "a day skipped");
    assert_eq!(d.best_streak(), 3);
    d.record(result(323));
    d.record(result(324));
    assert_eq!(d.best_streak(), 8);
    assert_eq!(d.played(), 8);
    assert_eq!(d.validate(), Ok(()));
}

#[test]
fn the_clock_says_which_daily_is_today() {
    let own = fresh();
    let moved_on = check(&own, Msg::Time(november(26)), vec![]);
    assert_eq!(moved_on.contest.time.today(), 330);
    let same = check(&moved_on, Msg::Time(november(26)), vec![]);
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
    let daily = after(moved_on, [Msg::OpenDaily(None)]);
    assert_eq!(*daily.board_game(), daily::game(330));
    assert_eq!(november(25).until_next(), 12 * 3600);
}

fn race_link() -> String {
    let mut ghost = History::new(Default::default(), 42);
    let mut n = 0;
    for d in [Left, Up, Right, Down].iter().cycle().take(400) {
        if ghost.apply(Input::Move(*d)) {
            n += 1;
        }
        if n == 60 {
            break;
        }
    }
    replay::encode(&Replay::from_history(&ghost).unwrap())
}

fn offered(link: String) -> Model {
    let (model, _) = opened_with(Query {
        race: Some(link),
        ..Query::default()
    });
    after(model, [Msg::Idle])
}

#[test]
fn a_race_link_offers_a_race_against_its_ghost() {
    let link = race_link();
    let model = offered(link.clone());
    let shared = replay::open(&link).unwrap();
    let end = shared.present();
    assert_eq!(
        model.contest.offer,
        Some(RaceOffer {
            link: link.clone(),
            words: format!("Race this game: {} in 60 moves?", end.score)
        })
    );
    assert!(proof(&model)
        .unwrap()
        .starts_with("Replayed move by move: "));
    assert_ne!(
        model.board_game().seed(),
        shared.seed(),
        "the own game stays on the board"
    );
    // The offer is drawn by the contest's chunk: the page asked for it at
    // once, so the race asks for nothing more.
    assert_eq!(model.chunks.of(Chunk::Contest), Fetch::Loading);
    let start = SavedChallenge {
        against: Against::Race(link.clone()),
        ended: false,
        on_board: true,
        game: History::new(Default::default(), 42),
    };
    let racing = check(&model, Msg::Race, vec![Cmd::SaveChallenge(start)]);
    assert_eq!(
        *racing.board_game(),
        History::new(Default::default(), 42),
        "the ghost's start"
    );
    assert_eq!(racing.contest.offer, None);
    assert_eq!(racing.help_refused(), Some(Refusal::Race));
    assert_eq!(
        racing.help_refused().map(words::refusal),
        Some("Off in a race: both players play unaided.")
    );
    // After the racer's moves: the ghost's score at as many moves, and the
    // difference in words.
    let raced = moved(racing, 10);
    let me = raced.board_game().present();
    let ghost_then = shared.score_at(10).unwrap();
    let line = bar(&raced).unwrap().line;
    let lead = me.score as i64 - ghost_then as i64;
    assert!(
        line.starts_with(&format!("Race · ghost {ghost_then} at move 10 · ")),
        "{line}"
    );
    assert!(
        line.ends_with(&leptos_2048::app::words::lead_words(lead)),
        "{line}"
    );
    assert_eq!(bar(&raced).unwrap().lead, Some(lead), "the line's colour");
    let declined = check(&model, Msg::DeclineRace, vec![]);
    assert_eq!(declined.contest.offer, None);
    let nothing = check(&declined, Msg::Race, vec![]);
    assert_eq!(ignored(&nothing), Some(Ignored::NotHere));
}

#[test]
fn a_racers_splits_are_the_moves_it_first_made_each_tile() {
    let mut raced = after(offered(race_link()), [Msg::Race]);
    while raced.board_game().present().board.max_value() < 128 {
        assert!(raced.board_game().len() < 2_000, "the racer makes 128");
        raced = moved(raced, 1);
    }
    // The move count at which the racer's game first had 128, read off its
    // states one by one.
    let first = |tile: u64| {
        (0..=raced.board_game().len())
            .map(|i| raced.board_game().state_at(i).unwrap())
            .find(|s| s.board.max_value() >= tile)
            .unwrap()
            .moves
    };
    let Some(Against::Race(race)) = raced.contest.challenge.as_ref().map(|c| &c.against) else {
        panic!("a race")
    };
    assert_eq!(race.splits.all(), [(128, first(128))]);
}

#[test]
fn a_replay_link_offers_race_beside_watch_and_a_bad_race_link_is_said() {
    let link = race_link();
    let (watching, _) = opened_with(Query {
        replay: Some(link.clone()),
        ..Query::default()
    });
    assert_eq!(watching.contest.offer.map(|o| o.link), Some(link));
    let (bad, _) = opened_with(Query {
        race: Some("2AAAA".into()),
        ..Query::default()
    });
    assert_eq!(bad.contest.offer, None);
    assert!(refusal(&bad)
        .unwrap()
        .starts_with("This race link cannot be opened"));
}

#[test]
fn a_race_ends_in_a_sentence_and_sends_a_link_back() {
    let raced = moved(after(offered(race_link()), [Msg::Race]), 20);
    let end = raced.board_game().present().clone();
    let finished = after(raced, [Msg::Finish, Msg::Finish]);
    let said = bar(&finished).unwrap().ended.unwrap();
    assert!(
        said.starts_with(&format!(
            "You made {} in 20 moves; the ghost made ",
            end.score
        )),
        "{said}"
    );
    let link = replay::encode(&Replay::from_history(finished.board_game()).unwrap());
    let url = format!("{PAGE}?race={link}");
    let sent = check(&finished, Msg::SendBack, vec![Cmd::CopyLink(url)]);
    // The link sent back opens as a race of the racer's game.
    let Some(leptos_2048::app::Share::Made(url)) = sent.model.links.share else {
        panic!("a link made")
    };
    let back = offered(url.split("?race=").nth(1).unwrap().to_string());
    let again = after(back, [Msg::Race]);
    let Some(Against::Race(race)) = again.contest.challenge.map(|c| c.against) else {
        panic!("a race")
    };
    assert_eq!(race.ghost.final_score(), end.score);
    assert_eq!(race.ghost.moves(), 20);
}

#[test]
fn the_shared_card_can_be_copied_as_it_is() {
    let finished = after(moved(in_the_daily(), 12), [Msg::Finish, Msg::Finish]);
    // Nothing shared yet: nothing to copy.
    let nothing = check(&finished, Msg::CopyCard, vec![]);
    assert_eq!(ignored(&nothing), Some(Ignored::NotHere));
    let shared = after(finished, [Msg::ShareResult, Msg::CardDue]);
    let text = shared.contest.card.made().map(|c| c.text.clone()).unwrap();
    let copying = check(&shared, Msg::CopyCard, vec![Cmd::CopyCard(text)]);
    let copied = check(&copying, Msg::CardSent(Sent::Copied), vec![]);
    // Shown as a card: the final board beside the card's lines.
    let card = card_view(&copied).unwrap();
    assert_eq!(card.said, "Copied.");
    let end = &shared.board_game().present().board;
    assert_eq!(
        card.board.cells.iter().max().copied(),
        Some(end.max_value())
    );
    assert!(
        card.board.words.starts_with("The final board: "),
        "{}",
        card.board.words
    );
    // Its lines, then its link, whole (the page shortens it on one line).
    let mut lines: Vec<&str> = card.lines.iter().map(|(l, _)| l.as_str()).collect();
    lines.push(&card.link);
    assert_eq!(lines.join("\n"), shared.contest.card.made().unwrap().text);
    assert!(card.link.starts_with(PAGE), "{}", card.link);
    assert!(
        card.lines[0].0.contains(" points · top tile "),
        "labelled: {}",
        card.lines[0].0
    );
    let sent = copied.contest.card.made().map(|c| c.sent);
    assert_eq!(sent, Some(Some(Sent::Copied)));
}

#[test]
fn a_one_move_game_s_card_says_1_move() {
    let finished = after(
        moved(in_the_daily(), 1),
        [Msg::Finish, Msg::Finish, Msg::ShareResult],
    );
    let due = after(finished, [Msg::CardDue]);
    let text = &due.contest.card.made().unwrap().text;
    let head = text.lines().next().unwrap();
    assert!(head.ends_with(" · 1 move"), "{head}");
}

#[test]
fn the_result_card_waits_for_the_review_at_most_a_few_seconds() {
    let finished = after(moved(in_the_daily(), 12), [Msg::Finish, Msg::Finish]);
    assert!(
        finished.coach.running.is_some(),
        "the review started by itself"
    );
    let waiting = check(&finished, Msg::ShareResult, {
        vec![Cmd::After {
            ms: 3000,
            then: Box::new(Msg::CardDue),
        }]
    });
    assert_eq!(waiting.contest.card, CardState::Waiting);
    // The wait ends: the card goes without the strip.
    let link = replay::encode(&Replay::from_history(waiting.board_game()).unwrap());
    let end = waiting.board_game().present();
    let text = format!(
        "2048 Daily #329 · {} points · top tile {} · 12 moves\n{PAGE}?race={link}",
        spaced(end.score),
        end.board.max_value()
    );
    let due = check(&waiting, Msg::CardDue, vec![Cmd::ShareCard(text.clone())]);
    assert_eq!(due.contest.card.made().unwrap().text, text);
    let stale = check(&due, Msg::CardDue, vec![]);
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
    // No clipboard, no share sheet: the card is shown to copy by hand.
    let shown = check(&due, Msg::CardSent(Sent::Shown), vec![]);
    assert_eq!(shown.contest.card.made().unwrap().sent, Some(Sent::Shown));
    // The review's grades arrive in time: the card has its strip at once.
    let mut graded = waiting.clone();
    let moves: Vec<usize> = graded.coach.moves.iter().map(|mv| mv.at).collect();
    let id = graded.coach.running.unwrap();
    let mut last = Vec::new();
    for at in moves {
        let played = graded
            .coach
            .moves
            .iter()
            .find(|mv| mv.at == at)
            .unwrap()
            .played;
        let mut values = [None; 4];
        values[played as usize] = Some(CERTAIN);
        last = update(
            &mut graded,
            Msg::Assessed {
                id,
                at,
                answer: Ok(Assessment {
                    best: played,
                    target: 9,
                    values,
                    ends: 0,
                }),
            },
        );
    }
    let card = graded
        .contest
        .card
        .made()
        .cloned()
        .expect("the card, made when the review ended");
    assert_eq!(last, vec![Cmd::ShareCard(card.text.clone())]);
    assert!(
        card.text.contains("Accuracy 100% 🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩"),
        "{}",
        card.text
    );
    assert!(
        card.plain.contains("Accuracy 100%, slices: 10 clean"),
        "{}",
        card.plain
    );
    assert!(!card.plain.contains('🟩'));
}

#[test]
fn the_strip_grades_each_tenth_of_the_game_by_its_worst_move() {
    let mut grades = vec![Grade::Best; 25];
    grades[3] = Grade::Inaccuracy;
    grades[24] = Grade::Blunder;
    grades[12] = Grade::Good;
    let s = slices(&grades).unwrap();
    assert_eq!(s.len(), 10);
    assert_eq!(s[1], Grade::Inaccuracy, "moves 2..5");
    assert_eq!(s[9], Grade::Blunder);
    assert_eq!(s[5], Grade::Good, "moves 12..15");
    assert_eq!(
        slices(&grades[..9]),
        None,
        "fewer moves than slices: no strip"
    );
}

#[test]
fn another_tabs_attempt_is_followed_not_doubled() {
    let here = in_the_daily();
    let mut there = here.clone();
    there = moved(there, 3);
    let theirs = stored(&there);
    let followed = check(
        &here,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(theirs.clone()))),
        vec![],
    );
    assert_eq!(
        followed.board_game(),
        there.board_game(),
        "this tab shows the other's moves"
    );
    assert!(!followed.storage.unsaved.challenge, "nothing written back");
    // The other tab finished the counted attempt: this tab keeps its result
    // too (the day's one result, whichever tab played it).
    let end = there.board_game().present().clone();
    let finished_there = after(there.clone(), [Msg::Finish, Msg::Finish]);
    let told = check(
        &here,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(stored(&finished_there)))),
        vec![],
    );
    let kept_result = DailyResult {
        number: TODAY,
        score: end.score,
        top: end.board.max_value(),
        moves: 3,
    };
    assert_eq!(told.contest.dailies.result(TODAY), Some(&kept_result));
    let again = check(
        &followed,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(theirs))),
        vec![],
    );
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
    // A copy behind this tab's (a tab that had not heard of the latest
    // move wrote its older one) is not followed: this tab's goes back.
    let stale = stored(&here);
    let kept = check(
        &followed,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(stale.clone()))),
        vec![Cmd::SaveChallenge(stored(&followed))],
    );
    assert_eq!(kept.board_game(), there.board_game());
    let finished = after(followed.clone(), [Msg::Finish, Msg::Finish]);
    let unfinished = stored(&followed);
    let still = check(
        &finished,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(unfinished))),
        vec![Cmd::SaveChallenge(stored(&finished))],
    );
    assert!(
        still.contest.challenge.as_ref().unwrap().ended,
        "an ended attempt stays ended"
    );
    // A tab showing its own game keeps it there; the daily follows beside.
    let own = after(here, [Msg::OwnGame]);
    let autoplaying = after(own.clone(), [Msg::Autoplay]);
    let beside = check(
        &autoplaying,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(stored(&there)))),
        vec![],
    );
    assert_eq!(beside.board_game(), own.board_game());
    assert!(beside.computer.autoplay, "the own game's autoplay goes on");
    assert_eq!(
        &beside.model.contest.challenge.as_ref().unwrap().game,
        there.board_game()
    );
}

#[test]
fn another_tabs_practice_never_takes_this_tabs_ended_attempt_or_its_card() {
    let finished = after(moved(in_the_daily(), 3), [Msg::Finish, Msg::Finish]);
    // The other tab opened the day again (practice, rightly), or an earlier
    // day's practice.
    for theirs in [new_daily(TODAY, false), new_daily(TODAY - 2, false)] {
        let kept = check(
            &finished,
            Msg::ChallengeElsewhere(Box::new(Loaded::Valid(theirs))),
            vec![],
        );
        assert_eq!(ignored(&kept), Some(Ignored::Ended));
        assert_eq!(kept.contest.challenge, finished.contest.challenge);
        assert_eq!(
            kept.board_game(),
            finished.board_game(),
            "the attempt stays on the board"
        );
        assert_eq!(kept.contest.card, finished.contest.card, "and its card");
        assert_eq!(kept.contest.dailies, finished.contest.dailies);
    }
    // The same attempt, from a tab that finished it too, is followed as before.
    let same = check(
        &finished,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(stored(&finished)))),
        vec![],
    );
    assert_eq!(ignored(&same), Some(Ignored::NoChange));
}

/// What empty storage holds at the page's start, but this stored
/// challenge and these dailies.
fn contest_records(challenge: Loaded<SavedChallenge>, dailies: Loaded<Dailies>) -> Saved {
    Saved {
        challenge,
        dailies,
        ..saved(Default::default(), Load::Start, Loaded::Missing)
    }
}

/// The page opened with this stored challenge and these dailies.
fn reopened(challenge: Loaded<SavedChallenge>, dailies: Loaded<Dailies>) -> Model {
    let (model, _) = init(&flags(Query::default()));
    let records = contest_records(challenge, dailies);
    after(model, [Msg::Loaded(Box::new(records))])
}

#[test]
fn a_reload_resumes_the_attempt_where_it_was() {
    let daily = moved(in_the_daily(), 5);
    let back = reopened(Loaded::Valid(stored(&daily)), Loaded::Missing);
    assert_eq!(back.board_game(), daily.board_game());
    assert_eq!(back.help_refused(), daily.help_refused());
    assert!(back.contest.challenge.as_ref().unwrap().on_board);
    // A race too, with its ghost and the racer's splits folded again.
    let race = moved(after(offered(race_link()), [Msg::Race, Msg::Idle]), 30);
    let back = reopened(Loaded::Valid(stored(&race)), Loaded::Missing);
    assert_eq!(back.board_game(), race.board_game());
    assert_eq!(
        back.contest, race.contest,
        "the same ghost, the same splits"
    );
    // Beside the own game, it stays beside.
    let beside = after(daily, [Msg::OwnGame]);
    let back = reopened(Loaded::Valid(stored(&beside)), Loaded::Missing);
    assert!(!back.contest.challenge.as_ref().unwrap().on_board);
    assert_eq!(
        back.contest.challenge.unwrap().game,
        beside.contest.challenge.unwrap().game
    );
}

#[test]
fn a_corrupt_or_future_record_is_said_once_and_loses_nothing_else() {
    for why in [Invalid::Version(2), Invalid::Malformed("x".into())] {
        let set_aside = Loaded::SetAside { why, kept: true };
        let model = reopened(set_aside.clone(), Loaded::Missing);
        let named = Notice::SetAside(Records::of(&[Record::Challenge]));
        assert_eq!(model.storage.notice, Some(named));
        assert!(model.contest.challenge.is_none());
        let model = reopened(
            Loaded::Missing,
            Loaded::SetAside {
                why: Invalid::Version(9),
                kept: true,
            },
        );
        assert_eq!(
            model.storage.notice,
            Some(Notice::SetAside(Records::of(&[Record::Dailies])))
        );
    }
    // Both at once: one notice, naming both.
    let both = reopened(
        Loaded::SetAside {
            why: Invalid::Version(2),
            kept: true,
        },
        Loaded::SetAside {
            why: Invalid::Version(9),
            kept: true,
        },
    );
    let notice = both.storage.notice.unwrap();
    assert_eq!(
        notice,
        Notice::SetAside(Records::of(&[Record::Challenge, Record::Dailies]))
    );
    assert_eq!(
        notice_words(notice),
        "Some saved data (the daily's attempt or race, the dailies' results) could not \
         be read and was set aside, not deleted. Your game is not affected."
    );
}

#[test]
fn another_tabs_record_that_fails_its_checks_is_set_aside_and_said_as_a_loaded_one_is() {
    let here = moved(in_the_daily(), 2);
    let unreadable = Loaded::SetAside {
        why: Invalid::Version(2),
        kept: true,
    };
    let told = check(&here, Msg::ChallengeElsewhere(Box::new(unreadable)), vec![]);
    assert_eq!(
        told.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Challenge])))
    );
    assert_eq!(
        told.contest.challenge, here.contest.challenge,
        "nothing else lost"
    );
    assert_eq!(told.board_game(), here.board_game());
    // A race whose link no longer opens is set aside as at the page's start.
    let broken_race = SavedChallenge {
        against: Against::Race("1broken".into()),
        ended: false,
        on_board: true,
        game: here.board_game().clone(),
    };
    let told = check(
        &here,
        Msg::ChallengeElsewhere(Box::new(Loaded::Valid(broken_race))),
        vec![],
    );
    assert_eq!(
        told.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Challenge])))
    );
    assert_eq!(told.board_game(), here.board_game());
}

#[test]
fn the_address_opens_a_daily() {
    let open = |daily: &str| {
        opened_with(Query {
            daily: Some(daily.into()),
            ..Query::default()
        })
    };
    let (today, cmds) = open("");
    assert_eq!(*today.board_game(), daily::game(TODAY));
    assert!(
        cmds.contains(&Cmd::Load(Default::default(), Load::Start)),
        "the own game is read too"
    );
    let (earlier, _) = open("12");
    assert_eq!(
        earlier.contest.challenge.unwrap().against,
        Against::Daily {
            number: 12,
            counted: false
        }
    );
    let (later, _) = open("400");
    assert_eq!(refusal(&later), Some(daily_not_out(400, TODAY).as_str()));
    let (bad, _) = open("x");
    assert!(refusal(&bad)
        .unwrap()
        .starts_with("This daily link does not name a daily"));
}

#[test]
fn a_daily_link_says_which_daily_it_proved() {
    let mut game = daily::game(TODAY);
    for d in [Left, Up, Left] {
        game.apply(Input::Move(d));
    }
    let link = replay::encode(&Replay::from_history(&game).unwrap());
    let model = offered(link);
    let said = proof(&model).unwrap();
    assert!(
        said.starts_with("Daily #329, replayed move by move: "),
        "{said}"
    );
}

#[test]
fn the_card_never_claims_what_its_link_cannot_prove() {
    let finished = after(
        moved(in_the_daily(), 12),
        [Msg::Finish, Msg::Finish, Msg::CancelReview],
    );
    let (text, plain) = result_card(&finished).unwrap();
    assert!(!text.contains("Streak"), "a streak is not in the link");
    assert!(
        !plain.contains("Accuracy"),
        "no grades until the review has them all"
    );
}

#[test]
fn the_contests_views_are_fetched_once_there_is_a_contest() {
    let daily = check(
        &fresh(),
        Msg::OpenDaily(None),
        vec![
            Cmd::SaveChallenge(new_daily(TODAY, true)),
            Cmd::LoadChunk(Chunk::Contest),
        ],
    );
    assert_eq!(daily.chunks.of(Chunk::Contest), Fetch::Loading);
    // Moves and the way back and forth ask nothing while it loads.
    let back = check(&daily, Msg::OwnGame, vec![]);
    let failed = check(
        &back,
        Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: false,
        },
        vec![],
    );
    assert_eq!(failed.chunks.of(Chunk::Contest), Fetch::Failed);
    // Shown again after a failure, it asks again; once here, never.
    let again = check(&failed, Msg::ShowContest, {
        vec![Cmd::LoadChunk(Chunk::Contest)]
    });
    let here = check(
        &again,
        Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: true,
        },
        vec![],
    );
    assert_eq!(here.chunks.of(Chunk::Contest), Fetch::Loaded);
    let stale = check(
        &here,
        Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: true,
        },
        vec![],
    );
    assert_eq!(ignored(&stale), Some(Ignored::Stale));
    check(&here, Msg::OwnGame, vec![]);
    // A page opened on a stored challenge asks once storage has said so.
    let (opening, _) = init(&flags(Query::default()));
    let records = contest_records(Loaded::Valid(stored(&daily)), Loaded::Missing);
    check(
        &opening,
        Msg::Loaded(Box::new(records)),
        vec![Cmd::LoadChunk(Chunk::Contest)],
    );
}

/// On the page the contest's rules arrive with its chunk (`app::rooms`):
/// which messages need them, while the model says the chunk is not here,
/// is the model's to say, and the runtime holds those until it is.
#[test]
fn the_contests_rules_are_wanted_until_its_chunk_is_here() {
    let daily = after(fresh(), [Msg::OpenDaily(None)]);
    let here = after(
        daily.clone(),
        [Msg::ChunkLoaded {
            chunk: Chunk::Contest,
            loaded: true,
        }],
    );
    let own = after(here.clone(), [Msg::OwnGame]);
    let (opening, _) = init(&flags(Query::default()));
    let first = contest_records(Loaded::Valid(stored(&daily)), Loaded::Missing);
    let mut asked = opening.clone();
    asked.contest.asked = Some(DailyAsked::Today);
    let new = fresh();
    let racing = after(offered(race_link()), [Msg::Race]);
    let play = Msg::Play(Input::Move(Left));
    let contest = Some(Chunk::Contest);
    let rows: Vec<(&str, &Model, Msg, Option<Chunk>)> = vec![
        ("a daily opened", &new, Msg::OpenDaily(None), contest),
        (
            "another tab's challenge",
            &new,
            Msg::ChallengeElsewhere(Box::new(Loaded::Valid(stored(&daily)))),
            contest,
        ),
        ("the clock", &new, Msg::Time(november(26)), None),
        ("a move, no challenge", &new, play.clone(), None),
        // A daily's move is played at once, booked when the code comes
        // (`contest::arrived`); a race's waits, its splits counting each.
        (
            "a move on the daily, chunk loading",
            &daily,
            play.clone(),
            None,
        ),
        (
            "a move in a race, chunk loading",
            &racing,
            play.clone(),
            contest,
        ),
        ("a move on the daily, chunk here", &here, play.clone(), None),
        ("Finish, chunk here", &here, Msg::Finish, None),
        ("a move on the own game beside it", &own, play, None),
        (
            "storage at the start",
            &opening,
            Msg::Loaded(Box::new(first.clone())),
            None,
        ),
        (
            "storage, the address asked a daily",
            &asked,
            Msg::Loaded(Box::new(first)),
            contest,
        ),
    ];
    for (name, model, msg, want) in rows {
        assert_eq!(rooms::code_wanted(model, &msg), want, "{name}");
    }
    // Wanted, the chunk is fetched once.
    let wanted = check(
        &fresh(),
        Msg::CodeNeeded(Chunk::Contest),
        vec![Cmd::LoadChunk(Chunk::Contest)],
    );
    assert_eq!(wanted.chunks.of(Chunk::Contest), Fetch::Loading);
    let again = check(&wanted, Msg::CodeNeeded(Chunk::Contest), vec![]);
    assert_eq!(ignored(&again), Some(Ignored::NoChange));
}

#[test]
fn the_ghosts_board_shows_beside_the_racers_on_asking() {
    let link = race_link();
    let racing = moved(after(offered(link.clone()), [Msg::Race]), 7);
    let words = |m: &Model| -> Vec<&str> { bar(m).unwrap().actions.iter().map(|a| a.1).collect() };
    assert_eq!(bar(&racing).unwrap().ghost, None, "off at first");
    assert_eq!(words(&racing)[2], "Show the ghost's board");
    let shown = check(&racing, Msg::ToggleGhost, vec![]);
    let SmallBoard {
        width,
        cells,
        words: said,
    } = bar(&shown).unwrap().ghost.unwrap();
    let mut ghost = replay::open(&link).unwrap();
    ghost.seek(7);
    let board = &ghost.present().board;
    let want: Vec<u64> = (0..4)
        .flat_map(|y| (0..4).map(move |x| Pos { x, y }))
        .map(|p| board.get(p).map_or(0, |t| t.value))
        .collect();
    assert_eq!((width, cells), (4, want), "the ghost's board after 7 moves");
    assert!(said.starts_with("The ghost's board at move 7: "), "{said}");
    assert_eq!(words(&shown)[2], "Hide the ghost's board");
    let hidden = check(&shown, Msg::ToggleGhost, vec![]);
    assert_eq!(bar(&hidden).unwrap().ghost, None);
    let daily = in_the_daily();
    let refused = check(&daily, Msg::ToggleGhost, vec![]);
    assert_eq!(ignored(&refused), Some(Ignored::NotHere));
}

#[test]
fn the_cards_picture_is_the_game_its_link_replays_wherever_the_board_is() {
    let finished = after(moved(in_the_daily(), 12), [Msg::Finish, Msg::Finish]);
    let daily_end = finished.board_game().present().board.clone();
    let shared = after(finished, [Msg::ShareResult, Msg::CardDue]);
    // The review of the daily, still running, stops with it off the board.
    let back = check(&shared, Msg::OwnGame, vec![Cmd::CancelAssessments]);
    assert_ne!(
        back.board_game().present().board,
        daily_end,
        "the player's own game is on the board now"
    );
    let card = card_view(&back).expect("the card stays");
    assert_eq!(card.board, SmallBoard::of(&daily_end, "The final board"));
    assert!(
        card.lines[0].0.starts_with("2048 Daily #329 · "),
        "{}",
        card.lines[0].0
    );
}

#[test]
fn share_says_what_it_did_and_copy_what_it_did() {
    let finished = after(moved(in_the_daily(), 12), [Msg::Finish, Msg::Finish]);
    let shared = after(finished, [Msg::ShareResult, Msg::CardDue]);
    assert_eq!(card_view(&shared).unwrap().said, "Sharing…");
    // No share sheet: Share put the card on the clipboard, and says so.
    let fell_back = check(&shared, Msg::CardSent(Sent::Copied), vec![]);
    assert_eq!(
        card_view(&fell_back).unwrap().said,
        "No share sheet here, so the card was copied: paste it to share."
    );
    let sheet = check(&shared, Msg::CardSent(Sent::Shared), vec![]);
    assert_eq!(card_view(&sheet).unwrap().said, "Shared.");
    // Copy pressed: it says it copied.
    let text = shared.contest.card.made().unwrap().text.clone();
    let copying = check(&fell_back, Msg::CopyCard, vec![Cmd::CopyCard(text)]);
    assert_eq!(card_view(&copying).unwrap().said, "Copying…");
    let copied = check(&copying, Msg::CardSent(Sent::Copied), vec![]);
    assert_eq!(card_view(&copied).unwrap().said, "Copied.");
}

#[test]
fn no_stale_line_once_the_counted_daily_has_ended() {
    let daily = moved(in_the_daily(), 6);
    let asking = check(&daily, Msg::Finish, vec![]);
    let finished = after(asking, [Msg::Finish]);
    let end = finished.board_game().present().clone();
    assert_eq!(
        finished.computer_line(),
        None,
        "help is not offered, and the bar says why: it ended"
    );
    let shown = bar(&finished).unwrap();
    assert_eq!(shown.line, "Daily #329 · your counted attempt");
    assert_eq!(
        shown.ended,
        Some(format!(
            "Daily #329 ended: {} in 6 moves, top tile {}.",
            end.score,
            end.board.max_value()
        )),
        "said once, under the line"
    );
    let own = after(finished, [Msg::OwnGame]);
    let beside = bar(&own).unwrap();
    assert_eq!(
        beside.line,
        "Daily #329 has ended: its result is beside your game."
    );
    assert_eq!(beside.actions[0].1, "See the result");
    // While it can still be played, it is waiting.
    let waiting = bar(&after(daily, [Msg::OwnGame])).unwrap();
    assert_eq!(waiting.line, "Daily #329 is waiting beside your game.");
    assert_eq!(waiting.actions[0].1, "Back to the daily");
}

#[test]
fn the_board_shows_the_present_of_whichever_game_is_put_on_it() {
    let viewing = after(
        moved(in_the_daily(), 4),
        [Msg::Toggle(Panel::History), Msg::View(Some(1))],
    );
    assert_eq!(viewing.travel.mode, Mode::Viewing(1), "the daily's past");
    let own = check(&viewing, Msg::OwnGame, vec![]);
    assert_eq!(own.travel.mode, Mode::Live, "the own game's present");
    let own_past = after(own, [Msg::View(Some(0))]);
    assert_eq!(own_past.travel.mode, Mode::Viewing(0));
    let back = check(&own_past, Msg::ShowContest, vec![]);
    assert_eq!(back.travel.mode, Mode::Live, "the daily's present");
}

#[test]
fn the_history_panel_checks_the_game_on_the_board() {
    let daily = moved(in_the_daily(), 3);
    let opened = after(daily, [Msg::Toggle(Panel::History)]);
    let checked = opened.travel.verification.as_ref().expect("a check");
    assert_eq!(checked.seed, daily::game(TODAY).seed(), "the daily's game");
    assert_eq!(checked.inputs, 3);
    assert_eq!(checked.result, Ok(()));
}
