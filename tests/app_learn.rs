//! Learn from your mistakes, natively: the walk through a reviewed game's
//! mistakes and blunders, an answer judged by the review's own assessment,
//! Try again, Show me and Skip, the end's count, the deck the positions
//! join (Leitner's boxes), Practice, and what a walk does to the rest of
//! the page. Expected values come from the model before, or are literals.

mod support;

use leptos_2048::ai::review::{Assessment, Grade, CERTAIN};
use leptos_2048::app::chunks::Chunk;
use leptos_2048::app::ignored::Ignored;
use leptos_2048::app::learn::{Said, Source};
use leptos_2048::app::model::{Record, Records};
use leptos_2048::app::walk_bar::walk_bar;
use leptos_2048::app::{update, Cmd, Model, Msg, Notice, Query};
use leptos_2048::engine::{Direction, Input};
use leptos_2048::session::deck::Deck;
use leptos_2048::session::save::Invalid;
use leptos_2048::session::stored::Loaded;
use support::*;
use Direction::{Down, Left, Right, Up};

/// The moves of the game reviewed: every one changes the board.
const MOVES: [Direction; 8] = [Left, Up, Right, Up, Left, Down, Left, Up];

/// Where the review finds a blunder and a mistake, and how many points
/// of the chance each gave away.
const BLUNDER: (usize, f32) = (2, 25.0);
const MISTAKE: (usize, f32) = (5, 8.0);

/// The move played at history index `at`.
fn played_at(m: &Model, at: usize) -> Direction {
    match m.board_game().inputs()[at] {
        Input::Move(d) => d,
        other => panic!("input {at} is {other:?}, not a move"),
    }
}

/// A move other than the one played at `at`.
fn other_than_played(m: &Model, at: usize) -> Direction {
    let played = played_at(m, at);
    Direction::ALL.into_iter().find(|&d| d != played).unwrap()
}

/// The review's answer about the move at `at`: `best` keeps a certain
/// chance; every other move keeps `loss` points less.
fn assessed(at: usize, best: Direction, loss: f32) -> Msg {
    let other = CERTAIN - (loss * 100.0) as i32;
    Msg::Assessed {
        id: 1,
        at,
        answer: Ok(Assessment {
            best,
            target: 9,
            values: Direction::ALL.map(|d| Some(if d == best { CERTAIN } else { other })),
            ends: 0,
        }),
    }
}

/// The game of `MOVES`, reviewed: a blunder and a mistake where the
/// constants say, every other move the review's own pick; the deck read
/// (empty, as storage gave it).
fn reviewed() -> Model {
    let deck = Msg::DeckLoaded(Box::new(Loaded::Missing));
    let game = after(fresh(), MOVES.map(|d| Msg::Play(Input::Move(d))));
    let mut model = after(game, [Msg::Review, deck]);
    for at in 0..MOVES.len() {
        let answer = match at {
            a if a == BLUNDER.0 => assessed(a, other_than_played(&model, a), BLUNDER.1),
            a if a == MISTAKE.0 => assessed(a, other_than_played(&model, a), MISTAKE.1),
            a => assessed(a, played_at(&model, a), 0.0),
        };
        model = after(model, [answer]);
    }
    assert_eq!(model.coach.running, None, "the review is done");
    model
}

/// The review's best move at `at`.
fn best_at(m: &Model, at: usize) -> Direction {
    m.coach.verdict_at(at).unwrap().best
}

/// What the walk says of the position it asks.
fn said(m: &Model) -> Said {
    m.learn.walk.as_ref().unwrap().said
}

/// The walk's position asked now, as its history index.
fn asked_at(m: &Model) -> Option<usize> {
    m.learn.walk.as_ref()?.position()?.at
}

fn answer(d: Direction) -> Msg {
    Msg::Play(Input::Move(d))
}

