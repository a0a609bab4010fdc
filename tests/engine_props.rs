//! The rules of 2048 as properties: what every slide and every step must do,
//! on any board from 2×2 to 8×8, checked on generated boards and on random
//! games.
//!
//! Boards are generated sparse, dense, full, and stuck (no equal neighbours,
//! sometimes with one flaw that frees a single move), since merges and the end
//! of a game only happen on crowded boards. A failing board prints as the
//! one-line picture `engine_rules.rs` uses (`"2 4 / . 8"`), so a shrunk failure
//! pastes straight into a rule table.

use std::collections::{HashMap, HashSet};
use std::fmt;

use leptos_2048::engine::{
    step, Board, Config, Direction, Input, Origin, Pos, Slide, Source, State, Status, Tile, TileId,
    FOUR_CHANCE, MAX_SIDE, MIN_SIDE,
};
use proptest::prelude::*;

use Direction::{Down, Left, Right, Up};

// ---------------------------------------------------------------------------
// Generators

/// A board that prints as its picture in proptest's reports.
#[derive(Clone)]
struct Picture(Board);

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.0.to_string().replace('\n', " / "))
    }
}

/// A `w`×`h` board from exponents in row-major order (0 empty, `k` for
/// 2^k), tiles numbered 0, 1, … row-major like a parsed picture.
fn board_of(w: u8, h: u8, exponents: &[u32]) -> Board {
    let mut board = Board::empty(w, h);
    let cells = board.positions().zip(exponents).filter(|(_, &e)| e > 0);
    for (id, (pos, &e)) in cells.enumerate() {
        board.put(Tile {
            id: TileId(id as u32),
            value: 1 << e,
            pos,
            origin: Origin::Spawned,
        });
    }
    board
}

/// `n` cells, each filled with some probability (often 100%), with values
/// from a small range (many merges) or a wide one (up to 2048).
fn scattered(n: usize) -> impl Strategy<Value = Vec<u32>> {
    let fill = prop_oneof![Just(100u32), 0u32..=100];
    let top = prop_oneof![Just(3u32), Just(11u32)];
    (fill, top, prop::collection::vec((0u32..100, 0u32..1000), n)).prop_map(|(fill, top, cells)| {
        cells
            .into_iter()
            .map(|(roll, e)| if roll < fill { e % top + 1 } else { 0 })
            .collect()
    })
}

/// A full board with no two equal neighbours, so no move at all; or that
/// board with one flaw: a cell emptied, or made equal to a neighbour.
fn stuck(w: u8, h: u8) -> impl Strategy<Value = Vec<u32>> {
    let (w, n) = (w as usize, w as usize * h as usize);
    let flaw = prop::option::of((0..n, any::<bool>()));
    (prop::collection::vec(1u32..=11, n), flaw).prop_map(move |(mut e, flaw)| {
        for i in 0..n {
            while (i % w > 0 && e[i] == e[i - 1]) || (i >= w && e[i] == e[i - w]) {
                e[i] = e[i] % 12 + 1;
            }
        }
        if let Some((i, empty)) = flaw {
            e[i] = match (empty, i % w > 0) {
                (true, _) => 0,
                (false, true) => e[i - 1],
                (false, false) => e[i + 1],
            };
        }
        e
    })
}

/// Any board: each side 2..=8, sparse to stuck.
fn boards() -> impl Strategy<Value = Picture> {
    (MIN_SIDE..=MAX_SIDE, MIN_SIDE..=MAX_SIDE).prop_flat_map(|(w, h)| {
        let n = w as usize * h as usize;
        prop_oneof![3 => scattered(n), 1 => stuck(w, h)]
            .prop_map(move |cells| Picture(board_of(w, h, &cells)))
    })
}

/// A game on a generated board: its spawn seed, a score so far, and whether
/// it is continuing after a win (if it still has a move).
fn games() -> impl Strategy<Value = (Picture, u64, u64, bool)> {
    (boards(), any::<u64>(), 0u64..1 << 40, any::<bool>())
}

