#!/usr/bin/env bash
# The web server under load, on loopback: each case on a fresh `awe serve` (release) with its own
# database, driven by crates/server/examples/load.rs. The figures are in BENCHMARKS.md.
#
#   scripts/load.sh [CASE...]      cases: awele-100 awele-1000 kolowis-100 awechec-100 computer
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked -p awe-cli -p awe-server --example load >/dev/null
ulimit -n 65536 2>/dev/null || true
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(awele-100 awele-1000 kolowis-100 awechec-100 computer)
for case in "${cases[@]}"; do
    dir=$(mktemp -d)
    target/release/awe serve --addr 127.0.0.1:8190 --data-dir "$dir" >/dev/null 2>&1 &
    pid=$!
    sleep 1
    echo "== $case"
    args=(--url http://127.0.0.1:8190 --moves 30 --pid "$pid")
    case "$case" in
        awele-100) target/release/examples/load "${args[@]}" --games 100 ;;
        awele-1000) target/release/examples/load "${args[@]}" --games 1000 ;;
        kolowis-100) target/release/examples/load "${args[@]}" --games 100 --game awithlaknannai ;;
        awechec-100) target/release/examples/load "${args[@]}" --games 100 --game awechec ;;
        computer) target/release/examples/load "${args[@]}" --games 100 --computer 50 ;;
        *) echo "unknown case $case" ;;
    esac
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
done
