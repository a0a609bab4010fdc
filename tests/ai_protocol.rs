//! The page ↔ worker messages (`src/ai/protocol.rs`): requests and replies
//! round-trip, every malformed request gets an error reply rather than a
//! panic, and `respond` answers like the search does.

use std::cell::Cell;

use leptos_2048::ai::bitboard::{parse, tables};
use leptos_2048::ai::diff::SplitMix;
use leptos_2048::ai::protocol::{
    respond, search_budget_ms, Advice, Reply, Request, MAX_BUDGET_MS, NO_MOVE,
};
use leptos_2048::ai::{Clock, Heuristic, SearchConfig, Searcher};
use leptos_2048::engine::Direction;

/// A clock that moves 0.05 ms per read, so results do not depend on the
/// machine's speed.
struct Ticking(Cell<f64>);

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        let t = self.0.get();
        self.0.set(t + 0.05);
        t
    }
}

fn clock() -> Ticking {
    Ticking(Cell::new(0.0))
}

fn searcher() -> Searcher<Heuristic> {
    Searcher::new(
        Heuristic::default(),
        SearchConfig {
            tt_bits: 12,
            ..SearchConfig::default()
        },
    )
}

#[test]
fn requests_have_a_fixed_text_and_round_trip() {
    let board = parse("2 4 2 2 / . . . . / . . . . / . . . .").unwrap();
    let r = Request {
        id: 7,
        board,
        budget_ms: 50,
        nodes: None,
        review: false,
    };
    assert_eq!(
        r.to_json(),
        r#"{"id":7,"board":"0000000000001121","ms":50}"#
    );
    assert_eq!(Request::parse(&r.to_json()), Ok(r));
    let limited = Request {
        nodes: Some(123_456),
        review: false,
        ..r
    };
    assert_eq!(
        limited.to_json(),
        r#"{"id":7,"board":"0000000000001121","ms":50,"nodes":123456}"#
    );
    assert_eq!(Request::parse(&limited.to_json()), Ok(limited));
    let mut rng = SplitMix(3);
    for _ in 0..1000 {
        let r = Request {
            id: rng.next_u64() as u32,
            board: rng.next_u64(),
            budget_ms: rng.below(MAX_BUDGET_MS as u64 + 1) as u32,
            nodes: (rng.below(2) == 1).then(|| rng.next_u64()),
            review: false,
        };
        assert_eq!(Request::parse(&r.to_json()), Ok(r));
    }
}

