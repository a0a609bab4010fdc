//! `review --learn`: Learn from your mistakes, checked natively on games of
//! the calibration's kinds. Each game is played as `--calibrate` plays it,
//! then run through the app's own `update`: the game loaded as storage
//! gives a saved history, `Msg::Review`, each move of its
//! `Cmd::AssessMoves` answered by the native review search of its board
//! (the worker's `review::assess`), then `Msg::Learn`. Checked, per game:
//!
//! - the walk's positions are exactly the moves the review graded mistake
//!   or blunder, in order, each on the board the game had before it;
//! - the move played is never accepted as the answer ("Not quite");
//! - the review's best move always is (found, after Try again).

use std::time::Instant;

use leptos_2048::ai::review::{self, Grade};
use leptos_2048::app::contest::LocalTime;
use leptos_2048::app::learn::Said;
use leptos_2048::app::{init, update, Cmd, Flags, Load, Model, Msg, Query, Saved};
use leptos_2048::engine::{Direction, Input, State};
use leptos_2048::session::daily::Day;
use leptos_2048::session::history::History;
use leptos_2048::session::stored::Loaded;

use super::players::{self, Kind, Player, KINDS};
use super::{per_game, Options};

/// The kinds `--learn` plays unless `--kinds` says: the calibration's
/// hopeless, weak, fair and strong players.
pub const LEARN_KINDS: &str = "random,corner,network,50ms";

/// What one game's check counted.
#[derive(Default)]
struct Counted {
    games: usize,
    /// Moves the app's review graded.
    reviewed: usize,
    /// Of them, mistakes and blunders.
    to_learn: usize,
    /// Positions the walk asked.
    walked: usize,
    /// Positions not the review's mistakes and blunders, in order, on
    /// their boards (and games whose review was not whole).
    wrong: usize,
    /// Positions where the move played was accepted,
    played_accepted: usize,
    /// and where the review's best move was not.
    best_rejected: usize,
}

impl Counted {
    fn add(&mut self, o: &Counted) {
        self.games += o.games;
        self.reviewed += o.reviewed;
        self.to_learn += o.to_learn;
        self.walked += o.walked;
        self.wrong += o.wrong;
        self.played_accepted += o.played_accepted;
        self.best_rejected += o.best_rejected;
    }

    fn failed(&self) -> bool {
        self.wrong + self.played_accepted + self.best_rejected > 0
    }
}

pub fn run(o: &Options) -> Result<(), String> {
    let start = Instant::now();
    println!(
        "{} games of each kind from seed {}, at most {} moves each, reviewed through the app \
         at {} positions a move, then walked (Learn from your mistakes)\n",
        o.games, o.seed, o.moves, o.nodes
    );
    println!(
        "{:<32} {:>5} {:>8} {:>9} {:>7} {:>6} {:>15} {:>13}",
        "kind",
        "games",
        "reviewed",
        "to learn",
        "walked",
        "wrong",
        "played accepted",
        "best rejected"
    );
    let seeds: Vec<u64> = (0..o.games).map(|i| o.seed + i).collect();
    let mut all = Counted::default();
    for kind in o.kinds.iter().map(|&i| KINDS[i]) {
        if kind == Kind::Network && players::network().is_none() {
            println!("{}: no network file under assets/, skipped", kind.name());
            continue;
        }
        let mut counted = Counted::default();
        for game in per_game(&seeds, o, |seed| check_game(kind, seed, o)) {
            counted.add(&game?);
        }
        print_row(&kind.name(), &counted);
        all.add(&counted);
    }
    print_row("all", &all);
    println!("\nwall time {:.1} s", start.elapsed().as_secs_f64());
    if all.failed() {
        println!("FAILED: the walk is not the review's mistakes, or judged them wrongly");
        std::process::exit(1);
    }
    println!("passed");
    Ok(())
}

fn print_row(name: &str, c: &Counted) {
    println!(
        "{name:<32} {:>5} {:>8} {:>9} {:>7} {:>6} {:>15} {:>13}",
        c.games, c.reviewed, c.to_learn, c.walked, c.wrong, c.played_accepted, c.best_rejected
    );
}

