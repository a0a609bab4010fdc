#!/usr/bin/env bash
# Installs whatever this project needs that the machine lacks, and puts it on
# PATH. Sourced by serve.sh and test.sh; every step checks before it installs,
# so a warm machine passes through in about a second.
#
#   trunk 0.21.14          cargo install (0.22 needs a newer rustc)
#   wasm-bindgen-cli       cargo install, at exactly Cargo.lock's wasm-bindgen
#   wasm-split-cli         cargo install (wasm_split_cli_support 0.2.4): splits
#                          the page's wasm into its lazily loaded chunks
#   wasm32 target          rustup
#   wasm-opt, playwright   npm (package-lock.json): binaryen 132, playwright-core
#   chromium, chromedriver apt (only for the tests)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# scripts/bin first: its wasm-bindgen, which trunk runs, splits the page's
# wasm before calling the real one (scripts/bin/wasm-bindgen).
export PATH="$root/scripts/bin:$root/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '[setup] %s\n' "$*" >&2; }

# The one wasm-bindgen version Cargo.lock asks for.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$root/Cargo.lock"
}

# The splitter the page's build runs (scripts/bin/wasm-bindgen): the
# version of the library cargo-leptos uses, which matches leptos 0.8's
# wasm_split_helpers.
wasm_split_version=0.2.4

setup_rust() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
    if ! trunk --version 2>/dev/null | grep -q '0\.21\.14'; then
        say "installing trunk 0.21.14 (about 7 minutes on a cold machine)"
        CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
            cargo install --locked trunk --version 0.21.14
    fi
    local want
    want="$(wasm_bindgen_version)"
    if ! wasm-bindgen --version 2>/dev/null | grep -qF "$want"; then
        say "installing wasm-bindgen-cli $want (about 4 minutes on a cold machine)"
        # Not --locked: its lock file wants a crate version the registry lacks.
        cargo install wasm-bindgen-cli --version "$want"
    fi
    # It has no --version: cargo's list of what it installed says.
    if ! command -v wasm-split-cli >/dev/null ||
        ! cargo install --list | grep -qxF "wasm_split_cli_support v$wasm_split_version:"; then
        say "installing wasm-split-cli $wasm_split_version (about 1 minute on a cold machine)"
        cargo install --locked wasm_split_cli_support --version "$wasm_split_version" --features build-binary
    fi
    # Everything later builds offline, so a missing crate fails loudly.
    (cd "$root" && cargo fetch --locked >/dev/null)
}

setup_node() {
    if [ ! -x "$root/node_modules/.bin/wasm-opt" ] || [ ! -d "$root/node_modules/playwright-core" ] ||
        [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
        say "installing npm packages (binaryen, playwright-core)"
        (cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

setup_browser() {
    if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
        say "installing chromium and chromium-driver"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
    fi
}