#[test]
fn the_walk_asks_the_reviews_mistakes_and_blunders_in_order_on_their_real_boards() {
    let model = reviewed();
    assert_eq!(model.mistakes_to_learn(), 2);
    let walk = check(&model, Msg::Learn, vec![]);
    // Both positions join the deck, as the model before says them, written
    // at the next idle moment.
    let mut deck = Deck::default();
    let today = model.contest.time.day;
    for at in [BLUNDER.0, MISTAKE.0] {
        let state = model.board_game().state_at(at).unwrap();
        let verdict = *model.coach.verdict_at(at).unwrap();
        deck.add(state, verdict, at as u32 + 1, today);
    }
    assert_eq!(deck_written(&walk), deck);
    let w = walk.learn.walk.as_ref().unwrap();
    assert_eq!(w.source, Source::Review);
    let ats: Vec<Option<usize>> = w.positions.iter().map(|p| p.at).collect();
    assert_eq!(ats, [Some(BLUNDER.0), Some(MISTAKE.0)]);
    // The board shows the state before the blunder, its generator included.
    assert_eq!(
        *walk.shown(),
        model.board_game().state_at(BLUNDER.0).unwrap()
    );
    assert_eq!(walk.arrow(), None, "the better move is not shown");
    assert_eq!(walk.computer_line(), None);
    let bar = walk_bar(&walk).unwrap();
    assert_eq!(bar.progress, "Position 1 of 2");
    assert_eq!(
        bar.line,
        format!(
            "Move 3: {} was a blunder. It cost about 25 points of your chance to make 512. \
             Find a better move.",
            played_at(&model, BLUNDER.0).word()
        )
    );
}

/// The deck waiting to be written in `m`, as the next idle moment writes
/// it (nothing is written on the key).
fn deck_written(m: &Model) -> Deck {
    assert!(m.storage.unsaved.deck, "the deck waits to be written");
    let cmds = update(&mut m.clone(), Msg::Idle);
    let written = cmds.into_iter().find_map(|c| match c {
        Cmd::SaveDeck(deck) => Some(deck),
        _ => None,
    });
    written.expect("the idle moment writes the deck")
}

/// The deck after the position asked in `m` is settled: its card answered
/// `right` or not, today, as the model before holds it.
fn settled(m: &Model, right: bool) -> Deck {
    let mut deck = deck_of(m);
    let card = deck.cards().iter().position(|c| c.state == *m.shown());
    deck.answered(
        card.expect("the position's card"),
        right,
        m.contest.time.day,
    );
    deck
}

/// The deck the model holds.
fn deck_of(m: &Model) -> Deck {
    m.learn.deck.clone().expect("the deck is read")
}

#[test]
fn an_answer_is_judged_by_the_reviews_assessment_try_again_show_me_skip() {
    let model = reviewed();
    let walk = after(model.clone(), [Msg::Learn]);
    let (played, best) = (played_at(&model, BLUNDER.0), best_at(&model, BLUNDER.0));

    // The move played is never the answer: not quite, and what it keeps.
    let wrong = check(&walk, answer(played), vec![]);
    let Said::NotQuite(v) = said(&wrong) else {
        panic!("{:?}", said(&wrong))
    };
    assert_eq!((v.played, v.grade), (played, Grade::Blunder));
    assert_eq!(
        walk_bar(&wrong).unwrap().line,
        format!(
            "Not quite: {} keeps 75%, about 25 points less than the best move.",
            played.word()
        )
    );
    // While it says so, another key is the next try; Try again clears
    // what it said and asks again.
    let direct = after(wrong.clone(), [answer(best)]);
    assert!(
        matches!(said(&direct), Said::Found(_)),
        "{:?}",
        said(&direct)
    );
    let again = check(&wrong, Msg::TryAgain, vec![]);
    assert_eq!(said(&again), Said::Asking);

    // The review's best move is found; a card missed once goes back to
    // the first box (it stays there: it was there).
    let found = check(&again, answer(best), vec![]);
    assert_eq!(deck_written(&found), settled(&again, false));
    let Said::Found(v) = said(&found) else {
        panic!("{:?}", said(&found))
    };
    assert_eq!((v.played, v.grade), (best, Grade::Best));
    let w = found.learn.walk.as_ref().unwrap();
    assert_eq!((w.found, w.first_try), (1, 0));
    assert_eq!(
        walk_bar(&found).unwrap().line,
        format!(
            "{}: best. It keeps 100% of your chance to make 512.",
            capital(best.word())
        )
    );

    // The next position, found at the first try: its card moves to the
    // second box, due in two days.
    let next = check(&found, Msg::NextPosition, vec![]);
    assert_eq!(asked_at(&next), Some(MISTAKE.0));
    let best = best_at(&model, MISTAKE.0);
    let right = check(&next, answer(best), vec![]);
    assert_eq!(deck_written(&right), settled(&next, true));
    let card = |m: &Model| {
        let deck = deck_of(m);
        deck.cards()
            .iter()
            .position(|c| c.state == *next.shown())
            .unwrap()
    };
    assert_eq!(deck_of(&right).cards()[card(&right)].slot, 1);
    let w = right.learn.walk.as_ref().unwrap();
    assert_eq!((w.found, w.first_try), (2, 1));

    // The end: the count, and the way back to the game.
    let end = check(&right, Msg::NextPosition, vec![]);
    let bar = walk_bar(&end).unwrap();
    assert_eq!(
        bar.progress,
        "You found 2 of 2 better moves, 1 at the first try."
    );
    assert_eq!(*end.shown(), *model.board_game().present());
    let back = check(&end, Msg::EndWalk, vec![]);
    assert_eq!(back.learn.walk, None);
    assert_eq!(*back.shown(), *model.board_game().present());
}

