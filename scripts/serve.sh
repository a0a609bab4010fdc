#!/usr/bin/env bash
# Installs what is missing, then serves a release build of the game at
# http://127.0.0.1:8080 (rebuilding on change; reload the page to see a
# change). Trunk's live reload is off: its script is inline, and trunk
# fills the page's address into it as it serves, so its hash cannot be in
# the Content-Security-Policy the build writes, and the page would report a
# violation on every load (docs/csp.md). TRUNK_SERVE_PORT picks another
# port.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_rust
setup_node
cd "$root"
exec trunk --skip-version-check serve --release --offline --no-autoreload
