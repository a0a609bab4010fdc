//! What the runtime's recording and the debugger hold, measured alone.
//! This is the one test of its own test binary, so a process of its own,
//! and its allocator counts only what the measuring thread allocates and
//! frees. It measures the structures as the page builds them, message by
//! message (a recording's queue holds its spare room too, which a copy of
//! it would not): what a page's model and recording hold, less what the
//! same model holds folded alone. Natively pointers are 8 bytes where the
//! page's wasm has 4, so these are upper bounds of what the page's heap
//! holds (the bounds: 2 MB for the recording, 4 MB with the
//! debugger's list and snapshots on a long game).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, Ordering};

use leptos_2048::app::debugger::program::{Debugger, Page};
use leptos_2048::app::debugger::{file, Recording, RECORD_LEN};
use leptos_2048::app::{init, update, Model, Msg, Query};

mod support;
use support::long_life;

struct Counting;

static HELD: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    /// Whether this thread's allocations are counted: only inside `measured`.
    static COUNTED: Cell<bool> = const { Cell::new(false) };
}

fn counted() -> bool {
    COUNTED.try_with(Cell::get).unwrap_or(false)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counted() {
            HELD.fetch_add(layout.size() as isize, Ordering::SeqCst);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if counted() {
            HELD.fetch_sub(layout.size() as isize, Ordering::SeqCst);
        }
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What `make` gives, and the bytes it still holds once made (what it
/// allocated and did not free), counted on this thread alone.
fn measured<T>(make: impl FnOnce() -> T) -> (T, isize) {
    let before = HELD.load(Ordering::SeqCst);
    COUNTED.with(|c| c.set(true));
    let made = make();
    COUNTED.with(|c| c.set(false));
    (made, HELD.load(Ordering::SeqCst) - before)
}

/// The model as written, to see two folds gave the same one.
fn written(model: &Model) -> serde_json::Value {
    serde_json::to_value(model).expect("a model can be written")
}

/// The page's own mix of messages (`tests/sessions/browser-session.json`,
/// round and round), `RECORD_LEN` of them.
fn the_pages_mix() -> (leptos_2048::app::Flags, Vec<Msg>) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/sessions/browser-session.json"
    );
    let session =
        file::read(&std::fs::read_to_string(path).expect("the fixture")).expect("it opens");
    let msgs = session.messages.iter().cycle().take(RECORD_LEN).cloned();
    (session.flags, msgs.collect())
}

#[test]
fn the_recording_and_the_debugger_hold_what_the_page_allows() {
    let (flags, msgs) = the_pages_mix();
    let (alone, model) = measured(|| {
        let mut model = init(&flags).0;
        msgs.iter()
            .for_each(|msg| drop(update(&mut model, msg.clone())));
        model
    });
    let ((recorded, recording), both) = measured(|| {
        let (mut model, mut recording) = (init(&flags).0, Recording::new(flags.clone()));
        msgs.iter()
            .for_each(|msg| drop(recording.fold(&mut model, msg.clone())));
        (model, recording)
    });
    assert_eq!(written(&recorded), written(&alone));
    assert_eq!(recording.entries().len(), RECORD_LEN);
    let held = both - model;
    let size = std::mem::size_of::<Msg>();
    println!("{RECORD_LEN} recorded messages of the page's mix hold {held} bytes natively (a Msg is {size} bytes)");
    assert!(held < 2_000_000, "{held} bytes");
    drop((alone, recorded, recording));

    // A long life: a full window on a 20 000-input game, and the debugger
    // started on it (its list and snapshots).
    let (alone, model) = measured(|| long_life(20_000, |m, msg| drop(update(m, msg))));
    let ((live, recording), both) = measured(|| {
        let mut recording = Recording::new(support::flags(Query::default()));
        let live = long_life(20_000, |m, msg| drop(recording.fold(m, msg)));
        (live, recording)
    });
    assert_eq!(written(&live), written(&alone));
    assert_eq!(recording.entries().len(), RECORD_LEN);
    let page = Page {
        recording: &recording,
        live: &live,
    };
    let (debugger, listed) = measured(|| Debugger::start(page));
    let held = both - model + listed;
    let snapshots = debugger.own.snapshots.len();
    println!(
        "a full window ({RECORD_LEN} messages) on a {}-input game: the recording (its entries and \
         start model) holds {} bytes, the debugger (its list and {snapshots} snapshots) {listed}: \
         {held} bytes natively",
        live.board_game().len(),
        both - model
    );
    assert!(held < 4_000_000, "{held} bytes");
}
