//! The words the app says, every one of them: what the live region says
//! after each input, the notices, the computer's and the coach's lines,
//! the contest's, the buttons whose words change with the model, the
//! titles, and the view's fixed labels and help. No other file of src/
//! holds a sentence for the player (`tests/architecture.rs` looks at every
//! module but the ones it names, whose words are the message log's or the
//! tests'); the debugger's words, for students, are in its own files.
//! Pure, so they are tested natively.

use super::notice::{Notice, Record, Records, Sent, SentBy};
use super::refusal::Refusal;
use crate::ai::review::{Grade, Summary, Verdict};
use crate::engine::{Config, Direction, Input, State, Status};
use crate::session::dailies::DailyResult;
use crate::session::puzzle::PuzzleError;
use crate::session::race::Ghost;
use crate::session::replay::LinkError;

/// A board size in words: `4×4`.
pub fn size(config: &Config) -> String {
    format!("{}×{}", config.width, config.height)
}

/// The space between a number's thousands: a no-break space, so that a
/// number never breaks across two lines.
pub const THOUSANDS: char = '\u{a0}';

/// "move" or "moves", as `n` asks: "1 move", "2 moves".
pub fn move_or_moves(n: u32) -> &'static str {
    if n == 1 {
        "move"
    } else {
        "moves"
    }
}

/// A number with a no-break space between thousands: 1204 → "1 204".
pub fn spaced(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(THOUSANDS);
        }
        out.push(c);
    }
    out
}

/// The hint's sentence: "Hint: move left. Left merges two 8s, …", what
/// the move does. How the search chose ("; the best of 4 moves, 3 moves
/// ahead") is the message log's, not the player's.
pub fn hint_sentence(direction: Direction, reason: &str) -> String {
    // A char, not a "; " string: a string pattern brings its own search
    // code into the page's wasm (about a kilobyte).
    let does = reason.split_once(';').map_or(reason, |(does, _)| does);
    format!(
        "Hint: move {}. {}.",
        direction.word(),
        does.trim_end_matches('.')
    )
}

/// The sentence for the state an input just produced: "Moved left. 8 and 8
/// merged into 16. Score 1 204." On a win or a loss, that comes first.
pub fn announce(state: &State) -> String {
    let score = spaced(state.score);
    let mut out = match &state.last {
        None => format!("New game. Score {score}."),
        Some(turn) => {
            let mut s = format!("Moved {}.", turn.direction.word());
            for &v in &turn.merged {
                let half = spaced(v / 2);
                s.push_str(&format!(" {half} and {half} merged into {}.", spaced(v)));
            }
            s.push_str(&format!(" Score {score}."));
            s
        }
    };
    match state.status {
        Status::Won => out.push_str(" You win! Keep going or try again."),
        Status::Over => out.push_str(" Game over: no move is left. Try again."),
        Status::Playing | Status::Continuing => {}
    }
    out
}

/// A chance in basis points as a percentage: whole (9 712 → "97%"), but to
/// a tenth within half a point of none or of certain, so that a chance is
/// never said to be 0% or 100% when it is not (9 991 → "99.9%", 30 →
/// "0.3%"). By hand, as `review_summary` rounds, to keep float printing
/// out of the page's wasm.
fn percent(basis_points: i32) -> String {
    match basis_points.clamp(0, 10_000) {
        bp @ (1..50 | 9_950..10_000) => format!("{}.{}%", bp / 100, bp % 100 / 10),
        bp => format!("{}%", (bp + 50) / 100),
    }
}

/// A judged move explained, as the line under the board says it while the
/// board it was played on is shown: "Move 212, left: mistake. It cost about
/// 14 points of your chance to make 512; down kept 71%." or "Move 12, up:
/// best. No move kept more of your chance to make 64 (100%)." `number`:
/// the move's number in its game.
pub fn verdict_sentence(number: u32, v: &Verdict) -> String {
    let head = format!("Move {number}, {}: {}.", v.played.word(), v.grade.word());
    let chance = format!("your chance to make {}", spaced(1 << v.target));
    match v.better() {
        None => format!(
            "{head} No move kept more of {chance} ({}).",
            percent(v.value)
        ),
        Some(better) => format!(
            "{head} It cost {} of {chance}; {} kept {}.",
            cost(v.loss),
            better.word(),
            percent(v.value)
        ),
    }
}

/// Points of a chance given away, in words: "about 14 points".
fn cost(loss: f32) -> String {
    match (loss + 0.5) as i32 {
        0 => "less than 1 point".to_string(),
        1 => "about 1 point".to_string(),
        points => format!("about {points} points"),
    }
}

/// What a share link proved, said when the page opens it: its game's end
/// as replaying its start and moves made it, in a player's words:
/// "Replayed move by move: 36 412 points in 1 607 moves, top tile
/// 2048.", and which daily it is when its start is a daily's: "Daily
/// #329, replayed move by move: …".
pub fn link_verified(end: &State, daily: Option<u32>) -> String {
    let moves = move_or_moves(end.moves);
    let proved = format!(
        "move by move: {} points in {} {moves}, top tile {}.",
        spaced(end.score),
        spaced(u64::from(end.moves)),
        end.board.max_value()
    );
    match daily {
        Some(n) => format!("Daily #{n}, replayed {proved}"),
        None => format!("Replayed {proved}"),
    }
}

