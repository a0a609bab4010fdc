//! Installs the panic hook and mounts the app in place of index.html's
//! static shell; everything else is in the library.

fn main() {
    console_error_panic_hook::set_once();
    leptos_2048::web::mount();
}
