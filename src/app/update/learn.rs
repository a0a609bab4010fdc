//! Learn's rules: the walk through a reviewed game's mistakes, Practice of
//! the deck's cards that are due, an answer graded by the review's
//! assessment, Try again, Show me, Skip, a puzzle link's position, and the
//! deck as storage and other tabs give it. On the page this code arrives
//! with learn's chunk (`rooms::LEARN`); what the page at start needs is
//! `leave` alone.

use super::super::cmd::Cmd;
use super::super::coach::MoveInReview;
use super::super::ignored::Ignored;
use super::super::learn::{accepted, judged, to_learn, Position, Said, Source, Walk};
use super::super::model::{Model, Unsaved};
use super::super::msg::{contest_msgs, other_msgs, Msg};
use super::super::notice::{Record, Records};
use super::super::words;
use super::common::{announce, Outcome};
use super::page;
use crate::ai::bitboard;
use crate::engine::{Direction, Input};
use crate::session::deck::Deck;
use crate::session::puzzle;
use crate::session::replay::{self, Replay};
use crate::session::stored::Loaded;

/// The rule of each of learn's messages (`learn_msgs!`); an answer is a
/// move played while the walk asks (`answer`).
pub fn rule(model: &mut Model, msg: Msg) -> Outcome {
    match msg {
        Msg::Learn => learn(model),
        Msg::Practice => practice(model),
        Msg::TryAgain => try_again(model),
        Msg::ShowMe => show_me(model),
        Msg::Skip => skip(model),
        Msg::NextPosition => next(model),
        Msg::EndWalk => end_walk(model),
        Msg::SharePuzzle => share_puzzle(model),
        Msg::DeckLoaded(loaded) => deck_loaded(model, *loaded),
        Msg::DeckElsewhere(loaded) => deck_elsewhere(model, *loaded),
        Msg::Play(Input::Move(answer)) => self::answer(model, answer),
        contest_msgs!() | other_msgs!() => Err(Ignored::NotHere),
    }
}

/// Learn's code is in: read the deck, and open the puzzle the address
/// asked for.
pub fn arrived(model: &mut Model) -> Vec<Cmd> {
    let mut cmds = vec![Cmd::LoadDeck];
    if let Some(number) = model.learn.asked.take() {
        cmds.extend(open_puzzle(model, &number));
    }
    cmds
}

/// Walks the reviewed game's mistakes and blunders, in order: each
/// position as it stood before the move, generator included. Each joins
/// the deck.
pub fn learn(model: &mut Model) -> Outcome {
    let game = model.board_game();
    let positions: Vec<Position> = model
        .coach
        .moves
        .iter()
        .filter_map(|m| Some((m, m.verdict.filter(to_learn)?)))
        .filter_map(|(m, verdict)| {
            Some(Position {
                state: game.state_at(m.at)?,
                played: m.played,
                verdict: Some(verdict),
                number: m.number,
                at: Some(m.at),
            })
        })
        .collect();
    if positions.is_empty() {
        return Err(Ignored::NoChange);
    }
    model.learn.walk = Some(Walk::new(Source::Review, positions));
    join_deck(model);
    Ok(Vec::new())
}

/// Walks the deck's cards that are due, the longest waiting first.
pub fn practice(model: &mut Model) -> Outcome {
    let today = model.contest.time.day;
    let deck = model.learn.deck.as_ref().ok_or(Ignored::NotHere)?;
    let positions: Vec<Position> = deck
        .due(today)
        .into_iter()
        .map(|i| &deck.cards()[i])
        .map(|card| Position {
            state: card.state.clone(),
            played: card.verdict.played,
            verdict: Some(card.verdict),
            number: card.number,
            at: None,
        })
        .collect();
    if positions.is_empty() {
        return Err(Ignored::NoChange);
    }
    model.learn.walk = Some(Walk::new(Source::Practice, positions));
    Ok(Vec::new())
}