/// A racer's lead over the ghost in words, never in colour alone: "+340
/// ahead", "−120 behind" (with a minus sign), "level".
pub fn lead_words(lead: i64) -> String {
    match lead {
        0 => "level".to_string(),
        l if l > 0 => format!("+{} ahead", spaced(l as u64)),
        l => format!("\u{2212}{} behind", spaced(l.unsigned_abs())),
    }
}

/// A racer's split in words: "1024 at move 612, 14 moves before the
/// ghost" (or "after", "on the same move as", "before the ghost made
/// it" when the ghost never did).
pub fn split_words(tile: u64, at: u32, ghost: Option<u32>) -> String {
    let than = match ghost {
        None => "before the ghost made it".to_string(),
        Some(g) if g == at => "on the same move as the ghost".to_string(),
        Some(g) => {
            let (n, word) = if g > at {
                (g - at, "before")
            } else {
                (at - g, "after")
            };
            format!("{n} {} {word} the ghost", move_or_moves(n))
        }
    };
    format!("{tile} at move {at}, {than}")
}

/// A review's figures in a line: "Accuracy 87%: 120 best, 30 good,
/// 4 inaccuracies, 1 mistake, no blunder." (the panel's summary and what
/// the live region says when a review ends).
pub fn review_summary(summary: &Summary) -> String {
    let counts: Vec<String> = Grade::ALL
        .iter()
        .map(|&g| grade_count(g, summary.count(g)))
        .collect();
    format!(
        "Accuracy {}: {}.",
        accuracy_percent(summary.accuracy),
        counts.join(", ")
    )
}

/// An accuracy as a percentage, by the rule a chance is said by
/// ([`percent`]): so a game with a move that lost something is never said
/// to be 100% (99.46 → "99%", 99.5 → "99.5%", 99.97 → "99.9%", 100 →
/// "100%").
pub fn accuracy_percent(accuracy: f32) -> String {
    // In basis points, cut rather than rounded, so that only 100 is 10 000.
    percent((accuracy * 100.0) as i32)
}

/// "Review done. Accuracy 87%: …"
pub fn review_done(summary: &Summary) -> String {
    format!("Review done. {}", review_summary(summary))
}

/// "3 mistakes", "1 blunder", "no inaccuracy", "12 best".
pub fn grade_count(grade: Grade, n: usize) -> String {
    let word = grade.word();
    match (n, grade) {
        (0, _) => format!("no {word}"),
        (1, _) | (_, Grade::Best | Grade::Good) => format!("{n} {word}"),
        (_, Grade::Inaccuracy) => format!("{n} inaccuracies"),
        _ => format!("{n} {word}s"),
    }
}

/// The note for a daily asked for before its day: "Daily #330 is not out
/// yet: today's is #329."
pub fn daily_not_out(asked: u32, today: u32) -> String {
    format!("Daily #{asked} is not out yet: today's is #{today}.")
}

/// The note for a contest asked for while a counted daily is open.
pub fn daily_still_open(open: u32) -> String {
    format!(
        "Daily #{open}'s counted attempt is still open: finish it first \
         (play to the end, or press Finish)."
    )
}

/// What a daily's game is, in a few words: "Daily #329", "Daily #329
/// (practice)".
pub fn daily_name(number: u32, counted: bool) -> String {
    let practice = if counted { "" } else { " (practice)" };
    format!("Daily #{number}{practice}")
}

/// A game's end in a few words: "36 412 in 1 607 moves".
pub fn score_in_moves(end: &State) -> String {
    let moves = move_or_moves(end.moves);
    format!(
        "{} in {} {moves}",
        spaced(end.score),
        spaced(u64::from(end.moves))
    )
}

/// The countdown to the next daily: "Next daily in 4 h 05 min".
pub fn countdown(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("Next daily in {h} h {m:02} min")
    } else {
        format!("Next daily in {m} min {s:02} s")
    }
}

/// A counted daily's result in a few words: "#329: 1204, top tile 128".
pub fn daily_result(r: &DailyResult) -> String {
    format!("#{}: {}, top tile {}", r.number, r.score, r.top)
}

/// The latest dailies' results, said: "Latest dailies: #328: …; #329: …."
pub fn latest_dailies(said: &[String]) -> String {
    format!("Latest dailies: {}.", said.join("; "))
}

/// An input as the history list names it: "Start" (none), "↑ Up", "New
/// game", "Keep going".
pub fn input_name(input: Option<Input>) -> String {
    match input {
        None => "Start".into(),
        Some(Input::Move(d)) => {
            let word = d.word();
            let first = word[..1].to_ascii_uppercase();
            format!("{} {first}{}", d.arrow(), &word[1..])
        }
        Some(Input::NewGame) => "New game".into(),
        Some(Input::KeepPlaying) => "Keep going".into(),
    }
}

/// The line over the history's list: where the board is in its game,
/// counted in moves (a New Game and Keep going are not moves). `viewing`:
/// the moves made on the board shown, if the past is shown; `total`: the
/// moves of its game; `made`: the moves made on the present board.
/// "Showing the board after move 12 of 28: look only, or resume from
/// here.", or where the review judged the move played from it (`judged`),
/// "Showing the board before move 13 of 28, where you moved left.", "28
/// moves, the last 3 undone: Redo brings them back.", "28 moves so far."
pub fn history_position(
    viewing: Option<u32>,
    judged: Option<Direction>,
    total: u32,
    made: u32,
) -> String {
    match viewing {
        Some(i) => match judged {
            Some(d) => format!(
                "Showing the board before move {} of {total}, where you moved {}.",
                i + 1,
                d.word()
            ),
            None => format!(
                "Showing the board after move {i} of {total}: look only, or resume from here."
            ),
        },
        None if made < total => format!(
            "{total} {}, the last {} undone: Redo brings {} back.",
            move_or_moves(total),
            total - made,
            if total - made == 1 { "it" } else { "them" }
        ),
        None => format!("{made} {} so far.", move_or_moves(made)),
    }
}

