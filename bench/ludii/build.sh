#!/usr/bin/env bash
# Builds Ludii 1.3.13's AlphaBeta behind a UGI adapter (LudiiUgi.java), for `awe match` (issue 46).
#
#   bash bench/ludii/build.sh LUDII_GIT_DIR [OUT]     (OUT defaults to /tmp/ludii)
#
# LUDII_GIT_DIR is a git directory of Ludii's sources: Ludeme/Ludii itself, or a complete fork of
# it at 1.3.13 (the tool here could not bring Ludeme/Ludii, 530 MB, over its 524 MB limit; the
# fork chiarazarrella/Ludii, 845cda6f33, holds the same Common, Core, Language, Features and AI
# with LUDEME_VERSION 1.3.13). Needs a JDK (Debian's default-jdk-headless). Writes
# OUT/mosona.sh and OUT/kolowis.sh, each an engine for `awe match … --b "ugi:OUT/mosona.sh"`.
set -euo pipefail
git_dir=${1:?usage: build.sh LUDII_GIT_DIR [OUT]}
out=${2:-/tmp/ludii}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$out"
# Common/res/def holds the defines the game files use (HopCapture, StepToEmpty, …).
# One subtree at a time: a snapshot may lack the blobs of its largest files elsewhere in the tree
# (Mining/res), which `git archive HEAD paths…` reads and fails on.
for tree in Common/src Common/lib Common/res/def Common/res/def_ai Core/src Language/src \
    Features/src AI/src Common/res/lud/board/war/leaping/lines; do
    git -C "$git_dir" archive --prefix="$tree/" "HEAD:$tree" | tar x
done
cp=$(ls "$out"/Common/lib/*.jar | grep -v sources | tr '\n' ':')
# Ludii reads its ludemes' named arguments from the parameters' names: -parameters, as its build.xml.
if [ ! -f classes/search/minimax/AlphaBetaSearch.class ]; then
    find Common/src Core/src Language/src Features/src AI/src -name '*.java' > files.txt
    javac -nowarn -parameters -encoding UTF-8 -J-Xmx3g -d classes -cp "$cp" @files.txt
fi
javac -nowarn -encoding UTF-8 -d classes -cp "classes:$cp" "$here/LudiiUgi.java"
for board in mosona kolowis; do
    case $board in
        mosona) lud="Awithlaknan Mosona.lud" ;;
        kolowis) lud="Kolowis Awithlaknannai.lud" ;;
    esac
    cat > "$board.sh" <<EOF
#!/bin/sh
exec java -Xss16m -cp "$out/classes:$out/Common/res:$cp" LudiiUgi "$out/Common/res/lud/board/war/leaping/lines/$lud"
EOF
    chmod +x "$board.sh"
done
echo "built: $out/mosona.sh $out/kolowis.sh"