/// The walk's positions of a game join the deck, once it is here (a deck
/// that arrives later takes them then: `deck_loaded`).
fn join_deck(model: &mut Model) {
    let today = model.contest.time.day;
    let (Some(walk), Some(deck)) = (&model.learn.walk, &mut model.learn.deck) else {
        return;
    };
    if walk.source == Source::Practice {
        return;
    }
    let mut added = false;
    for p in &walk.positions {
        if let Some(verdict) = p.verdict {
            added |= deck.add(p.state.clone(), verdict, p.number, today);
        }
    }
    if added {
        model.storage.mark(Unsaved::DECK);
    }
}

/// A move played while the walk asks: the answer, judged by the review's
/// assessment of the position. Best or good is found; anything else is
/// "Not quite". A move that changes nothing is no answer.
pub fn answer(model: &mut Model, answer: Direction) -> Outcome {
    let walk = model.learn.walk.as_mut().ok_or(Ignored::NotHere)?;
    if !walk.takes_answer() {
        return Err(Ignored::ReadOnly);
    }
    let position = walk.position().ok_or(Ignored::NotHere)?;
    let judged = judged(position, answer).ok_or(Ignored::NoChange)?;
    if !accepted(&judged) {
        walk.said = Said::NotQuite(judged);
        walk.missed = true;
        announce(model, words::not_quite(&judged));
        return Ok(Vec::new());
    }
    walk.said = Said::Found(judged);
    walk.found += 1;
    walk.first_try += u32::from(!walk.missed);
    let right = !walk.missed;
    announce(model, words::found(&judged));
    settle(model, right);
    Ok(Vec::new())
}

/// The position is settled: its card, if the deck holds it, moves to its
/// next box when found at the first try, else back to the first; the deck
/// is written at the next idle moment (`Unsaved::DECK`), not on the key.
fn settle(model: &mut Model, right: bool) {
    let today = model.contest.time.day;
    let (Some(walk), Some(deck)) = (&model.learn.walk, &mut model.learn.deck) else {
        return;
    };
    let Some(state) = walk.position().map(|p| &p.state) else {
        return;
    };
    let Some(card) = deck.cards().iter().position(|c| c.state == *state) else {
        return;
    };
    deck.answered(card, right, today);
    model.storage.mark(Unsaved::DECK);
}

/// "Not quite" → ask the same position again.
pub fn try_again(model: &mut Model) -> Outcome {
    let walk = model.learn.walk.as_mut().ok_or(Ignored::NotHere)?;
    if !matches!(walk.said, Said::NotQuite(_)) {
        return Err(Ignored::NoChange);
    }
    walk.said = Said::Asking;
    Ok(Vec::new())
}

/// Shows the review's best move, as a hint is shown; the position counts
/// as missed.
pub fn show_me(model: &mut Model) -> Outcome {
    let walk = model.learn.walk.as_mut().ok_or(Ignored::NotHere)?;
    if !walk.takes_answer() {
        return Err(Ignored::NoChange);
    }
    walk.said = Said::Shown;
    walk.missed = true;
    settle(model, false);
    Ok(Vec::new())
}

/// Leaves the position unanswered, missed, for the next.
pub fn skip(model: &mut Model) -> Outcome {
    let walk = model.learn.walk.as_ref().ok_or(Ignored::NotHere)?;
    if !walk.takes_answer() {
        return Err(Ignored::NoChange);
    }
    settle(model, false);
    next(model)
}

/// On to the next position, or the end and its count.
pub fn next(model: &mut Model) -> Outcome {
    let walk = model.learn.walk.as_mut().ok_or(Ignored::NotHere)?;
    if walk.ended() {
        return Err(Ignored::NoChange);
    }
    walk.at += 1;
    walk.said = Said::Asking;
    walk.missed = false;
    Ok(Vec::new())
}