/// The line above the history's rows when earlier rows are not drawn:
/// "57 earlier boards: the slider reaches them."
pub fn earlier_moves(n: usize) -> String {
    let boards = if n == 1 { "board" } else { "boards" };
    format!("{n} earlier {boards}: the slider reaches them.")
}

/// The history's check in a sentence: the `moves` it played again (a New
/// Game is not one), "Checked: playing the 12 moves again gives every
/// board in the list.", and how many moves came since; or, where playing
/// them again gave another board than the one kept, after which move of
/// its game (`Err`).
pub fn check_sentence(moves: u32, result: Result<(), u32>, since: u32) -> String {
    let mut text = match result {
        Ok(()) => format!(
            "Checked: playing the {moves} {} again gives every board in the list.",
            move_or_moves(moves)
        ),
        Err(made) => {
            format!("Mismatch: playing the moves again, the board after move {made} is not the one kept.")
        }
    };
    if since > 0 {
        text.push_str(&format!(" ({since} {} since.)", move_or_moves(since)));
    }
    text
}

/// What the history says before its game on the board is checked.
pub const NOT_CHECKED: &str = "This game is not checked yet.";

/// The line under the board while the game on it takes no help, where a
/// touch player reads why Undo, Hint and Autoplay are off (a tooltip
/// says it to a mouse only): "Undo, Hint and Autoplay are off in a race:
/// both players play unaided.": the line under the board while a
/// challenge that takes no help is open.
pub fn help_off(why: Refusal) -> String {
    format!("Undo, Hint and Autoplay are o{}", &refusal(why)[1..])
}

/// Why the game on the board refuses help or the computer, in words: the
/// buttons' title, and what the computer says when asked anyway.
pub fn refusal(why: Refusal) -> &'static str {
    match why {
        Refusal::CountedDaily => UNAIDED_DAILY,
        Refusal::Race => UNAIDED_RACE,
        Refusal::Only4x4 => ONLY_4X4,
        Refusal::Won => WON_IDLE,
        Refusal::Over => OVER_IDLE,
    }
}

/// The theme button's name: what pressing it does.
pub fn theme_button(dark: bool) -> &'static str {
    if dark {
        "Light theme"
    } else {
        "Dark theme"
    }
}

/// The question Finish asks before it ends a challenge: "Finish here?
/// This ends today's one counted attempt at 1 204 points; it cannot be
/// played again."
pub fn finish_question(counted: bool, race: bool, score: u64) -> String {
    let points = spaced(score);
    if race {
        format!("Finish here? This ends the race at {points} points.")
    } else if counted {
        format!(
            "Finish here? This ends today's one counted attempt at {points} points; it cannot be played again."
        )
    } else {
        format!("Finish here? This ends the practice game at {points} points.")
    }
}

/// Under the review's chart, when its bottom is not 0%: how low the
/// chance went, "The chance never fell below 90%." (`percent`: the
/// chart's floor).
pub fn chance_floor(percent: i32) -> Option<String> {
    (percent > 0).then(|| format!("The chance never fell below {percent}%."))
}

/// Why a counted daily's attempt takes no help (the buttons' title).
pub const UNAIDED_DAILY: &str = "Off in the daily's counted attempt: it is played once, unaided.";

/// Why a race takes no help.
pub const UNAIDED_RACE: &str = "Off in a race: both players play unaided.";

/// Why New Game does nothing while a challenge is on the board.
pub const NO_NEW_GAME: &str = "A daily or a race has no new game: press Back to my game for yours.";

/// The offer to race a shared game: "Race this game: 36 412 in 1 607
/// moves?".
pub fn race_offer(end: &State) -> String {
    format!("Race this game: {}?", score_in_moves(end))
}

/// The note for a race whose link does not open.
pub fn cannot_race(why: &str) -> String {
    format!("This game cannot be raced: {why}.")
}

/// The note for a race link that does not open.
pub fn race_link_wrong(why: &str) -> String {
    format!("This race link cannot be opened: {why}.")
}

/// The line above the board in a race: "Race · ghost 1 204 at move 80 ·
/// +340 ahead".
pub fn race_line(ghost: &Ghost, moves: u32, score: u64) -> String {
    format!(
        "Race · ghost {} at move {moves} · {}",
        spaced(ghost.score_at(moves)),
        lead_words(ghost.lead(moves, score))
    )
}

/// The line above the board in a daily: "Daily #329 · your one counted
/// attempt today, played unaided"; once it has ended, "Daily #329 · your
/// counted attempt" (the sentence under it says that it ended, once).
pub fn daily_line(number: u32, counted: bool, ended: bool) -> String {
    let what = match (counted, ended) {
        (true, false) => "your one counted attempt today, played unaided",
        (true, true) => "your counted attempt",
        (false, _) => "not counted",
    };
    format!("{} · {what}", daily_name(number, counted))
}

/// The sentence at a daily's end: "Daily #329 ended: 1 204 in 80 moves,
/// top tile 128.".
pub fn daily_ended(number: u32, counted: bool, end: &State) -> String {
    format!(
        "{} ended: {}, top tile {}.",
        daily_name(number, counted),
        score_in_moves(end),
        end.board.max_value()
    )
}