fn capital(word: &str) -> String {
    let mut c = word.chars();
    c.next().unwrap().to_uppercase().chain(c).collect()
}

#[test]
fn show_me_draws_the_best_move_and_skip_goes_on_both_count_as_missed() {
    let model = reviewed();
    let walk = after(model.clone(), [Msg::Learn]);
    let best = best_at(&model, BLUNDER.0);
    let shown = check(&walk, Msg::ShowMe, vec![]);
    assert_eq!(deck_written(&shown), settled(&walk, false));
    assert_eq!(said(&shown), Said::Shown);
    assert_eq!(shown.arrow(), Some(best));
    assert_eq!(
        walk_bar(&shown).unwrap().line,
        format!("The best move here is {}: it keeps 100%.", best.word())
    );
    // Shown, a key is no answer.
    let late = check(&shown, answer(best), vec![]);
    assert_eq!(ignored(&late), Some(Ignored::ReadOnly));
    let next = check(&shown, Msg::NextPosition, vec![]);
    let skipped = check(&next, Msg::Skip, vec![]);
    assert_eq!(deck_written(&skipped), settled(&next, false));
    let w = skipped.learn.walk.as_ref().unwrap();
    assert!(w.ended());
    assert_eq!((w.found, w.first_try), (0, 0));
    assert_eq!(
        walk_bar(&skipped).unwrap().progress,
        "You found 0 of 2 better moves, 0 at the first try."
    );
}

#[test]
fn a_walk_takes_the_board_help_waits_and_what_acts_on_the_game_closes_it() {
    let model = reviewed();
    let walk = after(model.clone(), [Msg::Learn]);
    for (msg, why) in [
        (Msg::Undo, Ignored::ReadOnly),
        (Msg::Redo, Ignored::ReadOnly),
        (Msg::Hint, Ignored::ReadOnly),
        (Msg::Autoplay, Ignored::ReadOnly),
    ] {
        let label = msg.label();
        let done = check(&walk, msg, vec![]);
        assert_eq!(ignored(&done), Some(why), "{label}");
        assert!(done.learn.walk.is_some(), "{label}");
    }
    assert!(!walk.can_undo());
    // New Game closes the walk and starts the new game.
    let new_game = after(walk.clone(), [Msg::Play(Input::NewGame)]);
    assert_eq!(new_game.learn.walk, None);
    assert_eq!(new_game.board_game().inputs().last(), Some(&Input::NewGame));
    // Viewing a move of the history closes it too.
    let viewed = after(walk, [Msg::View(Some(1))]);
    assert_eq!(viewed.learn.walk, None);
}

#[test]
fn without_a_review_or_a_due_card_there_is_nothing_to_walk() {
    let played = after(fresh(), MOVES.map(|d| Msg::Play(Input::Move(d))));
    let none = check(&played, Msg::Learn, vec![]);
    assert_eq!(ignored(&none), Some(Ignored::NoChange));
    // No deck read yet: Practice is not possible here.
    let early = check(&played, Msg::Practice, vec![]);
    assert_eq!(ignored(&early), Some(Ignored::NotHere));
    let read = after(played, [Msg::DeckLoaded(Box::new(Loaded::Missing))]);
    let empty = check(&read, Msg::Practice, vec![]);
    assert_eq!(ignored(&empty), Some(Ignored::NoChange));
    for msg in [Msg::TryAgain, Msg::ShowMe, Msg::Skip, Msg::NextPosition] {
        let label = msg.label();
        assert_eq!(
            ignored(&check(&read, msg, vec![])),
            Some(Ignored::NotHere),
            "{label}"
        );
    }
}