/// One game of `kind` from `seed`, played, reviewed and walked in the app.
fn check_game(kind: Kind, seed: u64, o: &Options) -> Result<Counted, String> {
    let mut player = Player::new(kind, seed, players::network());
    let history = players::play(seed, Some(o.moves), |b| player.pick(b));
    let mut model = loaded(&history);
    review_in_app(&mut model, o)?;
    let verdicts: Vec<(usize, Direction, Direction, Grade)> = model
        .coach
        .moves
        .iter()
        .filter_map(|m| m.verdict.map(|v| (m.at, m.played, v.best, v.grade)))
        .collect();
    let mut counted = Counted {
        games: 1,
        reviewed: verdicts.len(),
        wrong: usize::from(verdicts.len() != model.coach.moves.len()),
        ..Counted::default()
    };
    // The review's mistakes and blunders, by their grades, not by learn's
    // own rule.
    let expected: Vec<(usize, Direction, Direction)> = verdicts
        .iter()
        .filter(|v| matches!(v.3, Grade::Mistake | Grade::Blunder))
        .map(|&(at, played, best, _)| (at, played, best))
        .collect();
    counted.to_learn = expected.len();
    update(&mut model, Msg::Learn);
    walk(&mut model, &history, &expected, &mut counted);
    Ok(counted)
}

/// The page opened with empty storage but for this game and its history,
/// storage's answer handled.
fn loaded(history: &History) -> Model {
    let (mut model, _) = init(&flags());
    let saved = Saved {
        config: model.config(),
        load: Load::Start,
        game: Loaded::Valid(history.present().clone()),
        history: Loaded::Valid(history.clone()),
        best: Loaded::Missing,
        stats: Loaded::Missing,
        challenge: Loaded::Missing,
        dailies: Loaded::Missing,
    };
    update(&mut model, Msg::Loaded(Box::new(saved)));
    update(&mut model, Msg::Idle);
    model
}

fn flags() -> Flags {
    Flags {
        storage: true,
        settings: Loaded::Missing,
        theme: None,
        system_dark: false,
        query: Query::default(),
        page_url: "https://play.example/2048/".into(),
        entropy: 7,
        cached: false,
        time: LocalTime {
            day: Day::new(2026, 11, 25).expect("a day"),
            second: 12 * 3600,
        },
        shell_game: None,
    }
}

/// `Msg::Review`, and each move it asks about answered with the native
/// review search of its board, as the worker answers.
fn review_in_app(model: &mut Model, o: &Options) -> Result<(), String> {
    let cmds = update(model, Msg::Review);
    let Some((id, moves)) = cmds.into_iter().find_map(|c| {
        let Cmd::AssessMoves { id, moves } = c else {
            return None;
        };
        Some((id, moves))
    }) else {
        return Err("Review asked no search".into());
    };
    let mut reviewer = o.reviewer();
    for (at, board) in moves {
        let assessment =
            review::assess(&mut reviewer, board, o.nodes).ok_or("a move with no assessment")?;
        let answer = Ok(assessment);
        update(model, Msg::Assessed { id, at, answer });
    }
    Ok(())
}

/// Walks the positions of `expected` (index, move played, review's best):
/// each shown on the game's board before the move; the move played "Not
/// quite", Try again, the best found, the next position.
fn walk(
    model: &mut Model,
    history: &History,
    expected: &[(usize, Direction, Direction)],
    counted: &mut Counted,
) {
    let positions: Vec<(Option<usize>, State)> = model
        .learn
        .walk
        .iter()
        .flat_map(|w| w.positions.iter().map(|p| (p.at, p.state.clone())))
        .collect();
    counted.walked = positions.len();
    let on_their_boards = positions.len() == expected.len()
        && positions.iter().zip(expected).all(|((at, state), e)| {
            *at == Some(e.0) && history.state_at(e.0).as_ref() == Some(state)
        });
    if !on_their_boards {
        counted.wrong += 1;
        return;
    }
    for &(at, played, best) in expected {
        if model.learn.shown() != history.state_at(at).as_ref() {
            counted.wrong += 1;
        }
        let (played_accepted, best_rejected) = answer(model, played, best);
        counted.played_accepted += usize::from(played_accepted);
        counted.best_rejected += usize::from(best_rejected);
        update(model, Msg::NextPosition);
    }
    let ended = model.learn.walk.as_ref().is_none_or(|w| w.ended());
    counted.wrong += usize::from(!ended);
}

/// The position asked: the move played, then (after Try again) the
/// review's best. Whether the move played was accepted, and whether the
/// best was not.
fn answer(model: &mut Model, played: Direction, best: Direction) -> (bool, bool) {
    let before = model.clone();
    update(model, Msg::Play(Input::Move(played)));
    let played_accepted = !matches!(said(model), Some(Said::NotQuite(v)) if v.played == played);
    if played_accepted {
        // Nothing to try again: the best is asked of the position as it
        // stood.
        *model = before;
    } else {
        update(model, Msg::TryAgain);
    }
    let asking = said(model) == Some(Said::Asking);
    update(model, Msg::Play(Input::Move(best)));
    let found = matches!(said(model), Some(Said::Found(v)) if v.played == best);
    (played_accepted, !(asking && found))
}

fn said(model: &Model) -> Option<Said> {
    model.learn.walk.as_ref().map(|w| w.said)
}
