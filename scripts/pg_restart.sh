#!/usr/bin/env bash
# PostgreSQL restarted under load (a fault experiment; BENCHMARKS.md has its result): two
# `awe serve` on one PostgreSQL database, a load generator playing through each (200 games, 400
# moves a second each), the whole PostgreSQL cluster restarted after 10 s. The servers reconnect;
# moves that come while it is down are refused with `retry` and sent again by the players; at
# the end each generator checks that every move it saw acknowledged is in the server's games.
#
#   scripts/pg_restart.sh [POSTGRES_URL]     (default postgres://postgres@127.0.0.1/test)
#
# Restarts the machine's PostgreSQL (pg_ctlcluster, as root): not for CI.
set -euo pipefail
cd "$(dirname "$0")/.."
url=${1:-postgres://postgres@127.0.0.1/test}
cluster=$(ls /etc/postgresql | head -n 1)
cargo build --release --locked -p awe-cli -p awe-server --example load >/dev/null
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
psql -q "$url" -c "DROP DATABASE IF EXISTS awe_faults WITH (FORCE)" -c "CREATE DATABASE awe_faults"
database="${url%/*}/awe_faults"
logs=$(mktemp -d)
serve() {
    AWE_ENDGAME=off target/release/awe serve --addr "127.0.0.1:$1" --database "$database" \
        --endgame-seeds 12 --connections-per-address 20000 --games-per-minute 1000000 \
        >/dev/null 2>"$logs/serve-$1.log" &
}
serve 8191; a=$!
serve 8192; b=$!
sleep 1
load() {
    target/release/examples/load --url "http://127.0.0.1:$1" --games 200 --rate 400 \
        --seconds 30 --addresses 8 --verify >"$logs/load-$1.txt" 2>&1 &
}
load 8191; la=$!
load 8192; lb=$!
sleep 10
echo "restarting PostgreSQL ($cluster main) at $(date +%T)"
started=$(date +%s.%N)
pg_ctlcluster --skip-systemctl-redirect "$cluster" main restart
echo "PostgreSQL back after $(echo "$(date +%s.%N) - $started" | bc) s"
status=0
wait "$la" || status=1
wait "$lb" || status=1
for port in 8191 8192; do
    echo "== load through the server on port $port"
    cat "$logs/load-$port.txt"
    echo "-- what that server said"
    sort "$logs/serve-$port.log" | uniq -c | sort -rn | head -n 8
done
kill "$a" "$b"; wait "$a" "$b" 2>/dev/null || true
exit $status
