//! What the runtime's recording holds: its window full, 5 000 messages
//! (the page's own mix, `tests/sessions/browser-session.json` played round
//! and round) with the commands each gave, measured by a counting
//! allocator. Natively pointers
//! are 8 bytes where the page's wasm has 4, so this is an upper bound of
//! what the recording adds to the page's heap (the bound: 2 MB).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use leptos_2048::app::debugger::{file, Recording, RECORD_LEN};
use leptos_2048::app::init;

struct Counting;

static HELD: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HELD.fetch_add(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size() as isize, Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn five_thousand_recorded_messages_hold_under_two_megabytes() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/sessions/browser-session.json"
    );
    let session =
        file::read(&std::fs::read_to_string(path).expect("the fixture")).expect("it opens");
    // The page's own mix of messages, round and round, through the
    // runtime's recording.
    let mut recording = Recording::new(session.flags.clone());
    let mut model = init(&session.flags).0;
    for msg in session.messages.iter().cycle().take(RECORD_LEN) {
        recording.fold(&mut model, msg.clone());
    }
    assert_eq!(recording.entries().len(), RECORD_LEN);
    // What the entries hold: measured as a copy of them.
    let before = HELD.load(Ordering::SeqCst);
    let copy = recording.entries().clone();
    let held = HELD.load(Ordering::SeqCst) - before;
    let size = std::mem::size_of::<leptos_2048::app::Msg>();
    println!("{RECORD_LEN} recorded messages hold {held} bytes natively (a Msg is {size} bytes)");
    assert!(held < 2_000_000, "{held} bytes");
    drop(copy);
}

/// A long life: moves round the board (the first that changes it), a new
/// game whenever one is over, an idle moment every ten messages, until
/// the history holds `inputs` inputs.
fn long_life(inputs: usize) -> (Recording, leptos_2048::app::Model) {
    use leptos_2048::app::{Load, Msg, Query};
    use leptos_2048::engine::{step, Config, Direction, Input};
    use leptos_2048::session::stored::Loaded;
    let flags = support::flags(Query::default());
    let mut recording = Recording::new(flags.clone());
    let mut model = init(&flags).0;
    let loaded = support::saved(Config::default(), Load::Start, Loaded::Missing);
    recording.fold(&mut model, Msg::Loaded(Box::new(loaded)));
    let dirs = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Up,
    ];
    let mut i = 0usize;
    while model.board_game().len() < inputs {
        i += 1;
        let present = model.board_game().present().clone();
        let input = dirs
            .iter()
            .map(|&d| Input::Move(d))
            .find(|&input| step(input, &present) != present)
            .unwrap_or(Input::NewGame);
        let msg = if i % 10 == 0 {
            Msg::Idle
        } else {
            Msg::Play(input)
        };
        recording.fold(&mut model, msg);
    }
    (recording, model)
}

mod support;

#[test]
fn a_full_window_with_its_snapshots_on_a_20_000_input_game_holds_under_four_megabytes() {
    use leptos_2048::app::debugger::program::{Debugger, Page};
    let (recording, live) = long_life(20_000);
    assert_eq!(recording.entries().len(), RECORD_LEN);
    let before = HELD.load(Ordering::SeqCst);
    let copy = recording.entries().clone();
    let start = recording.start_model();
    let debugger = Debugger::start(Page {
        recording: &recording,
        live: &live,
    });
    let held = HELD.load(Ordering::SeqCst) - before;
    let snapshots = debugger.own.snapshots.len();
    println!(
        "a full window ({RECORD_LEN} messages) on a {}-input game: the recording's entries, its start model, \
         the debugger's list and {snapshots} snapshots hold {held} bytes natively",
        live.board_game().len()
    );
    assert!(held < 4_000_000, "{held} bytes");
    drop((copy, start, debugger));
}
