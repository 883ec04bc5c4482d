#!/usr/bin/env bash
# The whole defence of `awe serve` at once (crates/server/examples/soak.rs): honest players alone
# on a fresh server, then the same honest players on another fresh server while the attackers
# run in a process of their own at the lowest priority (on this one machine they stand for
# clients elsewhere, whose own work costs the server nothing). Both servers have the default
# limits but a rooms budget of 32 MB (the default is 512), so that the run reaches it within
# minutes. The figures are in BENCHMARKS.md.
#
# After each run, the server is left alone a minute and its memory read again (after the attack,
# RSS returns to within twice its start, issue 41).
#
#   scripts/soak.sh [SECONDS]          (default 180 each)
#   AWE_ALLOCATOR=system scripts/soak.sh    (the server built with another allocator than its
#                                            own, jemalloc: system or mimalloc)
#
# Built with the `soak` profile: a release's optimisation without its cross-crate LTO, so that a
# build for each allocator takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-180}
features=()
case "${AWE_ALLOCATOR:-jemalloc}" in
    jemalloc) ;;
    system) features=(--no-default-features) ;;
    mimalloc) features=(--no-default-features --features mimalloc) ;;
    *) echo "AWE_ALLOCATOR: jemalloc, system or mimalloc" >&2; exit 2 ;;
esac
cargo build --profile soak --locked -p awe-cli "${features[@]}" >/dev/null
cargo build --profile soak --locked -p awe-server --example soak >/dev/null
bin=target/soak
for run in quiet attack; do
    dir=$(mktemp -d)
    AWE_ENDGAME=off $bin/awe serve --addr 127.0.0.1:8290 --data-dir "$dir" \
        --endgame-seeds 12 --rooms-memory-mb 32 >/dev/null 2>"$dir/serve.log" &
    pid=$!
    sleep 1
    echo "== $run"
    echo "server RSS at its start: $(awk '/^VmRSS/ { printf "%.0f MB", $2 / 1024 }' "/proc/$pid/status")"
    attackers=""
    if [ "$run" = attack ]; then
        nice -n 19 $bin/examples/soak --url http://127.0.0.1:8290 --attack-only \
            --seconds "$((seconds + 5))" >"$dir/attack.out" &
        attackers=$!
        sleep 5
    fi
    $bin/examples/soak --url http://127.0.0.1:8290 --pid "$pid" --seconds "$seconds" --quiet
    if [ -n "$attackers" ]; then
        wait "$attackers" || true
        cat "$dir/attack.out"
    fi
    # Left alone a minute, after the honest players (quiet) or the attack too: what the server
    # gives back.
    sleep 60
    echo "server RSS 60 s after the run: $(awk '/^VmRSS/ { printf "%.0f MB", $2 / 1024 }' "/proc/$pid/status")"
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
done