/// A race's result in a sentence: "You made 12 000 in 900 moves; the
/// ghost made 36 412 in 1 607 moves. The ghost won by 24 412."
pub fn race_result(ghost: &Ghost, score: u64, moves: u32) -> String {
    let (ghost_moves, ghost) = (ghost.moves(), ghost.final_score());
    let verdict = match score.cmp(&ghost) {
        std::cmp::Ordering::Greater => format!("You won by {}.", spaced(score - ghost)),
        std::cmp::Ordering::Less => format!("The ghost won by {}.", spaced(ghost - score)),
        std::cmp::Ordering::Equal => "A tie.".to_string(),
    };
    format!(
        "You made {} in {} {}; the ghost made {} in {} {}. {verdict}",
        spaced(score),
        spaced(u64::from(moves)),
        move_or_moves(moves),
        spaced(ghost),
        spaced(u64::from(ghost_moves)),
        move_or_moves(ghost_moves)
    )
}

/// The line of a challenge beside the player's own game, and its
/// button's words: "Daily #329 is waiting beside your game." while it can
/// be played on; "Daily #329 has ended: its result is beside your game."
/// once it cannot.
pub fn waiting_beside(daily: Option<(u32, bool)>, ended: bool) -> (String, &'static str) {
    let name = match daily {
        Some((number, counted)) => daily_name(number, counted),
        None => "The race".into(),
    };
    match (daily, ended) {
        (_, true) => (
            format!("{name} has ended: its result is beside your game."),
            "See the result",
        ),
        (Some(_), false) => (
            format!("{name} is waiting beside your game."),
            "Back to the daily",
        ),
        (None, false) => (
            "A race is waiting beside your game.".into(),
            "Back to the race",
        ),
    }
}

/// How the result card went out, in words, after the button pressed
/// (`by`): Share that found no share sheet says that it copied instead.
pub fn sent_words(by: SentBy, sent: Option<Sent>) -> &'static str {
    match (by, sent) {
        (SentBy::Share, None) => "Sharing…",
        (SentBy::Copy, None) => "Copying…",
        (_, Some(Sent::Shared)) => "Shared.",
        (SentBy::Share, Some(Sent::Copied)) => {
            "No share sheet here, so the card was copied: paste it to share."
        }
        (SentBy::Copy, Some(Sent::Copied)) => "Copied.",
        (_, Some(Sent::Shown)) => "No clipboard here: select the card's lines to copy them.",
    }
}

/// What the storage notice says.
pub fn notice_words(notice: Notice) -> String {
    match notice {
        Notice::Unavailable => "This browser does not let the game use storage: \
             your progress and best score will not be kept after you leave."
            .into(),
        Notice::WriteFailed => "Storage is full, so your latest progress could not be saved. \
             The last saved game is still there."
            .into(),
        Notice::SetAside(records) => set_aside_words(records),
    }
}

/// The notice of saved data set aside, naming it: "Your saved game could
/// not be read, so a new game has started. …", "Some saved data (the
/// daily's attempt or race, the dailies' results) could not be read and
/// was set aside, not deleted. Your game is not affected."
fn set_aside_words(records: Records) -> String {
    // Pushed rather than formatted: this is in the page's first download,
    // and formatting machinery costs it bytes.
    let game = records.contains(Record::Game);
    let mut text = String::new();
    if game {
        text.push_str(
            "Your saved game could not be read, so a new game has started. \
             The old save was set aside, not deleted.",
        );
    }
    let mut named = String::new();
    for record in records.iter().filter(|&r| r != Record::Game) {
        if !named.is_empty() {
            named.push_str(", ");
        }
        named.push_str(record_name(record));
    }
    if !named.is_empty() {
        if game {
            text.push(' ');
        }
        text.push_str("Some saved data (");
        text.push_str(&named);
        text.push_str(") could not be read and was set aside, not deleted.");
        if !game {
            text.push_str(" Your game is not affected.");
        }
    }
    text
}

/// A kind of saved data, as the notice names it.
fn record_name(record: Record) -> &'static str {
    match record {
        Record::Game => "the game",
        Record::History => "the undo history",
        Record::Best => "the best score",
        Record::Stats => "the statistics",
        Record::Settings => "the board size chosen",
        Record::Challenge => "the daily's attempt or race",
        Record::Dailies => "the dailies' results",
        Record::Deck => "the deck of positions to practise",
    }
}

// ─── The computer player's words ──────────────────────────────────────────

/// Why the computer player does not look at another size.
pub const ONLY_4X4: &str = "The computer player plays 4×4 boards only.";

/// Said beside the board while a hint is asked.
pub const THINKING: &str = "Thinking…";

/// A hint on a board where no move changes anything.
pub const NO_MOVE_CHANGES: &str = "No move changes the board.";

/// Autoplay's end when no move is left.
pub const AUTOPLAY_NO_MOVE: &str = "Autoplay stopped: no move is left.";

/// Why the computer does not look at a game won (until Keep going).
pub const WON_IDLE: &str = "You reached the target. Keep going to play on.";

/// Why the computer does not look at a game over.
pub const OVER_IDLE: &str = "The game is over.";

/// The sentence for a computer that cannot answer, whatever the reason
/// (the worker's files missing, a crash, a worker of another version):
/// the reason itself is the message log's (`Msg::AiAnswered`).
pub const COMPUTER_UNREACHABLE: &str = "The computer player could not be reached; try again.";

/// Autoplay stopped, and `why`.
pub fn autoplay_stopped(why: &str) -> String {
    format!("Autoplay stopped. {why}")
}

