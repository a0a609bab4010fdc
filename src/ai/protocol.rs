//! The messages between the page and the AI worker (`src/bin/ai-worker.rs`),
//! as text: the page posts one JSON object as a string and the worker answers
//! with one. Both sides use this module, so the worker binary is a thin shell
//! around [`respond`] and everything here is tested natively
//! (`tests/ai_protocol.rs`).
//!
//! Request, page to worker:
//!
//! ```text
//! {"id":7,"board":"0000000000001121","ms":50}
//! ```
//!
//! - `id`: a whole number up to 2^32 − 1, repeated in the reply, so the page
//!   can drop answers to questions it no longer asks.
//! - `board`: the [`Bitboard`] as 16 hex digits, most significant first: the
//!   last digit is the top-left cell, the first the bottom-right, each the
//!   tile's exponent (`0` empty, `1` a 2, … `f` a 32768). In the example the
//!   top row is 2 4 2 2 (the last four digits, read from the right) and the
//!   rest of the board is empty.
//! - `ms`: the time budget in milliseconds, any JSON number from 0 to 60 000
//!   (`50`, `9.6`, `1e3`), rounded to a whole millisecond.
//! - `review` (optional, `true` or `false`): a review's question
//!   ([`super::review::assess`]): the search empties its transposition table
//!   first, ignores the clock and stops at `nodes` positions (required), so
//!   the same board always gets the same chances; its reply adds `target`,
//!   `values` and `ends`.
//! - `nodes` (optional, a whole number): stop once the search has visited
//!   this many positions, if the budget has not run out first. A reply's
//!   `nodes` is where its search stopped, and a search's answer depends only
//!   on the board, on where it stopped and on the searches the worker did
//!   before it ([`Searcher::search_within`]). So a second worker sent the
//!   same requests in the same order, each limited to the `nodes` of the
//!   first worker's reply, gives the same replies but for `ms`: that is how
//!   the browser tests check the page's hints against a worker of their own.
//!
//! Replies, worker to page:
//!
//! ```text
//! {"ready":true}
//! {"id":7,"direction":"left","reason":"Left merges …","depth":5,"refined":0,"nodes":81234,"ms":49.512,"eval":"heuristic"}
//! {"id":9,"direction":"up","reason":"","depth":4,"refined":0,"nodes":40000,"ms":7.25,"eval":"chance","target":9,"values":[9412,null,8416,9387],"ends":0}
//! {"id":7,"direction":null,"reason":"No move changes the board","depth":0,"refined":0,"nodes":0,"ms":0.001}
//! {"id":7,"error":"board: expected 16 hex digits, got \"12\""}
//! {"id":null,"error":"not a JSON object"}
//! ```
//!
//! `ready` comes once, when the worker has started: requests posted before it
//! are lost, so the page waits for it. If the worker's wasm fails to load,
//! its loader (`assets/ai-worker_loader.js`) posts an error with a `null` id
//! instead. `direction` is `up`, `down`, `left`,
//! `right`, or `null` when no move changes the board; `reason` is
//! [`super::reason`]'s sentence; `depth`, `refined` (how many times the
//! probability cutoff was lowered), `nodes` and `ms` are what the search did
//! ([`super::SearchStats`]); `eval` names the evaluator the search used
//! (the page does not read it); `target`, in a review's reply only, is the
//! exponent of the tile the chances are of (twice the board's top tile),
//! `values` each move's chance of making it in basis points (0 to 10 000,
//! [`super::review::Assessment`]), in [`Direction::ALL`] order, `null` for a
//! move that changes nothing, and `ends` the moves after which the game is
//! over whatever tile comes, a bit each in the same order (a review's reply
//! has no `reason`: nobody reads it). The search stops a little before the budget
//! ([`search_budget_ms`]) so that the reply reaches the page within it. A
//! request that cannot be read gets an `error` (with its `id` when that much
//! could be read) and never a panic.
//!
//! Both sides read and write the text with serde-json-core, the JSON library
//! of the saves ([`crate::session::save`]), so the page's wasm carries only one. A key
//! neither side knows is ignored, whatever its value (a number, `true`,
//! `false` or `null` there is skipped unchecked). Strings may hold any escape
//! but a `\u` surrogate pair, which serde-json-core refuses (it reads each
//! `\u` alone) and neither side writes: characters outside ASCII go as UTF-8.
//! `ms` is written to the microsecond with as few decimals as that takes
//! (`49.5`, `0.0`). A request is read one key at a time, after the text as a
//! whole has been read as an object, so that its error names the key at fault.
//! Text nested deeper than [`MAX_DEPTH`] brackets is refused before it is
//! read.

