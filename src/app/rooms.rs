//! Rooms whose rules arrive with their chunk (ARCHITECTURE.md, "A room's
//! code arrives with the room"). `update` is one exhaustive match over
//! every message; a moved room's arm calls the room's rules through this
//! file (it is not a room's rule file: it holds no rule, only the way to
//! them). Natively (the tests, `fold`, `review`, `session`) they are linked
//! as any rule. On the page (wasm) they are the [`Rules`] the room's chunk
//! hands over as it loads ([`arrive`], called from the chunk's split point
//! in `src/main.rs`, its row in `chunk_table!` naming them), so their code
//! is in the chunk, not in the page at start.
//!
//! The runtime never hands `update` a message whose room's code is not
//! here: [`code_wanted`] says which chunk a message needs while the model
//! says it is not loaded (`Chunks`); the runtime holds the message, asks
//! for the chunk (`Msg::CodeNeeded`, `Cmd::LoadChunk`) and lets the held
//! messages through, in order, once it is in.
//!
//! Moved so far: the contest's (the daily, races, their end and the result
//! card), but for what the page at start needs to resume a challenge: its
//! records as storage gave them (`contest::loaded`), the clock, Finish's
//! question, and putting the own game back on the board for the settings;
//! learn's (the walk, Practice, the deck, puzzles), but for closing
//! the walk when the game is acted on and a puzzle's verdict coming in;
//! and the coach's (Review, its cancelling, the search's answers), but for
//! `coach::keep_valid`, which runs after every message. A reload needs none
//! of the coach's rules: a review is not stored, so none runs at start.
//! Three chunks hand the coach's rules over, each of which starts a
//! review: the history panel's (Review, whose verdicts it shows), the
//! contest's (a challenge's end reviews it for the card's grades) and
//! learn's (a puzzle's position is searched); their code is then a chunk
//! the three share.

use std::cell::Cell;

use super::chunks::{Chunk, Fetch};
use super::cmd::Cmd;
use super::ignored::Ignored;
use super::model::Model;
use super::msg::{coach_msgs, contest_msgs, learn_msgs, page_msgs, Msg};
use super::panel::Panel;
use super::update::coach;
use super::update::contest;
use super::update::learn;
use crate::session::contest::Against;

/// What a rule did: the commands that follow, or why it did nothing.
type Outcome = Result<Vec<Cmd>, Ignored>;

/// The contest's rules that arrive with its chunk.
#[derive(Clone, Copy)]
pub struct ContestRules {
    /// The rule of each of the contest's messages (`contest_msgs!`).
    rule: fn(&mut Model, Msg) -> Outcome,
    /// What a move on the challenge's board adds (`game::play` calls it).
    moved: fn(&mut Model) -> Vec<Cmd>,
    /// Plays the daily the address asked for (`saving::loaded` calls it when the address asked).
    daily: fn(&mut Model, Option<u32>) -> Vec<Cmd>,
    /// What follows once the contest's code is in: the moves a daily's
    /// attempt played before it, booked (`contest::arrived`).
    arrived: fn(&mut Model) -> Vec<Cmd>,
}

/// Learn's rules that arrive with its chunk.
#[derive(Clone, Copy)]
pub struct LearnRules {
    /// The rule of each of learn's messages (`learn_msgs!`), and of a move
    /// played while its walk is on the board.
    rule: fn(&mut Model, Msg) -> Outcome,
    /// What follows once learn's code is in: the deck read, a puzzle asked
    /// for opened.
    arrived: fn(&mut Model) -> Vec<Cmd>,
}

/// The coach's rules that arrive with the chunks that start a review.
#[derive(Clone, Copy)]
pub struct CoachRules {
    /// The rule of each of the coach's messages (`coach_msgs!`).
    rule: fn(&mut Model, Msg) -> Outcome,
}

/// A room's rules, as its chunk hands them over.
#[derive(Clone, Copy)]
pub enum Rules {
    /// The contest's.
    Contest(ContestRules),
    /// Learn's.
    Learn(LearnRules),
    /// The coach's.
    Coach(CoachRules),
}

/// The coach's rules, which the history panel's, the contest's and
/// learn's chunks hand over (their rows in `chunk_table!`).
pub const COACH: Rules = Rules::Coach(CoachRules { rule: coach::rule });

/// The chunks that hand over the coach's rules: each starts a review.
const WITH_COACH: [Chunk; 3] = [Chunk::Panel(Panel::History), Chunk::Contest, Chunk::Learn];

/// Learn's rules, which learn's chunk hands over (its row in
/// `chunk_table!`).
pub const LEARN: Rules = Rules::Learn(LearnRules {
    rule: learn::rule,
    arrived: learn::arrived,
});

/// The chunks that bring a room's rules: what the debugger fetches before
/// it replays a session (its messages may be any room's). The contest's
/// and learn's bring the coach's too, so the history panel's is not
/// fetched for it.
pub const WITH_RULES: [Chunk; 2] = [Chunk::Contest, Chunk::Learn];

/// The contest's rules, which the contest's chunk hands over (its row in
/// `chunk_table!`). Naming this is what links them: on the page only the
/// chunk's split point does.
pub const CONTEST: Rules = Rules::Contest(ContestRules {
    rule: contest::rule,
    moved: contest::moved,
    daily: contest::daily,
    arrived: contest::arrived,
});