fn game(board: &Picture, seed: u64, score: u64, continuing: bool) -> State {
    let mut state = State::from_board(board.0.clone(), seed);
    state.score = score;
    if continuing && state.status == Status::Playing {
        state.status = Status::Continuing;
    }
    state
}

fn configs() -> impl Strategy<Value = Config> {
    let target = prop_oneof![Just(None), (3u32..=11).prop_map(|k| Some(1u64 << k))];
    (MIN_SIDE..=MAX_SIDE, MIN_SIDE..=MAX_SIDE, target)
        .prop_map(|(w, h, target)| Config::new(w, h, target).expect("a valid config"))
}

/// Mostly moves, now and then a new game or a keep-playing.
fn inputs() -> impl Strategy<Value = Vec<Input>> {
    let input = prop_oneof![
        40 => prop::sample::select(Direction::ALL.to_vec()).prop_map(Input::Move),
        2 => Just(Input::KeepPlaying),
        1 => Just(Input::NewGame),
    ];
    prop::collection::vec(input, 0..200)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        // No regression files: this suite writes nothing into the tree.
        failure_persistence: None,
        ..ProptestConfig::with_cases(256)
    }
}

// ---------------------------------------------------------------------------
// Helpers

/// Slides `board` with fresh ids, as `step` would: from one past the largest.
fn slide(board: &Board, dir: Direction) -> (Slide, u32) {
    let mut next_id = board.tiles().map(|t| t.id.0 + 1).max().unwrap_or(0);
    let slide = board.slide(dir, &mut next_id);
    (slide, next_id)
}

fn sum(board: &Board) -> u64 {
    board.tiles().map(|t| t.value).sum()
}

/// The values of the tiles the last move made by merging.
fn merged_values(board: &Board) -> Vec<u64> {
    let mut values: Vec<u64> = board
        .tiles()
        .filter(|t| matches!(t.origin, Origin::Merged { .. }))
        .map(|t| t.value)
        .collect();
    values.sort_unstable();
    values
}

/// Whether some direction changes the values on the board (judged by the
/// values, not by the slide's own `changed` flag).
fn movable(board: &Board) -> bool {
    Direction::ALL
        .into_iter()
        .any(|d| slide(board, d).0.board.values() != board.values())
}

/// The same tiles moved to `f(pos)` on a `w`×`h` board, origins mapped too.
fn remap(board: &Board, w: u8, h: u8, f: impl Fn(Pos) -> Pos) -> Board {
    let source = |s: Source| Source {
        from: f(s.from),
        ..s
    };
    let mut out = Board::empty(w, h);
    for t in board.tiles() {
        let origin = match t.origin {
            Origin::Spawned => Origin::Spawned,
            Origin::Moved { from } => Origin::Moved { from: f(from) },
            Origin::Merged { from: [a, b] } => Origin::Merged {
                from: [source(a), source(b)],
            },
        };
        out.put(Tile {
            pos: f(t.pos),
            origin,
            ..*t
        });
    }
    out
}

/// Left and right swapped.
fn mirror(board: &Board) -> Board {
    let (w, h) = (board.width(), board.height());
    remap(board, w, h, |p| Pos::new(w - 1 - p.x, p.y))
}

/// Rows become columns: a W×H board becomes H×W.
fn transpose(board: &Board) -> Board {
    remap(board, board.height(), board.width(), |p| Pos::new(p.y, p.x))
}

/// The cells of each line a slide toward `dir` works on, from the edge the
/// tiles move toward.
fn lines(w: u8, h: u8, dir: Direction) -> Vec<Vec<Pos>> {
    let along = |n: u8, rev: bool| -> Vec<u8> {
        if rev {
            (0..n).rev().collect()
        } else {
            (0..n).collect()
        }
    };
    match dir {
        Left | Right => (0..h)
            .map(|y| {
                along(w, dir == Right)
                    .into_iter()
                    .map(|x| Pos::new(x, y))
                    .collect()
            })
            .collect(),
        Up | Down => (0..w)
            .map(|x| {
                along(h, dir == Down)
                    .into_iter()
                    .map(|y| Pos::new(x, y))
                    .collect()
            })
            .collect(),
    }
}

