#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How far an opening book reaches along played games, asked of a UCI oware engine.

For each game of the record files (as `awe match --records` writes them), the positions from
ply 2 on are given to the engine, one after the other, with `go movetime 1000`. An answer in
under 0.1 s is taken as a book move; the first position answered by a search ends the game's
probe. Prints, a line a game, the first ply not answered from the book, then the mean.

    python3 scripts/aalina_book_probe.py --engine /work/aalina/run.sh RECORDS...

Written for issue 29 (BENCHMARKS.md, "Aalina without its book at 1 s"). The engine speaks
Aalina's dialect: the moves of `position startpos moves` written back to back.
"""

import argparse
import re
import subprocess
import time

MOVE = re.compile(r"\b([A-Fa-f])(?:\(\d+\))?(?=\s|$)")


def games(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for record in f.read().split("[Game ")[1:]:
                # The movetext follows the last tag.
                yield MOVE.findall(record.split("]")[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="the command that starts the engine")
    parser.add_argument("--first-ply", type=int, default=2, help="the first ply probed")
    parser.add_argument("records", nargs="+")
    args = parser.parse_args()

    engine = subprocess.Popen(
        [args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def wait(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                raise SystemExit("the engine ended")
            if line.startswith(prefix):
                return line

    send("uci")
    wait("uciok")
    reached = []
    for moves in games(args.records):
        ply = args.first_ply
        while ply < len(moves):
            send("ucinewgame")
            send("isready")
            wait("readyok")
            send("position startpos moves " + "".join(moves[:ply]))
            start = time.monotonic()
            send("go movetime 1000")
            wait("bestmove")
            if time.monotonic() - start > 0.1:
                break
            ply += 1
        reached.append(ply)
        print(ply, flush=True)
    send("quit")
    if reached:
        print(f"first ply out of the book: mean {sum(reached) / len(reached):.2f}, "
              f"at most {max(reached)}, over {len(reached)} games")


if __name__ == "__main__":
    main()
