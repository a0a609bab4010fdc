//! The deck's way in and out of storage: learn's chunk hands it to the
//! runner as it loads (its row in `chunk_table!`: `hands
//! web::deck_store::TOOL`), so the deck's reader, writer and checks are the
//! chunk's code, not the page's at start. It reads and writes through
//! [`Store`] as every record does; only learn's rules ask for the deck, and
//! only once its chunk is here.

use super::split_points::{DeckStore, Tool};
use super::storage::Store;

/// What learn's chunk hands the runner.
pub const TOOL: Tool = Tool::Deck(DeckStore {
    load: Store::load_deck,
    save: Store::save_deck,
    written: Store::deck_written,
});