#[test]
fn the_deck_read_after_the_walk_began_takes_its_positions_and_practice_serves_them() {
    // The walk began before storage answered: the deck, once read, takes
    // the walk's positions and is written.
    let model = reviewed();
    let mut unread = model.clone();
    unread.learn.deck = None;
    let walk = after(unread, [Msg::Learn]);
    let today = model.contest.time.day;
    let read = check(&walk, Msg::DeckLoaded(Box::new(Loaded::Missing)), vec![]);
    let mut deck = Deck::default();
    for p in &walk.learn.walk.as_ref().unwrap().positions {
        deck.add(p.state.clone(), p.verdict.unwrap(), p.number, today);
    }
    assert_eq!(deck_written(&read), deck);
    assert_eq!(deck_of(&read).len(), 2);
    assert_eq!(read.learn.counts(today), Some((2, 2, 0)));
    // Practice walks the cards due, on their own boards.
    let ended = after(read, [Msg::EndWalk]);
    let practice = check(&ended, Msg::Practice, vec![]);
    let w = practice.learn.walk.as_ref().unwrap();
    assert_eq!(w.source, Source::Practice);
    assert_eq!(w.positions.len(), 2);
    assert_eq!(*practice.shown(), deck_of(&ended).cards()[0].state);
    // A card of the deck has no puzzle link: no Share.
    let bar = walk_bar(&practice).unwrap();
    assert!(bar.actions.iter().all(|a| a.2 != Msg::SharePuzzle));
}

#[test]
fn a_deck_that_fails_its_checks_is_set_aside_and_named_and_learn_goes_on() {
    let model = after(fresh(), MOVES.map(|d| Msg::Play(Input::Move(d))));
    let bad = Loaded::SetAside {
        why: Invalid::Impossible("a card in box 9".into()),
        kept: true,
    };
    let aside = check(&model, Msg::DeckLoaded(Box::new(bad.clone())), vec![]);
    assert_eq!(
        aside.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Deck])))
    );
    assert_eq!(deck_of(&aside).len(), 0);
    // Another tab's bad deck: named too, this tab's deck kept.
    let elsewhere = check(&aside, Msg::DeckElsewhere(Box::new(bad)), vec![]);
    assert_eq!(
        elsewhere.storage.notice,
        Some(Notice::SetAside(Records::of(&[Record::Deck])))
    );
    let theirs = reviewed_deck();
    let followed = check(
        &aside,
        Msg::DeckElsewhere(Box::new(Loaded::Valid(theirs.clone()))),
        vec![],
    );
    assert_eq!(deck_of(&followed), theirs);
}

/// The deck a walk of `reviewed` made.
fn reviewed_deck() -> Deck {
    deck_of(&after(reviewed(), [Msg::Learn]))
}

/// The page opened with a puzzle link to `shared_link()`'s move `n`.
fn puzzle_query(n: &str) -> Query {
    Query {
        replay: Some(shared_link()),
        puzzle: Some(n.into()),
        ..Query::default()
    }
}

#[test]
fn a_puzzle_link_replays_its_game_asks_for_learns_code_and_searches_its_one_move() {
    let (model, cmds) = opened_with(puzzle_query("3"));
    // The link's game, replayed from its seed, is on the board; learn's
    // code is asked for at once, and finds the move once it is in.
    assert!(cmds.contains(&Cmd::LoadChunk(Chunk::Learn)), "{cmds:?}");
    assert_eq!(model.learn.asked.as_deref(), Some("3"));
    assert_eq!(proof(&model), None);
    let position = model.board_game().state_at(2).unwrap();
    // Learn's code is in: the deck is read, the note says what the
    // position proved, and the coach searches the one move, as a review
    // does.
    let board = leptos_2048::ai::bitboard::from_board(&position.board).unwrap();
    let arrived = check(
        &model,
        Msg::ChunkLoaded {
            chunk: Chunk::Learn,
            loaded: true,
        },
        vec![
            Cmd::LoadDeck,
            Cmd::AssessMoves {
                id: 1,
                moves: vec![(2, board)],
            },
        ],
    );
    assert_eq!(
        proof(&arrived),
        Some("From a game replayed from its seed: move 3 of 4, 8 to make.")
    );
    assert_eq!(*arrived.shown(), position);
    assert_eq!(
        walk_bar(&arrived).unwrap().line,
        "The coach is looking at this position…"
    );
    // No answer before the search's: a key changes nothing.
    let early = check(&arrived, answer(Up), vec![]);
    assert_eq!(ignored(&early), Some(Ignored::ReadOnly));
    // The verdict is in: the walk asks, and judges by it.
    let played = played_at(&arrived, 2);
    let best = other_than_played(&arrived, 2);
    let searched = after(arrived, [assessed(2, best, 30.0)]);
    let bar = walk_bar(&searched).unwrap();
    assert!(bar.line.ends_with("Find a better move."), "{}", bar.line);
    let wrong = after(searched.clone(), [answer(played)]);
    assert!(matches!(said(&wrong), Said::NotQuite(_)));
    let right = after(searched, [answer(best)]);
    assert!(matches!(said(&right), Said::Found(_)));
}

