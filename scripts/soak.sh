#!/usr/bin/env bash
# The whole defence of `awe serve` at once (crates/server/examples/soak.rs): honest players alone
# on a fresh server, then the same honest players on another fresh server while the attackers
# run in a process of their own at the lowest priority (on this one machine they stand for
# clients elsewhere, whose own work costs the server nothing). Both servers have the default
# limits but a rooms budget of 32 MB (the default is 512), so that the run reaches it within
# minutes. The figures are in BENCHMARKS.md.
#
#   scripts/soak.sh [SECONDS]          (default 180 each)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
cargo build --release --locked -p awe-cli >/dev/null
cargo build --release --locked -p awe-server --example soak >/dev/null
for run in quiet attack; do
    dir=$(mktemp -d)
    AWE_ENDGAME=off target/release/awe serve --addr 127.0.0.1:8290 --data-dir "$dir" \
        --endgame-seeds 12 --rooms-memory-mb 32 >/dev/null 2>"$dir/serve.log" &
    pid=$!
    sleep 1
    echo "== $run"
    attackers=""
    if [ "$run" = attack ]; then
        nice -n 19 target/release/examples/soak --url http://127.0.0.1:8290 --attack-only \
            --seconds "$((seconds + 5))" >"$dir/attack.out" &
        attackers=$!
        sleep 5
    fi
    target/release/examples/soak --url http://127.0.0.1:8290 --pid "$pid" --seconds "$seconds" --quiet
    if [ -n "$attackers" ]; then
        wait "$attackers" || true
        cat "$dir/attack.out"
    fi
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
done