/// The textbook merge of one line of values toward its start: drop the gaps,
/// then merge equal neighbours pairwise from the start, a merged value taking
/// no second merge. Returns the new line and the merged values.
fn merge_line(line: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let mut out: Vec<u64> = Vec::new();
    let mut merged = Vec::new();
    let mut open = false;
    for &v in line.iter().filter(|&&v| v != 0) {
        match out.last_mut() {
            Some(last) if open && *last == v => {
                *last *= 2;
                merged.push(*last);
                open = false;
            }
            _ => {
                out.push(v);
                open = true;
            }
        }
    }
    out.resize(line.len(), 0);
    (out, merged)
}

/// The board after a slide, by `merge_line` on every line: values and the
/// merged values in line order.
fn reference_slide(board: &Board, dir: Direction) -> (Vec<Vec<u64>>, Vec<u64>) {
    let mut values = board.values();
    let mut merged = Vec::new();
    for line in lines(board.width(), board.height(), dir) {
        let before: Vec<u64> = line
            .iter()
            .map(|p| values[p.y as usize][p.x as usize])
            .collect();
        let (after, made) = merge_line(&before);
        for (p, v) in line.iter().zip(after) {
            values[p.y as usize][p.x as usize] = v;
        }
        merged.extend(made);
    }
    (values, merged)
}

/// Every state of a game: the start, then one per input.
fn play(config: Config, seed: u64, inputs: &[Input]) -> Vec<State> {
    let mut states = vec![State::new(config, seed)];
    for &input in inputs {
        let next = step(input, states.last().expect("a start"));
        states.push(next);
    }
    states
}

