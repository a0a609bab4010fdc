//! The rules of playing against other people: the daily (one counted
//! attempt a day, then practice), races against a shared game's ghost, the
//! end of either, the result card, and another tab's copy of the contest.
//!
//! A contest's game is the board's `history` while it is on the board, so
//! moves go through the same `play` rule as any game; what is the
//! contest's own is here: what a move adds (`moved`), its end, and the
//! switch between the contest and the player's own game.

use super::super::card::contest_ended;
use super::super::cmd::Cmd;
use super::super::contest::Sent;
use super::super::contest::{Against, Clock, Contest, Race};
use super::super::log::Ignored;
use super::super::model::{Mode, Model};
use super::super::msg::Msg;
use super::super::words;
use super::coach::review_quietly;
use super::common::{say, send_card, stop_autoplay, Outcome};
use super::page;
use crate::session::contest::SavedContest;
use crate::session::history::History;

/// How long the result card waits for the review's grades, in ms.
pub const CARD_WAIT_MS: u32 = 3000;

/// Plays daily #`asked` (`None`: today's). Today's is the counted attempt
/// until it has ended, then practice; an earlier day's is practice; a later
/// day's is refused with a note. A daily already there comes back to the
/// board as it was; a counted attempt still open is finished first.
pub fn open_daily(model: &mut Model, asked: Option<u32>) -> Outcome {
    let today = model.clock.today();
    let number = asked.unwrap_or(today);
    if number == 0 || number > today {
        model.link_message = Some(words::daily_not_out(number, today));
        return Ok(Vec::new());
    }
    if let Some(open) = open_counted(model).filter(|&n| n != number) {
        model.link_message = Some(words::daily_still_open(open));
        return Ok(show_contest(model));
    }
    let same = |c: &Contest| match c.against {
        Against::Daily { number: n, .. } => n == number,
        Against::Race(_) => false,
    };
    match &model.contest {
        Some(c) if same(c) && (!c.ended || !c.on_board) => Ok(show_contest(model)),
        _ => {
            let counted = number == today && model.dailies.result(number).is_none();
            let against = Against::Daily { number, counted };
            let game = crate::session::daily::game(number);
            Ok(begin(model, against, game))
        }
    }
}

/// The number of the counted daily whose attempt is still open, if any.
fn open_counted(model: &Model) -> Option<u32> {
    match model.contest.as_ref()? {
        Contest {
            against:
                Against::Daily {
                    number,
                    counted: true,
                },
            ended: false,
            ..
        } => Some(*number),
        _ => None,
    }
}

/// Races the game offered: its seed, size and target from the start, with
/// its luck, unaided, its ghost beside.
pub fn race(model: &mut Model) -> Outcome {
    let link = model.race_offer.take().ok_or(Ignored::NotHere)?.link;
    if let Some(open) = open_counted(model) {
        model.link_message = Some(words::daily_still_open(open));
        return Ok(show_contest(model));
    }
    match Race::of(&link) {
        Ok((race, shared)) => {
            let game = History::with_luck(shared.config, shared.seed, shared.luck);
            Ok(begin(model, Against::Race(Box::new(race)), game))
        }
        Err(e) => {
            model.link_message = Some(format!("This game cannot be raced: {}.", e.message()));
            Ok(Vec::new())
        }
    }
}

/// Closes the offer to race.
pub fn decline_race(model: &mut Model) -> Outcome {
    model.race_offer.take().ok_or(Ignored::NoChange)?;
    Ok(Vec::new())
}

/// Starts a contest on the board; the player's own game waits beside it,
/// and the contest it replaces (never an open counted attempt) is dropped.
fn begin(model: &mut Model, against: Against, game: History) -> Vec<Cmd> {
    let mut cmds = stop_autoplay(model, None);
    if model.contest_on_board().is_some() {
        swap(model);
    }
    let own = std::mem::replace(&mut model.history, game);
    model.contest = Some(Contest {
        against,
        on_board: true,
        other: own,
        ended: false,
    });
    model.card = None;
    model.card_pending = false;
    model.mode = Mode::Live;
    say(model);
    cmds.push(save_contest(model));
    cmds
}

