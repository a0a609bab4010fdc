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
//! - `ms`: the time budget in milliseconds, 0 to 60 000 (rounded to a whole
//!   millisecond).
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
//! {"id":7,"direction":"left","reason":"Left merges …","depth":5,"refined":0,"nodes":81234,"ms":49.512}
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
//! ([`super::SearchStats`]). The search stops a little before the budget
//! ([`search_budget_ms`]) so that the reply reaches the page within it. A
//! request that cannot be read gets an `error` (with its `id` when that much
//! could be read) and never a panic.
//!
//! The parser reads flat objects only (string, number, `true`, `false` and
//! `null` values), which is all either side sends; numbers are read without
//! floating-point parsing, so the page's wasm carries no float parser for
//! this.

use crate::engine::Direction;

use super::bitboard::Bitboard;
use super::eval::Evaluator;
use super::search::{Limits, Searcher};
use super::Clock;

/// The largest budget a request may ask for, in milliseconds.
pub const MAX_BUDGET_MS: u32 = 60_000;

/// A question to the worker: the best move on `board` within `budget_ms`
/// and, if given, within `nodes` positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: u32,
    pub board: Bitboard,
    pub budget_ms: u32,
    pub nodes: Option<u64>,
}

/// The worker's advice on a board.
#[derive(Clone, Debug, PartialEq)]
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
    /// Time the search took, by the worker's clock.
    pub elapsed_ms: f64,
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
        let nodes = self
            .nodes
            .map_or(String::new(), |n| format!(",\"nodes\":{n}"));
        format!(
            "{{\"id\":{},\"board\":\"{:016x}\",\"ms\":{}{nodes}}}",
            self.id, self.board, self.budget_ms
        )
    }

    /// Reads a request. On failure, the error sentence and the request's id
    /// if it could be read.
    pub fn parse(text: &str) -> Result<Request, (Option<u32>, String)> {
        let fields = parse_object(text).map_err(|e| (None, e))?;
        let id = match get(&fields, "id") {
            Some(Value::Num(n)) => whole(n).filter(|&v| v <= u32::MAX as u64),
            _ => None,
        };
        let Some(id) = id.map(|v| v as u32) else {
            return Err((None, "id: expected a whole number up to 4294967295".into()));
        };
        let fail = |e: String| Err((Some(id), e));
        let board = match get(&fields, "board") {
            Some(Value::Str(s)) if s.len() == 16 && s.bytes().all(|b| b.is_ascii_hexdigit()) => {
                u64::from_str_radix(s, 16).unwrap_or_default()
            }
            Some(Value::Str(s)) => {
                return fail(format!(
                    "board: expected 16 hex digits, got {}",
                    quote(&s.chars().take(40).collect::<String>())
                ))
            }
            _ => return fail("board: expected a string of 16 hex digits".into()),
        };
        let budget_ms = match get(&fields, "ms") {
            Some(Value::Num(n)) => decimal(n)
                .filter(|&v| (0.0..=MAX_BUDGET_MS as f64).contains(&v))
                .map(|v| (v + 0.5) as u32),
            _ => None,
        };
        let Some(budget_ms) = budget_ms else {
            return fail(format!(
                "ms: expected a number of milliseconds from 0 to {MAX_BUDGET_MS}"
            ));
        };
        let nodes = match get(&fields, "nodes") {
            None => None,
            Some(Value::Num(n)) if whole(n).is_some() => whole(n),
            Some(_) => return fail("nodes: expected a whole number".into()),
        };
        Ok(Request {
            id,
            board,
            budget_ms,
            nodes,
        })
    }
}

impl Reply {
    /// The reply as the worker posts it.
    pub fn to_json(&self) -> String {
        let (id, answer) = match self {
            Reply::Ready => return "{\"ready\":true}".into(),
            Reply::Answer { id, answer } => (id, answer),
        };
        let id = id.map_or("null".to_string(), |id| id.to_string());
        match answer {
            Ok(a) => format!(
                "{{\"id\":{id},\"direction\":{},\"reason\":{},\"depth\":{},\"refined\":{},\"nodes\":{},\"ms\":{:.3}}}",
                a.direction
                    .map_or("null".to_string(), |d| quote(direction_name(d))),
                quote(&a.reason),
                a.depth,
                a.refined,
                a.nodes,
                // Never "-0.000" or "NaN": a clock may be coarse or odd.
                if a.elapsed_ms.is_finite() { a.elapsed_ms.max(0.0) } else { 0.0 },
            ),
            Err(e) => format!("{{\"id\":{id},\"error\":{}}}", quote(e)),
        }
    }

