//! The rules of playing against other people ([`Contest`]): the daily (one
//! counted attempt a day, then practice), races against a shared game's
//! ghost, the end of either, the result card, another tab's copy of the
//! challenge, the clock, and the contest's records as storage gave them.
//!
//! A challenge's game is `Model::board_game` while it is on the board,
//! so moves go through the same `play` rule as any game; what is the
//! challenge's own is here: what a move adds (`moved`), its end, and the
//! switch between the challenge and the player's own game.

use super::super::bar::challenge_ended;
use super::super::cmd::Cmd;
use super::super::contest::{Against, CardState, Challenge, Contest, LocalTime, Race};
use super::super::ignored::Ignored;
use super::super::model::{Model, Record, Records, Unsaved};
use super::super::msg::{learn_msgs, other_msgs, Msg};
use super::super::notice::{Sent, SentBy};
use super::super::saved::Load;
use super::super::words;
use super::coach::review_quietly;
use super::common::{announce, say, send_card, stop_autoplay, Outcome};
use super::{chunks, page};
use crate::session::contest::SavedChallenge;
use crate::session::dailies::Dailies;
use crate::session::history::History;
use crate::session::stored::Loaded;

/// How long the result card waits for the review's grades, in ms.
pub const CARD_WAIT_MS: u32 = 3000;

/// The contest's records, as storage held them at the page's start: the
/// dailies' results, and the challenge, back on the board if it was there
/// (unless a link's game is: the player's own game is then beside it
/// anyway). The daily the address asked for is then `take_asked`'s.
pub fn loaded(
    model: &mut Model,
    load: Load,
    challenge: Loaded<SavedChallenge>,
    dailies: Loaded<Dailies>,
) -> Vec<Cmd> {
    if let Loaded::Valid(dailies) = dailies {
        model.contest.dailies = dailies;
    }
    if let Loaded::Valid(mut saved) = challenge {
        saved.on_board &= load == Load::Start;
        match Challenge::from_saved(saved, None) {
            Some(challenge) => {
                model.contest.challenge = Some(challenge);
                say(model);
            }
            None => challenge_set_aside(model),
        }
    }
    chunks::contest_shown(model).into_iter().collect()
}

/// The daily the address asked for, once: `saving::loaded` plays it
/// (through `rooms`, whose code arrives with the contest's chunk) after
/// the contest's records are in.
pub fn take_asked(model: &mut Model) -> Option<Option<u32>> {
    model.contest.asked.take().map(|asked| asked.number())
}

/// The rule of each of the contest's messages (`rooms::contest_msgs`): on
/// the page, its code arrives with the contest's chunk (`rooms::CONTEST`).
/// `update` hands it no other message; one would be `Ignored::NotHere`.
pub fn rule(model: &mut Model, msg: Msg) -> Outcome {
    match msg {
        Msg::OpenDaily(n) => open_daily(model, n),
        Msg::Finish => finish(model),
        Msg::CancelFinish => cancel_finish(model),
        Msg::OwnGame => own_game(model),
        Msg::ShowContest => show(model),
        Msg::Race => race(model),
        Msg::DeclineRace => decline_race(model),
        Msg::ShareResult => share_result(model),
        Msg::CopyCard => copy_card(model),
        Msg::CardDue => card_due(model),
        Msg::CardSent(sent) => card_sent(model, sent),
        Msg::SendBack => send_back(model),
        Msg::ToggleGhost => toggle_ghost(model),
        Msg::ChallengeElsewhere(saved) => elsewhere(model, *saved),
        learn_msgs!() | other_msgs!() => Err(Ignored::NotHere),
    }
}

/// A stored challenge that failed its checks, or whose race's link no
/// longer opens, was set aside (by storage, or here): the notice says so.
fn challenge_set_aside(model: &mut Model) {
    model.storage.set_aside(Records::of(&[Record::Challenge]));
}

/// Plays daily #`asked` (`None`: today's). Today's is the counted attempt
/// until it has ended, then practice; an earlier day's is practice; a later
/// day's is refused with a note. A daily already there comes back to the
/// board as it was; a counted attempt still open is finished first.
pub fn open_daily(model: &mut Model, asked: Option<u32>) -> Outcome {
    Ok(daily(model, asked))
}