/// Brings the contest's game to the board, if it is not there.
fn show_contest(model: &mut Model) -> Vec<Cmd> {
    if model.contest.as_ref().is_some_and(|c| !c.on_board) {
        let cmds = stop_autoplay(model, None);
        swap(model);
        return cmds;
    }
    Vec::new()
}

/// Brings the contest's game back to the board.
pub fn show(model: &mut Model) -> Outcome {
    match &model.contest {
        Some(c) if !c.on_board => Ok(show_contest(model)),
        Some(_) => Err(Ignored::NoChange),
        None => Err(Ignored::NotHere),
    }
}

/// Puts the player's own game back on the board; the contest waits.
pub fn own_game(model: &mut Model) -> Outcome {
    if model.contest_on_board().is_none() {
        return Err(Ignored::NoChange);
    }
    swap(model);
    Ok(Vec::new())
}

/// Swaps the game on the board with the one beside it. The board then
/// shows the present of the game it got.
fn swap(model: &mut Model) {
    if let Some(c) = model.contest.as_mut() {
        std::mem::swap(&mut model.history, &mut c.other);
        c.on_board = !c.on_board;
        model.mode = Mode::Live;
        model.unsaved.contest = true;
        say(model);
    }
}

/// What a move on the contest's board adds: a race's splits, the end at
/// game over, and the write (at once for a counted attempt, so a reload
/// right after the move resumes it; at the next idle moment else).
pub fn moved(model: &mut Model) -> Vec<Cmd> {
    let present = model.history.present();
    let (top, moves, over) = (
        present.board.max_value(),
        present.moves,
        Contest::over(&model.history),
    );
    let Some(contest) = model.contest.as_mut().filter(|c| c.on_board) else {
        return Vec::new();
    };
    if let Against::Race(race) = &mut contest.against {
        race.observe(top, moves);
    }
    if over {
        return end(model);
    }
    if contest.against.unaided() {
        return vec![save_contest(model)];
    }
    model.unsaved.contest = true;
    Vec::new()
}

/// Ends the daily's attempt or the race at this move (after 2048 too).
pub fn finish(model: &mut Model) -> Outcome {
    match model.contest_on_board() {
        None => Err(Ignored::NotHere),
        Some(c) if c.ended => Err(Ignored::NoChange),
        Some(_) => Ok(end(model)),
    }
}

/// The contest on the board has ended: a counted daily's result is kept,
/// and the review starts by itself, for the result card's grades.
fn end(model: &mut Model) -> Vec<Cmd> {
    let mut cmds = stop_autoplay(model, None);
    let Some(contest) = model.contest.as_mut() else {
        return cmds;
    };
    contest.ended = true;
    if let Against::Daily {
        number,
        counted: true,
    } = contest.against
    {
        if model
            .dailies
            .record(Contest::result(number, &model.history))
        {
            cmds.push(Cmd::SaveDailies(model.dailies.clone()));
        }
    }
    cmds.push(save_contest(model));
    cmds.extend(review_quietly(model));
    model.announcement = contest_ended(model);
    cmds
}

/// The contest, to be written now.
fn save_contest(model: &mut Model) -> Cmd {
    model.unsaved.contest = false;
    let contest = model.contest.as_ref().expect("a contest to save");
    Cmd::SaveContest(contest.saved(&model.history))
}

