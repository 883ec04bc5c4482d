#!/usr/bin/env python3
"""Cross-check awe's Awélé rule set `abapa` against OpenSpiel's `oware`.

1. Perft from the start, depth 1..D, counted in OpenSpiel and by `awe perft awele D --rules abapa`.
2. Random games played in OpenSpiel, written as awe records and replayed by `awe replay --trace`:
   at every ply both programs must list the same legal moves, and the final scores must agree.

OpenSpiel stops at a score above 24 leaving the other seeds on the board; under `abapa` awe gives
each player the seeds left on their own row, so the comparison adds them to OpenSpiel's scores.

Usage: scripts/crosscheck_openspiel.py [--depth D] [--games N] [--awe PATH] [--seed S]
Skips itself (exit 0, saying so) where OpenSpiel is not installed.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def letter(player, action):
    return chr((ord("A") if player == 0 else ord("a")) + action)


def seeds(state):
    """The twelve pits (A..F, a..f) and the two scores, read from the observation tensor."""
    values = state.observation_tensor(0)
    return [round(v * 48) for v in values[:12]], [round(v * 48) for v in values[12:14]]


def perft(state, depth):
    if depth == 0 or state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total


def awe(args, *command):
    done = subprocess.run([args.awe, *command], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"awe {' '.join(command)} failed: {done.stderr.strip()}")
    return done.stdout


def random_game(game, rng):
    """Plays a random game in OpenSpiel: the legal moves at each ply, the moves, the final score."""
    state = game.new_initial_state()
    legal, moves = [], []
    while not state.is_terminal():
        player = state.current_player()
        actions = state.legal_actions()
        legal.append(",".join(letter(player, a) for a in actions))
        action = rng.choice(actions)
        moves.append(letter(player, action))
        state.apply_action(action)
    pits, score = seeds(state)
    final = [score[0] + sum(pits[:6]), score[1] + sum(pits[6:])]
    returns = state.returns()
    result = "1-0" if returns[0] > 0 else "0-1" if returns[0] < 0 else "1/2-1/2"
    return legal, moves, final, result


def record(moves, result):
    words = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(move)
    words.append(result)
    return f'[Game "awele"]\n[Rules "abapa"]\n[Result "{result}"]\n\n' + " ".join(words) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--awe", default=os.path.join(ROOT, "target", "release", "awe"))
    args = parser.parse_args()

    try:
        import pyspiel
    except ImportError:
        print("skipped: OpenSpiel is not installed (pip install open-spiel)")
        return 0
    if not os.path.exists(args.awe):
        subprocess.run(["cargo", "build", "--release", "-p", "awe-cli"], cwd=ROOT, check=True)

    game = pyspiel.load_game("oware")
    failures = 0

    for depth in range(1, args.depth + 1):
        started = time.time()
        theirs = perft(game.new_initial_state(), depth)
        ours = int(awe(args, "perft", "awele", str(depth), "--rules", "abapa").strip().splitlines()[-1])
        same = "agree" if ours == theirs else "DISAGREE"
        print(f"perft {depth}: openspiel {theirs}, awe {ours}: {same} ({time.time() - started:.1f} s)")
        failures += ours != theirs

    rng = random.Random(args.seed)
    plies = 0
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.awe")
        for number in range(args.games):
            legal, moves, final, result = random_game(game, rng)
            plies += len(moves)
            with open(path, "w") as out:
                out.write(record(moves, result))
            try:
                output = awe(args, "replay", path, "--trace")
            except RuntimeError as error:
                print(f"game {number}: {error}")
                failures += 1
                continue
            ours_legal = [line.split()[3] for line in output.splitlines() if line.startswith("ply ")]
            ours_legal = [",".join(m.split("(")[0] for m in ms.split(",")) for ms in ours_legal]
            score_line = next((l for l in output.splitlines() if l.startswith("score: ")), "")
            ours_final = [int(x) for x in score_line.split()[1].split("-")] if score_line else None
            if ours_legal != legal or ours_final != final:
                failures += 1
                first = next((i for i, (a, b) in enumerate(zip(ours_legal, legal)) if a != b), None)
                print(f"game {number}: moves {' '.join(moves)}")
                print(f"  first difference at ply {first}: awe {ours_legal[first] if first is not None else '-'}"
                      f", openspiel {legal[first] if first is not None else '-'}; final awe {ours_final}, openspiel {final}")
    print(f"random games: {args.games} games, {plies} plies replayed in both")
    print(f"{args.depth + args.games - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