/// [`open_daily`]'s rule, which always does something: plays the daily,
/// shows it, or says why not.
pub fn daily(model: &mut Model, asked: Option<u32>) -> Vec<Cmd> {
    let today = model.contest.time.today();
    let number = asked.unwrap_or(today);
    if number == 0 || number > today {
        model.refuse(words::daily_not_out(number, today));
        return Vec::new();
    }
    if let Some(open) = open_counted(&model.contest).filter(|&n| n != number) {
        model.refuse(words::daily_still_open(open));
        return show_challenge(model);
    }
    let same = |c: &Challenge| match c.against {
        Against::Daily { number: n, .. } => n == number,
        Against::Race(_) => false,
    };
    match &model.contest.challenge {
        Some(c) if same(c) && (!c.ended || !c.on_board) => show_challenge(model),
        _ => {
            let counted = number == today && model.contest.dailies.result(number).is_none();
            let against = Against::Daily { number, counted };
            let game = crate::session::daily::game(number);
            begin(model, against, game)
        }
    }
}

/// The number of the counted daily whose attempt is still open, if any.
fn open_counted(contest: &Contest) -> Option<u32> {
    let challenge = contest.challenge.as_ref().filter(|c| !c.ended)?;
    challenge.against.counted_daily()
}

/// Races the game offered: its seed, size and target from the start, with
/// its luck, unaided, its ghost beside.
pub fn race(model: &mut Model) -> Outcome {
    let link = model.contest.offer.take().ok_or(Ignored::NotHere)?.link;
    if let Some(open) = open_counted(&model.contest) {
        model.refuse(words::daily_still_open(open));
        return Ok(show_challenge(model));
    }
    match Race::of(&link) {
        Ok((race, shared)) => {
            let game = History::with_luck(shared.config, shared.seed, shared.luck);
            Ok(begin(model, Against::Race(Box::new(race)), game))
        }
        Err(e) => {
            model.refuse(words::cannot_race(words::link_error(&e)));
            Ok(Vec::new())
        }
    }
}

/// Closes the offer to race.
pub fn decline_race(model: &mut Model) -> Outcome {
    model.contest.offer.take().ok_or(Ignored::NoChange)?;
    Ok(Vec::new())
}

/// Starts a challenge on the board; the player's own game waits beside it,
/// and the challenge it replaces (never an open counted attempt) is
/// dropped, with its card.
fn begin(model: &mut Model, against: Against<Box<Race>>, game: History) -> Vec<Cmd> {
    let mut cmds = stop_autoplay(model, None);
    model.contest.challenge = Some(Challenge {
        against,
        on_board: true,
        game,
        ended: false,
    });
    model.contest.card = CardState::Unasked;
    model.contest.finishing = false;
    model.travel.go_live();
    say(model);
    cmds.extend(save_challenge(model));
    cmds.extend(chunks::contest_shown(model));
    cmds
}

/// Brings the challenge's game to the board, if it is not there.
fn show_challenge(model: &mut Model) -> Vec<Cmd> {
    if model
        .contest
        .challenge
        .as_ref()
        .is_some_and(|c| !c.on_board)
    {
        let mut cmds = stop_autoplay(model, None);
        cmds.extend(put_on_board(model, true));
        return cmds;
    }
    Vec::new()
}

/// Brings the challenge's game back to the board.
pub fn show(model: &mut Model) -> Outcome {
    match &model.contest.challenge {
        Some(c) if !c.on_board => Ok(show_challenge(model)),
        Some(_) => Err(Ignored::NoChange),
        None => Err(Ignored::NotHere),
    }
}

/// Puts the player's own game back on the board; the challenge waits.
pub fn own_game(model: &mut Model) -> Outcome {
    if model.challenge_on_board().is_none() {
        return Err(Ignored::NoChange);
    }
    Ok(put_on_board(model, false).into_iter().collect())
}

/// Puts the player's own game on the board, if a challenge is there: the
/// settings' rules, which change the own game, ask it first.
pub fn put_own_game_on_board(model: &mut Model) -> Option<Cmd> {
    model.challenge_on_board()?;
    put_on_board(model, false)
}

/// Puts the challenge's game on the board (`true`) or the player's own
/// (`false`). The board then shows the present of the game it got, and
/// the contest's views what is beside it (their chunk, if missing).
fn put_on_board(model: &mut Model, challenge: bool) -> Option<Cmd> {
    model.contest.finishing = false;
    let c = model.contest.challenge.as_mut()?;
    c.on_board = challenge;
    model.travel.go_live();
    model.storage.mark(Unsaved::CHALLENGE);
    say(model);
    chunks::contest_shown(model)
}