use serde::de::IgnoredAny;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json_core::de::Error as JsonError;

use crate::engine::Direction;

use super::bitboard::Bitboard;
use super::eval::Evaluator;
use super::review::Reviewer;
use super::search::{Limits, Searcher};
use super::Clock;

/// The largest budget a request may ask for, in milliseconds.
pub const MAX_BUDGET_MS: u32 = 60_000;

/// How deeply brackets may nest in a message, those inside strings
/// included: the messages are flat, and the deepest either side writes is an
/// error that quotes up to 40 characters of a request's `board`. Deeper text
/// is refused unread, since serde-json-core skips an ignored key's value by
/// recursion.
pub const MAX_DEPTH: usize = 64;

/// A question to the worker: the best move on `board` within `budget_ms`
/// and, if given, within `nodes` positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: u32,
    pub board: Bitboard,
    pub budget_ms: u32,
    pub nodes: Option<u64>,
    /// A review's question ([`super::review::assess`]).
    pub review: bool,
}

/// The worker's advice on a board.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Advice {
    /// `None` when no move changes the board.
    pub direction: Option<Direction>,
    /// Why, in a sentence ([`super::reason`]).
    pub reason: String,
    /// Depth of the deepest finished iteration, in moves.
    pub depth: u32,
    /// How many times that iteration's probability cutoff had been refined.
    pub refined: u32,
    /// Positions the search visited before it stopped.
    pub nodes: u64,
    /// Time the search took, by the worker's clock, as the worker wrote it.
    /// `None` in a reply read back by [`Reply::parse`]: the page checks that
    /// `ms` is there but does not read its value, since reading a decimal
    /// number would bring a float parser into the page's wasm (15 KB gzip,
    /// measured) for a figure only people and tests look at.
    #[serde(skip)]
    pub elapsed_ms: Option<f64>,
    /// The evaluator the search scored positions with ([`Evaluator::name`]).
    /// Written by the worker for people and tests; `None` when read back,
    /// since the page has no use for it.
    #[serde(skip)]
    pub evaluator: Option<&'static str>,
    /// The exponent of the tile a review's chances are of
    /// ([`super::review::Assessment::target`]).
    pub target: Option<u8>,
    /// Every move's value, in whole points, for a review's question
    /// ([`super::review::Assessment::values`]).
    pub values: Option<[Option<i32>; 4]>,
    /// The moves that end the game, for a review's question
    /// ([`super::review::Assessment::ends`]).
    pub ends: Option<u8>,
}

/// What the page gets for a question: advice, or why there is none.
pub type Answer = Result<Advice, String>;

/// A message from the worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The worker has started and reads requests from now on.
    Ready,
    /// The answer to request `id` (`None`: a request too broken to have one).
    Answer { id: Option<u32>, answer: Answer },
}

/// The sentence of a reply whose board has no move.
pub const NO_MOVE: &str = "No move changes the board";

