#!/usr/bin/env bash
# Installs what is missing, then serves a release build of the game at
# http://127.0.0.1:8080 (rebuilding on change).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
setup_rust
setup_node
cd "$root"
exec trunk --skip-version-check serve --release --offline