/// What a move on the challenge's board adds: a race's splits, the end at
/// game over, and the write (at once for an unaided game, so a reload
/// right after the move resumes it; at the next idle moment else).
pub fn moved(model: &mut Model) -> Vec<Cmd> {
    model.contest.finishing = false;
    let Some(challenge) = model.contest.challenge.as_mut().filter(|c| c.on_board) else {
        return Vec::new();
    };
    let present = challenge.game.present();
    let (top, moves) = (present.board.max_value(), present.moves);
    if let Against::Race(race) = &mut challenge.against {
        race.splits.observe(top, moves);
    }
    if challenge.over() {
        return end(model);
    }
    if challenge.against.unaided().is_some() {
        return save_challenge(model);
    }
    model.storage.mark(Unsaved::CHALLENGE);
    Vec::new()
}

/// The contest's code is in: what the moves a daily's attempt played
/// before it add (a reload plays a daily at once, `rooms::code_wanted`
/// holding only a race's moves, whose splits count each one; each move
/// marked the attempt unsaved, `common::save_game`): its end, if its game
/// is over. Nothing without an attempt on the board that has not ended.
pub fn arrived(model: &mut Model) -> Vec<Cmd> {
    let over = model
        .contest
        .challenge
        .as_ref()
        .is_some_and(|c| c.on_board && !c.ended && c.over());
    if over {
        end(model)
    } else {
        Vec::new()
    }
}

/// Ends the daily's attempt or the race at this move (after 2048 too),
/// once asked: the first press asks (the contest bar says what it ends),
/// the second ends it.
pub fn finish(model: &mut Model) -> Outcome {
    match model.challenge_on_board() {
        None => Err(Ignored::NotHere),
        Some(c) if c.ended => Err(Ignored::NoChange),
        Some(_) if !model.contest.finishing => {
            model.contest.finishing = true;
            Ok(Vec::new())
        }
        Some(_) => {
            model.contest.finishing = false;
            Ok(end(model))
        }
    }
}

/// Finish's question stands only while its challenge is on the board and
/// open: whichever rule took it off (another tab's copy, a daily opened,
/// the end), the question goes with it.
pub fn keep_question(model: &mut Model) {
    let open = model.challenge_on_board().is_some_and(|c| !c.ended);
    model.contest.finishing &= open;
}

/// Finish's question answered no: the challenge plays on.
pub fn cancel_finish(model: &mut Model) -> Outcome {
    if !model.contest.finishing {
        return Err(Ignored::NoChange);
    }
    model.contest.finishing = false;
    Ok(Vec::new())
}

/// The challenge on the board has ended: a counted daily's result is kept,
/// and the review starts by itself, for the result card's grades.
fn end(model: &mut Model) -> Vec<Cmd> {
    let mut cmds = stop_autoplay(model, None);
    let Some(challenge) = model.contest.challenge.as_mut() else {
        return cmds;
    };
    challenge.ended = true;
    if let Some(result) = challenge.result() {
        if model.contest.dailies.record(result) {
            cmds.push(Cmd::SaveDailies(model.contest.dailies.clone()));
        }
    }
    cmds.extend(save_challenge(model));
    cmds.extend(review_quietly(model));
    let ended = challenge_ended(model);
    announce(model, ended);
    cmds
}

/// The challenge, to be written now (nothing while there is none).
fn save_challenge(model: &mut Model) -> Vec<Cmd> {
    let Some(challenge) = model.contest.challenge.as_ref() else {
        return Vec::new();
    };
    let cmd = Cmd::SaveChallenge(challenge.saved());
    model.storage.written(Unsaved::CHALLENGE);
    vec![cmd]
}

/// Another tab stored the challenge: this tab's copy follows it, so two
/// tabs never hold two live copies of a daily's attempt. Nothing is written
/// back; a race's ghost is not folded again.
///
/// An unaided game only grows, and an ended one stays ended: a copy that is
/// behind this tab's (written by a tab that had not heard of the latest
/// move yet) is not followed, and this tab's is written again over it.
pub fn elsewhere(model: &mut Model, written: Loaded<SavedChallenge>) -> Outcome {
    let saved = match written {
        Loaded::Valid(saved) => saved,
        Loaded::Missing => return Err(Ignored::NoChange),
        Loaded::SetAside { .. } => {
            challenge_set_aside(model);
            return Ok(Vec::new());
        }
    };
    if let Some(mine) = ahead_of(model, &saved) {
        return Ok(vec![Cmd::SaveChallenge(mine)]);
    }
    if keeps_its_ended_attempt(model, &saved) {
        return Err(Ignored::Ended);
    }
    let on_board = model.challenge_on_board().is_some();
    let saved = SavedChallenge { on_board, ..saved };
    let known = model.contest.challenge.as_ref().map(|c| &c.against);
    let Some(challenge) = Challenge::from_saved(saved, known) else {
        challenge_set_aside(model);
        return Ok(Vec::new());
    };
    if model.contest.challenge.as_ref() == Some(&challenge) {
        return Err(Ignored::NoChange);
    }
    if let Some(result) = challenge.result().filter(|_| challenge.ended) {
        model.contest.dailies.record(result);
    }
    model.contest.challenge = Some(challenge);
    model.storage.written(Unsaved::CHALLENGE);
    let shown = chunks::contest_shown(model);
    if !on_board {
        // Only the challenge beside the board changed: the board, a replay
        // on it, autoplay, all go on.
        return Ok(shown.into_iter().collect());
    }
    let mut cmds = stop_autoplay(model, None);
    model.travel.go_live();
    say(model);
    model.contest.card = CardState::Unasked;
    cmds.extend(shown);
    Ok(cmds)
}

