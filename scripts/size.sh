#!/usr/bin/env bash
# Prints the size of a built site (raw and gzip -9) and fails when the
# whole page is over the budget.
set -euo pipefail
dist="${1:-dist}"
budget_kb="${SIZE_BUDGET_KB:-110}"
total_raw=0
total_gz=0
printf '%-8s %10s %10s  %s\n' kind raw gzip-9 file
for f in "$dist"/*.html "$dist"/*.js "$dist"/*.wasm "$dist"/*.css; do
    [ -e "$f" ] || continue
    raw=$(stat -c %s "$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    total_raw=$((total_raw + raw))
    total_gz=$((total_gz + gz))
    printf '%-8s %10d %10d  %s\n' "${f##*.}" "$raw" "$gz" "$(basename "$f")"
done
printf '%-8s %10d %10d  (budget %d KB gzip)\n' total "$total_raw" "$total_gz" "$budget_kb"
if [ "$total_gz" -gt $((budget_kb * 1024)) ]; then
    echo "release size: over budget" >&2
    exit 1
fi
