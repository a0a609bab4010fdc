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
