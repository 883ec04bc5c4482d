#!/usr/bin/env bash
# Fuzzing of awe's parsers (the fuzz/ crate, cargo fuzz with libFuzzer), as CI runs it.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Installs cargo-fuzz if it is missing (a pinned version), builds every target, then runs each
# (or the TARGETs named) for SECONDS seconds (default 60, or $FUZZ_SECONDS) from a scratch copy
# of its committed corpus (fuzz/corpus/TARGET), so that the work tree stays as it was. A crash,
# a time-out or a memory blow-up fails the script: it prints the input and leaves the artifact
# in fuzz/artifacts/TARGET/. Every target runs even after a failure; the exit status is 1 if any
# failed.
#
# On stable Rust: cargo fuzz's default sanitizer (ASan) needs the nightly flag -Zsanitizer, so
# the targets are built with `-s none` (coverage-guided libFuzzer, debug assertions and overflow
# checks on, no sanitizer: awe's crates have no unsafe code). FUZZ_SANITIZER=address builds with
# ASan instead, through RUSTC_BOOTSTRAP=1 (stable's sanitizer runtimes are shipped).
# FUZZ_WORK names the scratch folder (default fuzz/target/fuzz-work, emptied first).
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.2
DURATION=${1:-${FUZZ_SECONDS:-60}}
[ $# -gt 0 ] && shift
SANITIZER=${FUZZ_SANITIZER:-none}
WORK=${FUZZ_WORK:-fuzz/target/fuzz-work}

case "$DURATION" in
    '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$DURATION'" >&2; exit 2 ;;
esac

echo "== cargo-fuzz $CARGO_FUZZ_VERSION"
if ! cargo fuzz --version 2>/dev/null | grep -qx "cargo-fuzz $CARGO_FUZZ_VERSION"; then
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi
cargo fuzz --version

FUZZ=(cargo fuzz)
if [ "$SANITIZER" != none ]; then
    FUZZ=(env RUSTC_BOOTSTRAP=1 cargo fuzz)
fi

echo "== build (sanitizer: $SANITIZER)"
# fuzz/Cargo.lock is committed. A dependency added to one of the game crates makes it stale
# without anyone building fuzz/: say so, and let cargo update it (CI works in a fresh clone).
if ! cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null 2>&1
then
    echo "warning: fuzz/Cargo.lock is out of date; cargo updates it (commit the change)"
fi
"${FUZZ[@]}" build -s "$SANITIZER"

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

rm -rf "$WORK"
mkdir -p "$WORK" fuzz/artifacts
WORK=$(cd "$WORK" && pwd)
failed=()
summary=()
for target in "${targets[@]}"; do
    echo "== $target: $DURATION s"
    corpus="$WORK/corpus/$target"
    mkdir -p "$corpus" "fuzz/artifacts/$target"
    if [ -d "fuzz/corpus/$target" ]; then
        cp -R "fuzz/corpus/$target/." "$corpus/"
    fi
    log="$WORK/$target.log"
    marker="$WORK/$target.start"
    touch "$marker"
    status=0
    "${FUZZ[@]}" run -s "$SANITIZER" "$target" "$corpus" -- \
        -max_total_time="$DURATION" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    files=$(find "$corpus" -type f | wc -l)
    if [ "$status" -eq 0 ]; then
        summary+=("$target: ok, ${execs:-?} runs, ${rate:-?} exec/s, corpus $files files")
        echo "${summary[-1]}"
        continue
    fi
    failed+=("$target")
    summary+=("$target: FAILED (exit status $status)")
    echo "!! $target failed (exit status $status); the end of libFuzzer's output:"
    grep -v -E '^#[0-9]+' "$log" | tail -n 60
    artifact=$(find "$PWD/fuzz/artifacts/$target" -type f -newer "$marker" -print -quit)
    if [ -n "$artifact" ]; then
        echo "!! the input ($(wc -c <"$artifact") bytes), kept in $artifact:"
        echo "----"
        head -c 4000 "$artifact" | cat -v
        echo
        echo "----"
        od -A d -t x1 "$artifact" | sed -n 1,20p
        echo "!! to reproduce: cargo fuzz run -s $SANITIZER $target $artifact"
    else
        echo "!! no artifact was written (see $log)"
    fi
done

echo "== fuzzing summary ($DURATION s a target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzzing failed: ${failed[*]}"
    exit 1
fi
echo "fuzzing passed: ${#targets[@]} targets"
