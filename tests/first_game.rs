//! A new visitor's first game, drawn by the page before the app runs
//! (`app::first_game`): the table the build writes into the page is the
//! engine's, and the app starts the game the page drew without drawing its
//! tiles a second time.

mod support;

use std::collections::BTreeSet;
use std::process::Command;

use leptos_2048::app::first_game::{numbered, ShellGame, ENTRIES};
use leptos_2048::app::keys::{msg_for_key, Modifiers};
use leptos_2048::app::tiles::{view_tiles, Kind};
use leptos_2048::app::{init, Cmd, Flags, Load, Model, Msg, Query};
use leptos_2048::engine::{step, Config, Direction, Input, State};
use leptos_2048::session::history::History;
use leptos_2048::session::stored::Loaded;

use support::{after, flags, saved};

/// The table as the build writes it into the page: the `first-boards`
/// binary's output, read as JSON.
fn table() -> Vec<serde_json::Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_first-boards"))
        .output()
        .expect("first-boards runs");
    assert!(out.status.success(), "first-boards failed");
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("first-boards prints JSON");
    json["boards"].as_array().expect("a table").clone()
}

/// The keys that move as the build writes them into the page: key, and
/// the number of its direction.
fn key_table() -> Vec<(String, u64)> {
    let out = Command::new(env!("CARGO_BIN_EXE_first-boards"))
        .output()
        .expect("first-boards runs");
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("first-boards prints JSON");
    let keys = json["keys"].as_object().expect("a table of keys");
    keys.iter()
        .map(|(key, n)| (key.clone(), n.as_u64().expect("a direction's number")))
        .collect()
}

/// A tile as the page draws it: its classes, in the original's
/// conventions written out here (1-based column, then row), and its value.
fn drawn(value: u64, x: u8, y: u8) -> serde_json::Value {
    serde_json::json!([
        format!(
            "tile tile-{value} tile-position-{}-{} tile-new",
            x + 1,
            y + 1
        ),
        value
    ])
}

#[test]
fn every_entry_of_the_table_is_the_first_board_of_its_seed() {
    let table = table();
    assert_eq!(table.len(), ENTRIES);
    let mut seeds = BTreeSet::new();
    let mut fours = 0;
    for entry in &table {
        let entry = entry.as_array().expect("an entry is an array");
        let seed = entry[0].as_u64().expect("a seed is a whole number");
        assert!(seed < 1 << 53, "JavaScript holds seed {seed} exactly");
        seeds.insert(seed);
        let start = State::new(Config::default(), seed);
        let mut tiles: Vec<_> = start.board.tiles().collect();
        tiles.sort_by_key(|t| t.id);
        let expected: Vec<_> = tiles
            .iter()
            .map(|t| drawn(t.value, t.pos.x, t.pos.y))
            .collect();
        assert_eq!(expected.len(), 2, "a game starts with two tiles");
        assert_eq!(entry[1..], expected[..], "seed {seed}'s first board");
        fours += tiles.iter().filter(|t| t.value == 4).count();
    }
    assert_eq!(seeds.len(), ENTRIES, "no seed twice");
    // 64 tiles, a 4 one time in ten: 6.4 expected; none or half would mean
    // the table is not the game's starts.
    assert!(
        (1..=20).contains(&fours),
        "{fours} fours among the first tiles"
    );
}

const SEED: u64 = 777_791_847;

/// The page opened on a plain first visit, its shell having drawn `SEED`'s
/// first board, storage's answer (nothing) handled.
fn drawn_visit(flags: Flags) -> Model {
    let (model, cmds) = init(&flags);
    let asked = cmds.iter().find_map(|cmd| match cmd {
        Cmd::Load(config, load) => Some(saved(*config, *load, Loaded::Missing)),
        _ => None,
    });
    after(
        model,
        [Msg::Loaded(Box::new(asked.expect("storage is read")))],
    )
}

fn with_shell(query: Query) -> Flags {
    Flags {
        query,
        ..played_in_the_shell(&[])
    }
}

/// A plain first visit whose shell drew `SEED`'s first board and played
/// `moves` on it before the app ran.
fn played_in_the_shell(moves: &[Direction]) -> Flags {
    Flags {
        shell_game: Some(ShellGame {
            seed: SEED,
            moves: moves.iter().map(|&d| Input::Move(d)).collect(),
        }),
        ..flags(Query::default())
    }
}

