//! The page's wasm is split into chunks after it is linked
//! (`scripts/bin/wasm-bindgen` runs wasm-split-cli), and the splitter reads
//! the linker's relocations: the page's binary, and only it, is linked with
//! `--emit-relocs`. (The AI worker has no split points; relocations kept
//! in its wasm would triple its size.)
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo::rustc-link-arg-bin=leptos-2048=--emit-relocs");
    }
}
