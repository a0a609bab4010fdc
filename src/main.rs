//! The page's binary: installs the panic hook and mounts the app in place
//! of index.html's static shell, handing it the page's split points.
//! Everything else is in the library.
//!
//! `split_points!` makes a split point for each row of the library's
//! [`chunk_table!`] (one row a chunk: `app::chunks`): a `wasm_split`
//! function, named as the chunk, which runs what the row hands over as the
//! chunk loads (if anything: tools, and a room's rules, `app::rooms`) and
//! gives what draws the row's component. The
//! build cuts the wasm there (`scripts/bin/wasm-bindgen`), so what only
//! that function reaches (a panel's view, and what only that panel uses)
//! becomes a chunk of its own, `split_<name>-<hash>.wasm`, fetched when the
//! function is first awaited. It also makes `load`, whose `match` has an
//! arm for each row: a `Chunk` with no row does not compile. They are
//! `wasm_split` functions, what Leptos's `#[lazy]` is built on, with its
//! `fallible` option: a chunk that cannot be fetched is an `Err` the model
//! keeps, where `#[lazy]` would abort the page's wasm. They live here rather
//! than in the library: a split point is exported from whichever wasm links
//! it, and the AI worker links the library.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use leptos_2048::app;
use leptos_2048::app::chunks::Chunk;
use leptos_2048::app::Panel;
use leptos_2048::chunk_table;
use leptos_2048::view;
use leptos_2048::web;
use leptos_2048::web::split_points::{self, DebuggerTool, Draw, SplitPoints};

/// The page's allocator: Talc, in place of std's dlmalloc, which is
/// bigger and slower in wasm (docs/size.md).
#[cfg(target_family = "wasm")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // A panic's message in the console, in a debug build (`trunk serve`
    // without `--release`): the hook and the formatting it brings are about
    // 1 KB of the page at start (docs/size.md), and no message panics the
    // release page (the model's properties: tests/app_update.rs), where a
    // panic would still show as the browser's "unreachable" error.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    leptos_2048::web::mount(SplitPoints {
        load: |chunk| Box::pin(load(chunk)),
        debugger: || Box::pin(async { debugger().await.ok() }),
    });
}

/// The debugger's split point: its chunk (its program, runner, view,
/// replays, diff and session files) hands over its runner as it loads.
/// Not a row of `chunk_table!`: the debugger wraps the app, and the app's
/// model does not know it.
#[wasm_split(debugger, wasm_split_path = ::leptos::wasm_split, fallible)]
fn debugger() -> Result<DebuggerTool, SplitLoaderError> {
    Ok(web::debugger::TOOL)
}

/// A split point for each of [`chunk_table!`]'s rows, and `load`.
macro_rules! split_points {
    ($(Chunk::$kind:ident $(($which:path))? => $name:ident: $($view:ident)::+ $(; hands $($tool:ident)::+)? $(; rules $($($rules:ident)::+)&+)?,)*) => {
        /// Fetches `chunk` and gives the function that draws its view:
        /// `None` if it cannot be fetched.
        async fn load(chunk: Chunk) -> Option<Draw> {
            let draw = match chunk {
                $(Chunk::$kind $(($which))? => $name().await,)*
            };
            draw.ok()
        }

        $(
            #[wasm_split($name, wasm_split_path = ::leptos::wasm_split, fallible)]
            fn $name() -> Result<Draw, SplitLoaderError> {
                $(split_points::hand_over($($tool)::+);)?
                $($(app::rooms::arrive($($rules)::+);)+)?
                Ok(|| view! { <$($view)::+/> }.into_any())
            }
        )*
    };
}

chunk_table!(split_points);