#[test]
fn a_changed_or_cut_puzzle_link_is_refused_in_words_and_a_fresh_game_starts() {
    let link = shared_link();
    let mut changed = link.clone().into_bytes();
    let last = changed.len() - 3;
    changed[last] = if changed[last] == b'A' { b'B' } else { b'A' };
    let changed = String::from_utf8(changed).unwrap();
    for (query, said) in [
        (
            Query {
                replay: Some(changed),
                ..puzzle_query("2")
            },
            "This puzzle link cannot be opened: This link was changed after it was made.",
        ),
        (
            Query {
                replay: Some(link[..link.len() - 4].into()),
                ..puzzle_query("2")
            },
            "This puzzle link cannot be opened: This link is cut short.",
        ),
        (
            Query {
                replay: None,
                ..puzzle_query("2")
            },
            "This puzzle link cannot be opened: This link is cut short.",
        ),
    ] {
        let (model, cmds) = opened_with(query);
        assert_eq!(refusal(&model), Some(said));
        assert_eq!(model.learn.asked, None);
        assert!(!cmds.contains(&Cmd::LoadChunk(Chunk::Learn)));
        assert_eq!(model.board_game().len(), 0, "a fresh game");
    }
}

#[test]
fn a_puzzle_link_to_a_move_its_game_does_not_have_is_refused_once_learns_code_is_in() {
    for number in ["9", "0", "x", ""] {
        let (model, _) = opened_with(puzzle_query(number));
        let game = model.board_game().clone();
        let arrived = check(
            &model,
            Msg::ChunkLoaded {
                chunk: Chunk::Learn,
                loaded: true,
            },
            vec![Cmd::LoadDeck],
        );
        assert_eq!(
            refusal(&arrived),
            Some("This puzzle link cannot be opened: its game has no such move."),
            "?puzzle={number}"
        );
        assert_eq!(arrived.learn.walk, None);
        assert_eq!(arrived.learn.asked, None);
        assert_eq!(
            *arrived.board_game(),
            game,
            "the link's game stays, replayed"
        );
    }
}

/// Learn's room in a session file: a walk with its positions and what it
/// said (a verdict), the deck (written as storage writes it) and a
/// `DeckLoaded` with cards, written and read back as they were.
#[test]
fn learns_room_and_the_deck_survive_a_session_file() {
    use leptos_2048::app::debugger::{file, Session, SESSION_VERSION};
    let walking = after(reviewed(), [Msg::Learn]);
    let at = asked_at(&walking).expect("the walk asks a position");
    let model = after(walking, [answer(best_at(&reviewed(), at))]);
    assert!(matches!(said(&model), Said::Found(_)), "{:?}", said(&model));
    let deck = deck_of(&model);
    assert_eq!(deck.len(), 2);
    let session = Session {
        version: SESSION_VERSION,
        flags: flags(Query::default()),
        first: 0,
        start: Some(Box::new(model.clone())),
        messages: vec![Msg::DeckLoaded(Box::new(Loaded::Valid(deck)))],
        commands: vec![vec![]],
        fingerprints: vec![0],
        end: Some(Box::new(model.clone())),
    };
    let read = file::read(&file::write(&session)).expect("its own file opens");
    assert_eq!(read.start.as_ref().map(|m| &m.learn), Some(&model.learn));
    assert_eq!(read.end.as_ref().map(|m| &m.learn), Some(&model.learn));
    assert_eq!(read.messages, session.messages);
}