#[test]
fn a_new_visitor_plays_the_game_whose_first_board_the_page_drew() {
    let model = drawn_visit(with_shell(Query::default()));
    let drew = History::new(Config::default(), SEED);
    assert_eq!(*model.board_game(), drew);
    assert_eq!(model.game.shell_board.as_ref(), Some(&drew.present().board));
    assert!(
        model.storage.saving,
        "it is the player's own game, saved as any other"
    );
}

#[test]
fn the_drawn_tiles_do_not_appear_again_but_every_later_tile_does() {
    let model = drawn_visit(with_shell(Query::default()));
    let shown = view_tiles(
        model.board_game().present(),
        model.game.shell_board.is_some(),
    );
    assert!(shown.iter().all(|t| t.kind == Kind::Moved), "{shown:?}");
    let moved = [
        Direction::Left,
        Direction::Right,
        Direction::Up,
        Direction::Down,
    ]
    .into_iter()
    .map(|d| after(model.clone(), [Msg::Play(Input::Move(d))]))
    .find(|m| m.board_game().present().moves == 1)
    .expect("some move changes a two-tile board");
    let next = view_tiles(
        moved.board_game().present(),
        moved.game.shell_board.is_some(),
    );
    assert_eq!(
        next.iter().filter(|t| t.kind == Kind::New).count(),
        1,
        "{next:?}"
    );
    // Once the board has shown another, the shell's board is forgotten:
    // undone back to it, its tiles appear as any other game's would.
    assert_eq!(moved.game.shell_board, None);
    let undone = after(moved, [Msg::Undo]);
    assert_eq!(
        undone.board_game().present().board,
        model.board_game().present().board
    );
    let again = view_tiles(
        undone.board_game().present(),
        undone.game.shell_board.is_some(),
    );
    assert!(again.iter().all(|t| t.kind == Kind::New), "{again:?}");
    // Without the shell's board, a game's first tiles appear.
    let fresh = view_tiles(model.board_game().present(), false);
    assert!(fresh.iter().all(|t| t.kind == Kind::New));
}

#[test]
fn a_stored_size_or_an_address_starts_as_it_did_before() {
    let drew = History::new(Config::default(), SEED);
    let sized = Config::new(5, 5, Some(2048)).unwrap();
    let stored_size = drawn_visit(Flags {
        settings: Loaded::Valid(sized),
        ..with_shell(Query::default())
    });
    assert_eq!(stored_size.config(), sized);
    assert_eq!(stored_size.game.shell_board, None);
    let seeded = drawn_visit(with_shell(Query::parse("?seed=5")));
    assert_eq!(*seeded.board_game(), History::new(Config::default(), 5));
    assert_eq!(seeded.game.shell_board, None);
    let plain = drawn_visit(flags(Query::default()));
    assert_ne!(
        *plain.board_game(),
        drew,
        "no shell: a seed of the page's entropy"
    );
    assert_eq!(plain.game.shell_board, None);
}

#[test]
fn a_game_storage_held_after_all_replaces_the_drawn_one_and_its_tiles_appear() {
    let (model, _) = init(&with_shell(Query::default()));
    let stored = State::new(Config::default(), 99);
    let answer = saved(
        Config::default(),
        Load::Start,
        Loaded::Valid(stored.clone()),
    );
    let model = after(model, [Msg::Loaded(Box::new(answer))]);
    assert_eq!(model.board_game().present().board, stored.board);
    let shown = view_tiles(
        model.board_game().present(),
        model.game.shell_board.is_some(),
    );
    assert!(shown.iter().all(|t| t.kind == Kind::New));
}

#[test]
fn the_keys_the_page_plays_are_the_keys_that_move() {
    let table = key_table();
    for (key, n) in &table {
        let digit = char::from_digit(*n as u32, 10).expect("a digit") as u8;
        let direction = numbered(digit).expect("a direction's number");
        assert_eq!(
            msg_for_key(key, Modifiers::default()),
            Some(Msg::Play(Input::Move(direction))),
            "{key}"
        );
    }
    // Every scheme the page lists (README: arrows, WASD, vim), both cases.
    let listed = [
        "ArrowUp",
        "ArrowDown",
        "ArrowLeft",
        "ArrowRight",
        "w",
        "a",
        "s",
        "d",
        "W",
        "A",
        "S",
        "D",
        "h",
        "j",
        "k",
        "l",
        "H",
        "J",
        "K",
        "L",
    ];
    let keys: BTreeSet<_> = table.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, BTreeSet::from(listed));
}

