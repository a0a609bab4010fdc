#!/usr/bin/env bash
# Trains the computer player's network from nothing, on the schedule that
# made the shipped weights (assets/ai-net-v1.bin), on two threads: about 95
# minutes on the 2-core development machine. Each phase resumes the one
# before it from its checkpoint under target/ntuple/; the learning curve
# goes to target/ntuple/curve.csv (node scripts/learning-curve.mjs draws it)
# and the weights as they ship to target/ntuple/ai-net.bin. Copying them to
# assets/ under a new name (ntuple::WEIGHTS_FILE) is a separate, deliberate
# step: every version stays in the repository's history.
#
#   bash scripts/train-network.sh
#
# With two threads the updates of the two games interleave as the threads
# run, so a run agrees with the shipped one in its figures, not bit for bit
# (--jobs 1 repeats exactly, in about twice the time).
set -euo pipefail
cd "$(dirname "$0")/.."
T=target/ntuple
mkdir -p "$T"
train() { cargo run --offline --release --quiet --bin train -- --jobs 2 --every 5000 --curve "$T/curve.csv" "$@"; }
bench() { cargo run --offline --release --quiet --bin ai-bench -- --eval heuristic --clock cpu --quiet "$@"; }

# 1. The 5x4 set from zero at a learning rate of 0.1, then 0.025.
train --shapes 5x4 --games 197295 --rate 0.1 --out "$T/phase1.bin"
train --resume "$T/phase1.bin" --start 197295 --games 55000 --rate 0.025 --out "$T/phase2.bin"
# 2. Restarts: half the games start over where an earlier game's top tile,
#    8192 or more, first stood.
train --resume "$T/phase2.bin" --start 252295 --games 503000 --rate 0.025 --restarts 0.5 --out "$T/phase3.bin"
train --resume "$T/phase3.bin" --start 755295 --games 75000 --rate 0.01 --restarts 0.5 --out "$T/phase4.bin"
# 3. Boards where the heuristic's games first made 8192 and 16384 (60 games
#    at 1 and 2 ms a move), which self-play seldom reaches: half the
#    restarts start from one of them.
bench --games 30 --ms 1 --seed 500001 --late "$T/late-1.txt"
bench --games 30 --ms 2 --seed 600001 --late "$T/late-2.txt"
cat "$T/late-1.txt" "$T/late-2.txt" > "$T/late.txt"
train --resume "$T/phase4.bin" --start 830295 --games 336090 --rate 0.01 --restarts 0.5 --pool "$T/late.txt" \
    --out "$T/phase5.bin" --ship "$T/ai-net.bin"