/// The rooms' rules that are here: natively every room's, linked as any
/// rule; on the page, those the chunks have handed over.
#[derive(Clone, Copy)]
struct Here {
    contest: Option<ContestRules>,
    learn: Option<LearnRules>,
    coach: Option<CoachRules>,
}

impl Here {
    /// No room's rules.
    const NONE: Here = Here {
        contest: None,
        learn: None,
        coach: None,
    };

    /// These rules and `rules`.
    fn with(mut self, rules: Rules) -> Here {
        match rules {
            Rules::Contest(rules) => self.contest = Some(rules),
            Rules::Learn(rules) => self.learn = Some(rules),
            Rules::Coach(rules) => self.coach = Some(rules),
        }
        self
    }
}

thread_local! {
    /// The rules the chunks have handed over.
    static HANDED: Cell<Here> = const { Cell::new(Here::NONE) };
}

/// A chunk has loaded and hands over its room's rules.
pub fn arrive(rules: Rules) {
    HANDED.with(|handed| handed.set(handed.get().with(rules)));
}

/// The rules here: natively, every room's.
#[cfg(not(target_family = "wasm"))]
fn here() -> Here {
    Here::NONE.with(CONTEST).with(LEARN).with(COACH)
}

/// The rules here: on the page, those the chunks have handed over (the
/// runtime holds a room's messages until its chunk has loaded). Naming
/// the rules here would link them into the page at start.
#[cfg(target_family = "wasm")]
fn here() -> Here {
    HANDED.with(Cell::get)
}

/// Learn's arm in `update`: the rule of one of `learn_msgs!`, or of a move
/// played while its walk is on the board.
pub(crate) fn learn(model: &mut Model, msg: Msg) -> Outcome {
    let rules = here().learn.ok_or(Ignored::NotHere)?;
    (rules.rule)(model, msg)
}

/// Learn's code is in (`learn::arrived`).
pub(crate) fn learn_arrived(model: &mut Model) -> Vec<Cmd> {
    here()
        .learn
        .map_or_else(Vec::new, |rules| (rules.arrived)(model))
}

/// The contest's arm in `update`: the rule of one of `contest_msgs!`.
pub(crate) fn contest(model: &mut Model, msg: Msg) -> Outcome {
    let rules = here().contest.ok_or(Ignored::NotHere)?;
    (rules.rule)(model, msg)
}

/// What a move on the challenge's board adds (`contest::moved`); nothing
/// while the contest's code is not here (a daily's move on a reload:
/// `contest::arrived` books it).
pub(crate) fn moved(model: &mut Model) -> Vec<Cmd> {
    here()
        .contest
        .map_or_else(Vec::new, |rules| (rules.moved)(model))
}

/// The contest's code is in (`contest::arrived`).
pub(crate) fn contest_arrived(model: &mut Model) -> Vec<Cmd> {
    here()
        .contest
        .map_or_else(Vec::new, |rules| (rules.arrived)(model))
}

/// Plays daily #`asked` (`contest::daily`).
pub(crate) fn daily(model: &mut Model, asked: Option<u32>) -> Vec<Cmd> {
    here()
        .contest
        .map_or_else(Vec::new, |rules| (rules.daily)(model, asked))
}

/// The coach's arm in `update`: the rule of one of `coach_msgs!`.
pub(crate) fn coach(model: &mut Model, msg: Msg) -> Outcome {
    let rules = here().coach.ok_or(Ignored::NotHere)?;
    (rules.rule)(model, msg)
}

/// The chunk whose room's rules `msg` needs, while the model says that
/// chunk is not here: learn's for its messages; the history panel's for
/// the coach's while no chunk that brings them has loaded; the contest's
/// for its messages, a move in a race (its splits count each; a daily's is
/// played at once), and what storage held
/// at the start when the address asked for a daily. `None`: `update` may
/// take `msg` now.
pub fn code_wanted(model: &Model, msg: &Msg) -> Option<Chunk> {
    let learn = matches!(msg, learn_msgs!());
    if learn && model.chunks.of(Chunk::Learn) != Fetch::Loaded {
        return Some(Chunk::Learn);
    }
    let coach_here = WITH_COACH
        .iter()
        .any(|&c| model.chunks.of(c) == Fetch::Loaded);
    if matches!(msg, coach_msgs!()) && !coach_here {
        return Some(Chunk::Panel(Panel::History));
    }
    let contest = match msg {
        contest_msgs!() => true,
        learn_msgs!() | coach_msgs!() | page_msgs!() => false,
    };
    // A race's move waits (its splits count each move); a daily's is
    // played at once, and booked when the code comes (`contest::arrived`).
    let play = matches!(msg, Msg::Play(_))
        && model
            .challenge_on_board()
            .is_some_and(|c| matches!(c.against, Against::Race(_)));
    let asked = model.contest.asked.is_some();
    let loaded = matches!(msg, Msg::Loaded(saved) if saved.load.first() && asked);
    let chunk = Chunk::Contest;
    ((contest || play || loaded) && model.chunks.of(chunk) != Fetch::Loaded).then_some(chunk)
}
