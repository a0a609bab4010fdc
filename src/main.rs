//! Installs the panic hook and mounts the app; everything else is in the
//! library.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(leptos_2048::web::App);
}