// ─── The settings', the links' and the page's words ───────────────────────

/// A target beyond the largest tile of `config`'s board, `largest`.
pub fn unreachable_target(config: &Config, largest: u64) -> String {
    format!(
        "The largest tile a {} board can hold is {largest}: this target cannot be reached.",
        size(config)
    )
}

/// A `?daily=` that names no daily.
pub const DAILY_LINK_WRONG: &str =
    "This daily link does not name a daily: it should be ?daily or ?daily=N, N from 1.";

/// A `?seed=` that is no seed.
pub const SEED_LINK_WRONG: &str = "The seed in this link is not a whole number from 0 to \
     18446744073709551615, so a random game has started.";

/// Said in a panel's place when its chunk could not be fetched.
pub const PANEL_NOT_LOADED: &str = "This panel could not be loaded. The game plays on; \
     the panel tries again when you next open it.";

/// Said in the contest's place when its chunk could not be fetched.
pub const CONTEST_NOT_LOADED: &str = "The daily and races could not be loaded. The game plays \
     on; they try again when one next begins or the page reloads.";

/// A replay link that does not open, and why.
pub fn replay_link_wrong(why: &str) -> String {
    format!("This replay link cannot be opened: {why}")
}

/// The document's title: the game's name, or what is on the board.
pub const TITLE: &str = "2048";
/// The title while a race is on the board.
pub const RACE_TITLE: &str = "Race · 2048";
/// The title while a shared game replays.
pub const REPLAY_TITLE: &str = "Replay · 2048";

/// The title while daily #`number` is on the board.
pub fn daily_title(number: u32) -> String {
    format!("Daily #{number} · 2048")
}

// ─── The review's button ──────────────────────────────────────────────────

/// The review's button while it runs.
pub const CANCEL_REVIEW: &str = "Cancel";
/// The review's button before any review.
pub const REVIEW_GAME: &str = "Review game";
/// The review's button once every move is judged.
pub const GAME_REVIEWED: &str = "Game reviewed";

/// The review's button once moves were played since a review.
pub fn review_more(n: usize) -> String {
    format!("Review {n} more {}", move_or_moves(n as u32))
}

// ─── The contest bar's buttons and the card ───────────────────────────────

pub const FINISH: &str = "Finish";
pub const FINISH_YES: &str = "Yes, finish";
pub const FINISH_NO: &str = "Keep playing";
pub const BACK_TO_MY_GAME: &str = "Back to my game";
pub const HIDE_GHOST: &str = "Hide the ghost's board";
pub const SHOW_GHOST: &str = "Show the ghost's board";
pub const PLAY_AGAIN: &str = "Play it again as practice";
pub const SEND_BACK: &str = "Send your game back";
pub const SHARE_RESULT: &str = "Share result";

/// The caption of the ghost's board beside the racer's.
pub fn ghost_caption(moves: u32) -> String {
    format!("The ghost's board at move {moves}")
}

/// The caption of the card's board.
pub const FINAL_BOARD: &str = "The final board";

/// The card's line of accuracy, with its strip (`squares`, or their
/// `words` in the plain card).
pub fn card_accuracy(accuracy: &str, strip: &str, plain: bool) -> String {
    if plain {
        format!("Accuracy {accuracy}, {strip}")
    } else {
        format!("Accuracy {accuracy} {strip}")
    }
}

// ─── The view's fixed words ───────────────────────────────────────────────
// The labels, headings and help the view draws as they are, whatever the
// model: here so that every sentence for the player is in one file.

/// The intro under the heading, before its goal.
pub const INTRO: &str = "Join the numbers and get to the ";

/// The intro's goal: the target tile, or the biggest one of an endless game.
pub fn goal(target: Option<u64>) -> String {
    match target {
        Some(t) => format!("{t} tile!"),
        None => "biggest tile you can!".to_string(),
    }
}

pub const NEW_GAME: &str = "New Game";

/// The board's message at the game's end.
pub const YOU_WIN: &str = "You win!";
pub const GAME_OVER: &str = "Game over!";
pub const KEEP_GOING: &str = "Keep going";
pub const TRY_AGAIN: &str = "Try again";

/// The tiles' list, for assistive technology.
pub const TILES_ON_BOARD: &str = "Tiles on the board";

/// A chunk of the page's code on its way.
pub const LOADING: &str = "Loading…";

/// The contest bar, its offer to race, and the result card, named.
pub const CONTEST_BAR: &str = "Daily and races";
pub const NOT_NOW: &str = "Not now";
pub const RESULT_CARD: &str = "Result card";

/// Undo's keys, as `aria-keyshortcuts` says them.
pub const UNDO_KEYS: &str = "U Control+Z Meta+Z";

/// The share box's lines: the game cannot be shared, the link to copy, the
/// link copied; and the link's field, named.
pub const SHARE_REFUSED: &str = "This game cannot be shared: it began before the undo history \
                                 this page holds, or it is too long for a link.";
pub const COPY_THIS_LINK: &str = "Copy this link:";
pub const LINK_COPIED: &str = "Link copied. Anyone who opens it sees this game replayed:";
pub const LINK_TO_THIS_GAME: &str = "Link to this game";

/// The replay's bar: where the replay is, its speed, and its skip.
pub const REPLAYING: &str = "Replaying a shared game: move ";
pub const SPEED: &str = "Speed ";
pub const SKIP_TO_END: &str = "Skip to the end";

