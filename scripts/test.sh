#!/usr/bin/env bash
# Installs what is missing, then runs every check and test:
# formatting, clippy, the native tests, the AI's differential check and
# speed figures, a release build, the end-to-end
# browser tests against that build, the AI client's browser check, and the
# release size budget.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_rust
setup_node
setup_browser
cd "$root"

step() { printf '\n=== %s\n' "$*"; }

step "cargo fmt --check"
cargo fmt --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --offline --all-targets -- -D warnings

step "the engine's own wasm (engine-wasm/, a crate out of the workspace): clippy"
cargo clippy --offline --manifest-path engine-wasm/Cargo.toml --target wasm32-unknown-unknown \
    --target-dir target/engine-wasm -- -D warnings

step "native tests (engine, view logic)"
cargo test --offline

step "the AI's bitboard against the engine on 10^6 cases, and its speed (release, native)"
cargo run --offline --release --bin ai-bench -- --diff 1000000
cargo run --offline --release --bin ai-bench -- --games 1 --max-moves 300 --ms 10 --quiet --eval heuristic,net

step "the coach's review, natively: the time to review a 1 000- and a 3 000-move game"
cargo run --offline --release --bin review -- --bench

step "the coach's chance, fitted and checked, and its grades on a few games (the full runs: docs/coach.md)"
cargo run --offline --release --bin review -- --fit --games 4 --seed 1 --moves 600
cargo run --offline --release --bin review -- --calibrate --games 3 --seed 1 --moves 300
cargo run --offline --release --bin review -- --learn --games 2 --seed 1 --moves 300

step "release build (trunk)"
trunk --skip-version-check build --release --offline

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/

step "AiClient in headless Chromium (its harness, tests/ai-client/index.html)"
trunk --skip-version-check build --release --offline --dist "$root/target/ai-client-check" tests/ai-client/index.html
node scripts/ai-client-check.mjs "$root/target/ai-client-check"

step "the page scripts/serve.sh serves: no console error or warning"
TRUNK_SERVE_PORT=8093 bash scripts/serve.sh > "${TMPDIR:-/tmp}/serve-check.log" 2>&1 &
serving=$!
for _ in $(seq 1 120); do
    node -e "fetch('http://127.0.0.1:8093/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
    sleep 1
done
status=0
node scripts/serve-check.mjs http://127.0.0.1:8093/ || status=$?
kill "$serving" 2>/dev/null || true
wait "$serving" 2>/dev/null || true
[ "$status" -eq 0 ] || { tail -20 "${TMPDIR:-/tmp}/serve-check.log"; exit "$status"; }

step "release size"
bash scripts/size.sh dist