// ---------------------------------------------------------------------------
// Slides

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_slide_keeps_the_sum_of_the_tiles(board in boards()) {
        let board = &board.0;
        for dir in Direction::ALL {
            let (slid, _) = slide(board, dir);
            prop_assert_eq!(
                sum(&slid.board), sum(board),
                "{:?} changed the sum:\n{}\nbecame\n{}", dir, board, slid.board
            );
        }
    }

    #[test]
    fn each_line_slides_like_the_textbook_merge(board in boards()) {
        let board = &board.0;
        for dir in Direction::ALL {
            let (slid, _) = slide(board, dir);
            let (values, merged) = reference_slide(board, dir);
            prop_assert_eq!(
                slid.board.values(), values,
                "{:?}:\n{}\nbecame\n{}", dir, board, slid.board
            );
            prop_assert_eq!(slid.merged, merged, "merged values of {:?} on\n{}", dir, board);
        }
    }

    #[test]
    fn a_merged_tile_never_merges_twice_in_a_slide(board in boards()) {
        let board = &board.0;
        for dir in Direction::ALL {
            let (slid, _) = slide(board, dir);
            for t in slid.board.tiles() {
                let Origin::Merged { from } = t.origin else { continue };
                prop_assert!(
                    t.value <= 2 * board.max_value(),
                    "{:?} made a {} out of at most {}s:\n{}\nbecame\n{}",
                    dir, t.value, board.max_value(), board, slid.board
                );
                // Both halves were tiles before the slide, worth half of it.
                for s in from {
                    let half = board.get(s.from).map(|h| (h.id, h.value));
                    prop_assert_eq!(
                        half, Some((s.id, t.value / 2)),
                        "{:?} made {} at {:?} from {:?}:\n{}\nbecame\n{}",
                        dir, t.value, t.pos, s, board, slid.board
                    );
                }
            }
        }
    }

    #[test]
    fn a_slide_accounts_for_every_tile_exactly_once(board in boards()) {
        // Each tile after the slide is one tile from before (same id and
        // value) or two equal ones merged; together they use up every tile
        // from before, none twice.
        let board = &board.0;
        for dir in Direction::ALL {
            let (slid, _) = slide(board, dir);
            let mut used = Vec::new();
            for t in slid.board.tiles() {
                match t.origin {
                    Origin::Moved { from } => {
                        let was = board.get(from).map(|b| (b.id, b.value));
                        prop_assert_eq!(was, Some((t.id, t.value)), "{:?} moved {:?}", dir, t);
                        used.push(from);
                    }
                    Origin::Merged { from: [a, b] } => used.extend([a.from, b.from]),
                    Origin::Spawned => prop_assert!(false, "a slide spawned {:?}", t),
                }
            }
            used.sort_by_key(|p| (p.y, p.x));
            let all: Vec<Pos> = board.tiles().map(|t| t.pos).collect();
            prop_assert_eq!(
                used, all,
                "{:?} lost or doubled a tile:\n{}\nbecame\n{}", dir, board, slid.board
            );
        }
    }

    #[test]
    fn moving_right_is_moving_left_in_a_mirror(board in boards()) {
        let board = &board.0;
        let (right, right_id) = slide(board, Right);
        let (left, left_id) = slide(&mirror(board), Left);
        let left = Slide { board: mirror(&left.board), ..left };
        prop_assert_eq!(
            right.board.values(), left.board.values(),
            "right:\n{}\nmirrored left:\n{}", right.board, left.board
        );
        // Tile for tile: ids, origins and what the slide reports.
        prop_assert_eq!(right, left);
        prop_assert_eq!(right_id, left_id);
    }

    #[test]
    fn moving_up_and_down_is_moving_left_and_right_transposed(board in boards()) {
        let board = &board.0;
        for (dir, across) in [(Up, Left), (Down, Right)] {
            let (along, along_id) = slide(board, dir);
            let (other, other_id) = slide(&transpose(board), across);
            let other = Slide { board: transpose(&other.board), ..other };
            prop_assert_eq!(
                along.board.values(), other.board.values(),
                "{:?}:\n{}\ntransposed {:?}:\n{}", dir, along.board, across, other.board
            );
            prop_assert_eq!(along, other);
            prop_assert_eq!(along_id, other_id);
        }
    }

    #[test]
    fn the_board_can_move_exactly_when_some_direction_changes_it(board in boards()) {
        let board = &board.0;
        prop_assert_eq!(board.can_move(), movable(board), "can_move on\n{}", board);
        for dir in Direction::ALL {
            let (slid, _) = slide(board, dir);
            prop_assert_eq!(
                slid.changed, slid.board.values() != board.values(),
                "{:?} reports changed = {} on\n{}", dir, slid.changed, board
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Moves

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_move_scores_the_sum_of_its_merges((board, seed, score, continuing) in games()) {
        let state = game(&board, seed, score, continuing);
        for dir in Direction::ALL {
            let mut next_id = state.next_id;
            let slid = state.board.slide(dir, &mut next_id);
            let mut merged = slid.merged.clone();
            merged.sort_unstable();
            prop_assert_eq!(slid.gained, merged.iter().sum::<u64>());
            prop_assert_eq!(&merged, &merged_values(&slid.board), "{:?} on\n{}", dir, state.board);

            let next = step(Input::Move(dir), &state);
            prop_assert_eq!(next.score, state.score + slid.gained, "{:?} on\n{}", dir, state.board);
            if slid.changed {
                // Recounted from the board the player sees (the spawn is no
                // merge).
                prop_assert_eq!(merged_values(&next.board), merged);
                let turn = next.last.as_ref().expect("a move that changed the board is kept");
                prop_assert_eq!(turn.gained, slid.gained);
            }
        }
    }

    #[test]
    fn a_move_that_changes_nothing_returns_the_same_state(
        (board, seed, score, continuing) in games()
    ) {
        let state = game(&board, seed, score, continuing);
        for dir in Direction::ALL {
            let (slid, _) = slide(&state.board, dir);
            if slid.board.values() != state.board.values() {
                continue;
            }
            // Whole-state equality: board, score, counters and the generator.
            let next = step(Input::Move(dir), &state);
            prop_assert!(next == state, "{:?} changed the state on\n{}", dir, state.board);
            // And the generator really is where it was: the next game drawn
            // from each is the same.
            prop_assert_eq!(step(Input::NewGame, &next), step(Input::NewGame, &state));
        }
    }

    #[test]
    fn a_move_that_changes_the_board_spawns_exactly_one_tile(
        (board, seed, score, continuing) in games()
    ) {
        let state = game(&board, seed, score, continuing);
        for dir in Direction::ALL {
            let mut next_id = state.next_id;
            let slid = state.board.slide(dir, &mut next_id);
            if !slid.changed {
                continue;
            }
            let next = step(Input::Move(dir), &state);
            let new: Vec<&Tile> = next
                .board
                .tiles()
                .filter(|t| slid.board.get(t.pos) != Some(t))
                .collect();
            prop_assert_eq!(
                next.board.tiles().count(), slid.board.tiles().count() + 1,
                "{:?}:\n{}\nslid to\n{}\nthen became\n{}", dir, state.board, slid.board, next.board
            );
            prop_assert_eq!(new.len(), 1, "{:?}: tiles unlike the slide's: {:?}", dir, new);
            let t = new[0];
            prop_assert!(slid.board.get(t.pos).is_none(), "spawned on a tile: {:?}", t);
            prop_assert!(t.value == 2 || t.value == 4, "spawned {}", t.value);
            prop_assert_eq!(t.origin, Origin::Spawned);
            prop_assert!(t.id.0 >= next_id && t.id.0 < next.next_id, "spawned id {:?}", t.id);
        }
    }

    #[test]
    fn the_game_is_over_exactly_when_a_move_leaves_no_move(
        (board, seed, score, continuing) in games()
    ) {
        let state = game(&board, seed, score, continuing);
        prop_assert_eq!(state.status == Status::Over, !movable(&state.board));
        if !state.accepts_moves() {
            return Ok(());
        }
        for dir in Direction::ALL {
            let next = step(Input::Move(dir), &state);
            if next.status == Status::Won {
                // A win shows even on a stuck board; only a game still
                // playing wins, and only by a merge.
                prop_assert_eq!(state.status, Status::Playing);
                let turn = next.last.as_ref().expect("a winning move");
                let target = state.config.target.expect("from_board plays to 2048");
                prop_assert!(turn.merged.iter().any(|&v| v >= target));
                continue;
            }
            prop_assert_eq!(
                next.status == Status::Over, !movable(&next.board),
                "{:?} on\n{}\ngave {:?} on\n{}", dir, state.board, next.status, next.board
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Whole games

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_game_replays_from_its_seed_and_its_inputs(
        config in configs(), seed in any::<u64>(), inputs in inputs()
    ) {
        let recorded = play(config, seed, &inputs);
        let replayed = play(config, seed, &inputs);
        prop_assert!(recorded == replayed, "replay went another way");
        // A saved state resumes the same game: it holds all there is.
        let half = inputs.len() / 2;
        let resumed = inputs[half..]
            .iter()
            .fold(recorded[half].clone(), |s, &i| step(i, &s));
        prop_assert!(&resumed == recorded.last().expect("a start"), "resumed game differs");
    }

    #[test]
    fn every_state_of_a_game_is_over_exactly_when_stuck(
        config in configs(), seed in any::<u64>(), inputs in inputs()
    ) {
        let states = play(config, seed, &inputs);
        for (i, s) in states.iter().enumerate() {
            if s.status == Status::Won {
                continue;
            }
            prop_assert_eq!(
                s.status == Status::Over, !movable(&s.board),
                "after {:?}: {:?} on\n{}", &inputs[..i], s.status, s.board
            );
        }
    }

    #[test]
    fn tile_ids_are_unique_below_next_id_and_never_reused(
        config in configs(), seed in any::<u64>(), inputs in inputs()
    ) {
        let states = play(config, seed, &inputs);
        let mut value_of: HashMap<TileId, u64> = HashMap::new();
        let mut gone: HashSet<TileId> = HashSet::new();
        for (i, s) in states.iter().enumerate() {
            let ids: HashSet<TileId> = s.board.tiles().map(|t| t.id).collect();
            prop_assert_eq!(ids.len(), s.board.tiles().count(), "a repeated id after {} inputs", i);
            for t in s.board.tiles() {
                prop_assert!(t.id.0 < s.next_id, "{:?} not below next id {}", t, s.next_id);
                prop_assert!(!gone.contains(&t.id), "{:?} came back after {} inputs", t.id, i);
                let value = *value_of.entry(t.id).or_insert(t.value);
                prop_assert_eq!(value, t.value, "{:?} changed value", t.id);
            }
            if let Some(prev) = i.checked_sub(1).map(|p| &states[p]) {
                prop_assert!(s.next_id >= prev.next_id);
                gone.extend(prev.board.tiles().map(|t| t.id).filter(|id| !ids.contains(id)));
            }
        }
    }
}

#[test]
fn different_seeds_make_different_games() {
    // The boards of 64 games, the same 30 moves each, are all different.
    let moves: Vec<Input> = [Left, Up, Right, Down]
        .into_iter()
        .cycle()
        .take(30)
        .map(Input::Move)
        .collect();
    let mut seen = HashMap::new();
    for seed in 0..64 {
        let boards: Vec<Vec<Vec<u64>>> = play(Config::default(), seed, &moves)
            .iter()
            .map(|s| s.board.values())
            .collect();
        if let Some(other) = seen.insert(boards, seed) {
            panic!("seeds {other} and {seed} played the same game");
        }
    }
}

// ---------------------------------------------------------------------------
// Spawns

/// What 50,000 new 4×4 games spawn: how many tiles, how many 4s, and how
/// often each cell got the first and the second tile.
fn new_game_spawns() -> (u32, u32, [[u32; 16]; 2]) {
    let mut state = State::new(Config::default(), 2048);
    let (mut spawns, mut fours) = (0, 0);
    let mut cells = [[0; 16]; 2];
    for _ in 0..50_000 {
        state = step(Input::NewGame, &state);
        // In the order they were spawned.
        let mut tiles: Vec<&Tile> = state.board.tiles().collect();
        tiles.sort_by_key(|t| t.id);
        for (nth, t) in tiles.into_iter().enumerate() {
            assert_eq!(t.origin, Origin::Spawned);
            spawns += 1;
            fours += u32::from(t.value == 4);
            cells[nth.min(1)][t.pos.y as usize * 4 + t.pos.x as usize] += 1;
        }
    }
    (spawns, fours, cells)
}

#[test]
fn one_spawn_in_ten_is_a_four() {
    let (spawns, fours, _) = new_game_spawns();
    assert_eq!(spawns, 100_000);
    let share = f64::from(fours) / f64::from(spawns);
    assert!(
        (share - FOUR_CHANCE).abs() <= 0.01,
        "{fours} fours in {spawns} spawns: {share}"
    );
}

#[test]
fn spawns_fall_on_every_cell_alike() {
    let (_, _, cells) = new_game_spawns();
    for (nth, counts) in cells.iter().enumerate() {
        let expected = 50_000.0 / 16.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        // 15 degrees of freedom: 37.7 is the 99.9th percentile.
        assert!(chi2 < 50.0, "spawn {nth}: chi² {chi2:.1} over {counts:?}");
    }
}