/// The history panel's slider and buttons.
pub const MOVE_SHOWN: &str = "Move shown";
pub const RESUME_FROM_HERE: &str = "Resume from here";
pub const BACK_TO_PRESENT: &str = "Back to the present";
pub const CHECK_AGAIN: &str = "Check again";

/// The message log's chunk could not be fetched.
pub const LOG_FAILED: &str =
    "The message log could not be loaded. The game plays on; it tries again when you \
                              next open it or drop a session file on the page.";

/// The review panel's progress and chart, named.
pub const MOVES_REVIEWED: &str = "Moves reviewed";
pub const CHANCE_CAPTION: &str = "Your chance to make the next tile, move by move";
pub const CHANCE_CHART: &str = "The chance each move kept of making the next tile up; each mistake and blunder is a button that shows its board";
/// A judged move's mark's title.
pub const SHOW_MOVES_BOARD: &str = "Show the board this move was played on";
/// The review chart in words when no move was a mistake.
pub const NO_MISTAKE: &str = "No mistake or blunder.";

/// A judged move in words: "Move 120: blunder, better up". Moves are
/// numbered as the history's rows are, in their game (`MoveInReview::number`).
pub fn move_name(number: u32, grade: Grade, better: Option<Direction>) -> String {
    let mut name = format!("Move {number}: {}", grade.word());
    if let Some(d) = better {
        name.push_str(", better ");
        name.push_str(d.word());
    }
    name
}

/// The settings' labels and help.
pub const ENDLESS: &str = "None (endless)";
pub const BOARD_SIZE: &str = "Board size";
pub const WIDTH: &str = "Width ";
pub const HEIGHT: &str = "Height ";
pub const TARGET: &str = "Target ";
pub const SIZES_HELP: &str =
    "Each size keeps its own game and best score. A new target starts a new game.";
pub const COMPUTER_PLAYER: &str = "Computer player";
pub const AUTOPLAY_PAUSE: &str = "Pause between autoplay moves ";

/// How long the computer thinks a move, `ms`, and what it plays.
pub fn thinking_time(ms: u32) -> String {
    format!("Hint and Autoplay think for {ms} ms a move. {ONLY_4X4}")
}

/// The statistics panel's rows, tables and charts.
pub const GAMES_PLAYED: &str = "Games played";
pub const GAMES_WON: &str = "Games won";
pub const BEST_SCORE: &str = "Best score";
pub const BEST_TILE: &str = "Best tile";
pub const TOTAL_MOVES: &str = "Total moves";
pub const DAILIES_PLAYED: &str = "Dailies played";
pub const CURRENT_STREAK: &str = "Current streak";
pub const BEST_STREAK: &str = "Best streak";
pub const LATEST_DAILIES_CHART: &str = "Scores of the latest dailies";
pub const DAILY_NUMBER: &str = "Daily #";
pub const REACH_CHART: &str = "How often each tile was reached";
pub const SCORES_CHART: &str = "Scores of the recent games";
pub const STATISTICS: &str = "Statistics, ";
pub const RATES_TABLE: &str = "Tile rates as a table";

/// The words a screen reader hears for the reach chart: each tile's share.
pub fn reach_words(rates: &[(u64, u32, u32)]) -> String {
    let said: Vec<String> = rates.iter().map(|(t, _, p)| format!("{t}: {p}%")).collect();
    format!(
        "Share of games that reached each tile. {}.",
        said.join(", ")
    )
}

/// The words a screen reader hears for the score chart.
pub fn score_words(scores: &[u64]) -> String {
    let said: Vec<String> = scores.iter().map(|&s| spaced(s)).collect();
    format!(
        "Scores of the last {} games, oldest first: {}.",
        said.len(),
        said.join(", ")
    )
}

/// The result card's first line: the challenge's `name`, its score, top
/// tile and moves.
pub fn card_head(name: &str, score: u64, top: u64, moves: u32) -> String {
    format!(
        "2048 {name} · {} points · top tile {top} · {} {}",
        spaced(score),
        spaced(u64::from(moves)),
        move_or_moves(moves)
    )
}

/// Why a share link does not open, as a sentence.
pub fn link_error(e: &LinkError) -> &'static str {
    match e {
        LinkError::NotAGameLink => "This link is not a game link",
        LinkError::NewerVersion => "This link is for a newer version",
        LinkError::TooLong => "This link is too long",
        LinkError::CutShort => "This link is cut short",
        LinkError::Changed => "This link was changed after it was made",
        LinkError::Unplayable(_) => "This link's game cannot be replayed here",
    }
}

// ─── Puzzle links' words ──────────────────────────────────────────────────

/// What a puzzle link proved, said over its position: "From a game
/// replayed from its seed: move 301 of 412, 1 024 to make." (`target`,
/// the tile the position is judged by:
/// `session::puzzle::Puzzle::target_tile`).
pub fn puzzle_proved(number: u32, of: u32, target: u64) -> String {
    format!(
        "From a game replayed from its seed: move {} of {}, {} to make.",
        spaced(u64::from(number)),
        spaced(u64::from(of)),
        spaced(target)
    )
}

/// A puzzle link that does not open, and why: its replay link's fault in
/// [`link_error`]'s words, or its move's or its board's.
pub fn puzzle_link_wrong(e: &PuzzleError) -> String {
    let why = match e {
        PuzzleError::Link(e) => link_error(e),
        PuzzleError::NoSuchMove => "its game has no such move",
        PuzzleError::NotFourByFour => "the coach plays 4×4 boards only",
    };
    format!("This puzzle link cannot be opened: {why}.")
}