/// Whether this tab holds a counted daily's ended attempt that `theirs`,
/// another game (that day's practice, say), would take the place of: the
/// attempt and its card stay this tab's (its result is in the dailies
/// already), and nothing is written back, so the other tab plays on.
fn keeps_its_ended_attempt(model: &Model, theirs: &SavedChallenge) -> bool {
    let ours = model.contest.challenge.as_ref().filter(|c| c.ended);
    let Some(number) = ours.and_then(|c| c.against.counted_daily()) else {
        return false;
    };
    theirs.against
        != (Against::Daily {
            number,
            counted: true,
        })
}

/// This tab's copy of an unaided challenge, if `theirs` is the same one
/// behind it: not ended, its moves a beginning of this tab's, and fewer of
/// them, or this tab's has ended.
fn ahead_of(model: &Model, theirs: &SavedChallenge) -> Option<SavedChallenge> {
    let ours = model.contest.challenge.as_ref();
    let mine = ours.filter(|c| c.against.unaided().is_some())?.saved();
    let same = mine.against == theirs.against;
    let (a, b) = (mine.game.inputs(), theirs.game.inputs());
    let behind = a.starts_with(b) && (b.len() < a.len() || mine.ended);
    (same && !theirs.ended && behind).then_some(mine)
}

/// The clock's time: today's number and the countdown follow it.
pub fn time(model: &mut Model, time: LocalTime) -> Outcome {
    if model.contest.time == time {
        return Err(Ignored::NoChange);
    }
    model.contest.time = time;
    Ok(Vec::new())
}

/// Makes the result card of the challenge that ended and sends it out.
/// While the review is still grading its moves the card waits for it, at
/// most [`CARD_WAIT_MS`]; then it goes without the strip.
pub fn share_result(model: &mut Model) -> Outcome {
    if !model.challenge_on_board().is_some_and(|c| c.ended) {
        return Err(Ignored::NotHere);
    }
    if model.coach.running.is_some() {
        model.contest.card = CardState::Waiting;
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
    if model.contest.card != CardState::Waiting {
        return Err(Ignored::Stale);
    }
    Ok(send_card(model))
}

/// The card shared, on the clipboard as it is: what the page then says
/// of it is Copy's answer, not Share's.
pub fn copy_card(model: &mut Model) -> Outcome {
    let CardState::Made(card) = &mut model.contest.card else {
        return Err(Ignored::NotHere);
    };
    card.by = SentBy::Copy;
    card.sent = None;
    Ok(vec![Cmd::CopyCard(card.text.clone())])
}

/// How the card went out.
pub fn card_sent(model: &mut Model, sent: Sent) -> Outcome {
    let CardState::Made(card) = &mut model.contest.card else {
        return Err(Ignored::Stale);
    };
    card.sent = Some(sent);
    Ok(Vec::new())
}

/// A race link of the game on the board, for the one raced to race back.
pub fn send_back(model: &mut Model) -> Outcome {
    if model.challenge_on_board().is_none() {
        return Err(Ignored::NotHere);
    }
    page::share_as(model, "race")
}

/// Shows or hides the ghost's board, in a race on the board.
pub fn toggle_ghost(model: &mut Model) -> Outcome {
    let challenge = model.contest.challenge.as_mut().filter(|c| c.on_board);
    let Some(Against::Race(race)) = challenge.map(|c| &mut c.against) else {
        return Err(Ignored::NotHere);
    };
    race.show_ghost = !race.show_ghost;
    Ok(Vec::new())
}