impl Request {
    /// The request as the page posts it.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Wire<'a> {
            id: u32,
            board: &'a str,
            ms: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            nodes: Option<u64>,
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            review: bool,
        }
        write(
            &Wire {
                id: self.id,
                board: &format!("{:016x}", self.board),
                ms: self.budget_ms,
                nodes: self.nodes,
                review: self.review,
            },
            0,
        )
    }

    /// Reads a request. On failure, the error sentence and the request's id
    /// if it could be read.
    pub fn parse(text: &str) -> Result<Request, (Option<u32>, String)> {
        // The text as a whole first, every key ignored, so that what is
        // wrong below is the key being read.
        read_object(text).map_err(|e| (None, e))?;
        let id = read_id(text).map_err(|e| (None, e))?;
        let with_id = |e: String| (Some(id), e);
        Ok(Request {
            id,
            board: read_board(text).map_err(with_id)?,
            budget_ms: read_budget(text).map_err(with_id)?,
            nodes: read_nodes(text).map_err(with_id)?,
            review: read_review(text).map_err(with_id)?,
        })
    }
}

/// A request's `id`, a whole number up to 2^32 − 1.
fn read_id(text: &str) -> Result<u32, String> {
    #[derive(Deserialize)]
    struct Id {
        id: Option<u32>,
    }
    match read::<Id>(text) {
        Ok(Id { id: Some(id) }) => Ok(id),
        Err(JsonError::CustomError) => Err(twice("id")),
        _ => Err("id: expected a whole number up to 4294967295".into()),
    }
}

/// A request's `board`, 16 hex digits.
fn read_board(text: &str) -> Result<Bitboard, String> {
    #[derive(Deserialize)]
    struct Board {
        board: Option<String>,
    }
    match read::<Board>(text) {
        Ok(Board { board: Some(s) })
            if s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            Ok(u64::from_str_radix(&s, 16).unwrap_or_default())
        }
        Ok(Board { board: Some(s) }) => {
            let s: String = s.chars().take(40).collect();
            Err(format!("board: expected 16 hex digits, got {s:?}"))
        }
        Err(JsonError::CustomError) => Err(twice("board")),
        _ => Err("board: expected a string of 16 hex digits".into()),
    }
}

/// A request's `ms`, from 0 to [`MAX_BUDGET_MS`], rounded to a whole
/// millisecond.
fn read_budget(text: &str) -> Result<u32, String> {
    #[derive(Deserialize)]
    struct Ms {
        ms: Option<f64>,
    }
    match read::<Ms>(text) {
        Ok(Ms { ms: Some(v) }) if (0.0..=MAX_BUDGET_MS as f64).contains(&v) => Ok((v + 0.5) as u32),
        Err(JsonError::CustomError) => Err(twice("ms")),
        _ => Err(format!(
            "ms: expected a number of milliseconds from 0 to {MAX_BUDGET_MS}"
        )),
    }
}

/// A request's optional `nodes`, a whole number.
fn read_nodes(text: &str) -> Result<Option<u64>, String> {
    #[derive(Deserialize)]
    struct Nodes {
        #[serde(default, deserialize_with = "present")]
        nodes: Option<u64>,
    }
    match read::<Nodes>(text) {
        Ok(Nodes { nodes }) => Ok(nodes),
        Err(JsonError::CustomError) => Err(twice("nodes")),
        Err(_) => Err("nodes: expected a whole number up to 2^64 − 1".into()),
    }
}

/// The optional `review` flag; a review must say where to stop.
fn read_review(text: &str) -> Result<bool, String> {
    #[derive(Deserialize)]
    struct Review {
        #[serde(default, deserialize_with = "present")]
        review: Option<bool>,
        #[serde(default, deserialize_with = "present")]
        nodes: Option<IgnoredAny>,
    }
    match read::<Review>(text) {
        Ok(Review {
            review: Some(true),
            nodes: None,
        }) => Err("review: needs nodes, where the search stops".into()),
        Ok(Review { review, .. }) => Ok(review.unwrap_or(false)),
        Err(JsonError::CustomError) => Err(twice("review")),
        Err(_) => Err("review: expected true or false".into()),
    }
}