/// The message log's handle in the window's corner, with how many
/// messages the page has taken.
pub fn messages_handle(taken: u64) -> String {
    format!("Messages ({taken})")
}

// ─── Learn from your mistakes ─────────────────────────────────────────────

/// What the page says when learn's code could not be fetched.
pub const LEARN_NOT_LOADED: &str = "Learn from your mistakes could not be loaded. The game plays \
     on; it tries again when you next ask for it.";
/// The button that starts the walk through a reviewed game's mistakes.
pub const LEARN: &str = "Learn from your mistakes";
/// Beside Learn from your mistakes: how many positions it asks, "3
/// positions to try again".
pub fn learn_count(n: usize) -> String {
    let positions = if n == 1 { "position" } else { "positions" };
    format!("{n} {positions} to try again")
}
/// The button that walks the deck's positions that are due.
pub const PRACTICE: &str = "Practice";
/// The walk's buttons.
pub const ANSWER_AGAIN: &str = "Try again";
pub const SHOW_ME: &str = "Show me";
pub const SKIP: &str = "Skip";
pub const NEXT_POSITION: &str = "Next";
pub const END_WALK: &str = "Back to my game";
pub const SHARE_PUZZLE: &str = "Share as a puzzle";
/// The walk's name, for its region.
pub const WALK_LABEL: &str = "Find a better move";
/// A puzzle's position while the coach searches it.
pub const PUZZLE_SEARCHING: &str = "The coach is looking at this position…";

/// What the walk asks of a position: the move played there and what it
/// cost, in the review's words, without the better move: "Move 12: you
/// played left, a blunder. It cost about 23 points of your chance to make
/// 1 024. Find a better move." A puzzle's position whose search is not in
/// yet says the move alone.
pub fn walk_question(number: u32, played: Direction, v: Option<&Verdict>) -> String {
    let head = format!("Move {number}: {} was played here.", played.word());
    match v {
        None => format!("{head} Find the best move."),
        Some(v) => format!(
            "Move {number}: {} was a {}. It cost {} of your chance to make {}. Find a better move.",
            played.word(),
            v.grade.word(),
            cost(v.loss),
            spaced(1 << v.target)
        ),
    }
}

/// An answer found, best or good: "Up: best. It keeps 71% of your chance
/// to make 1 024."
pub fn found(v: &Verdict) -> String {
    format!(
        "{}: {}. It keeps {} of your chance to make {}.",
        capitalised(v.played.word()),
        v.grade.word(),
        percent(v.kept),
        spaced(1 << v.target)
    )
}

/// An answer that is not: "Not quite: down keeps 45%, about 26 points
/// less than the best move."
pub fn not_quite(v: &Verdict) -> String {
    format!(
        "Not quite: {} keeps {}, {} less than the best move.",
        v.played.word(),
        percent(v.kept),
        cost(v.loss)
    )
}

/// The best move, shown: "The best move here is up: it keeps 71%."
pub fn shown_best(v: &Verdict) -> String {
    format!(
        "The best move here is {}: it keeps {}.",
        v.best.word(),
        percent(v.value)
    )
}

/// Where the walk is: "Position 2 of 5".
pub fn walk_progress(at: usize, of: usize) -> String {
    format!("Position {} of {of}", at + 1)
}

/// The walk's end: "You found 3 of 5 better moves, 2 at the first try."
pub fn walk_end(found: u32, first_try: u32, of: usize) -> String {
    let moves = if of == 1 {
        "better move"
    } else {
        "better moves"
    };
    format!("You found {found} of {of} {moves}, {first_try} at the first try.")
}

/// The deck in a line, in Statistics: "Your deck: 12 positions, 3 due
/// today, 4 learned."
pub fn deck_line(cards: usize, due: usize, learned: usize) -> String {
    let positions = if cards == 1 { "position" } else { "positions" };
    format!("Your deck: {cards} {positions}, {due} due today, {learned} learned.")
}

