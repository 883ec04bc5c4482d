#!/bin/sh
# Seconds each `awe` binary given takes to finish a depth of its search on Ludii's Kolowis, from
# what its search prints (nodes / nodes a second): depth 9 in a stalled position of the 0.2 s gate
# against Ludii (game 43, the last position, White to move) and depth 13 from the start. Three
# runs, the binaries taking turns, so that the machine's drift falls on each alike. Two binaries
# that search the same tree print the same nodes at each depth; only the time differs.
#
#   sh bench/awithlaknannai-time-to-depth.sh /tmp/awe-old target/release/awe
set -eu
stalled="w...wwbbbbbbbb.b/...w...ww.bbbbbb/.w...wwwwwwbwwww w 1000"
seconds() { # depth, then the analyze arguments
    depth=$1
    shift
    "$@" --time 4 2>&1 | awk -v d="$depth" '$1 == "depth" && $2 == d { printf "%.3f s, %s nodes", $6 / $8, $6 }'
}
for run in 1 2 3; do
    for awe in "$@"; do
        stall=$(seconds 9 "$awe" analyze awithlaknannai --board kolowis-ludii --rules ludii --position "$stalled")
        start=$(seconds 13 "$awe" analyze awithlaknannai --board kolowis-ludii --rules ludii)
        echo "run $run  $awe  stalled, depth 9: $stall;  start, depth 13: $start"
    done
done