#[test]
fn a_direction_is_numbered_by_its_place_among_the_four() {
    let table = [
        (b'0', Some(Direction::Up)),
        (b'1', Some(Direction::Down)),
        (b'2', Some(Direction::Left)),
        (b'3', Some(Direction::Right)),
        (b'4', None),
        (b'/', None),
        (b'x', None),
    ];
    for (digit, direction) in table {
        assert_eq!(numbered(digit), direction, "{}", char::from(digit));
    }
    // The script's moves are read up to the first that is no direction.
    let read = ShellGame::read(SEED, "2031x3");
    let moves = [
        Direction::Left,
        Direction::Up,
        Direction::Right,
        Direction::Down,
    ];
    assert_eq!(read.moves, moves.map(Input::Move));
}

/// Ten moves that change `SEED`'s game, each a move of the seed's game.
const TEN: [Direction; 10] = [
    Direction::Left,
    Direction::Up,
    Direction::Right,
    Direction::Down,
    Direction::Left,
    Direction::Up,
    Direction::Right,
    Direction::Down,
    Direction::Left,
    Direction::Up,
];

#[test]
fn the_app_adopts_the_moves_the_shell_played_as_ordinary_inputs() {
    let adopted = drawn_visit(played_in_the_shell(&TEN));
    // The same game opened by its seed, the same moves pressed in the app.
    let by_seed = after(
        drawn_visit(flags(Query::parse(&format!("?seed={SEED}")))),
        TEN.map(|d| Msg::Play(Input::Move(d))),
    );
    assert_eq!(
        by_seed.board_game().len(),
        TEN.len(),
        "each of the ten moves"
    );
    assert_eq!(adopted.board_game(), by_seed.board_game());
    assert_eq!(adopted.game.best, by_seed.game.best);
    assert_eq!(adopted.game.stats, by_seed.game.stats, "the moves count");
    assert!(
        adopted.storage.unsaved.game
            && adopted.storage.unsaved.history
            && adopted.storage.unsaved.stats
    );
    // Undo takes back the shell's last move, as any other.
    let undone = after(adopted.clone(), [Msg::Undo]);
    let nine = ShellGame {
        seed: SEED,
        moves: TEN[..9].iter().map(|&d| Input::Move(d)).collect(),
    };
    assert_eq!(undone.board_game().present(), nine.adopted().present());
}

#[test]
fn moves_that_are_not_a_game_of_the_seed_give_the_seed_alone() {
    // A move into the wall of the first board, which changes nothing.
    let start = State::new(Config::default(), SEED);
    let wall = Direction::ALL
        .into_iter()
        .find(|&d| step(Input::Move(d), &start) == start)
        .expect("the first board has a move that changes nothing");
    let mut moves: Vec<_> = TEN.map(Input::Move).to_vec();
    moves.insert(0, Input::Move(wall));
    let refused = ShellGame { seed: SEED, moves };
    assert_eq!(refused.adopted(), History::new(Config::default(), SEED));
}

#[test]
fn the_adopted_board_is_drawn_as_it_stands_then_plays_on() {
    let adopted = drawn_visit(played_in_the_shell(&TEN));
    assert_eq!(
        adopted.game.shell_board.as_ref(),
        Some(&adopted.board_game().present().board)
    );
    // Its last move's new tile and merges were animated by the shell.
    let last = view_tiles(adopted.board_game().present(), false);
    assert!(last.iter().any(|t| t.kind != Kind::Moved), "{last:?}");
    let shown = view_tiles(
        adopted.board_game().present(),
        adopted.game.shell_board.is_some(),
    );
    assert!(shown.iter().all(|t| t.kind == Kind::Moved), "{shown:?}");
    let moved = Direction::ALL
        .into_iter()
        .map(|d| after(adopted.clone(), [Msg::Play(Input::Move(d))]))
        .find(|m| m.board_game().len() == TEN.len() + 1)
        .expect("some move changes the board");
    assert_eq!(moved.game.shell_board, None);
    let next = view_tiles(
        moved.board_game().present(),
        moved.game.shell_board.is_some(),
    );
    assert_eq!(next.iter().filter(|t| t.kind == Kind::New).count(), 1);
}