    /// Reads a reply (the page's side).
    pub fn parse(text: &str) -> Result<Reply, String> {
        let fields = parse_object(text)?;
        if let Some(Value::Bool(true)) = get(&fields, "ready") {
            return Ok(Reply::Ready);
        }
        let id = match get(&fields, "id") {
            Some(Value::Null) => None,
            Some(Value::Num(n)) => Some(
                whole(n)
                    .filter(|&v| v <= u32::MAX as u64)
                    .ok_or("id: expected a whole number")? as u32,
            ),
            _ => return Err("id: missing".into()),
        };
        if let Some(e) = get(&fields, "error") {
            let Value::Str(e) = e else {
                return Err("error: expected a string".into());
            };
            return Ok(Reply::Answer {
                id,
                answer: Err(e.clone()),
            });
        }
        let direction = match get(&fields, "direction") {
            Some(Value::Null) => None,
            Some(Value::Str(s)) => {
                Some(direction_from_name(s).ok_or(format!("direction: unknown {}", quote(s)))?)
            }
            _ => return Err("direction: missing".into()),
        };
        let reason = match get(&fields, "reason") {
            Some(Value::Str(s)) => s.clone(),
            _ => return Err("reason: missing".into()),
        };
        let number = |key: &str| match get(&fields, key) {
            Some(Value::Num(n)) => Ok(*n),
            _ => Err(format!("{key}: expected a number")),
        };
        let depth = whole(number("depth")?)
            .filter(|&v| v <= u32::MAX as u64)
            .ok_or("depth: expected a whole number")? as u32;
        let refined = whole(number("refined")?)
            .filter(|&v| v <= u32::MAX as u64)
            .ok_or("refined: expected a whole number")? as u32;
        let nodes = whole(number("nodes")?).ok_or("nodes: expected a whole number")?;
        let elapsed_ms = decimal(number("ms")?).ok_or("ms: expected a number")?;
        Ok(Reply::Answer {
            id,
            answer: Ok(Advice {
                direction,
                reason,
                depth,
                refined,
                nodes,
                elapsed_ms,
            }),
        })
    }
}

/// The worker's whole job: reads a request, searches, and writes the reply.
/// Never panics, whatever `text` holds.
pub fn respond<E: Evaluator>(text: &str, searcher: &mut Searcher<E>, clock: &dyn Clock) -> String {
    let reply = match Request::parse(text) {
        Err((id, error)) => Reply::Answer {
            id,
            answer: Err(error),
        },
        Ok(request) => Reply::Answer {
            id: Some(request.id),
            answer: Ok(advise(searcher, &request, clock)),
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
            elapsed_ms: stats.elapsed_ms,
        },
        None => Advice {
            direction: None,
            reason: NO_MOVE.into(),
            depth: 0,
            refined: 0,
            nodes: 0,
            elapsed_ms: clock.now_ms() - start,
        },
    }
}

/// The protocol's name of a direction.
pub fn direction_name(d: Direction) -> &'static str {
    match d {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    }
}

/// The direction a protocol name stands for.
pub fn direction_from_name(name: &str) -> Option<Direction> {
    Direction::ALL
        .into_iter()
        .find(|&d| direction_name(d) == name)
}

/// A value of a flat JSON object. Numbers keep their text.
#[derive(Debug, PartialEq)]
enum Value<'a> {
    Str(String),
    Num(&'a str),
    Bool(bool),
    Null,
}

fn get<'v, 'a>(fields: &'v [(String, Value<'a>)], key: &str) -> Option<&'v Value<'a>> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Reads a JSON object whose values are strings, numbers, booleans or null.
fn parse_object(text: &str) -> Result<Vec<(String, Value<'_>)>, String> {
    let mut p = Parser { s: text, i: 0 };
    p.ws();
    if !p.eat(b'{') {
        return Err("not a JSON object".into());
    }
    let mut fields = Vec::new();
    p.ws();
    if !p.eat(b'}') {
        loop {
            p.ws();
            let key = p.string()?;
            p.ws();
            if !p.eat(b':') {
                return Err(format!("expected ':' after {}", quote(&key)));
            }
            p.ws();
            let value = p.value()?;
            fields.push((key, value));
            p.ws();
            if p.eat(b'}') {
                break;
            }
            if !p.eat(b',') {
                return Err("expected ',' or '}' in the object".into());
            }
        }
    }
    p.ws();
    if p.i != text.len() {
        return Err("text after the object".into());
    }
    Ok(fields)
}