impl Reply {
    /// The reply as the worker posts it.
    pub fn to_json(&self) -> String {
        #[derive(Serialize)]
        struct Ready {
            ready: bool,
        }
        #[derive(Serialize)]
        struct Advised<'a> {
            id: Option<u32>,
            direction: Option<&'static str>,
            reason: &'a str,
            depth: u32,
            refined: u32,
            nodes: u64,
            ms: f64,
            #[serde(skip_serializing_if = "Option::is_none")]
            eval: Option<&'static str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            target: Option<u8>,
            #[serde(skip_serializing_if = "Option::is_none")]
            values: Option<[Option<i32>; 4]>,
            #[serde(skip_serializing_if = "Option::is_none")]
            ends: Option<u8>,
        }
        #[derive(Serialize)]
        struct Failed<'a> {
            id: Option<u32>,
            error: &'a str,
        }
        match self {
            Reply::Ready => write(&Ready { ready: true }, 0),
            Reply::Answer { id, answer: Ok(a) } => write(
                &Advised {
                    id: *id,
                    direction: a.direction.map(Direction::word),
                    reason: &a.reason,
                    depth: a.depth,
                    refined: a.refined,
                    nodes: a.nodes,
                    ms: to_the_microsecond(a.elapsed_ms.unwrap_or(0.0)),
                    eval: a.evaluator,
                    target: a.target,
                    values: a.values,
                    ends: a.ends,
                },
                a.reason.len(),
            ),
            Reply::Answer { id, answer: Err(e) } => write(&Failed { id: *id, error: e }, e.len()),
        }
    }

    /// Reads a reply (the page's side).
    ///
    /// The page drops a reply it cannot read, so the errors here are short:
    /// the sentences that say where a text goes wrong are the worker's
    /// ([`Request::parse`]), which answers them.
    pub fn parse(text: &str) -> Result<Reply, String> {
        if crate::session::save::depth(text) > MAX_DEPTH {
            return Err(format!("nested deeper than {MAX_DEPTH} brackets"));
        }
        // `id`, `direction` and `error` may be null, which is not the same
        // as missing.
        #[derive(Deserialize)]
        struct Wire {
            #[serde(default)]
            ready: bool,
            #[serde(default, deserialize_with = "present")]
            id: Option<Option<u32>>,
            #[serde(default, deserialize_with = "present")]
            error: Option<String>,
            #[serde(default, deserialize_with = "present")]
            direction: Option<Option<String>>,
            reason: Option<String>,
            depth: Option<u32>,
            refined: Option<u32>,
            nodes: Option<u64>,
            ms: Option<IgnoredAny>,
            target: Option<u8>,
            values: Option<[Option<i32>; 4]>,
            ends: Option<u8>,
        }
        let w = read::<Wire>(text).map_err(|e| match e {
            JsonError::CustomError => "a key given twice".to_string(),
            _ => "not a reply: a JSON object whose id, depth, refined and nodes are whole \
                  numbers, ms a number, the rest strings"
                .to_string(),
        })?;
        if w.ready {
            return Ok(Reply::Ready);
        }
        let id = w.id.ok_or("id: missing")?;
        if let Some(e) = w.error {
            return Ok(Reply::Answer { id, answer: Err(e) });
        }
        let direction = match w.direction.ok_or("direction: missing")? {
            None => None,
            Some(word) => {
                Some(Direction::from_word(&word).ok_or(format!("direction: unknown \"{word}\""))?)
            }
        };
        Ok(Reply::Answer {
            id,
            answer: Ok(Advice {
                direction,
                reason: w.reason.ok_or("reason: missing")?,
                depth: w.depth.ok_or("depth: missing")?,
                refined: w.refined.ok_or("refined: missing")?,
                nodes: w.nodes.ok_or("nodes: missing")?,
                elapsed_ms: w.ms.map(|_| None).ok_or("ms: missing")?,
                evaluator: None,
                target: w.target,
                values: w.values,
                ends: w.ends,
            }),
        })
    }
}