/// A word of ours with its first letter in capitals: "Up". Our words are
/// ASCII, so this needs none of Unicode's case tables (12 KB of them in
/// learn's chunk when it was `char::to_uppercase`).
fn capitalised(word: &str) -> String {
    let mut word = word.to_owned();
    if let Some(first) = word.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::step;

    #[test]
    fn a_board_shown_is_named_by_the_move_judged_from_it_where_there_is_one() {
        assert_eq!(
            history_position(Some(78), Some(Direction::Left), 120, 120),
            "Showing the board before move 79 of 120, where you moved left."
        );
        assert_eq!(
            history_position(Some(12), None, 28, 28),
            "Showing the board after move 12 of 28: look only, or resume from here."
        );
        assert_eq!(history_position(None, None, 28, 28), "28 moves so far.");
        assert_eq!(
            history_position(None, None, 28, 25),
            "28 moves, the last 3 undone: Redo brings them back."
        );
        assert_eq!(history_position(None, None, 1, 1), "1 move so far.");
    }

    #[test]
    fn the_check_says_what_was_played_again_in_a_players_words() {
        assert_eq!(
            check_sentence(12, Ok(()), 0),
            "Checked: playing the 12 moves again gives every board in the list."
        );
        assert_eq!(
            check_sentence(1, Ok(()), 2),
            "Checked: playing the 1 move again gives every board in the list. (2 moves since.)"
        );
        assert_eq!(
            check_sentence(12, Err(7), 0),
            "Mismatch: playing the moves again, the board after move 7 is not the one kept."
        );
    }

    #[test]
    fn the_hint_says_what_the_move_does_and_not_how_the_search_chose() {
        assert_eq!(
            hint_sentence(
                Direction::Left,
                "Left merges two 8s, leaves 12 empty cells; the best of 4 moves, 3 moves ahead"
            ),
            "Hint: move left. Left merges two 8s, leaves 12 empty cells."
        );
        assert_eq!(
            hint_sentence(Direction::Up, "Up leaves 3 empty cells."),
            "Hint: move up. Up leaves 3 empty cells."
        );
    }

    #[test]
    fn the_history_list_names_inputs_with_the_engines_arrows_and_words() {
        let names: Vec<String> = [None, Some(Input::NewGame), Some(Input::KeepPlaying)]
            .into_iter()
            .chain(Direction::ALL.map(|d| Some(Input::Move(d))))
            .map(input_name)
            .collect();
        assert_eq!(
            names,
            [
                "Start",
                "New game",
                "Keep going",
                "↑ Up",
                "↓ Down",
                "← Left",
                "→ Right"
            ]
        );
    }

    #[test]
    fn a_race_is_said_in_words() {
        assert_eq!(lead_words(340), "+340 ahead");
        assert_eq!(lead_words(-1_120), "\u{2212}1\u{a0}120 behind");
        assert_eq!(lead_words(0), "level");
        assert_eq!(
            split_words(1024, 612, Some(626)),
            "1024 at move 612, 14 moves before the ghost"
        );
        assert_eq!(
            split_words(256, 130, Some(129)),
            "256 at move 130, 1 move after the ghost"
        );
        assert_eq!(
            split_words(128, 70, Some(70)),
            "128 at move 70, on the same move as the ghost"
        );
        assert_eq!(
            split_words(2048, 940, None),
            "2048 at move 940, before the ghost made it"
        );
    }

    #[test]
    fn an_accuracy_is_never_100_percent_unless_nothing_was_lost() {
        for (accuracy, said) in [
            (0.0, "0%"),
            (87.4, "87%"),
            (99.46, "99%"),
            (99.5, "99.5%"),
            (99.97, "99.9%"),
            (99.999, "99.9%"),
            (100.0, "100%"),
        ] {
            assert_eq!(accuracy_percent(accuracy), said, "{accuracy}");
        }
    }

    #[test]
    fn a_verdict_says_what_the_move_cost() {
        let v = |played, grade, loss: f32, value, target| Verdict {
            played,
            grade,
            loss,
            best: Direction::Up,
            value,
            kept: value - (loss * 100.0) as i32,
            worst: 0,
            target,
            // Up (best), down, left (played), right.
            values: [
                Some(value),
                Some(0),
                Some(value - (loss * 100.0) as i32),
                None,
            ],
            ends: 0,
        };
        for (verdict, said) in [
            (
                v(Direction::Left, Grade::Mistake, 13.6, 7_100, 9),
                "Move 120, left: mistake. It cost about 14 points of your chance to make \
                 512; up kept 71%.",
            ),
            (
                v(Direction::Left, Grade::Inaccuracy, 1.2, 8_000, 10),
                "Move 120, left: inaccuracy. It cost about 1 point of your chance to make \
                 1\u{a0}024; up kept 80%.",
            ),
            (
                v(Direction::Left, Grade::Good, 0.3, 9_995, 6),
                "Move 120, left: good. It cost less than 1 point of your chance to make 64; \
                 up kept 99.9%.",
            ),
            (
                v(Direction::Left, Grade::Best, 0.0, 10_000, 7),
                "Move 120, left: best. No move kept more of your chance to make 128 (100%).",
            ),
            (
                v(Direction::Up, Grade::Best, 0.0, 4_950, 12),
                "Move 120, up: best. No move kept more of your chance to make 4\u{a0}096 \
                 (50%).",
            ),
            (
                v(Direction::Up, Grade::Best, 0.0, 30, 13),
                "Move 120, up: best. No move kept more of your chance to make 8\u{a0}192 \
                 (0.3%).",
            ),
        ] {
            assert_eq!(verdict_sentence(120, &verdict), said);
        }
    }

    #[test]
    fn thousands_are_spaced() {
        for (n, s) in [
            (0, "0"),
            (12, "12"),
            (1204, "1\u{a0}204"),
            (1234567, "1\u{a0}234\u{a0}567"),
        ] {
            assert_eq!(spaced(n), s);
        }
    }

    #[test]
    fn a_merge_is_told_in_words() {
        let state = State::from_board("8 8 . . / . . . . / . . . . / . . . .".parse().unwrap(), 1);
        let next = step(Input::Move(Direction::Left), &state);
        assert_eq!(
            announce(&next),
            "Moved left. 8 and 8 merged into 16. Score 16."
        );
    }

    #[test]
    fn a_win_and_a_loss_are_told() {
        let won = State::from_board(
            "1024 1024 . . / . . . . / . . . . / . . . ."
                .parse()
                .unwrap(),
            1,
        );
        let next = step(Input::Move(Direction::Left), &won);
        assert!(announce(&next).ends_with("You win! Keep going or try again."));
        let stuck = State::from_board(
            "2 4 2 4 / 4 2 4 2 / 2 4 2 8 / 8 8 32 64".parse().unwrap(),
            1,
        );
        let next = step(Input::Move(Direction::Left), &stuck);
        assert!(announce(&next).contains("Game over"), "{}", announce(&next));
    }

    #[test]
    fn a_new_game_is_told() {
        let state = State::new(Default::default(), 3);
        assert_eq!(announce(&state), "New game. Score 0.");
    }
}