/// Closes the walk: the game comes back to the board.
pub fn end_walk(model: &mut Model) -> Outcome {
    model.learn.walk.take().ok_or(Ignored::NoChange)?;
    Ok(Vec::new())
}

/// A message that acts on the game closes the walk first (the page at
/// start keeps this: no walk without learn's code).
pub fn leave(model: &mut Model) {
    model.learn.walk = None;
}

/// Makes the position's puzzle link, the game's replay link and the move
/// to stop at, and asks for it to be copied.
pub fn share_puzzle(model: &mut Model) -> Outcome {
    let walk = model.learn.walk.as_ref().ok_or(Ignored::NotHere)?;
    let at = walk.position().and_then(|p| p.at).ok_or(Ignored::NotHere)?;
    let history = model.board_game();
    let number = history.inputs()[..at]
        .iter()
        .filter(|i| matches!(i, Input::Move(_)))
        .count() as u32
        + 1;
    let link = Replay::from_history(history)
        .map(|r| replay::encode(&r))
        .filter(|l| l.len() <= replay::MAX_LINK_LEN);
    let Some(link) = link else {
        return page::refuse_share(model);
    };
    let url = format!("{}{}", model.links.page_url, puzzle::query(&link, number));
    Ok(page::offer_link(model, url))
}

/// The puzzle the address asked for: the `number`-th move (as written) of
/// the link's game, which the page opened on the board. Said: what the
/// position proved, or why there is none. The coach searches the move as
/// a review does (its run of one move); the walk asks it once the verdict
/// is in.
fn open_puzzle(model: &mut Model, number: &str) -> Vec<Cmd> {
    let p = match puzzle::locate(model.board_game().clone(), number) {
        Ok(p) => p,
        Err(e) => {
            model.refuse(words::puzzle_link_wrong(&e));
            return Vec::new();
        }
    };
    model.prove(words::puzzle_proved(p.number, p.of, p.target_tile()));
    let (state, played) = (p.state(), p.played());
    let Some(board) = bitboard::from_board(&state.board) else {
        return Vec::new();
    };
    let position = Position {
        state,
        played,
        verdict: None,
        number: p.number,
        at: Some(p.at),
    };
    model.learn.walk = Some(Walk::new(Source::Puzzle, vec![position]));
    let one = MoveInReview {
        at: p.at,
        board,
        played,
        verdict: None,
        number: p.number,
    };
    super::coach::review_one(model, one)
}

/// The search's verdict on a puzzle's position is in: the walk asks it.
pub fn verdict_in(model: &mut Model) {
    // Only a puzzle's one position waits for its verdict: a walk of a
    // review or of the deck is not looked through on every message.
    let Some(walk) = model
        .learn
        .walk
        .as_mut()
        .filter(|w| w.source == Source::Puzzle)
    else {
        return;
    };
    for p in walk.positions.iter_mut().filter(|p| p.verdict.is_none()) {
        p.verdict = p.at.and_then(|at| model.coach.verdict_at(at)).copied();
    }
}

/// What storage holds of the deck: kept; one that failed its checks is set
/// aside and named, and an empty deck starts. The walk on the board joins
/// it.
pub fn deck_loaded(model: &mut Model, loaded: Loaded<Deck>) -> Outcome {
    if loaded.was_set_aside() {
        model.storage.set_aside(Records::of(&[Record::Deck]));
    }
    model.learn.deck = Some(loaded.valid().unwrap_or_default());
    join_deck(model);
    Ok(Vec::new())
}

/// Another tab stored its deck: this one follows it; one that failed its
/// checks is set aside and named.
pub fn deck_elsewhere(model: &mut Model, loaded: Loaded<Deck>) -> Outcome {
    match loaded {
        Loaded::Valid(deck) => model.learn.deck = Some(deck),
        Loaded::SetAside { .. } => model.storage.set_aside(Records::of(&[Record::Deck])),
        Loaded::Missing => return Err(Ignored::NoChange),
    }
    Ok(Vec::new())
}