/// The worker's whole job: reads a request, searches with the searcher
/// `hints` gives (a hint's) or with the [`Reviewer`] in `reviews` (a
/// review's, made on its first question), whichever the request asks for,
/// and writes the reply. Never panics, whatever `text` holds.
pub fn respond<'s, E: Evaluator + 's>(
    text: &str,
    hints: impl FnOnce() -> &'s mut Searcher<E>,
    reviews: &mut Option<Reviewer>,
    clock: &dyn Clock,
) -> String {
    let reply = match Request::parse(text) {
        Err((id, error)) => Reply::Answer {
            id,
            answer: Err(error),
        },
        Ok(request) => Reply::Answer {
            id: Some(request.id),
            answer: Ok(if request.review {
                assessed(
                    reviews.get_or_insert_with(Reviewer::default),
                    &request,
                    clock,
                )
            } else {
                advise(hints(), &request, clock)
            }),
        },
    };
    reply.to_json()
}

/// The part of a request's budget the search gets: the rest (5%, at most
/// half a millisecond) is kept for writing the reply and its trip to the
/// page, so the answer arrives within the budget the page asked for.
pub fn search_budget_ms(budget_ms: u32) -> f64 {
    let ms = budget_ms as f64;
    ms - (ms * 0.05).min(0.5)
}

fn advise<E: Evaluator>(
    searcher: &mut Searcher<E>,
    request: &Request,
    clock: &dyn Clock,
) -> Advice {
    let start = clock.now_ms();
    let budget = search_budget_ms(request.budget_ms);
    let limits = Limits {
        nodes: request.nodes.unwrap_or(u64::MAX),
        ..Limits::ms(budget)
    };
    match searcher.best_move(request.board, limits, clock) {
        Some((dir, stats)) => Advice {
            direction: Some(dir),
            reason: stats.reason,
            depth: stats.depth,
            refined: stats.refined,
            nodes: stats.nodes,
            elapsed_ms: Some(stats.elapsed_ms),
            evaluator: Some(searcher.evaluator().name()),
            target: None,
            values: None,
            ends: None,
        },
        None => Advice {
            direction: None,
            reason: NO_MOVE.into(),
            depth: 0,
            refined: 0,
            nodes: 0,
            elapsed_ms: Some(clock.now_ms() - start),
            evaluator: Some(searcher.evaluator().name()),
            target: None,
            values: None,
            ends: None,
        },
    }
}

/// A review's answer ([`super::review::assess`]): the review's pick and
/// every move's chance, without a reason.
fn assessed(reviewer: &mut Reviewer, request: &Request, clock: &dyn Clock) -> Advice {
    let start = clock.now_ms();
    let nodes = request.nodes.unwrap_or(super::review::REVIEW_NODES);
    let assessment = super::review::assess(reviewer, request.board, nodes);
    Advice {
        direction: assessment.map(|a| a.best),
        reason: if assessment.is_some() {
            String::new()
        } else {
            NO_MOVE.into()
        },
        depth: 0,
        refined: 0,
        nodes,
        elapsed_ms: Some(clock.now_ms() - start),
        evaluator: Some(reviewer.evaluator()),
        target: assessment.map(|a| a.target),
        values: assessment.map(|a| a.values),
        ends: assessment.map(|a| a.ends),
    }
}

/// `ms` rounded to the microsecond, and never negative, `-0` or NaN (which
/// serde-json-core would write as `null`): a clock may be coarse or odd.
fn to_the_microsecond(ms: f64) -> f64 {
    let ms = (ms * 1000.0).round() / 1000.0;
    if ms > 0.0 && ms.is_finite() {
        ms
    } else {
        0.0
    }
}

/// `value` as JSON text, by serde-json-core. `strings` is the length of the
/// strings in it: escaped, each byte takes at most 6 (`\u001f`), and the
/// rest of any message here fits in 192.
fn write<T: Serialize>(value: &T, strings: usize) -> String {
    let mut buf = vec![0u8; 192 + 6 * strings];
    let len = serde_json_core::to_slice(value, &mut buf).expect("the buffer fits the message");
    buf.truncate(len);
    String::from_utf8(buf).expect("serde-json-core writes UTF-8")
}