/// Another tab stored the contest: this tab's copy follows it, so two tabs
/// never hold two live copies of a daily's attempt. Nothing is written
/// back.
///
/// An unaided game only grows, and an ended one stays ended: a copy that is
/// behind this tab's (written by a tab that had not heard of the latest
/// move yet) is not followed, and this tab's is written again over it.
pub fn elsewhere(model: &mut Model, saved: SavedContest) -> Outcome {
    if let Some(mine) = ahead_of(model, &saved) {
        return Ok(vec![Cmd::SaveContest(mine)]);
    }
    let showing = model.contest_on_board().is_some();
    let own = model.own_history().clone();
    let saved = SavedContest { showing, ..saved };
    let (contest, board) = Contest::from_saved(saved, own).ok_or(Ignored::Stale)?;
    if model.contest.as_ref() == Some(&contest) && model.history == board {
        return Err(Ignored::NoChange);
    }
    if let Against::Daily {
        number,
        counted: true,
    } = contest.against
    {
        if contest.ended {
            let game = if showing { &board } else { &contest.other };
            model.dailies.record(Contest::result(number, game));
        }
    }
    model.contest = Some(contest);
    model.unsaved.contest = false;
    if !showing {
        // Only the contest beside the board changed: the board, a replay
        // on it, autoplay, all go on.
        return Ok(Vec::new());
    }
    let cmds = stop_autoplay(model, None);
    model.history = board;
    model.mode = Mode::Live;
    say(model);
    model.card = None;
    Ok(cmds)
}

/// This tab's copy of an unaided contest, if `theirs` is the same contest
/// behind it: not ended, its moves a beginning of this tab's, and fewer of
/// them, or this tab's has ended.
fn ahead_of(model: &Model, theirs: &SavedContest) -> Option<SavedContest> {
    let ours = model.contest.as_ref().filter(|c| c.against.unaided())?;
    let mine = ours.saved(&model.history);
    let same = mine.daily == theirs.daily && mine.race == theirs.race;
    let (a, b) = (mine.game.inputs(), theirs.game.inputs());
    let behind = a.starts_with(b) && (b.len() < a.len() || mine.ended);
    (same && !theirs.ended && behind).then_some(mine)
}

/// The clock's time: today's number and the countdown follow it.
pub fn clock(model: &mut Model, clock: Clock) -> Outcome {
    if model.clock == clock {
        return Err(Ignored::NoChange);
    }
    model.clock = clock;
    Ok(Vec::new())
}

/// Makes the result card of the contest that ended and sends it out. While
/// the review is still grading its moves the card waits for it, at most
/// [`CARD_WAIT_MS`]; then it goes without the strip.
pub fn share_result(model: &mut Model) -> Outcome {
    if !model.contest_on_board().is_some_and(|c| c.ended) {
        return Err(Ignored::NotHere);
    }
    if model.coach.running.is_some() {
        model.card_pending = true;
        let then = Box::new(Msg::CardDue);
        return Ok(vec![Cmd::After {
            ms: CARD_WAIT_MS,
            then,
        }]);
    }
    Ok(send_card(model))
}

/// The wait for the review is over: the card goes as it is.
pub fn card_due(model: &mut Model) -> Outcome {
    if !model.card_pending {
        return Err(Ignored::Stale);
    }
    Ok(send_card(model))
}

/// The card shared, on the clipboard as it is.
pub fn copy_card(model: &mut Model) -> Outcome {
    let card = model.card.as_ref().ok_or(Ignored::NotHere)?;
    Ok(vec![Cmd::CopyCard(card.text.clone())])
}

/// How the card went out.
pub fn card_sent(model: &mut Model, sent: Sent) -> Outcome {
    let card = model.card.as_mut().ok_or(Ignored::Stale)?;
    card.sent = Some(sent);
    Ok(Vec::new())
}

/// A race link of the game on the board, for the one raced to race back.
pub fn send_back(model: &mut Model) -> Outcome {
    if model.contest_on_board().is_none() {
        return Err(Ignored::NotHere);
    }
    page::share_as(model, "race")
}

/// Shows or hides the ghost's board, in a race on the board.
pub fn toggle_ghost(model: &mut Model) -> Outcome {
    let contest = model.contest.as_mut().filter(|c| c.on_board);
    let Some(Against::Race(race)) = contest.map(|c| &mut c.against) else {
        return Err(Ignored::NotHere);
    };
    race.show_ghost = !race.show_ghost;
    Ok(Vec::new())
}
