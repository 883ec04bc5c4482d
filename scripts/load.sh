#!/usr/bin/env bash
# The web server under load, on loopback: each case on a fresh `awe serve` (release) with its own
# database (SQLite, or PostgreSQL with --postgres), driven by crates/server/examples/load.rs.
# The figures are in BENCHMARKS.md.
#
#   scripts/load.sh [--postgres URL] [CASE...]
#
# cases: awele-100       100 games, moves as fast as the server answers, 20 s
#        awele-1000      1,000 games, as fast as it answers, 30 s
#        connections-10k 1,000 games and 8 spectators each (10,000 WebSockets), $RATE moves a
#                        second in all (default 2,000), 60 s
#        kolowis-100, awechec-100   the other games, 100 games, 20 s
#        computer        100 games while 50 games against level 10 keep the engines busy
#
# --postgres URL: a server's address (postgres://postgres@127.0.0.1/test); each case makes a
# database of its own there (awe_load), dropped first.
set -euo pipefail
cd "$(dirname "$0")/.."
postgres=""
if [ "${1:-}" = "--postgres" ]; then
    postgres=$2
    shift 2
fi
cargo build --release --locked -p awe-cli >/dev/null
cargo build --release --locked -p awe-server --example load >/dev/null
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(awele-100 awele-1000 connections-10k kolowis-100 awechec-100 computer)
for case in "${cases[@]}"; do
    dir=$(mktemp -d)
    database=(--data-dir "$dir")
    if [ -n "$postgres" ]; then
        psql -q "$postgres" -c "DROP DATABASE IF EXISTS awe_load WITH (FORCE)" -c "CREATE DATABASE awe_load"
        database=(--database "${postgres%/*}/awe_load")
    fi
    AWE_ENDGAME=off target/release/awe serve --addr 127.0.0.1:8190 "${database[@]}" \
        --endgame-seeds 12 --connections-per-address 20000 --games-per-minute 1000000 \
        >/dev/null 2>"$dir/serve.log" &
    pid=$!
    sleep 1
    echo "== $case${postgres:+ (PostgreSQL)}${RATE:+ (rate $RATE)}"
    args=(--url http://127.0.0.1:8190 --pid "$pid" --addresses 16)
    case "$case" in
        awele-100) target/release/examples/load "${args[@]}" --games 100 --seconds 20 ;;
        awele-1000) target/release/examples/load "${args[@]}" --games 1000 --seconds 30 ;;
        connections-10k)
            target/release/examples/load "${args[@]}" --games 1000 --spectators 8 \
                --rate "${RATE:-2000}" --seconds 60 ;;
        kolowis-100)
            target/release/examples/load "${args[@]}" --games 100 --seconds 20 --game awithlaknannai ;;
        awechec-100) target/release/examples/load "${args[@]}" --games 100 --seconds 20 --game awechec ;;
        computer) target/release/examples/load "${args[@]}" --games 100 --seconds 20 --computer 50 ;;
        *) echo "unknown case $case" ;;
    esac
    kill "$pid"; wait "$pid" 2>/dev/null || true
    rm -rf "$dir"
done