/// Reads `text` as a `T` with serde-json-core, escapes in strings undone.
fn read<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, JsonError> {
    // An unescaped string is never longer than its escaped text.
    let mut unescaped = vec![0u8; text.len()];
    serde_json_core::from_str_escaped(text, &mut unescaped).map(|(value, _)| value)
}

/// Checks that `text` is one JSON object, no deeper than [`MAX_DEPTH`],
/// whatever its keys; if not, says what is wrong.
fn read_object(text: &str) -> Result<(), String> {
    #[derive(Deserialize)]
    struct Object {}
    if crate::session::save::depth(text) > MAX_DEPTH {
        return Err(format!("nested deeper than {MAX_DEPTH} brackets"));
    }
    read::<Object>(text).map(|_| ()).map_err(|e| {
        match e {
            JsonError::InvalidType => "not a JSON object",
            JsonError::EofWhileParsingValue if text.trim().is_empty() => "not a JSON object",
            JsonError::EofWhileParsingValue
            | JsonError::EofWhileParsingObject
            | JsonError::EofWhileParsingList
            | JsonError::EofWhileParsingString
            | JsonError::EofWhileParsingNumber => "the text ends inside the object",
            JsonError::ExpectedColon => "expected ':' after a key",
            JsonError::ExpectedObjectCommaOrEnd => "expected ',' or '}' in an object",
            JsonError::ExpectedListCommaOrEnd => "expected ',' or ']' in a list",
            JsonError::ExpectedSomeIdent => "expected true, false or null",
            JsonError::ExpectedSomeValue => "expected a value",
            JsonError::InvalidNumber => "a malformed number",
            JsonError::InvalidEscapeSequence | JsonError::InvalidUnicodeCodePoint => {
                "a bad escape in a string"
            }
            JsonError::KeyMustBeAString => "expected a string as a key",
            JsonError::TrailingComma => "a ',' before a closing '}' or ']'",
            JsonError::TrailingCharacters => "text after the object",
            _ => "not JSON",
        }
        .to_string()
    })
}

/// The sentence for a key that appears twice.
fn twice(key: &str) -> String {
    format!("{key}: given more than once")
}

/// For a key that may be missing (`#[serde(default)]`) but, when there,
/// must hold a `T`: `null` is a `T` only if `T` is an `Option`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn microseconds() {
        assert_eq!(to_the_microsecond(49.5124), 49.512);
        assert_eq!(to_the_microsecond(0.0005), 0.001);
        for odd in [-0.0001, -0.0, -1.0, f64::NAN, f64::INFINITY, f64::MAX] {
            let ms = to_the_microsecond(odd);
            assert!(ms == 0.0 && ms.is_sign_positive(), "{odd}: {ms}");
        }
    }

    #[test]
    fn deep_text_is_refused_unread() {
        let deep = format!("{{\"x\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(
            read_object(&deep),
            Err(format!("nested deeper than {MAX_DEPTH} brackets"))
        );
        let fine = format!("{{\"x\":{}{}}}", "[".repeat(60), "]".repeat(60));
        assert_eq!(read_object(&fine), Ok(()));
    }

    #[test]
    fn syntax_errors_are_named() {
        for (text, error) in [
            ("", "not a JSON object"),
            (" \n", "not a JSON object"),
            ("7", "not a JSON object"),
            ("{", "the text ends inside the object"),
            (r#"{"a":"#, "the text ends inside the object"),
            (r#"{"a":"x"#, "the text ends inside the object"),
            (r#"{"a" 1}"#, "expected ':' after a key"),
            (r#"{"a":"x" "b":2}"#, "expected ',' or '}' in an object"),
            (r#"{"a":}"#, "expected a value"),
            (r#"{1:2}"#, "expected a string as a key"),
            (r#"{"a":1,}"#, "a ',' before a closing '}' or ']'"),
            (r#"{"a":[1,]}"#, "a ',' before a closing '}' or ']'"),
            (r#"{"a":"\x"}"#, "a bad escape in a string"),
            (r#"{} {}"#, "text after the object"),
        ] {
            assert_eq!(read_object(text), Err(error.to_string()), "{text}");
        }
    }
}