#[test]
fn requests_from_javascript_parse() {
    // What JSON.stringify writes, in any key order, with spaces, upper-case
    // hex, a fractional budget (rounded) and unknown keys (ignored).
    let expected = Ok(Request {
        id: 0,
        board: 0xABC12,
        budget_ms: 10,
        nodes: None,
        review: false,
    });
    let r =
        Request::parse(r#" { "ms" : 9.6, "extra": [1], "board": "00000000000ABC12", "id": 0 } "#);
    assert_eq!(r, expected);
    let r =
        Request::parse(r#" { "ms" : 9.6, "note": null, "board": "00000000000ABC12", "id": 0 } "#);
    assert_eq!(r, expected);
}

#[test]
fn unknown_keys_are_ignored_whatever_they_hold() {
    let expected = Ok(Request {
        id: 5,
        board: 0x1121,
        budget_ms: 50,
        nodes: Some(9),
        review: false,
    });
    for extra in [
        r#""note":null"#,
        r#""flag":true"#,
        r#""n":-1.5e3"#,
        r#""s":"a \"quoted\" \\ \u00e9 é → 𝄞 {[""#,
        r#""list":[1,"two",[3,{"four":4}],null]"#,
        r#""obj":{"id":99,"board":"x","ms":-1,"nodes":null}"#,
    ] {
        for text in [
            format!(r#"{{{extra},"id":5,"board":"0000000000001121","ms":50,"nodes":9}}"#),
            format!(r#"{{"id":5,"board":"0000000000001121",{extra},"ms":50,"nodes":9}}"#),
            format!(r#"{{"id":5,"board":"0000000000001121","ms":50,"nodes":9,{extra}}}"#),
        ] {
            assert_eq!(Request::parse(&text), expected, "{text}");
        }
    }
}

#[test]
fn a_fractional_budget_is_rounded_to_the_millisecond() {
    for (ms, expected) in [
        ("0.4", Some(0)),
        ("0.5", Some(1)),
        ("9.6", Some(10)),
        ("49.999999", Some(50)),
        ("59999.5", Some(60_000)),
        ("60000.0", Some(60_000)),
        ("1e3", Some(1000)),
        ("2.5E1", Some(25)),
        ("-0.0", Some(0)),
        ("60000.4", None),
        ("-0.1", None),
        ("6.0001e4", None),
    ] {
        let text = format!(r#"{{"id":1,"board":"0000000000000001","ms":{ms}}}"#);
        match (Request::parse(&text), expected) {
            (Ok(r), Some(budget)) => assert_eq!(r.budget_ms, budget, "{text}"),
            (Err((Some(1), e)), None) => assert!(e.starts_with("ms: "), "{text}: {e}"),
            (got, _) => panic!("{text}: {got:?}"),
        }
    }
}

#[test]
fn a_bad_request_gets_its_id_back_wherever_the_id_is() {
    let mut s = searcher();
    for (text, error) in [
        (r#"{"id":9,"board":"0000000000000001","ms":"fast"}"#, "ms: "),
        (
            r#"{"board":"zz","ms":5,"id":9}"#,
            "board: expected 16 hex digits, got \"zz\"",
        ),
        (
            r#"{"extra":{"a":[1,{}]},"nodes":1.5,"ms":5,"board":"0000000000000001","id":9}"#,
            "nodes: ",
        ),
        (
            r#"{"id":9,"ms":5,"board":"0000000000000001","board":"0000000000000002"}"#,
            "board: given more than once",
        ),
    ] {
        match Request::parse(text) {
            Err((Some(9), e)) => assert!(e.starts_with(error), "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
        let reply = Reply::parse(&respond(text, || &mut s, &mut None, &clock())).unwrap();
        let Reply::Answer {
            id: Some(9),
            answer: Err(e),
        } = reply
        else {
            panic!("{text}: {reply:?}");
        };
        assert!(e.starts_with(error), "{text}: {e}");
    }
    // Twice the id: no id to give back.
    assert_eq!(
        Request::parse(r#"{"id":9,"id":9,"board":"0000000000000001","ms":5}"#),
        Err((None, "id: given more than once".to_string()))
    );
}

/// Requests that cannot be read: the text, the id the error goes with,
/// and how the error sentence begins.
const BAD_REQUESTS: &[(&str, Option<u32>, &str)] = &[
    ("", None, "not a JSON object"),
    ("null", None, "not a JSON object"),
    ("[1,2]", None, "not a JSON object"),
    ("{", None, "the text ends inside the object"),
    (r#"{"id":1,}"#, None, "a ',' before a closing '}'"),
    (r#"{"id":1} x"#, None, "text after the object"),
    (r#"{"board":"0000000000000001","ms":5}"#, None, "id: "),
    (
        r#"{"id":-1,"board":"0000000000000001","ms":5}"#,
        None,
        "id: ",
    ),
    (
        r#"{"id":4294967296,"board":"0000000000000001","ms":5}"#,
        None,
        "id: ",
    ),
    (
        r#"{"id":1.5,"board":"0000000000000001","ms":5}"#,
        None,
        "id: ",
    ),
    (
        r#"{"id":"3","board":"0000000000000001","ms":5}"#,
        None,
        "id: ",
    ),
    (r#"{"id":3,"ms":5}"#, Some(3), "board: expected a string"),
    (
        r#"{"id":3,"board":12,"ms":5}"#,
        Some(3),
        "board: expected a string",
    ),
    (
        r#"{"id":3,"board":"12","ms":5}"#,
        Some(3),
        "board: expected 16 hex digits, got \"12\"",
    ),
    (
        r#"{"id":3,"board":"000000000000000g","ms":5}"#,
        Some(3),
        "board: expected 16",
    ),
    (
        r#"{"id":3,"board":"00000000000000001","ms":5}"#,
        Some(3),
        "board: expected 16",
    ),
    (r#"{"id":3,"board":"0000000000000001"}"#, Some(3), "ms: "),
    (
        r#"{"id":3,"board":"0000000000000001","ms":-1}"#,
        Some(3),
        "ms: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":60001}"#,
        Some(3),
        "ms: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":6.0001e4}"#,
        Some(3),
        "ms: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":"5"}"#,
        Some(3),
        "ms: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":5,"nodes":-1}"#,
        Some(3),
        "nodes: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":5,"nodes":2.5}"#,
        Some(3),
        "nodes: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":5,"nodes":null}"#,
        Some(3),
        "nodes: ",
    ),
    (
        r#"{"id":3,"board":"0000000000000001","ms":5,"nodes":18446744073709551616}"#,
        Some(3),
        "nodes: ",
    ),
];

#[test]
fn bad_requests_get_errors_with_the_id_when_known() {
    let mut s = searcher();
    for &(text, id, error) in BAD_REQUESTS {
        match Request::parse(text) {
            Ok(r) => panic!("{text}: parsed as {r:?}"),
            Err((got_id, e)) => {
                assert_eq!(got_id, id, "{text}");
                assert!(e.starts_with(error), "{text}: {e}");
            }
        }
        // The worker answers each with an error reply the page can read.
        let reply = Reply::parse(&respond(text, || &mut s, &mut None, &clock())).unwrap();
        match reply {
            Reply::Answer {
                id: got,
                answer: Err(e),
            } => {
                assert_eq!(got, id, "{text}");
                assert!(e.starts_with(error), "{text}: {e}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn no_input_makes_respond_panic() {
    // Random bytes, random cuts and random edits of a good request.
    let good = r#"{"id":12,"board":"0000000000001121","ms":1}"#;
    let mut rng = SplitMix(9);
    let mut s = searcher();
    let alphabet = br#"{}[]":,.-+eE0123456789abcdefnulltrue \"#;
    for _ in 0..3000 {
        let text: String = match rng.below(3) {
            0 => (0..rng.below(40))
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char)
                .collect(),
            1 => good[..rng.below(good.len() as u64) as usize].to_string(),
            _ => {
                let mut b = good.as_bytes().to_vec();
                let i = rng.below(b.len() as u64) as usize;
                b[i] = alphabet[rng.below(alphabet.len() as u64) as usize];
                String::from_utf8(b).unwrap()
            }
        };
        let reply = respond(&text, || &mut s, &mut None, &clock());
        assert!(Reply::parse(&reply).is_ok(), "{text} -> {reply}");
    }
}

#[test]
fn replies_round_trip() {
    let replies = [
        Reply::Ready,
        Reply::Answer {
            id: Some(4),
            answer: Ok(Advice {
                direction: Some(Direction::Left),
                reason: "Left merges two 8s; \"quoted\" \\ and\ttab".into(),
                depth: 5,
                refined: 2,
                nodes: 81_234,
                elapsed_ms: Some(49.512),
                evaluator: None,
                target: None,
                values: None,
                ends: None,
            }),
        },
        Reply::Answer {
            id: Some(u32::MAX),
            answer: Ok(Advice {
                direction: None,
                reason: NO_MOVE.into(),
                depth: 0,
                refined: 0,
                nodes: 0,
                elapsed_ms: Some(0.0),
                evaluator: None,
                target: None,
                values: None,
                ends: None,
            }),
        },
        Reply::Answer {
            id: None,
            answer: Err("not a JSON object".into()),
        },
        Reply::Answer {
            id: Some(0),
            answer: Err("board: expected 16 hex digits, got \"12\"".into()),
        },
    ];
    for r in replies {
        assert_eq!(
            Reply::parse(&r.to_json()),
            Ok(read_back(&r)),
            "{}",
            r.to_json()
        );
        assert_eq!(ms_written(&r.to_json()), elapsed(&r), "{}", r.to_json());
    }
    assert_eq!(Reply::Ready.to_json(), r#"{"ready":true}"#);
}

#[test]
fn elapsed_time_is_written_to_the_microsecond_never_negative() {
    let odd = Reply::Answer {
        id: Some(1),
        answer: Ok(Advice {
            direction: Some(Direction::Up),
            reason: String::new(),
            depth: 1,
            refined: 0,
            nodes: 1,
            elapsed_ms: Some(-0.0001),
            evaluator: None,
            target: None,
            values: None,
            ends: None,
        }),
    };
    assert_eq!(
        odd.to_json(),
        r#"{"id":1,"direction":"up","reason":"","depth":1,"refined":0,"nodes":1,"ms":0.0}"#
    );
}

#[test]
fn replies_missing_or_mistyping_a_key_are_refused() {
    for bad in [
        r#"{"id":1}"#,
        r#"{"id":1,"direction":"north","reason":"","depth":1,"refined":0,"nodes":1,"ms":1}"#,
        r#"{"id":1,"direction":"up","reason":"","depth":-1,"refined":0,"nodes":1,"ms":1}"#,
        r#"{"id":1,"direction":"up","reason":"","depth":1,"nodes":1,"ms":1}"#,
        r#"{"id":1,"direction":"up","reason":"","depth":1,"refined":0.5,"nodes":1,"ms":1}"#,
        r#"{"id":1,"error":5}"#,
        r#"{"direction":"up"}"#,
        r#"{"ready":false}"#,
    ] {
        assert!(Reply::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn directions_go_as_their_words() {
    for d in Direction::ALL {
        let reply = Reply::Answer {
            id: Some(1),
            answer: Ok(Advice {
                direction: Some(d),
                reason: String::new(),
                depth: 1,
                refined: 0,
                nodes: 1,
                elapsed_ms: Some(1.0),
                evaluator: None,
                target: None,
                values: None,
                ends: None,
            }),
        };
        let text = reply.to_json();
        assert!(
            text.contains(&format!(r#""direction":"{}""#, d.word())),
            "{text}"
        );
        assert_eq!(Reply::parse(&text), Ok(read_back(&reply)));
        let capital = text.replace(d.word(), &format!("{d:?}"));
        assert!(Reply::parse(&capital).is_err(), "{capital}");
    }
}

#[test]
fn strings_with_escapes_and_unicode_round_trip() {
    let strings = [
        "",
        "plain",
        "q\"b\\s/",
        "tab\tnl\ncr\r\u{1}\u{8}\u{c}\u{1f}",
        "é → 𝄞 日本",
        "{[\"}]",
    ];
    for s in strings {
        for reply in [
            Reply::Answer {
                id: Some(3),
                answer: Ok(Advice {
                    direction: Some(Direction::Down),
                    reason: s.into(),
                    depth: 2,
                    refined: 1,
                    nodes: 10,
                    elapsed_ms: Some(1.25),
                    evaluator: None,
                    target: None,
                    values: None,
                    ends: None,
                }),
            },
            Reply::Answer {
                id: None,
                answer: Err(s.into()),
            },
        ] {
            let text = reply.to_json();
            assert_eq!(Reply::parse(&text), Ok(read_back(&reply)), "{text}");
            // serde_json (a dev-dependency) reads it as the same string.
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            let field = v.get("reason").or(v.get("error")).unwrap();
            assert_eq!(field.as_str(), Some(s), "{text}");
        }
    }
    // What JSON.stringify or another writer may escape.
    let text = r#"{"id":null,"error":"\u00e9\u0041\/\"\\\b\f\n\r\t"}"#;
    assert_eq!(
        Reply::parse(text),
        Ok(Reply::Answer {
            id: None,
            answer: Err("éA/\"\\\u{8}\u{c}\n\r\t".into()),
        })
    );
    for bad in [
        r#"{"id":null,"error":"\x"}"#,
        r#"{"id":null,"error":"\u12"}"#,
        r#"{"id":null,"error":"\ud834"}"#,
        r#"{"id":null,"error":"a"#,
    ] {
        assert!(Reply::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn respond_answers_like_the_search() {
    let t = tables();
    let mut s = searcher();
    let board = parse("1024 1024 . . / 4 2 . . / . . . . / . . . .").unwrap();
    let request = Request {
        id: 41,
        board,
        budget_ms: 5,
        nodes: None,
        review: false,
    };
    let text = respond(&request.to_json(), || &mut s, &mut None, &clock());
    let reply = Reply::parse(&text).unwrap();
    let Reply::Answer {
        id: Some(41),
        answer: Ok(advice),
    } = reply
    else {
        panic!("{reply:?}");
    };
    let dir = advice.direction.unwrap();
    assert_ne!(t.slide(board, dir), board);
    assert!(
        advice.reason.starts_with(&format!("{dir:?} ")),
        "{}",
        advice.reason
    );
    assert!(advice.depth >= 1 && advice.nodes > 0);
    // The search keeps back a little of the budget for the reply's trip.
    // (The page does not read `ms` back: see `Advice::elapsed_ms`.)
    assert_eq!(advice.elapsed_ms, None);
    let ms = serde_json::from_str::<serde_json::Value>(&text).unwrap()["ms"]
        .as_f64()
        .unwrap();
    assert!(ms > 0.0 && ms <= 5.0, "{ms}");
    let raw = serde_json::from_str::<serde_json::Value>(&text).unwrap();
    assert_eq!(raw["eval"], "heuristic", "{text}");
    assert!(
        raw.get("values").is_none(),
        "values only for a review: {text}"
    );
}

#[test]
fn the_search_keeps_back_a_little_of_the_budget() {
    assert_eq!(search_budget_ms(5), 4.75);
    assert_eq!(search_budget_ms(50), 49.5);
    assert_eq!(search_budget_ms(0), 0.0);
}

/// A board without a move gets a null direction, not an error.
#[test]
fn respond_answers_a_board_without_a_move_with_no_direction() {
    let mut s = searcher();
    let stuck = parse("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2").unwrap();
    let text = Request {
        id: 42,
        board: stuck,
        budget_ms: 5,
        nodes: None,
        review: false,
    }
    .to_json();
    let reply = Reply::parse(&respond(&text, || &mut s, &mut None, &clock())).unwrap();
    let Reply::Answer {
        id: Some(42),
        answer: Ok(advice),
    } = reply
    else {
        panic!("{reply:?}");
    };
    assert_eq!(advice.direction, None);
    assert_eq!(advice.reason, NO_MOVE);
}

/// The advice of a reply to a request, which must have some.
fn advice(reply: &str) -> Advice {
    match Reply::parse(reply) {
        Ok(Reply::Answer { answer: Ok(a), .. }) => a,
        other => panic!("{reply}: {other:?}"),
    }
}

#[test]
fn a_worker_sent_the_same_requests_limited_to_the_reported_nodes_gives_the_same_replies() {
    // One worker searches a game's boards on the machine's clock, so where
    // each search stops depends on how fast the machine is at that moment:
    // some stop at the end of an iteration, some in the middle of one. A
    // second worker, asked the same in the same order but each time limited
    // to the node count of the first one's reply, repeats every search: same
    // move, depth, refinement and nodes (and so reason), only `ms` differs.
    let t = tables();
    let clock = leptos_2048::ai::NativeClock::new();
    let (mut first, mut second) = (searcher(), searcher());
    let mut rng = SplitMix(11);
    let mut board = parse("2 . . . / . . . . / . . 2 . / . . . .").unwrap();
    let mut replayed = 0;
    for id in 0..60 {
        let request = Request {
            id,
            board,
            budget_ms: 1 + id % 4,
            nodes: None,
            review: false,
        };
        let got = advice(&respond(
            &request.to_json(),
            || &mut first,
            &mut None,
            &clock,
        ));
        let again = Request {
            budget_ms: MAX_BUDGET_MS,
            nodes: Some(got.nodes),
            review: false,
            ..request
        };
        let replay = advice(&respond(
            &again.to_json(),
            || &mut second,
            &mut None,
            &clock,
        ));
        assert_eq!(
            Advice {
                elapsed_ms: got.elapsed_ms,
                ..replay.clone()
            },
            got,
            "request {id}, board {board:016x}"
        );
        replayed += 1;
        // Play the move and spawn a tile, to the next position.
        let Some(dir) = got.direction else { break };
        board = t.slide(board, dir);
        let empty: Vec<u32> = (0..16).filter(|i| (board >> (4 * i)) & 0xF == 0).collect();
        let cell = empty[rng.below(empty.len() as u64) as usize];
        board |= (1 + (rng.below(10) == 0) as u64) << (4 * cell);
    }
    assert_eq!(replayed, 60);
}

/// A reply as the page reads it back: everything but the search's time,
/// which the page does not read (`Advice::elapsed_ms`).
fn read_back(reply: &Reply) -> Reply {
    let mut reply = reply.clone();
    if let Reply::Answer { answer: Ok(a), .. } = &mut reply {
        a.elapsed_ms = None;
        a.evaluator = None;
    }
    reply
}

/// The time a reply says its search took, as written.
fn elapsed(reply: &Reply) -> Option<f64> {
    match reply {
        Reply::Answer { answer: Ok(a), .. } => a.elapsed_ms,
        _ => None,
    }
}

/// The `ms` in a reply's text, read by serde_json (a dev-dependency).
fn ms_written(text: &str) -> Option<f64> {
    serde_json::from_str::<serde_json::Value>(text).unwrap()["ms"].as_f64()
}

// ─── A review's questions ────────────────────────────────────────────────

#[test]
fn a_review_request_round_trips_and_needs_a_node_limit() {
    let board = parse("2 4 2 2 / . . . . / . . . . / . . . .").unwrap();
    let r = Request {
        id: 9,
        board,
        budget_ms: 0,
        nodes: Some(40_000),
        review: true,
    };
    assert_eq!(
        r.to_json(),
        r#"{"id":9,"board":"0000000000001121","ms":0,"nodes":40000,"review":true}"#
    );
    assert_eq!(Request::parse(&r.to_json()), Ok(r));
    for (text, error) in [
        (
            r#"{"id":9,"board":"0000000000001121","ms":0,"review":true}"#,
            "review: needs nodes, where the search stops",
        ),
        (
            r#"{"id":9,"board":"0000000000001121","ms":0,"nodes":5,"review":1}"#,
            "review: expected true or false",
        ),
        (
            r#"{"id":9,"board":"0000000000001121","ms":0,"nodes":5,"review":true,"review":false}"#,
            "review: given more than once",
        ),
    ] {
        assert_eq!(
            Request::parse(text),
            Err((Some(9), error.to_string())),
            "{text}"
        );
    }
}

/// A review's answer is `review::assess` on the board: the same values and
/// the same moves that end the game, whatever the worker searched before,
/// read back by the page exactly.
#[test]
fn a_review_answer_is_the_assessment_and_repeats_exactly() {
    use leptos_2048::ai::review::{assess, Reviewer};
    let board = parse("2 4 8 16 / . 2 . 4 / . . 2 . / . . . 2").unwrap();
    let expected = assess(&mut Reviewer::default(), board, 5_000).unwrap();
    let text = Request {
        id: 3,
        board,
        budget_ms: 0,
        nodes: Some(5_000),
        review: true,
    }
    .to_json();
    let mut hints = searcher();
    let mut reviews = None;
    for warm in [false, true] {
        if warm {
            // Other questions between: the answer does not change.
            let stuck = parse("2 4 2 4 / 4 2 4 8 / 2 4 2 . / 4 2 4 2").unwrap();
            let _ = assess(reviews.get_or_insert_with(Reviewer::default), stuck, 9_999);
        }
        let reply = respond(&text, || &mut hints, &mut reviews, &clock());
        let Ok(Reply::Answer {
            id: Some(3),
            answer: Ok(advice),
        }) = Reply::parse(&reply)
        else {
            panic!("{reply}");
        };
        assert_eq!(advice.direction, Some(expected.best), "{reply}");
        assert_eq!(advice.values, Some(expected.values), "{reply}");
        assert_eq!(advice.ends, Some(expected.ends), "{reply}");
    }
}
