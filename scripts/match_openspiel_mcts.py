#!/usr/bin/env python3
"""awe's Awélé engine (rule set `abapa`) against OpenSpiel's MCTS bot on OpenSpiel's `oware`.

OpenSpiel keeps the rules and the board; awe plays through `awe engine awele --rules abapa`,
driven over UGI like any program, told the moves so far and given a fixed time per move. The
MCTS bot uses random rollouts and a fixed number of simulations per move. Colours alternate.

Usage: scripts/match_openspiel_mcts.py [--games N] [--time S] [--simulations K] [--awe PATH]
The last line is `score X / N`, X being awe's points (1 a win, 1/2 a draw).
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def letter(player, action):
    return chr((ord("A") if player == 0 else ord("a")) + action)


class Awe:
    def __init__(self, path):
        self.process = subprocess.Popen(
            [path, "engine", "awele", "--rules", "abapa"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("ugi")
        self.wait("ugiok")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("awe engine stopped")
            if line.split()[:1] == [word]:
                return line.split()

    def new_game(self):
        self.send("uginewgame")
        self.send("isready")
        self.wait("readyok")

    def choose(self, moves, seconds):
        command = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.send(command)
        self.send(f"go movetime {int(seconds * 1000)}")
        return self.wait("bestmove")[1][0]

    def close(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--time", type=float, default=1.0, help="awe's seconds per move")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--awe", default=os.path.join(ROOT, "target", "release", "awe"))
    args = parser.parse_args()
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        print("OpenSpiel is not installed (pip install open-spiel): match skipped")
        return 0
    game = pyspiel.load_game("oware")
    awe = Awe(args.awe)
    points = 0.0
    started = time.time()
    for i in range(args.games):
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed + i)),
                           random_state=np.random.RandomState(args.seed + i))
        awe_player = i % 2
        awe.new_game()
        state = game.new_initial_state()
        moves = []
        while not state.is_terminal():
            player = state.current_player()
            if player == awe_player:
                pit = awe.choose(moves, args.time)
                action = ord(pit) - (ord("A") if player == 0 else ord("a"))
                if action not in state.legal_actions():
                    raise RuntimeError(f"awe played {pit}, not legal in OpenSpiel")
            else:
                action = bot.step(state)
            moves.append(letter(player, action))
            state.apply_action(action)
        returns = state.returns()[awe_player]
        result = 1.0 if returns > 0 else 0.0 if returns < 0 else 0.5
        points += result
        side = "South" if awe_player == 0 else "North"
        print(f"game {i + 1}: awe as {side}, {len(moves)} plies, awe scores {result}"
              f" ({points} / {i + 1}, {time.time() - started:.0f} s)", flush=True)
    awe.close()
    print(f"score {points:g} / {args.games}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