struct Parser<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.i).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.i += hit as usize;
        hit
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Result<Value<'a>, String> {
        let rest = &self.s[self.i..];
        for (word, value) in [
            ("null", Value::Null),
            ("true", Value::Bool(true)),
            ("false", Value::Bool(false)),
        ] {
            if rest.starts_with(word) {
                self.i += word.len();
                return Ok(value);
            }
        }
        match self.peek() {
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                while matches!(
                    self.peek(),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.i += 1;
                }
                Ok(Value::Num(&self.s[start..self.i]))
            }
            _ => Err("expected a string, number, true, false or null".into()),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat(b'"') {
            return Err("expected a string".into());
        }
        let mut out = String::new();
        loop {
            let rest = &self.s[self.i..];
            let Some(c) = rest.chars().next() else {
                return Err("unterminated string".into());
            };
            self.i += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err("unterminated string".into());
                    };
                    self.i += 1;
                    out.push(match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode()?,
                        _ => return Err("bad escape in a string".into()),
                    });
                }
                c if (c as u32) < 0x20 => return Err("control character in a string".into()),
                c => out.push(c),
            }
        }
    }

    /// The character of a `\u` escape (after the `u`), surrogate pairs
    /// included.
    fn unicode(&mut self) -> Result<char, String> {
        let high = self.hex4()?;
        let code = if (0xD800..0xDC00).contains(&high) {
            if !(self.eat(b'\\') && self.eat(b'u')) {
                return Err("lone surrogate in a string".into());
            }
            let low = self.hex4()?;
            if !(0xDC00..0xE000).contains(&low) {
                return Err("lone surrogate in a string".into());
            }
            0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else {
            high
        };
        char::from_u32(code).ok_or("lone surrogate in a string".into())
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .s
            .get(self.i..self.i + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or("bad \\u escape in a string")?;
        self.i += 4;
        Ok(u32::from_str_radix(digits, 16).unwrap_or_default())
    }
}

/// A JSON number that is a whole number from 0 to 2^64 − 1, written without
/// fraction or exponent.
fn whole(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A JSON number without exponent (`-12`, `3.25`), read without the float
/// parser: digits past the ninth after the point are dropped.
fn decimal(text: &str) -> Option<f64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty()
        || !all_digits(int)
        || !all_digits(frac)
        || (digits.contains('.') && frac.is_empty())
    {
        return None;
    }
    let int: u64 = int.parse().ok()?;
    let frac = &frac[..frac.len().min(9)];
    let fraction = if frac.is_empty() {
        0.0
    } else {
        frac.parse::<u64>().ok()? as f64 / 10u64.pow(frac.len() as u32) as f64
    };
    let v = int as f64 + fraction;
    Some(if negative { -v } else { v })
}

/// `s` as a JSON string literal.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 0xF] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(whole("0"), Some(0));
        assert_eq!(whole("18446744073709551615"), Some(u64::MAX));
        assert_eq!(whole("18446744073709551616"), None);
        for bad in ["", "-1", "1.0", "1e3", "+1"] {
            assert_eq!(whole(bad), None, "{bad}");
        }
        assert_eq!(decimal("49.512"), Some(49.512));
        assert_eq!(decimal("-0.5"), Some(-0.5));
        assert_eq!(decimal("7"), Some(7.0));
        for bad in ["", "-", ".5", "5.", "1e3", "1.2.3", "--1"] {
            assert_eq!(decimal(bad), None, "{bad}");
        }
    }

    #[test]
    fn strings_round_trip_through_quote() {
        for s in ["", "plain", "q\"b\\s/", "tab\tnl\n\u{1}", "é → 𝄞"] {
            let text = format!("{{\"k\":{}}}", quote(s));
            let fields = parse_object(&text).unwrap();
            assert_eq!(fields, vec![("k".to_string(), Value::Str(s.to_string()))]);
        }
        let fields = parse_object(r#"{"k":"\ud834\udd1e\u00e9"}"#).unwrap();
        assert_eq!(fields[0].1, Value::Str("𝄞é".into()));
        for bad in [
            r#"{"k":"\ud834"}"#,
            r#"{"k":"\x"}"#,
            r#"{"k":"\u12"}"#,
            "{\"k\":\"a",
        ] {
            assert!(parse_object(bad).is_err(), "{bad}");
        }
    }
}
